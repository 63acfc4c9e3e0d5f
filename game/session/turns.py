"""How a game's moves are counted and named, the same way on every screen.

A *turn* is one player's moves in a row (Glorieta's stone and neutral stone, or a colour
choice followed by a drop, are one turn of two moves).  Turns are numbered in pairs, as a
chess score sheet numbers moves: row 1 holds the first turn and the reply to it, row 2 the
next two, and so on.  "Move 12" everywhere means row 12 of the move list: the panel's
header, the result screen's count, the replay's caption and the review.

Positions are indexed 0 (the start) to ``len(moves)``; position ``i`` follows ``moves[i-1]``.
Pure Python: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Turn:
    index: int  # 0-based, in order
    mover: int  # the seat
    first: int  # index of its first move (ply)
    last: int  # index of its last move (ply)
    text: str  # its moves in notation, space-separated

    @property
    def row(self) -> int:
        """1-based number of its row in the move list."""
        return self.index // 2 + 1

    @property
    def column(self) -> int:
        return self.index % 2

    @property
    def position(self) -> int:
        """The position after this turn (an index into the states)."""
        return self.last + 1


def turns_of(states, moves) -> list[Turn]:
    """The turns of a game: ``states`` holds the start and the position after each move
    (``len(states) == len(moves) + 1``), ``moves`` the move objects or notations."""
    out: list[Turn] = []
    current: list[str] = []
    mover = first = -1
    for i, move in enumerate(moves):
        who = states[i].player
        if current and who == mover:
            current.append(str(move))
            continue
        if current:
            out.append(Turn(len(out), mover, first, i - 1, " ".join(current)))
        mover, first, current = who, i, [str(move)]
    if current:
        out.append(Turn(len(out), mover, first, len(moves) - 1, " ".join(current)))
    return out


def rows(turns) -> int:
    """How many numbered rows (moves, in the app's wording) the turns fill."""
    return (len(turns) + 1) // 2


def turn_at(turns, ply: int) -> Turn | None:
    """The turn that holds move ``ply`` (0-based), or None."""
    lo, hi = 0, len(turns) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        t = turns[mid]
        if ply < t.first:
            hi = mid - 1
        elif ply > t.last:
            lo = mid + 1
        else:
            return t
    return None


def move_number(turns, ply: int) -> int:
    """The move number (row) of move ``ply``; for ``ply`` past the end, the row the next
    turn goes in (the header's "Move N" during a game)."""
    t = turn_at(turns, ply)
    if t is not None:
        return t.row
    return len(turns) // 2 + 1


def rows_between(turns, first: int, last: int) -> int:
    """How many numbered rows (moves) the plies from position ``first`` to position
    ``last`` touch: the count a range of the game is given in (0 when it holds no ply)."""
    if last <= first or not turns:
        return 0
    a, b = turn_at(turns, first), turn_at(turns, last - 1)
    if a is None or b is None:
        return 0
    return b.row - a.row + 1


def row_span(turns, a: int, b: int) -> tuple[int, int]:
    """The positions ``(first, last)`` that rows ``a`` to ``b`` (1-based, both included)
    cover: from the position before row ``a``'s first turn to the one after row ``b``'s
    last turn.  Rows past the end are cut to the game."""
    n = rows(turns)
    a, b = max(1, a), min(n, b)
    if not turns or a > b:
        return 0, 0
    return turns[2 * (a - 1)].first, turns[min(len(turns), 2 * b) - 1].position


def moves_text(count: int) -> str:
    return f"{count} move" + ("" if count == 1 else "s")


def position_label(turns, position: int, names) -> str:
    """What a position is, in words: "Start position" or "Move 5, Black: e5" (``names``:
    the seats' names)."""
    if position <= 0:
        return "Start position"
    t = turn_at(turns, position - 1)
    if t is None:
        return "Start position"
    parts = t.text.split(" ")
    text = " ".join(parts[: position - t.first])
    return f"Move {t.row}, {names[t.mover]}: {text}"
