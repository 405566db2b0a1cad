"""The club's players (stable ids, names unique ignoring case) and their private links.
"""
