"""A night: its date, zone, frozen house rules and chip value; seats and leaving; the
dealer tablets' links; the nights the club does not see yet (an import in pieces).
"""
