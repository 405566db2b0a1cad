"""The store's plumbing, shared by every feature: the schema and its migrations, opening a
connection, transactions and the clock, the store's refusals and input checks, the keyed
chain that seals every row that decides money (and the pages' check of the rows they use
against their own links: ``seals``), the secrets file, the serving mark, and the
per-connection memo of reads.
"""
