"""The table code's page on a player's phone (issue 26): ``/t/<code>``.

A player scans the QR the host shows (``web.night.table_host``), sees the night's players
(each name a big button; a name another phone took is shown as taken), taps their own and
lands on their private link (``/p/<token>``, ``web.player.views``), issued by the claim
(``store.night.table_code.claim_name``). The phone keeps that link in a cookie
(:data:`COOKIE`, only on ``/t/`` paths, HttpOnly): opening the code again says which name it
took, opens its page, and offers to give the name back (it took the wrong one) while the
night is open. A closed night's code, a code replaced by a newer one and an unknown code are
said in words (410, 410, 404), nothing stored.

The routes are public (the code is the key, like a private link): each is held to a rate
per phone (its address and a random cookie, :data:`web.core.rate_limits.PHONE_COOKIE`, given
here: a table behind one address is not one phone) and to a ceiling per night
(``web.core.rate_limits``), carries the CSRF token (the POSTs) and says a
refusal in the night's language, nothing stored.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

import store
from store.night.table_code import claim_name, code_night, code_preset
from store.night.table_code import claim_page as read_claim_page
from store.night.table_code import give_back as store_give_back
from web.core.db import get_db
from web.core.forms import form_key, new_form_key
from web.core.forms import int_field as _int
from web.core.rate_limits import (PHONE_COOKIE, limiter, night_key, table_code_night_reads, table_code_night_writes,
                                  table_code_reads, table_code_writes)
from web.core.refusals import refusal_text
from web.core.security import PRIVATE, https

bp = Blueprint("table", __name__, url_prefix="/t")

COOKIE = "tapete_table"
"""The cookie that keeps, on the phone, the private link its claim issued (the token)."""

COOKIE_DAYS = 7
"""How long the phone keeps it (days): the night, and the days after it to find the page again."""

STATUS = {"live": 200, "replaced": 410, "closed": 410}
"""The claim page's status by the code's state."""


@bp.url_value_preprocessor
def _night_language(endpoint: str | None, values: dict | None) -> None:
    """Every answer here, refusals included (the rate limit's 429 too: its check runs after
    this), in the night's language (``g.night_preset``, ``web.core.i18n.select_locale``),
    read before any word is said."""
    code = (values or {}).get("code")
    g.night_preset = code_preset(get_db(), code) if code else None
    g.table_night = code_night(get_db(), code) if code else None  # the night's ceiling (rate_limits.night_key)


@bp.after_request
def _phone_cookie(response):
    """Give a phone its random name (:data:`web.core.rate_limits.PHONE_COOKIE`, only on
    ``/t/`` paths) the first time: its requests are counted as its own from then on."""
    if not request.cookies.get(PHONE_COOKIE):
        response.set_cookie(PHONE_COOKIE, secrets.token_urlsafe(12), max_age=COOKIE_DAYS * 24 * 3600, path="/t/",
                            httponly=True, samesite="Lax", secure=https())
    return response


def _held() -> str | None:
    """The private link's token this phone keeps from its claim, if any."""
    return request.cookies.get(COOKIE) or None


def _page(code: str, refusal: str | None = None, status: int | None = None):
    """The claim page of ``code`` (404 in words for an unknown code), a refusal at the top
    when given."""
    page = read_claim_page(get_db(), code, _held())
    if page is None:
        abort(404)
    held = _held()
    return render_template("night/table_code.html", page=page, code=code, refusal=refusal, key=new_form_key(),
                           my_link=url_for("player.ledger", token=held) if page["mine"] and held else None,
                           ), status or STATUS[page["state"]], PRIVATE


@bp.get("/<code>")
@limiter.limit(table_code_reads)
@limiter.limit(table_code_night_reads, key_func=night_key)
def claim_page(code: str):
    """The claim page: the night's players, each name a button (taken ones shown as taken);
    this phone's own name, its page and the give-back when it took one; the code's end in
    words (the night closed, or a newer code shown)."""
    return _page(code)


def _refused(code: str, exc: ValueError):
    """A refused claim or give-back: the claim page with the refusal said at the top (409),
    or the 404 of an unknown code."""
    if getattr(exc, "code", None) == "no_table_code":
        abort(404)
    return _page(code, refusal_text(exc), 409)


@bp.post("/<code>/claim")
@limiter.limit(table_code_writes)
@limiter.limit(table_code_night_writes, key_func=night_key)
def claim(code: str):
    """Take a name (``player_id``): the player's private link is issued, kept on this phone
    (:data:`COOKIE`) and opened (303 to ``/p/<token>``). A repeated submit (same key) goes
    back to the claim page, which names the claim. A refused claim answers with the claim
    page (409), read after the refusal: two store calls on that path, nothing written."""
    try:
        player_id = _int("player_id", low=1)
        taken = claim_name(get_db(), code, player_id, held=_held(), key=form_key())
    except ValueError as exc:  # StoreError included
        return _refused(code, exc)
    if taken["token"] is None:
        return redirect(url_for("table.claim_page", code=code), code=303)
    response = redirect(url_for("player.ledger", token=taken["token"]), code=303)
    response.set_cookie(COOKIE, taken["token"], max_age=COOKIE_DAYS * 24 * 3600, path="/t/", httponly=True,
                        samesite="Lax", secure=https())
    return response


@bp.post("/<code>/give-back")
@limiter.limit(table_code_writes)
@limiter.limit(table_code_night_writes, key_func=night_key)
def give_back(code: str):
    """Give back the name this phone took (the wrong one): its link stops working, the name
    can be taken again; back to the claim page, which says so. A refused give-back answers
    with the claim page (409), read after the refusal: two store calls on that path."""
    try:
        given = store_give_back(get_db(), code, _held())
    except store.StoreError as exc:
        return _refused(code, exc)
    flash(_("You gave back the name %(name)s: now tap your own.", name=given["name"]), "ok")
    response = redirect(url_for("table.claim_page", code=code), code=303)
    response.delete_cookie(COOKIE, path="/t/", httponly=True, samesite="Lax", secure=https())
    return response
