"""The host's night pages: players and seats, buy-ins and rebuys, the next hand, cash-outs,
closing the night, the dealer's link and the players' private links.

Access: a host logs in with the club's host PIN (config ``HOST_PIN`` or the environment
variable ``TAPETE_HOST_PIN``; when neither is set a random 6-digit PIN is made at start-up
and written to the log), which sets a session cookie (SameSite=Lax). Player links
(``/p/<token>``) never open these pages. Every form carries an idempotency key, so a
double submit is stored once (``store`` writes are idempotent on ``key``).

Storage errors (``store.StoreError``) are shown to the host as they come, nothing stored.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import time
import uuid
from functools import wraps

from flask import (Blueprint, abort, current_app, flash, g, redirect, render_template, request,
                   session, url_for)
from flask_babel import gettext as _

from . import i18n
from .dealer import dealer_token, get_db, table_view

bp = Blueprint("host", __name__, url_prefix="/host")


@bp.record_once
def _setup(state) -> None:
    app = state.app
    i18n.init_app(app)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    if not app.config.get("HOST_PIN"):
        pin = os.environ.get("TAPETE_HOST_PIN")
        if not pin:
            pin = f"{secrets.randbelow(10**6):06d}"
            app.logger.warning("TAPETE_HOST_PIN not set: the host PIN for this run is %s", pin)
        app.config["HOST_PIN"] = pin


def host_required(view):
    """Run the view only for a host login; otherwise redirect to the PIN page."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        if not session.get("host"):
            return redirect(url_for("host.login", next=request.full_path))
        return view(*args, **kwargs)

    return wrapped


def _key() -> str:
    """A fresh idempotency key for a form."""
    return str(uuid.uuid4())


def _form_key() -> str | None:
    key = request.form.get("key", "")
    return key if 8 <= len(key) <= 100 else None


def _int(name: str, *, required: bool = True, low: int = 0) -> int | None:
    raw = request.form.get(name, "").strip()
    if not raw and not required:
        return None
    if not raw.isdigit() or int(raw) < low:
        raise ValueError(_("%(field)s must be a whole number of at least %(low)s.", field=name, low=low))
    return int(raw)


MAX_FAILURES, FAILURE_WINDOW_S = 5, 600
"""Wrong PINs allowed from one address within the window (seconds) before it must wait."""

_failures: dict[str, list[float]] = {}
_failures_lock = threading.Lock()


def _locked_out(address: str, *, failed: bool = False) -> bool:
    """Record a failure (``failed``) and say whether ``address`` has too many recent ones."""
    now = time.monotonic()
    with _failures_lock:
        recent = [t for t in _failures.get(address, []) if now - t < FAILURE_WINDOW_S]
        if failed:
            recent.append(now)
        _failures[address] = recent
        return len(recent) >= MAX_FAILURES


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The PIN page; a right PIN starts a host session. Five wrong PINs from one address
    within ten minutes lock that address out for the rest of the window (HTTP 429)."""
    error = None
    address = request.remote_addr or "?"
    if request.method == "POST" and _locked_out(address):
        return render_template("host/login.html", error=_("Too many wrong PINs: wait ten minutes.")), 429
    if request.method == "POST":
        pin = request.form.get("pin", "")
        if hmac.compare_digest(pin.encode(), str(current_app.config["HOST_PIN"]).encode()):
            session.clear()
            session["host"] = True
            target = request.args.get("next") or url_for("host.index")
            if not target.startswith("/") or target.startswith("//"):
                target = url_for("host.index")
            return redirect(target)
        _locked_out(address, failed=True)
        error = _("Wrong PIN.")
    return render_template("host/login.html", error=error), (401 if error else 200)


@bp.post("/logout")
def logout():
    """End the host session."""
    session.clear()
    return redirect(url_for("host.login"))


@bp.get("/")
@host_required
def index():
    """The nights, newest first, and the form for a new night."""
    import referee
    import store

    return render_template("host/index.html", nights=store.list_nights(get_db()),
                           presets=list(referee.PRESETS), key=_key())


@bp.post("/nights")
@host_required
def new_night():
    """Open a night: preset, ante, bet sizes (chips) and the chip value (cents)."""
    import store

    try:
        rules: dict = {"preset": request.form.get("preset", "jackpots")}
        for field in ("ante", "small_bet", "big_bet"):
            value = _int(field, required=False)
            if value is not None:
                rules[field] = value
        night_id = store.create_night(
            get_db(), rules=rules, chip_cents=_int("chip_cents", low=1),
            currency=request.form.get("currency", "EUR").strip().upper() or "EUR",
            title=request.form.get("title", "").strip() or None, key=_form_key())
    except ValueError as exc:  # StoreError is a ValueError
        flash(str(exc), "error")
        return redirect(url_for("host.index"))
    return redirect(url_for("host.night", night_id=night_id))


@bp.get("/night/<int:night_id>")
@host_required
def night(night_id: int):
    """The night: seats, stacks, buy-ins, the hand in progress or the next one, links."""
    import store

    db = get_db()
    try:
        info = store.get_night(db, night_id)
    except store.StoreError:
        abort(404)
    g.night_preset = info["rules_frozen"].get("preset")
    session_now = store.night_session(db, night_id)
    view = table_view(db, night_id, session_now, cached_check=True)
    summary = _summary(db, night_id)
    bought = {r["player_id"]: r["bought"] for r in (summary or {}).get("players", [])}
    seated = store.night_players(db, night_id)
    opening_next = _opening_next(db, view, info)
    return render_template(
        "host/night.html", night=info, view=view, seated=seated, bought=bought,
        opening_next=opening_next, club=store.list_players(db),
        dealer_url=url_for("dealer.hand_page", night_id=night_id, token=dealer_token(night_id),
                           _external=True),
        summary=summary, key=_key(), new_link=session.pop("new_link", None))


def _opening_next(db, view: dict, info: dict) -> str | None:
    """The opening minimum in force: the current hand's, else the next hand's (ladder)."""
    import store

    if view["in_progress"]:
        return view.get("opening")
    if view["hand_id"] is not None:
        checked = store.hand_check(db, view["hand_id"]) or {}
        if "next_opening" in checked:
            return checked["next_opening"]
    return info["rules_frozen"].get("opening")


def _summary(db, night_id: int) -> dict | None:
    import store

    try:
        return store.night_summary(db, night_id)
    except Exception:  # noqa: BLE001 - the summary is a courtesy on this page
        current_app.logger.exception("night_summary failed for night %s", night_id)
        return None


def _write(night_id: int, do):
    """Run one store write; flash its error (nothing stored) and go back to the night."""
    try:
        do(get_db())
    except ValueError as exc:  # StoreError included
        flash(str(exc), "error")
    return redirect(url_for("host.night", night_id=night_id))


@bp.post("/night/<int:night_id>/seat")
@host_required
def seat(night_id: int):
    """Seat a player (new to the club or not) and, optionally, record the first buy-in."""
    import store

    def do(db):
        name = request.form.get("name", "")
        seat_no = _int("seat", low=1)
        chips = _int("chips", required=False)
        key = _form_key()
        player_id = store.find_player(db, name)
        if player_id is None:
            player_id = store.add_player(db, name)
        store.seat_player(db, night_id, player_id, seat_no, entered_by="host",
                          key=key and key + ":seat")
        if chips:
            store.buy_in(db, night_id, player_id, chips, entered_by="host", key=key and key + ":buy")

    return _write(night_id, do)


@bp.post("/night/<int:night_id>/buy-in")
@host_required
def buy_in(night_id: int):
    """A buy-in or rebuy (chips) for a seated player."""
    import store

    return _write(night_id, lambda db: store.buy_in(
        db, night_id, _int("player_id"), _int("chips", low=1), entered_by="host", key=_form_key()))


@bp.post("/night/<int:night_id>/hand")
@host_required
def start_hand(night_id: int):
    """Start the next hand: the button moves on unless a seat is given; stacks carry."""
    import store

    return _write(night_id, lambda db: store.start_hand(
        db, night_id, button=_int("button", required=False, low=1), entered_by="host",
        key=_form_key()))


@bp.post("/night/<int:night_id>/cash-out")
@host_required
def cash_out(night_id: int):
    """Record the chips a player counted out with at the end."""
    import store

    return _write(night_id, lambda db: store.cash_out(
        db, night_id, _int("player_id"), _int("chips"), entered_by="host", key=_form_key()))


@bp.post("/night/<int:night_id>/close")
@host_required
def close(night_id: int):
    """Close the night (the settlement then comes from ``store.night_summary``)."""
    import store

    resolution = request.form.get("resolution") or None
    charge = _int("charge_player_id", required=False)
    return _write(night_id, lambda db: store.close_night(
        db, night_id, entered_by="host", resolution=resolution, charge_player_id=charge,
        key=_form_key()))


@bp.post("/player/<int:player_id>/link")
@host_required
def issue_link(player_id: int):
    """Issue a private link for a player; shown once to the host (only a hash is kept)."""
    import store

    night_id = _int("night_id", required=False)
    db = get_db()
    try:
        token = store.issue_token(db, player_id)
    except ValueError as exc:
        flash(str(exc), "error")
    else:
        session["new_link"] = {"player_id": player_id,
                               "url": url_for("player.ledger", token=token, _external=True)}
    if night_id:
        return redirect(url_for("host.night", night_id=night_id))
    return redirect(url_for("host.index"))


@bp.post("/revoke")
@host_required
def revoke_link():
    """Revoke a player link: the host pastes the link (or its token)."""
    import store

    night_id = _int("night_id", required=False)
    link = request.form.get("link", "").strip().rstrip("/")
    token = link.rsplit("/", 1)[-1]
    try:
        store.revoke_token(get_db(), token)
        flash(_("Link revoked."), "ok")
    except ValueError as exc:
        flash(str(exc), "error")
    if night_id:
        return redirect(url_for("host.night", night_id=night_id))
    return redirect(url_for("host.index"))
