"""House rules: one frozen dataclass, the presets of CONTRACT.md section 3, overrides.

Every preset setting cites the seed sentence it comes from (``shared/seeds/``); where the
seeds are silent the card-room default is Robert's Rules of Poker (RRoP) or the TDA rules.

>>> r = resolve_rules({"preset": "jackpots", "ante": 5})
>>> (r.preset, r.ante, r.opening, r.betting)
('jackpots', 5, 'J', 'fixed_limit')
>>> resolve_rules("clasico").deck(players=4)[0]
'7s'
>>> resolve_rules("clasico").flush_beats_full_for(players=4)
True
>>> resolve_rules("clasico").flush_beats_full_for(players=9)
False
>>> resolve_rules("jackpots").flush_beats_full_for(players=4)
False
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .cards import RANKS, deck_size, make_deck, resolve_lowest_rank

BETTING = ("fixed_limit", "pot_limit", "no_limit")
DIRECTIONS = ("clockwise", "counterclockwise")
CHECKDOWNS = ("showdown", "carry")
JOKER_KINDS = ("wild", "bug")
RANKINGS = ("high", "deuce_to_seven")
OPENINGS = (None, "J", "Q", "K", "A")


class RulesError(ValueError):
    """Raised for an unknown preset, an unknown override key or a bad value, and for rules
    no hand can be played with (:func:`check_playable`); the message (English, for a log or
    the command line) names the key and quotes the value (``rules: five_figures='false':
    must be true or false``). ``key`` is the override key at fault (None for a bad preset
    or a rules value that is not an object), ``reason`` what is wrong with it as a code and
    ``params`` the figures it names (chips), so a page can say it in its own language.

    Reasons: ``not_rules`` (neither a preset's name nor an object), ``unknown_preset``,
    ``unknown_key``, ``not_a_list`` (``opener_ladder``), ``bad_value`` (a value the field
    never takes); and :func:`check_playable`'s ``fixed_limit_no_bet`` (``small_bet``),
    ``below_small_bet`` (``big_bet``; param ``small``), ``no_min_bet`` (``min_bet``),
    ``below_blind`` (``big_blind``; param ``blind``), ``above_small_bet`` (``small_blind``
    or ``big_blind``; param ``small``), ``nothing_in_pot`` (``ante``).
    """

    def __init__(self, message: str, key: str | None = None, reason: str | None = None,
                 value: Any = None, **params: int) -> None:
        super().__init__(message)
        self.key = key
        self.reason = reason
        self.value = value  # (the value at fault as given: said again by ``referee.rules_said``)
        self.params = params


@dataclass(frozen=True)
class HouseRules:
    """The house rules of one table for one night. Chips are integers.

    Field names are the override keys of CONTRACT.md section 3 (plus a few documented
    extras). Amounts (``ante``, blinds, bets) are chips.

    - ``ante``: chips each seat antes (0 = none). ``small_blind``/``big_blind``: chips of
      the blind ("ciega") and double blind ("contra-ciega"), 0 where blinds are not used.
    - ``small_bet``/``big_bet``: fixed-limit bet sizes before/after the draw.
      ``min_bet``: the minimum bet in pot and no limit. ``betting``: one of
      ``fixed_limit``, ``pot_limit``, ``no_limit``. ``raise_cap``: raises allowed after
      the bet in a fixed-limit betting round, a whole number, None (no cap), or
      ``"auto"`` (the default), which follows RRoP section 3, rule 3: "a game with two
      betting rounds (such as draw) allows a maximum of a bet and four raises; a game
      with three or more betting rounds allows a maximum of a bet and three raises": 4
      with one draw (``draws`` 1), 3 with two or three draws (:meth:`raises_allowed`).
      Either way the cap holds only while three or more players not all in contest the
      pot (rule 3), and heads-up raising is unlimited if the action became heads-up
      before the cap was reached (rule 4: "Once the raising is capped on a betting round,
      it cannot be uncapped by a subsequent fold that leaves two players heads-up").
    - ``direction``: ``clockwise`` (to higher seat numbers) or ``counterclockwise``.
    - ``checkdown``: ``showdown`` or ``carry`` (all check after the draw: the pot carries).
    - ``lowest_rank``: ``"2"``..``"7"`` or ``"auto"`` (rule of 11, seed 001).
      ``jokers``: 0-2; ``joker``: ``wild`` or ``bug``.
    - ``opening``: minimum pair to open (``"J"``, ``"Q"``, ``"K"``, ``"A"``) or None;
      ``opener_ladder``: the minimum after each passed-out deal, as a tuple of rank
      letters starting with the normal minimum, or None (the minimum never climbs).
    - ``max_draw``: most cards one seat may draw (0-5); ``draws``: draws per hand (1-3).
    - ``flush_beats_full``: True, False or ``"auto"`` (True when the deck has 40 cards or
      fewer, seed 000); exactly those three (1 or 0 are refused). ``five_figures``,
      ``five_of_a_kind``, ``natural_beats_wild``, ``straight_flush_cycle``,
      ``ace_low_straight_flush_beats_royal``, ``deal_last_card``, ``blinds_allowed``,
      ``big_blind_ante``: real bools (:data:`BOOL_KEYS`; ``"false"`` is an error, not "on").
      ``jokers``, ``max_draw``, ``draws``: ints, never bools.
      ``suit_order``: a string of the suits best first (``"hdcs"``) or None (suits never
      break ties); see :mod:`referee.rank` for how it breaks ties.
    - ``ranking``: ``high`` or ``deuce_to_seven``. ``deal_last_card``: may the last card
      of the stub be dealt on the draw.
    - ``blinds_allowed``: blind and double blind may be posted (extra key).
    - ``big_blind_ante``: the ante is one payment of ``ante`` chips by the big blind for
      the whole table (the "big blind ante" of the 2023 WSOP hands in
      ``shared/data/phh``, PHH ``antes = [0, A, 0, ...]``); no other seat antes (extra key).
    - ``blind_sizing``: ``fixed`` (the blind is ``small_blind``, else double the ante; the
      double blind ``big_blind``, else double the blind) or ``pot`` (seed 002: the blind
      is "un valor doble de lo que ya se encuentra" in the pot before it, the contra-blind
      "cuatro veces el bote", four times that same pot, i.e. double the blind) or
      ``pot_then_double`` (seed 001: the ciega pequeña "consiste en una cifra doble de
      aquella del plato", double the pot before it, and the ciega grande "una cifra doble
      de aquella depositada por la ciega pequeña", double the blind as posted) (extra key).

    The seeds' blinds, pots and ladders (extra keys; issue 11). Where the seeds disagree
    with each other or the card room, each is a switch whose default is the card-room
    reading (Robert's Rules of Poker), and each preset sets it as its own seed says:

    - ``blind_with_jackpot`` (default True; ``pocker`` False). Seed 000: "Esta forma de
      jugar está ya en desuso. Y es incompatible cuando la apertura se hace con pot o
      jackpot." False: a blind or double blind posted in a hand opened with pot or jackpot
      (an ante owed in the hand, or an opening minimum in force) is ``blind_irregular``
      (reason ``jackpot``); the chips stay in the pot as logged and the hand plays on as
      logged (as any blind the house does not allow). True: the blind replaces the
      opening in that hand (no opener), as before.
    - ``blind_before_deal`` (default False; ``pocker`` True). Seed 000: "Antes de dar las
      cartas, el jugador que se encuentra a la derecha del que da, debe poner ... blind" and
      "Si antes de marcar el blind o ciega mira inadvertidamente sus cartas, se jugará
      esa partida sin blind." True: a ``blind`` or ``straddle`` line logged after a
      ``d deal`` line for that seat was posted after the seat could see its cards; it is
      ``blind_irregular`` (reason ``looked``) and the hand is played without a blind: the
      chips are in the pot (CONTRACT.md 2) as the seat's own bet (or raise) in the first
      betting round, judged as one (turn, size, opening), with no right to speak last.
      False (seeds 001, 002, where the blind is posted after the deal but before looking,
      "sin mirar sus cartas"): the log cannot tell a look, every blind is a blind.
    - ``blind_keeps_last`` (default False; ``clasico`` True). Seed 001: "si el que hizo la
      ciega no se conforma antes de ver las propias cartas, pierde el derecho a ser último
      de mano y la palabra pasa al jugador a la izquierda del que hizo la ciega grande".
      True: the blind who matches the double blind before looking, logged as a second
      ``pN blind A`` line of the first blind's seat to the double blind's total before
      any voluntary action, keeps the right to speak last: the seat after it speaks first
      and it speaks last. A blind who does not match loses the right: the seat after the
      double blind speaks first (the card-room order, and the order when False).
    - ``blind_raise`` (default ``open``; ``clasico`` ``blind_first``). Who may raise in
      the first betting round of a hand with blinds. ``open``: anyone in turn (card room).
      ``blind_first``: seed 001 "No son permitidos relances a los jugadores primero de un
      eventual relance del que hizo la ciega grande (o el que haya tomado el derecho)": no
      seat but the holder of the right to speak last (the last blind posted: the double
      blind, or the blind who matched it) may raise until that seat has acted.
      ``blind_only``: seed 002 "En el caso de una apertura en la oscuridad, solo el
      jugador que ha lanzado puede relanzar": only a seat that posted a blind may raise
      in that round. Seed 002 goes on "El jugador que acepta ... deposita la cantidad
      correspondiente en el bote, pero también puede subir", which contradicts it unless
      "relanzar" is read as raising one's own earlier bet: ``internacional`` takes that
      reading (``open``); ``blind_only`` is the other. A raise the setting forbids is
      ``not_reopened`` (reason ``blind_first`` or ``blind_only``).
    - ``postdraw_after_blind`` (default False; ``pocker``, ``clasico``, ``internacional``
      True). Seed 000 "Habla primero el jugador que sigue al blind"; seed 002 "en el caso
      de una apertura en la oscuridad o contra oscuridad, el que se sienta a la izquierda
      del que lo ha declarado, habla primero"; seed 001 "Quien efectúa la ciega toma el
      derecho a hablar por último y por lo tanto será de mano al jugador a su izquierda".
      True: after the draw in a hand with blinds, the first seat that can act after the
      last blind posted (the holder of the right to speak last) speaks first. False: the
      first seat after the button that can act (RRoP blind games).
    - ``ante_custom`` (default False in every preset). Seed 000: "El pot se suele organizar
      así: Se toma un fetiche ... el que da las cartas, lo pone en el centro de la mesa, al
      tiempo que todos los jugadores ponen un pot" ... "Aquel que gana la jugada recoge ...
      el objeto indicado y lo reserva hasta que le llegue el turno de dar", and "También se
      acostumbra a poner pot en los casos siguientes: Después de haber hecho la jugada
      pocker, o re-pocker, o escalera de color. Cuando no se abre juego por pasar todos
      los jugadores. Cuando un jugador envida sin que le siga nadie. Cuando el que es blind
      abandona lo que puso. Cada vez que se dan mal las cartas." False: every hand is anted
      (card room). True: a hand is anted (every seat owes ``ante``) only when the marker
      (the seed's fetiche) is in the middle: the first hand of the night; a hand dealt by
      the seat holding the marker (it puts it back in the middle); a hand after an anted
      hand nobody won (the marker stays in the middle); and the hand after one of the
      customs: four of a kind, five of a kind or a straight flush shown at the showdown,
      a passed-out deal, a pot won uncontested (a bet nobody called), a blind that folded,
      a misdeal. The winner of an anted hand (the seat awarded the most, the first in
      play order on a tie) takes the marker. In any other hand no ante is owed: an ante
      line there is ``wrong_amount`` (expected 0, reason ``not_due``) and no seat misses
      one. The session carries the marker and the custom from hand to hand
      (:class:`referee.session.Carry`).
    - ``ladder_descent`` (default ``passed_out``; ``internacional`` ``hands``). How the
      minimum comes down the ``opener_ladder`` once at its top. ``passed_out``: one step
      per passed-out deal in a row, back to the start once a pot is won (seed 000 "Y así
      sucesivamente con pareja de ases, descendiendo a continuación a pareja de reyes, de
      damas y de valets"). ``hands``: seed 002 "Si una apertura falla, la siguiente debe
      tener como base un par de Damas y, si la situación persiste, se juegan tres manos
      con apertura a los Reyes para luego volver a las Damas y nuevamente a los Jotas":
      while the ladder climbs a passed-out deal climbs a step and a pot won goes back to
      the start; from the top step on, every hand played (any outcome but a misdeal or a
      void deal) moves one step down, whatever happened in it, and the last step is the
      start again.
    - ``checkdown_matching`` (default False; ``internacional`` True). Seed 002: "Si todos
      los jugadores declaran palabras, la mano se considera cerrada y nadie gana el bote.
      Todos los jugadores que se retiraron del juego en las fases anteriores deben hacer
      una entrada al bote para compensar la cantidad alcanzada por los demás." True: when
      the pot carries after a check-down (``checkdown`` ``carry``), each seat that folded
      earlier owes the chips that bring what it put in this hand up to what the seats
      still in put in (no more than its stack). The log shows each payment as a
      ``pN ante A`` line after the last check of the hand; the chips join the carried
      pot. A payment of another size is ``wrong_amount`` (reason ``checkdown_matching``);
      a seat that owes and has no such line is ``missing_ante`` (reason
      ``checkdown_matching``) at the hand's last action.
    - ``table_stakes`` (default True in every preset). Seed 002: "También es necesario
      determinar si el juego se llevará a cabo con una caja libre (sin límite en las
      apuestas) o con una caja cautiva. Esto significa que cada jugador responde, en cada
      mano, solo de las fichas que tiene delante"; seed 000: "Ningún jugador podrá obligar
      a otro a jugarse mayor cantidad de la que dispone en su resto." True (the "caja
      cautiva"): a wager past the stack is ``bet_too_large`` (the seat is all in for what
      it has) and chips added during a hand are ``chips_added_mid_hand`` (they play from
      the next hand). False (the "caja libre"): a wager or call past the stack is allowed,
      the chips it lacks are bought from the box at once and named in a
      ``chips_added_mid_hand`` finding (info, reason ``open_box``, ``chips`` the chips
      owed to the box); a ``pN rebuy`` during the hand plays at once.
    - ``ante_liable`` (default ``player``; ``pocker`` ``dealer``). Who answers for a
      missing or short ante. Seed 000: "De la irregularidad de las puestas es responsable
      el que da." ``player``: the seat that did not ante (card room). ``dealer``: the
      ``missing_ante`` (reason ``dealer``) or short ``wrong_amount`` (``basis``
      ``dealer``) names the dealer (``dealer``: the button's seat) and the chips the
      dealer owes the pot (``owed``).
    - ``double_exposure`` (default ``misdeal``; ``internacional`` ``withdraw``). A second
      card meant for one seat exposed in the deal (``d expose``). Seed 002: "Si una carta
      se descubre por error, el receptor debe aceptarla, mientras que dos cartas se
      descubren, ambas destinadas al mismo jugador, esto puede retirarse de la mano."
      ``withdraw``: the seat may withdraw from the hand (``pN withdraw``; its ante stays in
      the pot). ``misdeal``: the deal is void (the card-room reading, RRoP section 11):
      the chips put in go back.
    - ``jackpot_without_pot`` (default True in every preset). With ``ante_custom``, a hand
      where the marker is held owes no pot. Seed 000 ties the opening minimum to a pot:
      "Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el
      justificar la ley de apertura." True (the reading before the switch): the opening
      minimum holds in such a hand too, and a blind there is one "in a jackpot hand"
      (``blind_with_jackpot``). False: a hand without a pot has no opening minimum and is
      no jackpot hand (a blind there is a blind).
    - ``unposted_blind_min`` (default ``big_blind``). The least bet in pot and no limit in
      a hand where no blind was posted. Seed 000: "Esta ciega no es obligatoria".
      ``big_blind``: the house's big blind still sets it (at least ``min_bet``), as before
      the switch. ``min_bet``: with no blind posted, ``min_bet`` alone.
    - ``circular_straight`` (default False in every preset). Seed 000: "Como la escalera es
      circular, el as puede ir delante del rey o después del dos, a voluntad." False: the
      ace plays high or low (A-K-Q-J-T, 5-4-3-2-A), nothing turns the corner. True: the
      straight turns the corner too (Q-K-A-2-3, K-A-2-3-4, J-Q-K-A-2), each ranked by its
      top card, the last of the run, so each is below the wheel: J-Q-K-A-2 < Q-K-A-2-3 <
      K-A-2-3-4 < A-2-3-4-5 < 2-3-4-5-6 ... (:mod:`referee.rank`). With a stripped deck
      the run goes on to the deck's lowest cards (32 cards: J-Q-K-A-7 < Q-K-A-7-8 <
      K-A-7-8-9 < A-7-8-9-T); with a lowball ranking it plays no part
      (:func:`referee.circular.circular_straights` says which runs, per deck).
    """

    preset: str = "jackpots"
    ante: int = 1
    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 2
    big_bet: int = 4
    min_bet: int = 2
    betting: str = "fixed_limit"
    raise_cap: int | str | None = "auto"
    direction: str = "clockwise"
    checkdown: str = "showdown"
    lowest_rank: str = "2"
    jokers: int = 0
    joker: str = "wild"
    opening: str | None = "J"
    opener_ladder: tuple[str, ...] | None = None
    max_draw: int = 5
    draws: int = 1
    flush_beats_full: bool | str = "auto"
    five_figures: bool = False
    five_of_a_kind: bool = False
    natural_beats_wild: bool = False
    suit_order: str | None = None
    straight_flush_cycle: bool = False
    ace_low_straight_flush_beats_royal: bool = False
    ranking: str = "high"
    deal_last_card: bool = False
    blinds_allowed: bool = False
    big_blind_ante: bool = False
    blind_sizing: str = "fixed"
    blind_with_jackpot: bool = True
    blind_before_deal: bool = False
    blind_keeps_last: bool = False
    blind_raise: str = "open"
    postdraw_after_blind: bool = False
    ante_custom: bool = False
    ladder_descent: str = "passed_out"
    checkdown_matching: bool = False
    table_stakes: bool = True
    ante_liable: str = "player"
    double_exposure: str = "misdeal"
    jackpot_without_pot: bool = True
    unposted_blind_min: str = "big_blind"
    circular_straight: bool = False

    def __post_init__(self) -> None:
        _validate(self)

    def raises_allowed(self) -> int | None:
        """The raises allowed after the bet in one fixed-limit betting round (int), or None
        for no cap: ``raise_cap`` where the house sets a number (or None), else (``"auto"``)
        RRoP section 3, rule 3: four with two betting rounds (one draw), three with three
        or more (two or three draws).

        >>> resolve_rules("jackpots").raises_allowed()
        4
        >>> resolve_rules("jackpots", draws=3).raises_allowed()
        3
        """
        if self.raise_cap == "auto":
            return 4 if self.draws == 1 else 3
        return self.raise_cap

    def lowest(self, players: int | None = None) -> str:
        """The deck's lowest rank letter; ``players`` is needed for ``"auto"``.

        :raises ValueError: ``"auto"`` without ``players``.
        """
        return resolve_lowest_rank(self.lowest_rank, players)

    def deck(self, players: int | None = None) -> tuple[str, ...]:
        """The deck for this many players (tuple of card strings, jokers included)."""
        return make_deck(self.lowest(players), self.jokers)

    def deck_size(self, players: int | None = None) -> int:
        """Number of cards in the deck for this many players."""
        return deck_size(self.lowest(players), self.jokers)

    def flush_beats_full_for(self, players: int | None = None) -> bool:
        """Whether a flush beats a full house at this table.

        ``"auto"`` follows seed 000: "Jugando con más de 40 cartas, el full vale más que
        el color; si se juega con 40, o con menos, vale más el color que el full."
        """
        if self.flush_beats_full == "auto":
            return self.deck_size(players) <= 40
        return bool(self.flush_beats_full)

    def at_table(self, players: int) -> "HouseRules":
        """These rules with ``lowest_rank`` made concrete for ``players`` dealt in.

        ``"auto"`` becomes the rule-of-11 rank (seed 001); anything else is unchanged.

        >>> resolve_rules("clasico").at_table(5).lowest_rank
        '6'
        """
        if self.lowest_rank != "auto":
            return self
        return dataclasses.replace(self, lowest_rank=self.lowest(players))

    def opening_after(self, passed_out: int) -> str | None:
        """The opening minimum after ``passed_out`` consecutive passed-out deals.

        With a ladder, step ``passed_out`` of it; past its end the last step holds.
        """
        if self.opener_ladder is None:
            return self.opening
        ladder = self.opener_ladder
        return ladder[min(passed_out, len(ladder) - 1)]

    def as_dict(self) -> dict[str, Any]:
        """The rules as a plain JSON-able dict (ladders as lists)."""
        out = dataclasses.asdict(self)
        if out["opener_ladder"] is not None:
            out["opener_ladder"] = list(out["opener_ladder"])
        return out


def _validate(r: HouseRules) -> None:
    """Check every field of ``r`` against :data:`_CHECKS`.

    :raises RulesError: the first bad field (in the order of :data:`_CHECKS`), named with its
        value and what it must be.
    """
    _check_fields(r.__dict__, _CHECK_AT)


def _check_fields(fields: dict[str, Any], names: Any) -> None:
    """:func:`_validate` over a dict of field values, for the ``names`` given."""
    first = None
    for key in names:
        at = _CHECK_AT.get(key)
        if at is None:
            continue
        value = fields[key]
        if key in _CHIPS_KEYS and value.__class__ is int and value >= 0:
            continue  # (the common case, without calling its test)
        _, ok, why = _CHECKS[at]
        if not ok(value) and (first is None or at < first[0]):
            first = (at, key, why)
    if first is not None:
        _, key, why = first
        raise RulesError(f"rules: {key}={fields[key]!r}: {why}", key, "bad_value", fields[key])


def _chips_ok(value: Any) -> bool:
    return value.__class__ is int and value >= 0  # (a bool is not chips)


def _bool_ok(value: Any) -> bool:
    return value is True or value is False


def _whole_in(allowed: Any) -> Callable[[Any], bool]:
    return lambda value: value.__class__ is int and value in allowed


def _one_of(allowed: tuple) -> Callable[[Any], bool]:
    return lambda value: value in allowed


BLIND_SIZINGS = ("fixed", "pot", "pot_then_double")
"""``blind_sizing`` values: the blind's size set by the house, or by the pot (seed 002), or
by the pot and then doubled (seed 001)."""
BLIND_RAISES = ("open", "blind_first", "blind_only")
"""``blind_raise`` values (see :class:`HouseRules`)."""
LADDER_DESCENTS = ("passed_out", "hands")
"""``ladder_descent`` values (see :class:`HouseRules`)."""
ANTE_LIABLE = ("player", "dealer")
"""``ante_liable`` values: who answers for a wrong ante (seed 000: the dealer)."""
DOUBLE_EXPOSURES = ("misdeal", "withdraw")
"""``double_exposure`` values: two cards of one seat exposed in the deal (seed 002:
withdraw)."""
UNPOSTED_BLIND_MINS = ("big_blind", "min_bet")
"""``unposted_blind_min`` values: the least bet where no blind was posted."""

_CHOICES = (("betting", BETTING), ("direction", DIRECTIONS), ("checkdown", CHECKDOWNS),
            ("joker", JOKER_KINDS), ("ranking", RANKINGS), ("opening", OPENINGS),
            ("blind_sizing", BLIND_SIZINGS), ("blind_raise", BLIND_RAISES),
            ("ladder_descent", LADDER_DESCENTS), ("ante_liable", ANTE_LIABLE),
            ("double_exposure", DOUBLE_EXPOSURES), ("unposted_blind_min", UNPOSTED_BLIND_MINS))
_LOWEST_RANKS = tuple(RANKS[:6])

BOOL_KEYS = ("five_figures", "five_of_a_kind", "natural_beats_wild", "straight_flush_cycle",
             "ace_low_straight_flush_beats_royal", "deal_last_card", "blinds_allowed",
             "big_blind_ante", "blind_with_jackpot", "blind_before_deal", "blind_keeps_last",
             "postdraw_after_blind", "ante_custom", "checkdown_matching", "table_stakes",
             "jackpot_without_pot", "circular_straight")
"""On/off switches: only real booleans (JSON true/false); a string such as "false" or a
number is an error, never a silent "on"."""


_CHIPS_FIELDS = ("ante", "small_blind", "big_blind", "small_bet", "big_bet", "min_bet")
"""The fields that are chips (whole numbers, 0 or more)."""
_CHIPS_KEYS = frozenset(_CHIPS_FIELDS)

_CHECKS: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    *((key, _chips_ok, "must be a whole number of chips, 0 or more") for key in _CHIPS_FIELDS),
    ("raise_cap", lambda v: v is None or v == "auto" or _chips_ok(v),
     "must be a whole number, 'auto' or null"),
    *((key, _one_of(allowed), f"must be one of {allowed}") for key, allowed in _CHOICES),
    ("lowest_rank", lambda v: v == "auto" or v in _LOWEST_RANKS, "must be '2'..'7' or 'auto'"),
    *((key, _bool_ok, "must be true or false") for key in BOOL_KEYS),
    ("jokers", _whole_in((0, 1, 2)), "must be a whole number, 0-2"),
    ("max_draw", _whole_in(range(6)), "must be a whole number, 0-5"),
    ("draws", _whole_in((1, 2, 3)), "must be a whole number, 1-3"),
    ("opener_ladder", lambda v: v is None or (bool(v) and all(step in ("J", "Q", "K", "A")
                                                             for step in v)),
     "must be a list of 'J', 'Q', 'K', 'A'"),
    ("flush_beats_full", lambda v: v is True or v is False or v == "auto",
     "must be true, false or 'auto'"),
    ("suit_order", lambda v: v is None or (isinstance(v, str) and sorted(v) == sorted("shdc")),
     "must be a string naming the four suits once each, best first (e.g. 'hdcs'), or null"),
)
"""Field, test, what it must be: every value a HouseRules may hold, in the order checked."""
_CHECK_AT = {check[0]: i for i, check in enumerate(_CHECKS)}


PRESETS: dict[str, HouseRules] = {
    # Card-room jacks or better (RRoP section 11, "Draw poker"): 52 cards, a pair of jacks
    # to open, fixed limit with a bet and four raises (raise_cap "auto": RRoP section 3,
    # rule 3, "a game with two betting rounds (such as draw)"), antes; a
    # passed-out deal carries the antes and the minimum stays jacks. RRoP draw rules: the
    # bottom card of the stub is not dealt.
    "jackpots": HouseRules(preset="jackpots"),
    # Seed 000 ("Pocker: Las jugadas, Jackpot, Envites y Farol").
    "pocker": HouseRules(
        preset="pocker",
        # "Jugando con el comodín o joker ... se da lugar al llamado repocker."
        jokers=1, joker="wild",
        # "RePocker ... Es la mayor jugada que puede hacerse"
        five_of_a_kind=True,
        # "Cinco figuras: Es cuando las cinco cartas sean figuras. Los ases no se cuentan"
        five_figures=True,
        # "Nota: ... dos jugadores tienen la misma jugada y uno de ellos la ha formado con
        # el comodín, ganará el que ha ligado sin esta carta."
        natural_beats_wild=True,
        # "Para ello será preciso tener en mano, por lo menos, una pareja de valets"
        opening="J",
        # "...abrir con pareja de damas ... pareja de reyes. Y así sucesivamente con pareja
        # de ases, descendiendo a continuación a pareja de reyes, de damas y de valets"
        opener_ladder=("J", "Q", "K", "A", "K", "Q", "J"),
        # "el que da, ... empezando por el de su derecha: ¿Cuántas?" - play to the right.
        direction="counterclockwise",
        # "El blind o iniciación del juego a ciegas ... doble blind"
        blinds_allowed=True,
        # "Y es incompatible cuando la apertura se hace con pot o jackpot"
        blind_with_jackpot=False,
        # "Antes de dar las cartas ... debe poner ... blind"; "Si antes de marcar el blind
        # o ciega mira inadvertidamente sus cartas, se jugará esa partida sin blind"
        blind_before_deal=True,
        # "Habla primero el jugador que sigue al blind"
        postdraw_after_blind=True,
        # "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la que dispone
        # en su resto": table stakes, no fixed sizes named.
        betting="no_limit", raise_cap=None, min_bet=2,
        # "Advertencia: Jugando con más de 40 cartas, el full vale más que el color"
        flush_beats_full="auto",
        # "Si al mostrar el juego lo tienen igual dos jugadores, se distribuyen las
        # ganancias": suits never break ties.
        suit_order=None,
        # "No se debe dar la última carta del mazo"
        deal_last_card=False,
        # "De la irregularidad de las puestas es responsable el que da."
        ante_liable="dealer",
    ),
    # Seed 001 ("Reglamento y mecanismos del juego del poker clásico").
    "clasico": HouseRules(
        preset="clasico",
        # "7, 8, 9, 10, Jota, Reina, Rey y As ... en el caso de cuatro jugadores, en la
        # versión de 5 jugadores se aumenta el 6" (rule of 11)
        lowest_rank="auto",
        # "en el poker a la americana en donde viene utilizado una baraja entera de 52
        # cartas ... el FULL vence al COLOR": the flush beats the full only in the stripped
        # game. "auto" draws the line where seed 000 does ("si se juega con 40, o con
        # menos, vale más el color que el full"): 4-6 players (32-40 cards) flush > full,
        # 7-9 players (44-52 cards) full > flush.
        flush_beats_full="auto",
        # "gana la pareja que tenga el palo de corazón (... CORAZÓN, DIAMANTE, TRÉBOL, PICAS)"
        suit_order="hdcs",
        # "la mínima ... gana la máxima, la máxima gana la media y la media gana a la mínima"
        straight_flush_cycle=True,
        # "reemplazar de 0 a 4 de las propias cartas"
        max_draw=4,
        # "PLATO DE PALABRA ... todos los jugadores hayan dicho 'palabra' ... el plato queda"
        checkdown="carry",
        # "para abrir se necesita ... una pareja de Jota"
        opening="J",
        # "El giro de las cartas sigue en sentido de las agujas del reloj"
        direction="clockwise",
        # "CIEGA PEQUEÑA Y CIEGA GRANDE"
        blinds_allowed=True,
        # "consiste en una cifra doble de aquella del plato"; the ciega grande "una cifra
        # doble de aquella depositada por la ciega pequeña"
        blind_sizing="pot_then_double",
        # "si el que hizo la ciega no se conforma antes de ver las propias cartas, pierde
        # el derecho a ser último de mano"
        blind_keeps_last=True,
        # "No son permitidos relances a los jugadores primero de un eventual relance del
        # que hizo la ciega grande (o el que haya tomado el derecho)"
        blind_raise="blind_first",
        # "Quien efectúa la ciega toma el derecho a hablar por último y por lo tanto será
        # de mano al jugador a su izquierda"
        postdraw_after_blind=True,
    ),
    # Seed 002 ("Póker Internacional").
    "internacional": HouseRules(
        preset="internacional",
        # "52 (36)"; "es necesario tener al menos un par de Jota"
        opening="J",
        # "la siguiente debe tener como base un par de Damas y, si la situación persiste,
        # se juegan tres manos con apertura a los Reyes para luego volver a las Damas y
        # nuevamente a los Jotas." Three hands played at kings, not three passed out.
        opener_ladder=("J", "Q", "K", "K", "K", "Q", "J"),
        ladder_descent="hands",
        # "Todos los jugadores que se retiraron del juego en las fases anteriores deben
        # hacer una entrada al bote para compensar la cantidad alcanzada por los demás."
        checkdown_matching=True,
        # "en el caso de una apertura en la oscuridad o contra oscuridad, el que se sienta
        # a la izquierda del que lo ha declarado, habla primero"
        postdraw_after_blind=True,
        # "solo el jugador que ha lanzado puede relanzar" against "pero también puede
        # subir": read as the blinder raising his own bet; anyone may raise (HouseRules)
        blind_raise="open",
        # "Si todos los jugadores declaran palabras, la mano se considera cerrada y nadie
        # gana el bote."
        checkdown="carry",
        # "Cada uno puede pedir al repartidor que cambie de una a las cinco cartas"
        max_draw=5,
        # "El primer jugador a la izquierda del repartidor puede abrir en la oscuridad
        # (blind) ... El contra oscuridad (big blind)"
        blinds_allowed=True,
        # "poniendo en el plato un valor doble de lo que ya se encuentra"; the contra
        # "un valor de cuatro veces el bote"
        blind_sizing="pot",
        # "comienza ... a la izquierda del repartidor y continúa en sentido horario"
        direction="clockwise",
        # "carta individual, par ..., color, full, póker, escalera de color": full > flush
        flush_beats_full=False,
        # "Si una carta se descubre por error, el receptor debe aceptarla, mientras que dos
        # cartas se descubren, ambas destinadas al mismo jugador, esto puede retirarse de
        # la mano."
        double_exposure="withdraw",
    ),
    # Seed 003 (basic rules, 2 to 8 players).
    "basico": HouseRules(
        preset="basico",
        # "exceptuando el comodín o joker (52 cartas en total)"
        jokers=0,
        # "dirá si desea jugar o pasar": no opening minimum.
        opening=None,
        # "Cada jugador puede descartarse y cambiar una, dos, tres, cuatro o sus cinco cartas"
        max_draw=5,
        # "En el caso de que todos pasen y nadie abra el juego, se muestran las cartas y
        # gana quien tenga la mayor jugada." (its "c)" reading is checkdown: carry)
        checkdown="showdown",
        # "comenzando por el jugador de la izquierda del repartidor"
        direction="clockwise",
        # seed 004 (same family): "Los palos no son usados para desempatar"
        suit_order=None,
    ),
    # Real WSOP 2-7 hands (shared/data/phh): deuce-to-seven lowball, blinds, no limit,
    # one draw. No raise cap of its own (raise_cap None): PHH F2L3D hands are not judged
    # against a cap they may not have played under (referee.phh); a session that plays
    # fixed limit by the rule book says raise_cap "auto".
    "deuce_to_seven": HouseRules(
        preset="deuce_to_seven",
        ranking="deuce_to_seven", betting="no_limit", raise_cap=None,
        ante=0, small_blind=1, big_blind=2, min_bet=2, opening=None, draws=1,
        blinds_allowed=True, flush_beats_full=False,
    ),
}
"""Preset name -> HouseRules. Citations are beside each setting."""

_FIELDS = {f.name for f in dataclasses.fields(HouseRules)}


def resolve_rules(spec: Any = "jackpots", **overrides: Any) -> HouseRules:
    """Build the HouseRules for a session's ``rules`` value.

    :param spec: a preset name (``"jackpots"``), a dict ``{"preset": NAME, KEY: VALUE...}``
        as in a session file, or a :class:`HouseRules` (returned as is, after overrides).
    :param overrides: extra keys applied last (e.g. from ``--rules``).
    :returns: a frozen :class:`HouseRules`.
    :raises RulesError: unknown preset or key, or a bad value; the message names it.
    """
    keys: dict[str, Any]
    if isinstance(spec, HouseRules):
        base, keys = spec, {}
    elif isinstance(spec, str):
        base, keys = _preset(spec), {}
    elif isinstance(spec, dict) or isinstance(spec, Mapping):
        keys = dict(spec)
        base = _preset(keys.pop("preset", "jackpots"))
    elif spec is None:
        base, keys = PRESETS["jackpots"], {}
    else:
        raise RulesError(f"rules must be a preset name or an object, not {spec!r}", reason="not_rules",
                         value=spec)
    keys.update(overrides)
    if not _FIELDS.issuperset(keys):
        unknown = sorted(set(keys) - _FIELDS)
        raise RulesError(f"rules: unknown key(s) {', '.join(unknown)}", unknown[0], "unknown_key",
                         ", ".join(unknown))
    if "opener_ladder" in keys and keys["opener_ladder"] is not None:
        if isinstance(keys["opener_ladder"], str) or not hasattr(keys["opener_ladder"], "__iter__"):
            raise RulesError(f"rules: opener_ladder={keys['opener_ladder']!r}: must be a list", "opener_ladder",
                             "not_a_list", keys["opener_ladder"])
        keys["opener_ladder"] = tuple(keys["opener_ladder"])
    if "lowest_rank" in keys and keys["lowest_rank"] is not None:
        keys["lowest_rank"] = str(keys["lowest_rank"]).upper() if keys["lowest_rank"] != "auto" else "auto"
    if not keys:
        return base  # frozen, so shared as is (and ranking tables cached on it stay hot)
    # dataclasses.replace(base, **keys), without re-running __init__ field by field (a
    # night's check resolves its rules once, a stream of one-hand sessions once a hand)
    rules = object.__new__(HouseRules)
    fields = dict(base.__dict__)
    fields.update(keys)
    _check_fields(fields, keys)  # (the preset itself is valid: only the keys given are checked)
    object.__setattr__(rules, "__dict__", fields)
    return rules


def _preset(name: Any) -> HouseRules:  # (any value: the file's)
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})", reason="unknown_preset",
                         value=name) from None


def check_playable(rules: HouseRules) -> None:
    """Refuse bet sizes no hand can be played with, naming the field (``rules``: resolved,
    :func:`resolve_rules`: the preset's values fill what the overrides leave out).

    Fixed limit needs ``small_bet`` > 0 and ``big_bet`` >= ``small_bet``; pot and no limit
    need ``min_bet`` > 0; an ante or a blind must put something in the pot; the double
    blind (``big_blind``), when there is one, is at least the blind (``small_blind``).

    In fixed limit neither blind may be larger than the small bet. Robert's Rules of Poker,
    section 4 (Buttons and Blinds), rules for using blinds, rule 1: "The minimum bring-in
    and allowable raise sizes for the opener are specified by the poker form used and blind
    amounts set for a game": the blinds are the first bet, and in limit poker a bet is the
    lower limit, so the big blind is at most the small bet (the usual structure: blinds 5
    and 10 in a game of 10 and 20). A double blind of 10 over bets of 2/4 leaves no legal
    raise size: the tablet offered "raise to 12" and called the double blind's option a
    call.

    >>> check_playable(resolve_rules("jackpots"))
    >>> check_playable(resolve_rules({"preset": "basico", "blinds_allowed": True, "small_blind": 5, "big_blind": 10}))
    Traceback (most recent call last):
    ...
    referee.rules.RulesError: rules: big_blind=10: at most the small bet (2) in fixed limit

    :raises RulesError: the first field at fault as ``key``, with ``reason`` and ``params``
        (see :class:`RulesError`); the message is English, never a page's sentence.
    """
    if rules.betting == "fixed_limit":
        if rules.small_bet <= 0:
            raise RulesError(f"rules: small_bet={rules.small_bet}: must be above 0 in fixed limit", "small_bet",
                             "fixed_limit_no_bet", rules.small_bet)
        if rules.big_bet < rules.small_bet:
            raise RulesError(f"rules: big_bet={rules.big_bet}: at least the small bet ({rules.small_bet})",
                             "big_bet", "below_small_bet", rules.big_bet, small=rules.small_bet)
    elif rules.min_bet <= 0:
        raise RulesError(f"rules: min_bet={rules.min_bet}: must be above 0 in pot limit and no limit", "min_bet",
                         "no_min_bet", rules.min_bet)
    _check_blinds(rules)
    if rules.ante <= 0 and rules.small_blind <= 0 and rules.big_blind <= 0:
        raise RulesError("rules: ante=0 and no blinds: nobody puts anything in the pot", "ante", "nothing_in_pot")


def _check_blinds(rules: HouseRules) -> None:
    """The blinds' sizes against each other and the bets (see :func:`check_playable`).

    :raises RulesError: ``big_blind`` below the blind, or a blind above the small bet in
        fixed limit."""
    if not rules.blinds_allowed:
        return
    if 0 < rules.big_blind < rules.small_blind:
        raise RulesError(f"rules: big_blind={rules.big_blind}: at least the blind ({rules.small_blind})",
                         "big_blind", "below_blind", rules.big_blind, blind=rules.small_blind)
    if rules.betting == "fixed_limit":
        for key in ("big_blind", "small_blind"):
            if getattr(rules, key) > rules.small_bet:
                raise RulesError(f"rules: {key}={getattr(rules, key)}: at most the small bet ({rules.small_bet}) "
                                 "in fixed limit", key, "above_small_bet", getattr(rules, key),
                                 small=rules.small_bet)
