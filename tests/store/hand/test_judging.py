"""A hand is judged from its own start (issue 10): a tap judges the hand it belongs to and
no other; a correction to hand k re-judges k..n and nothing before; reads never write.

Hands judged are counted by wrapping ``store.hand.judging.play_hand`` (the one call that
replays a hand): each call names the hand's number.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time

import pytest
from hosts import login_host
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samples import synthetic_session
from tablets import dealer_token
from walkgen import walk_session

import referee
import store
from store.hand import judging
from store.hand.table_view import table_view


@pytest.fixture
def judged(monkeypatch):
    """The numbers of the hands replayed, in order (every call of ``play_hand``)."""
    numbers: list[int] = []
    real = judging.play_hand

    def counting(rules, carry, hand, number):
        numbers.append(number)
        return real(rules, carry, hand, number)

    monkeypatch.setattr(judging, "play_hand", counting)
    return numbers


def _night(db, hands: int, players: int = 4, seed: int = 1) -> int:
    return store.import_session(db, synthetic_session(hands, players=players, seed=seed))


def _three_seats(db, chips: tuple[int, int, int] = (100, 100, 100), ante: int = 1
                 ) -> tuple[int, list[int]]:
    """A jackpots night (bets of 2 and 4 antes) with seats 1-3 bought in for ``chips``:
    ``(night_id, [player ids by seat])``."""
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": ante, "small_bet": 2 * ante,
                                             "big_bet": 4 * ante}, chip_cents=10)
    players = []
    for seat, bought in zip((1, 2, 3), chips):
        player = store.add_player(db, f"L{seat}")
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, bought, entered_by="host")
        players.append(player)
    return night_id, players


def _token(app, night_id: int) -> str:
    """The night's tablet link (issued once per test app and night)."""
    tokens = app.config.setdefault("TEST_DEALER_TOKENS", {})
    if night_id not in tokens:
        db = store.open_db(app.config["DATABASE"])
        try:
            tokens[night_id] = dealer_token(db, night_id)
        finally:
            db.conn.close()
    return tokens[night_id]


def _seen(app, night_id: int, body: dict) -> dict:
    """The tap as the tablet sends it: the version of the night's last hand (and the entry
    an undo voids), or the last hand seen for the next hand; read from the store directly
    (a GET of the table would judge hands in memory, which these tests count)."""
    db = store.open_db(app.config["DATABASE"])
    try:
        last = store.hand.rows.last_hand(db, night_id)
        if body.get("op") == "start_hand":
            return {"after_hand": last["id"] if last else None, **body}
        seen = {"version": store.hand_version(db, last["id"]) if last else 0}
        if body.get("op") == "undo":
            seen["event_id"] = store.undo_target(db, last["id"])["event_id"]
        return {**seen, **body}
    finally:
        db.conn.close()


def _tap(client, app, night_id: int, key: str, **body):
    url = f"/dealer/{night_id}/{_token(app, night_id)}/tap"
    answer = client.post(url, json=_seen(app, night_id, {"key": key, **body}))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.mark.slow
def test_a_tap_on_hand_301_judges_hand_301_only(app, client, db, judged):
    night_id = _night(db, 300)
    _tap(client, app, night_id, "start-301-000", op="start_hand")
    judged.clear()
    view = _tap(client, app, night_id, "ante-301-0001", op="action", action="p1 ante 5")
    assert view["hand"] == 301 and view["acted"] == [1]
    assert judged and set(judged) == {301}, f"hands judged by one tap: {sorted(set(judged))}"
    judged.clear()
    _tap(client, app, night_id, "undo-301-0001", op="undo", reason="mistake")
    _tap(client, app, night_id, "end-301-00001", op="end_hand")
    assert set(judged) == {301}


@pytest.mark.slow
def test_the_state_page_of_hand_301_judges_no_earlier_hand(app, client, db, judged):
    night_id = _night(db, 300)
    _tap(client, app, night_id, "start-301-000", op="start_hand")
    judged.clear()
    state = client.get(f"/dealer/{night_id}/{_token(app, night_id)}/state").get_json()
    assert state["hand"] == 301 and state["phase"] == "predeal"
    assert set(judged) <= {301}  # (none at all when this process judged it last)
    judging.RECENT.clear()
    state = client.get(f"/dealer/{night_id}/{_token(app, night_id)}/state").get_json()
    assert state["hand"] == 301 and set(judged) == {301}


def _award_lines(db, hand_id: int) -> list[dict]:
    return [a for a in store.hand_actions(db, hand_id)
            if not a["voided"] and a["action"].startswith("d award")]


def test_correcting_hand_5_of_10_re_judges_hands_5_to_10_only(db, judged):
    night_id = _night(db, 10)
    hands = store.night_hands(db, night_id)
    before = store.check_night(db, night_id)["hands"]
    calls = [a for a in store.hand_actions(db, hands[4]["id"]) if a["action"].endswith(" call")]
    judged.clear()
    # the last call of hand 5 was never made: the pot, the stacks after it, every later start
    store.void_event(db, calls[-1]["event_id"], reason="no call was made", entered_by="host")
    assert judged == [5, 6, 7, 8, 9, 10]
    after = store.check_night(db, night_id)["hands"]
    assert after[:4] == before[:4]
    assert after[4]["stacks"] != before[4]["stacks"]
    # what is stored is what the referee says of the whole night, judged at once
    assert after == referee.check(store.night_session(db, night_id))["hands"]


def test_a_voided_award_line_changes_the_ruling_of_its_hand_only(db, judged):
    """The referee's stacks follow the rules' awards, not the dealer's push: voiding the
    award line of hand 5 makes it a ``wrong_award`` and leaves hand 6 onwards standing."""
    night_id = _night(db, 10)
    hands = store.night_hands(db, night_id)
    before = store.check_night(db, night_id)["hands"]
    award = _award_lines(db, hands[4]["id"])[0]
    judged.clear()
    store.void_event(db, award["event_id"], reason="pushed to the wrong seat", entered_by="host")
    assert judged == [5]
    after = store.check_night(db, night_id)["hands"]
    assert "wrong_award" in {f["kind"] for f in after[4]["findings"]}
    assert after[:4] == before[:4] and after[5:] == before[5:]


def test_a_correction_that_changes_nothing_later_stops_at_its_hand(db, judged):
    """A note added to hand 3 changes hand 3's inputs, not its end: hand 4 onwards stand."""
    night_id = _night(db, 8)
    hand_3 = store.night_hands(db, night_id)[2]["id"]
    note = store.append_actions  # (the hand has ended: a note goes in through a correction)
    end = db.execute("SELECT id FROM events WHERE hand_id = ? AND kind = 'end'", [hand_3]).fetchone()[0]
    store.void_event(db, end, reason="reopened to add a note", entered_by="host")
    judged.clear()
    note(db, hand_3, ["d note the deck was checked"], entered_by="host", keys=["note-3"])
    assert judged == [3]


def test_a_buy_in_voided_after_its_hand_was_played_re_judges_from_that_hand(db, judged):
    night_id = _night(db, 3)
    player = store.table_players(db, night_id)[0]
    store.buy_in(db, night_id, player["player_id"], 100, entered_by="host", key="rebuy")
    store.start_hand(db, night_id, entered_by="dealer")
    entry = db.execute("SELECT id FROM ledger WHERE key = 'rebuy'").fetchone()[0]
    seat = str(player["seat"])
    assert store.check_night(db, night_id)["hands"][3]["stacks"][seat] \
        == store.check_night(db, night_id)["hands"][2]["stacks"][seat] + 100
    judged.clear()
    store.void_entry(db, entry, reason="entered twice", entered_by="host")
    assert judged == [4]
    hands = store.check_night(db, night_id)["hands"]
    assert hands[3]["stacks"][seat] == hands[2]["stacks"][seat]


def test_the_tablet_view_is_the_hand_as_stored_even_when_another_process_wrote(app, db):
    """The hand kept in memory (``judging.RECENT``) is used only while the stored judgement
    has its inputs' key: a write from another connection (another worker process) makes
    the next view judge the hand again."""
    night_id = _night(db, 2)
    store.start_hand(db, night_id, entered_by="dealer")
    hand_id = store.current_hand(db, night_id)
    assert judging.hand_item(db, hand_id).actions == []
    this_process = dict(judging.RECENT)
    other = store.open_db(app.config["DATABASE"])
    store.append_action(other, hand_id, "p1 ante 5", entered_by="tablet 2", key="other-ante")
    other.conn.close()
    judging.RECENT.clear()  # (the other process's memory is not this one's)
    judging.RECENT.update(this_process)
    assert judging.hand_item(db, hand_id).actions == ["p1 ante 5"]


@pytest.mark.slow
def test_reads_never_write(app, client, db):
    """The GET pages and the store's reads leave the database as it was (no row written,
    no write transaction): ``total_changes`` of their connection does not move."""
    night_id = _night(db, 5)
    store.start_hand(db, night_id, entered_by="dealer")
    hand_id = store.current_hand(db, night_id)
    changes = db.conn.total_changes
    store.check_night(db, night_id)
    store.hand_check(db, hand_id)
    judging.hand_item(db, hand_id)
    assert db.conn.total_changes == changes
    pages = _get_pages(app, client, db, night_id)
    before = _rows(db)
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert _rows(db) == before


def _rows(db) -> dict[str, int]:
    """Row counts of every table (what a GET must leave as it was)."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {n: db.execute(f"SELECT COUNT(*) FROM [{n}]").fetchone()[0] for n in names}


def _get_pages(app, client, db, night_id: int) -> list[str]:
    """The pages a GET reads the rulings for: the tablet's state and page, the report (HTML
    and PDF) and the list of nights, a player's ledger, the host's nights and night page."""
    login_host(client)
    with app.app_context():
        token = dealer_token(db, night_id)
    player = store.table_players(db, night_id)[0]["player_id"]
    link = store.issue_token(db, player)
    return [f"/dealer/{night_id}/{token}/state", f"/dealer/{night_id}/{token}/",
            f"/reports/nights/{night_id}", f"/reports/nights/{night_id}.pdf", "/reports/nights",
            f"/p/{link}", "/host/", f"/host/night/{night_id}/table", f"/host/night/{night_id}/play",
            f"/host/night/{night_id}/close", f"/host/night/{night_id}/pay"]


@pytest.mark.slow
def test_gets_answer_while_another_connection_holds_the_write_lock(app, client, db):
    """A GET takes no write lock: with a writer holding ``BEGIN IMMEDIATE`` (for longer than
    the busy timeout would let a writer wait), the state, the hand page and the report
    answer 200 (under WAL a reader never waits for the writer)."""
    night_id = _night(db, 5)
    pages = _get_pages(app, client, db, night_id)
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO players (name, name_key, created_at) VALUES ('x', 'x', 'now')")
    try:
        for url in pages:
            started = time.monotonic()
            assert client.get(url).status_code == 200, url
            # (not a timing assertion: a write would have waited out the 5 s busy timeout
            # and failed with "database is locked" instead of answering)
            assert time.monotonic() - started < 4.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def _stored_current(db, night_id: int) -> None:
    """Every live hand has a stored judgement whose inputs match (no read needs to judge),
    and whose facts match (a read confirms it without reading its actions)."""
    night = judging.Night(db, night_id)
    carry = judging.Carry({})
    rows = judging._hand_rows(db, night_id, 1)
    stored = judging._stored(db, [r[0] for r in rows])
    for (hand_id, number, _, _), spec in judging._inputs(db, night, rows):
        hand = judging.HandInput(hand_id, number, spec, judging._seated(night, carry, number))
        assert hand_id in stored, f"hand {number}: no stored judgement"
        assert stored[hand_id][0] == hand.key(night), f"hand {number}: stored judgement is stale"
        carry = judging.Carry.from_dict(json.loads(stored[hand_id][1]))
    assert judging.first_stale(db, night_id) is None, "a stored judgement's facts are not the log's"


@pytest.mark.parametrize("seed", range(6))
def test_imported_walks_are_stored_as_the_referee_rules_the_whole_session(db, seed, judged):
    """House-game sessions (openers, passed-out deals, carried pots, the ladder, irregular
    hands) imported as nights: the stored judgements are ``referee.check`` of the session,
    and after random corrections (voids of actions anywhere) they still are, with every
    stored judgement current."""
    walk = walk_session(seed)
    for i, player in enumerate(walk["players"]):
        player["name"] = f"P{i}-{seed}"
    night_id = store.import_session(db, walk)
    assert store.check_night(db, night_id)["hands"] == referee.check(walk)["hands"]
    rng = random.Random(seed)
    hands = store.night_hands(db, night_id)
    for _ in range(3):
        hand = rng.choice(hands)
        live = [a for a in store.hand_actions(db, hand["id"]) if not a["voided"]]
        if live:
            store.void_event(db, rng.choice(live)["event_id"], reason="test", entered_by="host")
    _stored_current(db, night_id)
    judged.clear()
    assert store.check_night(db, night_id)["hands"] == referee.check(
        store.night_session(db, night_id))["hands"]
    assert judged == []  # (read from what the writes stored)


def test_a_database_without_stored_rulings_is_read_right_and_filled_by_the_next_write(db, judged):
    night_id = _night(db, 6)
    expected = store.check_night(db, night_id)["hands"]
    db.execute("DELETE FROM hand_results")  # (a database from before hands were stored)
    db.conn.commit()
    judged.clear()
    assert store.check_night(db, night_id)["hands"] == expected
    assert db.execute("SELECT COUNT(*) FROM hand_results").fetchone()[0] == 0  # read-only
    store.start_hand(db, night_id, entered_by="dealer")
    assert db.execute("SELECT COUNT(*) FROM hand_results").fetchone()[0] == 7
    _stored_current(db, night_id)


def test_taps_from_two_threads_leave_current_rulings(app, db):
    """Writes racing on one night (two tablets): each re-judges inside its own write
    transaction, so what is stored at the end is current."""
    night_id = _night(db, 2)
    store.start_hand(db, night_id, entered_by="dealer")
    hand_id = store.current_hand(db, night_id)
    path = app.config["DATABASE"]

    def tablet(n: int) -> None:
        own = store.open_db(path)
        for i in range(5):
            store.append_action(own, hand_id, f"d note tablet {n} tap {i}", entered_by=f"t{n}",
                                key=f"t{n}-{i}-note")
        own.conn.close()

    threads = [threading.Thread(target=tablet, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _stored_current(db, night_id)


def test_init_db_stores_the_rulings_a_database_lacks(app, runner, db):
    night_id = _night(db, 6)
    expected = store.check_night(db, night_id)["hands"]
    db.execute("DELETE FROM hand_results WHERE number IN (2, 5)")
    db.conn.commit()
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "2 hands judged and stored" in result.output
    _stored_current(db, night_id)
    assert store.check_night(db, night_id)["hands"] == expected


_OPS = ("action", "action", "action", "undo", "void_any", "end", "start", "buy_in", "void_buy_in")
_LINES = ("p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 check", "p2 open 10", "p3 call", "p1 fold",
          "p2 draw 2", "p3 draw 1", "p2 bet 20", "p3 fold", "p2 show JsJd4c3h2s", "d award p2 40",
          "p3 allin", "d misdeal", "p9 juggles")


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@pytest.mark.slow
@given(ops=st.lists(st.tuples(st.sampled_from(_OPS), st.integers(0, 10**6)), min_size=5, max_size=40))
def test_any_sequence_of_writes_leaves_the_rulings_of_a_whole_night_check(tmp_path_factory, ops):
    """Whatever the dealer and the host write, in whatever order (actions, undos, voids of
    any event of any hand, ends, starts, rebuys and their voids), the stored judgements stay
    current and are ``referee.check`` of the night's session."""
    db = store.open_db(tmp_path_factory.mktemp("fuzz") / "t.db")
    night_id, players = _three_seats(db, (200, 200, 200), ante=5)
    store.start_hand(db, night_id, button=3, entered_by="dealer")
    for step, (op, pick) in enumerate(ops):
        hands = store.night_hands(db, night_id)
        hand_id = store.current_hand(db, night_id)
        try:
            if op == "action" and hand_id is not None:
                store.append_action(db, hand_id, _LINES[pick % len(_LINES)], entered_by="d", key=f"k{step}")
            elif op == "undo":
                store.undo_last(db, hands[pick % len(hands)]["id"], reason="x", entered_by="d")
            elif op == "void_any":
                events = [e[0] for e in db.execute("SELECT id FROM events WHERE kind IN ('action', 'end') "
                                                   "AND night_id = ?", [night_id])]
                if events:
                    store.void_event(db, events[pick % len(events)], reason="x", entered_by="host")
            elif op == "end" and hand_id is not None:
                store.end_hand(db, hand_id, entered_by="d")
            elif op == "start":
                store.start_hand(db, night_id, entered_by="dealer")
            elif op == "buy_in":
                store.buy_in(db, night_id, players[pick % 3], 50, entered_by="host")
            elif op == "void_buy_in":
                entries = [e[0] for e in db.execute("SELECT id FROM ledger WHERE kind = 'buy_in' "
                                                    "AND night_id = ?", [night_id])]
                store.void_entry(db, entries[pick % len(entries)], reason="x", entered_by="host")
        except store.StoreError:
            pass  # refused: nothing written
    _stored_current(db, night_id)
    assert store.check_night(db, night_id)["hands"] == referee.check(
        store.night_session(db, night_id))["hands"]
    db.conn.close()


def test_the_button_skips_a_seat_with_no_chips_as_the_referee_says(db):
    """CONTRACT.md 1: the button moves to the next occupied seat; a seat with no chips is
    not dealt in (RRoP section 3), so the referee moves it past a busted seat. The store
    asks the referee: the stored button is the one ``referee.check`` uses for a file that
    leaves the button out."""
    night_id, _ = _three_seats(db, (100, 5, 100), ante=5)
    hand_1 = store.start_hand(db, night_id, button=1, entered_by="dealer")
    store.append_actions(db, hand_1, ["p2 ante 5", "p3 ante 5", "p1 ante 5", "p2 check",
                                      "p3 check", "p1 check"], entered_by="dealer",
                         keys=[f"b{i}" for i in range(6)])
    store.end_hand(db, hand_1, entered_by="dealer")
    assert store.check_night(db, night_id)["hands"][0]["stacks"]["2"] == 0  # (passed out)
    hand_2 = store.start_hand(db, night_id, entered_by="dealer")
    assert store.get_hand(db, hand_2)["button"] == 3
    session = store.night_session(db, night_id)
    del session["hands"][1]["button"]
    assert referee.check(session)["hands"] == store.check_night(db, night_id)["hands"]


def test_the_button_stays_after_a_misdeal(db):
    night_id = _night(db, 2)
    store.start_hand(db, night_id, entered_by="dealer")
    hand = store.current_hand(db, night_id)
    button = store.get_hand(db, hand)["button"]
    store.append_action(db, hand, "d misdeal", entered_by="dealer", key="misdeal-1")
    store.end_hand(db, hand, entered_by="dealer")
    again = store.start_hand(db, night_id, entered_by="dealer")
    assert store.get_hand(db, again)["button"] == button


def test_rulings_of_another_referee_version_are_judged_again_by_init_db(app, runner, db, monkeypatch):
    """The key of a stored judgement includes the referee's own source (``judging.REFEREE``):
    after the referee changes, the stored judgements are not current; reads judge in memory
    and ``flask init-db`` (run by scripts/serve at every start) stores the new rulings."""
    night_id = _night(db, 4)
    assert judging.first_stale(db, night_id) is None
    monkeypatch.setattr(judging, "REFEREE", "a later referee")
    assert judging.first_stale(db, night_id) == 1
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "4 hands judged and stored" in result.output
    assert judging.first_stale(db, night_id) is None
    _stored_current(db, night_id)


@pytest.mark.slow
def test_a_tap_while_the_database_stays_locked_is_a_503_the_queue_resends(app, client, db,
                                                                          monkeypatch):
    """A write that cannot get the lock (another process holds it past every try) answers
    503 with a message in the page's language and ``Retry-After``, stores nothing, and the
    same tap (same key) is stored once the lock is free."""
    monkeypatch.setattr(store.core.transactions, "BUSY_TIMEOUT_MS", 100)
    night_id = _night(db, 1)
    store.start_hand(db, night_id, entered_by="dealer")
    url = f"/dealer/{night_id}/{_token(app, night_id)}/tap"
    tap = _seen(app, night_id, {"key": "locked-ante-1", "op": "action", "action": "p1 ante 5"})
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    try:
        answer = client.post(url, json=tap, headers={"Accept-Language": "es"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "busy" not in answer.get_json()["error"]  # (in Spanish on a Spanish tablet)
    assert db.execute("SELECT COUNT(*) FROM events WHERE key = 'locked-ante-1'").fetchone()[0] == 0
    again = client.post(url, json=tap)
    assert again.status_code == 200 and again.get_json()["acted"] == [1]


def _play(db, hand_id: int, actions: list[str], tag: str) -> None:
    store.append_actions(db, hand_id, actions, entered_by="dealer",
                         keys=[f"{tag}-{i}" for i in range(len(actions))])
    store.end_hand(db, hand_id, entered_by="dealer")


def test_a_player_who_left_is_not_dealt_in_and_takes_the_chips_home(app, client, db):
    """Table stakes (RRoP section 3): a player who cashed out and left is not at the table:
    not dealt in, owes no ante, and does not come back with the chips taken home."""
    night_id, players = _three_seats(db)
    hand_1 = store.start_hand(db, night_id, button=1, entered_by="dealer")
    _play(db, hand_1, ["p2 ante 1", "p3 ante 1", "p1 ante 1", "p2 check", "p3 check", "p1 check"], "h1")
    store.cash_out(db, night_id, players[2], 99, entered_by="host")
    store.unseat(db, night_id, players[2], reason="went home", entered_by="host")
    hand_2 = store.start_hand(db, night_id, entered_by="dealer")
    view = _tap(client, app, night_id, "left-ante-1", op="action", action="p1 ante 1")
    view = _tap(client, app, night_id, "left-ante-2", op="action", action="p2 ante 1")
    assert 3 not in view["dealt_in"] and view["to_act"] != 3
    assert not any(l["verb"] == "ante" for l in view["legal"])
    seat_3 = next(s for s in view["seats"] if s["seat"] == 3)
    assert seat_3["sitting_out"] and seat_3["stack"] == 0
    assert "3" not in store.hand_check(db, hand_2)["stacks"]
    store.end_hand(db, hand_2, entered_by="dealer")
    store.seat_player(db, night_id, players[2], 3, entered_by="host")
    store.buy_in(db, night_id, players[2], 40, entered_by="host")
    hand_3 = store.start_hand(db, night_id, entered_by="dealer")
    assert judging.hand_item(db, hand_3).start.stacks[3] == 40  # not 99 + 40


def test_after_a_misdeal_the_button_never_stays_on_a_seat_that_left(db):
    """RRoP, Misdeals: the same dealer deals again, if still at the table; else the button
    moves on as usual."""
    night_id, players = _three_seats(db)
    hand_1 = store.start_hand(db, night_id, button=2, entered_by="dealer")
    _play(db, hand_1, ["p3 ante 1", "p1 ante 1", "p2 ante 1", "d misdeal"], "m1")
    store.cash_out(db, night_id, players[1], 100, entered_by="host")
    store.unseat(db, night_id, players[1], reason="left", entered_by="host")
    hand_2 = store.start_hand(db, night_id, entered_by="dealer")
    assert store.get_hand(db, hand_2)["button"] == 3


def test_the_tablet_view_reads_one_moment_even_when_another_tablet_writes_meanwhile(app, db,
                                                                                    monkeypatch):
    """The view reads the ruling, the log and the seats in one read transaction: a tap
    stored by another tablet between two of its reads is in none of them (the next view
    has it in all), never in the log but not in the ruling."""
    night_id = _night(db, 1)
    store.start_hand(db, night_id, entered_by="dealer")
    hand_id = store.current_hand(db, night_id)
    other = store.open_db(app.config["DATABASE"])
    real = store.hand_actions

    def another_tablet_taps_first(d, h):
        if not db.execute("SELECT 1 FROM events WHERE key = 'other-tablet'").fetchone():
            store.append_action(other, h, "p1 ante 5", entered_by="tablet 2", key="other-tablet")
        return real(d, h)

    monkeypatch.setattr(store, "hand_actions", another_tablet_taps_first)
    view = table_view(db, night_id)
    assert [a["action"] for a in view["actions"]] == [] and view["acted"] == []
    after = table_view(db, night_id)
    assert [a["action"] for a in after["actions"]] == ["p1 ante 5"] and after["acted"] == [1]
    other.conn.close()


def test_the_hand_and_its_ruling_are_read_together_as_hand_check_rules_it(app, db):
    """``hand_item_entry`` (the tablet's answer to a tap reads the hand and its ruling at once,
    issue 25) gives the entry ``store.hand_check`` gives: from the stored result while it is
    the kept hand's, and judged in memory when this process has no kept hand (another
    process wrote the last line)."""
    night_id = _night(db, 2)
    store.start_hand(db, night_id, entered_by="dealer")
    hand_id = store.current_hand(db, night_id)
    store.append_action(db, hand_id, "p1 ante 5", entered_by="dealer", key="ante-1")
    item, entry = judging.hand_item_entry(db, hand_id)
    assert item.actions == ["p1 ante 5"] and entry == store.hand_check(db, hand_id)
    other = store.open_db(app.config["DATABASE"])
    store.append_action(other, hand_id, "p2 ante 5", entered_by="tablet 2", key="ante-2")
    other.conn.close()
    judging.RECENT.clear()  # (the other process's memory is not this one's)
    item, entry = judging.hand_item_entry(db, hand_id)
    assert item.actions == ["p1 ante 5", "p2 ante 5"]
    assert entry == store.hand_check(db, hand_id) and entry["hand"] == 3
