"""The host's night in stages (issue 26): a few short screens, one per moment of the
evening, reachable from a header of tabs on each of them:

- *Mesa* (``GET /host/night/<id>/table``): who sits where, the seating (the last night's
  players in one tap, the club's roster a tap per player, a name typed), buy-ins ("everyone
  buys in" and each buy-in or rebuy), the ledger's lines with their voids, the tablets' and
  the players' links (``templates/night/_table_links.html``), the house rules;
- *Juego* (``/play``): the hand in progress as the tablet's state gives it (read-only:
  seats, stacks, bets, pot, whose turn), the next hand, a start made by mistake voided,
  rebuys (one tap with the night's default buy-in, or another amount), a player leaving,
  the hands and the disputes;
- *Cierre* (``/close``): every player's count on one form, each field showing the chips on
  the table to expect; the money, the bank line, the carried pot; a started hand with no
  action voided in one tap; the close;
- *Pagos* (``/pay``): after the close, who pays whom (marks), the shared expenses, the
  payment handles, the reports, reopening.

``GET /host/night/<id>`` answers with a redirect to the stage that fits the night's moment
(:func:`stage_for`). Every form of a stage goes back to its stage at its own section
(``web.night.views``: :func:`stage_url`). Reads only: one read transaction
(``store.night.night_page.night_page``).
"""

from __future__ import annotations

from flask import abort, current_app, g, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from store.core.times import local_time
from web.core import i18n
from web.core.forms import new_form_key
from web.money.payments import said_payments
from web.money.share import share_text
from web.night import night_form
from web.night.table_links import table_links_view

STAGES = {"table": _l("Table"), "play": _l("Play"), "close": _l("Count and close"), "pay": _l("Payments")}
"""The stages in the evening's order: the URL's last part -> the tab's words."""


def stage_for(page: dict) -> str:
    """The stage that fits the night's moment (``page``: ``store.night.night_page.night_page``):
    ``pay`` once closed; ``play`` while a hand is in progress; ``close`` for a night whose
    hands were played elsewhere, or once someone has counted; ``table`` before the first
    hand; else ``play``."""
    info, view, summary = page["night"], page["view"], page["summary"] or {}
    if info["closed"]:
        return "pay"
    if view.get("in_progress"):
        return "play"
    if page["hands_elsewhere"] or any(r.get("counted") is not None for r in summary.get("players", [])):
        return "close"
    return "play" if view.get("hand") else "table"


def stage_url(night_id: int, stage: str, section: str | None = None) -> str:
    """A stage's URL, at ``section`` (an element id) when given."""
    return url_for("host.night_stage", night_id=night_id, stage=stage) + (f"#{section}" if section else "")


def form_stage(default: str) -> str:
    """The stage a form was sent from (its ``stage`` field, one of :data:`STAGES`), else
    ``default``: a form shown on two stages goes back to the one it came from."""
    said = request.form.get("stage", "")
    return said if said in STAGES else default


def stage_page(stage: str, page: dict | None, **refused) -> str:
    """A stage of the night (``stage``: a key of :data:`STAGES`) from what the store read
    (``store.night.night_page.night_page``); 404 for None (no such night).

    :param refused: after a refused form that comes back as filled (the counts' form):
        ``entered`` (the form as sent), ``refusal`` (its message in the page's language)
        and ``refused_at`` (``"counts"`` or ``"close"``: which button's refusal, shown
        beside it)."""
    if page is None:
        abort(404)
    return render_template(f"night/stage_{stage}.html", stage=stage, stages=STAGES, **night_context(page),
                           entered=refused.get("entered") or {}, refusal=refused.get("refusal"),
                           refused_at=refused.get("refused_at"))


def night_context(page: dict) -> dict:
    """What every stage's template reads, said for the page (times in the night's zone,
    findings and differences in words, the payments said)."""
    info, view, summary, seated = page["night"], page["view"], page["summary"], page["seated"]
    tz = info["timezone"]
    bought = {r["player_id"]: r["bought"] for r in (summary or {}).get("players", [])}
    counted = {r["player_id"]: r["counted"] for r in (summary or {}).get("players", [])}
    pay = said_payments(page["payments"])  # the transfers with their marks, the expenses
    disputes = [{**d, "entered_local": local_time(d["entered_at"], tz)} for d in page["disputes"]]
    names = i18n.seat_names(page["players"])
    held = {s["seat"]: s for s in view.get("seats", [])}
    why_held = {s["seat"]: i18n.say_table_differences(s.get("differences"), names) for s in view.get("seats", [])}
    live_actions = [a for a in view.get("actions", []) if not a.get("voided")]
    return dict(
        **live_context(page),
        bought=bought, counted=counted, held=held,
        why_held=why_held,  # why a seat's chips on the table differ from the referee's stack, in words
        disputes=disputes, open_disputes=[d for d in disputes if d["status"] == "open"],
        open_disputes_names=", ".join(_("%(name)s (hand %(number)s)", name=d["player"], number=d["hand_number"])
                                      for d in disputes if d["status"] == "open"),
        club=page["club"], copy_of_night=page["copy_of_night"],
        dealer_links=[{**link, "issued_local": _minute(link["issued_at"], tz)} for link in page["dealer_links"]],
        summary=summary, count_findings=i18n.say_findings(page["count_findings"]),
        pay=pay, share_text=share_text(summary, expenses=pay["expenses"]) if summary and info["closed"] else None,
        new_link=g.pop("new_link", None), players=page["players"],
        table_links=table_links_view(page["table_links"], tz),  # the table code and its claims (_table_links.html)
        entries=[{**e, "entered_local": local_time(e["entered_at"], tz), "voided_local": local_time(e["voided_at"], tz)}
                 for e in page["entries"]],
        started_local=local_time(info["started_at"], tz),
        rule_words=night_form.rules_words(info["rules"]),
        links=_links_said(page["player_links"], page["table_links"]["claims"], tz),
        last_night=page["last_night"], roster=page["roster"], free_seats=page["free_seats"],
        next_seat=page["free_seats"][0] if page["free_seats"] else None, buy_in=info.get("buy_in"),
        unbought=[p for p in seated if not bought.get(p["player_id"])],
        pot_shares=page.get("pot_shares") or {},
        screen_link=({**page["screen_link"], "issued_local": _minute(page["screen_link"]["issued_at"], tz)}
                     if page.get("screen_link") else None),   # the room's TV link (web.night.screen_view)  # {seat: chips} of the carried pot (the counts' hints)
        # a started hand with no action (a void of its start is one tap on the counts' screen)
        empty_hand=bool(view.get("in_progress")) and not live_actions)


LAST_LINES = 6
"""How many of the hand's last log lines the *Juego* stage shows, in words (newest last)."""


def live_context(page: dict) -> dict:
    """What the live part of the *Juego* stage (``templates/night/_hand_live.html``) reads,
    said for the page, from ``store.night.live_hand.live_hand`` (or the whole night page,
    ``store.night.night_page.night_page``, which holds the same keys): the night, the table
    as the tablet shows it, the seated players, the opening in force, the phase and the
    hand's last :data:`LAST_LINES` lines in words (``"Íñigo abre 10"``), a fresh form key,
    and ``live_etag`` (the version drawn, :func:`live_etag`: the poll's ``If-None-Match``)."""
    info, view = page["night"], page["view"]
    g.night_preset = info["rules_frozen"].get("preset")
    names = i18n.seat_names(page["players"])
    live_actions = [a for a in view.get("actions", []) if not a.get("voided")]
    # hands played elsewhere (a PokerNow ledger, store.night.nights.hands_elsewhere): no hand or tablet
    # controls, no opener line; the seats show each player's count (the ledger's), not the referee's stack
    return dict(
        night=info, view=view, seated=page["seated"], hands_elsewhere=page["hands_elsewhere"],
        opening_next=page["opening_next"], key=new_form_key(), live_etag=live_etag(page["stamp"]),
        last_lines=[i18n.say_line(a["action"], names) for a in live_actions[-LAST_LINES:]]
        if view.get("in_progress") else [],
        phase_words=i18n.phase_name(view.get("phase")) if view.get("in_progress") else None)


def live_etag(stamp: str) -> str:
    """The ETag of the *Juego* stage's live part (``web.night.live_hand``): the night's
    ``store.hand.table_view.table_stamp`` in the page's language, quoted
    (``'"e12.h3.l9.s6.m0.d0.r0.es"'``)."""
    return f'"{stamp}.{get_locale() or "es"}"'


def live_answer(stamp: str, html: str | None):
    """The answer of a live part polled with ``If-None-Match`` (the *Juego* stage's, the TV
    view's): 304 when ``html`` is None (nothing changed, the table not read), else ``html``;
    with its :func:`live_etag` and ``Cache-Control: no-store``."""
    if html is None:
        response = current_app.response_class(status=304)
    else:
        response = current_app.response_class(html, mimetype="text/html")
    response.headers["ETag"] = live_etag(stamp)
    response.headers["Cache-Control"] = "no-store"
    return response


def _links_said(player_links: dict, claims: list[dict], tz: str) -> dict:
    """Each player's live private links for the *Mesa* (``{player_id: [link + {"issued_local",
    "claimed_local"}]}``): ``claimed_local`` is the time a phone took the name with the table
    code when that claim issued the link (``store.night.table_code.night_claims``, matched
    by player and link prefix), else None."""
    claimed = {(c["player_id"], c["prefix"]): c["claimed_at"] for c in claims if c["prefix"]}
    return {pid: [{**link, "issued_local": _minute(link["issued_at"], tz),
                   "claimed_local": (_minute(claimed[(pid, link["prefix"])], tz)
                                     if (pid, link["prefix"]) in claimed else None)} for link in links]
            for pid, links in player_links.items()}


def _minute(issued_at: str, tz_name: str) -> str:
    """A link's issue time (ISO UTC) in the club's zone, to the minute: ``"2026-11-29 21:05"``."""
    return local_time(issued_at, tz_name).strftime("%Y-%m-%d %H:%M")
