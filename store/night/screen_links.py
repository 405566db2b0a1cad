"""Screen links (issue 28): a secret URL that shows a night's hand in progress on a screen in
the room (a TV), read-only.

The host shows the link from the *Mesa* or *Juego* screen; showing it again issues a fresh
one and revokes the one before (a night has at most one live screen link), and the host can
revoke it at once. As with the dealer links (``store.night.dealer_links``) only the SHA-256
of a token is kept (``token_hash``), with its first :data:`PREFIX` characters to name it, so
a copy of the database does not leak a link. A link is dead once its night is closed
(:func:`screen_access` says so), and stays dead: a close entered after the link was issued
kills it even when a reopen voids that close later (the host shows a new link after the
reopen). Only the revocation is ever written after the insert.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx, utc_now, write_tx
from store.night.nights import get_night, live_close, night_preset

PREFIX = 6
"""How many leading characters of a token are kept to name the link to the host."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_screen_link(db: Database, night_id: int, *, issued_by: str, key: str | None = None) -> tuple[int, str | None]:
    """Issue the night's screen link (``secrets.token_urlsafe(32)``, 43 characters), revoking
    the live one before it, in one write transaction.

    :param issued_by: who issued it (``"host:<username>"``, ``"cli"``, ``"test"``).
    :param key: idempotency key: a repeated submit stores nothing new and answers
        ``(link_id, None)`` (the token is shown once, and only its hash is kept).
    :returns: ``(link_id, token)``.
    :raises StoreError: ``no_night``; ``link_night_closed`` (night); ``key_reused`` (the key
        issued a link of another night). Nothing is written on a refusal.
    """
    token = secrets.token_urlsafe(32)
    with write_tx(db):
        if key is not None:
            row = db.execute("SELECT id, night_id FROM screen_links WHERE key = ?", [key]).fetchone()
            if row is not None:
                if row[1] != night_id:
                    raise StoreError("key_reused", key=key)
                return row[0], None
        if get_night(db, night_id)["closed"]:
            raise StoreError("link_night_closed", night=night_id)
        now = utc_now()
        db.execute("UPDATE screen_links SET revoked_at = ?, revoked_by = ? WHERE night_id = ? AND revoked_at IS NULL",
                   [now, issued_by, night_id])
        link_id = db.execute(
            "INSERT INTO screen_links (night_id, token_hash, prefix, issued_at, issued_by, key) VALUES (?, ?, ?, ?, ?, ?)",
            [night_id, _digest(token), token[:PREFIX], now, issued_by, key]).lastrowid
    return link_id, token


def revoke_screen_link(db: Database, night_id: int, *, revoked_by: str) -> bool:
    """Revoke the night's live screen link: the screen's next request is refused.

    :returns: True when a live link was revoked, False when there was none (said twice).
    :raises StoreError: ``no_night``.
    """
    with write_tx(db):
        get_night(db, night_id)
        done = db.execute("UPDATE screen_links SET revoked_at = ?, revoked_by = ? WHERE night_id = ? "
                          "AND revoked_at IS NULL", [utc_now(), revoked_by, night_id]).rowcount
    return done > 0


def screen_link(db: Database, night_id: int) -> dict | None:
    """The night's live screen link for the host's page: ``{"id": int, "prefix": str,
    "issued_at": ISO UTC str, "issued_by": str}``, or None (none, or revoked). Read-only."""
    row = db.execute("SELECT id, prefix, issued_at, issued_by FROM screen_links WHERE night_id = ? "
                     "AND revoked_at IS NULL ORDER BY id DESC LIMIT 1", [night_id]).fetchone()
    return None if row is None else {"id": row[0], "prefix": row[1], "issued_at": row[2], "issued_by": row[3]}


def screen_access(db: Database, token: str) -> dict | None:
    """What a screen's request may see, in one read: ``{"night_id": int, "preset": the
    night's preset (its language), "closed": bool (the link is dead: a live close, or any
    close of the night entered after the link was issued, even one a reopen voided since)}``,
    or None when ``token`` is no live screen link (unknown, revoked, malformed). Read-only."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    with read_tx(db):
        row = db.execute("SELECT night_id, issued_at FROM screen_links WHERE token_hash = ? AND revoked_at IS NULL",
                         [_digest(token)]).fetchone()
        if row is None:
            return None
        try:
            preset = night_preset(db, row[0])
        except StoreError:
            return None
        closed = live_close(db, row[0]) is not None or _closed_since(db, row[0], row[1])
        return {"night_id": row[0], "preset": preset, "closed": closed}


def _closed_since(db: Database, night_id: int, issued_at: str) -> bool:
    """Whether a close of the night (live or voided by a reopen since) was entered at or
    after ``issued_at`` (ISO UTC strings, which sort as times): a link issued before a close
    never comes back to life."""
    return db.execute("SELECT 1 FROM ledger WHERE night_id = ? AND kind = 'close' AND entered_at >= ? LIMIT 1",
                      [night_id, issued_at]).fetchone() is not None
