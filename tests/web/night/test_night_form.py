"""The new-night form's house rules (issue 15, ``web.night.night_form``): every override key of
CONTRACT.md section 3 settable, only what the host set stored, refusals named in the page's
language with nothing stored."""

from __future__ import annotations

import re

import pytest
from apps import snapshot
from hosts import login_host
from tablets import dealer_token

import referee
import store
from web.core.forms import field_label
from web.night import night_form

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
    data = {"preset": "jackpots", "chip_value": "0,10", "currency": "EUR", "key": "form-night-0001", **fields}
    return host.post(f"/host/nights?lang={lang}", data=data)


def _night(response) -> int:
    assert response.status_code == 302 and "/night/" in response.headers["Location"], response.headers
    return int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))


def _refused(response) -> list[str]:
    """The refusals at the top of a refused form's answer (400: the form drawn again)."""
    assert response.status_code == 400, response.status_code
    return re.findall(r'class="flash error"[^>]*>([^<]*)<', response.get_data(as_text=True))


def _marked(response) -> list[str]:
    """The fields a refused form marks (``aria-invalid``), by id."""
    page = response.get_data(as_text=True)
    return re.findall(r'<(?:input|select) id="([^"]+)"[^>]*aria-invalid="true"', page)


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
                            big_blind="10", small_bet="10", big_bet="20", ante="", raise_cap="none", jokers="1", joker="bug",
                            suit_order="hdcs", opener_ladder="other", opener_ladder_other="j q-k,a",
                            five_figures="yes", flush_beats_full="auto", lowest_rank="auto", draws="3",
                            max_draw="4"))
    night = store.get_night(db, night_id)
    assert night["rules"] == {
        "preset": "jackpots", "direction": "counterclockwise", "checkdown": "carry", "small_blind": 5,
        "big_blind": 10, "small_bet": 10, "big_bet": 20, "blinds_allowed": True, "raise_cap": None, "jokers": 1, "joker": "bug",
        "suit_order": "hdcs", "opener_ladder": ["J", "Q", "K", "A"], "five_figures": True,
        "flush_beats_full": "auto", "lowest_rank": "auto", "draws": 3, "max_draw": 4}
    frozen = night["rules_frozen"]
    assert (frozen["ante"], frozen["opening"], frozen["betting"]) == (1, "J", "fixed_limit")  # the preset's


def test_an_empty_form_keeps_the_preset_as_it_is(host, db):
    night_id = _night(_post(host, preset="pocker"))
    assert store.get_night(db, night_id)["rules"] == {"preset": "pocker"}
    assert store.get_night(db, night_id)["rules_frozen"] == referee.PRESETS["pocker"].as_dict()


@pytest.mark.parametrize("fields, english, spanish, field", [
    ({"direction": "left"}, "Direction of play: choose one of the options.",
     "Sentido del juego: elige una de las opciones.", "direction"),
    ({"opener_ladder": "other", "opener_ladder_other": "J Q 10"},
     "Opener ladder after deals nobody opens: write the ranks J, Q, K or A in order",
     "Escala de apertura cuando nadie abre: escribe las figuras J, Q, K o A en orden", "opener_ladder_other"),
    ({"opener_ladder": "J-Q-K-A-K-Q-J", "opening": "Q"},
     "Opener ladder after deals nobody opens: starts with the minimum to open (Q).",
     "Escala de apertura cuando nadie abre: empieza por el mínimo para abrir (Q).", "opener_ladder"),
    ({"small_blind": "5", "blinds_allowed": "no"},
     "Blinds played: say yes to play the blinds you sized",
     "Se juegan ciegas: di «sí» para jugar las ciegas que has puesto", "blinds_allowed"),
    ({"big_blind": "-2"}, "Double blind (chips): must be a whole number of at least 0.",
     "Contra-ciega (fichas)", "big_blind"),
    ({"preset": "pocker", "min_bet": "0"}, "Minimum bet (chips): must be above 0 in pot limit and no limit.",
     "Apuesta mínima (fichas): debe ser mayor que 0", "min_bet"),
    ({"betting": "no_limit", "min_bet": "0"}, "Minimum bet (chips): must be above 0 in pot limit and no limit.",
     "Apuesta mínima (fichas): debe ser mayor que 0", "min_bet"),
])
def test_a_bad_setting_is_refused_in_the_pages_language_and_nothing_is_stored(app, host, fields, english, spanish,
                                                                              field):
    """The refusal at the top of the form drawn again (400), the field it names marked."""
    before = snapshot(app.config["DATABASE"])
    for lang, said in (("en", english), ("es", spanish)):
        response = _post(host, lang=lang, **fields)
        refused = _refused(response)
        assert len(refused) == 1 and said in refused[0].replace("&#34;", '"'), refused
        assert _marked(response) == [field]
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("fields, english, spanish, field", [
    ({"preset": "pocker", "small_blind": "10", "big_blind": "5"},
     "Double blind (chips): must be at least the blind (10).",
     "Contra-ciega (fichas): debe ser al menos la ciega (10).", "big_blind"),
    ({"ante": "99999999999"}, "Ante (chips): too large (at most 1 000 000 000 chips).",
     "Pot / ante (fichas): es demasiado grande (como mucho 1 000 000 000 fichas).", "ante"),
    ({"preset": "pocker", "min_bet": "99999999999"}, "Minimum bet (chips): too large",
     "Apuesta mínima (fichas): es demasiado grande", "min_bet"),
    ({"started_at": "yesterday"}, "Start (date and time, in that zone): write a date and time",
     "Comienzo (fecha y hora, en esa zona): escribe una fecha y una hora", "started_at"),
    ({"started_at": ""}, "Start (date and time, in that zone): write a date and time",
     "Comienzo (fecha y hora, en esa zona): escribe una fecha y una hora", "started_at"),
    ({"preset": "basico", "small_blind": "5", "big_blind": "10"},
     "Double blind (chips): can be at most the small bet (2) in fixed limit",
     "Contra-ciega (fichas): como mucho la apuesta pequeña (2) en límite fijo", "big_blind"),
    ({"preset": "basico", "small_blind": "3", "big_blind": "", "small_bet": "2", "big_bet": "4"},
     "Blind (chips): can be at most the small bet (2) in fixed limit",
     "Ciega (fichas): como mucho la apuesta pequeña (2) en límite fijo", "small_blind"),
])
def test_settings_no_hand_can_be_played_with_are_refused_and_nothing_is_stored(app, host, fields, english, spanish,
                                                                               field):
    """A double blind below the blind, an amount past :data:`night_form.MAX_STAKE`, a start
    that is no date (a browser sends an unreadable ``datetime-local`` as empty: refused,
    not replaced by the current time), and in fixed limit a blind above the small bet.

    Robert's Rules of Poker, section 4 (Buttons and Blinds), rules for using blinds, rule 1:
    "The minimum bring-in and allowable raise sizes for the opener are specified by the
    poker form used and blind amounts set for a game": the blinds are the first bet, and in
    limit poker a bet is the lower limit (the small bet), so blinds 5/10 over bets of 2/4
    (the tablet offered "raise to 12") are refused."""
    before = snapshot(app.config["DATABASE"])
    for lang, said in (("en", english), ("es", spanish)):
        response = _post(host, lang=lang, **fields)
        refused = _refused(response)
        assert len(refused) == 1 and said in refused[0], refused
        assert _marked(response) == [field]
    assert snapshot(app.config["DATABASE"]) == before


def test_blinds_up_to_the_small_bet_and_a_start_left_out_are_taken(host, db):
    """The limits above are not a wall: blinds the size of the small bet, an amount at
    :data:`night_form.MAX_STAKE`, and a client that sends no start at all (the current time)."""
    night_id = _night(_post(host, preset="basico", small_blind="1", big_blind="2",
                            ante=str(night_form.MAX_STAKE)))
    frozen = store.get_night(db, night_id)["rules_frozen"]
    assert (frozen["small_blind"], frozen["big_blind"], frozen["ante"]) == (1, 2, night_form.MAX_STAKE)


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


def test_a_refused_form_comes_back_as_the_host_filled_it(app, host):
    """A refusal keeps every setting the host made: the preset, each choice, each number, the
    typed ladder, the title, zone, start and chip value; the folded part drawn open; nothing
    stored."""
    before = snapshot(app.config["DATABASE"])
    fields = {"preset": "clasico", "title": "Viernes largo", "ante": "3", "betting": "pot_limit",
              "min_bet": "0", "direction": "counterclockwise", "checkdown": "showdown", "small_blind": "5",
              "big_blind": "10", "opener_ladder": "other", "opener_ladder_other": "J Q K", "draws": "2",
              "max_draw": "3", "jokers": "1", "joker": "bug", "suit_order": "sdch", "five_figures": "yes",
              "timezone": "America/Mexico_City", "started_at": "2026-05-01T22:30", "chip_value": "0,25 $",
              "chips_per": "5", "currency": "MXN"}
    response = _post(host, lang="es", **fields)
    assert _refused(response) == ["Apuesta mínima (fichas): debe ser mayor que 0 en límite del bote y sin límite."]
    assert _marked(response) == ["min_bet"]
    assert re.search(r'<label for="min_bet" class="refused">', response.get_data(as_text=True))
    page = response.get_data(as_text=True)
    assert re.search(r'<details class="span more-rules" id="more-rules" open>', page)
    assert re.search(r'<input type="radio" name="preset" id="preset-clasico" value="clasico" checked', page)
    assert len(re.findall(r'name="preset"[^>]* checked', page)) == 1
    for key, value in fields.items():
        if key == "preset":
            continue
        select = re.search(rf'<select id="{key}" name="{key}"[^>]*>(.*?)</select>', page, re.S)
        if select:
            assert re.findall(r'<option value="([^"]*)" selected>', select.group(1)) == [value], key
        else:
            assert re.search(rf'<input id="{key}" name="{key}"[^>]* value="{re.escape(value)}"', page), key
    for key in ("opening", "raise_cap", "lowest_rank"):   # left empty: still "as the preset"
        select = re.search(rf'<select id="{key}" name="{key}"[^>]*>(.*?)</select>', page, re.S).group(1)
        assert "selected" not in select, key
    assert snapshot(app.config["DATABASE"]) == before


def test_a_refused_basic_field_leaves_the_folded_part_closed(host):
    response = _post(host, lang="en", chip_value="0")
    assert _refused(response) == ["Chip value (money, such as 0.05): must be more than 0."]
    assert _marked(response) == ["chip_value"]
    assert '<details class="span more-rules" id="more-rules">' in response.get_data(as_text=True)


def test_as_the_preset_says_each_presets_value(app, host):
    """The empty choice says the preset's own value (``referee.resolve_rules``), per preset."""
    with app.test_request_context("/host/?lang=es"):
        words = night_form.preset_words()
    assert set(words) == set(referee.PRESETS)
    assert words["pocker"]["direction"] == "como el reglamento: al revés de las agujas del reloj: hacia la derecha"
    assert words["jackpots"]["direction"] == ("como el reglamento: en el sentido de las agujas del reloj: "
                                              "hacia la izquierda")
    assert words["pocker"]["opener_ladder"] == "como el reglamento: J-Q-K-A-K-Q-J"
    assert words["clasico"]["suit_order"] == "como el reglamento: ♥ ♦ ♣ ♠"
    assert words["clasico"]["lowest_rank"] == "como el reglamento: según los jugadores (regla del 11)"
    assert words["deuce_to_seven"]["small_blind"] == "como el reglamento: 1"
    assert words["basico"]["opening"] == "como el reglamento: sin mínimo"
    assert words["pocker"]["raise_cap"] == "como el reglamento: sin tope"
    page = host.get("/host/?lang=es").get_data(as_text=True)   # jackpots chosen: its words drawn
    assert '<select id="checkdown" name="checkdown"><option value="">como el reglamento: se enseñan las cartas' in page
    assert 'placeholder="como el reglamento: 1"' in page.split('id="ante"')[1].split(">")[0]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_label_and_each_refusal_of_a_field_say_it_in_one_wording(app, host, lang):
    """One wording per field: every ``<label for>`` of the new-night form is the field's
    ``web.core.forms.field_label`` (the template draws it from there), and a refusal of the chip
    value or of its number of chips names the field with those same words."""
    page = host.get(f"/host/?lang={lang}").get_data(as_text=True)
    form = page.split('class="grid-form night-form"')[1].split("</form>")[0]
    labels = dict(re.findall(r'<label for="([^"]+)"[^>]*>([^<]+)</label>', form))
    assert {"title", "timezone", "started_at", "chip_value", "chips_per", "currency",
            night_form.LADDER_OTHER} <= set(labels)
    with app.test_request_context(f"/?lang={lang}"):
        said = {key: field_label(key) for key in labels}
        said_preset = field_label("preset")
    assert {key: words.replace("&#39;", "'") for key, words in labels.items()} == said
    assert f"<legend>{said_preset}</legend>" in form
    for key in ("chip_value", "chips_per"):
        refused = _refused(_post(host, lang=lang, **{key: "0"}))
        assert len(refused) == 1 and refused[0].startswith(labels[key] + ": "), refused


@pytest.mark.slow
def test_the_rules_set_on_the_form_are_said_on_the_night_page_and_the_tablet(host, db):
    """The host can check what was set: the host's night page lists the preset and each
    override in the form's own words (the field's label, the choice's words), and the
    tablet folds the same words under its header (one function: ``night_form.rules_words``)."""
    night_id = _night(_post(host, preset="pocker", direction="clockwise", checkdown="carry",
                            small_blind="5", big_blind="10"))
    expected = {
        "es": ["Pocker con comodín",
               "Sentido del juego: en el sentido de las agujas del reloj: hacia la izquierda",
               "Si todos dicen «palabra» tras el descarte: el plato queda para la siguiente mano (plato de palabra)",
               "Ciega (fichas): 5", "Contra-ciega (fichas): 10"],
        "en": ["Pocker with the joker", "Direction of play: clockwise: to the dealer&#39;s left",
               "When everyone checks after the draw: the pot carries to the next hand",
               "Blind (chips): 5", "Double blind (chips): 10"]}
    token = dealer_token(db, night_id)
    for lang, words in expected.items():
        page = host.get(f"/host/night/{night_id}?lang={lang}", follow_redirects=True).get_data(as_text=True)
        listed = re.search(r'<ul class="night-rules" id="night-rules"[^>]*>(.*?)</ul>', page, re.S).group(1)
        assert re.findall(r"<li>([^<]*)</li>", listed) == words
        tablet = host.get(f"/dealer/{night_id}/{token}/?lang={lang}").get_data(as_text=True)
        folded = re.search(r'<details class="night-rules" id="night-rules"><summary>[^<]+</summary><p>([^<]*)</p>',
                           tablet).group(1)
        assert folded == "; ".join(words)


def test_a_night_on_its_presets_rules_says_only_the_preset(host, db):
    night_id = _night(_post(host, preset="clasico"))
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    listed = re.search(r'<ul class="night-rules" id="night-rules"[^>]*>(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r"<li>([^<]*)</li>", listed) == ["Póquer clásico"]


def _in_years(years: int) -> str:
    now = store.core.transactions.clock()
    return now.replace(year=now.year + years, month=6, day=1).strftime("%Y-%m-%dT%H:%M")


@pytest.mark.parametrize("start, zone, english, spanish", [
    ("1900-01-01T00:00", "Europe/Madrid", "a night starts on 1 January 2000 or later",
     "una noche empieza el 1 de enero de 2000 o después"),
    ("in_two_years", "Europe/Madrid", "at most a year from now", "como mucho dentro de un año"),
    ("2026-03-29T02:30", "Europe/Madrid",
     "2026-03-29 02:30 does not exist in Europe/Madrid (the clocks jump forward at that hour)",
     "las 2026-03-29 02:30 no existen en Europe/Madrid (a esa hora se adelantan los relojes)"),
    ("2026-03-08T02:15", "America/New_York", "2026-03-08 02:15 does not exist in America/New_York",
     "las 2026-03-08 02:15 no existen en America/New_York"),
])
def test_a_start_out_of_range_or_that_does_not_exist_in_the_zone_is_refused(app, host, start, zone, english,
                                                                            spanish):
    """The tester's find (on the import form, whose start is read here too): a start of
    1900-01-01 00:00 was taken, and 2026-03-29 02:30 in Europe/Madrid, a time that does not
    exist there (the clocks jump from 02:00 to 03:00), silently became 03:30. Refused,
    naming the field, the start marked, nothing stored; the zone is the form's."""
    start = _in_years(2) if start == "in_two_years" else start
    before = snapshot(app.config["DATABASE"])
    for lang, said in (("en", english), ("es", spanish)):
        response = _post(host, lang=lang, timezone=zone, started_at=start)
        refused = _refused(response)
        assert len(refused) == 1 and refused[0].startswith(field_label("started_at") if lang == "en" else
                                                           "Comienzo (fecha y hora, en esa zona): "), refused
        assert said in refused[0].replace("&#39;", "'"), refused
        assert _marked(response) == ["started_at"]
    assert snapshot(app.config["DATABASE"]) == before


def test_a_start_in_the_autumns_repeated_hour_is_the_first_and_the_zone_decides(host, db):
    """2026-10-25 02:30 happens twice in Europe/Madrid (the clocks go back from 03:00 to
    02:00): the first, summer time (UTC+2). 2026-03-29 02:30, which Madrid skips, exists in
    New York. 1 January 2000 00:00 is the earliest start taken."""
    night = _night(_post(host, timezone="Europe/Madrid", started_at="2026-10-25T02:30", key="autumn-0001"))
    assert store.get_night(db, night)["started_at"] == "2026-10-25T00:30:00+00:00"
    night = _night(_post(host, timezone="America/New_York", started_at="2026-03-29T02:30", key="spring-0001"))
    assert store.get_night(db, night)["started_at"] == "2026-03-29T06:30:00+00:00"
    night = _night(_post(host, timezone="Europe/Madrid", started_at="2000-01-01T00:00", key="y2k-00001"))
    assert store.get_night(db, night)["local_date"] == "2000-01-01"


@pytest.mark.parametrize(("typed", "cents"), [("0,05 €", 5), ("0.05", 5), ("€1,5", 150), ("2 EUR", 200)])
def test_the_chip_value_is_typed_as_money(host, db, typed, cents):
    """Issue 26: the chip value is asked as money ("0,05 €"), with a comma or a point and
    the currency sign optional, and stored as int cents; the night's header shows it as money."""
    night_id = _night(_post(host, lang="es", chip_value=typed))
    assert store.get_night(db, night_id)["chip_cents"] == cents
    page = host.get(f"/host/night/{night_id}/table?lang=es").get_data(as_text=True)
    shown = re.search(r'<span id="chip-value">([^<]*)</span>', page).group(1)
    assert shown == {5: "0,05\u00a0€", 150: "1,50\u00a0€", 200: "2,00\u00a0€"}[cents]


@pytest.mark.parametrize(("typed", "words"), [
    ("0,055", "Valor de la ficha (dinero, como 0,05 €): como mucho dos decimales (céntimos), como 0,05."),
    ("-0,05", "Valor de la ficha (dinero, como 0,05 €): no puede ser negativo."),
    ("0", "Valor de la ficha (dinero, como 0,05 €): debe ser más de 0."),
    ("99999999999999", "Valor de la ficha (dinero, como 0,05 €): es demasiado grande."),
    ("cinco", "Valor de la ficha (dinero, como 0,05 €): debe ser un importe como 12,50.")])
def test_a_chip_value_that_is_not_money_is_refused_in_words_and_comes_back_as_typed(app, host, typed, words):
    before = snapshot(app.config["DATABASE"])
    response = _post(host, lang="es", chip_value=typed)
    assert _refused(response) == [words]
    assert _marked(response) == ["chip_value"]
    assert re.search(rf'<input id="chip_value" name="chip_value"[^>]* value="{re.escape(typed)}"',
                     response.get_data(as_text=True))
    assert snapshot(app.config["DATABASE"]) == before


def test_the_chip_value_is_offered_as_money_in_the_pages_language(host):
    """The empty form offers 10 cents as money: "0,10" in Spanish, "0.10" in English; a
    form refused for another field shows the chip value as the host typed it."""
    for lang, offered in (("es", "0,10"), ("en", "0.10")):
        page = host.get(f"/host/?lang={lang}").get_data(as_text=True)
        assert re.search(rf'<input id="chip_value" name="chip_value"[^>]* value="{offered}"', page), lang
    page = _post(host, lang="es", chip_value="0,25 €", chips_per="x").get_data(as_text=True)
    assert re.search(r'<input id="chip_value" name="chip_value"[^>]* value="0,25 €"', page)
def _selected(page: str, key: str) -> list[str]:
    select = re.search(rf'<select id="{key}" name="{key}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.findall(r'<option value="([^"]*)" selected>', select)


def test_the_next_night_starts_with_the_last_nights_preset_and_house_rules(host):
    """Issue 26, a tester's finding: the second night's form preselected the jackpots preset,
    not the one played last time; the preset and every override now come back, as the
    default buy-in does (``store.night.setup.last_rules``)."""
    _night(_post(host, preset="internacional", ante="2", betting="pot_limit", min_bet="4",
                 direction="counterclockwise", opener_ladder="other", opener_ladder_other="J Q K",
                 buy_in="300"))
    page = host.get("/host/?lang=es").get_data(as_text=True)
    assert re.findall(r'name="preset" id="preset-(\w+)"[^>]* checked', page) == ["internacional"]
    assert re.search(r'<input id="ante" name="ante"[^>]* value="2"', page)
    assert re.search(r'<input id="min_bet" name="min_bet"[^>]* value="4"', page)
    assert re.search(r'<input id="buy_in" name="buy_in"[^>]* value="300"', page)
    assert _selected(page, "betting") == ["pot_limit"]
    assert _selected(page, "direction") == ["counterclockwise"]
    assert _selected(page, "opener_ladder") == ["other"]
    assert re.search(r'<input id="opener_ladder_other" name="opener_ladder_other"[^>]* value="J Q K"', page)
    assert _selected(page, "opening") == []                     # not set last time: "as the preset"
    assert re.search(r'<details class="span more-rules" id="more-rules" open>', page)   # its overrides shown


def test_the_form_values_of_stored_rules_read_back_as_the_same_rules():
    rules = {"preset": "clasico", "ante": 3, "raise_cap": None, "five_figures": True,
             "opener_ladder": ["J", "Q", "K", "A", "K", "Q", "J"], "unknown_key": 1}
    assert night_form.form_values(rules) == {"preset": "clasico", "ante": "3", "raise_cap": "none",
                                             "five_figures": "yes", "opener_ladder": "J-Q-K-A-K-Q-J"}
    assert night_form.form_values(None) == {}
