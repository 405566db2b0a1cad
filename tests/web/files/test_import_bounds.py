"""Amounts bounded at every door (issue 24): a session, PHH or PokerNow file is held to the
bounds a night made at the table is held to, refused in words (Spanish and English,
naming the line), nothing stored, through ``flask import`` and the host's upload alike.

"An import applies the tablet's limits (chips per line, per night), the referee's
readability check and the same refusals in words; nothing that cannot be rendered is
ever stored." The bounds are the store's one definition of each
(``store.core.checks``): ``MAX_CHIPS`` for a number in an action line (the tablet's tap:
``store.hand.events._readable``) and for each amount; ``MAX_STAKE`` for the night's ante,
blinds and bets (the new-night form's, now ``store.night.nights.stakes_in_bounds`` for
every night however made); ``MAX_CHIPS`` for the chips one player buys in a night
(``store.money.ledger.buy_in``, every buy-in, an imported file's rebuys included).
"""

from __future__ import annotations

import ast
import io
import json

import pytest
from apps import snapshot
from hosts import login_host
from paths import ROOT
from uploads import refused, upload

from store.core.checks import MAX_CHIPS, MAX_STAKE

PLAYERS = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100},
           {"seat": 3, "name": "Chus", "stack": 100}]
CHECKED_DOWN = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 check", "p2 check", "p3 check"]

ISSUE = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5}, "players": PLAYERS,
         "hands": [{"button": 3, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5",
                                             "d award p1 10000000000000000000000000"]}]}
"""The issue's file: "a session file with ``d award p1 10000000000000000000000000`` is
imported; that night then answers 500 on its hand list, replays, report and PDF for
ever"."""

STAKES = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5 * 10**9, "small_bet": 10**10,
                                          "big_bet": 2 * 10**10},
          "players": [{"seat": 1, "name": "Ana", "stack": MAX_CHIPS}, {"seat": 2, "name": "Bruno", "stack": MAX_CHIPS}],
          "hands": []}
"""An ante of 5 000 000 000 chips: each amount within ``MAX_CHIPS`` (the import's old
bound), the ante past the new-night form's ``MAX_STAKE``."""

REBUYS = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5},
          "players": [{**PLAYERS[0], "stack": 600_000_000_000}, *PLAYERS[1:]],
          "hands": [{"button": 3, "actions": CHECKED_DOWN},
                    {"rebuys": {"1": 600_000_000_000}, "actions": CHECKED_DOWN}],
          "tapete": {"closed": False}}
"""Ana buys 600 000 000 000 chips and again as many before hand 2: each within
``MAX_CHIPS``, together past it (the night is still in play: no count at its end)."""

BIG_BLINDS_PHH = """variant = 'N2L1D'
antes = [0, 0, 0]
blinds_or_straddles = [5000000000, 10000000000, 0]
min_bet = 10000000000
starting_stacks = [1000000000000, 1000000000000, 1000000000000]
actions = ['d dh p1 JsJc9s7h6s', 'd dh p2 AhAdAcJd9d', 'd dh p3 Qc9h4h3s3h', 'p3 f', 'p1 f']
players = ['Ana', 'Bruno', 'Chus']
"""
"""A PHH hand with blinds of 5 000 000 000 and 10 000 000 000 chips (past ``MAX_STAKE``)."""

HUGE_BET_PHH = BIG_BLINDS_PHH.replace("[5000000000, 10000000000, 0]", "[5, 10, 0]").replace(
    "min_bet = 10000000000", "min_bet = 10").replace("'p3 f'", "'p3 cbr 10000000000000000000000000'")
"""A PHH hand whose third player raises to 10**25 chips."""

ISSUE_SAID = {
    "en": "Hand 1 of the file: action 4 has more chips than can be kept (at most 1000000000000): "
          "“d award p1 10000000000000000000000000”.",
    "es": "Mano 1 del archivo: la acción 4 tiene más fichas de las que se pueden guardar (como mucho "
          "1000000000000): «d award p1 10000000000000000000000000».",
}
STAKES_SAID = {
    "en": "The file's rules: Ante (chips) is too large (at most 1000000000 chips, as on the new-night form).",
    "es": "Reglas del archivo: Pot / ante (fichas) es demasiado grande (como mucho 1000000000 fichas, como en el "
          "formulario de nueva noche).",
}
REBUYS_SAID = {
    "en": "Hand 2: the rebuy of seat 1 takes the chips it bought tonight past what one player may buy in a "
          "night (600000000000 bought before it; at most 1000000000000).",
    "es": "Mano 2: con la recompra del asiento 1, sus fichas compradas esta noche superarían lo que un "
          "jugador puede comprar en una noche (600000000000 compradas antes; como mucho 1000000000000).",
}
BLINDS_SAID = {
    "en": "The file's rules: Blind (chips) is too large (at most 1000000000 chips, as on the new-night form).",
    "es": "Reglas del archivo: Ciega (fichas) es demasiado grande (como mucho 1000000000 fichas, como en el "
          "formulario de nueva noche).",
}
HUGE_BET_SAID = {
    "en": "Hand 1 of the file: action 6 has more chips than can be kept (at most 1000000000000): "
          "“p3 raise 10000000000000000000000000”.",
    "es": "Mano 1 del archivo: la acción 6 tiene más fichas de las que se pueden guardar (como mucho "
          "1000000000000): «p3 raise 10000000000000000000000000».",
}

FILES = {
    "issue's award": ("night.json", json.dumps(ISSUE), ISSUE_SAID),
    "ante past the form's": ("night.json", json.dumps(STAKES), STAKES_SAID),
    "rebuys past a night's": ("night.json", json.dumps(REBUYS), REBUYS_SAID),
    "PHH blinds": ("hand.phh", BIG_BLINDS_PHH, BLINDS_SAID),
    "PHH raise": ("hand.phh", HUGE_BET_PHH, HUGE_BET_SAID),
}
"""Name -> (file name, content, the refusal in each language)."""


def test_each_bound_is_defined_once_in_the_store():
    """The forms, the tablet and the import take their figures from ``store.core.checks``
    (the new-night form's MAX_STAKE was its own ``MAX_NUMBER // 1000``, which the import
    did not apply): no module of store/ or web/ assigns a bound but that one."""
    bounds = {"MAX_CHIPS", "MAX_STAKE", "MAX_FIGURE"}
    assigned = []
    for path in sorted((ROOT / "store").rglob("*.py")) + sorted((ROOT / "web").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                assigned += [(str(path.relative_to(ROOT)), t.id) for t in targets
                             if isinstance(t, ast.Name) and t.id in bounds]
    assert assigned == [("store/core/checks.py", "MAX_CHIPS"), ("store/core/checks.py", "MAX_STAKE"),
                        ("store/core/checks.py", "MAX_FIGURE")]
    assert (MAX_STAKE, MAX_CHIPS) == (10**9, 10**12)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", FILES)
def test_flask_import_refuses_in_words_and_stores_nothing(app, runner, tmp_path, case, lang):
    name, content, said = FILES[case]
    path = tmp_path / name
    path.write_text(content)
    app.config["CLUB_LANGUAGE"] = lang
    before = snapshot(app.config["DATABASE"])
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1 and result.output == f"Error: {said[lang]}\n", result.output
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", FILES)
def test_the_upload_refuses_in_words_and_stores_nothing(app, client, case, lang):
    name, content, said = FILES[case]
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, content.encode(), name, lang, chip_cents="", chips_per="")
    refusal, marked = refused(answer)
    assert refusal.startswith(said[lang]) and marked == ["import-file"], refusal
    assert snapshot(app.config["DATABASE"]) == before


POKERNOW = "\n".join([
    "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,nit_escrow,net",
    '"Ana",a,2026-03-14T20:00:00Z,,10000000000000000000000000,,0,0,-10000000000000000000000000',
    '"Bo",b,2026-03-14T20:00:00Z,,1,,10000000000000000000000001,0,10000000000000000000000000'])
"""A PokerNow ledger with the issue's amount (in cents) as a buy-in."""


@pytest.mark.slow
@pytest.mark.parametrize("lang, said", [
    ("es", "Línea 2 (Ana): buy_in «10000000000000000000000000» es demasiado grande (como mucho 1000000000000). "
           "No se ha importado nada."),
    ("en", "Line 2 (Ana): buy_in “10000000000000000000000000” is too large (at most 1000000000000). "
           "Nothing was imported.")])
def test_a_pokernow_ledger_with_the_issues_amount_is_refused_in_words(app, client, lang, said):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post(f"/host/pokernow/?lang={lang}", data={
        "amounts": "cents", "ledger": (io.BytesIO(POKERNOW.encode()), "ledger.csv")},
        content_type="multipart/form-data")
    assert answer.status_code == 400 and said in answer.get_data(as_text=True).replace("&#34;", '"')
    assert snapshot(app.config["DATABASE"]) == before
