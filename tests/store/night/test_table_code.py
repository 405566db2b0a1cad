"""The table code (issue 26, ``store.night.table_code``): one code per night, kept hashed; a
phone claims a name once and gets a private link of that player; the host releases or
revokes a claim, the phone gives it back; the code dies with the close and with a newer
code; every end of a claim is a new row (append-only)."""

from __future__ import annotations

import sqlite3

import pytest

import store
from store.night.dealer_links import reissue_dealer_link
from store.night.table_code import (
    claim_name,
    claim_page,
    code_state,
    end_claim,
    give_back,
    issue_table_code,
    live_table_code,
    night_claims,
)

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


@pytest.fixture
def night(db):
    """Ana (seat 1), Bruno (3), Chus (4), 500 chips each; the table code shown."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {}
    for name, seat in (("Ana", 1), ("Bruno", 3), ("Chus", 4)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], 500, entered_by="test")
    _, code = issue_table_code(db, night_id, issued_by="host:test")
    return {"id": night_id, "ids": ids, "code": code}


def _close(db, night):
    for pid in night["ids"].values():
        store.cash_out(db, night["id"], pid, 500, entered_by="test")
    store.close_night(db, night["id"], entered_by="test")


def test_the_code_is_random_and_stored_only_hashed(db, night):
    row = db.execute("SELECT code_hash, prefix FROM table_codes WHERE night_id = ?", [night["id"]]).fetchone()
    assert len(night["code"]) == 32 and night["code"] not in row[0] and row[1] == night["code"][:6]
    assert code_state(db, night["code"])["state"] == "live"
    assert code_state(db, "x" * 32) is None and code_state(db, "../etc") is None


def test_a_claim_issues_the_players_private_link(db, night):
    taken = claim_name(db, night["code"], night["ids"]["Ana"])
    assert taken["name"] == "Ana" and store.player_for_token(db, taken["token"]) == night["ids"]["Ana"]
    page = claim_page(db, night["code"], taken["token"])
    assert page["mine"]["name"] == "Ana"
    assert [(p["name"], p["taken"], p["mine"]) for p in page["players"]] == [
        ("Ana", True, True), ("Bruno", False, False), ("Chus", False, False)]


def test_a_name_is_claimed_once_and_a_taken_name_is_refused_with_nothing_written(db, night):
    claim_name(db, night["code"], night["ids"]["Bruno"])
    before = db.execute("SELECT COUNT(*) FROM tokens").fetchone()[0]
    with pytest.raises(store.StoreError) as refused:
        claim_name(db, night["code"], night["ids"]["Bruno"])
    assert refused.value.code == "claim_name_taken" and refused.value.params == {"name": "Bruno"}
    assert db.execute("SELECT COUNT(*) FROM tokens").fetchone()[0] == before
    assert db.execute("SELECT COUNT(*) FROM table_claims").fetchone()[0] == 1


def test_a_phone_holding_a_name_must_give_it_back_before_taking_another(db, night):
    held = claim_name(db, night["code"], night["ids"]["Ana"])["token"]
    with pytest.raises(store.StoreError) as refused:
        claim_name(db, night["code"], night["ids"]["Chus"], held=held)
    assert refused.value.code == "claim_phone_has_name" and refused.value.params == {"name": "Ana"}


def test_a_player_not_at_the_table_cannot_be_claimed(db, night):
    stranger = store.add_player(db, "Dora")
    with pytest.raises(store.StoreError) as refused:
        claim_name(db, night["code"], stranger)
    assert refused.value.code == "claim_not_at_table"


def test_release_makes_the_name_claimable_again_and_ends_the_link_it_issued(db, night):
    """Issue 26, a tester's finding: a released claim's link still answered, could file
    disputes and see the player's later nights; a release ends it, as a revoke does."""
    first = claim_name(db, night["code"], night["ids"]["Ana"])
    assert store.player_for_token(db, first["token"]) == night["ids"]["Ana"]
    ended = end_claim(db, night["id"], first["claim_id"], "release", voided_by="host:test")
    assert ended["name"] == "Ana"
    assert store.player_for_token(db, first["token"]) is None                  # the old phone lost it
    again = claim_name(db, night["code"], night["ids"]["Ana"])
    assert again["claim_id"] != first["claim_id"]
    claims = night_claims(db, night["id"])
    assert [(c["live"], c["void"] and c["void"]["kind"]) for c in claims] == [(False, "release"), (True, None)]
    assert claims[0]["void"]["voided_by"] == "host:test"
    with pytest.raises(store.StoreError) as refused:   # ended once
        end_claim(db, night["id"], first["claim_id"], "revoke", voided_by="host:test")
    assert refused.value.code == "claim_not_live"


def test_revoke_kills_the_link_the_claim_issued_and_frees_the_name(db, night):
    first = claim_name(db, night["code"], night["ids"]["Bruno"])
    end_claim(db, night["id"], first["claim_id"], "revoke", voided_by="host:test")
    assert store.player_for_token(db, first["token"]) is None
    assert claim_name(db, night["code"], night["ids"]["Bruno"])["token"]


def test_a_claim_of_another_night_is_no_claim_of_this_one(db, night):
    first = claim_name(db, night["code"], night["ids"]["Bruno"])
    other = store.create_night(db, rules=RULES, chip_cents=10)
    with pytest.raises(store.StoreError) as refused:
        end_claim(db, other, first["claim_id"], "revoke", voided_by="host:test")
    assert refused.value.code == "no_table_claim"


def test_the_phone_that_claimed_gives_the_name_back_and_its_link_stops(db, night):
    mine = claim_name(db, night["code"], night["ids"]["Chus"])
    with pytest.raises(store.StoreError) as refused:    # another phone holds nothing to give back
        give_back(db, night["code"], None)
    assert refused.value.code == "no_claim_held"
    given = give_back(db, night["code"], mine["token"])
    assert given["name"] == "Chus" and store.player_for_token(db, mine["token"]) is None
    void = night_claims(db, night["id"])[0]["void"]
    assert void["kind"] == "give_back" and void["voided_by"] == f"player:{night['ids']['Chus']}"
    assert claim_page(db, night["code"], mine["token"])["mine"] is None
    assert claim_name(db, night["code"], night["ids"]["Chus"])["token"]


def test_a_link_revoked_on_the_private_links_list_frees_the_name(db, night):
    mine = claim_name(db, night["code"], night["ids"]["Ana"])
    store.revoke_token(db, mine["token"])
    assert not night_claims(db, night["id"])[0]["live"]
    assert claim_name(db, night["code"], night["ids"]["Ana"])["token"]


def test_the_code_dies_when_the_night_closes(db, night):
    mine = claim_name(db, night["code"], night["ids"]["Ana"])
    _close(db, night)
    assert code_state(db, night["code"])["state"] == "closed"
    for attempt in (lambda: claim_name(db, night["code"], night["ids"]["Bruno"]),
                    lambda: give_back(db, night["code"], mine["token"]),
                    lambda: issue_table_code(db, night["id"], issued_by="host:test")):
        with pytest.raises(store.StoreError) as refused:
            attempt()
        assert refused.value.code == "table_code_night_closed"
    assert store.player_for_token(db, mine["token"]) == night["ids"]["Ana"]   # the player's page stays


def test_a_fresh_code_retires_the_one_before(db, night):
    held = claim_name(db, night["code"], night["ids"]["Ana"])["token"]
    _, fresh = issue_table_code(db, night["id"], issued_by="host:test")
    assert fresh != night["code"]
    assert code_state(db, night["code"])["state"] == "replaced" and code_state(db, fresh)["state"] == "live"
    with pytest.raises(store.StoreError) as refused:
        claim_name(db, night["code"], night["ids"]["Bruno"])
    assert refused.value.code == "table_code_replaced"
    assert claim_name(db, fresh, night["ids"]["Bruno"])["name"] == "Bruno"
    assert live_table_code(db, night["id"])["count"] == 2
    assert give_back(db, night["code"], held)["name"] == "Ana"   # the phone's old code still gives back


def test_a_repeated_submit_issues_nothing_new(db, night):
    code_id, again = issue_table_code(db, night["id"], issued_by="host:test", key="k-code")
    assert again and issue_table_code(db, night["id"], issued_by="host:test", key="k-code") == (code_id, None)
    first = claim_name(db, again, night["ids"]["Ana"], key="k-claim")
    repeat = claim_name(db, again, night["ids"]["Ana"], key="k-claim")
    assert repeat["claim_id"] == first["claim_id"] and repeat["token"] is None
    with pytest.raises(store.StoreError) as refused:
        claim_name(db, again, night["ids"]["Bruno"], key="k-claim")
    assert refused.value.code == "key_reused"


def test_the_tables_are_append_only(db, night):
    mine = claim_name(db, night["code"], night["ids"]["Ana"])
    end_claim(db, night["id"], mine["claim_id"], "release", voided_by="host:test")
    for sql in ("UPDATE table_codes SET prefix = 'x'", "DELETE FROM table_claims",
                "UPDATE table_claim_voids SET kind = 'revoke'", "DELETE FROM table_codes"):
        with pytest.raises(sqlite3.IntegrityError):
            db.execute(sql)


def test_showing_a_tablets_link_again_revokes_it_and_issues_a_fresh_one(db, night):
    old_id, old = store.issue_dealer_link(db, night["id"], "Mesa", issued_by="host:test")
    new_id, new = reissue_dealer_link(db, night["id"], old_id, issued_by="host:test")
    assert store.dealer_link_for(db, night["id"], old) is None
    assert store.dealer_link_for(db, night["id"], new)["label"] == "Mesa (2)"
    third_id, _ = reissue_dealer_link(db, night["id"], new_id, issued_by="host:test")
    assert store.dealer_links(db, night["id"])[-1]["label"] == "Mesa (3)"
    with pytest.raises(store.StoreError) as refused:
        reissue_dealer_link(db, night["id"], old_id, issued_by="host:test")
    assert refused.value.code == "dealer_link_revoked"
    _close(db, night)
    with pytest.raises(store.StoreError) as refused:
        reissue_dealer_link(db, night["id"], third_id, issued_by="host:test")
    assert refused.value.code == "link_night_closed"
    assert store.dealer_links(db, night["id"])[-1]["live"]          # nothing changed on the refusal
