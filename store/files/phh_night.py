"""The night in a PHH download: what a session file keeps beside its hands (the
``"tapete"`` block of :mod:`store.files.night_block`: chip value, currency, zone, title, start,
closed; and the ``cash_out`` counts, CONTRACT.md 1) as PHH user-defined fields of the first
hand, so a night downloaded as PHH and uploaded again has the same money and state.

The PHH spec lets a file carry fields of its own: keys that begin with ``_`` (PokerKit
ignores them). The referee's writer (``referee.phh_write.dump_phh``) writes the hands and
what the referee needs; this module adds, in the first hand's table (the file's top level
for a ``.phh`` of one hand, ``[1]`` in a ``.phhs``)::

    _tapete_night = {chip_cents = 5, chips_per = 1, currency = "EUR", ..., closed = true}
    _tapete_cash_out = {"1" = 116, "2" = {chips = 40, after = 3}}

(TOML inline tables: the block and the counts as the session file has them), and reads
them back as the session's ``"tapete"`` and ``"cash_out"`` keys, which the import checks as
it checks a session file's (``store.files.importer.validate_session``). A PHH file without them
is read as before.
"""

from __future__ import annotations

import json
import tomllib

from store.files.night_block import NIGHT_KEY

NIGHT_FIELD = "_tapete_night"
"""The first hand's field holding the session's ``"tapete"`` block."""

COUNTS_FIELD = "_tapete_cash_out"
"""The first hand's field holding the session's ``cash_out`` counts."""

FIELDS = {NIGHT_FIELD: NIGHT_KEY, COUNTS_FIELD: "cash_out"}
"""PHH field -> the session key it carries."""


def toml_inline(value: object) -> str:
    """``value`` (a dict, list, str, int or bool, nested) as a one-line TOML value: dicts
    as inline tables with quoted keys, strings as basic strings (JSON's escapes, which TOML
    reads alike; DEL escaped too). None values of a dict are left out (TOML has no null).

    >>> toml_inline({"chip_cents": 5, "title": 'Noche "1"', "closed": True, "x": None})
    '{"chip_cents" = 5, "title" = "Noche \\\\"1\\\\"", "closed" = true}'
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_string(str(k))} = {toml_inline(v)}" for k, v in value.items()
                               if v is not None) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_inline(v) for v in value) + "]"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (bool, int)):
        return json.dumps(value)
    raise TypeError(f"no TOML form for {value!r}")


def _string(text: str) -> str:
    return json.dumps(text).replace("\x7f", "\\u007f")


def with_night(text: str, session: dict) -> str:
    """The PHH ``text`` of ``session`` (``dump_phh``'s: one hand at the top level, or
    ``[1]``, ``[2]`` ... tables) with the session's block and counts (:data:`FIELDS`, those
    it has) added to the first hand."""
    lines = "".join(f"{field} = {toml_inline(session[key])}\n" for field, key in FIELDS.items()
                    if session.get(key) is not None)
    if not lines:
        return text
    if text.startswith("[1]\n"):
        first, sep, rest = text.partition("\n\n[2]\n")
        if sep:
            return first + "\n" + lines.rstrip("\n") + sep + rest
    return text.rstrip("\n") + "\n" + lines


def night_fields(text: str) -> dict:
    """The session keys (``"tapete"``, ``"cash_out"``) the first hand of PHH ``text``
    carries (:func:`with_night`), as written (checked by the import, not here); {} when it
    has none or the text is not TOML (the PHH reader says why)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}
    first = data if "variant" in data else next(
        (v for v in data.values() if isinstance(v, dict) and "variant" in v), {})
    return {key: first[field] for field, key in FIELDS.items() if field in first}
