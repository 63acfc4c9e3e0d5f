"""``python -m game`` starts Abstract Arcade, as ``abstract-arcade`` does."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
