"""Tapete's Flask app factory and CLI (filled in by the nights-service work)."""

from flask import Flask


def create_app(test_config=None):
    """Build the Flask app. ``test_config`` (dict) overrides the defaults."""
    app = Flask(__name__)
    if test_config:
        app.config.update(test_config)
    return app
