"""The local secrets file: ``secrets.json`` beside the database, the one place for it.

It holds what must survive restarts but must never sit in the database itself:

- ``SECRET_KEY``: Flask's session and dealer-link key (``app.py``);
- ``CHAIN_KEY``: the key of the record's keyed hash chain (``store.core.chain``), base64 of 32
  random bytes. Back it up with the database: without it no night can be verified.

Each is made once at random the first time it is asked for and kept (file mode 600);
``CHAIN_KEY`` only when the caller says the database has no chain yet (``store.core.connection``):
beside a database already sealed with a key, a missing one is refused, never made anew.
Several processes may start at once: the file appears whole or not at all (written
beside it, then linked into place), and a key added to an older file (one made before
``CHAIN_KEY`` existed) is added under an exclusive lock, so every process ends up with the
same values. Reads are cached per file (its inode, size and modification time).
"""

from __future__ import annotations

import base64
import binascii
import fcntl
import json
import os
import secrets
import tempfile
import threading
from pathlib import Path

from store.core.checks import StoreError

FILENAME = "secrets.json"

CHAIN_KEY_ENV = "TAPETE_CHAIN_KEY"
"""Environment variable that overrides the chain key (base64 of 32 or more bytes)."""

CHAIN_KEY_BYTES = 32


BASIC = ("SECRET_KEY",)
"""The secrets made whenever the file is read (:func:`local_secrets`)."""


def _made(names=BASIC + ("CHAIN_KEY",)) -> dict[str, str]:
    """A fresh value for each secret of ``names``."""
    fresh = {
        "SECRET_KEY": lambda: secrets.token_urlsafe(32),
        "CHAIN_KEY": lambda: base64.b64encode(secrets.token_bytes(CHAIN_KEY_BYTES)).decode("ascii"),
    }
    return {name: fresh[name]() for name in names}


class KeyFileError(StoreError):
    """The chain key cannot be had (a :class:`store.core.checks.StoreError`: code and params,
    said in one line by the command line): ``chain_key_lost`` (path: no key beside a
    database already sealed with one), ``chain_key_not_base64`` (where, bytes),
    ``chain_key_short`` (where, bytes, length), ``secrets_not_json`` (path, detail: the JSON
    parser's words), ``secrets_not_object`` (path). ``where`` names the variable or file the
    key came from."""


_cache: dict[str, tuple[tuple[int, int, int], dict[str, str]]] = {}
_cache_lock = threading.Lock()

_MEMORY_CHAIN_KEY = secrets.token_bytes(CHAIN_KEY_BYTES)
"""The chain key of ``":memory:"`` databases: random, for this process only."""


def secrets_path(database: str | os.PathLike) -> Path:
    """Where the secrets of the database at ``database`` are kept: ``secrets.json`` in
    the database file's folder."""
    return Path(os.path.abspath(database)).parent / FILENAME


def local_secrets(database: str | os.PathLike, *, names: tuple[str, ...] = BASIC) -> dict[str, str]:
    """The secrets kept beside the database file at ``database``, the ``names`` made (or
    added) once: ``{"SECRET_KEY", ...}`` (strings; ``CHAIN_KEY`` too when the
    file holds one or ``names`` asks for it).

    :raises OSError: the folder cannot be written (the file missing) or read.
    :raises KeyFileError: the file is not a JSON object.
    """
    path = secrets_path(database)
    while True:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            _create(path, names)
            continue
        signature = (st.st_ino, st.st_size, st.st_mtime_ns)
        with _cache_lock:
            hit = _cache.get(str(path))
        kept = hit[1] if hit is not None and hit[0] == signature else _read(path)
        if any(name not in kept for name in names):
            _complete(path, names)
            continue
        with _cache_lock:
            _cache[str(path)] = (signature, kept)
        return dict(kept)


def environment_key() -> bytes | None:
    """``TAPETE_CHAIN_KEY`` decoded, or None when it is not set.

    :raises KeyFileError: it is not base64 of at least 32 bytes.
    """
    given = os.environ.get(CHAIN_KEY_ENV)
    return decode_key(given, CHAIN_KEY_ENV) if given else None


def chain_key(database: str | os.PathLike, *, make: bool = True) -> bytes:
    """The chain key (bytes) of the database at ``database``: ``TAPETE_CHAIN_KEY`` when
    set, else ``":memory:"`` gets this process's random key, else the file's
    ``CHAIN_KEY``, made once when ``make`` (a database with no chain yet).

    :raises KeyFileError: ``TAPETE_CHAIN_KEY`` (or the file's key) is not base64 of at
        least 32 bytes; or the file holds no key and ``make`` is false (the database was
        sealed with a key that is lost: it must come back from the backup, never be made
        anew).
    """
    given = environment_key()
    if given is not None:
        return given
    if str(database) == ":memory:":
        return _MEMORY_CHAIN_KEY
    path = secrets_path(database)
    kept = local_secrets(database, names=BASIC + (("CHAIN_KEY",) if make else ()))
    if "CHAIN_KEY" not in kept:
        raise KeyFileError("chain_key_lost", path=str(path))
    return decode_key(kept["CHAIN_KEY"], str(path))


def decode_key(text: str, where: str) -> bytes:
    """Base64 ``text`` as bytes. :raises KeyFileError: not base64 of at least 32 bytes
    (``chain_key_not_base64``, ``chain_key_short``; param ``where`` names the source)."""
    try:
        key = base64.b64decode(str(text).strip(), validate=True)
    except (binascii.Error, ValueError):
        raise KeyFileError("chain_key_not_base64", where=where, bytes=CHAIN_KEY_BYTES) from None
    if len(key) < CHAIN_KEY_BYTES:
        raise KeyFileError("chain_key_short", where=where, bytes=CHAIN_KEY_BYTES, length=len(key))
    return key


def _read(path: Path) -> dict[str, str]:
    """The file's secrets. :raises KeyFileError: not a JSON object."""
    with open(path, encoding="utf-8") as fh:
        try:
            kept = json.load(fh)
        except ValueError as exc:
            raise KeyFileError("secrets_not_json", path=str(path), detail=str(exc)) from None
    if not isinstance(kept, dict):
        raise KeyFileError("secrets_not_object", path=str(path))
    return kept


def _write_beside(path: Path, kept: dict[str, str]) -> str:
    """Write ``kept`` to a new mode-600 file in ``path``'s folder; returns its name."""
    fd, tmp = tempfile.mkstemp(prefix=".secrets-", suffix=".tmp", dir=path.parent)  # mode 600
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(kept, fh)
        fh.flush()
        os.fsync(fh.fileno())
    return tmp


def _create(path: Path, names: tuple[str, ...]) -> None:
    """Make the file whole in one step; when another process made it first, keep theirs.
    What this process made is remembered (:func:`undo_made`)."""
    folders = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_beside(path, _made(names))
    try:
        os.link(tmp, path)
        if "CHAIN_KEY" not in names:  # a start-up's file (app.py), holding no key of the record
            _made_here[str(path)] = (os.stat(path).st_ino, folders)
    except FileExistsError:
        pass
    finally:
        os.unlink(tmp)


_made_here: dict[str, tuple[int, list[Path]]] = {}
"""The files :func:`_create` made in this process with no ``CHAIN_KEY`` (the app's start-up):
path -> (inode, folders made for it). Adding a key later replaces the file (a new inode):
it is then no longer taken for one made here."""


def undo_made(database: str | os.PathLike) -> bool:
    """Remove the ``secrets.json`` beside ``database`` when this process made it without a
    chain key (the app's start-up, ``app.py``) and it is still that file (no key added
    since), with the folders made for it while they are empty: ``flask --app app restore`` uses it so that a restore leaves no
    key of its own making (nothing when refused; never taken for an old file to keep).

    :returns: whether the file was this process's and is gone.
    """
    path = secrets_path(database)
    made = _made_here.get(str(path))
    try:
        if made is None or os.stat(path).st_ino != made[0]:
            return False
        path.unlink()
    except FileNotFoundError:
        return False
    _made_here.pop(str(path), None)
    with _cache_lock:
        _cache.pop(str(path), None)
    for folder in made[1]:  # innermost first
        try:
            folder.rmdir()
        except OSError:
            break
    return True


def _complete(path: Path, names: tuple[str, ...]) -> None:
    """Add the secrets an older file lacks, under an exclusive lock on the file, reading
    it again once locked (another process may have added them meanwhile)."""
    with open(path, encoding="utf-8") as locked:
        fcntl.flock(locked.fileno(), fcntl.LOCK_EX)
        kept = _read(path)
        missing = _made(tuple(name for name in names if name not in kept))
        if missing:
            os.replace(_write_beside(path, {**kept, **missing}), path)
