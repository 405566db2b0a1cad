"""Fixtures of the hand's web tests: ``night``, the false_opener table with hand 1 started
(``tablet_nights.night``)."""

from tablet_nights import night  # noqa: F401 (a fixture, used by name)
