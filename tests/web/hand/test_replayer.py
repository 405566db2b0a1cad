"""The hand replayer's routes (``web/hand/replayer.py``): the host's pages need the host login, a
player opens only the hands they were dealt into (else the player page's 404), the words
are the page's language with names, cards nobody showed never reach a player's page, the
pages link to each other, and reading writes nothing."""

from __future__ import annotations

import re
import sqlite3

import pytest
from hosts import login_host
from replay_nights import ANA_OWN, DEAL_REASON, NEVER_SHOWN, TAP_REASON, page_cards, replay_night

import store
from referee.messages import card_face


@pytest.fixture
def night(db):
    return replay_night(db)


@pytest.fixture
def host(client):
    login_host(client)
    return client


def _get(client, url, lang="es"):
    return client.get(url, headers={"Accept-Language": lang}) if lang else client.get(url)


def _steps(html: str) -> list[str]:
    """The text of each step's item, in order (``<li class="step ..." id="step-N">``)."""
    return re.findall(r'<li class="step[^"]*" id="step-\d+".*?</li>\s*(?=<li class="step|</ol>)', html, re.S)


# ------------------------------------------------------------------------ host pages
def test_the_host_pages_need_the_host_login(client, night):
    for url in (f"/host/night/{night['night_id']}/hands", f"/host/night/{night['night_id']}/hand/1"):
        response = client.get(url)
        assert response.status_code == 302 and "/host/login" in response.headers["Location"]


@pytest.mark.slow
def test_the_hosts_list_names_each_hand_and_links_its_replay(host, night):
    response = _get(host, f"/host/night/{night['night_id']}/hands?lang=es")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for number in (1, 2, 3, 4):
        assert f'href="/host/night/{night["night_id"]}/hand/{number}"' in html
    first = re.search(r'<tr data-hand="1">.*?</tr>', html, re.S).group(0)
    # button Chus; the referee gives the pot to Chus (false opener), pushed to Íñigo; 2 findings
    assert "Chus" in first and "Chus 80" in first and "Íñigo 80" in first
    assert re.search(r'findings-count[^>]*>2<', first)
    assert "asiento" not in html


@pytest.mark.slow
def test_the_host_night_page_links_the_list_of_hands(host, night):
    html = _get(host, f"/host/night/{night['night_id']}/play").get_data(as_text=True)   # the hands: the play stage
    assert f'href="/host/night/{night["night_id"]}/hands"' in html


@pytest.mark.slow
def test_the_report_links_each_hands_number_to_its_replay(host, night):
    html = host.get(f"/reports/nights/{night['night_id']}").get_data(as_text=True)
    for number in (1, 2, 3, 4):
        assert f'href="/host/night/{night["night_id"]}/hand/{number}"' in html


@pytest.mark.slow
def test_the_host_replay_says_every_action_with_names_in_spanish(host, night):
    html = _get(host, f"/host/night/{night['night_id']}/hand/1?lang=es").get_data(as_text=True)
    steps = _steps(html)
    live = [a for a in store.hand_actions(store.open_db(host.application.config["DATABASE"]),
                                           night["hands"][0]) if not a["voided"]]
    assert len(steps) == len(live) + 1                     # the start, then one per line
    assert "Íñigo abre 10" in steps[11]
    assert "Le tocaba: <strong class=\"due\">Íñigo</strong>" in steps[11]
    assert "Actuó: <strong class=\"acted\">Íñigo</strong>" in steps[11]
    assert 'class="pot">30<' in steps[11] and 'class="to-call">10<' in steps[11]
    assert "Dani recibe J\u2663 J\u2665 4\u2666 4\u2660 9\u2660" in re.sub(r"<[^>]+>", "", steps[8]).replace("  ", " ")
    # the finding at the action it belongs to, the seed's rule quoted in Spanish
    assert "apertura sin ley" in steps[11]
    assert "será obligatorio el justificar la ley de apertura" in steps[11]
    assert "Reglas de Robert, sección 11" in steps[11]
    assert "bote mal repartido" in steps[23] and "bote mal repartido" not in steps[22]
    assert not re.search(r"\basiento \d", re.sub(r"<[^>]+>", " ", html))  # names, never seats


@pytest.mark.slow
def test_the_host_replay_in_english(host, night):
    html = _get(host, f"/host/night/{night['night_id']}/hand/1?lang=en", lang="en").get_data(as_text=True)
    steps = _steps(html)
    assert "Íñigo opens 10" in steps[11] and "Chus calls" in steps[12]
    assert "opening requirement must be proved" in steps[11]
    assert "Robert&#39;s Rules of Poker, section 11" in steps[11]
    assert "Reglas de Robert" not in html and "Íñigo abre" not in html
    assert not re.search(r"\bseat \d", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.slow
def test_the_host_replay_shows_the_correction_trail(host, night):
    html = _get(host, f"/host/night/{night['night_id']}/hand/1?lang=es").get_data(as_text=True)
    trail = re.search(r'<section class="card voided-lines".*?</section>', html, re.S).group(0)
    assert DEAL_REASON in trail and TAP_REASON in trail
    assert "Chus sube a 20" in trail and "anulada por el repartidor" in trail
    quiet = _get(host, f"/host/night/{night['night_id']}/hand/2?lang=es").get_data(as_text=True)
    assert "No se anuló ninguna anotación de esta mano." in quiet


def test_an_unknown_night_or_hand_is_404(host, night):
    assert host.get(f"/host/night/{night['night_id']}/hand/9").status_code == 404
    assert host.get("/host/night/999/hand/1").status_code == 404
    assert host.get("/host/night/999/hands").status_code == 404


@pytest.mark.slow
def test_the_pages_carry_no_inline_script_or_style(host, night):
    pages = [f"/host/night/{night['night_id']}/hand/1", f"/host/night/{night['night_id']}/hands"]
    for url in pages:
        html = host.get(url).get_data(as_text=True)
        assert "<style" not in html and " style=" not in html
        for tag in re.findall(r"<script[^>]*>", html):
            assert re.search(r'src="/static/\w+/\w+\.js"', tag)
        assert re.search(r'<script src="/static/hand/replayer.js"', html) or "hands" in url


# ------------------------------------------------------------------------ player pages
@pytest.mark.slow
def test_a_player_opens_the_replay_of_a_hand_they_played(client, db, night):
    token = store.issue_token(db, night["players"]["Ana"])
    response = _get(client, f"/p/{token}/hand/{night['hands'][0]}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Robots-Tag"] == "noindex"
    html = response.get_data(as_text=True)
    assert "Íñigo abre 10" in html and "Ana pasa" in html


@pytest.mark.slow
def test_no_card_nobody_showed_reaches_the_players_page(client, db, night):
    token = store.issue_token(db, night["players"]["Ana"])
    html = _get(client, f"/p/{token}/hand/{night['hands'][0]}").get_data(as_text=True)
    html += _get(client, f"/p/{token}/hand/{night['hands'][0]}?lang=en", lang="en").get_data(as_text=True)
    html = page_cards(html, token)  # the link's own letters are no card, nor the CSRF token's
    for card in NEVER_SHOWN:   # neither as logged nor as the page draws cards (J♠ 10♦)
        assert card not in html and card_face(card) not in html, card
    for card in ANA_OWN:
        assert card_face(card) in html, card
    assert "Dani recibe 5 cartas" in html and "Íñigo se descarta de 3" in html
    assert "Dani is dealt 5 cards" in html
    login_host(client)  # the host's replay of the same hand has every one of them, drawn
    host_html = client.get(f"/host/night/{night['night_id']}/hand/1").get_data(as_text=True)
    for card in NEVER_SHOWN:
        assert card_face(card) in host_html, card


def _tokenless(page: bytes) -> bytes:
    """A page without its CSRF meta token's value (it carries a signed timestamp)."""
    return re.sub(rb'(<meta name="csrf-token" content=")[^"]*', rb"\1", page)


@pytest.mark.slow
def test_a_player_cannot_open_a_hand_they_were_not_dealt_into(client, db, night):
    ids, hands = night["players"], night["hands"]
    unknown = client.get("/p/" + "x" * 43 + f"/hand/{hands[0]}")
    assert unknown.status_code == 404
    eva, fede = store.issue_token(db, ids["Eva"]), store.issue_token(db, ids["Fede"])
    assert client.get(f"/p/{eva}/hand/{hands[2]}").status_code == 200
    for token, hand_id in ((eva, hands[0]), (eva, hands[1]), (fede, hands[2]), (fede, hands[3]),
                           (eva, 10_000)):
        response = client.get(f"/p/{token}/hand/{hand_id}")
        assert response.status_code == 404
        # the same answer as an unknown link (but for the CSRF token, signed with the time)
        assert _tokenless(response.get_data()) == _tokenless(unknown.get_data())


@pytest.mark.slow
def test_a_player_cannot_open_another_nights_hand(client, db, night):
    ids = night["players"]
    other = store.create_night(db, rules="jackpots", chip_cents=10)
    for name, seat in (("Bea", 1), ("Carla", 2)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, other, ids[name], seat, entered_by="host")
        store.buy_in(db, other, ids[name], 100, entered_by="host")
    hand_id = store.start_hand(db, other, button=2, entered_by="host")
    store.append_action(db, hand_id, "p1 ante 5", entered_by="dealer", key="o1")
    ana = store.issue_token(db, ids["Ana"])
    assert client.get(f"/p/{ana}/hand/{hand_id}").status_code == 404
    bea = store.issue_token(db, ids["Bea"])
    assert client.get(f"/p/{bea}/hand/{hand_id}").status_code == 200
    assert client.get(f"/p/{bea}/hand/{night['hands'][0]}").status_code == 404


@pytest.mark.slow
def test_a_revoked_link_opens_no_replay(client, db, night):
    token = store.issue_token(db, night["players"]["Ana"])
    assert client.get(f"/p/{token}/hand/{night['hands'][0]}").status_code == 200
    store.revoke_token(db, token)
    assert client.get(f"/p/{token}/hand/{night['hands'][0]}").status_code == 404


@pytest.mark.slow
def test_the_players_hand_list_links_each_hand_to_its_replay(client, db, night):
    token = store.issue_token(db, night["players"]["Eva"])
    html = client.get(f"/p/{token}").get_data(as_text=True)
    links = re.findall(rf'href="/p/{re.escape(token)}/hand/(\d+)"', html)
    assert sorted(map(int, links)) == [night["hands"][2], night["hands"][3]]


def test_the_host_login_does_not_open_a_players_replay_without_the_link(host, night):
    assert host.get(f"/p/{'y' * 43}/hand/{night['hands'][0]}").status_code == 404


@pytest.mark.slow
def test_reading_a_replay_page_writes_nothing_under_a_held_write_lock(app, host, db, night):
    before = [db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("events", "ledger", "hand_results")]
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO players (name, name_key, created_at) VALUES ('x', 'x', 'now')")
    try:
        assert host.get(f"/host/night/{night['night_id']}/hand/1").status_code == 200
        assert host.get(f"/host/night/{night['night_id']}/hands").status_code == 200
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    after = [db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("events", "ledger", "hand_results")]
    assert after == before


def test_a_hand_in_progress_replays_as_far_as_its_log_goes(host, db, night):
    hand_id = store.start_hand(db, night["night_id"], button=3, entered_by="host")
    for i, line in enumerate(["p1 ante 5", "p3 ante 5", "p4 ante 5", "p6 ante 5", "p4 check"]):
        store.append_action(db, hand_id, line, entered_by="dealer", key=f"p{i}")
    html = _get(host, f"/host/night/{night['night_id']}/hand/5?lang=en", lang="en").get_data(as_text=True)
    assert "This hand has not ended yet." in html
    steps = _steps(html)
    assert len(steps) == 6 and "Chus checks" in steps[5]
    assert "The hand is decided" not in html
    ended = _get(host, f"/host/night/{night['night_id']}/hand/4?lang=en", lang="en").get_data(as_text=True)
    assert "This hand has not ended yet." not in ended and "The hand is decided" in ended
