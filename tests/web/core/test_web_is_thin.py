"""The web is thin (issue 23): no ``web/`` module runs SQL or opens a transaction.

A view parses the request, calls one store function and renders; the store owns every
query and every transaction. :func:`sql_sites` reads each module of ``web/`` with ``ast``
and lists what would talk to the database itself: a call of ``.execute``,
``.executemany``, ``.executescript``, ``.query``, ``.rows_where``, ``.table`` ... on
anything, the transaction helpers (``read_tx``, ``write_tx``, ``keyed_write``, ``atomic``,
``.commit()``, ``.rollback()``, imported or named), ``sqlite3`` imported or named, a table
taken by name (``db["nights"]``), a connection's ``.conn``, and SQL
written in a string (``SELECT ... FROM``, ``INSERT INTO``, ``BEGIN``). Only
``web/core/db.py`` (the request's pooled handle: it rolls back what a failed request left
open and gives the connection back) may.
"""

from __future__ import annotations

import ast
import re

from paths import ROOT

WEB = ROOT / "web"

ALLOWED = {"core/db.py"}
"""The pooled database handle (``web.core.db``), relative to ``web/``."""

DB_METHODS = frozenset({"execute", "executemany", "executescript", "query", "rows_where", "table",
                        "insert_all", "upsert", "upsert_all", "delete_where", "atomic", "commit", "rollback",
                        "cursor", "create_table", "pks_and_rows_where"})
"""Methods of a sqlite3 connection or a ``sqlite_utils.Database``/``Table`` that run SQL or
hold a transaction (``super().execute()`` of a server task is not one: see :func:`sql_sites`)."""

TRANSACTION_NAMES = frozenset({"read_tx", "write_tx", "keyed_write", "atomic", "sqlite3"})
"""Names that open a transaction or reach SQLite itself."""

SQL_TEXT = re.compile(r"\b(SELECT\s+.+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                      r"BEGIN(\s+(IMMEDIATE|DEFERRED|EXCLUSIVE))?\s*$|COMMIT\s*$|ROLLBACK\s*$|PRAGMA\s+\w+)",
                      re.IGNORECASE | re.DOTALL)
"""SQL written in a string constant."""

DB_NAMES = frozenset({"db", "database", "conn", "connection"})
"""Names a database handle goes by: ``db["nights"]`` takes a table by name."""


HANDLE_MAKERS = frozenset({"get_db", "open_db"})
"""Functions that give a database handle: ``get_db()["ledger"]`` takes a table by name, and
so does a name bound to their result (``h = get_db(); h["nights"]``)."""


def _called(node: ast.AST) -> str | None:
    """The name of the function ``node`` calls (``f()`` or ``x.f()``), else None."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _handles_and_aliases(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names a database handle goes by in the module (:data:`DB_NAMES` and every name
    bound to a call of :data:`HANDLE_MAKERS`), and the local names of the transaction
    helpers it imports (``import write_tx as wt`` makes ``wt`` one)."""
    handles, aliases = set(DB_NAMES), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and _called(node.value) in HANDLE_MAKERS:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            handles |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            handles |= {item.optional_vars.id for item in node.items
                        if isinstance(item.optional_vars, ast.Name) and _called(item.context_expr) in HANDLE_MAKERS}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            aliases |= {alias.asname for alias in node.names
                        if alias.asname and alias.name.split(".")[-1] in TRANSACTION_NAMES}
    return handles, aliases


def sql_sites(source: str, name: str = "<source>") -> list[str]:
    """Every place in ``source`` (a module's text) that runs SQL or opens a transaction
    itself, as ``"name:line what"``; [] for a thin module.

    >>> sql_sites("rows = db.execute('SELECT 1 FROM nights')")
    ['<source>:1 .execute()', "<source>:1 SQL 'SELECT 1 FROM nights'"]
    >>> sql_sites("view = store.hand.table_view.table_view(db, 1)")
    []
    """
    tree = ast.parse(source)
    handles, aliases = _handles_and_aliases(tree)
    transaction_names = TRANSACTION_NAMES | aliases
    sites = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in DB_METHODS:
            receiver = node.func.value
            if not (isinstance(receiver, ast.Call) and getattr(receiver.func, "id", None) == "super"):
                sites.append(f"{name}:{line} .{node.func.attr}()")
        elif isinstance(node, ast.Name) and node.id in transaction_names:
            sites.append(f"{name}:{line} {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in TRANSACTION_NAMES | {"conn"}:
            sites.append(f"{name}:{line} .{node.attr}")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [alias.name for alias in node.names] + ([node.module] if getattr(node, "module", None) else [])
            imported = {alias.name.split(".")[-1] for alias in node.names}
            if any(m == "sqlite3" or m.startswith("sqlite3.") for m in modules) or imported & TRANSACTION_NAMES:
                sites.append(f"{name}:{line} import {', '.join(modules)}")
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in handles:
            sites.append(f"{name}:{line} {node.value.id}[...]")
        elif isinstance(node, ast.Subscript) and _called(node.value) in HANDLE_MAKERS:
            sites.append(f"{name}:{line} {_called(node.value)}()[...]")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL_TEXT.search(node.value):
            sites.append(f"{name}:{line} SQL {node.value[:40]!r}")
    return sorted(set(sites), key=lambda s: (int(s.split(":")[1].split()[0]), s))


def web_sql_sites() -> list[str]:
    """:func:`sql_sites` of every module of ``web/`` but :data:`ALLOWED`."""
    out = []
    for path in sorted(WEB.rglob("*.py")):
        relative = path.relative_to(WEB).as_posix()
        if relative not in ALLOWED:
            out += sql_sites(path.read_text(encoding="utf-8"), "web/" + relative)
    return out


def test_no_web_module_runs_sql_or_opens_a_transaction():
    sites = web_sql_sites()
    assert sites == [], "SQL or a transaction in web/ (move it into the feature's store/ folder):\n" + "\n".join(sites)


PLANTED = {
    "row = db.execute('SELECT night_id FROM ledger WHERE id = ?', [1]).fetchone()": [".execute()", "SQL"],
    "with read_tx(db):\n    data = club_standings(db)": ["read_tx"],
    "from store.core.transactions import read_tx": ["import read_tx, store.core.transactions"],
    "import sqlite3": ["import sqlite3"],
    "try:\n    pass\nexcept sqlite3.OperationalError:\n    pass": ["sqlite3"],
    "names = [r for r in db.query('select 1')]": [".query()"],
    "db.executemany(sql, rows)": [".executemany()"],
    "rows = db['nights'].rows_where('id = ?', [1])": [".rows_where()", "db[...]"],
    "with db.atomic():\n    pass": [".atomic()"],
    "db.conn.execute('BEGIN IMMEDIATE')": [".execute()", ".conn", "SQL"],
    "sql = 'BEGIN'": ["SQL"],
    "with store.core.transactions.write_tx(db):\n    pass": ["write_tx"],
    # a fresh tester's findings: sqlite-utils writes through the request's handle, and a
    # transaction helper imported under another name
    "get_db()['ledger'].insert({'night_id': 1, 'chips': 5})": ["get_db()[...]"],
    "h = get_db()\nh['nights'].update(1, {'closed': 1})": ["h[...]"],
    "get_db()['hands'].delete(3)": ["get_db()[...]"],
    "handle: Database = open_db(path)\nhandle['expenses'].get(1)": ["handle[...]"],
    "from store.core.transactions import write_tx as wt\nwith wt(db):\n    pass":
        ["import write_tx", "wt"],
}
"""Violations planted in a module's text -> what :func:`sql_sites` must name (each a part
of one site)."""


def test_the_scanner_finds_every_planted_violation():
    for source, expected in PLANTED.items():
        sites = sql_sites(source)
        for what in expected:
            assert any(what in site for site in sites), (source, what, sites)


def test_the_scanner_lets_a_thin_module_pass():
    """What thin views do is not SQL: a store call, ``dict.update``, ``super().execute()`` of
    a server's task, words with "select" or "update" in them."""
    thin = '''
import store
from store.hand import table_view
from web.core.db import get_db

def page(night_id):
    view = table_view.table_view(get_db(), night_id)
    view.update({"said": "Select the cards, then update the table"})
    return view

class Task:
    def execute(self):
        super().execute()
'''
    assert sql_sites(thin) == []
