"""The dealer's URL of a night for tests that drive the tablet over HTTP or the test client
(``from dealer_links import dealer_path``)."""

from __future__ import annotations

import store


def dealer_path(app, db, night_id: int) -> str:
    """The night's dealer URL path (``/dealer/<night>/<token>``): a dealer link issued by
    the host where the store has them (``store.issue_dealer_link``), else the night's HMAC
    token of the older tablets (``web.dealer.dealer_token``)."""
    issue = getattr(store, "issue_dealer_link", None)
    if issue is not None:
        token = issue(db, night_id, "Tablet 1", issued_by="host:test")[1]
    else:
        from web.dealer import dealer_token

        with app.test_request_context():
            token = dealer_token(night_id)
    return f"/dealer/{night_id}/{token}"
