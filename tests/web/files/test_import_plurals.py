"""Counts in the PokerNow and import messages agree with their number (ngettext), in
Spanish as in English: a tester saw "faltan las columnas net" for one column and "2
jugadores, 1 manos" after an import."""

from __future__ import annotations

import io
import json

import pytest
from hosts import login_host

from store.core.checks import StoreError
from store.files import pokernow
from web.core.refusals import refusal_text

HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,nit_escrow,net"
ROW = "Ana,a,2026-03-14T20:00:00Z,,1000,,1000,0,0"


def _said(app, text: str, lang: str) -> str:
    with app.test_request_context(f"/?lang={lang}"):
        with pytest.raises(StoreError) as refused:
            pokernow.read_ledger(text, "cents")
        return refusal_text(refused.value)


@pytest.mark.parametrize("text, lang, said", [
    (HEADER.replace(",net", "") + "\n" + ROW[:-2], "es", "falta la columna net."),
    (HEADER.replace(",net", "").replace(",stack", "") + "\n" + ROW, "es", "faltan las columnas stack, net."),
    (HEADER.replace(",net", "") + "\n" + ROW[:-2], "en", "the column net is missing."),
    (HEADER.replace(",net", "").replace(",stack", "") + "\n" + ROW, "en", "the columns stack, net are missing."),
    (HEADER + ",net\n" + ROW + ",0", "es", "La columna net aparece dos veces"),
    (HEADER + "\nAna", "es", "La línea 2 tiene 1 celda y la cabecera 9."),
    (HEADER + "\nAna,a", "es", "La línea 2 tiene 2 celdas y la cabecera 9."),
    (HEADER + "\nAna", "en", "Line 2 has 1 cell where the header has 9."),
])
def test_a_count_of_one_is_said_in_the_singular(app, text, lang, said):
    assert said in _said(app, text, lang)


def test_a_players_one_row_past_the_limit_is_one_line(app):
    big = 600_000_000_000
    text = "\n".join([HEADER, f"Bo,b,2026-03-14T20:00:00Z,2026-03-14T23:00:00Z,{big},{big},{big},0,{big}",
                      f"Cy,c,2026-03-14T20:00:00Z,,{big},,0,0,-{big}"])
    said = _said(app, text, "es")
    assert "La fila de Bo (línea 2) suma más de 1000000000000" in said


@pytest.mark.parametrize("case, said", [
    ("pocker_repoker.json", "Noche importada: 2 jugadores, 1 mano."),
    ("clean_jackpot_hand.json", "Noche importada: 3 jugadores, 1 mano."),
])
def test_the_import_says_one_hand_in_the_singular(client, shared, case, said):
    login_host(client)
    body = (shared / "cases" / case).read_bytes()
    answer = client.post("/host/import?lang=es", content_type="multipart/form-data", data={
        "chip_cents": "10", "chips_per": "1", "currency": "EUR", "timezone": "Europe/Madrid",
        "file": (io.BytesIO(body), case)})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:300]
    with client.session_transaction() as session:
        assert ("ok", said) in session.get("_flashes", [])
    assert json.loads(body)["hands"]
