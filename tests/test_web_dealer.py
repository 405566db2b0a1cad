"""The dealer's tap endpoint (issue 5): idempotent taps, out-of-turn notice, undo, access.

The hand is ``shared/cases/false_opener.json`` (jackpots, ante 5, limit 10/20).
"""

from __future__ import annotations

import json

import pytest

import store
from web.dealer import dealer_token

PLAYERS = [("Ana", 1), ("Bruno", 3), ("Chus", 4)]
RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


@pytest.fixture
def night(app, db):
    """The false_opener table: three seats of 500 chips, button on seat 4, hand 1 started."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in PLAYERS:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    with app.test_request_context():
        token = dealer_token(night_id)
    return {"id": night_id, "base": f"/dealer/{night_id}/{token}"}


def _tap(client, night, action, key, **extra):
    body = {"key": key, "op": "action", "action": action, **extra}
    return client.post(night["base"] + "/tap", json=body)


def _live(db, night_id):
    return [a["action"] for a in store.hand_actions(db, store.current_hand(db, night_id)) if not a["voided"]]


def test_the_same_tap_sent_twice_is_stored_once(client, db, night):
    first = _tap(client, night, "p1 ante 5", "tap-0001-aaaa")
    second = _tap(client, night, "p1 ante 5", "tap-0001-aaaa")
    assert first.status_code == second.status_code == 200
    assert first.get_json()["event_id"] == second.get_json()["event_id"]
    assert _live(db, night["id"]) == ["p1 ante 5"]
    _tap(client, night, "p1 ante 5", "tap-0002-bbbb")  # a second, deliberate tap is kept
    assert _live(db, night["id"]) == ["p1 ante 5", "p1 ante 5"]


def test_taps_answer_with_whose_turn_and_the_legal_actions(client, night):
    for i, action in enumerate(["p1 ante 5", "p3 ante 5", "p4 ante 5"]):
        state = _tap(client, night, action, f"ante-key-{i}").get_json()
    # CONTRACT.md 2: before the draw the first seat to speak is the one after the button
    assert state["to_act"] == 1
    assert state["pot"] == 15
    verbs = {legal["verb"] for legal in state["legal"]}
    assert {"check", "open", "fold"} <= verbs
    assert [s["seat"] for s in state["seats"]] == [1, 3, 4]


def test_out_of_turn_tap_is_stored_and_reported_at_once(client, db, night):
    for i, action in enumerate(["p1 ante 5", "p3 ante 5", "p4 ante 5"]):
        _tap(client, night, action, f"ante-key-{i}")
    state = _tap(client, night, "p3 open 10", "ooturn-key-1").get_json()
    # TDA 53: seat 1 was due; the open is stored and judged, and play backs up to seat 1
    assert _live(db, night["id"])[-1] == "p3 open 10"
    assert state["notice"] and "3" in state["notice"]
    assert any(f["kind"] == "out_of_turn" and f["action"] == 3 for f in state["findings"])
    assert state["to_act"] == 1


def test_undo_voids_the_last_action_with_its_reason(client, db, night):
    _tap(client, night, "p1 ante 5", "ante-key-1")
    _tap(client, night, "p3 ante 50", "ante-key-2")
    body = {"key": "undo-key-1", "op": "undo", "reason": "typed 50 for 5"}
    assert client.post(night["base"] + "/tap", json=body).status_code == 200
    assert client.post(night["base"] + "/tap", json=body).status_code == 200  # retried: once
    actions = store.hand_actions(db, store.current_hand(db, night["id"]))
    assert [(a["action"], a["voided"]) for a in actions] == [("p1 ante 5", False), ("p3 ante 50", True)]
    assert actions[1]["void_reason"] == "typed 50 for 5"


@pytest.mark.parametrize("body", [
    {"op": "action", "action": "p1 check"},                      # no key
    {"key": "short", "op": "action", "action": "p1 check"},      # key too short
    {"key": "key-ok-123", "op": "action", "action": ""},         # empty action
    {"key": "key-ok-123", "op": "undo", "reason": " "},          # undo without a reason
    {"key": "key-ok-123", "op": "teleport"},                     # unknown op
    {"key": "key-ok-123", "op": "action", "action": "p1 check", "hand_id": 999},  # another hand
])
def test_a_bad_tap_is_refused_and_nothing_is_stored(client, db, night, body):
    response = client.post(night["base"] + "/tap", json=body)
    assert response.status_code == 400 and response.get_json()["error"]
    assert _live(db, night["id"]) == []


def test_an_unreadable_action_is_stored_and_becomes_a_finding(client, db, night):
    state = _tap(client, night, "p1 dance wildly", "weird-key-1").get_json()
    assert _live(db, night["id"]) == ["p1 dance wildly"]
    assert any(f["kind"] == "unreadable" and f["action"] == 0 for f in state["findings"])


def test_the_dealer_page_needs_the_nights_dealer_secret(client, night, app, db):
    assert client.get(night["base"] + "/").status_code == 200
    other = store.create_night(db, rules=RULES, chip_cents=10)
    with app.test_request_context():
        wrong = dealer_token(other)
    assert client.get(f"/dealer/{night['id']}/{wrong}/").status_code == 404
    assert client.get(f"/dealer/{night['id']}/{'x' * 43}/state").status_code == 404
    assert client.get(f"/dealer/{night['id']}/ñandú/state").status_code == 404


def test_the_dealer_page_carries_the_table_and_the_seed_words(client, night):
    html = client.get(night["base"] + "/?lang=es").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    # seed 000: "Paso", "Servido", "¿Cuántas?"; seed 002: "veo"; seed 000 "Voy por tanto"
    assert strings["verbs"]["check"] == "Paso" and strings["verbs"]["call"] == "Veo"
    assert strings["verbs"]["open"] == "Abro" and strings["verbs"]["fold"] == "Me retiro"
    assert strings["verbs"]["draw"] == "¿Cuántas?" and strings["pat"].startswith("Servido")
    assert strings["out_of_turn"] == "fuera de turno: hablaba el asiento %(seat)s"


def _enter(client, night, actions, prefix):
    state = None
    for i, action in enumerate(actions):
        response = _tap(client, night, action, f"{prefix}-tap-{i:04d}")
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
    return state


def test_at_showdown_the_referee_proposes_and_a_confirmed_award_leaves_no_finding(client, night, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    actions = case["hands"][0]["actions"]
    state = _enter(client, night, actions[:-1], "fo")
    # RRoP section 11: the false opener's hand is dead, the pot plays: seat 4 gets 75
    assert state["proposed_awards"] == {"4": 75}
    state = _enter(client, night, ["d award p4 75"], "confirm")
    assert state["recorded_awards"] == {"4": 75} and state["awards"] == {"4": 75}
    assert "wrong_award" not in {f["kind"] for f in state["findings"]}
    assert "unjustified_opening" in {f["kind"] for f in state["findings"]}


def test_recording_another_award_than_the_referees_is_a_wrong_award_finding(client, night, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    state = _enter(client, night, case["hands"][0]["actions"], "fo")
    assert state["recorded_awards"] == {"3": 75} and state["awards"] == {"4": 75}
    assert {"kind": "wrong_award", "action": 14} in [
        {"kind": f["kind"], "action": f["action"]} for f in state["findings"]]


def test_recorded_awards_add_up_the_dealers_award_lines():
    from web.dealer import recorded_awards

    assert recorded_awards(["d award p3 70", "p4 show KsKd6c6h3s", "d award p3 5", "d award p4 x"]) == {"3": 75}
