"""The import of a downloaded night (issue 15, follow-up: a fresh tester's finds on
``store.files.importer``, ``store.files.night_block``, ``store.files.exporter``, ``web.files.views``).

README: "download any night as session JSON (it carries the chip value, currency, zone and
whether the night is still open, so uploading it again gives the same night), PHH, or a CSV
of the money". So:

- a CLOSED night downloaded and uploaded again is closed (``store.money.ledger.close_night``,
  the default settlement), with the same transfers; when that close is refused the night
  is open and the page says why, in its language, with the refusal's own words;
- the same file with another title or start is another night; with the same options
  (no start given: never "now") the same night;
- a value of the file's ``"tapete"`` block the host overrides on the form is not checked;
- a night downloaded as PHH carries its night (chip value, currency, zone, title, start,
  closed) and counts, so it comes back with the same money; PokerKit still reads the file.
"""

from __future__ import annotations

import html
import json
import tomllib
from datetime import datetime, timezone

import pytest
from apps import snapshot
from hosts import login_host
from phh_samples import BLIND_BLIND
from pokerkit import HandHistory
from showcase_night import PLAYERS, build_showcase_night, table_chips
from uploads import EMPTY, flashed, night_of, refused, upload

import store
from store.files.exporter import night_phh
from web.core.refusals import refusal_text

NOT_CLOSED = "El archivo dice que la noche estaba cerrada, pero aquí no se pudo cerrar y sigue abierta: "
"""The Spanish start of the flash when the file's closed night could not be closed."""


def transfers(db, night_id: int) -> list:
    """The settlement of a closed night: (payer, payee, cents), in order."""
    close = store.get_night(db, night_id)["close"]
    assert close is not None, f"night {night_id} is not closed"
    return [(t["payer"], t["payee"], t["cents"]) for t in close["detail"]["transfers"]]


def download(client, night_id: int, fmt: str) -> bytes:
    answer = client.get(f"/host/night/{night_id}/download/{fmt}")
    assert answer.status_code == 200, answer.status_code
    return answer.data


def night_page(client, night_id: int) -> str:
    return client.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)


# --- 1. a closed night comes back closed ----------------------------------------------------

@pytest.mark.slow
def test_a_closed_night_uploaded_again_is_closed_with_the_same_transfers(app, db, client, other_club):
    """The tester's find: a closed night's JSON (``"closed": true``) came back open,
    offering "Cerrar la noche", and its download then said ``"closed": false``. The import
    closes it as the host's close does by default (the carried pot given back, the fewest
    transfers), entered by the host who uploaded it."""
    world = build_showcase_night(db)
    world.close(db)  # a recount, the carried pot given back, the fewest transfers
    login_host(client)
    body = download(client, world.night, "json")
    assert json.loads(body)["tapete"]["closed"] is True
    again = night_of(upload(other_club.client, body, "cerrada.json", **EMPTY))  # (into another club)
    said = [m for c, m in flashed(other_club.client) if c == "error"]
    assert said == []
    assert store.get_night(other_club.db, again)["closed"]
    assert transfers(other_club.db, again) == transfers(db, world.night)
    assert store.get_night(other_club.db, again)["close"]["entered_by"].startswith("host:")
    assert "Cerrar la noche" not in night_page(other_club.client, again)
    assert json.loads(download(other_club.client, again, "json"))["tapete"]["closed"] is True


def test_flask_import_of_a_closed_night_closes_it(app, db, runner, tmp_path):
    world = build_showcase_night(db)
    world.close(db)
    path = tmp_path / "cerrada.json"
    path.write_text(store.files.exporter.night_json(db, world.night), encoding="utf-8")
    result = runner.invoke(args=["import", str(path), "--copy"])  # (a copy: the club has the night)
    assert result.exit_code == 0, result.output
    again = int(result.output.strip().splitlines()[-1])
    assert transfers(db, again) == transfers(db, world.night)
    # the close as the file says it was made: by whom and when (issue 24: files come back whole)
    assert store.get_night(db, again)["close"]["entered_by"] == "host:test"
    assert store.get_night(db, again)["close"]["entered_at"] == store.get_night(db, world.night)["close"]["entered_at"]


@pytest.fixture
def charged_night(db):
    """Night 14 closed without a recount: Bruno's 20 chips too many charged to him (an
    adjustment of the close, which the session file does not carry)."""
    world = build_showcase_night(db)
    store.close_night(db, world.night, entered_by="host:test", resolution="charge",
                      charge_player_id=world.ids["Bruno"])
    return world


def _unsettled(body: bytes) -> bytes:
    """A closed night's JSON without its block's ``settlement`` (as downloaded before the
    block carried it): it says closed, but not how the bank was settled."""
    session = json.loads(body)
    del session["tapete"]["settlement"]
    return json.dumps(session).encode()


def test_a_closed_night_charged_comes_back_charged_to_the_same_player(app, db, client, charged_night, other_club):
    """The block says how the night was settled (``settlement``: the mode, the hub, the
    resolution and the player charged, by name), and the import closes it the same way: a
    charge comes back charged to the same player, a hub close with the same hub, with the
    same transfers (before: a charge was refused, a hub close came back with the fewest
    transfers, silently other payments)."""
    login_host(client)
    body = download(client, charged_night.night, "json")
    settlement = json.loads(body)["tapete"]["settlement"]
    assert {k: settlement[k] for k in ("mode", "resolution", "charged")} == {"mode": "fewest", "resolution": "charge",
                                                                            "charged": "Bruno"}
    assert "hub" not in settlement and settlement["entered_by"] == "host:test"
    again = night_of(upload(other_club.client, body, "cobrada.json", **EMPTY))
    other = other_club.db
    assert [m for c, m in flashed(other_club.client) if c == "error"] == []
    assert transfers(other, again) == transfers(db, charged_night.night)
    options = store.money.ledger.close_options(other, again)
    assert options["resolution"] == "charge" and store.get_player(other, options["charge_player_id"])["name"] == "Bruno"


def test_a_night_settled_with_a_hub_comes_back_with_the_same_hub_and_transfers(app, db, client, other_club):
    login_host(client)
    hub = build_showcase_night(db)
    seat = next(s for n, s, _ in PLAYERS if n == hub.miscounted)
    store.recount(db, hub.night, hub.ids[hub.miscounted], table_chips(db, hub)[seat], entered_by="host:test")
    store.close_night(db, hub.night, entered_by="host:test", mode="hub", hub_player_id=hub.ids["Chus"])
    body = download(client, hub.night, "json")
    assert json.loads(body)["tapete"]["settlement"]["hub"] == "Chus"
    again = night_of(upload(other_club.client, body, "central.json", **EMPTY))
    other = other_club.db
    assert store.money.ledger.close_options(other, again)["mode"] == "hub"
    assert transfers(other, again) == transfers(db, hub.night)
    assert len(transfers(other, again)) > 1 and all("Chus" in t[:2] for t in transfers(other, again))


@pytest.mark.slow
def test_a_closed_night_whose_close_is_refused_is_open_and_the_page_says_why(app, db, client, charged_night):
    """The file says closed but not how it was settled (a file from before the block's
    ``settlement``), and its bank does not balance without the charge: the close is refused;
    the night is imported and open, and the flash says so with the close's refusal in the
    page's language (``web.core.refusals``), never silently."""
    login_host(client)
    body = _unsettled(download(client, charged_night.night, "json"))
    assert json.loads(body)["tapete"]["closed"] is True
    again = night_of(upload(client, body, "cobrada.json", copy="1", **EMPTY))  # (the club has the night)
    said = [m for c, m in flashed(client) if c == "error"]
    assert not store.get_night(db, again)["closed"]
    with pytest.raises(store.StoreError) as refused:
        store.close_night(db, again, entered_by="test")
    assert refused.value.code == "bank_unbalanced"
    with app.test_request_context("/?lang=es"):
        reason = refusal_text(refused.value)
    assert "Haz un recuento" in reason
    assert said == [NOT_CLOSED + reason]
    assert "Cerrar la noche" in night_page(client, again)
    # the same file again as a copy: that copy, still open, and the page says so
    assert night_of(upload(client, body, "cobrada.json", copy="1", **EMPTY)) == again
    assert flashed(client) == [
        ("ok", "Este archivo ya se importó como copia con las mismas opciones: aquí está esa copia."),
        ("error", "El archivo dice que la noche estaba cerrada; aquí su noche sigue abierta: ciérrala desde su "
                  "página.")]


def _resettled(body: bytes, **settlement) -> bytes:
    """A closed night's JSON with its block's ``settlement`` changed (a key given None is
    removed)."""
    session = json.loads(body)
    block = session["tapete"].setdefault("settlement", {})
    for key, value in settlement.items():
        block.pop(key) if value is None else block.__setitem__(key, value)
    return json.dumps(session).encode()


@pytest.fixture
def closed_night(db):
    """Night 14 recounted and closed (the fewest transfers)."""
    world = build_showcase_night(db)
    world.close(db)
    return world


@pytest.mark.parametrize("lang, said", [
    ("es", "el archivo liquida con «Zoe», que no juega esta noche."),
    ("en", "the file settles with “Zoe”, who does not play tonight.")])
def test_a_file_settled_with_a_hub_who_does_not_play_says_the_file_and_the_name(app, db, client, closed_night,
                                                                                 lang, said):
    """The tester's find: a closed night's file whose ``settlement.hub`` is "Zoe" (not a
    player) came back open with "Di con qué jugador liquidan todos." (the close form's ask,
    naming neither Zoe nor the file). The reason now names the file's settlement and the
    name; the night is imported open."""
    login_host(client)
    body = _resettled(download(client, closed_night.night, "json"), mode="hub", hub="Zoe")
    again = night_of(upload(client, body, "zoe.json", lang=lang, copy="1", **EMPTY))
    start = NOT_CLOSED if lang == "es" else ("The file says the night was closed, but it could not be closed "
                                             "here, so it is still open: ")
    assert [m for c, m in flashed(client) if c == "error"] == [start + said]
    assert not store.get_night(db, again)["closed"]


def test_a_file_hub_of_the_club_who_did_not_play_tonight_is_named_too(app, db, client, closed_night):
    """A hub the club knows (a player of another night) but who did not play this one."""
    store.player.players.player_by_name(db, "Zoe")
    login_host(client)
    body = _resettled(download(client, closed_night.night, "json"), mode="hub", hub="Zoe")
    night_of(upload(client, body, "zoe.json", copy="1", **EMPTY))
    assert [m for c, m in flashed(client) if c == "error"] == [
        NOT_CLOSED + "el archivo liquida con «Zoe», que no juega esta noche."]


@pytest.mark.parametrize("charged, said", [
    (None, "el archivo no dice a qué jugador cargar la diferencia."),
    ("Zoe", "el archivo carga la diferencia a «Zoe», que no juega esta noche.")])
def test_a_charged_night_whose_file_names_no_player_playing_says_so(app, db, client, charged_night, charged, said):
    """The tester's find: ``settlement.charged`` removed from a charged night's file gave
    "…: Di a qué jugador va la diferencia."; the reason now says what the file lacks (or
    names whom it charges)."""
    login_host(client)
    body = _resettled(download(client, charged_night.night, "json"), charged=charged)
    again = night_of(upload(client, body, "cobrada.json", copy="1", **EMPTY))
    assert [m for c, m in flashed(client) if c == "error"] == [NOT_CLOSED + said]
    assert not store.get_night(db, again)["closed"]


def test_flask_import_says_on_stderr_when_the_close_is_refused(app, db, runner, tmp_path, charged_night):
    path = tmp_path / "cobrada.json"
    path.write_bytes(_unsettled(store.files.exporter.night_json(db, charged_night.night).encode()))
    result = runner.invoke(args=["import", str(path), "--copy"])
    assert result.exit_code == 0, result.output
    again = int(result.output.strip().splitlines()[-1])
    assert not store.get_night(db, again)["closed"]
    assert f"night {again} is imported OPEN" in result.output
    assert "Recount, charge or credit the difference" in result.output  # the bank does not balance


# --- 2. the import's key holds the title and the start ----------------------------------------

def test_another_title_or_start_is_another_night_and_the_same_options_the_same(app, db, client):
    """The tester's find: the same file with another title came back as the first night,
    saying "Este archivo ya se importó con las mismas opciones", the new title dropped. The
    title and start are part of the import's key, as the PokerNow import's. (The club has
    the file's night: each is imported as a deliberate copy, issue 24.)"""
    world = build_showcase_night(db)
    login_host(client)
    body = download(client, world.night, "json")
    first = night_of(upload(client, body, "n.json", title="Primera", copy="1"))
    flashed(client)
    titled = night_of(upload(client, body, "n.json", title="Segunda", copy="1"))
    assert titled != first and store.get_night(db, titled)["title"] == "Segunda"
    assert not any("ya se importó" in m for _, m in flashed(client))
    started = night_of(upload(client, body, "n.json", title="Primera", started_at="2026-03-12T21:30", copy="1"))
    assert started not in (first, titled)
    assert store.get_night(db, started)["local_date"] == "2026-03-12"
    flashed(client)
    for options in ({"title": "Primera"}, {"title": "Segunda"}, {"title": "Primera", "started_at": "2026-03-12T21:30"}):
        assert night_of(upload(client, body, "n.json", copy="1", **options)) in (first, titled, started)
        assert ("ok", "Este archivo ya se importó como copia con las mismas opciones: aquí está esa copia.") in \
            flashed(client)


def test_a_file_without_a_start_is_the_same_night_again_never_now(db):
    """No start given by the host nor the file: the key holds no start (not "now", which
    would differ from one import to the next), so the same file is the same copy (the
    club has the night: imported again only as a copy, issue 24)."""
    session = json.loads(store.files.exporter.night_json(db, build_showcase_night(db).night))
    del session["tapete"]
    first = store.import_session(db, session, title="Sin fecha", copy=True)
    assert store.import_session(db, session, title="Sin fecha", copy=True) == first
    assert store.import_session(db, session, title="Con fecha", started_at=datetime(2026, 3, 12, 21), copy=True) != first


# --- 3. a file value the host overrides is not checked -------------------------------------

@pytest.mark.parametrize("block, field, typed, kept", [
    ({"timezone": "Mars/Olympus"}, "timezone", "Europe/Madrid", "Europe/Madrid"),
    ({"title": "x" * 500}, "title", "Corto", "Corto"),
    ({"chip_cents": 0, "chips_per": "dos"}, "chip_cents", "5", 5),
    ({"currency": "euro"}, "currency", "USD", "USD"),
    ({"started_at": "2026-03-12 21:30"}, "started_at", "2026-03-12T21:30", "2026-03-12"),
])
def test_a_bad_file_value_the_host_overrides_is_ignored(app, db, client, block, field, typed, kept):
    """The tester's find: a file whose ``tapete.timezone`` is "Mars/Olympus", uploaded
    with Europe/Madrid chosen, was refused ("Los datos de la noche del archivo ... no se
    pueden usar"), though the form says a filled field takes the host's value. A file value
    is checked only when it is used; left empty, the same value is still refused."""
    world = build_showcase_night(db)
    login_host(client)
    session = json.loads(download(client, world.night, "json"))
    session["tapete"] = {**session["tapete"], **block}
    body = json.dumps(session).encode()
    refused = upload(client, body, "mala.json", **{**EMPTY, "title": ""})
    assert refused.status_code == 400                       # the form again, as filled (web.files.views)
    page = html.unescape(refused.get_data(as_text=True))
    said = page[page.index(" del archivo (“tapete."):]
    assert said.startswith(f" del archivo (“tapete.{field}”)"), said[:200]
    form = {"timezone": "timezone", "title": "title", "chip_cents": "chip_cents", "currency": "currency",
            "started_at": "started_at"}[field]
    again = night_of(upload(client, body, "mala.json", copy="1", **{**EMPTY, form: typed}))
    night = store.get_night(db, again)
    assert (night["local_date"] if field == "started_at" else night[field]) == kept


# --- 4. PHH carries the night ------------------------------------------------------------

def test_a_night_at_5_cents_downloaded_as_phh_comes_back_with_the_same_night_and_money(app, db, client):
    """The tester's find: a night at 5 cents downloaded as PHH came back at 10 cents (the
    CSV's money doubled), its currency, zone, title, start and close lost. The PHH carries
    the night block and the counts as user-defined fields of the first hand
    (``_tapete_night``, ``_tapete_cash_out``; the PHH spec: fields of one's own begin with
    ``_``), read back as the session's ``"tapete"`` and ``cash_out``."""
    world = build_showcase_night(db, chip_cents=5)
    world.close(db)
    login_host(client)
    text = download(client, world.night, "phh").decode()
    first = tomllib.loads(text)["1"]
    assert first["_tapete_night"]["chip_cents"] == 5 and first["_tapete_night"]["closed"] is True
    again = night_of(upload(client, text.encode(), "noche.phhs", copy="1", **EMPTY))  # (the club has the night)
    kept = ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at", "local_date", "closed")
    assert {k: store.get_night(db, again)[k] for k in kept} == {k: store.get_night(db, world.night)[k] for k in kept}
    assert store.get_night(db, again)["chip_cents"] == 5
    assert download(client, again, "csv") == download(client, world.night, "csv")
    assert transfers(db, again) == transfers(db, world.night)


def _pokerkit_stacks(hand: dict, state) -> dict[int, int]:
    return dict(zip(hand["seats"], state.stacks))


@pytest.mark.parametrize("hands", [1, 2])
def test_pokerkit_reads_a_downloaded_2_7_night_with_its_night_fields(db, hands):
    """PokerKit (the independent reader) replays every hand of a 2-7 night's PHH download
    with the night's fields in it, to the stacks the referee gives (a ``.phh`` of one hand:
    the fields at its top level; a ``.phhs``: in ``[1]``)."""
    import referee
    session = json.loads(json.dumps(BLIND_BLIND))
    if hands == 2:
        session["hands"].append({"actions": [
            "p3 blind 5", "p1 blind 10", "d deal p1 5", "d deal p2 5", "d deal p3 5", "p2 fold", "p3 fold",
            "d award p1 15"]})
    night = store.import_session(db, session, chip_cents=5, title="2-7")
    text = night_phh(db, night)
    judged = referee.check(store.night_session(db, night))["hands"]
    tables = tomllib.loads(text)
    tables = [tables] if hands == 1 else [tables[str(k)] for k in range(1, hands + 1)]
    assert tables[0]["_tapete_night"]["chip_cents"] == 5 and "_tapete_cash_out" in tables[0]
    read = [HandHistory.loads(text)] if hands == 1 else list(HandHistory.loads_all(text))
    assert len(read) == hands
    for table, history, entry in zip(tables, read, judged):
        *_, state = iter(history)
        assert _pokerkit_stacks(table, state) == {int(s): c for s, c in entry["stacks"].items()}


@pytest.mark.slow
def test_the_night_page_names_the_nights_title(app, db, client):
    """A fresh tester's find: a night imported with the title "Otra" was "Noche 16" on its
    page, its title only in the nights list. The heading and the page title carry it."""
    login_host(client)
    titled = store.create_night(db, rules="jackpots", chip_cents=10, title="Otra <b>noche</b>")
    plain = store.create_night(db, rules="jackpots", chip_cents=10)
    page = night_page(client, titled)
    assert f"<h1>Noche {titled} · <span id=\"night-title\">Otra &lt;b&gt;noche&lt;/b&gt;</span>" in page
    assert f"<title>Noche {titled} · Otra &lt;b&gt;noche&lt;/b&gt; · Tapete</title>" in page
    assert f"<h1>Noche {plain}</h1>" in night_page(client, plain)


# --- 5. the file's start has the form's bounds (issue 15, tester 16) -----------------------

@pytest.mark.parametrize("start", ["1990-01-01T00:00:00+00:00", "1999-12-31T23:59:00+00:00", "in_two_years"])
def test_a_files_start_before_2000_or_past_a_year_is_refused_as_the_forms_is(app, db, client, start):
    """The tester's find: a downloaded night whose ``tapete.started_at`` was set to
    1990-01-01T00:00:00+00:00, uploaded with the form's fields empty, was imported
    ("Comienzo: 1990-01-01"), though the same date typed on the form is refused. The file's
    start has the same bounds (``store.night.nights.start_in_bounds``): refused, nothing stored."""
    world = build_showcase_night(db)
    login_host(client)
    session = json.loads(download(client, world.night, "json"))
    if start == "in_two_years":
        start = store.core.transactions.clock().replace(microsecond=0).astimezone(timezone.utc)
        start = start.replace(year=start.year + 2, day=min(start.day, 28)).isoformat()
    session["tapete"]["started_at"] = start
    before = snapshot(app.config["DATABASE"])
    said, marked = refused(upload(client, json.dumps(session).encode(), "noche.json", **{**EMPTY, "title": ""}))
    assert marked == ["import-file"] and said.startswith("El comienzo del archivo (“tapete.started_at”) debe ser el 1 de enero de 2000 o después, y como "
            "mucho dentro de un año. Corrígelo o quítalo del archivo.")
    assert snapshot(app.config["DATABASE"]) == before
    with pytest.raises(store.StoreError) as kept_out:
        store.import_session(db, session)
    assert kept_out.value.params == {"what": "night", "field": "started_at", "reason": "range", "limit": 120}
    assert snapshot(app.config["DATABASE"]) == before


def test_the_bounds_are_one_definition_for_the_form_and_the_file(app, db, client, monkeypatch):
    """One place for the bounds: moved to 2010 (``store.night.nights.EARLIEST_START``), both the
    import form's typed start and the file's own start of 2005 are refused; 2010 taken."""
    monkeypatch.setattr(store.night.nights, "EARLIEST_START", datetime(2010, 1, 1))
    world = build_showcase_night(db)
    login_host(client)
    session = json.loads(download(client, world.night, "json"))
    session["tapete"]["started_at"] = "2005-06-01T20:00:00+00:00"
    body = json.dumps(session).encode()
    assert upload(client, body, "a.json", **{**EMPTY, "title": ""}).status_code == 400
    said, marked = refused(upload(client, body, "a.json", **{**EMPTY, "title": "", "started_at": "2005-06-01T22:00"}))
    assert said.startswith("Comienzo (fecha y hora, en esa zona): ") and marked == ["import-started-at"]
    session["tapete"]["started_at"] = "2010-01-01T00:00:00+00:00"
    night = store.get_night(db, night_of(upload(client, json.dumps(session).encode(), "b.json", copy="1",
                                                **{**EMPTY, "title": ""})))
    assert night["started_at"] == "2010-01-01T00:00:00+00:00"
