"""A player's phone page over the club's years (issue 25, "The player's page shows tonight
and the recent nights, with older ones a tap away ...; the running total and chart come
from the stored summaries"): the open nights and the newest closed ones in full, each older
night a line with its net and a link to its own page; what the page judges does not grow
with the older nights.
"""

from __future__ import annotations

import re

from ruling_night import session

import store
from store.player import night_hands
from store.player.history import RECENT


def _club(db, closed: int) -> tuple[int, str, list[int]]:
    """``closed`` closed nights of the issue-24 table (five hands each, everyone counted at
    the chips on the table) and one open night; Ana's id, link and the night ids (oldest
    first)."""
    nights = []
    for i in range(closed + 1):
        night = session()
        for p in night["players"]:
            p["stack"] += i   # (another night: the same file twice is one night)
        night_id = store.import_session(db, night, chip_cents=10)
        nights.append(night_id)
    for night_id in nights[:-1]:
        held = store.check_night(db, night_id)["hands"][-1]["chips_on_table"]
        for p in store.table_players(db, night_id):
            store.recount(db, night_id, p["player_id"], held[str(p["seat"])], entered_by="host")
        store.close_night(db, night_id, entered_by="host")
    open_night = nights[-1]
    for entry in store.night_entries(db, open_night):
        if entry["kind"] == "cash_out":
            store.void_entry(db, entry["id"], reason="aún juegan", entered_by="host")
    ana = store.find_player(db, "Ana")
    return ana, store.issue_token(db, ana), nights


def _full(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<section class="card night-card" data-night="(\d+)"', html)]


def _earlier(html: str) -> list[int]:
    block = re.search(r'<section class="card earlier".*?</section>', html, flags=re.S)
    return [int(n) for n in re.findall(r'<li data-night="(\d+)">', block.group(0))] if block else []


def test_the_open_night_and_the_newest_closed_ones_in_full_the_older_a_tap_away(client, db):
    ana, token, nights = _club(db, RECENT + 3)
    html = client.get(f"/p/{token}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert _full(html) == list(reversed(nights[-RECENT - 1:]))          # newest first: the open night, then 3
    assert _earlier(html) == list(reversed(nights[:3]))
    assert "Noches anteriores" in html
    ledger = store.player_ledger(db, ana)
    assert f'data-total-cents="{ledger["totals"]["EUR"]}"' in html       # the running total counts every night
    assert ledger["totals"]["EUR"] == sum(n["net_cents"] for n in ledger["nights"] if n["closed"])
    oldest = nights[0]
    assert f'href="/p/{token}/night/{oldest}"' in html
    page = client.get(f"/p/{token}/night/{oldest}", headers={"Accept-Language": "es"})
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and _full(text) == [oldest] and _earlier(text) == []
    assert "Todas mis noches" in text and 'class="replay-link"' in text    # its hands, a tap away


def test_a_night_the_player_did_not_sit_is_the_404_of_the_player_pages(client, db):
    _, token, nights = _club(db, 1)
    other = store.create_night(db, rules="jackpots", chip_cents=10)
    assert client.get(f"/p/{token}/night/{other}").status_code == 404
    assert client.get(f"/p/{token}/night/999999").status_code == 404
    assert client.get(f"/p/{'x' * 43}/night/{nights[0]}").status_code == 404


def test_the_page_judges_only_the_nights_it_shows_in_full(client, db, monkeypatch):
    """The older nights cost a line each: the page reads the hands of the nights it shows
    in full and no other (it used to re-judge every night the player ever sat)."""
    _, token, nights = _club(db, RECENT + 3)
    judged = []
    real = night_hands.stored_stretch
    monkeypatch.setattr(night_hands, "stored_stretch", lambda d, n, *a: judged.append(n) or real(d, n, *a))
    assert client.get(f"/p/{token}").status_code == 200
    assert sorted(judged) == sorted(nights[-RECENT - 1:])


def test_a_hand_whose_findings_name_no_card_is_not_traced_for_the_phone(db, monkeypatch):
    """Hiding cards nobody showed needs the hand traced (``store.hand.replayer.visible_cards``),
    but only when a finding names a card: the issue-24 night's findings (a pot pushed to
    the wrong seat) name none, so the phone traces no hand of it."""
    import store.hand.replayer as replayer
    from store.hand.card_hiding import redact_finding
    from store.player.phone import phone_page

    ana, _, nights = _club(db, 1)
    traced = []
    real = replayer.visible_cards
    monkeypatch.setattr(replayer, "visible_cards", lambda *a: traced.append(a) or real(*a))
    page = phone_page(db, ana)
    findings = [f for n in page["ledger"]["nights"] for h in n.get("hands", []) for f in h["findings"]]
    assert findings and all(redact_finding(f, set()) == f for f in findings) and traced == []
