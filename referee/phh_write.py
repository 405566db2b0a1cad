"""PHH out: a tapete/1 session written as PHH text (:func:`dump_phh`, ``python -m referee
export FILE [-o OUT]``: :func:`export_main`), with custom variant codes for five-card draw
and ``_tapete_*`` fields for what PHH cannot say (described in :mod:`referee.phh`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from typing import Any

from .cards import CardError, parse_cards
from .check import check
from .phh_format import BETTING_LETTER, TAPETE_COMMENT, ChipTable, PHHError
from .rules import HouseRules, RulesError, resolve_rules
from .session import SessionError, _seat_chips, load

__all__ = ["dump_phh", "export_main", "variant_code", "PHHError"]


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
    writer = _HandWriter(order, start)
    for raw in actions:
        writer.write(raw)
    writer.out.extend(writer.serves)
    out, n = writer.out, len(order)
    added = _deals_added(order, actions)
    out[:0] = [f"d dh p{k} " + "??" * 5 for k in added]
    antes, blinds = writer.antes, writer.blinds
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
    finishing = [writer.table.stacks[i] + writer.awards[i] for i in range(n)]
    if any(writer.awards):
        fields["finishing_stacks"] = finishing
    fields["_tapete_format"] = "tapete/1"
    spec = rules_spec if isinstance(rules_spec, (dict, str)) else rules.as_dict()
    if json.dumps(spec) != json.dumps(tomllib.loads("r = " + _toml_value(spec))["r"]):
        # a value TOML has no form for (null): the rules as JSON only (load_phh reads it in
        # place of _tapete_rules; writing both doubled the rules in every hand of a .phhs)
        fields["_tapete_rules_json"] = json.dumps(spec, ensure_ascii=False)
    else:
        fields["_tapete_rules"] = spec
    fields["_tapete_award_lines"] = True
    if writer.double == "blind":
        fields["_tapete_double_blind"] = "blind"  # (the log's verb; load_phh writes it back)
    if added:
        fields["_tapete_deals_added"] = added
    return fields, {order[i]: finishing[i] for i in range(n)}


def _deals_added(order: list[int], actions: list[str]) -> list[int]:
    """PHH deals every hand: the positions (1-based) whose deal the log did not write, where
    the hand was played; "d dh pK ??????????" (five unseen cards) is written for each before
    the first action, and ``_tapete_deals_added`` names them so that load_phh leaves them
    out again."""
    pos = {seat: i for i, seat in enumerate(order)}
    dealt_logged = {int(w[2][1:]) for w in (line.split() for line in actions)
                    if len(w) == 4 and w[:2] == ["d", "deal"] and w[2][1:].isdigit()}
    played = any(len(w) > 1 and w[1] in ("check", "open", "bet", "call", "raise", "allin", "fold")
                 for w in (line.split() for line in actions))
    return [pos[s] + 1 for s in order if s not in dealt_logged] if played else []


def _said(phh: str, line: str, derived: str) -> str:
    """The PHH action, with the log's own line after it as a ``# tapete:`` comment where
    load_phh would read the PHH action as another line (a call's amount, an all-in, a check
    facing a bet, a bet written as an open ...)."""
    return phh if line == derived else f"{phh} {TAPETE_COMMENT}{line}"


class _Line:
    """A player line of the log read for PHH: the seat, its position ``i``, the verb, the
    amount (ante, blind, bet ...), the discards of a draw (``given``, "??" where unseen)
    and the cards of a show."""

    __slots__ = ("seat", "i", "verb", "amount", "given", "shown")

    def __init__(self, words: list[str], pos: dict[int, int]) -> None:
        """:raises ValueError, IndexError, KeyError, CardError: a line PHH cannot carry
        (unreadable, or a seat not dealt in)."""
        self.seat = int(words[0][1:]) if words[0][:1] == "p" and words[0][1:].isdigit() else -1
        self.i = pos[self.seat]
        self.verb = verb = words[1]
        self.amount = 0
        self.given = self.shown = ""
        if verb in ("ante", "blind", "straddle", "open", "bet", "raise"):
            if not words[2].isdigit():
                raise ValueError
            self.amount = int(words[2])
        if verb in ("show", "draw") and len(words) < 3:
            raise ValueError
        if verb == "draw":
            k = int(words[2])
            self.given = "".join(parse_cards(words[3])) if len(words) > 3 else "??" * k
            if not 0 <= k <= 10 or len(words) > 4:
                raise ValueError
        if verb == "show":
            self.shown = "".join(parse_cards(words[2]))
            if len(words) > 3 or not self.shown:
                raise ValueError


class _HandWriter:
    """One hand's log written as PHH actions (:attr:`out`), with the antes and blinds PHH
    posts in its fields, the chips each position put in (:attr:`table`) and the dealer's
    pushes by position (:attr:`awards`).

    Forced chips go in PHH's antes / blinds_or_straddles only where load_phh posts them
    back the same way (before any other action, once per position, blinds in position
    order: the small blind a ``blind`` line, the others ``straddle`` lines, or all of them
    ``blind`` lines, :attr:`double`); any other ante or blind is kept in place as a tapete
    comment, so nothing irregular is dropped or moved.

    A big blind logged as a second ``blind`` line is the double blind, as the referee
    reads it (``referee.forced.blind``: a blind after a blind is the double blind), so it
    is a PHH blind too, and ``_tapete_double_blind = "blind"`` tells load_phh the verb."""

    def __init__(self, order: list[int], start: dict[int, int]) -> None:
        n = len(order)
        self.pos = {seat: i for i, seat in enumerate(order)}
        self.antes = [0] * n
        self.blinds = [0] * n
        self.awards = [0] * n
        self.table = ChipTable([start[s] for s in order])
        self.out: list[str] = []
        self.serves: list[str] = []  # serves waiting for the end of the discards
        self.drawing = False
        self.drawn = False  # a draw has started (load_phh reads later deals as serves, cbr as bet)
        self.drew: set[int] = set()
        self.posting = True
        self.anted: set[int] = set()
        self.blind_order = [1, 0] if n == 2 else list(range(n))
        self.small_blind_pos = 1 if n == 2 else 0
        self.last_blind = -1
        self.double: str | None = None  # the verb of the blinds after the small blind
        self.last: list[str] = []  # the log's previous action, in words

    def token(self, seat: int) -> str:
        return f"p{self.pos[seat] + 1}"

    def in_place(self, phh: str) -> None:
        """Write an action where the log has it: the serves waiting for the end of the
        discards go first (load_phh moves them back after each seat's draw), so that
        nothing moves across it."""
        self.out.extend(self.serves)
        self.serves.clear()
        self.out.append(phh)

    def write(self, raw: str) -> None:
        """One line of the log."""
        line = raw.strip()
        words = line.split()
        if not words:
            self.in_place(TAPETE_COMMENT + raw)  # an empty line: the check calls it unreadable
        elif words[0] == "d":
            self._dealer(line, words)
            self.last = words
        else:
            self.last = words
            try:
                parsed = _Line(words, self.pos)
            except (ValueError, IndexError, KeyError, CardError):
                self.in_place(TAPETE_COMMENT + line)  # unreadable, or a seat not dealt in
                return
            self._player(line, parsed)

    # ------------------------------------------------------------------ dealer
    def _dealer(self, line: str, words: list[str]) -> None:
        verb = words[1] if len(words) > 1 else ""
        cards = None
        if verb in ("deal", "serve") and len(words) == 4 and words[2][:1] == "p" \
                and words[2][1:].isdigit() and int(words[2][1:]) in self.pos:
            seat = int(words[2][1:])
            cards = _dealt_cards(words[3])
        if cards is not None:
            self._deal(line, verb, seat, cards)
        elif verb == "award" and len(words) == 4 and words[3].isdigit() \
                and words[2][1:].isdigit() and int(words[2][1:]) in self.pos:
            self.awards[self.pos[int(words[2][1:])]] += int(words[3])
            # the dealer's push as logged (finishing_stacks are the referee's stacks)
            self.in_place(TAPETE_COMMENT + line)
        else:  # d note, d misdeal, anything else: kept as a tapete comment
            self.in_place(TAPETE_COMMENT + line)

    def _deal(self, line: str, verb: str, seat: int, cards: str) -> None:
        unseen = set(parse_cards(cards)) == {"??"}
        derived = f"d {'serve' if self.drawn else 'deal'} p{seat} {len(cards) // 2 if unseen else cards}"
        phh = f"d dh {self.token(seat)} {cards}"
        if verb == "serve" and self.drawing and line == derived \
                and self.last[:2] == [f"p{seat}", "draw"]:
            self.serves.append(phh)  # PHH order: served after all discards
        elif line == derived and not derived.startswith("d serve"):
            self.in_place(phh)
        else:  # where the log has it (load_phh leaves annotated serves in place)
            self.in_place(f"{phh} {TAPETE_COMMENT}{line}")

    # ------------------------------------------------------------------ player
    def _player(self, line: str, p: _Line) -> None:
        verb = p.verb
        if verb not in ("draw",) and self.drawing:
            self.out.extend(self.serves)
            self.serves.clear()
            self.drawing = False
        if verb not in ("ante", "blind", "straddle"):
            self.posting = False
        if verb == "ante":
            self._ante(line, p)
        elif verb in ("blind", "straddle"):
            self._blind(line, p)
        elif verb == "draw":
            self._draw(line, p)
        elif verb in ("check", "call", "fold", "open", "bet", "raise", "allin"):
            self._bet(line, p)
        elif verb == "show":
            self.out.append(_said(f"{self.token(p.seat)} sm {p.shown}", line,
                                  f"p{p.seat} show {p.shown}"))
        elif verb == "muck":
            self.out.append(_said(f"{self.token(p.seat)} sm", line, f"p{p.seat} muck"))
        else:  # split: no PHH form
            self.in_place(TAPETE_COMMENT + line)

    def _ante(self, line: str, p: _Line) -> None:
        i, amount = p.i, p.amount
        put = self.table.put(i, amount)
        # load_phh posts the antes field first, in position order, then the blinds
        if self.posting and not self.out and amount > 0 and i not in self.anted \
                and self.last_blind < 0 and i > max(self.anted, default=-1) \
                and put == amount and line == f"p{p.seat} ante {amount}":
            self.antes[i] += put
            self.anted.add(i)
        else:
            self.in_place(TAPETE_COMMENT + line)
            self.posting = False  # later antes and blinds stay in place after this one

    def _blind(self, line: str, p: _Line) -> None:
        i, amount, table = p.i, p.amount, self.table
        before = table.bets[i]
        table.bet_to(i, amount)
        order_k = self.blind_order.index(i)
        small = i == self.small_blind_pos
        # (a ``blind`` after a blind is the double blind: the referee reads it so)
        double_ok = p.verb == "straddle" or (p.verb == "blind" and self.last_blind >= 0)
        regular = (self.posting and not self.out and amount > 0 and not self.blinds[i]
                   and order_k > self.last_blind and before == 0
                   and (p.verb == "blind" if small else
                        double_ok and self.double in (None, p.verb))
                   and table.bets[i] == amount and line == f"p{p.seat} {p.verb} {amount}")
        if regular:
            self.blinds[i] = table.bets[i]
            self.last_blind = order_k
            if not small:
                self.double = p.verb
        else:
            self.in_place(TAPETE_COMMENT + line)
            self.posting = False

    def _bet(self, line: str, p: _Line) -> None:
        table, i, verb, me, tok = self.table, p.i, p.verb, f"p{p.seat}", self.token(p.seat)
        owed = max(table.bets) - table.bets[i]
        if verb == "check" or verb == "call":
            table.bet_to(i, max(table.bets))
            self.out.append(_said(f"{tok} cc", line, f"{me} {'check' if owed <= 0 else 'call'}"))
        elif verb == "fold":
            self.out.append(_said(f"{tok} f", line, f"{me} fold"))
        elif verb in ("open", "bet", "raise"):
            word = ("bet" if self.drawn else "open") if max(table.bets) == 0 else "raise"
            table.bet_to(i, p.amount)
            self.out.append(_said(f"{tok} cbr {p.amount}", line, f"{me} {word} {p.amount}"))
        else:  # allin: a bet or raise, or a call, as it turns out
            total = table.bets[i] + table.stacks[i]
            raises = total > max(table.bets)
            table.bet_to(i, total)
            self.out.append(_said(f"{tok} cbr {total}" if raises else f"{tok} cc", line, ""))

    def _draw(self, line: str, p: _Line) -> None:
        if self.drawing and p.seat in self.drew:  # a new draw with no betting between (all-ins)
            self.out.extend(self.serves)
            self.serves.clear()
            self.drew.clear()
        if not self.drawing:
            self.table.new_round()
            self.drawing = True
            self.drew.clear()
        self.drawn = True
        self.drew.add(p.seat)
        given, me = p.given, f"p{p.seat}"
        unseen = not given or set(parse_cards(given)) == {"??"}
        n_given = len(given) // 2
        derived = f"{me} draw {n_given}" if unseen else f"{me} draw {n_given} {given}"
        phh = f"{self.token(p.seat)} sd {given}" if n_given else f"{self.token(p.seat)} sd"
        self.out.append(_said(phh, line, derived))


def _dealt_cards(token: str) -> str | None:
    """A deal or serve's cards as PHH writes them ("??" per unseen card), or None where
    they cannot be read (the line then stays a tapete comment)."""
    if token.isdigit():
        return "??" * int(token) if 0 < int(token) <= 10 else None
    try:
        return "".join(parse_cards(token))
    except CardError:
        return None


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


def _positions(seats: list[int], button: int, rules: HouseRules) -> list[int]:
    """The hand's PHH positions: the seats from the one after the button, in the rules'
    direction, to the button."""
    order = []
    seat = button
    for _ in seats:
        seat = _next_seat(seats, seat, rules)
        order.append(seat)
    return order


def _session_fields(fields: dict, hand: dict, players: list | None) -> None:
    """The ``_tapete_*`` fields of what the session file said between hands, as it said it
    (PHH has no rebuys, no dead button, no stated stacks; load_phh restores these keys of
    the hand), and, on hand 1 (``players`` given), every player of the session (a seat
    with no chips sits out of PHH's positions)."""
    if hand.get("awards_recorded") is False:
        fields["_tapete_awards_recorded"] = False
    fields["_tapete_hand"] = {key: _seat_keyed(hand[key]) for key in ("button", "rebuys", "stacks")
                              if hand.get(key) is not None}
    if players is not None:
        fields["_tapete_players"] = [
            {key: p[key] for key in ("seat", "name", "stack") if p.get(key) is not None}
            for p in players]


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
        lines) are kept as comment actions ``# tapete (seat numbers): ACTION``, which
        PokerKit skips and :func:`load_phh` restores.
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
        order = _positions(seats, button, rules)
        fields, after = _hand_to_phh(rules.at_table(len(order)), session.get("rules"), names, order,
                                     dict(stacks), list(hand.get("actions") or []), k)
        _session_fields(fields, hand, players if k == 1 else None)
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
