"""Synthetic nights for the benchmarks and the long-report tests: legal jackpots hands.

(Not shipped: it lives beside the benchmarks; the tests find it on pytest's path: pyproject.toml's pythonpath.)

Each hand: everyone antes, the deal is recorded, players speak in turn after the button
and check until one holds jacks or better and opens (else the deal is passed out and the
pot carries); the next seat calls, the rest fold; both draw (discards and serves
recorded); the opener bets, the caller calls; the opener shows first and the better hand
(``referee.compare``) takes the pot, the other mucks. A stack that runs low rebuys
between hands. Deterministic for a seed.
"""

from __future__ import annotations

import random
from collections import Counter

from referee import compare, rank
from referee.cards import make_deck

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
NAMES = ["Ana", "Bruno", "Chus", "Dani", "Eva", "Fede", "Gala", "Hugo", "Inés", "Javi"]


def _opens(cards: list[str]) -> bool:
    hand = rank("".join(cards), RULES)
    if hand.name == "high card":
        return False
    if hand.name == "one pair":
        return hand.ranks[0] >= 11
    return True


def _keep(cards: list[str]) -> list[str]:
    counts = Counter(c[0] for c in cards)
    kept = [c for c in cards if counts[c[0]] >= 2]
    return kept or sorted(cards, key=lambda c: "23456789TJQKA".index(c[0]))[-2:]


def synthetic_session(hands: int = 300, players: int = 9, seed: int = 1, stack: int = 2000) -> dict:
    """A ``tapete/1`` session of ``hands`` hands at a table of ``players`` (2-10) seats.

    :returns: the session dict (CONTRACT.md 1), chips as ints.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= len(NAMES):
        raise ValueError(f"a table has 2 to {len(NAMES)} seats, not {players!r}")
    rng = random.Random(seed)
    seats = list(range(1, players + 1))
    stacks = {s: stack for s in seats}
    session = {"format": "tapete/1", "rules": RULES, "note": f"synthetic night, {hands} hands",
               "players": [{"seat": s, "name": NAMES[s - 1], "stack": stack} for s in seats], "hands": []}
    button = seats[-1]
    carried = 0
    for number in range(hands):
        rebuys = {}
        for s in seats:
            if stacks[s] < 200:
                rebuys[str(s)] = 1000
                stacks[s] += 1000
        deck = list(make_deck("2", 0))
        rng.shuffle(deck)
        holding = {s: [deck.pop() for _ in range(5)] for s in seats}
        order = seats[seats.index(button) + 1:] + seats[: seats.index(button) + 1]
        actions = [f"p{s} ante 5" for s in seats] + [f"d deal p{s} {''.join(holding[s])}" for s in seats]
        pot = carried + 5 * len(seats)
        for s in seats:
            stacks[s] -= 5
        opener = next((s for s in order if _opens(holding[s])), None)
        if opener is None:
            actions += [f"p{s} check" for s in order]
            carried = pot
        else:
            at = order.index(opener)
            actions += [f"p{s} check" for s in order[:at]] + [f"p{opener} open 10"]
            after = order[at + 1:] + order[:at]
            caller = after[0]
            actions.append(f"p{caller} call")
            actions += [f"p{s} fold" for s in after[1:]]
            for s in [s for s in order if s in (opener, caller)]:
                kept = _keep(holding[s])
                discards = [c for c in holding[s] if c not in kept]
                served = [deck.pop() for _ in discards]
                actions.append(f"p{s} draw {len(discards)}" + (f" {''.join(discards)}" if discards else ""))
                if discards:
                    actions.append(f"d serve p{s} {''.join(served)}")
                holding[s] = kept + served
            actions += [f"p{opener} bet 20", f"p{caller} call"]
            pot += 60
            stacks[opener] -= 30
            stacks[caller] -= 30
            actions.append(f"p{opener} show {''.join(holding[opener])}")
            if compare("".join(holding[caller]), "".join(holding[opener]), RULES) > 0:
                winner = caller
                actions.append(f"p{caller} show {''.join(holding[caller])}")
            else:
                winner = opener
                actions.append(f"p{caller} muck")
            actions.append(f"d award p{winner} {pot}")
            stacks[winner] += pot
            carried = 0
        entry = {"actions": actions}
        if number == 0:
            entry["button"] = button
        if rebuys:
            entry["rebuys"] = rebuys
        session["hands"].append(entry)
        button = order[0]
    return session
