"""Long names in the PDF (issue 26): a name of 60 wide letters stays inside the page's text
area everywhere in the night's PDF, the count findings included (three of its words ran up
to 8 pt past the right edge): read back with ``pdftotext -bbox``, no word passes the right
margin (A4, 14 mm: ``static/money/print.css``)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from hosts import login_host

import store

WIDE = "W" * 60
REAL = "Wolfgang Wilhelm Maximilian Weißenwald-Wüstenhagen von Würzburg"[:60]
NAMES = (WIDE, "Maximiliano Bartolomé de la Santísima Trinidad", REAL)
HAND = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 check", "p3 open 10", "p2 fold", "p1 fold",
        "p3 show QsQh7c5d2s", "d award p3 25"]
"""A hand with a finding that names the players (seat 3 opens before seat 2 has spoken)."""
MM = 72 / 25.4
RIGHT_MARGIN = 14 * MM
"""The print stylesheet's right margin (``@page { margin: 16mm 14mm 18mm }``), in points."""


def _night(db) -> int:
    """Three players with long names (60 wide letters, a 45-letter one, a 60-letter real-looking
    one), a hand with a finding and a dispute, each counting other chips than the
    referee's stack (a count finding each), closed with the dispute open."""
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=25, title="Viernes")
    names, counts = NAMES, (130, 100, 70)
    for seat, name in enumerate(names, start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
    hand = store.start_hand(db, night_id, button=3, entered_by="dealer")
    for i, line in enumerate(HAND):
        store.append_action(db, hand, line, entered_by="dealer", key=f"long-{i}")
    store.end_hand(db, hand, entered_by="dealer")
    store.open_dispute(db, hand, store.night_players(db, night_id)[1]["player_id"], "W" * 60 + " abrió antes de hablar yo.")
    for seat, counted in enumerate(counts, start=1):
        player = next(p["player_id"] for p in store.night_players(db, night_id) if p["seat"] == seat)
        store.cash_out(db, night_id, player, counted, entered_by="host")
    store.close_night(db, night_id, entered_by="host", override_reason="ruled next week")
    return night_id


def words_past_the_right_margin(pdf: bytes, tmp_path) -> list[tuple[str, float, float]]:
    """The words of a PDF whose right end passes the page's right margin: ``(word, xMax,
    page width)`` (``pdftotext -bbox``: each word's box in points)."""
    path = tmp_path / "night.pdf"
    path.write_bytes(pdf)
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    past = []
    for page in re.finditer(r'<page width="([\d.]+)" height="[\d.]+">(.*?)</page>', html, re.S):
        width = float(page.group(1))
        for word in re.finditer(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
                                page.group(2)):
            if float(word.group(1)) > width - RIGHT_MARGIN + 1:
                past.append((word.group(2), float(word.group(1)), width))
    return past


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_60_letter_name_stays_inside_the_pdfs_page(client, db, tmp_path, lang):
    night_id = _night(db)
    login_host(client)
    response = client.get(f"/reports/nights/{night_id}.pdf?lang={lang}")
    assert response.status_code == 200
    text = subprocess.run(["pdftotext", "-", "-"], input=response.data, capture_output=True).stdout.decode()
    assert "WWWW" in text   # (the name is there: broken over lines, not left out)
    assert words_past_the_right_margin(response.data, tmp_path) == []
