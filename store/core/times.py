"""Time stored in UTC, shown in the club's zone: an IANA zone by name (refused when unknown) and a
stored UTC time in that zone.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from store.core.checks import StoreError


def zone(name: str) -> ZoneInfo:
    """The ``ZoneInfo`` for an IANA name. :raises StoreError: unknown zone."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise StoreError("unknown_timezone", zone=str(name)) from None


def local_time(iso_utc: str | None, tz_name: str) -> datetime | None:
    """An ISO-8601 UTC string shown in the club's zone (aware datetime), None passes."""
    if not iso_utc:
        return None
    return datetime.fromisoformat(iso_utc).astimezone(zone(tz_name))
