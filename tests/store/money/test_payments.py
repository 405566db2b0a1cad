"""Settling up (issue 14, "Paying up"): payment handles, transfers marked paid by the payer
and confirmed by the payee or the host, outstanding across nights, a settlement that
changes after a reopen, and the phone's and the host's pages (``store.money.payments``,
``web.money.payments``, ``web.money.views``).

The night is ``tests/showcase_night.py``'s, closed its ordinary way (:meth:`World.close`).
"""

from __future__ import annotations

import re

import pytest
from apps import snapshot
from csrf_client import post_form
from hosts import login_host
from showcase_night import build_showcase_night

import store
from store.money import payments

HOST = "host:test"


def _closed(db):
    world = build_showcase_night(db)
    world.close(db)
    return world


def _names(world) -> dict[int, str]:
    return {pid: name for name, pid in world.ids.items()}


def _second_night(db, world) -> int:
    """Another closed night of two of the same players: Ana wins 30 chips from Íñigo."""
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=10, title="Segunda")
    for seat, name in ((1, "Ana"), (2, "Íñigo")):
        store.seat_player(db, night, world.ids[name], seat, entered_by=HOST)
        store.buy_in(db, night, world.ids[name], 100, entered_by=HOST)
    store.cash_out(db, night, world.ids["Ana"], 130, entered_by=HOST)
    store.cash_out(db, night, world.ids["Íñigo"], 70, entered_by=HOST)
    store.close_night(db, night, entered_by=HOST)
    return night


def test_the_transfers_are_the_closes_settlement_and_start_due(db):
    world = _closed(db)
    summary = store.night_summary(db, world.night)
    got = payments.night_transfers(db, world.night)
    assert [(t["payer_id"], t["payee_id"], t["cents"]) for t in got] == \
        [(t["payer_id"], t["payee_id"], t["cents"]) for t in summary["transfers"]]
    assert got and {t["status"] for t in got} == {"due"}


def test_the_payer_marks_paid_and_the_payee_confirms(app, db):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    payer, payee = t["payer_id"], t["payee_id"]
    payments.mark_paid(db, world.night, payer, payee, entered_by=f"player:{payer}")
    paid = payments.night_transfers(db, world.night)[0]
    assert (paid["status"], paid["paid_by"], paid["confirmed_by"]) == ("paid", f"player:{payer}", None)
    payments.confirm_paid(db, world.night, payer, payee, entered_by=f"player:{payee}")
    done = payments.night_transfers(db, world.night)[0]
    assert (done["status"], done["confirmed_by"]) == ("confirmed", f"player:{payee}")
    assert all(other["status"] == "due" for other in payments.night_transfers(db, world.night)[1:])


def test_the_host_confirms_an_unmarked_transfer_which_marks_and_confirms_it(db):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[-1]
    payments.confirm_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    after = payments.night_transfers(db, world.night)[-1]
    assert (after["status"], after["paid_by"], after["confirmed_by"]) == ("confirmed", HOST, HOST)


@pytest.mark.parametrize("who", ["stranger", "payee marks paid", "payer confirms"])
def test_someone_elses_transfer_is_refused_and_nothing_is_stored(app, db, who):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    involved = {t["payer_id"], t["payee_id"]}
    stranger = next(pid for pid in world.ids.values() if pid not in involved)
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as refused:
        if who == "stranger":
            payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=f"player:{stranger}")
        elif who == "payee marks paid":
            payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=f"player:{t['payee_id']}")
        else:
            payments.confirm_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=f"player:{t['payer_id']}")
    assert refused.value.code == "not_your_transfer"
    assert snapshot(app.config["DATABASE"]) == before


def test_a_second_mark_and_a_transfer_not_in_the_settlement_are_refused(app, db):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as twice:
        payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    assert twice.value.code == "already_paid"
    with pytest.raises(store.StoreError) as backwards:
        payments.mark_paid(db, world.night, t["payee_id"], t["payer_id"], entered_by=HOST)
    assert backwards.value.code == "no_transfer"
    assert snapshot(app.config["DATABASE"]) == before


def test_a_repeated_submit_with_one_key_stores_one_mark(db):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    first = payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST, key="mark-key-001")
    again = payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST, key="mark-key-001")
    assert first == again
    assert db.execute("SELECT COUNT(*) FROM transfer_marks").fetchone()[0] == 1


def test_withdrawing_marks_steps_back_with_who_and_why_and_never_deletes(db):
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    args = (db, world.night, t["payer_id"], t["payee_id"])
    payments.confirm_paid(*args, entered_by=HOST)
    with pytest.raises(store.StoreError) as no_reason:
        payments.void_mark(*args, reason=" ", entered_by=HOST)
    assert no_reason.value.code == "reason_needed"
    with pytest.raises(store.StoreError) as by_player:
        payments.void_mark(*args, reason="mine", entered_by=f"player:{t['payee_id']}")
    assert by_player.value.code == "not_your_transfer"
    payments.void_mark(*args, reason="Bizum came back", entered_by=HOST)
    assert payments.night_transfers(db, world.night)[0]["status"] == "paid"
    payments.void_mark(*args, reason="not paid after all", entered_by=HOST)
    assert payments.night_transfers(db, world.night)[0]["status"] == "due"
    with pytest.raises(store.StoreError) as nothing:
        payments.void_mark(*args, reason="again", entered_by=HOST)
    assert nothing.value.code == "not_marked"
    kinds = [r[0] for r in db.execute("SELECT kind FROM transfer_marks ORDER BY id")]
    assert kinds == ["paid", "confirmed", "void", "void"]
    with pytest.raises(Exception, match="append-only"):
        db.execute("DELETE FROM transfer_marks")


def test_outstanding_lists_two_nights_and_confirming_one_leaves_the_other(db):
    world = _closed(db)
    second = _second_night(db, world)
    rows = payments.outstanding(db)
    first_transfers = payments.night_transfers(db, world.night)
    assert [r["night_id"] for r in rows] == [world.night] * len(first_transfers) + [second]
    [ana_win] = [r for r in rows if r["night_id"] == second]
    assert (ana_win["payer_id"], ana_win["payee_id"], ana_win["cents"]) == (world.ids["Íñigo"], world.ids["Ana"], 300)
    for t in first_transfers:
        payments.confirm_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    left = payments.outstanding(db)
    assert [(r["night_id"], r["cents"]) for r in left] == [(second, 300)]
    totals = {r["name"]: (r["owes"], r["owed"]) for r in payments.outstanding_totals(left)}
    assert totals == {"Ana": (0, 300), "Íñigo": (300, 0)}


def test_an_open_night_has_nothing_outstanding(db):
    world = build_showcase_night(db)
    assert payments.night_transfers(db, world.night) == []
    assert payments.outstanding(db) == []


def test_after_a_reopen_and_a_different_close_old_payments_are_listed_and_counted(db):
    world = _closed(db)
    old = payments.night_transfers(db, world.night)
    for t in old:
        payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    store.reopen_night(db, world.night, reason="a late recount", entered_by=HOST)
    assert payments.night_transfers(db, world.night) == []
    assert len(payments.stale_marks(db, world.night)) == len(old)
    host = world.ids["Ana"]  # a different settlement: everyone with Ana (hub)
    store.close_night(db, world.night, entered_by=HOST, mode="hub", hub_player_id=host)
    stale = payments.stale_marks(db, world.night)
    assert {(m["payer_id"], m["payee_id"]) for m in stale} == {(t["payer_id"], t["payee_id"]) for t in old}
    assert {(m["kind"], m["counted"]) for m in stale} == {("paid", True)}


def test_the_same_transfers_after_a_reopen_are_covered_by_what_was_paid(db):
    """Money that changed hands is a fact: the same amounts closed again are already
    paid (confirmed, as they were), nothing is due or outstanding."""
    world = _closed(db)
    t = payments.night_transfers(db, world.night)[0]
    payments.confirm_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    store.reopen_night(db, world.night, reason="check", entered_by=HOST)
    store.close_night(db, world.night, entered_by=HOST)
    again = payments.night_transfers(db, world.night)[0]
    assert (again["payer_id"], again["payee_id"], again["settlement_cents"], again["paid_before"],
            again["cents"], again["status"]) == (t["payer_id"], t["payee_id"], t["cents"], t["cents"], 0, "confirmed")
    assert [m["kind"] for m in payments.stale_marks(db, world.night)] == ["confirmed"]


def test_the_latest_handle_wins_and_an_empty_one_clears(app, db):
    world = build_showcase_night(db)
    ana = world.ids["Ana"]
    assert payments.payment_handle(db, ana) is None
    payments.set_payment_handle(db, ana, " 600 111 222 ", entered_by=HOST)
    payments.set_payment_handle(db, ana, "https://paypal.me/ana", entered_by=f"player:{ana}")
    assert payments.payment_handle(db, ana) == "https://paypal.me/ana"
    payments.set_payment_handle(db, ana, "", entered_by=HOST)
    assert payments.payment_handle(db, ana) is None
    before = snapshot(app.config["DATABASE"])
    for bad, code in (("x" * 201, "handle_too_long"), ("ES91\u202e2100", "handle_invalid")):
        with pytest.raises(store.StoreError) as refused:
            payments.set_payment_handle(db, ana, bad, entered_by=HOST)
        assert refused.value.code == code
    assert snapshot(app.config["DATABASE"]) == before


def test_player_transfers_say_what_each_player_pays_and_receives(db):
    world = _closed(db)
    second = _second_night(db, world)
    by_night = {n["night_id"]: n for n in payments.player_transfers(db, world.ids["Íñigo"])}
    assert set(by_night) == {world.night, second}
    assert [(t["payee_id"], t["cents"]) for t in by_night[second]["pay"]] == [(world.ids["Ana"], 300)]
    mine = [t for t in payments.night_transfers(db, world.night) if world.ids["Íñigo"] in (t["payer_id"], t["payee_id"])]
    assert len(by_night[world.night]["pay"]) + len(by_night[world.night]["receive"]) == len(mine)


# --- the pages -------------------------------------------------------------------------------

def _payer_and_payee(db, world):
    t = payments.night_transfers(db, world.night)[0]
    names = _names(world)
    return t, names[t["payer_id"]], names[t["payee_id"]]


def test_the_phone_shows_whom_to_pay_with_the_handle_and_a_qr_code_only_for_a_link(app, db, client):
    world = _closed(db)
    t, payer, payee = _payer_and_payee(db, world)
    payments.set_payment_handle(db, t["payee_id"], "https://paypal.me/cobrar", entered_by=HOST)
    page = client.get(f"/p/{world.tokens[payer]}?lang=es").get_data(as_text=True)
    settle = page[page.index(f'id="settle-{world.night}"'):]
    assert "Pagas" in settle and f"a {payee}" in settle and "https://paypal.me/cobrar" in settle
    assert '<svg' in settle and 'class="qr"' in settle and "He pagado" in settle
    payments.set_payment_handle(db, t["payee_id"], "ES91 2100 0418 4502 0005 1332", entered_by=HOST)
    page = client.get(f"/p/{world.tokens[payer]}?lang=es").get_data(as_text=True)
    settle = page[page.index(f'id="settle-{world.night}"'):]
    assert "ES91 2100 0418 4502 0005 1332" in settle and 'class="qr"' not in settle


@pytest.mark.csrf
def test_on_the_phone_the_payer_marks_paid_and_the_payee_confirms(app, db):
    world = _closed(db)
    t, payer, payee = _payer_and_payee(db, world)
    phone = app.test_client()
    page = f"/p/{world.tokens[payer]}"
    answer = post_form(phone, f"{page}/night/{world.night}/transfer",
                       {"action": "paid", "other_id": str(t["payee_id"]), "key": "phone-paid-0001"}, page=page)
    assert answer.status_code == 303
    assert payments.night_transfers(db, world.night)[0]["status"] == "paid"
    other = app.test_client()
    page = f"/p/{world.tokens[payee]}"
    answer = post_form(other, f"{page}/night/{world.night}/transfer",
                       {"action": "confirm", "other_id": str(t["payer_id"]), "key": "phone-conf-0001"}, page=page)
    assert answer.status_code == 303
    done = payments.night_transfers(db, world.night)[0]
    assert (done["status"], done["confirmed_by"]) == ("confirmed", f"player:{t['payee_id']}")
    said = other.get(page + "?lang=es").get_data(as_text=True)
    assert "confirmada" in said


@pytest.mark.csrf
@pytest.mark.parametrize("case, said", [
    ("stranger", "Esa transferencia no es tuya."),
    ("payee says paid", "Solo quien paga puede marcar el pago como pagado."),
    ("payer confirms", "Solo quien recibe el pago puede confirmarlo."),
    ("another night", None), ("no token", None)])
def test_on_the_phone_someone_elses_transfer_is_refused_and_nothing_is_stored(app, db, case, said):
    """Another's transfer, or the wrong side of one's own: the player's page with the
    refusal in its language; a night the player did not play, an unknown link: 404."""
    world = _closed(db)
    t, payer, payee = _payer_and_payee(db, world)
    names = _names(world)
    pairs = {(x["payer_id"], x["payee_id"]) for x in payments.night_transfers(db, world.night)}
    stranger = next(n for pid, n in names.items()   # (one who pays the payee nothing)
                    if pid not in (t["payer_id"], t["payee_id"]) and (pid, t["payee_id"]) not in pairs)
    who, body, night = {
        "stranger": (stranger, {"action": "paid", "other_id": str(t["payee_id"])}, world.night),
        "payee says paid": (payee, {"action": "paid", "other_id": str(t["payer_id"])}, world.night),
        "payer confirms": (payer, {"action": "confirm", "other_id": str(t["payee_id"])}, world.night),
        "another night": (payer, {"action": "paid", "other_id": str(t["payee_id"])}, world.night + 7),
        "no token": (None, {"action": "paid", "other_id": str(t["payee_id"])}, world.night),
    }[case]
    token = world.tokens[who] if who else "Zq3" * 14 + "x"
    client = app.test_client()
    before = snapshot(app.config["DATABASE"])
    answer = post_form(client, f"/p/{token}/night/{night}/transfer?lang=es", {**body, "key": "phone-x-0001"},
                       page="/host/login")
    assert snapshot(app.config["DATABASE"]) == before
    if said is None:
        assert answer.status_code == 404
        return
    assert answer.status_code == 303 and answer.location.split("#")[0].endswith(f"/p/{token}")
    page = client.get(f"/p/{token}?lang=es")
    assert page.status_code == 200 and said in page.get_data(as_text=True)


@pytest.mark.csrf
def test_a_mark_without_the_csrf_token_is_refused_and_changes_nothing(app, db):
    world = _closed(db)
    t, payer, payee = _payer_and_payee(db, world)
    client = app.test_client()
    client.get(f"/p/{world.tokens[payer]}")
    before = snapshot(app.config["DATABASE"])
    answer = client.post(f"/p/{world.tokens[payer]}/night/{world.night}/transfer",
                         data={"action": "paid", "other_id": str(t["payee_id"])})
    assert answer.status_code == 400
    host = app.test_client()
    login_host(host)
    before = snapshot(app.config["DATABASE"])
    answer = host.post(f"/host/night/{world.night}/transfer",
                       data={"action": "confirm", "payer_id": str(t["payer_id"]), "payee_id": str(t["payee_id"])})
    assert answer.status_code == 400
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
def test_the_host_page_shows_the_transfers_status_and_the_host_confirms(app, db, client):
    world = _closed(db)
    t, payer, payee = _payer_and_payee(db, world)
    login_host(client)
    page = client.get(f"/host/night/{world.night}?lang=es", follow_redirects=True).get_data(as_text=True)
    section = page[page.index('id="transfers"'):page.index('id="expenses"')]
    assert f"{payer} → {payee}" in section and "pendiente" in section
    answer = client.post(f"/host/night/{world.night}/transfer", data={
        "action": "confirm", "payer_id": str(t["payer_id"]), "payee_id": str(t["payee_id"]), "key": "host-c-0001"})
    assert answer.status_code == 302
    assert payments.night_transfers(db, world.night)[0]["confirmed_by"] == "host:host"
    answer = client.post(f"/host/night/{world.night}/transfer?lang=es", data={
        "action": "confirm", "payer_id": str(t["payer_id"]), "payee_id": str(t["payee_id"]), "key": "host-c-0002"},
        follow_redirects=True)
    assert "Esa transferencia ya está confirmada." in answer.get_data(as_text=True)


def test_the_outstanding_page_lists_per_player_totals_each_a_link_to_their_transfers_by_night(app, db, client):
    world = _closed(db)
    second = _second_night(db, world)
    login_host(client)
    page = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    assert "Pendiente entre noches" in page
    assert 'class="night-head"' not in page and 'class="transfer' not in page  # (the totals only)
    rows = payments.outstanding(db)
    players = {pid for r in rows for pid in (r["payer_id"], r["payee_id"])}
    assert set(map(int, re.findall(r'<tr data-player="(\d+)"', page))) == players
    for pid in players:
        assert f'href="/host/outstanding/{pid}"' in page
    ana = world.ids["Ana"]
    mine = client.get(f"/host/outstanding/{ana}?lang=es").get_data(as_text=True)
    heads = re.findall(r'class="night-head" id="night-(\d+)"', mine)
    assert heads == [str(n) for n in dict.fromkeys(r["night_id"] for r in rows if ana in (r["payer_id"], r["payee_id"]))]
    assert heads[-1] == str(second) and "Segunda" in mine and "3,00\xa0€" in mine
    assert 'href="/host/outstanding"' in client.get("/host/").get_data(as_text=True)


# --- money paid on an earlier settlement of the night counts (a reopen, another close) -----

def _three(db, counts=(90, 110, 100)) -> tuple[int, dict[str, int]]:
    """A closed night of Ana, Maxi and Carlos (10 cents a chip, 100 chips each): the
    counts give Ana -> Maxi 1,00 € by default."""
    ids = {name: store.add_player(db, name) for name in ("Ana", "Maxi", "Carlos")}
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=10, title="Revancha")
    for seat, (name, chips) in enumerate(zip(ids, counts), start=1):
        store.seat_player(db, night, ids[name], seat, entered_by=HOST)
        store.buy_in(db, night, ids[name], 100, entered_by=HOST)
        store.cash_out(db, night, ids[name], chips, entered_by=HOST)
    store.close_night(db, night, entered_by=HOST)
    return night, ids


def _reclose(db, night, ids, counts) -> None:
    """Reopen, recount everyone whose count changes, close again (fewest transfers)."""
    store.reopen_night(db, night, reason="a late recount", entered_by=HOST)
    for name, chips in zip(("Ana", "Maxi", "Carlos"), counts):
        store.recount(db, night, ids[name], chips, entered_by=HOST)
    store.close_night(db, night, entered_by=HOST)


def _rows(db, night) -> list[tuple]:
    return [(t["payer"], t["payee"], t["cents"], t["settlement_cents"], t["paid_before"], t["status"])
            for t in payments.night_transfers(db, night)]


@pytest.mark.slow
def test_money_paid_before_a_reopen_counts_against_the_new_settlement(app, db, client):
    """The tester's story: Ana pays Maxi 1,00 €, Maxi confirms; the host reopens,
    recounts, closes again: Ana -> Maxi 1,10 € is "already paid 1,00 €; 0,10 € left" on
    the host's page, her phone and the outstanding page (which counts 0,10 €)."""
    night, ids = _three(db)
    ana, maxi = ids["Ana"], ids["Maxi"]
    payments.mark_paid(db, night, ana, maxi, entered_by=f"player:{ana}")
    payments.confirm_paid(db, night, ana, maxi, entered_by=f"player:{maxi}")
    _reclose(db, night, ids, (89, 111, 100))
    assert _rows(db, night) == [("Ana", "Maxi", 10, 110, 100, "due")]
    assert payments.outstanding_totals(payments.outstanding(db)) == [
        {"player_id": ana, "name": "Ana", "currency": "EUR", "owes": 10, "owed": 0, "owes_count": 1,
         "owed_count": 0, "unsealed": False},
        {"player_id": maxi, "name": "Maxi", "currency": "EUR", "owes": 0, "owed": 10, "owes_count": 0,
         "owed_count": 1, "unsealed": False}]
    said = "ya pagado 1,00\xa0€; queda 0,10\xa0€"
    login_host(client)
    host = client.get(f"/host/night/{night}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert said in host[host.index('id="transfers"'):]
    phone = client.get(f"/p/{store.issue_token(db, ana)}?lang=es").get_data(as_text=True)
    assert said in phone[phone.index(f'id="settle-{night}"'):]
    assert said in client.get(f"/host/outstanding/{ana}?lang=es").get_data(as_text=True)
    outstanding = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    totals = outstanding[outstanding.index('id="outstanding-totals"'):outstanding.index("</table>")]
    assert "0,10\xa0€" in totals and "1,10\xa0€" not in totals


def test_paying_what_is_left_covers_the_next_settlement_too(db):
    night, ids = _three(db)
    ana, maxi = ids["Ana"], ids["Maxi"]
    payments.mark_paid(db, night, ana, maxi, entered_by=HOST)
    _reclose(db, night, ids, (89, 111, 100))
    payments.mark_paid(db, night, ana, maxi, entered_by=f"player:{ana}")   # the 0,10 € left
    assert _rows(db, night) == [("Ana", "Maxi", 10, 110, 100, "paid")]
    _reclose(db, night, ids, (89, 111, 100))   # the same settlement once more: all paid
    assert _rows(db, night) == [("Ana", "Maxi", 0, 110, 110, "paid")]
    assert payments.outstanding_totals(payments.outstanding(db))[0]["owes"] == 0


def test_a_transfer_fully_covered_earlier_is_confirmed_and_not_outstanding(db):
    night, ids = _three(db)
    payments.confirm_paid(db, night, ids["Ana"], ids["Maxi"], entered_by=HOST)
    _reclose(db, night, ids, (90, 110, 100))
    assert _rows(db, night) == [("Ana", "Maxi", 0, 100, 100, "confirmed")]
    assert payments.outstanding(db) == []


@pytest.mark.parametrize("counts, expected", [
    # an overpayment: the new settlement says 0,90 €; Maxi gives 0,10 € back
    ((91, 109, 100), [("Maxi", "Ana", 10, -90, -100, "due")]),
    # the reverse direction: Maxi now owes Ana 0,10 € plus the 1,00 € she paid him
    ((101, 99, 100), [("Maxi", "Ana", 110, 10, -100, "due")]),
    # no transfer between them any more: the whole 1,00 € goes back
    ((100, 100, 100), [("Maxi", "Ana", 100, 0, -100, "due")]),
])
def test_money_paid_the_other_way_is_given_back(app, db, client, counts, expected):
    night, ids = _three(db)
    payments.mark_paid(db, night, ids["Ana"], ids["Maxi"], entered_by=HOST)
    _reclose(db, night, ids, counts)
    assert _rows(db, night) == expected
    login_host(client)
    host = client.get(f"/host/night/{night}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "Ana ya había pagado 1,00\xa0€ a Maxi en una liquidación anterior" in host


def test_every_players_position_adds_up_after_a_different_close(db):
    """What each player still pays or receives, plus what already moved, is their net in
    the new settlement (whatever the old marks were)."""
    world = _closed(db)
    for t in payments.night_transfers(db, world.night):
        payments.mark_paid(db, world.night, t["payer_id"], t["payee_id"], entered_by=HOST)
    store.reopen_night(db, world.night, reason="a late recount", entered_by=HOST)
    store.close_night(db, world.night, entered_by=HOST, mode="hub", hub_player_id=world.ids["Ana"])
    settlement = store.get_night(db, world.night)["close"]["detail"]["transfers"]

    def position(rows, amount):
        out: dict[int, int] = {}
        for t in rows:
            out[t["payer_id"]] = out.get(t["payer_id"], 0) - amount(t)
            out[t["payee_id"]] = out.get(t["payee_id"], 0) + amount(t)
        return {k: v for k, v in out.items() if v}

    rows = payments.night_transfers(db, world.night)
    assert any(t["paid_before"] for t in rows)
    assert position(rows, lambda t: t["cents"] + t["paid_before"]) == position(settlement, lambda t: t["cents"])


def test_an_earlier_transfer_only_confirmed_by_the_payee_is_said_confirmed(app, db, client):
    night, ids = _three(db)
    payments.confirm_paid(db, night, ids["Ana"], ids["Maxi"], entered_by=f"player:{ids['Maxi']}")
    _reclose(db, night, ids, (89, 111, 100))
    assert [(m["payer"], m["kind"]) for m in payments.stale_marks(db, night)] == [("Ana", "confirmed")]
    login_host(client)
    page = client.get(f"/host/night/{night}?lang=es", follow_redirects=True).get_data(as_text=True)
    earlier = page[page.index("earlier-payments"):]
    earlier = earlier[:earlier.index("</div>")]
    assert "confirmada en una liquidación anterior" in earlier and "pagada" not in earlier
