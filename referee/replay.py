"""The hand state machine: replay one hand of five-card draw under the house rules.

:class:`HandReplay` takes the table as the hand starts (:class:`HandStart`) and steps
through the log one action at a time (:meth:`HandReplay.step`), keeping the state what
physically happened at the table (chips recorded as put in are in the pot, cards recorded
as served are held) and recording a :class:`~referee.findings.Finding` for every
irregularity. :meth:`HandReplay.finish` rules on the end of the hand: who gets what.

Turn order (CONTRACT.md "How the log is read"): ``direction`` clockwise goes to higher
seat numbers, counterclockwise (seed 000) to lower. Before the draw the first seat to speak
is the one after the button (after the blinds, where posted); the draw starts after the
button; after the draw the opener speaks first (or the next live seat), and in games
without an opener the first live seat after the button. After an action out of turn play
backs up to the seat that was due (TDA rule 53).

Phases: ``predeal`` (antes and blinds), ``predraw`` (betting before the first draw),
``draw``, ``postdraw`` (betting after a draw), ``showdown``, ``complete``.

Rulings where the contract is silent (card-room practice): a hand must be tabled to win
(RRoP section 4); a check while facing a bet leaves the seat still owing action; a false
opener's hand is dead and, if nobody else is live, the antes and bets carry (RRoP section
11); the odd chip of a split goes to the first tied seat after the button in the direction
of play (or, where ``suit_order`` is set, to the tied hand holding the best card by suit).
``pN rebuy A`` (an extension) records chips bought during a hand: they play from the next
hand (``chips_added_mid_hand``).

Irregular logs: an unreadable player line before the hand is decided leaves the result
undecided (``awards`` None, unless one seat is left) and the seat, if it was due, counts as
having acted; the betting findings that could follow from the missing action are not made
(CONTRACT.md 2: reported once, as ``unreadable``). Several short all-ins that add up to a
full raise reopen the betting (TDA rule 47). A seat skipped by a wager out of turn may still
check (TDA rule 53). A player action after the pot was pushed is one ``not_in_hand`` and
changes nothing. A duplicate card voids the hand: every chip goes back (RRoP section 13).
A discarded card comes back only after the stub ran out (the discards reshuffled).

>>> from referee.rules import resolve_rules
>>> start = HandStart(rules=resolve_rules("jackpots", ante=5, small_bet=10, big_bet=20),
...                   button=4, stacks={1: 500, 3: 500, 4: 500})
>>> h = HandReplay(start, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10"])
>>> h.run().phase, h.due()
('predraw', 4)
>>> [l["verb"] for l in h.legal()]
['call', 'raise', 'fold']
"""

from __future__ import annotations

from typing import Sequence

from .actions import Action, ActionError, parse_action, parse_line
from .findings import Finding, make
from .hand import HandResult, HandStart, table_rules
from .openers import meets_opening, openers_could_be_kept
from .pots import Pot, award_pots, build_pots
from .turns import blind_seats, blind_size, next_to_bet, play_order


class HandReplay:
    """Replay of one hand. Build it, call :meth:`step` per action (or :meth:`run`), then
    :meth:`finish`. Never raises on a player's or dealer's mistake; those are findings.

    :param start: the table as the hand starts.
    :param actions: the hand's action strings (CONTRACT.md section 2).
    """

    __slots__ = (
        "start", "actions", "button", "stacks", "carried_in", "opening", "findings", "_faults",
        "parsed", "order", "pos", "n", "contrib", "dead_money", "bets", "folded", "mucked",
        "allin", "dead", "anted", "hands", "dealt", "discards", "own_discards", "all_discards",
        "drawn_total", "served_known", "shown", "shown_unknown", "proof", "late_chips", "seen",
        "blinds", "opener", "open_index", "opener_false", "opener_split", "opener_left_index",
        "phase", "round", "draw_no", "high", "last_raise", "raises", "full_seq", "acted",
        "cursor", "round_first", "aggressor", "drew", "expect_serve", "got_serve", "stub",
        "discard_pool", "showdown_first", "order_fault", "outcome", "winner", "recorded",
        "index", "_due_at", "_due_val", "rules", "deck", "_cyc",
        "lost", "lost_seats", "award_unknown", "acted_high", "oot_skip", "reshuffled",
    )

    def __init__(self, start: HandStart, actions: Sequence[str]):
        self.start = start
        self.actions = list(actions)
        rules = start.rules
        self.button = start.button
        self.stacks = dict(start.stacks)
        self.carried_in = start.carried
        self.opening = start.opening
        self.findings: list[Finding] = []
        self._faults: set[tuple] = set()
        self.parsed: list[Action | None] = []
        # An unreadable player line before the hand was decided: what it did is unknown, so
        # the result cannot be judged from the log (awards None) and the findings that
        # would follow from the missing action are not reported (CONTRACT.md 2).
        self.lost = False
        self.lost_seats: set[int | None] = set()
        self.award_unknown = False  # an unreadable dealer line that may have been an award
        involved, betting_started = self._read_log()
        # Who is dealt in: in a game with antes, the seats that appear in the log (seed 000:
        # "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas"), every seat
        # with chips until the betting starts; without antes, every seat with chips.
        ante_game = rules.ante > 0 and not rules.big_blind_ante
        if not (ante_game and betting_started):
            involved |= {s for s, c in self.stacks.items() if c > 0}
        # a seat with no chips at the start of the hand is not dealt in (table stakes, RRoP
        # section 3: a player plays only the chips in front of them); its lines are
        # ``not_in_hand``
        involved = {s for s in involved if self.stacks.get(s, 0) > 0}
        self.order = self._order(involved)
        self._cyc = self.order * 2  # play order twice: a slice of n is a turn from any seat
        self.pos = {s: i for i, s in enumerate(self.order)}
        self.n = len(self.order)
        self.rules, self.deck, deck_size = table_rules(rules, self.n)
        self.contrib = dict.fromkeys(self.order, 0)
        self.dead_money: dict[int, int] = {}
        self.bets = dict.fromkeys(self.order, 0)
        self.folded: set[int] = set()
        self.mucked: set[int] = set()
        self.allin: set[int] = set()
        self.dead: dict[int, int | None] = {}
        self.anted: set[int] = set()
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
        self.late_chips: dict[int, int] = {}
        self.seen: dict[str, int] = {}
        self.blinds: list[tuple[int, int]] = []
        self.opener: int | None = None
        self.open_index: int | None = None
        self.opener_false: bool | None = None
        self.opener_split = False
        self.opener_left_index: int | None = None
        self.phase = "predeal"
        self.round = 0
        self.draw_no = 0
        self.high = 0
        self.last_raise = 0
        self.raises = 0
        self.full_seq = 0
        self.acted: dict[int, int] = {}
        self.cursor = -1
        self.round_first: int | None = None
        self.aggressor: int | None = None
        self.drew: set[int] = set()
        self.expect_serve: dict[int, int] = {}
        self.got_serve: dict[int, int] = {}
        self.stub = deck_size - 5 * self.n if self.n else 0
        self.discard_pool = 0
        self.showdown_first: int | None = None
        self.order_fault = False
        self.outcome: str | None = None
        self.winner: int | None = None
        self.recorded: list[tuple[int, int, int]] = []
        self.index = -1
        self._due_at = -1
        self._due_val: int | None = None
        self.acted_high: dict[int, int] = {}  # seat -> the bet it faced when it last acted
        self.oot_skip: dict[int, int] = {}  # seats skipped by an out-of-turn wager -> the bet before it
        self.reshuffled = False  # the stub ran out and the discards were shuffled to serve

    def _read_log(self) -> tuple[set[int], bool]:
        """Parse the log into :attr:`parsed` (None for an unreadable line, with its
        ``unreadable`` finding, or a line naming a seat not at the table).

        :returns: ``(seats, betting_started)``: the seats the log shows dealt in (an ante,
            a deal or serve, any other player line but a rebuy) and whether a player line
            other than an ante or a rebuy appears.
        """
        seats_at_table = self.stacks
        cache = _PARSED
        try:  # the common case: every line read before, every seat at the table
            entries = [cache[line] for line in self.actions]
        except (KeyError, TypeError):
            entries = None
        if entries is not None:
            seats = {a.seat for a, _ in entries}
            seats.discard(None)
            if seats_at_table.keys() >= seats:
                self.parsed = [a for a, _ in entries]
                roles = [role for _, role in entries]
                return {a.seat for a, role in entries if role}, 2 in roles
        parsed = self.parsed
        involved: set[int] = set()
        betting_started = False
        for i, line in enumerate(self.actions):
            try:
                entry = cache.get(line)
            except TypeError:  # not hashable: certainly not an action string
                entry = None
            if entry is None:
                try:
                    entry = _parse_line(line)
                except ActionError as exc:
                    parsed.append(None)
                    self._find("unreadable", i, None, str(exc))
                    continue
            a, role = entry
            seat = a.seat
            if seat is not None and seat not in seats_at_table:
                parsed.append(None)
                self._find("unreadable", i, seat, f"{line!r}: seat {seat} is not at the table")
                continue
            parsed.append(a)
            if role:
                involved.add(seat)
                if role == 2:
                    betting_started = True
        return involved, betting_started

    # ----------------------------------------------------------------- helpers
    def _order(self, seats: set[int]) -> list[int]:
        """Seats in the direction of play, starting with the first seat after the button."""
        return play_order(seats, self.button, self.start.rules.direction == "clockwise")

    def _find(self, kind: str, index: int | None, seat: int | None, message: str,
              severity: str | None = None, once: tuple | None = None,
              details: dict | None = None) -> None:
        if self.lost and kind in _LOST_HIDES and (kind != "missing_ante" or None in self.lost_seats
                                                  or seat in self.lost_seats):
            return  # follows from an unreadable action (reported once, as unreadable)
        key = once if once is not None else None
        if key is not None:
            if key in self._faults:
                return
            self._faults.add(key)
        self.findings.append(make(kind, index, seat, message, severity, details))

    def _put(self, seat: int, chips: int) -> int:
        """Move ``chips`` from the seat's stack to the pot (capped at the stack: table stakes)."""
        stacks = self.stacks
        have = stacks[seat]
        if chips > have:
            chips = have
        if chips < 0:
            chips = 0
        stacks[seat] = have = have - chips
        self.contrib[seat] += chips
        self.bets[seat] += chips
        if have == 0 and self.phase != "predeal":
            self.allin.add(seat)
        return chips

    def _next_seats(self, after: int) -> list[int]:
        """All seats in play order, starting after position ``after`` (cyclic)."""
        return self._cyc[after + 1:after + 1 + self.n]

    def _contesting(self) -> list[int]:
        return [s for s in self.order if s not in self.folded and s not in self.mucked]

    def _can_act(self, s: int) -> bool:
        return s not in self.folded and s not in self.mucked and s not in self.allin

    def _needs(self, s: int) -> bool:
        return self._can_act(s) and (s not in self.acted or self.bets[s] < self.high)

    def pot_total(self) -> int:
        """Chips in the middle: carried in plus everything put in this hand (int)."""
        return self.carried_in + sum(self.contrib.values()) + sum(self.dead_money.values())

    def _bet_size(self) -> int:
        """Fixed-limit size of this round: small bet before the draw (and after the first of
        three draws), big bet after (RRoP section 11; triple draw)."""
        r = self.rules
        if self.round == 0 or (r.draws == 3 and self.round == 1):
            return r.small_bet
        return r.big_bet

    def _min_bet(self) -> int:
        r = self.rules
        if r.betting == "fixed_limit":
            return self._bet_size()
        return max(r.min_bet, r.big_blind, 1)

    def due(self) -> int | None:
        """The seat due to act now (int), or None (no one: the phase is over or not begun).

        Before the deal, the next seat that has not anted (when antes are owed).
        """
        if self.phase in ("complete",) or not self.n:
            return None
        if self.phase == "predeal":
            owed = self._predeal_owed()
            return owed[0] if owed else self._first_speaker_predraw()
        if self.phase == "draw":
            for s in self.order:
                if s not in self.drew and s not in self.folded and s not in self.mucked:
                    return s
            return None
        if self.phase == "showdown":
            for s in self._showdown_order():
                if s not in self.shown and s not in self.mucked:
                    return s
            return None
        return self._bet_due()

    def _predeal_owed(self) -> tuple[int, str, int] | None:
        """Before the first bet: the next forced chips owed, ``(seat, verb, chips)``: each
        seat's ante (or the big blind's ante for the table), then the blinds where the house
        sets their size (the deuce-to-seven games; the seeds' blinds are optional)."""
        r = self.rules
        small, big = self._expected_blind_seats()
        if r.ante:
            if r.big_blind_ante:
                if big is not None and big not in self.anted and self.stacks[big] > 0:
                    return big, "ante", r.ante
            else:
                for s in self.order:
                    if s not in self.anted and self.stacks[s] > 0:
                        return s, "ante", r.ante
        if r.blinds_allowed and r.small_blind and not self.blinds and small is not None:
            return small, "blind", r.small_blind
        if (r.blinds_allowed and r.big_blind and len(self.blinds) == 1 and big is not None
                and self.blinds[0][0] != big):
            return big, "straddle", r.big_blind
        return None

    def _bet_due(self) -> int | None:
        """The seat due in a betting round, or None when the round is over (see
        :func:`next_to_bet`)."""
        return next_to_bet(self._cyc, self.cursor + 1, self.n, self.folded, self.mucked,
                           self.allin, self.bets, self.high, self.acted)

    def _reopened(self, seat: int) -> bool:
        """Whether the betting is open to ``seat`` for a raise: it has not acted in this
        round, or a full raise came after it acted, or the short all-ins since it acted add
        up to a full raise (TDA rule 47; RRoP section 15, No-Limit: "all-in wagers ... of
        less than a full raise ... in total" reopen the betting)."""
        acted = self.acted
        if seat not in acted or self.full_seq > acted[seat]:
            return True
        need = self._bet_size() if self.rules.betting == "fixed_limit" else self.last_raise
        return self.high - self.acted_high.get(seat, self.high) >= need

    def _betting_over(self) -> bool:
        return self._bet_due() is None

    def _first_speaker_predraw(self) -> int | None:
        if self.blinds:
            last = self.blinds[-1][0]
            if last in self.pos:
                return self.order[(self.pos[last] + 1) % self.n]
        return self.order[0] if self.order else None

    # ------------------------------------------------------------ the rounds
    def _start_betting(self) -> None:
        self.phase = "predraw" if self.round == 0 else "postdraw"
        if self.round > 0:
            self.bets = dict.fromkeys(self.order, 0)
            self.high = 0
            self.raises = 0
            self.last_raise = self._min_bet()
            self.acted = {}
            self.acted_high = {}
            self.oot_skip = {}
            self.aggressor = None
            first = None
            if self.opener is not None and self.rules.opening is not None and not self.blinds:
                for s in [self.opener] + self._next_seats(self.pos[self.opener]):
                    if self._can_act(s):
                        first = s
                        break
            if first is None:
                folded, mucked, allin = self.folded, self.mucked, self.allin
                for s in self.order:  # the first seat that can act (inlined _can_act)
                    if s not in folded and s not in mucked and s not in allin:
                        first = s
                        break
            self.round_first = first
            self.cursor = (self.pos[first] - 1) if first is not None else -1
        else:
            first = self._first_speaker_predraw()
            self.round_first = first
            self.cursor = (self.pos[first] - 1) if first is not None else -1
            if self.blinds:
                self.last_raise = max(self._min_bet(), self.high)
            else:
                self.last_raise = self._min_bet()
        if self._betting_over():
            self._end_betting(self.index)

    def _end_betting(self, index: int | None) -> None:
        """The betting round is over: the hand ends uncontested, passes out, carries, goes
        to the draw or to the showdown."""
        live = self._contesting()
        if len(live) == 1:
            self.phase = "complete"
            self.outcome = "uncontested"
            self.winner = live[0]
            return
        if not live:
            self.phase = "complete"
            self.outcome = "carried"
            return
        nobody_bet = self.high == 0 and not any(self.bets.values())
        if self.round == 0:
            if (nobody_bet and self.rules.opening is not None and not self.blinds
                    and self.opener is None and not self.lost):
                self.phase = "complete"
                self.outcome = "passed_out"
                self._find("passed_out", index, None, "nobody opened: the pot stays for the next "
                           "deal and everyone antes again")
                return
        elif self.round >= self.rules.draws:
            if (nobody_bet and self.rules.checkdown == "carry" and not self.lost
                    and len([s for s in live if s not in self.allin]) >= 2):
                self.phase = "complete"
                self.outcome = "carried"
                self._find("passed_out", index, None, "everyone checked after the draw: the pot "
                           "stays for the next deal (plato de palabra)")
                return
            self._start_showdown()
            return
        self.phase = "draw"
        self.draw_no += 1
        self.drew = set()
        self.bets = dict.fromkeys(self.order, 0)

    def _end_draw(self) -> None:
        self.round += 1
        self._start_betting()

    def _showdown_order(self) -> list[int]:
        """The seats still contesting, in showdown order: from ``showdown_first`` round
        the table in play order (play order from the button when it is not set)."""
        first = self.showdown_first
        if first is None or first not in self.pos:
            return self._contesting()
        folded, mucked = self.folded, self.mucked
        p = self.pos[first]
        return [s for s in self._cyc[p:p + self.n] if s not in folded and s not in mucked]

    def _start_showdown(self) -> None:
        self.phase = "showdown"
        self.bets = dict.fromkeys(self.order, 0)
        first = self.aggressor if self.aggressor is not None else self.round_first
        live = self._contesting()
        if first not in live:
            first = None
            if self.round_first is not None and self.round_first in self.pos:
                for s in [self.round_first] + self._next_seats(self.pos[self.round_first]):
                    if s in live:
                        first = s
                        break
        self.showdown_first = first

    # ------------------------------------------------------------------- step
    def run(self) -> "HandReplay":
        """Step through every action of the log; returns self (call :meth:`finish` next)."""
        step = self.step
        for i in range(len(self.actions)):
            step(i)
        return self

    def step(self, i: int) -> None:
        """Apply action ``i`` of the log to the state, recording findings."""
        self.index = i
        a = self.parsed[i]
        if a is None:
            self._unreadable_step(i)
            return
        if a.actor == "d":
            _DEALER[a.verb](self, i, a)
            return
        seat = a.seat
        verb = a.verb
        if self.recorded and verb not in _AFTER_AWARD_OK:
            # the pot was pushed: the hand is over; nothing a player does changes it
            self._find("not_in_hand", i, seat, f"seat {seat} {_PAST.get(verb, verb)} after the "
                       "hand was over (the pot had been pushed)")
            return
        if seat not in self.folded and seat not in self.mucked:
            # the common cases first: a bet in a betting round, a draw in the draw, a show
            # at the showdown (the same handlers as the general path below)
            phase = self.phase
            if verb in _BETTING and (phase == "predraw" or phase == "postdraw") and seat in self.pos:
                self._p_bet(i, seat, a)
                return
            if verb == "draw" and phase == "draw" and seat in self.pos:
                self._p_draw(i, seat, a)
                return
            if verb == "show" and phase == "showdown" and seat in self.pos:
                self._p_show(i, seat, a)
                return
        if seat not in self.pos:
            if verb != "rebuy":
                self._find("not_in_hand", i, seat, f"seat {seat} was never dealt in this hand: "
                           f"it cannot {verb}", once=("never", seat))
            return
        if verb == "ante":
            self._p_ante(i, seat, a)
            return
        if verb in ("blind", "straddle"):
            self._p_blind(i, seat, a)
            return
        if verb == "rebuy":
            if self.phase == "predeal" and not any(
                    p is not None and p.actor == "p" and p.verb != "ante" for p in self.parsed[:i]):
                self.stacks[seat] += a.amount  # before the cards: a between-hands rebuy
            else:
                self.late_chips[seat] = self.late_chips.get(seat, 0) + a.amount
                self._find("chips_added_mid_hand", i, seat, f"seat {seat} added {a.amount} "
                           f"chips during the hand; they play from the next hand")
            return
        if self.phase == "predeal":
            self._leave_predeal(i)
        if self.phase == "complete":
            if verb == "show":
                self._record_show(i, seat, a.cards)
            elif verb in ("muck", "fold"):
                if seat == self.opener and seat not in self.shown:
                    self.opener_left_index = i
            elif self.outcome not in ("misdeal",):
                self._find("not_in_hand", i, seat, f"seat {seat} {_PAST.get(verb, verb)} after "
                           "the hand was over")
            return
        if seat in self.folded or seat in self.mucked:
            if verb == "show":
                self._record_show(i, seat, a.cards)
                return
            self._find("not_in_hand", i, seat, f"seat {seat} acted after folding",
                       once=("folded", seat))
            return
        if verb == "show":
            self._p_show(i, seat, a)
        elif verb == "muck":
            self._p_muck(i, seat)
        elif verb == "split":
            self._p_split(i, seat)
        elif verb == "draw":
            self._p_draw(i, seat, a)
        else:
            self._p_bet(i, seat, a)

    def _unreadable_step(self, i: int) -> None:
        """An unreadable line (its ``unreadable`` finding is already made). A dealer line
        changes no chips (one that may be an award leaves the push unjudged); a player line
        before the hand is decided makes the hand :attr:`lost`: its result is not judged
        and the seat, if it was due, counts as having acted (so that the turn order goes on
        without a cascade of findings)."""
        line = self.actions[i]
        words = line.split() if isinstance(line, str) else []
        who = words[0] if words else ""
        if who in ("d", "D"):
            if len(words) < 2 or words[1].lower() not in ("deal", "serve", "note", "misdeal"):
                self.award_unknown = True  # (it may have been a push: do not judge them)
            return
        if self.phase == "complete" or (self.recorded and self.phase == "showdown"):
            return  # after the hand was decided: nothing it did changes the result
        seat = None
        if len(who) > 1 and who[0] in "pP" and who[1:].isascii() and who[1:].isdigit():
            seat = int(who[1:])
        self.lost = True
        self.lost_seats.add(seat if seat in self.pos else None)
        if seat not in self.pos:
            return
        if self.phase == "predeal":
            if len(words) > 1 and words[1].lower().startswith(("ante", "blind", "straddle")):
                self.anted.add(seat)
                return
            self._leave_predeal(i)
        verb = words[1].lower() if len(words) > 1 else ""
        if self.phase in ("predraw", "postdraw") and verb in ("open", "bet", "raise", "allin"):
            # a wager of unknown size: every other seat must answer it (no chips guessed)
            self.full_seq += 1
            for s in [s for s in self.acted if s != seat]:
                del self.acted[s]
            self.aggressor = seat
            if (verb in ("open", "bet") and self.round == 0 and self.opener is None
                    and self.rules.opening is not None and not self.blinds):
                self.opener, self.open_index = seat, i
        if self.phase in ("predraw", "postdraw") and self._bet_due() == seat:
            self.acted[seat] = self.full_seq
            self.acted_high[seat] = self.high
            self.cursor = self.pos[seat]
            if self._bet_due() is None:
                self._end_betting(i)
        elif self.phase == "draw" and self.due() == seat:
            self.drew.add(seat)
            if self.due() is None:
                self._end_draw()

    def _leave_predeal(self, i: int) -> None:
        r = self.rules
        if r.ante and not r.big_blind_ante:
            for s in self.order:
                if s not in self.anted:
                    first = next((k for k, p in enumerate(self.parsed) if p is not None
                                  and p.actor == "p" and p.seat == s), None)
                    self._find("missing_ante", first, s, f"seat {s} was dealt in without its "
                               f"ante of {r.ante}")
        self.phase = "predraw"
        self._start_betting()

    # ----------------------------------------------------------- antes, blinds
    def _p_ante(self, i: int, seat: int, a: Action) -> None:
        r = self.rules
        owed = r.ante
        if r.big_blind_ante:
            owed = r.ante if self._expected_blind_seats()[1] == seat else 0
        if seat in self.anted and owed:
            self._find("wrong_amount", i, seat, f"seat {seat} anted twice ({a.amount} more)")
        elif owed and (a.amount > owed or a.amount < min(owed, self.stacks[seat])):
            self._find("wrong_amount", i, seat, f"seat {seat} anted {a.amount}; the ante is {owed}")
        self.anted.add(seat)
        chips = min(a.amount, self.stacks[seat])
        self.stacks[seat] -= chips
        if r.big_blind_ante:
            # the big blind ante is paid for the whole table: dead money in the main pot
            self.dead_money[seat] = self.dead_money.get(seat, 0) + chips
        else:
            self.contrib[seat] += chips
        if self.stacks[seat] == 0:
            self.allin.add(seat)

    def _expected_blind_seats(self) -> tuple[int | None, int | None]:
        return blind_seats(self.order, self.button)

    def _p_blind(self, i: int, seat: int, a: Action) -> None:
        r = self.rules
        small, big = self._expected_blind_seats()
        k = len(self.blinds)
        is_big = a.verb == "straddle" or k > 0
        if self.phase not in ("predeal", "predraw") or (self.phase == "predraw" and self.acted):
            self._find("blind_irregular", i, seat,
                       f"seat {seat} posted a blind after the betting began")
        elif not r.blinds_allowed:
            self._find("blind_irregular", i, seat, "blinds are not played under these house rules")
        else:
            want_seat = big if is_big else small
            if self.blinds:
                want_seat = self.order[(self.pos[self.blinds[-1][0]] + 1) % self.n]
            if seat != want_seat:
                self._find("blind_irregular", i, seat,
                           f"seat {seat} posted the {'double ' if is_big else ''}blind; it was "
                           f"seat {want_seat}'s")
            size = blind_size(r, self.blinds, self.pot_total())
            if size and (a.amount > size or a.amount < min(size, self.stacks[seat])):
                self._find("blind_irregular", i, seat,
                           f"seat {seat} posted {a.amount} as the {'double ' if is_big else ''}"
                           f"blind; it is {size}")
        self._put(seat, a.amount)
        self.blinds.append((seat, self.bets[seat]))
        self.high = max(self.high, self.bets[seat])

    # ----------------------------------------------------------------- betting
    def _p_bet(self, i: int, seat: int, a: Action) -> None:
        verb = a.verb
        phase = self.phase
        if phase == "draw" and verb == "fold":
            # throwing the hand away at the draw: no bet is involved, nothing to back up
            self.folded.add(seat)
            if seat == self.opener and seat not in self.shown:
                self.opener_left_index = i
            live = self._contesting()
            if len(live) == 1:
                self.phase, self.outcome, self.winner = "complete", "uncontested", live[0]
            elif self.due() is None:
                self._end_draw()
            return
        if phase == "draw":
            if self.drew and seat not in self.drew and verb in ("check", "call"):
                # a check in the middle of the draw by a seat yet to draw: nothing to end
                self._find("out_of_turn", i, seat, f"seat {seat} {_PAST[verb]} during the draw, "
                           "before drawing")
                return
            if self.drew:
                waiting = self.due()
                self._find("out_of_turn", i, seat, f"seat {seat} {_PAST.get(verb, verb)} while "
                           f"seat {waiting} had still to draw", details={"due": waiting})
            self._end_draw()
            if self.phase not in ("predraw", "postdraw"):
                if verb in ("open", "bet", "raise", "allin") and not self.drew:
                    # no betting round follows (everyone all in, or the hand is over)
                    self._find("out_of_turn", i, seat, f"seat {seat} {_PAST[verb]} when no "
                               "betting was left (every other seat all in or out)")
                return
        elif phase == "showdown":
            if verb == "fold":
                self._p_muck(i, seat)
                return
            if verb in ("check", "call"):
                return
            # the betting is closed: chips pushed now are not part of the pot (one finding)
            self._find("out_of_turn", i, seat, f"seat {seat} {_PAST.get(verb, verb)} after the "
                       "betting was over")
            return
        due = self._due_val if self._due_at == i else self._bet_due()
        in_turn = due == seat
        if not in_turn:
            self._find("out_of_turn", i, seat,
                       f"seat {seat} {_PAST.get(verb, verb)} while "
                       + (f"seat {due} was to act" if due is not None else "no one was to act"),
                       details={"due": due})
        owed = self.high - self.bets[seat]
        if verb == "fold":
            self.folded.add(seat)
            if seat == self.opener and seat not in self.shown:
                self.opener_left_index = i
        elif verb == "check":
            if owed > 0 and not (seat in self.oot_skip and self.bets[seat] >= self.oot_skip[seat]):
                # (a seat skipped by a wager out of turn may still check: TDA rule 53,
                # the action backs up and the seat acts as if the wager had not been made)
                self._find("illegal_check", i, seat,
                           f"seat {seat} checked facing a bet of {self.high}")
        elif verb == "call":
            if owed <= 0:
                if a.amount is not None and a.amount != self.bets[seat]:
                    self._find("wrong_amount", i, seat, f"seat {seat} called {a.amount} with "
                               f"nothing to call")
                    self._put(seat, a.amount - self.bets[seat])
            elif a.amount is not None and a.amount != (due_total := min(
                    self.high, self.bets[seat] + self.stacks[seat])):
                # an all-in call for less is owed only the chips left (table stakes)
                self._find("wrong_amount", i, seat, f"seat {seat} called {a.amount}; the call was "
                           f"{due_total}")
                self._put(seat, a.amount - self.bets[seat])
            else:
                self._put(seat, owed)
        else:
            if verb == "allin":
                total = self.bets[seat] + self.stacks[seat]
            else:
                total = a.amount
            high_before = self.high
            self._wager(i, seat, verb, total, in_turn)
            if not in_turn and due is not None and self.high > high_before:
                # TDA 53: the seats skipped keep the options they had before the wager
                skip = self.oot_skip
                p = self.pos[due]
                for s in self._cyc[p:p + self.n]:
                    if s == seat:
                        break
                    if self._can_act(s) and s not in skip:
                        skip[s] = high_before
        if self.oot_skip:
            self.oot_skip.pop(seat, None)
        self.acted[seat] = self.full_seq
        self.acted_high[seat] = self.high
        if in_turn:
            self.cursor = self.pos[seat]
        nxt = self._bet_due()
        if nxt is None:
            self._end_betting(i)
        else:
            self._due_at, self._due_val = i + 1, nxt  # who is due at the next action

    def _wager(self, i: int, seat: int, verb: str, total: int, in_turn: bool) -> None:
        """A bet, open, raise or all-in to ``total`` chips this round."""
        r = self.rules
        stack = self.stacks[seat]
        have = self.bets[seat] + stack
        capped = total > have
        if capped:
            self._find("bet_too_large", i, seat, f"seat {seat} wagered {total} with only {have}")
            total = have  # (all in: the size checks below would report the same cause again)
        allin = total >= have
        if total <= self.high:
            # an all-in call for less, or a "raise" that does not raise
            if not allin:
                self._find("bet_too_small", i, seat, f"seat {seat} {_PAST.get(verb, verb)} "
                           f"{total}, not above the bet of {self.high}")
            self._put(seat, total - self.bets[seat])
            return
        opening = self.high == 0
        increment = total - self.high
        size = self._bet_size() if r.betting == "fixed_limit" else None
        if opening:
            if r.betting == "fixed_limit":
                if total != size and not (allin and total < size) and not capped:
                    kind = "bet_too_small" if total < size else "bet_too_large"
                    self._find(kind, i, seat, f"seat {seat} bet {total}; the bet is {size} in "
                               f"this round")
            elif total < self._min_bet() and not allin:
                self._find("bet_too_small", i, seat, f"seat {seat} bet {total}; the minimum "
                           f"bet is {self._min_bet()}")
            if r.betting == "pot_limit" and not capped:
                cap = self.pot_total()
                if total > cap:
                    self._find("bet_too_large", i, seat, f"seat {seat} bet {total}; the pot "
                               f"limit was {cap}")
            if self.round == 0 and self.opener is None and not self.blinds:
                self.opener = seat
                self.open_index = i
                self._judge_opening_from_deal(i, seat)
            full = (not allin or increment >= self._min_bet()
                    or r.betting == "fixed_limit" and 2 * increment >= size)
        else:
            reopened = self._reopened(seat)
            if not reopened:
                self._find("not_reopened", i, seat, f"seat {seat} raised, but the short all-in "
                           f"before did not reopen the betting to a seat that had acted")
            if r.betting == "fixed_limit":
                want = self.high + size
                if total != want and not (allin and total < want) and not capped:
                    kind = "bet_too_small" if total < want else "bet_too_large"
                    self._find(kind, i, seat,
                               f"seat {seat} raised to {total}; the raise is to {want}")
                self.raises += 1
                if (r.raise_cap is not None and self.raises > r.raise_cap
                        and len(self._contesting()) > 2):  # heads-up: no cap (RRoP 3)
                    self._find("raise_cap", i, seat, f"raise number {self.raises} by seat {seat}; "
                               f"the cap is a bet and {r.raise_cap} raises")
                full = increment >= size or 2 * increment >= size
            else:
                full = increment >= self.last_raise
                if not full and not allin:
                    self._find("bet_too_small", i, seat, f"seat {seat} raised by {increment}; the "
                               f"minimum raise is {self.last_raise}")
                if r.betting == "pot_limit" and not capped:
                    cap = self.high + self.pot_total() + (self.high - self.bets[seat])
                    if total > cap:
                        self._find("bet_too_large", i, seat, f"seat {seat} raised to {total}; the "
                                   f"pot limit was {cap}")
        self._put(seat, total - self.bets[seat])
        if full:
            self.full_seq += 1
            if r.betting != "fixed_limit":
                floor = self._min_bet() if opening else self.last_raise
                self.last_raise = max(increment, floor)
        self.high = total
        self.aggressor = seat

    # -------------------------------------------------------------- openings
    def _judge_opening_from_deal(self, i: int, seat: int) -> None:
        cards = self.dealt.get(seat)
        if self.opening is None or cards is None or "??" in cards or len(cards) != 5:
            return
        ok = meets_opening(cards, self.opening, self.rules, self.n)
        self.opener_false = not ok
        if not ok:
            self._find("unjustified_opening", i, seat, f"seat {seat} opened without "
                       f"{_PAIR[self.opening]} or better (dealt {''.join(cards)})")

    def _judge_opening_late(self) -> None:
        """Decide the opening from the discards and the shown hand, where the deal was not
        recorded: some choice of kept cards (the shown cards not served) plus the known
        discards must hold openers (seed 000: "será obligatorio el justificar la ley de
        apertura")."""
        seat = self.opener
        if seat is None or self.opener_false is not None or self.opening is None:
            return
        dealt = self.dealt.get(seat)
        if dealt is not None and len(dealt) == 5 and "??" not in dealt:
            self._judge_opening_from_deal(self.open_index, seat)  # the deal was logged late
            return
        shown = self.shown.get(seat)
        if shown is None:
            proof = self.proof.get(seat)
            if proof is not None:  # only the openers tabled (seed 002)
                self.opener_false = not meets_opening(proof, self.opening, self.rules, self.n)
                if self.opener_false:
                    self._find("unjustified_opening", self.open_index, seat,
                               f"seat {seat} opened without {_PAIR[self.opening]} or better "
                               f"(showed {''.join(proof)})")
            return
        known_discards = self.discards.get(seat, [])
        drawn = min(5, self.drawn_total.get(seat, 0))
        served = [c for c in self.served_known.get(seat, []) if c in shown]
        unknown_discards = drawn - len(known_discards)
        ok = openers_could_be_kept(shown, drawn, known_discards, served, self.opening,
                                   self.rules, self.n)
        if not ok and self.opener_split and unknown_discards:
            return  # split openers with the discards unseen: not provable either way
        self.opener_false = not ok
        if not ok:
            self._find("unjustified_opening", self.open_index, seat,
                       f"seat {seat} opened without {_PAIR[self.opening]} or better (shown "
                       f"{''.join(shown)} after drawing {drawn})")

    def _check_split(self, i: int, seat: int, discards: tuple[str, ...]) -> None:
        """The opener threw away part of the openers without declaring it (RRoP section
        11, Draw Poker: a player splitting openers must declare it and keep the discard to
        prove openers; seed 000 "será obligatorio el justificar la ley de apertura"): a
        warning, the opening itself stands (judged from the deal)."""
        dealt = self.dealt.get(seat)
        if dealt is None or len(dealt) != 5 or "??" in dealt:
            return
        kept = [c for c in dealt if c not in discards]
        if (meets_opening(dealt, self.opening, self.rules, self.n)
                and not meets_opening(kept, self.opening, self.rules, self.n)):
            self._find("unjustified_opening", i, seat, f"seat {seat} broke its openers "
                       f"(discarded {''.join(discards)}) without declaring split openers; "
                       "the discard must be kept to prove them", severity="warning")

    def _p_split(self, i: int, seat: int) -> None:
        if seat != self.opener or self.phase not in ("draw", "predraw") or seat in self.drew:
            self._find("out_of_turn", i, seat, f"seat {seat} declared split openers but "
                       f"{'is not the opener' if seat != self.opener else 'not before drawing'}")
            return
        self.opener_split = True

    # ------------------------------------------------------------------- draw
    def _p_draw(self, i: int, seat: int, a: Action) -> None:
        if self.phase in ("predraw", "postdraw"):
            if not self._betting_over():
                due = self.due()
                self._find("out_of_turn", i, seat, f"seat {seat} drew while seat {due} was to act",
                           details={"due": due})
                self._end_betting(i)
                if self.phase != "draw":
                    return
        if self.phase != "draw":
            self._find("out_of_turn", i, seat, f"seat {seat} drew when no draw was due",
                       once=("draw", seat, self.phase))
            return
        drew, folded, mucked = self.drew, self.folded, self.mucked
        if seat in drew:
            self._find("out_of_turn", i, seat, f"seat {seat} drew twice in one draw")
            return
        due = None  # self.due() in the draw, inlined: the first seat yet to draw
        for s in self.order:
            if s not in drew and s not in folded and s not in mucked:
                due = s
                break
        if due != seat:
            self._find("out_of_turn", i, seat, f"seat {seat} drew while seat {due} was to draw",
                       details={"due": due})
        k = a.count
        r = self.rules
        if k > r.max_draw:
            self._find("draw_limit", i, seat, f"seat {seat} drew {k}; at most {r.max_draw} "
                       f"may be drawn")
            if k > 5:
                k = 5  # a hand has five cards: no more can be thrown (one cause: draw_limit)
        drew.add(seat)
        self.drawn_total[seat] = self.drawn_total.get(seat, 0) + k
        hand = self.hands[seat]
        cards = a.cards
        if cards is not None:
            seen, deck = self.seen, self.deck
            for c in cards:
                if c in deck and seen.get(c, seat) == seat:  # the common cases, inline:
                    if c not in seen:                          # the seat's own card, or
                        seen[c] = seat                         # one not seen yet
                elif not self._see(i, seat, c):
                    continue  # reported (a duplicate or a card outside the deck)
                if c in hand:
                    hand.remove(c)
                elif "??" in hand:
                    hand.remove("??")
                elif seat not in self.dead:
                    # the deal was recorded: the seat cannot throw a card it was not given
                    self._kill(seat, i, f"seat {seat} discarded {c}, a card it was not dealt "
                               f"(it held {''.join(hand)}): its hand does not add up to five "
                               "cards as logged")
            if self.draw_no == 1:
                self.discards.setdefault(seat, []).extend(cards)
                if seat == self.opener and not self.opener_split and self.opening is not None:
                    self._check_split(i, seat, cards)
            self.own_discards.setdefault(seat, set()).update(cards)
            self.all_discards.update(cards)
        else:
            unknown = hand.count("??")
            if k <= unknown:
                for _ in range(k):
                    hand.remove("??")
            else:
                self.hands[seat] = hand = ["??"] * max(0, len(hand) - k)
        hand.extend(["??"] * k)
        self.expect_serve[seat] = k
        self.got_serve.pop(seat, None)
        if k > 0:
            if k <= self.stub - (0 if r.deal_last_card else 1):  # from the stub (inlined)
                self.stub -= k
            else:
                self._serve_from_deck(i, seat, k)
        self.discard_pool += k
        for s in self.order:  # someone still to draw (self.due(), inlined)
            if s not in drew and s not in folded and s not in mucked:
                return
        self._end_draw()

    def _serve_from_deck(self, i: int, seat: int, k: int) -> None:
        """Deck accounting (seed 000): serve from the stub, keeping back the last card where
        ``deal_last_card`` is false; then from the reshuffled discards of the others."""
        if k <= 0:
            return
        reserve = 0 if self.rules.deal_last_card else 1
        from_stub = min(k, max(0, self.stub - reserve))
        self.stub -= from_stub
        rest = k - from_stub
        if rest:
            self.reshuffled = True
            # the stub is out: the discards of the others are shuffled (never this seat's
            # own, which join the pool only after it is served), with the last card
            pool = self.discard_pool + self.stub
            if rest > pool:
                self._find("deck_exhausted", i, seat, f"seat {seat} was served {k} cards but the "
                           f"deck had only {from_stub + pool} left", severity="error")
            take_stub = min(rest, self.stub)
            self.stub -= take_stub
            self.discard_pool = max(0, self.discard_pool - (rest - take_stub))

    def _see(self, i: int, seat: int, card: str) -> bool:
        """Card accounting: the card must be in the deck and seen in one seat only."""
        if card == "??":
            return True
        if card not in self.deck:
            self._find("card_not_in_deck", i, seat, f"{card} is not in this deck",
                       once=("deck", card))
            return False
        holder = self.seen.get(card)
        if holder is None:
            self.seen[card] = seat
            return True
        if holder != seat and card in self.all_discards and self.reshuffled:
            self.seen[card] = seat  # a discard reshuffled and served again
            return True
        if holder != seat and not (card == "Jk" and self.rules.jokers > 1):
            if card in self.all_discards:
                why = (f"{card} was discarded by seat {holder} while the stub still had cards "
                       f"(discards are not served before it runs out) and is seen again at "
                       f"seat {seat}")
            else:
                why = f"{card} was seen at seat {holder} and again at seat {seat}"
            self._find("duplicate_card", i, seat, why, once=("dup", card))
            return False
        return True

    def _kill(self, seat: int, index: int | None, why: str) -> None:
        if seat in self.dead:
            return
        self.dead[seat] = index
        self._find("wrong_card_count", index, seat, why)

    def _d_deal(self, i: int, a: Action) -> None:
        seat = a.seat
        if a.cards is not None:
            cards = a.cards
            seen, deck = self.seen, self.deck
            if ("Jk" not in cards and deck.issuperset(cards) and seen.keys().isdisjoint(cards)
                    and len(set(cards)) == len(cards)):
                seen.update(dict.fromkeys(cards, seat))  # the common case: all new cards
            else:
                this_deal: set[str] = set()
                for c in cards:
                    if c in this_deal and c != "??" and not (c == "Jk" and self.rules.jokers > 1):
                        self._find("duplicate_card", i, seat, f"seat {seat} was dealt {c} "
                                   "twice", once=("dup", c))
                    elif c in deck and c not in seen and c != "Jk":
                        seen[c] = seat
                    else:
                        self._see(i, seat, c)
                    this_deal.add(c)
            self.dealt[seat] = cards
            self.hands[seat] = list(cards)
        else:
            self.hands[seat] = ["??"] * a.count
        if a.count != 5:
            self._kill(seat, i, f"seat {seat} was dealt {a.count} cards, not five")

    def _d_serve(self, i: int, a: Action) -> None:
        seat = a.seat
        if self.recorded:
            self._find("wrong_card_count", i, seat, f"seat {seat} was served after the pot was "
                       "pushed: the hand was over (nothing changes)", severity="warning")
            return
        if seat not in self.pos:
            self._find("not_in_hand", i, seat, f"seat {seat} was never dealt in this hand: it "
                       "cannot be served", once=("never", seat))
            return
        expected = self.expect_serve.get(seat)
        if expected is None and seat in self.drew:
            expected = 0
        got = self.got_serve.get(seat, 0) + a.count
        self.got_serve[seat] = got
        hand = self.hands[seat]
        if expected is None:
            expected = 0
            self._find("wrong_card_count", i, seat, f"seat {seat} was served {a.count} cards "
                       f"without drawing", once=("serve", seat))
        # the draw already assumed `expected` unseen cards; replace them with these
        before = got - a.count
        placeholders = min(hand.count("??"), expected - before) if before < expected else 0
        drop = min(placeholders, a.count)  # the first `drop` unseen cards of the hand go
        if drop > 0:
            at = hand.index("??")
            if hand[at:at + drop].count("??") == drop:  # (together, as the draw left them)
                del hand[at:at + drop]
            else:
                for _ in range(drop):
                    hand.remove("??")
        if a.cards is not None:
            own = self.own_discards.get(seat, ())
            seen, deck = self.seen, self.deck
            for c in a.cards:
                if c == "??":
                    pass
                elif c not in deck:
                    self._see(i, seat, c)  # card_not_in_deck
                elif c in own:
                    self._find("deck_exhausted", i, seat, f"seat {seat} was served {c}, one of "
                               f"its own discards")
                elif c in hand and not (c == "Jk" and self.rules.jokers > 1):
                    # served a card the seat already holds (dealt, or served twice)
                    self._find("duplicate_card", i, seat, f"seat {seat} was served {c}, a card "
                               "it already holds", once=("dup", c))
                elif c in seen and seen[c] != seat:
                    self._see(i, seat, c)  # another seat's card (a discard only after a reshuffle)
                else:
                    seen[c] = seat
                hand.append(c)
            self.served_known.setdefault(seat, []).extend(a.cards)
        else:
            hand.extend(["??"] * a.count)
        if got > expected:
            self._serve_from_deck(i, seat, got - max(expected, got - a.count))
        if got != expected:
            held = len(hand) - max(0, expected - got)  # placeholders of cards never served
            self._kill(seat, i, f"seat {seat} asked for {expected} and was served {got}: "
                       f"{held} cards")

    def _discarded(self, card: str) -> bool:
        """Whether some seat threw ``card`` away this hand (it may come back reshuffled)."""
        return card in self.all_discards

    # -------------------------------------------------------------- showdown
    def _record_show(self, i: int, seat: int, cards: tuple[str, ...]) -> None:
        """A hand tabled. Unseen cards (``??``) do not table a hand; a card outside the
        deck, a card twice in the hand or held by another seat, or other than five cards
        make the hand dead (it cannot win: RRoP section 4, cards speak only for a valid
        five-card hand). A second show by the same seat changes nothing: the first hand
        tabled is the hand (a different one is a finding). Once the pot is pushed the hand
        is over (RRoP section 3): a show that clashes with the cards seen is a warning and
        voids nothing."""
        if seat in self.shown or seat in self.shown_unknown:
            first = self.shown.get(seat)
            if first is not None and sorted(cards) != sorted(first):
                self._find("wrong_card_count", i, seat, f"seat {seat} showed "
                           f"{''.join(cards)} after showing {''.join(first)}: a seat holds "
                           "one hand, the first one shown stands", severity="warning",
                           once=("reshow", seat))
            return
        if self.recorded:
            clash = [c for c in cards if c in self.seen and self.seen[c] != seat
                     and not (c in self.all_discards and self.reshuffled)]
            if clash:
                self._find("duplicate_card", i, seat, f"seat {seat} showed {''.join(clash)}, "
                           f"seen at another seat, after the pot was pushed: the result "
                           "stands", severity="warning", once=("dup-after", seat))
                return
        if "??" in cards:
            self.shown_unknown.add(seat)
            return
        if len(cards) < 5 and seat == self.opener and (self.phase != "showdown"
                                                       or self.outcome == "uncontested"):
            # proving openers: seed 002 "solo debe mostrar las cartas que puedan justificar
            # su apertura"; a partial show, not a hand of four
            for c in cards:
                if c not in self.deck:
                    self._see(i, seat, c)
                elif self.seen.get(c, seat) != seat and not self._discarded(c):
                    self._see(i, seat, c)
            self.proof[seat] = cards
            return
        held = self.hands.get(seat)
        if held is not None and len(held) == 5 and len(cards) == 5:
            # the cards recorded as dealt and served are held (RRoP section 4: cards speak
            # for the hand the player holds): a known card missing from the show means the
            # tabled hand is not the seat's
            unseen = list(cards)
            for c in held:
                if c == "??":
                    continue
                if c not in unseen:
                    self.shown[seat] = cards
                    self._kill(seat, i, f"seat {seat} showed {''.join(cards)} but holds "
                               f"{''.join(held)} as logged: the hand shown is not the one it "
                               "holds")
                    return
                unseen.remove(c)
        self.shown[seat] = cards
        valid = True
        jokers_ok = self.rules.jokers
        seen, deck = self.seen, self.deck
        in_hand: set[str] = set()
        for c in cards:
            if c not in deck:
                self._see(i, seat, c)
                valid = False
                continue
            if c in in_hand and not (c == "Jk" and jokers_ok > 1):
                self._find("duplicate_card", i, seat, f"seat {seat} showed {c} twice",
                           once=("dup", c))
                valid = False
            in_hand.add(c)
            holder = seen.get(c)
            if holder is None:
                seen[c] = seat
            elif holder != seat:  # another seat's card (its discard only after a reshuffle)
                if not self._see(i, seat, c):
                    valid = False
            elif (c in self.own_discards.get(seat, ()) and c not in self.served_known.get(seat, ())
                    and not (c == "Jk" and jokers_ok > 1)):
                self._find("duplicate_card", i, seat, f"seat {seat} showed {c}, a card it "
                           "discarded", once=("dup", c))
                valid = False
        if len(cards) != 5:
            self._kill(seat, i, f"seat {seat} showed {len(cards)} cards, not five")
        elif not valid and seat not in self.dead:
            self.dead[seat] = i

    def _p_show(self, i: int, seat: int, a: Action) -> None:
        if (self.phase == "draw" and not self.drew and self.round == 0
                and self.rules.opening is None):
            # everyone checked before the draw: seed 003 shows the hands down
            self._start_showdown()
        if self.phase == "showdown" and not self.order_fault:
            shown = self.shown
            order = self._showdown_order()
            for s in (order if seat in order else ()):  # the seats before this one: shown?
                if s == seat:
                    break
                if s not in shown:
                    self.order_fault = True
                    self._find("showdown_order", i, seat, f"seat {seat} showed before seat "
                               f"{s}, who was to show first")
                    break
        self._record_show(i, seat, a.cards)

    def _p_muck(self, i: int, seat: int) -> None:
        self.mucked.add(seat)
        if seat == self.opener and seat not in self.shown:
            self.opener_left_index = i
        if self.phase in ("predraw", "postdraw"):
            self.folded.add(seat)
            self.acted[seat] = self.full_seq
            if self._betting_over():
                self._end_betting(i)

    # ----------------------------------------------------------- dealer lines
    def _d_award(self, i: int, a: Action) -> None:
        self.recorded.append((i, a.seat, a.amount))

    def _d_misdeal(self, i: int, a: Action) -> None:
        self.phase = "complete"
        self.outcome = "misdeal"
        self._find("misdeal", i, None, "the dealer called a misdeal: the deal is void and the "
                   "chips put in go back")

    def _d_note(self, i: int, a: Action) -> None:
        return

    # ------------------------------------------------------------------ finish
    def finish(self) -> HandResult:
        """Rule on the hand as logged: pots, awards, stacks after, chips carried.

        :returns: a :class:`HandResult`; findings are sorted by action index.
        """
        last = len(self.actions) - 1 if self.actions else None
        total = self.pot_total()
        awards: dict[int, int] | None = None
        pots: list[Pot] = []
        carried = 0
        outcome = self.outcome
        self._judge_opening_late()
        false_opener = self.opener if self.opener_false else None
        if self.phase == "showdown" and outcome is None:
            remaining = self._contesting()
            if len(remaining) == 1:  # the others threw their hands away: uncontested
                outcome, self.winner = "uncontested", remaining[0]
        duplicate = any(f.kind == "duplicate_card" and f.severity == "error"
                        for f in self.findings)
        if duplicate and outcome != "misdeal":
            # RRoP section 13 (Irregularities): two cards of the same rank and suit in the
            # deck: all action is void and the chips go back to the players who put them in
            awards = {s: c + self.dead_money.get(s, 0) for s, c in self.contrib.items()}
            for s, c in self.dead_money.items():
                awards.setdefault(s, c)
            awards = {s: c for s, c in awards.items() if c}
            carried, outcome = self.carried_in, "void"
        elif outcome == "misdeal":
            for s, c in self.contrib.items():
                self.stacks[s] += c
            for s, c in self.dead_money.items():
                self.stacks[s] += c
            awards, carried = {}, self.carried_in
            total = self.carried_in
        elif outcome in ("passed_out", "carried"):
            awards, carried = {}, total
        elif outcome == "uncontested":
            w = self.winner
            if w == false_opener or w in self.dead:
                # a false opener (or a dead hand) left alone: antes and bets carry (RRoP 11)
                awards, carried, outcome = {}, total, "carried"
            else:
                if (w == self.opener and self.opening is not None and w not in self.shown
                        and w not in self.proof and self.opener_false is None):
                    where = self.opener_left_index if self.opener_left_index is not None else last
                    self._find("openers_not_shown", where, w, f"seat {w} took the pot without "
                               f"showing openers: the opener's hand is dead and the pot stays")
                    awards, carried, outcome = {}, total, "carried"
                else:
                    pots = [Pot(total, (w,))]
                    awards = {w: total}
        elif self.phase == "showdown" or (self.phase == "complete" and outcome == "showdown"):
            outcome = "showdown"
            live = [s for s in self._contesting() if s not in self.dead and s != false_opener]
            if (self.opener is not None and self.opening is not None and self.opener_false is None
                    and self.opener not in self.shown and self.opener_left_index is not None):
                self._find("openers_not_shown", self.opener_left_index, self.opener,
                           f"seat {self.opener} threw the hand away without showing openers",
                           severity="warning")
            pots = build_pots(self.contrib, live, self.carried_in + sum(self.dead_money.values()))
            if not pots:
                awards, carried, outcome = {}, total, "carried"
            else:
                awards = self._award(pots, live)
                if awards is None and not self.recorded and not self.award_unknown and any(
                        s not in self.shown and s not in self.shown_unknown for s in live):
                    # nobody pushed the pot and hands are still to be shown: undecided
                    outcome = "incomplete"
                    self._find("incomplete_hand", last, self.due(), "the log ends before the "
                               "hand is decided: hands still to be shown and no award")
        else:
            if self.n and self.actions:
                self._find("incomplete_hand", last, self.due(), "the log ends before the hand "
                           "is decided")
            outcome = "incomplete"
            pots = build_pots(self.contrib, [s for s in self._contesting() if s not in self.dead],
                              self.carried_in + sum(self.dead_money.values()))
        if outcome == "uncontested" and self.opener is not None and self.opener != self.winner \
                and self.opener_left_index is not None and self.opener_false is None \
                and self.opening is not None and self.opener not in self.shown \
                and self.dealt.get(self.opener) is None:
            self._find("openers_not_shown", self.opener_left_index, self.opener,
                       f"seat {self.opener} folded without showing openers", severity="warning")
        recorded: dict[int, int] = {}
        for _, s, amt in self.recorded:
            recorded[s] = recorded.get(s, 0) + amt
        if self.lost and not duplicate and outcome != "uncontested":
            # an unreadable player line: what it did is unknown, so is the result (unless
            # everyone else left: the one seat left takes the pot whatever it was)
            awards, outcome = None, "incomplete"
        if outcome == "void":
            total -= self.carried_in
        if (not (self.lost or self.award_unknown) or duplicate) and not (
                outcome == "void" and not self.recorded):  # (void: one cause, the duplicate)
            self._compare_awards(awards, recorded, total, last)
        stacks = dict(self.stacks)
        if awards is None:
            if recorded:  # the dealer pushed what the log cannot judge: as recorded
                carried = max(0, total - sum(recorded.values()))
            else:
                # undecided and nothing pushed: the chips go back to the seats that put them
                # in (as after a misdeal), so no chip vanishes from the session
                for s, c in self.contrib.items():
                    stacks[s] += c
                for s, c in self.dead_money.items():
                    stacks[s] += c
                carried = self.carried_in
        for s, c in self.late_chips.items():
            stacks[s] += c
        pay = awards if awards is not None else recorded
        for s, c in pay.items():
            stacks[s] = stacks.get(s, 0) + c
        if len(self.findings) > 1:
            self.findings.sort(key=lambda f: (f.action is None, f.action or 0))
        return HandResult(self.findings, pots, awards, recorded, stacks, carried, outcome,
                          opened=self.opener is not None or bool(self.blinds)
                          or outcome in ("showdown", "uncontested"))

    def _award(self, pots: list[Pot], live: list[int]) -> dict[int, int] | None:
        """Cards speak: see :func:`award_pots`."""
        return award_pots(pots, live, self.shown, self.shown_unknown, self.rules, self.n,
                          self.order)

    def _compare_awards(self, awards: dict[int, int] | None, recorded: dict[int, int],
                        total: int, last: int | None) -> None:
        """The dealer's ``d award`` lines against the rules' result (CONTRACT.md 4):
        ``wrong_award`` at the first line that differs (the last action when a winner's
        line is missing); ``chips_not_conserved`` when the lines do not add up to the pot
        being pushed. No lines at all: nothing was written down, nothing to compare."""
        lines = self.recorded
        if not lines:
            if (awards and any(awards.values()) and self.start.awards_recorded
                    and last is not None):
                self._find("wrong_award", last, None, "no award was recorded; the rules give "
                           f"{_awards_text(awards)}")
            return
        rec_sum = sum(recorded.values())
        if awards is None:  # the cards that decide were never seen: only the sum is known
            if self.phase in ("showdown", "complete") and rec_sum != total:
                self._find("chips_not_conserved", lines[0][0], None,
                           f"the awards add up to {rec_sum}; the pot is {total}")
            return
        expected = {s: c for s, c in awards.items() if c}
        per_seat: dict[int, int] = {}
        for _, s, _ in lines:
            per_seat[s] = per_seat.get(s, 0) + 1
        first_bad = None
        remaining = dict(expected)
        for idx, s, amt in lines:
            owed = remaining.get(s, 0)
            if owed < amt or (owed != amt and per_seat[s] == 1):
                first_bad = (idx, s)
                break
            remaining[s] = owed - amt
        if first_bad is None and any(remaining.values()):
            first_bad = (last, None)
        if first_bad is None:
            return
        exp_sum = sum(expected.values())
        missing_only = all(recorded[s] == expected.get(s) for s in recorded)
        if expected and rec_sum != exp_sum and not missing_only:
            # (a pot with no line at all is one cause, the wrong_award below; a line that
            # pushes the wrong count is chips_not_conserved)
            self._find("chips_not_conserved", first_bad[0], None,
                       f"the awards add up to {rec_sum}; the pot is {exp_sum}")
            if set(recorded) == set(expected):
                return  # the right seats, a miscount: one cause
        self._find("wrong_award", first_bad[0], first_bad[1],
                   f"awarded {_awards_text(recorded)}; the rules give "
                   f"{_awards_text(expected) or 'nothing (the pot stays for the next deal)'}")

    # ------------------------------------------------------------- the tablet
    def legal(self) -> list[dict]:
        """What the seat due may do now: ``[{"verb": str, "min": int|None, "max": int|None}]``
        (amounts are round totals in chips, as the log writes them)."""
        seat = self.due()
        if seat is None:
            return []
        if self.phase == "predeal":
            owed = self._predeal_owed()
            if owed:
                chips = min(owed[2], self.stacks[owed[0]])
                return [{"verb": owed[1], "min": chips, "max": chips}]
            out = []
            if self.rules.blinds_allowed and not self.blinds:
                size = (2 * self.pot_total() if self.rules.blind_sizing == "pot"
                        else self.rules.small_blind or 2 * self.rules.ante) or None
                out.append({"verb": "blind", "min": size, "max": size})
            return out + self._bet_options(seat)
        if self.phase == "draw":
            out = [{"verb": "draw", "min": 0, "max": self.rules.max_draw}]
            if seat == self.opener and self.opening is not None:
                out.append({"verb": "split", "min": None, "max": None})
            return out
        if self.phase == "showdown":
            return [{"verb": "show", "min": None, "max": None},
                    {"verb": "muck", "min": None, "max": None}]
        return self._bet_options(seat)

    def _bet_options(self, seat: int) -> list[dict]:
        r = self.rules
        stack = self.stacks[seat]
        have = self.bets[seat] + stack
        owed = self.high - self.bets[seat]
        out: list[dict] = []
        if owed <= 0:
            out.append({"verb": "check", "min": None, "max": None})
            mn = self._min_bet()
            if r.betting == "fixed_limit":
                mx = mn
            else:
                mx = self.pot_total() if r.betting == "pot_limit" else have
            mn, mx = min(mn, have), min(mx, have)
            verb = "open" if (self.round == 0 and self.opener is None and not self.blinds
                              and r.opening is not None) else "bet"
            if stack > 0:
                out.append({"verb": verb, "min": mn, "max": mx})
        else:
            out.append({"verb": "call", "min": min(self.high, have), "max": min(self.high, have)})
            reopened = self._reopened(seat)
            capped = (r.betting == "fixed_limit" and r.raise_cap is not None
                      and self.raises >= r.raise_cap and len(self._contesting()) > 2)
            if have > self.high and reopened and not capped:
                if r.betting == "fixed_limit":
                    mn = mx = self.high + self._bet_size()
                else:
                    inc = (self.last_raise if self.phase != "predeal"
                           else max(self._min_bet(), self.high))
                    mn = self.high + inc
                    mx = have if r.betting == "no_limit" else \
                        self.high + self.pot_total() + owed
                out.append({"verb": "raise", "min": min(mn, have), "max": min(mx, have)})
        out.append({"verb": "fold", "min": None, "max": None})
        reopened = self._reopened(seat)
        if stack > 0 and (owed >= stack or (r.betting == "no_limit" and reopened)):
            out.append({"verb": "allin", "min": have, "max": have})
        return out


_DEALER = {"deal": HandReplay._d_deal, "serve": HandReplay._d_serve,
           "award": HandReplay._d_award, "misdeal": HandReplay._d_misdeal,
           "note": HandReplay._d_note}
_BETTING = frozenset(("check", "open", "bet", "call", "raise", "allin", "fold"))

_NOT_DEALT_IN = frozenset(("rebuy", "show", "muck"))
_AFTER_AWARD_OK = frozenset(("show", "muck", "rebuy"))

_LOST_HIDES = frozenset((
    "out_of_turn", "not_in_hand", "illegal_check", "bet_too_small", "bet_too_large",
    "raise_cap", "not_reopened", "wrong_amount", "missing_ante", "blind_irregular",
    "unjustified_opening", "openers_not_shown", "showdown_order", "wrong_award",
    "chips_not_conserved", "incomplete_hand", "passed_out"))
"""Findings that follow from the state of the betting: after an unreadable player line
(:attr:`HandReplay.lost`) they may be caused by the missing action, so they are not made."""

_PARSED: dict[str, tuple[Action, int]] = {}
"""Action text -> ``(parsed action, role)`` (parsing is pure; logs repeat the same lines).
The role says what the line tells of who was dealt in: 0 nothing (a rebuy, a show, a
muck), 1 the seat is in (an ante, a deal or a serve), 2 the seat is in and the betting has
begun (any other player line). Bounded: cleared when it passes :data:`_PARSED_MAX` lines."""

_PARSED_MAX = 16_384  # a long night's log several times over (~5 MiB at most)
_parse_uncached = parse_action.__wrapped__  # _PARSED is the cache: no second copy


def _parse_line(line: str) -> tuple[Action, int]:
    """Parse one action line into ``(action, role)`` (see :data:`_PARSED`) and cache it.

    :raises ActionError: as :func:`~referee.actions.parse_action`.
    """
    if not isinstance(line, str):
        parse_line(line)  # raises ActionError: a number, list or object is not an action
    a = (_parse_uncached if line.__class__ is str else parse_action)(line)
    if a.seat is None:
        role = 0
    elif a.actor == "p":
        # (showing or mucking alone does not deal a seat in: a seat never dealt in that
        # shows is not_in_hand)
        role = 0 if a.verb in _NOT_DEALT_IN else 1 if a.verb == "ante" else 2
    else:
        role = 1 if a.verb == "deal" or a.verb == "serve" else 0
    if len(_PARSED) > _PARSED_MAX:
        _PARSED.clear()
    _PARSED[line] = (a, role)  # only strings parse
    return a, role




_PAST = {"open": "opened", "bet": "bet", "raise": "raised", "call": "called", "check": "checked",
         "fold": "folded", "allin": "went all in", "ante": "anted", "draw": "drew",
         "split": "split openers", "blind": "posted a blind", "straddle": "posted a straddle"}
_PAIR = {"J": "a pair of jacks", "Q": "a pair of queens", "K": "a pair of kings",
         "A": "a pair of aces"}


def _awards_text(awards: dict[int, int]) -> str:
    return ", ".join(f"{c} to seat {s}" for s, c in sorted(awards.items()) if c)
