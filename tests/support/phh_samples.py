"""Session files the PHH tests share."""

from __future__ import annotations

BLIND_BLIND = {
    "format": "tapete/1", "rules": {"preset": "deuce_to_seven", "small_blind": 5, "big_blind": 10},
    "players": [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100},
                {"seat": 3, "name": "Chus", "stack": 100}],
    "hands": [{"button": 1, "actions": [
        "p2 blind 5", "p3 blind 10", "d deal p1 9d7c5h4d3s", "d deal p2 KhQdJc9s7h",
        "d deal p3 8h6d5c4s2h", "p1 call", "p2 call", "p3 raise 20", "p1 call", "p2 fold",
        "p3 draw 0", "p1 draw 0", "p3 check", "p1 check", "p3 show 8h6d5c4s2h",
        "p1 show 9d7c5h4d3s", "d award p3 50"]}]}
"""Blinds 5/10 with the big blind logged as a second ``blind`` line (CONTRACT.md 2: ``pN
blind A`` is the "ciega"; the referee reads a blind after a blind as the double blind)."""
