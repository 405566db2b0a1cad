"""The referee's third round on the new-night form (issue 27): each new switch under "Más
reglas de la casa" (``table_stakes``, ``ante_liable``, ``double_exposure``,
``jackpot_without_pot``, ``unposted_blind_min``, ``circular_straight``), stored as the host
set it and played by the referee, a refused value handled like the other settings, the rules
said in words, and the presets that follow a seed sentence saying so."""

from __future__ import annotations

import re

import pytest
from apps import snapshot
from hosts import login_host
from tablets import dealer_token

import referee
import store
from web.night import night_form

SWITCHES = {
    "table_stakes": {"yes": True, "no": False},
    "ante_liable": {"player": "player", "dealer": "dealer"},
    "double_exposure": {"misdeal": "misdeal", "withdraw": "withdraw"},
    "jackpot_without_pot": {"yes": True, "no": False},
    "unposted_blind_min": {"big_blind": "big_blind", "min_bet": "min_bet"},
    "circular_straight": {"yes": True, "no": False},
}
"""Each switch: the form's value -> the value stored and played (``referee.rules``)."""


@pytest.fixture
def host(app, client):
    login_host(client)
    return client


def _post(host, lang="en", **fields):
    data = {"preset": "jackpots", "chip_cents": "10", "currency": "EUR", "key": "form-night-0027", **fields}
    return host.post(f"/host/nights?lang={lang}", data=data)


def _night(response) -> int:
    assert response.status_code == 302 and "/night/" in response.headers["Location"], response.headers
    return int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))


def test_each_switch_is_in_the_folded_part_of_the_form(host):
    page = host.get("/host/?lang=es").get_data(as_text=True)
    folded = page.split('id="more-rules"')[1].split("</details>")[0]
    for key, values in SWITCHES.items():
        select = re.search(rf'<select id="{key}" name="{key}"[^>]*>(.*?)</select>', folded, re.S)
        assert select, key
        assert set(re.findall(r'<option value="([^"]+)"', select.group(1))) == set(values), key
        assert night_form.BY_KEY[key].advanced


def test_the_choices_are_the_referees_values():
    rules = referee.rules
    for key, allowed in (("ante_liable", rules.ANTE_LIABLE), ("double_exposure", rules.DOUBLE_EXPOSURES),
                         ("unposted_blind_min", rules.UNPOSTED_BLIND_MINS)):
        assert {value for _, value, _ in night_form.BY_KEY[key].choices} == set(allowed), key
    for key in ("table_stakes", "jackpot_without_pot", "circular_straight"):
        assert key in rules.BOOL_KEYS


@pytest.mark.parametrize("key, form_value", [(k, v) for k, values in SWITCHES.items() for v in values])
def test_a_night_made_with_each_switch_stores_it_and_the_referee_plays_it(host, db, key, form_value):
    """Each value of each switch, on a preset whose own value is the other one where there
    is one (so a value equal to the default is still stored as the host's override)."""
    night_id = _night(_post(host, **{key: form_value}))
    night = store.get_night(db, night_id)
    assert night["rules"] == {"preset": "jackpots", key: SWITCHES[key][form_value]}
    assert night["rules_frozen"][key] == SWITCHES[key][form_value]


def test_a_switch_left_empty_is_the_presets(host, db):
    """pocker: the dealer answers for a wrong ante (seed 000); internacional: a second
    exposed card lets the player withdraw (seed 002): nothing stored, the preset's value played."""
    for preset, key, value in (("pocker", "ante_liable", "dealer"),
                               ("internacional", "double_exposure", "withdraw"),
                               ("jackpots", "table_stakes", True)):
        night = store.get_night(db, _night(_post(host, preset=preset, key=f"form-night-{preset}")))
        assert night["rules"] == {"preset": preset}
        assert night["rules_frozen"][key] == value


@pytest.mark.parametrize("key", list(SWITCHES))
def test_a_value_no_switch_has_is_refused_and_nothing_is_stored(app, host, key):
    before = snapshot(app.config["DATABASE"])
    with app.test_request_context("/?lang=es"):
        from web.core.forms import field_label
        label = field_label(key)
    response = _post(host, lang="es", **{key: "maybe"})
    assert response.status_code == 400
    refused = re.findall(r'class="flash error"[^>]*>([^<]*)<', response.get_data(as_text=True))
    assert refused == [f"{label}: elige una de las opciones."]
    assert re.findall(r'<(?:input|select) id="([^"]+)"[^>]*aria-invalid="true"',
                      response.get_data(as_text=True)) == [key]
    assert snapshot(app.config["DATABASE"]) == before


def test_the_switches_are_said_on_the_night_page_and_the_tablet(host, db):
    night_id = _night(_post(host, preset="pocker", table_stakes="no", ante_liable="player",
                            double_exposure="withdraw", jackpot_without_pot="no",
                            unposted_blind_min="min_bet", circular_straight="yes"))
    expected = ["Pocker con comodín",
                "Caja cautiva: no, caja libre: lo apostado de más se compra a la caja en el acto",
                "Apuesta mínima cuando nadie puso la ciega: la apuesta mínima",
                "Una mano sin pot exige el mínimo para abrir: no",
                "Escalera circular (Q-K-A-2-3): sí: da la vuelta, y vale por su carta más alta "
                "(J-Q-K-A-2, luego Q-K-A-2-3, luego K-A-2-3-4, todas por debajo de A-2-3-4-5)",
                "Quién responde del pot mal puesto: el jugador",
                "Dos cartas de un jugador descubiertas en el reparto: el jugador puede retirarse de la mano "
                "(su pot queda en el bote)"]
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    listed = re.search(r'<ul class="night-rules" id="night-rules"[^>]*>(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r"<li>([^<]*)</li>", listed) == expected
    tablet = host.get(f"/dealer/{night_id}/{dealer_token(db, night_id)}/?lang=es").get_data(as_text=True)
    folded = re.search(r'<details class="night-rules" id="night-rules"><summary>[^<]+</summary><p>([^<]*)</p>',
                       tablet).group(1)
    assert folded == "; ".join(expected)


def test_the_presets_that_follow_a_seed_sentence_say_it(app):
    with app.test_request_context("/?lang=en"):
        said = {p["id"]: p["sentence"] for p in night_form.presets()}
        as_preset = night_form.preset_words()
    assert "the dealer answers for a wrong ante" in said["pocker"]
    assert "a second card exposed in the deal lets the player withdraw" in said["internacional"]
    assert as_preset["pocker"]["ante_liable"] == "as the preset: the dealer"
    assert as_preset["jackpots"]["ante_liable"] == "as the preset: the player"
    assert as_preset["internacional"]["double_exposure"].startswith("as the preset: the player may withdraw")
    with app.test_request_context("/?lang=es"):
        said_es = {p["id"]: p["sentence"] for p in night_form.presets()}
    assert "del pot mal puesto responde el repartidor" in said_es["pocker"]
    assert "puede retirarse de la mano" in said_es["internacional"]


def test_the_circular_straight_says_its_runs_for_the_deck_and_is_off_where_it_cannot_apply(host):
    """Issue 27, a fresh tester: "Escalera circular" was offered as Q-K-A-2-3 on a stripped
    deck. The form says what the referee says (``referee.circular``): with a stripped deck
    the runs end in its own low cards, in rank order; with a lowball ranking the switch
    cannot apply and is drawn disabled, with the reason."""
    import json
    import html as html_lib

    page = host.get("/host/?lang=es").get_data(as_text=True)
    notes = json.loads(html_lib.unescape(re.search(r"data-circular='([^']*)'", page).group(1)))
    said = lambda preset, key: notes["texts"][notes["by"][preset][key]]  # noqa: E731
    assert "con 52 cartas J-Q-K-A-2 < Q-K-A-2-3 < K-A-2-3-4, todas por debajo de A-2-3-4-5" \
        in said("jackpots", "|")
    stripped = said("jackpots", "|7")
    assert "con 32 cartas J-Q-K-A-7 < Q-K-A-7-8 < K-A-7-8-9" in stripped and "2-3" not in stripped
    assert "regla del 11" in said("clasico", "|") and "32 cartas" in said("clasico", "|")
    lowball = notes["by"]["deuce_to_seven"]["|"]
    assert notes["off"][lowball] and "No se aplica" in notes["texts"][lowball]
    assert notes["off"][notes["by"]["jackpots"]["deuce_to_seven|"]]
    assert not notes["off"][notes["by"]["jackpots"]["|"]]
    # the page drawn for the preset chosen: the note under the switch, enabled
    assert re.search(r'<p class="hint span" id="circular_straight-hint"[^>]*>Escaleras que dan la vuelta', page)
    assert not re.search(r'<select id="circular_straight"[^>]*disabled', page)
    # the rules' words say the order too
    yes = dict((v, str(w)) for v, _r, w in night_form.BY_KEY["circular_straight"].choices)["yes"]
    assert "J-Q-K-A-2, then Q-K-A-2-3, then K-A-2-3-4, all below A-2-3-4-5" in yes
