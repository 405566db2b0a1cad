"""Storage: opening, migrations, players, nights, seats, the append-only dealer log."""

import os
import sqlite3
import stat
from datetime import datetime

import pytest

import store
from store import StoreError


@pytest.fixture
def night(db):
    """A jackpots night with Ana (seat 1), Bruno (3), Chus (4), 100 chips each."""
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5}, chip_cents=10)
    ids = {}
    for seat, name in ((1, "Ana"), (3, "Bruno"), (4, "Chus")):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="host")
        store.buy_in(db, night_id, ids[name], 100, entered_by="host")
    return night_id, ids


def test_open_db_uses_wal_a_busy_timeout_and_applies_migrations(tmp_path):
    db = store.open_db(tmp_path / "t.db")
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    names = [m.name for m in store.migrations.applied(db)]
    assert names == ["m001_core", "m002_checks_and_tokens", "m003_void_target_indexes",
                     "m004_hand_checks", "m005_corrections", "m006_token_prefix",
                     "m007_hand_results", "m008_disputes", "m009_chain",
                     "m010_key_check_and_result_macs", "m011_accounts", "m012_dealer_links",
                     "m013_payments", "m014_money_seals", "m015_night_identity", "m016_close_summaries",
                     "m017_device_cookies",
                     "m018_hand_result_facts", "m019_night_import_state", "m020_player_totals",
                     "m022_table_code", "m023_night_marks", "m024_default_buy_in", "m025_import_failures",
                     "m026_bound_totals", "m027_live_screen_rebuys", "m028_hand_stats"]
    db.conn.close()
    again = store.open_db(tmp_path / "t.db")  # reopening applies nothing twice
    assert [m.name for m in store.migrations.applied(again)] == names
    again.conn.close()


def test_the_database_and_its_wal_and_shm_files_are_made_private(tmp_path):
    """The database holds every tap and the players' link hashes: mode 600 like
    ``secrets.json`` (issue 13), whatever the umask lets through; so is the writers' turns
    file (``store.core.writer_turns``: empty, only its lock is used)."""
    old = os.umask(0o022)
    try:
        db = store.open_db(tmp_path / "data" / "t.db")
        store.add_player(db, "Ana")  # a write: the -wal and -shm files exist
    finally:
        os.umask(old)
    try:
        names = sorted(f.name for f in (tmp_path / "data").iterdir() if f.name.startswith("t.db"))
        assert names == ["t.db", "t.db-shm", "t.db-wal", "t.db-writers"]
        for name in names:
            assert stat.S_IMODE((tmp_path / "data" / name).stat().st_mode) == 0o600, name
    finally:
        db.conn.close()


def test_player_names_are_unique_ignoring_case(db):
    store.add_player(db, "Alex")
    with pytest.raises(StoreError) as refused:
        store.add_player(db, "alex")
    assert (refused.value.code, refused.value.params) == ("duplicate_name", {"name": "Alex"})
    with pytest.raises(StoreError):
        store.add_player(db, "  ALEX ")
    assert store.find_player(db, "ALEX") == store.find_player(db, "alex") is not None


def test_two_people_called_alex_are_told_apart_by_id(db):
    first = store.add_player(db, "Alex M.")
    second = store.add_player(db, "Alex R.")
    assert first != second
    assert store.get_player(db, second)["name"] == "Alex R."


def test_player_needs_a_name(db):
    with pytest.raises(StoreError) as refused:
        store.add_player(db, "   ")
    assert refused.value.code == "name_empty"


def test_create_night_freezes_the_rules_and_is_idempotent_on_key(db):
    a = store.create_night(db, rules={"preset": "pocker", "ante": 10}, chip_cents=5, key="n1")
    # the same form sent twice (same key, same data) is the same night ...
    assert store.create_night(db, rules={"preset": "pocker", "ante": 10}, chip_cents=5, key="n1") == a
    # ... but the key with *different* data used to return the first night silently, so the
    # host believed a jackpots night was open while the pocker one was kept: it is refused
    # now, like every other write whose key is reused for another payload (nothing written)
    with pytest.raises(store.StoreError) as refused:
        store.create_night(db, rules="jackpots", chip_cents=5, key="n1")
    assert refused.value.code == "key_reused" and refused.value.params == {"key": "n1", "kind": "night"}
    with pytest.raises(store.StoreError) as refused:
        store.create_night(db, rules={"preset": "pocker", "ante": 10}, chip_cents=6, key="n1")
    assert refused.value.params == {"key": "n1", "kind": "night"}
    night = store.get_night(db, a)
    assert night["rules_frozen"]["preset"] == "pocker"
    assert night["rules_frozen"]["ante"] == 10
    assert night["rules_frozen"]["opener_ladder"] == ["J", "Q", "K", "A", "K", "Q", "J"]
    assert db.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 1


@pytest.mark.parametrize("kwargs, code, params", [
    ({"rules": "poker-de-marte", "chip_cents": 5}, "rules_invalid", {"field": None, "reason": "unknown_preset"}),
    ({"rules": "jackpots", "chip_cents": 0}, "not_whole", {"field": "chip_cents", "low": 1}),
    ({"rules": "jackpots", "chip_cents": 2.5}, "not_whole", {"field": "chip_cents", "low": 1}),
    ({"rules": "jackpots", "chip_cents": 5, "timezone": "Mars/Olympus"}, "unknown_timezone", {"zone": "Mars/Olympus"}),
    ({"rules": "jackpots", "chip_cents": 5, "currency": "euros"}, "currency_invalid", {}),
])
def test_create_night_refuses_bad_input_and_writes_nothing(db, kwargs, code, params):
    with pytest.raises(StoreError) as refused:
        store.create_night(db, **kwargs)
    assert (refused.value.code, refused.value.params) == (code, params)
    assert db.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 0


def test_seats_are_one_to_ten_and_not_shared(db, night):
    night_id, ids = night
    dani = store.add_player(db, "Dani")
    with pytest.raises(StoreError) as refused:
        store.seat_player(db, night_id, dani, 3, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("seat_taken", {"seat": 3, "name": "Bruno"})
    with pytest.raises(StoreError) as refused:
        store.seat_player(db, night_id, dani, 11, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("seat_out_of_range", {"seat": 11, "low": 1, "high": 10})
    with pytest.raises(StoreError) as refused:
        store.seat_player(db, night_id, ids["Ana"], 2, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("player_seated", {"name": "Ana", "seat": 1})
    assert [p["seat"] for p in store.night_players(db, night_id)] == [1, 3, 4]


def test_actions_are_stored_once_per_key_with_who_and_when(db, night):
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    first = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="tap-1")
    again = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="tap-1")
    assert first == again
    rows = store.hand_actions(db, hand)
    assert len(rows) == 1
    assert rows[0]["entered_by"] == "dealer"
    when = datetime.fromisoformat(rows[0]["entered_at"])
    assert when.utcoffset().total_seconds() == 0


def test_an_unreadable_action_is_refused_and_nothing_stored(db, night):
    """Issue 13: an action line is read (the referee's parser) before it is stored."""
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    with pytest.raises(store.StoreError) as refused:
        store.append_action(db, hand, "p9 juggles", entered_by="dealer", key="k")
    assert refused.value.code in ("actions_invalid", "action_seat_unknown")
    assert store.night_session(db, night_id)["hands"][0]["actions"] == []


@pytest.mark.slow
def test_void_points_at_the_cancelled_event_and_nothing_is_deleted(db, night):
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    ante = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="a")
    wrong = store.append_action(db, hand, "p3 ante 50", entered_by="dealer", key="b")
    void = store.void_event(db, wrong, reason="typo: 5 not 50", entered_by="dealer", key="v")
    assert store.void_event(db, wrong, reason="again", entered_by="dealer", key="v") == void
    rows = store.hand_actions(db, hand)
    assert [r["voided"] for r in rows] == [False, True]
    assert rows[1]["void_reason"] == "typo: 5 not 50"
    assert db.execute("SELECT target, kind FROM events WHERE id = ?", [void]).fetchone() == (wrong, "void")
    assert store.night_session(db, night_id)["hands"][0]["actions"] == ["p1 ante 5"]
    assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 3
    assert ante


def test_events_and_ledger_refuse_update_and_delete(db, night):
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    event = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="a")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE events SET action = 'p1 ante 500' WHERE id = ?", [event])
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM ledger")


def test_a_void_needs_a_reason_and_cannot_repeat(db, night):
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    event = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="a")
    with pytest.raises(StoreError) as refused:
        store.void_event(db, event, reason=" ", entered_by="dealer")
    assert refused.value.code == "reason_needed"
    store.void_event(db, event, reason="typo", entered_by="dealer")
    with pytest.raises(StoreError) as refused:
        store.void_event(db, event, reason="typo", entered_by="dealer")
    assert refused.value.code == "already_voided"


def test_hand_in_progress_and_end_hand(db, night):
    night_id, _ = night
    assert store.current_hand(db, night_id) is None
    hand = store.start_hand(db, night_id, button=4, entered_by="host", key="h1")
    assert store.start_hand(db, night_id, entered_by="host", key="h1") == hand
    assert store.current_hand(db, night_id) == hand
    with pytest.raises(StoreError) as refused:
        store.start_hand(db, night_id, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("hand_not_ended", {"number": 1})  # still in progress
    store.end_hand(db, hand, entered_by="dealer")
    assert store.current_hand(db, night_id) is None
    with pytest.raises(StoreError) as refused:
        store.append_action(db, hand, "p1 check", entered_by="dealer", key="late")
    assert (refused.value.code, refused.value.params) == ("hand_ended", {"number": 1})


def test_button_moves_on_clockwise_by_default(db, night):
    night_id, _ = night
    first = store.start_hand(db, night_id, button=4, entered_by="host")
    store.end_hand(db, first, entered_by="host")
    second = store.start_hand(db, night_id, entered_by="host")
    assert store.get_hand(db, second)["button"] == 1  # after seat 4 comes seat 1


def test_button_moves_to_the_dealers_right_in_pocker(db):
    """Seed 000: play goes to the dealer's right (counterclockwise)."""
    night_id = store.create_night(db, rules="pocker", chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bruno"), (3, "Chus")):
        store.seat_player(db, night_id, store.add_player(db, name), seat, entered_by="host")
    first = store.start_hand(db, night_id, button=3, entered_by="host")
    store.end_hand(db, first, entered_by="host")
    assert store.get_hand(db, store.start_hand(db, night_id, entered_by="host"))["button"] == 2


def test_first_hand_needs_a_button(db, night):
    night_id, _ = night
    with pytest.raises(StoreError) as refused:
        store.start_hand(db, night_id, entered_by="host")
    assert refused.value.code == "button_needed"


def test_undo_last_voids_the_last_live_action(db, night):
    night_id, _ = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="a")
    store.append_action(db, hand, "p3 ante 5", entered_by="dealer", key="b")
    store.undo_last(db, hand, reason="wrong seat", entered_by="dealer", key="u")
    store.undo_last(db, hand, reason="wrong seat", entered_by="dealer", key="u")  # repeated tap
    assert [a["voided"] for a in store.hand_actions(db, hand)] == [False, True]


def test_night_session_has_starting_stacks_rebuys_and_live_actions(db, night):
    night_id, ids = night
    hand = store.start_hand(db, night_id, button=4, entered_by="host")
    store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="a")
    store.end_hand(db, hand, entered_by="dealer")
    store.buy_in(db, night_id, ids["Bruno"], 50, entered_by="host")
    store.start_hand(db, night_id, entered_by="host")
    session = store.night_session(db, night_id)
    assert session["format"] == "tapete/1"
    assert session["players"] == [{"seat": 1, "name": "Ana", "stack": 100},
                                  {"seat": 3, "name": "Bruno", "stack": 100},
                                  {"seat": 4, "name": "Chus", "stack": 100}]
    assert session["hands"][0] == {"button": 4, "actions": ["p1 ante 5"]}
    assert session["hands"][1] == {"button": 1, "actions": [], "rebuys": {"3": 50}}
    assert session["rules"]["ante"] == 5


def test_player_tokens_issue_and_revoke(db, night):
    _, ids = night
    token = store.issue_token(db, ids["Ana"])
    assert len(token) >= 43
    assert store.player_for_token(db, token) == ids["Ana"]
    assert store.player_for_token(db, token + "x") is None
    store.revoke_token(db, token)
    assert store.player_for_token(db, token) is None
    assert db.execute("SELECT COUNT(*) FROM tokens WHERE token_hash = ?", [token]).fetchone()[0] == 0


def test_two_tablets_writing_at_once_lose_nothing_and_store_a_shared_key_once(app, night):
    """Two connections (WAL, busy timeout, BEGIN IMMEDIATE) append to one hand together."""
    import threading

    night_id, _ = night
    path = app.config["DATABASE"]
    setup = store.open_db(path)
    hand = store.start_hand(setup, night_id, button=4, entered_by="host")
    errors = []

    def tablet(name):
        db = store.open_db(path)
        try:
            for i in range(40):
                store.append_action(db, hand, f"d note {name} {i}", entered_by=name, key=f"{name}-{i}")
                store.append_action(db, hand, "d note shared", entered_by=name, key="shared")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            db.conn.close()

    threads = [threading.Thread(target=tablet, args=(n,)) for n in ("left", "right")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    rows = store.hand_actions(setup, hand)
    assert len(rows) == 81
    assert sorted(r["seq"] for r in rows) == list(range(81))
    setup.conn.close()
