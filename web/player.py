"""A player's private page on the phone: ``GET /p/<token>``.

The token (``store.issue_token``: ``secrets.token_urlsafe(32)``, revocable by the host) is
the only key: the page shows that one player's nights, buy-ins, cash-outs, net per night
(chips and money in integer cents, written as the page's language writes numbers) and the
running total with a small chart, one of each per currency (money in two currencies is
never added up or drawn on one line), and every hand
they played with its findings (``store.player_ledger``; cards nobody showed hidden, as on
the player's replay: :func:`hidden_findings`), said in the page's language by the
referee's templates (``web.i18n.say_finding``), a "Dispute this hand" link on each
(``web.disputes``) with the status and ruling of the player's own disputes beside it,
and the player's own cash-out count when
it differs from the referee's stack (``store.counts``; never another player's). Reading
takes no write lock (``store.db.read_tx``). Nothing in the URL names another
player, so no other player's private data is reachable; an unknown or revoked token is a
plain 404, the same answer as for a token that never existed.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

import store
from store.db import read_tx
from store.hidden import redact_finding, redact_text
from store.replays import player_hand_seat, visible_cards

from . import i18n
from .dealer import get_db
from .payments import player_settle_context

bp = Blueprint("player", __name__, url_prefix="/p")
bp.record_once(lambda state: i18n.init_app(state.app))

CHART_W, CHART_H, CHART_PAD = 320, 120, 8
"""Size of the running-total chart (SVG user units)."""


def chart_points(totals: list[int]) -> dict:
    """SVG geometry of a running-total line chart.

    :param totals: the running total (int, cents) after each night, oldest first.
    :returns: ``{"points": "x,y x,y ...", "zero_y": float, "dots": [(x, y, total)]}``
        within a ``CHART_W`` x ``CHART_H`` box; an empty list gives no points.

    >>> chart_points([0, 100])["points"]
    '8.0,112.0 312.0,8.0'
    """
    if not totals:
        return {"points": "", "zero_y": CHART_H / 2, "dots": []}
    low, high = min(min(totals), 0), max(max(totals), 0)
    span = (high - low) or 1
    step = (CHART_W - 2 * CHART_PAD) / max(len(totals) - 1, 1)

    def y(value: int) -> float:
        return round(CHART_PAD + (high - value) * (CHART_H - 2 * CHART_PAD) / span, 1)

    dots = [(round(CHART_PAD + i * step, 1), y(v), v) for i, v in enumerate(totals)]
    return {"points": " ".join(f"{x},{yy}" for x, yy, _ in dots), "zero_y": y(0), "dots": dots}


def currency_charts(nights: list[dict]) -> dict[str, dict]:
    """One running-total chart per currency: money in two currencies never shares a line.

    :param nights: ``store.player_ledger(...)["nights"]`` (oldest first; ``currency`` and
        ``running_cents`` (int, cents) each).
    :returns: ``{currency: chart_points(totals of that currency's nights)}``, in the order
        the currencies first appear.

    >>> list(currency_charts([{"currency": "EUR", "running_cents": 5},
    ...                       {"currency": "MXN", "running_cents": 7}]))
    ['EUR', 'MXN']
    """
    totals: dict[str, list[int]] = {}
    for night in nights:
        totals.setdefault(night["currency"], []).append(night["running_cents"])
    return {currency: chart_points(values) for currency, values in totals.items()}


def disputes_by_hand(disputes: list[dict], player_id: int) -> dict[int, list[dict]]:
    """The player's disputes (``store.player_disputes``) by hand id, each with ``own_move``:
    the chips its ruling moved to (+) or from (-) this player (None before a ruling), so
    the ledger names nobody else (the dispute page shows every move by name).

    >>> disputes_by_hand([{"hand_id": 4, "ruling": {"moves": [{"player_id": 1, "chips": -75},
    ...                   {"player_id": 2, "chips": 75}]}}], 2)[4][0]["own_move"]
    75
    """
    out: dict[int, list[dict]] = {}
    for dispute in disputes:
        ruling = dispute.get("ruling")
        own = None if not ruling else sum(m["chips"] for m in ruling.get("moves", [])
                                          if m["player_id"] == player_id)
        out.setdefault(dispute["hand_id"], []).append({**dispute, "own_move": own})
    return out


def hidden_findings(db, hand_id: int, player_id: int, findings: list[dict]) -> list[dict]:
    """A hand's findings as the player may read them: cards nobody showed hidden, except
    the player's own, as on their replay (``store.replays.visible_cards``,
    ``store.hidden.redact_finding``). Read-only."""
    if not findings:
        return findings
    seat = player_hand_seat(db, hand_id, player_id)
    visible = visible_cards(db, hand_id, seat) if seat is not None else set()
    return [redact_finding(f, visible) for f in findings]


def hidden_rulings(disputes: list[dict], visible: set[str]) -> list[dict]:
    """The player's disputes with every card they may not see (not in ``visible``:
    ``store.replays.visible_cards``) hidden in the ruling's rule, note and correction, as
    on their replay (``store.hidden.redact_text``)."""
    out = []
    for d in disputes:
        r = d.get("ruling")
        if r:
            r = {**r, "rule": redact_text(r["rule"], visible), "note": redact_text(r["note"], visible),
                 "voided": [{**a, "action": redact_text(a["action"], visible)} for a in r.get("voided", [])],
                 "added": [{**a, "action": redact_text(a["action"], visible)} for a in r.get("added", [])]}
        out.append({**d, "ruling": r})
    return out


def player_for(db, token: str) -> int:
    """The player a private link opens, else the 404 of the player pages (unknown, revoked
    or malformed token: the same answer as for a token never issued)."""
    if not 20 <= len(token) <= 100:
        abort(404)
    player_id = store.player_for_token(db, token)
    if player_id is None:
        abort(404)
    return player_id


@bp.get("/<token>")
def ledger(token: str):
    """The player's ledger page (HTML, made for a 360 px wide phone)."""

    db = get_db()
    player_id = player_for(db, token)
    with read_tx(db):
        data = store.player_ledger(db, player_id)
        disputes = disputes_by_hand(store.player_disputes(db, player_id), player_id)
        for night in data.get("nights", []):
            for hand in night.get("hands", []):
                hand["findings"] = hidden_findings(db, hand["hand_id"], player_id, hand["findings"])
        for hand_id, mine in disputes.items():
            if any(d.get("ruling") for d in mine):
                seat = player_hand_seat(db, hand_id, player_id)
                disputes[hand_id] = hidden_rulings(mine, visible_cards(db, hand_id, seat) if seat is not None else set())
    nights = data.get("nights", [])
    for night in nights:
        # the player by name, everyone else by seat (no other player is named on this page)
        names = {night["seat"]: data["player"]["name"]} if night.get("seat") is not None else {}
        for hand in night.get("hands", []):
            hand["findings"] = i18n.say_findings(hand["findings"], names)
        night["count_findings"] = i18n.say_findings(night.get("count_findings", []), names)
    response = render_template("player/ledger.html", ledger=data, nights=nights, token=token,
                               disputes=disputes, charts=currency_charts(nights), chart_w=CHART_W,
                               chart_h=CHART_H, settle=player_settle_context(db, player_id))
    return response, 200, {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                           "X-Robots-Tag": "noindex"}
