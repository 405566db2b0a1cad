"""The club's figures stored when they change (issue 25, ``store.money.totals`` and
``store.money.dues``): after a close, a reopen, a ruling's void, a copy and marks, the
stored standings, totals and outstanding rows are what the sealed close summaries and the
marks give; an edited stored row is said on the page and named by ``flask verify``; the
phone lists a bounded number of nights and the older ones on pages of their own.
"""

from __future__ import annotations

import re

from hosts import login_host

import store
from store.money import dues, payments, totals
from store.money.ledger import closed_money
from store.player.history import EARLIER, PAGE, RECENT

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
UNSEALED = "este dato no cuadra con el registro"


def _night(db, counts: dict[str, int], *, close: bool = True, copy: bool = False) -> int:
    """A night where each player buys 100 chips and counts ``counts`` (adding up)."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Noche", copy_of="" if copy else None)
    for seat, (name, counted) in enumerate(counts.items(), 1):
        player = store.find_player(db, name) or store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by=HOST)
        store.buy_in(db, night, player, 100, entered_by=HOST)
        store.cash_out(db, night, player, counted, entered_by=HOST)
    if close:
        store.close_night(db, night, entered_by=HOST)
    return night


def _from_summaries(db) -> dict[int, dict]:
    """Each player's totals worked out from every live close's sealed summary (copies left
    out), the way the standings were before they were stored."""
    out: dict[int, dict] = {}
    copies = {r[0] for r in db.execute("SELECT id FROM nights WHERE copy_of IS NOT NULL")}
    for night_id, money in closed_money(db).items():
        if night_id in copies:
            continue
        currency = store.get_night(db, night_id)["currency"]
        for row in money["players"]:
            mine = out.setdefault(row["player_id"], {"nets": {}, "nights": 0, "hands": 0, "unsealed": False})
            mine["nets"][currency] = mine["nets"].get(currency, 0) + (row["net_cents"] or 0)
            mine["nights"] += 1
            mine["hands"] += row["hands_dealt"] or 0
    return out


def _agree(db) -> None:
    assert totals.totals(db) == _from_summaries(db)
    worked_out = payments.outstanding_totals(payments.outstanding(db))
    assert [{k: v for k, v in r.items() if k != "broken"} for r in dues.outstanding_totals(db)["totals"]] == worked_out
    assert totals.verify_totals(db) == []
    assert db.execute("SELECT COUNT(*) FROM totals_touched").fetchone()[0] == 0


def test_the_stored_figures_follow_closes_reopens_copies_and_marks(db):
    first = _night(db, {"Ana": 150, "Bruno": 50})
    _agree(db)
    assert totals.totals(db)[store.find_player(db, "Ana")]["nets"] == {"EUR": 500}
    second = _night(db, {"Ana": 80, "Bruno": 70, "Chus": 150})
    _night(db, {"Ana": 200, "Bruno": 0}, copy=True)       # a copy: no part of the totals
    _night(db, {"Ana": 100, "Chus": 100}, close=False)    # open: nothing yet
    _agree(db)
    assert totals.totals(db)[store.find_player(db, "Ana")]["nets"] == {"EUR": 300}
    store.reopen_night(db, second, reason="a late recount", entered_by=HOST)
    _agree(db)
    assert store.find_player(db, "Chus") not in totals.totals(db)  # (her only closed night reopened)
    store.recount(db, second, store.find_player(db, "Ana"), 100, entered_by=HOST)
    store.recount(db, second, store.find_player(db, "Chus"), 130, entered_by=HOST)
    store.close_night(db, second, entered_by=HOST)
    _agree(db)
    t = payments.night_transfers(db, first)[0]
    payments.mark_paid(db, first, t["payer_id"], t["payee_id"], entered_by=HOST)
    _agree(db)
    owing = sum(r["owes_count"] for r in dues.outstanding_totals(db)["totals"])
    payments.confirm_paid(db, first, t["payer_id"], t["payee_id"], entered_by=HOST)
    _agree(db)
    assert sum(r["owes_count"] for r in dues.outstanding_totals(db)["totals"]) == owing - 1
    payments.void_mark(db, first, t["payer_id"], t["payee_id"], reason="not after all", entered_by=HOST)
    _agree(db)


def test_an_edited_stored_row_is_said_on_the_pages_and_named_by_verify(app, db, client):
    _night(db, {"Ana": 150, "Bruno": 50})
    _night(db, {"Ana": 90, "Bruno": 110})
    ana = store.find_player(db, "Ana")
    login_host(client)
    club = client.get("/host/club?lang=es").get_data(as_text=True)
    owed = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    assert UNSEALED not in club and UNSEALED not in owed
    db.execute("UPDATE player_totals SET net_cents = net_cents + 10000 WHERE player_id = ?", [ana])
    db.execute("UPDATE player_dues SET owed = owed + 10000 WHERE player_id = ?", [ana])
    db.conn.commit()
    club = client.get("/host/club?lang=es").get_data(as_text=True)
    assert re.search(rf'<tr data-player="{ana}">.*?data-unsealed="1"[^>]*>{UNSEALED}', club, flags=re.S)
    assert "104,00" not in club and "100,00" not in club
    owed = client.get("/host/outstanding?lang=es").get_data(as_text=True)
    assert UNSEALED in owed and 'data-broken="1"' in owed
    token = store.issue_token(db, ana)
    assert UNSEALED in client.get(f"/p/{token}?lang=es").get_data(as_text=True)
    named = {(p["table"], tuple(p["key"])) for p in totals.verify_totals(db)}
    assert named == {("player_totals", (ana, "EUR")), ("player_dues", (ana, "EUR"))}
    result = app.test_cli_runner().invoke(args=["verify"])
    assert result.exit_code == 1 and "player_totals" in result.output and "player_dues" in result.output


def test_an_edited_night_row_is_said_on_the_phone_and_named_by_verify(app, db, client):
    night = _night(db, {"Ana": 150, "Bruno": 50})
    ana = store.find_player(db, "Ana")
    db.execute("UPDATE night_standings SET net_cents = 9900 WHERE night_id = ? AND player_id = ?", [night, ana])
    db.conn.commit()
    ledger = store.player_ledger(db, ana)
    assert ledger["unsealed"] and ledger["nights"][0]["net_cents"] is None
    token = store.issue_token(db, ana)
    assert UNSEALED in client.get(f"/p/{token}?lang=es").get_data(as_text=True)
    assert [(p["table"], p["key"]) for p in totals.verify_totals(db)] == [("night_standings", [night, ana])]


def test_the_phone_lists_a_bounded_number_of_nights_and_pages_the_older_ones(db, client):
    many = RECENT + EARLIER + PAGE + 3
    nights = [_night(db, {"Ana": 100 + (i % 3), "Bruno": 100 - (i % 3)}) for i in range(many)]
    ana = store.find_player(db, "Ana")
    token = store.issue_token(db, ana)
    ledger = store.player_ledger(db, ana)
    assert [n["night_id"] for n in ledger["nights"]] == nights[-(RECENT + EARLIER):]
    assert [n["night_id"] for n in ledger["nights"] if n["full"]] == nights[-RECENT:]
    assert ledger["older"] == PAGE + 3
    assert ledger["totals"] == {"EUR": sum(10 * (i % 3) for i in range(many))}
    html = client.get(f"/p/{token}?lang=es").get_data(as_text=True)
    assert len(re.findall(r'<li data-night="\d+">', html)) == EARLIER
    assert f'href="/p/{token}/nights"' in html
    first = client.get(f"/p/{token}/nights?lang=es").get_data(as_text=True)
    listed = [int(n) for n in re.findall(r'<li data-night="(\d+)">', first)]
    assert listed == list(reversed(nights[3:3 + PAGE]))
    assert f'href="/p/{token}/nights?page=2"' in first
    second = client.get(f"/p/{token}/nights?page=2&lang=es").get_data(as_text=True)
    assert [int(n) for n in re.findall(r'<li data-night="(\d+)">', second)] == list(reversed(nights[:3]))
    running = [int(c) for c in re.findall(r'data-running-cents="(-?\d+)"', second)]
    assert running == [sum(10 * (i % 3) for i in range(k + 1)) for k in (2, 1, 0)]
    assert client.get(f"/p/{token}/nights?page=3").status_code == 404
    assert client.get(f"/p/{token}/nights?page=x").status_code == 404


def test_the_charts_draw_at_most_chart_points_nights():
    assert totals.spread(list(range(5)), 60) == list(range(5))
    picked = totals.spread(list(range(500)), totals.CHART_POINTS)
    assert len(picked) == totals.CHART_POINTS and picked[0] == 0 and picked[-1] == 499
