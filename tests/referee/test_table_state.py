"""The referee's table state for the tablet (``referee.table.hand_state``), fixes found by a
fresh tester on the dealer's tablet (issue 15): no award offered while someone is still to
act, a short call offered as the all-in it is, and the bounds of a tap out of turn."""

from __future__ import annotations

import json

from referee.table import table_state

CLEAN = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 call",
         "p1 draw 3", "p3 draw 3", "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call"]


def _session(shared, actions, *, stacks=None):
    case = json.loads((shared / "cases" / "clean_jackpot_hand.json").read_text())
    if stacks:
        for p in case["players"]:
            p["stack"] = stacks.get(p["seat"], p["stack"])
    case["hands"] = [{"button": 4, "actions": actions}]
    return case


def test_no_award_is_proposed_while_a_hand_is_still_to_be_shown(shared):
    """After the first hand is shown, the second seat still has to show or muck: the
    referee has someone to act, so no award is proposed yet (the proposal would change
    with the next show); once both are shown, the award is proposed."""
    first = table_state(_session(shared, CLEAN + ["p3 show JhJd8c8s3d"]))
    assert first["to_act"] == 1
    assert first["proposed_awards"] is None and first["awards"] is None
    both = table_state(_session(shared, CLEAN + ["p3 show JhJd8c8s3d", "p1 show 9s9d5c4h2s"]))
    assert both["to_act"] is None
    assert both["proposed_awards"] == {"3": 85}


def test_a_short_call_is_offered_as_all_in_only(shared):
    """Robert's Rules of Poker, glossary: "All-in — Having one's entire stake committed to
    the current pot"; seed 000: "Ningún jugador podrá obligar a otro a jugarse mayor
    cantidad de la que dispone en su resto". A seat with 2 chips facing an open of 10
    calls with its last chips: the tablet is offered the all-in, not also a call it cannot
    cover."""
    state = table_state(_session(shared, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check",
                                          "p3 open 10"], stacks={4: 7}))
    assert state["to_act"] == 4 and state["stacks"]["4"] == 2
    verbs = [entry["verb"] for entry in state["legal"]]
    assert "call" not in verbs and "allin" in verbs and "fold" in verbs
    assert [e for e in state["legal"] if e["verb"] == "allin"][0]["min"] == 2


def test_a_call_the_stack_covers_is_still_a_call(shared):
    """The all-in alone only where the call takes every chip: a seat that covers the bet
    with chips to spare is offered the call."""
    state = table_state(_session(shared, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check",
                                          "p3 open 10"]))
    assert [e["verb"] for e in state["legal"]][:1] == ["call"]


def test_bounds_of_a_seat_not_due_are_the_referees_as_if_it_were_due(shared):
    """A tap out of turn (Chus opens while Bruno is due): the referee's own bounds for that
    seat as if it were due (fixed limit: the open is the small bet, 10)."""
    state = table_state(_session(shared, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check"]))
    assert state["to_act"] == 3
    four = {e["verb"]: e for e in state["legal_if_due"]["4"]}
    assert four["open"]["min"] == 10 and four["open"]["max"] == 10
    assert "3" not in state["legal_if_due"] and "1" in state["legal_if_due"]
    antes = table_state(_session(shared, ["p1 ante 5"]))
    assert antes["legal_if_due"] == {}


def test_too_few_or_too_many_cards_after_the_draw_is_the_serve_not_the_deal():
    """Issue 27, a fresh tester: a seat found with four cards after drawing two was logged
    ``d deal pN 4``. CONTRACT.md section 2: ``d serve pN K`` is the replacements given on
    the draw, so a short serve is a serve: K = held - kept - served so far (seed 000: "Si
    por error le dieran más o menos de la cuenta"). Before the seat drew, its deal."""
    s = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
         "players": [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 100}, {"seat": 4, "stack": 100}],
         "hands": [{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10",
                                             "p3 call", "p4 call", "p1 draw 2", "p3 draw 0"]}]}
    miscount = table_state(s)["miscount"]
    assert miscount["1"]["verb"] == "serve"
    assert miscount["1"]["counts"]["4"] == {"verb": "serve", "count": 1}   # drew 2, served 1
    assert miscount["1"]["counts"]["3"] == {"verb": "serve", "count": 0}
    assert miscount["1"]["counts"]["6"] == {"verb": "serve", "count": 3}
    assert miscount["1"]["counts"]["2"] == {"verb": "deal", "count": 2}    # fewer than it kept
    assert miscount["3"]["counts"]["6"] == {"verb": "serve", "count": 1}   # stood pat, served 1
    assert miscount["4"] == {"verb": "deal", "counts": {str(h): {"verb": "deal", "count": h}
                                                        for h in (1, 2, 3, 4, 6, 7)}}
    # the line named records what it says: Ana holds four cards, her hand dead
    s["hands"][0]["actions"].append("d serve p1 1")
    after = table_state(s)
    (f,) = [f for f in after["findings"] if f["kind"] == "wrong_card_count"]
    assert f["seat"] == 1 and f["details"]["cards"] == 4 and f["details"]["reason"] == "served"
    # a serve already logged in full: six cards is one more served
    s["hands"][0]["actions"][-1] = "d serve p1 2"
    assert table_state(s)["miscount"]["1"]["counts"]["6"] == {"verb": "serve", "count": 1}
