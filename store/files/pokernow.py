"""A PokerNow ledger (the CSV its "Download Ledger" gives) imported as a night's ledger:
each player's buy-ins and cash-outs, so the night settles who pays whom. No hands: they
were played on PokerNow, and the referee has none to judge.

The file: a header row naming the columns ``player_nickname, player_id,
session_start_at, session_end_at, buy_in, buy_out, stack, net`` and, in PokerNow's newer
exports, ``nit_escrow`` (in any order; other columns are ignored), then one row per
session: a player who left and came back has a row per stint. A session still open when
the ledger was downloaded has an empty ``session_end_at`` and ``buy_out``, its chips in
``stack``; a finished one has ``stack`` 0. ``nit_escrow`` is what a "nit game" holds of the
player's chips at the download (PokerNow counts it as the player's: it is paid back). So
a row balances when ``buy_out + stack + nit_escrow - buy_in = net``.

Choices (documented here, the one place):

- **Amounts.** The host says whether the file's amounts are ``cents`` (whole numbers of
  hundredths of the currency: PokerNow's "cents" games export 12.50 as 1250) or ``units``
  (the currency itself, up to two decimals: 12.5 or 12.50). Either way they are read as
  int cents; a night's chip is then one unit of the currency (``chip_cents`` 100) when
  every amount is a whole number of units, else one cent (``chip_cents`` 1). No rounding
  ever: an amount with more decimals than the choice allows is refused.
- **Rows of one ``player_id`` are summed** (PokerNow's id, not the nickname, is the
  player): buy-in = the sum of ``buy_in``; cash-out (the chips counted) = the sum of
  ``buy_out + stack + nit_escrow``. The player's name is the nickname of the player's
  latest row (by session start, else end; undated rows last), matched with the club's
  players by name (``store.player.players.player_by_name``: added when new). Two PokerNow
  players whose names are the same club name are refused (the host tells them apart in
  the file).
- **A refunded row** (PokerNow's "refund": the admin gave the whole buy-in back before the
  player ever sat: no ``session_start_at``, ``buy_out`` = ``buy_in``, ``stack`` and
  ``nit_escrow`` 0, so ``net`` 0) moves no money: it is left out of the sums, and a
  player whose every row is refunded is not seated at all. The result lists those rows.
- **Refused, nothing stored**, naming the row (its line in the file and its nickname): a
  nickname holding a line break, a tab or any other character ``store.core.checks.bad_characters``
  names (a nickname is one line: the club would show "Ana\nBB" as "Ana BB"), a
  row that does not balance, an amount that is not one (negative, where only ``net`` may
  be; not a number; more decimals than the choice allows), a time that is not a date,
  a row with no ``player_id`` or nickname or with another number of cells than the
  header, a session time before 1 January 2000 or more than a year from now (a night's
  start has those bounds wherever it comes from: ``store.night.nights.start_in_bounds``).
  Refused for the whole file: a missing column, no rows, more than :data:`MAX_ROWS` rows
  or :data:`MAX_BYTES` bytes, nets that do not add up to 0 (the bank would not balance: a
  PokerNow ledger always does), more than
  :data:`MAX_PLAYERS` players with money (a night seats ten), a player who cashes out
  without buying in.
- **The night** starts at the earliest session start (else end) in the file (UTC when the
  time has no zone); each player is seated (seat 1, 2 ... by first session), bought in
  once and counted once, all in one transaction, under an idempotency key made from the
  file and the options, so the same upload again gives the same night. It is an ordinary
  open night: the host closes it (``store.money.ledger.close_night``) and the settlement is the
  usual one. Its key starts with :data:`KEY_PREFIX`: ``store.night.nights.hands_elsewhere``
  tells the count comparison (``store.money.counts``) that its counts have no hands to be
  compared with.

Nicknames are text only: stored as names (never evaluated; a page escapes them, a CSV
export escapes formula-looking cells).
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from dataclasses import dataclass
from datetime import datetime
from datetime import timezone as dt_timezone

from sqlite_utils import Database

from store.core.checks import MAX_CHIPS, StoreError, bad_characters
from store.core.records import existing
from store.core.transactions import write_tx
from store.money.ledger import buy_in, cash_out
from store.night.nights import LEDGER_IMPORT_KEY, create_night, seat_player, start_in_bounds
from store.player.players import name_key, player_by_name

AMOUNTS = ("cents", "units")
"""What the file's amounts are: hundredths of the currency, or the currency itself."""

COLUMNS = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in", "buy_out",
           "stack", "net")
"""The columns every PokerNow ledger has (``nit_escrow`` may be there too)."""

OPTIONAL = ("nit_escrow",)

MAX_BYTES = 200 * 1024
"""Largest file read (a night's ledger is a few KB)."""

MAX_ROWS = 1000
"""Most rows read."""

MAX_PLAYERS = 10
"""Most players with money: a night's seats are 1-10 (``store.night.nights.seat_player``)."""

KEY_PREFIX = LEDGER_IMPORT_KEY
"""The idempotency key of a night made from a PokerNow ledger starts with this
(``store.night.nights.hands_elsewhere`` reads it)."""

_AMOUNT = re.compile(r"(-?)(\d+)(?:\.(\d{1,2}))?")

_MAX_DIGITS = len(str(MAX_CHIPS))
"""Digits of a whole part past which an amount is too large however it is read (checked
before ``int()``, which refuses thousands of digits)."""


@dataclass(frozen=True)
class LedgerRow:
    """One row of the file. Amounts are int cents; times aware datetimes or None."""
    line: int
    nickname: str
    player_id: str
    start: datetime | None
    end: datetime | None
    buy_in: int
    buy_out: int
    stack: int
    nit_escrow: int
    net: int

    @property
    def refunded(self) -> bool:
        """The whole buy-in given back before the player sat (see the module)."""
        return self.start is None and self.buy_out == self.buy_in and not self.stack and not self.nit_escrow

    @property
    def cashed(self) -> int:
        """What the row hands back: ``buy_out + stack + nit_escrow`` (cents)."""
        return self.buy_out + self.stack + self.nit_escrow

    @property
    def when(self) -> datetime | None:
        return self.start or self.end


@dataclass(frozen=True)
class LedgerPlayer:
    """One PokerNow player, rows summed: ``bought`` and ``cashed`` in int cents, ``lines``
    the file lines summed (refunded ones left out), ``name_line`` the line whose nickname
    names the player."""
    player_id: str
    name: str
    name_line: int
    lines: tuple[int, ...]
    bought: int
    cashed: int

    @property
    def net(self) -> int:
        return self.cashed - self.bought


@dataclass(frozen=True)
class Ledger:
    """A file read and checked: the players with money (in seat order), the refunded rows,
    the number of rows, the earliest time, and the chip the night counts in
    (``chip_cents``: 100 or 1, see the module)."""
    players: tuple[LedgerPlayer, ...]
    refunded: tuple[LedgerRow, ...]
    rows: int
    started_at: datetime | None
    chip_cents: int

    def chips(self, cents: int) -> int:
        """An amount (int cents) as the night's chips."""
        return cents // self.chip_cents

    @property
    def summed(self) -> int:
        """How many rows were added to another of the same player."""
        return sum(len(p.lines) - 1 for p in self.players)


def _visible(text: str) -> str:
    """A cell as a message may quote it: control and invisible characters as ``U+XXXX``,
    at most 60 characters."""
    text = "".join(c if c.isprintable() else f"U+{ord(c):04X}" for c in str(text))
    return text if len(text) <= 60 else text[:59] + "…"


def written(cents: int, amounts: str) -> str:
    """An amount (int cents) as the file writes it: ``cents`` as a whole number; ``units``
    with two decimals unless whole (``-1250`` -> ``"-12.50"``, ``500`` -> ``"5"``)."""
    if amounts == "cents":
        return str(cents)
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}" + (f".{part:02d}" if part else "")


def _amount(raw: str, column: str, amounts: str, where: dict, *, signed: bool = False,
            required: bool = False) -> int:
    """A cell as int cents; empty is 0 unless ``required``.

    :raises StoreError: code ``pokernow_amount`` (line, nickname, column, value, amounts);
        ``pokernow_amount_too_large`` (the same and ``max``: :data:`store.core.checks.MAX_CHIPS`
        cents as the file writes it) for an amount past that limit.
    """
    text = raw.strip()
    if not text and not required:
        return 0
    found = _AMOUNT.fullmatch(text)
    if found is None or (found.group(1) and not signed) or (found.group(3) and amounts == "cents"):
        raise StoreError("pokernow_amount", column=column, value=_visible(text), amounts=amounts, **where)
    sign, whole, part = found.groups()
    whole = whole.lstrip("0") or "0"
    cents = None if len(whole) > _MAX_DIGITS else (
        int(whole) if amounts == "cents" else int(whole) * 100 + int((part or "0").ljust(2, "0")))
    if cents is None or cents > MAX_CHIPS:
        raise StoreError("pokernow_amount_too_large", column=column, value=_visible(text), amounts=amounts,
                         max=written(MAX_CHIPS, amounts), **where)
    return -cents if sign else cents


def _time(raw: str, column: str, where: dict) -> datetime | None:
    """A session time (ISO 8601, ``Z`` or an offset; none means UTC), or None when empty.

    :raises StoreError: code ``pokernow_time`` (line, nickname, column, value);
        ``pokernow_time_range`` (the same): before ``store.night.nights.EARLIEST_START`` or more
        than a year from now (``store.night.nights.start_in_bounds``: the night starts at the
        earliest time, so every time has a night start's bounds).
    """
    text = raw.strip()
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text) if len(text) <= 40 else None
    except ValueError:
        when = None
    if when is None:
        raise StoreError("pokernow_time", column=column, value=_visible(text), **where)
    when = when if when.tzinfo is not None else when.replace(tzinfo=dt_timezone.utc)
    if not start_in_bounds(when):
        raise StoreError("pokernow_time_range", column=column, value=_visible(text), **where)
    return when


def _header(reader) -> tuple[dict[str, int], int]:
    """Column name -> index, and the number of cells, from the header row.

    :raises StoreError: ``pokernow_empty`` (no header), ``pokernow_columns`` (missing:
        the columns not there; duplicated: those named twice).
    """
    try:
        names = [n.strip().lstrip("\ufeff").strip().lower() for n in next(reader)]
    except StopIteration:
        raise StoreError("pokernow_empty") from None
    twice = sorted({n for n in names if names.count(n) > 1 and n in COLUMNS + OPTIONAL})
    missing = [c for c in COLUMNS if c not in names]
    if missing or twice:
        raise StoreError("pokernow_columns", missing=missing, twice=twice)
    return {n: i for i, n in enumerate(names)}, len(names)


def _row(cells: list[str], at: dict[str, int], width: int, line: int, amounts: str) -> LedgerRow:
    """One data row read and its balance checked (see the module).

    :raises StoreError: ``pokernow_cells``, ``pokernow_no_player``, ``pokernow_amount``,
        ``pokernow_time``, ``pokernow_name`` (a nickname with a control or invisible
        character: ``reason_code`` ``name_invisible``), ``pokernow_unbalanced`` (line, nickname, and the row's figures as
        the file writes them: buy_in, buy_out, stack, nit_escrow, expected, net).
    """
    if len(cells) != width:
        raise StoreError("pokernow_cells", line=line, cells=len(cells), columns=width)
    cell = {name: cells[i] for name, i in at.items()}
    nickname, player = cell["player_nickname"].strip(), cell["player_id"].strip()
    where = {"line": line, "nickname": _visible(nickname)}
    if not nickname or not player or len(player) > 200:
        raise StoreError("pokernow_no_player", **where)
    bad = bad_characters(cell["player_nickname"])  # one line: no line break, tab or other control
    if bad:
        raise StoreError("pokernow_name", reason_code="name_invisible",
                         reason_params={"chars": ", ".join(bad)}, **where)
    money = {name: _amount(cell.get(name, ""), name, amounts, where, required=name == "buy_in")
             for name in ("buy_in", "buy_out", "stack", "nit_escrow")}
    net = _amount(cell["net"], "net", amounts, where, signed=True, required=True)
    row = LedgerRow(line, nickname, player, _time(cell["session_start_at"], "session_start_at", where),
                    _time(cell["session_end_at"], "session_end_at", where), net=net, **money)
    if row.cashed - row.buy_in != net:
        figures = {k: written(v, amounts) for k, v in money.items()}
        raise StoreError("pokernow_unbalanced", expected=written(row.cashed - row.buy_in, amounts),
                         net=written(net, amounts), **figures, **where)
    return row


def read_rows(text: str, amounts: str) -> list[LedgerRow]:
    """The file's rows, each read and checked (see the module); blank lines skipped.

    :param text: the file's text (a leading byte-order mark is ignored).
    :param amounts: ``"cents"`` or ``"units"`` (:data:`AMOUNTS`).
    :raises StoreError: the first row or figure refused (codes ``pokernow_*``), or
        ``pokernow_amounts`` (amounts not one of :data:`AMOUNTS`), ``pokernow_too_big``
        (limit: :data:`MAX_BYTES`), ``pokernow_too_many_rows`` (limit), ``pokernow_empty``.
    """
    if amounts not in AMOUNTS:
        raise StoreError("pokernow_amounts")
    if not isinstance(text, str) or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise StoreError("pokernow_too_big", limit=MAX_BYTES // 1024)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), strict=True)
    try:
        at, width = _header(reader)
        rows = []
        while True:
            line = reader.line_num + 1  # the row's first line (a quoted cell may span lines)
            cells = next(reader, None)
            if cells is None:
                break
            if not any(c.strip() for c in cells):
                continue
            if len(rows) == MAX_ROWS:
                raise StoreError("pokernow_too_many_rows", limit=MAX_ROWS)
            rows.append(_row(cells, at, width, line, amounts))
    except csv.Error:
        raise StoreError("pokernow_csv", line=reader.line_num) from None
    if not rows:
        raise StoreError("pokernow_empty")
    return rows


def _latest(rows: list[LedgerRow]) -> LedgerRow:
    """The row whose nickname names the player: the latest dated one, else the first."""
    dated = [r for r in rows if r.when is not None]
    return max(dated, key=lambda r: r.when) if dated else rows[0]


def read_ledger(text: str, amounts: str) -> Ledger:
    """Read, check and sum a PokerNow ledger (see the module for every rule).

    :returns: the :class:`Ledger` (players in seat order: by first session, then by line).
    :raises StoreError: as :func:`read_rows`, and ``pokernow_nets`` (total: the nets'
        sum as the file writes it), ``pokernow_no_buy_in`` (line, nickname),
        ``pokernow_too_many_players`` (count, max), ``pokernow_name_clash`` (name, lines),
        ``pokernow_total_too_large`` (a player's rows summed past :data:`store.core.checks.MAX_CHIPS`
        cents: nickname, column, lines, max),
        ``pokernow_nothing`` (every row refunded).
    """
    rows = read_rows(text, amounts)
    total = sum(r.net for r in rows)
    if total:
        raise StoreError("pokernow_nets", total=written(total, amounts))
    kept = [r for r in rows if not r.refunded]
    by_id: dict[str, list[LedgerRow]] = {}
    for row in kept:
        by_id.setdefault(row.player_id, []).append(row)
    players = []
    for player_rows in by_id.values():
        bought, cashed = sum(r.buy_in for r in player_rows), sum(r.cashed for r in player_rows)
        if not bought and not cashed:
            continue  # nothing bought, nothing handed back: no money to settle
        if not bought:
            first = player_rows[0]
            raise StoreError("pokernow_no_buy_in", line=first.line, nickname=_visible(first.nickname))
        named = _latest(player_rows)
        for column, total in (("buy_in", bought), ("buy_out + stack + nit_escrow", cashed)):
            if total > MAX_CHIPS:
                raise StoreError("pokernow_total_too_large", nickname=_visible(named.nickname), column=column,
                                 lines=[r.line for r in player_rows], max=written(MAX_CHIPS, amounts))
        players.append((min((r.when for r in player_rows if r.when), default=None), player_rows[0].line,
                        LedgerPlayer(player_rows[0].player_id, named.nickname, named.line,
                                     tuple(r.line for r in player_rows), bought, cashed)))
    if not players:
        raise StoreError("pokernow_nothing")
    if len(players) > MAX_PLAYERS:
        raise StoreError("pokernow_too_many_players", count=len(players), max=MAX_PLAYERS)
    far = datetime.max.replace(tzinfo=dt_timezone.utc)
    ordered = tuple(p for _, _, p in sorted(players, key=lambda t: (t[0] or far, t[1])))
    _check_names(ordered)
    cents = [v for p in ordered for v in (p.bought, p.cashed)]
    times = [r.when for r in rows if r.when is not None]
    return Ledger(ordered, tuple(r for r in rows if r.refunded), len(rows), min(times) if times else None,
                  100 if all(v % 100 == 0 for v in cents) else 1)


def _check_names(players: tuple[LedgerPlayer, ...]) -> None:
    """Two PokerNow players may not become one club player.

    :raises StoreError: ``pokernow_name_clash`` (name, lines)."""
    seen: dict[str, LedgerPlayer] = {}
    for player in players:
        other = seen.setdefault(name_key(player.name), player)
        if other is not player:
            lines = sorted(other.lines + player.lines)
            raise StoreError("pokernow_name_clash", name=_visible(player.name), lines=lines)


def import_ledger(db: Database, text: str, *, amounts: str, currency: str = "EUR",
                  timezone: str = "Europe/Madrid", title: str | None = None, host: str = "host",
                  entered_by: str = "import", key: str | None = None) -> tuple[int, Ledger]:
    """Store a PokerNow ledger as a new night: the players seated, each bought in and
    counted once (rows summed), in one transaction (see the module).

    :param text: the CSV's text; ``amounts``: ``"cents"`` or ``"units"`` (the host says).
    :param currency, timezone, title: the night's (``store.night.nights.create_night``).
    :param key: idempotency key (default: :data:`KEY_PREFIX` + a digest of the file and the
        options): the same upload again returns the same night, nothing written twice.
    :returns: ``(night_id, ledger)``.
    :raises StoreError: what :func:`read_ledger` refuses; a name the club refuses
        (``pokernow_name``: line, nickname, and the store's own ``reason_code`` and
        ``reason_params``); a bad currency or time zone (``store.night.nights.create_night``).
        Nothing is written then.
    """
    ledger = read_ledger(text, amounts)
    if key is None:
        digest = hashlib.sha256("\x00".join([text, amounts, str(currency), str(timezone), str(title)])
                                .encode("utf-8", "surrogatepass")).hexdigest()[:32]
        key = KEY_PREFIX + digest
    found = existing(db, "nights", key)
    if found is not None:
        return found, ledger
    with write_tx(db):
        found = existing(db, "nights", key)  # the same upload meanwhile (checked under the lock)
        if found is not None:
            return found, ledger
        night_id = create_night(db, rules="jackpots", chip_cents=ledger.chip_cents, currency=currency,
                                timezone=timezone, started_at=ledger.started_at, host=host, title=title,
                                key=key)
        for seat, player in enumerate(ledger.players, start=1):
            player_id = _club_player(db, player)
            seat_player(db, night_id, player_id, seat, entered_by=entered_by)
            buy_in(db, night_id, player_id, ledger.chips(player.bought), entered_by=entered_by)
            cash_out(db, night_id, player_id, ledger.chips(player.cashed), entered_by=entered_by)
    return night_id, ledger


def _club_player(db: Database, player: LedgerPlayer) -> int:
    """The club's player for a PokerNow player (by name, added when new).

    :raises StoreError: ``pokernow_name`` (the name refused, with the row named)."""
    try:
        return player_by_name(db, player.name)
    except StoreError as exc:
        raise StoreError("pokernow_name",
                         line=player.name_line, nickname=_visible(player.name), reason_code=exc.code,
                         reason_params=dict(exc.params or {})) from None
