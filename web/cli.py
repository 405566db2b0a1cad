"""Flask commands: ``init-db``, ``import FILE``, ``report NIGHT -o FILE.pdf``, ``demo``.

``flask --app app import ../shared/cases/false_opener.json`` prints the new night's id.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

import store

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
DEMO_FILE = SAMPLES / "demo_night.json"


def _db():
    return store.open_db(current_app.config["DATABASE"])


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database (or bring its schema up to date)."""
    db = _db()
    applied = [m.name for m in store.migrations.applied(db)]
    db.conn.close()
    click.echo(f"database ready at {current_app.config['DATABASE']} ({len(applied)} migrations)")


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--chip-cents", type=int, default=1, show_default=True,
              help="value in cents of --chips-per chips")
@click.option("--chips-per", type=int, default=1, show_default=True)
@click.option("--currency", default="EUR", show_default=True)
@click.option("--timezone", "tz", default="Europe/Madrid", show_default=True)
@with_appcontext
def import_command(file, chip_cents, chips_per, currency, tz):
    """Import a session (.json) or PHH (.phh) FILE as a night; prints the night id."""
    db = _db()
    try:
        night_id = store.import_file(db, file, chip_cents=chip_cents, chips_per=chips_per,
                                     currency=currency, timezone=tz)
    except store.StoreError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.conn.close()
    click.echo(night_id)


@click.command("report")
@click.argument("night", type=int)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="the PDF file to write")
@with_appcontext
def report_command(night, output):
    """Write the NIGHT's report (summary, players, transfers, hands) as a PDF."""
    from .reports import night_pdf

    db = _db()
    try:
        pdf = night_pdf(db, night)
    except store.StoreError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.conn.close()
    output.write_bytes(pdf)
    click.echo(f"{output} ({len(pdf)} bytes)")


@click.command("demo")
@with_appcontext
def demo_command():
    """Load a sample night (closed and settled) so there is something to see at once."""
    db = _db()
    try:
        night_id = store.import_file(db, DEMO_FILE, chip_cents=5, currency="EUR", title="Demo")
        if not store.get_night(db, night_id)["closed"]:
            bank = store.bank_check(db, night_id)
            store.close_night(db, night_id, entered_by="demo",
                              resolution="split" if bank["difference"] else None)
    except store.StoreError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.conn.close()
    click.echo(f"demo night {night_id}: see /reports/nights/{night_id}")


@click.command("host-pin")
@with_appcontext
def host_pin_command():
    """Print the host PIN that opens the host and dealer pages."""
    click.echo(current_app.config["HOST_PIN"])


def init_app(app: Flask) -> None:
    """Register the commands on ``app``."""
    for command in (init_db_command, import_command, report_command, demo_command, host_pin_command):
        app.cli.add_command(command)
