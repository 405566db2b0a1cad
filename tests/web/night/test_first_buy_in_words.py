"""Issue 26, the glossary's buy-in: a late player's first buy-in is a buy-in ("compra"), a
rebuy ("recompra") only one after it, on the host's stages as on the phone
(``web.player.phone.entry_sentences``): the one-tap button of a player seated after hand 1
with nothing bought says "Compra de ...", and "Recompra de ..." once that player bought."""

from __future__ import annotations

import html
import re
from datetime import datetime

import pytest
from hosts import login_host

import store
from store.money.chip_entries import buy_in_stack, seat_between_hands


@pytest.fixture
def host(client):
    login_host(client)
    return client


def _buttons(page: str) -> dict[str, str]:
    """The one-tap buttons' names: {player id: aria-label}."""
    forms = re.findall(r'<form [^>]*class="rebuy-one">(.*?)</form>', page, re.S)
    return {re.search(r'name="player_id" value="(\d+)"', f).group(1):
            html.unescape(re.search(r'<button [^>]*aria-label="([^"]*)"', f).group(1)) for f in forms}


@pytest.mark.parametrize("stage", ["table", "play"])
def test_a_late_players_first_buy_in_is_a_buy_in_and_the_next_a_rebuy(host, db, stage):
    night = store.create_night(db, rules="jackpots", chip_cents=10, buy_in=100, started_at=datetime(2026, 3, 1, 21))
    ana = seat_between_hands(db, night, "Ana", 1, 100, entered_by="host:test")
    seat_between_hands(db, night, "Bruno", 2, 100, entered_by="host:test")
    store.end_hand(db, store.start_hand(db, night, button=1, entered_by="host:test"), entered_by="host:test")
    late = seat_between_hands(db, night, "Chus", 3, None, entered_by="host:test")
    page = host.get(f"/host/night/{night}/{stage}?lang=es").get_data(as_text=True)
    said = _buttons(page)
    assert said[str(late)] == "Compra de Chus: 100" and said[str(ana)] == "Recompra de Ana: 100"
    assert "<th>Compra o recompra</th>" in page
    buy_in_stack(db, night, late, 100, entered_by="host:test")
    again = _buttons(host.get(f"/host/night/{night}/{stage}?lang=es").get_data(as_text=True))
    assert again[str(late)] == "Recompra de Chus: 100"
