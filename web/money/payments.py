"""Paying up on the web, what the pages show: the host night page's transfers with their
marks and the shared expenses (:func:`said_payments`), the phone's whom-I-pay and
who-pays-me (:func:`said_settle`), a payee's QR code where the handle is a link.
The routes are in ``web.money.views`` (this module imports no view module, so
``web.player.views`` can import it at the top).

URLs (``web.money.views``) (every POST: a CSRF token, an idempotency key where a double submit could store twice,
input through ``web.core.forms``, a refusal from ``web.core.refusals`` in the page's language,
nothing stored on refusal):

- host (logged in, ``web.account.views.host_required``):
  ``POST /host/night/<id>/handle`` (a player's handle), ``POST /host/night/<id>/transfer``
  (``action`` paid | confirm | void, with ``what`` poker | expenses, ``payer_id``,
  ``payee_id``, ``reason`` for a void; ``back=outstanding`` goes back to the outstanding
  page, to ``back_player``'s when given), ``POST /host/night/<id>/expenses`` (``payer_id``,
  ``amount`` as written: ``12,50``, ``description``, ``sharer_ids`` one or more),
  ``POST /host/night/<id>/expenses/<expense_id>/void`` (``reason``), ``GET
  /host/outstanding`` (what every closed night's transfers not confirmed add up to, per
  player and currency, each a link to) ``GET /host/outstanding/<player_id>`` (that
  player's transfers not confirmed, by night, with the host's forms: :func:`said_outstanding`).
- player (``/p/<token>``, the link is the key): ``POST /p/<token>/handle`` (their own
  handle), ``POST /p/<token>/night/<id>/transfer`` (``action`` paid for a transfer they
  pay, confirm for one they receive). Another's transfer, or the wrong side of their own:
  a refusal on their page, nothing stored; a night they did not play, an unknown or
  revoked link: the plain 404 of the player pages, nothing stored.

The host night page includes ``money/_transfers.html`` and ``money/_expenses.html``, which
read :func:`said_payments` as ``pay`` (the host's night view says it once); the phone's ledger includes ``player/_settle.html`` with
``settle = said_settle(store.money.payments.player_payments(db, player_id))``.
"""

from __future__ import annotations

from flask_babel import gettext as _

from store.core.times import local_time
from web.core.qr import is_link, qr_svg


def handle_qr(handle: str | None, name: str) -> object:
    """The QR code (inline SVG) of a handle that is a link, else None."""
    if not is_link(handle):
        return None
    return qr_svg(handle.strip(), title=_("Pay %(name)s", name=name), scale=3)


def actor_name(entered_by: str | None, names: dict[int, str]) -> str:
    """Who made a mark, in words: a player's name (``names``: player id -> name, the
    store's ``marker_names``), or "the host"; a player the store does not know, as
    stored."""
    if entered_by and entered_by.startswith("player:"):
        number = entered_by[7:]
        return (names.get(int(number)) or entered_by) if number.isascii() and number.isdigit() else entered_by
    return _("the host")


def said_transfers(transfers: list[dict], tz_name: str, names: dict[int, str]) -> list[dict]:
    """Transfers with who marked them in words, the times in the club's zone and the QR."""
    return [{**t, "paid_who": actor_name(t["paid_by"], names) if t["paid_by"] else None,
             "confirmed_who": actor_name(t["confirmed_by"], names) if t["confirmed_by"] else None,
             "paid_local": local_time(t["paid_at"], tz_name) if t["paid_at"] else None,
             "confirmed_local": local_time(t["confirmed_at"], tz_name) if t["confirmed_at"] else None,
             "qr": handle_qr(t["handle"], t["payee"])} for t in transfers]


def said_outstanding(rows: list[dict], names: dict[int, str]) -> list[dict]:
    """A player's outstanding transfers (``store.money.payments.outstanding_player_page``'s
    ``rows``, each with its night's ``timezone``) by night, in their order (oldest night
    first), each said (:func:`said_transfers`; ``names``: its ``markers``).

    :returns: ``[{"night_id", "local_date", "title", "currency", "transfers": [said rows]}]``.
    """
    groups: list[dict] = []
    for row in rows:
        if not groups or groups[-1]["night_id"] != row["night_id"]:
            groups.append({"night_id": row["night_id"], "local_date": row["local_date"], "title": row["title"],
                           "currency": row["currency"], "transfers": []})
        groups[-1]["transfers"] += said_transfers([row], row["timezone"], names)
    return groups


def said_payments(pay: dict) -> dict:
    """What the host night page's partials show (``money/_transfers.html``,
    ``money/_expenses.html``): ``{"closed", "currency", "transfers" (poker, with status),
    "expense_transfers", "stale" (marks of a settlement that changed), "expenses"
    (``store.money.expenses.night_expenses``), "players" (the night's table), "handles"
    {player_id: handle}}``: ``pay``, ``store.money.payments.night_payments``, each transfer
    said (:func:`said_transfers`)."""
    tz, names = pay["timezone"], pay["markers"]
    return {**pay, "transfers": said_transfers(pay["transfers"], tz, names),
            "expense_transfers": said_transfers(pay["expense_transfers"], tz, names)}


def said_settle(settle: dict[int, dict]) -> dict[int, dict]:
    """What ``player/_settle.html`` shows on the phone, per night the player played:
    ``{night_id: {"night_id", "currency", "closed", "pay": [transfers the player pays, each
    with the payee's ``handle`` and ``qr`` (inline SVG where the handle is a link)],
    "receive": [transfers the player receives], "stale": [their marks of a settlement that
    changed], "my_handle": the player's own handle or None, "expenses": the night's live
    shared expenses as this player sees them (``store.money.expenses.player_expenses``)}}``; every transfer as
    ``store.money.payments.night_transfers`` (``status`` due | paid | confirmed) plus ``paid_who``
    / ``confirmed_who`` in words.

    :param settle: ``store.money.payments.player_payments`` (the phone page's ``settle``).
    """
    return {night_id: {**night, "pay": said_transfers(night["pay"], night["timezone"], night["markers"]),
                       "receive": said_transfers(night["receive"], night["timezone"], night["markers"])}
            for night_id, night in settle.items()}
