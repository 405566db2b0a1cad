"""Random-walk sessions through the house games, for tests and the golden snapshot.

:func:`walk_session` plays a house game PokerKit does not play (``jackpots`` with openers,
passed-out deals and carried pots, ``pocker`` with the joker and the progressive ladder,
``clasico`` with the stripped deck and flush over full, ``internacional`` with the pot
blinds): 2-6 players, several hands per session, driven by the referee's own state machine
(:meth:`HandReplay.due` and :meth:`HandReplay.legal` say who may do what), real cards from
a shuffled deck logged in full, as counts only (``d deal p3 5``) or not at all, awards as
the rules give them; some sessions carry deliberate irregularities (actions out of turn,
wrong awards, false openers, wrong amounts, unreadable lines, misdeals).
:func:`mutate` changes one to three lines of a session anywhere.

Every random choice comes from a fixed seed. Test-only: nothing shipped imports this.
"""

from __future__ import annotations

import copy
import random

from referee.betting import options as bet_options
from referee.openers import meets_opening
from referee.replay import HandReplay
from referee.session import replay_session

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
    for item in replay_session(session):
        last = item
    return last.start


def _last_stacks(session: dict) -> dict[int, int]:
    last = None
    for item in replay_session(session):
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
    return meets_opening(cards, replay.state.opening, replay.state.rules, replay.state.n)


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
    order = list(replay.state.order)
    if len(order) < 2:
        return
    mode = rng.choice(("cards", "cards", "counts", "none"))  # how the deal is logged
    rules = replay.state.rules
    dealer = _Dealer(rng, rules.deck(len(order)), order, rules.deal_last_card)
    dealt = False
    served_logged = rng.random() < 0.7
    opener_showed = False
    for _ in range(200):
        replay = HandReplay(start, actions).run()
        phase, due, legal = replay.state.phase, replay.due(), replay.legal()
        if phase == "complete" or due is None:
            break
        verbs = {l["verb"]: l for l in legal}
        if "ante" in verbs:
            if rng.random() < noise * 0.15:  # a wrong ante
                actions.append(f"p{due} ante {verbs['ante']['min'] + 1}")
                continue
            actions.append(f"p{due} ante {verbs['ante']['min']}")
            continue
        if "blind" in verbs and not dealt and not replay.state.blinds and rng.random() < 0.3:
            # (heads-up the button posts the blind: legal() offers it to the seat due)
            small = replay.state.expected_blind_seats()[0]
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
        if rng.random() < noise * 0.2 and len(replay.state.contesting()) > 2:
            seat = rng.choice([s for s in order if s != due])  # out of turn
            stats["out_of_turn"] = stats.get("out_of_turn", 0) + 1
        cards = dealer.hands[seat]
        if phase == "draw":
            if seat == replay.state.opener and "split" in verbs and rng.random() < 0.1:
                actions.append(f"p{seat} split")
            k = min(rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5)), verbs.get("draw", {"max": 5})["max"]
                    or 0)
            if rng.random() < noise * 0.1:
                k = 5  # over the draw limit where it is 4
            k = min(k, dealer.can_serve(), 5)
            if seat == replay.state.opener and replay.state.opening is not None and rng.random() > noise:
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
            if rng.random() < 0.08 and len(replay.state.contesting()) > 1:
                actions.append(f"p{seat} muck")
            else:
                actions.append(f"p{seat} show {''.join(cards)}")
                if seat == replay.state.opener:
                    opener_showed = True
            continue
        # a betting round (predeal once the forced chips are in, predraw, postdraw)
        if phase == "predeal" and seat == due and replay.state.stacks[seat] == 0:
            # due() names the first speaker even when the ante put it all in; the betting
            # then starts with the next seat that has chips
            able = [s for s in order[order.index(seat):] + order if replay.state.stacks[s] > 0
                    and s not in replay.state.folded]
            if not able:
                break
            seat = able[0]
            cards = dealer.hands[seat]
            legal = bet_options(replay.state, seat)
        options = {l["verb"]: l for l in (legal if seat == due else bet_options(replay.state, seat))}
        if "open" in options and replay.state.opening is not None:
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
            if verb in ("bet", "open") and replay.state.high:
                # the blind's option: legal() offers a "bet" from the minimum bet, but the
                # blind is already in: a raise over it
                verb = "raise"
                if replay.state.rules.betting == "fixed_limit":
                    inc = replay.state.bet_size()
                elif replay.state.phase == "predeal":
                    inc = max(replay.state.min_bet(), replay.state.high)
                else:
                    inc = max(replay.state.last_raise, replay.state.min_bet())
                amount = min(max(amount, replay.state.high + inc),
                             replay.state.bets[seat] + replay.state.stacks[seat])
            if rng.random() < noise * 0.1:
                amount += rng.choice((-1, 1))
            if amount >= replay.state.bets[seat] + replay.state.stacks[seat] and rng.random() < 0.4:
                line = f"p{seat} allin"
            else:
                line = f"p{seat} {verb} {amount}"
        actions.append(line)
    replay = HandReplay(start, actions).run()
    result = replay.finish()
    opener = replay.state.opener
    if (result.outcome in ("uncontested", "carried") and opener is not None
            and replay.state.opening is not None and not opener_showed and opener in dealer.hands
            and rng.random() >= noise and replay.state.winner == opener):
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


