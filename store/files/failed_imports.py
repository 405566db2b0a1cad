"""Uploads whose import failed part-way (issue 25, "uploads in pieces": a failed night
"stays invisible, marked failed, never deleted"), kept so the host is told: why (the
refusal's code and params, said by the pages' words, ``web.core.refusals``) and when.

``import_failures`` (m025) holds a row per failed night, written with the mark
(``store.files.import_pieces``); the nights list shows the newest few (:func:`failed_imports`),
a line each, with no link: the night is not one the club sees.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import utc_now

CUT_OFF = "import_cut_off"
"""The code kept for an import that ended with no refusal of its own (a stop, a crash, the
lock or the disk: anything but a ``StoreError``)."""

SHOWN = 10
"""How many failed imports the page lists (the newest)."""


def keep_failure(db: Database, night_id: int, exc: BaseException | None) -> None:
    """Keep why the night's import failed: ``exc``'s code and params when it is a refusal
    (``StoreError``), else :data:`CUT_OFF`, with the time. Inside the write transaction
    that marks the night failed; a night kept already is left as it is (append-only)."""
    code, params = (exc.code, exc.params) if isinstance(exc, StoreError) else (CUT_OFF, {})
    db.execute("INSERT OR IGNORE INTO import_failures (night_id, code, params, failed_at) VALUES (?, ?, ?, ?)",
               [night_id, code, json.dumps(params, default=str, sort_keys=True), utc_now()])


def failed_imports(db: Database, limit: int = SHOWN) -> list[dict]:
    """The newest ``limit`` failed imports, newest first: ``[{"night_id", "title" (the
    night's: the form's, the file's, else the file's name), "timezone", "failed_at" (UTC
    ISO; None for a night marked failed before m025), "code", "params" (the refusal, as
    ``StoreError`` has them)}]``. Read-only."""
    rows = db.execute(
        "SELECT n.id, n.title, n.timezone, f.failed_at, f.code, f.params FROM nights n LEFT JOIN import_failures f "
        "ON f.night_id = n.id WHERE n.import_state = 'failed' ORDER BY COALESCE(f.failed_at, n.started_at) DESC, "
        "n.id DESC LIMIT ?", [limit]).fetchall()
    return [{"night_id": r[0], "title": r[1], "timezone": r[2], "failed_at": r[3], "code": r[4] or CUT_OFF,
             "params": json.loads(r[5] or "{}")} for r in rows]
