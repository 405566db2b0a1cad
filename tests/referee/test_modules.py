"""The referee's module layout (DEVELOPERS.md "Small modules with one job each"): no import
circle, the state machine's modules import at the top and only downwards (the driver above
the concerns, the concerns above the state), every module says its job, every function of
the state machine and of PHH fits on a screen; each HandState field is changed only by the
module that owns it (``referee.state.WRITERS``), and a hand's phase is never a bare string."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import referee
import referee.phh
import referee.phh_read
import referee.phh_write
from referee.replay import HandReplay
from referee.state import SET_AT_START, WRITERS, HandState

PACKAGE = Path(referee.__file__).resolve().parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))

CONCERNS = ["rounds", "forced", "betting", "opening", "deck", "draw", "showdown", "outcome", "irregular"]
"""The hand state machine's concerns, each a module of functions over one HandState."""
RECORDS = ["betround"]
"""Modules below the concerns that own a part of the HandState (the betting round's record)."""
STATE_MACHINE = ["log", "state", *RECORDS, *CONCERNS, "replay", "trace", "table", "findings"]
PHH = ["phh", "phh_format", "phh_read", "phh_write", "check"]
MAX_LINES = 50
"""The most lines of code (docstring aside) a function of those modules may have."""


def _tree(module: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))


def _imported(node: ast.AST) -> set[str]:
    """The referee modules an import node names."""
    if isinstance(node, ast.ImportFrom):
        if node.level == 1:
            if node.module:
                return {node.module.split(".")[0]}
            return {alias.name for alias in node.names}
        if node.module and node.module.startswith("referee."):
            return {node.module.split(".")[1]}
        if node.module == "referee":
            return {alias.name for alias in node.names if alias.name in MODULES}
    if isinstance(node, ast.Import):
        return {a.name.split(".")[1] for a in node.names if a.name.startswith("referee.")}
    return set()


def _graph() -> dict[str, set[str]]:
    graph = {}
    for module in MODULES:
        found: set[str] = set()
        for node in ast.walk(_tree(module)):
            found |= _imported(node)
        graph[module] = {m for m in found if m in MODULES and m != module}
    return graph


def test_no_import_circle_in_the_referee():
    graph = _graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            pytest.fail("import circle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        for other in sorted(graph[module]):
            visit(other, path + [module])
        done.add(module)

    for module in MODULES:
        visit(module, [])
    assert "check" in graph["phh_write"] and "phh_read" in graph["check"]
    assert "check" not in graph["phh_read"]


@pytest.mark.parametrize("module", STATE_MACHINE + PHH)
def test_imports_are_at_the_top_of_the_module(module):
    tree = _tree(module)
    nested = [node.lineno for top in tree.body if not isinstance(top, (ast.Import, ast.ImportFrom))
              for node in ast.walk(top) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert nested == [], f"{module}.py imports inside a function at lines {nested}"


def test_the_concerns_import_only_downwards():
    graph = _graph()
    above = {"replay", "trace", "table", "check", "session", "phh", "phh_read", "phh_write"}
    for module in CONCERNS:
        assert not graph[module] & above, module
        assert "state" in graph[module], module
    assert graph["state"] & set(CONCERNS) == set()
    assert set(CONCERNS) <= graph["replay"]  # the driver hands each line to its concern


def test_the_records_sit_below_the_concerns():
    graph = _graph()
    for module in RECORDS:
        assert "state" in graph[module], module
        assert not graph[module] & (set(CONCERNS) | {"replay", "trace", "table"}), module
    assert "betround" in graph["betting"] and "betround" in graph["rounds"]


@pytest.mark.parametrize("module", MODULES)
def test_every_module_says_its_job(module):
    doc = ast.get_docstring(_tree(module))
    assert doc and len(doc.split()) >= 8, f"{module}.py has no module docstring"


def _code_lines(fn: ast.FunctionDef) -> int:
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None),
                                                             ast.Constant):
        body = body[1:]  # the docstring
    if not body:
        return 0
    return body[-1].end_lineno - body[0].lineno + 1


@pytest.mark.parametrize("module", STATE_MACHINE + PHH)
def test_every_function_fits_on_a_screen(module):
    long = {node.name: _code_lines(node) for node in ast.walk(_tree(module))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and _code_lines(node) > MAX_LINES}
    assert long == {}, f"{module}.py: functions over {MAX_LINES} lines of code: {long}"


def test_the_driver_keeps_its_public_face():
    public = {name for name in vars(HandReplay) if not name.startswith("_")}
    assert {"run", "step", "due", "legal", "pot_total", "finish"} <= public
    assert public - {"run", "step", "due", "legal", "pot_total", "finish"} <= {
        "start", "actions", "state"}


def test_phh_reexports_the_reader_and_the_writer():
    assert referee.phh.load_phh is referee.phh_read.load_phh
    assert referee.phh.load_phh_all is referee.phh_read.load_phh_all
    assert referee.phh.dump_phh is referee.phh_write.dump_phh
    assert referee.phh.export_main is referee.phh_write.export_main
    assert referee.phh.PHHError is referee.phh_read.PHHError is referee.phh_write.PHHError


# ------------------------------------------------------------------ the hand's phases
def _is_phase(node: ast.AST) -> bool:
    """An expression that reads a hand's phase: ``x.phase``, a name ``phase`` or
    ``x["phase"]``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "phase"
    if isinstance(node, ast.Name):
        return node.id == "phase"
    return (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and node.slice.value == "phase")


def _strings(node: ast.AST, constants: dict[str, ast.AST]) -> list[str]:
    """The string literals an operand stands for: itself, the items of a tuple, list or set
    written out (or wrapped in ``frozenset(...)``/``set(...)``), or of a module constant
    bound to one of those."""
    if isinstance(node, ast.Name) and node.id in constants:
        node = constants[node.id]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("frozenset", "set", "tuple") and node.args):
        node = node.args[0]
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _bare_phases(tree: ast.Module) -> list[tuple[int, str]]:
    """``(line, text)`` of each comparison of a phase with a string literal, and each
    phase set to one."""
    constants = {t.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_is_phase, operands)) and any(
                    _strings(o, constants) for o in operands if not _is_phase(o)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Assign):
            pairs = [(t, node.value) for t in node.targets]
            pairs += [pair for t in node.targets if isinstance(t, ast.Tuple)
                      and isinstance(node.value, ast.Tuple) for pair in zip(t.elts, node.value.elts)]
            if any(_is_phase(t) and isinstance(v, ast.Constant) and isinstance(v.value, str)
                   for t, v in pairs):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_bare_phase_scan_finds_what_it_looks_for():
    tree = ast.parse('BETTING = ("predraw", "postdraw")\n'
                     'if st.phase == "draw" or phase in BETTING or t["phase"] != "x":\n'
                     '    st.phase = "complete"\n'
                     'if st.phase == DRAW and verb == "draw" and phase in BETTING_ROUNDS:\n'
                     '    st.phase, st.outcome = COMPLETE, "carried"\n'
                     'st.phase, st.outcome = "complete", "carried"\n')
    assert [line for line, _ in _bare_phases(tree)] == [2, 2, 2, 3, 6]


@pytest.mark.parametrize("module", MODULES)
def test_phases_are_compared_by_name_not_as_bare_strings(module):
    """A hand's phase is a :class:`referee.state.Phase` (``PREDEAL`` ... ``COMPLETE``): a
    phase spelled as a string literal in the referee would not be caught by a renamed or
    mistyped phase."""
    found = _bare_phases(_tree(module))
    assert found == [], f"{module}.py compares or sets a phase as a bare string: {found}"


# ------------------------------------------------------------------ who writes a field
FIELDS = frozenset(HandState.__slots__)
MUTATORS = frozenset(("add", "append", "clear", "difference_update", "discard", "extend",
                      "insert", "intersection_update", "pop", "popitem", "remove", "reverse",
                      "setdefault", "sort", "symmetric_difference_update", "update"))
"""Methods that change the list, set or dict they are called on."""
CONSTRUCTOR = ("__init__", "_init_")
"""HandState's own methods that set the fields up (``__init__``, ``_init_*``)."""


def _states(fn: ast.FunctionDef, module: str) -> set[str]:
    """The names a function holds a HandState in: a parameter annotated ``HandState``, a
    name bound to ``HandState(...)`` or to ``<something>.state``; ``self`` in
    :mod:`referee.state`."""
    names = {"self"} if module == "state" else set()
    args = fn.args
    for arg in args.posonlyargs + args.args + args.kwonlyargs:
        if arg.annotation is not None and "HandState" in ast.unparse(arg.annotation):
            names.add(arg.arg)
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            value = node.value
            if ((isinstance(value, ast.Attribute) and value.attr == "state")
                    or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                        and value.func.id == "HandState")):
                names.add(node.targets[0].id)
    return names


def _field_read(node: ast.AST, states: set[str]) -> str | None:
    """The field an expression reads or reaches into: ``st.f``, ``st.f[k]``,
    ``st.f.get(k)``, ``st.f.setdefault(k, v)``."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("get", "setdefault")):
            node = node.func.value
        else:
            break
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in states and node.attr in FIELDS):
        return node.attr
    return None


def _written(fn: ast.FunctionDef, module: str) -> set[str]:
    """The HandState fields a function changes: assigned, augmented or deleted
    (``st.f = ...``, ``st.f[k] += ...``, ``del st.f[k]``), or changed in place by a
    mutating method (``st.f.add(x)``, ``st.f[k].extend(...)``), directly or through a
    local name bound to the field or one of its items (``hand = st.hands[seat]``;
    ``hand.remove(c)``). A field handed to another function is that function's write."""
    states = _states(fn, module)
    if not states:
        return set()
    aliases: dict[str, str] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = [(target, node.value)]
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs = list(zip(target.elts, node.value.elts))
                for name, value in pairs:
                    field = _field_read(value, states)
                    if isinstance(name, ast.Name) and field:
                        aliases[name.id] = field

    def reached(node: ast.AST, rebinding: bool) -> str | None:
        # (rebinding a bare alias name is no write; through it, into the field, is)
        while isinstance(node, ast.Subscript):
            node, rebinding = node.value, False
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "setdefault"):
            return reached(node.func.value, False)
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in states and node.attr in FIELDS):
            return node.attr
        if isinstance(node, ast.Name) and not rebinding:
            return aliases.get(node.id)
        return None

    written = set()
    for node in ast.walk(fn):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                field = reached(t, True)
                if field:
                    written.add(field)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS):
            field = reached(node.func.value, False)
            if field:
                written.add(field)
    return written


def _writers(module: str, tree: ast.Module) -> dict[str, set[int]]:
    """Field -> the lines of the functions of ``module`` that change it (HandState's
    constructor aside)."""
    found: dict[str, set[int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if module == "state" and node.name.startswith(CONSTRUCTOR):
                continue
            for field in _written(node, module):
                found.setdefault(field, set()).add(node.lineno)
    return found


def test_the_writer_scan_finds_what_it_looks_for():
    source = ('def f(st: HandState, seat: int) -> None:\n'
              '    st.high = 1\n'
              '    st.bets[seat] += 2\n'
              '    st.folded.add(seat)\n'
              '    st.discards.setdefault(seat, []).extend(["Ah"])\n'
              '    hand, seen = st.hands[seat], st.seen\n'
              '    hand.remove("Ah")\n'
              '    seen["Ah"] = seat\n'
              '    st.phase, st.outcome = COMPLETE, "carried"\n'
              '    del st.acted[seat]\n'
              '    drew = st.drew\n'
              '    drew = set()\n'
              '    if seat in st.mucked and st.stacks.get(seat) and st.order[0]:\n'
              '        return\n'
              'def g(replay, other):\n'
              '    st = replay.state\n'
              '    st.cursor = 0\n'
              '    other.high = 0\n')
    found = _writers("somewhere", ast.parse(source))
    assert set(found) == {"high", "bets", "folded", "discards", "hands", "seen", "phase",
                          "outcome", "acted", "cursor"}


def test_writers_declare_every_field_once():
    declared = [f for fields in WRITERS.values() for f in fields]
    assert len(declared) == len(set(declared)), "a field under two writers: say why"
    assert set(declared) | set(SET_AT_START) == FIELDS
    assert not set(declared) & set(SET_AT_START)
    assert set(WRITERS) <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_each_field_is_changed_only_by_its_declared_writer(module):
    """Each HandState field has one writer module (:data:`referee.state.WRITERS`): the
    concern that owns the fact changes it through its own functions, the others read it.
    A field the constructor sets (:data:`referee.state.SET_AT_START`) is never changed."""
    owners = {f: {m for m, fields in WRITERS.items() if f in fields} for f in FIELDS}
    stray = {f: sorted(lines) for f, lines in _writers(module, _tree(module)).items()
             if module not in owners[f]}
    assert stray == {}, (f"{module}.py changes HandState fields it does not own (field: "
                         f"lines of the functions): {stray}; owners: "
                         f"{ {f: sorted(owners[f]) for f in stray} }")
