"""Dealer links: a secret token in a URL lets one tablet enter the hands of one night.

The host issues a link per tablet (a label names it: "Tablet 1"), sees it once, and can
revoke it; it stops working at once. As with the player links (``store.player.player_links``) only the
SHA-256 of a token is stored (``token_hash``), with its first :data:`PREFIX` characters to
tell the links apart: a copy of the database does not leak a link. Who entered a tablet's
row is the link's label (``"dealer:" + label``, :func:`entered_by`), never the request's
word for it.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from store.core.checks import StoreError, bad_characters, looks_blank
from store.core.transactions import utc_now, write_tx
from store.night.importing import visible
from store.night.nights import closed_sql, get_night
from store.player.players import name_key

PREFIX = 6
"""How many leading characters of a token are kept to name the link to the host."""

MAX_LABEL = 40
"""Longest label (characters)."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_label(label: object) -> str | None:
    """A link's label as stored: whitespace collapsed; None when empty.

    :raises StoreError: not text, longer than :data:`MAX_LABEL` (code ``label_too_long``:
        limit, length), holding control or invisible characters (``label_invalid``: the
        characters :func:`store.core.checks.bad_characters` names, e.g. U+3164), or showing
        nothing though not empty (``label_blank``: :func:`store.core.checks.looks_blank`).
    """
    if label is None:
        return None
    if not isinstance(label, str):
        raise StoreError("label_invalid")
    if bad_characters(label):
        raise StoreError("label_invalid")
    text = " ".join(label.split())
    if text and looks_blank(text):
        raise StoreError("label_blank")
    if len(text) > MAX_LABEL:
        raise StoreError("label_too_long", limit=MAX_LABEL, length=len(text))
    return text or None


def _label_taken(db: Database, night_id: int, label: str) -> str | None:
    """The label of the night's link (revoked ones too) that ``label`` is the same as,
    ignoring case and spacing (:func:`store.player.players.name_key`), or None."""
    wanted = name_key(label)
    return next((row[0] for row in db.execute("SELECT label FROM dealer_links WHERE night_id = ? ORDER BY id",
                                               [night_id]) if name_key(row[0]) == wanted), None)


def issue_dealer_link(db: Database, night_id: int, label: str | None, *, issued_by: str,
                      key: str | None = None, default_label: str = "Tablet %(n)s",
                      closed_ok: bool = False) -> tuple[int, str | None]:
    """Issue a new dealer link for the night (``secrets.token_urlsafe(32)``, 43 characters).

    Labels are unique within the night among ALL its links, revoked ones included
    (ignoring case and spacing): the label is who entered a tablet's rows
    (:func:`entered_by`), so a new "Mesa" after a revoked "Mesa" must be told apart.

    :param label: the host's name for the tablet; None or empty: ``default_label`` with the
        first free number in the night (``"Tablet 2"``).
    :param closed_ok: issue it on a closed night too (the demo, to show the tablet's
        "night closed" page); otherwise a closed night is refused.
    :param issued_by: who issued it (``"host"``, ``"cli"``, ``"host:<username>"``).
    :param key: idempotency key: a repeated submit stores nothing new and answers
        ``(link_id, None)`` (the token is shown once, and only its hash is kept).
    :returns: ``(link_id, token)``.
    :raises StoreError: no such night; the night closed (``link_night_closed``); a bad
        label (:func:`clean_label`); the label taken by another link of the night
        (``label_taken``: label); the key used for another night (``key_reused``).
    """
    text = clean_label(label)
    token = secrets.token_urlsafe(32)
    with write_tx(db):
        if get_night(db, night_id)["closed"] and not closed_ok:
            raise StoreError("link_night_closed", night=night_id)
        issued = _issued_for_key(db, night_id, key)
        if issued is not None:
            return issued, None
        if text is None:
            count = db.execute("SELECT COUNT(*) FROM dealer_links WHERE night_id = ?", [night_id]).fetchone()[0]
            text = default_label % {"n": count + 1}
            while _label_taken(db, night_id, text) is not None:
                count += 1
                text = default_label % {"n": count + 1}
        elif (taken := _label_taken(db, night_id, text)) is not None:
            raise StoreError("label_taken", label=taken)
        link_id = db.execute(
            "INSERT INTO dealer_links (night_id, token_hash, prefix, label, issued_at, issued_by, key) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [night_id, _digest(token), token[:PREFIX], text, utc_now(), issued_by, key]).lastrowid
    return link_id, token


def revoke_dealer_link(db: Database, link_id: int, *, revoked_by: str, night_id: int | None = None) -> bool:
    """Revoke a dealer link: it stops working at once (the next request is refused).

    :param night_id: when given, the link must be that night's.
    :returns: True when it was live and is revoked now, False when it was revoked already.
    :raises StoreError: no such link (of that night) (code ``no_dealer_link``).
    """
    with write_tx(db):
        row = db.execute("SELECT night_id, revoked_at FROM dealer_links WHERE id = ?", [link_id]).fetchone()
        if row is None or (night_id is not None and row[0] != night_id):
            raise StoreError("no_dealer_link")
        if row[1] is not None:
            return False
        db.execute("UPDATE dealer_links SET revoked_at = ?, revoked_by = ? WHERE id = ?",
                   [utc_now(), revoked_by, link_id])
    return True


def dealer_links(db: Database, night_id: int) -> list[dict]:
    """The night's dealer links, oldest first, revoked ones included: ``[{"id": int,
    "label": str, "prefix": str, "issued_at": ISO UTC str, "issued_by": str, "revoked_at":
    ISO UTC str|None, "revoked_by": str|None, "live": bool}]``. Read-only."""
    rows = db.execute("SELECT id, label, prefix, issued_at, issued_by, revoked_at, revoked_by FROM dealer_links "
                      "WHERE night_id = ? ORDER BY id", [night_id]).fetchall()
    return [{"id": r[0], "label": r[1], "prefix": r[2], "issued_at": r[3], "issued_by": r[4],
             "revoked_at": r[5], "revoked_by": r[6], "live": r[5] is None} for r in rows]


def dealer_link_for(db: Database, night_id: int, token: str) -> dict | None:
    """The live link of THIS night that ``token`` is, or None (unknown, revoked, another
    night's): ``{"id": int, "label": str, "prefix": str}``. Read-only."""
    if not _token_shaped(token):
        return None
    row = db.execute("SELECT id, label, prefix FROM dealer_links WHERE token_hash = ? AND night_id = ? "
                     "AND revoked_at IS NULL", [_digest(token), night_id]).fetchone()
    return None if row is None else {"id": row[0], "label": row[1], "prefix": row[2]}


def _token_shaped(token: object) -> bool:
    """Whether ``token`` could be a link's token at all (text of 20-100 characters)."""
    return isinstance(token, str) and 20 <= len(token) <= 100


def tablet_access(db: Database, night_id: int, token: str) -> dict | None:
    """What a tablet's request may do, in one read: ``{"link": dealer_link_for,
    "preset": the night's preset (its language), "closed": bool (a live close)}``, or None
    when ``token`` is no live link of this night (or there is no such night). Read-only."""
    if not _token_shaped(token):
        return None
    row = db.execute(   # (one statement: one snapshot, no transaction of its own)
        "SELECT l.id, l.label, l.prefix, json_extract(n.rules_frozen, '$.preset'), n.import_state, "
        f"{closed_sql('n.id')} FROM dealer_links l JOIN nights n ON n.id = l.night_id "
        "WHERE l.token_hash = ? AND l.night_id = ? AND l.revoked_at IS NULL",
        [_digest(token), night_id]).fetchone()
    if row is None or not visible(night_id, row[4]):
        return None
    return {"link": {"id": row[0], "label": row[1], "prefix": row[2]}, "preset": row[3], "closed": bool(row[5])}


def entered_by(link: dict) -> str:
    """Who a link's writes are entered by: ``"dealer:" + label``."""
    return "dealer:" + link["label"]


def _next_label(db: Database, night_id: int, label: str) -> str:
    """The label of the link that replaces ``label``'s: the same name with the first free
    number in brackets (``"Mesa"`` -> ``"Mesa (2)"``, ``"Mesa (2)"`` -> ``"Mesa (3)"``), cut
    to fit :data:`MAX_LABEL`, unique in the night as :func:`issue_dealer_link` wants."""
    base = label
    if base.endswith(")") and " (" in base and base[base.rindex(" (") + 2:-1].isdigit():
        base = base[:base.rindex(" (")]
    n = 2
    while True:
        suffix = f" ({n})"
        text = base[:MAX_LABEL - len(suffix)].rstrip() + suffix
        if _label_taken(db, night_id, text) is None:
            return text
        n += 1


def reissue_dealer_link(db: Database, night_id: int, link_id: int, *, issued_by: str,
                        key: str | None = None) -> tuple[int, str | None]:
    """Show a tablet's link again (as a QR): the link ``link_id`` is revoked and a fresh one
    issued in its place, in one transaction (only hashes are kept, so the old one cannot be
    shown again). The new link keeps the rule of labels (unique in the night, revoked ones
    included: :func:`issue_dealer_link`): its label is the old one numbered
    (:func:`_next_label`: "Tablet 1 (2)"), so each tablet's entries are still told apart.

    :param key: idempotency key: a repeated submit stores nothing new and answers
        ``(new_link_id, None)``.
    :returns: ``(new_link_id, token)``.
    :raises StoreError: ``no_dealer_link`` (no such link of this night); ``dealer_link_revoked``
        (label: that link was revoked already: issue a new one); ``link_night_closed``;
        ``key_reused``. Nothing is written on a refusal.
    """
    with write_tx(db):
        issued = _issued_for_key(db, night_id, key)
        if issued is not None:
            return issued, None
        row = db.execute("SELECT label, revoked_at FROM dealer_links WHERE id = ? AND night_id = ?",
                         [link_id, night_id]).fetchone()
        if row is None:
            raise StoreError("no_dealer_link")
        if row[1] is not None:
            raise StoreError("dealer_link_revoked", label=row[0])
        if get_night(db, night_id)["closed"]:
            raise StoreError("link_night_closed", night=night_id)
        revoke_dealer_link(db, link_id, revoked_by=issued_by, night_id=night_id)
        return issue_dealer_link(db, night_id, _next_label(db, night_id, row[0]), issued_by=issued_by, key=key)


def _issued_for_key(db: Database, night_id: int, key: str | None) -> int | None:
    """The link a write with idempotency ``key`` issued already (None: no key, or none yet).

    :raises StoreError: ``key_reused`` (the key issued a link of another night)."""
    if key is None:
        return None
    row = db.execute("SELECT id, night_id FROM dealer_links WHERE key = ?", [key]).fetchone()
    if row is None:
        return None
    if row[1] != night_id:
        raise StoreError("key_reused", key=key)
    return row[0]
