"""Players of the club: stable ids, names unique ignoring case.

Two people called Alex are told apart by the name the club gives them ("Alex M.",
"Alex R."); the id, not the name, is what the ledger and the settlement key on.
"""

from __future__ import annotations

import unicodedata

from sqlite_utils import Database

from store.core.checks import StoreError, bad_characters, looks_blank
from store.core.transactions import utc_now, write_tx
from store.night.importing import shown

MAX_NAME = 60
"""Longest player name accepted (characters)."""


def name_key(name: str) -> str:
    """The comparison form of a name: NFKC, spaces collapsed, case-folded.

    >>> name_key("  ÁLEX   m. ") == name_key("álex m.")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def _clean(name: object) -> str:
    """The stored form of a name: Unicode NFC, stripped, inner spaces collapsed.

    :raises StoreError: not text, empty, too long, holding characters
        :func:`store.core.checks.bad_characters` names (control, format, blank-looking: NUL,
        zero-width spaces, direction marks, U+3164), or showing nothing
        (:func:`store.core.checks.looks_blank`).
    """
    if not isinstance(name, str) or not name.strip():
        raise StoreError("name_empty")
    bad = bad_characters(name, multiline=True)  # (tabs and line breaks become spaces below)
    if bad:
        raise StoreError("name_invisible", chars=", ".join(bad))
    clean = " ".join(unicodedata.normalize("NFC", name).split())
    if not clean or looks_blank(clean):
        raise StoreError("name_empty")
    if len(clean) > MAX_NAME:
        raise StoreError("name_too_long", length=len(clean), limit=MAX_NAME)
    return clean


def add_player(db: Database, name: str) -> int:
    """Add a player to the club.

    :param name: the display name, stored normalised (NFC, stripped, inner spaces
        collapsed); unique ignoring case and compatibility forms, so "alex" and "Alex"
        are the same name.
    :returns: the new player's id (int).
    :raises StoreError: empty, too long, control/format characters (codes ``name_empty``,
        ``name_too_long``, ``name_invisible``), or the name is taken (``duplicate_name``,
        param ``name``: the existing player's spelling, so the page suggests telling the two
        apart, e.g. "Alex M.").
    """
    clean = _clean(name)
    with write_tx(db):
        found = find_player(db, clean)
        if found is not None:
            existing_name = get_player(db, found)["name"]
            raise StoreError("duplicate_name", name=existing_name)
        cursor = db.execute("INSERT INTO players (name, name_key, created_at) VALUES (?, ?, ?)",
                            [clean, name_key(clean), utc_now()])
    return cursor.lastrowid


def find_player(db: Database, name: str) -> int | None:
    """The id of the player with this name (ignoring case and spacing), or None."""
    if not isinstance(name, str):
        return None
    row = db.execute("SELECT id FROM players WHERE name_key = ?", [name_key(name)]).fetchone()
    return row[0] if row else None


def get_player(db: Database, player_id: int) -> dict:
    """``{"id", "name", "created_at"}`` of a player.

    :raises StoreError: no such player.
    """
    row = db.execute("SELECT id, name, created_at FROM players WHERE id = ?", [player_id]).fetchone()
    if row is None:
        raise StoreError("no_player", player=player_id)
    return {"id": row[0], "name": row[1], "created_at": row[2]}


def player_by_name(db: Database, name: str) -> int:
    """The id of the player called ``name``, added to the club if new (used by import)."""
    found = find_player(db, name)
    return found if found is not None else add_player(db, name)


def list_players(db: Database) -> list[dict]:
    """Every player of the club, by name: ``[{"id", "name"}]``; not one who sat only in
    nights the club does not see (an uploaded file's, while it is imported or once its
    import failed: ``store.night.importing``)."""
    return [{"id": r[0], "name": r[1]} for r in db.execute(
        "SELECT p.id, p.name FROM players p WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE s.player_id = p.id) "
        f"OR EXISTS (SELECT 1 FROM seats s JOIN nights n ON n.id = s.night_id WHERE s.player_id = p.id "
        f"AND {shown('n')}) ORDER BY p.name_key")]
