"""The tablet's hand flows on the server (issue 15): the first hand with its button from the
tablet, everyone's forced bets in one tap, "confirm and next hand" in one tap (only where
nothing is in doubt), a show with no card seen refused, the cards each seat is known to hold,
a dead hand offered no betting, the openers asked for when everyone folds to the opener.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from tablets import dealer_token, tap_as_seen

import store
from referee.table import table_state

PLAYERS = [("Ana", 1), ("Bruno", 3), ("Chus", 4)]
RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


def _night(db, *, rules=RULES, stacks=(500, 500, 500), start=True):
    night_id = store.create_night(db, rules=rules, chip_cents=10)
    for (name, seat), chips in zip(PLAYERS, stacks):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, chips, entered_by="test")
    if start:
        store.start_hand(db, night_id, button=4, entered_by="test")
    return {"id": night_id, "base": f"/dealer/{night_id}/{dealer_token(db, night_id)}"}


@pytest.fixture
def night(app, db):
    return _night(db)


def _tap(client, night, body):
    return tap_as_seen(client, night["base"], body)


def _act(client, night, actions, prefix):
    for i, action in enumerate(actions):
        response = _tap(client, night, {"key": f"{prefix}-{i:04d}", "op": "action", "action": action})
        assert response.status_code == 200, response.get_json()
    return response.get_json()


def _live(db, hand_id):
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def test_the_first_hand_starts_from_the_tablet_with_the_button_tapped(app, client, db):
    night = _night(db, start=False)
    view = client.get(night["base"] + "/state").get_json()
    assert view["hand_id"] is None and [s["name"] for s in view["seats"]] == ["Ana", "Bruno", "Chus"]
    refused = _tap(client, night, {"key": "start-no-button", "op": "start_hand"})
    assert refused.status_code == 400 and "botón" in refused.get_json()["error"]
    answer = _tap(client, night, {"key": "start-button-3", "op": "start_hand", "button": 3}).get_json()
    assert answer["hand"] == 1 and answer["button"] == 3
    # CONTRACT.md 2: the first seat after the button speaks first (seat 4 antes first)
    assert answer["to_act"] == 4


def test_everyone_antes_in_one_tap_each_line_its_own_and_a_retry_stores_nothing(client, db, night):
    """Seed 000: "cada jugador pone ... un número igual de fichas" is the referee's ante;
    the tablet only asks it seat after seat (``p1 ante 5``, ``p3 ante 5``, ``p4 ante 5``)."""
    hand_id = store.current_hand(db, night["id"])
    view = client.get(night["base"] + "/state").get_json()
    assert view["forced"] == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
    body = {"key": "forced-tap-01", "op": "forced_bets", "hand_id": hand_id, "version": view["version"],
            "events": 3}
    answer = client.post(night["base"] + "/tap", json=body).get_json()
    assert _live(db, hand_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
    assert answer["pot"] == 15 and answer["phase"] == "predraw" and answer["forced"] == []
    assert answer["version"] == view["version"] + 3
    # the same tap again (a retry after a lost answer): the same event, nothing more stored
    again = client.post(night["base"] + "/tap", json=body)
    assert again.status_code == 200 and again.get_json()["event_id"] == answer["event_id"]
    assert _live(db, hand_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
    # a new tap now: no forced chip is owed, refused in the page's language, nothing stored
    refused = _tap(client, night, {"key": "forced-tap-02", "op": "forced_bets", "hand_id": hand_id})
    assert refused.status_code == 400 and "ciega" in refused.get_json()["error"]
    assert len(_live(db, hand_id)) == 3


def test_forced_bets_post_only_what_is_owed_after_one_seat_anted(client, db, night):
    hand_id = store.current_hand(db, night["id"])
    _act(client, night, ["p1 ante 5"], "one-ante")
    _tap(client, night, {"key": "forced-after", "op": "forced_bets", "hand_id": hand_id})
    assert _live(db, hand_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]


def test_forced_bets_post_the_blinds_the_house_sizes(client, db):
    rules = {"preset": "deuce_to_seven", "small_blind": 5, "big_blind": 10}
    night = _night(db, rules=rules)
    hand_id = store.current_hand(db, night["id"])
    state = client.get(night["base"] + "/state").get_json()
    expected = []
    session = {"rules": rules, "players": [{"seat": s, "stack": 500} for _, s in PLAYERS],
               "hands": [{"button": 4, "actions": expected}]}
    while True:   # the referee's own forced lines, one by one
        legal = table_state(session)["legal"]
        if len(legal) != 1 or legal[0]["verb"] not in ("ante", "blind", "straddle"):
            break
        expected.append(f"p{table_state(session)['to_act']} {legal[0]['verb']} {legal[0]['min']}")
    assert state["forced"] == expected == ["p1 blind 5", "p3 straddle 10"]
    _tap(client, night, {"key": "blinds-tap-1", "op": "forced_bets", "hand_id": hand_id})
    assert _live(db, hand_id) == expected


def test_a_stale_forced_bets_tap_stores_nothing(app, client, db, night):
    hand_id = store.current_hand(db, night["id"])
    _act(client, night, ["p1 ante 5"], "stale")
    before = snapshot(app.config["DATABASE"])
    response = client.post(night["base"] + "/tap", json={"key": "forced-stale", "op": "forced_bets",
                                                         "hand_id": hand_id, "version": 0})
    assert response.status_code == 409 and response.get_json()["stale"] is True
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("said", [2, 4])
def test_a_forced_bets_tap_whose_count_differs_from_the_referees_is_stale_and_stores_nothing(
        app, client, db, night, said):
    """The taps queued after it count the hand's version on by the lines it said
    (static/hand/tapqueue.js ``stamp``): where the referee now asks for another count, nothing
    is stored (409), so no later tap is stored on a version counted wrong."""
    hand_id = store.current_hand(db, night["id"])
    view = client.get(night["base"] + "/state").get_json()
    assert len(view["forced"]) == 3
    before = snapshot(app.config["DATABASE"])
    response = client.post(night["base"] + "/tap", json={"key": f"forced-count-{said}", "op": "forced_bets",
                                                         "hand_id": hand_id, "version": view["version"],
                                                         "events": said})
    assert response.status_code == 409 and response.get_json()["stale"] is True
    assert "mano 1" in response.get_json()["error"] and "pots o ciegas" in response.get_json()["error"]
    assert snapshot(app.config["DATABASE"]) == before
    # the count the referee lists: stored, and a tap made after it on version + 3 too
    ok = client.post(night["base"] + "/tap", json={"key": "forced-count-ok", "op": "forced_bets",
                                                   "hand_id": hand_id, "version": view["version"], "events": 3})
    assert ok.status_code == 200
    after = client.post(night["base"] + "/tap", json={"key": "after-forced", "op": "action", "hand_id": hand_id,
                                                      "version": view["version"] + 3, "action": "p1 check"})
    assert after.status_code == 200
    assert _live(db, hand_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check"]


def test_a_forced_bets_count_that_is_not_a_whole_number_is_refused(app, client, db, night):
    hand_id = store.current_hand(db, night["id"])
    before = snapshot(app.config["DATABASE"])
    response = client.post(night["base"] + "/tap", json={"key": "forced-count-bad", "op": "forced_bets",
                                                         "hand_id": hand_id, "version": 0, "events": "3"})
    assert response.status_code == 400
    assert snapshot(app.config["DATABASE"]) == before


CLEAN = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 call",
         "p1 draw 3", "p3 draw 3", "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call",
         "p3 show JhJd8c8s3d", "p1 show 9s9d5c4h2s"]


def test_confirm_and_next_hand_records_the_award_closes_and_starts_the_next(client, db, night):
    hand_id = store.current_hand(db, night["id"])
    view = _act(client, night, CLEAN, "clean")
    assert view["finish"] == {"awards": {"3": 85}, "carries": 0}
    body = {"key": "finish-tap-1", "op": "finish_hand", "hand_id": hand_id, "version": view["version"]}
    answer = client.post(night["base"] + "/tap", json=body).get_json()
    assert _live(db, hand_id)[-1] == "d award p3 85"
    assert store.hand.rows.hand_ended(db, hand_id)
    assert answer["hand"] == 2 and answer["in_progress"] is True and answer["button"] == 1
    assert answer["started_hand"] == store.current_hand(db, night["id"]) != hand_id
    checked = store.hand_check(db, hand_id)
    assert checked["awards"] == {"3": 85} and not [f for f in checked["findings"] if f["severity"] == "error"]
    again = client.post(night["base"] + "/tap", json=body)
    assert again.status_code == 200 and len(store.night_hands(db, night["id"])) == 2
    assert _live(db, hand_id).count("d award p3 85") == 1


def test_a_passed_out_hand_finishes_with_no_award_and_the_pot_carries(client, db, night):
    """Seed 001: "En el caso de que nadie lo tenga, se volverá a dar las cartas, poniendo de
    nuevo pot": no award, the next hand at once, the antes carried into it."""
    hand_id = store.current_hand(db, night["id"])
    view = _act(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check", "p4 check"],
                "passed")
    assert view["proposed_awards"] == {} and view["finish"] == {"awards": {}, "carries": 15}
    answer = _tap(client, night, {"key": "finish-pass", "op": "finish_hand", "hand_id": hand_id}).get_json()
    assert not [a for a in _live(db, hand_id) if a.startswith("d award")]
    assert answer["hand"] == 2 and answer["pot"] == 15


def test_where_the_award_is_in_doubt_finish_is_refused_and_nothing_stored(app, client, db, night):
    hand_id = store.current_hand(db, night["id"])
    # everyone folds to the opener, who has not shown openers: the referee's error finding
    view = _act(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 fold", "p4 fold"],
                "doubt")
    assert view["finish"] is None and view["show_openers"] == 1
    before = snapshot(app.config["DATABASE"])
    refused = _tap(client, night, {"key": "finish-doubt", "op": "finish_hand", "hand_id": hand_id})
    assert refused.status_code == 400 and "paso a paso" in refused.get_json()["error"]
    assert snapshot(app.config["DATABASE"]) == before
    # the openers shown: the referee proposes the pot to the opener, and one tap finishes
    view = _act(client, night, ["p1 show JhJd"], "proof")
    assert view["show_openers"] is None and view["finish"] == {"awards": {"1": 25}, "carries": 0}


def test_a_seat_left_with_no_chips_gets_no_next_hand_so_a_rebuy_can_come(client, db):
    night = _night(db, stacks=(500, 15, 500))
    hand_id = store.current_hand(db, night["id"])
    view = _act(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 allin", "p4 fold",
                                "p1 call", "p1 draw 0", "p3 draw 0",
                                "p1 show AsAhAdKsKh", "p3 show QcQdJh7s2d"], "bust")
    assert view["finish"] == {"awards": {"1": 35}, "carries": 0}
    answer = _tap(client, night, {"key": "finish-bust", "op": "finish_hand", "hand_id": hand_id}).get_json()
    assert answer["in_progress"] is False and store.current_hand(db, night["id"]) is None
    assert answer["started_hand"] is None     # the tablet drops the taps it queued for a next hand
    pid = store.night_players(db, night["id"])[1]["player_id"]
    store.buy_in(db, night["id"], pid, 100, entered_by="test")     # between hands: allowed


@pytest.mark.parametrize("line", ["p1 show ??????????", "p1 show ????"])
def test_a_show_with_no_card_seen_is_refused_and_nothing_stored(app, client, db, night, line):
    _act(client, night, CLEAN[:13], "show")
    before = snapshot(app.config["DATABASE"])
    refused = _tap(client, night, {"key": "show-none-1", "op": "action", "action": line})
    assert refused.status_code == 400 and "cartas" in refused.get_json()["error"]
    assert snapshot(app.config["DATABASE"]) == before


def test_the_view_has_the_cards_each_seat_is_known_to_hold(client, db, night):
    view = _act(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p1 KsKhQd7c2s"], "known")
    assert view["known_cards"]["1"] == ["Ks", "Kh", "Qd", "7c", "2s"]
    assert view["known_cards"]["3"] == ["??"] * 5


def test_a_dead_hand_is_offered_no_betting():
    """Seed 000: "no podrá tomar parte en la jugada por tener cartas de más o de menos,
    perdiendo todas las puestas": seat 4, served three for two (six cards), may only fold."""
    session = {"rules": RULES, "players": [{"seat": s, "stack": 500} for _, s in PLAYERS],
               "hands": [{"button": 4, "actions": [
                   "p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 fold", "p4 call",
                   "p1 draw 1", "p4 draw 2", "d serve p4 3", "p1 bet 20"]}]}
    state = table_state(session)
    assert state["to_act"] == 4 and state["dead"] == [4]
    assert [l["verb"] for l in state["legal"]] == ["fold"]
    del session["hands"][0]["actions"][-1]    # the live seat, due before: its betting
    live = table_state(session)
    assert live["to_act"] == 1 and "bet" in [l["verb"] for l in live["legal"]]


# --- the award gap's choice (issue 24): at the table, one tap ------------------------------

FALSE_OPENER = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p3 TsTd9c5h2s", "p1 check", "p3 open 10", "p4 call",
                "p1 fold", "p3 draw 3 9c5h2s", "p4 draw 1", "p3 bet 20", "p4 call", "p3 show TsTdTc8h4c",
                "p4 show KsKd6c6h3s", "d award p3 75"]
"""``shared/cases/false_opener.json``: the pot pushed to Bruno (seat 3), whose tens did
not open; the rules give it to Chus (seat 4)."""


def _pushed_wrong(client, db, night):
    """Hand 1 played as the false opener's, closed: the view after the close."""
    _act(client, night, FALSE_OPENER, "false-opener")
    answer = _tap(client, night, {"key": "fo-close-01", "op": "end_hand"})
    assert answer.status_code == 200
    return answer.get_json()


def test_the_gap_offers_the_lines_in_words_and_one_tap_hands_the_pot_back(client, db, night):
    hand_id = store.current_hand(db, night["id"])
    view = _pushed_wrong(client, db, night)
    gap = view["award_gap"]
    assert gap["lines"] == ["d move p3 p4 75"]
    assert gap["words"] == ["Bruno entrega 75 fichas en la mesa; las recibe Chus"]   # the log's sentence
    assert {s["seat"]: s["held"] - s["stack"] for s in view["seats"]} == {1: 0, 3: 75, 4: -75}
    body = {"key": "hand-over-01", "op": "hand_over", "hand_id": hand_id, "version": view["version"], "events": 1}
    answer = client.post(night["base"] + "/tap", json=body)
    assert answer.status_code == 200, answer.get_json()
    view = answer.get_json()
    assert view["award_gap"] is None and view["in_progress"] is False
    assert {s["seat"]: s["held"] for s in view["seats"]} == {s["seat"]: s["stack"] for s in view["seats"]} \
        == {1: 495, 3: 465, 4: 540}
    moved = [a for a in store.hand_actions(db, hand_id) if a["action"] == "d move p3 p4 75"]
    assert [a["event_id"] for a in moved] == [view["event_id"]]
    assert moved[0]["entered_by"].startswith("dealer:")   # the link's label, never the body's
    again = client.post(night["base"] + "/tap", json=body)   # resent: stored once
    assert again.status_code == 200 and again.get_json()["event_id"] == view["event_id"]
    assert _live(db, hand_id).count("d move p3 p4 75") == 1
    # nothing left to hand over: said in the page's language, nothing stored, the tap named
    refused = client.post(night["base"] + "/tap", json={**body, "key": "hand-over-02", "version": view["version"]})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("La mano 1 no deja fichas que entregar: las fichas en la mesa son "
                                           "las del árbitro. No se guardó nada.")
    assert refused.get_json()["tap"] == "en la mesa: el repartidor entrega las fichas ahora"


def test_a_hand_over_made_on_another_table_is_stale_and_stores_nothing(app, client, db, night):
    hand_id = store.current_hand(db, night["id"])
    view = _pushed_wrong(client, db, night)
    before = snapshot(app.config["DATABASE"])
    for key, extra in (("over-stale-01", {"version": view["version"] - 1}), ("over-stale-02", {"events": 2})):
        body = {"key": key, "op": "hand_over", "hand_id": hand_id, "version": view["version"], "events": 1, **extra}
        refused = client.post(night["base"] + "/tap?lang=en", json=body)
        assert refused.status_code == 409 and refused.get_json()["stale"] is True, refused.get_json()
    assert "other chips to be handed over than the tablet showed" in refused.get_json()["error"]
    bad = client.post(night["base"] + "/tap?lang=en", json={"key": "over-bad-01", "op": "hand_over",
                                                            "version": view["version"], "events": "1"})
    assert bad.status_code == 400 and "how many lines" in bad.get_json()["error"]
    assert snapshot(app.config["DATABASE"]) == before


def test_a_hand_over_while_a_hand_is_in_play_is_refused_in_words(app, client, db, night):
    hand_id = store.current_hand(db, night["id"])
    view = _act(client, night, ["p1 ante 5"], "in-play")
    before = snapshot(app.config["DATABASE"])
    refused = client.post(night["base"] + "/tap", json={"key": "over-in-play", "op": "hand_over",
                                                        "hand_id": hand_id, "version": view["version"]})
    assert refused.status_code == 400
    assert refused.get_json()["error"].startswith("La mano 1 sigue en juego")
    assert snapshot(app.config["DATABASE"]) == before
