"""Every state-changing route of the app with a night that has something for each, and a client
in each role (host, dealer, player, outsiders): the role x route matrix's world.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Callable

from csrf_client import post_form, post_json
from hosts import HOST_PASSWORD, login_host

import store
import store.money.expenses
import store.stats.seasons
from store.dispute.rulings import preview_digest
from store.night.rebuy_reads import pending_rebuys
from store.night.rebuy_requests import ask_rebuy, set_tablet_rebuys
from store.night.screen_links import issue_screen_link
from store.night.table_code import claim_name, issue_table_code

CASE = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
        "players": [("Ana", 1), ("Bruno", 3), ("Chus", 4)],
        "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p4 open 10", "p3 fold",
                    "p1 fold", "p4 show QsQh7c5d2s", "d award p4 25"]}
"""shared/cases/out_of_turn_open.json's hand: Chus opens before Bruno has spoken."""


MADE_UP_TOKEN = "Zq3" * 14 + "x"
"""43 URL-safe characters no link was issued with."""


@dataclass
class World:
    """A night A (Ana, Bruno, Chus; hand 1 played; Ana's dispute of it open; Ana counted)
    and a night B (Dora, Eva; nothing played), with links."""
    app: object
    db: object
    night: int = 0
    other_night: int = 0
    hand: int = 0
    ids: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)
    dispute: int = 0
    ana_count: int = 0
    dealers: dict = field(default_factory=dict)
    revoked_dealer: str = ""
    dealer_link: int = 0
    table_code: str = ""
    claim: dict = field(default_factory=dict)
    demo: int = 0

    def dealer(self, night_id: int) -> str:
        """The night's tablet link (issued by :func:`build`)."""
        return self.dealers[night_id]


def build(app, db) -> World:
    w = World(app, db)
    w.night = store.create_night(db, rules=CASE["rules"], chip_cents=10)
    for name, seat in CASE["players"]:
        w.ids[name] = store.add_player(db, name)
        store.seat_player(db, w.night, w.ids[name], seat, entered_by="test")
        store.buy_in(db, w.night, w.ids[name], 500, entered_by="test")
    w.hand = store.start_hand(db, w.night, button=4, entered_by="test")
    for i, action in enumerate(CASE["actions"]):
        store.append_action(db, w.hand, action, entered_by="test", key=f"world-{i}")
    store.end_hand(db, w.hand, entered_by="test")
    w.dispute = store.open_dispute(db, w.hand, w.ids["Ana"], "Chus opened before Bruno spoke.")
    store.cash_out(db, w.night, w.ids["Ana"], 495, entered_by="test")
    w.ana_count = db.execute("SELECT MAX(id) FROM ledger WHERE kind = 'cash_out'").fetchone()[0]
    w.other_night = store.create_night(db, rules=CASE["rules"], chip_cents=10)
    for name, seat in (("Dora", 1), ("Eva", 2)):
        w.ids[name] = store.add_player(db, name)
        store.seat_player(db, w.other_night, w.ids[name], seat, entered_by="test")
        store.buy_in(db, w.other_night, w.ids[name], 300, entered_by="test")
    for name in ("Ana", "Bruno", "Dora"):
        w.tokens[name] = store.issue_token(db, w.ids[name])
    for night_id in (w.night, w.other_night):
        w.dealer_link, w.dealers[night_id] = store.issue_dealer_link(db, night_id, None, issued_by="test")
    w.dealer_link = store.issue_dealer_link(db, w.night, "Spare", issued_by="test")[0]
    revoked, w.revoked_dealer = store.issue_dealer_link(db, w.night, "Lost", issued_by="test")
    store.revoke_dealer_link(db, revoked, revoked_by="test")
    w.table_code = issue_table_code(db, w.night, issued_by="test")[1]
    return w


def _chus_claimed(w: World) -> None:
    """A phone took Chus's name with the table code (``w.claim``: its id and the link's token)."""
    w.claim = claim_name(w.db, w.table_code, w.ids["Chus"])


def _the_claiming_phone(w: World) -> dict:
    """The cookie of the phone that took Chus's name (``web.night.table_code.COOKIE``)."""
    return {"tapete_table": w.claim["token"]}


def close_with_override(w: World) -> None:
    store.cash_out(w.db, w.night, w.ids["Bruno"], 495, entered_by="test")
    store.cash_out(w.db, w.night, w.ids["Chus"], 510, entered_by="test")
    store.close_night(w.db, w.night, entered_by="test", override_reason="test: closed with a dispute open")


@dataclass
class Route:
    """One state-changing route: its area, the request (built for a credential), and what
    the world needs before it (``prepare``)."""
    endpoint: str
    area: str                                   # "host" | "dealer" | "player" | "table" (the table code)
    path: Callable[[World, str], str]           # (world, credential token) -> path
    data: Callable[[World], dict]
    prepare: Callable[[World], None] = lambda w: None
    as_json: bool = False
    also: tuple = ()                            # other roles the route lets in (a player's own handle)
    cookies: Callable[[World], dict] | None = None  # cookies (path /t/) every role's client holds when it sends


def _passed_out(w: World) -> None:
    """A hand everyone passes: its pot is carried after it (the pot a host may hand back)."""
    hand = store.start_hand(w.db, w.night, button=1, entered_by="test")
    lines = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 check", "p4 check", "p1 check"]
    store.append_actions(w.db, hand, lines, entered_by="test", keys=[f"passed-{i}" for i in range(len(lines))])
    store.end_hand(w.db, hand, entered_by="test")


def _demo_night(w: World) -> None:
    """A demo night, as ``flask demo`` leaves it (closed by "demo"), to hide."""
    w.demo = store.create_night(w.db, rules=CASE["rules"], chip_cents=10, title="Demo")
    for name, seat in (("Demo Ana", 1), ("Demo Bruno", 2)):
        player = store.find_player(w.db, name) or store.add_player(w.db, name)
        store.seat_player(w.db, w.demo, player, seat, entered_by="test")
        store.buy_in(w.db, w.demo, player, 100, entered_by="test")
        store.cash_out(w.db, w.demo, player, 100, entered_by="test")
    store.close_night(w.db, w.demo, entered_by="demo")


def _bruno_asked(w: World) -> int:
    """Bruno's request for 200 chips from his phone, waiting (asked once: its id after)."""
    found = pending_rebuys(w.db, w.night)
    return found[0]["id"] if found else ask_rebuy(w.db, w.night, w.ids["Bruno"], 200)


def _a_season(w: World) -> None:
    """A season for the season routes to rename or delete (issue 28)."""
    w.ids["season"] = store.stats.seasons.create_season(w.db, "Primavera", "2026-03-01", "2026-05-31",
                                                        entered_by="test")


def _ana_link_id(w: World) -> int:
    return store.player.player_links.player_links(w.db, w.ids["Ana"])[0]["id"]


def _add_expense(w: World) -> None:
    store.money.expenses.add_expense(w.db, w.night, w.ids["Ana"], 1200, "pizza", [w.ids["Ana"], w.ids["Chus"]],
                               entered_by="test")


def _expense(w: World) -> int:
    return w.db.execute("SELECT MAX(id) FROM expenses").fetchone()[0] or 0


def _rule_form(w: World) -> dict:
    preview = store.preview_ruling(w.db, w.dispute, decision="rejected")
    return {"decision": "rejected", "rule": "TDA 53: the out-of-turn action is binding.", "note": "",
            "digest": preview_digest(preview), "key": "rule-form-0001"}


def _ruled_in_money(w: World) -> None:
    """The world's dispute upheld in money on a log whose award line is corrected to the
    pot pushed to Ana (the rules give it to Chus): 25 chips to move, a mode to change."""
    actions = CASE["actions"][:-1] + ["d award p1 25"]
    store.record_ruling(w.db, w.dispute, decision="upheld", rule="RRoP, Showdown 3", entered_by="test",
                        actions=actions, mode="money")
    for entry in store.night_entries(w.db, w.night):   # (uncounted: a count is of the chips held then)
        if entry["kind"] == "cash_out" and not entry["voided"]:
            store.void_entry(w.db, entry["id"], reason="they count again", entered_by="test")


ROUTES = [
    Route("host.new_night", "host", lambda w, t: "/host/nights",
          lambda w: {"preset": "jackpots", "ante": "5", "small_bet": "10", "big_bet": "20",
                     "chip_cents": "10", "key": "night-form-0001"}),
    Route("host.seat", "host", lambda w, t: f"/host/night/{w.night}/seat",
          lambda w: {"name": "Fede", "seat": "6", "chips": "300", "key": "seat-form-0001"}),
    Route("host.unseat", "host", lambda w, t: f"/host/night/{w.night}/unseat",
          lambda w: {"player_id": str(w.ids["Ana"]), "reason": "went home", "key": "unseat-0001"}),
    Route("host.void_hand", "host", lambda w, t: f"/host/night/{w.night}/void-hand",
          lambda w: {"reason": "started by mistake", "key": "voidhand-0001"},
          prepare=lambda w: store.start_hand(w.db, w.night, entered_by="test")),
    Route("live_hand.last_hand", "host", lambda w, t: f"/host/night/{w.night}/last-hand",
          lambda w: {"on": "1", "key": "last-hand-0001"}),
    Route("host.buy_in", "host", lambda w, t: f"/host/night/{w.night}/buy-in",
          lambda w: {"player_id": str(w.ids["Chus"]), "chips": "100", "key": "buyin-0001"}),
    Route("host.start_hand", "host", lambda w, t: f"/host/night/{w.night}/hand",
          lambda w: {"button": "", "key": "hand-form-0001"}),
    Route("host.cash_out", "host", lambda w, t: f"/host/night/{w.night}/cash-out",
          lambda w: {"player_id": str(w.ids["Chus"]), "chips": "510", "key": "cash-0001"}),
    Route("host.recount", "host", lambda w, t: f"/host/night/{w.night}/recount",
          lambda w: {"player_id": str(w.ids["Ana"]), "chips": "500", "key": "recount-0001"}),
    Route("host.pot_handed_back", "host", lambda w, t: f"/host/night/{w.night}/pot-handed-back",
          lambda w: {"key": "pot-back-0001"}, prepare=lambda w: _passed_out(w)),
    Route("host.close", "host", lambda w, t: f"/host/night/{w.night}/close",
          lambda w: {"confirm": "1", "resolution": "", "override_reason": "ruled tomorrow",
                     "key": "close-0001"},
          prepare=lambda w: (store.cash_out(w.db, w.night, w.ids["Bruno"], 495, entered_by="test"),
                             store.cash_out(w.db, w.night, w.ids["Chus"], 510, entered_by="test"))),
    Route("host.counts", "host", lambda w, t: f"/host/night/{w.night}/counts",
          lambda w: {f"count-{w.ids['Bruno']}": "495", f"count-{w.ids['Chus']}": "510", "key": "counts-0001"}),
    Route("host.seat_last", "host", lambda w, t: f"/host/night/{w.night}/seat-last",
          lambda w: {"key": "seat-last-0001"}),
    Route("host.buy_in_all", "host", lambda w, t: f"/host/night/{w.night}/buy-in-all",
          lambda w: {"chips": "200", "key": "buy-all-0001"},
          prepare=lambda w: store.seat_player(w.db, w.night, store.add_player(w.db, "Gus"), 7, entered_by="test")),
    Route("host.void_entry", "host", lambda w, t: f"/host/night/{w.night}/void-entry",
          lambda w: {"entry_id": str(w.ana_count), "reason": "miscounted", "key": "void-entry-0001"}),
    Route("host.reopen", "host", lambda w, t: f"/host/night/{w.night}/reopen",
          lambda w: {"reason": "a late correction"}, prepare=close_with_override),
    Route("host.issue_link", "host", lambda w, t: f"/host/player/{w.ids['Chus']}/link",
          lambda w: {"night_id": str(w.night)}),
    Route("host.revoke_one_link", "host",
          lambda w, t: f"/host/player/{w.ids['Ana']}/links/{_ana_link_id(w)}/revoke",
          lambda w: {"night_id": str(w.night)}),
    Route("host.revoke_all_links", "host", lambda w, t: f"/host/player/{w.ids['Ana']}/links/revoke-all",
          lambda w: {"night_id": str(w.night)}),
    Route("host.revoke_link", "host", lambda w, t: "/host/revoke",
          lambda w: {"night_id": str(w.night), "link": f"https://club.example/p/{w.tokens['Ana']}"}),
    Route("club.hide_night", "host", lambda w, t: f"/host/nights/{w.demo}/hide",
          lambda w: {"key": "hide-demo-0001"}, prepare=_demo_night),
    Route("host.change_password", "host", lambda w, t: "/host/account/password",
          lambda w: {"current": HOST_PASSWORD, "password": "a new password 2", "confirm": "a new password 2"}),
    Route("disputes.rule", "host", lambda w, t: f"/host/dispute/{w.dispute}/rule", _rule_form),
    Route("disputes.change_mode", "host", lambda w, t: f"/host/dispute/{w.dispute}/mode",
          lambda w: {"ruling": str(w.db.execute("SELECT MAX(id) FROM rulings").fetchone()[0]), "mode": "table",
                     "reason": "handed over at the table", "key": "mode-0001"}, prepare=_ruled_in_money),
    Route("host.issue_dealer_link", "host", lambda w, t: f"/host/night/{w.night}/dealer-links",
          lambda w: {"label": "Tablet B", "key": "dealer-link-0001"}),
    Route("host.revoke_dealer_link", "host",
          lambda w, t: f"/host/night/{w.night}/dealer-links/{w.dealer_link}/revoke", lambda w: {}),
    Route("dealer.tap", "dealer", lambda w, t: f"/dealer/{w.night}/{t}/tap",
          lambda w: {"key": "tap-start-0001", "op": "start_hand", "after_hand": w.hand}, as_json=True),
    Route("disputes.player_dispute", "player", lambda w, t: f"/p/{t}/hand/{w.hand}/dispute",
          lambda w: {"statement": "Chus opened out of turn.", "key": "dispute-form-0001"}),
    # the table code (issue 26): the host shows it (again), releases or revokes a phone's claim,
    # shows a tablet's link again as a QR; the phone holding the code claims a name, gives it back
    Route("table_host.show_table_code", "host", lambda w, t: f"/host/night/{w.night}/table-code",
          lambda w: {"key": "table-code-0001"}),
    Route("table_host.release_claim", "host",
          lambda w, t: f"/host/night/{w.night}/claims/{w.claim['claim_id']}/release", lambda w: {},
          prepare=_chus_claimed),
    Route("table_host.revoke_claim", "host",
          lambda w, t: f"/host/night/{w.night}/claims/{w.claim['claim_id']}/revoke", lambda w: {},
          prepare=_chus_claimed),
    Route("table_host.show_tablet_again", "host",
          lambda w, t: f"/host/night/{w.night}/dealer-links/{w.dealer_link}/again", lambda w: {"key": "again-0001"}),
    Route("table.claim", "table", lambda w, t: f"/t/{t}/claim",
          lambda w: {"player_id": str(w.ids["Bruno"]), "key": "claim-0001"}),
    Route("table.give_back", "table", lambda w, t: f"/t/{t}/give-back", lambda w: {},
          prepare=_chus_claimed, cookies=_the_claiming_phone),
    # the live table view on a screen in the room and rebuys asked from the phone (issue 28)
    Route("screen.issue", "host", lambda w, t: f"/host/night/{w.night}/screen-link",
          lambda w: {"key": "screen-link-0001"}),
    Route("screen.revoke", "host", lambda w, t: f"/host/night/{w.night}/screen-link/revoke", lambda w: {},
          prepare=lambda w: issue_screen_link(w.db, w.night, issued_by="test")),
    Route("rebuys.ask", "player", lambda w, t: f"/p/{t}/night/{w.night}/rebuy",
          lambda w: {"chips": "200", "key": "ask-chips-0001"}),
    Route("rebuys.withdraw", "player", lambda w, t: f"/p/{t}/night/{w.night}/rebuy/withdraw",
          lambda w: {"key": "ask-back-0001"}, prepare=lambda w: _bruno_asked(w)),
    Route("rebuys.host_answer", "host", lambda w, t: f"/host/night/{w.night}/rebuy-requests/{_bruno_asked(w)}",
          lambda w: {"answer": "accepted", "key": "answer-0001"}, prepare=lambda w: _bruno_asked(w)),
    Route("rebuys.tablet_rebuys", "host", lambda w, t: f"/host/night/{w.night}/tablet-rebuys",
          lambda w: {"on": ["0", "1"], "key": "tablet-rebuys-0001"}),
    Route("rebuys.tablet_answers", "dealer", lambda w, t: f"/dealer/{w.night}/{t}/rebuy",
          lambda w: {"key": "tablet-answer-0001", "request_id": _bruno_asked(w), "answer": "accepted"},
          prepare=lambda w: (_bruno_asked(w), set_tablet_rebuys(w.db, w.night, True, entered_by="test")),
          as_json=True),
    # paying up (web.money.views): closed with Ana -5, Bruno -5, Chus +10 chips
    Route("payments.host_handle", "host", lambda w, t: f"/host/night/{w.night}/handle",
          lambda w: {"player_id": str(w.ids["Chus"]), "handle": "https://paypal.me/chus", "key": "handle-0001"}),
    Route("payments.host_transfer", "host", lambda w, t: f"/host/night/{w.night}/transfer",
          lambda w: {"action": "confirm", "payer_id": str(w.ids["Bruno"]), "payee_id": str(w.ids["Chus"]),
                     "key": "transfer-0001"}, prepare=close_with_override),
    Route("payments.add_expense", "host", lambda w, t: f"/host/night/{w.night}/expenses",
          lambda w: {"payer_id": str(w.ids["Ana"]), "amount": "24,00", "description": "pizza",
                     "sharer_ids": [str(w.ids["Ana"]), str(w.ids["Bruno"])], "key": "expense-0001"}),
    Route("payments.void_expense", "host", lambda w, t: f"/host/night/{w.night}/expenses/{_expense(w)}/void",
          lambda w: {"reason": "entered twice", "key": "void-expense-0001"}, prepare=_add_expense),
    # the PokerNow ledger import (web.files.pokernow): a new night with its buy-ins and counts
    Route("pokernow.upload", "host", lambda w, t: "/host/pokernow/",
          lambda w: {"amounts": "cents", "currency": "EUR", "timezone": "Europe/Madrid", "ledger": (io.BytesIO(
              b"player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n"
              b"Gala,pn-g,2026-03-14T20:00:00Z,,1000,,1500,500\nHugo,pn-h,2026-03-14T20:00:00Z,,1000,,500,-500\n"),
              "ledger.csv")}),
    Route("payments.player_handle", "player", lambda w, t: f"/p/{t}/handle",
          lambda w: {"handle": "600 111 222", "key": "my-handle-0001"}, also=("outsider",)),
    Route("payments.player_transfer", "player", lambda w, t: f"/p/{t}/night/{w.night}/transfer",
          lambda w: {"action": "paid", "other_id": str(w.ids["Chus"]), "key": "my-paid-0001"},
          prepare=close_with_override),
    # the club's statistics (issue 28, web.stats.views): seasons and the fair-play setting
    Route("stats.new_season", "host", lambda w, t: "/host/seasons",
          lambda w: {"name": "Otoño", "first_date": "2026-09-01", "last_date": "2026-11-30", "key": "season-0001"}),
    Route("stats.change", "host", lambda w, t: f"/host/seasons/{w.ids['season']}/change",
          lambda w: {"name": "Primavera larga", "first_date": "2026-03-01", "last_date": "2026-06-30",
                     "key": "season-change-0001"}, prepare=_a_season),
    Route("stats.delete", "host", lambda w, t: f"/host/seasons/{w.ids['season']}/delete",
          lambda w: {"key": "season-delete-0001"}, prepare=_a_season),
    Route("stats.fair_play", "host", lambda w, t: "/host/stats/fair-play", lambda w: {"show": "1"}),
    # files in (web.files.views): a session file uploaded makes a night (one line more than the
    # world's night: a night the club has is refused, issue 24)
    Route("files.import_file", "host", lambda w, t: "/host/import",
          lambda w: {"file": (io.BytesIO(json.dumps({"format": "tapete/1", "rules": CASE["rules"], "players": [
              {"seat": s, "name": n, "stack": 500} for n, s in CASE["players"]], "hands": [
              {"button": 4, "actions": CASE["actions"] + ["d note uploaded"]}]}).encode()), "night.json"),
              "chip_cents": "10"}),
]


EXEMPT = {
    "host.login": "the login page: open to everyone by design; a failed attempt is counted "
                  "(login_attempts: the limits) and nothing else changes",
    "host.setup": "the first visit's page: open to everyone, but only the one-time setup code makes "
                  "the account; a wrong code is counted (login_attempts) and nothing else changes",
    "host.logout": "ends the session (its own row only)",
    "disputes.preview": "the ruling's preview: a POST so a long note or correction fits, read-only (no row)",
    "disputes.step": "the step editor: the ruling form with a step changed, and its preview; read-only (no row)",
}
"""State-changing routes outside the matrix, and why (checked below: they change no row)."""


ROLES = ("anonymous", "player", "outsider", "other_dealer", "revoked_dealer", "dealer", "host", "table_phone")


ALLOWED = {"host": "host", "dealer": "dealer", "player": "player", "table": "table_phone"}
"""The one role each area lets in."""


def credential(w: World, role: str) -> str:
    """The token a role puts where a route's URL takes one (the host and the anonymous
    client have none: a made-up one)."""
    return {"player": w.tokens.get("Bruno"), "outsider": w.tokens.get("Dora"),
            "other_dealer": w.dealer(w.other_night), "dealer": w.dealer(w.night),
            "revoked_dealer": w.revoked_dealer, "table_phone": w.table_code}.get(role, MADE_UP_TOKEN)


def client_for(app, w: World, role: str):
    """A client that has used its role's credential (opened its own page)."""
    client = app.test_client()
    if role == "host":
        login_host(client)
    elif role in ("player", "outsider"):
        assert client.get(f"/p/{credential(w, role)}").status_code == 200
    elif role in ("dealer", "other_dealer"):
        night = w.night if role == "dealer" else w.other_night
        # (410: the night is closed, and the page says so)
        assert client.get(f"/dealer/{night}/{credential(w, role)}/").status_code in (200, 410)
    elif role == "revoked_dealer":   # it worked until the host revoked it: 404 at once
        assert client.get(f"/dealer/{w.night}/{credential(w, role)}/").status_code == 404
    elif role == "table_phone":      # a phone that scanned the table code (410: the night is closed)
        assert client.get(f"/t/{credential(w, role)}").status_code in (200, 410)
    return client


def carry_cookies(client, route: Route, w: World) -> None:
    """Give ``client`` the cookies the route's request carries (``route.cookies``: the
    phone that claimed a name keeps its claim in a cookie of the table code's pages)."""
    for name, value in (route.cookies(w) if route.cookies else {}).items():
        client.set_cookie(name, value, path="/t/")


def send(client, route: Route, w: World, role: str):
    path = route.path(w, credential(w, role))
    data = route.data(w)
    carry_cookies(client, route, w)
    if route.as_json:
        return post_json(client, path, data)
    return post_form(client, path, data)
