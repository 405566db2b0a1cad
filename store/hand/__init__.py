"""A hand: the dealer's append-only log of events, each hand's stored referee result
(judging), a whole imported hand written at once, the tablet's multi-line operations, the replayer's data and which cards a
player may see.
"""
