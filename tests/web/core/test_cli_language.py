"""The command line says its own lines from the web's gettext catalogue (issue 23, "one word
system"): in English by default, word for word as it always has, and in Spanish when the
app's ``CLUB_LANGUAGE`` is ``"es"`` (``web.core.cli.spoken``), with the glossary's words
(eslabón, asiento, repartidor ...). What a script reads stays bare: ``import`` prints the
night's id alone in both."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from dispute_cases import case
from tablets import night_with_first_hand

import store
from app import create_app


def false_opener_night(db, shared) -> int:
    """The false opener's night (``shared/cases/false_opener.json``), its hand logged and
    ended: Ana (seat 1), Bruno (3) and Chus (4) bought in 500 each; Bruno wins 75."""
    return night_with_first_hand(db, case(shared, "false_opener")[0])[0]


def run(app, *args: str, language: str | None = None, stdin: str | None = None):
    """``flask ARGS`` on ``app`` with ``CLUB_LANGUAGE`` set to ``language`` (None: unset)."""
    app.config.pop("CLUB_LANGUAGE", None)
    if language is not None:
        app.config["CLUB_LANGUAGE"] = language
    return app.test_cli_runner().invoke(args=list(args), input=stdin)


@pytest.fixture
def tampered(app, db, shared):
    """The false opener's night with the opener's action rewritten behind the record's back
    (``p3 open 10`` -> ``p3 open 20``, the triggers dropped as an attacker would):
    ``(night id, its link, the event's row id)``."""
    night_id = false_opener_night(db, shared)
    row = db.execute("SELECT id FROM events WHERE action = 'p3 open 10'").fetchone()[0]
    link = db.execute("SELECT n FROM chain WHERE tbl = 'events' AND row_id = ?", [row]).fetchone()[0]
    conn = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    for (trigger,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'"
                                   ).fetchall():
        conn.execute(f"DROP TRIGGER {trigger}")
    conn.execute("UPDATE events SET action = 'p3 open 20' WHERE id = ?", [row])
    conn.close()
    return night_id, link, row


def test_verify_of_a_tampered_night_says_where_and_what_in_english_by_default_and_in_spanish(app, tampered):
    night, link, row = tampered
    english = run(app, "verify", str(night))
    assert english.exit_code == 1
    assert english.output == (f"night {night}: the record does not match at link {link} (events row {row}): "
                              f"link {link} (events row {row}) does not match: hand 1, action 6: p3 open 20 was "
                              "changed after it was written (or the link was)\n")
    spanish = run(app, "verify", str(night), language="es")
    assert spanish.exit_code == 1
    assert spanish.output == (f"noche {night}: el registro no coincide en el eslabón {link} (events, fila {row}): "
                              f"el eslabón {link} (events, fila {row}) no coincide: mano 1, acción 6: p3 open 20 "
                              "se cambió después de escribirse (o se cambió el eslabón)\n")
    assert run(app, "verify", str(night), language="en").output == english.output


def test_verify_of_an_intact_night_and_its_printed_head_in_both_languages(app, db, shared):
    night = false_opener_night(db, shared)
    mark = store.core.chain.head(db, night)
    head, links = mark["head"], mark["links"]
    english = run(app, "verify", str(night), "--head", head)
    assert english.exit_code == 0
    assert english.output == (f"night {night}: the record is intact: {links} links, head {head}\n"
                              f"the printed head {head} is link {links} of {links}: nothing added since it was "
                              "printed\n")
    store.cash_out(db, night, store.find_player(db, "Ana"), 495, entered_by="host")
    spanish = run(app, "verify", str(night), "--head", head, language="es")
    assert spanish.exit_code == 0
    now = store.core.chain.head(db, night)["head"]
    assert spanish.output == (f"noche {night}: el registro está intacto: {links + 1} eslabones, cabeza {now}\n"
                              f"la cabeza impresa {head} es el eslabón {links} de {links + 1}: 1 eslabón añadido "
                              "desde que se imprimió\n")


def _counted(db, night: int, counts: dict[str, int]) -> None:
    for name, chips in counts.items():
        store.cash_out(db, night, store.find_player(db, name), chips, entered_by="host")


def test_close_says_the_transfers_in_the_clubs_language(app, db, shared):
    """The false opener's night: Ana lost her ante (5 chips), Chus 35, Bruno won 40; at 10
    cents a chip, two transfers to Bruno. The transfer lines are names and amounts: the same
    in both languages."""
    night = false_opener_night(db, shared)
    _counted(db, night, {"Ana": 495, "Bruno": 540, "Chus": 465})
    english = run(app, "close", str(night))
    assert english.exit_code == 0, english.output
    assert english.output == (f"night {night} closed: 2 transfers\n"
                              "Chus -> Bruno: 3.50 EUR\nAna -> Bruno: 0.50 EUR\n")
    assert run(app, "reopen", str(night), "--reason", "recount", language="es").output == \
        f"noche {night} reabierta\n"
    spanish = run(app, "close", str(night), language="es")
    assert spanish.exit_code == 0, spanish.output
    assert spanish.output == (f"noche {night} cerrada: 2 transferencias\n"
                              "Chus -> Bruno: 3.50 EUR\nAna -> Bruno: 0.50 EUR\n")


def test_one_transfer_is_one_in_spanish(app, db):
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bruno")):
        store.seat_player(db, night, store.add_player(db, name), seat, entered_by="host")
        store.buy_in(db, night, store.find_player(db, name), 100, entered_by="host")
    _counted(db, night, {"Ana": 150, "Bruno": 50})
    spanish = run(app, "close", str(night), language="es")
    assert spanish.output == f"noche {night} cerrada: 1 transferencia\nBruno -> Ana: 5.00 EUR\n"


def test_demo_says_where_to_look_in_the_clubs_language(app):
    english = run(app, "demo")
    assert english.exit_code == 0, english.output
    night = int(re.match(r"demo night (\d+): see /reports/nights/\1\n", english.output).group(1))
    assert re.fullmatch(rf"demo night {night}: see /reports/nights/{night}\n"
                        rf"its tablet link \(closed night: the tablet says so\): /dealer/{night}/[\w-]+/\n",
                        english.output)
    db = store.open_db(app.config["DATABASE"])
    try:  # the demo's link revoked: the next demo issues another one, said in Spanish
        for link in store.dealer_links(db, night):
            store.revoke_dealer_link(db, link["id"], revoked_by="host", night_id=night)
    finally:
        db.conn.close()
    spanish = run(app, "demo", language="es")
    assert spanish.exit_code == 0, spanish.output
    assert re.fullmatch(rf"noche de demostración {night}: mírala en /reports/nights/{night}\n"
                        rf"su enlace de tableta \(noche cerrada: la tableta lo dice\): /dealer/{night}/[\w-]+/\n",
                        spanish.output)


def test_backup_says_what_it_holds_in_the_clubs_language(app, db, shared, tmp_path):
    false_opener_night(db, shared)
    made = r"\d{4}-\d\d-\d\dT[\d:.]+(?:\+00:00|Z)?"
    english = run(app, "backup", str(tmp_path / "en.tar"))
    assert english.exit_code == 0, english.output
    assert re.fullmatch(rf"{re.escape(str(tmp_path / 'en.tar'))}: 1 nights, backup made at {made}\n", english.output)
    spanish = run(app, "backup", str(tmp_path / "es.tar"), language="es")
    assert spanish.exit_code == 0, spanish.output
    assert re.fullmatch(rf"{re.escape(str(tmp_path / 'es.tar'))}: 1 noche, copia de seguridad hecha el {made}\n",
                        spanish.output)


def test_the_other_commands_lines_are_spanish_too(app, db, tmp_path):
    """init-db, import (its id bare), a refused --started-at, an unknown --player, report,
    dealer-link, setup-code, set-password (its prompts too) and restore, each in Spanish."""
    es = {}
    es["init-db"] = run(app, "init-db", language="es").output
    session = tmp_path / "night.json"
    session.write_text(json.dumps({"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5}, "hands": [],
                                   "players": [{"seat": 1, "name": "Ana", "stack": 100},
                                               {"seat": 2, "name": "Bruno", "stack": 100}]}))
    imported = run(app, "import", str(session), language="es")
    night = int(imported.output)
    assert imported.output == f"{night}\n"
    es["started-at"] = run(app, "import", str(session), "--started-at", "ayer", language="es").output
    es["player"] = run(app, "close", str(night), "--player", "Zoe", language="es").output
    es["report"] = run(app, "report", str(night), "-o", str(tmp_path / "no" / "r.pdf"), language="es").output
    es["dealer-link"] = run(app, "dealer-link", str(night), language="es").output
    es["setup-code"] = run(app, "setup-code", language="es").output
    es["set-password"] = run(app, "set-password", "host", language="es",
                             stdin="una clave larga\nuna clave larga\n").output
    run(app, "backup", str(tmp_path / "b.tar"))
    fresh = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fresh" / "tapete.db"), "SECRET_KEY": "test"})
    es["restore"] = run(fresh, "restore", str(tmp_path / "b.tar"), language="es").output
    assert es["init-db"].startswith(f"base de datos lista en {app.config['DATABASE']} (")
    assert es["init-db"].endswith(" migraciones)\n")
    assert es["started-at"] == "Error: --started-at 'ayer': escribe la fecha y la hora así: '2026-03-14 21:00'\n"
    assert es["player"] == "Error: --player 'Zoe': no hay ningún jugador con ese nombre\n"
    assert es["report"] == (f"Error: no se puede escribir {tmp_path / 'no' / 'r.pdf'}: la carpeta "
                            f"{tmp_path / 'no'} no existe\n")
    assert re.fullmatch(rf"enlace de tableta \d+ para la noche {night} \(ábrelo en la dirección del servidor\): "
                        rf"/dealer/{night}/[\w-]+/\n", es["dealer-link"])
    assert es["setup-code"].startswith("Primer arranque: abre /host/setup y escribe el código de configuración ")
    assert es["set-password"] == "Contraseña: \nRepítela para confirmar: \ncuenta del anfitrión host creada\n"
    assert re.match(rf"1 noche restaurada \(\d+ eslabones de la cadena verificados\) desde "
                    rf"{re.escape(str(tmp_path / 'b.tar'))} \(hecha el .+\) en {re.escape(fresh.config['DATABASE'])}\n"
                    r"fuera de la cadena, restauradas tal como las tiene la copia: accounts, ", es["restore"])
    for command, output in es.items():  # no line of the English commands' words
        assert not re.search(r"(?<![-/\w])(night|link|database|player|cannot|account|backup|write)\b",
                             output), command


def test_the_club_language_is_set_from_the_environment(tmp_path, monkeypatch):
    """``TAPETE_LANGUAGE=es`` makes the command line speak Spanish (README, Command line): a
    fresh tester found ``CLUB_LANGUAGE`` out of reach from the shell."""
    from app import create_app

    monkeypatch.setenv("TAPETE_SECRET_KEY", "test")
    said = {}
    for language in ("es", None):
        if language:
            monkeypatch.setenv("TAPETE_LANGUAGE", language)
        else:
            monkeypatch.delenv("TAPETE_LANGUAGE", raising=False)
        app = create_app({"DATABASE": str(tmp_path / f"{language}.db")})
        assert app.config["CLUB_LANGUAGE"] == (language or "")
        said[language] = app.test_cli_runner().invoke(args=["demo"]).output
    assert said[None].startswith("demo night 1: see /reports/nights/1")
    assert said["es"].startswith("noche de demostración 1: mírala en /reports/nights/1"), said["es"]
