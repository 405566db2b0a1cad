"""A caja libre (``table_stakes`` false) has no all in (issue 27, a second fresh tester).

Seed 002: «…si el juego se llevará a cabo con una caja libre (sin límite en las apuestas) o
con una caja cautiva. Esto significa que cada jugador responde, en cada mano, solo de las
fichas que tiene delante…» The caja cautiva is table stakes; with the caja libre a seat at 0
chips answers for what it wagers: it is never all in, keeps betting (each shortfall bought
from the box, ``chips_added_mid_hand`` reason ``open_box``), gets no side pot, and is dealt
in the next hand, its ante bought from the box the same way. The worked cases
``open_box_bets_on_after_the_box`` and ``open_box_no_chips_dealt_in`` (run by
``test_worked_cases.py``) hold the tester's logs; here the tablet, the replay's steps and a
property: chips are conserved, the box's chips counted as added to the seat.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import ROOT

from referee import check, table_state
from referee.open_box import bought_from_box
from referee.replay import HandReplay
from referee.session import replay_session
from referee.trace import trace_session

CASES = ROOT / "tests" / "referee" / "cases"
RULES = {"preset": "jackpots", "ante": 5, "betting": "no_limit", "min_bet": 10}


def _session(table_stakes: bool, hands: list[list[str]], stacks=(100, 100, 100)) -> dict:
    return {"format": "tapete/1", "rules": {**RULES, "table_stakes": table_stakes},
            "players": [{"seat": s, "name": n, "stack": c}
                        for s, n, c in zip((1, 2, 3), ("Ana", "Bruno", "Chus"), stacks)],
            "hands": [{"button": 3, "actions": hands[0]}] + [{"actions": a} for a in hands[1:]]}


OPEN = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "d deal p1 AsAd7c5d2h", "p1 open 150",
        "p2 fold", "p3 call"]
"""Ana opens 150 with 95 behind, Chus calls 150 with 95: both bought 55 from the box."""


def test_a_seat_that_bought_from_the_box_is_not_all_in_and_the_tablet_plays_the_draw():
    libre = table_state(_session(False, [OPEN]))
    assert libre["phase"] == "draw" and libre["to_act"] == 1
    assert libre["stacks"] == {"1": 0, "2": 95, "3": 0}
    after = table_state(_session(False, [OPEN + ["p1 draw 0", "p3 draw 0"]]))
    assert after["phase"] == "postdraw" and after["to_act"] == 1
    assert {o["verb"] for o in after["legal"]} >= {"check", "bet"}
    # table stakes: the same chips (95 each) leave both all in: the draw, then the showdown
    stakes = table_state(_session(True, [OPEN[:4] + ["p1 open 95", "p2 fold", "p3 call",
                                                     "p1 draw 0", "p3 draw 0"]]))
    assert stakes["phase"] == "showdown"


def test_a_bet_after_the_box_is_in_turn_and_a_fold_is_no_fold_out_of_turn():
    acts = OPEN + ["p1 draw 0", "p3 draw 0", "p1 bet 50", "p3 fold", "d award p1 365"]
    hand = check(_session(False, [acts]))["hands"][0]
    assert [(f["kind"], f["action"]) for f in hand["findings"]] == [
        ("chips_added_mid_hand", 4), ("chips_added_mid_hand", 6), ("chips_added_mid_hand", 9)]
    assert hand["awards"] == {"1": 365} and hand["stacks"] == {"1": 365, "2": 95, "3": 0}


def test_a_caja_libre_makes_no_side_pot():
    # Bruno raises to 300 (205 from the box); Ana calls 300 the same way: one pot
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 50", "p2 raise 300", "p3 fold",
            "p1 call"]
    state = table_state(_session(False, [acts]))
    assert len(state["pots"]) == 1 and state["pots"][0]["amount"] == 615
    steps = trace_session(_session(False, [acts + ["p1 draw 0", "p2 draw 0"]]), 1)["steps"]
    assert [len(s["pots"]) for s in steps[-3:]] == [1, 1, 1]


def test_the_replay_says_the_whole_call_under_a_caja_libre():
    """The host's replay: Ana opens 200 with 95 behind; Bruno, with 95, is to call 200
    (a caja libre: the box sells the rest), 95 with table stakes."""
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 200"]
    assert trace_session(_session(False, [acts]), 1)["steps"][-1]["to_call"] == 200
    stakes = _session(True, [acts[:3] + ["p1 open 95"]])
    assert trace_session(stakes, 1)["steps"][-1]["to_call"] == 95
    checked = check(_session(False, [acts + ["p2 check"]]))["hands"][0]["findings"]
    assert [f["details"]["to_call"] for f in checked if f["kind"] == "illegal_check"] == [200]


def test_a_seat_with_no_chips_is_dealt_in_next_hand_and_its_ante_comes_from_the_box():
    session = json.loads((CASES / "open_box_no_chips_dealt_in.json").read_text())
    session["hands"][1]["actions"] = []
    state = table_state(session)
    assert state["stacks"]["2"] == 0
    # the button is Ana's: Bruno, first to ante, owes his ante (from the box)
    assert state["to_act"] == 2 and state["legal"] == [{"verb": "ante", "min": 5, "max": 5}]
    session["rules"]["table_stakes"] = True
    assert table_state(session)["to_act"] == 3  # table stakes: Bruno is not dealt in
    hand2 = check(json.loads((CASES / "open_box_no_chips_dealt_in.json").read_text()))["hands"][1]
    assert bought_from_box(hand2["findings"]) == {2: 15}


# ------------------------------------------------------------------ chips are conserved
def _line(seat: int, option: dict, amount: int) -> str:
    verb = option["verb"]
    if verb in ("check", "fold", "call", "allin", "split", "muck"):
        return f"p{seat} {verb}"
    return f"p{seat} {verb} {amount}"


@st.composite
def open_box_hands(draw):
    """A hand under a caja libre walked through the referee's own options (what the tablet
    offers), with small uneven stacks so the box sells often; stops at the showdown."""
    stacks = draw(st.lists(st.integers(0, 40), min_size=2, max_size=4))
    players = [{"seat": s, "stack": c} for s, c in enumerate(stacks, start=1)]
    session = {"rules": {**RULES, "min_bet": 5, "table_stakes": False},
               "players": players, "hands": [{"button": len(stacks), "actions": []}]}
    start = next(replay_session(session)).start
    actions: list[str] = []
    for _ in range(40):
        replay = HandReplay(start, actions).run()
        seat, legal = replay.due(), replay.legal()
        legal = [o for o in legal if o["verb"] not in ("show", "muck", "split")]
        if seat is None or not legal:
            break
        option = draw(st.sampled_from(legal))
        low = option["min"] or 0
        high = option["max"] if option["max"] is not None else low + 60
        actions.append(_line(seat, option, draw(st.integers(low, max(low, high)))))
    session["hands"][0]["actions"] = actions
    return session


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(open_box_hands())
def test_under_a_caja_libre_chips_are_conserved_and_nobody_is_all_in(session):
    item = next(replay_session(session))
    st_ = item.replay.state
    bought = bought_from_box([{"kind": f.kind, "seat": f.seat, "details": f.details}
                              for f in st_.findings])
    start = sum(p["stack"] for p in session["players"])
    assert sum(st_.stacks.values()) + st_.pot_total() == start + sum(bought.values())
    assert st_.pot_total() == sum(st_.contrib.values()) + sum(st_.dead_money.values())
    assert st_.allin == set()
    assert len(st_.live_pots()) <= 1 or len({st_.contrib[s] for s in st_.contesting()}) > 1
    # (the walk logs no cards and no push: only the chips are judged here)
    assert [f.kind for f in st_.findings
            if f.kind in ("chips_not_conserved", "bet_too_large", "out_of_turn")] == []


def test_a_count_on_a_caja_libre_night_quotes_the_caja_libre():
    session = json.loads((CASES / "open_box_count.json").read_text())
    night = check(session, lang="es")["night"]["findings"]
    assert [(f["seat"], f["details"].get("basis")) for f in night] == [(1, "open_box")]
    assert all("con una caja libre (sin límite en las apuestas)" in f["text"]
               and "solo de las fichas que tiene delante" not in f["text"] for f in night)
    session["rules"]["table_stakes"] = True   # the caja cautiva: its own sentence
    stakes = check(session, lang="es")["night"]["findings"]
    assert stakes and all("solo de las fichas que tiene delante" in f["text"] for f in stakes)
