"""The house's rooms (docs/architecture.md): the code is cut by feature, the same cut in each
layer, so a newcomer told a feature's name opens one folder per layer.

- ``store/`` and ``web/`` hold only feature folders (no flat modules beside them but the
  package's ``__init__``), and each web feature has its store side of the same name;
- ``templates/`` and ``static/`` are cut by the same feature names;
- no two modules share a name across the layers unless they are one feature's two sides
  (``store/hand/replayer.py`` and ``web/hand/replayer.py``), and no store or web module
  takes a referee module's name (``store/opening.py`` beside ``referee/opening.py`` meant
  two different things);
- ``tests/`` mirrors the code: ``tests/referee``, ``tests/store/<feature>``,
  ``tests/web/<feature>``, ``tests/browser``, ``tests/js``, the shared helpers in
  ``tests/support`` (and, not committed, ``tests/artifacts`` and ``tests/node_modules``:
  the npm packages of ``tests/package.json``).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _features(layer: str) -> set[str]:
    return {p.name for p in (ROOT / layer).iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}


def _modules(layer: str) -> list[Path]:
    return [p.relative_to(ROOT) for p in (ROOT / layer).rglob("*.py") if "__pycache__" not in p.parts]


def test_store_and_web_hold_feature_folders_only():
    for layer in ("store", "web"):
        flat = [p for p in (ROOT / layer).glob("*.py") if p.name != "__init__.py"]
        assert flat == [], f"{layer}/ keeps a module outside the feature folders: {flat}"


def test_every_web_feature_has_its_store_side_and_the_templates_and_static_files_keep_the_cut():
    store, web = _features("store"), _features("web")
    assert web <= store, f"web features without a store side: {sorted(web - store)}"
    for folder in ("templates", "static"):
        assert _features(folder) <= store | web, (
            f"{folder}/ has folders that are no feature: {sorted(_features(folder) - store - web)}")
    assert not list((ROOT / "templates").glob("*.html")), "a template outside the feature folders"


def test_no_two_modules_share_a_name_across_layers_unless_they_are_one_features_two_sides():
    by_name: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for layer in ("referee", "store", "web"):
        for path in _modules(layer):
            if path.name in ("__init__.py", "__main__.py", "views.py"):
                continue  # views.py is each web feature's own module of routes
            feature = path.parts[1] if len(path.parts) > 2 else ""
            by_name[path.stem].add((layer, feature))
    clashes = {}
    for name, places in by_name.items():
        layers = {layer for layer, _ in places}
        features = {feature for _, feature in places}
        if len(places) > 1 and ("referee" in layers or len(features) > 1 or len(places) > len(layers)):
            clashes[name] = sorted(places)
    assert clashes == {}


def test_the_tests_mirror_the_code():
    tests = ROOT / "tests"
    assert {"referee", "store", "web", "browser", "js", "support"} <= _features("tests") <= {
        "referee", "store", "web", "browser", "js", "support",
        "artifacts", "node_modules"}  # screenshots; axe-core from tests/package.json (neither committed)
    for layer in ("store", "web"):
        assert _features(f"tests/{layer}") <= _features(layer), f"tests/{layer} has a folder that is no feature"
    assert sorted(p.name for p in tests.glob("*.py")) == ["conftest.py", "test_rooms.py"]
    for layer in ("store", "web"):  # a test of a feature sits in the feature's folder
        assert [p.name for p in (tests / layer).glob("*.py")] == [], f"tests/{layer}/ keeps a test outside the features"
