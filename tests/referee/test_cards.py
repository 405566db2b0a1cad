"""Cards and decks (``referee.cards``): parsing per CONTRACT.md section 2, stripped decks by
``lowest_rank`` including the rule of 11 (seed 001), jokers."""

from __future__ import annotations

import pytest

from referee.cards import (
    CardError,
    deck_size,
    lowest_rank_for_players,
    make_deck,
    parse_card,
    parse_cards,
    resolve_lowest_rank,
)


def test_parse_cards_reads_a_run_of_two_character_cards():
    assert parse_cards("AsKd7h7c2h") == ("As", "Kd", "7h", "7c", "2h")


def test_parse_cards_allows_spaces_and_forgives_case():
    assert parse_cards("as kD 7H Tc 2h") == ("As", "Kd", "7h", "Tc", "2h")


def test_joker_and_unknown_card_are_cards():
    """CONTRACT 2: "``??`` is a card nobody saw; ``Jk`` is a joker"."""
    assert parse_cards("Jk??As") == ("Jk", "??", "As")
    assert parse_card("jk") == "Jk"
    assert parse_card("JK") == "Jk"


@pytest.mark.parametrize("text", ["1h", "10h", "Ax", "A", "", "Zs", "sA", "??x"])
def test_parse_card_rejects_anything_else_quoting_it(text):
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["AsK", "As10h", "AsXx", "   ", "AsKd7h7c2x"])
def test_parse_cards_rejects_odd_lengths_and_bad_cards(text):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert text in str(info.value) or repr(text) in str(info.value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError):
        parse_cards("Ax")


def test_parse_rejects_non_strings():
    with pytest.raises(CardError):
        parse_card(14)
    with pytest.raises(CardError):
        parse_cards(None)


def test_standard_deck_has_52_distinct_cards():
    deck = make_deck()
    assert len(deck) == 52 == len(set(deck)) == deck_size()
    assert deck[0] == "2s" and deck[-1] == "Ac"


@pytest.mark.parametrize("lowest, size", [("2", 52), ("3", 48), ("4", 44), ("5", 40), ("6", 36), ("7", 32)])
def test_stripped_decks_run_from_lowest_rank_to_ace(lowest, size):
    deck = make_deck(lowest)
    assert len(deck) == size == deck_size(lowest)
    assert min(deck, key=lambda c: "23456789TJQKA".index(c[0]))[0] == lowest
    assert {c[0] for c in deck} == set("23456789TJQKA"["23456789TJQKA".index(lowest):])


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_decks_take_zero_one_or_two_jokers(jokers):
    deck = make_deck("7", jokers)
    assert deck.count("Jk") == jokers
    assert len(deck) == 32 + jokers == deck_size("7", jokers)


@pytest.mark.parametrize("jokers", [3, -1, "1"])
def test_more_than_two_jokers_is_an_error(jokers):
    with pytest.raises(ValueError, match="jokers"):
        make_deck("2", jokers)


@pytest.mark.parametrize("players, lowest", [(2, "7"), (3, "7"), (4, "7"), (5, "6"), (6, "5"),
                                             (7, "4"), (8, "3"), (9, "2"), (10, "2")])
def test_rule_of_eleven_adds_one_rank_per_player_above_four(players, lowest):
    """001: "7, 8, 9, 10, Jota, Reina, Rey y As ... en el caso de cuatro jugadores, en la
    versión de 5 jugadores se aumenta el 6 y así se va aumentando una carta por cada
    jugador más en mesa": lowest rank = 11 - players, between 2 and 7."""
    assert lowest_rank_for_players(players) == lowest
    assert resolve_lowest_rank("auto", players) == lowest


def test_auto_needs_the_player_count():
    with pytest.raises(ValueError, match="number of players"):
        resolve_lowest_rank("auto")


@pytest.mark.parametrize("bad", ["8", "A", "34", "", "x", "auto2"])
def test_lowest_rank_must_be_a_single_rank_two_to_seven(bad):
    """"34" or "" used to pass as a substring of "234567"."""
    with pytest.raises(ValueError, match="lowest_rank"):
        resolve_lowest_rank(bad)
    with pytest.raises(ValueError):
        make_deck(bad)


def test_lowest_rank_accepts_an_integer_seven():
    assert resolve_lowest_rank(7) == "7"


@pytest.mark.parametrize("text, together", [("As,Kd,7h", "AsKd7h"), ("As-Kd-7h-7c-2h", "AsKd7h7c2h"),
                                            ("As, Kd; 7h", "AsKd7h")])
def test_separators_between_cards_get_a_message_to_write_them_together(text, together):
    """CONTRACT 2: cards are "written together (``AsKd7h7c2h``)"; a comma-separated list
    is told so, instead of a puzzling "not a card: ',K'"."""
    with pytest.raises(CardError, match="written together") as info:
        parse_cards(text)
    assert repr(text) in str(info.value) and repr(together) in str(info.value)
