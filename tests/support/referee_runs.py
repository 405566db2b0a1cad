"""A session file judged by ``python -m referee check`` and its findings' kinds."""

from __future__ import annotations

import json

from referee.__main__ import main


def check(tmp_path, capsys, rules: dict, stacks: dict[int, int], button: int,
          actions: list[str], *options: str) -> tuple[int, dict]:
    """Run ``check`` on a one-hand session file: (exit status, the hand's JSON)."""
    session = {"format": "tapete/1", "rules": rules,
               "players": [{"seat": s, "name": f"P{s}", "stack": c} for s, c in stacks.items()],
               "hands": [{"button": button, "actions": actions}]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    status = main(["check", str(path), *options])
    return status, json.loads(capsys.readouterr().out)["hands"][0]


def kinds(hand: dict) -> list[tuple[str, int | None]]:
    return [(f["kind"], f["action"]) for f in hand["findings"]]
