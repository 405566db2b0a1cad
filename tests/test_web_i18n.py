"""The Spanish UI (issue 5): every string of the dealer, host and player pages has its
Spanish text, the compiled catalogue matches the .po, and the poker words are the seeds'."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")


def _catalog():
    with PO.open("rb") as f:
        return read_po(f, locale="es")


def test_every_ui_string_has_a_spanish_translation():
    method_map = []
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        if line.startswith("[") and ":" in line:
            method, pattern = line.strip("[]").split(":", 1)
            method_map.append((pattern.strip(), method.strip()))
    found = {msg[2] if isinstance(msg[2], str) else msg[2][0]
             for msg in extract_from_dir(str(ROOT), method_map)}
    assert len(found) > 100
    catalog = _catalog()
    missing = sorted(m for m in found if not (catalog.get(m) and catalog.get(m).string))
    assert missing == [], "run pybabel extract/update (babel.cfg) and translate: " + repr(missing[:5])


def test_the_compiled_catalogue_matches_the_po_file():
    with MO.open("rb") as f:
        compiled = {m.id: m.string for m in read_mo(f) if m.id}
    source = {m.id: m.string for m in _catalog() if m.id and m.string and not m.fuzzy}
    assert compiled == source, "run: pybabel compile -d translations"


def test_poker_words_are_the_seeds_words():
    catalog = _catalog()
    words = {m.id: m.string for m in catalog if m.id}
    # seed 000: "Paso", "Servido", "¿Cuántas?", "Voy por tanto", resto; seed 002: "veo", "subir"
    assert words["Check"] == "Paso"
    assert words["Open"] == "Abro"
    assert words["Bet"] == "Voy"
    assert words["Call"] == "Veo"
    assert words["Raise"] == "Subo"
    assert words["All in"] == "Resto"
    assert words["Fold"] == "Me retiro"
    assert words["How many?"] == "¿Cuántas?"
    assert words["Pat (0)"] == "Servido (0)"
