"""``python -m game.lessons GAME --exercises``: every exercise of a game as JSON lines.

Each line is one exercise: at least ``position`` (the position text, docs/games/<id>.md),
``solution`` (the player's moves and the scripted replies, in notation, in order) and
``goal`` (one sentence); also ``title``, ``fen`` (the position on one line), ``par`` (the
player's moves at par), ``to_move`` and ``lesson`` (the title of the tour's lesson it
practises).  ``--table`` prints them as the Markdown table of
``docs/games/<id>.md``.  Without either it lists the lessons' titles and the exercises'
goals, each exercise under its lesson.  An unknown game exits with status 2 and a message.
"""

from __future__ import annotations

import argparse
import json
import sys

from game import rules
from game.lessons import Attempt, exercises_of, lessons_of, of_lesson


def table(exercises) -> str:
    """The exercises as a Markdown table: goal, par, solution, and the wrong answer the tests
    play with what the player is told (worked out here, so the page says what the app says)."""
    rows = [
        "| # | lesson | exercise | goal | par | solution | a wrong answer |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, ex in enumerate(exercises, 1):
        attempt = Attempt(ex)
        said = ""
        for move in ex.wrong[0].split():
            verdict = attempt.play(move)
            said = verdict.reason
            if not verdict.ok:
                break
        said = said.replace("|", "/")
        rows.append(
            f"| {i} | {ex.lesson} | {ex.title} | {ex.goal.text} | {ex.par_moves} | "
            f"`{' '.join(ex.solution)}` | `{ex.wrong[0]}`: {said} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.lessons",
        description="A game's lessons and exercises, for checking outside the app.",
    )
    parser.add_argument("game", help="the game's id: " + ", ".join(rules.GAMES))
    parser.add_argument(
        "--exercises", action="store_true", help="print every exercise as a JSON line"
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="print the exercises as the Markdown table of docs/games/GAME.md",
    )
    args = parser.parse_args(argv)
    game_id = args.game.strip().lower()
    if game_id not in rules.GAMES:
        print(
            f"unknown game {args.game!r}; the games are: {', '.join(rules.GAMES)}",
            file=sys.stderr,
        )
        return 2
    exercises = exercises_of(game_id)
    if args.table:
        print(table(exercises))
        return 0
    if args.exercises:
        for ex in exercises:
            print(json.dumps(ex.record(), ensure_ascii=False))
        return 0
    tour = lessons_of(game_id)
    name = rules.get(game_id).name or game_id
    print(f"{name}: {len(tour)} lessons, {len(exercises)} exercises")
    for lesson in tour:
        print(f"  lesson: {lesson.title}")
        for ex in of_lesson(exercises, lesson):
            i = exercises.index(ex) + 1
            print(f"    exercise {i} ({ex.title}, par {ex.par_moves}): {ex.goal.text}")
    titles = {lesson.title for lesson in tour}
    for i, ex in enumerate(exercises, 1):
        if ex.lesson not in titles:  # (not tied to a lesson of the tour)
            print(f"  exercise {i} ({ex.title}, par {ex.par_moves}): {ex.goal.text}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        sys.stderr.close()
        sys.exit(0)
