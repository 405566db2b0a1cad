"""The club's standings across nights (host only).
"""
