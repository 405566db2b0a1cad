"""Differential tests: ``referee.check`` against PokerKit, an independent implementation of
betting, side pots and deuce-to-seven hands.

- The 14 real 2023 WSOP hands (``shared/data/phh``, variants N2L1D and F2L3D) read with
  ``referee.phh.load_phh`` replay with no ``error`` finding and end with their recorded
  ``finishing_stacks``; the 2019 Arieh-Yockey hand (no finishing stacks) ends where PokerKit
  ends it.
- 2,000 random legal hands from ``tests/support/handgen.py``, played by random legal actions in
  PokerKit: about two thirds 2-7 lowball (``NoLimitDeuceToSevenLowballSingleDraw``,
  ``FixedLimitDeuceToSevenLowballTripleDraw``; tapete rules ``{"preset":
  "deuce_to_seven", "betting": "no_limit"|"fixed_limit", "draws": 1|3, ...}``), one third
  five-card draw for high hands (a ``pokerkit.State`` with ``StandardHighHand``, one draw;
  tapete rules ``{"preset": "basico", "betting": ..., "blinds_allowed": true, ...}``);
  2-6 players on random seats, uneven stacks (so all-ins make side pots), blinds or antes
  alone, antes none / every seat / the big blind's, no opening minimum. The referee's
  stacks and awards after each hand must equal PokerKit's.
- 2,000 more from ``handgen.generate_rulebook_hand`` (issue 11): 2-7 single and triple
  draw in no limit, pot limit and fixed limit (``raise_cap: "auto"``), 2-6 players, short
  stacks that an ante or a blind takes whole, big blind antes, raising to the RRoP cap
  and past it heads-up. Same stacks and awards, no error finding, except the hands where
  PokerKit breaks a rule book (``GeneratedHand.skip``, RRoP section 3 rule 6), which are
  counted, printed and must stay few; 100 of them also through PHH. Before the fixes of
  issue 11 the referee disagreed with PokerKit on 361 of these 2,000 hands, 12 skipped (blinds that
  took a stack, the minimum pot-limit bet, the big blind's option behind an all-in). A big
  blind all in for less with two or more seats to act is skipped too (RRoP section 2,
  rule 1: the bring-in stays the full big blind; PokerKit lowers it): each chunk walks
  on past its skips until 100 hands are compared.

The three rule-book deviations, the only places the referee and PokerKit part ways (every
other hand compared must agree: 0 disagreements, issue 27):

1. **A short big blind** (a big blind all in for less): Robert's Rules of Poker, section 2
   (Button and blind use), rule 1: "The minimum bring-in and allowable raise sizes for the
   opener ... remain the same even when the player in the blind does not have enough chips
   to post the full amount"; PokerKit lowers the bring-in (``SKIP_SHORT_BIG_BLIND``:
   skipped and counted).
2. **A fixed-limit short all-in** (less than half a bet): RRoP section 3, rule 6: "a player
   facing an all-in wager of less than half a bet may fold, call, or complete the wager";
   PokerKit raises a full bet over it (``SKIP_SHORT_ALLIN``: skipped and counted).
3. **A re-raise after a short all-in** (no limit and pot limit): RRoP section 15 and TDA
   rule 47: an all-in wager of less than a full raise does not reopen the betting to a
   player who has already acted; PokerKit lets that player raise, so
   ``handgen.generate_rulebook_hand`` never plays one (the referee would flag it
   ``not_reopened``).

The house switches of issue 27 (``table_stakes``, ``ante_liable``, ``double_exposure``,
``jackpot_without_pot``, ``unposted_blind_min``, ``circular_straight``) keep their
defaults in these hands, which are the card room's (PokerKit's) readings.
"""

from __future__ import annotations

import tomllib

import pytest
from handgen import SKIP_REASONS, SKIP_SHORT_ALLIN, generate_hand, generate_rulebook_hand, phh_text
from pokerkit import HandHistory

import referee
from referee.phh import load_phh

WSOP = [f"wsop_2023_43_5_{n}.phh" for n in (41, 42, 43, 44, 45, 46, 47, 55, 56, 57, 58, 59, 60, 61)]

CHUNKS = 20
PER_CHUNK = 100
"""20 chunks x 100 seeds = 2,000 differential hands (chunked so xdist can share them)."""


def _errors(hand_result: dict) -> list[dict]:
    return [f for f in hand_result["findings"] if f["severity"] == "error"]


@pytest.mark.parametrize("name", WSOP)
def test_real_wsop_hand_replays_clean_to_its_finishing_stacks(shared, name):
    text = (shared / "data" / "phh" / name).read_text()
    fields = tomllib.loads(text)
    result = referee.check(load_phh(text))["hands"][0]
    assert _errors(result) == []
    assert result["stacks"] == {str(i + 1): v for i, v in enumerate(fields["finishing_stacks"])}
    assert result["awards"] == result["recorded_awards"]


def test_arieh_yockey_ends_where_pokerkit_ends_it(shared):
    """No finishing stacks in the file: the referee's own awards decide the stacks; the
    winner (Arieh, seat 4: 7-5-4-3-2 beats 7-6-4-3-2) takes 2,510,000 chips."""
    text = (shared / "data" / "phh" / "arieh-yockey-2019.phh").read_text()
    *_, state = iter(HandHistory.loads(text))
    result = referee.check(load_phh(text))["hands"][0]
    assert _errors(result) == []  # shared/cases/README.md: every N2L1D/F2L3D file, no error
    assert result["stacks"] == {str(i + 1): v for i, v in enumerate(state.stacks)}
    assert result["awards"] == {"4": 2510000}


def _disagreements(seeds) -> list[tuple]:
    out = []
    for seed in seeds:
        hand = generate_hand(seed)
        result = referee.check(hand.session)["hands"][0]
        want = {str(s): v for s, v in hand.final_stacks.items()}
        awards = {str(s): v for s, v in hand.awards.items()}
        if result["stacks"] != want or result["awards"] != awards or _errors(result):
            out.append((seed, want, result["stacks"], awards, result["awards"],
                        [(f["kind"], f["action"], f["message"]) for f in _errors(result)]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_legal_hands_end_with_pokerkits_stacks(chunk):
    """100 hands per chunk; a disagreement names the seed to replay it with generate_hand."""
    assert _disagreements(range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)) == []


@pytest.mark.slow
def test_differential_sample_has_side_pots_splits_and_both_limits():
    """The generator really exercises side pots (more than one pot), hands paid to more
    than one seat, heads-up and six-handed play, and both betting structures (first 400
    seeds)."""
    side_pots = several_paid = 0
    seen = set()
    for seed in range(400):
        hand = generate_hand(seed)
        result = referee.check(hand.session)["hands"][0]
        side_pots += sum(len(p["seats"]) > 1 for p in result["pots"]) > 1  # 2+ contested pots
        several_paid += len(hand.awards) > 1
        seen.add((hand.variant, len(hand.order)))
    assert side_pots >= 40
    assert several_paid >= 20
    assert {(v, n) for v in ("N2L1D", "F2L3D", "N5CD", "F5CD") for n in (2, 6)} <= seen


@pytest.mark.parametrize("seed", range(5000, 5100))
def test_generated_phh_through_load_phh_ends_with_pokerkits_stacks(seed):
    """The same hand written as PHH by the generator (PokerKit's action order: all discards
    before the serves) and read by load_phh replays to PokerKit's stacks."""
    hand = generate_hand(seed)
    result = referee.check(load_phh(phh_text(hand.phh)))["hands"][0]
    assert _errors(result) == []
    assert result["stacks"] == {str(s): v for s, v in hand.final_stacks.items()}


# ------------------------------------------------------------------ the rule-book mix
RULEBOOK_CHUNKS = 20
RULEBOOK_PER_CHUNK = 100
RULEBOOK_STRIDE = 120
RULEBOOK_SEED0 = 200_000
"""20 chunks x 100 hands compared of :func:`handgen.generate_rulebook_hand` (chunk k walks
the seeds from 200,000 + 120 k, skipped hands aside, until 100 are compared): 2,000 more
hands, 2-7 single and triple draw in no limit, pot limit and fixed limit."""
MAX_SKIPS_PER_CHUNK = 8
"""Hands where PokerKit breaks a rule book (``GeneratedHand.skip``): about 2.7% of hands
(54 in the 2,000 seeds from 200,000): a fixed-limit raise over a short all-in (RRoP section
3, rule 6; about one in 180) or, mostly, a big blind all in for less with two or more
seats to act, where PokerKit lowers the bring-in (RRoP section 2, rule 1; the generator
makes that stack rarer); a chunk with more than 8 means the generator drifted."""


def _rulebook_chunk(chunk: int) -> tuple[list[tuple], list[tuple[int, str]]]:
    """(disagreements, skips) over one chunk: a disagreement names the seed to replay
    with ``generate_rulebook_hand``; a skip is (seed, reason)."""
    first = RULEBOOK_SEED0 + chunk * RULEBOOK_STRIDE
    disagree, skips, compared = [], [], 0
    for seed in range(first, first + RULEBOOK_STRIDE):
        if compared == RULEBOOK_PER_CHUNK:
            break
        hand = generate_rulebook_hand(seed)
        result = referee.check(hand.session)["hands"][0]
        if hand.skip:
            skips.append((seed, hand.skip))
            if hand.skip == SKIP_SHORT_ALLIN:
                # the referee sees the same break of the rule: the raise past completing
                assert {(f["kind"], f["details"].get("reason"))
                        for f in _errors(result)} == {("bet_too_large", "fixed_limit")}, seed
            continue
        compared += 1
        want = {str(s): v for s, v in hand.final_stacks.items()}
        awards = {str(s): v for s, v in hand.awards.items()}
        if result["stacks"] != want or result["awards"] != awards or _errors(result):
            disagree.append((seed, hand.variant, want, result["stacks"], awards,
                             result["awards"], [(f["kind"], f["action"], f["message"])
                                                for f in _errors(result)]))
    return disagree, skips


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(RULEBOOK_CHUNKS))
def test_rulebook_hands_end_with_pokerkits_stacks(chunk, record_property):
    """Same stacks and awards as PokerKit, no error finding, on 100 hands per chunk of
    the rule-book mix; the hands PokerKit plays against a rule book are skipped, counted
    (recorded as ``pokerkit_skips``, printed with their reasons) and stay few."""
    disagree, skips = _rulebook_chunk(chunk)
    record_property("pokerkit_skips", len(skips))
    for seed, reason in skips:
        print(f"skipped seed {seed}: {reason}")
    assert disagree == []
    assert all(reason in SKIP_REASONS for _, reason in skips)
    assert len(skips) <= MAX_SKIPS_PER_CHUNK, skips
    assert len(skips) + RULEBOOK_PER_CHUNK <= RULEBOOK_STRIDE  # (100 hands compared)


def _forced_allin(hand) -> tuple[set[str], bool]:
    """Which forced bets took a whole stack in the hand's log ({"ante", "blind",
    "straddle"}), and whether a big blind all in heads-up put in less than the small
    blind."""
    stacks = {p["seat"]: p["stack"] for p in hand.session["players"]}
    took, posted = set(), {}
    for line in hand.actions:
        words = line.split()
        if words[1] in ("ante", "blind", "straddle"):
            seat = int(words[0][1:])
            stacks[seat] -= int(words[2])
            if words[1] != "ante":
                posted[words[1]] = int(words[2])
            if stacks[seat] == 0:
                took.add(words[1])
    short_bb = (len(stacks) == 2 and "straddle" in took
                and posted.get("straddle", 0) < posted.get("blind", 0))
    return took, short_bb


def _most_raises(hand) -> int:
    """The most raises over the bet in one betting round of the log (the blind is the
    bet before the draw)."""
    most = raises = 0
    for line in hand.actions:
        words = line.split()
        if words[1] == "draw":
            raises = 0
        elif words[1] == "raise":
            raises += 1
            most = max(most, raises)
    return most


@pytest.mark.slow
def test_rulebook_sample_covers_every_game_and_the_forced_all_ins():
    """The rule-book mix really has every game (2-7 single and triple draw in each
    betting structure) heads-up and six-handed, antes and blinds that take a whole stack,
    a heads-up big blind all in for less than the small blind, big blind antes, a fourth
    raise in single-draw fixed limit, heads-up raising past the cap, and the skips stay
    rare (first 1,000 seeds)."""
    seen, took_all, fourth, short_bb, bb_ante, skips, heads_up = set(), set(), 0, 0, 0, 0, 0
    for seed in range(RULEBOOK_SEED0, RULEBOOK_SEED0 + 1000):
        hand = generate_rulebook_hand(seed)
        seen.add((hand.variant, len(hand.order)))
        took, short = _forced_allin(hand)
        took_all |= took
        short_bb += short
        bb_ante += bool(hand.session["rules"].get("big_blind_ante"))
        fourth += hand.variant == "F2L1D" and _most_raises(hand) >= 4
        skips += hand.skip is not None
        heads_up += (hand.variant[0] == "F" and len(hand.order) == 2
                     and _most_raises(hand) >= 5)
    variants = {f"{b}2L{d}D" for b in "NPF" for d in (1, 3)}
    assert {(v, n) for v in variants for n in (2, 6)} <= seen
    assert took_all == {"ante", "blind", "straddle"}
    assert short_bb >= 3 and bb_ante >= 150 and fourth >= 5 and heads_up >= 1
    assert skips <= 1000 * 4 // 100  # (about 2.7%: MAX_SKIPS_PER_CHUNK)


@pytest.mark.parametrize("seed", range(RULEBOOK_SEED0 + 5000, RULEBOOK_SEED0 + 5100))
def test_rulebook_phh_through_load_phh_ends_with_pokerkits_stacks(seed):
    """The same hands written as PHH (``P2L1D``, ``N2L3D`` ... variants) and read by
    load_phh replay to PokerKit's stacks with no error finding."""
    hand = generate_rulebook_hand(seed)
    result = referee.check(load_phh(phh_text(hand.phh)))["hands"][0]
    if hand.skip:  # (counted by the session-file test; the raise past completing is seen)
        if hand.skip == SKIP_SHORT_ALLIN:
            assert {f["kind"] for f in _errors(result)} == {"bet_too_large"}
        return
    assert _errors(result) == []
    assert result["stacks"] == {str(s): v for s, v in hand.final_stacks.items()}
