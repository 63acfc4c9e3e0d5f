"""Gliss's rules tour: the spec's worked examples (../shared/rules/gliss.md), move by move."""

from __future__ import annotations

from game.lessons import Exercise, Lesson, Step, from_start, from_text, goal, win_goal


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


# --- exercises ("now you try") ------------------------------------------------------------
_WORDS = {"bases": "base", "gliders": "glider", "towers": "tower"}


def _count(state, what: str, seat: int) -> int:
    return getattr(state, what)(seat)


def _said(state, what: str, seat: int) -> str:
    n = _count(state, what, seat)
    word = _WORDS[what] + ("" if n == 1 else "s")
    return f"{state.seat_name(seat)} has {n} {word}"


def more(text: str, what: str):
    """The player has more ``what`` (bases, gliders, towers) than at the start."""
    return goal(
        text,
        lambda start, state: _count(state, what, start.player) > _count(start, what, start.player),
        lambda start, state: _said(state, what, start.player) + ", as before.",
    )


def fewer(text: str, what: str, by: int = 1):
    """The opponent has at least ``by`` fewer ``what`` than at the start."""

    def met(start, state):
        them = 1 - start.player
        return _count(state, what, them) <= _count(start, what, them) - by

    def miss(start, state):
        return _said(state, what, 1 - start.player) + " still."

    return goal(text, met, miss)


def _glider_alive(start, state) -> bool:
    return not state.is_over() and state.gliders(start.player) > 0


FIG3 = ("a5 b5 a4 c6 d4 a2 b1", "b3 e1")
FIG4 = ("c6 d6 c5 b4 d2", "e5 f5 e4 c2")
_TOWERS_11 = "a1 c1 e1 g1 i1 k1 a3 c3 e3 g3 i3"

EXERCISES = (
    Exercise(
        "Capture the glider",
        fewer("Capture Blue's glider.", "gliders"),
        position(*FIG4),
        ("c6>d5",),
        hint="Landing on any stone of an enemy glider removes all of it.",
        wrong=("c6>f2", "blue has 1 glider"),
        lesson="A glider's two moves",
    ),
    Exercise(
        "Fly home to a base",
        more("Make a base with your glider.", "bases"),
        position(*FIG3),
        ("a5>d2",),
        hint="A glider that lands in an L round a Blue tower converts it.",
        wrong=("a5>e3", "red has 0 bases"),
        lesson="A forced flight that docks",
    ),
    Exercise(
        "Build where the rules allow",
        more("Build a new base.", "bases"),
        position("d4 f4 d6 f6 k11 l11 k12 l12", "h2 h3 i2 i3"),
        ("h8+",),
        hint="No stone of a new base may sit next to one of your stones.",
        wrong=("b4+", "next to your stone"),
        lesson="Building a base",
    ),
    Exercise(
        "Deploy safely",
        goal(
            "Launch a glider from your base without losing the game.",
            _glider_alive,
            lambda start, state: "You have no glider.",
        ),
        position("f6 g6 f7 g7", "h9 i9 h10 i10"),
        ("g7:f6>i6",),
        hint="Capturing from Blue's last base while you have no base left loses.",
        wrong=("g7:f6>h8", "ends the game"),
        lesson="Deploying from a base",
    ),
    Exercise(
        "Wipe out the last base",
        win_goal("Win: capture from Blue's last base while you keep one."),
        position("f6 g6 f7 g7 b2 c2 b3 c3", "h9 i9 h10 i10"),
        ("g7:f6>h8",),
        hint="Deploy from the base next to Blue's and land on it.",
        wrong=("g7:f6>i6", "does not win"),
        lesson="Deploying from a base",
    ),
    Exercise(
        "Break a base",
        fewer("Break one of Blue's bases.", "bases"),
        position("c6 d6 c5 k11 l11 k12 l12", "e5 f5 e6 f6 k2 l2 k3 l3"),
        ("c6>d6",),
        hint="Land an arm on a base stone: it and its two neighbours go.",
        wrong=("c6>c5", "blue has 2 bases"),
        lesson="Captures, and the void flight",
    ),
    Exercise(
        "Two gliders at once",
        fewer("Capture both Blue gliders with one flight.", "gliders", by=2),
        position("c6 d6 c5 k11 l11 k12 l12", "e6 e7 f7 d5 d4 e4"),
        ("c6>d6",),
        hint="Every enemy glider under your three stones is removed.",
        wrong=("c6>c5", "blue has 1 glider"),
        lesson="Captures, and the void flight",
    ),
    Exercise(
        "Steal a base",
        more("Make a base out of Blue's: land exactly on it.", "bases"),
        position("a6 b6 a5 b4", "c5 d5 c6 d6 k11 l11 k12 l12"),
        ("a6>c6",),
        hint="Your tower b4 forces the flight past b6; an L on the base leaves a tower to convert.",
        wrong=("a6>d5", "red has 0 bases"),
        lesson="A forced flight that docks",
    ),
    Exercise(
        "Twelve towers",
        win_goal("Win: start your next turn with twelve towers."),
        position(_TOWERS_11 + " f8 g8 f9 g9", "k11 l11 k12 l12"),
        ("f8:g9>d9", "a12+"),
        after_reply=True,
        hint="Deploying leaves a corner of the base behind as a tower.",
        wrong=("k6+", "does not win"),
        lesson="Deploying from a base",
    ),
    Exercise(
        "Build, then launch",
        more("Have a glider within two moves, starting from the empty board.", "gliders"),
        from_start("gliss"),
        ("f6+", "k2+", "f6:g7>d7"),
        hint="Build a base first; a base can launch a glider.",
        wrong=("f6+ c3+", "red has 0 gliders"),
        lesson="Building a base",
    ),
    Exercise(
        "Pick the arm",
        fewer("Capture Blue's glider.", "gliders"),
        position("f6 g6 f5 b11 c11 b12 c12", "f4 g4 f3 k11 l11 k12 l12"),
        ("f6>f5",),
        hint="Your glider has two moves: one step along either arm.",
        wrong=("f6>g6", "blue has 1 glider"),
        lesson="A glider's two moves",
    ),
    Exercise(
        "Against the edge",
        fewer("Capture Blue's glider.", "gliders"),
        position("l6 m6 l5 b11 c11 b12 c12", "l4 m4 l3 k11 l11 k12 l12"),
        ("l6>l5",),
        hint="A first step may never leave the board.",
        wrong=("l6>m6", "off the board"),
        lesson="The edge",
    ),
    Exercise(
        "Launch onto the board",
        more("Launch a glider that stays on the board.", "gliders"),
        position("a12 b12 a13 b13", "k2 l2 k3 l3"),
        ("b12:a13>d13",),
        hint="From a corner base, a glider whose arms point at the edge flies off it.",
        wrong=("a12:b13>off", "red has 0 gliders"),
        lesson="The edge",
    ),
)
