"""Fixtures of the files tests: ``other_club``, a second club to upload a downloaded night
into (``tests/support/uploads.py``: :func:`uploads.open_club`)."""

from __future__ import annotations

import pytest
from uploads import open_club


@pytest.fixture
def other_club(tmp_path):
    """Another club (its own database, the host logged in), closed after the test."""
    club = open_club(tmp_path / "other-club")
    yield club
    club.close()
