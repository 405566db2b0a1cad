"""A stored total copied back from an older state (issue 25, m026): a ``player_totals`` or
``player_dues`` row saved with SQL before a later close (or a reopen, or a payment's
confirmation) and written back over the newer row keeps a MAC that holds, but no longer
names the newest standings row (or the player's newest ``night_dues`` row): the club page,
the phone and the outstanding page say it does not match the record, and ``flask verify``
names it. The check reads one indexed row per total: no walk of the player's nights.
"""

from __future__ import annotations

import re

from hosts import login_host

import store
from store.money import dues, payments, totals

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
UNSEALED = "este dato no cuadra con el registro"


def _night(db, counts: dict[str, int], *, close: bool = True) -> int:
    """A night where each player buys 100 chips and counts ``counts`` (adding up)."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Noche")
    for seat, (name, counted) in enumerate(counts.items(), 1):
        player = store.find_player(db, name) or store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by=HOST)
        store.buy_in(db, night, player, 100, entered_by=HOST)
        store.cash_out(db, night, player, counted, entered_by=HOST)
    if close:
        store.close_night(db, night, entered_by=HOST)
    return night


def _saved(db, table: str, player_id: int) -> list[dict]:
    """The player's rows of ``table`` as they are now (what a copy made with SQL keeps)."""
    cursor = db.conn.execute(f"SELECT * FROM {table} WHERE player_id = ?", [player_id])
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, r)) for r in cursor.fetchall()]


def _copy_back(db, table: str, player_id: int, rows: list[dict]) -> None:
    """Write ``rows`` back over the player's rows of ``table`` with plain SQL, as someone
    with the file would (no write of the record runs)."""
    db.execute(f"DELETE FROM {table} WHERE player_id = ?", [player_id])
    for row in rows:
        db.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})", list(row.values()))
    db.conn.commit()


def _named(db) -> set[tuple[str, tuple]]:
    return {(p["table"], tuple(p["key"])) for p in totals.verify_totals(db)}


def test_a_totals_row_copied_back_from_before_a_later_close_is_said_and_named(app, db, client):
    _night(db, {"Ana": 150, "Bruno": 50})
    ana = store.find_player(db, "Ana")
    old_totals, old_dues = _saved(db, "player_totals", ana), _saved(db, "player_dues", ana)
    _night(db, {"Ana": 90, "Bruno": 110})
    login_host(client)
    assert UNSEALED not in client.get("/host/club?lang=es").get_data(as_text=True)
    assert _named(db) == set()
    _copy_back(db, "player_totals", ana, old_totals)
    _copy_back(db, "player_dues", ana, old_dues)
    assert totals.totals(db, [ana])[ana]["unsealed"]
    club = client.get("/host/club?lang=es").get_data(as_text=True)
    assert re.search(rf'<tr data-player="{ana}">.*?data-unsealed="1"[^>]*>{UNSEALED}', club, flags=re.S)
    assert "50,00" not in club   # (the old total, +50.00, is not shown as current)
    owed = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    assert UNSEALED in owed and 'data-broken="1"' in owed
    assert UNSEALED in client.get(f"/p/{store.issue_token(db, ana)}?lang=es").get_data(as_text=True)
    assert _named(db) == {("player_totals", (ana, "EUR")), ("player_dues", (ana, "EUR"))}
    result = app.test_cli_runner().invoke(args=["verify"])
    assert result.exit_code == 1 and "player_totals" in result.output and "player_dues" in result.output


def test_a_row_copied_back_from_before_a_reopen_is_not_current(db):
    _night(db, {"Ana": 150, "Bruno": 50})
    second = _night(db, {"Ana": 90, "Bruno": 110})
    ana = store.find_player(db, "Ana")
    old_totals, old_dues = _saved(db, "player_totals", ana), _saved(db, "player_dues", ana)
    store.reopen_night(db, second, reason="a late recount", entered_by=HOST)
    assert not totals.totals(db, [ana])[ana]["unsealed"]
    assert not any(r["broken"] for r in dues.outstanding_totals(db)["totals"])
    _copy_back(db, "player_totals", ana, old_totals)
    _copy_back(db, "player_dues", ana, old_dues)
    assert totals.totals(db, [ana])[ana]["unsealed"]
    assert [r["broken"] for r in dues.outstanding_totals(db)["totals"] if r["player_id"] == ana] == [True]
    assert _named(db) == {("player_totals", (ana, "EUR")), ("player_dues", (ana, "EUR"))}


def test_a_dues_row_copied_back_from_before_a_confirmation_is_not_current(db):
    first = _night(db, {"Ana": 150, "Bruno": 50})
    _night(db, {"Ana": 90, "Chus": 110})
    bruno = store.find_player(db, "Bruno")
    old_dues = _saved(db, "player_dues", bruno)
    t = payments.night_transfers(db, first)[0]
    payments.mark_paid(db, first, t["payer_id"], t["payee_id"], entered_by=HOST)
    payments.confirm_paid(db, first, t["payer_id"], t["payee_id"], entered_by=HOST)
    assert _named(db) == set()
    _copy_back(db, "player_dues", bruno, old_dues)
    rows = {r["player_id"]: r for r in dues.outstanding_totals(db)["totals"]}
    assert rows[bruno]["broken"]
    assert _named(db) == {("player_dues", (bruno, "EUR"))}


def test_the_dues_of_a_player_a_reopen_leaves_on_older_nights_stay_current(db):
    """A reopen takes a player's rows of that night away and adds none: the rows they keep
    are stored again as they are, so their dues are bound to a new row and still hold."""
    _night(db, {"Ana": 150, "Bruno": 50})
    second = _night(db, {"Ana": 90, "Bruno": 110})
    store.reopen_night(db, second, reason="a late recount", entered_by=HOST)
    assert not any(r["broken"] for r in dues.outstanding_totals(db)["totals"])
    assert totals.verify_totals(db) == []
    store.close_night(db, second, entered_by=HOST)
    assert totals.verify_totals(db) == []


def test_the_totals_check_reads_the_newest_standings_row_by_an_index(db):
    """Costs stay flat: the read finds each total's newest standings row by the m026 index
    (a search, never a scan of the player's nights)."""
    _night(db, {"Ana": 150, "Bruno": 50})
    plan = db.execute("EXPLAIN QUERY PLAN SELECT p.player_id, s.night_id FROM player_totals p LEFT JOIN "
                      f"night_standings s ON {totals.NEWEST}").fetchall()
    details = [r[-1] for r in plan]
    assert any("idx_night_standings_newest" in d for d in details), details
    assert not any(d.startswith("SCAN s") or d.startswith("SCAN t") for d in details), details


def test_a_dues_row_copied_back_from_before_an_older_nights_reopen_is_not_current(db):
    """The reopened night is not the player's newest: the newer night's rows are stored
    again as they are, so the copied row's bound row is gone."""
    first = _night(db, {"Ana": 150, "Bruno": 50})
    _night(db, {"Ana": 90, "Bruno": 110})
    ana = store.find_player(db, "Ana")
    old_totals, old_dues = _saved(db, "player_totals", ana), _saved(db, "player_dues", ana)
    store.reopen_night(db, first, reason="a late recount", entered_by=HOST)
    assert totals.verify_totals(db) == []
    _copy_back(db, "player_totals", ana, old_totals)
    _copy_back(db, "player_dues", ana, old_dues)
    assert totals.totals(db, [ana])[ana]["unsealed"]
    assert [r["broken"] for r in dues.outstanding_totals(db)["totals"] if r["player_id"] == ana] == [True]
    assert _named(db) == {("player_totals", (ana, "EUR")), ("player_dues", (ana, "EUR"))}


def test_init_db_stores_the_rows_m026_empties_in_the_new_form(app, db):
    """m026 empties the derived rows of the old form; ``flask init-db`` stores them again
    (``store.money.totals.store_missing``), each total bound to its newest night."""
    _night(db, {"Ana": 150, "Bruno": 50})
    second = _night(db, {"Ana": 90, "Bruno": 110})
    ana = store.find_player(db, "Ana")
    before = totals.totals(db)
    for table in ("night_standings", "player_totals", "night_dues", "player_dues"):
        db.execute(f"DELETE FROM {table}")
    db.conn.commit()
    assert totals.totals(db) == {}
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert totals.totals(db) == before and not before[ana]["unsealed"]
    assert db.execute("SELECT last_night_id FROM player_totals WHERE player_id = ?", [ana]).fetchone()[0] == second
    assert not any(r["broken"] for r in dues.outstanding_totals(db)["totals"])
    assert totals.verify_totals(db) == []
