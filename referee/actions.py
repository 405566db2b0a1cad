"""Parsing the action strings of a hand log (CONTRACT.md section 2) into typed actions.

>>> parse_action("p3 open 10")
Action(actor='p', seat=3, verb='open', amount=10, cards=None, count=None, to=None, text='')
>>> parse_action("d serve p4 3").count
3
>>> parse_action("p1 draw 3 9c5h2s").cards
('9c', '5h', '2s')
>>> parse_action("p1 raise -5")
Traceback (most recent call last):
...
referee.actions.ActionError: 'p1 raise -5': the amount must be a whole number of chips, 0 or more
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from .cards import CardError, parse_cards


class ActionError(ValueError):
    """An action string that cannot be read; the message quotes it (becomes ``unreadable``)."""


VERBS = (
    # verb, what it takes (an amount required / optional / none / the draw's count / cards),
    # its place among the dealer tablet's buttons (None: not offered)
    ("ante", "amount", 11), ("blind", "amount", 12), ("straddle", "amount", 13), ("open", "amount", 2),
    ("bet", "amount", 3), ("raise", "amount", 5), ("call", "optional", 4), ("check", "none", 1),
    ("allin", "none", 6), ("fold", "none", 7), ("split", "none", 14), ("muck", "none", 10),
    ("draw", "draw", 8), ("show", "cards", 9),
    # extension (not in CONTRACT.md section 2): chips bought during a hand, which table
    # stakes do not let play until the hand is over (finding chips_added_mid_hand); never
    # offered on the tablet (a rebuy goes through the host's ledger between hands)
    # the seeds' irregularities (issue 27): a seat abstaining before the deal of a pot
    # hand (seed 000), a seat withdrawing after two of its cards were exposed in the deal
    # (seed 002); offered on the tablet's irregularities, not among its buttons
    ("sitout", "none", None), ("withdraw", "none", None),
    ("rebuy", "amount", None),
)
"""The one list of player verbs (CONTRACT.md section 2): each with what it takes (an
``amount`` of chips: a round total for open/bet/raise/blind; an ``optional`` one: call;
``none``; the ``draw``'s count and discards; the ``cards`` shown) and its place on the
dealer tablet, which offers them in that order (a player's choices first, then the forced
chips and the split of openers: :data:`TABLET_VERBS`)."""

PLAYER_VERBS = {verb: takes for verb, takes, _place in VERBS}
"""Verb -> what it takes (:data:`VERBS`), in the order of :data:`VERBS`."""

TABLET_VERBS = tuple(verb for _place, verb in sorted((place, verb) for verb, _, place in VERBS if place is not None))
"""The player verbs the dealer tablet offers, in its order (:data:`VERBS`)."""

DEALER_VERBS = ("deal", "serve", "award", "move", "misdeal", "note", "expose", "fix")
"""The dealer's verbs (CONTRACT.md section 2): ``d deal``, ``d serve``, ``d award``, ``d
move`` (chips handed from one seat to another at the table, outside the betting: a ruling
settled at the table), ``d misdeal``, ``d note``, ``d expose pN CARD`` (a card meant for
seat N exposed while dealing, seed 002), ``d fix pN +K [CARDS]`` / ``d fix pN -K [CARDS]``
(the dealer puts a wrong serve right: K cards more, or K taken back, seed 000)."""
MAX_CARDS = 54
"""The most cards a deal or serve line can name: a 52-card deck and two jokers (a count
beyond it is no count a table can deal: ``unreadable``)."""

_SEATS = {f"{p}{seat}": seat for p in "pP" for seat in range(1, 11)}
"""The seat tokens of a table's seats 1-10 (``p1``..``p10``, ``P1``..) -> the seat: found
with one look-up; any other token is read (and explained when bad) by :func:`_seat`."""


@dataclass(slots=True)
class Action:
    """One parsed log line. Read-only: parsed lines are cached by their text and shared
    between hands, so nothing may change one (``tests/referee/test_actions.py`` checks that a
    replay leaves them as parsed). Not frozen: a frozen dataclass sets each field through
    ``object.__setattr__``, which made building one cost four times as much, for every
    line of every log. Compared by value; not hashable.

    - ``actor``: ``"p"`` (a player) or ``"d"`` (the dealer).
    - ``seat``: the acting seat for ``pN`` lines; the target seat for ``d deal/serve/award``;
      the seat handing the chips over for ``d move pA pB A`` (seat A).
    - ``verb``: the verb of CONTRACT.md section 2 (``check``, ``open``, ``deal`` ...).
    - ``amount``: chips (int) for ante/blind/straddle/open/bet/raise/call A/award, else None.
    - ``cards``: a tuple of card strings (show, deal/serve CARDS, draw discards) or None.
    - ``count``: K of ``draw K`` / ``deal pN K`` / ``serve pN K`` (int) or None; of ``d fix
      pN +K`` / ``-K`` the signed K (cards given, or taken back when negative).
    - ``to``: the seat receiving the chips of ``d move pA pB A`` (seat B), else None.
    - ``text``: the free text of ``d note``.
    """

    actor: str
    seat: int | None
    verb: str
    amount: int | None = None
    cards: tuple[str, ...] | None = None
    count: int | None = None
    to: int | None = None
    text: str = ""


def _digits(token: str) -> bool:
    """Only ASCII digits make a number (``str.isdigit`` also takes other scripts' digits)."""
    return token.isascii() and token.isdigit()


def _seat(token: str, line: str) -> int:
    if len(token) < 2 or token[0] not in "pP" or not _digits(token[1:]):
        raise ActionError(f"{_short(line)}: {_short(token)} is not a seat (write pN, e.g. p3)")
    return int(token[1:])


def _whole(token: str, line: str, what: str = "the amount", unit: str = "chips") -> int:
    if token.isdigit() and token.isascii():  # (only ASCII digits: see _digits)
        try:
            return int(token)
        except ValueError:  # more digits than Python converts (sys.set_int_max_str_digits)
            raise ActionError(f"{_short(line)}: {what} has {len(token)} digits, too many to "
                              "be read") from None
    raise ActionError(f"{_short(line)}: {what} must be a whole number of {unit}, 0 or more")


def _short(line: str) -> str:
    """The line as quoted in a message: its repr, cut to 80 characters."""
    text = repr(line)
    return text if len(text) <= 80 else text[:77] + "..."


def _cards(token: str, line: str) -> tuple[str, ...]:
    try:
        return parse_cards(token)
    except CardError as exc:
        raise ActionError(f"{_short(line)}: {_short(str(exc))}") from None


def _shown(value: object) -> str:
    """A non-string log entry as the dealer would see it in the file (JSON where it can)."""
    try:
        return json.dumps(value, ensure_ascii=False)[:80]
    except (TypeError, ValueError):
        return type(value).__name__


def parse_line(line: object) -> Action:
    """:func:`parse_action` for any log entry: a non-string (a number, a list, an object
    in the JSON) raises :class:`ActionError` instead of ``TypeError``.

    :raises ActionError: as :func:`parse_action`, or the entry is not a string.
    """
    if not isinstance(line, str):
        raise ActionError(f"{_shown(line)}: an action must be a string of text")
    return parse_action(line)


@lru_cache(maxsize=65536)
def parse_action(line: str) -> Action:
    """Parse one action string.

    :param line: e.g. ``"p1 call"``, ``"p3 raise 40"``, ``"d deal p3 TsTd9c5h2s"``.
    :returns: an :class:`Action` (immutable; parsing is cached by text).
    :raises ActionError: unknown verb, malformed seat, card or amount, negative amount,
        missing or extra parts; the message quotes the line.
    """
    if not isinstance(line, str):
        raise ActionError(f"{_shown(line)}: an action must be a string of text")
    parts = line.split()
    who = parts[0] if parts else ""
    seat = _SEATS.get(who)
    if seat is None:  # not a player's seat token of 1-10: the dealer, the rest, or bad
        if who == "d" or who == "D":
            return _dealer_action(line, parts)
        if line.startswith("! "):
            # a line an importer could not read, with its reason (referee.phh.UNREADABLE_MARK)
            raise ActionError(line[2:].strip() or "an action the importer could not read")
        if not parts:
            raise ActionError(f"{_short(line)}: empty action")
        seat = _seat(who, line)
    found = _PLAYER.get(parts[1]) if len(parts) > 1 else None
    if found is None:
        raise ActionError(f"{_short(line)}: unknown action (known: {', '.join(PLAYER_VERBS)})")
    verb, shape = found
    n = len(parts)
    if shape == "none":
        if n > 2:
            raise ActionError(f"{_short(line)}: '{verb}' takes no amount or cards")
        return Action("p", seat, verb)
    if shape == "amount":
        if n != 3:
            raise ActionError(f"{_short(line)}: '{verb}' needs one amount in chips")
        return Action("p", seat, verb, _whole(parts[2], line))
    if shape == "draw":  # draw K [CARDS]
        if not 3 <= n <= 4:
            raise ActionError(f"{_short(line)}: expected 'pN draw K [CARDS]'")
        count = _whole(parts[2], line, "the number of cards", "cards")
        if n == 3:
            return Action("p", seat, verb, None, None, count)
        cards = _cards(parts[3], line)
        if len(cards) != count:
            raise ActionError(f"{_short(line)}: {count} cards drawn but {len(cards)} discards "
                              "written")
        return Action("p", seat, verb, None, cards, count)
    if shape == "optional":
        if n > 3:
            raise ActionError(f"{_short(line)}: 'call' takes at most one amount")
        return Action("p", seat, verb, _whole(parts[2], line) if n == 3 else None)
    if n != 3:  # show CARDS
        raise ActionError(f"{_short(line)}: 'show' needs the cards, written together")
    return Action("p", seat, verb, None, _cards(parts[2], line))


_PLAYER = {verb: (verb, shape) for verb, shape in PLAYER_VERBS.items()}
"""Verb -> ``(verb, shape)`` of :data:`PLAYER_VERBS`: the verb as the one shared string
(the replay compares it against its own literals, an identity check when shared)."""


def _dealer_action(line: str, parts: list[str]) -> Action:
    """:func:`parse_action` of a dealer line (``parts``: its words, the first ``d``)."""
    if len(parts) < 2 or parts[1] not in DEALER_VERBS:
        raise ActionError(f"{_short(line)}: unknown dealer action (known: {', '.join(DEALER_VERBS)})")
    verb = parts[1]
    if verb == "note":
        return Action("d", None, "note", text=line.split(None, 2)[2] if len(parts) > 2 else "")
    if verb == "misdeal":
        if len(parts) != 2:
            raise ActionError(f"{_short(line)}: 'd misdeal' takes nothing more")
        return Action("d", None, "misdeal")
    if verb == "move":
        return _move(line, parts)
    if verb == "expose":
        return _expose(line, parts)
    if verb == "fix":
        return _fix(line, parts)
    if len(parts) != 4:
        what = "A" if verb == "award" else "CARDS|K"
        raise ActionError(f"{_short(line)}: expected 'd {verb} pN {what}'")
    seat = _SEATS.get(parts[2])
    if seat is None:
        seat = _seat(parts[2], line)
    if verb == "award":
        return Action("d", seat, "award", _whole(parts[3], line))
    verb = "deal" if verb == "deal" else "serve"  # (the shared string)
    given = parts[3]
    if given.isdigit() and given.isascii():  # (_digits, inline: K cards, else the cards)
        count = _whole(given, line, "the number of cards", "cards")
        if count > MAX_CARDS:
            raise ActionError(f"{_short(line)}: {count} cards; a deck has at most {MAX_CARDS}")
        return Action("d", seat, verb, None, None, count)
    cards = _cards(given, line)
    if len(cards) > MAX_CARDS:
        raise ActionError(f"{_short(line)}: {len(cards)} cards; a deck has at most {MAX_CARDS}")
    return Action("d", seat, verb, None, cards, len(cards))


def _move(line: str, parts: list[str]) -> Action:
    """``d move pA pB A`` (CONTRACT.md section 2): A chips handed from seat A to seat B at
    the table, outside the betting. A seat handing chips to itself is no move a dealer
    makes: never guessed at (``unreadable``)."""
    if len(parts) != 5:
        raise ActionError(f"{_short(line)}: expected 'd move pA pB A' (from seat A to seat B)")
    giver = _SEATS.get(parts[2])
    if giver is None:
        giver = _seat(parts[2], line)
    taker = _SEATS.get(parts[3])
    if taker is None:
        taker = _seat(parts[3], line)
    if giver == taker:
        raise ActionError(f"{_short(line)}: chips moved from a seat to the same seat")
    return Action("d", giver, "move", _whole(parts[4], line), to=taker)


def _target(token: str, line: str) -> int:
    """The seat a dealer line names (``pN``)."""
    seat = _SEATS.get(token)
    return _seat(token, line) if seat is None else seat


def _expose(line: str, parts: list[str]) -> Action:
    """``d expose pN CARD`` (seed 002): one card meant for seat N exposed while dealing.

    >>> parse_action("d expose p2 Ah").cards
    ('Ah',)
    """
    if len(parts) != 4:
        raise ActionError(f"{_short(line)}: expected 'd expose pN CARD' (one card)")
    seat = _target(parts[2], line)
    cards = _cards(parts[3], line)
    if len(cards) != 1 or cards[0] == "??":
        raise ActionError(f"{_short(line)}: an exposed card is one card, seen (e.g. Ah)")
    return Action("d", seat, "expose", None, cards, 1)


def _fix(line: str, parts: list[str]) -> Action:
    """``d fix pN +K [CARDS]`` / ``d fix pN -K [CARDS]`` (seed 000: "hará que rectifique el
    que las dio"): K cards more given to seat N, or K taken back; CARDS, when known, are
    those cards. ``count`` is the signed K.

    >>> a = parse_action("d fix p3 -1 9c")
    >>> (a.seat, a.count, a.cards)
    (3, -1, ('9c',))
    """
    if not 4 <= len(parts) <= 5 or parts[3][:1] not in "+-" or len(parts[3]) < 2:
        raise ActionError(f"{_short(line)}: expected 'd fix pN +K [CARDS]' or 'd fix pN -K "
                          "[CARDS]'")
    seat = _target(parts[2], line)
    k = _whole(parts[3][1:], line, "the number of cards", "cards")
    if not 1 <= k <= 5:
        raise ActionError(f"{_short(line)}: a fix gives or takes back 1 to 5 cards")
    cards = _cards(parts[4], line) if len(parts) == 5 else None
    if cards is not None and len(cards) != k:
        raise ActionError(f"{_short(line)}: {k} cards fixed but {len(cards)} written")
    return Action("d", seat, "fix", None, cards, -k if parts[3][0] == "-" else k)
