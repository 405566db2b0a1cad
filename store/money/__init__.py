"""The money of a night: buy-ins and cash-outs (the ledger), the bank check, the counts
against the referee's stacks, the carried pot, payments and shared expenses.
"""
