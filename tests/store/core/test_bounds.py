"""The store's bounds hold at the store, whoever calls it (issue 24, "Amounts bounded at
every door"): a night's ante, blinds and bets within ``MAX_STAKE`` (the new-night form's
bound, which a file's rules and any other caller of ``create_night`` skipped); a stated
stack within ``MAX_CHIPS`` (the tablet's view checked it, ``start_hand`` did not); the chips
one player buys in a night, together, within ``MAX_CHIPS`` (each buy-in was, their sum
was not: two buy-ins of 600 000 000 000 made a night no count could close). Each refusal
is a code the pages say (``web.core.refusals``); nothing is written."""

from __future__ import annotations

import pytest
from apps import snapshot
from hypothesis import given
from hypothesis import strategies as st

import store
from store.core.checks import MAX_CHIPS, MAX_STAKE, StoreError, chip_amount, too_large_number, whole_number
from web.core.refusals import said_refusal


def _seated(db, chips: int = 100) -> tuple[int, int, int]:
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    ana, bruno = store.add_player(db, "Ana"), store.add_player(db, "Bruno")
    for seat, player in ((1, ana), (2, bruno)):
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, chips, entered_by="test")
    return night, ana, bruno


@pytest.mark.parametrize("rules, field", [
    ({"preset": "jackpots", "ante": MAX_STAKE + 1, "small_bet": 2 * MAX_STAKE, "big_bet": 4 * MAX_STAKE}, "ante"),
    ({"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 10**11}, "big_bet"),
    ({"preset": "pocker", "small_blind": 10**10, "big_blind": 2 * 10**10}, "small_blind"),
])
def test_a_night_with_a_stake_past_the_forms_bound_is_refused_however_it_is_made(app, db, rules, field):
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(StoreError) as refused:
        store.create_night(db, rules=rules, chip_cents=10)
    assert (refused.value.code, refused.value.params) == ("too_large", {"field": field, "max": MAX_STAKE})
    assert snapshot(app.config["DATABASE"]) == before


def test_a_stake_at_the_bound_makes_a_night(db):
    night = store.create_night(db, rules={"preset": "jackpots", "ante": MAX_STAKE, "small_bet": MAX_STAKE,
                                          "big_bet": MAX_STAKE}, chip_cents=10)
    assert store.get_night(db, night)["rules_frozen"]["ante"] == MAX_STAKE


@pytest.mark.parametrize("stack, code", [(MAX_CHIPS + 1, "too_large"), (10**25, "too_large"), (-5, "not_whole"),
                                         (2.5, "not_whole"), (True, "not_whole")])
def test_a_stated_stack_past_the_bound_is_refused_by_the_store(app, db, stack, code):
    night, _, _ = _seated(db)
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(StoreError) as refused:
        store.start_hand(db, night, button=1, stacks={"1": stack, "2": 100}, entered_by="test")
    assert refused.value.code == code and refused.value.params["field"] == "chips"
    assert snapshot(app.config["DATABASE"]) == before


def test_a_stated_stack_at_the_bound_starts_the_hand(db):
    night, _, _ = _seated(db)
    hand = store.start_hand(db, night, button=1, stacks={"1": MAX_CHIPS, "2": 0}, entered_by="test")
    assert db.execute("SELECT number FROM hands WHERE id = ?", [hand]).fetchone()[0] == 1


def test_the_chips_a_player_buys_in_a_night_are_bounded_together(app, db):
    night, ana, bruno = _seated(db, 600_000_000_000)
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night, ana, 600_000_000_000, entered_by="host")
    assert (refused.value.code, refused.value.params) == (
        "bought_too_many", {"name": "Ana", "bought": 600_000_000_000, "chips": 600_000_000_000, "max": MAX_CHIPS})
    assert snapshot(app.config["DATABASE"]) == before
    store.buy_in(db, night, ana, MAX_CHIPS - 600_000_000_000, entered_by="host")  # up to the bound
    store.buy_in(db, night, bruno, 1, entered_by="host")  # each player's own
    with pytest.raises(StoreError):
        store.buy_in(db, night, ana, 1, entered_by="host")


def test_a_voided_buy_in_leaves_room_again(db):
    night, ana, _ = _seated(db, MAX_CHIPS)
    entry = db.execute("SELECT id FROM ledger WHERE night_id = ? AND player_id = ? AND kind = 'buy_in'",
                       [night, ana]).fetchone()[0]
    store.void_entry(db, entry, reason="typo", entered_by="host")
    assert store.buy_in(db, night, ana, 1000, entered_by="host")


def test_seating_a_player_back_with_a_buy_in_counts_what_they_bought_before(db):
    """``join_table`` (seat and buy in at once): a player who bought in, left and comes back
    is held to the night's bound with the chips bought before."""
    night, ana, _ = _seated(db, 700_000_000_000)
    hand = store.start_hand(db, night, button=2, entered_by="test")
    for i, line in enumerate(("p1 ante 1", "p2 ante 1", "p1 check", "p2 check")):
        store.append_action(db, hand, line, entered_by="test", key=f"h1-{i}")
    store.end_hand(db, hand, entered_by="test")
    store.cash_out(db, night, ana, 699_999_999_999, entered_by="host")
    store.unseat(db, night, ana, reason="se va", entered_by="host")  # (after playing: her money stays)
    with pytest.raises(StoreError) as refused:
        store.join_table(db, night, "Ana", 1, 400_000_000_000, entered_by="host")
    assert refused.value.code == "bought_too_many" and refused.value.params["bought"] == 700_000_000_000


@pytest.mark.parametrize("lang, said", [
    ("es", "Ana ya ha comprado 600000000000 fichas esta noche: 600000000000 más superarían lo que un jugador "
           "puede comprar en una noche (como mucho 1000000000000)."),
    ("en", "Ana has bought 600000000000 chips tonight: 600000000000 more would take them past what one player "
           "may buy in a night (at most 1000000000000)."),
])
def test_the_refusal_is_said_in_the_pages_language(app, lang, said):
    with app.test_request_context(f"/?lang={lang}"):
        assert said_refusal("bought_too_many", {"name": "Ana", "bought": 600_000_000_000, "chips": 600_000_000_000,
                                                "max": MAX_CHIPS}) == said


@given(st.integers(min_value=-10**30, max_value=10**30) | st.booleans() | st.floats(allow_nan=True))
def test_one_amount_is_whole_and_bounded_by_one_test(value):
    """``chip_amount`` (a buy-in, a count, a stated stack, a file's amount) takes exactly
    what ``whole_number`` calls whole and bounded: an int, not a bool, 0 to MAX_CHIPS."""
    ok = whole_number(value)
    assert ok == (type(value) is int and 0 <= value <= MAX_CHIPS)
    if ok:
        assert chip_amount(value) == value
    else:
        with pytest.raises(StoreError) as refused:
            chip_amount(value)
        assert refused.value.code == ("too_large" if type(value) is int and value > MAX_CHIPS else "not_whole")


@given(st.integers(min_value=0, max_value=10**30))
def test_a_line_holds_a_number_past_the_bound_exactly_when_a_word_of_digits_is_past_it(number):
    line = f"p1 bet {number}"
    assert too_large_number(line) == (number > MAX_CHIPS)
    assert too_large_number(f"d note {number:,} chips") is False  # (not a word of digits: the referee reads none)
