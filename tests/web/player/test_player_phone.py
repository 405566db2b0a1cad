"""The player's phone page (issue 14): the current stack during a live night, each hand's
result in words (won or lost, how much, against whom), nights titled distinctly, a chart
with labelled axes, every ledger line in words, and whom to pay / who pays once closed."""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime

import pytest
from showcase_night import LONG_NAME, build_showcase_night, referee_stacks
from tablets import night_with_first_hand

import store


def _page(client, token: str, lang: str = "es") -> str:
    response = client.get(f"/p/{token}?lang={lang}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _result(html: str, number: int) -> str:
    """The text of hand ``number``'s result line."""
    found = re.search(rf'data-hand="{number}".*?<span class="hand-result[^"]*"[^>]*>([^<]*)</span>', html, re.S)
    assert found, f"no result for hand {number}"
    return found.group(1)


def test_live_night_shows_each_players_chips_on_the_table(client, db):
    """Issue 24, "One figure for the chips on the table": the phone shows what the player
    physically holds (the referee's ``chips_on_table``): hand 2's pot was pushed to Íñigo,
    the rules give it to María, so their figures are not the referee's stacks."""
    world = build_showcase_night(db)
    stacks = referee_stacks(db, world)   # the last hand's stacks, as the referee judged them
    held = {int(s): c for s, c in store.check_night(db, world.night)["hands"][-1]["chips_on_table"].items()}
    assert held[4] != stacks[4]           # (María's figure differs: the test tells the two apart)
    for name, seat in (("Ana", 1), ("Chus", 5), (LONG_NAME, 4)):
        html = _page(client, world.tokens[name])
        found = re.search(rf'class="stack-now" id="stack-{world.night}" data-stack="(\d+)"', html)
        assert found and int(found.group(1)) == held[seat]
        assert "Noche en juego" in html and "Tus fichas en la mesa" in html


def test_a_rebuy_shows_in_the_stack_at_once_and_a_hand_in_play_takes_its_bets(client, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, ids = night_with_first_hand(db, case)   # Ana antes 5 and folds: 495 left
    token = store.issue_token(db, ids["Ana"])
    store.buy_in(db, night_id, ids["Ana"], 100, entered_by="test")
    assert re.search(r'data-stack="595"', _page(client, token))   # 495 + the rebuy, before any hand
    hand_id = store.start_hand(db, night_id, entered_by="test")
    store.append_action(db, hand_id, "p1 ante 5", entered_by="test", key="ante-ana")
    assert re.search(r'data-stack="590"', _page(client, token))   # the ante is in the pot


def test_hand_results_say_won_or_lost_how_much_and_against_whom(client, db):
    """Hand 2 of the world: the pot carried from hand 1 (5) and the antes (5), Íñigo opens 2
    with a pair of tens, María calls; after the draw Íñigo bets 4, María calls: a pot of 22.
    Íñigo had no openers, so the referee gives the pot to María (the dealer pushed it to
    Íñigo): María +22 - 7 = +15; Íñigo -7; the others lose their ante of 1."""
    world = build_showcase_night(db)
    maria = _page(client, world.tokens[LONG_NAME])
    assert _result(maria, 2) == "Mano 2: ganaste 15 fichas a Ana, Bruno, Íñigo y Chus"
    inigo = _page(client, world.tokens["Íñigo"])
    assert _result(inigo, 2) == f"Mano 2: perdiste 7 fichas; se llevó el bote {LONG_NAME}"
    assert "El repartidor dio el bote a Íñigo" in inigo
    # hand 1 was passed out: everyone's ante stays in the carried pot
    assert _result(inigo, 1) == "Mano 1: nadie abrió; pusiste 1 ficha en el bote que pasa a la mano siguiente (5)"
    english = _page(client, world.tokens[LONG_NAME], "en")
    assert _result(english, 2) == "Hand 2: you won 15 chips from Ana, Bruno, Íñigo, and Chus"


def test_hand_results_add_up_to_the_referees_stacks(client, db):
    world = build_showcase_night(db)
    stacks = referee_stacks(db, world)
    for name, seat, bought in (("Ana", 1, 100), ("Chus", 5, 60), ("Bruno", 2, 100)):
        html = _page(client, world.tokens[name])
        changes = [int(c) for c in re.findall(r'class="hand-result[^"]*"[^>]*data-change="(-?\d+)"', html)]
        assert len(changes) == 4 and bought + sum(changes) == stacks[seat]


def test_three_nights_on_the_same_date_with_the_same_title_read_differently(client, db):
    ids = {}
    for _ in range(3):
        night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=10, title="Jueves",
                                      started_at=datetime(2026, 3, 12, 21, 0))
        for name, seat in (("Ana", 1), ("Bruno", 3)):
            ids[name] = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night_id, ids[name], seat, entered_by="test")
            store.buy_in(db, night_id, ids[name], 100, entered_by="test")
    html = _page(client, store.issue_token(db, ids["Ana"]))
    titles = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", t)).strip()
              for t in re.findall(r'<h2 class="night-title">(.*?)</h2>', html, re.S)]
    assert len(titles) == 3 and len(set(titles)) == 3
    assert all("jue 12 mar 2026, 21:00" in t and "Jueves" in t and "Mesa: Ana y Bruno" in t for t in titles)


def test_the_running_total_chart_has_labelled_axes_and_a_title(client, db):
    ids = {}
    for day, counted in ((5, 150), (12, 80)):
        night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=10,
                                      started_at=datetime(2026, 3, day, 21, 0))
        for name, seat, cnt in (("Ana", 1, counted), ("Bruno", 3, 200 - counted)):
            ids[name] = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night_id, ids[name], seat, entered_by="test")
            store.buy_in(db, night_id, ids[name], 100, entered_by="test")
            store.cash_out(db, night_id, ids[name], cnt, entered_by="test")
        store.close_night(db, night_id, entered_by="test")
    html = _page(client, store.issue_token(db, ids["Ana"]))
    svg = re.search(r'<svg class="chart" data-currency="EUR".*?</svg>', html, re.S).group(0)
    assert 'aria-label="Total acumulado tras cada noche (EUR)"' in svg
    assert "<title>Total acumulado tras cada noche (EUR)</title>" in svg
    assert re.search(r'class="x-label"[^>]*>Noche \(fecha\)</text>', svg)
    assert re.search(r'class="y-label"[^>]*>Total acumulado \(EUR\)</text>', svg)
    assert re.findall(r'class="x-tick"[^>]*>([^<]*)</text>', svg) == ["5 mar", "12 mar"]
    # +50 chips then -20 chips at 10 cents: 5,00 € then 3,00 €, on ticks written as money
    assert re.findall(r"<circle[^>]*><title>([^<]*)</title>", svg) == ["5 mar: 5,00\xa0€", "12 mar: 3,00\xa0€"]
    assert "0,00\xa0€" in re.findall(r'class="y-tick"[^>]*>([^<]*)</text>', svg)


def test_every_ledger_line_is_said_in_words(client, db):
    world = build_showcase_night(db)
    world.close(db)   # Bruno recounted; the carried pot (5) given back to those who put it in
    lines = {}
    for name in ("Bruno", "Chus"):
        html = _page(client, world.tokens[name])
        lines[name] = re.findall(r'<li class="[^"]*" data-entry="\d+" data-kind="\w+">([^<]*)</li>', html)
    assert lines["Chus"][:2] == ["Compra: 10 fichas", "Recompra antes de la mano 4: 50 fichas"]
    assert any(re.fullmatch(r"Contó al final: \d+ fichas · anulada \(sustituida por un recuento\)", line)
               for line in lines["Bruno"])
    assert "Bote que pasa devuelto: +1 ficha" in lines["Bruno"]
    assert not any(re.search(r"(ajuste|adjustment): -?\d", line, re.I) for ls in lines.values() for line in ls)


@pytest.mark.slow
def test_a_closed_night_says_whom_to_pay_and_who_pays(client, db):
    """Each player's settling-up section names the other side of each of their transfers of
    the close's settlement, with the amount (the plain list until ``web.money.payments``' partial
    takes its place, and the partial after)."""
    world = build_showcase_night(db)
    summary = world.close(db)
    assert summary["transfers"]
    for name, pid in world.ids.items():
        html = _page(client, world.tokens[name], "en")
        section = re.search(r'<section class="settle".*?</section>', html, re.S).group(0)
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))
        mine = [t for t in summary["transfers"] if pid in (t["payer_id"], t["payee_id"])]
        for t in mine:
            other = t["payee"] if t["payer_id"] == pid else t["payer"]
            amount = f"€{t['cents'] // 100}.{t['cents'] % 100:02d}"
            assert other in text and amount in text, (name, t, text)
        if "data-direction" in section:   # the plain list: who pays whom said outright
            pays = [t for t in mine if t["payer_id"] == pid]
            assert len(re.findall(r'data-direction="pay"', section)) == len(pays)
            assert all(f"You pay {t['payee']} €" in text for t in pays)
        if not mine and "web.money.payments" not in sys.modules:
            assert "You neither pay nor receive anything" in text
