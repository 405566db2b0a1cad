"""The host's payment forms of one night (``web.money.views``), each one store call in one
write transaction: the night checked (``no_night``: the page's 404), the players the form
names checked to be the night's (``not_night_player``), then the write of
``store.money.payments`` or ``store.money.expenses`` (their checks, codes and idempotency
keys). Nothing is written on a refusal.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import write_tx
from store.money.expenses import add_expense, void_expense
from store.money.payments import confirm_paid, mark_paid, set_payment_handle, void_mark
from store.night.nights import get_night, table_players

TRANSFER_ACTIONS = ("paid", "confirm", "void")
"""What the host's transfer form does: mark paid, confirm received, withdraw the last mark."""


def check_night_players(db: Database, night_id: int, player_ids) -> dict:
    """The night (``store.get_night``), after checking that each of ``player_ids`` (ints,
    in the form's order) played it (is at its table, ``store.table_players``).

    :raises StoreError: ``no_night`` (night); ``not_night_player`` (the first that did not).
    """
    night = get_night(db, night_id)
    playing = {p["player_id"] for p in table_players(db, night_id)}
    if any(player_id not in playing for player_id in player_ids):
        raise StoreError("not_night_player")
    return night


def set_night_handle(db: Database, night_id: int, player_id: int, handle: str, *, entered_by: str,
                     key: str | None = None) -> None:
    """Keep the payment handle of one of the night's players
    (:func:`store.money.payments.set_payment_handle`; empty clears it).

    :raises StoreError: :func:`check_night_players`' refusals, then ``set_payment_handle``'s.
    """
    with write_tx(db):
        check_night_players(db, night_id, [player_id])
        set_payment_handle(db, player_id, handle, entered_by=entered_by, key=key)


def mark_night_transfer(db: Database, night_id: int, action: str, payer_id: int, payee_id: int, *,
                        what: str, entered_by: str, reason: str | None = None, key: str | None = None) -> None:
    """The host's mark on one of the night's transfers: ``action`` ``"paid"``
    (:func:`store.money.payments.mark_paid`), ``"confirm"`` (``confirm_paid``) or
    ``"void"`` (``void_mark``, with ``reason``).

    :raises StoreError: :func:`check_night_players`' refusals (payer, then payee), then the
        mark's.
    :raises ValueError: ``action`` not one of :data:`TRANSFER_ACTIONS` (a caller's error).
    """
    if action not in TRANSFER_ACTIONS:
        raise ValueError(f"unknown transfer action {action!r}")
    args = dict(entered_by=entered_by, what=what, key=key)
    with write_tx(db):
        check_night_players(db, night_id, [payer_id, payee_id])
        if action == "paid":
            mark_paid(db, night_id, payer_id, payee_id, **args)
        elif action == "confirm":
            confirm_paid(db, night_id, payer_id, payee_id, **args)
        else:
            void_mark(db, night_id, payer_id, payee_id, reason=reason, **args)


def add_night_expense(db: Database, night_id: int, payer_id: int, cents: int, description: str,
                      sharer_ids: list[int], *, entered_by: str, key: str | None = None) -> str:
    """A shared expense of the night (:func:`store.money.expenses.add_expense`).

    :returns: the night's currency (ISO code), for the page to say the amount.
    :raises StoreError: :func:`check_night_players`' refusals (the payer, then the sharers), then
        ``add_expense``'s.
    """
    with write_tx(db):
        night = check_night_players(db, night_id, [payer_id, *sharer_ids])
        add_expense(db, night_id, payer_id, cents, description, sharer_ids, entered_by=entered_by, key=key)
    return night["currency"]


def void_night_expense(db: Database, night_id: int, expense_id: int, *, reason: str, entered_by: str,
                       key: str | None = None) -> None:
    """Void one of the night's expenses (:func:`store.money.expenses.void_expense`).

    :raises StoreError: ``no_night``, then ``void_expense``'s.
    """
    with write_tx(db):
        get_night(db, night_id)
        void_expense(db, night_id, expense_id, reason=reason, entered_by=entered_by, key=key)
