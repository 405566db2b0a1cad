"""The host's nights: the list, the new-night form, and a night's page (seats, buy-ins,
hands, counts, the close, links).
"""
