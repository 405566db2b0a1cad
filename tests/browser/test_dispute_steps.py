"""Correcting a hand without code in a real browser (issue 26; Playwright driving Debian's
chromium), in Spanish at 1366 x 768: the host picks the award step of the disputed hand on
the dispute page, changes whom it goes to with the pickers, reads the preview (the
correction and the referee's result in words), rules and commits; the stored log is the
corrected one. The raw lines stay closed behind "editar el registro".

The hand is ``shared/cases/false_opener.json``: the pot (75) is logged as pushed to Bruno
(seat 3); Chus (seat 4) says it was pushed to her, as the rules give it.
"""

from __future__ import annotations

import json

import pytest
from pages import open_as_host
from paths import ARTIFACTS
from tablets import night_with_first_hand

import store
from store.hand.events import hand_actions

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("shared")]

LAPTOP = {"width": 1366, "height": 768}


def test_the_host_corrects_an_award_with_the_pickers_and_commits(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    actions = case["hands"][0]["actions"]
    night_id, ids = night_with_first_hand(db, case)
    hand_id = store.night_hands(db, night_id)[0]["id"]
    dispute = store.open_dispute(db, hand_id, ids["Chus"], "El repartidor me empujó el bote a mí, no a Bruno.")
    ARTIFACTS.mkdir(exist_ok=True)

    host = browser.new_context(viewport=LAPTOP, locale="es-ES")
    hp = host.new_page()
    open_as_host(hp, server, f"/host/dispute/{dispute}", app)
    hp.wait_for_selector("#draft-steps")
    assert hp.locator("#raw-log").get_attribute("open") is None       # the raw lines: closed
    assert hp.inner_text("#raw-log summary") == "editar el registro"
    award = hp.locator('#draft-steps li[data-line="d award p3 75"]')
    assert "Bruno" in award.inner_text()
    award.locator("button[name=pick]").click()
    hp.wait_for_selector("#step-editor")
    assert hp.evaluate("location.hash") == "#step-editor"
    hp.select_option("#e-award-seat", "4")
    hp.fill("#e-chips", "75")
    hp.screenshot(path=str(ARTIFACTS / "dispute_steps_editor_1366.png"))
    before = {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("events", "ledger", "rulings")}
    hp.click("#apply-step")
    hp.wait_for_selector("#preview")
    assert {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in before} == before
    correction = hp.inner_text("#preview-correction")
    assert "anulada" in correction and "añadida" in correction and "Chus" in correction
    assert hp.locator("#preview-refusal").count() == 0
    changed = hp.locator('#draft-steps li[data-line="d award p4 75"]')
    assert "Chus" in changed.inner_text() and "corregida" in changed.inner_text()
    assert hp.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    hp.screenshot(path=str(ARTIFACTS / "dispute_steps_preview_1366.png"))
    hp.locator("#steps").screenshot(path=str(ARTIFACTS / "dispute_steps_list.png"))

    hp.check("input[name=decision][value=upheld]")
    hp.check("#rule-other-choice")
    hp.fill("#rule-other", "RRoP, Showdown 3: el error del registro se corrige.")
    hp.click("#preview-btn")
    hp.wait_for_selector("#commit-form")
    hp.click("#commit-btn")
    hp.wait_for_selector("#ruling")
    assert hp.inner_text("#ruling-decision") == "aceptada"
    live = [a["action"] for a in hand_actions(db, hand_id) if not a["voided"]]
    assert live == actions[:-1] + ["d award p4 75"]
    hp.screenshot(path=str(ARTIFACTS / "dispute_steps_ruled_1366.png"))
    host.close()
