"""Security headers on every answer, and no inline script or style anywhere (issue 13:
"Headers on every response: a CSP without inline scripts or styles, frame-ancestors none,
nosniff, Referrer-Policy no-referrer on secret-URL pages, Cache-Control no-store on pages
that show secrets; no version in Server")."""

from __future__ import annotations

import re

import pytest
from every_page import build_pages
from hosts import login_host
from paths import ROOT

from web.core.security import CSP

TEMPLATES = ROOT / "templates"

EVERY_ANSWER = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

INLINE = (
    (re.compile(r"<style", re.I), "a <style> block"),
    (re.compile(r"\sstyle\s*=", re.I), "a style= attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on...= handler"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
)


def inline_code(html: str) -> list[str]:
    """What in ``html`` a CSP without 'unsafe-inline' would block: inline styles, handlers,
    javascript: URLs, and <script> elements that run without a src (JSON data blocks,
    ``type="application/json"``, are data and allowed)."""
    found = [what for pattern, what in INLINE if pattern.search(html)]
    for tag in re.findall(r"<script\b[^>]*>", html, re.I):
        if "src=" not in tag and 'type="application/json"' not in tag:
            found.append(f"an inline script {tag}")
    return found


def test_the_policy_is_the_planned_one():
    assert CSP == ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                   "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP


def test_inline_code_finds_what_the_policy_blocks():
    assert inline_code('<p style="color:red">') == ["a style= attribute"]
    assert inline_code("<script>alert(1)</script>") == ["an inline script <script>"]
    assert inline_code('<form onsubmit="return confirm(1)">') == ["an on...= handler"]
    assert inline_code('<script type="application/json">{"a": 1}</script><script src="/x.js"></script>') == []


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html")))
def test_no_template_has_inline_script_or_style(template):
    assert inline_code((TEMPLATES / template).read_text()) == []


def _assert_every_header(response, path):
    for name, value in EVERY_ANSWER.items():
        assert response.headers.get(name) == value, (path, name, response.headers.get(name))
    assert "Strict-Transport-Security" not in response.headers  # plain HTTP


@pytest.mark.slow
def test_every_page_carries_the_headers_no_store_and_no_inline_code(app, client, db):
    pages = build_pages(app, db)
    login_host(client)
    for path in pages.html:
        response = client.get(path)
        assert response.status_code == 200, path
        _assert_every_header(response, path)
        assert response.headers["Cache-Control"] == "no-store", path
        assert inline_code(response.get_data(as_text=True)) == [], path
    for path in (f"/dealer/{pages.night}/{pages.dealer_token}/state", f"/reports/nights/{pages.night}.pdf"):
        response = client.get(path)
        assert response.status_code == 200, path
        _assert_every_header(response, path)
        assert response.headers["Cache-Control"] == "no-store", path


def test_refusals_and_errors_carry_the_headers_too(app, client):
    for path, status in (("/host/", 302), ("/no/such/page", 404), ("/dealer/1/" + "x" * 43 + "/", 404),
                         ("/p/" + "y" * 43, 404)):
        response = client.get(path)
        assert response.status_code == status, path
        _assert_every_header(response, path)
        assert response.headers["Cache-Control"] == "no-store"


def test_static_files_stay_cacheable(client):
    response = client.get("/static/core/tapete.css")
    assert response.status_code == 200
    _assert_every_header(response, "static")
    assert "no-store" not in response.headers.get("Cache-Control", "")


def test_hsts_only_over_https(app, client):
    over_https = client.get("/host/login", base_url="https://localhost")
    assert over_https.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/host/login").headers
    app.config["TAPETE_HTTPS"] = True  # behind a TLS proxy that speaks plain HTTP to us
    assert "Strict-Transport-Security" in client.get("/host/login").headers
