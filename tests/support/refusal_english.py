"""A store refusal as the English pages and the command line say it, for tests that read
its words (``str()`` of a ``StoreError`` is only its code and params)."""

from __future__ import annotations

from functools import lru_cache

from flask import Flask
from flask_babel import force_locale

from web.core import i18n
from web.core.refusals import refusal_text


@lru_cache(maxsize=1)
def _app() -> Flask:
    """A bare app with the pages' Babel set-up (no database)."""
    app = Flask(__name__)
    app.secret_key = "refusal-english"
    i18n.init_app(app)
    return app


def english(exc: Exception) -> str:
    """``exc`` (a ``store.StoreError``) in the English of ``web.core.refusals``."""
    with _app().app_context(), force_locale("en"):
        return refusal_text(exc)
