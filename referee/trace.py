"""``referee.trace(start, actions)``: the state of a hand after each action of its log, for
the replay page of a dispute (DESIGN.md: "referee.trace: state after each action").

One replay of the hand (:class:`~referee.replay.HandReplay`), stepped once per action: the
state is read after every step (O(n) in the log's length), then the hand is ruled
(:meth:`~referee.replay.HandReplay.finish`) and each finding is attached to the step of its
``action`` index. So the trace agrees with :func:`referee.check`: the same findings, each at
exactly one step, and, once the hand is decided, the last step shows the ruling (the stacks
after the hand, the pots as ruled).

>>> from referee.hand import HandStart
>>> from referee.rules import resolve_rules
>>> start = HandStart(rules=resolve_rules("jackpots", ante=5, small_bet=10, big_bet=20),
...                   button=4, stacks={1: 100, 3: 100, 4: 100})
>>> t = trace(start, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 open 10", "p1 fold"])
>>> s = t["steps"][3]
>>> s["actor"], s["due"], s["pot"], s["to_call"], s["next_due"], s["findings"][0]["kind"]
(3, 1, 25, 10, 1, 'out_of_turn')
>>> t["steps"][-1]["stacks"], t["steps"][-1]["ruled"]
({'1': 95, '3': 85, '4': 95}, False)
"""

from __future__ import annotations

from typing import Any, Sequence

from .check import hand_entry
from .findings import Finding
from .hand import HandStart
from .replay import HandReplay
from .rounds import due
from .session import HandItem, replay_session
from .state import POSTDRAW, PREDEAL, PREDRAW, HandState

__all__ = ["trace", "trace_session"]

_BETTING_PHASES = frozenset((PREDEAL, PREDRAW, POSTDRAW))


def trace(start: HandStart, actions: Sequence[Any], *, number: int = 1,
          extra: Sequence[Finding] = (), step: int | None = None) -> dict:
    """The state after each action of one hand.

    :param start: the table as the hand starts (:class:`~referee.hand.HandStart`).
    :param actions: the hand's action strings (CONTRACT.md section 2).
    :param number: the hand's number in its session (for ``result``).
    :param extra: findings about the hand's start (stacks, rebuys, button: the session's
        :attr:`~referee.session.HandItem.extra`); they have no action index.
    :param step: the session's ladder step after this hand (for
        ``result["next_opening"]``); None leaves ``next_opening`` None.
    :returns: ``{"start": {...}, "steps": [...], "findings_without_action": [...],
        "result": {...}}``. Seats as dict keys are strings, as in :func:`referee.check`;
        chips are ints.

        - ``start``: ``{"stacks": {seat: chips}, "button": seat, "carried": chips,
          "opening": "J".."A" or None}``.
        - ``steps``: one per action, the state AFTER it: ``{"index": i, "action": the
          line as logged, "actor": seat (int) or None (the dealer, or a line that could
          not be read), "due": the seat due BEFORE it (None if nobody, or for a line
          said out of the turn order: :data:`OUT_OF_TURN_ORDER`), "phase":
          "predeal"|"predraw"|"draw"|"postdraw"|"showdown"|"complete", "pot": chips in
          the middle, "pots": [{"amount": chips, "seats": [int]}] (main pot first, among
          the live seats), "stacks": {seat: chips behind}, "bets": {seat: chips this
          round}, "to_call": chips the next seat due must add to call (0 if none; no more
          than its stack with table stakes, the whole call with a caja libre), "next_due": the seat due after it (None if nobody), "cards":
          {seat: {"held": [cards as logged, "??" unknown], "shown": [cards] or None,
          "exposed": [cards exposed in the deal so far, ``d expose``: known to everyone,
          seed 002]}} (the seats dealt in; ``shown`` also holds openers tabled alone),
          "ruled": bool,
          "findings": [finding dicts whose ``action`` is i]}``. On the last step of a
          decided hand (``ruled`` True: not ``incomplete``) ``stacks`` are the stacks
          after the hand, ``pots`` the pots as ruled and ``pot`` the chips left in the
          middle for the next deal, as ``result`` has them; so at every step
          ``sum(stacks) + pot`` is the chips at the table and in the middle at the start
          (plus any ``rebuy`` lines), also where the recorded awards pass the pot (they
          credit at most what it holds, CONTRACT.md 4: a ``chips_not_conserved`` finding
          says so).
        - ``findings_without_action``: finding dicts with ``action`` None (``extra``
          first, as :func:`referee.check` lists them).
        - ``result``: the hand's entry as :func:`referee.check` gives it
          (:func:`referee.check.hand_entry`).
    """
    replay = HandReplay(start, actions)
    st = replay.state
    steps = []
    for i in range(len(replay.actions)):
        before = replay.due()
        replay.step(i)
        steps.append(_snapshot(st, i, before))
    result = replay.finish()
    item = HandItem(number, start, list(replay.actions), replay, result, list(extra),
                    step if step is not None else 0)
    entry = hand_entry(item)
    if step is None:
        entry["next_opening"] = None
    ruled = result.outcome != "incomplete"
    if steps and ruled:
        last = steps[-1]
        last.update(ruled=True, stacks=entry["stacks"], pots=entry["pots"], pot=result.carried)
    loose: list[dict] = []
    for f in entry["findings"]:
        at = f["action"]
        if at is None or not 0 <= at < len(steps):
            loose.append(f)
        else:
            steps[at]["findings"].append(f)
    return {
        "start": {"stacks": {str(s): c for s, c in sorted(start.stacks.items())},
                  "button": start.button, "carried": start.carried, "opening": start.opening},
        "steps": steps,
        "findings_without_action": loose,
        "result": entry,
    }


OUT_OF_TURN_ORDER = frozenset(("sitout", "withdraw", "rebuy"))
"""Player lines said when the player says them, not in turn (abstaining, seed 000;
withdrawing, seed 002; chips bought): their step names no seat as due (``due`` None)."""


def _snapshot(st: HandState, i: int, before: int | None) -> dict:
    """The state after step ``i`` (``before``: the seat that was due before it)."""
    a = st.parsed[i]
    nxt = due(st)
    to_call = 0
    if nxt is not None and st.phase in _BETTING_PHASES:
        to_call = max(0, st.high - st.bets.get(nxt, 0))
        if st.rules.table_stakes:  # (a caja libre: the whole call, the box sells the rest)
            to_call = min(to_call, st.stacks.get(nxt, 0))
    cards = {}
    for s in st.order:
        shown = st.shown.get(s) or st.proof.get(s)
        cards[str(s)] = {"held": list(st.hands[s]),
                         "shown": list(shown) if shown is not None else None,
                         "exposed": list(st.exposed.get(s, ()))}
    return {
        "index": i,
        "action": st.actions[i],
        "actor": a.seat if a is not None and a.actor == "p" else None,
        "due": None if a is not None and a.actor == "p" and a.verb in OUT_OF_TURN_ORDER
               else before,
        "phase": st.phase.value,
        "pot": st.pot_total(),
        "pots": [p.as_dict() for p in st.live_pots()],
        "stacks": {str(s): c for s, c in sorted(st.stacks.items())},
        "bets": {str(s): c for s, c in sorted(st.bets.items())},
        "to_call": to_call,
        "next_due": nxt,
        "cards": cards,
        "ruled": False,
        "findings": [],
    }


def trace_session(session: Any, hand_number: int, rules: Any = None) -> dict:
    """:func:`trace` of hand ``hand_number`` (1, 2 ...) of a session, from the start
    :func:`referee.session.replay_session` builds for it (stacks carried, rebuys, button,
    carried pot, the opening in force), with the hand's findings about its start.

    :param session: a session dict (CONTRACT.md section 1).
    :param hand_number: the hand's number in the session (1-based).
    :param rules: optional rules override (as in :func:`referee.check`).
    :returns: as :func:`trace`; its ``result`` is the session check's entry for the hand.
    :raises SessionError: the session cannot be read at all.
    :raises IndexError: the session has no hand ``hand_number``.
    """
    for item in replay_session(session, rules):
        if item.number == hand_number:
            return trace(item.start, item.actions, number=item.number, extra=item.extra,
                         step=item.step)
    raise IndexError(f"the session has no hand {hand_number}")
