"""What the statistics pages read (issue 28): the leaderboard, a player's figures, head to
head, and one night's figures. Read-only; each reads a read transaction's snapshot.

A season's or all time's figures add the stored ``night_stats`` rows of the counting
closed nights in its dates (``store.stats.night_stats``: a row per night and player, by an
index on the date); one night's read its running sums (``night_sums``: a row per player).
Nothing here works a rule out: every fact is the referee's (``referee.stats``).

The figures of a player, as :func:`derive` gives them (chips ints, money int cents, rates
as fractions 0..1 or None where the count they divide by is 0):

``nights``, ``hands`` (dealt in), ``vpip`` (share of hands played voluntarily before the
draw), ``opened`` (share of hands opened), ``opened_won`` (share of opened hands won),
``raised`` (share of hands with a raise before the draw), ``avg_drawn`` (cards asked for per
turn in the draw), ``stand_pat`` (share of turns in the draw standing pat), ``showdowns``,
``showdown_won`` (share of showdowns won), ``pots_won``, ``biggest_pot``, ``net_chips``,
``net_cents`` (``{currency: cents}``), ``per_night`` and ``per_hour`` (``{currency: cents}``,
per hour None with no time at the table), ``best_night``/``worst_night`` (cents, the night's
currency, None before a closed night), ``hours`` (float), ``committed``/``suffered`` (``{kind:
count}``), ``disputes_opened``/``_won``/``_lost``, ``few_hands`` (True below
:data:`MIN_HANDS`).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.transactions import read_tx
from store.stats.night_stats import add_kinds, night_pairs, running_sums
from store.stats.seasons import get_season

MIN_HANDS = 50
"""Below this many hands dealt in, a player's rates are marked as resting on few hands."""

H2H_PAGE = 20
"""Opponents per page of head to head."""

SORTS = ("name", "nights", "hands", "vpip", "opened", "opened_won", "raised", "avg_drawn", "stand_pat",
         "showdowns", "showdown_won", "pots_won", "biggest_pot", "net_chips", "net", "per_night", "per_hour",
         "best_night", "worst_night", "committed", "suffered", "disputes_opened")
"""The leaderboard's columns that sort (``?sort=``)."""

_SUMS = ("COUNT(*), SUM(hands), SUM(vpip), SUM(opened), SUM(opened_won), SUM(raised), SUM(draws), SUM(cards_drawn), "
         "SUM(stood_pat), SUM(showdowns), SUM(showdowns_won), SUM(pots_won), MAX(biggest_pot), SUM(net_chips), "
         "SUM(seconds), SUM(disputes_opened), SUM(disputes_won), SUM(disputes_lost)")
_NAMES = ("nights", "hands", "vpip_n", "opened_n", "opened_won_n", "raised_n", "draws", "cards_drawn", "stood_pat_n",
          "showdowns", "showdowns_won", "pots_won", "biggest_pot", "net_chips", "seconds", "disputes_opened",
          "disputes_won", "disputes_lost")


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def derive(sums: dict) -> dict:
    """The figures (the module's docstring) from a player's sums (``_NAMES`` keys, plus
    ``net_cents`` ``{currency: cents}``, ``committed``, ``suffered``)."""
    hands, draws, hours = sums["hands"] or 0, sums["draws"] or 0, (sums["seconds"] or 0) / 3600
    nets = sums.get("net_cents") or {}
    return {
        **sums,
        "vpip": _rate(sums["vpip_n"], hands), "opened": _rate(sums["opened_n"], hands),
        "opened_won": _rate(sums["opened_won_n"], sums["opened_n"]), "raised": _rate(sums["raised_n"], hands),
        "avg_drawn": _rate(sums["cards_drawn"], draws), "stand_pat": _rate(sums["stood_pat_n"], draws),
        "showdown_won": _rate(sums["showdowns_won"], sums["showdowns"]),
        "per_night": {c: round(cents / sums["nights"]) for c, cents in nets.items()} if sums["nights"] else {},
        "per_hour": {c: round(cents / hours) for c, cents in nets.items()} if hours else {},
        "hours": hours, "few_hands": hands < MIN_HANDS,
        "committed_total": sum((sums.get("committed") or {}).values()),
        "suffered_total": sum((sums.get("suffered") or {}).values()),
    }


def season_range(db: Database, season_id: int | None) -> tuple[str, str]:
    """The dates a season covers (``("", "9999-12-31")``: all time, for None).

    :raises StoreError: ``no_season``.
    """
    if season_id is None:
        return "", "9999-12-31"
    season = get_season(db, season_id)
    return season["first_date"], season["last_date"]


def _players(db: Database, first: str, last: str, player_id: int | None = None) -> dict[int, dict]:
    """Each player's sums over the counting nights from ``first`` to ``last``."""
    only, args = ("AND player_id = ? ", [player_id]) if player_id is not None else ("", [])
    out: dict[int, dict] = {}
    for pid, *values in db.execute(
            f"SELECT player_id, {_SUMS} FROM night_stats WHERE counts = 1 AND local_date BETWEEN ? AND ? {only}"
            "GROUP BY player_id", [first, last, *args]):
        out[pid] = {**dict(zip(_NAMES, values)), "player_id": pid, "net_cents": {}, "committed": {},
                    "suffered": {}, "best_night": None, "worst_night": None}
    for pid, currency, cents in db.execute(
            f"SELECT player_id, currency, net_cents FROM night_stats WHERE counts = 1 AND local_date BETWEEN ? "
            f"AND ? AND net_cents IS NOT NULL {only}", [first, last, *args]):
        mine, cents = out[pid], int(cents)   # (decimal text of int cents: added in Python, exact at any size)
        mine["net_cents"][currency] = mine["net_cents"].get(currency, 0) + cents
        mine["best_night"] = cents if mine["best_night"] is None else max(mine["best_night"], cents)
        mine["worst_night"] = cents if mine["worst_night"] is None else min(mine["worst_night"], cents)
    for pid, committed, suffered in db.execute(
            f"SELECT player_id, committed, suffered FROM night_stats WHERE counts = 1 AND local_date BETWEEN ? "
            f"AND ? AND (committed != '{{}}' OR suffered != '{{}}') {only}", [first, last, *args]):
        add_kinds(out[pid]["committed"], committed)
        add_kinds(out[pid]["suffered"], suffered)
    return out


def _names(db: Database, ids) -> dict[int, str]:
    ids = list(ids)
    if not ids:
        return {}
    return dict(db.execute(f"SELECT id, name FROM players WHERE id IN ({', '.join('?' for _ in ids)})", ids))


def _main_currency(rows: list[dict]) -> str | None:
    """The currency most of the rows' nets are in (what money columns sort by)."""
    seen: dict[str, int] = {}
    for row in rows:
        for currency in row["net_cents"]:
            seen[currency] = seen.get(currency, 0) + 1
    return max(sorted(seen), key=seen.get) if seen else None


def sort_key(row: dict, sort: str, currency: str | None):
    """What the leaderboard sorts ``row`` by for column ``sort`` (:data:`SORTS`); a figure
    with no value sorts last whichever way."""
    if sort == "name":
        return (0, row["name"].casefold())
    if sort in ("net", "per_night", "per_hour"):
        value = (row["net_cents"] if sort == "net" else row[sort]).get(currency)
    elif sort in ("committed", "suffered"):
        value = row[f"{sort}_total"]
    else:
        value = row.get(sort)
    return (1, 0) if value is None else (0, value)


def leaderboard(db: Database, season_id: int | None = None, sort: str = "net", descending: bool = True) -> dict:
    """The leaderboard of a season (all time for None): every player with a counting
    closed night in it, sorted by column ``sort`` (:data:`SORTS`; another is taken as
    ``net``), ties by name. Read-only.

    :returns: ``{"rows": [derive(...) + "name"], "currency": the main currency (what money
        sorts by), "sort", "descending", "first", "last"}``.
    :raises StoreError: ``no_season``.
    """
    sort = sort if sort in SORTS else "net"
    with read_tx(db):
        first, last = season_range(db, season_id)
        sums = _players(db, first, last)
        names = _names(db, sums)
    rows = [{**derive(s), "name": names.get(pid, str(pid))} for pid, s in sums.items()]
    currency = _main_currency(rows)
    rows.sort(key=lambda r: r["name"].casefold())
    present = [r for r in rows if sort_key(r, sort, currency)[0] == 0]
    missing = [r for r in rows if sort_key(r, sort, currency)[0] == 1]
    present.sort(key=lambda r: sort_key(r, sort, currency)[1], reverse=descending and sort != "name")
    if sort == "name" and descending:
        present.reverse()
    return {"rows": present + missing, "currency": currency, "sort": sort, "descending": descending,
            "first": first, "last": last}


def player_figures(db: Database, player_id: int, season_id: int | None = None, page: int = 1) -> dict:
    """One player's figures over a season (all time for None), their nights in it (newest
    first, :data:`H2H_PAGE` a page) and head to head (:func:`head_to_head`'s page ``page``).
    Read-only.

    :returns: ``{"figures": derive(...) or None (no counting night), "nights": [{"night_id",
        "local_date", "title", "hands", "net_chips", "net_cents", "currency"}], "head_to_head":
        head_to_head(...)}``.
    :raises StoreError: ``no_season``.
    """
    with read_tx(db):
        first, last = season_range(db, season_id)
        sums = _players(db, first, last, player_id).get(player_id)
        nights = [{"night_id": n, "local_date": d, "title": t, "hands": h, "net_chips": c,
                   "net_cents": None if m is None else int(m),   # (stored as decimal text: exact at any size)
                   "currency": cur} for n, d, t, h, c, m, cur in db.execute(
            "SELECT s.night_id, s.local_date, n.title, s.hands, s.net_chips, s.net_cents, s.currency FROM night_stats s "
            "JOIN nights n ON n.id = s.night_id WHERE s.player_id = ? AND s.counts = 1 AND s.local_date BETWEEN ? "
            "AND ? ORDER BY s.local_date DESC, s.night_id DESC LIMIT ?", [player_id, first, last, H2H_PAGE])]
        pairs = head_to_head(db, player_id, season_id, page)
    return {"figures": derive(sums) if sums else None, "nights": nights, "head_to_head": pairs}


def head_to_head(db: Database, player_id: int, season_id: int | None = None, page: int = 1) -> dict:
    """What the player won from and lost to each other player over a season's counting
    nights (all time for None), from the hands' chip flows (``referee.stats.chip_flows``),
    biggest net first, :data:`H2H_PAGE` opponents a page. Read-only.

    :returns: ``{"rows": [{"player_id", "name", "won", "lost", "net"}] (chips), "page",
        "pages"}``.
    """
    first, last = season_range(db, season_id)
    page = max(1, int(page))
    base = ("SELECT other, SUM(won), SUM(lost), SUM(won) - SUM(lost) AS net FROM ("
            "SELECT loser_id AS other, chips AS won, 0 AS lost FROM night_flows WHERE winner_id = ? AND counts = 1 "
            "AND local_date BETWEEN ? AND ? UNION ALL "
            "SELECT winner_id AS other, 0 AS won, chips AS lost FROM night_flows WHERE loser_id = ? AND counts = 1 "
            "AND local_date BETWEEN ? AND ?) GROUP BY other")
    args = [player_id, first, last, player_id, first, last]
    with read_tx(db):
        total = db.execute(f"SELECT COUNT(*) FROM ({base})", args).fetchone()[0]
        rows = db.execute(f"{base} ORDER BY net DESC, other LIMIT ? OFFSET ?",
                          [*args, H2H_PAGE, (page - 1) * H2H_PAGE]).fetchall()
        names = _names(db, [r[0] for r in rows])
    return {"rows": [{"player_id": o, "name": names.get(o, str(o)), "won": w, "lost": lo, "net": n}
                     for o, w, lo, n in rows],
            "page": page, "pages": max(1, -(-total // H2H_PAGE))}


def night_figures(db: Database, night_id: int) -> list[dict]:
    """Each player's figures over one night (open or closed), from its running sums (no
    money: the night's money is its page's), by name. Read-only.

    :returns: ``[derive(...) + "name", "player_id"]``; head to head not included.
    """
    with read_tx(db):
        sums = running_sums(db, night_id)
        names = _names(db, sums)
    rows = []
    for pid, figures in sums.items():
        mine = {"nights": 1, "hands": figures["hands"], "vpip_n": figures["vpip"], "opened_n": figures["opened"],
                "opened_won_n": figures["opened_won"], "raised_n": figures["raised"], "draws": figures["draws"],
                "cards_drawn": figures["cards_drawn"], "stood_pat_n": figures["stood_pat"],
                "showdowns": figures["showdowns"], "showdowns_won": figures["showdowns_won"],
                "pots_won": figures["pots_won"], "biggest_pot": figures["biggest_pot"],
                "net_chips": figures["net_chips"], "seconds": 0, "disputes_opened": 0, "disputes_won": 0,
                "disputes_lost": 0, "best_night": None, "worst_night": None, "net_cents": {},
                "committed": figures["committed"], "suffered": figures["suffered"]}
        rows.append({**derive(mine), "name": names.get(pid, str(pid)), "player_id": pid})
    return sorted(rows, key=lambda r: r["name"].casefold())


def night_flows(db: Database, night_id: int) -> dict[tuple[int, int], int]:
    """``{(loser_id, winner_id): chips}`` over one night's hands (``night_pairs``). Read-only."""
    with read_tx(db):
        return night_pairs(db, night_id)
