"""A player's nights across the club's years, for the phone (issue 25: "the player's page
shows tonight and the recent nights, with older ones a tap away ...; the running total and
chart come from the stored summaries").

The open nights and the :data:`RECENT` newest closed ones in full, then up to
:data:`EARLIER` older nights a line each; the rest on the pages of older nights
(:func:`older_nights`, :data:`PAGE` lines a page). Closed nights come from the stored
standings (``store.money.totals``): the running total from the player's stored totals, each
line's running total summed by SQLite, the chart from at most
``store.money.totals.CHART_POINTS`` nights. What a page reads grows with what it shows, not
with the player's years. Money is int cents.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.money import totals as stored
from store.money.derived import cents
from store.money.ledger import closed_money, night_summary, player_night_detail
from store.hand.rows import hands_played
from store.night.importing import shown
from store.night.nights import get_night, table_players
from store.player import night_hands
from store.player.players import get_player

RECENT = 3
"""How many of a player's newest closed nights the phone page shows in full (with the
open nights)."""

EARLIER = 10
"""How many older closed nights the phone page lists, a line each, before the link to the
pages of older nights."""

PAGE = 20
"""How many older nights a page of :func:`older_nights` lists."""

def _closed_lines(db: Database, player_id: int, limit: int, offset: int, night_id: int | None = None) -> list[dict]:
    """The player's closed nights with a stored standings row, newest first, ``limit``
    from ``offset`` (only ``night_id`` when given): ``[{"night_id", "local_date", "title",
    "currency", "closed" (True), "is_copy", "net_cents", "running_cents" (the running total
    after the night in its currency, copies left out, as stored), "order"}]``."""
    only, args = (" AND s.night_id = ?", [night_id]) if night_id is not None else ("", [])
    return [{"night_id": r[0], "local_date": r[1], "title": r[2], "currency": r[3], "closed": True,
             "is_copy": r[4] is not None, "net_cents": cents(r[5]), "running_cents": cents(r[6]) or 0,
             "order": (r[7], r[0])}
            for r in db.execute(
                "SELECT s.night_id, n.local_date, n.title, s.currency, n.copy_of, s.net_cents, s.running, n.started_at "
                f"FROM night_standings s JOIN nights n ON n.id = s.night_id WHERE s.player_id = ?{only} "
                "ORDER BY n.started_at DESC, n.id DESC LIMIT ? OFFSET ?", [player_id, *args, limit, offset])]


def _closed_count(db: Database, player_id: int) -> int:
    return db.execute("SELECT COUNT(*) FROM night_standings WHERE player_id = ?", [player_id]).fetchone()[0]


def _unstored(db: Database, player_id: int, night_id: int | None = None) -> list[dict]:
    """The nights the player sat that have no stored standings row of theirs (open, or
    closed before the standings were stored: ``flask init-db`` stores them), oldest first
    (only ``night_id`` when given), each a line worked out from the night's summary
    (``store.money.ledger.night_summary``): as :func:`_closed_lines` gives, ``closed`` as
    the night is, ``running_cents`` None."""
    only, args = (" AND n.id = ?", [night_id]) if night_id is not None else ("", [])
    out = []
    for sat_id, copy_of, local_date, currency, title, started in db.execute(
            "SELECT n.id, n.copy_of, n.local_date, n.currency, n.title, n.started_at FROM nights n WHERE n.id IN "
            "(SELECT night_id FROM seats WHERE player_id = ?) AND n.id NOT IN (SELECT night_id FROM night_standings "
            f"WHERE player_id = ?) AND {shown('n')}{only} ORDER BY n.started_at, n.id", [player_id, player_id, *args]).fetchall():
        row = next((r for r in night_summary(db, sat_id)["players"] if r["player_id"] == player_id), None)
        out.append({"night_id": sat_id, "local_date": local_date, "title": title, "currency": currency,
                    "closed": get_night(db, sat_id)["closed"], "is_copy": copy_of is not None,
                    "net_cents": row["net_cents"] if row else None, "running_cents": None,
                    "order": (started, sat_id)})
    return out


def _checked(db: Database, player_id: int, lines: list[dict]) -> bool:
    """Mark each closed line with a stored row whether that row does not hold
    (``"unsealed"``: its net and running total not used); whether every one holds."""
    rows = stored.standing_rows(db, player_id, [n["night_id"] for n in lines if n["running_cents"] is not None])
    whole = True
    for n in lines:
        n["unsealed"] = n["running_cents"] is not None and not rows.get(n["night_id"], {}).get("holds", False)
        if n["unsealed"]:
            n["net_cents"] = n["running_cents"] = None
            whole = False
    return whole


def _fill(db: Database, player_id: int, lines: list[dict]) -> None:
    """What a line needs besides its net: for a night in full the seat, the chips bought
    and counted, the net in chips (the closed nights' from their stored close summaries,
    ``store.money.ledger.closed_money``), ``store.money.ledger.player_night_detail`` and
    the newest hands the player was dealt into (``store.player.night_hands``: at most
    ``SHOWN`` a night and ``TOTAL`` across the nights in full, the newest nights first;
    the rest on ``store.player.night_hands.hands_page``; ``"hands_more"``: some of theirs
    are not shown) and ``"played"``, how many hands the night has; else those figures
    empty."""
    full = [n for n in lines if n["full"]]
    money = closed_money(db, [n["night_id"] for n in full if n["closed"]])
    budget = night_hands.TOTAL
    for n in reversed(lines):  # (the newest nights first: tonight's hands before older ones)
        n.update({"seat": None, "bought": 0, "counted": None, "net_chips": None, "hands": [], "hands_more": False,
                  "played": 0})
        if not n["full"]:
            continue
        rows = money[n["night_id"]]["players"] if n["night_id"] in money else \
            night_summary(db, n["night_id"])["players"]
        row = next((r for r in rows if r["player_id"] == player_id), None)
        if row:
            n.update({"bought": row["bought"], "counted": row["counted"], "net_chips": row["net_chips"]})
        n["seat"] = next((p["seat"] for p in table_players(db, n["night_id"]) if p["player_id"] == player_id), None)
        n.update(player_night_detail(db, n["night_id"], player_id))
        limit = max(0, min(night_hands.SHOWN, budget))
        newest, whole = night_hands.newest_rows(db, n["night_id"], player_id, n["seat"], limit)
        n["hands"] = night_hands.hand_lines(db, n["night_id"], player_id, newest)
        n["hands_more"], n["played"] = not whole, hands_played(db, n["night_id"])
        budget -= len(newest)


def _totals(db: Database, player_id: int) -> tuple[dict[str, int], bool]:
    """The player's stored totals ``{currency: cents}`` and whether one does not match the
    record (its MAC, or the stored nights do not add up to it: ``store.money.totals``)."""
    found = stored.totals(db, [player_id])
    mine = found.get(player_id, {"nets": {}, "unsealed": False})
    return mine["nets"], mine["unsealed"] or bool(stored.sums_hold(db, found, player_id))


def player_ledger(db: Database, player_id: int, *, night_id: int | None = None, recent: int = RECENT,
                  earlier: int = EARLIER) -> dict:
    """A player's ledger across nights (for the phone page): the nights shown (the open
    ones and the ``recent`` newest closed ones in full, then ``earlier`` older ones a line
    each; only ``night_id``, in full, when it is given), the nights in full with their
    ledger lines, hands and the player's count findings.

    :returns: ``{"player": {"id", "name"}, "nights": [{"night_id", "local_date", "title",
        "currency", "closed", "seat", "bought", "counted", "net_chips", "net_cents",
        "running_cents", "is_copy", "full", "unsealed", and when full: "entries": [{"id",
        "kind", "chips", "entered_at", "voided"}], "hands": [{"hand_id", "number",
        "findings", "result", "names"}] (``store.player.night_hands.hand_lines``: the newest
        few), "hands_more" (the player has hands of the night not shown), "played" (the
        night's hands), "count_findings"}], "totals": {currency: cents}, "older": how many
        closed nights are not listed (they are on :func:`older_nights`' pages), "unsealed":
        a stored figure behind the totals or a line does not match the record (not used)}``;
        nights oldest first; ``hands`` are only those the player was dealt into, each with
        every finding of the hand (cards nobody showed hidden but the player's own), at
        most ``store.player.night_hands.SHOWN`` a night and ``TOTAL`` in all;
        ``running_cents`` is the running total of closed nights in the night's currency
        after it (None for a night closed before the standings
        were stored); a night imported as a deliberate copy (``"is_copy"``) is left out of
        the running total and the totals. ``bought``/``counted``/``net_chips``/``seat`` are
        the nights in full's (else 0 and None).
    :raises StoreError: no such player; ``no_night`` (``night_id`` is not a night the
        player sat).
    """
    player = get_player(db, player_id)
    nets, unsealed = _totals(db, player_id)
    if night_id is not None:
        lines = _closed_lines(db, player_id, 1, 0, night_id) or _unstored(db, player_id, night_id)
        if not lines:
            raise StoreError("no_night", night=night_id)
        lines[0]["full"] = True
        older = 0
    else:
        closed = _closed_lines(db, player_id, recent + earlier, 0)
        newest = {n["night_id"] for n in closed[:recent]}
        lines = sorted(closed + _unstored(db, player_id), key=lambda n: n["order"])
        for n in lines:
            n["full"] = not n["closed"] or n["night_id"] in newest
        older = max(0, _closed_count(db, player_id) - len(closed))
    unsealed = not _checked(db, player_id, lines) or unsealed
    _fill(db, player_id, lines)
    return {"player": {"id": player["id"], "name": player["name"]}, "nights": lines, "totals": nets,
            "older": older, "unsealed": unsealed}


def older_nights(db: Database, player_id: int, page: int, *, skip: int = RECENT + EARLIER) -> dict:
    """One page of the player's older closed nights (after the ``skip`` newest, which the
    phone page lists), newest first, :data:`PAGE` a page.

    :param page: 1, 2, ...
    :returns: ``{"player": {"id", "name"}, "nights": [lines as :func:`player_ledger` lists
        an older night, newest first], "page", "pages" (how many, at least 1), "totals"
        {currency: cents}, "unsealed"}``. Read-only.
    :raises StoreError: no such player; ``no_page`` (``page`` below 1 or past the last).
    """
    player = get_player(db, player_id)
    total = max(0, _closed_count(db, player_id) - skip)
    pages = max(1, -(-total // PAGE))
    if not 1 <= page <= pages:
        raise StoreError("no_page", page=page)
    lines = _closed_lines(db, player_id, PAGE, skip + (page - 1) * PAGE)
    nets, unsealed = _totals(db, player_id)
    unsealed = not _checked(db, player_id, lines) or unsealed
    for n in lines:
        n["full"] = False
    return {"player": {"id": player["id"], "name": player["name"]}, "nights": lines, "page": page, "pages": pages,
            "totals": nets, "unsealed": unsealed}
