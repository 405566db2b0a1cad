"""The PHH round trip keeps the referee's judgement: for a session whose check has no error
finding, ``check(load_phh(dump_phh(session)))`` gives every hand the same findings (kind,
action index, seat), pots, awards (judged and recorded), stacks, carried pot and next
opening as ``check(session)``.

What PHH cannot say travels in ``_tapete_*`` fields and ``# tapete:`` comments
(``referee.phh``): the session's players (``_tapete_players``: a busted seat is in no
hand's positions), each hand's ``button``/``rebuys``/``stacks`` (``_tapete_hand``), rules
with a null value (``_tapete_rules_json``), antes and blinds PHH cannot post in its fields
(comment actions whose chips load_phh still counts), and the log's own line after a PHH
action that would read back otherwise (``p2 cc # tapete (seat numbers): p2 call 1``).

The sessions: the tester's three reports (copied below), 400 random-walk sessions of the
house games (``walkgen.walk_session``) and 200 generated hands
(``handgen.generate_hand``), all seeded.
"""

from __future__ import annotations

import tomllib

import pytest
from handgen import generate_hand
from walkgen import walk_session

import referee
from referee.check import has_errors
from referee.phh import dump_phh, load_phh


def judged(result: dict) -> list:
    return [([(f["kind"], f["action"], f["seat"]) for f in h["findings"]], h["pots"], h["awards"],
             h["recorded_awards"], h["stacks"], h["carried"], h["next_opening"])
            for h in result["hands"]]


def assert_round_trip(session: dict) -> dict:
    """The session after export and import, asserted judged alike; returns it."""
    back = load_phh(dump_phh(session))
    assert judged(referee.check(back)) == judged(referee.check(session))
    return back


# the tester's reports (/tmp/t3-findings), as they were filed

REBUY = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}, "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 open 10", "p2 fold", "p1 show JsJd4c3h2s", "d award p1 20"]}, {"rebuys": {"2": 50}, "actions": ["p2 ante 5", "p1 ante 5", "p2 open 10", "p1 fold", "p2 show QsQd4c3h2s", "d award p2 20"]}]}

BUST = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}, "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}, {"seat": 3, "stack": 5}], "hands": [{"button": 3, "actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 fold", "p1 draw 0", "p3 draw 0", "p1 show JsJd4c3h2s", "p3 show 9s9d8c7h2d", "d award p1 25"]}, {"actions": ["p2 ante 5", "p1 ante 5", "p2 open 10", "p1 fold", "p2 show QsQd4c3h2s", "d award p2 20"]}]}

CLEAN_SESSION = {"format": "tapete/1", "rules": {"preset": "internacional", "ante": 1, "betting": "pot_limit", "min_bet": 2, "draws": 2}, "players": [{"seat": 2, "name": "P2", "stack": 14}, {"seat": 4, "name": "P4", "stack": 5}, {"seat": 9, "name": "P9", "stack": 13}], "hands": [{"actions": ["p2 ante 1", "p4 ante 1", "p9 ante 1", "p2 check", "p4 check", "p9 check"], "button": 9}, {"actions": ["p4 ante 1", "p9 ante 1", "p2 ante 1", "p4 check", "p9 check", "p2 check"]}, {"actions": ["p9 ante 1", "p2 ante 1", "p4 ante 1", "d deal p9 5", "d deal p2 5", "d deal p4 5", "p9 check", "p2 check", "p4 check"]}, {"actions": ["p2 ante 1", "p4 ante 1", "p9 ante 1", "p2 blind 24", "d deal p2 5cJd4hQsTd", "d deal p4 7s3dQdJs5s", "d deal p9 2h7cKc9c6c", "p4 call 1", "p9 call", "p2 draw 3 Jd5c4h", "d serve p2 9dTh6s", "p4 draw 3 Js3dQd", "d serve p4 Jh8s8h", "p9 draw 5 9c7cKc6c2h", "d serve p9 7hKh6h3cTs", "p2 draw 2 Td6s", "d serve p2 5hQh", "p4 draw 2 8sJh", "d serve p4 6d8c", "p9 draw 3 KhTs3c", "d serve p9 7d8dAd", "p2 show Qs9dTh5hQh", "p4 show 7s5s8h6d8c", "p9 show 7h6h7d8dAd", "d award p2 32"]}], "note": "walk_session(31), noise 0.0, {}"}


def test_rebuy_travels_and_no_stack_mismatch_comes_back():
    """A rebuy between hands (CONTRACT.md 1) is not a PHH notion: ``_tapete_hand`` carries
    it, and hand 2 is read back with the rebuy, not with stated stacks."""
    assert not has_errors(referee.check(REBUY))
    fields = tomllib.loads(dump_phh(REBUY))
    assert fields["2"]["_tapete_hand"] == {"rebuys": {"2": 50}}
    assert fields["2"]["starting_stacks"] == [145, 105]  # seat 2 then 1: PHH still adds up
    back = assert_round_trip(REBUY)
    assert back["hands"][1] == {"rebuys": {"2": 50}, "actions": REBUY["hands"][1]["actions"]}
    assert all(not h["findings"] for h in referee.check(back)["hands"])


def test_busted_player_leaves_the_positions_and_the_phhs_reads_back():
    """Seat 3 busts in hand 1: hand 2's PHH positions are seats 1 and 2 only, and load_phh
    seats the hands by their ``seats`` field, the players from ``_tapete_players``."""
    fields = tomllib.loads(dump_phh(BUST))
    assert fields["1"]["seats"] == [1, 2, 3] and fields["2"]["seats"] == [2, 1]
    back = assert_round_trip(BUST)
    assert back["players"] == BUST["players"]
    assert [h.get("button") for h in back["hands"]] == [3, None]


def test_clean_session_blind_as_comment_still_faces_the_calls():
    """Hand 4: seat 2's blind of 24 with 11 chips cannot be a PHH blind; it travels as a
    comment action, load_phh counts its chips, and seat 4's ``call 1`` (all it had) is
    written ``cc`` with the log's line after it, so it reads back as a call, not a check."""
    assert not has_errors(referee.check(CLEAN_SESSION))  # three passed-out deals (info)
    fields = tomllib.loads(dump_phh(CLEAN_SESSION))
    acts = fields["4"]["actions"]
    assert "# tapete (seat numbers): p2 blind 24" in acts and "p2 cc # tapete (seat numbers): p4 call 1" in acts
    back = assert_round_trip(CLEAN_SESSION)
    assert [h["actions"] for h in back["hands"]] == [h["actions"] for h in CLEAN_SESSION["hands"]]
    assert not referee.check(back)["hands"][3]["findings"]


def test_a_null_rule_survives_toml():
    """``"opening": null`` (no openers) has no TOML form: ``_tapete_rules_json`` keeps it,
    in place of ``_tapete_rules`` (each hand of a .phhs carries the rules once, not twice)."""
    session = dict(REBUY, rules={"preset": "clasico", "ante": 5, "small_bet": 10, "big_bet": 20,
                                 "opening": None})
    fields = tomllib.loads(dump_phh(session))
    for hand in fields.values():
        assert "_tapete_rules_json" in hand and "_tapete_rules" not in hand
    assert load_phh(dump_phh(session))["rules"] == session["rules"]


def test_irregular_serve_order_stays_where_the_log_has_it():
    """A serve logged after another seat's draw, and a second serve to one seat, are kept
    in place (load_phh moves only the serves PHH lists after all the discards)."""
    session = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": 1, "name": "A", "stack": 100}, {"seat": 2, "name": "B", "stack": 100}],
               "hands": [{"button": 2, "actions": [
                   "p1 ante 5", "p2 ante 5", "p1 open 10", "p2 call", "p1 draw 1 Jc", "p2 draw 2",
                   "d serve p1 2c", "d serve p2 2", "d note late serves", "p1 check", "p2 check",
                   "p1 show JsJd9c4h2c", "p2 show 8s8d5c4d2d", "d award p1 30"]}]}
    back = assert_round_trip(session)
    assert back["hands"][0]["actions"] == session["hands"][0]["actions"]


WALK_SEEDS = range(400)
CHUNKS = 8


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_walk_sessions_without_errors_round_trip(chunk):
    """House-game sessions of several hands (openers, carried pots, rebuys, stated stacks,
    busted seats, moved buttons, irregular but not erroneous play)."""
    done = 0
    for seed in WALK_SEEDS[chunk::CHUNKS]:
        session = walk_session(seed)
        if has_errors(referee.check(session)):
            continue
        assert_round_trip(session), seed
        done += 1
    assert done >= len(WALK_SEEDS) // CHUNKS // 2  # most walks are free of errors


@pytest.mark.parametrize("chunk", range(4))
def test_generated_hands_round_trip(chunk):
    for seed in range(chunk, 200, 4):
        session = generate_hand(seed).session
        assert not has_errors(referee.check(session)), seed
        back = assert_round_trip(session)
        assert back["hands"][0]["actions"] == session["hands"][0]["actions"], seed
