"""The demo night on the host's pages (issue 26): marked "demo" on the list of nights with a
button that hides it (``POST /host/nights/<id>/hide``, an append-only mark); any other night
is refused in the page's language, nothing stored; the club page leaves the demo out."""

from __future__ import annotations

import re

from csrf_client import post_form
from hosts import login_host

import store
from store.night.demo import DEMO_BY

RULES = {"preset": "jackpots", "ante": 1}


def _night(db, title: str, by: str, counts: dict[str, int]) -> int:
    night = store.create_night(db, rules=RULES, chip_cents=10, title=title)
    for seat, (name, counted) in enumerate(counts.items(), 1):
        player = store.find_player(db, name) or store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, 100, entered_by="test")
        store.cash_out(db, night, player, counted, entered_by="test")
    store.close_night(db, night, entered_by=by)
    return night


def test_the_host_hides_the_demo_night_from_the_list(client, db):
    real = _night(db, "Jueves", "test", {"Ana": 130, "Bruno": 70})
    demo = _night(db, "Demo", DEMO_BY, {"Ana": 50, "Dani": 150})
    login_host(client)
    page = client.get("/host/").get_data(as_text=True)
    assert f'id="demo-mark-{demo}"' in page and f'id="hide-demo-{demo}"' in page
    assert f'id="hide-demo-{real}"' not in page
    club = client.get("/host/club").get_data(as_text=True)
    assert "Dani" not in club and "1 noche cerrada" in club
    answer = post_form(client, f"/host/nights/{demo}/hide", {"key": "hide-demo-test-1"})
    assert answer.status_code == 302
    page = client.get("/host/").get_data(as_text=True)
    assert "La noche de demostración está oculta" in page
    assert f"/host/night/{demo}\"" not in page and f"/host/night/{real}\"" in page
    assert client.get(f"/host/night/{demo}", follow_redirects=True).status_code == 200        # nothing deleted
    assert db.execute("SELECT kind FROM night_marks WHERE night_id = ?", [demo]).fetchall() == [("hide",)]


def test_hiding_a_real_night_is_refused_and_nothing_is_stored(client, db):
    real = _night(db, "Jueves", "test", {"Ana": 130, "Bruno": 70})
    login_host(client)
    post_form(client, f"/host/nights/{real}/hide", {"key": "hide-real-test-1"})
    page = client.get("/host/").get_data(as_text=True)
    assert re.search(rf"Solo se puede ocultar la noche de demostración: la noche {real} es una de las noches "
                     "del club", page)
    assert f"/host/night/{real}\"" in page
    assert db.execute("SELECT COUNT(*) FROM night_marks").fetchone()[0] == 0
    assert post_form(client, "/host/nights/99999/hide", {"key": "hide-none-test-1"}).status_code == 404


def test_the_club_chart_runs_oldest_to_newest_with_a_legend(client, db):
    from datetime import datetime
    later = store.create_night(db, rules=RULES, chip_cents=10, started_at=datetime(2030, 2, 20, 21, 0))
    earlier = store.create_night(db, rules=RULES, chip_cents=10, started_at=datetime(2030, 1, 9, 21, 0))
    for night, (a, b) in ((later, (130, 70)), (earlier, (90, 110))):
        for seat, (name, counted) in enumerate((("Ana", a), ("Bruno", b)), 1):
            player = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night, player, seat, entered_by="test")
            store.buy_in(db, night, player, 100, entered_by="test")
            store.cash_out(db, night, player, counted, entered_by="test")
        store.close_night(db, night, entered_by="test")
    _night(db, "Demo", DEMO_BY, {"Ana": 50, "Dani": 150})
    login_host(client)
    svg = re.search(r'<svg class="chart trend".*?</svg>', client.get("/host/club").get_data(as_text=True), re.S).group(0)
    ticks = sorted(re.findall(r'class="x-tick" x="([^"]+)"[^>]*>([^<]*)<', svg), key=lambda t: float(t[0]))
    assert [label for _, label in ticks] == ["9 ene", "20 feb"]              # oldest left; no demo
    legend = re.findall(r'<g class="legend" data-legend="([^"]*)" data-colour="([^"]*)"', svg)
    assert sorted(name for name, _ in legend) == ["Ana", "Bruno"]
    assert len({colour for _, colour in legend}) == 2
