"""The sessions of the referee's golden snapshot (``tests/referee/golden/referee_check.json.gz``).

Each is a labelled session: every worked case of ``shared/cases``, every PHH hand of
``shared/data/phh`` the referee plays, 300 random-walk sessions of the house games and 400
mutations of them (:mod:`walkgen`), 1,500 PokerKit-played hands (:mod:`handgen`) and every
corruption kind over 300 of them. ``python tests/support/golden_sessions.py`` writes the snapshot
of ``referee.check`` over them (run it only when a change of result is intended, and say
which in the commit); :mod:`tests/referee/test_golden.py` compares against it.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # run as a script: its sibling helpers

from handgen import CORRUPTIONS, corrupt, generate_hand  # noqa: E402
from paths import ROOT, SHARED  # noqa: E402
from walkgen import mutate, walk_session  # noqa: E402

from referee.phh import load_phh  # noqa: E402

SNAPSHOT = ROOT / "tests" / "referee" / "golden" / "referee_check.json.gz"


def sessions() -> dict[str, dict]:
    """Label -> session, in a fixed order (deterministic: fixed seeds only)."""
    out: dict[str, dict] = {}
    for path in sorted((SHARED / "cases").glob("*.json")):
        if not path.name.endswith(".expect.json"):
            out[f"case {path.name}"] = json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((SHARED / "data" / "phh").glob("*.phh")):
        try:
            out[f"phh {path.name}"] = load_phh(path.read_text(encoding="utf-8"))
        except ValueError:  # a variant the referee does not play (badugi)
            continue
    walks = [walk_session(seed) for seed in range(300)]
    for seed, walk in enumerate(walks):
        out[f"walk {seed}"] = walk
    for seed in range(400):
        out[f"mutate walk {seed % 300} rng {10_000 + seed}"] = mutate(
            walks[seed % 300], random.Random(10_000 + seed))
    hands = [generate_hand(seed) for seed in range(1000)]
    hands += [generate_hand(seed, game="lowball") for seed in range(50_000, 50_500)]
    for h in hands:
        out[f"generated {h.seed}"] = h.session
    for kind in CORRUPTIONS:
        for h in hands[:300]:
            made = corrupt(h, kind, random.Random(h.seed * 7 + 1))
            if made is not None:
                out[f"corrupt {kind} {h.seed}"] = made[0]
    return out


def outcome(session: dict):
    """``referee.check(session)``, or the error it raised as ``"raised Name: message"``."""
    import referee

    try:
        return referee.check(session)
    except Exception as exc:  # noqa: BLE001 - a raise is part of the result
        return f"raised {type(exc).__name__}: {exc}"


if __name__ == "__main__":
    results = {label: outcome(s) for label, s in sessions().items()}
    SNAPSHOT.parent.mkdir(exist_ok=True)
    with gzip.open(SNAPSHOT, "wt", encoding="utf-8") as f:
        json.dump(results, f, sort_keys=True, separators=(",", ":"))
    print(f"{len(results)} sessions -> {SNAPSHOT}")
