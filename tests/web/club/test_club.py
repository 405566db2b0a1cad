"""The club's standings (issue 14): ``/host/club``, host only; per player across the
closed nights: nights played, hands dealt in, net per currency, a trend chart; and the
player link panel on the host's night page (names the player, copy, share, QR code)."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from csrf_client import post_form
from hosts import login_host
from showcase_night import HANDS, LONG_NAME, PLAYERS, build_showcase_night

import store
from web.core.i18n import money


def _ledger_net_cents(db, night_id: int, player_id: int) -> int:
    """A player's net of a closed night by hand from the ledger's live rows: counted +
    adjustments - bought, times the chip value (chip_cents per chips_per chips)."""
    chips = db.execute(
        "SELECT COALESCE(SUM(CASE kind WHEN 'buy_in' THEN -chips ELSE chips END), 0) FROM ledger l WHERE "
        "night_id = ? AND player_id = ? AND kind IN ('buy_in', 'cash_out', 'adjustment') AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id)", [night_id, player_id]).fetchone()[0]
    cents, per = db.execute("SELECT chip_cents, chips_per FROM nights WHERE id = ?", [night_id]).fetchone()
    assert chips * cents % per == 0
    return chips * cents // per


def _second_night(db, ids: dict, currency: str) -> int:
    """Ana and Bruno, no hands: Ana +30 chips, Bruno -30, at 10 cents."""
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1}, chip_cents=10, currency=currency,
                               started_at=datetime(2030, 1, 10, 21, 0))
    for name, seat, counted in (("Ana", 1, 130), ("Bruno", 2, 70)):
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 100, entered_by="test")
        store.cash_out(db, night, ids[name], counted, entered_by="test")
    store.close_night(db, night, entered_by="test")
    return night


def _rows(html: str) -> list[dict]:
    out = []
    for row in re.findall(r'<tr data-player="\d+">(.*?)</tr>', html, re.S):
        out.append({"name": re.search(r'<th scope="row" class="name">([^<]*)</th>', row).group(1),
                    "nights": int(re.search(r'data-nights="(\d+)"', row).group(1)),
                    "hands": int(re.search(r'data-hands="(\d+)"', row).group(1)),
                    "nets": {c: int(v) if v else None
                             for c, v in re.findall(r'data-currency="(\w+)" data-net-cents="(-?\d*)"', row)}})
    return out


def test_club_standings_match_a_hand_computation_from_the_ledger(client, db):
    world = build_showcase_night(db)
    world.close(db)
    second = _second_night(db, world.ids, "EUR")
    login_host(client)
    html = client.get("/host/club?lang=es").get_data(as_text=True)
    rows = _rows(html)
    by_name = {r["name"]: r for r in rows}
    assert set(by_name) == {name for name, _, _ in PLAYERS}
    for name, _, _ in PLAYERS:
        pid = world.ids[name]
        nights = [world.night] + ([second] if name in ("Ana", "Bruno") else [])
        assert by_name[name]["nights"] == len(nights)
        # every one of the five was dealt into each of the world's hands (Chus rebought
        # before hand 4); the second night has no hands
        assert by_name[name]["hands"] == len(HANDS)
        assert by_name[name]["nets"]["EUR"] == sum(_ledger_net_cents(db, n, pid) for n in nights)
    nets = [r["nets"]["EUR"] for r in rows]
    assert nets == sorted(nets, reverse=True)
    assert "En 2 noches cerradas." in html


def test_club_nets_stay_apart_per_currency_and_the_trend_chart_is_labelled(client, db):
    world = build_showcase_night(db)
    world.close(db)
    _second_night(db, world.ids, "MXN")
    login_host(client)
    html = client.get("/host/club?lang=en").get_data(as_text=True)
    ana = next(r for r in _rows(html) if r["name"] == "Ana")
    assert set(ana["nets"]) == {"EUR", "MXN"} and ana["nets"]["MXN"] == 300
    chruno = next(r for r in _rows(html) if r["name"] == "Chus")
    assert chruno["nets"]["MXN"] is None        # Chus played no MXN night: no figure, not 0
    charts = re.findall(r'<svg class="chart trend" data-currency="(\w+)".*?</svg>', html, re.S)
    assert charts == ["EUR", "MXN"]
    eur = re.search(r'<svg class="chart trend" data-currency="EUR".*?</svg>', html, re.S).group(0)
    assert 'aria-label="Running total night by night (EUR)"' in eur
    assert re.search(r'class="x-label"[^>]*>Night \(date\)</text>', eur)
    assert re.search(r'class="y-label"[^>]*>Running total \(EUR\)</text>', eur)
    # a line (a point: one EUR night) per player, named in the legend
    assert sorted(re.findall(r'data-series="([^"]*)"', eur)) == sorted(name for name, _, _ in PLAYERS)
    assert all(f">{name}</text>" in eur for name in ("Ana", "Íñigo"))
    assert f"<title>{LONG_NAME}</title>" in eur   # cut short in the legend, whole in its title


@pytest.mark.parametrize("lang, title, y_label", [
    ("es", "Total acumulado noche a noche (EUR)", "Total acumulado (EUR)"),
    ("en", "Running total night by night (EUR)", "Running total (EUR)")])
def test_the_trend_chart_plots_the_running_total_and_says_so(client, db, lang, title, y_label):
    """The chart's points are each player's total so far after each night (Ana: her
    first night's net, then that plus the second's +3,00), and its title and y axis
    call them a running total, not a night's net."""
    world = build_showcase_night(db)
    world.close(db)
    second = _second_night(db, world.ids, "EUR")
    login_host(client)
    html = client.get(f"/host/club?lang={lang}").get_data(as_text=True)
    eur = re.search(r'<svg class="chart trend" data-currency="EUR".*?</svg>', html, re.S).group(0)
    assert f'aria-label="{title}"' in eur and f">{title}</text>" in eur
    assert re.search(rf'class="y-label"[^>]*>{re.escape(y_label)}</text>', eur)
    ana = world.ids["Ana"]
    first, then = _ledger_net_cents(db, world.night, ana), _ledger_net_cents(db, second, ana)
    assert first != 0 and then == 300   # so the running totals differ from the nights' nets
    series = re.search(r'data-series="Ana">(.*?)</g>', eur, re.S).group(1)
    tips = re.findall(r"<title>Ana: [^<]*: ([^<]*)</title>", series)
    with client.application.test_request_context(f"/?lang={lang}"):
        assert tips == [money(first, "EUR"), money(first + then, "EUR")]


@pytest.mark.slow
def test_club_page_is_the_hosts_only_and_linked_from_the_host_pages(client, db):
    world = build_showcase_night(db)
    assert client.get("/host/club").status_code == 302   # to the login page
    assert client.get(f"/p/{world.tokens['Ana']}").status_code == 200
    assert "/host/club" not in client.get(f"/p/{world.tokens['Ana']}").get_data(as_text=True)
    login_host(client)
    html = client.get("/host/club").get_data(as_text=True)
    assert "Aún no hay noches cerradas" in html
    stages = [f"/host/night/{world.night}/{stage}" for stage in ("table", "play", "close", "pay")]
    for page in ("/host/", *stages, f"/host/night/{world.night}/hands"):
        assert 'href="/host/club"' in client.get(page).get_data(as_text=True), page


@pytest.mark.slow
@pytest.mark.csrf
def test_the_link_panel_names_the_player_with_copy_share_and_a_qr_code(client, db):
    world = build_showcase_night(db)
    login_host(client)
    client.get(f"/host/night/{world.night}", follow_redirects=True)
    response = post_form(client, f"/host/player/{world.ids['Íñigo']}/link", {"night_id": str(world.night)},
                         page=f"/host/night/{world.night}?lang=es")
    html = response.get_data(as_text=True)
    panel = re.search(r'<section class="card highlight link-panel".*?</section>', html, re.S).group(0)
    assert "Enlace privado de Íñigo" in panel
    url = re.search(r'<input class="link" readonly value="([^"]+)"[^>]*id="new-link"', panel).group(1)
    token = url.rsplit("/p/", 1)[1]
    assert store.player_for_token(db, token) == world.ids["Íñigo"]
    assert 'data-copy-target="new-link"' in panel and 'data-copied="Copiado"' in panel
    assert re.search(r'<button type="button" data-share-target="new-link"[^>]*hidden', panel)
    assert 'class="qr"' in panel and "<title>Enlace privado de Íñigo</title>" in panel
    assert "money/share.js" in html
    # the code holds the link (segno decodes nothing here: the same text makes the same code)
    from web.core.qr import qr_svg
    assert str(qr_svg(url, title="Enlace privado de Íñigo")) in panel
