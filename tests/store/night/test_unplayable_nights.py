"""No night with rules no hand can be played with, however it is made (issue 23).

The playability of a night's bets and blinds is the referee's (``referee.rules.check_playable``:
Robert's Rules of Poker section 4, the blinds are the first bet) and the store applies it to
every night: the new-night form, ``store.create_night`` (the command line's nights), and the
import of a session file or a PHH hand history, on the web and with ``flask import``. A
refusal names the field and why, as a code (``rules_unplayable``); nothing is stored.
"""

from __future__ import annotations

import html
import io
import json

import pytest
from apps import snapshot
from hosts import login_host

import referee
import store
from referee.rules import check_playable, resolve_rules

NO_ANTE = {"preset": "jackpots", "ante": 0, "small_bet": 10, "big_bet": 20}
"""Jacks or better with no ante and no blinds: nobody puts anything in the pot."""


def _session(shared, rules) -> dict:
    """The worked case ``false_opener`` with ``rules`` in place of its own."""
    case = json.loads((shared / "cases" / "false_opener.json").read_text(encoding="utf-8"))
    return {**case, "rules": rules}


@pytest.mark.parametrize("rules, field, reason, params", [
    (NO_ANTE, "ante", "nothing_in_pot", {}),
    ({"preset": "jackpots", "small_bet": 0, "big_bet": 0}, "small_bet", "fixed_limit_no_bet", {}),
    ({"preset": "jackpots", "small_bet": 10, "big_bet": 5}, "big_bet", "below_small_bet", {"small": 10}),
    ({"preset": "pocker", "min_bet": 0}, "min_bet", "no_min_bet", {}),
    ({"preset": "pocker", "small_blind": 10, "big_blind": 5}, "big_blind", "below_blind", {"blind": 10}),
    ({"preset": "basico", "blinds_allowed": True, "small_blind": 3, "small_bet": 2, "big_bet": 4},
     "small_blind", "above_small_bet", {"small": 2}),
])
def test_the_referee_names_the_field_and_why(rules, field, reason, params):
    with pytest.raises(referee.RulesError) as refused:
        check_playable(resolve_rules(rules))
    assert (refused.value.key, refused.value.reason, refused.value.params) == (field, reason, params)


def test_every_preset_and_worked_case_is_playable(shared):
    for preset in referee.PRESETS:
        check_playable(resolve_rules(preset))
    for path in sorted((shared / "cases").glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if "players" in case:
            check_playable(resolve_rules(case.get("rules", "jackpots")))


def test_create_night_refuses_unplayable_rules_with_a_code_and_stores_nothing(app, db):
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as refused:
        store.create_night(db, rules=NO_ANTE, chip_cents=10)
    assert refused.value.code == "rules_unplayable"
    assert refused.value.params == {"field": "ante", "reason": "nothing_in_pot"}
    assert snapshot(app.config["DATABASE"]) == before


def test_create_night_says_rules_the_referee_refuses_as_a_code_not_its_english(db):
    with pytest.raises(store.StoreError) as refused:
        store.create_night(db, rules={"preset": "jackpots", "jokers": 3}, chip_cents=10)
    assert (refused.value.code, refused.value.params) == ("rules_invalid", {"field": "jokers", "reason": "bad_value"})
    with pytest.raises(store.StoreError) as unknown:
        store.create_night(db, rules="poker_of_the_moon", chip_cents=10)
    assert (unknown.value.code, unknown.value.params) == ("rules_invalid", {"field": None, "reason": "unknown_preset"})


def test_an_imported_session_with_unplayable_rules_is_refused_naming_the_field(app, db, shared):
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as refused:
        store.import_session(db, _session(shared, NO_ANTE))
    assert refused.value.code == "session_invalid"
    assert refused.value.params == {"what": "rules_unplayable", "field": "ante", "reason": "nothing_in_pot"}
    assert snapshot(app.config["DATABASE"]) == before


def test_an_imported_phh_file_with_unplayable_rules_is_refused(app, db, shared):
    """A real WSOP hand with its minimum bet set to 0: no-limit needs a minimum bet."""
    text = (shared / "data" / "phh" / "wsop_2023_43_5_41.phh").read_text(encoding="utf-8")
    assert "min_bet = 100000" in text
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as refused:
        store.import_session(db, store.load_session_text(text.replace("min_bet = 100000", "min_bet = 0"), "x.phh"))
    assert refused.value.params == {"what": "rules_unplayable", "field": "min_bet", "reason": "no_min_bet"}
    assert snapshot(app.config["DATABASE"]) == before


def test_the_command_line_refuses_a_night_with_unplayable_rules_naming_the_field(app, runner, shared, tmp_path):
    path = tmp_path / "no_ante.json"
    path.write_text(json.dumps(_session(shared, NO_ANTE)), encoding="utf-8")
    before = snapshot(app.config["DATABASE"])
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert "The file's rules cannot be played" in result.output     # (said from the catalogue)
    assert "Ante (chips): must be above 0 when there are no blinds" in result.output   # the field, and why
    assert snapshot(app.config["DATABASE"]) == before
    playable = tmp_path / "ante.json"
    playable.write_text(json.dumps(_session(shared, {**NO_ANTE, "ante": 5})), encoding="utf-8")
    assert runner.invoke(args=["import", str(playable)]).exit_code == 0   # (the control)


@pytest.mark.parametrize("lang, said", [
    ("en", "The file's rules cannot be played: Ante (chips): must be above 0 when there are no blinds: "
           "otherwise nobody puts anything in the pot."),
    ("es", "Las reglas del archivo no se pueden jugar: Pot / ante (fichas): debe ser mayor que 0 cuando no hay "
           "ciegas; si no, nadie pone nada en el bote."),
])
def test_the_import_page_refuses_a_file_with_unplayable_rules_in_the_pages_language(app, client, shared, lang, said):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    body = json.dumps(_session(shared, NO_ANTE)).encode()
    response = client.post(f"/host/import?lang={lang}", data={"file": (io.BytesIO(body), "no_ante.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert said in html.unescape(response.get_data(as_text=True))
    assert snapshot(app.config["DATABASE"]) == before
