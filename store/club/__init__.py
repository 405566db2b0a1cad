"""A club across nights: each player's ledger and running total, and the standings.
"""
