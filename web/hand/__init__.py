"""A hand on the web: the dealer's tablet (its page and taps) and the hand replayer.
"""
