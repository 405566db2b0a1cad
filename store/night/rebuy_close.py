"""The close's answer to the rebuys still waiting (issue 28, a fresh tester): a request the
host never answered does not vanish at the close, nor come back on a reopen. The close
answers each one ``closed`` (declined because the night closed), in its own write
transaction. Kept apart from ``store.night.rebuy_requests`` (which buys in through
``store.money.ledger``) so the close can call it without an import circle; that module
re-exports it.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.transactions import utc_now

CLOSED = "closed"
"""The answer the close gives a request still waiting: declined because the night closed."""


def decline_at_close(db: Database, night_id: int, close_id: int, *, closed_by: str) -> int:
    """Answer every request of the night still waiting :data:`CLOSED` (append-only
    ``rebuy_answers`` rows: ``answered_by`` who closed the night, ``ledger_id`` the close's
    ledger entry, the why). Call inside the close's write transaction
    (``store.money.ledger.close_night``).

    :param close_id: the id of the ``close`` ledger entry just written.
    :param closed_by: who closed the night (``"host:<username>"``, ``"cli"``, ...).
    :returns: how many requests were answered.
    """
    return _answer_waiting(db, night_id, CLOSED, close_id, closed_by)


def decline_on_leave(db: Database, night_id: int, player_id: int, unseat_id: int, *, left_by: str) -> int:
    """Answer the player's requests still waiting ``declined`` when the player leaves the
    table (a second fresh tester of issue 28: a request stayed on *Juego* with Accept and
    Decline for a player who had gone, and accepting it was refused): append-only
    ``rebuy_answers`` rows, ``answered_by`` who let the player leave, ``ledger_id`` the
    ``unseat`` entry. Call inside the unseat's write transaction
    (``store.night.nights.unseat``).

    :returns: how many requests were answered.
    """
    return _answer_waiting(db, night_id, "declined", unseat_id, left_by, player_id)


def _answer_waiting(db: Database, night_id: int, answer: str, ledger_id: int, answered_by: str,
                    player_id: int | None = None) -> int:
    """Answer ``answer`` every request of the night still waiting (only ``player_id``'s when
    given), each an append-only ``rebuy_answers`` row naming the ledger entry that answered
    it; returns how many."""
    mine = "AND r.player_id = ? " if player_id is not None else ""
    return db.execute(
        "INSERT INTO rebuy_answers (request_id, night_id, answer, ledger_id, answered_by, answered_at) "
        f"SELECT r.id, r.night_id, ?, ?, ?, ? FROM rebuy_requests r WHERE r.night_id = ? {mine}"
        "AND NOT EXISTS (SELECT 1 FROM rebuy_answers a WHERE a.request_id = r.id) ORDER BY r.id",
        [answer, ledger_id, answered_by, utc_now(), night_id,
         *([player_id] if player_id is not None else [])]).rowcount
