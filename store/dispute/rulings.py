"""Rulings: the host decides a dispute; a correction of the hand's log and the chips it
moves (issue 12; the model in the plan: "How the money moves after a ruling").

- The log's ``d award pN X`` lines are what the dealer physically pushed; the referee's
  ``awards`` what the rules push (CONTRACT.md 4). A ruling may correct the hand's live
  actions: the longest common prefix of the current live actions and the corrected list
  is kept, every live action after it gets a ``void`` event, the rest of the corrected list
  is appended as new ``action`` events (after the hand's ``end``: an ended hand stays
  ended). Never an UPDATE or DELETE; the hand and every later one are re-judged in the
  same transaction.
- An upheld ruling moves, per player, ``awards - recorded_awards`` of the corrected hand
  (minus what was already settled: earlier live rulings' money, and every live ``d move``
  line of the hand, :func:`hand_moves`) as ``adjustment`` ledger rows, reason
  ``"ruling"``, or at the table (``store.dispute.ruling_modes``). A rejected ruling moves
  nothing.
- On a closed night the ruling reopens it (the close and the close's own adjustments are
  voided, never the ruling moves) and closes it again with the same mode, hub and
  resolution; both settlements stay readable (:func:`night_settlements`).
"""

from __future__ import annotations

import hashlib
import json

from sqlite_utils import Database

from referee.open_box import bought_from_box
from store.core.checks import StoreError
from store.core.reasons import RULING, stored_reason
from store.core.records import insert_once, keyed_write
from store.core.transactions import read_tx, utc_now
from store.dispute.disputes import get_dispute, open_dispute_hands, ruling_move_rows
from store.dispute.ruling_modes import (
    MODES,
    MONEY,
    TABLE,
    default_mode,
    move_lines,
    require_moves_kept,
    require_table,
    settle,
    table_refusal,
)
from store.hand.events import correct_hand, correction_plan, correction_texts, hand_check
from store.hand.judging import judge_corrected, night_judgements, table_after
from store.hand.rows import hand_row
from store.money.box import box_chips
from store.money.ledger import (
    carried_from,
    carried_pot,
    close_again,
    close_options,
    night_summary,
    void_close,
)
from store.night.nights import get_night, table_players

DECISIONS = ("upheld", "rejected")
"""A ruling's decision: the dispute is upheld (the correction and the moves stand) or
rejected (the hand stands as logged; nothing moves)."""

MAX_RULE = 1000
"""Longest rule text (and note) of a ruling (characters)."""


def preview_ruling(db: Database, dispute_id: int, *, decision: str,
                   actions: list[str] | None = None, mode: str | None = None) -> dict:
    """What :func:`record_ruling` would change, judged in memory: READ-ONLY (one read
    transaction, ``BEGIN DEFERRED`` with reads only: no write lock is taken and nothing is
    written; it answers while another connection holds the write lock).

    The disputed hand is judged with the corrected actions from its own start (the table
    the stored hand before it left), then every later hand from the table the corrected
    hand leaves (:func:`store.hand.judging.judge_corrected`).

    :param decision: ``"upheld"`` or ``"rejected"``.
    :param actions: the disputed hand's corrected live actions (list of CONTRACT.md action
        strings), or None (no correction).
    :returns: ``{"dispute": get_dispute, "hand": number, "voided": [{"event_id",
        "action"}], "added": [str], "hands": [{"number", "before": entry, "after": entry,
        "changed": bool (:func:`hand_changed`)}] (the disputed hand and every later one),
        "players": [{"player_id", "name", "seat", "counted", "chips_before", "chips_after",
        "net_before", "net_after", "move", "held_before", "held_after", "touched"}],
        "mode": "table" | "money" (``mode``, else the default) or None (no chips move),
        "default_mode", "table_refusal": None or ``{"code", "params"}`` (why it cannot be
        settled at the table: ``store.dispute.ruling_modes.table_refusal``), "lines": [the
        ``d move`` lines a ruling at the table appends],
        "moves": [{"player_id", "name", "chips"}], "reopens": bool, "closes_again": bool,
        "refusal": None | {"code", "params"}}``. ``entry`` is the referee's hand
        entry (CONTRACT.md 4, as :func:`store.hand_check` gives it); ``chips_*`` are the
        referee's stacks after the night's last hand (None for a seat not at the table
        then); ``held_*`` the chips on the table after it (the referee's ``chips_on_table``,
        CONTRACT.md 4: what the player should hold; after a ruling at the table, with the
        chips handed over); ``net_before`` is ``counted + adjustments - bought`` in chips
        once the player is counted, else None; ``net_after`` what the player will net:
        counted (or, not counted yet, ``held_after``) + adjustments (with the ruling's, in
        money) - bought; ``move`` the chips the ruling moves to the player (negative:
        from), ``touched`` whether it moves any of theirs. ``reopens``: a closed night is reopened (and closed again) only when the
        ruling changes the money: chips move, or the correction changes the pot carried
        after the last hand (:func:`record_ruling`). ``closes_again`` is the forecast that no other dispute of the night keeps
        it open (the close's other checks run when the ruling is recorded).
    :raises StoreError: ``no_dispute``. A refusal :func:`record_ruling` would raise
        (except ``rule_empty``: the preview takes no rule) is returned in ``refusal``,
        with the rest of the preview as far as it can be computed.
    """
    with read_tx(db):
        dispute = get_dispute(db, dispute_id)
        hand = hand_row(db, dispute["hand_id"])
        refusal, voided, added, corrected = None, [], [], None
        try:
            _check(dispute, decision)
            if actions is not None:
                voided, added = correction_plan(db, hand["id"], actions)
                _check_correction(decision, voided, added)
                require_moves_kept(db, hand, voided, added)
                if voided or added:
                    corrected = correction_texts(actions)
        except StoreError as exc:
            refusal = _refusal(exc)
            voided, added, corrected = [], [], None
        before = _entries_from(db, hand["night_id"], hand["number"])
        chips_before = table_after(db, hand["night_id"])
        if corrected is not None:
            after, chips_after = judge_corrected(db, hand["id"], corrected)
            after = [e["entry"] for e in after]
        else:
            after, chips_after = before, chips_before
        moves: dict[int, int] = {}
        if refusal is None and decision == "upheld":
            try:
                moves = hand_moves(db, hand, after[0])
            except StoreError as exc:
                refusal = _refusal(exc)
        default = default_mode(db, hand["night_id"], moves)
        chosen = (mode if mode in MODES else default) if any(moves.values()) else None
        no_table = table_refusal(db, hand["night_id"], moves)
        if refusal is None and mode is not None and mode not in MODES:
            refusal = {"code": "bad_ruling_mode", "params": {"mode": str(mode)[:20]}}
        elif refusal is None and chosen == TABLE and no_table is not None:
            refusal = no_table
        box = box_change(before, after)
        players = _players(db, hand["night_id"], chips_before, chips_after, moves,
                           _held(before[-1] if before else {}), _held(after[-1] if after else {}), chosen, box)
        lines = move_lines(db, hand["night_id"], moves) if chosen == TABLE else []
        closed = get_night(db, hand["night_id"])["closed"]
        pot_changes = corrected is not None and closed and _carry_changes(db, hand["night_id"], before, after)
        reopens = refusal is None and closed and (pot_changes or bool(box) or any(moves.values()))
        others = open_dispute_hands(db, hand["night_id"], except_dispute=dispute_id)
    names = {p["player_id"]: p["name"] for p in players}
    return {"dispute": dispute, "hand": hand["number"], "voided": voided, "added": added,
            "hands": [{"number": b["hand"], "before": b, "after": a, "changed": hand_changed(b, a)}
                      for b, a in zip(before, after)],
            "players": players, "mode": chosen, "default_mode": default if chosen else None,
            "table_refusal": no_table if chosen else None, "lines": lines,
            "moves": [{"player_id": p, "name": names.get(p), "chips": c} for p, c in moves.items() if c],
            "reopens": reopens, "closes_again": reopens and not others, "refusal": refusal}


def box_change(before: list[dict], after: list[dict]) -> dict[int, int]:
    """Seat -> the chips a correction adds to (+) or takes from (-) what the seat bought
    from an open box (a caja libre's: ``referee.open_box``; money, like a buy-in:
    ``store.money.box``), from the hands' entries before and after it (CONTRACT.md 4);
    only the seats it changes. A second fresh tester of issue 27 saw the preview say
    nothing of a ruling that changed 200 chips bought from the box each."""
    out: dict[int, int] = {}
    for entries, sign in ((before, -1), (after, 1)):
        for entry in entries:
            for seat, chips in bought_from_box(entry.get("findings") or []).items():
                out[seat] = out.get(seat, 0) + sign * chips
    return {seat: chips for seat, chips in out.items() if chips}


def _carry_changes(db: Database, night_id: int, before: list[dict], after: list[dict]) -> bool:
    """Whether a correction changes the pot carried after the night's last hand (its
    chips or who put them in: the close gives it back, ``store.money.ledger.carried_pot``).
    ``before``/``after``: the entries from the corrected hand on; the hands before it are
    the stored ones. Read-only."""
    stored = night_judgements(db, night_id)
    earlier = stored[:len(stored) - len(before)]
    return carried_from(db, night_id, earlier + before) != carried_from(db, night_id, earlier + after)


_CARRIED = frozenset(("stacks", "chips_on_table", "table_differences"))
"""The keys of a hand's entry that carry what the hands before it left (the referee's
stacks, the chips on the table and why they differ: ``referee.chips_on_table``)."""


def hand_changed(before: dict, after: dict) -> bool:
    """Whether a hand's referee entry (CONTRACT.md 4) changes with a ruling: anything but
    its ``stacks`` and ``chips_on_table`` (with ``table_differences``, why the two differ).
    A later hand starts from the stacks and the chips the corrected hand leaves, so they
    differ by what the correction moved even when nothing in the hand changed; what the
    hand itself does to the chips is in its ``pots``, ``awards``, ``recorded_awards`` and
    findings.

    >>> hand_changed({"awards": {"1": 20}, "stacks": {"1": 520}}, {"awards": {"1": 20}, "stacks": {"1": 595}})
    False
    >>> hand_changed({"awards": {"1": 20}}, {"awards": {"3": 20}})
    True
    """
    def own(entry: dict) -> dict:
        return {k: v for k, v in entry.items() if k not in _CARRIED}
    return own(before) != own(after)


def preview_digest(preview: dict) -> str:
    """A fingerprint of what a preview shows (:func:`preview_ruling`: everything but the
    dispute itself), hex SHA-256: the host's commit form carries it, and
    :func:`record_ruling` refuses the ruling when the same ruling would now change
    something else."""
    shown = {k: v for k, v in preview.items() if k != "dispute"}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


def record_ruling(db: Database, dispute_id: int, *, decision: str, rule: str, note: str = "",
                  actions: list[str] | None = None, entered_by: str, key: str | None = None,
                  previewed: str | None = None, mode: str | None = None, counted_ok: bool = False) -> int:
    """Record the host's ruling on a dispute, all in one write transaction (BEGIN
    IMMEDIATE; every check runs under the write lock, so two submits store one ruling).

    In this order (each write an INSERT: nothing is updated or deleted):

    1. The correction, when ``actions`` differ from the hand's live actions
       (:func:`store.hand.events.correct_hand`): ``void`` events (reason ``"ruling"``: the
       ruling's ``detail`` lists them, ``store.core.reasons``) for the live actions after
       the longest common prefix, the rest of ``actions`` appended as new ``action``
       events; the hand and every later one re-judged. On a closed night too: the record is
       corrected whether or not the money changes.
    2. On a closed night, only when the ruling changes the money (chips move, step 3, or
       the correction changes the pot carried after the night's last hand, which the close
       gives back: ``store.money.ledger.carried_pot``, or the chips bought from an open
       box: ``store.money.box``): the close and the close's own
       adjustments are voided (``store.money.ledger.void_close``, reason code
       ``ruling_reopened`` with the dispute; the moves of earlier rulings
       stay). A record-only correction leaves the close, and its settlement, as they are.
    3. UPHELD: the chips that must move (:func:`hand_moves` of the corrected hand), settled
       as ``mode`` says (``store.dispute.ruling_modes.settle``): in money, one
       ``adjustment`` ledger row per player, reason ``"ruling"``, ``detail`` ``{"ruling_id":
       R, "dispute_id": D, "hand": number, "hand_id": id}``; at the table, ``d move`` lines
       appended to the hand (the chips on the table change, the ledger does not); either
       way a ``ruling_mode`` ledger row says which. REJECTED: nothing moves.
    4. On a night step 2 reopened: closed again with the same mode, hub, resolution (and
       player charged or credited) (``store.money.ledger.close_again``); a refusal (another
       dispute still open, ...) leaves the night open, and the ruling says so.
    5. The ruling row, whose ``detail`` lists what 1-4 wrote: ``{"voided": [event ids],
       "added": [event ids], "moves": {player_id: chips}, "move_entries": [ledger ids],
       "reopened", "voided_close": the id of the close step 2 voided or None,
       "closed_again", "close_refusal": None or the refusal's ``{"code", "params"}``
       (``store.core.checks.StoreError``: every page and the command line say it in their
       language)}``.

    The ruling's id R is known before its row is written: inside the write transaction,
    on the append-only ``rulings`` table (no row is ever deleted), the next id is the
    largest id + 1, and the ruling row is inserted with that explicit id last; so the
    moves name their ruling and the ruling names its moves, and every row is written once.

    Rules relied on (the referee decides the hand; this only records and moves chips):

    - RRoP, Showdown, rule 3: "Any player, dealer, or floorperson who sees an incorrect
      amount of chips put into the pot, or an error about to be made in awarding a pot,
      has an ethical obligation to point out the error." -- a wrong push is corrected by
      moving the chips (RRoP section 13, Irregularities, is where the referee's findings
      on misdeals and wrong cards come from).
    - RRoP, Showdown: only a live hand tabled at the showdown can win; a dead hand cannot
      (``referee.citations`` ``_DEAD_HAND``): the pot goes to the best live hand.
    - The false opener, seed 000: "Cuando se haga la apertura de juego con pot o jackpot,
      será obligatorio el justificar la ley de apertura." (RRoP, Draw Poker: a false
      opener's hand is dead; the pot plays when the pre-draw action was completed.)
    - The dead hand, seed 000: "Cada jugador debe contar sus cartas antes de recibirlas.
      Si por error le dieran más o menos de la cuenta, hará que rectifique el que las dio.
      En el caso contrario, no podrá tomar parte en la jugada por tener cartas de más o de
      menos, perdiendo todas las puestas." (RRoP, Draw Poker: a hand with other than five
      cards is dead.)
    - An out-of-turn action that stands, TDA 53 (Action Out of Turn): action backs up to
      the correct seat; the action out of turn is binding if the action to that seat does
      not change (a ruling that rejects such a dispute moves nothing).

    :param decision: ``"upheld"`` or ``"rejected"``.
    :param rule: the rule relied on (text, 1..:data:`MAX_RULE` characters); ``note``:
        free text (at most :data:`MAX_RULE`).
    :param entered_by: who rules (the host), non-empty.
    :param actions: the disputed hand's corrected live actions (the whole list), or None
        (no correction). A rejected ruling leaves the hand as logged: ``actions`` that
        differ from the live ones are refused.
    :param mode: how an upheld ruling that moves chips is settled: ``"table"`` (only while
        the night is open and every player it touches is seated:
        ``store.dispute.ruling_modes.table_refusal``) or ``"money"``; None: in money, as
        rulings were settled before modes (the host's page always sends one, its default
        ``store.dispute.ruling_modes.default_mode``, from the preview).
    :param counted_ok: True only for an import (``store.files.night_records``): its
        counts come from the file, made after the ruling settled at the table.
    :param key: idempotency key: a repeated submit returns the first ruling's id.
    :param previewed: the :func:`preview_digest` of the preview the host committed (the
        host's form), or None: while the dispute is open, a ruling that would now change
        something else than what was previewed (another write came between) is refused,
        code ``preview_stale``.
    :returns: the ruling id.
    :raises StoreError: ``no_dispute``, ``preview_stale``, ``already_ruled`` (dispute_id, ruling_id),
        ``bad_decision`` (decision), ``rule_empty``, ``rule_too_long`` (limit, length),
        ``rejected_correction``, ``correction_voids_table_moves`` (number: the correction
        would void the ``d move`` lines of a ruling settled at the table: change that
        ruling to money first), ``awards_unknown`` (number: the cards needed to decide
        were never recorded: record the cards shown first), ``pushes_unbalanced`` (number,
        pot, pushed: correct the award lines first), ``actions_invalid``,
        ``action_empty`` (index), ``action_too_long`` (index, limit, length),
        ``key_reused`` (key), ``bad_ruling_mode`` (mode), ``ruling_table_closed``,
        ``ruling_table_unseated`` (names), ``ruling_table_counted`` (names); nothing written
        on a refusal.
    """
    with keyed_write(db, "rulings", key, match={"dispute_id": dispute_id}) as found:
        if found is not None:
            return found
        if not isinstance(entered_by, str) or not entered_by.strip():
            raise StoreError("entered_by_needed")
        dispute = get_dispute(db, dispute_id)
        if previewed is not None and dispute["status"] == "open" \
                and preview_digest(preview_ruling(db, dispute_id, decision=decision, actions=actions,
                                                  mode=mode)) != previewed:
            raise StoreError("preview_stale")
        _check(dispute, decision)
        if mode is not None and mode not in MODES:
            raise StoreError("bad_ruling_mode", mode=str(mode)[:20])
        rule_text, note_text = _texts(rule, note)
        hand = hand_row(db, dispute["hand_id"])
        voided, added = correction_plan(db, hand["id"], actions) if actions is not None else ([], [])
        _check_correction(decision, voided, added)
        require_moves_kept(db, hand, voided, added)
        night_id = hand["night_id"]
        closed = get_night(db, night_id)["closed"]
        pot_before = carried_pot(db, night_id) if closed and (voided or added) else None
        seat_players = {p["seat"]: p["player_id"] for p in table_players(db, night_id)}
        box_before = box_chips(db, night_id, seat_players) if closed and (voided or added) else None
        done_voids, done_adds = (correct_hand(db, hand["id"], actions, reason=RULING, entered_by=entered_by,
                                              closed_ok=True)
                                 if voided or added else ([], []))
        moves = hand_moves(db, hand, hand_check(db, hand["id"])) if decision == "upheld" else {}
        settled_by = (mode or MONEY) if any(moves.values()) else None
        if settled_by == TABLE:
            require_table(db, night_id, moves, counted_ok=counted_ok)
        options = None
        voided_close = None
        if closed and (any(moves.values()) or (pot_before is not None and carried_pot(db, night_id) != pot_before)
                       or (box_before is not None and box_chips(db, night_id, seat_players) != box_before)):
            options = close_options(db, night_id)
            voided_close = get_night(db, night_id)["close"]["id"]
            void_close(db, night_id, entered_by=entered_by, ruling=dispute_id)
        ruling_id = _next_id(db)
        settled = settle(db, mode=settled_by, ruling_id=ruling_id, dispute_id=dispute_id, hand=hand,
                         moves=moves, entered_by=entered_by) if settled_by else \
            {"events": [], "entries": [], "mode_entry": None}
        entries = settled["entries"]
        closed_again, refused = False, None
        if options is not None:
            try:
                close_again(db, night_id, options, entered_by=entered_by, ruled_dispute=dispute_id)
                closed_again = True
            except StoreError as exc:
                refused = exc
        detail = {"voided": [e["event_id"] for e in done_voids], "added": [e["event_id"] for e in done_adds],
                  "moves": {str(p): c for p, c in moves.items() if c}, "move_entries": entries,
                  "mode": settled_by, "mode_entry": settled["mode_entry"], "move_events": settled["events"],
                  "reopened": options is not None, "voided_close": voided_close,
                  "closed_again": closed_again,
                  "close_refusal": None if refused is None else _refusal(refused)}
        return insert_once(db, "rulings", {
            "id": ruling_id, "dispute_id": dispute_id, "night_id": night_id, "hand_id": hand["id"],
            "decision": decision, "rule": rule_text, "note": note_text, "detail": json.dumps(detail),
            "entered_by": entered_by, "entered_at": utc_now(), "key": key})


def hand_moves(db: Database, hand: dict, entry: dict) -> dict[int, int]:
    """The chips an upheld ruling moves for a hand, by player: per seat, what the rules
    push (``awards``) less what the dealer pushed (``recorded_awards``, the ``d award``
    lines), less what was already settled: in money by earlier live rulings on the hand
    (their ``adjustment`` rows, ``store.dispute.disputes.ruling_move_rows``), and at the
    table by every live ``d move`` line of the hand, whoever wrote it (a ruling settled at
    the table, the dealer tablet's hand-over, ``store.hand.operations.hand_over``), as
    the referee says they moved (the entry's ``moves``, ``referee.check.hand_entry``)
    (CONTRACT.md 4: the referee's ``stacks`` follow its awards, the chips on the table the
    pushes and the ``d move`` lines). So chips are never moved twice. Read-only.

    :param hand: ``store.hand.rows.hand_row`` of the hand; ``entry``: its referee entry
        (stored, or judged in memory for a preview).
    :returns: ``{player_id: chips}`` (ints, adding up to 0; zeros left out).
    :raises StoreError: ``awards_unknown`` (number): the rules' awards are unknown (cards
        needed to decide were never recorded); ``pushes_unbalanced`` (number, pot, pushed):
        the pushes do not add up to what the rules award.
    """
    number = hand["number"]
    awards, recorded = entry.get("awards"), entry.get("recorded_awards") or {}
    if awards is None:
        raise StoreError("awards_unknown", number=number)
    pot, pushed = sum(awards.values()), sum(recorded.values())
    if pot != pushed:
        raise StoreError("pushes_unbalanced", number=number, pot=pot, pushed=pushed)
    by_seat = {p["seat"]: p["player_id"] for p in table_players(db, hand["night_id"])}
    moves: dict[int, int] = {}
    for seat, chips in (push_differences(entry) or {}).items():
        player_id = by_seat[int(seat)]
        moves[player_id] = moves.get(player_id, 0) + chips
    for player_id, chips, _ in ruling_move_rows(db, hand["night_id"], hand["id"]):
        moves[player_id] = moves.get(player_id, 0) - chips
    for move in entry.get("moves") or []:   # handed over at the table: the giver owes less
        giver, taker = by_seat[move["from"]], by_seat[move["to"]]
        moves[giver] = moves.get(giver, 0) + move["chips"]
        moves[taker] = moves.get(taker, 0) - move["chips"]
    return {p: c for p, c in sorted(moves.items()) if c}


def push_gap_left(db: Database, hand: dict, entry: dict) -> dict[str, int] | None:
    """What a wrong push still leaves unsettled in a hand, per seat, after the live rulings
    on it moved their chips and the live ``d move`` lines handed chips back
    (:func:`hand_moves`, the one rule): the chips on the table less the referee's (seat
    keys strings, zeros left out; ``{}`` once a ruling or the dealer's hand-over settled
    it). The dealer tablet's gap banner shows this, so it goes once the gap is settled. None
    when :func:`hand_moves` refuses (awards unknown, pushes that do not add up to the pot:
    no ruling moves chips for such a hand). Read-only.

    :param hand: ``{"id", "night_id", "number"}`` of the hand; ``entry``: its referee entry.
    """
    try:
        moves = hand_moves(db, hand, entry)
    except StoreError:
        return None
    seats = {p["player_id"]: str(p["seat"]) for p in table_players(db, hand["night_id"])}
    return {seats[player_id]: -chips for player_id, chips in moves.items() if player_id in seats}


def push_differences(entry: dict) -> dict[str, int] | None:
    """What a wrong push left undone in one hand, per seat: the rules' ``awards`` less the
    dealer's pushes (``recorded_awards``), the chips a ruling moves (seat keys strings,
    zeros left out); None when the awards are unknown or the pushes do not add up to the
    pot (then no ruling moves chips for it: :func:`hand_moves` refuses).

    :param entry: the referee's hand entry (CONTRACT.md 4).
    """
    awards, recorded = entry.get("awards"), entry.get("recorded_awards") or {}
    if awards is None or sum(awards.values()) != sum(recorded.values()):
        return None
    gaps = {str(seat): awards.get(seat, 0) - recorded.get(seat, 0) for seat in set(awards) | set(recorded)}
    return {seat: chips for seat, chips in gaps.items() if chips}


def night_settlements(db: Database, night_id: int) -> list[dict]:
    """Every settlement of the night, one per close (voided ones included), oldest first:
    each close keeps its settlement in its ``detail``, so a settlement voided by a reopen
    (or by a ruling that reopened the night) stays readable beside the new one.
    Read-only.

    :returns: ``[{"close_id", "entered_at", "voided": bool, "void_reason" (as stored),
        "void_why" (read: ``store.core.reasons.stored_reason``),
        "voided_by_dispute": the dispute whose ruling voided the close (reopening the
        night) or None, "override_reason": the host's reason to close while a dispute was
        open or None, "transfers": [{"payer_id", "payer", "payee_id", "payee", "cents"}],
        "nets": {player_id: cents}}]``; money in int cents. A close stored before closes kept their settlement
        gives the live one's from :func:`store.money.ledger.night_summary`, a voided one's as
        empty.
    :raises StoreError: no such night.
    """
    with read_tx(db):
        get_night(db, night_id)
        rows = db.execute(
            "SELECT l.id, l.entered_at, l.detail, v.id, v.reason, v.detail FROM ledger l LEFT JOIN ledger v "
            "ON v.kind = 'void' AND v.target = l.id WHERE l.night_id = ? AND l.kind = 'close' ORDER BY l.id",
            [night_id]).fetchall()
        by_ruling = ruling_voids(db, night_id)["closes"]
        out = []
        for close_id, entered_at, detail, void_id, void_reason, void_detail in rows:
            detail = json.loads(detail or "{}")
            transfers, nets = detail.get("transfers"), detail.get("nets")
            if transfers is None and void_id is None:
                summary = night_summary(db, night_id)
                transfers = summary["transfers"]
                nets = {r["player_id"]: r["net_cents"] for r in summary["players"]}
            out.append({"close_id": close_id, "entered_at": entered_at, "voided": void_id is not None,
                        "void_reason": void_reason, "void_why": stored_reason(void_reason, void_detail, void=True),
                        "voided_by_dispute": by_ruling.get(close_id) if void_id is not None else None,
                        "override_reason": detail.get("override_reason"), "transfers": transfers or [],
                        "nets": {int(p): c for p, c in (nets or {}).items()}})
    return out


def ruling_voids(db: Database, night_id: int) -> dict[str, dict[int, int]]:
    """What the night's rulings voided and added, from their ``detail`` (never from a
    void's reason text): ``{"events": {voided action event id: dispute id}, "closes":
    {voided close's ledger id: dispute id}, "added": {action event id a ruling added:
    dispute id}}``. Read-only (the caller's transaction, or none)."""
    events: dict[int, int] = {}
    closes: dict[int, int] = {}
    added: dict[int, int] = {}
    for dispute_id, detail in db.execute("SELECT dispute_id, detail FROM rulings WHERE night_id = ? ORDER BY id",
                                         [night_id]).fetchall():
        detail = json.loads(detail or "{}")
        for event_id in detail.get("voided", []):
            events[event_id] = dispute_id
        for event_id in detail.get("added", []):
            added[event_id] = dispute_id
        if detail.get("voided_close") is not None:
            closes[detail["voided_close"]] = dispute_id
    return {"events": events, "closes": closes, "added": added}


# -- checks and pieces ---------------------------------------------------------------------

def _check(dispute: dict, decision: object) -> None:
    """The checks of a ruling that need no correction. :raises StoreError: ``already_ruled``,
    ``bad_decision``."""
    if dispute["ruling"] is not None:
        raise StoreError("already_ruled", dispute_id=dispute["id"], ruling_id=dispute["ruling"]["id"])
    if decision not in DECISIONS:
        raise StoreError("bad_decision", decision=str(decision))


def _check_correction(decision: str, voided: list, added: list) -> None:
    """A rejected ruling leaves the hand as logged. :raises StoreError: ``rejected_correction``."""
    if decision == "rejected" and (voided or added):
        raise StoreError("rejected_correction")


def _texts(rule: object, note: object) -> tuple[str, str]:
    """The rule and note, trimmed. :raises StoreError: ``rule_empty``, ``rule_too_long``."""
    rule_text = rule.strip() if isinstance(rule, str) else ""
    note_text = note.strip() if isinstance(note, str) else ""
    if not rule_text:
        raise StoreError("rule_empty")
    for text in (rule_text, note_text):
        if len(text) > MAX_RULE:
            raise StoreError("rule_too_long", limit=MAX_RULE, length=len(text))
    return rule_text, note_text


def _refusal(exc: StoreError) -> dict:
    """A refusal as a ruling or its preview keeps it: ``{"code", "params"}``."""
    return {"code": exc.code, "params": dict(exc.params)}


def _next_id(db: Database) -> int:
    """The id the next ruling row takes (inside the write transaction; append-only table)."""
    return db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM rulings").fetchone()[0]


def _entries_from(db: Database, night_id: int, number: int) -> list[dict]:
    """The stored referee entries of the night's hands from ``number`` on (read-only)."""
    return [e for e in night_judgements(db, night_id) if e["hand"] >= number]


def _players(db: Database, night_id: int, chips_before: dict[int, int], chips_after: dict[int, int],
             moves: dict[int, int], held_before: dict[int, int], held_after: dict[int, int],
             mode: str | None, box: dict[int, int]) -> list[dict]:
    """The preview's players: the referee's chips, the chips on the table (``held_*``, by
    seat) before and after (at the table: with the chips handed over), the counted chips
    (None before the count) and the net before and after (in money: the ruling's
    adjustment in it; at the table: the chips in what they hold; with a caja libre, the
    chips the correction makes the seat buy from the box or no longer buy, ``box``, by
    seat: :func:`box_change`)."""
    rows = {r["player_id"]: r for r in night_summary(db, night_id)["players"]}
    out = []
    for p in table_players(db, night_id):
        move = moves.get(p["player_id"], 0)
        row = rows.get(p["player_id"], {})
        net = row.get("net_chips")
        held = held_after.get(p["seat"])
        if held is not None and mode == TABLE:
            held += move
        counted = row.get("counted")
        base = counted if counted is not None else held
        net_after = None if base is None else \
            base + row.get("adjustment", 0) + row.get("pot_share", 0) - row.get("bought", 0) + \
            (move if mode == MONEY else 0) - box.get(p["seat"], 0)
        out.append({"player_id": p["player_id"], "name": p["name"], "seat": p["seat"],
                    "counted": counted,
                    "chips_before": chips_before.get(p["seat"]), "chips_after": chips_after.get(p["seat"]),
                    "held_before": held_before.get(p["seat"]), "held_after": held,
                    "net_before": net, "net_after": net_after, "move": move, "touched": bool(move)})
    return out


def _held(entry: dict) -> dict[int, int]:
    """Seat -> the chips on the table after a referee hand entry (its ``chips_on_table``,
    else its ``stacks``)."""
    return {int(s): c for s, c in (entry.get("chips_on_table") or entry.get("stacks") or {}).items()}
