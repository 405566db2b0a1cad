"""What each statistics page reads, in one store call and one read transaction (issue 28:
a view calls the store once; ``web.stats.views``)."""

from __future__ import annotations

from sqlite_utils import Database

from store.core.transactions import read_tx
from store.night.nights import get_night
from store.player.players import get_player
from store.stats.figures import leaderboard, night_figures, player_figures
from store.stats.seasons import seasons, show_fair_play

FAIR_PLAY_SORTS = frozenset(("committed", "suffered", "disputes_opened"))
"""The leaderboard's fair-play columns: they sort only where they are shown."""


def board_page(db: Database, season_id: int | None, sort: str, descending: bool, *, host: bool,
               player_id: int | None = None, page: int = 1) -> dict:
    """The leaderboard page: the host's (``host`` True: the fair-play columns shown), or a
    player's (``player_id``: their own figures and head to head too; the others' fair-play
    record only when the club shows it). Read-only.

    :returns: ``{"board": store.stats.figures.leaderboard(...), "seasons", "fair_play" (the
        club's setting), "fair_columns" (whether the page shows the fair-play columns),
        "data": store.stats.figures.player_figures(...) or None}``.
    :raises StoreError: ``no_season``.
    """
    with read_tx(db):
        fair = show_fair_play(db)
        columns = host or fair
        if sort in FAIR_PLAY_SORTS and not columns:
            sort, descending = "net", True
        board = leaderboard(db, season_id, sort, descending)
        data = player_figures(db, player_id, season_id, page) if player_id is not None else None
        return {"board": board, "seasons": seasons(db), "fair_play": fair, "fair_columns": columns, "data": data}


def player_page(db: Database, player_id: int, season_id: int | None, page: int = 1) -> dict:
    """One player's statistics page for the host. Read-only.

    :returns: ``{"name", "data": store.stats.figures.player_figures(...), "seasons"}``.
    :raises StoreError: ``no_player``, ``no_season``.
    """
    with read_tx(db):
        name = get_player(db, player_id)["name"]
        return {"name": name, "data": player_figures(db, player_id, season_id, page), "seasons": seasons(db)}


def night_page(db: Database, night_id: int) -> dict:
    """One night's statistics page. Read-only.

    :returns: ``{"night": store.night.nights.get_night(...), "rows": night_figures(...)}``.
    :raises StoreError: ``no_night``.
    """
    with read_tx(db):
        return {"night": get_night(db, night_id), "rows": night_figures(db, night_id)}
