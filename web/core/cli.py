"""Flask commands: ``init-db``, ``import FILE``, ``close NIGHT``, ``reopen NIGHT --reason TEXT``,
``report NIGHT -o FILE.pdf``, ``verify [NIGHT] [--head HEX]``, ``demo``, ``dealer-link NIGHT
[--label TEXT]``, ``set-password USER [--password-stdin]``, ``setup-code``, ``backup FILE
[--force]``, ``restore FILE [--force]``.

``flask --app app import ../shared/cases/false_opener.json`` prints the new night's id.

Every line a person reads comes from the web's gettext catalogue (``translations/``), in
the club's language (:func:`spoken`: English unless the app's ``CLUB_LANGUAGE`` is
``"es"``): the commands' own lines, a store refusal in one line (``Error: ...``, exit 1;
:func:`said`, the pages' words of ``web.core.refusals``) and what ``verify`` finds
(``web.core.chain_words``). A count keeps the English plural for one too ("1 transfers",
"1 nights", as the command line always wrote them: the same words as before), while the
Spanish says one (``ngettext``). What a script reads stays bare: ``import`` prints the
night's id alone. Click's own words (``--help``, a usage error) are Click's, in English.
"""

from __future__ import annotations

import errno
import sys
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_babel import ngettext

import store
import store.account.accounts
import store.core.chain
import store.files.backup
import store.money.ledger
import store.stats.backfill
import store.stats.night_stats
from store.core import service_lock
from store.files.import_pieces import fail_interrupted
from web.core.chain_words import problem_place, problem_text
from web.core.refusals import refusal_text
from web.money.report import money, night_pdf

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"
DEMO_FILE = SAMPLES / "demo_night.json"


CLI_LANGUAGE = "en"
"""The language of the command line when the app's ``CLUB_LANGUAGE`` says none."""


def spoken():
    """The command line's language in force (``flask_babel.force_locale``; a context
    manager): the app's ``CLUB_LANGUAGE`` (``"es"`` or ``"en"``), English when it says
    none. Every line is said inside it, and only the lines: a report's PDF keeps the
    language it has without it."""
    return force_locale(current_app.config.get("CLUB_LANGUAGE") or CLI_LANGUAGE)


def said(exc: store.StoreError) -> str:
    """A store refusal as the command line says it, in one line: the same sentence as the
    pages (``web.core.refusals.refusal_text``, the gettext catalogue) in the club's language
    (:func:`spoken`)."""
    with spoken():
        return refusal_text(exc)


@contextmanager
def _store() -> Iterator:
    """The app's database for one command: a store refusal becomes the command's one-line
    error (exit 1, :func:`said`), and so does a write the store could not make
    (:func:`not_stored`); the connection is closed whatever happens. A
    database that cannot be opened (a wrong, lost or malformed chain key) is such a refusal
    too."""
    try:
        db = store.open_db(current_app.config["DATABASE"])
    except store.StoreError as exc:
        raise click.ClickException(said(exc)) from None
    try:
        yield db
    except store.StoreError as exc:
        raise click.ClickException(said(exc)) from None
    except (store.Busy, store.DiskFull) as exc:
        raise click.ClickException(not_stored(exc)) from None
    finally:
        db.close()


def not_stored(exc: store.Busy | store.DiskFull) -> str:
    """A write the store could not make, in one line in the club's language
    (:func:`spoken`): the database held by another write past the busy timeout
    (``store.Busy``), or out of room (``store.DiskFull``); nothing was stored either way."""
    with spoken():
        if isinstance(exc, store.DiskFull):
            return _("the disk is full: nothing was stored; make room on it and run the command again")
        return _("the database is busy with another write: nothing was stored; run the command again "
                 "in a few seconds")


def not_served(exc: OSError) -> str:
    """Why the service could not start, in one line in the club's language (:func:`spoken`;
    needs an app context): its mark beside the database (``store.core.service_lock``) could
    not be written, the disk full (``errno.ENOSPC``) or the folder not writable."""
    with spoken():
        if exc.errno == errno.ENOSPC:
            return _("Tapete did not start: the server's disk is full. Free some space on it, then start "
                     "Tapete again.")
        return _("Tapete did not start: the database's folder cannot be written. Let this user write there, "
                 "then start Tapete again.")


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database (or bring its schema up to date), and store the referee's ruling
    of every hand that has none, or one from another version of the referee (until then
    the pages judge those hands on every read), the money summary of every close made
    before closes stored one (``store.money.ledger.store_missing_summaries``), and the
    standings and outstanding transfers of every night closed before they were stored
    (``store.money.totals.store_missing``), and the statistics of every hand and closed
    night stored before they were (``store.stats.backfill.store_missing_hands``,
    ``store.stats.night_stats.store_missing``); with no server on the database, a night whose
    upload was cut off (still being imported) is marked failed
    (``store.files.import_pieces.fail_interrupted``)."""
    with _store() as db:
        applied = [m.name for m in store.migrations.applied(db)]
        judged = store.hand.judging.store_stale(db)
        store.money.ledger.store_missing_summaries(db)
        store.money.totals.store_missing(db)
        store.stats.backfill.store_missing_hands(db)    # (issue 28: each hand's facts, each closed night's sums)
        store.stats.night_stats.store_missing(db)
        if service_lock.serving_pid(current_app.config["DATABASE"]) is None:
            fail_interrupted(db)   # (an upload cut off by a stop or a crash: no server writes it now)
    with spoken():
        ready = _("database ready at %(path)s (%(count)s migrations)", path=current_app.config["DATABASE"],
                  count=len(applied))
        if judged:
            ready = ngettext("%(ready)s; %(num)s hands judged and stored",
                             "%(ready)s; %(num)s hands judged and stored", judged, ready=ready)
        click.echo(ready)


def _started_at(value: str | None) -> datetime | None:
    """``"2026-03-14 21:00"`` (club-local, read in --timezone) as a naive datetime."""
    if not value:
        return None
    try:
        when = datetime.fromisoformat(value.strip().replace("T", " "))
    except ValueError:
        with spoken():
            raise click.ClickException(_("--started-at %(value)s: write the date and time as '2026-03-14 21:00'",
                                         value=repr(value))) from None
    if when.tzinfo is not None:
        with spoken():
            raise click.ClickException(_("--started-at is read in --timezone: give it without an offset"))
    return when


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--chip-cents", type=int, default=None,
              help="value in cents of --chips-per chips (default: as in the file, else 1)")
@click.option("--chips-per", type=int, default=None, help="(default: as in the file, else 1)")
@click.option("--currency", default=None, help="(default: as in the file, else EUR)")
@click.option("--timezone", "tz", default=None,
              help="the club's time zone (IANA name); default as in the file, else the app's "
              "CLUB_TIMEZONE (Europe/Madrid)")
@click.option("--started-at", default=None, help="when the night started, in --timezone: '2026-03-14 21:00' "
              "(default: as in the file, else now)")
@click.option("--title", default=None, help="the night's title (default: as in the file, else the file's name)")
@click.option("--copy", is_flag=True, default=False,
              help="import a night the club already has anyway, as a copy (marked, left out of the standings "
              "and the players' running totals)")
@with_appcontext
def import_command(file, chip_cents, chips_per, currency, tz, started_at, title, copy):
    """Import a session (.json) or PHH (.phh) FILE as a night; prints the night id. An
    option not given is the file's own (a downloaded night's ``"tapete"`` block:
    ``store.files.night_block``), else its default. A night the file says was closed is closed;
    when that close is refused, stderr says why and the night stays open. A file whose
    night the club already has is refused (exit 1), naming that night's page, unless
    ``--copy`` (``store.files.importer.import_night``)."""
    start = _started_at(started_at)
    club_tz = current_app.config.get("CLUB_TIMEZONE", "Europe/Madrid")
    with _store() as db:
        try:
            done = store.import_night_file(db, file, chip_cents=chip_cents, chips_per=chips_per,
                                           currency=currency, timezone=tz, started_at=start, title=title,
                                           defaults={"timezone": club_tz}, copy=copy)
        except store.StoreError as exc:
            if exc.code != "night_present":
                raise
            with spoken():
                raise click.ClickException(_("%(refusal)s Its page: %(path)s. To import the file anyway as a copy "
                                             "(left out of the standings), add --copy.", refusal=said(exc),
                                             path=f"/host/night/{exc.params['night']}")) from None
    if done.close_refused is not None:
        with spoken():
            click.echo(_("night %(night)s is imported OPEN: the file says it was closed, but the close was "
                         "refused: %(reason)s", night=done.night_id, reason=said(done.close_refused)), err=True)
    click.echo(done.night_id)  # (the id alone: a script reads it)


def _player(db, name: str | None, option: str) -> int | None:
    if name is None:
        return None
    player_id = store.find_player(db, name)
    if player_id is None:
        with spoken():
            raise click.ClickException(_("%(option)s %(name)s: no player of that name", option=option,
                                         name=repr(name)))
    return player_id


@click.command("close")
@click.argument("night", type=int)
@click.option("--hub", default=None, help="everyone settles with this player (hub mode); "
              "default: the fewest transfers")
@click.option("--resolution", type=click.Choice(store.money.ledger.RESOLUTIONS), default=None,
              help="how a bank difference is settled")
@click.option("--player", default=None, help="the player an excess is charged to / a shortage credited to")
@click.option("--override-reason", default=None,
              help="close although a dispute of the night is still open (the reason is kept with the close)")
@with_appcontext
def close_command(night, hub, resolution, player, override_reason):
    """Close the NIGHT: bank check, its resolution, the settlement; prints the transfers.
    Refused while a dispute of the night is open, unless --override-reason says why."""
    with _store() as db:
        summary = store.close_night(db, night, entered_by="cli", resolution=resolution,
                                    charge_player_id=_player(db, player, "--player"),
                                    mode="hub" if hub else "fewest",
                                    hub_player_id=_player(db, hub, "--hub"),
                                    override_reason=override_reason)

    currency = summary["night"]["currency"]
    with spoken():
        click.echo(ngettext("night %(night)s closed: %(num)s transfers", "night %(night)s closed: %(num)s transfers",
                            len(summary["transfers"]), night=night))
    for t in summary["transfers"]:  # names, an arrow and the amount: no words to say
        click.echo(f"{t['payer']} -> {t['payee']}: {money(t['cents'], currency)}")


@click.command("reopen")
@click.argument("night", type=int)
@click.option("--reason", required=True, help="why the night is reopened (kept with the correction)")
@with_appcontext
def reopen_command(night, reason):
    """Reopen a closed NIGHT: its close and adjustments are voided (kept, with the reason)."""
    with _store() as db:
        store.reopen_night(db, night, reason=reason, entered_by="cli")
    with spoken():
        click.echo(_("night %(night)s reopened", night=night))


@click.command("report")
@click.argument("night", type=int)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="the PDF file to write")
@with_appcontext
def report_command(night, output):
    """Write the NIGHT's report (summary, players, transfers, hands) as a PDF."""

    if not output.parent.is_dir():
        with spoken():
            raise click.ClickException(_("cannot write %(path)s: the folder %(folder)s does not exist",
                                         path=output, folder=output.parent))
    with _store() as db:
        pdf = night_pdf(db, night)
    try:
        output.write_bytes(pdf)
    except OSError as exc:
        with spoken():
            raise click.ClickException(_("cannot write %(path)s: %(detail)s", path=output,
                                         detail=exc.strerror)) from None
    with spoken():
        click.echo(_("%(path)s (%(size)s bytes)", path=output, size=len(pdf)))


@click.command("verify")
@click.argument("night", type=int, required=False)
@click.option("--head", "printed", default=None, metavar="HEX",
              help="a head printed earlier (on the night report): is it still in the chain?")
@with_appcontext
def verify_command(night, printed):
    """Recompute the NIGHT's keyed hash chain (without NIGHT: every night's) and the club's
    (the payment handles, which belong to no night): prints each head and link count (exit
    0; the club's line only once a payment handle was given), or the first row of each that
    does not match (exit 1); then every stored figure of the club's standings and
    outstanding transfers that is not what the record gives (``store.money.totals``, exit 1); exit 2 for an unknown night. A key that is not the one the database was sealed with (or a lost or malformed
    one) is said as such, in one line (exit 1): it accuses no row."""
    if printed is not None and night is None:
        with spoken():
            raise click.UsageError(_("--head needs the NIGHT it was printed for"))
    try:
        db = store.open_db(current_app.config["DATABASE"])
    except store.StoreError as exc:
        raise click.ClickException(said(exc)) from None
    try:
        record = store.core.chain.verify_record(db, night, head=printed)
        derived = store.money.totals.verify_totals(db)
    except store.StoreError as exc:
        click.echo(said(exc), err=True)
        click.get_current_context().exit(2)
    finally:
        db.close()
    with spoken():
        for result in record["nights"]:
            for line in _verified(result["night_id"], result):
                click.echo(line)
        if record["club"]["links"] or not record["club"]["ok"]:  # (a club with no payment handle: nothing to say)
            click.echo(_club_verified(record["club"]))
        for problem in derived:
            click.echo(_derived_line(problem))
    click.get_current_context().exit(0 if record["ok"] and not derived else 1)


def _derived_line(problem: dict) -> str:
    """``verify``'s line for a stored figure that is not what the record gives
    (``store.money.totals.verify_totals``' problem; said inside :func:`spoken`)."""
    return _("stored figures: the row %(key)s of %(table)s does not match the record (edited behind its back); "
             "the pages say so instead of using it", key="/".join(str(k) for k in problem["key"]),
             table=problem["table"])


def _club_verified(result: dict) -> str:
    """``verify``'s line for the club's chain (``store.core.chain.verify_club``'s
    ``result``, which holds a link or a problem; said inside :func:`spoken`)."""
    if not result["ok"]:
        problem = result["problem"]
        return _("the club's payment handles: the record does not match at %(place)s: %(problem)s",
                 place=problem_place(problem), problem=problem_text(problem))
    return ngettext("the club's payment handles: the record is intact: %(num)s links, head %(head)s",
                    "the club's payment handles: the record is intact: %(num)s links, head %(head)s",
                    result["links"], head=result["head"])


def _verified(night: int, result: dict) -> list[str]:
    """``verify``'s lines for ``store.core.chain.verify``'s ``result`` (said inside
    :func:`spoken`): intact with its link count and head, or where and what does not match
    (``web.core.chain_words``); then where a printed head stands."""
    if result["ok"]:
        lines = [ngettext("night %(night)s: the record is intact: %(num)s links, head %(head)s",
                          "night %(night)s: the record is intact: %(num)s links, head %(head)s",
                          result["links"], night=night, head=result["head"])]
    else:
        problem = result["problem"]
        lines = [_("night %(night)s: the record does not match at %(place)s: %(problem)s", night=night,
                   place=problem_place(problem), problem=problem_text(problem))]
    mark = result["printed"]
    if mark is not None and mark["link"] is not None:
        since = mark["added_since"]
        if since:
            lines.append(ngettext("the printed head %(head)s is link %(link)s of %(links)s: %(num)s link added "
                                  "since it was printed",
                                  "the printed head %(head)s is link %(link)s of %(links)s: %(num)s links added "
                                  "since it was printed", since, head=mark["head"], link=mark["link"],
                                  links=result["links"]))
        else:
            lines.append(_("the printed head %(head)s is link %(link)s of %(links)s: nothing added since it was "
                           "printed", head=mark["head"], link=mark["link"], links=result["links"]))
    return lines


@click.command("demo")
@with_appcontext
def demo_command():
    """Load a sample night (closed and settled) so there is something to see at once."""
    with _store() as db:
        try:
            night_id = store.import_file(db, DEMO_FILE, chip_cents=5, currency="EUR", title="Demo")
        except store.StoreError as exc:  # loaded before (scripts/serve runs this each time): that night
            if exc.code != "night_present":
                raise
            night_id = exc.params["night"]
        if not store.get_night(db, night_id)["closed"]:
            bank = store.bank_check(db, night_id)
            store.close_night(db, night_id, entered_by="demo",
                              resolution="split" if bank["difference"] else None)
        # one tablet link, issued (and printed, once: only its hash is kept) when the demo
        # night has none live; every later run (scripts/serve runs this each time) keeps it
        token = None
        links = store.dealer_links(db, night_id)
        if not any(link["live"] for link in links):
            label = "Demo" if not links else f"Demo {len(links) + 1}"  # labels are unique per night
            token = store.issue_dealer_link(db, night_id, label, issued_by="demo", closed_ok=True)[1]
    with spoken():
        click.echo(_("demo night %(night)s: see %(path)s", night=night_id, path=f"/reports/nights/{night_id}"))
        if token is not None:
            click.echo(_("its tablet link (closed night: the tablet says so): %(path)s",
                         path=_dealer_path(night_id, token)))


def _dealer_path(night_id: int, token: str) -> str:
    """The tablet page of a dealer link, as a path (open it at the server's address)."""
    return f"/dealer/{night_id}/{token}/"


@click.command("dealer-link")
@click.argument("night", type=int)
@click.option("--label", default=None, help="the tablet's name (default: Tablet N)")
@with_appcontext
def dealer_link_command(night, label):
    """Issue a tablet (dealer) link for NIGHT and print its path, once (only its hash is
    kept; the host revokes it on the night page)."""
    with _store() as db:
        link_id, token = store.issue_dealer_link(db, night, label, issued_by="cli")
    with spoken():
        click.echo(_("tablet link %(link)s for night %(night)s (open it at the server's address): %(path)s",
                     link=link_id, night=night, path=_dealer_path(night, token)))


@click.command("set-password")
@click.argument("username")
@click.option("--password-stdin", is_flag=True,
              help="read the password from the first line of standard input (no prompt)")
@click.option("--new", "new", is_flag=True,
              help="create USERNAME as another host account (without it, only an existing account's "
                   "password is set, or the first account made)")
@with_appcontext
def set_password_command(username, password_stdin, new):
    """Set the password of the host account USERNAME (at least 10 characters): every
    session of the account ends and its failed logins are forgiven (a lockout from wrong
    guesses is lifted). Creates the account when none exists yet; when others exist, only
    with --new (so a typo does not make a second host account)."""
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        with spoken():
            password = click.prompt(_("Password"), hide_input=True,
                                    confirmation_prompt=_("Repeat for confirmation"))
    with _store() as db:
        created = store.account.accounts.set_password(db, username, password, new=new)[1]
    with spoken():
        if created:
            click.echo(_("host account %(name)s created", name=username.strip()))
        else:
            click.echo(_("host account %(name)s updated; its sessions ended and its failed logins were forgiven "
                         "(it may log in at once)", name=username.strip()))


@click.command("setup-code")
@click.option("--url", default="/host/setup", show_default=True, help="where the setup page is")
@with_appcontext
def setup_code_command(url):
    """Print a one-time code for the first visit's setup page (a new one each time,
    replacing the last), or say that the host account exists already."""
    with _store() as db:
        code = store.account.accounts.issue_setup_code(db)
        names = store.account.accounts.usernames(db)
    with spoken():
        if code is None:
            click.echo(_("Host account: %(names)s (log in at /host/login; `flask --app app set-password USER` sets "
                         "a new password)", names=", ".join(names)))
        else:
            click.echo(_("First run: open %(url)s and enter the setup code %(code)s to choose the host's username "
                         "and password (single use),\nor set them here: flask --app app set-password USER",
                         url=url, code=code))


@click.command("backup")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="replace an older backup at FILE (a regular file)")
@with_appcontext
def backup_command(file, force):
    """Write a backup of the database and its secrets.json to FILE (a tar, mode 600),
    safely while the service runs (SQLite's online backup API): ``store.files.backup``. An
    existing FILE is replaced only with --force, and only when it is a regular file."""
    try:
        made = store.files.backup.backup(current_app.config["DATABASE"], file, force=force)
    except store.StoreError as exc:
        raise click.ClickException(said(exc)) from None
    with spoken():
        click.echo(ngettext("%(path)s: %(num)s nights, backup made at %(made_at)s",
                            "%(path)s: %(num)s nights, backup made at %(made_at)s", made["nights"], path=file,
                            made_at=made["made_at"]))
        if made["chain_key"] == "environment":
            click.echo(_("the chain key comes from %(variable)s, not from secrets.json: keep it with this backup",
                         variable=store.core.secret_file.CHAIN_KEY_ENV), err=True)


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="replace the database that is there (its files are kept "
              "beside it as *.before-restore-TIME)")
@with_appcontext
def restore_command(file, force):
    """Restore the backup FILE as the database (and its secrets.json), after checking it:
    integrity_check, the schema, and every night's chain. Stop the service first (refused
    while it runs on the database or another process has it open)."""
    try:
        done = store.files.backup.restore(file, current_app.config["DATABASE"], force=force)
    except store.StoreError as exc:
        raise click.ClickException(said(exc)) from None
    with spoken():
        click.echo(ngettext("restored %(num)s nights (%(links)s chain links verified) from %(path)s (made at "
                            "%(made_at)s) into %(database)s",
                            "restored %(num)s nights (%(links)s chain links verified) from %(path)s (made at "
                            "%(made_at)s) into %(database)s", done["nights"], links=done["links"], path=file,
                            made_at=done["manifest"]["made_at"], database=current_app.config["DATABASE"]))
        for old in done["kept"]:
            click.echo(_("the old file is kept as %(path)s", path=old))
        if done["unchained"]:
            click.echo(_("not covered by the chain, restored as the backup holds them: %(tables)s (accounts, "
                         "sessions, tablet links: keep backups as safe as secrets.json)",
                         tables=", ".join(done["unchained"])))


def init_app(app: Flask) -> None:
    """Register the commands on ``app``."""
    for command in (init_db_command, import_command, close_command, reopen_command, report_command, verify_command,
                    demo_command, dealer_link_command, set_password_command, setup_code_command,
                    backup_command, restore_command):
        app.cli.add_command(command)
