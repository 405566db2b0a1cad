"""Settlement maths (referee/settle.py): fewest transfers, hub mode, largest remainder."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.settle import SettleError, Transfer, chips_to_cents, largest_remainder, settle, settle_hub


@st.composite
def zero_sum_nets(draw, max_people=12):
    values = draw(st.lists(st.integers(-50_000, 50_000), min_size=1, max_size=max_people - 1))
    values.append(-sum(values))
    return {f"p{i:02d}": v for i, v in enumerate(values)}


def apply(nets, transfers):
    left = dict(nets)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    return left


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(zero_sum_nets())
def test_transfers_bring_every_net_to_zero(nets):
    transfers = settle(nets)
    assert all(v == 0 for v in apply(nets, transfers).values())


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(zero_sum_nets())
def test_at_most_n_minus_one_transfers_none_zero_none_to_oneself(nets):
    transfers = settle(nets)
    nonzero = sum(1 for v in nets.values() if v)
    assert len(transfers) <= max(nonzero - 1, 0)
    for t in transfers:
        assert isinstance(t.amount, int) and t.amount > 0
        assert t.payer != t.payee


@settings(max_examples=60, deadline=None)
@given(zero_sum_nets(max_people=30))
def test_greedy_beyond_the_exact_limit_still_settles_everyone(nets):
    transfers = settle(nets, exact_limit=0)
    assert all(v == 0 for v in apply(nets, transfers).values())
    assert len(transfers) <= max(sum(1 for v in nets.values() if v) - 1, 0)


@settings(max_examples=80, deadline=None)
@given(zero_sum_nets(max_people=9))
def test_exact_search_never_needs_more_transfers_than_greedy(nets):
    assert len(settle(nets)) <= len(settle(nets, exact_limit=0))


def test_exact_search_finds_3_transfers_where_greedy_needs_4():
    nets = {"Ana": 40, "Bruno": 30, "Chus": -30, "Dani": -20, "Eva": -20}
    assert len(settle(nets, exact_limit=0)) == 4
    exact = settle(nets)
    assert len(exact) == 3
    assert sorted(tuple(t) for t in exact) == [("Chus", "Bruno", 30), ("Dani", "Ana", 20), ("Eva", "Ana", 20)]


def test_settlement_is_deterministic_for_the_same_input_in_any_order():
    nets = {3: 25, 1: -10, 7: -15, 2: 40, 9: -40}
    reordered = dict(reversed(list(nets.items())))
    assert settle(nets) == settle(reordered) == settle(dict(nets))


def test_fifteen_nonzero_nets_are_cut_into_the_most_zero_sum_groups():
    # 6 pairs (+k, -k) and a trio (+5, -2, -3): 7 zero-sum groups -> 15 - 7 = 8 transfers
    nets = {}
    for k in range(6):
        nets[f"a{k}"] = 100 + k
        nets[f"b{k}"] = -(100 + k)
    nets.update({"t1": 5, "t2": -2, "t3": -3})
    assert len(nets) == 15
    transfers = settle(nets)
    assert len(transfers) == 8
    assert all(v == 0 for v in apply(nets, transfers).values())


def test_sixteen_nonzero_nets_fall_back_to_greedy():
    nets = {f"a{k}": 100 + k for k in range(8)}
    nets.update({f"b{k}": -(100 + k) for k in range(8)})
    assert settle(nets) == settle(nets, exact_limit=0)
    assert all(v == 0 for v in apply(nets, settle(nets)).values())


def test_nets_that_do_not_add_to_zero_are_refused():
    with pytest.raises(SettleError, match="add up to 5"):
        settle({"a": 10, "b": -5})


def test_float_nets_are_refused():
    with pytest.raises(SettleError, match="whole number"):
        settle({"a": 1.5, "b": -1.5})


def test_hub_mode_everyone_settles_with_the_host():
    nets = {"Ana": 30, "Bruno": -50, "Host": 20, "Chus": 0}
    transfers = settle_hub(nets, "Host")
    assert [tuple(t) for t in transfers] == [("Host", "Ana", 30), ("Bruno", "Host", 50)]
    assert all("Host" in (t.payer, t.payee) for t in transfers)
    assert all(v == 0 for v in apply(nets, transfers).values())


def test_largest_remainder_keeps_the_sum_when_shares_do_not_divide():
    shares = largest_remainder(100, {"a": 1, "b": 1, "c": 1})
    assert shares == {"a": 34, "b": 33, "c": 33}
    assert sum(shares.values()) == 100


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from("abcdefgh"), st.integers(-10_000, 10_000), min_size=1),
       st.integers(1, 500), st.integers(1, 7))
def test_chips_to_cents_keeps_zero_sum_and_each_within_one_cent(chip_nets, chip_cents, chips_per):
    first = sorted(chip_nets)[0]
    chip_nets[first] -= sum(chip_nets.values())
    cents = chips_to_cents(chip_nets, chip_cents=chip_cents, chips_per=chips_per)
    assert sum(cents.values()) == 0
    for key, net in chip_nets.items():
        exact_times_per = net * chip_cents
        assert abs(cents[key] * chips_per - exact_times_per) < chips_per  # within one cent
        assert isinstance(cents[key], int)


def test_transfer_unpacks_as_payer_payee_amount():
    assert tuple(Transfer("a", "b", 5)) == ("a", "b", 5)


def test_the_package_exports_the_settle_function():
    import referee

    assert referee.settle is settle and referee.settle_hub is settle_hub
