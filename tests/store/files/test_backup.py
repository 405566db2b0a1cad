"""Backups (issue 13: "a plain copy of the live database lost 40 acknowledged taps and
nothing noticed; secrets.json is not mentioned anywhere").

``flask --app app backup FILE`` writes one tar (the database copied with SQLite's online
backup API, ``secrets.json``, a manifest); ``flask --app app restore FILE`` checks it
(``PRAGMA integrity_check``, every night's chain with the key it carries) before it
replaces anything. A backup taken while a tablet posts taps over HTTP holds every tap
acknowledged before it started, each once, and verifies.
"""

from __future__ import annotations

import http.client
import io
import json
import os
import re
import sqlite3
import stat
import tarfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from apps import snapshot
from every_page import dealer_token
from liveserver import SECRET_KEY, start_server
from refusal_english import english

import store
import store.account.accounts
import store.core.chain
import store.core.chain_rows
import store.core.service_lock
import store.files.backup
from app import create_app
from store import open_db
from store.files.backup import BackupError

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


def played_night(db, *, hands: int = 2, names=("Ana", "Bruno", "Chus")) -> int:
    """A night of three players with ``hands`` hands played, a dispute and a ruling-free
    close: something of every chained table."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Backup night")
    ids = {}
    for seat, name in enumerate(names, 1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 500, entered_by="test")
    for number in range(hands):
        hand = store.start_hand(db, night, button=1 if number == 0 else None, entered_by="test")
        for i, action in enumerate(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p2 open 10", "p3 fold",
                                    "p1 fold", "d award p2 25"]):
            store.append_action(db, hand, action, entered_by="test", key=f"n{night}-h{number}-{i}")
        store.end_hand(db, hand, entered_by="test")
    if hands:
        store.open_dispute(db, hand, ids[names[0]], "Bruno showed nothing.")
    return night


def app_on(path: Path):
    """An app on the database at ``path`` (its secrets.json beside it)."""
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})


def test_backup_then_restore_gives_the_same_rows_and_every_chain_verifies(app, db, runner, tmp_path):
    night = played_night(db)
    other = played_night(db, hands=1, names=("Dora", "Eva", "Fede"))
    archive = tmp_path / "nightly.tar"
    made = runner.invoke(args=["backup", str(archive)])
    assert made.exit_code == 0, made.output
    assert "2 nights" in made.output
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    with tarfile.open(archive) as tar:
        assert sorted(tar.getnames()) == ["manifest.json", "secrets.json", "tapete.db"]
        manifest = json.load(tar.extractfile("manifest.json"))
        secrets = json.load(tar.extractfile("secrets.json"))
    assert manifest["nights"] == 2
    assert manifest["heads"][str(night)] == store.core.chain.head(db, night)
    assert secrets["CHAIN_KEY"] == json.loads((tmp_path / "secrets.json").read_text())["CHAIN_KEY"]

    elsewhere = tmp_path / "restored" / "tapete.db"
    restored_app = app_on(elsewhere)
    done = restored_app.test_cli_runner().invoke(args=["restore", str(archive)])
    assert done.exit_code == 0, done.output
    assert "restored 2 nights" in done.output
    assert snapshot(elsewhere) == snapshot(app.config["DATABASE"])
    assert stat.S_IMODE((elsewhere.parent / "secrets.json").stat().st_mode) == 0o600
    for night_id in (night, other):
        verified = restored_app.test_cli_runner().invoke(args=["verify", str(night_id)])
        assert verified.exit_code == 0 and "the record is intact" in verified.output, verified.output


def test_restore_refuses_to_replace_a_database_unless_forced_and_keeps_the_old_one(app, db, runner, tmp_path):
    played_night(db)
    archive = tmp_path / "b.tar"
    assert runner.invoke(args=["backup", str(archive)]).exit_code == 0
    store.create_night(db, rules=RULES, chip_cents=10, title="made after the backup")
    db.conn.close()
    after = snapshot(app.config["DATABASE"])

    refused = runner.invoke(args=["restore", str(archive)])
    assert refused.exit_code == 1 and "--force" in refused.output
    assert snapshot(app.config["DATABASE"]) == after

    forced = runner.invoke(args=["restore", str(archive), "--force"])
    assert forced.exit_code == 0, forced.output
    kept = sorted(tmp_path.glob("tapete.db.before-restore-*"))
    assert len(kept) == 1 and snapshot(kept[0]) == after
    assert sorted(tmp_path.glob("secrets.json.before-restore-*"))
    titles = [r[0] for r in sqlite3.connect(app.config["DATABASE"]).execute("SELECT title FROM nights")]
    assert "made after the backup" not in titles and "Backup night" in titles


def test_restore_is_refused_while_the_service_has_the_database_open(app, db, tmp_path):
    """The running service holds the database (its WAL): restoring under it would leave
    its connections on a file that is gone. Stop the service first."""
    played_night(db)
    archive = tmp_path / "b.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(BackupError) as refused:
        store.files.backup.restore(archive, app.config["DATABASE"], force=True)  # `db` is still open
    assert "stop the service first" in english(refused.value)
    assert snapshot(app.config["DATABASE"]) == before
    assert not list(tmp_path.glob("*.before-restore-*"))


EXPECTED = {"truncated": "damaged or truncated|truncated", "flipped_page": "damaged",
            "not_a_tar": "cannot be read as a backup", "extra_member": "not a Tapete backup",
            "edited_event": "night 1 does not verify", "other_key": "does not open with the key it carries",
            "manifest_head": "chain head is not the manifest's"}
"""What each damage is refused for (the message names it)."""


def _database_edit(tmp_path: Path, work):
    """A ``change`` for :func:`_rewrite` that runs ``work(conn)`` on the backup's
    ``tapete.db`` (a copy in ``tmp_path``, committed) and leaves the other members as they are."""
    def change(name, data):
        if name != "tapete.db":
            return data
        copy = tmp_path / "edit.db"
        copy.write_bytes(data)
        conn = sqlite3.connect(copy)
        try:
            work(conn)
            conn.commit()
        finally:
            conn.close()
        return copy.read_bytes()
    return change


def _rewrite(archive: Path, out: Path, change) -> None:
    """Copy the backup ``archive`` to ``out`` with ``change(name, bytes) -> bytes``."""
    with tarfile.open(archive) as tar, tarfile.open(out, "w") as new:
        for member in tar.getmembers():
            data = change(member.name, tar.extractfile(member).read())
            member.size = len(data)
            new.addfile(member, io.BytesIO(data))


@pytest.mark.parametrize("damage", ["truncated", "flipped_page", "not_a_tar", "extra_member",
                                    "edited_event", "other_key", "manifest_head"])
def test_a_damaged_or_doctored_backup_is_refused_and_nothing_is_replaced(app, db, tmp_path, damage):
    night = played_night(db)
    archive = tmp_path / "good.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    bad = tmp_path / "bad.tar"
    raw = archive.read_bytes()
    if damage == "truncated":
        bad.write_bytes(raw[: len(raw) * 2 // 3])
    elif damage == "not_a_tar":
        bad.write_bytes(b"SQLite format 3\x00" + raw[16:4096])
    elif damage == "flipped_page":
        def flip(name, data):
            if name != "tapete.db":
                return data
            # the first half of the middle page, its b-tree header included: the back half of a
            # page may be unused space (an empty index), which no integrity check reads
            middle = len(data) // 2 // 4096 * 4096
            return data[:middle] + bytes(b ^ 0xFF for b in data[middle:middle + 2048]) + data[middle + 2048:]
        _rewrite(archive, bad, flip)
    elif damage == "extra_member":
        with tarfile.open(archive) as tar, tarfile.open(bad, "w") as new:
            for member in tar.getmembers():
                new.addfile(member, tar.extractfile(member))
            info = tarfile.TarInfo("../../evil.txt")
            info.size = 3
            new.addfile(info, io.BytesIO(b"bad"))
    elif damage == "edited_event":
        def edit(conn):
            trigger = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'events_no_update'").fetchone()[0]
            conn.execute("DROP TRIGGER events_no_update")
            conn.execute("UPDATE events SET action = 'p3 open 10' WHERE action = 'p2 open 10'")
            conn.execute(trigger)  # put back as it was: the schema checks, the chain does not
        _rewrite(archive, bad, _database_edit(tmp_path, edit))
    elif damage == "other_key":
        def rekey(name, data):
            if name != "secrets.json":
                return data
            kept = json.loads(data)
            kept["CHAIN_KEY"] = "QUJD" * 11  # base64 of 33 bytes: a key, but not this one
            return json.dumps(kept).encode()
        _rewrite(archive, bad, rekey)
    elif damage == "manifest_head":
        def lie(name, data):
            if name != "manifest.json":
                return data
            made = json.loads(data)
            made["heads"][str(night)]["head"] = "0" * 64
            return json.dumps(made).encode()
        _rewrite(archive, bad, lie)
    target = tmp_path / "restored" / "tapete.db"
    with pytest.raises(BackupError) as refused:
        store.files.backup.check_backup(bad)
    assert re.search(EXPECTED[damage], english(refused.value))
    runner = app_on(target).test_cli_runner()
    refused = runner.invoke(args=["restore", str(bad)])
    assert refused.exit_code == 1, refused.output
    assert not target.exists()
    assert not (tmp_path / "evil.txt").exists() and not (tmp_path.parent / "evil.txt").exists()
    assert store.files.backup.check_backup(archive)["nights"] == 1  # the good one still checks


def test_backup_refuses_without_the_secrets_file(app, db, runner, tmp_path):
    played_night(db)
    (tmp_path / "secrets.json").rename(tmp_path / "elsewhere.json")
    done = runner.invoke(args=["backup", str(tmp_path / "b.tar")])
    assert done.exit_code == 1 and "secrets.json" in done.output
    assert not (tmp_path / "b.tar").exists()


# --- where a backup is written (tester B, item 3) ---------------------------------------------

@pytest.mark.parametrize("kind", ["symlink", "fifo", "folder"])
def test_backup_refuses_a_target_that_is_not_a_regular_file_and_leaves_it_alone(app, db, runner, tmp_path, kind):
    """``backup /dev/stdout`` replaced the symlink by a regular file holding the secrets:
    a link, a device (a FIFO here) or a folder is refused, even with --force, and left as
    it was."""
    played_night(db)
    aimed = tmp_path / "aimed.txt"
    aimed.write_text("not a backup")
    target = tmp_path / "target"
    if kind == "symlink":
        target.symlink_to(aimed)
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    for extra in ([], ["--force"]):
        done = runner.invoke(args=["backup", str(target), *extra])
        assert done.exit_code == 1 and "not a regular file" in done.output, done.output
    assert {"symlink": target.is_symlink, "fifo": lambda: stat.S_ISFIFO(os.lstat(target).st_mode),
            "folder": target.is_dir}[kind]()
    assert aimed.read_text() == "not a backup"
    assert not list(tmp_path.glob(".tapete-backup-*"))


def test_backup_replaces_an_older_backup_only_with_force(app, db, runner, tmp_path):
    played_night(db)
    archive = tmp_path / "nightly.tar"
    assert runner.invoke(args=["backup", str(archive)]).exit_code == 0
    first = archive.read_bytes()
    refused = runner.invoke(args=["backup", str(archive)])
    assert refused.exit_code == 1 and "--force" in refused.output
    assert archive.read_bytes() == first
    played_night(db, hands=1, names=("Dora", "Eva", "Fede"))
    forced = runner.invoke(args=["backup", str(archive), "--force"])
    assert forced.exit_code == 0 and "2 nights" in forced.output, forced.output
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    assert store.files.backup.check_backup(archive)["nights"] == 2


def test_a_backup_that_fails_midway_leaves_the_older_file_and_no_partial_one(app, db, tmp_path, monkeypatch):
    played_night(db)
    archive = tmp_path / "nightly.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    first = archive.read_bytes()
    real_addfile = tarfile.TarFile.addfile

    def crash_on_the_database(tar, info, fileobj=None, **kw):
        if info.name == "tapete.db":
            tar.fileobj.write(b"\0" * 4096)  # half written
            raise OSError(28, "No space left on device")
        return real_addfile(tar, info, fileobj, **kw)

    monkeypatch.setattr(tarfile.TarFile, "addfile", crash_on_the_database)
    with pytest.raises(OSError, match="No space"):
        store.files.backup.backup(app.config["DATABASE"], archive, force=True)
    with pytest.raises(OSError, match="No space"):
        store.files.backup.backup(app.config["DATABASE"], tmp_path / "new.tar")
    assert archive.read_bytes() == first and not (tmp_path / "new.tar").exists()
    assert not list(tmp_path.glob(".tapete-backup-*"))


# --- what a backup's check cannot prove, and the schema it checks (item 4) -------------------

def _doctored(app, db, tmp_path, sql: list[str]) -> Path:
    """A backup of a played night whose database had ``sql`` run on it, rebuilt with the
    original manifest and secrets (what someone holding the file can do)."""
    played_night(db)
    archive = tmp_path / "good.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    bad = tmp_path / "doctored.tar"

    def change(conn):
        for statement in sql:
            conn.execute(statement)

    _rewrite(archive, bad, _database_edit(tmp_path, change))
    return bad


def _triggers(path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
    finally:
        conn.close()


def test_a_backup_whose_triggers_were_dropped_is_refused(app, db, tmp_path):
    """Dropping the append-only triggers leaves every chain intact, yet the restored tables
    could then be rewritten: the schema is checked against what the migrations make."""
    triggers = _triggers(app.config["DATABASE"])
    assert len(triggers) >= 17
    bad = _doctored(app, db, tmp_path, [f"DROP TRIGGER {name}" for name in triggers])
    target = tmp_path / "restored" / "tapete.db"
    with pytest.raises(BackupError) as refused:
        store.files.backup.restore(bad, target)
    assert re.search("schema is not the one the migrations make: trigger .* missing", english(refused.value))
    assert not target.exists() and not target.parent.exists()


@pytest.mark.parametrize("sql, named", [
    (["CREATE TABLE notes (x)"], "table notes added"),
    (["CREATE INDEX idx_extra ON accounts (password_hash)"], "index idx_extra added"),
    (["DROP TRIGGER events_no_update",
      "CREATE TRIGGER events_no_update BEFORE UPDATE ON events WHEN 0 BEGIN SELECT 1; END"],
     "trigger events_no_update changed"),
    (["INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('tapete', 'm999_future', '')"],
     "migrations are not this version's .*m999_future"),
])
def test_a_backup_with_a_schema_of_its_own_is_refused(app, db, tmp_path, sql, named):
    bad = _doctored(app, db, tmp_path, sql)
    with pytest.raises(BackupError) as refused:
        store.files.backup.check_backup(bad)
    assert re.search(named, english(refused.value))


def test_restore_says_which_tables_the_chain_does_not_cover(app, db, tmp_path):
    """An account renamed in the file is restored (no chain covers accounts): the restore
    says so, naming the tables a backup cannot prove untouched."""
    store.account.accounts.set_password(db, "host", "correct horse battery")
    bad = _doctored(app, db, tmp_path, ["UPDATE accounts SET username = 'mallory'"])
    target = tmp_path / "restored" / "tapete.db"
    done = app_on(target).test_cli_runner().invoke(args=["restore", str(bad)])
    assert done.exit_code == 0, done.output
    said = done.output.split("not covered by the chain", 1)[1]
    for table in ("accounts", "sessions", "login_attempts", "device_cookies", "setup_codes", "dealer_links", "tokens"):
        assert table in said
    for table in store.core.chain_rows.CHAINED:
        assert table not in said


# --- restore beside a running service (item 5) -----------------------------------------------

@pytest.mark.slow
def test_restore_is_refused_while_a_service_runs_on_the_database_before_it_opened_it(tmp_path):
    """``python -m web.core.serving`` that has served nothing that reads the database holds no
    connection to it; its mark (``tapete.db.serving``) still refuses the restore, and goes
    when the service stops."""
    path = tmp_path / "tapete.db"
    db = open_db(path)
    played_night(db)
    db.conn.close()
    archive = tmp_path / "b.tar"
    store.files.backup.backup(path, archive)
    before = snapshot(path)
    with start_server(path) as server:
        assert not store.files.backup.in_use(path)  # no connection: the old check alone let it through
        mark = tmp_path / "tapete.db.serving"
        assert mark.read_text().strip() == str(server.process.pid)
        with pytest.raises(BackupError) as refused:
            store.files.backup.restore(archive, path, force=True)
        assert re.search(f"process {server.process.pid}.* stop it first", english(refused.value))
        assert snapshot(path) == before and not list(tmp_path.glob("*.before-restore-*"))
        server.stop()
        assert not mark.exists()
    assert store.files.backup.restore(archive, path, force=True)["nights"] == 1


@pytest.mark.slow
def test_a_mark_left_by_a_killed_service_does_not_block_a_restore(tmp_path):
    path = tmp_path / "tapete.db"
    db = open_db(path)
    played_night(db)
    db.conn.close()
    archive = tmp_path / "b.tar"
    store.files.backup.backup(path, archive)
    with start_server(path) as server:
        server.kill()  # SIGKILL: no clean-up
    mark = tmp_path / "tapete.db.serving"
    assert mark.read_text().strip() == str(server.process.pid)
    assert store.core.service_lock.serving_pid(path) is None
    assert store.files.backup.restore(archive, path, force=True)["nights"] == 1


# --- what a restore leaves behind (item 6) ---------------------------------------------------

def test_restore_into_an_empty_folder_keeps_no_key_of_its_own_making(app, db, tmp_path):
    """A real start-up (not TESTING) makes secrets.json beside the database; the restore
    must neither keep it as an old file nor report it."""
    played_night(db)
    archive = tmp_path / "b.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    folder = tmp_path / "empty"
    folder.mkdir()
    real = create_app({"DATABASE": str(folder / "tapete.db")})
    assert (folder / "secrets.json").exists()  # what the start-up made
    done = real.test_cli_runner().invoke(args=["restore", str(archive)])
    assert done.exit_code == 0, done.output
    assert "kept" not in done.output
    assert sorted(p.name for p in folder.iterdir()) == ["secrets.json", "tapete.db"]
    with tarfile.open(archive) as tar:
        assert (folder / "secrets.json").read_bytes() == tar.extractfile("secrets.json").read()


@pytest.mark.parametrize("where", ["empty", "missing/sub"])
def test_a_refused_restore_leaves_nothing_behind(tmp_path, where):
    bad = tmp_path / "bad.tar"
    bad.write_bytes(b"not a backup at all")
    folder = tmp_path / where
    if where == "empty":
        folder.mkdir()
    real = create_app({"DATABASE": str(folder / "tapete.db")})
    refused = real.test_cli_runner().invoke(args=["restore", str(bad)])
    assert refused.exit_code == 1 and "cannot be read as a backup" in refused.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == sorted(["bad.tar"] + (["empty"] if where == "empty" else []))


def test_restore_keeps_a_secrets_file_that_was_there_before(app, db, tmp_path):
    """The other side of the two tests above: a secrets.json this process did not make is
    an old file, kept."""
    played_night(db)
    archive = tmp_path / "b.tar"
    store.files.backup.backup(app.config["DATABASE"], archive)
    folder = tmp_path / "kept"
    folder.mkdir()
    (folder / "secrets.json").write_text('{"SECRET_KEY": "older"}')
    done = create_app({"DATABASE": str(folder / "tapete.db")}).test_cli_runner().invoke(args=["restore", str(archive)])
    assert done.exit_code == 0, done.output
    kept = list(folder.glob("secrets.json.before-restore-*"))
    assert len(kept) == 1 and kept[0].read_text() == '{"SECRET_KEY": "older"}'
    assert f"kept as {kept[0]}" in done.output


# --- a backup while a tablet posts -----------------------------------------------------------

def _csrf_header(conn: http.client.HTTPConnection, page: str) -> dict:
    """The page's CSRF token as the tablet sends it (``X-CSRFToken``), with its cookie;
    nothing when the page carries none (CSRF off)."""
    conn.request("GET", page)
    response = conn.getresponse()
    body = response.read().decode()
    assert response.status == 200, body[:300]
    headers = {}
    cookie = response.getheader("Set-Cookie")
    if cookie:
        headers["Cookie"] = cookie.split(";", 1)[0]
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', body)
    if found:
        headers["X-CSRFToken"] = found.group(1)
    return headers


class Tablet(threading.Thread):
    """Posts numbered taps (``p1 check`` / ``p2 check`` ..., keys ``bk-<n>``) as fast as it
    can until told to stop; ``acked``: the keys answered 200, with when."""

    def __init__(self, base: str, dealer: str, hand_id: int):
        super().__init__(daemon=True)
        self.base, self.dealer, self.hand_id = urlsplit(base), dealer, hand_id
        self.acked: dict[str, float] = {}
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.version = None

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.base.hostname, self.base.port, timeout=30)
        headers = {"Content-Type": "application/json", **_csrf_header(conn, self.dealer + "/")}
        conn.request("GET", self.dealer + "/state", headers=headers)
        self.version = json.loads(conn.getresponse().read()).get("version")
        n = 0
        while not self.stop.is_set():
            body = {"key": f"bk-{n:05d}", "op": "action", "hand_id": self.hand_id,
                    "action": f"p{n % 3 + 1} check"}
            if self.version is not None:
                body["version"] = self.version
            conn.request("POST", self.dealer + "/tap", body=json.dumps(body), headers=headers)
            response = conn.getresponse()
            answer = response.read()
            if response.status != 200:
                self.errors.append(f"{response.status} {answer[:200]!r}")
                return
            self.acked[body["key"]] = time.monotonic()
            self.version = json.loads(answer).get("version")
            n += 1
        conn.close()


@pytest.mark.slow
def test_a_backup_taken_while_a_tablet_posts_holds_every_tap_acknowledged_before_it(db, tmp_path):
    """The service (``python -m web.core.serving``, its own process) takes taps from a tablet
    as fast as it posts them; the backup is made meanwhile from this process."""
    night = played_night(db, hands=0)
    hand = store.start_hand(db, night, button=1, entered_by="test")
    path = tmp_path / "tapete.db"
    link_app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": SECRET_KEY})
    with start_server(path) as server:
        before, everything = _backup_while_posting(server.url, f"/dealer/{night}/{dealer_token(link_app, db, night)}",
                                                   hand, tmp_path)
    _the_backup_holds_what_was_acknowledged(night, tmp_path, before, everything)


def _backup_while_posting(base: str, dealer: str, hand: int, tmp_path: Path) -> tuple[set, list]:
    """Start the tablet, back up once 30 taps are acknowledged, let it post on: ``(the
    keys acknowledged before the backup started, every key acknowledged)``."""
    tablet = Tablet(base, dealer, hand)
    tablet.start()
    deadline = time.monotonic() + 30
    while len(tablet.acked) < 30 and time.monotonic() < deadline and not tablet.errors:
        time.sleep(0.02)
    started = time.monotonic()
    before = {k for k, at in tablet.acked.items() if at < started}
    archive = tmp_path / "live.tar"
    store.files.backup.backup(tmp_path / "tapete.db", archive)
    grown = len(tablet.acked)
    deadline = time.monotonic() + 30
    while len(tablet.acked) <= grown + 3 and time.monotonic() < deadline and not tablet.errors:
        time.sleep(0.02)
    tablet.stop.set()
    tablet.join(timeout=30)
    assert not tablet.errors, tablet.errors
    assert len(before) >= 30 and len(tablet.acked) > grown > 0  # the tablet kept posting around it
    return before, sorted(tablet.acked)


def _the_backup_holds_what_was_acknowledged(night: int, tmp_path: Path, before: set, everything: list) -> None:
    archive = tmp_path / "live.tar"
    target = tmp_path / "restored" / "tapete.db"
    done = store.files.backup.restore(archive, target)  # checks integrity and every chain first
    assert done["nights"] == 1
    copy = sqlite3.connect(target)
    counts = dict(copy.execute("SELECT key, COUNT(*) FROM events WHERE key LIKE 'bk-%' GROUP BY key"))
    copy.close()
    missing = sorted(before - set(counts))
    assert not missing, f"acknowledged before the backup, not in it: {missing[:5]}"
    assert all(c == 1 for c in counts.values())
    assert set(counts) <= set(everything) | {f"bk-{len(everything):05d}"}  # nothing invented
    restored = open_db(target)
    try:
        assert store.core.chain.verify(restored, night)["ok"]
        assert restored.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        restored.conn.close()
