"""Every action line enters the log one way, checked as a tablet's tap is (issue 23, "the
readability check on every append"): an imported session or PHH file with a line the
referee cannot read, naming a seat nobody takes, or with a number past ``MAX_CHIPS`` is
refused, naming the hand and the line, and nothing is stored. Before, the import wrote
such a line unchecked (``store.hand.events.append_actions`` copied the append without
``_readable``) and the referee only reported it afterwards as ``unreadable``."""

from __future__ import annotations

import pytest

import store
from store.core.checks import MAX_CHIPS, StoreError
from store.files.importer import load_session_text
from web.core.refusals import refusal_text

PLAYERS = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100},
           {"seat": 3, "name": "Chus", "stack": 100}]
GOOD = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 check", "p2 check", "p3 check"]


def session(bad: str) -> dict:
    """Two hands; the second's fourth line is ``bad``."""
    return {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5},
            "players": PLAYERS,
            "hands": [{"button": 3, "actions": GOOD},
                      {"actions": GOOD[:3] + [bad] + GOOD[3:]}]}


def nothing_stored(db) -> bool:
    return all(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] == 0
               for t in ("nights", "hands", "events", "ledger"))


@pytest.mark.parametrize("bad, what, where", [
    ("p1 raisee 10", "action_unreadable", {}),
    ("p7 call", "action_seat", {"seat": 7, "seats": "1, 2, 3"}),
    (f"p1 bet {MAX_CHIPS + 1}", "action_number", {"limit": MAX_CHIPS}),
])
def test_an_imported_line_a_tap_could_not_enter_is_refused_naming_hand_and_line(db, bad, what, where):
    with pytest.raises(StoreError) as refused:
        store.import_session(db, session(bad))
    assert refused.value.code == "session_invalid"
    assert refused.value.params == {"what": what, "hand": 2, "line": 4, "text": bad, **where}
    assert nothing_stored(db)


@pytest.mark.parametrize("bad, code", [
    ("p1 raisee 10", "actions_invalid"), ("p7 call", "action_seat_unknown"),
    (f"p1 bet {MAX_CHIPS + 1}", "action_too_large")])
def test_the_same_line_tapped_is_refused_by_the_same_check(db, bad, code):
    night = store.import_session(db, session("p1 check"))
    hand = store.start_hand(db, night, entered_by="dealer")
    with pytest.raises(StoreError) as refused:
        store.append_action(db, hand, bad, entered_by="dealer", key="tap")
    assert refused.value.code == code and refused.value.params["text"] == bad
    assert store.hand_actions(db, hand) == []


def test_a_readable_file_imports_as_before(db):
    night = store.import_session(db, session("p1 check"))
    hands = store.night_session(db, night)["hands"]
    assert [len(h["actions"]) for h in hands] == [6, 7]
    assert not any(f["kind"] == "unreadable" for h in store.check_night(db, night)["hands"]
                   for f in h["findings"])


PHH = """variant = 'N2L1D'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 JsJc9s7h6s', 'd dh p2 AhAdAcJd9d', 'd dh p3 Qc9h4h3s3h', 'p3 cbr twenty', 'p1 f', 'p2 f']
players = ['Ana', 'Bruno', 'Chus']
"""
"""A PHH hand with an action its reader cannot translate (``cbr twenty``)."""


def test_a_phh_action_the_reader_cannot_translate_is_refused_naming_its_line(db):
    """The PHH reader writes an action it cannot translate as a line marked ``! `` and the
    reason (``referee.phh_format.UNREADABLE_MARK``, for the referee's ``unreadable``
    finding); the store reads no such line: the file is refused at that line."""
    lines = load_session_text(PHH, "hand.phh")["hands"][0]["actions"]
    marked = [i for i, line in enumerate(lines) if line.startswith("! ")]
    assert len(marked) == 1
    with pytest.raises(StoreError) as refused:
        store.import_session(db, load_session_text(PHH, "hand.phh"))
    params = refused.value.params
    assert (params["what"], params["hand"], params["line"]) == ("action_unreadable", 1, marked[0] + 1)
    assert params["text"] == lines[marked[0]] and "twenty" in params["text"]
    assert nothing_stored(db)


@pytest.mark.parametrize("lang, said", [
    ("en", "Hand 2 of the file: action 4 cannot be read: “p1 raisee 10”."),
    ("es", "Mano 2 del archivo: la acción 4 no se puede leer: «p1 raisee 10»."),
])
def test_the_refusal_names_hand_and_line_in_the_pages_language(app, db, lang, said):
    with pytest.raises(StoreError) as refused:
        store.import_session(db, session("p1 raisee 10"))
    with app.test_request_context(f"/?lang={lang}"):
        assert refusal_text(refused.value).startswith(said)


@pytest.mark.parametrize("bad, lang, said", [
    ("p7 call", "es", "Mano 2 del archivo: la acción 4 nombra el asiento 7, donde no se sienta nadie "
                      "(asientos: 1, 2, 3): «p7 call»."),
    ("p7 call", "en", "Hand 2 of the file: action 4 names seat 7, where nobody sits (seats: 1, 2, 3): "
                      "“p7 call”."),
    ("p1 bet 1000000000001", "es", "Mano 2 del archivo: la acción 4 tiene más fichas de las que se "
                                   "pueden guardar (como mucho 1000000000000): «p1 bet 1000000000001»."),
    ("p1 bet 1000000000001", "en", "Hand 2 of the file: action 4 has more chips than can be kept (at "
                                   "most 1000000000000): “p1 bet 1000000000001”."),
])
def test_a_seat_or_a_number_refused_is_said_in_the_pages_language(app, db, bad, lang, said):
    with pytest.raises(StoreError) as refused:
        store.import_session(db, session(bad))
    with app.test_request_context(f"/?lang={lang}"):
        assert refusal_text(refused.value) == said
