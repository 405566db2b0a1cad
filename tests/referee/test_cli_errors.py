"""``python -m referee check`` and ``export`` on files they cannot read, and the referee on
lines it cannot read: one line and exit 2 for a file, an ``unreadable`` finding for a line;
never a traceback (found by a tester on the compiled build)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import referee

GOOD = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
        "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
        "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 open 10", "p2 fold",
                                            "p1 show JsJd4c3h2s", "d award p1 20"]}]}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, timeout=60)


def _hand(**fields) -> dict:
    return dict(GOOD, hands=[dict(GOOD["hands"][0], **fields)])


NOT_A_SESSION = {"array": "[1, 2]", "string": '"hello"', "null": "null", "number": "5",
                 "deep": "[" * 100_000 + "]" * 100_000}


@pytest.mark.parametrize("command", ["check", "export"])
@pytest.mark.parametrize("name", NOT_A_SESSION)
def test_a_file_that_is_not_a_session_is_one_line_and_exit_2(tmp_path, command, name):
    path = tmp_path / f"{name}.json"
    path.write_text(NOT_A_SESSION[name])
    done = _run(command, str(path))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


@pytest.mark.parametrize("hand, message", [
    (_hand(actions=["p1 ante 5", None]), "action 1 is not an action string"),
    (_hand(actions="p1 ante 5"), "'actions' must be a list"),
    (_hand(stacks=[1]), "'stacks' must be an object"),
    (_hand(rebuys={"9": 5}), "bad rebuy '9'"),
])
def test_export_refuses_what_a_phh_file_cannot_carry(tmp_path, hand, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(hand))
    done = _run("export", str(path))
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_the_good_session_exports_and_checks():
    """(The fixture of the tests above is itself fine: they fail for the reason given.)"""
    assert referee.check(GOOD)["hands"][0]["findings"] == []


def test_a_null_line_is_unreadable_and_what_follows_is_still_judged():
    actions = GOOD["hands"][0]["actions"][:-1] + ["d award p1 20", None, "d award p2 5"]
    hand = referee.check(_hand(actions=actions))["hands"][0]
    kinds = [f["kind"] for f in hand["findings"]]
    assert "unreadable" in kinds and "wrong_award" in kinds
    assert hand["recorded_awards"] == {"1": 20, "2": 5}


@pytest.mark.parametrize("line", ["d award p1 " + "9" * 5000, "p1 ante " + "5" * 4301])
def test_an_amount_with_too_many_digits_is_an_unreadable_line(line):
    actions = list(GOOD["hands"][0]["actions"])
    at = 5 if line.startswith("d award") else 0
    actions[at] = line
    hand = referee.check(_hand(actions=actions))["hands"][0]
    unreadable = [f for f in hand["findings"] if f["kind"] == "unreadable"]
    assert [f["action"] for f in unreadable] == [at]
    assert "too many" in unreadable[0]["message"] and len(unreadable[0]["message"]) < 200


def test_a_wager_beyond_the_stack_is_one_finding():
    actions = ["p1 ante 5", "p2 ante 5", "p1 open " + "9" * 40, "p2 fold",
               "p1 show JsJd4c3h2s", "d award p1 105"]
    hand = referee.check(_hand(actions=actions))["hands"][0]
    assert [f["kind"] for f in hand["findings"] if f["action"] == 2] == ["bet_too_large"]


@pytest.mark.parametrize("line", ["d deal p1 " + "9" * 20, "d serve p1 " + "9" * 23, "d deal p1 55"])
def test_a_card_count_beyond_any_deck_is_unreadable(line):
    actions = list(GOOD["hands"][0]["actions"])
    actions.insert(2, line)
    hand = referee.check(_hand(actions=actions))["hands"][0]
    assert [f["action"] for f in hand["findings"] if f["kind"] == "unreadable"] == [2]


def test_a_long_unreadable_line_is_quoted_short():
    actions = ["p1 dance " + "x" * 20_000] + GOOD["hands"][0]["actions"]
    hand = referee.check(_hand(actions=actions))["hands"][0]
    (found,) = [f for f in hand["findings"] if f["kind"] == "unreadable"]
    assert len(found["message"]) < 250 and "x" * 100 not in found["message"]


def test_a_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    done = _run("check", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands"][0]["awards"] == {"1": 20}


@pytest.mark.parametrize("preset", [None, True, 0, 1.5, [], {}, 10 ** 30])
def test_a_preset_that_is_not_a_name_is_one_line_and_exit_2(tmp_path, preset):
    """Compiled by mypyc, ``rules.py`` once let a non-string preset through to a typed
    argument: a TypeError and a traceback instead of the one-line error."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"rules": {"preset": preset}, "players": [{"seat": 1, "stack": 5}]}))
    done = _run("check", str(path))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    from referee.rules import PRESETS

    assert done.stderr.strip() == (f"check: {path}: unknown preset {preset!r} (known: "
                                   f"{', '.join(PRESETS)})")


@pytest.mark.parametrize("rules,es,en", [
    ({"preset": "jackpots", "double_exposure": "fold"},
     "reglas: double_exposure='fold': debe ser uno de: 'misdeal', 'withdraw'",
     "rules: double_exposure='fold': must be one of: 'misdeal', 'withdraw'"),
    ({"preset": "jackpots", "table_stakes": "false"},
     "reglas: table_stakes='false': debe ser true o false",
     "rules: table_stakes='false': must be true or false"),
    ({"preset": "jackpots", "stakes": 1}, "reglas: clave(s) desconocida(s) stakes",
     "rules: unknown key(s) stakes"),
    ({"preset": "jackpots", "jokers": 3}, "reglas: jokers=3: debe ser un número entero de 0 a 2",
     "rules: jokers=3: must be a whole number, 0-2"),
    ("nope", "reglas predefinidas desconocidas 'nope' (se conocen: jackpots, pocker, clasico, "
     "internacional, basico, deuce_to_seven)",
     "unknown preset 'nope' (known: jackpots, pocker, clasico, internacional, basico, "
     "deuce_to_seven)"),
])
def test_a_rules_error_is_said_in_the_language_asked(tmp_path, rules, es, en):
    # (a second fresh tester: --lang es printed "must be one of ('misdeal', 'withdraw')")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(dict(GOOD, rules=rules)))
    for lang, said in (("es", es), ("en", en)):
        proc = _run("check", str(path), "--lang", lang)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.strip() == f"check: {path}: {said}", proc.stderr
