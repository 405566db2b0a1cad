"""The mark a running service leaves beside its database: ``<database>.serving``.

``python -m web.core.serving`` writes it when it starts (before it answers anyone, and before it
has necessarily opened the database: a service that has served only ``/`` holds no
connection), holding its process id, and removes it when it ends. ``flask --app app
restore`` (``store.files.backup.restore``) refuses while it names a live process. A mark left by a
service that was killed (SIGKILL, a power cut) names a process that no longer runs: it is
ignored, and the next start writes its own.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import tempfile
from pathlib import Path

SUFFIX = ".serving"


def lock_path(database: str | os.PathLike) -> Path:
    """The mark's path: the database's path with ``.serving`` added (``tapete.db.serving``)."""
    path = Path(os.path.abspath(database))
    return path.with_name(path.name + SUFFIX)


def _alive(pid: int) -> bool:
    """Whether a process with id ``pid`` runs (one of another user counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def serving_pid(database: str | os.PathLike) -> int | None:
    """The id of the live process serving ``database`` (from its mark), or None: no mark,
    an unreadable one, or one whose process is gone (stale)."""
    try:
        text = lock_path(database).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    pid = int(text) if text.isdigit() else 0
    return pid if _alive(pid) else None


def mark_serving(database: str | os.PathLike) -> Path:
    """Write this process's mark for ``database`` (whole: beside it, then renamed into
    place) and remove it when the process exits (``atexit``: a normal end, Ctrl-C, and
    SIGTERM, which this turns into a normal exit when nothing else handles it), if it
    still names this process (a service started later on the same database keeps its own).

    :returns: the mark's path.
    :raises OSError: the database's folder cannot be written (``errno.ENOSPC``: the disk
        is full); nothing is left behind (the half-written mark is removed).
    """
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".serving-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(f"{os.getpid()}\n")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    atexit.register(_unmark, path, os.getpid())
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    return path


def _unmark(path: Path, pid: int) -> None:
    try:
        if path.read_text(encoding="ascii").strip() == str(pid):
            path.unlink()
    except OSError:
        pass
