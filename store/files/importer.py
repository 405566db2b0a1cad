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
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from referee.count import Count, session_counts
from referee.phh import NotPHHError, VariantError, load_phh
from referee.rules import RulesError, resolve_rules
from store.core.checks import MAX_CHIPS, StoreError, chip_amount
from store.core.records import existing
from store.core.transactions import recorded_at, write_tx
from store.files.identity import copy_origin, file_copy_of, file_uid, new_uid, present_night, refuse_present
from store.files.night_block import file_night, file_settlement, left_in_play, night_options
from store.files.night_records import Players, Records, enter_disputes, enter_expenses, enter_payments, file_records
from store.files.phh_night import night_fields
from store.hand.events import MAX_ACTION, append_actions, check_night, end_hand, night_session, start_hand
from store.money.ledger import buy_in, cash_out, close_night
from store.night.nights import create_night, get_night, playable, seat_player, stakes_in_bounds, table_players
from store.player.players import find_player, name_key, player_by_name

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


@dataclass(frozen=True)
class Imported:
    """What :func:`import_night` did: ``night_id``; ``new`` (False: the same file with the
    same options was imported as a copy before, and this is that copy, untouched);
    ``close_refused`` (the file says the night was closed and the close was refused: the
    ``store.money.ledger.close_night`` refusal, its code and params for the pages' words; the
    night is imported and open), else None."""

    night_id: int
    new: bool
    close_refused: StoreError | None = None


def import_session(db: Database, session: dict, **options) -> int:
    """:func:`import_night` (same arguments), returning the night id only."""
    return import_night(db, session, **options).night_id


def import_night(db: Database, session: dict, *, chip_cents: int | None = None,
                 chips_per: int | None = None, currency: str | None = None, timezone: str | None = None,
                 started_at: datetime | None = None, host: str = "host", title: str | None = None,
                 entered_by: str = "import", key: str | None = None, defaults: dict | None = None,
                 copy: bool = False) -> Imported:
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
    same transaction: the rulings after the hands (each hand stored as first logged and
    corrected by its ruling again), the expenses, the close (the file's settlement, by whom
    and when; its transfers checked), then the marks.

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
        (``file_record_differs``), or a session the store refuses (nothing written).
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
        _refuse_present(db, session, key)
    players = session.get("players") or []
    names = [name_key(str(p.get("name") or f"seat {p.get('seat')}")) for p in players]
    if len(set(names)) != len(names):
        raise StoreError("session_invalid", what="shared_name")
    try:
        return _import(db, session, players, key, host=host, entered_by=entered_by, copy=copy, **options)
    except StoreError:
        raise
    except (ValueError, TypeError, OverflowError):  # e.g. the referee's SessionError
        raise StoreError("session_invalid", what="replay") from None


def _refuse_present(db: Database, session: dict, key: str) -> None:
    """Refuse a file whose night the club has (:func:`store.files.identity.present_night`), or
    that was imported before under ``key`` (the same file with the same options, its night
    changed since). Read-only.

    :raises StoreError: ``night_present`` (``night``, ``how``)."""
    found = present_night(db, session)
    if found is not None:
        raise refuse_present(found)
    before = existing(db, "nights", key)
    if before is not None:
        raise StoreError("night_present", night=before, how="file")


def import_key(session: dict, options: dict, *, copy: bool = False) -> str:
    """The import's idempotency key: ``import:`` (``import:copy:`` for a deliberate copy)
    and a digest of the session and the night's resolved options
    (:func:`store.files.night_block.night_options`: chip value, currency, zone, title, start)."""
    fields = [options[k] for k in ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at")]
    digest = hashlib.sha256(json.dumps([session, *fields], sort_keys=True, default=str).encode()).hexdigest()[:32]
    return f"import:copy:{digest}" if copy else f"import:{digest}"


def _import(db, session, players, key, *, entered_by, copy, **night) -> Imported:
    records = file_records(session)
    with write_tx(db):
        if copy:
            found = existing(db, "nights", key)  # the same copy made meanwhile (checked under the lock)
            if found is not None:
                return Imported(found, False)
            identity = {"uid": new_uid(), "copy_of": copy_origin(db, session)}
        else:
            _refuse_present(db, session, key)  # (again, under the lock)
            identity = {"uid": file_uid(session) or new_uid(), "copy_of": file_copy_of(session)}
        night_id = _store_night(db, session, players, key, entered_by=entered_by, records=records,
                                **identity, **night)
        by_name = Players({name_key(p["name"]): p["player_id"] for p in table_players(db, night_id)})
        enter_expenses(db, night_id, records, by_name, entered_by=entered_by)
        refused = None
        if file_night(session, fields=()).get("closed") is True:
            settlement = file_settlement(session)
            try:
                with write_tx(db):  # (a savepoint: a refusal writes nothing)
                    with recorded_at(_when(settlement.get("entered_at"))):
                        close_night(db, night_id, entered_by=by_name.entered_by(settlement.get("entered_by"),
                                                                                entered_by),
                                    override_reason=settlement.get("override_reason"),
                                    **_settled_as(db, settlement))
                    _same_transfers(db, night_id, settlement)
            except StoreError as exc:
                refused = _as_filed(exc, settlement)
        enter_payments(db, night_id, records, by_name, closed=get_night(db, night_id)["closed"],
                       entered_by=entered_by)
    return Imported(night_id, True, refused)


def _when(text: str | None) -> datetime | None:
    """A settlement's ``entered_at`` (checked by ``file_settlement``) as a datetime."""
    return None if text is None else datetime.fromisoformat(text)


def _same_transfers(db: Database, night_id: int, settlement: dict) -> None:
    """Refuse a close whose transfers are not the file's (its settlement's ``transfers``,
    when it gives them): the night here would settle otherwise than the night the file
    was downloaded from.

    :raises StoreError: ``file_record_differs``, what ``settlement``."""
    if "transfers" not in settlement:
        return
    close = get_night(db, night_id)["close"]
    made = sorted((name_key(t["payer"]), name_key(t["payee"]), t["cents"]) for t in close["detail"]["transfers"])
    filed = sorted((name_key(t["payer"]), name_key(t["payee"]), t["cents"]) for t in settlement["transfers"])
    if made != filed:
        raise StoreError("file_record_differs", what="settlement")


def _settled_as(db: Database, settlement: dict) -> dict:
    """``store.money.ledger.close_night``'s settlement arguments for a file's ``settlement``
    (:func:`store.files.night_block.file_settlement`: the mode, the hub and the charged player by
    name, the resolution); {}: the default close (the fewest transfers).

    :raises StoreError: code ``file_settlement_player`` (params ``name``, ``role``
        ``"hub"``): the file's hub is no player of the club (never the host's default hub
        in its place).
    """
    out = {"mode": settlement.get("mode", "fewest"), "resolution": settlement.get("resolution")}
    if "hub" in settlement:
        out["hub_player_id"] = find_player(db, settlement["hub"])
        if out["hub_player_id"] is None and out["mode"] == "hub":
            raise _not_playing(settlement, "hub")
    if "charged" in settlement:
        out["charge_player_id"] = find_player(db, settlement["charged"])
    return out


def _as_filed(refused: StoreError, settlement: dict) -> StoreError:
    """The close's refusal ``refused`` said of the file when it is the file's settlement
    that fails (a name not at tonight's table, or none where one is needed): codes
    ``file_settlement_player`` (params ``name``, ``role`` ``"hub"``|``"charged"``,
    ``resolution``) and ``file_settlement_unnamed`` (``role``, ``resolution``); any other
    refusal as it is."""
    role = {"hub_needed": "hub", "hub_not_playing": "hub", "resolution_player": "charged"}.get(refused.code)
    if role is None:
        return refused
    if role in settlement:
        return _not_playing(settlement, role)
    return StoreError("file_settlement_unnamed", role=role, resolution=settlement.get("resolution"))


def _not_playing(settlement: dict, role: str) -> StoreError:
    name = settlement[role]
    return StoreError("file_settlement_player", name=name, role=role, resolution=settlement.get("resolution"))


def _store_night(db, session, players, key, *, chip_cents, chips_per, currency, timezone, started_at,
                 host, title, entered_by, records: Records, uid: str, copy_of: str | None) -> int:
    """The night, its players, buy-ins, hands (as first logged: ``records.logged``), the
    disputes and rulings (``store.files.night_records.enter_disputes``) and counts (inside the
    import's transaction)."""
    still_open, hand_in_progress = left_in_play(session)
    hands = session.get("hands") or []
    night_id = create_night(db, rules=session.get("rules") or "jackpots", chip_cents=chip_cents,
                            chips_per=chips_per, currency=currency, timezone=timezone,
                            started_at=started_at, host=host, title=title,
                            note=session.get("note"), key=key, uid=uid, copy_of=copy_of)
    by_seat = {}
    counts: dict[int, list[Count]] = {}
    for count in file_counts(session):
        counts.setdefault(count.after, []).append(count)
    uncounted = set()  # seats with chips bought since their last count
    for p in players:
        player_id = player_by_name(db, str(p.get("name") or f"seat {p.get('seat')}"))
        seat = p.get("seat")
        seat_player(db, night_id, player_id, seat, entered_by=entered_by)
        by_seat[str(seat)] = player_id
        stack = p.get("stack", 0)
        uncounted.add(str(seat))
        if stack:
            buy_in(db, night_id, player_id, stack, entered_by=entered_by)
    _count(db, night_id, by_seat, counts.get(0, ()), uncounted, entered_by)
    for number, hand in enumerate(hands, start=1):
        for seat, chips in (hand.get("rebuys") or {}).items():
            if str(seat) not in by_seat:
                raise StoreError("session_invalid", what="hand_seat", hand=number, field="rebuys", seat=str(seat))
            try:
                buy_in(db, night_id, by_seat[str(seat)], chips, entered_by=entered_by)
            except StoreError as exc:
                raise _rebuy_refused(exc, number, str(seat)) from None
            uncounted.add(str(seat))
        hand_id = start_hand(db, night_id, button=hand.get("button"), stacks=hand.get("stacks"),
                             entered_by=entered_by)
        actions = records.logged[number] if number in records.logged else [str(a) for a in hand.get("actions") or []]
        try:
            append_actions(db, hand_id, actions, entered_by=entered_by,
                           keys=[f"{key}:{number}:{i}" for i in range(len(actions))])
        except StoreError as exc:
            raise _line_refused(exc, number) from None
        if number < len(hands) or not hand_in_progress:
            end_hand(db, hand_id, entered_by=entered_by)
        _count(db, night_id, by_seat, counts.get(number, ()), uncounted, entered_by)
    enter_disputes(db, night_id, records, Players({name_key(p["name"]): p["player_id"]
                                                   for p in table_players(db, night_id)}), entered_by=entered_by)
    if still_open:
        return night_id  # a night still in play: counted only as the file says
    final = _table_chips(db, night_id)
    for seat, player_id in by_seat.items():
        if seat not in uncounted:
            continue  # counted as the file says
        chips = int(final.get(seat, 0))
        if chips > MAX_CHIPS:
            raise StoreError("session_invalid", what="ends_too_many", seat=seat, max=MAX_CHIPS)
        cash_out(db, night_id, player_id, chips, entered_by=entered_by)
    return night_id


def _rebuy_refused(exc: StoreError, number: int, seat: str) -> StoreError:
    """A rebuy of hand ``number``'s the store refuses as the import says it: one that takes
    the chips the seat bought tonight past the night's bound (``bought_too_many``,
    :func:`store.money.ledger.buy_in`, the one check of every buy-in) is ``session_invalid``
    what ``bought_too_many`` naming the hand, the seat, the chips bought before it
    (``bought``) and ``max``; any other refusal as it was."""
    if exc.code != "bought_too_many":
        return exc
    return StoreError("session_invalid", what="bought_too_many", hand=number, seat=seat,
                      bought=exc.params["bought"], max=exc.params["max"])


LINE_REFUSALS = {"actions_invalid": "action_unreadable", "action_seat_unknown": "action_seat",
                 "action_too_large": "action_number"}
"""A hand's line the store refuses (``store.hand.events._readable``, the tap's own check)
-> the ``what`` of the import's ``session_invalid`` that names it."""


def _line_refused(exc: StoreError, number: int) -> StoreError:
    """A refusal of hand ``number``'s lines as the import says it: a line the referee
    cannot read, that names a seat nobody takes, or with a number past ``MAX_CHIPS``
    (:data:`LINE_REFUSALS`) is ``session_invalid`` naming the hand, the line (``line``,
    1-based among the hand's actions) and its ``text`` (with ``seat`` and ``seats``, or
    ``limit``); any other refusal as it was."""
    what = LINE_REFUSALS.get(exc.code or "")
    if what is None or exc.params.get("index") is None:
        return exc
    params = {k: v for k, v in exc.params.items() if k in ("text", "seat", "seats", "limit")}
    return StoreError("session_invalid", what=what, hand=number, line=exc.params["index"] + 1,
                      **params)


def _table_chips(db: Database, night_id: int) -> dict[str, int]:
    """Seat -> the chips the seat holds after the last hand it played: the referee's chips
    on the table (``chips_on_table`` of the seat's last hand entry, CONTRACT.md 4: its stack
    plus what the dealer's pushes gave or took against the rules and the ``d move`` lines, a
    stated stack starting the seat afresh); a seat no hand dealt in, its buy-in."""
    final = {str(p["seat"]): p["stack"] for p in night_session(db, night_id)["players"]}
    for entry in check_night(db, night_id).get("hands", []):
        final.update({str(k): v for k, v in (entry.get("chips_on_table") or entry.get("stacks") or {}).items()})
    return final


def _count(db: Database, night_id: int, by_seat: dict[str, int], counts, uncounted: set[str],
           entered_by: str) -> None:
    """Enter the file's ``counts`` made now (between hands) as cash-outs; the seats are
    counted (taken out of ``uncounted``)."""
    for count in counts:
        cash_out(db, night_id, by_seat[str(count.seat)], count.chips, entered_by=entered_by)
        uncounted.discard(str(count.seat))


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
