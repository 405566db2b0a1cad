"""The statistics of a generated club counted independently (issue 28): each figure counted
here from the session files, hand by hand from the referee's replay of each
(``referee.session.replay_session``) and the log's own lines, never from the stored rows;
then compared with what the store adds up (``night_stats`` of each closed night, the
all-time leaderboard). And a property: the chips each player netted by the statistics
equal the referee's chip net of the night (the stacks it ends with minus the chips
bought), over random house-game sessions (``tests/support/walkgen.py``)."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samples import NAMES, synthetic_session
from walkgen import walk_session

import store
from referee.session import first_carry, load, play_hand, replay_session
from store.core.checks import StoreError
from store.stats.figures import leaderboard, night_figures
from store.stats.hand_stats import sums_from_hands
from store.stats.night_stats import running_sums

VOLUNTARY = ("open", "bet", "call", "raise", "allin")


def count_session(session: dict) -> dict[str, Counter]:
    """Each player's figures over a session, counted from its lines and the referee's replay."""
    names = {p["seat"]: p["name"] for p in session["players"]}
    out: dict[str, Counter] = defaultdict(Counter)
    for item in replay_session(session):
        dealt = set(item.replay.state.order)
        lines = [a.split() for a in item.actions]
        first_draw = next((i for i, w in enumerate(lines) if len(w) > 1 and w[1] == "draw"), len(lines))
        awards = item.result.awards or {}
        for seat in dealt:
            mine = out[names[seat]]
            own = [(i, w) for i, w in enumerate(lines) if w[0] == f"p{seat}"]
            mine["hands"] += 1
            mine["vpip"] += any(i < first_draw and w[1] in VOLUNTARY for i, w in own)
            opened = any(w[1] == "open" for _, w in own)
            mine["opened"] += opened
            mine["raised"] += any(i < first_draw and w[1] == "raise" for i, w in own)
            for _, w in own:
                if w[1] == "draw":
                    mine["draws"] += 1
                    mine["cards_drawn"] += int(w[2])
                    mine["stood_pat"] += w[2] == "0"
            net = item.result.stacks[seat] - item.start.stacks[seat]
            mine["net_chips"] += net
            won = net > 0
            mine["pots_won"] += won
            mine["opened_won"] += opened and won
            at_showdown = seat in _at_showdown(lines, dealt)
            mine["showdowns"] += at_showdown
            mine["showdowns_won"] += at_showdown and won
            if won:
                mine["biggest_pot"] = max(mine["biggest_pot"], awards.get(seat, 0))
    return out


BETTING = ("open", "bet", "call", "raise", "check", "allin", "fold", "muck", "draw")


def _at_showdown(lines: list[list[str]], dealt: set[int]) -> set[int]:
    """The seats still in as the hand came to a showdown, from its lines: the showdown is
    the shows and mucks after the last betting or drawing line, reached when two or more
    dealt seats had neither folded nor mucked by then (those are the seats at it, whether
    they then showed or mucked: the page's "still in when the cards were shown")."""
    players = [(i, int(w[0][1:]), w[1]) for i, w in enumerate(lines) if len(w) > 1 and w[0][:1] == "p"]
    last = max((i for i, _, verb in players if verb in BETTING[:-2] or verb == "draw"), default=-1)
    if not any(i > last and verb in ("show", "muck") for i, _, verb in players):
        return set()
    out = {seat for seat in dealt
           if not any(i <= last and s == seat and verb in ("fold", "muck") for i, s, verb in players)}
    return out if len(out) >= 2 else set()


def _club(db, nights: int) -> dict[str, Counter]:
    counted: dict[str, Counter] = defaultdict(Counter)
    start = datetime(2026, 1, 9, 20, 0, tzinfo=UTC)
    for number in range(nights):
        rng = random.Random(number)
        session = synthetic_session(hands=25, players=rng.randint(3, 6), seed=100 + number)
        names = rng.sample(NAMES, len(session["players"]))
        for player, name in zip(session["players"], names):
            player["name"] = name
        night = store.import_session(db, session, started_at=start + timedelta(days=7 * number))
        store.close_night(db, night, entered_by="test")
        assert running_sums(db, night) == sums_from_hands(db, night)   # (each tap's difference added up)
        for name, figures in count_session(session).items():
            for key, value in figures.items():
                if key == "biggest_pot":
                    counted[name][key] = max(counted[name][key], value)
                else:
                    counted[name][key] += value
            counted[name]["nights"] += 1
    return counted


STORED = {"vpip": "vpip_n", "opened": "opened_n", "opened_won": "opened_won_n", "raised": "raised_n",
          "stood_pat": "stood_pat_n"}
"""Where the leaderboard keeps the counts behind its rates."""

FIGURES = ("nights", "hands", "opened", "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdowns",
           "showdowns_won", "pots_won", "biggest_pot", "net_chips")


@pytest.mark.slow
def test_a_generated_clubs_figures_are_the_ones_counted_from_its_session_files(db):
    counted = _club(db, 6)
    board = {row["name"]: row for row in leaderboard(db)["rows"]}
    assert set(board) == set(counted)
    for name, row in board.items():
        mine = {f: row[STORED.get(f, f)] for f in FIGURES + ("vpip",)}
        expected = {f: counted[name][f] for f in FIGURES + ("vpip",)}
        assert mine == expected, name
    assert sum(r["net_chips"] for r in board.values()) == sum(c["net_chips"] for c in counted.values())


def referee_nets(session: dict) -> dict[str, int]:
    """Each player's chip net by the referee: the stacks after the night (the table the
    last hand leaves) minus the chips bought (starting stacks, each hand's rebuys and
    ``rebuy`` lines), minus the chips a hand's stated stacks gave or took where they
    differ from the table the hand before left (``stack_mismatch``: the referee plays the
    stated stacks; no play won or lost them)."""
    table = load(session)
    carry = first_carry(table)
    bought = dict(table.stacks)
    for number, hand in enumerate(table.hands, start=1):
        for line in hand.get("actions", []):
            words = str(line).split()
            if len(words) == 3 and words[1] == "rebuy" and words[0][1:].isdigit() and words[2].isdigit():
                bought[int(words[0][1:])] = bought.get(int(words[0][1:]), 0) + int(words[2])
        before = dict(carry.stacks)
        item, carry = play_hand(table.rules, carry, hand, number)
        for seat, chips in item.start.stacks.items():
            bought[seat] = bought.get(seat, 0) + chips - before.get(seat, 0)  # (rebuys and stated stacks)
    return {table.players[seat]: carry.stacks.get(seat, 0) - chips for seat, chips in bought.items()}


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_the_statistics_chip_nets_are_the_referees_per_night(db, seed):
    session = walk_session(seed)
    try:
        night = store.import_session(db, session)
    except StoreError:
        return  # (a session the store refuses whole: nothing stored, nothing to count)
    figures = {row["name"]: row["net_chips"] for row in night_figures(db, night)}
    nets = referee_nets(session)
    assert {name: figures.get(name, 0) for name in nets} == nets
