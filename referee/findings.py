"""Findings: what the referee found irregular in a hand, and the rule each rests on.

A :class:`Finding` is one irregularity at one action (CONTRACT.md section 5). The kinds
and their default severity live in one place: :data:`DEFAULT_SEVERITY`; the structured
facts each kind carries (``details``), in :data:`DETAILS`; the rule each rests on, in
:mod:`referee.citations` (the ``rule`` string is its English rendering, by kind and
``reason``).

Severities: ``error`` (money or the result is affected), ``warning`` (procedure broken,
the result stands), ``info``.

>>> f = make("out_of_turn", 4, 4, "seat 4 opened while seat 3 was to act")
>>> f.as_dict()["severity"], f.as_dict()["action"]
('warning', 4)
>>> DEFAULT_SEVERITY["wrong_award"]
'error'
>>> make("blind_irregular", 3, 2, "...", details={"reason": "jackpot"}).rule[-40:]
'opening is made with a pot or jackpot.”)'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .citations import citation, reason_of

DEFAULT_SEVERITY: dict[str, str] = {
    "unreadable": "error",
    "out_of_turn": "warning",
    "not_in_hand": "warning",
    "illegal_check": "warning",
    "bet_too_small": "error",
    "bet_too_large": "error",
    "raise_cap": "error",
    "not_reopened": "error",
    "wrong_amount": "error",
    "missing_ante": "error",
    "blind_irregular": "warning",
    "wrong_card_count": "error",
    "draw_limit": "warning",
    "duplicate_card": "error",
    "card_not_in_deck": "error",
    "deck_exhausted": "warning",
    "unjustified_opening": "error",
    "openers_not_shown": "error",
    "showdown_order": "warning",
    "wrong_award": "error",
    "chips_not_conserved": "error",
    "incomplete_hand": "warning",
    "stack_mismatch": "warning",
    "chips_added_mid_hand": "warning",
    "passed_out": "info",
    "misdeal": "info",
    "exposed_card": "info",
    "sitout_irregular": "warning",
}
"""Finding kind (CONTRACT.md section 5) -> its default severity. The rule each kind (and
each case of it) rests on: :func:`referee.citations.citation`."""

DETAILS: dict[str, dict[str, str]] = {
    # kind: {detail key: what it holds}. Chips are ints; seats are ints; cards are strings
    # ("As", "??", "Jk"); a seat -> chips map has the seats as strings, as in check's
    # "awards". A key described "(some)" is there only in the cases it names; "reason" is a
    # short code naming which case of the kind it is.
    "unreadable": {
        "line": "the log line as written (str), None when it was not a string or the "
                "cause is a field of the hand, not a line",
        "reason": "'unparsable', 'seat_not_at_table' (a seat nobody sits in) or "
                  "'bad_field' (a hand's rebuys, stacks, actions or button)",
        "field": "(some) for 'bad_field': 'rebuys', 'stacks', 'actions', 'button' or "
                 "'cash_out' (a night finding: a count of the session's cash_out)",
        "assumed": "(some) the button seat assumed instead",
    },
    "out_of_turn": {
        "due": "the seat that was to act (or to draw, show), None when no one was",
        "verb": "what the seat did ('open', 'check', 'draw', 'split' ...)",
        "reason": "(some) 'before_drawing', 'during_draw', 'no_betting_left', 'no_draw', "
                  "'drew_twice', 'betting_over', 'not_opener', 'after_drawing', "
                  "'still_to_bet' (the seat drew while it was itself still to act in the "
                  "betting: the round ends), 'all_in' (a check, call or wager by a seat "
                  "already all in: it changes nothing)",
    },
    "not_in_hand": {
        "verb": "what the seat did",
        "reason": "'never_dealt_in', 'folded', 'withdrew' (pN withdraw), 'sat_out' (pN "
                  "sitout), 'hand_over', 'pot_pushed', 'tabled' (a fold, sitout or withdraw "
                  "of a seat whose hand was tabled at the showdown: cards speak, it changes "
                  "nothing) or 'misdeal' (the table played on "
                  "after a misdeal: once, at the first line; the chips go back)",
    },
    "illegal_check": {
        "facing": "the bet to match this round (chips, round total)",
        "to_call": "chips the seat owed (no more than its stack)",
    },
    "bet_too_small": {
        "recorded": "the round total the line wagered (chips; capped at the stack)",
        "reason": "'no_raise' (not above the bet), 'fixed_limit', 'min_bet' or 'min_raise'",
        "facing": "(some) 'no_raise': the bet it did not raise",
        "expected": "(some) 'fixed_limit': the round total the limit sets",
        "minimum": "(some) 'min_bet', 'min_raise': the least round total allowed",
        "basis": "(some) 'fixed_limit': 'completion' where the seat faced a short all-in "
                 "(less than half a bet) and the size is the completion's (RRoP 3 rule 6); "
                 "'min_bet': 'unposted_blind' where no blind was posted and the house's big "
                 "blind still set the minimum (unposted_blind_min 'big_blind'; seed 000: "
                 "\"Esta ciega no es obligatoria\")",
        "raise_by": "(some) 'min_raise': the raise made (chips over the bet)",
        "min_raise": "(some) 'min_raise': the least raise (the last full bet or raise)",
    },
    "bet_too_large": {
        "recorded": "the round total the line wagered (chips)",
        "reason": "'stack' (more than the seat had), 'fixed_limit' or 'pot_limit'",
        "maximum": "(some) 'stack', 'pot_limit': the most allowed (round total)",
        "expected": "(some) 'fixed_limit': the round total the limit sets",
        "basis": "(some) 'fixed_limit': 'completion' where the seat faced a short all-in "
                 "(less than half a bet) and the size is the completion's (RRoP 3 rule 6)",
    },
    "raise_cap": {"raises": "this raise's number in the round (full raises: an all-in "
                            "short of one is not counted)",
                  "cap": "the raises allowed after the bet (RRoP 3 rule 3 or the house's)"},
    "not_reopened": {
        "recorded": "the round total raised to", "facing": "the bet it raised",
        "reason": "what kept the betting closed to a seat that had acted: "
                  "'not_raised_since' (nobody raised since it acted: the bet is the one it "
                  "made or already faced), 'short_allin' (the last raise since was an all-in "
                  "short of a full raise: RRoP 3 rule 6, RRoP 15, TDA 47), 'short_raise' (it "
                  "was short of a full raise and not all in), 'blind_first' (seed 001: no "
                  "raise before the blinds' own) or 'blind_only' (seed 002: only a seat that "
                  "posted a blind may raise)",
        "raiser": "(some) 'short_allin', 'short_raise': the seat of the short raise (None "
                  "where no seat made it)",
        "basis": "(some) 'short_allin' in fixed limit: 'fixed_limit' (an all-in of less than "
                 "half a bet, RRoP 3 rule 6; in pot and no limit, RRoP 15 and TDA 47 decide)",
        "holder": "(some) with 'reason': the seat holding the right to speak last (the "
                  "last blind posted)",
    },
    "wrong_amount": {
        "expected": "chips owed (the ante, or the call's round total; 0 for a second ante)",
        "recorded": "chips the line says",
        "reason": "'ante', 'ante_twice', 'call', 'nothing_to_call', 'not_due' (an ante in a "
                  "hand that owes none: seed 000's custom, ante_custom) or "
                  "'checkdown_matching' (a folded seat's payment after a carried "
                  "check-down, seed 002)",
        "basis": "(some) 'ante' short of the ante where the dealer answers for it "
                 "(ante_liable 'dealer', seed 000): 'dealer'",
        "dealer": "(some) basis 'dealer': the dealer's seat (the button)",
        "owed": "(some) basis 'dealer': chips the dealer owes the pot (the ante less what "
                "the seat put in)",
    },
    "missing_ante": {
        "ante": "the ante owed (chips); for 'checkdown_matching' the payment owed",
        "reason": "(some) 'checkdown_matching': a folded seat that did not match the seats "
                  "still in after a carried check-down (seed 002); 'dealer': the dealer "
                  "answers for it (ante_liable 'dealer', seed 000)",
        "dealer": "(some) 'dealer': the dealer's seat (the button), who owes the ante",
        "owed": "(some) 'dealer': chips the dealer owes the pot",
    },
    "blind_irregular": {
        "reason": "'late', 'not_allowed', 'wrong_seat', 'wrong_size', 'jackpot' (seed 000: "
                  "a blind in a hand opened with pot or jackpot) or 'looked' (seed 000: "
                  "posted after the seat's cards were dealt; played without a blind)",
        "double": "whether it was the double blind (straddle)",
        "due": "(some) 'wrong_seat': the seat whose blind it was",
        "expected": "(some) 'wrong_size': the blind's size (chips)",
        "recorded": "(some) 'wrong_size': chips posted",
        "book": "(some) 'wrong_seat', 'wrong_size' (but a seed 001 match of the double "
                "blind): whether the house sizes the blinds as the rule books do "
                "(small_blind, big_blind: RRoP section 2) rather than a seed's way; its rule "
                "is looked up as 'wrong_size:book' (referee.citations.reason_of)",
    },
    "wrong_card_count": {
        "cards": "the number of cards the hand holds (dealt, shown, after the serve), or "
                 "the count of a serve out of place",
        "reason": "'dealt', 'served', 'shown', 'not_held' (the show is not the hand held), "
                  "'discard_not_held', 'shown_again', 'served_after_push', "
                  "'served_without_draw'; a d fix line (seed 000): 'fixed' (put right "
                  "before the seat acted: the hand is live, severity info), 'fix_late' "
                  "(after it acted: the dead hand stands, warning), 'fix_wrong' (the fix "
                  "left other than five cards), 'fix_not_held' (it took back a named card the "
                  "seat was never dealt: a warning, the count stands); 'exposed_not_dealt' "
                  "(a card exposed to the seat in the deal, seed 002, is missing from its "
                  "deal logged card by card: a warning)",
        "fixed": "(some) a d fix line: the cards given (or, negative, taken back)",
        "drawn": "(some) 'served': cards asked for",
        "served": "(some) 'served': cards served",
        "shown": "(some) the cards shown", "held": "(some) the cards held as logged",
        "first": "(some) 'shown_again': the hand shown first",
        "card": "(some) 'discard_not_held': the card thrown; 'not_held' where the show has "
                "a card the seat discarded: that card; 'fix_not_held': the card taken back; "
                "'exposed_not_dealt': the card exposed",
    },
    "draw_limit": {"cards": "cards drawn", "max_draw": "the most the rules allow"},
    "duplicate_card": {
        "card": "the card seen twice",
        "holder": "the seat it was seen at first (the same seat for a card twice in one hand)",
        "reason": "'seen_twice', 'discard_served', 'dealt_twice', 'served_held', "
                  "'shown_twice' or 'shown_after_push'",
        "clash": "(some) 'shown_after_push': every card of the show seen elsewhere",
    },
    "card_not_in_deck": {"card": "the card the deck does not have"},
    "deck_exhausted": {
        "reason": "'deck_out' (more served than left), 'own_discard', 'last_card' (the "
                  "kept-back last card served with no discards to shuffle it with, seed 000), "
                  "'deal_out' (the deal itself needs more cards than the deck has) or "
                  "'deal_last_card' (the deal needs the deck's last card, which the rules keep "
                  "back)",
        "served": "(some) 'deck_out', 'last_card': cards served",
        "left": "(some) 'deck_out', 'last_card': cards left (stub and discards)",
        "card": "(some) 'own_discard': the seat's own discard served back",
        "needed": "(some) 'deal_out', 'deal_last_card': cards the deal needs (five a seat)",
        "deck": "(some) 'deal_out', 'deal_last_card': cards in the deck",
    },
    "unjustified_opening": {
        "opening": "the minimum in force ('J', 'Q', 'K', 'A')",
        "source": "what it was judged from: 'deal', 'proof' (openers tabled alone), 'show' "
                  "(the hand shown and the discards), 'split' (openers broken undeclared)",
        "hand": "the cards judged (the deal, the proof or the hand shown)",
        "drawn": "(some) 'show': cards drawn", "discards": "(some) 'split': the discards",
    },
    "openers_not_shown": {
        "opening": "the minimum in force",
        "reason": "'took_pot', 'threw_away' or 'folded'",
    },
    "showdown_order": {"due": "the seat that was to show first"},
    "wrong_award": {
        "expected": "seat -> chips the rules give ({} when the pot stays)",
        "recorded": "seat -> chips the d award lines push ({} when none)",
        "reason": "the rule that decides it (referee.misaward.award_reason): 'no_award', "
                  "'checked_down' (the pot carries after everyone checked after the draw), "
                  "'pot_stays' (it carries otherwise: a false opener), 'void' (a duplicate "
                  "card), 'misdeal' (the chips go back to who put them in), 'uncontested', 'false_opener' (a false opener was paid), "
                  "'wrong_cards' (a hand dead for its cards was paid), 'dead_hand' (a folded "
                  "hand was paid), "
                  "'flush_over_full', 'full_over_flush', 'suit_order', 'circular' (the house's "
                  "straight round the corner decided, seed 000), 'not_circular' (a straight "
                  "round the corner was paid where the house plays none) (a house ranking "
                  "decided), 'odd_chip', 'split', 'side_pots' or 'best_hand' (cards speak)",
    },
    "chips_not_conserved": {
        "recorded": "chips the d award lines add up to; 'move': chips the d move line hands "
                    "over",
        "pot": "(some) chips of the pot being pushed; 'over_pot': every chip the pot held "
               "(what the lines credit, CONTRACT.md 4)",
        "reason": "(some) 'over_pot': the d award lines push more than the pot holds (the "
                  "finding is at the line where they pass it, in every phase, finished or "
                  "not; the chips beyond it are credited to nobody); 'move': a d move line "
                  "hands over more chips than the seat holds on the table (only what it "
                  "holds is moved); absent: the lines add up to other than the pot being "
                  "pushed, within what it holds",
        "held": "(some) 'move': the chips the giving seat held on the table",
        "to": "(some) 'move': the seat the chips were handed to",
    },
    "incomplete_hand": {
        "due": "the seat due when the log ends (None if nobody)",
        "phase": "the phase the hand stopped in",
        "reason": "'log_ends' or 'not_shown' (hands still to be shown and no award)",
    },
    "stack_mismatch": {
        "expected": "chips carried over (plus rebuys); 'cash_out': the chips on the table at "
                    "the count (CONTRACT.md 4: the referee's stack after the last hand "
                    "played, plus what the dealer's pushes gave beyond the rules' awards, "
                    "plus the d move lines; plus chips bought since)",
        "recorded": "chips the hand says the seat starts with; 'cash_out': chips counted",
        "reason": "(some) 'cash_out': a night finding (in referee.check's night findings; "
                  "action None; severity error; its rule: seed 002's cash box, "
                  "referee.citations.REASONS): the chips counted at the cash-out differ "
                  "from the chips on the table; absent: a hand's stated stack",
        "name": "(some) 'cash_out': the player's name, None where unknown",
        "basis": "(some) 'cash_out' on a night with a caja libre (table_stakes false): "
                 "'open_box' (its rule quotes the caja libre's sentence, seed 002)",
        "difference": "(some) 'cash_out': recorded - expected (chips); with pot_share, "
                      "recorded - pot_share - expected",
        "referee": "(some) 'cash_out': the referee's stack at the count (plus chips bought "
                   "since), beside the chips on the table",
        "table_differences": "(some) 'cash_out', when referee differs from expected: why, "
                             "[{'hand', 'reason': 'pushed' (the dealer's pushes in that "
                             "hand gave beyond the rules' awards; negative: withheld) or "
                             "'moved' (d move lines), 'chips' (signed), 'other' (the seat "
                             "of a move, else None)}] (referee.chips_on_table)",
        "pot_share": "(some) 'cash_out', only from the store (store.money.counts): the chips of "
                     "the carried pot handed back to the seat before the count (in the count); "
                     "absent when none",
        "after": "(some) 'cash_out': the last hand played before the count (0: none)",
    },
    "chips_added_mid_hand": {
        "chips": "chips added; 'open_box': the chips the wager or call lacked, bought from "
                 "the box and owed to it",
        "reason": "(some) 'open_box' (table_stakes false, seed 002's caja libre: a wager or "
                  "call past the stack, allowed; severity info); absent: a rebuy during the "
                  "hand under table stakes (it plays from the next hand)",
    },
    "passed_out": {"reason": "'nobody_opened' or 'checked_down'",
                   "pot": "chips carried to the next deal (the hand's carried chips; after "
                          "a check-down, the folded seats' matching payments included)"},
    "misdeal": {"returned": "seat -> chips put in so far, which go back"},
    "exposed_card": {
        "reason": "'kept' (one card exposed in the deal: the seat keeps it, everyone knows "
                  "it), 'late' (exposed after the deal began its betting: a warning, the "
                  "hand plays on), 'second_withdraw' (a second one: the seat may withdraw, "
                  "double_exposure withdraw, seed 002), 'second_misdeal' (a second one: "
                  "the deal is void, double_exposure misdeal; the hand ends as a misdeal), "
                  "'further' (a third or later card of the seat exposed in the deal: kept, "
                  "known to everyone) "
                  "'late_not_held' (exposed after the deal, a card the seat's known cards "
                  "lack: severity warning), 'withdraw_after_acting' (a pN withdraw after the "
                  "seat bet, called, checked or drew: a fold; severity warning) "
                  "or 'withdraw_not_allowed' (a pN withdraw without that right: a fold; "
                  "severity warning)",
        "exposed": "cards of the seat exposed so far",
        "card": "(some) the card exposed (all but the two withdrawals')",
        "returned": "(some) 'second_misdeal': seat -> chips put in so far, which go back",
    },
    "sitout_irregular": {
        "reason": "a pN sitout (seed 000: abstaining is said before the deal, in a hand with "
                  "a pot): 'after_ante' (after the seat's ante: a fold, the ante stays in "
                  "the pot), 'after_deal' (after a card was dealt, served or exposed to the "
                  "seat: a fold), 'after_betting' (once the betting began: a fold) or "
                  "'no_pot' (in a hand that owes no ante, blinds only: the seat is dealt "
                  "nothing all the same)",
        "anted": "(some) 'after_deal': whether the seat's ante is in (it stays in the pot)",
    },
}
"""Finding kind -> the keys of :attr:`Finding.details` (CONTRACT.md section 4: callers read
details, never parse the message): every kind has an entry; a key described "(some)" is
present only in the cases it names, the others always."""

@dataclass(slots=True)
class Finding:
    """One irregularity.

    - ``kind``: a key of :data:`DEFAULT_SEVERITY` (CONTRACT.md section 5).
    - ``action``: 0-based index into the hand's ``actions`` where the cause happened, or
      None when no logged action carries it.
    - ``seat``: the seat at fault (int) or None (the dealer, the table).
    - ``severity``: ``error``, ``warning`` or ``info``.
    - ``message``: plain words a dealer understands (English); ``rule``: the rule it rests
      on, in English (:func:`referee.citations.citation` of its kind and reason).
    - ``details``: the structured facts behind the message (CONTRACT.md section 4), so
      that no caller parses ``message``: for instance ``{"due": 3, "verb": "open"}`` for
      ``out_of_turn``. The keys of each kind: :data:`DETAILS`.
    """

    kind: str
    action: int | None
    seat: int | None
    severity: str
    message: str
    rule: str
    details: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """The JSON shape of CONTRACT.md section 4 (``kind``, ``action``, ``seat``,
        ``severity``, ``message``, ``rule``, ``details``)."""
        return {"kind": self.kind, "action": self.action, "seat": self.seat,
                "severity": self.severity, "message": self.message, "rule": self.rule,
                "details": dict(self.details)}


def make(kind: str, action: int | None, seat: int | None, message: str,
         severity: str | None = None, details: dict | None = None) -> Finding:
    """Build a :class:`Finding` with the default severity of ``kind`` and the rule it rests
    on: :func:`referee.citations.citation` in English of ``kind`` and its case
    (:func:`referee.citations.reason_of` the details: a case with a rule of its own, such
    as a seed house switch, cites that rule).

    :param details: the structured facts behind ``message`` (:attr:`Finding.details`).
    :param severity: overrides the default where the consequence differs (e.g. an
        ``openers_not_shown`` that changes who wins is an error, else a warning).
    :raises KeyError: for a kind not in :data:`DEFAULT_SEVERITY` (a bug of ours, not of
        the log).
    """
    default = DEFAULT_SEVERITY[kind]
    details = details or {}
    rule = citation(kind, "en", reason_of(details))
    return Finding(kind, action, seat, severity or default, message, rule, details)
