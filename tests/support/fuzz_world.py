"""The night the endpoint fuzzing posts against: a hand played, a dispute, links of every role."""

from __future__ import annotations

from dataclasses import dataclass, field

from every_page import dealer_token
from hosts import login_host

import store
from store.night.table_code import claim_name, issue_table_code
from store.stats.seasons import create_season

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


HAND = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p4 open 10", "p3 fold", "p1 fold",
        "p4 show QsQh7c5d2s", "d award p4 25"]


@dataclass
class World:
    """A night (Ana, Bruno, Chus; hand 1 played and disputed by Ana; hand 2 in progress),
    its dealer path, Ana's player link, the table code (Chus's name claimed with it)."""
    night: int = 0
    hand: int = 0
    live_hand: int = 0
    dispute: int = 0
    entry: int = 0
    link_id: int = 0
    ids: dict = field(default_factory=dict)
    token: str = ""
    dealer: str = ""
    table_code: str = ""
    claim_id: int = 0
    season: int = 0


def build(app, db) -> World:
    w = World()
    w.night = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in (("Ana", 1), ("Bruno", 3), ("Chus", 4)):
        w.ids[name] = store.add_player(db, name)
        store.seat_player(db, w.night, w.ids[name], seat, entered_by="test")
        store.buy_in(db, w.night, w.ids[name], 500, entered_by="test")
    w.entry = db.execute("SELECT MAX(id) FROM ledger").fetchone()[0]
    w.hand = store.start_hand(db, w.night, button=4, entered_by="test")
    for i, action in enumerate(HAND):
        store.append_action(db, w.hand, action, entered_by="test", key=f"fuzz-world-{i}")
    store.end_hand(db, w.hand, entered_by="test")
    w.dispute = store.open_dispute(db, w.hand, w.ids["Ana"], "Chus opened before Bruno spoke.")
    w.live_hand = store.start_hand(db, w.night, entered_by="test")
    w.token = store.issue_token(db, w.ids["Ana"])
    w.link_id = store.player.player_links.player_links(db, w.ids["Ana"])[0]["id"]
    w.dealer = f"/dealer/{w.night}/{dealer_token(app, db, w.night)}"
    w.table_code = issue_table_code(db, w.night, issued_by="test")[1]   # the table code, Chus's name taken
    w.claim_id = claim_name(db, w.table_code, w.ids["Chus"])["claim_id"]
    w.season = create_season(db, "Primavera", "2026-03-01", "2026-05-31", entered_by="test")   # (issue 28)
    return w


def _flashed(client) -> list[str]:
    with client.session_transaction() as session:
        return [text for category, text in session.pop("_flashes", []) if category == "error"]


def _host(app, db):
    w = build(app, db)
    client = app.test_client()
    login_host(client)
    return w, client
