"""Files in and out on the web (issue #15): the host uploads a session file (JSON,
CONTRACT.md section 1) or a PHH hand history to create a night, and downloads any night as
its session JSON, as PHH, or its money as CSV.

Once (issue 24): a file whose night the club already has (its stable id, or for a file
from before the id its hands and buy-ins: ``store.files.identity``) is refused with 409, the
form drawn again with the refusal, a link to that night and how to import it anyway: the
form's "Import as a copy" checkbox (``copy``) stores it as a deliberate copy, marked on the
night page and the night list and left out of the club standings and the players' running
totals. A downloaded night comes back whole: its disputes and rulings, expenses, payment
marks and close (``store.files.night_records``).

Upload (``POST /host/import``, host only, CSRF; a file of at most
``web.core.limits.MAX_UPLOAD_BYTES`` (8 MB), the route's own body limit, where every other route
keeps the app's 256 KB: past it the refusal is said on the form, nothing stored): the same reading and checks as the CLI's ``flask
import`` (``store.files.importer``: :func:`store.files.importer.load_session_text`, then
:func:`store.files.importer.import_session`, written in short pieces, the night invisible until
its last one: ``store.files.import_pieces``), with the CLI's options (chip
value as cents per N chips, currency, time zone, start, title). An option left empty is the
file's own (a downloaded night's ``"tapete"`` block, ``store.files.night_block``: its chip value,
currency, zone, start and title), else 10 cents a chip, EUR, the club's zone, now and the
file's name; a value the host types wins. A night the file says was still in play is
imported still in play (no counts beyond the file's, its last hand in progress when it
was), and the flash says so; a night the file says was closed is closed as the host's
close does by default (``store.files.importer.import_night``), and when that close is refused the
night stays open and the flash says why (the close's own refusal).
A refusal is said in the page's language from its code (``web.core.refusals``: the importer's
``file_not_json``, ``phh_unreadable``, ``phh_variant``, ``file_too_deep``, ``session_invalid``
...), never the importer's English or the file's name; nothing is stored (nothing the club
sees, when a later piece of the import refused it: that night is kept, invisible, marked
failed). It answers 400
with the form as the host filled it, as the new-night form does: the field it names (an
option's, else the file's) marked ``aria-invalid`` with the refusal beside it, asking to
choose the file again (a browser never fills a file field). An option's start is read in
the night's zone (the form's, else the file's, else the club's) and checked as the
new-night form's (``web.night.views._started_at``). The same file imported as a copy with the same
options (the title and start among them) again opens the copy it made (the importer's key), and
says so.

Downloads (``GET /host/night/<id>/download/<fmt>``, host only, read-only): ``json`` (the
night's session file: ``store.files.exporter.night_json``), ``phh`` (``.phh`` for one hand,
``.phhs`` for more: ``store.files.exporter.night_phh``), ``csv`` (one row per player: seat, name,
bought, counted, adjustment, net chips, net money, currency: ``store.files.exporter.money_rows``;
text cells that begin with a formula character are escaped, numbers stay numbers). Each is
an attachment with an ASCII file name made of the night's id and date only.
"""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import format_datetime, ngettext

import store
from store.core.times import local_time
from store.files import exporter
from store.files.failed_imports import failed_imports
from store.files.importer import PHH_SUFFIXES
from store.files.upload import Upload, Uploaded, import_upload, read_upload
from web.account.views import current_actor, host_required
from web.core import i18n
from web.core.db import get_db
from web.core.forms import (
    MAX_TITLE,
    check_text,
    currency_field,
    field_label,
    text_field,
)
from web.core.forms import int_field as _int
from web.core.heavy import heavy_print
from web.core.limits import MAX_UPLOAD_BYTES, upload_limit, upload_too_large_text
from web.core.refusals import kept_refusal_text, refusal_text
from web.night import night_form
from web.night.views import (
    DEFAULT_TIMEZONE,
    _started_at,
    _timezones,
    _zone_names,
    zone_field,
)

bp = Blueprint("files", __name__, url_prefix="/host")

FORMATS = {"json": "application/json", "phh": "text/plain", "csv": "text/csv"}
"""Download format -> its media type (UTF-8)."""

DEFAULT_CHIP_CENTS = 10
"""The chip value (cents a chip) of an upload when neither the form nor the file says it."""

IMPORT_FIELDS = frozenset({"file", "title", "timezone", "started_at", "chip_value", "chip_cents", "chips_per", "currency",
                           "copy"})
"""The import form's fields: a refusal is said beside one of them (the file's when it names
no other)."""

UPLOAD_SUFFIXES = (".json",) + PHH_SUFFIXES
"""The file names the upload reads by their suffix; any other is read by its content."""


def _club_tz() -> str:
    tz = current_app.config.get("CLUB_TIMEZONE", DEFAULT_TIMEZONE)
    return tz if tz in _zone_names() else DEFAULT_TIMEZONE


@bp.get("/import")
@host_required
def import_page():
    """The upload form: the file, and the CLI's options (title, chip value, currency,
    time zone, start) and the largest file accepted (``max_mb``; ``max_bytes`` and the
    refusal of a larger file, ``too_large``, for the page's check before sending:
    ``static/files/upload_limit.js``)."""
    return _import_form()


def said_failures(failures: list[dict]) -> list[dict]:
    """The failed imports (``store.files.failed_imports.failed_imports``) as the import
    page lists them: ``[{"night_id", "title", "when" (the time it failed, in the night's
    zone, as the page's language writes it; None when not kept), "why" (the refusal in
    words, ``web.core.refusals``)}]``."""
    return [{"night_id": f["night_id"], "title": f["title"],
             "when": format_datetime(local_time(f["failed_at"], f["timezone"]).replace(tzinfo=None),
                                     "d MMM y, HH:mm") if f["failed_at"] else None,
             "why": kept_refusal_text({"code": f["code"], "params": f["params"]})} for f in failures]


def _import_form(refusal: str | None = None, refused: str | None = None, present: int | None = None) -> str:
    """The upload form; after a refusal (``refusal``: its message in the page's language;
    ``refused``: the field it names, ``file`` for the file's content) the options as the
    host sent them (``request.form``) and that field marked, as the new-night form does
    (``templates/night/index.html``). A browser cannot keep the chosen file: the message
    asks to choose it again. ``present``: the night of the club the file is (the refusal
    ``night_present``), linked beside the refusal with the way to import a copy."""
    club_tz = _club_tz()
    return render_template("files/import.html", club_tz=club_tz, timezones=_timezones(club_tz),
                           failed=said_failures(failed_imports(get_db())),
                           max_mb=MAX_UPLOAD_BYTES // (1024 * 1024), max_bytes=upload_limit(request.path),
                           too_large=upload_too_large_text(request.path),
                           entered=request.form if refusal is not None else {}, refusal=refusal,
                           refused=refused, field_label=field_label, present=present)


def _file_name(raw: str | None) -> tuple[str, str]:
    """The uploaded file's base name without folders (a browser may send a Windows path)
    and its lower-case suffix when it is one the importer reads (else "")."""
    name = PureWindowsPath(PurePosixPath(raw or "").name).name
    suffix = PurePosixPath(name).suffix.lower()
    return name, suffix if suffix in UPLOAD_SUFFIXES else ""


def _title(explicit: str, name: str) -> str | None:
    """The night's title: the form's, else the file's name without its suffix when that is
    text a page may show (else none)."""
    if explicit:
        return explicit
    stem = PurePosixPath(name).stem[:MAX_TITLE]
    try:
        return check_text(stem, "title", MAX_TITLE) or None
    except ValueError:
        return None


def _read_upload() -> tuple[str, str, str]:
    """The uploaded file: its text, its name and its suffix (:func:`_file_name`).

    :raises ValueError: no file, one past ``MAX_UPLOAD_BYTES``, an empty one, or one that is not UTF-8 text (in the
        page's language)."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise ValueError(_("Choose a file to import: a session file (.json) or a PHH hand history (.phh, .phhs)."))
    name, suffix = _file_name(upload.filename)
    raw = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(raw) > MAX_UPLOAD_BYTES:
        raise ValueError(upload_too_large_text())
    if not raw.strip():
        raise ValueError(_("The file is empty."))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(_("The file is not text in UTF-8: save it as UTF-8 and try again.")) from None
    if "\x00" in text:
        raise ValueError(_("The file is not text in UTF-8: save it as UTF-8 and try again."))
    return text, name, suffix


@bp.post("/import")
@host_required
def import_file():
    """Create a night from an uploaded session file or PHH (see the module); to the new
    night's page, or 400 with the form as the host filled it, the refusal beside the field
    it names (nothing stored)."""
    named = night_form.named
    try:
        options = dict(chip_cents=night_form.chip_value(required=False),
                       chips_per=named("chips_per", lambda: _int("chips_per", required=False, low=1)),
                       currency=named("currency", lambda: currency_field() if text_field("currency", 10) else None),
                       timezone=zone_field("") or None,
                       title=named("title", lambda: text_field("title", MAX_TITLE)) or None)
        started = named("started_at", lambda: text_field("started_at", 40))
        copy = request.form.get("copy") == "1"
        text, name, suffix = _read_upload()
        defaults = {"chip_cents": DEFAULT_CHIP_CENTS, "timezone": _club_tz(), "title": _title("", name)}
        upload = read_upload(text, suffix, defaults, started_at=started or None, **options)
        options["started_at"] = named("started_at", lambda: _started_at(started, upload.timezone, empty_ok=True))
        done = import_upload(get_db(), upload, entered_by=current_actor(), defaults=defaults, copy=copy, **options)
    except ValueError as exc:  # StoreError is a ValueError
        return _refused(exc), 409 if getattr(exc, "code", None) == "night_present" else 400
    if not done.new:
        flash(_("This file was imported already as a copy, with the same options: here is that copy."), "ok")
    else:
        _say_imported(upload)
        if copy:
            flash(_("Imported as a copy: it is marked as one and left out of the club standings and the "
                    "players' running totals."), "ok")
    _say_not_closed(upload, done)
    return redirect(url_for("host.night", night_id=done.night_id))


def _say_not_closed(upload: Upload, done: Uploaded) -> None:
    """When the file says the night was closed (its block's ``"closed": true``) and its
    night here is open: why (the close's refusal, ``web.core.refusals``, when this import tried
    it; else that it is open here), so the difference is never silent."""
    if not upload.closed_in_file:
        return
    if done.close_refused is not None:
        flash(_("The file says the night was closed, but it could not be closed here, so it is still open: "
                "%(reason)s", reason=refusal_text(done.close_refused)), "error")
    elif not done.closed:
        flash(_("The file says the night was closed; its night here is still open: close it from its page."),
              "error")


def _refused(exc: ValueError) -> str:
    """The form drawn again after the refusal ``exc``: the field it names (an option's, a
    zone the store does not know, else the file), and, when a file was chosen, the ask to
    choose it again."""
    field = exc.field if isinstance(exc, night_form.FieldRefused) else None
    if getattr(exc, "code", None) == "unknown_timezone":
        field = "timezone"
    if field not in IMPORT_FIELDS:
        field = "file"
    said = refusal_text(exc)
    present = exc.params["night"] if getattr(exc, "code", None) == "night_present" else None
    upload = request.files.get("file")
    if upload is not None and upload.filename and present is None:
        said = _("%(refusal)s Choose the file again: the page cannot keep it.", refusal=said)
    return _import_form(said, field, present)


def _say_imported(upload: Upload) -> None:
    """Flash what the import made: players and hands, and, for a night the file says was
    still in play (``store.files.night_block.left_in_play``), that nobody else was counted and
    which hand is still in progress."""
    hands = upload.hands
    flash(_("Night imported: %(players)s, %(hands)s.", hands=ngettext("%(num)s hand", "%(num)s hands", hands),
            players=ngettext("%(num)s player", "%(num)s players", upload.players)), "ok")
    if upload.hand_in_progress:
        flash(_("As in the file, the night is still in play and hand %(n)s is in progress: only the counts "
                "the file has were entered.", n=hands), "ok")
    elif upload.still_open:
        flash(_("As in the file, the night is still in play: only the counts the file has were entered."), "ok")


def _download_name(info: dict, fmt: str, hands: int = 0) -> str:
    """``tapete-night-<id>-<date>.<ext>``: ASCII only (the date is the night's local date,
    digits and dashes); a PHH of more than one hand is ``.phhs``."""
    date = "".join(c for c in str(info.get("local_date") or "") if c.isascii() and (c.isdigit() or c == "-"))
    ext = "phhs" if fmt == "phh" and hands > 1 else fmt
    return f"tapete-night-{info['id']}" + (f"-{date}" if date else "") + f".{ext}"


@bp.get("/night/<int:night_id>/download/<fmt>")
@host_required
@heavy_print
def download(night_id: int, fmt: str):
    """The night as a file to save: ``fmt`` ``json``, ``phh`` or ``csv`` (see the module);
    404 for another format or no such night. Read-only."""
    if fmt not in FORMATS:
        abort(404)
    try:
        export = exporter.night_download(get_db(), night_id, fmt)
    except (store.StoreError, OverflowError):
        abort(404)
    info, hands = export["night"], export["hands"]
    g.night_preset = info["rules_frozen"].get("preset")  # the CSV's headings in the night's language
    if export["refused"] is not None:
        flash(refusal_text(export["refused"]), "error")
        return redirect(url_for("host.night", night_id=night_id))
    body = export["body"] if fmt != "csv" else "\ufeff" + exporter.csv_text(_csv_header(),
                                                                            [_csv_row(r) for r in export["rows"]])
    name = _download_name(info, fmt, hands)
    return Response(body, mimetype=FORMATS[fmt], headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


CHIP_COLUMNS, MONEY_COLUMN = (2, 3, 4, 5), 6
"""The CSV's figure columns (:func:`_csv_header`): bought, counted, adjustment and net in
chips; the net in money (a ``Decimal`` in the currency's units)."""


def _csv_row(row: list) -> list:
    """A row of ``store.files.exporter.money_rows`` as the CSV writes it: each figure as it
    is (numbers stay numbers), except one a page would not write as a number
    (``web.core.i18n.in_range``: a value stored before the store bounded amounts), which is
    the words "fuera de rango" / "out of range"."""
    cells = list(row)
    for index in CHIP_COLUMNS:
        if cells[index] is not None and not i18n.in_range(cells[index]):
            cells[index] = i18n.out_of_range()
    money = cells[MONEY_COLUMN]
    if money is not None and not (money.is_finite() and i18n.in_range(int(money.scaleb(2)))):
        cells[MONEY_COLUMN] = i18n.out_of_range()  # (in cents, as every money figure)
    return cells


def _csv_header() -> list[str]:
    """The CSV's column headings in the page's language (``store.files.exporter.money_rows``'s
    columns)."""
    return [_("Seat"), _("Player"), _("Bought (chips)"), _("Counted (chips)"), _("Adjustment (chips)"),
            _("Net (chips)"), _("Net (money)"), _("Currency")]
