"""A read confirms a stored hand result by its facts (issue 25: "a digest of each hand's
inputs so a read checks a cached ruling without re-reading and re-hashing its actions"):
``hand_results.facts`` (``store.hand.judging.hand_facts``) changes whenever the hand's
inputs do, so a read of a night whose results are current reads no action; a change made
behind the store's back (a row appended in SQLite without re-judging) is not trusted; the
facts are covered by the result's MAC (an edit of them is named by ``verify``); results
stored before m018 (no facts) are read the long way and given facts by ``flask init-db``.

The tampers are the tester's, on a connection of their own (no key).
"""

from __future__ import annotations

import sqlite3

import pytest
from chain_said import problem_said
from samples import synthetic_session

import referee
import store
import store.core.chain
from store.core.chain import chain_key, result_mac
from store.hand import judging


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


@pytest.fixture
def actions_read(monkeypatch):
    """How many hands' actions the judging read (every call of ``judging._actions``)."""
    counted: list[int] = []
    real = judging._actions

    def counting(db, hand_ids):
        counted.extend(hand_ids)
        return real(db, hand_ids)

    monkeypatch.setattr(judging, "_actions", counting)
    return counted


def _night(db, hands: int = 6) -> int:
    return store.import_session(db, synthetic_session(hands, players=4, seed=3))


def _raw(app) -> sqlite3.Connection:
    """The tester's own connection (autocommit, no chain key)."""
    return sqlite3.connect(app.config["DATABASE"], isolation_level=None)


def _award(db, hand_id: int) -> int | None:
    """The event id of the hand's live award line (None: passed out, nothing awarded)."""
    return next((a["event_id"] for a in store.hand_actions(db, hand_id)
                 if not a["voided"] and a["action"].startswith("d award")), None)


def _rows(db) -> dict[str, int]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {n: db.execute(f"SELECT COUNT(*) FROM [{n}]").fetchone()[0] for n in names}


def _whole_night(db, night_id: int) -> list[dict]:
    """The referee's ruling on the night's whole session as the log reads now."""
    return referee.check(store.night_session(db, night_id))["hands"]


def test_a_night_whose_results_are_current_is_read_without_reading_an_action(db, judged, actions_read):
    night_id = _night(db, 12)
    judged.clear()
    actions_read.clear()
    entries = judging.night_judgements(db, night_id)
    assert len(entries) == 12 and judged == [] and actions_read == []
    assert judging.first_stale(db, night_id) is None and actions_read == []
    assert entries == _whole_night(db, night_id)


def test_an_event_appended_behind_the_stores_back_is_not_trusted(app, db, judged):
    """A void of the award line of a hand after the second (the first that has one)
    written in SQLite, no re-judging: that hand's stored result no longer holds (its
    facts differ); the read judges it in memory (a wrong award), writes nothing, and
    ``first_stale`` names it."""
    night_id = _night(db)
    hand, award = next((h, _award(db, h["id"])) for h in store.night_hands(db, night_id)[2:]
                       if _award(db, h["id"]) is not None)
    number = hand["number"]
    before = judging.night_judgements(db, night_id)
    assert "wrong_award" not in {f["kind"] for f in before[number - 1]["findings"]}
    conn = _raw(app)
    seq = conn.execute("SELECT COUNT(*) FROM events WHERE hand_id = ?", [hand["id"]]).fetchone()[0]
    conn.execute("INSERT INTO events (night_id, hand_id, seq, kind, target, reason, entered_by, entered_at) "
                 "VALUES (?, ?, ?, 'void', ?, 'behind its back', 'tester', '2026-01-01T00:00:00Z')",
                 [night_id, hand["id"], seq, award])
    conn.close()
    rows = _rows(db)
    judged.clear()
    after = judging.night_judgements(db, night_id)
    assert judged[:1] == [number]  # (the hands before it read as stored)
    assert "wrong_award" in {f["kind"] for f in after[number - 1]["findings"]}
    assert after == _whole_night(db, night_id)
    assert judging.first_stale(db, night_id) == number
    assert _rows(db) == rows  # (reads never write)


def test_a_line_appended_behind_the_stores_back_is_judged(app, db, judged):
    """An action line appended in SQLite (the seq the store would give it) to hand 2: the
    read does not take hand 2's stored result."""
    night_id = _night(db)
    hand = store.night_hands(db, night_id)[1]
    conn = _raw(app)
    seq = conn.execute("SELECT COUNT(*) FROM events WHERE hand_id = ?", [hand["id"]]).fetchone()[0]
    conn.execute("INSERT INTO events (night_id, hand_id, seq, kind, action, entered_by, entered_at) "
                 "VALUES (?, ?, ?, 'action', 'd note behind its back', 'tester', '2026-01-01T00:00:00Z')",
                 [night_id, hand["id"], seq])
    conn.close()
    judged.clear()
    after = judging.night_judgements(db, night_id)
    assert judged[:1] == [2]
    assert after == _whole_night(db, night_id)


def test_a_buy_in_appended_behind_the_stores_back_is_not_trusted(app, db, judged):
    """A buy-in written in SQLite to play from hand 4 (entered when 3 hands were dealt):
    hand 4's stored result does not know it; the read judges hand 4 with it."""
    night_id = _night(db)
    player = store.table_players(db, night_id)[0]
    conn = _raw(app)
    conn.execute("INSERT INTO ledger (night_id, player_id, kind, chips, before_hand, entered_by, entered_at) "
                 "VALUES (?, ?, 'buy_in', 700, 3, 'tester', '2026-01-01T00:00:00Z')",
                 [night_id, player["player_id"]])
    conn.close()
    judged.clear()
    after = judging.night_judgements(db, night_id)
    assert judged[:1] == [4]
    seat = str(player["seat"])
    assert after == _whole_night(db, night_id)
    assert after[3]["stacks"][seat] > after[2]["stacks"][seat]  # (the 700 chips are in hand 4 on)
    assert judging.first_stale(db, night_id) == 4


def test_edited_facts_are_not_trusted_and_verify_names_the_result(app, db, judged):
    """Hand 2's facts set, in SQLite, to those of a log with one more event (what a tamper
    would do to make a stale result pass): its MAC no longer holds; the read judges it
    again and ``verify`` names it. Taking the facts off fails the MAC the same way."""
    night_id = _night(db)
    hand = store.night_hands(db, night_id)[1]
    for facts in ("0" * 64, None):
        conn = _raw(app)
        conn.execute("UPDATE hand_results SET facts = ? WHERE hand_id = ?", [facts, hand["id"]])
        conn.close()
        judged.clear()
        assert judging.night_judgements(db, night_id) == _whole_night(db, night_id)
        assert judged[:1] == [2]
        result = store.core.chain.verify(db, night_id)
        assert not result["ok"]
        assert result["problem"]["table"] == "hand_results" and result["problem"]["row_id"] == hand["id"]
        assert problem_said(app, result["problem"]) == ("the stored result of hand 2 was changed; it is "
                                                        "re-judged from the log")


def test_results_stored_before_facts_are_read_the_long_way_and_init_db_gives_them_facts(
        app, runner, db, judged, actions_read):
    """A database from before m018: results with no facts and the MAC of that time. Reads
    check them against their input key (no hand judged); ``flask init-db`` stores their
    facts without judging them again; then a read reads no action."""
    night_id = _night(db)
    expected = judging.night_judgements(db, night_id)
    key = chain_key(db)
    with db.conn:
        for hand_id, input_key, carry, entry in db.execute(
                "SELECT hand_id, input_key, carry_after, entry FROM hand_results WHERE night_id = ?",
                [night_id]).fetchall():
            db.execute("UPDATE hand_results SET facts = NULL, mac = ? WHERE hand_id = ?",
                       [result_mac(key, hand_id, input_key, carry, entry), hand_id])
    assert store.core.chain.verify(db, night_id)["ok"]
    judged.clear()
    actions_read.clear()
    assert judging.night_judgements(db, night_id) == expected
    assert judged == [] and actions_read  # (read the long way, nothing judged)
    assert judging.first_stale(db, night_id) == 1
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert judged == []  # (the facts stored, no hand judged again)
    assert judging.first_stale(db, night_id) is None
    actions_read.clear()
    assert judging.night_judgements(db, night_id) == expected and actions_read == []
    assert store.core.chain.verify(db, night_id)["ok"]


def test_ending_a_hand_stores_its_facts_again(db, judged, actions_read):
    """An end is an event but not an input: the hand keeps its judgement (not judged
    again) and its facts follow the log, so the next read reads no action."""
    night_id = _night(db, 3)
    hand_id = store.start_hand(db, night_id, entered_by="dealer")
    store.append_action(db, hand_id, "d misdeal", entered_by="dealer", key="facts-misdeal")
    judged.clear()
    store.end_hand(db, hand_id, entered_by="dealer")
    assert judged == []
    actions_read.clear()
    judging.night_judgements(db, night_id)
    assert actions_read == [] and judging.first_stale(db, night_id) is None
