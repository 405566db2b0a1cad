"""Disputes on the web: a player contests a hand from their phone; the host rules.
"""
