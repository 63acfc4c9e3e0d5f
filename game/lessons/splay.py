"""Splay's rules tour: the spec's worked examples (../shared/rules/splay.md), move by move."""

from __future__ import annotations

from game import rules
from game.lessons import Lesson, Step


def position(pieces: dict[str, str], to_move: str = "white"):
    """A Splay position from pieces by cell (tokens as in docs/games/splay.md)."""
    return lambda: rules.get("splay").position(pieces, ("white", "black").index(to_move))


LESSONS = (
    Lesson(
        "Where a checker may go",
        "Each turn you place one checker: on an empty inside cell, or on top of one of your "
        "own towers. The lighter outer ring of cells is the border: nobody ever places there.",
        position({}, "white"),
        (
            Step(
                "a1", "a1 is a border cell, so White may not place a checker on it.", illegal=True
            ),
            Step("a7", "a7 is not a cell at all: the board is a hexagon.", illegal=True),
            Step("f6", "The centre f6 is an inside cell with empty neighbours: a fine start."),
        ),
    ),
    Lesson(
        "A splay of four",
        "A tower must always have more empty neighbours than checkers. White's tower of 3 on "
        "f6 has exactly four empty neighbours: g6, f7, f5 and g7.",
        position({"f6": "W3", "e6": "b", "e5": "b"}, "white"),
        (
            Step(
                "f6",
                "White stacks a fourth checker: height 4 with 4 empty neighbours. The "
                "tower splays: a White marker lands on each empty neighbour and on f6 "
                "itself. White's territory grows from 1 to 5 cells.",
            ),
        ),
    ),
    Lesson(
        "A splay with two collapses",
        "Black has towers of 1 on b3 and c3, White a tower of 2 on b4. Markers are permanent "
        "and count as territory, like towers.",
        position(
            {
                "b3": "B1",
                "c3": "B1",
                "b4": "W2",
                "a2": "w",
                "b2": "w",
                "d3": "w",
                "c2": "b",
                "c5": "b",
            },
            "black",
        ),
        (
            Step(
                "c4",
                "A new checker on c4 would leave c3 with one empty neighbour for a "
                "tower of 1, so it is illegal.",
                illegal=True,
            ),
            Step("d4", "d4 is next to c3 too: also illegal.", illegal=True),
            Step(
                "b3",
                "Black stacks on b3: height 2, two empty neighbours, so it splays onto "
                "a3 and c4. Now c3 and b4 have too few empty neighbours and collapse "
                "into markers of their own colours: Black 4 -> 6, White stays at 4.",
            ),
        ),
    ),
    Lesson(
        "Placements that crowd a tower",
        "White's tower of 4 on f6 needs at least five empty neighbours, and it has exactly "
        "five. Black's tower of 1 on c3 needs two, and has two: c4 and d4.",
        position(
            {"f6": "W4", "e5": "b", "c3": "B1", "b2": "w", "b3": "w", "c2": "w", "d3": "w"}, "white"
        ),
        (
            Step(
                "g6",
                "A checker on g6 would leave the tower on f6 with only four empty "
                "neighbours: refused.",
                illegal=True,
            ),
            Step(
                "c4",
                "The same goes for c4 next to Black's tower on c3 - whoever places.",
                illegal=True,
            ),
            Step(
                "f6",
                "Stacking on your own tower is always legal: height 5 with five empty "
                "neighbours, so it splays at once.",
            ),
        ),
    ),
    Lesson(
        "The immediate splay",
        "A new checker counts as a tower of 1. If it has only one empty neighbour, it splays "
        "as soon as it lands.",
        position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b"}, "white"),
        (
            Step(
                "f6",
                "f6's only empty neighbour is f5: the checker splays straight away and "
                "White gains two cells, f5 and f6.",
            ),
        ),
    ),
    Lesson(
        "No empty neighbour, no placement",
        "Same picture, but now f5 holds a Black marker as well, so f6 has no empty neighbour.",
        position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b", "f5": "b"}, "white"),
        (
            Step(
                "f6",
                "A checker with no empty neighbour would break the rule at once: "
                "White may not play f6.",
                illegal=True,
            ),
            Step(
                "h8",
                "White places elsewhere. The game ends when a side holds 46 cells or "
                "nobody can move; the larger territory wins.",
            ),
        ),
    ),
)
