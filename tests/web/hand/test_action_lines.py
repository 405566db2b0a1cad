"""An action line is read before it is stored (issue 13: "every form and JSON endpoint
validates types, ranges, lengths and card strings"; fresh tester A items 4 and 5).

A tablet's tap and a ruling's corrected lines go through one check (``store.hand.events._readable``):
the referee's own parser (``referee.actions.parse_action``, CONTRACT.md 2: "bad input is
never guessed at"), a seat somebody takes tonight, numbers up to ``store.MAX_CHIPS``. A
refused line: 400 (the tablet) or the dispute page again (the host), a message in the page's
language naming the line, nothing stored. What the referee exists to flag (out of turn, six
cards, a card twice, an award the pot does not hold) is stored and flagged, not refused.
"""

from __future__ import annotations

import pytest
from dispute_cases import refused, snapshot
from fuzz_world import build
from hosts import login_host

import store
from store.dispute.rulings import preview_digest

TOO_BIG = "1000000000000000000000000000000"

REFUSED = [
    ("p2 open 1e3", "actions_invalid"),
    ("<script>alert(1)</script>", "actions_invalid"),
    ("p3 show XxYyZz", "actions_invalid"),
    ("p99 check", "action_seat_unknown"),
    ("p2 check", "action_seat_unknown"),  # (seats 1, 3, 4 tonight)
    ("d award p7 5", "action_seat_unknown"),
    (f"p1 bet {TOO_BIG}", "action_too_large"),
    ("p3 raise 1000000000001", "action_too_large"),
    ("d note 99999999999999 chips", "action_too_large"),
]
"""Lines a tablet sends that no table can play, with the store's refusal code."""


@pytest.fixture
def world(app, db):
    w = build(app, db)
    store.append_action(db, w.live_hand, "p4 ante 5", entered_by="test", key="live-ante-4")
    return w


def _kinds(db, hand_id: int) -> dict[str, list[int]]:
    """The referee's findings on the hand: kind -> the action indexes it points at."""
    found: dict[str, list[int]] = {}
    for f in store.hand_check(db, hand_id)["findings"]:
        found.setdefault(f["kind"], []).append(f.get("action"))
    return found


@pytest.mark.parametrize("line, code", REFUSED)
def test_the_store_refuses_a_line_no_table_can_play_and_writes_nothing(db, world, line, code):
    error = refused(db, code, store.append_action, db, world.live_hand, line, entered_by="test",
                    key="tap-bad-line")
    assert error.params["text"] == line and error.params["index"] is None


@pytest.mark.parametrize("before, line, kind", [
    ([], "p1 show AsAsAsAsAs", "duplicate_card"),
    ([], "p1 show AsKsQsJsTs9s", "wrong_card_count"),
    (["p3 ante 5", "p1 ante 5"], "p4 open 10", "out_of_turn"),
    ([], "p3 raise 999999999999", "bet_too_large"),  # (at the limit: read, and more than the stack)
])
def test_what_the_referee_flags_is_stored_and_flagged_not_refused(db, world, before, line, kind):
    """Five readable cards that repeat one: the referee's ``duplicate_card`` (RRoP section
    13); six cards: ``wrong_card_count``; out of turn: TDA rule 53; a bet past the stack."""
    for i, earlier in enumerate(before):
        store.append_action(db, world.live_hand, earlier, entered_by="test", key=f"before-{i}")
    assert kind not in _kinds(db, world.live_hand)
    store.append_action(db, world.live_hand, line, entered_by="test", key="tap-flagged")
    assert store.hand_actions(db, world.live_hand)[-1]["action"] == line
    assert kind in _kinds(db, world.live_hand)


def test_an_award_the_pot_does_not_hold_is_stored_and_flagged_once_the_hand_is_decided(db, app):
    """``d award p3 999999`` with 25 in the pot: the referee's ``wrong_award`` (CONTRACT.md 4)."""
    w = build(app, db)
    for i, line in enumerate(["p3 ante 5", "p4 ante 5", "p1 ante 5", "p3 open 10", "p4 fold",
                              "p1 fold", "d award p3 999999"]):
        store.append_action(db, w.live_hand, line, entered_by="test", key=f"over-award-{i}")
    assert _kinds(db, w.live_hand)["wrong_award"] == [6]


def test_a_seat_taken_later_in_the_night_may_be_named(db, app):
    """The seats of the night (``store.table_players``: seated now, or played and left)."""
    w = build(app, db)
    store.void_hand_start(db, w.live_hand, reason="not yet", entered_by="test")
    assert store.hand.events.action_seats(db, w.night) == {1, 3, 4}
    store.seat_player(db, w.night, store.add_player(db, "Bea"), 7, entered_by="test")
    assert store.hand.events.action_seats(db, w.night) == {1, 3, 4, 7}


TAPPED = [
    ("p2 open 1e3", "La acción «p2 open 1e3» no se puede leer: escríbela como en la anotación del "
                    "repartidor (por ejemplo «p3 call», «p1 show AsKsQsJsTs»). No se ha guardado nada."),
    ("<script>alert(1)</script>", "La acción «<script>alert(1)</script>» no se puede leer"),
    ("p3 show XxYyZz", "La acción «p3 show XxYyZz» no se puede leer"),
    ("p99 check", "La acción «p99 check» nombra el asiento 99, donde esta noche no se sienta nadie "
                  "(asientos: 1, 3, 4): no se ha guardado nada."),
    (f"p1 bet {TOO_BIG}", f"La acción «p1 bet {TOO_BIG}» tiene un número mayor que 1000000000000: "
                          "no se ha guardado nada."),
]


@pytest.mark.parametrize("line, said", TAPPED)
def test_the_tablet_answers_400_in_spanish_naming_the_line_and_stores_nothing(app, db, world, line, said):
    client = app.test_client()
    version = client.get(f"{world.dealer}/state").get_json()["version"]
    before = snapshot(db)
    answer = client.post(f"{world.dealer}/tap", json={"key": "tap-bad-line-01", "op": "action",
                                                      "hand_id": world.live_hand, "version": version,
                                                      "action": line})
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert answer.get_json()["error"].startswith(said)
    assert snapshot(db) == before
    english = client.post(f"{world.dealer}/tap?lang=en", json={
        "key": "tap-bad-line-02", "op": "action", "hand_id": world.live_hand, "version": version,
        "action": line}).get_json()["error"]
    assert line in english and "othing was stored" in english


def test_the_tablet_stores_a_duplicate_card_and_says_nothing_is_refused(app, db, world):
    client = app.test_client()
    version = client.get(f"{world.dealer}/state").get_json()["version"]
    answer = client.post(f"{world.dealer}/tap", json={"key": "tap-dup-01", "op": "action",
                                                      "hand_id": world.live_hand, "version": version,
                                                      "action": "p1 show AsAsAsAsAs"})
    assert answer.status_code == 200
    assert "duplicate_card" in {f["kind"] for f in answer.get_json()["findings"]}


def _corrected(db, world, last: str) -> list[str]:
    live = [a["action"] for a in store.hand_actions(db, world.hand) if not a["voided"]]
    return live[:-1] + [last]


@pytest.mark.parametrize("last, code", [(f"p1 bet {TOO_BIG}", "action_too_large"),
                                        ("p9 fold", "action_seat_unknown"),
                                        ("p4 show QsQh7c5dXx", "actions_invalid")])
def test_a_ruling_refuses_a_corrected_line_no_table_can_play(db, world, last, code):
    actions = _corrected(db, world, last)
    error = refused(db, code, store.record_ruling, db, world.dispute, decision="upheld", rule="RRoP",
                    entered_by="host", actions=actions)
    assert error.params["index"] == len(actions) - 1
    preview = store.preview_ruling(db, world.dispute, decision="upheld", actions=actions)
    assert preview["refusal"]["code"] == code


def test_the_host_commit_of_a_ruling_with_a_huge_number_is_refused_in_spanish(app, db, world):
    """Tester A item 5: the corrected last line ``p1 bet 10**30`` was committed (302)."""
    client = app.test_client()
    login_host(client)
    actions = _corrected(db, world, f"p1 bet {TOO_BIG}")
    preview = store.preview_ruling(db, world.dispute, decision="upheld", actions=actions)
    before = snapshot(db)
    page = client.post(f"/host/dispute/{world.dispute}/rule", data={
        "decision": "upheld", "rule": "RRoP", "note": "", "corrected": "1", "action": actions,
        "digest": preview_digest(preview), "key": "rule-huge-number-01"})
    assert page.status_code == 409
    said = (f"La línea {len(actions)} de las acciones corregidas tiene un número mayor que "
            f"1000000000000: «p1 bet {TOO_BIG}».")
    assert said in page.get_data(as_text=True)
    assert snapshot(db) == before
    shown = client.post(f"/host/dispute/{world.dispute}/preview", data={
        "decision": "upheld", "rule_choice": "__other__", "rule_other": "RRoP",
        "actions": "\n".join(actions)})
    assert said in shown.get_data(as_text=True)
