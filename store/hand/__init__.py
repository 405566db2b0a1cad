"""A hand: the dealer's append-only log of events, each hand's stored referee result
(judging), the tablet's multi-line operations, the replayer's data and which cards a
player may see.
"""
