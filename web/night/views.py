"""The host's night pages: a new night (rules, time zone and start, chip value as cents per
N chips), players and seats (seat + first buy-in in one transaction; a player leaving),
buy-ins and rebuys, the next hand (and voiding a start made by mistake), cash-outs and
recounts, closing the night (the bank difference's resolution by its sign; fewest transfers
or everyone with one player; refused while a dispute is open unless the host gives a
reason), the night's disputes (each linking its ruling page, ``web.dispute.views``), the
tablets' links (issued, shown once, revoked: ``store.night.dealer_links``) and the players'
private links.

Access: a host logs in with a username and password (``web.account.views``: server-side sessions
that logout and a password change revoke, idle and absolute expiry, login limits kept in
the database; the first visit sets up the account with a one-time code). Player links
(``/p/<token>``) never open these pages. Every form carries an idempotency key, so a
double submit is stored once (``store`` writes are idempotent on ``key``).

Storage errors (``store.StoreError``) are shown to the host, nothing stored: the common
refusals (those with a ``code``: seat taken, hand in progress, night closed, key reused,
nothing to undo, duplicate name ...) in the page's language (:func:`web.core.refusals.refusal_text`), the
rest as the store says them.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import lru_cache
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, available_timezones

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

import referee
import store
from store.hand.start_void import void_current_start
from store.money.chip_entries import buy_in_stack, cash_out_named, recount_named, seat_between_hands
from store.night.night_page import night_page
from store.night.setup import buy_in_everyone, count_and_close, nights_page, record_counts, seat_last_night
from store.night.shown_links import issue_dealer_link_page, issue_player_link_page
from store.player.player_links import revoke_link as revoke
from store.player.player_links import revoke_player_links
from web.account.views import add_routes, current_actor, host_required
from web.core import i18n
from web.core.db import get_db
from web.core.forms import (
    MAX_NAME,
    MAX_NUMBER,
    MAX_REASON,
    MAX_TITLE,
    choice_field,
    currency_field,
    form_key,
    new_form_key,
    text_field,
)
from web.core.forms import field_label as _field_label
from web.core.forms import int_field as _int
from web.core.qr import qr_svg
from web.core.refusals import refusal_text
from web.night import night_form
from web.night.table_links import tablet_panel
from web.night.stages import form_stage, stage_for, stage_page, stage_url

bp = Blueprint("host", __name__, url_prefix="/host")


add_routes(bp)


@bp.get("/")
@host_required
def index():
    """The nights, newest first, and the form for a new night."""

    return _index_page()


def _index_page(refusal: str | None = None, refused: str | None = None) -> str:
    """The nights and the new-night form (its preset and house rules those of the last real
    night, ``store.night.setup.last_rules``, as its default buy-in); after a refusal (``refusal``: its message in the
    page's language; ``refused``: the form field it names, or None) the form as the host
    sent it (``request.form``), that field marked and the folded part open when something
    in it was set or refused."""
    club_tz = current_app.config.get("CLUB_TIMEZONE", DEFAULT_TIMEZONE)
    if club_tz not in _zone_names():
        club_tz = DEFAULT_TIMEZONE
    page = nights_page(get_db())
    entered = request.form if refusal is not None else night_form.form_values(page["last_rules"])
    chosen = entered.get("preset") if entered.get("preset") in referee.PRESETS else next(iter(referee.PRESETS))
    circular = night_form.circular_notes()
    return render_template("night/index.html", nights=page["nights"],
                           circular=circular, circular_now=night_form.circular_note(circular, chosen, entered),
                           presets=night_form.presets(), basic=night_form.groups(advanced=False),
                           advanced=night_form.groups(advanced=True), key=new_form_key(), club_tz=club_tz,
                           timezones=_timezones(club_tz), preset_words=night_form.preset_words(),
                           entered=entered, chosen=chosen, refusal=refusal, refused=refused,
                           more_open=night_form.opens_more(entered, refused), field_label=_field_label,
                           last_buy_in=page["last_buy_in"],
                           now_local=datetime.now(ZoneInfo(club_tz)).strftime("%Y-%m-%dT%H:%M"))


DEFAULT_TIMEZONE = "Europe/Madrid"
"""The club's time zone unless the config says ``CLUB_TIMEZONE``."""


@lru_cache(maxsize=1)
def _zone_names() -> tuple[str, ...]:
    """The IANA zone names of regions (no ``Etc/``), sorted; read once."""
    return tuple(sorted(z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/"))))


def _timezones(club_tz: str) -> list[str]:
    """The IANA zones for the new-night form, the club's first."""
    return [club_tz] + [z for z in _zone_names() if z != club_tz]


def zone_field(default: str) -> str:
    """The form's time zone (``timezone``), else ``default`` (the import form's "": the
    file's own): an IANA name (``store.core.times.zone``).

    :raises night_form.FieldRefused: (of ``timezone``) no such zone, said in the page's
        language (the store's ``unknown_timezone``)."""
    name = night_form.named("timezone", lambda: text_field("timezone", 64)) or default
    try:
        if name:
            store.core.times.zone(name)
    except store.StoreError as exc:
        raise night_form.FieldRefused(refusal_text(exc), "timezone") from None
    return name


def _started_at(raw: str, tz_name: str, *, empty_ok: bool = False) -> datetime | None:
    """The form's ``datetime-local`` value, read as a local time in the zone ``tz_name``
    (the form's zone: the new-night form's, or the import's as resolved with the file's),
    as a naive datetime; None when the form has no start field at all (a client that leaves
    it out: the store takes the current time), or, with ``empty_ok``, when it is empty (the
    import form: empty means the file's own start).

    A local time the autumn's repeated hour makes ambiguous (02:30 on the last Sunday of
    October in Europe/Madrid happens twice) is the first of the two (``fold=0``: the
    summer-time one, as a clock on the wall reads it first).

    :raises ValueError: a start that is not a date and time (``yesterday``); the field
        sent empty (a browser sends a ``datetime-local`` it cannot read, a date half
        typed, as empty: refused, never replaced by the current time); a start before
        :data:`store.night.nights.EARLIEST_START` or more than a year after now (the one place
        for the bounds: ``store.night.nights.start_in_bounds``); a local time that does not
        exist in the zone (the spring's skipped hour: 2026-03-29 02:30 in Europe/Madrid,
        where the clocks jump from 02:00 to 03:00). The message names the field by its
        label, in the page's language.
    :raises store.StoreError: ``tz_name`` is no time zone (code ``unknown_timezone``)."""
    raw = raw.strip()
    if not raw and (empty_ok or "started_at" not in request.form):
        return None
    try:
        when = datetime.fromisoformat(raw.replace(" ", "T")).replace(tzinfo=None, fold=0)
    except ValueError:
        raise ValueError(_("%(field)s: write a date and time (2026-03-14 21:00).",
                           field=_field_label("started_at"))) from None
    tz = store.core.times.zone(tz_name)
    if not store.night.nights.start_in_bounds(when, tz):
        raise ValueError(_("%(field)s: a night starts on 1 January 2000 or later, and at most a year from now.",
                           field=_field_label("started_at")))
    if when.replace(tzinfo=tz).astimezone(timezone.utc).astimezone(tz).replace(tzinfo=None) != when:
        raise ValueError(_("%(field)s: %(time)s does not exist in %(zone)s (the clocks jump forward at that "
                           "hour): choose another time.", field=_field_label("started_at"),
                           time=when.strftime("%Y-%m-%d %H:%M"), zone=tz_name))
    return when


@bp.post("/nights")
@host_required
def new_night():
    """Open a night: the preset and the house rules the host set (``web.night.night_form``: only
    those stored as overrides), the chip value (typed as money, ``chip_value``: int cents,
    ``web.night.night_form.chip_value``), zone, start, title and default buy-in
    (chips, optional: prefilled from the last night's, ``store.night.setup.last_buy_in``)
    (``store.create_night``, which refuses rules no hand can be played with:
    ``store.night.nights.playable``). A refusal answers 400 with the form as the host filled
    it, the message at the top and the field it names marked (nothing stored): so a refusal
    makes two store calls, the write refused and then the page's list of nights."""

    named = night_form.named
    try:
        rules = night_form.read_rules()
        fields = {"chip_cents": night_form.chip_value(),
                  "chips_per": named("chips_per", lambda: _int("chips_per", required=False, low=1)) or 1,
                  "currency": named("currency", currency_field),
                  "timezone": zone_field(current_app.config.get("CLUB_TIMEZONE", DEFAULT_TIMEZONE)),
                  "title": named("title", lambda: text_field("title", MAX_TITLE)) or None,
                  "buy_in": named("buy_in", lambda: _int("buy_in", required=False, low=1))}
        fields["started_at"] = named("started_at", lambda: _started_at(text_field("started_at", 40),
                                                                        fields["timezone"]))
        night_id = store.create_night(get_db(), rules=rules, key=form_key(), **fields)
    except ValueError as exc:  # StoreError is a ValueError
        return _index_page(refusal_text(exc), night_form.refused_field(exc)), 400
    return redirect(stage_url(night_id, "table"))


@bp.get("/night/<int:night_id>")
@host_required
def night(night_id: int):
    """The night: a redirect to the stage that fits its moment (``web.night.stages.stage_for``:
    the table before the first hand, the play while hands go on, the counts once someone
    counted, the payments once closed); the query string (``?lang=en``) kept."""

    page = night_page(get_db(), night_id)
    if page is None:
        abort(404)
    query = request.query_string.decode("ascii", "replace")
    return redirect(stage_url(night_id, stage_for(page)).split("#")[0] + (f"?{query}" if query else ""))


@bp.get("/night/<int:night_id>/<any(table, play, close, pay):stage>")
@host_required
def night_stage(night_id: int, stage: str):
    """One stage of the night (``stage``: a key of ``web.night.stages.STAGES``): read-only."""
    return stage_page(stage, night_page(get_db(), night_id))


def _night_answer(page: dict | None):
    """The table stage from what the store read (``store.night.night_page.night_page``), as a
    POST's answer that shows something once (a new link); 404 for None (no such night)."""
    return stage_page("table", page)


@bp.post("/night/<int:night_id>/dealer-links")
@host_required
def issue_dealer_link(night_id: int):
    """Issue a tablet (dealer) link for the night, named by the host's ``label`` (default
    "Tablet N"). The link is shown once, in this POST's answer (the night page), never
    in a cookie; only its hash is kept. A repeated submit (same form key) issues nothing
    new and says so. No such night: 404 (``no_night``, before the label is read)."""
    try:
        issued = issue_dealer_link_page(
            get_db(), night_id, request.form.get("label", ""), issued_by=current_actor(), key=form_key(),
            default_label=_("Tablet %(n)s", n="%(n)s"))
    except ValueError as exc:  # StoreError included
        if getattr(exc, "code", None) == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
        return redirect(stage_url(night_id, "table", "tablet-links"))
    link_id, token = issued["link_id"], issued["token"]
    if token is None:
        flash(_("That tablet link was already issued: it is shown only once. Revoke it and issue a "
                "new one if it was lost."), "error")
        return redirect(stage_url(night_id, "table", "tablet-links"))
    g.new_dealer_link = tablet_panel(night_id, link_id, token)  # its URL and QR
    return _night_answer(issued["page"])


@bp.post("/night/<int:night_id>/dealer-links/<int:link_id>/revoke")
@host_required
def revoke_dealer_link(night_id: int, link_id: int):
    """Revoke one of the night's tablet links: the tablet's next request is refused (404)."""
    try:
        if link_id > MAX_NUMBER or night_id > MAX_NUMBER:
            raise store.StoreError("no_dealer_link")
        fresh = store.revoke_dealer_link(get_db(), link_id, revoked_by=current_actor(), night_id=night_id)
        flash(_("Tablet link revoked.") if fresh else _("That tablet link was already revoked."), "ok")
    except store.StoreError as exc:
        flash(refusal_text(exc), "error")
    return redirect(stage_url(night_id, "table", "tablet-links"))


def _write(night_id: int, do, done: str | None = None, *, stage: str = "table", section: str | None = None):
    """Run one store write; flash its error (nothing stored), or ``done`` when given, and go
    back to the form's stage (its ``stage`` field, else ``stage``: ``web.night.stages``) at
    its ``section``, never to the top of another page."""
    try:
        do(get_db())
    except ValueError as exc:  # StoreError included
        flash(refusal_text(exc), "error")
    else:
        if done:
            flash(done, "ok")
    return redirect(stage_url(night_id, form_stage(stage), section))


@bp.post("/night/<int:night_id>/seat")
@host_required
def seat(night_id: int):
    """Seat a player (new to the club or not) and record the first buy-in, in one
    transaction (``store.money.chip_entries.seat_between_hands``); refused whole while a hand
    is in progress (said after the form's own refusals: its fields are read first). Says
    who was seated.""" 

    said: list[str] = []

    def do(db):
        name = text_field("name", MAX_NAME, required=True)
        seat_between_hands(db, night_id, name, _int("seat", low=1), _int("chips", required=False),
                           entered_by=current_actor(), key=form_key())
        said.append(_("Seated: %(names)s.", names=name))

    response = _write(night_id, do, section="seating")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/unseat")
@host_required
def unseat(night_id: int):
    """A player leaves the table (between hands), with the reason."""

    return _write(night_id, lambda db: store.unseat(
        db, night_id, _int("player_id"), reason=text_field("reason", MAX_REASON), entered_by=current_actor(),
        key=form_key()), stage="play", section="unseat")


@bp.post("/night/<int:night_id>/void-hand")
@host_required
def void_hand(night_id: int):
    """Void the start of the hand in progress when nothing was logged in it yet
    (``store.hand.start_void.void_current_start``; no hand in progress is said after the
    reason's own refusal)."""

    return _write(night_id, lambda db: void_current_start(
        db, night_id, reason=text_field("reason", MAX_REASON), entered_by=current_actor(), key=form_key()),
        stage="play", section="counts" if form_stage("play") == "close" else "hand")


@bp.post("/night/<int:night_id>/buy-in")
@host_required
def buy_in(night_id: int):
    """A buy-in or rebuy (chips) for a seated player; says so with the stack it makes (the
    night page shows it in the stacks at once: ``store.hand.table_view``). Taken while a
    hand is in progress, it counts from the next hand (the store decides:
    ``store.money.ledger.buy_in``), and the answer says so."""

    said = []

    def do(db):
        player_id, chips = _int("player_id"), _int("chips", low=1)
        bought = buy_in_stack(db, night_id, player_id, chips, entered_by=current_actor(), key=form_key())
        if bought["in_play"] is not None:
            said.append(_("Buy-in recorded: %(name)s +%(chips)s; hand %(number)s is in play: the chips count "
                          "from hand %(next)s.", name=bought["name"], chips=i18n.chips(chips),
                          number=bought["in_play"], next=bought["in_play"] + 1))
        else:
            said.append(_("Buy-in recorded: %(name)s +%(chips)s; stack now %(stack)s.",
                          name=bought["name"], chips=i18n.chips(chips), stack=i18n.chips(bought["stack"])))

    response = _write(night_id, do, stage="table", section="rebuys" if form_stage("table") == "play" else "buy-ins")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/hand")
@host_required
def start_hand(night_id: int):
    """Start the next hand: the button moves on unless a seat is given; stacks carry."""

    return _write(night_id, lambda db: store.start_hand(
        db, night_id, button=_int("button", required=False, low=1), entered_by=current_actor(),
        key=form_key()), stage="play", section="hand")


@bp.post("/night/<int:night_id>/cash-out")
@host_required
def cash_out(night_id: int):
    """Record the chips a player counted out with at the end; says so ("Chips recorded:
    Bruno 108.")."""

    def do(db):
        player_id, chips = _int("player_id"), _int("chips")
        name = cash_out_named(db, night_id, player_id, chips, entered_by=current_actor(), key=form_key())
        said.append(_("Chips recorded: %(name)s %(chips)s.", name=name, chips=i18n.chips(chips)))

    said: list[str] = []
    response = _write(night_id, do, stage="close", section="counts")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/recount")
@host_required
def recount(night_id: int):
    """Correct a player's count: voids the earlier one (reason "recount"), records the new;
    says so with the count it replaced ("Recount recorded: Bruno 88 (before 108).")."""

    def do(db):
        player_id, chips = _int("player_id"), _int("chips")
        counted = recount_named(db, night_id, player_id, chips, entered_by=current_actor(), key=form_key())
        name, before = counted["name"], counted["before"]
        said.append(_("Recount recorded: %(name)s %(chips)s (before %(before)s).", name=name,
                      chips=i18n.chips(chips), before=i18n.chips(before)) if before is not None
                    else _("Chips recorded: %(name)s %(chips)s.", name=name, chips=i18n.chips(chips)))

    said: list[str] = []
    response = _write(night_id, do, stage="close", section="counts")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/pot-handed-back")
@host_required
def pot_handed_back(night_id: int):
    """The host states that the pot carried after the last hand was handed back to the
    players' stacks before they counted (``store.pot_handed_back``: a ledger entry with
    who and when, voidable): the bank then counts it once, inside the counts."""

    return _write(night_id, lambda db: store.pot_handed_back(db, night_id, entered_by=current_actor(),
                                                             key=form_key()),
                  _("Noted: the carried pot was handed back to the players before the count."),
                  stage="close", section="money")


@bp.post("/night/<int:night_id>/close")
@host_required
def close(night_id: int):
    """Close the night: the bank difference's resolution (by its sign: charge an excess or
    credit a shortage to one player, split it, or a recount), and the settlement: the
    fewest transfers, or everyone with one player (``hub_player_id``). While a dispute is
    open the store refuses (code ``dispute_open``) unless the host gives a reason to close
    anyway (``override_reason``, kept in the close's detail). The form's ``pot`` choice
    (``in_counts``: the carried pot was handed back before the count) is passed to the
    store, which decides the bank (``store.night.setup.count_and_close``). A refusal answers
    400 with the counts' stage as the host filled it (every count kept) and the refusal
    beside the close button; nothing stored."""

    try:
        resolution = choice_field("resolution", store.money.ledger.RESOLUTIONS)
        override = text_field("override_reason", MAX_REASON) or None
        if request.form.get("confirm") != "1":  # the page asks first; a bare POST must say so too
            raise ValueError(_("Closing the night was not confirmed: tick the box to confirm."))
        charge = _int("charge_player_id", required=False)
        hub = _int("hub_player_id", required=False)
        count_and_close(get_db(), night_id, _counts(), entered_by=current_actor(), resolution=resolution,
                        charge_player_id=charge, mode="hub" if hub else "fewest", hub_player_id=hub,
                        key=form_key(), override_reason=override, pot_in_counts=_pot_in_counts())
    except ValueError as exc:  # StoreError included
        return _counts_refused(night_id, exc, "close")
    return redirect(stage_url(night_id, "pay", "settled"))


def _pot_in_counts() -> bool:
    """The counts' form says the carried pot was handed back to the players before they
    counted (its ``pot`` field is ``in_counts``; ``in_middle`` or none: it was not)."""
    return request.form.get("pot") == "in_counts"


def _counts_refused(night_id: int, exc: ValueError, at: str):
    """The counts' stage again after a refused counts' form, as the host filled it (400):
    every count typed kept, the refusal in the page's language beside the button pressed
    (``at``: ``"counts"`` or ``"close"``). 404 for no such night."""
    if getattr(exc, "code", None) == "no_night":
        abort(404)
    return stage_page("close", night_page(get_db(), night_id), entered=request.form,
                      refusal=refusal_text(exc), refused_at=at), 400


def _counts() -> dict[int, int]:
    """The counts form's fields (``count-<player_id>``: chips, empty: not given), as
    ``{player_id: chips}`` in the form's order.

    :raises ValueError: a field that is not a player id, or a count that is not a whole
        number (the message names the field)."""
    counts: dict[int, int] = {}
    for name in request.form:
        if name.startswith("count-"):
            player = name.removeprefix("count-")
            if not (player.isascii() and player.isdigit()) or int(player) > MAX_NUMBER:
                raise ValueError(_("No such player at this table."))
            chips = _int(name, required=False)
            if chips is not None:
                counts[int(player)] = chips
    return counts


@bp.post("/night/<int:night_id>/counts")
@host_required
def counts(night_id: int):
    """Every player's count from one form (``count-<player_id>`` fields; empty: not
    counted yet), in one transaction (``store.night.setup.record_counts``: a first count,
    a recount where it differs, nothing where it is the same; with the form's ``pot``
    choice, :func:`_pot_in_counts`); back to the counts. A refusal answers 400 with the
    form as filled (:func:`_counts_refused`)."""

    try:
        stored = record_counts(get_db(), night_id, _counts(), entered_by=current_actor(), key=form_key(),
                               pot_in_counts=_pot_in_counts())
    except ValueError as exc:  # StoreError included
        return _counts_refused(night_id, exc, "counts")
    flash(ngettext("%(num)s count recorded.", "%(num)s counts recorded.", len(stored)), "ok")
    return redirect(stage_url(night_id, "close", "counts"))


@bp.post("/night/<int:night_id>/seat-last")
@host_required
def seat_last(night_id: int):
    """The last night's players in their seats, in one tap (``store.night.setup.seat_last_night``)."""

    def do(db):
        names = seat_last_night(db, night_id, entered_by=current_actor(), key=form_key())
        said.append(_("Seated: %(names)s.", names=", ".join(names)))

    said: list[str] = []
    response = _write(night_id, do, section="seating")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/buy-in-all")
@host_required
def buy_in_all(night_id: int):
    """Everyone seated without a buy-in buys in ``chips`` (prefilled with the night's default
    buy-in), in one tap (``store.night.setup.buy_in_everyone``)."""

    def do(db):
        chips = _int("chips", low=1)
        names = buy_in_everyone(db, night_id, chips, entered_by=current_actor(), key=form_key())
        said.append(_("Buy-in recorded: %(names)s, %(chips)s each.", names=", ".join(names),
                      chips=i18n.chips(chips)))

    said: list[str] = []
    response = _write(night_id, do, section="buy-ins")
    if said:
        flash(said[0], "ok")
    return response


@bp.post("/night/<int:night_id>/void-entry")
@host_required
def void_entry(night_id: int):
    """Void one of the night's buy-ins, rebuys, cash-outs or adjustments (``store.void_entry``:
    a ``void`` entry with the reason, who and when; nothing deleted; an entry of another
    night is refused as no such entry)."""

    def do(db):
        entry_id = _int("entry_id", low=1)
        reason = text_field("reason", MAX_REASON)
        if not reason:
            raise ValueError(_("Say why the entry is voided."))
        store.void_entry(db, entry_id, reason=reason, entered_by=current_actor(), key=form_key(),
                         night_id=night_id)   # (another night's entry: no_entry, "No such entry in this night.")

    return _write(night_id, do, _("Entry voided."), section="entries")


@bp.post("/night/<int:night_id>/reopen")
@host_required
def reopen(night_id: int):
    """Reopen a closed night, with the reason (``store.reopen_night``: voids the close and its
    adjustments; the settlement is made again at the next close)."""

    def do(db):
        reason = text_field("reason", MAX_REASON)
        if not reason:
            raise ValueError(_("Say why the night is reopened."))
        store.reopen_night(db, night_id, reason=reason, entered_by=current_actor())

    return _write(night_id, do, _("Night reopened."), stage="close", section="counts")


@bp.post("/player/<int:player_id>/link")
@host_required
def issue_link(player_id: int):
    """Issue a private link for a player; shown once to the host (only a hash is kept), in
    this POST's answer: the night page with the link on top (never in the session cookie),
    in a panel that names the player, with copy and share buttons (``static/money/share.js``)
    and its QR code (``web.core.qr.qr_svg``)."""

    night_id = _night_back()
    try:
        if player_id > MAX_NUMBER:
            raise store.StoreError("no_player", player=player_id)
        if not night_id:
            raise ValueError(_("Open the night to issue a link."))
        issued = issue_player_link_page(get_db(), night_id, player_id)
    except ValueError as exc:  # StoreError included: no such night or player
        flash(refusal_text(exc), "error")
    else:
        url = url_for("player.ledger", token=issued["token"], _external=True)
        name = issued["name"]
        g.new_link = {"player_id": player_id, "name": name, "url": url,
                      "qr": qr_svg(url, title=_("Private link of %(name)s", name=name))}
        return _night_answer(issued["page"])
    if night_id:
        return redirect(stage_url(night_id, "table", "private-links"))
    return redirect(url_for("host.index"))


@bp.post("/revoke")
@host_required
def revoke_link():
    """Revoke a player link: the host pastes the link (a URL, query and fragment included,
    a path, or the bare token: :func:`token_from_link`). A token never issued is an error
    ("nothing revoked"), never reported as revoked."""

    night_id = _night_back()
    token = token_from_link(request.form.get("link", ""))
    try:
        if token is None:
            raise ValueError("not a link")
        fresh = store.revoke_token(get_db(), token)  # raises for a link never issued
        flash(_("Link revoked.") if fresh else _("That link was already revoked."), "ok")
    except ValueError:  # StoreError included: no link was ever issued with that token
        flash(_("No private link matches what was pasted: nothing revoked."), "error")
    return _back(night_id)


def token_from_link(text: str) -> str | None:
    """The token of a pasted player link: a full URL (``…/p/<token>?lang=en#x``), a path,
    or the bare token. Query, fragment, spaces and a trailing slash are ignored.

    >>> token_from_link(" https://club.example/p/AbC_123-xyzAbC_123-xyz?lang=en#top ")
    'AbC_123-xyzAbC_123-xyz'
    >>> token_from_link("nonsense with spaces") is None
    True
    """

    text = (text or "").strip()
    parts = urlsplit(text)
    path = parts.path if (parts.scheme or text.startswith("/")) else text.split("?", 1)[0].split("#", 1)[0]
    segments = [s for s in path.split("/") if s]
    if "p" in segments and segments.index("p") + 1 < len(segments):
        candidate = segments[segments.index("p") + 1]
    else:
        candidate = segments[-1] if segments else ""
    if not 20 <= len(candidate) <= 100 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in candidate):
        return None
    return candidate


def _night_back() -> int | None:
    try:
        return _int("night_id", required=False)
    except ValueError:
        return None


def _back(night_id: int | None):
    """Back to the night's players' links (the table stage), else the nights."""
    if night_id:
        return redirect(stage_url(night_id, "table", "private-links"))
    return redirect(url_for("host.index"))


@bp.post("/player/<int:player_id>/links/<int:link_id>/revoke")
@host_required
def revoke_one_link(player_id: int, link_id: int):
    """Revoke one of a player's links (from the night page's list)."""

    night_id = _night_back()
    try:
        if player_id > MAX_NUMBER or link_id > MAX_NUMBER:
            raise ValueError
        revoke(get_db(), player_id, link_id)
        flash(_("Link revoked."), "ok")
    except ValueError:
        flash(_("That link is not a live link of this player."), "error")
    return _back(night_id)


@bp.post("/player/<int:player_id>/links/revoke-all")
@host_required
def revoke_all_links(player_id: int):
    """Revoke every live link of a player."""

    night_id = _night_back()
    count = revoke_player_links(get_db(), player_id) if player_id <= MAX_NUMBER else 0
    flash(ngettext("%(num)s link revoked.", "%(num)s links revoked.", count), "ok")
    return _back(night_id)
