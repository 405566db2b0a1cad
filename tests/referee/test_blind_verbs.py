"""The verbs, not the order of the lines, say which blind is which (issue 11, tester 6,
defect 4), through ``python -m referee check``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def _check(tmp_path: Path, night: dict) -> dict:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night))
    out = subprocess.run([sys.executable, "-m", "referee", "check", str(path)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


def _night(seats: int, button: int, actions: list[str]) -> dict:
    return {"format": "tapete/1",
            "rules": {"preset": "deuce_to_seven", "betting": "no_limit", "small_blind": 1,
                      "big_blind": 2, "min_bet": 2},
            "players": [{"seat": s, "name": "ABCD"[s - 1], "stack": 100}
                        for s in range(1, seats + 1)],
            "hands": [{"button": button, "actions": actions}]}


def test_a_heads_up_blind_logged_after_the_double_blind_is_the_blind(tmp_path):
    """CONTRACT.md section 2: "`pN blind A` | blind bet before looking ("ciega");
    `pN straddle A` the double blind ("contra-ciega")". The tester's hu_order.json: the
    blind logged after the double blind is still the blind of 1, and the blind (the
    button, heads-up) speaks first: its call is in turn."""
    result = _check(tmp_path, _night(2, 1, [
        "p2 straddle 2", "p1 blind 1", "p1 call", "p2 check", "p2 draw 0", "p1 draw 0",
        "p2 check", "p1 check", "p2 show 7h5d4c3s2c", "p1 show 8h6d5c3d2h", "d award p2 4"]))
    (hand,) = result["hands"]
    assert hand["findings"] == []
    assert hand["awards"] == {"2": 4} and hand["stacks"] == {"1": 98, "2": 102}


def test_three_handed_the_blind_after_the_double_blind_keeps_the_double_blind_last(tmp_path):
    """CONTRACT.md section 2 (as above): seat 3 the double blind, seat 2 the blind logged
    after it; seat 1 (the button) speaks first and seat 3 last before the draw."""
    result = _check(tmp_path, _night(3, 1, [
        "p3 straddle 2", "p2 blind 1", "p1 call", "p2 call", "p3 check",
        "p2 draw 0", "p3 draw 0", "p1 draw 0", "p2 check", "p3 check", "p1 check",
        "p2 show 7h5d4c3s2c", "p3 show 8h6d5c3d2h", "p1 show 9h6c5s3h2d", "d award p2 6"]))
    (hand,) = result["hands"]
    assert hand["findings"] == []


def test_a_blind_logged_after_the_double_blind_of_the_wrong_size_is_judged_as_the_blind(tmp_path):
    """CONTRACT.md section 2 (as above); Robert's Rules of Poker, section 2: the small
    blind in the size the house sets (1 here): a blind of 2 logged after the double blind
    is a blind of the wrong size, the blind's size being 1."""
    result = _check(tmp_path, _night(2, 1, [
        "p2 straddle 2", "p1 blind 2", "p2 check", "p2 draw 0", "p1 draw 0",
        "p2 check", "p1 check", "p2 show 7h5d4c3s2c", "p1 show 8h6d5c3d2h", "d award p2 4"]))
    (hand,) = result["hands"]
    (found,) = [f for f in hand["findings"] if f["kind"] == "blind_irregular"]
    assert found["details"]["reason"] == "wrong_size"
    assert found["details"]["expected"] == 1 and found["details"]["double"] is False
