"""A link issued from the host's night page and shown once, in the answer to that POST:
the write, then the night page that shows it (``store.night.night_page.night_page``, read
after the write is committed), in one store call (``web.night.views.issue_dealer_link``,
``issue_link``). Only the links' hashes are kept (``store.night.dealer_links``,
``store.player.player_links``).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.night.dealer_links import issue_dealer_link, reissue_dealer_link
from store.night.night_page import night_page
from store.night.nights import get_night
from store.night.screen_links import issue_screen_link
from store.night.table_code import issue_table_code
from store.player.player_links import issue_token
from store.player.players import get_player


def issue_dealer_link_page(db: Database, night_id: int, label: str | None, *, issued_by: str,
                           key: str | None = None, default_label: str = "Tablet %(n)s") -> dict:
    """A tablet link for the night (:func:`store.night.dealer_links.issue_dealer_link`),
    and the night page that shows it.

    :returns: ``{"link_id": int, "token": str | None (None: the key issued it before; the
        token was shown then), "page": night_page (None when the token is None)}``.
    :raises StoreError: ``no_night`` (no such night: checked first), then
        ``issue_dealer_link``'s refusals (nothing written).
    """
    get_night(db, night_id)
    link_id, token = issue_dealer_link(db, night_id, label, issued_by=issued_by, key=key,
                                       default_label=default_label)
    return {"link_id": link_id, "token": token, "page": None if token is None else night_page(db, night_id)}


def issue_player_link_page(db: Database, night_id: int, player_id: int) -> dict:
    """A private link for a player (:func:`store.player.player_links.issue_token`), issued
    from the night ``night_id``'s page, and that page.

    :returns: ``{"token": str, "name": the player's name, "page": night_page}``.
    :raises StoreError: ``no_night`` (no such night: checked first), ``no_player``
        (nothing written).
    """
    get_night(db, night_id)
    token = issue_token(db, player_id)
    return {"token": token, "name": get_player(db, player_id)["name"], "page": night_page(db, night_id)}


def issue_table_code_page(db: Database, night_id: int, *, issued_by: str, key: str | None = None) -> dict:
    """The night's table code shown (again): a fresh code, the one before retired
    (:func:`store.night.table_code.issue_table_code`), and the night page that shows it.

    :returns: ``{"code_id": int, "code": str | None (None: the key issued it before; it was
        shown then), "page": night_page (None when the code is None)}``.
    :raises StoreError: ``no_night`` (checked first), then ``issue_table_code``'s refusals
        (nothing written).
    """
    get_night(db, night_id)
    code_id, code = issue_table_code(db, night_id, issued_by=issued_by, key=key)
    return {"code_id": code_id, "code": code, "page": None if code is None else night_page(db, night_id)}


def reissue_dealer_link_page(db: Database, night_id: int, link_id: int, *, issued_by: str,
                             key: str | None = None) -> dict:
    """A tablet's link shown again as a fresh one, the one before revoked
    (:func:`store.night.dealer_links.reissue_dealer_link`), and the night page that shows it.

    :returns: ``{"link_id": int (the new link), "token": str | None (None: the key issued
        it before), "page": night_page (None when the token is None)}``.
    :raises StoreError: ``no_night`` (checked first), then ``reissue_dealer_link``'s
        refusals (nothing written).
    """
    get_night(db, night_id)
    new_id, token = reissue_dealer_link(db, night_id, link_id, issued_by=issued_by, key=key)
    return {"link_id": new_id, "token": token, "page": None if token is None else night_page(db, night_id)}


def issue_screen_link_page(db: Database, night_id: int, *, issued_by: str, key: str | None = None) -> dict:
    """The night's screen link shown (again): a fresh link, the one before revoked
    (:func:`store.night.screen_links.issue_screen_link`), and the night page that shows it.

    :returns: ``{"link_id": int, "token": str | None (None: the key issued it before; it was
        shown then), "page": night_page (None when the token is None)}``.
    :raises StoreError: ``no_night`` (checked first), then ``issue_screen_link``'s refusals
        (nothing written).
    """
    get_night(db, night_id)
    link_id, token = issue_screen_link(db, night_id, issued_by=issued_by, key=key)
    return {"link_id": link_id, "token": token, "page": None if token is None else night_page(db, night_id)}
