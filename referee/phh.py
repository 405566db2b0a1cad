"""PHH (Poker Hand History) in and out: draw hands to tapete/1 sessions and back. This module
re-exports the reader (:mod:`referee.phh_read`) and the writer (:mod:`referee.phh_write`)
and describes the format they share (:mod:`referee.phh_format`).

PHH is TOML (the spec: github.com/uoftcprg/phh-std; PokerKit's ``pokerkit.notation`` is the
reference reader). A ``.phh`` file holds one hand; a ``.phhs`` file holds several, each
under a ``[N]`` table.

Reading (:func:`load_phh`) takes the draw variants

- ``N2L1D``: no-limit deuce-to-seven single draw -> preset ``deuce_to_seven``, no limit,
  one draw, ``min_bet`` from the file;
- ``F2L3D``: fixed-limit deuce-to-seven triple draw -> preset ``deuce_to_seven``, fixed
  limit, ``draws: 3``, ``small_bet``/``big_bet`` from the file;
- the custom codes this module writes (below), whose house rules travel in the
  ``_tapete_rules`` field.

Other variants (``FB`` badugi deals four cards; hold'em, stud) raise ``ValueError``.

PHH players are positional: ``p1`` is the first seat after the button (the small blind),
the last position is the button. Without a ``seats`` field they sit in seats ``1..n`` in
position order, so the button is seat ``n`` and play runs clockwise. Heads-up, as in
PokerKit and card rooms (RRoP section 4, TDA "heads-up"), the button (``p2``) posts the
small blind and acts first before the draw; ``p1`` posts the big blind.

Action translation (PHH -> CONTRACT.md section 2):

==================  ==========================================================
PHH                 tapete
==================  ==========================================================
``antes``           ``pN ante A`` (all positions, before the deal)
``blinds_or_...``   ``pN blind A`` (small blind), ``pN straddle A`` (big blind)
``d dh pK CARDS``   ``d deal pN CARDS`` before the first draw (``d deal pN 5``
                    when every card is ``??``), ``d serve pN CARDS`` after one
``pK cbr A``        ``open A`` (no bet yet, before the draw), ``bet A`` (no bet
                    yet, after a draw), else ``raise A``; A is the round total
``pK cc``           ``check`` when nothing is owed, else ``call``
``pK f``            ``fold``
``pK sd [CARDS]``   ``draw K [CARDS]`` (``draw 0``: stands pat)
``pK sm CARDS``     ``show CARDS``; ``pK sm`` -> ``muck``; ``pK sm -`` -> show
                    unseen cards
``finishing_...``   ``d award pN A`` per seat that gained chips at the end:
                    A = finishing stack - (starting stack - chips put in)
==================  ==========================================================

The replacement cards are logged right after the seat's own draw (the dealer serves each
seat in turn); PHH lists all discards first.

Writing (:func:`dump_phh`, ``python -m referee export FILE [-o OUT]``): five-card draw
has no PHH variant code, so this module uses custom codes, one letter for the betting
(``F`` fixed limit, ``P`` pot limit, ``N`` no limit) then

- ``2L{d}D``: deuce-to-seven with ``d`` draws (``N2L1D`` and ``F2L3D`` are the standard
  PokerKit codes; other combinations are custom),
- ``5CD``: five-card draw, high hands (``F5CD``, ``P5CD``, ``N5CD``),

and the house rules go in ``_``-prefixed user fields (the PHH spec's rule for fields of
one's own): ``_tapete_rules`` (the session's ``rules`` value, which :func:`load_phh` reads
back in place of the variant's defaults) and ``_tapete_format = "tapete/1"``. The standard
``seats`` field carries the physical seats in position order and ``players`` the names.
Antes and blinds are written as PHH posts them (per position, heads-up reversed as PokerKit
reads them); ``finishing_stacks`` are the stacks ``referee.check`` gives after the hand (the
next hand starts from them), and the dealer's ``d award`` lines travel as ``# tapete:``
comments with ``_tapete_award_lines = true`` (so :func:`load_phh` reads the pushes from them,
not from ``finishing_stacks``; ``_tapete_awards_recorded = false`` keeps a hand's
``awards_recorded: false``).

So that ``check(load_phh(dump_phh(s)))`` judges every hand as ``check(s)`` does, the rest of
what PHH cannot say travels too:

- ``_tapete_players`` (hand 1): the session's players (seat, name, stack). A seat with no
  chips is dealt out and sits in no hand's positions, so the hands of a ``.phhs`` may have
  different ``seats``; :func:`load_phh` seats every hand by its ``seats`` field.
- ``_tapete_hand`` (every hand): the hand's own ``button``, ``rebuys`` and ``stacks`` as
  the session file gave them (``{}`` when none); :func:`load_phh` restores exactly these,
  so the referee carries stacks, moves the button and reports ``stack_mismatch`` as it
  did (``starting_stacks`` stay the stacks the hand was played with, for PokerKit).
- ``_tapete_rules_json``: the rules as JSON where TOML has no form for a value
  (``"opening": null``), written instead of ``_tapete_rules`` (not beside it: a stored
  night's frozen rules have nulls, and both doubled the rules in every hand); read in
  place of ``_tapete_rules`` (files that have both still read).
- The ``# tapete (seat numbers): LINE`` comments carry the session log's own lines, whose
  ``pN`` is the player in seat N (the ``seats`` field), not PHH's position N; the prefix
  says so (exports before issue 11 wrote ``# tapete: LINE``, still read).
- An ante or blind that PHH's ``antes``/``blinds_or_straddles`` cannot post as logged (not
  first in the log, out of position order, short, irregular) is a ``# tapete`` comment
  action in place; :func:`load_phh` counts its chips, so later ``cc`` face it. A big
  blind logged as a second ``blind`` line is the double blind (as the referee reads it):
  a PHH blind, with ``_tapete_double_blind = "blind"`` so that :func:`load_phh` writes it
  back as a ``blind`` line, not a ``straddle``.
- A PHH action that would read back as another line carries the log's line after it:
  ``p2 cc # tapete (seat numbers): p4 call 1`` (call amounts, ``allin``, a check facing a
  bet, ``bet`` before the draw ...); PokerKit ignores the comment, :func:`load_phh` logs
  the line.
- A serve logged anywhere but right after the seat's own draw is written in place as
  ``d dh ... # tapete (seat numbers): d serve ...``; :func:`load_phh` moves only the
  others (PHH lists the serves after all the discards) back after each seat's draw.

Ante conventions read from PHH ``antes``: all equal -> ``ante``; only the second entry (the
2023 WSOP "big blind ante") -> ``ante`` with ``big_blind_ante: true``; anything else -> the
most common amount (the log still records what each seat put in). ``F2L3D`` keeps the
preset's ``raise_cap`` (none), so a file's raises are never judged against a cap it did not
play under.
"""

from __future__ import annotations

from .phh_format import (BETTING_LETTER, BLIND_VERBS, LETTER_BETTING, STANDARD_VARIANTS,
                         TAPETE_COMMENT, UNREADABLE_MARK, NotPHHError, PHHError, VariantError)
from .phh_read import load_phh, load_phh_all
from .phh_write import dump_phh, export_main, variant_code

__all__ = ["load_phh", "load_phh_all", "dump_phh", "export_main", "variant_code", "PHHError",
           "NotPHHError", "VariantError", "STANDARD_VARIANTS", "BETTING_LETTER", "LETTER_BETTING",
           "TAPETE_COMMENT", "BLIND_VERBS", "UNREADABLE_MARK"]
