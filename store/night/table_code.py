"""The table code: one QR for the night's table (issue 26).

The host shows ONE code for the night (a QR of ``/t/<code>``); a player scans it on their
own phone, taps their name and lands on a private link of their own
(``store.player.player_links``), issued by the claim. A name is claimed once: while a claim
is live, another phone's claim of that name is refused (``claim_name_taken``). The host sees
every claim (:func:`night_claims`) and can *release* one (the wrong phone took the name) or
*revoke* it (a phone lost or not to be trusted): either way the name can be claimed again
and the link the claim issued stops working at once, so the phone that held it keeps no
door to the player's ledger, disputes or later nights (issue 26: a released link still
answered). The phone that claimed can *give it back* itself (its link stops working too: it
opened another player's ledger) while the night is open. Each of these is a
new row of ``table_claim_voids`` voiding the claim, with who and why: nothing is updated or
deleted. A claim whose link the host revoked elsewhere (the private links' list) is no live
claim either: its name can be claimed again.

Codes are kept as links are: only the SHA-256 of a code is stored (``code_hash``), with its
first :data:`PREFIX` characters to name it to the host. The newest code of a night is its
live one, so showing the code again (:func:`issue_table_code`) retires the one before with no
update; a retired code answers ``replaced``, and every code of a closed night answers
``closed`` (the code stops working when the night closes; a night reopened makes its newest
code work again).

The phone proves a claim is its own by the private link's token it keeps (the web keeps it
in a cookie: ``web.night.table_code``): ``held`` below.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx, utc_now, write_tx
from store.night.nights import get_night, live_close, night_preset, table_players
from store.player.player_links import issue_token, revoke_token_hash, token_digest

PREFIX = 6
"""How many leading characters of a code are kept to name it to the host."""

CODE_BYTES = 24
"""Random bytes of a code (``secrets.token_urlsafe``: 32 characters, 192 bits)."""

VOID_KINDS = ("release", "revoke", "give_back")
"""How a claim ends: the host releases it (the wrong phone took the name), the host revokes
it (a phone not to be trusted), the phone gives it back; each ends the link it issued."""

MAX_REASON = 500
"""Longest reason kept with a void (characters)."""


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def _code_shape(code: object) -> bool:
    """Whether ``code`` can be a code at all (URL-safe text of 20 to 100 characters)."""
    return (isinstance(code, str) and 20 <= len(code) <= 100
            and all(c.isascii() and (c.isalnum() or c in "-_") for c in code))


def issue_table_code(db: Database, night_id: int, *, issued_by: str, key: str | None = None) -> tuple[int, str | None]:
    """Issue the night's table code (``secrets.token_urlsafe``, :data:`CODE_BYTES` bytes):
    it becomes the night's live code and the one before stops working.

    :param issued_by: who shows it (``"host:<username>"``).
    :param key: idempotency key: a repeated submit stores nothing new and answers
        ``(code_id, None)`` (the code is shown once; only its hash is kept).
    :returns: ``(code_id, code)``.
    :raises StoreError: no such night (``no_night``); the night closed
        (``table_code_night_closed``); the key used for another night (``key_reused``).
    """
    code = secrets.token_urlsafe(CODE_BYTES)
    with write_tx(db):
        get_night(db, night_id)
        if key is not None:
            row = db.execute("SELECT id, night_id FROM table_codes WHERE key = ?", [key]).fetchone()
            if row is not None:
                if row[1] != night_id:
                    raise StoreError("key_reused", key=key)
                return row[0], None
        if live_close(db, night_id) is not None:
            raise StoreError("table_code_night_closed")
        code_id = db.execute(
            "INSERT INTO table_codes (night_id, code_hash, prefix, issued_at, issued_by, key) VALUES (?, ?, ?, ?, ?, ?)",
            [night_id, _digest(code), code[:PREFIX], utc_now(), issued_by, key]).lastrowid
    return code_id, code


def live_table_code(db: Database, night_id: int) -> dict | None:
    """The night's live code (its newest), or None when none was shown yet:
    ``{"id": int, "prefix": str, "issued_at": ISO UTC str, "issued_by": str, "count": how
    many codes the night has had}``. Read-only."""
    row = db.execute("SELECT id, prefix, issued_at, issued_by, (SELECT COUNT(*) FROM table_codes WHERE night_id = ?) "
                     "FROM table_codes WHERE night_id = ? ORDER BY id DESC LIMIT 1", [night_id, night_id]).fetchone()
    return None if row is None else {"id": row[0], "prefix": row[1], "issued_at": row[2], "issued_by": row[3],
                                     "count": row[4]}


def code_state(db: Database, code: str) -> dict | None:
    """What ``code`` is: ``{"code_id": int, "night_id": int, "state": "live" | "replaced" |
    "closed"}`` (``replaced``: a newer code of the night was shown; ``closed``: the night is
    closed, whichever code it is), or None (never issued, or not a code at all). Read-only."""
    if not _code_shape(code):
        return None
    row = db.execute("SELECT id, night_id FROM table_codes WHERE code_hash = ?", [_digest(code)]).fetchone()
    if row is None:
        return None
    code_id, night_id = row
    newest = db.execute("SELECT MAX(id) FROM table_codes WHERE night_id = ?", [night_id]).fetchone()[0]
    if live_close(db, night_id) is not None:
        state = "closed"
    else:
        state = "live" if code_id == newest else "replaced"
    return {"code_id": code_id, "night_id": night_id, "state": state}


def code_night(db: Database, code: str) -> int | None:
    """The id of the night ``code`` is a code of (live, replaced or closed), or None (no
    such code, or not a code at all). Read-only."""
    if not _code_shape(code):
        return None
    row = db.execute("SELECT night_id FROM table_codes WHERE code_hash = ?", [_digest(code)]).fetchone()
    return None if row is None else row[0]


def code_preset(db: Database, code: str) -> str | None:
    """The preset of the night ``code`` is a code of (its pages' language), or None (no
    such code). Read-only."""
    if not _code_shape(code):
        return None
    row = db.execute("SELECT night_id FROM table_codes WHERE code_hash = ?", [_digest(code)]).fetchone()
    return None if row is None else night_preset(db, row[0])


_LIVE = ("NOT EXISTS (SELECT 1 FROM table_claim_voids v WHERE v.claim_id = c.id) "
         "AND EXISTS (SELECT 1 FROM tokens t WHERE t.token_hash = c.token_hash AND t.revoked_at IS NULL)")
"""A claim is live: not voided, and the link it issued not revoked."""


def _live_claims(db: Database, night_id: int) -> dict[int, dict]:
    """The night's live claims by player id: ``{player_id: {"id", "claimed_at"}}``."""
    rows = db.execute(f"SELECT c.id, c.player_id, c.claimed_at FROM table_claims c WHERE c.night_id = ? AND {_LIVE}",
                      [night_id]).fetchall()
    return {r[1]: {"id": r[0], "claimed_at": r[2]} for r in rows}


def _held_claim(db: Database, night_id: int, held: str | None) -> dict | None:
    """The live claim of the night whose link is ``held`` (the token a phone keeps), or
    None: ``{"id", "player_id", "name", "claimed_at"}``."""
    if not isinstance(held, str) or not 20 <= len(held) <= 100:
        return None
    row = db.execute(f"SELECT c.id, c.player_id, p.name, c.claimed_at FROM table_claims c "
                     f"JOIN players p ON p.id = c.player_id WHERE c.night_id = ? AND c.token_hash = ? AND {_LIVE}",
                     [night_id, token_digest(held)]).fetchone()
    return None if row is None else {"id": row[0], "player_id": row[1], "name": row[2], "claimed_at": row[3]}


def claim_page(db: Database, code: str, held: str | None = None) -> dict | None:
    """What the claim page (``GET /t/<code>``) shows, in one read: None when ``code`` is no
    code (:func:`code_state`); else ``{"state": code_state's, "night_id": int, "preset":
    the night's preset (its language), "night": store.get_night, "players": [{"player_id",
    "name", "seat", "left": bool, "taken": bool (a live claim holds it), "mine": bool}] by
    seat (everyone seated or played tonight: ``store.night.nights.table_players``),
    "mine": the phone's own live claim of this night ({"id", "player_id", "name",
    "claimed_at"}) or None}``. ``held``: the private link's token the phone keeps. Read-only."""
    with read_tx(db):
        state = code_state(db, code)
        if state is None:
            return None
        night_id = state["night_id"]
        taken = _live_claims(db, night_id)
        mine = _held_claim(db, night_id, held)
        players = [{**p, "taken": p["player_id"] in taken, "mine": bool(mine and mine["player_id"] == p["player_id"])}
                   for p in table_players(db, night_id)]
        return {**state, "preset": night_preset(db, night_id), "night": get_night(db, night_id),
                "players": players, "mine": mine}


def _usable(db: Database, code: str, *, replaced_ok: bool = False) -> dict:
    """:func:`code_state` of a code a write may use. :raises StoreError: ``no_table_code``
    (unknown), ``table_code_replaced`` (unless ``replaced_ok``), ``table_code_night_closed``."""
    state = code_state(db, code)
    if state is None:
        raise StoreError("no_table_code")
    if state["state"] == "closed":
        raise StoreError("table_code_night_closed")
    if state["state"] == "replaced" and not replaced_ok:
        raise StoreError("table_code_replaced")
    return state


def claim_name(db: Database, code: str, player_id: int, *, held: str | None = None,
               key: str | None = None) -> dict:
    """A phone claims a player's name with the table code: a private link of the player is
    issued (``store.player.player_links.issue_token``) and the claim keeps its hash.

    :param held: the private link's token the phone keeps from an earlier claim (or None).
    :param key: idempotency key: a repeated submit of the same claim stores nothing new and
        answers with ``token`` None (the link was shown to the first submit).
    :returns: ``{"claim_id": int, "night_id": int, "player_id": int, "name": str, "token":
        str | None}``.
    :raises StoreError: ``no_table_code``, ``table_code_replaced``,
        ``table_code_night_closed`` (the code does not work); ``claim_not_at_table`` (the
        player is not at this night's table); ``claim_phone_has_name`` (name: this phone
        holds a live claim of the night already: give it back first); ``claim_name_taken``
        (name: another phone's live claim holds the name); ``key_reused`` (the key named
        another claim). Nothing is written on a refusal.
    """
    with write_tx(db):
        state = _usable(db, code)
        night_id = state["night_id"]
        if key is not None:
            row = db.execute("SELECT c.id, c.night_id, c.player_id, p.name FROM table_claims c "
                             "JOIN players p ON p.id = c.player_id WHERE c.key = ?", [key]).fetchone()
            if row is not None:
                if (row[1], row[2]) != (night_id, player_id):
                    raise StoreError("key_reused", key=key)
                return {"claim_id": row[0], "night_id": night_id, "player_id": player_id, "name": row[3],
                        "token": None}
        at_table = {p["player_id"]: p for p in table_players(db, night_id)}
        if player_id not in at_table:
            raise StoreError("claim_not_at_table")
        name = at_table[player_id]["name"]
        mine = _held_claim(db, night_id, held)
        if mine is not None:
            raise StoreError("claim_phone_has_name", name=mine["name"])
        if player_id in _live_claims(db, night_id):
            raise StoreError("claim_name_taken", name=name)
        token = issue_token(db, player_id)
        claim_id = db.execute("INSERT INTO table_claims (night_id, code_id, player_id, token_hash, claimed_at, key) "
                              "VALUES (?, ?, ?, ?, ?, ?)",
                              [night_id, state["code_id"], player_id, token_digest(token), utc_now(), key]).lastrowid
    return {"claim_id": claim_id, "night_id": night_id, "player_id": player_id, "name": name, "token": token}


def _void(db: Database, claim_id: int, kind: str, *, voided_by: str, reason: str | None) -> None:
    """Write the void of a claim and revoke the link it issued (every way a claim ends)."""
    if kind not in VOID_KINDS:
        raise ValueError(f"no such way to end a claim: {kind!r}")
    db.execute("INSERT INTO table_claim_voids (claim_id, kind, reason, voided_at, voided_by) VALUES (?, ?, ?, ?, ?)",
               [claim_id, kind, (reason or "")[:MAX_REASON] or None, utc_now(), voided_by])
    token_hash = db.execute("SELECT token_hash FROM table_claims WHERE id = ?", [claim_id]).fetchone()[0]
    revoke_token_hash(db, token_hash)


def give_back(db: Database, code: str, held: str | None, *, reason: str | None = None) -> dict:
    """The phone gives back the name it claimed (it took the wrong one): the claim is voided
    (``give_back``, by ``player:<id>``) and the link it issued stops working; the name can
    be claimed again. Works with any code of the night (a newer one may have been shown
    since the phone scanned) while the night is open.

    :param held: the private link's token the phone keeps (its proof of the claim).
    :returns: ``{"name": str, "player_id": int, "night_id": int}`` of the name given back.
    :raises StoreError: ``no_table_code``, ``table_code_night_closed``; ``no_claim_held``
        (this phone holds no live claim of the night). Nothing is written on a refusal.
    """
    with write_tx(db):
        state = _usable(db, code, replaced_ok=True)
        mine = _held_claim(db, state["night_id"], held)
        if mine is None:
            raise StoreError("no_claim_held")
        _void(db, mine["id"], "give_back", voided_by=f"player:{mine['player_id']}", reason=reason)
    return {"name": mine["name"], "player_id": mine["player_id"], "night_id": state["night_id"]}


def end_claim(db: Database, night_id: int, claim_id: int, kind: str, *, voided_by: str,
              reason: str | None = None) -> dict:
    """The host ends one of the night's claims: ``kind`` ``"release"`` (the wrong phone took
    the name) or ``"revoke"`` (a phone not to be trusted); either way the name can be
    claimed again and the link the claim issued stops working at once (the phone that held
    it loses it). A new row voids the claim, with who and why; a closed night's claims can
    be ended too.

    :returns: ``{"name": str, "player_id": int}`` of the claim ended.
    :raises StoreError: ``no_table_claim`` (no such claim of this night); ``claim_not_live``
        (name: it was ended already, or its link was revoked). Nothing is written on a refusal.
    :raises ValueError: ``kind`` is not release or revoke (a programming error).
    """
    if kind not in ("release", "revoke"):
        raise ValueError(f"the host releases or revokes a claim, not {kind!r}")
    with write_tx(db):
        row = db.execute("SELECT c.player_id, p.name FROM table_claims c JOIN players p ON p.id = c.player_id "
                         "WHERE c.id = ? AND c.night_id = ?", [claim_id, night_id]).fetchone()
        if row is None:
            raise StoreError("no_table_claim")
        if _live_claims(db, night_id).get(row[0], {}).get("id") != claim_id:
            raise StoreError("claim_not_live", name=row[1])
        _void(db, claim_id, kind, voided_by=voided_by, reason=reason)
    return {"name": row[1], "player_id": row[0]}


def night_claims(db: Database, night_id: int) -> list[dict]:
    """Every claim of the night, oldest first: ``[{"id": int, "player_id": int, "name": str,
    "claimed_at": ISO UTC str, "prefix": the link's first characters, "live": bool,
    "link_live": bool, "void": {"kind": one of :data:`VOID_KINDS`, "voided_at", "voided_by",
    "reason": str | None} | None}]``. Read-only."""
    rows = db.execute(
        "SELECT c.id, c.player_id, p.name, c.claimed_at, t.prefix, t.revoked_at, v.kind, v.voided_at, v.voided_by, "
        "v.reason FROM table_claims c JOIN players p ON p.id = c.player_id "
        "LEFT JOIN tokens t ON t.token_hash = c.token_hash LEFT JOIN table_claim_voids v ON v.claim_id = c.id "
        "WHERE c.night_id = ? ORDER BY c.id", [night_id]).fetchall()
    out = []
    for r in rows:
        void = None if r[6] is None else {"kind": r[6], "voided_at": r[7], "voided_by": r[8], "reason": r[9]}
        link_live = r[4] is not None and r[5] is None
        out.append({"id": r[0], "player_id": r[1], "name": r[2], "claimed_at": r[3], "prefix": r[4],
                    "live": void is None and link_live, "link_live": link_live, "void": void})
    return out


def table_links(db: Database, night_id: int) -> dict:
    """What the host's table links show of the table code: ``{"code": :func:`live_table_code`,
    "claims": :func:`night_claims`}``. Read-only (call inside the page's read)."""
    return {"code": live_table_code(db, night_id), "claims": night_claims(db, night_id)}
