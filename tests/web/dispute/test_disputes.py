"""Disputes end to end through the HTTP interface (issue 12): the night is played on the
host's forms and the dealer's taps, the player disputes on their private link, the host
reads the dispute, previews the ruling and commits it; the money, the record, the report
and the player's page follow.

The three hands are the worked cases of ``shared/cases`` (their ``.expect.json`` is the
referee's ruling, which the assertions are worked out from):

- ``false_opener``: seat 3 opens on a pair of tens; the pot was pushed to him. Seed 000:
  «Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el justificar
  la ley de apertura.»; RRoP section 11 (draw poker): a false opener's hand is dead, and
  the pot plays on when the pre-draw action was completed (the best other hand wins).
- ``out_of_turn_open``: seat 4 opens while seat 3 is still to speak; seat 3 then folds.
  TDA rule 53 (Action Out of Turn): "Action OOT is binding if the action to the OOT
  player has not changed." The dispute is rejected and nothing moves.
- ``six_cards_after_draw``: seat 4 is served three cards for two and keeps them. Seed 000:
  «Si por error le dieran más o menos de la cuenta, hará que rectifique el que las dio.
  En el caso contrario, no podrá tomar parte en la jugada por tener cartas de más o de
  menos, perdiendo todas las puestas.»; RRoP section 11: a hand with other than five
  cards is dead. The pot goes to the best live hand.
"""

from __future__ import annotations

import ast
import json
import re
import sqlite3
import time

import pytest
from dispute_helpers import (
    HttpNight,
    _commit,
    _dispute,
    _preview,
    load_case,
    pushed_stacks,
    read_form,
    recorded_awards,
    six_cards_closed_as_logged,
    text_of,
)
from hosts import login_host
from paths import ROOT
from pdfs import pdf_text

import store
from web.core.refusals import refusal_text

pytestmark = pytest.mark.usefixtures("shared")

CHIP_CENTS = 10


def _played(app, client, db, name: str, *, lang: str = "en"):
    """The case's night through HTTP, its hand played as logged, every player cashed out
    with the chips as the dealer pushed them. :returns: (night, case, expect, hand id,
    chips counted by name)."""
    case, expect = load_case(name)
    night = HttpNight(app, client, db, case, lang=lang)
    hand = case["hands"][0]
    hand_id = night.play_hand(hand["actions"], button=hand["button"])
    result = expect["hands"][0]
    table = pushed_stacks(result["stacks"], result["awards"], recorded_awards(hand["actions"]))
    counted = {night.seats[seat]: chips for seat, chips in table.items()}
    night.cash_out(counted)
    return night, case, expect, hand_id, counted


def _finding_rule(page: str, kind: str) -> str:
    """The rule a finding of the page quotes (as the ruling form offers it)."""
    item = re.search(rf'data-kind="{kind}">(.*?)</li>', page, re.S).group(1)
    return text_of(re.search(r'<small class="rule">(.*?)</small>', item, re.S).group(1)).split(": ", 1)[1]


def _rows(db) -> dict[str, int]:
    return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("events", "ledger", "disputes", "rulings")}


def _moves(page: str, list_id: str) -> dict[str, int]:
    """The chips moved by name, as a page lists them (``data-chips``)."""
    block = re.search(rf'id="{list_id}">(.*?)</(?:ul|p)>', page, re.S).group(1)
    return {text_of(name): int(chips) for chips, name in
            re.findall(r'data-chips="(-?\d+)">(.*?):', block)}


def _nets(db, night_id: int) -> dict[str, int]:
    return {r["name"]: r["net_cents"] for r in store.night_summary(db, night_id)["players"]}


def _transfers(db, night_id: int) -> set[tuple[str, str, int]]:
    return {(t["payer"], t["payee"], t["cents"]) for t in store.night_summary(db, night_id)["transfers"]}


# ---------------------------------------------------------------- 1. the false opener

@pytest.mark.slow
def test_a_false_opener_found_after_the_pot_was_pushed_moves_the_pot_on_a_closed_night(app, client, db):
    """Seed 000: «Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el
    justificar la ley de apertura.» The pot (75) was pushed to Bruno (seat 3, the false opener); the referee gives it to
    Chus (seat 4). The night was closed and settled; Chus disputes on her link; the host
    upholds. The ruling moves 75 chips from Bruno to Chus, reopens the night and closes it
    again: the nets and the transfers change, and both settlements are on the report."""
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener")
    night.close()
    before_nets, before_transfers = _nets(db, night.night), _transfers(db, night.night)
    assert before_nets == {name: (chips - 500) * CHIP_CENTS for name, chips in counted.items()}

    link = night.player_link("Chus")
    mine = _dispute(client, link, hand_id, "Bruno opened with a pair of tens: the pot is mine.")
    assert "open: the host will rule on it" in text_of(mine)
    [dispute] = store.night_disputes(db, night.night)   # the double tap stored one dispute
    assert dispute["player"] == "Chus" and dispute["hand_id"] == hand_id

    host_night = night.night_page("play")   # the disputes: on the play stage
    assert f'/host/dispute/{dispute["id"]}' in host_night
    assert "Bruno opened with a pair of tens" in text_of(host_night)

    page = client.get(f"/host/dispute/{dispute['id']}?lang=en").get_data(as_text=True)
    assert f'/host/night/{night.night}/hand/1' in page                    # the replay
    assert 'data-kind="unjustified_opening"' in page and 'data-kind="wrong_award"' in page
    rule = _finding_rule(page, "unjustified_opening")

    rows = _rows(db)
    preview = _preview(client, dispute["id"], decision="upheld", rule=rule, note="Bruno had no openers.")
    assert _rows(db) == rows                                               # the preview wrote nothing
    awards, pushed = expect["hands"][0]["awards"], recorded_awards(case["hands"][0]["actions"])
    expected_moves = {night.seats[s]: awards.get(s, 0) - pushed.get(s, 0)
                      for s in set(awards) | set(pushed) if awards.get(s, 0) != pushed.get(s, 0)}
    assert expected_moves == {"Chus": 75, "Bruno": -75}
    assert _moves(preview, "preview-moves") == expected_moves
    assert 'id="preview-reopens"' in preview and "closes it again" in text_of(preview)

    ruled = _commit(client, preview)
    assert _moves(ruled, "ruling-moves") == expected_moves
    assert "The night was reopened and closed again" in text_of(ruled)

    # the money: the nets follow the referee's stacks; the bank still balances
    after_nets = _nets(db, night.night)
    assert after_nets == {night.seats[s]: (chips - 500) * CHIP_CENTS for s, chips in expect["hands"][0]["stacks"].items()}
    assert after_nets != before_nets and sum(after_nets.values()) == 0
    after_transfers = _transfers(db, night.night)
    assert after_transfers != before_transfers
    assert store.get_night(db, night.night)["closed"]
    settlements = store.night_settlements(db, night.night)
    assert [s["voided"] for s in settlements] == [True, False]
    assert {(t["payer"], t["payee"], t["cents"]) for t in settlements[0]["transfers"]} == before_transfers

    # the report (HTML and PDF): the dispute, the ruling, the moves, both settlements
    report = text_of(client.get(f"/reports/nights/{night.night}?lang=en").get_data(as_text=True))
    pdf = re.sub(r"\s+", " ", pdf_text(client.get(f"/reports/nights/{night.night}.pdf?lang=en").data))
    for text in (report, pdf):
        assert "Bruno opened with a pair of tens" in text
        assert "Ruling: upheld" in text and "aceptada" not in text and "Bruno had no openers." in text
        assert "Chus +75" in text and "Bruno \u221275" in text
        assert "Earlier settlements" in text
    for payer, payee, cents in before_transfers | after_transfers:
        assert f"{payer} {payee} €{cents // 100}.{cents % 100:02d}" in report

    # the player sees the ruling on their link
    mine = client.get(f"{link}/hand/{hand_id}/dispute?lang=en").get_data(as_text=True)
    assert 'data-decision="upheld"' in mine and _moves(mine, f"moves-{dispute['id']}") == expected_moves
    ledger = client.get(f"{link}?lang=en").get_data(as_text=True)
    assert 'data-status="upheld"' in ledger and "+75" in text_of(ledger)


# ---------------------------------------------------------------- 2. out of turn, binding

@pytest.mark.slow
def test_an_out_of_turn_bet_ruled_binding_moves_nothing_and_is_on_the_record(app, client, db):
    """TDA rule 53: "Action OOT is binding if the action to the OOT player has not
    changed." Chus opened before Bruno spoke; Bruno then folded. Bruno disputes; the
    host rejects the dispute on that rule: no chip moves, no event or ledger row is
    written, the ruling is on the record, the report and Bruno's link."""
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open")
    link = night.player_link("Bruno")
    _dispute(client, link, hand_id, "Chus opened before I spoke.")
    [dispute] = store.night_disputes(db, night.night)

    page = client.get(f"/host/dispute/{dispute['id']}?lang=en").get_data(as_text=True)
    rule = _finding_rule(page, "out_of_turn")
    assert "53" in rule                                                    # the TDA rule, quoted
    nets = _nets(db, night.night)
    rows = _rows(db)
    preview = _preview(client, dispute["id"], decision="rejected", rule=rule,
                       note="Binding: the action to Bruno had not changed.")
    assert _moves(preview, "preview-moves") == {} and "No chips move." in text_of(preview)
    ruled = _commit(client, preview)
    assert 'data-decision="rejected"' in ruled and rule in text_of(ruled)
    assert _rows(db) == {**rows, "rulings": rows["rulings"] + 1}           # only the ruling
    assert _nets(db, night.night) == nets
    assert store.ruling_moves(db, night.night) in ({}, {p: 0 for p in night.ids.values()})
    assert store.get_dispute(db, dispute["id"])["status"] == "rejected"

    night.close()                                   # nothing open: no override needed
    report = text_of(client.get(f"/reports/nights/{night.night}?lang=en").get_data(as_text=True))
    assert "Chus opened before I spoke." in report
    assert "Ruling: rejected" in report and "rechazada" not in report and rule in report
    assert "Chips moved: none" in report
    ledger = text_of(client.get(f"{link}?lang=en").get_data(as_text=True))
    assert "rejected" in ledger


# ---------------------------------------------------------------- 3. six cards

@pytest.mark.slow
def test_a_six_card_hand_found_at_showdown_is_dead_and_the_pot_goes_to_the_best_live_hand(app, client, db):
    """Seed 000: «... no podrá tomar parte en la jugada por tener cartas de más o de menos,
    perdiendo todas las puestas.» (RRoP section 11: a hand with other than five cards is
    dead). The dealer did
    not log that Chus was served three cards for two; at the showdown her six cards are
    found and Ana disputes. The host corrects the log (the serve added where it happened)
    and upholds: the corrected hand is judged as the worked case (Chus's hand dead, the
    pot to Ana's), the earlier events stay as they were (voids and new events appended),
    and the 75 chips pushed to Chus move to Ana."""
    case, expect = load_case("six_cards_after_draw")
    logged = [a for a in case["hands"][0]["actions"] if a != "d serve p4 3"]
    night = HttpNight(app, client, db, case)
    hand_id = night.play_hand(logged, button=case["hands"][0]["button"])
    assert store.hand_check(db, hand_id)["awards"] == {"4": 75}           # as logged: Chus wins
    link = night.player_link("Ana")
    _dispute(client, link, hand_id, "Chus kept three cards for two: she had six.")
    [dispute] = store.night_disputes(db, night.night)

    events_before = db.execute("SELECT * FROM events ORDER BY id").fetchall()
    preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000: a hand of six cards is dead.",
                       actions=case["hands"][0]["actions"], mode="money")   # (the chips stay: the ledger moves)
    assert 'data-hand="1" data-changed="1"' in preview
    after = re.search(r'data-hand="1".*?</tr>', preview, re.S).group(0)
    assert 'data-kind="wrong_card_count"' in after
    assert _moves(preview, "preview-moves") == {"Ana": 75, "Chus": -75}
    ruled = _commit(client, preview)
    assert _moves(ruled, "ruling-moves") == {"Ana": 75, "Chus": -75}

    result = store.hand_check(db, hand_id)
    assert result["awards"] == expect["hands"][0]["awards"]
    assert [(f["kind"], f["action"]) for f in result["findings"]] == \
        [(f["kind"], f["action"]) for f in expect["hands"][0]["findings"]]
    live = [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]
    assert live == case["hands"][0]["actions"]
    events_after = db.execute("SELECT * FROM events ORDER BY id").fetchall()
    assert events_after[:len(events_before)] == events_before              # nothing updated or deleted
    assert len(events_after) > len(events_before)

    # the chips on the table followed the push; the ruling's moves bring the nets to the referee's
    table = pushed_stacks({"1": 465, "3": 495, "4": 540}, {"4": 75}, {"4": 75})
    night.cash_out({night.seats[s]: c for s, c in table.items()})
    night.close()
    assert _nets(db, night.night) == {night.seats[s]: (c - 500) * CHIP_CENTS
                                      for s, c in expect["hands"][0]["stacks"].items()}
    assert store.money.counts.count_findings(db, night.night) == []              # counts + moves agree


# ---------------------------------------------------------------- refusals and the rest

@pytest.mark.slow
def test_a_refused_statement_is_said_in_the_pages_language_and_nothing_is_written(app, client, db):
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open")
    link = night.player_link("Bruno")
    path = f"{link}/hand/{hand_id}/dispute"
    rows = _rows(db)
    for lang, empty, long in (("es", "la reclamación está vacía", "como mucho 1000"),
                              ("en", "the statement is empty", "at most 1000")):
        answer = client.post(f"{path}?lang={lang}", data={"statement": "   ", "key": f"empty-{lang}-0001"})
        assert answer.status_code == 400 and empty in text_of(answer.get_data(as_text=True))
        answer = client.post(f"{path}?lang={lang}", data={"statement": "x" * (store.MAX_STATEMENT + 1),
                                                          "key": f"long-{lang}-0001"})
        page = text_of(answer.get_data(as_text=True))
        assert answer.status_code == 400 and long in page and "1001" in page
    assert _rows(db) == rows
    client.post(path, data={"statement": "first", "key": "first-0001"})
    answer = client.post(f"{path}?lang=en", data={"statement": "again", "key": "again-0001"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400 and 'id="dispute-form"' not in page
    assert "You already have an open dispute on this hand" in text_of(page)
    assert len(store.night_disputes(db, night.night)) == 1


@pytest.mark.slow
def test_closing_is_refused_while_a_dispute_is_open_unless_a_reason_is_given(app, client, db):
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open", lang="es")
    _dispute(client, night.player_link("Bruno"), hand_id, "Chus opened before I spoke.")
    page = text_of(night.night_page())
    assert "Bruno (mano 1)" in page                                       # the close form names it
    answer = client.post(f"/host/night/{night.night}/close?lang=es", data={"confirm": "1", "key": "close-no-reason"})
    assert answer.status_code == 400                                      # the close form again, the refusal beside it
    assert "1 reclamación abierta (mano 1)" in text_of(answer.get_data(as_text=True))
    assert not store.get_night(db, night.night)["closed"]
    client.post(f"/host/night/{night.night}/close",
                data={"confirm": "1", "key": "close-reason", "override_reason": "Bruno left; ruled on Monday"})
    closed = store.get_night(db, night.night)
    assert closed["closed"] and closed["close"]["detail"]["override_reason"] == "Bruno left; ruled on Monday"


@pytest.mark.slow
def test_a_commit_after_the_night_changed_is_refused_and_shows_the_new_preview(app, client, db):
    """The commit carries the preview's digest: a write between the preview and the commit
    (here a recount) changes what the ruling would do to the nets, so nothing is written
    and the host is shown the new preview (HTTP 409)."""
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener")
    _dispute(client, night.player_link("Chus"), hand_id, "Not his pot.")
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000: openers must be shown.")
    night.post(f"/host/night/{night.night}/recount", {"player_id": str(night.ids["Ana"]), "chips": "494"})
    rows = _rows(db)
    form = read_form(preview, "commit-form")
    answer = client.post(form.action + "?lang=en", data=form.fields)
    assert answer.status_code == 409
    assert _rows(db) == rows
    page = answer.get_data(as_text=True)
    assert "The night changed since the preview" in text_of(page)
    assert read_form(page, "commit-form").fields["digest"] != form.fields["digest"]   # the new preview
    assert store.get_dispute(db, dispute["id"])["status"] == "open"


@pytest.mark.slow
def test_the_same_commit_sent_twice_stores_one_ruling(app, client, db):
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener")
    _dispute(client, night.player_link("Chus"), hand_id, "Not his pot.")
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000: openers must be shown.")
    form = read_form(preview, "commit-form")
    for _ in range(2):
        assert client.post(form.action, data=form.fields).status_code == 302
    assert _rows(db)["rulings"] == 1
    assert store.ruling_moves(db, night.night) == {night.ids["Chus"]: 75, night.ids["Bruno"]: -75}


@pytest.mark.slow
def test_the_preview_is_read_while_another_writer_holds_the_lock(app, client, db):
    """The preview takes no write lock: with another connection inside BEGIN IMMEDIATE it
    still answers, well inside the busy timeout."""
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener")
    _dispute(client, night.player_link("Chus"), hand_id, "Not his pot.")
    [dispute] = store.night_disputes(db, night.night)
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO players (name, name_key, created_at) VALUES ('x', 'x', 'now')")
    try:
        started = time.monotonic()
        preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000.")
        assert time.monotonic() - started < 4.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert _moves(preview, "preview-moves") == {"Chus": 75, "Bruno": -75}


@pytest.mark.slow
def test_the_tablet_counts_the_open_disputes_and_play_goes_on(app, client, db):
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open")
    assert client.get(night.dealer + "/state").get_json()["open_disputes"] == 0
    _dispute(client, night.player_link("Bruno"), hand_id, "Chus opened before I spoke.")
    assert client.get(night.dealer + "/state").get_json()["open_disputes"] == 1
    view = night.tap({"op": "start_hand"})                                 # not blocked
    assert view["open_disputes"] == 1 and view["in_progress"]
    page = client.get(night.dealer + "/?lang=es").get_data(as_text=True)
    strings = json.loads(re.search(r'<script id="strings" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert 'id="dispute-banner"' in page
    assert strings["disputes_open"] == ["%(n)s reclamación abierta: el anfitrión la resolverá. El juego sigue.",
                                        "%(n)s reclamaciones abiertas: el anfitrión las resolverá. El juego sigue."]
    initial = json.loads(re.search(r'<script id="initial-state" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert initial["open_disputes"] == 1


@pytest.mark.slow
def test_the_ruling_pages_speak_spanish(app, client, db):
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener", lang="es")
    link = night.player_link("Chus")
    ledger = text_of(client.get(f"{link}?lang=es").get_data(as_text=True))
    assert "Reclamar esta mano" in ledger
    _dispute(client, link, hand_id, "No era su bote.", lang="es")
    [dispute] = store.night_disputes(db, night.night)
    page = text_of(client.get(f"/host/dispute/{dispute['id']}?lang=es").get_data(as_text=True))
    assert "Vista previa" in page and "Regla" in page


def _coded_refusals(path: str, functions: tuple[str, ...] | None = None) -> list[tuple[str, list[str]]]:
    """``(code, param names)`` of every ``StoreError(code, **params)`` raised in a
    store module (only inside ``functions`` when given), read from its source."""
    tree = ast.parse((ROOT / path).read_text())
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in functions] \
        if functions else [tree]
    found = []
    for scope in scopes:
        for node in ast.walk(scope):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "StoreError"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.append((node.args[0].value, [k.arg for k in node.keywords]))
    return found


REFUSALS = (_coded_refusals("store/dispute/disputes.py") + _coded_refusals("store/dispute/rulings.py")
            + _coded_refusals("store/hand/events.py", ("correction_texts", "correct_hand", "_readable"))
            + [(code, params) for code, params in _coded_refusals("store/money/ledger.py") if code == "dispute_open"])


def test_the_refusals_are_read_from_the_store():
    codes = {code for code, _ in REFUSALS}
    assert {"statement_empty", "statement_too_long", "not_dealt_in", "dispute_open", "already_ruled",
            "rule_empty", "awards_unknown", "pushes_unbalanced", "action_empty"} <= codes


@pytest.mark.parametrize("code, params", REFUSALS, ids=[f"{c}-{'-'.join(p)}" for c, p in REFUSALS])
def test_every_refusal_of_the_disputes_api_is_said_in_spanish_and_in_english(app, code, params):
    """Every code the disputes and rulings API (and the close it guards) can refuse with is
    said by the pages in the page's language, never as the store's own text (its code and
    params)."""
    error = store.StoreError(code, **{name: ([3, 5] if name == "hands" else 3) for name in params})
    said = {}
    for lang in ("es", "en"):
        with app.test_request_context(f"/?lang={lang}"):
            said[lang] = refusal_text(error)
    assert str(error) not in said.values() and all(code not in s for s in said.values())
    assert said["es"] != said["en"]


@pytest.mark.slow
def test_the_preview_shows_each_later_hand_the_correction_changes(app, client, db):
    """A correction of hand 1 is judged with every later hand (each starts from the stacks
    the one before leaves). Hand 2 starts from other stacks but nothing in it changes (the
    same pot, the same winner, the same findings): the preview lists it as unchanged
    (its stacks only follow hand 1's)."""
    case, expect = load_case("six_cards_after_draw")
    logged = [a for a in case["hands"][0]["actions"] if a != "d serve p4 3"]
    night = HttpNight(app, client, db, case)
    first = night.play_hand(logged, button=case["hands"][0]["button"])
    night.play_hand(["p3 ante 5", "p4 ante 5", "p1 ante 5", "p3 open 10", "p4 fold", "p1 fold",
                     "p3 show JsJd7c5h2s", "d award p3 25"])
    second_before = store.hand_check(db, store.night_hands(db, night.night)[1]["id"])
    _dispute(client, night.player_link("Ana"), first, "Chus had six cards.")
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000: six cards, a dead hand.",
                       actions=case["hands"][0]["actions"])
    rows = dict(re.findall(r'data-hand="(\d+)" data-changed="(\d)"', preview))
    assert rows == {"1": "1", "2": "0"}
    second = re.search(r'data-hand="2".*?</tr>', preview, re.S).group(0)
    assert "(unchanged)" in second and "Bruno 25" in text_of(second)
    ruled = _commit(client, preview)
    assert 'data-decision="upheld"' in ruled
    second_after = store.hand_check(db, store.night_hands(db, night.night)[1]["id"])
    assert second_after["stacks"] != second_before["stacks"]
    assert second_after["stacks"]["1"] - second_before["stacks"]["1"] == 75   # Ana's pot carried on


# ---------------------------------------------------------------- the pages after the tester's report

def _six_cards_ruled_on_a_closed_night(app, client, db, *, lang: str = "es"):
    """The six-card night as logged, counted and closed; Ana disputes; the host corrects the
    log (a void and new lines) and upholds: the ruling reopens the night and closes it
    again. :returns: (night, hand id, dispute id)."""
    night, hand_id, case = six_cards_closed_as_logged(app, client, db, lang=lang)
    _dispute(client, night.player_link("Ana"), hand_id, "Chus had six cards.", lang=lang)
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Seed 000: a hand of six cards is dead.",
                       actions=case["hands"][0]["actions"])
    _commit(client, preview)
    assert store.get_dispute(db, dispute["id"])["ruling"]["voided"]
    return night, hand_id, dispute["id"]


@pytest.mark.slow
def test_a_players_pages_never_show_cards_nobody_showed(app, client, db):
    """Issue 12: "Players see the replay of hands they played; cards nobody showed stay
    hidden from them." Bruno (seat 3) opened on a pair of tens and showed only the tens:
    his three other cards are on no other player's page (the ledger's findings, the
    dispute page with a ruling whose note names them), only on his own."""
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener", lang="es")
    link = night.player_link("Chus")
    _dispute(client, link, hand_id, "Bruno abrió sin ley.", lang="es")
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Semilla 000: justificar la apertura.",
                       note="Bruno recibió Ts Td 9c 5h 2s: sin ley.")
    _commit(client, preview)
    for name in ("Ana", "Chus"):
        mine = night.player_link(name)
        ledger = client.get(f"{mine}?lang=es").get_data(as_text=True)
        assert "apertura sin ley" in ledger and "recibió 10\u2660 10\u2666 ?? ?? ??" in ledger
        pages = [ledger]
        if name == "Chus":
            pages.append(client.get(f"{mine}/hand/{hand_id}/dispute?lang=es").get_data(as_text=True))
            assert "Bruno recibió Ts Td ?? ?? ??" in pages[-1]   # the host's note, as written
        for page in pages:  # (in the words read, not in the links' random tokens)
            assert not re.search(r"\b(9c|5h|2s)\b", text_of(page))
            assert not re.search("9\u2663|5\u2665|2\u2660", text_of(page))   # nor as drawn
    own = client.get(f"{night.player_link('Bruno')}?lang=es").get_data(as_text=True)
    assert "recibió 10\u2660 10\u2666 9\u2663 5\u2665 2\u2660" in own   # his own cards, as drawn


@pytest.mark.slow
def test_the_preview_is_a_post_that_takes_a_long_accented_note_and_a_long_correction(app, client, db):
    """The ruling form is sent as a POST (a long note or correction never travels in the
    URL: no 414), the preview writes nothing, and the commit carries exactly what was
    previewed. A note over the store's limit is refused by the preview, never cut."""
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open")
    _dispute(client, night.player_link("Bruno"), hand_id, "Chus opened before I spoke.")
    [dispute] = store.night_disputes(db, night.night)
    page = client.get(f"/host/dispute/{dispute['id']}?lang=en").get_data(as_text=True)
    form = read_form(page, "ruling-form")
    assert form.method == "post" and "?" not in form.action
    live = form.fields["actions"][0].split("\n")
    notes = [f"d note línea {i}: «ñandú» á é í ó ú" for i in range(600 - len(live))]
    note = ("Según la regla, el árbitro decidió: «ñandú» " * 60)[:1000]
    too_long = "ñ" * 2000
    refused = _preview(client, dispute["id"], decision="upheld", rule="TDA 53", note=too_long)
    assert 'id="commit-form"' not in refused
    assert "The rule or the note is too long: 2000 characters, at most 1000." in text_of(refused)
    assert too_long in refused                                                # kept in the form, not cut
    rows = _rows(db)
    previewed = _preview(client, dispute["id"], decision="upheld", rule="TDA 53", note=note, actions=live + notes)
    assert _rows(db) == rows                                                  # the preview wrote nothing
    commit = read_form(previewed, "commit-form")
    assert commit.fields["note"] == [note] and commit.fields["action"] == live + notes
    _commit(client, previewed)
    ruling = store.get_dispute(db, dispute["id"])["ruling"]
    assert ruling["note"] == note.strip() and len(ruling["added"]) == len(notes)


@pytest.mark.slow
def test_the_override_reason_of_a_close_with_a_dispute_open_is_shown(app, client, db):
    """The host's reason to close while a dispute is open is on the night page and on the
    report and its PDF, in the page's language / both languages' labels."""
    night, case, expect, hand_id, counted = _played(app, client, db, "out_of_turn_open", lang="es")
    _dispute(client, night.player_link("Bruno"), hand_id, "Chus abrió antes de que yo hablara.", lang="es")
    client.post(f"/host/night/{night.night}/close",
                data={"confirm": "1", "key": "close-reason", "override_reason": "Bruno se fue; se falla el lunes"})
    assert store.get_night(db, night.night)["closed"]
    page = text_of(client.get(f"/host/night/{night.night}?lang=es", follow_redirects=True).get_data(as_text=True))
    assert "Cerrada con reclamaciones abiertas. Motivo del anfitrión: Bruno se fue; se falla el lunes" in page
    english = text_of(client.get(f"/host/night/{night.night}?lang=en", follow_redirects=True).get_data(as_text=True))
    assert "Closed with disputes open. The host's reason: Bruno se fue; se falla el lunes" in english
    report = text_of(client.get(f"/reports/nights/{night.night}?lang=es").get_data(as_text=True))
    pdf = re.sub(r"‐ ", "", re.sub(r"\s+", " ", pdf_text(client.get(f"/reports/nights/{night.night}.pdf?lang=es").data)))
    for text in (report, pdf):                                                # (the PDF's hyphens joined)
        assert "Cerrada con reclamaciones abiertas" in text and "Closed with disputes open" not in text
        assert "Bruno se fue; se falla el lunes" in text


@pytest.mark.slow
def test_spanish_pages_say_who_and_the_voids_of_a_ruling_in_words(app, client, db):
    """Who entered or ruled, and what a ruling voided (the actions it corrected, the close
    it reopened), in the page's language, found from the ruling's detail: never the
    store's English reason ("ruling of dispute N: ...") nor a raw "host"."""
    night, hand_id, dispute_id = _six_cards_ruled_on_a_closed_night(app, client, db)
    number = store.get_hand(db, hand_id)["number"]
    said = f"anulada por el fallo de la reclamación {dispute_id}"
    pages = {
        "dispute": client.get(f"/host/dispute/{dispute_id}?lang=es").get_data(as_text=True),
        "host replay": client.get(f"/host/night/{night.night}/hand/{number}?lang=es").get_data(as_text=True),
        "player replay": client.get(f"{night.player_link('Ana')}/hand/{hand_id}?lang=es").get_data(as_text=True),
        "report": client.get(f"/reports/nights/{night.night}?lang=es").get_data(as_text=True),
    }
    pdf = re.sub(r"\s+", " ", pdf_text(client.get(f"/reports/nights/{night.night}.pdf?lang=es").data))
    assert "Por el anfitrión (host) ·" in text_of(pages["dispute"])
    for name in ("host replay", "player replay"):
        assert said in text_of(pages[name]) and "por el anfitrión (host)" in text_of(pages[name])
    for text in (text_of(pages["report"]), pdf):
        assert said in text
        assert f"anulado por el fallo de la reclamación {dispute_id}" in text and "voided by" not in text
        assert "el anfitrión (host)" in text and "the host" not in text
    for name, page in pages.items():
        assert "ruling of dispute" not in page and "the night reopened" not in page, name
        assert "Por: host" not in text_of(page) and "(host," not in text_of(page), name
    assert "ruling of dispute" not in pdf


@pytest.mark.slow
def test_the_dispute_page_says_the_correction_in_words_with_names(app, client, db):
    """The ruling's correction (voided and added lines) in words with the players' names,
    as the replay says a line (the referee's action sentences); the host's textarea keeps
    the log's notation."""
    night, hand_id, dispute_id = _six_cards_ruled_on_a_closed_night(app, client, db)
    page = client.get(f"/host/dispute/{dispute_id}?lang=es").get_data(as_text=True)
    log = re.search(r'id="ruling-correction">(.*?)</ul>', page, re.S).group(1)
    words = text_of(log)
    assert "Chus" in words and "anulada:" in words and "añadida:" in words
    assert not re.search(r">\s*(\+ )?[pd]\d? (show|serve|award|draw)", log)  # no raw log line shown


@pytest.mark.slow
def test_the_preview_labels_the_referees_chips_and_shows_the_count_and_the_net_moving(app, client, db):
    """The preview's chips: the referee's stacks labelled as such, the counted chips, and
    the net before and after, so the 75 chips the ruling moves show in the net."""
    night, case, expect, hand_id, counted = _played(app, client, db, "false_opener", lang="es")
    _dispute(client, night.player_link("Chus"), hand_id, "No era su bote.", lang="es")
    [dispute] = store.night_disputes(db, night.night)
    preview = _preview(client, dispute["id"], decision="upheld", rule="Semilla 000.")
    preview = client.post(f"/host/dispute/{dispute['id']}/preview?lang=es",
                          data=read_form(preview, "ruling-form").fields | {"decision": "upheld"}).get_data(as_text=True)
    table = re.search(r'id="preview-players">(.*?)</table>', preview, re.S).group(1)
    assert "Fichas según el árbitro" in table and "Fichas contadas" in table
    chus = text_of(re.search(rf'data-player="{night.ids["Chus"]}"[^>]*>(.*?)</tr>', table, re.S).group(1))
    net_before = counted["Chus"] - 500
    assert f"{counted['Chus']}" in chus and "+75" in chus
    assert chus.endswith(f"{net_before + 75:+d}".replace("+", "+")), chus


def test_a_passed_out_hand_says_nobody_wins_and_the_pot_carries(app, client, db):
    """A hand nobody opens is passed out: nobody wins and the pot stays for the next hand
    (seed 000, the jackpot); the preview says so in words, never an empty winner."""
    case, expect = load_case("progressive_openers")
    night_id = store.import_session(db, case)          # (a no-limit night: the host's form makes limit ones)
    first = store.night_hands(db, night_id)[0]["id"]
    assert store.hand_check(db, first)["carried"] and not store.hand_check(db, first)["awards"]
    ana = next(p["player_id"] for p in store.table_players(db, night_id) if p["name"] == "Ana")
    store.open_dispute(db, first, ana, "¿Quién se lleva el bote?")
    [dispute] = store.night_disputes(db, night_id)
    login_host(client)
    page = client.get(f"/host/dispute/{dispute['id']}?lang=es").get_data(as_text=True)
    form = read_form(page, "ruling-form").fields
    preview = client.post(f"/host/dispute/{dispute['id']}/preview?lang=es",
                          data=form | {"decision": "rejected"}).get_data(as_text=True)
    row = text_of(re.search(r'data-hand="1".*?</tr>', preview, re.S).group(0))
    carried = store.hand_check(db, first)["carried"]
    assert f"nadie gana: el bote pasa a la siguiente mano: {carried}" in row
    assert "Según las reglas: ·" not in row
