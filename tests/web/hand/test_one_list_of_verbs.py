"""One list of player verbs, the referee's (issue 23): ``referee.actions.VERBS`` holds each
verb once, with what it takes and its place on the tablet; the tablet reads it
(``TABLET_VERBS``, ``PLAYER_VERBS``) and offers them in that order; no module of ``web/``
lists them again (a list, tuple or set of three or more of them)."""

from __future__ import annotations

import ast
import json
import re

from paths import ROOT
from tablets import dealer_url

import store
from referee.actions import PLAYER_VERBS, TABLET_VERBS, VERBS

WEB = ROOT / "web"


def verb_lists(source: str) -> list[int]:
    """The lines of ``source`` with a literal list, tuple or set of three player verbs or
    more.

    >>> verb_lists('VERBS = ("check", "open", "bet")\\nWORDS = {"check": "Paso"}')
    [1]
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            verbs = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in PLAYER_VERBS]
            if len(verbs) >= 3:
                lines.append(node.lineno)
    return lines


def test_no_web_module_lists_the_player_verbs_again():
    found = {str(path.relative_to(WEB)): verb_lists(path.read_text(encoding="utf-8"))
             for path in sorted(WEB.rglob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_tablet_offers_the_referees_verbs_in_its_order(app, db, client):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    page = client.get(dealer_url(db, night_id) + "/").get_data(as_text=True)
    config = json.loads(re.search(r'<script id="config" type="application/json">(.*?)</script>', page).group(1))
    offered = [verb for _place, verb in sorted((place, verb) for verb, _, place in VERBS if place is not None)]
    assert config["verbs"] == offered == list(TABLET_VERBS)
    assert config["verbs"] == ["check", "open", "bet", "call", "raise", "allin", "fold", "draw", "show", "muck",
                               "ante", "blind", "straddle", "split"]   # (the page's order: a player's choices first)
    assert config["amount_verbs"] == sorted(v for v in offered if PLAYER_VERBS[v] == "amount")
    assert "rebuy" not in config["verbs"] and "call" not in config["amount_verbs"]


def test_the_referees_table_has_each_verb_once_and_reads_as_before():
    """One row a verb; ``PLAYER_VERBS`` keeps its order (the referee's refusal of an
    unknown verb lists them in it: the golden rulings quote it)."""
    assert len({verb for verb, _, _ in VERBS}) == len(VERBS)
    assert list(PLAYER_VERBS)[:4] == ["ante", "blind", "straddle", "open"] and list(PLAYER_VERBS)[-1] == "rebuy"
    assert len({place for _, _, place in VERBS if place is not None}) == len(TABLET_VERBS)
