"""A night stored before the store bounded every amount renders, its impossible figures
shown as out of range, never a 500 (issue 24, "Amounts bounded at every door": "A night
already stored with such values (from before this change) renders with the value shown
as out of range, never a 500").

The issue's night: a session file with ``d award p1 10000000000000000000000000`` was
imported, "and that night then answers 500 on its hand list, replays, report and PDF for
ever (decimal.InvalidOperation in Babel)". Every figure a page writes goes through
``web.core.i18n.chips`` or ``web.core.i18n.money`` (the CSV's cells through
``web.core.i18n.in_range``): one figure past ``store.core.checks.MAX_FIGURE`` is written
"fuera de rango" / "out of range" there, on every page at once. The nights are written
straight into the database (``tests/support/unbounded.py``): no door takes them now.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from flask_babel import force_locale
from hosts import login_host
from pdfs import pdf_text
from unbounded import AWARD, COSTLY, awarded_night, costly_night

import store
from store.core.checks import MAX_CHIPS, MAX_FIGURE
from web.core import i18n

SAID = {"es": "fuera de rango", "en": "out of range"}
"""The catalogue's words for a figure out of range (``web.core.i18n.OUT_OF_RANGE``)."""


def text_of(response) -> str:
    """A page's words (tags out, whitespace runs made one space); a PDF's text; a CSV's."""
    if response.mimetype == "application/pdf":
        return " ".join(pdf_text(response.data).split())
    body = response.get_data(as_text=True)
    if response.mimetype == "text/html":
        body = re.sub(r"<[^>]+>", " ", body)
    return " ".join(body.split())


@pytest.fixture
def host(app, client):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a 500 is an answer here, as in production
    login_host(client)
    return client


def shown(client, path: str, lang: str) -> str:
    response = client.get(f"{path}?lang={lang}")
    assert response.status_code == 200, (path, response.status_code)
    return text_of(response)


AWARDED_PAGES = {
    "hand list": lambda n, token: f"/host/night/{n.night}/hands",
    "host replay": lambda n, token: f"/host/night/{n.night}/hand/2",
    "player replay": lambda n, token: f"/p/{token}/hand/{n.hand}",
    "report": lambda n, token: f"/reports/nights/{n.night}",
    "PDF": lambda n, token: f"/reports/nights/{n.night}.pdf",
}
"""The pages of the issue's night that show what the dealer pushed (the pot went to Ana:
out of range)."""


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("page", AWARDED_PAGES)
def test_the_issues_night_renders_its_award_as_out_of_range(host, db, page, lang):
    night = awarded_night(db)
    token = store.issue_token(db, night.players["Ana"])
    said = shown(host, AWARDED_PAGES[page](night, token), lang)
    assert SAID[lang] in said
    assert f"{AWARD:,}".replace(",", ".") not in said and f"{AWARD:,}" not in said  # no grouped figure of it


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_issues_night_page_and_player_page_answer(host, db, lang):
    """The night page (the counts beside the referee's stacks) and Ana's page (her chips
    now) of the issue's night: 200, never a 500."""
    night = awarded_night(db)
    for stage in ("table", "play", "close", "pay"):                # every stage of the night
        shown(host, f"/host/night/{night.night}/{stage}", lang)
    shown(host, f"/p/{store.issue_token(db, night.players['Ana'])}", lang)


COSTLY_PAGES = {
    "night page": lambda n, token: f"/host/night/{n.night}/close",   # the money: the counts' stage
    "report": lambda n, token: f"/reports/nights/{n.night}",
    "PDF": lambda n, token: f"/reports/nights/{n.night}.pdf",
    "player page": lambda n, token: f"/p/{token}",
    "CSV": lambda n, token: f"/host/night/{n.night}/download/csv",
    "club standings": lambda n, token: "/host/club",
    "outstanding": lambda n, token: "/host/outstanding",
    "outstanding player": lambda n, token: f"/host/outstanding/{n.players['Ana']}",
}
"""The pages that write the costly night's money: its nets, who pays whom, running totals."""


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("page", COSTLY_PAGES)
def test_a_night_whose_money_is_past_what_a_page_writes_shows_it_out_of_range(host, db, page, lang):
    night = costly_night(db)
    token = store.issue_token(db, night.players["Ana"])
    assert SAID[lang] in shown(host, COSTLY_PAGES[page](night, token), lang)


def test_the_csv_keeps_numbers_as_numbers_and_says_the_money_out_of_range(host, db):
    """The CSV's chip cells stay numbers (the costly count, 9 000 000 000 000 000 100, is a
    figure a page writes); the net in money, COSTLY * MAX_CHIPS cents, is the words."""
    night = costly_night(db)
    rows = shown(host, f"/host/night/{night.night}/download/csv", "en")
    assert f"1,Ana,100,{COSTLY + 100},0,{COSTLY},out of range,EUR" in rows
    assert f"2,Bruno,{COSTLY + 100},100,0,-{COSTLY},out of range,EUR" in rows


def test_the_csvs_money_is_exact_at_any_size(db):
    """``store.files.exporter.money_rows`` gives the net in money exactly (it divided by
    100 in a 28-digit context and quantized: ``decimal.InvalidOperation`` past it)."""
    night = costly_night(db)
    nets = {row[1]: row[6] for row in store.files.exporter.money_rows(db, night.night)}
    assert nets == {"Ana": Decimal(COSTLY * MAX_CHIPS) / 100, "Bruno": -Decimal(COSTLY * MAX_CHIPS) / 100}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_figure_the_doors_admit_is_written_as_a_number(app, lang):
    """The bound is where Babel still writes figures exactly: the most one amount the
    doors admit is worth (MAX_CHIPS chips at MAX_CHIPS cents a chip, ``MAX_FIGURE``) is a
    number in both languages, chips and money, either sign; one past it is out of range."""
    with app.test_request_context(f"/?lang={lang}"), force_locale(lang):
        for figure in (MAX_FIGURE, -MAX_FIGURE, MAX_CHIPS * MAX_CHIPS):
            for said in (i18n.chips(figure), i18n.chips(figure, signed=True), i18n.money(figure),
                         i18n.money(figure, "USD", signed=True)):
                assert re.sub(r"\D", "", said).startswith("1" + "0" * 21), said
        for figure in (MAX_FIGURE + 1, -MAX_FIGURE - 1, AWARD):
            assert {i18n.chips(figure), i18n.chips(figure, signed=True), i18n.money(figure),
                    i18n.money(figure, signed=True)} == {SAID[lang]}
