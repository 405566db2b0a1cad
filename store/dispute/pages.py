"""What a dispute's pages read (``web.dispute.views`` says it), each in one read transaction:
the player's dispute of one hand (the phone) and the host's dispute with its ruling form
and preview. Card hiding for the player is the replayer's (``store.hand.replayer``).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.disputes import get_dispute, player_disputes
from store.dispute.ruling_modes import default_mode, mode_history, ruling_mode
from store.dispute.rulings import hand_moves, preview_digest, preview_ruling
from store.hand.events import hand_actions, hand_check
from store.hand.replayer import player_rulings
from store.hand.rows import get_hand, hand_row, hands_dealt_in
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
                      actions: list[str] | None = None, mode: str | None = None) -> dict | None:
    """The host's dispute page, in one read: ``{"dispute": store.get_dispute, "night":
    store.get_night, "players": the night's table, "live": the hand's live actions (not
    voided, in log order: the text the host corrects), "findings": the hand's findings
    (``store.hand_check``), "preview": store.preview_ruling of ``decision`` and ``actions``
    (None when they are the hand's own live actions), or None (no ``preview`` asked, or
    the dispute is ruled already), "digest": :func:`store.dispute.rulings.preview_digest` of
    it or None, "mode": how the ruling is settled now (``store.dispute.ruling_modes.ruling_mode``)
    or None, "mode_history": its ``ruling_mode`` rows (``mode_history``), "default_mode":
    the ruling form's default (:func:`store.dispute.ruling_modes.default_mode` for the chips
    an upheld ruling of the hand as logged moves), "mode_open": whether the mode can still
    change (the night is open)}``; None when there is no such dispute. Read-only.

    :param mode: how the previewed ruling is settled (``"table"`` or ``"money"``), or None
        (the default)."""
    with read_tx(db):
        try:
            dispute = get_dispute(db, dispute_id)
        except StoreError:
            return None
        live = [a["action"] for a in hand_actions(db, dispute["hand_id"]) if not a["voided"]]
        shown = None
        if preview and dispute["status"] == "open":
            shown = preview_ruling(db, dispute_id, decision=decision, actions=None if actions == live else actions,
                                   mode=mode or None)
        ruling = dispute.get("ruling")
        night = get_night(db, dispute["night_id"])
        return {"dispute": dispute, "night": night,
                "mode": ruling_mode(db, ruling["id"]) if ruling else None,
                "mode_history": mode_history(db, ruling["id"]) if ruling else [],
                "default_mode": _default(db, dispute) if dispute["status"] == "open" else None,
                "mode_open": not night["closed"],
                "players": table_players(db, dispute["night_id"]), "live": live,
                "findings": hand_check(db, dispute["hand_id"]).get("findings", []),
                "preview": shown, "digest": None if shown is None else preview_digest(shown)}


def _default(db: Database, dispute: dict) -> str:
    """The ruling form's default mode for an open dispute: for the chips an upheld ruling
    of the hand as logged moves (none known: the players of no move)."""
    hand = hand_row(db, dispute["hand_id"])
    try:
        moves = hand_moves(db, hand, hand_check(db, hand["id"]))
    except StoreError:
        moves = {}
    return default_mode(db, hand["night_id"], moves)
