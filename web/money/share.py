"""The closed night as a plain text to share in a group chat (WhatsApp, Telegram, SMS), in
the page's language (issue #14): title and date, each player's net, who pays whom, and the
bank sentence (``web.money.bank.bank_sentence``). Shown on the closed night's page in a read-only
textarea with copy and share buttons (``static/money/share.js``).

No money logic here: the nets and transfers are ``store.night_summary``'s.
"""

from __future__ import annotations

from flask_babel import force_locale
from flask_babel import gettext as _

from web.core.i18n import money, page_lang
from web.money.bank import bank_sentence


def _signed(cents: int, currency: str) -> str:
    """Money with a sign for a net: ``+12,50 €``, ``−3,00 €``, ``0,00 €``
    (``web.core.i18n.money``, signed)."""
    return money(cents, currency, signed=True)


def _transfer(t: dict, currency: str) -> str:
    return f"{t['payer']} → {t['payee']} {money(t['cents'], currency)}"


def share_text(summary: dict, *, expenses: dict | None = None) -> str:
    """The night's result as plain text for a chat, in the page's language.

    :param summary: ``store.night_summary`` of the night (closed, or balanced open: the
        nets and transfers the close makes).
    :param expenses: ``store.money.expenses.night_expenses`` of the night (``{"expenses":
        [{"description", "cents", ...}], "transfers": [{"payer", "payee", "cents"}]}``),
        shown apart from the poker nets; None leaves them out.
    :returns: lines joined with ``\\n``, e.g. (Spanish)::

        *Noche de jotas* · 2026-03-14
        Neto:
        Ana +12,50 €
        Bruno −3,00 €
        Quién paga a quién:
        Bruno → Ana 3,00 €
        Banca: 460 compradas, 455 contadas + 5 del bote que pasa, devuelto: diferencia 0; cuadra ✓.

    Outside a request in ``web.core.i18n.page_lang``'s language.
    """
    with force_locale(page_lang()):
        return _text(summary, expenses)


def _text(summary: dict, expenses: dict | None) -> str:
    night = summary["night"]
    currency = night["currency"]
    title = night.get("title") or _("Night %(n)s", n=night["id"])
    lines = [f"*{title}* · {night['local_date']}"]
    players = sorted(summary["players"], key=lambda r: -(r["net_cents"] or 0))
    if any(r["net_cents"] is not None for r in players):
        lines.append(_("Net:"))
        lines += [f"{r['name']} {_signed(r['net_cents'], currency)}" for r in players if r["net_cents"] is not None]
    lines.append(_("Who pays whom:"))
    if summary["transfers"]:
        lines += [_transfer(t, currency) for t in summary["transfers"]]
    elif summary["bank"]["balanced"]:
        lines.append(_("Nobody owes anything."))
    else:
        lines.append(_("Transfers are worked out once the bank balances."))
    live = [e for e in (expenses or {}).get("expenses", []) if not e.get("voided") and not e.get("unsealed")]
    if live:
        lines.append(_("Shared expenses (apart from the poker):"))
        lines += [f"{e.get('description', '')} {money(e['cents'], currency)}" for e in live]
        lines += [_transfer(t, currency) for t in expenses.get("transfers", [])]
    lines.append(bank_sentence(summary["bank"]))
    return "\n".join(lines)
