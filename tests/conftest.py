"""Shared fixtures (Flask tutorial style): ``app`` with a temporary database per test,
``client``, ``runner``; ``db`` (the same database opened directly) and ``shared`` (the
path of ``../shared``, skipping the test with a reason when it is missing); helpers
``pdf_text``, ``pdf_pages`` and ``login_host`` (``from conftest import ...``).

Other areas add their own fixtures in their own test files.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from app import create_app
from store import open_db

ROOT = Path(__file__).resolve().parent.parent
SHARED = (ROOT / ".." / "shared").resolve()


@pytest.fixture
def app(tmp_path):
    """The app on a fresh SQLite file in ``tmp_path`` (schema migrated)."""
    path = tmp_path / "tapete.db"
    open_db(path).conn.close()
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test",
                      "HOST_PIN": "2468"})
    yield app


@pytest.fixture
def client(app):
    """A test client for ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner for ``app`` (``runner.invoke(args=["import", path])``)."""
    return app.test_cli_runner()


@pytest.fixture
def db(app):
    """The app's database opened directly (closed after the test)."""
    database = open_db(app.config["DATABASE"])
    yield database
    database.conn.close()


@pytest.fixture
def shared():
    """``../shared`` relative to the repository root; skips when it is missing."""
    if not SHARED.is_dir():
        pytest.skip(f"shared references not found at {SHARED} (CI has them at ../shared)")
    return SHARED


def pdf_text(pdf: bytes) -> str:
    """The text of every page of a PDF (bytes), joined (pypdf)."""
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (bytes)."""
    return len(PdfReader(BytesIO(pdf)).pages)


def login_host(client) -> None:
    """Mark the test client's session as the host's (what the host PIN page does)."""
    with client.session_transaction() as session:
        session["host"] = True
