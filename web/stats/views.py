"""The club's statistics pages (issue 28): thin views over ``store.stats``.

Host (logged in):

- ``GET /host/stats`` (``?season=ID``: a season, else all time; ``?sort=COLUMN&dir=asc|desc``:
  the leaderboard sorted on the server, so it works without JavaScript): the leaderboard,
  each figure defined in one sentence (:data:`FIGURES`), rates resting on fewer hands than
  ``store.stats.figures.MIN_HANDS`` marked; the seasons (named, renamed, deleted) and the
  club's fair-play setting;
- ``GET /host/stats/player/<id>`` (``?season=``, ``?page=``: head to head paged): one
  player's figures, nights and head to head;
- ``GET /host/night/<id>/stats``: one night's figures (open or closed);
- ``GET /host/stats.csv`` (``?season=``): the season's leaderboard as CSV (text cells
  formula-escaped, numbers as numbers: ``store.files.exporter.csv_text``);
- ``POST /host/seasons``, ``/host/seasons/<id>/change``, ``/host/seasons/<id>/delete``,
  ``/host/stats/fair-play``: the seasons and the setting (CSRF token, the form's key; a
  refusal said in the page's language, nothing stored).

Player (their private link): ``GET /p/<token>/stats`` (``?season=``, ``?sort=``,
``?dir=``, ``?page=``): the leaderboard (the other players' fair-play record only when the
club shows it: ``store.stats.seasons.show_fair_play``) and their own figures in full, with
their head to head.
"""

from __future__ import annotations

from decimal import Decimal

from flask import Blueprint, Response, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import format_decimal, format_percent
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from store.core.checks import StoreError
from store.files.exporter import csv_text
from store.stats.figures import MIN_HANDS, SORTS
from store.stats.seasons import change_season, create_season, delete_season, set_show_fair_play
from store.stats.stat_pages import board_page, night_page, player_page
from web.account.views import current_actor, host_required
from web.core import i18n
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, form_key, new_form_key
from web.core.heavy import heavy_page
from web.core.paging import page_arg
from web.core.refusals import refusal_text
from web.core.security import PRIVATE
from web.player.views import player_link

bp = Blueprint("stats", __name__)

FIGURES = {
    "nights": (_l("Nights"), _l("Closed nights played in the period.")),
    "hands": (_l("Hands"), _l("Hands dealt in: seated with chips and not sitting out.")),
    "vpip": (_l("VPIP"), _l("Share of hands where the player put chips in by choice before the draw (opened, "
                            "bet, called or raised; antes and blinds do not count).")),
    "opened": (_l("Opens"), _l("Share of hands the player opened.")),
    "opened_won": (_l("Won after opening"), _l("Share of the hands the player opened that they won.")),
    "raised": (_l("Raises"), _l("Share of hands where the player raised before the draw.")),
    "avg_drawn": (_l("Cards drawn"), _l("Cards asked for on average each time the player drew.")),
    "stand_pat": (_l("Stood pat"), _l("Share of the player's draws where they took no card (servido).")),
    "showdowns": (_l("Showdowns"), _l("Hands where the player was still in when the cards were shown.")),
    "showdown_won": (_l("Won at showdown"), _l("Share of those showdowns the player won chips in.")),
    "pots_won": (_l("Pots won"), _l("Hands the player ended with more chips than they began with.")),
    "biggest_pot": (_l("Biggest pot"), _l("The most chips the rules gave the player from one hand's pots.")),
    "net_chips": (_l("Net chips"), _l("Chips won minus chips lost at the table, by the referee's count.")),
    "net": (_l("Net"), _l("Money won or lost, as the nights' closes settled it.")),
    "per_night": (_l("Per night"), _l("The net money divided by the nights played.")),
    "per_hour": (_l("Per hour"), _l("The net money divided by the hours seated at the table.")),
    "best_night": (_l("Best night"), _l("The largest net money of one night.")),
    "worst_night": (_l("Worst night"), _l("The smallest net money of one night.")),
    "committed": (_l("Irregularities"), _l("Irregularities the referee found where the player was the one acting "
                                           "(warnings and errors).")),
    "suffered": (_l("Suffered"), _l("Irregularities whose finding names the player as the one harmed (their turn "
                                    "taken, a pot pushed away from them).")),
    "disputes_opened": (_l("Disputes"), _l("Hands the player disputed; won: the host upheld it; lost: rejected.")),
}
"""Each leaderboard column: its heading and its definition in one sentence."""

POKER = ("nights", "hands", "vpip", "opened", "opened_won", "raised", "avg_drawn", "stand_pat", "showdowns",
         "showdown_won", "pots_won", "biggest_pot", "net_chips", "net", "per_night", "per_hour", "best_night",
         "worst_night")
"""The poker columns, every player's to see."""

FAIR_PLAY = ("committed", "suffered", "disputes_opened")
"""The fair-play columns: the host's, and the players' only when the club shows them."""

RATES = frozenset(("vpip", "opened", "opened_won", "raised", "stand_pat", "showdown_won"))


def season_arg() -> int | None:
    """The request's ``?season=`` (None: all time; not a number: the 404)."""
    said = request.args.get("season", "")
    if not said:
        return None
    if not (said.isascii() and said.isdigit() and len(said) <= 9):
        abort(404)
    return int(said)


def sort_args() -> tuple[str, bool]:
    """``?sort=`` (a column of :data:`store.stats.figures.SORTS`, else ``net``) and ``?dir=``
    (``asc``, else descending)."""
    sort = request.args.get("sort", "net")
    return (sort if sort in SORTS else "net"), request.args.get("dir") != "asc"


def shown(row: dict, column: str, currency: str | None) -> str:
    """A leaderboard cell as the page writes it (an em dash for no figure)."""
    value = row.get(column)
    if column in ("net", "per_night", "per_hour"):
        cents = (row["net_cents"] if column == "net" else row[column]).get(currency)
        return i18n.money(cents, currency or "EUR", signed=True)
    if column in ("best_night", "worst_night"):
        return i18n.money(value, currency or "EUR", signed=True) if value is not None else "\u2014"
    if column in ("committed", "suffered"):
        return str(row[f"{column}_total"])
    if value is None:
        return "\u2014"
    if column in RATES:
        return format_percent(value, "#,##0%")
    if column == "avg_drawn":
        return format_decimal(value, "#,##0.0")
    if column == "net_chips":
        return i18n.chips(value, signed=True)
    if column in ("biggest_pot", "hands"):
        return i18n.chips(value)
    return str(value)


def _board(season_id: int | None, *, host: bool, player_id: int | None = None, page: int = 1) -> dict:
    """The leaderboard page's data (one store call), with the columns it shows."""
    sort, descending = sort_args()
    try:
        found = board_page(get_db(), season_id, sort, descending, host=host, player_id=player_id, page=page)
    except StoreError:
        abort(404)
    columns = POKER + (FAIR_PLAY if found["fair_columns"] else ())
    return {**found, "board": {**found["board"], "columns": columns, "figures": FIGURES, "min_hands": MIN_HANDS,
                               "shown": shown}}


@bp.get("/host/stats")
@host_required
@heavy_page
def host_stats():
    """The host's leaderboard (HTML), the seasons and the fair-play setting."""
    season_id = season_arg()
    found = _board(season_id, host=True)
    return render_template("stats/stats.html", board=found["board"], seasons=found["seasons"], season_id=season_id,
                           fair_play=found["fair_play"], key=new_form_key(), host=True, figures=FIGURES,
                           shown=shown, min_hands=MIN_HANDS,
                           sort_url=lambda **kw: url_for("stats.host_stats", **kw),
                           player_url=lambda pid: url_for("stats.host_player", player_id=pid, season=season_id))


@bp.get("/host/stats/player/<int:player_id>")
@host_required
@heavy_page
def host_player(player_id: int):
    """One player's figures over a season (all time without one), nights and head to head."""
    if player_id > MAX_NUMBER:
        abort(404)
    season_id = season_arg()
    try:
        found = player_page(get_db(), player_id, season_id, page_arg())
    except StoreError:
        abort(404)
    return render_template("stats/player.html", data=found["data"], name=found["name"], season_id=season_id,
                           seasons=found["seasons"], figures=FIGURES, min_hands=MIN_HANDS, fair_play=True,
                           shown=shown, host=True,
                           page_url=lambda page: url_for("stats.host_player", player_id=player_id,
                                                         season=season_id, page=page))


@bp.get("/host/night/<int:night_id>/stats")
@host_required
@heavy_page
def night_stats(night_id: int):
    """One night's figures (HTML), from its running sums."""
    if night_id > MAX_NUMBER:
        abort(404)
    try:
        found = night_page(get_db(), night_id)
    except StoreError:
        abort(404)
    return render_template("stats/night.html", night=found["night"], rows=found["rows"], figures=FIGURES,
                           min_hands=MIN_HANDS, shown=shown,
                           columns=("hands", "vpip", "opened", "opened_won", "raised", "avg_drawn", "stand_pat",
                                    "showdowns", "showdown_won", "pots_won", "biggest_pot", "net_chips",
                                    "committed", "suffered"))


@bp.get("/host/stats.csv")
@host_required
def host_csv():
    """The leaderboard of a season (all time without one) as CSV (UTF-8 with a byte order
    mark): a row per player, rates as fractions (0..1), chips as whole numbers, money as
    decimal numbers in units."""
    season_id = season_arg()
    board = _board(season_id, host=True)["board"]
    currency = board["currency"]
    header = [_("Player")] + [str(FIGURES[c][0]) for c in board["columns"]]
    rows = []
    for row in board["rows"]:
        line: list = [row["name"]]
        for column in board["columns"]:
            if column in ("net", "per_night", "per_hour"):
                cents = (row["net_cents"] if column == "net" else row[column]).get(currency)
                line.append(None if cents is None else Decimal(cents) / 100)
            elif column in ("best_night", "worst_night"):
                line.append(None if row[column] is None else Decimal(row[column]) / 100)
            elif column in ("committed", "suffered"):
                line.append(row[f"{column}_total"])
            elif column in RATES or column == "avg_drawn":
                line.append(None if row[column] is None else round(row[column], 4))
            else:
                line.append(row[column])
        rows.append(line)
    name = f"tapete-stats-{season_id or 'all'}.csv"
    # a UTF-8 byte order mark first, as the night's money CSV (web.files.views): a spreadsheet
    # then reads the Spanish headers (ñ, accents) as UTF-8
    return Response("\ufeff" + csv_text(header, rows), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


def _season_form() -> tuple[str, str, str]:
    return (request.form.get("name", "")[:200], request.form.get("first_date", "")[:20],
            request.form.get("last_date", "")[:20])


@bp.post("/host/seasons")
@host_required
def new_season():
    """Name a season (name, first and last date), then back to the statistics."""
    try:
        season_id = create_season(get_db(), *_season_form(), entered_by=current_actor(), key=form_key())
    except StoreError as exc:
        flash(refusal_text(exc), "error")
        return redirect(url_for("stats.host_stats") + "#seasons")
    flash(_("The season is saved."), "ok")
    return redirect(url_for("stats.host_stats", season=season_id))


def _season_id(season_id: int) -> int:
    if season_id > MAX_NUMBER:
        abort(404)
    return season_id


@bp.post("/host/seasons/<int:season_id>/change")
@host_required
def change(season_id: int):
    """Rename a season or move its dates (a new mark; the season stays)."""
    try:
        change_season(get_db(), _season_id(season_id), *_season_form(), entered_by=current_actor(), key=form_key())
    except StoreError as exc:
        if exc.code == "no_season":
            abort(404)
        flash(refusal_text(exc), "error")
        return redirect(url_for("stats.host_stats") + "#seasons")
    flash(_("The season is saved."), "ok")
    return redirect(url_for("stats.host_stats", season=season_id))


@bp.post("/host/seasons/<int:season_id>/delete")
@host_required
def delete(season_id: int):
    """Delete a season from the lists (a mark; no night or figure changes)."""
    try:
        delete_season(get_db(), _season_id(season_id), entered_by=current_actor(), key=form_key())
    except StoreError as exc:
        if exc.code == "no_season":
            abort(404)
        flash(refusal_text(exc), "error")
    else:
        flash(_("The season is deleted; its nights and figures are untouched."), "ok")
    return redirect(url_for("stats.host_stats") + "#seasons")


@bp.post("/host/stats/fair-play")
@host_required
def fair_play():
    """Turn on or off showing every player's fair-play record on the players' links."""
    on = request.form.get("show") == "1"
    if request.form.get("show") not in ("0", "1"):
        flash(_("Choose whether to show the fair-play record."), "error")
        return redirect(url_for("stats.host_stats") + "#fair-play")
    set_show_fair_play(get_db(), on, entered_by=current_actor())
    flash(_("The players now see everyone's fair-play record.") if on else
          _("The players now see only their own fair-play record."), "ok")
    return redirect(url_for("stats.host_stats") + "#fair-play")


@bp.get("/p/<token>/stats")
@player_link
@heavy_page
def player_stats(token: str):
    """The player's statistics page: the leaderboard (the others' fair-play record only
    when the club shows it) and their own figures and head to head in full."""
    season_id = season_arg()
    found = _board(season_id, host=False, player_id=g.player_id, page=page_arg())
    return render_template("stats/stats.html", board=found["board"], seasons=found["seasons"], season_id=season_id,
                           fair_play=found["fair_play"], host=False, data=found["data"], me=g.player_id,
                           figures=FIGURES, min_hands=MIN_HANDS, shown=shown, token=token,
                           sort_url=lambda **kw: url_for("stats.player_stats", token=token, **kw),
                           player_url=None,
                           page_url=lambda page: url_for("stats.player_stats", token=token, season=season_id,
                                                         page=page)), 200, PRIVATE
