"""A night's pages and forms speak the night's language (a fresh tester of issue 28: with an
English browser, the stages of a Spanish night were Spanish, while the forms' refusals
flashed on them, the TV view and the night's statistics were English)."""

from __future__ import annotations

import re

import pytest
from hosts import login_host

import store

ENGLISH = {"Accept-Language": "en"}


@pytest.fixture
def night(client, db):
    login_host(client)
    night_id = store.create_night(db, rules="internacional", chip_cents=10)
    ids = {n: store.join_table(db, night_id, n, s, 100, entered_by="host") for s, n in ((1, "Ana"), (2, "Bea"))}
    return night_id, ids


def _flash(html: str) -> str:
    return " ".join(re.findall(r'class="flash[^"]*"[^>]*>(.*?)</', html, re.S))


def test_a_forms_refusal_is_in_the_nights_language(client, night):
    """Bea's seat, taken by mistake (no hand since), is given up; giving it up again is
    refused, in Spanish on the Spanish night's page."""
    night_id, ids = night
    for _ in range(2):
        answer = client.post(f"/host/night/{night_id}/unseat", data={"player_id": ids["Bea"], "reason": "se va"},
                             headers=ENGLISH, follow_redirects=True)
    said = _flash(answer.get_data(as_text=True))
    assert "Bea no está sentado" in said and "not seated" not in said, said


def test_the_tv_view_and_the_nights_statistics_are_in_the_nights_language(client, night):
    night_id, _ = night
    for path in (f"/host/night/{night_id}/tv", f"/host/night/{night_id}/stats"):
        page = client.get(path, headers=ENGLISH).get_data(as_text=True)
        assert '<html lang="es"' in page, path
