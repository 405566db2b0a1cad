"""Every page of the night passes axe-core (issue 26: "an accessibility check with axe-core
injected into Playwright on every page of the night, both languages: 0 violations of impact
serious or critical").

A real browser (Playwright driving Debian's chromium) opens each page as the role that may
see it, in Spanish and in English, with the Content-Security-Policy on, and runs axe-core
(the npm package pinned in ``tests/package-lock.json``, installed by ``scripts/setup --test``)
on it. The engine goes in through ``page.evaluate`` (a script the browser is told to run,
which the page's CSP does not govern; a ``<script>`` tag added to the page would be blocked,
as the control test shows). Any violation of impact serious or critical fails the test with
one line per rule and element: the page, rule id, impact, the element's selector, and what
the rule asks for. Every violation found, of any impact, is written to
``tests/artifacts/axe_<lang>.json``.

The pages: the login, the table code's claim page; the host's home (with the new-night
form), each stage of a night with players and a hand in progress (``/table``, ``/play``,
``/close``, ``/pay``) and of a closed night, the hands list and a replay, a dispute and its
step editor, the reports list and a report, the club, outstanding money and a player's
settlement, the files pages (import, PokerNow), the password form; the tablet at a hand in
progress and at a showdown; the player's phone page, their nights, a closed night, a replay
and the dispute form.
"""

from __future__ import annotations

import json

import pytest
from every_page import RULES, build_pages
from pages import fill_login
from paths import ARTIFACTS, ROOT

import store
from store.night.screen_links import issue_screen_link

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's browser build (``npm ci`` in tests/, run by ``scripts/setup --test``)."""

BLOCKING = ("serious", "critical")
"""The impacts that fail the test (axe-core's scale: minor, moderate, serious, critical)."""

SHOWDOWN_PLAYERS = (("Ana", 1), ("Bruno", 3), ("Chus", 4))
SHOWDOWN = ("p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 fold",
            "p3 draw 3 9c5h2s", "p4 draw 1", "p3 bet 20", "p4 call",
            "p3 show TsTdTc8h4c", "p4 show KsKd6c6h3s")
"""``shared/cases/false_opener.json``'s hand up to the showdown: both hands shown, no award
yet (the tablet proposes it)."""

RUN = """async () => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({impact: n.impact, target: n.target.join(' '),
                                html: n.html.slice(0, 160)})),
  }));
}"""


def axe_source() -> str:
    """The text of axe.min.js; skips (a failure under CI) when ``npm ci`` has not run."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (scripts/setup --test runs npm ci in tests/)")
    return AXE.read_text(encoding="utf-8")


def blocking(violations: list[dict]) -> list[str]:
    """One line per element of each serious or critical violation:
    ``rule (impact) at target: help``."""
    return [f"{v['id']} ({n['impact'] or v['impact']}) at {n['target']}: {v['help']} | {n['html']}"
            for v in violations for n in v["nodes"] if (n["impact"] or v["impact"]) in BLOCKING]


def check(page, source: str) -> list[dict]:
    """Inject axe-core into the page open in ``page`` and return its violations (all
    impacts): ``[{"id", "impact", "help", "nodes": [{"impact", "target", "html"}]}]``."""
    page.wait_for_load_state("networkidle")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(source)
    return page.evaluate(RUN)


def showdown_night(db) -> tuple[int, str]:
    """A night whose hand is at the showdown (:data:`SHOWDOWN`) and a tablet link for it:
    ``(night id, dealer token)``."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Showdown")
    for name, seat in SHOWDOWN_PLAYERS:
        player = store.add_player(db, f"{name} S")
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, 500, entered_by="test")
    hand = store.start_hand(db, night, button=4, entered_by="test")
    for i, action in enumerate(SHOWDOWN):
        store.append_action(db, hand, action, entered_by="test", key=f"axe-show-{i:03d}")
    return night, store.issue_dealer_link(db, night, "Tablet S", issued_by="host:test")[1]


def _in_progress(db, night: int) -> None:
    """Ante the hand in progress on the night (its last hand), so the pages show a pot."""
    hand = store.night_hands(db, night)[-1]["id"]
    for i, seat in enumerate((1, 3, 4)):
        store.append_action(db, hand, f"p{seat} ante 5", entered_by="test", key=f"axe-ante-{i}")


def _visit(page, source: str, found: dict, seen: dict, name: str) -> None:
    """Check the page open in ``page`` as ``name``: its violations in ``seen``, the lines
    of its serious or critical ones (:func:`blocking`) in ``found``."""
    seen[name] = check(page, source)
    lines = blocking(seen[name])
    if lines:
        found[name] = lines


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_page_of_the_night_has_no_serious_or_critical_violation(browser, server, app, db, lang):
    source = axe_source()
    pages = build_pages(app, db)
    _in_progress(db, pages.night)
    showdown, showdown_token = showdown_night(db)
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  locale="es-ES" if lang == "es" else "en-US")
    context.add_cookies([{"name": "lang", "value": lang, "url": server}])
    page = context.new_page()
    found: dict[str, list[str]] = {}
    seen: dict[str, list] = {}
    langs: dict[str, str] = {}
    failed: dict[str, int] = {}

    def visit(name: str, goto: bool = True) -> None:
        """Check the page ``name`` (a path, opened here when ``goto``; else already open)."""
        if goto:
            status = page.goto(server + name).status
            if status >= 400:
                failed[name] = status
        langs[name] = page.evaluate("document.documentElement.lang")
        _visit(page, source, found, seen, name)

    token = pages.player_token
    closed = pages.closed_night
    host = [*pages.host, f"/host/night/{closed}/table", f"/host/night/{closed}/play",
            f"/reports/nights/{closed}", "/host/account/password",
            f"/host/night/{pages.night}/tv"]   # the TV view (issue 28), a hand in progress
    screen = [f"/screen/{issue_screen_link(db, pages.night, issued_by='test')[1]}"]   # its screen link
    player = [*pages.player, f"/p/{token}/nights", f"/p/{token}/night/{closed}"]
    showdown_path = f"/dealer/{showdown}/{showdown_token}/"

    for path in pages.anonymous + screen:
        visit(path)
    page.goto(f"{server}/host/")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}/host/")
    shots = {f"/host/night/{pages.night}/table": "table", f"/host/night/{closed}/pay": "pay",
             f"/host/dispute/{pages.dispute}": "dispute"}
    ARTIFACTS.mkdir(exist_ok=True)
    for path in host:
        visit(path)
        if path in shots:   # the buttons' colours, darkened for contrast: looked at
            page.screenshot(path=str(ARTIFACTS / f"axe_{shots[path]}_{lang}.png"))
    # the dispute's step editor: a step picked (POST .../step answers with the editor open)
    page.goto(f"{server}/host/dispute/{pages.dispute}")
    page.locator("#draft-steps li button[name=pick]").last.click()
    page.wait_for_selector("#step-editor")
    visit(f"/host/dispute/{pages.dispute} (step editor)", goto=False)
    # the tablet: a hand in progress, and a showdown with the award proposed
    page.goto(server + pages.dealer[0])
    page.wait_for_selector("#seats .seat")
    visit(pages.dealer[0], goto=False)
    page.goto(server + showdown_path)
    page.wait_for_selector("#award-confirm")
    visit(showdown_path + " (showdown)", goto=False)
    page.screenshot(path=str(ARTIFACTS / f"axe_dealer_showdown_{lang}.png"))
    # the player's phone
    for path in player:
        visit(path)
    context.close()
    (ARTIFACTS / f"axe_{lang}.json").write_text(json.dumps(seen, indent=1, ensure_ascii=False))

    report = "\n".join(f"{path}:\n  " + "\n  ".join(lines) for path, lines in found.items())
    assert found == {}, f"axe-core found serious or critical violations ({lang}):\n{report}"
    assert failed == {}
    assert {path: got for path, got in langs.items() if got != lang} == {}
    assert len(seen) == len(pages.anonymous) + len(screen) + len(host) + 3 + len(player)   # every page was checked


def test_the_check_finds_a_serious_violation_and_needs_evaluate_under_the_csp(browser, server, app, db):
    """The control: a button with no name (axe-core's ``button-name``, critical) and a text
    of too little contrast (``color-contrast``, serious), added to the login page, are found;
    a ``<script>`` tag of axe-core is refused by the page's CSP, which is why the engine goes
    in through ``evaluate``."""
    source = axe_source()
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/host/login")
    with pytest.raises(Exception):
        page.add_script_tag(content="window.__tagged = 1")
    assert page.evaluate("window.__tagged") is None
    assert blocking(check(page, source)) == []
    page.evaluate("""() => {
      const b = document.createElement('button'); document.body.appendChild(b);
      const p = document.createElement('p'); p.textContent = 'faint words';
      document.body.appendChild(p);
      p.style.setProperty('color', '#eeeeee'); p.style.setProperty('background', '#ffffff');
    }""")
    lines = blocking(check(page, source))
    assert any(line.startswith("button-name (critical)") for line in lines), lines
    assert any(line.startswith("color-contrast (serious)") for line in lines), lines
    context.close()
