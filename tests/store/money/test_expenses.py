"""Shared expenses (issue 14: "Shared expenses (food, drinks) split among chosen players,
kept apart from the poker nets and shown beside them"): ``store.money.expenses`` and the host's
form. The split is the largest remainder method with the earliest seats taking the
leftover cents; the expenses' balances sum to zero and their own transfers settle them;
the poker nets, the bank and the close's settlement never move.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from hosts import login_host
from hypothesis import given, settings
from hypothesis import strategies as st
from showcase_night import PLAYERS, build_showcase_night

import store
from store.money import expenses, payments

HOST = "host:test"


def _seat_order(world) -> list[int]:
    return [world.ids[name] for name, seat, _ in sorted(PLAYERS, key=lambda p: p[1])]


def test_split_among_chosen_players_by_largest_remainder_earliest_seat_first(db):
    world = build_showcase_night(db)
    order = _seat_order(world)
    chosen = [order[4], order[1], order[3]]                 # any order: the split follows the seats
    expense = expenses.add_expense(db, world.night, order[0], 1000, "pizza", chosen, entered_by=HOST)
    [row] = expenses.night_expenses(db, world.night)["expenses"]
    assert row["id"] == expense
    assert [(s["player_id"], s["cents"]) for s in row["shares"]] == [(order[1], 334), (order[3], 333), (order[4], 333)]
    assert sum(s["cents"] for s in row["shares"]) == 1000


def test_the_balances_are_paid_minus_share_and_the_transfers_settle_them(db):
    world = build_showcase_night(db)
    order = _seat_order(world)
    expenses.add_expense(db, world.night, order[0], 2500, "pizza", order, entered_by=HOST)      # 5 × 500
    expenses.add_expense(db, world.night, order[2], 600, "bebidas", order[1:3], entered_by=HOST)  # 2 × 300
    got = expenses.night_expenses(db, world.night)
    assert got["total"] == 3100
    assert got["balances"] == {order[0]: 2000, order[1]: -800, order[2]: -200, order[3]: -500, order[4]: -500}
    left = dict(got["balances"])
    for t in got["transfers"]:
        left[t["payer_id"]] += t["cents"]
        left[t["payee_id"]] -= t["cents"]
    assert set(left.values()) == {0}


def test_expenses_never_change_the_poker_nets_the_bank_or_the_settlement(db):
    world = build_showcase_night(db)
    order = _seat_order(world)
    open_before = store.night_summary(db, world.night)
    expenses.add_expense(db, world.night, order[3], 4200, "cena", order, entered_by=HOST)
    open_after = store.night_summary(db, world.night)
    assert (open_after["players"], open_after["bank"]) == (open_before["players"], open_before["bank"])
    world.close(db)
    closed = store.night_summary(db, world.night)
    poker = [(t["payer_id"], t["payee_id"], t["cents"]) for t in closed["transfers"]]
    expenses.add_expense(db, world.night, order[0], 1234, "hielo", order[:2], entered_by=HOST)  # after the close
    again = store.night_summary(db, world.night)
    assert (again["players"], again["bank"], again["transfers"]) == (closed["players"], closed["bank"],
                                                                     closed["transfers"])
    assert [(t["payer_id"], t["payee_id"], t["cents"]) for t in payments.night_transfers(db, world.night)] == poker
    assert sum(r["net_cents"] for r in again["players"]) == 0
    assert expenses.night_expenses(db, world.night)["total"] == 4200 + 1234


def test_expense_transfers_are_marked_apart_from_the_poker_ones(db):
    world = build_showcase_night(db)
    order = _seat_order(world)
    expenses.add_expense(db, world.night, order[0], 900, "pizza", order[:3], entered_by=HOST)
    world.close(db)
    [first, second] = payments.night_transfers(db, world.night, "expenses")
    payments.mark_paid(db, world.night, first["payer_id"], first["payee_id"], what="expenses",
                       entered_by=f"player:{first['payer_id']}")
    assert [t["status"] for t in payments.night_transfers(db, world.night, "expenses")] == ["paid", "due"]
    assert {t["status"] for t in payments.night_transfers(db, world.night)} == {"due"}
    outstanding = payments.outstanding(db)
    assert [t["what"] for t in outstanding].count("expenses") == 2


@pytest.mark.parametrize("case", ["no sharers", "zero", "too much", "blank description", "long description",
                                  "sharer not at the night", "payer not at the night"])
def test_a_bad_expense_is_refused_and_nothing_is_stored(app, db, case):
    world = build_showcase_night(db)
    order = _seat_order(world)
    outsider = store.add_player(db, "Zoe")
    args = {"payer": order[0], "cents": 1000, "what": "pizza", "sharers": order}
    args.update({"no sharers": {"sharers": []}, "zero": {"cents": 0}, "too much": {"cents": 10**13},
                 "blank description": {"what": "\u3164 "}, "long description": {"what": "p" * 121},
                 "sharer not at the night": {"sharers": [order[0], outsider]},
                 "payer not at the night": {"payer": outsider}}[case])
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as refused:
        expenses.add_expense(db, world.night, args["payer"], args["cents"], args["what"], args["sharers"],
                             entered_by=HOST)
    assert refused.value.code in {"expense_sharers", "expense_amount", "expense_description",
                                  "expense_description_long", "not_seated"}
    assert snapshot(app.config["DATABASE"]) == before


def test_a_voided_expense_leaves_the_balances_and_is_voided_once(db):
    world = build_showcase_night(db)
    order = _seat_order(world)
    kept = expenses.add_expense(db, world.night, order[0], 500, "pan", order[:2], entered_by=HOST)
    wrong = expenses.add_expense(db, world.night, order[1], 9000, "pizza", order, entered_by=HOST)
    expenses.void_expense(db, world.night, wrong, reason="entered twice", entered_by=HOST)
    got = expenses.night_expenses(db, world.night)
    assert got["total"] == 500 and got["balances"] == {order[0]: 250, order[1]: -250}
    assert [(e["id"], e["voided"], e["void_reason"]) for e in got["expenses"]] == [(kept, False, None),
                                                                                  (wrong, True, "entered twice")]
    for bad_night, code in ((world.night, "already_voided"), (world.night + 1, "no_expense")):
        with pytest.raises(store.StoreError) as refused:
            expenses.void_expense(db, bad_night, wrong, reason="again", entered_by=HOST)
        assert refused.value.code == code


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 10**7), st.sets(st.integers(0, 4), min_size=1)),
                min_size=1, max_size=6))
@pytest.mark.slow
def test_property_balances_sum_to_zero_and_the_transfers_settle_them(tmp_path_factory, spent):
    db = store.open_db(tmp_path_factory.mktemp("expenses") / "t.db")
    try:
        night = store.create_night(db, rules="jackpots", chip_cents=10)
        ids = []
        for seat in range(5):
            ids.append(store.add_player(db, f"P{seat}"))
            store.seat_player(db, night, ids[-1], seat + 1, entered_by=HOST)
        for payer, cents, sharers in spent:
            expenses.add_expense(db, night, ids[payer], cents, "gasto", [ids[i] for i in sorted(sharers)],
                                 entered_by=HOST)
        got = expenses.night_expenses(db, night)
        assert sum(got["balances"].values()) == 0
        for e in got["expenses"]:
            shares = [s["cents"] for s in e["shares"]]
            assert sum(shares) == e["cents"] and max(shares) - min(shares) <= 1
        left = dict(got["balances"])
        for t in got["transfers"]:
            assert t["cents"] > 0
            left[t["payer_id"]] += t["cents"]
            left[t["payee_id"]] -= t["cents"]
        assert set(left.values()) <= {0}
    finally:
        db.conn.close()


# --- the host's form ---------------------------------------------------------------------------

@pytest.mark.slow
def test_the_host_adds_an_expense_written_as_money_and_the_page_shows_it_apart(app, db, client):
    world = build_showcase_night(db)
    order = _seat_order(world)
    login_host(client)
    answer = client.post(f"/host/night/{world.night}/expenses?lang=es", data={
        "payer_id": str(order[2]), "amount": "24,50", "description": "pizza", "key": "expense-form-01",
        "sharer_ids": [str(order[0]), str(order[2])]}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert "Gasto anotado: pizza, 24,50" in page
    [row] = expenses.night_expenses(db, world.night)["expenses"]
    assert (row["payer_id"], row["cents"], [s["cents"] for s in row["shares"]]) == (order[2], 2450, [1225, 1225])
    section = page[page.index('id="expenses"'):]
    assert "Gastos compartidos" in section and "pizza" in section
    assert "nunca cambian los netos ni la banca" in section


@pytest.mark.parametrize("amount", ["", "0", "0,00", "-5", "1e3", "12,345", "1.250,00", "١٢", "NaN", "9" * 30])
def test_a_bad_amount_is_refused_in_the_pages_language_and_nothing_is_stored(app, db, client, amount):
    world = build_showcase_night(db)
    order = _seat_order(world)
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post(f"/host/night/{world.night}/expenses?lang=es", data={
        "payer_id": str(order[0]), "amount": amount, "description": "pizza", "sharer_ids": [str(order[0])]},
        follow_redirects=True)
    assert "Importe" in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before


def test_the_closed_nights_share_text_lists_the_live_expenses_apart(app, db, client):
    """The share text on the closed night page carries the shared expenses, apart from the
    poker nets; a voided expense is not in it."""
    world = build_showcase_night(db)
    world.close(db)
    everyone = list(world.ids.values())
    expenses.add_expense(db, world.night, world.ids["Ana"], 2500, "Pizzas", everyone, entered_by="host:t")
    wrong = expenses.add_expense(db, world.night, world.ids["Bruno"], 900, "Refrescos", everyone, entered_by="host:t")
    expenses.void_expense(db, world.night, wrong, reason="entered twice", entered_by="host:t")
    login_host(client)
    page = client.get(f"/host/night/{world.night}?lang=es", follow_redirects=True).get_data(as_text=True)
    share = page[page.index('id="share-text"'):page.index("</textarea>")]
    assert "Gastos compartidos" in share and "Pizzas" in share and "25,00" in share
    assert "Refrescos" not in share


# --- the player's phone ---------------------------------------------------------------------

def test_the_phone_lists_the_nights_expenses_with_my_share_and_balance_apart_from_the_net(app, db, client):
    """What the shared expenses were (what, who paid, how much), the player's own share
    and expense balance, beside the poker net (not inside it); a voided expense is not
    listed."""
    world = build_showcase_night(db)
    world.close(db)
    order = _seat_order(world)
    ana, bruno = world.ids["Ana"], world.ids["Bruno"]
    expenses.add_expense(db, world.night, ana, 2500, "Pizzas", order, entered_by=HOST)           # 5 × 5,00
    expenses.add_expense(db, world.night, order[2], 600, "Bebidas", [ana, order[2]], entered_by=HOST)  # 2 × 3,00
    wrong = expenses.add_expense(db, world.night, bruno, 900, "Refrescos", order, entered_by=HOST)
    expenses.void_expense(db, world.night, wrong, reason="entered twice", entered_by=HOST)
    mine = expenses.player_expenses(db, world.night, bruno)
    assert [(e["description"], e["share"]) for e in mine["expenses"]] == [("Pizzas", 500), ("Bebidas", 0)]
    assert (mine["paid"], mine["share"], mine["balance"]) == (0, 500, -500)
    page = client.get(f"/p/{world.tokens['Bruno']}?lang=es").get_data(as_text=True)
    card = page[page.index(f'data-night="{world.night}"'):]
    block = card[card.index(f'id="expenses-{world.night}"'):]
    block = block[:block.index("</section>")]
    assert "Pizzas: Ana pagó 25,00\xa0€" in block and "tu parte 5,00\xa0€" in block
    assert "Bebidas" in block and "no participas" in block and "Refrescos" not in block
    assert "Saldo de gastos: debes 5,00\xa0€" in block
    net = card[card.index('class="net-night"'):card.index("</dd>", card.index('class="net-night"'))]
    assert "Pizzas" not in net and card.index('class="net-night"') < card.index(f'id="expenses-{world.night}"')
    ana_page = client.get(f"/p/{world.tokens['Ana']}?lang=es").get_data(as_text=True)
    assert "Saldo de gastos: te deben 17,00\xa0€" in ana_page   # paid 25,00, her shares 5,00 + 3,00
