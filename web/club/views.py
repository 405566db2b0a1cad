"""The club's standings across nights: ``GET /host/club`` (host only).

Per player, over the club's closed nights (``store.club.standings.club_standings``): nights
played, hands dealt in, the net per currency (money in two currencies is never added up),
sorted by net, and a trend chart per currency with a line per player (``web.core.charts``:
x the closed nights by date, y the running total in that currency: the net so far after
each night, not the night's own net; the title and the y axis say so). The demo night and
copies count nowhere (``store.night.demo``).

``POST /host/nights/<id>/hide`` (host only, CSRF token, the form's idempotency key): hide the
demo night from the host's list of nights (``store.night.demo.hide_demo``: an append-only
mark, nothing deleted); any other night is refused in the page's language, nothing stored.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from store.club.standings import club_page
from store.core.checks import StoreError
from store.night.demo import hide_demo
from web.account.views import current_actor, host_required
from web.core import i18n
from web.core.charts import line_chart
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, form_key
from web.core.heavy import heavy_page
from web.core.refusals import refusal_text
from web.stats.views import season_arg

bp = Blueprint("club", __name__, url_prefix="/host")


def night_labels(nights: list[dict]) -> dict[int, str]:
    """Each charted night's x label: its date ("14 mar"), with the night's number where
    two nights share a date (so no two positions share a label)."""
    months = get_locale().months["format"]["abbreviated"]  # ("d MMM" for each night, Babel's words once)
    labels = {n["night_id"]: f"{int(n['local_date'][8:10])} {months[int(n['local_date'][5:7])]}" for n in nights}
    seen: dict[str, int] = {}
    for label in labels.values():
        seen[label] = seen.get(label, 0) + 1
    return {night_id: label if seen[label] == 1 else f"{label} · {night_id}" for night_id, label in labels.items()}


def trend_charts(standings: dict) -> list:
    """One chart per currency, a line per player who played a charted night in it (their
    running net after each of those nights; at most ``store.money.totals.CHART_POINTS``
    nights a chart, spread over the club's years)."""
    names = {p["player_id"]: p["name"] for p in standings["players"]}
    charts = []
    for currency, figures in standings["trend"].items():
        labels = night_labels(figures["nights"])
        order = [labels[n["night_id"]] for n in figures["nights"]]
        series = {names.get(pid, str(pid)): [(labels[night_id], cents) for night_id, cents in points]
                  for pid, points in figures["lines"].items()}
        charts.append(line_chart(series, x_labels=order, x_label=_("Night (date)"),
                                 y_label=_("Running total (%(currency)s)", currency=currency),
                                 title=_("Running total night by night (%(currency)s)", currency=currency),
                                 fmt=lambda cents, c=currency: i18n.money(cents, c), css_class="chart trend",
                                 data={"currency": currency}))
    return charts


@bp.get("/club")
@host_required
@heavy_page
def standings():
    """The standings page (HTML); ``?season=ID``: over that season's nights only (issue 28;
    an unknown season is the 404)."""
    season_id = season_arg()
    try:
        found = club_page(get_db(), season_id)
    except StoreError:
        abort(404)
    data = found["standings"]
    return render_template("club/club.html", standings=data, charts=trend_charts(data), seasons=found["seasons"],
                           season_id=season_id)


@bp.post("/nights/<int:night_id>/hide")
@host_required
def hide_night(night_id: int):
    """Hide the demo night from the list of nights, then back to the list (saying so); a
    night that is not the demo is refused there, nothing stored. No such night: 404."""
    try:
        if night_id > MAX_NUMBER:
            raise StoreError("no_night", night=night_id)
        hide_demo(get_db(), night_id, entered_by=current_actor(), key=form_key())
    except StoreError as exc:
        if exc.code == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
    else:
        flash(_("The demo night is hidden: it counts nowhere and nothing was deleted."), "ok")
    return redirect(url_for("host.index"))
