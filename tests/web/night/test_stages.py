"""The host's night in stages (issue 26, ``web.night.stages``): a URL per stage, the night's
own URL sending to the stage of its moment, each form back on its stage at its section,
and the set-up routes (the last night's players, everyone buys in, every count at once,
the counts with the close)."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from hosts import login_host

import store
from store.hand.table_view import table_view
from store.money.chip_entries import seat_between_hands

STAGES = ("table", "play", "close", "pay")


@pytest.fixture
def host(client):
    login_host(client)
    client.get("/host/?lang=en")
    return client


def _night(db, day=1, buy_in=100, players=(("Ana", 1), ("Bruno", 2)), chips=100):
    night = store.create_night(db, rules="jackpots", chip_cents=10, buy_in=buy_in,
                               started_at=datetime(2026, 3, day, 21, 0))
    for name, seat in players:
        seat_between_hands(db, night, name, seat, chips, entered_by="host:test")
    return night


def _stage_of(host, night) -> str:
    answer = host.get(f"/host/night/{night}?lang=en")
    assert answer.status_code == 302
    found = re.search(rf"/host/night/{night}/(\w+)\?lang=en$", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1)


def test_each_stage_has_its_url_and_marks_itself_in_the_header(host, db):
    night = _night(db)
    for stage in STAGES:
        page = host.get(f"/host/night/{night}/{stage}?lang=en").get_data(as_text=True)
        tabs = re.search(r'<nav class="stages".*?</nav>', page, re.S).group(0)
        assert re.findall(r'data-stage="(\w+)"', tabs) == list(STAGES)
        assert re.findall(r'data-stage="(\w+)" aria-current="page"', tabs) == [stage]
    assert host.get("/host/night/999/table").status_code == 404
    assert host.get("/host/night/999").status_code == 404


def test_the_nights_url_opens_the_stage_of_its_moment(host, db):
    night = _night(db)
    assert _stage_of(host, night) == "table"                  # before the first hand
    hand = store.start_hand(db, night, button=1, entered_by="host:test")
    assert _stage_of(host, night) == "play"                   # a hand in progress
    store.end_hand(db, hand, entered_by="host:test")
    assert _stage_of(host, night) == "play"                   # between hands
    ana, bruno = (store.find_player(db, n) for n in ("Ana", "Bruno"))
    store.cash_out(db, night, ana, 100, entered_by="host:test")
    assert _stage_of(host, night) == "close"                  # someone counted
    store.cash_out(db, night, bruno, 100, entered_by="host:test")
    store.close_night(db, night, entered_by="host:test")
    assert _stage_of(host, night) == "pay"                    # closed


def test_a_form_answers_on_its_stage_at_its_section(host, db):
    night = _night(db)
    ana = store.find_player(db, "Ana")
    seat = host.post(f"/host/night/{night}/seat", data={"name": "Chus", "seat": "3", "key": "seat-chus-1"})
    assert seat.headers["Location"].endswith(f"/host/night/{night}/table#seating")
    buy = host.post(f"/host/night/{night}/buy-in", data={"player_id": ana, "chips": "50", "key": "buy-ana-01"})
    assert buy.headers["Location"].endswith("/table#buy-ins")
    rebuy = host.post(f"/host/night/{night}/buy-in", data={"player_id": ana, "chips": "50", "stage": "play",
                                                           "key": "buy-ana-02"})
    assert rebuy.headers["Location"].endswith("/play#rebuys")     # the form's own stage
    odd = host.post(f"/host/night/{night}/buy-in", data={"player_id": ana, "chips": "50", "stage": "evil",
                                                         "key": "buy-ana-03"})
    assert odd.headers["Location"].endswith("/table#buy-ins")     # no such stage: the route's own
    hand = host.post(f"/host/night/{night}/hand", data={"button": "1", "key": "hand-form-1"})
    assert hand.headers["Location"].endswith("/play#hand")
    void = host.post(f"/host/night/{night}/void-hand", data={"reason": "the night ends", "stage": "close",
                                                             "key": "void-hand-1"})
    assert void.headers["Location"].endswith("/close#counts") and not table_view(db, night)["in_progress"]


def test_the_last_nights_players_sit_with_one_post(host, db):
    before = _night(db, day=1, players=(("Ana", 2), ("Bruno", 5)))
    tonight = _night(db, day=8, players=())
    answer = host.post(f"/host/night/{tonight}/seat-last", data={"key": "seat-last-form-1"})
    assert answer.headers["Location"].endswith("/table#seating")
    assert {p["name"]: p["seat"] for p in store.night_players(db, tonight)} == {"Ana": 2, "Bruno": 5}
    page = host.get(f"/host/night/{tonight}/table?lang=en").get_data(as_text=True)
    assert "Seated: Ana, Bruno." in page
    again = host.post(f"/host/night/{tonight}/seat-last", data={"key": "seat-last-form-2"})
    assert again.status_code == 302
    assert "Everyone from the last night is seated already." in host.get(again.headers["Location"]).get_data(as_text=True)
    assert before != tonight


def test_the_table_offers_the_last_night_and_the_roster_with_seats(host, db):
    _night(db, day=1, players=(("Ana", 2), ("Bruno", 5)))
    tonight = _night(db, day=8, players=(("Chus", 2),))
    page = host.get(f"/host/night/{tonight}/table?lang=en").get_data(as_text=True)
    assert 'id="seat-last"' in page
    roster = re.search(r'<ul class="plain roster".*?</ul>', page, re.S).group(0)
    assert re.search(r'name="name" value="Ana">\s*<input type="hidden" name="seat" value="1">', roster)  # 2 is taken
    assert re.search(r'name="name" value="Bruno">\s*<input type="hidden" name="seat" value="5">', roster)
    assert 'id="seat" name="seat" inputmode="numeric" required value="1"' in page   # the next free seat
    assert 'id="chips" name="chips" inputmode="numeric" value="100"' in page        # the default buy-in


def test_everyone_buys_in_with_one_post_and_a_bad_amount_changes_nothing(host, db):
    night = _night(db, players=())
    for name, seat in (("Ana", 1), ("Bruno", 2)):
        seat_between_hands(db, night, name, seat, None, entered_by="host:test")
    refused = host.post(f"/host/night/{night}/buy-in-all", data={"chips": "0", "key": "buy-all-form-0"})
    assert refused.headers["Location"].endswith("/table#buy-ins")
    assert all(r["bought"] == 0 for r in store.night_summary(db, night)["players"])
    host.post(f"/host/night/{night}/buy-in-all", data={"chips": "150", "key": "buy-all-form-1"})
    assert {r["name"]: r["bought"] for r in store.night_summary(db, night)["players"]} == {"Ana": 150, "Bruno": 150}


def test_every_count_from_one_form_then_the_counts_and_the_close_together(host, db):
    night = _night(db)
    ana, bruno = (store.find_player(db, n) for n in ("Ana", "Bruno"))
    page = host.get(f"/host/night/{night}/close?lang=en").get_data(as_text=True)
    for pid in (ana, bruno):
        assert re.search(rf'id="count-{pid}" name="count-{pid}"[^>]*\s+value=""\s+placeholder="100"', page)
    answer = host.post(f"/host/night/{night}/counts", data={f"count-{ana}": "120", f"count-{bruno}": "",
                                                           "key": "counts-form-1"})
    assert answer.headers["Location"].endswith("/close#counts")
    assert {r["name"]: r["counted"] for r in store.night_summary(db, night)["players"]} == {"Ana": 120, "Bruno": None}
    bad = host.post(f"/host/night/{night}/counts", data={f"count-{ana}": "x", "key": "counts-form-2"})
    assert bad.status_code == 400 and 'id="counts-refusal"' in bad.get_data(as_text=True)
    off = host.post(f"/host/night/{night}/close", data={f"count-{bruno}": "100", "confirm": "1", "resolution": "",
                                                        "key": "close-form-1"})
    assert off.status_code == 400 and 'id="close-refusal"' in off.get_data(as_text=True)  # the bank is off: refused
    assert {r["name"]: r["counted"] for r in store.night_summary(db, night)["players"]} == {"Ana": 120, "Bruno": None}
    done = host.post(f"/host/night/{night}/close", data={f"count-{ana}": "100", f"count-{bruno}": "100",
                                                         "confirm": "1", "resolution": "", "key": "close-form-2"})
    assert done.headers["Location"].endswith(f"/host/night/{night}/pay#settled")
    assert store.get_night(db, night)["closed"]
    assert {r["name"]: r["counted"] for r in store.night_summary(db, night)["players"]} == {"Ana": 100, "Bruno": 100}


def test_a_close_without_its_confirmation_stores_no_count(host, db):
    night = _night(db)
    ana = store.find_player(db, "Ana")
    host.post(f"/host/night/{night}/close", data={f"count-{ana}": "100", "resolution": "", "key": "close-form-9"})
    assert not store.get_night(db, night)["closed"]
    assert store.night_summary(db, night)["players"][0]["counted"] is None


def test_the_new_night_form_prefills_the_last_buy_in_and_stores_it(host, db):
    _night(db, buy_in=250)
    page = host.get("/host/?lang=en").get_data(as_text=True)
    assert 'id="buy_in" name="buy_in" inputmode="numeric" value="250"' in page
    answer = host.post("/host/nights", data={"preset": "jackpots", "chip_cents": "10", "buy_in": "300",
                                            "key": "night-form-buy-in"})
    night = int(re.search(r"/host/night/(\d+)/table", answer.headers["Location"]).group(1))
    assert store.get_night(db, night)["buy_in"] == 300
    refused = host.post("/host/nights", data={"preset": "jackpots", "chip_cents": "10", "buy_in": "-3",
                                             "key": "night-form-buy-in2"})
    assert refused.status_code == 400 and "Default buy-in (chips)" in refused.get_data(as_text=True)


def test_a_players_links_are_revoked_by_a_button_per_player(host, db):
    night = _night(db)
    ana = store.find_player(db, "Ana")
    store.issue_token(db, ana)
    page = host.get(f"/host/night/{night}/table?lang=en").get_data(as_text=True)
    row = re.search(rf'<tr class="player-links" data-player="{ana}">.*?</tr>', page, re.S).group(0)
    assert f'action="/host/player/{ana}/links/revoke-all"' in row and "Revoke all" in row
    answer = host.post(f"/host/player/{ana}/links/revoke-all", data={"night_id": str(night)})
    assert answer.headers["Location"].endswith(f"/host/night/{night}/table#private-links")
    page = host.get(f"/host/night/{night}/table?lang=en").get_data(as_text=True)
    row = re.search(rf'<tr class="player-links" data-player="{ana}">.*?</tr>', page, re.S).group(0)
    assert "No live link." in row and "revoke-all" not in row


def test_chips_are_written_by_the_one_number_formatter_on_every_stage(host, db):
    """Issue 26, a tester's finding: the money table wrote "1000" where the rest of the
    pages write "3.500"; every chip figure goes through ``web.core.i18n.chips``."""
    night = _night(db, buy_in=1000, chips=1000)
    ids = {p["name"]: p["player_id"] for p in store.night_players(db, night)}
    for name, counted in (("Ana", 1500), ("Bruno", 500)):
        store.cash_out(db, night, ids[name], counted, entered_by="host:test")
    table = host.get(f"/host/night/{night}/table?lang=es").get_data(as_text=True)
    players = re.search(r'<table class="grid" id="players">.*?</table>', table, re.S).group(0)
    assert '<td class="num">1.000</td>' in players and '<td class="num">1000</td>' not in players
    close = host.get(f"/host/night/{night}/close?lang=es").get_data(as_text=True)
    money = re.search(r'<table class="grid" id="money">.*?</table>', close, re.S).group(0)
    assert re.findall(r'<td class="num">([\d.]+)</td><td class="num">([\d.]+)', money) == [("1.000", "1.500"),
                                                                                         ("1.000", "500")]
