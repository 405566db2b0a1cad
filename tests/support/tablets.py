"""A night with its first hand, a tablet link issued, and a tap sent as the tablet sends it."""

from __future__ import annotations

import store
import store.account.accounts
import store.core.transactions


def night_with_first_hand(db, case: dict) -> tuple[int, dict]:
    """A night seated as a session file ``case`` (its rules, players, stacks bought in) with
    the case's first hand logged and ended: ``(night id, player id by name)``."""
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    ids = {}
    for p in case["players"]:
        ids[p["name"]] = store.add_player(db, p["name"])
        store.seat_player(db, night_id, ids[p["name"]], p["seat"], entered_by="test")
        store.buy_in(db, night_id, ids[p["name"]], p["stack"], entered_by="test")
    hand_id = store.start_hand(db, night_id, button=case["hands"][0]["button"], entered_by="test")
    for i, action in enumerate(case["hands"][0]["actions"]):
        store.append_action(db, hand_id, action, entered_by="test", key=f"k-{i}")
    store.end_hand(db, hand_id, entered_by="test")
    return night_id, ids


def dealer_token(db, night_id: int, label: str | None = None) -> str:
    """Issue a dealer (tablet) link for the night (``store.issue_dealer_link``, as the host
    does on the night page) and return its token."""
    return store.issue_dealer_link(db, night_id, label, issued_by="test")[1]


def dealer_url(db, night_id: int, label: str | None = None) -> str:
    """The base path of a newly issued dealer link: ``/dealer/<night>/<token>`` (add ``/``,
    ``/state`` or ``/tap``)."""
    return f"/dealer/{night_id}/{dealer_token(db, night_id, label)}"


def tap_as_seen(client, base: str, body: dict):
    """POST one tap to ``base + "/tap"`` the way the tablet sends it: what it saw of the
    table (``GET base/state`` now) fills what the body leaves out: ``version`` (the hand's
    version) for actions, ends and undos, ``event_id`` (the entry an undo voids now) for an
    undo, ``after_hand`` (the last hand seen) for the next hand. Returns the response."""
    body = dict(body)
    op = body.get("op", "action")
    if ("version" not in body and op != "start_hand") or (op == "undo" and "event_id" not in body) \
            or (op == "start_hand" and "after_hand" not in body):
        seen = client.get(base + "/state").get_json() or {}
        if op == "start_hand":
            body.setdefault("after_hand", seen.get("hand_id"))
        else:
            body.setdefault("version", seen.get("version"))
        if op == "undo":
            body.setdefault("event_id", (seen.get("undo") or {}).get("event_id"))
    return client.post(base + "/tap", json=body)
