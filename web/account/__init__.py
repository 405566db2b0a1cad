"""The host's login, logout, first visit's setup and password change.
"""
