"""A store refusal is a code and its params, and every sentence a person reads is in the
gettext catalogue (issue 23, "one word system"): no ``StoreError`` in ``store/`` or ``web/``
is raised with an English message (a sentence, an f-string, the referee's own words passed
on), and no module of ``store/`` or ``web/`` keeps a Spanish/English table or pair of
sentences of its own. Each scan is also run on planted violations, so it can fail.
(That every code has a sentence in both languages is ``test_refusal_words.py``'s.)"""

from __future__ import annotations

import pytest
from refusal_scan import (
    _planted,
    bilingual_tables,
    english_at_raise_sites,
    scanned_modules,
)


def test_no_refusal_in_store_or_web_is_raised_with_words():
    trees = scanned_modules()
    assert len([n for n in trees if n.startswith("store/")]) > 30  # (the scan sees the store)
    assert not english_at_raise_sites(trees)


def test_no_module_of_store_or_web_keeps_a_table_of_sentences():
    assert not bilingual_tables(scanned_modules())


@pytest.mark.parametrize("source", [
    'raise StoreError("the night is closed")',
    'raise StoreError(f"seat {seat} is taken", "seat_taken", seat=seat)',
    'raise StoreError("seat_taken", f"seat {seat}")',
    'raise StoreError(MESSAGE)',
    'raise StoreError(str(exc))',
    'raise StoreError("seat_taken", why="the seat is taken by someone")',
    'raise StoreError("seat_taken", why=f"seat {seat}")',
    'raise StoreError("seat_taken", why="seat " + str(seat))',
    'try:\n    f()\nexcept RulesError as exc:\n    raise StoreError("rules_invalid", reason=str(exc))',
    'try:\n    f()\nexcept (OSError, PHHError) as exc:\n    raise StoreError("phh_invalid", reason=str(exc))',
    'class Refused(StoreError):\n    pass\nraise Refused("no backup at this path")',
    'raise store.StoreError(_("No such player."))',
])
def test_the_raise_scan_catches_words(source):
    assert english_at_raise_sites(_planted(source))


@pytest.mark.parametrize("source", [
    'raise StoreError("seat_taken", seat=seat, name=row["name"])',
    'raise BackupError(exc.code, **exc.params)',
    'try:\n    f()\nexcept OSError as exc:\n    raise StoreError("file_unreadable", detail=str(exc))',
    'try:\n    f()\nexcept StoreError as exc:\n    pass\ntry:\n    g()\nexcept OSError as exc:\n'
    '    raise StoreError("file_unreadable", detail=str(exc))',
    'raise StoreError("pokernow_total_too_large", column="buy_out + stack", lines=[1, 2])',
    'raise StoreError("pokernow_too_big", limit=MAX_BYTES // 1024)',
])
def test_the_raise_scan_lets_codes_pass(source):
    assert not english_at_raise_sites(_planted(source))


@pytest.mark.parametrize("source", [
    'WORDS = {"es": "La noche está cerrada.", "en": "The night is closed."}',
    'WORDS = {"closed": ("La noche está cerrada.", "The night is closed.")}',
    'PHASES = {"draw": ("Cambio", "Draw")}',
    'WORDS = {"closed": "the night is closed", "open": "the night is not closed"}',
    'PAIR = ("la noche está cerrada", "the night is closed")',
])
def test_the_table_scan_catches_tables_of_sentences(source):
    assert bilingual_tables(_planted(source))


@pytest.mark.parametrize("source", [
    'SQL = {"seats": "SELECT name FROM players WHERE id = ?", "hands": "SELECT 1 FROM hands"}',
    'WORDS = {"closed": _("the night is closed"), "open": _l("the night is not closed")}',
    'KINDS = {"buy_in": "buy-in", "unseat": "leaving the table"}',
    'FAULTS = {"started_at": ("not_a_time", "range")}',
])
def test_the_table_scan_lets_code_and_catalogue_calls_pass(source):
    assert not bilingual_tables(_planted(source))
