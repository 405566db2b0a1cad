"""Replay speed of the referee against PokerKit on the same hands, and the referee's memory
when streaming many hands through it one at a time.

Usage (from the repository root)::

    python3 benchmarks/replay.py [--hands 2000] [--repeat 5] [--stream 100000] [--pool 5000]
                                 [--no-memory]

The referee is ``referee.check(session)``: one implementation of the rules, the state
machine of :class:`referee.replay.HandReplay`, pure Python (the first line printed says
whether every ``referee`` module was loaded from a ``.py`` file). What it does (in this
process, but for the cold runs, each a fresh process as a cold start is):

1. Generates ``--hands`` random legal hands with ``tests/support/handgen.py`` (PokerKit's no-limit
   2-7 single draw and fixed-limit 2-7 triple draw, the variants PokerKit's PHH reader
   knows; 2-6 players, uneven stacks, side pots; not timed). Each hand exists both as a
   tapete session and as PHH fields.
2. Checks, untimed, that the referee's final stacks equal PokerKit's on every hand (the
   generator's PokerKit state), that PokerKit's own two replays below reach them too, and
   counts the hands where the referee made a finding of severity error (these hands are
   legal: it should be none). Printed as counts, never asserted.
3. Times, on the same hands, in rounds (``--repeat`` of them; each round runs every line
   below once over all the hands, one after the other, so load from other processes hits
   them alike), and prints the best round and the median of each, in CPU seconds
   (``time.process_time``: on a shared machine the time spent descheduled is not ours to
   count, as in ``benchmarks/rank.py``):

   - ``referee.check, cold``: each run a fresh Python process (``--child cold``) that
     imports the referee, reads the hands from a JSON file this one wrote (untimed), and
     times one pass over them: every line parsed for the first time, the rules resolved
     and the ranking table built within the pass (the table build is also timed alone,
     in fresh processes too, and printed);
   - ``PokerKit HandHistory, cold``: likewise, a fresh process (``--child pokerkit``) that
     imports PokerKit (untimed; its own tables are built on import) and times one pass of
     ``pokerkit.HandHistory(**fields)`` iterated to the end over the PHH hands (PokerKit
     parses each PHH action string and applies it, as the referee parses the log);
   - ``referee.check, warm``: passes over the same hands in this process, with the caches
     as the earlier passes left them (rank tables built, rules resolved; the parsed-line
     cache is bounded, so on 2,000 hands many lines, most of them deal, draw and show
     lines that never repeat, are parsed again, as a new night's would be);
   - ``PokerKit HandHistory, warm``: the same replay in this process, again and again;
   - ``PokerKit direct API, warm``: PokerKit's state driven by pre-parsed method calls (no
     strings): the fastest PokerKit goes, a second reference.

4. Streams ``--stream`` hands through ``check`` one at a time (the sessions cycle through a
   pool of ``--pool`` distinct generated hands; each result is dropped before the next),
   twice, each time over a fresh pool: once untraced, printing the growth of the resident
   set size (RSS, from ``/proc/self/status``), once under tracemalloc, printing the peak
   and the memory still held at 10%, 50% and 100% of the stream (flat = bounded caches,
   rising = a leak).
5. Ends with the ratios: the referee's hands per second over PokerKit's, warm and cold.

Figures are printed, never asserted (DEVELOPERS.md: speed is measured in benchmarks/).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests" / "support"))  # handgen.py, the tests' random hands

import referee  # noqa: E402  (PokerKit and handgen are imported where used: the
#                              fresh processes of the cold runs need neither)

_clock = time.process_time


def _rss_kib() -> int:
    """Resident set size of this process in KiB (Linux ``/proc``), or 0 elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _referee_modules() -> list:
    return [m for name, m in sorted(sys.modules.items())
            if m is not None and (name == "referee" or name.startswith("referee."))]


def _child(mode: str, path: str) -> int:
    """In this fresh process, on the hands of the JSON file ``PATH`` (``{"sessions": [...],
    "phh": [...]}``): ``--child cold PATH``, one pass of ``referee.check`` over the
    sessions; ``--child table PATH``, the ranking table of the first session's rules
    built; ``--child pokerkit PATH``, one pass of PokerKit's ``HandHistory`` replay over
    the PHH hands. Prints the CPU seconds taken (reading the file and imports untimed)."""
    with open(path, encoding="utf-8") as f:
        hands = json.load(f)
    sessions, phh = hands["sessions"], hands["phh"]
    if mode == "pokerkit":
        warnings.simplefilter("ignore")
        import pokerkit  # noqa: F401  (imported before the clock starts, as referee is)
    from referee.rank import value_ranker

    gc.collect()
    start = _clock()
    if mode == "table":
        value_ranker(sessions[0]["rules"], 2)
    elif mode == "pokerkit":
        _pokerkit_replay(phh)
    else:
        for s in sessions:
            referee.check(s)
    print(_clock() - start)
    return 0


def _fresh(mode: str, path: str) -> float:
    """CPU seconds :func:`_child` reports from a fresh Python process."""
    out = subprocess.run([sys.executable, __file__, "--child", mode, path], check=True,
                         capture_output=True, text=True)
    return float(out.stdout.split()[-1])


def _pure_python() -> str:
    """Which ``referee`` modules were loaded from ``.py`` files (pure Python) and which not."""
    mods = _referee_modules()
    compiled = [m.__name__ for m in mods if not str(getattr(m, "__file__", "")).endswith(".py")]
    if compiled:
        return f"referee: {len(compiled)} of {len(mods)} modules NOT pure Python: {', '.join(compiled)}"
    return f"referee: pure Python ({len(mods)} modules, every one loaded from its .py file)"


def _pokerkit_direct_plan(fields: dict) -> tuple:
    """Pre-parse a hand's PHH actions into PokerKit method calls (done before timing)."""
    from pokerkit import HandHistory

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


def _pokerkit_replay(phh: list[dict]) -> list:
    """Every hand replayed by ``HandHistory`` to its end; the last states."""
    from pokerkit import HandHistory

    last = []
    for fields in phh:
        state = None
        for state in HandHistory(**fields):
            pass
        last.append(state)
    return last


def _timed(fn: Callable[[], object]) -> float:
    """CPU seconds of one call of ``fn``."""
    gc.collect()
    start = _clock()
    fn()
    return _clock() - start


def _line(label: str, n: int, times: list[float], note: str = "") -> str:
    best, median = min(times), statistics.median(times)
    return (f"{label:30} {n / best:8.0f} hands/s  ({1e6 * best / n:6.1f} us/hand; median "
            f"{n / median:6.0f} hands/s){note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands timed (default 2000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds, best kept (default 5)")
    parser.add_argument("--stream", type=int, default=100_000, help="hands streamed for memory")
    parser.add_argument("--pool", type=int, default=5000, help="distinct hands cycled in the stream")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory stream")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(*args.child)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat: at least 1")
    from handgen import generate_hand

    print(_pure_python())
    t = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hands = [generate_hand(seed, game="lowball") for seed in range(args.hands)]
    n = len(hands)
    print(f"generated {n} random legal 2-7 lowball hands (PokerKit's draw variants) in "
          f"{time.perf_counter() - t:.1f} s ({sum(len(h.actions) for h in hands) / n:.1f} "
          "actions per hand)")
    sessions = [h.session for h in hands]
    phh = [h.phh for h in hands]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plans = [_pokerkit_direct_plan(f) for f in phh]
        # Not timed: the referee reaches PokerKit's final stacks (the generator's PokerKit
        # state), and so do PokerKit's two replays timed below.
        results = [referee.check(s) for s in sessions]
        agree = sum(r["hands"][0]["stacks"] == {str(k): v for k, v in h.final_stacks.items()}
                    for r, h in zip(results, hands))
        errors = sum(any(f["severity"] == "error" for f in r["hands"][0]["findings"])
                     for r in results)
        agree_hh = sum(st is not None and list(st.stacks) == h.phh["finishing_stacks"]
                       for st, h in zip(_pokerkit_replay(phh), hands))
        agree_direct = sum(list(st.stacks) == h.phh["finishing_stacks"]
                           for st, h in zip(_pokerkit_direct(plans), hands))
    print(f"final stacks equal PokerKit's: referee.check {agree}/{n}; PokerKit HandHistory "
          f"replay {agree_hh}/{n}, direct API {agree_direct}/{n}; hands with an error finding "
          f"from the referee: {errors}/{n}")

    def run_check() -> None:
        for s in sessions:
            referee.check(s)

    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        path = str(Path(tmp) / "hands.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"sessions": sessions, "phh": phh}, f)
        builds = [_fresh("table", path) for _ in range(args.repeat)]
        print(f"ranking table for {sessions[0]['rules']['preset']} built in "
              f"{1e3 * min(builds):.0f} ms in a fresh process (best; part of every cold run)")
        cold, pk_cold, warm, pk, direct = [], [], [], [], []
        for _ in range(args.repeat):
            cold.append(_fresh("cold", path))
            pk_cold.append(_fresh("pokerkit", path))
            warm.append(_timed(run_check))
            pk.append(_timed(lambda: _pokerkit_replay(phh)))
            direct.append(_timed(lambda: _pokerkit_direct(plans)))
    print(f"CPU time of {n} hands, best of {args.repeat} rounds (and the median round):")
    print(_line("referee.check, cold", n, cold, "  (a fresh process each run)"))
    print(_line("PokerKit HandHistory, cold", n, pk_cold, "  (a fresh process each run)"))
    print(_line("referee.check, warm", n, warm, "  (the same hands again in this process)"))
    print(_line("PokerKit HandHistory, warm", n, pk))
    print(_line("PokerKit direct API, warm", n, direct, "  (pre-parsed calls, no strings)"))

    if not args.no_memory:
        _memory(args.stream, args.pool)

    med = statistics.median
    print(f"ratio referee / PokerKit direct API:  {min(direct) / min(warm):5.2f}x warm")
    print(f"ratio referee / PokerKit HandHistory: {min(pk) / min(warm):5.2f}x warm, "
          f"{min(pk_cold) / min(cold):5.2f}x cold (median rounds: {med(pk) / med(warm):.2f}x "
          f"warm, {med(pk_cold) / med(cold):.2f}x cold; target: 5x)")
    return 0


def _memory(stream: int, pool: int) -> None:
    """Stream ``stream`` hands through ``check`` twice, each time cycling a new pool of
    ``pool`` generated hands (so the referee's caches fill again): RSS growth, then the
    tracemalloc peak and what is held at 10%, 50% and 100% of the stream."""
    from handgen import generate_hand

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pools = [[generate_hand(seed, game="lowball").session for seed in range(first, first + pool)]
                 for first in (10_000_000, 20_000_000)]
    print(f"streaming {stream} hands through check one at a time (cycling {pool} distinct "
          "generated hands; each result dropped before the next)")
    gc.collect()
    rss_before = _rss_kib()
    start = time.perf_counter()
    for session in itertools.islice(itertools.cycle(pools[0]), stream):
        result = referee.check(session)
        del result
    elapsed = time.perf_counter() - start
    gc.collect()
    rss_after = _rss_kib()
    print(f"  RSS growth: {(rss_after - rss_before) / 1024:.1f} MiB ({rss_before / 1024:.1f} -> "
          f"{rss_after / 1024:.1f} MiB); {stream / elapsed:.0f} hands/s (wall clock)")
    checkpoints = {max(1, stream // 10), max(1, stream // 2), stream}
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    held = []
    for k, session in enumerate(itertools.islice(itertools.cycle(pools[1]), stream), start=1):
        result = referee.check(session)
        del result
        if k in checkpoints:
            held.append((k, tracemalloc.get_traced_memory()[0] - base))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  tracemalloc peak over {stream} hands: {(peak - base) / 2**20:.1f} MiB")
    print("  held after " + ", ".join(f"{k} hands: {b / 2**20:.1f} MiB" for k, b in held))


if __name__ == "__main__":
    sys.exit(main())
