"""Tapete's referee: the pure-Python rules engine for five-card draw.

No Flask, no database. Public face (CONTRACT.md sections 3 and 4):

- ``rank(cards, rules) -> HandRank`` and ``compare(a, b, rules) -> int`` (``rank.py``).
- ``check(session) -> dict``: replay of a session file, findings, awards (``check.py``).
- ``settle(nets) -> list of transfers`` (``settle.py``).

The heavier modules load on first use, so ``import referee`` stays cheap.
"""

from .cards import CardError, make_deck, parse_card, parse_cards
from .rules import PRESETS, HouseRules, RulesError, resolve_rules

# Imported eagerly (cheap: tables are built on first use) so that the function ``rank``,
# not the submodule ``referee.rank``, is what ``from referee import rank`` gives, even
# after ``import referee.rank`` elsewhere.
from .rank import HandRank, compare, rank, winners
from .settle import Transfer, settle, settle_hub  # pure and small (issue 4)

_LAZY = {
    "check": "check",
    "table_state": "table", "SessionError": "session",
}

__all__ = [
    "CardError", "make_deck", "parse_card", "parse_cards",
    "PRESETS", "HouseRules", "RulesError", "resolve_rules",
    "HandRank", "rank", "compare", "winners", "Transfer", "settle", "settle_hub", *_LAZY,
]


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
