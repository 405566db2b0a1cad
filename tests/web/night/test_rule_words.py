"""Issue 26: the rules of an imported night in words. A session JSON carries every key of
``referee.rules.HouseRules`` (``ace_low_straight_flush_beats_royal: False`` and the seeds'
extra keys); the host's night page and the tablet say them in the same words as a night
made on the form (``web.night.night_form.rules_words``), never a raw key."""

from __future__ import annotations

import dataclasses
import html
import json
import re

import pytest
from flask_babel import force_locale
from hosts import login_host
from tablets import dealer_url
from uploads import night_of, upload

import referee
from referee.citations import seed_title
from web.night.night_form import presets

RAW_KEYS = [f.name for f in dataclasses.fields(referee.rules.HouseRules)]


def _every_key(preset: str, **changed) -> dict:
    """Every house rule of ``preset`` as a session file writes them (lists, not tuples)."""
    rules = dataclasses.asdict(referee.resolve_rules(preset, **changed))
    return {k: list(v) if isinstance(v, tuple) else v for k, v in rules.items()}


SESSION = {"format": "tapete/1", "players": [{"seat": 1, "name": "Ana", "stack": 100},
                                             {"seat": 2, "name": "Bruno", "stack": 100}], "hands": []}


def _rules_listed(page: str) -> list[str]:
    listed = re.search(r'<ul class="night-rules" id="night-rules"[^>]*>(.*?)</ul>', page, re.S).group(1)
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", listed)]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_imported_nights_rules_are_said_in_words_on_its_page_and_the_tablet(app, client, db, lang):
    login_host(client)
    rules = _every_key("internacional", ace_low_straight_flush_beats_royal=True, blind_raise="blind_only",
                       jokers=1, ante=3)
    night_id = night_of(upload(client, json.dumps({**SESSION, "rules": rules}).encode(), "reglas.json", lang=lang))
    listed = _rules_listed(client.get(f"/host/night/{night_id}/table?lang={lang}").get_data(as_text=True))
    tablet = html.unescape(client.get(f"{dealer_url(db, night_id)}/?lang={lang}").get_data(as_text=True))
    folded = re.search(r'<details class="night-rules" id="night-rules">.*?<p>(.*?)</p>', tablet, re.S).group(1)
    for said in (" ".join(listed), folded):
        assert not [key for key in RAW_KEYS if f"{key}:" in said or ("_" in key and key in said)], said
        assert "True" not in said and "False" not in said, said
    expected = {"es": ["Póker internacional", "Pot / ante (fichas): 3", "Comodines: 1",
                       "La escalera de color mínima (5-4-3-2-A) gana a la escalera real: sí",
                       "Quién puede resubir en la primera ronda de una mano con ciegas: solo quien puso una ciega"],
                "en": ["International poker", "Ante (chips): 3", "Jokers: 1",
                       "The lowest straight flush (5-4-3-2-A) beats the royal flush: yes",
                       "Who may raise in the first round of a hand with blinds: only a player who posted a blind"]}
    assert listed == expected[lang]
    assert folded == "; ".join(listed)


def test_a_night_with_every_key_as_its_preset_lists_the_preset_alone(app, client):
    login_host(client)
    night_id = night_of(upload(client, json.dumps({**SESSION, "rules": _every_key("pocker")}).encode(), "p.json"))
    assert _rules_listed(client.get(f"/host/night/{night_id}/table?lang=es").get_data(as_text=True)) == [
        "Pocker con comodín"]


def test_the_presets_name_their_seed_text_by_the_referees_title(app):
    """Issue 27, a fresh tester: seed 000's English title differed between the command line,
    the tablet and this form (“... bets and bluff”). The form says the referee's title
    (``referee.citations.seed_title``), the one the findings cite, in the page's language."""
    for lang in ("en", "es"):
        with app.test_request_context("/"):
            with force_locale(lang):
                said = {p["id"]: p["sentence"] for p in presets()}
        for preset, seed in (("pocker", "000"), ("clasico", "001"), ("internacional", "002")):
            assert seed_title(seed, lang) in said[preset], (lang, preset, said[preset])
    assert "Poker: the hands, jackpot, bets and bluffing" in seed_title("000", "en")
