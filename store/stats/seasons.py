"""Seasons: date ranges the host names, by which the club page, the standings and the
statistics filter (issue 28); and the club's setting of who sees the fair-play record.

Append-only: a season is a ``seasons`` row; renaming it (or moving its dates) and deleting
it are ``season_marks`` rows (``rename``, ``delete``) naming it, with who and when; the
newest mark wins and a deleted season is left out of every list. Dates are the clubs's
local dates of the nights (``nights.local_date``, ``YYYY-MM-DD``), both ends included.

``club_settings`` (append-only, the newest row of a name wins): ``show_fair_play``
(``"1"``/``"0"``): whether a player's link shows the other players' fair-play record
(irregularities and disputes); the host always sees it, and each player their own.
"""

from __future__ import annotations

from datetime import date

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.records import keyed_write
from store.core.transactions import utc_now, write_tx

NAME_MAX = 60
"""The longest season name (characters)."""


def _checked(name: str, first_date: str, last_date: str) -> tuple[str, str, str]:
    """The season's name (stripped) and dates, checked.

    :raises StoreError: ``season_name`` (empty or longer than :data:`NAME_MAX`, params
        ``max``); ``season_dates`` (a date that is no ``YYYY-MM-DD`` date, or the last
        before the first).
    """
    name = " ".join(str(name or "").split())
    if not name or len(name) > NAME_MAX or not name.isprintable():
        raise StoreError("season_name", max=NAME_MAX)
    try:
        first, last = date.fromisoformat(str(first_date)), date.fromisoformat(str(last_date))
    except ValueError:
        raise StoreError("season_dates") from None
    if len(str(first_date)) != 10 or len(str(last_date)) != 10 or last < first:
        raise StoreError("season_dates")
    return name, first.isoformat(), last.isoformat()


def create_season(db: Database, name: str, first_date: str, last_date: str, *, entered_by: str,
                  key: str | None = None) -> int:
    """Name a season: the nights from ``first_date`` to ``last_date`` (local dates, both
    included). A repeated submit (the same ``key``) returns the first row's id.

    :returns: the season's id.
    :raises StoreError: as :func:`_checked`; ``season_name_taken`` (params ``name``: a
        season of the club already has that name, case aside); ``key_reused``. Nothing is
        written on a refusal.
    """
    name, first, last = _checked(name, first_date, last_date)
    with keyed_write(db, "seasons", key, None, {"name": name, "first_date": first, "last_date": last}) as found:
        if found is not None:
            return found
        _name_free(db, name)
        return db.execute("INSERT INTO seasons (name, first_date, last_date, entered_by, entered_at, key) "
                          "VALUES (?, ?, ?, ?, ?, ?)", [name, first, last, entered_by, utc_now(), key]).lastrowid


def change_season(db: Database, season_id: int, name: str, first_date: str, last_date: str, *,
                  entered_by: str, key: str | None = None) -> int:
    """Rename a season or move its dates: a ``rename`` mark (the season's row stays).

    :returns: the mark's id.
    :raises StoreError: ``no_season`` (params ``season``: none, or deleted); as :func:`_checked`;
        ``season_name_taken`` (another season has that name, case aside); ``key_reused``.
    """
    name, first, last = _checked(name, first_date, last_date)
    return _mark(db, season_id, "rename", name, first, last, entered_by, key)


def delete_season(db: Database, season_id: int, *, entered_by: str, key: str | None = None) -> int:
    """Delete a season from the lists: a ``delete`` mark (nothing is deleted; the nights and
    their figures are untouched).

    :returns: the mark's id.
    :raises StoreError: ``no_season``; ``key_reused``.
    """
    return _mark(db, season_id, "delete", None, None, None, entered_by, key)


def _mark(db: Database, season_id: int, kind: str, name: str | None, first: str | None, last: str | None,
          entered_by: str, key: str | None) -> int:
    with keyed_write(db, "season_marks", key, kind, {"season_id": season_id, "name": name}) as found:
        if found is not None:
            return found
        get_season(db, season_id)
        if kind == "rename":
            _name_free(db, name, season_id)
        return db.execute("INSERT INTO season_marks (season_id, kind, name, first_date, last_date, entered_by, "
                          "entered_at, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          [season_id, kind, name, first, last, entered_by, utc_now(), key]).lastrowid


def _name_free(db: Database, name: str, season_id: int | None = None) -> None:
    """Refuse a name another season of the club has (case-insensitive: two seasons named
    alike could not be told apart in the filters). Call inside the write transaction.

    :raises StoreError: ``season_name_taken`` (params ``name``: the other season's)."""
    folded = name.casefold()
    for season in seasons(db):
        if season["id"] != season_id and season["name"].casefold() == folded:
            raise StoreError("season_name_taken", name=season["name"])


def seasons(db: Database) -> list[dict]:
    """The club's seasons (deleted ones left out), newest first by their first date:
    ``[{"id", "name", "first_date", "last_date"}]`` (each as its newest mark says).
    Read-only."""
    out = {}
    for season_id, name, first, last in db.execute("SELECT id, name, first_date, last_date FROM seasons ORDER BY id"):
        out[season_id] = {"id": season_id, "name": name, "first_date": first, "last_date": last}
    for season_id, kind, name, first, last in db.execute(
            "SELECT season_id, kind, name, first_date, last_date FROM season_marks ORDER BY id"):
        if season_id not in out:
            continue
        if kind == "delete":
            out[season_id]["deleted"] = True
        elif kind == "rename":
            out[season_id].update(name=name, first_date=first, last_date=last)
    return sorted((s for s in out.values() if not s.get("deleted")),
                  key=lambda s: (s["first_date"], s["id"]), reverse=True)


def get_season(db: Database, season_id: int) -> dict:
    """One season (:func:`seasons`'s dict). Read-only.

    :raises StoreError: ``no_season`` (params ``season``): none, or deleted.
    """
    for season in seasons(db):
        if season["id"] == season_id:
            return season
    raise StoreError("no_season", season=season_id)


def show_fair_play(db: Database) -> bool:
    """Whether the club shows every player's fair-play record on the players' links
    (the newest ``show_fair_play`` setting; off until the host turns it on). Read-only."""
    row = db.execute("SELECT value FROM club_settings WHERE name = 'show_fair_play' ORDER BY id DESC LIMIT 1"
                     ).fetchone()
    return row is not None and row[0] == "1"


def set_show_fair_play(db: Database, on: bool, *, entered_by: str) -> int:
    """Turn the club's ``show_fair_play`` setting on or off (a new row; the newest wins).

    :returns: the row's id.
    """
    with write_tx(db):
        return db.execute("INSERT INTO club_settings (name, value, entered_by, entered_at) VALUES "
                          "('show_fair_play', ?, ?, ?)", ["1" if on else "0", entered_by, utc_now()]).lastrowid
