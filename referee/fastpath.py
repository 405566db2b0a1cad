"""The replay's fast path: a regular hand replayed in one lean pass.

Most hands of a night are regular: everyone acts in turn, every amount is legal, the
cards add up and the dealer pushes the pot to the right hand. :func:`replay_regular`
replays such a hand with plain local variables and tuples instead of
:class:`~referee.replay.HandReplay`'s objects and returns exactly the
:class:`~referee.replay.HandResult` the state machine would. The moment a line is
irregular, or is something this pass does not handle (a rebuy, split openers, a deck that
runs out, unseen cards shown, a misdeal, a check-down carried ...), it gives up and returns
None: the caller then replays the hand with :class:`~referee.replay.HandReplay`, which
finds and explains what is wrong. So the only finding this pass ever makes is the
``passed_out`` notice of a deal nobody opened; every other hand it accepts has none.

The rules it applies are those of :mod:`referee.replay` (which cites the seeds and rule
books for each); the pieces that are pure functions (:mod:`referee.turns` for the turn
order and the blinds, :func:`~referee.pots.award_pots`, the pots, the ranking and the
openers) are shared, not copied. The pass is one function over local variables (the
round changes are a block run between lines, not calls), so that it is quick both as
Python and compiled. ``tests/test_replay_fastpath.py`` checks
that ``check(s) == check(s, fast=False)`` on every corpus the tests have, regular and
corrupted.

>>> from referee.rules import resolve_rules
>>> from referee.hand import HandStart
>>> start = HandStart(rules=resolve_rules("jackpots", ante=5, small_bet=10, big_bet=20),
...                   button=2, stacks={1: 100, 2: 100})
>>> r = replay_regular(start, ["p1 ante 5", "p2 ante 5", "p1 open 10", "p2 fold",
...                            "p1 show JsJd4c3h2s", "d award p1 20"])
>>> r.awards, r.stacks, r.findings
({1: 20}, {1: 105, 2: 95}, [])
>>> replay_regular(start, ["p1 ante 5", "p2 ante 5", "p2 open 10"]) is None  # out of turn
True
"""

from __future__ import annotations

from typing import Final, Sequence

from .findings import Finding, make
from .openers import meets_opening, openers_could_be_kept
from .pots import Pot, award_pots, build_pots
from .hand import HandResult, HandStart, table_rules
from .rules import HouseRules
from .turns import blind_seats, blind_size, next_to_bet, play_order

__all__ = ["replay_regular"]


class _Irregular(Exception):
    """Raised inside the pass when a line is irregular or not handled: the full replay runs."""


_SEATS: Final = {f"p{k}": k for k in range(1, 11)}
_NO_WORDS: Final[list[str]] = []  # (the end of the log has no words; never changed)
_NO_SEATS: Final[set[int]] = set()  # (never changed)
_END: Final = object()  # the end of the log (not None: a null in the log is unreadable)
"""Seat tokens of the canonical form (``p1`` .. ``p10``); anything else takes the full path."""

# the phases of the hand (HandReplay's names: predeal, predraw/postdraw, draw, showdown,
# complete)
_PREDEAL: Final = 0
_BETTING: Final = 1
_DRAW: Final = 2
_SHOWDOWN: Final = 3
_COMPLETE: Final = 4


def _cards(token: str) -> tuple[str, ...]:
    """Cards written together (``"AsKd"``), two characters each, unchecked: every use checks
    them against the deck (whose cards are canonical), so ``"asKd"`` or ``"??"`` give up
    there (the full replay reads them). :raises _Irregular: an odd length."""
    n = len(token)
    if n == 10:
        return (token[0:2], token[2:4], token[4:6], token[6:8], token[8:10])
    if n % 2 or not n:
        raise _Irregular
    return tuple([token[k:k + 2] for k in range(0, n, 2)])


def _chips(token: str) -> int:
    """A whole number of chips in plain ASCII digits, as ``str(n)`` writes it.

    :raises _Irregular: anything else (``"+5"``, ``"-5"``, ``"007"``, ``"1_000"``, other
        scripts' digits ...: the full replay reads those, or explains them).
    """
    if not token.isdigit() or not token.isascii() or (token[0] == "0" and len(token) > 1):
        raise _Irregular
    try:
        return int(token)
    except ValueError:  # (more digits than Python converts)
        raise _Irregular from None


def _deal_to(seat: int, cards: tuple[str, ...] | None, pos: dict[int, int], deck: frozenset,
             seen: dict[str, int], dealt_to: set[int], dealt: dict[int, tuple[str, ...]],
             hands: dict[int, list[str]]) -> None:
    """A deal of five cards to a seat dealt in; known cards must be new to the deck. (A
    second deal to a seat gives up: the full replay decides.)"""
    if seat not in pos or seat in dealt_to:
        raise _Irregular
    dealt_to.add(seat)
    if cards is None:
        return
    if len(cards) != 5:
        raise _Irregular
    for c in cards:
        if c not in deck or c in seen:  # (a card outside the deck, seen before or twice)
            raise _Irregular
        seen[c] = seat
    dealt[seat] = cards
    hands[seat] = list(cards)


def _show(seat: int, cards: tuple[str, ...], shown: dict[int, tuple[str, ...]], deck: frozenset,
          seen: dict[str, int], own_discards: dict[int, set[str]],
          served_known: dict[int, list[str]], held: list[str]) -> None:
    """A hand tabled: five cards of the deck, each unseen or the seat's own (not one it threw
    away and was not served back), holding every card the seat is known to hold (``held``,
    ``??`` for cards not seen). A second show of the same hand changes nothing."""
    if seat in shown:
        if sorted(cards) != sorted(shown[seat]):
            raise _Irregular  # a second, different hand shown
        return
    if len(cards) != 5:
        raise _Irregular  # a partial show (openers) or a hand of other than five
    for c in held:
        if c != "??" and c not in cards:
            raise _Irregular  # not the hand the seat holds as logged
    in_hand: set[str] = set()
    for c in cards:
        if c not in deck or c in in_hand:
            raise _Irregular
        in_hand.add(c)
        holder = seen.get(c)
        if holder is None:
            seen[c] = seat
        elif holder != seat:
            raise _Irregular
        elif c in own_discards.get(seat, ()) and c not in served_known.get(seat, ()):
            raise _Irregular
    shown[seat] = cards


def _seat_players(seats: list[int], start: HandStart, anted: dict[int, int]) -> tuple:
    """The seats dealt in, fixed: ``(order, cyc, pos, rules, deck, stub, reserve, hands,
    contrib, bets)``: play order (and twice over), seat -> position, the table's rules and
    deck (rule of 11: they depend on the players), the stub after the deal, the card kept
    back, unseen hands, and the chips in (antes so far) and bet this round.

    :raises _Irregular: a seat without chips (not dealt in), fewer than two seats, or two
        jokers (the same card twice is legal: the full replay keeps that account).
    """
    for s in seats:
        if start.stacks.get(s, 0) <= 0:
            raise _Irregular
    order = play_order(seats, start.button, start.rules.direction == "clockwise")
    n = len(order)
    if n < 2:
        raise _Irregular
    rules, deck, size = table_rules(start.rules, n)
    if rules.jokers > 1:
        raise _Irregular
    contrib = dict.fromkeys(order, 0)
    if not start.rules.big_blind_ante:
        contrib.update(anted)
    return (order, order * 2, {s: k for k, s in enumerate(order)}, rules, deck, size - 5 * n,
            0 if rules.deal_last_card else 1, {s: ["??"] * 5 for s in order}, contrib,
            dict.fromkeys(order, 0))


def replay_regular(start: HandStart, actions: Sequence[str]) -> HandResult | None:
    """Replay a hand that is regular from its first line to its last, fast.

    :param start: the table as the hand starts (as for :class:`~referee.replay.HandReplay`).
    :param actions: the hand's action strings (CONTRACT.md section 2).
    :returns: the :class:`~referee.replay.HandResult` that
        ``HandReplay(start, actions).run().finish()`` returns (findings empty, or the one
        ``passed_out`` notice), or None when some line is irregular or outside what this
        pass handles (then run the full replay: it is the one that explains).
    """
    try:
        return _replay(start, actions)
    except _Irregular:
        return None


def _replay(start: HandStart, actions: Sequence[str]) -> HandResult:  # noqa: C901 - one pass
    """The pass itself; raises :class:`_Irregular` to give up (see :func:`replay_regular`).

    Who is dealt in (as :class:`~referee.replay.HandReplay` decides it): in a game without
    antes (or with the big blind's ante) every seat with chips, known before the first
    line; in a game with antes the seats that ante, known when the betting begins (a seat
    that shows up later without its ante is a ``missing_ante``: the full replay). Deals
    seen before that wait for it (the deck depends on the players: rule of 11).

    A line that ends a betting round or the draw sets ``start_round`` / ``end_round``; the
    block at the top of the loop carries the change out before the next line (or after the
    last), as :class:`~referee.replay.HandReplay` does right after the line.
    """
    stacks0 = start.stacks
    rules0 = start.rules
    button: int = start.button
    ante_game: bool = rules0.ante > 0 and not rules0.big_blind_ante
    opening_min = start.opening
    carried_in: int = start.carried
    fixed: bool = rules0.betting == "fixed_limit"
    pot_limit: bool = rules0.betting == "pot_limit"
    bb_ante: bool = rules0.big_blind_ante
    has_opening: bool = rules0.opening is not None
    draws: int = rules0.draws
    small_bet: int = rules0.small_bet
    big_bet: int = rules0.big_bet
    nl_min: int = max(rules0.min_bet, rules0.big_blind, 1)
    raise_cap = rules0.raise_cap
    max_draw: int = rules0.max_draw

    stacks = dict(stacks0)
    dead = 0  # chips put in that are no seat's stake (the big blind's ante)
    out: set[int] = set()  # the seats that folded or mucked
    allin: set[int] = set()
    anted: dict[int, int] = {}  # seat -> chips anted
    dealt: dict[int, tuple[str, ...]] = {}
    dealt_to: set[int] = set()
    waiting_deals: list[tuple[int, tuple[str, ...] | None]] = []
    seen: dict[str, int] = {}
    discards: dict[int, list[str]] = {}
    own_discards: dict[int, set[str]] = {}
    served_known: dict[int, list[str]] = {}
    drawn_total: dict[int, int] = {}
    expect_serve: dict[int, int] = {}
    got_serve: dict[int, int] = {}
    shown: dict[int, tuple[str, ...]] = {}
    blinds: list[tuple[int, int]] = []
    recorded: list[tuple[int, int, int]] = []
    findings: list[Finding] = []
    acted: dict[int, int] = {}
    acted_high: dict[int, int] = {}
    drew: set[int] = set()
    order: list[int]
    cyc: list[int]
    pos: dict[int, int]
    hands: dict[int, list[str]]
    contrib: dict[int, int]
    bets: dict[int, int]
    rules: HouseRules
    deck: frozenset
    stub = reserve = 0
    opener: int | None = None
    opener_left_index: int | None = None
    winner: int | None = None
    outcome: str | None = None
    opener_false: bool | None = None
    phase = _PREDEAL
    rnd = draw_no = high = last_raise = raises = full_seq = 0
    cursor = -1
    due: int | None = None
    round_first: int | None = None
    aggressor: int | None = None
    showdown_first: int | None = None
    start_round = end_round = False
    trigger = 0  # the line after which the round changed (a finding's action index)
    if not ante_game:  # the seats are known: every seat with chips
        (order, cyc, pos, rules, deck, stub, reserve, hands, contrib,
         bets) = _seat_players([s for s, c in stacks0.items() if c > 0], start, anted)
    else:  # the seats that ante (when the betting begins)
        order, cyc, pos, rules, deck = [], [], {}, rules0, frozenset()
        hands, contrib, bets = {}, {}, {}
    n = len(order)

    cards: tuple[str, ...] | None = None
    lines: list[object] = list(actions)  # (object: compiled code checks declared types)
    lines.append(_END)  # the end of the log: round changes still pending are made
    i = -1
    for line in lines:
        i += 1
        parts = _NO_WORDS
        verb = ""
        words = 0
        if line is not _END:
            if not isinstance(line, str):
                raise _Irregular
            parts = line.split()
            words = len(parts)
            if words < 2:
                raise _Irregular
            verb = parts[1]
            if (phase == _PREDEAL and parts[0] != "d" and verb != "ante" and verb != "blind"
                    and verb != "straddle"):
                # the first other player line: every ante in, the betting begins
                if verb == "show" or verb == "muck":
                    raise _Irregular
                if not order:  # a game with antes: the seats that anted are dealt in
                    (order, cyc, pos, rules, deck, stub, reserve, hands, contrib,
                     bets) = _seat_players(list(anted), start, anted)
                    n = len(order)
                for s, held_cards in waiting_deals:
                    _deal_to(s, held_cards, pos, deck, seen, dealt_to, dealt, hands)
                if ante_game and len(anted) != n:
                    raise _Irregular  # missing_ante
                start_round, trigger = True, i
        if start_round or end_round:
            # ---------------------------------------------- a betting round begins or ends
            if start_round:
                start_round = False
                first: int | None = None
                if rnd == 0:
                    phase = _BETTING
                    first = order[0]
                    if blinds:
                        last = blinds[-1][0]
                        if last in pos:
                            first = order[(pos[last] + 1) % n]
                    size = small_bet if fixed else nl_min
                    last_raise = (size if size > high else high) if blinds else size
                else:
                    phase = _BETTING
                    for s in order:  # (bets is keyed by the seats dealt in)
                        bets[s] = 0
                    high = raises = 0
                    last_raise = (small_bet if draws == 3 and rnd == 1 else big_bet) if fixed \
                        else nl_min
                    acted.clear()
                    acted_high.clear()
                    aggressor = None
                    if opener is not None and has_opening and not blinds:
                        p = pos[opener]
                        for s in cyc[p:p + n]:
                            if s not in out and s not in allin:
                                first = s
                                break
                    if first is None:
                        for s in order:
                            if s not in out and s not in allin:
                                first = s
                                break
                round_first = first
                cursor = pos[first] - 1 if first is not None else -1
                due = next_to_bet(cyc, cursor + 1, n, out, _NO_SEATS, allin, bets, high, acted)
                end_round = due is None
            if end_round:
                end_round = False
                live = [s for s in order if s not in out]
                nobody_bet = high == 0 and not any(bets.values())
                if len(live) == 1:
                    phase, outcome, winner = _COMPLETE, "uncontested", live[0]
                elif not live:
                    raise _Irregular
                elif rnd == 0 and nobody_bet and has_opening and not blinds and opener is None:
                    phase, outcome = _COMPLETE, "passed_out"
                    findings.append(make("passed_out", trigger, None, "nobody opened: the pot "
                                         "stays for the next deal and everyone antes again"))
                elif rnd != 0 and rnd >= draws:
                    if (nobody_bet and rules0.checkdown == "carry"
                            and len([s for s in live if s not in allin]) >= 2):
                        raise _Irregular  # the check-down carried: left to the full replay
                    phase = _SHOWDOWN
                    for s in order:
                        bets[s] = 0
                    first = aggressor if aggressor is not None else round_first
                    if first not in live:
                        first = None
                        if round_first is not None:
                            p = pos[round_first]
                            for s in cyc[p:p + n]:
                                if s in live:
                                    first = s
                                    break
                    showdown_first = first
                else:
                    phase = _DRAW
                    draw_no += 1
                    drew.clear()
                    for s in order:
                        bets[s] = 0
        if line is _END:
            break
        if parts[0] == "d":
            # ---------------------------------------------------------- dealer lines
            if verb == "note":
                continue
            if words != 4:
                raise _Irregular
            seat = _SEATS.get(parts[2])
            if seat is None or seat not in stacks0:
                raise _Irregular
            arg = parts[3]
            if recorded and verb != "award":
                raise _Irregular  # a card dealt after the pot was pushed
            if verb == "award":
                recorded.append((i, seat, _chips(arg)))
                continue
            cards = None
            if arg.isdigit() and arg.isascii():
                number = _chips(arg)  # (a count as str(n) writes it, or the full replay)
            else:
                cards = _cards(arg)
                number = len(cards)
            if verb == "serve":
                if seat not in pos:
                    raise _Irregular
                expected = expect_serve.get(seat)
                if expected is None:
                    if seat not in drew:
                        raise _Irregular  # served without drawing
                    expected = 0
                before = got_serve.get(seat, 0)
                got = before + number
                got_serve[seat] = got
                if got != expected:
                    raise _Irregular  # more or fewer cards than asked for
                hand = hands[seat]
                drop = min(hand.count("??"), expected - before) if before < expected else 0
                if drop > number:
                    drop = number
                if drop > 0:
                    at = hand.index("??")
                    if hand[at:at + drop].count("??") == drop:
                        del hand[at:at + drop]
                    else:
                        for _ in range(drop):
                            hand.remove("??")
                if cards is not None:
                    own = own_discards.get(seat, ())
                    for c in cards:
                        if c not in deck or c in own or c in hand or seen.get(c, seat) != seat:
                            raise _Irregular
                        seen[c] = seat
                        hand.append(c)
                    got_cards = served_known.get(seat)
                    if got_cards is None:
                        served_known[seat] = list(cards)
                    else:
                        got_cards.extend(cards)
                else:
                    hand.extend(["??"] * number)
            elif verb == "deal":
                if phase != _PREDEAL or number != 5:
                    raise _Irregular
                if order:
                    _deal_to(seat, cards, pos, deck, seen, dealt_to, dealt, hands)
                else:
                    waiting_deals.append((seat, cards))
            else:
                raise _Irregular
            continue
        # ------------------------------------------------------------- player lines
        seat = _SEATS.get(parts[0])
        if seat is None or (recorded and verb != "show" and verb != "muck"):
            raise _Irregular
        if phase == _BETTING:
            # the common case: a bet in turn
            if seat != due:
                raise _Irregular  # out of turn (or not in the hand, folded, all in)
            bet = bets[seat]
            owed = high - bet
            if verb == "call":
                if words == 3:
                    number = _chips(parts[2])
                    if owed <= 0:
                        if number != bet:
                            raise _Irregular
                    elif number != min(high, bet + stacks[seat]):
                        raise _Irregular
                elif words != 2:
                    raise _Irregular
                if owed > 0:
                    have = stacks[seat]
                    chips = owed if owed < have else have
                    stacks[seat] = have - chips
                    contrib[seat] += chips
                    bets[seat] = bet + chips
                    if have == chips:
                        allin.add(seat)
            elif verb == "check":
                if owed > 0 or words != 2:
                    raise _Irregular
            elif verb == "fold":
                if words != 2:
                    raise _Irregular
                out.add(seat)
                if seat == opener and seat not in shown:
                    opener_left_index = i
            elif verb == "bet" or verb == "raise" or verb == "open" or verb == "allin":
                have = stacks[seat]
                if verb == "allin":
                    if words != 2:
                        raise _Irregular
                    total = bet + have
                elif words == 3:
                    total = _chips(parts[2])
                else:
                    raise _Irregular
                if total > bet + have:
                    raise _Irregular  # bet_too_large
                all_in = total == bet + have
                if total <= high:
                    if not all_in:
                        raise _Irregular  # bet_too_small
                else:
                    opening = high == 0
                    increment = total - high
                    size = (small_bet if rnd == 0 or (draws == 3 and rnd == 1) else big_bet) \
                        if fixed else 0
                    min_bet = size if fixed else nl_min
                    if opening:
                        if fixed:
                            if total != size and not (all_in and total < size):
                                raise _Irregular
                        elif total < min_bet and not all_in:
                            raise _Irregular
                        if pot_limit and total > (carried_in + sum(contrib.values())
                                                  + dead):
                            raise _Irregular
                        if rnd == 0 and opener is None and not blinds:
                            opener = seat
                            held = dealt.get(seat)
                            if opening_min is not None and held is not None:
                                if not meets_opening(held, opening_min, rules, n):
                                    raise _Irregular  # unjustified_opening
                                opener_false = False
                        full = not all_in or increment >= min_bet or fixed and 2 * increment >= size
                    else:
                        if not (seat not in acted or full_seq > acted[seat]
                                or high - acted_high.get(seat, high)
                                >= (size if fixed else last_raise)):
                            raise _Irregular  # not_reopened
                        if fixed:
                            if total != high + size and not (all_in and total < high + size):
                                raise _Irregular
                            raises += 1
                            if (raise_cap is not None and raises > raise_cap and len(
                                    [s for s in order if s not in out]) > 2):
                                raise _Irregular  # raise_cap
                            full = increment >= size or 2 * increment >= size
                        else:
                            full = increment >= last_raise
                            if not full and not all_in:
                                raise _Irregular
                            if pot_limit and total > high + (carried_in + sum(contrib.values())
                                                            + dead) + owed:
                                raise _Irregular
                    if full:
                        full_seq += 1
                        if not fixed:
                            floor = min_bet if opening else last_raise
                            last_raise = increment if increment > floor else floor
                    high = total
                    aggressor = seat
                chips = total - bet
                stacks[seat] = have - chips
                contrib[seat] += chips
                bets[seat] = total
                if have == chips:
                    allin.add(seat)
            else:
                raise _Irregular
            acted[seat] = full_seq
            acted_high[seat] = high
            cursor = pos[seat]
            due = next_to_bet(cyc, cursor + 1, n, out, _NO_SEATS, allin, bets, high, acted)
            if due is None:
                end_round, trigger = True, i
            continue
        if phase == _DRAW:
            if seat not in pos or seat in out or seat in drew:
                raise _Irregular
            if verb == "draw":
                if words == 3:
                    cards = None
                elif words == 4:
                    cards = _cards(parts[3])
                else:
                    raise _Irregular
                k = _chips(parts[2])
                if cards is not None and len(cards) != k:
                    raise _Irregular
                for s in order:
                    if s not in drew and s not in out:
                        if s != seat:
                            raise _Irregular  # out of turn
                        break
                if k > max_draw:
                    raise _Irregular
                drew.add(seat)
                if opening_min is not None:  # (only openers need the count)
                    drawn_total[seat] = drawn_total.get(seat, 0) + k
                hand = hands[seat]
                if cards is not None:
                    for c in cards:
                        if c not in deck or seen.get(c, seat) != seat:
                            raise _Irregular
                        seen[c] = seat
                        if c in hand:
                            hand.remove(c)
                        elif "??" in hand:
                            hand.remove("??")
                        else:
                            raise _Irregular  # a card it was not dealt
                    if draw_no == 1 and opening_min is not None:  # (openers judged later)
                        known = discards.get(seat)
                        if known is None:
                            discards[seat] = list(cards)
                        else:
                            known.extend(cards)
                        if seat == opener and opening_min is not None:
                            held = dealt.get(seat)
                            if held is not None and not meets_opening(
                                    [c for c in held if c not in cards], opening_min, rules, n):
                                raise _Irregular  # openers broken without declaring the split
                    thrown = own_discards.get(seat)
                    if thrown is None:
                        own_discards[seat] = set(cards)
                    else:
                        thrown.update(cards)
                elif k:
                    if k <= hand.count("??"):
                        for _ in range(k):
                            hand.remove("??")
                    else:
                        hand = ["??"] * max(0, len(hand) - k)
                        hands[seat] = hand
                if k:
                    hand.extend(["??"] * k)
                    if k > stub - reserve:
                        raise _Irregular  # the stub runs out: the full replay reshuffles
                    stub -= k
                expect_serve[seat] = k
                got_serve.pop(seat, None)
            elif verb == "fold" and words == 2:
                out.add(seat)
                if seat == opener and seat not in shown:
                    opener_left_index = i
                live = [s for s in order if s not in out]
                if len(live) == 1:
                    phase, outcome, winner = _COMPLETE, "uncontested", live[0]
                    continue
            else:
                raise _Irregular
            for s in order:
                if s not in drew and s not in out:
                    break
            else:
                rnd += 1  # everyone drew: the next betting round
                start_round, trigger = True, i
            continue
        if phase == _PREDEAL:
            if words != 3:
                raise _Irregular
            number = _chips(parts[2])
            if verb == "ante":
                if seat in anted or (order and seat not in pos) or (ante_game and blinds):
                    raise _Irregular  # (an ante after the blinds: the seats were fixed)
                owed = rules0.ante
                if bb_ante and blind_seats(order, button)[1] != seat:
                    owed = 0
                have = stacks.get(seat, 0)  # (after a blind it posted before its ante)
                if not owed or number > owed or number < min(owed, have) or have <= 0:
                    raise _Irregular
                chips = number if number < have else have
                stacks[seat] = have - chips
                anted[seat] = chips
                if bb_ante:
                    dead += chips
                elif order:
                    contrib[seat] += chips
                if have == chips:
                    allin.add(seat)
                continue
            # a blind or a straddle
            if not rules0.blinds_allowed:
                raise _Irregular
            if not order:  # a game with antes: the seats that anted are dealt in
                (order, cyc, pos, rules, deck, stub, reserve, hands, contrib,
                 bets) = _seat_players(list(anted), start, anted)
                n = len(order)
            if seat not in pos:
                raise _Irregular
            small, big = blind_seats(order, button)
            want = big if (verb == "straddle" or blinds) else small
            if blinds:
                want = order[(pos[blinds[-1][0]] + 1) % n]
            have = stacks[seat]
            size = blind_size(rules, blinds, carried_in + sum(contrib.values())
                              + dead)
            if seat != want or number >= have or (size and number != size):
                raise _Irregular  # (a blind that puts the seat all in: the full replay)
            stacks[seat] = have - number
            contrib[seat] += number
            bets[seat] += number
            blinds.append((seat, bets[seat]))
            if bets[seat] > high:
                high = bets[seat]
            continue
        if seat not in pos:
            raise _Irregular
        if phase == _SHOWDOWN:
            if verb == "show":
                if words != 3:
                    raise _Irregular
                if seat not in out:
                    p = pos[showdown_first] if showdown_first in pos else -1
                    for s in (cyc[p:p + n] if p >= 0 else order):
                        if s == seat:
                            break
                        if s not in out and s not in shown:
                            raise _Irregular  # showdown_order
                _show(seat, _cards(parts[2]), shown, deck, seen, own_discards, served_known,
                      hands[seat])
            elif ((verb == "muck" or verb == "fold") and words == 2
                  and seat not in out):
                out.add(seat)
                if seat == opener and seat not in shown:
                    opener_left_index = i
            else:
                raise _Irregular
            continue
        # the hand is over (uncontested or passed out)
        if verb == "show" and words == 3:
            _show(seat, _cards(parts[2]), shown, deck, seen, own_discards, served_known,
                      hands[seat])
        elif (verb == "muck" or verb == "fold") and words == 2:
            if seat == opener and seat not in shown:
                opener_left_index = i
        else:
            raise _Irregular  # not_in_hand

    # ------------------------------------------------------------------ finish
    if phase == _PREDEAL or phase == _BETTING or phase == _DRAW:
        raise _Irregular  # the log stops before the hand is decided
    total = carried_in + sum(contrib.values()) + dead
    if opener is not None and opener_false is None and opening_min is not None:
        held = shown.get(opener)
        if held is not None:  # openers judged from the hand shown (the deal not recorded)
            served = [c for c in served_known.get(opener, ()) if c in held]
            if not openers_could_be_kept(held, min(5, drawn_total.get(opener, 0)),
                                         discards.get(opener, []), served, opening_min,
                                         rules, n):
                raise _Irregular
            opener_false = False
    live = [s for s in order if s not in out]
    if phase == _SHOWDOWN and outcome is None and len(live) == 1:
        outcome, winner = "uncontested", live[0]
    pots: list[Pot] = []
    awards: dict[int, int] = {}
    carried = 0
    if outcome == "passed_out":
        carried = total
    elif outcome == "uncontested" and winner is not None:
        if (winner == opener and opening_min is not None and winner not in shown
                and opener_false is None):
            raise _Irregular  # openers_not_shown: the pot stays
        if (opener is not None and opener != winner and opener_left_index is not None
                and opener_false is None and opening_min is not None
                and opener not in shown and opener not in dealt):
            raise _Irregular  # openers_not_shown (a warning)
        pots = [Pot(total, (winner,))]
        awards = {winner: total}
    elif phase == _SHOWDOWN:
        outcome = "showdown"
        if (opener is not None and opening_min is not None and opener_false is None
                and opener not in shown and opener_left_index is not None):
            raise _Irregular  # openers_not_shown (a warning)
        pots = build_pots(contrib, live, carried_in + dead)
        found = award_pots(pots, live, shown, set(), rules, n, order) if pots else None
        if found is None:
            raise _Irregular  # undecided (hands not shown) or nobody left
        awards = found
    else:
        raise _Irregular
    pushed: dict[int, int] = {}
    for _, to, amount in recorded:
        pushed[to] = pushed.get(to, 0) + amount
    if recorded:
        for to, chips in pushed.items():
            if chips != awards.get(to, 0):
                raise _Irregular  # wrong_award / chips_not_conserved
        for to, chips in awards.items():
            if chips != pushed.get(to, 0):
                raise _Irregular
    elif start.awards_recorded and any(awards.values()):
        raise _Irregular  # no award line: wrong_award at the last action
    for to, chips in awards.items():
        stacks[to] = stacks.get(to, 0) + chips
    return HandResult(findings, pots, awards, pushed, stacks, carried, outcome or "",
                      opened=opener is not None or bool(blinds)
                      or outcome in ("showdown", "uncontested"))
