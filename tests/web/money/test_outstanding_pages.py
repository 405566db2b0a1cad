"""``/host/outstanding`` opens on the totals per player and currency (issue 25), each row a
link to that player's transfers (``/host/outstanding/<player_id>``), where their transfers
not confirmed yet are listed by night with the host's forms; a form sent from there comes
back there.

The club (:func:`club`): night A (Ana 80, Bruno 90, Chus 130 chips of 100; 10 cents a
chip): Ana pays Chus 2,00 €, Bruno pays Chus 1,00 €; night B (Ana 130, Dani 70): Dani pays
Ana 3,00 €; night C in US dollars (Bruno 110, Dani 90): Dani pays Bruno 1,00 $; night D
(Eva 120, Ana 80): Ana pays Eva 2,00 €, confirmed, so Eva has nothing outstanding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from apps import snapshot
from csrf_client import post_form
from hosts import login_host

import store
from store.money import payments

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}


@dataclass
class Club:
    ids: dict[str, int]
    nights: dict[str, int]


def _night(db, ids: dict, counts: dict[str, int], title: str, currency: str = "EUR") -> int:
    night = store.create_night(db, rules=RULES, chip_cents=10, title=title, currency=currency)
    for seat, (name, chips) in enumerate(counts.items(), 1):
        if name not in ids:
            ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by=HOST)
        store.buy_in(db, night, ids[name], 100, entered_by=HOST)
        store.cash_out(db, night, ids[name], chips, entered_by=HOST)
    store.close_night(db, night, entered_by=HOST)
    return night


def club(db) -> Club:
    """The four nights of the module's docstring."""
    ids: dict[str, int] = {}
    nights = {"A": _night(db, ids, {"Ana": 80, "Bruno": 90, "Chus": 130}, "Noche A"),
              "B": _night(db, ids, {"Ana": 130, "Dani": 70}, "Noche B"),
              "C": _night(db, ids, {"Bruno": 110, "Dani": 90}, "Noche C", currency="USD"),
              "D": _night(db, ids, {"Eva": 120, "Ana": 80}, "Noche D")}
    payments.confirm_paid(db, nights["D"], ids["Ana"], ids["Eva"], entered_by=HOST)
    return Club(ids, nights)


def _totals(page: str) -> dict[tuple[int, str], tuple[str, str]]:
    """The totals table: ``{(player id, currency): (owes cell, owed cell)}`` as text."""
    rows = re.findall(r'<tr data-player="(\d+)" data-currency="(\w+)">\s*<td>(.*?)</td>\s*'
                      r'<td class="num owes">(.*?)</td>\s*<td class="num owed">(.*?)</td>', page, re.S)
    return {(int(pid), cur): (_words(owes), _words(owed)) for pid, cur, _name, owes, owed in rows}


def _words(cell: str) -> list[str]:
    """A cell's text split at the spaces and the tags (a no-break space stays in its amount)."""
    return [w for w in re.split(r"[ \t\n]+", re.sub(r"<[^>]+>", " ", cell)) if w]


def _transfers(page: str) -> list[tuple[int, int, str]]:
    """The transfer rows of a page: ``[(payer id, payee id, status)]``."""
    return [(int(a), int(b), s) for a, b, s in re.findall(
        r'<li class="transfer [^"]*" data-payer="(\d+)" data-payee="(\d+)" data-what="\w+" data-status="(\w+)"', page)]


def test_the_totals_page_lists_every_player_with_their_totals_and_a_link(app, db, client):
    c = club(db)
    login_host(client)
    page = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    assert 'class="transfer' not in page and "<form" not in page.split('id="main"')[1]  # (the totals only)
    ids = c.ids
    assert _totals(page) == {
        (ids["Ana"], "EUR"): (["2,00\xa0€", "1", "transferencia"], ["3,00\xa0€", "1", "transferencia"]),
        (ids["Bruno"], "EUR"): (["1,00\xa0€", "1", "transferencia"], ["—"]),
        (ids["Bruno"], "USD"): (["—"], ["1,00\xa0US$", "1", "transferencia"]),
        (ids["Chus"], "EUR"): (["—"], ["3,00\xa0€", "2", "transferencias"]),
        (ids["Dani"], "EUR"): (["3,00\xa0€", "1", "transferencia"], ["—"]),
        (ids["Dani"], "USD"): (["1,00\xa0US$", "1", "transferencia"], ["—"])}
    for name in ("Ana", "Bruno", "Chus", "Dani"):
        assert re.search(rf'<a class="player-link" href="/host/outstanding/{ids[name]}">{name}</a>', page), name
    assert f"/host/outstanding/{ids['Eva']}" not in page  # (nothing outstanding)
    english = client.get("/host/outstanding?lang=en").get_data(as_text=True)
    assert "2 transfers" in english and "1 transfer<" in english


def test_a_players_page_lists_only_their_transfers_by_night_with_forms_that_come_back(app, db, client):
    c = club(db)
    bruno = c.ids["Bruno"]
    login_host(client)
    page = client.get(f"/host/outstanding/{bruno}?lang=es").get_data(as_text=True)
    assert "Pendiente: Bruno" in page
    assert re.findall(r'class="night-head" id="night-(\d+)"', page) == [str(c.nights["A"]), str(c.nights["C"])]
    assert _transfers(page) == [(bruno, c.ids["Chus"], "due"), (c.ids["Dani"], bruno, "due")]
    forms = re.findall(r'<form method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert forms and all(f'name="back_player" value="{bruno}"' in body and 'name="back" value="outstanding"' in body
                         for _, body in forms)
    assert {action for action, _ in forms} == {f"/host/night/{c.nights[n]}/transfer" for n in "AC"}
    assert 'href="/host/outstanding"' in page


@pytest.mark.csrf
def test_marking_from_a_players_page_comes_back_there_and_the_status_changes(app, db, client):
    c = club(db)
    bruno, chus, night = c.ids["Bruno"], c.ids["Chus"], c.nights["A"]
    login_host(client)
    mine = f"/host/outstanding/{bruno}"
    form = {"what": "poker", "payer_id": str(bruno), "payee_id": str(chus), "back": "outstanding",
            "back_player": str(bruno)}
    answer = post_form(client, f"/host/night/{night}/transfer", {**form, "action": "paid", "key": "out-p-0001"},
                       page=mine)
    assert answer.status_code == 302 and answer.location == f"{mine}#night-{night}"
    page = client.get(f"{mine}?lang=es").get_data(as_text=True)
    assert "Marcada como pagada." in page
    assert (bruno, chus, "paid") in _transfers(page)
    assert payments.night_transfers(db, night)[1]["status"] == "paid"

    before = snapshot(app.config["DATABASE"])  # a refusal: marked paid twice
    answer = post_form(client, f"/host/night/{night}/transfer?lang=es",
                       {**form, "action": "paid", "key": "out-p-0002"}, page=mine, follow_redirects=True)
    assert answer.request.path == mine and "Esa transferencia ya está marcada como pagada." in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before

    answer = post_form(client, f"/host/night/{night}/transfer", {**form, "action": "confirm", "key": "out-c-0001"},
                       page=mine)
    assert answer.location == f"{mine}#night-{night}"
    page = client.get(f"{mine}?lang=es").get_data(as_text=True)
    assert _transfers(page) == [(c.ids["Dani"], bruno, "due")]  # (confirmed: no longer outstanding)
    totals = _totals(client.get("/host/outstanding?lang=es").get_data(as_text=True))
    assert (bruno, "EUR") not in totals and totals[(chus, "EUR")] == (["—"], ["2,00\xa0€", "1", "transferencia"])


@pytest.mark.csrf
@pytest.mark.parametrize("back_player", ["", "x", "0", "-3", str(10**30)])
def test_a_form_without_a_player_to_come_back_to_goes_back_to_the_totals(app, db, client, back_player):
    c = club(db)
    login_host(client)
    answer = post_form(client, f"/host/night/{c.nights['B']}/transfer", {
        "action": "paid", "what": "poker", "payer_id": str(c.ids["Dani"]), "payee_id": str(c.ids["Ana"]),
        "back": "outstanding", "back_player": back_player, "key": f"out-b-{back_player[:20]}-1"})
    assert answer.status_code == 302 and answer.location == "/host/outstanding"


def test_a_player_with_nothing_outstanding_and_no_such_player(app, db, client):
    c = club(db)
    assert client.get(f"/host/outstanding/{c.ids['Ana']}").status_code == 302  # (the login page first)
    login_host(client)
    eva = client.get(f"/host/outstanding/{c.ids['Eva']}?lang=en")
    assert eva.status_code == 200 and 'id="nothing-outstanding"' in eva.get_data(as_text=True)
    assert "Nothing outstanding for Eva" in eva.get_data(as_text=True)
    for missing in (max(c.ids.values()) + 1, 10**30):
        assert client.get(f"/host/outstanding/{missing}").status_code == 404


def test_a_player_link_cannot_open_the_hosts_outstanding_pages(app, db, client):
    c = club(db)
    token = store.issue_token(db, c.ids["Bruno"])
    assert client.get(f"/p/{token}").status_code == 200
    for url in ("/host/outstanding", f"/host/outstanding/{c.ids['Bruno']}"):
        answer = client.get(url)
        assert answer.status_code == 302 and answer.location.startswith("/host/login"), url



def test_a_players_page_reads_only_the_nights_they_still_owe_on(db, monkeypatch):
    """``/host/outstanding/<player>`` costs what it shows (issue 25): twenty more settled
    nights of Ana's (each confirmed) add no night worked out to her page (it used to work
    out every closed night of the club's transfers) and no statement."""
    c = club(db)
    ana = c.ids["Ana"]
    worked: list[int] = []
    real = payments._transfer_rows
    monkeypatch.setattr(payments, "_transfer_rows",
                        lambda d, night_id, *a: worked.append(night_id) or real(d, night_id, *a))

    def read() -> tuple[dict, set[int], int]:
        worked.clear()
        said: list[str] = []
        db.conn.set_trace_callback(said.append)
        try:
            page = payments.outstanding_player_page(db, ana)
        finally:
            db.conn.set_trace_callback(None)
        return page, set(worked), len(said)

    before, nights, asked = read()
    for i in range(20):
        night = _night(db, c.ids, {"Ana": 90 + i % 3, "Eva": 110 - i % 3}, f"Noche {i}")
        payments.confirm_paid(db, night, ana, c.ids["Eva"], entered_by=HOST)
    after, nights_after, asked_after = read()
    assert nights_after == nights == {c.nights["A"], c.nights["B"]} and asked_after == asked
    assert after["rows"] == before["rows"] and after["totals"] == before["totals"]
