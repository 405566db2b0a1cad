"""The hand replayer's data (``store.hand.replayer``, ``store.hand.card_hiding``): every step is the
referee's, the hand is replayed from its own start, names by seat, the correction trail,
and a player's replay hides the cards nobody showed."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from replay_nights import (
    ANA_OWN,
    DEAL_REASON,
    NAMES,
    NEVER_SHOWN,
    SHOWN,
    TAP_REASON,
    WRONG_DEAL,
    WRONG_TAP,
    replay_night,
)
from samples import synthetic_session

import store
import store.hand.judging
from referee.actions import DEALER_VERBS, PLAYER_VERBS
from referee.messages import action_sentence
from store.hand.card_hiding import redact_text
from store.hand.replayer import hand_names, hand_replay, night_hand_list, parsed_line, player_hand_seat


@pytest.fixture
def night(db):
    return replay_night(db)


def _findings_key(findings):
    return sorted(json.dumps(f, sort_keys=True) for f in findings)


def _agrees_with_check(db, hand_id):
    """Assert the replay of the hand agrees with ``store.hand_check`` (the referee's ruling
    on the hand): the same result, each finding at the step of its action and nowhere
    else, one step per live line, and the last step's stacks the ruling's."""
    replay = hand_replay(db, hand_id)
    entry = store.hand_check(db, hand_id)
    assert replay["result"] == entry
    live = [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]
    assert [s["action"] for s in replay["steps"]] == live
    for step in replay["steps"]:
        assert all(f["action"] == step["index"] for f in step["findings"])
    at_steps = [f for s in replay["steps"] for f in s["findings"]]
    assert _findings_key(at_steps + replay["findings_without_action"]) == _findings_key(entry["findings"])
    last = replay["steps"][-1]
    if last["ruled"]:
        assert last["stacks"] == entry["stacks"]
        assert last["pot"] == entry["carried"]
    return replay


def test_every_step_agrees_with_the_referees_ruling_on_the_hand(db, night):
    for hand_id in night["hands"]:
        _agrees_with_check(db, hand_id)
    replay = hand_replay(db, night["hands"][0])
    kinds = {s["number"]: [f["kind"] for f in s["findings"]] for s in replay["steps"] if s["findings"]}
    # the false opener at Íñigo's open (line 11), the wrong push at the award (line 23)
    assert kinds == {11: ["unjustified_opening"], 23: ["wrong_award"]}
    opened = replay["steps"][10]
    assert (opened["parsed"]["verb"], opened["actor"], opened["due"], opened["next_due"]) == ("open", 3, 3, 4)
    assert (opened["pot"], opened["to_call"], opened["stacks"]["3"]) == (30, 10, 485)


def test_steps_agree_with_the_ruling_on_every_hand_of_a_synthetic_night(db):
    session = synthetic_session(hands=12, players=5, seed=7)
    night_id = store.import_session(db, session)
    for hand in store.night_hands(db, night_id):
        replay = _agrees_with_check(db, hand["id"])
        assert replay["number"] == hand["number"]


def test_a_hand_is_replayed_from_its_own_start_not_from_the_nights_first_hand(db, night, monkeypatch):
    """A hand is judged from its own start (DEVELOPERS.md): the replay of hand 4 judges
    hand 4 alone, whatever came before it."""
    store.hand.judging.RECENT.clear()
    judged = []
    real = store.hand.judging.judge

    def counting(night_, hand):
        judged.append(hand.number)
        return real(night_, hand)

    monkeypatch.setattr(store.hand.judging, "judge", counting)
    replay = hand_replay(db, night["hands"][3])
    assert judged == [4]
    assert replay["start"]["stacks"] == store.hand_check(db, night["hands"][2])["stacks"]


def test_names_by_seat_are_those_at_the_table_for_that_hand(db, night):
    first = hand_replay(db, night["hands"][0])
    assert first["names"] == NAMES
    third = hand_replay(db, night["hands"][2])
    assert third["names"] == {**NAMES, 8: "Eva", 9: "Fede"}
    assert hand_names(db, night["night_id"], 2) == NAMES


def test_a_corrected_hand_shows_its_voided_lines_what_when_who_why(db, night):
    replay = hand_replay(db, night["hands"][0])
    voided = replay["voided"]
    assert [(v["action"], v["reason"], v["voided_by"], v["entered_by"]) for v in voided] == [
        (WRONG_DEAL, DEAL_REASON, "dealer", "dealer"), (WRONG_TAP, TAP_REASON, "dealer", "dealer")]
    for v in voided:
        assert v["entered_at"] <= v["voided_at"]
        assert v["parsed"]["verb"] in ("deal", "raise")
    assert WRONG_TAP not in [s["action"] for s in replay["steps"]]
    assert hand_replay(db, night["hands"][1])["voided"] == []


def test_the_host_sees_every_card_as_logged(db, night):
    text = json.dumps(hand_replay(db, night["hands"][0]))
    for card in NEVER_SHOWN + ANA_OWN:
        assert card in text


def test_a_player_sees_no_card_nobody_showed_except_their_own(db, night):
    replay = hand_replay(db, night["hands"][0], viewer_seat=1)
    text = json.dumps(replay)
    for card in NEVER_SHOWN:
        assert card not in text, card
    for card in ANA_OWN + SHOWN:
        assert card in text, card
    deal = next(s for s in replay["steps"] if s["action"].startswith("d deal p3"))
    assert deal["parsed"]["cards"] is None and deal["parsed"]["count"] == 5
    assert deal["action"] == "d deal p3 ??????????"
    draw = next(s for s in replay["steps"] if s["action"].startswith("p3 draw"))
    assert draw["parsed"]["cards"] is None and draw["parsed"]["count"] == 3
    own = next(s for s in replay["steps"] if s["action"].startswith("d deal p1"))
    assert own["parsed"]["cards"] == list(ANA_OWN)
    assert own["cards"]["1"]["held"] == list(ANA_OWN)


def test_a_card_is_hidden_until_it_is_shown(db, night):
    """6h is served to Chus on the draw and shown at the showdown: hidden from Ana until
    the show, not after it."""
    steps = hand_replay(db, night["hands"][0], viewer_seat=1)["steps"]
    serve = next(i for i, s in enumerate(steps) if s["action"].startswith("d serve p4"))
    show = next(i for i, s in enumerate(steps) if s["action"].startswith("p4 show"))
    assert steps[serve]["parsed"]["cards"] is None and steps[serve]["parsed"]["count"] == 1
    assert all("6h" not in json.dumps(s) for s in steps[:show])
    assert steps[show]["cards"]["4"]["shown"] == ["Ks", "Kd", "6c", "6h", "3s"]
    host = hand_replay(db, night["hands"][0])["steps"]
    assert host[serve]["parsed"]["cards"] == ["6h"]


def test_a_players_own_discards_are_theirs_to_see_but_not_anothers_hand(db, night):
    replay = hand_replay(db, night["hands"][0], viewer_seat=3)
    draw = next(s for s in replay["steps"] if s["action"].startswith("p3 draw"))
    assert draw["parsed"]["cards"] == ["9c", "5h", "2s"]
    text = json.dumps(replay)
    for card in ("Jc", "Jh", "4d", "4s", "9s", "7d", "Ah", "Qc"):
        assert card not in text, card


def test_findings_and_the_correction_trail_hide_cards_too(db, night):
    replay = hand_replay(db, night["hands"][0], viewer_seat=1)
    opening = replay["steps"][10]["findings"][0]
    assert opening["details"]["hand"] == ["Ts", "Td", "??", "??", "??"]
    assert "9c" not in opening["message"] and "TsTd" in opening["message"]
    trail = replay["voided"][0]
    assert trail["action"] == "d deal p6 ??????????" and trail["parsed"]["cards"] is None
    assert trail["reason"] == "wrong card typed: ?? for ??"


def test_free_text_hides_runs_of_cards_by_their_shape():
    visible = {"Ts", "Td"}
    assert redact_text("tstd9c5h2s", visible) == "tstd??????"      # written in lower case
    assert redact_text("d deal p3 AsKd7h7c2", visible) == "d deal p3 ????????2"  # unreadable
    assert redact_text("the As and Ts", visible) == "the ?? and Ts"
    assert redact_text("The dealer asked twice", visible) == "The dealer asked twice"
    assert redact_text("pot 75, seat 4", visible) == "pot 75, seat 4"


def test_reading_a_replay_writes_nothing_and_takes_no_write_lock(app, db, night):
    before = db.execute("SELECT COUNT(*) FROM events").fetchone()[0], db.conn.total_changes
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO players (name, name_key, created_at) VALUES ('x', 'x', 'now')")
    try:
        replay = hand_replay(db, night["hands"][0])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert replay["number"] == 1
    assert (db.execute("SELECT COUNT(*) FROM events").fetchone()[0], db.conn.total_changes) == before


@pytest.mark.slow
def test_a_player_is_dealt_into_the_hands_whose_log_names_their_seat(db, night):
    ids, hands = night["players"], night["hands"]
    assert player_hand_seat(db, hands[0], ids["Ana"]) == 1
    assert player_hand_seat(db, hands[0], ids["Eva"]) is None      # sat down after hand 2
    assert player_hand_seat(db, hands[2], ids["Eva"]) == 8
    assert player_hand_seat(db, hands[2], ids["Fede"]) is None     # seated, never dealt in
    assert player_hand_seat(db, 10_000, ids["Ana"]) is None
    other = store.create_night(db, rules="jackpots", chip_cents=10)
    store.seat_player(db, other, ids["Fede"], 2, entered_by="host")
    store.buy_in(db, other, ids["Fede"], 100, entered_by="host")
    assert player_hand_seat(db, hands[0], ids["Fede"]) is None     # not at that night's table


def test_a_voided_hand_start_has_no_replay(db, night):
    hand_id = store.start_hand(db, night["night_id"], entered_by="host")
    store.void_hand_start(db, hand_id, reason="started by mistake", entered_by="host")
    with pytest.raises(store.StoreError):
        hand_replay(db, hand_id)
    assert player_hand_seat(db, hand_id, night["players"]["Ana"]) is None


def test_the_hosts_list_of_hands(db, night):
    rows = night_hand_list(db, night["night_id"])
    assert [r["number"] for r in rows] == [1, 2, 3, 4]
    assert [r["findings"] for r in rows] == [len(store.hand_check(db, h)["findings"]) for h in night["hands"]]
    assert [r["voided"] for r in rows] == [2, 0, 0, 0]
    assert rows[0]["awards"] == {"4": 80} and rows[0]["recorded_awards"] == {"3": 80}
    assert rows[1]["carried"] == 20
    assert rows[2]["names"][8] == "Eva"
    with pytest.raises(store.StoreError):
        night_hand_list(db, 999)


# ------------------------------------------------------------------------ the words of a line
LINES = ["p1 ante 5", "p1 blind 5", "p1 straddle 10", "p1 open 10", "p1 bet 20", "p1 raise 40",
         "p1 call", "p1 call 20", "p1 check", "p1 allin", "p1 fold", "p1 split", "p1 muck",
         "p1 draw 0", "p1 draw 2", "p1 draw 2 AsKd", "p1 show AsKd7h7c2h", "p1 rebuy 100",
         "d deal p1 AsKd7h7c2h", "d deal p1 5", "d serve p1 7s", "d serve p1 1",
         "d award p1 80", "d move p1 p2 17", "d misdeal", "p1 sitout", "p1 withdraw",
         "d expose p1 Kd", "d fix p1 +1 As", "d fix p1 -1", "d fix p1 +2",
         "d note the dealer dropped a card"]
"""A line of every verb of CONTRACT.md section 2 (each shape)."""


def _words(line, lang):
    return action_sentence(parsed_line(line), lang, {1: "Íñigo", 2: "Begoña"}, line=line)


def test_every_verb_is_said_in_words_with_the_players_name_in_both_languages():
    assert {line.split()[1] for line in LINES} == set(PLAYER_VERBS) | set(DEALER_VERBS)
    for line in LINES:
        for lang, unreadable in (("es", "Anotación ilegible"), ("en", "Unreadable entry")):
            said = _words(line, lang)
            assert not said.startswith(unreadable), (line, said)
            if line.split()[1] not in ("misdeal", "note"):
                assert "Íñigo" in said and "p1" not in said and "asiento" not in said, said
    assert _words("p1 open 10", "es") == "Íñigo abre 10"
    assert _words("p1 open 10", "en") == "Íñigo opens 10"
    assert _words("p1 draw 0", "es") == "Íñigo está servido"        # seed 000: "Servido"
    assert _words("p1 call", "es") == "Íñigo ve"                    # seed 002: "veo"
    assert _words("d serve p1 1", "en") == "Íñigo is served 1 card"
    assert _words("d deal p1 AsKd7h7c2h", "es") == "Íñigo recibe As Kd 7h 7c 2h"
    assert _words("p1 dance", "es") == "Anotación ilegible: «p1 dance»"


def test_the_spanish_words_of_a_line_are_not_the_english_ones():
    english = {w for line in LINES for w in re.findall(r"[a-z]{2,}", _words(line, "en").lower())}
    english -= {"as", "kd"}  # card codes
    for line in LINES[:-1]:  # (a note is the dealer's own text)
        spanish = set(re.findall(r"[a-záéíóúñü]{2,}", _words(line, "es").lower()))
        assert not spanish & english, (line, spanish & english)
