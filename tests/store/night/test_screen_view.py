"""The live table view of a screen in the room (issue 28, ``store.night.screen_view`` and
``store.night.screen_links``): no card nobody showed, through the replay's card hiding; the
screen link hashed, one live a night, revocable, dead after the close; the read is
conditional on the night's stamp."""

from __future__ import annotations

import json

import pytest
from exposed_night import ANA, BRUNO_HIDDEN, CHUS, EXPOSED, HAND

import store
from store.hand.table_view import table_stamp
from store.night.screen_links import issue_screen_link, revoke_screen_link, screen_access, screen_link
from store.night.screen_view import public_lines, public_table, screen_since

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


def _night(db):
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bruno"), (3, "Chus")):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
    return night_id


def _in_progress(db, lines):
    """The exposed-card hand of ``exposed_night`` played up to ``lines`` (not ended)."""
    night_id = _night(db)
    hand_id = store.start_hand(db, night_id, button=3, entered_by="host")
    for i, line in enumerate(lines):
        store.append_action(db, hand_id, line, entered_by="dealer", key=f"s{i}")
    return night_id


def test_no_card_nobody_showed_reaches_the_screen_only_the_shown_hand_and_the_exposed_card(db):
    night_id = _in_progress(db, HAND[:-2])   # up to Ana's show: Chus has not mucked yet
    view = store.hand.table_view.table_view(db, night_id)
    lines = public_lines(view["actions"], last=100)
    said = json.dumps(lines)
    for card in (*BRUNO_HIDDEN, *CHUS):
        assert card not in said, card
    for card in ANA:   # shown at the table
        assert card in said
    assert EXPOSED in said   # exposed in the deal: the whole table saw it (seed 002)
    # the deals keep only their count (said "receives 5 cards")
    deals = [line["parsed"] for line in lines if line["parsed"] and line["parsed"]["verb"] == "deal"]
    assert [d["cards"] for d in deals if d["seat"] == 3] == [None] and all(d["count"] == 5 for d in deals if d["seat"] == 3)


def test_the_public_table_holds_no_cards_no_legal_actions_and_no_findings(db):
    night_id = _in_progress(db, HAND[:8])   # Ana opens
    table = public_table(store.hand.table_view.table_view(db, night_id))
    assert set(table) == {"hand", "in_progress", "phase", "pot", "pots", "button", "to_act", "opening", "seats",
                          "lines", "last_declared", "play_over", "open_disputes"}
    assert table["in_progress"] and table["pot"] == 25 and table["to_act"] == 2
    assert [s["name"] for s in table["seats"]] == ["Ana", "Bruno", "Chus"]
    assert all(set(s) == {"seat", "name", "stack", "bet", "in_hand", "button", "to_act", "acted", "sitting_out"}
               for s in table["seats"])
    assert [line["line"] for line in table["lines"]][-1] == "p1 open 10"
    for card in (*ANA, *CHUS, *BRUNO_HIDDEN):
        assert card not in json.dumps(table)


def test_the_screen_read_is_conditional_on_the_nights_stamp(db):
    night_id = _in_progress(db, HAND[:3])
    stamp, page = screen_since(db, night_id, lambda s: False)
    assert page is not None and stamp == table_stamp(db, night_id)
    again, nothing = screen_since(db, night_id, lambda s: s == stamp)
    assert again == stamp and nothing is None
    hand_id = db.execute("SELECT MAX(id) FROM hands").fetchone()[0]
    store.append_action(db, hand_id, HAND[3], entered_by="dealer", key="s-next")
    newer, page = screen_since(db, night_id, lambda s: s == stamp)
    assert newer != stamp and page is not None


def test_the_screen_link_is_hashed_one_live_a_night_revocable_and_dead_after_the_close(db):
    night_id = _night(db)
    first_id, first = issue_screen_link(db, night_id, issued_by="host:test", key="screen-0001")
    row = db.execute("SELECT token_hash, prefix FROM screen_links WHERE id = ?", [first_id]).fetchone()
    assert len(first) == 43 and first not in row[0] and row[1] == first[:6]
    assert screen_access(db, first) == {"night_id": night_id, "preset": "jackpots", "closed": False}
    assert issue_screen_link(db, night_id, issued_by="host:test", key="screen-0001") == (first_id, None)
    second_id, second = issue_screen_link(db, night_id, issued_by="host:test", key="screen-0002")
    assert screen_access(db, first) is None   # showing it again retires the one before
    assert screen_link(db, night_id)["id"] == second_id
    assert revoke_screen_link(db, night_id, revoked_by="host:test") is True
    assert screen_access(db, second) is None and screen_link(db, night_id) is None
    assert revoke_screen_link(db, night_id, revoked_by="host:test") is False
    _, third = issue_screen_link(db, night_id, issued_by="host:test")
    for pid in [r[0] for r in db.execute("SELECT player_id FROM seats WHERE night_id = ?", [night_id])]:
        store.cash_out(db, night_id, pid, 100, entered_by="test")
    store.close_night(db, night_id, entered_by="test")
    assert screen_access(db, third)["closed"] is True
    with pytest.raises(store.StoreError) as refused:
        issue_screen_link(db, night_id, issued_by="host:test")
    assert refused.value.code == "link_night_closed"
    with pytest.raises(Exception):   # never deleted; only its revocation is written after the insert
        db.execute("UPDATE screen_links SET token_hash = 'x' WHERE id = ?", [first_id])
    with pytest.raises(Exception):
        db.execute("DELETE FROM screen_links WHERE id = ?", [first_id])
