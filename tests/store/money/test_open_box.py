"""The "caja libre" (issue 27: ``table_stakes`` false) in the money: chips a seat wagers past
its stack are bought from the box at once (the referee names them: ``chips_added_mid_hand``,
reason ``open_box``), and they are the player's to pay like any buy-in, so the bank balances,
the close goes through and the net counts them once.

Seed 002: «…si el juego se llevará a cabo con una caja libre (sin límite en las apuestas) o
con una caja cautiva. Esto significa que cada jugador responde, en cada mano, solo de las
fichas que tiene delante…» (a fresh tester: with a caja libre the chips owed to the box never
reached the ledger, the close was refused and the *Cierre*'s net was wrong).
"""

from __future__ import annotations

import re

from hosts import login_host

import store
from store.money.bank import money_rows
from store.stats.figures import night_figures

RULES = {"preset": "jackpots", "ante": 5, "betting": "no_limit", "min_bet": 10, "table_stakes": False}
HAND = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "d deal p1 AsAd7c5d2h", "p1 open 150", "p2 fold",
        "p3 call", "p1 draw 0", "p3 draw 0", "p1 check", "p3 check", "p1 show AsAd7c5d2h", "p3 show KsKd9h6h3c",
        "d award p1 315"]


def _night(db, rules=RULES) -> tuple[int, dict[str, int]]:
    """Ana, Bruno and Chus buy 100 each; Ana opens for 150 with 95 behind and Chus calls it
    (55 chips from the box each); Ana wins 315."""
    night_id = store.create_night(db, rules=rules, chip_cents=10)
    players = {name: store.join_table(db, night_id, name, seat, 100, entered_by="host")
               for seat, name in ((1, "Ana"), (2, "Bruno"), (3, "Chus"))}
    hand_id = store.start_hand(db, night_id, button=3, entered_by="dealer")
    store.append_actions(db, hand_id, HAND, entered_by="dealer", keys=[f"k{i}" for i in range(len(HAND))])
    store.end_hand(db, hand_id, entered_by="dealer")
    for name, chips in (("Ana", 315), ("Bruno", 95), ("Chus", 0)):
        store.cash_out(db, night_id, players[name], chips, entered_by="host")
    return night_id, players


def test_chips_from_the_box_are_bought_and_the_bank_balances(db):
    """The chips on the table (410) are the chips bought (300) plus the box's (55 + 55)."""
    night_id, players = _night(db)
    rows = {r["name"]: r for r in money_rows(db, night_id)}
    assert {n: (r["bought"], r["box"]) for n, r in rows.items()} == {
        "Ana": (155, 55), "Bruno": (100, 0), "Chus": (155, 55)}
    bank = store.bank_check(db, night_id)
    assert (bank["bought"], bank["counted"], bank["difference"], bank["balanced"]) == (410, 410, 0, True)
    assert not bank["miscounts"]


def test_the_close_goes_through_and_the_nets_pay_the_box(db):
    """Ana +160 (315 counted, 100 + 55 bought), Bruno -5, Chus -155: chips at 10 cents."""
    night_id, players = _night(db)
    store.close_night(db, night_id, entered_by="host:test", resolution="recount")
    summary = store.night_summary(db, night_id)
    nets = {r["name"]: r["net_cents"] for r in summary["players"]}
    assert nets == {"Ana": 1600, "Bruno": -50, "Chus": -1550}


def test_table_stakes_buy_nothing_from_a_box(db):
    """With table stakes (the default) Ana's open is capped at her 95 (``bet_too_large``):
    nothing is bought, the money is the ledger's alone."""
    night_id = store.create_night(db, rules={**RULES, "table_stakes": True}, chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bruno"), (3, "Chus")):
        store.join_table(db, night_id, name, seat, 100, entered_by="host")
    hand_id = store.start_hand(db, night_id, button=3, entered_by="dealer")
    store.append_actions(db, hand_id, HAND[:5], entered_by="dealer", keys=[f"k{i}" for i in range(5)])
    assert {r["name"]: (r["bought"], r["box"]) for r in money_rows(db, night_id)} == {
        "Ana": (100, 0), "Bruno": (100, 0), "Chus": (100, 0)}


def test_the_phone_and_the_host_list_the_chips_from_the_box(client, db):
    """Chus's phone says where her 155 chips came from (100 bought, 55 from the box in hand
    1); the host's list of buy-ins and cash-outs has the box's rows, with no void button
    (the hand's lines are their record)."""
    night_id, players = _night(db)
    token = store.issue_token(db, players["Chus"])
    phone = client.get(f"/p/{token}?lang=en").get_data(as_text=True)
    assert "From the box in hand 1: 55 chips" in phone
    assert "De la caja en la mano 1: 55 fichas" in client.get(f"/p/{token}?lang=es").get_data(as_text=True)
    login_host(client)
    page = client.get(f"/host/night/{night_id}/table?lang=en").get_data(as_text=True)
    rows = re.findall(r'<tr class="entry-box">(.*?)</tr>', page, re.S)
    assert len(rows) == 2 and all("From the box in hand 1" in r and "55" in r for r in rows)
    assert all("void-entry" not in r for r in rows)


def test_the_statistics_net_chips_leave_the_box_out_as_they_leave_rebuys_out(db):
    """The statistics' net chips are the money's (issue 28's property): Chus's 55 chips
    from the box are bought, not lost in play twice (Ana +160, Bruno -5, Chus -155)."""
    night_id, _ = _night(db)
    nets = {r["name"]: r["net_chips"] for r in night_figures(db, night_id)}
    assert nets == {"Ana": 160, "Bruno": -5, "Chus": -155}


def test_the_phone_says_what_each_won_or_lost_in_the_hand_not_what_it_bought(client, db):
    """A second fresh tester: Ana's phone said "you won 315 chips" (her stack's change, the
    box's 55 in it) and Chus's "you lost 100": Ana won 160, Chus lost 155."""
    night_id, players = _night(db)
    said = {}
    for name in ("Ana", "Chus"):
        token = store.issue_token(db, players[name])
        said[name] = client.get(f"/p/{token}?lang=en").get_data(as_text=True)
    assert "Hand 1: you won 160 chips from Bruno and Chus" in said["Ana"]
    assert "Hand 1: you lost 155 chips; Ana took the pot" in said["Chus"]


def test_a_rulings_preview_says_the_nets_the_box_makes_and_the_commit_agrees(db):
    """A second fresh tester: a ruling that changed the open for 150 to 100 (Ana and Chus
    buy 5 from the box each, not 55) previewed the nets unchanged and "no chips move"; after
    the commit the nets moved by 50 each. The preview says what the commit then does, and a
    closed night is reopened for it (the money changed)."""
    night_id, players = _night(db)
    store.close_night(db, night_id, entered_by="host:test", resolution="recount")
    hand = db.execute("SELECT id FROM hands WHERE night_id = ?", [night_id]).fetchone()[0]
    dispute = store.open_dispute(db, hand, players["Chus"], "Ana opened for 100, not 150.")
    corrected = [line.replace("open 150", "open 100").replace("award p1 315", "award p1 215") for line in HAND]
    preview = store.preview_ruling(db, dispute, decision="upheld", actions=corrected)
    said = {p["name"]: (p["net_before"], p["net_after"]) for p in preview["players"]}
    assert said["Chus"] == (-155, -105) and preview["reopens"]
    store.record_ruling(db, dispute, decision="upheld", rule="the open was 100", actions=corrected,
                        entered_by="host:test")
    nets = {r["name"]: r["net_chips"] for r in store.night_summary(db, night_id)["players"]}
    assert nets["Chus"] == said["Chus"][1]
    assert {r["name"]: r["box"] for r in money_rows(db, night_id)} == {"Ana": 5, "Bruno": 0, "Chus": 5}
