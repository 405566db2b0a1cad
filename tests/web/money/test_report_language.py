"""The night report and its PDF in ONE language, the page's (issue #14: "the PDF shows raw
codes (`openers_not_shown`), and lists an award to the player the referee chose, not the
one who got the chips"; "the log reads `p3 open 2`"), on the night of the issue
(``tests/showcase_night.py``), closed the ordinary way.
"""

from __future__ import annotations

import re

import pytest
from apps import make_app
from hosts import login_host
from pdfs import pdf_text
from showcase_night import LONG_NAME, build_showcase_night

import store
from store import open_db

RAW_LINE = re.compile(r"\b[pd]\d* (?:ante|open|call|fold|check|draw|bet|show|award|deal)\b")


def _text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """{"es": {"html", "text", "pdf"}, "en": {...}, "dispute": {lang: text}} of the closed
    night (the dispute page's while it was open)."""
    path = tmp_path_factory.mktemp("report") / "tapete.db"
    app = make_app(path)
    db = open_db(path)
    world = build_showcase_night(db)
    dispute = store.open_dispute(db, world.hands[1], world.ids["Bruno"], "El bote era de María.")
    client = app.test_client()
    login_host(client)
    out = {"dispute": {lang: _text(client.get(f"/host/dispute/{dispute}?lang={lang}").get_data(as_text=True))
                       for lang in ("es", "en")}}
    store.record_ruling(db, dispute, decision="rejected", rule="RRoP 11", entered_by="host:test")
    world.close(db)
    for lang in ("es", "en"):
        html = client.get(f"/reports/nights/{world.night}?lang={lang}").get_data(as_text=True)
        pdf = pdf_text(client.get(f"/reports/nights/{world.night}.pdf?lang={lang}").data)
        out[lang] = {"html": html, "text": _text(html),
                     "pdf": " ".join(re.sub("\u2010\\s*\n", "", pdf).split())}
    db.conn.close()
    return out


@pytest.mark.slow
def test_the_report_is_in_the_pages_language_only(night):
    """The headings, the table heads and the page numbers in one language: no
    "Manos · Hands" pairs."""
    es, en = night["es"], night["en"]
    headings = {lang: re.findall(r"<h2[^>]*>([^<]*)", night[lang]["html"]) for lang in ("es", "en")}
    assert headings["es"][:3] == ["Jugadores", "Pagos", "Reclamaciones"]
    assert headings["en"][:3] == ["Players", "Transfers", "Disputes"]
    assert '<html lang="es">' in es["html"] and '<html lang="en">' in en["html"]
    for lang, other in (("es", ("Players", "Hands", "Transfers", "Night report")),
                        ("en", ("Jugadores", "Manos", "Pagos", "Informe de la noche"))):
        for word in other:
            assert word not in night[lang]["text"].replace("Noche de jotas", ""), (lang, word)
    assert "Página 1 de 2" in es["pdf"] and "page 1 of" not in es["pdf"].lower()
    assert "Page 1 of 2" in en["pdf"] and "Página" not in en["pdf"]
    assert "2 errores, 0 avisos, 2 notas" in es["text"] and "2 errors, 0 warnings, 2 notes" in en["text"]


@pytest.mark.slow
def test_the_awards_say_who_got_the_pot_and_where_the_referee_would_have_given_it(night):
    """Robert's Rules of Poker, section 11 (Draw Poker): "a false opener's hand is dead":
    hand 2's pot was pushed to Íñigo (the false opener) and the referee gives it to María;
    the report says both, the push first. Hand 3's push agrees with the referee: one name."""
    es = "el bote fue a Íñigo (22); según el árbitro, a " + LONG_NAME + " (22)"
    en = "the pot went to Íñigo (22); according to the referee, to " + LONG_NAME + " (22)"
    for where in ("text", "pdf"):
        assert es in night["es"][where] and en in night["en"][where], where
    assert "el bote fue a Ana (28)" in night["es"]["pdf"] and "the pot went to Ana (28)" in night["en"]["pdf"]
    hand3 = re.search(r'<tr[^>]*data-hand="3">.*?</tr>', night["es"]["html"], re.S).group(0)  # (its row)
    assert "el bote fue a" in hand3 and "según el árbitro" not in hand3


def test_the_log_is_said_in_words_with_names_never_as_logged(night):
    """The issue: "the log reads `p3 open 2`": a finding's line and the actions list are
    said with names ("Íñigo abre 2"), in the report, its PDF and the dispute page."""
    assert '(#8: <q class="action-words">Íñigo abre 2</q>)' in night["es"]["html"]
    assert '(#8: <q class="action-words">Íñigo opens 2</q>)' in night["en"]["html"]
    assert "El repartidor empuja 22 fichas a Íñigo" in night["es"]["pdf"]
    assert '<span class="words">Íñigo abre 2</span>' in night["es"]["html"]
    for lang in ("es", "en"):
        assert not RAW_LINE.search(night[lang]["text"]) and not RAW_LINE.search(night[lang]["pdf"]), lang
    assert "Íñigo abre 2" in night["dispute"]["es"] and "Íñigo opens 2" in night["dispute"]["en"]


def test_no_raw_code_and_the_seeds_cited_in_the_pages_language(night):
    """Findings and their rules from the referee's own templates and citations: no kind
    code, no file name; an English page cites the seed's sentence in English (seed 000:
    «Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el justificar la
    ley de apertura.»), a Spanish page quotes it verbatim."""
    quote = "Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el justificar la ley de apertura."
    assert quote in night["es"]["pdf"] and quote not in night["en"]["pdf"]
    assert "When the game is opened with a pot or jackpot, the opening requirement must be proved." in night["en"]["pdf"]
    for lang in ("es", "en"):
        for where in ("text", "pdf"):
            said = night[lang][where]
            assert not re.search(r"\b(unjustified_opening|wrong_award|passed_out|openers_not_shown)\b", said)
            assert not re.search(r"seed \d|\.md\b|CONTRACT", said), (lang, where)
