"""Which night a session file is: its stable id, and for a file from before the id, a
fingerprint of its hands and ledger; so an upload of a night the club already has is told
apart from a new one (issue 24: "Files come back whole, and once").

Every night has a stable id, a UUID (``nights.uid``: made with the night,
``store.night.nights.create_night``; the nights made before were given one by migration
m015). The download writes it in the session's ``"tapete"`` block (``"uid"``); an import
keeps it, so the night downloaded from a club and uploaded into another is the same night
in both. A file whose id names a night of the club is that night (:func:`present_night`).

A file without an id (downloaded before the id, written by hand, a PHH hand history from
elsewhere) is matched by its fingerprint (:func:`fingerprint`): the players (seat, name,
starting stack), each hand's rebuys and its live actions, in order; the buy-ins are the
ledger a session file holds. A stored night's fingerprint is that of its session
(``store.hand.events.night_session``, what its download writes), so a night downloaded
before the id and uploaded again, or a file imported before and uploaded again, is found.
The counts (``cash_out``), buttons and stated stacks are left out: a night still in play is
counted later, and a file may leave the buttons to the direction of play (CONTRACT.md 1).

A deliberate copy (the upload's checkbox, ``flask import --copy``) is stored as a new
night with an id of its own and ``copy_of`` naming the night it copies: the file's id, else
the id of the night of the club its fingerprint matches, else '' (not known).
"""

from __future__ import annotations

import hashlib
import json
import uuid

from sqlite_utils import Database

from store.core.checks import StoreError
from store.files.night_block import NIGHT_KEY
from store.hand.events import night_session
from store.hand.rows import LIVE_HAND
from store.night.importing import shown
from store.night.nights import night_by_uid, table_players
from store.player.players import name_key

UID = "uid"
"""The block's key of the night's stable id."""

COPY_OF = "copy_of"
"""The block's key of a copy's original (the id of the night it copies; '' not known)."""


def _uid(value: object) -> str | None:
    """``value`` as a UUID in its canonical form (lower case, dashes), or None when it is
    not one."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        return str(uuid.UUID(value))
    except ValueError:
        return None


def _refuse(field: str) -> StoreError:
    return StoreError("session_invalid", what="night", field=field, reason="uid")


def file_uid(session: dict) -> str | None:
    """The night's stable id the session's block names (canonical UUID text), or None (no
    block, or no ``uid`` in it).

    :raises StoreError: ``session_invalid``, what ``night``, field ``uid``, reason ``uid``:
        a ``uid`` that is not a UUID.
    """
    block = session.get(NIGHT_KEY)
    if not isinstance(block, dict) or block.get(UID) is None:
        return None
    uid = _uid(block[UID])
    if uid is None:
        raise _refuse(UID)
    return uid


def file_copy_of(session: dict) -> str | None:
    """The id of the night a copy's file copies (its block's ``copy_of``: canonical UUID
    text, or '' when not known), or None for a file of a night that is no copy.

    :raises StoreError: ``session_invalid``, what ``night``, field ``copy_of``, reason
        ``uid``: neither a UUID nor ''.
    """
    block = session.get(NIGHT_KEY)
    if not isinstance(block, dict) or block.get(COPY_OF) is None:
        return None
    if block[COPY_OF] == "":
        return ""
    uid = _uid(block[COPY_OF])
    if uid is None:
        raise _refuse(COPY_OF)
    return uid


def fingerprint(session: dict) -> str:
    """The fingerprint of a session's hands and ledger (see the module), hex SHA-256: the
    players as ``(seat, name compared as names are, starting stack)`` by seat (a player
    without a name is ``seat N``, as the import names them), then per hand its rebuys by
    seat and its actions with their spaces collapsed. The session is one the import has
    checked (``store.files.importer.validate_session``), or a stored night's."""
    players = sorted((int(p["seat"]), name_key(str(p.get("name") or f"seat {p.get('seat')}")),
                      int(p.get("stack", 0) or 0)) for p in session.get("players") or [])
    hands = [[sorted((str(seat), int(chips)) for seat, chips in (hand.get("rebuys") or {}).items()),
              [" ".join(str(a).split()) for a in hand.get("actions") or []]]
             for hand in session.get("hands") or []]
    return hashlib.sha256(json.dumps([players, hands], ensure_ascii=False,
                                     separators=(",", ":")).encode("utf-8")).hexdigest()


def night_fingerprint(db: Database, night_id: int) -> str:
    """The fingerprint of a stored night (:func:`fingerprint` of its session, what its
    download writes). Read-only."""
    return fingerprint(night_session(db, night_id))


def same_hands(db: Database, session: dict) -> int | None:
    """The oldest night of the club whose fingerprint is the session's (:func:`fingerprint`),
    or None. Only the nights with as many live hands and the same names are read whole.
    Read-only."""
    wanted = None  # (the file's fingerprint, worked out only when a night could be it)
    names = sorted(name_key(str(p.get("name") or f"seat {p.get('seat')}")) for p in session.get("players") or [])
    rows = db.execute(
        f"SELECT n.id FROM nights n WHERE {shown('n')} AND "
        f"(SELECT COUNT(*) FROM hands WHERE hands.night_id = n.id AND {LIVE_HAND}) = ? ORDER BY n.id",
        [len(session.get("hands") or [])]).fetchall()
    for (night_id,) in rows:
        seated = sorted(name_key(p["name"]) for p in table_players(db, night_id))
        if seated != names:
            continue
        wanted = wanted or fingerprint(session)
        if night_fingerprint(db, night_id) == wanted:
            return night_id
    return None


def present_night(db: Database, session: dict) -> tuple[int, str] | None:
    """The night of the club the session file is, and how it was found: ``(night_id,
    "uid")`` when the file's id names it (:func:`file_uid`), ``(night_id, "hands")`` for a
    file without an id whose fingerprint matches (:func:`same_hands`); None when the club
    does not have it. Read-only.

    :raises StoreError: a ``uid`` that is not a UUID (:func:`file_uid`).
    """
    uid = file_uid(session)
    if uid is not None:
        found = night_by_uid(db, uid)
        return None if found is None else (found, "uid")
    found = same_hands(db, session)
    return None if found is None else (found, "hands")


def refuse_present(found: tuple[int, str]) -> StoreError:
    """The refusal of a file whose night the club already has (``found``: :func:`present_night`'s):
    code ``night_present``, params ``night`` (its id: the pages link it) and ``how``
    (``uid``: the file names it; ``hands``: the same hands and buy-ins)."""
    night_id, how = found
    if how == "uid":
        return StoreError("night_present", night=night_id, how="uid")
    return StoreError("night_present", night=night_id, how="hands")


def copy_origin(db: Database, session: dict) -> str:
    """What a deliberate copy of the session records as its original (``copy_of``): the
    file's own ``copy_of`` when it is a copy's file, else the night's id (the file's, else
    that of the club's night with the same fingerprint), else '' (not known). Read-only."""
    kept = file_copy_of(session)
    if kept is not None:
        return kept
    uid = file_uid(session)
    if uid is not None:
        return uid
    found = same_hands(db, session)
    if found is None:
        return ""
    row = db.execute("SELECT uid FROM nights WHERE id = ?", [found]).fetchone()
    return (row[0] or "") if row else ""


def new_uid() -> str:
    """A new stable id for a night (a random UUID, version 4)."""
    return str(uuid.uuid4())
