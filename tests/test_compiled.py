"""The replay's hot path compiled by mypyc (setup.py): present under CI, not stale, and its
pure-Python source still right (its doctests, which pytest cannot collect from a compiled
module: see the root ``conftest.py``)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import io
import os
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
with open(ROOT / "pyproject.toml", "rb") as _f:
    COMPILED = tuple(Path(p).stem for p in tomllib.load(_f)["tool"]["tapete"]["compiled"])
"""The ``referee`` modules setup.py compiles (pyproject ``[tool.tapete] compiled``)."""
WITH_DOCTESTS = tuple(name for name in COMPILED
                      if ">>> " in (ROOT / "referee" / f"{name}.py").read_text(encoding="utf-8"))


def _module(name: str):
    return importlib.import_module(f"referee.{name}")


def _is_compiled(module) -> bool:
    return any(module.__file__.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def _why_not_compiled() -> str:
    if os.environ.get("TAPETE_PURE_PYTHON") == "1":
        return "TAPETE_PURE_PYTHON=1 is set (a pure-Python install)"
    return ("mypyc or the C compiler failed at install, or the install is older than setup.py; "
            "run `bash scripts/setup` and see `.venv/bin/pip install -v -e .`")


@pytest.mark.parametrize("name", COMPILED)
def test_compiled_under_ci(name):
    """Under CI (``CI`` set) each module must be the mypyc-built extension, not the .py."""
    module = _module(name)
    if _is_compiled(module):
        return
    if not os.environ.get("CI"):
        pytest.skip(f"referee.{name} is pure Python ({module.__file__}): {_why_not_compiled()}")
    pytest.fail(f"referee.{name} is not compiled: it was imported from {module.__file__}, "
                f"not a {EXTENSION_SUFFIXES[0]} extension, because {_why_not_compiled()}")


@pytest.mark.parametrize("name", COMPILED)
def test_compiled_not_older_than_source(name):
    """A compiled module (its extension and mypyc's shared library) is newer than its .py."""
    module = _module(name)
    if not _is_compiled(module):
        pytest.skip(f"referee.{name} is pure Python ({module.__file__}): nothing can be stale")
    source = ROOT / "referee" / f"{name}.py"
    built = [Path(module.__file__)] + [Path(shared.__file__) for key, shared in sys.modules.items()
                                       if key.endswith("__mypyc") and getattr(shared, "__file__", None)]
    for path in built:
        assert path.stat().st_mtime >= source.stat().st_mtime, (
            f"{path.name} is older than referee/{name}.py, so the tests would run old code: "
            "re-run bash scripts/setup")


def test_the_compiled_modules_with_doctests_are_found():
    assert {"fastpath", "turns", "pots", "check"} <= set(WITH_DOCTESTS)


@pytest.mark.parametrize("name", WITH_DOCTESTS)
def test_pure_source_doctests(name):
    """``referee/<name>.py`` imported from its file (as ``referee._pure_<name>``) passes its doctests."""
    path = ROOT / "referee" / f"{name}.py"
    pure_name = f"referee._pure_{name}"
    spec = importlib.util.spec_from_file_location(pure_name, path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "referee"  # its relative imports resolve in the (installed) package
    sys.modules[pure_name] = module  # dataclasses look their module up while it executes
    try:
        spec.loader.exec_module(module)
        assert module.__file__ == str(path)
        for value in vars(module).values():  # its exceptions print as in the docs
            if isinstance(value, type) and value.__module__ == pure_name:
                value.__module__ = f"referee.{name}"
        out = io.StringIO()
        runner = doctest.DocTestRunner(verbose=False)
        for test in doctest.DocTestFinder().find(module, pure_name):
            runner.run(test, out=out.write)
        results = runner.summarize(verbose=False)
    finally:
        del sys.modules[pure_name]
    assert results.attempted > 0, f"referee/{name}.py has no doctests to run"
    assert results.failed == 0, f"doctests of referee/{name}.py (pure Python) failed:\n{out.getvalue()}"
