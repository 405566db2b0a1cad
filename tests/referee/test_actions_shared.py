"""Parsed actions are shared: the replay caches each line's :class:`referee.actions.Action`
by its text and hands the same object to every hand that logs that line, so nothing may
change one after it is built (``Action`` is a plain slots dataclass, not a frozen one, for
speed: this test is what holds the rule)."""

from __future__ import annotations

import json
import random

import pytest
from handgen import CORRUPTIONS, corrupt, generate_hand
from paths import SHARED
from walkgen import mutate, walk_session

import referee
from referee.actions import Action, parse_action

CASES = SHARED / "cases"


def _sessions() -> list[dict]:
    out = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(CASES.glob("*.json"))
           if not p.name.endswith(".expect.json")]
    walks = [walk_session(seed) for seed in range(25)]
    out += walks + [mutate(w, random.Random(seed)) for seed, w in enumerate(walks)]
    hands = [generate_hand(seed) for seed in range(25)]
    hands += [generate_hand(seed, game="lowball") for seed in range(25)]
    out += [h.session for h in hands]
    for kind in CORRUPTIONS:
        for h in hands[:10]:
            made = corrupt(h, kind, random.Random(h.seed))
            if made is not None:
                out.append(made[0])
    return out


def _set_once(self, name, value):
    """``Action.__setattr__`` for the tests: ``__init__`` may set each field; after it
    (``text``, the last field it sets, is there) any change fails the test."""
    if hasattr(self, "text"):
        raise AssertionError(f"{name} of the parsed action {self!r} set to {value!r}")
    object.__setattr__(self, name, value)


@pytest.mark.slow
def test_the_replay_never_changes_a_parsed_action(monkeypatch):
    monkeypatch.setattr(Action, "__setattr__", _set_once)
    sessions = _sessions()
    assert len(sessions) > 100
    for _ in range(2):  # the second time every line comes from the caches
        for session in sessions:
            try:
                referee.check(session)
            except referee.SessionError:
                pass


def test_the_guard_above_catches_a_change(monkeypatch):
    monkeypatch.setattr(Action, "__setattr__", _set_once)
    a = parse_action.__wrapped__("p1 raise 40")
    with pytest.raises(AssertionError):
        a.amount = 20
    assert a.amount == 40
