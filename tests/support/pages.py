"""Browser tests' helpers: Debian's chromium, a phone's screen, logging in on the page, a tablet
without connection.
"""

from __future__ import annotations

from pathlib import Path

from hosts import host_account

CHROMIUM = Path("/usr/bin/chromium")


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


PHONE = {"width": 390, "height": 844}
"""A phone's screen for the browser tests of issue 14 (CSS pixels)."""


def fits(page, width: int = PHONE["width"]) -> None:
    """Assert that nothing on the page is wider than ``width`` (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def fill_login(page, app) -> None:
    """Fill the login page open in a Playwright ``page`` with the host's username and
    password (the account made if needed); the caller clicks the button."""
    username, password = host_account(app)
    page.fill("#username", username)
    page.fill("#password", password)


def open_as_host(page, base: str, path: str, app) -> None:
    """Open ``base + path`` in a Playwright ``page``, log in as the host on the login page
    it leads to (:func:`fill_login`), and wait until the browser is back on ``path``."""
    page.goto(base + path)
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url("**" + path)


NO_NETWORK_SCRIPT = """(() => {
  if (window.__tapeteNoNetwork) { return; }
  window.__tapeteNoNetwork = true;
  const fetchOnline = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === "string" ? input : (input && input.url) || "";
    if ((window.__tapeteOffline || !navigator.onLine) && /\\/(tap|state)(\\?|$)/.test(url)) {
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    return fetchOnline.apply(this, arguments);
  };
})();"""
"""The page side of :func:`set_offline`: while the test says so (``window.__tapeteOffline``,
set on each open page at once: Chromium's ``navigator.onLine`` can follow the emulation a
moment late on a loaded machine, and a clean-clone CI run stored a tap made just after
the cut) or the browser says it is offline (``navigator.onLine`` false: a page loaded while
offline), a ``fetch`` of the tap endpoint or the table's state fails as
a tablet without wifi sees it (a ``TypeError``), whatever route the request would take."""


def set_offline(context, offline: bool) -> None:
    """Cut the tablet's connection (``offline``) or give it back, for a browser context.

    Playwright's ``context.set_offline`` alone does not reliably cut the requests a page
    sends while its service worker controls it (the worker that keeps the tablet for an
    offline reload lets the taps pass, and neither Chromium's offline emulation nor a
    context route always sees that hop: a clean-clone CI run stored three taps made
    "offline"). So, besides the emulation and a route, every page of the context (and every
    page it loads later) fails its taps and state fetches while ``navigator.onLine`` is
    false (:data:`NO_NETWORK_SCRIPT`)."""
    if offline:   # (the routes first: nothing gets through in between)
        if not getattr(context, "_tapete_no_network", False):
            context.add_init_script(NO_NETWORK_SCRIPT)
            context._tapete_no_network = True
        for page in context.pages:
            page.evaluate(NO_NETWORK_SCRIPT)
            page.evaluate("window.__tapeteOffline = true")
        context.route("**/tap", lambda route: route.abort("internetdisconnected"))
        context.route("**/state", lambda route: route.abort("internetdisconnected"))
        context.set_offline(True)
    else:         # (the routes gone before the browser says "online": the queue sends at once)
        context.unroute("**/tap")
        context.unroute("**/state")
        for page in context.pages:
            page.evaluate("window.__tapeteOffline = false")
        context.set_offline(False)


def open_hands(page, night_id: int | None = None) -> None:
    """Open a night's hand list on the phone page (``night_id``: that night's section; None:
    the first list), unless it is open already (tonight's opens at once, issue 26)."""
    scope = f'section[data-night="{night_id}"] ' if night_id is not None else ""
    details = page.locator(f"{scope}details:has(a)").first
    if details.get_attribute("open") is None:
        details.locator("summary").first.click()
