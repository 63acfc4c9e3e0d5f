"""Abstract Arcade from a checkout: ``python main.py`` is ``abstract-arcade``.

The command line lives in the package (``game/cli.py``); this file is not installed.  It
imports nothing at the top: the AI process is started with multiprocessing's spawn method,
which imports this file again in the child.
"""

import sys

if __name__ == "__main__":
    from game.cli import main

    sys.exit(main())
