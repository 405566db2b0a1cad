"""The glossary's words on the pages people read (``tests/test_glossary.py`` holds the
catalogues to it): cards drawn as the tablet's card buttons draw them (``J♠ 10♦``: the
referee's ``card_face``), never as the log's codes (``Kh Ks Kd``); a seat is an "asiento" in
the report's PDF. The night of ``tests/night14_world.py``, every page, open and closed, in
both languages, and its PDF (``test_language_scan``'s pages).

What is left out, as the language scan leaves it out: ``<code>``, the hand-correction box of
the dispute page (the log's notation, edited as such) and what people typed.
"""

from __future__ import annotations

import re

from test_language_scan import outputs, typed  # noqa: F401 (outputs: the night's pages, a fixture)

CODE = re.compile(r"(?<![\w?])[2-9TJQKA][shdc](?![\w?])|(?<![\w?])Jk(?![\w?])")
"""A card as the log writes it (CONTRACT.md section 2): ``Kh``, ``Td``, the joker ``Jk``."""

FACE = re.compile(r"(?:[2-9JQKA]|10)[\u2660\u2665\u2666\u2663]")


def _codes(text: str) -> list[str]:
    for typed_text in typed():
        text = text.replace(typed_text, " ")
    return CODE.findall(text)


def test_no_page_of_the_night_shows_a_card_code(outputs):
    found = {key: _codes(text)[:6] for key, text in outputs.items() if _codes(text)}
    assert found == {}


def test_the_replay_and_the_report_draw_the_cards_shown(outputs):
    for lang in ("es", "en"):
        for page in ("host hand 2", "player hand", "report", "report PDF", "host dispute"):
            assert FACE.search(outputs[("closed", lang, page)]), (lang, page)


def test_a_planted_code_is_found():
    assert _codes("Íñigo enseña K\u2665 K\u2660 K\u2666") == []
    assert _codes("Íñigo enseña Kh Ks Kd") == ["Kh", "Ks", "Kd"]


def test_a_seat_is_an_asiento_in_the_reports_pdf(outputs):
    """The report's seat column said "Silla" in Spanish; every other page "asiento"."""
    for state in ("open", "closed"):
        pdf = outputs[(state, "es", "report PDF")]
        assert "Asiento" in pdf and "Silla" not in pdf
