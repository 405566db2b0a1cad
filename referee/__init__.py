"""Tapete's referee: the pure-Python rules engine for five-card draw.

No Flask, no database. Public face (CONTRACT.md sections 3 and 4):

- ``rank(cards, rules) -> HandRank`` and ``compare(a, b, rules) -> int`` (``rank.py``).
- ``check(session) -> dict``: replay of a session file, findings, awards (``check.py``).
- ``settle(nets) -> list of transfers`` (``settle.py``).

The heavier modules load on first use, so ``import referee`` stays cheap.
"""

from .cards import CardError, make_deck, parse_card, parse_cards
from .rules import PRESETS, HouseRules, RulesError, resolve_rules

_LAZY = {
    "HandRank": "rank", "rank": "rank", "compare": "rank", "winners": "rank",
    "check": "check",
}

__all__ = [
    "CardError", "make_deck", "parse_card", "parse_cards",
    "PRESETS", "HouseRules", "RulesError", "resolve_rules", *_LAZY,
]


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
