"""The rules tours: for each game, a few short lessons shown move by move on the real board.

Written against the public rules contract only (``rules.get(id).start`` / ``parse``,
``state.play``, ``rules.IllegalMove``); no pygame here, so the lessons can be checked
without a window (``tests/test_tour.py`` plays every one of them).

A :class:`Lesson` has a title, a caption, a starting position and a list of
:class:`Step` s.  A step plays a move (by its notation) with a caption, or -- when
``illegal`` is set -- *tries* a move that the rules refuse, and the tour shows the
refusal text of the ``rules.IllegalMove`` it raised.  A step with ``fresh`` set is
played from the lesson's starting position again (to show alternatives side by side).

The positions come from the specs' worked examples (``../shared/rules/<id>.md``) and are
written in each game's documented position format (``docs/games/<id>.md``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game import rules


@dataclass(frozen=True)
class Step:
    move: str                  # the notation played (or tried)
    caption: str               # what to notice, in one to three sentences
    illegal: bool = False      # the move is refused: show the rules' reason
    fresh: bool = False        # play it from the lesson's starting position


@dataclass(frozen=True)
class Lesson:
    title: str
    caption: str
    setup: Callable[[], object] = field(repr=False)   # () -> the starting state
    steps: tuple[Step, ...] = ()

    def start_state(self):
        return self.setup()


@dataclass
class Played:
    """One step worked out: the position before it, after it, and what happened."""

    step: Step
    before: object
    after: object
    move: object = None        # the move object played (None for an illegal try)
    refusal: str = ""          # the rules' reason (illegal tries)
    error: str = ""            # the step did not behave as the tour says (a tour bug)


def work_out(lesson: Lesson) -> tuple[object, list[Played]]:
    """The lesson's starting state and every step played out.  Never raises for a step:
    a step that does not behave as written gets ``error`` (and the state does not change).
    Raises only when the starting position itself cannot be built."""
    start = lesson.start_state()
    state = start
    out: list[Played] = []
    for step in lesson.steps:
        before = start if step.fresh else state
        if step.illegal:
            try:
                before.play(step.move)
            except rules.IllegalMove as exc:
                out.append(Played(step, before, before, refusal=str(exc)))
            except Exception as exc:          # pragma: no cover - a tour bug
                out.append(Played(step, before, before, error=f"{type(exc).__name__}: {exc}"))
            else:
                out.append(Played(step, before, before,
                                  error=f"{step.move} was expected to be refused"))
            state = before
            continue
        try:
            move = before.find_move(step.move) if hasattr(before, "find_move") else step.move
            after = before.play(move)
        except Exception as exc:
            out.append(Played(step, before, before, error=f"{step.move}: {exc}"))
            state = before
            continue
        out.append(Played(step, before, after, move=move))
        state = after
    return start, out


# --- building positions -------------------------------------------------------------------
def from_start(game_id: str, *moves: str, **options):
    """The start position (with ``options``), then ``moves`` played in order."""
    def build():
        state = rules.get(game_id).start(**options)
        for m in moves:
            state = state.play(m)
        return state
    return build


def from_text(game_id: str, text: str):
    """A position read by the game's own ``parse`` from its documented text format."""
    return lambda: rules.get(game_id).parse(text)


def _splay_text(pieces: dict[str, str], to_move: str) -> str:
    """Splay's position format (docs/games/splay.md): one line per row, row 11 at the top,
    each row's cells from its lowest column (indentation is ignored when reading)."""
    lines = ["game: splay", f"to move: {to_move}"]
    for row in range(11, 0, -1):
        lo, hi = max(1, row - 5), min(11, row + 5)
        cells = [pieces.get(f"{chr(96 + c)}{row}", ".") for c in range(lo, hi + 1)]
        lines.append(f"{row:2d} " + " ".join(cells))
    return "\n".join(lines) + "\n"


def _gliss_text(red: str, blue: str, to_move: str = "Red", size: int = 13) -> str:
    """Gliss's position format (docs/games/gliss.md) from two lists of points."""
    stones = {p: "R" for p in red.split()}
    stones.update({p: "B" for p in blue.split()})
    letters = [chr(97 + i) for i in range(size)]
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}",
             "    " + " ".join(letters)]
    for row in range(size, 0, -1):
        cells = [stones.get(f"{c}{row}", ".") for c in letters]
        lines.append(f"{row:3d} " + " ".join(cells) + f" {row}")
    lines.append("    " + " ".join(letters))
    return "\n".join(lines) + "\n"


def splay_position(pieces: dict[str, str], to_move: str = "white"):
    return from_text("splay", _splay_text(pieces, to_move))


def gliss_position(red: str, blue: str, to_move: str = "Red"):
    return from_text("gliss", _gliss_text(red, blue, to_move))


# --- Splay ----------------------------------------------------------------------------------------
SPLAY = (
    Lesson(
        "Where a checker may go",
        "Each turn you place one checker: on an empty inside cell, or on top of one of your "
        "own towers. The lighter outer ring of cells is the border: nobody ever places there.",
        splay_position({}, "white"),
        (
            Step("a1", "a1 is a border cell, so White may not place a checker on it.",
                 illegal=True),
            Step("a7", "a7 is not a cell at all: the board is a hexagon.", illegal=True),
            Step("f6", "The centre f6 is an inside cell with empty neighbours: a fine start."),
        ),
    ),
    Lesson(
        "A splay of four",
        "A tower must always have more empty neighbours than checkers. White's tower of 3 on "
        "f6 has exactly four empty neighbours: g6, f7, f5 and g7.",
        splay_position({"f6": "W3", "e6": "b", "e5": "b"}, "white"),
        (
            Step("f6", "White stacks a fourth checker: height 4 with 4 empty neighbours. The "
                       "tower splays: a White marker lands on each empty neighbour and on f6 "
                       "itself. White's territory grows from 1 to 5 cells."),
        ),
    ),
    Lesson(
        "A splay with two collapses",
        "Black has towers of 1 on b3 and c3, White a tower of 2 on b4. Markers are permanent "
        "and count as territory, like towers.",
        splay_position({"b3": "B1", "c3": "B1", "b4": "W2", "a2": "w", "b2": "w", "d3": "w",
                        "c2": "b", "c5": "b"}, "black"),
        (
            Step("c4", "A new checker on c4 would leave c3 with one empty neighbour for a "
                       "tower of 1, so it is illegal.", illegal=True),
            Step("d4", "d4 is next to c3 too: also illegal.", illegal=True),
            Step("b3", "Black stacks on b3: height 2, two empty neighbours, so it splays onto "
                       "a3 and c4. Now c3 and b4 have too few empty neighbours and collapse "
                       "into markers of their own colours: Black 4 -> 6, White stays at 4."),
        ),
    ),
    Lesson(
        "Placements that crowd a tower",
        "White's tower of 4 on f6 needs at least five empty neighbours, and it has exactly "
        "five. Black's tower of 1 on c3 needs two, and has two: c4 and d4.",
        splay_position({"f6": "W4", "e5": "b", "c3": "B1", "b2": "w", "b3": "w", "c2": "w",
                        "d3": "w"}, "white"),
        (
            Step("g6", "A checker on g6 would leave the tower on f6 with only four empty "
                       "neighbours: refused.", illegal=True),
            Step("c4", "The same goes for c4 next to Black's tower on c3 - whoever places.",
                 illegal=True),
            Step("f6", "Stacking on your own tower is always legal: height 5 with five empty "
                       "neighbours, so it splays at once."),
        ),
    ),
    Lesson(
        "The immediate splay",
        "A new checker counts as a tower of 1. If it has only one empty neighbour, it splays "
        "as soon as it lands.",
        splay_position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b"}, "white"),
        (
            Step("f6", "f6's only empty neighbour is f5: the checker splays straight away and "
                       "White gains two cells, f5 and f6."),
        ),
    ),
    Lesson(
        "No empty neighbour, no placement",
        "Same picture, but now f5 holds a Black marker as well, so f6 has no empty neighbour.",
        splay_position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b", "f5": "b"},
                       "white"),
        (
            Step("f6", "A checker with no empty neighbour would break the rule at once: "
                       "White may not play f6.", illegal=True),
            Step("h8", "White places elsewhere. The game ends when a side holds 46 cells or "
                       "nobody can move; the larger territory wins."),
        ),
    ),
)


# --- Gliss ----------------------------------------------------------------------------------------
GLISS = (
    Lesson(
        "Building a base",
        "The board starts empty. Building puts four stones on an empty 2x2 block: a base. "
        "None of the four may touch one of your stones; touching the enemy is fine.",
        from_start("gliss"),
        (
            Step("f6+", "Red builds a base on f6-g7."),
            Step("h8+", "Blue builds on h8-i9, diagonally next to Red: allowed."),
            Step("f8+", "f8 would sit right above Red's own f7, so Red may not build there.",
                 illegal=True),
            Step("c3+", "Red builds a second base away from the first."),
        ),
    ),
    Lesson(
        "A glider's two moves",
        "Three stones in an L make a glider. Its core is the corner stone; it only moves "
        "along its two arms, one step east or one step south here, and never turns.",
        gliss_position("f6 g6 f5", "k11 l11 k12 l12"),
        (
            Step("f6>e6", "West is not along an arm: refused.", illegal=True),
            Step("f6>g6", "One step east: the core moves to g6 and the glider lands."),
            Step("f6>f5", "Or, from the same start, one step south to f5. A lone glider has "
                          "exactly these two moves.", fresh=True),
        ),
    ),
    Lesson(
        "A forced flight that docks",
        "A glider must keep flying while it touches or covers your own stones. Red's glider on "
        "a5 flies east and south; Red towers on c6, d4, a2, b1; Blue towers on b3 and e1.",
        gliss_position("a5 b5 a4 c6 d4 a2 b1", "b3 e1"),
        (
            Step("a5>d2", "Every stop on the way is next to a Red stone, so the flight goes "
                          "on, crossing Blue's b3. At d2 the glider and the Blue tower e1 "
                          "fill a 2x2 square: the glider docks and converts e1 into a Red "
                          "base."),
        ),
    ),
    Lesson(
        "Captures, and the void flight",
        "Red's glider on c6 flies east and south, next to its towers b4 and d2. Blue has a "
        "glider on e5-f5-e4 and a tower on c2.",
        gliss_position("c6 d6 c5 b4 d2", "e5 f5 e4 c2"),
        (
            Step("c6>c5", "At c5 the glider touches Red's b4, so it may not stop there.",
                 illegal=True),
            Step("c6>c3", "Further south, at c3 the glider plus d2 would make a base, so it "
                          "must stop - but the Blue tower c2 is under it: the flight is void, "
                          "and nothing beyond it can be reached.", illegal=True),
            Step("c6>d5", "Turning east instead, it may stop at d5 on top of the Blue glider: "
                          "the whole Blue glider is captured."),
        ),
    ),
    Lesson(
        "The edge",
        "A flight's first step may never leave the board. Red's glider on l6 has its east "
        "arm on m6, the last column.",
        gliss_position("l6 m6 l5", "b11 c11 b12 c12"),
        (
            Step("l6>m6", "East would push the arm off the board on the first step: not "
                          "allowed.", illegal=True),
            Step("l6>l5", "So the only move is one step south. (Later in a forced flight, a "
                          "glider may fly off the edge and is destroyed.)"),
        ),
    ),
    Lesson(
        "Deploying from a base",
        "A base can launch a glider: keep one corner as a tower, and the other three stones "
        "fly off as an L with their arms pointing at the kept corner.",
        gliss_position("f6 g6 f7 g7", "k11 l11 k12 l12"),
        (
            Step("g7:f6>h8", "Red keeps g7 as a tower. The other three stones fly with their "
                             "core starting on f6, arms pointing east and north. The first "
                             "steps pass over the tower, so the glider flies on until it can "
                             "land clear of Red's stones."),
        ),
    ),
)


# --- Gess -------------------------------------------------------------------------------------------
GESS = (
    Lesson(
        "A piece and its directions",
        "A piece is any 3x3 block holding none of the enemy's stones and some of yours around "
        "its centre. Each outer stone opens a direction; with an empty centre the piece moves "
        "1 to 3 squares.",
        from_start("gess"),
        (
            Step("l6-l7", "The 3x3 centred on l6 holds one Black stone, on l7 to its north: "
                          "it may step north."),
            Step("k8-l7", "The block centred on k8 sees the same stone to its south-east, so "
                          "it moves south-east.", fresh=True),
            Step("m7-l7", "From m7 the stone is to the west.", fresh=True),
            Step("m8-l7", "And from m8 it is south-west: one pawn stone gives 8 different "
                          "pieces, one for each direction.", fresh=True),
            Step("j6-g9", "Up to three squares when the centre is empty: j6 moves north-west "
                          "by three.", fresh=True),
        ),
    ),
    Lesson(
        "Capturing your own stones",
        "A piece stops at the first place it overlaps stones, and everything under it there is "
        "removed - your own stones too.",
        from_start("gess"),
        (
            Step("e3-d3", "The plus-shaped piece on e3 moves one square west, onto Black's own "
                          "rook stones on c2, c3 and c4: they are removed, and Black drops to "
                          "40 stones."),
        ),
    ),
    Lesson(
        "The edge of the board",
        "The outer ring is not part of the playing area. Stones carried onto it are lost.",
        from_start("gess"),
        (
            Step("r3-t3", "Moving further off the board ends the move: r3 cannot slide past "
                          "s3.", illegal=True),
            Step("r3-s3", "r3 moves one square east: its stone that would land on t3 is "
                          "removed. Black has 42 stones."),
        ),
    ),
    Lesson(
        "Moves that are refused",
        "Not every 3x3 is a piece, and pieces only move where their stones point.",
        from_start("gess"),
        (
            Step("c7-c8", "c7 has a stone only in its centre: a piece needs a stone around "
                          "the centre.", illegal=True),
            Step("q3-q4", "The block on q3 has no stone to its north.", illegal=True),
            Step("b5-b6", "b5 holds only c4, to its south-east: it cannot go north.",
                 illegal=True),
            Step("i3-b10", "A piece cannot pass through stones: it must stop at the first "
                           "overlap.", illegal=True),
            Step("i6-i9", "This one is fine: i6 slides north three squares."),
        ),
    ),
    Lesson(
        "Keep your ring",
        "A ring is eight of your stones around an empty square; Black's is on l3. After every "
        "move, a player left without a ring loses.",
        from_start("gess"),
        (
            Step("j3-j4", "The piece on j3 carries stones out of the ring. The move is legal, "
                          "but Black now has no ring and loses at once."),
        ),
    ),
)


TOURS: dict[str, tuple[Lesson, ...]] = {
    "splay": SPLAY,
    "gliss": GLISS,
    "gess": GESS,
}


def lessons(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of ``game_id``'s tour (empty when the game has none or is not registered)."""
    if game_id not in rules.GAMES:
        return ()
    return TOURS.get(game_id, ())


def has_tour(game_id: str) -> bool:
    return bool(lessons(game_id))


__all__ = ["Lesson", "Played", "Step", "TOURS", "has_tour", "lessons", "work_out"]
