"""The dispute page's step editor (issue 26): the host corrects a hand by picking a step and
changing it with pickers (the verb, the amount, the cards, the award), removing it or
inserting one; the page previews the corrected hand as the referee judges it, and the
commit stores the same correction as the raw lines would.

The world is the role matrix's (``tests/support/role_routes.py``): Chus (seat 4) opens
before Bruno (seat 3) has spoken; the pot, 25, is pushed to Chus; Ana's dispute is open.
"""

from __future__ import annotations

import html
import re

import pytest
from csrf_client import post_form
from hosts import login_host
from locks import held_write_lock
from role_routes import CASE, build

import store
from store.hand.events import hand_actions

LIVE = CASE["actions"]


@pytest.fixture
def world(app, db, client):
    w = build(app, db)
    login_host(client)
    return w


def _rows(db) -> dict[str, int]:
    return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("events", "ledger", "rulings")}


def _step(client, w, data: dict, lang: str = "en", actions: list[str] | None = None):
    form = {"actions": "\n".join(LIVE if actions is None else actions), **data}
    response = post_form(client, f"/host/dispute/{w.dispute}/step?lang={lang}", form)
    return response, response.get_data(as_text=True)


def _draft(page: str) -> list[str]:
    """The raw lines' field as the page fills it (the corrected lines)."""
    text = re.search(r'<textarea id="actions"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    return [line.strip() for line in html.unescape(text).splitlines() if line.strip()]


def _commit_actions(page: str) -> list[str]:
    form = re.search(r'<form [^>]*id="commit-form">(.*?)</form>', page, re.S).group(1)
    return [html.unescape(v) for v in re.findall(r'name="action" value="([^"]*)"', form)]


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _fields(page: str) -> dict:
    """The step editor's hidden op and index."""
    return {"e_op": re.search(r'name="e_op" value="(\w+)"', page).group(1),
            "e_index": re.search(r'name="e_index" value="(\d+)"', page).group(1)}


def test_the_steps_are_listed_in_words_and_the_raw_lines_sit_behind_edit_the_log(world, client):
    page = client.get(f"/host/dispute/{world.dispute}?lang=es").get_data(as_text=True)
    assert page.count('<li id="draft-step-') == len(LIVE)
    assert "<summary>editar el registro</summary>" in page
    assert 'id="draft-step-9" data-line="d award p4 25"' in page
    assert "Corregir la mano paso a paso" in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_changing_the_award_with_the_pickers_previews_the_referees_words(world, client, db, lang):
    rows = _rows(db)
    response, page = _step(client, world, {"pick": "8"}, lang)
    assert response.status_code == 200 and 'id="step-editor"' in page
    assert '<select id="e-award-seat" name="e_award_seat">' in page
    assert 'id="preview"' not in page                      # nothing corrected yet
    response, page = _step(client, world, {**_fields(page), "apply": "1", "e_kind": "award",
                                          "e_award_seat": "1", "e_chips": "25"}, lang)
    assert response.status_code == 200
    assert _draft(page) == LIVE[:-1] + ["d award p1 25"]
    assert 'id="preview"' in page and 'id="preview-refusal"' not in page
    correction = _text(re.search(r'id="preview-correction">(.*?)</ul>', page, re.S).group(1))
    if lang == "en":
        assert "voided:" in correction and "added:" in correction and "Ana" in correction
    else:
        assert "anulada:" in correction and "añadida:" in correction and "Ana" in correction
    assert 'id="draft-step-9" data-line="d award p1 25" class="added"' in page
    assert _rows(db) == rows                               # read-only


def test_changing_a_verb_and_its_amount_within_the_referees_limits(world, client):
    _, page = _step(client, world, {"pick": "3"})          # Ana checks: she may open instead
    verbs = re.findall(r'<option value="(\w+)"', re.search(r'id="e-verb".*?</select>', page, re.S).group(0))
    assert "open" in verbs and "check" in verbs and "raise" not in verbs
    response, page = _step(client, world, {**_fields(page), "apply": "1", "e_kind": "player", "e_seat": "1",
                                          "e_verb": "open", "e_amount": "10"})
    assert response.status_code == 200
    assert _draft(page)[3] == "p1 open 10"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_refused_change_is_said_in_words_and_changes_nothing(world, client, db, lang):
    rows = _rows(db)
    _, page = _step(client, world, {"pick": "3"}, lang)
    for bad, code in (({"e_verb": "raise", "e_amount": "20"}, "verb"),
                      ({"e_verb": "open", "e_amount": "15"}, "amount"),
                      ({"e_verb": "open", "e_amount": "ten"}, "number")):
        response, refused = _step(client, world, {**_fields(page), "apply": "1", "e_kind": "player",
                                                 "e_seat": "1", **bad}, lang)
        assert response.status_code == 400
        assert _draft(refused) == LIVE and 'id="preview"' not in refused
        said = _text(re.search(r'id="step-error">(.*?)</p>', refused, re.S).group(1))
        words = {("en", "verb"): "does not accept", ("es", "verb"): "no admite",
                 ("en", "amount"): "between 10 and 10 chips", ("es", "amount"): "entre 10 y 10 fichas",
                 ("en", "number"): "whole number", ("es", "number"): "número entero"}
        assert words[(lang, code)] in said, said
        assert 'id="step-editor"' in refused                # the pickers stay open
    assert _rows(db) == rows


def test_changing_the_cards_shown(world, client):
    _, page = _step(client, world, {"pick": "7"})          # Chus shows QsQh7c5d2s
    editing = _fields(page)
    picked = re.findall(r'<option value="(\w\w)" selected>', page)
    assert picked == ["Qs", "Qh", "7c", "5d", "2s"]
    cards = {f"e_card{i}": c for i, c in enumerate(["Qs", "Qh", "7c", "5d", "3s"])}
    response, page = _step(client, world, {**editing, "apply": "1", "e_kind": "player", "e_seat": "4",
                                          "e_verb": "show", **cards})
    assert response.status_code == 200, _text(page)[:400]
    assert _draft(page)[7] == "p4 show QsQh7c5d3s"
    response, page = _step(client, world, {**editing, "apply": "1", "e_kind": "player", "e_seat": "4",
                                          "e_verb": "show", **{**cards, "e_card4": "Qs"}})
    assert response.status_code == 400 and _draft(page) == LIVE      # a card twice


def test_removing_and_inserting_steps(world, client):
    response, page = _step(client, world, {"remove": "8"})
    assert response.status_code == 200 and _draft(page) == LIVE[:-1]
    assert 'id="preview"' in page
    _, page = _step(client, world, {"insert": "8"}, actions=LIVE[:-1])
    assert 'id="step-player"' in page and 'id="step-award"' in page
    response, page = _step(client, world, {**_fields(page), "apply": "1", "e_kind": "award", "e_award_seat": "3",
                                          "e_chips": "25"}, actions=LIVE[:-1])
    assert _draft(page) == LIVE[:-1] + ["d award p3 25"]
    response, page = _step(client, world, {"remove": "42"})
    assert response.status_code == 400 and _draft(page) == LIVE


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_commit_stores_the_same_correction_as_the_raw_lines(world, client, db, lang):
    corrected = LIVE[:-1] + ["d award p1 25"]
    raw = post_form(client, f"/host/dispute/{world.dispute}/preview?lang={lang}",
                    {"decision": "upheld", "rule_choice": "__other__", "rule_other": "RRoP, Showdown 3",
                     "actions": "\n".join(corrected)}).get_data(as_text=True)
    _, page = _step(client, world, {"pick": "8"}, lang)
    _, page = _step(client, world, {**_fields(page), "apply": "1", "e_kind": "award", "e_award_seat": "1",
                                    "e_chips": "25", "decision": "upheld", "rule_choice": "__other__",
                                    "rule_other": "RRoP, Showdown 3"}, lang)
    assert _commit_actions(page) == _commit_actions(raw) == corrected
    form = re.search(r'<form [^>]*id="commit-form">(.*?)</form>', page, re.S).group(1)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))
    fields.pop("csrf_token")
    response = post_form(client, f"/host/dispute/{world.dispute}/rule",
                         {**{k: html.unescape(v) for k, v in fields.items()}, "action": corrected,
                          "corrected": "1"})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    live = [a["action"] for a in hand_actions(db, world.hand) if not a["voided"]]
    assert live == corrected
    assert store.get_dispute(db, world.dispute)["status"] == "upheld"


def test_the_step_editor_answers_while_another_connection_holds_the_write_lock(world, client, app):
    """Read-only: it takes no write lock (a step changed and previewed while a tablet writes)."""
    with held_write_lock(app.config["DATABASE"]):
        response, page = _step(client, world, {"remove": "8"})
    assert response.status_code == 200 and 'id="preview"' in page
