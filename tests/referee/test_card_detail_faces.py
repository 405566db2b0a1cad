"""A finding's one-card detail (``card``: the exposed card, a card seen twice ...) is drawn
as a page draws cards (``A♥``) when the page asks for faces, as its list details are; the
log's code (``Ah``) otherwise (the golden snapshot's and the CLI's words)."""

from __future__ import annotations

from referee.messages import sentence

EXPOSED = {"kind": "exposed_card", "seat": 3, "severity": "info", "action": 3,
           "details": {"card": "Ah", "exposed": 1, "reason": "kept"}}


def test_one_card_is_drawn_as_a_face_on_a_page():
    said = sentence(EXPOSED, "es", {3: "Bruno"}, faces=True)
    assert said.startswith("A♥, que iba para Bruno") and "Ah" not in said


def test_one_card_stays_a_code_without_faces():
    assert sentence(EXPOSED, "en", {3: "Bruno"}).startswith("Ah, meant for Bruno")
