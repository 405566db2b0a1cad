"""Differential tests of the replay's fast path (``referee/fastpath.py``).

The promise: for every session ``referee.check(s) == referee.check(s, fast=False)`` exactly
(findings, pots, awards, recorded awards, stacks, carried, next opening), and the fast path
(``referee.fastpath.replay_regular(start, actions)``) is really taken for regular hands: it
returns the same :class:`~referee.replay.HandResult` as the full state machine
(``HandReplay(start, actions).run().finish()``) or None (the full machine then runs).

The sessions compared:

- every worked case of ``shared/cases`` and every PHH file of ``shared/data/phh``;
- 2,000 random legal hands of ``tests/handgen.py`` (PokerKit's 2-7 games and five-card draw
  for high hands), and 500 more of deuce-to-seven alone; here at least 95% of the hands must
  take the fast path (the share is printed);
- every corruption kind of ``handgen.corrupt`` over fixed seeds (irregular hands: the fast
  path must bail out or agree);
- hypothesis (derandomized: the same examples on every run): legal hands, single
  corruptions, random-walk sessions;
- a random walk through the house games PokerKit does not play (``jackpots`` with openers,
  passed-out deals and carried pots, ``pocker`` with the joker and the progressive ladder,
  ``clasico`` with the stripped deck and flush over full, ``internacional`` with the pot
  blinds): 2-6 players, several hands per session, driven by the full state machine itself
  (:meth:`HandReplay.due` and :meth:`HandReplay.legal` say who may do what), real cards
  from a shuffled deck logged in full, as counts only (``d deal p3 5``) or not at all,
  awards as the rules give them; some sessions carry deliberate irregularities (actions out
  of turn, wrong awards, false openers, wrong amounts, unreadable lines, misdeals).

Every random choice comes from a fixed seed (no time-based randomness). A session where the
two paths differ fails with the smallest session found by :func:`shrink` (JSON) and the
difference, for the fast path's author to replay.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from handgen import CORRUPTIONS, corrupt, generate_hand, hands_strategy
from referee.openers import meets_opening
from referee.phh import load_phh
from referee.replay import HandReplay
from referee.session import replay_session

SHARED = (Path(__file__).resolve().parent.parent / ".." / "shared").resolve()
HYPOTHESIS = settings(max_examples=60, deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------
# the two paths, their difference, the smallest session that shows it

def fast_check(session: dict) -> dict:
    """``referee.check`` as shipped (the fast path where it applies)."""
    return referee.check(session)


def full_check(session: dict) -> dict:
    """``referee.check`` with the full state machine for every hand."""
    return referee.check(session, fast=False)


def _outcome(fn, session: dict):
    try:
        return fn(session)
    except Exception as exc:  # a crash on one side only is a difference too
        return f"raised {type(exc).__name__}: {exc}"


def difference(session: dict) -> str | None:
    """None when both paths give the same result; else the first difference, in words."""
    fast, full = _outcome(fast_check, session), _outcome(full_check, session)
    if fast == full:
        return None
    if isinstance(fast, str) or isinstance(full, str):
        return f"fast: {fast!r}\nfull: {full!r}"
    if len(fast["hands"]) != len(full["hands"]):
        return f"fast has {len(fast['hands'])} hands, full {len(full['hands'])}"
    for a, b in zip(fast["hands"], full["hands"]):
        if a != b:
            keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
            return (f"hand {a['hand']} differs in {', '.join(keys)}:\n"
                    + "\n".join(f"  {k}: fast {a.get(k)!r}\n  {' ' * len(k)}  full {b.get(k)!r}"
                                for k in keys))
    return "the results differ outside 'hands'"  # pragma: no cover


def shrink(session: dict, budget: int = 400) -> dict:
    """A smaller session on which the two paths still differ: drop whole hands (from the
    end, then from the start), then single actions, while the difference stays."""
    best = copy.deepcopy(session)

    def differs(s: dict) -> bool:
        nonlocal budget
        budget -= 1
        return difference(s) is not None

    hands = best["hands"]
    while len(hands) > 1 and budget > 0:  # later hands cannot change earlier ones
        trial = dict(best, hands=hands[:-1])
        if not differs(trial):
            break
        best, hands = trial, trial["hands"]
    changed = True
    while changed and budget > 0:
        changed = False
        for h in range(len(best["hands"])):
            actions = best["hands"][h].get("actions", [])
            j = len(actions) - 1
            while j >= 0 and budget > 0:
                trial = copy.deepcopy(best)
                del trial["hands"][h]["actions"][j]
                if differs(trial):
                    best, changed = trial, True
                j -= 1
    return best


def assert_same(session: dict, label: str = "") -> None:
    """Fail with the smallest differing session (JSON) and the difference."""
    diff = difference(session)
    if diff is None:
        return
    small = shrink(session)
    raise AssertionError(f"{label}: fast and full differ\n{difference(small) or diff}\n"
                         f"minimal session:\n{json.dumps(small, ensure_ascii=False)}")


# ---------------------------------------------------------------------------------------
# is the fast path taken? replay_regular on the HandStart the session builds

def _full_items(session: dict):
    """The session's hands (``referee.session.HandItem``) replayed by the full machine."""
    return replay_session(session, fast=False)


def _result_dict(result) -> dict:
    return {"findings": [f.as_dict() for f in result.findings],
            "pots": [p.as_dict() for p in result.pots], "awards": result.awards,
            "recorded_awards": result.recorded_awards, "stacks": result.stacks,
            "carried": result.carried, "outcome": result.outcome, "opened": result.opened}


def fast_taken(session: dict, replay_regular=None) -> tuple[int, int, list[str]]:
    """``(hands that took the fast path, hands, disagreements)``: calls
    ``replay_regular`` (by default the installed one, compiled or not) on each hand's start
    as the session builds it, and compares a non-None answer with the full machine's result
    for that hand."""
    if replay_regular is None:
        from referee.fastpath import replay_regular

    taken = total = 0
    bad = []
    for item in _full_items(session):
        number, result = item.number, item.result
        total += 1
        start = dataclasses.replace(item.start, stacks=dict(item.start.stacks))
        got = replay_regular(start, list(item.actions))
        if got is None:
            continue
        taken += 1
        if _result_dict(got) != _result_dict(result):
            a, b = _result_dict(got), _result_dict(result)
            keys = [k for k in a if a[k] != b[k]]
            bad.append(f"hand {number}: replay_regular differs in {keys}: "
                       + "; ".join(f"{k} fast {a[k]!r} full {b[k]!r}" for k in keys))
    return taken, total, bad


def _clean(session: dict) -> list[bool]:
    """Per hand: True when the full machine finds nothing (a regular hand)."""
    return [not h["findings"] for h in full_check(session)["hands"]]


# ---------------------------------------------------------------------------------------
# 1. the shared reference files

CASES = sorted(p for p in (SHARED / "cases").glob("*.json") if not p.name.endswith(".expect.json"))
PHH = sorted((SHARED / "data" / "phh").glob("*.phh"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_shared_case_fast_equals_full(path):
    assert_same(json.loads(path.read_text(encoding="utf-8")), path.name)


@pytest.mark.parametrize("path", PHH, ids=lambda p: p.stem)
def test_shared_phh_fast_equals_full(path):
    try:
        session = load_phh(path.read_text(encoding="utf-8"))
    except ValueError:  # a variant the referee does not play (badugi: test_phh covers it)
        assert "FB" in path.read_text(encoding="utf-8")
        return
    assert_same(session, path.name)


def test_shared_files_are_there():
    """The two tests above are not vacuous (conftest makes a missing ../shared fail in CI)."""
    if not SHARED.is_dir():
        pytest.skip(f"shared references not found at {SHARED}")
    assert len(CASES) >= 9 and len(PHH) >= 16


# ---------------------------------------------------------------------------------------
# 2. random legal hands (PokerKit-driven): equality, and the fast path taken

@lru_cache(maxsize=None)
def _legal_hands(first: int, count: int, game: str | None) -> tuple:
    return tuple(generate_hand(seed, game=game) for seed in range(first, first + count))


@pytest.mark.parametrize("first,count,game", [(0, 1000, None), (1000, 1000, None),
                                              (50_000, 500, "lowball")])
def test_generated_legal_hands_fast_equals_full_and_take_the_fast_path(first, count, game):
    hands = _legal_hands(first, count, game)
    taken = 0
    disagreements = []
    for h in hands:
        assert_same(h.session, f"generate_hand({h.seed}, game={game!r})")
        t, _, bad = fast_taken(h.session)
        taken += t
        disagreements += [f"seed {h.seed}: {b}" for b in bad]
    share = taken / len(hands)
    print(f"\nfast path taken by {taken}/{len(hands)} generated legal hands "
          f"(seeds {first}..{first + count - 1}, game={game}): {share:.1%}")
    assert disagreements == []
    assert share >= 0.95, f"only {share:.1%} of legal hands took the fast path"


def test_check_itself_takes_the_fast_path():
    """``replay_session`` (as ``check`` calls it) judges regular hands with the fast path
    (the hand's item carries no HandReplay), and ``fast=False`` never does."""
    hands = _legal_hands(0, 1000, None)[:100]
    slow = [item for h in hands for item in replay_session(h.session, fast=False)]
    assert slow and all(item.replay is not None for item in slow), "fast=False used the fast path"
    quick = [item for h in hands for item in replay_session(h.session)]
    assert len(quick) == len(slow)
    assert sum(item.replay is None for item in quick) >= 0.95 * len(quick)
    assert [item.result for item in quick] == [item.result for item in slow]


# ---------------------------------------------------------------------------------------
# 3. every corruption kind over fixed seeds

@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_corrupted_hands_fast_equals_full(kind):
    hands = _legal_hands(0, 1000, None)[:300]
    made = 0
    for h in hands:
        out = corrupt(h, kind, random.Random(h.seed * 7 + 1))
        if out is None:
            continue
        session, what = out
        made += 1
        assert_same(session, f"generate_hand({h.seed}) corrupted: {what}")
        _, _, bad = fast_taken(session)
        assert bad == [], f"seed {h.seed}, {what}: {bad}"
    assert made >= 100


# ---------------------------------------------------------------------------------------
# 4. hypothesis (derandomized)

@HYPOTHESIS
@given(hands_strategy())
def test_hypothesis_legal_hand_fast_equals_full(hand):
    assert_same(hand.session, f"generate_hand({hand.seed})")


@HYPOTHESIS
@given(kind=st.sampled_from(CORRUPTIONS), seed=st.integers(0, 2**32 - 1),
       pick=st.integers(0, 2**32 - 1))
def test_hypothesis_single_corruption_fast_equals_full(kind, seed, pick):
    out = corrupt(generate_hand(seed), kind, random.Random(pick))
    if out is not None:
        assert_same(out[0], f"generate_hand({seed}) {kind} (pick {pick}): {out[1]}")


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_hypothesis_random_walk_fast_equals_full(seed):
    assert_same(walk_session(seed), f"walk_session({seed})")


# ---------------------------------------------------------------------------------------
# 5. a random walk through the house games, driven by the full state machine

HOUSE = ("jackpots", "pocker", "clasico", "internacional")


def _house_rules(rng: random.Random, preset: str) -> dict:
    rules: dict = {"preset": preset, "ante": rng.choice((1, 2, 5, 10))}
    ante = rules["ante"]
    betting = rng.choice({"jackpots": ("fixed_limit",) * 3 + ("pot_limit", "no_limit"),
                          "pocker": ("no_limit", "no_limit", "pot_limit", "fixed_limit"),
                          "clasico": ("fixed_limit", "fixed_limit", "pot_limit", "no_limit"),
                          "internacional": ("fixed_limit", "pot_limit", "no_limit")}[preset])
    rules["betting"] = betting
    unit = 2 * ante
    if betting == "fixed_limit":
        rules.update(small_bet=unit, big_bet=2 * unit)
        if rng.random() < 0.2:
            rules["raise_cap"] = rng.choice((2, 4))
    else:
        rules["min_bet"] = unit
    if preset == "pocker" and rng.random() < 0.25:
        rules.update(rng.choice(({"jokers": 2}, {"joker": "bug"}, {"jokers": 0})))
    if preset == "jackpots" and rng.random() < 0.3:
        rules["opener_ladder"] = ["J", "Q", "K", "A"]
    if preset in ("jackpots", "basico") and rng.random() < 0.15:
        rules["checkdown"] = "carry"
    if rng.random() < 0.25:  # house variations of the override keys (CONTRACT.md 3)
        extra = rng.choice(({"draws": 2}, {"draws": 3}, {"deal_last_card": True},
                            {"direction": "counterclockwise" if preset != "pocker" else "clockwise"},
                            {"max_draw": 3}, {"lowest_rank": "7"}, {"suit_order": "shdc"},
                            {"flush_beats_full": True}, {"opening": "Q"}, {"opening": None}))
        rules.update(extra)
    return rules


class _Dealer:
    """The physical cards of one hand: the shuffled deck, each seat's hand, the stub, the
    discards (served again only once the stub is out, reshuffled; RRoP "Draw poker")."""

    def __init__(self, rng: random.Random, deck: tuple[str, ...], order: list[int],
                 deal_last_card: bool):
        self.rng = rng
        cards = list(deck)
        rng.shuffle(cards)
        self.hands = {s: [cards.pop() for _ in range(5)] for s in order}
        self.stub = cards
        self.reserve = 0 if deal_last_card else 1
        self.pool: list[str] = []  # discards of seats already served

    def can_serve(self) -> int:
        """How many cards can be served now: the stub less the kept-back last card, or,
        once that is not enough, the whole stub and the others' discards reshuffled."""
        return max(len(self.stub) - self.reserve, len(self.stub) + len(self.pool))

    def draw(self, seat: int, discards: list[str]) -> list[str]:
        hand = self.hands[seat]
        for c in discards:
            hand.remove(c)
        k = len(discards)
        take = min(k, max(0, len(self.stub) - self.reserve))
        served = [self.stub.pop() for _ in range(take)]
        rest = k - take
        if rest:  # the stub is out: the others' discards and the last card, shuffled
            pool = self.pool + self.stub
            self.stub = []
            self.rng.shuffle(pool)
            served += pool[:rest]
            self.pool = pool[rest:]
        hand.extend(served)
        self.pool.extend(discards)
        return served


def _start_of_last_hand(session: dict):
    last = None
    for item in _full_items(session):
        last = item
    return last.start


def _last_stacks(session: dict) -> dict[int, int]:
    last = None
    for item in _full_items(session):
        last = item
    return dict(last.result.stacks)


def _amount(rng: random.Random, lo: int, hi: int) -> int:
    if hi <= lo:
        return lo
    r = rng.random()
    if r < 0.35:
        return lo
    if r < 0.45:
        return hi
    return rng.randint(lo, min(hi, max(lo + 1, 3 * lo)))


def _meets(cards, replay: HandReplay) -> bool:
    return meets_opening(cards, replay.opening, replay.rules, replay.n)


def _keep_openers(rng: random.Random, cards: list[str], k: int, replay: HandReplay) -> list[str]:
    """``k`` random discards that keep the opener's openers (fewer when none does)."""
    for want in range(k, -1, -1):
        for _ in range(12):
            discards = rng.sample(cards, want)
            if _meets([c for c in cards if c not in discards], replay):
                return discards
    return []


def _play_hand(rng: random.Random, session: dict, noise: float, stats: dict) -> None:
    """Play the last hand of ``session`` (appending to its ``actions``) until the full
    machine says it is over, then push the pot."""
    hand = session["hands"][-1]
    actions: list[str] = hand["actions"]
    start = _start_of_last_hand(session)
    replay = HandReplay(start, actions).run()
    order = list(replay.order)
    if len(order) < 2:
        return
    mode = rng.choice(("cards", "cards", "counts", "none"))  # how the deal is logged
    rules = replay.rules
    dealer = _Dealer(rng, rules.deck(len(order)), order, rules.deal_last_card)
    dealt = False
    served_logged = rng.random() < 0.7
    opener_showed = False
    for _ in range(200):
        replay = HandReplay(start, actions).run()
        phase, due, legal = replay.phase, replay.due(), replay.legal()
        if phase == "complete" or due is None:
            break
        verbs = {l["verb"]: l for l in legal}
        if "ante" in verbs:
            if rng.random() < noise * 0.15:  # a wrong ante
                actions.append(f"p{due} ante {verbs['ante']['min'] + 1}")
                continue
            actions.append(f"p{due} ante {verbs['ante']['min']}")
            continue
        if "blind" in verbs and not dealt and not replay.blinds and rng.random() < 0.3:
            # (heads-up the button posts the blind: legal() offers it to the seat due)
            small = replay._expected_blind_seats()[0]
            if small is None or rng.random() < noise:
                small = due
            actions.append(f"p{small} blind {verbs['blind']['min']}")
            if rng.random() < 0.4:  # the double blind by the next seat
                nxt = order[(order.index(small) + 1) % len(order)]
                size = 2 * verbs["blind"]["min"]
                if rng.random() < noise:
                    size += 1
                actions.append(f"p{nxt} straddle {size}")
            continue
        if not dealt:
            dealt = True
            if mode != "none":
                for s in order:
                    what = "".join(dealer.hands[s]) if mode == "cards" else "5"
                    actions.append(f"d deal p{s} {what}")
            if rng.random() < noise * 0.1:
                actions.append("d misdeal")
                stats["misdeal"] = stats.get("misdeal", 0) + 1
                break
            continue
        if rng.random() < noise * 0.05:
            actions.append(rng.choice(("p11 dance", "d note the floor was called",
                                       f"p{due} sing 3", f"p{due} ante -5")))
            continue
        seat = due
        if rng.random() < noise * 0.2 and len(replay._contesting()) > 2:
            seat = rng.choice([s for s in order if s != due])  # out of turn
            stats["out_of_turn"] = stats.get("out_of_turn", 0) + 1
        cards = dealer.hands[seat]
        if phase == "draw":
            if seat == replay.opener and "split" in verbs and rng.random() < 0.1:
                actions.append(f"p{seat} split")
            k = min(rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5)), verbs.get("draw", {"max": 5})["max"]
                    or 0)
            if rng.random() < noise * 0.1:
                k = 5  # over the draw limit where it is 4
            k = min(k, dealer.can_serve(), 5)
            if seat == replay.opener and replay.opening is not None and rng.random() > noise:
                discards = _keep_openers(rng, cards, k, replay)
            else:
                discards = rng.sample(cards, k)
            k = len(discards)
            known = mode == "cards" or (mode == "counts" and rng.random() < 0.3)
            actions.append(f"p{seat} draw {k}" + (f" {''.join(discards)}" if known and k else ""))
            served = dealer.draw(seat, discards)
            if k and served_logged:
                actions.append(f"d serve p{seat} " + ("".join(served) if known else str(k)))
            continue
        if phase == "showdown":
            if rng.random() < 0.08 and len(replay._contesting()) > 1:
                actions.append(f"p{seat} muck")
            else:
                actions.append(f"p{seat} show {''.join(cards)}")
                if seat == replay.opener:
                    opener_showed = True
            continue
        # a betting round (predeal once the forced chips are in, predraw, postdraw)
        if phase == "predeal" and seat == due and replay.stacks[seat] == 0:
            # due() names the first speaker even when the ante put it all in; the betting
            # then starts with the next seat that has chips
            able = [s for s in order[order.index(seat):] + order if replay.stacks[s] > 0
                    and s not in replay.folded]
            if not able:
                break
            seat = able[0]
            cards = dealer.hands[seat]
            legal = replay._bet_options(seat)
        options = {l["verb"]: l for l in (legal if seat == due else replay._bet_options(seat))}
        if "open" in options and replay.opening is not None:
            if not _meets(cards, replay) and rng.random() > noise * 0.3:
                del options["open"]  # no openers: only a false opener opens
                options.pop("allin", None)
        weights = {"check": 5, "call": 5, "fold": 2, "open": 4, "bet": 3, "raise": 2,
                   "allin": 0.4}
        if "check" in options:
            weights["fold"] = 0.2
        choice = [v for v in options if v in weights]
        if not choice:
            break
        verb = rng.choices(choice, weights=[weights[v] for v in choice])[0]
        opt = options[verb]
        if verb in ("check", "fold", "allin"):
            line = f"p{seat} {verb}"
        elif verb == "call":
            r = rng.random()
            if r < noise * 0.05:
                line = f"p{seat} check"  # a check facing a bet
            elif r < noise * 0.15:
                line = f"p{seat} call {opt['min'] + rng.choice((-1, 1, 5))}"
            elif r < 0.5:
                line = f"p{seat} call {opt['min']}"
            else:
                line = f"p{seat} call"
        else:
            amount = _amount(rng, opt["min"], opt["max"])
            if verb in ("bet", "open") and replay.high:
                # the blind's option: legal() offers a "bet" from the minimum bet, but the
                # blind is already in: a raise over it
                verb = "raise"
                if replay.rules.betting == "fixed_limit":
                    inc = replay._bet_size()
                elif replay.phase == "predeal":
                    inc = max(replay._min_bet(), replay.high)
                else:
                    inc = max(replay.last_raise, replay._min_bet())
                amount = min(max(amount, replay.high + inc),
                             replay.bets[seat] + replay.stacks[seat])
            if rng.random() < noise * 0.1:
                amount += rng.choice((-1, 1))
            if amount >= replay.bets[seat] + replay.stacks[seat] and rng.random() < 0.4:
                line = f"p{seat} allin"
            else:
                line = f"p{seat} {verb} {amount}"
        actions.append(line)
    replay = HandReplay(start, actions).run()
    result = replay.finish()
    opener = replay.opener
    if (result.outcome in ("uncontested", "carried") and opener is not None
            and replay.opening is not None and not opener_showed and opener in dealer.hands
            and rng.random() >= noise and replay.winner == opener):
        actions.append(f"p{opener} show {''.join(dealer.hands[opener])}")  # proving openers
        result = HandReplay(start, actions).run().finish()
    awards = result.awards
    if not awards or not any(awards.values()):
        return
    lines = [(s, c) for s, c in sorted(awards.items()) if c]
    r = rng.random()
    if r < noise * 0.3:
        stats["wrong_award"] = stats.get("wrong_award", 0) + 1
        s, c = lines[0]
        others = [x for x in order if x != s]
        choice = rng.randrange(3)
        if choice == 0:
            lines[0] = (rng.choice(others), c)
        elif choice == 1:
            lines[0] = (s, c + rng.choice((-1, 1, 10)))
        else:
            lines = lines[1:]
    for s, c in lines:
        actions.append(f"d award p{s} {c}")


def walk_session(seed: int) -> dict:
    """One random-walk session of a house game (deterministic in ``seed``)."""
    rng = random.Random(seed)
    preset = HOUSE[seed % len(HOUSE)] if rng.random() < 0.8 else rng.choice(HOUSE)
    rules = _house_rules(rng, preset)
    n = rng.randint(2, 6)
    seats = sorted(rng.sample(range(1, 11), n))
    ante = rules["ante"]
    stacks = {s: rng.choice((rng.randint(3 * ante, 15 * ante), rng.randint(20 * ante, 120 * ante)))
              for s in seats}
    session = {"format": "tapete/1", "rules": rules,
               "players": [{"seat": s, "name": f"P{s}", "stack": c} for s, c in stacks.items()],
               "hands": []}
    noise = 0.0 if rng.random() < 0.6 else rng.choice((0.05, 0.15, 0.3))
    stats: dict = {}
    for number in range(rng.randint(2, 6)):
        hand: dict = {"actions": []}
        if number == 0 or rng.random() < 0.1:
            hand["button"] = rng.choice(seats)
        if number:
            carried = _last_stacks(session)
            broke = [s for s, c in carried.items() if c < ante]
            if broke and rng.random() < 0.7:
                hand["rebuys"] = {str(s): rng.randint(10, 60) * ante for s in broke}
            if rng.random() < 0.1:
                rebuys = hand.get("rebuys", {})
                hand["stacks"] = {str(s): c + rebuys.get(str(s), 0)
                                  + (1 if rng.random() < noise else 0) for s, c in carried.items()}
            if sum(1 for s, c in carried.items() if c > 0 or str(s) in hand.get("rebuys", {})) < 2:
                break
        session["hands"].append(hand)
        _play_hand(rng, session, noise, stats)
    session["note"] = f"walk_session({seed}), noise {noise}, {stats}"
    return session


WALK_SEEDS = range(300)


@lru_cache(maxsize=None)
def _walks() -> tuple:
    return tuple(walk_session(seed) for seed in WALK_SEEDS)


def test_random_walk_covers_the_house_games():
    """The walk is not vacuous: every house game, openers, passed-out deals and carried
    pots, the ladder climbing, showdowns, irregular hands and clean hands all occur."""
    walks = _walks()
    presets = {w["rules"]["preset"] for w in walks}
    assert presets == set(HOUSE)
    results = [full_check(w)["hands"] for w in walks]
    hands = [h for r in results for h in r]
    kinds = {f["kind"] for h in hands for f in h["findings"]}
    assert any(h["carried"] for h in hands)
    assert {h["next_opening"] for h in hands} >= {"J", "Q", "K"}
    assert "passed_out" in kinds and "out_of_turn" in kinds and "wrong_award" in kinds
    assert sum(not h["findings"] for h in hands) > len(hands) // 4
    assert sum(len(h["pots"]) > 1 for h in hands) > 0  # side pots
    assert sum(len(r) for r in results) / len(walks) >= 2.5


@pytest.mark.parametrize("part", range(3))
def test_random_walk_sessions_fast_equals_full(part):
    walks = _walks()[part::3]
    taken = total = clean_taken = clean_total = 0
    disagreements = []
    for w in walks:
        assert_same(w, w["note"])
        t, n, bad = fast_taken(w)
        taken += t
        total += n
        disagreements += [f"{w['note']}: {b}" for b in bad]
        # the share among the hands where the full machine found nothing
        from referee.fastpath import replay_regular

        clean = _clean(w)
        for item, ok in zip(_full_items(w), clean):
            if ok:
                clean_total += 1
                start = dataclasses.replace(item.start, stacks=dict(item.start.stacks))
                clean_taken += replay_regular(start, list(item.actions)) is not None
    print(f"\nrandom walk part {part}: fast path taken by {taken}/{total} hands "
          f"({taken / max(total, 1):.1%}); by {clean_taken}/{clean_total} hands without "
          f"findings ({clean_taken / max(clean_total, 1):.1%})")
    assert disagreements == []


# ---------------------------------------------------------------------------------------
# 6. random mutations of the walks: one or two lines changed anywhere (the fast path's
#    decisions to accept a line are what is attacked here)

_VERB_SWAPS = {"check": "call", "call": "check", "bet": "raise", "raise": "bet", "open": "bet",
               "fold": "muck", "muck": "fold", "show": "muck", "allin": "call"}


def _mutate_line(rng: random.Random, line, seats: list[int]):
    if not isinstance(line, str):
        return line
    words = line.split()
    r = rng.randrange(12)
    if r == 0 and len(words) > 2 and words[-1].isdigit():  # an amount nudged
        words[-1] = str(max(0, int(words[-1]) + rng.choice((-10, -2, -1, 1, 2, 10))))
    elif r == 1 and words[0] != "d" and len(words) > 1 and words[1] in _VERB_SWAPS:
        words[1] = _VERB_SWAPS[words[1]]
        if words[1] in ("check", "fold", "muck", "allin"):
            words = words[:2]
    elif r == 2:  # another seat
        target = 2 if words[0] == "d" and len(words) > 2 else 0
        if words[target].startswith("p"):
            words[target] = f"p{rng.choice(seats)}"
    elif r == 3:  # the same line in another spelling (the full parser may read it)
        return rng.choice((line.upper(), line.replace(" ", "  "), " " + line,
                           line.replace("p", "P", 1), line + " ", line.replace(" ", "\t", 1)))
    elif r == 4 and any(len(w) >= 10 and w[1] in "shdc" for w in words):  # a card changed
        k = next(j for j, w in enumerate(words) if len(w) >= 10 and w[1] in "shdc")
        cards = [words[k][c:c + 2] for c in range(0, len(words[k]), 2)]
        cards[rng.randrange(len(cards))] = rng.choice(("As", "2c", "Jk", "??", "7h", "Td", "1x"))
        if rng.random() < 0.2:
            cards = cards[:-1]
        words[k] = "".join(cards)
    elif r == 5 and len(words) > 2 and words[-1].isdigit():
        words[-1] = rng.choice(("-5", "0", "1.5", "x", "007", "+3"))
    elif r == 6:
        return rng.choice((5, None, ["p1", "check"], "", "p1", "d", "d award", "p1 draw",
                           "d deal p1", "p1 show", "d note"))
    elif r == 7 and words[0] != "d" and len(words) > 1 and words[1] == "call" and len(words) == 2:
        words.append(str(rng.choice((0, 1, 5, 20, 100))))
    elif r == 8 and words[0] != "d" and len(words) > 1 and words[1] == "draw" and len(words) > 2:
        words[2] = str(max(0, int(words[2]) + rng.choice((-1, 1)))) if words[2].isdigit() else "1"
    else:
        return line
    return " ".join(words)


def mutate(session: dict, rng: random.Random) -> dict:
    """A copy of ``session`` with one to three random changes: a line changed (amount,
    verb, seat, spelling, card, garbage), deleted, duplicated, moved, or a hand-level key
    changed (stacks, rebuys, button, awards_recorded)."""
    s = copy.deepcopy(session)
    seats = [p["seat"] for p in s["players"]] + [rng.randint(1, 10)]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        hands = [h for h in s["hands"] if h.get("actions")]
        if not hands:
            break
        hand = rng.choice(hands)
        actions = hand["actions"]
        j = rng.randrange(len(actions))
        r = rng.randrange(10)
        if r < 5:
            actions[j] = _mutate_line(rng, actions[j], seats)
        elif r == 5:
            del actions[j]
        elif r == 6:
            actions.insert(j, actions[j])
        elif r == 7 and len(actions) > 1:
            k = rng.randrange(len(actions))
            actions[j], actions[k] = actions[k], actions[j]
        elif r == 8:
            actions.insert(j, rng.choice(("d note x", "d misdeal", "p1 rebuy 50", "p2 split",
                                          f"d award p{rng.choice(seats)} 5",
                                          f"p{rng.choice(seats)} ante 1")))
        else:
            key = rng.choice(("stacks", "rebuys", "button", "awards_recorded"))
            hand[key] = rng.choice(({str(seats[0]): 5}, {"99": 1}, [1], seats[0], "x",
                                    False, None, {str(seats[0]): -3}))
    return s


MUTATION_SEEDS = range(400)


@pytest.mark.parametrize("part", range(2))
def test_mutated_walk_sessions_fast_equals_full(part):
    walks = _walks()
    taken = total = crashes = 0
    disagreements = []
    for seed in MUTATION_SEEDS[part::2]:
        rng = random.Random(10_000 + seed)
        session = mutate(walks[seed % len(walks)], rng)
        label = f"mutate(walk_session({seed % len(walks)}), Random({10_000 + seed}))"
        assert_same(session, label)
        try:
            t, n, bad = fast_taken(session)
        except referee.SessionError:
            continue
        except KeyError:  # the full machine crashes (test_seat_not_dealt_in_never_crashes)
            crashes += 1
            continue
        taken += t
        total += n
        disagreements += [f"{label}: {b}" for b in bad]
    print(f"\nmutated walks part {part}: fast path taken by {taken}/{total} hands "
          f"({crashes} sessions crash both paths)")
    assert disagreements == []


@pytest.mark.parametrize("actions", [["p1 ante 1", "p2 ante 1", "p1 check", "p3 check"],
                                     ["d serve p3 1"]])
def test_seat_not_dealt_in_never_crashes(actions):
    session = {"rules": {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
               "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100},
                           {"seat": 3, "stack": 0}],
               "hands": [{"button": 2, "actions": actions}]}
    for fast in (True, False):
        kinds = {f["kind"] for f in referee.check(session, fast=fast)["hands"][0]["findings"]}
        assert "not_in_hand" in kinds  # a seat with no chips is not dealt in (RRoP 3)


# ---------------------------------------------------------------------------------------
# 8. the pure-Python source of the fast path (what runs where mypyc did not compile it:
#    TAPETE_PURE_PYTHON=1, or no C compiler) agrees with the full machine too

def _pure_fastpath():
    """``referee/fastpath.py`` imported from its source file, whatever is installed."""
    import importlib.util
    import sys

    path = Path(referee.__file__).with_name("fastpath.py")
    spec = importlib.util.spec_from_file_location("referee._pure_fastpath_test", path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "referee"
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    assert module.__file__ == str(path)
    return module


def test_pure_python_fast_path_equals_full():
    pure = _pure_fastpath().replay_regular
    taken = total = 0
    bad: list[str] = []
    sessions = ([h.session for h in _legal_hands(0, 300, None)] + list(_walks()[:60])
                + [mutate(w, random.Random(i)) for i, w in enumerate(_walks()[60:120])])
    for session in sessions:
        t, n, b = fast_taken(session, pure)
        taken, total, bad = taken + t, total + n, bad + b
    assert bad == []
    assert taken >= 0.5 * total  # (it was asked, and answered, for most hands)


# ---------------------------------------------------------------------------------------
# what a fresh tester found (third session): each the session that showed it

BB_ANTE_AFTER_BLIND = {
    "rules": {"preset": "deuce_to_seven", "small_blind": 1, "big_blind": 2, "ante": 2,
              "big_blind_ante": True},
    "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}, {"seat": 3, "stack": 100}],
    "hands": [{"button": 3, "actions": ["p1 blind 1", "p2 straddle 2", "p2 ante 2", "p3 raise 6",
                                        "p1 fold", "p2 fold", "d award p3 11"]}]}


def test_a_big_blind_ante_after_the_blind_comes_from_what_is_left():
    """The big blind posts 2, then antes 2: 96 left (the fast path once took the ante from
    the stack the hand began with, making chips: 302 at the end)."""
    hand = fast_check(BB_ANTE_AFTER_BLIND)["hands"][0]
    assert hand["stacks"] == {"1": 99, "2": 96, "3": 105}
    assert sum(hand["stacks"].values()) == 300
    assert_same(BB_ANTE_AFTER_BLIND, "big blind's ante after the blind")


SERVE_AFTER_AWARD = {
    "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
    "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
    "hands": [{"button": 2, "actions": [
        "p1 ante 5", "p2 ante 5", "p1 open 10", "p2 call", "p1 draw 1", "p2 draw 2",
        "p1 check", "p2 check", "p1 show JsJd4c3h2s", "p2 show KsQd9c7h5s", "d award p1 30",
        "d serve p2 2"]}]}


@pytest.mark.parametrize("line", ["d serve p2 2", "d serve p1 1", "d serve p2 As2d"])
def test_cards_served_after_the_pot_was_pushed_are_flagged_by_both_paths(line):
    session = copy.deepcopy(SERVE_AFTER_AWARD)
    session["hands"][0]["actions"][-1] = line
    findings = fast_check(session)["hands"][0]["findings"]
    assert [(f["kind"], f["action"]) for f in findings if f["action"] == 11] \
        == [("wrong_card_count", 11)]
    assert_same(session, line)


@pytest.mark.parametrize("line", ["d deal p1 " + "9" * 5000, "d serve p1 " + "9" * 5000])
def test_a_card_count_python_cannot_convert_is_left_to_the_full_replay(line):
    """``int()`` refuses more than 4,300 digits: the fast path gives up on the line (the
    full replay calls it unreadable) instead of raising out of ``check``."""
    session = copy.deepcopy(SERVE_AFTER_AWARD)
    session["hands"][0]["actions"].insert(2, line)
    hand = fast_check(session)["hands"][0]
    assert any(f["kind"] in ("unreadable", "wrong_card_count") and f["action"] == 2
               for f in hand["findings"])
    assert_same(session, line[:20])
