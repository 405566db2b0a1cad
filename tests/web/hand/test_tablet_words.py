"""The tablet's words (issue 15, a fresh tester's findings): cards drawn as the card
buttons draw them (``J♠ 10♦``) wherever a page says a log line or a finding in words, the
CLI's text unchanged; and a finding's action said in words, never a bare "#8"."""

from __future__ import annotations

from tablets import tap_as_seen

from referee import messages


def _taps(client, night, actions):
    state = None
    for i, action in enumerate(actions):
        state = tap_as_seen(client, night["base"], {"key": f"words-key-{i:04d}", "op": "action",
                                                    "action": action}).get_json()
    return state


def test_a_shown_hand_is_said_with_the_cards_as_drawn(client, night):
    state = _taps(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10",
                                  "p4 fold", "p1 fold", "p3 show JsJhTd"])
    words = [a["words"] for a in state["actions"]]
    assert words[-1] == "Bruno enseña J\u2660 J\u2665 10\u2666"
    assert "JsJh" not in " ".join(words) and "Js Jh" not in " ".join(words)
    assert state["undo"]["text"] == "Bruno enseña J\u2660 J\u2665 10\u2666"


def test_the_cli_keeps_the_cards_as_logged():
    """The referee's text for the CLI (and the golden snapshots) keeps the codes."""
    action = {"actor": "p", "seat": 3, "verb": "show", "cards": ["Js", "Jh", "Td"]}
    assert messages.action_sentence(action, "es", {3: "Bruno"}) == "Bruno enseña Js Jh Td"
    assert messages.action_sentence(action, "es", {3: "Bruno"}, faces=True) == "Bruno enseña J\u2660 J\u2665 10\u2666"
    assert messages.card_face("Jk") == "\u2605" and messages.card_face("??") == "??"


def test_a_finding_names_its_action_in_words(client, night):
    state = _taps(client, night, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 open 10"])
    found = [f for f in state["findings"] if f["kind"] == "out_of_turn"]
    assert found and found[0]["action_words"] == "Bruno abre 10"


def test_misdeal_is_said_in_one_place_on_the_tablet(client, night):
    """Issue 26, a tester's finding: "Mal reparto" was on the tablet twice (the dealer's row
    and the irregularities); one button now, in the dealer's row."""
    client.set_cookie("lang", "es")
    page = client.get(night["base"] + "/").get_data(as_text=True)
    assert page.count(">Mal reparto<") == 1 and 'id="misdeal-btn"' in page
