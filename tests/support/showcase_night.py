"""The showcase night (the night issue #14 was measured on), built through the store: five players (one long name, one
accented), a carried pot, a false opener, a wrong push, an all-in with a side pot, a
rebuy, and the counts at the close with a 20-chip miscount. It stops before the close: the
night is open and everyone counted, so a test closes it its own way (:meth:`World.close` is
the ordinary way: a recount fixes the miscount, then the fewest transfers).

The counts are the chips each player physically holds, "the chips on the table" (CONTRACT.md
4: the referee's stacks plus what the dealer's pushes gave beyond the rules' awards; a count
equal to them is never a mismatch). Hand 2's pot was pushed to Íñigo (a false opener) where
the rules give it to María, so Íñigo counts the referee's stack plus that pot and María her
stack less it (:func:`pushed_beyond_rules`). The one count that differs is the deliberate
:data:`MISCOUNT`: Bruno counts 20 more than the chips he holds. No ruling moves the pot, so
the money follows the chips as pushed.

The last hand is passed out, so its pot (5 chips) is still on the table at the close: the
carried pot goes back to those who put it in.

``build_showcase_night(db) -> World``; ``table_chips(db, world)``, ``referee_stacks(db,
world)`` and ``pushed_beyond_rules(db, world)`` (``{seat: chips}``) read the figures back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import store

RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
LONG_NAME = "María de los Ángeles Villaverde-Fernández"
PLAYERS = (("Ana", 1, 100), ("Bruno", 2, 100), ("Íñigo", 3, 100), (LONG_NAME, 4, 100), ("Chus", 5, 10))
"""(name, seat, first buy-in in chips)."""

REBUY = ("Chus", 50)
"""Chus busts in hand 3 (the all-in) and buys 50 more before hand 4."""

MISCOUNT = ("Bruno", 20)
"""Bruno's count at the close is 20 chips more than the chips he holds on the table (his
stack: no push gave him or took from him any chip)."""

ANTES = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p4 ante 1", "p5 ante 1"]


def passed(first: int) -> list[str]:
    """Everyone antes and passes, seat ``first`` (left of the button) speaking first."""
    order = [(first - 1 + i) % 5 + 1 for i in range(5)]
    return ANTES + [f"p{seat} check" for seat in order]

HANDS = [
    # 1: everyone passes: the pot (5) is carried
    {"button": 5, "actions": passed(1)},
    # 2: Íñigo opens with a pair of tens (a false opener), wins at the showdown, and the
    #    dealer pushes him the pot (a wrong push: the best other hand is María's)
    {"actions": ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p4 ante 1", "p5 ante 1",
                 "d deal p3 TsTd9c5h2s",
                 "p2 check", "p3 open 2", "p4 call", "p5 fold", "p1 fold", "p2 fold",
                 "p3 draw 3 9c5h2s", "p4 draw 1",
                 "p3 bet 4", "p4 call",
                 "p3 show TsTdTc8h4c", "p4 show KsKd6c6h3s",
                 "d award p3 22"]},
    # 3: Chus goes all in short; Ana and Bruno play on: a main pot and a side pot
    {"actions": ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p4 ante 1", "p5 ante 1",
                 "p3 check", "p4 check", "p5 check", "p1 open 2", "p2 raise 4", "p3 fold", "p4 fold",
                 "p5 call", "p1 call",
                 "p5 draw 3", "p1 draw 2", "p2 draw 1",
                 "p1 bet 4", "p2 call", "p5 allin",
                 "p1 show QsQdQc5s2d", "p2 show 8s8d4c4d2c", "p5 show 9h9d7c6h3s",
                 "d award p1 26", "d award p1 2"]},
    # 4: (after Chus's rebuy) everyone passes again: the pot stays on the table
    {"actions": passed(4)},
]


@dataclass
class World:
    night: int
    ids: dict[str, int]
    tokens: dict[str, str]
    hands: list[int] = field(default_factory=list)
    miscounted: str = MISCOUNT[0]

    def close(self, db, *, entered_by: str = "host:test") -> dict:
        """Recount the miscounted player at the chips on the table, then close (fewest
        transfers). :returns: ``store.night_summary`` of the closed night."""
        chips = table_chips(db, self)
        name = self.miscounted
        seat = next(s for n, s, _ in PLAYERS if n == name)
        store.recount(db, self.night, self.ids[name], chips[seat], entered_by=entered_by)
        return store.close_night(db, self.night, entered_by=entered_by)


def _last_hand(db, night_id: int) -> dict:
    """The last hand's entry as the referee judged it (``store.check_night``, CONTRACT.md 4)."""
    return store.check_night(db, night_id)["hands"][-1]


def referee_stacks(db, world: World) -> dict[int, int]:
    """Each seat's stack after the last hand, as the referee judged it (the rules'
    awards; {seat: chips})."""
    return {int(seat): chips for seat, chips in _last_hand(db, world.night)["stacks"].items()}


def table_chips(db, world: World) -> dict[int, int]:
    """Each seat's chips on the table after the last hand ({seat: chips}): what each player
    physically holds, the referee's stack plus what the dealer's pushes gave beyond the
    rules' awards (the entry's ``chips_on_table``, CONTRACT.md 4)."""
    return night_table_chips(db, world.night)


def night_table_chips(db, night_id: int) -> dict[int, int]:
    """:func:`table_chips` of a night played some other way (the browser's, by its id)."""
    return {int(seat): chips for seat, chips in _last_hand(db, night_id)["chips_on_table"].items()}


def pushed_beyond_rules(db, world: World) -> dict[int, int]:
    """The seats whose chips on the table differ from their stack, and by how much ({seat:
    chips on the table - the referee's stack}): hand 2's wrong push, Íñigo + its pot,
    María - the same."""
    stacks, chips = referee_stacks(db, world), table_chips(db, world)
    return {seat: chips[seat] - stacks[seat] for seat in stacks if chips[seat] != stacks[seat]}


def build_showcase_night(db, *, entered_by: str = "host:test", chip_cents: int = 10) -> World:
    """Play the night into ``db`` (an initialised store database) up to the counts (each
    player the chips on the table, Bruno 20 more), at ``chip_cents`` a chip.

    :returns: the :class:`World` (ids, private link tokens, hand ids).
    """
    night = store.create_night(db, rules=RULES, chip_cents=chip_cents, title="Noche de jotas",
                               host="Ana")
    ids, tokens = {}, {}
    for name, seat, chips in PLAYERS:
        ids[name] = store.join_table(db, night, name, seat, chips, entered_by=entered_by)
        tokens[name] = store.issue_token(db, ids[name])
    world = World(night, ids, tokens)
    for number, hand in enumerate(HANDS, start=1):
        if number == 4:
            store.buy_in(db, night, ids[REBUY[0]], REBUY[1], entered_by=entered_by)
        hand_id = store.start_hand(db, night, button=hand.get("button"), entered_by=entered_by)
        store.append_actions(db, hand_id, hand["actions"], entered_by=entered_by, keys=[f"w14-{number}-{i}" for i in range(len(hand["actions"]))])
        store.end_hand(db, hand_id, entered_by=entered_by)
        world.hands.append(hand_id)
    held = table_chips(db, world)  # each counts what they hold; Bruno 20 more
    for name, seat, _ in PLAYERS:
        chips = held[seat] + (MISCOUNT[1] if name == MISCOUNT[0] else 0)
        store.cash_out(db, night, ids[name], chips, entered_by=entered_by)
    return world
