"""Splay's rules tour: the spec's worked examples (../shared/rules/splay.md), move by move."""

from __future__ import annotations

from game import rules
from game.lessons import Exercise, Lesson, Step, gain_goal, goal, win_goal


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


# --- exercises ("now you try") ------------------------------------------------------------
def _cells(spec: str, token: str) -> dict[str, str]:
    return {c: token for c in spec.split()}


def _towers_fewer(start, state) -> bool:
    them = 1 - start.player
    return len(state.towers(them)) < len(start.towers(them))


def _towers_left(start, state) -> str:
    them = start.seat_name(1 - start.player)
    n = len(state.towers(1 - start.player))
    return f"{them} still has {n} tower{'s' if n != 1 else ''}: none collapsed."


# 43 White cells in the three lowest rows and a half (for the race to 46)
_WHITE_43 = (
    " ".join(f"{chr(96 + c)}{r}" for r in range(1, 6) for c in range(1, 12) if abs(c - r) <= 5)
    + " a6 b6 c6"
)

EXERCISES = (
    Exercise(
        "One empty neighbour",
        gain_goal("Gain two cells with one checker.", 2),
        position(_cells("c4 e4 d3 d5 e5", "b"), "white"),
        ("d4",),
        hint="A new checker with exactly one empty neighbour splays at once.",
        wrong=("h8", "gains 1 cell"),
        lesson="The immediate splay",
    ),
    Exercise(
        "Stack and splay",
        gain_goal("Splay your tower: gain at least four cells.", 4),
        position({"g7": "W3", **_cells("f7 f6", "b")}, "white"),
        ("g7",),
        hint="A tower splays when its height equals its empty neighbours.",
        wrong=("d4", "gains 1 cell"),
        lesson="A splay of four",
    ),
    Exercise(
        "The bigger splay",
        gain_goal("Gain at least five cells with one checker.", 5),
        position({"d4": "W2", **_cells("c4 c3 d3", "b"), "h8": "W4", "h9": "b"}, "white"),
        ("h8",),
        hint="Both towers are one checker from a splay; count their empty neighbours.",
        wrong=("d4", "gains 3 cells"),
        lesson="A splay of four",
    ),
    Exercise(
        "Make a tower collapse",
        goal(
            "Splay so that Black's tower collapses into a marker.",
            _towers_fewer,
            _towers_left,
        ),
        position(
            {"f6": "W2", **_cells("e6 e5 f5", "b"), "h7": "B1", **_cells("i7 h6 h8 i8", "w")},
            "white",
        ),
        ("f6",),
        hint="A splay fills empty cells; a tower left with too few empty neighbours collapses.",
        wrong=("c3", "still has 1 tower"),
        lesson="A splay with two collapses",
    ),
    Exercise(
        "Cross 46",
        win_goal("Win the game: reach 46 cells."),
        position(
            {**_cells(_WHITE_43, "w"), "h8": "W3", **_cells("g8 h9", "b"), "d8": "B1"},
            "white",
        ),
        ("h8",),
        hint="White has 43 cells; one splay is enough.",
        wrong=("i10", "does not win"),
        lesson="The immediate splay",
    ),
    Exercise(
        "Two checkers to a splay",
        gain_goal("Gain at least three cells in two moves.", 3),
        position({"g7": "W1", **_cells("f7 f6 g8", "b"), "c3": "B1"}, "white"),
        ("g7", "c3", "g7"),
        hint="Your tower has three empty neighbours: stack it twice.",
        wrong=("d8 e9", "gains 2 cells"),
        lesson="Where a checker may go",
    ),
    Exercise(
        "A splay with two collapses",
        gain_goal("As Black, gain at least two cells with one checker.", 2),
        position(
            {
                "b3": "B1",
                "c3": "B1",
                "b4": "W2",
                **_cells("a2 b2 d3", "w"),
                **_cells("c2 c5", "b"),
            },
            "black",
        ),
        ("b3",),
        hint="Stacking on your own tower is always legal.",
        wrong=("c4", "needs at least 2"),
        lesson="A splay with two collapses",
    ),
    Exercise(
        "Find the legal splay",
        gain_goal("Gain two cells with one checker.", 2),
        position(_cells("a2 c2 b1 b3 c3 a1 c4 e4 d3 d5", "b"), "white"),
        ("d4",),
        hint="A checker needs at least one empty neighbour; with exactly one it splays.",
        wrong=("b2", "empty neighbour"),
        lesson="No empty neighbour, no placement",
    ),
    Exercise(
        "Black's big splay",
        gain_goal("As Black, gain at least five cells with one checker.", 5),
        position({"f8": "B4", "e8": "w", "e6": "W1", "c3": "W1"}, "black"),
        ("f8",),
        hint="A tower of 5 with five empty neighbours splays.",
        wrong=("h9", "gains 1 cell"),
        lesson="A splay of four",
    ),
    Exercise(
        "Splay twice",
        gain_goal("Gain at least six cells in two moves.", 6),
        position(
            {"g7": "W3", **_cells("f7 f6", "b"), **_cells("c4 e4 d3 d5 e5", "b"), "e2": "B1"},
            "white",
        ),
        ("g7", "e2", "d4"),
        hint="One tower is ready to splay, and one cell splays as soon as a checker lands.",
        wrong=("i10 j10", "gains"),
        lesson="Where a checker may go",
    ),
    Exercise(
        "Stack, don't crowd",
        gain_goal("Splay your tower on d6: gain at least four cells.", 4),
        position({"d6": "W3", "c6": "b", "c5": "b", "h3": "w"}, "white"),
        ("d6",),
        hint="A checker next to the tower would leave it too few empty neighbours.",
        wrong=("e6", "needs at least 4"),
        lesson="Placements that crowd a tower",
    ),
    Exercise(
        "Black's crowded tower",
        gain_goal("As Black, gain at least two cells with one checker.", 2),
        position({"c3": "B1", "b2": "w", "b3": "w", "c2": "w", "d3": "w", "g7": "W2"}, "black"),
        ("c3",),
        hint="Your tower on c3 has two empty neighbours; so would a tower of 2.",
        wrong=("c4", "needs at least 2"),
        lesson="Placements that crowd a tower",
    ),
    Exercise(
        "The walled-in cell",
        gain_goal("As Black, gain two cells with one checker.", 2),
        position(
            _cells("h5 h6 i7 j7 j6 i5", "w") | _cells("e4 f4 g5 g6 f6", "b"),
            "black",
        ),
        ("f5",),
        hint="A cell with no empty neighbour takes no checker; one with exactly one splays.",
        wrong=("i6", "no empty neighbour"),
        lesson="No empty neighbour, no placement",
    ),
    # the safety test: the big splay on e9 reaches the goal, but leaves Black (44 cells) the
    # immediate splay on h8, which takes Black to 46; the quick look-ahead names it
    Exercise(
        "Mind the race",
        gain_goal("Gain at least two cells without handing Black the game.", 2),
        position(
            {
                **_cells(_WHITE_43 + " f10", "b"),
                **_cells("g8 i8 h7 g7 h9", "w"),
                "d8": "W1",
                "e9": "W3",
            },
            "white",
        ),
        ("h8",),
        hint="Count Black's cells first: 46 wins, and a checker with one empty neighbour "
        "gains two.",
        wrong=("e9", "blunder"),
        lesson="The immediate splay",
    ),
)
