"""The routes of paying up (see ``web.money.payments`` for the URLs and what the pages show):
the host's handles, marks, expenses and outstanding page; the player's own handle and
marks. Every POST: CSRF, the role's check (``host_required``; the player's link, only
their own transfers: a night they did not play is the 404 of the player pages, another's
transfer a refusal on their page), input through
``web.core.forms``, refusals from ``web.core.refusals`` in the page's language, nothing stored on
refusal.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

import store
from store.money import expenses as store_expenses
from store.money import payments as store_payments
from store.night.nights import table_players
from web.account.views import current_actor, host_required
from web.core import i18n
from web.core.db import get_db
from web.core.forms import (
    MAX_NUMBER,
    MAX_REASON,
    cents_field,
    choice_field,
    form_key,
    int_field,
    new_form_key,
    text_field,
)
from web.core.refusals import refusal_text
from web.core.security import PRIVATE
from web.money.payments import said_transfers
from web.player.views import player_for

bp = Blueprint("payments", __name__)

ACTIONS = ("paid", "confirm", "void")
"""What the host's transfer form does: mark paid, confirm received, withdraw the last mark."""

bp.add_app_template_global(new_form_key, "payment_form_key")   # (a fresh key for each payment form)


# -- the host ---------------------------------------------------------------------------------

def _night_or_404(db, night_id: int) -> dict:
    if night_id > MAX_NUMBER:
        abort(404)
    try:
        return store.get_night(db, night_id)
    except store.StoreError:
        abort(404)


def _night_player(db, night_id: int, field: str) -> int:
    """A player id from the form that is one of the night's players.

    :raises ValueError: anything else (said in the page's language)."""
    player_id = int_field(field, low=1)
    if player_id not in {p["player_id"] for p in table_players(db, night_id)}:
        raise ValueError(_("That player did not play this night."))
    return player_id


def _back_to(night_id: int, anchor: str):
    if request.form.get("back") == "outstanding":
        return redirect(url_for("payments.outstanding"))
    return redirect(url_for("host.night", night_id=night_id) + "#" + anchor)


@bp.post("/host/night/<int:night_id>/handle")
@host_required
def host_handle(night_id: int):
    """Keep a night's player's payment handle (empty clears it)."""
    db = get_db()
    _night_or_404(db, night_id)
    try:
        player_id = _night_player(db, night_id, "player_id")
        handle = text_field("handle", store_payments.MAX_HANDLE)
        store_payments.set_payment_handle(db, player_id, handle, entered_by=current_actor(), key=form_key())
    except ValueError as exc:  # StoreError included
        flash(refusal_text(exc), "error")
    else:
        flash(_("Payment handle saved.") if handle else _("Payment handle cleared."), "ok")
    return _back_to(night_id, "transfers")


@bp.post("/host/night/<int:night_id>/transfer")
@host_required
def host_transfer(night_id: int):
    """Mark a transfer paid, confirm it, or withdraw its last mark (with a reason)."""
    db = get_db()
    _night_or_404(db, night_id)
    try:
        action = choice_field("action", ACTIONS, required=True)
        what = choice_field("what", store_payments.WHATS) or "poker"
        payer, payee = _night_player(db, night_id, "payer_id"), _night_player(db, night_id, "payee_id")
        args = dict(entered_by=current_actor(), what=what, key=form_key())
        if action == "paid":
            store_payments.mark_paid(db, night_id, payer, payee, **args)
            done = _("Marked paid.")
        elif action == "confirm":
            store_payments.confirm_paid(db, night_id, payer, payee, **args)
            done = _("Confirmed: the money arrived.")
        else:
            reason = text_field("reason", MAX_REASON, required=True)
            store_payments.void_mark(db, night_id, payer, payee, reason=reason, **args)
            done = _("Mark withdrawn.")
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(done, "ok")
    return _back_to(night_id, "expenses" if request.form.get("what") == "expenses" else "transfers")


@bp.post("/host/night/<int:night_id>/expenses")
@host_required
def add_expense(night_id: int):
    """A shared expense: who paid, the amount, what it was, who shares it."""
    db = get_db()
    _night_or_404(db, night_id)
    try:
        payer = _night_player(db, night_id, "payer_id")
        cents = cents_field("amount")
        description = text_field("description", store_expenses.MAX_DESCRIPTION, required=True)
        seated = {p["player_id"] for p in table_players(db, night_id)}
        sharers = []
        for raw in request.form.getlist("sharer_ids")[:100]:
            if not (raw.isascii() and raw.isdigit() and len(raw) < 19 and int(raw) in seated):
                raise ValueError(_("That player did not play this night."))
            sharers.append(int(raw))
        store_expenses.add_expense(db, night_id, payer, cents, description, sharers,
                                   entered_by=current_actor(), key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("Expense recorded: %(what)s, %(amount)s.", what=description,
                amount=i18n.money(cents, store.get_night(db, night_id)["currency"])), "ok")
    return _back_to(night_id, "expenses")


@bp.post("/host/night/<int:night_id>/expenses/<int:expense_id>/void")
@host_required
def void_expense(night_id: int, expense_id: int):
    """Void one of the night's expenses, with the reason."""
    db = get_db()
    _night_or_404(db, night_id)
    try:
        if expense_id > MAX_NUMBER:
            raise store.StoreError("no_expense", expense=expense_id)
        reason = text_field("reason", MAX_REASON, required=True)
        store_expenses.void_expense(db, night_id, expense_id, reason=reason, entered_by=current_actor(),
                                    key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("Expense voided."), "ok")
    return _back_to(night_id, "expenses")


@bp.get("/host/outstanding")
@host_required
def outstanding():
    """Every closed night's transfers not confirmed yet (oldest first), with totals per
    player, and the buttons to confirm them."""
    page = store_payments.outstanding_page(get_db())
    said = [{**s, "night_id": row["night_id"], "local_date": row["local_date"], "title": row["title"],
             "currency": row["currency"]}
            for row in page["rows"] for s in said_transfers([row], row["timezone"], page["markers"])]
    totals = page["totals"]
    groups: list[dict] = []
    for row in said:  # by night, oldest first (the order outstanding() gives)
        if not groups or groups[-1]["night_id"] != row["night_id"]:
            groups.append({"night_id": row["night_id"], "local_date": row["local_date"], "title": row["title"],
                           "transfers": []})
        groups[-1]["transfers"].append(row)
    return render_template("money/outstanding.html", groups=groups, totals=totals), 200, PRIVATE


# -- the player ------------------------------------------------------------------------------

def _back_to_ledger(token: str, anchor: str = ""):
    return redirect(url_for("player.ledger", token=token) + (f"#{anchor}" if anchor else ""), 303)


@bp.post("/p/<token>/handle")
def player_handle(token: str):
    """The player keeps their own payment handle (empty clears it)."""
    db = get_db()
    player_id = player_for(db, token)
    try:
        handle = text_field("handle", store_payments.MAX_HANDLE)
        store_payments.set_payment_handle(db, player_id, handle, entered_by=f"player:{player_id}",
                                          key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("Payment handle saved.") if handle else _("Payment handle cleared."), "ok")
    return _back_to_ledger(token)


@bp.post("/p/<token>/night/<int:night_id>/transfer")
def player_transfer(token: str, night_id: int):
    """The player marks a transfer they pay as paid (``action=paid``), or confirms one they
    receive (``action=confirm``). A night they did not play: 404. Someone else's transfer,
    or the wrong side of their own (the payer confirming, the payee marking paid): the
    player's page with the refusal in its language, nothing stored."""
    db = get_db()
    player_id = player_for(db, token)
    if night_id > MAX_NUMBER:
        abort(404)
    action = request.form.get("action")
    what = request.form.get("what") or "poker"
    other = request.form.get("other_id", "")
    if action not in ("paid", "confirm") or what not in store_payments.WHATS \
            or not (other.isascii() and other.isdigit() and len(other) < 19):
        abort(400)
    try:
        store_payments.player_mark(db, night_id, player_id, int(other), action=action, what=what, key=form_key())
    except ValueError as exc:  # StoreError included
        if getattr(exc, "code", None) == "no_night":   # a night they did not play
            abort(404)
        flash(refusal_text(exc), "error")
    else:
        flash(_("Marked paid.") if action == "paid" else _("Confirmed: the money arrived."), "ok")
    return _back_to_ledger(token, f"settle-{night_id}")
