"""A long night's report (issue 25: "the report pages its hand list (or folds it), the PDF
keeps its size reasonable (hands as a table, details only for hands with findings or
disputes)"): on the screen a row per hand, a hundred hands a page, the noted hands (a
finding, a corrected line, a dispute) in full with their lines and an index of them on
every page; the PDF a line per hand, only the noted hands in full (those with notes alone
listed by note) and each rule quoted once (the findings cite it by number); each report
says only the lines it shows."""

from __future__ import annotations

import re

import pytest
from hosts import login_host
from pdfs import pdf_pages, pdf_text
from samples import synthetic_session

import store
from store.hand.events import correct_hand
from web.core import i18n
from web.money import report_hands

HANDS = 250


@pytest.fixture
def long_night(db):
    """A night of 250 hands (passed-out hands carry a note; some openings break
    their openers: warnings), with a dispute on hand 150: ``(night_id, {number: hand_id})``."""
    night_id = store.import_session(db, synthetic_session(hands=HANDS, players=6, seed=4), chip_cents=5)
    ids = {h["number"]: h["id"] for h in store.night_hands(db, night_id)}
    ann = next(p for p in store.table_players(db, night_id) if p["name"] == "Ana")
    store.open_dispute(db, ids[150], ann["player_id"], "Eran mis fichas")
    return night_id, ids


def _noted(db, night_id: int, ids: dict) -> set[int]:
    """The numbers of the hands with a finding or a dispute (the store's own figures)."""
    checked = store.check_night(db, night_id)["hands"]
    disputed = {d["hand_id"] for d in store.night_disputes(db, night_id)}
    return {n for n, entry in zip(sorted(ids), checked) if entry["findings"] or ids[n] in disputed}


def _notes_only(db, night_id: int, ids: dict) -> set[int]:
    """The numbers of the hands whose only findings are notes (severity info), undisputed."""
    checked = store.check_night(db, night_id)["hands"]
    disputed = {d["hand_id"] for d in store.night_disputes(db, night_id)}
    return {n for n, entry in zip(sorted(ids), checked) if entry["findings"] and ids[n] not in disputed
            and all(f["severity"] == "info" for f in entry["findings"])}


def _rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr(?: class="noted")? data-hand="(\d+)">', html)]


def test_a_long_night_is_a_hundred_hands_a_page_with_the_noted_ones_in_full(client, db, long_night):
    night_id, ids = long_night
    noted = _noted(db, night_id, ids)
    assert 150 in noted and len(noted) > 5 and len(noted) < HANDS  # (some hands quiet, some noted)
    login_host(client)
    pages = {page: client.get(f"/reports/nights/{night_id}?page={page}&lang=es").get_data(as_text=True)
             for page in (1, 2, 3)}
    assert _rows(pages[1]) == list(range(1, 101))
    assert _rows(pages[2]) == list(range(101, 201))
    assert _rows(pages[3]) == list(range(201, HANDS + 1))
    assert _rows(client.get(f"/reports/nights/{night_id}").get_data(as_text=True)) == _rows(pages[1])  # (the first)
    for page, html in pages.items():
        shown = range((page - 1) * 100 + 1, page * 100 + 1)
        sections = {int(n) for n in re.findall(r'<section class="hand" id="hand-(\d+)">', html)}
        assert sections == {n for n in noted if n in shown}, page  # the noted hands of the page, in full
        assert html.count('<ol class="actions">') == len(sections)
        # every noted hand of the night in the index, each linking to its page
        index = dict((int(n), href) for href, n in re.findall(r'<a href="([^"]*)">(\d+)</a>',
                                                              html.split('class="noted-hands"')[1].split("</p>")[0]))
        assert set(index) == noted
        for number, href in index.items():
            assert href == (f"#hand-{number}" if number in shown
                            else f"/reports/nights/{night_id}?page={(number - 1) // 100 + 1}#hand-{number}")
        # the summary on every page (the pages of the night's hands between the hands' heading and the rows)
        assert "Manos</h2>" in html and "cuadra" in html
        assert '<b aria-current="page">' in html and html.count("?page=") >= 2
    # the dispute on hand 150 links its section on page 2 from every page
    assert f'href="/reports/nights/{night_id}?page=2#hand-150"' in pages[1]
    assert 'href="#hand-150"' in pages[2]


def test_a_page_the_night_does_not_have_is_404(client, db, long_night):
    night_id, _ = long_night
    login_host(client)
    assert client.get(f"/reports/nights/{night_id}?page=4").status_code == 404
    assert client.get(f"/reports/nights/{night_id}?page=0").status_code == 404
    assert client.get(f"/reports/nights/{night_id}?page=3").status_code == 200


def test_a_corrected_line_makes_its_hand_noted(client, db, long_night):
    """A quiet hand whose award line the host voided and wrote again after a note (the same
    ruling, no finding): its row says it was corrected and its lines are shown in full."""
    night_id, ids = long_night
    quiet = min(n for n in range(101, 201) if n not in _noted(db, night_id, ids))
    live = [a["action"] for a in store.hand_actions(db, ids[quiet]) if not a["voided"]]
    correct_hand(db, ids[quiet], live[:-1] + ["d note the pot was counted again", live[-1]],
                 reason="counted again", entered_by="host")
    assert not store.check_night(db, night_id)["hands"][quiet - 1]["findings"]
    login_host(client)
    html = client.get(f"/reports/nights/{night_id}?page=2&lang=en").get_data(as_text=True)
    row = re.search(rf'<tr[^>]*data-hand="{quiet}">.*?</tr>', html, re.S).group(0)
    assert 'class="noted"' in row and f'<a href="#hand-{quiet}">corrected</a>' in row
    section = html.split(f'id="hand-{quiet}"')[1].split("</section>")[0]
    assert 'class="voided"' in section and "counted again" in section


def test_the_report_says_only_the_lines_of_the_hands_it_shows_in_full(client, db, long_night, monkeypatch):
    """Half of a 300-hand report was saying every line of every hand (issue 25): a page says
    the lines of its noted hands, each distinct line once."""
    night_id, ids = long_night
    noted = sorted(n for n in _noted(db, night_id, ids) if n <= 100)
    lines = {a["action"] for n in noted for a in store.hand_actions(db, ids[n])}
    said: list[str] = []
    real = i18n.say_line

    def counting(line, names=None):
        said.append(line)
        return real(line, names)

    monkeypatch.setattr(i18n, "say_line", counting)
    login_host(client)
    assert client.get(f"/reports/nights/{night_id}?page=1").status_code == 200
    assert sorted(said) == sorted(lines)  # (each once; none of a quiet hand)


@pytest.mark.slow
def test_the_pdf_prints_a_line_a_hand_and_only_the_noted_hands_in_full(client, db, long_night):
    night_id, ids = long_night
    noted = _noted(db, night_id, ids)
    login_host(client)
    response = client.get(f"/reports/nights/{night_id}.pdf?lang=es")
    assert response.status_code == 200
    text = pdf_text(response.data)
    lines = [int(m) for m in re.findall(r"^ *(\d+) {2}\S", text, re.M)]
    assert lines == list(range(1, HANDS + 1))  # every hand, in order, a line each
    assert re.search(r"Mano +Botón +Quién se llevó el bote", text)
    # in full: the hands with an error or a warning, disputed or corrected; the hands with
    # notes alone (passed out: the pot carried) listed by note
    in_full = {int(n) for n in re.findall(r"Mano (\d+) · botón", text)}
    only_notes = _notes_only(db, night_id, ids)
    assert only_notes and 150 not in only_notes and in_full == noted - only_notes
    flat = " ".join(text.split())
    listed = flat.split("Manos solo con notas")[1].split("Reglas citadas")[0]
    assert "todos pasan: el bote sigue" in listed
    assert {int(n) for n in re.findall(r"\b(\d+)\b", listed.split("Manos", 1)[1])} >= only_notes
    assert "Eran mis fichas" in text  # (the dispute)
    # no hand's log is printed: no line of a quiet hand said in words
    assert "se descarta de" not in text.split("Manos en detalle")[0]
    # each rule quoted once, at the end, the findings citing it by number (the warnings of
    # openings broken without a word all cite seed 000's "Cuando se haga la apertura ...")
    broken = len(re.findall(r"apertura sin ley \(#\d+", flat))
    assert broken > 1 and flat.count("Cuando se haga la apertura de juego con pot o jackpot") == 1
    assert re.search(r"apertura sin ley \(#\d+: “[^”]+”\): [^\[]+\[\d\]", flat)
    assert "«" in flat.split("Reglas citadas")[1]
    assert pdf_pages(response.data) <= 4 + HANDS // 60 + len(noted) // 4


def test_hand_lines_align_the_columns(app):
    with app.test_request_context("/?lang=en"):
        rows = [{"number": 9, "button_name": "Ana", "pot_said": "the pot went to Bruno (20)", "notes": ""},
                {"number": 10, "button_name": "Maximiliano", "pot_said": "", "notes": "1 warning"}]
        lines = report_hands.hand_lines(rows)
    assert lines == ["Hand  Button       Who got the pot",
                     "   9  Ana          the pot went to Bruno (20)",
                     "  10  Maximiliano  \u2014 \u00b7 1 warning"]
