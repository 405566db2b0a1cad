"""The state of one hand being replayed (:class:`HandState`): every fact the concern modules
(:mod:`~referee.forced`, :mod:`~referee.betting`, :mod:`~referee.draw`,
:mod:`~referee.showdown`, :mod:`~referee.outcome`) read and change, and the few primitive
moves they share (a finding, chips into the pot, who is still contesting).

It holds what physically happened at the table: chips recorded as put in are in the pot,
cards recorded as served are held. Seats are ints, chips are ints.

>>> from referee.rules import resolve_rules
>>> st = HandState(HandStart(rules=resolve_rules("jackpots", ante=5), button=4,
...                          stacks={1: 500, 3: 500, 4: 500}), ["p1 ante 5"])
>>> st.order, st.phase, st.pot_total()
([1, 3, 4], <Phase.PREDEAL: 'predeal'>, 0)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Sequence

from .actions import Action
from .findings import Finding, make
from .hand import HandStart, table_rules
from .log import read_log, sitting_out
from .pots import Pot, build_pots
from .turns import blind_seats, play_order


class Phase(StrEnum):
    """Where a hand stands (:attr:`HandState.phase`), in the order a hand goes through
    them (the draw and the betting after it repeat in a game of several draws). A
    ``str``: outside the referee a phase reads as its value (``"predraw"``), in JSON and
    in the tablet's state (:func:`referee.table.hand_state`) alike."""

    PREDEAL = "predeal"
    """Antes and blinds: the forced chips before the first voluntary bet."""
    PREDRAW = "predraw"
    """The betting round before the first draw."""
    DRAW = "draw"
    """A draw: each seat in turn discards and is served."""
    POSTDRAW = "postdraw"
    """A betting round after a draw."""
    SHOWDOWN = "showdown"
    """The betting is over with two or more in: hands are shown or mucked."""
    COMPLETE = "complete"
    """The hand is decided (uncontested, passed out, carried, a misdeal); what follows
    changes no result (the folded seats' payments after a check-down aside, seed 002)."""


PREDEAL, PREDRAW, DRAW, POSTDRAW, SHOWDOWN, COMPLETE = Phase
"""The phases as module names: the concern modules compare ``st.phase`` against these
(a module global is read several times faster than an enum member, and the phase is
compared on every line of the log)."""
BETTING_ROUNDS = frozenset((PREDRAW, POSTDRAW))
"""The phases of a betting round."""

PAST = {"open": "opened", "bet": "bet", "raise": "raised", "call": "called", "check": "checked",
        "fold": "folded", "allin": "went all in", "ante": "anted", "draw": "drew",
        "split": "split openers", "blind": "posted a blind", "straddle": "posted a straddle",
        "withdraw": "withdrew", "sitout": "sat out"}
"""A player verb in the past tense, for the findings' messages."""

LOST_HIDES = frozenset((
    "out_of_turn", "not_in_hand", "illegal_check", "bet_too_small", "bet_too_large",
    "raise_cap", "not_reopened", "wrong_amount", "missing_ante", "blind_irregular",
    "unjustified_opening", "openers_not_shown", "showdown_order", "wrong_award",
    "chips_not_conserved", "incomplete_hand", "passed_out"))
"""Findings that follow from the state of the betting: after an unreadable player line
(:attr:`HandState.lost`) they may be caused by the missing action, so they are not made."""


SET_AT_START = ("start", "actions", "parsed", "rules", "deck", "button", "order", "pos", "n",
                "cyc", "carried_in", "opening", "sat_out")
"""The fields of :class:`HandState` its constructor sets and nothing changes after."""

WRITERS: dict[str, tuple[str, ...]] = {
    "state": ("findings", "faults", "stacks", "contrib", "bets", "dead_money", "allin"),
    "replay": ("index", "lost", "lost_seats", "award_unknown", "recorded", "moves",
               "late_chips", "line_phases"),
    "rounds": ("phase", "round", "outcome", "winner", "round_first", "showdown_first", "showdown_seats",
               "draw_no", "drew", "early_drew"),
    "forced": ("anted", "blinds"),
    "betround": ("high", "last_raise", "full_high", "raises", "capped", "full_seq", "acted",
                 "acted_high", "oot_skip", "aggressor", "cursor"),
    "betting": ("folded", "due_at", "due_next"),
    "opening": ("opener", "open_index", "opener_false", "opener_split", "opener_left_index"),
    "deck": ("hands", "dealt", "seen", "stub", "discard_pool", "reshuffled", "muck_taken",
             "dead", "discards", "own_discards", "all_discards", "served_known"),
    "draw": ("drawn_total", "expect_serve", "got_serve"),
    "showdown": ("mucked", "shown", "shown_unknown", "proof", "order_fault"),
    "checkdown": ("matched",),
    "irregular": ("exposed", "misdeal_bets"),
}
"""Module of :mod:`referee` -> the fields of :class:`HandState` it alone changes after the
constructor, through its own functions (the other modules read them). A field written
by two modules would be listed under both, with the reason in :class:`HandState`'s
docstring; there is none. ``tests/referee/test_modules.py`` fails on a write from any
other module."""


class HandState:
    """One hand at the table, as far as the log has been stepped.

    Built from the table as the hand starts and the hand's log (which it parses at once:
    :func:`referee.log.read_log`). Seat -> ... dicts are keyed by int seats; chips are
    ints. The fields, by the one module that changes each (:data:`WRITERS`):

    - set at the start (:data:`SET_AT_START`): ``start``, ``actions``, ``parsed`` (Action
      or None per line), ``rules`` (made concrete for the players dealt in), ``deck``
      (frozenset of card strings), ``button``, ``order`` (seats dealt in, in play order
      from the seat after the button), ``pos`` (seat -> index in ``order``), ``n``,
      ``cyc`` (``order`` twice), ``carried_in`` (chips carried into the pot),
      ``opening`` (the opening minimum in force), ``sat_out`` (seats that abstain from
      the hand, :func:`referee.log.sitting_out`; never dealt in);
    - this module's shared moves (:meth:`find`, :meth:`put`, :meth:`put_in`,
      :meth:`add_chips`, :meth:`clear_bets`, :meth:`return_chips`): ``findings``,
      ``faults`` (keys of findings made once), ``stacks`` (chips behind), ``contrib``
      (put in this hand), ``bets`` (this round), ``dead_money`` (big blind antes),
      ``allin`` (seats with no chips behind);
    - :mod:`~referee.replay`, the log's state: ``index`` (the line being stepped),
      ``lost`` / ``lost_seats`` (an unreadable player line), ``award_unknown`` (an
      unreadable dealer line that may have been a push), ``recorded`` (``[(index, seat,
      chips)]`` of the ``d award`` lines), ``moves`` (``[(index, from seat, to seat,
      chips)]`` of the ``d move`` lines: chips handed over at the table, outside the pots),
      ``late_chips`` (rebuys during the hand), ``line_phases`` (the phase each line stepped
      so far was read in, in order: the statistics' "before the draw", ``referee.stats``);
    - :mod:`~referee.rounds`, the flow: ``phase`` (a :class:`Phase`), ``round`` (0 before
      the first draw), ``outcome`` and ``winner`` (a hand decided before the showdown, or
      at the ruling with one seat left), ``round_first`` and ``showdown_first`` (who
      speaks first), ``showdown_seats`` (the seats still in as the showdown began), ``draw_no``, ``drew`` (seats that had their turn in the draw),
      ``early_drew`` (seats that drew while the betting was on: they have drawn when the
      draw comes);
    - :mod:`~referee.forced`: ``anted``, ``blinds`` (``[(seat, chips)]``);
    - :mod:`~referee.betround`, the betting round's record: ``high`` (the bet to match),
      ``last_raise`` (the least raise), ``full_high`` (fixed limit: the round total of the
      last full bet or raise, what a short all-in is completed from), ``raises`` (full
      raises this round), ``capped`` (the raising was capped this round), ``full_seq``
      (full bets and raises so far), ``acted`` / ``acted_high`` (seat -> ``full_seq`` /
      ``high`` when it last acted), ``oot_skip`` (seats a wager out of turn skipped ->
      the bet before it), ``aggressor``, ``cursor`` (position of the last in-turn
      actor);
    - :mod:`~referee.betting`: ``folded``, ``due_at`` / ``due_next`` (who is due at line
      ``due_at``, known from the last bet);
    - :mod:`~referee.opening`: ``opener``, ``open_index``, ``opener_false``,
      ``opener_split``, ``opener_left_index`` (where an opener who had not shown threw
      the hand away);
    - :mod:`~referee.deck`, the cards: ``hands`` (seat -> list of held cards, ``"??"``
      unknown), ``dealt``, ``seen`` (card -> seat), ``stub``, ``discard_pool``,
      ``reshuffled``, ``muck_taken`` (cards of folded hands served after a reshuffle),
      ``dead`` (seat -> the action that killed its hand), ``discards`` (first draw),
      ``own_discards``, ``all_discards``, ``served_known``;
    - :mod:`~referee.draw`: ``drawn_total``, ``expect_serve``, ``got_serve``;
    - :mod:`~referee.showdown`: ``mucked``, ``shown``, ``shown_unknown``, ``proof``
      (partial shows of openers), ``order_fault``;
    - :mod:`~referee.checkdown`: ``matched`` (folded seats that paid after a carried
      check-down, seed 002);
    - :mod:`~referee.irregular`: ``exposed`` (seat -> the cards exposed to everyone while
      dealing, ``d expose``, seed 002), ``misdeal_bets`` (seat -> chips bet in the round
      a table played on after a misdeal: what a call there matches).
    """

    __slots__ = tuple(dict.fromkeys(SET_AT_START + sum(WRITERS.values(), ())))

    def __init__(self, start: HandStart, actions: Sequence[Any]):
        self.start = start
        self.actions = list(actions)
        rules = start.rules
        self.button = start.button
        self.stacks = dict(start.stacks)
        self.carried_in = start.carried
        self.opening = start.opening
        self.findings: list[Finding] = []
        self.faults: set[tuple] = set()
        # An unreadable player line before the hand was decided: what it did is unknown, so
        # the result cannot be judged from the log (awards None) and the findings that
        # would follow from the missing action are not reported (CONTRACT.md 2).
        self.lost = False
        self.lost_seats: set[int | None] = set()
        self.award_unknown = False  # an unreadable dealer line that may have been an award
        parsed, involved, betting_started, problems = read_log(self.actions, self.stacks)
        self.parsed: list[Action | None] = parsed
        for i, seat, message, line in problems:
            reason = "unparsable" if seat is None else "seat_not_at_table"
            self.find("unreadable", i, seat, message, details={
                "line": line if isinstance(line, str) else None, "reason": reason})
        # Who is dealt in: in a game with antes, the seats that appear in the log (seed 000:
        # "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas"), every seat
        # with chips until the betting starts; without antes, every seat with chips.
        ante_game = rules.ante > 0 and not rules.big_blind_ante
        box = not rules.table_stakes  # a caja libre (seed 002): a seat with no chips plays
        if not (ante_game and betting_started):
            involved |= {s for s, c in self.stacks.items() if c > 0 or box}
        # a seat with no chips at the start of the hand is not dealt in (table stakes, RRoP
        # section 3: a player plays only the chips in front of them); its lines are
        # ``not_in_hand``. With a caja libre it is dealt in: its ante and wagers are bought
        # from the box (:func:`referee.betting.cover`)
        if not box:
            involved = {s for s in involved if self.stacks.get(s, 0) > 0}
        else:
            involved &= set(self.stacks)
        # a seat that sits out (seed 000: "no se le darán cartas") is not dealt in
        self.sat_out = sitting_out(parsed)
        involved -= self.sat_out
        self.order = play_order(involved, self.button, rules.direction == "clockwise")
        self.cyc = self.order * 2  # play order twice: a slice of n is a turn from any seat
        self.pos = {s: i for i, s in enumerate(self.order)}
        self.n = len(self.order)
        self.rules, self.deck, deck_size = table_rules(rules, self.n)
        self._init_chips()
        self._init_cards(deck_size)
        self._init_betting()

    def _init_chips(self) -> None:
        self.contrib = dict.fromkeys(self.order, 0)
        self.dead_money: dict[int, int] = {}
        self.bets = dict.fromkeys(self.order, 0)
        self.late_chips: dict[int, int] = {}
        self.anted: set[int] = set()
        self.blinds: list[tuple[int, int]] = []
        self.folded: set[int] = set()
        self.mucked: set[int] = set()
        self.allin: set[int] = set()
        self.dead: dict[int, int | None] = {}
        self.recorded: list[tuple[int, int, int]] = []
        self.line_phases: list[Phase] = []  # the phase each stepped line was read in
        self.moves: list[tuple[int, int, int, int]] = []
        self.matched: set[int] = set()  # seats that paid after a carried check-down (seed 002)
        self.exposed: dict[int, list[str]] = {}  # cards exposed in the deal, by seat (seed 002)
        self.misdeal_bets: dict[int, int] = {}  # chips bet this round after a misdeal

    def _init_cards(self, deck_size: int) -> None:
        self.hands: dict[int, list[str]] = {s: ["??"] * 5 for s in self.order}
        self.dealt: dict[int, tuple[str, ...] | None] = {}
        self.discards: dict[int, list[str]] = {}
        self.own_discards: dict[int, set[str]] = {}
        self.all_discards: set[str] = set()
        self.drawn_total: dict[int, int] = {}
        self.served_known: dict[int, list[str]] = {}
        self.shown: dict[int, tuple[str, ...]] = {}
        self.shown_unknown: set[int] = set()
        self.proof: dict[int, tuple[str, ...]] = {}
        self.seen: dict[str, int] = {}
        self.drew: set[int] = set()
        self.early_drew: set[int] = set()  # drew while the betting was still on (held)
        self.expect_serve: dict[int, int] = {}
        self.got_serve: dict[int, int] = {}
        self.stub = deck_size - 5 * self.n if self.n else 0
        self.discard_pool = 0
        self.reshuffled = False  # the stub ran out and the discards were shuffled to serve
        self.muck_taken = 0  # cards of folded hands served once the stub ran out
        self.draw_no = 0

    def _init_betting(self) -> None:
        self.opener: int | None = None
        self.open_index: int | None = None
        self.opener_false: bool | None = None
        self.opener_split = False
        self.opener_left_index: int | None = None
        self.phase: Phase = PREDEAL
        self.round = 0
        self.high = 0
        self.last_raise = 0
        self.raises = 0
        self.full_high = 0  # the round total of the last full bet or raise (fixed limit)
        self.capped = False  # the raising reached the cap with three or more in (RRoP 3)
        self.full_seq = 0
        self.acted: dict[int, int] = {}
        self.acted_high: dict[int, int] = {}  # seat -> the bet it faced when it last acted
        self.oot_skip: dict[int, int] = {}  # seats skipped by an out-of-turn wager -> the bet before it
        self.cursor = -1
        self.round_first: int | None = None
        self.aggressor: int | None = None
        self.showdown_first: int | None = None
        self.showdown_seats: frozenset[int] | None = None  # those still in as the showdown began
        self.order_fault = False
        self.outcome: str | None = None
        self.winner: int | None = None
        self.index = -1
        self.due_at = -1
        self.due_next: int | None = None

    # ------------------------------------------------------------- findings
    def find(self, kind: str, index: int | None, seat: int | None, message: str,
             severity: str | None = None, once: tuple | None = None,
             details: dict | None = None, decided: bool = False) -> None:
        """Record a finding (:func:`referee.findings.make`) unless it follows from an
        unreadable line (:data:`LOST_HIDES`) or, with ``once`` (a key), one with the same
        key was already made. ``decided``: the finding does not depend on what an
        unreadable line did (the pushes of a hand whose awards the rules decide anyway,
        :func:`referee.outcome.compare_awards`), so it is made after one too."""
        if self.lost and not decided and kind in LOST_HIDES and (
                kind != "missing_ante" or None in self.lost_seats or seat in self.lost_seats):
            return  # follows from an unreadable action (reported once, as unreadable)
        if once is not None:
            if once in self.faults:
                return
            self.faults.add(once)
        self.findings.append(make(kind, index, seat, message, severity, details))

    def drop_finding(self, kind: str, index: int | None, seat: int | None) -> None:
        """Withdraw the findings of ``kind`` at line ``index`` for ``seat``: their cause was
        put right in time (a wrong serve the dealer fixed before the player looked, ``d
        fix``, seed 000: "hará que rectifique el que las dio")."""
        self.findings = [f for f in self.findings
                         if not (f.kind == kind and f.action == index and f.seat == seat)]

    def ordered_findings(self) -> list[Finding]:
        """The findings in the order of the log (by action index, those of no line last;
        in the order made within a line), sorted in place: the ruling's list."""
        if len(self.findings) > 1:
            self.findings.sort(key=lambda f: (f.action is None, f.action or 0))
        return self.findings

    # ---------------------------------------------------------------- chips
    def put(self, seat: int, chips: int) -> int:
        """Move ``chips`` from the seat's stack to the pot and its bet this round (capped
        at the stack: table stakes; with a caja libre the caller has bought what is lacking
        first, :func:`referee.betting.cover`); returns the chips moved. A seat left with no
        chips is all in, with table stakes only (seed 002: with a caja libre «cada jugador
        responde» of no stack: nobody is all in)."""
        stacks = self.stacks
        have = stacks[seat]
        if chips > have:
            chips = have
        if chips < 0:
            chips = 0
        stacks[seat] = have = have - chips
        self.contrib[seat] += chips
        self.bets[seat] += chips
        if have == 0 and self.rules.table_stakes:
            self.allin.add(seat)  # (a caja libre has no all in: the box sells what is lacking)
        return chips

    def put_in(self, seat: int, chips: int, dead: bool = False) -> None:
        """Move ``chips`` (no more than the stack: the caller caps them) from the seat's
        stack into the pot, not as a bet of this round: an ante, or a folded seat's
        payment after a check-down (seed 002). ``dead``: paid for the whole table (a big
        blind ante), dead money in the main pot. A seat left with no chips is all in (with
        table stakes only: with a caja libre, ``table_stakes`` false, seed 002, nobody is
        all in, the box sells what is lacking)."""
        stacks = self.stacks
        stacks[seat] -= chips
        if dead:
            self.dead_money[seat] = self.dead_money.get(seat, 0) + chips
        else:
            self.contrib[seat] += chips
        if stacks[seat] == 0 and self.rules.table_stakes:
            self.allin.add(seat)

    def add_chips(self, seat: int, chips: int) -> None:
        """Chips bought before the cards (a between-hands rebuy) join the seat's stack."""
        self.stacks[seat] += chips

    def clear_bets(self) -> None:
        """A betting round is over: the bets in front of the seats join the pot (each
        seat's bet this round back to 0; the chips stay counted in ``contrib``)."""
        self.bets = dict.fromkeys(self.order, 0)

    def return_chips(self) -> None:
        """A misdeal: every chip put in this hand, dead money too, goes back to the stack
        it came from (a carried pot stays in the middle)."""
        stacks = self.stacks
        for s, c in self.contrib.items():
            stacks[s] += c
        for s, c in self.dead_money.items():
            stacks[s] += c

    def pot_total(self) -> int:
        """Chips in the middle: carried in plus everything put in this hand (int)."""
        return self.carried_in + sum(self.contrib.values()) + sum(self.dead_money.values())

    def live_pots(self) -> list[Pot]:
        """The pots as the chips stand now (main pot first, then side pots; RRoP section
        3): contributions split among the seats neither folded, mucked nor dead; empty
        when nobody is live or the middle is empty."""
        out = self.folded | self.mucked
        live = [s for s in self.order if s not in out and s not in self.dead]
        if not live or not self.pot_total():
            return []
        return build_pots(self.contrib, live, self.carried_in + sum(self.dead_money.values()))

    # ---------------------------------------------------------------- seats
    def next_seats(self, after: int) -> list[int]:
        """All seats in play order, starting after position ``after`` (cyclic)."""
        return self.cyc[after + 1:after + 1 + self.n]

    def contesting(self) -> list[int]:
        """Seats neither folded nor mucked, in play order."""
        return [s for s in self.order if s not in self.folded and s not in self.mucked]

    def can_act(self, s: int) -> bool:
        """Whether seat ``s`` can still act (not folded, mucked or all in)."""
        return s not in self.folded and s not in self.mucked and s not in self.allin

    def expected_blind_seats(self) -> tuple[int | None, int | None]:
        """The seats due to post the blind and the double blind (:func:`blind_seats`)."""
        return blind_seats(self.order, self.button)

    # ----------------------------------------------------------------- sizes
    def bet_size(self) -> int:
        """Fixed-limit size of this round: small bet before the draw (and after the first of
        three draws), big bet after (RRoP section 11; triple draw)."""
        r = self.rules
        if self.round == 0 or (r.draws == 3 and self.round == 1):
            return r.small_bet
        return r.big_bet

    def min_bet(self) -> int:
        """The least opening bet: the round's size in fixed limit, else the house minimum
        (at least the big blind and one chip; with ``unposted_blind_min`` ``min_bet``, in a
        hand where no blind was posted, the house minimum alone)."""
        r = self.rules
        if r.betting == "fixed_limit":
            return self.bet_size()
        if r.unposted_blind_min == "min_bet" and not self.blinds:
            return max(r.min_bet, 1)  # no blind posted (seed 000: "no es obligatoria")
        return max(r.min_bet, r.big_blind, 1)
