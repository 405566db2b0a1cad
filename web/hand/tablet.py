"""The dealer's hand page (a 10-inch tablet) and its tap endpoint.

URLs (all behind a live dealer link of the night, ``store.night.dealer_links``, which the host
issues and revokes on the night page; a closed night answers 410 and says so):

- ``GET  /dealer/<night_id>/<token>/``: the hand page (HTML; the page logic is
  ``static/hand/tablet.js``, the tap queue ``static/hand/tapqueue.js``).
- ``GET  /dealer/<night_id>/<token>/state``: the table as JSON (:func:`table_view`).
- ``GET  /dealer/sw.js``: the tablet's service worker (``static/hand/sw.js``; public, no link
  needed): it keeps the hand page and its assets for a reload without connection.
- ``POST /dealer/<night_id>/<token>/tap``: one tap, JSON ``{"key": str, "op": "action",
  "hand_id": int, "version": int, "action": "p3 open 10"}`` (or ``"op": "undo"`` with
  ``"event_id"`` and ``"reason"``, ``"op": "end_hand"``, ``"op": "start_hand"`` with
  ``"after_hand"`` (the last hand id the tablet saw, or null) and optional ``"button"`` and
  ``"stacks"`` ``{seat: chips}``; ``"op": "forced_bets"``: everyone's forced chips the
  referee asks for, one line each, ``store.hand.operations.forced_bets``, with ``"events"``: how many
  lines the tablet showed (the view's ``forced``), refused 409 where the referee now asks
  for another count; ``"op": "finish_hand"``: the referee's award, the close and the next
  hand, ``store.hand.operations.finish_hand``, answered with ``"started_hand"`` (the hand it
  started, or null: none); ``"op": "hand_over"``: the award gap's "at the table" choice, the
  ``d move`` lines that hand a wrong push's chips back, appended to the last hand, closed,
  ``store.hand.operations.hand_over``, with ``"events"``: how many lines the tablet showed
  (the gap's ``lines``), refused 409 where the referee now asks for another count; all
  three with ``"hand_id"`` and ``"version"``); ``"op": "last_hand"`` with ``"on"`` (true: "última
  mano", the hand in progress or the next is the night's last, and its "confirm" ends the
  play, starting no other; false: taken back; ``store.night.last_hand``, no version). A show line with no card seen is refused
  (400). ``key`` is the client's idempotency key (8-100
  printable ASCII characters, else 400): the same key sent twice is stored once (``store``
  keeps writes idempotent on it), answered before any version check; a key already used for other content (another night, hand or action) is
  refused. ``version`` is the hand's version the tablet saw (``store.hand_version``: its
  events); a tap made on another version, a start after another hand started, an undo of
  an event that is not the hand's newest, or a tap for a finished hand is answered 409
  ``{"error", "stale": true}``, nothing stored (two tablets on one hand). Undo voids the
  event it names, which must be the hand's newest (``store.undo_target``, its ``end``
  included: the last hand reopens). Who entered a tap is the link's label
  (``"dealer:<label>"``), never the body's. The answer is the new :func:`table_view`
  plus ``event_id`` and ``notice`` (the referee's own ``out_of_turn`` finding on this
  action, TDA rule 53, in the page's language, or null). Every view's findings are said
  in the page's language by the referee's templates (:func:`said`). Bad input (numbers past
  :data:`MAX_NUMBER` too; an action line the store refuses before storing it,
  ``store.hand.events._readable``: unreadable by the referee's parser, a seat nobody takes
  tonight, a number past ``store.MAX_CHIPS``): HTTP 400 with ``{"error": message}`` in
  the page's language, nothing stored.

The view is thin: it reads the tap's body (:func:`_read_tap`), makes one store call
(``store.hand.operations.apply_tap``: the write, tried again while the database is locked,
and the table it leaves, read in one transaction) and says the answer in the page's
language (:func:`said`). No rule logic here: whose turn, the legal actions, findings and
awards come from ``referee.table_state`` and ``store.hand_check`` (``referee.check``); the
player verbs the page offers are the referee's (``referee.actions.TABLET_VERBS``).
"""

from __future__ import annotations

from functools import wraps

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    jsonify,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

import store
from referee.actions import PLAYER_VERBS, TABLET_VERBS
from referee.messages import card_face
from store.hand.operations import OPS, Tap, apply_tap, tap_context
from store.hand.table_view import MAX_FORCED, table_page, table_since
from store.night.dealer_links import tablet_access
from web.core import i18n
from web.core.csrf import generate_csrf
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, bad_characters, check_text, key_ok
from web.core.limits import MAX_JSON_BYTES, json_problem
from web.core.refusals import refusal_text, said_refusal
from web.night.night_form import rules_words

bp = Blueprint("dealer", __name__, url_prefix="/dealer")


AMOUNT_VERBS = tuple(sorted(verb for verb in TABLET_VERBS if PLAYER_VERBS[verb] == "amount"))
"""The verbs the page offers (the referee's ``referee.actions.TABLET_VERBS``: the one list of
player verbs, read here) that take a chip amount (a round total for open/bet/raise/blind,
CONTRACT.md 2)."""


def _small_int(value, low: int, high: int) -> bool:
    """True for an int (not a bool) with ``low <= value <= high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


# --- access -----------------------------------------------------------------------------

STALE = frozenset({"stale_version", "stale_hand", "hand_start_voided", "hand_finished", "undo_not_newest",
                   "forced_changed", "hand_over_changed"})
"""Refusals that mean the tablet's table is out of date: 409 ``"stale": true`` (the page
reloads the table and drops the later taps of that hand)."""


def dealer_required(view):
    """Let the view run only with a live dealer link of THIS night in the URL
    (``store.dealer_link_for``); else 404 (the same answer as for a night that does not
    exist, or a revoked link: at once). A closed night: the page says so (no table) and
    the state and taps answer 410 with a message. Sets ``g.dealer_link`` (``{"id",
    "label", "prefix"}``) and ``g.night_preset`` for the locale."""

    @wraps(view)
    def wrapped(night_id: int, token: str, **kwargs):
        access = tablet_access(get_db(), night_id, token) if night_id <= MAX_NUMBER else None
        if access is None:
            abort(404)
        g.night_preset = access["preset"]
        g.dealer_link = access["link"]
        if access["closed"]:
            message = _("Night %(n)s is closed: the tablet can no longer enter anything. The host "
                        "can reopen it.", n=night_id)
            if view.__name__ == "hand_page":
                return render_template("hand/tablet_closed.html", night_id=night_id, message=message), 410
            response = jsonify({"error": message, "closed": True})
            response.status_code = 410
            return response
        return view(night_id, token, **kwargs)

    return wrapped


# --- views ------------------------------------------------------------------------------

@bp.get("/sw.js")
def service_worker():
    """The tablet's service worker (``static/hand/sw.js``), served here so that its scope is
    the dealer's pages (``/dealer/``, ``Service-Worker-Allowed`` says so too): it keeps the
    hand page and its assets for a reload without connection. Public, like the static
    files (no secret in it); never cached by HTTP (``no-store``, ``web.core.security``), so a new
    version is picked up at the next load."""
    response = send_from_directory(current_app.static_folder, "hand/sw.js", mimetype="text/javascript",
                                   max_age=0)
    response.headers["Service-Worker-Allowed"] = url_for(".service_worker").rsplit("/", 1)[0] + "/"
    return response


@bp.get("/<int:night_id>/<token>/")
@dealer_required
def hand_page(night_id: int, token: str):
    """The dealer's hand page (HTML), the night's rules in words folded under its header
    (``web.night.night_form.rules_words``: the preset and the overrides the host set)."""

    page = table_page(get_db(), night_id)
    night = page["night"]
    return render_template(
        "hand/tablet.html", view=said(page["view"]), night_id=night_id,
        rules=night["rules_frozen"], rule_words=rules_words(night["rules"]),
        state_url=url_for(".state", night_id=night_id, token=token),
        tap_url=url_for(".tap", night_id=night_id, token=token),
        rebuy_url=url_for("rebuys.tablet_answers", night_id=night_id, token=token),
        strings=page_strings(), deck=page["deck"], faces={c: card_face(c) for c in [*page["deck"], "Jk"]},
        verbs=list(TABLET_VERBS), amount_verbs=list(AMOUNT_VERBS),
        lang=str(get_locale() or "es"), number=i18n.number_symbols(),
    )


@bp.get("/<int:night_id>/<token>/state")
@dealer_required
def state(night_id: int, token: str):
    """The table as JSON (:func:`table_view`, its findings said: :func:`said`), with
    ``csrf_token``: a valid token for the tablet's next taps (``web.core.csrf``; the page takes it
    after a tap was refused for its token).

    The tablet's session cookie (which holds its token) is signed anew on each answer: the
    page asks every 2 s while it is open, so an open tablet's cookie never grows older
    than the session lifetime (``PERMANENT_SESSION_LIFETIME``), however long the night.

    Conditional: the answer's ``ETag`` is the night's cheap version
    (``store.hand.table_view.table_stamp``: the newest row of its log, hands, ledger, seats,
    marks, disputes and rulings) with the page's language; a request whose
    ``If-None-Match`` holds it is answered 304, empty, without reading the table (a rebuy,
    a seat change or a new player changes it: the tablet shows them within 3 s)."""
    def tag(stamp: str) -> str:
        return f'"{stamp}.{get_locale() or "es"}"'

    stamp, view = table_since(get_db(), night_id, lambda s: tag(s) in request.headers.get("If-None-Match", ""))
    etag = tag(stamp)
    session.modified = True
    if view is None:   # nothing changed: 304, the table not read
        response = current_app.response_class(status=304)
        response.headers["ETag"] = etag
        return response
    view = said(view)
    view["csrf_token"] = generate_csrf()
    response = jsonify(view)
    response.headers["ETag"] = etag
    return response


@bp.post("/<int:night_id>/<token>/tap")
@dealer_required
def tap(night_id: int, token: str):
    """Store one tap idempotently on its ``key`` and answer with the new table (JSON): the
    body read here (:func:`_read_tap`), then one store call
    (``store.hand.operations.apply_tap``: the write and the table it leaves), said in the
    page's language (:func:`said`)."""

    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return _bad(_("The request must be a JSON object."))
    key = body.get("key")
    if not key_ok(key):
        return _bad(_("Each tap needs an idempotency key of 8-100 printable ASCII characters."))
    read = _read_tap(body, key)
    if isinstance(read, str):  # refused before touching the database
        return _bad(read)
    try:
        done = apply_tap(get_db(), night_id, g.dealer_link, read)   # the link's, never the body's
    except store.StoreError as exc:
        return _refused(exc)
    # (a busy or full database, store.Busy / store.DiskFull, is answered by web.core.errors:
    # 503 or 507 in words, nothing stored; the tablet's queue keeps the tap and sends it again)
    view = said(done["view"])
    view["event_id"] = done["event_id"]
    if read.op == "finish_hand":   # the hand it started (None: none), for the taps queued after it
        view["started_hand"] = done["started_hand"]
    view["notice"] = _notice_for(view, done["event_id"]) if read.op == "action" else None
    return jsonify(view)


def _refused(exc: store.StoreError):
    """A store refusal as the tap's answer: 409 ``{"error", "stale": true}`` for a tablet
    whose table is out of date (:data:`STALE`), else 400 ``{"error"}`` (a key used before
    for another tap: said as the tablet knows it, ``tap_key_reused``, not as a form)."""
    code = getattr(exc, "code", None)
    if code in STALE:
        response = jsonify({"error": refusal_text(exc), "stale": True})
        response.status_code = 409
        return response
    if code == "key_reused":
        return _bad(said_refusal("tap_key_reused") or refusal_text(exc))
    return _bad(refusal_text(exc))


@bp.after_request
def _name_the_tap(response):
    """A refused tap (a 4xx JSON answer of :func:`tap`, a refused CSRF token too, but not a
    link that does not work, 404) also says which tap it was, in words: ``"tap"``
    (:func:`tap_words`), so the tablet names it ("Bea pasa"), never by its notation. Only
    for a live link of the night (the names are the night's) and a body the JSON limits
    let through (``web.core.limits.json_problem``)."""
    if (request.endpoint != "dealer.tap" or not 400 <= response.status_code < 500
            or response.status_code == 404 or not response.is_json):
        return response
    args = request.view_args or {}
    night_id, token = args.get("night_id"), args.get("token")
    length = request.content_length
    if (response.status_code == 413 or length is None or length > MAX_JSON_BYTES
            or not isinstance(night_id, int) or night_id > MAX_NUMBER):
        return response   # a body too large is never read
    try:
        raw = request.get_data(cache=True)
    except HTTPException:
        return response
    if len(raw) > MAX_JSON_BYTES or json_problem(raw) is not None:
        return response
    data = response.get_json(silent=True)
    body = request.get_json(silent=True)
    if not isinstance(data, dict) or not isinstance(body, dict):
        return response
    event_id = body.get("event_id") if body.get("op") == "undo" else None
    context = tap_context(get_db(), night_id, None if g.get("dealer_link") else token,
                          event_id if _small_int(event_id, 1, MAX_NUMBER) else None)
    if context is None:
        return response
    try:
        words = tap_words(context, body)
    except (store.StoreError, TypeError, ValueError, KeyError):
        return response
    if words:
        data["tap"] = words
        response.set_data(jsonify(data).get_data())
    return response


def tap_words(context: dict, body: dict) -> str | None:
    """The tap ``body`` (as :func:`tap` takes it) said in words of the request's language, as
    the log's lines are (:func:`web.core.i18n.say_line`, the referee's sentence, with the names
    at the table): ``"Bea pasa"``, ``"Anular: Ana abre 10"``, ``"Cerrar la mano"``,
    ``"Mano siguiente"``; None for a tap that says nothing readable.

    :param context: ``store.hand.operations.tap_context`` (the night's players; the entry an
        undo names, when it is this night's).
    """
    op = body.get("op", "action")
    names = i18n.seat_names(context["players"])
    if op == "action":
        action = body.get("action")
        return i18n.say_line(action.strip(), names) if isinstance(action, str) and action.strip() else None
    if op == "start_hand":
        return _("Next hand")
    if op == "end_hand":
        return _("Close the hand")
    if op == "forced_bets":
        return _("Everyone puts in the ante")
    if op == "finish_hand":
        return _("Confirm and next hand")
    if op == "hand_over":
        return _("at the table: the dealer hands the chips over now")
    if op == "last_hand":
        return _("Last hand") if body.get("on") else _("Take back “last hand”")
    if op == "undo":
        event = context["event"]
        if event is None:
            return _("Undo")
        what = (i18n.say_line(event["action"], names) if event["kind"] == "action"
                else _("the close of hand %(n)s", n=event["number"]))
        return _("Undo: %(what)s", what=what)
    return None


def _read_tap(body: dict, key: str) -> Tap | str:
    """The tap ``body`` read into a ``store.hand.operations.Tap``: each field checked for
    its type and range; or the refusal (a message in the page's language) of the first
    field that is not."""

    op = body.get("op", "action")
    if op == "start_hand":
        if "after_hand" not in body:
            return _("The next hand must say the last hand the tablet saw: reload the table.")
        after = body["after_hand"]
        if after is not None and not _small_int(after, 1, MAX_NUMBER):
            return _("The last hand the tablet saw must be a hand's id, or none: reload the table.")
        button = body.get("button")
        if button is not None and not _small_int(button, 1, 10):
            return _("The button must be a seat number.")
        stacks = body.get("stacks")
        if stacks is not None:
            if not isinstance(stacks, dict) or not all(
                    isinstance(k, str) and k.isascii() and k.isdigit() and _small_int(v, 0, MAX_NUMBER)
                    for k, v in stacks.items()):
                return _("Stacks must be whole numbers of chips by seat.")
            stacks = {str(int(k)): v for k, v in stacks.items()} or None
        return Tap(op, key, after_hand=after, button=button, stacks=stacks)
    if not isinstance(op, str) or op not in OPS:
        return _("Unknown operation.")
    if op == "last_hand":
        if not isinstance(body.get("on"), bool):
            return _("“Last hand” must say whether it is said or taken back (true or false).")
        return Tap(op, key, on=body["on"])
    action = body.get("action")
    if op == "action":
        if not isinstance(action, str) or not action.strip() or len(action) > 200:
            return _("An action is a line of text such as “p3 open 10”.")
        if bad_characters(action):
            return _("An action cannot hold control or invisible characters.")
    version = body.get("version")
    if not _small_int(version, 0, MAX_NUMBER):
        return _("Each tap needs the version of the hand it was made on (a whole number).")
    reason, event_id = body.get("reason"), body.get("event_id")
    if op == "undo":
        if not isinstance(reason, str) or not reason.strip():
            return _("Undo needs a reason.")
        try:
            check_text(reason, "reason", 200)
        except ValueError as exc:
            return str(exc)
        if not _small_int(event_id, 1, MAX_NUMBER):
            return _("Undo must name the entry it undoes (its number): reload the table.")
    events = body.get("events")
    if op == "forced_bets" and events is not None and not _small_int(events, 1, MAX_FORCED):
        return _("Everyone's forced bets must say how many lines they store (a whole number): reload the table.")
    if op == "hand_over" and events is not None and not _small_int(events, 1, MAX_FORCED):
        return _("Handing the chips over must say how many lines it stores (a whole number): reload the table.")
    hand_id = body.get("hand_id")
    if hand_id is not None and not _small_int(hand_id, 1, MAX_NUMBER):
        return _("Each tap must name its hand by number (the hand's id): reload the table.")
    return Tap(op, key, version=version, hand_id=hand_id, action=action.strip() if op == "action" else None,
               event_id=event_id if op == "undo" else None, reason=reason.strip()[:200] if op == "undo" else None,
               events=events if op in ("forced_bets", "hand_over") else None)


def said(view: dict) -> dict:
    """The view with its findings said in the page's language by the referee's templates
    (:func:`web.core.i18n.say_finding`: ``label``, ``sentence``, ``rule_text``, ``number``),
    each log line's ``words`` (:func:`web.core.i18n.say_line`, the referee's sentence:
    ``"Íñigo abre 2"``; the tablet shows them, the line as written only as its title), each
    finding's ``action_words`` (the words of the action it is about, where it names one),
    the undo's ``text`` the same way, each seat's ``held_why`` (why its chips on the
    table differ from the referee's stack, ``i18n.say_table_differences``), and the award
    gap's ``words`` (its ``lines``, the chips the "at the table" tap hands over, said as the
    log says them), players by the names at the table."""
    names = {seat["seat"]: seat["name"] for seat in view.get("seats", [])}
    say_line = i18n.line_sayer(names)
    view["findings"] = i18n.say_findings(view.get("findings", []), names)
    for action in view.get("actions", []):
        action["words"] = say_line(action["action"])
    live = [a for a in view.get("actions", []) if not a["voided"]]
    for finding in view["findings"]:   # the action it is about (0-based among the live ones)
        index = finding.get("action")
        if isinstance(index, int) and 0 <= index < len(live):
            finding["action_words"] = live[index]["words"]
    undo = view.get("undo")
    if undo:
        undo["text"] = (say_line(undo["action"]) if undo["kind"] == "action"
                        else _("the close of hand %(n)s", n=view.get("hand")))
    for seat in view.get("seats", []):   # why the chips on the table differ from the referee's stack
        seat["held_why"] = i18n.say_table_differences(seat.get("differences"), names)
    gap = view.get("award_gap")
    if gap:   # the d move lines the "at the table" tap stores, in words
        gap["words"] = [say_line(line) for line in gap.get("lines", [])]
    for shown in (view.get("shown") or {}).values():   # each hand tabled, in the referee's words
        shown["words"] = i18n.say_hand(shown.get("category"), shown.get("ranks"))
    view["proposal_words"] = proposal_words(view, names)
    return view


def proposal_words(view: dict, names: dict) -> str | None:
    """The award proposal with each hand in words (issue 26): ``"Chema: full de ases, gana a
    Pepe: trío de reyes"``: the seats the referee's proposal pays (``proposed_awards``), each
    with the hand it tabled (``shown``, named by ``referee.messages.hand_name``), beating
    the other hands tabled; None where no seat it pays tabled a hand it can name (a pot won
    by folds). The verdict is the referee's; this only says it.

    :param names: seat (int) -> name.
    """
    proposal, shown = view.get("proposed_awards") or {}, view.get("shown") or {}
    winners = [seat for seat in sorted(proposal, key=int) if proposal[seat] > 0]

    def said_hand(seat: str) -> str | None:
        words = (shown.get(seat) or {}).get("words")
        name = names.get(int(seat)) or _("Seat %(seat)s", seat=seat)
        return _("%(name)s: %(hand)s", name=name, hand=words) if words else None

    won = [w for w in (said_hand(seat) for seat in winners) if w]
    if not won:
        return None
    lost = [w for w in (said_hand(seat) for seat in sorted(shown, key=int) if seat not in winners) if w]
    if not lost:
        return ", ".join(won)
    return _("%(winners)s, beats %(losers)s", winners=", ".join(won), losers=", ".join(lost))


def _notice_for(view: dict, event_id) -> str | None:
    """The referee's out-of-turn finding on the action just stored, said in the page's
    language by the referee's template from the finding's ``details`` (the seat that was
    to act, CONTRACT.md section 4), never from its English message; None when that action
    was in turn.

    :param view: :func:`table_view` (``actions``, ``findings``; ``seats`` for the names).
    :param event_id: the stored action's event (int).
    """
    live = [a for a in view["actions"] if not a["voided"]]
    index = next((i for i, a in enumerate(live) if a["event_id"] == event_id), None)
    if index is None:
        return None
    names = {seat["seat"]: seat["name"] for seat in view.get("seats", [])}
    for finding in view["findings"]:
        if finding.get("kind") == "out_of_turn" and finding.get("action") == index:
            return i18n.say_finding(finding, names)["sentence"]
    return None


def _bad(message: str):
    response = jsonify({"error": message})
    response.status_code = 400
    return response


def page_strings() -> dict:
    """The page's words for ``static/hand/tablet.js``, translated (seed 000/002 poker words):
    ``{name: str}``, ``verbs``/``phase``/``kinds`` ``{key: str}``, ``pending`` ``[one, many]``;
    ``%(name)s`` marks what the page fills in. The phases and the kinds' labels are the
    referee's words (the replay says the same)."""
    return {
        "verbs": {
            "check": _("Check"), "open": _("Open"), "bet": _("Bet"), "call": _("Call"),
            "raise": _("Raise"), "allin": _("All in"), "fold": _("Fold"),
            "draw": _("How many?"), "show": _("Show"), "muck": _("Muck"), "ante": _("Ante"),
            "blind": _("Blind"), "straddle": _("Double blind"), "split": _("Split openers"),
        },
        "seat": _("Seat %(seat)s"),
        "pending": [ngettext("%(n)s tap waiting to be sent", "%(n)s taps waiting to be sent", 1, n="%(n)s"),
                    ngettext("%(n)s tap waiting to be sent", "%(n)s taps waiting to be sent", 2, n="%(n)s")],
        "offline": _("No connection: taps are kept and sent when it is back."),
        "sent": _("All taps stored."),
        "phase": {**i18n.phase_headings(), "none": _("No hand yet")},
        "to_act": _("To act: %(who)s"),
        "nobody": _("nobody"), "button": _("Button (deals)"),
        "speaks": _("To act"), "acted": _("has acted"),
        "on_table": _("Chips on the table"), "referee_stack": _("referee: %(chips)s"),
        "coming": _("+%(chips)s from the next hand"),
        "waiting_referee": _("Waiting for the referee…"),
        "pick_seat": _("Tap the seat that acts"),
        "not_known": _("Waiting for the referee: who is to act and the amounts come with its answer."),
        "not_due": _("The referee has seat %(seat)s to act: this seat would act out of turn."),
        "main_pot": _("Main pot %(amount)s"),
        "side_pot": _("Side pot %(amount)s (seats %(seats)s)"),
        "amount": _("Chips"), "min": _("Min"), "max": _("Max"), "ok": _("Enter"),
        "clear": _("Clear"), "cancel": _("Cancel"),
        "cards_for": _("Cards for %(what)s"),
        "deal": _("Deal"), "serve": _("Serve"), "discards": _("Discards (optional)"),
        "award": _("Award"), "proposal": _("The referee proposes: %(awards)s"),
        "referee_award": _("Referee's award: %(awards)s"),
        "recorded_award": _("Recorded award: %(awards)s"),
        "confirm": _("Confirm"), "other": _("Record something else"),
        "undo_reason": _("Why is the last action void?"),
        "undo_what": _("Undo: %(what)s"),
        "undo_confirm": _("Undo “%(what)s”? It stays in the log, marked void."),
        "undo_changed": _("The table changed meanwhile: nothing undone. Look at the last entry again."),
        "night_closed": _("The night is closed: nothing more is stored from this tablet."),
        "undo_nothing": _("Nothing to undo"),
        "undo_wait": _("Undo: wait for the taps to be stored"),
        "stale_dropped": [
            ngettext("%(n)s tap not stored.", "%(n)s taps not stored.", 1, n="%(n)s"),
            ngettext("%(n)s tap not stored.", "%(n)s taps not stored.", 2, n="%(n)s")],
        "undo_default": _("entered by mistake"),
        "link_revoked": _("Not stored: this tablet's link no longer works."),
        "no_findings": _("No findings."), "voided": _("void"),
        "error": _("Refused: %(msg)s"),
        "waiting": _("waiting"),
        "kinds": i18n.finding_labels(),
        "double_tap": _("The same tap twice in a moment: stored once."),
        "close_incomplete": _("The referee does not see this hand as finished. Close it anyway?"),
        "misdeal_confirm": _("Call a misdeal? The deal is void and the antes go back."),
        "pick_cards": _("Pick the cards, or tap how many unseen cards."),
        "pick_shown": _("Pick the cards shown."),
        "over_limit": _("More than the rules allow"),
        "misdeal": _("Misdeal"),
        "undo_log": _("Undo"), "next_hand_log": _("Next hand"), "close_hand_log": _("Close the hand"),
        "draw_mismatch": _("%(picked)s discards picked but %(count)s tapped: pick %(count)s cards or clear them."),
        "gap": _("Hand %(hand)s: the chips pushed differ from the referee's award (%(diff)s)."),
        "gap_fix": _("To correct the record before the next hand: tap “%(undo)s” (the hand reopens), "
                     "undo the award the same way, then tap “%(confirm)s” for the referee's."),
        "gap_money": _("The next hand starts with the chips where they are: the difference stays on the "
                       "table until a host's ruling on a dispute of hand %(hand)s settles it (at the table, "
                       "or in money: the money moves at the close)."),
        "gap_hide": _("Hide"),
        "too_large": _("That number is too large: at most 999999999999 chips."),
        "sitting_out": _("sitting out"),
        "no_chips": _("no chips"),
        "not_dealt_in": _("not dealt in"),
        "disputes_open": [
            ngettext("%(n)s dispute open: the host will rule on it. Play goes on.",
                     "%(n)s disputes open: the host will rule on them. Play goes on.", 1, n="%(n)s"),
            ngettext("%(n)s dispute open: the host will rule on it. Play goes on.",
                     "%(n)s disputes open: the host will rule on them. Play goes on.", 2, n="%(n)s")],
        "rule": _("Rule"),
        "pat": _("Pat (0)"),
        "forced_ante": _("Everyone puts in the ante"),
        "forced_blinds": _("Post the blinds"),
        "finish": _("Confirm and next hand"),
        "finish_last": _("Confirm and end"),
        "finish_last_carry": _("Confirm and end (the pot carries: %(amount)s)"),
        "last_hand": _("Last hand"),
        "last_hand_off": _("Take back “last hand”"),
        "last_hand_on": _("Last hand: “Confirm and end” closes it and starts no other."),
        "play_over": _("The night's play is over. The counts come next, on the host's screen."),
        "award_to": _("Record an award: to whom?"),
        "irregular": _("Irregularities"),
        "too_many": _("Too many cards: %(name)s"),
        "too_few": _("Too few cards: %(name)s"),
        "count_for": _("How many cards does %(name)s hold?"),
        "exposed_to": _("A card exposed in the deal: meant for whom?"),
        "exposed_card": _("Card exposed, meant for %(name)s: which one?"),
        "exposed_seen": _("Exposed in the deal: everyone saw it"),
        "withdraw_to": _("Who withdraws from the hand?"),
        "sitout_to": _("Who sits this hand out?"),
        "fix_to": _("The dealer puts right the cards of whom?"),
        "fix_for": _("%(name)s: how many cards does the dealer give or take back?"),
        "fix_cards": _("the cards given or taken back (optional)"),
        "fix_pick_count": _("Tap how many cards: the cards picked go with it."),
        "finish_carry": _("Next hand (the pot carries: %(amount)s)"),
        "no_next_hand": _("The hand is closed, but the next hand was not started (a seat has no chips "
                          "left: a rebuy may come first). The taps made for it were not stored: %(taps)s."),
        "show_known": _("Shows: %(cards)s"),
        "show_openers": _("%(name)s takes the pot: pick the openers shown"),
        "openers_phase": _("The opener shows openers"),
        "type_chips": _("Type the chips"),
        "at_action": _("in “%(what)s”"),
        "main_pot_names": _("Main pot %(amount)s: %(names)s"),
        "rebuy_asks": _("%(name)s asks for %(chips)s chips"),
        "rebuy_accept": _("Accept"), "rebuy_decline": _("Decline"),
        "rebuy_accept_label": _("Accept: %(chips)s chips to %(name)s"),
        "rebuy_decline_label": _("Decline the request of %(name)s"),
        "side_pot_names": _("Side pot %(amount)s: %(names)s"),
    }
