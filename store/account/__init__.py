"""The host's account: password hashes, sessions, login attempts and the first visit's
setup code.
"""
