"""Who plays a seat: a human, or the computer at a level.  Defined once for the whole client
(the command line, the select screen, game records and the match all use it).

The level names come from the search (``ai.levels``); a seat is written ``human``,
``computer`` (the default level) or ``computer:LEVEL``.  Pure Python: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.levels import LEVEL_NAMES, level_info

LEVELS: tuple[str, ...] = tuple(LEVEL_NAMES)  # weakest first
DEFAULT_LEVEL = "medium"


@dataclass(frozen=True)
class Seat:
    """Who plays a side: a human, or the computer at a level."""

    kind: str = "human"  # "human" or "computer"
    level: str = DEFAULT_LEVEL

    @property
    def computer(self) -> bool:
        return self.kind == "computer"

    def label(self) -> str:
        return f"Computer ({self.level.capitalize()})" if self.computer else "Human"

    def description(self, game=None) -> str:
        """One line on how the computer plays at this level, in ``game`` when given (a game
        may name its own time per move for a level); "" for a human."""
        return level_info(self.level, game) if self.computer else ""

    def spec(self) -> str:
        """The text form, read back by ``parse``: ``human`` or ``computer:LEVEL``."""
        return f"computer:{self.level}" if self.computer else "human"

    def __str__(self) -> str:
        return self.spec()

    @staticmethod
    def parse(text: str) -> "Seat":
        """``human``, ``computer`` or ``computer:LEVEL`` (ValueError saying what is allowed)."""
        if not isinstance(text, str):
            raise ValueError(f"a seat is text such as 'human' or 'computer:{DEFAULT_LEVEL}'")
        t = text.strip().lower()
        kind, colon, level = t.partition(":")
        kind = kind.strip()
        if kind in ("human", "h", "person") and not level.strip():
            return Seat("human")
        if kind in ("computer", "cpu", "ai", "c"):
            level = level.strip() or DEFAULT_LEVEL
            if level not in LEVELS:
                raise ValueError(f"unknown strength {level!r}; use {', '.join(LEVELS)}")
            return Seat("computer", level)
        raise ValueError(
            f"unknown seat {text.strip()!r}; use human, computer or "
            f"computer:LEVEL ({', '.join(LEVELS)})"
        )


def parse_pair(text: str) -> list[Seat]:
    """Two seats separated by a comma (``human,computer:hard``)."""
    parts = [p for p in str(text).split(",") if p.strip()]
    if len(parts) != 2:
        raise ValueError(
            f"two seats are needed, separated by a comma, e.g. human,computer:{DEFAULT_LEVEL}"
        )
    return [Seat.parse(p) for p in parts]


CHOICES: tuple[Seat, ...] = (Seat("human"),) + tuple(Seat("computer", lvl) for lvl in LEVELS)
DEFAULT_SEATS: tuple[Seat, Seat] = (Seat("human"), Seat("computer", DEFAULT_LEVEL))
