"""HTML to PDF with WeasyPrint, loading nothing but the app's own static files.

The report is user data (player names, dealer notes): a name such as
``<img src="http://evil/">`` is escaped by Jinja2, and even so the URL fetcher here refuses
every URL except ``STATIC_BASE`` + a file under the static folder (no network, no
``file://`` outside it).
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

STATIC_BASE = "https://tapete.invalid/static/"
"""The base URL the templates' static links resolve against when printing."""


class StaticOnlyFetcher(URLFetcher):
    """A WeasyPrint URL fetcher that serves files from one folder and refuses the rest.

    :param static_folder: the app's static folder (``app.static_folder``).
    :param base: the URL prefix that maps onto it (:data:`STATIC_BASE`).
    Refused URLs raise ``ValueError`` (WeasyPrint logs it and leaves the resource out).
    """

    def __init__(self, static_folder: str | Path, base: str = STATIC_BASE):
        super().__init__(allowed_protocols=("https",))
        self.root = Path(static_folder).resolve()
        self.base = base
        self.refused: list[str] = []

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        if url.startswith(self.base):
            relative = unquote(urlsplit(url).path[len(urlsplit(self.base).path):])
            path = (self.root / relative).resolve()
            if path.is_relative_to(self.root) and path.is_file():
                mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})
        self.refused.append(url)
        raise ValueError(f"only the app's static files may be loaded, not {url!r}")


def html_to_pdf(html: str, static_folder: str | Path, fetcher: StaticOnlyFetcher | None = None) -> bytes:
    """Render an HTML string to PDF bytes.

    Links in ``html`` to static files must be absolute under :data:`STATIC_BASE` (the
    report template does this when printing) or relative to it; anything else is refused.

    :param fetcher: the fetcher to use (default a new :class:`StaticOnlyFetcher`; pass
        one to inspect ``fetcher.refused`` afterwards).
    :returns: the PDF file as bytes.
    """
    fetcher = fetcher or StaticOnlyFetcher(static_folder)
    return HTML(string=html, base_url=STATIC_BASE, url_fetcher=fetcher).write_pdf()
