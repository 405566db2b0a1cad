"""The app as the tests make it, and a database's every row (to prove a refusal changed nothing)."""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from pathlib import Path

from app import create_app
from store import open_db
from store.core import secret_file

_TEMPLATE: dict[str, Path] = {}


def _template_folder() -> Path:
    """A folder of this process holding a database with every migration applied and its
    ``secrets.json`` (made by :func:`store.open_db` once, removed at exit): migrating a fresh
    file costs tens of milliseconds, and most tests start from exactly that database."""
    if "folder" not in _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="tapete-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        open_db(folder / "tapete.db").conn.close()  # the last close folds the WAL into the file
        _TEMPLATE["folder"] = folder
    return _TEMPLATE["folder"]


def fresh_database(path) -> None:
    """Make ``path`` the freshly migrated database :func:`store.open_db` would make, with its
    ``secrets.json`` beside it (modes kept: 600), by copying this process's template. Where
    a database or a ``secrets.json`` is there already, :func:`store.open_db` opens it as
    it would (migrating in place, keeping the key)."""
    path = Path(path)
    secrets = path.parent / secret_file.FILENAME
    if path.exists() or secrets.exists():  # a database or a key there already: the real open
        open_db(path).conn.close()
        return
    template = _template_folder()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(template / secret_file.FILENAME, secrets)
    shutil.copy2(template / "tapete.db", path)


def make_app(path, *, csrf: bool = False):
    """The app as the tests configure it, on a fresh SQLite file at ``path`` (schema
    migrated first, :func:`fresh_database`); ``csrf`` turns Flask-WTF's token checks on."""
    fresh_database(path)
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": csrf})


def snapshot(path) -> dict[str, list[tuple]]:
    """Every row of every table of the database at ``path`` (a fresh connection: what is
    committed): table -> rows in rowid order. Two snapshots compare equal only when no row
    was added, changed or removed."""
    conn = sqlite3.connect(str(path))
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
    finally:
        conn.close()
