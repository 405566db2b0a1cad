"""HMAC-SHA256 of canonical JSON, made often (issue 25: an imported 300-hand night is some
11,000 links of the record's chain, ``store.core.chain``, each a MAC).

The same bytes as ``hmac.digest(key, json.dumps(value, sort_keys=True, separators=(",",
":"), ensure_ascii=False).encode(), "sha256").hex()``, made cheaper: the key's two padded
SHA-256 states are worked out once per key and copied for each message (RFC 2104: what
``hmac`` does inside, without OpenSSL 3's fetch of the algorithm at every call, which
took half the time of a link), and the canonical JSON comes from one C encoder made once
(``json.JSONEncoder.encode`` builds one at each call).
"""

from __future__ import annotations

import hashlib
import json
import threading
from json import encoder as _json_encoder

BLOCK = 64
"""SHA-256's block size (bytes): a longer key is hashed first (RFC 2104, 2)."""

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


_PADS: dict[bytes, tuple] = {}
"""Key -> its inner and outer padded SHA-256 states (a few keys per process: the chain keys
of the databases it opens)."""

_PADS_GUARD = threading.Lock()

PADS_KEPT = 16
"""How many keys' pads are kept (the oldest dropped past it)."""


def _pads(key: bytes) -> tuple:
    found = _PADS.get(key)
    if found is None:
        block = hashlib.sha256(key).digest() if len(key) > BLOCK else key
        block = block.ljust(BLOCK, b"\0")
        found = (hashlib.sha256(bytes(b ^ 0x36 for b in block)), hashlib.sha256(bytes(b ^ 0x5C for b in block)))
        with _PADS_GUARD:
            if len(_PADS) >= PADS_KEPT:
                _PADS.pop(next(iter(_PADS)), None)
            _PADS[key] = found
    return found


def mac_hex(key: bytes, message: bytes) -> str:
    """HMAC-SHA256 of ``message`` under ``key``, hex: ``hmac.digest(key, message,
    "sha256").hex()``."""
    inner, outer = _pads(key)
    inner = inner.copy()
    inner.update(message)
    outer = outer.copy()
    outer.update(inner.digest())
    return outer.hexdigest()
