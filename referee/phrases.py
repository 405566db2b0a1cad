"""The words of the findings in Spanish and English: each kind's label, the verbs, the
opening minimums, the phases, and the sentence templates of every kind and ``reason``
(:mod:`referee.messages` fills them in). Data only.

A template holds ``{name}`` placeholders, each a detail of the finding (or ``seat``, the
finding's seat); a part in ``[brackets]`` is left out when a detail in it is missing. The
Spanish words are the seeds' own (``shared/seeds/``).
"""

from __future__ import annotations

# ------------------------------------------------------------------------------ words
LABELS: dict[str, tuple[str, str]] = {
    # kind: (Spanish, English): a short name for the kind, as pages head a finding
    "unreadable": ("anotación ilegible", "unreadable entry"),
    "out_of_turn": ("fuera de turno", "out of turn"),
    "not_in_hand": ("no está en la mano", "not in the hand"),
    "illegal_check": ("paso ante una apuesta", "check facing a bet"),
    "bet_too_small": ("apuesta demasiado pequeña", "bet too small"),
    "bet_too_large": ("apuesta demasiado grande", "bet too large"),
    "raise_cap": ("demasiadas subidas", "too many raises"),
    "not_reopened": ("subida sin derecho (no se reabrió)", "raise not reopened"),
    "wrong_amount": ("cantidad equivocada", "wrong amount"),
    "missing_ante": ("falta el pot", "missing ante"),
    "blind_irregular": ("ciega irregular", "irregular blind"),
    "wrong_card_count": ("número de cartas equivocado", "wrong number of cards"),
    "draw_limit": ("demasiadas cartas de descarte", "too many cards drawn"),
    "duplicate_card": ("carta repetida", "duplicate card"),
    "card_not_in_deck": ("carta que no está en la baraja", "card not in the deck"),
    "deck_exhausted": ("baraja agotada", "deck exhausted"),
    "unjustified_opening": ("apertura sin ley", "opening without openers"),
    "openers_not_shown": ("apertura sin enseñar", "openers not shown"),
    "showdown_order": ("cartas enseñadas fuera de orden", "showdown out of order"),
    "wrong_award": ("bote mal repartido", "wrong award"),
    "chips_not_conserved": ("las fichas no cuadran", "chips do not add up"),
    "incomplete_hand": ("mano incompleta", "incomplete hand"),
    "stack_mismatch": ("fichas distintas de las del árbitro", "stack mismatch"),
    "chips_added_mid_hand": ("fichas añadidas durante la mano", "chips added during the hand"),
    "passed_out": ("todos pasan: el bote sigue", "passed out: the pot carries"),
    "misdeal": ("reparto nulo", "misdeal"),
}
"""Finding kind -> its label in Spanish and English (the pages' heading of a finding)."""

SEVERITY_WORDS = {"error": ("error", "error"), "warning": ("aviso", "warning"),
                  "info": ("nota", "info")}
"""Severity (CONTRACT.md section 4) -> its word in Spanish and English."""

VERBS: dict[str, tuple[str, str, str, str]] = {
    # verb: (Spanish past, Spanish infinitive, English past, English infinitive)
    "ante": ("puso el pot", "poner el pot", "anted", "ante"),
    "blind": ("puso la ciega", "poner la ciega", "posted a blind", "post a blind"),
    "straddle": ("puso la contra-ciega", "poner la contra-ciega", "posted a double blind",
                 "post a double blind"),
    "open": ("abrió", "abrir", "opened", "open"),
    "bet": ("apostó", "apostar", "bet", "bet"),
    "raise": ("subió", "subir", "raised", "raise"),
    "call": ("vio", "ver", "called", "call"),
    "check": ("pasó", "pasar", "checked", "check"),
    "allin": ("se jugó el resto", "jugarse el resto", "went all in", "go all in"),
    "fold": ("se retiró", "retirarse", "folded", "fold"),
    "split": ("separó la apertura", "separar la apertura", "split openers", "split openers"),
    "muck": ("tiró las cartas", "tirar las cartas", "mucked", "muck"),
    "draw": ("se descartó", "descartarse", "drew", "draw"),
    "show": ("enseñó sus cartas", "enseñar sus cartas", "showed", "show"),
    "serve": ("recibió cartas", "recibir cartas", "was served", "be served"),
    "rebuy": ("compró fichas", "comprar fichas", "bought chips", "buy chips"),
}
"""A player verb (CONTRACT.md section 2; ``serve`` for the dealer's serve to a seat) in the
past tense and the infinitive, Spanish then English."""

ANY_VERB = ("habló", "hablar", "acted", "act")

ACTIONS: dict[str, tuple[str, str]] = {
    # one log line (CONTRACT.md section 2) said as it happens, in the present: the hand
    # replayer's steps. {seat} is the player (or "el asiento 3"), {amount} chips, {count}
    # cards, {cards} the card codes; a part in [brackets] goes when its value is missing
    "ante": ("{seat} pone el pot de {amount}", "{seat} antes {amount}"),
    "blind": ("{seat} pone la ciega de {amount}", "{seat} posts a blind of {amount}"),
    "straddle": ("{seat} pone la contra-ciega de {amount}",
                 "{seat} posts a double blind of {amount}"),
    "open": ("{seat} abre {amount}", "{seat} opens {amount}"),
    "bet": ("{seat} apuesta {amount}", "{seat} bets {amount}"),
    "raise": ("{seat} sube a {amount}", "{seat} raises to {amount}"),
    "call": ("{seat} ve[ ({amount})]", "{seat} calls[ ({amount})]"),
    "check": ("{seat} pasa", "{seat} checks"),
    "allin": ("{seat} se juega el resto", "{seat} goes all in"),
    "fold": ("{seat} se retira", "{seat} folds"),
    "split": ("{seat} separa la apertura", "{seat} splits openers"),
    "muck": ("{seat} tira las cartas sin enseñarlas", "{seat} mucks"),
    "draw": ("{seat} se descarta de {count}[: {cards}]", "{seat} draws {count}[, discarding {cards}]"),
    "draw:pat": ("{seat} está servido", "{seat} stands pat"),
    "show": ("{seat} enseña {cards}", "{seat} shows {cards}"),
    "rebuy": ("{seat} compra {amount} fichas", "{seat} buys {amount} chips"),
    "deal": ("{seat} recibe {cards}", "{seat} is dealt {cards}"),
    "deal:count": ("{seat} recibe {count} cartas", "{seat} is dealt {count} cards"),
    "serve": ("{seat} recibe en el descarte {cards}", "{seat} is served {cards}"),
    "serve:count": ("{seat} recibe {count} cartas en el descarte", "{seat} is served {count} cards"),
    "award": ("El que da empuja {amount} fichas a {seat}", "The dealer pushes {amount} chips to {seat}"),
    "misdeal": ("El que da anula el reparto", "The dealer calls a misdeal"),
    "note": ("Nota: {text}", "Note: {text}"),
    "unreadable": ("Anotación ilegible: «{line}»", "Unreadable entry: “{line}”"),
}
"""A log line's verb (``verb:case`` for a case said otherwise: a draw of 0 cards, a deal or
serve of cards nobody saw) -> (Spanish, English), said in the present as the replay steps
through the hand (:func:`referee.messages.action_sentence`)."""

OPENINGS = {"J": ("pareja de valets", "a pair of jacks"),
            "Q": ("pareja de damas", "a pair of queens"),
            "K": ("pareja de reyes", "a pair of kings"),
            "A": ("pareja de ases", "a pair of aces")}
"""The opening minimum (seed 000, "Ley de Apertura") in words."""

PHASES = {"predeal": ("pot y reparto", "antes and deal"),
          "predraw": ("apuestas antes del descarte", "betting before the draw"),
          "draw": ("el descarte", "the draw"),
          "postdraw": ("apuestas tras el descarte", "betting after the draw"),
          "showdown": ("enseñar las cartas", "showdown"),
          "complete": ("mano terminada", "hand complete")}
"""A hand's phase in words."""

FIELDS = {"rebuys": ("compras", "rebuys"), "stacks": ("fichas de salida", "stacks"),
          "actions": ("acciones", "actions"), "button": ("botón", "button"),
          "cash_out": ("recuento de la caja", "cash-out count")}
"""A hand's field (``unreadable`` ``bad_field``) in words."""


# ------------------------------------------------------------------------------ templates
# {name} is a detail (or "seat", the finding's seat), rendered by _values; a part in
# [brackets] is left out when a detail in it is missing (None).
TEMPLATES: dict[str, dict[str | None, tuple[str, str]]] = {
    "unreadable": {
        "unparsable": ("No se entiende la anotación «{line}».",
                       "The entry “{line}” cannot be read."),
        "unparsable:not_text": ("Una anotación de esta mano no es texto.",
                                "An entry of this hand is not text."),
        "seat_not_at_table": ("La anotación «{line}» nombra un asiento donde no se sienta "
                              "nadie.", "The entry “{line}” names a seat nobody sits in."),
        "bad_field": ("Un dato de la mano no se entiende ({field}).",
                      "A field of the hand cannot be read ({field})."),
        "bad_field:rebuys": ("Las compras de esta mano no se entienden: deben ser fichas por "
                             "asiento.", "This hand's rebuys cannot be read: they must be "
                             "chips by seat."),
        "bad_field:stacks": ("Las fichas de salida de esta mano no se entienden: deben ser "
                             "fichas por asiento.", "This hand's starting stacks cannot be "
                             "read: they must be chips by seat."),
        "bad_field:actions": ("Las acciones de esta mano no se entienden: deben ser una lista "
                              "de anotaciones.", "This hand's actions cannot be read: they "
                              "must be a list of entries."),
        "bad_field:button": ("El botón de esta mano no es un asiento de la mesa.",
                             "This hand's button is not a seat at the table."),
        "bad_field:cash_out": ("Un recuento de la caja no se entiende: debe ser un número "
                               "entero de fichas, 0 o más, de un asiento de la mesa, tras una "
                               "mano de la noche.", "A cash-out count cannot be read: it must "
                               "be a whole number of chips, 0 or more, of a seat at the table, "
                               "after a hand of the night."),
        "bad_field:assumed": ("No consta un botón válido para esta mano: se toma el asiento "
                              "{assumed}.", "This hand has no valid button: seat {assumed} "
                              "is assumed."),
    },
    "out_of_turn": {
        None: ("{seat} {verb} cuando hablaba {due}.", "{seat} {verb} while {due} was to act."),
        "nobody_due": ("{seat} {verb} cuando no le tocaba hablar a nadie.",
                       "{seat} {verb} while no one was to act."),
        "before_drawing": ("{seat} {verb} durante el descarte, antes de descartarse.",
                           "{seat} {verb} during the draw, before drawing."),
        "during_draw": ("{seat} {verb} durante el descarte[, cuando {due} aún tenía que "
                        "descartarse].", "{seat} {verb} during the draw[, while {due} had "
                        "still to draw]."),
        "no_betting_left": ("{seat} {verb} cuando ya no quedaban apuestas (los demás van con "
                            "todo su resto o se han retirado).",
                            "{seat} {verb} when no betting was left (every other player all "
                            "in or out)."),
        "no_draw": ("{seat} se descartó cuando no tocaba descarte.",
                    "{seat} drew when no draw was due."),
        "drew_twice": ("{seat} se descartó dos veces en el mismo descarte.",
                       "{seat} drew twice in one draw."),
        "betting_over": ("{seat} {verb} con las apuestas ya terminadas.",
                         "{seat} {verb} after the betting was over."),
        "not_opener": ("{seat} declaró que separa la apertura sin ser quien abrió.",
                       "{seat} declared split openers without being the opener."),
        "after_drawing": ("{seat} declaró que separa la apertura después de descartarse.",
                          "{seat} declared split openers after drawing."),
        "still_to_bet": ("{seat} se descartó cuando aún le tocaba hablar en la ronda de "
                         "apuestas: la ronda termina ahí.",
                         "{seat} drew while it was itself still to act in the betting: the "
                         "round ends there."),
        "all_in": ("{seat} {verb}, pero ya iba con todo su resto: no le quedaba nada por "
                   "jugar en las apuestas.",
                   "{seat} {verb}, but was already all in: nothing was left for it to act "
                   "on in the betting."),
    },
    "not_in_hand": {
        "never_dealt_in": ("{seat} no entró en el reparto de esta mano: no puede {verb_inf}.",
                           "{seat} was not dealt in this hand and cannot {verb_inf}."),
        "folded": ("{seat} {verb} después de haberse retirado.", "{seat} {verb} after folding."),
        "hand_over": ("{seat} {verb} con la mano ya terminada.",
                      "{seat} {verb} after the hand was over."),
        "pot_pushed": ("{seat} {verb} después de repartido el bote: la mano había terminado.",
                       "{seat} {verb} after the pot was pushed: the hand was over."),
    },
    "illegal_check": {
        None: ("{seat} pasó teniendo delante una apuesta de {facing} fichas (para ver debía "
               "poner {to_call}).", "{seat} checked facing a bet of {facing} chips "
               "({to_call} to call)."),
    },
    "bet_too_small": {
        "no_raise": ("{seat} llevó su apuesta a {recorded} fichas en la ronda, sin superar la "
                     "apuesta de {facing}.", "{seat} wagered {recorded} chips in the round, "
                     "not above the bet of {facing}."),
        "fixed_limit": ("{seat} llevó su apuesta a {recorded} fichas en la ronda; con límite "
                        "fijo correspondían {expected}.", "{seat} wagered {recorded} chips in "
                        "the round; the fixed limit made it {expected}."),
        "min_bet": ("{seat} apostó {recorded} fichas; la apuesta mínima es {minimum}.",
                    "{seat} bet {recorded} chips; the minimum bet is {minimum}."),
        "min_raise": ("{seat} subió {raise_by} fichas (hasta {recorded}); la subida mínima es "
                      "{min_raise}, hasta {minimum}.", "{seat} raised by {raise_by} chips (to "
                      "{recorded}); the minimum raise is {min_raise}, to {minimum}."),
    },
    "bet_too_large": {
        "stack": ("{seat} llevó su apuesta a {recorded} fichas con un resto de solo {maximum}.",
                  "{seat} wagered {recorded} chips with only {maximum}."),
        "fixed_limit": ("{seat} llevó su apuesta a {recorded} fichas en la ronda; con límite "
                        "fijo correspondían {expected}.", "{seat} wagered {recorded} chips in "
                        "the round; the fixed limit made it {expected}."),
        "pot_limit": ("{seat} llevó su apuesta a {recorded} fichas; el límite del bote era "
                      "{maximum}.", "{seat} wagered {recorded} chips; the pot limit was "
                      "{maximum}."),
    },
    "raise_cap": {
        None: ("{seat} hizo la subida número {raises}; el tope es una apuesta y {cap} subidas.",
               "{seat} made raise number {raises}; the cap is a bet and {cap} raises."),
    },
    "not_reopened": {
        None: ("{seat} subió a {recorded} fichas sobre una apuesta de {facing}, pero ya había "
               "hablado y las apuestas no se le habían reabierto.",
               "{seat} raised to {recorded} chips over a bet of {facing}, but had already "
               "acted and the betting was not reopened to them."),
        "not_raised_since": ("{seat} subió a {recorded} fichas sobre una apuesta de {facing}, "
                             "pero ya había hablado ante esa misma apuesta y nadie había "
                             "subido desde entonces: no le tocaba volver a subir.",
                             "{seat} raised to {recorded} chips over a bet of {facing}, but "
                             "had already acted on that same bet and nobody had raised "
                             "since: the betting was not open to them again."),
        "short_allin": ("{seat} subió a {recorded} fichas sobre una apuesta de {facing}, pero "
                        "ya había hablado, y {raiser} se jugó el resto por menos de una "
                        "subida completa: eso no le reabría las apuestas.",
                        "{seat} raised to {recorded} chips over a bet of {facing}, but had "
                        "already acted, and {raiser} went all in for less than a full raise: "
                        "that did not reopen the betting to them."),
        "short_raise": ("{seat} subió a {recorded} fichas sobre una apuesta de {facing}, pero "
                        "ya había hablado, y la subida de después[ ({raiser})] no llegaba a "
                        "una subida completa: eso no le reabría las apuestas.",
                        "{seat} raised to {recorded} chips over a bet of {facing}, but had "
                        "already acted, and the raise since[ (by {raiser})] was short of a "
                        "full raise: that did not reopen the betting to them."),
        "blind_first": ("{seat} subió a {recorded} fichas antes de que subiera {holder}: no se "
                        "permiten relances antes del relance de la ciega grande (o de quien "
                        "tomó el derecho).", "{seat} raised to {recorded} chips before "
                        "{holder} had raised: no raise comes before the big blind's own (or "
                        "that of the seat that took its right)."),
        "blind_only": ("{seat} subió a {recorded} fichas sin haber puesto ciega: en una "
                       "apertura a ciegas solo relanza quien puso la ciega.",
                       "{seat} raised to {recorded} chips without having posted a blind: in a "
                       "blind opening only a seat that posted a blind may raise."),
    },
    "wrong_amount": {
        "ante": ("{seat} puso {recorded} fichas de pot; el pot es de {expected}.",
                 "{seat} anted {recorded} chips; the ante is {expected}."),
        "ante_twice": ("{seat} puso el pot dos veces ({recorded} fichas más).",
                       "{seat} anted twice ({recorded} chips more)."),
        "call": ("{seat} vio hasta {recorded} fichas; para ver había que llegar a {expected}.",
                 "{seat} called to {recorded} chips; the call was to {expected}."),
        "nothing_to_call": ("{seat} vio {recorded} fichas sin nada que ver.",
                            "{seat} called {recorded} chips with nothing to call."),
        "not_due": ("{seat} puso {recorded} fichas de pot en una mano sin pot: el fetiche no "
                    "está en el centro de la mesa.", "{seat} anted {recorded} chips in a hand "
                    "that owes no ante: the marker is not in the middle."),
        "checkdown_matching": ("{seat} puso {recorded} fichas para compensar tras la palabra "
                               "de todos; le correspondía poner {expected}.",
                               "{seat} paid {recorded} chips to match after the check-down; "
                               "the payment owed was {expected}."),
    },
    "missing_ante": {
        None: ("{seat} recibió cartas sin poner su pot de {ante} fichas.",
               "{seat} was dealt in without anteing {ante} chips."),
        "checkdown_matching": ("{seat} se retiró y, tras la palabra de todos, no puso {ante} "
                               "fichas para compensar a los que siguieron en la mano.",
                               "{seat} folded and did not pay {ante} chips to match the "
                               "players still in after the check-down."),
    },
    "blind_irregular": {
        "late": ("{seat} puso {blind} cuando ya habían empezado las apuestas.",
                 "{seat} posted {blind} after the betting began."),
        "not_allowed": ("{seat} puso {blind}, pero en esta casa no se juega con ciega.",
                        "{seat} posted {blind}, but blinds are not played under these house "
                        "rules."),
        "wrong_seat": ("{seat} puso {blind}, pero debía ponerla {due}.",
                       "{seat} posted {blind}, which {due} was to post."),
        "wrong_size": ("{seat} puso {blind} de {recorded} fichas; debía ser de {expected}.",
                       "{seat} posted {blind} of {recorded} chips; it is {expected}."),
        "jackpot": ("{seat} puso {blind} en una mano con pot o jackpot: la ciega no se juega "
                    "cuando la apertura se hace con pot o jackpot.",
                    "{seat} posted {blind} in a hand played with antes or an opening minimum "
                    "(pot or jackpot), where blinds are not played."),
        "looked": ("{seat} puso {blind} después de recibir sus cartas: esta mano se juega sin "
                   "ciega y sus fichas cuentan como su apuesta.",
                   "{seat} posted {blind} after being dealt in: the hand is played without a "
                   "blind and the chips are the seat's bet."),
    },
    "wrong_card_count": {
        "dealt": ("{seat} recibió {cards} cartas en el reparto, no cinco.",
                  "{seat} was dealt {cards} cards, not five."),
        "served": ("{seat} pidió {drawn} y le sirvieron {served}: tiene {cards} cartas.",
                   "{seat} asked for {drawn} and was served {served}: {cards} cards."),
        "shown": ("{seat} enseñó {cards} cartas, no cinco.", "{seat} showed {cards} cards, "
                  "not five."),
        "not_held": ("{seat} enseñó {shown}, pero según lo anotado tiene {held}: no es la mano "
                     "que tiene.", "{seat} showed {shown} but holds {held} as logged: the "
                     "hand shown is not the one held."),
        "discard_not_held": ("{seat} se descartó de {card}, una carta que no tenía (tenía "
                             "{held}): según lo anotado su mano no suma cinco cartas.",
                             "{seat} discarded {card}, a card not in the hand (which held "
                             "{held}): as logged, the hand does not add up to five cards."),
        "shown_again": ("{seat} enseñó {shown} después de enseñar {first}: cada jugador tiene "
                        "una sola mano y vale la primera.", "{seat} showed {shown} after "
                        "showing {first}: a player holds one hand, the first one shown "
                        "stands."),
        "served_after_push": ("{seat} recibió cartas después de repartido el bote: la mano "
                              "había terminado (no cambia nada).",
                              "{seat} was served after the pot was pushed: the hand was over "
                              "(nothing changes)."),
        "served_without_draw": ("{seat} recibió {cards} cartas sin haberse descartado.",
                                "{seat} was served {cards} cards without drawing."),
    },
    "draw_limit": {
        None: ("{seat} pidió {cards} cartas; como mucho se pueden cambiar {max_draw}.",
               "{seat} drew {cards}; at most {max_draw} may be drawn."),
    },
    "duplicate_card": {
        "seen_twice": ("La carta {card} aparece dos veces: la tuvo {holder} y ahora {seat}.",
                       "Card {card} appears twice: {holder} had it, and now {seat}."),
        "discard_served": ("{holder} se descartó de {card} cuando aún quedaban cartas en el "
                           "mazo (los descartes no se sirven hasta que se acaba) y ahora la "
                           "tiene {seat}.", "{holder} discarded {card} while the deck still "
                           "had cards (discards are not served before it runs out) and now "
                           "{seat} has it."),
        "dealt_twice": ("{seat} recibió {card} dos veces en el reparto.",
                        "{seat} was dealt {card} twice."),
        "served_held": ("{seat} recibió {card}, una carta que ya tenía.",
                        "{seat} was served {card}, a card already held."),
        "shown_twice": ("{seat} enseñó {card} dos veces.", "{seat} showed {card} twice."),
        "shown_after_push": ("{seat} enseñó cartas ya vistas en otra mano ({clash}) después "
                             "de repartido el bote: el resultado se mantiene.",
                             "{seat} showed cards seen in another hand ({clash}) after the pot "
                             "was pushed: the result stands."),
    },
    "card_not_in_deck": {
        None: ("La carta {card} no está en esta baraja.", "Card {card} is not in this deck."),
    },
    "deck_exhausted": {
        "deck_out": ("{seat} pidió {served} cartas, pero en el mazo solo quedaban {left}.",
                     "{seat} was served {served} cards but the deck had only {left} left."),
        "own_discard": ("{seat} recibió {card}, una carta de su propio descarte.",
                        "{seat} was served {card}, one of their own discards."),
        "last_card": ("{seat} recibió la última carta del mazo sin descartes con que "
                      "mezclarla (le sirvieron {served} cartas; quedaban {left}).",
                      "{seat} was served the deck's last card with no discards to shuffle it "
                      "with ({served} cards served; {left} left)."),
        "deal_out": ("El reparto necesita {needed} cartas, cinco por jugador, y la baraja solo "
                     "tiene {deck}.", "The deal needs {needed} cards, five a player, and the "
                     "deck has only {deck}."),
        "deal_last_card": ("El reparto necesita {needed} cartas, cinco por jugador, de una "
                           "baraja de {deck}: habría que dar la última carta del mazo, que no "
                           "se debe dar.", "The deal needs {needed} cards, five a player, from "
                           "a deck of {deck}: it would deal the deck's last card, which is "
                           "kept back."),
    },
    "unjustified_opening": {
        "deal": ("{seat} abrió sin {opening} o mejor (recibió {hand}).",
                 "{seat} opened without {opening} or better (dealt {hand})."),
        "proof": ("{seat} abrió sin {opening} o mejor (enseñó {hand} para justificar la "
                  "apertura).", "{seat} opened without {opening} or better (showed {hand} as "
                  "openers)."),
        "show": ("{seat} abrió sin {opening} o mejor (enseñó {hand} tras descartarse de "
                 "{drawn}).", "{seat} opened without {opening} or better (showed {hand} after "
                 "drawing {drawn})."),
        "split": ("{seat} rompió la apertura (se descartó de {discards}) sin declarar que la "
                  "separaba: el descarte debe guardarse para justificarla.",
                  "{seat} broke openers (discarded {discards}) without declaring split "
                  "openers: the discard must be kept to prove them."),
    },
    "openers_not_shown": {
        "took_pot": ("{seat} se llevó el bote sin enseñar la apertura ({opening} o mejor): la "
                     "mano del que abrió está muerta y el bote pasa a la siguiente mano.",
                     "{seat} took the pot without showing openers ({opening} or better): the "
                     "opener's hand is dead and the pot stays for the next deal."),
        "threw_away": ("{seat} tiró las cartas sin enseñar la apertura.",
                       "{seat} threw the hand away without showing openers."),
        "folded": ("{seat} se retiró sin enseñar la apertura.",
                   "{seat} folded without showing openers."),
    },
    "showdown_order": {
        None: ("{seat} enseñó sus cartas antes que {due}, que debía enseñarlas primero.",
               "{seat} showed before {due}, who was to show first."),
    },
    "wrong_award": {
        None: ("Se anotó el bote así: {recorded}; según las reglas corresponde: {expected}.",
               "Awarded: {recorded}; the rules give: {expected}."),
        "best_hand": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (las cartas hablan, gana la mejor mano enseñada).",
            "Awarded: {recorded}; the rules give: {expected} (cards speak, the best "
            "hand shown wins)."),
        "dead_hand": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (se pagó a una mano que no puede ganar: retirada o "
            "muerta).",
            "Awarded: {recorded}; the rules give: {expected} (a hand that cannot "
            "win, folded or dead, was paid)."),
        "false_opener": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (se pagó a quien abrió sin la apertura exigida: su mano está "
            "muerta).",
            "Awarded: {recorded}; the rules give: {expected} (a false opener, whose "
            "hand is dead, was paid)."),
        "wrong_cards": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (se pagó a una mano muerta por sus cartas: de más, de menos o "
            "distintas de las que tiene).",
            "Awarded: {recorded}; the rules give: {expected} (a hand dead for its "
            "cards, too many, too few or not those held, was paid)."),
        "uncontested": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (quien queda solo en la mano se lleva el bote).",
            "Awarded: {recorded}; the rules give: {expected} (the one player left "
            "in takes the pot)."),
        "void": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (con una carta repetida la mano es nula y cada uno recupera "
            "lo que puso).",
            "Awarded: {recorded}; the rules give: {expected} (a duplicate card "
            "voids the hand and everyone gets back what they put in)."),
        "flush_over_full": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (con esta baraja el color vale más que el full).",
            "Awarded: {recorded}; the rules give: {expected} (with this deck a "
            "flush beats a full house)."),
        "full_over_flush": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (con esta baraja el full vale más que el color).",
            "Awarded: {recorded}; the rules give: {expected} (with this deck a full "
            "house beats a flush)."),
        "suit_order": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (a igual jugada decide el palo, en el orden de la casa).",
            "Awarded: {recorded}; the rules give: {expected} (between equal hands "
            "the suit decides, in the house's order)."),
        "odd_chip": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (la diferencia es la ficha impar del reparto, que es para "
            "la primera mano empatada a partir del botón).",
            "Awarded: {recorded}; the rules give: {expected} (the difference is the "
            "odd chip of the split, which goes to the first tied hand from the "
            "button)."),
        "split": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (las manos empatadas se reparten el bote).",
            "Awarded: {recorded}; the rules give: {expected} (tied hands split the "
            "pot)."),
        "side_pots": (
            "Se anotó el bote así: {recorded}; según las reglas corresponde: "
            "{expected} (quien va con todo su resto solo gana lo que igualó de cada "
            "uno; el resto forma botes laterales).",
            "Awarded: {recorded}; the rules give: {expected} (an all-in player wins "
            "only what each player matched; the rest makes side pots)."),
        "no_award": ("No se anotó el reparto del bote; según las reglas corresponde: "
                     "{expected}.", "No award was recorded; the rules give: {expected}."),
        "pot_stays": ("Se anotó el bote así: {recorded}; según las reglas no se reparte: el "
                      "bote pasa a la siguiente mano.", "Awarded: {recorded}; the rules give "
                      "nothing: the pot stays for the next deal."),
        "checked_down": ("Se anotó el bote así: {recorded}; según las reglas no se reparte: "
                         "todos dijeron «palabra» tras el descarte y el bote pasa a la "
                         "siguiente mano.", "Awarded: {recorded}; the rules give nothing: "
                         "everyone checked after the draw and the pot stays for the next "
                         "deal."),
    },
    "chips_not_conserved": {
        None: ("Lo repartido suma {recorded} fichas; el bote es de {pot}.",
               "The awards add up to {recorded} chips; the pot is {pot}."),
    },
    "incomplete_hand": {
        "log_ends": ("La anotación termina antes de que se decida la mano (fase: {phase}"
                     "[; hablaba {due}]).", "The log ends before the hand is decided (at: "
                     "{phase}[; {due} was to act])."),
        "not_shown": ("La anotación termina antes de que se decida la mano: quedan manos por "
                      "enseñar y no se anotó el reparto del bote[ (debe enseñar {due})].",
                      "The log ends before the hand is decided: hands still to be shown and "
                      "no award[ ({due} to show)]."),
    },
    "stack_mismatch": {
        None: ("{seat} empieza la mano con {recorded} fichas; de la mano anterior trae "
               "{expected}.", "{seat} starts the hand with {recorded} chips; {expected} "
               "carried over."),
        "cash_out": ("{seat} entregó {recorded} fichas en la caja"
                     "[ (fichas movidas por un fallo: {ruling_moves})][ (con {pot_share} del bote que pasa, devuelto)]; según el árbitro tiene "
                     "{expected} (diferencia: {difference}): no jugó ninguna mano desde que "
                     "compró fichas, el recuento se compara con lo comprado.",
                     "{seat} counted {recorded} chips at the cash-out"
                     "[ (chips moved by a ruling: {ruling_moves})][ (with {pot_share} of the carried pot, handed back)]; the referee's stack is "
                     "{expected} (difference: {difference}): no hand was played since the "
                     "buy-in, the count is compared with the chips bought."),
        "cash_out:pushed": ("{seat} entregó {recorded} fichas en la caja"
                            "[ (fichas movidas por un fallo: {ruling_moves})][ (con {pot_share} del bote que pasa, devuelto)] tras la mano {after}; "
                            "según el árbitro tiene {expected} (diferencia: {difference}). Tal "
                            "como se repartieron los botes tendría {pushed}: coincidía con el "
                            "árbitro hasta la mano {last_agreed}.",
                            "{seat} counted {recorded} chips at the cash-out"
                            "[ (chips moved by a ruling: {ruling_moves})][ (with {pot_share} of the carried pot, handed back)] after hand "
                            "{after}; the referee's stack is {expected} (difference: "
                            "{difference}). As the dealer pushed the pots the seat would hold "
                            "{pushed}: it agreed with the referee up to hand {last_agreed}."),
        "cash_out:pushed_since_buy_in": (
            "{seat} entregó {recorded} fichas en la caja"
            "[ (fichas movidas por un fallo: {ruling_moves})][ (con {pot_share} del bote que pasa, devuelto)] tras la mano {after}; según el "
            "árbitro tiene {expected} (diferencia: {difference}). Tal como se repartieron los "
            "botes tendría {pushed}: no coincide con el árbitro desde que compró fichas.",
            "{seat} counted {recorded} chips at the cash-out"
            "[ (chips moved by a ruling: {ruling_moves})][ (with {pot_share} of the carried pot, handed back)] after hand {after}; the referee's "
            "stack is {expected} (difference: {difference}). As the dealer pushed the pots the "
            "seat would hold {pushed}: it has not agreed with the referee since the buy-in."),
        "cash_out:outside_log": (
            "{seat} entregó {recorded} fichas en la caja"
            "[ (fichas movidas por un fallo: {ruling_moves})][ (con {pot_share} del bote que pasa, devuelto)] tras la mano {after}; según el "
            "árbitro tiene {expected} (diferencia: {difference}). Los botes anotados coinciden "
            "con el árbitro hasta la mano {last_agreed}[ en lo que toca a este jugador (la mano "
            "{wrong_push} se repartió mal, a otros)]: la diferencia no está en la anotación "
            "(¿contar de nuevo?).",
            "{seat} counted {recorded} chips at the cash-out"
            "[ (chips moved by a ruling: {ruling_moves})][ (with {pot_share} of the carried pot, handed back)] after hand {after}; the referee's "
            "stack is {expected} (difference: {difference}). The recorded pushes agree with "
            "the referee up to hand {last_agreed}[ as far as this seat goes (hand {wrong_push} "
            "was pushed wrong, to others)]: the difference is not in the log (count "
            "again?)."),
    },
    "chips_added_mid_hand": {
        None: ("{seat} añadió {chips} fichas durante la mano; lo añadido juega desde la "
               "siguiente mano.", "{seat} added {chips} chips during the hand; what was "
               "added plays from the next hand."),
    },
    "passed_out": {
        "nobody_opened": ("Nadie abrió: el bote ({pot} fichas) pasa a la siguiente mano y "
                          "todos ponen pot de nuevo.", "Nobody opened: the pot ({pot} chips) "
                          "stays for the next deal and everyone antes again."),
        "checked_down": ("Todos dijeron «palabra» tras el descarte: el bote ({pot} fichas) "
                         "pasa a la siguiente mano (plato de palabra).",
                         "Everyone checked after the draw: the pot ({pot} chips) stays for "
                         "the next deal."),
    },
    "misdeal": {
        None: ("El que da declaró mal reparto: el reparto no vale y lo puesto se devuelve"
               "[ ({returned})].", "The dealer called a misdeal: the deal is void and the "
               "chips put in go back[ ({returned})]."),
    },
}
"""Finding kind -> case -> (Spanish template, English template). The case is the finding's
``reason`` (``source`` for ``unjustified_opening``; :func:`case_keys`), None the kind's
general sentence; ``"reason:sub"`` a refinement tried first."""
