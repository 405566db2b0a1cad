"""The money CSV (``store.files.exporter.money_rows``) of a long night reads what is stored
(issue 25: "the CSV reads the stored summary"): a closed night's rows come from its close's
summary (``store.money.close_summary``), no hand's judgement read at all; an open night's
from the stored judgements confirmed by their facts (``store.hand.judging``), no action read
and no hand judged; the rows are the ones the log gives either way."""

from __future__ import annotations

import pytest
from samples import synthetic_session

import store
import store.core.memo
from store.files.exporter import money_rows
from store.hand import judging
from store.money import ledger


def _refuse(*_args, **_kwargs):
    raise AssertionError("read what the CSV should not need")


def _counted(db, night_id: int) -> None:
    """Everyone not counted yet counted at the referee's stack."""
    last = store.check_night(db, night_id)["hands"][-1]
    uncounted = set(store.bank_check(db, night_id)["uncounted"])
    for row in store.table_players(db, night_id):
        if row["name"] in uncounted:
            store.cash_out(db, night_id, row["player_id"], last["stacks"].get(str(row["seat"]), 0),
                           entered_by="host")


@pytest.fixture
def night(db):
    night_id = store.import_session(db, synthetic_session(hands=60, players=5, seed=7), chip_cents=5)
    _counted(db, night_id)
    return night_id


def test_a_closed_nights_csv_reads_its_close_summary_and_no_hand(db, night, monkeypatch):
    balanced = store.bank_check(db, night)["balanced"]
    store.close_night(db, night, entered_by="host", resolution=None if balanced else "split")
    expected = money_rows(db, night)
    assert all(r[6] is not None for r in expected)  # (the nets in money)
    store.core.memo.forget(db)
    monkeypatch.setattr(judging, "entry_texts", _refuse)
    monkeypatch.setattr(judging, "_actions", _refuse)
    monkeypatch.setattr(ledger, "money_summary", _refuse)  # (worked out from the log)
    assert money_rows(db, night) == expected


def test_an_open_nights_csv_judges_no_hand_and_reads_no_action(db, night, monkeypatch):
    expected = money_rows(db, night)
    monkeypatch.setattr(judging, "_actions", _refuse)
    monkeypatch.setattr(judging, "play_hand", _refuse)
    store.core.memo.forget(db)  # (a fresh read: nothing kept from the first)
    assert money_rows(db, night) == expected
