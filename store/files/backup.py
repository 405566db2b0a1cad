"""Backups of a live database, and restoring one.

A backup is one **tar** file (``tapete-backup.tar``; plain, uncompressed, mode 600) holding:

- ``tapete.db``: a consistent copy of the database made with SQLite's online backup API
  (``sqlite3.Connection.backup``): one snapshot of every committed transaction, taken while
  the service keeps writing (WAL: the copy reads, the tablets keep writing); a tap
  acknowledged before the backup started is in it;
- ``secrets.json``: the secrets kept beside the database (``store.core.secret_file``: the chain
  key without which no night can be verified, the session key, ...);
- ``manifest.json``: ``{"format": 1, "made_at": ISO-8601 UTC, "nights": int,
  "heads": {night id (str): {"head": hex or None, "links": int}}, "club": {"head": hex or
  None, "links": int} (the club's chain: the payment handles; absent from a backup made
  before it), "chain_key": "file" | "environment", "sqlite": version}``: what the copy
  holds, said for a person and checked again on restore.

:func:`check_backup` reads a backup without trusting it (only those three regular files,
sizes bounded), runs ``PRAGMA integrity_check`` on the copy and verifies every night's
chain (every row that decides the money: the log, the ledger, the disputes and rulings,
the marks on the transfers, the shared expenses) and the club's chain (the payment
handles) with the key it carries (``store.core.chain.verify``, ``verify_club``) and
against the manifest's heads. A copy made before its rows of paying up were sealed
(migration m014) has them linked when it is opened, at the end of each chain: its
manifest's heads must then still be links of the chains.
:func:`restore` puts a checked copy in place of the database: refused when a database is
already there unless ``force`` (the old files are then kept beside it, renamed
``*.before-restore-<time>``), and refused while a service runs on the database (its mark
``<database>.serving``: ``store.core.service_lock``) or another process has it open (the running
service holds its WAL): stop the service first.

What a backup cannot prove: the check covers the schema (every table, index and trigger
as the migrations make them) and every row of the chained tables; the rows of the other
tables (:func:`unchained_tables`: accounts and their password hashes, sessions, login
attempts, device cookies, setup codes, dealer links, player tokens) are restored as the file holds them.
Whoever can write a backup file can change who may log in: keep backups as safe as
``secrets.json`` (they hold it).
"""

from __future__ import annotations

import functools
import io
import json
import os
import sqlite3
import stat
import tarfile
import tempfile
import time
from pathlib import Path

from store.core import chain, secret_file, service_lock
from store.core.chain_rows import CHAINED, CLUB
from store.core.checks import StoreError
from store.core.schema import migrations
from store.core.transactions import utc_now

FORMAT = 1
"""The backup format's version (``manifest.json``'s ``format``)."""

DB_NAME, SECRETS_NAME, MANIFEST_NAME = "tapete.db", "secrets.json", "manifest.json"
MEMBERS = (MANIFEST_NAME, SECRETS_NAME, DB_NAME)
"""The files of a backup, in the order they are written."""

MAX_SMALL = 1 << 20
"""Largest ``secrets.json`` or ``manifest.json`` read from a backup (bytes)."""


class BackupError(StoreError):
    """A backup that cannot be made, read or restored (a code and its params, as every
    :class:`StoreError`; the command line says it in one line); nothing was replaced.

    Paths are params as strings (``path``, ``archive``, ``folder``); ``detail`` is the
    operating system's or SQLite's own words for an error they report (shown as given)."""


# --- making a backup ----------------------------------------------------------------------

def online_copy(db_path: str | os.PathLike, copy_path: str | os.PathLike) -> None:
    """Copy the database at ``db_path`` to ``copy_path`` (a new file) with SQLite's online
    backup API, in one step: the copy is one consistent snapshot, safe while other
    processes write (they are not blocked under WAL).

    :raises BackupError: the database is missing or cannot be read.
    """
    if not Path(db_path).is_file():
        raise BackupError("backup_no_database", path=str(db_path))
    try:
        source = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise BackupError("backup_cannot_open", path=str(db_path), detail=str(exc)) from None
    try:
        target = sqlite3.connect(str(copy_path))
        try:
            source.backup(target, pages=-1)
            target.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            target.close()
    except sqlite3.Error as exc:
        raise BackupError("backup_cannot_copy", path=str(db_path), detail=str(exc)) from None
    finally:
        source.close()


def manifest(copy_path: str | os.PathLike, *, chain_key_from: str) -> dict:
    """What the copy at ``copy_path`` holds (see the module's docstring): the nights and
    each night's recorded chain head (not verified here: :func:`check_backup` does)."""
    conn = sqlite3.connect(str(copy_path))
    try:
        nights = [r[0] for r in conn.execute("SELECT id FROM nights ORDER BY id")]
        heads = {str(n): {"head": None, "links": 0} for n in nights}
        club = {"head": None, "links": 0}
        has_heads = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'chain_heads'").fetchone()
        if has_heads:
            for night_id, head, links in conn.execute("SELECT night_id, head, links FROM chain_heads"):
                if night_id == CLUB:
                    club = {"head": head, "links": links}
                else:
                    heads[str(night_id)] = {"head": head, "links": links}
    finally:
        conn.close()
    return {"format": FORMAT, "made_at": utc_now(), "nights": len(nights), "heads": heads, "club": club,
            "chain_key": chain_key_from, "sqlite": sqlite3.sqlite_version}


def backup(db_path: str | os.PathLike, out_path: str | os.PathLike, *, force: bool = False) -> dict:
    """Write a backup of the database at ``db_path`` (and its ``secrets.json``) to
    ``out_path`` (a tar file, mode 600; written to a temporary file in the same folder and
    moved into place whole, so a failed or interrupted backup leaves no half file there).

    :param force: replace an existing backup (a regular file) at ``out_path``; without it
        an existing file is refused. Whatever is not a regular file (a symlink such as
        ``/dev/stdout``, a device, a folder) is always refused, never replaced.
    :returns: the manifest (``{"format", "made_at", "nights", "heads", "chain_key",
        "sqlite"}``).
    :raises BackupError: no database or no ``secrets.json`` beside it, ``out_path``'s
        folder cannot be written, or ``out_path`` exists (see ``force``).
    """
    secrets_file = secret_file.secrets_path(db_path)
    if not secrets_file.is_file():
        raise BackupError("backup_no_secrets", path=str(secrets_file))
    from_env = secret_file.environment_key() is not None
    out = Path(out_path)
    if not out.parent.is_dir():
        raise BackupError("backup_no_folder", path=str(out), folder=str(out.parent))
    _writable_target(out, force)
    with tempfile.TemporaryDirectory(prefix="tapete-backup-") as work:
        copy = Path(work) / DB_NAME
        online_copy(db_path, copy)
        made = manifest(copy, chain_key_from="environment" if from_env else "file")
        contents = {MANIFEST_NAME: json.dumps(made, indent=1, sort_keys=True).encode(),
                    SECRETS_NAME: secrets_file.read_bytes()}
        try:
            fd, tmp = tempfile.mkstemp(prefix=".tapete-backup-", suffix=".tmp", dir=out.parent)  # mode 600
        except OSError as exc:
            raise BackupError("backup_cannot_write", path=str(out), detail=exc.strerror) from None
        try:
            with os.fdopen(fd, "wb") as fh:
                with tarfile.open(fileobj=fh, mode="w", format=tarfile.PAX_FORMAT) as tar:
                    for name in (MANIFEST_NAME, SECRETS_NAME):
                        _add_bytes(tar, name, contents[name])
                    info = tar.gettarinfo(str(copy), arcname=DB_NAME)
                    info.uid = info.gid = 0
                    info.uname = info.gname = ""
                    info.mode = 0o600
                    with open(copy, "rb") as data:
                        tar.addfile(info, data)
                fh.flush()
                os.fsync(fh.fileno())
            _move_into_place(tmp, out, force)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return made


def _writable_target(out: Path, force: bool) -> None:
    """Refuse ``out`` when something that is not a regular file is there (not followed:
    a symlink is refused as such), or a file and not ``force``. :raises BackupError:"""
    try:
        st = os.lstat(out)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        raise BackupError("backup_not_a_file", path=str(out))
    if not force:
        raise BackupError("backup_exists", path=str(out))


def _move_into_place(tmp: str, out: Path, force: bool) -> None:
    """Put the finished temporary file ``tmp`` at ``out``: without ``force`` a hard link
    that fails when ``out`` appeared meanwhile (a file system without hard links: checked,
    then renamed); with it a rename over the regular file checked again just before."""
    if not force:
        try:
            os.link(tmp, out)
        except FileExistsError:
            raise BackupError("backup_exists", path=str(out)) from None
        except OSError:
            _writable_target(out, force)
            os.replace(tmp, out)
    else:
        _writable_target(out, force)
        os.replace(tmp, out)
    try:
        folder = os.open(out.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)  # the new name survives a crash too
    except OSError:
        pass
    finally:
        os.close(folder)


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), 0o600, int(time.time())
    tar.addfile(info, io.BytesIO(data))


# --- reading and checking a backup --------------------------------------------------------

def _extract(archive: str | os.PathLike, folder: Path) -> dict:
    """Extract the backup's three files into ``folder`` (nothing else: no links, no other
    names, bounded sizes). :returns: ``{"manifest": dict, "secrets": dict}``.
    :raises BackupError: not a backup, truncated, or a member missing or unexpected."""
    try:
        with tarfile.open(archive, mode="r:") as tar:
            members = tar.getmembers()
            names = [m.name for m in members]
            if sorted(names) != sorted(MEMBERS):
                raise BackupError("backup_not_tapete", archive=str(archive), names=names[:5])
            for member in members:
                if not member.isfile():
                    raise BackupError("backup_member_not_file", archive=str(archive), member=member.name)
                if member.name != DB_NAME and member.size > MAX_SMALL:
                    raise BackupError("backup_member_too_large", archive=str(archive), member=member.name)
                source = tar.extractfile(member)
                fd = os.open(folder / member.name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "wb") as out:
                    copied = _copy(source, out)
                if copied != member.size:
                    raise BackupError("backup_truncated", archive=str(archive), member=member.name)
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise BackupError("backup_unreadable", archive=str(archive), detail=str(exc)) from None
    try:
        made = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
        kept = json.loads((folder / SECRETS_NAME).read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BackupError("backup_not_json", archive=str(archive), detail=str(exc)) from None
    if not isinstance(made, dict) or made.get("format") != FORMAT or not isinstance(kept, dict):
        raise BackupError("backup_format", archive=str(archive), format=FORMAT)
    return {"manifest": made, "secrets": kept}


def _copy(source, out) -> int:
    total = 0
    while chunk := source.read(1 << 20):
        out.write(chunk)
        total += len(chunk)
    return total


def check_backup(archive: str | os.PathLike, *, folder: str | os.PathLike | None = None) -> dict:
    """Check a backup: its files, ``PRAGMA integrity_check`` of the copy, and every night's
    chain and the club's (the payment handles) verified with the key the backup carries
    (or ``TAPETE_CHAIN_KEY`` when the manifest says the key came from the environment) and
    against the manifest's heads (a copy made before migration m014 sealed its rows of
    paying up gets them linked as it opens: its manifest's heads must still be in the
    chains).

    :param folder: where to extract it (kept, for :func:`restore`); default a temporary
        folder removed afterwards.
    :returns: ``{"manifest": dict, "nights": int, "links": int (all nights), "unchained":
        [the tables no check proves untouched]}`` (:func:`unchained_tables`).
    :raises BackupError: anything that does not hold, naming it (nothing is changed).
    """
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="tapete-restore-") as work:
            return check_backup(archive, folder=work)
    folder = Path(folder)
    got = _extract(archive, folder)
    copy = folder / DB_NAME
    _integrity(copy, archive)
    key = _key_of(got, archive)
    sealing_money = _sealed_money_later(copy)
    from store.core.connection import open_db  # here: store.core.connection imports this package's modules
    try:
        db = open_db(copy, chain_key=key)
    except StoreError as exc:
        raise BackupError("backup_key_refused", archive=str(archive), reason_code=exc.code,
                          reason_params=dict(exc.params)) from None
    except sqlite3.Error as exc:
        raise BackupError("backup_cannot_migrate", archive=str(archive), detail=str(exc)) from None
    try:
        _same_schema(db, archive)
        nights = [r[0] for r in db.execute("SELECT id FROM nights ORDER BY id")]
        links = 0
        for night_id in nights:
            expected = got["manifest"].get("heads", {}).get(str(night_id))
            printed = expected.get("head") if sealing_money and isinstance(expected, dict) else None
            result = chain.verify(db, night_id, head=printed if isinstance(printed, str) else None)
            if not result["ok"] and result["problem"]["code"] != "printed_head_unknown":
                problem = result["problem"]
                raise BackupError("backup_night_unverified", archive=str(archive), night=night_id,
                                  link=problem["link"], table=problem["table"], row=problem["row_id"])
            if not _same_head(expected, result, sealing_money):
                raise BackupError("backup_head_mismatch", archive=str(archive), night=night_id)
            links += result["links"]
        club = chain.verify_club(db)
        if not club["ok"]:
            problem = club["problem"]
            raise BackupError("backup_club_unverified", archive=str(archive), link=problem["link"],
                              table=problem["table"], row=problem["row_id"])
        expected = got["manifest"].get("club")
        if expected is not None and not sealing_money and (not isinstance(expected, dict)
                                                           or expected.get("head") != club["head"]):
            raise BackupError("backup_club_head_mismatch", archive=str(archive))
        links += club["links"]
        unchained = unchained_tables(db)
    finally:
        db.conn.close()
    if len(nights) != got["manifest"].get("nights"):
        raise BackupError("backup_night_count", archive=str(archive), nights=len(nights),
                          manifest=got["manifest"].get("nights"))
    return {"manifest": got["manifest"], "nights": len(nights), "links": links, "unchained": unchained}


def _sealed_money_later(copy: Path) -> bool:
    """Whether the copy predates migration m014 (its rows of paying up not yet in the
    chains: opening it links them, so its heads move on). Read-only."""
    from store.core.connection import MONEY_MIGRATION  # here: store.core.connection imports this package's modules
    try:
        conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            return conn.execute("SELECT 1 FROM _sqlite_migrations WHERE name = ?", [MONEY_MIGRATION]).fetchone() is None
        finally:
            conn.close()
    except sqlite3.Error:
        return True


def _same_head(expected, result: dict, sealing_money: bool) -> bool:
    """Whether a night's verified chain (``store.core.chain.verify``'s ``result``) has the
    manifest's head (``expected``): the same, or, for a copy whose rows of paying up were
    linked as it opened (``sealing_money``), still one of its links."""
    if not isinstance(expected, dict):
        return False
    if sealing_money and result["printed"] is not None:
        return result["printed"]["link"] is not None or (expected.get("head") is None and result["links"] == 0)
    return expected.get("head") == result["head"]


def schema_rows(db) -> dict[tuple[str, str], str | None]:
    """The database's schema: ``{(type, name): sql}`` for every table, index, trigger and
    view of its ``sqlite_master``."""
    return {(kind, name): sql for kind, name, sql in db.execute("SELECT type, name, sql FROM sqlite_master")}


@functools.lru_cache(maxsize=1)
def expected_schema() -> tuple[dict[tuple[str, str], str | None], frozenset[str]]:
    """What the migrations make: ``(schema_rows, the names of the applied migrations)`` of a
    fresh database made by ``store.open_db`` in a temporary folder."""
    from store.core.connection import open_db  # here: store.core.connection imports this package's modules
    with tempfile.TemporaryDirectory(prefix="tapete-schema-") as work:
        fresh = open_db(Path(work) / DB_NAME, chain_key=bytes(secret_file.CHAIN_KEY_BYTES))
        try:
            return schema_rows(fresh), frozenset(m.name for m in migrations.applied(fresh))
        finally:
            fresh.conn.close()


def _same_schema(db, archive) -> None:
    """Refuse a copy whose schema is not what the migrations make (after its pending ones
    are applied): a dropped trigger (a table no longer append-only), an index, a table or
    a trigger added, or one defined otherwise; or migrations this version does not know.
    :raises BackupError: naming the first few differences."""
    rows, names = expected_schema()
    applied = {m.name for m in migrations.applied(db)}
    if applied != names:
        unknown, missing = sorted(applied - names), sorted(names - applied)
        raise BackupError("backup_migrations", archive=str(archive), unknown=unknown[:5], missing=missing[:5])
    have = schema_rows(db)
    if have == rows:
        return
    differences = [[kind, name, "missing"] for kind, name in sorted(rows.keys() - have.keys())]
    differences += [[kind, name, "added"] for kind, name in sorted(have.keys() - rows.keys())]
    differences += [[kind, name, "changed"] for kind, name in sorted(rows.keys() & have.keys())
                    if rows[(kind, name)] != have[(kind, name)]]
    raise BackupError("backup_schema", archive=str(archive), differences=differences[:5],
                      more=max(len(differences) - 5, 0))


def _integrity(copy: Path, archive) -> None:
    try:
        conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            rows = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError("backup_damaged", archive=str(archive), detail=str(exc)) from None
    if rows != ["ok"]:
        raise BackupError("backup_damaged", archive=str(archive), detail="; ".join(rows[:3]))


def _key_of(got: dict, archive) -> bytes:
    if got["manifest"].get("chain_key") == "environment":
        key = secret_file.environment_key()
        if key is None:
            raise BackupError("backup_env_key", archive=str(archive), variable=secret_file.CHAIN_KEY_ENV)
        return key
    text = got["secrets"].get("CHAIN_KEY")
    if not isinstance(text, str):
        raise BackupError("backup_no_chain_key", archive=str(archive))
    try:
        return secret_file.decode_key(text, f"{archive}:{SECRETS_NAME}")
    except secret_file.KeyFileError as exc:
        raise BackupError(exc.code, **exc.params) from None


# --- restoring ----------------------------------------------------------------------------

def in_use(db_path: str | os.PathLike) -> bool:
    """Whether another connection has the database at ``db_path`` open (the running
    service): leaving WAL mode needs the database to itself, so it is refused while a
    connection is open. A database nobody has open is left in rollback-journal mode (the
    service puts it back in WAL at its next start)."""
    try:
        conn = sqlite3.connect(str(db_path), timeout=0.5)
    except sqlite3.Error:
        return True
    try:
        mode = conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0]
        return str(mode).lower() != "delete"
    except sqlite3.OperationalError:
        return True
    finally:
        conn.close()


UNCHAINED_EXEMPT = ("_sqlite_migrations", "sqlite_sequence", "chain", "chain_heads", "chain_key_check",
                    "chain_pending", "chain_pending_money", "hand_results", "players")
"""Tables outside :data:`store.core.chain_rows.CHAINED` whose rows are still proven: the chain
itself, each hand's stored result (MACed: ``store.core.chain.result_mac``), the players (their
names are chained with their seats) and the migrations' record (checked against this
version's). Every other table (accounts, sessions, login attempts, device cookies, setup
codes, dealer links, player tokens ...) cannot be proven untouched by a restore."""


def unchained_tables(db) -> list[str]:
    """The tables of ``db`` that no check of a backup proves untouched (see
    :data:`UNCHAINED_EXEMPT`), sorted."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return sorted(n for n in names if n not in CHAINED and n not in UNCHAINED_EXEMPT)


def restore(archive: str | os.PathLike, db_path: str | os.PathLike, *, force: bool = False) -> dict:
    """Put the backup ``archive`` in place of the database at ``db_path`` and its
    ``secrets.json``, after :func:`check_backup`.

    Refused while a service runs on ``db_path`` (its mark ``<database>.serving`` names a
    live process: ``store.core.service_lock``, even before it has opened the database) or while
    another process has the database open. A ``secrets.json`` that this process made itself
    (the app's start-up for the command) is removed first, never kept as an old file; a
    refused restore also removes the folders it made: it leaves nothing behind.

    :param force: replace a database that is already there (its files are kept beside it,
        renamed ``<name>.before-restore-<YYYYmmddTHHMMSS>``).
    :returns: :func:`check_backup`'s answer plus ``"kept": [paths of the old files]``.
    :raises BackupError: the backup does not check; a database is there and not ``force``;
        a service runs on the database or it is open in another process (stop the service
        first).
    """
    target = Path(db_path)
    secret_file.undo_made(target)  # a key this command made on its start is no old file to keep
    secrets_file = secret_file.secrets_path(target)
    pid = service_lock.serving_pid(target)
    if pid is not None:
        raise BackupError("restore_service_running", pid=pid, path=str(target),
                          mark=str(service_lock.lock_path(target)))
    if target.exists() and not force:
        raise BackupError("restore_exists", path=str(target))
    if target.exists() and in_use(target):
        raise BackupError("restore_in_use", path=str(target))
    made = [p for p in (target.parent, *target.parent.parents) if not p.exists()]
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(prefix=".tapete-restore-", dir=target.parent) as work:
            checked = check_backup(archive, folder=work)
            stamp = time.strftime("%Y%m%dT%H%M%S")
            kept = []
            for old in (target, secrets_file):
                if old.exists():
                    aside = old.with_name(f"{old.name}.before-restore-{stamp}")
                    os.replace(old, aside)
                    kept.append(str(aside))
            for suffix in ("-wal", "-shm"):
                stale = target.with_name(target.name + suffix)
                if stale.exists():
                    stale.unlink()
            os.replace(Path(work) / SECRETS_NAME, secrets_file)
            os.chmod(secrets_file, 0o600)
            os.replace(Path(work) / DB_NAME, target)
    except BaseException:
        for folder in made:  # innermost first; only while empty
            try:
                folder.rmdir()
            except OSError:
                break
        raise
    return {**checked, "kept": kept}
