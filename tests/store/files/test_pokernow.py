"""A PokerNow ledger CSV imported as a night's ledger (issue 15, "Files in and out on the
web": "import a PokerNow ledger CSV as a night's ledger (columns
player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net,
optionally nit_escrow; rows of one player_id summed; rows whose totals do not balance
refused with the row named; the host states whether amounts are cents or units)").

The files are written here as PokerNow exports them: the header, then one row per
session, newest first, nicknames quoted, an open session with empty session_end_at and
buy_out and its chips in stack; a refunded buy-in with no session start.
"""

from __future__ import annotations

import html
import io
from datetime import datetime, timedelta, timezone

import pytest
from apps import snapshot
from hosts import login_host
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import store
from store.core.checks import StoreError
from store.files import pokernow
from store.money.counts import count_findings
from web.core.limits import MAX_CONTENT_LENGTH, UPLOAD_BODY_BYTES

HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,nit_escrow,net"
HEADER_OLD = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"

NIGHT = "\r\n".join([
    HEADER,
    '"Ana",pn-ana,2026-03-14T22:40:29.687Z,,5000,,6050,0,1050',
    '"Bruno",pn-bruno,2026-03-14T22:10:46.798Z,,5000,,18450,0,13450',
    '"Ana",pn-ana,2026-03-14T20:17:52.143Z,2026-03-14T22:39:41.592Z,2500,0,0,0,-2500',
    '"Chus",pn-chus,2026-03-14T20:17:52.139Z,2026-03-14T21:32:37.389Z,7500,3722,0,0,-3778',
    '"Dora",pn-dora,2026-03-14T20:20:00.000Z,2026-03-14T23:00:00.000Z,10000,1778,0,0,-8222',
    '"Eva",pn-eva,,2026-03-14T20:10:45.717Z,2000,2000,0,0,0',
]) + "\r\n"
"""A night: Ana left and came back (two rows), Bruno still seated at the download, Eva's
buy-in refunded before she sat (no session start). Nets: Ana -1450, Bruno +13450, Chus
-3778, Dora -8222 cents."""


def _entries(db, night_id):
    return {(e["name"], e["kind"]): e["chips"] for e in store.night_entries(db, night_id)}


def _nets(db, night_id):
    return {r["name"]: r["net_cents"] for r in store.night_summary(db, night_id)["players"]}


def test_rows_of_one_player_id_are_summed_into_one_buy_in_and_one_count(db):
    """Issue 15: "rows of one player_id summed". Ana's two sessions (5000 bought, 6050 in
    her stack; 2500 bought, 0 back) are one buy-in of 7500 and one count of 6050; the
    nickname of her latest session names her."""
    night_id, ledger = pokernow.import_ledger(db, NIGHT, amounts="cents", entered_by="host:test")
    assert [p.name for p in ledger.players] == ["Chus", "Ana", "Dora", "Bruno"]  # seats by first session
    assert ledger.summed == 1
    entries = _entries(db, night_id)
    assert ledger.chip_cents == 1  # 6050 is not a whole number of units: a chip is a cent
    assert (entries[("Ana", "buy_in")], entries[("Ana", "cash_out")]) == (7500, 6050)
    assert sum(1 for e in store.night_entries(db, night_id) if e["name"] == "Ana") == 2
    assert _nets(db, night_id) == {"Ana": -1450, "Bruno": 13450, "Chus": -3778, "Dora": -8222}
    assert {p["name"]: p["seat"] for p in store.table_players(db, night_id)} == \
        {"Chus": 1, "Ana": 2, "Dora": 3, "Bruno": 4}


def test_the_settlement_says_who_pays_whom_and_the_night_closes_balanced(db):
    night_id, _ = pokernow.import_ledger(db, NIGHT, amounts="cents", entered_by="host:test")
    summary = store.night_summary(db, night_id)
    assert summary["bank"]["balanced"]
    paid = {}
    for t in summary["transfers"]:
        paid[t["payer"]] = paid.get(t["payer"], 0) - t["cents"]
        paid[t["payee"]] = paid.get(t["payee"], 0) + t["cents"]
    assert paid == _nets(db, night_id)
    closed = store.close_night(db, night_id, entered_by="host:test")
    assert closed["night"]["closed"] and closed["transfers"] == summary["transfers"]
    assert count_findings(db, night_id) == []  # no hands here: no count compared with them


def test_an_unbalanced_row_is_refused_with_its_line_and_nickname_and_nothing_is_stored(app, db):
    """Issue 15: "rows whose totals do not balance refused with the row named". Chus's
    row says net -3700 where 3722 - 7500 is -3778."""
    bad = NIGHT.replace(",7500,3722,0,0,-3778", ",7500,3722,0,0,-3700")
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(StoreError) as refused:
        pokernow.import_ledger(db, bad, amounts="cents")
    assert refused.value.code == "pokernow_unbalanced"
    assert (refused.value.params["line"], refused.value.params["nickname"]) == (5, "Chus")
    assert (refused.value.params["expected"], refused.value.params["net"]) == ("-3778", "-3700")
    assert snapshot(app.config["DATABASE"]) == before


def test_nit_escrow_is_the_players_money(db):
    """PokerNow's nit_escrow column: chips a nit game holds for the player, paid back, so a
    row balances as buy_out + stack + nit_escrow - buy_in = net."""
    text = "\n".join([HEADER,
                      '"Ana",a,2026-03-14T20:01:34Z,2026-03-14T21:07:37Z,2500,2000,0,500,0',
                      '"Bruno",b,2026-03-14T20:01:34Z,,2500,,1500,0,-1000',
                      '"Chus",c,2026-03-14T20:01:34Z,,2500,,3000,500,1000'])
    night_id, _ = pokernow.import_ledger(db, text, amounts="cents")
    assert _nets(db, night_id) == {"Ana": 0, "Bruno": -1000, "Chus": 1000}
    with pytest.raises(StoreError) as refused:  # escrow left out of the net: refused
        pokernow.read_ledger(text.replace("3000,500,1000", "3000,500,500"), "cents")
    assert refused.value.params["line"] == 4


def test_a_refunded_row_moves_no_money_and_seats_nobody(db):
    """A refund (PokerNow gives the whole buy-in back before the player sits: no session
    start, buy_out = buy_in, nothing in stack or escrow, net 0) is left out: Eva, whose
    only row it is, is not seated; a refund beside a real session leaves that session's
    figures as they are."""
    night_id, ledger = pokernow.import_ledger(db, NIGHT, amounts="cents")
    assert [(r.line, r.nickname) for r in ledger.refunded] == [(7, "Eva")]
    assert "Eva" not in {p["name"] for p in store.table_players(db, night_id)}
    with_refund = NIGHT + '"Chus",pn-chus,,2026-03-14T20:15:00.000Z,3000,3000,0,0,0\r\n'
    again = pokernow.read_ledger(with_refund, "cents")
    chus = next(p for p in again.players if p.name == "Chus")
    assert (chus.bought, chus.cashed, chus.lines) == (7500, 3722, (5,))
    assert [r.line for r in again.refunded] == [7, 8]


def test_a_row_with_a_session_start_and_its_buy_in_back_is_an_ordinary_row(db):
    """Not a refund: the player sat and played, and left with what he brought."""
    text = "\n".join([HEADER, '"Ana",a,2026-03-14T20:00:00Z,2026-03-14T21:00:00Z,2000,2000,0,0,0',
                      '"Bruno",b,2026-03-14T20:00:00Z,,2000,,2000,0,0'])
    night_id, ledger = pokernow.import_ledger(db, text, amounts="cents")
    assert ledger.refunded == () and _nets(db, night_id) == {"Ana": 0, "Bruno": 0}


def test_cents_and_units_are_the_same_money(db):
    """The host states whether the amounts are cents or units: 1250 cents and 12.50 units
    are the same 12,50; units may have two decimals, cents none."""
    cents = "\n".join([HEADER_OLD, "Ana,a,2026-03-14T20:00:00Z,,5000,,6250,1250",
                       "Bruno,b,2026-03-14T20:00:00Z,,5000,,3750,-1250"])
    units = "\n".join([HEADER_OLD, "Ana,a,2026-03-14T20:00:00Z,,50,,62.5,12.50",
                       "Bruno,b,2026-03-14T20:00:00Z,,50,,37.50,-12.5"])
    in_cents, led_cents = pokernow.import_ledger(db, cents, amounts="cents")
    in_units, led_units = pokernow.import_ledger(db, units, amounts="units")
    assert in_cents != in_units
    assert _nets(db, in_cents) == _nets(db, in_units) == {"Ana": 1250, "Bruno": -1250}
    assert led_cents.chip_cents == led_units.chip_cents == 1  # 12.50: a chip is a cent
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(units, "cents")
    assert refused.value.code == "pokernow_amount" and refused.value.params["line"] == 2
    whole = pokernow.read_ledger(cents, "units")  # 5000 units: read as the host says
    assert whole.players[0].bought == 500000 and whole.chip_cents == 100


def test_the_same_file_as_units_or_cents_is_a_hundred_times_apart(db):
    text = "\n".join([HEADER_OLD, "Ana,a,2026-03-14T20:00:00Z,,100,,150,50", "Bruno,b,2026-03-14T20:00:00Z,,100,,50,-50"])
    as_cents, _ = pokernow.import_ledger(db, text, amounts="cents")
    as_units, ledger = pokernow.import_ledger(db, text, amounts="units")
    assert _nets(db, as_units)["Ana"] == 100 * _nets(db, as_cents)["Ana"] == 5000
    assert ledger.chip_cents == 100 and _entries(db, as_units)[("Ana", "buy_in")] == 100  # chips: units


def test_a_hostile_nickname_is_a_name_and_nothing_more(db):
    """A nickname that looks like a spreadsheet formula is stored as text, as written."""
    hostile = '=HYPERLINK("http://x","y")'
    text = "\n".join([HEADER, '"=HYPERLINK(""http://x"",""y"")",h,2026-03-14T20:00:00Z,,1000,,0,0,-1000',
                      '"<b>Bruno</b>",b,2026-03-14T20:00:00Z,,1000,,2000,0,1000'])
    night_id, _ = pokernow.import_ledger(db, text, amounts="cents")
    assert _nets(db, night_id) == {hostile: -1000, "<b>Bruno</b>": 1000}


def test_a_nickname_the_club_refuses_is_refused_with_its_row(db):
    text = "\n".join([HEADER, '"Ana",a,2026-03-14T20:00:00Z,,1000,,0,0,-1000',
                      '"Bru\u202eno",b,2026-03-14T20:00:00Z,,1000,,2000,0,1000'])
    with pytest.raises(StoreError) as refused:
        pokernow.import_ledger(db, text, amounts="cents")
    assert refused.value.code == "pokernow_name" and refused.value.params["line"] == 3
    assert refused.value.params["reason_code"] == "name_invisible"
    assert db.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 0
    assert db.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0  # Ana was not kept either


@pytest.mark.parametrize("nickname", ["Ana\nBB", "Ana\r\nBB", "Ana\tBB", "Ana\x00", "Ana\x85BB", "\u202eAna"])
def test_a_nickname_with_a_line_break_or_control_character_is_refused_with_its_row(app, client, nickname):
    """A nickname is one line: "Ana\nBB" was stored and shown as "Ana BB" while U+202E was
    refused. Every control character (store.core.checks.bad_characters, line breaks included) is
    refused with the row named, in the page's language, nothing stored."""
    text = "\n".join([HEADER, '"Bo",b,2026-03-14T20:00:00Z,,1000,,0,0,-1000',
                      f'"{nickname}",a,2026-03-14T20:00:00Z,,1000,,2000,0,1000'])
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(text, "cents")
    assert refused.value.code == "pokernow_name" and refused.value.params["line"] == 3
    assert refused.value.params["reason_code"] == "name_invisible"
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": "cents", "ledger": (io.BytesIO(text.encode()), "ledger.csv")}, content_type="multipart/form-data")
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert "Línea 3 (" in page and "Un nombre no puede" in page and "No se ha importado nada." in page
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("text, code, line", [
    ("a,b\n1,2", "pokernow_columns", None),
    (HEADER, "pokernow_empty", None),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,1000,,0,0", "pokernow_cells", 2),
    (HEADER + "\n,a,2026-03-14T20:00:00Z,,1000,,1000,0,0", "pokernow_no_player", 2),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,-1000,,0,0,1000", "pokernow_amount", 2),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,1e3,,1000,0,0", "pokernow_amount", 2),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,NaN,,1000,0,0", "pokernow_amount", 2),
    (HEADER + "\nAna,a,yesterday,,1000,,1000,0,0", "pokernow_time", 2),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,1000,,1500,0,500", "pokernow_nets", None),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,0,,500,0,500\nBo,b,2026-03-14T20:00:00Z,,500,,0,0,-500",
     "pokernow_no_buy_in", 2),
    (HEADER + "\nAna,a,,2026-03-14T20:00:00Z,1000,1000,0,0,0", "pokernow_nothing", None),
    (HEADER + "\nAna,a,2026-03-14T20:00:00Z,,1000,,1000,0,0\nana,b,2026-03-14T20:00:00Z,,1000,,1000,0,0",
     "pokernow_name_clash", None),
    (HEADER + '\n"Ana,a,2026-03-14T20:00:00Z,,1000,,1000,0,0', "pokernow_csv", None),
])
def test_what_is_refused_says_why(text, code, line):
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(text, "cents")
    assert refused.value.code == code
    if line is not None:
        assert refused.value.params["line"] == line


@pytest.mark.parametrize("amounts, value, limit", [
    ("units", "999999999999999", "10000000000"), ("cents", "999999999999999", "1000000000000"),
    ("cents", "9" * 5000, "1000000000000"), ("units", "10000000000.01", "10000000000")])
def test_an_amount_past_the_limit_is_refused_as_too_large_not_as_no_amount(app, client, amounts, value, limit):
    """999999999999999 is an amount, only too large: the refusal says so and gives the
    limit (store.core.checks.MAX_CHIPS cents, as the file writes amounts), not «no es una cantidad»."""
    text = "\n".join([HEADER, f'"Bo",b,2026-03-14T20:00:00Z,,{value},,0,0,-{value}',
                      f'"Ana",a,2026-03-14T20:00:00Z,,1,,1,0,{value}'])
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(text, amounts)
    assert refused.value.code == "pokernow_amount_too_large"
    assert (refused.value.params["line"], refused.value.params["max"]) == (2, limit)
    login_host(client)
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": amounts, "ledger": (io.BytesIO(text.encode()), "ledger.csv")}, content_type="multipart/form-data")
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert "Línea 2 (Bo): buy_in" in page and f"es demasiado grande (como mucho {limit})" in page
    assert "no es una cantidad" not in page


def test_a_players_rows_summed_past_the_limit_are_refused_with_the_rows_named(app, client):
    """Each row within store.core.checks.MAX_CHIPS cents, Bo's two buy-ins together past it."""
    big = 600_000_000_000
    text = "\n".join([HEADER] + [f'"Bo",b,2026-03-14T2{i}:00:00Z,,{big},,0,0,-{big}' for i in range(2)]
                     + [f'"Cy",c,2026-03-14T2{i}:00:00Z,,1,,{big + 1},0,{big}' for i in range(2)])
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(text, "cents")
    assert refused.value.code == "pokernow_total_too_large"
    assert refused.value.params == {"nickname": "Bo", "column": "buy_in", "lines": [2, 3], "max": "1000000000000"}
    login_host(client)
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": "cents", "ledger": (io.BytesIO(text.encode()), "ledger.csv")}, content_type="multipart/form-data")
    assert answer.status_code == 400 and "Las filas de Bo (líneas 2, 3)" in answer.get_data(as_text=True)


def test_more_players_than_seats_is_refused():
    rows = [f"P{i},id{i},2026-03-14T20:00:00Z,,1000,,{1000 + (i % 2) * 200 - 100},0,{(i % 2) * 200 - 100}"
            for i in range(12)]
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger("\n".join([HEADER] + rows), "cents")
    assert refused.value.params == {"count": 12, "max": 10}


def test_the_same_upload_twice_is_one_night(db):
    first, _ = pokernow.import_ledger(db, NIGHT, amounts="cents")
    rows = store.night_entries(db, first)
    assert pokernow.import_ledger(db, NIGHT, amounts="cents")[0] == first
    assert store.night_entries(db, first) == rows and len(store.list_nights(db)) == 1


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.one_of(st.text(max_size=300),
                      st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
                               min_size=9, max_size=9).map(lambda cells: HEADER + "\n" + ",".join(cells))),
       amounts=st.sampled_from(pokernow.AMOUNTS))
def test_any_text_is_read_or_refused_with_a_code(text, amounts):
    """Whatever the file holds, reading it gives a ledger or a StoreError with a code the
    pages say (never another exception)."""
    from web.core.refusals import MESSAGES
    try:
        ledger = pokernow.read_ledger(text, amounts)
    except StoreError as exc:
        assert exc.code in MESSAGES
    else:
        assert sum(p.net for p in ledger.players) == 0


# --- the host's page ---------------------------------------------------------------------------

def _upload(client, text: str | bytes, **fields):
    raw = text.encode("utf-8") if isinstance(text, str) else text
    data = {"amounts": "cents", "currency": "EUR", "timezone": "Europe/Madrid", **fields,
            "ledger": (io.BytesIO(raw), "ledger_pglTest.csv")}
    return client.post("/host/pokernow/?lang=en", data=data, content_type="multipart/form-data")


@pytest.mark.slow
def test_the_upload_makes_the_night_and_its_page_shows_who_pays_whom(app, client, db):
    login_host(client)
    answer = _upload(client, NIGHT, title="Viernes online")
    assert answer.status_code == 302
    night_id = store.list_nights(db)[0]["id"]
    assert answer.headers["Location"].startswith(f"/host/night/{night_id}")
    page = client.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "Imported from PokerNow: 4 players; 1 row added to an earlier one of the same player; " \
           "1 refunded row left out (Eva)." in page
    assert "Bruno → " not in page and "Dora → Bruno: €82.22" in page
    assert "Counts that differ from the chips on the table" not in page
    assert store.get_night(db, night_id)["title"] == "Viernes online"
    assert {e["entered_by"] for e in store.night_entries(db, night_id)} == {"host:host"}


@pytest.mark.slow
def test_the_night_page_of_hands_played_elsewhere_offers_no_hand_and_shows_the_counts(app, client, db):
    """A PokerNow night (store.night.nights.hands_elsewhere) is no table night: no "Empezar la
    siguiente mano", no tablet links, no opener line; a sentence says the hands were
    played on PokerNow; each seat shows the ledger's count (Ana 6050), not the referee's
    stack (her 7500 bought)."""
    login_host(client)
    night_id = int(_upload(client, NIGHT).headers["Location"].split("/host/night/")[1].split("#")[0])
    page = "".join(html.unescape(client.get(f"/host/night/{night_id}/{stage}?lang=es").get_data(as_text=True))
                   for stage in ("table", "play", "close"))   # every stage before the close
    assert "Empezar la siguiente mano" not in page and 'id="tablet-links"' not in page
    assert "Mínimo para abrir" not in page and 'id="opening-in-force"' not in page
    assert "Las manos de esta noche se jugaron en PokerNow" in page
    ana = page[page.index('<table class="grid" id="players">'):].split("</table>")[0]
    row = ana[ana.index("Ana"):].split("</tr>")[0]
    assert '<td class="num">7.500</td><td class="num">6.050</td>' in row
    assert "<th>Contado</th>" in ana
    table_night = store.create_night(db, rules="jackpots", chip_cents=10)
    page = "".join(client.get(f"/host/night/{table_night}/{stage}?lang=es").get_data(as_text=True)
                   for stage in ("table", "play", "close"))
    assert "Empezar la siguiente mano" in page and 'id="tablet-links"' in page and "PokerNow" not in page


def test_an_unbalanced_row_is_said_in_spanish_and_nothing_is_stored(app, client):
    login_host(client)
    bad = NIGHT.replace(",7500,3722,0,0,-3778", ",7500,3722,0,0,-3700")
    before = snapshot(app.config["DATABASE"])
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": "cents", "ledger": (io.BytesIO(bad.encode()), "ledger.csv")}, content_type="multipart/form-data")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert "La línea 5 (Chus) no cuadra" in page and "−3778" not in page and "-3778" in page
    assert "No se ha importado nada." in page
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("fields, said", [
    ({"amounts": ""}, "Say whether the amounts in the file are cents or units of the currency."),
    ({"currency": "euros"}, "The currency is a three-letter code such as EUR."),
    ({"timezone": "Mars/Olympus"}, "is not a time zone"),
])
def test_the_form_refuses_a_missing_choice_or_a_bad_option(app, client, fields, said):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = _upload(client, NIGHT, **fields)
    assert answer.status_code == 400 and said in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before


def test_a_file_that_is_not_text_or_too_large_is_refused(app, client):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    assert "not a text CSV" in _upload(client, b"\xff\xfe\x00bad").get_data(as_text=True)
    big = NIGHT + ("x" * 1000 + "\n") * 210
    assert "larger than 200 KB" in _upload(client, big).get_data(as_text=True)
    answer = client.post("/host/pokernow/?lang=en", data={"amounts": "cents"}, content_type="multipart/form-data")
    assert answer.status_code == 400 and "Choose the ledger file" in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before


def test_a_300_kb_file_is_refused_on_the_form_in_spanish_and_stores_nothing(app, client):
    """A tester's 300 KB CSV on the form that says "como mucho 200 KB" got a bare 413 page
    in English: a file past the form's limit is refused ON the form (web.core.limits.UPLOAD_LIMITS),
    in the page's language, nothing stored."""
    login_host(client)
    big = NIGHT + ("x" * 1000 + "\n") * 310
    assert len(big.encode()) > 300 * 1024 > MAX_CONTENT_LENGTH
    before = snapshot(app.config["DATABASE"])
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": "cents", "ledger": (io.BytesIO(big.encode()), "ledger.csv")}, content_type="multipart/form-data")
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400 and 'id="pokernow-form"' in page
    assert "El archivo ocupa más de 200 KB" in page and "too large" not in page.lower()
    assert snapshot(app.config["DATABASE"]) == before


def test_a_body_past_the_upload_limit_is_refused_unread_on_the_form_in_spanish(app, client):
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    answer = client.post("/host/pokernow/?lang=es", data={
        "amounts": "cents", "ledger": (io.BytesIO(b"x" * (UPLOAD_BODY_BYTES + 1)), "ledger.csv")},
        content_type="multipart/form-data")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/host/pokernow/")
    form = client.get("/host/pokernow/?lang=es")
    page = html.unescape(form.get_data(as_text=True))
    assert 'id="pokernow-form"' in page and "El archivo es demasiado grande: como mucho 200 KB." in page
    assert snapshot(app.config["DATABASE"]) == before


def test_the_page_is_the_hosts_only(client):
    assert client.get("/host/pokernow/").status_code == 302
    login_host(client)
    page = client.get("/host/pokernow/?lang=es").get_data(as_text=True)
    assert "Importar las cuentas de PokerNow" in page and 'type="file"' in page
    assert 'name="amounts" value="cents" required' in page


HOSTILE_CELLS = ["", "-0", "1.005", "1e309", "NaN", "١٢٣", "９", "=1+1", "@SUM(A1)", "+1", "\x00", "\u202e",
                 '"', "\r", "9" * 40, "<script>alert(1)</script>", "2026-13-40T99:00:00Z"]


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(cells=st.lists(st.one_of(st.sampled_from(HOSTILE_CELLS), st.text(max_size=10)), min_size=9, max_size=9),
       amounts=st.sampled_from(["cents", "units", "", "both"]))
def test_a_hostile_file_on_the_page_never_answers_5xx_and_a_refusal_stores_nothing(app, cells, amounts):
    client = app.test_client()
    login_host(client)
    good = "Bo,b,2026-03-14T20:00:00Z,,100,,100,0,0"
    text = HEADER + "\n" + good + "\n" + ",".join(f'"{c}"' if '"' not in c else c for c in cells) + "\n"
    before = snapshot(app.config["DATABASE"])
    answer = _upload(client, text, amounts=amounts)
    assert answer.status_code in (302, 400)
    if answer.status_code == 400:
        assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize("start, end, column, line", [
    ("1995-03-14T20:00:00Z", "", "session_start_at", 3),
    ("2031-03-14T20:00:00Z", "", "session_start_at", 3),
    ("2026-03-14T20:00:00Z", "2031-03-14T23:00:00Z", "session_end_at", 3),
    ("1999-12-31T23:59:00", "", "session_start_at", 3),
])
def test_a_session_time_before_2000_or_past_a_year_is_refused_naming_the_row(app, client, start, end, column, line):
    """The tester's find: session times in 1995 or 2031 were taken, making nights dated
    then. A night starts on 1 January 2000 or later and at most a year from now, wherever
    its start comes from (store.night.nights.start_in_bounds, the new-night form's bounds); the
    row is named, in the page's language, nothing stored."""
    text = "\n".join([HEADER, '"Bo",b,2026-03-14T20:00:00Z,,1000,,0,0,-1000',
                      f'"Ana",a,{start},{end},1000,,2000,0,1000'])
    with pytest.raises(StoreError) as refused:
        pokernow.read_ledger(text, "cents")
    assert refused.value.code == "pokernow_time_range"
    assert (refused.value.params["line"], refused.value.params["column"]) == (line, column)
    login_host(client)
    before = snapshot(app.config["DATABASE"])
    value = end or start
    for lang, said in (("es", f"Línea 3 (Ana): {column} «{value}» es anterior al 1 de enero de 2000 o está a más "
                               "de un año de hoy: una noche empieza entre esas dos fechas. No se ha importado nada."),
                       ("en", f"Line 3 (Ana): {column} “{value}” is before 1 January 2000 or more than a year from "
                              "now: a night starts between the two. Nothing was imported.")):
        answer = client.post(f"/host/pokernow/?lang={lang}", data={
            "amounts": "cents", "ledger": (io.BytesIO(text.encode()), "ledger.csv")}, content_type="multipart/form-data")
        assert answer.status_code == 400 and said in html.unescape(answer.get_data(as_text=True))
    assert snapshot(app.config["DATABASE"]) == before


def test_the_first_and_last_times_a_ledger_may_hold_are_the_night_forms():
    """The bounds are the store's one definition: 2000-01-01T00:00 is taken, a minute before
    refused; a year from now taken, a day past it refused."""
    now = store.core.transactions.clock().astimezone(timezone.utc).replace(microsecond=0, tzinfo=None)
    ahead = store.night.nights.a_year_after(now)
    for when, ok in (("2000-01-01T00:00:00Z", True), ("1999-12-31T23:59:00Z", False),
                     (ahead.isoformat() + "Z", True), ((ahead + timedelta(days=1)).isoformat() + "Z", False)):
        text = "\n".join([HEADER, f'"Ana",a,{when},,1000,,1000,0,0'])
        if ok:
            assert pokernow.read_ledger(text, "cents").started_at == datetime.fromisoformat(when)
        else:
            with pytest.raises(StoreError) as refused:  # before 2000 or more than a year from now
                pokernow.read_ledger(text, "cents")
            assert refused.value.code == "pokernow_time_range"
