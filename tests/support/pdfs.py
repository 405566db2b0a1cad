"""A PDF read back as text (pypdf)."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader


def pdf_text(pdf: bytes) -> str:
    """The text of every page of a PDF (bytes), joined (pypdf)."""
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (bytes)."""
    return len(PdfReader(BytesIO(pdf)).pages)
