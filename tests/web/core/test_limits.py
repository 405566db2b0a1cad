"""Request limits (issue 13: "a 100 MB tap body accepted, a 50 MB anonymous login POST read
in full, deeply nested JSON answers 500 (RecursionError) -- and the tap queue resends a 500
forever"; must: "a maximum request size; JSON depth and size checked before parsing deep
structures (a clear 400)").

Every refusal is a 4xx (the tap queue never resends one) with a message in the page's
language, and nothing is stored."""

from __future__ import annotations

import json

from every_page import build_pages
from hypothesis import given
from hypothesis import strategies as st

import store
from web.core.limits import MAX_CONTENT_LENGTH, MAX_JSON_BYTES, MAX_JSON_DEPTH, json_depth


def _events(db) -> int:
    return db.execute("SELECT COUNT(*) FROM events").fetchone()[0]


def _tap_url(pages) -> str:
    return f"/dealer/{pages.night}/{pages.dealer_token}/tap"


def _seen(client, db, pages) -> dict:
    """What the tablet saw of the hand in progress: its id, and its version where the table
    has one (a tap carries both)."""
    state = client.get(f"/dealer/{pages.night}/{pages.dealer_token}/state").get_json()
    seen = {"hand_id": store.current_hand(db, pages.night)}
    if "version" in state:
        seen["version"] = state["version"]
    return seen


def _tap(seen: dict, **extra) -> dict:
    return {"key": "limits-tap-0001", "op": "action", **seen, "action": "p1 ante 5", **extra}


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet=st.sampled_from('[]{}"\\ab,: \n')),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(alphabet=st.sampled_from('[]{}"\\ab'), max_size=4), inner, max_size=3),
    max_leaves=20)


@given(JSON)
def test_json_depth_on_the_raw_bytes_is_the_parsed_depth(value):
    """Brackets inside strings (escaped quotes too) are not counted."""
    assert json_depth(json.dumps(value).encode()) == _depth(value)


def test_a_normal_tap_is_within_the_limits(app, client, db):
    pages = build_pages(app, db)
    hand = _seen(client, db, pages)
    answer = client.post(_tap_url(pages), json=_tap(hand))
    assert answer.status_code == 200, answer.get_json()


def test_deep_json_is_a_clear_400_never_a_500_and_nothing_is_stored(app, client, db):
    pages = build_pages(app, db)
    hand = _seen(client, db, pages)
    before = _events(db)
    for depth in (MAX_JSON_DEPTH + 1, 5000):   # 5000 levels overflowed the parser (RecursionError)
        body = json.dumps(_tap(hand, extra="@@")).replace('"@@"', _nested(depth)).encode()
        assert len(body) <= MAX_JSON_BYTES
        answer = client.post(_tap_url(pages), data=body, content_type="application/json",
                             headers={"Accept-Language": "en"})
        assert answer.status_code == 400
        assert answer.get_json() == {"error": f"The request nests too deep (at most {MAX_JSON_DEPTH} levels of JSON)."}
    # exactly at the limit it is the view that answers (the tap is stored)
    body = json.dumps(_tap(hand, extra="@@")).replace('"@@"', _nested(MAX_JSON_DEPTH - 1)).encode()
    assert _events(db) == before
    assert client.post(_tap_url(pages), data=body, content_type="application/json").status_code == 200
    assert _events(db) == before + 1


def test_brackets_inside_strings_do_not_count(app, client, db):
    pages = build_pages(app, db)
    hand = _seen(client, db, pages)
    answer = client.post(_tap_url(pages), json=_tap(hand, note="[[[[[[[[[[{{{{{{{{{{ \\\" [[[["))
    assert answer.status_code == 200


def test_a_json_body_past_16_kb_is_refused_unparsed(app, client, db):
    pages = build_pages(app, db)
    hand = _seen(client, db, pages)
    before = _events(db)
    answer = client.post(_tap_url(pages), json=_tap(hand, note="x" * MAX_JSON_BYTES),
                         headers={"Accept-Language": "es"})
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "La petición es demasiado grande (como mucho 16 KB de JSON)."}
    assert _events(db) == before


def test_a_body_that_is_not_json_with_a_json_type_is_a_400(app, client, db):
    pages = build_pages(app, db)
    hand = _seen(client, db, pages)
    before = _events(db)
    for body in (b"key=1&op=action", b'{"key": "limits-tap-0001", ', b"\xff\xfe\x00{",
                 json.dumps(_tap(hand)).replace("5\"", "5\", \"n\": NaN").encode(),
                 b'{"n": Infinity}', b'{"n": 1' + b"0" * 5000 + b"}"):
        answer = client.post(_tap_url(pages), data=body, content_type="application/json",
                             headers={"Accept-Language": "en"})
        assert answer.status_code == 400, body[:40]
        assert answer.get_json() == {"error": "The request is not valid JSON."}, body[:40]
    assert _events(db) == before


def test_a_body_past_the_maximum_is_413_in_the_page_language_and_unread(app, client, db):
    pages = build_pages(app, db)
    before = _events(db)
    big = "x" * (MAX_CONTENT_LENGTH + 1)
    page = client.post("/host/login", data={"pin": big}, headers={"Accept-Language": "es"})
    assert page.status_code == 413
    assert "La petición es demasiado grande (como mucho 256 KB)." in page.get_data(as_text=True)
    assert "No se ha guardado nada." in page.get_data(as_text=True)
    english = client.post("/host/login", data={"pin": big}, headers={"Accept-Language": "en"})
    assert "The request is too large (at most 256 KB)." in english.get_data(as_text=True)
    tap = client.post(_tap_url(pages), data=json.dumps({"key": big}), content_type="application/json",
                      headers={"Accept-Language": "en"})
    assert tap.status_code == 413
    assert tap.get_json() == {"error": "The request is too large (at most 256 KB)."}
    assert _events(db) == before


def test_a_body_past_the_maximum_is_refused_where_the_view_reads_none(client):
    answer = client.get("/host/login", data="x" * (MAX_CONTENT_LENGTH + 1), headers={"Accept-Language": "en"})
    assert answer.status_code == 413


def test_max_content_length_is_set_explicitly(app):
    """Flask defines MAX_CONTENT_LENGTH as None: a setdefault would leave it unlimited."""
    assert app.config["MAX_CONTENT_LENGTH"] == MAX_CONTENT_LENGTH == 256 * 1024


def test_a_tablet_refusal_is_said_in_the_night_language(app, client, db):
    """A night of a preset from the Spanish seeds speaks Spanish on its tablet (web.core.i18n),
    whatever the browser asks: its refusals too."""
    pages = build_pages(app, db)
    spanish = store.create_night(db, rules={"preset": "pocker"}, chip_cents=10)
    for night, expected in ((spanish, "La petición no es JSON válido."),
                            (pages.night, "The request is not valid JSON.")):
        answer = client.post(f"/dealer/{night}/{pages.dealer_token}/tap", data=b"{", content_type="application/json",
                             headers={"Accept-Language": "en"})
        assert answer.status_code == 400
        assert answer.get_json() == {"error": expected}
