"""The web is thin (issue 23): a view parses the request, calls ONE store function, and
renders. :mod:`store_calls` reads every route of ``web/`` with ``ast`` (decorated
``bp.get/post/route``, or registered with ``add_url_rule``) and the ``web/`` helpers it
calls, and counts the store calls one request can make (along the code's paths), leaving
out the pure helpers of :data:`store_calls.PURE` and the access checks of
:data:`store_calls.NOT_FOLLOWED`.

A view that truly needs two store calls is in :data:`TWO_CALLS` with why (its docstring
says so too); none needs more.
"""

from __future__ import annotations

import importlib
import inspect

import pytest
from store_calls import NOT_FOLLOWED, PURE, Scan, defined_name, parse_module

from app import create_app

TWO_CALLS = {
    "web.night.views.new_night": "a refused night answers with the new-night form again, whose page lists the "
                                 "nights (store.list_nights): the write refused, nothing written, then that read",
    "web.dispute.views.player_dispute": "a refused statement answers with the dispute page (400): the write "
                                        "refused, nothing written, then the page's read",
    "web.dispute.views.rule": "a refused ruling answers with the dispute page and its new preview (409): the "
                              "write refused, nothing written, then the page's read",
    "web.night.table_code.claim": "a refused claim answers with the claim page (409) saying why: the write "
                                  "refused, nothing written, then the page's read",
    "web.files.views.import_file": "a refused file answers with the upload form, which lists the failed "
                                   "imports (store.files.failed_imports): the write refused, nothing written, "
                                   "then the page's read",
    "web.night.views.close": "a refused close answers with the counts form as the host filled it (400): the "
                             "write refused, nothing written, then the stage page's read (store.night_page)",
    "web.night.views.counts": "refused counts answer with the counts form as the host filled them (400): the "
                              "write refused, nothing written, then the stage page's read (store.night_page)",
    "web.night.table_code.give_back": "a refused give-back answers with the claim page (409) saying why: the "
                                      "write refused, nothing written, then the page's read",
}
"""Views that make two store calls on one path, with why: each is a refused write (nothing
written) answered with its page, read after the refusal (reading the page inside the
write would hold the write lock, and so the tablet's taps, for a page's read)."""


@pytest.mark.slow
def test_every_view_calls_the_store_at_most_once():
    over = {view: calls for view, calls in Scan.of_tree().views().items()
            if len(calls) > (2 if view in TWO_CALLS else 1)}
    assert over == {}, "views calling the store more than once (one store function per view):\n" + "\n".join(
        f"{view}: {calls}" for view, calls in sorted(over.items()))


@pytest.mark.slow
def test_the_views_allowed_two_calls_make_two():
    """The allow-list holds only views that need it: each makes two calls, no fewer."""
    views = Scan.of_tree().views()
    assert {view: len(views.get(view, [])) for view in TWO_CALLS} == {view: 2 for view in TWO_CALLS}


@pytest.mark.slow
def test_the_scan_sees_every_route_of_the_app(tmp_path):
    """Every endpoint of the app whose view is a function of ``web/`` is a view the scan
    reads (a route added another way would escape the count)."""
    app = create_app({"DATABASE": str(tmp_path / "t.db"), "TESTING": True})
    scanned = set(Scan.of_tree().views())
    missed = []
    for endpoint, function in app.view_functions.items():
        function = inspect.unwrap(function)
        name = f"{function.__module__}.{function.__name__}"
        if function.__module__.startswith("web.") and name not in scanned:
            missed.append(f"{endpoint}: {name}")
    assert missed == []
    assert len(scanned) >= 50


def test_the_allow_lists_name_what_is_there():
    """Each pure helper is a store function defined under that name, and touches no
    database (takes no ``db``); each helper not followed is a web function."""
    for name in PURE:
        assert defined_name(name) == name, name
        owner, _, attr = name.rpartition(".")
        value = getattr(importlib.import_module(owner), attr)
        if inspect.isfunction(value):
            assert "db" not in inspect.signature(value).parameters, name
    for name in NOT_FOLLOWED:
        owner, _, attr = name.rpartition(".")
        assert inspect.isfunction(getattr(importlib.import_module(owner), attr)), name


def _scan(**sources: str) -> dict[str, list[str]]:
    """The views of modules given as text, each named by its keyword (``web_x`` is
    ``web.x``)."""
    modules = {}
    for key, source in sources.items():
        name = key.replace("_", ".", 1)
        modules[name] = parse_module(source, name)
    return Scan(modules).views()


HEAD = '''
import store
from store.night.nights import get_night, table_players
from store.core.times import local_time
from store.money import payments as store_payments
from web.core.db import get_db
'''


PLANTED = {
    "two store calls in a row": ('''
@bp.post("/night/<int:night_id>/handle")
def handle(night_id):
    get_night(get_db(), night_id)
    store_payments.set_payment_handle(get_db(), 1, "x", entered_by="host")
''', ["store.night.nights.get_night", "store.money.payments.set_payment_handle"]),
    "one through the facade, one through a helper of the module": ('''
def _players(db, night_id):
    return table_players(db, night_id)

@bp.route("/night/<int:night_id>", methods=["GET"])
def page(night_id):
    night = store.get_night(get_db(), night_id)
    return _players(get_db(), night_id)
''', ["store.night.nights.get_night", "store.night.nights.table_players"]),
    "a store call in a loop": ('''
@bp.get("/nights")
def nights():
    return [store.get_night(get_db(), n) for n in (1, 2)]
''', ["store.night.nights.get_night", "store.night.nights.get_night"]),
    "a write, and a read in its refusal's handler": ('''
@bp.post("/x")
def write():
    try:
        store.buy_in(get_db(), 1, 1, 5, entered_by="host")
    except ValueError:
        return store.list_nights(get_db())
''', ["store.money.ledger.buy_in", "store.night.nights.list_nights"]),
    "a view registered with add_url_rule, answering with another view": ('''
@bp.get("/night/<int:night_id>")
def night(night_id):
    return store.get_night(get_db(), night_id)

def issue(night_id):
    store.issue_token(get_db(), 1)
    return night(night_id)

def add_routes(bp):
    bp.add_url_rule("/issue", "issue", issue, methods=["POST"])
''', ["store.player.player_links.issue_token", "store.night.nights.get_night"]),
    "a store call inside a nested function or a lambda": ('''
@bp.post("/y")
def nested():
    def do(db):
        store.cash_out(db, 1, 1, 5, entered_by="host")
    write = lambda db: store.recount(db, 1, 1, 5, entered_by="host")
    return do, write
''', ["store.money.ledger.cash_out", "store.money.ledger.recount"]),
}
"""Planted views -> the store calls the scan must count for them (in order)."""


def test_the_scan_counts_every_planted_violation():
    for what, (source, expected) in PLANTED.items():
        views = _scan(web_planted=HEAD + source)
        counted = max(views.values(), key=len)
        assert counted == expected, what


def test_the_scan_follows_a_helper_of_another_web_module():
    views = _scan(web_helpers=HEAD + '''
def night_name(night_id):
    return get_night(get_db(), night_id)["title"]
''', web_views=HEAD + '''
from web.helpers import night_name

@bp.post("/z/<int:night_id>")
def rename(night_id):
    store.cash_out(get_db(), night_id, 1, 5, entered_by="host")
    return night_name(night_id)
''')
    assert views == {"web.views.rename": ["store.money.ledger.cash_out", "store.night.nights.get_night"]}


def test_the_scan_lets_a_thin_view_pass():
    """One store call; the two sides of an ``if`` (one call each); pure helpers
    (formatting, a refusal's constructor); the pooled handle and the host's session."""
    views = _scan(web_thin=HEAD + '''
from web.account.views import current_actor

@bp.route("/night/<int:night_id>", methods=["GET", "POST"])
def night(night_id):
    if request.method == "POST":
        store.cash_out(get_db(), night_id, 1, 5, entered_by=current_actor())
    else:
        page = store.get_night(get_db(), night_id)
    when = local_time("2026-01-01T00:00:00+00:00", "Europe/Madrid")
    if night_id > 10:
        raise store.StoreError("no_night", night=night_id)
    return when
''')
    assert views == {"web.thin.night": ["store.money.ledger.cash_out"]}
