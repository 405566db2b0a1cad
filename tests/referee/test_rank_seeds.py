"""Every example hand the seeds name (``shared/seeds/``), with the seed's verdict.

Test names say the rule; each docstring quotes the seed. Cards: rank + suit
(``Kh`` king of hearts); ``Jk`` is the joker.
"""

from __future__ import annotations

import pytest
from paths import ROOT

from referee import CardError, compare, rank, resolve_rules, winners


def beats(a: str, b: str, rules, players=None) -> bool:
    return compare(a, b, rules, players) == 1 and compare(b, a, rules, players) == -1


# --- seed 000 (pocker: 52 cards + joker) -------------------------------------------------

def test_000_repoker_four_aces_and_joker_is_the_top_hand():
    """000: "RePocker ... Es la mayor jugada que puede hacerse ... As, as, as, as, comodín." """
    hand = rank("AsAhAdAcJk", "pocker")
    assert (hand.name, hand.name_es) == ("five of a kind", "repóquer")
    assert beats("AsAhAdAcJk", "AhKhQhJhTh", "pocker")   # above the royal straight flush


def test_000_with_two_jokers_the_higher_repoker_wins_no_tie():
    """000: "En caso de jugar con dos comodines, ganará el que tenga el repocker de cartas
    más altas. No puede haber empate." """
    rules = {"preset": "pocker", "jokers": 2}
    assert beats("AsAhAdAcJk", "KsKhKdKcJk", rules)
    assert rank("AsAhAdJkJk", rules).name == "five of a kind"


def test_000_straight_flush_queen_high_hearts_is_a_straight_flush():
    """000: "Escalera de color ... Dama, valet, 10, 9 y 8 de corazón." """
    assert rank("QhJhTh9h8h", "pocker").name == "straight flush"
    assert rank("QhJhTh9h8h", "pocker").name_es == "escalera de color"


def test_000_royal_and_ace_low_straight_flush_and_the_higher_wins():
    """000: "As, rey, dama, valet y 10 de trébol ... As, 2, 3, 4 y 5 de corazón. Gana el que
    tenga la escalera mayor. En caso de haber empate, se reparten las ganancias." """
    assert rank("AcKcQcJcTc", "pocker").name == "straight flush"
    assert rank("Ah2h3h4h5h", "pocker").name == "straight flush"
    assert beats("AcKcQcJcTc", "QhJhTh9h8h", "pocker")
    assert beats("QhJhTh9h8h", "Ah2h3h4h5h", "pocker")
    assert compare("AcKcQcJcTc", "AsKsQsJsTs", "pocker") == 0


def test_000_house_rule_ace_low_straight_flush_beats_the_royal():
    """000: "Hay jugadores que tienen por norma que la escalera mínima de as gane a la
    escalera real." (``ace_low_straight_flush_beats_royal``)"""
    rules = {"preset": "pocker", "ace_low_straight_flush_beats_royal": True}
    assert beats("Ah2h3h4h5h", "AcKcQcJcTc", rules)
    assert beats("Ah2h3h4h5h", "KdQdJdTd9d", rules)
    assert beats("AcKcQcJcTc", "Ah2h3h4h5h", "pocker")   # without the house rule


def test_000_four_of_a_kind_kings_and_the_higher_four_wins():
    """000: "Pocker ... Rey, rey, rey, rey, as u otra cualquiera. Gana siempre el pocker
    formado por las cuatro cartas más altas." """
    hand = rank("KsKhKdKcAs", "pocker")
    assert (hand.name, hand.name_es) == ("four of a kind", "póker")
    assert beats("KsKhKdKc2s", "QsQhQdQcAs", "pocker")


def test_000_full_house_aces_over_nines_and_the_higher_trips_win():
    """000: "Fuljan (Full) ... As, as, as, 9, 9. No puede haber empate. Gana el que tenga
    el trío mayor." """
    hand = rank("AsAhAd9s9h", "pocker")
    assert (hand.name, hand.name_es) == ("full house", "full")
    assert beats("AsAhAd2s2h", "KsKhKdQsQh", "pocker")


@pytest.mark.slow
def test_000_full_beats_flush_above_40_cards_flush_beats_full_at_40_or_fewer():
    """000: "Jugando con más de 40 cartas, el full vale más que el color; si se juega con 40,
    o con menos, vale más el color que el full." """
    full, flush = "AsAhAd9s9h", "7h9hJhKhAh"
    assert beats(full, flush, "pocker")                                       # 53 cards
    assert beats(full, flush, "jackpots")                                     # 52 cards
    assert beats(full, flush, {"preset": "jackpots", "lowest_rank": "4"})     # 44 cards
    assert beats(flush, full, {"preset": "jackpots", "lowest_rank": "5"})     # 40 cards
    assert beats(flush, full, {"preset": "jackpots", "lowest_rank": "7"})     # 32 cards
    # 5 to ace plus two jokers is 42 cards: the full wins; 6 to ace plus one is 37.
    assert beats(full, flush, {"preset": "pocker", "lowest_rank": "5", "jokers": 2})
    assert beats(flush, full, {"preset": "pocker", "lowest_rank": "6"})


def test_000_flush_forced_either_way_overrides_the_deck_size():
    """``flush_beats_full`` true/false forces the order whatever the deck (CONTRACT 3)."""
    full, flush = "AsAhAd9s9h", "7h9hJhKhAh"
    assert beats(flush, full, {"preset": "jackpots", "flush_beats_full": True})
    assert beats(full, flush, {"preset": "clasico", "flush_beats_full": False})


def test_000_flush_highest_card_then_next_decides_and_equal_flushes_split():
    """000: "Color ... 7, 9, valet, rey, as de corazón. Gana el que tenga la carta mas alta;
    si en ésta hay empate, determina el ganador la carta que sigue ... Si hubiera empate
    total se reparten las ganancias." """
    assert rank("7h9hJhKhAh", "pocker").name_es == "color"
    assert beats("AhKh9h7h3h", "AsKs9s7s2s", "pocker")
    assert compare("AhKh9h7h3h", "AsKs9s7s3s", "pocker") == 0


def test_000_straight_ace_plays_high_or_low_and_the_higher_top_card_wins():
    """000: "Dama, valet, 10, 9 y 8 ... el as puede ir delante del rey o después del dos ...
    As, rey, dama, valet, 10. Y también 5, 4, 3, 2, as. Gana la escalera que empiece por la
    carta mayor. En caso de empate, se reparten las ganancias." """
    for cards in ("QsJhTd9c8s", "AsKhQdJcTs", "5s4h3d2cAs"):
        assert rank(cards, "pocker").name_es == "escalera"
    assert beats("AsKhQdJcTs", "QsJhTd9c8s", "pocker")
    assert beats("6s5h4d3c2s", "5s4h3d2cAs", "pocker")
    assert compare("QsJhTd9c8s", "QhJdTc9s8h", "pocker") == 0


def test_000_three_jacks_and_the_higher_trips_win():
    """000: "Trío ... Valet, valet, valet, 10, 8. No puede haber empate. Gana el trío de
    cartas mayores." """
    hand = rank("JsJhJdTc8s", "pocker")
    assert (hand.name, hand.name_es) == ("three of a kind", "trío")
    assert beats("QsQhQd2c3s", "JsJhJdAcKs", "pocker")


def test_000_five_figures_sits_between_two_pair_and_three_of_a_kind():
    """000: "Cinco figuras: Es cuando las cinco cartas sean figuras. Los ases no se cuentan
    como figuras. Ejemplo: Rey, rey, dama, valet, valet." (listed below Trío, above Dobles
    parejas)"""
    hand = rank("KsKhQdJcJh", "pocker")
    assert (hand.name, hand.name_es) == ("five figures", "cinco figuras")
    assert beats("KsKhQdJcJh", "AsAhKdKcQh", "pocker")       # beats the best two pair
    assert beats("2s2h2dJcQh", "KsKhQdJcJh", "pocker")       # loses to any trips
    assert rank("AsKhKdQcQh", "pocker").name == "two pair"   # aces are not figures
    assert rank("KsKhQdJcJh", "jackpots").name == "two pair"  # only where the rule is on


def test_000_two_pair_higher_pair_then_second_pair_then_kicker_then_split():
    """000: "Dobles parejas ... Dama, dama, 9, 9, rey. Gana la mayor pareja, y en caso de
    empate, el que tenga la segunda pareja de mayor valor. En caso de empate, el que tenga
    la mayor carta suelta. Y si hay empate final, se reparten las ganancias." """
    hand = rank("QsQh9d9cKh", "pocker")
    assert (hand.name, hand.name_es) == ("two pair", "dobles parejas")
    assert beats("QsQh3d3c2h", "JsJhTdTcAh", "pocker")
    assert beats("QsQh9d9c3h", "QdQc8d8s4h", "pocker")
    assert beats("QsQh9d9cKh", "QdQc9h9sJh", "pocker")
    assert compare("QsQh9d9cKh", "QdQc9h9sKd", "pocker") == 0


def test_000_one_pair_higher_pair_then_kickers_then_split():
    """000: "Pareja ... As, as, valet, 8, 10. Gana el que tenga la pareja de mayor valor. Si
    hay empate, gana el que tenga las cartas de mayor valor entre las tres sueltas." """
    hand = rank("AsAhJd8cTh", "pocker")
    assert (hand.name, hand.name_es) == ("one pair", "pareja")
    assert beats("AsAhJd8cTh", "AdAcJh8d9s", "pocker")
    assert beats("KsKh3d2c4h", "QdQcAhJdTs", "pocker")
    assert compare("AsAhJd8cTh", "AdAcJh8dTs", "pocker") == 0


def test_000_high_card_wins_when_nobody_has_a_combination():
    """000: "Carta mayor: ... gana el que tenga la carta mayor. En caso de empate, se
    reparten las ganancias." """
    assert rank("AsJh8d6c3h", "pocker").name_es == "carta mayor"
    assert beats("AsJh8d6c3h", "KsQhJd9c7h", "pocker")
    assert compare("AsJh8d6c3h", "AdJc8h6s3d", "pocker") == 0


def test_000_natural_hand_beats_the_same_hand_made_with_the_joker():
    """000: "Nota: Cuando al descubrir las cartas, dos jugadores tienen la misma jugada y uno
    de ellos la ha formado con el comodín, ganará el que ha ligado sin esta carta." """
    assert beats("AsKsQs9s7s", "AhKh9h7hJk", "pocker")       # A-K-Q-9-7 colours
    assert beats("9s8h7d6c5h", "9d8c7hJk5d", "pocker")       # nine-high straights
    assert rank("AhKh9h7hJk", "pocker").wild
    assert rank("AhKh9h7hJk", "pocker").ranks == (14, 13, 12, 9, 7)
    rules = {"preset": "pocker", "natural_beats_wild": False}
    assert compare("AsKsQs9s7s", "AhKh9h7hJk", rules) == 0


def test_000_wild_joker_cannot_be_a_card_already_in_the_hand():
    """CONTRACT 3: "A wild joker stands for any card not already in the hand (so no second
    ace of spades in a flush)": four spades and the joker make the best flush or better."""
    assert rank("AsKsQsJsJk", "pocker").name == "straight flush"     # the joker is Ts
    hand = rank("As9s7s4sJk", "pocker")
    assert hand.name == "flush" and hand.ranks == (14, 13, 9, 7, 4)   # the joker is Ks


def test_000_bug_joker_is_an_ace_or_fills_a_straight_or_flush():
    """CONTRACT 3: "A 'bug' joker is an ace, or fills a straight or a flush." """
    bug = {"preset": "pocker", "joker": "bug"}
    assert rank("KsKhKdQcJk", bug).name == "three of a kind"    # an ace, not a fourth king
    assert rank("KsKhKdQcJk", "pocker").name == "four of a kind"
    assert rank("9s8h7d6cJk", bug).ranks == (10,)                # fills the straight (T)
    assert rank("2s7s9sJsJk", bug).ranks[0] == 14                # the ace of spades: flush
    assert rank("AsAhAdAcJk", bug).name == "five of a kind"


# --- seed 001 (poker clásico: stripped deck) ----------------------------------------------

def test_001_four_players_play_seven_to_ace_and_a_six_is_not_in_the_deck():
    """001: "se utilizan solo las cartas: 7, 8, 9, 10, Jota, Reina, Rey y As ... en el caso
    de cuatro jugadores, en la versión de 5 jugadores se aumenta el 6" """
    with pytest.raises(ValueError, match="6s is not in the deck"):
        rank("6s7h8d9cJs", "clasico")
    assert rank("6s7h8d9cJs", "clasico", players=5).name == "high card"
    with pytest.raises(ValueError, match="5s"):
        rank("5s7h8d9cJs", "clasico", players=5)


def test_001_ace_low_straight_below_the_lowest_card_of_the_stripped_deck():
    """001: "la mínima (aquel con el As puesto en escalera antes de la carta menor de la
    baraja que sea el 6 o el 7)": A-7-8-9-T is the lowest straight with 32 cards."""
    low = rank("As7h8d9cTs", "clasico")
    assert low.name == "straight" and low.ace_low
    assert beats("7s8h9dTcJs", "As7h8d9cTs", "clasico")
    assert rank("As6h7d8c9s", "clasico", players=5).name == "straight"
    assert rank("As7h8d9cTs", "clasico", players=5).name == "high card"


def test_001_flush_beats_full_in_the_stripped_deck():
    """001: "en el poker a la americana ... 52 cartas, hay una diferencia, el FULL vence al
    COLOR" (so in the stripped deck the colour beats the full: ... FULL, COLOR, POKER)."""
    assert beats("AhKhQh9h7h", "JhJdJs8c8d", "clasico")
    assert beats("7s7h7d7cAs", "AhKhQh9h7h", "clasico")      # poker above colour


def test_001_same_pair_the_one_holding_the_heart_wins():
    """001: "entre dos parejas gana la de valor superior, en el caso que sean del mismo valor,
    gana la pareja que tenga el palo de corazón (... CORAZÓN, DIAMANTE, TRÉBOL, PICAS)" """
    assert beats("QhQcAd9s8c", "QdQsAh9c8d", "clasico")
    assert beats("QdQcAh9s8c", "QsQhAd9c8d", "clasico") is False
    assert beats("KsKd9h8c7h", "QhQcAd9s8c", "clasico")       # a higher pair still wins


def test_001_suit_order_hearts_diamonds_clubs_spades_breaks_rank_ties():
    """001: "(que es el primero en orden de importancia entre los palos: CORAZÓN, DIAMANTE,
    TRÉBOL, PICAS)": on equal ranks the deciding card's suit decides."""
    assert beats("AdKs9h8c7s", "AcKh9d8s7d", "clasico")       # diamonds over clubs
    assert beats("AcKh9d8s7d", "AsKd9c8h7c", "clasico")       # clubs over spades
    assert beats("AhKhQh9h7h", "AsKsQs9s7s", "clasico")       # a colour of hearts
    assert beats("JsJd8h8c9s", "JhJc8s8d9d", "clasico") is False  # the jacks with the heart win
    assert compare("QhQs9d8c7h", "QdQc9h8s7d", "jackpots") == 0   # no suit order there


def test_001_equal_pairs_the_heart_pair_wins_before_the_kickers():
    """001, literally: "entre dos parejas gana la de valor superior, en el caso que sean del
    mismo valor, gana la pareja que tenga el palo de corazón". The pair's suit decides
    once the pairs are of the same value: the kickers (A-K-J against 9-8-7) come after."""
    assert compare("QhQc9d8c7h", "QdQsAsKdJc", "clasico") == 1
    assert compare("QdQsAsKdJc", "QhQc9d8c7h", "clasico") == -1
    assert winners(["QdQsAsKdJc", "QhQc9d8c7h"], "clasico") == [1]
    assert compare("QhQc9d8c7h", "QdQsAsKdJc", "basico") == -1   # no suit order: kickers


def test_001_suit_of_the_made_part_decides_before_kickers_in_every_combination():
    """The same reading for the other made parts: two pair (the higher pair's best suit),
    and hands without a made part compare all their ranks first, then the top card's suit
    (the flush's suit)."""
    # Two pair J-J-8-8: the jacks with the heart win whatever the kicker.
    assert compare("JhJs8d8c7s", "JdJc8h8sAs", "clasico") == 1
    # High card: all the ranks first (A-K-9-8-7 beats A-K-9-8-6 whatever the ace's suit;
    # the 6 needs the 36-card deck of five players), then the top card's suit.
    assert compare("AsKd9h8c7s", "AhKs9d8s6d", "clasico", players=5) == 1
    assert compare("AdKs9h8c7s", "AcKh9d8s7d", "clasico") == 1
    # Straights: the top card's suit (the ten of A-7-8-9-T and of T-9-8-7-... alike).
    assert compare("Th9s8d7cAs", "Ts9h8s7dAd", "clasico") == 1
    assert compare("Th9s8d7c6s", "Ts9h8h7h6h", "clasico", players=5) == 1
    # Flushes of the same ranks: hearts over diamonds over clubs over spades.
    assert compare("AhKhQh9h7h", "AdKdQd9d7d", "clasico") == 1
    assert compare("AcKcQc9c7c", "AsKsQs9s7s", "clasico") == 1


def test_001_straight_flush_cycle_lowest_beats_highest_beats_middle_beats_lowest():
    """001: "la mínima ... gana la máxima (escalera con As puesto después del Rey), la
    máxima gana la media (escalera sin empleo del As) y la media gana a la mínima." """
    lowest, highest, middle = "Ah7h8h9hTh", "AsKsQsJsTs", "JdTd9d8d7d"
    assert beats(lowest, highest, "clasico")
    assert beats(highest, middle, "clasico")
    assert beats(middle, lowest, "clasico")
    assert winners([lowest, highest], "clasico") == [0]
    assert winners([highest, middle], "clasico") == [0]
    assert winners([middle, lowest], "clasico") == [0]


def test_001_all_three_kinds_of_straight_flush_at_once_split_the_pot():
    """001: "En el caso ... en el cual se realizan todos los tres tipos de escaleras, la mano
    es considerada un empate y el plato es dividido en partes iguales entre todos los
    poseedores de las diferentes escaleras reales." """
    hands = ["Ah7h8h9hTh", "AsKsQsJsTs", "JdTd9d8d7d", "KcKdQhJhAc"]
    assert winners(hands, "clasico") == [0, 1, 2]


def test_001_increasing_order_of_the_seed_examples():
    """001: "el puntaje en orden creciente": carta alta, par, doble par, trío, escalera,
    full, color, poker, escalera real (the seed's own examples where it gives them)."""
    ladder = ["KcJh9d8s7c", "QhQcAd9s8c", "JsJh8d8cAs", "JsJhJdAc9s", "JsTh9d8c7s",
              "TsThTd7c7s", "AsJs9s8s7s", "7s7h7d7cAs", "KhQhJhTh9h"]
    names = [rank(h, "clasico").name_es for h in ladder]
    assert names == ["carta mayor", "pareja", "dobles parejas", "trío", "escalera", "full",
                     "color", "póker", "escalera de color"]
    for lower, higher in zip(ladder, ladder[1:]):
        assert beats(higher, lower, "clasico")


def test_001_clasico_flush_beats_full_only_in_the_stripped_deck():
    """001: "en el poker a la americana en donde viene utilizado una baraja entera de 52
    cartas ... el FULL vence al COLOR"; the line is seed 000's ("si se juega con 40, o con
    menos, vale más el color que el full"): with 4 players (32 cards) the flush wins, with
    9 (the rule of 11 gives all 52 cards) the full does."""
    full, flush = "AsAhAd9s9h", "7h9hJhKhAh"
    assert beats(flush, full, "clasico", players=4)
    assert beats(flush, full, "clasico", players=6)      # 40 cards
    assert beats(full, flush, "clasico", players=7)      # 44 cards
    assert beats(full, flush, "clasico", players=9)      # 52 cards


# --- seed 002 (internacional) -----------------------------------------------------------

def test_002_titanic_aces_and_kings_is_the_highest_two_pair():
    """002: "El par doble más alto es el que consta de dos ases y dos reyes, una combinación
    también conocida como Titanic." """
    assert beats("AsAhKdKcQh", "AdAcQsQdKh", "internacional")
    assert rank("AsAhKdKcQh", "internacional").name == "two pair"


def test_002_ascending_order_ends_colour_full_poker_straight_flush():
    """002: "carta individual, par individual, par doble, tris, escalera, color, full,
    póker, escalera de color" (52 cards: the full beats the colour)."""
    ladder = ["AsJh8d6c3h", "2s2h5d7c9h", "2s2h3d3c4h", "2s2h2d4c5h", "2s3h4d5c6h",
              "2h4h6h8hTh", "2s2h2d3c3h", "2s2h2d2c3h", "2h3h4h5h6h"]
    for lower, higher in zip(ladder, ladder[1:]):
        assert beats(higher, lower, "internacional")


def test_002_aces_poker_is_beaten_only_by_a_straight_flush():
    """002: "El póker más alto posible es el de Ases, que solo puede ser vencido por una
    escalera de color." """
    assert beats("2h3h4h5h6h", "AsAhAdAcKs", "internacional")
    assert beats("AsAhAdAcKs", "KsKhKdKcAh", "internacional")
    assert beats("AsAhAdAcKs", "AhKhQhJh9h", "internacional")


# --- seed 003 (básico) ------------------------------------------------------------------

def test_003_aces_play_first_or_last_of_a_straight():
    """003: "Escalera: Cinco cartas en secuencia (los ases pueden emplearse como primero o
    como último de la serie)." """
    assert rank("As2h3d4c5s", "basico").name == "straight"
    assert rank("AsKhQdJcTs", "basico").name == "straight"


def test_003_straight_flush_is_beaten_only_by_the_royal():
    """003: "Escalera de color ... Esta combinación solo puede ser superada por la Escalera
    Real" """
    assert beats("AhKhQhJhTh", "KsQsJsTs9s", "basico")
    assert beats("KsQsJsTs9s", "AsAhAdAcKh", "basico")


def test_003_named_examples_two_pair_jacks_and_fours_full_queens_over_threes():
    """003: "Par doble: Dos pares de cartas del mismo valor (Ej. J-J-4-4-3). Si dos
    jugadores obtienen par doble en la misma mano, ganará aquel cuyas cartas sean de mayor
    valor." and "Full: Es la combinación de un trío de cartas del mismo valor y un par de
    cartas de otro valor (Ej. Q-Q-Q-3-3)" """
    two_pair = rank("JsJh4d4c3s", "basico")
    assert (two_pair.name, two_pair.ranks) == ("two pair", (11, 4, 3))
    assert beats("JsJh4d4c3s", "TsTh9d9cAs", "basico")
    full = rank("QsQhQd3c3s", "basico")
    assert (full.name, full.ranks) == ("full house", (12, 3))
    assert beats("QsQhQd3c3s", "JsJhJd9c9s", "basico")


def test_003_straight_then_colour_then_full_as_listed():
    """003, "Jugadas de póker (de menor a mayor valor)": "... Trío ... Escalera: Cinco
    cartas en secuencia ... Color: Cinco cartas del mismo palo pero que no están en
    escalera. Full ... Poker ... Escalera de color" (52 cards: the full above the
    colour)."""
    trips, straight, colour, full, poker, straight_flush = (
        "9s9h9dKc2s", "9s8h7d6c5s", "Ah9h7h4h2h", "2s2h2d3c3s", "2s2h2d2c3s", "6h5h4h3h2h")
    ladder = [trips, straight, colour, full, poker, straight_flush]
    assert [rank(h, "basico").name_es for h in ladder] == [
        "trío", "escalera", "color", "full", "póker", "escalera de color"]
    for lower, higher in zip(ladder, ladder[1:]):
        assert beats(higher, lower, "basico")


# --- seed 004 (card-room ranking, suits never break ties) ----------------------------------

@pytest.mark.parametrize("better, worse", [
    ("TsThTdTc2s", "6s6h6d6cAs"),      # "cuatro 10's vencerán a cuatro 6's"
    ("7s7h7d6c6h", "2s2h2dAcAh"),      # "7-7-7-6-6 gana a 2-2-2-A-A"
    ("Ac9c7c3c2c", "KdQdJd8d5d"),      # "A-9-7-3-2 derrota a K-Q-J-8-5"
    ("QcJc9c8c7c", "QdJd9d8d3d"),      # "Q-J-9-8-7 derrota a Q-J-9-8-3"
    ("KsQhJdTc9s", "8s7h6d5c4s"),      # "K, Q, J, 10, 9 derrota a 8, 7, 6, 5, 4"
    ("9s9h9d3c2s", "6s6h6dAcKs"),      # "9-9-9-3-2 gana a 6-6-6-A-K"
    ("QsQhQd9c2s", "QsQhQc8d7h"),      # "Q-Q-Q-9-2 vencerá a Q-Q-Q-8-7" (ranked apart)
    ("KsKh3d3c2s", "QsQhJdJc9s"),      # "K-K-3-3-2 gana a Q-Q-J-J-9"
    ("9s9h5d5c4s", "9d9c3s3hAs"),      # "9-9-5-5-4 gana a 9-9-3-3-A"
    ("7s7h6d6cAs", "7d7c6s6hQs"),      # "7-7-6-6-A gana a 7-7-6-6-Q"
    ("9s9hQd3c2s", "9d9c7s6h5s"),      # "9-9-Q-3-2 derrota a 9-9-7-6-5"
    ("AsKhQd9c4s", "AdKcQs8h5d"),      # "A-K-Q-9-4 derrota a A-K-Q-8-5"
])
def test_004_worked_comparisons(better, worse):
    """004's worked examples, each "X gana a Y", under ``basico`` (52 cards, no suits)."""
    assert beats(better, worse, "basico")


@pytest.mark.parametrize("a, b", [
    ("AsJs9s7s6s", "AhJh9h7h6h"),      # "A-J-9-7-6 de picas contra ... de corazones, es un empate"
    ("KsKhQdQc5s", "KdKcQsQh5d"),      # "K-K-Q-Q-5 contra K-K-Q-Q-5 se dividen el pozo"
])
def test_004_suits_never_break_ties(a, b):
    """004: "Los palos no son usados para desempatar (las picas no son mejores que los
    tréboles)." """
    assert compare(a, b, "basico") == 0
    assert winners([a, b], "basico") == [0, 1]


def test_004_round_the_corner_straights_are_not_allowed():
    """004: "Las escaleras a las cuales se le llama 'dando vuelta la esquina' como:
    3-2-A-K-Q no están permitidas." """
    assert rank("3s2hAdKcQs", "basico").name == "high card"
    assert rank("3s2hAdKcQs", "pocker").name == "high card"
    assert rank("Ks7hAd8c9s", "clasico").name == "high card"


def test_004_broadway_and_wheel_are_straights():
    """004: "Un AS puede ser utilizado para hacer una escalera Broadway ... A-K-Q-J-10 ...
    o una wheel straight: 5-4-3-2-1." """
    assert rank("AsKhQdJcTs", "basico").ranks == (14,)
    assert rank("5s4h3d2cAs", "basico").ranks == (5,)


def test_004_five_aces_is_the_best_hand_with_jokers():
    """004: "Si los comodines son utilizados, cinco de una clase es la mejor mano, siendo la
    mejor mano: 5 ases (los cuatro ases más el comodín)." """
    rules = {"preset": "basico", "jokers": 1, "five_of_a_kind": True}
    assert rank("AsAhAdAcJk", rules).name == "five of a kind"
    assert beats("AsAhAdAcJk", "KsKhKdKcJk", rules)
    assert beats("AsAhAdAcJk", "AhKhQhJhTh", rules)


# --- CONTRACT.md sections 2 and 4: what rank accepts, what it refuses, the command line ----

from referee import HouseRules, RulesError  # noqa: E402
from referee.rank import CATEGORIES, CATEGORIES_ES, HandRank, rank_main  # noqa: E402


def test_every_category_has_its_english_and_spanish_name():
    """CONTRACT 4 names, and the Spanish ones of the UI."""
    rules = {"preset": "pocker"}
    examples = {
        "high card": "AsJh8d6c3h", "one pair": "AsAhJd8cTh", "two pair": "QsQh9d9cKh",
        "five figures": "KsKhQdJcJh", "three of a kind": "JsJhJdTc8s", "straight": "QsJhTd9c8s",
        "flush": "7h9hJhKhAh", "full house": "AsAhAd9s9h", "four of a kind": "KsKhKdKcAs",
        "straight flush": "QhJhTh9h8h", "five of a kind": "AsAhAdAcJk",
    }
    for name, cards in examples.items():
        hand = rank(cards, rules)
        assert hand.name == name
        assert hand.name_es == CATEGORIES_ES[CATEGORIES.index(name)]
        assert hand.category == CATEGORIES.index(name)


def test_rank_takes_a_string_a_sequence_spaces_and_any_case():
    a = rank("AsKd7h7c2h")
    assert rank(["As", "Kd", "7h", "7c", "2h"]) == a
    assert rank(("7c", "2h", "As", "Kd", "7h")) == a
    assert rank("as kd 7H 7c 2h") == a


def test_rules_may_be_a_name_a_session_dict_or_house_rules():
    cards = "JhJdJs8c8d"
    assert rank(cards, "clasico") == rank(cards, {"preset": "clasico"})
    assert rank(cards, "clasico") == rank(cards, resolve_rules("clasico"))
    assert rank(cards, resolve_rules("clasico").at_table(4)) == rank(cards, "clasico")
    assert isinstance(rank(cards, HouseRules()), HandRank)


@pytest.mark.parametrize("cards, message", [
    ("AsKd7h7c", "five cards, not 4"),
    ("AsKd7h7c2h3h", "five cards, not 6"),
    ("AsKd7h7c??", "unknown card"),
    ("AsKd7h7cAs", "duplicate card As"),
    ("AsKd7h7cJk", "Jk is not in the deck"),
])
def test_rank_refuses_hands_that_are_not_five_known_distinct_deck_cards(cards, message):
    with pytest.raises(ValueError, match=message):
        rank(cards, "jackpots")


@pytest.mark.parametrize("preset", ["jackpots", "pocker", "clasico", "deuce_to_seven"])
@pytest.mark.parametrize("cards", ["AsKd8h8c9hX", "AsKd8h8c9h3", "AsKd8h8c9", "AsKd8h8c9h3h"])
def test_every_preset_refuses_a_stray_character_or_a_sixth_card(preset, cards):
    """The fast path reads fixed places of a ten-character string: an eleventh character,
    a missing one or a sixth card must not slip through as a five-card hand."""
    with pytest.raises(ValueError):
        rank(cards, preset)


@pytest.mark.parametrize("seen, bad", [("JkAhKd9cQs", "JsAhKd9cQk"), ("JkAhAd9cQs", "JsAhAd9cQk"),
                                       ("QsKsAs9sJk", "QsKsAs9kJs")])
def test_a_k_suit_is_no_joker_even_after_a_joker_hand_of_the_same_ranks(seen, bad):
    """Joker hands join the fast path once seen; a card "Qk" beside a natural jack has the
    same ranks as such a hand and must still be refused as no card."""
    assert rank(seen, "pocker").wild
    with pytest.raises(CardError, match="k"):
        rank(bad, "pocker")


def test_rank_refuses_a_second_joker_with_one_in_the_deck():
    """The deck has one joker: a second one is "too many", not "not in the deck"."""
    with pytest.raises(ValueError, match=r"too many jokers \(the deck has 1\)"):
        rank("JkJkAsAhAd", "pocker")
    with pytest.raises(ValueError, match=r"too many jokers \(the deck has 1\)"):
        rank(["Jk", "As", "Jk", "Ah", "Ad"], "pocker")


def test_rank_raises_card_error_quoting_bad_card_text():
    with pytest.raises(CardError, match="'1h'"):
        rank("AsKd7h7c1h")
    with pytest.raises(CardError):
        rank(["As", "Kd", "7h", "7c", 2])


def test_unknown_preset_and_bad_players_are_errors():
    with pytest.raises(RulesError, match="texas"):
        rank("AsKd7h7c2h", "texas")
    with pytest.raises(ValueError, match="players"):
        rank("AsKd7h7c2h", "clasico", players=0)


def test_hand_ranks_order_and_tie_like_numbers():
    low, high = rank("AsKd7h7c2h"), rank("AsAd7h7c2h")
    assert low < high and high > low and low <= high and high >= low and low != high
    assert rank("AsKd7h7c2h") == rank("AhKc7s7d2c")
    assert len({rank("AsKd7h7c2h"), rank("AhKc7s7d2c")}) == 1
    assert sorted([high, low]) == [low, high]


def test_compare_accepts_hand_ranks_made_under_the_same_rules():
    a, b = rank("Ah7h8h9hTh", "clasico"), rank("AsKsQsJsTs", "clasico")
    assert a < b                                  # the plain order...
    assert compare(a, b, "clasico") == 1          # ...and the seed 001 cycle


def test_winners_of_no_hands_is_empty_and_errors_name_the_bad_hand():
    assert winners([], "jackpots") == []
    with pytest.raises(ValueError, match="AsAs"):
        winners(["AsKd7h7c2h", "AsAsQdJcTh"])


def test_command_line_prints_category_in_english_and_spanish(capsys):
    assert rank_main(["JhJdJs8c8d"]) == 0
    assert capsys.readouterr().out == "full house / full\n"
    assert rank_main(["AsAhAdAcJk", "--rules", "pocker"]) == 0
    assert capsys.readouterr().out == "five of a kind / repóquer\n"
    assert rank_main(["As", "Kh", "Qd", "Jc", "Ts"]) == 0
    assert capsys.readouterr().out == "straight / escalera\n"


@pytest.mark.parametrize("argv", [["AsKd7h7c2x"], ["AsKd7h7c"], ["AsKd7h7c2h", "--rules", "texas"],
                                  ["6s7h8d9cJs", "--rules", "clasico"]])
def test_command_line_exits_2_with_one_line_on_bad_input(argv, capsys):
    assert rank_main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1


@pytest.mark.slow
def test_python_dash_m_referee_rank_runs_the_command():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "referee", "rank", "AhKhQh9h7h", "--rules", "clasico"],
                            capture_output=True, text=True, check=False,
                            cwd=ROOT)
    assert (result.returncode, result.stdout) == (0, "flush / color\n")


def test_a_card_outside_the_assumed_deck_says_four_players_were_assumed():
    """With ``lowest_rank: auto`` and no player count the rule of 11 assumes 4 players;
    the error says so and how to give the count."""
    with pytest.raises(ValueError, match=r"4 players were assumed.*--players N"):
        rank("6s7h8d9cJs", "clasico")
    assert rank_main(["6s7h8d9cJs", "--rules", "clasico", "--players", "5"]) == 0
    with pytest.raises(ValueError) as info:
        rank("6s7h8d9cJs", "clasico", players=4)          # the count was given: no hint
    assert "assumed" not in str(info.value)


def test_cards_written_with_separators_get_told_to_write_them_together():
    with pytest.raises(CardError, match="written together"):
        rank("As,Kd,7h,7c,2h")


def test_hand_ranks_are_immutable_so_the_shared_cache_cannot_be_corrupted():
    """HandRanks are shared between hands of the same value: writing one must fail, and
    later results stay right."""
    a = rank("AsKd7h7c2h")
    value = a.value
    for name in ("value", "category", "name", "ranks", "wild", "ace_low"):
        with pytest.raises(AttributeError):
            setattr(a, name, 0)
        with pytest.raises(AttributeError):
            delattr(a, name)
    with pytest.raises(AttributeError):
        a.extra = 1
    again = rank("AhKc7s7d2c")
    assert again.value == value and again.name == "one pair" and again < rank("AsAd7h7c2h")
    import copy
    import pickle
    assert copy.deepcopy(a) == a and pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize("cards", ["AsAsKdQcJk", "JsJsKdQcJk", "JkJsJsKdQc", "JsKdJkJsQc"])
def test_duplicates_beside_the_joker_are_refused_even_a_jack_next_to_it(cards):
    """The joker's "J" is no jack: a repeated Js beside it is still a duplicate."""
    with pytest.raises(ValueError, match="duplicate card"):
        rank(cards, "pocker")


def test_a_pair_of_jacks_and_the_joker_is_three_jacks_wherever_the_joker_sits():
    ranks = {rank(cards, "pocker") for cards in ("JsJhKdQcJk", "JkJsJhKdQc", "JhJkJsKdQc")}
    assert len(ranks) == 1 and ranks.pop().name == "three of a kind"
