"""The hand replayer: one page per hand, every action in order, and the host's list of hands.

URLs:

- ``GET /host/night/<night_id>/hands``: the host's list of the night's hands (number,
  button, who the referee gives the pot, findings, corrections), each linking its replay.
- ``GET /host/night/<night_id>/hand/<number>``: the host's replay (every card as logged).
- ``GET /p/<token>/hand/<hand_id>``: a player's replay of a hand they were dealt into
  (``store.hand.replayer.player_hand_seat``); cards nobody showed are hidden except the
  player's own (``store.hand.card_hiding``). Any other hand, an unknown or revoked token: the same
  404 as the player page's. Headers as the player page's (no-store, no-referrer, noindex).

Each step shows the action in words with names (``web.core.i18n.say_action``, from the
referee's parsed line), who was due and who acted, the pot and every stack, the bet to
call, the cards known then, and the findings at that action with the rule quoted in the
page's language (``web.core.i18n.say_findings``). Every figure is the referee's
(``store.hand.replayer.hand_replay``: ``referee.trace``); nothing here decides a rule. Without
JavaScript every step is listed; ``static/hand/replayer.js`` steps through them (buttons, the
arrow keys, ``n`` for the next finding, the step in the URL fragment ``#step-N``); the
print stylesheet lists every step without the buttons. Reading never writes.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, g, render_template, url_for
from flask_babel import gettext as _

from store.core.times import local_time
from store.hand.replayer import host_hand_page, night_hands_page, player_hand_page
from web.core import i18n
from web.core.db import get_db
from web.core.heavy import heavy_page
from web.core.security import PRIVATE
from web.night.views import host_required
from web.player.views import player_link

bp = Blueprint("replay", __name__)


@bp.get("/host/night/<int:night_id>/hands")
@host_required
def night_hands(night_id: int):
    """The host's list of the night's hands, each linking its replay."""
    page = night_hands_page(get_db(), night_id)
    if page is None:
        abort(404)
    night, hands = page["night"], page["hands"]
    g.night_preset = night["rules_frozen"].get("preset")
    rows = [{**h, "button_name": _name(h["button"], h["names"]),
             "winners": _chips_by_name(h["awards"], h["names"]),
             "recorded": _chips_by_name(h["recorded_awards"], h["names"])} for h in hands]
    return render_template("hand/replayer_hands.html", night=night, hands=rows)


@bp.get("/host/night/<int:night_id>/hand/<int:number>")
@host_required
@heavy_page
def host_hand(night_id: int, number: int):
    """The host's replay of hand ``number`` of the night (every card as logged)."""
    page = host_hand_page(get_db(), night_id, number)
    if page is None:
        abort(404)
    night, replay = page["night"], page["replay"]
    g.night_preset = night["rules_frozen"].get("preset")
    return render_template("hand/replayer_hand.html", **_page(replay, night), viewer=False,
                           back=url_for("replay.night_hands", night_id=night_id),
                           back_label=_("All hands of the night"))


@bp.get("/p/<token>/hand/<int:hand_id>")
@player_link
@heavy_page
def player_hand(token: str, hand_id: int):
    """A player's replay of a hand they were dealt into; else the player page's 404."""
    page = player_hand_page(get_db(), hand_id, g.player_id)
    if page is None:
        abort(404)
    night, replay = page["night"], page["replay"]
    g.night_preset = night["rules_frozen"].get("preset")
    page = render_template("hand/replayer_hand.html", **_page(replay, night), viewer=True,
                           back=url_for("player.ledger", token=token),
                           back_label=_("Back to my ledger"))
    return page, 200, PRIVATE


def _name(seat: int | None, names: dict) -> str:
    """A seat as the page names it: the player, else "asiento N" / "seat N"."""
    if seat is None:
        return _("nobody")
    return names.get(seat) or _("seat %(s)s", s=seat)


def _chips_by_name(chips: dict | None, names: dict) -> list[dict]:
    """``{seat (str): chips}`` as ``[{"seat", "name", "chips"}]`` (chips above 0), by seat."""
    return [{"seat": int(seat), "name": _name(int(seat), names), "chips": amount}
            for seat, amount in sorted((chips or {}).items(), key=lambda kv: int(kv[0])) if amount]


def _who(entered_by: str | None) -> str:
    """Who entered or voided a line, in words (``dealer``, ``host``, ``player:<id>``)."""
    return i18n.who(entered_by)


def _page(replay: dict, night: dict) -> dict:
    """The template's values: the replay with every step's words in the page's language."""
    names = replay["names"]
    seats = sorted(int(s) for s in replay["start"]["stacks"])

    def seat_rows(step: dict | None) -> list[dict]:
        stacks = step["stacks"] if step else replay["start"]["stacks"]
        cards = step["cards"] if step else {}
        rows = []
        for seat in seats:
            known = cards.get(str(seat))
            rows.append({"seat": seat, "name": _name(seat, names), "stack": stacks.get(str(seat)),
                         "bet": (step["bets"].get(str(seat), 0) if step else 0),
                         "held": known["held"] if known else None,
                         "shown": known["shown"] if known else None,
                         "button": seat == replay["button"],
                         "next": bool(step) and seat == step["next_due"],
                         "actor": bool(step) and seat == step["actor"],
                         "viewer": seat == replay["viewer_seat"]})
        return rows

    steps = []
    for step in replay["steps"]:
        parsed = step["parsed"]
        steps.append({
            **step,
            "words": i18n.say_action(parsed, names, line=step["action"]),
            "actor_name": (_("the dealer") if parsed and parsed["actor"] == "d"
                           else _name(step["actor"], names) if step["actor"] is not None else "—"),
            "due_name": _name(step["due"], names),
            "next_name": _name(step["next_due"], names),
            "phase_name": i18n.phase_name(step["phase"]),
            "pots_said": [{"amount": p["amount"], "names": [_name(s, names) for s in p["seats"]]}
                          for p in step["pots"] if p["amount"]],
            "seat_rows": seat_rows(step),
            "findings": i18n.say_findings(step["findings"], names),
        })
    tz = night["timezone"]
    voided = [{**v, "words": i18n.say_action(v["parsed"], names, line=v["action"]),
               "entered_by_said": _who(v["entered_by"]), "voided_by_said": _who(v["voided_by"]),
               "entered_local": local_time(v["entered_at"], tz),
               "voided_local": local_time(v["voided_at"], tz)} for v in replay["voided"]]
    added = [{"number": s["number"], "words": s["words"], "dispute_id": s["added_by"]}
             for s in steps if s["added_by"]]
    result = replay["result"]
    labels = {"button": _("Button (deals)"), "to_act": _("to act"), "stack": _("Stack"),
              "bet": _("bet"), "shown": _("shown"), "player": _("Player"),
              "bet_round": _("Bet in the round"), "cards": _("Cards"), "was_due": _("Was due"),
              "acted": _("Acted"), "pot": _("Pot"), "next": _("Next to act"),
              "to_call": _("To call")}  # (said once: a long hand has many steps and rows)
    return {
        "night": night, "r": replay, "steps": steps, "voided": voided, "added": added, "labels": labels,
        "count": lru_cache(maxsize=None)(i18n.chips),  # chips as the page writes them, each once
        "start_rows": seat_rows(None),
        "button_name": _name(replay["button"], names),
        "opening_name": i18n.opening_name(replay["start"]["opening"]),
        "loose": i18n.say_findings(replay["findings_without_action"], names),
        "awards": _chips_by_name(result.get("awards"), names),
        "recorded": _chips_by_name(result.get("recorded_awards"), names),
        "finding_steps": [s["number"] for s in steps if s["findings"]],
        "findings_total": len(result.get("findings", [])),
    }
