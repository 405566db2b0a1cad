"""Text that looks blank, tablet links told apart, and keys a log can show (issue 13,
tester A's items 6, 7 and 11).

Names, labels, titles and reasons refuse the characters that draw nothing (the Hangul
fillers U+115F, U+1160, U+3164, U+FFA0, the blank Braille pattern U+2800, U+180E) and any
text with no visible letter, digit or sign; one check (``store.core.checks``) serves the store
and the pages. A night's tablet links have distinct, visible labels (revoked links too);
no link is issued on a closed night. A tap's idempotency key is printable ASCII.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from fuzz_world import _flashed, _host, build
from hosts import login_host

import store
from store.core.checks import BLANK_LOOKING, bad_characters, looks_blank

BLANK_NAMES = ["\u3164", "\u2800\u2800", "Eve\u3164", "\u115f", "\u1160Ana", "\uffa0", "Ana\u180e", "\u0301"]
"""Names that look empty (or hide a blank): the fillers, two blank Braille patterns, a
filler after a name, a lone combining accent."""


def test_the_one_check_names_blank_looking_characters_and_keeps_lookalike_letters():
    for c in BLANK_LOOKING:
        assert bad_characters(f"Ana{c}") == [f"U+{ord(c):04X}"]
    assert looks_blank("\u0301 \u0301") and looks_blank("") and not looks_blank("?") and not looks_blank("Ana")
    # a Cyrillic А is a real letter of real names: kept (told apart by the club, not refused)
    assert bad_characters("\u0410na") == [] and not looks_blank("\u0410na")


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_a_blank_looking_name_is_refused_on_the_seat_form_in_spanish(app, db, name):
    w, client = _host(app, db)
    store.void_hand_start(db, w.live_hand, reason="no hand now", entered_by="test")
    before = snapshot(app.config["DATABASE"])
    client.post(f"/host/night/{w.night}/seat", data={"name": name, "seat": "6", "chips": "300",
                                                      "key": "seat-blank-0001"})
    said = _flashed(client)
    assert len(said) == 1 and said[0].startswith("Nombre: "), said
    assert "invisibles" in said[0] or "no muestra nada" in said[0]
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_the_store_refuses_a_blank_looking_name_too(db, name):
    with pytest.raises(store.StoreError):
        store.add_player(db, name)
    assert db.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0


def test_a_reason_of_blank_braille_is_refused(app, db):
    w, client = _host(app, db)
    before = snapshot(app.config["DATABASE"])
    client.post(f"/host/night/{w.night}/void-hand?lang=en", data={"reason": "\u2800\u2800",
                                                                  "key": "void-blank-0001"})
    assert _flashed(client) == ["Reason: cannot hold control or invisible characters (U+2800); type it again."]
    client.post(f"/host/night/{w.night}/void-hand?lang=en", data={"reason": "\u0301",
                                                                  "key": "void-blank-0002"})
    assert _flashed(client) == ["Reason: shows nothing; write it with visible letters or digits."]
    assert snapshot(app.config["DATABASE"]) == before


# --- tablet links ---------------------------------------------------------------------------

@pytest.mark.parametrize("label, said", [
    ("\u3164", "El nombre de una tableta no puede llevar caracteres de control ni invisibles."),
    ("Mesa\u2800", "El nombre de una tableta no puede llevar caracteres de control ni invisibles."),
    ("\u0301", "El nombre de una tableta debe mostrar letras o cifras."),
])
def test_a_blank_looking_tablet_label_is_refused_in_spanish(app, db, label, said):
    w, client = _host(app, db)
    before = snapshot(app.config["DATABASE"])
    client.post(f"/host/night/{w.night}/dealer-links", data={"label": label, "key": "link-blank-0001"})
    assert _flashed(client) == [said]
    assert snapshot(app.config["DATABASE"]) == before


def test_a_tablet_label_is_unique_in_its_night_revoked_links_included(app, db):
    w, client = _host(app, db)
    link_id, _ = store.issue_dealer_link(db, w.night, "Mesa", issued_by="test")
    store.revoke_dealer_link(db, link_id, revoked_by="test")
    before = snapshot(app.config["DATABASE"])
    for label in ("Mesa", " mesa ", "MESA"):
        client.post(f"/host/night/{w.night}/dealer-links", data={"label": label, "key": "link-dup-0001"})
        assert _flashed(client) == ["Esta noche ya tiene un enlace de tableta llamado “Mesa” (quizá uno "
                                    "revocado): elige otro nombre, para distinguir lo que anota cada "
                                    "tableta."]
    assert snapshot(app.config["DATABASE"]) == before
    other = store.create_night(db, rules="jackpots", chip_cents=10)
    assert store.issue_dealer_link(db, other, "Mesa", issued_by="test")[1]  # another night may use it
    assert store.issue_dealer_link(db, w.night, "Mesa 2", issued_by="test")[1]


def test_a_default_label_skips_a_name_already_taken(db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    store.issue_dealer_link(db, night_id, "Tablet 2", issued_by="test")
    store.issue_dealer_link(db, night_id, None, issued_by="test")
    assert [link["label"] for link in store.dealer_links(db, night_id)] == ["Tablet 2", "Tablet 3"]


def _closed_night(db) -> int:
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    for name, seat in (("Ana", 1), ("Bruno", 2)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
        store.cash_out(db, night_id, pid, 500, entered_by="test")
    store.close_night(db, night_id, entered_by="test")
    return night_id


def test_no_tablet_link_is_issued_on_a_closed_night(app, db):
    night_id = _closed_night(db)
    client = app.test_client()
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    client.post(f"/host/night/{night_id}/dealer-links", data={"label": "Mesa", "key": "link-closed-01"})
    assert _flashed(client) == ["La noche está cerrada: solo se emite un enlace de tableta en una noche "
                                "abierta (reábrela primero)."]
    assert snapshot(app.config["DATABASE"]) == before
    with pytest.raises(store.StoreError) as refused:
        store.issue_dealer_link(db, night_id, None, issued_by="cli")
    assert refused.value.code == "link_night_closed"


# --- the tap's key ----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["nul\u0000key\u202e\u001b[2J", "clave-ñandú-01", "tab\tkey-0001",
                                 "key-with-\u3164-x"])
def test_a_tap_key_must_be_printable_ascii(app, db, key):
    w = build(app, db)
    client = app.test_client()
    before = snapshot(app.config["DATABASE"])
    tap = {"key": key, "op": "start_hand", "after_hand": w.hand}
    answer = client.post(f"{w.dealer}/tap?lang=en", json=tap)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Each tap needs an idempotency key of 8-100 printable ASCII characters."
    assert snapshot(app.config["DATABASE"]) == before
