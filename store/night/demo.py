"""The demo night (``flask demo``, issue 26): it never counts, and the host can hide it.

The demo night is the one ``flask demo`` closes: its ledger holds a ``close`` entered by
``"demo"`` (:data:`DEMO_BY`). The log is append-only, so that row stays even if the night
is reopened: once a demo, always a demo. A demo night counts nowhere, like a deliberate copy
(``nights.copy_of``): its standings rows are stored with ``counts`` 0
(``store.money.totals``), it owes no transfers (``store.money.dues``,
``store.money.payments.closed_nights``), so it adds nothing to the club's standings, the
players' running totals or what is outstanding.

Hiding it takes it off the host's list of nights (and the reports list): a ``hide`` row of
``night_marks`` (m023, append-only), with who and when; nothing is deleted, the night's
pages still open by their address.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.records import keyed_write
from store.core.transactions import utc_now

DEMO_BY = "demo"
"""The ``entered_by`` of the demo's close (``web.core.cli.demo_command``)."""


def demo_sql(alias: str = "nights") -> str:
    """SQL on the nights table (or its alias ``alias``): the night is a demo (a close entered
    by :data:`DEMO_BY` in its ledger, live or voided)."""
    return (f"EXISTS (SELECT 1 FROM ledger dm WHERE dm.night_id = {alias}.id AND dm.kind = 'close' "
            f"AND dm.entered_by = '{DEMO_BY}')")


def counts_sql(alias: str = "nights") -> str:
    """SQL on the nights table (or ``alias``): the night counts (neither a copy nor a demo)."""
    return (f"{alias}.copy_of IS NULL AND NOT EXISTS (SELECT 1 FROM ledger dm WHERE dm.night_id = {alias}.id "
            f"AND dm.kind = 'close' AND dm.entered_by = '{DEMO_BY}')")   # (NOT demo_sql)


def hidden_sql(alias: str = "nights") -> str:
    """SQL on the nights table (or ``alias``): the host hid the night (a live ``hide`` mark)."""
    return (f"EXISTS (SELECT 1 FROM night_marks hm WHERE hm.night_id = {alias}.id AND hm.kind = 'hide' AND NOT "
            "EXISTS (SELECT 1 FROM night_marks hv WHERE hv.kind = 'void' AND hv.target = hm.id))")


def is_demo(db: Database, night_id: int) -> bool:
    """Whether the night is the demo (:func:`demo_sql`). Read-only."""
    return db.execute(f"SELECT 1 FROM nights WHERE id = ? AND {demo_sql()}", [night_id]).fetchone() is not None


def counts(db: Database, night: dict) -> bool:
    """Whether the night (a ``store.night.nights.get_night`` dict) counts in the standings,
    the running totals and the transfers owed: not a copy, not the demo. Read-only."""
    return night.get("copy_of") is None and not is_demo(db, night["id"])


def is_hidden(db: Database, night_id: int) -> bool:
    """Whether the host hid the night (:func:`hidden_sql`). Read-only."""
    return db.execute(f"SELECT 1 FROM nights WHERE id = ? AND {hidden_sql()}", [night_id]).fetchone() is not None


def hide_demo(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> int:
    """Hide the demo night from the host's list of nights: a ``hide`` row of ``night_marks``
    (append-only). Hidden twice, the live mark stays (its id comes back).

    :returns: the mark's id.
    :raises StoreError: ``no_night``; ``not_demo`` (params ``night``: only the demo night
        can be hidden); ``key_reused``.
    """
    with keyed_write(db, "night_marks", key, "hide", {"night_id": night_id}) as found:
        if found is not None:
            return found
        row = db.execute("SELECT import_state FROM nights WHERE id = ?", [night_id]).fetchone()
        if row is None or row[0] is not None:
            raise StoreError("no_night", night=night_id)
        if not is_demo(db, night_id):
            raise StoreError("not_demo", night=night_id)
        live = db.execute("SELECT hm.id FROM night_marks hm WHERE hm.night_id = ? AND hm.kind = 'hide' AND NOT EXISTS "
                          "(SELECT 1 FROM night_marks hv WHERE hv.kind = 'void' AND hv.target = hm.id)",
                          [night_id]).fetchone()
        if live is not None:
            return live[0]
        return db["night_marks"].insert({"night_id": night_id, "kind": "hide", "entered_by": entered_by,
                                         "entered_at": utc_now(), "key": key}).last_pk
