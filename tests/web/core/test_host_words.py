"""What the host reads where a guest's words would be wrong (issue 25, a fresh tester's
findings): a full disk on the host's own pages, their login among them, says what the host
can do (free space on the server), never "tell the host"; the login's ``next`` has no bare
"?"; the failed imports' "falló:" has its colon right after the word (Spanish typography)."""

from __future__ import annotations

import html
import re

import pytest
from flask_babel import force_locale
from hosts import HOST_PASSWORD, HOST_USER, host_account, login_host

import store
import web.account.views
from web.core import errors

TELL_THE_HOST = "Avisa al anfitrión"


def test_a_full_disk_on_the_host_s_login_says_what_the_host_can_do(app, client, monkeypatch):
    host_account(app)

    def full(*args, **kwargs):
        raise store.DiskFull()

    monkeypatch.setattr(web.account.views.sign_in, "log_in", full)
    answer = client.post("/host/login", data={"username": HOST_USER, "password": HOST_PASSWORD},
                         headers={"Accept-Language": "es"})
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 507
    assert TELL_THE_HOST not in page and "anfitrión" not in page
    assert "Libera espacio en el disco del servidor" in page


@pytest.mark.parametrize("path", ["/host/login", "/host/night/1/expenses"])
def test_the_host_s_full_disk_words_differ_from_a_guest_s(app, path):
    with app.test_request_context(path, method="POST"), force_locale("es"):
        host = errors.disk_full_message()
    with app.test_request_context("/p/x/disputes", method="POST"), force_locale("es"):
        guest = errors.disk_full_message()
    assert TELL_THE_HOST in guest and TELL_THE_HOST not in host


def test_the_login_redirect_has_no_bare_question_mark(client):
    assert client.get("/host/outstanding/1").headers["Location"].endswith("next=/host/outstanding/1")
    assert client.get("/host/outstanding/1?x=2").headers["Location"].endswith("next=/host/outstanding/1?x%3D2")


def test_a_failed_import_s_word_has_its_colon_right_after_it(app, db, client):
    store.create_night(db, rules="jackpots", chip_cents=10, title="Viernes", importing=True)
    assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0   # (no server: marked failed)
    login_host(client)
    page = client.get("/host/import?lang=es").get_data(as_text=True)
    (line,) = re.findall(r'<li class="failed-import"[^>]*>(.*?)</li>', page, flags=re.S)
    assert 'class="badge' not in line        # (a badge's padding drew a space before the colon)
    assert re.search(r"falló</strong>: \S", line)
