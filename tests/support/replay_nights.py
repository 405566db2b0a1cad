"""A night for the hand replayer's tests (store, routes, browser): four hands of jackpots.

Hand 1 is long and has everything the replayer shows: every deal recorded, a false opener
(Íñigo opens with a pair of tens, RRoP section 11), the pot pushed to him anyway (a
``wrong_award``), two lines corrected on the tablet (a deal with a wrong card and a raise
tapped for a call, each voided with its reason), discards that nobody shows and a folded
hand that nobody shows. Hand 2 is passed out. Eva and Fede sit down after hand 2; Eva plays
hand 3, Fede sits it out (his seat never appears in its log). Hand 4 is a second long hand.

Seats: Ana 1, Íñigo 3, Chus 4 (button of hand 1), Dani 6, Eva 8, Fede 9.
"""

from __future__ import annotations

import re

import store

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
NAMES = {1: "Ana", 3: "Íñigo", 4: "Chus", 6: "Dani"}

ANA_OWN = ("Ah", "Qc", "8d", "5s", "3h")
"""Ana's cards (seat 1): dealt to her, never shown, hers to see."""
NEVER_SHOWN = ("9c", "5h", "2s", "7d", "Jc", "Jh", "4d", "4s", "9s", "9d")
"""Hand 1's cards nobody showed: Íñigo's three discards, Chus's discard, Dani's folded hand,
and the card of the voided deal line (9d, also named in its reason)."""
def page_cards(html: str, *secrets: str) -> str:
    """A page's HTML with what is no card taken out before looking for card names in it: the
    given secrets (a link's token) and the page's CSRF token (its meta and form fields hold
    random letters such as "Jc")."""
    for secret in secrets:
        html = html.replace(secret, "")
    return re.sub(r'(name="csrf[-_]token" (?:content|value)=")[^"]*"', r'\1"', html)


SHOWN = ("Ts", "Td", "Tc", "8h", "4c", "Ks", "Kd", "6c", "6h", "3s")
"""""Cards shown at hand 1's showdown (6h served to Chus on the draw)."""""

HAND1 = [
    "p1 ante 5", "p3 ante 5", "p4 ante 5", "p6 ante 5",
    "d deal p1 AhQc8d5s3h", "d deal p3 TsTd9c5h2s", "d deal p4 KsKd6c7d3s",
    "d deal p6 JcJh4d4s9d",   # voided: 9d for 9s (WRONG_DEAL)
    "d deal p6 JcJh4d4s9s",
    "p6 check", "p1 check", "p3 open 10",
    "p4 raise 20",            # voided: a raise tapped for a call (WRONG_TAP)
    "p4 call", "p6 fold", "p1 fold",
    "p3 draw 3 9c5h2s", "d serve p3 Tc8h4c", "p4 draw 1 7d", "d serve p4 6h",
    "p3 bet 20", "p4 call",
    "p3 show TsTdTc8h4c", "p4 show KsKd6c6h3s",
    "d award p3 80",
]
WRONG_DEAL = "d deal p6 JcJh4d4s9d"
WRONG_TAP = "p4 raise 20"
DEAL_REASON = "wrong card typed: 9d for 9s"
TAP_REASON = "tapped raise instead of call"

HAND2 = ["p6 ante 5", "p1 ante 5", "p3 ante 5", "p4 ante 5",
         "p1 check", "p3 check", "p4 check", "p6 check"]
HAND3 = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p6 ante 5", "p8 ante 5",
         "p8 check", "p1 check", "p3 check", "p4 check", "p6 open 10", "p8 call",
         "p1 fold", "p3 fold", "p4 fold", "p8 draw 3", "p6 draw 2",
         "p6 check", "p8 bet 20", "p6 fold", "d award p8 85"]
HAND4 = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p6 ante 5", "p8 ante 5",
         "d deal p4 QsQd2c3d4h",
         "p1 check", "p3 check", "p4 open 10", "p6 call", "p8 raise 20", "p1 fold", "p3 fold",
         "p4 call", "p6 call", "p4 draw 3 2c3d4h", "p6 draw 1", "p8 draw 0",
         "p4 check", "p6 check", "p8 bet 20", "p4 fold", "p6 call",
         "p8 show AsAdAc7s7h", "p6 muck", "d award p8 125"]


def _play(db, night_id, actions, *, button=None, corrections=()):
    """Start a hand, log ``actions`` (each line in ``corrections`` voided right after it
    with its reason, as the tablet's undo does), end it; returns the hand's id."""
    hand_id = store.start_hand(db, night_id, button=button, entered_by="host")
    for i, line in enumerate(actions):
        store.append_action(db, hand_id, line, entered_by="dealer", key=f"h{hand_id}-{i}")
        for wrong, reason in corrections:
            if line == wrong:
                store.undo_last(db, hand_id, reason=reason, entered_by="dealer")
    store.end_hand(db, hand_id, entered_by="dealer")
    return hand_id


def replay_night(db) -> dict:
    """The night above, played through the store. Returns ``{"night_id", "hands": [hand
    ids of hands 1-4], "players": {name: player id}}``."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    players = {}
    for seat, name in NAMES.items():
        players[name] = store.add_player(db, name)
        store.seat_player(db, night_id, players[name], seat, entered_by="host")
        store.buy_in(db, night_id, players[name], 500, entered_by="host")
    hands = [_play(db, night_id, HAND1, button=4,
                   corrections=((WRONG_DEAL, DEAL_REASON), (WRONG_TAP, TAP_REASON))),
             _play(db, night_id, HAND2)]
    for seat, name in ((8, "Eva"), (9, "Fede")):
        players[name] = store.add_player(db, name)
        store.seat_player(db, night_id, players[name], seat, entered_by="host")
        store.buy_in(db, night_id, players[name], 500, entered_by="host")
    hands.append(_play(db, night_id, HAND3, button=6))
    hands.append(_play(db, night_id, HAND4, button=8))
    return {"night_id": night_id, "hands": hands, "players": players}
