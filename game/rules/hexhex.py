"""Hexhex board geometry (Splay, Glorieta).

A board of side n has columns a.. and rows 1..2n-1; cell (c, r) (both from 1)
exists iff |c - r| <= n - 1.  The six neighbours of (c, r) are (c±1, r),
(c, r±1), (c+1, r+1) and (c-1, r-1).  Cells are indexed 0..N-1 in row-major
order (row 1 first, then by column); every table is precomputed once per side.
"""

from __future__ import annotations

from functools import lru_cache

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


class HexHex:
    """The cells, names, neighbour tables and border of a hexhex board."""

    def __init__(self, side: int):
        if side < 2:
            raise ValueError("a hexhex board needs side >= 2")
        self.side = side
        self.span = 2 * side - 1
        n1 = side - 1
        self.coords: list[tuple[int, int]] = [
            (c, r)
            for r in range(1, self.span + 1)
            for c in range(1, self.span + 1)
            if abs(c - r) <= n1
        ]
        self.size = len(self.coords)
        self.index: dict[tuple[int, int], int] = {cr: i for i, cr in enumerate(self.coords)}
        self.names: list[str] = [cell_name(c, r) for c, r in self.coords]
        self.by_name: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.neighbours: list[tuple[int, ...]] = [
            tuple(
                self.index[(c + dc, r + dr)]
                for dc, dr in DIRECTIONS
                if (c + dc, r + dr) in self.index
            )
            for c, r in self.coords
        ]
        self.border: list[bool] = [len(nb) < 6 for nb in self.neighbours]
        self.interior: list[int] = [i for i in range(self.size) if not self.border[i]]
        # rows from the top (row 2n-1) down to row 1, each a list of cell indices
        self.rows: list[list[int]] = [
            [self.index[(c, r)] for c in range(1, self.span + 1) if (c, r) in self.index]
            for r in range(self.span, 0, -1)
        ]

    def contains(self, c: int, r: int) -> bool:
        return (c, r) in self.index

    def cell(self, name: str) -> int:
        """The index of a cell name like ``f6``; ValueError if it is not on the board."""
        key = name.strip().lower()
        if key not in self.by_name:
            raise ValueError(f"{name!r} is not a cell of this board")
        return self.by_name[key]

    def center_xy(self, i: int) -> tuple[float, float]:
        """Cartesian centre of a cell for pointy-top drawing (unit = hex side)."""
        c, r = self.coords[i]
        x = (c - (r + 0.0) / 2.0) * 3**0.5
        y = -(r - 1) * 1.5
        return x, y


def cell_name(c: int, r: int) -> str:
    return f"{chr(ord('a') + c - 1)}{r}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """``'f6'`` -> (6, 6); None if the text is not of that shape."""
    t = text.strip().lower()
    if len(t) < 2 or not t[0].isalpha() or not t[1:].isdigit():
        return None
    return ord(t[0]) - ord("a") + 1, int(t[1:])


@lru_cache(maxsize=None)
def board(side: int) -> HexHex:
    return HexHex(side)
