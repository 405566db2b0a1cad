"""What a night holds beyond its hands and counts, in its session file's ``"tapete"`` block
and back (issue 24: "Files come back whole"): the disputes with their rulings (the ruling's
decision, rule, note, who and when, the lines it voided and added, the chips it moved), the
shared expenses with each sharer's cents and their voids, and the marks on the transfers
(paid, confirmed). The close is the block's ``settlement`` (``store.files.night_block``).

The download writes them (:func:`night_records`, read-only); the import reads them
(:func:`file_records`, checked before anything is stored) and enters them through the
store's own functions, each linked into the night's chain as any row
(``store.dispute.disputes.open_dispute``, ``store.dispute.rulings.record_ruling``,
``store.money.expenses.add_expense`` and ``void_expense``, ``store.money.payments.mark_paid``
and ``confirm_paid``), at the times the file gives (``store.core.transactions.recorded_at``):
no rule is implemented twice. The chips a ruling moves are the rules' (``record_ruling``
works them out again from the hand): the file's ``moves`` are checked against them, and a
file whose ruling would move other chips here is refused (code ``file_record_differs``);
so are an expense whose split here is not the file's. A record the store refuses (a
player not dealt into the hand, a transfer the settlement does not have ...) is refused
naming the record (``file_record_refused``, with the store's own refusal). Nothing is
stored then: the import is one transaction.

The block's keys (each optional; a file without them imports as before)::

    "disputes": [{"hand": 4, "player": "Chema", "statement": "El bote era mío",
                  "entered_at": "2026-03-14T22:10:00+00:00",
                  "ruling": {"decision": "upheld", "rule": "RRoP, Showdown 3", "note": "",
                             "entered_by": "host:ana", "entered_at": "2026-03-14T22:20:00+00:00",
                             "voided": ["d award p2 17"], "added": ["d award p3 17"],
                             "moves": {"Chema": 17, "Pepe": -17},
                             "mode": "table", "handed_over": ["d move p2 p3 17"]}}],
    "expenses": [{"payer": "Ana", "cents": 2400, "description": "Pizzas",
                  "shares": {"Ana": 800, "Pepe": 800, "Chema": 800},
                  "entered_by": "host:ana", "entered_at": "...",
                  "void": {"reason": "...", "entered_by": "host:ana", "entered_at": "..."}}],
    "payments": [{"what": "poker", "payer": "Pepe", "payee": "Ana", "cents": 35,
                  "paid_by": "player:Pepe", "paid_at": "...",
                  "confirmed_by": "host:ana", "confirmed_at": "..."}]

- A dispute's ``hand`` is the hand's number in the file (1-based among its ``hands``), its
  ``player`` a name of the file's ``players``. The file's hands hold the live actions, the
  rulings' corrections made: the lines as first logged are the live ones with each
  correction undone (:func:`logged_actions`: a ruling's ``added`` lines taken off the end,
  its ``voided`` ones put back, the last ruling first), and the import stores those and
  records each ruling again with its correction, so the night has the same log, voids
  included, as the one downloaded.
- A ruling's ``mode`` is how it is settled now (``store.dispute.ruling_modes``): ``table``
  (the dealer handed the chips over: its ``handed_over`` lines, the ``d move`` lines it
  wrote, are in the hand's actions, after the lines it added) or ``money`` (the ledger moves
  the money at the close); absent (a file from before modes, or a ruling that moved no
  chips): in money. The import takes the ``handed_over`` lines off the hand's actions with
  the ruling's correction and records the ruling again in its mode, which writes them
  again (checked: the same lines, else ``file_record_differs``); so the chips are handed
  over once, never also moved in money. How the mode was changed before (the voided
  ``ruling_mode`` rows) is not carried: the ruling comes back settled as it is now.
- Who entered a row (``entered_by``, ``paid_by`` ...) is written as the store keeps it
  (``host:ana``, ``cli``), except a player's, which is ``player:`` and their name (a
  player's id is the club's own).
- Times are ISO 8601 with their offset (the download writes UTC).
- ``payments``: the marks on the night's current transfers (the live close's for
  ``poker``, the expenses' for ``expenses``), one per marked transfer, as it stands now
  (a withdrawn mark is left out). Marks on a settlement a reopen replaced are not carried.

What is not carried: the night's earlier settlements (a close a reopen or a ruling voided:
the import closes the night once, after its rulings, so a ruling made on the closed night
comes back as made before the close, its ``reopened`` and ``closed_again`` false), the
marks on them, and the dealer's and players' links.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlite_utils import Database

from store.core.checks import MAX_CHIPS, StoreError, whole_number
from store.core.transactions import recorded_at
from store.dispute.disputes import night_disputes, open_dispute
from store.dispute.ruling_modes import MODES, TABLE, ruling_mode
from store.dispute.rulings import record_ruling
from store.hand.events import hand_actions
from store.hand.rows import night_hands
from store.money.expenses import add_expense, night_expenses, void_expense
from store.money.payments import WHATS, confirm_paid, mark_paid, night_transfers
from store.night.nights import table_players
from store.player.players import get_player, name_key

KEYS = ("disputes", "expenses", "payments")
"""The block's keys of the night's records (see the module)."""

MAX_TEXT = 2000
"""Longest text of a record the file may give (a statement, a rule, a note, a reason:
the store's own limits, shorter, are checked when it is entered)."""

EPOCH = datetime.min.replace(tzinfo=timezone.utc)
"""The time of a record the file gives none (entered first, in the file's order)."""


# -- the download --------------------------------------------------------------------------

def night_records(db: Database, night_id: int) -> dict:
    """The night's records as the block writes them (see the module): ``{"disputes",
    "expenses", "payments"}``, each key only when the night has some. Read-only (the
    caller's read transaction).

    :raises StoreError: no such night.
    """
    names = _names(db, night_id)
    out = {"disputes": _disputes_out(db, night_id, names), "expenses": _expenses_out(db, night_id, names),
           "payments": _payments_out(db, night_id, names)}
    return {k: v for k, v in out.items() if v}


def _names(db: Database, night_id: int) -> dict[int, str]:
    """Player id -> name: the night's table's."""
    return {p["player_id"]: p["name"] for p in table_players(db, night_id)}


def _actor_out(entered_by: str | None, names: dict[int, str], db: Database) -> str | None:
    """Who entered a row as the file writes it: ``player:<name>`` for a player's link
    (``player:<id>`` in the store), anything else as kept."""
    if not isinstance(entered_by, str) or not entered_by.startswith("player:"):
        return entered_by
    ident = entered_by[len("player:"):]
    if not (ident.isascii() and ident.isdigit()):
        return entered_by
    name = names.get(int(ident))
    if name is None:
        try:
            name = get_player(db, int(ident))["name"]
        except StoreError:
            return None
    return f"player:{name}"


def _disputes_out(db: Database, night_id: int, names: dict[int, str]) -> list[dict]:
    numbers = {h["id"]: i for i, h in enumerate(night_hands(db, night_id), start=1)}
    out = []
    for d in night_disputes(db, night_id):
        if d["hand_id"] not in numbers:
            continue
        item = {"hand": numbers[d["hand_id"]], "player": d["player"], "statement": d["statement"],
                "entered_at": d["entered_at"]}
        ruling = d["ruling"]
        if ruling is not None:
            item["ruling"] = {
                "decision": ruling["decision"], "rule": ruling["rule"], "note": ruling["note"] or "",
                "entered_by": _actor_out(ruling["entered_by"], names, db), "entered_at": ruling["entered_at"],
                "voided": [v["action"] for v in ruling["voided"]], "added": [a["action"] for a in ruling["added"]],
                "moves": {m["name"]: m["chips"] for m in ruling["moves"] if m["name"] is not None},
                **_mode_out(db, ruling["id"], d["hand_id"])}
        out.append(item)
    return out


def _mode_out(db: Database, ruling_id: int, hand_id: int) -> dict:
    """A ruling's ``mode`` and, at the table, its ``handed_over`` lines (the live ``d
    move`` lines its mode row wrote, in the log's order); ``{}`` for a ruling that moves
    nothing."""
    mode = ruling_mode(db, ruling_id)
    if mode is None or not mode["moves"]:
        return {}
    if mode["mode"] != TABLE:
        return {"mode": mode["mode"]}
    events = set(mode["events"])
    return {"mode": TABLE, "handed_over": [a["action"] for a in hand_actions(db, hand_id)
                                           if a["event_id"] in events and not a["voided"]]}


def _expenses_out(db: Database, night_id: int, names: dict[int, str]) -> list[dict]:
    expenses = [e for e in night_expenses(db, night_id)["expenses"] if not e.get("unsealed")]
    voided_at = dict(db.execute("SELECT v.expense_id, v.entered_at FROM expense_voids v JOIN expenses e "
                                "ON e.id = v.expense_id WHERE e.night_id = ?", [night_id]).fetchall())
    out = []
    for e in expenses:
        item = {"payer": e["payer"], "cents": e["cents"], "description": e["description"],
                "shares": {s["name"]: s["cents"] for s in e["shares"]},
                "entered_by": _actor_out(e["entered_by"], names, db), "entered_at": e["entered_at"]}
        if e["voided"]:
            item["void"] = {"reason": e["void_reason"], "entered_by": _actor_out(e["voided_by"], names, db),
                            "entered_at": voided_at.get(e["id"])}
        out.append(item)
    return out


def _payments_out(db: Database, night_id: int, names: dict[int, str]) -> list[dict]:
    out = []
    for what in WHATS:
        for t in night_transfers(db, night_id, what):
            if not (t["paid_by"] or t["confirmed_by"]):
                continue
            item = {"what": what, "payer": t["payer"] or names.get(t["payer_id"]),
                    "payee": t["payee"] or names.get(t["payee_id"]), "cents": t["cents"],
                    "paid_by": _actor_out(t["paid_by"], names, db), "paid_at": t["paid_at"]}
            if t["confirmed_by"]:
                item.update(confirmed_by=_actor_out(t["confirmed_by"], names, db), confirmed_at=t["confirmed_at"])
            out.append({k: v for k, v in item.items() if v is not None})
    return out


# -- the file read -------------------------------------------------------------------------

@dataclass(frozen=True)
class Ruling:
    """A ruling of the file (see the module); ``moves`` by name, None when the file says
    none (not checked then)."""

    decision: str
    rule: str
    note: str
    entered_by: str | None
    entered_at: datetime | None
    voided: list[str]
    added: list[str]
    moves: dict[str, int] | None
    mode: str | None = None
    handed_over: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Dispute:
    """A dispute of the file: its place in the file (``entry``, 1-based), the hand's
    number, the player's name, the statement, when, and its ruling or None."""

    entry: int
    hand: int
    player: str
    statement: str
    entered_at: datetime | None
    ruling: Ruling | None


@dataclass(frozen=True)
class Expense:
    """An expense of the file: ``entry`` (1-based), the payer's name, cents, description,
    the shares by name (None: not given, not checked), who and when, and its void
    (``{"reason", "entered_by", "entered_at"}``) or None."""

    entry: int
    payer: str
    cents: int
    description: str
    shares: dict[str, int] | None
    entered_by: str | None
    entered_at: datetime | None
    void: dict | None


@dataclass(frozen=True)
class Payment:
    """A marked transfer of the file: ``entry`` (1-based), ``what`` (``poker`` |
    ``expenses``), payer and payee by name, cents (None: not given), and the marks: who
    marked it paid and when, who confirmed it and when (None: not)."""

    entry: int
    what: str
    payer: str
    payee: str
    cents: int | None
    paid_by: str | None
    paid_at: datetime | None
    confirmed_by: str | None
    confirmed_at: datetime | None


@dataclass(frozen=True)
class Records:
    """A file's records, checked (:func:`file_records`), and the hands its rulings
    corrected (:func:`logged_actions`): ``logged`` {hand number: the actions as first
    logged}, ``corrected`` {dispute entry: the live actions its ruling left}."""

    disputes: list[Dispute] = field(default_factory=list)
    expenses: list[Expense] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    logged: dict[int, list[str]] = field(default_factory=dict)
    corrected: dict[int, list[str]] = field(default_factory=dict)


def _refuse(key: str, entry: int, reason: str = "records") -> StoreError:
    """The refusal of the block's ``key`` at its ``entry`` (1-based): code
    ``session_invalid``, what ``night``, ``field`` the key, ``reason`` ``records`` (not a
    record the import can read) or ``player`` (a name that is none of the file's players),
    ``correction`` (a ruling's corrected lines that are not the hand's)."""
    if reason == "player":
        return StoreError("session_invalid", what="night", field=key, reason="player", entry=entry)
    if reason == "correction":
        return StoreError("session_invalid", what="night", field=key, reason="correction", entry=entry)
    return StoreError("session_invalid", what="night", field=key, reason="records", entry=entry)


def _text(value: object, *, empty: bool = False) -> bool:
    return isinstance(value, str) and (empty or bool(value.strip())) and len(value) <= MAX_TEXT


def _time(value: object) -> tuple[bool, datetime | None]:
    """``(readable, when)``: None is readable (no time); else an ISO 8601 date and time
    with its offset."""
    if value is None:
        return True, None
    if not isinstance(value, str) or len(value) > 40:
        return False, None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return False, None
    return when.tzinfo is not None, when


def _actor(value: object) -> bool:
    return value is None or (isinstance(value, str) and 0 < len(value.strip()) <= 200 and value.isprintable())


def _lines(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and 0 < len(v) <= MAX_TEXT for v in value)


def _chips_by_name(value: object, *, signed: bool = False) -> bool:
    """A non-empty object of names to whole numbers (from 0, or, ``signed``, from
    -``MAX_CHIPS``; at most ``MAX_CHIPS``)."""
    low = -MAX_CHIPS if signed else 0
    return isinstance(value, dict) and bool(value) and all(
        isinstance(k, str) and whole_number(v, low=low) for k, v in value.items())


def _list(block: dict, key: str) -> list:
    value = block.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise _refuse(key, 0)
    return value


def file_records(session: dict) -> Records:
    """The records of the session's ``"tapete"`` block (see the module), checked before
    anything is stored: each of the right shape, every name one of the file's players,
    every dispute's hand one of the file's hands, every time ISO 8601 with its offset.
    Empty without a block or without these keys.

    :raises StoreError: code ``session_invalid``, what ``night``, ``field`` the key
        (``disputes``, ``expenses``, ``payments``), ``entry`` (1-based; 0: the key
        itself), ``reason`` ``records`` or ``player`` (:func:`_refuse`).
    """
    block = session.get("tapete")
    if not isinstance(block, dict):
        return Records()
    players = {name_key(str(p.get("name") or f"seat {p.get('seat')}")) for p in session.get("players") or []}
    hands = len(session.get("hands") or [])

    def known(key: str, entry: int, *names) -> None:
        for name in names:
            if name is not None and name_key(name) not in players:
                raise _refuse(key, entry, "player")

    def actor(key: str, entry: int, value) -> None:
        if not _actor(value):
            raise _refuse(key, entry)
        if value is not None and value.startswith("player:"):
            known(key, entry, value[len("player:"):])

    disputes = []
    for entry, d in enumerate(_list(block, "disputes"), start=1):
        ok_time, when = _time(d.get("entered_at"))
        hand = d.get("hand")
        if not (whole_number(hand, low=1) and hand <= hands and isinstance(d.get("player"), str)
                and _text(d.get("statement")) and ok_time):
            raise _refuse("disputes", entry)
        known("disputes", entry, d["player"])
        ruling = None
        if d.get("ruling") is not None:
            r = d["ruling"]
            ok_time, ruled_at = _time(r.get("entered_at") if isinstance(r, dict) else None)
            if not (isinstance(r, dict) and r.get("decision") in ("upheld", "rejected") and _text(r.get("rule"))
                    and _text(r.get("note", ""), empty=True) and ok_time and _lines(r.get("voided", []))
                    and _lines(r.get("added", [])) and (r.get("moves") is None or r["moves"] == {} or _chips_by_name(r["moves"], signed=True))
                    and r.get("mode") in (None, *MODES) and _lines(r.get("handed_over", []))
                    and (r.get("mode") == TABLE or not r.get("handed_over"))):
                raise _refuse("disputes", entry)
            actor("disputes", entry, r.get("entered_by"))
            known("disputes", entry, *(r.get("moves") or {}))
            ruling = Ruling(r["decision"], r["rule"], r.get("note") or "", r.get("entered_by"), ruled_at,
                            [" ".join(v.split()) for v in r.get("voided", [])],
                            [" ".join(a.split()) for a in r.get("added", [])], r.get("moves"), r.get("mode"),
                            [" ".join(m.split()) for m in r.get("handed_over", [])])
        disputes.append(Dispute(entry, hand, d["player"], d["statement"], when, ruling))

    expenses = []
    for entry, e in enumerate(_list(block, "expenses"), start=1):
        ok_time, when = _time(e.get("entered_at"))
        void = e.get("void")
        ok_void, voided_at = _time(void.get("entered_at") if isinstance(void, dict) else None)
        if not (isinstance(e.get("payer"), str) and whole_number(e.get("cents"), low=1)
                and _text(e.get("description")) and ok_time and ok_void
                and (e.get("shares") is None or _chips_by_name(e["shares"]))
                and (void is None or (isinstance(void, dict) and _text(void.get("reason"))))):
            raise _refuse("expenses", entry)
        known("expenses", entry, e["payer"], *(e.get("shares") or {}))
        actor("expenses", entry, e.get("entered_by"))
        if void is not None:
            actor("expenses", entry, void.get("entered_by"))
        expenses.append(Expense(entry, e["payer"], e["cents"], e["description"], e.get("shares"),
                                e.get("entered_by"), when,
                                None if void is None else {**void, "entered_at": voided_at}))

    payments = []
    for entry, p in enumerate(_list(block, "payments"), start=1):
        ok_paid, paid_at = _time(p.get("paid_at"))
        ok_confirmed, confirmed_at = _time(p.get("confirmed_at"))
        if not (p.get("what") in WHATS and isinstance(p.get("payer"), str) and isinstance(p.get("payee"), str)
                and (p.get("cents") is None or whole_number(p["cents"], low=0)) and ok_paid and ok_confirmed
                and (p.get("paid_by") or p.get("confirmed_by"))):
            raise _refuse("payments", entry)
        known("payments", entry, p["payer"], p["payee"])
        actor("payments", entry, p.get("paid_by"))
        actor("payments", entry, p.get("confirmed_by"))
        payments.append(Payment(entry, p["what"], p["payer"], p["payee"], p.get("cents"), p.get("paid_by"),
                                paid_at, p.get("confirmed_by"), confirmed_at))
    logged, corrected = logged_actions(session, disputes)
    return Records(disputes, expenses, payments, logged, corrected)


# -- the rulings' corrections --------------------------------------------------------------

def _order(disputes: list[Dispute]) -> list[tuple[str, Dispute]]:
    """The disputes opened and ruled, in the order they happened: ``[("open" | "rule",
    dispute)]`` by time (the file's order where times tie or are missing)."""
    steps = []
    for d in disputes:
        steps.append(((d.entered_at or EPOCH).astimezone(timezone.utc), d.entry, 0, "open", d))
        if d.ruling is not None:
            steps.append(((d.ruling.entered_at or d.entered_at or EPOCH).astimezone(timezone.utc), d.entry, 1,
                          "rule", d))
    return [(kind, d) for *_, kind, d in sorted(steps, key=lambda s: s[:3])]


def logged_actions(session: dict, disputes: list[Dispute]) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """The file's hands as first logged, and each ruling's corrected lines: ``({hand number:
    the actions before the first ruling that corrected it}, {dispute entry: the hand's
    live actions that ruling left})`` (see the module), for the hands a ruling corrected.

    :raises StoreError: ``session_invalid``, what ``night``, field ``disputes``, reason
        ``correction`` (the dispute's ``entry``): a ruling's added lines are not the end of
        the hand's actions as the later rulings left them.
    """
    hands = session.get("hands") or []
    by_hand: dict[int, list[Dispute]] = {}
    for kind, d in _order(disputes):
        if kind == "rule" and (d.ruling.voided or d.ruling.added or d.ruling.handed_over):
            by_hand.setdefault(d.hand, []).append(d)
    first: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    for number, rulings in by_hand.items():
        lines = [" ".join(str(a).split()) for a in hands[number - 1].get("actions") or []]
        for d in reversed(rulings):
            lines = _taken_off(lines, d.ruling.handed_over, d.entry)  # written again in its mode
            added = d.ruling.added
            if len(added) > len(lines) or lines[len(lines) - len(added):] != added:
                raise _refuse("disputes", d.entry, "correction")
            after[d.entry] = lines
            lines = lines[:len(lines) - len(added)] + d.ruling.voided
        first[number] = lines
    return first, after


def _taken_off(lines: list[str], tail: list[str], entry: int) -> list[str]:
    """``lines`` without ``tail``, which must be their end.

    :raises StoreError: as :func:`logged_actions` (reason ``correction``)."""
    if not tail:
        return lines
    if len(tail) > len(lines) or lines[len(lines) - len(tail):] != tail:
        raise _refuse("disputes", entry, "correction")
    return lines[:len(lines) - len(tail)]


# -- the import ----------------------------------------------------------------------------

class Players:
    """The night's players by name (``name_key``) for the records: ``id(name)``, and who
    entered a row as the store keeps it (``entered_by(text)``: ``player:<name>`` ->
    ``player:<id>``)."""

    def __init__(self, by_name: dict[str, int]) -> None:
        self.by_name = by_name

    def id(self, name: str) -> int:
        return self.by_name[name_key(name)]

    def entered_by(self, text: str | None, default: str) -> str:
        """``text`` as the store keeps it; ``default`` for None or a player not at the night
        (a record's players are checked before: :func:`file_records`)."""
        if text is None:
            return default
        if text.startswith("player:"):
            player_id = self.by_name.get(name_key(text[len("player:"):]))
            return default if player_id is None else f"player:{player_id}"
        return text


def _refused(what: str, entry: int, exc: StoreError, hand: int | None = None) -> StoreError:
    """A record the store refuses, said of the file: code ``file_record_refused``, params
    ``what`` (``dispute``, ``ruling``, ``expense``, ``payment``), ``entry`` (1-based in its
    list), ``hand`` (a dispute's or ruling's), ``reason_code`` and ``reason_params`` (the
    store's own refusal)."""
    code, params = exc.code, dict(exc.params)
    if what == "dispute":
        return StoreError("file_record_refused", what="dispute", hand=hand, entry=entry, reason_code=code,
                          reason_params=params)
    if what == "ruling":
        return StoreError("file_record_refused", what="ruling", hand=hand, entry=entry, reason_code=code,
                          reason_params=params)
    if what == "expense":
        return StoreError("file_record_refused", what="expense", entry=entry, reason_code=code, reason_params=params)
    return StoreError("file_record_refused", what="payment", entry=entry, reason_code=code, reason_params=params)


def enter_disputes(db: Database, night_id: int, records: Records, players: Players, *,
                   entered_by: str) -> None:
    """Open the file's disputes and record their rulings, in the order they happened
    (``store.dispute.disputes.open_dispute``, ``store.dispute.rulings.record_ruling`` with
    each correction: :func:`logged_actions`), each at its time; the hands are the night's
    as first logged. Inside the import's write transaction.

    :raises StoreError: ``file_record_refused`` (what ``dispute`` or ``ruling``: the store
        refused it), ``file_record_differs`` (what ``ruling``, ``entry``, ``hand``: the
        ruling here moves other chips than the file says).
    """
    if not records.disputes:
        return
    hand_ids = {i: h["id"] for i, h in enumerate(night_hands(db, night_id), start=1)}
    corrected = records.corrected
    opened: dict[int, int] = {}
    for kind, d in _order(records.disputes):
        if kind == "open":
            with recorded_at(d.entered_at):
                try:
                    opened[d.entry] = open_dispute(db, hand_ids[d.hand], players.id(d.player), d.statement)
                except StoreError as exc:
                    raise _refused("dispute", d.entry, exc, d.hand) from None
            continue
        r = d.ruling
        with recorded_at(r.entered_at):
            try:
                ruling_id = record_ruling(db, opened[d.entry], decision=r.decision, rule=r.rule, note=r.note,
                                          actions=corrected.get(d.entry), mode=r.mode, counted_ok=True,
                                          entered_by=players.entered_by(r.entered_by, entered_by))
            except StoreError as exc:
                raise _refused("ruling", d.entry, exc, d.hand) from None
        if r.moves is not None and _moves(db, ruling_id) != {name_key(n): c for n, c in r.moves.items() if c} \
                or r.mode == TABLE and _mode_out(db, ruling_id, hand_ids[d.hand]).get("handed_over") != r.handed_over:
            raise StoreError("file_record_differs", what="ruling", entry=d.entry, hand=d.hand)


def _moves(db: Database, ruling_id: int) -> dict[str, int]:
    """The chips a ruling moved, by player name (``name_key``)."""
    detail = json.loads(db.execute("SELECT detail FROM rulings WHERE id = ?", [ruling_id]).fetchone()[0] or "{}")
    return {name_key(get_player(db, int(p))["name"]): c for p, c in (detail.get("moves") or {}).items() if c}


def enter_expenses(db: Database, night_id: int, records: Records, players: Players, *, entered_by: str) -> None:
    """Enter the file's expenses (``store.money.expenses.add_expense``, shared by the file's
    sharers) and their voids (``void_expense``), each at its time. Inside the import's
    write transaction.

    :raises StoreError: ``file_record_refused`` (what ``expense``), ``file_record_differs``
        (what ``expense``, ``entry``: the split here is not the file's shares).
    """
    for e in records.expenses:
        sharers = [players.id(name) for name in (e.shares or {})] or None
        try:
            with recorded_at(e.entered_at):
                expense_id = add_expense(db, night_id, players.id(e.payer), e.cents, e.description,
                                         sharers if sharers is not None else [players.id(e.payer)],
                                         entered_by=players.entered_by(e.entered_by, entered_by))
            if e.void is not None:
                with recorded_at(e.void["entered_at"]):
                    void_expense(db, night_id, expense_id, reason=e.void["reason"],
                                 entered_by=players.entered_by(e.void.get("entered_by"), entered_by))
        except StoreError as exc:
            raise _refused("expense", e.entry, exc) from None
        if e.shares is not None:
            split = {name_key(s): c for s, c in e.shares.items()}
            stored = dict(db.execute("SELECT p.name_key, s.cents FROM expense_shares s JOIN players p "
                                     "ON p.id = s.player_id WHERE s.expense_id = ?", [expense_id]).fetchall())
            if stored != split:
                raise StoreError("file_record_differs", what="expense", entry=e.entry)


def _transfer_cents(db: Database, night_id: int, what: str, payer: int, payee: int) -> int | None:
    """The cents of the night's current transfer from ``payer`` to ``payee`` (``what``:
    ``poker`` or ``expenses``), or None (no such transfer: the mark is refused then)."""
    return next((t["cents"] for t in night_transfers(db, night_id, what)
                 if t["payer_id"] == payer and t["payee_id"] == payee), None)


def enter_payments(db: Database, night_id: int, records: Records, players: Players, *, closed: bool,
                   entered_by: str) -> None:
    """Mark the file's paid and confirmed transfers (``store.money.payments.mark_paid``,
    ``confirm_paid``) on the night's current transfers, each at its time; the poker ones
    only when the night is closed here (else it has no transfers: the page says why it
    was not closed). Inside the import's write transaction, after the close.

    :raises StoreError: ``file_record_refused`` (what ``payment``: no such transfer here,
        a player marking another's transfer ...), ``file_record_differs`` (what
        ``payment``, ``entry``: the file's ``cents`` are not the transfer's here).
    """
    for p in records.payments:
        if p.what == "poker" and not closed:
            continue
        payer, payee = players.id(p.payer), players.id(p.payee)
        here = _transfer_cents(db, night_id, p.what, payer, payee) if p.cents is not None else None
        if here is not None and p.cents != here:
            raise StoreError("file_record_differs", what="payment", entry=p.entry)
        try:
            if p.paid_by is not None:
                with recorded_at(p.paid_at):
                    mark_paid(db, night_id, payer, payee, what=p.what,
                              entered_by=players.entered_by(p.paid_by, entered_by))
            if p.confirmed_by is not None:
                with recorded_at(p.confirmed_at):
                    confirm_paid(db, night_id, payer, payee, what=p.what,
                                 entered_by=players.entered_by(p.confirmed_by, entered_by))
        except StoreError as exc:
            raise _refused("payment", p.entry, exc) from None
