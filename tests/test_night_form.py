"""The new-night form's house rules (issue 15, ``web.night_form``): every override key of
CONTRACT.md section 3 settable, only what the host set stored, refusals named in the page's
language with nothing stored."""

from __future__ import annotations

import re

import pytest

import referee
import store
from conftest import login_host, snapshot
from web import night_form

CONTRACT_KEYS = ("ante", "small_blind", "big_blind", "small_bet", "big_bet", "min_bet", "betting",
                 "raise_cap", "direction", "checkdown", "lowest_rank", "jokers", "joker", "opening",
                 "opener_ladder", "max_draw", "draws", "flush_beats_full", "five_figures",
                 "five_of_a_kind", "natural_beats_wild", "suit_order", "straight_flush_cycle",
                 "ranking", "deal_last_card")
"""CONTRACT.md section 3: "Override keys that every implementation must accept"."""


@pytest.fixture
def host(app, client):
    login_host(client)
    return client


def _post(host, lang="en", **fields):
    data = {"preset": "jackpots", "chip_cents": "10", "currency": "EUR", "key": "form-night-0001", **fields}
    return host.post(f"/host/nights?lang={lang}", data=data)


def _night(response) -> int:
    assert response.status_code == 302 and "/night/" in response.headers["Location"], response.headers
    return int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))


def _flashed(host, lang) -> list[str]:
    page = host.get(f"/host/?lang={lang}").get_data(as_text=True)
    return re.findall(r'class="flash error"[^>]*>([^<]*)<', page)


def test_every_override_key_of_the_contract_is_on_the_form(host):
    """CONTRACT.md section 3: "Override keys that every implementation must accept: ..."."""
    page = host.get("/host/?lang=en").get_data(as_text=True)
    for key in CONTRACT_KEYS:
        assert re.search(rf'<label for="{key}">[^<]+</label>\s*<(input|select) id="{key}" name="{key}"', page), key
    assert {s.key for s in night_form.SETTINGS} >= set(CONTRACT_KEYS)


def test_the_choices_are_the_referees_values():
    rules = referee.rules
    for key, allowed in (("betting", rules.BETTING), ("direction", rules.DIRECTIONS),
                         ("checkdown", rules.CHECKDOWNS), ("joker", rules.JOKER_KINDS),
                         ("ranking", rules.RANKINGS), ("opening", rules.OPENINGS)):
        assert {value for _, value, _ in night_form.BY_KEY[key].choices} == set(allowed), key
    orders = {value for _, value, _ in night_form.BY_KEY["suit_order"].choices}
    assert len(orders) == 25 and None in orders  # the 24 orders of the four suits, and none


def test_only_the_settings_the_host_set_are_stored_and_the_referee_plays_them(host, db):
    night_id = _night(_post(host, direction="counterclockwise", checkdown="carry", small_blind="5",
                            big_blind="10", ante="", raise_cap="none", jokers="1", joker="bug",
                            suit_order="hdcs", opener_ladder="other", opener_ladder_other="j q-k,a",
                            five_figures="yes", flush_beats_full="auto", lowest_rank="auto", draws="3",
                            max_draw="4"))
    night = store.get_night(db, night_id)
    assert night["rules"] == {
        "preset": "jackpots", "direction": "counterclockwise", "checkdown": "carry", "small_blind": 5,
        "big_blind": 10, "blinds_allowed": True, "raise_cap": None, "jokers": 1, "joker": "bug",
        "suit_order": "hdcs", "opener_ladder": ["J", "Q", "K", "A"], "five_figures": True,
        "flush_beats_full": "auto", "lowest_rank": "auto", "draws": 3, "max_draw": 4}
    frozen = night["rules_frozen"]
    assert (frozen["ante"], frozen["opening"], frozen["betting"]) == (1, "J", "fixed_limit")  # the preset's


def test_an_empty_form_keeps_the_preset_as_it_is(host, db):
    night_id = _night(_post(host, preset="pocker"))
    assert store.get_night(db, night_id)["rules"] == {"preset": "pocker"}
    assert store.get_night(db, night_id)["rules_frozen"] == referee.PRESETS["pocker"].as_dict()


@pytest.mark.parametrize("fields, english, spanish", [
    ({"direction": "left"}, "Direction of play: choose one of the options.",
     "Sentido del juego: elige una de las opciones."),
    ({"opener_ladder": "other", "opener_ladder_other": "J Q 10"},
     "Opener ladder after deals nobody opens: write the ranks J, Q, K or A in order",
     "Escala de apertura cuando nadie abre: escribe las figuras J, Q, K o A en orden"),
    ({"opener_ladder": "J-Q-K-A-K-Q-J", "opening": "Q"},
     "Opener ladder after deals nobody opens starts with the minimum to open (Q).",
     "Escala de apertura cuando nadie abre: empieza por el mínimo para abrir (Q)."),
    ({"small_blind": "5", "blinds_allowed": "no"},
     "Blinds played: say yes to play the blinds you sized",
     "Se juegan ciegas: di «sí» para jugar las ciegas que has puesto"),
    ({"big_blind": "-2"}, "Double blind (chips) must be a whole number of at least 0.",
     "Contra-ciega (fichas)"),
    ({"preset": "pocker", "min_bet": "0"}, "Minimum bet (chips) must be above 0 in pot limit and no limit.",
     "Apuesta mínima (fichas): debe ser mayor que 0"),
    ({"betting": "no_limit", "min_bet": "0"}, "Minimum bet (chips) must be above 0 in pot limit and no limit.",
     "Apuesta mínima (fichas): debe ser mayor que 0"),
])
def test_a_bad_setting_is_refused_in_the_pages_language_and_nothing_is_stored(app, host, fields, english, spanish):
    before = snapshot(app.config["DATABASE"])
    for lang, said in (("en", english), ("es", spanish)):
        response = _post(host, lang=lang, **fields)
        assert response.status_code == 302 and "/night/" not in response.headers["Location"]
        flashed = _flashed(host, lang)
        assert len(flashed) == 1 and said in flashed[0].replace("&#34;", '"'), flashed
    assert snapshot(app.config["DATABASE"]) == before


def test_a_refusal_of_the_referee_names_the_field_by_its_key(app, monkeypatch):
    """The referee's own refusal (``RulesError.key``) is said with the field's label."""
    def refuse(rules):
        raise referee.RulesError("rules: jokers=3: must be a whole number, 0-2", "jokers")

    monkeypatch.setattr(night_form.referee, "resolve_rules", refuse)
    with app.test_request_context("/host/nights?lang=es", method="POST", data={"preset": "jackpots"}):
        with pytest.raises(ValueError, match="^Comodines: ese valor no se puede jugar con estas reglas.$"):
            night_form.read_rules()


def test_the_referee_says_which_key_it_refuses():
    with pytest.raises(referee.RulesError) as refused:
        referee.resolve_rules({"preset": "jackpots", "draws": 4})
    assert refused.value.key == "draws"
    with pytest.raises(referee.RulesError) as unknown:
        referee.resolve_rules({"preset": "jackpots", "colour": 1})
    assert unknown.value.key == "colour"
