"""No page logs a 404 (issue 28, a fresh tester: the tablet page's console said the browser's
``/favicon.ico`` was not found): every layout names a small icon (``static/core/favicon.svg``,
``<link rel="icon">``), served by this app; a real browser opens the pages of each role and
no request of theirs is answered 404."""

from __future__ import annotations

import pytest
from every_page import build_pages
from pages import fill_login

pytestmark = pytest.mark.browser


def test_no_page_asks_for_a_file_that_is_not_there(browser, server, app, db):
    pages = build_pages(app, db)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    missing, errors, icons = [], [], []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    page.on("request", lambda r: icons.append(r.url) if "favicon" in r.url else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/host/login")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}/host/")
    for path in ["/host/", f"/host/night/{pages.night}/play", "/host/club", "/host/stats",
                 *pages.dealer, *pages.player[:2]]:
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(150)   # (the icon is asked for after the load)
        assert page.locator('link[rel="icon"]').count() == 1, path
    context.close()
    assert missing == [] and not [e for e in errors if "404" in e]
    assert icons and all(u.endswith("/static/core/favicon.svg") for u in icons), icons
