"""Tapete's Flask app factory (Flask tutorial style).

``flask --app app run``; the database path comes from ``TAPETE_DB`` (default
``data/tapete.db``), or ``DATABASE`` in ``test_config``; the club's time zone (new nights'
default) from ``TAPETE_TIMEZONE`` (default ``Europe/Madrid``), or ``CLUB_TIMEZONE``;
``TAPETE_HTTPS=1`` when served over HTTPS (the session cookie is then Secure);
``TAPETE_PROXY=1`` (the number of proxies) behind a reverse proxy, whose ``X-Forwarded-For``
is then believed.
"""

import os
from importlib import import_module

from flask import Flask, redirect, url_for
from werkzeug.middleware.proxy_fix import ProxyFix

from store.core import secret_file
from web.account import views as account
from web.core import cli, csrf, db, errors, heavy, i18n, limits, origin, rate_limits, security
from web.money import bank

BLUEPRINTS = ("web.night.views", "web.hand.tablet", "web.hand.replayer", "web.money.views",
              "web.money.report", "web.dispute.views", "web.files.views", "web.files.pokernow",
              "web.player.views", "web.club.views", "web.night.table_code", "web.night.table_host",
              "web.night.live_hand", "web.night.screen_view", "web.night.rebuy_requests",
              "web.stats.views")
"""The views by feature (``web/<feature>/``); each module exposes ``bp``."""


def _trust_proxies(app: Flask) -> None:
    """Behind ``TAPETE_PROXY`` proxies (a whole number, config or environment), trust that
    many hops of ``X-Forwarded-For`` and ``X-Forwarded-Proto`` (werkzeug's ``ProxyFix``):
    ``request.remote_addr`` is then the phone's address, not the proxy's, for the rate
    limits (``web.core.rate_limits``) and the login limits. Unset, 0 or not a number: no
    forwarded header is believed (anyone could send one)."""
    try:
        hops = int(app.config.get("TAPETE_PROXY") or 0)
    except (TypeError, ValueError):
        app.logger.warning("TAPETE_PROXY is not a whole number: forwarded headers are ignored")
        hops = 0
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)


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
        CLUB_TIMEZONE=os.environ.get("TAPETE_TIMEZONE", "Europe/Madrid"),
        TAPETE_HTTPS=os.environ.get("TAPETE_HTTPS", ""),
        CLUB_LANGUAGE=os.environ.get("TAPETE_LANGUAGE", ""),  # the command line's: "es" or "en"
        TAPETE_PROXY=os.environ.get("TAPETE_PROXY", ""),  # how many proxies stand in front (0 or "": none)
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("TESTING"):
        _load_local_secrets(app)
        if app.secret_key in (None, "", "dev"):
            app.logger.warning("SECRET_KEY is the development default: session cookies can be forged; "
                               "set TAPETE_SECRET_KEY")

    db.init_app(app)  # one pooled connection per request
    i18n.init_app(app)  # Flask-Babel: Spanish and English
    account.init_app(app)  # the host's session cookie
    cli.init_app(app)
    limits.init_app(app)
    rate_limits.init_app(app)  # Flask-Limiter: the public table code's routes
    security.init_app(app)
    origin.init_app(app)  # before CSRFProtect: a cross-site request is refused as such (403)
    csrf.init_app(app)
    errors.init_app(app)  # every other HTTP error in the request's language
    heavy.init_app(app)  # at most a few heavy pages at once: threads stay free for taps
    bank.init_app(app)  # the bank sentence for every template
    register_blueprints(app)

    @app.route("/")
    def index():
        """The front door is the host's nights page (it asks for the login first)."""
        return redirect(url_for("host.index"))

    _trust_proxies(app)  # outermost: every layer below sees the phone's address
    return app


def _load_local_secrets(app):
    """Give a real run a SECRET_KEY that survives restarts.

    Unless set in the environment (``TAPETE_SECRET_KEY``), it is made once at random and
    kept in ``secrets.json`` beside the database (mode 600; ``store.core.secret_file``, which
    also keeps the record's chain key there), so session cookies cannot be forged and stay
    valid across restarts. (The host logs in with an account: ``store.account.accounts``.)
    """
    kept = secret_file.local_secrets(app.config["DATABASE"])
    if "TAPETE_SECRET_KEY" not in os.environ and app.config["SECRET_KEY"] == "dev":
        app.config["SECRET_KEY"] = kept["SECRET_KEY"]


def register_blueprints(app):
    """Register each area's blueprint (``bp`` in each module of ``BLUEPRINTS``)."""
    for name in BLUEPRINTS:
        app.register_blueprint(import_module(name).bp)
