"""The close's counts table for a player who left (a fresh tester of issue 28): Bea asked for
15 chips from her phone between hands, the host accepted, she was counted (her 99 and the
15) and left. The table said 15 chips on the table for her, and typing the column's figures
voided her right count and left the bank 15... short. What she took home is what the table
expects, and the counts copied from it keep the bank whole."""

from __future__ import annotations

import re

import pytest
from hosts import login_host

import store
from store.hand.judging import next_hand_stacks
from store.night.rebuy_reads import pending_rebuys
from store.night.rebuy_requests import ask_rebuy

RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
HAND = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 open 2", "p2 fold", "p3 fold", "p1 show JsJd4c3h2s",
        "d award p1 5"]


@pytest.fixture
def host(client):
    login_host(client)
    return client


def _night(db) -> tuple[int, dict[str, int]]:
    night = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {name: store.join_table(db, night, name, seat, 100, entered_by="host")
           for seat, name in ((1, "Ana"), (2, "Bea"), (3, "Carl"))}
    hand = store.start_hand(db, night, button=3, entered_by="dealer")
    store.append_actions(db, hand, HAND, entered_by="dealer", keys=[f"k{i}" for i in range(len(HAND))])
    store.end_hand(db, hand, entered_by="dealer")
    store.buy_in(db, night, ids["Bea"], 15, entered_by="host")          # after hand 1: 99 + 15
    store.cash_out(db, night, ids["Bea"], 114, entered_by="host")
    store.unseat(db, night, ids["Bea"], reason="se va", entered_by="host")
    return night, ids


def _expected(html: str, player_id: int) -> str:
    row = re.search(rf'<tr data-player="{player_id}">(.*?)</tr>', html, re.S).group(1)
    return re.search(r'<td class="num expected" data-held="([^"]*)"', row).group(1)


def test_a_player_who_left_is_expected_with_what_she_took_home(host, db):
    night, ids = _night(db)
    page = host.get(f"/host/night/{night}/close?lang=en").get_data(as_text=True)
    assert {n: _expected(page, ids[n]) for n in ids} == {"Ana": "102", "Bea": "114", "Carl": "99"}
    assert 2 not in next_hand_stacks(db, night)     # her rebuy went home in her count: no seat for it


def test_counts_copied_from_the_table_keep_her_count_and_balance(host, db):
    night, ids = _night(db)
    page = host.get(f"/host/night/{night}/close?lang=en").get_data(as_text=True)
    data = {f"count-{ids[n]}": _expected(page, ids[n]) for n in ids}
    answer = host.post(f"/host/night/{night}/counts", data={**data, "key": "counts-left-1"})
    assert answer.status_code in (302, 303)
    bank = store.bank_check(db, night)
    assert (bank["bought"], bank["counted"], bank["difference"], bank["miscounts"]) == (315, 315, 0, [])


def test_a_request_for_chips_is_answered_when_the_player_leaves(client, db):
    """A second fresh tester: Carl asked for 20 from his phone, was counted and left; the
    request stayed on *Juego* with Accept and Decline (accepting was refused) and his phone
    still offered "Ask for chips". Leaving declines it; his phone offers no form."""
    night, ids = _night(db)
    carl = ids["Carl"]
    ask_rebuy(db, night, carl, 20)
    assert [r["player_id"] for r in pending_rebuys(db, night)] == [carl]
    store.cash_out(db, night, carl, 99, entered_by="host")
    store.unseat(db, night, carl, reason="se va", entered_by="host")
    assert pending_rebuys(db, night) == []
    phone = client.get(f"/p/{store.issue_token(db, carl)}?lang=en").get_data(as_text=True)
    assert "Your request for 20 chips was declined." in phone
    assert 'class="row wrap rebuy-form"' not in phone


def test_a_hand_in_play_on_the_phone_is_neither_incomplete_nor_disputed(client, db):
    """A second fresh tester: a player's phone showed the hand still in play with an
    "incomplete hand" finding and "Dispute this hand"."""
    night, ids = _night(db)
    hand = store.start_hand(db, night, entered_by="dealer")
    store.append_actions(db, hand, ["p3 ante 1", "p1 ante 1"], entered_by="dealer", keys=["i1", "i2"])
    phone = client.get(f"/p/{store.issue_token(db, ids['Ana'])}?lang=en").get_data(as_text=True)
    item = phone.split('data-hand="2"', 1)[1].split("</li>", 1)[0]
    assert "in play" in item and 'data-kind="incomplete_hand"' not in item and "Dispute this hand" not in item
