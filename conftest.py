"""Root pytest configuration: no doctest collection of the modules mypyc compiled.

``--doctest-modules`` (pyproject) imports ``referee/<name>.py`` as ``referee.<name>``; when that
module is a compiled extension (see setup.py) its ``__file__`` is the ``.so`` and pytest raises
ImportPathMismatchError. Their doctests run from the pure-Python source in
``tests/test_compiled.py`` instead. The fixtures live in ``tests/conftest.py``.
"""

import importlib
import tomllib
from pathlib import Path

with open(Path(__file__).with_name("pyproject.toml"), "rb") as _f:
    COMPILED = tuple(Path(p).stem for p in tomllib.load(_f)["tool"]["tapete"]["compiled"])
"""The ``referee`` modules setup.py compiles with mypyc (pyproject ``[tool.tapete]``)."""


def compiled_modules() -> list[str]:
    """The names in ``COMPILED`` that are imported as extension modules, not as ``.py``."""
    return [name for name in COMPILED
            if not importlib.import_module(f"referee.{name}").__file__.endswith(".py")]


collect_ignore = [f"referee/{name}.py" for name in compiled_modules()]
