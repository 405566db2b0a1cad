"""The night report: summary, a row per player, the transfers, then the hands: a row each
(who had the button, who got the pot, what is noted) and the noted hands (a finding, a
corrected line, a dispute) in full with their lines; as an HTML page and as a PDF (the same
template, a print stylesheet). The hands are ``web.money.report_hands``'s.

URLs (behind the host login when the host pages are installed):

- ``GET /reports/nights``: the nights, newest first.
- ``GET /reports/nights/<id>``: the report as HTML; a long night's hands a hundred a page
  (``?page=N``), the summary and the index of the noted hands on every page.
- ``GET /reports/nights/<id>.pdf``: the report as a PDF (``web.core.pdf``: WeasyPrint loading
  only the app's static files; page "x of y" in the footer): every hand's row, the noted
  ones in full.

No rule or money logic here: figures come from ``store.money.report.night_report`` (one
read transaction, no write lock): ``store.night_summary`` (settlement by ``referee.settle``),
``store.check_night`` (``referee.check``) and ``store.money.counts`` (the cash-out counts that
differ from the referee's stacks, ``referee.count``). This module says them.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, g, render_template, url_for
from flask_babel import force_locale
from sqlite_utils import Database

import store
import store.core.chain
from store.core.times import local_time
from store.money import report as store_report
from web.account.views import current_account, login_redirect
from web.core import i18n
from web.core.db import get_db
from web.core.heavy import heavy_page, heavy_print
from web.core.paging import page_arg
from web.core.pdf import STATIC_BASE
from web.core.pdf_process import make_pdf
from web.core.refusals import close_refused_said
from web.money.report_hands import hand_lines, page_count, page_span, said_hands, severity_totals

bp = Blueprint("reports", __name__, url_prefix="/reports")

GROUP = "\u202f"
"""Thousands are grouped with a narrow no-break space (ISO 80000-1) in the command line's
plain figures (:func:`money` for ``flask close``); the report itself writes numbers and
money as its page's language does (``web.core.i18n.chips``, ``web.core.i18n.money``)."""


def count(value: int) -> str:
    """A whole number with its thousands grouped: ``count(1800000) == "1\u202f800\u202f000"``."""
    return f"{value:,d}".replace(",", GROUP)


def money(cents: int | None, currency: str = "EUR") -> str:
    """Integer cents as text with two decimals and the currency code.

    >>> money(-1234, "EUR"), money(5, "MXN"), money(None)
    ('-12.34 EUR', '0.05 MXN', '—')
    >>> money(123456789, "EUR") == "1\u202f234\u202f567.89 EUR"
    True
    """
    if cents is None:
        return "—"
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{count(whole)}.{part:02d} {currency}"


def chips(value: int | None) -> str:
    """Chips with a sign for nets: ``+40``, ``-30``, ``0``; None as a dash."""
    if value is None:
        return "—"
    return f"{value:+,d}".replace(",", GROUP) if value else "0"


def night_report(db: Database, night_id: int, page: int | None = None) -> dict:
    """The report's data: the store's (``store.money.report.night_report``) said in the
    page's language.

    :param page: the page of the screen report (``web.money.report_hands``: a hundred hands
        a page), or None for every hand (the PDF).
    :returns: ``{"summary": night_summary, "hands", "details", "noted", "page", "pages",
        "hand_href": the hand list (``web.money.report_hands.said_hands``: a row per hand
        shown, the noted ones in full, the index of the noted hands, the pages), "names":
        {seat: name}, "night_findings": [the night's findings: the cash-out counts that
        differ from the referee's stacks (``store.money.counts``), said as the hands' are],
        "rules_text": the rules in words of the page's language (``web.core.i18n.rules_text``),
        "findings_total": {severity: count} (the hands' and the night's), "findings_said":
        those counts in words, "lang": the page's language (``web.core.i18n.page_lang``: the
        report and its PDF are in that one language), "disputes", "settlements",
        "earlier_settlements": :func:`night_disputes_report`, "chain": the night's record
        chain head and link count (``store.core.chain.head``: ``{"head": hex, "links"}``),
        printed so the report can be checked later (``flask --app app verify NIGHT --head
        HEX``)}``.
    :raises StoreError: no such night.
    """
    first, last = page_span(page)
    return said_report(store_report.night_report(db, night_id, first=first, last=last), page)


def said_report(data: dict, page: int | None = None) -> dict:
    """:func:`night_report` of what the store read (``store.money.report.night_report``)."""
    with force_locale(i18n.page_lang()):  # (outside a request: Spanish, the CLI's PDF)
        return _night_report(data, page)


def _night_report(data: dict, page: int | None) -> dict:
    summary, players = data["summary"], data["players"]
    totals = severity_totals(data)
    night_findings = i18n.say_findings(data["count_findings"], i18n.seat_names(players))
    for finding in night_findings:
        totals[finding.get("severity", "info")] = totals.get(finding.get("severity", "info"), 0) + 1
    return {"summary": summary, **said_hands(data, page), "names": {str(p["seat"]): p["name"] for p in players},
            "night_findings": night_findings, "findings_total": totals,
            "findings_said": i18n.findings_count(totals), "lang": i18n.page_lang(), "chain": data["chain"],
            "rules_text": i18n.rules_text(summary["night"]["rules_frozen"]),
            **night_disputes_report(data)}


def night_disputes_report(data: dict) -> dict:
    """The report's disputes section: every dispute of the night with its ruling
    (``store.night_disputes``) and every settlement of the night (``store.night_settlements``:
    one per close, the voided ones those a ruling or a reopening replaced), times in the
    club's zone.

    The ruling's correction is said in words with names (``voided_said``, ``added_said``:
    each line plus ``words``, ``web.core.i18n.say_line``), and why the night was not closed
    again in the page's language (``close_refused_said``: ``web.core.refusals.close_refused_said``).

    :param data: ``store.money.report.night_report`` (its ``summary``, ``players``,
        ``disputes``, ``settlements``).
    :returns: ``{"disputes": [get_dispute dicts + "entered_local" (+ the ruling's)],
        "settlements": [night_settlements dicts + "entered_local"],
        "earlier_settlements": [the voided ones]}``.
    """
    tz_name = data["summary"]["night"]["timezone"]
    disputes = []
    table = data["players"]
    players = {p["player_id"]: p["name"] for p in table}
    names = i18n.seat_names(table)
    for dispute in data["disputes"]:
        said = {**dispute, "entered_local": local_time(dispute["entered_at"], tz_name)}
        ruling = dispute.get("ruling")
        if ruling:
            said["ruling"] = {**ruling, "who": i18n.who(ruling["entered_by"], players),
                              "entered_local": local_time(ruling["entered_at"], tz_name),
                              "voided_said": [{**a, "words": i18n.say_line(a["action"], names)}
                                              for a in ruling["voided"]],
                              "added_said": [{**a, "words": i18n.say_line(a["action"], names)}
                                             for a in ruling["added"]],
                              "close_refused_said": close_refused_said(ruling)}
        disputes.append(said)
    settlements = [{**s, "entered_local": local_time(s["entered_at"], tz_name)}
                   for s in data["settlements"]]
    return {"disputes": disputes, "settlements": settlements,
            "earlier_settlements": [s for s in settlements if s["voided"]]}


def render_report(db: Database, night_id: int, *, printing: bool) -> str:
    """The report as an HTML string (``printing``: static links under ``STATIC_BASE``), in
    the page's language (``web.core.i18n.page_lang``; Spanish outside a request).

    :raises StoreError: no such night."""
    return report_html(night_report(db, night_id), printing=printing)


def report_html(data: dict, *, printing: bool) -> str:
    """:func:`render_report` of the report's data (:func:`night_report`; printed: every hand,
    its rows as aligned lines, ``web.money.report_hands.hand_lines``)."""
    def static_url(filename: str) -> str:
        return STATIC_BASE + filename if printing else url_for("static", filename=filename)

    with force_locale(i18n.page_lang()):  # the page's language; outside a request Spanish
        lines = hand_lines(data["hands"]) if printing else []
        return render_template("money/report.html", printing=printing, static_url=static_url,
                               money=i18n.money, chips=signed_chips, count=i18n.chips, hand_lines=lines, **data)


def signed_chips(value: int | None) -> str:
    """Chips with a sign for nets, as the page's language writes numbers (``+40``,
    ``-1.500`` in Spanish, ``-1,500`` in English, ``0``; None as a dash)."""
    return "\u2014" if value is None else i18n.chips(value, signed=True)


def night_pdf(db: Database, night_id: int) -> bytes:
    """The night report as PDF bytes (needs an app context).

    :raises StoreError: no such night.
    """
    return report_pdf(night_report(db, night_id))


def report_pdf(data: dict) -> bytes:
    """:func:`night_pdf` of the report's data (:func:`night_report`)."""
    return make_pdf(report_html(data, printing=True), current_app.static_folder)


@bp.before_request
def _host_only():
    if "host.login" in current_app.view_functions and current_account() is None:
        return login_redirect()
    return None


def _read_report(night_id: int, page: int | None) -> dict:
    """:func:`night_report` of the night from one store read
    (``store.money.report.night_report``; no such night, or no such page: 404), the night's
    preset choosing the findings' language first (``web.core.i18n.select_locale``).

    :param page: the screen page (``web.money.report_hands``), or None (the PDF: every hand).
    """
    first, last = page_span(page)
    try:
        data = store_report.night_report(get_db(), night_id, first=first, last=last)
    except store.StoreError:
        abort(404)
    if page is not None and page > page_count(len(data["hands"])):
        abort(404)
    g.night_preset = data["summary"]["night"]["rules_frozen"].get("preset")
    return said_report(data, page)


@bp.get("/nights")
def nights():
    """The list of nights with links to their reports."""
    db = get_db()
    return render_template("money/reports.html", nights=store.list_nights(db))


@bp.get("/nights/<int:night_id>")
@heavy_page
def night(night_id: int):
    """The night report as HTML (findings in the page's language: a Spanish preset's night
    in Spanish unless ``?lang=`` or the cookie says otherwise, ``web.core.i18n``); a long
    night's hands a hundred a page (``?page=2``: hands 101-200; ``web.money.report_hands``).
    404 for a page the night does not have, or a page number that is none
    (``web.core.paging.page_arg``)."""
    return report_html(_read_report(night_id, page_arg()), printing=False)


@bp.get("/nights/<int:night_id>.pdf")
@heavy_print
def night_pdf_view(night_id: int):
    """The night report as a PDF download (findings in the page's language, as the HTML)."""
    data = _read_report(night_id, None)
    pdf = report_pdf(data)
    date = data["summary"]["night"]["local_date"]
    return pdf, 200, {"Content-Type": "application/pdf",
                      "Content-Disposition": f'inline; filename="tapete-{date}-{night_id}.pdf"'}
