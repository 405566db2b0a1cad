"""The routes of paying up (see ``web.money.payments`` for the URLs and what the pages show):
the host's handles, marks, expenses and outstanding page; the player's own handle and
marks. Every POST: CSRF, the role's check (``host_required``; the player's link, only
their own transfers: a night they did not play is the 404 of the player pages, another's
transfer a refusal on their page), input through
``web.core.forms``, refusals from ``web.core.refusals`` in the page's language, nothing stored on
refusal.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

import store
from store.money import dues as store_dues
from store.money import expenses as store_expenses
from store.money import host_payments
from store.money import payments as store_payments
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
from web.money.payments import said_outstanding
from web.night.stages import stage_url
from web.player.views import player_link

bp = Blueprint("payments", __name__)

bp.add_app_template_global(new_form_key, "payment_form_key")   # (a fresh key for each payment form)


# -- the host ----------------------------------------------------------------------------------

def _night_id_or_404(night_id: int) -> None:
    if night_id > MAX_NUMBER:
        abort(404)


def _refused(exc: ValueError) -> None:
    """Flash a refusal in the page's language; no such night (the store's ``no_night``):
    the 404 of the night's pages."""
    if getattr(exc, "code", None) == "no_night":
        abort(404)
    flash(refusal_text(exc), "error")


def _back_to(night_id: int, anchor: str):
    """Where a host's form goes back to: the outstanding page it came from (``back`` =
    ``outstanding``: :func:`_outstanding_back`), else the night's payments stage at ``anchor``
    (``web.night.stages``)."""
    if request.form.get("back") == "outstanding":
        return redirect(_outstanding_back(night_id))
    return redirect(stage_url(night_id, "pay", anchor))


def _outstanding_back(night_id: int) -> str:
    """The outstanding page a form came from: the player's (``back_player``, their id), at
    the night's transfers, or the totals (no ``back_player``, or not a player id)."""
    try:
        player_id = int_field("back_player", required=False, low=1)
    except ValueError:
        player_id = None
    if player_id is None:
        return url_for("payments.outstanding")
    return url_for("payments.outstanding_player", player_id=player_id) + f"#night-{night_id}"


@bp.post("/host/night/<int:night_id>/handle")
@host_required
def host_handle(night_id: int):
    """Keep a night's player's payment handle (empty clears it:
    ``store.money.host_payments.set_night_handle``). The form is read first; then no such
    night is the 404, a player who did not play the night a refusal."""
    _night_id_or_404(night_id)
    try:
        player_id = int_field("player_id", low=1)
        handle = text_field("handle", store_payments.MAX_HANDLE)
        host_payments.set_night_handle(get_db(), night_id, player_id, handle, entered_by=current_actor(),
                                       key=form_key())
    except ValueError as exc:  # StoreError included
        _refused(exc)
    else:
        flash(_("Payment handle saved.") if handle else _("Payment handle cleared."), "ok")
    return _back_to(night_id, "transfers")


@bp.post("/host/night/<int:night_id>/transfer")
@host_required
def host_transfer(night_id: int):
    """Mark a transfer paid, confirm it, or withdraw its last mark (with a reason:
    ``store.money.host_payments.mark_night_transfer``)."""
    _night_id_or_404(night_id)
    try:
        action = choice_field("action", host_payments.TRANSFER_ACTIONS, required=True)
        what = choice_field("what", store_payments.WHATS) or "poker"
        payer, payee = int_field("payer_id", low=1), int_field("payee_id", low=1)
        reason = text_field("reason", MAX_REASON, required=True) if action == "void" else None
        host_payments.mark_night_transfer(get_db(), night_id, action, payer, payee, what=what, reason=reason,
                                          entered_by=current_actor(), key=form_key())
    except ValueError as exc:
        _refused(exc)
    else:
        flash({"paid": _("Marked paid."), "confirm": _("Confirmed: the money arrived.")}.get(action)
              or _("Mark withdrawn."), "ok")
    return _back_to(night_id, "expenses" if request.form.get("what") == "expenses" else "transfers")


@bp.post("/host/night/<int:night_id>/expenses")
@host_required
def add_expense(night_id: int):
    """A shared expense: who paid, the amount, what it was, who shares it
    (``store.money.host_payments.add_night_expense``)."""
    _night_id_or_404(night_id)
    try:
        payer = int_field("payer_id", low=1)
        cents = cents_field("amount")
        description = text_field("description", store_expenses.MAX_DESCRIPTION, required=True)
        sharers = []
        for raw in request.form.getlist("sharer_ids")[:100]:
            if not (raw.isascii() and raw.isdigit() and len(raw) < 19):
                raise ValueError(_("That player did not play this night."))
            sharers.append(int(raw))
        currency = host_payments.add_night_expense(get_db(), night_id, payer, cents, description, sharers,
                                                   entered_by=current_actor(), key=form_key())
    except ValueError as exc:
        _refused(exc)
    else:
        flash(_("Expense recorded: %(what)s, %(amount)s.", what=description,
                amount=i18n.money(cents, currency)), "ok")
    return _back_to(night_id, "expenses")


@bp.post("/host/night/<int:night_id>/expenses/<int:expense_id>/void")
@host_required
def void_expense(night_id: int, expense_id: int):
    """Void one of the night's expenses, with the reason
    (``store.money.host_payments.void_night_expense``)."""
    _night_id_or_404(night_id)
    try:
        if expense_id > MAX_NUMBER:
            raise store.StoreError("no_expense", expense=expense_id)
        reason = text_field("reason", MAX_REASON, required=True)
        host_payments.void_night_expense(get_db(), night_id, expense_id, reason=reason,
                                         entered_by=current_actor(), key=form_key())
    except ValueError as exc:
        _refused(exc)
    else:
        flash(_("Expense voided."), "ok")
    return _back_to(night_id, "expenses")


@bp.get("/host/outstanding")
@host_required
def outstanding():
    """What every closed night's transfers not confirmed yet add up to, per player and
    currency (owes, is owed, how many transfers), each row a link to
    :func:`outstanding_player`."""
    page = store_dues.outstanding_page(get_db())
    return render_template("money/outstanding.html", totals=page["totals"], withheld=page["withheld"]), 200, PRIVATE


@bp.get("/host/outstanding/<int:player_id>")
@host_required
def outstanding_player(player_id: int):
    """One player's transfers not confirmed yet, by night (oldest first), with their totals
    and the buttons to mark them; a form sent from here comes back here
    (``back_player``). No such player: 404."""
    if player_id > MAX_NUMBER:
        abort(404)
    try:
        page = store_payments.outstanding_player_page(get_db(), player_id)
    except store.StoreError as exc:
        if exc.code == "no_player":
            abort(404)
        raise
    return render_template("money/outstanding_player.html", player_id=player_id, name=page["name"],
                           totals=page["totals"], groups=said_outstanding(page["rows"], page["markers"])), \
        200, PRIVATE


# -- the player ------------------------------------------------------------------------------

def _back_to_ledger(token: str, anchor: str = ""):
    return redirect(url_for("player.ledger", token=token) + (f"#{anchor}" if anchor else ""), 303)


@bp.post("/p/<token>/handle")
@player_link
def player_handle(token: str):
    """The player keeps their own payment handle (empty clears it)."""
    player_id = g.player_id
    try:
        handle = text_field("handle", store_payments.MAX_HANDLE)
        store_payments.set_payment_handle(get_db(), player_id, handle, entered_by=f"player:{player_id}",
                                          key=form_key())
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("Payment handle saved.") if handle else _("Payment handle cleared."), "ok")
    return _back_to_ledger(token)


@bp.post("/p/<token>/night/<int:night_id>/transfer")
@player_link
def player_transfer(token: str, night_id: int):
    """The player marks a transfer they pay as paid (``action=paid``), or confirms one they
    receive (``action=confirm``). A night they did not play: 404. Someone else's transfer,
    or the wrong side of their own (the payer confirming, the payee marking paid): the
    player's page with the refusal in its language, nothing stored."""
    player_id = g.player_id
    if night_id > MAX_NUMBER:
        abort(404)
    action = request.form.get("action")
    what = request.form.get("what") or "poker"
    other = request.form.get("other_id", "")
    if action not in ("paid", "confirm") or what not in store_payments.WHATS \
            or not (other.isascii() and other.isdigit() and len(other) < 19):
        abort(400)
    try:
        store_payments.player_mark(get_db(), night_id, player_id, int(other), action=action, what=what, key=form_key())
    except ValueError as exc:  # StoreError included
        if getattr(exc, "code", None) == "no_night":   # a night they did not play
            abort(404)
        flash(refusal_text(exc), "error")
    else:
        flash(_("Marked paid.") if action == "paid" else _("Confirmed: the money arrived."), "ok")
    return _back_to_ledger(token, f"settle-{night_id}")
