"""The host's side of the table's QR codes (issue 26), answered on the night page's table
links (``templates/night/_table_links.html``):

- ``POST /host/night/<id>/table-code``: show the table code: a fresh code (the one before
  stops working: only hashes are kept, so a code is shown once, in this POST's answer), its
  QR and URL (``store.night.table_code``; the players' side is ``web.night.table_code``);
- ``POST /host/night/<id>/claims/<claim>/release`` and ``.../revoke``: end a phone's claim
  of a name (release: the wrong phone took it; revoke: a phone not to be trusted); either
  way the name can be claimed again and the link the claim issued stops working;
- ``POST /host/night/<id>/dealer-links/<link>/again``: show a tablet's link again as a QR: a
  fresh link, the one before revoked (``store.night.dealer_links.reissue_dealer_link``).

Each is the host's alone (``host_required``), carries the CSRF token and the form's
idempotency key; a refusal is said in the page's language (``web.core.refusals``), nothing
stored.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect
from flask_babel import gettext as _

import store
from store.night.shown_links import issue_table_code_page, reissue_dealer_link_page
from store.night.table_code import end_claim
from web.account.views import current_actor, host_required
from web.core.db import get_db
from web.core.forms import MAX_NUMBER, form_key
from web.core.refusals import refusal_text
from web.night.table_links import table_code_panel, tablet_panel
from web.night.stages import stage_url
from web.night.views import _night_answer

bp = Blueprint("table_host", __name__, url_prefix="/host")

ANCHOR = "table-code"
"""The id of the table links' section: every answer here goes back to it."""


def _back(night_id: int, anchor: str = ANCHOR):
    """Back to the table stage (*Mesa*), at ``anchor``."""
    return redirect(stage_url(night_id, "table", anchor))


@bp.post("/night/<int:night_id>/table-code")
@host_required
def show_table_code(night_id: int):
    """Show the night's table code (again): a fresh code and its QR, in this answer (the
    night page, the panel open); the code before stops working. A repeated submit (same
    form key) shows nothing new and says so. No such night: 404."""
    try:
        if night_id > MAX_NUMBER:
            abort(404)
        shown = issue_table_code_page(get_db(), night_id, issued_by=current_actor(), key=form_key())
    except store.StoreError as exc:
        if exc.code == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
        return _back(night_id)
    if shown["code"] is None:
        flash(_("That table code was already shown: it is shown only once. Show it again for a new one."), "error")
        return _back(night_id)
    g.new_table_code = table_code_panel(shown["code"])
    return _night_answer(shown["page"])


def _end(night_id: int, claim_id: int, kind: str, say):
    """Release or revoke a claim (``kind``) and say ``say(name)``."""
    try:
        if night_id > MAX_NUMBER or claim_id > MAX_NUMBER:
            raise store.StoreError("no_table_claim")
        ended = end_claim(get_db(), night_id, claim_id, kind, voided_by=current_actor())
    except store.StoreError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(say(ended["name"]), "ok")
    return _back(night_id)


@bp.post("/night/<int:night_id>/claims/<int:claim_id>/release")
@host_required
def release_claim(night_id: int, claim_id: int):
    """Release a phone's claim (the wrong phone took the name): the name can be claimed again
    and the link the claim issued stops working at once (issue 26)."""
    return _end(night_id, claim_id, "release", lambda name: _(
        "%(name)s released: the link that phone got no longer works; the name can be taken again with the table code.",
        name=name))


@bp.post("/night/<int:night_id>/claims/<int:claim_id>/revoke")
@host_required
def revoke_claim(night_id: int, claim_id: int):
    """Revoke a phone's claim: its link stops working at once and the name can be claimed again."""
    return _end(night_id, claim_id, "revoke", lambda name: _(
        "%(name)s revoked: the link that phone got no longer works; the name can be taken again.", name=name))


@bp.post("/night/<int:night_id>/dealer-links/<int:link_id>/again")
@host_required
def show_tablet_again(night_id: int, link_id: int):
    """Show a tablet's link again, as a QR: a fresh link in its place (the old one is
    revoked at once), in this answer. A repeated submit shows nothing new and says so."""
    try:
        if night_id > MAX_NUMBER or link_id > MAX_NUMBER:
            raise store.StoreError("no_dealer_link")
        shown = reissue_dealer_link_page(get_db(), night_id, link_id, issued_by=current_actor(), key=form_key())
    except store.StoreError as exc:
        if exc.code == "no_night":
            abort(404)
        flash(refusal_text(exc), "error")
        return _back(night_id, "tablet-links")
    if shown["token"] is None:
        flash(_("That tablet link was already issued: it is shown only once. Revoke it and issue a "
                "new one if it was lost."), "error")
        return _back(night_id, "tablet-links")
    g.new_dealer_link = tablet_panel(night_id, shown["link_id"], shown["token"])
    return _night_answer(shown["page"])
