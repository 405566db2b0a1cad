"""A page number that is no page number (``?page=abc``, ``?page=1e3``, ``?page=-1``) is the
page's 404 on every paged page, as a page past the last is (issue 25, a fresh tester's
finding: the report answered page 1, the phone's hands page 404; ``web.core.paging``)."""

from __future__ import annotations

import pytest
from hosts import login_host

import store

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
NOT_PAGES = ("abc", "1e3", "-1", "0", "1.0", "%201")


@pytest.fixture
def night(db):
    """A closed night of Ana and Bruno: its id and Ana's link."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10, title="Noche")
    for seat, (name, counted) in enumerate({"Ana": 120, "Bruno": 80}.items(), 1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by=HOST)
        store.buy_in(db, night_id, player, 100, entered_by=HOST)
        store.cash_out(db, night_id, player, counted, entered_by=HOST)
    store.close_night(db, night_id, entered_by=HOST)
    return night_id, store.issue_token(db, store.find_player(db, "Ana"))


@pytest.mark.parametrize("said", NOT_PAGES)
def test_a_page_number_that_is_none_is_404_on_the_report_and_the_phone(client, night, said):
    night_id, token = night
    login_host(client)
    assert client.get(f"/reports/nights/{night_id}?page={said}").status_code == 404
    assert client.get(f"/p/{token}/night/{night_id}/hands?page={said}").status_code == 404
    assert client.get(f"/p/{token}/nights?page={said}").status_code == 404


def test_page_one_or_none_given_is_the_first_page(client, night):
    night_id, token = night
    login_host(client)
    for path in (f"/reports/nights/{night_id}", f"/p/{token}/night/{night_id}/hands", f"/p/{token}/nights"):
        assert client.get(path).status_code == 200, path
        assert client.get(path + "?page=1").status_code == 200, path
