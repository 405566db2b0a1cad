"""QR codes as inline SVG (segno), for links a phone should open: a player's private
link, a payment handle that is a link.

The SVG is made here from the text alone (no user markup passes through): segno writes
the XML and escapes the title; the result is marked safe for Jinja2.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import segno
from markupsafe import Markup

MAX_QR_TEXT = 1000
"""Texts longer than this get no QR code (a phone's camera cannot read it reliably)."""


def qr_svg(text: str, *, title: str = "", scale: int = 4) -> Markup:
    """The QR code of ``text`` as an inline ``<svg>`` element (no XML declaration, no
    fixed colours beyond black on white), sized ``scale`` pixels per module.

    :param text: what the code holds (a URL, usually); at most :data:`MAX_QR_TEXT`
        characters.
    :param title: the SVG's ``<title>`` (read by screen readers), escaped by segno.
    :returns: ``Markup`` of the ``<svg>`` element.
    :raises ValueError: empty or too long ``text``.
    """
    if not text or len(text) > MAX_QR_TEXT:
        raise ValueError("a QR code needs a text of 1 to %d characters" % MAX_QR_TEXT)
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False,
                                     svgns=True, title=title or None, svgclass="qr", lineclass=None,
                                     dark="#000", light="#fff")
    return Markup(out.getvalue().decode("utf-8"))


def is_link(text: str | None) -> bool:
    """Whether ``text`` is an http(s) link worth a QR code (``https://paypal.me/ana``);
    Bizum numbers, IBANs and free text are not.

    >>> is_link("https://paypal.me/ana"), is_link("ES91 2100 0418"), is_link("javascript:x")
    (True, False, False)
    """
    if not text:
        return False
    parts = urlsplit(text.strip())
    return parts.scheme in ("http", "https") and bool(parts.netloc) and " " not in text.strip()
