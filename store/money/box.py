"""The chips each player bought from an open box during the night's hands ("caja libre",
``table_stakes`` false, issue 27): the player's to pay like any buy-in, so
``store.money.bank.money_rows`` adds them to what the player bought, and the bank, the close,
the settlement and the pages count them once, where the referee put them.

Seed 002: «También es necesario determinar si el juego se llevará a cabo con una caja libre
(sin límite en las apuestas) o con una caja cautiva.» The referee names the chips
(``referee.open_box.bought_from_box``); nothing here decides them. Read-only.
"""

from __future__ import annotations

from sqlite_utils import Database

from referee.open_box import REASON, bought_from_box
from store.hand.judging import hands_judgements, night_of


def box_buys(db: Database, night_id: int, seat_players: dict[int, int]) -> list[dict]:
    """What each player bought from the box, hand by hand, in the order played:
    ``[{"player_id", "hand" (its number), "chips" (int > 0), "entered_at" (the hand's
    start, ISO-8601 UTC)}]``.

    A table-stakes night (the default) buys nothing from a box and reads nothing more. A
    caja-libre night reads the judgements of the hands whose stored result names the box
    (``store.hand.judging.hands_judgements``: each confirmed by its MAC and facts, else
    judged again in memory, nothing written), so the cost is the hands that bought, not
    the night's length.

    :param seat_players: seat -> player id (one player per seat a night, CONTRACT.md 1).
    :raises StoreError: no such night (``no_night``).
    """
    if night_of(db, night_id).rules.table_stakes:
        return []
    started = dict(db.execute(
        "SELECT r.number, h.entered_at FROM hand_results r JOIN hands h ON h.id = r.hand_id "
        "WHERE r.night_id = ? AND instr(r.entry, ?) > 0 ORDER BY r.number", [night_id, f'"{REASON}"']))
    out = []
    for number, entry in hands_judgements(db, night_id, started).items():
        for seat, chips in sorted(bought_from_box(entry.get("findings", [])).items()):
            if seat in seat_players:
                out.append({"player_id": seat_players[seat], "hand": number, "chips": chips,
                            "entered_at": started[number]})
    return out


def box_chips(db: Database, night_id: int, seat_players: dict[int, int]) -> dict[int, int]:
    """Chips each player bought from the box tonight (:func:`box_buys` added up):
    ``{player_id: chips}`` (ints > 0).

    :raises StoreError: no such night (``no_night``)."""
    out: dict[int, int] = {}
    for buy in box_buys(db, night_id, seat_players):
        out[buy["player_id"]] = out.get(buy["player_id"], 0) + buy["chips"]
    return out
