"""Tapete's Flask app factory (Flask tutorial style).

``flask --app app run``; the database path comes from ``TAPETE_DB`` (default
``data/tapete.db``), or ``DATABASE`` in ``test_config``.
"""

import os
from importlib import import_module

from flask import Flask, redirect, url_for

# Blueprints by area; a module that does not exist yet is skipped (built in parallel).
BLUEPRINTS = ("web.reports", "web.dealer", "web.host", "web.player")


def create_app(test_config=None):
    """Build the Flask app.

    :param test_config: dict overriding the defaults (e.g. ``{"TESTING": True,
        "DATABASE": path}``); None reads ``TAPETE_DB`` from the environment.
    :returns: the ``Flask`` app with the store, CLI commands and blueprints registered.
    """
    app = Flask(__name__)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("TAPETE_SECRET_KEY", "dev"),
        DATABASE=os.environ.get("TAPETE_DB", os.path.join(app.root_path, "data", "tapete.db")),
    )
    if test_config:
        app.config.update(test_config)

    from store import flaskdb

    flaskdb.init_app(app)

    from web import cli

    cli.init_app(app)
    register_blueprints(app)

    if "index" not in app.view_functions:
        @app.route("/")
        def index():
            return redirect(url_for("reports.nights"))

    return app


def register_blueprints(app):
    """Register each area's blueprint (``bp`` in each module of ``BLUEPRINTS``) that exists."""
    for name in BLUEPRINTS:
        try:
            module = import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        app.register_blueprint(module.bp)
