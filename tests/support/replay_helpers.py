"""Helpers for the replay tests: one-hand sessions, their checked result, finding kinds."""

from __future__ import annotations

from referee import check

JACKPOTS = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
"""Jacks or better, fixed limit 10/20, ante 5 (as the worked cases)."""

NO_LIMIT = {"preset": "basico", "ante": 5, "betting": "no_limit", "min_bet": 10}
"""No opening minimum, no limit, minimum bet 10, ante 5."""


def session(actions, rules=JACKPOTS, stacks=None, button=None) -> dict:
    """A one-hand session: ``stacks`` by seat (default seats 1, 3, 4 with 500 chips each),
    the button on ``button`` (default the highest seat)."""
    stacks = stacks or {1: 500, 3: 500, 4: 500}
    return {"rules": rules,
            "players": [{"seat": s, "name": f"P{s}", "stack": c} for s, c in stacks.items()],
            "hands": [{"button": button if button is not None else max(stacks), "actions": actions}]}


def play(actions, **kw) -> dict:
    """The ``referee.check`` result of the one hand of ``session(actions, **kw)``."""
    return check(session(actions, **kw))["hands"][0]


def kinds(hand: dict) -> list[tuple[str, int | None]]:
    """The hand's findings as ``(kind, action index)`` pairs, in order."""
    return [(f["kind"], f["action"]) for f in hand["findings"]]
