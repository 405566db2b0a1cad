"""Replay speed of ``referee.check`` against PokerKit on the same hands, and memory when
streaming many hands through ``check`` one at a time.

Usage (from the repository root)::

    python3 benchmarks/replay.py [--hands 2000] [--repeat 3] [--stream 100000] [--pool 5000]
                                 [--no-memory]

What it does, in one process:

1. Generates ``--hands`` random legal hands with ``tests/handgen.py`` (PokerKit's no-limit
   2-7 single draw and fixed-limit 2-7 triple draw, the variants PokerKit's PHH reader
   knows; 2-6 players, uneven stacks; not timed).
   Each hand exists both as a tapete session and as PHH fields.
2. Times ``referee.check(session)`` over all of them (headline: every referee cache emptied
   before each timed run, so nothing parsed by the untimed agreement pass or an earlier
   run helps; the warm-cache figure is printed separately, labelled), and PokerKit
   replaying the same hands
   from their PHH actions (``pokerkit.HandHistory(**fields)`` iterated to the end: PokerKit
   parses each action string and applies it, as check parses the log). The replays take
   turns on chunks of 100 hands, each chunk keeping its best of ``--repeat`` runs (so load
   from other processes hits both alike); prints hands per second and the ratio referee /
   PokerKit.
   Also prints PokerKit driven through its API directly (pre-parsed calls, no strings), the
   fastest PokerKit can go, as a second reference.

   The lines printed:

   - ``referee.check (cold caches)``: ``check`` as shipped (the fast path of
     ``referee/fastpath.py`` for regular hands, the full state machine for the rest),
     every cache emptied before each run: the headline, and the ratio to PokerKit below;
   - ``referee.check (warm caches)``: the same with the caches the earlier runs left (not
     the headline). The fast path keeps nothing per hand between calls: what the warm
     runs reuse is the rules resolved once per distinct ``rules`` object of a session
     (every generated session has its own stakes, so the cold runs resolve rules for about
     half the hands; a real night resolves them once);
   - ``check fast=False (cold caches)``: ``referee.check(s, fast=False)``, the full state
     machine (:class:`referee.replay.HandReplay`) alone for every hand, cold caches like
     the headline, with its own ratios to PokerKit;
   - ``PokerKit HandHistory replay`` and ``PokerKit direct API calls``: the references;
   - ``fast path taken``: how many of the timed hands ``referee.fastpath.replay_regular``
     accepts (called once per hand on the hand's start, untimed, before the timing).
3. Streams ``--stream`` hands through ``check`` one at a time (the sessions cycle through a
   pool of ``--pool`` distinct generated hands; each result is dropped before the next),
   twice, each time over a fresh pool: once untraced, printing the growth of the resident set size (RSS, from
   ``/proc/self/status``), once under tracemalloc, printing the peak and the memory still
   held at 10%, 50% and 100% of the stream (flat = bounded caches, rising = a leak).

The first line says which of the modules listed in ``pyproject.toml`` ``[tool.tapete]
compiled`` run compiled (mypyc, built by ``scripts/setup``) and which as Python: the figures
depend on it (``TAPETE_PURE_PYTHON=1`` installs give the pure-Python figures).

Figures are printed, never asserted (DEVELOPERS.md: speed is measured in benchmarks/).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import itertools
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerkit import HandHistory  # noqa: E402

import referee  # noqa: E402
from tests.handgen import generate_hand  # noqa: E402


def _rss_kib() -> int:
    """Resident set size of this process in KiB (Linux ``/proc``), or 0 elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _clear_referee_caches() -> None:
    """Empty every cache the replay keeps between calls: each ``functools.lru_cache`` in the
    ``referee`` modules (parsed actions ...), the parsed-line cache
    ``referee.replay._PARSED``, the table rules per player count
    ``referee.hand._TABLE_RULES``, the session's rules cache and the ranking function per
    table ``referee.pots._RANKERS``. (The ranking tables built once per rules are the
    evaluator itself, as PokerKit's lookup tables are, and stay.)"""
    for name, module in list(sys.modules.items()):
        if name != "referee" and not name.startswith("referee."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and hasattr(value, "cache_info"):
                clear()
    from referee import hand, pots, replay, session

    replay._PARSED.clear()
    hand._TABLE_RULES.clear()
    session._RULES_CACHE.clear()
    pots._RANKERS.clear()


def _fast_path_taken(sessions: list[dict]) -> int:
    """How many hands of ``sessions`` ``referee.fastpath.replay_regular`` accepts, called on
    each hand's start as the session builds it (untimed)."""
    from referee.fastpath import replay_regular
    from referee.session import replay_session

    taken = 0
    for s in sessions:
        for item in replay_session(s, fast=False):
            start = dataclasses.replace(item.start, stacks=dict(item.start.stacks))
            taken += replay_regular(start, list(item.actions)) is not None
    return taken


def _best(fn, repeat: int, setup=None) -> float:
    best = float("inf")
    for _ in range(repeat):
        if setup is not None:
            setup()  # not timed
        gc.collect()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _pokerkit_direct_plan(fields: dict) -> tuple:
    """Pre-parse a hand's PHH actions into PokerKit method calls (done before timing)."""
    hh = HandHistory(**fields)
    calls = []
    for action in fields["actions"]:
        words = action.split()
        if words[0] == "d":
            calls.append(("deal_hole", (words[3],)))
        elif words[1] == "f":
            calls.append(("fold", ()))
        elif words[1] == "cc":
            calls.append(("check_or_call", ()))
        elif words[1] == "cbr":
            calls.append(("complete_bet_or_raise_to", (int(words[2]),)))
        elif words[1] == "sd":
            calls.append(("stand_pat_or_discard", (words[2] if len(words) > 2 else (),)))
        elif words[1] == "sm":
            calls.append(("show_or_muck_hole_cards", (True, int(words[0][1:]) - 1)))
    return hh.create_game(), fields["starting_stacks"], calls


def _pokerkit_direct(plans) -> list:
    states = []
    for game, stacks, calls in plans:
        state = game(stacks, len(stacks))
        for name, args in calls:
            if state.can_burn_card():  # a burn precedes each draw's deal, even an empty one
                state.burn_card("??")
            getattr(state, name)(*args)
        states.append(state)
    return states


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands timed (default 2000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, best kept (default 3)")
    parser.add_argument("--stream", type=int, default=100_000, help="hands streamed for memory")
    parser.add_argument("--pool", type=int, default=5000, help="distinct hands cycled in the stream")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory stream")
    args = parser.parse_args(argv)

    import importlib
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        names = [Path(p).stem for p in tomllib.load(f)["tool"]["tapete"]["compiled"]]
    compiled = [n for n in names
                if not importlib.import_module(f"referee.{n}").__file__.endswith(".py")]
    print(f"compiled by mypyc: {len(compiled)} of {len(names)} hot-path modules "
          f"({', '.join(compiled) or 'none: pure Python'})")
    t = time.perf_counter()
    hands = [generate_hand(seed, game="lowball") for seed in range(args.hands)]
    print(f"generated {len(hands)} random legal 2-7 lowball hands (PokerKit's draw variants; all "
          f"regular, so check takes its fast path) in {time.perf_counter() - t:.1f} s "
          f"({sum(len(h.actions) for h in hands) / len(hands):.1f} actions per hand)")
    sessions = [h.session for h in hands]
    phh = [h.phh for h in hands]
    for s in sessions[:50]:  # warm caches (rank tables, parsed rules) before timing
        referee.check(s)

    def run_check(lo: int, hi: int) -> None:
        for s in sessions[lo:hi]:
            referee.check(s)

    def run_full(lo: int, hi: int) -> None:
        for s in sessions[lo:hi]:
            referee.check(s, fast=False)

    def run_pokerkit(lo: int, hi: int) -> None:
        for fields in phh[lo:hi]:
            for _ in HandHistory(**fields):
                pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plans = [_pokerkit_direct_plan(f) for f in phh]
        # Not timed: every replay reaches the generator's (PokerKit's) final stacks.
        agree_check = sum(referee.check(h.session)["hands"][0]["stacks"]
                          == {str(k): v for k, v in h.final_stacks.items()} for h in hands)
        agree_direct = sum(list(st.stacks) == h.phh["finishing_stacks"]
                           for st, h in zip(_pokerkit_direct(plans), hands))
        print(f"final stacks agree with PokerKit: check {agree_check}/{len(hands)}, "
              f"PokerKit direct {agree_direct}/{len(hands)}")
        # Not timed: how many of these hands the fast path takes (replay_regular on the
        # start the session builds for each hand), and that check agrees with fast=False.
        taken = _fast_path_taken(sessions)
        same = sum(referee.check(s) == referee.check(s, fast=False) for s in sessions)
        print(f"fast path taken by {taken}/{len(hands)} timed hands ({taken / len(hands):.1%}); "
              f"check == check(fast=False) on {same}/{len(hands)}")
        # The replays take turns on chunks of 100 hands, and each chunk keeps its best of
        # --repeat runs: a burst of load from other processes hits them all alike.
        # check is timed twice: with every referee cache emptied before each run (cold: the
        # headline figure, no help from the agreement pass above having parsed these very
        # hands), and with the caches as the earlier runs left them (warm).
        # check(s, fast=False), the full state machine alone, is timed cold too.
        t_check = t_warm = t_full = t_pk = t_direct = 0.0
        for lo in range(0, len(hands), 100):
            hi = lo + 100
            t_check += _best(lambda: run_check(lo, hi), args.repeat, _clear_referee_caches)
            t_warm += _best(lambda: run_check(lo, hi), args.repeat)
            t_full += _best(lambda: run_full(lo, hi), args.repeat, _clear_referee_caches)
            t_pk += _best(lambda: run_pokerkit(lo, hi), args.repeat)
            t_direct += _best(lambda: _pokerkit_direct(plans[lo:hi]), args.repeat)
    n = len(hands)
    print(f"referee.check (cold caches):   {n / t_check:10.0f} hands/s  ({1e6 * t_check / n:7.1f} us/hand)")
    print(f"referee.check (warm caches):   {n / t_warm:10.0f} hands/s  ({1e6 * t_warm / n:7.1f} us/hand)"
          "  (the same hands parsed before: not the headline)")
    print(f"check fast=False (cold caches):{n / t_full:10.0f} hands/s  ({1e6 * t_full / n:7.1f} us/hand)"
          "  (the full state machine alone)")
    print(f"PokerKit HandHistory replay:   {n / t_pk:10.0f} hands/s  ({1e6 * t_pk / n:7.1f} us/hand)")
    print(f"PokerKit direct API calls:     {n / t_direct:10.0f} hands/s  ({1e6 * t_direct / n:7.1f} us/hand)")
    print(f"ratio referee / PokerKit HandHistory: {t_pk / t_check:.2f}x   (target: 20x; cold caches)")
    print(f"ratio referee / PokerKit direct API:  {t_direct / t_check:.2f}x   (cold caches)")
    print(f"full state machine (fast=False, cold caches): {t_pk / t_full:.2f}x HandHistory, "
          f"{t_direct / t_full:.2f}x direct API; fast path speed-up {t_full / t_check:.2f}x")
    print(f"warm-cache ratios (not the headline): {t_pk / t_warm:.2f}x HandHistory, "
          f"{t_direct / t_warm:.2f}x direct API")

    if args.no_memory:
        return 0
    # Two pools of hands not seen before (so the referee's caches fill again under each).
    pools = [[generate_hand(seed, game="lowball").session for seed in range(first, first + args.pool)]
             for first in (10_000_000, 20_000_000)]
    stream = lambda: itertools.islice(itertools.cycle(pools.pop(0)), args.stream)  # noqa: E731
    print(f"streaming {args.stream} hands through check one at a time (cycling {args.pool} "
          f"distinct generated hands; each result dropped before the next)")
    # 1. Resident set size, no tracing.
    gc.collect()
    rss_before = _rss_kib()
    t = time.perf_counter()
    for session in stream():
        result = referee.check(session)
        del result
    elapsed = time.perf_counter() - t
    gc.collect()
    rss_after = _rss_kib()
    print(f"  RSS growth: {(rss_after - rss_before) / 1024:.1f} MiB "
          f"({rss_before / 1024:.1f} -> {rss_after / 1024:.1f} MiB); {args.stream / elapsed:.0f} hands/s")
    # 2. tracemalloc: the peak, and what is held at 10%, 50% and 100% of the stream (a
    #    plateau means bounded caches, a climb would mean a leak).
    checkpoints = {max(1, args.stream // 10), max(1, args.stream // 2), args.stream}
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    held = []
    for k, session in enumerate(stream(), start=1):
        result = referee.check(session)
        del result
        if k in checkpoints:
            held.append((k, tracemalloc.get_traced_memory()[0] - base))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  tracemalloc peak over {args.stream} hands: {(peak - base) / 2**20:.1f} MiB")
    print("  held after " + ", ".join(f"{k} hands: {b / 2**20:.1f} MiB" for k, b in held))
    return 0


if __name__ == "__main__":
    sys.exit(main())
