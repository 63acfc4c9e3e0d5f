"""Gess's rules tour: the spec's worked examples (../shared/rules/gess.md), move by move."""

from __future__ import annotations

from game.lessons import Lesson, Step, from_start

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
