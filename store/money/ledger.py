"""The money side of a night: buy-ins and rebuys, cash-outs, the bank check, the close,
the summary with its settlement, and what the phone shows of a night in full.

Chips are ints; money is int cents. Every entry is an append-only ``ledger`` row; a
correction is a ``void`` row pointing at the entry it cancels.
"""

from __future__ import annotations

import contextlib
import json
from heapq import merge

from sqlite_utils import Database

from referee.settle import chips_to_cents, largest_remainder, settle, settle_hub
from store.core.checks import MAX_CHIPS, StoreError, chip_amount
from store.core.memo import kept
from store.core.reasons import CARRIED_POT, RULING, coded, stored_reason, typed
from store.core.records import existing, insert_once, keyed_write, require_reason
from store.core.times import local_time
from store.core.transactions import utc_now, write_tx
from store.dispute.disputes import open_dispute_hands
from store.hand.judging import rejudge
from store.hand.rows import current_hand, dealt_in_read_before, live_hand_count, night_dealt_in
from store.money.bank import bank_check, carried_from, carried_pot  # noqa: F401 (re-exported)
from store.money.bank import last_money as _last_money
from store.money.bank import live_entries as _live
from store.money.bank import money_rows as _totals
from store.money.carried_pot import HANDED_BACK, handed_back, pot_shares
from store.money.box import box_buys
from store.money.close_summary import live_closes, missing_closes, read_summaries, read_summary, write_summary
from store.money.counts import player_count_findings
from store.night.nights import get_night, night_players, require_open, seat_player, table_players
from store.night.rebuy_close import decline_at_close
from store.player.players import find_player, get_player, player_by_name

RESOLUTIONS = ("recount", "charge", "credit", "split")
"""How a bank difference is resolved at the close: ``charge`` an excess to one player,
``credit`` a shortage to one player, ``split`` either among everyone, or ``recount``."""

MODES = ("fewest", "hub")
"""Settlement modes: the fewest transfers, or everyone with one player (the hub)."""



def _chips(value: object, *, allow_zero: bool) -> int:
    """``value`` as one entry's chips (:func:`store.core.checks.chip_amount`: 0 or, unless
    ``allow_zero``, 1 to ``MAX_CHIPS``).

    :raises StoreError: ``not_whole`` (field, low) or ``too_large`` (field, max)."""
    return chip_amount(value, low=0 if allow_zero else 1)


def _night_total(db: Database, night_id: int, player: dict, chips: int) -> None:
    """Refuse a buy-in that takes the chips the player has bought tonight (live buy-ins,
    before this one) past :data:`store.core.checks.MAX_CHIPS`: the night's bound on one
    player's chips, at every door (the night page, the command line, an imported file's
    rebuys; a PokerNow ledger's rows are summed under the same bound), so every chip and
    money figure of the night stays one the pages write (``store.core.checks.MAX_FIGURE``).

    :raises StoreError: ``bought_too_many`` (name, bought: the chips bought tonight so
        far, chips: this buy-in, max).
    """
    bought = sum(e["chips"] for e in _live(db, night_id, "buy_in") if e["player_id"] == player["player_id"])
    if bought + chips > MAX_CHIPS:
        raise StoreError("bought_too_many", name=player["name"], bought=bought, chips=chips, max=MAX_CHIPS)


def _seated(db: Database, night_id: int, player_id: int, *, or_left: bool = False) -> dict:
    for row in (table_players if or_left else night_players)(db, night_id):
        if row["player_id"] == player_id:
            return row
    name = get_player(db, player_id)["name"]
    raise StoreError("not_seated", name=name)


def _entry(db: Database, night_id: int, row: dict, key: str | None) -> int:
    row = {"night_id": night_id, **row, "entered_at": utc_now(), "key": key}
    with write_tx(db):
        return insert_once(db, "ledger", row)


def buy_in(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
           key: str | None = None, detail: dict | None = None) -> int:
    """Record a buy-in (before the first hand) or a rebuy.

    Table stakes (Robert's Rules of Poker, section 3; CONTRACT.md ``chips_added_mid_hand``;
    seed 000: «Tampoco puede nadie aumentar su resto, una vez vistas sus cartas
    iniciales.»): chips never join a hand in play. A rebuy taken while a hand is in
    progress (issue 26: home hosts take it then) counts from the next hand: its
    ``before_hand`` is the hands started, the one in progress included, so the hand in
    progress is judged as before and the next starts with the chips
    (``store.hand.judging``'s buy-ins by hand).

    :param chips: chips bought (int > 0).
    :param key: idempotency key: a double submit stores one buy-in.
    :param detail: what else the row records (JSON in ``detail``, sealed in the night's
        chain): a rebuy asked from the phone names its request and who asked
        (``{"rebuy_request": id, "asked_by": "player:<id>"}``, ``store.night.rebuy_requests``).
    :returns: the ledger entry id.
    :raises StoreError: player not seated, bad amount (``not_whole``, ``too_large``: 1 to
        ``MAX_CHIPS``), the player's chips bought tonight taken past ``MAX_CHIPS``
        (``bought_too_many``: :func:`_night_total`), night closed.
    """
    with keyed_write(db, "ledger", key, "buy_in",
                     {"night_id": night_id, "player_id": player_id, "chips": chips}) as found:
        if found is not None:
            return found
        _chips(chips, allow_zero=False)
        require_open(db, night_id)
        player = _seated(db, night_id, player_id)
        _night_total(db, night_id, player, chips)
        before = live_hand_count(db, night_id)  # (a hand in progress counted: the chips play from the next)
        row = {"player_id": player_id, "kind": "buy_in", "chips": chips, "before_hand": before,
               "entered_by": entered_by}
        if detail is not None:
            row["detail"] = json.dumps(detail, sort_keys=True)
        return _entry(db, night_id, row, key)


def cash_out(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
             key: str | None = None) -> int:
    """Record the chips a player hands in (the count; 0 for a player who busted).

    A player who cashes out, leaves, comes back (buys in again) and cashes out again has
    two counts, and they add up. A second count with no buy-in since the first is
    refused: correcting a count is :func:`recount`.

    :returns: the ledger entry id.
    :raises StoreError: a hand in progress (``count_hand_in_progress``: ``number``, the
        hand; ``empty``: nothing logged in it yet, so its start can be voided), player not
        seated, already counted since the last buy-in, bad amount, night closed.
    """
    with keyed_write(db, "ledger", key, "cash_out",
                     {"night_id": night_id, "player_id": player_id, "chips": chips}) as found:
        if found is not None:
            return found
        _chips(chips, allow_zero=True)
        require_open(db, night_id)
        player = _seated(db, night_id, player_id)
        playing = current_hand(db, night_id)
        if playing is not None:   # the way out named: finish it, or void an empty start
            number = live_hand_count(db, night_id)
            logged = db.execute("SELECT COUNT(*) FROM events WHERE hand_id = ? AND kind = 'action'",
                                [playing]).fetchone()[0]
            raise StoreError("count_hand_in_progress", number=number, empty=not logged)
        last = _last_money(db, night_id, player_id)
        if last is not None and last["kind"] == "cash_out":
            raise StoreError("already_counted", name=player["name"], chips=last["chips"])
        return _entry(db, night_id, {"player_id": player_id, "kind": "cash_out", "chips": chips,
                                     "before_hand": live_hand_count(db, night_id),
                                     "entered_by": entered_by}, key)


def recount(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
            key: str | None = None, entry_id: int | None = None) -> int:
    """Correct a count: void the player's earlier cash-out (reason ``recount``) and enter
    the new one, in one transaction.

    :param entry_id: the cash-out corrected (default the player's latest live one).
    :returns: the new cash-out's ledger entry id.
    :raises StoreError: no count to correct, bad amount, a hand in progress, night closed.
    """
    with keyed_write(db, "ledger", key, "cash_out",
                     {"night_id": night_id, "player_id": player_id, "chips": chips}) as found:
        if found is not None:
            return found
        _chips(chips, allow_zero=True)
        require_open(db, night_id)
        player = _seated(db, night_id, player_id, or_left=True)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        counts = [e for e in _live(db, night_id, "cash_out") if e["player_id"] == player_id]
        if entry_id is not None:
            counts = [e for e in counts if e["id"] == entry_id]
        if not counts:
            raise StoreError("no_count", name=player["name"])
        old = counts[-1]
        _entry(db, night_id, {"player_id": player_id, "kind": "void", "target": old["id"],
                              **coded("recount"), "entered_by": entered_by}, None)
        return _entry(db, night_id, {"player_id": player_id, "kind": "cash_out", "chips": chips,
                                     "before_hand": old["before_hand"], "entered_by": entered_by}, key)


def pot_handed_back(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> int:
    """Record the host's statement that the pot carried after the last hand (passed out,
    CONTRACT.md 1) was handed back to the players' stacks before they counted: a ledger
    entry of kind ``pot_handed_back`` (chips: the pot), append-only, voidable
    (:func:`void_entry`). While it holds (no hand played since), ``store.money.bank.bank_check``
    counts the pot once, inside the counts (``pot_in_counts``); each count is compared
    with the referee's stack plus the player's share (``store.money.counts``, the shares of
    ``store.money.carried_pot.pot_shares``, as the close gives them); and the close gives nothing
    back again.

    :returns: the ledger entry id.
    :raises StoreError: night closed (``night_closed``), a hand in progress
        (``hand_in_progress``), no carried pot (``no_carried_pot``), already stated
        (``pot_already_handed_back``).
    """
    with keyed_write(db, "ledger", key, HANDED_BACK, {"night_id": night_id}) as found:
        if found is not None:
            return found
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        pot = carried_pot(db, night_id)[0]
        if not pot:
            raise StoreError("no_carried_pot")
        if handed_back(db, night_id) is not None:
            raise StoreError("pot_already_handed_back", chips=pot)
        return _entry(db, night_id, {"kind": HANDED_BACK, "chips": pot,
                                     "before_hand": live_hand_count(db, night_id),
                                     "entered_by": entered_by}, key)


def join_table(db: Database, night_id: int, name: str, seat: int, chips: int | None, *,
               entered_by: str, key: str | None = None) -> int:
    """Seat a player (added to the club when the name is new) and record the first buy-in,
    in one transaction: both are stored, or neither.

    :param name: the player's name (:func:`store.player.players.add_player` rules).
    :param chips: the buy-in (int > 0), or None/0 for none yet.
    :param key: idempotency key for the form (``key:seat`` and ``key:buy`` are stored).
    :returns: the player id.
    :raises StoreError: a hand in progress ("seat new players between hands"), bad name,
        seat or amount, night closed (nothing written).
    """
    if chips:
        _chips(chips, allow_zero=False)
    with write_tx(db):
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        player_id = find_player(db, name) if isinstance(name, str) else None
        if player_id is None:
            player_id = player_by_name(db, name)
        seat_player(db, night_id, player_id, seat, entered_by=entered_by, key=key and key + ":seat")
        if chips:
            buy_in(db, night_id, player_id, chips, entered_by=entered_by, key=key and key + ":buy")
    return player_id


def void_entry(db: Database, entry_id: int, *, reason: str, entered_by: str, key: str | None = None,
               night_id: int | None = None) -> int:
    """Cancel a buy-in, cash-out, adjustment or the statement that the carried pot was
    handed back (:func:`pot_handed_back`) with a ``void`` entry (nothing deleted).

    :param night_id: the night the entry must be of (the host's night page), or None.
    :raises StoreError: no such entry (``no_entry``: also an entry of another night than
        ``night_id``), already voided, a void or close, no reason, night closed.
    """
    # (the checks under the write lock: at most one live void per entry)
    with keyed_write(db, "ledger", key, "void", {"target": entry_id}) as found:
        if found is not None:
            return found
        require_reason(reason)
        row = db.execute("SELECT night_id, player_id, kind FROM ledger WHERE id = ?", [entry_id]).fetchone()
        if row is None or night_id not in (None, row[0]):
            raise StoreError("no_entry", entry=entry_id)
        if row[2] not in ("buy_in", "cash_out", "adjustment", HANDED_BACK):
            raise StoreError("entry_not_voidable", kind=row[2])
        if db.execute("SELECT 1 FROM ledger WHERE kind = 'void' AND target = ?", [entry_id]).fetchone():
            raise StoreError("already_voided")
        require_open(db, row[0])
        void_id = _entry(db, row[0], {"player_id": row[1], "kind": "void", "target": entry_id,
                                      **typed(reason.strip()), "entered_by": entered_by}, key)
        if row[2] == "buy_in":  # the hands it played from are re-judged without it
            before = db.execute("SELECT COALESCE(before_hand, 0) FROM ledger WHERE id = ?",
                                [entry_id]).fetchone()[0]
            rejudge(db, row[0], before + 1)
        return void_id


def night_entries(db: Database, night_id: int) -> list[dict]:
    """The night's buy-ins, cash-outs, adjustments and statements that the carried pot was
    handed back (kind ``pot_handed_back``) in the order entered, voided ones
    included and marked (what the host can correct with :func:`void_entry`).

    :returns: ``[{"id", "player_id", "name", "kind", "chips", "reason", "why", "entered_by",
        "entered_at", "voided", "void_reason", "void_why", "voided_by", "voided_at", "asked"
        (bool: a buy-in asked from the player's phone, ``store.night.rebuy_requests``)}]``;
        chips are ints, times ISO-8601 UTC; ``reason`` and ``void_reason`` as stored,
        ``why`` and ``void_why`` read (``store.core.reasons.stored_reason``: ``{"code",
        "params"}`` or None). A caja-libre night's chips bought from the box during a
        hand (``store.money.box``) are rows of kind ``box`` among them, by time (``id``
        None, ``hand`` its number, ``entered_at`` its start; not voidable: the hand's
        lines are their record).
    """
    rows = db.execute(
        "SELECT l.id, l.player_id, p.name, l.kind, l.chips, l.reason, l.entered_by, l.entered_at, "
        "v.id, v.reason, v.entered_by, v.entered_at, l.detail, v.detail FROM ledger l "
        "LEFT JOIN players p ON p.id = l.player_id LEFT JOIN ledger v ON v.kind = 'void' AND v.target = l.id "
        "WHERE l.night_id = ? AND l.kind IN ('buy_in', 'cash_out', 'adjustment', ?) ORDER BY l.id",
        [night_id, HANDED_BACK]).fetchall()
    out = [{"id": r[0], "player_id": r[1], "name": r[2], "kind": r[3], "chips": r[4], "reason": r[5],
            "why": stored_reason(r[5], r[12]), "entered_by": r[6], "entered_at": r[7], "voided": r[8] is not None,
            "void_reason": r[9], "void_why": stored_reason(r[9], r[13], void=True), "voided_by": r[10],
            "voided_at": r[11], "asked": r[3] == "buy_in" and _asked_from_phone(r[12])} for r in rows]
    players = table_players(db, night_id)
    names = {p["player_id"]: p["name"] for p in players}
    boxes = [{"id": None, "player_id": b["player_id"], "name": names[b["player_id"]], "kind": "box",
              "chips": b["chips"], "hand": b["hand"], "reason": None, "why": None, "entered_by": None,
              "entered_at": b["entered_at"], "voided": False, "void_reason": None, "void_why": None,
              "voided_by": None, "voided_at": None, "asked": False}
             for b in box_buys(db, night_id, {p["seat"]: p["player_id"] for p in players})]
    return list(merge(out, boxes, key=lambda e: e["entered_at"] or ""))


def _asked_from_phone(detail: str | None) -> bool:
    """Whether a buy-in's ``detail`` names the rebuy request it answered
    (``store.night.rebuy_requests``: asked from the player's phone)."""
    if not detail:
        return False
    try:
        return "rebuy_request" in json.loads(detail)
    except (ValueError, TypeError):
        return False


# -- the bank check, the close, the summary ----------------------------------------------

def close_night(db: Database, night_id: int, *, entered_by: str, resolution: str | None = None,
                charge_player_id: int | None = None, mode: str = "fewest",
                hub_player_id: int | None = None, key: str | None = None,
                override_reason: str | None = None) -> dict:
    """Close the night: bank check, its resolution, then the settlement (in one transaction).

    A pot carried after the last hand (passed out) is given back to those who put it in,
    in proportion to what each put in (largest remainder, :func:`pot_return`), as
    ``adjustment`` entries (reason ``carried_pot``). When the chips on the table (counted +
    the carried pot) differ from chips bought by D (``store.money.bank.bank_check``'s
    ``difference``, the one figure the pages and refusals say), ``resolution`` says how the
    host settles it, recorded as ``adjustment`` entries:

    - ``"charge"`` (an excess, D > 0): one player (``charge_player_id``) takes -D chips
      (their net goes down);
    - ``"credit"`` (a shortage, D < 0): one player (``charge_player_id``) gets -D chips;
    - ``"split"``: -D is shared equally among everyone in the money (largest remainder,
      seat order breaks ties);
    - ``"recount"``: the chips were counted again (:func:`recount` first) and must now
      balance.

    :param mode: ``"fewest"`` (fewest transfers) or ``"hub"`` (everyone settles with
        ``hub_player_id``; default the player named as the night's ``host``).
    :param override_reason: while a dispute of the night is open (no ruling yet), the
        close is refused (code ``dispute_open``, params ``count`` and ``hands``: the hand
        numbers) unless the host gives a reason to close anyway; it is kept in the
        close's ``detail`` (``"override_reason"``).
    :returns: :func:`night_summary` of the closed night.
    :raises StoreError: a hand in progress, someone not counted, an unresolved, unknown or
        wrong-signed resolution, bad mode or hub, already closed (code ``night_closed``),
        a dispute open and no override reason (code ``dispute_open``).

    Every check runs inside the write transaction (BEGIN IMMEDIATE): two closes sent at
    once store one.
    """
    if key is not None and existing(db, "ledger", key, "close", {"night_id": night_id}) is not None:
        return night_summary(db, night_id)
    read_before = contextlib.nullcontext() if db.conn.in_transaction else dealt_in_read_before(db, night_id)
    with read_before, write_tx(db):  # (the log's walk for the summary before the lock: issue 25)
        _close(db, night_id, entered_by=entered_by, resolution=resolution, charge_player_id=charge_player_id,
               mode=mode, hub_player_id=hub_player_id, key=key, override_reason=override_reason)
    return night_summary(db, night_id)


def close_options(db: Database, night_id: int) -> dict:
    """How the night's live close settled it, to close it the same way again (a ruling
    reopens a closed night and closes it again): ``{"mode", "hub_player_id",
    "resolution", "charge_player_id"}``. Read-only.

    :raises StoreError: the night is not closed (code ``night_open``).
    """
    close = get_night(db, night_id)["close"]
    if close is None:
        raise StoreError("night_open", night=night_id)
    detail = close["detail"]
    charged = detail.get("charge_player_id")
    if charged is None and detail.get("resolution") in ("charge", "credit"):  # a close from before it was kept
        charged = next((e["player_id"] for e in _live(db, night_id, "adjustment")
                        if e["reason"] == detail["resolution"]), None)
    return {"mode": detail.get("mode", "fewest"), "hub_player_id": detail.get("hub_player_id"),
            "resolution": detail.get("resolution"), "charge_player_id": charged}


def close_again(db: Database, night_id: int, options: dict, *, entered_by: str, ruled_dispute: int) -> None:
    """Close the night again as ``options`` (:func:`close_options` of the close a ruling
    voided) say, after the ruling on ``ruled_dispute`` (which counts as decided for the
    open-dispute check, its ruling row being written after). Call inside the write
    transaction; raises what :func:`close_night` raises (nothing written then: the caller
    keeps the night open)."""
    with write_tx(db):  # (a savepoint: a refused close writes nothing)
        _close(db, night_id, entered_by=entered_by, key=None, override_reason=None,
               ruled_dispute=ruled_dispute, **options)


def _dispute_check(db: Database, night_id: int, override_reason: str | None,
                   ruled_dispute: int | None) -> str | None:
    """The close's open-dispute rule: refused while a dispute of the night has no ruling,
    unless the host says why (``override_reason``, returned trimmed; None when no dispute
    is open). :raises StoreError: code ``dispute_open`` (count, hands)."""
    disputes = open_dispute_hands(db, night_id, except_dispute=ruled_dispute)
    if not disputes:
        return None
    if isinstance(override_reason, str) and override_reason.strip():
        return override_reason.strip()
    hands = sorted({number for _, number in disputes})
    raise StoreError("dispute_open", count=len(disputes), hands=hands)


def _close(db: Database, night_id: int, *, entered_by: str, resolution: str | None,
           charge_player_id: int | None, mode: str, hub_player_id: int | None, key: str | None,
           override_reason: str | None, ruled_dispute: int | None = None) -> None:

    if key is not None and existing(db, "ledger", key, "close", {"night_id": night_id}) is not None:
        return
    require_open(db, night_id)
    override = _dispute_check(db, night_id, override_reason, ruled_dispute)
    if mode not in MODES:
        raise StoreError("not_a_choice", field="mode")
    if current_hand(db, night_id) is not None:
        raise StoreError("hand_in_progress")
    bank = bank_check(db, night_id)
    rows = _totals(db, night_id)
    if not rows:
        raise StoreError("nothing_to_close")
    if bank["uncounted"]:
        raise StoreError("uncounted", names=list(bank["uncounted"]))
    if mode == "hub":
        if hub_player_id is None:
            hub_player_id = find_player(db, get_night(db, night_id)["host"] or "")
        if hub_player_id is None:
            raise StoreError("hub_needed")
        if all(r["player_id"] != hub_player_id for r in rows):
            raise StoreError("hub_not_playing")
    elif hub_player_id is not None:
        raise StoreError("hub_without_hub_mode")
    gap = bank["difference"]  # THE figure (store.money.bank): a reopened night has no resolution left
    if resolution is not None and resolution not in RESOLUTIONS:
        raise StoreError("not_a_choice", field="resolution")
    figures = {k: bank[k] for k in ("counted", "carried", "pot_returned", "pot_in_counts", "bought", "difference")}
    if gap and resolution is None:
        raise StoreError("bank_unbalanced", **figures)
    if gap and resolution == "recount":
        raise StoreError("recount_off", **figures)
    if gap < 0 and resolution == "charge":
        raise StoreError("shortage_charged", **figures)
    if gap > 0 and resolution == "credit":
        raise StoreError("excess_credited", **figures)
    with write_tx(db):
        for player_id, chips in pot_return(db, night_id, rows, bank).items():
            _entry(db, night_id, {"player_id": player_id, "kind": "adjustment", "chips": chips,
                                  "reason": CARRIED_POT, "entered_by": entered_by}, None)
        if gap and resolution in ("charge", "credit"):
            if all(r["player_id"] != charge_player_id for r in rows):
                raise StoreError("resolution_player", resolution=resolution)
            _entry(db, night_id, {"player_id": charge_player_id, "kind": "adjustment", "chips": -gap,
                                  "reason": resolution, "entered_by": entered_by}, None)
        elif gap and resolution == "split":
            weights = {r["seat"]: 1 for r in rows}
            shares = largest_remainder(-gap, weights)
            for r in rows:
                if shares[r["seat"]]:
                    _entry(db, night_id, {"player_id": r["player_id"], "kind": "adjustment",
                                          "chips": shares[r["seat"]], "reason": "split",
                                          "entered_by": entered_by}, None)
        nets, transfers = _settlement(db, night_id, mode, hub_player_id)
        detail = {"mode": mode, "hub_player_id": hub_player_id, "resolution": resolution,
                  "charge_player_id": charge_player_id if resolution in ("charge", "credit") else None,
                  "difference": gap, "carried": bank["carried"], "nets": nets, "transfers": transfers}
        if override is not None:
            detail["override_reason"] = override
        close_id = _entry(db, night_id, {"kind": "close", "detail": json.dumps(detail), "entered_by": entered_by},
                          key)
        decline_at_close(db, night_id, close_id, closed_by=entered_by)   # (the requests still waiting: issue 28)
        write_summary(db, close_id, night_id, money_summary(db, night_id, get_night(db, night_id)))


def pot_return(db: Database, night_id: int, rows: list[dict], bank: dict) -> dict[int, int]:
    """What the close gives back of the pot still carried (``bank["carried"]``) to those
    who put it in, in proportion to what each put in (largest remainder; everyone in the
    money equally when nobody at the table put anything in; ``store.money.carried_pot.pot_shares``):
    ``{player_id: chips}``, only the non-zero shares. Empty once given back, or handed back
    before the count (:func:`pot_handed_back`). Read-only (the close writes them; the
    summary of an open night counts them in its nets ahead of the close).

    :param rows: the players in the money (``store.money.bank.money_rows``).
    """
    return pot_shares(db, night_id, {r["seat"]: r["player_id"] for r in rows}, bank["carried"])


def reopen_night(db: Database, night_id: int, *, reason: str, entered_by: str) -> None:
    """Reopen a closed night: voids the close and its own adjustments (the carried pot
    given back, the charge, credit or split), append-only. The chips a ruling moved
    (adjustments of reason ``"ruling"``, ``store.dispute.rulings``) stay: the ruling stands. The
    close's settlement stays readable (``store.dispute.rulings.night_settlements``).

    :raises StoreError: the night is not closed, or no reason.
    """
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError("reason_needed")
    with write_tx(db):  # checked under the write lock: two reopens sent at once void the close once
        void_close(db, night_id, entered_by=entered_by, reason=reason)


def void_close(db: Database, night_id: int, *, entered_by: str, reason: str | None = None,
               ruling: int | None = None) -> None:
    """Void the night's live close and the close's own adjustments (not the ruling moves);
    call inside the write transaction (:func:`reopen_night`, a ruling on a closed night).

    :param reason: the host's reason, as typed (:func:`reopen_night`).
    :param ruling: the dispute whose ruling reopens the night instead: the voids' reason is
        the code ``ruling_reopened`` (``store.core.reasons``).
    :raises StoreError: the night is not closed (code ``night_open``).
    """
    night = get_night(db, night_id)
    if not night["closed"]:
        raise StoreError("night_open", night=night_id)
    why = coded("ruling_reopened", dispute=ruling) if ruling is not None else typed(reason.strip())
    own = [e for e in _live(db, night_id, "adjustment") if e["reason"] != RULING]
    for entry in own + [night["close"]]:
        _entry(db, night_id, {"player_id": entry.get("player_id"), "kind": "void", "target": entry["id"],
                              **why, "entered_by": entered_by}, None)


def _plan(night: dict, rows: list[dict], mode: str, hub_player_id: int | None) -> tuple[dict[int, int], list[dict]]:
    """The settlement of a balanced night: each player's net in cents (``rows`` carry
    ``net_chips``) and the transfers (``{"payer_id", "payer", "payee_id", "payee",
    "cents"}``), the fewest or all with the hub."""
    cents = chips_to_cents({r["player_id"]: r["net_chips"] for r in rows},
                           chip_cents=night["chip_cents"], chips_per=night["chips_per"])
    names = {r["player_id"]: r["name"] for r in rows}
    plan = settle_hub(cents, hub_player_id) if mode == "hub" and hub_player_id is not None else settle(cents)
    return cents, [{"payer_id": t.payer, "payer": names[t.payer], "payee_id": t.payee,
                    "payee": names[t.payee], "cents": t.amount} for t in plan]


def _settlement(db: Database, night_id: int, mode: str, hub_player_id: int | None) -> tuple[dict[str, int], list[dict]]:
    """The settlement as the close keeps it in its ``detail`` (nets keyed by player id as
    a string, JSON's way), from the entries written so far (the close's own included)."""
    rows = _totals(db, night_id)
    for row in rows:
        row["net_chips"] = (row["counted"] or 0) + row["adjustment"] - row["bought"]
    cents, transfers = _plan(get_night(db, night_id), rows, mode, hub_player_id)
    return {str(p): c for p, c in cents.items()}, transfers


def night_summary(db: Database, night_id: int) -> dict:
    """Everything the report needs about the night's money.

    :returns: ``{"night": {...get_night, "started_local", "ended_local"}, "players":
        [{"player_id", "name", "seat", "bought", "counted", "adjustment", "pot_share" (the
        share of the carried pot the close will give back: 0 once given, then it is in
        ``adjustment``), "net_chips", "net_cents"}], "bank": ``store.money.bank.bank_check``,
        "mode", "transfers": [{"payer_id", "payer", "payee_id", "payee", "cents"}],
        "hands": int}``. Nets and transfers are there once everyone is counted and the
        bank balances (else ``net_cents`` None, transfers []); before the close they are
        the ones the close will make (the carried pot given back).
    :raises StoreError: no such night.
    """
    return kept(db, ("night_summary", night_id), lambda: _night_summary(db, night_id))


def _night_summary(db: Database, night_id: int) -> dict:
    night = get_night(db, night_id)
    close = night["close"]
    money = read_summary(db, close["id"]) if close else None
    if money is None:
        money = money_summary(db, night_id, night)
    else:
        _names_now(money, _player_names(db, [r["player_id"] for r in money["players"]]),
                   close["detail"].get("charge_player_id"))
    if close:
        ended = close["entered_at"]
    else:
        ended = db.execute("SELECT MAX(entered_at) FROM (SELECT entered_at FROM events WHERE night_id = ? "
                           "UNION ALL SELECT entered_at FROM ledger WHERE night_id = ?)",
                           [night_id, night_id]).fetchone()[0]
    night["started_local"] = local_time(night["started_at"], night["timezone"])
    night["ended_local"] = local_time(ended, night["timezone"])
    return {"night": night, **money}


def money_summary(db: Database, night_id: int, night: dict) -> dict:
    """The money part of :func:`night_summary` worked out from the log: ``{"players",
    "bank", "mode", "transfers", "hands"}``, each player with ``hands_dealt`` (how many of
    the night's hands they were dealt into: the club's standings count them; None while
    the night is open, when nothing reads it, so that an open night's pages do not read
    every line of the log for it). What a close stores (``store.money.close_summary``).
    Read-only.

    :param night: ``store.night.nights.get_night`` of the night.
    """
    rows = _totals(db, night_id)
    bank = bank_check(db, night_id)
    returning = pot_return(db, night_id, rows, bank)
    for row in rows:
        row["pot_share"] = returning.get(row["player_id"], 0)
        row["net_chips"] = None if row["counted"] is None else \
            row["counted"] + row["adjustment"] + row["pot_share"] - row["bought"]
        row["net_cents"] = None
    transfers = []
    close = night["close"]
    mode = close["detail"].get("mode", "fewest") if close else "fewest"
    if bank["balanced"]:
        cents, transfers = _plan(night, rows, mode, close["detail"].get("hub_player_id") if close else None)
        for row in rows:
            row["net_cents"] = cents[row["player_id"]]
    dealt = night_dealt_in(db, night_id, {r["player_id"]: r["seat"] for r in rows if r["seat"] is not None}) \
        if close else {}
    for row in rows:
        row["hands_dealt"] = len(dealt.get(row["player_id"], ())) if close else None
    return {"players": rows, "bank": bank, "mode": mode, "transfers": transfers,
            "hands": live_hand_count(db, night_id)}


def closed_money(db: Database, night_ids: list[int] | None = None) -> dict[int, dict]:
    """The money of the closed nights among ``night_ids`` (every night when None) as their
    live closes settled it: ``{night_id: {"players", "bank", "mode", "transfers",
    "hands"}}`` (the money part of :func:`night_summary`, names as the players are called
    now), read from the stored close summaries (``store.money.close_summary``) in a few
    queries whatever the club's years; a close with none that holds is worked out from the
    log (:func:`night_summary`). Open nights are left out. Read-only."""
    closes = live_closes(db, night_ids)
    stored = read_summaries(db, list(closes.values()))
    names = _player_names(db, None)
    out = {}
    for night_id, close_id in closes.items():
        money = stored.get(close_id)
        if money is None:
            summary = night_summary(db, night_id)
            money = {k: v for k, v in summary.items() if k != "night"}
        else:
            _names_now(money, names, None)
        out[night_id] = money
    return out


def store_missing_summaries(db: Database) -> int:
    """Store the money summary of every live close that has none (closes made before
    ``close_summaries``, ``store.money.close_summary``), each night in its own write
    transaction. A write command (``flask init-db``), never a page.

    :returns: how many closes were summarised.
    """
    count = 0
    for night_id, close_id in missing_closes(db):
        with write_tx(db):
            if not db.execute("SELECT 1 FROM close_summaries WHERE close_id = ?", [close_id]).fetchone():
                write_summary(db, close_id, night_id, money_summary(db, night_id, get_night(db, night_id)))
                count += 1
    return count


def _player_names(db: Database, ids: list[int] | None) -> dict[int, str]:
    """``{player_id: name}`` of ``ids`` (every player when None)."""
    if ids is None:
        return dict(db.execute("SELECT id, name FROM players").fetchall())
    if not ids:
        return {}
    return dict(db.execute(f"SELECT id, name FROM players WHERE id IN ({', '.join('?' for _ in ids)})",
                           list(ids)).fetchall())


def _names_now(money: dict, names: dict[int, str], charged: int | None) -> None:
    """A stored summary's names as the players are called now (``names``: id -> name; a
    player renamed after the close): the players, the transfers' payers and payees, the
    bank's miscounts and the player a difference was charged or credited to
    (``charged``)."""
    for row in money["players"]:
        row["name"] = names.get(row["player_id"], row["name"])
    for t in money["transfers"]:
        t["payer"], t["payee"] = names.get(t["payer_id"], t["payer"]), names.get(t["payee_id"], t["payee"])
    for m in money["bank"].get("miscounts") or []:
        m["name"] = names.get(m.get("player_id"), m.get("name"))
    if money["bank"].get("resolved_name") is not None and charged in names:
        money["bank"]["resolved_name"] = names[charged]


def player_night_detail(db: Database, night_id: int, player_id: int) -> dict:
    """What the phone adds to a night it shows in full (``store.player.history.player_ledger``):
    ``{"entries": [{"id", "kind", "chips", "entered_at", "voided"}], "count_findings":
    ``store.money.counts.player_count_findings``}`` (the night's hands are
    ``store.player.night_hands``'). Read-only."""
    entries = [{"id": r[0], "kind": r[1], "chips": r[2], "entered_at": r[3], "voided": bool(r[4])}
               for r in db.execute(
                   "SELECT l.id, l.kind, l.chips, l.entered_at, EXISTS(SELECT 1 FROM ledger v WHERE "
                   "v.kind = 'void' AND v.target = l.id) FROM ledger l WHERE l.night_id = ? AND "
                   "l.player_id = ? AND l.kind IN ('buy_in', 'cash_out', 'adjustment') ORDER BY l.id",
                   [night_id, player_id])]
    return {"entries": entries, "count_findings": player_count_findings(db, night_id, player_id)}
