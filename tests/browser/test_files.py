"""Files in and out in a real browser (issue 15, ``web.files.views``), in Spanish: the host logs
in, downloads a night as a session file from the night page (a real download), opens the
import page from the nights page, chooses that file: the club has that night, so the form
says so with a link to it (issue 24); imported as a copy, it lands on the new night, marked
as a copy, with its players; a file the importer refuses comes back on the form in Spanish.
Screenshots: tests/artifacts/files-*.png (1280×800 and the phone, 390×844)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from apps import make_app, snapshot
from hosts import host_account
from liveserver import start_server
from pages import PHONE, fits, open_as_host
from paths import ARTIFACTS
from showcase_night import LONG_NAME, build_showcase_night

import store
from store.files import pokernow
from web.core.limits import MAX_UPLOAD_BYTES

pytestmark = pytest.mark.browser


def test_download_a_night_and_upload_it_again_in_the_browser(app, db, browser, server, tmp_path):
    """Issue 24: the night downloaded and uploaded into the club that has it is refused, in
    Spanish, with a link to that night and the way to import a copy; nothing is stored. The
    link opens the night; ticked "Importar como copia", the same file makes a copy, marked
    on its page and in the nights list. Screenshots: files-present.png, files-copy.png."""
    world = build_showcase_night(db)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES", accept_downloads=True)
    page = context.new_page()
    try:
        open_as_host(page, server, f"/host/night/{world.night}/play", app)   # the downloads: the play stage
        assert "Descargar la noche" in page.inner_text("#downloads")
        with page.expect_download() as info:
            page.click("#download-json")
        download = info.value
        assert download.suggested_filename.startswith(f"tapete-night-{world.night}-")
        saved = tmp_path / "viernes.json"
        download.save_as(saved)
        assert len(json.loads(saved.read_text())["hands"]) == 4

        page.goto(f"{server}/host/")
        page.click("#import-link")
        page.wait_for_url("**/host/import")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "files-import.png"), full_page=True)
        before = snapshot(app.config["DATABASE"])
        page.set_input_files("#import-file", str(saved))
        page.fill("#import-title", "")  # the form's fields empty: the night's own, from the file
        page.click("#import-go")
        page.wait_for_url("**/host/import")
        refusal = page.inner_text("#import-refusal")
        assert refusal == f"La noche del archivo ya está en el club (noche {world.night}): no se ha importado nada."
        assert page.get_attribute("#import-file", "aria-invalid") == "true"
        assert page.inner_text("#import-present") == (
            f"Abrir la noche {world.night} · Para importar el archivo de todos modos, marca «Importar como copia» "
            "abajo y vuelve a elegir el archivo.")
        assert snapshot(app.config["DATABASE"]) == before
        page.screenshot(path=str(ARTIFACTS / "files-present.png"), full_page=True)
        page.click("#import-present-link")
        page.wait_for_url(f"**/host/night/{world.night}/*")      # the stage that fits the night

        page.goto(f"{server}/host/import")
        page.set_input_files("#import-file", str(saved))
        page.check("#import-copy")
        page.click("#import-go")
        page.wait_for_url("**/host/night/*/*")
        copy = int(re.search(r"/host/night/(\d+)/", page.url).group(1))
        assert copy != world.night
        body = page.inner_text("body")
        assert "Noche importada: 5 jugadores, 4 manos." in body
        assert LONG_NAME in body and "Íñigo" in body
        assert " ".join(page.inner_text("#copy-note").split()) == (
            f"copia Una copia importada Esta noche se importó como copia de la noche {world.night}. Abrir la noche "
            f"{world.night} No cuenta en la clasificación del club ni en el total acumulado de los jugadores.")
        kept = ("title", "chip_cents", "chips_per", "currency", "timezone", "started_at")
        assert {k: store.get_night(db, copy)[k] for k in kept} == {k: store.get_night(db, world.night)[k]
                                                                    for k in kept}
        page.screenshot(path=str(ARTIFACTS / "files-copy.png"), full_page=True)
        page.goto(f"{server}/host/")
        assert page.inner_text(f"#copy-mark-{copy}") == "copia"
        assert page.locator(f"#copy-mark-{world.night}").count() == 0

        bad = tmp_path / "roto.json"
        bad.write_text('{"players": [{"seat": 12, "name": "Ana", "stack": 10}]}')
        page.goto(f"{server}/host/import")
        page.set_input_files("#import-file", str(bad))
        page.click("#import-go")
        page.wait_for_url("**/host/import")
        assert "Jugador 1 del archivo: el asiento debe ser un número del 1 al 10." in page.inner_text("body")
        page.screenshot(path=str(ARTIFACTS / "files-refused.png"), full_page=True)

        page.set_viewport_size(PHONE)
        page.goto(f"{server}/host/import")
        fits(page)
        page.screenshot(path=str(ARTIFACTS / "files-import-phone.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("path, field, go, limit, words", [
    ("/host/import", "#import-file", "#import-go", MAX_UPLOAD_BYTES, "El archivo es demasiado grande: como mucho 8 MB."),
    ("/host/pokernow/", "#ledger", "form#pokernow-form button[type=submit]", pokernow.MAX_BYTES,
     f"El archivo es demasiado grande: como mucho {pokernow.MAX_BYTES // 1024} KB."),
], ids=["session_file", "pokernow_ledger"])
def test_a_file_past_the_limit_is_refused_in_the_page_before_it_is_sent(app, db, browser, server, tmp_path,
                                                                        path, field, go, limit, words):
    """A file one byte past the form's limit is refused by the page, in Spanish, and never
    sent: before, the browser uploaded it and a body past the limit got the production
    server's own English 413 ("Request Entity Too Large"). A file that fits clears it."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = context.new_page()
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and urlsplit(r.url).path == path else None)
    try:
        open_as_host(page, server, path, app)
        if path == "/host/pokernow/":
            page.check("input[name=amounts][value=cents]")
        before = snapshot(app.config["DATABASE"])
        page.set_input_files(field, files=[{"name": "grande.json", "mimeType": "application/json",
                                            "buffer": b" " * (limit + 1)}])
        note = page.locator(f"{field} + p[role=alert]")
        note.wait_for(state="visible")
        assert note.inner_text() == words
        page.click(go)
        page.wait_for_timeout(500)
        assert posts == [] and page.url.endswith(path)
        assert snapshot(app.config["DATABASE"]) == before
        assert page.evaluate(f"document.querySelector('{field}').validationMessage") == words
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"files-too-large-{path.strip('/').replace('/', '-')}.png"))
        page.set_input_files(field, files=[{"name": "cabe.json", "mimeType": "application/json",
                                            "buffer": b" " * limit}])
        note.wait_for(state="hidden")
        assert page.evaluate(f"document.querySelector('{field}').validationMessage") == ""
    finally:
        context.close()


def test_without_the_pages_check_the_production_server_refuses_a_file_past_the_limit_in_spanish(
        browser, tmp_path):
    """The production server (waitress, ``web.core.serving``) with the page's script off (no
    ``upload_limit.js``): a 9 MB file on the import form is refused on its announced length,
    unread, and the host lands back on the form with the form's own Spanish sentence, not
    waitress's English "Request Entity Too Large" (a fresh tester's finding)."""
    db_path = tmp_path / "tapete.db"
    app = make_app(db_path, csrf=True)
    host_account(app)     # the login page, not the first visit's setup page
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES",
                                  java_script_enabled=False)
    with start_server(db_path) as live:
        page = context.new_page()
        try:
            open_as_host(page, live.url, "/host/import", app)
            before = snapshot(str(db_path))
            page.set_input_files("#import-file", files=[{"name": "grande.json", "mimeType": "application/json",
                                                         "buffer": b" " * (9 * 1024 * 1024)}])
            page.click("#import-go")
            page.wait_for_url("**/host/import")
            body = page.inner_text("body")
            assert "El archivo es demasiado grande: como mucho 8 MB." in body
            assert "Request Entity Too Large" not in page.content()
            assert snapshot(str(db_path)) == before
            page.screenshot(path=str(ARTIFACTS / "files-too-large-server.png"))
        finally:
            context.close()


def test_a_refused_import_comes_back_filled_and_marked_in_spanish(app, db, browser, server, tmp_path):
    """The tester's find: a good file with chip value "abc" was refused rightly, but every
    option came back empty and no field was marked. In the browser, in Spanish: the form
    comes back with the title, zone, start, chip value, per-chips and currency as typed,
    the chip value marked (``aria-invalid``, its label flagged) with the refusal beside it,
    asking to choose the file again (a browser cannot keep it); the file chosen again and
    the value fixed, the night is imported with the options typed."""
    good = tmp_path / "martes.json"
    good.write_text(json.dumps({"format": "tapete/1", "rules": "jackpots", "hands": [],
                                "players": [{"seat": 1, "name": "Ana", "stack": 100},
                                            {"seat": 2, "name": "Bruno", "stack": 100}]}))
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = context.new_page()
    try:
        open_as_host(page, server, "/host/import", app)
        before = snapshot(app.config["DATABASE"])
        page.set_input_files("#import-file", str(good))
        typed = {"#import-title": "Martes largo", "#import-started-at": "2026-03-10T21:30",
                 "#import-chip-value": "abc", "#import-chips-per": "4", "#import-currency": "USD"}
        for field, value in typed.items():
            page.fill(field, value)
        page.select_option("#import-timezone", "Europe/Lisbon")
        page.click("#import-go")
        page.wait_for_selector("#import-refusal")
        assert snapshot(app.config["DATABASE"]) == before
        said = page.inner_text("#import-refusal")
        assert said == ("Valor de la ficha (dinero, como 0,05 €): debe ser un importe como 12,50. "
                        "Vuelve a elegir el archivo: la página no puede guardarlo."), said
        assert {f: page.input_value(f) for f in typed} == typed
        assert page.input_value("#import-timezone") == "Europe/Lisbon"
        assert page.get_attribute("#import-chip-value", "aria-invalid") == "true"
        assert "import-refusal" in page.get_attribute("#import-chip-value", "aria-describedby").split()
        assert page.get_attribute('label[for="import-chip-value"]', "class") == "refused"
        assert [page.get_attribute(f, "aria-invalid") for f in ("#import-title", "#import-currency", "#import-file")] \
            == [None, None, None]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "files-refused-filled.png"), full_page=True)
        row = [page.locator(f).bounding_box() for f in ("#import-chip-value", 'label[for="import-chip-value"]')]
        note = page.locator("#import-refusal").bounding_box()
        assert 0 <= note["y"] - max(b["y"] + b["height"] for b in row) < 40, (row, note)  # beside it: just below

        page.set_input_files("#import-file", str(good))
        page.fill("#import-chip-value", "0,10")
        page.click("#import-go")
        page.wait_for_url("**/host/night/*/*")
        night = store.get_night(db, int(re.search(r"/host/night/(\d+)/", page.url).group(1)))
        assert {k: night[k] for k in ("title", "timezone", "chip_cents", "chips_per", "currency", "local_date")} == {
            "title": "Martes largo", "timezone": "Europe/Lisbon", "chip_cents": 10, "chips_per": 4,
            "currency": "USD", "local_date": "2026-03-10"}
        assert night["started_at"] == "2026-03-10T21:30:00+00:00"  # Lisbon in winter: UTC
    finally:
        context.close()
