"""The three disputes of issue 12 built from the worked cases in ``../shared/cases``: each
case is the hand as it should have been logged; the night as the dealer logged it is the
case with what the log lacked taken out (or a line as written that night), and the ruling's
correction gives back the case's lines. What the referee must rule comes from the case's
``.expect.json``, never from this file.

- false opener (``false_opener.json``): the log lacks the shows (and the dealt cards), so
  nobody could tell the opener was false and the pot was pushed to him; the correction
  adds the shows.
- out of turn (``out_of_turn_open.json``): logged as it happened; the ruling keeps it.
- six cards (``six_cards_after_draw.json``): the extra card served went unlogged and the
  show line was written with five cards; the correction writes the six shown.

Also the snapshot helpers: every row of every table, to show a write added rows only.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import store
from referee.check import check
from store import StoreError

DERIVED = frozenset({"hand_results", "chain_heads", "chain_pending", "night_standings", "player_totals",
                     "night_dues", "player_dues", "totals_touched", "hand_stats", "hand_flows", "night_sums",
                     "night_pairs", "night_stats", "night_flows", "stats_touched"})
"""Tables of derived data, replaced by design (each hand's referee result, stored with
what it was computed from: ``store.hand.judging``; the chain's head per night and the nights
waiting to be linked: ``store.core.chain``); every other table only grows."""


def case(shared: Path, name: str) -> tuple[dict, dict]:
    """``(session, expect)`` of a worked case."""
    folder = shared / "cases"
    return (json.loads((folder / f"{name}.json").read_text()),
            json.loads((folder / f"{name}.expect.json").read_text()))


def logged(session: dict, *, drop: tuple[str, ...] = (), write: dict[str, str] | None = None,
           hand: int = 0) -> dict:
    """The session as the dealer logged it: the lines of hand ``hand`` starting with any of
    ``drop`` left out, a line starting with a key of ``write`` written as its value."""
    out = copy.deepcopy(session)
    lines = []
    for line in out["hands"][hand]["actions"]:
        if line.startswith(drop):
            continue
        for start, text in (write or {}).items():
            if line.startswith(start):
                line = text
        lines.append(line)
    out["hands"][hand]["actions"] = lines
    return out


def with_counts(session: dict) -> dict:
    """The session with a ``cash_out`` of the chips each seat physically holds at the end:
    the referee's stack less what the rules push to it plus what the dealer pushed to it
    (the ``d award`` lines), hand by hand (CONTRACT.md 4)."""
    out = copy.deepcopy(session)
    held: dict[str, int] = {}
    for entry in check(session)["hands"]:
        for seat, chips in entry["stacks"].items():
            held[seat] = chips
        if entry["awards"] is not None:
            for seat in set(entry["awards"]) | set(entry["recorded_awards"] or {}):
                gap = (entry["recorded_awards"] or {}).get(seat, 0) - entry["awards"].get(seat, 0)
                held[seat] = held.get(seat, 0) + gap
    out["cash_out"] = dict(sorted(held.items()))
    return out


def false_opener(shared: Path) -> tuple[dict, dict, dict]:
    """``(logged session, the case, expect)``: the false opener logged without the dealt
    cards and without the shows (the pot pushed to the opener), a second hand after it."""
    full, expect = case(shared, "false_opener")
    night = logged(full, drop=("d deal", "p3 show", "p4 show"))
    night["hands"].append({"button": 1, "actions": [
        "p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 check", "p4 open 10", "p1 fold", "p3 fold",
        "p4 show QsQh7c5d2s", "d award p4 25"]})
    return with_counts(night), full, expect


def six_cards(shared: Path) -> tuple[dict, dict, dict, str]:
    """``(logged session, the case, expect, the six-card show)``: the extra card served
    went unlogged and seat 4's show was written with five of its six cards."""
    full, expect = case(shared, "six_cards_after_draw")
    night = logged(full, drop=("d serve",))
    five = next(a for a in full["hands"][0]["actions"] if a.startswith("p4 show"))
    shown = five + "9h"  # the sixth card, one no other line names
    return with_counts(night), full, expect, shown


def out_of_turn(shared: Path) -> tuple[dict, dict]:
    """``(session, expect)``: the out-of-turn open, logged as it happened."""
    full, expect = case(shared, "out_of_turn_open")
    return with_counts(full), expect


def import_night(db, session: dict, *, close: bool = False, **options) -> tuple[int, dict]:
    """Import ``session`` (closing it when ``close``): ``(night id, player id by name)``."""
    night_id = store.import_session(db, session, chip_cents=10, **options)
    if close:
        store.close_night(db, night_id, entered_by="host")
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    return night_id, ids


def first_hand(db, night_id: int) -> dict:
    return store.night_hands(db, night_id)[0]


def live_actions(db, hand_id: int) -> list[str]:
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def snapshot(db) -> dict[str, dict]:
    """Every row of every table (``_sqlite_migrations`` and sqlite's own aside): table ->
    {rowid: row}."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite_%'")]
    return {t: {r[0]: r[1:] for r in db.execute(f"SELECT rowid, * FROM [{t}]")} for t in tables}


def only_added(before: dict, after: dict) -> dict[str, int]:
    """Assert every row of ``before`` is in ``after`` unchanged (the derived tables aside);
    returns how many rows each table gained."""
    assert set(before) <= set(after)
    grown = {}
    for table, rows in before.items():
        if table in DERIVED:
            continue
        for rowid, row in rows.items():
            assert after[table].get(rowid) == row, f"{table} row {rowid} changed or went"
        grown[table] = len(after[table]) - len(rows)
    return grown


def refused(db, code: str, call, *args, **kwargs) -> StoreError:
    """Call ``call`` and assert it is refused with ``code`` and writes nothing (every row of
    every table but the derived ones unchanged); returns the error."""
    before = snapshot(db)
    with pytest.raises(StoreError) as info:
        call(*args, **kwargs)
    assert info.value.code == code, str(info.value)
    assert snapshot(db) == before  # nothing written
    return info.value
