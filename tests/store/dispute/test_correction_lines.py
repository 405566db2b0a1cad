"""A correction (a ruling's corrected actions) refuses NEW lines the referee cannot read
(tester item 11, issue 12): each is read by the referee's own parser
(``referee.actions.parse_action``), control characters included; the lines already in the
log are kept as they are. CONTRACT.md 2: bad input is never guessed at."""

from __future__ import annotations

import pytest
from dispute_cases import false_opener, first_hand, import_night, live_actions, refused, snapshot

import store
import store.hand.events


@pytest.fixture
def disputed(db, shared):
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    return dispute, hand, live_actions(db, hand["id"]), full


@pytest.mark.parametrize("line", ["\x00p1 fold", "p1 fold\x00", "d note seen\x07", "p1 juggles",
                                  "p3 raise", "p1 call\u200b"])
def test_a_new_line_the_referee_cannot_read_is_refused_and_nothing_is_written(db, disputed, line):
    dispute, hand, logged, full = disputed
    shows = [a for a in full["hands"][0]["actions"] if "show" in a]
    actions = logged[:-1] + shows + [line] + logged[-1:]
    before = snapshot(db)
    error = refused(db, "actions_invalid", store.record_ruling, db, dispute, decision="upheld",
                    rule="RRoP", entered_by="host", actions=actions)
    index = len(logged) - 1 + len(shows)
    assert (error.params["index"], error.params["text"]) == (index, " ".join(line.split()))
    assert snapshot(db) == before
    preview = store.preview_ruling(db, dispute, decision="upheld", actions=actions)
    assert preview["refusal"]["code"] == "actions_invalid" and preview["refusal"]["params"]["index"] == index
    with pytest.raises(store.StoreError) as direct:
        store.hand.events.correct_hand(db, hand["id"], actions, reason="r", entered_by="host")
    assert direct.value.code == "actions_invalid"


def test_lines_already_in_the_log_are_kept_as_they_are(db, shared, monkeypatch):
    """An unreadable line the log holds stays (the referee's ``unreadable`` finding); a
    correction that writes it again after a changed line is not refused for it. (Such a
    line came in by an import before issue 23, which stored a file's lines unread: now an
    import reads each line as a tap's, so the import here is made as that one was.)"""
    night, full, _ = false_opener(shared)
    night["hands"][0]["actions"].insert(4, "p9 juggles")
    night.pop("cash_out")
    with monkeypatch.context() as unread:
        unread.setattr(store.hand.events, "_readable", lambda *args: None)
        night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    logged = live_actions(db, hand["id"])
    shows = [a for a in full["hands"][0]["actions"] if "show" in a]
    corrected = logged[:3] + ["d deal p3 TsTd9c5h2s"] + logged[3:-1] + shows + logged[-1:]
    assert "p9 juggles" in corrected[4:]
    store.hand.events.correct_hand(db, hand["id"], corrected, reason="ruling", entered_by="host")
    assert live_actions(db, hand["id"]) == corrected


def test_the_refusal_reads_in_spanish_and_english_with_the_line(app, db, disputed):
    from web.core.refusals import said_refusal
    dispute, _, logged, _ = disputed
    error = refused(db, "actions_invalid", store.record_ruling, db, dispute, decision="upheld",
                    rule="RRoP", entered_by="host", actions=logged + ["\x00p1 fold"])
    said = {}
    for lang in ("es", "en"):
        with app.test_request_context(f"/?lang={lang}"):
            said[lang] = said_refusal(error.code, error.params)
    assert f"Line {len(logged) + 1} of the corrected actions cannot be read: “U+0000p1 fold”" in said["en"]
    assert f"{len(logged) + 1}" in said["es"] and "U+0000p1 fold" in said["es"] and said["es"] != said["en"]
