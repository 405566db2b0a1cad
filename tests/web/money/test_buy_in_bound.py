"""The host's buy-in form holds a player's chips of the night to the store's bound (issue
24: "the tablet's limits (chips per line, per night)", one definition at every door,
``store.money.ledger.buy_in``): a rebuy that takes them past ``MAX_CHIPS`` is refused in the
page's language, beside what was bought, and nothing is stored."""

from __future__ import annotations

import html
import re

import pytest
from apps import snapshot
from hosts import login_host

import store
from store.core.checks import MAX_CHIPS

SAID = {
    "es": "Ana ya ha comprado 600000000000 fichas esta noche: 500000000000 más superarían lo que un jugador "
          "puede comprar en una noche (como mucho 1000000000000).",
    "en": "Ana has bought 600000000000 chips tonight: 500000000000 more would take them past what one player "
          "may buy in a night (at most 1000000000000).",
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_rebuy_past_the_nights_bound_is_refused_in_the_pages_language(app, client, db, lang):
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    ana = store.add_player(db, "Ana")
    store.seat_player(db, night, ana, 1, entered_by="test")
    store.buy_in(db, night, ana, 600_000_000_000, entered_by="test")
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post(f"/host/night/{night}/buy-in?lang={lang}",
                         data={"player_id": str(ana), "chips": "500000000000", "key": "rebuy-big-1"})
    assert answer.status_code == 302
    assert snapshot(app.config["DATABASE"]) == before
    page = html.unescape(client.get(f"/host/night/{night}?lang={lang}", follow_redirects=True).get_data(as_text=True))
    assert re.search(r'class="flash error"[^>]*>' + re.escape(SAID[lang]), page), page[:2000]
    accepted = client.post(f"/host/night/{night}/buy-in?lang={lang}",
                           data={"player_id": str(ana), "chips": str(MAX_CHIPS - 600_000_000_000),
                                 "key": "rebuy-big-2"})
    assert accepted.status_code == 302 and snapshot(app.config["DATABASE"]) != before
