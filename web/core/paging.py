"""The ``?page=N`` of a paged page, read one way everywhere (issue 25): a page number is
1 to 6 ASCII digits; anything else (``abc``, ``1e3``, ``-1``, ``0``) is the page's 404,
as a page past the last is."""

from __future__ import annotations

from flask import abort, request


def page_arg() -> int:
    """The request's ``?page=`` as an int from 1 (1 when absent).

    :raises werkzeug.exceptions.NotFound: (``abort(404)``) the value is not a page number.
    """
    said = request.args.get("page", "1")
    if not (said.isascii() and said.isdigit() and len(said) <= 6) or int(said) < 1:
        abort(404)
    return int(said)
