"""The session layer: matches, seats, move counting, records, saving and
reading games, the data folder, settings and the review -- pure Python, no pygame,
so tests, tools and the engine use it without a window."""
