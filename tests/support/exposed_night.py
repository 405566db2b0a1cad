"""A night with a card exposed in the deal (issue 27, seed 002), for the store's and the
phone's tests of who sees it: Ana (1), Bruno (2), Chus (3); Bruno's Ah is exposed, he folds,
Ana shows and wins, Chus mucks."""

from __future__ import annotations

import store

EXPOSED = "Ah"
"""The card meant for Bruno (seat 2) exposed while dealing."""
BRUNO_HIDDEN = ("Kc", "Qh", "8s", "4d")
"""Bruno's other four cards: dealt face down, never shown."""
ANA = ("As", "Ad", "7c", "5d", "2h")
CHUS = ("Ks", "Kd", "9h", "6h", "3c")
HAND = ["p1 ante 5", "p2 ante 5", "p3 ante 5",
        "d deal p1 " + "".join(ANA), f"d expose p2 {EXPOSED}", "d deal p2 " + "".join((EXPOSED, *BRUNO_HIDDEN)),
        "d deal p3 " + "".join(CHUS),
        "p1 open 10", "p2 fold", "p3 call", "p1 draw 0", "p3 draw 0", "p1 check", "p3 check",
        "p1 show " + "".join(ANA), "p3 muck", "d award p1 35"]


def exposed_night(db) -> dict:
    """Ana (1), Bruno (2), Chus (3), jackpots with antes of 5: the hand above, ended.
    Returns ``{"night_id", "hand_id", "players": {name: id}}``."""
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                                  chip_cents=10)
    players = {}
    for seat, name in ((1, "Ana"), (2, "Bruno"), (3, "Chus")):
        players[name] = store.add_player(db, name)
        store.seat_player(db, night_id, players[name], seat, entered_by="host")
        store.buy_in(db, night_id, players[name], 100, entered_by="host")
    hand_id = store.start_hand(db, night_id, button=3, entered_by="host")
    for i, line in enumerate(HAND):
        store.append_action(db, hand_id, line, entered_by="dealer", key=f"x{hand_id}-{i}")
    store.end_hand(db, hand_id, entered_by="dealer")
    return {"night_id": night_id, "hand_id": hand_id, "players": players}
