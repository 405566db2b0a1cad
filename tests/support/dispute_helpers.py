"""Helpers for the dispute tests: a night played through the HTTP interface (the host's
forms, the dealer's taps), the forms of a page read back, and the worked cases' numbers.

Everything a test writes goes through the app's routes; the database is only read (ids,
rows to compare).
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

from hosts import host_account
from paths import SHARED
from tablets import dealer_url, tap_as_seen

import store

CASES = SHARED / "cases"


def load_case(name: str) -> tuple[dict, dict]:
    """A worked case and its expected referee result: ``(case, expect)``."""
    case = json.loads((CASES / f"{name}.json").read_text())
    expect = json.loads((CASES / f"{name}.expect.json").read_text())
    return case, expect


def recorded_awards(actions: list[str]) -> dict[str, int]:
    """What the dealer pushed: the ``d award pN X`` lines, by seat (strings)."""
    pushed: dict[str, int] = {}
    for line in actions:
        words = line.split()
        if words[:2] == ["d", "award"]:
            pushed[words[2][1:]] = pushed.get(words[2][1:], 0) + int(words[3])
    return pushed


def pushed_stacks(referee_stacks: dict[str, int], awards: dict[str, int], pushed: dict[str, int]) -> dict[str, int]:
    """The chips on the table after a hand whose pot was pushed as ``pushed``: the referee's
    stacks (which follow its own ``awards``) plus what the push gave each seat beyond them
    (CONTRACT.md 4: stacks follow the rules' awards)."""
    return {seat: chips + pushed.get(seat, 0) - awards.get(seat, 0) for seat, chips in referee_stacks.items()}


class FormReader(HTMLParser):
    """The fields of one form of a page (by its id): ``{name: [values]}``, hidden and text
    inputs, checked radios, textareas (their text), and every radio's values in
    ``radios``."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.fields, self.radios = form_id, False, {}, {}
        self.action = self.method = None
        self._textarea = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == self.form_id:
            self.inside, self.action, self.method = True, a.get("action"), (a.get("method") or "get").lower()
            return
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind == "radio":
                self.radios.setdefault(a["name"], []).append(a.get("value", ""))
                if "checked" in a:
                    self.fields.setdefault(a["name"], []).append(a.get("value", ""))
            elif kind != "checkbox" or "checked" in a:
                self.fields.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            self.fields.setdefault(self._textarea, []).append("")

    def handle_data(self, data):
        if self.inside and self._textarea:
            self.fields[self._textarea][-1] += data

    def handle_endtag(self, tag):
        if tag == "textarea":
            if self._textarea and self.fields[self._textarea][-1].startswith("\n"):
                self.fields[self._textarea][-1] = self.fields[self._textarea][-1][1:]
            self._textarea = None
        elif tag == "form":
            self.inside = False


def read_form(page: str, form_id: str) -> FormReader:
    """:class:`FormReader` of ``form_id`` in ``page`` (raises when the page has no such form)."""
    reader = FormReader(form_id)
    reader.feed(page)
    assert reader.action is not None, f"no form {form_id!r} on the page"
    return reader


def text_of(page: str) -> str:
    """The page's text: tags dropped, entities read, white space folded."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


class HttpNight:
    """A night played through the app's routes: the host's forms (logged in on the login page)
    and the dealer's taps on the night's dealer link."""

    def __init__(self, app, client, db, case: dict, *, lang: str = "en") -> None:
        self.app, self.client, self.db, self.case, self.lang = app, client, db, case, lang
        self.keys = 0
        username, password = host_account(app)
        assert client.post("/host/login", data={"username": username, "password": password}).status_code == 302
        rules = case["rules"]
        answer = client.post("/host/nights", data={
            "preset": rules["preset"], "ante": str(rules["ante"]), "small_bet": str(rules["small_bet"]),
            "big_bet": str(rules["big_bet"]), "chip_cents": "10", "currency": "EUR", "key": self.key()})
        assert answer.status_code == 302
        self.night = int(re.search(r"/night/(\d+)", answer.headers["Location"]).group(1))
        for p in case["players"]:
            self.post(f"/host/night/{self.night}/seat",
                      {"name": p["name"], "seat": str(p["seat"]), "chips": str(p["stack"])})
        self.ids = {p["name"]: store.find_player(db, p["name"]) for p in case["players"]}
        self.seats = {str(p["seat"]): p["name"] for p in case["players"]}
        self.dealer = dealer_url(db, self.night)

    def key(self) -> str:
        self.keys += 1
        return f"http-night-key-{self.keys:04d}"

    def post(self, path: str, data: dict):
        """A host form; its answer is a redirect (302) and no refusal was flashed."""
        answer = self.client.post(path, data={"key": self.key(), **data})
        assert answer.status_code == 302, answer.get_data(as_text=True)[:400]
        page = self.night_page()
        assert 'class="flash error"' not in page, text_of(re.search(r'class="flash error"[^>]*>(.*?)</p>', page, re.S).group(1))
        return answer

    def night_page(self, stage: str | None = None) -> str:
        """The night's page: ``stage`` (``table``, ``play``, ``close``, ``pay``), else the one
        that fits its moment (``web.night.stages``)."""
        path = f"/host/night/{self.night}" + (f"/{stage}" if stage else "")
        return self.client.get(f"{path}?lang={self.lang}", follow_redirects=True).get_data(as_text=True)

    def tap(self, body: dict) -> dict:
        answer = tap_as_seen(self.client, self.dealer, {"key": self.key(), **body})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return answer.get_json()

    def play_hand(self, actions: list[str], button: int | None = None) -> int:
        """Start a hand on the host's page, tap its actions on the tablet, close it there.
        :returns: the hand's id (read back)."""
        self.post(f"/host/night/{self.night}/hand", {"button": str(button) if button else ""})
        for action in actions:
            self.tap({"op": "action", "action": action})
        view = self.tap({"op": "end_hand"})
        return view["hand_id"]

    def cash_out(self, chips_by_name: dict[str, int]) -> None:
        for name, chips in chips_by_name.items():
            self.post(f"/host/night/{self.night}/cash-out", {"player_id": str(self.ids[name]), "chips": str(chips)})

    def close(self, **extra) -> None:
        self.post(f"/host/night/{self.night}/close", {"confirm": "1", "resolution": "", **extra})

    def player_link(self, name: str) -> str:
        """Issue a private link on the night page and read it back (shown once): its path."""
        answer = self.client.post(f"/host/player/{self.ids[name]}/link", data={"night_id": str(self.night)})
        assert answer.status_code == 200  # the night page, the link on top, in the POST's answer
        tag = re.search(r'<input[^>]*id="new-link"[^>]*>', answer.get_data(as_text=True)).group(0)
        url = html.unescape(re.search(r'value="([^"]+)"', tag).group(1))
        return "/" + url.split("/", 3)[3]


def six_cards_closed_as_logged(app, client, db, *, lang: str = "es") -> tuple["HttpNight", int, dict]:
    """The worked case ``six_cards_after_draw`` played over HTTP as the dealer logged it
    (the serve of three cards missing, so the six-card hand goes unseen), every player
    counted at the chips as pushed, and the night closed.

    :returns: ``(night, hand id, the case's session dict)``.
    """
    case, _ = load_case("six_cards_after_draw")
    logged = [a for a in case["hands"][0]["actions"] if a != "d serve p4 3"]
    night = HttpNight(app, client, db, case, lang=lang)
    hand_id = night.play_hand(logged, button=case["hands"][0]["button"])
    table = pushed_stacks({"1": 465, "3": 495, "4": 540}, {"4": 75}, {"4": 75})
    night.cash_out({night.seats[s]: c for s, c in table.items()})
    night.close()
    return night, hand_id, case


def _dispute(client, link: str, hand_id: int, statement: str, *, lang: str = "en") -> str:
    """The player opens their ledger, follows "Dispute this hand" for the hand and sends the
    statement -- twice with the same form (a double tap). :returns: the dispute page."""
    ledger = client.get(f"{link}?lang={lang}").get_data(as_text=True)
    hrefs = re.findall(r'class="button ghost dispute-link" href="([^"]+)"', ledger)
    href = next(h for h in hrefs if f"/hand/{hand_id}/dispute" in h)
    page = client.get(href).get_data(as_text=True)
    form = read_form(page, "dispute-form")
    data = {"key": form.fields["key"][0], "statement": statement}
    first = client.post(form.action, data=data)
    second = client.post(form.action, data=data)
    assert first.status_code == second.status_code == 303
    return client.get(first.headers["Location"]).get_data(as_text=True)


def _preview(client, dispute_id: int, *, decision: str, rule: str, note: str = "",
             actions: list[str] | None = None, mode: str | None = None) -> str:
    """The host fills in the ruling form and asks for the preview (a POST that writes
    nothing: long texts never travel in the URL); ``mode``: how it is settled ("table",
    "money"; None: the form's default)."""
    page = client.get(f"/host/dispute/{dispute_id}?lang=en").get_data(as_text=True)
    form = read_form(page, "ruling-form")
    assert form.method == "post"
    choice = rule if rule in form.radios["rule_choice"] else "__other__"
    data = {"decision": decision, "rule_choice": choice,
            "rule_other": "" if choice != "__other__" else rule, "note": note,
            "actions": "\n".join(actions) if actions is not None else form.fields["actions"][0]}
    if mode is not None:
        data["mode"] = mode
    answer = client.post(form.action.split("#")[0], data=data)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def _commit(client, preview_page: str) -> str:
    """The host commits exactly what the preview shows (its commit form, sent as it is)."""
    form = read_form(preview_page, "commit-form")
    answer = client.post(form.action, data=form.fields)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:300]
    return client.get(answer.headers["Location"]).get_data(as_text=True)
