"""``referee.table_state(session)``: where the last hand of a session stands, for the
dealer's tablet (whose turn it is, what that seat may do, the chips).

>>> s = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
...      "players": [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 100}],
...      "hands": [{"button": 3, "actions": ["p1 ante 5", "p3 ante 5", "p1 open 10"]}]}
>>> t = table_state(s)
>>> t["phase"], t["to_act"], t["pot"], t["bets"], [l["verb"] for l in t["legal"]]
('predraw', 3, 20, {'1': 10, '3': 0}, ['call', 'raise', 'fold'])
"""

from __future__ import annotations

from typing import Any

from .betting import options as bet_options
from .chips_on_table import on_table
from .pots import build_pots
from .state import BETTING_ROUNDS, COMPLETE, PREDEAL, PREDRAW, SHOWDOWN, HandState
from .session import HandItem, replay_session


def table_state(session: Any, rules: Any = None) -> dict:
    """The state after replaying the last hand of ``session`` as far as its log goes.

    :param session: a session dict (CONTRACT.md section 1); with no hands, an empty first
        hand is assumed (button as given nowhere: the last seat, so the first seat speaks).
    :param rules: optional rules override (as in :func:`referee.check`).
    :returns: :func:`hand_state` of the last hand.
    :raises SessionError: the session cannot be read at all.
    """
    if isinstance(session, dict) and not session.get("hands"):
        session = dict(session)
        session["hands"] = [{"actions": []}]
    last = None
    for item in replay_session(session, rules):
        last = item
    return hand_state(last)


def hand_state(item: HandItem) -> dict:
    """Where one judged hand stands (:func:`referee.session.play_hand`), for the tablet.

    :param item: the hand, replayed from its own start as far as its log goes.
    :returns: ``{"hand": int, "phase": "predeal"|"predraw"|"draw"|"postdraw"|"showdown"|
        "complete", "to_act": seat (int) or None, "legal": [{"verb": str, "min": int|None,
        "max": int|None}] (what ``to_act`` may do, chips as round totals), "pot": chips in
        the middle (once the pot is pushed, by an award line or the ruling's return or carry:
        only what carries to the next deal, the rest being in the stacks), "pots":
        :func:`middle_pots` (none once pushed), "bets": {seat: chips this round, in front of
        the seat; 0 once pushed}, "stacks":
        {seat: chips behind}, "chips_on_table": {seat: chips the seat physically holds
        behind: its stack plus what wrong pushes and ``d move`` lines left it beyond the
        rules (CONTRACT.md 4; :mod:`referee.chips_on_table`: this hand's own once it is
        pushed)}, "in_hand": [seats still contesting, in play order],
        "dealt_in": [seats dealt in, in play order], "acted": [seats that have acted in this
        hand (a player line of theirs is in the log)], "opening": "J".."A" or None (minimum
        in force), "button": seat, "proposed_awards": {seat: chips} or None (None until the
        cards shown decide it), "awards": the same once the hand is complete, else None,
        "recorded_awards": {seat: chips} (the dealer's ``d award`` lines), "findings": [as in
        check, without the in-progress ``incomplete_hand``], "known_cards": {seat: [card]}
        (what each seat dealt in holds as far as the log says, from the deal, the draw and
        the serve: a card not seen is ``"??"``), "exposed_cards": {seat: [card]} (cards
        exposed in the deal, ``d expose``: seed 002, known to everyone, so a phone shows
        them to every player; the other cards stay the seat's own), "dead": [seats whose
        hand is dead, in play
        order], "show_openers": seat (int) or None (the opener took the pot without showing
        openers: :func:`openers_due`), "miscount": :func:`miscount_lines`, "irregular":
        :func:`irregular_offers`, "sat_out": [seats that said ``pN sitout`` before the
        deal: they abstain (seed 000), unlike a seat not dealt in for want of chips]}``.
        Seat keys are strings.

    A dead hand takes no further part in the betting: its seat, when due, may only fold
    (:func:`dead_hand_legal`).
    """
    number, replay, result, extra = item.number, item.replay, item.result, item.extra
    st = replay.state
    complete = st.phase == COMPLETE or result.outcome in ("showdown", "uncontested")
    # a hand in progress is not yet incomplete, and its pot not yet pushed: a missing
    # award line is only a wrong_award once the dealer has moved on
    findings = [f.as_dict() for f in extra] + [
        f.as_dict() for f in result.findings if f.kind != "incomplete_hand"
        and not (f.kind == "wrong_award" and not st.recorded)]
    proposed = proposed_awards(result, replay.due())
    phase = st.phase
    legal = short_call_legal(dead_hand_legal(st, replay.due(), replay.legal()))
    if phase == PREDEAL and not any(l["verb"] in ("ante", "blind", "straddle") for l in legal):
        phase = PREDRAW  # the forced chips are in: the betting is on
    if phase == SHOWDOWN and complete and proposed is not None and replay.due() is None:
        phase = COMPLETE
    recorded: dict[str, int] = {}
    for _, seat, chips in st.recorded:
        recorded[str(seat)] = recorded.get(str(seat), 0) + chips
    acted = sorted({a.seat for a in st.parsed if a is not None and a.actor == "p"
                    and a.seat is not None},
                   key=lambda s: st.pos.get(s, 99 + s))
    # the pot leaves the middle when the dealer pushes it (an award line), or when the
    # ruling gives the chips back or carries them (a misdeal, a void, a passed-out deal)
    pushed = phase == COMPLETE and (bool(st.recorded)
                                      or result.outcome not in ("showdown", "uncontested"))
    return {
        "hand": number,
        "phase": phase.value,
        "to_act": replay.due(),
        "legal": legal,
        "pot": result.carried if pushed else st.pot_total(),
        "pots": [] if pushed else middle_pots(st),
        "bets": {str(s): 0 if pushed else c for s, c in sorted(st.bets.items())},
        **_stacks(item, pushed),
        "in_hand": st.contesting(),
        "dealt_in": list(st.order),
        "acted": acted,
        "opening": st.opening,
        "button": st.button,
        "proposed_awards": proposed,
        "awards": proposed if phase == COMPLETE else None,
        "recorded_awards": recorded,
        "findings": findings,
        **_cards(st),
        "show_openers": openers_due(findings),
        "legal_if_due": legal_if_due(st, replay.due()),
        "miscount": miscount_lines(st),
        "irregular": irregular_offers(phase, bool(st.recorded)),
        "sat_out": sorted(st.sat_out),
    }


def _cards(st: HandState) -> dict:
    """``{"known_cards", "exposed_cards", "dead"}`` of :func:`hand_state`: what each seat
    dealt in holds as far as the log says, the cards exposed in the deal (known to
    everyone), the seats whose hand is dead."""
    return {"known_cards": {str(s): list(st.hands.get(s, ())) for s in st.order},
            "exposed_cards": {str(s): list(cards) for s, cards in st.exposed.items() if cards},
            "dead": [s for s in st.order if s in st.dead]}


def _stacks(item: HandItem, pushed: bool) -> dict[str, dict[str, int]]:
    """``{"stacks": {seat: chips behind}, "chips_on_table": {seat: chips}}`` of
    :func:`hand_state` (seat keys strings, in seat order): the referee's stacks as the
    hand stands, or after it once the pot is pushed; the chips on the table the same, with
    the differences the hand started with, or its own once pushed
    (:mod:`referee.chips_on_table`)."""
    st = item.replay.state
    stacks = item.result.stacks if pushed else st.stacks
    held = on_table(stacks, item.gap if pushed else st.start.table_gap)
    return {"stacks": {str(s): c for s, c in sorted(stacks.items())},
            "chips_on_table": {str(s): c for s, c in sorted(held.items())}}


MISCOUNTS = (1, 2, 3, 4, 6, 7)
"""The cards a seat may be found holding other than five: too few (1-4), too many (6, 7)."""


def miscount_lines(st: HandState) -> dict[str, dict]:
    """The line that records a seat found holding other than five cards, as the hand
    stands (the tablet's "too many" or "too few" cards): ``{seat: {"verb": "deal"|"serve",
    "counts": {held: {"verb": "deal"|"serve", "count": K}}}}`` (seat and held keys
    strings): the line for a seat found holding ``held`` cards is ``d <verb> pN K``;
    ``verb`` alone is the line's verb for cards picked in place of a count. For every seat
    still in the hand.

    CONTRACT.md section 2: ``d deal pN K`` is the initial deal, ``d serve pN K`` the
    replacements given on the draw. So before the seat has drawn, the count is its deal's
    (``deal``, K the cards held). Once it has thrown cards at a draw, the cards it holds
    are those it kept plus those served: a short or long serve is a serve of K cards,
    K = held - kept - served so far (seed 000: "Si por error le dieran más o menos de la
    cuenta": the serve; the dead hand, or the dealer's fix, ``d fix``, follow from it). A
    count no serve can give (fewer cards than the seat kept) is its deal's."""
    out: dict[str, dict] = {}
    for seat in st.contesting():
        thrown = st.expect_serve.get(seat)
        counts: dict[str, dict] = {}
        for held in MISCOUNTS:
            k = -1 if thrown is None else held - (5 - thrown) - st.got_serve.get(seat, 0)
            counts[str(held)] = ({"verb": "serve", "count": k} if k >= 0
                                 else {"verb": "deal", "count": held})
        out[str(seat)] = {"verb": "deal" if thrown is None else "serve", "counts": counts}
    return out


IRREGULAR_LINES = ("expose", "fix", "withdraw", "sitout")
"""The seeds' irregularities the tablet's menu records as one line each (issue 27)."""


def irregular_offers(phase: str, pushed: bool) -> list[str]:
    """The lines of :data:`IRREGULAR_LINES` the tablet's "Irregularidades" menu offers
    now (a subset, in that order). Once the hands are being shown (the showdown) or the
    hand is decided, a withdrawal or a sitout gives up nothing: a tabled hand is judged as
    shown (RRoP section 4, cards speak: :func:`referee.showdown.tabled_hand`), and after
    the pot is pushed the hand is over; so neither is offered then.

    >>> irregular_offers("predraw", False), irregular_offers("showdown", False)
    (['expose', 'fix', 'withdraw', 'sitout'], ['expose', 'fix'])
    """
    if pushed or phase in (SHOWDOWN, COMPLETE):
        return [v for v in IRREGULAR_LINES if v not in ("withdraw", "sitout")]
    return list(IRREGULAR_LINES)


def proposed_awards(result, due: int | None) -> dict[str, int] | None:
    """The referee's award as far as the log goes (``{seat: chips}``, seat keys strings;
    ``{}``: the pot carries), or None: not decided yet (an incomplete hand), or someone is
    still due (a hand still to be shown or mucked at the showdown may change it: no award
    is offered while the referee has someone to act)."""
    if result.awards is None or result.outcome == "incomplete" or due is not None:
        return None
    return {str(s): c for s, c in sorted(result.awards.items())}


BETTING_VERBS = frozenset({"check", "open", "bet", "call", "raise", "allin"})
"""Verbs that put chips at risk in a betting round (CONTRACT.md section 2)."""


def dead_hand_legal(st: HandState, seat: int | None, legal: list[dict]) -> list[dict]:
    """What ``seat`` (the seat due) may do when its hand is dead: ``legal`` without the
    betting verbs (it can no longer win the pot, so nothing more goes in: it folds);
    ``legal`` unchanged for a live hand.

    Seed 000: "no podrá tomar parte en la jugada por tener cartas de más o de menos,
    perdiendo todas las puestas" (with cards too many or too few the player may take no
    part in the hand, losing every bet); Robert's Rules of Poker, section 3 (Dead hands):
    "Your hand is declared dead if ... you have the wrong number of cards for that
    particular game". ``st.dead`` is the referee's own verdict (``referee.deck.kill``).
    """
    if seat is None or seat not in st.dead:
        return legal
    return [l for l in legal if l["verb"] not in BETTING_VERBS]


def short_call_legal(legal: list[dict]) -> list[dict]:
    """``legal`` without a ``call`` that puts in exactly the chips of the ``allin`` also
    offered: a seat that cannot cover the bet (or covers it with its last chip) calls all
    in, so the tablet offers the all-in alone.

    Robert's Rules of Poker, glossary: "All-in — Having one's entire stake committed to the
    current pot" (a call of every chip left is that); seed 000: "Ningún jugador podrá
    obligar a otro a jugarse mayor cantidad de la que dispone en su resto" (the short stack
    plays its «resto»).
    ``referee.betting.options`` offers both for the same chips.
    """
    allin = {l["min"] for l in legal if l["verb"] == "allin"}
    return [l for l in legal if not (l["verb"] == "call" and l["min"] in allin)]


def legal_if_due(st: HandState, due: int | None) -> dict[str, list[dict]]:
    """During a betting round (``predraw``/``postdraw``), what each seat still contesting
    other than ``due`` could do were it its turn now (``referee.betting.options`` of that
    seat: the same rule as for the seat due), for a tap out of turn: ``{seat: [{"verb",
    "min", "max"}]}`` (seat keys strings, chips as round totals); ``{}`` outside a
    betting round. A seat all in or with a dead hand gets nothing (it takes no part in the
    betting)."""
    if st.phase not in BETTING_ROUNDS:
        return {}
    out: dict[str, list[dict]] = {}
    for seat in st.contesting():
        if seat == due or seat in st.dead or seat in st.allin or (
                st.stacks.get(seat, 0) <= 0 and st.rules.table_stakes):
            continue
        out[str(seat)] = short_call_legal(bet_options(st, seat))
    return out


def openers_due(findings: list[dict]) -> int | None:
    """The opener who must show openers now: everyone else folded to the opener, who has
    not shown (the referee's ``openers_not_shown`` finding, reason ``took_pot``); None
    otherwise.

    Seed 001 («Póker»): "Si el jugador que ha ganado es el mismo que abrió, solo debe
    mostrar las cartas que puedan justificar su apertura"; Robert's Rules of Poker, section
    11 (Draw Poker): the opener must prove openers.
    """
    for f in findings:
        if f.get("kind") == "openers_not_shown" and (f.get("details") or {}).get("reason") == "took_pot":
            return f.get("seat")
    return None


def middle_pots(st: HandState) -> list[dict]:
    """The pots in the middle as a dealer sees them: ``[{"amount": chips, "seats": [int]}]``,
    main pot first.

    The chips of finished betting rounds, the antes, dead money and a carried pot are in
    the middle; the bets of the round in progress stay in front of the seats (``bets``)
    until the round ends. Side pots exist only where a seat still contesting is all in
    (RRoP section 3, table stakes; seed 000: "solamente ganará el importe de su resto");
    otherwise one pot for every live seat. Empty while the middle is empty.
    """
    out = st.folded | st.mucked
    live = [s for s in st.order if s not in out and s not in st.dead]
    middle = {s: st.contrib[s] - st.bets.get(s, 0) for s in st.order}
    extra = st.carried_in + sum(st.dead_money.values())
    total = sum(middle.values()) + extra
    if not live or not total:
        return []
    if not any(s in st.allin for s in live):
        return [{"amount": total, "seats": sorted(live)}]
    return [p.as_dict() for p in build_pots(middle, live, extra)]
