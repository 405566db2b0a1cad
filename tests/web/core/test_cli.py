"""Flask commands: init-db, import, report, demo."""

import json

import pytest
from pdfs import pdf_text

import store
import store.money.payments
import store.money.totals


def night_id_of(result):
    assert result.exit_code == 0, result.output
    return int(result.output.strip().splitlines()[-1])


def test_init_db_creates_the_schema(runner, db):
    result = runner.invoke(args=["init-db"])
    applied = [m.name for m in store.migrations.applied(db)]
    assert "m009_chain" in applied
    assert result.exit_code == 0 and "database ready" in result.output
    assert f"({len(applied)} migrations)" in result.output


def test_import_prints_the_night_id_and_a_repeat_import_is_refused_naming_it(runner, app, tmp_path):
    """A repeat import stores nothing and names the night (issue 24: a night comes in once;
    ``--copy`` makes a marked copy)."""
    session = {
        "format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5},
        "players": [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100}],
        "hands": []}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(session))
    first = night_id_of(runner.invoke(args=["import", str(path)]))
    again = runner.invoke(args=["import", str(path)])
    assert again.exit_code == 1 and f"/host/night/{first}" in again.output
    db = store.open_db(app.config["DATABASE"])
    assert [n["id"] for n in store.list_nights(db)] == [first]
    assert [p["name"] for p in store.night_players(db, first)] == ["Ana", "Bruno"]
    assert store.bank_check(db, first)["bought"] == 200
    db.conn.close()


def test_import_of_a_bad_file_fails_with_a_reason_and_stores_nothing(runner, app, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"players": [}')
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code != 0 and "not valid JSON" in result.output
    db = store.open_db(app.config["DATABASE"])
    assert store.list_nights(db) == []
    db.conn.close()


@pytest.mark.slow
def test_import_of_a_phh_file_then_report_writes_a_pdf(runner, shared, tmp_path):
    night_id = night_id_of(runner.invoke(args=["import", str(shared / "data" / "phh" / "wsop_2023_43_5_41.phh"),
                                               "--currency", "USD"]))
    out = tmp_path / "r.pdf"
    result = runner.invoke(args=["report", str(night_id), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert "Talal Shakerchi" in text and "Kristopher Tong" in text


def test_report_of_a_missing_night_fails_cleanly(runner, tmp_path):
    result = runner.invoke(args=["report", "42", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code != 0 and "No such night." in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_demo_loads_a_closed_settled_night(runner, app, client):
    result = runner.invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    db = store.open_db(app.config["DATABASE"])
    (night,) = store.list_nights(db)
    summary = store.night_summary(db, night["id"])
    counted = (store.money.totals.totals(db), store.money.payments.outstanding(db))
    db.conn.close()
    assert night["demo"] and counted == ({}, [])    # the demo counts nowhere (issue 26)
    assert summary["night"]["closed"] and summary["hands"] == 4
    assert {p["name"]: p["net_chips"] for p in summary["players"]} == {
        "Ana": -60, "Bruno": -80, "Chus": 40, "Dani": 100}
    assert sum(t["cents"] for t in summary["transfers"]) == 700  # the losers' 140 chips at 5 cents
    assert f"/reports/nights/{night['id']}" in result.output


def test_demo_issues_its_tablet_link_once_not_on_every_run(runner, app):
    """scripts/serve runs ``flask demo`` every time: the demo night gets one live tablet link,
    printed when issued, and a new one only when it has none live (the host revoked it)."""
    first = runner.invoke(args=["demo"])
    again = runner.invoke(args=["demo"])
    assert first.exit_code == 0 and again.exit_code == 0, (first.output, again.output)
    db = store.open_db(app.config["DATABASE"])
    (night,) = store.list_nights(db)
    links = store.dealer_links(db, night["id"])
    assert len(links) == 1 and "/dealer/" in first.output and "/dealer/" not in again.output
    store.revoke_dealer_link(db, links[0]["id"], revoked_by="host:ana")
    db.conn.close()
    third = runner.invoke(args=["demo"])
    db = store.open_db(app.config["DATABASE"])
    live = [link for link in store.dealer_links(db, night["id"]) if link["live"]]
    db.conn.close()
    assert len(live) == 1 and f"/dealer/{night['id']}/" in third.output
