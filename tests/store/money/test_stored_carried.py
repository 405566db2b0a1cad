"""The carried pot of a night from the stored results of its last hands
(``store.money.carried_pot.stored_carried``, issue 25: the open night's money summary
walked every stored result for it): the same pot and shares as the walk of the night,
the last hand alone read when it carried nothing, and the walk again when a stored result
read does not hold.
"""

from __future__ import annotations

import pytest
from walkgen import walk_session

import store
from store.hand import judging
from store.money import carried_pot
from store.money.carried_pot import carried_from, stored_carried


def _night(db, seed: int) -> int:
    walk = walk_session(seed)
    for i, player in enumerate(walk["players"]):
        player["name"] = f"P{i}-{seed}"
    return store.import_session(db, walk)


def _walked(db, night_id: int) -> tuple[int, dict[int, int]]:
    """The carried pot as the walk of every hand gives it."""
    return carried_from(db, night_id, store.check_night(db, night_id)["hands"])


@pytest.mark.parametrize("seed", range(1, 13))
def test_the_stored_carried_pot_is_the_walks(db, seed, monkeypatch):
    night_id = _night(db, seed)
    walked = _walked(db, night_id)

    def no_actions(*_):
        raise AssertionError("the actions were read")

    monkeypatch.setattr(judging, "_actions", no_actions)
    assert stored_carried(db, night_id) == walked


def test_a_night_whose_last_hand_carried_nothing_reads_that_hand_alone(db, monkeypatch):
    night_id = next(n for n in (_night(db, seed) for seed in range(1, 13)) if not _walked(db, n)[0])
    asked = []
    real = carried_pot.stored_stretch

    def recorded(db_, night, first, last):
        asked.append((first, last))
        return real(db_, night, first, last)

    monkeypatch.setattr(carried_pot, "stored_stretch", recorded)
    assert stored_carried(db, night_id) == (0, {})
    assert len(asked) == 1 and asked[0][0] == asked[0][1]


def _carrying(db) -> int:
    """A night that ends with a carried pot."""
    for seed in (1, 2, 4, 5, 6, 8):
        night_id = _night(db, seed)
        if _walked(db, night_id)[0]:
            return night_id
    raise AssertionError("no walk ends passed out")


@pytest.mark.parametrize("which", ["last", "before"])
def test_a_broken_stored_result_is_caught_and_the_night_walked(db, which):
    """The last hand's result, or the one before it (whose table the last hand's facts
    are checked against), edited in the database: no stored figure is used."""
    night_id = _carrying(db)
    walked = _walked(db, night_id)
    hands = store.check_night(db, night_id)["hands"]
    number = len(hands) if which == "last" else len(hands) - 1
    hand_id = db.execute("SELECT id FROM hands WHERE night_id = ? AND number = ?", [night_id, number]).fetchone()[0]
    db.execute("UPDATE hand_results SET entry = REPLACE(entry, '\"carried\": ', '\"carried\": 9') "
               "WHERE hand_id = ?", [hand_id])
    db.conn.commit()
    assert stored_carried(db, night_id) is None   # (its MAC no longer holds)
    assert carried_pot.carried_pot(db, night_id) == walked


def test_the_hands_a_count_is_compared_with_are_read_from_their_stored_results(db, monkeypatch):
    """The bank's count check asks for the hand before each count
    (``store.hand.judging.hands_judgements``): read from its stored result, no action and
    no other hand's result read; an edited result makes it walk the night, with the walk's
    answer."""
    night_id = _night(db, 3)
    hands = store.check_night(db, night_id)["hands"]
    numbers = {1, len(hands)}
    walked = {n: hands[n - 1] for n in numbers}
    real_actions = judging._actions
    monkeypatch.setattr(judging, "_actions", lambda *_: (_ for _ in ()).throw(AssertionError("actions read")))
    assert judging.hands_judgements(db, night_id, numbers) == walked
    monkeypatch.setattr(judging, "_actions", real_actions)
    hand_id = db.execute("SELECT id FROM hands WHERE night_id = ? AND number = 1", [night_id]).fetchone()[0]
    db.execute("UPDATE hand_results SET mac = 'edited' WHERE hand_id = ?", [hand_id])
    db.conn.commit()
    assert judging.stored_stretch(db, night_id, 1, 1) is None
    assert judging.hands_judgements(db, night_id, numbers) == walked
