"""The statistics pages (issue 28): the host's leaderboard sorted on the server by a column,
a season's filter, each figure defined, the CSV export, a player's own page and who sees the
fair-play record."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from hosts import login_host
from stats_worked import WORKED

import store
from store.stats.seasons import create_season, set_show_fair_play



def _club(db) -> dict[str, int]:
    night = store.import_session(db, WORKED, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    return {name: pid for pid, name in db.execute("SELECT id, name FROM players")}


def _names(html: str) -> list[str]:
    body = html.split('id="leaderboard"', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    out = []
    for part in body.split('<th scope="row" class="name">')[1:]:
        cell = part.split("</th>", 1)[0]
        out.append(cell.split(">", 1)[1].split("<", 1)[0] if cell.startswith("<a") else cell.split("<", 1)[0].strip())
    return out


def test_the_host_sorts_the_leaderboard_by_a_column_on_the_server(app, db):
    _club(db)
    client = app.test_client()
    login_host(client)
    page = client.get("/host/stats?sort=net_chips&dir=desc&lang=en").get_data(as_text=True)
    assert _names(page) == ["Bruno", "Chus", "Ana"]
    assert 'aria-sort="descending"' in page
    page = client.get("/host/stats?sort=net_chips&dir=asc").get_data(as_text=True)
    assert _names(page) == ["Ana", "Chus", "Bruno"]
    # every figure defined in one sentence, and the thresholds marked
    assert "Share of hands where the player put chips in by choice before the draw" in client.get(
        "/host/stats?lang=en").get_data(as_text=True)
    assert 'class="few"' in page


def test_a_season_filters_the_leaderboard_and_the_club_page(app, db):
    _club(db)
    empty = create_season(db, "Invierno", "2026-01-01", "2026-02-28", entered_by="test")
    spring = create_season(db, "Primavera", "2026-03-01", "2026-05-31", entered_by="test")
    client = app.test_client()
    login_host(client)
    assert _names(client.get(f"/host/stats?season={spring}").get_data(as_text=True)) == ["Bruno", "Chus", "Ana"]
    assert 'id="leaderboard"' not in client.get(f"/host/stats?season={empty}").get_data(as_text=True)
    assert client.get("/host/stats?season=999").status_code == 404
    club = client.get(f"/host/club?season={empty}").get_data(as_text=True)
    assert 'data-player=' not in club
    assert 'data-player=' in client.get(f"/host/club?season={spring}").get_data(as_text=True)


def test_the_csv_keeps_numbers_as_numbers_and_escapes_formulas(app, db):
    store.add_player(db, "=HYPERLINK(\"x\")")
    session = {**WORKED, "players": [dict(p) for p in WORKED["players"]]}
    session["players"][0]["name"] = "=HYPERLINK(\"x\")"
    night = store.import_session(db, session, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    client = app.test_client()
    login_host(client)
    response = client.get("/host/stats.csv?lang=en")
    assert response.mimetype == "text/csv"
    assert response.get_data().startswith(b"\xef\xbb\xbf")   # a BOM, as the night's money CSV (a fresh tester)
    rows = list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))
    assert rows[0][:3] == ["Player", "Nights", "Hands"]
    by_name = {r[0]: r for r in rows[1:]}
    assert "'=HYPERLINK(\"x\")" in by_name
    bruno = by_name["Bruno"]
    assert bruno[1:3] == ["1", "3"] and bruno[rows[0].index("Net chips")] == "50"
    spanish = client.get("/host/stats.csv?lang=es").get_data()
    assert spanish.startswith(b"\xef\xbb\xbfJugador") and "ñ".encode() in spanish


@pytest.mark.parametrize("shown_to_all", [False, True])
def test_a_player_sees_the_leaderboard_and_their_own_fair_play_and_the_others_only_if_the_club_says(
        app, db, shown_to_all):
    ids = _club(db)
    if shown_to_all:
        set_show_fair_play(db, True, entered_by="test")
    token = store.issue_token(db, ids["Bruno"])
    page = app.test_client().get(f"/p/{token}/stats?lang=en").get_data(as_text=True)
    assert _names(page) == ["Bruno", "Chus", "Ana"]
    assert 'id="my-figures"' in page and 'id="head-to-head"' in page
    assert ('data-col="committed"' in page) is shown_to_all
    # their own record always: Bruno suffered Ana's showing out of order
    assert "fair-play-kinds" in page
    assert app.test_client().get("/p/" + "x" * 43 + "/stats").status_code == 404


def test_a_players_page_and_a_nights_page_for_the_host(app, db):
    ids = _club(db)
    client = app.test_client()
    login_host(client)
    page = client.get(f"/host/stats/player/{ids['Ana']}?lang=en").get_data(as_text=True)
    assert "Bruno" in page and 'id="head-to-head"' in page
    night = db.execute("SELECT MAX(id) FROM nights").fetchone()[0]
    assert client.get(f"/host/night/{night}/stats").status_code == 200
    assert client.get("/host/stats/player/99999").status_code == 404
    assert app.test_client().get("/host/stats").status_code == 302


def test_a_players_nights_show_their_money_net(app, db):
    """A fresh tester: every night on a player's page said "out of range" for its money
    (the stored decimal text of the cents was handed to the money filter): each night's
    net is the close's, in money."""
    ids = _club(db)
    night = db.execute("SELECT MAX(id) FROM nights").fetchone()[0]
    nets = {r["name"]: r["net_cents"] for r in store.night_summary(db, night)["players"]}
    client = app.test_client()
    login_host(client)
    page = client.get(f"/host/stats/player/{ids['Ana']}?lang=en").get_data(as_text=True)
    table = page.split('id="nights"', 1)[1].split("</table>", 1)[0] if 'id="nights"' in page else page
    assert "out of range" not in page
    cents = nets["Ana"]
    words = f"{'+' if cents > 0 else '−' if cents < 0 else ''}€{abs(cents) / 100:,.2f}"
    assert words in table, (words, table[:600])


@pytest.mark.parametrize(("lang", "all_nights", "period"), [
    ("en", "All nights.", "From 2026-03-01 to 2026-05-31."),
    ("es", "Todas las noches.", "Del 2026-03-01 al 2026-05-31."),
])
def test_the_period_is_said_in_words_without_a_season_and_with_one(app, db, lang, all_nights, period):
    """Issue 28 (a fresh tester): with no season chosen, the host's and the phone's statistics
    printed "From … to …." (Spanish "Del … al …."): they say they show every night."""
    ids = _club(db)
    spring = create_season(db, "Primavera", "2026-03-01", "2026-05-31", entered_by="test")
    host = app.test_client()
    login_host(host)
    phone = app.test_client()
    token = store.issue_token(db, ids["Ana"])
    for client, path in ((host, "/host/stats"), (phone, f"/p/{token}/stats")):
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        assert "…" not in page.split('id="period"', 1)[1].split("</p>", 1)[0], path
        assert all_nights in page, path
        assert period in client.get(f"{path}?season={spring}&lang={lang}").get_data(as_text=True), path


def test_a_season_without_nights_says_so_on_the_club_page(app, db):
    """A second fresh tester: a season with no night in it said "No closed nights yet: the
    standings start with the first close" though the club had closed nights."""
    _club(db)
    empty = create_season(db, "Invierno", "2026-01-01", "2026-02-01", entered_by="test")
    client = app.test_client()
    login_host(client)
    page = client.get(f"/host/club?season={empty}&lang=en").get_data(as_text=True)
    assert "No closed night in the period." in page and "No closed nights yet" not in page


def test_a_nights_page_marks_figures_from_few_hands(app, db):
    """A second fresh tester: the night's statistics showed rates from 3 hands unmarked (the
    leaderboard and the phone mark them)."""
    _club(db)
    night = db.execute("SELECT MAX(id) FROM nights").fetchone()[0]
    client = app.test_client()
    login_host(client)
    page = client.get(f"/host/night/{night}/stats?lang=en").get_data(as_text=True)
    table = page.split('id="night-figures"', 1)[1].split("</table>", 1)[0]
    assert table.count('<abbr class="few"') == db.execute(
        "SELECT COUNT(*) FROM night_stats WHERE night_id = ?", [night]).fetchone()[0] > 0
    assert 'id="few-hands"' in page
