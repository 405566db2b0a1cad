"""What the store refuses: :class:`StoreError` (a refusal a person can act on, nothing
written), the largest chip amount (:data:`MAX_CHIPS`), and what a person's text may hold.

The one check of characters for every name, label, title, reason and statement (the
store's checks and ``web.core.forms`` both use it).

Refused: control characters (Unicode category Cc: C0, DEL, C1, NUL; a multi-line field
keeps line breaks and tabs), format characters (Cf: bidi overrides such as U+202E,
zero-width spaces, the byte-order mark, U+180E), surrogates (Cs), line and paragraph
separators (Zl, Zp), and the letters and signs that draw nothing (:data:`BLANK_LOOKING`:
the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the blank Braille pattern U+2800),
which let a name look empty or look like another. A text with no visible letter, digit,
sign or punctuation at all (only spaces and combining marks) is blank (:func:`looks_blank`).
Lookalike letters of other scripts (a Cyrillic "А" in "Аna") are NOT refused: they are
real letters of real names.
"""

from __future__ import annotations

import re
import unicodedata

BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Characters that are letters or signs to Unicode but draw nothing on a page."""

LINE_BREAKS = frozenset("\n\r\t")
"""The control characters a multi-line field keeps."""

_REFUSED = ("Cc", "Cf", "Cs", "Zl", "Zp")


def bad_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` a person's text may not hold, as ``U+XXXX`` (sorted,
    once each): control (Cc; line breaks and tabs allowed when ``multiline``), format (Cf),
    surrogates (Cs), line/paragraph separators and :data:`BLANK_LOOKING`.

    >>> bad_characters("Ana\\x00\\u202e"), bad_characters("Eve\\u3164")
    (['U+0000', 'U+202E'], ['U+3164'])
    >>> bad_characters("line one\\nline two", multiline=True)
    []
    """
    return sorted({f"U+{ord(c):04X}" for c in text
                   if (unicodedata.category(c) in _REFUSED or c in BLANK_LOOKING)
                   and not (multiline and c in LINE_BREAKS)})


def looks_blank(text: str) -> bool:
    """Whether ``text`` shows nothing: no letter, digit, symbol or punctuation that draws
    (only spaces, combining marks, :data:`BLANK_LOOKING` or refused characters).

    >>> looks_blank("\\u2800\\u2800"), looks_blank(" \\u0301 "), looks_blank("Ana")
    (True, True, False)
    """
    return not any(unicodedata.category(c)[0] in "LNSP" and c not in BLANK_LOOKING for c in text)


_CODE = re.compile(r"[a-z][a-z0-9_]*")
"""A refusal's code (``rules_unplayable``), never a sentence."""


class StoreError(ValueError):
    """A write refused for a reason a person can act on; nothing was written.

    ``str(error)`` is the English message. The refusals a host page can trigger also
    carry a ``code`` and its ``params`` (a dict of the names, seats, numbers in the
    message) so a page can say them in its own language; ``code`` is None otherwise.

    Codes: ``seat_taken`` (seat, name), ``player_seated`` (name, seat),
    ``hand_in_progress`` (no params), ``hand_not_ended`` (number: a hand started while
    another is in progress), ``night_closed`` (night), ``night_open`` (night), ``key_reused`` (key),
    ``nothing_to_undo``, ``duplicate_name`` (name), ``already_voided`` (no params),
    ``hand_has_actions`` (number: a hand voided while it has live actions),
    ``too_few_players``, ``button_needed`` (the first hand without a button),
    ``reason_needed`` (a void, an unseat, a reopening without a reason), ``count_first``
    (name: unseated before the cash-out), ``already_counted`` (name, chips: a second
    cash-out), ``bank_unbalanced`` (counted, carried, pot_returned, bought, difference:
    ``store.money.bank.bank_check``'s figures; a close without a resolution while the bank is off).
    Disputes and rulings (``store.dispute.disputes``, ``store.dispute.rulings``): ``no_hand`` (hand),
    ``no_dispute`` (dispute), ``not_dealt_in`` (name, number), ``statement_empty``,
    ``statement_too_long`` (limit, length), ``dispute_open`` (dispute_id; at the close:
    count, hands), ``already_ruled`` (dispute_id, ruling_id), ``bad_decision`` (decision),
    ``rule_empty``, ``rule_too_long`` (limit, length), ``rejected_correction`` (a
    rejected ruling with a correction), ``awards_unknown`` (number), ``pushes_unbalanced``
    (number, pot, pushed), ``action_empty`` (index), ``action_too_long`` (index, limit,
    length), ``actions_invalid`` (a new line the referee cannot read: index, text, reason).
    ``hand_ruled`` (number, dispute: the dealer's undo or void of a hand the host ruled on).
    Two tablets (``store.hand.events``, ``store.night.dealer_links``): ``stale_version`` (number, version,
    current: the hand changed since the tablet saw it), ``stale_hand`` (number: another hand
    was started since), ``hand_start_voided`` (number: the start of the hand the tablet saw
    was voided since), ``hand_finished`` (number: a later hand started; only the host's
    ruling changes it), ``hand_ended`` (number: closed; undo its end to add to it),
    ``undo_not_newest`` (number), ``no_dealer_link``, ``label_invalid``, ``label_too_long``
    (limit, length).
    Nights, seats, the ledger and hands: ``no_night`` (night), ``no_player`` (player),
    ``no_entry`` (entry), ``no_event`` (event), ``unknown_timezone`` (zone),
    ``too_large`` (field, max), ``seat_out_of_range`` (seat, low, high), ``seat_kept`` (seat,
    name: another player's seat tonight), ``seat_return`` (name, seat: their own seat
    tonight), ``seat_race`` (seat), ``not_seated`` (name), ``no_count`` (name: a recount
    without a count), ``uncounted`` (names: a close before everyone's count),
    ``nothing_to_close``, ``hub_needed``, ``hub_not_playing``, ``recount_off``,
    ``shortage_charged``, ``excess_credited`` (the bank's figures as ``bank_unbalanced``), ``resolution_player``
    (resolution), ``entry_not_voidable`` (kind), ``button_not_seated`` (seats, button),
    ``hand_race``, ``hand_not_current`` (number), ``void_of_void``, ``name_empty``,
    ``name_invisible`` (chars), ``name_too_long`` (length, limit). An imported closed
    night's close (``store.files.importer``): ``file_settlement_player`` (name, role ``hub`` or
    ``charged``, resolution: the file's settlement names someone not at tonight's table),
    ``file_settlement_unnamed`` (role, resolution: it names nobody where it must). Every code a page can
    meet is in ``web.core.refusals.MESSAGES`` (``tests/test_refusal_words.py`` walks them).
    Opening (``store.open_db``): ``chain_key_wrong`` (the key is not the one the database
    was sealed with), ``chain_key_bad`` (a malformed key, or none beside a sealed database).
    A night's rules (``store.night.nights.create_night``, the import): ``rules_invalid``
    (field: the override key or None, reason: the referee's ``RulesError.reason``) and
    ``rules_unplayable`` (field, reason and the figures: ``referee.rules.check_playable``).
    A dealer's tap (``store.hand.operations.apply_tap``): ``show_without_cards``,
    ``no_hand_in_progress``, ``hand_not_this_night``.

    The code form ``StoreError(code, **params)`` (a message that is a bare code, no
    ``code`` given) carries no English sentence: ``str(error)`` is the code and its params
    (``rules_unplayable field='ante' reason='nothing_in_pot'``), for a log or the command
    line; pages say the code (``web.core.refusals``).
    """

    def __init__(self, message: str, code: str | None = None, **params) -> None:
        if code is None and _CODE.fullmatch(message):   # the code form: StoreError(code, **params)
            code = message
            message = code + "".join(f" {k}={v!r}" for k, v in params.items())
        super().__init__(message)
        self.code = code
        self.params = params


MAX_CHIPS = 10**12
"""Largest chip amount (and chip value in cents) accepted: beyond it is a typo, and SQLite
integers stop at 2**63."""
