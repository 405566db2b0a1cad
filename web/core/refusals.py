"""The store's refusals said in the request's language: one catalogue for every page (the
host's pages, the dealer tablet, the player's dispute page, the report).

A ``store.StoreError`` is a ``code`` and ``params`` (names, seats, numbers); its sentence,
in Spanish and English, is here and nowhere else (:data:`MESSAGES`, extracted into
``translations/`` by ``pybabel``): every page, the tablet's answers, the PDF and the command
line (``web.core.cli``) say a refusal by :func:`refusal_text`. ``tests/web/core/test_refusal_words.py``
holds every code the store raises to a sentence here in both languages.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from store.core.checks import StoreError
from web.core.forms import field_label
from web.money.bank import bank_sentence, difference_words


def _hands(value) -> str:
    """Hand numbers as the page writes a list of them: ``[3, 5]`` -> ``"3, 5"``."""
    if isinstance(value, (list, tuple, set)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _visible(text: str) -> str:
    """A line as a page can show it: control and invisible characters as ``U+XXXX``."""
    return "".join(c if c.isprintable() else f"U+{ord(c):04X}" for c in str(text))


def _figure(p: dict) -> int:
    """The bank difference of a refusal's params (``difference``; ``gap`` in refusals kept
    before issue #14)."""
    return int(p["difference"] if "difference" in p else p["gap"])


def _bank_unbalanced(p: dict) -> str:
    """``bank_unbalanced`` (params ``counted``, ``carried``, ``pot_returned``, ``bought``,
    ``difference``: chips, ``store.money.bank.bank_check``'s): the bank sentence
    (``web.money.bank.bank_sentence``) and what to do."""
    figures = {"pot_returned": 0, **p, "difference": _figure(p)}
    return _("%(bank)s Recount, charge or credit the difference to one player, or split it.",
             bank=bank_sentence(figures))


def _recount_off(p: dict) -> str:
    """``recount_off``: the bank sentence when the figures are there (else the difference)."""
    if {"counted", "bought"} <= set(p):
        return _("After the recount the bank is still off. %(bank)s Recount again, or choose another way "
                 "to settle the difference.", bank=bank_sentence({"pot_returned": 0, "carried": 0, **p,
                                                                   "difference": _figure(p)}))
    return _("After the recount the bank is still off: %(difference)s. Recount again, or choose another way "
             "to settle the difference.", difference=difference_words(_figure(p)))


def _file_settlement_player(p: dict) -> str:
    """``file_settlement_player`` (``store.files.importer``: params ``name``, ``role`` ``"hub"`` or
    ``"charged"``, ``resolution``): the file's settlement names someone not at tonight's
    table (said after a colon: no capital)."""
    name = _visible(p["name"])
    if p["role"] == "hub":
        return _("the file settles with “%(name)s”, who does not play tonight.", name=name)
    if p.get("resolution") == "credit":
        return _("the file credits the difference to “%(name)s”, who does not play tonight.", name=name)
    return _("the file charges the difference to “%(name)s”, who does not play tonight.", name=name)


def _night_present(p: dict) -> str:
    """``night_present`` (``store.files.identity``, ``store.files.importer``: params ``night``,
    ``how``): the club already has the file's night; nothing was imported. The pages link
    the night and say how to import a copy."""
    if p["how"] == "uid":
        return _("The file's night is already in the club (night %(night)s): nothing was imported.",
                 night=p["night"])
    if p["how"] == "hands":
        return _("A night with the same players, buy-ins and hands is already in the club (night %(night)s): "
                 "nothing was imported.", night=p["night"])
    return _("This file was imported already (night %(night)s): nothing was imported.", night=p["night"])


def _file_record_refused(p: dict) -> str:
    """``file_record_refused`` (``store.files.night_records``: params ``what``, ``entry``,
    ``hand``, ``reason_code`` and ``reason_params``: the store's own refusal, said after a
    colon): a record of the file the store refuses; nothing was imported."""
    reason = said_refusal(p["reason_code"], p.get("reason_params")) or _("it cannot be entered.")
    if p["what"] == "dispute":
        return _("The file's dispute %(entry)s (hand %(hand)s) cannot be entered here, so nothing was imported: "
                 "%(reason)s", entry=p.get("entry", "?"), hand=p["hand"], reason=reason)
    if p["what"] == "ruling":
        return _("The ruling on the file's dispute %(entry)s (hand %(hand)s) cannot be entered here, so nothing "
                 "was imported: %(reason)s", entry=p.get("entry", "?"), hand=p["hand"], reason=reason)
    if p["what"] == "expense":
        return _("The file's expense %(entry)s cannot be entered here, so nothing was imported: %(reason)s",
                 entry=p.get("entry", "?"), reason=reason)
    return _("The file's payment %(entry)s cannot be marked here, so nothing was imported: %(reason)s",
             entry=p.get("entry", "?"), reason=reason)


def _file_record_differs(p: dict) -> str:
    """``file_record_differs`` (``store.files.night_records``, ``store.files.importer``: params
    ``what``, ``entry``, ``hand``): the file says other figures than the store makes here.
    ``settlement`` is said after a colon (the close was not made: no capital)."""
    if p["what"] == "ruling":
        return _("The ruling on the file's dispute %(entry)s (hand %(hand)s) moves other chips than the rules give "
                 "here: nothing was imported.", entry=p.get("entry", "?"), hand=p["hand"])
    if p["what"] == "expense":
        return _("The file's expense %(entry)s is shared otherwise than the file says: nothing was imported.",
                 entry=p.get("entry", "?"))
    if p["what"] == "payment":
        return _("The file's payment %(entry)s is of another amount than the transfer here: nothing was imported.",
                 entry=p.get("entry", "?"))
    return _("the night's figures here settle it otherwise than the file's settlement.")


def _file_settlement_unnamed(p: dict) -> str:
    """``file_settlement_unnamed`` (``store.files.importer``: params ``role``, ``resolution``): the
    file's settlement names nobody where the close needs a player (said after a colon)."""
    if p["role"] == "hub":
        return _("the file does not say which player everyone settles with.")
    if p.get("resolution") == "credit":
        return _("the file does not say which player to credit the difference to.")
    return _("the file does not say which player to charge the difference to.")


def _dispute_open(params: dict) -> str:
    """``dispute_open``: from ``close_night`` (params ``count``, ``hands``: the night's open
    disputes) or from ``open_dispute`` (param ``dispute_id``: the player's own open one)."""
    if "count" in params:
        return ngettext("%(num)s dispute is open (hand %(hands)s): rule on it first, or give a "
                        "reason to close the night anyway.",
                        "%(num)s disputes are open (hands %(hands)s): rule on them first, or give "
                        "a reason to close the night anyway.",
                        int(params["count"]), hands=_hands(params.get("hands", "")))
    return _("You already have an open dispute on this hand: the host will rule on it.")


def _unreadable(p: dict) -> str:
    """``actions_invalid``: a line the referee cannot read (params ``text``; ``index``:
    0-based in a ruling's corrected actions, None for a tablet's tap), or corrected actions
    that are not a list of lines (no params)."""
    if "text" not in p:
        return _("Write the hand's actions one per line.")
    if p.get("index") is None:
        return _("The action “%(text)s” cannot be read: write it as the dealer's log does (for "
                 "example “p3 call”, “p1 show AsKsQsJsTs”). Nothing was stored.", text=_visible(p["text"]))
    return _("Line %(line)s of the corrected actions cannot be read: “%(text)s”. Write it as the "
             "dealer's log does (for example “p3 call”).", line=p["index"] + 1, text=_visible(p["text"]))


RULES_UNPLAYABLE = {
    "fixed_limit_no_bet": lambda p: _("%(field)s: must be above 0 in fixed limit.", field=field_label(p["field"])),
    "below_small_bet": lambda p: _("%(field)s: must be at least the small bet (%(small)s).",
                                   field=field_label(p["field"]), small=p["small"]),
    "no_min_bet": lambda p: _("%(field)s: must be above 0 in pot limit and no limit.", field=field_label(p["field"])),
    "below_blind": lambda p: _("%(field)s: must be at least the blind (%(blind)s).", field=field_label(p["field"]),
                               blind=p["blind"]),
    "above_small_bet": lambda p: _("%(field)s: can be at most the small bet (%(small)s) in fixed limit: the "
                                   "blinds are the first bet, and a bet is the small bet (Robert's Rules of "
                                   "Poker).", field=field_label(p["field"]), small=p["small"]),
    "nothing_in_pot": lambda p: _("%(field)s: must be above 0 when there are no blinds: otherwise nobody puts "
                                  "anything in the pot.", field=field_label(p["field"])),
}
"""``rules_unplayable`` (``store.night.nights.playable``: ``referee.rules.check_playable``)
by its ``reason``: the field named by its label and why, with the figures (``small``,
``blind``: chips)."""


def _rules_unplayable(p: dict) -> str:
    """``rules_unplayable``: rules no hand can be played with (params ``field``, ``reason``
    and its figures: :data:`RULES_UNPLAYABLE`)."""
    return RULES_UNPLAYABLE[p["reason"]](p)


def _pokernow_columns(p: dict) -> str:
    """``pokernow_columns``: the header lacks columns (``missing``) or names one twice
    (``twice``)."""
    if p.get("missing"):
        return ngettext("This is not a PokerNow ledger: the column %(columns)s is missing. Nothing was imported.",
                        "This is not a PokerNow ledger: the columns %(columns)s are missing. Nothing was imported.",
                        len(p["missing"]), columns=", ".join(p["missing"]))
    return ngettext("The column %(columns)s is named twice in the header. Nothing was imported.",
                    "The columns %(columns)s are named twice in the header. Nothing was imported.",
                    len(p["twice"]), columns=", ".join(p["twice"]))


def _pokernow_amount(p: dict) -> str:
    """``pokernow_amount``: a cell that is not an amount as the host said the file writes
    them (``amounts``: cents or units)."""
    if p["amounts"] == "cents":
        return _("Line %(line)s (%(nickname)s): %(column)s “%(value)s” is not an amount in cents (a whole "
                 "number, not negative except the net). Nothing was imported.", **p)
    return _("Line %(line)s (%(nickname)s): %(column)s “%(value)s” is not an amount in units (such as 12.50, "
             "at most two decimals, not negative except the net). Nothing was imported.", **p)


def _pokernow_name(p: dict) -> str:
    """``pokernow_name``: the nickname the club refuses as a player's name (the store's
    own refusal, ``reason_code`` with ``reason_params``, said after the row)."""
    reason = said_refusal(p.get("reason_code"), p.get("reason_params")) or _("it cannot be a player's name.")
    return _("Line %(line)s (%(nickname)s): %(reason)s Nothing was imported.", line=p["line"],
             nickname=p["nickname"], reason=reason)


PHH_GAMES = {
    "FB": _l("badugi, a game of four-card hands"),
    "FT": _l("fixed-limit Texas hold'em"),
    "NT": _l("no-limit Texas hold'em"),
    "NS": _l("no-limit short-deck hold'em"),
    "PO": _l("pot-limit Omaha"),
    "FO/8": _l("fixed-limit Omaha high-low"),
    "F7S": _l("fixed-limit seven-card stud"),
    "F7S/8": _l("fixed-limit seven-card stud high-low"),
    "FR": _l("razz (seven-card stud lowball)"),
}
"""The PHH variant codes of games other than five-card draw (the PHH standard's list), by
the game's name: a refused PHH file names the game it holds (``phh_variant``)."""


def _phh_variant(p: dict) -> str:
    """``phh_variant``: a PHH hand of a game the referee does not judge (param ``variant``,
    the file's code), the game named when the code is a known one."""
    code = _visible(str(p["variant"])[:20])
    game = PHH_GAMES.get(p["variant"])
    if game is not None:
        return _("The file is a PHH hand history of %(game)s (variant %(variant)s): Tapete judges five-card "
                 "draw only (closed poker and deuce-to-seven lowball). Nothing was imported.",
                 game=str(game), variant=code)
    return _("The file is a PHH hand history of a game Tapete does not judge (variant “%(variant)s”): Tapete "
             "judges five-card draw only (closed poker and deuce-to-seven lowball). Nothing was imported.",
             variant=code)


def _chips_refusal(p: dict) -> str:
    """A session file's chip amount refused (``session_invalid`` with what ``chips``, param
    ``low``, or ``too_many``, param ``max``), where it is (params ``player``; or ``hand``,
    ``field`` ``rebuys`` or ``stacks``, ``seat``; or ``field`` ``cash_out`` and ``seat``).

    Each place and fault is one whole sentence, never a place's words put before a
    sentence's verb: in Spanish the verb agrees with the place ("las fichas ... deben",
    "la recompra ... debe"), so a composed sentence could not."""
    seat = _visible(p.get("seat"))
    fault = "too_many" if p["what"] == "too_many" else "above" if p.get("low") else "whole"
    if "player" in p:
        return {"whole": lambda: _("Player %(player)s's stack must be a whole number of chips (0 or more).",
                                   player=p["player"]),
                "above": lambda: _("Player %(player)s's stack must be a whole number of chips above 0.",
                                   player=p["player"]),
                "too_many": lambda: _("Player %(player)s's stack has too many chips (at most %(max)s).",
                                      player=p["player"], max=p["max"])}[fault]()
    if p.get("field") == "cash_out":
        return {"whole": lambda: _("The count (cash_out) of seat %(seat)s must be a whole number of chips "
                                   "(0 or more).", seat=seat),
                "above": lambda: _("The count (cash_out) of seat %(seat)s must be a whole number of chips "
                                   "above 0.", seat=seat),
                "too_many": lambda: _("The count (cash_out) of seat %(seat)s has too many chips (at most "
                                      "%(max)s).", seat=seat, max=p["max"])}[fault]()
    if p.get("field") == "rebuys":
        return {"whole": lambda: _("Hand %(hand)s: the rebuy of seat %(seat)s must be a whole number of "
                                   "chips (0 or more).", hand=p["hand"], seat=seat),
                "above": lambda: _("Hand %(hand)s: the rebuy of seat %(seat)s must be a whole number of "
                                   "chips above 0.", hand=p["hand"], seat=seat),
                "too_many": lambda: _("Hand %(hand)s: the rebuy of seat %(seat)s has too many chips (at "
                                      "most %(max)s).", hand=p["hand"], seat=seat, max=p["max"])}[fault]()
    return {"whole": lambda: _("Hand %(hand)s: the stack of seat %(seat)s must be a whole number of chips "
                               "(0 or more).", hand=p["hand"], seat=seat),
            "above": lambda: _("Hand %(hand)s: the stack of seat %(seat)s must be a whole number of chips "
                               "above 0.", hand=p["hand"], seat=seat),
            "too_many": lambda: _("Hand %(hand)s: the stack of seat %(seat)s has too many chips (at most "
                                  "%(max)s).", hand=p["hand"], seat=seat, max=p["max"])}[fault]()


def _hand_field(p: dict) -> str:
    """``hand_field`` / ``hand_seat``: a hand's ``rebuys`` or ``stacks`` (param ``field``)
    that is not seats with chips, or names a seat nobody sits in (param ``seat``); whole
    sentences per field, as :func:`_chips_refusal`."""
    if p["what"] == "hand_field":
        if p.get("field") == "rebuys":
            return _("Hand %(hand)s of the file: the rebuys must be seats with their chips.", hand=p["hand"])
        return _("Hand %(hand)s of the file: the stacks must be seats with their chips.", hand=p["hand"])
    if p.get("field") == "rebuys":
        return _("Hand %(hand)s of the file: the rebuys name seat %(seat)s, where nobody sits.",
                 hand=p["hand"], seat=_visible(p["seat"]))
    return _("Hand %(hand)s of the file: the stacks name seat %(seat)s, where nobody sits.",
             hand=p["hand"], seat=_visible(p["seat"]))


NIGHT_BLOCK = {
    ("chip_cents", "whole"): lambda p: _("The file's chip value (“tapete.chip_cents”) must be a whole "
                                         "number of cents above 0."),
    ("chips_per", "whole"): lambda p: _("The number of chips the file's chip value pays for "
                                        "(“tapete.chips_per”) must be a whole number above 0."),
    ("currency", "code"): lambda p: _("The file's currency (“tapete.currency”) must be a three-letter "
                                      "code such as EUR."),
    ("timezone", "unknown"): lambda p: _("The file's time zone (“tapete.timezone”) is not one Tapete "
                                         "knows: write an IANA name such as Europe/Madrid."),
    ("title", "text"): lambda p: _("The file's title (“tapete.title”) must be text of one line, from 1 "
                                   "to %(limit)s characters.", limit=p.get("limit", 120)),
    ("started_at", "not_a_time"): lambda p: _("The file's start (“tapete.started_at”) must be a date and "
                                              "time with its offset from UTC, such as "
                                              "2026-03-14T20:00:00+00:00."),
    ("started_at", "range"): lambda p: _("The file's start (“tapete.started_at”) must be on 1 January "
                                         "2000 or later, and at most a year from now."),
    ("closed", "boolean"): lambda p: _("The field saying whether the file's night is closed "
                                       "(“tapete.closed”) must be true or false."),
    ("hand_in_progress", "boolean"): lambda p: _("The field saying whether the file's last hand is still in "
                                                 "play (“tapete.hand_in_progress”) must be true or false."),
    ("hand_in_progress", "in_closed"): lambda p: _("The file has its night closed with a hand still in play "
                                                   "(“tapete.closed” and “tapete.hand_in_progress”): a "
                                                   "closed night can have no hand in play."),
    ("settlement", "settlement"): lambda p: _("The file's settlement (“tapete.settlement”) cannot be "
                                              "used: its mode is fewest or hub, its resolution charge, "
                                              "credit, split or recount, and the players go by their names."),
    ("", "object"): lambda p: _("The file's night details (“tapete”) must be an object."),
    ("uid", "uid"): lambda p: _("The file's night id (“tapete.uid”) must be a UUID, such as "
                                "1b4e28ba-2fa1-41d2-883f-0016d3cca427."),
    ("copy_of", "uid"): lambda p: _("The id of the night the file's copy copies (“tapete.copy_of”) must be a "
                                    "UUID, or empty."),
    ("disputes", "records"): lambda p: _("The file's disputes (“tapete.disputes”) must be a list of disputes.")
    if not p.get("entry") else _("The file's dispute %(entry)s (“tapete.disputes”) cannot be read: each "
                                 "names its hand by number and its player by name, with the statement and, "
                                 "once ruled, the ruling.", entry=p.get("entry", "?")),
    ("disputes", "player"): lambda p: _("The file's dispute %(entry)s (“tapete.disputes”) names someone who is "
                                        "not one of the file's players.", entry=p.get("entry", "?")),
    ("disputes", "correction"): lambda p: _("The file's dispute %(entry)s (“tapete.disputes”): the lines its "
                                            "ruling added are not the end of its hand's actions.",
                                            entry=p.get("entry", "?")),
    ("expenses", "records"): lambda p: _("The file's expenses (“tapete.expenses”) must be a list of expenses.")
    if not p.get("entry") else _("The file's expense %(entry)s (“tapete.expenses”) cannot be read: each has "
                                 "its payer, its cents, its description and who shares it.", entry=p.get("entry", "?")),
    ("expenses", "player"): lambda p: _("The file's expense %(entry)s (“tapete.expenses”) names someone who is "
                                        "not one of the file's players.", entry=p.get("entry", "?")),
    ("payments", "records"): lambda p: _("The file's payments (“tapete.payments”) must be a list of payments.")
    if not p.get("entry") else _("The file's payment %(entry)s (“tapete.payments”) cannot be read: each has "
                                 "its payer, its payee and who marked it paid or confirmed it.",
                                 entry=p.get("entry", "?")),
    ("payments", "player"): lambda p: _("The file's payment %(entry)s (“tapete.payments”) names someone who is "
                                        "not one of the file's players.", entry=p.get("entry", "?")),
}
"""``session_invalid`` with what ``night``: (``field``, ``reason``) -> its sentence
(``store.files.night_block.FAULTS``), each field named in words and why, whole sentences so the
Spanish agrees with each field ("la moneda ... debe", "el título ... debe")."""


def _night_block(p: dict) -> str:
    """``session_invalid``, what ``night``: the file's "tapete" block refused (params
    ``field``, ``reason``: :data:`NIGHT_BLOCK`); a refusal kept without a reason (before
    issue 15's follow-up) in the older words."""
    field = p.get("field") or ""
    said = NIGHT_BLOCK.get((field, p.get("reason") or ("" if field else "object")))
    if said is not None:
        return said(p) + " " + _("Correct it or remove it from the file.")
    return _("The file's night details (“tapete”, field “%(field)s”) cannot be used: correct them or remove "
             "them.", field=_visible(p.get("field")))


def _session_invalid(p: dict) -> str:
    """``session_invalid`` (``store.files.importer``: a session file or PHH the import refuses;
    ``what`` names the fault, the other params say where: ``player``, ``hand``, ``field``,
    ``seat``, ``low``, ``max``, ``limit``; a hand's line the store refuses as a tap's:
    ``hand``, ``line`` (1-based among its actions), ``text``, and ``seat``, ``seats`` or
    ``limit``)."""
    what = p["what"]
    if what in ("chips", "too_many"):
        return _chips_refusal(p)
    if what in ("hand_field", "hand_seat"):
        return _hand_field(p)
    said = {
        "not_object": lambda: _("The file is not a session: a session file is one JSON object with its "
                                "players and hands."),
        "format": lambda: _("The file is of another format than a Tapete session (%(expected)s): this "
                            "version cannot read it.", expected=p.get("expected", "tapete/1")),
        "night": lambda: _night_block(p),
        "players": lambda: _("The session has no list of players (each with seat, name and stack)."),
        "player": lambda: _("Player %(player)s of the file must have a seat, a name and a stack.", **p),
        "seat": lambda: _("Player %(player)s of the file: the seat must be a number from 1 to 10.", **p),
        "name": lambda: _("Player %(player)s of the file: the name must be text.", **p),
        "shared_seat": lambda: _("Two players of the file share a seat."),
        "shared_name": lambda: _("Two players of the file share a name: give them distinct names."),
        "hands": lambda: _("The file's hands must be a list of hands."),
        "rules": lambda: _("The file's rules must be a preset's name or a set of rules."),
        "rules_invalid": lambda: _("The file's rules cannot be used: an unknown preset or setting, or a "
                                   "value out of range."),
        "rules_unplayable": lambda: _("The file's rules cannot be played: %(reason)s", reason=_rules_unplayable(p)),
        "rules_too_large": lambda: _("The file's rules: %(field)s is too large (at most %(max)s chips, as on the "
                                     "new-night form).", field=field_label(p["field"]), max=p["max"]),
        "note": lambda: _("The file's note must be text."),
        "hand": lambda: _("Hand %(hand)s of the file must be a hand with its actions.", **p),
        "button": lambda: _("Hand %(hand)s of the file: the button must be a seat number.", **p),
        "actions": lambda: _("Hand %(hand)s of the file: the actions must be a list of lines.", **p),
        "action_empty": lambda: _("Hand %(hand)s of the file has an empty action line.", **p),
        "action_long": lambda: _("Hand %(hand)s of the file has an action line longer than %(limit)s "
                                 "characters.", **p),
        "action_unreadable": lambda: _(
            "Hand %(hand)s of the file: action %(line)s cannot be read: “%(text)s”. Write it as the "
            "dealer's log does (for example “p3 call”).", hand=p["hand"], line=p["line"],
            text=_visible(p["text"])),
        "action_seat": lambda: _(
            "Hand %(hand)s of the file: action %(line)s names seat %(seat)s, where nobody sits "
            "(seats: %(seats)s): “%(text)s”.", hand=p["hand"], line=p["line"], seat=p["seat"],
            seats=p["seats"], text=_visible(p["text"])),
        "action_number": lambda: _(
            "Hand %(hand)s of the file: action %(line)s has more chips than can be kept (at most "
            "%(limit)s): “%(text)s”.", hand=p["hand"], line=p["line"], limit=p["limit"],
            text=_visible(p["text"])),
        "count": lambda: _("The file's counts (cash_out) cannot be read: each is a seat with its chips, or "
                           "the chips and the hand after which they were counted."),
        "bought_too_many": lambda: _("Hand %(hand)s: the rebuy of seat %(seat)s takes the chips it bought "
                                     "tonight past what one player may buy in a night (%(bought)s bought "
                                     "before it; at most %(max)s).", hand=p["hand"], seat=_visible(p["seat"]),
                                     bought=p["bought"], max=p["max"]),
        "ends_too_many": lambda: _("Seat %(seat)s ends the night with more chips than can be kept: check the "
                                   "amounts in the actions.", seat=_visible(p["seat"])),
        "replay": lambda: _("The referee cannot replay the file's hands as a night: check the players, the "
                            "buttons and the stacks."),
    }
    return said[what]()


def _chain_key_wrong(p: dict) -> str:
    """``chain_key_wrong`` (param ``source``: ``"argument"``, the environment variable's
    name or ``"secrets.json"``, ``store.core.chain.check_key``)."""
    if p["source"] == "argument":
        return _("the chain key given to open_db is not the one this database was sealed with")
    return _("the chain key in %(source)s is not the one this database was sealed with: restore secrets.json "
             "from the backup that goes with this database", source=p["source"])


def _backup_night_unverified(p: dict) -> str:
    """``backup_night_unverified`` (``store.files.backup.check_backup``: params ``archive``,
    ``night``, ``link`` (None: the chain as a whole), ``table``, ``row``)."""
    if p.get("link") is None and p.get("table"):
        return _("%(archive)s: night %(night)s does not verify (%(table)s row %(row)s)", archive=p["archive"],
                 night=p["night"], table=p["table"], row=p["row"])
    if p.get("link") is None:
        return _("%(archive)s: night %(night)s does not verify: its chain does not match", archive=p["archive"],
                 night=p["night"])
    if p.get("table"):
        return _("%(archive)s: night %(night)s does not verify at link %(link)s (%(table)s row %(row)s)", **p)
    return _("%(archive)s: night %(night)s does not verify at link %(link)s", **p)


def _backup_club_unverified(p: dict) -> str:
    """``backup_club_unverified`` (``store.files.backup.check_backup``: the club's chain, the
    payment handles; params ``archive``, ``link`` (None: not at a link), ``table``, ``row``)."""
    if p.get("link") is not None and p.get("table"):
        return _("%(archive)s: the club's payment handles do not verify at link %(link)s (%(table)s row %(row)s)",
                 **p)
    if p.get("table"):
        return _("%(archive)s: the club's payment handles do not verify (%(table)s row %(row)s)",
                 archive=p["archive"], table=p["table"], row=p["row"])
    return _("%(archive)s: the club's payment handles do not verify: their chain does not match",
             archive=p["archive"])


def _backup_migrations(p: dict) -> str:
    """``backup_migrations`` (params ``archive``, ``unknown`` and ``missing``: migration
    names, the first five of each)."""
    parts = []
    if p["unknown"]:
        parts.append(_("unknown: %(names)s: made by a newer Tapete?", names=", ".join(p["unknown"])))
    if p["missing"]:
        parts.append(_("missing: %(names)s", names=", ".join(p["missing"])))
    return _("%(archive)s: its migrations are not this version's (%(which)s)", archive=p["archive"],
             which="; ".join(parts))


def _backup_schema(p: dict) -> str:
    """``backup_schema`` (params ``archive``, ``differences``: the first five ``[kind, name,
    "missing"|"added"|"changed"]`` (kind and name as SQLite says them), ``more``: how many
    others)."""
    said = {"missing": lambda kind, name: _("%(kind)s %(name)s missing", kind=kind, name=name),
            "added": lambda kind, name: _("%(kind)s %(name)s added", kind=kind, name=name),
            "changed": lambda kind, name: _("%(kind)s %(name)s changed", kind=kind, name=name)}
    items = "; ".join(said[how](kind, name) for kind, name, how in p["differences"])
    if p.get("more"):
        items += " " + ngettext("and %(num)s more", "and %(num)s more", p["more"])
    return _("%(archive)s: its schema is not the one the migrations make: %(differences)s", archive=p["archive"],
             differences=items)


MESSAGES = {
    "seat_taken": lambda p: _("seat %(seat)s is taken by %(name)s", **p),
    "player_seated": lambda p: _("%(name)s is already in seat %(seat)s", **p),
    "hand_in_progress": lambda p: _("A hand is in progress: do this between hands."),
    "count_hand_in_progress": lambda p: (
        _("Hand %(number)s is still in play, and the counts come after the last hand: nothing was logged in "
          "it yet, so void its start (“Void this hand's start”, with the reason), then count.", **p)
        if p.get("empty") else
        _("Hand %(number)s is still in play, and the counts come after the last hand: finish it on the "
          "tablet (“Last hand”, then “Confirm and end”), then count.", **p)),
    "seat_hand_in_progress": lambda p: _("A hand is in progress: seat new players between hands."),
    "no_hand_to_void": lambda p: _("No hand is in progress."),
    "no_last_night": lambda p: _("No earlier night had players: seat them one by one."),
    "nobody_new": lambda p: _("Everyone from the last night is seated already."),
    "table_full": lambda p: _("The table is full: every seat from 1 to 10 is taken."),
    "nobody_to_buy_in": lambda p: _("Everyone seated has bought in already: a rebuy is one player's."),
    "no_counts": lambda p: _("No count was written: write the chips each player counted."),
    "not_night_player": lambda p: _("That player did not play this night."),
    "passwords_differ": lambda p: _("The two passwords differ."),
    "hand_not_ended": lambda p: _("Hand %(number)s is still in progress: end it first.", **p),
    "hand_has_actions": lambda p: _("Hand %(number)s already has actions: void them first, then "
                                    "void the hand.", **p),
    "hand_has_buy_ins": lambda p: _("%(names)s bought chips during hand %(number)s (they count from the next "
                                    "hand): void that rebuy first, then the start of the hand.", **p),
    "night_closed": lambda p: _("The night is closed: reopen it to change anything."),
    "night_open": lambda p: _("The night is not closed."),
    "nothing_to_undo": lambda p: _("Nothing to undo in this hand."),
    "duplicate_name": lambda p: _("There is already a player called %(name)s: tell them apart, "
                                  "e.g. “%(name)s B.”.", **p),
    "already_voided": lambda p: _("That was already voided."),
    "too_few_players": lambda p: _("Seat at least two players before dealing."),
    "button_needed": lambda p: _("Say who deals the first hand (the button)."),
    "reason_needed": lambda p: _("Say why: a reason is needed."),
    "count_first": lambda p: _("Count %(name)s's chips first (cash-out), then let them leave.", **p),
    "already_counted": lambda p: _("%(name)s's chips were already counted (%(chips)s) and nothing was "
                                   "bought since: to correct that count, use a recount.", **p),
    "bank_unbalanced": _bank_unbalanced,
    "no_carried_pot": lambda p: _("No pot is carried after the last hand: there is nothing to hand back."),
    "pot_already_handed_back": lambda p: _("The carried pot is already noted as handed back before the count."),
    "no_hand": lambda p: _("No such hand."),
    "not_dealt_in": lambda p: _("Only a player dealt into hand %(number)s can dispute it.", **p),
    "statement_empty": lambda p: _("Write what happened: the statement is empty."),
    "statement_too_long": lambda p: _("The statement is too long: %(length)s characters, at most "
                                      "%(limit)s.", **p),
    "dispute_open": _dispute_open,
    "no_dispute": lambda p: _("No such dispute."),
    "already_ruled": lambda p: _("This dispute has already been ruled on."),
    "no_ruling": lambda p: _("There is no such ruling."),
    "step_missing": lambda p: _("There is no step %(index)s: the hand has %(count)s steps.", **p),
    "step_op": lambda p: _("Pick a step to change, remove or insert."),
    "step_kind": lambda p: _("This step is not changed with the pickers: edit the log's lines."),
    "step_number": lambda p: _("Write a whole number (0 or more)."),
    "step_seat": lambda p: _("Seat %(seat)s cannot act at this step.", **p),
    "step_verb": lambda p: _("The referee does not accept “%(verb)s” at this step.", **p),
    "step_amount": lambda p: _("The amount must be between %(min)s and %(max)s chips.", **p),
    "step_cards": lambda p: _("Pick the cards from the deck, each card once."),
    "bad_ruling_mode": lambda p: _("A ruling is settled “at the table” or “in money”."),
    "ruling_table_closed": lambda p: _("The night is closed: the players took their chips home, so the "
                                       "ruling is settled in money."),
    "ruling_table_unseated": lambda p: _("Not at the table now: %(names)s. The chips cannot be handed over "
                                         "at the table: settle the ruling in money.", **p),
    "ruling_table_counted": lambda p: _("Already counted: %(names)s. Their count is of the chips they held "
                                        "then: settle the ruling in money, or void the count first.", **p),
    "ruling_no_mode": lambda p: _("A rejected ruling moves no chips: there is nothing to settle."),
    "ruling_mode_same": lambda p: _("The ruling is already settled that way."),
    "ruling_mode_closed": lambda p: _("The night is closed: how the ruling is settled can no longer "
                                      "change (reopen the night first)."),
    "ruling_chips_played": lambda p: _("The chips were handed over at the table and hand %(number)s was "
                                       "played since: they cannot be settled in money as well.", **p),
    "correction_voids_table_moves": lambda p: _("Hand %(number)s: this correction would undo chips handed "
                                                "over at the table (its “d move” lines). Keep those lines as "
                                                "they are; if a ruling handed them over, settle that ruling in "
                                                "money first, then correct the hand.", **p),
    "ruling_money_counted": lambda p: _("The chips were handed over at the table and %(names)s counted them: "
                                        "settled in money as well, they would move twice. Void the count first, "
                                        "or leave the ruling at the table.", **p),
    "hand_over_counted": lambda p: _("Already counted: %(names)s. Their count is of the chips they held then, so "
                                     "the chips cannot be handed over at the table now: the host settles it with "
                                     "a ruling.", **p),
    "bad_decision": lambda p: _("The decision must be “upheld” or “rejected”."),
    "rule_empty": lambda p: _("Say the rule the ruling relies on."),
    "awards_unknown": lambda p: _("Hand %(number)s: the referee cannot say who wins: the cards it "
                                  "needs were never recorded. Record the cards shown first (in the "
                                  "corrected actions).", **p),
    "pushes_unbalanced": lambda p: _("Hand %(number)s: the chips recorded as pushed (%(pushed)s) do not "
                                     "add up to the pot the rules award (%(pot)s): correct the award "
                                     "lines first.", **p),
    "rejected_correction": lambda p: _("A rejected dispute leaves the hand as it was logged: uphold it "
                                       "to correct the actions, or leave them as they are."),
    "rule_too_long": lambda p: _("The rule or the note is too long: %(length)s characters, at most "
                                 "%(limit)s.", **p),
    "actions_invalid": _unreadable,
    "action_seat_unknown": lambda p: (
        _("Line %(line)s of the corrected actions names seat %(seat)s, where nobody sits tonight "
          "(seats: %(seats)s): “%(text)s”.", line=p["index"] + 1, seat=p["seat"], seats=p["seats"],
          text=_visible(p["text"])) if p.get("index") is not None else
        _("The action “%(text)s” names seat %(seat)s, where nobody sits tonight (seats: %(seats)s): "
          "nothing was stored.", seat=p["seat"], seats=p["seats"], text=_visible(p["text"]))),
    "action_too_large": lambda p: (
        _("Line %(line)s of the corrected actions has a number larger than %(limit)s: “%(text)s”.",
          line=p["index"] + 1, limit=p["limit"], text=_visible(p["text"])) if p.get("index") is not None else
        _("The action “%(text)s” has a number larger than %(limit)s: nothing was stored.",
          limit=p["limit"], text=_visible(p["text"]))),
    "action_empty": lambda p: (_("Line %(line)s of the corrected actions is empty.", line=p["index"] + 1)
                               if p.get("index") is not None else _("The action is empty: nothing was stored.")),
    "action_too_long": lambda p: (_("Line %(line)s of the corrected actions is too long: %(length)s "
                                    "characters, at most %(limit)s.", line=p["index"] + 1,
                                    length=p["length"], limit=p["limit"]) if p.get("index") is not None else
                                  _("The action is too long: %(length)s characters, at most %(limit)s. Nothing was "
                                    "stored.", length=p["length"], limit=p["limit"])),
    "hand_ruled": lambda p: _("Hand %(number)s has a ruling (dispute %(dispute)s): change it through the "
                              "host's dispute page.", **p),
    "key_reused": lambda p: _("This form was already sent with other data: reload the page and "
                              "enter it again."),
    "preview_stale": lambda p: _("The night changed since the preview: look at the new preview "
                                 "before committing."),
    "username_bad": lambda p: _("A username is 1 to %(max)s letters, digits, “.”, “_” or “-”.", **p),
    "password_short": lambda p: _("The password needs at least %(min)s characters.", **p),
    "password_long": lambda p: _("The password has at most %(max)s characters.", **p),
    "password_control": lambda p: _("The password cannot hold control characters."),
    "password_wrong": lambda p: _("The current password is wrong."),
    "setup_done": lambda p: _("The host account is set up already: log in."),
    "setup_code_wrong": lambda p: _("That is not the setup code: copy it from the server's output "
                                    "(or run “flask --app app setup-code” for a new one)."),
    "stale_version": lambda p: _("Hand %(number)s changed since this tap was made (another tablet or the "
                                 "host entered something): it was not stored. The table has been "
                                 "reloaded: enter it again if it still applies.", number=p["number"]),
    "stale_hand": lambda p: _("Another hand was started since this tablet last saw the table (hand "
                              "%(number)s): the tap was not stored. The table has been reloaded.", **p),
    "hand_start_voided": lambda p: _("The host voided the start of hand %(number)s since this tablet last "
                                     "saw the table: the tap was not stored. The table has been reloaded.", **p),
    "tap_key_reused": lambda p: _("This tap's key was already used for another tap, so it was not stored: "
                                  "enter it again."),
    "hand_finished": lambda p: _("Hand %(number)s is finished: only the host's ruling can change it now "
                                 "(through a player's dispute).", **p),
    "hand_ended": lambda p: _("Hand %(number)s is closed: Undo reopens it.", **p),
    "forced_none": lambda p: _("No ante or blind is owed now: nothing was stored."),
    "forced_changed": lambda p: _("Hand %(number)s changed since this tap was made: the referee now asks for "
                                  "other antes or blinds than the tablet showed. Nothing was stored; the "
                                  "table has been reloaded.", number=p["number"]),
    "hand_over_in_play": lambda p: _("Hand %(number)s is still in play: the chips of a wrong push are handed "
                                     "over at the table once the hand is closed. Nothing was stored.", **p),
    "hand_over_nothing": lambda p: _("Hand %(number)s leaves no chips to hand over: the chips on the table are "
                                     "the referee's. Nothing was stored.", **p),
    "hand_over_changed": lambda p: _("Hand %(number)s changed since this tap was made: the referee now asks "
                                     "for other chips to be handed over than the tablet showed. Nothing was "
                                     "stored; the table has been reloaded.", number=p["number"]),
    "finish_in_doubt": lambda p: _("The referee's award is not certain for this hand: record the award, "
                                   "close the hand and start the next one step by step."),
    "undo_not_newest": lambda p: _("That is no longer the last entry of hand %(number)s: nothing was "
                                   "undone. The table has been reloaded.", **p),
    "no_dealer_link": lambda p: _("No such tablet link for this night."),
    "label_invalid": lambda p: _("A tablet's name cannot hold control or invisible characters."),
    "label_blank": lambda p: _("A tablet's name must show letters or digits."),
    "label_taken": lambda p: _("This night already has a tablet link called “%(label)s” (perhaps a revoked "
                               "one): choose another name, so each tablet's entries can be told apart.",
                               **p),
    # the table code (issue 26: store.night.table_code) and a tablet's link shown again
    "table_code_night_closed": lambda p: _("The night is closed: the table code no longer works. Each player's "
                                           "page is still on their private link."),
    "no_table_code": lambda p: _("This table code does not work: scan the code on the host's screen again."),
    "table_code_replaced": lambda p: _("This table code was replaced by a newer one: scan the code on the host's "
                                       "screen again."),
    "claim_not_at_table": lambda p: _("That player is not at this night's table."),
    "claim_phone_has_name": lambda p: _("This phone already took the name %(name)s: give it back first if it is "
                                        "not yours.", **p),
    "claim_name_taken": lambda p: _("%(name)s was already taken by another phone: if that name is yours, ask the "
                                    "host to release it.", **p),
    "no_claim_held": lambda p: _("This phone holds no name of this night: nothing to give back."),
    "no_table_claim": lambda p: _("No such claim in this night."),
    "claim_not_live": lambda p: _("The claim of %(name)s was already ended.", **p),
    "dealer_link_revoked": lambda p: _("The tablet link “%(label)s” was revoked already: issue a new one.", **p),
    "link_night_closed": lambda p: _("The night is closed: a tablet link is issued only on an open night "
                                     "(reopen it first)."),
    "label_too_long": lambda p: _("A tablet's name is too long: %(length)s characters, at most %(limit)s.", **p),
    "unknown_timezone": lambda p: _("“%(zone)s” is not a time zone: choose one from the list (such as "
                                    "Europe/Madrid).", zone=_visible(p["zone"])),
    # the PokerNow ledger import (store.files.pokernow): the row named by its line and nickname
    "pokernow_no_file": lambda p: _("Choose the ledger file (the CSV PokerNow gives with “Download Ledger”)."),
    "pokernow_not_text": lambda p: _("The file is not a text CSV (UTF-8): download the ledger from PokerNow "
                                     "again. Nothing was imported."),
    "pokernow_too_big": lambda p: _("The file is larger than %(limit)s KB: a night's ledger is much smaller. "
                                    "Nothing was imported.", **p),
    "pokernow_amounts": lambda p: _("Say whether the amounts in the file are cents or units of the currency."),
    "pokernow_empty": lambda p: _("The ledger has no rows. Nothing was imported."),
    "pokernow_csv": lambda p: _("Line %(line)s cannot be read as CSV (a quote left open?). Nothing was "
                                "imported.", **p),
    "pokernow_columns": _pokernow_columns,
    "pokernow_cells": lambda p: ngettext("Line %(line)s has %(num)s cell where the header has %(columns)s. "
                                         "Nothing was imported.",
                                         "Line %(line)s has %(num)s cells where the header has %(columns)s. "
                                         "Nothing was imported.", p["cells"], line=p["line"], columns=p["columns"]),
    "pokernow_no_player": lambda p: _("Line %(line)s has no player_nickname or no player_id. Nothing was "
                                      "imported.", line=p["line"]),
    "pokernow_amount": _pokernow_amount,
    "pokernow_amount_too_large": lambda p: _("Line %(line)s (%(nickname)s): %(column)s “%(value)s” is too large "
                                             "(at most %(max)s). Nothing was imported.", **p),
    "pokernow_total_too_large": lambda p: ngettext(
        "The row of %(nickname)s (line %(lines)s) adds up to more than %(max)s in %(column)s. Nothing was imported.",
        "The rows of %(nickname)s (lines %(lines)s) add up to more than %(max)s in %(column)s. Nothing was imported.",
        len(p["lines"]), nickname=p["nickname"], lines=_hands(p["lines"]), max=p["max"], column=p["column"]),
    "pokernow_time": lambda p: _("Line %(line)s (%(nickname)s): %(column)s “%(value)s” is not a date and "
                                 "time. Nothing was imported.", **p),
    "pokernow_time_range": lambda p: _("Line %(line)s (%(nickname)s): %(column)s “%(value)s” is before 1 January "
                                       "2000 or more than a year from now: a night starts between the two. Nothing "
                                       "was imported.", **p),
    "pokernow_unbalanced": lambda p: _(
        "Line %(line)s (%(nickname)s) does not balance: buy_out %(buy_out)s + stack %(stack)s + nit_escrow "
        "%(nit_escrow)s − buy_in %(buy_in)s = %(expected)s, but its net says %(net)s. Nothing was imported.",
        **p),
    "pokernow_too_many_rows": lambda p: ngettext("The ledger has more than %(num)s row. Nothing was imported.",
                                                 "The ledger has more than %(num)s rows. Nothing was imported.",
                                                 p["limit"]),
    "pokernow_nets": lambda p: _("The nets of the ledger add up to %(total)s, not 0: the money does not "
                                 "balance. Nothing was imported.", **p),
    "pokernow_no_buy_in": lambda p: _("Line %(line)s (%(nickname)s): the player cashes out without having "
                                      "bought in. Nothing was imported.", **p),
    "pokernow_too_many_players": lambda p: ngettext(
        "The ledger has %(num)s player with money: a night seats at most %(max)s. Nothing was imported.",
        "The ledger has %(num)s players with money: a night seats at most %(max)s. Nothing was imported.",
        p["count"], max=p["max"]),
    "pokernow_name_clash": lambda p: ngettext("Two PokerNow players are both called “%(name)s” (line %(lines)s): "
                                              "tell them apart in the file. Nothing was imported.",
                                              "Two PokerNow players are both called “%(name)s” (lines %(lines)s): "
                                              "tell them apart in the file. Nothing was imported.",
                                              len(p["lines"]), name=p["name"], lines=_hands(p["lines"])),
    "pokernow_nothing": lambda p: _("Every row of the ledger is a refund: nobody to settle. Nothing was "
                                    "imported."),
    "pokernow_name": _pokernow_name,
    "no_night": lambda p: _("No such night."),
    "no_page": lambda p: _("No such page of the list: page %(page)s.", page=p.get("page")),
    "no_player": lambda p: _("No such player."),
    "no_entry": lambda p: _("No such entry in this night."),
    "no_event": lambda p: _("No such entry in this hand."),
    "seat_out_of_range": lambda p: _("The seat must be a number from %(low)s to %(high)s, not %(seat)s.", **p),
    "seat_kept": lambda p: _("Seat %(seat)s was %(name)s's earlier tonight: seat the new player in another "
                             "seat.", **p),
    "seat_return": lambda p: _("%(name)s played in seat %(seat)s earlier tonight: seat them there again.", **p),
    "seat_race": lambda p: _("Seat %(seat)s was taken at the same moment: look at the table and choose "
                             "another seat.", **p),
    "not_seated": lambda p: _("%(name)s is not seated at this night.", **p),
    "rebuy_request_pending": lambda p: _("You already asked for %(chips)s chips: wait for the host's answer, or "
                                         "take that request back first.", **p),
    "no_rebuy_request": lambda p: _("No such request for chips at this night (it may have been answered)."),
    "rebuy_request_answered": lambda p: {
        "accepted": _("%(name)s's request for chips was accepted already.", **p),
        "declined": _("%(name)s's request for chips was declined already.", **p),
        "closed": _("%(name)s's request for chips was not accepted: the night was closed.", **p),
    }.get(p.get("answer"), _("%(name)s took the request for chips back.", **p)),
    "tablet_rebuys_off": lambda p: _("The host has not let the tablets accept rebuys tonight: the host accepts "
                                     "them on the Play screen."),
    "no_count": lambda p: _("%(name)s has no count to correct: record a cash-out instead.", **p),
    "uncounted": lambda p: _("Count the chips of %(names)s before closing (0 if they busted).",
                             names=", ".join(p["names"])),
    "nothing_to_close": lambda p: _("Nobody bought in: there is nothing to close."),
    "hub_needed": lambda p: _("Say which player everyone settles with."),
    "hub_not_playing": lambda p: _("Everyone settles with a player of tonight's game: choose one who "
                                   "played."),
    "recount_off": _recount_off,
    "shortage_charged": lambda p: _("The bank is short by %(chips)s chips: a shortage cannot be charged to a "
                                    "player (that would raise their net); credit it to one player or split "
                                    "it.", chips=-_figure(p)),
    "excess_credited": lambda p: _("The bank has %(chips)s chips too many: an excess cannot be credited to a "
                                   "player; charge it to one player or split it.", chips=_figure(p)),
    "resolution_player": lambda p: _("Say which player the difference goes to."),
    "file_settlement_player": _file_settlement_player,
    "night_present": _night_present,
    "file_record_refused": _file_record_refused,
    "file_record_differs": _file_record_differs,
    "file_settlement_unnamed": _file_settlement_unnamed,
    "entry_not_voidable": lambda p: _("Only a buy-in, a cash-out or an adjustment can be voided here."),
    "too_large": lambda p: _("%(field)s: too large (at most %(max)s).", field=field_label(p["field"]),
                             max=p["max"]),
    "bought_too_many": lambda p: _("%(name)s has bought %(bought)s chips tonight: %(chips)s more would take "
                                   "them past what one player may buy in a night (at most %(max)s).", **p),
    "button_not_seated": lambda p: _("The button must be an occupied seat (%(seats)s), not %(button)s.",
                                     seats=_hands(p["seats"]), button=_visible(p["button"])),
    "hand_race": lambda p: _("Another hand was started at the same moment: reload the table."),
    "hand_not_current": lambda p: _("Hand %(number)s is not the hand in progress: only a hand just started "
                                    "can be voided.", **p),
    "void_of_void": lambda p: _("A void cannot be voided: enter the action again instead."),
    "name_empty": lambda p: _("A player needs a name."),
    "name_invisible": lambda p: _("A name cannot hold control or invisible characters (%(chars)s): type it "
                                  "again.", **p),
    "name_too_long": lambda p: _("The name is too long: %(length)s characters, at most %(limit)s.", **p),
    "handle_too_long": lambda p: _("The payment handle is too long: %(length)s characters, at most %(limit)s.",
                                   **p),
    "handle_invalid": lambda p: _("A payment handle cannot hold control or invisible characters: type it "
                                  "again."),
    "no_transfer": lambda p: _("That transfer is not in the night's settlement (it may have changed): "
                               "reload the page."),
    "not_your_transfer": lambda p: _("Only the one who pays can mark a transfer paid, and only the one who "
                                     "receives it can confirm it."),
    "not_your_transfer_player": lambda p: _("That transfer is not yours."),
    "only_payee_confirms": lambda p: _("Only the one who receives the payment can confirm it."),
    "only_payer_marks_paid": lambda p: _("Only the one who pays can mark the payment paid."),
    "already_paid": lambda p: _("That transfer is already marked paid."),
    "already_confirmed": lambda p: _("That transfer is already confirmed."),
    "not_marked": lambda p: _("That transfer has no mark to withdraw."),
    "bad_what": lambda p: _("Choose the poker settlement or the shared expenses."),
    "expense_amount": lambda p: _("An expense is an amount above 0."),
    "expense_description": lambda p: _("Say what the expense was (pizza, drinks ...), with visible letters."),
    "expense_description_long": lambda p: _("The description is too long: %(length)s characters, at most "
                                            "%(limit)s.", **p),
    "expense_sharers": lambda p: _("Choose at least one player who shares the expense."),
    "no_expense": lambda p: _("No such expense in this night."),
    "file_not_json": lambda p: _("The file is not valid JSON (line %(line)s): a session file is JSON, a PHH "
                                 "file ends in .phh or .phhs.", **p),
    "phh_unreadable": lambda p: _("The file cannot be read as a session file (JSON) or as a PHH hand "
                                  "history of five-card draw."),
    "phh_variant": _phh_variant,
    "phh_invalid": lambda p: _("The file is a PHH hand history, but its hand cannot be read as five-card draw: "
                               "a field it needs (starting_stacks, actions, the bets) is missing or wrong, or "
                               "an action is not one of the game's. Nothing was imported."),
    "file_too_deep": lambda p: _("The file nests lists or objects more than %(limit)s levels deep: it is not a "
                                 "session file or a PHH hand history. Nothing was imported.", **p),
    "file_unreadable": lambda p: _("The file cannot be read."),
    "session_invalid": _session_invalid,
    "import_cut_off": lambda p: _("The import was cut off before its last piece (the server stopped, or the "
                                  "database could not be written); the night was not made. Import the file again."),
    "phh_no_hands": lambda p: _("This night has no hand yet: a PHH file holds hands."),
    "phh_export": lambda p: _("This night cannot be written as PHH: download it as JSON instead."),
    # what only a caller that is not a page can send (the CLI, an import, a test): a page's
    # form reads its fields first
    "entered_by_needed": lambda p: _("Say who entered it."),
    "key_needed": lambda p: _("An action needs its idempotency key."),
    "keys_needed": lambda p: _("Each action needs its own idempotency key."),
    "not_whole": lambda p: _("%(field)s: must be a whole number of at least %(low)s.",
                             field=field_label(p["field"]), low=p["low"]),
    "not_a_choice": lambda p: _("%(field)s: choose one of the options.", field=field_label(p["field"])),
    "not_text": lambda p: _("%(field)s: must be text.", field=field_label(p["field"])),
    "not_a_time": lambda p: _("%(field)s: must be a date and time.", field=field_label(p["field"])),
    "currency_invalid": lambda p: _("The currency is a three-letter code such as EUR."),
    "hub_without_hub_mode": lambda p: _("A player everyone settles with is only for settling with one player."),
    "rules_invalid": lambda p: (_("%(field)s: this value cannot be used.", field=field_label(p["field"])) if p.get("field")
                                else _("The rules cannot be used: an unknown preset or setting, or a value out "
                                       "of range.")),
    "no_player_link": lambda p: _("No such private link."),
    "not_player_link": lambda p: _("That link is not a live link of this player."),
    "rules_unplayable": _rules_unplayable,
    # a dealer's tap (store.hand.operations.apply_tap)
    "show_without_cards": lambda p: _("Pick the cards shown: a hand shown without any card seen is not stored."),
    "no_hand_in_progress": lambda p: _("No hand in progress: start the next hand first."),
    "no_last_hand": lambda p: _("“Last hand” was not said: there is nothing to take back."),
    "season_name": lambda p: _("Give the season a name (at most %(max)s characters).", max=p.get("max", 60)),
    "season_dates": lambda p: _("Give the season's first and last day as dates, the last not before the first."),
    "no_season": lambda p: _("No such season."),
    "season_name_taken": lambda p: _("There is a season named %(name)s already: give this one another name.", **p),
    "not_demo": lambda p: _("Only the demo night can be hidden: night %(night)s is one of the club's nights.", **p),
    "hand_not_this_night": lambda p: _("That hand is not from this night."),
    "close_refused_unknown": lambda p: _("the close was refused (a ruling recorded before its reasons were "
                                         "kept)."),
    # the command line's alone (opening the database, host accounts, backups), said after
    # its "Error:" (no capital)
    "account_unknown": lambda p: _("there is no host account called '%(username)s' (accounts: %(known)s); to "
                                   "make another one, say so (--new)", username=p["username"],
                                   known=", ".join(p["known"])),
    "chain_key_wrong": _chain_key_wrong,
    "chain_key_lost": lambda p: _("%(path)s holds no CHAIN_KEY, but this database was sealed with one: restore "
                                  "secrets.json from the backup that goes with this database", **p),
    "chain_key_not_base64": lambda p: _("%(where)s: the chain key must be base64 (of %(bytes)s random bytes)",
                                        **p),
    "chain_key_short": lambda p: _("%(where)s: the chain key must hold at least %(bytes)s bytes, not "
                                   "%(length)s", **p),
    "secrets_not_json": lambda p: _("%(path)s: not JSON (%(detail)s)", **p),
    "secrets_not_object": lambda p: _("%(path)s: not a JSON object", **p),
    "backup_no_database": lambda p: _("no database at %(path)s", **p),
    "backup_cannot_open": lambda p: _("cannot open %(path)s: %(detail)s", **p),
    "backup_cannot_copy": lambda p: _("cannot copy %(path)s: %(detail)s", **p),
    "backup_no_secrets": lambda p: _("no %(path)s: a backup without the chain key could never be verified", **p),
    "backup_no_folder": lambda p: _("cannot write %(path)s: the folder %(folder)s does not exist", **p),
    "backup_cannot_write": lambda p: _("cannot write %(path)s: %(detail)s", **p),
    "backup_not_a_file": lambda p: _("%(path)s exists and is not a regular file (a link, a device or a folder): "
                                     "choose a new file name", **p),
    "backup_exists": lambda p: _("%(path)s exists: say --force to replace it, or choose a new file name", **p),
    "backup_not_tapete": lambda p: _("%(archive)s is not a Tapete backup (it holds %(names)s)",
                                     archive=p["archive"], names=", ".join(p["names"]) or _("nothing")),
    "backup_member_not_file": lambda p: _("%(archive)s: %(member)s is not a regular file", **p),
    "backup_member_too_large": lambda p: _("%(archive)s: %(member)s is too large", **p),
    "backup_truncated": lambda p: _("%(archive)s is truncated (%(member)s)", **p),
    "backup_unreadable": lambda p: _("%(archive)s cannot be read as a backup (damaged or truncated): %(detail)s",
                                     **p),
    "backup_not_json": lambda p: _("%(archive)s: the manifest or the secrets are not JSON (%(detail)s)", **p),
    "backup_format": lambda p: _("%(archive)s: not a backup of format %(format)s", **p),
    "backup_key_refused": lambda p: _("%(archive)s: the copy does not open with the key it carries: %(reason)s",
                                      archive=p["archive"],
                                      reason=said_refusal(p["reason_code"], p["reason_params"]) or p["reason_code"]),
    "backup_cannot_migrate": lambda p: _("%(archive)s: the copy cannot be brought up to date: %(detail)s", **p),
    "backup_night_unverified": _backup_night_unverified,
    "backup_head_mismatch": lambda p: _("%(archive)s: night %(night)s's chain head is not the manifest's", **p),
    "backup_club_unverified": _backup_club_unverified,
    "backup_club_head_mismatch": lambda p: _("%(archive)s: the club's chain head is not the manifest's", **p),
    "backup_night_count": lambda p: _("%(archive)s: %(nights)s nights in the copy, the manifest says "
                                      "%(manifest)s", **p),
    "backup_migrations": _backup_migrations,
    "backup_schema": _backup_schema,
    "backup_damaged": lambda p: _("%(archive)s: the database copy is damaged: %(detail)s", **p),
    "backup_env_key": lambda p: _("%(archive)s was made with %(variable)s: set it to restore", **p),
    "backup_no_chain_key": lambda p: _("%(archive)s: its secrets.json holds no CHAIN_KEY", **p),
    "restore_service_running": lambda p: _("the service (process %(pid)s) runs on %(path)s: stop it first, then "
                                           "restore (its mark: %(mark)s)", **p),
    "restore_exists": lambda p: _("%(path)s exists: restoring replaces it; say --force (the old files are kept "
                                  "beside it)", **p),
    "restore_in_use": lambda p: _("%(path)s is open in another process: stop the service first, then restore",
                                  **p),
}
"""Code -> the message in the request's language, given the error's params."""


def said_refusal(code: str | None, params: dict | None = None) -> str | None:
    """The refusal ``code`` in the request's language (:data:`MESSAGES`), or None when the
    code is unknown or its params do not fit its sentence.

    :param code: ``StoreError.code`` (e.g. ``"statement_too_long"``).
    :param params: ``StoreError.params`` (e.g. ``{"limit": 1000, "length": 1204}``).
    """
    say = MESSAGES.get(code or "")
    if say is None:
        return None
    try:
        return say(dict(params or {}))
    except (KeyError, TypeError, ValueError):
        return None


def refusal_text(exc: Exception) -> str:
    """A refused write as a page, the tablet or the command line says it: a
    ``store.StoreError`` by :func:`said_refusal` of its code (a code without a sentence, which
    ``tests/web/core/test_refusal_words.py`` keeps from happening, by a general one naming the
    code); any other error by its own text (the forms' refusals, ``web.core.forms``, are
    already in the request's language)."""
    if not isinstance(exc, StoreError):
        return str(exc)
    return kept_refusal_text({"code": exc.code, "params": exc.params})


def kept_refusal_text(refusal: dict) -> str:
    """A refusal kept as ``{"code", "params"}`` (a ruling's, a preview's) as
    :func:`refusal_text` says it."""
    said = said_refusal(refusal["code"], refusal.get("params"))
    return said if said is not None else _("Refused (%(code)s): nothing was stored.", code=refusal["code"])


def close_refused_said(ruling: dict) -> str | None:
    """Why a ruling that reopened a closed night could not close it again, in the
    request's language: :func:`kept_refusal_text` of the refusal the ruling keeps
    (``close_refusal``: ``store.dispute.disputes.get_dispute``); None when the night was
    closed again."""
    refusal = ruling.get("close_refusal")
    return kept_refusal_text(refusal) if refusal else None
