"""One Spanish word per concept on every page (issue 23): the glossary at the head of the
Spanish catalogues (``translations/es/LC_MESSAGES/messages.po``, the web's, and
``referee/locale/es/LC_MESSAGES/referee.po``, the referee's) names each concept's word, and
no Spanish translation in either uses a word it rules out. A seed's own sentence (context
``seed NNN``) is quoted as the seed wrote it and is left out.

The words unified, each with its test below: the dealer is "repartidor" (seeds 001-003;
"el que da" and "crupier" were in use), a seat "asiento" (the PDF's column said "Silla"),
the showdown "enseñar las cartas" (seed 000's "enseñar sus cartas"; the tablet said "Se ven
las cartas", the replay "enseñar las cartas") and showing one's cards "enseñar" (never
"mostrar"), a jack "jota" (seeds 001 and 002; the referee's findings said "pareja de
valets", the tablet and the night form "pareja de jotas"), a buy-in "compra" (a late player's first
buy-in too: the phone said "Recompra"; never "entrada"), a rebuy "recompra", the player the bank
difference goes to at the close "jugador que paga / cobra la diferencia" (the close said "Jugador
abonado"); on the pages themselves, cards drawn ``J♠ 10♦`` and the PDF's seat:
``tests/web/core/test_glossary_pages.py``.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from paths import ROOT
from hosts import login_host
from tablet_nights import night  # noqa: F401,F811 (the false_opener table, hand 1 started: a fixture)

import store
from referee import messages
from store.money.chip_entries import seat_between_hands

CATALOGUES = (ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po",
              ROOT / "referee" / "locale" / "es" / "LC_MESSAGES" / "referee.po")
COLUMNS = ("concept", "code word", "Spanish", "English", "not in Spanish")


def _read(path: Path):
    with path.open("rb") as f:
        return read_po(f, locale="es")


def glossary(path: Path) -> list[dict[str, str]]:
    """The glossary's rows at the head of a catalogue: ``{column: text}`` by
    :data:`COLUMNS` (the header comment's ``a | b | c | d | e`` lines after the heading
    row)."""
    lines = [line.removeprefix("#").strip() for line in path.read_text(encoding="utf-8").splitlines()
             if line.startswith("#")]
    lines = lines[:next(i for i, line in enumerate(lines) if line.startswith("Spanish translations"))]
    heading = " | ".join(COLUMNS)
    assert heading in lines, f"{path}: no glossary heading row"
    rows = lines[lines.index(heading) + 1:]
    return [dict(zip(COLUMNS, (cell.strip() for cell in row.split("|")))) for row in rows if "|" in row]


def ruled_out(rows: list[dict[str, str]]) -> dict[str, str]:
    """Each word the glossary rules out -> its concept."""
    return {word.strip().lower(): row["concept"] for row in rows
            for word in row["not in Spanish"].split(";") if word.strip() not in ("", "—")}


def synonyms(text: str, banned: dict[str, str]) -> list[str]:
    """The ruled-out words in ``text`` (whole words, any case)."""
    flat = " ".join(text.lower().split())
    return [word for word in banned if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", flat)]


def _translations(path: Path) -> list[tuple[str, str]]:
    """(msgid, Spanish) of a catalogue, the seeds' own sentences left out."""
    out = []
    for m in _read(path):
        if not m.id or (m.context or "").startswith("seed "):
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        msgid = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        out += [(msgid, s) for s in strings if s]
    return out


def test_both_catalogues_head_with_the_same_glossary():
    web, referee = (glossary(path) for path in CATALOGUES)
    assert web == referee
    concepts = {row["code word"]: row for row in web}
    assert concepts["dealer"]["Spanish"] == "repartidor"
    assert concepts["seat"]["Spanish"] == "asiento"
    assert concepts["showdown"]["Spanish"] == "enseñar las cartas"
    assert concepts["show"]["Spanish"] == "enseñar"
    assert concepts["card code (Js, Td)"]["Spanish"].startswith("J♠, 10♦")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.parent.name)
def test_no_spanish_translation_uses_a_word_the_glossary_rules_out(path):
    banned = ruled_out(glossary(path))
    assert set(banned) >= {"el que da", "crupier", "silla", "se ven las cartas", "cartas mostradas"}
    found = {msgid: synonyms(text, banned) for msgid, text in _translations(path) if synonyms(text, banned)}
    assert found == {}


def test_a_planted_synonym_is_found_and_a_seed_quote_is_not_held_to_the_glossary():
    banned = ruled_out(glossary(CATALOGUES[0]))
    assert synonyms("El crupier dio el bote a Íñigo", banned) == ["crupier"]
    assert synonyms("Lo que empujó El que da.", banned) == ["el que da"]
    assert synonyms("Se ven las cartas", banned) == ["se ven las cartas"]
    assert synonyms("el texto no muestra nada; se muestra una vez", banned) == []   # (display, not the act)
    quotes = [m.id for m in _read(CATALOGUES[1]) if (m.context or "").startswith("seed ")]
    assert any(synonyms(quote, banned) for quote in quotes)   # the seeds say "el que da", "mostrar"


# ------------------------------------------------------------------ each word, where people read it
def test_the_dealer_is_the_repartidor_in_the_referees_words_and_the_pages(app):
    from flask_babel import force_locale

    from web.core.i18n import who

    award = {"actor": "d", "seat": 3, "verb": "award", "amount": 22}
    assert messages.action_sentence(award, "es", {3: "Íñigo"}) == "El repartidor empuja 22 fichas a Íñigo"
    assert messages.action_sentence(award, "en", {3: "Íñigo"}) == "The dealer pushes 22 chips to Íñigo"
    misdeal = {"actor": "d", "seat": None, "verb": "misdeal"}
    assert messages.action_sentence(misdeal, "es") == "El repartidor anula el reparto"
    found = {"kind": "misdeal", "seat": None, "details": {"returned": {"1": 5}}}
    assert messages.sentence(found, "es").startswith("El repartidor declaró mal reparto")
    with app.test_request_context(), force_locale("es"):
        assert (who("dealer"), who("dealer:Mesa 1")) == ("el repartidor", "el repartidor (Mesa 1)")


def test_the_tablet_and_the_replay_name_the_showdown_alike(client, night):
    for lang, word in (("es", "Enseñar las cartas"), ("en", "Showdown")):
        html = client.get(f"{night['base']}/?lang={lang}").get_data(as_text=True)
        strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
        phases = strings["phase"]
        assert phases["showdown"] == word
        # every phase the tablet names is the replay's (the referee's), with a capital
        for phase in ("predeal", "predraw", "draw", "postdraw", "showdown", "complete"):
            said = messages.phase_name(phase, lang)
            assert phases[phase] == said[:1].upper() + said[1:]
    assert "Se ven las cartas" not in html


def test_cards_are_shown_with_ensenar_in_the_pages_words(app):
    from flask_babel import force_locale, gettext

    with app.test_request_context(), force_locale("es"):
        assert gettext("the hands are shown") == "se enseñan las cartas"
    show = {"actor": "p", "seat": 3, "verb": "show", "cards": ["Js", "Jh"]}
    assert messages.action_sentence(show, "es", faces=True) == "El asiento 3 enseña J\u2660 J\u2665"


def test_the_glossary_rules_out_the_old_words_for_the_money():
    for path in CATALOGUES:
        rows = {row["code word"]: row for row in glossary(path)}
        assert rows["buy_in"]["Spanish"].startswith("compra") and rows["rebuy"]["Spanish"].startswith("recompra")
        assert {"jugador abonado", "entrada", "entradas"} <= set(ruled_out(glossary(path)))


def test_no_translation_says_jugador_abonado_or_entradas_for_buy_ins():
    banned = {word: concept for word, concept in ruled_out(glossary(CATALOGUES[0])).items()
              if word in ("jugador abonado", "entrada", "entradas")}
    assert {msgid: synonyms(text, banned) for msgid, text in _translations(CATALOGUES[0])
            if synonyms(text, banned)} == {}


def test_the_close_names_the_player_who_is_paid_a_shortage_in_words(client, db):
    night = store.create_night(db, rules="jackpots", chip_cents=10, started_at=datetime(2026, 3, 1, 21, 0))
    for name, seat in (("Ana", 1), ("Bruno", 2)):
        seat_between_hands(db, night, name, seat, 100, entered_by="host:test")
    store.end_hand(db, store.start_hand(db, night, button=1, entered_by="host:test"), entered_by="host:test")
    for name, chips in (("Ana", 100), ("Bruno", 90)):   # ten chips short
        store.cash_out(db, night, store.find_player(db, name), chips, entered_by="host:test")
    login_host(client)
    page = client.get(f"/host/night/{night}/close?lang=es").get_data(as_text=True)
    assert "Jugador que cobra la diferencia" in page and "abonado" not in page


def test_a_late_players_first_buy_in_is_a_buy_in_on_the_phone_and_the_next_a_rebuy(client, db):
    night = store.create_night(db, rules="jackpots", chip_cents=10, started_at=datetime(2026, 3, 1, 21, 0))
    for name, seat in (("Ana", 1), ("Bruno", 2)):
        seat_between_hands(db, night, name, seat, 100, entered_by="host:test")
    store.end_hand(db, store.start_hand(db, night, button=1, entered_by="host:test"), entered_by="host:test")
    seat_between_hands(db, night, "Íñigo", 3, 100, entered_by="host:test")   # late: after hand 1
    inigo = store.find_player(db, "Íñigo")
    store.end_hand(db, store.start_hand(db, night, entered_by="host:test"), entered_by="host:test")
    store.buy_in(db, night, inigo, 50, entered_by="host:test")
    token = store.issue_token(db, inigo)
    html = client.get(f"/p/{token}?lang=es").get_data(as_text=True)
    lines = re.findall(r'data-kind="buy_in">([^<]*)</li>', html)
    assert lines == ["Compra antes de la mano 2: 100 fichas", "Recompra antes de la mano 3: 50 fichas"]
