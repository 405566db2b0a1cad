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
    Automation,
    BettingStructure,
    Deck,
    FixedLimitDeuceToSevenLowballTripleDraw,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    Opening,
    StandardHighHand,
    State,
    Street,
)

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
BETTING_LETTER = {"fixed_limit": "F", "no_limit": "N"}


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
    - ``variant``: ``"N2L1D"``, ``"F2L3D"`` (PokerKit reads these) or ``"N5CD"``/``"F5CD"``.
    """

    seed: int
    session: dict
    starting_stacks: dict[int, int]
    final_stacks: dict[int, int]
    awards: dict[int, int]
    order: list[int]
    phh: dict = field(default_factory=dict)
    variant: str = ""

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
    seats = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(seats)
    k = seats.index(button)
    order = seats[k + 1:] + seats[:k + 1]  # position order: after the button .. button
    # Uneven stacks: some short (side pots), never too short to post ante and blind.
    floor = ante + big_blind + 1
    stacks = [rng.choice((rng.randint(floor, 6 * unit), rng.randint(floor, 40 * unit),
                          rng.randint(20 * unit, 200 * unit))) for _ in range(n)]
    if ante_mode == "each":
        antes = [ante] * n
    elif ante_mode == "big_blind":
        antes = [0] * n
        antes[1] = ante  # heads-up PokerKit reverses the list: p1, the big blind, pays it
    else:
        antes = [0] * n
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

    log: list[str] = []
    phh_actions: list[str] = []
    seat = order.__getitem__
    # Antes and blinds as PokerKit posted them (heads-up the button posts the small blind).
    posted_antes = [stacks[i] - state.stacks[i] - state.bets[i] for i in range(n)]
    for i in range(n):
        if posted_antes[i]:
            log.append(f"p{seat(i)} ante {posted_antes[i]}")
    sb_index = 1 if n == 2 else 0
    for i in ((1, 0) if n == 2 else range(n)):
        if state.bets[i]:
            log.append(f"p{seat(i)} {'blind' if i == sb_index else 'straddle'} {state.bets[i]}")

    deck = list(DECK)
    rng.shuffle(deck)
    used = 0
    hole: list[list[str]] = [[] for _ in range(n)]
    for i in range(n):
        cards = deck[used:used + 5]
        used += 5
        state.deal_hole("".join(cards))
        hole[i] = list(cards)
        log.append(f"d deal p{seat(i)} {''.join(cards)}")
        phh_actions.append(f"d dh p{i + 1} {''.join(cards)}")

    street_raises = 0
    final_aggressor: int | None = None
    showdown_order: list[int] | None = None
    all_in = {i for i in range(n) if state.stacks[i] == 0}
    street_has_blind = any(blinds)
    acted: set[int] = set()  # positions that acted since the last full bet or raise
    last_increment = unit
    short_level = False  # a short all-in set the level to call (fixed limit)
    drawing = False
    draw_round = 0
    pending_serves: list[tuple[int, list[str]]] = []
    # Chips each position put in (ante, blind, bets), by the actor's own stack change:
    # PokerKit hands an uncalled bet back at once, tapete counts it in the award.
    put_in = [stacks[i] - state.stacks[i] for i in range(n)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.actor_index is not None:
                if drawing:
                    drawing = False
                    street_raises = 0
                    street_has_blind = False
                    acted.clear()
                    last_increment = unit
                    short_level = False
                i = state.actor_index
                before = state.stacks[i]
                owed = state.checking_or_calling_amount
                choices = ["cc"]
                if owed:
                    choices.append("f")
                cap = 3 if street_has_blind else 4
                # TDA 47 / RRoP section 3: a short all-in does not reopen the betting to a
                # seat that has acted; in fixed limit PokerKit would let a seat raise a
                # short all-in by a full bet where card rooms "complete" it, so no raise then.
                if state.can_complete_bet_or_raise_to() and i not in acted and not (
                        betting == "fixed_limit" and (street_raises >= cap or short_level)):
                    choices.append("cbr")
                verb = rng.choices(choices, weights=[{"cc": 5, "f": 2, "cbr": 3}[c] for c in choices])[0]
                max_bet = max(state.bets)
                if verb == "f":
                    state.fold()
                    log.append(f"p{seat(i)} fold")
                    phh_actions.append(f"p{i + 1} f")
                elif verb == "cc":
                    all_chips = state.stacks[i] + state.bets[i]
                    state.check_or_call()
                    if not owed:
                        log.append(f"p{seat(i)} check")
                    elif state.stacks[i] == 0 and rng.random() < 0.3:
                        log.append(f"p{seat(i)} allin")
                    elif rng.random() < 0.5:
                        log.append(f"p{seat(i)} call {min(max_bet, all_chips)}")
                    else:
                        log.append(f"p{seat(i)} call")
                    phh_actions.append(f"p{i + 1} cc")
                else:
                    low = state.min_completion_betting_or_raising_to_amount
                    high = state.max_completion_betting_or_raising_to_amount
                    r = rng.random()
                    if r < 0.25:
                        amount = low
                    elif r < 0.4:
                        amount = high
                    else:
                        amount = rng.randint(low, min(high, max(low, 4 * low)))
                    word = "raise" if max_bet else ("bet" if draw_round else "open")
                    state.complete_bet_or_raise_to(amount)
                    street_raises += 1
                    if betting == "fixed_limit":
                        full = amount - max_bet >= state.street.min_completion_betting_or_raising_amount
                    else:
                        full = amount - max_bet >= max(last_increment, unit)
                    if full:
                        last_increment = amount - max_bet
                        acted.clear()
                    else:
                        short_level = True
                    final_aggressor = i
                    if state.stacks[i] == 0 and rng.random() < 0.3:
                        log.append(f"p{seat(i)} allin")
                    else:
                        log.append(f"p{seat(i)} {word} {amount}")
                    phh_actions.append(f"p{i + 1} cbr {amount}")
                put_in[i] += before - state.stacks[i]
                acted.add(i)
                if state.stacks[i] == 0:
                    all_in.add(i)  # PokerKit may hand an uncalled part back later
            elif state.stand_patter_or_discarder_index is not None:
                if not drawing:
                    drawing = True
                    draw_round += 1
                    final_aggressor = None
                i = state.stand_patter_or_discarder_index
                # The stub keeps its last card and one burn per draw still to come.
                room = 52 - used - sum(len(c) for _, c in pending_serves) - 1 - (draws - draw_round + 1)
                k = rng.choice((0, 0, 1, 1, 2, 2, 3, 3, 4, 5))
                k = max(0, min(k, room))
                discards = rng.sample(hole[i], k)
                state.stand_pat_or_discard("".join(discards))
                hole[i] = [c for c in hole[i] if c not in discards]
                if k:
                    log.append(f"p{seat(i)} draw {k} {''.join(discards)}")
                    phh_actions.append(f"p{i + 1} sd {''.join(discards)}")
                else:
                    log.append(f"p{seat(i)} draw 0")
                    phh_actions.append(f"p{i + 1} sd")
                new = deck[used + sum(len(c) for _, c in pending_serves):][:k]
                pending_serves.append((i, new))
                if k:
                    log.append(f"d serve p{seat(i)} {''.join(new)}")
            elif state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_hole():
                # PokerKit deals the replacements after every discard, in discard order.
                while pending_serves and not pending_serves[0][1]:
                    pending_serves.pop(0)
                j, new = pending_serves.pop(0)
                assert state.hole_dealee_index == j, (seed, state.hole_dealee_index, j)
                state.deal_hole("".join(new))
                used += len(new)
                hole[j].extend(new)
                phh_actions.append(f"d dh p{j + 1} {''.join(new)}")
                if not pending_serves or all(not c for _, c in pending_serves):
                    pending_serves.clear()
            elif state.showdown_index is not None:
                # CONTRACT.md 2 and RRoP section 4: showdown starts with the last aggressor of
                # the final round, else with the first to speak in it: the first live seat
                # after the button that still had chips (an all-in seat does not speak); when
                # every live seat is all-in, the first live seat after the button. Clockwise.
                if showdown_order is None:
                    if final_aggressor is not None and final_aggressor in state.showdown_indices:
                        first = final_aggressor
                    else:
                        live = [j for j in range(n) if state.statuses[j]]
                        first = next((j for j in live if j not in all_in), live[0])
                    showdown_order = [j % n for j in range(first, first + n)]
                i = next(j for j in showdown_order if j in state.showdown_indices)
                state.show_or_muck_hole_cards(True, i)
                log.append(f"p{seat(i)} show {''.join(hole[i])}")
                phh_actions.append(f"p{i + 1} sm {''.join(hole[i])}")
            else:  # pragma: no cover - a PokerKit state we do not drive
                raise AssertionError(f"seed {seed}: stuck PokerKit state")

    final = list(state.stacks)
    award = [final[i] - (stacks[i] - put_in[i]) for i in range(n)]
    awards = {seat(i): award[i] for i in range(n) if award[i]}
    assert all(a > 0 for a in awards.values()), (seed, awards)
    assert sum(final) == sum(stacks) and sum(award) == sum(put_in), seed
    for i in range(n):
        if award[i]:
            log.append(f"d award p{seat(i)} {award[i]}")
    session = {
        "format": "tapete/1",
        "rules": rules,
        "players": [{"seat": s, "name": f"P{s}", "stack": stacks[order.index(s)]} for s in seats],
        "hands": [{"button": button, "actions": log}],
    }
    phh: dict[str, Any] = {"variant": variant, "antes": antes, "blinds_or_straddles": blinds}
    if betting == "fixed_limit":
        phh.update(small_bet=unit, big_bet=2 * unit)
    else:
        phh["min_bet"] = unit
    phh.update(starting_stacks=stacks, actions=phh_actions, seats=order, finishing_stacks=final)
    return GeneratedHand(seed=seed, session=session,
                         starting_stacks={order[i]: stacks[i] for i in range(n)},
                         final_stacks={order[i]: final[i] for i in range(n)},
                         awards=awards, order=order, phh=phh, variant=variant)


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
