"""A stored night written out as a file: its session (CONTRACT.md section 1, ``tapete/1``:
what ``flask import`` and the host's upload page read back), as PHH (:func:`referee.phh_write.dump_phh`),
and its money as CSV rows, one per player.

Read-only: every function reads the night (``store.hand.events.night_session``: the live actions,
the buy-ins as starting stacks and rebuys, the live cash-out counts; ``store.money.ledger.night_summary``
for the money) and writes nothing, so a download takes no write lock.

CSV and spreadsheets: a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return is a formula to a spreadsheet (OWASP "CSV injection"): such a cell is
written with a leading ``'`` (:func:`csv_cell`), so a nickname ``=HYPERLINK(...)`` reads as
text. Numbers are written as numbers, never escaped: a net of -12 chips is the cell ``-12``.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

from sqlite_utils import Database

from referee.phh_format import PHHError
from referee.phh_write import dump_phh
from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.files.night_block import NIGHT_KEY, night_block
from store.files.night_records import KEYS
from store.files.phh_night import with_night
from store.hand.events import night_session
from store.hand.rows import night_hands
from store.money.ledger import night_summary
from store.night.nights import get_night

FORMATS = ("json", "phh", "csv")
"""What :func:`night_download` writes: the session file, PHH, the money as CSV rows."""

PHH_LEAVES_OUT = KEYS
"""The block's keys a PHH download leaves out (``store.files.night_records.KEYS``: the
disputes with their rulings, the expenses, the payments); the session JSON carries them."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a text cell as a formula."""


def session_file(db: Database, night_id: int) -> dict:
    """The night as a ``tapete/1`` session dict (``store.hand.events.night_session``), with the
    night's ``note`` when it has one (an imported file's note travels back) and its
    ``"tapete"`` block (:func:`store.files.night_block.night_block`: the night's id, chip value,
    currency, zone, start, title, whether it is closed and a hand in progress, the close, the
    disputes with their rulings, the expenses and the payments), a key the referee ignores
    (CONTRACT.md 1) and the import reads back, so the night comes back with the same money
    and, when it was still in play, still in play.

    :raises StoreError: no such night (code ``no_night``).
    """
    night = get_night(db, night_id)
    session = night_session(db, night_id)
    if night.get("note"):
        session["note"] = night["note"]
    session[NIGHT_KEY] = night_block(db, night_id)
    return session


def night_json(db: Database, night_id: int) -> str:
    """The night's session file as JSON text (UTF-8 names kept, indented two spaces),
    which ``store.files.importer.load_session_text`` reads back to the same referee result.

    :raises StoreError: no such night.
    """
    return json.dumps(session_file(db, night_id), ensure_ascii=False, indent=2) + "\n"


def night_phh(db: Database, night_id: int) -> str:
    """The night's hands as PHH text (``.phh`` for one hand, ``.phhs`` for more:
    :func:`dump_phh`), which ``store.files.importer.load_session_text`` reads back to the same
    referee result (players, buttons, rebuys and stated stacks travel in ``_tapete_*``
    fields) and the same night: the session's ``"tapete"`` block (the night's id, chip
    value, currency, zone, title, start, closed, the close's settlement) and its counts
    travel in the first hand's ``_tapete_night`` and ``_tapete_cash_out``
    (:mod:`store.files.phh_night`). The night's disputes and rulings (and the chips they
    moved), shared expenses and payment marks are left out (:data:`PHH_LEAVES_OUT`: the
    night page says so beside the link): a PHH hand history has the hands as they stand.

    :raises StoreError: no such night; code ``phh_no_hands`` for a night with no hand yet (a
        PHH file is a list of hands); code ``phh_export`` when the referee cannot write the
        night as PHH (no params: the referee's ``PHHError`` says why in English only).
    """
    session = session_file(db, night_id)
    if not session["hands"]:
        raise StoreError("phh_no_hands")
    session[NIGHT_KEY] = {k: v for k, v in session[NIGHT_KEY].items() if k not in PHH_LEAVES_OUT}
    try:
        return with_night(dump_phh(session), session)
    except (PHHError, ValueError):
        raise StoreError("phh_export") from None


def night_download(db: Database, night_id: int, fmt: str) -> dict:
    """What the host's download of the night in ``fmt`` (one of :data:`FORMATS`) needs, in
    one read transaction: ``{"night": store.get_night, "body": :func:`night_json` or
    :func:`night_phh` text (None for CSV), "rows": :func:`money_rows` (CSV; else None),
    "hands": the night's hands for PHH (``store.night_hands``; else 0), "refused": the
    export's refusal (a ``StoreError``: its code and params, for the page to say in the
    night's language; nothing else set then) or None}``.

    :raises StoreError: ``no_night`` (no such night: read first).
    :raises ValueError: ``fmt`` not one of :data:`FORMATS` (a caller's error).
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown download format {fmt!r}")
    with read_tx(db):
        out = {"night": get_night(db, night_id), "body": None, "rows": None, "hands": 0, "refused": None}
        try:
            if fmt == "json":
                out["body"] = night_json(db, night_id)
            elif fmt == "phh":
                out["body"] = night_phh(db, night_id)
                out["hands"] = len(night_hands(db, night_id))
            else:
                out["rows"] = money_rows(db, night_id)
        except StoreError as exc:
            out.update(body=None, rows=None, hands=0, refused=exc)
        return out


def csv_cell(value: object) -> object:
    """A value as a CSV cell a spreadsheet reads as data: numbers (int, float, Decimal; not
    bool) unchanged; None as an empty cell; any other value as text, with a leading ``'``
    when it begins with a formula character (:data:`FORMULA_STARTS`).

    >>> csv_cell('=HYPERLINK("http://x","y")'), csv_cell(-12), csv_cell("-12"), csv_cell("Ana")
    ('\\'=HYPERLINK("http://x","y")', -12, "'-12", 'Ana')
    """
    if value is None:
        return ""
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(header: list[str], rows: list[list[object]]) -> str:
    """``header`` and ``rows`` as CSV text (comma-separated, CRLF line ends as RFC 4180,
    quoted only where needed), every cell through :func:`csv_cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([csv_cell(h) for h in header])
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()


def money_rows(db: Database, night_id: int) -> list[list[object]]:
    """One row per player of the night, in seat order: ``[seat, name, bought, counted,
    adjustment, net_chips, net_money, currency]``. Chips are ints; ``adjustment`` is the
    close's adjustment plus the share of a carried pot given back (so net = counted +
    adjustment - bought); ``counted`` and ``net_chips`` None before the player's count; ``net_money`` a Decimal in the currency's units (two
    decimals: -1.20) once the bank balances and the nets are known (``night_summary``),
    else None. A player who sat at two seats has the seat of ``night_summary``.

    :raises StoreError: no such night.
    """
    summary = night_summary(db, night_id)
    currency = summary["night"]["currency"]
    rows = []
    for p in sorted(summary["players"], key=lambda r: (r.get("seat") or 0, r["name"])):
        cents = p.get("net_cents")
        money = None if cents is None else Decimal(f"{cents}E-2")  # exact at any size (no context rounding)
        rows.append([p.get("seat"), p["name"], p["bought"], p["counted"],
                     p.get("adjustment", 0) + p.get("pot_share", 0), p["net_chips"], money, currency])
    return rows
