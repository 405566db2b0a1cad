"""A file uploaded on the host's import page, and what the answer says."""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass
from pathlib import Path

from apps import make_app
from hosts import login_host

from store import open_db


def upload(client, body: bytes, name: str, lang: str = "es", **fields):
    """POST the file to the import form (chip value 10 cents unless given); the answer,
    redirects not followed."""
    data = {"chip_cents": "10", "chips_per": "1", "currency": "EUR", "timezone": "Europe/Madrid", **fields,
            "file": (io.BytesIO(body), name)}
    return client.post(f"/host/import?lang={lang}", data=data, content_type="multipart/form-data")


def night_of(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    found = re.search(r"/host/night/(\d+)$", response.headers["Location"])
    assert found, response.headers["Location"]
    return int(found.group(1))


AGAIN = " Vuelve a elegir el archivo: la página no puede guardarlo."
"""What a refused import adds when a file was chosen: the browser cannot keep it."""


def refused(answer) -> tuple[str, list[str]]:
    """A refused import (400: the form drawn again): the refusal beside the field it names,
    and the ids of the fields marked ``aria-invalid``."""
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400 and 'id="import-form"' in page, page[:500]
    said = re.findall(r'<p class="flash error span" role="alert" id="import-refusal">([^<]*)</p>', page)
    assert len(said) == 1, page
    return html.unescape(said[0]), re.findall(r'<(?:input|select) id="([^"]+)"[^>]*aria-invalid="true"', page)


def flashed(client) -> list[tuple[str, str]]:
    with client.session_transaction() as session:
        return session.pop("_flashes", [])


EMPTY = {"chip_cents": "", "chips_per": "", "currency": "", "timezone": ""}
"""The import form's options left empty: "as in the file"."""


@dataclass
class Club:
    """Another club: its own app on its own database, the host logged in
    on ``client``; ``db`` opened directly (close it: :func:`open_club` as a fixture's)."""

    app: object
    client: object
    db: object

    def close(self) -> None:
        self.db.conn.close()


def open_club(folder: Path) -> Club:
    """A second club in ``folder`` (a fresh migrated database of its own), as a
    night downloaded from one club is uploaded into another (issue 24: a move, a restore by
    hand)."""
    app = make_app(Path(folder) / "tapete.db")
    client = app.test_client()
    login_host(client)
    return Club(app, client, open_db(app.config["DATABASE"]))
