"""Rebuys asked from the phone (issue 28; the store side is ``store.night.rebuy_requests``):

- ``POST /p/<token>/night/<id>/rebuy``: the player asks for ``chips`` (a whole number, 1 to
  the night's bound on one player's chips; one request waiting per player) from their link
  ("pedir fichas"); ``POST /p/<token>/night/<id>/rebuy/withdraw`` takes it back. Back to the
  phone page at the night, the refusal said there in the page's language.
- ``POST /host/night/<id>/rebuy-requests/<request>``: the host answers, ``answer`` =
  ``accepted`` (the buy-in is recorded, entered by the host, its detail naming the request
  and who asked) or ``declined``; back to the *Juego* stage at the players.
- ``POST /host/night/<id>/tablet-rebuys``: ``on`` = ``1`` lets the night's tablets answer
  requests too (a money write from a link without a login, so the host's choice, off by
  default), ``0`` stops it.
- ``POST /dealer/<id>/<token>/rebuy``: a tablet answers, JSON ``{"key", "request_id": int,
  "answer": "accepted" | "declined"}``; refused (400, in words) unless the host allowed it
  for the night; the answer is the tablet's table (as ``web.hand.tablet.state``).

Between hands as today: an accepted request while a hand is in progress counts from the
next hand (``store.money.ledger.buy_in``). Every POST carries the CSRF token (the JSON one
in ``X-CSRFToken``) and an idempotency key; a refusal changes nothing.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, jsonify, redirect, request, url_for
from flask_babel import gettext as _

import store
from store.night.rebuy_requests import answer_rebuy, ask_rebuy, set_tablet_rebuys, tablet_answer, withdraw_rebuy
from web.account.views import current_actor, host_required
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, choice_field, form_key, int_field, key_ok
from web.core.refusals import refusal_text
from web.hand.tablet import dealer_required, said
from web.night.stages import stage_url
from web.player.views import player_link

bp = Blueprint("rebuys", __name__)

SECTION = "rebuys"
"""The *Juego* stage's section of the players (and the requests)."""


def _not_theirs(exc: Exception) -> None:
    """A night the link's player never sat at (or none): the 404 of the player pages, the
    same answer as for a link that does not work (nothing of another night is said)."""
    if getattr(exc, "code", None) == "no_night":
        abort(404)


def _phone(token: str, night_id: int):
    return redirect(url_for("player.ledger", token=token) + f"#rebuy-{night_id}", 303)


@bp.post("/p/<token>/night/<int:night_id>/rebuy")
@player_link
def ask(token: str, night_id: int):
    """The player asks for chips (``chips``) at the night ``night_id``: a request the host
    answers. Said on the phone page (asked, or why not)."""
    try:
        if night_id > MAX_NUMBER:
            raise store.StoreError("no_night")
        chips = int_field("chips", low=1)
        ask_rebuy(get_db(), night_id, g.player_id, chips, key=form_key())
    except ValueError as exc:   # StoreError included: nothing written
        _not_theirs(exc)
        flash(refusal_text(exc), "error")
    else:
        flash(_("Asked for %(chips)s chips: the host will answer.", chips=chips), "ok")
    return _phone(token, night_id)


@bp.post("/p/<token>/night/<int:night_id>/rebuy/withdraw")
@player_link
def withdraw(token: str, night_id: int):
    """The player takes back their request waiting for an answer."""
    try:
        if night_id > MAX_NUMBER:
            raise store.StoreError("no_night")
        withdraw_rebuy(get_db(), night_id, g.player_id, key=form_key())
    except ValueError as exc:
        _not_theirs(exc)
        flash(refusal_text(exc), "error")
    else:
        flash(_("Request for chips taken back."), "ok")
    return _phone(token, night_id)


@bp.post("/host/night/<int:night_id>/rebuy-requests/<int:request_id>")
@host_required
def host_answer(night_id: int, request_id: int):
    """The host accepts or declines a request (``answer``); back to the players of *Juego*."""
    try:
        if night_id > MAX_NUMBER or request_id > MAX_NUMBER:
            raise store.StoreError("no_rebuy_request")
        answer = choice_field("answer", ("accepted", "declined"), required=True)
        done = answer_rebuy(get_db(), night_id, request_id, answer, answered_by=current_actor(), key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_answered(done), "ok")
    return redirect(stage_url(night_id, "play", SECTION))


def _answered(done: dict) -> str:
    if done["answer"] == "accepted":
        return _("%(name)s: rebuy of %(chips)s chips recorded.", name=done["name"], chips=done["chips"])
    return _("%(name)s: request for %(chips)s chips declined.", name=done["name"], chips=done["chips"])


@bp.post("/host/night/<int:night_id>/tablet-rebuys")
@host_required
def tablet_rebuys(night_id: int):
    """Let the night's tablets answer rebuy requests (``on`` holds ``1``: the checkbox ticked),
    or stop it (``on`` only ``0``: the form's hidden field)."""
    try:
        if night_id > MAX_NUMBER:
            raise store.StoreError("no_night")
        said = request.form.getlist("on")   # the hidden "0", then the checkbox's "1" when ticked
        if not said or any(value not in ("0", "1") for value in said):
            raise ValueError(_("%(field)s: choose one of the options.", field=_("The tablets may accept them too (a money entry from a link without a login)")))
        on = "1" in said
        set_tablet_rebuys(get_db(), night_id, on, entered_by=current_actor(), key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("The tablets may now accept rebuys asked from a phone.") if on
              else _("Only the host accepts rebuys asked from a phone now."), "ok")
    return redirect(stage_url(night_id, "play", SECTION))


@bp.post("/dealer/<int:night_id>/<token>/rebuy")
@dealer_required
def tablet_answers(night_id: int, token: str):
    """A tablet accepts or declines a request (JSON body, see the module); the answer is the
    tablet's table with ``said`` (the answer in words), or 400 ``{"error"}`` in words."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not key_ok(body.get("key")):
        return _bad(_("Each tap needs an idempotency key of 8-100 printable ASCII characters."))
    request_id, answer = body.get("request_id"), body.get("answer")
    if (not isinstance(request_id, int) or isinstance(request_id, bool) or not 1 <= request_id <= MAX_NUMBER
            or answer not in ("accepted", "declined")):
        return _bad(_("A rebuy request is answered by its number, accepted or declined: reload the table."))
    try:
        found = tablet_answer(get_db(), night_id, g.dealer_link, request_id, answer, key=body["key"])
    except store.StoreError as exc:
        return _bad(refusal_text(exc))
    view = said(found["view"])
    view["said"] = _answered(found["done"])
    return jsonify(view)


def _bad(message: str):
    response = jsonify({"error": message})
    response.status_code = 400
    return response
