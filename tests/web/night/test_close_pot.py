"""The close when the last hand leaves a pot in the middle (issue 26, the fresh tester's
finding 1: "plato de palabra", the carried pot): the counts' form itself says whether the
pot was handed back before the count (preselected, as the page's own sentence says), the
chips to expect follow that choice, and a refused close keeps every typed count with its
refusal beside the close button. The bank stays the store's (the pot counted once)."""

from __future__ import annotations

import re

import pytest
from hosts import login_host

import store

NAMES = ("Ana", "Bruno", "Chus")


@pytest.fixture
def host(client):
    login_host(client)
    client.get("/host/?lang=es")
    return client


def _carried_night(db) -> tuple[int, dict[str, int]]:
    """Three players, 100 chips each; one hand where nobody opens: 15 chips carried (5 each
    put in), each stack 95."""
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = {}
    for seat, name in enumerate(NAMES, start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="host")
        store.buy_in(db, night, ids[name], 100, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="dealer")
    for line in ("p2 ante 5", "p3 ante 5", "p1 ante 5", "p2 check", "p3 check", "p1 check"):
        store.append_action(db, hand, line, entered_by="dealer", key=f"pot-{line}")
    store.end_hand(db, hand, entered_by="dealer")
    assert store.bank_check(db, night)["carried"] == 15
    return night, ids


def _close_form(ids, counts, **extra) -> dict:
    return {**{f"count-{ids[n]}": str(c) for n, c in zip(NAMES, counts)}, "confirm": "1", "resolution": "",
            **extra}


def _expected(html: str, player_id: int) -> str:
    row = re.search(rf'<tr data-player="{player_id}">(.*?)</tr>', html, re.S).group(1)
    return re.search(r'<td class="num expected"[^>]*>([^<]*)</td>', row).group(1)


def test_the_counts_form_asks_where_the_carried_pot_is_and_the_hints_follow(host, db):
    """The choice sits in the counts' form, "handed back" preselected; the chips to expect
    are the stack plus the player's share (100, not 95), the other figure kept for the
    choice "still in the middle"."""
    night, ids = _carried_night(db)
    html = host.get(f"/host/night/{night}/close?lang=es").get_data(as_text=True)
    form = html[html.index('id="close-night"'):html.index("</form>", html.index('id="close-night"'))]
    assert re.search(r'name="pot" value="in_counts" checked', form)
    assert re.search(r'name="pot" value="in_middle">', form)
    assert "El bote que pasa (15)" in form
    assert _expected(html, ids["Ana"]) == "100"
    assert 'data-without="95" data-with="100"' in html
    assert 'id="pot-handed-back"' not in html  # no separate button: the form carries the choice


def test_a_close_with_the_pot_handed_back_balances_and_gives_nothing_back_again(host, db):
    """The tester's trap: the pot handed back, the real counts typed (sum = chips bought):
    the close goes through, the pot counted once (in the counts), no pot given back again."""
    night, ids = _carried_night(db)
    answer = host.post(f"/host/night/{night}/close?lang=es", data=_close_form(ids, (100, 100, 100), pot="in_counts",
                                                                          key="close-pot-1"))
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/pay#settled")
    bank = store.bank_check(db, night)
    assert store.get_night(db, night)["closed"]
    assert (bank["difference"], bank["pot_in_counts"], bank["pot_returned"], bank["miscounts"]) == (0, 15, 0, [])
    assert not store.money.bank.live_entries(db, night, "adjustment")
    handed = [e for e in store.night_entries(db, night) if e["kind"] == "pot_handed_back"]
    assert len(handed) == 1 and handed[0]["entered_by"].startswith("host")


def test_a_refused_close_keeps_every_count_and_says_why_beside_the_button(host, db):
    """The pot said to be still in the middle while the counts hold it: refused (+15),
    nothing stored (no count, no statement), the page comes back with each typed count, the
    choice as sent, and the refusal inside the close's options (the form's target)."""
    night, ids = _carried_night(db)
    answer = host.post(f"/host/night/{night}/close?lang=es", data=_close_form(ids, (101, 99, 100), pot="in_middle",
                                                                          key="close-pot-2"))
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert not store.get_night(db, night)["closed"]
    assert all(r["counted"] is None for r in store.night_summary(db, night)["players"])
    assert not [e for e in store.night_entries(db, night) if e["kind"] == "pot_handed_back"]
    for name, chips in zip(NAMES, (101, 99, 100)):
        assert re.search(rf'name="count-{ids[name]}"[^>]*\svalue="{chips}"', html)
    assert re.search(r'name="pot" value="in_middle" checked', html)
    assert _expected(html, ids["Ana"]) == "95"  # the hints follow the choice sent
    assert 'class="miscount"' not in html  # the page reads no count the rollback took away
    options = html[html.index('id="close-options"'):]
    refusal = re.search(r'<p class="flash error" role="alert" id="close-refusal">(.*?)</p>', options, re.S)
    assert refusal and "+15" in refusal.group(1)
    assert 'action="/host/night/%d/close#close-options"' % night in html


def test_counts_saved_with_the_pot_handed_back_are_compared_with_the_share(host, db):
    """"Anotar los recuentos" with the choice "handed back": the statement is recorded with
    the counts, so a count of stack + share agrees (no count differs)."""
    night, ids = _carried_night(db)
    data = {f"count-{ids[n]}": "100" for n in NAMES}
    answer = host.post(f"/host/night/{night}/counts", data={**data, "pot": "in_counts", "key": "counts-pot-1"})
    assert answer.headers["Location"].endswith("/close#counts")
    bank = store.bank_check(db, night)
    assert (bank["difference"], bank["pot_in_counts"], bank["miscounts"]) == (0, 15, [])


def test_the_tablets_last_hand_button_says_the_banners_words_when_the_pot_carries(app):
    """The banner promises "Confirmar y terminar"; the button on a last hand whose pot
    carries said "Cerrar la última mano (el bote pasa: 18)": one wording for one button."""
    from web.hand.tablet import page_strings

    with app.test_request_context("/?lang=es"):
        words = page_strings()
    assert words["finish_last"] == "Confirmar y terminar"
    assert words["finish_last_carry"].startswith("Confirmar y terminar")
    assert "%(amount)s" in words["finish_last_carry"]


def test_a_refused_close_leaves_no_kept_read_of_the_counts_it_rolled_back(db):
    """The refused close re-renders the counts' page on the same connection: the bank and
    the count findings read inside the rolled-back write (with the counts in them) must not
    be what the page reads after (``store.core.memo``; the rollback keeps total_changes)."""
    from store.night.setup import count_and_close

    night, ids = _carried_night(db)
    store.bank_check(db, night)
    with pytest.raises(store.StoreError):
        count_and_close(db, night, {ids[n]: 101 for n in NAMES}, entered_by="host:test", pot_in_counts=False)
    bank = store.bank_check(db, night)
    assert (bank["counted"], bank["miscounts"], bank["uncounted"]) == (0, [], list(NAMES))
