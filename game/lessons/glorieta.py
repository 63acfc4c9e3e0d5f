"""Glorieta's rules tour: the spec's worked examples (../shared/rules/glorieta.md), move by
move, on positions written in the documented position format (docs/games/glorieta.md)."""

from __future__ import annotations

from game.lessons import Exercise, Lesson, Step, from_start, from_text, goal, win_goal
from game.rules.glorieta import has_loop


def position(
    stones: dict[str, str],
    *,
    variant: str = "landscape",
    size: int = 7,
    to_move: int = 0,
    black: int = 0,
    neutral_play: bool = True,
    decliner: int | None = None,
):
    """A position from stones by cell (``b`` black, ``o`` orange, ``n`` neutral) in
    the "stone" phase: a hand-made landscape (``seed: none``) or a Chicken board."""
    span = 2 * size - 1
    lines = ["game: glorieta", f"variant: {variant}", f"size: {size}"]
    if variant == "landscape":
        count = sum(1 for v in stones.values() if v == "n")
        lines += [f"neutrals: {count}", "seed: none"]
    lines.append(f"black: seat {black}")
    if variant == "chicken":
        lines.append(f"neutral play: {'on' if neutral_play else 'off'}")
        lines.append("decliner: none" if decliner is None else f"decliner: seat {decliner}")
    lines += ["phase: stone", f"to move: seat {to_move}"]
    for r in range(span, 0, -1):
        row = [
            stones.get(f"{chr(96 + c)}{r}", ".")
            for c in range(1, span + 1)
            if abs(c - r) <= size - 1
        ]
        lines.append(f"{r} " + " ".join(row))
    return from_text("\n".join(lines) + "\n")


# Orange stones far from the lessons' action, to keep the stone counts legal.
FAR_ORANGE = ("b2", "c2", "d2", "b3", "e2", "f2", "c4")

LESSONS = (
    Lesson(
        "A loop",
        "Drop stones to make a loop: a group of your stones that surrounds one or more cells, "
        "whatever they hold. Black has seven stones round g7 and h7; an orange stone even "
        "stands inside.",
        position(
            {
                **{c: "b" for c in ("f7", "g8", "g6", "h8", "f6", "i7", "h6")},
                "g7": "o",
                **{c: "o" for c in FAR_ORANGE[:6]},
            }
        ),
        (
            Step(
                "i8",
                "i8 closes the ring of eight black stones around g7 and h7. What is "
                "inside does not matter, an empty cell or an orange stone: Black "
                "wins.",
            ),
        ),
    ),
    Lesson(
        "The flower",
        "The smallest loop: six stones round one cell. Black has five of the six neighbours "
        "of g7 (f7, g8, g6, h8, f6); h7 is still open.",
        position(
            {**{c: "b" for c in ("f7", "g8", "g6", "h8", "f6")}, **{c: "o" for c in FAR_ORANGE[:5]}}
        ),
        (
            Step("h7", "h7 completes the ring round the empty g7: a loop, Black wins."),
            Step(
                "g7",
                "From the start again: Black fills the centre first. Six stones, but "
                "h7 is open, so no loop yet.",
                fresh=True,
            ),
            Step("m10", "Orange plays far away."),
            Step(
                "h7",
                "Now h7: all six neighbours of g7 are black. The solid seven-stone "
                "flower is a loop too, though the cell it surrounds holds Black's own "
                "stone.",
            ),
        ),
    ),
    Lesson(
        "The edge does not count",
        "A ring pressed against the board's edge is no loop: the cell inside still touches "
        "the outside. Black holds c1, d2 and e2 round the edge cell d1.",
        position({**{c: "b" for c in ("c1", "d2", "e2")}, **{c: "o" for c in ("j9", "k9", "j10")}}),
        (
            Step(
                "e1",
                "e1 closes the arc round d1, but d1 lies on the edge: the board's rim "
                "never closes a loop. No win; Orange moves on.",
            ),
            Step("k11", "Orange plays elsewhere."),
            Step("d1", "Filling d1 does not help either: no cell is surrounded."),
        ),
    ),
    Lesson(
        "A neutral stone counts for both",
        "Neutral stones belong to both colours at once: in a group of yours they are yours, "
        "in Orange's group they are Orange's. Here a neutral stone stands on h7, beside "
        "Black's f7, g8, g6 and h8.",
        position(
            {
                **{c: "b" for c in ("f7", "g8", "g6", "h8")},
                "h7": "n",
                **{c: "o" for c in FAR_ORANGE[:4]},
            }
        ),
        (
            Step(
                "f6",
                "f6 completes five black stones and one neutral round g7: a loop for "
                "Black. Orange has only the neutral stone there, so no loop for "
                "Orange.",
            ),
        ),
    ),
    Lesson(
        "Six neutral stones: a loop for both",
        "Chicken: each turn is a stone of your colour, then a neutral stone that must not "
        "join your new stone's group. Five neutral stones already stand round g7; Orange is "
        "to move.",
        position(
            {
                **{c: "n" for c in ("f7", "g8", "g6", "h8", "f6")},
                **{c: "b" for c in ("b2", "c2", "l12")},
                **{c: "o" for c in ("b4", "j12")},
            },
            variant="chicken",
            to_move=1,
        ),
        (
            Step("d10", "First Orange drops a stone of its own colour, on d10."),
            Step(
                "n:d9",
                "The neutral stone may not touch the new stone's group: d9 is next "
                "to d10, so it is refused.",
                words="a neutral stone on d9",
                illegal=True,
            ),
            Step(
                "n:h7",
                "On h7 the sixth neutral stone surrounds g7: a loop for Black and "
                "for Orange at once. When a turn makes loops for both, the player "
                "who moved wins: Orange.",
                words="a neutral stone on h7",
            ),
        ),
    ),
    Lesson(
        "Declining in Chicken",
        "After your stone you may decline the neutral stone. Then nobody plays neutral "
        "stones any more, and if the board fills up with no loop, the decliner loses.",
        position({"g7": "b", "c3": "b", "f6": "o", "h8": "n"}, variant="chicken", to_move=1),
        (
            Step("e9", "Orange drops a stone on e9."),
            Step(
                "n:e8",
                "A neutral stone on e8 would touch the new stone: refused.",
                illegal=True,
                words="a neutral stone on e8",
            ),
            Step(
                "decline",
                "Orange declines. Neutral play is over for both players, and "
                "Orange will lose if the board fills with no loop.",
                words="decline the neutral stone",
            ),
            Step("d4", "Black now drops one stone a turn, like Orange."),
            Step(
                "n:c9", "And no more neutral stones.", illegal=True, words="a neutral stone on c9"
            ),
        ),
    ),
    Lesson(
        "The colour choice in Landscape",
        "Landscape starts with neutral stones scattered, none touching. Player 1 drops the "
        "opening black stone; then Player 2 chooses a colour.",
        from_start("glorieta", variant="landscape", size=7, seed=7),
        (
            Step("g7", "Player 1 drops the opening black stone on g7."),
            Step("e5", "Player 2 may not drop a stone yet: first the colour.", illegal=True),
            Step(
                "take:orange",
                "Player 2 takes Orange: Player 1 is Black and owns g7, and Orange moves next.",
                words="take Orange",
            ),
            Step("e7", "Orange's first stone. Then one stone each."),
            Step("g7", "From the start again.", fresh=True),
            Step(
                "take:black",
                "This time Player 2 takes Black: the stone on g7 becomes "
                "theirs, and Player 1, now Orange, moves next. A good opening "
                "stone is one you would not mind the other player taking.",
                words="take Black",
            ),
        ),
    ),
)


# --- exercises ("now you try") ------------------------------------------------------------
def threats(state, seat: int) -> list[str]:
    """The empty cells where a stone of ``seat``'s colour would close a loop now."""
    colour = state.seat_colour(seat)
    if colour is None:
        return []
    bit = 1 if colour == "black" else 2
    cells = bytearray(state.cells)
    found = []
    for i in range(state.geo.n):
        if cells[i] == 0:
            cells[i] = bit
            if has_loop(state.geo, cells, bit):
                found.append(state.cell_name(i))
            cells[i] = 0
    return found


def _fork_met(start, state) -> bool:
    return not state.is_over() and len(threats(state, start.player)) >= 2


def _fork_miss(start, state) -> str:
    cells = threats(state, start.player)
    if not cells:
        return "That leaves no cell where your next stone closes a loop."
    return f"That makes one threat ({cells[0]}): one stone blocks it."


def _blocked(start, state) -> bool:
    lost = state.is_over() and state.winner() != start.player
    return not lost and not threats(state, 1 - start.player)


def _block_miss(start, state) -> str:
    them = start.seat_name(1 - start.player)
    cells = threats(state, 1 - start.player)
    return f"{them} can still close a loop on {', '.join(cells)}."


def _b(cells: str) -> dict[str, str]:
    return {c: "b" for c in cells.split()}


def _o(cells: str) -> dict[str, str]:
    return {c: "o" for c in cells.split()}


def _n(cells: str) -> dict[str, str]:
    return {c: "n" for c in cells.split()}


def _turn_blocked(start, state) -> bool:
    """The player's whole turn is over (stone, then neutral or decline) and the
    opponent has no cell that closes a loop."""
    return state.player != start.player and _blocked(start, state)


def _turn_block_miss(start, state) -> str:
    if state.player == start.player:
        return "Your turn is not over: place the neutral stone, or decline it."
    return _block_miss(start, state)


def _owns_opening(start, state) -> bool:
    return state.seat_colour(start.player) == "black"


def _moves_next(start, state) -> bool:
    chosen = state.seat_colour(start.player) is not None
    return chosen and not state.is_over() and state.player == start.player


def _landscape_opening():
    return from_start("glorieta", "g7", variant="landscape", size=7, seed=7)


FORK = {**_b("f7 g8 g6 h8 j8 i9 i7"), **_o("b2 c2 d2 e2 f2 j4 h3")}

EXERCISES = (
    Exercise(
        "Close the flower",
        win_goal("Close a loop: win with one stone."),
        position({**_b("c4 d5 d3 e5 c3"), **_o("j9 k9 j10 l11 m12")}),
        ("e4",),
        hint="Five of d4's six neighbours are black.",
        wrong=("d4", "does not win"),
        lesson="The flower",
    ),
    Exercise(
        "A loop round two cells",
        win_goal("Close a loop round j9 and k9."),
        position({**_b("i9 j10 k10 l10 l9 k8 j8"), **_o("b2 c2 d2 e2 f2 b3 c4")}),
        ("i8",),
        hint="Follow the ring of black stones: one gap is left.",
        wrong=("k9", "does not win"),
        lesson="A loop",
    ),
    Exercise(
        "A neutral stone helps",
        win_goal("Close a loop with the help of the neutral stone."),
        position({**_b("k8 i8 j9 j7"), **_n("k9"), **_o("b2 c2 d2 e2")}),
        ("i7",),
        hint="A neutral stone counts as yours.",
        wrong=("j8", "does not win"),
        lesson="A neutral stone counts for both",
    ),
    Exercise(
        "Stop the flower",
        goal("Stop Orange's loop: leave Orange no winning stone.", _blocked, _block_miss),
        position({**_b("c3 d3 k10 l11 b2"), **_o("f7 g8 g6 h8 f6")}),
        ("h7",),
        hint="Orange has five of g7's six neighbours.",
        wrong=("g7", "h7"),
        lesson="The flower",
    ),
    Exercise(
        "Win before you block",
        win_goal("Both sides threaten a loop: win the game."),
        position({**_b("c3 d3 c4 e4 d5"), **_o("f7 g8 g6 h8 f6")}),
        ("e5",),
        hint="If your stone closes a loop, Orange's threat does not matter.",
        wrong=("h7", "does not win"),
        lesson="A loop",
    ),
    Exercise(
        "Two threats at once",
        goal(
            "Make two threats at once: two cells where your next stone closes a loop.",
            _fork_met,
            _fork_miss,
        ),
        position(FORK),
        ("h7",),
        hint="One cell touches both g7 and i8.",
        wrong=("f6", "one threat"),
        lesson="The flower",
    ),
    Exercise(
        "Win in two",
        win_goal("Win within two moves, whatever Orange blocks."),
        position(FORK),
        ("h7", "f6", "j9"),
        hint="Make two threats: Orange can block only one.",
        wrong=("d9 h7", "blunder"),
        lesson="The flower",
    ),
    Exercise(
        "Chicken: the sixth neutral",
        win_goal("As Orange, win this turn with your stone and a neutral stone."),
        position(
            {**_n("c4 d5 d3 e5 c3"), **_b("b2 c2 l12"), **_o("i3 j12")},
            variant="chicken",
            to_move=1,
        ),
        ("k10", "n:e4"),
        hint="A loop of neutral stones is a loop for both; the player who moved wins.",
        wrong=("k10 decline", "blunder"),
        lesson="Six neutral stones: a loop for both",
    ),
    Exercise(
        "Edge cells count as petals",
        win_goal("Close a loop round b2."),
        position({**_b("a2 c2 b3 c3 b1 d2 e2"), **_o("j9 k9 j10 l11 m12 k12 h13")}),
        ("a1",),
        hint="b2 is not on the edge, so its six neighbours can all be yours.",
        wrong=("d1", "does not win"),
        lesson="The edge does not count",
    ),
    Exercise(
        "Chicken: block with your stone",
        goal("As Orange, leave Black no winning stone.", _blocked, _block_miss),
        position(
            {**_b("f7 g8 g6 h8 f6 b2"), **_o("b4 j12 k12 l12 m13"), **_n("c9 d11 j4 k6")},
            variant="chicken",
            to_move=1,
        ),
        ("h7",),
        hint="Your own stone is the only stone that blocks for you alone.",
        wrong=("k10", "h7"),
        lesson="Declining in Chicken",
    ),
    Exercise(
        "The rim is no wall",
        win_goal("Close a loop: win with one stone."),
        position({**_b("c1 d2 e2 f7 g8 g6 h8 f6"), **_o("j9 k9 j10 k11 b5 c6 l12 m12")}),
        ("h7",),
        hint="A ring pressed against the edge surrounds nothing: d1 touches the outside.",
        wrong=("e1", "does not win"),
        lesson="The edge does not count",
    ),
    Exercise(
        "Orange's neutral too",
        win_goal("As Orange, close a loop with the help of the neutral stone."),
        position({"h7": "n", **_o("f7 g8 g6 h8"), **_b("b2 c2 d2 b3 e2")}, to_move=1),
        ("f6",),
        hint="The neutral stone on h7 counts as Orange's in Orange's group.",
        wrong=("g7", "does not win"),
        lesson="A neutral stone counts for both",
    ),
    Exercise(
        "Chicken: five neutrals and you",
        win_goal("Chicken: win with one stone."),
        position({**_n("f7 g8 g6 h8 f6"), **_b("b2 c2"), **_o("b4 j12")}, variant="chicken"),
        ("h7",),
        hint="Five neutral stones and one of yours make a loop of yours.",
        wrong=("d10", "does not win"),
        lesson="Six neutral stones: a loop for both",
    ),
    Exercise(
        "Chicken: block, then decline",
        goal(
            "As Orange, block Black's loop and end your turn leaving Black no winning stone.",
            _turn_blocked,
            _turn_block_miss,
        ),
        position(
            {**_b("f7 g8 g6 h8 f6 b3 c4 d4 d3"), **_o("j9 k9 j10 k11 l12 m12 k13 i13")},
            variant="chicken",
            to_move=1,
        ),
        ("h7", "decline"),
        hint="A neutral stone counts for Black too: when it would help Black, decline it.",
        wrong=("h7 n:c2", "b2"),
        lesson="Declining in Chicken",
    ),
    Exercise(
        "Landscape: take the stone",
        goal(
            "As Player 2, take the colour that owns the opening stone on g7.",
            _owns_opening,
            "You took Orange: the stone on g7 is Black's.",
        ),
        _landscape_opening(),
        ("take:black",),
        hint="Taking Black makes the opening stone yours; Orange then moves next.",
        wrong=("take:orange", "is black's"),
        lesson="The colour choice in Landscape",
    ),
    Exercise(
        "Landscape: take the move",
        goal(
            "As Player 2, take the colour that drops the next stone.",
            _moves_next,
            "Orange drops the next stone: you gave the move away.",
        ),
        _landscape_opening(),
        ("take:orange",),
        hint="After the choice, Orange moves.",
        wrong=("take:black", "gave the move away"),
        lesson="The colour choice in Landscape",
    ),
)
