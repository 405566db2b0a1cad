"""Tapete's referee: the pure-Python rules engine for five-card draw.

No Flask, no database. Public face (CONTRACT.md sections 3 and 4):

- ``rank(cards, rules) -> HandRank``, ``compare(a, b, rules) -> int`` and
  ``winners(hands, rules) -> list[int]`` (``rank.py``).
- ``check(session, rules=None, lang=None) -> dict``: replay of a session file, findings,
  awards (``check.py``); with ``lang`` ("es"/"en") each finding also carries ``text``, said
  by ``messages.py`` with the rule quoted from ``citations.py``, in the words of the
  referee's own catalogue (``words.py``, ``locale/``);
  ``table_state(session) -> dict``: the dealer tablet's view of the last hand (``table.py``);
  ``trace(start, actions) -> dict`` and ``trace_session(session, hand_number)``: the state
  after each action of one hand, for a dispute's replay (``trace.py``).
- ``settle(nets) -> list[Transfer]`` and ``settle_hub`` (``settle.py``).

Everything is imported here eagerly, so that ``referee.rank``, ``referee.check`` and
``referee.settle`` are the functions even though modules of the same names exist (Python
sets a submodule as an attribute of its package only when it first loads it, which happens
here, before the functions are bound). Import from the modules themselves with
``from referee.check import check_main``.
"""

from .cards import CardError, make_deck, parse_card, parse_cards
from .rules import PRESETS, HouseRules, RulesError, resolve_rules
from .rank import HandRank, compare, rank, winners
from .settle import Transfer, settle, settle_hub
from .session import SessionError
from .check import check
from .table import table_state
from .trace import trace, trace_session



__all__ = [
    "CardError", "make_deck", "parse_card", "parse_cards",
    "PRESETS", "HouseRules", "RulesError", "resolve_rules",
    "HandRank", "rank", "compare", "winners",
    "Transfer", "settle", "settle_hub",
    "SessionError", "check", "table_state", "trace", "trace_session",
]
