"""The real hands of ../shared/data/phh: each file with finishing stacks, imported as a night
of its own, settles so that every player's net is finishing minus starting stack."""

import re

import pytest
from paths import SHARED

import store

PHH = sorted(p.name for p in (SHARED / "data" / "phh").glob("*.phh")
             if "finishing_stacks" in p.read_text()) if SHARED.is_dir() else []


def phh_list(text: str, name: str) -> list:
    match = re.search(rf"^{name}\s*=\s*\[(.*?)\]", text, re.M | re.S)
    return [x.strip().strip("'\"") for x in match.group(1).split(",") if x.strip()]


def test_fourteen_real_hands_have_finishing_stacks(shared):
    assert len(PHH) == 14


@pytest.mark.parametrize("name", PHH)
def test_real_hand_settles_to_finishing_minus_starting_stack(db, shared, name):
    text = (shared / "data" / "phh" / name).read_text()
    players = phh_list(text, "players")
    start = [int(x) for x in phh_list(text, "starting_stacks")]
    finish = [int(x) for x in phh_list(text, "finishing_stacks")]
    night_id = store.import_file(db, shared / "data" / "phh" / name, chip_cents=1, currency="USD")
    summary = store.close_night(db, night_id, entered_by="test")
    nets = {p["name"]: p["net_chips"] for p in summary["players"]}
    assert nets == {player: f - s for player, s, f in zip(players, start, finish)}
    assert {p["name"]: p["net_cents"] for p in summary["players"]} == nets  # 1 chip = 1 cent
    moved = {}
    for t in summary["transfers"]:
        assert t["cents"] > 0 and t["payer_id"] != t["payee_id"]
        moved[t["payer"]] = moved.get(t["payer"], 0) - t["cents"]
        moved[t["payee"]] = moved.get(t["payee"], 0) + t["cents"]
    assert {k: v for k, v in moved.items() if v} == {k: v for k, v in nets.items() if v}
