"""House rules (``referee.rules``): the presets of CONTRACT.md section 3 with their seed
settings, the override keys, validation, and the helpers the ranking and replay use."""

from __future__ import annotations

import dataclasses

import pytest
from paths import ROOT

from referee.rules import PRESETS, HouseRules, RulesError, resolve_rules

OVERRIDE_KEYS = (
    "ante small_blind big_blind small_bet big_bet min_bet betting raise_cap direction "
    "checkdown lowest_rank jokers joker opening opener_ladder max_draw draws "
    "flush_beats_full five_figures five_of_a_kind natural_beats_wild suit_order "
    "straight_flush_cycle ranking deal_last_card"
).split()


def test_the_six_presets_of_the_contract_exist():
    assert set(PRESETS) >= {"jackpots", "pocker", "clasico", "internacional", "basico",
                            "deuce_to_seven"}
    for name, rules in PRESETS.items():
        assert rules.preset == name


@pytest.mark.parametrize("key", OVERRIDE_KEYS)
def test_every_contract_override_key_is_accepted(key):
    """CONTRACT 3: "Override keys that every implementation must accept"."""
    assert key in {f.name for f in dataclasses.fields(HouseRules)}


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        PRESETS["jackpots"].ante = 9


def test_jackpots_is_52_cards_jacks_to_open_fixed_limit():
    r = resolve_rules("jackpots")
    assert (r.deck_size(), r.opening, r.betting, r.jokers) == (52, "J", "fixed_limit", 0)
    assert r.flush_beats_full_for() is False


def test_pocker_has_the_joker_repoker_five_figures_and_the_ladder_of_seed_000():
    """000: repóquer with the joker, "Cinco figuras", the natural-beats-joker note, openers
    "damas ... reyes ... ases, descendiendo ... reyes, damas y valets", play to the right."""
    r = resolve_rules("pocker")
    assert (r.jokers, r.joker, r.five_of_a_kind, r.five_figures, r.natural_beats_wild) == (
        1, "wild", True, True, True)
    assert r.opener_ladder == ("J", "Q", "K", "A", "K", "Q", "J")
    assert [r.opening_after(n) for n in range(9)] == ["J", "Q", "K", "A", "K", "Q", "J", "J", "J"]
    assert r.direction == "counterclockwise"
    assert r.deck_size() == 53 and r.flush_beats_full_for() is False   # > 40 cards: full wins


def test_clasico_strips_the_deck_by_the_rule_of_eleven():
    """001: 7 to ace for four players, one more rank per extra player."""
    r = resolve_rules("clasico")
    assert r.lowest_rank == "auto"
    assert [r.deck_size(n) for n in (4, 5, 6)] == [32, 36, 40]
    assert r.at_table(5).lowest_rank == "6" and r.at_table(5).deck_size() == 36
    assert r.flush_beats_full_for(4) is True
    assert r.flush_beats_full == "auto"
    assert (r.suit_order, r.straight_flush_cycle, r.max_draw, r.checkdown) == (
        "hdcs", True, 4, "carry")


def test_clasico_auto_deck_needs_the_player_count():
    with pytest.raises(ValueError, match="players"):
        resolve_rules("clasico").deck()


def test_internacional_opens_jacks_then_queens_then_kings_three_times():
    """002: "la siguiente debe tener como base un par de Damas y, si la situación persiste,
    se juegan tres manos con apertura a los Reyes para luego volver a las Damas y
    nuevamente a los Jotas." """
    r = resolve_rules("internacional")
    assert [r.opening_after(n) for n in range(7)] == ["J", "Q", "K", "K", "K", "Q", "J"]
    assert r.checkdown == "carry" and r.flush_beats_full_for() is False


def test_basico_has_no_opening_minimum_and_goes_to_showdown():
    """003: "dirá si desea jugar o pasar" and "En el caso de que todos pasen ... se muestran
    las cartas y gana quien tenga la mayor jugada." """
    r = resolve_rules("basico")
    assert (r.opening, r.opening_after(3), r.checkdown, r.max_draw) == (None, None, "showdown", 5)


def test_deuce_to_seven_is_lowball_no_limit_with_blinds():
    r = resolve_rules("deuce_to_seven")
    assert (r.ranking, r.betting, r.draws, r.ante) == ("deuce_to_seven", "no_limit", 1, 0)
    assert r.small_blind > 0 and r.big_blind > r.small_blind


def test_session_dict_applies_overrides_on_the_preset():
    r = resolve_rules({"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20})
    assert (r.preset, r.ante, r.small_bet, r.big_bet, r.opening) == ("jackpots", 5, 10, 20, "J")


def test_dict_without_preset_starts_from_jackpots_and_keyword_overrides_apply_last():
    assert resolve_rules({"ante": 3}).preset == "jackpots"
    assert resolve_rules({"preset": "pocker", "ante": 3}, ante=4).ante == 4


def test_opener_ladder_list_becomes_a_tuple_and_lowest_rank_is_normalised():
    r = resolve_rules({"opener_ladder": ["J", "Q"], "lowest_rank": 7})
    assert r.opener_ladder == ("J", "Q") and r.lowest_rank == "7"
    assert r.as_dict()["opener_ladder"] == ["J", "Q"]


def test_as_dict_round_trips():
    for rules in PRESETS.values():
        assert resolve_rules({**rules.as_dict()}) == rules


def test_house_rules_object_is_returned_with_overrides():
    base = PRESETS["clasico"]
    assert resolve_rules(base) is base
    assert resolve_rules(base, ante=7).ante == 7


def test_flush_beats_full_auto_follows_the_40_card_line_of_seed_000():
    """000: "Jugando con más de 40 cartas, el full vale más que el color; si se juega con 40,
    o con menos, vale más el color que el full." """
    def auto(lowest, jokers=0):
        return resolve_rules({"lowest_rank": lowest, "jokers": jokers}).flush_beats_full_for()
    assert auto("5") is True          # 40 cards
    assert auto("5", 1) is False      # 41 cards
    assert auto("4") is False         # 44 cards
    assert auto("6", 2) is True       # 38 cards


@pytest.mark.parametrize("spec", [
    "texas", {"preset": "texas"}, {"colour": "red"}, 42, ["jackpots"],
    {"ante": -1}, {"ante": 1.5}, {"ante": True}, {"betting": "spread"},
    {"direction": "left"}, {"checkdown": "split"}, {"lowest_rank": "8"},
    {"lowest_rank": "34"}, {"lowest_rank": ""}, {"lowest_rank": None}, {"jokers": 3},
    {"joker": "tame"}, {"opening": "T"}, {"opener_ladder": "JQK"},
    {"opener_ladder": ["J", "T"]}, {"opener_ladder": []}, {"max_draw": 6},
    {"draws": 4}, {"flush_beats_full": "yes"}, {"suit_order": "hdc"},
    {"suit_order": "hdcc"}, {"suit_order": 5}, {"ranking": "razz"}, {"raise_cap": -1},
])
def test_bad_rules_raise_rules_error_naming_the_problem(spec):
    with pytest.raises(RulesError):
        resolve_rules(spec)


def test_unknown_key_is_named_in_the_error():
    with pytest.raises(RulesError, match="colour"):
        resolve_rules({"preset": "jackpots", "colour": "red"})


def test_every_preset_setting_cites_its_source():
    """Each preset's block in rules.py carries comments citing the seed (or RRoP)."""
    source = (ROOT / "referee" / "rules.py").read_text(
        encoding="utf-8")  # (the source file: the module may be compiled)
    for needle in ("Seed 000", "Seed 001", "Seed 002", "Seed 003", "RRoP", "WSOP"):
        assert needle in source


@pytest.mark.parametrize("players, flush_wins", [(4, True), (5, True), (6, True), (7, False),
                                                 (8, False), (9, False)])
def test_clasico_flush_beats_full_only_up_to_40_cards(players, flush_wins):
    """001: "en el poker a la americana en donde viene utilizado una baraja entera de 52
    cartas ... el FULL vence al COLOR"; seed 000 draws the line at 40 cards. With the rule
    of 11, 4-6 players play 32-40 cards (flush wins), 7-9 play 44-52 (full wins)."""
    assert resolve_rules("clasico").flush_beats_full_for(players) is flush_wins


@pytest.mark.parametrize("value", [["h", "d", "c", "s"], ("h", "d", "c", "s"), b"hdcs",
                                   {"h": 1, "d": 2, "c": 3, "s": 4}])
def test_suit_order_must_be_a_string(value):
    """A list of the four suits used to pass validation and crash ranking later."""
    with pytest.raises(RulesError, match="suit_order"):
        resolve_rules({"preset": "clasico", "suit_order": value})


def test_check_command_rejects_a_list_suit_order_with_exit_2(tmp_path, shared):
    """``python -m referee check`` on a session whose rules give ``suit_order`` as a list:
    a one-line reason naming the key, exit status 2 (CONTRACT 4), no traceback."""
    import json
    import subprocess
    import sys

    session = json.loads((shared / "cases" / "clasico_flush_beats_full.json").read_text())
    session["rules"]["suit_order"] = ["h", "d", "c", "s"]
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session))
    result = subprocess.run([sys.executable, "-m", "referee", "check", str(path)],
                            capture_output=True, text=True, check=False,
                            cwd=ROOT)
    assert result.returncode == 2
    assert "suit_order" in result.stderr and "Traceback" not in result.stderr


BOOL_SWITCHES = ["five_figures", "five_of_a_kind", "natural_beats_wild", "straight_flush_cycle",
                 "ace_low_straight_flush_beats_royal", "deal_last_card", "blinds_allowed"]


@pytest.mark.parametrize("key", BOOL_SWITCHES)
@pytest.mark.parametrize("value", ["false", "true", 0, 1, None, "no"])
def test_switches_must_be_real_booleans(key, value):
    """"false" used to turn five_figures on (a non-empty string is truthy)."""
    with pytest.raises(RulesError) as info:
        resolve_rules({"preset": "jackpots", key: value})
    assert key in str(info.value) and repr(value) in str(info.value)


@pytest.mark.parametrize("key", BOOL_SWITCHES)
def test_switches_take_true_and_false(key):
    assert getattr(resolve_rules({key: True}), key) is True
    assert getattr(resolve_rules({key: False}), key) is False


@pytest.mark.parametrize("key, value", [
    ("jokers", True), ("jokers", "1"), ("jokers", 1.0), ("draws", True), ("draws", "2"),
    ("max_draw", True), ("max_draw", "3"), ("max_draw", 3.0),
    ("flush_beats_full", 1), ("flush_beats_full", 0), ("flush_beats_full", "true"),
    ("flush_beats_full", None),
])
def test_counts_are_integers_and_flush_beats_full_is_true_false_or_auto(key, value):
    with pytest.raises(RulesError) as info:
        resolve_rules({"preset": "jackpots", key: value})
    assert key in str(info.value) and repr(value) in str(info.value)


def test_integer_counts_and_auto_still_accepted():
    r = resolve_rules({"jokers": 1, "draws": 3, "max_draw": 0, "flush_beats_full": "auto"})
    assert (r.jokers, r.draws, r.max_draw, r.flush_beats_full) == (1, 3, 0, "auto")
    assert resolve_rules({"flush_beats_full": True}).flush_beats_full is True
