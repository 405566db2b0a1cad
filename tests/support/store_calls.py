"""Which store functions each view of ``web/`` calls, read from the source with ``ast``
(issue 23: a view parses the request, calls one store function and renders).

A *view* is a module-level function of a ``web/`` module that is a route: decorated
``<blueprint>.get/post/put/patch/delete/route(...)``, or registered with
``<blueprint>.add_url_rule(rule, endpoint, view_func)``. Its *store calls* are the calls in
its body (nested functions and lambdas included) whose callee is bound to ``store``: a name
imported from ``store...`` or an attribute of an imported ``store`` module
(``store.get_night``, ``store_payments.mark_paid``); and, followed through, the store calls
of the ``web/`` functions it calls (a helper of its own module, another view it answers
with, a helper imported from another ``web/`` module), each counted where it is called.
They are counted along the code's paths (:meth:`Scan.store_calls`): what one request can
run at most. Calls into :data:`PURE` (values, refusals, formatting: no database) and into
:data:`NOT_FOLLOWED` are not counted.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass, field
from pathlib import Path

from paths import ROOT

ROUTE_METHODS = frozenset({"get", "post", "put", "patch", "delete", "route"})
"""The blueprint decorators that make a function a route."""

PURE = frozenset({
    "store.core.checks.StoreError",          # a refusal's constructor (code and params)
    "store.core.transactions.Busy",           # the locked database's exception
    "store.core.transactions.DiskFull",       # the full database's exception
    "store.hand.operations.Tap",              # a tap's value (a dataclass)
    "store.core.times.local_time",          # an ISO UTC string in the club's zone (formatting)
    "store.core.times.zone",                # an IANA name's ZoneInfo, or the refusal unknown_timezone
    "store.night.nights.start_in_bounds",     # a night's start within the bounds (a pure check on the clock)
    "store.core.transactions.clock",          # the current time (UTC)
    "store.core.checks.bad_characters",       # the characters a person's text may not hold
    "store.core.checks.looks_blank",          # whether a text shows nothing
    "store.hand.replayer.parsed_line",        # a log line as the referee reads it
    "store.core.reasons.void_reason",         # a stored void reason as a code and params
    "store.dispute.step_edits.seat_options",  # what a seat may do, read from a step's state (a dict): no database
    "store.dispute.step_edits.old_action",    # a step's line as the referee reads it (a value): no database
    "store.files.exporter.csv_text",          # rows as CSV text (formatting)
    "store.files.upload.read_upload",         # an uploaded file's text read as a session (a value)
})
"""Store helpers that touch no database (by where they are defined, however imported):
constructors of refusals and values, and formatting. A view calls them as often as it likes."""

NOT_FOLLOWED = frozenset({
    "web.core.db.get_db",                     # the request's pooled handle (opened once a request)
    "web.account.views.current_account",      # the host session, read by host_required before the view
})
"""Web helpers whose store calls are plumbing or the access check, not the view's work:
``get_db`` gives the request's one pooled handle; ``current_account`` is read by the
decorator (``host_required``) before the view runs and kept in ``flask.g`` for the
request, so the view's call (through ``current_actor``) reads nothing."""


@dataclass
class Module:
    """One parsed ``web/`` module: its dotted ``name``, the names it binds to ``store`` or
    ``web`` modules and functions (``bindings``: local name -> dotted target), its
    module-level functions and its routes (function names)."""

    name: str
    tree: ast.Module
    bindings: dict[str, str] = field(default_factory=dict)
    functions: dict[str, ast.FunctionDef] = field(default_factory=dict)
    routes: list[str] = field(default_factory=list)


def parse_module(source: str, name: str) -> Module:
    """A :class:`Module` of ``source`` (a module's text) named ``name`` (``web.night.views``)."""
    module = Module(name, ast.parse(source))
    for node in module.tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ("store", "web"):
                    local = alias.asname or alias.name.split(".")[0]
                    module.bindings[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] in ("store", "web"):
            for alias in node.names:
                module.bindings[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.FunctionDef):
            module.functions[node.name] = node
            if any(_is_route_decorator(d) for d in node.decorator_list):
                module.routes.append(node.name)
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_url_rule":
            view = node.args[2] if len(node.args) > 2 else next(
                (k.value for k in node.keywords if k.arg == "view_func"), None)
            if isinstance(view, ast.Name) and view.id in module.functions and view.id not in module.routes:
                module.routes.append(view.id)
    return module


def _is_route_decorator(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ROUTE_METHODS


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything else (a call's result, a subscript)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id] + parts[::-1]


def callee(module: Module, call: ast.Call) -> str | None:
    """The dotted name a call in ``module`` reaches when it is a store or web target
    (``store.get_night``, ``store.money.payments.mark_paid``, ``web.night.views.night``),
    else None (a builtin, Flask, a method of a value)."""
    parts = _dotted(call.func)
    if parts is None:
        return None
    if len(parts) == 1 and parts[0] in module.functions:
        return f"{module.name}.{parts[0]}"
    if parts[0] not in module.bindings:
        return None
    return ".".join([module.bindings[parts[0]]] + parts[1:])


def defined_name(dotted: str) -> str:
    """Where a store name is defined (``store.StoreError`` -> ``store.core.checks.StoreError``),
    by importing it; the name itself when it does not import."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                value = getattr(value, attr)
        except AttributeError:
            return dotted
        owner, name = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        return f"{owner}.{name}" if owner and name else dotted
    return dotted


class Scan:
    """The views of a set of modules and their store calls (:meth:`store_calls`)."""

    def __init__(self, modules: dict[str, Module]):
        self.modules = modules

    @classmethod
    def of_tree(cls, root: Path = ROOT) -> "Scan":
        """Every module under ``root / "web"``."""
        modules = {}
        for path in sorted((root / "web").rglob("*.py")):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            modules[name] = parse_module(path.read_text(encoding="utf-8"), name)
        return cls(modules)

    def _function(self, dotted: str) -> tuple[Module, ast.FunctionDef] | None:
        owner, _, name = dotted.rpartition(".")
        module = self.modules.get(owner)
        if module is None or name not in module.functions:
            return None
        return module, module.functions[name]

    def store_calls(self, dotted: str, seen: tuple[str, ...] = ()) -> list[str]:
        """The store calls one request through the web function ``dotted``
        (``web.night.views.seat``) can make at most, as the defined names of their callees
        (a helper's counted where it is called); [] for an unknown function.

        Read along the code's paths: the two sides of an ``if`` (or of ``a if c else b``)
        are never both run, so the side with more calls counts; an ``except`` handler runs
        after its ``try`` body may have called, so the worst handler adds to the body; a
        call in a loop's body (or in a comprehension) counts twice (it may run again). A
        nested function or lambda counts where it is written, once. A function already on
        the path (recursion) adds nothing."""
        found = self._function(dotted)
        if found is None or dotted in seen or dotted in NOT_FOLLOWED:
            return []
        module, function = found
        return self._block(module, function.body, seen + (dotted,))

    def _block(self, module: Module, statements: list, seen: tuple[str, ...]) -> list[str]:
        calls: list[str] = []
        for statement in statements:
            calls += self._node(module, statement, seen)
        return calls

    def _node(self, module: Module, node: ast.AST, seen: tuple[str, ...]) -> list[str]:
        if isinstance(node, ast.If):
            return self._node(module, node.test, seen) + max(
                self._block(module, node.body, seen), self._block(module, node.orelse, seen), key=len)
        if isinstance(node, ast.IfExp):
            return self._node(module, node.test, seen) + max(
                self._node(module, node.body, seen), self._node(module, node.orelse, seen), key=len)
        if isinstance(node, ast.Try):
            handlers = [self._block(module, h.body, seen) for h in node.handlers] or [[]]
            return (self._block(module, node.body, seen) + max(handlers, key=len)
                    + self._block(module, node.orelse, seen) + self._block(module, node.finalbody, seen))
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            head = self._node(module, node.iter if isinstance(node, (ast.For, ast.AsyncFor)) else node.test, seen)
            body = self._block(module, node.body, seen)
            return head + body * 2 + self._block(module, node.orelse, seen)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            inner = [self._node(module, child, seen) for child in ast.iter_child_nodes(node)]
            return [call for calls in inner for call in calls] * 2
        calls = []
        for child in ast.iter_child_nodes(node):
            calls += self._node(module, child, seen)
        if isinstance(node, ast.Call):
            calls += self._call(module, node, seen)
        return calls

    def _call(self, module: Module, node: ast.Call, seen: tuple[str, ...]) -> list[str]:
        target = callee(module, node)
        if target is None:
            return []
        if target == "store" or target.startswith("store."):
            name = defined_name(target)
            return [] if name in PURE else [name]
        if target.startswith("web."):
            return self.store_calls(target, seen)
        return []

    def views(self) -> dict[str, list[str]]:
        """Every view (``web.night.views.seat``) -> its store calls."""
        return {f"{m.name}.{route}": self.store_calls(f"{m.name}.{route}")
                for m in self.modules.values() for route in m.routes}
