"""A rebuy during a hand in progress (issue 26, the fresh tester's finding 3): the host's
*Juego* and *Mesa* stages take it, say that it counts from the next hand, and the tablet
shows it on the seat ("+50 desde la mano siguiente") and in the stack at the next hand."""

from __future__ import annotations

import re

import pytest
from hosts import login_host
from tablets import dealer_url

import store
from store.hand.table_view import table_view


@pytest.fixture
def host(client):
    login_host(client)
    client.get("/host/?lang=es")
    return client


def _night_in_play(db) -> tuple[int, int, dict[str, int]]:
    night = store.create_night(db, rules="jackpots", chip_cents=10, buy_in=50)
    ids = {}
    for seat, name in enumerate(("Ana", "Bruno"), start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="host")
        store.buy_in(db, night, ids[name], 100, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="dealer")
    return night, hand, ids


def test_the_play_stage_offers_rebuys_during_a_hand_and_says_when_they_count(host, db):
    night, _, ids = _night_in_play(db)
    page = host.get(f"/host/night/{night}/play?lang=es").get_data(as_text=True)
    assert 'id="rebuy-next-hand"' in page and "cuenta desde la mano siguiente" in page
    assert page.count('class="rebuy-one"') == 2 and 'id="buy-in"' in page
    assert "Las recompras y un jugador que se va: entre manos." not in page
    table = host.get(f"/host/night/{night}/table?lang=es").get_data(as_text=True)
    assert 'id="buy-in-next-hand"' in table and table.count('class="rebuy-one"') == 2


def test_a_rebuy_posted_during_a_hand_is_taken_for_the_next_hand(host, db):
    night, hand, ids = _night_in_play(db)
    answer = host.post(f"/host/night/{night}/buy-in?lang=es", data={"player_id": str(ids["Ana"]), "chips": "50",
                                                                    "stage": "play", "key": "rebuy-play-1"},
                       follow_redirects=True)
    html = answer.get_data(as_text=True)
    assert re.search(r"Compra anotada: Ana \+50; la mano 1 está en juego: las fichas cuentan desde la mano 2\.",
                     html)
    assert store.bank_check(db, night)["bought"] == 250
    ana = next(s for s in table_view(db, night)["seats"] if s["name"] == "Ana")
    assert (ana["stack"], ana["coming"]) == (100, 50)
    # the tablet's state says it on the seat, in words, and keeps the hand's stack
    base = dealer_url(db, night)
    state = host.get(f"{base}/state?lang=es").get_json()
    seat = next(s for s in state["seats"] if s["name"] == "Ana")
    assert (seat["stack"], seat["coming"]) == (100, 50)
    assert "+%(chips)s desde la mano siguiente" in host.get(f"{base}/?lang=es").get_data(as_text=True)
    for line in ("p2 ante 1", "p1 ante 1", "p2 check", "p1 check"):
        store.append_action(db, hand, line, entered_by="dealer", key=f"l-{line}")
    store.end_hand(db, hand, entered_by="dealer")
    store.start_hand(db, night, entered_by="dealer")
    seats = {s["name"]: s["stack"] for s in table_view(db, night)["seats"]}
    assert seats == {"Ana": 149, "Bruno": 99}
