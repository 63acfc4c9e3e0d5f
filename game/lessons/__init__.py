"""The rules tours: for each game, a few short lessons shown move by move on the real board.

Written against the public rules contract only (``rules.get(id).start`` / ``parse``,
``state.play``, ``rules.IllegalMove``); no pygame here, so the lessons can be checked
without a window (``tests/ui/test_tour.py`` plays every one of them).

A :class:`Lesson` has a title, a caption, a starting position and a list of
:class:`Step` s.  A step plays a move (by its notation) with a caption, or -- when
``illegal`` is set -- *tries* a move that the rules refuse, and the tour shows the
refusal text of the ``rules.IllegalMove`` it raised.  A step with ``fresh`` set is
played from the lesson's starting position again (to show alternatives side by side).

Each game's lessons live in its own module, ``game/lessons/<id>.py``, as ``LESSONS``
(found through the game's descriptor, ``game.catalog``).  The positions come from the
specs' worked examples and are written in each game's documented position format
(``docs/games/<id>.md``), headed ``game: <id>`` like every position text, so
``from_text`` reads any of them without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game import rules


@dataclass(frozen=True)
class Step:
    move: str  # the notation played (or tried)
    caption: str  # what to notice, in one to three sentences
    illegal: bool = False  # the move is refused: show the rules' reason
    fresh: bool = False  # play it from the lesson's starting position
    words: str = ""  # the move as the tour's step line says it, when the notation is not
    # a player's words ("a neutral stone on d9" for n:d9, "take Black" for take:black)

    @property
    def said(self) -> str:
        """The move as a player reads it in the step line."""
        return self.words or self.move


@dataclass(frozen=True)
class Lesson:
    title: str
    caption: str
    setup: Callable[[], object] = field(repr=False)  # () -> the starting state
    steps: tuple[Step, ...] = ()

    def start_state(self):
        return self.setup()


@dataclass
class Played:
    """One step worked out: the position before it, after it, and what happened."""

    step: Step
    before: object
    after: object
    move: object = None  # the move object played (None for an illegal try)
    refusal: str = ""  # the rules' reason (illegal tries)
    error: str = ""  # the step did not behave as the tour says (a tour bug)


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
            except Exception as exc:  # pragma: no cover - a tour bug
                out.append(Played(step, before, before, error=f"{type(exc).__name__}: {exc}"))
            else:
                out.append(
                    Played(step, before, before, error=f"{step.move} was expected to be refused")
                )
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


def from_text(text: str):
    """A position read from its text (any game: the ``game:`` header names it)."""
    return lambda: rules.parse_any(text)


__all__ = ["Lesson", "Played", "Step", "from_start", "from_text", "work_out"]
