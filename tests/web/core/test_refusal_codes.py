"""A store refusal is a code and its params, and every sentence a person reads is in the
gettext catalogue (issue 23, "one word system"): no ``StoreError`` in ``store/`` or ``web/``
is raised with an English message (a sentence, an f-string, the referee's own words passed
on), no module of ``store/`` or ``web/`` keeps a Spanish/English table or pair of
sentences of its own, the command line (``web/core/cli.py``) echoes, prompts or raises no
words that are not the catalogue's, and the store returns no sentence it built (an f-string
or ``.format`` of words: the chain check's problems are codes and data). Each scan is also
run on planted violations, so it can fail. (That every code has a sentence in both
languages is ``test_refusal_words.py``'s and ``test_chain_words.py``'s.)"""

from __future__ import annotations

import pytest
from refusal_scan import (
    _planted,
    bilingual_tables,
    cli_module,
    cli_words_outside_gettext,
    english_at_raise_sites,
    scanned_modules,
    store_sentences,
    web_words_outside_gettext,
)


def test_no_refusal_in_store_or_web_is_raised_with_words():
    trees = scanned_modules()
    assert len([n for n in trees if n.startswith("store/")]) > 30  # (the scan sees the store)
    assert not english_at_raise_sites(trees)


def test_no_module_of_store_or_web_keeps_a_table_of_sentences():
    assert not bilingual_tables(scanned_modules())


@pytest.mark.parametrize("source", [
    'raise StoreError("the night is closed")',
    'raise StoreError(f"seat {seat} is taken", "seat_taken", seat=seat)',
    'raise StoreError("seat_taken", f"seat {seat}")',
    'raise StoreError(MESSAGE)',
    'raise StoreError(str(exc))',
    'raise StoreError("seat_taken", why="the seat is taken by someone")',
    'raise StoreError("seat_taken", why=f"seat {seat}")',
    'raise StoreError("seat_taken", why="seat " + str(seat))',
    'try:\n    f()\nexcept RulesError as exc:\n    raise StoreError("rules_invalid", reason=str(exc))',
    'try:\n    f()\nexcept (OSError, PHHError) as exc:\n    raise StoreError("phh_invalid", reason=str(exc))',
    'class Refused(StoreError):\n    pass\nraise Refused("no backup at this path")',
    'raise store.StoreError(_("No such player."))',
])
def test_the_raise_scan_catches_words(source):
    assert english_at_raise_sites(_planted(source))


@pytest.mark.parametrize("source", [
    'raise StoreError("seat_taken", seat=seat, name=row["name"])',
    'raise BackupError(exc.code, **exc.params)',
    'try:\n    f()\nexcept OSError as exc:\n    raise StoreError("file_unreadable", detail=str(exc))',
    'try:\n    f()\nexcept StoreError as exc:\n    pass\ntry:\n    g()\nexcept OSError as exc:\n'
    '    raise StoreError("file_unreadable", detail=str(exc))',
    'raise StoreError("pokernow_total_too_large", column="buy_out + stack", lines=[1, 2])',
    'raise StoreError("pokernow_too_big", limit=MAX_BYTES // 1024)',
])
def test_the_raise_scan_lets_codes_pass(source):
    assert not english_at_raise_sites(_planted(source))


@pytest.mark.parametrize("source", [
    'WORDS = {"es": "La noche está cerrada.", "en": "The night is closed."}',
    'WORDS = {"closed": ("La noche está cerrada.", "The night is closed.")}',
    'PHASES = {"draw": ("Cambio", "Draw")}',
    'WORDS = {"closed": "the night is closed", "open": "the night is not closed"}',
    'PAIR = ("la noche está cerrada", "the night is closed")',
])
def test_the_table_scan_catches_tables_of_sentences(source):
    assert bilingual_tables(_planted(source))


@pytest.mark.parametrize("source", [
    'SQL = {"seats": "SELECT name FROM players WHERE id = ?", "hands": "SELECT 1 FROM hands"}',
    'WORDS = {"closed": _("the night is closed"), "open": _l("the night is not closed")}',
    'KINDS = {"buy_in": "buy-in", "unseat": "leaving the table"}',
    'FAULTS = {"started_at": ("not_a_time", "range")}',
])
def test_the_table_scan_lets_code_and_catalogue_calls_pass(source):
    assert not bilingual_tables(_planted(source))


def test_the_command_line_says_nothing_outside_the_catalogue():
    assert not cli_words_outside_gettext(cli_module())


@pytest.mark.parametrize("source", [
    'click.echo(f"night {night} closed: {count} transfers")',
    'click.echo("database ready")',
    'raise click.ClickException(f"cannot write {path}")',
    'raise ClickException("--started-at is read in --timezone")',
    'click.echo("night %s reopened" % night)',
    'click.echo("night {} reopened".format(night))',
    'click.echo(_("night %(night)s", night=night) + " reopened")',
    'click.echo(_("%(what)s", what=f"night {night} closed"))',
    'click.echo(f"{payer} pays {payee}", err=True)',
    'click.secho("Done", fg="green")',
    'password = click.prompt("Password", hide_input=True)',
    'click.prompt(_("Password"), confirmation_prompt="Repeat for confirmation")',
])
def test_the_command_line_scan_catches_words_outside_gettext(source):
    assert cli_words_outside_gettext(_planted(source))


@pytest.mark.parametrize("source", [
    'click.echo(_("night %(night)s closed", night=night))',
    'click.echo(ngettext("%(num)s link", "%(num)s links", n, head=result["head"]))',
    'click.echo(done.night_id)',
    'click.echo(f"{t[\'payer\']} -> {t[\'payee\']}: {money(t[\'cents\'], currency)}")',
    'raise click.ClickException(said(exc)) from None',
    'click.echo(_("see %(path)s", path=f"/reports/nights/{night}"), err=True)',
    'click.prompt(_("Password"), hide_input=True, confirmation_prompt=_("Repeat for confirmation"))',
    'click.secho(_("Done"), fg="green")',
])
def test_the_command_line_scan_lets_catalogue_words_and_data_pass(source):
    assert not cli_words_outside_gettext(_planted(source))


def test_the_store_returns_no_sentence_it_built():
    trees = {name: tree for name, tree in scanned_modules().items() if name.startswith("store/")}
    assert len(trees) > 30 and not store_sentences(trees)


@pytest.mark.parametrize("source", [
    'def f(n):\n    return {"message": f"link {n} is missing: a link was deleted"}',
    'def f(n):\n    return [f"seat {n} is taken by someone"]',
    'def f(n):\n    return _problem(n, None, f"link {n} points at a row gone from this night")',
    'def f(n):\n    return "link {} was deleted".format(n)',
    'def f(c):\n    return f"hand {c[\'number\']} started (button seat {c[\'button\']})"',
    'def f(n):\n    yield f"entry {n}: end of the hand"',
    'ROWS = {"seat": f"seat {n} is taken"}',
    'def f(result, n):\n    result["problem"] = _problem(None, f"the printed head {n} is not in the chain")',
])
def test_the_store_scan_catches_sentences_built_for_a_person(source):
    assert store_sentences(_planted(source))


@pytest.mark.parametrize("source", [
    'def f(t):\n    return f"SELECT t.id FROM {t} t WHERE t.night_id = ?"',
    'def f(t):\n    return [f"t.hand_id IN ({t})"]',
    'def f(p, s):\n    return f"{p}.before-restore-{s}"',
    'def f(n):\n    return {"code": "link_missing", "params": {"link": n, "next": n + 1}}',
    'def f(table, row):\n    return f"{table} {row}"',
    'def f(n):\n    raise ChainError(f"night {n} has a link too many")',
])
def test_the_store_scan_lets_codes_data_and_sql_pass(source):
    assert not store_sentences(_planted(source))


def test_no_view_says_words_outside_the_catalogue():
    """``flash``, ``abort``, ``jsonify`` and what a view returns carry the catalogue's words
    only (a fresh tester replaced ``flash(_("Expense voided."))`` by an English literal and
    nothing failed)."""
    trees = {name: tree for name, tree in scanned_modules().items() if name.startswith("web/")}
    assert len(trees) > 20 and not web_words_outside_gettext(trees)


@pytest.mark.parametrize("source", [
    'flash("Expense voided.")',
    'flash("Tablet link revoked.", "ok")',
    'flash(f"{name} voided")',
    'abort(400, "bad night here")',
    'abort(404, description="No such night")',
    'return {"error": "The night is closed."}',
    'return jsonify({"error": f"seat {n} is taken"}), 409',
    'return "The night is closed.", 400',
    'return jsonify(said="All taps stored")',
])
def test_the_view_scan_catches_words_outside_gettext(source):
    assert web_words_outside_gettext(_planted(source))


@pytest.mark.parametrize("source", [
    'flash(_("Expense voided."))',
    'flash(_("Marked paid.") if action == "paid" else _("Confirmed."), "ok")',
    'return {"error": "seat_taken"}',
    'return jsonify(ok=True, said=_("All taps stored."))',
    'return render_template("night/night.html", night=n)',
    'return {"when": format_datetime(start, "EEE d MMM y, HH:mm")}',
    'abort(404)',
])
def test_the_view_scan_lets_catalogue_words_and_data_pass(source):
    assert not web_words_outside_gettext(_planted(source))


def test_the_store_scan_catches_a_sentence_written_out_whole():
    assert store_sentences(_planted('def f():\n    return {"error": "The night is closed."}'))
