"""What the player's phone page says of each night, in the page's language (issue 14):
the night's title, the current stack during a live night, each hand's result in words,
each ledger line in words, and the transfers once the night is closed.

The figures come from one place each, read by ``store.player.phone.phone_page``: the
stacks from the referee (``store.player.phone.current_stack``: the tablet's view during a
hand, the stacks after the last hand plus the chips bought since between hands), a hand's
result from :func:`store.club.standings.hand_results` (the referee's stacks), the transfers
from the night's live close (``store.money.ledger.close_night`` keeps them in its ``detail``).
This module only puts them into words.
"""

from __future__ import annotations

from babel.lists import format_list
from flask_babel import format_datetime, get_locale, ngettext
from flask_babel import gettext as _

from store.core.times import local_time
from web.core.i18n import chips, money, said_reason


def names_list(names: list[str]) -> str:
    """Names joined as the page's language joins them ("Bruno y Chus")."""
    return format_list(list(names), locale=get_locale()) if names else ""


def night_title(night: dict, players: list[dict]) -> dict:
    """The night's title parts: ``{"when"}`` (date and start time in the club's zone, in
    the page's language), ``"title"`` (the host's, or None), ``"table"`` (who played, by
    seat: "Ana, Bruno y Chus")."""
    start = local_time(night["started_at"], night["timezone"])
    return {"when": format_datetime(start.replace(tzinfo=None), "EEE d MMM y, HH:mm"),
            "title": night.get("title"), "table": names_list([p["name"] for p in players])}


def hand_sentence(result: dict, seat: int, names: dict[int, str]) -> dict:
    """A hand's result for the player in seat ``seat`` (``result``: one of
    :func:`store.club.standings.hand_results`), said in words with the other players' names
    (``names``: seat -> name at that hand).

    :returns: ``{"number", "change" (int chips), "outcome" ('won' | 'lost' | 'even' |
        'carried' | 'playing'), "text", "pushed" (a sentence when the dealer pushed the pot
        elsewhere than the referee's awards, else None)}``.
    """
    number, change = result["number"], result["change"].get(seat, 0)
    others = {s: c for s, c in result["change"].items() if s != seat}
    won_from = [names.get(s, _("seat %(s)s", s=s)) for s, c in sorted(others.items()) if c < 0]
    took = [names.get(s, _("seat %(s)s", s=s)) for s, c in sorted(others.items()) if c > 0]
    if not result["ended"]:
        outcome, text = "playing", _("Hand %(n)s: in play", n=number)
    elif change > 0:
        outcome = "won"
        text = ngettext("Hand %(n)s: you won %(chips)s chip from %(names)s",
                        "Hand %(n)s: you won %(chips)s chips from %(names)s", change, n=number, chips=chips(change),
                        names=names_list(won_from)) if won_from else ngettext(
            "Hand %(n)s: you won %(chips)s chip", "Hand %(n)s: you won %(chips)s chips", change, n=number,
            chips=chips(change))
    elif change < 0 and took:
        outcome = "lost"
        text = ngettext("Hand %(n)s: you lost %(chips)s chip; %(names)s took the pot",
                        "Hand %(n)s: you lost %(chips)s chips; %(names)s took the pot", -change, n=number,
                        chips=chips(-change), names=names_list(took))
    elif change < 0 and result["carried"]:
        outcome = "carried"
        text = ngettext("Hand %(n)s: nobody opened; you put %(chips)s chip into the pot carried to the next hand "
                        "(%(pot)s)", "Hand %(n)s: nobody opened; you put %(chips)s chips into the pot carried to "
                        "the next hand (%(pot)s)", -change, n=number, chips=chips(-change), pot=chips(result["carried"]))
    elif change < 0:
        outcome, text = "lost", ngettext("Hand %(n)s: you lost %(chips)s chip", "Hand %(n)s: you lost %(chips)s chips",
                                         -change, n=number, chips=chips(-change))
    else:
        outcome, text = "even", _("Hand %(n)s: no chips won or lost", n=number)
    pushed = None
    awards, recorded = result["awards"], result["recorded_awards"]
    if result["ended"] and awards is not None and recorded and recorded != awards:
        pushed = _("The dealer pushed the pot to %(names)s; the referee's stacks follow the rules.",
                   names=names_list([names.get(s, _("seat %(s)s", s=s)) for s in sorted(recorded) if recorded[s]]))
    return {"number": number, "change": change, "outcome": outcome, "text": text, "pushed": pushed}


def _chips_word(amount: int, signed: bool = False) -> str:
    """``"500 chips"`` / ``"+1 chip"`` in the page's language."""
    return ngettext("%(chips)s chip", "%(chips)s chips", abs(amount), chips=chips(amount, signed=signed))


def entry_sentences(entries: list[dict]) -> list[tuple[dict, str]]:
    """Each ledger line of the player's (:func:`store.club.standings.player_entries`, in the
    order entered) with its words (:func:`entry_sentence`): the player's first live buy-in
    of the night is a buy-in even when it comes after hands were played (a late player's),
    a rebuy only one after it."""
    first = next((e["id"] for e in entries if e["kind"] == "buy_in" and not e["voided"]), None)
    return [(e, entry_sentence(e, first=e["id"] == first)) for e in entries]


def entry_sentence(entry: dict, *, first: bool = False) -> str:
    """One ledger line of the player's (:func:`store.club.standings.player_entries`) in words:
    "Buy-in: 500 chips", "Buy-in before hand 4: 500 chips" (``first``: the player's first
    buy-in of the night, a late player's), "Rebuy before hand 4: 500 chips", "From the box in
    hand 6: 55 chips" (a caja libre's), "Counted: 460 chips",
    "Carried pot given back: +1 chips", "Ruling on dispute 3 (hand 6): +20 chips" ...;
    a voided line says so and why."""
    amount, kind = entry["chips"], entry["kind"]
    reason = (entry["why"] or {}).get("code")
    signed = _chips_word(amount, signed=True)
    plain = _chips_word(amount)
    if kind == "buy_in" and entry["before_hand"] and first:   # a late player's first buy-in: no rebuy
        text = _("Buy-in before hand %(n)s: %(chips)s", n=entry["before_hand"] + 1, chips=plain)
    elif kind == "buy_in":
        text = (_("Rebuy before hand %(n)s: %(chips)s", n=entry["before_hand"] + 1, chips=plain)
                if entry["before_hand"] else _("Buy-in: %(chips)s", chips=plain))
    elif kind == "cash_out":
        text = _("Counted at the end: %(chips)s", chips=plain)
    elif kind == "box":   # a caja libre: chips bought from the box during a hand (store.money.box)
        text = _("From the box in hand %(h)s: %(chips)s", h=entry["hand"], chips=plain)
    elif reason == "carried_pot":
        text = _("Carried pot given back: %(chips)s", chips=signed)
    elif reason == "charge":
        text = _("Bank difference charged to you at the close: %(chips)s", chips=signed)
    elif reason == "credit":
        text = _("Bank difference credited to you at the close: %(chips)s", chips=signed)
    elif reason == "split":
        text = _("Your share of the bank difference at the close: %(chips)s", chips=signed)
    elif reason == "ruling":
        text = _("Ruling on dispute %(d)s (hand %(h)s): %(chips)s", d=entry["dispute_id"], h=entry["hand"],
                 chips=signed)
    else:
        text = _("Adjustment: %(chips)s", chips=signed)
    if entry["voided"]:
        void = entry["void_why"] or {}
        why = _("replaced by a recount") if void.get("code") == "recount" else said_reason(void)
        text += " · " + _("voided (%(why)s)", why=why)
    return text


def my_transfers(night: dict, player_id: int) -> list[dict]:
    """The closed night's transfers that involve the player, from the live close (the
    settlement as closed), in words: ``[{"direction" ('pay' | 'receive'), "name",
    "cents", "text"}]``; [] for an open night."""
    close = night.get("close")
    if not close:
        return []
    out = []
    for t in close["detail"].get("transfers") or []:
        amount = money(t["cents"], night["currency"])
        if t["payer_id"] == player_id:
            out.append({"direction": "pay", "name": t["payee"], "cents": t["cents"],
                        "text": _("You pay %(name)s %(amount)s", name=t["payee"], amount=amount)})
        elif t["payee_id"] == player_id:
            out.append({"direction": "receive", "name": t["payer"], "cents": t["cents"],
                        "text": _("%(name)s pays you %(amount)s", name=t["payer"], amount=amount)})
    return out


def night_card(data: dict, player_id: int, seat: int | None) -> dict:
    """What the phone page adds to one night of ``store.player_ledger``: ``{"title":
    night_title, "stack": the player's chips at the table now (open nights only, else
    None), "results": {hand_id: hand_sentence}, "lines": [(entry, text)], "transfers":
    my_transfers, "rebuy": the player's newest request for chips (``store.night.rebuy_reads.player_rebuy``)
    or None}``.

    :param data: the night of ``store.player.phone.phone_page`` (``night``, ``players``,
        ``stack``, ``results``, ``entries``, ``rebuy``).
    :param seat: the player's seat that night, or None.
    """
    info = data["night"]
    return {"title": night_title(info, data["players"]), "stack": data["stack"],
            "results": {result["hand_id"]: hand_sentence(result, seat, names) for result, names in data["results"]},
            "lines": entry_sentences(data["entries"]),
            "transfers": my_transfers(info, player_id), "rebuy": data.get("rebuy")}
