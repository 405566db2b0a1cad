"""The PDF report never leaves a heading alone at the bottom of a page: "Manos" and
the headings of the hands' lines go with the first hand (print.css: ``break-after: avoid``
on headings and on the paragraph under the hands' heading; the lines' block keeps its first
lines with it).

The night's note (a paragraph under the title) is made longer step by step, so the hands'
heading walks down the first page and over the page end; at every step the page that shows
the heading must also show the first hand.
"""

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

import store
from web.money.report import night_pdf

HEADING = "Manos"
LEGEND = "Quién se llevó el bote"


def _night(db, words: int, voided: bool) -> int:
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=25, title="Salto",
                               note="palabra " * words)
    for seat, name in enumerate(("Ana", "Bruno", "Chus"), start=1):
        store.join_table(db, night, name, seat, 100, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="dealer")
    actions = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p2 check", "p3 check", "p1 check"]
    for i, action in enumerate(actions):
        event = store.append_action(db, hand, action, entered_by="dealer", key=f"{night}-{i}")
        if voided and i == 4:  # a correction: the hand is also printed in full after the lines
            store.void_event(db, event, reason="wrong seat", entered_by="dealer")
            store.append_action(db, hand, action, entered_by="dealer", key=f"{night}-{i}-again")
    store.end_hand(db, hand, entered_by="dealer")
    return night


def _first_hand(text: str) -> bool:
    """The first hand's line is on the page (under the lines' headings)."""
    return re.search(r"Quién se llevó el bote\s+1\s", text) is not None


@pytest.mark.slow
@pytest.mark.parametrize("voided", [False, True], ids=["passed-out-hand", "hand-with-correction"])
def test_hands_heading_is_never_alone_at_the_bottom_of_a_page(app, db, voided):
    crossed = False
    with app.app_context():
        for words in range(100, 450, 50):
            pages = [p.extract_text() for p in PdfReader(BytesIO(night_pdf(db, _night(db, words, voided)))).pages]
            # the summary table says "Manos" too (page 1): the heading is the legend's page
            heading = next(i for i, text in enumerate(pages) if LEGEND in text)
            assert HEADING in pages[heading]
            first = next(i for i, text in enumerate(pages) if _first_hand(text))
            assert first == heading, f"note of {words} words: heading on page {heading + 1}, first hand on {first + 1}"
            crossed |= heading > 0
    assert crossed  # the heading did walk over a page end
