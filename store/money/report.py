"""The night report's data (``web.money.report`` says it: the HTML page and its PDF), read
in one read transaction: the summary and settlement (``store.money.ledger.night_summary``,
``referee.settle``), each hand's referee ruling (``store.check_night``: ``referee.check``),
which hands are noted (a finding, a corrected line, a dispute) and the log of those the
report shows in full, which lines a ruling voided or added, the cash-out counts that differ
from the referee's stacks (``store.money.counts``), the disputes and every settlement of
the night, and the record chain's head. Reading a report takes no write lock.

A long night's report (issue 25) reads the log of the noted hands it shows, never of every
hand: the other hands are a row each (who had the button, who got the pot).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core import chain
from store.core.transactions import read_tx
from store.dispute.disputes import night_disputes
from store.dispute.rulings import night_settlements, ruling_voids
from store.hand.events import check_night, corrected_hands, hand_actions
from store.hand.rows import night_hands
from store.money.counts import count_findings
from store.money.ledger import night_summary
from store.night.nights import table_players


def night_report(db: Database, night_id: int, *, first: int = 1, last: int | None = None) -> dict:
    """What the night report shows, in one read transaction.

    :param first: the first hand whose log is read (a noted one, see below); ``last``: the
        last (None: to the night's end). A page of the report shows those hands.
    :returns: ``{"summary": night_summary, "players": table_players, "hands": [night_hands
        rows + "checked": the referee's hand entry (``check_night``'s, CONTRACT.md 4; {}
        when the referee's replay is not installed), "corrected": the hand has a voided
        action line (``store.hand.events.corrected_hands``), "disputed": a dispute is about
        it, "noted": it has a finding or is corrected or disputed, "actions":
        hand_actions rows for a noted hand numbered ``first``..``last``, else None], "voids":
        ruling_voids (``{"events": {event_id: dispute_id}, "added": {event_id:
        dispute_id}}``), "count_findings": the night's findings on the cash-out counts
        (``store.money.counts.count_findings``), "chain": the record chain's head
        (``store.core.chain.head``: ``{"head": hex, "links"}``), "disputes":
        night_disputes, "settlements": night_settlements}``. Read-only.
    :raises StoreError: no such night.
    """
    with read_tx(db):
        summary = night_summary(db, night_id)
        hands = night_hands(db, night_id)
        try:
            checked = check_night(db, night_id)["hands"] if hands else []
        except ImportError:  # the referee's replay is not installed: the log alone
            checked = [{} for _ in hands]
        disputes = night_disputes(db, night_id)
        corrected = corrected_hands(db, night_id)
        disputed = {d["hand_id"] for d in disputes}
        return {"summary": summary, "players": table_players(db, night_id),
                "hands": [_hand(db, hand, entry, hand["id"] in corrected, hand["id"] in disputed, first, last)
                          for hand, entry in zip(hands, checked)],
                "voids": ruling_voids(db, night_id), "count_findings": count_findings(db, night_id),
                "chain": chain.head(db, night_id), "disputes": disputes,
                "settlements": night_settlements(db, night_id)}


def _hand(db: Database, hand: dict, entry: dict, corrected: bool, disputed: bool, first: int,
          last: int | None) -> dict:
    """A hand of :func:`night_report`: its row, its entry, whether it is corrected, disputed
    and noted, and its log when it is noted and among the hands shown."""
    noted = corrected or disputed or bool(entry.get("findings"))
    shown = noted and first <= hand["number"] and (last is None or hand["number"] <= last)
    return {**hand, "checked": entry, "corrected": corrected, "disputed": disputed, "noted": noted,
            "actions": hand_actions(db, hand["id"]) if shown else None}
