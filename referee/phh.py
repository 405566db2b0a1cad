"""PHH (Poker Hand History) in and out: draw hands to tapete/1 sessions and back.

PHH is TOML (the spec: github.com/uoftcprg/phh-std; PokerKit's ``pokerkit.notation`` is the
reference reader). A ``.phh`` file holds one hand; a ``.phhs`` file holds several, each
under a ``[N]`` table.

Reading (:func:`load_phh`) takes the draw variants

- ``N2L1D``: no-limit deuce-to-seven single draw -> preset ``deuce_to_seven``, no limit,
  one draw, ``min_bet`` from the file;
- ``F2L3D``: fixed-limit deuce-to-seven triple draw -> preset ``deuce_to_seven``, fixed
  limit, ``draws: 3``, ``small_bet``/``big_bet`` from the file;
- the custom codes this module writes (below), whose house rules travel in the
  ``_tapete_rules`` field.

Other variants (``FB`` badugi deals four cards; hold'em, stud) raise ``ValueError``.

PHH players are positional: ``p1`` is the first seat after the button (the small blind),
the last position is the button. Without a ``seats`` field they sit in seats ``1..n`` in
position order, so the button is seat ``n`` and play runs clockwise. Heads-up, as in
PokerKit and card rooms (RRoP section 4, TDA "heads-up"), the button (``p2``) posts the
small blind and acts first before the draw; ``p1`` posts the big blind.

Action translation (PHH -> CONTRACT.md section 2):

==================  ==========================================================
PHH                 tapete
==================  ==========================================================
``antes``           ``pN ante A`` (all positions, before the deal)
``blinds_or_...``   ``pN blind A`` (small blind), ``pN straddle A`` (big blind)
``d dh pK CARDS``   ``d deal pN CARDS`` before the first draw (``d deal pN 5``
                    when every card is ``??``), ``d serve pN CARDS`` after one
``pK cbr A``        ``open A`` (no bet yet, before the draw), ``bet A`` (no bet
                    yet, after a draw), else ``raise A``; A is the round total
``pK cc``           ``check`` when nothing is owed, else ``call``
``pK f``            ``fold``
``pK sd [CARDS]``   ``draw K [CARDS]`` (``draw 0``: stands pat)
``pK sm CARDS``     ``show CARDS``; ``pK sm`` -> ``muck``; ``pK sm -`` -> show
                    unseen cards
``finishing_...``   ``d award pN A`` per seat that gained chips at the end:
                    A = finishing stack - (starting stack - chips put in)
==================  ==========================================================

The replacement cards are logged right after the seat's own draw (the dealer serves each
seat in turn); PHH lists all discards first.

Writing (:func:`dump_phh`, ``python -m referee export FILE [-o OUT]``): five-card draw
has no PHH variant code, so this module uses custom codes, one letter for the betting
(``F`` fixed limit, ``P`` pot limit, ``N`` no limit) then

- ``2L{d}D``: deuce-to-seven with ``d`` draws (``N2L1D`` and ``F2L3D`` are the standard
  PokerKit codes; other combinations are custom),
- ``5CD``: five-card draw, high hands (``F5CD``, ``P5CD``, ``N5CD``),

and the house rules go in ``_``-prefixed user fields (the PHH spec's rule for fields of
one's own): ``_tapete_rules`` (the session's ``rules`` value, which :func:`load_phh` reads
back in place of the variant's defaults) and ``_tapete_format = "tapete/1"``. The standard
``seats`` field carries the physical seats in position order and ``players`` the names.
Antes and blinds are written as PHH posts them (per position, heads-up reversed as PokerKit
reads them); ``finishing_stacks`` are the stacks ``referee.check`` gives after the hand (the
next hand starts from them), and the dealer's ``d award`` lines travel as ``# tapete:``
comments with ``_tapete_award_lines = true`` (so :func:`load_phh` reads the pushes from them,
not from ``finishing_stacks``; ``_tapete_awards_recorded = false`` keeps a hand's
``awards_recorded: false``).

So that ``check(load_phh(dump_phh(s)))`` judges every hand as ``check(s)`` does, the rest of
what PHH cannot say travels too:

- ``_tapete_players`` (hand 1): the session's players (seat, name, stack). A seat with no
  chips is dealt out and sits in no hand's positions, so the hands of a ``.phhs`` may have
  different ``seats``; :func:`load_phh` seats every hand by its ``seats`` field.
- ``_tapete_hand`` (every hand): the hand's own ``button``, ``rebuys`` and ``stacks`` as
  the session file gave them (``{}`` when none); :func:`load_phh` restores exactly these,
  so the referee carries stacks, moves the button and reports ``stack_mismatch`` as it
  did (``starting_stacks`` stay the stacks the hand was played with, for PokerKit).
- ``_tapete_rules_json``: the rules as JSON where TOML has no form for a value
  (``"opening": null``); read in place of ``_tapete_rules``.
- An ante or blind that PHH's ``antes``/``blinds_or_straddles`` cannot post as logged (not
  first in the log, out of position order, short, irregular) is a ``# tapete:`` comment
  action in place; :func:`load_phh` counts its chips, so later ``cc`` face it.
- A PHH action that would read back as another line carries the log's line after it:
  ``p2 cc # tapete: p4 call 1`` (call amounts, ``allin``, a check facing a bet, ``bet``
  before the draw ...); PokerKit ignores the comment, :func:`load_phh` logs the line.
- A serve logged anywhere but right after the seat's own draw is written in place as
  ``d dh ... # tapete: d serve ...``; :func:`load_phh` moves only the others (PHH lists
  the serves after all the discards) back after each seat's draw.

Ante conventions read from PHH ``antes``: all equal -> ``ante``; only the second entry (the
2023 WSOP "big blind ante") -> ``ante`` with ``big_blind_ante: true``; anything else -> the
most common amount (the log still records what each seat put in). ``F2L3D`` keeps the
preset's ``raise_cap`` (none), so a file's raises are never judged against a cap it did not
play under.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from typing import Any, Iterable

from .cards import CardError, parse_cards
from .rules import HouseRules, RulesError, resolve_rules

STANDARD_VARIANTS = {
    # variant: (betting, draws) for deuce-to-seven lowball (PokerKit games.py)
    "N2L1D": ("no_limit", 1),
    "F2L3D": ("fixed_limit", 3),
}
BETTING_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}
LETTER_BETTING = {v: k for k, v in BETTING_LETTER.items()}

TAPETE_COMMENT = "# tapete: "
"""Prefix of a PHH comment action carrying a tapete action that PHH has no form for
(``pN split``, ``d misdeal``, ``d note``, unreadable lines); PokerKit skips comments,
:func:`load_phh` puts the action back."""

BLIND_VERBS = ("blind", "straddle")
"""Tapete verbs for PHH ``blinds_or_straddles`` positions 1 and 2 (CONTRACT.md 2: ``blind``
is the "ciega", ``straddle`` the double blind, "contra-ciega")."""


UNREADABLE_MARK = "! "
"""Prefix of the log line :func:`load_phh` writes for a PHH action it cannot read: the
check reports the line as ``unreadable`` with the reason that follows
(``referee.actions.parse_action``)."""


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


class PHHError(ValueError):
    """Raised for PHH text that cannot be read as a draw hand; the message says why."""


# ---------------------------------------------------------------------------------------
# reading


def load_phh(text: str) -> dict:
    """Read PHH text (one ``.phh`` hand or a ``.phhs`` file) as a tapete/1 session.

    :param text: the file's text (TOML).
    :returns: a session dict (CONTRACT.md section 1): ``format``, ``rules`` (preset plus
        overrides from the variant and the file), ``players`` (seat, name, stack in chips),
        ``hands`` (``button``, ``actions``; later hands of a ``.phhs`` also ``stacks``;
        a :func:`dump_phh` export gets back its session's players and each hand's
        ``button``/``rebuys``/``stacks`` from the ``_tapete_*`` fields instead).
        Awards (``d award``) are added only where the file has ``finishing_stacks``; a hand
        without them gets ``"awards_recorded": false`` (the pushes were never written down,
        so ``referee.check`` does not report the missing award lines).
    :raises ValueError: (:class:`PHHError`) for text that is not TOML, a variant other
        than the draw variants (``FB`` badugi: four-card hands), missing required fields,
        actions that are not draw actions, or a ``.phhs`` whose hands were not played by
        the same players under the same rules (use :func:`load_phh_all`).

    >>> s = load_phh('''variant = "N2L1D"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [100, 100, 100]
    ... actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????",
    ...            "p3 cbr 6", "p1 f", "p2 f"]
    ... finishing_stacks = [99, 98, 103]''')
    >>> s["hands"][0]["actions"][:3], s["hands"][0]["actions"][-4:]
    (['p1 blind 1', 'p2 straddle 2', 'd deal p1 5'], ['p3 raise 6', 'p1 fold', 'p2 fold', 'd award p3 9'])
    """
    hands = _toml_hands(text)
    if all(h.get("_tapete_format") and isinstance(h.get("_tapete_hand"), dict) for h in hands):
        return _tapete_session(hands, [_hand_session(h) for h in hands])
    if len(hands) == 1:
        return _hand_session(hands[0])
    return _merge_sessions([_hand_session(h) for h in hands])


def _tapete_session(raw: list[dict], sessions: list[dict]) -> dict:
    """The session :func:`dump_phh` wrote: seats are physical (the ``seats`` field), the
    players those of ``_tapete_players`` (a seat with no chips is in no hand's positions),
    and each hand has back the ``button``, ``rebuys`` and ``stacks`` it had
    (``_tapete_hand``), so the referee carries the stacks from hand to hand as it did."""
    first = sessions[0]
    for k, s in enumerate(sessions):
        if s["rules"] != first["rules"]:
            raise PHHError(f"hand {k + 1} of the .phhs has other rules than hand 1; "
                           "read them one by one with load_phh_all")
    players = raw[0].get("_tapete_players")
    if players is None:
        players = first["players"]
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and type(p.get("seat")) is int and type(p.get("stack", 0)) is int
            for p in players):
        raise PHHError(f"_tapete_players must be a list of {{seat, name, stack}} tables, not {players!r}")
    seated = {p["seat"] for p in players}
    merged: dict = {"format": "tapete/1", "rules": first["rules"],
                    "players": [dict(p) for p in players], "hands": []}
    for k, (h, s) in enumerate(zip(raw, sessions)):
        missing = sorted({p["seat"] for p in s["players"]} - seated)
        if missing:
            raise PHHError(f"hand {k + 1} of the .phhs seats {missing} who are not in "
                           "_tapete_players")
        hand: dict = {}
        for key in ("button", "rebuys", "stacks"):
            if key in h["_tapete_hand"]:
                hand[key] = h["_tapete_hand"][key]
        hand["actions"] = s["hands"][0]["actions"]
        if s["hands"][0].get("awards_recorded") is False:
            hand["awards_recorded"] = False
        merged["hands"].append(hand)
    if "note" in first and len(sessions) == 1:
        merged["note"] = first["note"]
    return merged


def load_phh_all(text: str) -> list[dict]:
    """Read PHH text as one single-hand session per hand (for unrelated ``.phhs`` hands).

    :returns: a list of session dicts, as :func:`load_phh` makes for one hand.
    :raises ValueError: as :func:`load_phh`.
    """
    return [_hand_session(h) for h in _toml_hands(text)]


def _toml_hands(text: str) -> list[dict]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"not PHH (TOML): {exc}") from None
    if "variant" in data:
        return [data]
    hands = [v for v in data.values() if isinstance(v, dict) and "variant" in v]
    if not hands:
        raise PHHError("no hand in the PHH text (no 'variant' field)")
    return hands


def _int(value: Any, name: str) -> int:
    """A whole number of a PHH field (an int, or a string of ASCII digits); else PHHError
    naming the field (never Python's own wording)."""
    if isinstance(value, bool):
        raise PHHError(f"{name}: {value!r} is not a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isascii() \
            and value.strip().lstrip("-").isdigit():
        return int(value)
    raise PHHError(f"{name}: {value!r} is not a whole number")


def _ints(raw: Any, name: str) -> list[int]:
    if not isinstance(raw, list):
        raise PHHError(f"{name}: not a list of whole numbers: {raw!r}")
    return [_int(v, name) for v in raw]


def _values(raw: Any, n: int, name: str) -> list[int]:
    """A PHH 'ValuesLike' field (list, scalar, or {position: value}) as n ints."""
    if raw is None:
        return [0] * n
    if isinstance(raw, bool):
        raise PHHError(f"{name}: not a number: {raw!r}")
    if isinstance(raw, int):
        return [raw] * n
    if isinstance(raw, dict):
        out = [0] * n
        for k, v in raw.items():
            k = _int(k, name)
            if not 0 <= k < n:
                raise PHHError(f"{name}: position {k} for {n} players")
            out[k] = _int(v, name)
        return out
    if isinstance(raw, list):
        vals = [_int(v, name) for v in raw]
        if len(vals) > n:
            raise PHHError(f"{name}: {len(vals)} values for {n} players")
        return vals + [0] * (n - len(vals))
    raise PHHError(f"{name}: not a list of chip amounts: {raw!r}")


def _variant_rules(h: dict, n: int, antes: list[int], blinds: list[int]) -> dict:
    variant = h.get("variant")
    if not isinstance(variant, str):
        raise PHHError(f"variant must be a code such as 'N2L1D', not {variant!r}")
    spec = h.get("_tapete_rules")
    if isinstance(h.get("_tapete_rules_json"), str):
        # rules with a value TOML cannot write (null: "opening": null, no openers)
        try:
            spec = json.loads(h["_tapete_rules_json"])
        except ValueError:
            raise PHHError("_tapete_rules_json is not JSON") from None
    if spec is not None:
        if isinstance(spec, str):
            spec = {"preset": spec}
        rules = dict(spec)
    elif variant in STANDARD_VARIANTS:
        betting, draws = STANDARD_VARIANTS[variant]
        rules = {"preset": "deuce_to_seven", "betting": betting, "draws": draws}
    elif isinstance(variant, str) and variant[:1] in LETTER_BETTING and variant[1:] == "5CD":
        rules = {"preset": "basico", "betting": LETTER_BETTING[variant[0]]}
    elif isinstance(variant, str) and variant[:1] in LETTER_BETTING and variant[1:3] == "2L" \
            and variant[-1:] == "D" and variant[3:-1] in ("1", "2", "3"):
        rules = {"preset": "deuce_to_seven", "betting": LETTER_BETTING[variant[0]],
                 "draws": int(variant[3:-1])}
    elif variant == "FB":
        raise PHHError("variant 'FB' (badugi) deals four-card hands; the referee plays "
                       "five-card draw only (N2L1D, F2L3D, or the F/P/N 5CD codes)")
    else:
        raise PHHError(f"variant {variant!r} is not a five-card draw variant "
                       "(supported: N2L1D, F2L3D, and the F/P/N 5CD codes)")
    if spec is None:
        for key in ("min_bet", "small_bet", "big_bet"):
            if h.get(key) is not None:
                rules[key] = _int(h[key], key)
        if rules["betting"] == "fixed_limit" and (h.get("small_bet") is None or h.get("big_bet") is None):
            raise PHHError(f"variant {variant!r}: small_bet and big_bet are required")
        if rules["betting"] != "fixed_limit" and h.get("min_bet") is None:
            raise PHHError(f"variant {variant!r}: min_bet is required")
        rules["small_blind"] = blinds[0] if n > 0 else 0
        rules["big_blind"] = blinds[1] if n > 1 else 0
        rules["blinds_allowed"] = any(blinds)
        rules.update(_ante_rules(antes, n))
    return rules


def _ante_rules(antes: list[int], n: int) -> dict:
    """Ante settings from PHH positional antes: all equal -> ``ante``; only the second entry
    (the big blind's; heads-up PokerKit reverses the list, and p1, the big blind, pays it)
    -> ``big_blind_ante``."""
    nonzero = [i for i, a in enumerate(antes) if a]
    if not nonzero:
        return {"ante": 0}
    if nonzero == [1]:
        return {"ante": antes[1], "big_blind_ante": True}
    if len(set(antes)) == 1:
        return {"ante": antes[0]}
    # Irregular antes: the log records what each posted; the rules take the most common.
    amounts = [a for a in antes if a]
    return {"ante": max(set(amounts), key=amounts.count)}


def _hand_session(h: dict) -> dict:
    for key in ("variant", "starting_stacks", "actions"):
        if key not in h:
            raise PHHError(f"PHH field {key!r} is missing")
    stacks = _ints(h["starting_stacks"], "starting_stacks")
    if not isinstance(h["actions"], list):
        raise PHHError(f"PHH field 'actions' must be a list of action strings, not {h['actions']!r}")
    n = len(stacks)
    if n < 2 and not (n == 1 and h.get("_tapete_format") and isinstance(h.get("_tapete_hand"), dict)):
        # (a tapete export may hold a hand with one seat left with chips: the log says
        # what happened there, and the referee judges it)
        raise PHHError("a hand needs at least two players")
    antes = _values(h.get("antes"), n, "antes")
    blinds = _values(h.get("blinds_or_straddles"), n, "blinds_or_straddles")
    rules_spec = _variant_rules(h, n, antes, blinds)
    try:
        rules = resolve_rules(rules_spec)
    except RulesError as exc:
        raise PHHError(str(exc)) from None
    seats = _ints(h["seats"], "seats") if h.get("seats") else list(range(1, n + 1))
    if len(seats) != n or len(set(seats)) != n:
        raise PHHError(f"seats {seats!r} do not name {n} different seats")
    names = h.get("players") or [f"Player {i}" for i in range(1, n + 1)]
    if not isinstance(names, list):
        raise PHHError(f"players must be a list of names, not {names!r}")
    if len(names) != n:
        raise PHHError(f"{len(names)} player names for {n} starting stacks")
    actions, contributed = _translate(h["actions"], stacks, antes, blinds, seats, rules)
    added = h.get("_tapete_deals_added")
    if isinstance(added, list) and h.get("_tapete_format"):
        # the unseen deals dump_phh wrote where the log had none: not part of the log
        drop = {f"d deal p{seats[k - 1]} 5" for k in added
                if isinstance(k, int) and 1 <= k <= n}
        kept = []
        for line in actions:
            if line in drop:
                drop.discard(line)
                continue
            kept.append(line)
        actions = kept
    finishing = h.get("finishing_stacks")
    award_lines = h.get("_tapete_award_lines") is True  # a tapete export: awards in the log
    if finishing is not None and not award_lines:
        finishing = _ints(finishing, "finishing_stacks")
        if len(finishing) != n:
            raise PHHError(f"{len(finishing)} finishing stacks for {n} players")
        for i in range(n):
            award = finishing[i] - (stacks[i] - contributed[i])
            if award < 0:
                raise PHHError(f"p{i + 1}: finishing stack {finishing[i]} is below the starting "
                               f"stack {stacks[i]} less the {contributed[i]} chips put in")
            if award:
                actions.append(f"d award p{seats[i]} {award}")
    session = {
        "format": "tapete/1",
        "rules": rules_spec,
        "players": sorted(({"seat": seats[i], "name": str(names[i]), "stack": stacks[i]} for i in range(n)),
                          key=lambda p: p["seat"]),
        "hands": [{"button": seats[-1], "actions": actions}],
    }
    if (finishing is None and not award_lines) or h.get("_tapete_awards_recorded") is False:
        # PHH without finishing_stacks records no pushes at all: no award to compare
        session["hands"][0]["awards_recorded"] = False
    note = ", ".join(f"{k} {h[k]}" if k == "hand" else str(h[k])
                     for k in ("event", "hand") if h.get(k) is not None)
    if note:
        session["note"] = f"from PHH: {note}"
    return session


class _Table:
    """Chips put in by position during one hand, for choosing verbs and awards."""

    def __init__(self, stacks: list[int]):
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.contributed = [0] * len(stacks)

    def put(self, i: int, amount: int) -> int:
        amount = max(0, min(amount, self.stacks[i]))
        self.stacks[i] -= amount
        self.contributed[i] += amount
        return amount

    def bet_to(self, i: int, total: int) -> None:
        self.bets[i] += self.put(i, total - self.bets[i])

    def new_round(self) -> None:
        self.bets = [0] * len(self.bets)


def _cards_text(cards: str, where: str) -> str:
    try:
        return "".join(parse_cards(cards))
    except CardError as exc:
        raise PHHError(f"PHH action {where!r}: {exc}") from None


def _translate(raw_actions: Iterable[str], stacks: list[int], antes: list[int],
               blinds: list[int], seats: list[int], rules: HouseRules) -> tuple[list[str], list[int]]:
    n = len(stacks)
    table = _Table(stacks)
    out: list[str] = []
    # Antes and blinds are posted before the deal (PokerKit automates them the same way).
    post_antes = antes[::-1] if n == 2 else antes
    for i in range(n):
        if post_antes[i]:
            amount = table.put(i, post_antes[i])
            out.append(f"p{seats[i]} ante {amount}")
    post_blinds = blinds[::-1] if n == 2 else blinds
    small_blind = 1 if n == 2 else 0  # heads-up the button (p2) posts the small blind
    for i in ([1, 0] if n == 2 else range(n)):
        if post_blinds[i]:
            table.bet_to(i, table.bets[i] + post_blinds[i])
            verb = BLIND_VERBS[0] if i == small_blind else BLIND_VERBS[1]
            out.append(f"p{seats[i]} {verb} {table.bets[i]}")
    drawn = False  # a draw has started: later deals are serves
    drawing = False  # in a draw phase (bets of the finished round cleared)
    fixed: set[int] = set()
    for raw in raw_actions:
        override = None
        text = None
        before = len(out)
        try:
            if isinstance(raw, str) and raw.lstrip().startswith(TAPETE_COMMENT):
                line = raw.lstrip()[len(TAPETE_COMMENT):]
                out.append(line)  # a tapete action PHH cannot say
                fixed.add(len(out) - 1)
                _comment_chips(table, line, seats)
                continue
            if isinstance(raw, str) and "#" in raw:
                note = "#" + raw.split("#", 1)[1]
                if note.startswith(TAPETE_COMMENT) and note[len(TAPETE_COMMENT):].strip():
                    # the PHH action as the tapete log wrote it (a call's amount, an
                    # all-in, a check facing a bet ...): the PHH part moves the chips here,
                    # the log line is the one after the comment
                    override = note[len(TAPETE_COMMENT):].strip()
            text = raw.split("#", 1)[0].strip() if isinstance(raw, str) else None
            if text is None:
                raise PHHError(f"PHH action {json.dumps(raw)[:60] if _jsonable(raw) else raw!r} "
                               "is not a string")
            if not text:
                continue
            words = text.split()
            if words[0] == "d":
                if len(words) == 4 and words[1] == "dh":
                    i = _position(words[2], n, text)
                    cards = _cards_text(words[3], text)
                    unseen = set(parse_cards(cards)) == {"??"}
                    k = len(cards) // 2
                    if not drawn:
                        out.append(f"d deal p{seats[i]} {k if unseen else cards}")
                    else:
                        out.append(f"d serve p{seats[i]} {k if unseen else cards}")
                    continue
                raise PHHError(f"PHH action {text!r}: not a draw-poker dealer action (only 'd dh')")
            i = _position(words[0], n, text)
            seat = seats[i]
            verb = words[1] if len(words) > 1 else ""
            if verb in ("f", "cc", "cbr") and drawing:
                drawing = False
            if verb == "f":
                out.append(f"p{seat} fold")
            elif verb == "cc":
                owed = max(table.bets) - table.bets[i]
                if owed <= 0:
                    out.append(f"p{seat} check")
                else:
                    table.bet_to(i, max(table.bets))
                    out.append(f"p{seat} call")
            elif verb == "cbr" and len(words) == 3:
                if not (words[2].isascii() and words[2].isdigit()):
                    raise PHHError(f"PHH action {text!r}: the amount {words[2]!r} is not a whole "
                                   "number of chips")
                amount = int(words[2])
                if max(table.bets) == 0:
                    word = "bet" if drawn else "open"
                else:
                    word = "raise"
                table.bet_to(i, amount)
                out.append(f"p{seat} {word} {amount}")
            elif verb == "sd" and len(words) in (2, 3):
                if not drawing:
                    table.new_round()
                    drawing = True
                drawn = True
                if len(words) == 2:
                    out.append(f"p{seat} draw 0")
                else:
                    cards = _cards_text(words[2], text)
                    k = len(cards) // 2
                    if set(parse_cards(cards)) == {"??"}:
                        out.append(f"p{seat} draw {k}")
                    else:
                        out.append(f"p{seat} draw {k} {cards}")
            elif verb == "sm" and len(words) == 2:
                out.append(f"p{seat} muck")
            elif verb == "sm" and len(words) == 3 and words[2] == "-":
                out.append(f"p{seat} show " + "??" * 5)
            elif verb == "sm" and len(words) == 3:
                out.append(f"p{seat} show {_cards_text(words[2], text)}")
            else:
                raise PHHError(f"PHH action {text!r} is not a five-card draw action "
                               "(d dh, f, cc, cbr, sd, sm)")
        except PHHError as exc:
            # one bad action is an unreadable finding on that action, not a refused file
            out.append(UNREADABLE_MARK + str(exc))
        finally:
            if override is not None:
                if len(out) > before:
                    out[-1] = override
                else:
                    out.append(override)
                if text and text.split()[:2] == ["d", "dh"]:
                    fixed.add(len(out) - 1)  # a deal or serve where the log had it
    return _serves_after_draws(out, fixed), table.contributed


def _comment_chips(table: "_Table", line: str, seats: list[int]) -> None:
    """The chips a ``# tapete:`` comment action put in (an ante or blind PHH could not post
    in its fields), so that later ``cc`` read as calls where they face them."""
    words = line.split()
    if len(words) != 3 or words[1] not in ("ante", "blind", "straddle"):
        return
    if not (words[0][:1] == "p" and words[0][1:].isdigit() and words[2].isdigit()):
        return
    seat = int(words[0][1:])
    if seat not in seats:
        return
    i = seats.index(seat)
    if words[1] == "ante":
        table.put(i, int(words[2]))
    else:
        table.bet_to(i, int(words[2]))


def _serves_after_draws(actions: list[str], fixed: set[int] = frozenset()) -> list[str]:
    """Move each ``d serve pN`` up to just after that seat's ``draw`` in the same draw
    (not the lines at the indices ``fixed``: deals and serves a tapete export wrote
    where its log had them)."""
    out: list[str] = []
    waiting: dict[str, int] = {}  # seat token -> index in out of its draw awaiting a serve
    for j, line in enumerate(actions):
        words = line.split()
        if len(words) < 2:
            out.append(line)
            waiting.clear()
            continue
        if j in fixed:
            if words[0] == "d":
                waiting.pop(words[2] if len(words) > 2 else "", None)
            else:
                waiting.clear()
            out.append(line)
            continue
        if words[1] == "draw":
            out.append(line)
            waiting[words[0]] = len(out) - 1
            continue
        if words[:2] == ["d", "serve"] and words[2] in waiting:
            pos = waiting.pop(words[2])
            out.insert(pos + 1, line)
            for k in list(waiting):
                if waiting[k] > pos:
                    waiting[k] += 1
            continue
        if words[0] != "d":
            waiting.clear()
        out.append(line)
    return out


def _position(token: str, n: int, text: str) -> int:
    if len(token) >= 2 and token[0] == "p" and token[1:].isdigit():
        i = int(token[1:]) - 1
        if 0 <= i < n:
            return i
    raise PHHError(f"PHH action {text!r}: {token!r} is not a player p1..p{n}")


def _merge_sessions(sessions: list[dict]) -> dict:
    """One session from consecutive hands at one table: seats by player name."""
    first = sessions[0]
    names = [p["name"] for p in first["players"]]
    if len(set(names)) != len(names) or all(n.startswith("Player ") for n in names):
        raise PHHError("the hands of this .phhs have no distinct player names to seat "
                       "them by; read them one by one with load_phh_all")
    seat_of: dict[str, int] = {}
    base = first["players"]
    if all(isinstance(p["seat"], int) for p in base) and any(p["seat"] != i + 1 for i, p in enumerate(base)):
        seat_of = {p["name"]: p["seat"] for p in base}  # physical seats given
    else:
        seat_of = {name: i + 1 for i, name in enumerate(names)}
    merged = {"format": "tapete/1", "rules": first["rules"],
              "players": [{"seat": seat_of[p["name"]], "name": p["name"], "stack": p["stack"]} for p in base],
              "hands": []}
    for k, s in enumerate(sessions):
        hand_names = [p["name"] for p in s["players"]]
        if sorted(hand_names) != sorted(names):
            raise PHHError(f"hand {k + 1} of the .phhs has other players than hand 1; "
                           "read them one by one with load_phh_all")
        if s["rules"] != first["rules"]:
            raise PHHError(f"hand {k + 1} of the .phhs has other rules than hand 1; "
                           "read them one by one with load_phh_all")
        old_to_new = {p["seat"]: seat_of[p["name"]] for p in s["players"]}
        hand = {"button": old_to_new[s["hands"][0]["button"]],
                "actions": [_reseat(a, old_to_new) for a in s["hands"][0]["actions"]]}
        if s["hands"][0].get("awards_recorded") is False:
            hand["awards_recorded"] = False
        if k:
            hand["stacks"] = {str(old_to_new[p["seat"]]): p["stack"] for p in s["players"]}
        merged["hands"].append(hand)
    return merged


def _reseat(action: str, old_to_new: dict[int, int]) -> str:
    words = action.split()
    for j, w in enumerate(words[:3]):
        if len(w) > 1 and w[0] == "p" and w[1:].isdigit() and int(w[1:]) in old_to_new:
            words[j] = f"p{old_to_new[int(w[1:])]}"
    return " ".join(words)


# ---------------------------------------------------------------------------------------
# writing


def variant_code(rules: HouseRules) -> str:
    """The PHH variant code for a table's rules (see the module docstring).

    :param rules: resolved house rules.
    :returns: ``N2L1D``/``F2L3D`` (standard), or a custom code such as ``F5CD``.

    >>> variant_code(resolve_rules({"preset": "deuce_to_seven", "draws": 3, "betting": "fixed_limit"}))
    'F2L3D'
    >>> variant_code(resolve_rules("jackpots"))
    'F5CD'
    """
    letter = BETTING_LETTER[rules.betting]
    if rules.ranking == "deuce_to_seven":
        return f"{letter}2L{rules.draws}D"
    return f"{letter}5CD"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}"
                               for k, v in value.items() if v is not None) + "}"
    raise PHHError(f"cannot write {value!r} as PHH")


def _hand_to_phh(rules: HouseRules, rules_spec: Any, names: dict[int, str], order: list[int],
                 start: dict[int, int], actions: list[str], number: int) -> tuple[dict, dict[int, int]]:
    """One hand as PHH fields, and the stacks after it (by the recorded awards)."""
    n = len(order)
    pos = {seat: i for i, seat in enumerate(order)}
    antes = [0] * n
    blinds = [0] * n
    table = _Table([start[s] for s in order])
    out: list[str] = []
    serves: list[str] = []
    drawing = False
    drew: set[int] = set()
    awards = [0] * n
    # Forced chips go in PHH's antes / blinds_or_straddles only where load_phh posts them
    # back the same way (before any other action, once per position, blinds in position
    # order with the verb the position gets); any other ante or blind is kept in place as
    # a tapete comment, so nothing irregular is dropped or moved.
    posting = True
    anted: set[int] = set()
    blind_order = [1, 0] if n == 2 else list(range(n))
    small_blind_pos = 1 if n == 2 else 0
    last_blind = -1

    def token(seat: int) -> str:
        return f"p{pos[seat] + 1}"

    drawn = False  # a draw has started (load_phh reads later deals as serves, cbr as bet)

    def said(phh: str, line: str, derived: str) -> str:
        """The PHH action, with the log's own line after it as a ``# tapete:`` comment
        where load_phh would read the PHH action as another line (a call's amount, an
        all-in, a check facing a bet, a bet written as an open ...)."""
        return phh if line == derived else f"{phh} {TAPETE_COMMENT}{line}"

    last: list[str] = []  # the log's previous action, in words

    def in_place(phh: str) -> None:
        """Write an action where the log has it: the serves waiting for the end of the
        discards go first (load_phh moves them back after each seat's draw), so that
        nothing moves across it."""
        out.extend(serves)
        serves.clear()
        out.append(phh)

    for raw in actions:
        line = raw.strip()
        words = line.split()
        if not words:
            in_place(TAPETE_COMMENT + raw)  # an empty line: the check calls it unreadable
            continue
        if words[0] == "d":
            verb = words[1] if len(words) > 1 else ""
            cards = None
            if verb in ("deal", "serve") and len(words) == 4 and words[2][:1] == "p" \
                    and words[2][1:].isdigit() and int(words[2][1:]) in pos:
                seat = int(words[2][1:])
                if words[3].isdigit():
                    cards = "??" * int(words[3]) if 0 < int(words[3]) <= 10 else None
                else:
                    try:
                        cards = "".join(parse_cards(words[3]))
                    except CardError:
                        cards = None
            if cards is not None:
                unseen = set(parse_cards(cards)) == {"??"}
                derived = f"d {'serve' if drawn else 'deal'} p{seat} {len(cards) // 2 if unseen else cards}"
                phh = f"d dh {token(seat)} {cards}"
                if verb == "serve" and drawing and line == derived \
                        and last[:2] == [f"p{seat}", "draw"]:
                    serves.append(phh)  # PHH order: served after all discards
                elif line == derived and not derived.startswith("d serve"):
                    in_place(phh)
                else:  # where the log has it (load_phh leaves annotated serves in place)
                    in_place(f"{phh} {TAPETE_COMMENT}{line}")
            elif verb == "award" and len(words) == 4 and words[3].isdigit() \
                    and words[2][1:].isdigit() and int(words[2][1:]) in pos:
                awards[pos[int(words[2][1:])]] += int(words[3])
                # the dealer's push as logged (finishing_stacks are the referee's stacks)
                in_place(TAPETE_COMMENT + line)
            else:  # d note, d misdeal, anything else: kept as a tapete comment
                in_place(TAPETE_COMMENT + line)
            last = words
            continue
        last = words
        try:
            seat = int(words[0][1:]) if words[0][:1] == "p" and words[0][1:].isdigit() else -1
            i = pos[seat]
            verb = words[1]
            amount = 0
            if verb in ("ante", "blind", "straddle", "open", "bet", "raise"):
                if not words[2].isdigit():
                    raise ValueError
                amount = int(words[2])
            if verb in ("show", "draw") and len(words) < 3:
                raise ValueError
            if verb == "draw":
                k = int(words[2])
                given = "".join(parse_cards(words[3])) if len(words) > 3 else "??" * k
                if not 0 <= k <= 10 or len(words) > 4:
                    raise ValueError
            if verb == "show":
                shown = "".join(parse_cards(words[2]))
                if len(words) > 3 or not shown:
                    raise ValueError
        except (ValueError, IndexError, KeyError, CardError):
            in_place(TAPETE_COMMENT + line)  # unreadable, or a seat not dealt in
            continue
        if verb not in ("draw",) and drawing:
            out.extend(serves)
            serves.clear()
            drawing = False
        if verb not in ("ante", "blind", "straddle"):
            posting = False
        owed = max(table.bets) - table.bets[i]
        me = f"p{seat}"
        if verb == "ante":
            put = table.put(i, amount)
            # load_phh posts the antes field first, in position order, then the blinds
            if posting and not out and amount > 0 and i not in anted and last_blind < 0 and i > max(anted, default=-1) \
                    and put == amount and line == f"{me} ante {amount}":
                antes[i] += put
                anted.add(i)
            else:
                in_place(TAPETE_COMMENT + line)
                posting = False  # later antes and blinds stay in place after this one
        elif verb in ("blind", "straddle"):
            before = table.bets[i]
            table.bet_to(i, amount)
            order_k = blind_order.index(i)
            regular = (posting and not out and amount > 0 and not blinds[i] and order_k > last_blind and before == 0
                       and verb == ("blind" if i == small_blind_pos else "straddle")
                       and table.bets[i] == amount and line == f"{me} {verb} {amount}")
            if regular:
                blinds[i] = table.bets[i]
                last_blind = order_k
            else:
                in_place(TAPETE_COMMENT + line)
                posting = False
        elif verb == "check" or verb == "call":
            table.bet_to(i, max(table.bets))
            out.append(said(f"{token(seat)} cc", line, f"{me} {'check' if owed <= 0 else 'call'}"))
        elif verb == "fold":
            out.append(said(f"{token(seat)} f", line, f"{me} fold"))
        elif verb in ("open", "bet", "raise"):
            word = ("bet" if drawn else "open") if max(table.bets) == 0 else "raise"
            table.bet_to(i, amount)
            out.append(said(f"{token(seat)} cbr {amount}", line, f"{me} {word} {amount}"))
        elif verb == "allin":
            total = table.bets[i] + table.stacks[i]
            if total > max(table.bets):
                table.bet_to(i, total)
                out.append(said(f"{token(seat)} cbr {total}", line, ""))
            else:
                table.bet_to(i, total)
                out.append(said(f"{token(seat)} cc", line, ""))
        elif verb == "draw":
            if drawing and seat in drew:  # a new draw with no betting between (all-ins)
                out.extend(serves)
                serves.clear()
                drew.clear()
            if not drawing:
                table.new_round()
                drawing = True
                drew.clear()
            drawn = True
            drew.add(seat)
            unseen = not given or set(parse_cards(given)) == {"??"}
            n_given = len(given) // 2
            derived = f"{me} draw {n_given}" if unseen else f"{me} draw {n_given} {given}"
            phh = f"{token(seat)} sd {given}" if n_given else f"{token(seat)} sd"
            out.append(said(phh, line, derived))
        elif verb == "show":
            out.append(said(f"{token(seat)} sm {shown}", line, f"{me} show {shown}"))
        elif verb == "muck":
            out.append(said(f"{token(seat)} sm", line, f"{me} muck"))
        else:  # split: no PHH form
            in_place(TAPETE_COMMENT + line)
    out.extend(serves)
    # PHH deals every hand: where the log did not write a seat's deal, "d dh pK ??????????"
    # (five unseen cards) is written before the first action, and _tapete_deals_added
    # names those positions so that load_phh leaves them out again
    dealt_logged = {int(w[2][1:]) for w in (line.split() for line in actions)
                    if len(w) == 4 and w[:2] == ["d", "deal"] and w[2][1:].isdigit()}
    played = any(len(w) > 1 and w[1] in ("check", "open", "bet", "call", "raise", "allin", "fold")
                 for w in (line.split() for line in actions))
    added = [pos[s] + 1 for s in order if s not in dealt_logged] if played else []
    out[:0] = [f"d dh p{k} " + "??" * 5 for k in added]
    if n == 2:  # PHH lists heads-up blinds and antes reversed (p2, the button, is the small blind)
        antes, blinds = antes[::-1], blinds[::-1]
    fields: dict[str, Any] = {
        "variant": variant_code(rules),
        "ante_trimming_status": False,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if rules.betting == "fixed_limit":
        fields["small_bet"], fields["big_bet"] = rules.small_bet, rules.big_bet
    else:
        fields["min_bet"] = rules.min_bet
    fields["starting_stacks"] = [start[s] for s in order]
    fields["actions"] = out
    fields["hand"] = number
    fields["seats"] = order
    fields["players"] = [names[s] for s in order]
    finishing = [table.stacks[i] + awards[i] for i in range(n)]
    if any(awards):
        fields["finishing_stacks"] = finishing
    fields["_tapete_format"] = "tapete/1"
    fields["_tapete_rules"] = rules_spec if isinstance(rules_spec, (dict, str)) else rules.as_dict()
    if json.dumps(fields["_tapete_rules"]) != json.dumps(tomllib.loads(
            "r = " + _toml_value(fields["_tapete_rules"]))["r"]):
        # a value TOML has no form for (null): the rules as JSON too, which load_phh prefers
        fields["_tapete_rules_json"] = json.dumps(fields["_tapete_rules"], ensure_ascii=False)
    fields["_tapete_award_lines"] = True
    if added:
        fields["_tapete_deals_added"] = added
    return fields, {order[i]: finishing[i] for i in range(n)}


def _seat_keyed(value: Any) -> Any:
    """A hand's ``button`` as an int, its ``rebuys``/``stacks`` with seat keys as strings
    (TOML keys are strings; the session reads ``"3"`` and ``3`` alike)."""
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    return int(value)


def _next_seat(seats: list[int], button: int, rules: HouseRules) -> int:
    ordered = sorted(seats)
    if rules.direction == "counterclockwise":
        ordered.reverse()
    later = [s for s in ordered if (s > button if rules.direction == "clockwise" else s < button)]
    return later[0] if later else ordered[0]


def _check_exportable(session: Any) -> None:
    """Refuse, with one line, a session the exporter cannot write: what
    :func:`referee.session.load` refuses, and hands whose ``actions`` are not a list of
    strings or whose ``rebuys``/``stacks`` are not seat -> chips objects of seats at the
    table (the referee reads those as ``unreadable``; a PHH file cannot carry them).

    :raises PHHError: naming the hand and what is wrong.
    """
    from .session import SessionError, _seat_chips, load

    try:
        table = load(session)
    except SessionError as exc:
        raise PHHError(str(exc)) from None
    for number, hand in enumerate(table.hands, start=1):
        actions = hand.get("actions", [])
        if not isinstance(actions, list):
            raise PHHError(f"hand {number}: 'actions' must be a list of action strings")
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                raise PHHError(f"hand {number}: action {i} is not an action string: "
                               f"{json.dumps(action)[:40]}")
        for field, what in (("rebuys", "rebuy"), ("stacks", "stack")):
            problems: list = []
            _seat_chips(hand, field, what, number, table.stacks, problems)
            if problems:
                raise PHHError(problems[0].message)


def dump_phh(session: dict) -> str:
    """Write a tapete/1 session as PHH text.

    :param session: a session dict (CONTRACT.md section 1); a hand's positions run from the
        seat after the button, in the rules' ``direction``, to the button.
    :returns: ``.phh`` text for a one-hand session, ``.phhs`` text (``[1]``, ``[2]``, ...)
        otherwise. A hand's ``finishing_stacks`` are the stacks ``referee.check`` gives
        after the hand (the recorded ``d award`` lines are kept as comment actions); the
        next hand starts with those stacks (plus ``rebuys``; a hand's ``stacks``
        replace them), and ``_tapete_carried_out`` says how many chips a passed-out pot
        carried into the next deal (PHH has no starting pot). Variant codes and the other
        ``_tapete_*`` fields: module docstring.
        Actions PHH has no form for (``pN split``, ``d misdeal``, ``d note``, unreadable
        lines) are kept as comment actions ``# tapete: ACTION``, which PokerKit skips and
        :func:`load_phh` restores.
    :raises ValueError: (:class:`PHHError`) for bad rules or a first hand without a button.

    >>> s = {"format": "tapete/1", "rules": {"preset": "basico", "ante": 5, "betting": "no_limit"},
    ...      "players": [{"seat": 2, "name": "Eva", "stack": 200}, {"seat": 5, "name": "Gala", "stack": 200}],
    ...      "hands": [{"button": 5, "actions": ["p2 ante 5", "p5 ante 5", "p2 bet 10", "p5 fold",
    ...                                          "d award p2 20"]}]}
    >>> print(dump_phh(s).splitlines()[0])
    variant = "N5CD"
    """
    _check_exportable(session)
    try:
        rules = resolve_rules(session.get("rules"))
    except RulesError as exc:
        raise PHHError(str(exc)) from None
    players = session.get("players") or []
    names = {int(p["seat"]): str(p.get("name", f"Seat {p['seat']}")) for p in players}
    stacks = {int(p["seat"]): int(p["stack"]) for p in players}
    blocks = []
    button = None
    hands = session.get("hands") or []
    # Later hands start where the referee says the last one ended (its awards, a misdeal's
    # chips returned, a passed-out pot carried): the session's own reading (CONTRACT.md 1).
    try:
        from .check import check

        judged = check(session)["hands"]
    except ValueError:
        judged = None
    misdealt = False
    for k, hand in enumerate(hands, start=1):
        for seat, extra in (hand.get("rebuys") or {}).items():
            stacks[int(seat)] += int(extra)
        for seat, value in (hand.get("stacks") or {}).items():
            stacks[int(seat)] = int(value)
        seats = sorted(s for s, c in stacks.items() if c > 0) or sorted(stacks)
        if hand.get("button") is not None:
            button = int(hand["button"])
        elif button is None:
            raise PHHError("the first hand needs a button")
        elif not misdealt:  # after a misdeal the same dealer deals again
            button = _next_seat(seats, button, rules)
        order = []
        seat = button
        for _ in seats:
            seat = _next_seat(seats, seat, rules)
            order.append(seat)
        fields, after = _hand_to_phh(rules.at_table(len(order)), session.get("rules"), names, order,
                                     dict(stacks), list(hand.get("actions") or []), k)
        if hand.get("awards_recorded") is False:
            fields["_tapete_awards_recorded"] = False
        # what the session file said between hands, as it said it (PHH has no rebuys,
        # no dead button, no stated stacks): load_phh restores these keys of the hand
        fields["_tapete_hand"] = {key: _seat_keyed(hand[key]) for key in ("button", "rebuys", "stacks")
                                  if hand.get(key) is not None}
        if k == 1:
            # every player of the session (a seat with no chips sits out of PHH's positions)
            fields["_tapete_players"] = [
                {key: p[key] for key in ("seat", "name", "stack") if p.get(key) is not None}
                for p in players]
        if judged is not None and k <= len(judged):
            if judged[k - 1]["carried"]:
                fields["_tapete_carried_out"] = judged[k - 1]["carried"]
            after = {int(s): c for s, c in judged[k - 1]["stacks"].items()}
            # the stacks the next hand starts with: the referee's, not the dealer's pushes
            fields["finishing_stacks"] = [after.get(s, stacks.get(s, 0)) for s in order]
        stacks.update(after)
        misdealt = any(str(a).split()[:2] == ["d", "misdeal"] for a in hand.get("actions") or [])
        blocks.append("\n".join(f"{key} = {_toml_value(v)}" for key, v in fields.items()))
    if len(blocks) == 1:
        return blocks[0] + "\n"
    return "\n\n".join(f"[{i}]\n{b}" for i, b in enumerate(blocks, start=1)) + "\n"


def export_main(argv: list[str]) -> int:
    """``python -m referee export FILE [-o OUT]``: write a session file as PHH.

    :param argv: the arguments after ``export``.
    :returns: 0 when written; 2 when the file cannot be read or written as PHH (one line
        on stderr).
    """
    parser = argparse.ArgumentParser(prog="python -m referee export",
                                     description="write a tapete session file as PHH")
    parser.add_argument("file", help="session file (.json)")
    parser.add_argument("-o", "--output", help="output file (.phh/.phhs); default stdout")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as fh:
            session = json.load(fh)
        text = dump_phh(session)
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"export: {args.file}: {reason}", file=sys.stderr)
        return 2
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            print(f"export: {args.output}: {exc}", file=sys.stderr)
            return 2
    else:
        sys.stdout.write(text)
    return 0
