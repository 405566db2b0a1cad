"""Files on the web: upload a session, PHH or PokerNow ledger; download a night.
"""
