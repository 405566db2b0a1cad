"""The import's refusals in Spanish agree in number (issue 15, tester 16 item 3): a session
file with a player's stack of -100 was refused with "Las fichas del jugador 1 debe ser un
número entero de fichas (0 o más)": the place ("Las fichas del jugador 1", plural) was
composed before a sentence whose verb was written once, singular ("debe"). Each place and
fault is now its own sentence (``web.core.refusals._chips_refusal``, ``_hand_field``).

Checked over the whole family: every ``session_invalid`` fault the store raises (read from
its source), at every place a chip amount can be refused, and the file's other refusals
(not JSON, PHH unreadable, another game, nested too deep): in each clause, the verb
(debe/deben, tiene/tienen, es/son, nombra/nombran, puede/pueden ...) agrees with the number of
the subject's article (el/la: singular; los/las: plural)."""

from __future__ import annotations

import ast
import re

import pytest
from babel.messages.pofile import read_po
from paths import ROOT

import store
from store.files.importer import load_session_text
from store.files.night_block import FAULTS
from web.core.forms import int_field
from web.core.refusals import RULES_UNPLAYABLE, said_refusal

STORE = ROOT / "store"

ARTICLES = {"el": "one", "la": "one", "los": "many", "las": "many"}
VERBS = {"debe": "one", "deben": "many", "tiene": "one", "tienen": "many", "es": "one", "son": "many",
         "nombra": "one", "nombran": "many", "puede": "one", "pueden": "many", "acaba": "one", "acaban": "many",
         "anida": "one", "anidan": "many", "falta": "one", "faltan": "many", "comparte": "one",
         "comparten": "many"}

CHIP_PLACES = ({"player": 1}, {"hand": 2, "field": "rebuys", "seat": "3"}, {"hand": 2, "field": "stacks", "seat": "3"},
               {"field": "cash_out", "seat": "3"})
"""Every place a session file's chip amount is refused (``store.files.importer._chip_count``'s)."""

WHERE = {"player": 1, "hand": 2, "seat": "3", "limit": 500, "max": 10**12, "expected": "tapete/1"}


def agreements(sentence: str) -> list[tuple[str, str, str]]:
    """``(article, verb, clause)`` for each clause (split at ``:``, ``;``, ``,`` and ``.``)
    where a verb of :data:`VERBS` follows an article of :data:`ARTICLES`: the clause's first
    article and the first such verb after it."""
    found = []
    for clause in re.split(r"[:;,.] ", sentence):
        article = None
        for word in re.findall(r"\w+", clause.lower()):
            if article is None and word in ARTICLES:
                article = word
            elif article is not None and word in VERBS:
                found.append((article, word, clause))
                break
    return found


def session_faults() -> set[str]:
    """The ``what`` of every ``StoreError("session_invalid", what=...)`` in store/."""
    faults = set()
    for path in STORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "StoreError"
                    and node.args and getattr(node.args[0], "value", None) == "session_invalid"):
                faults |= {k.value.value for k in node.keywords if k.arg == "what" and isinstance(k.value, ast.Constant)}
    return faults


def family() -> list[tuple[str, dict]]:
    """Code and params of every import refusal, each place of each fault."""
    out = [("session_invalid", {"what": "chips", "low": low, **place}) for place in CHIP_PLACES for low in (0, 1)]
    out += [("session_invalid", {"what": "too_many", "max": 10**12, **place}) for place in CHIP_PLACES]
    out += [("session_invalid", {"what": "rules_unplayable", "field": "big_blind", "small": 10, "blind": 5,
                                 "reason": reason, **WHERE}) for reason in RULES_UNPLAYABLE]
    out += [("session_invalid", {"what": "rules_too_large", "field": field, "max": 10**9})
            for field in ("ante", "small_blind", "big_bet")]
    out += [("session_invalid", {"what": "bought_too_many", "bought": 10**12 - 5, **WHERE})]
    for what in sorted(session_faults() - {"chips", "too_many", "rules_unplayable", "rules_too_large",
                                           "bought_too_many"}):
        for field in ("rebuys", "stacks", "timezone", None):
            out.append(("session_invalid", {"what": what, **WHERE, **({"field": field} if field else {})}))
    out += [("session_invalid", {"what": "night", "field": field, "reason": reason, "limit": 120})
            for field, reasons in FAULTS.items() for reason in reasons]
    out += [("file_not_json", {"line": 3}), ("phh_unreadable", {}), ("phh_invalid", {}),
            ("phh_variant", {"variant": "FB"}), ("phh_variant", {"variant": "XQ9"}), ("file_too_deep", {"limit": 32})]
    return out


def test_the_family_is_read_from_the_store():
    """The faults the store raises include the chip amounts, hand fields and seats (so the
    family below is the store's, not a list kept by hand)."""
    assert {"chips", "too_many", "hand_field", "hand_seat", "seat", "player", "night"} <= session_faults()


@pytest.mark.parametrize("code, params", family(), ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={v}" for k, v in sorted(v.items()) if k in ("what", "field", "low", "player",
                                                                                      "reason")))
@pytest.mark.slow
def test_every_import_refusal_agrees_in_spanish(app, code, params):
    with app.test_request_context("/?lang=es"):
        said = said_refusal(code, params)
    assert said is not None and "%(" not in said, (code, params, said)
    for article, verb, clause in agreements(said):
        assert ARTICLES[article] == VERBS[verb], f"«{clause}»: {article} … {verb}"
    if params.get("what") in ("chips", "too_many", "hand_field", "hand_seat") or "reason" in params:
        assert agreements(said), said  # the subject and its verb are there to agree


def test_the_testers_stack_of_minus_100_is_refused_with_deben(app):
    """The tester's file: a player whose stack is -100."""
    with pytest.raises(store.StoreError) as refused:
        load_session_text('{"players": [{"seat": 1, "name": "Ana", "stack": -100}, {"seat": 2, "name": "Bea"}]}',
                          "a.json")
    with app.test_request_context("/?lang=es"):
        said = said_refusal(refused.value.code, refused.value.params)
    assert said == "Las fichas del jugador 1 deben ser un número entero (0 o más)."


def test_the_check_finds_a_verb_that_does_not_agree():
    """The check itself can fail: the old sentence does not pass it."""
    old = "Las fichas del jugador 1 debe ser un número entero de fichas (0 o más)."
    assert [(a, v) for a, v, _clause in agreements(old)] == [("las", "debe")]
    assert ARTICLES["las"] != VERBS["debe"]


def test_each_fault_of_the_files_night_block_is_its_own_sentence(app):
    """The tester's find: every refusal of the file's "tapete" block said the same thing
    ("Los datos de la noche del archivo (“tapete”, campo “started_at”) no se pueden
    usar"). Each field and reason (``store.files.night_block.FAULTS``) is its own sentence, in
    both languages, naming the field's key and never the old words."""
    for lang, old in (("es", "no se pueden usar: corrígelos"), ("en", "cannot be used: correct them")):
        with app.test_request_context(f"/?lang={lang}"):
            said = {(field, reason): said_refusal("session_invalid", {"what": "night", "field": field,
                                                                      "reason": reason, "limit": 120})
                    for field, reasons in FAULTS.items() for reason in reasons}
        assert len(set(said.values())) == len(said), said
        for (field, _reason), sentence in said.items():
            assert old not in sentence and (f"“tapete.{field}”" if field else "“tapete”") in sentence, sentence


def test_a_field_label_is_never_a_sentences_subject():
    """Tester's find (issue 15, round 16): "Valor de la ficha, en centésimas de la moneda debe
    ser un número entero de al menos 1." used the field's label (a phrase with its own commas)
    as the subject of "debe", with no colon. Every message that starts with a field's label
    (``web.core.forms.field_label``: ``int_field``, ``check_text``, ``cents_field``, the rules form,
    the ``too_large`` refusal) puts a colon after it, in English and in Spanish."""
    root = STORE.parent / "translations"
    with open(root / "es" / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    labelled = [m for m in catalogue if isinstance(m.id, str) and m.id.startswith("%(field)s")]
    assert len(labelled) > 10
    bad = [(m.id, m.string) for m in labelled
           if not m.id.startswith("%(field)s:") or not m.string.startswith("%(field)s:")]
    assert not bad, bad


def test_the_testers_chip_value_refusal_reads_with_a_colon(app):
    with app.test_request_context("/?lang=es", method="POST", data={"chip_cents": "0"}):
        with pytest.raises(ValueError) as refused:
            int_field("chip_cents", low=1)
    assert str(refused.value) == ("Valor de la ficha, en centésimas de la moneda: debe ser un número entero de "
                                  "al menos 1.")
