"""HMAC-SHA256 of canonical JSON, made often (issue 25: an imported 300-hand night is some
11,000 links of the record's chain, ``store.core.chain``, each a MAC).

The same bytes as ``hmac.digest(key, json.dumps(value, sort_keys=True, separators=(",",
":"), ensure_ascii=False).encode(), "sha256").hex()``, made cheaper: the key's HMAC object
(the standard library's) is made once per key and copied for each message (no fresh
keying and algorithm fetch at every call), and the canonical JSON comes from one C encoder made once
(``json.JSONEncoder.encode`` builds one at each call).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from json import encoder as _json_encoder

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""The canonical JSON's encoder (sorted keys, no spaces, UTF-8 as it is)."""

_C_ENCODER = None if _json_encoder.c_make_encoder is None else _json_encoder.c_make_encoder(
    None, _CANONICAL.default, _json_encoder.encode_basestring, None, ":", ",", True, False, True)
""":data:`_CANONICAL`'s C encoder, made once (None where Python has no C encoder). Made
without a record of the containers seen (nothing encoded here holds itself)."""


def canonical(value: object) -> bytes:
    """The canonical JSON of ``value`` (sorted keys, no spaces), UTF-8: the bytes
    ``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()``
    gives.

    :raises TypeError: a value JSON cannot hold."""
    if _C_ENCODER is None:
        return _CANONICAL.encode(value).encode("utf-8")
    return "".join(_C_ENCODER(value, 0)).encode("utf-8")


_KEYED: dict[bytes, "hmac.HMAC"] = {}
"""Key -> an HMAC-SHA256 object keyed and fed nothing, copied for each message (a few keys
per process: the chain keys of the databases it opens)."""

_KEYED_GUARD = threading.Lock()

KEYS_KEPT = 16
"""How many keys' HMAC objects are kept (the oldest dropped past it)."""


def _keyed(key: bytes) -> "hmac.HMAC":
    found = _KEYED.get(key)
    if found is None:
        found = hmac.new(key, digestmod=hashlib.sha256)
        with _KEYED_GUARD:
            if len(_KEYED) >= KEYS_KEPT:
                _KEYED.pop(next(iter(_KEYED)), None)
            _KEYED[key] = found
    return found


def mac_hex(key: bytes, message: bytes) -> str:
    """HMAC-SHA256 of ``message`` under ``key``, hex: ``hmac.digest(key, message,
    "sha256").hex()``, from a copy of the key's HMAC object (the standard library's own
    keyed state, worked out once per key)."""
    mac = _keyed(key).copy()
    mac.update(message)
    return mac.hexdigest()
