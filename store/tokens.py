"""Player links: a secret token in a URL lets a player see their own ledger.

Only the SHA-256 of a token is stored, so a copy of the database does not leak links.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from .db import utc_now, write_tx
from .players import get_player


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(db: Database, player_id: int) -> str:
    """A new link token for the player (``secrets.token_urlsafe(32)``, 43 characters).

    :raises StoreError: no such player.
    """
    get_player(db, player_id)
    token = secrets.token_urlsafe(32)
    with write_tx(db):
        db.execute("INSERT INTO tokens (token_hash, player_id, issued_at) VALUES (?, ?, ?)",
                   [_digest(token), player_id, utc_now()])
    return token


def revoke_token(db: Database, token: str) -> None:
    """Revoke a link: it stops working at once. Unknown tokens are ignored."""
    with write_tx(db):
        db.execute("UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                   [utc_now(), _digest(token)])


def player_for_token(db: Database, token: str) -> int | None:
    """The player id a live token belongs to, or None (unknown or revoked)."""
    if not isinstance(token, str) or not token:
        return None
    row = db.execute("SELECT player_id FROM tokens WHERE token_hash = ? AND revoked_at IS NULL",
                     [_digest(token)]).fetchone()
    return row[0] if row else None
