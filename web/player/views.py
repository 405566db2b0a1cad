"""A player's private page on the phone: ``GET /p/<token>``.

The token (``store.issue_token``: ``secrets.token_urlsafe(32)``, revocable by the host) is
the only key: the page shows that one player's nights, buy-ins, cash-outs, net per night
(chips and money in integer cents, written as the page's language writes numbers) and the
running total with a chart (``web.core.charts``: labelled axes), one of each per currency (money
in two currencies is never added up or drawn on one line); each night titled (date and time,
title, table), its current stack while it is played, its ledger lines and each hand's result
in words with the other players' names (a hand is public at the table), and whom the player
pays / who pays them once closed (``web.player.phone``); and every hand they played with its findings (``store.player_ledger``; cards nobody showed hidden, as on
the player's replay: ``store.hand.replayer.hidden_findings``), said in the page's language by the
referee's templates (``web.core.i18n.say_finding``), a "Dispute this hand" link on each
(``web.dispute.views``) with the status and ruling of the player's own disputes beside it,
and the player's own cash-out count when
it differs from the referee's stack (``store.money.counts``; never another player's). What
the page shows is read by one store call in one read transaction, no write lock
(``store.player.phone.phone_page``). Nothing in the URL names another
player, so no other player's ledger is reachable (names appear only as the player's
opponents in a hand and as the other side of a transfer); an unknown or revoked token is a
plain 404, the same answer as for a token that never existed.
"""

from __future__ import annotations

from datetime import date
from functools import wraps

from flask import Blueprint, abort, g, render_template
from flask_babel import format_date
from flask_babel import gettext as _

import store
from store.player.phone import night_hands_page, older_page, phone_page
from web.core import i18n
from web.core.charts import line_chart
from web.core.db import get_db
from web.core.heavy import heavy_page
from web.core.forms import new_form_key
from web.core.paging import page_arg
from web.core.security import PRIVATE
from web.money.payments import said_settle
from web.player import phone

bp = Blueprint("player", __name__, url_prefix="/p")


def disputes_by_hand(disputes: list[dict], player_id: int) -> dict[int, list[dict]]:
    """The player's disputes (``store.player_disputes``) by hand id, each with ``own_move``:
    the chips its ruling moved to (+) or from (-) this player (None before a ruling), so
    the ledger names nobody else (the dispute page shows every move by name).

    >>> disputes_by_hand([{"hand_id": 4, "ruling": {"moves": [{"player_id": 1, "chips": -75},
    ...                   {"player_id": 2, "chips": 75}]}}], 2)[4][0]["own_move"]
    75
    """
    out: dict[int, list[dict]] = {}
    for dispute in disputes:
        ruling = dispute.get("ruling")
        own = None if not ruling else sum(m["chips"] for m in ruling.get("moves", [])
                                          if m["player_id"] == player_id)
        out.setdefault(dispute["hand_id"], []).append({**dispute, "own_move": own})
    return out


def player_for(db, token: str) -> int:
    """The player a private link opens, else the 404 of the player pages (unknown, revoked
    or malformed token: the same answer as for a token never issued)."""
    if not 20 <= len(token) <= 100:
        abort(404)
    player_id = store.player_for_token(db, token)
    if player_id is None:
        abort(404)
    return player_id


def player_link(view):
    """Run the view only for a live private link (the ``token`` of its URL), the player
    it opens in ``g.player_id``; any other token is the 404 of the player pages
    (:func:`player_for`), whatever else the request holds. The link is the player's access
    check, read before the view as the host's session is (``host_required``), so the view
    itself makes one store call."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        g.player_id = player_for(get_db(), kwargs["token"])
        return view(*args, **kwargs)

    return wrapped


@bp.get("/<token>")
@player_link
@heavy_page
def ledger(token: str):
    """The player's ledger page (HTML, made for a 360 px wide phone): the running total
    and its chart, the open nights and the newest closed ones in full, a few older nights
    a line each with its net and a link to its own page (:func:`night`), and a link to the
    pages of the older ones (:func:`older`)."""
    return _ledger_page(token, None)


@bp.get("/<token>/nights")
@player_link
@heavy_page
def older(token: str):
    """A page of the player's older nights (``?page=N``, from 1; newest first), a line each
    with its net, the running total after it and a link to its own page, with links to
    the page before and after; a page past the last is the 404 of the player pages."""
    page = page_arg()
    try:
        data = older_page(get_db(), g.player_id, page)
    except store.StoreError:
        abort(404)
    for n in data["nights"]:
        n["when"] = format_date(date.fromisoformat(n["local_date"]), "EEE d MMM y")
    return render_template("player/older.html", older=data, token=token, trend=trend_charts(data["chart"])), \
        200, PRIVATE


@bp.get("/<token>/night/<int:night_id>")
@player_link
@heavy_page
def night(token: str, night_id: int):
    """One of the player's nights in full (an older night of :func:`ledger`); a night the
    player did not sit is the 404 of the player pages."""
    return _ledger_page(token, night_id)


@bp.get("/<token>/night/<int:night_id>/hands")
@player_link
@heavy_page
def night_hands(token: str, night_id: int):
    """A page of one of the player's nights' hands (``?page=N``, from 1, the newest
    first: ``store.player.night_hands.PAGE`` hand numbers a page), those they were dealt
    into, each as on :func:`ledger` (its result in words, the findings, the replay and
    dispute links), with links to the pages before and after. Reads only; a night the
    player did not sit or a page past the last is the 404 of the player pages."""
    page = page_arg()
    try:
        data = night_hands_page(get_db(), g.player_id, night_id, page)
    except store.StoreError:
        abort(404)
    seat = data["seat"]
    for hand in data["hands"]:
        # the seats by name, as the hand's replay names them (its names at that hand)
        hand["findings"] = i18n.say_findings(hand["findings"], _names(hand, seat, data["player"]))
    card = {"title": phone.night_title(data["night"], data["players"]),
            "results": {h["hand_id"]: phone.hand_sentence(h["result"], seat, h["names"]) for h in data["hands"]}}
    return render_template("player/hands.html", data=data, card=card, token=token,
                           disputes=disputes_by_hand(data["disputes"], g.player_id)), 200, PRIVATE


def _names(hand: dict, seat: int | None, player: dict) -> dict:
    """Seat -> name for a hand's findings: the names the hand's replay uses (the players
    seated at that hand, ``hand["names"]``), the player's own name at their seat."""
    names = {int(s): name for s, name in (hand.get("names") or {}).items()}
    if seat is not None:
        names[seat] = player["name"]
    return names


def _ledger_page(token: str, night_id: int | None):
    """The ledger page, with every night in full that ``store.player.phone.phone_page``
    says (``night_id``: only that one)."""
    player_id = g.player_id
    try:
        page = phone_page(get_db(), player_id, night_id)
    except store.StoreError:
        abort(404)
    data = page["ledger"]
    disputes = disputes_by_hand(page["disputes"], player_id)
    nights = data.get("nights", [])
    for n in nights:
        if not n["full"]:
            continue
        # the seats by name, as the hand's replay names them (its names at that hand)
        names = {n["seat"]: data["player"]["name"]} if n.get("seat") is not None else {}
        for hand in n.get("hands", []):
            hand["findings"] = i18n.say_findings(hand["findings"], _names(hand, n.get("seat"),
                                                                         data["player"]))
        n["count_findings"] = i18n.say_findings(n.get("count_findings", []), names)
    cards = {n["night_id"]: phone.night_card(page["nights"][n["night_id"]], player_id, n.get("seat"))
             for n in nights if n["full"]}
    settle = said_settle(page["settle"])
    distinct_titles(cards)
    for n in nights:
        if not n["full"]:
            n["when"] = format_date(date.fromisoformat(n["local_date"]), "EEE d MMM y")
    response = render_template("player/ledger.html", ledger=data, nights=nights, token=token,
                               disputes=disputes, cards=cards, settle=settle, one_night=night_id,
                               earlier=[n for n in nights if not n["full"]],
                               trend=trend_charts(page["chart"]), key=new_form_key())
    return response, 200, PRIVATE


def distinct_titles(cards: dict[int, dict]) -> None:
    """Nights whose titles (date and time, title, table) would read the same get their
    number added (``"number"`` set in the title), so no two nights on the page share one."""
    seen: dict[tuple, list[int]] = {}
    for night_id, card in cards.items():
        t = card["title"]
        seen.setdefault((t["when"], t["title"], t["table"]), []).append(night_id)
    for same in seen.values():
        if len(same) > 1:
            for night_id in same:
                cards[night_id]["title"]["number"] = night_id


def trend_charts(chart: dict) -> list:
    """One running-total chart per currency (``web.core.charts.line_chart``: x the closed
    nights by date, at most ``store.money.totals.CHART_POINTS`` of them spread over the
    years, y the running total in that currency), in the order the currencies first
    appear; a currency with a single closed night gets no chart (one dot is no trend).
    A night imported as a copy is left out (it is no part of the running total), and so
    is a night whose stored figure does not match the record (``store.money.totals.running``:
    no point for it, the axis not stretched by it).

    :param chart: ``store.money.totals.chart`` of the player.
    """
    out = []
    for currency, figures in chart.items():
        labels = {n["night_id"]: format_date(date.fromisoformat(n["local_date"]), "d MMM") for n in figures["nights"]}
        points = [(labels[night_id], cents) for line in figures["lines"].values() for night_id, cents in line
                  if night_id in labels]
        if len(points) > 1:
            out.append(line_chart(points, x_label=_("Night (date)"),
                                  y_label=_("Running total (%(currency)s)", currency=currency),
                                  title=_("Running total after each night (%(currency)s)", currency=currency),
                                  fmt=lambda cents, c=currency: i18n.money(cents, c), data={"currency": currency}))
    return out
