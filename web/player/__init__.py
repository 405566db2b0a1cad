"""The player's private page on a phone: nights, hands, running total, whom to pay.
"""
