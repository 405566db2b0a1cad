"""Every worked case in ``shared/cases`` through the command, compared per cases/README.md;
and every real PHH hand of variant N2L1D or F2L3D replays with no error finding and ends
with its recorded ``finishing_stacks``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT, SHARED

CASES = sorted(p for p in (SHARED / "cases").glob("*.json") if not p.name.endswith(".expect.json"))
OWN = sorted(p for p in (ROOT / "tests" / "referee" / "cases").glob("*.json")
             if not p.name.endswith(".expect.json"))
"""The project's own worked cases (issue 27: a case per new log line and per switch value),
in the same shape as ``shared/cases``."""
PHH = sorted((SHARED / "data" / "phh").glob("*.phh"))


def _run(path: Path) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "referee", "check", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_there_are_cases_to_run():
    assert len(CASES) >= 9


def test_there_are_own_cases_to_run():
    assert len(OWN) >= 20


@pytest.mark.parametrize("case", CASES + OWN, ids=[p.stem for p in CASES + OWN])
def test_worked_case_through_the_command(case: Path):
    expect = json.loads(case.with_name(case.stem + ".expect.json").read_text())
    rc, got = _run(case)
    assert len(got["hands"]) == len(expect["hands"])
    for want, hand in zip(expect["hands"], got["hands"]):
        found = {(f["kind"], f["action"]) for f in hand["findings"]}
        for f in want.get("findings", []):
            if f.get("action") is None:
                assert f["kind"] in {k for k, _ in found}, (f, hand["findings"])
            else:
                assert (f["kind"], f["action"]) in found, (f, hand["findings"])
        allowed = {(f["kind"], f.get("action")) for f in want.get("findings", [])}
        allowed_kinds = {f["kind"] for f in want.get("findings", []) if f.get("action") is None}
        errors = [f for f in hand["findings"] if f["severity"] == "error"
                  and (f["kind"], f["action"]) not in allowed and f["kind"] not in allowed_kinds]
        assert errors == [], errors
        for key in ("awards", "stacks", "carried", "next_opening"):
            if key in want:
                assert hand[key] == want[key], (key, hand[key], want[key])
    has_error = any(f["severity"] == "error" for h in got["hands"] for f in h["findings"]) or any(
        f["severity"] == "error" for f in got["night"]["findings"])  # (a cash-out count)
    assert rc == (1 if has_error else 0)


def _variant(path: Path) -> str:
    m = re.search(r"^variant\s*=\s*['\"](\w+)['\"]", path.read_text(), re.M)
    return m.group(1) if m else ""


REAL = [p for p in PHH if _variant(p) in ("N2L1D", "F2L3D")]


def test_there_are_real_hands():
    assert len(REAL) >= 14


@pytest.mark.slow
@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_real_hand_replays_clean_to_its_finishing_stacks(path: Path):
    rc, got = _run(path)
    errors = [f for h in got["hands"] for f in h["findings"] if f["severity"] == "error"]
    assert errors == [] and rc == 0
    m = re.search(r"^finishing_stacks\s*=\s*\[([^\]]*)\]", path.read_text(), re.M)
    if m:
        finishing = [int(x) for x in m.group(1).split(",")]
        stacks = got["hands"][-1]["stacks"]
        assert [stacks[k] for k in sorted(stacks, key=int)] == finishing


def test_unreadable_file_exits_2(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    proc = subprocess.run([sys.executable, "-m", "referee", "check", str(bad)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1


def test_text_format_names_each_finding_and_its_rule():
    case = SHARED / "cases" / "false_opener.json"
    proc = subprocess.run([sys.executable, "-m", "referee", "check", str(case), "--format", "text"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    # the action counted from 1 as a dealer counts the hand's lines (JSON "action" is 5),
    # the seed cited by its title, never by its file
    assert "opening without openers (action 6 of the hand, counting from 1)" in proc.stdout
    assert "rule: «Pocker: Las jugadas, Jackpot, Envites y Farol»" in proc.stdout
    assert "seed 000" not in proc.stdout and "000_" not in proc.stdout


def test_clean_case_exits_0_and_rules_override_changes_the_ruling(tmp_path: Path):
    case = SHARED / "cases" / "clasico_flush_beats_full.json"
    # under jackpots (52 cards) the full house wins, so the dealer's push is right
    proc = subprocess.run([sys.executable, "-m", "referee", "check", str(case), "--rules",
                           "jackpots"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    hand = json.loads(proc.stdout)["hands"][0]
    assert hand["awards"] == {"2": 80}
    assert "wrong_award" not in [f["kind"] for f in hand["findings"]]
