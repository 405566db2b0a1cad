"""The scans behind the one word system's guards: every refusal raised in ``store/`` and ``web/``
is a code (no words), no module outside the catalogues holds a table of sentences, the command
line says nothing that is not the catalogue's, and the store builds no sentence for a person.
"""

from __future__ import annotations

import ast
import re
from functools import cache

from paths import ROOT

SCANNED = ("store", "web")


CODE = re.compile(r"[a-z][a-z0-9_]*")
"""What a refusal code looks like: ``seat_taken``, ``backup_schema``."""


FOREIGN = {"RulesError", "SessionError", "ActionError", "CardError", "SettleError", "PHHError",
           "NotPHHError", "VariantError", "StoreError", "BackupError", "KeyFileError"}
"""Exceptions whose English words must never be passed on as a refusal's param (the
referee's, and another refusal's)."""


_WORD = re.compile(r"[^\W\d_]+[,.:;!?]?")


def sentence(text: object) -> bool:
    """Whether ``text`` reads as words for a person: a string of three words or more, most
    of them letters only (not SQL, not a path, not a code)."""
    if not isinstance(text, str):
        return False
    words = text.split()
    if len(words) < 3 or re.search(r"\b(SELECT|FROM|WHERE|INSERT|UPDATE|CREATE)\b", text):
        return False
    return sum(1 for w in words if _WORD.fullmatch(w)) / len(words) >= 0.6


def refusal_classes(trees: dict[str, ast.Module]) -> set[str]:
    """``StoreError`` and every class of the scanned modules that derives from it."""
    names = {"StoreError"}
    grown = True
    while grown:
        grown = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        (getattr(b, "id", None) or getattr(b, "attr", None)) in names for b in node.bases):
                    names.add(node.name)
                    grown = True
    return names


def _called(node: ast.Call) -> str | None:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def _caught(tree: ast.Module) -> dict[ast.AST, set[str]]:
    """Each node inside an ``except ... as NAME`` block -> the exception names caught there
    as NAME (``{"NAME:Type", ...}``, innermost handlers included)."""
    inside: dict[ast.AST, set[str]] = {}

    def walk(node: ast.AST, held: frozenset[str]) -> None:
        if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            held = held | {f"{node.name}:{getattr(t, 'id', None) or getattr(t, 'attr', '')}" for t in types}
        inside[node] = set(held)
        for child in ast.iter_child_nodes(node):
            walk(child, held)

    walk(tree, frozenset())
    return inside


def _foreign_words(call: ast.Call, caught: set[str]) -> bool:
    """``str(NAME)`` where NAME is an exception of :data:`FOREIGN` caught around ``call``."""
    return (_called(call) == "str" and len(call.args) == 1 and isinstance(call.args[0], ast.Name)
            and any(f"{call.args[0].id}:{name}" in caught for name in FOREIGN))


def english_at_raise_sites(trees: dict[str, ast.Module]) -> list[str]:
    """Every refusal built with words: a first argument that is not a code (a sentence, an
    f-string, ``str(exc)``, a constant holding a message ...) or more than one positional
    argument; a param that is an f-string, a sentence, words joined with ``+``, or the
    English text of the referee's or another refusal's exception (``str(exc)``).
    ``"path:line: source"`` each."""
    classes = refusal_classes(trees)
    found = []
    for name, tree in trees.items():
        caught = _caught(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _called(node) in classes):
                continue
            first = node.args[0] if node.args else None
            code_ok = (isinstance(first, ast.Constant) and isinstance(first.value, str)
                       and CODE.fullmatch(first.value)) or (isinstance(first, ast.Attribute) and first.attr == "code")
            words = [k for k in node.keywords if isinstance(k.value, ast.JoinedStr) or sentence(
                getattr(k.value, "value", None)) or (isinstance(k.value, ast.BinOp) and any(
                    isinstance(side, ast.JoinedStr) or isinstance(getattr(side, "value", None), str)
                    for side in (k.value.left, k.value.right)))
                or (isinstance(k.value, ast.Call) and _foreign_words(k.value, caught[node]))]
            if not code_ok or len(node.args) != 1 or words:
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:100]}")
    return found


def bilingual_tables(trees: dict[str, ast.Module]) -> list[str]:
    """Tables of words kept outside the catalogue: a dict keyed ``"es"`` and ``"en"``, a
    dict whose values are pairs of strings (Spanish, English; not pairs of codes), a dict
    holding two sentences or more, and a pair (tuple or list of two) of sentences.
    ``"path:line"`` each."""
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {getattr(k, "value", None) for k in node.keys}
                pairs = [v for v in node.values if isinstance(v, (ast.Tuple, ast.List)) and len(v.elts) == 2
                         and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in v.elts)
                         and not all(CODE.fullmatch(e.value) for e in v.elts)]
                said = [v for v in node.values if sentence(getattr(v, "value", None))]
                if {"es", "en"} <= keys or pairs or len(said) >= 2:
                    found.append(f"{name}:{node.lineno}")
            elif isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) == 2 and all(
                    sentence(getattr(e, "value", None)) for e in node.elts):
                found.append(f"{name}:{node.lineno}")
    return found


SAYING = {"echo", "secho", "ClickException", "UsageError", "BadParameter", "prompt", "confirm", "fail"}
"""Click's calls whose text a person reads on the command line."""

SAID_KEYWORDS = {"message", "text", "confirmation_prompt"}
"""The keyword arguments of :data:`SAYING` that hold text (``err=``, ``fg=`` ... do not)."""

GETTEXT = {"_", "gettext", "ngettext", "_l", "lazy_gettext", "pgettext", "npgettext"}
"""The catalogue's calls: their message ids (positional arguments) are the catalogue's words."""

SQL = re.compile(r"\b(SELECT|FROM|WHERE|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|JOIN|VALUES|ORDER BY)\b")

_PUNCTUATION = "()[]{}.,:;!?'\"“”«»"


def _words(text: str) -> list[str]:
    """The words of ``text``: tokens of two letters or more once their punctuation is off
    (not ``p3``, ``--player``, ``t.hand_id``, ``/reports/nights/{}``)."""
    tokens = (token.strip(_PUNCTUATION) for token in text.split())
    return [token for token in tokens if len(token) >= 2 and token.isalpha()]


def _built(node: ast.AST) -> str | None:
    """The literal text of an f-string (each placeholder as ``{}``) or of ``"...".format(...)``."""
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)):
        return node.func.value.value
    return None


def _literals(node: ast.AST):
    """``(node, text)`` of every literal text in ``node``'s expression: a string, an
    f-string or a ``.format``, and what their placeholders and arguments hold; never a
    message id given to the catalogue (:data:`GETTEXT`; its params are looked at), nor a
    subscript's key."""
    text = _built(node)
    if text is None and isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    if text is not None:
        yield node, text
        inner = ([v.value for v in node.values if isinstance(v, ast.FormattedValue)] if isinstance(node, ast.JoinedStr)
                 else [*node.args, *(k.value for k in node.keywords)] if isinstance(node, ast.Call) else [])
        for child in inner:
            yield from _literals(child)
        return
    if isinstance(node, ast.Call) and _called(node) in GETTEXT:
        for keyword in node.keywords:
            yield from _literals(keyword.value)
        return
    if isinstance(node, ast.Subscript):  # (a key is not said: t["payer"])
        yield from _literals(node.value)
        return
    for child in ast.iter_child_nodes(node):
        yield from _literals(child)


def cli_words_outside_gettext(trees: dict[str, ast.Module]) -> list[str]:
    """Every line the command line says (Click's :data:`SAYING`: ``echo``, ``ClickException``,
    ``prompt`` ...) with words that are not the catalogue's: a string, an f-string, a
    ``.format`` or a ``%`` of words, or words added to a catalogue sentence. A line of data
    alone (a number, a path, ``f"{payer} -> {payee}: {amount}"``) passes. ``"path:line:
    source"`` each."""
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _called(node) in SAYING):
                continue
            said = [*node.args, *(k.value for k in node.keywords if k.arg in SAID_KEYWORDS)]
            if any(_words(text) for arg in said for _, text in _literals(arg)):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:100]}")
    return found


OLD_TEXT_READERS = {"store/core/reasons.py"}
"""The one reader of the English sentences rows written before the codes hold: its patterns
are the old sentences, read, never said."""


def store_sentences(trees: dict[str, ast.Module]) -> list[str]:
    """Sentences for a person built in the store: an f-string or ``"...".format(...)`` of
    two words or more, or a literal sentence (:func:`sentence`) not given to a call, not SQL, that a function returns or yields (whole or as a part:
    ``return _problem(n, f"link {n} was deleted")``), that is stored in a dict or list
    (``result["problem"] = ...``), or that a dict, list, tuple or set display holds.
    ``"path:line: text"`` each."""
    found = []
    for name, tree in trees.items():
        if name in OLD_TEXT_READERS:
            continue
        given = {arg for call in ast.walk(tree) if isinstance(call, ast.Call) for arg in call.args}
        held: set[ast.AST] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Return, ast.Yield)) and node.value is not None:
                held.update(ast.walk(node.value))
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Subscript) for t in node.targets):
                held.update(ast.walk(node.value))
            elif isinstance(node, ast.Dict):
                held.update(n for value in node.values for n in ast.walk(value))
            elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
                held.update(n for element in node.elts for n in ast.walk(element))
        for node in sorted(held, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
            text = _built(node)
            if text is None and isinstance(node, ast.Constant) and sentence(node.value) and node not in given:
                text = node.value  # a sentence written out whole: {"error": "The night is closed."}
            if text is not None and not SQL.search(text) and len(_words(text)) >= 2:
                found.append(f"{name}:{node.lineno}: {text[:80]!r}")
    return found


def cli_module() -> dict[str, ast.Module]:
    """``web/core/cli.py``, parsed."""
    path = ROOT / "web" / "core" / "cli.py"
    return {str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))}


@cache
def scanned_modules() -> dict[str, ast.Module]:
    """Every module of ``store/`` and ``web/``, parsed once per test process (read-only)."""
    return {str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
            for folder in SCANNED for path in sorted((ROOT / folder).rglob("*.py"))}


def _planted(source: str) -> dict[str, ast.Module]:
    return {"planted.py": ast.parse(source)}


FLASK_SAYING = {"flash": (0,), "abort": (1,), "jsonify": None, "make_response": None, "Response": None}
"""Flask's calls whose text reaches a person -> the positional arguments that hold it (None:
all of them; ``flash``'s category and ``abort``'s status code are not said); their keyword
arguments ``description``, ``message``, ``response`` are said too."""


def web_words_outside_gettext(trees: dict[str, ast.Module]) -> list[str]:
    """Words a view says that are not the catalogue's: a literal (or an f-string or
    ``.format`` of words) given to ``flash`` (one word is enough: "Expense voided."),
    ``abort``'s description, ``jsonify``/``make_response``/``Response``, or returned by a
    function (``return "The night is closed.", 400``; two words or more, so a template's
    name or a code passes). Dict keys are not said. ``"path:line: source"`` each."""
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            said, least = [], 2
            if isinstance(node, ast.Call) and _called(node) in FLASK_SAYING:
                where = FLASK_SAYING[_called(node)]
                said = [a for i, a in enumerate(node.args) if where is None or i in where]
                said += [k.value for k in node.keywords if k.arg in {"description", "message", "response"}]
                least = 1 if _called(node) in {"flash", "abort"} else 2
            elif isinstance(node, ast.Return) and node.value is not None:
                said = [node.value]
            texts = [text for arg in said for literal, text in _literals(_without_keys(arg))]
            if any(len(_words(text)) >= least and not SQL.search(text) for text in texts):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:100]}")
    return found


FORMATTERS = {"format_datetime", "format_date", "format_time", "format_decimal", "format_currency", "strftime"}
"""Calls whose literal argument is a pattern (``'EEE d MMM y, HH:mm'``), not words."""


def _without_keys(node: ast.AST) -> ast.AST:
    """``node`` with what is not said left out: a dict display's keys, a comparison
    (``action == 'paid'`` chooses between two sentences), a pattern given to a formatter
    (:data:`FORMATTERS`)."""
    class Said(ast.NodeTransformer):
        def visit_Dict(self, dict_node):
            self.generic_visit(dict_node)
            return ast.List(elts=dict_node.values, ctx=ast.Load())

        def visit_Compare(self, compare):
            return ast.Constant(None)

        def visit_Call(self, call):
            if _called(call) in FORMATTERS:
                return ast.Constant(None)
            self.generic_visit(call)
            return call
    return Said().visit(ast.parse(ast.unparse(node), mode="eval")).body
