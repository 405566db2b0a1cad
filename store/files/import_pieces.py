"""Writing an imported night in pieces (issue 25, "uploads in pieces"), after
``store.files.importer`` has checked the file (everything that can be checked without
writing: a refused file stores nothing).

The night is written in short write transactions, so a tablet tapping another night waits
at most about one piece (``store.core.transactions.in_pieces``), never the whole file:

1. the first piece: the night, made invisible (``nights.import_state`` ``importing``:
   ``store.night.importing``; a stable id of its own and no import key yet), its players
   seated, their buy-ins, the counts made before the first hand;
2. the hands, a piece at a time (each hand whole, judged once, its rows linked in one
   batch: ``store.hand.whole_hands.write_hand``), with the rebuys before each and the
   counts made after it;
3. the last piece, one transaction: the club's night checked again under the lock (the
   same file uploaded meanwhile is refused), the counts of the players the file does not
   count (at the chips on the table, read before it, after the disputes and rulings, which
   are a piece of their own), the expenses, the close (a savepoint: refused, the
   night stays open and :attr:`Imported.close_refused` says why), the payment marks, and
   the night made visible with the file's stable id and the import's key. So the night
   appears whole, at once, or not at all. What of it walks the whole night is read before
   the lock is taken (the chips on the table; the seats each hand's log names, which the
   close's summary counts hands by: ``store.hand.rows.dealt_in_read_before``, used under
   the lock only while the night's log is unchanged), so this piece holds the lock a few
   ms whatever the night's length (issue 25: a 2,500-hand file's held it over a second).
   Before it and before the disputes' piece, the process's writers waiting for the lock
   go first (``store.core.transactions.let_writers_in``).

A piece refused (a ``StoreError``, the lock held past the busy timeout, anything) leaves
the night invisible for ever, marked ``failed`` in a small transaction of its own, its
rows kept (the log is append-only), and the same error is raised: the page and the command
line say the same words as for a file refused before anything was written.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from referee.count import Count
from store.core.checks import MAX_CHIPS, StoreError
from store.core.records import existing
from store.core.transactions import in_pieces, let_writers_in, recorded_at, write_tx
from store.files.failed_imports import keep_failure
from store.files.identity import copy_origin, file_copy_of, file_uid, new_uid, present_night, refuse_present
from store.files.night_block import file_night, file_settlement, left_in_play
from store.files.night_records import Players, Records, enter_disputes, enter_expenses, enter_payments
from store.hand.events import check_night
from store.hand.rows import dealt_in_read_before
from store.hand.whole_hands import HandRun, write_hand
from store.money.ledger import buy_in, cash_out, close_night
from store.night.importing import FAILED, IMPORTING, writing
from store.night.nights import create_night, get_night, seat_player, table_players
from store.player.players import find_player, name_key, player_by_name


@dataclass(frozen=True)
class Imported:
    """What ``store.files.importer.import_night`` did: ``night_id``; ``new`` (False: the
    same file with the same options was imported as a copy before, and this is that copy,
    untouched); ``close_refused`` (the file says the night was closed and the close was
    refused: the ``store.money.ledger.close_night`` refusal, its code and params for the
    pages' words; the night is imported and open), else None."""

    night_id: int
    new: bool
    close_refused: StoreError | None = None


class _CopyMadeMeanwhile(Exception):
    """The same copy (its import key) was made by another import while this one wrote its
    pieces: that copy is the answer (``night_id``), this night is left failed."""

    def __init__(self, night_id: int) -> None:
        super().__init__(night_id)
        self.night_id = night_id


@dataclass
class _Table:
    """What the first piece seated: the night, seat (str) -> player id, the file's counts
    by the hand they were made after (0: before the first), the seats with chips bought
    since their last count."""

    night_id: int
    by_seat: dict[str, int]
    counts: dict[int, list[Count]]
    uncounted: set[str]


def refuse_present_file(db: Database, session: dict, key: str) -> None:
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


def write_night(db: Database, session: dict, players: list[dict], key: str, *, records: Records,
                lines: dict[int, list[str]], copy: bool, entered_by: str, host: str, counts: list[Count],
                progress=None, **night) -> Imported:
    """Write a checked session as a new night, in pieces (see the module).

    :param players: the file's players; ``counts``: its cash-out counts
        (``store.files.importer.file_counts``); ``records``: its block's records; ``lines``:
        each hand's lines as first logged, by number (``store.files.importer.check_hands``).
    :param key: the import's key (``store.files.importer.import_key``), given to the night
        by the last piece.
    :param progress: called after each piece of hands commits with ``(hands written,
        hands in the file)``, or None.
    :param night: the night's options (``store.files.night_block.night_options``).
    :raises StoreError: ``night_present`` (not with ``copy``), and any refusal of a piece
        (the night left failed and invisible).
    """
    table = _first_piece(db, session, players, key, copy=copy, counts=counts, host=host, entered_by=entered_by,
                         **night)
    if isinstance(table, Imported):
        return table
    hands = session.get("hands") or []
    run = HandRun(table.night_id)  # (the night's state kept from hand to hand: only this import writes it)

    def write(number: int) -> None:
        with writing(table.night_id):  # (not around ``progress``: it sees what the club sees)
            _write_hand(db, session, table, number, key, lines[number], entered_by, run)

    try:
        in_pieces(db, range(1, len(hands) + 1), write,
                  done=None if progress is None else lambda written: progress(written, len(hands)))
        with writing(table.night_id):
            if records.disputes:
                let_writers_in(db)
                with write_tx(db):  # (a piece of its own: each ruling judges its hand again)
                    enter_disputes(db, table.night_id, records, _players(db, table.night_id), entered_by=entered_by)
            # (kept while the hands were written when no ruling has changed them since, else read
            # outside the lock: nobody else writes here)
            kept = run.whole and not records.disputes
            final = _table_chips(db, session, table.night_id, run.chips if kept else None)
        closing = file_night(session, fields=()).get("closed") is True
        # (the close's walk of the log kept or read before the lock too, checked again under it: issue 25)
        read_before = (dealt_in_read_before(db, table.night_id, run.tags if kept else None) if closing
                       else contextlib.nullcontext())
        let_writers_in(db)
        with read_before, write_tx(db), writing(table.night_id):
            return _last_piece(db, session, table, key, records, final, copy=copy, entered_by=entered_by)
    except _CopyMadeMeanwhile as made:
        _mark_failed(db, table.night_id, StoreError("night_present", night=made.night_id, how="file"))
        return Imported(made.night_id, False)
    except BaseException as exc:
        _mark_failed(db, table.night_id, exc)
        raise


def _first_piece(db, session, players, key, *, copy, counts, host, entered_by, chip_cents, chips_per, currency,
                 timezone, started_at, title) -> _Table | Imported:
    """The night (invisible), its players seated, their buy-ins and the counts before the
    first hand, in one write transaction; for a copy whose key the club has (made since
    the caller looked), that copy (:class:`Imported`, nothing written)."""
    with write_tx(db):
        if copy:
            found = existing(db, "nights", key)  # the same copy made meanwhile (checked under the lock)
            if found is not None:
                return Imported(found, False)
            copy_of = copy_origin(db, session)
        else:  # (the club's night: checked before, and again by the last piece, under the lock)
            copy_of = file_copy_of(session)
        night_id = create_night(db, rules=session.get("rules") or "jackpots", chip_cents=chip_cents,
                                chips_per=chips_per, currency=currency, timezone=timezone,
                                started_at=started_at, host=host, title=title, note=session.get("note"),
                                uid=new_uid(), copy_of=copy_of, importing=True)
        table = _Table(night_id, {}, {}, set())
        for count in counts:
            table.counts.setdefault(count.after, []).append(count)
        with writing(night_id):
            for p in players:
                player_id = player_by_name(db, str(p.get("name") or f"seat {p.get('seat')}"))
                seat = str(p.get("seat"))
                seat_player(db, night_id, player_id, p.get("seat"), entered_by=entered_by)
                table.by_seat[seat] = player_id
                table.uncounted.add(seat)
                if p.get("stack", 0):
                    buy_in(db, night_id, player_id, p["stack"], entered_by=entered_by)
            _count(db, table, 0, entered_by)
        return table


def _write_hand(db: Database, session: dict, table: _Table, number: int, key: str, actions: list[str],
                entered_by: str, run: HandRun) -> None:
    """Hand ``number`` of the file (1-based): the rebuys before it, the hand whole (its
    ``actions`` as first logged; ``run``: the night as the hand before left it,
    ``store.hand.whole_hands.HandRun``), the counts made after it (inside a piece)."""
    hands = session.get("hands") or []
    hand = hands[number - 1]
    for seat, chips in (hand.get("rebuys") or {}).items():
        if str(seat) not in table.by_seat:
            raise StoreError("session_invalid", what="hand_seat", hand=number, field="rebuys", seat=str(seat))
        try:
            buy_in(db, table.night_id, table.by_seat[str(seat)], chips, entered_by=entered_by)
        except StoreError as exc:
            raise rebuy_refused(exc, number, str(seat)) from None
        table.uncounted.add(str(seat))
    _, in_progress = left_in_play(session)
    try:
        write_hand(db, table.night_id, button=hand.get("button"), stacks=hand.get("stacks"), actions=actions,
                   keys=[f"{key}:{table.night_id}:{number}:{i}" for i in range(len(actions))],
                   end=number < len(hands) or not in_progress, entered_by=entered_by, run=run)
    except StoreError as exc:
        raise line_refused(exc, number) from None
    _count(db, table, number, entered_by)


def _last_piece(db: Database, session: dict, table: _Table, key: str, records: Records, final: dict[str, int], *,
                copy: bool, entered_by: str) -> Imported:
    """The rest of the night and its appearance, inside one write transaction (see the
    module, 3; the disputes entered before, in a piece of their own, and ``final``, the
    chips on the table after the last hand, read before: :func:`_table_chips`)."""
    night_id = table.night_id
    if copy:
        found = existing(db, "nights", key)
        if found is not None:
            raise _CopyMadeMeanwhile(found)
        uid = None
    else:
        refuse_present_file(db, session, key)  # the same file, uploaded meanwhile, finished first
        uid = file_uid(session)
    still_open, _ = left_in_play(session)
    if not still_open:
        _count_the_rest(db, table, final, entered_by)
    by_name = _players(db, night_id)
    enter_expenses(db, night_id, records, by_name, entered_by=entered_by)
    refused = None
    if file_night(session, fields=()).get("closed") is True:
        settlement = file_settlement(session)
        try:
            with write_tx(db):  # (a savepoint: a refusal writes nothing)
                with recorded_at(_when(settlement.get("entered_at"))):
                    close_night(db, night_id, entered_by=by_name.entered_by(settlement.get("entered_by"), entered_by),
                                override_reason=settlement.get("override_reason"), **_settled_as(db, settlement))
                _same_transfers(db, night_id, settlement)
        except StoreError as exc:
            refused = _as_filed(exc, settlement)
    enter_payments(db, night_id, records, by_name, closed=get_night(db, night_id)["closed"], entered_by=entered_by)
    db.execute("UPDATE nights SET uid = COALESCE(?, uid), key = ?, import_state = NULL WHERE id = ? "
               "AND import_state = ?", [uid, key, night_id, IMPORTING])
    return Imported(night_id, True, refused)


def _mark_failed(db: Database, night_id: int, exc: BaseException) -> None:
    """Mark the night's import failed (invisible for ever, its rows kept) and keep why
    (``store.files.failed_imports.keep_failure``: ``exc``'s code and params when it is a
    refusal, else ``import_cut_off``), in a write transaction of its own; when even that
    cannot be written (the lock, the disk), the night stays ``importing``: as invisible."""
    try:
        with recorded_at(None), write_tx(db):
            if db.execute("UPDATE nights SET import_state = ? WHERE id = ? AND import_state = ?",
                          [FAILED, night_id, IMPORTING]).rowcount:
                keep_failure(db, night_id, exc)
    except Exception:  # noqa: BLE001 (the import's own error is the one to raise)
        pass


def fail_interrupted(db: Database) -> int:
    """Mark failed every night still being imported: called when no server and no import
    can be writing one (``flask init-db`` with no server on the database, as
    ``scripts/serve`` runs it before the server starts), so an upload cut off by a stop or
    a crash does not stay ``importing`` for ever (each kept as ``import_cut_off``,
    ``store.files.failed_imports``). Nothing is deleted.

    :returns: how many nights were marked failed.
    """
    with write_tx(db):
        cut = [r[0] for r in db.execute("SELECT id FROM nights WHERE import_state = ?", [IMPORTING]).fetchall()]
        for night_id in cut:
            db.execute("UPDATE nights SET import_state = ? WHERE id = ?", [FAILED, night_id])
            keep_failure(db, night_id, None)
        return len(cut)


def _players(db: Database, night_id: int) -> Players:
    """The night's players by name key (``store.files.night_records.Players``)."""
    return Players({name_key(p["name"]): p["player_id"] for p in table_players(db, night_id)})


def _count(db: Database, table: _Table, after: int, entered_by: str) -> None:
    """Enter the file's counts made after hand ``after`` (0: before the first) as cash-outs;
    the seats are counted (taken out of ``table.uncounted``)."""
    for count in table.counts.get(after, ()):
        cash_out(db, table.night_id, table.by_seat[str(count.seat)], count.chips, entered_by=entered_by)
        table.uncounted.discard(str(count.seat))


def _count_the_rest(db: Database, table: _Table, final: dict[str, int], entered_by: str) -> None:
    """Count each seat the file does not count (or that bought chips since its count) at
    the chips the log implies (``final``: :func:`_table_chips`).

    :raises StoreError: ``session_invalid`` what ``ends_too_many`` (seat, max)."""
    for seat, player_id in table.by_seat.items():
        if seat not in table.uncounted:
            continue  # counted as the file says
        chips = int(final.get(seat, 0))
        if chips > MAX_CHIPS:
            raise StoreError("session_invalid", what="ends_too_many", seat=seat, max=MAX_CHIPS)
        cash_out(db, table.night_id, player_id, chips, entered_by=entered_by)


def _table_chips(db: Database, session: dict, night_id: int, kept: dict[str, int] | None = None) -> dict[str, int]:
    """Seat -> the chips the seat holds after the last hand it played: the referee's chips
    on the table (``chips_on_table`` of the seat's last hand entry, CONTRACT.md 4: its stack
    plus what the dealer's pushes gave or took against the rules and the ``d move`` lines, a
    stated stack starting the seat afresh); a seat no hand dealt in, its buy-in (the
    session's starting stack). Read-only. ``kept``: each seat's chips after its last hand,
    as the hands were judged when written (``store.hand.whole_hands.HandRun.chips``, every
    hand of the night, none changed since): then no judgement is read."""
    final = {str(p["seat"]): p.get("stack", 0) for p in session.get("players") or []}
    if kept is not None:
        return final | kept
    for entry in check_night(db, night_id).get("hands", []):
        final.update({str(k): v for k, v in (entry.get("chips_on_table") or entry.get("stacks") or {}).items()})
    return final


def rebuy_refused(exc: StoreError, number: int, seat: str) -> StoreError:
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


def line_refused(exc: StoreError, number: int) -> StoreError:
    """A refusal of hand ``number``'s lines as the import says it: a line the referee
    cannot read, that names a seat nobody takes, or with a number past ``MAX_CHIPS``
    (:data:`LINE_REFUSALS`) is ``session_invalid`` naming the hand, the line (``line``,
    1-based among the hand's actions) and its ``text`` (with ``seat`` and ``seats``, or
    ``limit``); any other refusal as it was."""
    what = LINE_REFUSALS.get(exc.code or "")
    if what is None or exc.params.get("index") is None:
        return exc
    params = {k: v for k, v in exc.params.items() if k in ("text", "seat", "seats", "limit")}
    return StoreError("session_invalid", what=what, hand=number, line=exc.params["index"] + 1, **params)


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
