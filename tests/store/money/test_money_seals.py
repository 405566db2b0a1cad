"""Every money row sealed (issue 24, item 3): ``payment_handles`` (redirecting a payee to
another person's PayPal link), ``transfer_marks`` (a fake "confirmed"), ``expenses``,
``expense_shares`` and ``expense_voids``, edited straight in the database, passed ``flask
verify`` and ``flask restore``. Now the marks, expenses, shares and voids are links of
their night's keyed chain and the payment handles of the club's
(``store.core.chain_rows.CLUB``): every edit, delete and insert is named by ``verify`` (and
``flask verify``, exit 1) and refused by ``restore``; a database made before (migration
m014) has its rows linked once.

The tampers are ``tests/support/money_tampers.py``'s, as an attacker with write access
to the file does them (triggers dropped, SQL, triggers put back).
"""

from __future__ import annotations

import io
import sqlite3
import tarfile
from pathlib import Path

import pytest
from chain_said import problem_said
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from money_tampers import PROBLEM, TAMPERS, money_night, tamper
from refusal_english import english
from sqlite_utils import Database

import store
import store.core.chain
import store.files.backup
from store.core.chain_rows import CLUB, MONEY_TABLES
from store.files.backup import BackupError
from store.money import dues, expenses, payments

CASES = sorted(TAMPERS)


def _verify(app, night: int) -> dict:
    """``store.core.chain.verify_record`` on a fresh connection (what ``flask verify`` does)."""
    db = store.open_db(app.config["DATABASE"])
    try:
        return store.core.chain.verify_record(db, night)
    finally:
        db.conn.close()


def test_an_intact_night_with_every_money_row_verifies_and_each_row_has_its_link(app, db, runner):
    world = money_night(db)
    record = _verify(app, world.night)
    assert record["ok"], record
    linked = {(t, r) for t, r in db.execute("SELECT tbl, row_id FROM chain WHERE night_id = ?", [world.night])}
    for table in ("transfer_marks", "expenses", "expense_shares", "expense_voids"):
        rows = {r[0] for r in db.execute(f"SELECT id FROM {table}")}
        assert rows and rows <= {r for t, r in linked if t == table}, table
    club = {(t, r) for t, r in db.execute("SELECT tbl, row_id FROM chain WHERE night_id = ?", [CLUB])}
    assert club == {("payment_handles", world.old_handle), ("payment_handles", world.handle)}
    assert record["club"]["links"] == 2 and len(record["club"]["head"]) == 64
    out = runner.invoke(args=["verify", str(world.night)])
    assert out.exit_code == 0, out.output
    assert "the club's payment handles: the record is intact: 2 links" in out.output


@pytest.mark.parametrize("table, how", CASES)
def test_every_edit_delete_and_insert_of_a_money_row_is_named_by_verify(app, db, runner, table, how):
    world = money_night(db)
    row = tamper(app.config["DATABASE"], world, table, how)
    record = _verify(app, world.night)
    assert not record["ok"]
    result = record["club"] if table == "payment_handles" else record["nights"][0]
    other = record["nights"][0] if table == "payment_handles" else record["club"]
    assert other["ok"], other  # (the other chain is untouched)
    problem = result["problem"]
    assert (problem["code"], problem["table"], problem["row_id"]) == (PROBLEM[how], table, row), problem
    out = runner.invoke(args=["verify", str(world.night)])
    assert out.exit_code == 1, out.output
    said = problem_said(app, problem)
    assert said in out.output and f"{table} row {row}" in out.output
    if table == "payment_handles":
        assert "the club's payment handles: the record does not match" in out.output
    everything = runner.invoke(args=["verify"])  # (every night and the club's chain)
    assert everything.exit_code == 1 and said in everything.output


def test_verify_without_a_night_checks_every_night_and_the_club_and_head_needs_a_night(app, db, runner):
    world = money_night(db)
    out = runner.invoke(args=["verify"])
    assert out.exit_code == 0, out.output
    assert out.output.startswith(f"night {world.night}: the record is intact")
    assert "the club's payment handles: the record is intact: 2 links" in out.output
    refused = runner.invoke(args=["verify", "--head", "ab" * 32])
    assert refused.exit_code == 2 and "--head needs the NIGHT it was printed for" in refused.output


@pytest.mark.parametrize("table, how, words", [
    ("payment_handles", "edit", "payment handle {row} of Ana: 'https://paypal.me/thief'"),
    ("transfer_marks", "insert", "transfer mark {row}, Bruno pays Ana 300 cents (poker): confirmed as received"),
    ("expenses", "edit", "shared expense {row}: 'pizza', 9900 cents paid by Ana"),
    ("expense_shares", "edit", "of shared expense"),
    ("expense_voids", "insert", "void {row} of shared expense"),
])
def test_flask_verify_says_the_money_row_as_it_reads_now(app, db, runner, table, how, words):
    world = money_night(db)
    row = tamper(app.config["DATABASE"], world, table, how)
    out = runner.invoke(args=["verify", str(world.night)])
    assert out.exit_code == 1 and words.format(row=row) in out.output, out.output


def test_a_void_mark_of_another_night_never_withdraws_this_nights_mark(app, db):
    """A void counts only in its own night (an unchained cross-night void cannot change
    this night's statuses: each night's own rows are what its seals check)."""
    world = money_night(db)
    other = store.create_night(db, rules={"preset": "jackpots", "ante": 1}, chip_cents=10)
    from money_tampers import attacker, unguarded
    conn = attacker(app.config["DATABASE"])
    unguarded(conn, "transfer_marks", (
        "INSERT INTO transfer_marks (night_id, close_id, what, payer_id, payee_id, cents, kind, target, reason, "
        "entered_by, entered_at) VALUES (?, NULL, 'poker', ?, ?, 300, 'void', ?, 'x', 'host', '2026-01-01')",
        [other, world.ids["Chus"], world.ids["Ana"], world.confirmed_mark]))
    conn.close()
    chus = next(t for t in payments.night_transfers(db, world.night) if t["payer_id"] == world.ids["Chus"])
    assert chus["status"] == "confirmed" and not chus["unsealed"]
    assert store.core.chain.verify(db, other)["problem"]["code"] == "row_unlinked"


# -- reads: the row is not used -------------------------------------------------------------------

def test_an_edited_expense_amount_is_left_out_and_the_rest_still_settles(app, db):
    world = money_night(db)
    tamper(app.config["DATABASE"], world, "expenses", "edit")
    got = expenses.night_expenses(db, world.night)
    pizza = next(e for e in got["expenses"] if e["id"] == world.pizza)
    assert pizza == {"id": world.pizza, "unsealed": True}
    assert got["unsealed"] and got["total"] == 0 and got["transfers"] == [] and sum(got["balances"].values()) == 0
    rows = payments.night_transfers(db, world.night, "expenses")
    assert rows == [] and payments.night_transfers(db, world.night)[0]["status"] in ("due", "paid", "confirmed")


def test_a_deleted_share_withholds_the_expenses_transfers(app, db):
    world = money_night(db)
    before = expenses.night_expenses(db, world.night)
    assert [(t["payer_id"], t["payee_id"], t["cents"]) for t in before["transfers"]] == \
        [(world.ids["Bruno"], world.ids["Ana"], 600)] and not before["unsealed"]
    tamper(app.config["DATABASE"], world, "expense_shares", "delete")
    after = expenses.night_expenses(db, world.night)
    assert after["withheld"] and after["unsealed"] and after["transfers"] == []
    assert payments.stale_marks(db, world.night, "expenses") == []


@pytest.mark.parametrize("how", ["edit", "delete", "insert"])
def test_a_tampered_handle_is_never_given_out(app, db, how):
    world = money_night(db)
    assert payments.sealed_handle(db, world.ids["Ana"]) == ("https://paypal.me/ana", False)
    tamper(app.config["DATABASE"], world, "payment_handles", how)
    assert payments.sealed_handle(db, world.ids["Ana"]) == (None, True)
    bruno = next(t for t in payments.night_transfers(db, world.night) if t["payer_id"] == world.ids["Bruno"])
    assert bruno["handle"] is None and bruno["handle_unsealed"]


@pytest.mark.parametrize("how", ["edit", "delete", "insert"])
def test_a_tampered_mark_is_not_counted_and_the_transfers_say_so(app, db, how):
    world = money_night(db)
    tamper(app.config["DATABASE"], world, "transfer_marks", how)
    rows = {t["payer_id"]: t for t in payments.night_transfers(db, world.night)}
    assert rows[world.ids["Bruno"]]["status"] == "due"  # (never the fake confirmation)
    assert rows[world.ids["Chus"]]["status"] == ("confirmed" if how == "insert" else "paid")
    assert all(t["unsealed"] for t in rows.values())
    assert payments.night_payments(db, world.night)["marks_unsealed"]


def test_reads_take_no_write_lock(app, db):
    """The seals are checked inside the pages' read: while a reader is in the middle of
    it, another connection takes the write lock at once (no wait: timeout 0)."""
    world = money_night(db)
    tamper(app.config["DATABASE"], world, "expenses", "edit")
    reader = store.open_db(app.config["DATABASE"])
    writer = sqlite3.connect(app.config["DATABASE"], timeout=0, isolation_level=None)
    try:
        reader.conn.execute("BEGIN")
        payments.night_payments(reader, world.night)
        payments.player_payments(reader, world.ids["Bruno"])
        dues.outstanding_page(reader)
        assert reader.conn.in_transaction and reader.conn.total_changes == 0
        writer.execute("BEGIN IMMEDIATE")  # (raises "database is locked" if the reader held the lock)
        writer.execute("ROLLBACK")
        reader.conn.execute("ROLLBACK")
    finally:
        writer.close()
        reader.conn.close()


# -- restore ----------------------------------------------------------------------------------------

def _doctor(archive: Path, out: Path, work: Path, world, table: str, how: str) -> int:
    """Copy the backup ``archive`` to ``out`` with its database tampered (one of TAMPERS,
    the triggers put back: the schema still checks); returns the row id."""
    row = None
    with tarfile.open(archive) as tar, tarfile.open(out, "w") as new:
        for member in tar.getmembers():
            data = tar.extractfile(member).read()
            if member.name == "tapete.db":
                copy = work / "doctored.db"
                copy.write_bytes(data)
                row = tamper(copy, world, table, how)
                data = copy.read_bytes()
            member.size = len(data)
            new.addfile(member, io.BytesIO(data))
    return row


@pytest.mark.slow
@pytest.mark.parametrize("table, how", CASES)
def test_restore_refuses_a_backup_whose_money_rows_do_not_verify(app, db, tmp_path, table, how):
    world = money_night(db)
    archive = tmp_path / "good.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    assert store.files.backup.check_backup(archive)["nights"] == 1
    bad = tmp_path / "bad.tar"
    row = _doctor(archive, bad, tmp_path, world, table, how)
    target = tmp_path / "restored" / "tapete.db"
    with pytest.raises(BackupError) as refused:
        store.files.backup.restore(bad, target)
    assert refused.value.code == ("backup_club_unverified" if table == "payment_handles" else "backup_night_unverified")
    assert (refused.value.params["table"], refused.value.params["row"]) == (table, row)
    assert f"({table} row {row})" in english(refused.value)
    assert not target.exists()


def test_a_backup_says_the_clubs_head_and_a_forged_one_is_refused(app, db, tmp_path):
    world = money_night(db)
    archive = tmp_path / "good.tar"
    made = store.files.backup.backup(app.config["DATABASE"], archive)
    assert made["club"] == store.core.chain.head(db, CLUB) and made["club"]["links"] == 2
    assert str(CLUB) not in made["heads"] and list(made["heads"]) == [str(world.night)]
    bad = tmp_path / "bad.tar"
    with tarfile.open(archive) as tar, tarfile.open(bad, "w") as new:
        for member in tar.getmembers():
            data = tar.extractfile(member).read()
            if member.name == "manifest.json":
                data = data.replace(made["club"]["head"].encode(), b"0" * 64)
            member.size = len(data)
            new.addfile(member, io.BytesIO(data))
    with pytest.raises(BackupError) as refused:
        store.files.backup.check_backup(bad)
    assert refused.value.code == "backup_club_head_mismatch"
    assert "the club's chain head is not the manifest's" in english(refused.value)


# -- databases made before (migration m014) ---------------------------------------------------------

def _before_m014(app, tmp_path) -> tuple[Path, Database]:
    """A copy of the app's database as the previous version had it: migrations up to
    m013, every night's own rows linked, the rows of paying up not (their links, the club's
    chain and m014 taken out)."""
    old_path = tmp_path / "old" / "tapete.db"
    old_path.parent.mkdir()
    old = Database(sqlite3.connect(old_path))
    store.migrations.apply(old, stop_before="m014_money_seals")
    old.execute("ATTACH DATABASE ? AS new", [app.config["DATABASE"]])
    tables = ("players", "nights", "seats", "hands", "events", "ledger", "chain_key_check", "tokens", *MONEY_TABLES)
    for table in tables:
        columns = ", ".join(c.name for c in old[table].columns)  # (the old version's: later ones add some)
        old.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM new.{table}")
    money = ", ".join(f"'{t}'" for t in MONEY_TABLES)
    old.execute(f"INSERT INTO main.chain SELECT * FROM new.chain WHERE night_id != {CLUB} AND tbl NOT IN ({money})")
    old.conn.commit()
    old.execute("DETACH DATABASE new")
    return old_path, old


def test_money_rows_of_a_database_made_before_are_linked_once_when_opened(app, db, tmp_path):
    world = money_night(db)
    night_links = db.execute("SELECT COUNT(*) FROM chain WHERE night_id = ? AND tbl NOT IN "
                             "('transfer_marks', 'expenses', 'expense_shares', 'expense_voids')",
                             [world.night]).fetchone()[0]
    old_path, old = _before_m014(app, tmp_path)
    # the night's head as it stood before its money rows were linked
    last = old.execute("SELECT n, tbl, row_id, mac FROM chain WHERE night_id = ? ORDER BY n DESC LIMIT 1",
                       [world.night]).fetchone()
    assert last[0] == night_links
    key = db.chain_key
    seal = store.core.chain.head_seal(key, world.night, last[3], last[0], last[1], last[2])
    old.execute("INSERT INTO chain_heads (night_id, head, links, tbl, row_id, seal) VALUES (?, ?, ?, ?, ?, ?)",
                [world.night, last[3], last[0], last[1], last[2], seal])
    old.conn.commit()
    old.conn.close()

    first = store.open_db(old_path, chain_key=key)
    record = store.core.chain.verify_record(first, world.night)
    assert record["ok"], record
    money_rows = sum(first.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in MONEY_TABLES)
    assert record["nights"][0]["links"] + record["club"]["links"] == night_links + money_rows
    assert record["club"]["links"] == 2
    assert first.execute("SELECT COUNT(*) FROM chain_pending_money").fetchone()[0] == 0
    first.conn.close()

    later = store.open_db(old_path, chain_key=key)
    assert later.conn.total_changes == 0  # linked once: nothing written later
    later.conn.close()
    conn = sqlite3.connect(old_path, isolation_level=None)
    conn.execute("DROP TRIGGER expenses_no_update")
    conn.execute("UPDATE expenses SET cents = 9900 WHERE id = ?", [world.pizza])
    conn.close()
    again = store.open_db(old_path, chain_key=key)
    problem = store.core.chain.verify(again, world.night)["problem"]
    assert (problem["code"], problem["table"], problem["row_id"]) == ("link_mismatch", "expenses", world.pizza)
    again.conn.close()


def test_a_row_slipped_in_under_a_faked_upgrade_is_not_linked(app, db, tmp_path):
    """Taking m014 out of a sealed database (its record, index and list) to have a row
    inserted behind the record's back linked as if it predated the seals: a chain that
    already links a row of paying up is left alone, and the row stays unlinked."""
    world = money_night(db)
    conn = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm014_money_seals'")
    conn.execute("DROP INDEX idx_chain_night_id_tbl_row_id")
    conn.execute("DROP TABLE chain_pending_money")
    conn.execute("DROP TRIGGER transfer_marks_no_update")
    fake = conn.execute("INSERT INTO transfer_marks (night_id, close_id, what, payer_id, payee_id, cents, kind, "
                        "entered_by, entered_at) VALUES (?, NULL, 'poker', ?, ?, 300, 'confirmed', 'host', '2026')",
                        [world.night, world.ids["Bruno"], world.ids["Ana"]]).lastrowid
    conn.close()
    reopened = store.open_db(app.config["DATABASE"])
    problem = store.core.chain.verify(reopened, world.night)["problem"]
    assert (problem["code"], problem["table"], problem["row_id"]) == ("row_unlinked", "transfer_marks", fake)
    reopened.conn.close()


def test_a_chain_waiting_for_its_money_rows_cannot_be_verified(app, db):
    world = money_night(db)
    conn = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    conn.execute("INSERT INTO chain_pending_money (night_id) VALUES (?), (?)", [world.night, CLUB])
    conn.close()
    record = _verify(app, world.night)
    assert record["nights"][0]["problem"]["code"] == "money_pending"
    assert record["club"]["problem"]["code"] == "money_pending"
    assert "cannot be verified" in problem_said(app, record["club"]["problem"])


@pytest.mark.slow
def test_a_backup_made_before_the_money_seals_is_restored_with_its_money_rows_linked(app, db, tmp_path):
    """A backup of the previous version (rows of paying up unlinked): restoring it opens
    the copy, which links them at the end of each chain; its manifest's heads are still
    links of the chains, so it is not taken for a doctored one."""
    world = money_night(db)
    old_path, old = _before_m014(app, tmp_path)
    last = old.execute("SELECT n, tbl, row_id, mac FROM chain WHERE night_id = ? ORDER BY n DESC LIMIT 1",
                       [world.night]).fetchone()
    seal = store.core.chain.head_seal(db.chain_key, world.night, last[3], last[0], last[1], last[2])
    old.execute("INSERT INTO chain_heads (night_id, head, links, tbl, row_id, seal) VALUES (?, ?, ?, ?, ?, ?)",
                [world.night, last[3], last[0], last[1], last[2], seal])
    old.conn.commit()
    old.conn.close()
    secrets = Path(app.config["DATABASE"]).with_name("secrets.json")
    old_path.with_name("secrets.json").write_bytes(secrets.read_bytes())
    archive = tmp_path / "old.tar"
    made = store.files.backup.backup(old_path, archive)
    assert made["heads"][str(world.night)]["head"] == last[3] and made["club"]["head"] is None
    target = tmp_path / "restored" / "tapete.db"
    done = store.files.backup.restore(archive, target)
    assert done["nights"] == 1
    restored = store.open_db(target)
    try:
        record = store.core.chain.verify_record(restored, world.night)
        assert record["ok"] and record["club"]["links"] == 2, record
    finally:
        restored.conn.close()


_MONEY_OPS = ("handle", "expense", "void_expense", "paid", "confirm", "void_mark", "reopen_close")


@pytest.mark.slow
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=st.lists(st.tuples(st.sampled_from(_MONEY_OPS), st.integers(0, 10**6)), min_size=3, max_size=25))
def test_any_sequence_of_paying_up_verifies_and_no_page_read_says_it_does_not_match(ops):
    """Whatever the host and the players write while paying up (handles, expenses and
    their voids, marks and their voids, a reopen and a different close), both chains
    verify, every row has one link, and no read finds a row that does not match."""
    db = store.open_db(":memory:")
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1}, chip_cents=10)
    ids = [store.join_table(db, night, name, seat, 100, entered_by="host")
           for seat, name in enumerate(("Ana", "Bruno", "Chus"), 1)]
    counts = [160, 70, 70]
    for pid, chips in zip(ids, counts):
        store.cash_out(db, night, pid, chips, entered_by="host")
    store.close_night(db, night, entered_by="host")
    for step, (op, pick) in enumerate(ops):
        who = ids[pick % 3]
        try:
            if op == "handle":
                payments.set_payment_handle(db, who, f"https://paypal.me/x{pick}" if pick % 4 else "",
                                            entered_by="host")
            elif op == "expense":
                expenses.add_expense(db, night, who, 1 + pick % 5000, f"gasto {step}",
                                     [p for p in ids if p != who or pick % 2], entered_by="host")
            elif op == "void_expense":
                live = [e["id"] for e in expenses.night_expenses(db, night)["expenses"] if not e["voided"]]
                if live:
                    expenses.void_expense(db, night, live[pick % len(live)], reason="x", entered_by="host")
            elif op in ("paid", "confirm", "void_mark"):
                what = "expenses" if pick % 3 == 0 else "poker"
                rows = payments.night_transfers(db, night, what)
                if rows:
                    t = rows[pick % len(rows)]
                    if op == "paid":
                        payments.mark_paid(db, night, t["payer_id"], t["payee_id"], what=what, entered_by="host")
                    elif op == "confirm":
                        payments.confirm_paid(db, night, t["payer_id"], t["payee_id"], what=what, entered_by="host")
                    else:
                        payments.void_mark(db, night, t["payer_id"], t["payee_id"], what=what, reason="x",
                                           entered_by="host")
            elif op == "reopen_close":
                store.reopen_night(db, night, reason="recount", entered_by="host")
                store.recount(db, night, ids[pick % 3], counts[pick % 3] + 10 * (pick % 3 - 1), entered_by="host")
                store.recount(db, night, ids[(pick + 1) % 3], counts[(pick + 1) % 3] - 10 * (pick % 3 - 1),
                              entered_by="host")
                store.close_night(db, night, entered_by="host")
        except store.StoreError:
            pass  # refused: nothing written
    record = store.core.chain.verify_record(db, night)
    assert record["ok"], record
    money = sum(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in MONEY_TABLES)
    assert db.execute("SELECT COUNT(*) FROM chain WHERE tbl IN (?, ?, ?, ?, ?)", list(MONEY_TABLES)).fetchone()[0] \
        == money
    page = payments.night_payments(db, night)
    assert not page["marks_unsealed"] and not page["handles_unsealed"] and not page["expenses"]["unsealed"]
    assert not any(t["unsealed"] or t["handle_unsealed"] for t in page["transfers"] + page["expense_transfers"])
    db.conn.close()
