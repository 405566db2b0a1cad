"""Nights stored before the store bounded every amount (issue 24): rows written straight into
the database, past the doors' checks, with the store's own record helper
(``store.core.records.insert``: each row linked into the night's keyed chain as any row,
so ``flask verify`` and the pages find nothing tampered, only values no door takes now).

- :func:`awarded_night`: the issue's night. A session file's hand with
  ``d award p1 10000000000000000000000000`` was imported before the import read its lines
  as a tablet's taps (commit 20959e0): the line is in the log, the hand judged with it,
  and every page of the night answered 500 (Babel's ``decimal.InvalidOperation``).
- :func:`costly_night`: a closed night whose ledger holds a buy-in and a count of
  9 000 000 000 000 000 000 chips (past ``MAX_CHIPS``, within SQLite's integers) at a chip
  value of ``MAX_CHIPS`` cents: its nets, transfers and running totals are past what a
  page writes as money (``store.core.checks.MAX_FIGURE``).
"""

from __future__ import annotations

from dataclasses import dataclass

import store
from store.core.checks import MAX_CHIPS
from store.core.records import insert
from store.core.transactions import utc_now, write_tx
from store.hand.events import _append, hand_row
from store.hand.judging import rejudge

AWARD = 10**25
"""The issue's pushed amount (``d award p1 10000000000000000000000000``)."""

AWARD_LINE = f"d award p1 {AWARD}"

COSTLY = 9 * 10**18
"""Chips of :func:`costly_night`'s buy-in and count: past ``MAX_CHIPS``, below 2**63."""

SESSION = {
    "format": "tapete/1",
    "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
    "players": [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100},
                {"seat": 3, "name": "Chus", "stack": 100}],
    "hands": [{"button": 3, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 check", "p2 open 10",
                                        "p3 fold", "p1 fold", "d award p2 25"]},
              {"actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5"]}],
    "cash_out": {"1": 90, "2": 105, "3": 90},
    "tapete": {"closed": False, "title": "Antes de los límites"},
}
"""The night the file made, without the line no door takes now: Bruno wins hand 1's 25;
hand 2 antes and stops; everyone counted after it, as the referee has them."""


@dataclass
class Stored:
    """A night stored past the bounds: its id, hand 2's id, the players by name."""

    night: int
    hand: int
    players: dict[str, int]


def unchecked_line(db, hand_id: int, line: str) -> int:
    """Append ``line`` to the hand as the import appended lines before 20959e0 (no
    readability check, no bound), and judge the hand with it (what that import's write did
    in its transaction). Returns the event id."""
    hand = hand_row(db, hand_id)
    with write_tx(db):
        event = _append(db, hand, "action", action=line, entered_by="import", key=None)
        rejudge(db, hand["night_id"], hand["number"])
    return event


def ledger_row(db, night_id: int, player_id: int, kind: str, chips: int) -> int:
    """A ``buy_in`` or ``cash_out`` of ``chips`` written past ``store.money.ledger``'s checks
    (linked into the chain like any ledger row)."""
    with write_tx(db):
        return insert(db, "ledger", {"night_id": night_id, "player_id": player_id, "kind": kind, "chips": chips,
                                     "before_hand": 0, "entered_by": "import", "entered_at": utc_now(),
                                     "key": None})


def awarded_night(db) -> Stored:
    """The issue's night (see the module): :data:`SESSION` imported, then
    :data:`AWARD_LINE` appended to hand 2 unchecked."""
    night = store.import_night(db, SESSION).night_id
    hand = db.execute("SELECT id FROM hands WHERE night_id = ? AND number = 2", [night]).fetchone()[0]
    unchecked_line(db, hand, AWARD_LINE)
    players = dict(db.execute("SELECT name, id FROM players").fetchall())
    return Stored(night, hand, players)


def costly_night(db) -> Stored:
    """A closed night at ``MAX_CHIPS`` cents a chip (see the module): Ana and Bruno buy in
    100 each; Bruno's buy-in of :data:`COSTLY` and both counts written past the checks
    (Ana counts ``COSTLY + 100``, Bruno 100); the host's close settles it: Bruno pays Ana
    ``COSTLY * MAX_CHIPS`` cents."""
    night = store.create_night(db, rules="jackpots", chip_cents=MAX_CHIPS, title="Cara")
    players = {name: store.add_player(db, name) for name in ("Ana", "Bruno")}
    for seat, player in enumerate(players.values(), start=1):
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, 100, entered_by="test")
    ledger_row(db, night, players["Bruno"], "buy_in", COSTLY)
    ledger_row(db, night, players["Ana"], "cash_out", COSTLY + 100)
    ledger_row(db, night, players["Bruno"], "cash_out", 100)
    store.close_night(db, night, entered_by="test")
    return Stored(night, 0, players)
