"""Voiding the start of the hand in progress, as the host's night page asks it: by the
night, not by the hand (``web.night.views.void_hand``)."""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import write_tx
from store.hand.events import void_hand_start
from store.hand.rows import current_hand


def void_current_start(db: Database, night_id: int, *, reason: str, entered_by: str,
                       key: str | None = None) -> None:
    """Void the start of the night's hand in progress (:func:`store.hand.events.void_hand_start`:
    only while nothing is logged in it), in one write transaction.

    :raises StoreError: ``no_hand_to_void`` (no hand is in progress: checked first);
        then ``void_hand_start``'s refusals (nothing written).
    """
    with write_tx(db):
        hand_id = current_hand(db, night_id)
        if hand_id is None:
            raise StoreError("no_hand_to_void")
        void_hand_start(db, hand_id, reason=reason, entered_by=entered_by, key=key)
