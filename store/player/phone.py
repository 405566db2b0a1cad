"""What a player's phone page (``/p/<token>``, ``web.player.views`` and ``web.player.phone``,
which say it) knows, read in one read transaction: the player's ledger across nights
(``store.player.history.player_ledger``: tonight and the recent nights, the older ones
on their own pages, :func:`older_page`), their disputes, each night's table, their current stack, each
hand's result with the names at that hand, their ledger lines, and what they pay and are
paid (``store.money.payments.player_payments``). Cards nobody showed are hidden except the
player's own, as on their replay (``store.hand.replayer.hidden_findings``,
``player_rulings``).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.club.standings import player_entries
from store.core.transactions import read_tx
from store.dispute.disputes import player_disputes
from store.hand.replayer import player_rulings
from store.hand.table_view import table_view
from store.money.totals import chart
from store.money.payments import player_payments
from store.night.nights import get_night, table_players
from store.night.rebuy_reads import player_rebuy
from store.player.history import older_nights, player_ledger
from store.player.night_hands import hands_page
from store.player.players import get_player


def current_stack(db: Database, night_id: int, seat: int | None) -> int | None:
    """The player's chips on the table now (int, CONTRACT.md 4: the referee's stack plus
    what the dealer's pushes gave or took against the rules and the ``d move`` lines): the
    tablet view's ``held`` (during a hand what is left after the bets so far, between
    hands the stacks after the last hand plus the chips bought since). None when not
    seated."""
    if seat is None:
        return None
    view = table_view(db, night_id, with_gap=False)
    return next((s["held"] for s in view["seats"] if s["seat"] == seat), None)


def phone_page(db: Database, player_id: int, night_id: int | None = None) -> dict:
    """Everything the phone page shows of a player, in one read transaction: every night's
    figures, and the nights shown in full (``store.player_ledger``'s ``full``: the open
    nights and the newest closed ones, or only ``night_id``) with their hands, disputes,
    table and paying up. What it reads does not grow with the player's older nights
    beyond a line each (issue 25).

    :returns: ``{"ledger": store.player_ledger (each hand's findings with the cards the
        player may not see hidden), "disputes": store.player_disputes of the nights shown
        in full (rulings hidden the same way), "nights": {night_id: {"night":
        store.get_night, "players": the night's table, "stack": :func:`current_stack` (an
        open night; else None), "results": [(a hand's result as
        store.club.standings.hand_results gives it, {seat: name at that hand})] for the
        hands shown (``store.player.night_hands``: the newest few), "entries":
        store.club.standings.player_entries, "rebuy": the player's newest request for chips
        (``store.night.rebuy_reads.player_rebuy``; where seated, else None: a closed night's says
        a request the close declined)}} (the nights shown in full), "settle":
        store.money.payments.player_payments of those nights, "chart": the running total's
        chart figures (``store.money.totals.chart`` of the player: at most
        ``CHART_POINTS`` nights a currency)}``. Read-only.
    :raises StoreError: no such player; ``no_night`` (``night_id`` is not one of theirs).
    """
    with read_tx(db):
        ledger = player_ledger(db, player_id, night_id=night_id)
        shown = [n for n in ledger.get("nights", []) if n["full"]]
        hand_ids = {hand["hand_id"] for night in shown for hand in night.get("hands", [])}
        disputes = _hand_disputes(db, player_id, hand_ids)
        nights = {n["night_id"]: _night(db, n, player_id) for n in shown}
        return {"ledger": ledger, "disputes": disputes, "nights": nights,
                "settle": player_payments(db, player_id, night_ids=list(nights)), "chart": chart(db, player_id)}


def night_hands_page(db: Database, player_id: int, night_id: int, page: int) -> dict:
    """A page of one of the player's nights' hands (``store.player.night_hands.hands_page``)
    with the night (``store.get_night``), its table and the player's disputes of those
    hands (rulings hidden as on :func:`phone_page`), in one read transaction. Read-only.

    :returns: ``{**hands_page, "night", "players", "disputes", "player": {"id", "name"}}``.
    :raises StoreError: as ``hands_page``; no such player.
    """
    with read_tx(db):
        found = hands_page(db, player_id, night_id, page)
        player = get_player(db, player_id)
        hand_ids = {hand["hand_id"] for hand in found["hands"]}
        disputes = _hand_disputes(db, player_id, hand_ids)
        return {**found, "night": get_night(db, night_id), "players": table_players(db, night_id),
                "disputes": disputes, "player": {"id": player["id"], "name": player["name"]}}


def older_page(db: Database, player_id: int, page: int) -> dict:
    """A page of the player's older nights (``store.player.history.older_nights``) with
    the running total's chart figures (as :func:`phone_page`'s ``"chart"``), in one read
    transaction. Read-only.

    :raises StoreError: as ``older_nights``.
    """
    with read_tx(db):
        return {**older_nights(db, player_id, page), "chart": chart(db, player_id)}


def _hand_disputes(db: Database, player_id: int, hand_ids: set[int]) -> list[dict]:
    """The player's disputes of the hands ``hand_ids``, their rulings' cards hidden
    (``store.hand.replayer.player_rulings``)."""
    by_hand: dict[int, list[dict]] = {}
    for dispute in player_disputes(db, player_id):
        if dispute["hand_id"] in hand_ids:
            by_hand.setdefault(dispute["hand_id"], []).append(dispute)
    return [d for hand_id, mine in by_hand.items() for d in player_rulings(db, hand_id, player_id, mine)]


def _night(db: Database, night: dict, player_id: int) -> dict:
    """One night of :func:`phone_page` (``night``: a ``store.player_ledger`` night)."""
    night_id, seat = night["night_id"], night.get("seat")
    info = get_night(db, night_id)
    results = [(hand["result"], hand["names"]) for hand in night.get("hands", [])] if seat is not None else []
    players = table_players(db, night_id)
    left = any(p["player_id"] == player_id and p["left"] for p in players)   # (no chips to ask for)
    return {"night": info, "players": players,
            "stack": None if info["closed"] or left else current_stack(db, night_id, seat),
            "results": results, "entries": player_entries(db, night_id, player_id),
            "rebuy": None if seat is None else player_rebuy(db, night_id, player_id)}
