"""One list of player verbs, the referee's (issue 23): the tablet reads
``referee.actions.PLAYER_VERBS`` and offers them in its order; no module of ``web/`` lists
them again (a list, tuple or set of three or more of them)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from conftest import dealer_url

import store
from referee.actions import EXTENSION_VERBS, PLAYER_VERBS

WEB = Path(__file__).resolve().parent.parent / "web"


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
    offered = [verb for verb in PLAYER_VERBS if verb not in EXTENSION_VERBS]
    assert config["verbs"] == offered
    assert config["verbs"][:3] == ["check", "open", "bet"]   # (the page's order: a player's choices first)
    assert config["amount_verbs"] == sorted(v for v in offered if PLAYER_VERBS[v] == "amount")
    assert "rebuy" not in config["verbs"] and "call" not in config["amount_verbs"]
