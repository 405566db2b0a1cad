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

LANGS = ("es", "en")
"""The languages a citation is said in."""


@dataclass(frozen=True, slots=True)
class Seed:
    """One seed text: how a reader knows it. ``title`` is the text's own heading (None for a
    text without one); ``label`` names it in each language when it has no title."""

    title: str | None
    label: dict[str, str] | None = None
    english: str | None = None

    def name(self, lang: str, verbatim: bool = True) -> str:
        """The seed as a reader sees it: «title», or a description of an untitled text.
        ``verbatim=False`` in English: the title said in English (``english``), for a page
        written wholly in English."""
        if self.title is not None:
            if not verbatim and lang == "en" and self.english is not None:
                return f"the rule text “{self.english}”"
            return f"«{self.title}»"
        assert self.label is not None
        return self.label[lang]


SEEDS: dict[str, Seed] = {
    "000": Seed("Pocker: Las jugadas, Jackpot, Envites y Farol",
                english="Poker: the hands, jackpot, bets and bluffing"),
    "001": Seed("Reglamento y mecanismos del juego del poker clásico",
                english="Rules and workings of classic poker"),
    "002": Seed("Póker", english="Poker"),
    "003": Seed(None, {"es": "las reglas básicas del póker (texto sin título)",
                       "en": "the basic poker rules (an untitled text)"}),
    "004": Seed(None, {"es": "las reglas de casino y el orden de las manos (texto sin título)",
                       "en": "the casino rules and hand rankings (an untitled text)"}),
}
"""Seed number (the file's prefix in ``shared/seeds/``) -> how it is cited."""

BOOKS = {
    "rrop": {"es": "Reglas de Robert", "en": "Robert's Rules of Poker"},
    "tda": {"es": "Reglas de la TDA", "en": "TDA Poker Rules (2022)"},
}
"""Rule book key -> its name in each language."""

SECTIONS = {
    2: {"es": "botón y ciegas", "en": "Button and Blind Use"},
    3: {"es": "apuestas y subidas", "en": "Betting and Raising"},
    4: {"es": "cómo se enseñan las cartas", "en": "Showdown"},
    11: {"es": "póquer con descarte", "en": "Draw Poker"},
    13: {"es": "irregularidades", "en": "Irregularities"},
    15: {"es": "sin límite y límite del bote", "en": "No-Limit and Pot-Limit"},
}
"""Robert's Rules of Poker: section number -> its title in each language."""

TDA_RULES = {
    43: {"es": "importe de las subidas", "en": "Raise Amounts"},
    47: {"es": "reapertura de las apuestas", "en": "Re-Opening the Bet"},
    53: {"es": "acción fuera de turno", "en": "Action Out of Turn"},
}
"""TDA rules: rule number -> its title in each language."""


@dataclass(frozen=True, slots=True)
class SeedQuote:
    """A seed's own sentence (``quote``, verbatim Spanish; `` … `` marks words left out)
    and its English rendering (``en``)."""

    seed: str
    quote: str
    en: str

    def render(self, lang: str, verbatim: bool = True) -> str:
        """``verbatim=False`` in English: the English rendering alone, the seed by its
        English title (a page wholly in English); else the Spanish quote, and in English
        its rendering beside it."""
        name = SEEDS[self.seed].name(lang, verbatim)
        if lang == "es":
            return f"{name}: «{self.quote}»"
        if not verbatim:
            return f"{name}: “{self.en}”"
        return f"{name}: «{self.quote}» (“{self.en}”)"


@dataclass(frozen=True, slots=True)
class BookRule:
    """A rule book's rule: ``book`` (a key of :data:`BOOKS`), ``section`` (Robert's Rules;
    None for the TDA, or for a part cited by its ``heading``), ``rules`` (rule numbers, may
    be empty) and what it says (``says``: ``{"es": ..., "en": ...}``); ``heading``: the
    part's title in each language, where it is cited by title (Robert's Rules, "Ties")."""

    book: str
    section: int | None
    rules: tuple[int, ...]
    says: dict[str, str]
    heading: dict[str, str] | None = None

    def render(self, lang: str, verbatim: bool = True) -> str:
        parts = [BOOKS[self.book][lang]]
        if self.heading is not None:
            parts.append(f"«{self.heading['es']}»" if lang == "es"
                         else f"“{self.heading['en']}”")
        if self.section is not None:
            word = "sección" if lang == "es" else "section"
            parts.append(f"{word} {self.section} ({SECTIONS[self.section][lang]})")
        if self.rules:
            if lang == "es":
                word = "regla" if len(self.rules) == 1 else "reglas"
            else:
                word = "rule" if len(self.rules) == 1 else "rules"
            numbers = _and(lang, [str(n) for n in self.rules])
            title = TDA_RULES.get(self.rules[0]) if self.book == "tda" else None
            parts.append(f"{word} {numbers}" + (f" ({title[lang]})" if title else ""))
        return ", ".join(parts) + f": {self.says[lang]}"


@dataclass(frozen=True, slots=True)
class ContractRule:
    """Tapete's contract (CONTRACT.md), ``section``, and what it says."""

    section: int
    says: dict[str, str]

    def render(self, lang: str, verbatim: bool = True) -> str:
        """``verbatim`` (the JSON ``rule`` string, the command line): the contract by its
        section, ``Tapete's contract, section 1: ...``. ``verbatim=False`` (a page, read by
        people who never saw the contract): said in words, with no document or section
        named: ``norma de Tapete: ...`` / ``Tapete's own rule: ...``."""
        if not verbatim:
            return ("norma de Tapete" if lang == "es" else "Tapete's own rule") + f": {self.says[lang]}"
        name = "el contrato de Tapete, apartado" if lang == "es" else "Tapete's contract, section"
        return f"{name} {self.section}: {self.says[lang]}"


Source = SeedQuote | BookRule | ContractRule


def _and(lang: str, items: list[str]) -> str:
    """``["3", "4"]`` -> ``3 y 4`` / ``3 and 4``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + (" y " if lang == "es" else " and ") + items[-1]


def _rrop(section: int, rules: tuple[int, ...], es: str, en: str) -> BookRule:
    return BookRule("rrop", section, rules, {"es": es, "en": en})


def _tda(rule: int, es: str, en: str) -> BookRule:
    return BookRule("tda", None, (rule,), {"es": es, "en": en})


def _contract(section: int, es: str, en: str) -> ContractRule:
    return ContractRule(section, {"es": es, "en": en})


_NOBODY_OPENED_000 = SeedQuote(
    "000", "En el caso de que nadie lo tenga, se volverá a dar las cartas, poniendo de nuevo pot",
    "If nobody has it, the cards are dealt again and everyone puts in the pot again")
_NOBODY_OPENED_002 = SeedQuote(
    "002", "Si nadie abre la baraja en una mano, el jugador a la izquierda del repartidor "
    "recibe el mazo y el bote se enriquece con un bote adicional",
    "If nobody opens in a hand, the player to the dealer's left takes the deck and the pot "
    "grows by another pot")
"""The seeds' passed-out deal (a ``passed_out`` finding, reason ``nobody_opened``)."""


_SHORT_ALLIN_NOT_REOPENED = (
    _rrop(15, (), "sin límite y con límite del bote, ir con todo el resto por menos de una "
          "subida completa no reabre las apuestas para quien ya ha hablado",
          "in no limit and pot limit, an all-in wager of less than a full raise does not "
          "reopen the betting to a player who has already acted"),
    _tda(47, "una subida incompleta con todo el resto no reabre las apuestas para quien ya "
         "ha hablado",
         "an all-in wager of less than a full raise does not reopen the betting to a player "
         "who has already acted"),
)
"""No limit and pot limit: a short all-in does not reopen the betting (``not_reopened``)."""


CITATIONS: dict[str, tuple[Source, ...]] = {
    "unreadable": (
        _contract(2, "lo que no se entiende no se adivina", "bad input is never guessed at"),
    ),
    "out_of_turn": (
        _tda(53, "la acción vuelve al jugador al que le tocaba hablar",
             "action backs up to the correct seat"),
        SeedQuote("000", "No está permitido hablar o tirar las cartas fuera de turno.",
                  "Speaking or throwing in one's cards out of turn is not allowed."),
        SeedQuote("000", "Ningún jugador podrá descartarse antes de que le llegue el turno.",
                  "No player may discard before his turn comes."),
    ),
    "not_in_hand": (
        _rrop(3, (), "solo una mano viva puede hablar: quien se retiró tiene la mano muerta, "
              "quien no recibió cartas no tiene mano y, repartido el bote, la mano ha terminado",
              "only a live hand may act; a folded hand is dead, a seat not dealt in has no "
              "hand, and once the pot is pushed the hand is over"),
    ),
    "illegal_check": (
        _rrop(3, (), "quien tiene una apuesta delante debe igualarla, subirla o retirarse",
              "a player facing a bet must call, raise or fold"),
        SeedQuote("003", "Una vez que un jugador abre las apuestas, los otros ya no podrán "
                  "pasar, sólo podrán igualar o aumentar las apuestas.",
                  "Once a player opens the betting, the others can no longer check; they can "
                  "only call or raise."),
    ),
    "bet_too_small": (
        _rrop(3, (), "una subida es al menos tan grande como la apuesta o subida anterior; con "
              "límite fijo, las apuestas y subidas son del tamaño fijado",
              "a raise must be at least the size of the previous bet or raise; in fixed "
              "limit, bets and raises are of the fixed size"),
        _tda(43, "la subida mínima es la apuesta o subida anterior",
             "a raise must be at least the size of the previous bet or raise"),
        SeedQuote("000", "hablarán y harán sus apuestas, que nunca podrán ser inferiores a las "
                  "del jugador que les preceda.",
                  "they will speak and make their bets, which may never be lower than those "
                  "of the player before them."),
    ),
    "bet_too_large": (
        _rrop(15, (), "con límite del bote, nadie apuesta más que el bote",
              "in pot limit, no one bets more than the pot"),
        _rrop(3, (), "con límite fijo, las apuestas y subidas son del tamaño fijado",
              "in fixed limit, bets and raises are of the fixed size"),
        SeedQuote("000", "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la "
                  "que dispone en su resto.",
                  "No player may force another to stake more than he has in his stack."),
    ),
    "raise_cap": (
        _rrop(3, (3, 4), "con límite fijo y tres o más jugadores que no van con todo su resto, "
              "un juego de dos rondas de apuestas como el de descarte admite una apuesta y "
              "cuatro subidas (o las que fije la casa); una vez alcanzado el tope, no se "
              "reabre aunque queden dos jugadores",
              "in limit poker, with three or more players not all in, a game with two "
              "betting rounds such as draw allows a bet and four raises (or the house cap); "
              "once the raising is capped, it is not uncapped by a fold that leaves two "
              "players heads-up"),
    ),
    "not_reopened": (
        _rrop(3, (6,), "con límite fijo, ir con todo el resto por menos de media apuesta no "
              "reabre las apuestas para quien ya ha hablado",
              "in limit play, an all-in wager of less than half a bet does not reopen the "
              "betting for any player who has already acted"),
        *_SHORT_ALLIN_NOT_REOPENED,
    ),
    "wrong_amount": (
        _rrop(3, (), "para ver se pone lo que se debe; el pot y las ciegas, como los fija la "
              "casa",
              "a call is the amount owed; antes and blinds as the house sets them"),
        SeedQuote("002", "Quien ve siempre debe añadir al bote la suma de compensación",
                  "Whoever calls must always add the matching sum to the pot"),
    ),
    "missing_ante": (
        SeedQuote("000", "Consiste en poner todos los jugadores una cantidad igual, convenida "
                  "por unanimidad, con objeto de animar la partida. El pot es obligatorio o "
                  "convencional.",
                  "It consists of every player putting in an equal amount, agreed "
                  "unanimously, to liven up the game. The pot is obligatory or agreed."),
        SeedQuote("001", "Hay una apuesta inicial llamada invitación, una mínima cuota fija, "
                  "establecida al principio de la partida, que cada jugador paga para "
                  "constituir el plato de salida de la nueva mano.",
                  "There is an initial stake called the invitation, a small fixed amount set "
                  "at the start of the game, which each player pays to make up the starting "
                  "pot of the new hand."),
    ),
    "blind_irregular": (
        SeedQuote("000", "el jugador que se encuentra a la derecha del que da, debe poner "
                  "sobre la mesa una cantidad fijada de común acuerdo, que se llama blind o "
                  "ciega … podrá hacer doble blind y pondrá en juego una cantidad doble a la "
                  "ciega.",
                  "the player to the right of the dealer must put on the table an amount "
                  "fixed by common agreement, called the blind … may make a double blind and "
                  "put in play double the blind."),
        SeedQuote("001", "La ciega pequeña puede ser efectuada por el jugador a la izquierda "
                  "del repartidor primero que vea las propias cartas y consiste en una cifra "
                  "doble de aquella del plato.",
                  "The small blind may be posted by the player to the dealer's left before "
                  "seeing his cards, and it is double the pot."),
        SeedQuote("002", "sin mirar sus cartas puede poner en la mesa un valor de cuatro "
                  "veces el bote.",
                  "without looking at his cards he may put on the table four times the pot."),
        _rrop(2, (), "con dos ciegas, la pequeña la pone el primer jugador a partir del botón y "
              "la grande el siguiente, del tamaño que fija la casa",
              "with two blinds, the small blind is posted by the first player clockwise from "
              "the button and the big blind by the next, in the sizes the house sets"),
    ),
    "wrong_card_count": (
        SeedQuote("000", "Cada jugador debe contar sus cartas antes de recibirlas. Si por error "
                  "le dieran más o menos de la cuenta, hará que rectifique el que las dio. En "
                  "el caso contrario, no podrá tomar parte en la jugada por tener cartas de "
                  "más o de menos, perdiendo todas las puestas.",
                  "Each player must count his cards before taking them. If by mistake he is "
                  "given more or fewer than due, he has the dealer correct it. Otherwise he "
                  "may not take part in the hand, having too many or too few cards, and loses "
                  "everything he put in."),
        _rrop(11, (), "una mano con más o menos de cinco cartas está muerta",
              "a hand with other than five cards is dead"),
    ),
    "draw_limit": (
        _contract(3, "el descarte máximo es el que fija la casa",
                  "the most cards one may draw is what the house sets"),
    ),
    "duplicate_card": (
        _rrop(13, (), "si aparecen en la baraja dos cartas del mismo valor y palo, toda la "
              "acción es nula y cada cual recupera lo que puso en el bote",
              "if two cards of the same rank and suit are found in the deck, all action is "
              "void, and all chips in the pot are returned to the players who put them in"),
    ),
    "card_not_in_deck": (
        SeedQuote("001", "se utilizan solo las cartas: 7, 8, 9, 10, Jota, Reina, Rey y As (en "
                  "orden creciente de valor) en el caso de cuatro jugadores",
                  "only the cards 7, 8, 9, 10, jack, queen, king and ace are used (in "
                  "increasing order of value) with four players"),
        SeedQuote("000", "Jugando con el comodín o joker (en ingles quiere decir broma pesada) "
                  "se da lugar al llamado repocker.",
                  "Playing with the joker gives rise to the so-called repocker."),
    ),
    "deck_exhausted": (
        SeedQuote("000", "Si no hubiera en el mazo suficientes cartas para completar la mano "
                  "de los jugadores que se descartaron, se barajarán los descartes de todos "
                  "los jugadores a quienes falte por completar sus cartas, salvo en el caso de "
                  "que solamente sea un solo jugador el que falte.",
                  "If the deck does not hold enough cards to complete the hands of those who "
                  "discarded, the discards of all the players still to complete their cards "
                  "are shuffled, unless only one player is left to serve."),
        SeedQuote("000", "Cuando esto último suceda, su descarte queda aparte, completándose "
                  "su juego con los descartes de los demás jugadores.",
                  "When that happens, his own discard is set aside and his hand is completed "
                  "from the other players' discards."),
        SeedQuote("000", "No se debe dar la última carta del mazo, siendo mejor mezclarla con "
                  "los descartes.",
                  "The last card of the deck should not be dealt; better shuffle it in with "
                  "the discards."),
        _rrop(11, (), "a nadie se le sirven sus propios descartes",
              "a player's own discards are never served back to him"),
    ),
    "unjustified_opening": (
        SeedQuote("000", "Cuando se haga la apertura de juego con pot o jackpot, será "
                  "obligatorio el justificar la ley de apertura.",
                  "When the game is opened with a pot or jackpot, the opening requirement "
                  "must be proved."),
        _rrop(11, (), "quien abre sin la apertura exigida tiene la mano muerta; si las "
              "apuestas antes del descarte se completaron el bote se juega, si no, el pot y "
              "la apuesta del que abrió pasan a la siguiente mano",
              "a false opener's hand is dead; the pot plays if pre-draw action was "
              "completed, otherwise the antes and the opener's bet carry"),
    ),
    "openers_not_shown": (
        SeedQuote("002", "Si el jugador que ha ganado es el mismo que abrió, solo debe mostrar "
                  "las cartas que puedan justificar su apertura.",
                  "If the winner is the one who opened, he need only show the cards that "
                  "justify his opening."),
        _rrop(11, (), "quien abre debe demostrar que tenía con qué abrir",
              "the opener must prove openers"),
    ),
    "showdown_order": (
        SeedQuote("000", "El jugador que ha hecho el último envite deberá ser el primero en "
                  "enseñar sus cartas.",
                  "The player who made the last bet must be the first to show his cards."),
        SeedQuote("003", "El jugador que hizo la última apuesta, será el primero en mostrar sus "
                  "cartas.",
                  "The player who made the last bet will be the first to show his cards."),
        _rrop(4, (), "se enseña en el orden debido", "hands are shown in the proper order"),
    ),
    "wrong_award": (
        _rrop(4, (), "las cartas hablan: gana la mejor mano enseñada",
              "cards speak: the best hand shown wins"),
        _rrop(3, (), "quien va con todo su resto solo gana, de cada uno, lo que igualó; el "
              "resto forma botes laterales",
              "an all-in player wins from each player only what they matched; the rest "
              "makes side pots"),
        SeedQuote("000", "Si el que gana va restado, solamente ganara el importe de su resto a "
                  "cada uno de los jugadores que hayan entrado con el.",
                  "If the winner is all in, he wins only the amount of his stack from each "
                  "player who went in with him."),
        SeedQuote("000", "Si al mostrar el juego lo tienen igual dos jugadores, se distribuyen "
                  "las ganancias entre los dos.",
                  "If two players show the same hand, the winnings are split between them."),
        SeedQuote("001", "gana la pareja que tenga el palo de corazón",
                  "the pair holding the heart wins"),
    ),
    "chips_not_conserved": (
        _contract(4, "el bote es todo lo que se puso más el bote que pasaba; lo repartido "
                  "debe sumar eso",
                  "the pot is every chip put in plus the pot carried in; the awards must add "
                  "up to it"),
    ),
    "incomplete_hand": (
        _contract(4, "la anotación termina antes de que la mano se decida",
                  "the log ends before the hand is decided"),
    ),
    "stack_mismatch": (
        _contract(1, "una mano empieza con las fichas con que acabó la anterior, más las "
                  "compras",
                  "a hand starts with the stacks the previous hand ended with, plus rebuys"),
    ),
    "chips_added_mid_hand": (
        SeedQuote("000", "Tampoco puede nadie aumentar su resto, una vez vistas sus cartas "
                  "iniciales.",
                  "Nor may anyone add to his stack once he has seen his first cards."),
        _rrop(3, (), "se juega solo con las fichas que se tienen delante",
              "table stakes: a player plays only the chips in front of them"),
    ),
    "passed_out": (
        _NOBODY_OPENED_000,
        SeedQuote("001", "todos los jugadores hayan dicho \"palabra\", las cartas son "
                  "mezcladas, el plato queda en mesa",
                  "every player has said \"palabra\" (check): the cards are shuffled and the "
                  "pot stays on the table"),
        _NOBODY_OPENED_002,
    ),
    "misdeal": (
        _rrop(11, (), "un reparto mal hecho se anula y se vuelve a dar",
              "a misdeal voids the deal and the cards are dealt again"),
        _rrop(13, (), "un reparto nulo anula la mano; lo puesto se devuelve",
              "a misdeal voids the deal; chips put in are returned"),
        SeedQuote("000", "Cada vez que se dan mal las cartas.",
                  "Each time the cards are dealt wrongly."),
    ),
}
"""Finding kind -> the sources its rule rests on, most specific first."""


_SERVE_LAST_CARD = SeedQuote(
    "000", "No se debe dar la última carta del mazo, siendo mejor mezclarla con los descartes.",
    "The last card of the deck should not be dealt; better shuffle it in with the discards.")
_CHECKDOWN_MATCHING = SeedQuote(
    "002", "Si todos los jugadores declaran palabras, la mano se considera cerrada y nadie gana "
    "el bote. Todos los jugadores que se retiraron del juego en las fases anteriores deben "
    "hacer una entrada al bote para compensar la cantidad alcanzada por los demás.",
    "If every player says \"palabra\" (check), the hand is closed and nobody wins the pot. "
    "Every player who folded in the earlier rounds must pay into the pot to match the amount "
    "the others reached.")
_FIXED_SIZES = _rrop(
    3, (), "con límite fijo, las apuestas y subidas son del tamaño fijado: la apuesta "
    "pequeña en las rondas antes del descarte, la grande después",
    "in limit poker, bets and raises are of the fixed size: the small bet in the rounds "
    "before the draw, the big bet after")
_FIXED_LIMIT = _rrop(
    3, (6,), "con límite fijo, las apuestas y subidas son del tamaño fijado; quien tiene "
    "delante un resto de menos de media apuesta puede retirarse, ver o completar la apuesta",
    "in fixed limit, bets and raises are of the fixed size; a player facing an all-in wager "
    "of less than half a bet may fold, call, or complete the wager")
_CHECKED_DOWN = (
    SeedQuote("002", "Si todos los jugadores declaran palabras, la mano se considera "
              "cerrada y nadie gana el bote.",
              "If every player says \"palabra\" (check), the hand is closed and nobody "
              "wins the pot."),
    SeedQuote("001", "El plato de palabra se verifica en el caso en que, después de haber "
              "cambiado las cartas, todos los jugadores hayan dicho \"palabra\", las cartas "
              "son mezcladas, el plato queda en mesa",
              "The palabra pot happens when, after the draw, every player has said "
              "\"palabra\" (check): the cards are shuffled and the pot stays on the table"),
)
_HOUSE_DRAW = _contract(3, "el descarte máximo es el que fija la casa",
                        "the most cards one may draw is what the house sets")
_DEAD_HAND = _rrop(4, (), "solo gana una mano viva enseñada: la de quien se retiró o una mano "
                   "muerta no gana", "only a live hand tabled at the showdown can win; a "
                   "folded or dead hand cannot")

_CARDS_SPEAK = _rrop(4, (), "las cartas hablan: gana la mejor mano enseñada",
                     "cards speak: the best hand shown wins")
_SIDE_POTS = (
    _rrop(3, (), "quien va con todo su resto solo gana, de cada uno, lo que igualó; el resto "
          "forma botes laterales y la apuesta que nadie igualó vuelve a quien la hizo",
          "an all-in player wins from each player only what they matched; the rest makes "
          "side pots, and a bet nobody called goes back to the bettor"),
    SeedQuote("000", "Si el que gana va restado, solamente ganara el importe de su resto a "
              "cada uno de los jugadores que hayan entrado con el.",
              "If the winner is all in, he wins only the amount of his stack from each "
              "player who went in with him."),
)
_TIES = BookRule(
    "rrop", None, (), {
        "es": "si empatan dos o más manos, en un juego con botón la ficha impar es para la "
              "primera mano empatada a partir del botón en el sentido del juego; el bote "
              "principal y los laterales se reparten cada uno por separado",
        "en": "if two or more hands tie, in a button game the first hand clockwise from the "
              "button gets the odd chip; the main pot and the side pots are split as "
              "separate pots"},
    heading={"es": "empates", "en": "Ties"})
_TIE_SPLIT = SeedQuote("000", "Si al mostrar el juego lo tienen igual dos jugadores, se "
                       "distribuyen las ganancias entre los dos.",
                       "If two players show the same hand, the winnings are split between "
                       "them.")
_FLUSH_FULL = (
    SeedQuote("000", "Advertencia: Jugando con mas de 40 cartas, el full vale mas que el color; "
              "si se juega con 40, o con menos, vale mas el color que el full.",
              "Warning: playing with more than 40 cards, the full house is worth more than "
              "the flush; with 40 or fewer, the flush is worth more than the full house."),
    SeedQuote("001", "en el poker a la americana en donde viene utilizado una baraja entera de "
              "52 cartas, hay una diferencia, el FULL vence al COLOR, en cuanto con un número "
              "asi elevado de cartas es más fácil realizar un COLOR que un FULL.",
              "in American poker, played with a whole deck of 52 cards, there is a "
              "difference: the FULL HOUSE beats the FLUSH, since with so many cards a FLUSH "
              "is easier to make than a FULL HOUSE."),
)
_BLIND_BOOK = _rrop(2, (), "con dos ciegas, la pequeña la pone el primer jugador a partir del "
                    "botón y la grande el siguiente, del tamaño que fija la casa",
                    "with two blinds, the small blind is posted by the first player clockwise "
                    "from the button and the big blind by the next, in the sizes the house "
                    "sets")

REASONS: dict[tuple[str, str], tuple[Source, ...]] = {
    ("passed_out", "nobody_opened"): (
        _NOBODY_OPENED_000,
        _NOBODY_OPENED_002,
    ),
    ("passed_out", "checked_down"): _CHECKED_DOWN,
    ("blind_irregular", "wrong_size"): (
        SeedQuote("000", "podrá hacer doble blind y pondrá en juego una cantidad doble a la "
                  "ciega.",
                  "may make a double blind and put in play double the blind."),
        SeedQuote("001", "La ciega pequeña puede ser efectuada por el jugador a la izquierda "
                  "del repartidor primero que vea las propias cartas y consiste en una cifra "
                  "doble de aquella del plato.",
                  "The small blind may be posted by the player to the dealer's left before "
                  "seeing his cards, and it is double the pot."),
        SeedQuote("002", "sin mirar sus cartas y poniendo en el plato un valor doble de lo que "
                  "ya se encuentra.",
                  "without looking at his cards, putting in the pot double what is already "
                  "there."),
        SeedQuote("002", "sin mirar sus cartas puede poner en la mesa un valor de cuatro "
                  "veces el bote.",
                  "without looking at his cards he may put on the table four times the pot."),
    ),
    ("blind_irregular", "wrong_size:book"): (_BLIND_BOOK,),
    ("blind_irregular", "wrong_seat:book"): (_BLIND_BOOK,),
    ("blind_irregular", "wrong_seat"): (
        SeedQuote("000", "Antes de dar las cartas, el jugador que se encuentra a la derecha del "
                  "que da, debe poner sobre la mesa una cantidad fijada de común acuerdo, que "
                  "se llama blind o ciega",
                  "Before the deal, the player to the right of the dealer must put on the "
                  "table an amount fixed by common agreement, called the blind"),
        SeedQuote("001", "El jugador a la izquierda de quien efectúa la ciega puede a su vez "
                  "efectuar la ciega grande",
                  "The player to the left of the one who posts the blind may in turn post "
                  "the big blind"),
        SeedQuote("002", "El primer jugador a la izquierda del repartidor puede abrir en la "
                  "oscuridad",
                  "The first player to the dealer's left may open blind"),
    ),
    ("wrong_award", "no_award"): (
        _contract(4, "el reparto de cada bote se anota y se compara con lo que dan las reglas",
                  "each pot pushed is written down and compared with what the rules give"),
        _CARDS_SPEAK,
    ),
    ("wrong_award", "pot_stays"): (
        _rrop(11, (), "quien abre sin la apertura exigida tiene la mano muerta; si nadie más "
              "sigue en la mano, el pot y las apuestas pasan a la siguiente mano",
              "a false opener's hand is dead; with nobody else live, the antes and bets "
              "carry"),
    ),
    ("wrong_award", "checked_down"): _CHECKED_DOWN,
    ("wrong_award", "void"): (
        _rrop(13, (), "si aparecen en la baraja dos cartas del mismo valor y palo, toda la "
              "acción es nula y cada cual recupera lo que puso en el bote",
              "if two cards of the same rank and suit are found in the deck, all action is "
              "void, and all chips in the pot are returned to the players who put them in"),
    ),
    ("wrong_award", "uncontested"): (
        SeedQuote("002", "En caso de que todos los jugadores se retiren ante la apuesta de uno "
                  "solo, el bote irá al jugador que hizo esa apuesta y no está obligado a "
                  "mostrar sus cartas.",
                  "If every player folds to one player's bet, the pot goes to the player who "
                  "made that bet, who need not show his cards."),
    ),
    ("wrong_award", "dead_hand"): (_DEAD_HAND,),
    ("wrong_award", "false_opener"): (
        _rrop(11, (), "quien abre sin la apertura exigida tiene la mano muerta",
              "a false opener's hand is dead"),
        _DEAD_HAND,
    ),
    ("wrong_award", "wrong_cards"): (
        SeedQuote("000", "no podrá tomar parte en la jugada por tener cartas de más o de menos, "
                  "perdiendo todas las puestas.",
                  "he may not take part in the hand, having too many or too few cards, and "
                  "loses everything he put in."),
        _DEAD_HAND,
    ),
    ("wrong_award", "flush_over_full"): _FLUSH_FULL,
    ("wrong_award", "full_over_flush"): (
        *_FLUSH_FULL,
        SeedQuote("002", "El valor de las combinaciones en orden creciente es el siguiente: "
                  "carta individual, par individual, par doble, tris, escalera, color, full, "
                  "póker, escalera de color.",
                  "The hands in increasing order of value are: high card, one pair, two "
                  "pair, three of a kind, straight, flush, full house, four of a kind, "
                  "straight flush."),
    ),
    ("wrong_award", "suit_order"): (
        SeedQuote("001", "entre dos parejas gana la de valor superior, en el caso que sean del "
                  "mismo valor, gana la pareja que tenga el palo de corazón (que es el primero "
                  "en orden de importancia entre los palos: CORAZÓN, DIAMANTE, TRÉBOL, "
                  "PICAS).",
                  "between two pairs the higher wins; if they are of the same rank, the pair "
                  "holding the heart wins (hearts being first in the order of the suits: "
                  "HEARTS, DIAMONDS, CLUBS, SPADES)."),
    ),
    ("wrong_award", "odd_chip"): (_TIES,),
    ("wrong_award", "split"): (_TIE_SPLIT, _TIES),
    ("wrong_award", "side_pots"): _SIDE_POTS,
    ("wrong_award", "best_hand"): (_CARDS_SPEAK,),
    ("bet_too_small", "fixed_limit"): (_FIXED_SIZES,),
    ("bet_too_large", "fixed_limit"): (_FIXED_SIZES,),
    ("bet_too_small", "fixed_limit:completion"): (_FIXED_LIMIT,),
    ("bet_too_large", "fixed_limit:completion"): (_FIXED_LIMIT,),
    ("bet_too_large", "pot_limit"): (
        _rrop(15, (), "con límite del bote, nadie apuesta más que el bote, pero la apuesta "
              "mínima siempre se puede hacer",
              "in pot limit, no one bets more than the pot, but the minimum bet is always "
              "allowed"),
    ),
    ("bet_too_large", "stack"): (
        SeedQuote("000", "Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la "
                  "que dispone en su resto.",
                  "No player may force another to stake more than he has in his stack."),
        _rrop(3, (), "se juega solo con las fichas que se tienen delante",
              "table stakes: a player plays only the chips in front of them"),
    ),
    ("not_reopened", "not_raised_since"): (
        _rrop(3, (), "quien ya ha hablado solo vuelve a tener derecho a subir si otro sube "
              "después; si nadie ha subido, la ronda está cerrada para él",
              "a player who has already acted may raise again only if another player "
              "raises after them; when nobody has, the betting is closed to them"),
    ),
    ("not_reopened", "short_raise"): (
        _rrop(3, (), "una subida es al menos tan grande como la apuesta o subida anterior; la "
              "que se queda corta no reabre las apuestas para quien ya ha hablado",
              "a raise must be at least the size of the previous bet or raise; one that "
              "falls short does not reopen the betting to a player who has already acted"),
        _tda(47, "solo una subida completa reabre las apuestas para quien ya ha hablado",
             "only a full raise reopens the betting to a player who has already acted"),
    ),
    ("not_reopened", "short_allin"): _SHORT_ALLIN_NOT_REOPENED,
    ("not_reopened", "short_allin:fixed_limit"): (
        _rrop(3, (6,), "con límite fijo, ir con todo el resto por menos de media apuesta no "
              "reabre las apuestas para quien ya ha hablado",
              "in limit play, an all-in wager of less than half a bet does not reopen the "
              "betting for any player who has already acted"),
    ),
    ("draw_limit", "max_draw:4"): (
        SeedQuote("001", "los jugadores que tienen la facultad de reemplazar de 0 a 4 de las "
                  "propias cartas",
                  "the players, who may replace 0 to 4 of their own cards"),
        _HOUSE_DRAW,
    ),
    ("draw_limit", "max_draw:5"): (
        SeedQuote("002", "Cada uno puede pedir al repartidor que cambie de una a las cinco "
                  "cartas que tiene",
                  "Each may ask the dealer to change one to all five of the cards he holds"),
        SeedQuote("003", "Cada jugador puede descartarse y cambiar una, dos, tres, cuatro o sus "
                  "cinco cartas.",
                  "Each player may discard and change one, two, three, four or all five of "
                  "his cards."),
        _HOUSE_DRAW,
    ),
    ("not_reopened", "blind_first"): (
        SeedQuote("001", "No son permitidos relances a los jugadores primero de un eventual "
                  "relance del que hizo la ciega grande (o el que haya tomado el derecho).",
                  "No player may raise before a possible re-raise by the big blind (or by "
                  "whoever took its right)."),
    ),
    ("not_reopened", "blind_only"): (
        SeedQuote("002", "En el caso de una apertura en la oscuridad, solo el jugador que ha "
                  "lanzado puede relanzar",
                  "In a blind opening, only the player who made it may raise"),
    ),
    ("out_of_turn", "all_in"): (
        _rrop(3, (), "se juega solo con las fichas que se tienen delante: quien ya va con todo "
              "su resto no tiene nada más que apostar y juega solo por lo que puso",
              "table stakes: a player plays only the chips in front of them; one already "
              "all in has nothing more to bet and plays only for what it put in"),
    ),
    ("wrong_amount", "not_due"): (
        SeedQuote("000", "El pot se suele organizar así: Se toma un fetiche … y el que da las "
                  "cartas, lo pone en el centro de la mesa, al tiempo que todos los jugadores "
                  "ponen un pot en el tapete.",
                  "The pot is usually arranged so: a token is taken … and the dealer puts it "
                  "in the middle of the table, while every player puts a pot on the cloth."),
        SeedQuote("000", "Aquel que gana la jugada recoge, con el importe ganado, el objeto "
                  "indicado y lo reserva hasta que le llegue el turno de dar.",
                  "Whoever wins the hand takes the token with the winnings and keeps it until "
                  "his turn to deal comes."),
    ),
    ("wrong_amount", "checkdown_matching"): (_CHECKDOWN_MATCHING,),
    ("missing_ante", "checkdown_matching"): (_CHECKDOWN_MATCHING,),
    ("blind_irregular", "jackpot"): (
        SeedQuote("000", "Y es incompatible cuando la apertura se hace con pot o jackpot.",
                  "And it is incompatible when the opening is made with a pot or jackpot."),
    ),
    ("blind_irregular", "looked"): (
        SeedQuote("000", "Si antes de marcar el blind o ciega mira inadvertidamente sus "
                  "cartas, se jugara esa partida sin blind.",
                  "If he inadvertently looks at his cards before posting the blind, that "
                  "hand is played without a blind."),
    ),
    ("deck_exhausted", "deck_out"): (
        SeedQuote("000", "Si no hubiera en el mazo suficientes cartas para completar la mano "
                  "de los jugadores que se descartaron, se barajarán los descartes de todos "
                  "los jugadores a quienes falte por completar sus cartas",
                  "If the deck does not hold enough cards to complete the hands of those who "
                  "discarded, the discards of all the players still to complete their cards "
                  "are shuffled"),
        _SERVE_LAST_CARD,
    ),
    ("deck_exhausted", "own_discard"): (
        SeedQuote("000", "Cuando esto último suceda, su descarte queda aparte, completándose "
                  "su juego con los descartes de los demás jugadores.",
                  "When that happens, his own discard is set aside and his hand is completed "
                  "from the other players' discards."),
        _rrop(11, (), "a nadie se le sirven sus propios descartes",
              "a player's own discards are never served back to him"),
    ),
    ("deck_exhausted", "last_card"): (_SERVE_LAST_CARD,),
    ("deck_exhausted", "deal_last_card"): (_SERVE_LAST_CARD,),
    ("deck_exhausted", "deal_out"): (
        _contract(5, "no se reparten más cartas de las que tiene la baraja",
                  "no more cards are dealt than the deck holds"),
    ),
    ("stack_mismatch", "cash_out"): (
        SeedQuote("002", "es aconsejable la institución de una caja y de un jugador-cajera "
                  "para controlar el cambio de dinero al comienzo del juego y durante las "
                  "manos individuales.",
                  "it is advisable to set up a cash box and a player as cashier to keep track "
                  "of the money changed at the start of the game and during the hands."),
        SeedQuote("002", "cada jugador responde, en cada mano, solo de las fichas que tiene "
                  "delante; existe la posibilidad de comprar nuevas fichas desde el cajón, "
                  "entre una mano y la otra.",
                  "each player answers, in each hand, only for the chips in front of him; new "
                  "chips may be bought from the box between one hand and the next."),
        _contract(4, "las fichas contadas en la caja son las que el árbitro da al jugador "
                  "tras la última mano jugada, más las compradas después",
                  "the chips counted at the cash-out are the stack the referee rules after "
                  "the last hand played, plus the chips bought since"),
    ),
}
"""(Finding kind, ``reason``) -> the sources that case rests on, in place of the kind's
(:data:`CITATIONS`): the seeds' house switches quote their own seed sentence; the
fixed-limit sizes, Robert's Rules section 3, rule 6 (completing a short all-in); the
cash-out count, seed 002's cash box."""


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
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGS)}")
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
