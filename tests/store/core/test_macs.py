"""``store.core.macs`` makes the bytes the standard library makes (issue 25: the chain's MACs
made cheaper, not other): the canonical JSON ``json.dumps`` gives, the HMAC-SHA256
``hmac.digest`` gives, for any key (longer than SHA-256's block too) and message."""

from __future__ import annotations

import hmac
import json

from hypothesis import given
from hypothesis import strategies as st

from store.core.macs import canonical, mac_hex

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text() |
                    st.floats(allow_nan=False, allow_infinity=False),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=20)


@given(value=JSON)
def test_the_canonical_json_is_json_dumps_sorted_without_spaces(value):
    assert canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@given(key=st.binary(min_size=1, max_size=150), message=st.binary(max_size=400))
def test_the_mac_is_hmac_sha256(key, message):
    assert mac_hex(key, message) == hmac.digest(key, message, "sha256").hex()
    assert mac_hex(key, message) == mac_hex(key, message)   # (the kept pads are copied, never changed)
