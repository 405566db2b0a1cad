"""A noun agrees with the number it counts, and only with it: the referee's sentences take
their singular or plural from its catalogue (``ngettext``: "1 ficha", "2 fichas"; "1 chip",
"2 chips"), by the value the sentence counts. Before, a pattern rewrote any "1 chips" after
the sentence was made, so "Seat 1 raises to 20" read "Seat 1 raise to 20" on English pages.
"""

from __future__ import annotations

import pytest

from referee.messages import action_sentence, chips_by_seat, sentence


def _line(verb: str, **fields) -> dict:
    return {"actor": "d" if verb in ("serve", "deal", "award") else "p", "seat": 1, "verb": verb,
            **fields}


def test_a_seat_numbered_1_is_no_count():
    raise_line = _line("raise", amount=20)
    assert action_sentence(raise_line, "en") == "Seat 1 raises to 20"
    assert action_sentence(raise_line, "en", {3: "Ana"}) == "Seat 1 raises to 20"
    assert action_sentence(raise_line, "es") == "El asiento 1 sube a 20"


@pytest.mark.parametrize(("line", "es", "en"), [
    (_line("rebuy", amount=1), "El asiento 1 compra 1 ficha", "Seat 1 buys 1 chip"),
    (_line("rebuy", amount=2), "El asiento 1 compra 2 fichas", "Seat 1 buys 2 chips"),
    (_line("award", amount=1), "El repartidor empuja 1 ficha a el asiento 1",
     "The dealer pushes 1 chip to seat 1"),
    (_line("serve", count=1), "El asiento 1 recibe 1 carta en el descarte", "Seat 1 is served 1 card"),
    (_line("deal", count=5), "El asiento 1 recibe 5 cartas", "Seat 1 is dealt 5 cards"),
])
def test_a_log_lines_noun_agrees_with_its_count(line, es, en):
    assert (action_sentence(line, "es"), action_sentence(line, "en")) == (es, en)


def test_a_findings_noun_agrees_with_the_number_it_counts():
    one = {"kind": "chips_added_mid_hand", "seat": 2, "details": {"chips": 1}}
    assert sentence(one, "es").startswith("El asiento 2 añadió 1 ficha durante la mano")
    assert sentence(one, "en").startswith("Seat 2 added 1 chip during the hand")
    million = {"kind": "chips_added_mid_hand", "seat": 2, "details": {"chips": 1_000_000}}
    assert "añadió 1000000 fichas" in sentence(million, "es")   # (Spanish "many": still plural)
    cap = {"kind": "raise_cap", "seat": 1, "details": {"raises": 2, "cap": 1}}
    assert sentence(cap, "es") == "El asiento 1 hizo la subida número 2; el tope es una apuesta y 1 subida."
    assert sentence(cap, "en") == "Seat 1 made raise number 2; the cap is a bet and 1 raise."
    # a count that is not a number (a finding made elsewhere) is said in the plural
    odd = {"kind": "chips_added_mid_hand", "seat": 2, "details": {"chips": "unos"}}
    assert "añadió unos fichas" in sentence(odd, "es")


def test_chips_by_seat_counts_each_seats_chips():
    assert chips_by_seat({"1": 1, "3": 20}, "es", {1: "Ana"}) == "Ana: 1 ficha y asiento 3: 20 fichas"
    assert chips_by_seat({"1": 1, "3": 20}, "en") == "seat 1: 1 chip and seat 3: 20 chips"
