"""Rebuys asked from the phone (issue 28): a player's link asks for chips; the host (or a
tablet, where the host allowed it for the night) accepts or declines the request with one
tap.

- A request (``rebuy_requests``, append-only) names the player, the chips and who asked
  (``"player:<id>"``: the link's player, never the request's word for it). One pending
  request per player and night.
- Its one answer (``rebuy_answers``, append-only, unique per request): ``accepted`` (with
  the buy-in it made), ``declined``, ``withdrawn`` by the player, or ``closed``: still
  waiting when the night closed, answered by the close (``store.night.rebuy_close``).
- An accepted request is a buy-in (``store.money.ledger.buy_in``: its checks, its place in
  the night's keyed chain) whose ``detail`` names the request and who asked, entered by who
  accepted it; made while a hand is in progress it counts from the next hand, as every
  rebuy does (Robert's Rules of Poker, section 3, table stakes; seed 000: «Tampoco puede
  nadie aumentar su resto, una vez vistas sus cartas iniciales.»).
- Whether the night's tablets may answer requests (a money write from a link without a
  login) is the host's choice for the night: a ``tablet_rebuys`` row of ``night_marks``,
  withdrawn by a ``void`` row naming it (:func:`set_tablet_rebuys`).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import MAX_CHIPS, StoreError, chip_amount
from store.core.records import keyed_write
from store.core.transactions import utc_now, write_tx
from store.hand.table_view import table_view
from store.money.bank import live_entries
from store.money.ledger import buy_in
from store.night.dealer_links import entered_by
from store.night.nights import get_night, night_players, require_open
from store.night.rebuy_close import CLOSED, decline_at_close  # noqa: F401 (re-exported: the close calls it)
from store.night.rebuy_reads import tablet_mark, tablet_rebuys
from store.player.players import get_player

ANSWERS = ("accepted", "declined", "withdrawn", CLOSED)
"""How a request ends (``closed``: declined by the night's close, :func:`decline_at_close`)."""


def _pending_row(db: Database, night_id: int, player_id: int):
    return db.execute(
        "SELECT r.id, r.chips FROM rebuy_requests r WHERE r.night_id = ? AND r.player_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM rebuy_answers a WHERE a.request_id = r.id) ORDER BY r.id DESC LIMIT 1",
        [night_id, player_id]).fetchone()


def _sat(db: Database, night_id: int, player_id: int) -> None:
    """Refuse a player who never sat at the night (``no_night``: their link does not reach it,
    the same answer as for a night that does not exist)."""
    get_night(db, night_id)
    if db.execute("SELECT 1 FROM seats WHERE night_id = ? AND player_id = ? LIMIT 1", [night_id, player_id]).fetchone() is None:
        raise StoreError("no_night", night=night_id)


def _seated(db: Database, night_id: int, player_id: int) -> dict:
    _sat(db, night_id, player_id)
    row = next((p for p in night_players(db, night_id) if p["player_id"] == player_id), None)
    if row is None:
        raise StoreError("not_seated", name=get_player(db, player_id)["name"])
    return row


def ask_rebuy(db: Database, night_id: int, player_id: int, chips: object, *, key: str | None = None) -> int:
    """A player asks for ``chips`` more from their phone.

    :param chips: chips asked (int, 1 to ``store.core.checks.MAX_CHIPS``; together with the
        chips bought tonight at most ``MAX_CHIPS``, the night's bound on one player).
    :param key: idempotency key: a repeated submit stores one request.
    :returns: the request's id.
    :raises StoreError: ``not_whole`` / ``too_large`` (the amount); ``no_night`` (no such
        night, or one the player never sat at); ``night_closed``; ``not_seated`` (name: they left); ``rebuy_request_pending`` (chips: the one already waiting);
        ``bought_too_many`` (name, bought, chips, max); ``key_reused``. Nothing is written
        on a refusal.
    """
    chips = chip_amount(chips, low=1)
    with keyed_write(db, "rebuy_requests", key, None,
                     {"night_id": night_id, "player_id": player_id, "chips": chips}) as found:
        if found is not None:
            return found
        require_open(db, night_id)
        player = _seated(db, night_id, player_id)
        pending = _pending_row(db, night_id, player_id)
        if pending is not None:
            raise StoreError("rebuy_request_pending", chips=pending[1])
        bought = sum(e["chips"] for e in live_entries(db, night_id, "buy_in") if e["player_id"] == player_id)
        if bought + chips > MAX_CHIPS:
            raise StoreError("bought_too_many", name=player["name"], bought=bought, chips=chips, max=MAX_CHIPS)
        return db.execute("INSERT INTO rebuy_requests (night_id, player_id, chips, asked_by, asked_at, key) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          [night_id, player_id, chips, f"player:{player_id}", utc_now(), key]).lastrowid


def answer_rebuy(db: Database, night_id: int, request_id: int, answer: str, *, answered_by: str,
                 by_tablet: bool = False, key: str | None = None) -> dict:
    """Accept or decline a pending request, in one write transaction: an accepted one is
    the player's buy-in (``store.money.ledger.buy_in``, entered by ``answered_by``, its
    ``detail`` ``{"rebuy_request": id, "asked_by": "player:<id>"}``).

    :param answer: ``"accepted"`` or ``"declined"``.
    :param answered_by: who answers (``"host:<username>"``, ``"dealer:<label>"``).
    :param by_tablet: the answer comes from a dealer link: refused unless the host allowed
        the night's tablets to answer (:func:`tablet_rebuys`).
    :returns: ``{"answer": str, "name": str, "chips": int, "ledger_id": int | None}``.
    :raises StoreError: ``no_rebuy_request`` (not this night's); ``rebuy_request_answered``
        (name, answer: it was answered already); ``tablet_rebuys_off``; ``night_closed``;
        ``buy_in``'s refusals (``not_seated``, ``bought_too_many``); ``key_reused``.
        Nothing is written on a refusal.
    """
    if answer not in ("accepted", "declined"):
        raise ValueError(f"answer must be 'accepted' or 'declined', not {answer!r}")
    with keyed_write(db, "rebuy_answers", key, None, {"request_id": request_id, "answer": answer}) as found:
        if found is not None:
            row = db.execute("SELECT a.answer, p.name, r.chips, a.ledger_id FROM rebuy_answers a JOIN rebuy_requests r "
                             "ON r.id = a.request_id JOIN players p ON p.id = r.player_id WHERE a.id = ?",
                             [found]).fetchone()
            return {"answer": row[0], "name": row[1], "chips": row[2], "ledger_id": row[3]}
        require_open(db, night_id)
        if by_tablet and not tablet_rebuys(db, night_id):
            raise StoreError("tablet_rebuys_off")
        request = db.execute("SELECT r.player_id, r.chips, r.asked_by, p.name FROM rebuy_requests r JOIN players p "
                             "ON p.id = r.player_id WHERE r.id = ? AND r.night_id = ?", [request_id, night_id]).fetchone()
        if request is None:
            raise StoreError("no_rebuy_request")
        player_id, chips, asked_by, name = request
        done = db.execute("SELECT answer FROM rebuy_answers WHERE request_id = ?", [request_id]).fetchone()
        if done is not None:
            raise StoreError("rebuy_request_answered", name=name, answer=done[0])
        ledger_id = None
        if answer == "accepted":
            ledger_id = buy_in(db, night_id, player_id, chips, entered_by=answered_by,
                               detail={"rebuy_request": request_id, "asked_by": asked_by})
        _answer(db, night_id, request_id, answer, answered_by, key, ledger_id)
        return {"answer": answer, "name": name, "chips": chips, "ledger_id": ledger_id}


def withdraw_rebuy(db: Database, night_id: int, player_id: int, *, key: str | None = None) -> int:
    """The player takes back their pending request (from the phone).

    :returns: the answer row's id.
    :raises StoreError: ``no_rebuy_request`` (none pending); ``no_night`` (no such night, or
        one the player never sat at); ``night_closed``; ``key_reused``.
    """
    with write_tx(db):
        if key is not None:
            row = db.execute("SELECT a.id, r.player_id, a.answer FROM rebuy_answers a JOIN rebuy_requests r "
                             "ON r.id = a.request_id WHERE a.key = ?", [key]).fetchone()
            if row is not None:
                if row[1] != player_id or row[2] != "withdrawn":
                    raise StoreError("key_reused", key=key)
                return row[0]
        require_open(db, night_id)
        _sat(db, night_id, player_id)
        pending = _pending_row(db, night_id, player_id)
        if pending is None:
            raise StoreError("no_rebuy_request")
        return _answer(db, night_id, pending[0], "withdrawn", f"player:{player_id}", key, None)


def _answer(db: Database, night_id: int, request_id: int, answer: str, answered_by: str, key: str | None,
            ledger_id: int | None) -> int:
    return db.execute("INSERT INTO rebuy_answers (request_id, night_id, answer, ledger_id, answered_by, answered_at, key) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      [request_id, night_id, answer, ledger_id, answered_by, utc_now(), key]).lastrowid


def set_tablet_rebuys(db: Database, night_id: int, on: bool, *, entered_by: str, key: str | None = None) -> bool:
    """Allow (``on``) or stop the night's tablets answering rebuy requests: a
    ``tablet_rebuys`` mark, or a ``void`` of the live one. Said twice, nothing more is written.

    :returns: True when a row was written.
    :raises StoreError: ``night_closed``; ``key_reused``.
    """
    kind = "tablet_rebuys" if on else "void"
    with keyed_write(db, "night_marks", key, kind, {"night_id": night_id}) as found:
        if found is not None:
            return False
        require_open(db, night_id)
        mark = tablet_mark(db, night_id)
        if (mark is not None) == on:
            return False
        row = {"night_id": night_id, "kind": kind, "entered_by": entered_by, "entered_at": utc_now(), "key": key}
        if not on:
            row["target"] = mark[0]
        db["night_marks"].insert(row)
        return True


def tablet_answer(db: Database, night_id: int, link: dict, request_id: int, answer: str, *,
                  key: str | None = None) -> dict:
    """A tablet's answer to a request (:func:`answer_rebuy` with ``by_tablet``: refused unless
    the host allowed it), entered by the tablet's link (``store.night.dealer_links.entered_by``),
    then the table the tablet draws, read after the write is committed.

    :param link: the tablet's live link (``store.night.dealer_links.dealer_link_for``).
    :returns: ``{"done": answer_rebuy's answer, "view": store.hand.table_view.table_view}``.
    :raises StoreError: as :func:`answer_rebuy` (nothing written).
    """
    done = answer_rebuy(db, night_id, request_id, answer, answered_by=entered_by(link), by_tablet=True, key=key)
    return {"done": done, "view": table_view(db, night_id, cached_check=True)}
