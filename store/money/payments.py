"""Paying up: each player's payment handle, and the marks on a settlement's transfers (paid
by the payer, confirmed by the payee or the host), per night and across nights.

A transfer is one line of who pays whom: the poker settlement kept by the night's live
close (``what = "poker"``: ``store.money.ledger`` keeps it in the close's ``detail``), or the
shared expenses' own transfers (``what = "expenses"``: ``store.money.expenses``). A mark is an
append-only ``transfer_marks`` row matched to its transfer by (night, what, close, payer,
payee, cents): after a reopen and a different close, the marks of the old settlement do
not carry over silently; they are listed as ``stale`` ("the settlement changed"), and the
new transfers start as due. A mark is withdrawn by a ``void`` mark (who and why), never
edited. Money is int cents.

Statuses: ``due`` (no live mark), ``paid`` (the payer, or the host, said it was paid),
``confirmed`` (the payee, or the host, said it arrived; confirming an unmarked transfer
marks and confirms it).

Sealed (issue 24): every mark is linked in its night's keyed chain, every payment handle in
the club's (``store.core.records.insert``). What the pages read is checked row by row
against those links (``store.core.seals``): a mark that does not hold is not counted and
the night's transfers say so (``unsealed``); a handle that does not hold is never shown
(``handle`` None, ``handle_unsealed``), nor its QR code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from sqlite_utils import Database

from store.core.checks import StoreError, bad_characters
from store.core.memo import kept
from store.core.records import existing, insert_once, require_reason
from store.core.seals import Seals, club_row_holds, club_whole, night_seals, nights_seals
from store.core.transactions import read_tx, utc_now, write_tx
from store.money.close_summary import live_closes
from store.money.expenses import night_expenses, player_expenses
from store.night.demo import counts_sql
from store.night.importing import shown
from store.night.nights import get_night, table_players
from store.player.players import get_player

MAX_HANDLE = 200
"""Longest payment handle (a Bizum number, a PayPal link, an IBAN: free text)."""

WHATS = ("poker", "expenses")
"""The two settlements of a night: the poker nets, and the shared expenses."""


# -- payment handles ------------------------------------------------------------------------

def set_payment_handle(db: Database, player_id: int, handle: str, *, entered_by: str,
                       key: str | None = None) -> int:
    """Keep ``handle`` as the player's payment handle (the latest row wins; an empty
    handle clears it).

    :returns: the row id.
    :raises StoreError: ``no_player``, ``handle_too_long`` (length, limit), ``handle_invalid``
        (control or invisible characters); nothing written.
    """
    if not isinstance(handle, str):
        raise StoreError("handle_invalid")
    handle = handle.strip()
    if len(handle) > MAX_HANDLE:
        raise StoreError("handle_too_long", length=len(handle), limit=MAX_HANDLE)
    if bad_characters(handle):
        raise StoreError("handle_invalid")
    with write_tx(db):
        found = existing(db, "payment_handles", key, None, {"player_id": player_id, "handle": handle})
        if found is not None:
            return found
        get_player(db, player_id)
        return insert_once(db, "payment_handles", {"player_id": player_id, "handle": handle,
                                                   "entered_by": entered_by, "entered_at": utc_now(), "key": key})


def sealed_handle(db: Database, player_id: int) -> tuple[str | None, bool]:
    """The player's payment handle as the club's chain holds it: ``(handle or None,
    unsealed)``. The latest row is checked against its own link
    (``store.core.seals.club_row_holds``) and the club's chain as a whole
    (``store.core.seals.club_whole``: a handle deleted or inserted behind the record's
    back); when either does not hold, ``(None, True)``: the handle is never used. Kept for
    the request (``store.core.memo``: a page asks once per transfer). Read-only."""
    return kept(db, ("sealed_handle", player_id), lambda: _sealed_handle(db, player_id))


def _sealed_handle(db: Database, player_id: int) -> tuple[str | None, bool]:
    row = db.execute("SELECT id, player_id, handle, entered_by, entered_at FROM payment_handles "
                     "WHERE player_id = ? ORDER BY id DESC LIMIT 1", [player_id]).fetchone()
    if row is None:
        return None, not club_whole(db)
    content = dict(zip(("player_id", "handle", "entered_by", "entered_at"), row[1:]))
    if not club_whole(db) or not club_row_holds(db, "payment_handles", row[0], content):
        return None, True
    return (row[2] if isinstance(row[2], str) and row[2] else None), False


def payment_handle(db: Database, player_id: int) -> str | None:
    """The player's payment handle, or None (never set, cleared, or not matching the
    record: :func:`sealed_handle`)."""
    return sealed_handle(db, player_id)[0]


# -- transfers and their marks ----------------------------------------------------------------

def _close_transfers(detail: dict) -> list[dict]:
    """The poker transfers a close's ``detail`` keeps (``store.money.ledger``)."""
    return list(detail.get("transfers") or [])


def _settlement(db: Database, night_id: int, what: str) -> tuple[int | None, list[dict]]:
    """``(close_id, transfers)`` of one settlement of the night: the live close's poker
    transfers (``(None, [])`` while the night is open), or the expenses' transfers
    (close_id None)."""
    if what == "expenses":
        return None, night_expenses(db, night_id)["transfers"]
    close = get_night(db, night_id)["close"]
    if close is None:
        return None, []
    return close["id"], _close_transfers(close["detail"])


MARK_COLUMNS = ("id", "night_id", "close_id", "what", "payer_id", "payee_id", "cents", "kind", "target",
                "entered_by", "entered_at")
"""The columns of a mark as :class:`NightMarks` holds it."""

_MARKS_SQL = f"SELECT {', '.join(MARK_COLUMNS)} FROM transfer_marks"


@dataclass
class NightMarks:
    """One night's marks as read (``rows``: every mark, voids included, oldest first, each
    ``{MARK_COLUMNS...}``) and the seals of the night's marks (``store.core.seals``)."""

    rows: list[dict]
    seals: Seals

    @property
    def whole(self) -> bool:
        """Whether every mark of the night holds its seal and none was deleted."""
        return self.seals.whole("transfer_marks")

    def live(self, what: str) -> list[dict]:
        """The marks of ``what`` not voided, oldest first; a mark, or a void, that does not
        hold its seal is not counted (:attr:`whole` says the night has one)."""
        holds = self.seals.holds
        voided = {m["target"] for m in self.rows if m["kind"] == "void" and holds("transfer_marks", m["id"])}
        return [m for m in self.rows if m["what"] == what and m["kind"] is not None and m["kind"] != "void"
                and m["id"] not in voided and holds("transfer_marks", m["id"])]


def night_marks(db: Database, night_id: int) -> NightMarks:
    """The night's marks and their seals (``store.core.seals.night_seals``). Read-only."""
    rows = [dict(zip(MARK_COLUMNS, r)) for r in db.execute(_MARKS_SQL + " WHERE night_id = ? ORDER BY id",
                                                           [night_id])]
    return NightMarks(rows, night_seals(db, night_id, ("transfer_marks",)))


def nights_marks(db: Database, night_ids: list[int]) -> dict[int, NightMarks]:
    """:func:`night_marks` of every night of ``night_ids``, in a few queries (the marks in
    one, their seals through ``store.core.seals.nights_seals``). Read-only."""
    seals = nights_seals(db, night_ids, ("transfer_marks",))
    rows: dict[int, list[dict]] = {night_id: [] for night_id in night_ids}
    for r in db.execute(_MARKS_SQL + " ORDER BY id"):
        if r[1] in rows:
            rows[r[1]].append(dict(zip(MARK_COLUMNS, r)))
    return {night_id: NightMarks(rows[night_id], seals[night_id]) for night_id in night_ids}


def marks_whole(db: Database, night_id: int) -> bool:
    """Whether every mark of the night holds its seal and none was deleted
    (``store.core.seals.night_seals``). Read-only."""
    return night_seals(db, night_id, ("transfer_marks",)).whole("transfer_marks")


def _live_marks(db: Database, night_id: int, what: str) -> list[dict]:
    """The night's marks of ``what`` not voided, oldest first (:meth:`NightMarks.live`)."""
    return night_marks(db, night_id).live(what)


def _mark_key(mark: dict) -> tuple:
    """What a mark names: ``(close_id, payer_id, payee_id, cents)``."""
    return mark["close_id"], mark["payer_id"], mark["payee_id"], mark["cents"]


def _transfer_key(close_id: int | None, transfer: dict) -> tuple:
    """What names a transfer of the settlement of ``close_id``, as :func:`_mark_key`."""
    return close_id, transfer["payer_id"], transfer["payee_id"], transfer["cents"]


def _matches(mark: dict, close_id: int | None, transfer: dict) -> bool:
    """Whether ``mark`` is a mark of ``transfer`` (by close, payer, payee and cents)."""
    return _mark_key(mark) == _transfer_key(close_id, transfer)


def _earlier_money(marks: list[dict], close_id: int | None) -> dict[tuple[int, int], dict]:
    """The money that changed hands on earlier settlements of the night: every transfer
    of an earlier close with a live ``paid`` or ``confirmed`` mark moved its ``cents``
    from its payer to its payee (a mark keeps what was to be paid then).

    :returns: ``{(low_id, high_id): {"cents": signed cents moved low -> high, "confirmed":
        every such transfer also confirmed}}``, one entry per pair of players.
    """
    moved: dict[tuple[int, int], dict] = {}
    earlier: dict[tuple, set] = {}
    for m in marks:
        if m["close_id"] != close_id and m["kind"] in ("paid", "confirmed"):
            earlier.setdefault((m["close_id"], m["payer_id"], m["payee_id"], m["cents"]), set()).add(m["kind"])
    for (_close, payer, payee, cents), kinds in earlier.items():
        pair = (min(payer, payee), max(payer, payee))
        row = moved.setdefault(pair, {"cents": 0, "confirmed": True})
        row["cents"] += cents if payer == pair[0] else -cents
        row["confirmed"] = row["confirmed"] and "confirmed" in kinds
    return moved


def _remaining(transfers: list[dict], moved: dict[tuple[int, int], dict], names: dict) -> list[dict]:
    """The settlement's transfers less the money already moved between the same two
    players: one row per pair, turned round where the earlier money was more than is due
    (the difference is given back), plus a row for a pair the new settlement no longer
    links but between whom money moved (all of it given back).

    :returns: ``[{"payer_id", "payer", "payee_id", "payee", "cents" (what is still to pay,
        >= 0), "settlement_cents" (the settlement's amount in this row's direction, signed),
        "paid_before" (money moved earlier in this row's direction, signed), "earlier_confirmed"}]``.
    """
    def row(payer, payee, due):  # due: signed settlement cents payer -> payee
        pair = (min(payer, payee), max(payer, payee))
        before = moved.get(pair, {"cents": 0, "confirmed": False})
        paid = before["cents"] if payer == pair[0] else -before["cents"]
        left = due - paid
        if left < 0:
            payer, payee, due, paid, left = payee, payer, -due, -paid, -left
        return {"payer_id": payer, "payer": names.get(payer), "payee_id": payee, "payee": names.get(payee),
                "cents": left, "settlement_cents": due, "paid_before": paid,
                "earlier_confirmed": bool(paid) and before["confirmed"]}
    out, seen = [], set()
    for t in transfers:
        names.setdefault(t["payer_id"], t.get("payer"))
        names.setdefault(t["payee_id"], t.get("payee"))
        seen.add((min(t["payer_id"], t["payee_id"]), max(t["payer_id"], t["payee_id"])))
        out.append(row(t["payer_id"], t["payee_id"], t["cents"]))
    for pair, before in moved.items():
        if pair not in seen and before["cents"]:
            out.append(row(pair[0], pair[1], 0))
    return out


def night_transfers(db: Database, night_id: int, what: str = "poker") -> list[dict]:
    """The night's transfers (the live close's, or the expenses' with ``what="expenses"``),
    each less the money already paid between the same two players on an earlier
    settlement of the night, with its marks. ONE place computes what remains: the host's
    night page, the phone and the outstanding page read it.

    Money that changed hands is a fact: after a reopen and another close, a transfer
    marked paid (or confirmed) on an earlier close counts against the new settlement
    between the same two players: in the same direction it reduces what is due ("already
    paid 1,00 €; 0,10 € left"), in the other it adds to what the other owes back. A
    transfer fully covered by earlier money is ``paid`` (``confirmed`` when every earlier
    payment was confirmed); an overpayment is a row turned round: what is to be given
    back. (The expenses' marks all belong to one settlement, ``close_id`` None: an
    expense's marks of a changed expense settlement are listed by :func:`stale_marks`.)

    A mark that does not match the record (``store.core.seals``) is not counted, and every
    transfer of the night is then ``unsealed`` (a changed mark may have named another pair,
    a deleted one any pair); an expense that does not match, likewise for the expenses'
    transfers (``store.money.expenses.night_expenses``).

    :returns: ``[{"payer_id", "payer", "payee_id", "payee", "cents" (still to pay now,
        cents >= 0), "settlement_cents", "paid_before" (signed, this row's direction),
        "what", "close_id", "status" ('due' | 'paid' | 'confirmed'), "paid_by", "paid_at",
        "confirmed_by", "confirmed_at", "handle" (the payee's payment handle or None: never
        one that does not match the record), "handle_unsealed" (the payee's handle does not
        match the record), "unsealed" (a mark of the night, or for the expenses an
        expense, does not match the record: the status may be wrong)}]``;
        ``*_by`` are the ``entered_by`` of the marks (``"host:<user>"``,
        ``"player:<id>"``), times ISO UTC; a mark on this settlement matches its row by
        (close, payer, payee, cents).
    :raises StoreError: no such night.
    """
    close_id, transfers = _settlement(db, night_id, what)
    marks = night_marks(db, night_id)
    unsealed = not marks.whole or (what == "expenses" and night_expenses(db, night_id)["unsealed"])
    return _transfer_rows(db, night_id, what, (close_id, transfers), marks.live(what), unsealed,
                          lambda player_id: sealed_handle(db, player_id))


def _transfer_rows(db: Database, night_id: int, what: str, settlement: tuple[int | None, list[dict]],
                   marks: list[dict], unsealed: bool, handle_of) -> list[dict]:
    """The rows of :func:`night_transfers` from what was read: ``settlement`` ``(close_id,
    transfers)`` (:func:`_settlement`), the live ``marks`` of ``what``
    (:meth:`NightMarks.live`), whether the night's rows are ``unsealed``, and ``handle_of``
    (player id -> :func:`sealed_handle`'s pair). Shared by :func:`night_transfers` and
    :func:`closed_night_transfers`: one place turns a night's settlement and marks into
    its transfers. Reads only the night's table, and only when earlier money moved."""
    close_id, transfers = settlement
    moved = _earlier_money(marks, close_id) if what == "poker" and close_id is not None else {}
    names = {p["player_id"]: p["name"] for p in table_players(db, night_id)} if moved else {}
    by_transfer: dict[tuple, list[dict]] = {}
    for m in marks:
        by_transfer.setdefault(_mark_key(m), []).append(m)
    out = []
    for t in _remaining(transfers, moved, names):
        handle, handle_unsealed = handle_of(t["payee_id"])
        status = transfer_status(t, by_transfer.get(_transfer_key(close_id, t), ()))
        out.append({**t, "what": what, "close_id": close_id, **status,
                    "handle": handle, "handle_unsealed": handle_unsealed, "unsealed": unsealed})
    return out


def transfer_status(t: dict, mine) -> dict:
    """A transfer's status from its marks: the one rule, for a night and for every night
    at once (:func:`_transfer_rows`).

    ``t`` is a row of :func:`_remaining`; ``mine`` the live marks of its night
    (:meth:`NightMarks.live`) that match it by (close, payer, payee, cents)
    (:func:`_matches`), oldest first. ``confirmed`` with a confirming mark, else ``paid``
    with a paid mark, else ``due``; a transfer with nothing left to pay that earlier money
    covered (``cents`` 0, ``paid_before``) is ``paid``, or ``confirmed`` when every
    earlier payment was confirmed.

    :returns: ``{"status" ('due' | 'paid' | 'confirmed'), "paid_by", "paid_at",
        "confirmed_by", "confirmed_at"}`` (the first mark of each kind; None when there is
        none).
    """
    paid = next((m for m in mine if m["kind"] == "paid"), None)
    confirmed = next((m for m in mine if m["kind"] == "confirmed"), None)
    status = "confirmed" if confirmed else "paid" if paid else "due"
    if status == "due" and t["cents"] == 0 and t["paid_before"]:
        status = "confirmed" if t["earlier_confirmed"] else "paid"
    return {"status": status, "paid_by": paid and paid["entered_by"], "paid_at": paid and paid["entered_at"],
            "confirmed_by": confirmed and confirmed["entered_by"],
            "confirmed_at": confirmed and confirmed["entered_at"]}


def stale_marks(db: Database, night_id: int, what: str = "poker") -> list[dict]:
    """The transfers of an earlier settlement of the night (a reopen and another close,
    or another expense) that were marked: one row per such transfer, ``kind``
    ``confirmed`` when it was confirmed (by the payee or the host, marked paid or not),
    else ``paid``. The poker ones count in :func:`night_transfers` (``counted`` True); the
    expenses' are listed, not carried over.

    :returns: ``[{"close_id", "payer_id", "payer", "payee_id", "payee", "cents", "kind",
        "counted", "entered_by" (the latest mark's), "entered_at"}]``, oldest first.
    """
    close_id = _settlement(db, night_id, what)[0]
    if what == "expenses" and night_expenses(db, night_id)["withheld"]:
        return []  # (the expenses' transfers are withheld: no mark can be told stale)
    live = night_transfers(db, night_id, what) if what == "expenses" else []
    groups: dict[tuple, dict] = {}
    for m in _live_marks(db, night_id, what):
        if what == "poker" and m["close_id"] == close_id:
            continue
        if what == "expenses" and any(_matches(m, close_id, t) for t in live):
            continue
        key = (m["close_id"], m["payer_id"], m["payee_id"], m["cents"])
        row = groups.setdefault(key, {"close_id": m["close_id"], "payer_id": m["payer_id"],
                                      "payer": get_player(db, m["payer_id"])["name"],
                                      "payee_id": m["payee_id"], "payee": get_player(db, m["payee_id"])["name"],
                                      "cents": m["cents"], "kind": "paid", "counted": what == "poker"})
        if m["kind"] == "confirmed":
            row["kind"] = "confirmed"
        row["entered_by"], row["entered_at"] = m["entered_by"], m["entered_at"]
    return list(groups.values())


def _transfer(db: Database, night_id: int, payer_id: int, payee_id: int, what: str) -> dict:
    """The current transfer from payer to payee, with its status.

    :raises StoreError: ``bad_what``, ``no_night``, ``no_transfer`` (payer, payee)."""
    if what not in WHATS:
        raise StoreError("bad_what")
    for t in night_transfers(db, night_id, what):
        if t["payer_id"] == payer_id and t["payee_id"] == payee_id:
            return t
    raise StoreError("no_transfer", payer=payer_id, payee=payee_id)


def _actor_may(entered_by: str, *player_ids: int) -> None:
    """A player's link marks only their own transfers (the host marks any).

    :raises StoreError: ``not_your_transfer``."""
    if entered_by.startswith("player:") and entered_by not in {f"player:{p}" for p in player_ids}:
        raise StoreError("not_your_transfer")


def _mark(db: Database, night_id: int, t: dict, kind: str, entered_by: str, key: str | None,
          **extra) -> int:
    return insert_once(db, "transfer_marks", {
        "night_id": night_id, "close_id": t["close_id"], "what": t["what"], "payer_id": t["payer_id"],
        "payee_id": t["payee_id"], "cents": t["cents"], "kind": kind, "entered_by": entered_by,
        "entered_at": utc_now(), "key": key, **extra})


def mark_paid(db: Database, night_id: int, payer_id: int, payee_id: int, *, entered_by: str,
              what: str = "poker", key: str | None = None) -> int:
    """The payer (``entered_by == "player:<payer_id>"``) or the host says the transfer was paid.

    :returns: the mark's id.
    :raises StoreError: ``no_transfer``, ``not_your_transfer`` (a player who is not the
        payer), ``already_paid``, ``already_confirmed``, ``bad_what``; nothing written.
    """
    with write_tx(db):
        found = existing(db, "transfer_marks", key, "paid", {"night_id": night_id, "payer_id": payer_id,
                                                             "payee_id": payee_id})
        if found is not None:
            return found
        t = _transfer(db, night_id, payer_id, payee_id, what)
        _actor_may(entered_by, payer_id)
        if t["status"] == "paid":
            raise StoreError("already_paid")
        if t["status"] == "confirmed":
            raise StoreError("already_confirmed")
        return _mark(db, night_id, t, "paid", entered_by, key)


def confirm_paid(db: Database, night_id: int, payer_id: int, payee_id: int, *, entered_by: str,
                 what: str = "poker", key: str | None = None) -> int:
    """The payee (``entered_by == "player:<payee_id>"``) or the host confirms the money
    arrived; an unmarked transfer is marked paid and confirmed in one transaction.

    :returns: the confirming mark's id.
    :raises StoreError: ``no_transfer``, ``not_your_transfer`` (a player who is not the
        payee), ``already_confirmed``, ``bad_what``; nothing written.
    """
    with write_tx(db):
        found = existing(db, "transfer_marks", key, "confirmed", {"night_id": night_id, "payer_id": payer_id,
                                                                  "payee_id": payee_id})
        if found is not None:
            return found
        t = _transfer(db, night_id, payer_id, payee_id, what)
        _actor_may(entered_by, payee_id)
        if t["status"] == "confirmed":
            raise StoreError("already_confirmed")
        if t["status"] == "due":
            _mark(db, night_id, t, "paid", entered_by, None)
        return _mark(db, night_id, t, "confirmed", entered_by, key)


def void_mark(db: Database, night_id: int, payer_id: int, payee_id: int, *, reason: str, entered_by: str,
              what: str = "poker", key: str | None = None) -> int:
    """Withdraw the transfer's latest live mark (a confirmation first, then the paid mark)
    with a ``void`` mark saying who and why: a confirmed transfer goes back to paid, a paid
    one to due.

    :returns: the void mark's id.
    :raises StoreError: ``reason_needed``, ``no_transfer``, ``not_marked`` (nothing to
        withdraw), ``bad_what``; nothing written.
    """
    require_reason(reason)
    with write_tx(db):
        found = existing(db, "transfer_marks", key, "void", {"night_id": night_id, "payer_id": payer_id,
                                                             "payee_id": payee_id})
        if found is not None:
            return found
        t = _transfer(db, night_id, payer_id, payee_id, what)
        _actor_may(entered_by)  # the host only
        mine = [m for m in _live_marks(db, night_id, what) if _matches(m, t["close_id"], t)]
        if not mine:
            raise StoreError("not_marked")
        target = max(mine, key=lambda m: (m["kind"] == "confirmed", m["id"]))
        return _mark(db, night_id, t, "void", entered_by, key, target=target["id"], reason=reason.strip())


# -- across nights ---------------------------------------------------------------------------

def _night_head(night: dict) -> dict:
    return {"night_id": night["id"], "local_date": night["local_date"], "title": night["title"],
            "currency": night["currency"], "closed": night["closed"]}


def closed_nights(db: Database, night_ids: list[int] | None = None) -> list[dict]:
    """The closed nights that owe their transfers (among ``night_ids`` when given), oldest
    first (then by id); a night imported as a deliberate copy (``nights.copy_of``) owes
    nothing: the night it copies does; nor does the demo night (``store.night.demo``). Two
    queries (``store.money.close_summary.live_closes``). Read-only.

    :returns: ``[{"night_id", "local_date", "title", "currency", "closed" (True),
        "timezone", "close_id" (the live close's ledger id)}]``.
    """
    if night_ids is not None and not night_ids:
        return []
    closes = live_closes(db, night_ids)
    among = "" if night_ids is None else f" AND id IN ({', '.join('?' for _ in night_ids)})"
    rows = db.execute(f"SELECT id, local_date, title, currency, timezone FROM nights WHERE {counts_sql()} "
                      f"AND {shown()}{among} ORDER BY started_at, id", list(night_ids or [])).fetchall()
    return [{"night_id": r[0], "local_date": r[1], "title": r[2], "currency": r[3], "closed": True,
             "timezone": r[4], "close_id": closes[r[0]]} for r in rows if r[0] in closes]


def _closes_transfers(db: Database, close_ids: list[int]) -> dict[int, list[dict]]:
    """``{close_id: the poker transfers its detail keeps}`` (one query per 500 closes)."""
    out: dict[int, list[dict]] = {}
    for start in range(0, len(close_ids), 500):
        part = close_ids[start:start + 500]
        for close_id, detail in db.execute(
                f"SELECT id, detail FROM ledger WHERE id IN ({', '.join('?' for _ in part)})", part):
            out[close_id] = _close_transfers(json.loads(detail or "{}"))
    return out


def _nights_with_expenses(db: Database) -> set[int]:
    """The nights with an expense row (sealed or not): the only nights whose expenses can
    have transfers."""
    return {r[0] for r in db.execute("SELECT DISTINCT night_id FROM expenses")}


def closed_night_transfers(db: Database, nights: list[dict] | None = None) -> dict[int, dict[str, list[dict]]]:
    """What :func:`night_transfers` gives for each closed night (:func:`closed_nights`, or
    ``nights`` as it gives them), both settlements, without a night's full work per night:
    the live closes' transfers, every mark and the marks' seals are read in a few queries
    (:func:`nights_marks`) and each night's rows made by the one rule
    (:func:`_transfer_rows`, :func:`transfer_status`); the shared expenses are worked out
    (``store.money.expenses.night_expenses``) only for the nights that have an expense.
    Read-only.

    :returns: ``{night_id: {"poker": [night_transfers rows], "expenses": [...]}}``.
    """
    nights = closed_nights(db) if nights is None else nights
    ids = [n["night_id"] for n in nights]
    closes = _closes_transfers(db, [n["close_id"] for n in nights])
    books = nights_marks(db, ids)
    with_expenses = _nights_with_expenses(db)
    handle_of = cache(lambda player_id: sealed_handle(db, player_id))
    out = {}
    for n in nights:
        night_id, book = n["night_id"], books[n["night_id"]]
        poker = _transfer_rows(db, night_id, "poker", (n["close_id"], closes[n["close_id"]]), book.live("poker"),
                               not book.whole, handle_of)
        expenses = _expense_rows(db, night_id, book, handle_of) if night_id in with_expenses else []
        out[night_id] = {"poker": poker, "expenses": expenses}
    return out


def _expense_rows(db: Database, night_id: int, book: NightMarks, handle_of) -> list[dict]:
    """The night's expenses' transfers as :func:`night_transfers` gives them, from the
    night's marks already read."""
    spent = night_expenses(db, night_id)
    return _transfer_rows(db, night_id, "expenses", (None, spent["transfers"]), book.live("expenses"),
                          not book.whole or spent["unsealed"], handle_of)


HEAD = ("night_id", "local_date", "title", "currency", "closed")
"""The night's fields an :func:`outstanding` row carries."""


def _outstanding(db: Database) -> tuple[list[dict], list[dict]]:
    """``(closed_nights, outstanding rows)``: see :func:`outstanding`."""
    nights = closed_nights(db)
    transfers = closed_night_transfers(db, nights)
    rows = []
    for n in nights:
        head = {k: n[k] for k in HEAD}
        rows += [{**t, **head} for what in WHATS for t in transfers[n["night_id"]][what] if t["status"] != "confirmed"]
    return nights, rows


def outstanding(db: Database) -> list[dict]:
    """Every closed night's transfers (poker and expenses) not confirmed yet, oldest night
    first (then poker before expenses, in the settlement's order); a night imported as a
    deliberate copy (``nights.copy_of``) owes nothing: the night it copies does. Worked out
    for every night at once (:func:`closed_night_transfers`). Read-only.

    :returns: ``[{...night_transfers row, "night_id", "local_date", "title", "currency",
        "closed"}]``.
    """
    return _outstanding(db)[1]


def outstanding_totals(rows: list[dict]) -> list[dict]:
    """Per player and currency, what :func:`outstanding` says they still owe and are owed,
    and how many transfers make each up.

    :returns: ``[{"player_id", "name", "currency", "owes", "owed" (cents), "owes_count",
        "owed_count" (transfers the player pays, receives), "unsealed" (a transfer behind
        the row does not match the record: ``night_transfers``' ``unsealed``)}]``, by name
        then currency.

    >>> outstanding_totals([{"payer_id": 1, "payer": "Ana", "payee_id": 2, "payee": "Bruno",
    ...                      "cents": 250, "currency": "EUR", "unsealed": False}])[0]["owes"]
    250
    """
    totals: dict[tuple[int, str], dict] = {}
    for t in rows:
        for pid, name, side in ((t["payer_id"], t["payer"], "owes"), (t["payee_id"], t["payee"], "owed")):
            row = totals.get((pid, t["currency"]))
            if row is None:
                row = totals[pid, t["currency"]] = {"player_id": pid, "name": name, "currency": t["currency"],
                                                    "owes": 0, "owed": 0, "owes_count": 0, "owed_count": 0,
                                                    "unsealed": False}
            row[side] += t["cents"]
            row[side + "_count"] += 1
            row["unsealed"] = row["unsealed"] or bool(t["unsealed"])
    return sorted(totals.values(), key=lambda r: (r["name"] or "", r["currency"]))


def player_transfers(db: Database, player_id: int, night_ids: list[int] | None = None) -> list[dict]:
    """What a player pays and is paid, per night they played (oldest first; only
    ``night_ids`` when given), with status.

    :returns: ``[{"night_id", "local_date", "title", "currency", "closed", "pay": [transfers
        the player pays], "receive": [transfers the player receives], "stale": [their live
        marks of a settlement that changed]}]``; every transfer as :func:`night_transfers`.
    :raises StoreError: no such player.
    """
    get_player(db, player_id)
    out = []
    for (night_id,) in db.execute("SELECT DISTINCT n.id FROM nights n JOIN seats s ON s.night_id = n.id "
                                  f"WHERE s.player_id = ? AND {shown('n')} ORDER BY n.started_at, n.id",
                                  [player_id]).fetchall():
        if night_ids is not None and night_id not in night_ids:
            continue
        night = get_night(db, night_id)
        pay, receive, stale = [], [], []
        for what in WHATS:
            for t in night_transfers(db, night_id, what):
                if t["payer_id"] == player_id:
                    pay.append(t)
                elif t["payee_id"] == player_id:
                    receive.append(t)
            stale += [m for m in stale_marks(db, night_id, what) if player_id in (m["payer_id"], m["payee_id"])]
        out.append({**_night_head(night), "pay": pay, "receive": receive, "stale": stale})
    return out


# -- what the pages read (each in one read transaction) ---------------------------------------

def marker_names(db: Database, transfers: list[dict], names: dict[int, str]) -> dict[int, str]:
    """Who marked ``transfers`` by name: ``names`` (player id -> name: the night's table)
    and every other player of the club whose ``"player:<id>"`` marked one of them
    (``paid_by``, ``confirmed_by``; a mark of no such player is left out). Read-only."""
    out = dict(names)
    for t in transfers:
        for by in (t["paid_by"], t["confirmed_by"]):
            if by and by.startswith("player:") and by[7:].isascii() and by[7:].isdigit() and not out.get(int(by[7:])):
                try:
                    out[int(by[7:])] = get_player(db, int(by[7:]))["name"]
                except StoreError:
                    continue
    return out


def night_payments(db: Database, night_id: int) -> dict:
    """What the host night page shows of paying up, in one read: ``{"closed", "currency",
    "timezone", "transfers" (poker, :func:`night_transfers`), "expense_transfers",
    "stale" (:func:`stale_marks` of both), "expenses"
    (``store.money.expenses.night_expenses``), "players" (the night's table), "handles"
    {player_id: handle or None}, "handles_unsealed": [player ids whose handle does not
    match the record (not shown)], "marks_unsealed": a mark of the night does not match
    the record (:func:`marks_whole`), "markers" (:func:`marker_names`)}``. Read-only.

    :raises StoreError: no such night.
    """
    with read_tx(db):
        night = get_night(db, night_id)
        players = table_players(db, night_id)
        transfers = night_transfers(db, night_id)
        expense_transfers = night_transfers(db, night_id, "expenses")
        handles = {p["player_id"]: sealed_handle(db, p["player_id"]) for p in players}
        return {"closed": night["closed"], "currency": night["currency"], "timezone": night["timezone"],
                "transfers": transfers, "expense_transfers": expense_transfers,
                "stale": stale_marks(db, night_id) + stale_marks(db, night_id, "expenses"),
                "expenses": night_expenses(db, night_id), "players": players,
                "handles": {pid: handle for pid, (handle, _) in handles.items()},
                "handles_unsealed": [pid for pid, (_, unsealed) in handles.items() if unsealed],
                "marks_unsealed": not marks_whole(db, night_id),
                "markers": marker_names(db, transfers + expense_transfers,
                                        {p["player_id"]: p["name"] for p in players})}


def player_payments(db: Database, player_id: int, night_ids: list[int] | None = None) -> dict[int, dict]:
    """What the phone shows of paying up, per night the player played (only ``night_ids``
    when given: the nights the page shows in full), in one read:
    ``{night_id: {...player_transfers night, "my_handle": the player's own handle or None
    (never one that does not match the record), "my_handle_unsealed": it does not,
    "expenses": store.money.expenses.player_expenses, "timezone", "markers"
    (:func:`marker_names`)}}``. Read-only.

    :raises StoreError: no such player.
    """
    with read_tx(db):
        mine, mine_unsealed = sealed_handle(db, player_id)
        out = {}
        for night in player_transfers(db, player_id, night_ids):
            night_id = night["night_id"]
            names = {p["player_id"]: p["name"] for p in table_players(db, night_id)}
            out[night_id] = {**night, "my_handle": mine, "my_handle_unsealed": mine_unsealed,
                             "timezone": get_night(db, night_id)["timezone"],
                             "expenses": player_expenses(db, night_id, player_id),
                             "markers": marker_names(db, night["pay"] + night["receive"], names)}
        return out


def outstanding_player_page(db: Database, player_id: int) -> dict:
    """One player's outstanding transfers, in one read: ``{"player_id", "name" (as the
    club knows them now), "rows": the :func:`outstanding` rows the player pays or receives,
    each with its night's ``"timezone"``, "totals": their :func:`outstanding_totals` rows
    (one per currency), "markers" (:func:`marker_names`)}``. Only the nights where the
    stored dues (``night_dues``, ``store.money.dues``) have a transfer of the player's not
    confirmed are worked out (issue 25: the page costs what it shows, not the club's
    years); their transfers come from the log as on :func:`outstanding`. Read-only.

    :raises StoreError: ``no_player``.
    """
    with read_tx(db):
        name = get_player(db, player_id)["name"]
        owing = [r[0] for r in db.execute(
            "SELECT night_id FROM night_dues WHERE status != 'confirmed' AND payer_id = ? UNION "
            "SELECT night_id FROM night_dues WHERE status != 'confirmed' AND payee_id = ?", [player_id, player_id])]
        nights = closed_nights(db, owing)
        transfers = closed_night_transfers(db, nights)
        rows = [{**t, **{k: n[k] for k in HEAD}} for n in nights for what in WHATS
                for t in transfers[n["night_id"]][what] if t["status"] != "confirmed"]
        zones = {n["night_id"]: n["timezone"] for n in nights}
        mine = [{**r, "timezone": zones[r["night_id"]]} for r in rows if player_id in (r["payer_id"], r["payee_id"])]
        return {"player_id": player_id, "name": name, "rows": mine,
                "totals": [t for t in outstanding_totals(mine) if t["player_id"] == player_id],
                "markers": marker_names(db, mine, {})}


def player_mark(db: Database, night_id: int, player_id: int, other_id: int, *, action: str, what: str,
                key: str | None = None) -> int:
    """A player's own mark (the phone): ``action`` ``"paid"`` for a transfer they pay
    (:func:`mark_paid`), ``"confirm"`` for one they receive from ``other_id``
    (:func:`confirm_paid`), entered by ``"player:<id>"``.

    :returns: the mark's id.
    :raises StoreError: ``no_night`` (a night the player did not play: the page's 404),
        ``not_your_transfer_player`` (no transfer between the two), ``only_payee_confirms``,
        ``only_payer_marks_paid``; as :func:`mark_paid` and :func:`confirm_paid`; nothing
        written.
    """
    with read_tx(db):
        if db.execute("SELECT 1 FROM seats WHERE night_id = ? AND player_id = ?",
                      [night_id, player_id]).fetchone() is None:
            raise StoreError("no_night", night=night_id)
        ours = [t for t in night_transfers(db, night_id, what) if {t["payer_id"], t["payee_id"]} == {player_id, other_id}]
    if not ours:
        raise StoreError("not_your_transfer_player")
    i_pay = ours[0]["payer_id"] == player_id
    if action == "confirm" and i_pay:
        raise StoreError("only_payee_confirms")
    if action == "paid" and not i_pay:
        raise StoreError("only_payer_marks_paid")
    payer, payee = (player_id, other_id) if i_pay else (other_id, player_id)
    mark = mark_paid if action == "paid" else confirm_paid
    return mark(db, night_id, payer, payee, entered_by=f"player:{player_id}", what=what, key=key)
