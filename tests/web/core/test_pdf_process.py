"""PDFs made in worker processes (issue 25: heavy renders "may run in a separate process if
the interpreter's lock would otherwise hold the taps up"; ``web.core.pdf_process``)."""

from __future__ import annotations

import os

from hosts import login_host
from pdfs import pdf_text
from ruling_night import session

import store
import web.core.pdf_process as pdf_process


def _pid(_html, _folder):
    return str(os.getpid()).encode()


def test_the_report_pdf_is_made_in_another_process(app, client, db):
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    login_host(client)
    answer = client.get(f"/reports/nights/{night_id}.pdf?lang=es")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    assert "Chema" in pdf_text(answer.data)
    with app.app_context():
        worker = pdf_process._workers(2).submit(os.getpid).result(timeout=120)
    assert worker != os.getpid()


def test_with_no_processes_the_pdf_is_made_here(app, monkeypatch):
    app.config["PDF_PROCESSES"] = 0
    monkeypatch.setattr(pdf_process, "html_to_pdf", _pid)
    with app.app_context():
        assert pdf_process.make_pdf("<p>x</p>", app.static_folder) == str(os.getpid()).encode()
