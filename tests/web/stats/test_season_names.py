"""Seasons (issue 28, a fresh tester): a second season with a name the club has already
(case aside) is refused, in the page's language, and nothing is stored; renaming a season to
another's name too."""

from __future__ import annotations

import pytest
from apps import snapshot
from csrf_client import post_form
from hosts import login_host

from store.stats.seasons import create_season, seasons

pytestmark = pytest.mark.csrf


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "There is a season named Primavera 2026 already"),
    ("es", "Ya hay una temporada llamada Primavera 2026"),
])
def test_a_second_season_with_the_same_name_is_refused_and_nothing_stored(app, db, lang, said):
    create_season(db, "Primavera 2026", "2026-03-01", "2026-05-31", entered_by="test")
    other = create_season(db, "Otoño", "2026-09-01", "2026-11-30", entered_by="test")
    host = app.test_client()
    login_host(host)
    host.get(f"/host/stats?lang={lang}")
    before = snapshot(app.config["DATABASE"])
    page = post_form(host, "/host/seasons", {"name": "  primavera   2026 ", "first_date": "2026-03-01",
                                             "last_date": "2026-05-31", "key": f"season-again-{lang}"},
                     page="/host/stats", follow_redirects=True).get_data(as_text=True)
    assert said in page
    page = post_form(host, f"/host/seasons/{other}/change", {"name": "PRIMAVERA 2026", "first_date": "2026-09-01",
                                                             "last_date": "2026-11-30", "key": f"rename-{lang}"},
                     page="/host/stats", follow_redirects=True).get_data(as_text=True)
    assert said in page
    assert snapshot(app.config["DATABASE"]) == before
    assert sorted(s["name"] for s in seasons(db)) == ["Otoño", "Primavera 2026"]
    # its own name again (a change of dates) and a new name are fine
    post_form(host, f"/host/seasons/{other}/change", {"name": "otoño", "first_date": "2026-09-01",
                                                      "last_date": "2026-12-15", "key": f"own-{lang}"},
              page="/host/stats")
    post_form(host, "/host/seasons", {"name": "Verano 2026", "first_date": "2026-06-01",
                                      "last_date": "2026-08-31", "key": f"new-{lang}"}, page="/host/stats")
    assert sorted(s["name"] for s in seasons(db)) == ["Primavera 2026", "Verano 2026", "otoño"]
