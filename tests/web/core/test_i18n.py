"""The Spanish UI (issue 5): every string of the dealer, host and player pages has its
Spanish text, the compiled catalogue matches the .po, and the poker words are the seeds'."""

from __future__ import annotations

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from paths import ROOT

PO = ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")


def _catalog():
    with PO.open("rb") as f:
        return read_po(f, locale="es")


@pytest.mark.slow
def test_every_ui_string_has_a_spanish_translation():
    method_map = []
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        if line.startswith("[") and ":" in line:
            method, pattern = line.strip("[]").split(":", 1)
            method_map.append((pattern.strip(), method.strip()))
    keywords = {**DEFAULT_KEYWORDS, "_l": None}  # babel.cfg's header: -k _l (lazy labels)
    found = {msg[2] if isinstance(msg[2], str) else msg[2][0]
             for msg in extract_from_dir(str(ROOT), method_map, keywords=keywords)}
    assert len(found) > 100
    catalog = _catalog()
    missing = sorted(m for m in found if not (catalog.get(m) and catalog.get(m).string))
    assert missing == [], "run pybabel extract/update (babel.cfg) and translate: " + repr(missing[:5])


def test_the_compiled_catalogue_matches_the_po_file():
    def flat(value):  # plural entries: (singular, plural) ids and [one, many, other] texts
        return tuple(value) if isinstance(value, (list, tuple)) else value

    with MO.open("rb") as f:
        compiled = {flat(m.id): flat(m.string) for m in read_mo(f) if m.id}
    source = {flat(m.id): flat(m.string) for m in _catalog() if m.id and m.string and not m.fuzzy}
    assert compiled == source, "run: pybabel compile -d translations"


def test_poker_words_are_the_seeds_words():
    catalog = _catalog()
    words = {m.id: m.string for m in catalog if m.id}
    # the seeds' own words (web.core.i18n.SEED_WORDS, checked against the texts below): seed 000
    # "Paso", "Voy por tanto" (-> Voy), "¿Cuantas?" / "cuantas toma" (written ¿Cuántas? today),
    # "Servido"; seed 002 'veo'. Abro, Subo, Resto, Me retiro: the card room's usual words
    assert words["Check"] == "Paso"
    assert words["Open"] == "Abro"
    assert words["Bet"] == "Voy"
    assert words["Call"] == "Veo"
    assert words["Raise"] == "Subo"
    assert words["All in"] == "Resto"
    assert words["Fold"] == "Me retiro"
    assert words["How many?"] == "¿Cuántas?"
    assert words["Pat (0)"] == "Servido (0)"


def test_the_seed_words_cited_are_in_the_seed_texts_verbatim(shared):
    from web.core.i18n import SEED_WORDS

    for number, words in SEED_WORDS.items():
        (path,) = (shared / "seeds").glob(f"{number}_*.txt")
        text = path.read_text(encoding="utf-8")
        for word in words:
            assert word in text, f"{word!r} is not in seed {number}"
    # the page's Spanish words come from them
    words = {m.id: m.string for m in _catalog() if m.id}
    assert words["Check"] in SEED_WORDS["000"] and words["Bet"] in SEED_WORDS["000"][1]
    assert words["Pat (0)"].startswith(SEED_WORDS["000"][4])
    assert words["Call"].lower() in SEED_WORDS["002"]
    assert words["How many?"].replace("á", "a") == SEED_WORDS["000"][2]


def test_every_finding_kind_of_the_contract_has_a_label_in_both_languages(shared, app):
    import re

    from flask_babel import force_locale

    from referee.messages import LABELS
    from web.core.i18n import finding_label

    contract = (shared / "CONTRACT.md").read_text(encoding="utf-8")
    section = contract.split("## 5. Finding kinds")[1]
    kinds = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    assert len(kinds) >= 26 and kinds <= set(LABELS)
    with app.test_request_context():
        with force_locale("es"):
            spanish = {k: finding_label(k) for k in kinds}
        with force_locale("en"):
            english = {k: finding_label(k) for k in kinds}
    assert spanish["wrong_award"] == "bote mal repartido" and english["wrong_award"] == "wrong award"
    assert spanish["unjustified_opening"] == "apertura sin ley"
    assert english["unjustified_opening"] == "opening without openers"
    assert all(spanish[k] != english[k] and spanish[k] != k and "_" not in english[k] for k in kinds)


def test_chips_and_findings_follow_the_pages_language(app):
    from flask_babel import force_locale

    from web.core.i18n import chips, number_symbols, say_finding

    # the message says seat 7: the page's words come from the kind, seat and details
    finding = {"kind": "out_of_turn", "seat": 3, "action": 3, "details": {"due": 1, "verb": "open"},
               "message": "seat 3 opened while seat 7 was to act"}
    with app.test_request_context():
        with force_locale("es"):
            assert (chips(18000), chips(1234567), chips(-2500), chips(40, signed=True)) == \
                ("18.000", "1.234.567", "-2.500", "+40")
            said = say_finding(finding, {1: "Ana"})
            assert said["sentence"] == "El asiento 3 abrió cuando hablaba Ana."
            assert said["label"] == "fuera de turno" and said["number"] == 4
            assert said["rule_text"].startswith("Reglas de la TDA, regla 53")
            assert say_finding({"kind": "misdeal", "action": None, "details": {}})["number"] is None
            assert number_symbols()["group"] == "."
        with force_locale("en"):
            assert (chips(18000), chips(1800, signed=True)) == ("18,000", "+1,800")
            said = say_finding(finding)
            assert said["sentence"] == "Seat 3 opened while seat 1 was to act."
            assert said["rule_text"].startswith("TDA Poker Rules (2022), rule 53")
            assert number_symbols()["group"] == ","


def test_a_finding_on_a_page_cites_the_rule_of_its_reason(app):
    """Seed 001: "No son permitidos relances a los jugadores primero de un eventual relance
    del que hizo la ciega grande (o el que haya tomado el derecho)": a raise before the
    big blind's own cites that sentence, not the kind's short all-in rule books."""
    from flask_babel import force_locale

    from web.core.i18n import say_finding

    finding = {"kind": "not_reopened", "seat": 3, "action": 6,
               "details": {"recorded": 32, "facing": 16, "reason": "blind_first", "holder": 2}}
    quote = "«No son permitidos relances a los jugadores primero de un eventual relance"
    with app.test_request_context():
        for lang in ("es", "en"):
            with force_locale(lang):
                said = say_finding(finding)
            if lang == "es":
                assert said["rule_text"].startswith("«Reglamento y mecanismos del juego del poker clásico»: " + quote)
                assert quote in said["text"] and "TDA" not in said["text"]
            else:  # an English page says the sentence in English alone, the seed by its English title
                assert said["rule_text"].startswith("the rule text “Rules and workings of classic poker”: "
                                                    "“No player may raise before")
                assert quote not in said["text"] and "TDA" not in said["text"]


def test_a_loss_in_money_has_the_minus_sign_of_the_chip_figures(app):
    """A fresh tester's find: the night page showed "−60" chips beside "-3,00 €": money took
    Babel's hyphen-minus while signed chips take U+2212 (web.core.i18n.MINUS)."""
    from flask_babel import force_locale

    from web.core.i18n import MINUS, chips, money

    with app.test_request_context():
        with force_locale("es"):
            assert money(-300) == MINUS + "3,00\xa0€" and chips(-60, signed=True) == MINUS + "60"
            assert money(300) == "3,00\xa0€" and money(0) == "0,00\xa0€"
        with force_locale("en"):
            assert money(-1250, "USD") == MINUS + "$12.50"

