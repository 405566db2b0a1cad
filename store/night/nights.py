"""Nights: date and time zone, frozen house rules, chip value, seats.

A night is dated by its start in the club's time zone: one that runs past midnight
stays one night. The house rules are resolved once (preset plus overrides) and frozen
into the night, so a later change to a preset never changes an old night.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from datetime import datetime
from datetime import timezone as dt_timezone
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from referee.rules import HouseRules, RulesError, check_playable, resolve_rules
from store.core import transactions
from store.core.checks import MAX_STAKE, StoreError, chip_amount
from store.core.reasons import coded
from store.core.records import existing, insert, keyed_write
from store.core.times import zone
from store.core.transactions import utc_now, write_tx
from store.hand.rows import current_hand, hands_played
from store.night.demo import demo_sql, hidden_sql
from store.night.importing import IMPORTING, shown, visible
from store.night.rebuy_close import decline_on_leave
from store.player.players import get_player

EARLIEST_START = datetime(2000, 1, 1)
"""The earliest start a night may have: 1 January 2000, 00:00, a wall-clock time in the
night's zone (:func:`start_in_bounds`). The latest is a year after now. One place for the
bounds: the new-night and import forms (``web.night.views._started_at``), a session file's own
start (``store.files.night_block.file_night``) and a PokerNow ledger's session times
(``store.files.pokernow``) all read them here."""


def a_year_after(when: datetime) -> datetime:
    """The same date and time a year later (29 February: the 28th)."""
    try:
        return when.replace(year=when.year + 1)
    except ValueError:
        return when.replace(year=when.year + 1, day=28)


def start_in_bounds(when: datetime, tz: ZoneInfo | None = None) -> bool:
    """Whether ``when`` may be a night's start: on or after :data:`EARLIEST_START` and at
    most a year after now (``store.core.transactions.clock``), both as wall-clock times.

    :param when: naive: a wall-clock time in ``tz`` (required then); aware: the wall clock
        its own offset reads (``1999-12-31T23:30:00+00:00`` is before 2000).
    :raises ValueError: ``when`` naive and no ``tz``.
    """
    where = when.tzinfo or tz
    if where is None:
        raise ValueError("a naive start needs its time zone")
    now = transactions.clock().astimezone(where).replace(tzinfo=None)
    return EARLIEST_START <= when.replace(tzinfo=None) <= a_year_after(now)


def create_night(db: Database, *, rules: dict | str, chip_cents: int, currency: str = "EUR",
                 timezone: str = "Europe/Madrid", started_at: datetime | None = None,
                 host: str = "host", key: str | None = None, chips_per: int = 1,
                 title: str | None = None, note: str | None = None, uid: str | None = None,
                 copy_of: str | None = None, importing: bool = False, buy_in: int | None = None) -> int:
    """Open a poker night.

    :param rules: a preset name or ``{"preset": ..., overrides}`` (CONTRACT.md 3); resolved
        now and frozen for the night.
    :param chip_cents: value in cents of ``chips_per`` chips (int > 0); ``chips_per`` (int
        > 0, default 1) lets a chip be worth a fraction of a cent (3 chips = 10 cents).
    :param currency: ISO 4217 code (``"EUR"``, ``"MXN"``).
    :param timezone: the club's IANA time zone; the night's date is the local date of
        ``started_at``.
    :param started_at: when the night starts; naive means club-local time; default now.
    :param title: the night's name (the report's heading); ``note``: free text shown under it.
    :param key: idempotency key: the same key with the same data (rules, chip value,
        currency, zone, title, note and, when given, the start) returns the same night.
    :param uid: the night's stable id (a UUID string, unique in the club: a session file
        names its night by it, ``store.files.identity``); default a new random one. The
        caller checks that no night has it (an import: ``store.files.identity.present_night``).
    :param copy_of: for a night imported as a deliberate copy, the id of the night it
        copies ('' when not known); None (default) for a night that is no copy. A copy is
        left out of the club's standings and the players' running totals.
    :param importing: the night is an uploaded file's, written in pieces
        (``store.files.import_pieces``): made invisible (``import_state``
        :data:`store.night.importing.IMPORTING`) until its import finishes.
    :param buy_in: the night's default buy-in (chips, 1 to ``MAX_CHIPS``), or None: what the
        night's one-tap buy-ins and rebuys offer (``store.night.setup``); not money.
    :returns: the night id.
    :raises StoreError: bad rules (code ``rules_invalid``: params ``field``, the override
        key or None, and ``reason``, ``referee.rules.RulesError``'s) or rules no hand can be
        played with (``rules_unplayable``: :func:`playable`), an ante, blind or bet past
        ``MAX_STAKE`` (``too_large``: :func:`stakes_in_bounds`), chip value (``not_whole``,
        ``too_large``: 1 to ``MAX_CHIPS``), currency or time zone; the key already used for
        a night with different data (code ``key_reused``); nothing written.
    """
    tz = zone(timezone)
    try:
        resolved = resolve_rules(rules)
    except RulesError as exc:
        raise StoreError("rules_invalid", field=exc.key, reason=exc.reason) from None
    playable(resolved)
    stakes_in_bounds(resolved)
    frozen = resolved.as_dict()
    for name, value in (("chip_cents", chip_cents), ("chips_per", chips_per)):
        chip_amount(value, low=1, field=name)
    if buy_in is not None:
        chip_amount(buy_in, low=1, field="buy_in")
    for name, value in (("title", title), ("note", note)):
        if value is not None and not isinstance(value, str):
            raise StoreError("not_text", field=name)
    if not (isinstance(currency, str) and len(currency) == 3 and currency.isalpha()):
        raise StoreError("currency_invalid")
    start = started_at or transactions.clock()
    if not isinstance(start, datetime):
        raise StoreError("not_a_time", field="started_at")
    if start.tzinfo is None:
        start = start.replace(tzinfo=tz)
    row = {
        "started_at": start.astimezone(dt_timezone.utc).isoformat(),
        "local_date": start.astimezone(tz).date().isoformat(),
        "timezone": timezone, "rules": json.dumps(rules, sort_keys=True),
        "rules_frozen": json.dumps(frozen, sort_keys=True), "chip_cents": chip_cents,
        "chips_per": chips_per, "currency": currency.upper(), "host": host, "title": title,
        "note": note, "entered_at": utc_now(), "key": key, "uid": uid or str(uuid.uuid4()), "copy_of": copy_of,
        "import_state": IMPORTING if importing else None,
        "buy_in": buy_in,
    }
    match = {name: row[name] for name in ("rules", "chip_cents", "chips_per", "currency", "timezone",
                                          "title", "note")}
    if started_at is not None:
        match["started_at"] = row["started_at"]
    with write_tx(db):  # the key is looked up under the write lock: one night per key
        found = existing(db, "nights", key, match=match)
        if found is not None:
            return found
        return insert(db, "nights", row)


def playable(rules: HouseRules) -> None:
    """Refuse rules no hand can be played with (``referee.rules.check_playable``: bet sizes,
    blinds against the bets, something in the pot; Robert's Rules of Poker section 4):
    every night, however it is made (the new-night form, the import of a file, the
    command line), goes through it.

    :param rules: resolved (``referee.resolve_rules``).
    :raises StoreError: code ``rules_unplayable``, params ``field`` (the override key at
        fault), ``reason`` (``referee.rules.RulesError.reason``) and its figures (``small``,
        ``blind``: chips).
    """
    try:
        check_playable(rules)
    except RulesError as exc:
        raise StoreError("rules_unplayable", field=exc.key, reason=exc.reason, **exc.params) from None


def stakes_in_bounds(rules: HouseRules) -> None:
    """Refuse rules with a whole number past :data:`store.core.checks.MAX_STAKE` (an ante,
    a blind, a bet size; the other whole numbers of the rules, jokers or draws, are far
    below it): the new-night form's bound (``web.night.night_form``), applied by the
    store to every night however it is made (the form, the command line, an imported
    session or PHH file's rules).

    :param rules: resolved (``referee.resolve_rules``).
    :raises StoreError: code ``too_large``, params ``field`` (the rules' key) and ``max``.
    """
    for name, value in rules.as_dict().items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_STAKE:
            raise StoreError("too_large", field=name, max=MAX_STAKE)


def get_night(db: Database, night_id: int) -> dict:
    """The night's row as a dict, ``rules``/``rules_frozen`` decoded, plus ``closed``.

    :raises StoreError: no such night (``no_night``), or one the club does not see: its
        import has not finished, or failed (``store.night.importing.visible``).
    """
    cursor = db.execute("SELECT * FROM nights WHERE id = ?", [night_id])
    row = cursor.fetchone()
    night = None if row is None else dict(zip([d[0] for d in cursor.description], row))
    if night is None or not visible(night_id, night["import_state"]):
        raise StoreError("no_night", night=night_id)
    night["rules"] = json.loads(night["rules"])
    night["rules_frozen"] = json.loads(night["rules_frozen"])
    night["close"] = live_close(db, night_id)
    night["closed"] = night["close"] is not None
    return night


def night_preset(db: Database, night_id: int) -> str | None:
    """The preset name of the night's frozen rules (what a page's language follows), or
    None. One query: the tablet asks it on every tap.

    :raises StoreError: no such night, or one the club does not see (as :func:`get_night`).
    """
    row = db.execute("SELECT json_extract(rules_frozen, '$.preset'), import_state FROM nights WHERE id = ?",
                     [night_id]).fetchone()
    if row is None or not visible(night_id, row[1]):
        raise StoreError("no_night", night=night_id)
    return row[0]


def list_nights(db: Database) -> list[dict]:
    """All nights the club sees (not one being imported, or whose import failed:
    ``store.night.importing``; not one the host hid: ``store.night.demo``), newest first:
    ``[{"id", "local_date", "timezone", "currency", "title", "copy_of", "demo"}]``
    (``copy_of`` not None: a deliberate copy, :func:`create_night`; ``demo``: the demo
    night, which counts nowhere)."""
    return [dict(zip(("id", "local_date", "timezone", "currency", "title", "copy_of", "demo"), (*r[:6], bool(r[6]))))
            for r in db.execute(
                f"SELECT id, local_date, timezone, currency, title, copy_of, {demo_sql()} FROM nights WHERE {shown()} "
                f"AND NOT {hidden_sql()} ORDER BY started_at DESC, id DESC")]


def night_by_uid(db: Database, uid: str | None) -> int | None:
    """The id of the night the club sees whose stable id is ``uid`` (:func:`create_night`),
    or None."""
    if not uid:
        return None
    row = db.execute(f"SELECT id FROM nights WHERE uid = ? AND {shown()}", [uid]).fetchone()
    return row[0] if row else None


def is_copy(db: Database, night_id: int) -> bool:
    """Whether the night was imported as a deliberate copy (``copy_of`` set): left out of
    the club's standings and the players' running totals."""
    row = db.execute("SELECT copy_of FROM nights WHERE id = ?", [night_id]).fetchone()
    return bool(row) and row[0] is not None


def closed_sql(night: str) -> str:
    """SQL that is true when the night whose id is the SQL expression ``night`` has a live
    ``close`` (one no ``void`` cancels: :func:`live_close`'s rule), for checks that ask it
    in the same query as something else (:func:`require_open`, the tablet's access)."""
    return (f"EXISTS (SELECT 1 FROM ledger c WHERE c.night_id = {night} AND c.kind = 'close' AND NOT EXISTS "
            f"(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.night_id = {night} AND v.target = c.id))")


def live_close(db: Database, night_id: int) -> dict | None:
    """The live ``close`` ledger entry of the night (id, entered_at, detail) or None."""
    row = db.execute(
        "SELECT id, entered_at, detail, entered_by FROM ledger WHERE night_id = ? AND kind = 'close' "
        "AND id NOT IN (SELECT target FROM ledger WHERE kind = 'void' AND night_id = ?) "
        "ORDER BY id DESC LIMIT 1", [night_id, night_id]).fetchone()
    if row is None:
        return None
    return {"id": row[0], "entered_at": row[1], "detail": json.loads(row[2] or "{}"), "entered_by": row[3]}


def require_open(db: Database, night_id: int) -> None:
    """Refuse a write to a night that is missing, not seen by the club (as
    :func:`get_night`: an import not finished or failed) or closed (a live close,
    :func:`live_close`). One query: every tap asks it under the write lock.

    :raises StoreError: ``no_night`` (night); ``night_closed`` (night).
    """
    row = db.execute(f"SELECT import_state, {closed_sql('nights.id')} FROM nights WHERE id = ?",
                     [night_id]).fetchone()
    if row is None or not visible(night_id, row[0]):
        raise StoreError("no_night", night=night_id)
    if row[1]:
        raise StoreError("night_closed", night=night_id)


def seat_player(db: Database, night_id: int, player_id: int, seat: int, *, entered_by: str,
                key: str | None = None) -> int:
    """Seat a player at the night's table (between hands).

    A player who left (:func:`unseat`) after playing hands comes back to the same seat;
    a seat someone else played in tonight stays theirs (a session gives one seat one
    player, CONTRACT.md 1).

    :param seat: the physical seat, 1-10.
    :returns: the seat row id.
    :raises StoreError: seat out of range or taken, player already seated, unknown
        player, a hand in progress, night closed.
    """
    payload = {"night_id": night_id, "player_id": player_id, "seat": seat}
    with keyed_write(db, "seats", key, match=payload) as found:
        if found is not None:
            return found
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 10:
            raise StoreError("seat_out_of_range", seat=seat, low=1, high=10)
        name = get_player(db, player_id)["name"]
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        for row in night_players(db, night_id):
            if row["seat"] == seat:
                raise StoreError("seat_taken", seat=seat, name=row["name"])
            if row["player_id"] == player_id:
                raise StoreError("player_seated", name=name, seat=row["seat"])
        for row in _left_seats(db, night_id):
            if row["player_id"] != player_id and row["seat"] == seat:
                raise StoreError("seat_kept", seat=seat, name=row["name"])
            if row["player_id"] == player_id and row["seat"] != seat:
                raise StoreError("seat_return", name=name, seat=row["seat"])
        try:
            return insert(db, "seats", {"night_id": night_id, "player_id": player_id, "seat": seat,
                                        "before_hand": hands_played(db, night_id),
                                        "entered_by": entered_by, "entered_at": utc_now(), "key": key})
        except sqlite3.IntegrityError:
            raise StoreError("seat_race", seat=seat) from None


def unseat(db: Database, night_id: int, player_id: int, *, reason: str, entered_by: str,
           key: str | None = None) -> int:
    """A player leaves the table (between hands): an ``unseat`` entry pointing at the seat,
    with who and why; nothing deleted.

    When no hand was played since the player sat down, the seat was a mistake: it is
    voided with the buy-ins and counts entered since (the seat is free again). Otherwise
    the player's chips must be counted first (:func:`store.cash_out`); the seat stays
    theirs in tonight's hands and they may come back to it.

    :returns: the ``unseat`` ledger entry id.
    :raises StoreError: not seated, no reason, a hand in progress, chips not counted,
        night closed.
    """
    with keyed_write(db, "ledger", key, "unseat",
                     {"night_id": night_id, "player_id": player_id}) as found:
        if found is not None:
            return found
        if not isinstance(reason, str) or not reason.strip():
            raise StoreError("reason_needed")
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        row = db.execute("SELECT s.id, s.seat, COALESCE(s.before_hand, 0), p.name FROM seats s "
                         "JOIN players p ON p.id = s.player_id WHERE s.night_id = ? AND s.player_id = ? "
                         "AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.kind = 'unseat' AND u.target = s.id) "
                         "ORDER BY s.id DESC LIMIT 1", [night_id, player_id]).fetchone()
        if row is None:
            name = get_player(db, player_id)["name"]
            raise StoreError("not_seated", name=name)
        seat_id, seat, seated_at, name = row
        played = hands_played(db, night_id)
        entries = db.execute(
            "SELECT id, kind FROM ledger l WHERE night_id = ? AND player_id = ? AND kind IN "
            "('buy_in', 'cash_out') AND NOT EXISTS (SELECT 1 FROM ledger v WHERE v.kind = 'void' "
            "AND v.target = l.id) ORDER BY id", [night_id, player_id]).fetchall()
        now = utc_now()
        if played == seated_at:  # no hand since sitting down: the seat was a mistake
            # this stint's entries: after the player's last time leaving, if any
            since = db.execute("SELECT COALESCE(MAX(id), 0) FROM ledger WHERE night_id = ? AND player_id = ? "
                               "AND kind = 'unseat'", [night_id, player_id]).fetchone()[0]
            for entry_id, kind in entries:
                if entry_id > since:
                    insert(db, "ledger", {"night_id": night_id, "player_id": player_id, "kind": "void",
                                          "target": entry_id, **coded("unseated", reason=reason.strip()),
                                          "entered_by": entered_by, "entered_at": now, "key": None})
        elif entries and entries[-1][1] != "cash_out":
            raise StoreError("count_first", name=name)
        unseat_id = insert(db, "ledger", {"night_id": night_id, "player_id": player_id, "kind": "unseat",
                                          "target": seat_id, "before_hand": played, "reason": reason.strip(),
                                          "detail": json.dumps({"seat": seat, "hands_played": played - seated_at}),
                                          "entered_by": entered_by, "entered_at": now, "key": key})
        decline_on_leave(db, night_id, player_id, unseat_id, left_by=entered_by)
        return unseat_id


def _left_seats(db: Database, night_id: int) -> list[dict]:
    """Seats left after hands were played in them: ``[{"player_id", "name", "seat"}]``."""
    return [{"player_id": r[0], "name": r[1], "seat": r[2]} for r in db.execute(
        "SELECT s.player_id, p.name, s.seat FROM seats s JOIN players p ON p.id = s.player_id "
        "JOIN ledger u ON u.kind = 'unseat' AND u.target = s.id "
        "WHERE s.night_id = ? AND u.before_hand > COALESCE(s.before_hand, 0) ORDER BY s.id", [night_id])]


def table_players(db: Database, night_id: int) -> list[dict]:
    """Everyone who is seated or played in a seat tonight, by seat (one row per player):
    ``[{"player_id", "name", "seat", "left"}]``; the session and the money use these.

    One query (a tap asks it twice): the seats taken now (:func:`night_players`: no
    ``unseat``) first, in seat order, then those left after hands were played in them
    (:func:`_left_seats`: an ``unseat`` after the seat's first hand), in the order taken;
    a player's first row counts."""
    rows: dict[int, dict] = {}
    for player_id, name, seat, left in db.execute(
            "SELECT s.player_id, p.name, s.seat, u.id IS NOT NULL FROM seats s JOIN players p ON p.id = s.player_id "
            "LEFT JOIN ledger u ON u.kind = 'unseat' AND u.target = s.id WHERE s.night_id = ? "
            "AND (u.id IS NULL OR u.before_hand > COALESCE(s.before_hand, 0)) "
            "ORDER BY u.id IS NOT NULL, CASE WHEN u.id IS NULL THEN s.seat ELSE s.id END", [night_id]):
        rows.setdefault(player_id, {"player_id": player_id, "name": name, "seat": seat, "left": bool(left)})
    return sorted(rows.values(), key=lambda r: r["seat"])


def night_players(db: Database, night_id: int) -> list[dict]:
    """The players seated now, by seat: ``[{"player_id", "name", "seat"}]`` (not those who
    left, :func:`unseat`)."""
    return [{"player_id": r[0], "name": r[1], "seat": r[2]} for r in db.execute(
        "SELECT s.player_id, p.name, s.seat FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.night_id = ? AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.kind = 'unseat' "
        "AND u.target = s.id) ORDER BY s.seat", [night_id])]


LEDGER_IMPORT_KEY = "pokernow:"
"""The idempotency key of a night made from a PokerNow ledger (``store.files.pokernow``) starts
with this."""


def hands_elsewhere(db: Database, night_id: int) -> bool:
    """Whether the night's hands were played elsewhere: a night made from a PokerNow
    ledger (``store.files.pokernow``; its key starts with :data:`LEDGER_IMPORT_KEY`) holds the
    buy-ins and counts, not the hands, so its counts are not compared with the referee's
    stacks (``store.money.counts``)."""
    row = db.execute("SELECT key FROM nights WHERE id = ?", [night_id]).fetchone()
    return bool(row and row[0] and str(row[0]).startswith(LEDGER_IMPORT_KEY))
