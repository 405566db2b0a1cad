"""A night with something on every page, and the path of every page (for the tests of
what every page carries: headers, no inline script or style, no CSP violation).

``build_pages(app, db) -> Pages``: night 1 with hand 1 played and ended (Chus opens before
Bruno has spoken: ``shared/cases/out_of_turn_open.json``'s hand), Ana's dispute of it open,
hand 2 started; Ana's private link; a dealer link for the night; its table code; and night 2, closed
(Bruno pays Ana: his outstanding page, ``payer``).
"""

from __future__ import annotations

from dataclasses import dataclass

import store
from store.night.table_code import issue_table_code

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
PLAYERS = (("Ana", 1), ("Bruno", 3), ("Chus", 4))
ACTIONS = ("p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p4 open 10", "p3 fold",
           "p1 fold", "p4 show QsQh7c5d2s", "d award p4 25")


def dealer_token(app, db, night_id: int) -> str:
    """A dealer link's secret for the night, issued as the host issues them
    (``store.issue_dealer_link``; ``app`` is unused, kept for the callers)."""
    return store.issue_dealer_link(db, night_id, "Tablet 1", issued_by="host:test")[1]


@dataclass
class Pages:
    night: int
    hand: int
    dispute: int
    player_token: str
    dealer_token: str
    closed_night: int | None = None
    payer: int | None = None
    """A player who pays on the closed night (their outstanding page lists it)."""
    table_code: str | None = None
    """The night's table code (issue 26: its claim page, ``/t/<code>``, opens for anyone)."""

    @property
    def host(self) -> list[str]:
        """The host's pages (HTML) after login."""
        stages = [f"/host/night/{self.night}/{stage}" for stage in ("table", "play", "close", "pay")]
        closed = [f"/host/night/{self.closed_night}/{stage}" for stage in ("close", "pay")] if self.closed_night else []
        return ["/host/", *stages, f"/host/dispute/{self.dispute}",
                f"/host/night/{self.night}/hands", f"/host/night/{self.night}/hand/1",
                "/reports/nights", f"/reports/nights/{self.night}", "/host/outstanding", "/host/club",
                "/host/pokernow/",
                "/host/import", "/host/stats", f"/host/night/{self.night}/stats"] + \
            ([f"/host/stats/player/{self.payer}"] if self.payer else []) + \
            closed + \
            ([f"/host/outstanding/{self.payer}"] if self.payer else [])  # (the settlement, share text; the forms)

    @property
    def dealer(self) -> list[str]:
        """The dealer's page (HTML)."""
        return [f"/dealer/{self.night}/{self.dealer_token}/"]

    @property
    def player(self) -> list[str]:
        """The player's pages (HTML)."""
        return [f"/p/{self.player_token}", f"/p/{self.player_token}/hand/{self.hand}",
                f"/p/{self.player_token}/hand/{self.hand}/dispute", f"/p/{self.player_token}/stats"]

    @property
    def anonymous(self) -> list[str]:
        """Pages anyone may open (the table code's claim page: anyone holding the code)."""
        return ["/host/login"] + ([f"/t/{self.table_code}"] if self.table_code else [])

    @property
    def html(self) -> list[str]:
        return self.anonymous + self.host + self.dealer + self.player


def build_pages(app, db) -> Pages:
    night = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {}
    for name, seat in PLAYERS:
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 500, entered_by="test")
    hand = store.start_hand(db, night, button=4, entered_by="test")
    for i, action in enumerate(ACTIONS):
        store.append_action(db, hand, action, entered_by="test", key=f"pages-{i:03d}")
    store.end_hand(db, hand, entered_by="test")
    dispute = store.open_dispute(db, hand, ids["Ana"], "Chus opened before Bruno spoke.")
    store.start_hand(db, night, entered_by="test")
    return Pages(night, hand, dispute, store.issue_token(db, ids["Ana"]), dealer_token(app, db, night),
                 closed_night(db, ids), ids["Bruno"], issue_table_code(db, night, issued_by="host:test")[1])


def closed_night(db, ids: dict[str, int]) -> int:
    """A second night, closed: Ana won 40 chips from Bruno (the page opens on who pays whom,
    the report links and the share text)."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Cerrada")
    for (name, seat), counted in zip(PLAYERS[:2], (140, 60)):
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 100, entered_by="test")
        store.cash_out(db, night, ids[name], counted, entered_by="test")
    store.close_night(db, night, entered_by="test")
    return night
