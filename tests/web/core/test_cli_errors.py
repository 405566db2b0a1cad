"""The CLI on bad input (one-line errors, nothing written), ``close`` with hub mode and a
resolution, ``import --started-at`` read in the club's zone."""

import json

import pytest

import store

TWO = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100}]


def nights(app):
    db = store.open_db(app.config["DATABASE"])
    try:
        return store.list_nights(db), db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
    finally:
        db.conn.close()


@pytest.mark.parametrize("content, message", [
    ({"players": [], "hands": []}, "has no list of players"),
    ({"players": ["Ana", "Bruno"], "hands": []}, "Player 1 of the file must have a seat"),
    ({"players": TWO, "hands": [5]}, "Hand 1 of the file must be a hand"),
    ({"players": TWO, "hands": [{"button": 1, "rebuys": [1], "actions": []}]},
     "Hand 1 of the file: the rebuys must be seats"),
    ({"players": [{"seat": 1, "name": "Ana", "stack": 99999999999999999999999}] + TWO[1:], "hands": []},
     "too many"),
    ([TWO], "a session file is one JSON object"),
    ({"players": TWO, "rules": {"preset": "jackpots", "ante": 10**23}, "hands": []},
     "The file's rules: Ante (chips) is too large"),
    ({"players": TWO, "hands": [{"button": 1, "actions": ["p1 ante 5", "p2 ante 5",
                                                          f"d award p1 {10**23}"]}]}, "more chips than can be kept"),
    ({"players": [{"seat": 1, "name": "A\u200bna", "stack": 5}] + TWO[1:], "hands": []}, "invisible"),
])
def test_malformed_session_gives_one_line_and_writes_nothing(runner, app, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(content))
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert nights(app) == ([], 0)


def test_a_huge_chip_value_is_refused_cleanly(runner, app, tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({"players": TWO, "hands": []}))
    result = runner.invoke(args=["import", str(path), "--chip-cents", "99999999999999999999999"])
    assert result.exit_code == 1 and "Chip value, in hundredths of the currency: too large" in result.output
    assert nights(app) == ([], 0)


def test_report_to_a_missing_folder_fails_cleanly(runner, tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({"players": TWO, "hands": []}))
    runner.invoke(args=["import", str(path)])
    result = runner.invoke(args=["report", "1", "-o", "/nonexistent/dir/x.pdf"])
    assert result.exit_code == 1 and "does not exist" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_import_reads_started_at_in_the_timezone_and_titles_by_file_stem(runner, app, tmp_path):
    path = tmp_path / "viernes.json"
    path.write_text(json.dumps({"players": TWO, "hands": [], "note": "a long case note"}))
    result = runner.invoke(args=["import", str(path), "--timezone", "America/Mexico_City",
                                 "--started-at", "2026-03-14 21:00", "--currency", "MXN"])
    assert result.exit_code == 0, result.output
    db = store.open_db(app.config["DATABASE"])
    night = store.get_night(db, int(result.output.strip()))
    db.conn.close()
    assert night["started_at"] == "2026-03-15T03:00:00+00:00" and night["local_date"] == "2026-03-14"
    assert night["title"] == "viernes" and night["note"] == "a long case note"
    bad = runner.invoke(args=["import", str(path), "--started-at", "tomorrow"])
    assert bad.exit_code == 1 and "2026-03-14 21:00" in bad.output


def test_close_in_hub_mode_with_a_credit_for_a_shortage(runner, app, tmp_path):
    path = tmp_path / "n.json"
    path.write_text(json.dumps({"players": TWO + [{"seat": 3, "name": "Chus", "stack": 100}], "hands": []}))
    night_id = int(runner.invoke(args=["import", str(path), "--chip-cents", "10"]).output.strip())
    db = store.open_db(app.config["DATABASE"])
    ids = {n: store.find_player(db, n) for n in ("Ana", "Bruno", "Chus")}
    store.recount(db, night_id, ids["Ana"], 150, entered_by="test")
    store.recount(db, night_id, ids["Bruno"], 40, entered_by="test")  # 10 chips short
    db.conn.close()
    refused = runner.invoke(args=["close", str(night_id), "--resolution", "charge", "--player", "Bruno"])
    assert refused.exit_code == 1 and "shortage cannot be charged" in refused.output
    result = runner.invoke(args=["close", str(night_id), "--hub", "Chus", "--resolution", "credit",
                                 "--player", "Bruno"])
    assert result.exit_code == 0, result.output
    assert "Chus -> Ana: 5.00 EUR" in result.output and "Bruno -> Chus: 5.00 EUR" in result.output
    db = store.open_db(app.config["DATABASE"])
    summary = store.night_summary(db, night_id)
    db.conn.close()
    assert summary["mode"] == "hub" and summary["night"]["closed"]
    unknown = runner.invoke(args=["close", str(night_id), "--hub", "Nadie"])
    assert unknown.exit_code == 1
