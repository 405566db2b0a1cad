"""Hostile input on every endpoint (issue 13: "a fuzz test (hypothesis) over every endpoint
with hostile values (huge numbers, negatives, floats, NaN, unicode, NUL, script tags, SQL
fragments, malformed cards, 1 MB strings, deep JSON): no 5xx, and no stored change on a
refused request").

Every route that changes state is sent, as the role allowed to use it (the host's session,
the night's dealer link, a player's link) and with a valid CSRF token (CSRF is on here:
the token is read from the page's ``<meta name="csrf-token">`` when the page has one),
hostile values in every field, fields left out, and wrong JSON types. The answer is never
a 5xx; a refused one (a 4xx, or a host form sent back with an error message) changes no
row of any table. Every GET route is also sent hostile path values and query strings: no
5xx, and no row changes (reads never write).

The lists are checked against the app's URL map: a new route that is not fuzzed here
fails :func:`test_every_route_is_fuzzed` (add it to :data:`POSTS` or :data:`GETS`).
Example counts are modest (:data:`EXAMPLES`): the file runs in well under a minute.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import quote

import pytest
from apps import make_app, snapshot
from fuzz_world import HAND, RULES, World, build
from hosts import login_host
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app

EXAMPLES = 10
"""Hypothesis examples per route (each route is also sent every fixed hostile value once,
in its fields in turn)."""

MEGABYTE = "x" * (1 << 20)

HOSTILE_TEXT = [
    "", " ", "0", "-1", "-0", "1.5", "1e309", "NaN", "nan", "Infinity", "-Infinity", "0x10",
    str(2**63), str(10**30), "9" * 400, "١٢٣", "½", "²", "１０",
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "{{ 7*7 }}", "%(x)s",
    "' OR 1=1 --", "'; DROP TABLE events; --", "1; DELETE FROM ledger", "\\",
    "\x00", "Ana\x00", "\x1b[31m", "\x7f", "\x85", "\u202eevil", "\u200b", "\ufeff",
    "AsKsQsJsTs", "Xx", "AsAs", "1s", "Ks Qs", "p1 raise 1e9", "p99 open 10", "p1 open -5",
    "p1 show ZzYy", "d award p1 99999999999999999999", "p1 bet NaN",
    "Ǆemoji 🂡🃏", "../../etc/passwd", "/\\evil.example", "//evil.example", "javascript:alert(1)",
    MEGABYTE,
]
"""Fixed hostile strings every text field meets at least once a run."""

hostile_text = st.one_of(
    st.sampled_from(HOSTILE_TEXT),
    st.text(max_size=40),
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
)
"""A form value (forms carry strings only)."""


def _deep(depth: int):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_JSON = [None, True, False, 0, -1, 2**63, 10**30, -(10**30), 1.5, float("nan"), float("inf"),
                "", "\x00", "\u202e", "<script>", "' OR 1=1 --", "p1 raise 1e9", "AsAs", MEGABYTE[:300_000],
                [], {}, [1, 2], {"a": "b"}, _deep(40)]
"""Fixed hostile JSON values (the deep one nested 40 levels; deeper bodies are sent raw:
:data:`FIXED_JSON_BODIES`)."""

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                      hostile_text)
hostile_json = st.one_of(
    st.sampled_from(HOSTILE_JSON),
    json_leaf,
    st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8),
)
"""A JSON value of any type."""


# --- the world -----------------------------------------------------------------------------


@dataclass
class Post:
    """One state-changing route: who may send it, its path, and its fields with a valid
    value each (hostile values replace them; ``None``: a fresh idempotency key)."""
    role: str                                   # "host" | "dealer" | "player" | "anyone"
    path: Callable[[World], str]
    fields: dict
    as_json: bool = False
    may_change_when_refused: frozenset = frozenset()


POSTS = {
    "host.login": Post("anyone", lambda w: "/host/login?next=/host/",
                       {"pin": "0000", "username": "host", "password": "not the password"},
                       may_change_when_refused=frozenset({"login_attempts"})),
    "host.setup": Post("anyone", lambda w: "/host/setup", {
        "code": "000000", "username": "host", "password": "a long password", "confirm": "a long password"},
        may_change_when_refused=frozenset({"login_attempts"})),
    "host.change_password": Post("host", lambda w: "/host/account/password", {
        "current": "not the password", "password": "a new long password", "confirm": "a new long password"},
        may_change_when_refused=frozenset({"login_attempts"})),
    "host.issue_dealer_link": Post("host", lambda w: f"/host/night/{w.night}/dealer-links",
                                   {"label": "Tablet 2", "key": None}),
    "host.revoke_dealer_link": Post("host", lambda w: f"/host/night/{w.night}/dealer-links/1/revoke", {}),
    "host.logout": Post("host", lambda w: "/host/logout", {}),
    "host.new_night": Post("host", lambda w: "/host/nights", {
        "preset": "jackpots", "ante": "5", "small_bet": "10", "big_bet": "20", "min_bet": "",
        "chip_cents": "10", "chips_per": "1", "currency": "EUR", "timezone": "Europe/Madrid",
        "started_at": "2026-03-14T21:00", "title": "Viernes", "key": None}),
    "host.seat": Post("host", lambda w: f"/host/night/{w.night}/seat",
                      {"name": "Fede", "seat": "6", "chips": "300", "key": None}),
    "host.unseat": Post("host", lambda w: f"/host/night/{w.night}/unseat",
                        {"player_id": "1", "reason": "went home", "key": None}),
    "host.void_hand": Post("host", lambda w: f"/host/night/{w.night}/void-hand",
                           {"reason": "started by mistake", "key": None}),
    "live_hand.last_hand": Post("host", lambda w: f"/host/night/{w.night}/last-hand", {"on": "1", "key": None}),
    "host.buy_in": Post("host", lambda w: f"/host/night/{w.night}/buy-in",
                        {"player_id": "2", "chips": "100", "key": None}),
    "host.start_hand": Post("host", lambda w: f"/host/night/{w.night}/hand", {"button": "1", "key": None}),
    "host.counts": Post("host", lambda w: f"/host/night/{w.night}/counts",
                        {"count-2": "495", "count-3": "510", "key": None}),
    "host.seat_last": Post("host", lambda w: f"/host/night/{w.night}/seat-last", {"key": None}),
    "host.buy_in_all": Post("host", lambda w: f"/host/night/{w.night}/buy-in-all", {"chips": "200", "key": None}),
    "host.cash_out": Post("host", lambda w: f"/host/night/{w.night}/cash-out",
                          {"player_id": "3", "chips": "510", "key": None}),
    "host.recount": Post("host", lambda w: f"/host/night/{w.night}/recount",
                         {"player_id": "1", "chips": "500", "key": None}),
    "host.pot_handed_back": Post("host", lambda w: f"/host/night/{w.night}/pot-handed-back", {"key": None}),
    "host.close": Post("host", lambda w: f"/host/night/{w.night}/close",
                       {"confirm": "1", "resolution": "split", "override_reason": "ruled tomorrow",
                        "charge_player_id": "1", "hub_player_id": "2", "key": None}),
    "host.void_entry": Post("host", lambda w: f"/host/night/{w.night}/void-entry",
                            {"entry_id": "3", "reason": "miscounted", "key": None}),
    "host.reopen": Post("host", lambda w: f"/host/night/{w.night}/reopen", {"reason": "a late correction"}),
    "host.issue_link": Post("host", lambda w: f"/host/player/{w.ids['Bruno']}/link", {"night_id": "1"}),
    "host.revoke_one_link": Post("host", lambda w: f"/host/player/{w.ids['Ana']}/links/{w.link_id}/revoke",
                                 {"night_id": "1"}),
    "host.revoke_all_links": Post("host", lambda w: f"/host/player/{w.ids['Chus']}/links/revoke-all",
                                  {"night_id": "1"}),
    "host.revoke_link": Post("host", lambda w: "/host/revoke",
                             {"night_id": "1", "link": "https://club.example/p/AbC_123-xyzAbC_123-xyz"}),
    "disputes.preview": Post("host", lambda w: f"/host/dispute/{w.dispute}/preview", {
        "decision": "upheld", "rule_choice": "__other__", "rule_other": "TDA 53", "note": "a note",
        "actions": "\n".join(HAND)}),
    "disputes.step": Post("host", lambda w: f"/host/dispute/{w.dispute}/step", {
        "decision": "upheld", "actions": "\n".join(HAND), "apply": "1", "e_op": "change", "e_index": "3",
        "e_kind": "player", "e_seat": "1", "e_verb": "open", "e_amount": "10", "e_award_seat": "1", "e_chips": "5",
        "e_card0": "As"}),
    "disputes.rule": Post("host", lambda w: f"/host/dispute/{w.dispute}/rule", {
        "decision": "rejected", "rule": "TDA 53", "note": "", "digest": "0" * 64, "corrected": "",
        "action": "p1 ante 5", "key": None}),
    "disputes.change_mode": Post("host", lambda w: f"/host/dispute/{w.dispute}/mode", {
        "ruling": "1", "mode": "table", "reason": "handed over at the table", "key": None}),
    "disputes.player_dispute": Post("player", lambda w: f"/p/{w.token}/hand/{w.hand}/dispute",
                                    {"statement": "Chus opened out of turn.", "key": None}),
    "payments.host_handle": Post("host", lambda w: f"/host/night/{w.night}/handle",
                                 {"player_id": "1", "handle": "https://paypal.me/ana", "key": None}),
    "payments.host_transfer": Post("host", lambda w: f"/host/night/{w.night}/transfer", {
        "action": "confirm", "what": "poker", "payer_id": "1", "payee_id": "3", "reason": "a mistake", "key": None}),
    "payments.add_expense": Post("host", lambda w: f"/host/night/{w.night}/expenses", {
        "payer_id": "1", "amount": "24,50", "description": "pizza", "sharer_ids": "2", "key": None}),
    "payments.void_expense": Post("host", lambda w: f"/host/night/{w.night}/expenses/1/void",
                                  {"reason": "entered twice", "key": None}),
    "payments.player_handle": Post("player", lambda w: f"/p/{w.token}/handle", {"handle": "600 111 222", "key": None}),
    "payments.player_transfer": Post("player", lambda w: f"/p/{w.token}/night/{w.night}/transfer", {
        "action": "paid", "what": "poker", "other_id": "3", "key": None}),
    "pokernow.upload": Post("host", lambda w: "/host/pokernow/", {
        "amounts": "cents", "currency": "EUR", "timezone": "Europe/Madrid", "title": "PokerNow", "ledger": "x"}),
    "files.import_file": Post("host", lambda w: "/host/import", {
        "file": lambda w: (io.BytesIO(json.dumps({"format": "tapete/1", "rules": RULES, "players": [
            {"seat": 1, "name": "Ana", "stack": 500}, {"seat": 3, "name": "Bruno", "stack": 500}],
            "hands": [{"button": 3, "actions": HAND[:2]}]}).encode()), "night.json"),
        "chip_cents": "10", "chips_per": "1", "currency": "EUR", "timezone": "Europe/Madrid",
        "started_at": "2026-03-14T21:00", "title": "Subida"}),
    # the table code (issue 26): the phone's claim and give-back (anyone with the code), the host's side
    "table.claim": Post("anyone", lambda w: f"/t/{w.table_code}/claim",
                        {"player_id": lambda w: str(w.ids["Bruno"]), "key": None}),
    "table.give_back": Post("anyone", lambda w: f"/t/{w.table_code}/give-back", {}),
    # the demo night hidden (issue 26): the fuzzed night is no demo, so every try is refused
    "club.hide_night": Post("host", lambda w: f"/host/nights/{w.night}/hide", {"key": None}),
    "table_host.show_table_code": Post("host", lambda w: f"/host/night/{w.night}/table-code", {"key": None}),
    "table_host.release_claim": Post("host", lambda w: f"/host/night/{w.night}/claims/{w.claim_id}/release",
                                     {"key": None}),
    "table_host.revoke_claim": Post("host", lambda w: f"/host/night/{w.night}/claims/{w.claim_id}/revoke",
                                    {"key": None}),
    "table_host.show_tablet_again": Post("host", lambda w: f"/host/night/{w.night}/dealer-links/1/again",
                                         {"key": None}),
    # the table on a screen and rebuys asked from the phone (issue 28)
    "screen.issue": Post("host", lambda w: f"/host/night/{w.night}/screen-link", {"key": None}),
    "screen.revoke": Post("host", lambda w: f"/host/night/{w.night}/screen-link/revoke", {}),
    "rebuys.ask": Post("player", lambda w: f"/p/{w.token}/night/{w.night}/rebuy", {"chips": "100", "key": None}),
    "rebuys.withdraw": Post("player", lambda w: f"/p/{w.token}/night/{w.night}/rebuy/withdraw", {"key": None}),
    "rebuys.host_answer": Post("host", lambda w: f"/host/night/{w.night}/rebuy-requests/1",
                               {"answer": "accepted", "key": None}),
    "rebuys.tablet_rebuys": Post("host", lambda w: f"/host/night/{w.night}/tablet-rebuys", {"on": "1", "key": None}),
    "rebuys.tablet_answers": Post("dealer", lambda w: f"{w.dealer}/rebuy",
                                  {"key": None, "request_id": 1, "answer": "accepted"}, as_json=True),
    "stats.new_season": Post("host", lambda w: "/host/seasons", {
        "key": None, "name": "Otoño", "first_date": "2026-09-01", "last_date": "2026-11-30"}),
    "stats.change": Post("host", lambda w: f"/host/seasons/{w.season}/change", {
        "key": None, "name": "Primavera larga", "first_date": "2026-03-01", "last_date": "2026-06-30"}),
    "stats.delete": Post("host", lambda w: f"/host/seasons/{w.season}/delete", {"key": None}),
    "stats.fair_play": Post("host", lambda w: "/host/stats/fair-play", {"show": "1"}),
    "dealer.tap": Post("dealer", lambda w: f"{w.dealer}/tap", {
        "key": None, "op": "action", "hand_id": lambda w: w.live_hand, "action": "p1 ante 5", "reason": "wrong seat",
        "button": 1, "stacks": {"1": 500}, "version": 0, "event_id": 1, "after_hand": 1,
        "entered_by": "host"}, as_json=True),
}
"""Every route that changes state (endpoint -> how to send it). A refused login, setup or
password change records the failed attempt (``login_attempts``: the limits are kept in
the database), and nothing else."""

TAP_OPS = {
    f"dealer.tap {op}": Post("dealer", lambda w: f"{w.dealer}/tap", {
        "key": None, "op": op, "hand_id": (lambda w: w.hand) if op == "hand_over" else (lambda w: w.live_hand),
        "version": 0, "events": 1}, as_json=True)
    for op in ("forced_bets", "finish_hand", "hand_over")}
"""The tap's operations that store several lines at once, each fuzzed as a route of its own
(``store.hand.operations``: everyone's forced bets, confirm and next hand, the chips of a
wrong push handed back at the table), with the fields they read."""

PRESENT = {rule.endpoint for rule in create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(
    Path(tempfile.mkdtemp(prefix="tapete-fuzz-")) / "unused.db")}).url_map.iter_rules()}
"""The app's endpoints: a route of :data:`POSTS` the app does not have (yet: the accounts'
and the tablet links' routes come with their branches) is not sent, and
:func:`test_every_route_is_fuzzed` says which."""

GETS = {
    "index": {}, "static": {"filename": ["core/tapete.css", "../app.py", "%00", MEGABYTE[:5000]]},
}
"""GET routes with extra hostile values for their path variables (every other GET route
is sent the generic ones of :func:`path_values`)."""


CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


def role_client(app, w: World, role: str):
    """A test client that has used its role's credential (opened its own page), and the
    CSRF token of that page (None when the page carries none)."""
    client = app.test_client()
    if role == "host":
        login_host(client)
        page = "/host/"
    elif role == "player":
        page = f"/p/{w.token}"
    elif role == "dealer":
        page = w.dealer + "/"
    else:
        page = "/host/login"
    response = client.get(page, follow_redirects=True)  # (no host account yet: the setup page)
    assert response.status_code == 200, (page, response.status_code)
    found = CSRF_META.search(response.get_data(as_text=True))
    return client, (found.group(1) if found else None)


@pytest.fixture
def app(tmp_path):
    """The app on a fresh database with CSRF protection on (as it runs); the table code's
    rate limits (``web.core.rate_limits``) raised, so every hostile value reaches the view."""
    app = make_app(tmp_path / "tapete.db", csrf=True)
    app.config.update(TABLE_CODE_READS="100000 per minute", TABLE_CODE_WRITES="100000 per minute")
    return app


# --- the URL map ---------------------------------------------------------------------------

def test_every_route_is_fuzzed(app):
    changing = {r.endpoint for r in app.url_map.iter_rules() if r.methods - {"GET", "HEAD", "OPTIONS"}}
    assert changing - set(POSTS) == set(), f"not fuzzed: add them to POSTS: {sorted(changing - set(POSTS))}"
    assert changing == set(POSTS) & PRESENT


# --- state-changing routes -------------------------------------------------------------------

def sent_fields(route: Post, w: World, choices: dict) -> dict:
    """The route's fields with the drawn ones replaced (``choices``: name -> ("keep" |
    "drop" | value)); a ``None`` default becomes a fresh idempotency key."""
    out = {}
    for name, valid in route.fields.items():
        choice = choices.get(name, "keep")
        if choice == "drop":
            continue
        if choice == "keep":
            out[name] = str(uuid.uuid4()) if valid is None else valid(w) if callable(valid) else valid
        else:
            out[name] = choice[1]
    return out


def field_choices(route: Post):
    value = hostile_json if route.as_json else hostile_text
    choice = st.one_of(st.just("keep"), st.just("drop"), st.tuples(st.just("value"), value))
    return st.fixed_dictionaries({name: choice for name in route.fields})


def send(client, route: Post, w: World, body, token: str | None):
    path = route.path(w)
    if route.as_json:
        headers = {"X-CSRFToken": token} if token else {}
        raw = json.dumps(body, allow_nan=True) if not isinstance(body, bytes) else body
        return client.post(path, data=raw, content_type="application/json", headers=headers)
    data = dict(body)
    if token:
        data["csrf_token"] = token
    return client.post(path, data=data)


def refused(client, response) -> bool:
    """A 4xx, or a host form answered with its error message (flashed: nothing stored)."""
    with client.session_transaction() as session:
        flashes = session.pop("_flashes", [])
    return 400 <= response.status_code < 500 or any(category == "error" for category, _ in flashes)


def check_answer(app, client, route: Post, w: World, body, token) -> None:
    before = snapshot(app.config["DATABASE"])
    response = send(client, route, w, body, token)
    assert response.status_code < 500, (response.status_code, response.get_data(as_text=True)[:300])
    if refused(client, response):
        after = snapshot(app.config["DATABASE"])
        changed = {t for t in set(before) | set(after) if before.get(t) != after.get(t)}
        assert changed <= route.may_change_when_refused, f"refused ({response.status_code}) but changed {changed}"


FIXED_JSON_BODIES = [b"", b"{", b"null", b"[]", b'"text"', b"1e999", b"NaN", b"{\"key\": \"\\ud800\"}",
                     b"[" * 5000 + b"]" * 5000, b'{"a":' * 3000 + b"1" + b"}" * 3000, b"\xff\xfe\x00"]
"""Whole bodies that are not a tap: malformed, wrong types, deep."""


@pytest.mark.slow
@pytest.mark.parametrize("endpoint", sorted(set(POSTS) & PRESENT) + sorted(TAP_OPS))
def test_hostile_values_never_answer_5xx_and_a_refusal_changes_nothing(app, db, endpoint):
    route = POSTS.get(endpoint) or TAP_OPS[endpoint]
    w = build(app, db)
    client, token = role_client(app, w, route.role)

    names = list(route.fields) or [None]
    fixed = HOSTILE_JSON if route.as_json else HOSTILE_TEXT
    for i, value in enumerate(fixed):  # each fixed hostile value once, the fields in turn
        check_answer(app, client, route, w, sent_fields(route, w, {names[i % len(names)]: ("value", value)}), token)
    if route.as_json:
        for raw in FIXED_JSON_BODIES:
            check_answer(app, client, route, w, raw, token)

    @settings(max_examples=EXAMPLES, database=None, suppress_health_check=list(HealthCheck))
    @given(choices=field_choices(route))
    def hostile(choices):
        check_answer(app, client, route, w, sent_fields(route, w, choices), token)

    hostile()


# --- GET routes ------------------------------------------------------------------------------

PATH_VALUES = {"int": ["0", "1", "2", str(2**63), str(10**30)],
               "default": ["x", "A" * 43, "%00", "%3Cscript%3E", quote("' OR 1=1 --", safe=""), "..%2F..",
                           "a" * 5000, quote("\u202e", safe="")]}
"""Hostile values for the path's variables, by converter."""

QUERIES = ["", "?lang=es", "?lang=%00", "?lang=" + "x" * 5000, "?next=//evil.example", "?next=/%09/host",
           "?lang[]=1&lang=en", "?step=-1&n=1e309", "?" + "a=1&" * 500]


def urls_of(rule, w: World) -> list[str]:
    """Paths for ``rule``: its variables filled with the world's ids and hostile values."""
    names = list(rule.arguments)
    converters = {name: type(rule._converters[name]).__name__ for name in names}
    options = {}
    for name in names:
        kind = "int" if converters[name] == "IntegerConverter" else "default"
        known = {"night_id": str(w.night), "hand_id": str(w.hand), "number": "1", "dispute_id": str(w.dispute),
                 "player_id": str(w.ids["Ana"]), "link_id": str(w.link_id), "code": w.table_code,
                 "claim_id": str(w.claim_id)}.get(name)
        if name == "token":
            known = w.token if rule.endpoint.split(".")[0] in ("player", "disputes", "replay") else w.dealer.split("/")[-1]
        extra = GETS.get(rule.endpoint, {}).get(name, [])
        options[name] = ([known] if known else []) + PATH_VALUES[kind] + [quote(v, safe="/") for v in extra]
    paths = []
    for i in range(max((len(v) for v in options.values()), default=1)):
        values = {name: vals[i % len(vals)] for name, vals in options.items()}
        path = rule.rule
        for name, value in values.items():
            path = re.sub(r"<(?:[^:<>]+:)?" + name + r">", value, path)
        paths.append(path)
    return paths


@pytest.mark.slow
@pytest.mark.parametrize("role", ["host", "anyone"])
def test_every_get_route_with_hostile_paths_and_queries_never_answers_5xx_nor_writes(app, db, role):
    w = build(app, db)
    client, _ = role_client(app, w, role)
    before = snapshot(app.config["DATABASE"])
    rules = [r for r in app.url_map.iter_rules() if "GET" in r.methods]
    assert {r.endpoint for r in rules} >= set(GETS)
    for rule in rules:  # every hostile path and every query once, in turn
        paths = urls_of(rule, w)
        for i in range(max(len(paths), len(QUERIES))):
            url = paths[i % len(paths)] + QUERIES[i % len(QUERIES)]
            response = client.get(url)
            assert response.status_code < 500, url[:200]
    assert snapshot(app.config["DATABASE"]) == before
