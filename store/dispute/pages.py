"""What a dispute's pages read (``web.dispute.views`` says it), each in one read transaction:
the player's dispute of one hand (the phone) and the host's dispute with its ruling form
and preview. Card hiding for the player is the replayer's (``store.hand.replayer``).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.disputes import get_dispute, player_disputes
from store.dispute.rulings import preview_digest, preview_ruling
from store.hand.events import hand_actions, hand_check
from store.hand.replayer import player_rulings
from store.hand.rows import get_hand, hands_dealt_in
from store.night.nights import get_night, table_players


def player_dispute_page(db: Database, hand_id: int, player_id: int) -> dict | None:
    """The player's dispute page of one hand, in one read: ``{"hand": store.get_hand,
    "night": store.get_night, "disputes": the player's disputes of the hand (oldest first;
    the rulings' cards hidden as the player may see them:
    ``store.hand.replayer.player_rulings``)}``; None when the player was not dealt into the
    hand (another night's hand, a hand they sat out and a hand that does not exist look the
    same). Read-only."""
    with read_tx(db):
        try:
            hand = get_hand(db, hand_id)
        except StoreError:
            return None
        seat = next((p["seat"] for p in table_players(db, hand["night_id"]) if p["player_id"] == player_id), None)
        if hand_id not in hands_dealt_in(db, hand["night_id"], player_id, seat):
            return None
        mine = [d for d in player_disputes(db, player_id) if d["hand_id"] == hand_id]
        return {"hand": hand, "night": get_night(db, hand["night_id"]),
                "disputes": player_rulings(db, hand_id, player_id, mine)}


def host_dispute_page(db: Database, dispute_id: int, *, preview: bool = False, decision: str = "",
                      actions: list[str] | None = None) -> dict | None:
    """The host's dispute page, in one read: ``{"dispute": store.get_dispute, "night":
    store.get_night, "players": the night's table, "live": the hand's live actions (not
    voided, in log order: the text the host corrects), "findings": the hand's findings
    (``store.hand_check``), "preview": store.preview_ruling of ``decision`` and ``actions``
    (None when they are the hand's own live actions), or None (no ``preview`` asked, or
    the dispute is ruled already), "digest": :func:`store.dispute.rulings.preview_digest` of
    it or None}``; None when there is no such dispute. Read-only."""
    with read_tx(db):
        try:
            dispute = get_dispute(db, dispute_id)
        except StoreError:
            return None
        live = [a["action"] for a in hand_actions(db, dispute["hand_id"]) if not a["voided"]]
        shown = None
        if preview and dispute["status"] == "open":
            shown = preview_ruling(db, dispute_id, decision=decision, actions=None if actions == live else actions)
        return {"dispute": dispute, "night": get_night(db, dispute["night_id"]),
                "players": table_players(db, dispute["night_id"]), "live": live,
                "findings": hand_check(db, dispute["hand_id"]).get("findings", []),
                "preview": shown, "digest": None if shown is None else preview_digest(shown)}
