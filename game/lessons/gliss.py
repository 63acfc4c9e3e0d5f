"""Gliss's rules tour: the spec's worked examples (../shared/rules/gliss.md), move by move."""

from __future__ import annotations

from game.lessons import Lesson, Step, from_start, from_text


def _text(red: str, blue: str, to_move: str = "Red", size: int = 13) -> str:
    """Gliss's position format (docs/games/gliss.md) from two lists of points."""
    stones = {p: "R" for p in red.split()}
    stones.update({p: "B" for p in blue.split()})
    letters = [chr(97 + i) for i in range(size)]
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}", "    " + " ".join(letters)]
    for row in range(size, 0, -1):
        cells = [stones.get(f"{c}{row}", ".") for c in letters]
        lines.append(f"{row:3d} " + " ".join(cells) + f" {row}")
    lines.append("    " + " ".join(letters))
    return "\n".join(lines) + "\n"


def position(red: str, blue: str, to_move: str = "Red"):
    return from_text(_text(red, blue, to_move))


LESSONS = (
    Lesson(
        "Building a base",
        "The board starts empty. Building puts four stones on an empty 2x2 block: a base. "
        "None of the four may touch one of your stones; touching the enemy is fine.",
        from_start("gliss"),
        (
            Step("f6+", "Red builds a base on f6-g7."),
            Step("h8+", "Blue builds on h8-i9, diagonally next to Red: allowed."),
            Step(
                "f8+",
                "f8 would sit right above Red's own f7, so Red may not build there.",
                illegal=True,
            ),
            Step("c3+", "Red builds a second base away from the first."),
        ),
    ),
    Lesson(
        "A glider's two moves",
        "Three stones in an L make a glider. Its core is the corner stone; it only moves "
        "along its two arms, one step east or one step south here, and never turns.",
        position("f6 g6 f5", "k11 l11 k12 l12"),
        (
            Step("f6>e6", "West is not along an arm: refused.", illegal=True),
            Step("f6>g6", "One step east: the core moves to g6 and the glider lands."),
            Step(
                "f6>f5",
                "Or, from the same start, one step south to f5. A lone glider has "
                "exactly these two moves.",
                fresh=True,
            ),
        ),
    ),
    Lesson(
        "A forced flight that docks",
        "A glider must keep flying while it touches or covers your own stones. Red's glider on "
        "a5 flies east and south; Red towers on c6, d4, a2, b1; Blue towers on b3 and e1.",
        position("a5 b5 a4 c6 d4 a2 b1", "b3 e1"),
        (
            Step(
                "a5>d2",
                "Every stop on the way is next to a Red stone, so the flight goes "
                "on, crossing Blue's b3. At d2 the glider and the Blue tower e1 "
                "fill a 2x2 square: the glider docks and converts e1 into a Red "
                "base.",
            ),
        ),
    ),
    Lesson(
        "Captures, and the void flight",
        "Red's glider on c6 flies east and south, next to its towers b4 and d2. Blue has a "
        "glider on e5-f5-e4 and a tower on c2.",
        position("c6 d6 c5 b4 d2", "e5 f5 e4 c2"),
        (
            Step(
                "c6>c5",
                "At c5 the glider touches Red's b4, so it may not stop there.",
                illegal=True,
            ),
            Step(
                "c6>c3",
                "Further south, at c3 the glider plus d2 would make a base, so it "
                "must stop - but the Blue tower c2 is under it: the flight is void, "
                "and nothing beyond it can be reached.",
                illegal=True,
            ),
            Step(
                "c6>d5",
                "Turning east instead, it may stop at d5 on top of the Blue glider: "
                "the whole Blue glider is captured.",
            ),
        ),
    ),
    Lesson(
        "The edge",
        "A flight's first step may never leave the board. Red's glider on l6 has its east "
        "arm on m6, the last column.",
        position("l6 m6 l5", "b11 c11 b12 c12"),
        (
            Step(
                "l6>m6",
                "East would push the arm off the board on the first step: not allowed.",
                illegal=True,
            ),
            Step(
                "l6>l5",
                "So the only move is one step south. (Later in a forced flight, a "
                "glider may fly off the edge and is destroyed.)",
            ),
        ),
    ),
    Lesson(
        "Deploying from a base",
        "A base can launch a glider: keep one corner as a tower, and the other three stones "
        "fly off as an L with their arms pointing at the kept corner.",
        position("f6 g6 f7 g7", "k11 l11 k12 l12"),
        (
            Step(
                "g7:f6>h8",
                "Red keeps g7 as a tower. The other three stones fly with their "
                "core starting on f6, arms pointing east and north. The first "
                "steps pass over the tower, so the glider flies on until it can "
                "land clear of Red's stones.",
            ),
        ),
    ),
)
