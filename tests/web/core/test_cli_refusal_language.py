"""The command line says a store refusal as the pages do, from the one catalogue
(``web.core.refusals``): in English unless the app's ``CLUB_LANGUAGE`` says Spanish; never
the refusal's code or params (issue 23)."""

from __future__ import annotations

import json

import store

ONE_PLAYER_TWICE = {"players": [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 1, "name": "Bea", "stack": 100}],
                    "hands": []}


def _refused(app, tmp_path) -> str:
    path = tmp_path / "shared-seat.json"
    path.write_text(json.dumps(ONE_PLAYER_TWICE))
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    return result.output


def test_a_refusal_is_said_in_english_by_default(app, tmp_path):
    output = _refused(app, tmp_path)
    assert output == "Error: Two players of the file share a seat.\n"
    assert "session_invalid" not in output and "shared_seat" not in output


def test_a_refusal_is_said_in_the_clubs_language(app, tmp_path):
    app.config["CLUB_LANGUAGE"] = "es"
    assert _refused(app, tmp_path) == "Error: Dos jugadores del archivo comparten asiento.\n"


def test_reopening_an_open_night_is_refused_in_the_catalogues_words(app, db):
    """``reopen`` of a night that is not closed: the store's ``night_open``."""
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    result = app.test_cli_runner().invoke(args=["reopen", str(night), "--reason", "por probar"])
    assert result.exit_code == 1 and result.output == "Error: The night is not closed.\n"
