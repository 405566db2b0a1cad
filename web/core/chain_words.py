"""The record's chain check said for a person (``flask verify``): a problem of
``store.core.chain.verify`` (a code and its params: no words) and a chained row (its facts,
``store.core.chain_rows.facts``) in the words of the web's gettext catalogue, in the
language in force (the command line's ``force_locale``: ``web.core.cli.spoken``).

The data stays as the database holds it: an action line (``p3 open 10``), a table's name
(``events``), a player's name, a statement and a rule (quoted as Python quotes them, so a
control character shows), the night's rules and a close's settlement (JSON text).
"""

from __future__ import annotations

from typing import Callable

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from web.core.i18n import money

LEDGER_KINDS = {"buy_in": _l("buy-in"), "cash_out": _l("cash-out"), "adjustment": _l("adjustment"),
                "close": _l("close"), "unseat": _l("leaving the table")}
"""A ledger entry's kind by its code (``store.money.ledger``); a void has a sentence of its
own (:func:`_ledger`: the catalogue's ``void`` is a status, "anulada"); another kind is
shown as stored."""

DECISIONS = {"upheld": _l("upheld"), "rejected": _l("rejected")}
"""A ruling's decision by its code (``store.dispute.rulings``); another is shown as stored."""

MARK_KINDS = {"paid": _l("marked paid"), "confirmed": _l("confirmed as received")}
"""A transfer mark's kind by its code (``store.money.payments``); a void has a sentence of
its own (:func:`_mark`); another kind is shown as stored."""

WHATS = {"poker": _l("poker"), "expenses": _l("shared expenses")}
"""Which settlement a transfer belongs to (``store.money.payments.WHATS``); another is shown as stored."""


def _player(f: dict, side: str = "player") -> str:
    """The player of a row (``side``: ``player``, or a mark's ``payer`` or ``payee``): the
    name, ``player N`` when there is no such player, ``the table`` for none."""
    if f[f"{side}_id"] is None:
        return _("the table")
    return f[side] if f[side] is not None else _("player %(id)s", id=f[f"{side}_id"])


def _hand(f: dict) -> str:
    """The hand of a row by its number (``hand id N`` when there is no such hand)."""
    return _("hand %(n)s", n=f["hand"]) if f["hand"] is not None else _("hand id %(id)s", id=f["hand_id"])


def _night(row_id: int, f: dict) -> str:
    chip_value = money(f["chip_cents"], f["currency"]) if isinstance(f.get("chip_cents"), int) else f.get("chip_cents")
    return _("the night's settings: %(chips_per)s chip(s) = %(chip_value)s, %(timezone)s, "
             "started %(started_at)s, rules %(rules)s", **{**f, "chip_value": chip_value})


def _seat(row_id: int, f: dict) -> str:
    return _("seat %(seat)s: %(name)s (player %(player)s)", seat=f["seat"], name=f["name"], player=f["player_id"])


def _hand_row(row_id: int, f: dict) -> str:
    return _("hand %(n)s started (button seat %(button)s)", n=f["number"], button=f["button"])


def _event(row_id: int, f: dict) -> str:
    hand, entry, kind = _hand(f), f["entry"], f["kind"]
    if kind == "action":
        return _("%(hand)s, action %(entry)s: %(action)s", hand=hand, entry=entry, action=f["action"])
    if kind == "void":
        target = f["target_action"] or _("event %(id)s", id=f["target"])
        return _("%(hand)s, entry %(entry)s: void of %(target)s (%(reason)s)", hand=hand, entry=entry,
                 target=target, reason=f["reason"])
    if kind == "end":
        return _("%(hand)s, entry %(entry)s: end of the hand", hand=hand, entry=entry)
    return _("%(hand)s, entry %(entry)s: %(kind)s (%(reason)s)", hand=hand, entry=entry, kind=kind, reason=f["reason"])


def _ledger(row_id: int, f: dict) -> str:
    if f["kind"] == "void":
        text = _("ledger entry %(entry)s, void of %(player)s", entry=row_id, player=_player(f))
    else:
        text = _("ledger entry %(entry)s, %(kind)s of %(player)s", entry=row_id,
                 kind=LEDGER_KINDS.get(f["kind"], f["kind"]), player=_player(f))
    if f["chips"] is not None:  # (a damaged row's chips may be text: shown as they are, counted as many)
        many = f["chips"] if isinstance(f["chips"], int) else 2
        text = ngettext("%(entry)s: %(chips)s chips", "%(entry)s: %(chips)s chips", many, chips=f["chips"],
                        entry=text)
    if f["kind"] == "void":
        text = _("%(entry)s (voids entry %(target)s)", entry=text, target=f["target"])
    if f["reason"]:
        text = f"{text} ({f['reason']})"
    if f["kind"] == "close" and f["detail"]:
        text = f"{text} {f['detail']}"
    return text


def _dispute(row_id: int, f: dict) -> str:
    return _("dispute %(id)s by %(player)s on %(hand)s: %(statement)s", id=row_id, player=_player(f),
             hand=_hand(f), statement=repr(f["statement"]))


def _ruling(row_id: int, f: dict) -> str:
    text = _("ruling %(id)s on dispute %(dispute)s (%(hand)s): %(decision)s, rule %(rule)s", id=row_id,
             dispute=f["dispute_id"], hand=_hand(f), decision=DECISIONS.get(f["decision"], f["decision"]),
             rule=repr(f["rule"]))
    return _("%(ruling)s, chips moved %(moves)s", ruling=text, moves=f["moves"]) if f["moves"] else text


def _mark(row_id: int, f: dict) -> str:
    transfer = _("%(payer)s pays %(payee)s %(cents)s cents (%(what)s)", payer=_player(f, "payer"),
                 payee=_player(f, "payee"), cents=f["cents"], what=WHATS.get(f["what"], f["what"]))
    if f["kind"] == "void":
        return _("transfer mark %(id)s, %(transfer)s: withdraws mark %(target)s (%(reason)s)", id=row_id,
                 transfer=transfer, target=f["target"], reason=repr(f["reason"]))
    return _("transfer mark %(id)s, %(transfer)s: %(kind)s", id=row_id, transfer=transfer,
             kind=MARK_KINDS.get(f["kind"], f["kind"]))


def _expense(row_id: int, f: dict) -> str:
    return _("shared expense %(id)s: %(what)s, %(cents)s cents paid by %(payer)s", id=row_id,
             what=repr(f["description"]), cents=f["cents"], payer=_player(f, "payer"))


def _share(row_id: int, f: dict) -> str:
    return _("share %(id)s of shared expense %(expense)s: %(player)s, %(cents)s cents", id=row_id,
             expense=f["expense_id"], player=_player(f), cents=f["cents"])


def _expense_void(row_id: int, f: dict) -> str:
    return _("void %(id)s of shared expense %(expense)s (%(reason)s)", id=row_id, expense=f["expense_id"],
             reason=repr(f["reason"]))


def _handle(row_id: int, f: dict) -> str:
    return _("payment handle %(id)s of %(player)s: %(handle)s", id=row_id, player=_player(f),
             handle=repr(f["handle"]))


ROWS: dict[str, Callable[[int, dict], str]] = {
    "nights": _night, "seats": _seat, "hands": _hand_row, "events": _event, "ledger": _ledger,
    "disputes": _dispute, "rulings": _ruling, "transfer_marks": _mark, "expenses": _expense,
    "expense_shares": _share, "expense_voids": _expense_void, "payment_handles": _handle}
"""A chained row's words by its table (``store.core.chain_rows.CHAINED``)."""


def row_text(row: dict) -> str:
    """A chained row as it reads now (``store.core.chain_rows.facts``: ``{"table",
    "row_id", "facts"}``), in words: ``"hand 3, action 7: p3 open 10"``, ``"ledger entry
    12, buy-in of Ana: 500 chips"``; ``"<table> row <id>"`` for a row gone or too damaged
    to read."""
    if row["facts"] is None:
        return _("%(table)s row %(row)s", table=row["table"], row=row["row_id"])
    return ROWS[row["table"]](row["row_id"], row["facts"])


def _gone(p: dict, q: dict) -> str:
    if "now_night" in q:
        return _("link %(link)s points at %(table)s row %(row)s, which is gone from this night: it now belongs to "
                 "night %(night)s", link=p["link"], table=p["table"], row=p["row_id"], night=q["now_night"])
    return _("link %(link)s points at %(table)s row %(row)s, which is gone from this night: the row was deleted",
             link=p["link"], table=p["table"], row=p["row_id"])


def _head_ahead(p: dict, q: dict) -> str:
    if q["sealed"]:
        newest = _("%(table)s row %(row)s", table=p["table"], row=p["row_id"])
    else:
        newest = _("%(table)s row %(row)s (as the head says)", table=p["table"], row=p["row_id"])
    return ngettext("the chain ends at link %(ends)s but its head records %(recorded)s links: the newest %(num)s "
                    "row (the last: link %(recorded)s, %(newest)s) was deleted together with its link",
                    "the chain ends at link %(ends)s but its head records %(recorded)s links: the newest %(num)s "
                    "rows (the last: link %(recorded)s, %(newest)s) were deleted together with their links",
                    q["recorded"] - q["ends"], ends=q["ends"], recorded=q["recorded"], newest=newest)


def _stray(p: dict, q: dict) -> str:
    what = dict(table=p["table"], row=p["row_id"], what=row_text(q["row"]), night=q["night"])
    if q["points_at"] == "hand":
        return _("%(table)s row %(row)s (%(what)s) points at this night's hand but is not in its chain (its "
                 "night_id says %(night)s): it was inserted or moved behind the record's back", **what)
    return _("%(table)s row %(row)s (%(what)s) points at this night's dispute but is not in its chain (its "
             "night_id says %(night)s): it was inserted or moved behind the record's back", **what)


PROBLEMS: dict[str, Callable[[dict, dict], str]] = {
    "link_missing": lambda p, q: _("link %(link)s is missing (the chain goes on at link %(next)s): a link was "
                                   "deleted", link=p["link"], next=q["next"]),
    "link_table_unchained": lambda p, q: _("link %(link)s points at table %(table)s, which is not chained",
                                           link=p["link"], table=repr(p["table"])),
    "link_row_gone": _gone,
    "link_mismatch": lambda p, q: _("link %(link)s (%(table)s row %(row)s) does not match: %(what)s was changed "
                                    "after it was written (or the link was)", link=p["link"], table=p["table"],
                                    row=p["row_id"], what=row_text(q["row"])),
    "head_missing": lambda p, q: _("the night's chain head is missing: it was deleted"),
    "no_chain": lambda p, q: _("the night has no chain: it was never linked or its chain was deleted"),
    "head_ahead": _head_ahead,
    "link_after_head": lambda p, q: ngettext("link %(link)s (%(what)s) comes after the recorded head (%(num)s "
                                             "links): added behind the record's back",
                                             "link %(link)s (%(what)s) comes after the recorded head (%(num)s "
                                             "links): added behind the record's back",
                                             q["recorded"], link=p["link"], what=row_text(q["row"])),
    "head_rewritten": lambda p, q: _("the recorded head does not match the chain: it was rewritten"),
    "row_unlinked": lambda p, q: _("%(table)s row %(row)s (%(what)s) has no link: it was inserted behind the "
                                   "record's back", table=p["table"], row=p["row_id"], what=row_text(q["row"])),
    "row_stray": _stray,
    "row_orphan": lambda p, q: _("%(table)s row %(row)s (%(what)s) names night %(night)s, which does not exist: "
                                 "it was inserted behind the record's back", table=p["table"], row=p["row_id"],
                                 what=row_text(q["row"]), night=q["night"]),
    "night_pending": lambda p, q: _("the night is listed as made before the chain and was never linked: it "
                                    "cannot be verified"),
    "money_pending": lambda p, q: _("its payment marks, shared expenses or payment handles written before they "
                                    "were sealed were never linked: they cannot be verified"),
    "result_changed": lambda p, q: _("the stored result of hand %(hand)s was changed; it is re-judged from the "
                                     "log", hand=q["hand"]),
    "summary_changed": lambda p, q: _("the stored money summary of the night's close was changed; the pages "
                                      "work the money out from the log"),
    "printed_head_unknown": lambda p, q: ngettext("the printed head %(head)s is not in night %(night)s's chain "
                                                  "(%(num)s links): the record was rewritten since it was "
                                                  "printed, or the head is another night's",
                                                  "the printed head %(head)s is not in night %(night)s's chain "
                                                  "(%(num)s links): the record was rewritten since it was "
                                                  "printed, or the head is another night's",
                                                  q["links"], head=q["head"], night=q["night"]),
}
"""A problem's sentence by its code (``store.core.chain.PROBLEMS``): ``(problem, its
params) -> str``. English counts keep the plural for one link or chip, as the command
line always wrote them; the Spanish says one ``eslabón``, one ``ficha``."""


def problem_text(problem: dict) -> str:
    """What ``store.core.chain.verify`` found (``{"link", "table", "row_id", "code",
    "params"}``) in one sentence, naming the row as it reads now."""
    return PROBLEMS[problem["code"]](problem, problem["params"])


def problem_place(problem: dict) -> str:
    """Where the record does not match: ``"link 7 (events row 12)"``, ``"link 5"``, ``"the
    chain (ledger row 13)"`` or ``"the chain"``."""
    link, table, row = problem["link"], problem["table"], problem["row_id"]
    if link and table:
        return _("link %(link)s (%(table)s row %(row)s)", link=link, table=table, row=row)
    if link:
        return _("link %(link)s", link=link)
    if table:
        return _("the chain (%(table)s row %(row)s)", table=table, row=row)
    return _("the chain")
