"""Files in and out on the web (issue 15, ``web.files.views``, ``store.files.exporter``): "upload a
session JSON or PHH file to create a night (the same checks as the CLI import, errors shown
in the page's language); download any night as session JSON, PHH and CSV (cells that
begin with ``=``, ``+``, ``-`` or ``@`` escaped when they are text, numbers kept as numbers)".

Round trips: the night of issue 14 (a carried pot, a false opener, a wrong push, a side
pot, a rebuy: ``tests/showcase_night.py``) downloaded as JSON and as PHH and uploaded again
is judged alike, hand by hand (findings, pots, awards judged and pushed, stacks, carried
pot, next opening); the CSV read back with ``csv`` keeps a hostile nickname as text and a
negative net as a number.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from apps import snapshot
from hosts import login_host
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samples import synthetic_session
from showcase_night import PLAYERS, build_showcase_night
from uploads import AGAIN, EMPTY, flashed, night_of, open_club, refused, upload

import referee
import store
from store.files.exporter import FORMULA_STARTS, csv_cell, csv_text, session_file
from web.core.limits import MAX_CONTENT_LENGTH, MAX_UPLOAD_BYTES, UPLOAD_BODY_BYTES

HOSTILE = '=HYPERLINK("http://x","y")'
"""The issue's hostile nickname: a spreadsheet would run it as a formula."""


def judged(db, night_id: int) -> list:
    """The referee's result on every hand of a stored night, as compared in a round trip."""
    return [([(f["kind"], f["action"], f["seat"]) for f in h["findings"]], h["pots"], h["awards"],
             h["recorded_awards"], h["stacks"], h["carried"], h["next_opening"])
            for h in store.check_night(db, night_id)["hands"]]


def players_of(db, night_id: int) -> list:
    return [(p["seat"], p["name"]) for p in store.table_players(db, night_id)]


@pytest.fixture
def showcase_night(db, client):
    """The night of issue 14 (open, everyone counted) and the host logged in."""
    world = build_showcase_night(db)
    login_host(client)
    return world


# --- round trips -------------------------------------------------------------------------

def test_json_download_uploaded_again_is_judged_alike_with_the_same_money(app, db, client, showcase_night,
                                                                         other_club):
    """"a night downloaded as JSON ... uploaded again, gives the same referee result"; the
    session file also carries the buy-ins, rebuys and counts, so the money is the same too.
    Uploaded into another club (the club that has it refuses it again: issue 24)."""
    answer = client.get(f"/host/night/{showcase_night.night}/download/json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.headers["Content-Disposition"].startswith('attachment; filename="tapete-night-')
    session = json.loads(answer.get_data(as_text=True))
    assert session["format"] == "tapete/1" and len(session["hands"]) == 4
    again = night_of(upload(other_club.client, answer.data, "noche.json"))
    other = other_club.db
    assert judged(other, again) == judged(db, showcase_night.night)
    assert players_of(other, again) == players_of(db, showcase_night.night)
    money = lambda d, n: [(r[1], r[2], r[3]) for r in store.files.exporter.money_rows(d, n)]  # noqa: E731
    assert money(other, again) == money(db, showcase_night.night)
    # no title typed: the night's own, which the file carries ("tapete" block)
    assert store.get_night(other, again)["title"] == store.get_night(db, showcase_night.night)["title"] == "Noche de jotas"


def test_phh_download_uploaded_again_is_judged_alike(app, db, client, showcase_night, other_club):
    """"a night downloaded as ... PHH, uploaded again, gives the same referee result"."""
    answer = client.get(f"/host/night/{showcase_night.night}/download/phh")
    assert answer.status_code == 200
    assert re.search(r'filename="tapete-night-\d+-[\d-]+\.phhs"', answer.headers["Content-Disposition"])
    text = answer.get_data(as_text=True)
    assert text.startswith("[1]") and "[4]" in text  # four hands: a .phhs
    # the night's frozen rules (with nulls) are written once a hand: as JSON, not also as TOML
    assert text.count("_tapete_rules_json = ") == 4 and "_tapete_rules = " not in text
    again = night_of(upload(other_club.client, answer.data, "noche.phhs", title="Vuelta PHH"))
    assert judged(other_club.db, again) == judged(db, showcase_night.night)
    assert players_of(other_club.db, again) == players_of(db, showcase_night.night)
    assert store.get_night(other_club.db, again)["title"] == "Vuelta PHH"


@pytest.mark.slow
def test_a_night_of_300_hands_downloaded_as_json_and_phh_is_uploaded_again_alike(app, db, client, tmp_path):
    """A long night's files are past the app's 256 KB body limit (300 hands at nine seats:
    about 0.3 MB of JSON, 0.9 MB of PHH); the import takes files up to 8 MB, and each hand
    of the night uploaded again is judged as the stored night's (awards, findings, pots,
    stacks: the same referee result per hand)."""
    login_host(client)
    night = store.import_session(db, synthetic_session(hands=300, players=9, seed=15))
    stored = judged(db, night)
    assert len(stored) == 300
    for fmt, name in (("json", "larga.json"), ("phh", "larga.phhs")):
        answer = client.get(f"/host/night/{night}/download/{fmt}")
        assert answer.status_code == 200
        assert MAX_CONTENT_LENGTH < len(answer.data) <= MAX_UPLOAD_BYTES, (fmt, len(answer.data))
        other = open_club(tmp_path / fmt)  # (each file names the night: one club each)
        try:
            again = night_of(upload(other.client, answer.data, name))
            assert judged(other.db, again) == stored, fmt
            assert players_of(other.db, again) == players_of(db, night)
            assert ("ok", "Noche importada: 9 jugadores, 300 manos.") in flashed(other.client)
        finally:
            other.close()


@pytest.mark.parametrize("size", [MAX_UPLOAD_BYTES + 1, UPLOAD_BODY_BYTES + 1], ids=["file", "body"])
def test_a_file_past_the_limit_is_refused_on_the_form_in_spanish_and_stores_nothing(app, db, client, size):
    """A file past 8 MB: the file read (and counted) by the view, or a body past the route's
    limit refused before the view, unread. Either way the refusal is said on the import
    form in Spanish, never a bare 413 page, and nothing is stored."""
    login_host(client)
    body = json.dumps({**GOOD, "padding": "x" * size}).encode()
    assert len(body) > size
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, body, "enorme.json")
    assert snapshot(app.config["DATABASE"]) == before
    if size == MAX_UPLOAD_BYTES + 1:  # read by the view: the form drawn again, the file marked
        assert refused(answer) == ("El archivo es demasiado grande: como mucho 8 MB." + AGAIN, ["import-file"])
        form = answer
    else:  # refused unread: back to the form
        assert answer.status_code == 303 and answer.headers["Location"].endswith("/host/import")
        form = client.get(answer.headers["Location"])
    page = html.unescape(form.get_data(as_text=True))
    assert 'id="import-form"' in page
    assert "El archivo es demasiado grande: como mucho 8 MB." in page
    assert "too large" not in page and "enorme" not in page


def test_other_routes_keep_the_apps_body_limit(app, client):
    """Only the import takes more than 256 KB: the login form past it is still a 413."""
    login_host(client)
    assert client.post("/host/login", data={"pin": "x" * (MAX_CONTENT_LENGTH + 1)}).status_code == 413
    assert client.post("/host/import?lang=es", data={"pin": "x" * (MAX_CONTENT_LENGTH + 1)}).status_code == 400


def test_a_shared_case_uploaded_as_json_is_judged_as_the_cli_imports_it(app, db, client, runner, shared):
    """The same checks and the same night as ``flask import``: the false opener case."""
    login_host(client)
    path = shared / "cases" / "false_opener.json"
    by_web = night_of(upload(client, path.read_bytes(), path.name))
    by_cli = int(runner.invoke(args=["import", str(path), "--chip-cents", "5", "--copy"]).output.strip())
    assert by_cli != by_web
    assert judged(db, by_web) == judged(db, by_cli)


def test_a_real_phh_hand_is_imported(app, db, client, shared):
    """A real PHH hand (2-7 triple draw at the WSOP) makes a one-hand night."""
    login_host(client)
    path = next(p for p in sorted((shared / "data" / "phh").glob("*.phh")) if "wsop" in p.name)
    night = night_of(upload(client, path.read_bytes(), path.name))
    assert len(store.check_night(db, night)["hands"]) == 1


def test_the_same_file_again_is_refused_with_a_link_and_a_copy_is_made_once(app, db, client, showcase_night):
    """Issue 24: "uploading a file whose night is already in the club answers with a link to
    that night, stores nothing and says so"; "uploading it as a deliberate copy is an
    explicit choice". The same copy (same file, same options) again opens that copy."""
    body = client.get(f"/host/night/{showcase_night.night}/download/json").data
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, body, "n.json")
    assert answer.status_code == 409
    assert snapshot(app.config["DATABASE"]) == before
    page = html.unescape(answer.get_data(as_text=True))
    assert (f"La noche del archivo ya está en el club (noche {showcase_night.night}): no se ha importado nada."
            in page)
    assert f'id="import-present-link" href="/host/night/{showcase_night.night}"' in page
    first = night_of(upload(client, body, "n.json", copy="1"))
    assert store.get_night(db, first)["copy_of"] == store.get_night(db, showcase_night.night)["uid"]
    flashed(client)
    before = snapshot(app.config["DATABASE"])
    assert night_of(upload(client, body, "n.json", copy="1")) == first
    assert snapshot(app.config["DATABASE"]) == before
    assert ("ok", "Este archivo ya se importó como copia con las mismas opciones: aquí está esa copia.") in \
        flashed(client)


# --- CSV -------------------------------------------------------------------------------

@pytest.fixture
def hostile_night(db, client):
    """A closed night: the hostile nickname loses 12 chips to Bruno (one hand), 10 cents a chip."""
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=10, title="=1+1")
    ids = {}
    for name, seat in ((HOSTILE, 1), ("Bruno", 2)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 100, entered_by="test")
    hand = store.start_hand(db, night, button=2, entered_by="test")
    lines = ["p1 ante 1", "p2 ante 1", "p1 open 2", "p2 raise 4", "p1 call", "p1 draw 1", "p2 draw 1",
             "p1 bet 4", "p2 raise 8", "p1 call", "p1 show JsJd4c3h2s", "p2 show QsQd4d3d2c", "d award p2 24"]
    store.append_actions(db, hand, lines, entered_by="test", keys=[f"h-{i}" for i in range(len(lines))])
    store.end_hand(db, hand, entered_by="test")
    store.cash_out(db, night, ids[HOSTILE], 88, entered_by="test")
    store.cash_out(db, night, ids["Bruno"], 112, entered_by="test")
    store.close_night(db, night, entered_by="test")
    login_host(client)
    return night


def read_csv(answer) -> list[list[str]]:
    return list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))


def test_csv_keeps_a_hostile_nickname_as_text_and_a_negative_net_as_a_number(app, db, client, hostile_night):
    """"the CSV read back with a hostile nickname (``=HYPERLINK(...)``) and a negative net":
    the name comes back escaped (a leading ``'``: text to a spreadsheet), the net -12 chips
    and -1.20 EUR come back as numbers, not as '-12."""
    before = snapshot(app.config["DATABASE"])
    answer = client.get(f"/host/night/{hostile_night}/download/csv?lang=es")
    assert snapshot(app.config["DATABASE"]) == before  # a download writes nothing
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.headers["Content-Disposition"].endswith('.csv"')
    header, *rows = read_csv(answer)
    assert header == ["Asiento", "Jugador", "Comprado (fichas)", "Contado (fichas)", "Ajuste (fichas)",
                      "Neto (fichas)", "Neto (dinero)", "Moneda"]
    by_seat = {row[0]: row for row in rows}
    assert by_seat["1"][1] == "'" + HOSTILE
    assert int(by_seat["1"][5]) == -12 and Decimal(by_seat["1"][6]) == Decimal("-1.20")
    assert int(by_seat["2"][5]) == 12 and Decimal(by_seat["2"][6]) == Decimal("1.20")
    assert (int(by_seat["1"][2]), int(by_seat["1"][3])) == (100, 88)
    for row in rows:  # no text cell a spreadsheet would run: only numbers begin with "-"
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            if cell.startswith("-"):
                Decimal(cell)


def test_csv_before_the_count_leaves_the_nets_empty(app, db, client, showcase_night):
    rows = read_csv(client.get(f"/host/night/{showcase_night.night}/download/csv"))[1:]
    assert [r[1] for r in rows] == [n for n, _, _ in PLAYERS]
    assert all(r[6] == "" for r in rows)  # Bruno's miscount: the bank is off, no money yet
    assert {int(r[2]) for r in rows} == {100, 60}


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.integers(), st.decimals(allow_nan=False, allow_infinity=False), st.none()))
def test_a_cell_never_starts_a_formula_and_numbers_stay_numbers(value):
    """Property: a text cell never begins with a formula character unless escaped with
    ``'`` (and says the same after it); a number is written as the number."""
    cell = csv_cell(value)
    if isinstance(value, (int, Decimal)):
        assert cell == value
        return
    if value is None:
        assert cell == ""
        return
    assert not cell.startswith(FORMULA_STARTS)
    assert cell == value or cell == "'" + value
    back = next(csv.reader(io.StringIO(csv_text(["x"], [[value]])).readlines()[1:]))
    assert back == [cell] or "\n" in value or "\r" in value  # (a quoted line break reads back whole)


# --- refusals: in the page's language, nothing stored ------------------------------------

GOOD = {"format": "tapete/1", "rules": "jackpots", "players": [{"seat": 1, "name": "Ana", "stack": 100},
                                                                {"seat": 2, "name": "Bruno", "stack": 100}],
        "hands": []}


@pytest.mark.parametrize("name, body, spanish", [
    ("a.json", b'{"players": [', "El archivo no es JSON válido (línea 1)"),
    ("a.json", b"[1, 2]", "El archivo no es una sesión: un archivo de sesión es un objeto JSON con sus jugadores y manos."),
    ("a.json", json.dumps({**GOOD, "players": [{"seat": 11, "name": "Ana", "stack": 1}]}).encode(),
     "Jugador 1 del archivo: el asiento debe ser un número del 1 al 10."),
    ("a.json", json.dumps({**GOOD, "players": GOOD["players"] + [{"seat": 2, "name": "Chus", "stack": 1}]}).encode(),
     "Dos jugadores del archivo comparten asiento."),
    ("a.json", json.dumps({**GOOD, "players": [{"seat": 1, "name": "Ana", "stack": -5}]}).encode(),
     "Las fichas del jugador 1 deben ser un número entero (0 o más)."),
    ("a.json", json.dumps({**GOOD, "rules": {"preset": "nonsense"}}).encode(),
     "Las reglas del archivo no se pueden usar"),
    ("a.json", json.dumps({**GOOD, "hands": [{"rebuys": {"7": 50}, "actions": []}]}).encode(),
     "Mano 1 del archivo: las recompras nombran el asiento 7, donde no se sienta nadie."),
    ("a.json", json.dumps({**GOOD, "hands": [{"button": 1, "actions": ["p1 ante 1", "  "]}]}).encode(),
     "La mano 1 del archivo tiene una línea de acción vacía."),
    ("a.json", json.dumps({**GOOD, "players": [{"seat": 1, "name": "Ana"}, {"seat": 2, "name": "ana"}]}).encode(),
     "Dos jugadores del archivo tienen el mismo nombre: dales nombres distintos."),
    ("a.json", json.dumps({**GOOD, "hands": [{"button": 5, "actions": ["p1 ante 1"]}]}).encode(),
     "El botón debe estar en un asiento ocupado (1, 2), no en el 5."),
    ("a.phh", b'variant = "FB"\nactions = []\n',
     "El archivo es un historial de manos PHH, pero su mano no se puede leer como póquer cerrado"),
    ("a.phh", b"not = [toml", "El archivo no se puede leer como archivo de sesión (JSON) ni como historial"),
    ("a.json", "é".encode("latin-1") * 10, "El archivo no es texto en UTF-8"),
    ("a.json", b"   ", "El archivo está vacío."),
])
def test_a_refused_file_is_said_in_spanish_and_stores_nothing(app, client, name, body, spanish):
    """"errors shown in the page's language": the importer's refusals by their code, never
    its English text, the referee's reason or the file's name."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, body, name)
    said, marked = refused(answer)
    assert snapshot(app.config["DATABASE"]) == before
    assert spanish in said and said.endswith(AGAIN) and marked == ["import-file"], said
    for english in ("must be", "session", "not JSON", "a.json", "a.phh", "line 1,", "variant", "TOML"):
        assert english not in said.replace("sesión", "")


def test_the_form_without_a_file_is_refused_in_spanish(app, client):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post("/host/import?lang=es", data={"chip_cents": "10"})
    assert snapshot(app.config["DATABASE"]) == before
    said, marked = refused(answer)
    assert said.startswith("Elige un archivo para importar") and AGAIN not in said and marked == ["import-file"]


def test_a_bad_option_is_refused_with_the_forms_words(app, client):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, json.dumps(GOOD).encode(), "a.json", timezone="Mars/Olympus")
    assert snapshot(app.config["DATABASE"]) == before
    assert refused(answer) == ("“Mars/Olympus” no es una zona horaria: elige una de la lista (como "
                               "Europe/Madrid)." + AGAIN, ["import-timezone"])
    answer = upload(client, json.dumps(GOOD).encode(), "a.json", chip_value="0,001 €")
    assert refused(answer) == ("Valor de la ficha (dinero, como 0,05 €): como mucho dos decimales (céntimos), "
                               "como 0,05." + AGAIN, ["import-chip-value"])
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode),
                      st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                                   lambda inner: st.lists(inner, max_size=3)
                                   | st.dictionaries(st.sampled_from(["players", "hands", "rules", "seat", "stack",
                                                                      "name", "actions", "button", "cash_out"]),
                                                     inner, max_size=4),
                                   max_leaves=12).map(lambda v: json.dumps(v).encode())),
       name=st.sampled_from(["a.json", "a.phh", "a.phhs", "a.txt", "", "../../x.json"]))
def test_any_file_is_imported_or_refused_never_a_5xx(app, client, body, name):
    """Hostile file contents: an answer below 500 always; a refusal stores nothing."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, body, name or "x")
    assert answer.status_code in (302, 400)
    if answer.status_code == 400:
        assert refused(answer)[1] == ["import-file"]
        assert snapshot(app.config["DATABASE"]) == before


# --- downloads: the host's only, read-only -----------------------------------------------

def test_downloads_are_for_the_host_only(app, db, client, showcase_night):
    other = app.test_client()
    for fmt in ("json", "phh", "csv"):
        answer = other.get(f"/host/night/{showcase_night.night}/download/{fmt}")
        assert answer.status_code == 302 and "/host/login" in answer.headers["Location"]
    assert other.get("/host/import").status_code == 302


def test_an_unknown_format_or_night_is_a_404(app, db, client, showcase_night):
    assert client.get(f"/host/night/{showcase_night.night}/download/xlsx").status_code == 404
    assert client.get("/host/night/99999/download/json").status_code == 404


def test_a_night_with_no_hand_has_no_phh_and_says_so_in_spanish(app, db, client):
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    login_host(client)
    answer = client.get(f"/host/night/{night}/download/phh?lang=es")
    assert answer.status_code == 302
    assert ("error", "Esta noche aún no tiene manos: un archivo PHH guarda manos.") in flashed(client)
    assert json.loads(client.get(f"/host/night/{night}/download/json").data)["hands"] == []
    # the night page does not offer what it cannot give: no PHH link before the first hand
    page = client.get(f"/host/night/{night}/play?lang=es").get_data(as_text=True)
    assert 'id="download-json"' in page and 'id="download-csv"' in page
    assert 'id="download-phh"' not in page and "/download/phh" not in page


@pytest.mark.slow
def test_the_night_page_links_the_downloads_and_the_nights_page_the_import(app, db, client, showcase_night):
    page = client.get(f"/host/night/{showcase_night.night}/play?lang=es").get_data(as_text=True)
    for fmt in ("json", "phh", "csv"):
        assert f'href="/host/night/{showcase_night.night}/download/{fmt}"' in page
    assert "Descargar la noche" in page
    assert 'href="/host/import"' in client.get("/host/?lang=es").get_data(as_text=True)
    form = client.get("/host/import?lang=es").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in form and "Importar la noche" in form


# --- the session file's format (CONTRACT.md 1: "format": "tapete/1") ---------------------

def test_a_file_of_another_format_is_refused_on_the_web_and_by_the_cli(app, db, client, runner, tmp_path):
    """A file that names a format other than ``tapete/1`` (a later version's, say
    ``tapete/99``) may mean something else by the same keys: refused in the page's
    language by the upload and with a reason by ``flask import``, nothing stored. A file
    without ``format`` is read as ``tapete/1`` (the contract lists it in its example, not
    as required; the referee reads such a file)."""
    login_host(client)
    body = json.dumps({**GOOD, "format": "tapete/99"}).encode()
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, body, "futura.json")
    said, _marked = refused(answer)
    assert snapshot(app.config["DATABASE"]) == before
    assert said == ("El archivo tiene otro formato que una sesión de Tapete (tapete/1): esta versión no "
                    "puede leerlo." + AGAIN), said
    path = tmp_path / "futura.json"
    path.write_bytes(body)
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code != 0 and "of another format than a Tapete session" in result.output
    assert snapshot(app.config["DATABASE"]) == before
    unnamed = {k: v for k, v in GOOD.items() if k != "format"}
    night = night_of(upload(client, json.dumps(unnamed).encode(), "sin-formato.json"))
    assert players_of(db, night) == [(1, "Ana"), (2, "Bruno")]
    assert store.get_night(db, night)["title"] == "sin-formato"  # no title anywhere: the file's name


# --- the night's money, identity and state travel in the file ("tapete" block) ------------


SHOWDOWN = ["p1 ante 1", "p2 ante 1", "p1 open 2", "p2 raise 4", "p1 call", "p1 draw 1", "p2 draw 1",
            "p1 bet 4", "p2 raise 8", "p1 call", "p1 show JsJd4c3h2s", "p2 show QsQd4d3d2c", "d award p2 24"]
"""Ana (seat 1) loses 12 chips to Bruno at the showdown."""


def closed_night(db, *, chip_cents: int, currency: str) -> int:
    """A closed night of one hand: Ana -12 chips, Bruno +12, at ``chip_cents`` a chip."""
    from datetime import datetime
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=chip_cents, currency=currency, timezone="America/Mexico_City",
                               started_at=datetime(2026, 3, 12, 21, 30), title="Jueves en casa")
    ids = {name: store.add_player(db, name) for name in ("Ana", "Bruno")}
    for seat, name in enumerate(ids, start=1):
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 100, entered_by="test")
    hand = store.start_hand(db, night, button=2, entered_by="test")
    store.append_actions(db, hand, SHOWDOWN, entered_by="test", keys=[f"c-{i}" for i in range(len(SHOWDOWN))])
    store.end_hand(db, hand, entered_by="test")
    store.cash_out(db, night, ids["Ana"], 88, entered_by="test")
    store.cash_out(db, night, ids["Bruno"], 112, entered_by="test")
    store.close_night(db, night, entered_by="test")
    return night


def nets(db, night_id: int) -> dict:
    return {row[1]: (row[5], row[6], row[7]) for row in store.files.exporter.money_rows(db, night_id)}


def test_a_night_at_5_cents_a_chip_comes_back_with_the_same_money(app, db, client, runner, tmp_path):
    """The tester's find: a night at 0,05 EUR a chip downloaded and uploaded again with the
    form's fields empty came back at the form's 10 cents (Ana -0.60 became -1.20). The file
    carries the night's chip value, currency, zone, start and title (a "tapete" block the
    referee ignores, CONTRACT.md 1: "Top-level keys other than these ... are ignored"), and
    the import takes each option the host leaves empty from it; a value the host types wins."""
    night = closed_night(db, chip_cents=5, currency="EUR")
    login_host(client)
    assert nets(db, night) == {"Ana": (-12, Decimal("-0.60"), "EUR"), "Bruno": (12, Decimal("0.60"), "EUR")}
    body = client.get(f"/host/night/{night}/download/json").data
    session = json.loads(body)
    assert {k: session["tapete"][k] for k in ("chip_cents", "chips_per", "currency", "timezone", "title")} == {
        "chip_cents": 5, "chips_per": 1, "currency": "EUR", "timezone": "America/Mexico_City",
        "title": "Jueves en casa"}
    assert session["tapete"]["closed"] is True and session["tapete"]["hand_in_progress"] is False
    assert referee.check(session)["hands"] == referee.check({k: v for k, v in session.items()
                                                             if k != "tapete"})["hands"]
    again = night_of(upload(client, body, "jueves.json", copy="1", **EMPTY))  # (a copy: the club has the night)
    assert nets(db, again) == nets(db, night)
    kept = ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at", "local_date")
    assert {k: store.get_night(db, again)[k] for k in kept} == {k: store.get_night(db, night)[k] for k in kept}
    # a value the host types wins over the file's
    typed = night_of(upload(client, body, "jueves.json", copy="1", **{**EMPTY, "chip_cents": "10",
                                                                      "currency": "USD"}))
    assert nets(db, typed)["Ana"] == (-12, Decimal("-1.20"), "USD")
    # flask import without options reads the file's too
    path = tmp_path / "jueves.json"
    path.write_bytes(body)
    result = runner.invoke(args=["import", str(path), "--copy"])
    assert result.exit_code == 0, result.output
    by_cli = int(result.output.strip().splitlines()[-1])
    assert nets(db, by_cli) == nets(db, night)
    # a file without the block: the form's 10 cents when its field is empty
    bare = json.dumps({k: v for k, v in session.items() if k != "tapete"}).encode()
    plain = night_of(upload(client, bare, "sin-bloque.json", copy="1", **EMPTY))
    assert nets(db, plain)["Ana"] == (-12, Decimal("-1.20"), "EUR")
    assert store.get_night(db, plain)["title"] == "sin-bloque"


def test_the_import_form_leaves_the_money_fields_empty_and_says_what_empty_means(app, client):
    login_host(client)
    form = html.unescape(client.get("/host/import?lang=es").get_data(as_text=True))
    chip = re.search(r'<input id="import-chip-value"[^>]*>', form).group(0)
    assert "value=" not in chip and "required" not in chip
    assert "Valor de la ficha vacío: como en el archivo; si no, 10 céntimos la ficha." in form
    assert '<option value="" selected>' in form


def open_night_mid_hand(db) -> int:
    """A night still in play: hand 1 passed out (its pot of 3 carried), hand 2 started
    with two antes in; nobody counted."""
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=5, title="A medias")
    ids = {name: store.add_player(db, name) for name in ("Ana", "Bruno", "Chus")}
    for seat, name in enumerate(ids, start=1):
        store.seat_player(db, night, ids[name], seat, entered_by="test")
        store.buy_in(db, night, ids[name], 200, entered_by="test")
    first = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "p1 check", "p2 check", "p3 check"]
    hand = store.start_hand(db, night, button=3, entered_by="test")
    store.append_actions(db, hand, first, entered_by="test", keys=[f"o-{i}" for i in range(len(first))])
    store.end_hand(db, hand, entered_by="test")
    hand = store.start_hand(db, night, entered_by="test")
    store.append_actions(db, hand, ["p2 ante 1", "p3 ante 1"], entered_by="test", keys=["o2-0", "o2-1"])
    return night


def test_a_night_still_in_play_comes_back_still_in_play(app, db, client, other_club):
    """The tester's find: a night still in play (a carried pot, hand 2 just started)
    came back counted (everyone at 189 with an adjustment of 11) and its file then had a
    cash_out the original lacked. The file says the night is open and hand 2 in progress;
    the import counts nobody and leaves hand 2 in progress, where the tablet goes on."""
    night = open_night_mid_hand(db)
    login_host(client)
    body = client.get(f"/host/night/{night}/download/json").data
    session = json.loads(body)
    assert "cash_out" not in session and len(session["hands"]) == 2
    assert (session["tapete"]["closed"], session["tapete"]["hand_in_progress"]) == (False, True)
    other = other_club.db
    again = night_of(upload(other_club.client, body, "a-medias.json", **EMPTY))
    assert ("ok", "Como en el archivo, la noche sigue abierta y la mano 2 en juego: solo se anotaron las "
                  "cuentas de fichas que trae el archivo.") in flashed(other_club.client)
    assert session_file(other, again) == session_file(db, night)  # no cash_out, hand 2 open, same block
    assert judged(other, again) == judged(db, night)
    assert store.bank_check(other, again)["counted"] == 0
    assert not store.get_night(other, again)["closed"]
    hand = store.hand.rows.current_hand(other, again)
    assert hand is not None and store.hand.rows.last_hand(other, again)["number"] == 2
    store.append_actions(other, hand, ["p1 ante 1"], entered_by="test", keys=["go-on"])
    assert store.hand_check(db, hand)["pots"], "the imported hand goes on"


FIX = " Corrígelo o quítalo del archivo."

BLOCK_REFUSALS = [
    ({"chip_cents": 0}, "El valor de la ficha del archivo (“tapete.chip_cents”) debe ser un número entero de "
                        "céntimos mayor que 0." + FIX),
    ({"chip_cents": -10}, "El valor de la ficha del archivo (“tapete.chip_cents”) debe ser un número entero de "
                          "céntimos mayor que 0." + FIX),
    ({"chip_cents": "5"}, "El valor de la ficha del archivo (“tapete.chip_cents”) debe ser un número entero de "
                          "céntimos mayor que 0." + FIX),
    ({"chip_cents": 5, "chips_per": 0}, "El número de fichas que paga el valor de la ficha del archivo "
                                        "(“tapete.chips_per”) debe ser un número entero mayor que 0." + FIX),
    ({"currency": "euro"}, "La moneda del archivo (“tapete.currency”) debe ser un código de tres letras, como "
                           "EUR." + FIX),
    ({"currency": "<b>X</b>"}, "La moneda del archivo (“tapete.currency”) debe ser un código de tres letras, "
                               "como EUR." + FIX),
    ({"timezone": "Mars/Olympus"}, "La zona horaria del archivo (“tapete.timezone”) no es una que Tapete "
                                   "conozca: escribe un nombre IANA, como Europe/Madrid." + FIX),
    ({"title": "x" * 300}, "El título del archivo (“tapete.title”) debe ser un texto de una sola línea, de 1 a "
                           "120 caracteres." + FIX),
    ({"started_at": "2026-03-12 21:30"}, "El comienzo del archivo (“tapete.started_at”) debe ser una fecha y una "
                                         "hora con su desfase respecto a UTC, como 2026-03-14T20:00:00+00:00." + FIX),
    ({"started_at": "2026-03-29T02:30:00"}, "El comienzo del archivo (“tapete.started_at”) debe ser una fecha y "
                                            "una hora con su desfase respecto a UTC, como 2026-03-14T20:00:00+00:00."
                                            + FIX),
    ({"started_at": "1990-01-01T00:00:00+00:00"}, "El comienzo del archivo (“tapete.started_at”) debe ser el 1 "
                                                  "de enero de 2000 o después, y como mucho dentro de un año." + FIX),
    ({"closed": "yes"}, "El campo que dice si la noche del archivo está cerrada (“tapete.closed”) debe ser true "
                        "o false." + FIX),
    ({"closed": False, "hand_in_progress": "yes"}, "El campo que dice si la última mano del archivo sigue en juego "
                                                   "(“tapete.hand_in_progress”) debe ser true o false." + FIX),
    ({"closed": True, "hand_in_progress": True}, "El archivo tiene su noche cerrada con una mano aún en juego "
                                                 "(“tapete.closed” y “tapete.hand_in_progress”): una noche cerrada "
                                                 "no puede tener ninguna mano en juego." + FIX),
    ("5 cents", "Los datos de la noche del archivo (“tapete”) deben ser un objeto." + FIX),
]
"""The tester's blocks (chip_cents -10, currency "<b>X</b>", timezone "Mars/Olympus",
closed "yes", a 300-character title, a start in the spring's skipped hour written without
its offset, a start before 2000) and the sentence each is refused with (a bad settlement:
below)."""


@pytest.mark.parametrize("block, spanish", BLOCK_REFUSALS, ids=lambda v: v if isinstance(v, str) else None)
def test_a_block_the_import_cannot_use_is_refused_naming_the_field_in_words_and_why(app, client, block, spanish):
    """The tester's find: every refusal of the file's "tapete" block said "Los datos de la
    noche del archivo (“tapete”, campo “started_at”) no se pueden usar: corrígelos o
    quítalos." whatever the field and fault. Now the field in words and why, nothing
    stored, the file marked (not the form's field)."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, json.dumps({**GOOD, "tapete": block}).encode(), "a.json", **EMPTY)
    said, marked = refused(answer)
    assert snapshot(app.config["DATABASE"]) == before
    assert said == spanish + AGAIN and marked == ["import-file"]
    english, _ = refused(upload(client, json.dumps({**GOOD, "tapete": block}).encode(), "a.json", lang="en", **EMPTY))
    assert "(“tapete" in english and "cannot be used: correct them" not in english and "campo" not in english


def test_a_bad_settlement_in_the_file_is_refused_in_words(app, db, client):
    """The tester's bad "settlement" (a closed night's block, mode "everyone"): refused as
    any unusable value of the block is, before anything is stored, and the page says why in
    words, not "campo “settlement”"."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    block = {"closed": True, "settlement": {"mode": "everyone"}}
    answer = upload(client, json.dumps({**GOOD, "tapete": block}).encode(), "a.json", **EMPTY)
    assert answer.status_code == 400
    assert ("La liquidación del archivo (“tapete.settlement”) no se puede usar: su modo es fewest o hub, "
            "su resolución charge, credit, split o recount, y los jugadores van por su nombre." + FIX) \
        in html.unescape(answer.get_data(as_text=True))
    assert snapshot(app.config["DATABASE"]) == before


# --- the follow-up round (issue 15, tester 16): deep files, a refused form kept, PHH variants, starts

DEEP = b"[" * 100_000 + b"]" * 100_000
"""The tester's file: 200 KB of brackets nested 100,000 deep (a RecursionError in json.loads)."""


@pytest.mark.parametrize("name, body", [
    ("hondo.json", DEEP), ("hondo", DEEP), ("hondo.phh", b"variant = " + DEEP),
    ("hondo.json", json.dumps({**GOOD, "note": None, "extra": json.loads("[" * 40 + "]" * 40)}).encode()),
], ids=["json", "no_suffix", "phh", "parsed_but_40_deep"])
def test_a_deeply_nested_file_is_refused_in_spanish_not_a_server_error(app, client, runner, tmp_path, name, body):
    """The tester's find: a 200 KB file of ``[`` x 100000 then ``]`` x 100000 gave HTTP 500
    (a RecursionError in ``load_session_text``). Now a refusal in the page's language,
    nothing stored; ``flask import`` of the same file exits non-zero with one line, no
    traceback. A file the parser reads but nested past ``MAX_NESTING`` is refused alike."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    said, marked = refused(upload(client, body, name))
    assert said == ("El archivo anida listas u objetos a más de 32 niveles: no es un archivo de sesión ni un "
                    "historial de manos PHH. No se importó nada." + AGAIN) and marked == ["import-file"]
    path = tmp_path / (name if "." in name else name + ".json")
    path.write_bytes(body)
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert "more than 32 levels deep" in result.output and "Traceback" not in result.output
    assert snapshot(app.config["DATABASE"]) == before


FILLED = {"title": "Jueves", "timezone": "Europe/Lisbon", "started_at": "2026-03-12T21:30", "chip_value": "0,25 $",
          "chips_per": "3", "currency": "USD"}
"""Every option of the import form filled in."""


@pytest.mark.parametrize("wrong, field", [
    ({"chip_value": "abc"}, "chip-value"), ({"chips_per": "-1"}, "chips-per"), ({"currency": "€€"}, "currency"),
    ({"timezone": "Mars/Olympus"}, "timezone"), ({"title": "a\u202eb"}, "title"),
    ({"started_at": "ayer"}, "started-at"),
])
def test_a_refused_import_form_comes_back_filled_with_the_wrong_field_marked(app, client, wrong, field):
    """The tester's find: a good file with chip value "abc" (or currency "€€", zone
    "Mars/Olympus") was refused rightly, but every option came back empty and no field was
    marked. Now, as the new-night form: 400, each value as the host typed it, the wrong
    field marked (``aria-invalid``, its label ``refused``) with the refusal beside it, which
    asks to choose the file again (a browser cannot keep it)."""
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = upload(client, json.dumps(GOOD).encode(), "a.json", **{**FILLED, **wrong})
    said, marked = refused(answer)
    assert marked == [f"import-{field}"] and said.endswith(AGAIN), said
    page = answer.get_data(as_text=True)
    assert f'<label for="import-{field}" class="refused">' in page
    assert re.search(rf'<(?:input|select) id="import-{field}"[^>]*aria-describedby="[^"]*import-refusal"', page)
    form = html.unescape(page)
    for name, value in {**FILLED, **wrong}.items():
        if name == "timezone":
            assert f'<option value="{value}" selected>' in form, name
        else:
            assert re.search(rf'<input id="import-{name.replace("_", "-")}"[^>]*value="{re.escape(value)}"', form), name
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("variant, spanish, english", [
    ("FB", "de badugi, un juego de manos de cuatro cartas (variante FB)", "of badugi, a game of four-card hands (variant FB)"),
    ("NT", "de Texas hold'em sin límite (variante NT)", "of no-limit Texas hold'em (variant NT)"),
    ("XQ9", "de un juego que Tapete no juzga (variante “XQ9”)", "of a game Tapete does not judge (variant “XQ9”)"),
])
def test_a_phh_of_a_game_tapete_does_not_judge_names_the_game(app, client, variant, spanish, english):
    """The tester's find: the badugi PHH (variant ``FB``) was refused with the vague "cannot
    be read as a session file (JSON) or as a PHH hand history". A file that reads as PHH
    (TOML with a ``variant``) of a game the referee does not judge names it, in the page's
    language; the referee's refusal says which (``referee.phh.VariantError``)."""
    login_host(client)
    body = (f'variant = "{variant}"\nantes = [0, 0]\nsmall_bet = 2\nbig_bet = 4\nmin_bet = 2\n'
            'starting_stacks = [10, 10]\nactions = []\n').encode()
    before = snapshot(app.config["DATABASE"])
    said, _marked = refused(upload(client, body, "otro.phh"))
    assert said.startswith("El archivo es un historial de manos PHH " + spanish), said
    assert "Tapete solo juzga póquer de cinco cartas con descarte" in said
    said, _marked = refused(upload(client, body, "otro.phh", lang="en"))
    assert said.startswith("The file is a PHH hand history " + english), said
    assert snapshot(app.config["DATABASE"]) == before


def test_the_real_badugi_hand_is_refused_naming_badugi(app, client, shared):
    """The shared badugi hand (Wikipedia's Alice and Carol, ``variant = "FB"``)."""
    login_host(client)
    path = shared / "data" / "phh" / "alice-carol-wikipedia.phh"
    said, _marked = refused(upload(client, path.read_bytes(), path.name))
    assert "PHH de badugi, un juego de manos de cuatro cartas (variante FB)" in said


def test_a_phh_the_referee_cannot_read_is_not_called_unreadable_as_phh(app, client):
    """A file that is PHH (TOML with a variant the referee plays) but lacks a field it needs
    is said to be PHH whose hand cannot be read, not "neither JSON nor PHH"."""
    login_host(client)
    said, _marked = refused(upload(client, b'variant = "N2L1D"\nactions = []\n', "a.phh"))
    assert said.startswith("El archivo es un historial de manos PHH, pero su mano no se puede leer"), said
    said, _marked = refused(upload(client, b"title = 'no hands here'\n", "a.phh"))
    assert said.startswith("El archivo no se puede leer como archivo de sesión (JSON) ni como historial"), said


def _in_years(years: int) -> str:
    now = store.core.transactions.clock()
    return now.replace(year=now.year + years, month=6, day=1).strftime("%Y-%m-%dT%H:%M")


@pytest.mark.parametrize("start, zone, spanish", [
    ("1900-01-01T00:00", "Europe/Madrid", "una noche empieza el 1 de enero de 2000 o después"),
    ("1999-12-31T23:59", "Europe/Madrid", "una noche empieza el 1 de enero de 2000 o después"),
    ("in_two_years", "Europe/Madrid", "como mucho dentro de un año"),
    ("2026-03-29T02:30", "Europe/Madrid", "las 2026-03-29 02:30 no existen en Europe/Madrid (a esa hora se "
                                          "adelantan los relojes): elige otra hora."),
    ("2026-03-08T02:15", "America/New_York", "las 2026-03-08 02:15 no existen en America/New_York"),
])
def test_an_import_start_out_of_range_or_that_does_not_exist_is_refused(app, client, start, zone, spanish):
    """The tester's find: a start of 1900-01-01 00:00 was taken, and 2026-03-29 02:30 in
    Europe/Madrid (the clocks jump from 02:00 to 03:00) silently became 03:30. Now refused,
    naming the field, the start field marked."""
    login_host(client)
    start = _in_years(2) if start == "in_two_years" else start
    before = snapshot(app.config["DATABASE"])
    said, marked = refused(upload(client, json.dumps(GOOD).encode(), "a.json", timezone=zone, started_at=start))
    assert said.startswith("Comienzo (fecha y hora, en esa zona): ") and spanish in said, said
    assert marked == ["import-started-at"]
    assert snapshot(app.config["DATABASE"]) == before


def test_an_import_start_is_read_in_the_files_zone_when_the_form_leaves_the_zone_empty(app, db, client):
    """The start is local time in the night's zone: the form's, else the file's own (its
    "tapete" block), else the club's; 02:15 on 8 March 2026 does not exist in New York (the
    file's zone) though it does in Madrid (the club's)."""
    login_host(client)
    body = json.dumps({**GOOD, "tapete": {"timezone": "America/New_York"}}).encode()
    said, marked = refused(upload(client, body, "a.json", **{**EMPTY, "started_at": "2026-03-08T02:15"}))
    assert "no existen en America/New_York" in said and marked == ["import-started-at"]
    night = night_of(upload(client, json.dumps(GOOD).encode(), "a.json", **{**EMPTY, "started_at": "2026-03-08T02:15"}))
    assert store.get_night(db, night)["started_at"] == "2026-03-08T01:15:00+00:00"  # Madrid, UTC+1


def test_an_import_start_in_the_autumns_repeated_hour_is_the_first(app, db, client):
    """2026-10-25 02:30 happens twice in Europe/Madrid (the clocks go back from 03:00 to
    02:00): taken as the first, in summer time (UTC+2), 00:30 UTC. The edges of the range
    are taken: 1 January 2000 00:00, and a start a few months from now."""
    login_host(client)
    night = night_of(upload(client, json.dumps(GOOD).encode(), "a.json", started_at="2026-10-25T02:30"))
    assert store.get_night(db, night)["started_at"] == "2026-10-25T00:30:00+00:00"
    # (the same hands again: the club has them, so each later one is imported as a copy)
    night = night_of(upload(client, json.dumps({**GOOD, "note": "b"}).encode(), "b.json", copy="1",
                            started_at="2000-01-01T00:00"))
    assert store.get_night(db, night)["local_date"] == "2000-01-01"
    soon = (store.core.transactions.clock() + timedelta(days=200)).astimezone(ZoneInfo("Europe/Madrid"))
    night = night_of(upload(client, json.dumps({**GOOD, "note": "c"}).encode(), "c.json", copy="1",
                            started_at=soon.strftime("%Y-%m-%dT%H:%M")))
    assert store.get_night(db, night)["local_date"] == soon.date().isoformat()
