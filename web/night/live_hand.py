"""The host's *Juego* stage, live (issue 26): the hand in progress as the tablet shows it,
updated on the host's screen without a reload, and "última mano" said from there.

- ``GET /host/night/<id>/play/live``: the live parts of the stage
  (``templates/night/_play_live.html``: the hand, ``_hand_live.html``; then, each in a
  ``<template data-live-part>``, the players with their rebuys and a player leaving,
  ``_play_players.html``, and the tab's "· mano N", ``_play_note.html``) as an HTML
  fragment, its words the page's language. Conditional, as the tablet's state (``web.hand.tablet.state``): the answer's
  ``ETag`` is the night's cheap version (``store.hand.table_view.table_stamp``) with the
  language (the page asks with its own, ``?lang=``, so the part comes in the page's
  language whatever the night's preset); a request whose ``If-None-Match`` holds it is answered 304, empty, the table
  not read. ``static/night/live_hand.js`` asks every 2 s and puts the fragment in place
  (no rule and no sentence in the script: the server draws it). Read-only (no write lock).
- ``POST /host/night/<id>/last-hand``: ``on`` = ``1`` says "última mano" (the hand in
  progress, else the next, is the night's last: the tablet's "Confirm and end" closes it
  and starts no other), ``0`` takes it back; the same mark as the tablet's button
  (``store.night.last_hand``), with the form's idempotency key. Refusals
  (``night_closed``, ``no_last_hand``, ``key_reused``) are said in the page's language at
  the stage's section, nothing stored.

Both are the host's alone (``host_required``); the POST carries the CSRF token.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

import store
from store.night.last_hand import say_last_hand
from store.night.live_hand import live_hand_since
from web.account.views import current_actor, host_required
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, choice_field, form_key
from web.night.stages import STAGES, live_answer, live_etag, night_context
from web.night.views import _write

bp = Blueprint("live_hand", __name__, url_prefix="/host")


@bp.get("/night/<int:night_id>/play/live")
@host_required
def live(night_id: int):
    """The live parts of the *Juego* stage as an HTML fragment (see the module), or 304 when
    the page has them already (``If-None-Match``); 404 for no such night."""
    if night_id > MAX_NUMBER:
        abort(404)
    try:
        stamp, page = live_hand_since(get_db(), night_id,
                                      lambda s: live_etag(s) in request.headers.get("If-None-Match", ""))
    except store.StoreError:
        abort(404)
    return live_answer(stamp, None if page is None else render_template(
        "night/_play_live.html", stage="play", stages=STAGES, **night_context(page)))


@bp.post("/night/<int:night_id>/last-hand")
@host_required
def last_hand(night_id: int):
    """Say "última mano" (``on=1``) or take it back (``on=0``): ``store.night.last_hand.say_last_hand``;
    back to the *Juego* stage at the hand."""

    def do(db):
        on = choice_field("on", ("0", "1"), required=True) == "1"
        say_last_hand(db, night_id, on, entered_by=current_actor(), key=form_key())

    return _write(night_id, do, stage="play", section="hand")   # (the section says "última mano" itself)
