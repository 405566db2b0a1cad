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
    n = len(order)
    pos = {seat: i for i, seat in enumerate(order)}
    antes = [0] * n
    blinds = [0] * n
    table = ChipTable([start[s] for s in order])
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
