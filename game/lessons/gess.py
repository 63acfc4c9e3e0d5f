"""Gess's rules tour: the spec's worked examples (../shared/rules/gess.md), move by move."""

from __future__ import annotations

from game.lessons import Exercise, Lesson, Step, from_start, from_text, goal, win_goal

LESSONS = (
    Lesson(
        "A piece and its directions",
        "A piece is any 3x3 block holding none of the enemy's stones and some of yours around "
        "its centre. Each outer stone opens a direction; with an empty centre the piece moves "
        "1 to 3 squares.",
        from_start("gess"),
        (
            Step(
                "l6-l7",
                "The 3x3 centred on l6 holds one Black stone, on l7 to its north: "
                "it may step north.",
            ),
            Step(
                "k8-l7",
                "The block centred on k8 sees the same stone to its south-east, so "
                "it moves south-east.",
                fresh=True,
            ),
            Step("m7-l7", "From m7 the stone is to the west.", fresh=True),
            Step(
                "m8-l7",
                "And from m8 it is south-west: one pawn stone gives 8 different "
                "pieces, one for each direction.",
                fresh=True,
            ),
            Step(
                "j6-g9",
                "Up to three squares when the centre is empty: j6 moves north-west by three.",
                fresh=True,
            ),
        ),
    ),
    Lesson(
        "Capturing your own stones",
        "A piece stops at the first place it overlaps stones, and everything under it there is "
        "removed - your own stones too.",
        from_start("gess"),
        (
            Step(
                "e3-d3",
                "The plus-shaped piece on e3 moves one square west, onto Black's own "
                "rook stones on c2, c3 and c4: they are removed, and Black drops to "
                "40 stones.",
            ),
        ),
    ),
    Lesson(
        "The edge of the board",
        "The outer ring is not part of the playing area. Stones carried onto it are lost.",
        from_start("gess"),
        (
            Step(
                "r3-t3",
                "Moving further off the board ends the move: r3 cannot slide past s3.",
                illegal=True,
            ),
            Step(
                "r3-s3",
                "r3 moves one square east: its stone that would land on t3 is "
                "removed. Black has 42 stones.",
            ),
        ),
    ),
    Lesson(
        "Moves that are refused",
        "Not every 3x3 is a piece, and pieces only move where their stones point.",
        from_start("gess"),
        (
            Step(
                "c7-c8",
                "c7 has a stone only in its centre: a piece needs a stone around the centre.",
                illegal=True,
            ),
            Step("q3-q4", "The block on q3 has no stone to its north.", illegal=True),
            Step("b5-b6", "b5 holds only c4, to its south-east: it cannot go north.", illegal=True),
            Step(
                "i3-b10",
                "A piece cannot pass through stones: it must stop at the first overlap.",
                illegal=True,
            ),
            Step("i6-i9", "This one is fine: i6 slides north three squares."),
        ),
    ),
    Lesson(
        "Keep your ring",
        "A ring is eight of your stones around an empty square; Black's is on l3. After every "
        "move, a player left without a ring loses.",
        from_start("gess"),
        (
            Step(
                "j3-j4",
                "The piece on j3 carries stones out of the ring. The move is legal, "
                "but Black now has no ring and loses at once.",
            ),
        ),
    ),
)


# --- exercises ("now you try") ------------------------------------------------------------
FILES = "abcdefghijklmnopqrst"


def _text(black: str, white: str, to_move: str = "Black") -> str:
    """Gess's position format (docs/games/gess.md) from the squares of each side's stones."""
    b, w = set(black.split()), set(white.split())
    lines = [
        "game: gess",
        "offboard_centres: true",
        "ringless_move_illegal: false",
        f"to move: {to_move}",
        "    " + " ".join(FILES),
    ]
    for r in range(20, 0, -1):
        row = []
        for i, f in enumerate(FILES):
            sq = f"{f}{r}"
            if i in (0, 19) or r in (1, 20):
                row.append("-")
            else:
                row.append("x" if sq in b else "o" if sq in w else ".")
        lines.append(f"{r:3d} " + " ".join(row) + f" {r}")
    lines.append("    " + " ".join(FILES))
    return "\n".join(lines) + "\n"


def position(black: str, white: str, to_move: str = "Black"):
    return from_text(_text(black, white, to_move))


def ring(centre: str) -> str:
    """The eight squares of a ring round ``centre``."""
    i, r = FILES.index(centre[0]), int(centre[1:])
    return " ".join(
        f"{FILES[i + dx]}{r + dy}" for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
    )


def captures(text: str, stones: int = 1):
    """The opponent loses at least ``stones`` stones and the game goes on."""

    def lost(start, state):
        them = 1 - start.player
        return start.stone_counts()[them] - state.stone_counts()[them]

    def miss(start, state):
        n = lost(start, state)
        return f"That captures {n} stone{'s' if n != 1 else ''}; the goal needs {stones}."

    def met(start, state):
        return not state.is_over() and lost(start, state) >= stones

    return goal(text, met, miss)


def _more_rings(start, state) -> bool:
    me = start.player
    return not state.is_over() and len(state.rings(me)) > len(start.rings(me))


def to_the_edge(text: str, column: int | None = None, row: int | None = None):
    """A stone of the player's on the last playable column (file index ``column``) or row
    (``row``, counted from 0 at row 1), and none of the player's stones lost."""

    def there(state, me) -> bool:
        for i in range(1, 19):
            x, y = (column, i) if column is not None else (i, row)
            if state.stone(x, y) == me:
                return True
        return False

    def met(start, state):
        me = start.player
        return (
            not state.is_over()
            and there(state, me)
            and state.stone_counts()[me] == start.stone_counts()[me]
        )

    def miss(start, state):
        me = start.player
        lost = start.stone_counts()[me] - state.stone_counts()[me]
        if lost > 0:
            return f"You lost {lost} stone{'s' if lost != 1 else ''} over the edge."
        return "None of your stones stands on the edge's line."

    return goal(text, met, miss)


HOME = ring("e4")  # Black's ring in the exercises, out of the way

EXERCISES = (
    Exercise(
        "Capture the ring",
        win_goal("Win: break White's ring."),
        position(HOME + " k6 k7", ring("k10") + " p15"),
        ("k6-k8",),
        hint="A stone in the centre gives the piece unlimited range.",
        wrong=("k6-k7", "does not win"),
        lesson="Keep your ring",
    ),
    Exercise(
        "From the side",
        win_goal("Win: break White's ring with a diagonal move."),
        position(HOME + " h6 i7", ring("k10") + " p15"),
        ("h6-j8",),
        hint="The stone on i7 points north-east.",
        wrong=("h6-i7", "does not win"),
        lesson="A piece and its directions",
    ),
    Exercise(
        "Three at once",
        captures("Capture at least three White stones in one move.", 3),
        position(HOME + " k5 l6", "j9 k9 l9 m9 " + ring("p15")),
        ("l5-l8",),
        hint="A piece stops on the first stones it overlaps and takes all of them.",
        wrong=("k5-n8", "captures 1 stone"),
        lesson="Capturing your own stones",
    ),
    Exercise(
        "Mind the open line",
        captures("Capture a White stone without losing your ring.", 1),
        position(HOME + " f9 f10 n9 n10", "j11 i10 f14 n14 " + ring("p17")),
        ("n9-n13",),
        hint="Your stones on f9 and f10 stand between White's long piece and your ring.",
        wrong=("f9-f13", "blunder"),
        lesson="Keep your ring",
    ),
    Exercise(
        "A second ring",
        goal(
            "Make a second ring.",
            _more_rings,
            lambda start, state: f"You have {len(state.rings(start.player))} ring(s), as before.",
        ),
        position(HOME + " n4 o4 p4 n5 p5 n6 o6 q7", ring("k14")),
        ("r8-q7",),
        hint="One stone is missing round o5.",
        wrong=("r8-p6", "as before"),
        lesson="Keep your ring",
    ),
    Exercise(
        "Two moves to the ring",
        win_goal("Win within two moves: break White's ring."),
        position(HOME + " k6 k7", ring("k14") + " r17"),
        ("k6-k9", "r16-r17", "k9-k12"),
        hint="With an empty centre a piece moves three squares at most.",
        wrong=("k6-k7 k7-k10", "does not win"),
        lesson="Keep your ring",
    ),
    Exercise(
        "The ring moves too",
        captures("Capture three White stones; keep your ring.", 3),
        position(HOME, "d7 e7 f7 " + ring("p15")),
        ("e4-e6",),
        hint="A ring is a piece: its eight stones point every way.",
        wrong=("d4-d6", "ends the game"),
        lesson="Capturing your own stones",
    ),
    Exercise(
        "Three squares at most",
        captures("Capture the White stone on k9."),
        position(HOME + " k6", "k9 " + ring("p15")),
        ("k5-k8",),
        hint="With an empty centre the piece goes 1 to 3 squares, and stops where it overlaps.",
        wrong=("k5-k7", "captures 0 stones"),
        lesson="A piece and its directions",
    ),
    Exercise(
        "No enemy in the footprint",
        captures("Capture the White stone on k8."),
        position(HOME + " j6 k7", "k8 " + ring("p15")),
        ("k6-k7",),
        hint="A 3x3 holding a White stone is not your piece.",
        wrong=("j7-k8", "enemy stone"),
        lesson="Moves that are refused",
    ),
    Exercise(
        "The long shot",
        captures("Capture the White stones on j15 and k15.", 2),
        position(HOME + " k4 k5", "k15 j15 " + ring("p10")),
        ("k4-k14",),
        hint="A stone in the centre: the piece slides as far as it likes.",
        wrong=("k4-k7", "captures 0 stones"),
        lesson="A piece and its directions",
    ),
    Exercise(
        "Up to the edge",
        to_the_edge("Put a stone on the last column, s, without losing one.", column=18),
        position(HOME + " p10 q10 q11", "r13 " + ring("p15")),
        ("p10-r10",),
        hint="Stones carried onto the outer ring are lost.",
        wrong=("p10-s10", "lost 2 stones"),
        lesson="The edge of the board",
    ),
    Exercise(
        "Up to the top",
        to_the_edge("Put a stone on the top row, 19, without losing one.", row=18),
        position(HOME + " j15 j16 k16", ring("p5")),
        ("j15-j18",),
        hint="A stone in the centre lets the piece slide as far as you like: stop in time.",
        wrong=("j15-j19", "lost 2 stones"),
        lesson="The edge of the board",
    ),
    Exercise(
        "Where the stones point",
        captures("Capture the White stone on k12."),
        position(HOME + " j9 k9 j10", "k12 " + ring("p15")),
        ("j9-j11",),
        hint="A piece moves only where one of its outer stones points.",
        wrong=("k9-k11", "no stone in that direction"),
        lesson="Moves that are refused",
    ),
)
