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

After the worked examples come the exercises ("now you try"): an :class:`Exercise` is a
position, a goal the rules check (a :class:`Goal`: a function of the position, never a
comparison with the solution), a par number of the player's moves, and a solution line
(the player's moves and the opponent's scripted replies in order).  :class:`Attempt` plays
one exercise for a player: a refused move gets the rules' reason, a legal move that misses
the goal (or that hands the opponent an immediate win, with ``safe``) gets the reason and a
retry, and reaching the goal gets stars (3 at par at the first try, one fewer for a move over
par or a try that went wrong).  After the quick look-ahead, a move that reaches the goal (or
leaves more to play) is judged by the engine (:func:`engine_judgement`: ai.mcts at a small
fixed budget and seed, the chances from ai.winchance): a drop of the review's blunder
threshold against the best move is a blunder too, and so is a move into a loss the search
proves where the best move is not lost (``EngineJudgement.refused``).  Each exercise
practises one lesson (``Exercise.lesson``, a title of the game's ``LESSONS``;
:func:`of_lesson`).  Each game's
exercises are its module's ``EXERCISES``; ``python -m game.lessons GAME --exercises`` prints
them as JSON lines.
"""

from __future__ import annotations

import importlib
import importlib.util
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


# --- exercises ("now you try") -----------------------------------------------------------
@dataclass(frozen=True)
class Goal:
    """What an exercise asks for, checked by the rules on the position reached.

    ``met(start, state)`` says whether ``state`` (reached from the exercise's ``start``)
    fulfils the goal for the player who moved first in ``start``; ``miss(start, state)``
    says, in a sentence, why a position does not (shown after a wrong move)."""

    text: str  # the goal in one sentence ("Splay a tower")
    met: Callable[[object, object], bool] = field(repr=False)
    miss: Callable[[object, object], str] = field(repr=False)


def goal(text: str, met, miss) -> Goal:
    """A goal; ``miss`` may be a fixed sentence instead of a function."""
    why = miss if callable(miss) else (lambda start, state, _m=miss: _m)
    return Goal(text, met, why)


def win_goal(text: str = "Win the game.") -> Goal:
    """The game is over and the player who started the exercise has won."""

    def met(start, state):
        return state.is_over() and state.winner() == start.player

    def miss(start, state):
        if state.is_over():
            return state.end_reason() or "The game is over, and not won."
        return "The game goes on: that move does not win."

    return Goal(text, met, miss)


def gain_goal(text: str, cells: int, unit: str = "cells") -> Goal:
    """The starting player's score (``state.scores()``) grew by at least ``cells``."""

    def score(start, state):
        return state.scores()[start.player] - start.scores()[start.player]

    def miss(start, state):
        got = score(start, state)
        return f"That gains {got} {unit if got != 1 else unit.rstrip('s')}; the goal needs {cells}."

    return Goal(text, lambda start, state: score(start, state) >= cells, miss)


@dataclass(frozen=True)
class Exercise:
    """One "now you try" task (see the module doc).

    ``solution`` holds the player's moves and the scripted replies in order; ``par`` is the
    number of the player's moves it takes (counted from it when 0); ``extra`` more moves
    are allowed for fewer stars.  ``wrong`` is a legal move that misses (or a refused one)
    with a word its refusal must contain: the tests play it, and the docs list it."""

    title: str
    goal: Goal
    setup: Callable[[], object] = field(repr=False)
    solution: tuple[str, ...] = ()
    par: int = 0
    extra: int = 0
    safe: bool = True  # a move after which the opponent wins at once is a blunder
    engine: bool = True  # and one the engine calls a blunder (``engine_judgement``)
    after_reply: bool = False  # the goal is judged after the opponent's reply (too)
    hint: str = ""  # one sentence shown on request
    wrong: tuple[str, str] = ("", "")  # (a wrong move, a word of the reason it gets)
    lesson: str = ""  # the title of the lesson (of the game's LESSONS) it practises

    def start_state(self):
        return self.setup()

    @property
    def moves_allowed(self) -> int:
        return self.par_moves + self.extra

    @property
    def par_moves(self) -> int:
        if self.par:
            return self.par
        start = self.start_state()
        return sum(1 for who in _movers(start, self.solution) if who == start.player)

    def replies(self) -> tuple[str, ...]:
        """The scripted replies: the solution's moves made by the opponent."""
        start = self.start_state()
        movers = _movers(start, self.solution)
        return tuple(m for m, who in zip(self.solution, movers, strict=True) if who != start.player)

    def record(self) -> dict:
        """The exercise as ``python -m game.lessons GAME --exercises`` prints it."""
        start = self.start_state()
        return {
            "title": self.title,
            "lesson": self.lesson,
            "position": str(start),
            "fen": start.fen(),
            "solution": list(self.solution),
            "goal": self.goal.text,
            "par": self.par_moves,
            "to_move": start.seat_name(start.player),
        }


def _movers(start, moves) -> list[int]:
    """Who plays each of ``moves`` from ``start`` (raises IllegalMove on a bad line)."""
    state, out = start, []
    for m in moves:
        out.append(state.player)
        state = state.play(_find(state, m))
    return out


def _find(state, move):
    return state.find_move(move) if hasattr(state, "find_move") else move


@dataclass
class Verdict:
    """What one of the player's moves in an exercise came to.

    ``kind``: "refused" (the rules refuse it: nothing is played), "wrong" (played, but the
    goal is missed or the move loses: retry), "continue" (played and answered, more moves
    to go) or "solved".  ``played`` lists (before, move, after) for every move made,
    the reply included, so a screen can show them."""

    kind: str
    reason: str = ""
    played: list = field(default_factory=list)
    stars: int = 0
    refutation: object = None  # the opponent's winning answer to a blunder

    @property
    def ok(self) -> bool:
        return self.kind in ("continue", "solved")


ENGINE_REPLY_ITERATIONS = 200  # an unscripted reply: the engine at a small fixed budget
ENGINE_REPLY_SEED = 7


def engine_reply(state):
    """The engine's reply at a small fixed budget and seed (the same every time)."""
    from ai.mcts import MCTS

    return MCTS(iterations=ENGINE_REPLY_ITERATIONS, seed=ENGINE_REPLY_SEED).choose(state)


def winning_reply(state, limit: int = 4000):
    """A move for the player to move in ``state`` that wins the game at once, or None
    (the quick safety search; gives up after ``limit`` moves)."""
    if state.is_over():
        return None
    me = state.player
    for i, m in enumerate(state.legal_moves()):
        if i >= limit:
            break
        after = state.play(m)
        if after.is_over() and after.winner() == me:
            return m
    return None


BLUNDER_ITERATIONS = 150  # the engine's safety check: a small fixed budget and seed
BLUNDER_SEED = 11
_judged: dict = {}


@dataclass(frozen=True)
class EngineJudgement:
    """The engine's view of one move: the mover's calibrated win chances (in percent)
    after the engine's best move and after the move played, and the engine's answer."""

    best: float
    played: float
    answer: object = None

    @property
    def drop(self) -> float:
        return max(0.0, self.best - self.played)

    @property
    def label(self) -> str | None:
        """The review's label for the drop ("blunder" at its blunder threshold)."""
        from game.session import review

        return review.classify(self.drop)

    @property
    def loses_by_force(self) -> bool:
        """The move played walks into a loss the search proved (0 % is only ever a proof)
        where the best move does not: lichess calls a move that lets mate become
        unavoidable a blunder however far behind its player already was.  (The review's
        marks keep the drop thresholds alone: every figure of docs/review.md rests on
        them; an exercise only decides whether to let the move through.)"""
        return self.played == 0.0 and self.best > 0.0

    @property
    def refused(self) -> bool:
        """An exercise turns the move down: a blunder by the review's threshold, or a move
        into a forced loss."""
        return self.label == "blunder" or self.loses_by_force


def _mover_chance(result, mover: int) -> float:
    seat0 = result.win_chance if result.win_chance is not None else 0.5
    return 100.0 * (seat0 if mover == 0 else 1.0 - seat0)


def engine_judgement(before, move, after=None, reference=None) -> EngineJudgement | None:
    """The engine's judgement of ``move`` in ``before``: ai.mcts at ``BLUNDER_ITERATIONS``
    with ``BLUNDER_SEED`` searches the position after ``move`` and the position after the
    best move (``reference``: the exercise's own move here; else the engine's choice in
    ``before``), and ai.winchance turns both into the mover's chances, so the two numbers
    come from the same kind of search.  None when the game is over after either move (the
    rules decide that).  The same every time."""
    from ai.mcts import MCTS

    after = before.play(move) if after is None else after
    if after.is_over() or before.is_over():
        return None
    key = (str(before), str(move), str(reference))
    if key not in _judged:
        if len(_judged) > 256:
            _judged.clear()
        mover = before.player

        def search(state):
            return MCTS(iterations=BLUNDER_ITERATIONS, seed=BLUNDER_SEED).search(state)

        reply = search(after)
        played = _mover_chance(reply, mover)
        top = played
        if reference is None:  # the engine's own best: its choice, and its root chance
            first = search(before)
            reference = first.move
            top = max(top, _mover_chance(first, mover))
        if reference is not None and str(reference) != str(move):
            best_after = before.play(reference)
            if best_after.is_over():
                top = 100.0 if best_after.winner() == mover else played
            else:
                top = max(played, _mover_chance(search(best_after), mover))
        answer = reply.move if after.player != mover else None
        _judged[key] = EngineJudgement(round(top, 1), round(played, 1), answer)
    return _judged[key]


def stars_for(used: int, par: int, mistakes: int = 0) -> int:
    """3 stars at par (or under) at the first try; one fewer for each move over par and for
    each earlier try that went wrong; at least 1."""
    return max(1, 3 - max(0, used - par) - max(0, mistakes))


class Attempt:
    """One try at an exercise: feed it the player's moves with :meth:`play`."""

    def __init__(self, exercise: Exercise):
        self.exercise = exercise
        self.start = exercise.start_state()
        self.state = self.start
        self.mover = self.start.player
        self.used = 0  # the player's moves so far
        self.replied = 0  # scripted replies used
        self.line: list[str] = []  # every move made, replies included
        self.solved = False
        self.failed = ""  # the reason of the wrong move that ended this try
        self.stars = 0
        self.mistakes = 0  # earlier tries of this exercise that went wrong (or were left)
        self._replies = exercise.replies()

    @property
    def over(self) -> bool:
        return self.solved or bool(self.failed)

    @property
    def moves_left(self) -> int:
        return self.exercise.moves_allowed - self.used

    def retry(self) -> None:
        """Start again from the exercise's position; a try that went wrong (or was left
        half-way) counts as a mistake, one star fewer; a refused move does not.  After a
        solved try it is a fresh start."""
        if self.solved:  # solved: a fresh start, for the stars
            mistakes = 0
        else:
            mistakes = self.mistakes + (1 if self.failed or self.line else 0)
        self.__init__(self.exercise)
        self.mistakes = mistakes

    def _reply_for(self, state):
        if self.replied < len(self._replies):
            try:
                move = state.find_move(self._replies[self.replied])
            except rules.IllegalMove:
                move = None
            self.replied += 1
            if move is not None:
                return move
        return engine_reply(state)

    def play(self, move) -> Verdict:
        """The player's move (an object or its notation)."""
        if self.over:
            return Verdict("refused", "This try is over: retry, or go on to the next one.")
        state = self.state
        try:
            move = _find(state, move)
            after = state.play(move)
        except rules.IllegalMove as exc:
            return Verdict("refused", str(exc))
        played = [(state, move, after)]
        self.line.append(str(move))
        self.used += 1
        ex = self.exercise
        words = state.move_words(move)
        if ex.safe and not after.is_over() and after.player != self.mover:
            threat = winning_reply(after)
            if threat is not None:
                verdict = self._fail(
                    f"{words} is a blunder: {after.seat_name(after.player)} answers "
                    f"{after.move_words(threat)} and wins.",
                    played,
                    after,
                )
                verdict.refutation = threat
                return verdict
        reached = ex.goal.met(self.start, after)
        goes_on = reached or self.moves_left > 0 or ex.after_reply  # (a miss is told as one)
        if ex.engine and not after.is_over() and goes_on:
            verdict = self._engine_check(state, move, after, played, words)
            if verdict is not None:
                return verdict
        if reached:
            self.state = after
            self.solved = True
            self.stars = stars_for(self.used, ex.par_moves, self.mistakes)
            return Verdict("solved", "", played, self.stars)
        if after.is_over():
            return self._fail(
                f"{words} ends the game without the goal: {after.end_reason()}", played, after
            )
        if self.moves_left <= 0 and not ex.after_reply:
            return self._miss(words, played, after)
        # the opponent answers until it is the player's turn again
        state = after
        while not state.is_over() and state.player != self.mover:
            reply = self._reply_for(state)
            nxt = state.play(reply)
            played.append((state, reply, nxt))
            self.line.append(str(reply))
            state = nxt
        self.state = state
        if ex.after_reply and ex.goal.met(self.start, state):
            self.solved = True
            self.stars = stars_for(self.used, ex.par_moves, self.mistakes)
            return Verdict("solved", "", played, self.stars)
        if state.is_over():
            return self._fail(
                f"The game ended before the goal: {state.end_reason()}", played, state
            )
        if self.moves_left <= 0:
            return self._miss(words, played, state)
        return Verdict("continue", "", played)

    def _engine_check(self, state, move, after, played, words) -> Verdict | None:
        """The engine's safety check (after the quick one): a move whose chance falls by
        the review's blunder threshold below the best move's is a blunder, and a move into
        a proven loss where the best move is not lost is refused too.  The best move
        is the solution's while the player follows it, else the engine's own."""
        sol, n = self.exercise.solution, len(self.line) - 1
        reference = None
        if n < len(sol) and list(sol[:n]) == self.line[:n]:
            try:
                reference = _find(state, sol[n])
            except rules.IllegalMove:
                reference = None
        judged = engine_judgement(state, move, after, reference)
        if judged is None or not judged.refused:
            return None
        answer = ""
        if judged.answer is not None:
            answer = f" after {after.seat_name(after.player)}'s {after.move_words(judged.answer)}"
        what = "is a blunder" if judged.label == "blunder" else "loses by force"
        verdict = self._fail(
            f"{words} {what}: the engine gives you {judged.played:.0f}%{answer}, "
            f"against {judged.best:.0f}% for the best move.",
            played,
            after,
        )
        verdict.refutation = judged.answer
        return verdict

    def _miss(self, words: str, played, state) -> Verdict:
        why = self.exercise.goal.miss(self.start, state)
        return self._fail(f"{words} misses the goal. {why}", played, state)

    def _fail(self, reason: str, played, state) -> Verdict:
        self.state = state
        self.failed = reason
        return Verdict("wrong", reason, played)


def check_solution(exercise: Exercise) -> tuple[bool, str]:
    """Play the exercise's solution line through an :class:`Attempt`: (solved, why not)."""
    attempt = Attempt(exercise)
    moves = list(exercise.solution)
    while moves:
        move = moves.pop(0)
        verdict = attempt.play(move)
        if not verdict.ok:
            return False, f"{move}: {verdict.kind}: {verdict.reason}"
        for _, reply, _ in verdict.played[1:]:  # the replies made must be the line's
            if not moves or moves[0] != str(reply):
                return False, f"the reply {reply} is not the line's"
            moves.pop(0)
        if verdict.kind == "solved":
            return (not moves, "" if not moves else "solved before the line's end")
    return False, "the line ends before the goal"


def _game_module(game_id: str):
    if game_id not in rules.GAMES:
        return None
    name = f"game.lessons.{game_id}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def exercises_of(game_id: str) -> tuple:
    """The exercises of ``game_id`` (its lessons module's ``EXERCISES``), empty without."""
    return tuple(getattr(_game_module(game_id), "EXERCISES", ()))


def of_lesson(exercises, lesson) -> tuple:
    """The exercises (of a game's ``exercises``) that practise ``lesson`` (a Lesson or its
    title), in their order."""
    title = lesson if isinstance(lesson, str) else lesson.title
    return tuple(ex for ex in exercises if ex.lesson == title)


def lessons_of(game_id: str) -> tuple:
    """The rules tour of ``game_id`` (its module's ``LESSONS``), empty without."""
    return tuple(getattr(_game_module(game_id), "LESSONS", ()))


__all__ = [
    "Attempt",
    "EngineJudgement",
    "Exercise",
    "Goal",
    "Lesson",
    "Played",
    "Step",
    "Verdict",
    "check_solution",
    "engine_judgement",
    "exercises_of",
    "lessons_of",
    "of_lesson",
    "from_start",
    "from_text",
    "gain_goal",
    "goal",
    "win_goal",
    "work_out",
]
