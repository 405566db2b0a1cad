"""Shared expenses of a night (the pizza, the drinks): who paid, how much, which players
share it, kept apart from the poker nets.

Money is int cents in the night's currency. An expense is split equally among the
players who share it by the largest remainder method (``referee.settle.largest_remainder``),
the leftover cents going to the earliest seats (seat order breaks ties); each sharer's cents
are stored with the expense, so the split never changes afterwards. An expense is allowed
before and after the close (the food often arrives after the last hand) and is never
added into ``store.money.ledger.night_summary``'s nets or the bank (``store.money.bank``): the
expenses have their own balances and their own fewest transfers
(:func:`night_expenses`), shown beside the poker ones. Append-only: a mistake is voided
(``expense_voids``: who, when, why), never edited.

Every expense, share and void is linked in the night's keyed chain as it is written
(``store.core.records.insert``). The reads check each row they use against its own link
(``store.core.seals``): an expense whose row, shares or void no longer hold their seal (or
whose shares no longer add up to it) is listed as ``unsealed`` and left out of the totals,
balances and transfers; when a row was deleted the expenses' transfers are withheld.
"""

from __future__ import annotations

from sqlite_utils import Database

from referee.settle import SettleError, largest_remainder, settle
from store.core.checks import MAX_CHIPS, StoreError, bad_characters, looks_blank, whole_number
from store.core.memo import kept
from store.core.records import existing, insert, insert_once, require_reason
from store.core.seals import night_seals
from store.core.transactions import utc_now, write_tx
from store.night.nights import get_night, table_players
from store.player.players import get_player

MAX_DESCRIPTION = 120
"""Longest description of an expense (characters)."""


def _description(text: object) -> str:
    """The description trimmed. :raises StoreError: empty, too long, unreadable characters."""
    if not isinstance(text, str) or not text.strip() or looks_blank(text):
        raise StoreError("expense_description")
    text = text.strip()
    if len(text) > MAX_DESCRIPTION:
        raise StoreError("expense_description_long", length=len(text), limit=MAX_DESCRIPTION)
    if bad_characters(text):
        raise StoreError("expense_description")
    return text


def _seat_order(db: Database, night_id: int) -> list[int]:
    """The night's players (those who left included) in seat order: their ids."""
    return [p["player_id"] for p in sorted(table_players(db, night_id), key=lambda p: (p["seat"], p["player_id"]))]


def split_shares(cents: int, sharers_in_seat_order: list[int]) -> dict[int, int]:
    """``cents`` split equally among the sharers (largest remainder; the leftover cents to
    the earliest seats). :returns: ``{player_id: cents}`` adding up to ``cents``.

    >>> split_shares(1000, [7, 3, 5])
    {7: 334, 3: 333, 5: 333}
    """
    shares = largest_remainder(cents, {i: 1 for i in range(len(sharers_in_seat_order))})
    return {sharers_in_seat_order[i]: shares[i] for i in range(len(sharers_in_seat_order))}


def add_expense(db: Database, night_id: int, payer_id: int, cents: int, description: str,
                sharer_ids, *, entered_by: str, key: str | None = None) -> int:
    """Record a shared expense: ``payer_id`` paid ``cents`` for ``description``, shared
    equally by ``sharer_ids`` (the payer among them or not), split by :func:`split_shares`.

    :param cents: int, 1 to ``MAX_CHIPS`` (the night's currency, in cents).
    :param sharer_ids: player ids of the night (seated, or left earlier), at least one.
    :param key: idempotency key: a double submit stores one expense.
    :returns: the expense id.
    :raises StoreError: ``no_night``, ``expense_amount``, ``expense_description``,
        ``expense_description_long``, ``expense_sharers`` (none), ``not_seated`` (name: a
        payer or sharer not at the night), ``key_reused``; nothing written.
    """
    if not whole_number(cents, low=1):
        raise StoreError("expense_amount", max=MAX_CHIPS)
    text = _description(description)
    sharers = list(dict.fromkeys(sharer_ids or []))
    with write_tx(db):
        found = existing(db, "expenses", key, None, {"night_id": night_id, "payer_id": payer_id, "cents": cents})
        if found is not None:
            return found
        get_night(db, night_id)
        order = _seat_order(db, night_id)
        for player_id in [payer_id] + sharers:
            if player_id not in order:
                name = get_player(db, player_id)["name"]
                raise StoreError("not_seated", name=name)
        if not sharers:
            raise StoreError("expense_sharers")
        expense_id = insert_once(db, "expenses", {
            "night_id": night_id, "payer_id": payer_id, "cents": cents, "description": text,
            "entered_by": entered_by, "entered_at": utc_now(), "key": key})
        shares = split_shares(cents, [p for p in order if p in sharers])
        for player_id, share in shares.items():
            insert(db, "expense_shares", {"expense_id": expense_id, "player_id": player_id, "cents": share})
        return expense_id


def void_expense(db: Database, night_id: int, expense_id: int, *, reason: str, entered_by: str,
                 key: str | None = None) -> int:
    """Void an expense of the night (a row in ``expense_voids`` with who and why).

    :returns: the void's id.
    :raises StoreError: ``no_expense`` (not an expense of this night), ``already_voided``,
        ``reason_needed``; nothing written.
    """
    require_reason(reason)
    with write_tx(db):
        found = existing(db, "expense_voids", key, None, {"expense_id": expense_id})
        if found is not None:
            return found
        row = db.execute("SELECT night_id FROM expenses WHERE id = ?", [expense_id]).fetchone()
        if row is None or row[0] != night_id:
            raise StoreError("no_expense", expense=expense_id)
        if db.execute("SELECT 1 FROM expense_voids WHERE expense_id = ?", [expense_id]).fetchone():
            raise StoreError("already_voided")
        return insert_once(db, "expense_voids", {"expense_id": expense_id, "reason": reason.strip(),
                                                 "entered_by": entered_by, "entered_at": utc_now(), "key": key})


EXPENSE_TABLES = ("expenses", "expense_shares", "expense_voids")
"""The chained tables of the shared expenses (checked row by row: ``store.core.seals``)."""


def _name(db: Database, names: dict, player_id) -> str | None:
    """A player's name: the night's table's, else the club's, else None (no such player)."""
    if player_id in names:
        return names[player_id]
    try:
        return get_player(db, player_id)["name"]
    except StoreError:
        return None


def _sealed(seals, eid: int, cents, shares: list[tuple], void_id) -> bool:
    """Whether an expense can be used: its row, every share and its void hold their seals,
    and the shares add up to it (a share deleted or moved breaks the sum)."""
    return (seals.holds("expenses", eid) and all(seals.holds("expense_shares", sid) for sid, _, _ in shares)
            and (void_id is None or seals.holds("expense_voids", void_id))
            and whole_number(cents, high=None) and all(whole_number(c, high=None) for _, _, c in shares)
            and sum(c for _, _, c in shares) == cents)


def night_expenses(db: Database, night_id: int) -> dict:
    """The night's shared expenses, their balances and the transfers that settle them,
    apart from the poker nets. Read-only.

    Each row is checked against its own link in the night's chain (``store.core.seals``):
    an expense that does not hold (its row, a share or its void changed, inserted or
    moved; its shares not adding up to it) is listed with ``"unsealed": True`` and none
    of its figures, and left out of the total, the balances and the transfers; when a row
    of the expenses was deleted (a link without its row) the transfers are withheld
    (``"withheld": True``, ``"transfers": []``): what is missing cannot be told.

    :returns: ``{"expenses": [{"id", "payer_id", "payer", "cents", "description",
        "shares": [{"player_id", "name", "cents"}], "voided", "void_reason", "voided_by",
        "entered_by", "entered_at", "unsealed"}] (oldest first, voided ones included and
        marked; an unsealed one holds only ``id`` and ``"unsealed": True``), "total": cents
        of the live ones, "balances": {player_id: paid - share (cents)} (live expenses;
        summing to 0), "transfers": [{"payer_id", "payer", "payee_id", "payee", "cents"}]
        (the fewest, ``referee.settle.settle``), "unsealed": whether any row of the
        expenses does not hold (or is gone), "withheld": whether the transfers are
        withheld}``.
    :raises StoreError: no such night.
    """
    return kept(db, ("night_expenses", night_id), lambda: _night_expenses(db, night_id))


def _night_expenses(db: Database, night_id: int) -> dict:
    get_night(db, night_id)
    seals = night_seals(db, night_id, EXPENSE_TABLES)
    names = {p["player_id"]: p["name"] for p in table_players(db, night_id)}
    rows = db.execute(
        "SELECT e.id, e.payer_id, e.cents, e.description, e.entered_by, e.entered_at, v.id, v.reason, v.entered_by "
        "FROM expenses e LEFT JOIN expense_voids v ON v.expense_id = e.id WHERE e.night_id = ? ORDER BY e.id",
        [night_id]).fetchall()
    expenses, balances = [], {}
    for eid, payer_id, cents, description, by, at, void_id, void_reason, voided_by in rows:
        shares = db.execute("SELECT id, player_id, cents FROM expense_shares WHERE expense_id = ? ORDER BY id",
                            [eid]).fetchall()
        if not _sealed(seals, eid, cents, shares, void_id):
            expenses.append({"id": eid, "unsealed": True})
            continue
        voided = void_id is not None
        expenses.append({"id": eid, "payer_id": payer_id, "payer": _name(db, names, payer_id), "cents": cents,
                         "description": description,
                         "shares": [{"player_id": p, "name": _name(db, names, p), "cents": c} for _, p, c in shares],
                         "voided": voided, "void_reason": void_reason, "voided_by": voided_by, "entered_by": by,
                         "entered_at": at, "unsealed": False})
        if not voided:
            balances[payer_id] = balances.get(payer_id, 0) + cents
            for _, player_id, share in shares:
                balances[player_id] = balances.get(player_id, 0) - share
    withheld = bool(seals.gone & set(EXPENSE_TABLES))
    try:
        plan = [] if withheld else settle(balances)
    except SettleError:  # (not with sealed rows: each expense used adds up to 0)
        plan, withheld = [], True
    transfers = [{"payer_id": t.payer, "payer": names.get(t.payer), "payee_id": t.payee,
                  "payee": names.get(t.payee), "cents": t.amount} for t in plan]
    return {"expenses": expenses, "total": sum(e["cents"] for e in expenses if not e["unsealed"] and not e["voided"]),
            "balances": balances, "transfers": transfers, "unsealed": not seals.whole(*EXPENSE_TABLES),
            "withheld": withheld}


def player_expenses(db: Database, night_id: int, player_id: int) -> dict:
    """One player's view of the night's live shared expenses (the phone shows it beside
    the poker net, never inside it). Read-only.

    :returns: ``{"expenses": [{"id", "description", "payer_id", "payer", "cents" (the whole
        expense), "share" (this player's cents of it, 0 when they do not share it)}]``
        (live ones, oldest first), ``"total"`` (cents of the live expenses), ``"paid"``
        (cents this player paid), ``"share"`` (their cents of all of them), ``"balance"``
        (paid - share: above 0 they are owed, below 0 they owe; the expenses' own
        transfers settle it), ``"unsealed"`` (:func:`night_expenses`': some row of the
        night's expenses does not match the record; it is left out of these figures)}``.
    :raises StoreError: no such night.
    """
    night = night_expenses(db, night_id)
    live = [{"id": e["id"], "description": e["description"], "payer_id": e["payer_id"], "payer": e["payer"],
             "cents": e["cents"],
             "share": sum(s["cents"] for s in e["shares"] if s["player_id"] == player_id)}
            for e in night["expenses"] if not e["unsealed"] and not e["voided"]]
    return {"expenses": live, "total": night["total"],
            "paid": sum(e["cents"] for e in live if e["payer_id"] == player_id),
            "share": sum(e["share"] for e in live), "balance": night["balances"].get(player_id, 0),
            "unsealed": night["unsealed"]}
