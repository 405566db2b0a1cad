"""Nights the club does not see yet: an uploaded file's night while it is written in pieces,
and one whose import was refused part-way (issue 25, "uploads in pieces").

A night's ``import_state`` (m019) is NULL for every night the club sees; :data:`IMPORTING`
while ``store.files.import_pieces`` writes it, one short write transaction at a time;
:data:`FAILED` when a later piece was refused (its rows are kept: the log is append-only).
Such a night is left out of every list (:func:`shown`) and is no night to any read of it
by id (``store.night.nights.get_night`` answers ``no_night``: the pages' 404), except to
the import writing it, inside :func:`writing` (in this thread or task only: a context
variable, as ``store.core.transactions.recorded_at``).
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar

IMPORTING = "importing"
"""``nights.import_state`` while the night is being written in pieces."""

FAILED = "failed"
"""``nights.import_state`` of a night a later piece of its import refused: invisible for ever."""

_WRITING: ContextVar[int | None] = ContextVar("night_being_imported", default=None)
"""The id of the night the import in this thread or task is writing (None: none)."""


def shown(alias: str = "nights") -> str:
    """SQL on the nights table (or its alias ``alias``): a night the club sees (its import,
    if it was imported in pieces, finished)."""
    return f"NOT EXISTS (SELECT 1 FROM nights i WHERE i.id = {alias}.id AND i.import_state IS NOT NULL)"


def visible(night_id: int, import_state: str | None) -> bool:
    """Whether a night whose ``import_state`` is given is read here: every night the club
    sees, and the night the import inside :func:`writing` writes."""
    return import_state is None or _WRITING.get() == night_id


@contextlib.contextmanager
def writing(night_id: int):
    """Inside, the reads of this thread or task see night ``night_id`` although its import
    has not finished (:func:`visible`): the import's own writes check the night they write
    to as every write does (``store.night.nights.require_open`` ...)."""
    token = _WRITING.set(night_id)
    try:
        yield
    finally:
        _WRITING.reset(token)
