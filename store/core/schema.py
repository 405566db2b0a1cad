"""The schema: sqlite-utils' versioned migrations, in order, and what each table holds.

Opening a database (WAL mode, busy timeout, migrations applied, the chain key) is
``store.core.connection.open_db``.

The schema is created and changed only through sqlite-utils' ``Migrations`` (named,
ordered functions recorded in ``_sqlite_migrations``); add a new function at the end to
change it, never edit one that has shipped.

Tables (all append-only except ``hand_results``, each hand's referee result with the
SHA-256 of what it was computed from (``store/hand/judging.py``), and token revocation):

- ``players``: id, name, name_key (case-folded, unique in the club), created_at.
- ``nights``: id, started_at (UTC ISO), local_date (the club's date at the start),
  timezone, rules (JSON as given), rules_frozen (JSON, every HouseRules field),
  chip_cents, chips_per, currency, host, title, note (m005), key.
- ``seats``: night_id, player_id, seat (1-10), before_hand (hands started when seated).
  A seat is left by an ``unseat`` ledger entry pointing at it (m005).
- ``hands``: id, night_id, number (1, 2, ...), button, stacks (JSON or null). A hand
  start is voided by a ``void_hand`` event (m005); numbers count live hands.
- ``events``: the dealer's log: kind ``action`` | ``void`` | ``end`` | ``void_hand``; hand_id, seq,
  action text, target (the voided event), reason, entered_by, entered_at, key; prev_hash and
  hash: an unkeyed SHA-256 chain per night, written by the rows of databases made before
  issue 23 and NULL since (anyone could recompute it: the keyed chain, m009, replaced it).
- ``ledger``: kind ``buy_in`` | ``cash_out`` | ``adjustment`` | ``close`` | ``void`` | ``unseat`` |
  ``pot_handed_back`` (the carried pot handed back before the count, ``store.money.carried_pot``) |
  ``ruling_mode`` (how an upheld ruling is settled, ``reason`` ``table`` or ``money``: no
  player, 0 chips; ``store.dispute.ruling_modes``);
  chips, before_hand (hands started when entered), target, reason, detail (JSON).
- ``disputes`` (m008, append-only): a player contests a hand: night_id, hand_id,
  player_id, statement, entered_by (``player:<id>``), entered_at, key.
- ``rulings`` (m008, append-only): the host's one ruling on a dispute: dispute_id
  (unique), night_id, hand_id, decision (``upheld`` | ``rejected``), rule, note, detail
  (JSON: the events voided and added, the chips moved, the reopen and close), entered_by,
  entered_at, key (``store/dispute/rulings.py``).
- ``chain`` (m009): the keyed hash chain of each night over every row that decides the
  money (``store/core/chain.py``): night_id, n (1, 2, ...), tbl, row_id, mac; ``chain_heads``:
  night_id, head (the newest mac), links (how many), tbl and row_id (the newest link's
  row), seal (an HMAC of them all);
  ``chain_pending``: nights made before the chain, linked by the ``open_db`` that applied
  m009 (and never later: a night still listed cannot be verified).
- ``chain_key_check`` (m010): one row, the check value of the chain key the database was
  sealed with (``store.core.chain.key_check``); ``hand_results.mac`` (m010): the MAC of each
  stored result under the chain key (``store.core.chain.result_mac``).
- ``accounts``, ``sessions``, ``login_attempts``, ``setup_codes`` (m011): host accounts
  (password hashes), their sessions (hashed ids, revocable), login attempts (the limits) and
  the first visit's one-time setup code (hashed): ``store/account/accounts.py``.
- ``dealer_links`` (m012): the dealer's per-night links (``store/night/dealer_links.py``):
  night_id, token_hash (SHA-256, unique), prefix, label, issued_at, issued_by, revoked_at,
  revoked_by, key (idempotency). Only the revocation is ever written after the insert.
- ``payment_handles``, ``transfer_marks``, ``expenses``, ``expense_shares``,
  ``expense_voids`` (m013, append-only): settling up (``store/money/payments.py``,
  ``store/money/expenses.py``): a player's payment handle (latest row wins, empty clears); a
  mark on a transfer (night_id, close_id, what ``poker`` | ``expenses``, payer_id,
  payee_id, cents, kind ``paid`` | ``confirmed`` | ``void`` with target and reason); a
  shared expense (payer_id, cents, description) with each sharer's cents, and its void.
- m014: those five tables join the keyed chain (the marks, expenses, shares and voids in
  their night's, the payment handles in the club's: ``store.core.chain_rows.CLUB``); an
  index on ``chain`` (night_id, tbl, row_id) lets a page check one row's link
  (``store.core.seals``); ``chain_pending_money``: the chains whose rows of paying up were
  written before, linked by the ``open_db`` that applied m014.
- ``nights.uid``, ``nights.copy_of`` (m015): the night's stable id (a UUID, unique in the
  club: made with the night, or the one its file names when imported; a session file
  carries it, ``store.files.identity``), and, for a night imported as a deliberate copy, the
  id of the night it copies ('' when that is not known); NULL for a night that is no copy.
  A copy is left out of the club's standings and the players' running totals.
- ``close_summaries`` (m016, derived like ``hand_results``): the money summary of a night
  as its close settled it (``store.money.close_summary``): close_id (the ``close`` ledger
  row), night_id, summary (JSON: the players' nets, the bank, the transfers, the hands),
  mac (under the chain key). Written by the close in its own transaction; a voided close's
  row is left and no longer read (pages read the live close's), so a page of a closed
  night never works its money out again from the log.
- ``device_cookies`` (m017_device_cookies, issue 25): the browsers that have logged in
  (OWASP's device cookies, ``store/account/devices.py``): account_id, nonce_hash (SHA-256
  of the cookie's random nonce, unique), issued_at, ended_at (replaced by the next login's
  cookie); ``login_attempts.device_id``: the device cookie a login was tried with (NULL: a
  browser without a valid one), so each known browser has its own allowance.
- ``hand_results.facts`` (m018): the digest a read confirms a stored result by without
  reading the hand's actions (``store.hand.judging.hand_facts``; covered by the result's
  MAC); NULL for results stored before. m018 also indexes the ``void_hand`` events (which
  hands are live).
- ``nights.import_state`` (m019): NULL for a night the club sees; ``importing`` while an
  uploaded file's night is written in pieces (``store.files.import_pieces``: each piece its
  own short write transaction), ``failed`` when a later piece was refused (its rows kept,
  never deleted: the log is append-only). A night whose state is not NULL is left out of
  every page and list (``store.night.nights.get_night`` answers ``no_night``).
- ``night_standings``, ``player_totals``, ``night_dues``, ``player_dues`` (m020_player_totals,
  derived, each row with a MAC under the chain key): each live close's nets per player
  (with the player's running total after that night in its currency),
  each player's totals per currency (``store/money/totals.py``), each closed night's
  transfers with their status and each player's outstanding per currency
  (``store/money/dues.py``); money as the decimal text of int cents. ``totals_touched``:
  the nights a write touched (filled by m020's triggers on ``ledger`` closes and voids,
  ``transfer_marks``, ``expenses`` and ``expense_voids``), stored again and emptied before
  that write commits. Only these derived rows are ever replaced or deleted.
- ``table_codes``, ``table_claims``, ``table_claim_voids`` (m022, append-only, issue 26): a
  night's table code (hashed; the newest of the night is the live one), each phone's claim
  of a player's name with the hash of the private link it issued, and the void of a claim
  (``release`` | ``revoke`` | ``give_back``, who and why): ``store/night/table_code.py``.
- ``nights.buy_in`` (m024_default_buy_in, issue 26): the night's default buy-in in chips
  (NULL: none), offered by the night's one-tap buy-ins (``store.night.setup``).
- ``import_failures`` (m025_import_failures, issue 25, append-only): why and when an
  upload's import failed part-way (its night ``failed``, invisible): night_id (unique),
  code and params (JSON) of the refusal (``import_cut_off`` for one a stop or a crash cut
  off), failed_at (UTC ISO): ``store.files.failed_imports``.
- m026_bound_totals (issue 25): ``night_standings.running_nights`` and ``running_hands``
  (the player's counting nights and hands so far in the night's currency, beside
  ``running``), ``player_totals.last_night_id`` (the newest night the row counts: its
  figures must be that standings row's running ones), ``player_dues.last_due`` and
  ``last_due_mac`` (the player's newest ``night_dues`` row): a stored total copied back
  from an older state no longer passes for the current one.
- ``screen_links``, ``rebuy_requests``, ``rebuy_answers`` (m027_live_screen_rebuys, issue 28):
  a night's link for a screen in the room (the live table view, ``store/night/screen_links.py``:
  hashed like the dealer links, only its revocation written after the insert); a player's
  rebuy asked from the phone (night_id, player_id, chips, asked_by, asked_at, key) and its
  one answer (request_id unique; ``accepted`` with the buy-in's ledger_id, ``declined`` or
  ``withdrawn``; answered_by, answered_at, key), both append-only
  (``store/night/rebuy_requests.py``). Whether the night's tablets may accept them is a
  ``tablet_rebuys`` row of ``night_marks`` (withdrawn by its ``void``).
- m028_hand_stats (issue 28, derived like ``hand_results``; ``store/stats/``): ``hand_stats``,
  a row per live hand and seat at the table with the referee's facts of that seat in the hand
  (``referee.stats.seat_facts``: dealt in, VPIP, opened, raised, draws, cards drawn, stood pat,
  showdown, won, pot, net chips, findings committed and suffered by kind as JSON), written
  with the hand's judgement by the write that judged it (``store.hand.judging.rejudge``);
  ``hand_flows``: per hand, the chips each losing player gave each winning one
  (``referee.stats.chip_flows``); ``night_sums`` and ``night_pairs``: each night's running sums
  of those per player and pair, changed by the same write (a tap writes a few rows);
  ``night_stats`` and ``night_flows``: each closed night's copy of them, with its money net
  (decimal text of int cents), hours at the table and disputes,
  stored when the night's close stands or falls or a dispute is opened or ruled
  (``stats_touched``, filled by triggers, emptied before the write commits), so a season's
  or all time's figures add at most a row per night and player; ``seasons`` and
  ``season_marks`` (append-only: a season is named, renamed or deleted by a new mark);
  ``club_settings`` (append-only, the newest row of a name wins): ``show_fair_play``.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("tapete")
"""The ordered migrations (``store.core.connection.open_db`` applies them)."""


def append_only(db: Database, *tables: str) -> None:
    """Make each of ``tables`` refuse UPDATE and DELETE (triggers raising "<table> is
    append-only"): the log keeps every row; a correction is a new row."""
    for table in tables:
        db.execute(f"""CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END""")
        db.execute(f"""CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END""")


@migrations()
def m001_core(db: Database) -> None:
    db["players"].create({"id": int, "name": str, "name_key": str, "created_at": str}, pk="id")
    db["players"].create_index(["name_key"], unique=True)
    db["nights"].create({
        "id": int, "started_at": str, "local_date": str, "timezone": str, "rules": str,
        "rules_frozen": str, "chip_cents": int, "chips_per": int, "currency": str,
        "host": str, "title": str, "entered_at": str, "key": str,
    }, pk="id", not_null={"started_at", "timezone", "rules", "chip_cents", "currency"})
    db["nights"].create_index(["key"], unique=True)
    db["seats"].create({
        "id": int, "night_id": int, "player_id": int, "seat": int, "entered_by": str,
        "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("player_id", "players")])
    db["seats"].create_index(["night_id", "seat"], unique=True)
    db["seats"].create_index(["night_id", "player_id"], unique=True)
    db["seats"].create_index(["key"], unique=True)
    db["hands"].create({
        "id": int, "night_id": int, "number": int, "button": int, "stacks": str,
        "entered_by": str, "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights")])
    db["hands"].create_index(["night_id", "number"], unique=True)
    db["hands"].create_index(["key"], unique=True)
    db["events"].create({
        "id": int, "night_id": int, "hand_id": int, "seq": int, "kind": str, "action": str,
        "target": int, "reason": str, "entered_by": str, "entered_at": str, "key": str,
        "prev_hash": str, "hash": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("hand_id", "hands")],
        not_null={"night_id", "kind", "entered_by", "entered_at"})
    db["events"].create_index(["hand_id", "seq"])
    db["events"].create_index(["night_id", "id"])
    db["events"].create_index(["key"], unique=True)
    db["ledger"].create({
        "id": int, "night_id": int, "player_id": int, "kind": str, "chips": int,
        "before_hand": int, "target": int, "reason": str, "detail": str,
        "entered_by": str, "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("player_id", "players")],
        not_null={"night_id", "kind", "entered_by", "entered_at"})
    db["ledger"].create_index(["night_id", "kind"])
    db["ledger"].create_index(["key"], unique=True)
    # append-only: the log and the ledger refuse UPDATE and DELETE
    append_only(db, "events", "ledger", "hands", "seats")


@migrations()
def m002_checks_and_tokens(db: Database) -> None:
    db["night_checks"].create({"night_id": int, "version": str, "result": str}, pk="night_id")
    db["tokens"].create({
        "token_hash": str, "player_id": int, "issued_at": str, "revoked_at": str,
    }, pk="token_hash", foreign_keys=[("player_id", "players")])


@migrations()
def m003_void_target_indexes(db: Database) -> None:
    # "is this row voided?" is asked for every event and entry: index the void pointers
    db["events"].create_index(["target"])
    db["ledger"].create_index(["target"])


@migrations()
def m004_hand_checks(db: Database) -> None:
    # each hand's referee result (findings, pots, awards, stacks) stored with the hand
    db["hand_checks"].create({"hand_id": int, "night_id": int, "version": str, "entry": str},
                             pk="hand_id", foreign_keys=[("hand_id", "hands"), ("night_id", "nights")])


@migrations()
def m005_corrections(db: Database) -> None:
    # a seat can be left (``unseat``) and a hand start voided: uniqueness among the *live*
    # seats and hands is checked in code inside the write transaction (BEGIN IMMEDIATE)
    db.execute("DROP INDEX IF EXISTS idx_seats_night_id_seat")
    db.execute("DROP INDEX IF EXISTS idx_seats_night_id_player_id")
    db.execute("DROP INDEX IF EXISTS idx_hands_night_id_number")
    db["seats"].create_index(["night_id", "seat"])
    db["seats"].create_index(["night_id", "player_id"])
    db["hands"].create_index(["night_id", "number"])
    db["seats"].add_column("before_hand", int)
    db["nights"].add_column("note", str)  # a session file's note, shown under the title


@migrations()
def m006_token_prefix(db: Database) -> None:
    # the first characters of a player link, kept in their own column so the host can
    # tell a player's links apart (the rest of the token stays secret: only its hash is kept)
    db["tokens"].add_column("prefix", str)


@migrations()
def m007_hand_results(db: Database) -> None:
    # each hand's referee result stored with what it was computed from (store/hand/judging.py),
    # written by the write that changed the hand; the caches of whole-night checks, which
    # GET pages wrote under the write lock, go (derived data only: nothing of the log)
    db["hand_results"].create({"hand_id": int, "night_id": int, "number": int, "input_key": str,
                               "carry_after": str, "entry": str},
                              pk="hand_id", foreign_keys=[("hand_id", "hands"), ("night_id", "nights")])
    db["hand_results"].create_index(["night_id", "number"])
    db.execute("DROP TABLE IF EXISTS hand_checks")
    db.execute("DROP TABLE IF EXISTS night_checks")


@migrations()
def m008_disputes(db: Database) -> None:
    # a player contests a hand (``disputes``); the host rules on it once (``rulings``).
    # Both append-only: a ruling is never edited, a dispute never withdrawn by an edit.
    db["disputes"].create({
        "id": int, "night_id": int, "hand_id": int, "player_id": int, "statement": str,
        "entered_by": str, "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("hand_id", "hands"), ("player_id", "players")],
        not_null={"night_id", "hand_id", "player_id", "statement", "entered_by", "entered_at"})
    db["disputes"].create_index(["night_id"])
    db["disputes"].create_index(["hand_id", "player_id"])
    db["disputes"].create_index(["player_id"])
    db["disputes"].create_index(["key"], unique=True)
    db["rulings"].create({
        "id": int, "dispute_id": int, "night_id": int, "hand_id": int, "decision": str, "rule": str,
        "note": str, "detail": str, "entered_by": str, "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("dispute_id", "disputes"), ("night_id", "nights"), ("hand_id", "hands")],
        not_null={"dispute_id", "night_id", "hand_id", "decision", "rule", "entered_by", "entered_at"})
    db["rulings"].create_index(["dispute_id"], unique=True)  # one ruling per dispute
    db["rulings"].create_index(["night_id"])
    db["rulings"].create_index(["key"], unique=True)
    append_only(db, "disputes", "rulings")


@migrations()
def m009_chain(db: Database) -> None:
    # the keyed hash chain of each night (store/core/chain.py): one link per chained row, written
    # in the row's own transaction; the head and the link count per night; the nights that
    # predate the chain, linked once by the next open_db with the key
    db["chain"].create({"night_id": int, "n": int, "tbl": str, "row_id": int, "mac": str},
                       pk=("night_id", "n"), not_null={"tbl", "row_id", "mac"})
    db["chain_heads"].create({"night_id": int, "head": str, "links": int, "tbl": str, "row_id": int,
                              "seal": str}, pk="night_id", not_null={"head", "links", "seal"})
    db["chain_pending"].create({"night_id": int}, pk="night_id")
    db.execute("INSERT INTO chain_pending (night_id) SELECT id FROM nights")
    for trigger, event in (("chain_no_update", "UPDATE ON chain"), ("chain_no_delete", "DELETE ON chain"),
                           ("chain_heads_no_delete", "DELETE ON chain_heads")):
        db.execute(f"""CREATE TRIGGER {trigger} BEFORE {event}
            BEGIN SELECT RAISE(ABORT, 'the chain is append-only'); END""")


@migrations()
def m010_key_check_and_result_macs(db: Database) -> None:
    # the chain key's check value (an HMAC of a fixed label under the key, never the key),
    # stored when the chain starts, so a wrong or lost key is told apart from tampering;
    # each stored hand result gets a MAC under the chain key (rows without one are stale)
    db["chain_key_check"].create({"id": int, "check_value": str}, pk="id", not_null={"check_value"})
    db["hand_results"].add_column("mac", str)


@migrations()
def m011_accounts(db: Database) -> None:
    # host accounts (a password hash, never the password), their sessions (the SHA-256 of
    # the cookie's random id), every login attempt (the limits survive restarts and hold
    # across processes) and the one-time setup code of the first visit (store/account/accounts.py)
    db["accounts"].create({"id": int, "username": str, "password_hash": str, "role": str,
                           "created_at": str, "disabled_at": str}, pk="id",
                          not_null={"username", "password_hash", "role", "created_at"})
    db["accounts"].create_index(["username"], unique=True)
    db["sessions"].create({"id_hash": str, "account_id": int, "created_at": str, "revoked_at": str,
                           "ip": str}, pk="id_hash", foreign_keys=[("account_id", "accounts")],
                          not_null={"account_id", "created_at"})
    db["sessions"].create_index(["account_id"])
    db["login_attempts"].create({"id": int, "at": str, "address": str, "username": str, "ok": int},
                                pk="id", not_null={"at", "ok"})
    db["login_attempts"].create_index(["address", "at"])
    db["login_attempts"].create_index(["username", "at"])
    db["setup_codes"].create({"id": int, "code_hash": str, "issued_at": str, "ended_at": str}, pk="id",
                             not_null={"code_hash", "issued_at"})


@migrations()
def m012_dealer_links(db: Database) -> None:
    # per-night dealer links the host issues and revokes (store/night/dealer_links.py): only the
    # SHA-256 of the token is kept, with its first characters to name it; a row is never
    # deleted, and only its revocation (once) is ever written after the insert
    db["dealer_links"].create({
        "id": int, "night_id": int, "token_hash": str, "prefix": str, "label": str,
        "issued_at": str, "issued_by": str, "revoked_at": str, "revoked_by": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights")],
        not_null={"night_id", "token_hash", "prefix", "label", "issued_at", "issued_by"})
    db["dealer_links"].create_index(["token_hash"], unique=True)
    db["dealer_links"].create_index(["key"], unique=True)
    db["dealer_links"].create_index(["night_id"])
    db.execute("""CREATE TRIGGER dealer_links_no_delete BEFORE DELETE ON dealer_links
        BEGIN SELECT RAISE(ABORT, 'dealer_links keeps every link'); END""")
    db.execute("""CREATE TRIGGER dealer_links_revoke_only BEFORE UPDATE ON dealer_links
        WHEN OLD.revoked_at IS NOT NULL OR NEW.id IS NOT OLD.id OR NEW.night_id IS NOT OLD.night_id
          OR NEW.token_hash IS NOT OLD.token_hash OR NEW.prefix IS NOT OLD.prefix
          OR NEW.label IS NOT OLD.label OR NEW.issued_at IS NOT OLD.issued_at
          OR NEW.issued_by IS NOT OLD.issued_by OR NEW.key IS NOT OLD.key
        BEGIN SELECT RAISE(ABORT, 'a dealer link is only ever revoked, once'); END""")


@migrations()
def m013_payments(db: Database) -> None:
    # settling up (store/money/payments.py, store/money/expenses.py): payment handles (latest row wins),
    # marks on the settlement's transfers (paid, confirmed, or a void of a mark), shared
    # expenses with each sharer's cents, and the voids of expenses; all append-only
    db["payment_handles"].create({"id": int, "player_id": int, "handle": str, "entered_by": str,
                                  "entered_at": str, "key": str}, pk="id",
                                 foreign_keys=[("player_id", "players")],
                                 not_null={"player_id", "handle", "entered_by", "entered_at"})
    db["payment_handles"].create_index(["player_id", "id"])
    db["transfer_marks"].create({
        "id": int, "night_id": int, "close_id": int, "what": str, "payer_id": int, "payee_id": int,
        "cents": int, "kind": str, "target": int, "reason": str, "entered_by": str, "entered_at": str,
        "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("payer_id", "players"), ("payee_id", "players")],
        not_null={"night_id", "what", "payer_id", "payee_id", "cents", "kind", "entered_by", "entered_at"})
    db["transfer_marks"].create_index(["night_id", "what"])
    db["transfer_marks"].create_index(["target"])
    db["expenses"].create({
        "id": int, "night_id": int, "payer_id": int, "cents": int, "description": str,
        "entered_by": str, "entered_at": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("payer_id", "players")],
        not_null={"night_id", "payer_id", "cents", "description", "entered_by", "entered_at"})
    db["expenses"].create_index(["night_id"])
    db["expense_shares"].create({"id": int, "expense_id": int, "player_id": int, "cents": int}, pk="id",
                                foreign_keys=[("expense_id", "expenses"), ("player_id", "players")],
                                not_null={"expense_id", "player_id", "cents"})
    db["expense_shares"].create_index(["expense_id", "player_id"], unique=True)
    db["expense_voids"].create({"id": int, "expense_id": int, "reason": str, "entered_by": str,
                                "entered_at": str, "key": str}, pk="id",
                               foreign_keys=[("expense_id", "expenses")],
                               not_null={"expense_id", "reason", "entered_by", "entered_at"})
    db["expense_voids"].create_index(["expense_id"], unique=True)  # an expense is voided once
    for table in ("payment_handles", "transfer_marks", "expenses", "expense_shares", "expense_voids"):
        if table != "expense_shares":
            db[table].create_index(["key"], unique=True)
        append_only(db, table)


@migrations()
def m014_money_seals(db: Database) -> None:
    # paying up joins the keyed chain (issue 24): the marks, expenses, shares and voids in
    # their night's chain, the payment handles in the club's (store.core.chain_rows.CLUB).
    # A page checks the rows it shows against their own links (store.core.seals): the
    # index finds a row's link, and a night's links of one table, without walking the chain.
    # The rows written before are linked once by the open_db that applies this migration
    # (store.core.chain.link_pending_money), the chains to link listed here until then.
    db["chain"].create_index(["night_id", "tbl", "row_id"])
    db["chain_pending_money"].create({"night_id": int}, pk="night_id")
    db.execute("INSERT INTO chain_pending_money (night_id) SELECT night_id FROM transfer_marks "
               "UNION SELECT night_id FROM expenses")
    db.execute("INSERT OR IGNORE INTO chain_pending_money (night_id) SELECT 0 FROM payment_handles LIMIT 1")


@migrations()
def m015_night_identity(db: Database) -> None:
    # each night's stable id, which its session file carries, so an upload of a night the
    # club already has is told apart from a new one (store.files.identity); and the mark of
    # a deliberate copy (the id of the night it copies). Every night made before gets an id
    # now: a UUID (version 4) from SQLite's random bytes.
    db["nights"].add_column("uid", str)
    db["nights"].add_column("copy_of", str)
    db.execute("UPDATE nights SET uid = lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' "
               "|| substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1) "
               "|| substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))) WHERE uid IS NULL")
    db["nights"].create_index(["uid"], unique=True)


@migrations()
def m016_close_summaries(db: Database) -> None:
    # each close's money summary, stored by the close (issue 25: the club page, the phone
    # page and a long night's pages read it instead of re-judging every hand of every
    # night); derived data, MAC-checked like hand_results; the closes made before are
    # summarised by `flask init-db` (store.money.ledger.store_missing_summaries)
    db["close_summaries"].create({"close_id": int, "night_id": int, "summary": str, "mac": str},
                                 pk="close_id", foreign_keys=[("close_id", "ledger"), ("night_id", "nights")])
    db["close_summaries"].create_index(["night_id"])


@migrations()
def m017_device_cookies(db: Database) -> None:
    # OWASP's device cookies (issue 25, store/account/devices.py): a browser that has logged in
    # keeps its own allowance of failed logins, counted by device_id in login_attempts, so a
    # stranger's wrong guesses (counted against browsers without one) cannot lock the host out
    db["device_cookies"].create({"id": int, "account_id": int, "nonce_hash": str, "issued_at": str,
                                 "ended_at": str}, pk="id", foreign_keys=[("account_id", "accounts")],
                                not_null={"account_id", "nonce_hash", "issued_at"})
    db["device_cookies"].create_index(["nonce_hash"], unique=True)
    db["login_attempts"].add_column("device_id", int)
    db["login_attempts"].create_index(["device_id", "at"])


@migrations()
def m018_hand_result_facts(db: Database) -> None:
    # issue 25: each stored hand result carries the digest of the small facts that change
    # whenever its inputs do (store.hand.judging.hand_facts: the table the hand before left,
    # the seats, the hand's row, the chips bought before it, its events' count and newest
    # id), so a read confirms it without loading and hashing the hand's actions; NULL for the
    # results stored before (checked the long way until `flask init-db` stores their facts).
    # And an index on the voided hand starts: "is this hand live?" is asked of every hand
    # of a night on every page, and was a walk through each hand's events.
    db["hand_results"].add_column("facts", str)
    db.execute("CREATE INDEX idx_events_void_hand ON events (hand_id) WHERE kind = 'void_hand'")


@migrations()
def m019_night_import_state(db: Database) -> None:
    # issue 25, "uploads in pieces": an uploaded night is written in short transactions and
    # stays invisible until its last one ('importing'); one a later piece refused stays
    # invisible, marked 'failed', its rows kept. NULL: every night made before.
    db["nights"].add_column("import_state", str)


@migrations()
def m020_player_totals(db: Database) -> None:
    # issue 25: the figures the club page, the phone and the outstanding page read of every
    # closed night, stored by the writes that change them (store.money.totals,
    # store.money.dues; derived like close_summaries, each row with a MAC under the chain
    # key): each live close's nets per player, each player's totals per currency, each
    # closed night's transfers with their status, each player's outstanding per currency.
    # The triggers note the nights a write touches (a close or a void in the ledger, a mark,
    # an expense or its void) in totals_touched; the write's own transaction stores their
    # figures again before it commits (store.core.transactions.before_commit). Closes made
    # before are stored by `flask init-db` (store.money.totals.store_missing). Money is
    # kept as the decimal text of its int cents (a figure the doors admit can pass SQLite's
    # 64-bit integers) and added up in Python.
    db.execute("CREATE TABLE night_standings (night_id INTEGER NOT NULL REFERENCES nights(id), "
               "player_id INTEGER NOT NULL REFERENCES players(id), close_id INTEGER NOT NULL, currency TEXT NOT NULL, "
               "counts INTEGER NOT NULL, net_cents TEXT, hands INTEGER NOT NULL, running TEXT, mac TEXT NOT NULL, "
               "PRIMARY KEY (night_id, player_id))")
    db.execute("CREATE INDEX idx_night_standings_player ON night_standings (player_id)")
    db.execute("CREATE TABLE player_totals (player_id INTEGER NOT NULL REFERENCES players(id), currency TEXT NOT NULL, "
               "nights INTEGER NOT NULL, hands INTEGER NOT NULL, net_cents TEXT NOT NULL, mac TEXT NOT NULL, "
               "PRIMARY KEY (player_id, currency))")
    db.execute("CREATE TABLE night_dues (night_id INTEGER NOT NULL REFERENCES nights(id), what TEXT NOT NULL, "
               "payer_id INTEGER NOT NULL, payee_id INTEGER NOT NULL, currency TEXT NOT NULL, cents TEXT NOT NULL, "
               "status TEXT NOT NULL, unsealed INTEGER NOT NULL, mac TEXT NOT NULL)")
    db.execute("CREATE INDEX idx_night_dues_night ON night_dues (night_id)")
    db.execute("CREATE INDEX idx_night_dues_payer ON night_dues (payer_id)")
    db.execute("CREATE INDEX idx_night_dues_payee ON night_dues (payee_id)")
    db.execute("CREATE TABLE player_dues (player_id INTEGER NOT NULL REFERENCES players(id), currency TEXT NOT NULL, "
               "owes TEXT NOT NULL, owed TEXT NOT NULL, owes_count INTEGER NOT NULL, "
               "owed_count INTEGER NOT NULL, unsealed INTEGER NOT NULL, mac TEXT NOT NULL, "
               "PRIMARY KEY (player_id, currency))")
    db.execute("CREATE TABLE totals_touched (night_id INTEGER PRIMARY KEY)")
    touch = "BEGIN INSERT OR IGNORE INTO totals_touched (night_id) VALUES ({night}); END"
    db.execute("CREATE TRIGGER totals_ledger AFTER INSERT ON ledger WHEN NEW.kind IN ('close', 'void') "
               + touch.format(night="NEW.night_id"))
    db.execute("CREATE TRIGGER totals_marks AFTER INSERT ON transfer_marks " + touch.format(night="NEW.night_id"))
    db.execute("CREATE TRIGGER totals_expenses AFTER INSERT ON expenses " + touch.format(night="NEW.night_id"))
    db.execute("CREATE TRIGGER totals_expense_voids AFTER INSERT ON expense_voids "
               + touch.format(night="(SELECT night_id FROM expenses WHERE id = NEW.expense_id)"))


@migrations()
def m022_table_code(db: Database) -> None:
    # issue 26: one QR for the table (store/night/table_code.py). A night's table code is
    # kept hashed like the links (SHA-256, its first characters to name it); the newest code
    # of a night is the live one, so showing it again retires the one before with no update.
    # A phone claims a player's name with it: the claim keeps the hash of the private link it
    # issued (a row of `tokens`); a release, a revoke or a give-back is a new row voiding the
    # claim, with who and why. All three tables are append-only.
    db["table_codes"].create({
        "id": int, "night_id": int, "code_hash": str, "prefix": str, "issued_at": str, "issued_by": str,
        "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights")],
        not_null={"night_id", "code_hash", "prefix", "issued_at", "issued_by"})
    db["table_codes"].create_index(["code_hash"], unique=True)
    db["table_codes"].create_index(["key"], unique=True)
    db["table_codes"].create_index(["night_id", "id"])
    db["table_claims"].create({
        "id": int, "night_id": int, "code_id": int, "player_id": int, "token_hash": str, "claimed_at": str,
        "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights"), ("code_id", "table_codes"), ("player_id", "players")],
        not_null={"night_id", "code_id", "player_id", "token_hash", "claimed_at"})
    db["table_claims"].create_index(["night_id", "player_id"])
    db["table_claims"].create_index(["token_hash"], unique=True)
    db["table_claims"].create_index(["key"], unique=True)
    db["table_claim_voids"].create({
        "id": int, "claim_id": int, "kind": str, "reason": str, "voided_at": str, "voided_by": str,
    }, pk="id", foreign_keys=[("claim_id", "table_claims")],
        not_null={"claim_id", "kind", "voided_at", "voided_by"})
    db["table_claim_voids"].create_index(["claim_id"], unique=True)
    append_only(db, "table_codes", "table_claims", "table_claim_voids")


@migrations()
def m023_night_marks(db: Database) -> None:
    # issue 26: the host (or the tablet) says "última mano": the hand in progress, or the
    # next one, is the night's last; "confirm and end" then awards and closes it and starts
    # no other (store/night/last_hand.py). Append-only: withdrawn by a ``void`` row naming it.
    db["night_marks"].create({"id": int, "night_id": int, "kind": str, "from_hand": int, "target": int,
                              "entered_by": str, "entered_at": str, "key": str},
                             pk="id", foreign_keys=[("night_id", "nights")],
                             not_null={"night_id", "kind", "entered_by", "entered_at"})
    db["night_marks"].create_index(["night_id"])
    db["night_marks"].create_index(["key"], unique=True)
    append_only(db, "night_marks")


@migrations()
def m024_default_buy_in(db: Database) -> None:
    # issue 26: each night's default buy-in (chips; NULL: none said), set on the new-night
    # form (prefilled from the night before's) and offered by "everyone buys in" and the
    # one-tap rebuys (store.night.setup); a default, never money: the ledger holds the buy-ins
    db["nights"].add_column("buy_in", int)


@migrations()
def m025_import_failures(db: Database) -> None:
    # issue 25: an upload a later piece refused is kept invisible ('failed'); the host is
    # told, a line each: why (the refusal's code and params, said by the pages' words), and
    # when. Append-only, one row per failed night. NULL code never: a cut-off import (a
    # stop, a crash) is 'import_cut_off'.
    db["import_failures"].create({"id": int, "night_id": int, "code": str, "params": str, "failed_at": str},
                                 pk="id", foreign_keys=[("night_id", "nights")],
                                 not_null={"night_id", "code", "params", "failed_at"})
    db["import_failures"].create_index(["night_id"], unique=True)
    append_only(db, "import_failures")


@migrations()
def m026_bound_totals(db: Database) -> None:
    # issue 25: a stored total copied back from an older state kept a MAC that held. Each
    # standings row now carries the player's running count of nights and hands beside the
    # running net (the newest counting row of a currency holds the player's totals in it);
    # each player_totals row names the newest night it counts (last_night_id) and must equal
    # that row's running figures, found by an indexed one-row read; each player_dues row
    # names the player's newest night_dues row (last_due, its rowid, and last_due_mac), which
    # every store of the player's dues makes anew (store.money.dues). The rows stored before
    # are of the old form (their MACs do not cover the new columns): these derived rows are
    # emptied here and `flask init-db` stores them again (store.money.totals.store_missing).
    db.execute("ALTER TABLE night_standings ADD COLUMN running_nights INTEGER")
    db.execute("ALTER TABLE night_standings ADD COLUMN running_hands INTEGER")
    db.execute("CREATE INDEX idx_night_standings_newest ON night_standings "
               "(player_id, currency, counts, running_nights)")
    db.execute("ALTER TABLE player_totals ADD COLUMN last_night_id INTEGER")
    db.execute("ALTER TABLE player_dues ADD COLUMN last_due INTEGER")
    db.execute("ALTER TABLE player_dues ADD COLUMN last_due_mac TEXT")
    for table in ("night_standings", "player_totals", "night_dues", "player_dues"):
        db.execute(f"DELETE FROM {table}")


@migrations()
def m027_live_screen_rebuys(db: Database) -> None:
    # issue 28: a screen in the room shows the hand in progress behind its own link (hashed
    # like the dealer links; never deleted, only its revocation written after the insert);
    # a player asks for chips from the phone and the host (or a tablet the host allowed)
    # answers once: both append-only, the buy-in an accepted request makes is a ledger row.
    db["screen_links"].create({
        "id": int, "night_id": int, "token_hash": str, "prefix": str,
        "issued_at": str, "issued_by": str, "revoked_at": str, "revoked_by": str, "key": str,
    }, pk="id", foreign_keys=[("night_id", "nights")],
        not_null={"night_id", "token_hash", "prefix", "issued_at", "issued_by"})
    db["screen_links"].create_index(["token_hash"], unique=True)
    db["screen_links"].create_index(["key"], unique=True)
    db["screen_links"].create_index(["night_id"])
    db.execute("""CREATE TRIGGER screen_links_no_delete BEFORE DELETE ON screen_links
        BEGIN SELECT RAISE(ABORT, 'screen_links keeps every link'); END""")
    db.execute("""CREATE TRIGGER screen_links_revoke_only BEFORE UPDATE ON screen_links
        WHEN OLD.revoked_at IS NOT NULL OR NEW.id IS NOT OLD.id OR NEW.night_id IS NOT OLD.night_id
          OR NEW.token_hash IS NOT OLD.token_hash OR NEW.prefix IS NOT OLD.prefix
          OR NEW.issued_at IS NOT OLD.issued_at OR NEW.issued_by IS NOT OLD.issued_by OR NEW.key IS NOT OLD.key
        BEGIN SELECT RAISE(ABORT, 'a screen link is only ever revoked, once'); END""")
    db["rebuy_requests"].create({"id": int, "night_id": int, "player_id": int, "chips": int, "asked_by": str,
                                 "asked_at": str, "key": str},
                                pk="id", foreign_keys=[("night_id", "nights"), ("player_id", "players")],
                                not_null={"night_id", "player_id", "chips", "asked_by", "asked_at"})
    db["rebuy_requests"].create_index(["night_id", "player_id"])
    db["rebuy_requests"].create_index(["key"], unique=True)
    db["rebuy_answers"].create({"id": int, "request_id": int, "night_id": int, "answer": str, "ledger_id": int,
                                "answered_by": str, "answered_at": str, "key": str},
                               pk="id", foreign_keys=[("request_id", "rebuy_requests"), ("night_id", "nights")],
                               not_null={"request_id", "night_id", "answer", "answered_by", "answered_at"})
    db["rebuy_answers"].create_index(["request_id"], unique=True)
    db["rebuy_answers"].create_index(["night_id"])
    db["rebuy_answers"].create_index(["key"], unique=True)
    append_only(db, "rebuy_requests", "rebuy_answers")


@migrations()
def m028_hand_stats(db: Database) -> None:
    # issue 28: the club's statistics, stored, not recomputed (store/stats/). hand_stats and
    # hand_flows are written with each hand's judgement (the hands stored before are judged
    # again by `flask init-db`: the referee changed, store.hand.judging.store_stale, and any
    # hand still without facts by store.stats.backfill.store_missing_hands); night_stats and
    # night_flows with each closed night (stats_touched, filled by the triggers below).
    db.execute("CREATE TABLE hand_stats (hand_id INTEGER NOT NULL REFERENCES hands(id), night_id INTEGER NOT NULL, "
               "number INTEGER NOT NULL, seat INTEGER NOT NULL, player_id INTEGER, input_key TEXT NOT NULL, "
               "dealt INTEGER NOT NULL, vpip INTEGER NOT NULL, opened INTEGER NOT NULL, opened_won INTEGER NOT NULL, "
               "raised INTEGER NOT NULL, draws INTEGER NOT NULL, cards_drawn INTEGER NOT NULL, "
               "stood_pat INTEGER NOT NULL, showdown INTEGER NOT NULL, showdown_won INTEGER NOT NULL, "
               "won INTEGER NOT NULL, pot INTEGER NOT NULL, net INTEGER NOT NULL, committed TEXT NOT NULL, "
               "suffered TEXT NOT NULL, PRIMARY KEY (hand_id, seat))")
    db.execute("CREATE INDEX idx_hand_stats_night ON hand_stats (night_id, player_id, pot)")
    db.execute("CREATE TABLE hand_flows (hand_id INTEGER NOT NULL REFERENCES hands(id), night_id INTEGER NOT NULL, "
               "loser_id INTEGER NOT NULL, winner_id INTEGER NOT NULL, chips INTEGER NOT NULL, "
               "PRIMARY KEY (hand_id, loser_id, winner_id))")
    sums = ("hands", "vpip", "opened", "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdowns",
            "showdowns_won", "pots_won", "biggest_pot", "net_chips")
    figures = ", ".join(f"{c} INTEGER NOT NULL DEFAULT 0" for c in sums)
    db.execute("CREATE TABLE night_sums (night_id INTEGER NOT NULL REFERENCES nights(id), player_id INTEGER NOT NULL "
               f"REFERENCES players(id), {figures}, committed TEXT NOT NULL DEFAULT '{{}}', suffered TEXT NOT NULL "
               "DEFAULT '{}', PRIMARY KEY (night_id, player_id))")
    db.execute("CREATE TABLE night_pairs (night_id INTEGER NOT NULL REFERENCES nights(id), loser_id INTEGER NOT NULL, "
               "winner_id INTEGER NOT NULL, chips INTEGER NOT NULL, PRIMARY KEY (night_id, loser_id, winner_id))")
    db.execute("CREATE TABLE night_stats (night_id INTEGER NOT NULL REFERENCES nights(id), "
               "player_id INTEGER NOT NULL REFERENCES players(id), counts INTEGER NOT NULL, local_date TEXT NOT NULL, "
               f"currency TEXT NOT NULL, {figures}, net_cents TEXT, seconds INTEGER NOT NULL, committed TEXT NOT NULL, "
               "suffered TEXT NOT NULL, disputes_opened INTEGER NOT NULL, disputes_won INTEGER NOT NULL, "
               "disputes_lost INTEGER NOT NULL, PRIMARY KEY (night_id, player_id))")
    db.execute("CREATE INDEX idx_night_stats_date ON night_stats (counts, local_date, player_id)")
    db.execute("CREATE INDEX idx_night_stats_player ON night_stats (player_id, counts, local_date)")
    db.execute("CREATE TABLE night_flows (night_id INTEGER NOT NULL REFERENCES nights(id), counts INTEGER NOT NULL, "
               "local_date TEXT NOT NULL, loser_id INTEGER NOT NULL, winner_id INTEGER NOT NULL, "
               "chips INTEGER NOT NULL, PRIMARY KEY (night_id, loser_id, winner_id))")
    db.execute("CREATE INDEX idx_night_flows_loser ON night_flows (loser_id, counts, local_date)")
    db.execute("CREATE INDEX idx_night_flows_winner ON night_flows (winner_id, counts, local_date)")
    db.execute("CREATE TABLE stats_touched (night_id INTEGER PRIMARY KEY)")
    touch = "BEGIN INSERT OR IGNORE INTO stats_touched (night_id) VALUES ({night}); END"
    db.execute("CREATE TRIGGER stats_ledger AFTER INSERT ON ledger WHEN NEW.kind IN ('close', 'void') "
               + touch.format(night="NEW.night_id"))
    db.execute("CREATE TRIGGER stats_disputes AFTER INSERT ON disputes " + touch.format(night="NEW.night_id"))
    db.execute("CREATE TRIGGER stats_rulings AFTER INSERT ON rulings " + touch.format(night="NEW.night_id"))
    db["seasons"].create({"id": int, "name": str, "first_date": str, "last_date": str, "entered_by": str,
                          "entered_at": str, "key": str}, pk="id",
                         not_null={"name", "first_date", "last_date", "entered_by", "entered_at"})
    db["seasons"].create_index(["key"], unique=True)
    db["season_marks"].create({"id": int, "season_id": int, "kind": str, "name": str, "first_date": str,
                               "last_date": str, "entered_by": str, "entered_at": str, "key": str}, pk="id",
                              foreign_keys=[("season_id", "seasons")],
                              not_null={"season_id", "kind", "entered_by", "entered_at"})
    db["season_marks"].create_index(["season_id", "id"])
    db["season_marks"].create_index(["key"], unique=True)
    db["club_settings"].create({"id": int, "name": str, "value": str, "entered_by": str, "entered_at": str},
                               pk="id", not_null={"name", "value", "entered_by", "entered_at"})
    db["club_settings"].create_index(["name", "id"])
    append_only(db, "seasons", "season_marks", "club_settings")
