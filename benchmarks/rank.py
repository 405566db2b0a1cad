"""Hand-ranking speed: ``referee.rank`` beside treys and PokerKit, in one process.

Usage: ``python benchmarks/rank.py [--hands N] [--repeat R] [--seed S]``

Every library starts from the same kind of input, a ten-character card string such as
``"AsKd7h7c2h"`` (the form a session file holds), and does everything it needs from
there: treys builds its card integers with ``Card.new`` and evaluates, PokerKit builds a
``StandardHighHand``, the referee calls ``rank(cards, preset)``. treys, PokerKit and
``jackpots`` rank the very same 52-card strings; ``clasico`` ranks strings dealt from its
32-card deck (four players), ``pocker`` from its 53-card deck (one hand in ten or so holds
the joker), and ``pocker, joker in every hand`` only hands holding it. Prints hands per
CPU second (best of R round-robin rounds) and the ratios to treys and to PokerKit. Table building is timed
separately (once per rules, then cached) and not counted in the rates.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import rank, resolve_rules  # noqa: E402


def _clock() -> float:
    """CPU seconds of this process: on a shared, busy machine the time we sit descheduled
    is not ours to count (wall-clock rates there swung by 2x between runs)."""
    return time.process_time()


def _rate(func, hands, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = _clock()
        for cards in hands:
            func(cards)
        best = min(best, _clock() - start)
    return len(hands) / best


def _rate_rank(preset: str, hands, repeat: int) -> float:
    """As :func:`_rate` for ``rank(cards, preset)``, called as an application would."""
    best = float("inf")
    for _ in range(repeat):
        start = _clock()
        for cards in hands:
            rank(cards, preset)
        best = min(best, _clock() - start)
    return len(hands) / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per library (default 100000)")
    parser.add_argument("--pokerkit-hands", type=int, default=10_000,
                        help="hands for PokerKit, the slowest (default 10000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds; each contender's best counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    from pokerkit import StandardHighHand
    from treys import Card, Evaluator

    rng = random.Random(args.seed)

    def deal(preset: str, n: int, joker_always: bool = False) -> list[str]:
        deck = list(resolve_rules(preset).deck(4))
        out = []
        while len(out) < n:
            cards = rng.sample(deck, 5)
            if joker_always and "Jk" not in cards:
                continue
            out.append("".join(cards))
        return out

    standard = deal("jackpots", args.hands)
    evaluator = Evaluator()
    new = Card.new

    def treys_rank(s: str) -> int:
        return evaluator.evaluate([new(s[0:2]), new(s[2:4]), new(s[4:6]), new(s[6:8]), new(s[8:10])], [])

    cases = [
        ("jackpots", "jackpots", standard),
        ("clasico", "clasico", deal("clasico", args.hands)),
        ("pocker", "pocker", deal("pocker", args.hands)),
        ("pocker, joker in every hand", "pocker", deal("pocker", args.hands, joker_always=True)),
    ]
    builds = {}
    for _, preset, hands in cases:
        start = _clock()
        rank(hands[0], preset)
        builds.setdefault(preset, _clock() - start)

    # Round-robin: every contender runs once per round and keeps its best round, so a
    # busy shared machine slows all of them alike instead of whichever ran last.
    contenders = [("treys", lambda: _rate(treys_rank, standard, 1)),
                  ("PokerKit", lambda: _rate(StandardHighHand, standard[:args.pokerkit_hands], 1))]
    contenders += [(f"referee {label}", lambda p=preset, h=hands: _rate_rank(p, h, 1))
                   for label, preset, hands in cases]
    rates: dict[str, float] = {name: 0.0 for name, _ in contenders}
    for _ in range(args.repeat):
        for name, run in contenders:
            rates[name] = max(rates[name], run())

    print(f"hand ranking from card strings, {args.hands:,} hands "
          f"({args.pokerkit_hands:,} for PokerKit), best of {args.repeat} round-robin rounds")
    print(f"{'evaluator':38} {'hands/s':>12} {'x treys':>8} {'x PokerKit':>11}")
    for name, value in rates.items():
        print(f"{name:38} {value:12,.0f} {value / rates['treys']:8.2f} "
              f"{value / rates['PokerKit']:11.1f}")
    print("table build (first call, cached after): "
          + ", ".join(f"{p} {t * 1000:.0f} ms" for p, t in builds.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
