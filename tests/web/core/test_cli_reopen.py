"""``flask --app app reopen NIGHT --reason TEXT``: a closed night opened again (the close and
its adjustments voided, with the reason), and its refusals as one line."""

import json

import store


def _closed_night(app, tmp_path, runner):
    path = tmp_path / "night.json"
    path.write_text(json.dumps({"players": [{"seat": 1, "name": "Ana", "stack": 100},
                                            {"seat": 2, "name": "Bruno", "stack": 100}], "hands": []}))
    night = int(runner.invoke(args=["import", str(path)]).output.strip())
    db = store.open_db(app.config["DATABASE"])
    try:
        if not store.get_night(db, night)["closed"]:  # an import counts the final stacks
            store.close_night(db, night, entered_by="test")
        assert store.get_night(db, night)["closed"]
    finally:
        db.conn.close()
    return night


def test_reopen_voids_the_close_with_the_reason(app, runner, tmp_path):
    night = _closed_night(app, tmp_path, runner)
    result = runner.invoke(args=["reopen", str(night), "--reason", "Bruno counted 90"])
    assert result.exit_code == 0, result.output
    assert f"night {night} reopened" in result.output
    db = store.open_db(app.config["DATABASE"])
    try:
        assert not store.get_night(db, night)["closed"]
        row = db.execute("SELECT reason, entered_by FROM ledger WHERE kind = 'void' AND target = "
                         "(SELECT id FROM ledger WHERE night_id = ? AND kind = 'close')", [night]).fetchone()
        assert row == ("Bruno counted 90", "cli")
    finally:
        db.conn.close()
    again = runner.invoke(args=["reopen", str(night), "--reason", "twice"])
    assert again.exit_code == 1 and "not closed" in again.output and "Traceback" not in again.output


def test_reopen_needs_a_reason(app, runner, tmp_path):
    night = _closed_night(app, tmp_path, runner)
    missing = runner.invoke(args=["reopen", str(night)])
    assert missing.exit_code == 2 and "--reason" in missing.output
    blank = runner.invoke(args=["reopen", str(night), "--reason", "  "])
    assert blank.exit_code == 1 and "a reason is needed" in blank.output
    db = store.open_db(app.config["DATABASE"])
    try:
        assert store.get_night(db, night)["closed"]
    finally:
        db.conn.close()
