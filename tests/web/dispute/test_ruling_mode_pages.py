"""The host's dispute page asks how an upheld ruling is settled (issue 24), and the night
page shows one figure for the chips on the table.

The night is the issue's (``tests/support/ruling_night.py``): hand 4's pot of 17 pushed to
Pepe, the rules give it to Chema; nobody has counted yet.
"""

from __future__ import annotations

import html as html_text
import re

from dispute_helpers import _commit, _preview, read_form
from hosts import login_host
from ruling_night import CHEMA, PEPE, POT, rules_nets, session

import store


def _night(db):
    night_id = store.import_session(db, session(), chip_cents=10)
    for entry in store.night_entries(db, night_id):   # (an import counts everyone: they play on)
        if entry["kind"] == "cash_out":
            store.void_entry(db, entry["id"], reason="aún juegan", entered_by="host")
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    hand4 = store.night_hands(db, night_id)[3]
    dispute = store.open_dispute(db, hand4["id"], ids["Chema"], "El bote era mío")
    return night_id, ids, dispute


def _text(page: str) -> str:
    return " ".join(html_text.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _held(db, night_id) -> dict[int, int]:
    return {int(s): c for s, c in store.check_night(db, night_id)["hands"][-1]["chips_on_table"].items()}


def test_the_form_defaults_to_the_table_and_the_ruling_writes_the_move(app, client, db):
    night_id, ids, dispute = _night(db)
    login_host(client)
    page = client.get(f"/host/dispute/{dispute}?lang=es").get_data(as_text=True)
    assert read_form(page, "ruling-form").radios["mode"]
    assert re.search(r'name="mode" value="table" checked', page)       # the default: open, both seated
    preview = _preview(client, dispute, decision="upheld", rule="RRoP, Showdown 3")
    assert 'id="preview-mode" data-mode="table"' in preview
    assert "Pepe hands 17 chips to Chema at the table" in _text(preview)
    row = re.search(rf'data-player="{ids["Pepe"]}"[^>]*>(.*?)</tr>', preview, re.S).group(1)
    held = _held(db, night_id)
    assert f"{held[PEPE]} → {held[PEPE] - POT}" in _text(row)
    ruled = _commit(client, preview)
    assert 'id="ruling-mode" data-mode="table"' in ruled
    assert store.ruling_moves(db, night_id) == {}
    assert _held(db, night_id)[PEPE] == held[PEPE] - POT and _held(db, night_id)[CHEMA] == held[CHEMA] + POT


def test_the_host_can_choose_money_and_then_change_it_to_the_table(app, client, db):
    night_id, ids, dispute = _night(db)
    login_host(client)
    preview = _preview(client, dispute, decision="upheld", rule="RRoP, Showdown 3", mode="money")
    assert 'id="preview-mode" data-mode="money"' in preview
    ruled = _commit(client, preview)
    assert store.ruling_moves(db, night_id) == {ids["Pepe"]: -POT, ids["Chema"]: POT}
    form = read_form(ruled, "mode-form")
    answer = client.post(form.action, data=form.fields | {"reason": "Pepe se los da ahora"})
    assert answer.status_code == 302
    again = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert 'id="ruling-mode" data-mode="table"' in again and "Pepe se los da ahora" in again
    assert store.ruling_moves(db, night_id) == {}
    # a second change with no reason is refused in words, nothing written
    form = read_form(again, "mode-form")
    refused = client.post(form.action, data=form.fields | {"reason": ""}, follow_redirects=True)
    assert 'data-mode="table"' in refused.get_data(as_text=True)
    assert store.ruling_moves(db, night_id) == {}


def test_the_night_page_calls_the_figure_chips_on_the_table_and_says_why_it_differs(app, client, db):
    """Before the ruling Pepe holds 17 more than the referee's stack: the page shows the
    chips on the table, the referee's figure beside it with the reason in words; a count
    equal to the chips on the table is not a mismatch. After a ruling at the table the
    figures agree and the referee's is no longer shown."""
    night_id, ids, dispute = _night(db)
    login_host(client)
    page = client.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    held, stacks = _held(db, night_id), store.check_night(db, night_id)["hands"][-1]["stacks"]
    pepe = _text(re.search(r'<tr data-seat="3">(.*?)</tr>', page, re.S).group(1))
    assert "Fichas en la mesa" in page
    assert f"{held[PEPE]}" in pepe and f"según el árbitro: {stacks['3']}" in pepe
    assert "+17: el bote de la mano 4 que se le entregó de más" in pepe
    ana = _text(re.search(r'<tr data-seat="1">(.*?)</tr>', page, re.S).group(1))
    assert "según el árbitro" not in ana
    store.cash_out(db, night_id, ids["Pepe"], held[PEPE], entered_by="host")
    page = client.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert 'class="count-differs"' not in page and "no cuadran" not in page
    assert rules_nets()  # (the nets are checked in the store's tests)
