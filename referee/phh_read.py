"""PHH in: draw hands (one ``.phh`` hand or a ``.phhs`` file) read as tapete/1 sessions
(:func:`load_phh`, :func:`load_phh_all`). The variants read, the positions and the action
translation are described in :mod:`referee.phh`.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any, Iterable

from .cards import CardError, parse_cards
from .phh_format import (BLIND_VERBS, LETTER_BETTING, STANDARD_VARIANTS, UNREADABLE_MARK,
                         ChipTable, NotPHHError, PHHError, VariantError, tapete_line)
from .rules import HouseRules, RulesError, resolve_rules

__all__ = ["load_phh", "load_phh_all", "PHHError", "NotPHHError", "VariantError"]


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
        raise NotPHHError(f"not PHH (TOML): {exc}") from None
    if "variant" in data:
        return [data]
    hands = [v for v in data.values() if isinstance(v, dict) and "variant" in v]
    if not hands:
        raise NotPHHError("no hand in the PHH text (no 'variant' field)")
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
        raise VariantError("variant 'FB' (badugi) deals four-card hands; the referee plays "
                           "five-card draw only (N2L1D, F2L3D, or the F/P/N 5CD codes)", variant)
    else:
        raise VariantError(f"variant {variant!r} is not a five-card draw variant "
                           "(supported: N2L1D, F2L3D, and the F/P/N 5CD codes)", variant)
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
    """One PHH hand as a one-hand session (:func:`load_phh`'s shape).

    :raises PHHError: a required field missing or of the wrong shape, or a variant other
        than the draw variants.
    """
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
    double = BLIND_VERBS[0] if h.get("_tapete_double_blind") == BLIND_VERBS[0] else BLIND_VERBS[1]
    actions, contributed = _translate(h["actions"], stacks, antes, blinds, seats, rules, double)
    actions = _without_added_deals(h, actions, seats)
    finishing = h.get("finishing_stacks")
    award_lines = h.get("_tapete_award_lines") is True  # a tapete export: awards in the log
    if finishing is not None and not award_lines:
        actions += _award_lines(_ints(finishing, "finishing_stacks"), stacks, contributed, seats)
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


def _without_added_deals(h: dict, actions: list[str], seats: list[int]) -> list[str]:
    """The log less the unseen deals :func:`~referee.phh_write.dump_phh` wrote where the
    log had none (``_tapete_deals_added``): they are not part of the log."""
    added = h.get("_tapete_deals_added")
    if not (isinstance(added, list) and h.get("_tapete_format")):
        return actions
    n = len(seats)
    drop = {f"d deal p{seats[k - 1]} 5" for k in added if isinstance(k, int) and 1 <= k <= n}
    kept = []
    for line in actions:
        if line in drop:
            drop.discard(line)
            continue
        kept.append(line)
    return kept


def _award_lines(finishing: list[int], stacks: list[int], contributed: list[int],
                 seats: list[int]) -> list[str]:
    """``d award pN A`` per seat that gained chips at the end: A = finishing stack -
    (starting stack - chips put in).

    :raises PHHError: a count of finishing stacks other than the players', or one below
        what the seat kept."""
    n = len(stacks)
    if len(finishing) != n:
        raise PHHError(f"{len(finishing)} finishing stacks for {n} players")
    lines = []
    for i in range(n):
        award = finishing[i] - (stacks[i] - contributed[i])
        if award < 0:
            raise PHHError(f"p{i + 1}: finishing stack {finishing[i]} is below the starting "
                           f"stack {stacks[i]} less the {contributed[i]} chips put in")
        if award:
            lines.append(f"d award p{seats[i]} {award}")
    return lines


def _cards_text(cards: str, where: str) -> str:
    try:
        return "".join(parse_cards(cards))
    except CardError as exc:
        raise PHHError(f"PHH action {where!r}: {exc}") from None


def _translate(raw_actions: Iterable[str], stacks: list[int], antes: list[int],
               blinds: list[int], seats: list[int], rules: HouseRules,
               double: str = BLIND_VERBS[1]) -> tuple[list[str], list[int]]:
    """A PHH hand's actions as tapete log lines (the table in the module docstring of
    :mod:`referee.phh`), and the chips each position put in. A PHH action that cannot be
    read becomes an unreadable line (:data:`UNREADABLE_MARK`), not a refused file.
    ``double``: the verb of the blinds after the small blind (``straddle``, or ``blind``
    where a tapete export says ``_tapete_double_blind = "blind"``)."""
    reader = _HandReader(stacks, seats)
    reader.post_forced(antes, blinds, double)
    for raw in raw_actions:
        reader.read(raw)
    return _serves_after_draws(reader.out, reader.fixed), reader.table.contributed


class _HandReader:
    """Translating one hand's PHH actions: the lines written so far (:attr:`out`), the
    chips put in by position (:attr:`table`), whether a draw has started (later deals are
    serves, ``cbr`` with nothing bet is a ``bet``) and the lines to leave where they are
    (:attr:`fixed`: what a tapete export wrote in place)."""

    def __init__(self, stacks: list[int], seats: list[int]) -> None:
        self.n = len(stacks)
        self.seats = seats
        self.table = ChipTable(stacks)
        self.out: list[str] = []
        self.drawn = False  # a draw has started: later deals are serves
        self.drawing = False  # in a draw phase (bets of the finished round cleared)
        self.fixed: set[int] = set()

    def post_forced(self, antes: list[int], blinds: list[int], double: str = BLIND_VERBS[1]) -> None:
        """Antes and blinds are posted before the deal (PokerKit automates them the same
        way); heads-up the button (p2) posts the small blind and the lists are reversed.
        The small blind is a ``blind`` line, the others ``double`` lines."""
        n, seats, table = self.n, self.seats, self.table
        post_antes = antes[::-1] if n == 2 else antes
        for i in range(n):
            if post_antes[i]:
                amount = table.put(i, post_antes[i])
                self.out.append(f"p{seats[i]} ante {amount}")
        post_blinds = blinds[::-1] if n == 2 else blinds
        small_blind = 1 if n == 2 else 0
        for i in ([1, 0] if n == 2 else range(n)):
            if post_blinds[i]:
                table.bet_to(i, table.bets[i] + post_blinds[i])
                verb = BLIND_VERBS[0] if i == small_blind else double
                self.out.append(f"p{seats[i]} {verb} {table.bets[i]}")

    def read(self, raw: Any) -> None:
        """One PHH action: a ``# tapete:`` comment action is the log's own line; a PHH
        action with a ``# tapete:`` comment after it moves the chips as PHH says and logs
        the comment's line (a call's amount, an all-in, a check facing a bet ...)."""
        out = self.out
        override = None
        text = None
        before = len(out)
        try:
            line = tapete_line(raw.lstrip()) if isinstance(raw, str) else None
            if line is not None:
                out.append(line)  # a tapete action PHH cannot say
                self.fixed.add(len(out) - 1)
                _comment_chips(self.table, line, self.seats)
                return
            if isinstance(raw, str) and "#" in raw:
                said = tapete_line("#" + raw.split("#", 1)[1])
                if said is not None and said.strip():
                    override = said.strip()
            text = raw.split("#", 1)[0].strip() if isinstance(raw, str) else None
            if text is None:
                raise PHHError(f"PHH action {json.dumps(raw)[:60] if _jsonable(raw) else raw!r} "
                               "is not a string")
            if text:
                self._action(text)
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
                    self.fixed.add(len(out) - 1)  # a deal or serve where the log had it

    def _action(self, text: str) -> None:
        words = text.split()
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                i = _position(words[2], self.n, text)
                cards = _cards_text(words[3], text)
                unseen = set(parse_cards(cards)) == {"??"}
                k = len(cards) // 2
                verb = "serve" if self.drawn else "deal"
                self.out.append(f"d {verb} p{self.seats[i]} {k if unseen else cards}")
                return
            raise PHHError(f"PHH action {text!r}: not a draw-poker dealer action (only 'd dh')")
        i = _position(words[0], self.n, text)
        verb = words[1] if len(words) > 1 else ""
        if verb in ("f", "cc", "cbr") and self.drawing:
            self.drawing = False
        if verb in ("f", "cc") or (verb == "cbr" and len(words) == 3):
            self._bet(i, verb, words, text)
        elif verb == "sd" and len(words) in (2, 3):
            self._draw(i, words, text)
        elif verb == "sm" and len(words) in (2, 3):
            self._show(i, words, text)
        else:
            raise PHHError(f"PHH action {text!r} is not a five-card draw action "
                           "(d dh, f, cc, cbr, sd, sm)")

    def _bet(self, i: int, verb: str, words: list[str], text: str) -> None:
        """``f`` fold; ``cc`` check or call; ``cbr A`` open, bet or raise to A."""
        seat, table = self.seats[i], self.table
        if verb == "f":
            self.out.append(f"p{seat} fold")
        elif verb == "cc":
            owed = max(table.bets) - table.bets[i]
            if owed <= 0:
                self.out.append(f"p{seat} check")
            else:
                table.bet_to(i, max(table.bets))
                self.out.append(f"p{seat} call")
        else:
            if not (words[2].isascii() and words[2].isdigit()):
                raise PHHError(f"PHH action {text!r}: the amount {words[2]!r} is not a whole "
                               "number of chips")
            amount = int(words[2])
            if max(table.bets) == 0:
                word = "bet" if self.drawn else "open"
            else:
                word = "raise"
            table.bet_to(i, amount)
            self.out.append(f"p{seat} {word} {amount}")

    def _draw(self, i: int, words: list[str], text: str) -> None:
        """``sd [CARDS]``: draw K (0: stands pat), the discards where seen."""
        seat = self.seats[i]
        if not self.drawing:
            self.table.new_round()
            self.drawing = True
        self.drawn = True
        if len(words) == 2:
            self.out.append(f"p{seat} draw 0")
            return
        cards = _cards_text(words[2], text)
        k = len(cards) // 2
        if set(parse_cards(cards)) == {"??"}:
            self.out.append(f"p{seat} draw {k}")
        else:
            self.out.append(f"p{seat} draw {k} {cards}")

    def _show(self, i: int, words: list[str], text: str) -> None:
        """``sm`` muck; ``sm -`` show unseen cards; ``sm CARDS`` show."""
        seat = self.seats[i]
        if len(words) == 2:
            self.out.append(f"p{seat} muck")
        elif words[2] == "-":
            self.out.append(f"p{seat} show " + "??" * 5)
        else:
            self.out.append(f"p{seat} show {_cards_text(words[2], text)}")


def _comment_chips(table: "ChipTable", line: str, seats: list[int]) -> None:
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


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False
