"""The host's chip entries as the night page makes them (``web.night.views``), each one
store call that writes and returns what the page says back: a player seated between hands
with the first buy-in, a buy-in with the stack it makes, a count and a recount with the
player's name (and the count it replaced).

The writes are ``store.money.ledger``'s (their checks, codes and idempotency keys); the
reads after them are those the page said before, each after its write is committed.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import write_tx
from store.hand.judging import next_hand_stacks
from store.hand.rows import current_hand, hands_played
from store.money.bank import live_entries
from store.money.ledger import buy_in, cash_out, join_table, recount
from store.night.nights import night_players
from store.player.players import get_player


def seat_between_hands(db: Database, night_id: int, name: str, seat: int, chips: int | None, *,
                       entered_by: str, key: str | None = None) -> int:
    """Seat a player and record the first buy-in (:func:`store.money.ledger.join_table`),
    refused whole while a hand is in progress, in one write transaction.

    :returns: the player id.
    :raises StoreError: ``seat_hand_in_progress`` (a hand is in progress: checked first);
        then ``join_table``'s refusals (nothing written).
    """
    with write_tx(db):
        if current_hand(db, night_id) is not None:
            raise StoreError("seat_hand_in_progress")
        return join_table(db, night_id, name, seat, chips, entered_by=entered_by, key=key)


def buy_in_stack(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
                 key: str | None = None) -> dict:
    """A buy-in or rebuy (:func:`store.money.ledger.buy_in`), then who bought and the stack
    the player's seat starts the next hand with (``store.hand.judging.next_hand_stacks``;
    ``chips`` when the seat has none there). Taken while a hand is in progress, the chips
    count from the next hand (``buy_in``): ``in_play`` names the hand in progress.

    :returns: ``{"name": str, "stack": int (chips), "in_play": int | None (the number of
        the hand in progress, else None)}``.
    :raises StoreError: ``buy_in``'s refusals (nothing written).
    """
    buy_in(db, night_id, player_id, chips, entered_by=entered_by, key=key)
    seat = next(p["seat"] for p in night_players(db, night_id) if p["player_id"] == player_id)
    stack = next_hand_stacks(db, night_id).get(seat, chips)
    in_play = hands_played(db, night_id) if current_hand(db, night_id) is not None else None
    return {"name": get_player(db, player_id)["name"], "stack": stack, "in_play": in_play}


def cash_out_named(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
                   key: str | None = None) -> str:
    """The chips a player counted out with (:func:`store.money.ledger.cash_out`).

    :returns: the player's name.
    :raises StoreError: ``cash_out``'s refusals (nothing written).
    """
    cash_out(db, night_id, player_id, chips, entered_by=entered_by, key=key)
    return get_player(db, player_id)["name"]


def recount_named(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
                  key: str | None = None) -> dict:
    """A player's count corrected (:func:`store.money.ledger.recount`: the earlier count
    voided, the new one entered).

    :returns: ``{"name": str, "before": int | None}``: the player's last live count before
        this request (chips), None when there was none.
    :raises StoreError: ``recount``'s refusals (nothing written).
    """
    before = [e["chips"] for e in live_entries(db, night_id, "cash_out") if e["player_id"] == player_id]
    recount(db, night_id, player_id, chips, entered_by=entered_by, key=key)
    return {"name": get_player(db, player_id)["name"], "before": before[-1] if before else None}
