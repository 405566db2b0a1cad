"""The statistics' worked night (issue 28): three hands of jackpots at three seats, each
figure counted by hand in ``tests/store/stats/test_stats_worked.py``."""

from __future__ import annotations

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
WORKED = {"format": "tapete/1", "rules": RULES,
          "players": [{"seat": 1, "name": "Ana", "stack": 500}, {"seat": 2, "name": "Bruno", "stack": 500},
                      {"seat": 3, "name": "Chus", "stack": 500}],
          "hands": [
              {"button": 3, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 call", "p3 fold",
                                        "p1 draw 2", "p2 draw 0", "p1 bet 20", "p2 raise 40", "p1 call",
                                        "p1 show JsJdJc5h2s", "p2 show 9s8s7s6s5s", "d award p2 115"]},
              {"button": 1, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p2 check", "p3 open 10",
                                        "p1 raise 20", "p2 fold", "p3 call", "p3 draw 3", "p1 draw 1", "p3 bet 20",
                                        "p1 fold", "p3 show QsQd9c4h2d", "d award p3 75"]},
              {"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p3 check", "p1 check", "p2 check"]}]}
