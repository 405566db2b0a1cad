"""Importing a session file (CONTRACT.md ``tapete/1``) or a PHH hand history as a night.

The night's hands become hand rows with their actions as events (entered_by
``"import"``); players are matched by name (added to the club when new); starting stacks
are buy-ins, ``rebuys`` are rebuys between hands. The file's ``cash_out`` counts
(:func:`referee.count.session_counts`: a number is a count after the last hand, ``{"chips":
C, "after": K}`` the count of a player who left after hand K) are the cash-outs, entered
when they were made (after hand K, before hand K+1's rebuys), so the host's night page
compares them with the referee's stacks (``store.money.counts``); a player the file does not
count, or who bought chips after being counted, is counted at the chips the log implies:
the chips on the table after the last hand the seat played (the referee's ``chips_on_table``:
its stack plus what the dealer's pushes gave or took against the rules and the ``d move``
lines, CONTRACT.md 4; a hand that states a seat's stack starts it from there). So a later
ruling on a wrong push moves the pot once, as it does for a night logged at the table.
Each net is chips counted minus chips bought.

A count of a player who left is entered but the seat is not unseated: a session file keeps
every player at the table to its end, so the stored hands are judged as the file's are.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from referee.count import Count, session_counts
from referee.phh import NotPHHError, VariantError, load_phh
from referee.rules import RulesError, resolve_rules
from store.core.checks import MAX_CHIPS, StoreError, chip_amount
from store.core.records import existing
from store.files.identity import file_copy_of, file_uid
from store.files.import_pieces import Imported, line_refused, refuse_present_file, write_night
from store.files.night_block import file_night, file_settlement, night_options
from store.files.night_records import Records, file_records
from store.files.phh_night import night_fields
from store.hand.events import MAX_ACTION, CheckedLines, checked_lines
from store.night.nights import playable, stakes_in_bounds
from store.player.players import name_key

__all__ = ["Imported", "check_hands", "file_counts", "import_file", "import_key", "import_night",
           "import_night_file", "import_session", "load_session_text", "validate_session"]

PHH_SUFFIXES = (".phh", ".phhs")

SESSION_FORMAT = "tapete/1"
"""The one ``format`` a session file may name (CONTRACT.md 1); a file without ``format`` is
read as this one (the contract's list of keys does not require it, and the referee reads
such a file)."""


MAX_NESTING = 32
"""Lists and objects nested at most this deep in a file the import reads (a session file
nests 4: the session, its hands, a hand, its rebuys; a PHH file read as a session as
many). A deeper file is no session: refused before anything walks it, so no reader
recurses past Python's limit (a 200 KB file of ``[`` nests 100,000 deep)."""


def load_session_text(text: str, name: str = "") -> dict:
    """Parse a session file (JSON) or PHH text (by ``name``'s suffix, or content) to a session.

    :raises StoreError: the text is neither (code ``file_not_json`` for text that looks
        like JSON, else ``phh_unreadable``), a PHH hand of a game the referee does not
        judge (``phh_variant``, param ``variant``: the file's code, such as ``FB``), a PHH
        hand the referee cannot read (``phh_invalid``), lists or objects nested past
        :data:`MAX_NESTING` (``file_too_deep``, param ``limit``), or a session file that is
        not a well-formed ``tapete/1`` object (``session_invalid``: :func:`validate_session`).
    """
    too_deep = StoreError("file_too_deep", limit=MAX_NESTING)
    try:
        session = _parse(text, name)
    except RecursionError:  # a reader recursed past Python's limit
        raise too_deep from None
    if _nesting(session) > MAX_NESTING:
        raise too_deep
    validate_session(session)
    return session


def _parse(text: str, name: str) -> object:
    """The file's content (JSON, else PHH read as a session); see :func:`load_session_text`.

    :raises RecursionError: a reader recursed too deep."""
    if not name.lower().endswith(PHH_SUFFIXES):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            if text.lstrip().startswith(("{", "[")) or name.lower().endswith(".json"):
                raise StoreError("file_not_json", line=exc.lineno) from None
    try:
        session = load_phh(text)
    except NotPHHError:
        raise StoreError("phh_unreadable") from None
    except VariantError as exc:
        raise StoreError("phh_variant", variant=str(exc.variant)) from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        raise StoreError("phh_invalid") from None
    session.update(night_fields(text))  # a Tapete download's night and counts (store.files.phh_night)
    return session


def _nesting(value: object) -> int:
    """How deep lists and dicts nest in ``value`` (0 for a scalar), walked without
    recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item if isinstance(v, (list, dict)))
    return deepest


def _chip_count(value: object, *, low: int = 0, **place) -> None:
    """Refuse a chip amount of a session file that is not a whole number >= ``low`` or is
    past ``MAX_CHIPS`` (the store's one bound of an amount entered,
    :func:`store.core.checks.chip_amount`, said of the file); ``place`` (``player``; or
    ``hand``, ``field``, ``seat``; or ``field="cash_out"``, ``seat``) says where, for the
    page's words (code ``session_invalid``, what ``chips`` / ``too_many``)."""
    try:
        chip_amount(value, low=low)
    except StoreError as exc:
        if exc.code == "too_large":
            raise StoreError("session_invalid", what="too_many", max=MAX_CHIPS, **place) from None
        raise StoreError("session_invalid", what="chips", low=low, **place) from None


def validate_session(session: object) -> None:
    """Check the shape of a ``tapete/1`` session (CONTRACT.md 1) before anything is stored.

    A ``format`` other than :data:`SESSION_FORMAT` is refused (what ``format``): a later
    version's file may mean something else by the same keys; no ``format`` is read as
    ``tapete/1``.

    :raises StoreError: one line saying what is wrong and where (code ``session_invalid``,
        ``what`` naming the fault and params saying where: ``player`` (1-based), ``hand``,
        ``field``, ``seat``; the pages say it in their language, ``web.core.refusals``).
    """
    if not isinstance(session, dict):
        raise StoreError("session_invalid", what="not_object")
    if "format" in session and session["format"] != SESSION_FORMAT:
        raise StoreError("session_invalid", what="format", expected=SESSION_FORMAT)
    players, hands = session.get("players"), session.get("hands", [])
    if not isinstance(players, list) or not players:
        raise StoreError("session_invalid", what="players")
    for i, p in enumerate(players, start=1):
        if not isinstance(p, dict):
            raise StoreError("session_invalid", what="player", player=i)
        seat = p.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 10:
            raise StoreError("session_invalid", what="seat", player=i)
        if "name" in p and (not isinstance(p["name"], str) or not p["name"].strip()):
            raise StoreError("session_invalid", what="name", player=i)
        _chip_count(p.get("stack", 0), player=i)
    seats = [p["seat"] for p in players]
    if len(set(seats)) != len(seats):
        raise StoreError("session_invalid", what="shared_seat")
    if not isinstance(hands, list):
        raise StoreError("session_invalid", what="hands")
    rules = session.get("rules", "jackpots")
    if not isinstance(rules, (str, dict)):
        raise StoreError("session_invalid", what="rules")
    if session.get("note") is not None and not isinstance(session["note"], str):
        raise StoreError("session_invalid", what="note")
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise StoreError("session_invalid", what="hand", hand=number)
        for field in ("rebuys", "stacks"):
            value = hand.get(field)
            if value is None:
                continue
            if not isinstance(value, dict):
                raise StoreError("session_invalid", what="hand_field", hand=number, field=field)
            for seat, chips in value.items():
                if str(seat) not in {str(s) for s in seats}:
                    raise StoreError("session_invalid", what="hand_seat", hand=number, field=field, seat=str(seat))
                _chip_count(chips, low=1 if field == "rebuys" else 0, hand=number, field=field, seat=str(seat))
        button = hand.get("button")
        if button is not None and (isinstance(button, bool) or not isinstance(button, int)):
            raise StoreError("session_invalid", what="button", hand=number)
        actions = hand.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise StoreError("session_invalid", what="actions", hand=number)
        for action in actions:
            text = " ".join(action.split())
            if not text:
                raise StoreError("session_invalid", what="action_empty", hand=number)
            if len(text) > MAX_ACTION:
                raise StoreError("session_invalid", what="action_long", hand=number, limit=MAX_ACTION)
    _check_rules(rules)
    file_counts(session)
    file_night(session, fields=())  # the options: checked when used (night_options)
    file_uid(session)
    file_copy_of(session)
    file_records(session)


def _check_rules(rules: object) -> None:
    """Refuse rules the referee cannot resolve (an unknown preset or override, a value out
    of range: :func:`referee.rules.resolve_rules`), with an ante, blind or bet past the
    night's bound (:func:`store.night.nights.stakes_in_bounds`, the new-night form's
    ``MAX_STAKE``) or no hand can be played with (:func:`store.night.nights.playable`), as
    every night, before anything is stored.

    :raises StoreError: code ``session_invalid``, what ``rules_invalid``; what
        ``rules_too_large`` (``field``: the rules' key, ``max``); or what
        ``rules_unplayable`` with :func:`store.night.nights.playable`'s params (``field``,
        ``reason``, the figures).
    """
    try:
        resolved = resolve_rules(rules)
    except (RulesError, ValueError, TypeError):
        raise StoreError("session_invalid", what="rules_invalid") from None
    try:
        stakes_in_bounds(resolved)
    except StoreError as exc:
        raise StoreError("session_invalid", what="rules_too_large", field=exc.params["field"],
                         max=exc.params["max"]) from None
    try:
        playable(resolved)
    except StoreError as exc:
        raise StoreError("session_invalid", what="rules_unplayable", **exc.params) from None


def file_counts(session: dict) -> list[Count]:
    """The cash-out counts of a session's ``cash_out`` key, read by the referee
    (:func:`referee.count.session_counts`, its format), in seat order; [] without one.

    :raises StoreError: a count the referee cannot read (not an object of seat: chips, a
        seat nobody sits in, chips that are not a whole number >= 0, a hand the file does
        not have: never guessed at, CONTRACT.md 2), or more chips than the store holds.
    """
    hands = session.get("hands") or []
    counts, unreadable = session_counts(session, len(hands))
    if unreadable:
        raise StoreError("session_invalid", what="count")
    for count in counts:
        _chip_count(count.chips, field="cash_out", seat=str(count.seat))
    return counts


def import_session(db: Database, session: dict, **options) -> int:
    """:func:`import_night` (same arguments), returning the night id only."""
    return import_night(db, session, **options).night_id


def import_night(db: Database, session: dict, *, chip_cents: int | None = None,
                 chips_per: int | None = None, currency: str | None = None, timezone: str | None = None,
                 started_at: datetime | None = None, host: str = "host", title: str | None = None,
                 entered_by: str = "import", key: str | None = None, defaults: dict | None = None,
                 copy: bool = False, progress: Callable[[int, int], None] | None = None) -> Imported:
    """Store a session as a new night, replay it, and record its cash-out counts (the
    referee's final stack for a player the file does not count: see the module).

    The night's options (chip value as ``chip_cents`` per ``chips_per`` chips, currency,
    time zone, start, title): each given here (not None), else the file's ``"tapete"``
    block's (a downloaded night's own), else ``defaults``' (the caller's), else 1 cent a
    chip, EUR, Europe/Madrid, now, no title (:func:`store.files.night_block.night_options`). A
    block saying the night was not closed (``"closed": false``) imports it still in play:
    only the file's counts are entered, and a last hand the block says was in progress
    (``"hand_in_progress": true``) is left in progress (:func:`store.files.night_block.left_in_play`).
    A block saying it was closed (``"closed": true``) closes it as the host's close does by
    default (``store.money.ledger.close_night``: the carried pot given back, the fewest
    transfers; ``entered_by``), in the same transaction; when the close is refused (the
    bank does not balance because the file carries no adjustment of the close's, a dispute
    ...) the night stays imported and open and :attr:`Imported.close_refused` says why. A
    file without the block is imported open, as before.

    The block's records (``store.files.night_records``: the disputes with their rulings,
    the expenses, the payment marks) are entered through the store's own functions, in the
    last piece: the rulings after the hands (each hand stored as first logged and
    corrected by its ruling again), the expenses, the close (the file's settlement, by whom
    and when; its transfers checked), then the marks.

    In pieces (``store.files.import_pieces``): the file is checked first, everything that can
    be without writing (:func:`validate_session`, the options, the names, the club's night,
    :func:`check_hands`), so a refusal there stores nothing; then the night is written in
    short write transactions, invisible (``store.night.importing``) until the last one
    makes it whole at once. A piece refused leaves the night invisible, marked failed (its
    rows kept), and raises the same refusal. ``progress``, when given, is called after each
    piece of hands with ``(hands written, hands in the file)``.

    Once: the night is stored with the file's stable id (``store.files.identity``). A file
    whose night the club already has (its id names a night of the club; a file without an
    id: a night with the same hands and buy-ins, :func:`store.files.identity.present_night`),
    or that was imported before (the import's key), is refused, naming that night, and
    nothing is written; unless ``copy``: the night is then stored as a deliberate copy
    (an id of its own, ``copy_of`` naming the night it copies: left out of the club's
    standings and the players' running totals). With ``key`` (default: a digest of the
    session and the resolved options: chip value, currency, zone, title and start, the
    start None when neither the host nor the file gives one, never "now"), the same file
    imported as a copy with the same options again returns that copy (``new`` False);
    another title or start makes another copy.

    :raises StoreError: ``night_present`` (params ``night``, ``how``: ``uid``, ``hands`` or
        ``file``; not with ``copy``), bad players (duplicate seat or name), bad rules, a
        record the store refuses (``file_record_refused``) or whose figures differ here
        (``file_record_differs``), or a session the store refuses (nothing written, or,
        found by a later piece, nothing the club sees).
    """
    validate_session(session)
    options = night_options(session, defaults, chip_cents=chip_cents, chips_per=chips_per, currency=currency,
                            timezone=timezone, started_at=started_at, title=title)
    if key is None:
        key = import_key(session, options, copy=copy)
    if copy:
        found = existing(db, "nights", key)
        if found is not None:
            return Imported(found, False)
    else:
        refuse_present_file(db, session, key)
    players = session.get("players") or []
    names = [name_key(str(p.get("name") or f"seat {p.get('seat')}")) for p in players]
    if len(set(names)) != len(names):
        raise StoreError("session_invalid", what="shared_name")
    records = file_records(session)
    lines = check_hands(session, records)
    if file_night(session, fields=()).get("closed") is True:
        file_settlement(session)  # (its refusal before anything is written)
    try:
        return write_night(db, session, players, key, records=records, lines=lines, copy=copy, host=host,
                           entered_by=entered_by, counts=file_counts(session), progress=progress, **options)
    except StoreError:
        raise
    except (ValueError, TypeError, OverflowError):  # e.g. the referee's SessionError
        raise StoreError("session_invalid", what="replay") from None


def check_hands(session: dict, records: Records) -> dict[int, CheckedLines]:
    """Refuse, before anything is written, what writing the file's hands would refuse part
    way (``store.hand.whole_hands.write_hand``, ``store.money.ledger.buy_in``, the same
    checks, the same codes), so such a file stores nothing: hands with fewer than two
    players (``too_few_players``), a first hand with no button (``button_needed``), a
    button on a seat nobody takes (``button_not_seated``: ``seats``, ``button``), a rebuy
    that takes a seat's chips bought tonight past ``MAX_CHIPS`` (:func:`store.files.import_pieces.rebuy_refused`'s
    ``session_invalid``), and a line a tap could not enter
    (``store.hand.events.checked_lines``, said by :func:`store.files.import_pieces.line_refused`: the hand and the
    line). The session is one :func:`validate_session` passed; ``records``: its block's
    (the hands' lines as first logged).

    :returns: each hand's lines (by number, 1-based), as first logged, checked.
    :raises StoreError: as above.
    """
    players = session.get("players") or []
    seats = {p["seat"] for p in players}
    hands = session.get("hands") or []
    if hands and len(seats) < 2:
        raise StoreError("too_few_players")
    bought = {str(p["seat"]): p.get("stack", 0) for p in players}
    lines, seen = {}, set()   # (a line that comes back, "p3 ante 5", checked once)
    for number, hand in enumerate(hands, start=1):
        for seat, chips in (hand.get("rebuys") or {}).items():
            if bought[str(seat)] + chips > MAX_CHIPS:
                raise StoreError("session_invalid", what="bought_too_many", hand=number, seat=str(seat),
                                 bought=bought[str(seat)], max=MAX_CHIPS)  # (as rebuy_refused says the store's)
            bought[str(seat)] += chips
        button = hand.get("button")
        if button is None and number == 1:
            raise StoreError("button_needed")
        if button is not None and button not in seats:
            raise StoreError("button_not_seated", seats=sorted(seats), button=button)
        actions = records.logged[number] if number in records.logged else hand.get("actions") or []
        try:
            lines[number] = checked_lines(actions, seats, seen)
        except StoreError as exc:
            raise line_refused(exc, number) from None
    return lines


def import_key(session: dict, options: dict, *, copy: bool = False) -> str:
    """The import's idempotency key: ``import:`` (``import:copy:`` for a deliberate copy)
    and a digest of the session and the night's resolved options
    (:func:`store.files.night_block.night_options`: chip value, currency, zone, title, start)."""
    fields = [options[k] for k in ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at")]
    digest = hashlib.sha256(json.dumps([session, *fields], sort_keys=True, default=str).encode()).hexdigest()[:32]
    return f"import:copy:{digest}" if copy else f"import:{digest}"


def import_file(db: Database, path: str | Path, **options) -> int:
    """:func:`import_night_file`, returning the night id only."""
    return import_night_file(db, path, **options).night_id


def import_night_file(db: Database, path: str | Path, **options) -> Imported:
    """Import a session (``.json``) or PHH (``.phh``/``.phhs``) file; see :func:`import_night`
    (the title, when not given: the file's ``"tapete"`` block's, else the file's name).

    :raises StoreError: unreadable file or content.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise StoreError("file_unreadable") from None
    session = load_session_text(text, path.name)
    defaults = {"title": path.stem, **(options.pop("defaults", None) or {})}
    return import_night(db, session, defaults=defaults, **options)
