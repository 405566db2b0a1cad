"""The referee's words: each finding kind's label, the severities, the verbs, the log lines
said as they happen, the opening minimums, the phases, the fields of a hand and the
sentence of every kind and ``reason``, as msgids of the referee's catalogue
(:mod:`referee.words`: English msgids, their Spanish in
``referee/locale/es/LC_MESSAGES/referee.po``). :mod:`referee.messages` says them. Data only.

A message names its values ``%(name)s``: each a detail of the finding (or ``seat``, the
finding's seat), said in words by :mod:`referee.messages`. A case is one message, or a tuple
of messages tried in turn, the first whose values are all there said (``call``: "calls
(20)", else "calls"); a message whose noun agrees with a number (``Nn_``: "1 chip", "2
chips") names the value that counts. The Spanish words are the seeds' own
(``shared/seeds/``).
"""

from __future__ import annotations

from .words import Message, N_, Nn_, Np_, Said

# ------------------------------------------------------------------------------ words

LABELS: dict[str, Message] = {
    "unreadable": Np_("finding", "unreadable entry"),
    "out_of_turn": Np_("finding", "out of turn"),
    "not_in_hand": Np_("finding", "not in the hand"),
    "illegal_check": Np_("finding", "check facing a bet"),
    "bet_too_small": Np_("finding", "bet too small"),
    "bet_too_large": Np_("finding", "bet too large"),
    "raise_cap": Np_("finding", "too many raises"),
    "not_reopened": Np_("finding", "raise not reopened"),
    "wrong_amount": Np_("finding", "wrong amount"),
    "missing_ante": Np_("finding", "missing ante"),
    "blind_irregular": Np_("finding", "irregular blind"),
    "wrong_card_count": Np_("finding", "wrong number of cards"),
    "draw_limit": Np_("finding", "too many cards drawn"),
    "duplicate_card": Np_("finding", "duplicate card"),
    "card_not_in_deck": Np_("finding", "card not in the deck"),
    "deck_exhausted": Np_("finding", "deck exhausted"),
    "unjustified_opening": Np_("finding", "opening without openers"),
    "openers_not_shown": Np_("finding", "openers not shown"),
    "showdown_order": Np_("finding", "showdown out of order"),
    "wrong_award": Np_("finding", "wrong award"),
    "chips_not_conserved": Np_("finding", "chips do not add up"),
    "incomplete_hand": Np_("finding", "incomplete hand"),
    "stack_mismatch": Np_("finding", "stack mismatch"),
    "chips_added_mid_hand": Np_("finding", "chips added during the hand"),
    "passed_out": Np_("finding", "passed out: the pot carries"),
    "misdeal": Np_("finding", "misdeal"),
    "exposed_card": Np_("finding", "card exposed in the deal"),
    "sitout_irregular": Np_("finding", "irregular sit-out"),
}
"""Finding kind -> its label (the pages' heading of a finding)."""

SEVERITY_WORDS: dict[str, Message] = {
    "error": Np_("severity", "error"),
    "warning": Np_("severity", "warning"),
    "info": Np_("severity", "info"),
}
"""Severity (CONTRACT.md section 4) -> its word."""

VERBS: dict[str, tuple[Message, Message]] = {
    "ante": (Np_("past", "anted"), Np_("infinitive", "ante")),
    "blind": (Np_("past", "posted a blind"), Np_("infinitive", "post a blind")),
    "straddle": (Np_("past", "posted a double blind"), Np_("infinitive", "post a double blind")),
    "open": (Np_("past", "opened"), Np_("infinitive", "open")),
    "bet": (Np_("past", "bet"), Np_("infinitive", "bet")),
    "raise": (Np_("past", "raised"), Np_("infinitive", "raise")),
    "call": (Np_("past", "called"), Np_("infinitive", "call")),
    "check": (Np_("past", "checked"), Np_("infinitive", "check")),
    "allin": (Np_("past", "went all in"), Np_("infinitive", "go all in")),
    "fold": (Np_("past", "folded"), Np_("infinitive", "fold")),
    "split": (Np_("past", "split openers"), Np_("infinitive", "split openers")),
    "muck": (Np_("past", "mucked"), Np_("infinitive", "muck")),
    "draw": (Np_("past", "drew"), Np_("infinitive", "draw")),
    "show": (Np_("past", "showed"), Np_("infinitive", "show")),
    "serve": (Np_("past", "was served"), Np_("infinitive", "be served")),
    "rebuy": (Np_("past", "bought chips"), Np_("infinitive", "buy chips")),
    "sitout": (Np_("past", "sat out"), Np_("infinitive", "sit out")),
    "withdraw": (Np_("past", "withdrew"), Np_("infinitive", "withdraw")),
    "fix": (Np_("past", "had the cards fixed"), Np_("infinitive", "have the cards fixed")),
    "expose": (Np_("past", "had a card exposed"), Np_("infinitive", "have a card exposed")),
}
"""A player verb (CONTRACT.md section 2; ``serve`` for the dealer's serve to a seat) in the
past tense and the infinitive."""

ANY_VERB = (Np_("past", "acted"), Np_("infinitive", "act"))
"""A verb the referee has no words for, in the past tense and the infinitive."""

ACTIONS: dict[str, Said] = {
    "ante": N_("%(seat)s antes %(amount)s"),
    "blind": N_("%(seat)s posts a blind of %(amount)s"),
    "straddle": N_("%(seat)s posts a double blind of %(amount)s"),
    "open": N_("%(seat)s opens %(amount)s"),
    "bet": N_("%(seat)s bets %(amount)s"),
    "raise": N_("%(seat)s raises to %(amount)s"),
    "call": (N_("%(seat)s calls (%(amount)s)"),
             N_("%(seat)s calls")),
    "check": N_("%(seat)s checks"),
    "allin": N_("%(seat)s goes all in"),
    "fold": N_("%(seat)s folds"),
    "split": N_("%(seat)s splits openers"),
    "muck": N_("%(seat)s mucks"),
    "draw": (N_("%(seat)s draws %(count)s, discarding %(cards)s"),
             N_("%(seat)s draws %(count)s")),
    "draw:pat": N_("%(seat)s stands pat"),
    "show": N_("%(seat)s shows %(cards)s"),
    "rebuy": Nn_("%(seat)s buys %(amount)s chip",
                 "%(seat)s buys %(amount)s chips",
                 "amount"),
    "deal": (N_("%(seat)s is dealt %(cards)s"),
             Nn_("%(seat)s is dealt %(count)s card", "%(seat)s is dealt %(count)s cards", "count")),
    "serve": (N_("%(seat)s is served %(cards)s"),
              Nn_("%(seat)s is served %(count)s card", "%(seat)s is served %(count)s cards",
                  "count")),
    "award": Nn_("The dealer pushes %(amount)s chip to %(seat)s",
                 "The dealer pushes %(amount)s chips to %(seat)s",
                 "amount"),
    "move": Nn_("%(seat)s hands %(amount)s chip to %(to)s at the table",
                "%(seat)s hands %(amount)s chips to %(to)s at the table",
                "amount"),
    "misdeal": N_("The dealer calls a misdeal"),
    "sitout": N_("%(seat)s sits this hand out"),
    "withdraw": N_("%(seat)s withdraws from the hand"),
    "expose": N_("A card meant for %(seat)s is exposed in the deal: %(cards)s"),
    "fix:more": (N_("The dealer gives %(seat)s %(count)s more: %(cards)s"),
                 Nn_("The dealer gives %(seat)s %(count)s card more",
                     "The dealer gives %(seat)s %(count)s cards more", "count")),
    "fix:less": (N_("The dealer takes %(count)s back from %(seat)s: %(cards)s"),
                 Nn_("The dealer takes %(count)s card back from %(seat)s",
                     "The dealer takes %(count)s cards back from %(seat)s", "count")),
    "note": N_("Note: %(text)s"),
    "unreadable": N_("Unreadable entry: “%(line)s”"),
}
"""A log line's verb (``draw:pat`` for a draw of 0 cards) -> how it is said in the present as
the replay steps through the hand (:func:`referee.messages.action_sentence`): a deal or
serve by its cards, else by how many nobody saw."""

OPENINGS: dict[str, str] = {
    "J": N_("a pair of jacks"),
    "Q": N_("a pair of queens"),
    "K": N_("a pair of kings"),
    "A": N_("a pair of aces"),
}
"""The opening minimum (seed 000, "Ley de Apertura") in words."""

PHASES: dict[str, Message] = {
    "predeal": Np_("phase", "antes and deal"),
    "predraw": Np_("phase", "betting before the draw"),
    "draw": Np_("phase", "the draw"),
    "postdraw": Np_("phase", "betting after the draw"),
    "showdown": Np_("phase", "showdown"),
    "complete": Np_("phase", "hand complete"),
}
"""A hand's phase in words."""

FIELDS: dict[str, Message] = {
    "rebuys": Np_("field", "rebuys"),
    "stacks": Np_("field", "stacks"),
    "actions": Np_("field", "actions"),
    "button": Np_("field", "button"),
    "cash_out": Np_("field", "cash-out count"),
}
"""A hand's field (``unreadable`` ``bad_field``) in words."""


# ------------------------------------------------------------------------------ templates
_FIXED_LIMIT_SIZE = Nn_("%(seat)s wagered %(recorded)s chip in the round; the fixed limit made it "
                        "%(expected)s.",
                        "%(seat)s wagered %(recorded)s chips in the round; the fixed limit made it "
                        "%(expected)s.",
                        "recorded")
"""A bet or raise of another size than fixed limit's (too small or too large alike)."""

TEMPLATES: dict[str, dict[str | None, Said]] = {
    "unreadable": {
        "unparsable": N_("The entry “%(line)s” cannot be read."),
        "unparsable:not_text": N_("An entry of this hand is not text."),
        "seat_not_at_table": N_("The entry “%(line)s” names a seat nobody sits in."),
        "bad_field": N_("A field of the hand cannot be read (%(field)s)."),
        "bad_field:rebuys": N_("This hand's rebuys cannot be read: they must be chips by seat."),
        "bad_field:stacks": N_("This hand's starting stacks cannot be read: they must be chips "
                               "by seat."),
        "bad_field:actions": N_("This hand's actions cannot be read: they must be a list of "
                                "entries."),
        "bad_field:button": N_("This hand's button is not a seat at the table."),
        "bad_field:cash_out": N_("A cash-out count cannot be read: it must be a whole number "
                                 "of chips, 0 or more, of a seat at the table, after a hand of "
                                 "the night."),
        "bad_field:assumed": N_("This hand has no valid button: seat %(assumed)s is assumed."),
    },
    "out_of_turn": {
        None: N_("%(seat)s %(verb)s while %(due)s was to act."),
        "nobody_due": N_("%(seat)s %(verb)s while no one was to act."),
        "before_drawing": N_("%(seat)s %(verb)s during the draw, before drawing."),
        "during_draw": (N_("%(seat)s %(verb)s during the draw, while %(due)s had still to draw."),
                        N_("%(seat)s %(verb)s during the draw.")),
        "no_betting_left": N_("%(seat)s %(verb)s when no betting was left (every other player "
                              "all in or out)."),
        "no_draw": N_("%(seat)s drew when no draw was due."),
        "drew_twice": N_("%(seat)s drew twice in one draw."),
        "betting_over": N_("%(seat)s %(verb)s after the betting was over."),
        "not_opener": N_("%(seat)s declared split openers without being the opener."),
        "after_drawing": N_("%(seat)s declared split openers after drawing."),
        "still_to_bet": N_("%(seat)s drew while it was itself still to act in the betting: the "
                           "round ends there."),
        "all_in": N_("%(seat)s %(verb)s, but was already all in: nothing was left for it to "
                     "act on in the betting."),
    },
    "not_in_hand": {
        "never_dealt_in": N_("%(seat)s was not dealt in this hand and cannot %(verb_inf)s."),
        "folded": N_("%(seat)s %(verb)s after folding."),
        "hand_over": N_("%(seat)s %(verb)s after the hand was over."),
        "pot_pushed": N_("%(seat)s %(verb)s after the pot was pushed: the hand was over."),
        "withdrew": N_("%(seat)s %(verb)s after withdrawing from the hand."),
        "sat_out": N_("%(seat)s %(verb)s after sitting the hand out."),
        "tabled": N_("%(seat)s %(verb)s after their hand was tabled at the showdown: the hand "
                     "is tabled and cards speak; it is judged as shown, and the line changes "
                     "nothing."),
        "misdeal": N_("%(seat)s %(verb)s after the misdeal: the deal was void, nothing played "
                      "after it counts and the chips put in go back."),
    },
    "illegal_check": {
        None: Nn_("%(seat)s checked facing a bet of %(facing)s chip (%(to_call)s to call).",
                  "%(seat)s checked facing a bet of %(facing)s chips (%(to_call)s to call).",
                  "facing"),
    },
    "bet_too_small": {
        "no_raise": Nn_("%(seat)s wagered %(recorded)s chip in the round, not above the bet of "
                        "%(facing)s.",
                        "%(seat)s wagered %(recorded)s chips in the round, not above the bet "
                        "of %(facing)s.",
                        "recorded"),
        "fixed_limit": _FIXED_LIMIT_SIZE,
        "min_bet:unposted_blind": Nn_("%(seat)s bet %(recorded)s chip; no blind was posted, "
                                      "and the house's big blind still sets the minimum bet: "
                                      "%(minimum)s.",
                                      "%(seat)s bet %(recorded)s chips; no blind was posted, "
                                      "and the house's big blind still sets the minimum bet: "
                                      "%(minimum)s.",
                                      "recorded"),
        "min_bet": Nn_("%(seat)s bet %(recorded)s chip; the minimum bet is %(minimum)s.",
                       "%(seat)s bet %(recorded)s chips; the minimum bet is %(minimum)s.",
                       "recorded"),
        "min_raise": Nn_("%(seat)s raised by %(raise_by)s chip (to %(recorded)s); the minimum "
                         "raise is %(min_raise)s, to %(minimum)s.",
                         "%(seat)s raised by %(raise_by)s chips (to %(recorded)s); the minimum "
                         "raise is %(min_raise)s, to %(minimum)s.",
                         "raise_by"),
    },
    "bet_too_large": {
        "stack": Nn_("%(seat)s wagered %(recorded)s chip with only %(maximum)s.",
                     "%(seat)s wagered %(recorded)s chips with only %(maximum)s.",
                     "recorded"),
        "fixed_limit": _FIXED_LIMIT_SIZE,
        "pot_limit": Nn_("%(seat)s wagered %(recorded)s chip; the pot limit was %(maximum)s.",
                         "%(seat)s wagered %(recorded)s chips; the pot limit was %(maximum)s.",
                         "recorded"),
    },
    "raise_cap": {
        None: Nn_("%(seat)s made raise number %(raises)s; the cap is a bet and %(cap)s raise.",
                  "%(seat)s made raise number %(raises)s; the cap is a bet and %(cap)s raises.",
                  "cap"),
    },
    "not_reopened": {
        None: Nn_("%(seat)s raised to %(recorded)s chip over a bet of %(facing)s, but had "
                  "already acted and the betting was not reopened to them.",
                  "%(seat)s raised to %(recorded)s chips over a bet of %(facing)s, but had "
                  "already acted and the betting was not reopened to them.",
                  "recorded"),
        "not_raised_since": Nn_("%(seat)s raised to %(recorded)s chip over a bet of "
                                "%(facing)s, but had already acted on that same bet and nobody "
                                "had raised since: the betting was not open to them again.",
                                "%(seat)s raised to %(recorded)s chips over a bet of "
                                "%(facing)s, but had already acted on that same bet and nobody "
                                "had raised since: the betting was not open to them again.",
                                "recorded"),
        "short_allin": Nn_("%(seat)s raised to %(recorded)s chip over a bet of %(facing)s, but "
                           "had already acted, and %(raiser)s went all in for less than a full "
                           "raise: that did not reopen the betting to them.",
                           "%(seat)s raised to %(recorded)s chips over a bet of %(facing)s, "
                           "but had already acted, and %(raiser)s went all in for less than a "
                           "full raise: that did not reopen the betting to them.",
                           "recorded"),
        "short_raise": (Nn_("%(seat)s raised to %(recorded)s chip over a bet of %(facing)s, "
                            "but had already acted, and the raise since (by %(raiser)s) was "
                            "short of a full raise: that did not reopen the betting to them.",
                            "%(seat)s raised to %(recorded)s chips over a bet of %(facing)s, "
                            "but had already acted, and the raise since (by %(raiser)s) was "
                            "short of a full raise: that did not reopen the betting to them.",
                            "recorded"),
                        Nn_("%(seat)s raised to %(recorded)s chip over a bet of %(facing)s, "
                            "but had already acted, and the raise since was short of a full "
                            "raise: that did not reopen the betting to them.",
                            "%(seat)s raised to %(recorded)s chips over a bet of %(facing)s, "
                            "but had already acted, and the raise since was short of a full "
                            "raise: that did not reopen the betting to them.",
                            "recorded")),
        "blind_first": Nn_("%(seat)s raised to %(recorded)s chip before %(holder)s had raised: "
                           "no raise comes before the big blind's own (or that of the seat "
                           "that took its right).",
                           "%(seat)s raised to %(recorded)s chips before %(holder)s had "
                           "raised: no raise comes before the big blind's own (or that of the "
                           "seat that took its right).",
                           "recorded"),
        "blind_only": Nn_("%(seat)s raised to %(recorded)s chip without having posted a blind: "
                          "in a blind opening only a seat that posted a blind may raise.",
                          "%(seat)s raised to %(recorded)s chips without having posted a "
                          "blind: in a blind opening only a seat that posted a blind may raise.",
                          "recorded"),
    },
    "wrong_amount": {
        "ante": Nn_("%(seat)s anted %(recorded)s chip; the ante is %(expected)s.",
                    "%(seat)s anted %(recorded)s chips; the ante is %(expected)s.",
                    "recorded"),
        "ante_twice": Nn_("%(seat)s anted twice (%(recorded)s chip more).",
                          "%(seat)s anted twice (%(recorded)s chips more).",
                          "recorded"),
        "call": Nn_("%(seat)s called to %(recorded)s chip; the call was to %(expected)s.",
                    "%(seat)s called to %(recorded)s chips; the call was to %(expected)s.",
                    "recorded"),
        "nothing_to_call": Nn_("%(seat)s called %(recorded)s chip with nothing to call.",
                               "%(seat)s called %(recorded)s chips with nothing to call.",
                               "recorded"),
        "ante:dealer": Nn_("%(seat)s anted %(recorded)s chip; the ante is %(expected)s: the "
                           "dealer, %(dealer)s, answers for it and owes the pot %(owed)s.",
                           "%(seat)s anted %(recorded)s chips; the ante is %(expected)s: the "
                           "dealer, %(dealer)s, answers for it and owes the pot %(owed)s.",
                           "recorded"),
        "not_due": Nn_("%(seat)s anted %(recorded)s chip in a hand that owes no ante: the "
                       "marker is not in the middle.",
                       "%(seat)s anted %(recorded)s chips in a hand that owes no ante: the "
                       "marker is not in the middle.",
                       "recorded"),
        "checkdown_matching": Nn_("%(seat)s paid %(recorded)s chip to match after the "
                                  "check-down; the payment owed was %(expected)s.",
                                  "%(seat)s paid %(recorded)s chips to match after the "
                                  "check-down; the payment owed was %(expected)s.",
                                  "recorded"),
    },
    "missing_ante": {
        None: Nn_("%(seat)s was dealt in without anteing %(ante)s chip.",
                  "%(seat)s was dealt in without anteing %(ante)s chips.",
                  "ante"),
        "dealer": Nn_("%(seat)s was dealt in without anteing %(ante)s chip: the dealer, "
                      "%(dealer)s, answers for it and owes the pot %(owed)s.",
                      "%(seat)s was dealt in without anteing %(ante)s chips: the dealer, "
                      "%(dealer)s, answers for it and owes the pot %(owed)s.",
                      "ante"),
        "checkdown_matching": Nn_("%(seat)s folded and did not pay %(ante)s chip to match the "
                                  "players still in after the check-down.",
                                  "%(seat)s folded and did not pay %(ante)s chips to match the "
                                  "players still in after the check-down.",
                                  "ante"),
    },
    "blind_irregular": {
        "late": N_("%(seat)s posted %(blind)s after the betting began."),
        "not_allowed": N_("%(seat)s posted %(blind)s, but blinds are not played under these "
                          "house rules."),
        "wrong_seat": N_("%(seat)s posted %(blind)s, which %(due)s was to post."),
        "wrong_size": Nn_("%(seat)s posted %(blind)s of %(recorded)s chip; it is %(expected)s.",
                          "%(seat)s posted %(blind)s of %(recorded)s chips; it is %(expected)s.",
                          "recorded"),
        "jackpot": N_("%(seat)s posted %(blind)s in a hand played with antes or an opening "
                      "minimum (pot or jackpot), where blinds are not played."),
        "looked": N_("%(seat)s posted %(blind)s after being dealt in: the hand is played "
                     "without a blind and the chips are the seat's bet."),
    },
    "wrong_card_count": {
        "dealt": Nn_("%(seat)s was dealt %(cards)s card, not five.",
                     "%(seat)s was dealt %(cards)s cards, not five.",
                     "cards"),
        "served": Nn_("%(seat)s asked for %(drawn)s and was served %(served)s: %(cards)s card.",
                      "%(seat)s asked for %(drawn)s and was served %(served)s: %(cards)s cards.",
                      "cards"),
        "shown": Nn_("%(seat)s showed %(cards)s card, not five.",
                     "%(seat)s showed %(cards)s cards, not five.",
                     "cards"),
        "not_held": N_("%(seat)s showed %(shown)s but holds %(held)s as logged: the hand shown "
                       "is not the one held."),
        "discard_not_held": N_("%(seat)s discarded %(card)s, a card not in the hand (which "
                               "held %(held)s): as logged, the hand does not add up to five "
                               "cards."),
        "shown_again": N_("%(seat)s showed %(shown)s after showing %(first)s: a player holds "
                          "one hand, the first one shown stands."),
        "served_after_push": N_("%(seat)s was served after the pot was pushed: the hand was "
                                "over (nothing changes)."),
        "fixed": N_("The dealer put the cards of %(seat)s right before the player acted: "
                    "five cards, the hand is live."),
        "fix_late": N_("The dealer put the cards of %(seat)s right after the player had "
                       "acted: too late, the dead hand stands."),
        "fix_wrong": Nn_("The dealer's fix left %(seat)s with %(cards)s card, not five.",
                         "The dealer's fix left %(seat)s with %(cards)s cards, not five.",
                         "cards"),
        "exposed_not_dealt": N_("%(card)s was exposed to %(seat)s in the deal and stays with "
                                "the player, but the deal logged for %(seat)s (%(held)s) lacks "
                                "it: the log does not add up."),
        "fix_not_held": N_("The dealer took %(card)s back from %(seat)s, a card the player was "
                           "never dealt (%(seat)s held %(held)s): the log does not say which "
                           "card went back."),
        "served_without_draw": Nn_("%(seat)s was served %(cards)s card without drawing.",
                                   "%(seat)s was served %(cards)s cards without drawing.",
                                   "cards"),
    },
    "draw_limit": {
        None: Nn_("%(seat)s drew %(cards)s; at most %(max_draw)s may be drawn.",
                  "%(seat)s drew %(cards)s; at most %(max_draw)s may be drawn.",
                  "cards"),
    },
    "duplicate_card": {
        "seen_twice": N_("Card %(card)s appears twice: %(holder)s had it, and now %(seat)s."),
        "discard_served": N_("%(holder)s discarded %(card)s while the deck still had cards "
                             "(discards are not served before it runs out) and now %(seat)s "
                             "has it."),
        "dealt_twice": N_("%(seat)s was dealt %(card)s twice."),
        "served_held": N_("%(seat)s was served %(card)s, a card already held."),
        "shown_twice": N_("%(seat)s showed %(card)s twice."),
        "shown_after_push": N_("%(seat)s showed cards seen in another hand (%(clash)s) after "
                               "the pot was pushed: the result stands."),
    },
    "card_not_in_deck": {
        None: N_("Card %(card)s is not in this deck."),
    },
    "deck_exhausted": {
        "deck_out": Nn_("%(seat)s was served %(served)s card but the deck had only %(left)s "
                        "left.",
                        "%(seat)s was served %(served)s cards but the deck had only %(left)s "
                        "left.",
                        "served"),
        "own_discard": N_("%(seat)s was served %(card)s, one of their own discards."),
        "last_card": Nn_("%(seat)s was served the deck's last card with no discards to shuffle "
                         "it with (%(served)s card served; %(left)s left).",
                         "%(seat)s was served the deck's last card with no discards to shuffle "
                         "it with (%(served)s cards served; %(left)s left).",
                         "served"),
        "deal_out": Nn_("The deal needs %(needed)s card, five a player, and the deck has only "
                        "%(deck)s.",
                        "The deal needs %(needed)s cards, five a player, and the deck has only "
                        "%(deck)s.",
                        "needed"),
        "deal_last_card": Nn_("The deal needs %(needed)s card, five a player, from a deck of "
                              "%(deck)s: it would deal the deck's last card, which is kept "
                              "back.",
                              "The deal needs %(needed)s cards, five a player, from a deck of "
                              "%(deck)s: it would deal the deck's last card, which is kept "
                              "back.",
                              "needed"),
    },
    "unjustified_opening": {
        "deal": N_("%(seat)s opened without %(opening)s or better (dealt %(hand)s)."),
        "proof": N_("%(seat)s opened without %(opening)s or better (showed %(hand)s as "
                    "openers)."),
        "show": N_("%(seat)s opened without %(opening)s or better (showed %(hand)s after "
                   "drawing %(drawn)s)."),
        "split": N_("%(seat)s broke openers (discarded %(discards)s) without declaring split "
                    "openers: the discard must be kept to prove them."),
    },
    "openers_not_shown": {
        "took_pot": N_("%(seat)s took the pot without showing openers (%(opening)s or better): "
                       "the opener's hand is dead and the pot stays for the next deal."),
        "threw_away": N_("%(seat)s threw the hand away without showing openers."),
        "folded": N_("%(seat)s folded without showing openers."),
    },
    "showdown_order": {
        None: N_("%(seat)s showed before %(due)s, who was to show first."),
    },
    "wrong_award": {
        None: N_("Awarded: %(recorded)s; the rules give: %(expected)s."),
        "best_hand": N_("Awarded: %(recorded)s; the rules give: %(expected)s (cards speak, the "
                        "best hand shown wins)."),
        "dead_hand": N_("Awarded: %(recorded)s; the rules give: %(expected)s (a hand that "
                        "cannot win, folded or dead, was paid)."),
        "false_opener": N_("Awarded: %(recorded)s; the rules give: %(expected)s (a false "
                           "opener, whose hand is dead, was paid)."),
        "wrong_cards": N_("Awarded: %(recorded)s; the rules give: %(expected)s (a hand dead "
                          "for its cards, too many, too few or not those held, was paid)."),
        "uncontested": N_("Awarded: %(recorded)s; the rules give: %(expected)s (the one player "
                          "left in takes the pot)."),
        "void": N_("Awarded: %(recorded)s; the rules give: %(expected)s (a duplicate card "
                   "voids the hand and everyone gets back what they put in)."),
        "misdeal": N_("Awarded: %(recorded)s; the rules give: %(expected)s (a misdeal voids "
                      "the deal and everyone gets back what they put in)."),
        "flush_over_full": N_("Awarded: %(recorded)s; the rules give: %(expected)s (with this "
                              "deck a flush beats a full house)."),
        "full_over_flush": N_("Awarded: %(recorded)s; the rules give: %(expected)s (with this "
                              "deck a full house beats a flush)."),
        "circular": N_("Awarded: %(recorded)s; the rules give: %(expected)s (this house "
                       "plays the straight round the corner: the ace goes before the king or "
                       "after the two)."),
        "not_circular": N_("Awarded: %(recorded)s; the rules give: %(expected)s (this house "
                           "plays no straight round the corner: the ace is high or low only)."),
        "suit_order": N_("Awarded: %(recorded)s; the rules give: %(expected)s (between equal "
                         "hands the suit decides, in the house's order)."),
        "odd_chip": N_("Awarded: %(recorded)s; the rules give: %(expected)s (the difference is "
                       "the odd chip of the split, which goes to the first tied hand from the "
                       "button)."),
        "split": N_("Awarded: %(recorded)s; the rules give: %(expected)s (tied hands split the "
                    "pot)."),
        "side_pots": N_("Awarded: %(recorded)s; the rules give: %(expected)s (an all-in player "
                        "wins only what each player matched; the rest makes side pots)."),
        "no_award": N_("No award was recorded; the rules give: %(expected)s."),
        "pot_stays": N_("Awarded: %(recorded)s; the rules give nothing: the pot stays for the "
                        "next deal."),
        "checked_down": N_("Awarded: %(recorded)s; the rules give nothing: everyone checked "
                           "after the draw and the pot stays for the next deal."),
    },
    "chips_not_conserved": {
        None: Nn_("The awards add up to %(recorded)s chip; the pot is %(pot)s.",
                  "The awards add up to %(recorded)s chips; the pot is %(pot)s.",
                  "recorded"),
        "over_pot": Nn_("The awards add up to %(recorded)s chip, more than the pot holds "
                        "(%(pot)s): the chips beyond it were never in the pot and go to no "
                        "one.",
                        "The awards add up to %(recorded)s chips, more than the pot holds "
                        "(%(pot)s): the chips beyond it were never in the pot and go to no "
                        "one.",
                        "recorded"),
        "move": Nn_("%(seat)s hands %(recorded)s chip to %(to)s at the table but holds "
                    "%(held)s: only those are handed over.",
                    "%(seat)s hands %(recorded)s chips to %(to)s at the table but holds "
                    "%(held)s: only those are handed over.",
                    "recorded"),
    },
    "incomplete_hand": {
        "log_ends": (N_("The log ends before the hand is decided (at: %(phase)s; %(due)s was "
                        "to act)."),
                     N_("The log ends before the hand is decided (at: %(phase)s).")),
        "not_shown": (N_("The log ends before the hand is decided: hands still to be shown and "
                         "no award (%(due)s to show)."),
                      N_("The log ends before the hand is decided: hands still to be shown and "
                         "no award.")),
    },
    "stack_mismatch": {
        None: Nn_("%(seat)s starts the hand with %(recorded)s chip; %(expected)s carried over.",
                  "%(seat)s starts the hand with %(recorded)s chips; %(expected)s carried over.",
                  "recorded"),
        "cash_out": Nn_("%(seat)s counted %(recorded)s chip at the cash-out%(count_asides)s; "
                        "the referee's stack is %(expected)s (difference: %(difference)s): no "
                        "hand was played since the buy-in, the count is compared with the "
                        "chips bought.",
                        "%(seat)s counted %(recorded)s chips at the cash-out%(count_asides)s; "
                        "the referee's stack is %(expected)s (difference: %(difference)s): no "
                        "hand was played since the buy-in, the count is compared with the "
                        "chips bought.",
                        "recorded"),
        "cash_out:outside_log": Nn_("%(seat)s counted %(recorded)s chip at the "
                                    "cash-out%(count_asides)s after hand %(after)s; the chips "
                                    "on the table are %(expected)s (difference: "
                                    "%(difference)s): the difference is not in the log (count "
                                    "again?).",
                                    "%(seat)s counted %(recorded)s chips at the "
                                    "cash-out%(count_asides)s after hand %(after)s; the chips "
                                    "on the table are %(expected)s (difference: "
                                    "%(difference)s): the difference is not in the log (count "
                                    "again?).",
                                    "recorded"),
        "cash_out:table": Nn_("%(seat)s counted %(recorded)s chip at the "
                              "cash-out%(count_asides)s after hand %(after)s; the chips on the "
                              "table are %(expected)s (difference: %(difference)s): the "
                              "difference is not in the log (count again?). The referee's "
                              "stack is %(referee)s (%(table_differences)s).",
                              "%(seat)s counted %(recorded)s chips at the "
                              "cash-out%(count_asides)s after hand %(after)s; the chips on the "
                              "table are %(expected)s (difference: %(difference)s): the "
                              "difference is not in the log (count again?). The referee's "
                              "stack is %(referee)s (%(table_differences)s).",
                              "recorded"),
    },
    "chips_added_mid_hand": {
        "open_box": Nn_("%(seat)s wagered %(chips)s chip more than they had: with an open box "
                        "it is bought from the box at once and owed to it.",
                        "%(seat)s wagered %(chips)s chips more than they had: with an open box "
                        "they are bought from the box at once and owed to it.",
                        "chips"),
        None: Nn_("%(seat)s added %(chips)s chip during the hand; what was added plays from "
                  "the next hand.",
                  "%(seat)s added %(chips)s chips during the hand; what was added plays from "
                  "the next hand.",
                  "chips"),
    },
    "passed_out": {
        "nobody_opened": Nn_("Nobody opened: the pot (%(pot)s chip) stays for the next deal "
                             "and everyone antes again.",
                             "Nobody opened: the pot (%(pot)s chips) stays for the next deal "
                             "and everyone antes again.",
                             "pot"),
        "checked_down": Nn_("Everyone checked after the draw: the pot (%(pot)s chip) stays for "
                            "the next deal.",
                            "Everyone checked after the draw: the pot (%(pot)s chips) stays "
                            "for the next deal.",
                            "pot"),
    },
    "exposed_card": {
        "kept": N_("%(card)s, meant for %(seat)s, was exposed in the deal: the player keeps "
                   "it and everyone knows it."),
        "second_withdraw": N_("A second card meant for %(seat)s (%(card)s) was exposed in the "
                              "deal: the player may withdraw from the hand (the ante stays in "
                              "the pot)."),
        "second_misdeal": N_("A second card meant for %(seat)s (%(card)s) was exposed in the "
                             "deal: it is a misdeal, the deal is void and the chips put in go "
                             "back."),
        "further": N_("A further card meant for %(seat)s (%(card)s) was exposed in the deal, "
                      "%(exposed)s of their cards in all: the player keeps it and everyone "
                      "knows it."),
        "withdraw_not_allowed": N_("%(seat)s withdrew without two of their cards exposed in "
                                   "the deal (or the house does not allow it): it is a fold."),
        "late": N_("%(card)s, a card of %(seat)s, was exposed after the deal: not a dealing "
                   "irregularity; the hand plays on and everyone knows the card."),
        "late_not_held": N_("%(card)s was exposed after the deal as a card of %(seat)s, but "
                            "it is not among the cards logged for them: not a dealing "
                            "irregularity; the hand plays on and everyone knows the card."),
        "withdraw_after_acting": N_("%(seat)s withdrew after playing on in the hand: the "
                                    "right to withdraw answers the deal; it is a fold."),
    },
    "sitout_irregular": {
        "after_ante": N_("%(seat)s announced sitting this hand out after anteing: too late to "
                         "abstain (abstaining is said before the ante and the deal); the ante "
                         "stays in the pot and it is a fold."),
        "after_deal": N_("%(seat)s announced sitting this hand out after being dealt cards: "
                         "too late to abstain (abstaining is said before the deal); what they "
                         "put in stays in the pot and it is a fold."),
        "after_betting": N_("%(seat)s announced sitting this hand out once the betting had "
                            "begun: too late to abstain, it is a fold."),
        "no_pot": N_("%(seat)s sat this hand out, but the hand has no pot (no antes): sitting "
                     "out is for a hand with a pot; here a player who does not want to play "
                     "folds in turn. %(seat)s is dealt nothing all the same."),
    },
    "misdeal": {
        None: (N_("The dealer called a misdeal: the deal is void and the chips put in go back "
                  "(%(returned)s)."),
               N_("The dealer called a misdeal: the deal is void and the chips put in go back.")),
    },
}

"""Finding kind -> case -> its sentence. The case is the finding's ``reason`` (``source`` for
``unjustified_opening``; :func:`referee.messages.case_keys`), None the kind's general
sentence; ``"reason:sub"`` a refinement tried first."""

TABLE_DIFFERENCES: dict[str, str] = {
    "pushed:more": N_("%(chips)s: the pot of hand %(hand)s, pushed to them beyond the rules"),
    "pushed:less": N_("%(chips)s: the pot of hand %(hand)s, which the rules give them and the "
                      "dealer did not push"),
    "moved:less": N_("%(chips)s: handed to %(other)s at the table in hand %(hand)s"),
    "moved:more": N_("%(chips)s: handed over by %(other)s at the table in hand %(hand)s"),
}
"""Why a seat's chips on the table differ from its stack (:mod:`referee.chips_on_table`), by
``reason:more`` / ``reason:less`` (the seat holds more / fewer chips than its stack):
``chips`` signed, ``hand`` the hand's number, ``other`` the seat a move was handed to or by
(:func:`referee.messages.table_difference`)."""
