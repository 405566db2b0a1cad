"""What ``flask verify`` says of a problem of ``store.core.chain.verify`` (a code and its
params): the sentence of ``web.core.chain_words``, in English unless asked, for the tests
that check a problem names the row."""

from __future__ import annotations

from flask_babel import force_locale

from web.core.chain_words import problem_text


def problem_said(app, problem: dict, language: str = "en") -> str:
    """``problem`` in words, in ``language`` (``"en"`` or ``"es"``), as the command line
    says it (inside ``app``'s context)."""
    with app.app_context(), force_locale(language):
        return problem_text(problem)
