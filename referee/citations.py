"""The rules a finding rests on, as structured sources, said in Spanish or English.

Each finding kind (CONTRACT.md section 5) cites one or more sources (:data:`CITATIONS`):

- :class:`SeedQuote`: a seed text's own Spanish sentence, quoted verbatim (the seed files
  ``shared/seeds/000_*.txt`` to ``004_*.txt``). A reader sees the seed by its title
  (:data:`SEEDS`), never by its file; on English pages the Spanish quote keeps its words and
  an English rendering stands beside it.
- :class:`BookRule`: a rule book by name, section and rule: Robert's Rules of Poker
  ("Reglas de Robert") or the TDA rules ("Reglas de la TDA"), with what the rule says.
- :class:`ContractRule`: Tapete's own contract (CONTRACT.md), for what no rule book covers
  (how a log is read).

A case of a kind that rests on another rule than the kind's (a ``reason`` of
``referee.findings.DETAILS``: a seed house switch, the fixed-limit completion, the
cash-out count) cites its own sources instead (:data:`REASONS`).

Every word is a message of the referee's catalogue (:mod:`referee.words`): what a rule book
or the contract says, the books' and sections' names, by their English msgids; a seed's
sentence (:func:`quoted`) and title by the seed's own Spanish, in the context ``seed NNN``
(``seed NNN title``), their English renderings in the English catalogue.

This is the one place the citations live: the command line's ``--lang`` text, the
``text`` of ``referee.check``, the web pages and the JSON ``rule`` string of each finding
(its English rendering, ``referee.findings.make``) all render them with :func:`citation`.

>>> citation("missing_ante", "es").startswith("«Pocker: Las jugadas, Jackpot, Envites y Farol»")
True
>>> citation("unreadable", "en")
"Tapete's contract, section 2: bad input is never guessed at"
>>> citation("blind_irregular", "es", "looked")
'«Pocker: Las jugadas, Jackpot, Envites y Farol»: «Si antes de marcar el blind o ciega mira inadvertidamente sus cartas, se jugara esa partida sin blind.»'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .words import SEED_LANG, Message, N_, Nn_, Np_, and_list, check_lang, say, say_message


@dataclass(frozen=True, slots=True)
class Seed:
    """One seed text: how a reader knows it. ``title`` is the text's own heading, its
    Spanish words in the context ``seed NNN title`` (None for a text without one);
    ``label`` describes an untitled text (a msgid)."""

    title: Message | None
    label: str | None = None

    def name(self, lang: str, verbatim: bool = True) -> str:
        """The seed as a reader sees it: «title» (its own Spanish words), or a description
        of an untitled text. In a language other than the seeds' the title is said in that
        language (:meth:`title_in`, the one rendering every page and the command line
        use): beside the Spanish words (``verbatim``, as a quote has its rendering beside
        it), or alone for a page written wholly in it (``verbatim=False``)."""
        if self.title is not None:
            if lang == SEED_LANG:
                return f"«{self.title.msgid}»"
            if not verbatim:
                return say(lang, "the rule text “%(title)s”", title=self.title_in(lang))
            return f"«{self.title.msgid}» (“{self.title_in(lang)}”)"
        assert self.label is not None
        return say_message(lang, self.label)

    def title_in(self, lang: str) -> str:
        """The seed's title in ``lang`` (its own Spanish words in Spanish, the catalogue's
        rendering in English; the description of an untitled text): the one title a page,
        the command line and the new-night form give it."""
        if self.title is None:
            assert self.label is not None
            return say_message(lang, self.label)
        return self.title.msgid if lang == SEED_LANG else say_message(lang, self.title)


SEEDS: dict[str, Seed] = {
    "000": Seed(Np_("seed 000 title", "Pocker: Las jugadas, Jackpot, Envites y Farol")),
    "001": Seed(Np_("seed 001 title", "Reglamento y mecanismos del juego del poker clásico")),
    "002": Seed(Np_("seed 002 title", "Póker")),
    "003": Seed(None, N_("the basic poker rules (an untitled text)")),
    "004": Seed(None, N_("the casino rules and hand rankings (an untitled text)")),
}
"""Seed number (the file's prefix in ``shared/seeds/``) -> how it is cited."""


def seed_title(number: str, lang: str) -> str:
    """The title of seed ``number`` (``"000"``) in ``lang`` (``"es"``: its own words;
    ``"en"``: the referee catalogue's rendering): :meth:`Seed.title_in`, the one place a
    seed's title is said (the citations, the new-night form's presets).

    >>> seed_title("000", "en"), seed_title("000", "es")
    ('Poker: the hands, jackpot, bets and bluffing', 'Pocker: Las jugadas, Jackpot, Envites y Farol')

    :raises KeyError: a seed there is no text of.
    :raises ValueError: another language.
    """
    check_lang(lang)
    return SEEDS[number].title_in(lang)

BOOKS = {"rrop": N_("Robert's Rules of Poker"), "tda": N_("TDA Poker Rules (2022)")}
"""Rule book key -> its name."""

SECTIONS = {
    2: Np_("Robert's Rules section", "Button and Blind Use"),
    3: Np_("Robert's Rules section", "Betting and Raising"),
    4: Np_("Robert's Rules section", "Showdown"),
    11: Np_("Robert's Rules section", "Draw Poker"),
    13: Np_("Robert's Rules section", "Irregularities"),
    15: Np_("Robert's Rules section", "No-Limit and Pot-Limit"),
}
"""Robert's Rules of Poker: section number -> its title."""

TDA_RULES = {
    43: Np_("TDA rule", "Raise Amounts"),
    47: Np_("TDA rule", "Re-Opening the Bet"),
    53: Np_("TDA rule", "Action Out of Turn"),
}
"""TDA rules: rule number -> its title."""


@dataclass(frozen=True, slots=True)
class SeedQuote:
    """A seed's own sentence (``quote``, verbatim Spanish; `` … `` marks words left out);
    its English rendering is the English catalogue's translation of it, in the context
    ``seed NNN`` (:func:`quoted`)."""

    seed: str
    quote: str

    @property
    def message(self) -> Message:
        """The quote as a msgid of the referee's catalogue."""
        return Message(self.quote, context=f"seed {self.seed}")

    def render(self, lang: str, verbatim: bool = True) -> str:
        """``verbatim=False`` in a language other than the seeds': the rendering alone, the
        seed by its title in that language (a page wholly in it); else the Spanish quote,
        and in another language its rendering beside it."""
        name = SEEDS[self.seed].name(lang, verbatim)
        if lang == SEED_LANG:
            return f"{name}: «{self.quote}»"
        rendering = say_message(lang, self.message)
        if not verbatim:
            return f"{name}: “{rendering}”"
        return f"{name}: «{self.quote}» (“{rendering}”)"


def quoted(context: str, quote: str) -> SeedQuote:
    """A seed's sentence, ``quote`` verbatim, from the seed ``context`` names (``"seed
    000"``); marks it for ``pybabel extract`` (``quoted:1c,2``)."""
    return SeedQuote(context.removeprefix("seed "), quote)


@dataclass(frozen=True, slots=True)
class BookRule:
    """A rule book's rule: ``book`` (a key of :data:`BOOKS`), ``section`` (Robert's Rules;
    None for the TDA, or for a part cited by its ``heading``), ``rules`` (rule numbers, may
    be empty) and what it says (``says``, a msgid); ``heading``: the part's title, where it
    is cited by title (Robert's Rules, "Ties")."""

    book: str
    section: int | None
    rules: tuple[int, ...]
    says: str
    heading: Message | None = None

    def render(self, lang: str, verbatim: bool = True) -> str:
        parts = [say(lang, BOOKS[self.book])]
        if self.heading is not None:
            parts.append(say(lang, "“%(heading)s”", heading=say_message(lang, self.heading)))
        if self.section is not None:
            parts.append(say(lang, "section %(number)s (%(title)s)", number=self.section,
                             title=say_message(lang, SECTIONS[self.section])))
        if self.rules:
            numbers = and_list(lang, [str(n) for n in self.rules])
            words = say_message(lang, Nn_("rule %(numbers)s", "rules %(numbers)s", "count"),
                                {"numbers": numbers, "count": len(self.rules)})
            title = TDA_RULES.get(self.rules[0]) if self.book == "tda" else None
            parts.append(words + (f" ({say_message(lang, title)})" if title else ""))
        return ", ".join(parts) + f": {say(lang, self.says)}"


@dataclass(frozen=True, slots=True)
class ContractRule:
    """Tapete's contract (CONTRACT.md), ``section``, and what it ``says`` (a msgid)."""

    section: int
    says: str

    def render(self, lang: str, verbatim: bool = True) -> str:
        """``verbatim`` (the JSON ``rule`` string, the command line): the contract by its
        section, ``Tapete's contract, section 1: ...``. ``verbatim=False`` (a page, read by
        people who never saw the contract): said in words, with no document or section
        named: ``norma de Tapete: ...`` / ``Tapete's own rule: ...``."""
        says = say(lang, self.says)
        if not verbatim:
            return say(lang, "Tapete's own rule: %(says)s", says=says)
        return say(lang, "Tapete's contract, section %(number)s: %(says)s", number=self.section,
                   says=says)


Source = SeedQuote | BookRule | ContractRule


def _rrop(section: int, rules: tuple[int, ...], says: str) -> BookRule:
    return BookRule("rrop", section, rules, says)


def _tda(rule: int, says: str) -> BookRule:
    return BookRule("tda", None, (rule,), says)


def _contract(section: int, says: str) -> ContractRule:
    return ContractRule(section, says)


_NOBODY_OPENED_000 = quoted("seed 000", "En el caso de que nadie lo tenga, se volverá a dar "
                                        "las cartas, poniendo de nuevo pot")
_NOBODY_OPENED_002 = quoted("seed 002", "Si nadie abre la baraja en una mano, el jugador a la "
                                        "izquierda del repartidor recibe el mazo y el bote se "
                                        "enriquece con un bote adicional")
"""The seeds' passed-out deal (a ``passed_out`` finding, reason ``nobody_opened``)."""


_SHORT_ALLIN_NOT_REOPENED = (
    _rrop(15, (), N_("in no limit and pot limit, an all-in wager of less than a full raise "
                     "does not reopen the betting to a player who has already acted")),
    _tda(47, N_("an all-in wager of less than a full raise does not reopen the betting to a "
                "player who has already acted")),
)
"""No limit and pot limit: a short all-in does not reopen the betting (``not_reopened``)."""


_EXPOSED = quoted("seed 002", "Si una carta se descubre por error, el receptor debe aceptarla, "
                             "mientras que dos cartas se descubren, ambas destinadas al mismo "
                             "jugador, esto puede retirarse de la mano.")
"""Seed 002's exposed cards in the deal (``exposed_card``, ``double_exposure``)."""
_WRONG_COUNT_FIX = quoted("seed 000", "Si por error le dieran más o menos de la cuenta, hará que "
                                      "rectifique el que las dio. En el caso contrario, no podrá "
                                      "tomar parte en la jugada por tener cartas de más o de "
                                      "menos, perdiendo todas las puestas.")
"""Seed 000's wrong serve put right, or the dead hand (``d fix``)."""
_DEALER_ANSWERS = quoted("seed 000", "De la irregularidad de las puestas es responsable el que da.")
"""Seed 000: the dealer answers for a wrong ante (``ante_liable`` ``dealer``)."""


CITATIONS: dict[str, tuple[Source, ...]] = {
    "unreadable": (
        _contract(2, N_("bad input is never guessed at")),
    ),
    "out_of_turn": (
        _tda(53, N_("action backs up to the correct seat")),
        quoted("seed 000", "No está permitido hablar o tirar las cartas fuera de turno."),
        quoted("seed 000", "Ningún jugador podrá descartarse antes de que le llegue el turno."),
    ),
    "not_in_hand": (
        _rrop(3, (), N_("only a live hand may act; a folded hand is dead, a seat not dealt in "
                        "has no hand, and once the pot is pushed the hand is over")),
    ),
    "illegal_check": (
        _rrop(3, (), N_("a player facing a bet must call, raise or fold")),
        quoted("seed 003", "Una vez que un jugador abre las apuestas, los otros ya no podrán "
                           "pasar, sólo podrán igualar o aumentar las apuestas."),
    ),
    "bet_too_small": (
        _rrop(3, (), N_("a raise must be at least the size of the previous bet or raise; in "
                        "fixed limit, bets and raises are of the fixed size")),
        _tda(43, N_("a raise must be at least the size of the previous bet or raise")),
        quoted("seed 000", "hablarán y harán sus apuestas, que nunca podrán ser inferiores a "
                           "las del jugador que les preceda."),
    ),
    "bet_too_large": (
        _rrop(15, (), N_("in pot limit, no one bets more than the pot")),
        _rrop(3, (), N_("in fixed limit, bets and raises are of the fixed size")),
        quoted("seed 000", "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la "
                           "que dispone en su resto."),
    ),
    "raise_cap": (
        _rrop(3, (3, 4), N_("in limit poker, with three or more players not all in, a game "
                            "with two betting rounds such as draw allows a bet and four raises "
                            "(or the house cap); once the raising is capped, it is not "
                            "uncapped by a fold that leaves two players heads-up")),
    ),
    "not_reopened": (
        _rrop(3, (6,), N_("in limit play, an all-in wager of less than half a bet does not "
                          "reopen the betting for any player who has already acted")),
        *_SHORT_ALLIN_NOT_REOPENED,
    ),
    "wrong_amount": (
        _rrop(3, (), N_("a call is the amount owed; antes and blinds as the house sets them")),
        quoted("seed 002", "Quien ve siempre debe añadir al bote la suma de compensación"),
    ),
    "missing_ante": (
        quoted("seed 000", "Consiste en poner todos los jugadores una cantidad igual, "
                           "convenida por unanimidad, con objeto de animar la partida. El pot "
                           "es obligatorio o convencional."),
        quoted("seed 001", "Hay una apuesta inicial llamada invitación, una mínima cuota fija, "
                           "establecida al principio de la partida, que cada jugador paga para "
                           "constituir el plato de salida de la nueva mano."),
    ),
    "blind_irregular": (
        quoted("seed 000", "el jugador que se encuentra a la derecha del que da, debe poner "
                           "sobre la mesa una cantidad fijada de común acuerdo, que se llama "
                           "blind o ciega … podrá hacer doble blind y pondrá en juego una "
                           "cantidad doble a la ciega."),
        quoted("seed 001", "La ciega pequeña puede ser efectuada por el jugador a la izquierda "
                           "del repartidor primero que vea las propias cartas y consiste en "
                           "una cifra doble de aquella del plato."),
        quoted("seed 002", "sin mirar sus cartas puede poner en la mesa un valor de cuatro "
                           "veces el bote."),
        _rrop(2, (), N_("with two blinds, the small blind is posted by the first player "
                        "clockwise from the button and the big blind by the next, in the sizes "
                        "the house sets")),
    ),
    "wrong_card_count": (
        quoted("seed 000", "Cada jugador debe contar sus cartas antes de recibirlas. Si por "
                           "error le dieran más o menos de la cuenta, hará que rectifique el "
                           "que las dio. En el caso contrario, no podrá tomar parte en la "
                           "jugada por tener cartas de más o de menos, perdiendo todas las "
                           "puestas."),
        _rrop(11, (), N_("a hand with other than five cards is dead")),
    ),
    "draw_limit": (
        _contract(3, N_("the most cards one may draw is what the house sets")),
    ),
    "duplicate_card": (
        _rrop(13, (), N_("if two cards of the same rank and suit are found in the deck, all "
                         "action is void, and all chips in the pot are returned to the players "
                         "who put them in")),
    ),
    "card_not_in_deck": (
        quoted("seed 001", "se utilizan solo las cartas: 7, 8, 9, 10, Jota, Reina, Rey y As "
                           "(en orden creciente de valor) en el caso de cuatro jugadores"),
        quoted("seed 000", "Jugando con el comodín o joker (en ingles quiere decir broma "
                           "pesada) se da lugar al llamado repocker."),
    ),
    "deck_exhausted": (
        quoted("seed 000", "Si no hubiera en el mazo suficientes cartas para completar la mano "
                           "de los jugadores que se descartaron, se barajarán los descartes de "
                           "todos los jugadores a quienes falte por completar sus cartas, "
                           "salvo en el caso de que solamente sea un solo jugador el que falte."),
        quoted("seed 000", "Cuando esto último suceda, su descarte queda aparte, completándose "
                           "su juego con los descartes de los demás jugadores."),
        quoted("seed 000", "No se debe dar la última carta del mazo, siendo mejor mezclarla "
                           "con los descartes."),
        _rrop(11, (), N_("a player's own discards are never served back to him")),
    ),
    "unjustified_opening": (
        quoted("seed 000", "Cuando se haga la apertura de juego con pot o jackpot, será "
                           "obligatorio el justificar la ley de apertura."),
        _rrop(11, (), N_("a false opener's hand is dead; the pot plays if pre-draw action was "
                         "completed, otherwise the antes and the opener's bet carry")),
    ),
    "openers_not_shown": (
        quoted("seed 002", "Si el jugador que ha ganado es el mismo que abrió, solo debe "
                           "mostrar las cartas que puedan justificar su apertura."),
        _rrop(11, (), N_("the opener must prove openers")),
    ),
    "showdown_order": (
        quoted("seed 000", "El jugador que ha hecho el último envite deberá ser el primero en "
                           "enseñar sus cartas."),
        quoted("seed 003", "El jugador que hizo la última apuesta, será el primero en mostrar "
                           "sus cartas."),
        _rrop(4, (), N_("hands are shown in the proper order")),
    ),
    "wrong_award": (
        _rrop(4, (), N_("cards speak: the best hand shown wins")),
        _rrop(3, (), N_("an all-in player wins from each player only what they matched; the "
                        "rest makes side pots")),
        quoted("seed 000", "Si el que gana va restado, solamente ganara el importe de su resto "
                           "a cada uno de los jugadores que hayan entrado con el."),
        quoted("seed 000", "Si al mostrar el juego lo tienen igual dos jugadores, se "
                           "distribuyen las ganancias entre los dos."),
        quoted("seed 001", "gana la pareja que tenga el palo de corazón"),
    ),
    "chips_not_conserved": (
        _contract(4, N_("the pot is every chip put in plus the pot carried in; the awards must "
                        "add up to it")),
    ),
    "incomplete_hand": (
        _contract(4, N_("the log ends before the hand is decided")),
    ),
    "stack_mismatch": (
        _contract(1, N_("a hand starts with the stacks the previous hand ended with, plus "
                        "rebuys")),
    ),
    "chips_added_mid_hand": (
        quoted("seed 000", "Tampoco puede nadie aumentar su resto, una vez vistas sus cartas "
                           "iniciales."),
        _rrop(3, (), N_("table stakes: a player plays only the chips in front of them")),
    ),
    "passed_out": (
        _NOBODY_OPENED_000,
        quoted("seed 001", "todos los jugadores hayan dicho \"palabra\", las cartas son "
                           "mezcladas, el plato queda en mesa"),
        _NOBODY_OPENED_002,
    ),
    "exposed_card": (
        _EXPOSED,
    ),
    "sitout_irregular": (
        quoted("seed 000", "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas."),
    ),
    "misdeal": (
        _rrop(11, (), N_("a misdeal voids the deal and the cards are dealt again")),
        _rrop(13, (), N_("a misdeal voids the deal; chips put in are returned")),
        quoted("seed 000", "Cada vez que se dan mal las cartas."),
    ),
}
"""Finding kind -> the sources its rule rests on, most specific first."""


_SERVE_LAST_CARD = quoted("seed 000", "No se debe dar la última carta del mazo, siendo mejor "
                                      "mezclarla con los descartes.")
_CHECKDOWN_MATCHING = quoted("seed 002", "Si todos los jugadores declaran palabras, la mano se "
                                         "considera cerrada y nadie gana el bote. Todos los "
                                         "jugadores que se retiraron del juego en las fases "
                                         "anteriores deben hacer una entrada al bote para "
                                         "compensar la cantidad alcanzada por los demás.")
_FIXED_SIZES = _rrop(3, (), N_("in limit poker, bets and raises are of the fixed size: the "
                               "small bet in the rounds before the draw, the big bet after"))
_FIXED_LIMIT = _rrop(3, (6,), N_("in fixed limit, bets and raises are of the fixed size; a "
                                 "player facing an all-in wager of less than half a bet may "
                                 "fold, call, or complete the wager"))
_CHECKED_DOWN = (
    quoted("seed 002", "Si todos los jugadores declaran palabras, la mano se considera cerrada "
                       "y nadie gana el bote."),
    quoted("seed 001", "El plato de palabra se verifica en el caso en que, después de haber "
                       "cambiado las cartas, todos los jugadores hayan dicho \"palabra\", las "
                       "cartas son mezcladas, el plato queda en mesa"),
)
_HOUSE_DRAW = _contract(3, N_("the most cards one may draw is what the house sets"))
_DEAD_HAND = _rrop(4, (), N_("only a live hand tabled at the showdown can win; a folded or "
                             "dead hand cannot"))

_CIRCULAR = quoted("seed 000", "Como la escalera es circular, el as puede ir delante del rey o "
                               "después del dos, a voluntad.")
"""Seed 000's straight that turns the corner (the house switch ``circular_straight``)."""
_CARDS_SPEAK = _rrop(4, (), N_("cards speak: the best hand shown wins"))
_SIDE_POTS = (
    _rrop(3, (), N_("an all-in player wins from each player only what they matched; the rest "
                    "makes side pots, and a bet nobody called goes back to the bettor")),
    quoted("seed 000", "Si el que gana va restado, solamente ganara el importe de su resto a "
                       "cada uno de los jugadores que hayan entrado con el."),
)
_TIES = BookRule(
    "rrop", None, (), N_("if two or more hands tie, in a button game the first hand clockwise "
                         "from the button gets the odd chip; the main pot and the side pots are "
                         "split as separate pots"),
    heading=Np_("Robert's Rules heading", "Ties"))
_TIE_SPLIT = quoted("seed 000", "Si al mostrar el juego lo tienen igual dos jugadores, se "
                                "distribuyen las ganancias entre los dos.")
_FLUSH_FULL = (
    quoted("seed 000", "Advertencia: Jugando con mas de 40 cartas, el full vale mas que el "
                       "color; si se juega con 40, o con menos, vale mas el color que el full."),
    quoted("seed 001", "en el poker a la americana en donde viene utilizado una baraja entera "
                       "de 52 cartas, hay una diferencia, el FULL vence al COLOR, en cuanto "
                       "con un número asi elevado de cartas es más fácil realizar un COLOR que "
                       "un FULL."),
)
_BLIND_BOOK = _rrop(2, (), N_("with two blinds, the small blind is posted by the first player "
                              "clockwise from the button and the big blind by the next, in the "
                              "sizes the house sets"))

REASONS: dict[tuple[str, str], tuple[Source, ...]] = {
    ("passed_out", "nobody_opened"): (
        _NOBODY_OPENED_000,
        _NOBODY_OPENED_002,
    ),
    ("passed_out", "checked_down"): _CHECKED_DOWN,
    ("blind_irregular", "wrong_size"): (
        quoted("seed 000", "podrá hacer doble blind y pondrá en juego una cantidad doble a la "
                           "ciega."),
        quoted("seed 001", "La ciega pequeña puede ser efectuada por el jugador a la izquierda "
                           "del repartidor primero que vea las propias cartas y consiste en "
                           "una cifra doble de aquella del plato."),
        quoted("seed 002", "sin mirar sus cartas y poniendo en el plato un valor doble de lo "
                           "que ya se encuentra."),
        quoted("seed 002", "sin mirar sus cartas puede poner en la mesa un valor de cuatro "
                           "veces el bote."),
    ),
    ("blind_irregular", "wrong_size:book"): (_BLIND_BOOK,),
    ("blind_irregular", "wrong_seat:book"): (_BLIND_BOOK,),
    ("blind_irregular", "wrong_seat"): (
        quoted("seed 000", "Antes de dar las cartas, el jugador que se encuentra a la derecha "
                           "del que da, debe poner sobre la mesa una cantidad fijada de común "
                           "acuerdo, que se llama blind o ciega"),
        quoted("seed 001", "El jugador a la izquierda de quien efectúa la ciega puede a su vez "
                           "efectuar la ciega grande"),
        quoted("seed 002", "El primer jugador a la izquierda del repartidor puede abrir en la "
                           "oscuridad"),
    ),
    ("wrong_award", "no_award"): (
        _contract(4, N_("each pot pushed is written down and compared with what the rules give")),
        _CARDS_SPEAK,
    ),
    ("wrong_award", "pot_stays"): (
        _rrop(11, (), N_("a false opener's hand is dead; with nobody else live, the antes and "
                         "bets carry")),
    ),
    ("wrong_award", "checked_down"): _CHECKED_DOWN,
    ("wrong_award", "void"): (
        _rrop(13, (), N_("if two cards of the same rank and suit are found in the deck, all "
                         "action is void, and all chips in the pot are returned to the players "
                         "who put them in")),
    ),
    ("wrong_award", "uncontested"): (
        quoted("seed 002", "En caso de que todos los jugadores se retiren ante la apuesta de "
                           "uno solo, el bote irá al jugador que hizo esa apuesta y no está "
                           "obligado a mostrar sus cartas."),
    ),
    ("wrong_award", "dead_hand"): (_DEAD_HAND,),
    ("wrong_award", "false_opener"): (
        _rrop(11, (), N_("a false opener's hand is dead")),
        _DEAD_HAND,
    ),
    ("wrong_award", "wrong_cards"): (
        quoted("seed 000", "no podrá tomar parte en la jugada por tener cartas de más o de "
                           "menos, perdiendo todas las puestas."),
        _DEAD_HAND,
    ),
    ("wrong_award", "flush_over_full"): _FLUSH_FULL,
    ("wrong_award", "full_over_flush"): (
        *_FLUSH_FULL,
        quoted("seed 002", "El valor de las combinaciones en orden creciente es el siguiente: "
                           "carta individual, par individual, par doble, tris, escalera, "
                           "color, full, póker, escalera de color."),
    ),
    ("wrong_award", "suit_order"): (
        quoted("seed 001", "entre dos parejas gana la de valor superior, en el caso que sean "
                           "del mismo valor, gana la pareja que tenga el palo de corazón (que "
                           "es el primero en orden de importancia entre los palos: CORAZÓN, "
                           "DIAMANTE, TRÉBOL, PICAS)."),
    ),
    ("wrong_award", "circular"): (_CIRCULAR,),
    ("wrong_award", "not_circular"): (
        _CIRCULAR,
        quoted("seed 004", "Las escaleras a las cuales se le llama “dando vuelta la esquina” "
                           "como: 3-2-A-K-Q no están permitidas."),
    ),
    ("wrong_award", "odd_chip"): (_TIES,),
    ("wrong_award", "split"): (_TIE_SPLIT, _TIES),
    ("wrong_award", "side_pots"): _SIDE_POTS,
    ("wrong_award", "best_hand"): (_CARDS_SPEAK,),
    ("bet_too_small", "fixed_limit"): (_FIXED_SIZES,),
    ("bet_too_large", "fixed_limit"): (_FIXED_SIZES,),
    ("bet_too_small", "fixed_limit:completion"): (_FIXED_LIMIT,),
    ("bet_too_small", "min_bet:unposted_blind"): (
        quoted("seed 000", "Esta ciega no es obligatoria, pero se acostumbra siempre que cada "
                           "jugador lo haga cuando le toca el turno."),
        _rrop(15, (), N_("in no limit and pot limit, the minimum bet is the size of the big "
                         "blind")),
    ),
    ("bet_too_large", "fixed_limit:completion"): (_FIXED_LIMIT,),
    ("bet_too_large", "pot_limit"): (
        _rrop(15, (), N_("in pot limit, no one bets more than the pot, but the minimum bet is "
                         "always allowed")),
    ),
    ("bet_too_large", "stack"): (
        quoted("seed 000", "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la "
                           "que dispone en su resto."),
        _rrop(3, (), N_("table stakes: a player plays only the chips in front of them")),
    ),
    ("not_reopened", "not_raised_since"): (
        _rrop(3, (), N_("a player who has already acted may raise again only if another player "
                        "raises after them; when nobody has, the betting is closed to them")),
    ),
    ("not_reopened", "short_raise"): (
        _rrop(3, (), N_("a raise must be at least the size of the previous bet or raise; one "
                        "that falls short does not reopen the betting to a player who has "
                        "already acted")),
        _tda(47, N_("only a full raise reopens the betting to a player who has already acted")),
    ),
    ("not_reopened", "short_allin"): _SHORT_ALLIN_NOT_REOPENED,
    ("not_reopened", "short_allin:fixed_limit"): (
        _rrop(3, (6,), N_("in limit play, an all-in wager of less than half a bet does not "
                          "reopen the betting for any player who has already acted")),
    ),
    ("draw_limit", "max_draw:4"): (
        quoted("seed 001", "los jugadores que tienen la facultad de reemplazar de 0 a 4 de las "
                           "propias cartas"),
        _HOUSE_DRAW,
    ),
    ("draw_limit", "max_draw:5"): (
        quoted("seed 002", "Cada uno puede pedir al repartidor que cambie de una a las cinco "
                           "cartas que tiene"),
        quoted("seed 003", "Cada jugador puede descartarse y cambiar una, dos, tres, cuatro o "
                           "sus cinco cartas."),
        _HOUSE_DRAW,
    ),
    ("not_reopened", "blind_first"): (
        quoted("seed 001", "No son permitidos relances a los jugadores primero de un eventual "
                           "relance del que hizo la ciega grande (o el que haya tomado el "
                           "derecho)."),
    ),
    ("not_reopened", "blind_only"): (
        quoted("seed 002", "En el caso de una apertura en la oscuridad, solo el jugador que ha "
                           "lanzado puede relanzar"),
    ),
    ("out_of_turn", "all_in"): (
        _rrop(3, (), N_("table stakes: a player plays only the chips in front of them; one "
                        "already all in has nothing more to bet and plays only for what it put "
                        "in")),
    ),
    ("wrong_amount", "not_due"): (
        quoted("seed 000", "El pot se suele organizar así: Se toma un fetiche … y el que da "
                           "las cartas, lo pone en el centro de la mesa, al tiempo que todos "
                           "los jugadores ponen un pot en el tapete."),
        quoted("seed 000", "Aquel que gana la jugada recoge, con el importe ganado, el objeto "
                           "indicado y lo reserva hasta que le llegue el turno de dar."),
    ),
    ("wrong_amount", "checkdown_matching"): (_CHECKDOWN_MATCHING,),
    ("missing_ante", "checkdown_matching"): (_CHECKDOWN_MATCHING,),
    ("blind_irregular", "jackpot"): (
        quoted("seed 000", "Y es incompatible cuando la apertura se hace con pot o jackpot."),
    ),
    ("blind_irregular", "looked"): (
        quoted("seed 000", "Si antes de marcar el blind o ciega mira inadvertidamente sus "
                           "cartas, se jugara esa partida sin blind."),
    ),
    ("deck_exhausted", "deck_out"): (
        quoted("seed 000", "Si no hubiera en el mazo suficientes cartas para completar la mano "
                           "de los jugadores que se descartaron, se barajarán los descartes de "
                           "todos los jugadores a quienes falte por completar sus cartas"),
        _SERVE_LAST_CARD,
    ),
    ("deck_exhausted", "own_discard"): (
        quoted("seed 000", "Cuando esto último suceda, su descarte queda aparte, completándose "
                           "su juego con los descartes de los demás jugadores."),
        _rrop(11, (), N_("a player's own discards are never served back to him")),
    ),
    ("deck_exhausted", "last_card"): (_SERVE_LAST_CARD,),
    ("deck_exhausted", "deal_last_card"): (_SERVE_LAST_CARD,),
    ("deck_exhausted", "deal_out"): (
        _contract(5, N_("no more cards are dealt than the deck holds")),
    ),
    ("stack_mismatch", "cash_out"): (
        quoted("seed 002", "es aconsejable la institución de una caja y de un jugador-cajera "
                           "para controlar el cambio de dinero al comienzo del juego y durante "
                           "las manos individuales."),
        quoted("seed 002", "cada jugador responde, en cada mano, solo de las fichas que tiene "
                           "delante; existe la posibilidad de comprar nuevas fichas desde el "
                           "cajón, entre una mano y la otra."),
        _contract(4, N_("the chips counted at the cash-out are the chips on the table after "
                        "the last hand played (the referee's stack, plus what the dealer's "
                        "pushes gave beyond the rules' awards, plus the chips handed over at "
                        "the table), plus the chips bought since")),
    ),
    ("stack_mismatch", "cash_out:open_box"): (
        quoted("seed 002", "es aconsejable la institución de una caja y de un jugador-cajera "
                           "para controlar el cambio de dinero al comienzo del juego y durante "
                           "las manos individuales."),
        quoted("seed 002", "También es necesario determinar si el juego se llevará a cabo con "
                           "una caja libre (sin límite en las apuestas) o con una caja cautiva."),
        _contract(4, N_("the chips counted at the cash-out are the chips on the table after "
                        "the last hand played (the referee's stack, plus what the dealer's "
                        "pushes gave beyond the rules' awards, plus the chips handed over at "
                        "the table), plus the chips bought since")),
    ),
    ("exposed_card", "second_misdeal"): (
        _rrop(11, (), N_("if two or more cards are exposed in the deal, it is a misdeal")),
        _EXPOSED,
    ),
    ("exposed_card", "late"): (
        _rrop(3, (), N_("a card exposed by the player after the deal does not void the hand; "
                        "the hand plays on")),
    ),
    ("exposed_card", "late_not_held"): (
        _rrop(3, (), N_("a card exposed by the player after the deal does not void the hand; "
                        "the hand plays on")),
    ),
    ("exposed_card", "withdraw_after_acting"): (
        _EXPOSED,
        _rrop(3, (), N_("a player who leaves the hand without the right to do so folds")),
    ),
    ("exposed_card", "withdraw_not_allowed"): (
        _EXPOSED,
        _rrop(3, (), N_("a player who leaves the hand without the right to do so folds")),
    ),
    ("missing_ante", "dealer"): (_DEALER_ANSWERS,),
    ("wrong_amount", "ante:dealer"): (_DEALER_ANSWERS,),
    ("wrong_card_count", "fixed"): (_WRONG_COUNT_FIX,),
    ("wrong_card_count", "fix_late"): (_WRONG_COUNT_FIX,),
    ("wrong_card_count", "fix_wrong"): (_WRONG_COUNT_FIX,),
    ("wrong_card_count", "fix_not_held"): (_WRONG_COUNT_FIX,),
    ("wrong_card_count", "exposed_not_dealt"): (_EXPOSED,),
    ("sitout_irregular", "no_pot"): (
        quoted("seed 000", "El pot es obligatorio o convencional. Si un jugador quiere "
                           "abstenerse, lo dirá, y no se le darán cartas."),
    ),
    ("not_in_hand", "tabled"): (
        _rrop(4, (), N_("cards speak: a hand tabled at the showdown is judged as shown, "
                        "whatever the player says after")),
    ),
    ("not_in_hand", "misdeal"): (
        _rrop(13, (), N_("a misdeal voids the deal; chips put in are returned")),
    ),
    ("wrong_award", "misdeal"): (
        _rrop(13, (), N_("a misdeal voids the deal; chips put in are returned")),
    ),
    ("chips_added_mid_hand", "open_box"): (
        quoted("seed 002", "También es necesario determinar si el juego se llevará a cabo con "
                           "una caja libre (sin límite en las apuestas) o con una caja cautiva."),
    ),
    ("chips_not_conserved", "over_pot"): (
        _contract(4, N_("recorded awards credit at most what the pot holds: the chips beyond "
                        "it were never in the pot")),
    ),
    ("chips_not_conserved", "move"): (
        _contract(2, N_("chips handed over at the table after a hand come from the chips the "
                        "seat holds")),
    ),
}
"""(Finding kind, ``reason``) -> the sources that case rests on, in place of the kind's
(:data:`CITATIONS`): the seeds' house switches quote their own seed sentence; the
fixed-limit sizes, Robert's Rules section 3, rule 6 (completing a short all-in); the
cash-out count, seed 002's cash box; pushes beyond the pot and moves beyond the chips held,
the contract's own."""


def reason_of(details: Mapping | None) -> str | None:
    """The case a finding's rule is looked up by: its ``details["reason"]``, refined as
    ``"reason:book"`` where the house plays the rule books' way (``details["book"]``: the
    blinds the house sizes, Robert's Rules section 2, rather than a seed's), or as
    ``"reason:BASIS"`` by ``details["basis"]`` (what decides the case: ``completion`` of a
    short all-in in fixed limit, RRoP section 3 rule 6; ``fixed_limit`` for a short all-in
    that does not reopen the betting). Without a reason, a ``draw_limit`` is looked up by the
    house's ``max_draw`` (``"max_draw:4"``: seed 001's "de 0 a 4"; ``"max_draw:5"``: seeds
    002 and 003; any other: the house rule). None otherwise.

    >>> reason_of({"reason": "wrong_size", "book": True}), reason_of({"reason": "late"})
    ('wrong_size:book', 'late')
    >>> reason_of({"reason": "fixed_limit", "basis": "completion"}), reason_of({"max_draw": 4})
    ('fixed_limit:completion', 'max_draw:4')
    """
    if not isinstance(details, Mapping):
        return None
    reason = details.get("reason")
    if not isinstance(reason, str):
        most = details.get("max_draw")
        return f"max_draw:{most}" if type(most) is int else None
    if details.get("book") is True:
        return f"{reason}:book"
    basis = details.get("basis")
    return f"{reason}:{basis}" if isinstance(basis, str) else reason


def sources(kind: str, reason: str | None = None) -> tuple[Source, ...]:
    """The sources of ``kind`` (empty for a kind without one); those of the case
    ``reason`` where it rests on its own (:data:`REASONS`); a refined case
    (``"reason:book"``, :func:`reason_of`) without sources of its own is cited as its
    ``reason``.

    >>> [type(s).__name__ for s in sources("missing_ante")]
    ['SeedQuote', 'SeedQuote']
    >>> [s.seed for s in sources("missing_ante", "checkdown_matching")]
    ['002']
    """
    while reason is not None:
        own = REASONS.get((kind, reason))
        if own is not None:
            return own
        reason = reason.rpartition(":")[0] or None
    return CITATIONS.get(kind, ())


def citation(kind: str, lang: str, reason: str | None = None, *, verbatim: bool = True) -> str:
    """The rule of ``kind`` in words: each source rendered (:meth:`SeedQuote.render` ...),
    joined with ``"; "``; quotes of one seed in a row name it once.

    :param kind: a finding kind (CONTRACT.md section 5); an unknown kind gives ``""``.
    :param lang: ``"es"`` or ``"en"`` (``"en"``: the JSON ``rule`` string of a finding).
    :param reason: the finding's case, :func:`reason_of` its details (None: the kind's
        general rule); a case with sources of its own (:data:`REASONS`) is cited by them,
        any other by the kind's.
    :param verbatim: False for a page wholly in one language: in English the seeds'
        sentences are said by their English rendering alone and the seeds by English titles
        (:meth:`SeedQuote.render`); the JSON ``rule`` string keeps the default (True).
        Spanish is the same either way, but for Tapete's own rules, said on a page in
        words without naming the contract's sections (:meth:`ContractRule.render`).
    :raises ValueError: for another language.
    """
    check_lang(lang)
    return _citation(kind, lang, reason if isinstance(reason, str) else None, verbatim)


@lru_cache(maxsize=512)
def _citation(kind: str, lang: str, reason: str | None, verbatim: bool = True) -> str:
    parts: list[str] = []
    last: Source | None = None
    for source in sources(kind, reason):
        text = source.render(lang, verbatim)
        if isinstance(source, SeedQuote) and isinstance(last, SeedQuote) and last.seed == source.seed:
            text = text[len(SEEDS[source.seed].name(lang, verbatim)) + 2:]  # the same seed: title once
        parts.append(text)
        last = source
    return "; ".join(parts)
