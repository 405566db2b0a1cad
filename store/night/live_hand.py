"""The host's *Juego* stage, live (issue 26): the hand in progress as the tablet shows it
(seats, stacks, bets, pot, whose turn, the last lines of its log, "última mano"), read again
only when the night changed (the tablet's conditional read: ``store.hand.table_view.table_stamp``),
so the host's page polls it for the cost of a 304 while nothing happens at the table. When
the night changed, the poll reads the stage's whole page (``store.night.night_page.night_page``):
the stage's other live parts (the players with their rebuys and a player leaving, the tab's
hand number) are drawn from it with the hand (issue 26: they showed the page's load).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.hand.table_view import table_stamp, table_view
from store.night.nights import get_night, hands_elsewhere, night_players, table_players
from store.night.night_page import night_page, opening_next


def live_hand(db: Database, night_id: int) -> dict | None:
    """What the live part of the *Juego* stage draws, in one read transaction; None when
    there is no such night. Read-only.

    :returns: ``{"night": store.get_night, "view": store.hand.table_view.table_view (a
        finished hand's findings as stored), "seated": store.night_players, "players":
        store.table_players, "opening_next": store.night.night_page.opening_next (str or
        None), "hands_elsewhere": bool, "stamp": store.hand.table_view.table_stamp (the
        version the page was drawn from: its ETag)}``.
    """
    with read_tx(db):
        try:
            night = get_night(db, night_id)
        except StoreError:
            return None
        view = table_view(db, night_id, cached_check=True)
        return {"night": night, "view": view, "seated": night_players(db, night_id),
                "players": table_players(db, night_id), "opening_next": opening_next(db, view, night),
                "hands_elsewhere": hands_elsewhere(db, night_id), "stamp": table_stamp(db, night_id)}


def live_hand_since(db: Database, night_id: int, seen: Callable[[str], bool]) -> tuple[str, dict | None]:
    """The conditional read of the *Juego* stage, in one read transaction: the night's
    ``table_stamp`` and, unless ``seen(stamp)`` (the page has that version already), the
    stage's page (``store.night.night_page.night_page``: the live hand of :func:`live_hand`
    and what the players' part reads). Read-only.

    :returns: ``(stamp, page)``: ``page`` None when ``seen(stamp)``.
    :raises StoreError: ``no_night`` (asked for a night that does not exist).
    """
    with read_tx(db):
        stamp = table_stamp(db, night_id)
        if seen(stamp):
            return stamp, None
        page = night_page(db, night_id)
        if page is None:
            raise StoreError("no_night")
        return stamp, page
