"""The night of issue 24 ("A ruling and the count disagree about where the chips are"): 6
players, 200 chips each, ``basico`` with an ante of 2; in each hand every seat antes, the
first to speak opens 5 and the others fold, so the opener takes the pot of 17. In hand 4
the dealer pushed the pot to Pepe (seat 3); the rules give it to Chema (seat 4), who
opened. Read by the store tests of the ruling modes and the browser test."""

from __future__ import annotations

NAMES = ("Ana", "Bruno", "Pepe", "Chema", "Lola", "Toni")
PEPE, CHEMA = 3, 4
POT = 17


def hand(first: int, push: int | None = None) -> list[str]:
    """One hand: every seat antes 2, seat ``first`` opens 5, the rest fold; the dealer
    pushes the pot to ``push`` (default: the opener, as the rules give it)."""
    order = [(first - 1 + i) % 6 + 1 for i in range(6)]
    return ([f"p{s} ante 2" for s in range(1, 7)] + [f"p{order[0]} open 5"]
            + [f"p{s} fold" for s in order[1:]] + [f"d award p{push or order[0]} {POT}"])


def session(hands: int = 5, pushes: dict[int, int] | None = None) -> dict:
    """The night as a ``tapete/1`` session: hand 4 pushed to Pepe (``hands`` >= 4), or,
    with ``pushes`` (hand number -> seat), those hands pushed to those seats instead."""
    pushes = {4: PEPE} if pushes is None else pushes
    out = [{"button": 6, "actions": hand(1, push=pushes.get(1))}]
    for n in range(2, hands + 1):
        out.append({"actions": hand(n, push=pushes.get(n))})
    return {"format": "tapete/1", "rules": {"preset": "basico", "ante": 2, "small_bet": 5, "big_bet": 10},
            "players": [{"seat": i + 1, "name": n, "stack": 200} for i, n in enumerate(NAMES)],
            "hands": out}


def rules_nets(hands: int = 5) -> dict[str, int]:
    """What the rules give each player, in chips (the stacks after the last hand, less the
    200 bought): an opener takes the pot of 17 it put 7 in (+10); the others lose their
    ante (-2)."""
    out = {}
    for seat, name in enumerate(NAMES, start=1):
        opened = sum(1 for n in range(1, hands + 1) if (n - 1) % 6 + 1 == seat)
        out[name] = 10 * opened - 2 * (hands - opened)
    return out
