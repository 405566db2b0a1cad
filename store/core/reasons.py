"""The store's own reasons, kept as codes: why the store itself adjusted or voided a row
(the carried pot given back, the close's resolution, a ruling, a recount ...), stored as
a code and its params so that every page says it in its own language
(``web.core.i18n.said_reason``) and nothing parses a sentence back.

An adjustment's ``reason`` is always the store's: its code. A ``void`` ledger row says
in its ``detail`` (JSON) what its ``reason`` is, under :data:`PARAMS`: the params of the
store's code (:func:`coded`), or null for what a person typed (:func:`typed`, shown as
typed). Rows written before reasons were codes have no such key and hold English words
(the log is append-only: they stay as written), which :func:`old_reason` alone reads. In
the dealer's log (``events``, no ``detail``) the one store reason is a ruling's void of an
action (reason ``"ruling"``), known by the ruling's own ``detail``
(``store.dispute.rulings.ruling_voids``); any other void reason there was typed.

A reason, read: ``{"code": str, "params": dict}``. Codes (params):

- ``carried_pot``: an adjustment giving back the pot carried after the night's last hand
  (the close, ``store.money.ledger``);
- ``charge``, ``credit``, ``split``: the close's resolution of the bank's difference;
- ``ruling``: a ruling's move of chips (``store.dispute.rulings``; its dispute is in the
  row's ``detail``);
- ``recount``: a count voided by a recount (``store.money.ledger.recount``);
- ``ruling_reopened`` (``dispute``): the close and its adjustments voided by a ruling that
  reopened the night;
- ``ruling_void`` (``dispute``; ``rule`` in rows written before codes): an action voided by
  a ruling's correction;
- ``unseated`` (``reason``: the host's, as typed): a buy-in voided because the player was
  seated by mistake (``store.night.nights.unseat``);
- ``typed`` (``text``): what a person typed, shown as typed;
- for :func:`old_reason` of kind ``close_refused`` (a ruling's refusal to close the night
  again, kept as English text by rulings stored before its code was): the refusal's code
  and params (``store.core.checks.StoreError``), or ``close_refused_unknown``.
"""

from __future__ import annotations

import json
import re

_CODE = re.compile(r"[a-z][a-z0-9_]*")
"""A code, as the store writes one."""

PARAMS = "reason_params"
"""The key of a ``void`` ledger row's ``detail`` that says what its ``reason`` is: the
params of a store code (a dict), or null for what a person typed; absent in rows written
before reasons were codes."""

CARRIED_POT = "carried_pot"
"""The reason of the adjustments that give a carried pot back to those who put it in."""

RULING = "ruling"
"""The reason of a ruling's moves of chips, and of its voids of actions in the dealer's log."""


def coded(code: str, **params) -> dict:
    """The ``reason`` and ``detail`` columns of a ``void`` ledger row the store writes with
    its own reason: ``{"reason": code, "detail": JSON of {PARAMS: params}}``.

    >>> coded("ruling_reopened", dispute=4)
    {'reason': 'ruling_reopened', 'detail': '{"reason_params": {"dispute": 4}}'}
    """
    return {"reason": code, "detail": json.dumps({PARAMS: params})}


def typed(text: str) -> dict:
    """The ``reason`` and ``detail`` columns of a ``void`` ledger row whose reason a person
    typed: ``{"reason": text, "detail": JSON of {PARAMS: null}}``."""
    return {"reason": text, "detail": json.dumps({PARAMS: None})}


def stored_reason(reason: str | None, detail: str | dict | None = None, *, void: bool = False) -> dict | None:
    """A ledger row's reason, read: ``{"code", "params"}``; None without one.

    :param reason: the row's ``reason`` column.
    :param detail: its ``detail`` column (JSON text or the dict read from it).
    :param void: the row is a ``void`` (its reason says why another row was voided), as
        opposed to an adjustment's (why chips moved: always a store code).
    """
    if not reason:
        return None
    if not void:
        return {"code": reason, "params": {}} if _CODE.fullmatch(reason) else old_reason(reason, "adjustment")
    if isinstance(detail, str):
        try:
            detail = json.loads(detail)
        except ValueError:
            detail = None
    if isinstance(detail, dict) and PARAMS in detail:
        params = detail[PARAMS]
        return {"code": reason, "params": dict(params)} if isinstance(params, dict) else _typed(reason)
    return old_reason(reason, "void")


def _typed(text: str) -> dict:
    return {"code": "typed", "params": {"text": text}}


def void_reason(reason: str | None, dispute: int | None = None) -> dict | None:
    """An action's void reason in the dealer's log, read: ``ruling_void`` when a ruling
    voided it (``dispute``, from ``store.dispute.rulings.ruling_voids``; its old words,
    ``"ruling of dispute D: RULE"``, are never read), else what the dealer or the host
    typed; None without a reason."""
    if dispute is not None:
        return {"code": "ruling_void", "params": {"dispute": dispute}}
    return _typed(reason) if reason else None


def _bank_figures(match: re.Match) -> dict:
    """The bank refusal's params from an old close refusal's figures."""
    counted, carried, bought, gap = (match.group(g) for g in ("counted", "carried", "bought", "gap"))
    return {"counted": int(counted), "carried": int(carried or 0), "pot_returned": 0, "bought": int(bought),
            "difference": int(gap)}


_OLD = {
    "adjustment": [
        (re.compile(r"carried pot"), lambda m: (CARRIED_POT, {})),
    ],
    "void": [
        (re.compile(r"recount"), lambda m: ("recount", {})),
        (re.compile(r"ruling of dispute (?P<d>\d+): the night reopened to apply it"),
         lambda m: ("ruling_reopened", {"dispute": int(m["d"])})),
        (re.compile(r"ruling of dispute (?P<d>\d+): (?P<rule>.*)", re.S),
         lambda m: ("ruling_void", {"dispute": int(m["d"]), "rule": m["rule"]})),
        (re.compile(r"unseated: (?P<reason>.*)", re.S), lambda m: ("unseated", {"reason": m["reason"]})),
    ],
    "close_refused": [
        (re.compile(r"(?P<n>\d+) dispute\(s\) still open \(hand\(s\) (?P<hands>[\d, ]+)\): rule on them first, "
                    r"or give a reason to close anyway"),
         lambda m: ("dispute_open", {"count": int(m["n"]), "hands": [int(h) for h in m["hands"].split(", ")]})),
        (re.compile(r"a hand is still in progress; end it before closing the night"),
         lambda m: ("hand_in_progress", {})),
        (re.compile(r"nobody bought in: nothing to close"), lambda m: ("nothing_to_close", {})),
        (re.compile(r"count the chips of: (?P<names>.*) \(0 if they busted\)", re.S),
         lambda m: ("uncounted", {"names": m["names"].split(", ")})),
        (re.compile(r"hub mode: say which player everyone settles with"), lambda m: ("hub_needed", {})),
        (re.compile(r"hub mode: everyone settles with a player of tonight's game; player \d+ did not play"),
         lambda m: ("hub_not_playing", {})),
        (re.compile(r"the bank does not balance: (?P<counted>-?\d+) chips counted"
                    r"(?: \+ (?P<carried>\d+) in the carried pot)?, (?P<bought>-?\d+) bought "
                    r"\(difference (?P<gap>[+-]?\d+)\): .*", re.S),
         lambda m: ("bank_unbalanced", _bank_figures(m))),
        (re.compile(r"after the recount the bank is still off by (?P<gap>[+-]?\d+) chips.*", re.S),
         lambda m: ("recount_off", {"difference": int(m["gap"])})),
        (re.compile(r"the bank is short by (?P<n>\d+) chips(?: \(difference -\d+\))?: a shortage cannot be "
                    r"charged.*", re.S),
         lambda m: ("shortage_charged", {"difference": -int(m["n"])})),
        (re.compile(r"the bank has (?P<n>\d+) chips too many(?: \(difference [+]\d+\))?: an excess cannot be "
                    r"credited.*", re.S),
         lambda m: ("excess_credited", {"difference": int(m["n"])})),
        (re.compile(r"say which player the difference is (?P<r>charged|credited) to"),
         lambda m: ("resolution_player", {"resolution": {"charged": "charge", "credited": "credit"}[m["r"]]})),
    ],
}
"""The words the store wrote before its reasons were codes, by kind: a fullmatch each ->
``(code, params)``."""

def old_reason(text: str, kind: str) -> dict:
    """THE reader of the English words the store wrote before its reasons were codes (rows
    written then stay as they are: the log is append-only); nothing else reads stored text.

    :param text: the stored words.
    :param kind: ``"adjustment"`` (an adjustment's reason: ``"carried pot"``; ``"charge"``,
        ``"credit"``, ``"split"``, ``"ruling"`` were written as the codes they still are),
        ``"void"`` (why a row was voided:
        ``"recount"``, ``"ruling of dispute D: the night reopened to apply it"``, ``"ruling
        of dispute D: RULE"``, ``"unseated: REASON"``) or ``"close_refused"`` (a ruling's
        refusal to close the night again: the close's refusals as ``store.money.ledger``
        worded them).
    :returns: ``{"code", "params"}`` (the module's codes; a close refusal's
        ``StoreError`` code and params). Words of no old form: a void's or an
        adjustment's are what a person typed (``typed``, ``text``); a close refusal's
        ``close_refused_unknown``.

    >>> old_reason("ruling of dispute 3: RRoP, Showdown", "void")
    {'code': 'ruling_void', 'params': {'dispute': 3, 'rule': 'RRoP, Showdown'}}
    >>> old_reason("carried pot", "adjustment"), old_reason("wrong seat", "void")["code"]
    ({'code': 'carried_pot', 'params': {}}, 'typed')
    """
    for pattern, read in _OLD[kind]:
        match = pattern.fullmatch(text)
        if match:
            code, params = read(match)
            return {"code": code, "params": params}
    if kind == "close_refused":
        return {"code": "close_refused_unknown", "params": {}}
    return _typed(text)
