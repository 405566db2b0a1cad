"""What the tablet offers a seat with a caja libre (issue 27, ``table_stakes`` false; a fresh
tester: the keypad's most was the stack, though the referee took a larger bet).

Seed 002: «También es necesario determinar si el juego se llevará a cabo con una caja libre
(sin límite en las apuestas) o con una caja cautiva. Esto significa que cada jugador
responde, en cada mano, solo de las fichas que tiene delante…» With the caja cautiva (table
stakes) every figure stops at the seat's chips; with the caja libre nothing does.
"""

from __future__ import annotations

import pytest

from referee.replay import HandReplay
from referee.session import replay_session

RULES = {"preset": "jackpots", "ante": 5, "betting": "no_limit", "min_bet": 10}
ANTES = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "d deal p1 AsAd7c5d2h"]


def _legal(table_stakes: bool, actions: list[str], betting: str = "no_limit") -> dict[str, dict]:
    hand = {"button": 3, "actions": actions}
    session = {"rules": {**RULES, "betting": betting, "table_stakes": table_stakes},
               "players": [{"seat": s, "stack": 100} for s in (1, 2, 3)], "hands": [hand]}
    replay = HandReplay(next(replay_session(session)).start, actions).run()
    return {o["verb"]: o for o in replay.legal()}


def test_a_caja_libre_opens_past_the_stack_with_no_most():
    """95 behind: table stakes offer an open of 10 to 95; a caja libre 10 and no most."""
    assert (_legal(True, ANTES)["open"]["min"], _legal(True, ANTES)["open"]["max"]) == (10, 95)
    assert (_legal(False, ANTES)["open"]["min"], _legal(False, ANTES)["open"]["max"]) == (10, None)


def test_a_caja_libre_calls_the_whole_bet_and_raises_past_the_stack():
    """Ana opens 150 (55 from the box): Bruno, with 95, calls all in for 95 under table
    stakes (the tablet shows the all-in alone); with a caja libre he calls 150 and may raise to 300 or more (the opening doubled), and no short
    all-in is a call there."""
    stakes = _legal(True, ANTES + ["p1 open 95"])
    assert stakes["call"]["max"] == stakes["allin"]["min"] == 95 and "raise" not in stakes
    libre = _legal(False, ANTES + ["p1 open 150"])
    assert libre["call"] == {"verb": "call", "min": 150, "max": 150}
    assert (libre["raise"]["min"], libre["raise"]["max"]) == (300, None)
    assert libre["allin"] == {"verb": "allin", "min": 95, "max": 95}  # a no-limit wager of every chip


@pytest.mark.parametrize("betting", ["pot_limit", "fixed_limit"])
def test_a_caja_libre_keeps_the_limits_of_the_betting(betting):
    """«sin límite en las apuestas» is the stack's limit gone, not the house's structure:
    pot limit and fixed limit keep their most."""
    libre = _legal(False, ANTES, betting)
    opening = libre["open"]
    assert opening["max"] is not None and opening["max"] >= opening["min"]
    assert "allin" not in libre
