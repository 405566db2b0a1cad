"""The bank's sentence and figures read off a page."""

from __future__ import annotations

import re

FIGURE = re.compile(r"(?:diferencia|difference)\s+([+−-]?\d+)", re.IGNORECASE)


def figure(text: str) -> int:
    """The one bank difference a text states ("diferencia +20", "difference −5"); fails
    when it states none or two different ones."""
    found = {int(m.replace("−", "-")) for m in FIGURE.findall(text)}
    assert len(found) == 1, f"expected one bank figure, found {found} in {text!r}"
    return found.pop()


def bank_text(html: str) -> str:
    """The text of the host page's bank paragraph (``#bank``)."""
    match = re.search(r'<p id="bank"[^>]*>(.*?)</p>', html, re.S)
    assert match, "the page has no bank paragraph"
    return re.sub(r"<[^>]+>", "", match.group(1))


def flashes(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", m) for m in re.findall(r'<p class="flash error"[^>]*>(.*?)</p>', html, re.S))
