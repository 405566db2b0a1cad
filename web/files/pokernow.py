"""The host's PokerNow ledger import: a page with the upload form (the CSV PokerNow's
"Download Ledger" gives, and whether its amounts are cents or units: a required choice),
and the upload, which makes a night whose ledger is the players' buy-ins and counts
(``store.files.pokernow``: rows of one PokerNow player summed, a refunded row left out, a row
that does not balance refused with its line and nickname). The night's page then shows
who pays whom; the host closes it as any night.

Host only (``host_required``), CSRF checked, the file at most ``store.files.pokernow.MAX_BYTES``
bytes; a refusal is the form again (400) with the reason in the page's language
(``web.core.refusals``), nothing stored. The same file and options sent again give the same
night (the store's idempotency key is made from them).
"""

from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from store import StoreError
from store.files import pokernow
from web.account.views import current_actor, host_required
from web.core.db import get_db
from web.core.forms import MAX_TITLE, choice_field, currency_field, text_field
from web.core.limits import upload_limit, upload_too_large_text
from web.core.refusals import refusal_text
from web.night.views import DEFAULT_TIMEZONE, _timezones, _zone_names

bp = Blueprint("pokernow", __name__, url_prefix="/host/pokernow")

PRIVATE = {"Cache-Control": "no-store"}


def _club_tz() -> str:
    zone = current_app.config.get("CLUB_TIMEZONE", DEFAULT_TIMEZONE)
    return zone if zone in _zone_names() else DEFAULT_TIMEZONE


def _page(error: str | None = None, status: int = 200):
    """The form, with the host's earlier choices kept after a refusal."""
    chosen = {name: request.form.get(name, "") for name in ("amounts", "title", "currency", "timezone")}
    return render_template("files/pokernow.html", error=error, chosen=chosen, timezones=_timezones(_club_tz()),
                           max_kb=pokernow.MAX_BYTES // 1024, max_bytes=upload_limit(url_for("pokernow.form")),
                           too_large=upload_too_large_text(url_for("pokernow.form"))), status, PRIVATE


@bp.get("/")
@host_required
def form():
    """The upload form."""
    return _page()


def _file_text() -> str:
    """The uploaded file's text (UTF-8, a byte-order mark allowed).

    :raises StoreError: no file (``pokernow_no_file``), too large (``pokernow_too_big``),
        not UTF-8 text (``pokernow_not_text``)."""
    upload = request.files.get("ledger")
    if upload is None or not upload.filename:
        raise StoreError("pokernow_no_file")
    raw = upload.stream.read(pokernow.MAX_BYTES + 1)
    if len(raw) > pokernow.MAX_BYTES:
        raise StoreError("pokernow_too_big", limit=pokernow.MAX_BYTES // 1024)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StoreError("pokernow_not_text") from None



@bp.post("/")
@host_required
def upload():
    """Import the uploaded ledger as a new night and go to it, saying what was read."""
    try:
        amounts = choice_field("amounts", pokernow.AMOUNTS)
        if amounts is None:
            raise StoreError("pokernow_amounts")
        title = text_field("title", MAX_TITLE) or "PokerNow"
        currency = currency_field()
        zone = text_field("timezone", 64) or _club_tz()
        night_id, ledger = pokernow.import_ledger(
            get_db(), _file_text(), amounts=amounts, currency=currency, timezone=zone, title=title,
            entered_by=current_actor())
    except ValueError as exc:  # StoreError included
        return _page(refusal_text(exc), 400)
    flash(_said(ledger), "ok")
    return redirect(url_for("host.night", night_id=night_id) + "#summary-h")


def _said(ledger: pokernow.Ledger) -> str:
    """What the import read, in the page's language."""
    parts = [ngettext("Imported from PokerNow: %(num)s player", "Imported from PokerNow: %(num)s players",
                      len(ledger.players))]
    if ledger.summed:
        parts.append(ngettext("%(num)s row added to an earlier one of the same player",
                              "%(num)s rows added to an earlier one of the same player", ledger.summed))
    if ledger.refunded:
        parts.append(ngettext("%(num)s refunded row left out (%(names)s)",
                              "%(num)s refunded rows left out (%(names)s)", len(ledger.refunded),
                              names=", ".join(r.nickname for r in ledger.refunded)))
    return "; ".join(parts) + ". " + _("Check the money below and close the night to settle it.")
