"""Files in and out: session JSON and PHH import and export, the night block, the
PokerNow ledger, backups.
"""
