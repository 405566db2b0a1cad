"""Property tests of the replay (hypothesis draws the seeds of ``tests/support/handgen.py`` hands).

Random legal hands are PokerKit's deuce-to-seven games (no limit single draw, fixed limit
triple draw; 2-6 players, blinds, antes, uneven stacks, no opening minimum), logged as
tapete sessions with rules ``{"preset": "deuce_to_seven", ...}``.

- A legal hand has no ``error`` finding, and chips are conserved: the stacks after the hand
  add up to the stacks before, the awards to the chips put in.
- A legal hand has no finding at all (it breaks no procedure either).
- One random corruption of a legal log (an action moved to another seat, an amount changed,
  a card duplicated, an award moved to a seat that won nothing) always brings at least one
  finding the clean log did not have, unless it made another legal hand with the same
  chips: an open, bet or raise changed to an amount PokerKit also accepts, when a later
  all-in brings every seat that stays in to the same total (seed 60552712: in no limit,
  'p7 raise 16' -> 'p7 raise 19' before 'p3 allin' for 33 that p6 and p7 call). PokerKit,
  playing the changed log on its own, is the judge of that.
- The same legal hands with the seeds' dealing irregularities put in (issue 27: a sitout
  before the deal, an exposed card, a withdrawal after two exposed cards, a fix before the
  seat acts; ``tests/support/irregular_hands.py``) keep PokerKit's awards and stacks.
"""

from __future__ import annotations

import random
import tomllib

import pytest
from handgen import CORRUPTIONS, corrupt, generate_hand, hands_strategy, pokerkit_outcome
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from irregular_hands import irregular_hands_strategy

import referee
from referee.phh import dump_phh

SETTINGS = settings(max_examples=150, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow])


def _check(session: dict) -> dict:
    return referee.check(session)["hands"][0]


@pytest.mark.slow
@SETTINGS
@given(hands_strategy())
def test_legal_hand_has_no_error_and_conserves_chips(hand):
    result = _check(hand.session)
    assert [f for f in result["findings"] if f["severity"] == "error"] == []
    assert sum(result["stacks"].values()) == sum(hand.starting_stacks.values())
    # Every chip put in is pushed out: the referee's awards add up to its pots and to the
    # chips PokerKit collected (the generator's awards).
    assert sum(result["awards"].values()) == sum(p["amount"] for p in result["pots"])
    assert sum(result["awards"].values()) == sum(hand.awards.values())
    assert result["carried"] == 0


@pytest.mark.slow
@SETTINGS
@given(hands_strategy())
def test_legal_hand_has_no_finding_at_all(hand):
    assert _check(hand.session)["findings"] == []


def _new_findings(clean: dict, dirty: dict) -> set[tuple]:
    before = {(f["kind"], f["action"]) for f in clean["findings"]}
    return {(f["kind"], f["action"]) for f in dirty["findings"]} - before


WAGERS = ("open", "bet", "raise")


def _same_chips_for_pokerkit(hand, session: dict) -> bool:
    """Whether the changed log is still a legal hand with the same chips: its one changed
    line is an open, bet or raise (PHH ``cbr`` carries the amount), and PokerKit, fed the
    changed log's PHH actions, plays every one and ends with the chips of the clean log
    (same finishing stacks, each seat the same total put in, so the award lines still
    hold)."""
    changed = [(a, b) for a, b in zip(hand.actions, session["hands"][0]["actions"]) if a != b]
    if len(changed) != 1 or changed[0][1].split()[1] not in WAGERS:
        return False
    clean = pokerkit_outcome(hand, tomllib.loads(dump_phh(hand.session))["actions"])
    assert clean is not None and clean[0] == hand.phh["finishing_stacks"], "PokerKit replays the clean log"
    return pokerkit_outcome(hand, tomllib.loads(dump_phh(session))["actions"]) == clean


@pytest.mark.slow
@pytest.mark.parametrize("kind", CORRUPTIONS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 2**32 - 1))
@example(seed=60552712, pick=47)
def test_a_single_corruption_always_brings_a_finding(kind, seed, pick):
    hand = generate_hand(seed)
    made = corrupt(hand, kind, random.Random(pick))
    if made is None:  # e.g. every seat won something: no seat to move an award to
        return
    session, what = made
    dirty = _check(session)
    assert _new_findings(_check(hand.session), dirty) or _same_chips_for_pokerkit(hand, session), \
        f"seed {seed}: {what} went unnoticed"


def test_a_raise_that_a_later_all_in_evens_out_is_a_legal_hand_for_pokerkit_too():
    """Seed 60552712 (no limit 2-7): p7 raises to 16, p3 and p6 call; after the draw p3 is all
    in for 33 and p6 and p7 call, so each put in 33 whatever p7 raised to. 'p7 raise 19' is
    then another legal hand with the same chips: no finding, and PokerKit agrees."""
    hand = generate_hand(60552712)
    session, what = corrupt(hand, "amount_changed", random.Random(47))
    assert what == "action 9 'p7 raise 16' -> 'p7 raise 19'"
    assert _new_findings(_check(hand.session), _check(session)) == set()
    assert _same_chips_for_pokerkit(hand, session)


@pytest.mark.slow
def test_pokerkit_refuses_or_moves_chips_for_a_raise_the_referee_flags():
    """The judge of the exception above can say no: a raise below the minimum and a raise
    past the stack are refused by PokerKit, and a raise that changes what a seat put in
    changes PokerKit's chips."""
    hand = generate_hand(60552712)
    for new, why in (("p7 raise 3", "below the minimum raise"), ("p7 raise 393", "past the stack")):
        session = {**hand.session, "hands": [{**hand.session["hands"][0],
                                               "actions": [new if a == "p7 raise 16" else a
                                                           for a in hand.actions]}]}
        assert _new_findings(_check(hand.session), _check(session)), why
        assert not _same_chips_for_pokerkit(hand, session), why
    missed = []
    for seed in range(120):
        hand = generate_hand(seed)
        made = corrupt(hand, "amount_changed", random.Random(seed))
        if made and _same_chips_for_pokerkit(hand, made[0]) \
                and _new_findings(_check(hand.session), _check(made[0])):
            missed.append((seed, made[1]))
    assert missed == [], "PokerKit took as the same hand a change that the referee flags"


def test_corruptions_change_the_log():
    """The corruption helper really changes one line (so the property above can fail)."""
    rng = random.Random(1)
    for seed in range(30):
        hand = generate_hand(seed)
        for kind in CORRUPTIONS:
            made = corrupt(hand, kind, rng)
            if made is None:
                continue
            changed = [j for j, (a, b) in enumerate(zip(hand.actions, made[0]["hands"][0]["actions"])) if a != b]
            assert len(changed) == 1, (seed, kind, made[1])


@pytest.mark.slow
@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_each_corruption_kind_is_caught_on_200_fixed_hands(kind):
    """The same property over fixed seeds, so a regression names a reproducible seed."""
    missed = []
    for seed in range(200):
        hand = generate_hand(seed)
        made = corrupt(hand, kind, random.Random(seed))
        if made is not None and not _new_findings(_check(hand.session), _check(made[0])):
            missed.append((seed, made[1]))
    assert missed == []


@pytest.mark.slow
@SETTINGS
@given(hands_strategy(players=2))
def test_heads_up_hand_is_clean_and_ends_with_pokerkits_stacks(hand):
    """Heads-up the button posts the small blind and speaks first before the draw, last
    after it (RRoP section 4, "heads-up"; PokerKit plays it so): no finding, same stacks."""
    result = _check(hand.session)
    assert result["findings"] == []
    assert result["stacks"] == {str(s): v for s, v in hand.final_stacks.items()}


# ------------------------------------------- the seeds' irregularities (issue 27)
@pytest.mark.slow
@SETTINGS
@given(irregular_hands_strategy())
def test_a_legal_hand_with_the_seeds_irregularities_keeps_its_chips_and_winners(irregular):
    """A sitout before the deal, an exposed card, a withdrawal after two exposed cards
    (instead of a fold before any chip), a dealer's fix before the seat acts: none moves
    a chip (a sitout in a hand without antes is a warning, ``sitout_irregular``), so the referee ends with PokerKit's awards (one winner per pot or its exact
    split), the stacks add up, nobody's hand is dead (five cards each), no error."""
    hand = irregular.hand
    result = referee.check(irregular.session)["hands"][0]
    assert [f for f in result["findings"] if f["severity"] == "error"] == [], irregular.added
    assert result["awards"] == {str(s): c for s, c in sorted(hand.awards.items()) if c}
    stacks_before = sum(p["stack"] for p in irregular.session["players"])
    assert sum(result["stacks"].values()) == stacks_before
    assert result["carried"] == 0
    for seat, chips in hand.final_stacks.items():
        assert result["stacks"][str(seat)] == chips
    if irregular.sat_out is not None:
        assert result["stacks"][str(irregular.sat_out)] == 100
    kinds = {f["kind"] for f in result["findings"]}
    assert kinds <= {"exposed_card", "wrong_card_count", "sitout_irregular"}, result["findings"]
    # seed 000's abstaining is from a pot: in a hand of blinds only the sitout is said to be
    # out of place (reason no_pot, a warning), the seat dealt nothing all the same
    rules = referee.resolve_rules(irregular.session["rules"])
    pot_hand = rules.ante > 0 and not rules.big_blind_ante
    assert [f["details"]["reason"] for f in result["findings"] if f["kind"] == "sitout_irregular"] \
        == ([] if pot_hand or irregular.sat_out is None else ["no_pot"])
    assert all(f["details"].get("reason") == "fixed" for f in result["findings"]
               if f["kind"] == "wrong_card_count")
    assert ("withdraw" in irregular.added) == any(
        f["details"].get("reason") == "second_withdraw" for f in result["findings"])
