"""Glades's rules tour: the spec's worked examples (../shared/rules/glades.md), move by move.

Positions are built with the rules' own checked constructor (``Glades.position``: the
tiles on the board, who is to move, options), so every one of them is a position the
rules accept and that reads back through the game's text format."""

from __future__ import annotations

from game import rules
from game.lessons import Lesson, Step


def position(tiles, to_move: str = "orange", **options):
    """A Glades position from placements, e.g. ``[("green", "d5:3-e5:6")]``."""
    return lambda: rules.get("glades").position(
        list(tiles), ("green", "orange").index(to_move), **options
    )


ONE_TILE = [("green", "d5:3-e5:6")]

# three orange tiles already touch the green 3-6 on d5-e5: at both ends and on one side
THREE_TOUCH = ONE_TILE + [("orange", "f5:6-g5:2"), ("orange", "b5:1-c5:3"), ("orange", "e6:6-e7:1")]

# a glade of four squares (a1-d1) along the bottom edge, one tile short of closed: an
# orange 5-6 lies along it on a2-b2, a green 6-3 on c2-d2 (the 6s meet end to end)
GLADE = [("orange", "a2:5-b2:6"), ("green", "c2:6-d2:3")]


LESSONS = (
    Lesson(
        "Values must match",
        "Each player lays dominoes 1-1 to 6-6 on the 9 x 9 board. Green's 3-6 lies on d5-e5, "
        "the 3 on d5 and the 6 on e5. Where a new tile touches an opponent's tile, the two "
        "touching squares must show the same value.",
        position(ONE_TILE),
        (
            Step(
                "f5:5-g5:2",
                "Orange's 2-5 with the 5 against Green's 6 on e5: the values "
                "differ, so the rules refuse it.",
                illegal=True,
            ),
            Step(
                "f5:6-g5:2",
                "The 2-6 with its 6 against the 6: end to end, the values match. Legal.",
                fresh=True,
            ),
            Step(
                "e6:4-e7:1",
                "Standing on e6-e7, the 4 on e6 would touch the 6 on e5: refused.",
                illegal=True,
                fresh=True,
            ),
            Step(
                "e6:6-e7:1",
                "The 1-6 upright with its 6 on e6, at a right angle to Green's "
                "tile: 6 against 6, legal.",
                fresh=True,
            ),
            Step(
                "f5:6-f6:1",
                "A right angle at the green tile's end works too: the 6 on f5 meets the 6 on e5.",
                fresh=True,
            ),
        ),
    ),
    Lesson(
        "Never along a long edge",
        "Tiles may touch end to end or at a right angle, never side by side. Green's 3-6 "
        "is on d5-e5 again.",
        position(ONE_TILE),
        (
            Step(
                "d6:3-e6:6",
                "Lying right on top of Green's tile, the values would even "
                "match (3 on 3, 6 on 6), but the long edges touch: refused.",
                illegal=True,
            ),
            Step(
                "e6:6-f6:6",
                "Shifted by one square it still touches along the long edge "
                "(staggered): refused as well.",
                illegal=True,
            ),
            Step(
                "e6:6-e7:1",
                "Turned upright, the same corner is a right-angle contact, and 6 meets 6: legal.",
            ),
        ),
    ),
    Lesson(
        "Never touch your own tiles",
        "Now it is Green's turn, with Green's own 3-6 on d5-e5. A tile may not touch any tile "
        "of its own colour.",
        position(ONE_TILE, "green"),
        (
            Step(
                "f5:6-g5:2",
                "On f5-g5 the green tile would touch its own 6 on e5: refused, "
                "even though the values match.",
                illegal=True,
            ),
            Step(
                "f6:1-g6:2",
                "On f6-g6 it only meets e5 at a corner. Diagonal contact is not touching: legal.",
            ),
        ),
    ),
    Lesson(
        "At most three touches",
        "Orange's tiles already touch Green's 3-6 three times: end to end on c5 and f5, and "
        "at a right angle on e6. No tile may be touched by more than three enemy tiles.",
        position(THREE_TOUCH),
        (
            Step(
                "d3:2-d4:3",
                "A fourth orange tile under d5 would match (3 on 3) and meet "
                "at a right angle, but Green's tile would then be touched four "
                "times: refused.",
                illegal=True,
            ),
            Step(
                "h2:2-h3:3",
                "Orange places elsewhere. Every illegal spot stays illegal: "
                "squares only fill up, so the board slowly closes.",
            ),
        ),
    ),
    Lesson(
        "The touch limit, checked for the new tile only",
        "With the Touch limit option set to New-tile, only the tile being placed is checked "
        "(it may touch at most three enemy tiles), so the same fourth touch is allowed.",
        position(THREE_TOUCH, touch_limit="new-tile"),
        (
            Step(
                "d3:2-d4:3",
                "With New-tile the orange 2-3 touches just one green tile, so "
                "it may go: Green's 3-6 is now touched four times.",
            ),
        ),
    ),
    Lesson(
        "A glade, pairwise",
        "A glade is a connected group of empty squares. Every tile touching it offers the "
        "values of its halves that face it. a1-d1 is almost closed: Orange's 5-6 lies along "
        "it, Green's 6-3 too.",
        position(GLADE, "green"),
        (
            Step(
                "e1:6-f1:1",
                "Green closes the glade with a 6 on e1. Green offers 6, 6 and 3, "
                "Orange 6 and 5. Pairwise, one 6 each cancels and Green still "
                "has a 6: the four squares are Green's.",
            ),
        ),
    ),
    Lesson(
        "The same glade with cancel: set",
        "With the option cancel: set, a value that both players offer cancels completely, "
        "however many tiles show it.",
        position(GLADE, "green", cancel="set"),
        (
            Step(
                "e1:6-f1:1",
                "Now every 6 cancels; the next value down is 5, which only "
                "Orange offers: Orange claims the glade. At the end of the game "
                "each glade is counted like this and the most squares wins.",
            ),
        ),
    ),
)
