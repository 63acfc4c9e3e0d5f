"""A throwaway sixth game, Trio, that exists only in the tests: the proof that a new game
is picked up by the generic tests with no edit to them (``test_sixth_game.py``).

Trio: on a small square board (3x3 to 5x5, 4x4 by default) White and Black take turns
dropping a stone on an empty square; three in a row (across, up or diagonally) wins, a
full board without one is a draw.  Its rules follow the contract (``game/rules/core.py``)
and its board view is :class:`game.boards.gridplace.GridPlaceView` with nothing added.

``register()`` does what the checklist of docs/architecture.md does for a real game, at
run time: the one registry line (``rules._REGISTRY``) and the files found by convention
(``game.boards.trio`` with its ``VIEW``; it has no lessons, so no rules tour).
``ARCADE_EXTRA_GAME=sixth_support`` makes ``tests/conftest.py`` call it before the tests
are collected, so every test parametrized over ``rules.GAMES`` takes Trio too.
"""

from __future__ import annotations

import importlib.machinery
import sys
import types

from game.rules.core import BadNotation, Game, Move, Option, State

ID = "trio"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MARKS = {0: ".", 1: "w", 2: "b"}


class TrioMove(Move):
    __slots__ = ("cell", "_name")

    def __init__(self, cell: int, name: str):
        self.cell, self._name = cell, name

    def notation(self) -> str:
        return self._name

    def __reduce__(self):
        return (TrioMove, (self.cell, self._name))


def square_name(size: int, i: int) -> str:
    c, r = i % size, i // size
    return f"{LETTERS[c]}{r + 1}"


def lines(size: int) -> list[tuple[int, int, int]]:
    """Every three squares in a row (cells are ``r * size + c``, row 0 at the bottom)."""
    out = []
    for r in range(size):
        for c in range(size):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                ends = (c + 2 * dc, r + 2 * dr)
                if 0 <= ends[0] < size and 0 <= ends[1] < size:
                    out.append(tuple((r + k * dr) * size + c + k * dc for k in range(3)))
    return out


class TrioState(State):
    def __init__(self, size: int, cells: tuple, player: int):
        self.size, self.cells, self.player = size, tuple(cells), player
        self.options = {"size": size}

    @property
    def game(self):
        from game import rules

        return rules.get(ID)

    def _line_owner(self) -> int | None:
        for a, b, c in lines(self.size):
            if self.cells[a] and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a] - 1
        return None

    def is_over(self) -> bool:
        return self._line_owner() is not None or all(self.cells)

    def winner(self) -> int | None:
        return self._line_owner()

    def legal_moves(self) -> list:
        if self.is_over():
            return []
        return [TrioMove(i, square_name(self.size, i)) for i, v in enumerate(self.cells) if not v]

    def play(self, move) -> TrioState:
        m = self.find_move(move)
        cells = list(self.cells)
        cells[m.cell] = self.player + 1
        return TrioState(self.size, cells, 1 - self.player)

    def why_illegal(self, text: str) -> str:
        names = [square_name(self.size, i) for i in range(self.size * self.size)]
        if text.lower() not in names:
            raise BadNotation(f"{text!r} is no square of this board (a1 to {names[-1]})")
        return f"{text} is taken: drop the stone on an empty square"

    def colour_at(self, name: str) -> str | None:
        names = [square_name(self.size, i) for i in range(self.size * self.size)]
        v = self.cells[names.index(name)] if name in names else 0
        return self.game.colours[v - 1] if v else None

    def end_reason(self) -> str:
        w = self.winner()
        if w is not None:
            return f"{self.seat_name(w)} made three in a row."
        return "The board is full with no three in a row: a draw." if self.is_over() else ""

    def __str__(self) -> str:
        rows = [
            "".join(MARKS[self.cells[r * self.size + c]] for c in range(self.size))
            for r in reversed(range(self.size))
        ]
        who = self.game.colours[self.player]
        return f"game: {ID}\nsize: {self.size}\nto move: {who}\n" + "\n".join(rows) + "\n"


class Trio(Game):
    id = ID
    name = "Trio"
    designer = "the tests"
    summary = "Three in a row on a small square board."
    rules_text = "Take turns dropping a stone on an empty square; three in a row wins."
    notation_help = "a square by its column letter and row number: b3"
    colours = ("white", "black")
    options = (
        Option("size", 4, "board size", minimum=3, maximum=5, help="squares on a side (3 to 5)"),
    )

    def start(self, **options) -> TrioState:
        size = self.validate(options)["size"]
        return TrioState(size, (0,) * (size * size), 0)

    def parse(self, text: str) -> TrioState:
        if not isinstance(text, str):
            raise ValueError("a position must be text")
        ln = [x.strip() for x in text.strip().splitlines() if x.strip()]
        if len(ln) < 3 or ln[0].replace(" ", "") != f"game:{ID}":
            raise ValueError("a Trio position starts with 'game: trio', 'size:' and 'to move:'")
        try:
            size = self.validate({"size": ln[1].partition(":")[2].strip()})["size"]
        except ValueError as exc:
            raise ValueError(f"a Trio position's size: {exc}") from None
        who = ln[2].partition(":")[2].strip()
        if not ln[1].startswith("size:") or not ln[2].startswith("to move:"):
            raise ValueError("a Trio position has the lines 'size:' and 'to move:'")
        if who not in self.colours:
            raise ValueError(f"to move: {who[:20]!r} is neither white nor black")
        rows = ln[3:]
        if len(rows) != size or any(len(r) != size or set(r) - set(".wb") for r in rows):
            raise ValueError(f"a Trio board is {size} rows of {size} of '.', 'w' or 'b'")
        back = {".": 0, "w": 1, "b": 2}
        cells = [back[rows[size - 1 - r][c]] for r in range(size) for c in range(size)]
        return TrioState(size, cells, self.colours.index(who))


def _module(name: str, **attrs) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__spec__ = importlib.machinery.ModuleSpec(name, None)
    for k, v in attrs.items():
        setattr(mod, k, v)
    return mod


def _view_class():
    """Trio's board view: the square placement layer with nothing added (pygame is only
    imported when a view is asked for, as for a real game)."""
    from game.boards.gridplace import GridPlaceView

    return type("TrioView", (GridPlaceView,), {"__module__": f"game.boards.{ID}"})


def register(setattr_=setattr, modules=None) -> None:
    """Register Trio as a sixth game: the registry line and its board module.  ``setattr_``
    and ``modules`` let a test undo it (``monkeypatch.setattr``, ``monkeypatch.setitem``
    on ``sys.modules``)."""
    from game import catalog, rules

    registry = dict(rules._REGISTRY)
    registry[ID] = f"{__name__}:Trio"
    setattr_(rules, "_REGISTRY", registry)
    setattr_(rules, "GAMES", tuple(registry))
    board = _module(f"game.boards.{ID}")
    made: list = []

    def lazy(name):
        if name != "VIEW":
            raise AttributeError(name)
        if not made:
            made.append(_view_class())
        return made[0]

    board.__getattr__ = lazy  # type: ignore[method-assign]
    if modules is None:
        sys.modules[board.__name__] = board
    else:
        modules(sys.modules, board.__name__, board)
    catalog.entry.cache_clear()
