"""Parsing the action strings of CONTRACT.md section 2; bad input is an ``unreadable``
finding, never a crash."""

import pytest

from referee import check
from referee.actions import ActionError, parse_action


def test_amount_verbs_are_round_totals():
    a = parse_action("p3 raise 40")
    assert (a.actor, a.seat, a.verb, a.amount) == ("p", 3, "raise", 40)


def test_call_with_and_without_the_amount_seen():
    assert parse_action("p1 call").amount is None
    assert parse_action("p1 call 20").amount == 20


def test_draw_with_known_discards():
    a = parse_action("p1 draw 3 9c5h2s")
    assert (a.count, a.cards) == (3, ("9c", "5h", "2s"))


def test_stand_pat_is_draw_zero():
    assert parse_action("p2 draw 0").count == 0


def test_dealer_deal_cards_or_count():
    assert parse_action("d deal p3 TsTd9c5h2s").cards == ("Ts", "Td", "9c", "5h", "2s")
    assert parse_action("d serve p4 3").count == 3
    assert parse_action("d award p2 85").amount == 85


def test_joker_and_unseen_cards_parse():
    assert parse_action("p1 show AsAhAdAcJk").cards[-1] == "Jk"
    assert parse_action("d deal p1 ??????????").count == 5


@pytest.mark.parametrize("line", ["p1 dance", "p1 raise -5", "p1 raise", "px call",
                                  "p1 show AsKd1h", "d award p1", "p1 draw 2 As", "",
                                  "d deal p1 AsK", "p1 fold now"])
def test_malformed_actions_raise_action_error_quoting_the_line(line):
    with pytest.raises(ActionError) as err:
        parse_action(line)
    assert repr(line) in str(err.value)


def test_unreadable_actions_are_findings_not_crashes():
    session = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
               "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 dance",
                                                   "p9 call", 42, "p1 open 10", "p2 fold",
                                                   "p1 show JsJd4c3h2s", "d award p1 20"]}]}
    hand = check(session)["hands"][0]
    unreadable = [(f["action"], f["severity"]) for f in hand["findings"] if f["kind"] == "unreadable"]
    assert unreadable == [(2, "error"), (3, "error"), (4, "error")]
    assert hand["awards"] == {"1": 20}
