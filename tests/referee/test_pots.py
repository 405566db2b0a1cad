"""Main and side pots, eligibility, splits and the odd chip (pots.py)."""

from referee.pots import Pot, build_pots, split


def test_side_pot_when_a_short_stack_is_all_in():
    # seat 6 all in for 40 (ante included), the others 100 each
    pots = build_pots({1: 100, 2: 100, 5: 100, 6: 40}, live={1, 2, 5, 6})
    assert pots == [Pot(160, (1, 2, 5, 6)), Pot(180, (1, 2, 5))]


def test_folded_chips_stay_in_the_pots_they_reached():
    pots = build_pots({1: 50, 2: 30, 3: 100}, live={2, 3})
    assert pots == [Pot(90, (2, 3)), Pot(90, (3,))]


def test_carried_chips_join_the_main_pot_only():
    pots = build_pots({1: 10, 2: 20}, live={1, 2}, carried=30)
    assert pots == [Pot(50, (1, 2)), Pot(10, (2,))]


def test_no_live_seat_means_no_pot_to_award():
    assert build_pots({1: 10, 2: 10}, live=set()) == []


def test_chips_are_conserved_across_pots():
    contrib = {1: 7, 2: 93, 3: 41, 4: 41, 5: 200}
    pots = build_pots(contrib, live={1, 2, 3, 5}, carried=11)
    assert sum(p.amount for p in pots) == sum(contrib.values()) + 11


def test_odd_chip_to_first_tied_seat_from_the_button():
    # button 5, clockwise: order 2, 3, 5 -> seat 2 gets the odd chip
    assert split(85, [3, 2], order=[2, 3, 5]) == {2: 43, 3: 42}
    # button 2: order 3, 5, 2 -> seat 3
    assert split(85, [3, 2], order=[3, 5, 2]) == {2: 42, 3: 43}


def test_two_odd_chips_in_a_three_way_split():
    assert split(11, [1, 2, 3], order=[2, 3, 1]) == {2: 4, 3: 4, 1: 3}


def test_odd_chip_by_suit_goes_first_to_the_named_seat():
    assert split(85, [2, 3], order=[2, 3], odd_chip_first=3) == {2: 42, 3: 43}
