"""Random legal draw hands, played by PokerKit and logged as tapete sessions side by side.

One generated hand is PokerKit's state machine driven by a seeded ``random.Random``: at
each step a random legal action (fold, check/call, complete/bet/raise to a random legal
amount, a random discard), recorded at the same time as a CONTRACT.md action string and
as a PHH action. The result carries PokerKit's final stacks (the independent answer), the
tapete/1 session (what ``referee.check`` replays) and the PHH fields of the same hand.

The games (``game``), played by card-room rules:

- ``lowball``, PokerKit's own deuce-to-seven games: ``no_limit`` is
  ``NoLimitDeuceToSevenLowballSingleDraw`` (PHH ``N2L1D``), ``fixed_limit`` is
  ``FixedLimitDeuceToSevenLowballTripleDraw`` (PHH ``F2L3D``); tapete rules
  ``{"preset": "deuce_to_seven", "betting": ..., "draws": 1|3, ...}``;
- ``high``, five-card draw for high hands, one draw, built from ``pokerkit.State`` with
  ``StandardHighHand`` (custom PHH codes ``N5CD``/``F5CD``, see ``referee.phh``); tapete
  rules ``{"preset": "basico", "betting": ..., "blinds_allowed": true, ...}`` (seed 003:
  no opening minimum, 52 cards, full house over flush, suits never break ties);

and, from :func:`generate_rulebook_hand` (issue 11), deuce-to-seven single and triple draw
in no limit, pot limit and fixed limit with short stacks that a forced bet takes whole,
played by the rule books' caps and completion (its docstring lists them);

all with 52 cards, no opening minimum,
blinds (or, in some hands, antes alone), optional antes (every seat, or the big blind's
ante for the table), 2-6 players on random physical seats with uneven stacks so that
all-ins make side pots.

Where PokerKit is more permissive than the card-room rules the referee applies, the
generator only takes the choices both accept, so every hand is legal for both:

- fixed-limit raises stay within a bet and three raises per round, counting the big blind
  as the bet (RRoP section 3; PokerKit would allow four raises over the blind);
- a seat that has acted may not raise again after a short all-in that was not a full raise
  (TDA 47, RRoP section 3); in fixed limit nobody raises over a short all-in at all
  (PokerKit lets a seat raise it by a full bet, where card rooms "complete" the bet);
- the draws never use the stub's last card, nor the cards PokerKit burns before each draw
  (RRoP "Draw poker": the bottom card is not dealt);
- showdown order (CONTRACT.md section 2; RRoP section 4): the last aggressor of the final
  betting round (a short all-in bet or raise counts), else the first live seat after the
  button that still had chips (the first to speak), else, all being all-in, the first live
  seat after the button; then clockwise. Everyone shows (no mucks).

>>> h = generate_hand(7)
>>> sum(h.final_stacks.values()) == sum(h.starting_stacks.values())
True
>>> h.session["hands"][0]["actions"][-1].startswith("d award")
True
"""

from __future__ import annotations

import copy
import random
import warnings
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    AntePosting,
    Automation,
    BettingStructure,
    BlindOrStraddlePosting,
    Deck,
    FixedLimitDeuceToSevenLowballTripleDraw,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    Opening,
    StandardHighHand,
    StandardLowHand,
    State,
    Street,
)
from pokerkit.notation import parse_action

RANKS = "23456789TJQKA"
SUITS = "shdc"
DECK = tuple(r + s for r in RANKS for s in SUITS)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Dealing, burning, discards and showdown are driven by hand so that every card is known."""

ANTE_MODES = ("none", "each", "big_blind")

SKIP_SHORT_ALLIN = (
    "PokerKit raised a fixed-limit all-in of less than half a bet by a full bet over it; "
    "RRoP section 3, rule 6: \"a player facing an all-in wager of less than half a bet "
    "may fold, call, or complete the wager\" (the referee flags the raise)")
SKIP_SHORT_BIG_BLIND = (
    "PokerKit lowered the bring-in to a big blind all in for less (the call to the chips "
    "posted, the minimum raise from them); RRoP section 2 (Button and blind use), rule 1: "
    "\"The minimum bring-in and allowable raise sizes for the opener ... remain the same "
    "even when the player in the blind does not have enough chips to post the full "
    "amount\" (the referee asks the full big blind)")
SKIP_REASONS = (SKIP_SHORT_ALLIN, SKIP_SHORT_BIG_BLIND)
"""Why :func:`generate_rulebook_hand` marks a hand ``skip``: PokerKit's play breaks a rule
book there (the differential test counts them and compares the rest)."""
BETTING_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}
STRUCTURES = {"fixed_limit": BettingStructure.FIXED_LIMIT, "pot_limit": BettingStructure.POT_LIMIT,
              "no_limit": BettingStructure.NO_LIMIT}


@dataclass
class GeneratedHand:
    """One random legal hand.

    - ``seed``: the ``random.Random`` seed that reproduces it.
    - ``session``: tapete/1 session (one hand) as ``referee.check`` takes it.
    - ``starting_stacks``/``final_stacks``: chips by physical seat; the final ones are
      PokerKit's.
    - ``awards``: chips pushed to each seat at the end by PokerKit (own uncalled bet
      included), by seat; the ``d award`` lines of the session.
    - ``order``: physical seats in PHH position order (first after the button .. button).
    - ``phh``: the same hand as PHH fields (``variant``, ``antes`` ... ``finishing_stacks``).
    - ``variant``: ``"N2L1D"``, ``"F2L3D"`` (PokerKit reads these) or ``"N5CD"``/``"F5CD"``;
      :func:`generate_rulebook_hand` also ``"P2L1D"``, ``"F2L1D"``, ``"N2L3D"``, ``"P2L3D"``.
    - ``skip``: None, or why PokerKit's result breaks a rule book for this hand (the rule
      named): the differential test does not compare it, and counts it.
    """

    seed: int
    session: dict
    starting_stacks: dict[int, int]
    final_stacks: dict[int, int]
    awards: dict[int, int]
    order: list[int]
    phh: dict = field(default_factory=dict)
    variant: str = ""
    skip: str | None = None

    @property
    def actions(self) -> list[str]:
        return self.session["hands"][0]["actions"]


def generate_hand(seed: int, *, betting: str | None = None, players: int | None = None,
                  ante_mode: str | None = None, game: str | None = None) -> GeneratedHand:
    """Play one random legal hand with PokerKit and log it for tapete.

    :param seed: seed of the ``random.Random`` that makes every choice (int).
    :param betting: ``"no_limit"`` or ``"fixed_limit"``; None picks one at random.
    :param game: ``"lowball"`` (2-7: single draw in no limit, triple draw in fixed limit)
        or ``"high"`` (five-card draw for high hands, one draw); None picks at random.
    :param players: 2..6; None picks at random.
    :param ante_mode: ``"none"``, ``"each"`` (every seat antes) or ``"big_blind"`` (the big
        blind antes for the table); None picks at random.
    :returns: a :class:`GeneratedHand`; chips are ints.
    :raises AssertionError: if PokerKit and the generator's own bookkeeping disagree.
    """
    saved = random.getstate()  # PokerKit shuffles its own deck with the global random
    try:
        return _generate(seed, betting, players, ante_mode, game)
    finally:
        random.setstate(saved)


def _high_draw_state(betting: str, antes: list[int], blinds: list[int], unit: int,
                     stacks: list[int], n: int) -> State:
    """PokerKit five-card draw for high hands, one draw: blinds/antes, then a betting round,
    the draw (after a burn), a second betting round (small bet, then big bet in fixed
    limit; RRoP section 11)."""
    fixed = betting == "fixed_limit"
    cap = 4 if fixed else None
    streets = (Street(False, (False,) * 5, 0, False, Opening.POSITION, unit, cap),
               Street(True, (), 0, True, Opening.POSITION, 2 * unit if fixed else unit, cap))
    return State(AUTOMATIONS, Deck.STANDARD, (StandardHighHand,), streets,
                 BettingStructure.FIXED_LIMIT if fixed else BettingStructure.NO_LIMIT,
                 False, antes, blinds, 0, stacks, n, mode=Mode.CASH_GAME)


def _seats_and_button(rng: random.Random, n: int) -> tuple[list[int], int, list[int]]:
    """``n`` physical seats (1-10, sorted), the button among them, and the seats in PHH
    position order (first after the button .. the button)."""
    seats = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(seats)
    k = seats.index(button)
    return seats, button, seats[k + 1:] + seats[:k + 1]


def _antes_list(ante_mode: str, ante: int, n: int) -> list[int]:
    """PokerKit's antes by position: every seat, the big blind's for the table, or none."""
    if ante_mode == "each":
        return [ante] * n
    antes = [0] * n
    if ante_mode == "big_blind":
        antes[1] = ante  # heads-up PokerKit reverses the list: p1, the big blind, pays it
    return antes


def _generate(seed: int, betting: str | None, players: int | None, ante_mode: str | None,
              game: str | None) -> GeneratedHand:
    rng = random.Random(seed)
    game = game or rng.choice(("lowball", "lowball", "high"))
    betting = betting or rng.choice(("no_limit", "fixed_limit"))
    n = players or rng.randint(2, 6)
    ante_mode = ante_mode or rng.choice(ANTE_MODES)
    small_blind = rng.choice((1, 2, 5, 10, 25))
    unit = 2 * small_blind  # the big blind, the minimum bet (no limit), the small bet (fixed)
    # Some hands are played for antes alone, without blinds ("pot" games, seeds 000-003).
    blinds_on = ante_mode != "each" or rng.random() < 0.6
    if blinds_on:
        big_blind = unit
    else:
        small_blind = big_blind = 0
    ante = 0 if ante_mode == "none" else rng.choice((1, small_blind or 1, unit))
    seats, button, order = _seats_and_button(rng, n)
    # Uneven stacks: some short (side pots), never too short to post ante and blind.
    floor = ante + big_blind + 1
    stacks = [rng.choice((rng.randint(floor, 6 * unit), rng.randint(floor, 40 * unit),
                          rng.randint(20 * unit, 200 * unit))) for _ in range(n)]
    antes = _antes_list(ante_mode, ante, n)
    blinds = [small_blind, big_blind] + [0] * (n - 2)
    if game == "high":
        draws = 1
        state = _high_draw_state(betting, antes, blinds, unit, stacks, n)
        variant = BETTING_LETTER[betting] + "5CD"
    elif betting == "no_limit":
        draws = 1
        state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, False, antes, blinds, unit, stacks, n, mode=Mode.CASH_GAME)
        variant = "N2L1D"
    else:
        draws = 3
        state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            AUTOMATIONS, False, antes, blinds, unit, 2 * unit, stacks, n,
            mode=Mode.CASH_GAME)
        variant = "F2L3D"

    rules: dict[str, Any] = {"preset": "deuce_to_seven" if game == "lowball" else "basico",
                             "betting": betting, "draws": draws,
                             "small_blind": small_blind, "big_blind": big_blind, "ante": ante,
                             "min_bet": unit}
    if game == "high" and blinds_on:
        rules["blinds_allowed"] = True  # basico (seed 003) has no blinds of its own
    if ante_mode == "big_blind":
        rules["big_blind_ante"] = True
    if betting == "fixed_limit":
        rules.update(small_bet=unit, big_bet=2 * unit, raise_cap=3)
    play = _Play(seed, rng, state, betting, draws, unit, order, stacks, any(blinds),
                 rulebook=False)
    return play.result(rules, seats, button, variant, antes, blinds)


def generate_rulebook_hand(seed: int) -> GeneratedHand:
    """One random legal deuce-to-seven hand played by the rule books (RRoP section 3)
    where they and PokerKit can differ, for the differential test of issue 11.

    The mix: single draw (``draws`` 1) or triple draw (3) in no limit, pot limit or fixed
    limit (PHH ``N2L1D`` ``P2L1D`` ``F2L1D`` ``N2L3D`` ``P2L3D`` ``F2L3D``), 2-6 players,
    blinds with no ante, antes from every seat or the big blind's ante, or antes alone;
    uneven stacks, some short enough that an ante or a blind takes the whole stack
    (including a big blind all in for less than the small blind heads-up). PokerKit plays
    a ``pokerkit.State`` with ``StandardLowHand`` and no raise cap of its own; the
    generator keeps to the card-room rules the referee applies:

    - the raise cap (fixed limit; tapete ``raise_cap: "auto"``), RRoP section 3, rule 3:
      with three or more players not all in, a bet and four raises with one draw (two
      betting rounds), a bet and three raises with three draws; rule 4: unlimited once the
      action is heads-up before the cap was reached, and a fold after the cap does not lift
      it. Before the draw the big blind is the bet; only full raises count;
    - RRoP section 3, rule 6: an all-in of less than half a bet may only be called, folded
      or completed, and PokerKit offers no completion (its raise is a full bet over the
      all-in): a hand where a seat raises over it is played on but marked ``skip``
      (:data:`SKIP_SHORT_ALLIN`); an all-in of half a bet or more is a full bet;
    - TDA 47: a short all-in in no limit and pot limit does not reopen the betting to a
      seat that has acted;
    - the draws, showdown order and cards as in :func:`generate_hand`.

    :returns: a :class:`GeneratedHand`; ``skip`` names the rule where PokerKit's result
        breaks a rule book for this hand (the differential test skips and counts it).
    """
    rng = random.Random(seed)
    betting = rng.choice(("no_limit", "pot_limit", "fixed_limit"))
    draws = rng.choice((1, 3))
    n = rng.randint(2, 6)
    ante_mode = rng.choice(ANTE_MODES)
    small_blind = rng.choice((1, 2, 5, 10, 25))
    unit = 2 * small_blind
    blinds_on = ante_mode != "each" or rng.random() < 0.6
    big_blind = unit if blinds_on else 0
    small_blind = small_blind if blinds_on else 0
    ante = 0 if ante_mode == "none" else rng.choice((1, small_blind or 1, unit))
    seats, button, order = _seats_and_button(rng, n)
    # (three or more handed, a big blind short of its size is one PokerKit cannot judge,
    # SKIP_SHORT_BIG_BLIND: rarer there, so that few hands are skipped)
    stacks = [_rulebook_stack(rng, ante, big_blind, unit,
                              1 / 24 if n > 2 and i == 1 else 1 / 6) for i in range(n)]
    antes = _antes_list(ante_mode, ante, n)
    blinds = [small_blind, big_blind] + [0] * (n - 2)
    state = _lowball_state(betting, draws, antes, blinds, unit, stacks, n,
                           trim=ante_mode == "each")
    rules: dict[str, Any] = {"preset": "deuce_to_seven", "betting": betting, "draws": draws,
                             "small_blind": small_blind, "big_blind": big_blind, "ante": ante,
                             "min_bet": unit}
    if ante_mode == "big_blind":
        rules["big_blind_ante"] = True
    if betting == "fixed_limit":
        rules.update(small_bet=unit, big_bet=2 * unit, raise_cap="auto")
    play = _Play(seed, rng, state, betting, draws, unit, order, stacks, any(blinds),
                 rulebook=True)
    variant = f"{BETTING_LETTER[betting]}2L{draws}D"
    return play.result(rules, seats, button, variant, antes, blinds)


def _rulebook_stack(rng: random.Random, ante: int, big_blind: int, unit: int,
                    short: float) -> int:
    """A starting stack: a share ``short`` (one in six; one in 24 for the big blind three
    or more handed) is no more than the ante and a blind (a forced bet may take all of
    it), the others short, middling or deep."""
    forced = ante + big_blind
    if forced and rng.random() < short:
        return rng.randint(1, forced)
    return rng.choice((rng.randint(forced + 1, 6 * unit), rng.randint(forced + 1, 40 * unit),
                       rng.randint(20 * unit, 200 * unit)))


def _lowball_state(betting: str, draws: int, antes: list[int], blinds: list[int], unit: int,
                   stacks: list[int], n: int, trim: bool) -> State:
    """PokerKit deuce-to-seven with ``draws`` draws and no raise cap of its own: a betting
    round, then per draw a burn, the draw and a betting round; fixed limit plays the small
    bet before the draw (and after the first of three), the big bet after (RRoP section 11;
    triple draw). ``trim``: PokerKit's ante trimming, for antes from every seat (its
    advice for uniform antes): the antes count as each seat's chips in, so that a seat
    all in by a short ante wins only what it matched (RRoP section 3, side pots; seed
    000 "solamente ganará el importe de su resto"); untrimmed, PokerKit puts every ante
    in the main pot, as it should the big blind's ante (dead money for the table)."""
    big = {"fixed_limit": 2 * unit}.get(betting, unit)
    sizes = [unit] + ([unit, big, big] if draws == 3 else [big])
    streets = [Street(False, (False,) * 5, 0, False, Opening.POSITION, sizes[0], None)]
    streets += [Street(True, (), 0, True, Opening.POSITION, size, None) for size in sizes[1:]]
    return State(AUTOMATIONS, Deck.STANDARD, (StandardLowHand,), tuple(streets),
                 STRUCTURES[betting], trim, antes, blinds, 0, stacks, n, mode=Mode.CASH_GAME)


class _Play:
    """PokerKit's state driven by random legal choices, logged as tapete and PHH actions.

    ``rulebook`` False keeps the choices of :func:`generate_hand` as they always were (its
    hands are in the golden snapshot); True applies the RRoP cap and completion rules of
    :func:`generate_rulebook_hand`.
    """

    def __init__(self, seed: int, rng: random.Random, state: State, betting: str, draws: int,
                 unit: int, order: list[int], stacks: list[int], has_blind: bool,
                 rulebook: bool):
        self.seed, self.rng, self.state, self.betting = seed, rng, state, betting
        self.draws, self.unit, self.order, self.stacks = draws, unit, order, stacks
        self.rulebook = rulebook
        self.n = n = len(stacks)
        self.seat = order.__getitem__
        self.log: list[str] = []
        self.phh_actions: list[str] = []
        self.skip: str | None = None
        self._forced()
        if rulebook and self._short_big_blind():
            self.skip = SKIP_SHORT_BIG_BLIND
        # Chips each position put in (ante, blind, bets), by the actor's own stack change:
        # PokerKit hands an uncalled bet back at once (a blind over a short big blind as
        # soon as the cards are dealt), tapete counts it in the award.
        self.put_in = [sum(op.amount for op in state.operations
                           if isinstance(op, (AntePosting, BlindOrStraddlePosting))
                           and op.player_index == i) for i in range(n)]
        self._deal()
        self.street_raises = 0  # wagers this round (classic) or full raises (rulebook)
        self.capped = False
        self.full_high = max(state.bets)  # the last full bet (rulebook fixed limit)
        self.final_aggressor: int | None = None
        self.showdown_order: list[int] | None = None
        self.all_in = {i for i in range(n) if state.stacks[i] == 0}
        self.street_has_blind = has_blind
        self.acted: set[int] = set()  # positions that acted since the last full bet or raise
        self.last_increment = unit
        self.short_level = False  # a short all-in set the level to call (fixed limit)
        self.drawing = False
        self.draw_round = 0
        self.pending_serves: list[tuple[int, list[str]]] = []
        self._run()

    def _forced(self) -> None:
        """Antes and blinds as PokerKit posted them (heads-up the button posts the small
        blind)."""
        state, n, seat = self.state, self.n, self.seat
        posted_antes = [0] * n  # as posted (PokerKit's ante trimming may hand some back)
        for op in state.operations:
            if isinstance(op, AntePosting):
                posted_antes[op.player_index] += op.amount
        for i in range(n):
            if posted_antes[i]:
                self.log.append(f"p{seat(i)} ante {posted_antes[i]}")
        sb_index = 1 if n == 2 else 0
        for i in ((1, 0) if n == 2 else range(n)):
            if state.bets[i]:
                verb = 'blind' if i == sb_index else 'straddle'
                self.log.append(f"p{seat(i)} {verb} {state.bets[i]}")

    def _short_big_blind(self) -> bool:
        """Whether the big blind is all in for less than its size (a short blind, or an
        ante that took its stack) with two or more seats left to act: RRoP section 2,
        rule 1 keeps the full bring-in there, PokerKit lowers it."""
        state, n = self.state, self.n
        big = max(state.blinds_or_straddles, default=0)
        bb = 0 if n == 2 else 1  # (heads-up PokerKit's first position is the big blind)
        able = sum(1 for j in range(n) if state.stacks[j] > 0)
        return bool(big) and state.stacks[bb] == 0 and state.bets[bb] < big and able >= 2

    def _deal(self) -> None:
        self.deck = deck = list(DECK)
        self.rng.shuffle(deck)
        self.used = 0
        self.hole: list[list[str]] = [[] for _ in range(self.n)]
        for i in range(self.n):
            cards = deck[self.used:self.used + 5]
            self.used += 5
            self.state.deal_hole("".join(cards))
            self.hole[i] = list(cards)
            self.log.append(f"d deal p{self.seat(i)} {''.join(cards)}")
            self.phh_actions.append(f"d dh p{i + 1} {''.join(cards)}")

    def _run(self) -> None:
        state = self.state
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            while state.status:
                if state.actor_index is not None:
                    self._bet()
                elif state.stand_patter_or_discarder_index is not None:
                    self._draw()
                elif state.can_burn_card():
                    state.burn_card("??")
                elif state.can_deal_hole():
                    self._serve()
                elif state.showdown_index is not None:
                    self._show()
                else:  # pragma: no cover - a PokerKit state we do not drive
                    raise AssertionError(f"seed {self.seed}: stuck PokerKit state")

    # ------------------------------------------------------------------ betting
    def _new_street(self) -> None:
        self.drawing = False
        self.street_raises = 0
        self.capped = False
        self.full_high = 0
        self.street_has_blind = False
        self.acted.clear()
        self.last_increment = self.unit
        self.short_level = False

    def _may_raise(self, i: int) -> bool:
        """Whether the seat may bet or raise by the rules both sides apply."""
        if not self.state.can_complete_bet_or_raise_to() or i in self.acted:
            return False
        if self.betting != "fixed_limit":
            return True
        if not self.rulebook:
            # RRoP section 3: a bet and three raises, counting the big blind as the bet
            cap = 3 if self.street_has_blind else 4
            return not (self.street_raises >= cap or self.short_level)
        return not self._capped()

    def _capped(self) -> bool:
        """RRoP section 3, rules 3-4 (see :func:`generate_rulebook_hand`)."""
        cap = 4 if self.draws == 1 else 3
        if self.street_raises < cap:
            return False
        return self.capped or not self._heads_up()

    def _heads_up(self) -> bool:
        state = self.state
        return sum(1 for j in range(self.n) if state.statuses[j] and state.stacks[j] > 0) <= 2

    def _bet(self) -> None:
        state, rng, seat = self.state, self.rng, self.seat
        if self.drawing:
            self._new_street()
        i = state.actor_index
        before = state.bets[i]
        owed = state.checking_or_calling_amount
        choices = ["cc"]
        if owed:
            choices.append("f")
        if self._may_raise(i):
            choices.append("cbr")
        verb = rng.choices(choices, weights=[{"cc": 5, "f": 2, "cbr": 3}[c] for c in choices])[0]
        max_bet = max(state.bets)
        self.action_total = 0  # the seat's round total after a call or wager
        if verb == "f":
            state.fold()
            self.log.append(f"p{seat(i)} fold")
            self.phh_actions.append(f"p{i + 1} f")
        elif verb == "cc":
            self._check_or_call(i, owed, max_bet)
        else:
            self._wager(i, max_bet)
        # the chips the action put in (not the stack change: PokerKit may hand an
        # uncalled bet back as the round ends, which tapete counts in the award)
        self.put_in[i] += self.action_total - before if self.action_total else 0
        self.acted.add(i)
        if state.stacks[i] == 0:
            self.all_in.add(i)  # PokerKit may hand an uncalled part back later

    def _check_or_call(self, i: int, owed: int, max_bet: int) -> None:
        state, rng, seat = self.state, self.rng, self.seat
        all_chips = state.stacks[i] + state.bets[i]
        self.action_total = state.bets[i] + state.check_or_call().amount
        if not owed:
            self.log.append(f"p{seat(i)} check")
        elif state.stacks[i] == 0 and rng.random() < 0.3:
            self.log.append(f"p{seat(i)} allin")
        elif rng.random() < 0.5:
            self.log.append(f"p{seat(i)} call {min(max_bet, all_chips)}")
        else:
            self.log.append(f"p{seat(i)} call")
        self.phh_actions.append(f"p{i + 1} cc")

    def _wager(self, i: int, max_bet: int) -> None:
        state, rng, seat = self.state, self.rng, self.seat
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        r = rng.random()
        if r < 0.25:
            amount = low
        elif r < 0.4:
            amount = high
        else:
            amount = rng.randint(low, min(high, max(low, 4 * low)))
        word = "raise" if max_bet else ("bet" if self.draw_round else "open")
        if (self.rulebook and self.short_level and self.betting == "fixed_limit"
                and amount > self.full_high + state.street.min_completion_betting_or_raising_amount):
            self.skip = self.skip or SKIP_SHORT_ALLIN  # (not completing: over the full bet)
        state.complete_bet_or_raise_to(amount)
        self.action_total = amount
        full = self._full(amount, max_bet, state.stacks[i] == 0)
        if not self.rulebook:
            self.street_raises += 1
        elif full and max_bet:
            self.street_raises += 1
            if self.street_raises == 4 - (self.draws > 1) and not self._heads_up_before(i):
                self.capped = True
        if full:
            self.last_increment = amount - max_bet
            self.full_high = amount
            self.acted.clear()
        else:
            self.short_level = True
        self.final_aggressor = i
        if state.stacks[i] == 0 and rng.random() < 0.3:
            self.log.append(f"p{seat(i)} allin")
        else:
            self.log.append(f"p{seat(i)} {word} {amount}")
        self.phh_actions.append(f"p{i + 1} cbr {amount}")

    def _heads_up_before(self, i: int) -> bool:
        """Heads-up as the raise was made (the raiser counted even if now all in)."""
        state = self.state
        return sum(1 for j in range(self.n)
                   if state.statuses[j] and (state.stacks[j] > 0 or j == i)) <= 2

    def _full(self, amount: int, max_bet: int, allin: bool) -> bool:
        """Whether a wager is a full bet or raise (it reopens the betting)."""
        if self.betting == "fixed_limit":
            size = self.state.street.min_completion_betting_or_raising_amount
            if not self.rulebook:
                return amount - max_bet >= size
            # RRoP section 3, rule 6: an all-in of half a bet or more is a full bet
            return amount >= self.full_high + size or (allin and 2 * (amount - max_bet) >= size)
        return amount - max_bet >= max(self.last_increment, self.unit)

    # ------------------------------------------------------------------ the draw
    def _draw(self) -> None:
        state, rng, seat = self.state, self.rng, self.seat
        if not self.drawing:
            self.drawing = True
            self.draw_round += 1
            self.final_aggressor = None
        i = state.stand_patter_or_discarder_index
        pending = sum(len(c) for _, c in self.pending_serves)
        # The stub keeps its last card and one burn per draw still to come.
        room = 52 - self.used - pending - 1 - (self.draws - self.draw_round + 1)
        k = rng.choice((0, 0, 1, 1, 2, 2, 3, 3, 4, 5))
        k = max(0, min(k, room))
        discards = rng.sample(self.hole[i], k)
        state.stand_pat_or_discard("".join(discards))
        self.hole[i] = [c for c in self.hole[i] if c not in discards]
        if k:
            self.log.append(f"p{seat(i)} draw {k} {''.join(discards)}")
            self.phh_actions.append(f"p{i + 1} sd {''.join(discards)}")
        else:
            self.log.append(f"p{seat(i)} draw 0")
            self.phh_actions.append(f"p{i + 1} sd")
        new = self.deck[self.used + pending:][:k]
        self.pending_serves.append((i, new))
        if k:
            self.log.append(f"d serve p{seat(i)} {''.join(new)}")

    def _serve(self) -> None:
        """PokerKit deals the replacements after every discard, in discard order."""
        pending = self.pending_serves
        while pending and not pending[0][1]:
            pending.pop(0)
        j, new = pending.pop(0)
        assert self.state.hole_dealee_index == j, (self.seed, self.state.hole_dealee_index, j)
        self.state.deal_hole("".join(new))
        self.used += len(new)
        self.hole[j].extend(new)
        self.phh_actions.append(f"d dh p{j + 1} {''.join(new)}")
        if not pending or all(not c for _, c in pending):
            pending.clear()

    def _show(self) -> None:
        """CONTRACT.md 2 and RRoP section 4: showdown starts with the last aggressor of the
        final round, else with the first to speak in it: the first live seat after the
        button that still had chips (an all-in seat does not speak); when every live seat
        is all-in, the first live seat after the button. Clockwise."""
        state, n = self.state, self.n
        if self.showdown_order is None:
            if self.final_aggressor is not None and self.final_aggressor in state.showdown_indices:
                first = self.final_aggressor
            else:
                live = [j for j in range(n) if state.statuses[j]]
                first = next((j for j in live if j not in self.all_in), live[0])
            self.showdown_order = [j % n for j in range(first, first + n)]
        i = next(j for j in self.showdown_order if j in state.showdown_indices)
        state.show_or_muck_hole_cards(True, i)
        self.log.append(f"p{self.seat(i)} show {''.join(self.hole[i])}")
        self.phh_actions.append(f"p{i + 1} sm {''.join(self.hole[i])}")

    # ------------------------------------------------------------------ the result
    def result(self, rules: dict, seats: list[int], button: int, variant: str,
               antes: list[int], blinds: list[int]) -> GeneratedHand:
        """The hand as a :class:`GeneratedHand` (award lines added to the log)."""
        state, stacks, n, seat, order = self.state, self.stacks, self.n, self.seat, self.order
        final = list(state.stacks)
        award = [final[i] - (stacks[i] - self.put_in[i]) for i in range(n)]
        awards = {seat(i): award[i] for i in range(n) if award[i]}
        assert all(a > 0 for a in awards.values()), (self.seed, awards)
        assert sum(final) == sum(stacks) and sum(award) == sum(self.put_in), self.seed
        for i in range(n):
            if award[i]:
                self.log.append(f"d award p{seat(i)} {award[i]}")
        session = {
            "format": "tapete/1",
            "rules": rules,
            "players": [{"seat": s, "name": f"P{s}", "stack": stacks[order.index(s)]}
                        for s in seats],
            "hands": [{"button": button, "actions": self.log}],
        }
        phh: dict[str, Any] = {"variant": variant, "antes": antes, "blinds_or_straddles": blinds}
        if self.betting == "fixed_limit":
            phh.update(small_bet=self.unit, big_bet=2 * self.unit)
        else:
            phh["min_bet"] = self.unit
        phh.update(starting_stacks=stacks, actions=self.phh_actions, seats=order,
                   finishing_stacks=final)
        return GeneratedHand(seed=self.seed, session=session,
                             starting_stacks={order[i]: stacks[i] for i in range(n)},
                             final_stacks={order[i]: final[i] for i in range(n)},
                             awards=awards, order=order, phh=phh, variant=variant,
                             skip=self.skip)


def phh_text(fields: dict) -> str:
    """PHH (TOML) text for a dict of PHH fields (ints, strings, lists of them)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return str(v)
    return "\n".join(f"{k} = {value(v)}" for k, v in fields.items()) + "\n"


# ---------------------------------------------------------------------------------------
# corruptions: one physical change to a legal log that the referee must notice

CORRUPTIONS = ("moved_seat", "amount_changed", "card_duplicated", "award_moved")


def corrupt(hand: GeneratedHand, kind: str, rng: random.Random) -> tuple[dict, str] | None:
    """A copy of the hand's session with one corruption of ``kind``, and what was done.

    - ``moved_seat``: a player's action (check, call, bet, raise, fold, draw) credited to
      another seat at the table: that seat acts out of turn or after folding.
    - ``amount_changed``: a recorded amount (ante, blind, call A, open/bet/raise, award)
      changed by a nonzero number of chips (never to a negative amount).
    - ``card_duplicated``: one card of a seat's deal replaced by a card dealt to another
      seat (the same card seen twice in one deal).
    - ``award_moved``: an award line moved to a seat that the legal log gives no award.

    :returns: (session, description) or None when the hand has nothing of that kind
        (e.g. an award cannot move when every seat got one).
    :raises ValueError: for an unknown kind.
    """
    session = copy.deepcopy(hand.session)
    actions = session["hands"][0]["actions"]
    seats = [p["seat"] for p in session["players"]]
    if kind == "moved_seat":
        idx = [j for j, a in enumerate(actions)
               if a.split()[1] in ("check", "call", "bet", "raise", "open", "fold", "draw", "allin")]
        if not idx:
            return None
        j = rng.choice(idx)
        words = actions[j].split()
        old = int(words[0][1:])
        new = rng.choice([s for s in seats if s != old])
        words[0] = f"p{new}"
        actions[j] = " ".join(words)
        return session, f"action {j} {hand.actions[j]!r} -> {actions[j]!r}"
    if kind == "amount_changed":
        idx = []
        for j, a in enumerate(actions):
            w = a.split()
            if w[0] == "d" and w[1] == "award":
                idx.append((j, 3))
            elif w[0] != "d" and w[1] in ("ante", "blind", "straddle"):
                idx.append((j, 2))
            elif w[0] != "d" and (w[1] in ("open", "bet", "raise") or w[1] == "call" and len(w) == 3) \
                    and _last_wager_in_round(actions, j):
                # An earlier "to" amount of a seat that wagers again in the round is
                # overwritten by its later total: changing it changes no chip.
                idx.append((j, 2))
        j, pos = rng.choice(idx)
        words = actions[j].split()
        old = int(words[pos])
        delta = rng.choice([d for d in (-old, -1, 1, rng.randint(1, 5 + old)) if d and old + d >= 0] or [1])
        if old + delta == old:
            delta = 1
        words[pos] = str(old + delta)
        actions[j] = " ".join(words)
        return session, f"action {j} {hand.actions[j]!r} -> {actions[j]!r}"
    if kind == "card_duplicated":
        deals = [j for j, a in enumerate(actions) if a.startswith("d deal ")]
        j, other = rng.sample(deals, 2)
        victim = actions[j].split()
        cards = [victim[3][c:c + 2] for c in range(0, 10, 2)]
        source = actions[other].split()[3]
        dup = source[2 * rng.randrange(5):][:2]
        cards[rng.randrange(5)] = dup
        victim[3] = "".join(cards)
        actions[j] = " ".join(victim)
        return session, f"action {j} {hand.actions[j]!r} -> {actions[j]!r}"
    if kind == "award_moved":
        idx = [j for j, a in enumerate(actions) if a.startswith("d award ")]
        free = [s for s in seats if s not in hand.awards]
        if not idx or not free:
            return None
        j = rng.choice(idx)
        words = actions[j].split()
        words[2] = f"p{rng.choice(free)}"
        actions[j] = " ".join(words)
        return session, f"action {j} {hand.actions[j]!r} -> {actions[j]!r}"
    raise ValueError(f"unknown corruption {kind!r} (known: {', '.join(CORRUPTIONS)})")


def pokerkit_outcome(hand: GeneratedHand, phh_actions: list[str]) -> tuple[list[int], list[int]] | None:
    """PokerKit's own play of PHH actions in the game of a :func:`generate_hand` hand.

    A fresh PokerKit state of ``hand``'s variant (``N2L1D``, ``F2L3D``, ``N5CD``, ``F5CD``),
    forced bets and starting stacks is fed ``phh_actions`` one by one with
    ``pokerkit.notation.parse_action`` (comment-only actions skipped; burns before each
    draw made as the generator makes them). PokerKit refuses an action it finds illegal:
    out of turn, a wager below the minimum or past the stack or the cap.

    :param hand: the generated hand whose game, forced bets and stacks are used.
    :param phh_actions: PHH action strings (``"p5 cbr 19"``, ``"d dh p1 3d8h8d3hJh"``).
    :returns: ``(finishing stacks, chips each position put in)``, both in PHH position
        order (``hand.order``); a position's chips put in are its starting stack less the
        least it held during the hand (an uncalled bet handed back and the pots pushed come
        after a seat's last wager). None when PokerKit refuses an action or the actions
        end before the hand does.
    :raises ValueError: for a variant the generator of :func:`generate_hand` does not make.
    """
    fields = hand.phh
    antes, blinds, stacks = fields["antes"], fields["blinds_or_straddles"], fields["starting_stacks"]
    n, variant = len(stacks), fields["variant"]
    if variant == "N2L1D":
        state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, False, antes, blinds, fields["min_bet"], stacks, n, mode=Mode.CASH_GAME)
    elif variant == "F2L3D":
        state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            AUTOMATIONS, False, antes, blinds, fields["small_bet"], fields["big_bet"], stacks, n,
            mode=Mode.CASH_GAME)
    elif variant in ("N5CD", "F5CD"):
        betting = "fixed_limit" if variant == "F5CD" else "no_limit"
        unit = fields["small_bet"] if betting == "fixed_limit" else fields["min_bet"]
        state = _high_draw_state(betting, antes, blinds, unit, stacks, n)
    else:
        raise ValueError(f"pokerkit_outcome plays generate_hand's variants, not {variant!r}")
    least = list(state.stacks)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for action in phh_actions:
            if action.lstrip().startswith("#"):
                continue
            while state.can_burn_card():
                state.burn_card("??")
            try:
                parse_action(state, action)
            except ValueError:
                return None
            least = [min(a, b) for a, b in zip(least, state.stacks)]
    if state.status:
        return None
    return list(state.stacks), [s - low for s, low in zip(stacks, least)]


def _last_wager_in_round(actions: list[str], j: int) -> bool:
    """True when action ``j`` is its seat's last bet, raise or call of that betting round."""
    who = actions[j].split()[0]
    for later in actions[j + 1:]:
        w = later.split()
        if w[1] == "draw" or w[0] == "d" and w[1] == "award":
            return True
        if w[0] == who and w[1] in ("open", "bet", "raise", "call", "allin", "blind", "straddle"):
            return False
    return True


def hands_strategy(**kwargs: Any):
    """A hypothesis strategy of :class:`GeneratedHand` (the seed is drawn by hypothesis).

    :param kwargs: passed to :func:`generate_hand` (``betting``, ``players``, ``ante_mode``,
        ``game``).
    """
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=2**32 - 1).map(lambda seed: generate_hand(seed, **kwargs))
