"""The statistics of a worked night, counted by hand (issue 28): three hands of jackpots at
three seats (Ana 1, Bruno 2, Chus 3; ante 5, bets 10/20), each figure below worked out from
the log by reading it, not from the code.

Hand 1 (button 3): Ana opens 10, Bruno calls, Chus folds; Ana draws 2, Bruno stands pat;
Ana bets 20, Bruno raises to 40, Ana calls; Ana shows first (Bruno, the last raiser, was to
show first: ``showdown_order``, Ana the actor, Bruno the seat named as due); Bruno's
straight flush takes 115. Ana -55, Bruno +60, Chus -5.
Hand 2 (button 1): Bruno checks, Chus opens 10, Ana raises to 20 (a raise before the
draw), Bruno folds, Chus calls; Chus draws 3, Ana 1; Chus bets 20, Ana folds; Chus shows
openers and takes 75. Ana -25, Bruno -5, Chus +30.
Hand 3 (button 2): everyone checks; passed out (15 carried). Each -5.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import store
from stats_worked import WORKED
from store.stats.figures import head_to_head, leaderboard, night_figures, player_figures
from store.hand.judging import table_after
from store.core.transactions import recorded_at
from store.hand.start_void import void_current_start
from store.money.chip_entries import recount_named
from store.stats.hand_stats import sums_from_hands
from store.stats.night_stats import running_sums
from store.stats.seasons import create_season

HAND_COUNTED = {
    #        hands vpip opened opened_won raised draws cards stood_pat showdowns sd_won pots_won biggest net
    "Ana":   (3, 2, 1, 0, 1, 2, 3, 0, 1, 0, 0, 0, -85),
    "Bruno": (3, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 115, 50),
    "Chus":  (3, 1, 1, 1, 0, 1, 3, 0, 0, 0, 1, 75, 20),
}
FIELDS = ("hands", "vpip", "opened", "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdowns",
          "showdowns_won", "pots_won", "biggest_pot", "net_chips")


def _night(db, day: int = 14) -> int:
    return store.import_session(db, WORKED, started_at=datetime(2026, 3, day, 20, 0, tzinfo=UTC))


def _ids(db) -> dict[str, int]:
    return {name: pid for pid, name in db.execute("SELECT id, name FROM players")}


def _stored(db, night: int) -> dict[str, tuple]:
    names = {v: k for k, v in _ids(db).items()}
    return {names[r[0]]: tuple(r[1:]) for r in db.execute(
        f"SELECT player_id, {', '.join(FIELDS)} FROM night_stats WHERE night_id = ?", [night])}


def _close_at_referee_stacks(db, night: int) -> None:
    """Close the night (the import counted everyone at the referee's stack)."""
    store.close_night(db, night, entered_by="test")


def test_a_worked_nights_figures_are_the_hand_counted_ones(db):
    night = _night(db)
    assert db.execute("SELECT COUNT(*) FROM night_stats").fetchone()[0] == 0  # (open: no night rows yet)
    _close_at_referee_stacks(db, night)
    assert _stored(db, night) == HAND_COUNTED
    ids = _ids(db)
    row = dict(zip(("committed", "suffered"), db.execute(
        "SELECT committed, suffered FROM night_stats WHERE night_id = ? AND player_id = ?", [night, ids["Ana"]]
    ).fetchone()))
    assert row == {"committed": '{"showdown_order": 1}', "suffered": "{}"}
    assert db.execute("SELECT suffered FROM night_stats WHERE night_id = ? AND player_id = ?",
                      [night, ids["Bruno"]]).fetchone()[0] == '{"showdown_order": 1}'
    # head to head: Ana gave Bruno 55 (hand 1) and Chus 25 (hand 2); Chus gave Bruno 5; Bruno gave Chus 5
    flows = {(a, b): c for a, b, c in db.execute("SELECT loser_id, winner_id, chips FROM night_flows")}
    assert flows == {(ids["Ana"], ids["Bruno"]): 55, (ids["Ana"], ids["Chus"]): 25,
                     (ids["Chus"], ids["Bruno"]): 5, (ids["Bruno"], ids["Chus"]): 5}
    pairs = head_to_head(db, ids["Ana"])["rows"]
    assert [(p["name"], p["won"], p["lost"], p["net"]) for p in pairs] == [("Chus", 0, 25, -25),
                                                                          ("Bruno", 0, 55, -55)]


def test_the_figures_derived_and_the_leaderboard_sorted_by_a_column(db):
    _close_at_referee_stacks(db, _night(db))
    board = leaderboard(db, sort="vpip")
    assert [r["name"] for r in board["rows"]] == ["Ana", "Bruno", "Chus"]   # 2/3, then 1/3 by name
    ana = board["rows"][0]
    assert ana["vpip"] == 2 / 3 and ana["opened"] == 1 / 3 and ana["raised"] == 1 / 3
    assert ana["avg_drawn"] == 3 / 2 and ana["stand_pat"] == 0 and ana["showdown_won"] == 0
    assert ana["few_hands"] is True           # 3 hands: below the threshold
    assert [r["name"] for r in leaderboard(db, sort="net_chips")["rows"]] == ["Bruno", "Chus", "Ana"]
    assert [r["name"] for r in leaderboard(db, sort="net_chips", descending=False)["rows"]] == ["Ana", "Chus", "Bruno"]
    assert [r["name"] for r in leaderboard(db, sort="biggest_pot")["rows"]] == ["Bruno", "Chus", "Ana"]


def test_an_open_nights_figures_come_from_its_hands(db):
    night = _night(db)
    figures = {r["name"]: r for r in night_figures(db, night)}
    assert tuple(figures["Ana"][f] for f in ("hands", "vpip_n", "opened_n", "raised_n", "net_chips")) == (3, 2, 1, 1, -85)
    assert figures["Ana"]["committed"] == {"showdown_order": 1}


def test_a_reopen_takes_the_nights_rows_away_and_the_close_again_stores_them(db):
    night = _night(db)
    _close_at_referee_stacks(db, night)
    store.reopen_night(db, night, reason="recount", entered_by="test")
    assert db.execute("SELECT COUNT(*) FROM night_stats WHERE night_id = ?", [night]).fetchone()[0] == 0
    store.close_night(db, night, entered_by="test")
    assert _stored(db, night) == HAND_COUNTED


def test_seasons_filter_by_the_nights_dates_and_disputes_count(db):
    march = _night(db, 14)
    _close_at_referee_stacks(db, march)
    may = store.import_session(
        db, {**WORKED, "hands": WORKED["hands"][:1]}, started_at=datetime(2026, 5, 2, 20, 0, tzinfo=UTC), copy=True)
    # (a copy counts nowhere: the same file imported again as a copy)
    _close_at_referee_stacks(db, may)
    spring = create_season(db, "Primavera", "2026-03-01", "2026-05-31", entered_by="test")
    april = create_season(db, "Abril", "2026-04-01", "2026-04-30", entered_by="test")
    assert {r["name"]: r["hands"] for r in leaderboard(db, spring)["rows"]} == {"Ana": 3, "Bruno": 3, "Chus": 3}
    assert leaderboard(db, april)["rows"] == []
    ids = _ids(db)
    hand = db.execute("SELECT id FROM hands WHERE night_id = ? AND number = 1", [march]).fetchone()[0]
    dispute = store.open_dispute(db, hand, ids["Ana"], "Bruno's straight flush was never dealt.")
    store.record_ruling(db, dispute, decision="rejected", rule="RRoP, Showdown 3", entered_by="test")
    figures = player_figures(db, ids["Ana"], spring)["figures"]
    assert (figures["disputes_opened"], figures["disputes_won"], figures["disputes_lost"]) == (1, 0, 1)


def test_a_ruling_that_corrects_a_hand_rewrites_its_facts_and_the_nights_sums(db):
    """Ana disputes hand 1 and the host upholds it with corrected lines: Bruno called the
    bet of 20 instead of raising to 40. Hand 1 is then Ana -35 (5 + 10 + 20), Bruno +40;
    the night Ana -65, Bruno +30, and Bruno raised nothing."""
    night = _night(db)
    _close_at_referee_stacks(db, night)
    ids = _ids(db)
    hand = db.execute("SELECT id FROM hands WHERE night_id = ? AND number = 1", [night]).fetchone()[0]
    dispute = store.open_dispute(db, hand, ids["Ana"], "Bruno only called.")
    corrected = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 call", "p3 fold", "p1 draw 2", "p2 draw 0",
                 "p1 bet 20", "p2 call", "p2 show 9s8s7s6s5s", "p1 show JsJdJc5h2s", "d award p2 75"]
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP, Showdown 3", actions=corrected,
                        entered_by="test", mode="money")
    assert store.get_night(db, night)["closed"]      # (the ruling reopened the night and closed it again)
    stored = _stored(db, night)
    figures = {r["name"]: r for r in night_figures(db, night)}
    assert (figures["Ana"]["net_chips"], figures["Bruno"]["net_chips"]) == (-65, 30)
    assert figures["Ana"]["committed"] == {}          # Bruno, the last to bet, now showed first
    assert (stored["Ana"][-1], stored["Bruno"][-1]) == (-65, 30)
    assert stored["Bruno"][FIELDS.index("raised")] == 0


def test_the_running_sums_follow_taps_undos_and_a_voided_start(db):
    """The night's running sums (``night_sums``, changed by each write by the difference it
    makes) equal the sums of its current hands' facts after taps, a correction and a hand
    start voided; and a close copies them."""
    night = _night(db)
    ids = _ids(db)
    assert running_sums(db, night) == sums_from_hands(db, night)
    hand = store.start_hand(db, night, button=3, entered_by="test")
    assert running_sums(db, night) == sums_from_hands(db, night)     # (a hand dealt: everyone's hands + 1)
    assert running_sums(db, night)[ids["Ana"]]["hands"] == 4
    void_current_start(db, night, reason="started by mistake", entered_by="test")
    assert running_sums(db, night)[ids["Ana"]]["hands"] == 3
    assert running_sums(db, night) == sums_from_hands(db, night)
    hand = store.start_hand(db, night, button=3, entered_by="test")
    for i, line in enumerate(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 fold", "p3 fold",
                              "p1 show QsQd9c4h2d", "d award p1 40"]):
        store.append_action(db, hand, line, entered_by="test", key=f"h4-{i}")
    assert running_sums(db, night)[ids["Ana"]]["biggest_pot"] == 40                # (25, and hand 3's 15 carried)
    store.undo_last(db, hand, reason="pushed too soon", entered_by="test")      # the award line taken back
    assert running_sums(db, night) == sums_from_hands(db, night)
    store.undo_last(db, hand, reason="shown too soon", entered_by="test")       # and the show
    assert running_sums(db, night) == sums_from_hands(db, night)
    store.append_actions(db, hand, ["p1 show QsQd9c4h2d", "d award p1 40"], entered_by="test",
                         keys=["h4-show", "h4-award"])
    store.end_hand(db, hand, entered_by="test")
    assert running_sums(db, night) == sums_from_hands(db, night)
    stacks = table_after(db, night)
    for player_id, seat in db.execute("SELECT player_id, seat FROM seats WHERE night_id = ?", [night]).fetchall():
        recount_named(db, night, player_id, stacks[seat], entered_by="test")   # (counted again after hand 4)
    store.close_night(db, night, entered_by="test")
    stored = _stored(db, night)
    assert stored["Ana"][0] == 4 and stored["Ana"][-2] == 40                      # hands, biggest pot


def test_a_reopen_and_a_close_again_with_no_hand_between_keep_the_hours_at_the_table(db):
    """A fresh tester: a reopen and a close ten minutes later, no hand between, took a
    player's per hour from +4.54 to +2.67 (the hours ran to the last close). The hours end
    with the first close, or with a hand dealt after a reopen."""
    start = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=10)
    with recorded_at(start):
        ids = {n: store.join_table(db, night, n, s, 100, entered_by="host") for s, n in ((1, "Ana"), (2, "Bea"))}
    with recorded_at(start + timedelta(hours=1)):
        hand = store.start_hand(db, night, button=2, entered_by="dealer")
        store.append_actions(db, hand, ["p1 ante 1", "p2 ante 1", "p1 open 2", "p2 fold", "p1 show JsJd4c3h2s",
                                        "d award p1 4"], entered_by="dealer", keys=list("abcdef"))
        store.end_hand(db, hand, entered_by="dealer")
    with recorded_at(start + timedelta(hours=2)):
        for name, chips in (("Ana", 102), ("Bea", 98)):
            store.cash_out(db, night, ids[name], chips, entered_by="host")
        store.close_night(db, night, entered_by="host")
    assert _hours(db, night) == {ids["Ana"]: 7200, ids["Bea"]: 7200}
    with recorded_at(start + timedelta(hours=2, minutes=10)):
        store.reopen_night(db, night, reason="recount", entered_by="host")
        store.close_night(db, night, entered_by="host")
    assert _hours(db, night) == {ids["Ana"]: 7200, ids["Bea"]: 7200}


def _hours(db, night: int) -> dict[int, int]:
    return dict(db.execute("SELECT player_id, seconds FROM night_stats WHERE night_id = ?", [night]))
