"""The referee's facts of a hand for the statistics (issue 28, ``referee.stats``), on hands a
fresh tester counted by hand."""

from __future__ import annotations

from referee.session import replay_session
from referee.stats import seat_facts

RULES = {"preset": "jackpots", "ante": 5, "betting": "no_limit", "min_bet": 10}


def _facts(actions: list[str]) -> dict:
    session = {"rules": RULES, "players": [{"seat": s, "name": n, "stack": 100} for s, n in ((1, "A"), (2, "B"), (3, "C"))],
               "hands": [{"button": 3, "actions": actions}]}
    return seat_facts(next(replay_session(session)))


def test_a_showdown_where_one_hand_is_shown_and_the_other_mucked_is_reached_by_both():
    """The page's definition: "Hands where the player was still in when the cards were
    shown". A bets after the draw, B calls; A shows, B mucks (the referee's outcome is
    "uncontested": one hand shown). Both reached the showdown; A won it; C folded before."""
    facts = _facts(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 call", "p3 fold", "p1 draw 0",
                    "p2 draw 1", "p1 bet 10", "p2 call", "p1 show AsAhAd3c2c", "p2 muck", "d award p1 55"])
    assert {s: (f.showdown, f.won_at_showdown) for s, f in facts.items()} == {
        1: (True, True), 2: (True, False), 3: (False, False)}


def test_a_bet_nobody_calls_is_no_showdown():
    """B folds to A's bet after the draw: nobody came to a showdown."""
    facts = _facts(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 call", "p3 fold", "p1 draw 0",
                    "p2 draw 1", "p1 bet 10", "p2 fold", "d award p1 45"])
    assert not any(f.showdown for f in facts.values())
