"""The path of a dealer's tap through the layers (issue 23: the web is thin).

A tap goes view (``web.hand.tablet.tap``) -> one store function -> the referee -> back, and
the answer's table state comes from one store read. Measured here with a ``sys.setprofile``
hook over one tap in a test client: every Python call made while the view runs, with the
stack of Tapete modules (``web.*``, ``store.*``, ``referee.*``) above it.

- **The path**: the modules on the stack each time the referee is entered from outside it
  (the calls that lead from the view to the referee and back), in order of first entry,
  the referee counted as one. At most :data:`MAX_PATH` modules.
- **No return to a layer it left**: on each of those stacks the layers run web, store,
  referee in that order, and the only web module on them is the view's own (nothing such
  as ``web.core.forms`` between the view and the store, no view calling the referee
  itself); in the whole tap no store module calls a web module, and the referee calls
  neither.
- **One store function**: the view calls the store once (building the store's value of
  the tap, a dataclass, is no call of a function, nor is reading its input with the one
  check of characters, :data:`CHECKS`), and after it only the words.

The answer's words are said by the view after the store has answered, through
:data:`WORDS` (``web.core.i18n``: the referee's sentences for the log lines and the
findings, the referee's reading of a line through ``store.hand.replayer.parsed_line``, which
reads no database); they decide nothing and are not part of the path.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

import pytest
from tablets import dealer_token, tap_as_seen

import store

MAX_PATH = 6
"""At most this many modules of ``web/`` and ``store/`` (and the referee, as one) on a tap's path."""

LAYERS = ("web", "store", "referee")

WORDS = "web.core.i18n"
"""The module that says the answer in words (not on the path: see the module's docstring)."""

PLUMBING = frozenset({"web.core.db"})
"""Web modules the view may call besides the store: the request's pooled database handle."""

CHECKS = "store.core.checks"
"""The one check of a person's characters (``bad_characters``), which the view reads its
input with (through ``web.core.forms``): pure, no database, not a store function call."""


class Call(NamedTuple):
    """One Python call made while the view ran: ``stack``, the Tapete modules above it (the
    callee's last; consecutive frames of one module collapsed); ``name``, the function's
    name; ``direct``: made by the view's own module (a call from it into another module)."""

    stack: tuple[str, ...]
    name: str
    direct: bool


def layer(module: str) -> str | None:
    """``"web"``, ``"store"`` or ``"referee"`` for a Tapete module, else None."""
    top = module.split(".", 1)[0]
    return top if top in LAYERS else None


def record(view_code, run) -> list[Call]:
    """Run ``run()`` with a profile hook; every Python call into a Tapete module made while
    the function of ``view_code`` runs (:class:`Call`), in call order."""
    calls: list[Call] = []
    frames: list[str | None] = []   # module of every Python frame since the view (None: not Tapete)
    view_module = view_code and None

    def hook(frame, event, _arg):
        nonlocal view_module
        if event == "call":
            if not frames:
                if frame.f_code is not view_code:
                    return
                view_module = frame.f_globals.get("__name__")
            module = frame.f_globals.get("__name__", "")
            caller = frames[-1] if frames else None
            frames.append(module if layer(module) else None)
            if frames[-1] is not None:
                stack: list[str] = []
                for name in frames:
                    if name is not None and (not stack or stack[-1] != name):
                        stack.append(name)
                calls.append(Call(tuple(stack), frame.f_code.co_name, caller == view_module != module))
        elif event == "return" and frames:
            frames.pop()

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def referee_stacks(calls: list[Call]) -> list[tuple[str, ...]]:
    """The stacks at each entry into the referee from outside it, the referee as one,
    except the answer's words (a stack through :data:`WORDS`)."""
    out = []
    for call in calls:
        path = call.stack
        if len(path) >= 2 and layer(path[-1]) == "referee" and layer(path[-2]) != "referee" \
                and WORDS not in path:
            out.append(path[:-1] + ("referee",))
    return out


def tap_path(calls: list[Call]) -> list[str]:
    """The modules of :func:`referee_stacks`, in order of first entry."""
    seen: list[str] = []
    for stack in referee_stacks(calls):
        for module in stack:
            if module not in seen:
                seen.append(module)
    return seen


def layer_faults(calls: list[Call], view_module: str) -> list[str]:
    """What breaks the layers' order in a recorded tap: a store module calling a web
    module, the referee calling either, a stack to the referee whose layers do not run web,
    store, referee, one with a web module other than the view's between it and the store,
    the view calling the referee itself (no store between), the view calling the store more
    than once, or another web module than the words after the store."""
    faults = set()
    order = {name: i for i, name in enumerate(LAYERS)}
    for call in calls:
        path = call.stack
        if len(path) >= 2 and order[layer(path[-1])] < order[layer(path[-2])]:
            faults.add(f"{path[-2]} calls {path[-1]}")
    for stack in referee_stacks(calls):
        ranks = [order[layer(m)] for m in stack]
        webs = [m for m in stack if layer(m) == "web"]
        if ranks != sorted(ranks) or webs != [view_module] or not any(layer(m) == "store" for m in stack):
            faults.add(" -> ".join(stack))
    direct = [(c.stack[-1], c.name) for c in calls if c.direct and c.name != "__init__"]
    stored = [i for i, (module, _name) in enumerate(direct) if layer(module) == "store" and module != CHECKS]
    if len(stored) != 1:
        faults.add(f"the view calls the store {len(stored)} times: {[direct[i] for i in stored]}")
    after = {module for module, _name in direct[stored[-1] + 1:] if layer(module) == "web"} if stored else set()
    if after - {WORDS} - PLUMBING:
        faults.add(f"after the store, the view calls {sorted(after - {WORDS} - PLUMBING)}")
    return sorted(faults)


RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


@pytest.fixture
def table(app, db):
    """Three seats of 500 chips, button on seat 4, hand 1 started; the tablet's link."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in (("Ana", 1), ("Bruno", 3), ("Chus", 4)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    return f"/dealer/{night_id}/{dealer_token(db, night_id)}"


def _tap(client, base: str, body: dict):
    """One tap (:func:`conftest.tap_as_seen`) recorded: ``(response, calls)``."""
    from web.hand import tablet

    seen = client.get(base + "/state").get_json()   # (outside the record: what the tablet saw)
    body = {"version": seen["version"], **body}
    if body.get("op") == "undo":
        body.setdefault("event_id", seen["undo"]["event_id"])
    answer = []
    calls = record(tablet.tap.__wrapped__.__code__, lambda: answer.append(tap_as_seen(client, base, body)))
    return answer[0], calls


TAPS = [
    ("action", [], {"op": "action", "action": "p1 ante 5"}),
    ("forced_bets", [], {"op": "forced_bets"}),
    ("undo", [{"op": "action", "action": "p1 ante 5"}], {"op": "undo", "reason": "typo"}),
    ("end_hand", [{"op": "forced_bets"}], {"op": "end_hand"}),
    # the award gap's "at the table" tap: after a pot pushed to the wrong seat (a false
    # opener's, shared/cases/false_opener.json), the chips handed back
    ("hand_over", [{"op": "action", "action": line} for line in (
        "p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p3 TsTd9c5h2s", "p1 check", "p3 open 10", "p4 call",
        "p1 fold", "p3 draw 3 9c5h2s", "p4 draw 1", "p3 bet 20", "p4 call", "p3 show TsTdTc8h4c",
        "p4 show KsKd6c6h3s", "d award p3 75")] + [{"op": "end_hand"}], {"op": "hand_over", "events": 1}),
]


@pytest.mark.parametrize("name, before, body", TAPS, ids=[t[0] for t in TAPS])
def test_a_tap_passes_through_few_modules_and_never_back_up(client, table, name, before, body):
    for i, earlier in enumerate(before):
        assert tap_as_seen(client, table, {"key": f"earlier-{name}-{i}", **earlier}).status_code == 200
    response, calls = _tap(client, table, {"key": f"measured-{name}", **body})
    assert response.status_code == 200, response.get_json()
    path = tap_path(calls)
    assert path[0] == "web.hand.tablet" and "referee" in path, path   # (the record saw the tap)
    assert len(path) <= MAX_PATH, path
    assert layer_faults(calls, "web.hand.tablet") == []


def _calls(*stacks: tuple[str, ...], direct: tuple[str, ...] = ()) -> list[Call]:
    """Made-up calls: each stack one call, those whose last module is in ``direct`` made by
    the view."""
    return [Call(stack, "f", len(stack) == 2 and stack[-1] in direct) for stack in stacks]


def test_the_measure_sees_a_path_too_long_and_a_return_to_a_layer():
    """The checks themselves: a recorded path past the limit, a store module calling the
    web, a web module between the view and the store, the view calling the referee and the
    store twice, are all caught; a thin tap passes."""
    calls = _calls(("web.hand.tablet",), ("web.hand.tablet", "web.core.forms"),
                   ("web.hand.tablet", "web.core.forms", "store.a"),
                   ("web.hand.tablet", "web.core.forms", "store.a", "store.b"),
                   ("web.hand.tablet", "web.core.forms", "store.a", "store.b", "web.hand.table_view"),
                   ("web.hand.tablet", "web.core.forms", "store.a", "store.b", "store.c", "store.d", "referee.table"),
                   ("web.hand.tablet", "web.core.i18n", "referee.messages"), ("web.hand.tablet", "referee.actions"),
                   ("web.hand.tablet", "store.e"), ("web.hand.tablet", "store.f"),
                   direct=("web.core.forms", "referee.actions", "store.e", "store.f"))
    assert tap_path(calls) == ["web.hand.tablet", "web.core.forms", "store.a", "store.b", "store.c", "store.d",
                               "referee"]
    assert len(tap_path(calls)) > MAX_PATH
    assert layer_faults(calls, "web.hand.tablet") == [
        "store.b calls web.hand.table_view",
        "the view calls the store 2 times: [('store.e', 'f'), ('store.f', 'f')]",
        "web.hand.tablet -> referee",
        "web.hand.tablet -> web.core.forms -> store.a -> store.b -> store.c -> store.d -> referee"]
    late = _calls(("web.hand.tablet", "store.a"), ("web.hand.tablet", "web.hand.table_view"),
                  direct=("store.a", "web.hand.table_view"))
    assert layer_faults(late, "web.hand.tablet") == ["after the store, the view calls ['web.hand.table_view']"]
    clean = _calls(("web.hand.tablet",), ("web.hand.tablet", "web.core.db"), ("web.hand.tablet", "store.a"),
                   ("web.hand.tablet", "store.a", "referee.x"), ("web.hand.tablet", "web.core.i18n"),
                   ("web.hand.tablet", "web.core.i18n", "referee.messages"),
                   direct=("web.core.db", "store.a", "web.core.i18n"))
    assert tap_path(clean) == ["web.hand.tablet", "store.a", "referee"]
    assert layer_faults(clean, "web.hand.tablet") == []


def test_the_record_hooks_a_real_call():
    """:func:`record` sees the calls made inside the function it watches, and only those,
    and which of them the watched module made itself."""
    import store.core.checks as checks

    def watched():
        return checks.looks_blank("Ana")

    calls = record(watched.__code__, lambda: (checks.bad_characters("x"), watched()))
    assert calls and {c.stack for c in calls} == {("store.core.checks",)}   # (its generator's frames too)
    assert [c.name for c in calls][0] == "looks_blank"
