"""The night's bank said in words, the same sentence everywhere (issue #14): the host's
night page, the close's refusal (``web.core.refusals``), the report and its PDF, the share text.

The figures are ``store.money.bank.bank_check``'s; nothing here adds chips up.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import force_locale
from flask_babel import gettext as _

from web.core.i18n import chips, page_lang

RESOLUTION_WORDS = {
    "charge": lambda n, name: (_("charged to %(name)s (%(chips)s)", name=name, chips=n) if name
                               else _("charged to one player (%(chips)s)", chips=n)),
    "credit": lambda n, name: (_("credited to %(name)s (%(chips)s)", name=name, chips=n) if name
                               else _("credited to one player (%(chips)s)", chips=n)),
    "split": lambda n, name: _("split among everyone (%(chips)s)", chips=n),
}
"""How the close resolved the difference (``store.money.bank.RESOLVED``), given the chips moved
and the player charged or credited (``bank["resolved_name"]``; None: "one player")."""


def difference_words(difference: int) -> str:
    """THE bank figure in words: ``"difference +20 (20 too many)"``, ``"difference −5 (5
    short)"``, ``"difference 0"`` (chips, in the page's language)."""
    figure = chips(difference, signed=True)
    if difference > 0:
        return _("difference %(figure)s (%(chips)s too many)", figure=figure, chips=chips(difference))
    if difference < 0:
        return _("difference %(figure)s (%(chips)s short)", figure=figure, chips=chips(-difference))
    return _("difference %(figure)s", figure=figure)


def bank_sentence(bank: dict) -> str:
    """The bank in one sentence of the page's language, from ``store.money.bank.bank_check``
    (or a refusal's params: ``bought``, ``counted``, ``carried``, ``pot_returned``,
    ``difference``; the rest optional):

    "Banca: 460 compradas, 475 contadas + 5 en el bote que pasa: diferencia +20 (sobran
    20); no cuadra." / "Bank: 460 bought, 455 counted + 5 of the carried pot, given back:
    difference 0; it balances ✓." / "Bank: 460 bought, 480 counted (5 of them the carried
    pot, handed back before the count): difference +20 (20 too many), charged to Bruno
    (−20); it balances ✓."

    The one figure it states is ``difference`` (chips on the table − chips bought, the
    carried pot counted once); a resolution and who is not counted yet follow it.
    Outside a request (a PDF printed by the CLI) in ``web.core.i18n.page_lang``'s language.
    """
    with force_locale(page_lang()):
        return _sentence(bank)


def _sentence(bank: dict) -> str:
    text = _("Bank: %(bought)s bought, %(counted)s counted", bought=chips(bank["bought"]),
             counted=chips(bank["counted"]))
    if bank.get("carried"):
        text += " " + _("+ %(chips)s in the carried pot", chips=chips(bank["carried"]))
    if bank.get("pot_returned"):
        text += " " + _("+ %(chips)s of the carried pot, given back", chips=chips(bank["pot_returned"]))
    if bank.get("pot_in_counts"):
        text += " " + _("(%(chips)s of them the carried pot, handed back before the count)",
                        chips=chips(bank["pot_in_counts"]))
    text += ": " + difference_words(bank["difference"])
    resolution = bank.get("resolution")
    if resolution in RESOLUTION_WORDS and bank.get("resolved"):
        text += ", " + RESOLUTION_WORDS[resolution](chips(bank["resolved"], signed=True), bank.get("resolved_name"))
    if bank.get("uncounted"):
        return text + "; " + _("not counted yet: %(names)s.", names=", ".join(bank["uncounted"]))
    if "balanced" not in bank:  # a refusal's params: the refusal says what to do
        return text + "."
    return text + "; " + (_("it balances ✓.") if bank["balanced"] else _("it does not balance."))


def init_app(app: Flask) -> None:
    """Give every template :func:`bank_sentence` (the host's pages and the report)."""
    app.jinja_env.globals.setdefault("bank_sentence", bank_sentence)
