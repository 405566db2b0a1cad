"""Who put the carried pot in (``store.money.carried_pot.carried_from``) is read from the
stored judgements and the chips bought (``store.hand.judging.session_rebuys``), never from
the night's actions (issue 25: an open long night's page read every line of the log for
it): the shares are the ones the walk of the whole session gives."""

from __future__ import annotations

import pytest
from walkgen import walk_session

import store
from store.hand import judging
from store.hand.events import night_session
from store.money.carried_pot import carried_from, hand_starts, run_shares


def _session_shares(session: dict, result: list[dict]) -> dict[int, int]:
    """The shares as the session file gives them: the put-in of each hand of the run of
    carried hands that ends the night, walking the session's stacks and rebuys."""
    starting = {p["seat"]: p["stack"] for p in session["players"]}
    shares: dict[int, int] = {}
    carried_before = 0
    for (start, after), entry in zip(hand_starts(starting, session["hands"], result), result):
        if not carried_before:
            shares = {}
        if entry.get("carried"):
            for seat, chips in start.items():
                if chips - after.get(seat, chips) > 0:
                    shares[seat] = shares.get(seat, 0) + chips - after.get(seat, chips)
        carried_before = entry.get("carried") or 0
    return shares


@pytest.mark.parametrize("seed", [1, 2, 4, 5, 6, 8])
def test_the_carried_pots_shares_are_the_sessions_without_reading_an_action(db, seed, monkeypatch):
    walk = walk_session(seed)
    for i, player in enumerate(walk["players"]):
        player["name"] = f"P{i}-{seed}"
    night_id = store.import_session(db, walk)
    result = store.check_night(db, night_id)["hands"]
    assert result[-1]["carried"]  # (these walks end passed out)
    expected = _session_shares(night_session(db, night_id), result)
    assert sum(expected.values()) > 0

    def no_actions(*_):
        raise AssertionError("the actions were read")

    monkeypatch.setattr(judging, "_actions", no_actions)
    assert carried_from(db, night_id, result) == (int(result[-1]["carried"]), expected)


class _Recorded(list):
    """A list of entries that notes which were read."""

    def __init__(self, items):
        super().__init__(items)
        self.read: set[int] = set()

    def __getitem__(self, index):
        self.read.add(index % len(self))
        return super().__getitem__(index)


def test_the_shares_read_the_run_of_carried_hands_and_the_hand_before_it():
    """A hundred hands, the last two passed out: the shares are the chips those two took
    from each stack (the antes), read from their entries and the one before them alone."""
    entries = _Recorded([{"stacks": {"1": 100 + i, "2": 100 - i}, "carried": 0} for i in range(98)]
                        + [{"stacks": {"1": 192, "2": 0}, "carried": 10},
                           {"stacks": {"1": 187, "2": 0}, "carried": 15}])
    rebuys = [{} for _ in range(100)]
    rebuys[99] = {"2": 5}
    assert run_shares({1: 100, 2: 100}, rebuys, entries) == {1: 5 + 5, 2: 3 + 5}
    assert entries.read == {97, 98, 99}
