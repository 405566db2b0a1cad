"""Files in and out: session JSON and PHH import (written in pieces) and export, the night
block, the PokerNow ledger, backups.
"""
