"""The showcase night (tests/support/showcase_night.py) tells the story it says: if a
referee change moved it, the tests built on it would test something else."""

from showcase_night import LONG_NAME, MISCOUNT, PLAYERS, REBUY, build_showcase_night, referee_stacks

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


def test_one_count_is_twenty_over_the_referee_stack(db):
    world = build_showcase_night(db)
    stacks = referee_stacks(db, world)
    counted = {r["seat"]: r["counted"] for r in store.night_summary(db, world.night)["players"]}
    over = {seat: counted[seat] - stacks[seat] for seat in stacks if counted[seat] != stacks[seat]}
    seat = next(s for n, s, _ in PLAYERS if n == MISCOUNT[0])
    assert over == {seat: MISCOUNT[1]}


def test_the_ordinary_close_settles_the_night(db):
    world = build_showcase_night(db)
    summary = world.close(db)
    assert summary["night"]["closed"] and summary["transfers"]
    nets = sum(r["net_cents"] for r in summary["players"])
    assert nets == 0
