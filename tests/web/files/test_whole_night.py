"""A downloaded night comes back whole, and once (issue 24, "Files come back whole, and
once"; ``store.files.night_records``, ``store.files.identity``, ``web.files.views``,
``flask import``).

The issue's find: "The night's JSON, uploaded again, gives a night without its disputes,
rulings and their −17/+17: the settlement changes ... The upload makes a second night with
the same hands, counted twice in the club standings and every player's running total, with
no warning." What it must do: "The night's JSON download carries its disputes, rulings
(with their settlement mode), ledger adjustments, physical moves, expenses, payment marks
and the close, so an upload into another club (a move, a restore by hand) gives the same
settlement, standings and player pages. The file names its night with a stable id (in its
``tapete`` block); uploading a file whose night is already in the club answers with a link
to that night, stores nothing and says so (a file from before the id is matched by a
fingerprint of its hands and ledger); uploading it as a deliberate copy is an explicit
choice, and such a copy is marked and left out of the standings and running totals."

The night: issue 14's showcase night (``tests/support/showcase_night.py``), whose hand 2 was
pushed to the false opener (22 chips: the −17/+17 of the issue, here −22/+22); María
disputes it from her phone and the host upholds it (a ruling move in the ledger), the night
is closed, the pizzas are a shared expense, and the largest transfer is marked paid by its
payer and confirmed by the host; an expense transfer is marked paid.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from apps import snapshot
from hosts import login_host
from showcase_night import LONG_NAME, PLAYERS, build_showcase_night
from uploads import flashed, night_of, open_club, upload

import store
from store.dispute.disputes import open_dispute
from store.dispute.rulings import record_ruling
from store.money.expenses import add_expense
from store.club.standings import club_standings
from store.money.payments import confirm_paid, mark_paid, night_transfers, outstanding

NAMES = [name for name, _, _ in PLAYERS]


def disputed_night(db):
    """The showcase night with its dispute upheld (María +22, Íñigo −22), closed, an
    expense shared by three, the poker transfer Íñigo → María marked paid by Íñigo and
    confirmed by the host, and the expenses' first transfer marked paid by the host."""
    world = build_showcase_night(db)
    dispute = open_dispute(db, world.hands[1], world.ids[LONG_NAME], "Íñigo abrió sin jotas: el bote es mío.")
    record_ruling(db, dispute, decision="upheld", rule="Semilla 000: la apertura se justifica", note="falso abridor",
                  entered_by="host:test")
    world.close(db)
    add_expense(db, world.night, world.ids["Ana"], 2400, "Pizzas", [world.ids[n] for n in ("Ana", "Bruno", "Chus")],
                entered_by="host:test")
    poker = next(t for t in night_transfers(db, world.night) if t["payer"] == "Íñigo")
    mark_paid(db, world.night, poker["payer_id"], poker["payee_id"], entered_by=f"player:{poker['payer_id']}")
    confirm_paid(db, world.night, poker["payer_id"], poker["payee_id"], entered_by="host:test")
    food = night_transfers(db, world.night, "expenses")[0]
    mark_paid(db, world.night, food["payer_id"], food["payee_id"], entered_by="host:test", what="expenses")
    return world


def settlement(db, night_id: int) -> dict:
    """What the night settles, by name: the ledger's ruling moves, the nets, the poker and
    expense transfers with their statuses and who marked them (by name)."""
    names = {p["player_id"]: p["name"] for p in store.table_players(db, night_id)}

    def by(who):
        return who if not (who or "").startswith("player:") else "player:" + names[int(who[7:])]

    summary = store.night_summary(db, night_id)
    return {
        "moves": sorted((names[e["player_id"]], e["chips"]) for e in store.money.bank.live_entries(db, night_id,
                                                                                                  "adjustment")
                        if e["reason"] == "ruling"),
        "nets": sorted((r["name"], r["net_chips"], r["net_cents"]) for r in summary["players"]),
        "transfers": [[(t["payer"], t["payee"], t["cents"], t["status"], by(t["paid_by"]), by(t["confirmed_by"]))
                       for t in night_transfers(db, night_id, what)] for what in ("poker", "expenses")],
        "expenses": [(e["payer"], e["cents"], e["description"], [(s["name"], s["cents"]) for s in e["shares"]])
                     for e in store.money.expenses.night_expenses(db, night_id)["expenses"]],
        "disputes": [(d["hand_number"], d["player"], d["statement"], d["status"], d["ruling"]["rule"],
                      sorted((m["name"], m["chips"]) for m in d["ruling"]["moves"]))
                     for d in store.night_disputes(db, night_id)],
    }


def standings(db) -> list:
    """The club's standings by player: (name, nights, hands, nets)."""
    return [(p["name"], p["nights"], p["hands"], p["nets"]) for p in club_standings(db)["players"]]


def running_totals(db) -> dict:
    """Each player's running totals across the club's nights (``store.player_ledger``)."""
    return {name: store.player_ledger(db, store.find_player(db, name))["totals"] for name in NAMES}


MONEY = re.compile(r"[−-]?\d[\d.]*,\d\d\u00a0?€")


def phone_figures(client, token: str) -> list[str]:
    """Every money figure of a player's phone page, in order (Spanish)."""
    page = html.unescape(client.get(f"/p/{token}?lang=es").get_data(as_text=True))
    return MONEY.findall(page)


def download(client, night_id: int) -> bytes:
    answer = client.get(f"/host/night/{night_id}/download/json")
    assert answer.status_code == 200
    return answer.data


def test_a_night_with_a_ruling_an_expense_and_marks_comes_back_whole_and_once(app, db, client, tmp_path):
    world = disputed_night(db)
    login_host(client)
    body = download(client, world.night)
    session = json.loads(body)
    block = session["tapete"]
    assert block["uid"] == store.get_night(db, world.night)["uid"]
    assert block["disputes"][0]["ruling"]["moves"] == {"Íñigo": -22, LONG_NAME: 22}
    before = settlement(db, world.night)
    assert before["moves"] == sorted([("Íñigo", -22), (LONG_NAME, 22)])
    assert [t[3:] for t in before["transfers"][0] if t[0] == "Íñigo"][0] == ("confirmed", "player:Íñigo", "host:test")
    assert before["transfers"][1][0][3] == "paid"

    # 1. the same club: refused as already present, with the link; nothing stored
    kept = snapshot(app.config["DATABASE"])
    answer = upload(client, body, "noche.json")
    assert answer.status_code == 409
    assert snapshot(app.config["DATABASE"]) == kept
    page = html.unescape(answer.get_data(as_text=True))
    assert f"La noche del archivo ya está en el club (noche {world.night}): no se ha importado nada." in page
    assert f'<a id="import-present-link" href="/host/night/{world.night}">Abrir la noche {world.night}</a>' in page
    assert "marca «Importar como copia» abajo y vuelve a elegir el archivo" in page
    english = html.unescape(upload(client, body, "noche.json", lang="en").get_data(as_text=True))
    assert f"The file's night is already in the club (night {world.night}): nothing was imported." in english
    assert "tick “Import as a copy” below and choose the file again" in english
    assert snapshot(app.config["DATABASE"]) == kept

    # 2. an empty club: the same settlement, standings and player pages
    other = open_club(tmp_path / "vacio")
    try:
        moved = night_of(upload(other.client, body, "noche.json"))
        assert [m for c, m in flashed(other.client) if c == "error"] == []
        assert settlement(other.db, moved) == before
        assert store.core.chain.verify(other.db, moved)["ok"]  # every row linked into the chain
        assert standings(other.db) == standings(db)
        assert running_totals(other.db) == running_totals(db)
        for name in NAMES:
            token = store.issue_token(other.db, store.find_player(other.db, name))
            assert phone_figures(other.client, token) == phone_figures(client, world.tokens[name]), name
        # the night there is the same night: its file is the one downloaded here
        assert json.loads(download(other.client, moved)) == session
        # ... and, uploaded back here, it is refused as already present
        assert upload(client, download(other.client, moved), "vuelta.json").status_code == 409
    finally:
        other.close()

    # 3. a deliberate copy: marked, left out of the standings and the running totals
    club, totals, owed = standings(db), running_totals(db), outstanding(db)
    copy = night_of(upload(client, body, "noche.json", copy="1"))
    assert ("ok", "Importada como copia: queda marcada como tal y fuera de la clasificación del club y del total "
                  "acumulado de los jugadores.") in flashed(client)
    night = store.get_night(db, copy)
    assert night["copy_of"] == block["uid"] and night["uid"] != block["uid"]
    assert settlement(db, copy) == before  # the copy's own figures are the night's
    assert standings(db) == club and running_totals(db) == totals
    assert [(r["night_id"], r["payer"], r["cents"]) for r in outstanding(db)] == \
        [(r["night_id"], r["payer"], r["cents"]) for r in owed]
    night_page = html.unescape(client.get(f"/host/night/{copy}?lang=es", follow_redirects=True).get_data(as_text=True))
    assert f"Esta noche se importó como copia de la noche {world.night}." in night_page
    assert "No cuenta en la clasificación del club ni en el total acumulado de los jugadores." in night_page
    nights = html.unescape(client.get("/host/?lang=es").get_data(as_text=True))
    assert f'id="copy-mark-{copy}"' in nights and f'id="copy-mark-{world.night}"' not in nights
    phone = html.unescape(client.get(f"/p/{world.tokens['Ana']}?lang=es").get_data(as_text=True))
    assert f'id="copy-{copy}"' in phone and "Copia importada de una noche: no cuenta en el total acumulado." in phone
    assert f'id="copy-{world.night}"' not in phone and phone.count('class="copy-note"') == 1  # (the original is none)


def test_a_file_from_before_the_id_is_matched_by_its_hands_and_ledger(app, db, client, tmp_path):
    """A file downloaded before the id (no ``uid``, none of the night's records: as the
    download wrote it then) names no night: it is matched by the fingerprint of its hands
    and buy-ins, in the club it came from and in a club it was imported into."""
    world = disputed_night(db)
    login_host(client)
    session = json.loads(download(client, world.night))
    old = {**session, "tapete": {k: v for k, v in session["tapete"].items()
                                 if k in ("chip_cents", "chips_per", "currency", "timezone", "title", "started_at",
                                          "closed", "hand_in_progress")}}
    body = json.dumps(old).encode()
    kept = snapshot(app.config["DATABASE"])
    answer = upload(client, body, "antigua.json", title="Otro título")
    assert answer.status_code == 409 and snapshot(app.config["DATABASE"]) == kept
    page = html.unescape(answer.get_data(as_text=True))
    assert (f"Ya hay en el club una noche con los mismos jugadores, compras y manos (noche {world.night}): no se ha "
            "importado nada.") in page
    assert f'href="/host/night/{world.night}"' in page
    # the same hands with one line more are another night
    other_hands = json.loads(body)
    other_hands["hands"][3]["actions"].append("d note otra noche")
    assert upload(client, json.dumps(other_hands).encode(), "otra.json").status_code == 302

    # imported into another club, then uploaded there again: the same
    other = open_club(tmp_path / "otro")
    try:
        first = night_of(upload(other.client, body, "antigua.json"))
        kept = snapshot(other.app.config["DATABASE"])
        again = upload(other.client, body, "antigua.json", title="Otra vez")
        assert again.status_code == 409 and snapshot(other.app.config["DATABASE"]) == kept
        assert f'href="/host/night/{first}"' in again.get_data(as_text=True)
        # a copy of it names the night it copies
        copy = night_of(upload(other.client, body, "antigua.json", copy="1"))
        assert store.get_night(other.db, copy)["copy_of"] == store.get_night(other.db, first)["uid"]
    finally:
        other.close()


def test_flask_import_refuses_a_night_the_club_has_and_imports_it_elsewhere_and_as_a_copy(app, db, runner,
                                                                                           tmp_path):
    """The command line, as the form: refused naming the night's page (exit 1, nothing
    stored), the same night in an empty club, and ``--copy`` a marked copy."""
    world = disputed_night(db)
    path = tmp_path / "noche.json"
    path.write_text(store.files.exporter.night_json(db, world.night), encoding="utf-8")
    kept = snapshot(app.config["DATABASE"])
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert (f"The file's night is already in the club (night {world.night}): nothing was imported. Its page: "
            f"/host/night/{world.night}. To import the file anyway as a copy (left out of the standings), add "
            "--copy.") in result.output
    assert snapshot(app.config["DATABASE"]) == kept

    other = open_club(tmp_path / "vacio")
    try:
        result = other.app.test_cli_runner().invoke(args=["import", str(path)])
        assert result.exit_code == 0, result.output
        moved = int(result.output.strip().splitlines()[-1])
        assert settlement(other.db, moved) == settlement(db, world.night)
        assert standings(other.db) == standings(db)
    finally:
        other.close()

    club = standings(db)
    result = runner.invoke(args=["import", str(path), "--copy"])
    assert result.exit_code == 0, result.output
    copy = int(result.output.strip().splitlines()[-1])
    assert store.get_night(db, copy)["copy_of"] == store.get_night(db, world.night)["uid"]
    assert standings(db) == club


@pytest.mark.parametrize("fmt", ["phh"])
def test_the_night_page_says_what_the_phh_download_leaves_out(app, db, client, fmt):
    """"The PHH download, which cannot carry all of these, says what it leaves out on the
    page", beside its link; and it does leave them out."""
    world = disputed_night(db)
    login_host(client)
    page = html.unescape(client.get(f"/host/night/{world.night}/play?lang=es").get_data(as_text=True))
    downloads = page[page.index('id="downloads"'):]
    downloads = downloads[:downloads.index("</p>", downloads.index('id="download-json-carries"'))]
    assert 'aria-describedby="download-phh-leaves"' in downloads
    assert ("El historial PHH deja fuera las reclamaciones y sus fallos (y las fichas que movieron en dinero; las "
            "entregadas en la mesa siguen en las manos), los gastos compartidos y las marcas de pago") in downloads
    text = client.get(f"/host/night/{world.night}/download/{fmt}").get_data(as_text=True)
    assert "disputes" not in text and "expenses" not in text and "payments" not in text
    assert store.get_night(db, world.night)["uid"] in text  # (it names its night all the same)
