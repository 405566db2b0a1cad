"""A session across hands: stacks carried, rebuys, the button, carried pots, the ladder.

CONTRACT.md section 1: a hand starts with the stacks the previous hand ended with plus its
``rebuys`` (chips added between hands only: table stakes, seed 000 "Tampoco puede nadie
aumentar su resto, una vez vistas sus cartas iniciales"); ``stacks`` given on a hand that
differ are a ``stack_mismatch``. The button moves to the next occupied seat in the direction
of play (it stays after a misdeal). Chips of a passed-out deal carry into the next hand;
the opening minimum climbs the ``opener_ladder`` after each deal nobody opened (seed 000,
seed 002) and resets once a pot is won (:mod:`referee.ladder`); with ``ante_custom`` the
hands that owe an ante follow seed 000's custom (:mod:`referee.ante_custom`).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .ante_custom import ante_due, custom_after, marker_after, marker_in_middle, without_ante
from .chips_on_table import Gap, gap_at_start, gap_from_json, gap_json, hand_gap, on_table
from .findings import Finding, make
from .hand import HandResult, HandStart
from .ladder import next_step
from .replay import HandReplay
from .rules import HouseRules, RulesError, resolve_rules
from .state import HandState


class SessionError(ValueError):
    """A session that cannot be read at all (not an object, no players, bad rules ...);
    the message says why in one line."""


class Table:
    """The table before the first hand: ``rules``, the ``players`` (seat -> name), their
    ``stacks`` (seat -> chips), the parsed ``hands`` list (dicts as in the file)."""

    def __init__(self, rules: HouseRules, players: dict[int, str], stacks: dict[int, int],
                 hands: list[dict]) -> None:
        self.rules = rules
        self.players = players
        self.stacks = stacks
        self.hands = hands


def seat_key(key: Any) -> int | None:
    """A seat number from a JSON key or value: an int, or a string of ASCII digits."""
    if type(key) is int:
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return int(key)
    return None


def load(session: Any, rules: Any = None) -> Table:
    """Read a session dict (CONTRACT.md section 1).

    :param session: the parsed JSON object.
    :param rules: overrides the session's ``rules``: a preset name switches the preset and
        keeps the session's override keys (ante, bets ...); a dict or HouseRules replaces
        them whole.
    :returns: a :class:`Table`.
    :raises SessionError: not a dict, no players, bad seats or stacks, unknown rules,
        ``hands`` not a list.
    """
    if not isinstance(session, dict):
        raise SessionError("the session must be a JSON object")
    spec = session.get("rules", "jackpots")
    if isinstance(rules, str) and isinstance(spec, dict):
        # --rules PRESET switches the game and keeps the session's stakes and overrides
        spec = dict(spec, preset=rules)
    elif rules is not None:
        spec = rules
    try:
        house = _rules(spec)
    except RulesError as exc:
        raise SessionError(str(exc)) from exc  # (its cause: the codes a caller says it by)
    players = session.get("players")
    if not isinstance(players, list) or not players:
        raise SessionError("the session has no players")
    names: dict[int, str] = {}
    stacks: dict[int, int] = {}
    for p in players:
        if not isinstance(p, dict):
            raise SessionError(f"a player must be an object, not {p!r}")
        seat, stack = p.get("seat"), p.get("stack", 0)
        if type(seat) is not int or not 1 <= seat <= 10:  # (a bool is not a seat)
            raise SessionError(f"player {p.get('name')!r}: seat must be 1-10, not {seat!r}")
        if type(stack) is not int or stack < 0:
            raise SessionError(f"seat {seat}: stack must be a whole number of chips, not {stack!r}")
        if seat in names:
            raise SessionError(f"seat {seat} is taken twice")
        names[seat] = str(p["name"]) if "name" in p else f"seat {seat}"
        stacks[seat] = stack
    hands = session.get("hands", [])
    if not isinstance(hands, list):
        raise SessionError("'hands' must be a list of objects")
    for h in hands:
        if not isinstance(h, dict):
            raise SessionError("'hands' must be a list of objects")
    return Table(house, names, stacks, list(hands))


_RULES_CACHE: dict = {}


def _rules(spec: Any) -> HouseRules:
    """``resolve_rules`` with a cache keyed on the spec's value (sessions repeat their rules)."""
    if isinstance(spec, HouseRules):
        return spec
    key: Any = spec
    if spec.__class__ is dict:
        # the keys with their values' types (1, 1.0 and true are different rules); repr
        # where a value is a list (a ladder) or otherwise unhashable
        key = tuple([(k, v.__class__, v) for k, v in spec.items()])
    elif spec.__class__ is not str:
        key = repr(spec)
    try:
        found = _RULES_CACHE.get(key)
    except TypeError:  # (a value that cannot be hashed)
        key = repr(spec)
        found = _RULES_CACHE.get(key)
    if found is None:
        if len(_RULES_CACHE) > 256:
            _RULES_CACHE.clear()
        found = _RULES_CACHE[key] = resolve_rules(spec)
    return found


def _next_button(rules: HouseRules, button: int, stacks: Mapping[int, int]) -> int:
    # (with a caja libre, table_stakes false, seed 002, a seat with no chips plays on)
    seats = [s for s, c in stacks.items() if c > 0 or not rules.table_stakes] or list(stacks)
    clockwise = rules.direction == "clockwise"
    ordered = sorted(seats, reverse=not clockwise)
    after = [s for s in ordered if (s > button if clockwise else s < button)]
    return (after or ordered)[0]


class Carry:
    """The table between two hands: what the next hand starts from (besides its own
    ``rebuys``, ``stacks`` and ``button`` lines).

    - ``stacks``: seat -> chips (ints) after the last hand; every seat at the table.
    - ``carried``: chips left in the pot by a passed-out deal (int).
    - ``step``: the opener ladder's step, an index into ``opener_ladder`` (passed-out deals in
      a row, or hands played from its top: :func:`referee.ladder.next_step`).
    - ``button``: the last hand's button (None before the first hand).
    - ``last_outcome``: the last hand's outcome (``"misdeal"`` keeps the button).
    - ``marker``: with ``ante_custom`` (seed 000's fetiche), the seat holding the marker,
      None while it is in the middle; ``fresh``: the last hand called for a fresh pot
      from everyone (:mod:`referee.ante_custom`). None and False without the custom.
    - ``gap``: seat -> the seat's standing differences between the chips it holds on the
      table and its stack (:data:`referee.chips_on_table.Gap`: wrong pushes and ``d move``
      lines, by hand); ``{}`` when every seat holds its stack.

    A hand is judged from its own start: given the carry before it, its spec and its
    actions, :func:`play_hand` needs nothing else of the night. :meth:`as_dict` and
    :meth:`from_dict` give it a JSON form (seat keys as strings) to store.
    """

    __slots__ = ("stacks", "carried", "step", "button", "last_outcome", "marker", "fresh",
                 "gap")

    def __init__(self, stacks: dict[int, int], carried: int = 0, step: int = 0,
                 button: int | None = None, last_outcome: str | None = None,
                 marker: int | None = None, fresh: bool = False, gap: Gap | None = None) -> None:
        self.stacks = stacks
        self.carried = carried
        self.step = step
        self.button = button
        self.last_outcome = last_outcome
        self.marker = marker
        self.fresh = fresh
        self.gap = gap if gap is not None else {}

    def seated(self, stacks: dict[int, int]) -> "Carry":
        """The same table with other ``stacks`` (seats that joined or left: a seat that
        left took its chips home, its differences with it)."""
        return Carry(stacks, self.carried, self.step, self.button, self.last_outcome,
                     self.marker, self.fresh, gap_at_start(self.gap, stacks))

    def on_table(self) -> dict[int, int]:
        """Seat -> the chips each seat holds on the table after the last hand: its stack
        plus its differences (CONTRACT.md 4; :func:`referee.chips_on_table.on_table`)."""
        return on_table(self.stacks, self.gap)

    def as_dict(self) -> dict:
        """JSON-able: ``{"stacks": {"1": 500, ...}, "carried", "step", "button",
        "last_outcome", "marker", "fresh"}``, and ``"gap"``
        (:func:`referee.chips_on_table.gap_json`) only when some seat holds other than its
        stack (so a table whose chips agree keeps the form it had before the gap existed)."""
        out = {"stacks": {str(s): c for s, c in self.stacks.items()}, "carried": self.carried,
               "step": self.step, "button": self.button, "last_outcome": self.last_outcome,
               "marker": self.marker, "fresh": self.fresh}
        if self.gap:
            out["gap"] = gap_json(self.gap)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Carry":
        """The inverse of :meth:`as_dict` (a dict stored before ``marker``, ``fresh`` and
        ``gap`` existed reads as None, False and no differences)."""
        return cls({int(s): c for s, c in data["stacks"].items()}, data["carried"], data["step"],
                   data["button"], data["last_outcome"], data.get("marker"),
                   bool(data.get("fresh", False)), gap_from_json(data.get("gap")))

    def __repr__(self) -> str:
        return f"Carry({self.as_dict()!r})"


class HandItem:
    """One hand of a session as :func:`replay_session` replays it.

    - ``number``: the hand's number in the session (1, 2 ...).
    - ``start``: the :class:`HandStart` (table, stacks, button, carried pot, opening).
    - ``actions``: the hand's action strings.
    - ``replay``: the :class:`HandReplay` after its last action.
    - ``result``: the :class:`HandResult`.
    - ``extra``: the hand's findings about stacks, rebuys and the button (merged into the
      hand's findings by :func:`referee.check`).
    - ``step``: the ladder step of the next hand (:func:`referee.ladder.next_step`).
    - ``gap``: the seats' differences between the chips on the table and their stacks
      after the hand (:data:`referee.chips_on_table.Gap`); by default the start's
      (:attr:`HandStart.table_gap`) with this hand's own added.
    """

    def __init__(self, number: int, start: HandStart, actions: list,
                 replay: HandReplay, result: HandResult, extra: list[Finding],
                 step: int, gap: Gap | None = None) -> None:
        self.number = number
        self.start = start
        self.actions = actions
        self.replay = replay
        self.result = result
        self.extra = extra
        self.step = step
        self.gap = gap if gap is not None else hand_gap(start.table_gap, number, result.pushed,
                                                        result.moves)


def _seat_chips(hand: dict, field: str, what: str, number: int, stacks: dict[int, int],
                extra: list[Finding]) -> list[tuple[int, int]]:
    """The ``(seat, chips)`` pairs of a hand's ``rebuys`` or ``stacks`` object (seat keys,
    whole chips >= 0, seats at the table); anything else becomes an ``unreadable`` finding
    appended to ``extra`` (CONTRACT.md 2: bad input is never guessed at)."""
    given = hand.get(field)
    if given is None:
        return []
    if not isinstance(given, dict):
        extra.append(make("unreadable", None, None,
                          f"hand {number}: '{field}' must be an object (seat: chips)",
                          details={"line": None, "reason": "bad_field", "field": field}))
        return []
    pairs = []
    for key, chips in given.items():
        seat = seat_key(key)
        if seat not in stacks or type(chips) is not int or chips < 0:
            extra.append(make("unreadable", None, seat, f"hand {number}: bad {what} {key!r}: {chips!r}",
                              details={"line": None, "reason": "bad_field", "field": field}))
            continue
        pairs.append((seat, chips))
    return pairs


def hand_start(rules: HouseRules, carry: Carry, hand: dict, number: int
               ) -> tuple[HandStart, list[Finding]]:
    """The start of hand ``number`` from the table before it and the hand's own lines.

    :param rules: the session's :class:`HouseRules`.
    :param carry: the table after the previous hand (:func:`first_carry` before hand 1).
        Not changed.
    :param hand: the hand's object of the session file: ``rebuys`` (chips added between
        hands), ``stacks`` (stated stacks: a difference is a ``stack_mismatch``),
        ``button`` (omitted: the next occupied seat in the direction of play, CONTRACT.md
        1; it stays after a misdeal, Robert's Rules of Poker, Misdeals), ``awards_recorded``.
    :param number: the hand's number in the session (1, 2 ...), for the messages.
    :returns: ``(start, extra)``: the :class:`HandStart` and the findings about stacks,
        rebuys and the button (``stack_mismatch``, ``unreadable``). The start's
        ``table_gap`` is the differences between the chips each seat holds and its stack
        (``carry.gap`` of the seats at the table whose stack the hand does not state:
        :func:`referee.chips_on_table.gap_at_start`).
    """
    extra: list[Finding] = []
    stacks = dict(carry.stacks)
    if "rebuys" in hand:
        for seat, chips in _seat_chips(hand, "rebuys", "rebuy", number, stacks, extra):
            stacks[seat] += chips
    stated = []
    if "stacks" in hand:
        for seat, chips in _seat_chips(hand, "stacks", "stack", number, stacks, extra):
            stated.append(seat)
            if chips != stacks[seat]:
                extra.append(make("stack_mismatch", None, seat, f"seat {seat} starts hand "
                                  f"{number} with {chips}; {stacks[seat]} carried over",
                                  details={"expected": stacks[seat], "recorded": chips}))
                stacks[seat] = chips
    button = carry.button
    given = hand.get("button")
    bad_button = given is not None and (type(given) not in (int, str)
                                        or seat_key(given) not in stacks)
    if bad_button:
        given = None
    if given is not None:
        button = seat_key(given)
    elif button is None:
        ordered = sorted(stacks, reverse=rules.direction != "clockwise")
        button = ordered[-1]
        extra.append(make("unreadable", None, None, f"hand {number}: button "
                          f"{hand.get('button')!r} is not a seat at the table; seat {button} "
                          "assumed" if bad_button else "the first hand does not say where "
                          f"the button is; seat {button} assumed",
                          details={"line": None, "reason": "bad_field", "field": "button",
                                   "assumed": button}))
    else:
        if bad_button:
            extra.append(make("unreadable", None, None, f"hand {number}: button "
                              f"{hand.get('button')!r} is not a seat at the table",
                              details={"line": None, "reason": "bad_field", "field": "button"}))
        button = next_button(rules, carry, stacks)
    assert button is not None  # (given, assumed, or moved on from the last hand)
    anted = ante_due(rules, carry.marker, carry.fresh, button, stacks)
    start = HandStart(rules=rules if anted else without_ante(rules), button=button,
                      stacks=stacks, carried=carry.carried,
                      opening=(rules.opening_after(carry.step)
                               if anted or rules.jackpot_without_pot else None),
                      use_rules_opening=False,
                      awards_recorded=hand.get("awards_recorded", True) is not False,
                      waived_ante=0 if anted else rules.ante,
                      table_gap=gap_at_start(carry.gap, stacks, stated))
    return start, extra


def next_button(rules: HouseRules, carry: Carry, stacks: Mapping[int, int]) -> int | None:
    """The button of the next hand where the log does not say: the same seat after a
    misdeal (Robert's Rules of Poker, Misdeals: the same dealer deals again), else the next
    seat with chips (any seat, with a caja libre: ``table_stakes`` false) in the direction
    of play (CONTRACT.md 1 and 3, ``direction``), also
    when the misdealt button's seat is no longer at the table; None before the first hand.

    :param carry: the table after the last hand (its button and outcome).
    :param stacks: seat -> chips at the start of the next hand (rebuys included); only
        these seats can take the button.
    """
    if carry.button is None:
        return None
    if carry.last_outcome == "misdeal" and carry.button in stacks:
        return carry.button
    return _next_button(rules, carry.button, stacks)


def hand_actions(hand: dict, number: int, extra: list[Finding]) -> list:
    """The hand's ``actions`` list; anything else is an ``unreadable`` finding appended to
    ``extra`` and no actions."""
    actions = hand.get("actions", [])
    if not isinstance(actions, list):
        extra.append(make("unreadable", None, None, f"hand {number}: 'actions' must be a list",
                          details={"line": None, "reason": "bad_field", "field": "actions"}))
        return []
    return actions


def carry_after(carry: Carry, start: HandStart, result: HandResult,
                state: HandState | None = None, gap: Gap | None = None) -> Carry:
    """The table after a hand: its end stacks and carried pot, the ladder step
    (:func:`referee.ladder.next_step`: seed 000, seed 002), its button and outcome, the
    differences between the chips on the table and the stacks (``gap``, the hand's
    :attr:`HandItem.gap`; None: none), and, with ``ante_custom``, the marker and whether
    the next hand is anted afresh (:mod:`referee.ante_custom`; ``state``, the hand's final
    state, tells the customs)."""
    step = next_step(start.rules, carry.step, result.outcome)
    marker, fresh = carry.marker, False
    if start.rules.ante_custom:
        in_middle = marker_in_middle(marker, start.button, start.stacks)
        order = state.order if state is not None else sorted(result.stacks)
        marker = marker_after(marker, in_middle, result.awards, order)
        fresh = state is not None and custom_after(state, result.outcome)
    return Carry(result.stacks, result.carried, step, start.button, result.outcome,
                 marker, fresh, gap)


def first_carry(table: Table) -> Carry:
    """The table before hand 1: the players' starting stacks, nothing carried, no button."""
    return Carry(dict(table.stacks))


def play_hand(rules: HouseRules, carry: Carry, hand: dict, number: int) -> tuple[HandItem, Carry]:
    """Judge one hand from its own start.

    :param rules: the session's rules; ``carry``: the table before the hand; ``hand``: its
        object of the session file; ``number``: its number in the session.
    :returns: ``(item, carry)``: the judged :class:`HandItem` and the table after it.
    """
    start, extra = hand_start(rules, carry, hand, number)
    actions = hand_actions(hand, number, extra)
    replay = HandReplay(start, actions).run()
    result = replay.finish()
    gap = hand_gap(start.table_gap, number, result.pushed, result.moves)
    after = carry_after(carry, start, result, replay.state, gap)
    return HandItem(number, start, actions, replay, result, extra, after.step, gap), after


def replay_session(session: Any, rules: Any = None) -> Iterator[HandItem]:
    """Replay every hand of a session in order, each from its own start
    (:func:`play_hand`).

    :param session: a session dict (CONTRACT.md section 1).
    :param rules: optional rules override (like ``--rules``).
    :returns: an iterator of :class:`HandItem`.
    :raises SessionError: when the file cannot be read at all (see :func:`load`).
    """
    table = load(session, rules)
    carry = first_carry(table)
    for number, hand in enumerate(table.hands, start=1):
        item, carry = play_hand(table.rules, carry, hand, number)
        yield item
