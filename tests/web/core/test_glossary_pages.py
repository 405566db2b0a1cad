"""The glossary's words on the pages people read (``tests/web/core/test_glossary.py`` holds the
catalogues to it): cards drawn as the tablet's card buttons draw them (``J♠ 10♦``: the
referee's ``card_face``), never as the log's codes (``Kh Ks Kd``); a seat is an "asiento" in
the report's PDF. Every page of ``every_page.build_pages`` (a hand played to a showdown,
disputed; a closed night) as the host, the dealer and a player see it, in both languages,
and the report's PDF.

What is left out: ``<script>`` (the page's data for its JavaScript), ``<code>``, the
hand-correction box of the dispute page (the log's notation, edited as such) and the tags'
attributes (a log line kept in a ``title`` or ``data-`` attribute for the page's own use).
"""

from __future__ import annotations

import html
import re

import pytest
from apps import make_app
from every_page import build_pages
from hosts import login_host
from pdfs import pdf_text

from store import open_db

CARD = r"(?:[2-9TJQKA][shdc]|Jk)"
CODE = re.compile(rf"(?<![\w?])(?:{CARD}(?: ?{CARD})+|(?!As\b){CARD})(?![\w?])")
"""Cards as the log writes them (CONTRACT.md section 2): ``Kh``, ``Td``, the joker ``Jk``, a
run of them (``Kh Ks Kd``, ``KhKsKd``); "As" alone is the English word."""

FACE = re.compile(r"(?:[2-9JQKA]|10)[\u2660\u2665\u2666\u2663]")


def page_text(page: str) -> str:
    """What a reader sees of a page: its text, without scripts, styles, ``<code>``, the
    correction box and the tags themselves."""
    page = re.sub(r"(?s)<(script|style|code|textarea)\b[^>]*>.*?</\1>", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[tuple[str, str], str]:
    """{(lang, path): the text a reader sees} for every page, and the reports' PDFs (the
    open night's, the closed night's)."""
    path = tmp_path_factory.mktemp("glossary") / "tapete.db"
    app = make_app(path)
    db = open_db(path)
    built = build_pages(app, db)
    client = app.test_client()
    login_host(client)
    out = {}
    for lang in ("es", "en"):
        client.set_cookie("lang", lang)
        for path in built.html:
            response = client.get(path)
            assert response.status_code == 200, path
            out[(lang, path)] = page_text(response.get_data(as_text=True))
        out[(lang, "report PDF")] = pdf_text(client.get(f"/reports/nights/{built.night}.pdf").data)
        out[(lang, "closed report PDF")] = pdf_text(client.get(f"/reports/nights/{built.closed_night}.pdf").data)
    db.conn.close()
    return out


@pytest.mark.slow   # (every page and four PDFs)
def test_no_page_shows_a_card_code_and_the_shown_hand_is_drawn(pages):
    found = {key: CODE.findall(text)[:6] for key, text in pages.items() if CODE.search(text)}
    assert found == {}
    drawn = {key for key, text in pages.items() if "Q\u2660 Q\u2665 7\u2663 5\u2666 2\u2660" in text}
    # Chus's showdown (QsQh7c5d2s): the host's replay of hand 1, the player's, the report
    assert {path for _, path in drawn} >= {"/host/night/1/hand/1", "/reports/nights/1"}
    assert any(path.startswith("/p/") and "/hand/" in path for _, path in drawn)


def test_a_planted_code_is_found():
    assert CODE.findall(page_text("<p>Chus enseña Q\u2660 Q\u2665 7\u2663</p>")) == []
    assert CODE.findall(page_text("<p>Chus enseña Qs Qh 7c</p>")) == ["Qs Qh 7c"]
    assert CODE.findall(page_text("<p>Chus enseña QsQh7c; la carta 9h</p>")) == ["QsQh7c", "9h"]
    assert CODE.findall(page_text("<p>As in the file</p>")) == []
    assert CODE.findall(page_text('<li title="p4 show QsQh7c5d2s">Chus enseña</li>')) == []


@pytest.mark.slow
def test_a_seat_is_an_asiento_in_the_reports_pdf(pages):
    """The report's seat column (a closed night's) said "Silla" in Spanish; every other page
    "asiento". The column is wide enough for the word: never cut by a hyphen ("Asien-to")."""
    spanish, english = pages[("es", "closed report PDF")], pages[("en", "closed report PDF")]
    assert "Asiento" in spanish and "Silla" not in spanish
    assert "Seat" in english
