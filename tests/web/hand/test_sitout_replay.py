"""The host's replay of a sitout said after the ante (issue 27, a fresh tester: its finding
was titled "fuera de turno" and the step said "Was due: Bea · Acted: Ana"). Seed 000: "Si un
jugador quiere abstenerse, lo dirá, y no se le darán cartas": abstaining is said when the
player says it, not in turn; said after the ante it is a fold (``sitout_irregular``)."""

from __future__ import annotations

import re

from hosts import login_host

import store

HAND = ["p1 ante 5", "p2 ante 5", "p2 sitout", "p3 ante 5", "d deal p1 AsAd7c5d2h", "p1 open 10",
        "p3 call", "p1 draw 0", "p3 draw 0", "p1 check", "p3 check", "p1 show AsAd7c5d2h",
        "p3 show KsKd9h6h3c", "d award p1 35"]


def _night(db) -> int:
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                                  chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bea"), (3, "Chus")):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
    hand_id = store.start_hand(db, night_id, button=3, entered_by="host")
    for i, line in enumerate(HAND):
        store.append_action(db, hand_id, line, entered_by="dealer", key=f"s{hand_id}-{i}")
    store.end_hand(db, hand_id, entered_by="dealer")
    return night_id


def test_a_sitout_after_the_ante_is_said_as_what_happened_and_names_nobody_as_due(client, db):
    night_id = _night(db)
    login_host(client)
    for lang, label, wrong in (("es", "abstención irregular", "fuera de turno"),
                               ("en", "irregular sit-out", "out of turn")):
        html = client.get(f"/host/night/{night_id}/hand/1?lang={lang}",
                          headers={"Accept-Language": lang}).get_data(as_text=True)
        step = re.search(r'<li class="step[^"]*" id="step-3".*?</li>', html, re.S).group(0)
        assert label in step and wrong not in step
        due = re.search(r'<strong class="due">([^<]*)</strong>', step).group(1)
        acted = re.search(r'<strong class="acted">([^<]*)</strong>', step).group(1)
        assert acted == "Bea" and due not in ("Chus", "Ana", "Bea"), (due, step)
