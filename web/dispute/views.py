"""Disputes on the web (issue 12): a player contests a hand from their phone link; the host
reads the dispute, previews a ruling and commits it.

URLs:

- ``GET/POST /p/<token>/hand/<hand_id>/dispute``: the player's statement form (one short
  text, at most ``store.MAX_STATEMENT`` characters; an idempotency key in the form, so a
  double tap stores one dispute) and, once filed, the dispute's status and, once ruled,
  the ruling (decision, rule, note, the chips moved by name). Only hands the player was
  dealt into; anything else (an unknown or revoked token, another player's hand) is the
  plain 404 of the player pages.
- ``GET /host/dispute/<id>``: the statement, a link to the hand's replay, the hand's
  findings in words, and the ruling form: the decision (upheld / rejected), the rule relied
  on (one of the hand's findings' rules quoted in the page's language, or written), a note,
  and the hand's live actions one per line, which the host may correct.
- ``POST /host/dispute/<id>/preview``: the ruling form sent (a POST, so a long note or
  correction fits: never in the URL) shows ``store.preview_ruling`` (read-only: nothing
  written, no write lock) with the commit form, which carries exactly what was previewed.
- ``POST /host/dispute/<id>/step``: the step editor (issue 26): the ruling form sent with
  one of its step buttons (change, insert before, remove, apply): the hand's steps in words
  with the pickers of the picked step (the referee's verbs, amounts, seats and cards there),
  the corrected lines put in the raw lines' field (behind "edit the log") and previewed as
  the raw lines are. Read-only, like the preview (:func:`step`).
- ``POST /host/dispute/<id>/rule``: commits the previewed ruling (``store.record_ruling``);
  refused when the night changed since the preview (the preview's digest differs: the new
  preview is shown, HTTP 409). Then back to the dispute page, which shows the ruling.

No rule here: what a correction changes, the chips a ruling moves, the reopening and the
closing again are the store's and the referee's (``store.dispute.rulings``). Refusals are said in
the page's language (``web.core.refusals``).
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

import store
from store.core.times import local_time
from store.dispute.pages import host_dispute_page, player_dispute_page
from store.dispute.rulings import MAX_RULE
from store.dispute.step_page import step_edit
from web.account.views import current_actor
from web.core import i18n
from web.core.db import get_db
from web.core.forms import check_text, form_key, new_form_key
from web.core.refusals import close_refused_said, kept_refusal_text, refusal_text, said_refusal
from web.core.security import PRIVATE
from web.dispute.steps import draft_steps, editor, editor_fields
from web.night.views import host_required
from web.player.views import player_link

bp = Blueprint("disputes", __name__)

OTHER_RULE = "__other__"
"""The ruling form's choice "another rule" (the host writes it in ``rule_other``)."""

MAX_NOTE = MAX_RULE
"""Longest rule and note the ruling form takes (characters): the store's limit
(``store.dispute.rulings.MAX_RULE``); a longer text is refused by the preview, never cut."""


# --- the player's side ------------------------------------------------------------------

def said_dispute(dispute: dict, tz_name: str) -> dict:
    """A dispute (``store.get_dispute``) with its times in the club's zone
    (``entered_local``; ``ruling.entered_local``) for a page."""
    out = {**dispute, "entered_local": local_time(dispute["entered_at"], tz_name)}
    if dispute.get("ruling"):
        out["ruling"] = {**dispute["ruling"],
                         "entered_local": local_time(dispute["ruling"]["entered_at"], tz_name)}
    return out


@bp.route("/p/<token>/hand/<int:hand_id>/dispute", methods=["GET", "POST"])
@player_link
def player_dispute(token: str, hand_id: int):
    """The player's dispute of one hand (a phone page): the form, then the status and the
    ruling. A refused statement (empty, too long, one already open) is said in the page's
    language with the text kept in the form, and nothing is written (HTTP 400).

    A POST writes first (``store.open_dispute``, which refuses a hand the player was not
    dealt into); the page (``store.dispute.pages.player_dispute_page``; None, a hand the
    player may not see: 404) is read for a GET and after a refused POST: so a refusal makes
    two store calls, the write refused (nothing written) and then the page it answers
    with."""
    player_id = g.player_id
    if hand_id > store.MAX_CHIPS:
        abort(404)
    error, statement = None, ""
    if request.method == "POST":
        statement = request.form.get("statement", "")
        try:
            check_text(statement, "statement", len(statement), multiline=True)  # its characters
            store.open_dispute(get_db(), hand_id, player_id, statement, key=form_key())
        except ValueError as exc:  # StoreError included: nothing written
            error = refusal_text(exc)
        else:
            return redirect(url_for(".player_dispute", token=token, hand_id=hand_id), 303)
    found = player_dispute_page(get_db(), hand_id, player_id)
    if found is None:
        abort(404)
    hand, night = found["hand"], found["night"]
    mine = [said_dispute(d, night["timezone"]) for d in found["disputes"]]
    page = render_template(
        "dispute/player_dispute.html", token=token, hand=hand, night=night, disputes=mine,
        can_file=not any(d["status"] == "open" for d in mine), error=error, statement=statement,
        max_statement=store.MAX_STATEMENT, key=new_form_key())
    return page, 400 if error else 200, PRIVATE


# --- the host's side --------------------------------------------------------------------

def parse_actions(text: str) -> list[str]:
    """The corrected actions written one per line: each line trimmed, blank lines dropped.

    >>> parse_actions(" p1 ante 5\\r\\n\\n p3 ante 5 ")
    ['p1 ante 5', 'p3 ante 5']
    """
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def ruling_form(args, live: list[str]) -> dict:
    """The ruling form's values from the sent form (``request.form``; ``{}``: blank).

    :returns: ``{"decision", "rule_choice", "rule_other", "rule" (the rule relied on: the
        chosen finding's rule, or the written one), "note", "actions_text" (the textarea),
        "actions" (the corrected live actions, or None when they are the hand's own), "mode"
        (how an upheld ruling is settled: ``"table"``, ``"money"``, or ``""``: the default)}``.
    """
    choice = args.get("rule_choice", "")
    other = args.get("rule_other", "").strip()
    text = args.get("actions")
    actions = live if text is None else parse_actions(text)
    return {"decision": args.get("decision", ""), "mode": args.get("mode", ""), "rule_choice": choice,
            "rule_other": other,
            "rule": other if choice in ("", OTHER_RULE) else choice.strip(),
            "note": args.get("note", ""), "actions_text": "\n".join(actions),
            "actions": None if actions == live else actions}


def _entry_words(entry: dict | None, names: dict) -> dict:
    """A referee hand entry (CONTRACT.md 4) as the preview shows it: the rules' awards and
    the dealer's pushes (``recorded_awards``) by name, and the findings said in the page's
    language."""
    entry = entry or {}

    def by_name(chips_by_seat: dict | None) -> list[dict] | None:
        if chips_by_seat is None:
            return None
        return [{"name": names.get(int(seat), _("seat %(s)s", s=seat)), "chips": chips}
                for seat, chips in sorted(chips_by_seat.items(), key=lambda kv: int(kv[0])) if chips]

    return {"awards": by_name(entry.get("awards")), "pushed": by_name(entry.get("recorded_awards") or {}),
            "carried": entry.get("carried") or 0,
            "findings": i18n.say_findings(entry.get("findings", []), names)}


def said_log(lines: list, names: dict) -> list[dict]:
    """A correction's lines (``{"event_id", "action"}`` dicts or the action strings) in
    words with names (``i18n.say_line``; the referee's ``action_sentence``), each with the
    line as written (``"action"``): ``[{"action", "words"}]``."""
    out = []
    for line in lines:
        text = line["action"] if isinstance(line, dict) else line
        out.append({"action": text, "words": i18n.say_line(text, names)})
    return out


def said_preview(preview: dict, names: dict) -> dict:
    """``store.preview_ruling`` for the page: each hand's result before and after in words
    (a hand the ruling does not change is marked so: ``store.dispute.rulings.hand_changed``), the
    correction in words, and the refusal said in the page's language."""
    hands = [{"number": h["number"], "changed": h["changed"],
              "before": _entry_words(h.get("before"), names), "after": _entry_words(h.get("after"), names)}
             for h in preview.get("hands", [])]
    refusal = preview.get("refusal")
    if refusal:
        refusal = {**refusal, "text": kept_refusal_text(refusal)}
    no_table = preview.get("table_refusal")
    if no_table:
        no_table = {**no_table, "text": kept_refusal_text(no_table)}
    return {**preview, "hands": hands, "refusal": refusal, "table_refusal": no_table,
            "lines_said": said_log(preview.get("lines", []), names), "voided_said": said_log(preview.get("voided", []), names),
            "added_said": said_log(preview.get("added", []), names)}


def said_ruling(dispute: dict, names: dict, players: dict[int, str]) -> dict:
    """A dispute's ruling for the host's page: who ruled in words (``i18n.who``), the
    correction in words (:func:`said_log`) and why the night was not closed again in the
    page's language (``web.core.refusals.close_refused_said``)."""
    r = dispute.get("ruling")
    if not r:
        return dispute
    return {**dispute, "ruling": {**r, "who": i18n.who(r.get("entered_by"), players),
                                  "voided_said": said_log(r.get("voided", []), names),
                                  "added_said": said_log(r.get("added", []), names),
                                  "close_refused_said": close_refused_said(r)}}


def _night_locale(night: dict) -> None:
    g.night_preset = night["rules_frozen"].get("preset")


@bp.get("/host/dispute/<int:dispute_id>")
@host_required
def host_dispute(dispute_id: int):
    """The dispute, the hand's findings and the ruling form; once ruled, the ruling."""
    return _dispute_page(dispute_id, None)


@bp.post("/host/dispute/<int:dispute_id>/preview")
@host_required
def preview(dispute_id: int):
    """The ruling form sent: the page with the preview (``store.preview_ruling``,
    read-only: nothing written, no write lock) and the commit form. A POST, so the note
    and the corrected actions never travel in the URL."""
    return _dispute_page(dispute_id, request.form)


def _dispute_page(dispute_id: int, sent, status: int = 200):
    """The host's dispute page; ``sent``: the ruling form's fields to preview (None: the
    blank form)."""
    return _render_dispute(_read_dispute(dispute_id, sent), sent, status)


def _read_dispute(dispute_id: int, sent, preview: bool = True) -> dict:
    """``store.dispute.pages.host_dispute_page`` for the form ``sent`` (None: the blank
    form: no preview; ``preview`` False: the form's values without a preview); 404 when
    there is no such dispute."""
    text = (sent or {}).get("actions")
    if dispute_id > store.MAX_CHIPS:
        abort(404)
    found = host_dispute_page(get_db(), dispute_id, preview=preview and sent is not None,
                              decision=(sent or {}).get("decision", ""),
                              actions=None if text is None else parse_actions(text), mode=(sent or {}).get("mode"))
    if found is None:
        abort(404)
    return found


def _render_dispute(found: dict, sent, status: int = 200, step_editor: dict | None = None,
                    step_error: str | None = None):
    """The host's dispute page from what the store read (:func:`_read_dispute`), with the
    step editor's pickers open (``step_editor``: ``web.dispute.steps.editor``) and its
    refusal in words (``step_error``) when a step is picked."""
    dispute, night, players, live = found["dispute"], found["night"], found["players"], found["live"]
    _night_locale(night)
    names = i18n.seat_names(players)
    findings = i18n.say_findings(found["findings"], names)
    form = ruling_form(sent or {}, live)
    if not form["mode"]:
        form["mode"] = found["default_mode"] or ""
    preview, digest = None, found["digest"]
    if found["preview"] is not None:
        preview = said_preview(found["preview"], names)
        form["mode"] = preview.get("mode") or ""
        longest = max(len(form["rule"]), len(form["note"].strip()))
        if preview["refusal"] is None and longest > MAX_NOTE:
            params = {"limit": MAX_NOTE, "length": longest}
            preview["refusal"] = {"code": "rule_too_long", "params": params,
                                  "text": said_refusal("rule_too_long", params)}
        if preview["refusal"] is None:
            try:
                _ruling_texts(form["rule"], form["note"])
            except ValueError as exc:
                preview["refusal"] = {"code": "bad_characters", "params": {}, "text": str(exc)}
    rules = list(dict.fromkeys(f["rule_text"] for f in findings if f.get("rule_text")))
    by_id = {p["player_id"]: p["name"] for p in players}
    page = render_template(
        "dispute/host_dispute.html", dispute=said_ruling(said_dispute(dispute, night["timezone"]), names, by_id),
        night=night, findings=findings, rules=rules, form=form, live=live, live_said=said_log(live, names),
        preview=preview, digest=digest, mode=found["mode"], mode_open=found["mode_open"],
        mode_history=[{**h, "who": i18n.who(h["entered_by"], by_id), "voided_who": i18n.who(h["voided_by"], by_id)
                       if h["voided_by"] else None} for h in found["mode_history"]],
        other_rule=OTHER_RULE, replay_url=replay_url(night["id"], dispute["hand_number"]),
        key=new_form_key(), max_note=MAX_NOTE, steps=draft_steps(parse_actions(form["actions_text"]), live, names),
        step_editor=step_editor, step_error=step_error, names=names)
    return page, status


STEP_BUTTONS = ("pick", "insert", "remove", "apply", "cancel")
"""The step editor's buttons (one of them names the sent form's step operation)."""


@bp.post("/host/dispute/<int:dispute_id>/step")
@host_required
def step(dispute_id: int):
    """The step editor (issue 26): the ruling form sent with one of its step buttons.
    ``pick=N``/``insert=N`` (0-based) opens the pickers of step N (change it, or insert one
    before it: the referee's verbs, amounts, seats and cards there:
    ``store.dispute.step_edits.step_state``); ``remove=N`` removes it; ``apply`` (with
    ``e_op``, ``e_index`` and the pickers' ``e_*`` fields) changes it
    (``store.dispute.step_edits.edited_actions``). The corrected lines go into the raw
    lines' field (``actions``) and, once they differ from the hand's, the page shows the
    ruling's preview (``store.preview_ruling``: upheld unless the form says otherwise, a
    correction being refused on a rejection). Read-only: nothing is written here; the
    ruling's commit writes. A refused change is said in the page's language, the pickers
    kept (HTTP 400)."""
    form = request.form
    if dispute_id > store.MAX_CHIPS:
        abort(404)
    text = form.get("actions")
    sent = {k: form.get(k, "") for k in ("decision", "mode", "rule_choice", "rule_other", "note")}
    button = next((b for b in STEP_BUTTONS if b in form), "cancel")
    op, index, fields, error = None, None, None, None
    try:
        if button in ("pick", "insert", "remove"):
            op, index = {"pick": "change"}.get(button, button), _step_index(form.get(button))
        elif button == "apply":
            op, index, fields = form.get("e_op", ""), _step_index(form.get("e_index")), editor_fields(form)
    except ValueError as exc:  # StoreError included: the draft unchanged
        error, op = refusal_text(exc), None
    done = step_edit(get_db(), dispute_id, draft=None if text is None else parse_actions(text), op=op,
                     index=index, fields=fields, apply=button == "apply" and error is None, sent=sent)
    if done is None:
        abort(404)
    if done["refused"] is not None:
        error = refusal_text(done["refused"])
    picker = None
    if done["state"] is not None:
        names = i18n.seat_names(done["page"]["players"])
        draft = done["draft"]
        try:
            picker = editor(done["state"], op, draft[index] if op == "change" else None, names, fields)
        except ValueError as exc:
            error, picker = refusal_text(exc), None
    return _render_dispute(done["page"], done["sent"], 400 if error else 200, step_editor=picker, step_error=error)


def _step_index(value) -> int:
    """A step's index as the form sends it. :raises StoreError: ``step_number``."""
    text = str(value or "")
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise store.StoreError("step_number", field="step")
    return int(text)


def _ruling_texts(rule_text: str, note: str) -> None:
    """Refuse control and invisible characters in the ruling's rule and note
    (``web.core.forms.check_text``; their lengths are the store's to refuse, code
    ``rule_too_long``). :raises ValueError: in the page's language."""
    check_text(rule_text, "rule", max(len(rule_text), 1))
    check_text(note, "note", max(len(note), 1), multiline=True)


def replay_url(night_id: int, number: int) -> str:
    """The host's replay of a hand (``web.hand.replayer``: ``/host/night/<id>/hand/<number>``)."""
    return url_for("replay.host_hand", night_id=night_id, number=number)


@bp.post("/host/dispute/<int:dispute_id>/rule")
@host_required
def rule(dispute_id: int):
    """Commit the previewed ruling (``store.record_ruling``, entered by the host).

    The form carries what was previewed: decision, rule, note, the corrected actions (one
    ``action`` field each, ``corrected=1``; none: no correction) and the preview's digest.
    When the same ruling would now change something else than what was previewed (another
    write came between), nothing is written and the new preview is shown. A second send of
    the same form (same key) stores one ruling. So a refusal makes two store calls: the
    write refused, then the page it answers with (``host_dispute_page``).
    """
    if dispute_id > store.MAX_CHIPS:
        abort(404)
    decision = request.form.get("decision", "")
    rule_text = request.form.get("rule", "").strip()
    note = request.form.get("note", "")
    actions = request.form.getlist("action") if request.form.get("corrected") == "1" else None
    mode = request.form.get("mode") or None
    try:
        _ruling_texts(rule_text, note)
        store.record_ruling(get_db(), dispute_id, decision=decision, rule=rule_text, note=note, actions=actions,
                            entered_by=current_actor(), key=form_key(), previewed=request.form.get("digest", ""),
                            mode=mode)
    except ValueError as exc:  # StoreError included: nothing was written
        back = {"decision": decision, "rule_choice": OTHER_RULE, "rule_other": rule_text, "note": note,
                "mode": mode or ""}
        if actions is not None:
            back["actions"] = "\n".join(actions)
        found = _read_dispute(dispute_id, back)   # (no such dispute: 404, nothing said)
        flash(refusal_text(exc), "error")
        return _render_dispute(found, back, 409)  # the new preview (never a long URL)
    flash(_("Ruling recorded."), "ok")
    return redirect(url_for(".host_dispute", dispute_id=dispute_id) + "#ruling")


@bp.post("/host/dispute/<int:dispute_id>/mode")
@host_required
def change_mode(dispute_id: int):
    """Settle the dispute's ruling the other way (``store.change_ruling_mode``: a new row,
    the old one voided with who and why), until the night closes. A refusal is said in the
    page's language, nothing written."""
    if dispute_id > store.MAX_CHIPS or not request.form.get("ruling", "").isdigit():
        abort(404)
    try:
        store.change_ruling_mode(get_db(), int(request.form["ruling"]), request.form.get("mode", ""),
                                 reason=request.form.get("reason", ""), entered_by=current_actor(), key=form_key(),
                                 dispute_id=dispute_id)
    except ValueError as exc:
        flash(refusal_text(exc), "error")
    else:
        flash(_("How the ruling is settled was changed."), "ok")
    return redirect(url_for(".host_dispute", dispute_id=dispute_id) + "#ruling")
