"""The chain check's words (issue 23, "one word system"): ``store.core.chain.verify`` returns a
problem as a code and params (the row as facts, ``store.core.chain_rows.facts``), never a
sentence, and ``web.core.chain_words`` says every code and every chained table's row from the
web's catalogue, in English and in Spanish."""

from __future__ import annotations

import sqlite3

import pytest
from chain_said import problem_said
from dispute_cases import case
from flask_babel import force_locale
from refusal_scan import sentence
from tablets import night_with_first_hand

import store
import store.core.chain
import store.core.chain_rows
from store.money import expenses, payments
from web.core import chain_words

ROW = {"table": "ledger", "row_id": 4, "facts": {"kind": "buy_in", "player_id": 1, "player": "Ana", "chips": 500,
                                                 "target": None, "reason": None, "detail": None}}

PARAMS = {
    "link_missing": (5, None, None, {"next": 6}),
    "link_table_unchained": (3, "players", 1, {}),
    "link_row_gone": (3, "ledger", 1, {"now_night": 2}),
    "link_mismatch": (3, "ledger", 4, {"row": ROW}),
    "head_missing": (9, None, None, {}),
    "no_chain": (None, "nights", 1, {}),
    "head_ahead": (9, "ledger", 4, {"ends": 8, "recorded": 9, "sealed": True}),
    "link_after_head": (9, "ledger", 4, {"row": ROW, "recorded": 8}),
    "head_rewritten": (9, None, None, {}),
    "row_unlinked": (None, "ledger", 4, {"row": ROW}),
    "row_stray": (None, "ledger", 4, {"row": ROW, "points_at": "hand", "night": 2}),
    "row_orphan": (None, "ledger", 4, {"row": ROW, "night": 99}),
    "night_pending": (None, "nights", 1, {}),
    "money_pending": (None, None, None, {}),
    "result_changed": (None, "hand_results", 7, {"hand": 1}),
    "summary_changed": (None, "close_summaries", 9, {"close": 9}),
    "printed_head_unknown": (None, None, None, {"head": "ab" * 32, "night": 1, "links": 9}),
}
"""A problem of each code, as ``verify`` returns it: ``(link, table, row id, params)``."""


def _problem(code: str) -> dict:
    link, table, row_id, params = PARAMS[code]
    return {"link": link, "table": table, "row_id": row_id, "code": code, "params": params}


def test_every_problem_code_of_the_store_has_words_here():
    assert set(chain_words.PROBLEMS) == set(store.core.chain.PROBLEMS) == set(PARAMS)


@pytest.mark.parametrize("code", store.core.chain.PROBLEMS)
def test_every_problem_is_said_in_english_and_in_spanish(app, code):
    english, spanish = problem_said(app, _problem(code)), problem_said(app, _problem(code), "es")
    assert english and spanish and english != spanish
    assert code not in english and code not in spanish and "%(" not in english + spanish
    with app.app_context(), force_locale("es"):
        place = chain_words.problem_place(_problem(code))
    assert "link" not in place and "chain" not in place


def _words(app, db, night: int, language: str) -> dict[tuple[str, int], str]:
    """Every row of the night's chain and of the club's, in words."""
    with app.app_context(), force_locale(language):
        return {(table, row_id): chain_words.row_text(store.core.chain_rows.facts(db, table, row_id))
                for scope in (night, store.core.chain_rows.CLUB)
                for table in store.core.chain_rows.scope_tables(db, scope)
                for row_id in store.core.chain_rows.night_rows(db, table, scope)}


def test_every_chained_row_is_said_in_both_languages(app, db, shared):
    """A night with a row of every chained table (a void of the log and of the ledger, a
    dispute and its ruling, a close; paying up: an expense with its shares and its void,
    a mark and its void, a payment handle in the club's chain): each row said in English
    as the command line always said it, and in Spanish in the glossary's words."""
    night, ids = night_with_first_hand(db, case(shared, "false_opener")[0])
    hand = store.night_hands(db, night)[0]["id"]
    store.undo_last(db, hand, reason="wrong tap", entered_by="dealer")
    store.end_hand(db, hand, entered_by="dealer")
    extra = store.buy_in(db, night, ids["Ana"], 50, entered_by="host")
    store.void_entry(db, extra, reason="typo", entered_by="host")
    dispute = store.open_dispute(db, hand, ids["Chus"], "Bruno opened with tens")
    store.record_ruling(db, dispute, decision="rejected", rule="RRoP 11", entered_by="host")
    for name, chips in (("Ana", 495), ("Bruno", 540), ("Chus", 465)):
        store.cash_out(db, night, ids[name], chips, entered_by="host")
    store.close_night(db, night, entered_by="host")
    pizza = expenses.add_expense(db, night, ids["Ana"], 1200, "pizza", [ids["Ana"], ids["Chus"]], entered_by="host")
    expenses.void_expense(db, night, pizza, reason="typo", entered_by="host")
    t = payments.night_transfers(db, night)[0]
    payments.mark_paid(db, night, t["payer_id"], t["payee_id"], entered_by="host")
    payments.void_mark(db, night, t["payer_id"], t["payee_id"], reason="typo", entered_by="host")
    handle = payments.set_payment_handle(db, ids["Bruno"], "https://paypal.me/bruno", entered_by="host")
    english, spanish = _words(app, db, night, "en"), _words(app, db, night, "es")
    seat = db.execute("SELECT id FROM seats WHERE player_id = ?", [ids["Bruno"]]).fetchone()[0]
    void = db.execute("SELECT id FROM ledger WHERE kind = 'void'").fetchone()[0]
    assert english["seats", seat] == f"seat 3: Bruno (player {ids['Bruno']})"
    assert spanish["seats", seat] == f"asiento 3: Bruno (jugador {ids['Bruno']})"
    assert english["ledger", void] == f"ledger entry {void}, void of Ana (voids entry {extra}) (typo)"
    assert spanish["ledger", void] == f"anotación {void} de las cuentas, anulación de Ana (anula la anotación {extra}) " \
                                      "(typo)"
    assert english["disputes", dispute] == f"dispute {dispute} by Chus on hand 1: 'Bruno opened with tens'"
    assert spanish["disputes", dispute] == f"reclamación {dispute} de Chus sobre la mano 1: 'Bruno opened with tens'"
    share = db.execute("SELECT id FROM expense_shares WHERE player_id = ?", [ids["Chus"]]).fetchone()[0]
    mark, void_mark = [r[0] for r in db.execute("SELECT id FROM transfer_marks ORDER BY id")]
    payer, payee = store.get_player(db, t["payer_id"])["name"], store.get_player(db, t["payee_id"])["name"]
    cents = t["cents"]
    assert english["expenses", pizza] == f"shared expense {pizza}: 'pizza', 1200 cents paid by Ana"
    assert spanish["expenses", pizza] == f"gasto compartido {pizza}: 'pizza', 1200 céntimos que pagó Ana"
    assert english["expense_shares", share] == f"share {share} of shared expense {pizza}: Chus, 600 cents"
    assert spanish["expense_shares", share] == f"parte {share} del gasto compartido {pizza}: Chus, 600 céntimos"
    void = db.execute("SELECT id FROM expense_voids").fetchone()[0]
    assert english["expense_voids", void] == f"void {void} of shared expense {pizza} ('typo')"
    assert english["transfer_marks", mark] == \
        f"transfer mark {mark}, {payer} pays {payee} {cents} cents (poker): marked paid"
    assert spanish["transfer_marks", void_mark] == \
        f"marca {void_mark} del pago, {payer} paga a {payee} {cents} céntimos (póquer): retira la marca {mark} ('typo')"
    assert english["payment_handles", handle] == f"payment handle {handle} of Bruno: 'https://paypal.me/bruno'"
    assert spanish["payment_handles", handle] == f"datos de pago {handle} de Bruno: 'https://paypal.me/bruno'"
    assert {table for table, _ in english} == set(store.core.chain_rows.CHAINED)
    for key, text in spanish.items():
        assert text != english[key] and text != f"{key[0]} row {key[1]}", key
        for word in ("hand ", "seat ", "ledger entry", "player ", "dispute ", "ruling ", " chips", "entry ",
                     "buy-in", "cash-out", "started", " cents", "expense", "share ", "mark ", "pays ", "handle"):
            assert word not in text.replace("Bruno opened with tens", "").replace("pizza", ""), (key, text)


def test_a_problem_holds_a_code_and_data_never_a_sentence(app, db, shared):
    night, _ = night_with_first_hand(db, case(shared, "false_opener")[0])
    conn = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    for (trigger,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger'"
                                   ).fetchall():
        conn.execute(f"DROP TRIGGER {trigger}")
    conn.execute("UPDATE ledger SET chips = 900 WHERE id = (SELECT MIN(id) FROM ledger)")
    conn.close()
    problem = store.core.chain.verify(db, night)["problem"]
    assert set(problem) == {"link", "table", "row_id", "code", "params"}
    assert problem["code"] == "link_mismatch" and problem["table"] == "ledger"
    assert problem["params"]["row"]["facts"]["chips"] == 900 and problem["params"]["row"]["facts"]["kind"] == "buy_in"

    def texts(value):
        if isinstance(value, dict):
            return [t for v in value.values() for t in texts(v)]
        return [value] if isinstance(value, str) else []

    assert texts(problem) and not [t for t in texts(problem) if sentence(t)]
    assert "buy-in of Ana: 900 chips" in problem_said(app, problem)
    assert "compra de Ana: 900 fichas" in problem_said(app, problem, "es")


def test_a_row_too_damaged_to_read_is_named_by_its_table_and_id(app, db, shared):
    night, _ = night_with_first_hand(db, case(shared, "false_opener")[0])
    row = db.execute("SELECT MIN(id) FROM events").fetchone()[0]
    content = store.core.chain_rows.night_rows(db, "events", night)[row]
    damaged = store.core.chain_rows.facts(db, "events", row, {**content, "seq": "not a number"})
    gone = store.core.chain_rows.facts(db, "events", 10 ** 6)
    assert damaged == {"table": "events", "row_id": row, "facts": None}
    assert gone == {"table": "events", "row_id": 10 ** 6, "facts": None}
    with app.app_context(), force_locale("en"):
        assert chain_words.row_text(damaged) == f"events row {row}"
    with app.app_context(), force_locale("es"):
        assert chain_words.row_text(gone) == f"events, fila {10 ** 6}"
