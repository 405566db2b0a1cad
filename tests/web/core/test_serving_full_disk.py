"""``python -m web.serving`` on a full disk (issue 25, a fresh tester's finding: an OSError
traceback from ``service_lock.mark_serving`` and a ``.serving-XXXX`` file left behind): the
service says why in words in the club's language, exits non-zero, and leaves nothing beside
the database."""

from __future__ import annotations

import errno
import io
import os
import sys

import pytest

import store.core.service_lock as service_lock
from web.core import serving


class _FullFile(io.StringIO):
    """A file on a full disk: what is written never reaches it."""

    def close(self) -> None:
        super().close()
        raise OSError(errno.ENOSPC, "No space left on device")


class _FullDiskOs:
    """``os`` as ``store.core.service_lock`` sees it on a full disk: a file it opens takes
    no bytes; everything else is ``os``'s own (the rest of the app writes as usual)."""

    def __getattr__(self, name):
        return getattr(os, name)

    @staticmethod
    def fdopen(fd, *args, **kwargs):
        os.close(fd)
        return _FullFile()


@pytest.fixture
def full_disk(monkeypatch, tmp_path):
    """The service's mark cannot be written (ENOSPC when its file is closed), the service
    on a database in ``tmp_path``, its command line in Spanish; the server never started."""
    monkeypatch.setattr(service_lock, "os", _FullDiskOs())
    monkeypatch.setenv("TAPETE_DB", str(tmp_path / "tapete.db"))
    monkeypatch.setenv("TAPETE_LANGUAGE", "es")
    monkeypatch.setattr(serving, "configure_logging", lambda: None)
    monkeypatch.setattr(sys, "setswitchinterval", lambda value: None)
    monkeypatch.setattr(serving, "create_guarded_server", lambda *a, **k: pytest.fail("the server started"))
    return tmp_path


def test_a_full_disk_at_the_start_is_said_in_words_exits_non_zero_and_leaves_nothing(full_disk):
    before = {p.name for p in full_disk.iterdir()}
    with pytest.raises(SystemExit) as ended:
        serving.main(["--port", "0"])
    assert ended.value.code == "Tapete no ha arrancado: el disco del servidor está lleno. Libera espacio en él y " \
                               "vuelve a arrancar Tapete."
    assert not [p.name for p in full_disk.iterdir() if p.name.startswith(".serving-")]
    assert not (full_disk / "tapete.db.serving").exists()
    assert {p.name for p in full_disk.iterdir()} - before <= {"tapete.db", "tapete.db-wal", "tapete.db-shm",
                                                               "secrets.json"}
