"""Tapete's storage: nights, players, seats, the dealer's append-only log, the ledger.

One SQLite file (WAL mode, busy timeout) behind a ``sqlite_utils.Database``; the schema
comes from versioned migrations (``store.core.schema``). Ids are ints, chips ints, money int
cents, times ISO-8601 UTC strings. A write that takes ``key`` is idempotent on it.
Errors a person can act on are :class:`StoreError` (a ``ValueError``), nothing written.

Rooms by feature, each a package (its ``__init__`` says what it holds): ``core`` (schema and
migrations, opening a connection, transactions and the clock, the refusals and input checks,
stored reason codes, the keyed chain over every row that decides money, the secrets file,
the serving mark, the per-connection memo), ``account`` (the host's accounts and sign-in),
``night`` (nights, seats, the tablets' links, the night page's read), ``player`` (the club's
players, their private links, the phone's read), ``hand`` (the append-only event log, each
hand's stored referee result, the tablet's taps, the table view, the replayer, card
hiding), ``money`` (ledger, bank, counts, carried pot, chip entries, payments, expenses, the
report's read), ``club`` (standings across nights), ``dispute`` (disputes, rulings, their
pages' reads), ``files`` (import, export, the night block, PHH nights, PokerNow, uploads,
backups).

This package re-exports the functions the pages and the command line call most (below);
new code may import from the feature module itself.
"""

from store.core.checks import MAX_CHIPS, StoreError
from store.core.connection import open_db
from store.core.schema import migrations
from store.core.transactions import Busy, DiskFull, utc_now
from store.dispute.disputes import (
    MAX_STATEMENT,
    get_dispute,
    night_disputes,
    open_dispute,
    open_disputes,
    player_disputes,
    ruling_moves,
)
from store.dispute.ruling_modes import change_ruling_mode, mode_history, ruling_mode
from store.dispute.rulings import night_settlements, preview_ruling, record_ruling
from store.files.importer import (
    Imported,
    import_file,
    import_night,
    import_night_file,
    import_session,
    load_session_text,
)
from store.hand.events import (
    append_action,
    append_actions,
    check_night,
    end_hand,
    hand_actions,
    hand_check,
    night_session,
    start_hand,
    undo_event,
    undo_last,
    undo_target,
    void_event,
    void_hand_start,
)
from store.hand.rows import current_hand, get_hand, hand_version, night_hands
from store.money.ledger import (
    bank_check,
    buy_in,
    carried_pot,
    cash_out,
    close_night,
    join_table,
    night_entries,
    night_summary,
    pot_handed_back,
    recount,
    reopen_night,
    void_entry,
)
from store.money.totals import store_touched  # noqa: F401 (registers its step before every commit)
from store.stats.night_stats import store_touched as store_stats_touched  # noqa: F401 (registers its step)
from store.night.dealer_links import dealer_link_for, dealer_links, issue_dealer_link, revoke_dealer_link
from store.night.nights import (
    create_night,
    get_night,
    list_nights,
    night_players,
    seat_player,
    table_players,
    unseat,
)
from store.player.history import player_ledger
from store.player.player_links import issue_token, player_for_token, revoke_token
from store.player.players import add_player, find_player, get_player, list_players

__all__ = [
    "MAX_CHIPS",
    "StoreError",
    "Busy",
    "DiskFull",
    "migrations",
    "open_db",
    "utc_now",
    "void_hand_start",
    "carried_pot",
    "join_table",
    "pot_handed_back",
    "recount",
    "table_players",
    "unseat",
    "append_action",
    "append_actions",
    "check_night",
    "current_hand",
    "end_hand",
    "get_hand",
    "hand_actions",
    "hand_check",
    "night_hands",
    "night_session",
    "start_hand",
    "undo_last",
    "void_event",
    "import_file",
    "import_session",
    "load_session_text",
    "Imported",
    "import_night",
    "import_night_file",
    "bank_check",
    "night_entries",
    "buy_in",
    "cash_out",
    "close_night",
    "night_summary",
    "player_ledger",
    "reopen_night",
    "void_entry",
    "create_night",
    "get_night",
    "list_nights",
    "night_players",
    "seat_player",
    "add_player",
    "find_player",
    "get_player",
    "list_players",
    "issue_token",
    "player_for_token",
    "revoke_token",
    "MAX_STATEMENT",
    "open_dispute",
    "get_dispute",
    "night_disputes",
    "open_disputes",
    "player_disputes",
    "ruling_moves",
    "preview_ruling",
    "change_ruling_mode",
    "ruling_mode",
    "mode_history",
    "record_ruling",
    "night_settlements",
    "issue_dealer_link",
    "revoke_dealer_link",
    "dealer_links",
    "dealer_link_for",
    "hand_version",
    "undo_event",
    "undo_target",
]
