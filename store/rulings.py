"""Rulings: the host decides a dispute; a correction of the hand's log and the chips it
moves (issue 12; the model in the plan: "How the money moves after a ruling").

- The log's ``d award pN X`` lines are what the dealer physically pushed; the referee's
  ``awards`` what the rules push (CONTRACT.md 4). A ruling may correct the hand's live
  actions: the longest common prefix of the current live actions and the corrected list
  is kept, every live action after it gets a ``void`` event, the rest of the corrected list
  is appended as new ``action`` events (after the hand's ``end``: an ended hand stays
  ended). Never an UPDATE or DELETE; the hand and every later one are re-judged in the
  same transaction.
- An upheld ruling moves, per player, ``awards - recorded_awards`` of the corrected hand
  (minus what earlier live rulings on that hand moved) as ``adjustment`` ledger rows,
  reason ``"ruling"``. A rejected ruling moves nothing.
- On a closed night the ruling reopens it (the close and the close's own adjustments are
  voided, never the ruling moves) and closes it again with the same mode, hub and
  resolution; both settlements stay readable (:func:`night_settlements`).
"""

from __future__ import annotations

from sqlite_utils import Database

DECISIONS = ("upheld", "rejected")
"""A ruling's decision: the dispute is upheld (the correction and the moves stand) or
rejected (the log stands; nothing moves)."""

RULING = "ruling"
"""Reason of the ``adjustment`` ledger rows a ruling records."""


def preview_ruling(db: Database, dispute_id: int, *, decision: str,
                   actions: list[str] | None = None) -> dict:
    """What a ruling would change, judged in memory; READ-ONLY (one read transaction: no
    write lock, nothing written).

    :param decision: ``"upheld"`` or ``"rejected"``.
    :param actions: the disputed hand's corrected live actions (list of CONTRACT.md action
        strings), or None (no correction).
    :returns: ``{"dispute": get_dispute, "hand": number, "voided": [{"event_id",
        "action"}], "added": [str], "hands": [{"number", "before": entry, "after": entry,
        "changed": bool}] (the disputed hand and every later one), "players": [{"player_id",
        "name", "seat", "chips_before", "chips_after", "net_before", "net_after", "move"}],
        "moves": [{"player_id", "name", "chips"}], "reopens": bool, "closes_again": bool,
        "refusal": None | {"code", "params", "message"}}``. ``entry`` is the referee's hand
        entry (CONTRACT.md 4); chips are the referee's stacks after the night's last hand;
        net is ``counted + adjustments - bought`` in chips when counted, else None.
    :raises StoreError: ``no_dispute``; a refusal :func:`record_ruling` would raise is
        returned in ``refusal`` instead.
    """
    raise NotImplementedError


def record_ruling(db: Database, dispute_id: int, *, decision: str, rule: str, note: str = "",
                  actions: list[str] | None = None, entered_by: str, key: str | None = None) -> int:
    """Record the host's ruling on a dispute, in one write transaction (see the module doc).

    :returns: the ruling id.
    :raises StoreError: ``no_dispute``, ``already_ruled``, ``bad_decision``, ``rule_empty``,
        ``awards_unknown``, ``pushes_unbalanced``, ``action_empty``, ``action_too_long``,
        ``key_reused``; nothing written on a refusal.
    """
    raise NotImplementedError


def night_settlements(db: Database, night_id: int) -> list[dict]:
    """Every settlement of the night, one per close (voided ones included), oldest first.

    :returns: ``[{"close_id", "entered_at", "voided": bool, "void_reason", "transfers":
        [{"payer_id", "payer", "payee_id", "payee", "cents"}], "nets": {player_id:
        cents}}]``.
    """
    raise NotImplementedError
