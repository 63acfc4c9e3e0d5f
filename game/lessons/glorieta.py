"""Glorieta's rules tour: the spec's worked examples (../shared/rules/glorieta.md), move by
move, on positions written in the documented position format (docs/games/glorieta.md)."""

from __future__ import annotations

from game.lessons import Lesson, Step, from_start, from_text


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
