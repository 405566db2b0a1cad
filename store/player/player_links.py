"""Player links: a secret token in a URL lets a player see their own ledger.

Only the SHA-256 of a token is stored (``token_hash``), with the token's first
:data:`PREFIX` characters in ``prefix`` so the host can tell the player's links apart (the
other 37 characters, over 220 bits, stay secret): a copy of the database does not leak links.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import utc_now, write_tx
from store.player.players import get_player

PREFIX = 6
"""How many leading characters of a token are kept to name the link to the host."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(db: Database, player_id: int) -> str:
    """A new link token for the player (``secrets.token_urlsafe(32)``, 43 characters).

    :raises StoreError: no such player.
    """
    get_player(db, player_id)
    token = secrets.token_urlsafe(32)
    with write_tx(db):
        db.execute("INSERT INTO tokens (token_hash, prefix, player_id, issued_at) VALUES (?, ?, ?, ?)",
                   [_digest(token), token[:PREFIX], player_id, utc_now()])
    return token


def revoke_token(db: Database, token: str) -> bool:
    """Revoke a link: it stops working at once.

    :param token: the token itself (not a URL: see ``web.night.views.token_from_link``).
    :returns: True when it was live and is revoked now, False when it was revoked already.
    :raises StoreError: no link was ever issued with that token.
    """
    if not isinstance(token, str) or not token:
        raise StoreError("no_player_link")
    with write_tx(db):
        row = db.execute("SELECT rowid, revoked_at FROM tokens WHERE token_hash = ?",
                         [_digest(token)]).fetchone()
        if row is None:
            raise StoreError("no_player_link")
        if row[1] is not None:
            return False
        db.execute("UPDATE tokens SET revoked_at = ? WHERE rowid = ?", [utc_now(), row[0]])
    return True


def player_links(db: Database, player_id: int, *, live_only: bool = True) -> list[dict]:
    """The player's links, oldest first: ``[{"id": int, "prefix": str|None, "issued_at":
    ISO UTC str, "revoked_at": ISO UTC str|None}]`` (``id`` names the link for
    :func:`revoke_link`)."""
    where = " AND revoked_at IS NULL" if live_only else ""
    rows = db.execute(f"SELECT rowid, prefix, issued_at, revoked_at FROM tokens WHERE player_id = ?{where} "
                      "ORDER BY issued_at, rowid", [player_id]).fetchall()
    return [{"id": r[0], "prefix": r[1], "issued_at": r[2], "revoked_at": r[3]} for r in rows]


def revoke_link(db: Database, player_id: int, link_id: int) -> None:
    """Revoke one of the player's links by its id (:func:`player_links`).

    :raises StoreError: the player has no live link with that id.
    """
    with write_tx(db):
        done = db.execute("UPDATE tokens SET revoked_at = ? WHERE rowid = ? AND player_id = ? "
                          "AND revoked_at IS NULL", [utc_now(), link_id, player_id]).rowcount
    if not done:
        raise StoreError("not_player_link")


def revoke_player_links(db: Database, player_id: int) -> int:
    """Revoke every live link of the player; returns how many were revoked (int)."""
    with write_tx(db):
        return db.execute("UPDATE tokens SET revoked_at = ? WHERE player_id = ? AND revoked_at IS NULL",
                          [utc_now(), player_id]).rowcount


def player_for_token(db: Database, token: str) -> int | None:
    """The player id a live token belongs to, or None (unknown or revoked)."""
    if not isinstance(token, str) or not token:
        return None
    row = db.execute("SELECT player_id FROM tokens WHERE token_hash = ? AND revoked_at IS NULL",
                     [_digest(token)]).fetchone()
    return row[0] if row else None


def token_digest(token: str) -> str:
    """The SHA-256 (hex) a link token is stored by (``tokens.token_hash``): what another
    room keeps to name a link it issued (``store.night.table_code``'s claims)."""
    return _digest(token)


def revoke_token_hash(db: Database, token_hash: str) -> bool:
    """Revoke the link stored as ``token_hash`` (:func:`token_digest`): it stops working at
    once. Joins the caller's write transaction when there is one.

    :returns: True when it was live and is revoked now, False when it was revoked already
        or no link has that hash.
    """
    with write_tx(db):
        return bool(db.execute("UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                               [utc_now(), token_hash]).rowcount)
