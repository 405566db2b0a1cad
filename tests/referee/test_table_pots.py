"""The pots the tablet shows during a hand (``referee.table.hand_state``'s ``pots``): what
is in the middle, as a dealer sees it. Bets of the round in progress stay in front of the
seats; side pots only where a live seat is all in (RRoP section 3, table stakes; seed 000:
"Si el que gana va restado, solamente ganará el importe de su resto a cada uno de los
jugadores que hayan entrado con él")."""

import referee

BASE = {"rules": {"preset": "jackpots", "ante": 5, "betting": "no_limit", "min_bet": 10},
        "players": [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 30}, {"seat": 4, "stack": 100}]}
ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]


def state(*actions: str) -> dict:
    return referee.table_state(dict(BASE, hands=[{"button": 3, "actions": ANTES + list(actions)}]))


def test_antes_are_one_pot_in_the_middle():
    t = state()
    assert t["pots"] == [{"amount": 15, "seats": [1, 3, 4]}] and t["pot"] == 15


def test_a_bet_stays_in_front_of_the_seat_until_the_round_ends():
    t = state("p4 open 20")
    assert t["bets"]["4"] == 20 and t["pot"] == 35
    assert t["pots"] == [{"amount": 15, "seats": [1, 3, 4]}]


def test_an_all_in_for_less_makes_a_side_pot_once_the_round_is_over():
    t = state("p4 open 40", "p1 call", "p3 allin")
    assert t["phase"] == "draw"
    # seat 3 is in for 25 after its ante: 3 x 25 + the antes; the rest only for 1 and 4
    assert t["pots"] == [{"amount": 90, "seats": [1, 3, 4]}, {"amount": 30, "seats": [1, 4]}]
    assert sum(p["amount"] for p in t["pots"]) == t["pot"]


def test_a_folded_seat_leaves_its_chips_in_the_pot_it_cannot_win():
    t = state("p4 open 20", "p1 fold", "p3 call")
    assert t["pots"] == [{"amount": 55, "seats": [3, 4]}]


def test_once_the_pot_is_pushed_it_is_in_the_stacks_not_in_the_middle_too():
    """After the showdown and the award the winner's stack holds the pot: the tablet shows
    no pot beside it (the chips on the table are counted once)."""
    t = state("p4 open 20", "p1 fold", "p3 fold", "p4 show JsJd4c3h2s", "d award p4 35")
    assert t["phase"] == "complete"
    assert t["pot"] == 0 and t["pots"] == []
    assert sum(t["stacks"].values()) == 230 and t["stacks"]["4"] == 110


def test_until_the_dealer_pushes_the_pot_it_stays_in_the_middle():
    """The referee proposes the award once the cards decide it; the chips move when the
    dealer pushes them (the ``d award`` line): until then the pot is in the middle and no
    stack holds it."""
    t = state("p4 open 20", "p1 fold", "p3 fold", "p4 show JsJd4c3h2s")
    assert t["phase"] == "complete" and t["proposed_awards"] == {"4": 35}
    assert t["pot"] == 35 and t["stacks"]["4"] == 75
    assert sum(t["stacks"].values()) + t["pot"] == 230
