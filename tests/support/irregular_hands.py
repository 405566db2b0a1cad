"""Random legal hands with the seeds' dealing irregularities put in (issue 27): a
:class:`handgen.GeneratedHand` (PokerKit's play, the independent answer) with lines added
that change nobody's chips, so the referee must still end with PokerKit's awards:

- ``sitout``: one more seat at the table says ``pN sitout`` before the deal (seed 000:
  "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas"): it is dealt
  nothing, owes nothing, keeps its stack;
- ``expose``: a card of a seat's deal is exposed while dealing (``d expose``, seed 002:
  "el receptor debe aceptarla"): the seat keeps it, the hand plays on;
- ``withdraw``: a seat whose first voluntary line was a fold before putting a chip in the
  betting has two of its cards exposed in the deal and withdraws instead (house switch
  ``double_exposure: withdraw``, seed 002: "esto puede retirarse de la mano"; its forced
  chips stay in the pot, as after the fold);
- ``fix``: a seat is dealt a sixth card (one the hand never uses) and the dealer takes it
  back before the seat acts (``d fix pN -1 CARD``, seed 000: "hará que rectifique el que
  las dio"): the hand is live.

:func:`irregular_hands_strategy` draws a generated hand and a subset of these.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from handgen import GeneratedHand, generate_hand

KINDS = ("sitout", "expose", "withdraw", "fix")
"""The irregularities :func:`add_irregularities` may put in."""

RANKS = "23456789TJQKA"
SUITS = "shdc"


@dataclass
class IrregularHand:
    """A generated hand with irregular lines put in.

    - ``hand``: the :class:`handgen.GeneratedHand` (PokerKit's stacks and awards);
    - ``session``: its session with the lines put in (the rules may carry
      ``double_exposure: withdraw``);
    - ``added``: the irregularities actually put in (a subset of :data:`KINDS`; one that
      does not fit the hand, such as a withdrawal with nobody folding first, is left out);
    - ``sat_out``: the seat added to sit out (None without ``sitout``); ``fixed``: the seat
      whose deal the dealer fixed (None without ``fix``).
    """

    hand: GeneratedHand
    session: dict
    added: tuple[str, ...]
    sat_out: int | None = None
    fixed: int | None = None


def _deal_lines(actions: list[str]) -> dict[int, int]:
    """Seat -> index of its ``d deal pN CARDS`` line (five named cards)."""
    out = {}
    for k, line in enumerate(actions):
        words = line.split()
        if words[:2] == ["d", "deal"] and len(words) == 4 and len(words[3]) == 10:
            out[int(words[2][1:])] = k
    return out


def _cards(line: str) -> list[str]:
    words = line.split()
    text = words[-1]
    return [text[k:k + 2] for k in range(0, len(text), 2)]


def _first_voluntary(actions: list[str]) -> int:
    """Index of the first player line that is not forced chips (the betting's start)."""
    for k, line in enumerate(actions):
        words = line.split()
        if words[0].startswith("p") and words[1] not in ("ante", "blind", "straddle"):
            return k
    return len(actions)


def _used_cards(actions: list[str]) -> set[str]:
    used: set[str] = set()
    for line in actions:
        for word in line.split()[2:]:
            if len(word) >= 2 and len(word) % 2 == 0 and word[1] in SUITS and word[0] in RANKS:
                used.update(word[k:k + 2] for k in range(0, len(word), 2))
    return used


def add_irregularities(hand: GeneratedHand, kinds: tuple[str, ...], rng: random.Random
                       ) -> IrregularHand:
    """``hand`` with the irregularities of ``kinds`` put in where they fit (none changes
    a chip: the referee must end with PokerKit's awards and stacks). Pure: the hand is
    not changed."""
    session = copy.deepcopy(hand.session)
    acts: list[str] = session["hands"][0]["actions"]
    added: list[str] = []
    sat_out = fixed = None
    deals = _deal_lines(acts)
    betting = _first_voluntary(acts)
    seats = sorted(deals)
    withdrawn = None
    if "withdraw" in kinds and len(seats) >= 3:
        # a seat whose first voluntary line is a fold (it put no chip in the betting)
        firsts: dict[int, str] = {}
        for line in acts[betting:]:
            words = line.split()
            if words[0].startswith("p"):
                firsts.setdefault(int(words[0][1:]), words[1])
        folders = [s for s in seats if firsts.get(s) == "fold"]
        if folders:
            withdrawn = rng.choice(folders)
    exposed_seat = None
    if "expose" in kinds:
        choices = [s for s in seats if s != withdrawn]
        exposed_seat = rng.choice(choices) if choices else None
    fix_seat = None
    if "fix" in kinds:
        choices = [s for s in seats if s != withdrawn]
        fix_seat = rng.choice(choices) if choices else None
    spare = sorted({r + s for r in RANKS for s in SUITS} - _used_cards(acts))
    # rebuild the log: the deal lines with their irregularities, in order
    out: list[str] = []
    for k, line in enumerate(acts):
        words = line.split()
        if k == betting and withdrawn is not None:
            out.append(f"p{withdrawn} withdraw")
        if withdrawn is not None and k >= betting and words[:2] == [f"p{withdrawn}", "fold"]:
            continue  # (its fold: the withdrawal in the deal stands for it)
        seat = int(words[2][1:]) if words[:2] == ["d", "deal"] else None
        if seat is not None and seat == withdrawn:
            two = rng.sample(_cards(line), 2)
            out += [f"d expose p{seat} {two[0]}", f"d expose p{seat} {two[1]}"]
        if seat is not None and seat == exposed_seat:
            out.append(f"d expose p{seat} {rng.choice(_cards(line))}")
        if seat is not None and seat == fix_seat and spare:
            extra = rng.choice(spare)
            out += [f"{line}{extra}", f"d fix p{seat} -1 {extra}"]
            continue
        out.append(line)
    if betting == len(acts) and withdrawn is not None:
        out.append(f"p{withdrawn} withdraw")
    if withdrawn is not None:
        session["rules"]["double_exposure"] = "withdraw"
        added.append("withdraw")
    if exposed_seat is not None:
        added.append("expose")
    if fix_seat is not None and spare:
        added.append("fix")
        fixed = fix_seat
    if "sitout" in kinds:
        taken = {p["seat"] for p in session["players"]}
        free = [s for s in range(1, 11) if s not in taken]
        if free:
            sat_out = rng.choice(free)
            session["players"].append({"seat": sat_out, "name": f"P{sat_out}", "stack": 100})
            out.insert(0, f"p{sat_out} sitout")
            added.append("sitout")
    acts[:] = out
    return IrregularHand(hand, session, tuple(added), sat_out, fixed)


def irregular_hands_strategy(**kwargs: Any):
    """A hypothesis strategy of :class:`IrregularHand`: a generated hand (its seed drawn
    by hypothesis; ``kwargs`` go to :func:`handgen.generate_hand`), a non-empty subset of
    :data:`KINDS` and the seed of the choices that place them."""
    from hypothesis import strategies as st

    return st.builds(
        lambda seed, kinds, pick: add_irregularities(generate_hand(seed, **kwargs),
                                                     tuple(kinds), random.Random(pick)),
        st.integers(min_value=0, max_value=2**32 - 1),
        st.sets(st.sampled_from(KINDS), min_size=1),
        st.integers(min_value=0, max_value=2**32 - 1))
