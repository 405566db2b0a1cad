"""The house rules the new-night form does not draw, in words: the seeds' extra keys of
``referee.rules.HouseRules`` (blinds, the marker, the ladder's descent, the ace-low straight
flush) that a night gets from its preset or from an imported file (a session JSON carries
every key). ``web.night.night_form.rules_words`` says every rule of a night through the
form's settings and these, so no page shows a raw key (``ace_low_straight_flush_beats_royal:
False``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

YES_NO_WORDS = {True: _l("yes"), False: _l("no")}
"""A switch's words (the form's own ``yes``/``no``)."""

EXTRA_LABELS = {
    "ace_low_straight_flush_beats_royal": _l("The lowest straight flush (5-4-3-2-A) beats the royal flush"),
    "big_blind_ante": _l("One ante for the whole table, paid by the double blind"),
    "blind_sizing": _l("Size of the blinds"),
    "blind_with_jackpot": _l("Blinds in a hand opened with jackpot"),
    "blind_before_deal": _l("The blind is posted before the deal (a player who looks first loses it)"),
    "blind_keeps_last": _l("A blind who matches the double blind before looking speaks last"),
    "blind_raise": _l("Who may raise in the first round of a hand with blinds"),
    "postdraw_after_blind": _l("After the draw, the player after the last blind speaks first"),
    "ante_custom": _l("Ante only when the marker is in the middle of the table (the seed's custom)"),
    "ladder_descent": _l("How the opener ladder comes down"),
    "checkdown_matching": _l("When the pot carries after everyone checks, those who folded match it"),
}
"""Each extra key's label, as the form's field labels (``web.core.forms.field_label``)."""

EXTRA_CHOICES = {
    "blind_sizing": {"fixed": _l("the sizes set in chips"),
                     "pot": _l("the blind doubles the pot, the double blind four times the pot"),
                     "pot_then_double": _l("the blind doubles the pot, the double blind doubles the blind")},
    "blind_raise": {"open": _l("anyone in turn"),
                    "blind_first": _l("nobody before the last blind has spoken"),
                    "blind_only": _l("only a player who posted a blind")},
    "ladder_descent": {"passed_out": _l("a step down per deal nobody opens"),
                       "hands": _l("from the top, a step down per hand played")},
}
"""The words of each value of the extra keys that are not switches."""


def extra_label(key: str) -> str | None:
    """The label of an extra key in the request's language, or None (not one of them)."""
    label = EXTRA_LABELS.get(key)
    return str(label) if label is not None else None


def extra_value(key: str, value: object) -> str | None:
    """``value`` of the extra key ``key`` (or any switch: a real bool) in words, or None
    when there are none for it."""
    if isinstance(value, bool):
        return str(YES_NO_WORDS[value])
    words = EXTRA_CHOICES.get(key, {}).get(value) if isinstance(value, str) else None
    return str(words) if words is not None else None
