"""A :class:`~referee.rules.RulesError` said in a language (the command line's ``--lang``):
from its codes (``key``, ``reason``, ``value``, ``params``), never from its English message,
through the referee's own catalogue (``referee.words``, domain ``referee``).

>>> from referee.rules import RulesError, resolve_rules
>>> try:
...     resolve_rules({"preset": "jackpots", "double_exposure": "fold"})
... except RulesError as exc:
...     print(rules_error_text(exc, "es"))
reglas: double_exposure='fold': debe ser uno de: 'misdeal', 'withdraw'
"""

from __future__ import annotations

from .rules import _CHIPS_KEYS, _CHOICES, BOOL_KEYS, PRESETS, RulesError
from .words import N_, say

_RANGES = {"jokers": (0, 2), "max_draw": (0, 5), "draws": (1, 3)}
"""Whole-number switches and their least and most value (``referee.rules._CHECKS``)."""

_WHY = {
    "raise_cap": N_("must be a whole number, 'auto' or null"),
    "lowest_rank": N_("must be '2'..'7' or 'auto'"),
    "opener_ladder": N_("must be a list of 'J', 'Q', 'K', 'A'"),
    "flush_beats_full": N_("must be true, false or 'auto'"),
    "suit_order": N_("must be a string naming the four suits once each, best first (e.g. "
                     "'hdcs'), or null"),
}
"""A switch with a test of its own -> what it must be (``referee.rules._CHECKS``)."""

_PLAYABLE = {
    "not_a_list": N_("rules: %(key)s=%(value)s: must be a list"),
    "fixed_limit_no_bet": N_("rules: %(key)s=%(value)s: must be above 0 in fixed limit"),
    "below_small_bet": N_("rules: %(key)s=%(value)s: at least the small bet (%(small)s)"),
    "no_min_bet": N_("rules: %(key)s=%(value)s: must be above 0 in pot limit and no limit"),
    "nothing_in_pot": N_("rules: ante=0 and no blinds: nobody puts anything in the pot"),
    "below_blind": N_("rules: %(key)s=%(value)s: at least the blind (%(blind)s)"),
    "above_small_bet": N_("rules: %(key)s=%(value)s: at most the small bet (%(small)s) in fixed "
                          "limit"),
    "unknown_key": N_("rules: unknown key(s) %(value)s"),
    "unknown_preset": N_("unknown preset %(value)s (known: %(known)s)"),
    "not_rules": N_("rules must be a preset name or an object, not %(value)s"),
}
"""A reason other than ``bad_value`` -> its sentence."""


def _why(key: str, lang: str) -> str:
    """What the value of ``key`` must be, said in ``lang``."""
    choices = dict(_CHOICES)
    if key in _CHIPS_KEYS:
        return say(lang, N_("must be a whole number of chips, 0 or more"))
    if key in choices:
        return say(lang, N_("must be one of: %(allowed)s"),
                   allowed=", ".join(repr(c) for c in choices[key]))
    if key in BOOL_KEYS:
        return say(lang, N_("must be true or false"))
    if key in _RANGES:
        low, high = _RANGES[key]
        return say(lang, N_("must be a whole number, %(low)s-%(high)s"), low=low, high=high)
    return say(lang, _WHY[key]) if key in _WHY else ""


def rules_error_text(exc: RulesError, lang: str) -> str:
    """``exc`` in ``lang`` (``"es"`` or ``"en"``): ``rules: KEY=VALUE: what it must be``, or
    the sentence of its ``reason``; its English message where the reason is not one this
    module knows.

    :raises ValueError: another language (``referee.words.check_lang``).
    """
    value = exc.value if isinstance(exc.value, str) and exc.reason == "unknown_key" else repr(exc.value)
    if exc.reason == "bad_value" and exc.key is not None:
        why = _why(exc.key, lang)
        if why:
            return say(lang, N_("rules: %(key)s=%(value)s: %(why)s"), key=exc.key, value=value,
                       why=why)
    if exc.reason in _PLAYABLE:
        return say(lang, _PLAYABLE[exc.reason], key=exc.key or "", value=value,
                   known=", ".join(PRESETS), **exc.params)
    return str(exc)
