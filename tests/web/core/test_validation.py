"""Bad input on the forms and the tablet's JSON (issue 13: "every form and JSON endpoint
validates types, ranges, lengths and card strings, refuses control characters in names
and reasons, and answers with a clear message in the page's language").

Each refusal names the field in the page's language (Spanish by default, English with
``?lang=en``) and stores nothing: every row of every table is the same after.
"""

from __future__ import annotations

import html
import re

import pytest
from apps import snapshot
from fuzz_world import _flashed, _host, build

import store
from web.core.forms import bad_characters, check_text

HIDDEN = ["Ana\x00", "Ana\u202e", "A\u200bna", "\ufeffAna", "Ana\x1b[31m", "Ana\x7f", "A\x85na",
          "Ana\tB"]
"""Names with a NUL, a bidi override, a zero-width space, a byte-order mark, an escape,
DEL, a C1 control (NEL) and a tab."""


def test_bad_characters_names_control_format_and_surrogate_characters():
    assert bad_characters("Ana\x00\u202e") == ["U+0000", "U+202E"]
    assert bad_characters("\ud800") == ["U+D800"]
    assert bad_characters("Ana María 🂡 ñ") == []
    assert bad_characters("línea 1\nlínea 2\tfin", multiline=True) == []
    assert bad_characters("línea 1\nlínea 2") == ["U+000A"]


def test_check_text_refuses_wrong_types_and_lengths(app):
    with app.test_request_context("/?lang=en"):
        for value in (5, ["a"], {"a": 1}, True):
            with pytest.raises(ValueError, match="must be text"):
                check_text(value, "reason", 10)
        with pytest.raises(ValueError, match=r"too long \(11 characters, at most 10\)"):
            check_text("x" * 11, "reason", 10)
        with pytest.raises(ValueError, match="Reason: missing"):
            check_text("  ", "reason", 10, required=True)
        assert check_text("  fine  ", "reason", 10) == "fine"


def _drawn_again(answer) -> list[str]:
    """The refusals on top of a form drawn again (a 400 answer; none on a redirect)."""
    if answer.status_code != 400:
        return []
    return [html.unescape(t) for t in re.findall(r'class="flash error"[^>]*>([^<]*)<', answer.get_data(as_text=True))]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_control_or_invisible_characters_is_refused_in_the_pages_language(app, db, name):
    w, client = _host(app, db)
    store.void_hand_start(db, w.live_hand, reason="no hand now", entered_by="test")
    before = snapshot(app.config["DATABASE"])
    client.post(f"/host/night/{w.night}/seat", data={"name": name, "seat": "6", "chips": "300",
                                                      "key": "seat-hidden-01"})
    assert _flashed(client) == [f"Nombre: no puede contener caracteres de control o invisibles "
                                f"({', '.join(bad_characters(name.strip()))}); escríbelo de nuevo."]
    assert snapshot(app.config["DATABASE"]) == before
    client.post(f"/host/night/{w.night}/seat?lang=en", data={"name": name, "seat": "6", "chips": "300",
                                                              "key": "seat-hidden-02"})
    assert _flashed(client)[0].startswith("Name: cannot hold control or invisible characters (U+")
    ok = client.post(f"/host/night/{w.night}/seat", data={"name": "Fede", "seat": "6", "chips": "300",
                                                          "key": "seat-hidden-03"})
    assert ok.status_code == 302 and not _flashed(client)  # the control: a plain name is taken
    assert snapshot(app.config["DATABASE"]) != before


@pytest.mark.parametrize("path, data", [
    ("/host/night/{night}/void-hand", {"reason": "oops\x00"}),
    ("/host/night/{night}/void-entry", {"entry_id": "{entry}", "reason": "mis\u202ecounted"}),
    ("/host/night/{night}/unseat", {"player_id": "{ana}", "reason": "went\x1bhome"}),
    ("/host/night/{night}/close", {"confirm": "1", "override_reason": "later\x00"}),
    ("/host/nights", {"preset": "jackpots", "chip_cents": "10", "title": "Viernes\u200b"}),
])
def test_reasons_and_titles_with_hidden_characters_are_refused(app, db, path, data):
    w, client = _host(app, db)
    fill = {"night": w.night, "entry": w.entry, "ana": w.ids["Ana"]}
    data = {k: v.format(**fill) for k, v in data.items()}
    before = snapshot(app.config["DATABASE"])
    answer = client.post(path.format(**fill) + "?lang=en", data={**data, "key": "hidden-form-0001"})
    said = _flashed(client) + _drawn_again(answer)   # the new-night form answers 400, the refusal on top
    assert len(said) == 1 and "cannot hold control or invisible characters" in said[0], said
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("field, value, said", [
    ("chip_cents", "-1", "Chip value, in hundredths of the currency: must be a whole number of at least 1."),
    ("chip_cents", "1.5", "Chip value, in hundredths of the currency: must be a whole number of at least 1."),
    ("chip_cents", "NaN", "Chip value, in hundredths of the currency: must be a whole number of at least 1."),
    ("chip_cents", "١٢٣", "Chip value, in hundredths of the currency: must be a whole number of at least 1."),
    ("chip_cents", "1e3", "Chip value, in hundredths of the currency: must be a whole number of at least 1."),
    ("chip_cents", str(10**13), "Chip value, in hundredths of the currency: too large."),
    ("ante", "9" * 400, "Ante (chips): too large."),  # digits, too many: as a buy-in says (issue #14)
    ("currency", "ÄÖÜ", "The currency is a three-letter code such as EUR."),
    ("currency", "EU", "The currency is a three-letter code such as EUR."),
    ("preset", "<script>", "Rules: choose one of the options."),
    ("title", "x" * 121, "Title: too long (121 characters, at most 120)."),
    ("timezone", "Europe/Madrid\x00", "Time zone: cannot hold control or invisible characters (U+0000); "
                                      "type it again."),
])
def test_the_new_night_form_refuses_bad_numbers_codes_and_choices(app, db, field, value, said):
    _, client = _host(app, db)
    before = snapshot(app.config["DATABASE"])
    form = {"preset": "jackpots", "chip_cents": "10", "currency": "EUR", "key": "night-bad-0001", field: value}
    answer = client.post("/host/nights?lang=en", data=form)
    assert answer.status_code == 400   # the form drawn again, the refusal on top
    assert _drawn_again(answer) == [said]
    assert snapshot(app.config["DATABASE"]) == before


def test_a_dispute_statement_with_hidden_characters_is_refused_on_the_phone(app, db):
    w = build(app, db)
    client = app.test_client()
    before = snapshot(app.config["DATABASE"])
    page = client.post(f"/p/{w.token}/hand/{w.hand}/dispute?lang=en",
                       data={"statement": "Chus\u202e opened", "key": "dispute-hidden-1"})
    assert page.status_code == 400
    assert "Statement: cannot hold control or invisible characters (U+202E)" in page.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before
    bruno = store.issue_token(db, w.ids["Bruno"])  # (Ana's own dispute of the hand is open)
    two_lines = client.post(f"/p/{bruno}/hand/{w.hand}/dispute",
                            data={"statement": "Chus opened.\r\nBruno had not spoken.", "key": "dispute-lines-1"})
    assert two_lines.status_code == 303  # line breaks are a statement's own


def test_a_ruling_note_with_hidden_characters_is_refused_at_preview_and_commit(app, db):
    w, client = _host(app, db)
    before = snapshot(app.config["DATABASE"])
    preview = client.post(f"/host/dispute/{w.dispute}/preview?lang=en",
                          data={"decision": "rejected", "rule_choice": "__other__", "rule_other": "TDA 53",
                                "note": "see\x00 the log"})
    assert "Note: cannot hold control or invisible characters (U+0000)" in preview.get_data(as_text=True)
    assert 'id="commit-form"' not in preview.get_data(as_text=True)
    commit = client.post(f"/host/dispute/{w.dispute}/rule?lang=en",
                         data={"decision": "rejected", "rule": "TDA\u202e 53", "note": "", "digest": "x",
                               "key": "rule-hidden-0001"})
    assert commit.status_code == 409
    assert "Rule: cannot hold control or invisible characters (U+202E)" in commit.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("body, said", [
    ({"op": "action", "action": "p1 check\x00"}, "An action cannot hold control or invisible characters."),
    ({"op": "action", "action": "p1 che\u202eck"}, "An action cannot hold control or invisible characters."),
    ({"op": "undo", "reason": "wrong\x00 seat"}, "Reason: cannot hold control or invisible characters (U+0000); "
                                                 "type it again."),
    ({"op": "undo", "reason": ["wrong seat"]}, "Undo needs a reason."),
    ({"op": "action", "action": 5}, "An action is a line of text such as “p3 open 10”."),
])
def test_the_tablet_refuses_hidden_characters_in_actions_and_reasons(app, db, body, said):
    w = build(app, db)
    store.append_action(db, w.live_hand, "p4 ante 5", entered_by="test", key="live-ante-4")
    client = app.test_client()
    version = client.get(f"{w.dealer}/state").get_json().get("version")
    before = snapshot(app.config["DATABASE"])
    tap = {"key": "tap-hidden-0001", "hand_id": w.live_hand, "version": version, **body}
    answer = client.post(f"{w.dealer}/tap?lang=en", json=tap)
    assert answer.status_code == 400 and answer.get_json()["error"] == said
    assert snapshot(app.config["DATABASE"]) == before
