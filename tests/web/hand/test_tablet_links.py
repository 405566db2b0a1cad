"""Dealer links and two tablets on one hand (issue 13).

The links: per night, random, stored hashed, issued and revoked by the host (shown once, in
the POST's answer, never in a cookie); a revoked link is refused at once; a closed night
answers 410; who entered a tap is the link's label, never the request's word.
Two tablets: each tap carries the hand's version it was made on (the hand's number of
events); a tap made on another version is refused (409) and stores nothing; undo names the
entry it undoes; a finished hand (a later hand started) is changed only by the host's
ruling; a "next hand" says the last hand it saw.

The hand is ``shared/cases/false_opener.json``'s table (jackpots, ante 5, limit 10/20).
"""

from __future__ import annotations

import threading

import pytest
from hosts import login_host
from tablets import dealer_token

import store

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


@pytest.fixture
def night(db):
    """Three seats of 500 (Ana 1, Bruno 3, Chus 4), button 4, hand 1 started; two tablets."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in (("Ana", 1), ("Bruno", 3), ("Chus", 4)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    hand = store.start_hand(db, night_id, button=4, entered_by="test")
    return {"id": night_id, "hand": hand,
            "a": f"/dealer/{night_id}/{dealer_token(db, night_id, 'Tablet A')}",
            "b": f"/dealer/{night_id}/{dealer_token(db, night_id, 'Tablet B')}"}


def _seen(client, base):
    return client.get(base + "/state").get_json()


def _action(client, base, action, key, version, **extra):
    return client.post(base + "/tap", json={"key": key, "op": "action", "action": action,
                                            "version": version, **extra})


def _events(db, hand_id):
    return db.execute("SELECT kind, action, target, entered_by FROM events WHERE hand_id = ? ORDER BY id",
                      [hand_id]).fetchall()


# --- the links ----------------------------------------------------------------------------

def test_a_link_is_random_stored_hashed_and_opens_only_its_night(db, client, night):
    link_id, token = store.issue_dealer_link(db, night["id"], None, issued_by="host")
    assert len(token) == 43
    row = db.execute("SELECT token_hash, prefix, label, issued_by FROM dealer_links WHERE id = ?",
                     [link_id]).fetchone()
    assert token not in row[0] and row[1] == token[:6] and row[3] == "host"
    assert row[2] == "Tablet 3"                       # the night's third link, by default
    assert client.get(f"/dealer/{night['id']}/{token}/").status_code == 200
    other = store.create_night(db, rules=RULES, chip_cents=10)
    assert client.get(f"/dealer/{other}/{token}/state").status_code == 404
    assert store.dealer_link_for(db, other, token) is None


def test_a_revoked_link_is_refused_at_once_and_the_other_tablet_goes_on(db, client, night):
    link = store.dealer_links(db, night["id"])[0]
    assert _seen(client, night["a"])["version"] == 0
    assert store.revoke_dealer_link(db, link["id"], revoked_by="host") is True
    assert store.revoke_dealer_link(db, link["id"], revoked_by="host") is False
    assert client.get(night["a"] + "/").status_code == 404
    assert client.get(night["a"] + "/state").status_code == 404
    assert _action(client, night["a"], "p1 ante 5", "revoked-tap-1", 0).status_code == 404
    assert _action(client, night["b"], "p1 ante 5", "live-tap-0001", 0).status_code == 200
    assert [e[3] for e in _events(db, night["hand"])] == ["dealer:Tablet B"]
    with pytest.raises(Exception):                     # a link is never deleted
        db.execute("DELETE FROM dealer_links")


def test_who_entered_a_tap_is_the_links_label_never_the_bodys(db, client, night):
    answer = _action(client, night["a"], "p1 ante 5", "label-tap-01", 0, entered_by="host")
    assert answer.status_code == 200
    assert _events(db, night["hand"])[0][3] == "dealer:Tablet A"


def test_a_closed_night_says_so_and_takes_no_tap(db, client, night):
    store.end_hand(db, night["hand"], entered_by="test")
    for name in ("Ana", "Bruno", "Chus"):
        store.cash_out(db, night["id"], store.find_player(db, name), 500, entered_by="test")
    store.close_night(db, night["id"], entered_by="test")
    page = client.get(night["a"] + "/?lang=en")
    assert page.status_code == 410 and "is closed" in page.get_data(as_text=True)
    assert 'id="initial-state"' not in page.get_data(as_text=True)      # no table
    state = client.get(night["a"] + "/state?lang=es")
    assert state.status_code == 410 and "cerrada" in state.get_json()["error"]
    before = db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    tap = client.post(night["a"] + "/tap", json={"key": "closed-start-1", "op": "start_hand",
                                                 "after_hand": night["hand"]})
    assert tap.status_code == 410 and tap.get_json()["error"]
    assert db.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == before


@pytest.mark.slow
def test_the_host_issues_a_link_shown_once_in_the_answer_never_in_the_cookie(app, db, client, night):
    login_host(client)
    answer = client.post(f"/host/night/{night['id']}/dealer-links?lang=en",
                         data={"label": "Mesa 2", "key": "issue-link-0001"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="new-dealer-url"' in html
    link = store.dealer_links(db, night["id"])[-1]
    assert link["label"] == "Mesa 2" and link["live"]
    url = html.split('id="new-dealer-url"')[0].rsplit('value="', 1)[1].split('"')[0]
    token = url.rstrip("/").rsplit("/", 1)[1]
    assert token.startswith(link["prefix"]) and client.get(f"/dealer/{night['id']}/{token}/").status_code == 200
    cookie = answer.headers.get("Set-Cookie", "")
    assert token not in cookie
    with client.session_transaction() as session:
        assert token not in repr(dict(session))
    # the night page again: listed by label and prefix, the token itself gone
    page = client.get(f"/host/night/{night['id']}/table").get_data(as_text=True)   # the links: the table stage
    assert "Mesa 2" in page and link["prefix"] in page and token not in page
    # the same form sent again issues nothing new
    again = client.post(f"/host/night/{night['id']}/dealer-links", data={"label": "Mesa 2", "key": "issue-link-0001"})
    assert again.status_code == 302 and len(store.dealer_links(db, night["id"])) == 3
    # revoked from the panel: the tablet is refused at once
    client.post(f"/host/night/{night['id']}/dealer-links/{link['id']}/revoke")
    assert client.get(f"/dealer/{night['id']}/{token}/").status_code == 404
    assert not store.dealer_links(db, night["id"])[-1]["live"]


@pytest.mark.parametrize("label", ["a\x00b", "bidi\u202eevil", "x" * 41])
def test_a_bad_label_is_refused_and_nothing_is_issued(app, db, client, night, label):
    login_host(client)
    answer = client.post(f"/host/night/{night['id']}/dealer-links?lang=en", data={"label": label, "key": "bad-label-01"})
    assert answer.status_code == 302
    assert len(store.dealer_links(db, night["id"])) == 2
    page = client.get(f"/host/night/{night['id']}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert 'class="flash error"' in page and ("invisible characters" in page or "too long" in page)


def test_the_cli_issues_a_link(app, db, runner, night):
    result = runner.invoke(args=["dealer-link", str(night["id"]), "--label", "Barra"])
    assert result.exit_code == 0, result.output
    path = result.output.strip().rsplit(" ", 1)[1]
    assert app.test_client().get(path).status_code == 200
    assert store.dealer_links(db, night["id"])[-1]["label"] == "Barra"


# --- two tablets on one hand ----------------------------------------------------------------

def test_a_tap_made_on_a_stale_version_is_refused_and_stores_nothing(db, client, night):
    seen_a, seen_b = _seen(client, night["a"]), _seen(client, night["b"])
    assert seen_a["version"] == seen_b["version"] == 0
    assert _action(client, night["a"], "p1 ante 5", "two-a-000001", 0).status_code == 200
    stale = _action(client, night["b"], "p3 ante 5", "two-b-000001", 0)     # B saw version 0
    assert stale.status_code == 409 and stale.get_json()["stale"] is True
    assert "changed since" in client.post(night["b"] + "/tap?lang=en", json={
        "key": "two-b-000002", "op": "action", "action": "p3 ante 5", "version": 0}).get_json()["error"]
    assert [e[1] for e in _events(db, night["hand"])] == ["p1 ante 5"]
    # tablet B reads the table again and enters it on the version it now sees
    assert _action(client, night["b"], "p3 ante 5", "two-b-000003", _seen(client, night["b"])["version"]).status_code == 200
    # the same key again is the stored answer, before any version check
    assert _action(client, night["a"], "p1 ante 5", "two-a-000001", 0).status_code == 200
    assert [e[1] for e in _events(db, night["hand"])] == ["p1 ante 5", "p3 ante 5"]


def test_undo_names_its_entry_and_another_tablets_newest_action_is_not_undone_by_a_stale_tablet(db, client, night):
    _action(client, night["a"], "p1 ante 5", "undo-a-00001", 0)
    seen_a = _seen(client, night["a"])
    assert seen_a["undo"]["action"] == "p1 ante 5" and seen_a["undo"]["text"] == "Ana pone el pot de 5"   # the referee's words
    _action(client, night["b"], "p3 ante 5", "undo-b-00001", 1)          # B's, newest now
    undo = {"key": "undo-a-00002", "op": "undo", "reason": "mistake", "version": seen_a["version"],
            "event_id": seen_a["undo"]["event_id"]}
    refused = client.post(night["a"] + "/tap", json=undo)
    assert refused.status_code == 409
    assert all(e[0] != "void" for e in _events(db, night["hand"]))
    # naming an entry that is not the newest, on the right version: refused too
    current = _seen(client, night["a"])
    wrong = {**undo, "key": "undo-a-00003", "version": current["version"]}
    assert client.post(night["a"] + "/tap", json=wrong).status_code == 409
    right = {**wrong, "key": "undo-a-00004", "event_id": current["undo"]["event_id"]}
    assert client.post(night["a"] + "/tap", json=right).status_code == 200
    voids = [e for e in _events(db, night["hand"]) if e[0] == "void"]
    assert voids == [("void", None, current["undo"]["event_id"], "dealer:Tablet A")]


def test_two_undos_at_once_store_one(app, db, night):
    for i, action in enumerate(("p1 ante 5", "p3 ante 5", "p4 ante 5")):
        store.append_action(db, night["hand"], action, entered_by="test", key=f"pre-{i}")
    seen = app.test_client().get(night["a"] + "/state").get_json()
    barrier = threading.Barrier(2)
    answers = {}

    def undo(name):
        client = app.test_client()
        barrier.wait()
        answers[name] = client.post(night[name] + "/tap", json={
            "key": f"race-undo-{name}", "op": "undo", "reason": "slip", "version": seen["version"],
            "event_id": seen["undo"]["event_id"]}).status_code

    threads = [threading.Thread(target=undo, args=(name,)) for name in ("a", "b")]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(answers.values()) == [200, 409]
    live = [a["action"] for a in store.hand_actions(db, night["hand"]) if not a["voided"]]
    assert live == ["p1 ante 5", "p3 ante 5"]


def test_a_finished_hand_is_changed_only_by_the_hosts_ruling(db, client, night):
    for i, action in enumerate(("p1 ante 5", "p3 ante 5", "p4 ante 5", "d misdeal")):
        store.append_action(db, night["hand"], action, entered_by="test", key=f"fin-{i}")
    store.end_hand(db, night["hand"], entered_by="test")
    seen = _seen(client, night["a"])                   # hand 1 closed: Undo would reopen it
    assert seen["undo"]["kind"] == "end"
    store.start_hand(db, night["id"], entered_by="test")   # the host starts hand 2
    before = _events(db, night["hand"])
    for body in ({"op": "undo", "reason": "reopen", "event_id": seen["undo"]["event_id"]},
                 {"op": "action", "action": "p1 check"}, {"op": "end_hand"}):
        answer = client.post(night["a"] + "/tap?lang=en", json={"key": f"finished-{body['op']}",
                                                                "hand_id": night["hand"],
                                                                "version": seen["version"], **body})
        assert answer.status_code == 409, body
        assert "only the host's ruling" in answer.get_json()["error"]
    with pytest.raises(store.StoreError) as caught:
        store.undo_last(db, night["hand"], reason="reopen", entered_by="test")
    assert caught.value.code == "hand_finished" and caught.value.params == {"number": 1}
    assert _events(db, night["hand"]) == before


def test_the_next_hand_says_the_last_hand_it_saw(db, client, night):
    store.end_hand(db, night["hand"], entered_by="test")
    start = {"op": "start_hand", "after_hand": night["hand"]}
    assert client.post(night["a"] + "/tap", json={"key": "start-a-0001", **start}).status_code == 200
    store.end_hand(db, store.current_hand(db, night["id"]), entered_by="test")
    stale = client.post(night["b"] + "/tap?lang=en", json={"key": "start-b-0001", **start})
    assert stale.status_code == 409 and "Another hand was started" in stale.get_json()["error"]
    assert len(store.night_hands(db, night["id"])) == 2
    assert client.post(night["b"] + "/tap", json={"key": "start-b-0002", "op": "start_hand"}).status_code == 400


def test_the_hand_version_counts_every_event_voids_included(db, night):
    hand = night["hand"]
    assert store.hand_version(db, hand) == 0
    store.append_action(db, hand, "p1 ante 5", entered_by="test", key="v-1", version=0)
    store.undo_event(db, hand, store.undo_target(db, hand)["event_id"], reason="x", entered_by="test",
                     key="v-2", version=1)
    assert store.hand_version(db, hand) == 2
    with pytest.raises(store.StoreError) as caught:
        store.append_action(db, hand, "p1 ante 5", entered_by="test", key="v-3", version=1)
    assert caught.value.code == "stale_version" and caught.value.params == {"number": 1, "version": 1, "current": 2}
    assert store.hand_version(db, hand) == 2


# --- what a refused tap says (tester B's report on issue 13, item 7) ---------------------

def test_a_next_hand_after_the_host_voided_the_start_of_the_hand_seen_says_so(db, client, night):
    """The tablet saw hand 1; the host voided its start: the next hand made on that table is
    refused (409) saying the start was voided, never "another hand was started (hand 0)"."""
    store.void_hand_start(db, night["hand"], reason="started by mistake", entered_by="host:ana")
    start = {"op": "start_hand", "after_hand": night["hand"]}
    answer = client.post(night["a"] + "/tap?lang=es", json={"key": "start-after-void", **start})
    body = answer.get_json()
    assert answer.status_code == 409 and body["stale"] is True
    assert body["error"].startswith("El anfitrión anuló el comienzo de la mano 1 desde que esta tableta")
    assert "mano 0" not in body["error"] and "Se empezó otra mano" not in body["error"]
    assert body["tap"] == "Siguiente mano"
    assert store.night_hands(db, night["id"]) == []


def test_an_undo_without_a_hand_of_a_finished_hand_says_the_hand_is_finished(db, client, night):
    """An undo names its entry: with no hand_id it is that entry's hand (hand 1, finished
    once hand 2 started), never the night's last hand ("hand 2 changed")."""
    store.append_action(db, night["hand"], "p1 ante 5", entered_by="test", key="fin-u-1")
    seen = _seen(client, night["a"])
    store.end_hand(db, night["hand"], entered_by="test")
    seen = _seen(client, night["a"])
    hand_2 = store.start_hand(db, night["id"], entered_by="test")
    store.append_action(db, hand_2, "p1 ante 5", entered_by="test", key="fin-u-2")
    answer = client.post(night["a"] + "/tap?lang=es", json={
        "key": "undo-no-hand-1", "op": "undo", "reason": "reabrir", "version": seen["version"],
        "event_id": seen["undo"]["event_id"]})
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith("La mano 1 está terminada")
    assert answer.get_json()["tap"] == "Anular: el cierre de la mano 1"
    assert store.get_hand(db, night["hand"])["ended"]


def test_a_refused_tap_is_named_in_words_with_the_names_at_the_table(db, client, night):
    """The refusal says the tap as the log's lines are said (the referee's sentence), so the
    tablet shows "Ana pasa", never "(p1 check)"."""
    es = client.post(night["a"] + "/tap?lang=es", json={"key": "words-0002", "op": "action",
                                                          "action": "p3 open 10", "version": 7})
    assert es.status_code == 409 and es.get_json()["tap"] == "Bruno abre 10"
    en = client.post(night["a"] + "/tap?lang=en", json={"key": "words-0003", "op": "end_hand", "version": 7})
    assert en.status_code == 409 and en.get_json()["tap"] == "Close the hand"
    # a link that does not work says nothing of the night (no names)
    revoked = store.dealer_links(db, night["id"])[0]
    store.revoke_dealer_link(db, revoked["id"], revoked_by="host")
    gone = client.post(night["a"] + "/tap?lang=es", json={"key": "words-0004", "op": "action",
                                                            "action": "p3 open 10", "version": 7})
    assert gone.status_code == 404 and b"Bruno" not in gone.data


def test_a_reused_tap_key_is_said_as_a_tablet_says_it_not_as_a_form(db, client, night):
    assert _action(client, night["a"], "p1 ante 5", "reused-key-1", 0).status_code == 200
    again = client.post(night["a"] + "/tap?lang=es", json={"key": "reused-key-1", "op": "action",
                                                            "action": "p3 ante 5", "version": 1})
    error = again.get_json()["error"]
    assert again.status_code == 400 and "formulario" not in error and "recarga" not in error
    assert error.startswith("La clave de este toque ya se usó para otro toque")
    assert again.get_json()["tap"].startswith("Bruno")


@pytest.mark.csrf
def test_a_tap_refused_for_its_token_is_named_in_words_too(db, client, night):
    answer = client.post(night["a"] + "/tap?lang=es", json={"key": "csrf-words-1", "op": "action",
                                                             "action": "p1 check", "version": 0})
    body = answer.get_json()
    assert answer.status_code == 400 and body["csrf"] is True and body["tap"] == "Ana pasa"
    assert store.hand_version(db, night["hand"]) == 0
