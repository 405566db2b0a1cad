"""Ending the night from the tablet, the award in words and the 304 poll (issue 26):
"última mano" said from the tablet (a row of ``night_marks``, append-only, taken back by a
void row), "confirm and end" awards and closes the last hand and starts no other, the count
refused during a hand names the way out, each tabled hand named in the referee's words,
and the state answers 304 while nothing changed.
"""

from __future__ import annotations

from tablets import dealer_token, tap_as_seen

import store
from store.night.last_hand import declare_last_hand, last_hand_status, withdraw_last_hand

PLAYERS = [("Ana", 1), ("Bruno", 3), ("Chus", 4)]
RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
CLEAN = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 call",
         "p1 draw 3", "p3 draw 3", "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call",
         "p3 show JhJd8c8s3d", "p1 show 9s9d5c4h2s"]


def _night(db, *, start=True):
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in PLAYERS:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    if start:
        store.start_hand(db, night_id, button=4, entered_by="test")
    return {"id": night_id, "base": f"/dealer/{night_id}/{dealer_token(db, night_id)}"}


def _tap(client, night, body):
    return tap_as_seen(client, night["base"], body)


def _act(client, night, actions, prefix):
    for i, action in enumerate(actions):
        response = _tap(client, night, {"key": f"{prefix}-{i:04d}", "op": "action", "action": action})
        assert response.status_code == 200, response.get_json()
    return response.get_json()


def _live(db, hand_id):
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def test_last_hand_said_on_the_tablet_makes_confirm_end_the_night_s_play(client, db, app):
    night = _night(db)
    hand_id = store.current_hand(db, night["id"])
    said = _tap(client, night, {"key": "last-hand-on-1", "op": "last_hand", "on": True})
    assert said.status_code == 200, said.get_json()
    assert said.get_json()["last_hand"] is True and said.get_json()["play_over"] is False
    view = _act(client, night, CLEAN, "clean-last")
    assert view["finish"] == {"awards": {"3": 85}, "carries": 0} and view["last_hand"] is True
    answer = _tap(client, night, {"key": "finish-last-1", "op": "finish_hand", "hand_id": hand_id}).get_json()
    assert _live(db, hand_id)[-1] == "d award p3 85" and store.hand.rows.hand_ended(db, hand_id)
    assert answer["started_hand"] is None and store.current_hand(db, night["id"]) is None
    assert answer["play_over"] is True and answer["in_progress"] is False
    assert len(store.night_hands(db, night["id"])) == 1
    # the count is no longer refused: the night's play is over
    ana = store.find_player(db, "Ana")
    store.cash_out(db, night["id"], ana, 495, entered_by="host")


def test_without_last_hand_confirm_still_starts_the_next(client, db, app):
    night = _night(db)
    hand_id = store.current_hand(db, night["id"])
    _tap(client, night, {"key": "last-hand-on-2", "op": "last_hand", "on": True})
    taken = _tap(client, night, {"key": "last-hand-off-2", "op": "last_hand", "on": False}).get_json()
    assert taken["last_declared"] is False and taken["last_hand"] is False
    _act(client, night, CLEAN, "clean-next")
    answer = _tap(client, night, {"key": "finish-next-2", "op": "finish_hand", "hand_id": hand_id}).get_json()
    assert answer["started_hand"] is not None and answer["hand"] == 2
    # append-only: the mark and its void are both kept
    kinds = [r[0] for r in db.execute("SELECT kind FROM night_marks WHERE night_id = ? ORDER BY id", [night["id"]])]
    assert kinds == ["last_hand", "void"]


def test_last_hand_said_between_hands_covers_the_next_hand_only(db, app):
    night = _night(db, start=False)
    declare_last_hand(db, night["id"], entered_by="host", key="mark-between-1")
    assert last_hand_status(db, night["id"]) == {"declared": True, "last_hand": True, "play_over": False}
    store.start_hand(db, night["id"], button=4, entered_by="host")
    assert last_hand_status(db, night["id"])["last_hand"] is True
    withdraw_last_hand(db, night["id"], entered_by="host", key="mark-between-2")
    assert last_hand_status(db, night["id"])["declared"] is False


def test_a_bad_last_hand_tap_is_refused_and_stores_nothing(client, db, app):
    night = _night(db)
    refused = _tap(client, night, {"key": "last-hand-bad-1", "op": "last_hand", "on": "yes"})
    assert refused.status_code == 400
    nothing = _tap(client, night, {"key": "last-hand-bad-2", "op": "last_hand", "on": False})
    assert nothing.status_code == 400 and "Última mano" in nothing.get_json()["error"]
    assert db.execute("SELECT COUNT(*) FROM night_marks").fetchone()[0] == 0


def test_a_count_during_a_hand_names_the_way_out(db, app):
    night = _night(db)
    ana = store.find_player(db, "Ana")
    try:
        store.cash_out(db, night["id"], ana, 500, entered_by="host")
    except store.StoreError as exc:
        assert (exc.code, exc.params) == ("count_hand_in_progress", {"number": 1, "empty": True})
    else:
        raise AssertionError("a count during a hand must be refused")
    with app.test_request_context("/?lang=es"):
        from web.core.refusals import said_refusal
        assert "anula su inicio" in said_refusal("count_hand_in_progress", {"number": 1, "empty": True})
        assert "Confirmar y terminar" in said_refusal("count_hand_in_progress", {"number": 1, "empty": False})


def test_the_proposal_names_each_hand_and_the_shown_cards_are_at_their_seats(client, db, app):
    night = _night(db)
    view = _act(client, night, CLEAN, "clean-words")
    assert view["shown"]["3"]["cards"] == ["Jh", "Jd", "8c", "8s", "3d"]
    assert view["shown"]["3"]["words"] == "dobles parejas de jotas y ochos"
    assert view["shown"]["1"]["words"] == "pareja de nueves"
    assert view["proposal_words"] == "Bruno: dobles parejas de jotas y ochos, gana a Ana: pareja de nueves"


def test_the_state_answers_304_while_nothing_changed_and_200_after_a_rebuy(client, db, app):
    night = _night(db, start=False)
    first = client.get(night["base"] + "/state")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag
    same = client.get(night["base"] + "/state", headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.get_data() == b""
    store.buy_in(db, night["id"], store.find_player(db, "Ana"), 100, entered_by="host")
    after = client.get(night["base"] + "/state", headers={"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert [s["stack"] for s in after.get_json()["seats"]][0] == 600
