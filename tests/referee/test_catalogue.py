"""The referee's catalogue (``referee.words``, domain ``referee``): every message the
referee says has its Spanish, every seed's sentence its English rendering, the compiled
``.mo`` files are those of the ``.po`` files, and ``pybabel extract`` finds nothing new.

These replace the tests that kept the (Spanish, English) tables of ``referee.phrases`` and
``referee.citations`` in step: the tables hold msgids now, the words are in the catalogue.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.mofile import read_mo
from referee_catalogue import SEEDS_CONTEXT, catalogue, extracted, po_path

from referee import words

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _key(message) -> tuple:
    return (message.context, tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id)


def _filled(string) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def _is_seed(message) -> bool:
    return (message.context or "").startswith(SEEDS_CONTEXT)


@pytest.mark.slow
def test_pybabel_extract_finds_no_message_the_catalogues_lack():
    found = extracted()
    assert len(found) > 300
    for lang in ("es", "en"):
        known = {_key(m) for m in catalogue(lang) if m.id}
        assert found - known == set(), f"run pybabel extract/update (referee/babel.cfg), {lang}"
        assert known - found == set(), f"obsolete messages in the {lang} catalogue"


def test_every_message_of_the_referee_has_its_spanish():
    spanish = [m for m in catalogue("es") if m.id and not _is_seed(m)]
    assert len(spanish) > 250
    missing = [m.id for m in spanish if not _filled(m.string) or m.fuzzy]
    assert missing == [], "translate in referee/locale/es/LC_MESSAGES/referee.po: " + repr(missing[:5])


def test_every_seed_sentence_is_spanish_already_and_has_an_english_rendering():
    """A seed's sentence is its own Spanish (the msgid): the Spanish catalogue leaves it as
    it is, the English one renders it."""
    seeds = [m for m in catalogue("en") if m.id and _is_seed(m)]
    assert len(seeds) >= 40
    assert [m.id for m in seeds if not m.string or m.string == m.id] == []
    assert [m.id for m in catalogue("es") if _is_seed(m) and m.string not in ("", m.id)] == []
    # the English catalogue renders nothing else: the referee's msgids are English
    assert [m.id for m in catalogue("en") if m.id and not _is_seed(m) and _filled(m.string)] == []


def test_a_translation_names_the_values_its_msgid_names():
    for lang in ("es", "en"):
        for m in catalogue(lang):
            if not m.id or not _filled(m.string):
                continue
            ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
            strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            wanted = set(PLACEHOLDER.findall(ids[-1]))
            for string in strings:
                assert set(PLACEHOLDER.findall(string)) == wanted, (lang, m.id, string)


def test_the_compiled_catalogues_match_the_po_files():
    def flat(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value

    # (pybabel compile writes an untranslated plural as its msgids: the same as no entry,
    # like a translation that is its msgid, Spanish "error")
    for lang in ("es", "en"):
        with po_path(lang).with_suffix(".mo").open("rb") as f:
            compiled = {(m.context, flat(m.id)): flat(m.string) for m in read_mo(f)
                        if m.id and flat(m.string) != flat(m.id)}
        source = {(m.context, flat(m.id)): flat(m.string) for m in catalogue(lang)
                  if m.id and _filled(m.string) and not m.fuzzy and flat(m.string) != flat(m.id)}
        assert len(source) > 50
        assert compiled == source, "run: pybabel compile -D referee -d referee/locale"


def test_the_referee_reads_its_catalogue_without_flask():
    """The referee loads its own domain with the standard library's gettext: no Flask,
    no request, no Babel at run time."""
    import subprocess
    import sys

    code = ("import sys, referee; from referee import messages; "
            "print(messages.label('misdeal', 'es')); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'flask_babel', 'babel')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(po_path("es").parents[4])).stdout.splitlines()
    assert out == ["reparto nulo", "[]"]
    assert words.catalogue("es") is words.catalogue("es")   # read once


SPANISH = re.compile(r"[áéíóúñ¿¡]|\b(?:el|la|los|las|del|que|y|se|por|una|con|sin|fichas|asiento|cartas)\b", re.I)
"""Signs of Spanish words in a string: its letters, or its commonest small words (a sign,
not a proof: "reparto nulo" alone would pass; a table of the old kind never would)."""


def _spanish_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal of ``source`` that looks Spanish, docstrings and
    a seed's own words (``quoted(...)``, ``Np_("seed ...", ...)``) left out."""
    import ast

    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):   # docstrings, and the strings under a name (its docs)
            skipped |= {id(st.value) for st in body if isinstance(st, ast.Expr)
                        and isinstance(st.value, ast.Constant) and isinstance(st.value.value, str)}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            first = node.args[0]
            seed = isinstance(first, ast.Constant) and str(first.value).startswith(SEEDS_CONTEXT)
            if node.func.id == "quoted" or node.func.id == "Np_" and seed:
                skipped |= {id(arg) for arg in node.args}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skipped and SPANISH.search(node.value)]


def test_the_referees_code_holds_no_spanish_but_the_seeds_own_words():
    """The referee's Spanish is in its catalogue: no (Spanish, English) table in its code
    (the old ``phrases.py``, ``citations.py``, ``check.TEXT_WORDS``, ``rank.CATEGORIES_ES``
    held some); what Spanish the code holds is a seed's own sentence or title."""
    from referee_catalogue import REFEREE

    found = {path.name: _spanish_literals(path.read_text(encoding="utf-8"))
             for path in sorted(REFEREE.glob("*.py"))}
    assert {name: hits[:3] for name, hits in found.items() if hits} == {}
    # it can fail: a table of the old kind is found
    assert _spanish_literals('LABELS = {"openers_not_shown": ("apertura sin enseñar", "openers not shown")}') == [
        (1, "apertura sin enseñar")]
    assert _spanish_literals('q = quoted("seed 000", "No está permitido hablar")') == []


def test_a_change_of_words_makes_the_stored_rulings_stale():
    """A stored finding's ``rule`` is the English catalogue's words: the fingerprint that
    keys each stored judgement (``store.hand.judging``) covers the compiled catalogues as well
    as the referee's source, so new words judge the stored hands again."""
    from referee_catalogue import REFEREE

    from store.hand import judging

    read = [path.relative_to(REFEREE).as_posix() for path in judging.referee_files()]
    assert {"words.py", "citations.py", "locale/es/LC_MESSAGES/referee.mo",
            "locale/en/LC_MESSAGES/referee.mo"} <= set(read)
