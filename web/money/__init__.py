"""Money on the web: the bank in words, the night report and its PDF, the share text,
payments, marks, expenses and what is outstanding.
"""
