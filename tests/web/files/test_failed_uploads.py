"""An upload refused part-way (issue 25, "uploads in pieces": its night kept invisible,
marked failed) is shown to the host on the import page, a line each: the night's title
(the file's), when it failed and why, in the page's language (the kept refusal said by
``web.core.refusals``), with no link to a night that is not there. Reading it writes
nothing."""

from __future__ import annotations

import re

import pytest
from failed_imports import rows
from hosts import login_host

import store
import store.core.transactions
from store.core.checks import MAX_CHIPS
from store.files.failed_imports import failed_imports

PLAYERS = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100}]
PASSED = ["p1 ante 5", "p2 ante 5", "p1 check", "p2 check"]


def refused_late() -> dict:
    """Refused by its last piece: hand 4 ends Ana past the chips the store holds."""
    session = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5}, "players": PLAYERS,
               "hands": [{"button": 2, "actions": PASSED} for _ in range(3)]}
    session["hands"].append({"stacks": {"1": MAX_CHIPS, "2": 95}, "actions": ["p1 ante 5", "p2 ante 5",
                                                                               "d award p1 50"]})
    return session


def _lines(html: str) -> list[str]:
    return re.findall(r'<li class="failed-import"[^>]*>(.*?)</li>', html, flags=re.S)


def test_a_failed_upload_is_one_line_on_the_import_page_in_words(app, db, client, monkeypatch):
    monkeypatch.setattr(store.core.transactions, "PIECE_SECONDS", 0)   # (a piece a hand)
    with pytest.raises(store.StoreError):
        store.import_night(db, refused_late(), title="Martes en casa de Ana")
    (night,) = [r[0] for r in db.execute("SELECT id FROM nights WHERE import_state = 'failed'")]
    login_host(client)
    kept = rows(db)
    html = client.get("/host/import?lang=es").get_data(as_text=True)
    assert rows(db) == kept                                                 # a read writes nothing
    (line,) = _lines(html)
    assert "Martes en casa de Ana" in line and "falló" in line and "Importaciones que fallaron" in html
    assert "fichas" in line and "Refused (" not in line                    # the refusal in Spanish words
    assert f"/host/night/{night}" not in html and "<a" not in line
    english = _lines(client.get("/host/import?lang=en").get_data(as_text=True))
    assert "failed" in english[0] and "chips" in english[0]


def test_an_upload_cut_off_says_so_and_a_club_without_any_shows_nothing(app, db, client, runner):
    login_host(client)
    assert 'id="failed-imports"' not in client.get("/host/import").get_data(as_text=True)
    store.create_night(db, rules="jackpots", chip_cents=10, title="Viernes", importing=True)
    assert runner.invoke(args=["init-db"]).exit_code == 0                 # (no server: marked failed)
    (found,) = failed_imports(db)
    assert (found["code"], found["title"]) == ("import_cut_off", "Viernes") and found["failed_at"]
    (line,) = _lines(client.get("/host/import?lang=es").get_data(as_text=True))
    assert "Viernes" in line and "se cortó" in line
