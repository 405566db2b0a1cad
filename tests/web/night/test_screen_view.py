"""The live table view in a TV layout (issue 28, ``web.night.screen_view``): the host's
view and the screen link's; a conditional poll (304 while nothing changed, the new figures
after a tap); no card nobody showed; the screen link shown once on *Juego*, revoked (404 at
once) and dead after the close (410, said); reads write nothing."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from apps import snapshot
from csrf_client import post_form
from exposed_night import BRUNO_HIDDEN, CHUS, HAND
from hosts import login_host

import store
from store.money.chip_entries import seat_between_hands
from store.night.screen_links import issue_screen_link


@pytest.fixture
def host(client):
    login_host(client)
    client.get("/host/?lang=en")
    return client


def _night(db):
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                               chip_cents=10, buy_in=100, started_at=datetime(2026, 3, 1, 21, 0))
    for name, seat in (("Ana", 1), ("Bruno", 2), ("Chus", 3)):
        seat_between_hands(db, night, name, seat, 100, entered_by="host:test")
    return night


def _etag(page: str) -> str:
    return re.search(r'id="tv-live"[^>]*data-etag="([^"]*)"', page).group(1).replace("&#34;", '"')


def _live_url(page: str) -> str:
    return re.search(r'data-live-url="([^"]*)"', page).group(1).replace("&amp;", "&")


def test_the_tv_view_follows_the_hand_with_a_conditional_poll_and_shows_no_hidden_card(host, db, app):
    night = _night(db)
    hand = store.start_hand(db, night, button=3, entered_by="host:test")
    for i, line in enumerate(HAND[:8]):   # the deals, an exposed card, Ana opens
        store.append_action(db, hand, line, entered_by="dealer:test", key=f"tv-{i}")
    before = snapshot(app.config["DATABASE"])
    page = host.get(f"/host/night/{night}/tv?lang=en")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'id="tv-seats"' in text and "Ana" in text and 'data-pot="25"' in text
    assert re.search(r'id="tv-to-act">Bruno<', text)
    assert "Opening minimum in force" in text
    shown = text.split('id="tv-live"', 1)[1]   # (the page's head holds a random CSRF token)
    for card in (*BRUNO_HIDDEN, *CHUS):
        assert not re.search(rf"\b{card}\b", shown), card
    assert "Chus is dealt 5 cards" in shown   # a deal nobody saw: its count alone
    tag, url = _etag(text), _live_url(text)
    same = host.get(url, headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b""
    assert snapshot(app.config["DATABASE"]) == before   # the reads wrote nothing
    store.append_action(db, hand, HAND[8], entered_by="dealer:test", key="tv-next")   # Bruno folds
    fresh = host.get(url, headers={"If-None-Match": tag})
    body = fresh.get_data(as_text=True)
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag and "<html" not in body
    assert re.search(r'id="tv-to-act">Chus<', body) and "Bruno folds" in body
    assert "Cache-Control" in fresh.headers and "no-store" in fresh.headers["Cache-Control"]


def test_the_tv_view_is_the_hosts_the_screen_link_opens_it_without_a_login(client, db):
    night = _night(db)
    assert client.get(f"/host/night/{night}/tv").status_code == 302
    assert client.get(f"/host/night/{night}/tv/live").status_code == 302
    _, token = issue_screen_link(db, night, issued_by="test")
    page = client.get(f"/screen/{token}?lang=es")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Aún no hay mano." in text and "Ana" in text
    assert "<form" not in text   # read-only: no form on the screen
    live = client.get(_live_url(text), headers={"If-None-Match": _etag(text)})
    assert live.status_code == 304
    assert client.get("/screen/" + "Zq3" * 14 + "x").status_code == 404


def test_the_screen_link_shown_once_on_juego_revoked_at_once_and_dead_after_the_close(host, db):
    night = _night(db)
    shown = post_form(host, f"/host/night/{night}/screen-link", {"key": "screen-form-0001"})
    assert shown.status_code == 200
    url = re.search(r'id="screen-link-url" value="([^"]*)"|value="([^"]*)"[^>]*id="screen-link-url"',
                    shown.get_data(as_text=True))
    link = next(g for g in url.groups() if g)
    path = link.split("localhost", 1)[-1]
    assert host.get(path).status_code == 200
    again = post_form(host, f"/host/night/{night}/screen-link", {"key": "screen-form-0001"}, follow_redirects=True)
    assert "already shown" in again.get_data(as_text=True)
    revoked = post_form(host, f"/host/night/{night}/screen-link/revoke", {}, follow_redirects=True)
    assert "Screen link revoked" in revoked.get_data(as_text=True)
    assert host.get(path).status_code == 404 and host.get(path + "/live").status_code == 404
    _, token = issue_screen_link(db, night, issued_by="test")
    for pid in [p["player_id"] for p in store.night_players(db, night)]:
        store.cash_out(db, night, pid, 100, entered_by="test")
    store.close_night(db, night, entered_by="test")
    dead = host.get(f"/screen/{token}?lang=en")
    assert dead.status_code == 410 and "is closed" in dead.get_data(as_text=True)
    assert host.get(f"/screen/{token}/live").status_code == 410
    closed_page = host.get(f"/host/night/{night}/play?lang=en").get_data(as_text=True)
    assert 'id="show-screen-link"' not in closed_page and 'id="screen-link-closed"' in closed_page


def test_side_pots_are_said_with_who_contests_each(host, db):
    night = store.create_night(db, rules={"preset": "jackpots", "betting": "no_limit", "ante": 5, "min_bet": 10},
                               chip_cents=10)
    for name, seat, chips in (("Ana", 1, 100), ("Bruno", 2, 30), ("Chus", 3, 100)):
        player = store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, chips, entered_by="test")
    hand = store.start_hand(db, night, button=3, entered_by="test")
    for i, line in enumerate(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 50", "p2 allin", "p3 call 50"]):
        store.append_action(db, hand, line, entered_by="dealer:test", key=f"side-{i}")
    text = host.get(f"/host/night/{night}/tv?lang=en").get_data(as_text=True)
    pots = re.findall(r'<li data-amount="(\d+)">([^<]*)</li>', text)
    assert pots == [("90", "Main pot 90: Ana, Bruno, Chus"), ("50", "Side pot 50: Ana, Chus")]
    assert 'data-pot="140"' in text


def test_a_screen_link_stays_dead_after_a_close_even_when_the_night_is_reopened(host, db):
    """Issue 28 (a fresh tester): closed, then reopened, the night's old screen link answered
    200 again. A link issued before a close stays dead; a new one shown after the reopen works."""
    night = _night(db)
    _, token = issue_screen_link(db, night, issued_by="test")
    assert host.get(f"/screen/{token}").status_code == 200
    for pid in [p["player_id"] for p in store.night_players(db, night)]:
        store.cash_out(db, night, pid, 100, entered_by="test")
    store.close_night(db, night, entered_by="test")
    assert host.get(f"/screen/{token}").status_code == 410
    store.reopen_night(db, night, reason="a count was wrong", entered_by="test")
    assert host.get(f"/screen/{token}?lang=en").status_code == 410
    assert host.get(f"/screen/{token}/live").status_code == 410
    _, fresh = issue_screen_link(db, night, issued_by="test")
    assert host.get(f"/screen/{fresh}").status_code == 200
    assert host.get(f"/screen/{fresh}/live").status_code == 200


def test_between_hands_and_after_the_close_the_opening_minimum_is_said_once(host, db):
    """Issue 28 (a fresh tester): on a closed night "Opening minimum for the next hand" was
    there twice (a hidden heading, then the line with its value)."""
    night = _night(db)
    page = host.get(f"/host/night/{night}/tv?lang=en").get_data(as_text=True)
    assert page.count("Opening minimum for the next hand") == 1
    for pid in [p["player_id"] for p in store.night_players(db, night)]:
        store.cash_out(db, night, pid, 100, entered_by="test")
    store.close_night(db, night, entered_by="test")
    page = host.get(f"/host/night/{night}/tv?lang=en").get_data(as_text=True)
    assert page.count("Opening minimum for the next hand") == 1
    assert re.search(r'aria-labelledby="tv-opening"', page)


def test_a_player_who_left_is_not_on_the_screen(client, db):
    """A second fresh tester: the TV kept showing a player who had counted and left as
    seated ("4 @Carl 135", no mark) while the host's pages said he left."""
    night = _night(db)
    hand = store.start_hand(db, night, button=1, entered_by="dealer")
    lines = ["p2 ante 5", "p3 ante 5", "p1 ante 5", "p2 check", "p3 check", "p1 check"]
    store.append_actions(db, hand, lines, entered_by="dealer", keys=[f"l{i}" for i in range(len(lines))])
    store.end_hand(db, hand, entered_by="dealer")
    chus = db.execute("SELECT id FROM players WHERE name = 'Chus'").fetchone()[0]
    store.cash_out(db, night, chus, 95, entered_by="host")
    store.unseat(db, night, chus, reason="se va", entered_by="host")
    _, token = issue_screen_link(db, night, issued_by="test")
    seats = client.get(f"/screen/{token}?lang=en").get_data(as_text=True).split('id="tv-seats"', 1)[1]
    seats = seats.split("</ol>", 1)[0]
    assert "Ana" in seats and "Bruno" in seats and "Chus" not in seats
