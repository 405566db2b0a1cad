"""The night report's hands (issue 25, long nights): a row per hand (who had the button,
who got the pot, what is noted), the noted hands in full (their findings and lines in words:
a finding, a corrected line or a dispute), pages of :data:`HANDS_PER_PAGE` hands on the
screen, and for print the rows as aligned lines (a table of lines: WeasyPrint lays out a
table cell by cell, which cost seconds for a long night) with only the noted hands in full.

Only the hands shown are said in words, and each distinct log line once
(:class:`LineWords`): a 300-hand report spent half its time saying every line of every hand.
No rule or money here: the figures are the referee's and the store's
(``store.money.report.night_report``).
"""

from __future__ import annotations

from math import ceil

from flask import url_for
from flask_babel import gettext, ngettext

from store.core.reasons import void_reason
from web.core import i18n

HANDS_PER_PAGE = 100
"""Hands on a page of the report on the screen (the PDF has every hand)."""

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def page_count(hands: int) -> int:
    """How many pages the screen report of a night of ``hands`` hands has (1 at least)."""
    return max(1, ceil(hands / HANDS_PER_PAGE))


def page_span(page: int | None) -> tuple[int, int | None]:
    """The hand numbers page ``page`` shows: ``(first, last)``; every hand (``(1, None)``)
    for None (the PDF)."""
    if page is None:
        return 1, None
    return (page - 1) * HANDS_PER_PAGE + 1, page * HANDS_PER_PAGE


def page_of(number: int) -> int:
    """The page of the screen report that shows hand ``number``."""
    return (number - 1) // HANDS_PER_PAGE + 1


class LineWords:
    """Log lines in words with names (``web.core.i18n.say_line``) and who entered them
    (``web.core.i18n.who``), each distinct one said once per report.

    :param names: seat -> name (``web.core.i18n.seat_names``).
    """

    def __init__(self, names: dict) -> None:
        self.names = names
        self._lines: dict[str, str] = {}
        self._who: dict[str | None, str] = {}

    def line(self, text: str) -> str:
        """``text`` (a log line) in words."""
        if text not in self._lines:
            self._lines[text] = i18n.say_line(text, self.names)
        return self._lines[text]

    def who(self, entered_by: str | None) -> str:
        """Who entered or voided a row, in words."""
        if entered_by not in self._who:
            self._who[entered_by] = i18n.who(entered_by)
        return self._who[entered_by]


def said_hands(data: dict, page: int | None) -> dict:
    """The report's hands, said in the page's language.

    :param data: ``store.money.report.night_report`` (its ``hands``, ``players``, ``voids``
        and ``disputes``).
    :param page: the screen page (1, 2 ...), or None for every hand (the PDF).
    :returns: ``{"hands": [a row per hand shown: {"number", "button", "button_name",
        "pot_said" (:func:`pot_said`), "noted", "notes" (what is noted, in words, or "")}],
        "details": [each noted hand shown, in full: :func:`_detail`; in the PDF not those
        whose only findings are notes], "note_groups": in the PDF, the hands whose only
        findings are notes (a passed-out deal ...), by note (:func:`note_groups`; [] on the
        screen), "rules_cited": in the PDF, the rules the findings cite, each once
        (:func:`cite_rules`; [] on the screen, where each finding quotes its rule), "noted":
        [every noted hand of the night: {"number", "href"}], "page", "pages": [{"page",
        "first", "last", "href"}] (one when the night fits one page), "hand_href": {number:
        href} of the disputes' hands}``.
    """
    players = data["players"]
    names = {str(p["seat"]): p["name"] for p in players}
    words = LineWords(i18n.seat_names(players))
    first, last = page_span(page)
    shown = [h for h in data["hands"] if first <= h["number"] and (last is None or h["number"] <= last)]
    grouped = {h["number"] for h in shown if page is None and notes_only(h)}
    details = [_detail(h, data["voids"], words) for h in shown
               if h["noted"] and h["actions"] is not None and h["number"] not in grouped]
    groups = note_groups([h for h in shown if h["number"] in grouped], words.names)
    count = page_count(len(data["hands"])) if page is not None else 1
    return {"hands": [_row(h, names, words) for h in shown], "details": details, "note_groups": groups,
            "rules_cited": cite_rules(details, groups) if page is None else [],
            "noted": [{"number": h["number"], "href": "#notes" if h["number"] in grouped
                       else hand_href(h["number"], page, data)} for h in data["hands"] if h["noted"]],
            "page": page or 1, "pages": [_page_link(p, data, count) for p in range(1, count + 1)],
            "hand_href": {d["hand_number"]: hand_href(d["hand_number"], page, data) for d in data["disputes"]}}


def notes_only(hand: dict) -> bool:
    """Whether a hand is noted for notes alone (findings of severity ``info``: a deal passed
    out, the pot carried ...), not corrected nor disputed: the PDF lists such hands by
    note (:func:`note_groups`) instead of printing each in full."""
    findings = hand["checked"].get("findings", [])
    return bool(findings) and all(f.get("severity") == "info" for f in findings) \
        and not hand["corrected"] and not hand["disputed"]


def note_groups(hands: list[dict], names: dict) -> list[dict]:
    """The hands given (each noted for notes alone, :func:`notes_only`) by note, in the
    order first met: ``[{"kind", "label", "rule_text" (of the first hand's note, said in the
    page's language), "numbers": [hand numbers]}]``."""
    groups: dict[str, dict] = {}
    for hand in hands:
        for finding in hand["checked"]["findings"]:
            if finding["kind"] not in groups:
                said = i18n.say_finding(finding, names)
                groups[finding["kind"]] = {"kind": finding["kind"], "label": said["label"],
                                           "rule_text": said["rule_text"], "numbers": []}
            if hand["number"] not in groups[finding["kind"]]["numbers"]:
                groups[finding["kind"]]["numbers"].append(hand["number"])
    return list(groups.values())


def hand_href(number: int, page: int | None, data: dict) -> str:
    """Where hand ``number``'s section is: on this page (or in the PDF) ``#hand-N``, else
    on its page of the screen report."""
    if page is None or page_of(number) == page:
        return f"#hand-{number}"
    night_id = data["summary"]["night"]["id"]
    return url_for("reports.night", night_id=night_id, page=page_of(number)) + f"#hand-{number}"


def _page_link(page: int, data: dict, count: int) -> dict:
    first, last = page_span(page)
    night_id = data["summary"]["night"]["id"]
    return {"page": page, "first": first, "last": min(last, len(data["hands"])) if page == count else last,
            "href": url_for("reports.night", night_id=night_id, page=page) + "#hands" if count > 1 else ""}


def _row(hand: dict, names: dict, words: LineWords) -> dict:
    """A hand's row: its number, button, who got the pot and what is noted."""
    entry = hand["checked"]
    return {"number": hand["number"], "button": hand["button"],
            "button_name": names.get(str(hand["button"]), "" if hand["button"] is None else str(hand["button"])),
            "pot_said": pot_said(entry, words.names), "noted": hand["noted"], "notes": _notes(hand)}


def pot_said(entry: dict, names: dict) -> str:
    """Who got the hand's pot (``web.core.i18n.awards_said``) and the pot it carried, in
    words; "" when neither."""
    parts = [i18n.awards_said(entry, names) or ""]
    if entry.get("carried"):
        parts.append(gettext("carried pot %(chips)s", chips=i18n.chips(entry["carried"])))
    return "; ".join(p for p in parts if p)


def _notes(hand: dict) -> str:
    """What is noted on a hand, in words: its findings by severity (those there are), and
    whether it was disputed or corrected; "" for none."""
    severities = [f.get("severity", "info") for f in hand["checked"].get("findings", [])]
    parts = [words for words in (
        ngettext("%(num)s error", "%(num)s errors", severities.count("error")) if "error" in severities else "",
        ngettext("%(num)s warning", "%(num)s warnings", severities.count("warning")) if "warning" in severities else "",
        ngettext("%(num)s note", "%(num)s notes", severities.count("info")) if "info" in severities else "",
        gettext("disputed") if hand["disputed"] else "",
        gettext("corrected") if hand["corrected"] else "") if words]
    return ", ".join(parts)


def _detail(hand: dict, voids: dict, words: LineWords) -> dict:
    """A noted hand in full: ``{"number", "button", "actions": [hand_actions rows + "words",
    "who", "voided_who", "dispute_id" (the dispute whose ruling voided it), "added_by" (the
    dispute whose ruling added it), "void_why"], "voided", "findings": [said in the page's
    language, ``web.core.i18n.say_finding``; a finding's ``action_text`` is its line in
    words], "awards" (the referee's), "pot_said" (:func:`pot_said`), "pots", "carried"}``."""
    entry = hand["checked"]
    by_ruling, added_by = voids["events"], voids["added"]
    findings = sorted(i18n.say_findings(entry.get("findings", []), words.names),
                      key=lambda f: (SEVERITY_ORDER.get(f.get("severity"), 3), f.get("action") or 0))
    actions = [{**a, "who": words.who(a.get("entered_by")), "voided_who": words.who(a.get("voided_by")),
                "words": words.line(a["action"]), "dispute_id": by_ruling.get(a["event_id"]),
                "added_by": added_by.get(a["event_id"]),
                "void_why": void_reason(a.get("void_reason"), by_ruling.get(a["event_id"]))}
               for a in hand["actions"]]
    live = [a for a in actions if not a["voided"]]
    for finding in findings:
        index = finding.get("action")
        finding["action_text"] = live[index]["words"] if isinstance(index, int) and 0 <= index < len(live) else None
    return {"number": hand["number"], "button": hand["button"], "actions": actions,
            "voided": [a for a in actions if a["voided"]], "findings": findings,
            "awards": entry.get("awards"), "pot_said": pot_said(entry, words.names),
            "pots": entry.get("pots") or [], "carried": entry.get("carried")}


def cite_rules(details: list[dict], groups: list[dict]) -> list[str]:
    """The rules the findings of ``details`` and the note groups (:func:`note_groups`) quote
    (``rule_text``), each once, in the order first cited; each finding and group gets
    ``rule_ref``, the number of its rule in that list (from 1; None without a rule). The PDF
    prints the list once at the end and a finding its number: a long night's passed-out
    hands quoted the same seed sentences a hundred times."""
    cited: dict[str, int] = {}
    for item in [f for hand in details for f in hand["findings"]] + groups:
        text = item.get("rule_text")
        item["rule_ref"] = cited.setdefault(text, len(cited) + 1) if text else None
    return list(cited)


def severity_totals(data: dict) -> dict[str, int]:
    """``{"error", "warning", "info"}``: how many findings the night's hands have, by
    severity (counted, not said)."""
    totals = {"error": 0, "warning": 0, "info": 0}
    for hand in data["hands"]:
        for finding in hand["checked"].get("findings", []):
            totals[finding.get("severity", "info")] = totals.get(finding.get("severity", "info"), 0) + 1
    return totals


def hand_lines(rows: list[dict]) -> list[str]:
    """The rows (:func:`said_hands`' ``hands``) as the PDF prints them: a line each, the
    columns aligned (the page sets them in a fixed-width font), the headings first: the
    hand, the button, who got the pot and what is noted."""
    heads = (gettext("Hand"), gettext("Button"), gettext("Who got the pot"))
    number = max([len(heads[0])] + [len(str(r["number"])) for r in rows])
    button = min(18, max([len(heads[1])] + [len(r["button_name"]) for r in rows]))
    lines = [f"{heads[0]:>{number}}  {heads[1]:<{button}}  {heads[2]}"]
    for r in rows:
        said = r["pot_said"] or "\u2014"
        if r["notes"]:
            said += f" \u00b7 {r['notes']}"
        lines.append(f"{r['number']:>{number}}  {r['button_name']:<{button}}  {said}")
    return lines
