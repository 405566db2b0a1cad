"""Files in and out in a real browser (issue 15, ``web.files``), in Spanish: the host logs
in, downloads a night as a session file from the night page (a real download), opens the
import page from the nights page, chooses that file, imports it, and lands on the new
night with its players; a file the importer refuses comes back on the form in Spanish.
Screenshots: tests/artifacts/files-*.png (1280×800 and the phone, 390×844)."""

from __future__ import annotations

import json

import pytest

import store
from conftest import ARTIFACTS, PHONE, fill_login, fits
from night14_world import LONG_NAME, build_night14

pytestmark = pytest.mark.browser


def test_download_a_night_and_upload_it_again_in_the_browser(app, db, browser, server, tmp_path):
    world = build_night14(db)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES", accept_downloads=True)
    page = context.new_page()
    try:
        page.goto(f"{server}/host/night/{world.night}")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/host/night/{world.night}")
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
        page.set_input_files("#import-file", str(saved))
        page.fill("#import-title", "")  # the form's fields empty: the night's own, from the file
        page.click("#import-go")
        page.wait_for_url("**/host/night/*")
        new_night = int(page.url.rstrip("/").rsplit("/", 1)[1])
        assert new_night != world.night
        body = page.inner_text("body")
        assert "Noche importada: 5 jugadores, 4 manos." in body
        assert LONG_NAME in body and "Íñigo" in body
        kept = ("title", "chip_cents", "chips_per", "currency", "timezone", "started_at")
        assert {k: store.get_night(db, new_night)[k] for k in kept} == {k: store.get_night(db, world.night)[k]
                                                                         for k in kept}
        page.screenshot(path=str(ARTIFACTS / "files-imported.png"), full_page=True)

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
