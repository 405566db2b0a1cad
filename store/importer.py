"""Importing a session file (CONTRACT.md ``tapete/1``) or a PHH hand history as a night.

The night's hands become hand rows with their actions as events (entered_by
``"import"``); players are matched by name (added to the club when new); starting stacks
are buy-ins, ``rebuys`` are rebuys between hands; the final stacks from ``referee.check``
are the cash-out counts, so each net is final stack minus chips bought.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from .db import StoreError, write_tx
from .hands import append_actions, check_night, end_hand, night_session, start_hand
from .ledger import buy_in, cash_out
from .nights import create_night, existing, seat_player
from .players import name_key, player_by_name

PHH_SUFFIXES = (".phh", ".phhs")


def load_session_text(text: str, name: str = "") -> dict:
    """Parse a session file (JSON) or PHH text (by ``name``'s suffix, or content) to a session.

    :raises StoreError: the text is neither (the message gives the reason).
    """
    if name.lower().endswith(PHH_SUFFIXES) or not text.lstrip().startswith("{"):
        try:
            from referee.phh import load_phh
        except ImportError as exc:  # the PHH reader is another engineer's module
            raise StoreError(f"cannot read PHH here: {exc}") from None
        try:
            return load_phh(text)
        except ValueError as exc:
            raise StoreError(f"{name or 'PHH'}: {exc}") from None
    try:
        session = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StoreError(f"{name or 'session'}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(session, dict) or not isinstance(session.get("players"), list) \
            or not isinstance(session.get("hands"), list):
        raise StoreError(f"{name or 'session'}: not a tapete/1 session (needs players and hands)")
    return session


def import_session(db: Database, session: dict, *, chip_cents: int = 1, chips_per: int = 1,
                   currency: str = "EUR", timezone: str = "Europe/Madrid",
                   started_at: datetime | None = None, host: str = "host", title: str | None = None,
                   entered_by: str = "import", key: str | None = None) -> int:
    """Store a session as a new night, replay it, and record the final stacks as counts.

    Everything is written in one transaction. With ``key`` (default: a digest of the
    session and chip value), importing the same file again returns the same night.

    :returns: the night id.
    :raises StoreError: bad players (duplicate seat or name), bad rules, or a session the
        store refuses (nothing written).
    """
    if key is None:
        digest = hashlib.sha256(json.dumps([session, chip_cents, chips_per, currency, timezone],
                                           sort_keys=True, default=str).encode()).hexdigest()[:32]
        key = f"import:{digest}"
    found = existing(db, "nights", key)
    if found is not None:
        return found
    players = session.get("players") or []
    names = [name_key(str(p.get("name") or f"seat {p.get('seat')}")) for p in players]
    if len(set(names)) != len(names):
        raise StoreError("two players in the file share a name; give them distinct names")
    with write_tx(db):
        night_id = create_night(db, rules=session.get("rules") or "jackpots", chip_cents=chip_cents,
                                chips_per=chips_per, currency=currency, timezone=timezone,
                                started_at=started_at, host=host, title=title or session.get("note"),
                                key=key)
        by_seat = {}
        for p in players:
            player_id = player_by_name(db, str(p.get("name") or f"seat {p.get('seat')}"))
            seat = p.get("seat")
            seat_player(db, night_id, player_id, seat, entered_by=entered_by)
            by_seat[str(seat)] = player_id
            stack = p.get("stack", 0)
            if stack:
                buy_in(db, night_id, player_id, stack, entered_by=entered_by)
        for number, hand in enumerate(session.get("hands") or [], start=1):
            for seat, chips in (hand.get("rebuys") or {}).items():
                if str(seat) not in by_seat:
                    raise StoreError(f"hand {number}: rebuy for seat {seat}, which nobody sits in")
                buy_in(db, night_id, by_seat[str(seat)], chips, entered_by=entered_by)
            hand_id = start_hand(db, night_id, button=hand.get("button"), stacks=hand.get("stacks"),
                                 entered_by=entered_by)
            actions = [str(a) for a in hand.get("actions") or []]
            append_actions(db, hand_id, actions, entered_by=entered_by,
                           keys=[f"{key}:{number}:{i}" for i in range(len(actions))])
            end_hand(db, hand_id, entered_by=entered_by)
        result = check_night(db, night_id)
        final = {str(p["seat"]): p["stack"] for p in night_session(db, night_id)["players"]}
        for entry in result.get("hands", []):
            final.update({str(k): v for k, v in (entry.get("stacks") or {}).items()})
        for seat, player_id in by_seat.items():
            cash_out(db, night_id, player_id, int(final.get(seat, 0)), entered_by=entered_by)
    return night_id


def import_file(db: Database, path: str | Path, **options) -> int:
    """Import a session (``.json``) or PHH (``.phh``/``.phhs``) file; see :func:`import_session`.

    :raises StoreError: unreadable file or content.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    session = load_session_text(text, path.name)
    options.setdefault("title", session.get("note") or path.stem)
    return import_session(db, session, **options)
