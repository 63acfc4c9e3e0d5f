"""Glades's rules tour: the spec's worked examples (../shared/rules/glades.md), move by move.

Positions are built with the rules' own checked constructor (``Glades.position``: the
tiles on the board, who is to move, options), so every one of them is a position the
rules accept and that reads back through the game's text format."""

from __future__ import annotations

from game import rules
from game.lessons import Exercise, Lesson, Step, goal


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


# --- exercises ("now you try") ------------------------------------------------------------
# (no quick safety test here, ``safe=False``: a game of Glades ends only when nobody can
# place, so no reply in these open positions wins at once, and looking for one costs a pass
# over every placement; the engine's check still runs)
def glade_at(state, square: str):
    """The glade (``GladeResult``) that holds ``square``, None when it is covered."""
    return next((g for g in state.glades() if square in g.names), None)


def claim(text: str, square: str, size: int):
    """The player claims the glade holding ``square``, closed to at most ``size`` squares."""

    def met(start, state):
        g = glade_at(state, square)
        return g is not None and g.size <= size and g.owner == start.player

    def miss(start, state):
        g = glade_at(state, square)
        if g is None:
            return f"{square} is covered: there is no glade there any more."
        if g.size > size:
            return f"{square} is still part of a glade of {g.size} squares: it is not closed."
        owner = "nobody" if g.owner is None else state.seat_name(g.owner)
        return f"The glade at {square} goes to {owner}: {g.reason}."

    return goal(text, met, miss)


def _touches(state, seat: int) -> int:
    return sum(t.touches for t in state.tiles(seat))


def touch(text: str, tiles: int = 1):
    """The player's new tile touches at least ``tiles`` more of the opponent's tiles."""

    def gained(start, state):
        them = 1 - start.player
        return _touches(state, them) - _touches(start, them)

    def miss(start, state):
        n = gained(start, state)
        them = start.seat_name(1 - start.player)
        return f"Your tile touches {n} {them} tile{'s' if n != 1 else ''}; the goal needs {tiles}."

    return goal(text, lambda start, state: gained(start, state) >= tiles, miss)


def touch_at(text: str, square: str):
    """The player's new tile covers ``square`` and touches an opponent's tile."""
    base = touch(text)

    def covers(start, state):
        return any(f"{square}:" in str(t) for t in state.tiles(start.player))

    def met(start, state):
        return covers(start, state) and base.met(start, state)

    def miss(start, state):
        if not covers(start, state):
            return f"Your tile does not cover {square}."
        return base.miss(start, state)

    return goal(text, met, miss)


def most_touched(text: str, touches: int):
    """One of the opponent's tiles is touched ``touches`` times or more."""

    def most(start, state):
        return max((t.touches for t in state.tiles(1 - start.player)), default=0)

    def miss(start, state):
        them = start.seat_name(1 - start.player)
        n = most(start, state)
        return f"{them}'s most touched tile has {n} touches; the goal needs {touches}."

    return goal(text, lambda start, state: most(start, state) >= touches, miss)


EXERCISES = (
    Exercise(
        "Match the value",
        touch("Lay a tile end to end with Green's 3-6."),
        position(ONE_TILE),
        ("f5:6-g5:2",),
        safe=False,
        hint="The square touching Green's 6 must show a 6.",
        wrong=("f5:5-g5:2", "values must match"),
        lesson="Values must match",
    ),
    Exercise(
        "At a right angle",
        touch("Touch Green's tile from above, at a right angle."),
        position(ONE_TILE),
        ("e6:6-e7:1",),
        safe=False,
        hint="Upright on e6-e7, only the end of your tile meets Green's.",
        wrong=("d6:3-e6:6", "long edge"),
        lesson="Never along a long edge",
    ),
    Exercise(
        "Two at once",
        touch("Touch both Green tiles with one tile.", 2),
        position([("green", "d5:3-e5:6"), ("green", "g5:6-h5:1")]),
        ("f5:6-f6:1",),
        safe=False,
        hint="f5 lies between the two tiles.",
        wrong=("e6:6-e7:1", "touches 1 green tile"),
        lesson="At most three touches",
    ),
    Exercise(
        "Three is the limit",
        touch("Touch a Green tile."),
        position(THREE_TOUCH + [("green", "h8:2-h9:5")]),
        ("h6:1-h7:2",),
        safe=False,
        hint="The 3-6 is touched three times already; the other green tile is free.",
        wrong=("d3:2-d4:3", "the limit is 3"),
        lesson="At most three touches",
    ),
    Exercise(
        "Not your own",
        touch("As Green, touch Orange's tile."),
        position([("green", "d5:3-e5:6"), ("orange", "f5:6-g5:2")], "green"),
        ("h5:2-i5:1",),
        safe=False,
        hint="Your new tile may not touch your own 3-6.",
        wrong=("e6:6-e7:1", "your own tile"),
        lesson="Never touch your own tiles",
    ),
    Exercise(
        "Close the corner",
        claim("Close the glade a9-b9 and claim it.", "a9", 2),
        position([("orange", "a8:4-b8:2")], "green"),
        ("c8:2-c9:5",),
        safe=False,
        hint="Orange offers a 4: offer something higher.",
        wrong=("c8:2-c9:3", "orange"),
        lesson="A glade, pairwise",
    ),
    Exercise(
        "A glade of one",
        claim("Claim the one-square glade a1.", "a1", 1),
        position([("orange", "a2:4-a3:1")], "green"),
        ("b1:5-c1:1",),
        safe=False,
        hint="Close a1 with a value above Orange's 4.",
        wrong=("b1:3-c1:1", "orange"),
        lesson="A glade, pairwise",
    ),
    Exercise(
        "Pairwise",
        claim("Close the glade a1-d1 and claim it.", "a1", 4),
        position(GLADE, "green"),
        ("e1:6-f1:1",),
        safe=False,
        hint="Count the 6s on each side: a pair cancels.",
        wrong=("e1:3-f1:1", "orange"),
        lesson="A glade, pairwise",
    ),
    Exercise(
        "Cancel: set",
        claim("With cancel: set, close the glade a1-d1 and claim it.", "a1", 4),
        position(GLADE, "green", cancel="set"),
        ("e1:5-f1:1",),
        safe=False,
        hint="With set, every 6 cancels, and so does a 5 you both offer.",
        wrong=("e1:6-f1:1", "orange"),
        lesson="The same glade with cancel: set",
    ),
    Exercise(
        "Close it first",
        claim("As Orange, close the glade a1-d1 and claim it.", "a1", 4),
        position(GLADE),
        ("e1:6-f1:1",),
        safe=False,
        hint="A glade is only scored once it is closed off.",
        wrong=("h8:1-h9:1", "not closed"),
        lesson="A glade, pairwise",
    ),
    Exercise(
        "The other end",
        touch_at("Lay a tile on c5, end to end with Green's 3.", "c5"),
        position(ONE_TILE),
        ("b5:2-c5:3",),
        safe=False,
        hint="The square touching Green's 3 must show a 3.",
        wrong=("b5:2-c5:4", "values must match"),
        lesson="Values must match",
    ),
    Exercise(
        "From below",
        touch_at("Touch Green's tile from below, covering e4.", "e4"),
        position(ONE_TILE),
        ("e4:6-e3:2",),
        safe=False,
        hint="Lying flat on d4-e4 your tile would run along Green's: stand it upright.",
        wrong=("d4:3-e4:6", "long edge"),
        lesson="Never along a long edge",
    ),
    Exercise(
        "Keep clear of your own",
        touch("As Green, touch Orange's 2-4."),
        position([("green", "d5:3-e5:6"), ("orange", "f7:2-g7:4")], "green"),
        ("h7:4-i7:1",),
        safe=False,
        hint="e6 and f5 touch your own 3-6: come from the other side.",
        wrong=("e7:1-e6:6", "your own tile"),
        lesson="Never touch your own tiles",
    ),
    Exercise(
        "The fourth touch",
        most_touched("With Touch limit: new-tile, touch Green's 3-6 a fourth time.", 4),
        position(THREE_TOUCH, touch_limit="new-tile"),
        ("d3:2-d4:3",),
        safe=False,
        hint="Only your new tile is counted: it touches one green tile.",
        wrong=("h8:1-h9:1", "3 touches"),
        lesson="The touch limit, checked for the new tile only",
    ),
    Exercise(
        "Four on the 2-4",
        most_touched("With Touch limit: new-tile, touch Green's 2-4 a fourth time.", 4),
        position(
            [
                ("green", "e5:2-f5:4"),
                ("orange", "c5:1-d5:2"),
                ("orange", "g5:4-h5:3"),
                ("orange", "e6:2-e7:5"),
            ],
            touch_limit="new-tile",
        ),
        ("f3:1-f4:4",),
        safe=False,
        hint="From below, match the value of the square you touch.",
        wrong=("f3:1-f4:3", "values must match"),
        lesson="The touch limit, checked for the new tile only",
    ),
    Exercise(
        "Cancel: set, as Orange",
        claim("With cancel: set, as Orange, close the glade a1-d1 and claim it.", "a1", 4),
        position(GLADE, cancel="set"),
        ("e1:4-f1:1",),
        safe=False,
        hint="Every 6 cancels; what is left on each side decides.",
        wrong=("h8:1-h9:1", "not closed"),
        lesson="The same glade with cancel: set",
    ),
)
