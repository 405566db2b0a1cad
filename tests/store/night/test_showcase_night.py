"""The showcase night (tests/support/showcase_night.py) tells the story it says: if a
referee change moved it, the tests built on it would test something else. Its counts are
the chips on the table (CONTRACT.md 4), Bruno's 20 over aside."""

from showcase_night import (LONG_NAME, MISCOUNT, PLAYERS, REBUY, build_showcase_night, pushed_beyond_rules,
                            referee_stacks, table_chips)

import store


def test_the_night_has_every_event_of_the_issue(db):
    world = build_showcase_night(db)
    hands = store.check_night(db, world.night)["hands"]
    kinds = [{f["kind"] for f in h.get("findings", [])} for h in hands]
    assert hands[0]["carried"] == 5 and "passed_out" in kinds[0]
    assert {"unjustified_opening", "wrong_award"} <= kinds[1]
    assert len(hands[2]["pots"]) == 2 and hands[2]["stacks"]["5"] == 0  # Chus all in, busted
    assert hands[3]["carried"] == 5  # the last pot is still on the table
    assert not kinds[2] and kinds[3] == {"passed_out"}
    names = [name for name, _, _ in PLAYERS]
    assert LONG_NAME in names and any(c in "".join(names) for c in "ÍÑñí")
    chus = [e for e in store.night_entries(db, world.night) if e["name"] == REBUY[0] and e["kind"] == "buy_in"]
    assert [e["chips"] for e in chus] == [10, REBUY[1]]


def _seat(name: str) -> int:
    return next(s for n, s, _ in PLAYERS if n == name)


def test_the_wrong_push_leaves_inigo_holding_marias_pot(db):
    """Hand 2's pot went to Íñigo (the dealer's push) and the rules give it to María: the
    chips on the table (CONTRACT.md 4) are the referee's stacks, Íñigo + that pot, María
    - the same, everyone else their stack."""
    world = build_showcase_night(db)
    hand2 = store.check_night(db, world.night)["hands"][1]
    inigo, maria = _seat("Íñigo"), _seat(LONG_NAME)
    assert hand2["recorded_awards"] == {str(inigo): hand2["awards"][str(maria)]} and str(inigo) not in hand2["awards"]
    pot = hand2["awards"][str(maria)]
    assert pushed_beyond_rules(db, world) == {inigo: pot, maria: -pot}
    stacks, held = referee_stacks(db, world), table_chips(db, world)
    assert sum(held.values()) == sum(stacks.values())


def test_one_count_is_twenty_over_the_chips_on_the_table(db):
    """Everyone counts the chips they hold, except Bruno (20 more): Íñigo and María count
    the chips on the table, not the referee's stacks."""
    world = build_showcase_night(db)
    held = table_chips(db, world)
    counted = {r["seat"]: r["counted"] for r in store.night_summary(db, world.night)["players"]}
    over = {seat: counted[seat] - held[seat] for seat in held if counted[seat] != held[seat]}
    assert over == {_seat(MISCOUNT[0]): MISCOUNT[1]}
    stacks = referee_stacks(db, world)
    assert {seat: counted[seat] - stacks[seat] for seat in stacks if counted[seat] != stacks[seat]} \
        == {**pushed_beyond_rules(db, world), _seat(MISCOUNT[0]): MISCOUNT[1]}


def test_the_ordinary_close_settles_the_night(db):
    """The close nets each player the chips they hold (the count, with Bruno recounted,
    plus their share of the carried pot given back) less the chips bought: the money
    follows the chips as pushed, so Íñigo nets the rules' figure plus hand 2's pot and María
    the rules' figure less it (no ruling moved it)."""
    world = build_showcase_night(db)
    summary = world.close(db)
    assert summary["night"]["closed"] and summary["transfers"]
    nets = sum(r["net_cents"] for r in summary["players"])
    assert nets == 0
    held, stacks, pushed = table_chips(db, world), referee_stacks(db, world), pushed_beyond_rules(db, world)
    for r in summary["players"]:
        assert r["net_chips"] == held[r["seat"]] + r["adjustment"] - r["bought"], r["name"]
        rules_net = stacks[r["seat"]] + r["adjustment"] - r["bought"]
        assert r["net_chips"] - rules_net == pushed.get(r["seat"], 0), r["name"]
