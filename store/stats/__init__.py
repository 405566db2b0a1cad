"""The club's statistics (issue 28): each hand's facts stored with its judgement
(``hand_stats``), each closed night's sums (``night_stats``), seasons and the club's
setting (``seasons``), what the pages read (``figures``), and what ``flask init-db`` stores
for a database from before them (``backfill``)."""
