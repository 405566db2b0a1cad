"""What the host's night page (``web.night.views.night``, which says it) knows, read in one
read transaction so that every figure is of the same moment (a tap between two reads
cannot mix them): the night, the table as the tablet sees it, the summary, the seats, the
opening in force, the payments, the disputes, the club's players, the tablets' and the
players' links, the count findings and the ledger's lines.
"""

from __future__ import annotations

import logging

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.disputes import night_disputes
from store.hand.events import hand_check
from store.hand.table_view import table_stamp, table_view
from store.money.bank import pot_seat_shares
from store.money.counts import count_findings
from store.money.ledger import night_entries, night_summary
from store.money.payments import night_payments
from store.night.dealer_links import dealer_links
from store.night.nights import get_night, hands_elsewhere, night_by_uid, night_players, table_players
from store.night.screen_links import screen_link
from store.night.setup import free_seats, last_night, roster
from store.night.table_code import table_links
from store.player.player_links import player_links
from store.player.players import list_players

log = logging.getLogger(__name__)


def night_page(db: Database, night_id: int) -> dict | None:
    """Everything the host's night page shows, in one read transaction; None when there is
    no such night.

    :returns: ``{"night": store.get_night, "view": store.hand.table_view.table_view (a
        finished hand's findings as stored), "summary": store.night_summary or None (when
        it cannot be made: the page shows the rest), "hands_elsewhere":
        store.night.nights.hands_elsewhere, "seated": store.night_players,
        "opening_next": :func:`opening_next`, "payments":
        store.money.payments.night_payments, "disputes": store.night_disputes, "club":
        store.list_players, "dealer_links": store.dealer_links, "count_findings":
        store.money.counts.count_findings, "players": store.table_players, "entries":
        store.night_entries, "player_links": {player_id: store.player.player_links.player_links}
        of the seated players, "copy_of_night": for a night imported as a copy, the id of the
        night it copies when the club has it (else None), "table_links":
        store.night.table_code.table_links (the table code and its claims), "last_night":
        store.night.setup.last_night, "roster": store.night.setup.roster (the club's players
        not at the table, each with the seat a tap gives), "free_seats":
        store.night.setup.free_seats, "stamp": store.hand.table_view.table_stamp (the
        version of the table the page shows: the *Juego* stage's live part asks from it,
        ``store.night.live_hand``), "pot_shares": store.money.bank.pot_seat_shares (each seat's
        share of the carried pot: the counts' screen adds it to the chips to expect when
        the pot was handed back before the count), "screen_link":
        store.night.screen_links.screen_link (the live screen link of the room's TV, or None)}``. The night's default buy-in is ``night["buy_in"]``
        (chips or None). Read-only.
    """
    with read_tx(db):
        try:
            night = get_night(db, night_id)
        except StoreError:
            return None
        view = table_view(db, night_id, cached_check=True)
        seated = night_players(db, night_id)
        return {"night": night, "view": view, "summary": _summary(db, night_id),
                "hands_elsewhere": hands_elsewhere(db, night_id), "seated": seated,
                "opening_next": opening_next(db, view, night), "payments": night_payments(db, night_id),
                "disputes": night_disputes(db, night_id), "club": list_players(db),
                "dealer_links": dealer_links(db, night_id), "count_findings": count_findings(db, night_id),
                "players": table_players(db, night_id), "entries": night_entries(db, night_id),
                "player_links": {p["player_id"]: player_links(db, p["player_id"]) for p in seated},
                "copy_of_night": night_by_uid(db, night["copy_of"]),
                "table_links": table_links(db, night_id),
                "last_night": last_night(db, night_id), "roster": roster(db, night_id),
                "free_seats": free_seats(db, night_id), "stamp": table_stamp(db, night_id),
                "pot_shares": _pot_shares(db, night_id), "screen_link": screen_link(db, night_id)}


def opening_next(db: Database, view: dict, night: dict) -> str | None:
    """The opening minimum in force: the current hand's, else the next hand's (the ladder:
    the stored judgement's ``next_opening``), else the night's rules'.

    :param view: ``store.hand.table_view.table_view`` of the night; ``night``: ``store.get_night``.
    """
    if view["in_progress"]:
        return view.get("opening")
    if view["hand_id"] is not None:
        checked = hand_check(db, view["hand_id"]) or {}
        if "next_opening" in checked:
            return checked["next_opening"]
    return night["rules_frozen"].get("opening")


def _pot_shares(db: Database, night_id: int) -> dict[int, int]:
    """``store.money.bank.pot_seat_shares``, or ``{}`` when it fails (logged), as the
    summary: a courtesy on this page."""
    try:
        return pot_seat_shares(db, night_id)
    except Exception:  # noqa: BLE001 - a hint on this page
        log.exception("pot_seat_shares failed for night %s", night_id)
        return {}


def _summary(db: Database, night_id: int) -> dict | None:
    """``store.night_summary``, or None when it fails (logged): the summary is a courtesy
    on this page."""
    try:
        return night_summary(db, night_id)
    except Exception:  # noqa: BLE001 - the summary is a courtesy on this page
        log.exception("night_summary failed for night %s", night_id)
        return None
