"""The night as Tapete kept it, in a session file's ``"tapete"`` block: the money (chip
value, currency), the identity (time zone, title, start) and the state (closed or still in
play, a hand in progress) that a CONTRACT.md section 1 file has no key for.

CONTRACT.md 1: "Top-level keys other than these (for instance ``note``) are ignored": the
referee (``python -m referee check``) reads a file with the block as it reads it without.
The download writes the block (:func:`night_block`); the import reads it
(:func:`file_night`) and takes each option the host leaves empty from it
(:func:`night_options`), so a night downloaded and uploaded again has the same money:
a file without the block is imported as before. A block value is checked only where the
import uses it: a value the host overrides (a bad zone with the host's zone given) is
ignored.

The block (every key optional)::

    "tapete": {"chip_cents": 5, "chips_per": 1, "currency": "EUR",
               "timezone": "Europe/Madrid", "title": "Jueves",
               "started_at": "2026-03-14T20:00:00+00:00",
               "closed": false, "hand_in_progress": true}

- ``chip_cents`` per ``chips_per`` chips: the chip value (ints > 0, as ``create_night``).
- ``started_at``: ISO 8601 with its offset (the download writes UTC).
- ``closed``: false for a night still in play: the import enters the file's counts
  (``cash_out``) only and counts nobody else (a closed night's file, or one without the
  block, is a finished session: the players the file does not count are counted at the
  chips the log implies, ``store.files.importer``).
- ``hand_in_progress``: true when the file's last hand had not ended: the import leaves it
  in progress (only in a night that is not closed).
- ``settlement`` (a closed night's): how its close settled it, players by name:
  ``{"mode": "fewest"|"hub", "hub": "Chus", "resolution": "charge", "charged": "Bruno",
  "override_reason": "...", "entered_by": "host:ana", "entered_at": "2026-03-15T01:10:00+00:00",
  "transfers": [{"payer": "Bruno", "payee": "Ana", "cents": 120}]}``; the import closes
  the night the same way (:func:`file_settlement`): with the reason the host gave to close
  it while a dispute was open (``override_reason``), by whom and when; and when the file
  gives its ``transfers``, a close here that would settle otherwise is not made (the night
  stays open and the import says why, code ``file_record_differs``, what ``settlement``).
- ``uid``: the night's stable id (a UUID): a file whose night the club already has is
  refused, naming that night (``store.files.identity``), unless it is imported as a copy;
  ``copy_of``: for a copy's night, the id of the night it copies ('' when not known).
- ``disputes``, ``expenses``, ``payments``: the night's disputes with their rulings, its
  shared expenses and the marks on its transfers (``store.files.night_records``).

The download writes every key it has a value for; a file from before these keys (no
``uid``, no records) imports as before, and is matched by the fingerprint of its hands and
ledger (``store.files.identity``).
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from store.core.checks import StoreError, whole_number
from store.core.times import zone
from store.files.night_records import night_records
from store.hand.rows import current_hand
from store.money.ledger import MODES, close_options
from store.night.nights import get_night, start_in_bounds, table_players
from store.player.players import get_player

NIGHT_KEY = "tapete"
"""The session file's top-level key of the block."""

MAX_FILE_TITLE = 120
"""Longest title the block may give (the host's form takes as many)."""

FALLBACK = {"chip_cents": 1, "chips_per": 1, "currency": "EUR", "timezone": "Europe/Madrid",
            "started_at": None, "title": None}
"""An option neither the host nor the file gives (``store.files.importer.import_session``'s
defaults before the block: 1 cent a chip)."""


def night_block(db: Database, night_id: int) -> dict:
    """The stored night's block (see the module): its stable id (``uid``; ``copy_of`` for
    a copy), chip value, currency, zone, start (UTC, ISO 8601), title when it has one,
    ``closed`` and ``hand_in_progress``, the close's ``settlement``, and its disputes,
    expenses and payments (``store.files.night_records.night_records``). Read-only.

    :raises StoreError: no such night (``no_night``).
    """
    night = get_night(db, night_id)
    block = {"uid": night["uid"], "copy_of": night["copy_of"],
             "chip_cents": night["chip_cents"], "chips_per": night["chips_per"] or 1,
             "currency": night["currency"], "timezone": night["timezone"], "title": night["title"],
             "started_at": night["started_at"], "closed": night["closed"],
             "hand_in_progress": current_hand(db, night_id) is not None,
             "settlement": _settlement(db, night_id) if night["closed"] else None,
             **night_records(db, night_id)}
    return {k: v for k, v in block.items() if v is not None}


def _settlement(db: Database, night_id: int) -> dict:
    """How the closed night was settled (:func:`store.money.ledger.close_options`), players by
    name: ``{"mode", "hub", "resolution", "charged", "override_reason", "entered_by",
    "entered_at", "transfers"}`` (the live close's), the keys with no value left out."""
    options = close_options(db, night_id)

    def name(player_id: int | None) -> str | None:
        return None if player_id is None else get_player(db, player_id)["name"]

    close = get_night(db, night_id)["close"]
    names = {p["player_id"]: p["name"] for p in table_players(db, night_id)}
    out = {"mode": options["mode"], "hub": name(options["hub_player_id"]),
           "resolution": options["resolution"], "charged": name(options["charge_player_id"]),
           "override_reason": close["detail"].get("override_reason"), "entered_by": _by_name(close["entered_by"], names),
           "entered_at": close["entered_at"],
           "transfers": None if "transfers" not in close["detail"] else  # (a close from before it kept them)
           [{"payer": t.get("payer") or names.get(t["payer_id"]), "payee": t.get("payee") or names.get(t["payee_id"]),
             "cents": t["cents"]} for t in close["detail"]["transfers"]]}
    return {k: v for k, v in out.items() if v is not None}


def _by_name(entered_by: str | None, names: dict[int, str]) -> str | None:
    """Who closed the night as the file writes it: a player's ``player:<id>`` as
    ``player:<name>`` (``store.files.night_records``), anything else as kept."""
    if isinstance(entered_by, str) and entered_by.startswith("player:") and entered_by[7:].isdigit():
        name = names.get(int(entered_by[7:]))
        return None if name is None else f"player:{name}"
    return entered_by


def file_settlement(session: dict) -> dict:
    """The block's ``settlement`` (how a closed night was settled: see :func:`night_block`),
    checked: ``{"mode": "fewest"|"hub", "hub": name, "resolution": "charge"|"credit"|
    "split"|"recount", "charged": name}``, each key optional; {} without one.

    :raises StoreError: code ``session_invalid``, what ``night``, field ``settlement``: not
        an object, an unknown mode or resolution, a name that is not a short text.
    """
    block = session.get(NIGHT_KEY)
    settlement = block.get("settlement") if isinstance(block, dict) else None
    if settlement is None:
        return {}
    if not isinstance(settlement, dict) or set(settlement) - set(SETTLEMENT_CHECKS) or not all(
            ok(settlement[key]) for key, ok in SETTLEMENT_CHECKS.items() if key in settlement):
        raise _refuse("settlement", "settlement")
    return dict(settlement)


FAULTS = {
    "": ("object",),
    "chip_cents": ("whole",),
    "chips_per": ("whole",),
    "currency": ("code",),
    "timezone": ("unknown",),
    "title": ("text",),
    "started_at": ("not_a_time", "range"),
    "closed": ("boolean",),
    "hand_in_progress": ("boolean", "in_closed"),
    "settlement": ("settlement",),
    "uid": ("uid",),
    "copy_of": ("uid",),
    "disputes": ("records", "player", "correction"),
    "expenses": ("records", "player"),
    "payments": ("records", "player"),
}
"""Block key ("": the block itself) -> each ``reason`` the import refuses it for (the
refusal's params: ``field`` and ``reason``; ``web.core.refusals`` says each pair as its own
sentence): ``object`` the block is not one; ``whole`` not a whole number from 1 to
``store.core.checks.MAX_CHIPS``; ``code`` not a three-letter currency code; ``unknown`` no IANA time
zone; ``text`` not one line of 1 to :data:`MAX_FILE_TITLE` characters (param ``limit``);
``not_a_time`` no ISO 8601 date and time with its offset; ``range`` before
``store.night.nights.EARLIEST_START`` or more than a year from now (``store.night.nights.start_in_bounds``,
the new-night form's bounds); ``boolean`` not true or false; ``in_closed`` a hand in
progress in a closed night; ``settlement`` see :func:`file_settlement`; ``uid`` not a
UUID (``store.files.identity``); ``records`` a record that cannot be read, ``player`` one
naming someone who is not a player of the file, ``correction`` a ruling's corrected
lines that are not its hand's (``store.files.night_records``; param ``entry``, 1-based)."""


def _refuse(field: str, reason: str) -> StoreError:
    """The refusal of the block's ``field`` for ``reason`` (one of :data:`FAULTS`'s)."""
    return StoreError("session_invalid", what="night", field=field, reason=reason, limit=MAX_FILE_TITLE)


def _one_line(value: object) -> bool:
    """A title or a player's name: one printable line of 1 to :data:`MAX_FILE_TITLE`
    characters."""
    return isinstance(value, str) and 0 < len(value.strip()) <= MAX_FILE_TITLE and value.isprintable()


def _whole(value: object) -> bool:
    return whole_number(value, low=1)  # 1 to MAX_CHIPS, as store.night.nights.create_night


CHECKS = {
    "chip_cents": _whole,
    "chips_per": _whole,
    "currency": lambda v: isinstance(v, str) and len(v) == 3 and v.isascii() and v.isalpha(),
    "title": _one_line,
    "closed": lambda v: isinstance(v, bool),
    "hand_in_progress": lambda v: isinstance(v, bool),
}
"""Block key -> whether a value is one the import can use (``timezone`` and ``started_at``
are read by :func:`file_night` itself); refused for its one reason in :data:`FAULTS`."""


def _transfers(value: object) -> bool:
    """A settlement's transfers: ``[{"payer": name, "payee": name, "cents": whole >= 0}]``."""
    return isinstance(value, list) and all(
        isinstance(t, dict) and set(t) == {"payer", "payee", "cents"} and _one_line(t["payer"])
        and _one_line(t["payee"]) and whole_number(t["cents"], high=None) for t in value)


SETTLEMENT_CHECKS = {
    "mode": lambda v: v in MODES,
    "hub": _one_line,
    "resolution": lambda v: v in ("charge", "credit", "split", "recount"),
    "charged": _one_line,
    "override_reason": lambda v: isinstance(v, str) and 0 < len(v.strip()) <= 1000,
    "entered_by": lambda v: isinstance(v, str) and 0 < len(v) <= 200 and v.isprintable(),
    "entered_at": lambda v: _when(v) is not None,
    "transfers": _transfers,
}
"""Key of the block's ``settlement`` -> whether a value is one the import can use
(:func:`file_settlement`)."""


def _when(value: object) -> datetime | None:
    """An ISO 8601 date and time with its offset, or None when it is not one."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


OPTION_FIELDS = ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at")
"""The block's keys that are the night's options: each checked only when the import uses
it (:func:`night_options`: a value the host gives overrides the file's, whose own value is
then neither used nor checked)."""

STATE_FIELDS = ("closed", "hand_in_progress")
"""The block's keys that say the night's state: always used, always checked."""


def file_night(session: dict, fields=OPTION_FIELDS) -> dict:
    """The session's block (see the module), checked: the state keys
    (:data:`STATE_FIELDS`) and those of ``fields`` (default every option; ``()``: the
    state only) that the block gives, with ``currency`` upper-cased, ``title`` stripped and
    ``started_at`` an aware datetime; {} without a block. The block's other keys are not
    read, so not checked (a key the host overrides; keys of its own, as CONTRACT.md 1
    ignores keys).

    :raises StoreError: code ``session_invalid``, what ``night``, ``field`` naming the key:
        the block is not an object, or a value the import cannot use (a chip value that is
        not a whole number above 0, an unknown time zone, a start without its offset, a
        hand in progress in a closed night, a start before 2000 or more than a year ahead
        ...), with ``reason`` (:data:`FAULTS`).
    """
    block = session.get(NIGHT_KEY)
    if block is None:
        return {}
    if not isinstance(block, dict):
        raise _refuse("", "object")
    wanted = set(fields) | set(STATE_FIELDS)
    out = {}
    for field, ok in CHECKS.items():
        if field in block and field in wanted:
            if not ok(block[field]):
                raise _refuse(field, FAULTS[field][0])
            out[field] = block[field]
    if "currency" in out:
        out["currency"] = out["currency"].upper()
    if "title" in out:
        out["title"] = out["title"].strip()
    if "timezone" in block and "timezone" in wanted:
        if not isinstance(block["timezone"], str):
            raise _refuse("timezone", "unknown")
        try:
            zone(block["timezone"])
        except StoreError:
            raise _refuse("timezone", "unknown") from None
        out["timezone"] = block["timezone"]
    if "started_at" in block and "started_at" in wanted:
        out["started_at"] = _when(block["started_at"])
        if out["started_at"] is None:
            raise _refuse("started_at", "not_a_time")
        if not start_in_bounds(out["started_at"]):
            raise _refuse("started_at", "range")
    if out.get("hand_in_progress") and out.get("closed", True):
        raise _refuse("hand_in_progress", "in_closed")
    return out


def night_options(session: dict, defaults: dict | None = None, **given) -> dict:
    """The night's options for ``store.night.nights.create_night``: each the host gave (not
    None), else the file's (:func:`file_night`), else ``defaults``' (the caller's: the web
    form's 10 cents a chip, the club's zone, the file's name as title), else
    :data:`FALLBACK`.

    The chip value is one pair: when the host gives ``chip_cents``, ``chips_per`` is the
    host's (1 when not given), never the file's; otherwise the pair is the file's when it
    has ``chip_cents``, else the defaults' with the host's ``chips_per``.

    :param given: ``chip_cents``, ``chips_per``, ``currency``, ``timezone``,
        ``started_at`` (naive: in the resolved zone), ``title``; None: not given.
    :returns: a dict of those six keys.
    :raises StoreError: a block value the import would use and cannot (:func:`file_night`);
        a file's value the host overrides is not checked (nor used).
    """
    used = [name for name in ("currency", "timezone", "started_at", "title") if given.get(name) is None]
    if given.get("chip_cents") is None:
        used += ["chip_cents", "chips_per"]
    kept = file_night(session, fields=used)
    fallback = {**FALLBACK, **(defaults or {})}
    out = {}
    for name in ("currency", "timezone", "started_at", "title"):
        for source in (given, kept, fallback):
            if source.get(name) is not None:
                out[name] = source[name]
                break
        else:
            out[name] = None
    if given.get("chip_cents") is not None:
        out["chip_cents"], out["chips_per"] = given["chip_cents"], given.get("chips_per") or 1
    elif "chip_cents" in kept:
        out["chip_cents"], out["chips_per"] = kept["chip_cents"], kept.get("chips_per", 1)
    else:
        out["chip_cents"] = fallback["chip_cents"]
        out["chips_per"] = given.get("chips_per") or fallback["chips_per"]
    return out


def left_in_play(session: dict) -> tuple[bool, bool]:
    """``(open, hand_in_progress)``: whether the file's block says the night was still in
    play (``closed`` false) and its last hand had not ended (:func:`file_night`)."""
    kept = file_night(session, fields=())
    is_open = kept.get("closed") is False
    return is_open, is_open and bool(kept.get("hand_in_progress")) and bool(session.get("hands"))
