"""The betting and the deal by the rule books, through ``python -m referee check`` (issue 11,
"What was measured" 1-6): forced bets that take a whole stack, the big blind's option
behind an all-in call, the pot-limit minimum bet, completing a short all-in in fixed
limit, the raise cap, and a deal larger than the deck.

Each test writes a one-hand session file and runs the command's own code path
(``referee.__main__.main(["check", FILE])``), reading its JSON as CONTRACT.md section 4
prints it; the rule is quoted in the test's docstring.
"""

from __future__ import annotations

import json

from referee_runs import check, kinds

from referee.__main__ import main
from referee.table import table_state

LOWBALL = {"preset": "deuce_to_seven", "small_blind": 5, "big_blind": 10}
FIXED = {"preset": "jackpots", "ante": 1, "small_bet": 10, "big_bet": 20, "opening": None}
CARDS = {1: "2c3c4c5d7h", 2: "8s8h8d8c9s", 3: "KsKhKdKcQs", 4: "2d3d4d5h8h"}


def deals(*seats: int) -> list[str]:
    return [f"d deal p{s} {CARDS[s]}" for s in seats]


# ---------------------------------------------------------------- 1. forced all-ins
def test_a_big_blind_that_takes_the_whole_stack_is_all_in_with_a_side_pot(tmp_path, capsys):
    """CONTRACT.md section 2: "Chips recorded as put in are in the pot"; RRoP section 3
    (table stakes, side pots): a player all in for the blind plays for the main pot only
    (seed 000: "solamente ganará el importe de su resto a cada uno de los jugadores que
    hayan entrado con él"). The big blind of 6 (its whole stack) is all in: the others
    act (calling the full big blind of 10, RRoP section 2 rule 1), draw and show, and the
    big blind wins the main pot, the side pot goes on."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 6}, 1, [
        "p2 blind 5", "p3 straddle 6", *deals(1, 2, 3),
        "p1 call", "p2 call",
        "p2 draw 0", "p3 draw 0", "p1 draw 0",
        "p2 bet 10", "p1 call",
        "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h",
        "d award p1 46"])
    assert status == 0, hand["findings"]
    assert kinds(hand) == []
    assert hand["pots"] == [{"amount": 18, "seats": [1, 2, 3]}, {"amount": 28, "seats": [1, 2]}]
    assert hand["awards"] == {"1": 46} and hand["stacks"] == {"1": 126, "2": 80, "3": 0}


def test_a_short_blind_of_the_whole_stack_is_neither_wrong_amount_nor_irregular(
        tmp_path, capsys):
    """RRoP section 3 (table stakes): a player may not be made to bet more than the chips
    in front of them; a small blind of 3 with a stack of 3 is the whole stack, not a
    blind of the wrong size. The seat is all in: the hand plays to the showdown where it
    wins the main pot."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 3, 2: 100, 3: 100}, 3, [
        "p1 blind 3", "p2 straddle 10", *deals(1, 2, 3),
        "p3 call", "p2 check", "p1 draw 0", "p2 draw 0", "p3 draw 0", "p2 check", "p3 check",
        "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h",
        "d award p1 9", "d award p2 14"])
    assert status == 0 and kinds(hand) == []
    assert hand["stacks"] == {"1": 9, "2": 104, "3": 90}


def test_an_ante_that_takes_the_whole_stack_is_all_in(tmp_path, capsys):
    """Seed 000: "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la que
    dispone en su resto"; RRoP section 3, side pots. An ante of 6 from a stack of 6 (the
    house ante is 10) leaves the seat all in for the main pot of 18; the side pot of 8 is
    the other two's. (This held before issue 11; the blind did not.)"""
    status, hand = check(tmp_path, capsys,
                         {"preset": "basico", "ante": 10, "betting": "no_limit", "min_bet": 10},
                         {1: 100, 2: 100, 3: 6}, 3, [
        "p1 ante 10", "p2 ante 10", "p3 ante 6", *deals(1, 2, 3),
        "p1 check", "p2 check", "p1 draw 0", "p2 draw 0", "p3 draw 0", "p1 check", "p2 check",
        "p1 show 2c3c4c5d7h", "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs",
        "d award p2 8", "d award p3 18"])
    assert status == 0 and kinds(hand) == []
    assert hand["pots"] == [{"amount": 18, "seats": [1, 2, 3]}, {"amount": 8, "seats": [1, 2]}]


def test_a_blind_whose_ante_took_the_stack_is_not_owed_and_the_big_blind_keeps_its_size(
        tmp_path, capsys):
    """Seed 000: the blind and the double blind ("doble blind ... cantidad doble"); RRoP
    section 3 (table stakes). The small blind's seat anted its last 2 chips: it posts no
    blind, and the big blind of 10 is the double blind's size, not a wrong one."""
    status, hand = check(tmp_path, capsys, dict(LOWBALL, ante=2), {1: 2, 2: 100, 3: 100}, 3, [
        "p1 ante 2", "p2 ante 2", "p3 ante 2", "p2 straddle 10", *deals(1, 2, 3),
        "p3 call", "p2 check", "p1 draw 0", "p2 draw 0", "p3 draw 0", "p2 check", "p3 check",
        "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h",
        "d award p1 6", "d award p2 20"])
    assert status == 0 and kinds(hand) == []


def test_heads_up_a_big_blind_all_in_for_less_than_the_small_blind_gets_the_rest_back(
        tmp_path, capsys):
    """RRoP section 3: a bet nobody calls goes back to its owner; CONTRACT.md section 4:
    "awards ... a seat's own uncalled bet included". Heads-up the button posts the small
    blind of 5, the big blind is all in for 3: nobody acts, the cards are drawn and shown,
    the main pot is 6 and the 2 chips of the small blind nobody matched go back."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 3}, 1, [
        "p1 blind 5", "p2 straddle 3", *deals(1, 2),
        "p2 draw 0", "p1 draw 0", "p1 show 2c3c4c5d7h", "p2 show 8s8h8d8c9s", "d award p1 8"])
    assert status == 0 and kinds(hand) == []
    assert hand["pots"] == [{"amount": 6, "seats": [1, 2]}, {"amount": 2, "seats": [1]}]
    assert hand["awards"] == {"1": 8} and hand["stacks"] == {"1": 103, "2": 0}


# ------------------------------------------------------ 2. the big blind's option
BB_OPTION = ["p1 blind 5", "p2 straddle 10", *deals(1, 2, 3), "p3 allin", "p1 fold", "p2 check"]


def test_the_big_blind_checks_its_option_behind_an_all_in_call_and_the_draw_is_played(
        tmp_path, capsys):
    """RRoP section 3: the big blind has the option to raise when the blind is only
    called; CONTRACT.md section 2: the draw follows the betting round. Seat 3 calls all
    in for 8, the small blind folds, the big blind checks: the draw is still played (no
    "drew when no draw was due", no six-card hand) and the pot goes to the best low."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 8}, 3, BB_OPTION + [
        "p2 draw 1 9s", "d serve p2 2d", "p3 draw 0",
        "p2 show 8s8h8d8c2d", "p3 show KsKhKdKcQs", "d award p2 23"])
    assert status == 0 and kinds(hand) == []
    assert hand["awards"] == {"2": 23}


def test_triple_draw_every_draw_is_played_when_all_but_one_are_all_in(tmp_path, capsys):
    """RRoP section 11 (triple draw: three draws, a betting round after each); the betting
    rounds with only one seat able to bet are empty, the draws are not. After the big
    blind's check behind the all-in call, three draws follow."""
    rules = dict(LOWBALL, betting="fixed_limit", draws=3, small_bet=10, big_bet=20)
    status, hand = check(tmp_path, capsys, rules, {1: 100, 2: 100, 3: 8}, 3, BB_OPTION + [
        "p2 draw 1 9s", "d serve p2 2d", "p3 draw 0",
        "p2 draw 1 2d", "d serve p2 3d", "p3 draw 0",
        "p2 draw 1 3d", "d serve p2 4d", "p3 draw 0",
        "p2 show 8s8h8d8c4d", "p3 show KsKhKdKcQs", "d award p2 23"])
    assert status == 0 and kinds(hand) == []


def test_the_big_blind_option_hand_read_from_phh(tmp_path, capsys):
    """The same hand as PHH (positions: p1 small blind, p2 big blind, p3 button): the
    big blind's ``cc`` behind the all-in call is its check, and the draw is played."""
    text = "\n".join([
        'variant = "N2L1D"', "antes = [0, 0, 0]", "blinds_or_straddles = [5, 10, 0]",
        "min_bet = 10", "starting_stacks = [100, 100, 8]", "actions = [",
        '"d dh p1 2c3c4c5d7h", "d dh p2 8s8h8d8c9s", "d dh p3 KsKhKdKcQs",',
        '"p3 cc", "p1 f", "p2 cc", "p2 sd 9s", "p3 sd", "d dh p2 2d",',
        '"p2 sm 8s8h8d8c2d", "p3 sm KsKhKdKcQs"]', "finishing_stacks = [95, 113, 0]", ""])
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    status = main(["check", str(path)])
    hand = json.loads(capsys.readouterr().out)["hands"][0]
    assert status == 0 and [f for f in hand["findings"] if f["severity"] == "error"] == []
    assert hand["stacks"] == {"1": 95, "2": 113, "3": 0}


# ------------------------------------------------------------- 3. pot limit
def test_pot_limit_the_minimum_bet_is_allowed_when_it_is_more_than_the_pot(tmp_path, capsys):
    """RRoP section 15 (Pot-Limit): "The minimum bet is the same as the big blind"; a
    player may always bet the minimum, even when it is more than the pot. Three antes of
    1 make a pot of 3; a bet of 10 (the minimum) is legal."""
    rules = {"preset": "basico", "betting": "pot_limit", "ante": 1, "min_bet": 10}
    status, hand = check(tmp_path, capsys, rules, {1: 100, 2: 100, 3: 100}, 3, [
        "p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 bet 10", "p2 fold", "p3 fold",
        "d award p1 13"])
    assert status == 0 and kinds(hand) == []


def test_pot_limit_more_than_the_minimum_and_the_pot_is_too_large(tmp_path, capsys):
    """RRoP section 15: the most a pot-limit bet may be is the pot (or the minimum bet
    where that is more): 11 over a pot of 3 with a minimum of 10 is ``bet_too_large``."""
    rules = {"preset": "basico", "betting": "pot_limit", "ante": 1, "min_bet": 10}
    _, hand = check(tmp_path, capsys, rules, {1: 100, 2: 100, 3: 100}, 3, [
        "p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 bet 11", "p2 fold", "p3 fold",
        "d award p1 14"])
    assert kinds(hand) == [("bet_too_large", 3)]
    assert hand["findings"][0]["details"]["maximum"] == 10


# --------------------------------------------------- 4. completing a short all-in
SHORT_ALLIN = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 bet 10", "p2 allin"]
"""Seat 2 is all in for 14: 4 over the bet of 10, less than half a bet."""


def test_fixed_limit_completing_a_short_all_in_is_legal_and_reopens(tmp_path, capsys):
    """RRoP section 3, rule 6: "a player facing an all-in wager of less than half a bet
    may fold, call, or complete the wager"; the completion to 20 is a full raise, so the
    bettor, now facing a full bet more than it bet, may raise again ("does not reopen
    the betting for any player who has already acted and is not facing at least a full
    bet")."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 100, 2: 15, 3: 100}, 3,
                    SHORT_ALLIN + ["p3 raise 20", "p1 raise 30", "p3 call"])
    assert [k for k in kinds(hand) if k[0] != "incomplete_hand"] == []


def test_fixed_limit_a_short_all_in_is_completed_not_raised_by_a_full_bet(tmp_path, capsys):
    """RRoP section 3, rule 6: facing an all-in of less than half a bet the player may
    "fold, call, or complete the wager": the raise is to 20 (the bet of 10 completed),
    not to 24 (a full bet over the all-in)."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 100, 2: 15, 3: 100}, 3,
                    SHORT_ALLIN + ["p3 raise 24"])
    (finding,) = [f for f in hand["findings"] if f["kind"] != "incomplete_hand"]
    assert (finding["kind"], finding["action"]) == ("bet_too_large", 5)
    assert finding["details"]["expected"] == 20


def test_fixed_limit_a_short_all_in_does_not_reopen_for_the_bettor(tmp_path, capsys):
    """RRoP section 3, rule 6: "an all-in wager of less than half a bet does not reopen
    the betting for any player who has already acted and is not facing at least a full
    bet by the time the action gets to them": the bettor, facing 4 more, may only call."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 100, 2: 15, 3: 100}, 3,
                    SHORT_ALLIN + ["p3 call", "p1 raise 20"])
    assert ("not_reopened", 6) in kinds(hand)


# ---------------------------------------------------------------- 5. the raise cap
FOUR_RAISES = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 bet 10", "p2 raise 20",
               "p3 raise 30", "p1 raise 40", "p2 raise 50"]


def test_draw_allows_a_bet_and_four_raises(tmp_path, capsys):
    """RRoP section 3, rule 3: "a game with two betting rounds (such as draw) allows a
    maximum of a bet and four raises" (``raise_cap`` "auto", the default)."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 200, 2: 200, 3: 200}, 3,
                    FOUR_RAISES + ["p3 call", "p1 call"])
    assert [k for k in kinds(hand) if k[0] != "incomplete_hand"] == []


def test_draw_a_fifth_raise_is_over_the_cap(tmp_path, capsys):
    """RRoP section 3, rule 3: a bet and four raises with two betting rounds; the fifth
    raise is ``raise_cap``."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 200, 2: 200, 3: 200}, 3,
                    FOUR_RAISES + ["p3 raise 60"])
    assert ("raise_cap", 8) in kinds(hand)
    assert [f["details"] for f in hand["findings"] if f["kind"] == "raise_cap"] == [
        {"raises": 5, "cap": 4}]


def test_triple_draw_allows_a_bet_and_three_raises(tmp_path, capsys):
    """RRoP section 3, rule 3: "a game with three or more betting rounds allows a maximum
    of a bet and three raises": with three draws the fourth raise is over the cap."""
    _, hand = check(tmp_path, capsys, dict(FIXED, draws=3), {1: 200, 2: 200, 3: 200}, 3,
                    FOUR_RAISES)
    assert ("raise_cap", 7) in kinds(hand)


def test_once_capped_a_fold_does_not_uncap_the_raising(tmp_path, capsys):
    """RRoP section 3, rule 4: "Once the raising is capped on a betting round, it cannot
    be uncapped by a subsequent fold that leaves two players heads-up"."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 200, 2: 200, 3: 200}, 3,
                    FOUR_RAISES + ["p3 fold", "p1 raise 60"])
    assert ("raise_cap", 9) in kinds(hand)


def test_heads_up_before_the_cap_the_raising_is_unlimited(tmp_path, capsys):
    """RRoP section 3, rule 4: "Unlimited raising is allowed in heads-up play. This
    applies any time the action becomes heads-up before the raising has been capped"."""
    _, hand = check(tmp_path, capsys, FIXED, {1: 200, 2: 200, 3: 200}, 3, [
        "p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 bet 10", "p2 raise 20", "p3 fold",
        "p1 raise 30", "p2 raise 40", "p1 raise 50", "p2 raise 60", "p1 raise 70", "p2 call"])
    assert [k for k in kinds(hand) if k[0] != "incomplete_hand"] == []


def test_a_house_raise_cap_still_sets_the_cap(tmp_path, capsys):
    """``raise_cap`` as a number is the house's own cap (RRoP section 3, rule 3: "unless
    the house says otherwise"): with 3, the fourth raise is over it."""
    _, hand = check(tmp_path, capsys, dict(FIXED, raise_cap=3), {1: 200, 2: 200, 3: 200}, 3,
                    FOUR_RAISES)
    assert ("raise_cap", 7) in kinds(hand)


# ---------------------------------------------------------- 6. the deal and the deck
def test_seven_players_at_a_32_card_table_is_deck_exhausted(tmp_path, capsys):
    """CONTRACT.md section 5, ``deck_exhausted``: "more cards dealt than the deck holds":
    seven hands of five are 35 cards from a deck of 32 (7 to ace). Reported once, at the
    seventh deal."""
    seats = range(1, 8)
    status, hand = check(tmp_path, capsys, {"preset": "jackpots", "lowest_rank": "7"},
                         {s: 100 for s in seats}, 7,
                         [f"p{s} ante 1" for s in seats] + [f"d deal p{s} 5" for s in seats])
    assert status == 1
    assert [k for k in kinds(hand) if k[0] == "deck_exhausted"] == [("deck_exhausted", 13)]


def test_a_deal_that_needs_the_last_card_is_deck_exhausted_where_it_may_not_be_dealt(
        tmp_path, capsys):
    """Seed 000: "No se debe dar la última carta del mazo" (``deal_last_card`` false):
    eight hands from a 40-card deck (5 to ace) need its last card; with
    ``deal_last_card`` true the same deal is regular."""
    seats = range(1, 9)
    lines = [f"p{s} ante 1" for s in seats] + [f"d deal p{s} 5" for s in seats]
    rules = {"preset": "jackpots", "lowest_rank": "5"}
    _, hand = check(tmp_path, capsys, rules, {s: 100 for s in seats}, 8, lines)
    assert [k for k in kinds(hand) if k[0] == "deck_exhausted"] == [("deck_exhausted", 15)]
    assert hand["findings"][0]["details"]["reason"] == "deal_last_card"
    _, hand = check(tmp_path, capsys, dict(rules, deal_last_card=True),
                    {s: 100 for s in seats}, 8, lines)
    assert "deck_exhausted" not in [k for k, _ in kinds(hand)]


# ------------------------------------------------------- a draw before the betting is over
def test_an_early_draw_does_not_end_the_betting_round(tmp_path, capsys):
    """TDA rule 53 (Action Out of Turn): action backs up to the seat that was due. Seat 1
    bets and draws before the others answered: the draw is out of turn, the betting goes
    on (the calls put their chips in), and seat 1 has drawn when the draw comes."""
    status, hand = check(tmp_path, capsys, FIXED, {1: 100, 2: 100, 3: 100}, 3, [
        "p1 ante 1", "p2 ante 1", "p3 ante 1",
        "d deal p1 AsAhKdQc2c", "d deal p2 8s8h8d8c9s", "d deal p3 KsKhJdJcQs",
        "p1 bet 10", "p1 draw 1 2c", "d serve p1 3c", "p2 call", "p3 call",
        "p2 draw 0", "p3 draw 1 Qs", "d serve p3 Qh", "p1 check", "p2 check", "p3 check",
        "p1 show AsAhKdQc3c", "p2 show 8s8h8d8c9s", "p3 show KsKhJdJcQh", "d award p2 33"])
    assert status == 0 and kinds(hand) == [("out_of_turn", 7)]
    assert hand["findings"][0]["details"]["due"] == 2
    assert hand["stacks"] == {"1": 89, "2": 122, "3": 89}


# ------------------------------------ a seat all in by its blind or ante is never due
def tablet(rules: dict, stacks: dict[int, int], button: int, actions: list[str]) -> dict:
    """What the dealer's tablet is offered after ``actions`` (:func:`table_state`)."""
    return table_state({"format": "tapete/1", "rules": rules,
                        "players": [{"seat": s, "stack": c} for s, c in stacks.items()],
                        "hands": [{"button": button, "actions": actions}]})


def legal(state: dict) -> dict[str, tuple]:
    return {l["verb"]: (l["min"], l["max"]) for l in state["legal"]}


HU_SB_ALLIN = ["p1 blind 5", "p2 straddle 10", *deals(1, 2)]


def test_heads_up_a_small_blind_all_in_by_its_blind_is_not_due_and_its_call_loses_no_draw(
        tmp_path, capsys):
    """RRoP section 3 (table stakes): "a player ... all in ... plays for the chips put
    in": a seat all in by its blind has no further action. Heads-up the button's small
    blind of 5 is its whole stack: the tablet offers it nothing (the big blind is to act,
    its option: a check), and a ``call`` logged for it anyway is ``out_of_turn`` (reason
    ``all_in``) and changes nothing: the draw is played, no "drew when no draw was due",
    and the small blind wins the main pot of 10, the big blind's 5 go back."""
    now = tablet(LOWBALL, {1: 5, 2: 100}, 1, HU_SB_ALLIN)
    assert now["to_act"] == 2 and legal(now) == {"check": (None, None)}
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 5, 2: 100}, 1, HU_SB_ALLIN + [
        "p1 call", "p2 draw 0", "p1 draw 0", "p2 show 8s8h8d8c9s", "p1 show 2c3c4c5d7h",
        "d award p1 10", "d award p2 5"])
    assert status == 0 and kinds(hand) == [("out_of_turn", 4)]
    assert hand["findings"][0]["details"] == {"due": 2, "verb": "call", "reason": "all_in"}
    assert hand["awards"] == {"1": 10, "2": 5}


def test_triple_draw_the_small_blind_all_in_by_its_blind_plays_all_three_draws(
        tmp_path, capsys):
    """RRoP section 11 (triple draw: three draws, a betting round after each) and
    section 3 (an all-in player takes no further action): the ``call`` logged for the
    small blind all in by its blind loses no draw; all three are played."""
    rules = dict(LOWBALL, betting="fixed_limit", draws=3, small_bet=10, big_bet=20)
    status, hand = check(tmp_path, capsys, rules, {1: 5, 2: 100}, 1, HU_SB_ALLIN + [
        "p1 call", "p2 draw 0", "p1 draw 0", "p2 draw 0", "p1 draw 0", "p2 draw 0",
        "p1 draw 0", "p2 show 8s8h8d8c9s", "p1 show 2c3c4c5d7h",
        "d award p1 10", "d award p2 5"])
    assert status == 0 and [k for k, _ in kinds(hand)] == ["out_of_turn"]
    assert hand["findings"][0]["details"]["reason"] == "all_in"


def test_heads_up_the_call_of_a_small_blind_over_a_short_big_blind_loses_no_draw(
        tmp_path, capsys):
    """RRoP section 3: a bet nobody can call goes back; nobody is left to bet against.
    Heads-up the big blind is all in for 3 under a small blind of 5: the small blind's
    ``call`` (it owes nothing) is its check, and the draw is still played."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 3}, 1, [
        "p1 blind 5", "p2 straddle 3", *deals(1, 2), "p1 call", "p2 draw 0", "p1 draw 0",
        "p1 show 2c3c4c5d7h", "p2 show 8s8h8d8c9s", "d award p1 8"])
    assert status == 0 and kinds(hand) == []


SHORT_BB = ["p2 blind 5", "p3 straddle 4", *deals(1, 2, 3)]


def test_a_short_all_in_big_blind_does_not_lower_the_call(tmp_path, capsys):
    """Robert's Rules of Poker, section 2 (Button and blind use), rule 1: "The minimum
    bring-in and allowable raise sizes for the opener … remain the same even when the
    player in the blind does not have enough chips to post the full amount." Blinds 5/10,
    the big blind all in for 4: the call is 10 and the minimum raise is to 20 (the tablet
    offers them); ``p1 call 10`` is no ``wrong_amount``."""
    now = tablet(LOWBALL, {1: 100, 2: 100, 3: 4}, 1, SHORT_BB[:2])
    assert now["to_act"] == 1
    assert legal(now)["call"] == (10, 10) and legal(now)["raise"][0] == 20
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 4}, 1, SHORT_BB + [
        "p1 call 10", "p2 call", "p2 draw 0", "p3 draw 0", "p1 draw 0", "p2 check",
        "p1 check", "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h",
        "d award p1 24"])
    assert status == 0 and kinds(hand) == []
    assert hand["pots"] == [{"amount": 12, "seats": [1, 2, 3]}, {"amount": 12, "seats": [1, 2]}]


def test_a_short_all_in_big_blind_does_not_lower_the_minimum_raise(tmp_path, capsys):
    """Robert's Rules of Poker, section 2 (Button and blind use), rule 1: "The minimum
    bring-in and allowable raise sizes for the opener … remain the same even when the
    player in the blind does not have enough chips to post the full amount." A raise to
    15 over a big blind all in for 4 (blinds 5/10) is ``bet_too_small``: the minimum is
    to 20."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 4}, 1, SHORT_BB + [
        "p1 raise 15", "p2 fold", "p3 draw 0", "p1 draw 0",
        "p1 show 2c3c4c5d7h", "p3 show KsKhKdKcQs", "d award p1 24"])
    assert status == 1 and kinds(hand) == [("bet_too_small", 5)]
    assert hand["findings"][0]["details"]["minimum"] == 20


def test_a_big_blind_ante_that_takes_the_stack_does_not_lower_the_bring_in(tmp_path, capsys):
    """Robert's Rules of Poker, section 2 (Button and blind use), rule 1: "The minimum
    bring-in and allowable raise sizes for the opener … remain the same even when the
    player in the blind does not have enough chips to post the full amount." The big
    blind's ante of 10 takes its 8 chips: it posts no blind, is not due, and the first
    to act calls the full big blind of 10 (minimum raise to 20)."""
    rules = dict(LOWBALL, ante=10, big_blind_ante=True)
    lines = ["p3 ante 8", "p2 blind 5", *deals(1, 2, 3)]
    now = tablet(rules, {1: 100, 2: 100, 3: 8}, 1, lines[:2])
    assert now["to_act"] == 1
    assert legal(now)["call"] == (10, 10) and legal(now)["raise"][0] == 20
    status, hand = check(tmp_path, capsys, rules, {1: 100, 2: 100, 3: 8}, 1, lines + [
        "p1 call 10", "p2 call", "p2 draw 0", "p3 draw 0", "p1 draw 0", "p2 check",
        "p1 check", "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h",
        "d award p1 28"])
    assert status == 0 and kinds(hand) == []


def test_after_an_ante_takes_the_small_blinds_stack_the_blind_line_is_the_big_blind(
        tmp_path, capsys):
    """CONTRACT.md section 2: ``pN blind A`` is the blind and a second blind line the
    double blind; seed 000: the double blind is "una cantidad doble a la ciega". The
    small blind's seat anted its last 2 chips and cannot post: the next seat's ordinary
    ``blind 10`` is the big blind (no ``blind_irregular``: neither the wrong seat nor the
    wrong size)."""
    rules = dict(LOWBALL, ante=2)
    status, hand = check(tmp_path, capsys, rules, {1: 100, 2: 2, 3: 100}, 1, [
        "p1 ante 2", "p2 ante 2", "p3 ante 2", "p3 blind 10", *deals(1, 2, 3),
        "p1 call", "p3 check", "p2 draw 0", "p3 draw 0", "p1 draw 0", "p3 check", "p1 check",
        "p3 show KsKhKdKcQs", "p1 show 2c3c4c5d7h", "p2 show 8s8h8d8c9s",
        "d award p1 26"])
    assert status == 0 and kinds(hand) == []


def test_a_seat_that_draws_while_itself_still_to_bet_is_told_so(tmp_path, capsys):
    """Seed 000: "Ningún jugador podrá descartarse antes de que le llegue el turno"; TDA
    rule 53. The small blind still owes the rest of the big blind and draws: the finding
    says it drew while it was itself still to act in the betting (reason
    ``still_to_bet``), not "seat 1 drew while seat 1 was to act"."""
    status, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 100}, 3, [
        "p1 blind 5", "p2 straddle 10", *deals(1, 2, 3), "p3 call", "p1 draw 0",
        "p2 draw 0", "p3 draw 0", "p1 check", "p2 check", "p3 check",
        "p1 show 2c3c4c5d7h", "p2 show 8s8h8d8c9s", "p3 show KsKhKdKcQs", "d award p1 15",
        "d award p2 10"])
    assert [k for k, _ in kinds(hand)] == ["out_of_turn"]
    finding = hand["findings"][0]
    assert finding["details"] == {"due": 1, "verb": "draw", "reason": "still_to_bet"}
    assert "itself" in finding["message"] and "seat 1 was to act" not in finding["message"]
    _, hand = check(tmp_path, capsys, LOWBALL, {1: 100, 2: 100, 3: 100}, 3, [
        "p1 blind 5", "p2 straddle 10", *deals(1, 2, 3), "p3 call", "p1 draw 0"],
        "--lang", "es")
    assert "aún le tocaba hablar en la ronda de apuestas" in hand["findings"][0]["text"]
