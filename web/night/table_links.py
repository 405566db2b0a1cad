"""What the host's table links (``templates/night/_table_links.html``) show of the table code
and its claims, in the page's language and the club's time zone; and the QR panels a POST
answers with (the table code, a tablet's link: shown once, only hashes are kept).
"""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _

from store.core.times import local_time
from web.core.qr import qr_svg


def _hhmm(iso: str | None, tz: str) -> str:
    """An ISO UTC time as the club's ``"21:05"`` ("" for None)."""
    when = local_time(iso, tz) if iso else None
    return when.strftime("%H:%M") if when else ""


def ended_words(claim: dict, tz: str) -> str:
    """How a claim ended, in words: released, revoked, given back (with the time), or its
    link revoked on the private links' list."""
    void = claim["void"]
    if void is None:
        return _("its link was revoked")
    at = _hhmm(void["voided_at"], tz)
    if void["kind"] == "release":
        return _("released at %(time)s", time=at)
    if void["kind"] == "revoke":
        return _("revoked at %(time)s", time=at)
    return _("given back by the phone at %(time)s", time=at)


def table_links_view(table: dict, tz: str) -> dict:
    """``store.night.table_code.table_links`` for the partial: ``{"code": None | {"prefix",
    "issued_local": "21:05", "count"}, "claims": [claim + {"claimed_local", "ended"}],
    "live": the live claims}``."""
    code = table["code"]
    claims = [{**c, "claimed_local": _hhmm(c["claimed_at"], tz), "ended": None if c["live"] else ended_words(c, tz)}
              for c in table["claims"]]
    return {"code": None if code is None else {**code, "issued_local": _hhmm(code["issued_at"], tz)},
            "claims": claims, "live": [c for c in claims if c["live"]]}


def table_code_panel(code: str) -> dict:
    """The panel of a table code just shown: ``{"url": the claim page's full URL, "qr":
    its QR (inline SVG)}``."""
    url = url_for("table.claim_page", code=code, _external=True)
    return {"url": url, "qr": qr_svg(url, title=_("Table code: scan it and tap your name"), scale=6)}


def tablet_panel(night_id: int, link_id: int, token: str) -> dict:
    """The panel of a tablet link just issued: ``{"id", "url": the tablet page's full URL,
    "qr": its QR (inline SVG)}``."""
    url = url_for("dealer.hand_page", night_id=night_id, token=token, _external=True)
    return {"id": link_id, "url": url, "qr": qr_svg(url, title=_("Tablet link"), scale=5)}
