"""Each finding quotes the rule that decides its case, and says what happened (issue 11,
tester 5, defects 5, 6 and 7): ``passed_out`` by how the hand passed out, with the chips
that carry; ``blind_irregular`` by seat or size, from the seed or the rule book the house
plays by; ``wrong_award`` by what decided it (``referee.misaward``); ``not_reopened`` by
what kept the betting closed; the text format's players by name.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from paths import ROOT
from replay_helpers import NO_LIMIT, session

from referee import check, messages

CASES = (ROOT / ".." / "shared" / "cases").resolve()
NAMES = ("Ana", "Bruno", "Chus", "Dani")
INTER = {"preset": "internacional", "ante": 1, "small_bet": 2, "big_bet": 4}
CLASICO = {"preset": "clasico", "ante": 1, "betting": "no_limit", "min_bet": 2}
DEUCE = {"preset": "deuce_to_seven", "small_blind": 5, "big_blind": 10}


def _night(rules: dict, hands: list[dict], seats=(1, 2, 3, 4), stack: int = 200) -> dict:
    return {"format": "tapete/1", "rules": rules, "hands": hands,
            "players": [{"seat": s, "name": NAMES[k], "stack": stack} for k, s in enumerate(seats)]}


CHECKDOWN = _night(INTER, [
    {"button": 4, "actions": ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p4 ante 1", "p1 open 2",
                              "p2 call", "p3 fold", "p4 raise 4", "p1 call", "p2 fold",
                              "p1 draw 1", "p4 draw 1", "p1 check", "p4 check",
                              "p2 ante 2", "p3 ante 4"]},
    {"actions": ["p2 ante 1", "p3 ante 1", "p4 ante 1", "p1 ante 1",
                 "p2 check", "p3 check", "p4 check", "p1 check"]}])
"""Seed 002's check-down (internacional): everyone says palabra after the draw, the folded
seats match (2 and 4 chips); then a deal nobody opens."""


KITCHEN = _night({"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20, "max_draw": 3},
                 [{"button": 4, "actions": [
                     "p1 ante 5", "p2 ante 5", "p3 ante 5", "d deal p1 AsAhKdQc2s", "p2 open 10",
                     "p1 check", "p1 open 7", "p2 raise 15", "p3 raise 30", "p3 raise 40",
                     "p4 raise 50", "p1 fold", "p1 call", "p2 call", "p3 call"]}], stack=500)
"""The tester's kitchen hand (l8_kitchen2.json, its first 15 lines): an open out of turn,
an undersized open, a seat raising its own bet, one raising its own raise."""


def _findings(result: dict, kind: str) -> list[tuple[dict, dict]]:
    return [(f, h) for h in result["hands"] for f in h["findings"] if f["kind"] == kind]


def _only(result: dict, kind: str) -> tuple[dict, dict]:
    (found,) = _findings(result, kind)
    return found


# ------------------------------------------------------------------ passed out
def test_a_check_down_quotes_seed_002s_palabra_sentence_and_a_pass_out_the_pass_out():
    """Seed 002: "Si todos los jugadores declaran palabras, la mano se considera cerrada y
    nadie gana el bote."; seed 001, PLATO DE PALABRA: "todos los jugadores hayan dicho
    "palabra", las cartas son mezcladas, el plato queda en mesa"; seed 002: "Si nadie abre
    la baraja en una mano ... el bote se enriquece con un bote adicional"."""
    result = check(CHECKDOWN, lang="es")
    (down, _), (nobody, _) = _findings(result, "passed_out")
    assert down["details"]["reason"] == "checked_down"
    said = down["text"]
    assert "«Si todos los jugadores declaran palabras, la mano se considera cerrada y nadie gana el bote.»" in said
    assert "El plato de palabra se verifica" in said
    assert "Si nadie abre la baraja" not in said and "nadie lo tenga" not in said
    assert "If every player says" in down["rule"]
    assert nobody["details"]["reason"] == "nobody_opened"
    assert "Si nadie abre la baraja en una mano" in nobody["text"]
    assert "palabra" not in nobody["text"].split("Regla:")[1]


def test_the_passed_out_pot_is_the_chips_that_carry_the_matching_payments_included():
    """Seed 002: "Todos los jugadores que se retiraron del juego en las fases anteriores
    deben hacer una entrada al bote para compensar la cantidad alcanzada por los demás": the
    pot that carries (4 antes, 4 + 4 bet, 2 + 4 paid to match = 20) is the one said."""
    result = check(CHECKDOWN, lang="es")
    (down, hand), (nobody, hand2) = _findings(result, "passed_out")
    assert hand["carried"] == down["details"]["pot"] == 20
    assert "el bote (20 fichas) pasa a la siguiente mano" in down["text"]
    assert hand2["carried"] == nobody["details"]["pot"] == 24


@pytest.mark.slow
def test_every_passed_out_pot_of_the_golden_sessions_is_the_hands_carried_chips():
    from golden_sessions import sessions

    seen = 0
    for s in sessions().values():
        try:
            result = check(s)
        except Exception:  # noqa: BLE001 - a session that cannot be read has no findings
            continue
        for f, hand in _findings(result, "passed_out"):
            assert f["details"]["pot"] == hand["carried"], (f, hand["carried"])
            seen += 1
    assert seen > 1000


# ------------------------------------------------------------------ blinds
def test_a_wrong_size_blind_quotes_the_seeds_size_sentences_not_the_jackpot_one():
    """Seed 001: "La ciega pequeña ... consiste en una cifra doble de aquella del plato";
    seed 000: "pondrá en juego una cantidad doble a la ciega"; seed 002: "un valor doble de
    lo que ya se encuentra" and "cuatro veces el bote". Not seed 000's "Y es incompatible
    cuando la apertura se hace con pot o jackpot" (another case)."""
    night = _night(CLASICO, [{"button": 4, "actions": [
        "p1 ante 1", "p2 ante 1", "p3 ante 1", "p4 ante 1", "p1 blind 2", "p2 blind 4",
        "p3 fold", "p4 fold", "p1 fold"]}])
    blind, _ = _only(check(night, lang="es"), "blind_irregular")
    assert blind["details"]["reason"] == "wrong_size"
    for quote in ("consiste en una cifra doble de aquella del plato",
                  "pondrá en juego una cantidad doble a la ciega",
                  "un valor doble de lo que ya se encuentra", "cuatro veces el bote"):
        assert quote in blind["text"]
    # (not the jackpot sentence; seed 000's English title says "jackpot" itself)
    assert "incompatible" not in blind["text"] and "with a pot or jackpot" not in blind["rule"]
    assert "con pot o jackpot" not in blind["rule"]


@pytest.mark.parametrize("line, reason", [("p2 blind 4", "wrong_size"), ("p3 blind 5", "wrong_seat")])
def test_a_rule_book_games_blind_quotes_robert_s_rules_section_2(line, reason):
    """Robert's Rules of Poker, section 2 (Button and Blind Use): with two blinds the small
    blind is posted by the first player clockwise from the button, the big blind by the next,
    in the sizes the house sets (a 2-7 game, not a seed's)."""
    night = _night(DEUCE, [{"button": 1, "actions": [line]}], seats=(1, 2, 3), stack=100)
    blind, _ = _only(check(night, lang="en"), "blind_irregular")
    assert blind["details"]["reason"] == reason and blind["details"]["book"] is True
    assert blind["rule"].startswith("Robert's Rules of Poker, section 2 (Button and Blind Use): ")
    assert "«" not in blind["rule"]      # no seed quoted
    es = messages.rule_text(blind, "es")
    assert es.startswith("Reglas de Robert, sección 2 (botón y ciegas): ")


def test_a_seeds_blind_on_the_wrong_seat_quotes_the_seeds_seat_sentences():
    """Seed 000: "Antes de dar las cartas, el jugador que se encuentra a la derecha del que
    da, debe poner sobre la mesa una cantidad fijada de común acuerdo, que se llama blind o
    ciega"."""
    night = session(["p2 blind 2"], rules={"preset": "pocker", "ante": 0, "opening": None},
                    stacks={1: 100, 2: 100, 3: 100}, button=1)
    blind, _ = _only(check(night), "blind_irregular")
    assert blind["details"]["reason"] == "wrong_seat" and blind["details"]["book"] is False
    assert "el jugador que se encuentra a la derecha del que da" in blind["rule"]
    assert "Robert" not in blind["rule"]


# ------------------------------------------------------------------ awards
def _case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def test_a_wrong_odd_chip_quotes_the_rule_books_odd_chip_rule():
    """Robert's Rules of Poker, "Ties": "If two or more hands tie, an odd chip will be
    awarded as follows: In a button game, the first hand clockwise from the button gets the
    odd chip." (cases/split_pot_odd_chip.json: the dealer gave it to the other tied seat)."""
    award, _ = _only(check(_case("split_pot_odd_chip"), lang="es"), "wrong_award")
    assert award["details"]["reason"] == "odd_chip"
    assert award["rule"].startswith("Robert's Rules of Poker, “Ties”: ")
    assert "the first hand clockwise from the button gets the odd chip" in award["rule"]
    assert "corazón" not in award["rule"] and "all-in" not in award["rule"]
    assert "ficha impar" in award["text"]


@pytest.mark.slow
def test_a_flush_over_a_full_house_quotes_the_seeds_40_card_warning():
    """Seed 000: "si se juega con 40, o con menos, vale mas el color que el full"; seed 001:
    with 52 cards "el FULL vence al COLOR" (cases/clasico_flush_beats_full.json, 32 cards)."""
    award, _ = _only(check(_case("clasico_flush_beats_full"), lang="es"), "wrong_award")
    assert award["details"]["reason"] == "flush_over_full"
    assert "si se juega con 40, o con menos, vale mas el color que el full" in award["rule"]
    assert "el FULL vence al COLOR" in award["rule"]
    assert "con esta baraja el color vale más que el full" in award["text"]
    assert "corazón" not in award["rule"] and "side pots" not in award["rule"]


def test_pushing_the_side_pot_to_the_all_in_winner_quotes_the_side_pot_rule():
    """Seed 000: "Si el que gana va restado, solamente ganara el importe de su resto a cada
    uno de los jugadores que hayan entrado con el."; RRoP section 3: side pots."""
    case = _case("side_pot_allin")
    case["hands"][0]["actions"][-2:] = ["d award p6 340"]
    award, _ = _only(check(case, lang="en"), "wrong_award")
    assert award["details"]["reason"] == "side_pots"
    assert award["rule"].startswith("Robert's Rules of Poker, section 3 (Betting and Raising): ")
    assert "Si el que gana va restado, solamente ganara el importe de su resto" in award["rule"]
    assert "cards speak" not in award["rule"]


@pytest.mark.slow
def test_the_suit_of_a_pair_quotes_seed_001s_hearts_and_a_tie_seed_000s_split():
    """Seed 001: "en el caso que sean del mismo valor, gana la pareja que tenga el palo de
    corazón"; seed 000: "Si al mostrar el juego lo tienen igual dos jugadores, se distribuyen
    las ganancias entre los dos."."""
    suits = session([f"p{s} ante 5" for s in (1, 2, 3, 4)] + [
        "p1 open 10", "p2 fold", "p3 call", "p4 fold", "p1 draw 0", "p3 draw 0", "p1 bet 10",
        "p3 call", "p1 show QhQc9d8c7h", "p3 show QdQs9c8d7s", "d award p3 60"],
        rules={"preset": "clasico", "ante": 5, "betting": "no_limit", "min_bet": 10},
        stacks={s: 200 for s in (1, 2, 3, 4)}, button=4)
    award, _ = _only(check(suits), "wrong_award")
    assert award["details"]["reason"] == "suit_order"
    assert "gana la pareja que tenga el palo de corazón" in award["rule"]
    tie = session(["p1 ante 5", "p3 ante 5", "p1 bet 10", "p3 call", "p1 draw 0", "p3 draw 0",
                   "p1 bet 10", "p3 call", "p1 show 9s8d7c6h5s", "p3 show 9h8c7d6s5d",
                   "d award p1 50"], rules=NO_LIMIT, stacks={1: 100, 3: 100})
    award, _ = _only(check(tie), "wrong_award")
    assert award["details"]["reason"] == "split"
    assert "se distribuyen las ganancias entre los dos" in award["rule"]
    assert "corazón" not in award["rule"]


def test_a_pot_pushed_to_the_worse_hand_quotes_cards_speak_alone():
    """RRoP section 4 (Showdown): cards speak, the best hand shown wins."""
    hand = session(["p1 ante 5", "p3 ante 5", "p1 bet 10", "p3 call", "p1 draw 0", "p3 draw 0",
                    "p1 check", "p3 check", "p1 show AsAd7c5h2s", "p3 show KsKd7d5c2c",
                    "d award p3 30"], rules=NO_LIMIT, stacks={1: 100, 3: 100})
    award, _ = _only(check(hand), "wrong_award")
    assert award["details"]["reason"] == "best_hand"
    assert award["rule"] == ("Robert's Rules of Poker, section 4 (Showdown): cards speak: the "
                             "best hand shown wins")


# ------------------------------------------------------------------ not reopened
def test_a_raise_nobody_reopened_says_so_not_that_a_short_all_in_came_before():
    """The tester's kitchen hand: an undersized open, then a seat raising its own bet (and
    one raising its own raise): nobody was all in, so the sentence must not say so. RRoP
    section 3: a player who has acted may raise again only if someone raised since."""
    kitchen = KITCHEN
    result = check(kitchen, lang="es")
    names = messages.player_names(kitchen)
    reopened = [f for f, _ in _findings(result, "not_reopened")]
    assert [f["action"] for f in reopened] == [7, 9]
    for f in reopened:
        assert f["details"]["reason"] == "not_raised_since"
        es, en = messages.sentence(f, "es", names), messages.sentence(f, "en", names)
        assert "nadie había subido desde entonces" in es and "resto" not in es
        assert "nobody had raised since" in en and "all-in" not in en and "all in" not in en
        assert "all-in" not in f["message"] and "less than half a bet" not in f["rule"]
    assert messages.sentence(reopened[1], "es", names).startswith(
        "Chus subió a 40 fichas sobre una apuesta de 30, pero ya había hablado ante esa misma apuesta")


def test_a_raise_after_a_short_all_in_names_the_all_in():
    """RRoP section 15 / TDA rule 47: an all-in wager of less than a full raise does not
    reopen the betting to a player who has already acted."""
    hand = session(["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 bet 10", "p3 allin",
                    "p4 call", "p1 raise 30"], rules=NO_LIMIT, stacks={1: 500, 3: 20, 4: 500})
    f, _ = _only(check(hand), "not_reopened")
    assert f["details"]["reason"] == "short_allin" and f["details"]["raiser"] == 3
    names = messages.player_names(hand)
    assert "P3 se jugó el resto por menos de una subida completa" in messages.sentence(f, "es", names)
    assert "P3 went all in for less than a full raise" in messages.sentence(f, "en", names)
    assert "TDA" in f["rule"]


# ------------------------------------------------------------------ the text format
@pytest.mark.parametrize("lang, stacks", [("es", "fichas tras la mano: Ana: 195, Bruno: 195"),
                                          ("en", "stacks Ana: 195, Bruno: 195")])
def test_the_text_formats_hand_and_stack_lines_name_the_players(tmp_path, lang, stacks):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(CHECKDOWN), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee", "check", str(path), "--format",
                          "text", "--lang", lang], cwd=ROOT, capture_output=True, text=True,
                         timeout=60).stdout
    assert stacks in out
    assert "asiento 1" not in out and "seat 1:" not in out


# ------------------------------------------------------------------ each rule fits its case
JACKPOT_ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
FIXED = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


def test_a_check_down_pushed_quotes_the_palabra_rule_a_false_openers_pot_rrop_11():
    """Seed 002: «Si todos los jugadores declaran palabras, la mano se considera cerrada y
    nadie gana el bote.»; seed 001, PLATO DE PALABRA: «todos los jugadores hayan dicho
    "palabra", las cartas son mezcladas, el plato queda en mesa»; against RRoP section 11:
    a false opener's hand is dead; with nobody else live, the antes and bets carry."""
    down = session(["p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 open 2", "p2 call", "p3 fold",
                    "p1 draw 1", "p2 draw 1", "p1 check", "p2 check", "d award p1 7"],
                   rules={"preset": "internacional", "ante": 1}, stacks={1: 100, 2: 100, 3: 100},
                   button=3)
    award, _ = _only(check(down, lang="es"), "wrong_award")
    assert award["details"]["reason"] == "checked_down"
    assert "la mano se considera cerrada y nadie gana el bote." in award["rule"]
    assert "el plato queda en mesa" in award["rule"] and "false opener" not in award["rule"]
    assert "todos dijeron «palabra»" in award["text"]
    false = session(JACKPOT_ANTES + ["d deal p1 TsTd9c5h2s", "p1 open 10", "p3 fold", "p4 fold",
                                     "p1 show TsTd9c5h2s", "d award p1 25"], rules=FIXED)
    award, _ = _only(check(false), "wrong_award")
    assert award["details"]["reason"] == "pot_stays"
    assert award["rule"].startswith("Robert's Rules of Poker, section 11 (Draw Poker): a false "
                                    "opener's hand is dead")
    assert "palabra" not in award["rule"]


def test_a_dead_hand_of_six_cards_quotes_the_wrong_number_rule_a_false_opener_rrop_11():
    """Seed 000: «no podrá tomar parte en la jugada por tener cartas de más o de menos,
    perdiendo todas las puestas.» (cases/six_cards_after_draw.json, pushed to the six-card
    hand); RRoP section 11: a false opener's hand is dead (cases/false_opener.json)."""
    six = _case("six_cards_after_draw")
    award, _ = _only(check(six, lang="es"), "wrong_award")
    assert award["details"]["reason"] == "wrong_cards"
    assert "por tener cartas de más o de menos, perdiendo todas las puestas." in award["rule"]
    assert "false opener" not in award["rule"]
    assert "muerta por sus cartas" in award["text"]
    award, _ = _only(check(_case("false_opener"), lang="es"), "wrong_award")
    assert award["details"]["reason"] == "false_opener"
    assert award["rule"].startswith("Robert's Rules of Poker, section 11 (Draw Poker): a false "
                                    "opener's hand is dead")
    assert "cartas de más o de menos" not in award["rule"]


def test_a_plain_fixed_limit_size_quotes_the_limit_sizes_a_completion_rule_6():
    """RRoP section 3: in limit poker bets and raises are of the fixed size; rule 6 only where
    the seat faces a short all-in: "a player facing an all-in wager of less than half a bet
    may fold, call, or complete the wager"."""
    plain = session(JACKPOT_ANTES + ["p1 open 15"], rules=FIXED)
    f, _ = _only(check(plain), "bet_too_large")
    assert f["details"]["reason"] == "fixed_limit" and "basis" not in f["details"]
    assert f["rule"].startswith("Robert's Rules of Poker, section 3 (Betting and Raising): in "
                                "limit poker, bets and raises are of the fixed size")
    assert "rule 6" not in f["rule"] and "complete the wager" not in f["rule"]
    short = session(JACKPOT_ANTES + ["p1 open 10", "p3 allin", "p4 raise 18"], rules=FIXED,
                    stacks={1: 500, 3: 19, 4: 500})
    f, _ = _only(check(short), "bet_too_small")
    assert f["details"]["basis"] == "completion"
    assert f["rule"].startswith("Robert's Rules of Poker, section 3 (Betting and Raising), "
                                "rule 6: ") and "complete the wager" in f["rule"]


@pytest.mark.parametrize("betting", ["pot_limit", "no_limit"])
def test_a_short_all_in_in_pot_or_no_limit_quotes_rrop_15_and_tda_47_not_rule_6(betting):
    """RRoP section 15 and TDA rule 47: an all-in wager of less than a full raise does not
    reopen the betting to a player who has already acted (not RRoP 3 rule 6, the fixed-limit
    half bet, which a fixed-limit game cites)."""
    rules = dict(NO_LIMIT, betting=betting)
    hand = session(JACKPOT_ANTES + ["p1 bet 10", "p3 allin", "p4 call", "p1 raise 30"],
                   rules=rules, stacks={1: 500, 3: 20, 4: 500})
    f, _ = _only(check(hand), "not_reopened")
    assert f["rule"].startswith("Robert's Rules of Poker, section 15 (No-Limit and Pot-Limit): ")
    assert "TDA Poker Rules (2022), rule 47" in f["rule"] and "half a bet" not in f["rule"]
    fixed = session(JACKPOT_ANTES + ["p1 open 10", "p3 allin", "p4 call", "p1 raise 24"],
                    rules=FIXED, stacks={1: 500, 3: 19, 4: 500})
    f, _ = _only(check(fixed), "not_reopened")
    assert f["rule"].startswith("Robert's Rules of Poker, section 3 (Betting and Raising), "
                                "rule 6: in limit play, an all-in wager of less than half a bet")


@pytest.mark.parametrize("rules, drawn, quoted, not_quoted", [
    (FIXED, 6, ["de una a las cinco cartas", "cambiar una, dos, tres, cuatro o sus cinco cartas"],
     ["de 0 a 4"]),
    (dict(FIXED, max_draw=4), 5, ["de 0 a 4"], ["de una a las cinco"]),
    (dict(FIXED, max_draw=3), 4, [], ["de 0 a 4", "de una a las cinco", "sus cinco cartas"]),
])
def test_a_draw_over_the_limit_quotes_the_seed_that_sets_the_houses_limit(rules, drawn, quoted,
                                                                          not_quoted):
    """Seed 001: «los jugadores que tienen la facultad de reemplazar de 0 a 4 de las propias
    cartas» (max_draw 4); seed 002: «Cada uno puede pedir al repartidor que cambie de una a
    las cinco cartas que tiene» and seed 003: «Cada jugador puede descartarse y cambiar una,
    dos, tres, cuatro o sus cinco cartas.» (max_draw 5); any other limit: the house's."""
    hand = session(JACKPOT_ANTES + ["p1 open 10", "p3 call", "p4 fold", f"p1 draw {drawn}"],
                   rules=rules)
    f, _ = _only(check(hand), "draw_limit")
    for quote in quoted:
        assert quote in f["rule"]
    for quote in not_quoted:
        assert quote not in f["rule"]
    assert f["rule"].endswith("the most cards one may draw is what the house sets")
