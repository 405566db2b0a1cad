"""A file the host uploads as a night (``web.files.views.import_file``): read
(:func:`read_upload`: no database, so the page can read the start the host typed in the
zone the night will have), then stored (:func:`import_upload`: one store call that writes
the night and says what the page tells the host about it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from store.core.checks import StoreError
from store.files.importer import import_night, load_session_text
from store.files.night_block import file_night, left_in_play, night_options
from store.night.nights import get_night


@dataclass(frozen=True)
class Upload:
    """An uploaded file read: ``session`` (the ``tapete/1`` dict), ``timezone`` (the zone
    the night will have: the form's, the file's, else the default), what its block says
    (``closed_in_file``: the night was closed; ``still_open``, ``hand_in_progress``:
    :func:`store.files.night_block.left_in_play`), and its ``players`` and ``hands`` counts."""

    session: dict
    timezone: str
    closed_in_file: bool
    still_open: bool
    hand_in_progress: bool
    players: int
    hands: int


@dataclass(frozen=True)
class Uploaded:
    """What :func:`import_upload` did: ``night_id``, ``new`` and ``close_refused`` as
    :class:`store.files.importer.Imported`, and ``closed``: whether the night here is closed."""

    night_id: int
    new: bool
    close_refused: StoreError | None
    closed: bool


def read_upload(text: str, suffix: str, defaults: dict, *, started_at: str | None = None, **given) -> Upload:
    """The file's text read as a session (``store.files.importer.load_session_text``, by
    ``suffix``: ``.json``, ``.phh``, ``.phhs`` or "": by its content) and the zone its night
    will have (``store.files.night_block.night_options`` of the host's ``given`` options,
    ``started_at`` as typed and ``defaults``). Touches no database.

    :raises StoreError: the file's refusals (``load_session_text``'s), a block the options
        cannot be read from (``night_options``').
    """
    session = load_session_text(text, "upload" + suffix)
    zone = night_options(session, defaults, started_at=started_at, **given)["timezone"]
    still_open, in_progress = left_in_play(session)
    return Upload(session, zone, file_night(session, fields=()).get("closed") is True, still_open, in_progress,
                  len(session.get("players") or []), len(session.get("hands") or []))


def import_upload(db: Database, upload: Upload, *, entered_by: str, defaults: dict,
                  started_at: datetime | None = None, copy: bool = False, **given) -> Uploaded:
    """Store the upload as a night (:func:`store.files.importer.import_night`, its options
    ``given``, ``started_at`` and ``defaults``; ``copy``: as a deliberate copy) and read
    whether that night is closed here.

    :raises StoreError: ``import_night``'s refusals (nothing written, or nothing the club
        sees: ``store.files.import_pieces``), among them
        ``night_present`` (the club has the file's night: params ``night``, ``how``).
    """
    done = import_night(db, upload.session, entered_by=entered_by, defaults=defaults, started_at=started_at,
                        copy=copy, **given)
    return Uploaded(done.night_id, done.new, done.close_refused, get_night(db, done.night_id)["closed"])
