"""The dispute page's step editor in one read (issue 26, "corrections without code"): the
host's dispute page (``store.dispute.pages.host_dispute_page``) with the hand's lines as
the editor leaves them (``store.dispute.step_edits.edited_actions``), the referee's state
at the step being changed or inserted (``store.dispute.step_edits.step_state``) and, once
the lines differ from the hand's, the ruling's preview. Read-only: the ruling's commit
writes.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.pages import host_dispute_page
from store.dispute.step_edits import edited_actions, step_state

PICKING = ("change", "insert")
"""The editor's operations that open the pickers at a step."""


def step_edit(db: Database, dispute_id: int, *, draft: list[str] | None, op: str | None, index: int | None,
              fields: dict | None, apply: bool, sent: dict) -> dict | None:
    """The step editor's answer, in one read transaction.

    :param draft: the lines as the form holds them (None: the hand's live lines).
    :param op: ``"change"``, ``"insert"`` (open the pickers at step ``index``, 0-based),
        ``"remove"`` (remove step ``index``), or None; with ``apply`` the pickers' ``fields``
        change (or insert) step ``index`` (``edited_actions``).
    :param sent: the ruling form's fields (``decision``, ``mode`` ...); the preview assumes
        ``decision`` "upheld" when the form says none (a correction is refused on a rejection).
    :returns: None for no such dispute; else ``{"draft": the lines after the edit, "state":
        step_state at the step whose pickers are open (None: none open), "refused": the
        edit's or the step's StoreError (None: none; the draft then unchanged), "sent": the
        form with ``actions`` the draft (and the decision assumed), "page": host_dispute_page
        of that form (its preview when the draft differs from the hand's lines and no
        pickers are open)}``.
    """
    with read_tx(db):
        found = host_dispute_page(db, dispute_id)
        if found is None:
            return None
        live, hand_id = found["live"], found["dispute"]["hand_id"]
        lines = list(live if draft is None else draft)
        refused = state = None
        try:
            if op == "remove" or apply:
                lines = edited_actions(db, hand_id, lines, index, op, fields)
                op = None
        except StoreError as exc:
            refused = exc
        if op in PICKING:
            try:
                if op == "change" and index >= len(lines):
                    raise StoreError("step_missing", index=index + 1, count=len(lines))
                state = step_state(db, hand_id, lines, index)
            except StoreError as exc:
                refused, state = exc, None
        sent = {**sent, "actions": "\n".join(lines)}
        show = state is None and lines != live
        if show and not sent.get("decision"):
            sent["decision"] = "upheld"
        page = host_dispute_page(db, dispute_id, preview=show, decision=sent.get("decision", ""), actions=lines,
                                 mode=sent.get("mode"))
        return {"draft": lines, "state": state, "refused": refused, "sent": sent, "page": page}
