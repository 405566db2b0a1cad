"""The dealer's tap endpoint (issue 5): idempotent taps, out-of-turn notice, undo, access.

The hand is ``shared/cases/false_opener.json`` (jackpots, ante 5, limit 10/20).
"""

from __future__ import annotations

import json

import pytest
from tablet_nights import RULES
from tablets import dealer_token, tap_as_seen

import store


def _tap(client, night, action, key, **extra):
    body = {"key": key, "op": "action", "action": action, **extra}
    return tap_as_seen(client, night["base"], body)


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
    # the notice names the seat that was due, in the page's language (Spanish by default)
    assert state["notice"] == "Bruno abrió cuando hablaba Ana."   # the referee's template
    assert any(f["kind"] == "out_of_turn" and f["action"] == 3 for f in state["findings"])
    assert state["to_act"] == 1


def test_the_out_of_turn_notice_reads_the_findings_details_never_its_message(app):
    from web.hand.tablet import _notice_for

    actions = [{"event_id": 11, "action": "p1 ante 5", "voided": False},
               {"event_id": 12, "action": "p9 typo", "voided": True},
               {"event_id": 13, "action": "p3 open 10", "voided": False}]
    # a message that says another seat (or none): the notice follows details["due"]
    finding = {"kind": "out_of_turn", "action": 1, "seat": 3, "details": {"due": 4},
               "message": "seat 3 opened while seat 7 was to act"}
    finding["details"]["verb"] = "open"
    with app.test_request_context("/?lang=en"):
        assert _notice_for({"actions": actions, "findings": [finding]}, 13) == "Seat 3 opened while seat 4 was to act."
        assert _notice_for({"actions": actions, "findings": [finding]}, 11) is None   # in turn
        no_details = {**finding, "details": {}}
        assert _notice_for({"actions": actions, "findings": [no_details]}, 13) == "Out of turn."
    with app.test_request_context("/?lang=es"):
        assert _notice_for({"actions": actions, "findings": [finding]}, 13) == "El asiento 3 abrió cuando hablaba el asiento 4."


def test_undo_voids_the_last_action_with_its_reason(client, db, night):
    _tap(client, night, "p1 ante 5", "ante-key-1")
    _tap(client, night, "p3 ante 50", "ante-key-2")
    seen = client.get(night["base"] + "/state").get_json()
    body = {"key": "undo-key-1", "op": "undo", "reason": "typed 50 for 5", "version": seen["version"],
            "event_id": seen["undo"]["event_id"]}
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
    response = tap_as_seen(client, night["base"], body)
    assert response.status_code == 400 and response.get_json()["error"]
    assert _live(db, night["id"]) == []


def test_an_unreadable_action_is_refused_with_words_and_nothing_stored(client, db, night):
    """Issue 13: the tablet's line is read before it is stored; refused: 400, nothing stored."""
    answer = _tap(client, night, "p1 dance wildly", "weird-key-1")
    assert answer.status_code == 400 and "p1 dance wildly" in answer.get_json()["error"]
    assert _live(db, night["id"]) == []


def test_the_dealer_page_needs_the_nights_dealer_secret(client, night, app, db):
    assert client.get(night["base"] + "/").status_code == 200
    other = store.create_night(db, rules=RULES, chip_cents=10)
    wrong = dealer_token(db, other)
    assert client.get(f"/dealer/{night['id']}/{wrong}/").status_code == 404
    assert client.get(f"/dealer/{night['id']}/{'x' * 43}/state").status_code == 404
    assert client.get(f"/dealer/{night['id']}/ñandú/state").status_code == 404


def test_the_dealer_page_carries_the_table_and_the_seed_words(client, night):
    html = client.get(night["base"] + "/?lang=es").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    # seed 000: "Paso", "Voy por tanto", "¿Cuantas?" / "cuantas toma" (¿Cuántas?), "Servido";
    # seed 002: 'veo' (web.core.i18n.SEED_WORDS; test_web_i18n checks them against the seed texts)
    assert strings["verbs"]["check"] == "Paso" and strings["verbs"]["call"] == "Veo"
    assert strings["verbs"]["open"] == "Abro" and strings["verbs"]["fold"] == "Me retiro"
    assert strings["verbs"]["draw"] == "¿Cuántas?" and strings["verbs"]["raise"] == "Subo"
    assert strings["verbs"]["allin"] == "Resto" and strings["verbs"]["bet"] == "Voy"
    assert ">Servido (0)</button>" in html          # the draw panel's "stands pat"


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


@pytest.mark.slow
def test_recording_another_award_than_the_referees_is_a_wrong_award_finding(client, night, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    state = _enter(client, night, case["hands"][0]["actions"], "fo")
    assert state["recorded_awards"] == {"3": 75} and state["awards"] == {"4": 75}
    assert {"kind": "wrong_award", "action": 14} in [
        {"kind": f["kind"], "action": f["action"]} for f in state["findings"]]


# --- fixes after the first tester's review ---------------------------------------------

def _op(client, night, op, key, **extra):
    return tap_as_seen(client, night["base"], {"key": key, "op": op, **extra})


def test_undo_after_closing_a_hand_by_mistake_reopens_it_and_keeps_the_last_action(client, db, night):
    _enter(client, night, ["p1 ante 5", "p3 ante 5"], "close")
    hand_id = store.current_hand(db, night["id"])
    assert _op(client, night, "end_hand", "end-key-0001").status_code == 200
    assert store.current_hand(db, night["id"]) is None
    seen = client.get(night["base"] + "/state").get_json()
    assert seen["undo"]["kind"] == "end"                       # the button names the close
    undo = {"key": "undo-end-0001", "op": "undo", "reason": "closed by mistake",
            "version": seen["version"], "event_id": seen["undo"]["event_id"]}
    state = client.post(night["base"] + "/tap", json=undo).get_json()
    # the void points at the hand's end: the hand is open again, both antes still live
    assert state["in_progress"] is True and store.current_hand(db, night["id"]) == hand_id
    assert _live(db, night["id"]) == ["p1 ante 5", "p3 ante 5"]
    # the same undo retried is stored once; the next undo voids the last action
    assert client.post(night["base"] + "/tap", json=undo).status_code == 200
    assert _live(db, night["id"]) == ["p1 ante 5", "p3 ante 5"]
    _op(client, night, "undo", "undo-act-0002", reason="typo")
    assert _live(db, night["id"]) == ["p1 ante 5"]


def test_a_tap_key_used_on_another_night_is_refused_not_answered_with_its_event(client, db, app, night):
    assert _tap(client, night, "p1 ante 5", "shared-key-0001").status_code == 200
    other = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in (("Dani", 1), ("Eva", 2)):
        pid = store.add_player(db, name)
        store.seat_player(db, other, pid, seat, entered_by="test")
        store.buy_in(db, other, pid, 100, entered_by="test")
    store.start_hand(db, other, button=2, entered_by="test")
    base = f"/dealer/{other}/{dealer_token(db, other)}"
    response = tap_as_seen(client, base, {"key": "shared-key-0001", "op": "action", "action": "p2 ante 5"})
    assert response.status_code == 400 and response.get_json()["error"]
    assert "event_id" not in response.get_json()
    assert [a["action"] for a in store.hand_actions(db, store.current_hand(db, other))] == []


@pytest.mark.parametrize("body", [
    {"op": "action", "action": "p1 check", "hand_id": 10**30},
    {"op": "action", "action": "p1 check", "hand_id": -1},
    {"op": "start_hand", "button": 10**30},
    {"op": "start_hand", "stacks": {"1": 10**13}},
    {"op": "start_hand", "stacks": {"١": 5}},
    {"op": "start_hand", "stacks": [1, 2]},
    {"op": "action", "action": "p1 open 10000000000001"},
])
def test_out_of_range_numbers_in_a_tap_are_a_400_never_a_500(client, db, night, body):
    response = tap_as_seen(client, night["base"], {"key": "bad-number-01", **body})
    assert response.status_code == 400 and response.get_json()["error"]
    assert _live(db, night["id"]) == []


def test_after_a_misdeal_the_next_hand_keeps_the_same_button(client, db, night):
    _enter(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d misdeal"], "misdeal")
    assert _op(client, night, "end_hand", "end-misdeal-01").status_code == 200
    state = _op(client, night, "start_hand", "next-misdeal-01").get_json()
    # Robert's Rules of Poker, Misdeals: the same dealer deals again (the button stays on 4)
    assert state["button"] == 4
    assert [h["button"] for h in store.night_hands(db, night["id"])] == [4, 4]
    _enter(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5"], "second")
    _op(client, night, "end_hand", "end-second-01")
    assert _op(client, night, "start_hand", "next-second-01").get_json()["button"] == 1


@pytest.mark.slow
def test_a_wrong_award_left_uncorrected_is_named_with_its_difference_for_the_next_hand(client, db, night, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    _enter(client, night, case["hands"][0]["actions"], "fo")   # pushed to seat 3, referee: seat 4
    state = _op(client, night, "end_hand", "end-fo-0001").get_json()
    gap = state["award_gap"]
    assert gap["hand"] == 1 and gap["diff"] == {"3": 75, "4": -75}
    assert gap["awards"] == {"4": 75} and gap["recorded"] == {"3": 75}
    assert gap["lines"] == ["d move p3 p4 75"]   # at the table: Bruno hands Chus the pot
    # the referee's stacks go on into hand 2; the table's chips follow the push
    held = {str(s["seat"]): s["held"] for s in state["seats"]}
    assert held["3"] - state["stacks"]["3"] == 75 and held["4"] - state["stacks"]["4"] == -75
    # in money: the ordinary next hand, the chips where they are. The gap ends with its
    # hand: once hand 2 has started it is gone (issue 15: the banner outlived its hand); an
    # action tap leaves the key out (the page keeps the one it has)
    assert _op(client, night, "start_hand", "next-fo-0001").get_json()["award_gap"] is None
    assert "award_gap" not in _tap(client, night, "p1 ante 5", "h2-ante-0001").get_json()
    state = client.get(night["base"] + "/state").get_json()
    assert state["award_gap"] is None
    # nothing restated: hand 2 starts from the referee's stacks, the chips on the table
    # still follow the push (a host's ruling on a dispute settles it, in money)
    hand2 = store.night_hands(db, night["id"])[-1]
    assert hand2["stacks"] is None
    assert {s["seat"]: s["held"] - s["stack"] for s in state["seats"]} == {1: 0, 3: 75, 4: -75}


@pytest.mark.slow
def test_a_ruling_that_settled_a_wrong_push_ends_the_gap_and_locks_the_hand(client, db, night, shared):
    """Tester 8, item 2: the pot pushed to Bruno (``d award p3``) that the rules give Chus;
    Chus disputes and the host upholds without correcting the record: the ruling moves the
    chips (RRoP, Showdown, rule 3: "an error ... in awarding a pot"). The tablet's gap
    banner then goes, and the tablet can no longer undo the hand (the chips would move
    twice): the change goes through the host's dispute page."""
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    _enter(client, night, case["hands"][0]["actions"], "fo")
    assert _op(client, night, "end_hand", "end-fo-0001").get_json()["award_gap"]["diff"] == {"3": 75, "4": -75}
    hand_id = store.current_hand(db, night["id"]) or store.night_hands(db, night["id"])[-1]["id"]
    chus = store.find_player(db, "Chus")
    dispute = store.open_dispute(db, hand_id, chus, "the pot is mine: his tens did not open")
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP Showdown 3", entered_by="host")
    assert client.get(night["base"] + "/state").get_json()["award_gap"] is None
    before = store.hand_actions(db, hand_id)
    refused = _op(client, night, "undo", "undo-ruled-01", reason="confirm the referee's award")
    assert refused.status_code == 400
    assert refused.get_json()["error"] == (f"La mano 1 tiene un fallo (reclamación {dispute}): "
                                           "corrígela desde la página de la reclamación del anfitrión.")
    award = next(a["event_id"] for a in before if a["action"] == "d award p3 75")
    with pytest.raises(store.StoreError) as caught:
        store.void_event(db, award, reason="the referee's award", entered_by="dealer")
    assert caught.value.code == "hand_ruled" and caught.value.params == {"number": 1, "dispute": dispute}
    assert store.hand_actions(db, hand_id) == before


def test_no_award_gap_when_the_referees_award_was_confirmed(client, db, night, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    _enter(client, night, case["hands"][0]["actions"][:-1] + ["d award p4 75"], "ok")
    assert _op(client, night, "end_hand", "end-ok-0001").get_json()["award_gap"] is None


def test_the_page_names_finding_kinds_in_its_language_and_counts_with_plurals(client, night):
    html = client.get(night["base"] + "/?lang=es").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    assert strings["kinds"]["wrong_award"] == "bote mal repartido"
    assert strings["kinds"]["unjustified_opening"] == "apertura sin ley"
    assert strings["pending"][0] == "%(n)s toque por enviar"
    assert strings["pending"][1] == "%(n)s toques por enviar"
    html = client.get(night["base"] + "/?lang=en").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    assert strings["kinds"]["wrong_award"] == "wrong award"
    assert strings["pending"] == ["%(n)s tap waiting to be sent", "%(n)s taps waiting to be sent"]


# --- fixes after the second re-test -----------------------------------------------------

def test_a_seat_with_no_chips_is_marked_sitting_out(client, db, app):
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat, chips in (("Ana", 1, 0), ("Bruno", 3, 500), ("Chus", 4, 500)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        if chips:
            store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    base = f"/dealer/{night_id}/{dealer_token(db, night_id)}"
    seats = {s["seat"]: s for s in client.get(base + "/state").get_json()["seats"]}
    assert seats[1]["stack"] == 0 and seats[1]["sitting_out"] is True
    assert seats[3]["sitting_out"] is False and seats[4]["sitting_out"] is False


def test_a_seat_all_in_is_not_sitting_out(client, db, night):
    _enter(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 allin"], "allin")
    seats = {s["seat"]: s for s in client.get(night["base"] + "/state").get_json()["seats"]}
    assert seats[1]["stack"] == 0 and seats[1]["sitting_out"] is False


def test_a_seat_with_no_chips_and_a_seat_that_abstains_are_told_apart(client, db, app):
    # (issue 27, a second fresh tester: a busted seat was "sitting out", the words of pN sitout)
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat, chips in (("Ana", 1, 0), ("Bruno", 3, 500), ("Chus", 4, 500), ("Dani", 5, 500)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        if chips:
            store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    base = f"/dealer/{night_id}/{dealer_token(db, night_id)}"
    _tap(client, {"base": base}, "p5 sitout", "abstain-key-1")
    seats = {s["seat"]: s for s in client.get(base + "/state").get_json()["seats"]}
    assert seats[1]["sitting_out"] is True and seats[1]["abstains"] is False  # no chips
    assert seats[5]["sitting_out"] is True and seats[5]["abstains"] is True   # said so
    html = client.get(base + "/?lang=es").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    assert strings["no_chips"] == "sin fichas" and strings["sitting_out"] != strings["no_chips"]


def test_the_irregularities_menu_offers_no_withdrawal_or_sitout_once_the_hands_are_shown(client, night):
    # RRoP section 4, cards speak: a tabled hand is judged as shown (referee.showdown.tabled_hand)
    lines = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
    state = _enter(client, night, lines, "menu")
    assert state["irregular"] == ["expose", "fix", "withdraw", "sitout"]
    state = _enter(client, night, ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 0",
                                   "p4 draw 0", "p3 check", "p4 check"], "menu2")
    assert state["phase"] == "showdown"
    assert state["irregular"] == ["expose", "fix"]


def test_the_page_carries_no_betting_rules_only_the_action_words_number_symbols_and_sentences(client, night):
    html = client.get(night["base"] + "/?lang=es").get_data(as_text=True)
    strings = json.loads(html.split('<script id="strings" type="application/json">')[1].split("</script>")[0])
    config = json.loads(html.split('<script id="config" type="application/json">')[1].split("</script>")[0])
    # the bet sizes, the direction of play and the blinds stay with the referee: the page
    # gets the legal actions and their amounts in every answer (table_view "legal")
    assert not {"betting", "direction", "rules"} & set(config)
    assert config["verbs"][:3] == ["check", "open", "bet"] and "draw" in config["verbs"]
    assert set(config["amount_verbs"]) == {"open", "bet", "raise", "ante", "blind", "straddle"}
    assert config["lang"] == "es" and config["number"]["group"] == "."
    assert strings["rule"] == "Regla"
    assert strings["sitting_out"] == "no juega"
    assert strings["waiting_referee"] == "Esperando al árbitro…" and strings["speaks"] == "Habla"
    assert strings["side_pot"] == "Bote lateral %(amount)s (asientos %(seats)s)"


def test_the_tablets_log_lines_come_in_the_pages_words_with_the_names_at_the_table(client, db):
    """Issue #14: "the log written in words with names ("Íñigo abre 2")" on every page: the
    tablet's state carries each line said by the referee (``web.core.i18n.say_line``), in the
    page's language; the line as written stays beside it."""
    from showcase_night import HANDS
    from showcase_night import PLAYERS as PLAYERS14
    from showcase_night import RULES as RULES14
    night_id = store.create_night(db, rules=RULES14, chip_cents=10)
    for name, seat, chips in PLAYERS14:
        store.join_table(db, night_id, name, seat, chips, entered_by="test")
    hand_id = store.start_hand(db, night_id, button=1, entered_by="test")   # seat 2 speaks first
    lines = HANDS[1]["actions"][:8]                       # the antes, the deal, "p2 check", "p3 open 2"
    assert lines[-1] == "p3 open 2"
    store.append_actions(db, hand_id, lines, entered_by="test", keys=[f"w-{i}" for i in range(len(lines))])
    base = f"/dealer/{night_id}/{dealer_token(db, night_id)}"
    es = client.get(base + "/state?lang=es").get_json()["actions"]
    assert [a["action"] for a in es] == lines
    assert es[-1]["words"] == "Íñigo abre 2"
    assert es[-2]["words"] == "Bruno pasa"
    assert es[0]["words"].startswith("Ana ") and "p1" not in es[0]["words"]
    long_name = PLAYERS14[3][0]
    assert es[3]["words"].startswith(long_name + " ")    # "p4 ante 1": the whole long name
    assert not any(a["words"] == a["action"] or "p3" in a["words"] for a in es)
    en = client.get(base + "/state?lang=en").get_json()["actions"]
    assert en[-1]["words"] == "Íñigo opens 2"
    # the tap's answer and the page itself carry them too (the same ``said`` view)
    answer = tap_as_seen(client, base, {"key": "w14-tap-call", "op": "action", "action": "p4 call"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    stored = answer.get_json()["actions"][-1]
    assert stored["action"] == "p4 call" and stored["words"] not in ("", "p4 call")
    html = client.get(base + "/?lang=es").get_data(as_text=True)
    initial = json.loads(html.split('<script id="initial-state" type="application/json">')[1].split("</script>")[0])
    assert initial["actions"][7]["words"] == "Íñigo abre 2"
