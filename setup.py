"""Compiles the replay's hot path with mypyc (everything else is in ``pyproject.toml``).

The modules listed in ``pyproject.toml`` ``[tool.tapete] compiled`` stay the source of truth:
mypyc turns each into a C extension module of the same name, plus one shared library
(``<hash>__mypyc``, at the top level). ``pip install -e .`` builds them and copies them in
place, beside the sources, so after editing one of them run ``bash scripts/setup`` again.
Pure Python instead (with a one-line warning) when mypyc is missing, when
``TAPETE_PURE_PYTHON=1``, or when mypyc or the C compiler fails; extensions left by an earlier
build are then removed, so they cannot shadow the sources.
"""

import os
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
with open(ROOT / "pyproject.toml", "rb") as f:
    COMPILED = tomllib.load(f)["tool"]["tapete"]["compiled"]


def _pure_python(reason: str | None) -> None:
    """Remove in-place extensions of an earlier build; warn with ``reason`` if given."""
    built = [ROOT / f"{source[:-3]}{suffix}" for source in COMPILED for suffix in EXTENSION_SUFFIXES]
    built += [path for suffix in EXTENSION_SUFFIXES for path in ROOT.glob(f"*__mypyc{suffix}")]
    for path in built:
        path.unlink(missing_ok=True)
    if reason:
        print(f"tapete: {reason}; installing pure Python", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """``build_ext`` whose failure (no C compiler, ...) leaves a pure-Python install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, DistutilsExecError, ...
            detail = f"{type(error).__name__}: {str(error)[:120]}"
            _pure_python(f"compiling {', '.join(COMPILED)} failed ({detail})")
            return
        # mypyc's shared library is named by a hash of the modules compiled: drop those of
        # earlier builds with another list (nothing imports them any more)
        built = {Path(path).name for path in self.get_outputs()}
        for suffix in EXTENSION_SUFFIXES:
            for path in ROOT.glob(f"*__mypyc{suffix}"):
                if path.name not in built:
                    path.unlink(missing_ok=True)

    def get_outputs(self) -> list[str]:
        return [path for path in super().get_outputs() if os.path.exists(path)]


def ext_modules() -> list:
    if os.environ.get("TAPETE_PURE_PYTHON") == "1":
        _pure_python(None)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _pure_python("mypyc is not installed")
        return []
    try:
        return mypycify(["--follow-imports=silent", *COMPILED], opt_level="3")
    except (Exception, SystemExit) as error:  # a mypy type error exits
        _pure_python(f"mypyc could not translate {', '.join(COMPILED)} ({error!r})")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
