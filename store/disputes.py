"""Disputes: a player contests a hand they were dealt into (issue 12).

A dispute is an append-only ``disputes`` row (``store.db`` m008): the hand, the player,
their statement, who entered it (``player:<id>``) and when. Its status follows from the
``rulings`` table: ``open`` while no ruling names it, else the ruling's decision
(``upheld`` | ``rejected``). Reads here take no write lock.

The rule: Robert's Rules of Poker, "Irregularities": a player may ask for a ruling on a
hand; "Showdown": "Any player who has been dealt in may request to see any called hand"
-- so a player may contest only a hand they were dealt into.
"""

from __future__ import annotations

from sqlite_utils import Database

from .db import StoreError

MAX_STATEMENT = 1000
"""Longest statement of a dispute (characters, after trimming)."""


def open_dispute(db: Database, hand_id: int, player_id: int, statement: str, *,
                 key: str | None = None) -> int:
    """A player contests a hand: one ``disputes`` row (append-only), in one write transaction.

    Allowed on a closed night (a ruling reopens it). Statement trimmed; 1..:data:`MAX_STATEMENT`
    characters.

    :param hand_id: the live hand contested.
    :param player_id: the player contesting; must have been dealt into the hand
        (:func:`store.handrows.hands_dealt_in`).
    :param key: idempotency key: the same key for the same hand and player returns the
        first dispute's id.
    :returns: the dispute id.
    :raises StoreError: ``no_hand`` (no such live hand), ``not_dealt_in`` (name, number),
        ``statement_empty``, ``statement_too_long`` (limit, length), ``dispute_open``
        (dispute_id: an open dispute by that player on that hand), ``key_reused``.
    """
    raise NotImplementedError


def get_dispute(db: Database, dispute_id: int) -> dict:
    """One dispute with its ruling, read-only.

    :returns: ``{"id", "night_id", "hand_id", "hand_number", "player_id", "player",
        "statement", "entered_at", "status": "open"|"upheld"|"rejected", "ruling": None |
        {"id", "decision", "rule", "note", "entered_by", "entered_at", "moves":
        [{"player_id", "name", "chips"}], "voided": [{"event_id", "action"}], "added":
        [{"event_id", "action"}], "reopened", "closed_again", "close_refused"}}``; chips
        ints, times ISO-8601 UTC.
    :raises StoreError: ``no_dispute`` (dispute).
    """
    raise NotImplementedError


def night_disputes(db: Database, night_id: int) -> list[dict]:
    """The night's disputes (:func:`get_dispute` dicts), oldest first. Read-only."""
    raise NotImplementedError


def open_disputes(db: Database, night_id: int) -> list[dict]:
    """The night's disputes with no ruling yet (status ``open``), oldest first. Read-only."""
    raise NotImplementedError


def player_disputes(db: Database, player_id: int) -> list[dict]:
    """A player's disputes across nights (:func:`get_dispute` dicts), oldest first: the
    phone page. Read-only."""
    raise NotImplementedError


def ruling_moves(db: Database, night_id: int) -> dict[int, int]:
    """The chips live rulings of the night moved: ``{player_id: chips}`` (ints, summing to
    0), from the ``adjustment`` ledger rows of reason ``"ruling"`` not voided. Read-only;
    for the cash-out counts (``store.counts``) and the pages."""
    raise NotImplementedError
