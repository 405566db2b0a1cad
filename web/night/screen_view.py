"""The live table view in a TV layout (issue 28): the hand in progress as the tablet shows
it, read-only, in large type for a screen across the room (1920×1080), with no card nobody
showed (``store.night.screen_view``, the replay's card hiding).

- ``GET /host/night/<id>/tv``: the view for the host (``host_required``);
- ``GET /screen/<token>``: the same view behind the night's screen link
  (``store.night.screen_links``: a secret URL, kept hashed, revocable; 404 for an unknown
  or revoked link, 410 once the night is closed, said on the page);
- ``GET /host/night/<id>/tv/live`` and ``GET /screen/<token>/live``: the view's live part
  (``templates/night/_screen_live.html``) as an HTML fragment in the page's language;
  conditional like the *Juego* stage's poll (``web.night.live_hand``): the ``ETag`` is the
  night's ``table_stamp`` with the language, and a request whose ``If-None-Match`` holds it
  is answered 304, the table not read. ``static/night/screen.js`` asks every 2 s, keeps
  the last picture while the connection is down and says it is reconnecting;
- ``POST /host/night/<id>/screen-link``: show the screen link (a fresh one; the one before
  stops working), once, in this POST's answer (the *Juego* stage);
- ``POST /host/night/<id>/screen-link/revoke``: revoke it at once.

The two POSTs are the host's alone and carry the CSRF token and the form's idempotency
key; a refusal is said in the page's language (``web.core.refusals``), nothing stored.
Reads only on the GETs (no write lock).
"""

from __future__ import annotations

from functools import wraps

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

import store
from store.night.screen_links import revoke_screen_link, screen_access
from store.night.screen_view import screen_since
from store.night.shown_links import issue_screen_link_page
from web.account.views import current_actor, host_required
from web.core import i18n
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, form_key
from web.core.qr import qr_svg
from web.core.refusals import refusal_text
from web.night.stages import live_answer, live_etag, stage_page, stage_url

bp = Blueprint("screen", __name__)

ANCHOR = "screen-link"
"""The id of the screen link's section on the *Juego* stage."""


def screen_context(page: dict) -> dict:
    """What ``templates/night/_screen_live.html`` reads, said for the page: the night, the
    public table (``store.night.screen_view.public_table``) with the last lines in words
    (``web.core.i18n.say_action`` of each line as the room may see it), the pots with the
    names of who contests each, the phase in words, the names by seat, the opening minimum
    in force."""
    table, night = page["table"], page["night"]
    g.night_preset = night["rules_frozen"].get("preset")
    names = i18n.seat_names(page["players"])
    return {"night": night, "table": table, "names": names, "hands_elsewhere": page["hands_elsewhere"],
            "opening_next": page["opening_next"],
            "pots": [{"amount": p["amount"], "names": ", ".join(names.get(seat) or _("Seat %(seat)s", seat=seat)
                                                                 for seat in p["seats"])} for p in table["pots"]],
            "lines": [i18n.say_action(line["parsed"], names, line=line["line"]) for line in table["lines"]],
            "phase_words": i18n.phase_name(table["phase"]) if table["in_progress"] else None}


def _page(night_id: int, live_url: str, *, host: bool):
    try:
        stamp, page = screen_since(get_db(), night_id, lambda s: False)
    except store.StoreError:
        abort(404)
    return render_template("night/screen.html", live_url=live_url, etag=live_etag(stamp), host=host,
                           **screen_context(page))


def _live(night_id: int):
    try:
        stamp, page = screen_since(get_db(), night_id,
                                   lambda s: live_etag(s) in request.headers.get("If-None-Match", ""))
    except store.StoreError:
        abort(404)
    return live_answer(stamp, None if page is None
                       else render_template("night/_screen_live.html", **screen_context(page)))


@bp.get("/host/night/<int:night_id>/tv")
@host_required
def host_tv(night_id: int):
    """The live table view for the host (HTML, 1920×1080); 404 for no such night."""
    if night_id > MAX_NUMBER:
        abort(404)
    return _page(night_id, url_for(".host_tv_live", night_id=night_id, lang=str(get_locale() or "es")), host=True)


@bp.get("/host/night/<int:night_id>/tv/live")
@host_required
def host_tv_live(night_id: int):
    """The view's live part for the host (see the module), or 304."""
    if night_id > MAX_NUMBER:
        abort(404)
    return _live(night_id)


def screen_required(view):
    """Run the view only for a live screen link (the ``token`` of its URL), its night in
    ``g.screen_night``; else 404 (unknown, revoked: the same answer as a link never
    issued), or 410 with a page saying the night is closed (a dead link)."""

    @wraps(view)
    def wrapped(token: str):
        access = screen_access(get_db(), token)
        if access is None:
            abort(404)
        g.night_preset = access["preset"]
        if access["closed"]:
            message = _("Night %(n)s is closed: this screen link no longer shows anything.", n=access["night_id"])
            return render_template("night/screen_closed.html", message=message, night_id=access["night_id"]), 410
        g.screen_night = access["night_id"]
        return view(token)

    return wrapped


@bp.get("/screen/<token>")
@screen_required
def screen(token: str):
    """The live table view behind the night's screen link (HTML, 1920×1080)."""
    return _page(g.screen_night, url_for(".screen_live", token=token, lang=str(get_locale() or "es")), host=False)


@bp.get("/screen/<token>/live")
@screen_required
def screen_live(token: str):
    """The view's live part behind the screen link (see the module), or 304; 410 once the
    night is closed (the page stops asking and says so)."""
    return _live(g.screen_night)


def screen_panel(token: str) -> dict:
    """The panel of a screen link just shown: ``{"url": the screen page's full URL, "qr":
    its QR (inline SVG)}``."""
    url = url_for("screen.screen", token=token, _external=True)
    return {"url": url, "qr": qr_svg(url, title=_("Screen link"), scale=5)}


@bp.post("/host/night/<int:night_id>/screen-link")
@host_required
def issue(night_id: int):
    """Show the night's screen link: a fresh one (the one before stops working), in this
    answer (the *Juego* stage, its section open). A repeated submit (same form key) shows
    nothing new and says so. No such night: 404."""
    if night_id > MAX_NUMBER:
        abort(404)
    try:
        shown = issue_screen_link_page(get_db(), night_id, issued_by=current_actor(), key=form_key())
    except store.StoreError as exc:
        if exc.code == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
        return redirect(stage_url(night_id, "play", ANCHOR))
    if shown["token"] is None:
        flash(_("That screen link was already shown: it is shown only once. Show it again for a new one."), "error")
        return redirect(stage_url(night_id, "play", ANCHOR))
    g.new_screen_link = screen_panel(shown["token"])
    return stage_page("play", shown["page"])


@bp.post("/host/night/<int:night_id>/screen-link/revoke")
@host_required
def revoke(night_id: int):
    """Revoke the night's screen link: the screen's next request is refused (404)."""
    if night_id > MAX_NUMBER:
        abort(404)
    try:
        done = revoke_screen_link(get_db(), night_id, revoked_by=current_actor())
    except store.StoreError as exc:
        if exc.code == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
    else:
        flash(_("Screen link revoked: that screen shows nothing more.") if done
              else _("There is no screen link to revoke."), "ok")
    return redirect(stage_url(night_id, "play", ANCHOR))
