"""The referee's catalogue (``referee.words``) as the tests read it: its ``.po`` files
(``referee/locale/<lang>/LC_MESSAGES/referee.po``) and what ``pybabel extract`` finds with
the keywords ``referee/babel.cfg`` gives (its first command line, the one a developer runs).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from paths import ROOT

from referee.words import Message

REFEREE = ROOT / "referee"
CONFIG = REFEREE / "babel.cfg"
SEEDS_CONTEXT = "seed "
"""The context of a seed's own words (``seed 000``, ``seed 000 title``): Spanish msgids."""


def po_path(lang: str) -> Path:
    return REFEREE / "locale" / lang / "LC_MESSAGES" / "referee.po"


def catalogue(lang: str) -> Catalog:
    """The ``.po`` of ``lang`` as Babel reads it."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def said_messages(saids: Iterable) -> list[str | Message]:
    """The messages of cases said with one message or alternatives (``referee.words.Said``)."""
    out: list[str | Message] = []
    for said in saids:
        out += list(said) if isinstance(said, tuple) else [said]
    return out


def extract_command() -> list[str]:
    """The ``pybabel extract`` command of ``referee/babel.cfg``'s header, as words."""
    line = next(line for line in CONFIG.read_text().splitlines() if "pybabel extract" in line)
    return shlex.split(line.lstrip("# "))


def keywords() -> dict[str, object]:
    """The ``-k`` keywords of the extract command, as Babel's ``extract`` takes them
    (``Np_:1c,2`` -> ``{"Np_": ((1, "c"), 2)}``; a bare name: None)."""
    words = extract_command()
    out: dict[str, object] = {}
    for flag, value in zip(words, words[1:]):
        if flag != "-k":
            continue
        name, _, spec = value.partition(":")
        if not spec:
            out[name] = None
            continue
        parts: list[object] = []
        for item in spec.split(","):
            parts.append((int(item[:-1]), "c") if item.endswith("c") else int(item))
        out[name] = tuple(parts)
    return out


def extracted() -> set[tuple[str | None, str | tuple[str, str]]]:
    """(context, msgid) of every message ``pybabel extract`` finds in ``referee/`` (a
    plural's msgid is its (singular, plural))."""
    method_map = [(pattern.strip(), method.strip()) for method, pattern in
                  (line.strip("[]").split(":", 1) for line in CONFIG.read_text().splitlines()
                   if line.startswith("[") and ":" in line)]
    found = set()
    for _, _, message, _, context in extract_from_dir(str(REFEREE), method_map, keywords=keywords()):
        found.add((context, tuple(message) if isinstance(message, (tuple, list)) else message))
    return found
