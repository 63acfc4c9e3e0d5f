"""The player's progress in the lessons' exercises: the stars earned, per game and exercise.

Kept in the data folder as ``progress.json``::

    {"version": 1, "stars": {"splay": {"One empty neighbour": 3, "Stack and splay": 2}}}

Exercises are keyed by their title (stable across versions; an exercise that is gone is
simply not counted).  The best result is kept: solving again with fewer stars changes
nothing.  A missing file is a fresh start; a file that does not read (hand-edited, cut
short, not JSON, too large, not a file) gives an empty record and a message, never an
exception, and the bad file is left as it was until the next solved exercise overwrites it.
Writing is atomic (``storage.atomic_write``).  Pure Python: no pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.session import storage

FILE_NAME = "progress.json"
MAX_BYTES = 1 << 20
MAX_STARS = 3


def progress_path() -> Path:
    return storage.data_dir() / FILE_NAME


@dataclass
class Progress:
    """Stars per game id and exercise title (1 to 3)."""

    stars: dict[str, dict[str, int]] = field(default_factory=dict)

    def get(self, game_id: str, title: str) -> int:
        return self.stars.get(game_id, {}).get(title, 0)

    def record(self, game_id: str, title: str, stars: int) -> bool:
        """Keep ``stars`` for the exercise if better than before; True when it changed."""
        stars = max(0, min(MAX_STARS, int(stars)))
        if stars <= self.get(game_id, title):
            return False
        self.stars.setdefault(game_id, {})[title] = stars
        return True

    def solved(self, game_id: str, titles=None) -> int:
        """How many exercises of the game are solved (of ``titles`` when given)."""
        mine = self.stars.get(game_id, {})
        keys = mine if titles is None else [t for t in titles if t in mine]
        return sum(1 for t in keys if mine[t] > 0)

    def star_total(self, game_id: str, titles=None) -> int:
        mine = self.stars.get(game_id, {})
        keys = mine if titles is None else [t for t in titles if t in mine]
        return sum(mine[t] for t in keys)

    def dumps(self) -> str:
        return json.dumps({"version": 1, "stars": self.stars}, indent=1, sort_keys=True) + "\n"


def loads(text: str) -> tuple[Progress, list[str]]:
    """A record from its text, and what in it did not read (those entries are dropped)."""
    problems: list[str] = []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return Progress(), [f"not JSON ({exc.msg}, line {exc.lineno})"]
    except ValueError as exc:  # not text JSON reads at all
        return Progress(), [f"not JSON ({exc})"]
    if not isinstance(data, dict) or not isinstance(data.get("stars"), dict):
        return Progress(), ["no table of stars in it"]
    out = Progress()
    for game_id, table in data["stars"].items():
        if not isinstance(table, dict):
            problems.append(f"the entry for {game_id!r} is not a table")
            continue
        for title, stars in table.items():
            ok = isinstance(stars, int) and not isinstance(stars, bool)
            if not ok or not 0 < stars <= MAX_STARS:
                problems.append(f"{game_id} / {title}: {stars!r} is not 1 to {MAX_STARS} stars")
                continue
            out.stars.setdefault(str(game_id), {})[str(title)] = stars
    return out, problems


def load(path=None) -> tuple[Progress, str | None]:
    """The saved progress (empty when there is none) and a message when the file could not
    be read as written."""
    path = Path(path or progress_path()).absolute()
    try:
        data = storage.read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return Progress(), None
    except storage.ReadError as exc:
        return Progress(), f"Could not read the lessons' progress {path}: {exc.reason}"
    except OSError as exc:
        return Progress(), f"Could not read the lessons' progress {path}: {exc.strerror or exc}"
    if len(data) > MAX_BYTES:
        return Progress(), f"The lessons' progress file {path} is too large; starting afresh."
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Progress(), f"The lessons' progress file {path} is not text; starting afresh."
    progress, problems = loads(text)
    if problems:
        more = " ..." if len(problems) > 1 else ""
        return progress, (
            f"Part of the lessons' progress in {path} did not read ({problems[0]}{more}); "
            "what did not read starts afresh."
        )
    return progress, None


def save(progress: Progress, path=None) -> Path:
    """Write the progress atomically; OSError naming the file when that fails."""
    return storage.atomic_write(path or progress_path(), progress.dumps())
