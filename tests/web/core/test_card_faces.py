"""Issue 26: cards as K♥ everywhere. The dispute page's correction (its preview, the step
editor's pickers) says cards as the pages draw them, never as the log's codes: a raw line
is kept only in ``data-line`` (the page's own use) and in the correction box; and the
tablet's card buttons are named by the one function for a card's face
(``referee.messages.card_face``), sent to its script, which has no second implementation."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from csrf_client import post_form
from hosts import login_host
from role_routes import CASE, build
from tablets import dealer_url

from referee.messages import SUIT_FACES, card_face

CARD = r"(?:[2-9TJQKA][shdc]|Jk)"
CODE = re.compile(rf"(?<![\w?])(?:{CARD}(?: ?{CARD})+|(?!As\b){CARD})(?![\w?])")
"""Cards as the log writes them (``Kh``, ``Td``, ``Jk``, ``Kh Ks Kd``, ``KhKsKd``); "As" alone
is the English word."""

READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
"""Attributes a person reads (a tooltip, a screen reader's name)."""


def read_text(page: str) -> str:
    """What a person reads of a page: its text and :data:`READ_ATTRIBUTES`; not scripts,
    styles, ``<code>``, the correction box (the log's notation, edited as such), nor the
    values of hidden inputs and ``data-`` attributes (the page's own use)."""
    page = re.sub(r"(?s)<(script|style|code|textarea)\b[^>]*>.*?</\1>", " ", page)
    attributes = re.findall(rf'\s(?:{"|".join(READ_ATTRIBUTES)})="([^"]*)"', page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + " ".join(attributes))


def test_the_scan_finds_a_code_in_text_and_in_an_attribute_a_person_reads():
    assert CODE.findall(read_text('<li title="p4 show QsQh7c5d2s">Chus</li>')) == ["QsQh7c5d2s"]
    assert CODE.findall(read_text('<button aria-label="Js">J♠</button>')) == ["Js"]
    assert CODE.findall(read_text('<li data-line="p4 show QsQh">Chus enseña Q♠ Q♥</li>')) == []


@pytest.fixture
def world(app, db, client):
    w = build(app, db)
    login_host(client)
    return w


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_dispute_preview_and_the_step_editor_draw_the_cards(world, client, lang):
    shown = CASE["actions"].index("p4 show QsQh7c5d2s")
    corrected = [line.replace("p4 show QsQh7c5d2s", "p4 show QsQhQc5d2s") for line in CASE["actions"]]
    preview = post_form(client, f"/host/dispute/{world.dispute}/preview?lang={lang}",
                        {"actions": "\n".join(corrected), "decision": "upheld"}).get_data(as_text=True)
    assert 'id="preview-correction"' in preview
    picked = post_form(client, f"/host/dispute/{world.dispute}/step?lang={lang}",
                       {"actions": "\n".join(CASE["actions"]), "pick": str(shown)}).get_data(as_text=True)
    assert 'id="e-card0"' in picked
    for page in (preview, picked):
        text = read_text(page)
        assert CODE.findall(text) == [], CODE.findall(text)[:5]
    correction = read_text(re.search(r'id="preview-correction">(.*?)</ul>', preview, re.S).group(1))
    assert "Q\u2660 Q\u2665 Q\u2663 5\u2666 2\u2660" in correction


def test_the_tablets_cards_are_named_by_the_one_card_face(app, db, world, client):
    page = client.get(f"{dealer_url(db, world.night)}/?lang=es").get_data(as_text=True)
    config = json.loads(html.unescape(re.search(r'<script id="config" type="application/json">(.*?)</script>',
                                                page, re.S).group(1)))
    assert config["deck"] and all(config["faces"][c] == card_face(c) for c in config["deck"])
    assert config["faces"]["Td"] == "10\u2666"
    script = (Path(app.root_path) / "static" / "hand" / "tablet.js").read_text(encoding="utf-8")
    drawn_here = [s for s in SUIT_FACES.values() if s in script or f"\\u{ord(s):04x}" in script.lower()]
    assert drawn_here == [] and 'setAttribute("aria-label", card)' not in script
