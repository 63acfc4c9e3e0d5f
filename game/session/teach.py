"""Teaching from the review: a better move's line, learning from your mistakes, the coach.

Pure Python (no pygame); the engine is reached only through an ``ai.worker`` worker
(``AIWorker`` or ``InlineAI``), never blocking, as ``game.session.review`` does.

* :func:`line_states` plays a principal line (notations) from a position, for a board
  that shows it move by move;
* :class:`Probe` is one search through the worker: the value of a position for the
  player to move there, its best move and line;
* :class:`Lesson` steps through a player's marked moves of a reviewed game: the position
  *before* the mistake, the player's try judged by the engine with the review's own
  thresholds (``game.session.review.classify``): the best move, good enough, or still a mistake,
  and the line that refutes a try that fails;
* :class:`Coach` watches a game against the computer: it values the human's move while
  the computer's reply waits (``Match.waits``), and when the drop passes the mistake
  threshold it offers to take the move back, saying what the better move achieves.

A drop is measured as the review measures it: the mover's winning chance with the
engine's best move (the search of the position before) less the chance after the move
tried (the value of that move in the same search when it was looked at enough, else a
search of the position after it).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from ai import winchance
from game.session import review

_tokens = itertools.count(1)
COACH_LABELS = ("mistake", "blunder")  # the coach speaks up from the mistake threshold on


def line_states(state, line) -> list:
    """``[(move, position after it), ...]`` for the moves of ``line`` (notations or
    objects) played from ``state``, as far as they are legal (never raises)."""
    out = []
    for text in line or ():
        try:
            if state.is_over():
                break
            move = state.find_move(str(text))
            state = state.play(move)
        except Exception:
            break
        out.append((move, state))
    return out


def mover_chance(
    state, mover: int, value: float | None = None, iterations=None, guided: bool = False
) -> float:
    """``mover``'s winning chance (%) in ``state``: from the rules when it is over, else
    from ``value``, a search's value for the player to move in ``state`` after
    ``iterations`` (``guided``: by the learned priors), calibrated as the review's and the
    bar's chances are (``ai.winchance``)."""
    if state.is_over():
        try:
            v0 = float(state.result())
        except Exception:  # a state without result(): its winner says as much
            w = state.winner()
            v0 = 0.0 if w is None else (1.0 if w == 0 else -1.0)
        return review.win_chance(v0 if mover == 0 else -v0)
    v = float(value or 0.0)
    c0 = winchance.of_state(state, v, iterations, guided=guided)
    return 100.0 * (c0 if mover == 0 else 1.0 - c0)


def enough_visits(iterations: int) -> int:
    """How many visits a move needs before its value in a search is trusted (as the
    review's ``Analyser`` trusts the move played)."""
    return max(5, int(iterations) // 100)


class Probe:
    """One search of ``state`` through ``worker`` (``iterations``, ``seed``).  Call
    ``update`` once a frame; ``result`` is the worker's result message once it came, and
    ``error`` a reason when the search failed twice.  Asked again, once, when another
    request replaced it in the worker."""

    def __init__(self, worker, state, iterations: int, seed: int = 0):
        self.worker = worker
        self.state = state
        self.iterations = int(iterations)
        self.seed = int(seed)
        self.result: dict | None = None
        self.error: str | None = None
        self.tries = 0
        self.rid: tuple[str, int] | None = None
        self._send()

    @property
    def done(self) -> bool:
        return self.result is not None or self.error is not None

    def _send(self) -> None:
        self.tries += 1
        self.rid = ("teach", next(_tokens))
        spec = {"iterations": self.iterations, "seed": self.seed, **review.SEARCH}
        try:
            self.worker.request(self.state, spec, request_id=self.rid)
        except Exception as exc:
            self.error = f"the computer could not start: {exc}"

    def cancel(self) -> None:
        if not self.done and getattr(self.worker, "current_id", None) == self.rid:
            self.worker.cancel()
        self.error = self.error or "cancelled"

    def update(self) -> None:
        if self.done:
            return
        for msg in self.worker.poll():
            if msg.get("id") != self.rid:
                continue
            if msg.get("type") == "result":
                self.result = msg
                return
            if msg.get("type") == "error":
                if self.tries >= 2:
                    self.error = str(msg.get("message") or "the search failed")
                    return
                self._send()
                return
        if getattr(self.worker, "current_id", self.rid) != self.rid:
            if self.tries >= 3:
                self.error = "the computer was busy with something else"
            else:
                self._send()  # someone else's request replaced ours

    # --- reading the result ------------------------------------------------------------------
    @property
    def value(self) -> float:
        try:
            return float((self.result or {}).get("value") or 0.0)
        except (TypeError, ValueError):
            return 0.0

    @property
    def guided(self) -> bool:
        """Whether the learned priors guided the search (its chances read by their table)."""
        return bool((self.result or {}).get("guided"))

    @property
    def best(self) -> str | None:
        move = (self.result or {}).get("move")
        return str(move) if move else None

    @property
    def pv(self) -> list:
        return review.principal_line(self.result or {}, self.best) or (
            [self.best] if self.best else []
        )

    def move_value(self, move) -> float | None:
        """The value of ``move`` (for the player to move) in this search, when it was
        visited enough to trust; else None."""
        for entry in (self.result or {}).get("stats") or ():
            try:
                notation, visits, value = str(entry[0]), int(entry[1]), float(entry[2])
            except (TypeError, ValueError, IndexError):
                continue
            if notation == str(move) and visits >= enough_visits(self.iterations):
                return value
        return None


@dataclass
class Verdict:
    """The engine's judgement of a move tried in a position.

    ``kind`` is "best" (the engine's own move), "good" (under the inaccuracy threshold,
    or only an inaccuracy: good enough), or a review label ("mistake", "blunder"; an
    "inaccuracy" counts as good enough in a lesson but is named); ``before`` and
    ``after`` are the mover's winning chances (%), ``drop`` their difference;
    ``best`` the engine's move; ``line`` the moves that follow the try as the engine sees
    them (for a failed try: the refutation); ``label`` the review's label or None."""

    move: str
    kind: str
    before: float
    after: float
    drop: float
    best: str | None
    label: str | None = None
    line: list = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.kind in ("best", "good")


def judge(move, before: float, after: float, best: str | None, line=()) -> Verdict:
    """Class a try by the review's thresholds (``review.classify``)."""
    drop = max(0.0, round(before - after, 6))
    if best is not None and str(move) == str(best):
        return Verdict(str(move), "best", before, max(before, after), 0.0, best, None, list(line))
    label = review.classify(drop)
    kind = "good" if label in (None, "inaccuracy") else label
    return Verdict(str(move), kind, before, after, drop, best, label, list(line))


class Lesson:
    """Learn from your mistakes: the marked moves of ``seats`` in a reviewed game, one at a
    time, from the position before each.

        lesson = Lesson(states, moves, analysis, seats=[0], worker=app.ai)
        lesson.position              # the position before the current mistake
        lesson.attempt("f6")         # the player's try (a legal move)
        lesson.update()              # once a frame: the engine judges it
        lesson.verdict               # a Verdict once judged (None meanwhile)
        lesson.next()                # on to the next marked move (False: none left)

    ``iterations`` is the search budget for a try (the analysis's own by default)."""

    def __init__(self, states, moves, analysis, seats=(0, 1), worker=None, iterations=None):
        self.states = list(states)
        self.moves = [str(m) for m in moves]
        self.analysis = analysis
        self.reviews = analysis.reviews(self.states, self.moves)
        self.marks = [r for r in self.reviews if r.label and r.best and r.mover in seats]
        self.iterations = int(
            iterations or analysis.iterations or review.BUDGETS["quick"]["iterations"]
        )
        self.worker = worker
        self.index = 0
        self.verdict: Verdict | None = None
        self.tried: str | None = None
        self.solved = 0  # marked moves the player found a good move for
        self._probe: Probe | None = None
        self.error: str | None = None

    def __len__(self) -> int:
        return len(self.marks)

    @property
    def current(self):
        """The MoveReview of the mistake being worked on (None when there are none)."""
        return self.marks[self.index] if 0 <= self.index < len(self.marks) else None

    @property
    def position(self):
        rv = self.current
        return None if rv is None else self.states[rv.ply]

    @property
    def judging(self) -> bool:
        return self._probe is not None

    def best_line(self) -> list:
        """The engine's line from the position before the mistake (its better move first)."""
        rv = self.current
        if rv is None:
            return []
        ev = self.analysis.evals[rv.ply]
        line = list(getattr(ev, "pv", None) or [])
        return line if line and line[0] == rv.best else [rv.best]

    def refutation(self) -> list:
        """The engine's line after the mistake as it was played (the opponent's answer)."""
        rv = self.current
        if rv is None or rv.ply + 1 >= len(self.analysis.evals):
            return []
        ev = self.analysis.evals[rv.ply + 1]
        return list(getattr(ev, "pv", None) or ([ev.best] if ev and ev.best else []))

    def attempt(self, move) -> Verdict | None:
        """Judge the legal ``move`` tried in ``position``: at once for the engine's best
        move, the mistake itself or a move that ends the game; else through a search
        (``update`` until ``verdict``).  ValueError for an illegal move."""
        rv = self.current
        if rv is None:
            raise ValueError("there is no marked move to work on")
        self.cancel()
        state = self.position
        obj = state.find_move(move)
        text = str(obj)
        self.tried = text
        self.verdict = None
        self.error = None
        after = state.play(obj)
        if text == rv.best:
            self.verdict = judge(text, rv.before, rv.before, rv.best, self.best_line()[1:])
        elif text == rv.move:
            self.verdict = judge(text, rv.before, rv.after, rv.best, self.refutation())
        elif after.is_over():
            self.verdict = judge(text, rv.before, mover_chance(after, rv.mover), rv.best)
        if self.verdict is not None:
            self._count()
            return self.verdict
        if self.worker is None:
            from ai.worker import InlineAI

            self.worker = InlineAI()
        self._probe = Probe(self.worker, after, self.iterations, seed=rv.ply)
        return None

    def _count(self) -> None:
        if self.verdict is not None and self.verdict.solved:
            self.solved += 1

    def update(self) -> None:
        probe = self._probe
        if probe is None:
            return
        probe.update()
        if not probe.done:
            return
        self._probe = None
        rv = self.current
        if probe.error:
            self.error = probe.error
            return
        after = mover_chance(probe.state, rv.mover, probe.value, probe.iterations, probe.guided)
        self.verdict = judge(self.tried, rv.before, after, rv.best, probe.pv)
        self._count()

    def cancel(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            self._probe = None

    def retry(self) -> None:
        """Try the same position again."""
        self.cancel()
        self.verdict = None
        self.tried = None

    def next(self) -> bool:
        """On to the next marked move; False (and nothing changes) when none is left."""
        if self.index + 1 >= len(self.marks):
            return False
        self.cancel()
        self.index += 1
        self.verdict = None
        self.tried = None
        return True


class Coach:
    """Coach mode for a game against the computer: after each move of the human seat it
    values the move (holding the computer's reply: install ``waits`` as the match's
    ``waits``) and, past the mistake threshold, keeps ``advice`` (a Verdict) for the
    scene to offer "Take back and think again".

    The search of the human's position starts as soon as it is the human's turn, so the
    judgement is often ready the moment the move is made.  ``worker`` is a function
    returning the worker (or None while it is not up)."""

    def __init__(self, match, worker, iterations: int | None = None):
        self.match = match
        self.worker = worker
        self.iterations = int(iterations or review.BUDGETS["quick"]["iterations"])
        self.human = next((p for p in (0, 1) if not match.is_computer(p)), 0)
        self.advice: Verdict | None = None
        self.advice_ply: int | None = None  # the ply of the move the advice is about
        self.reason: str | None = None
        self._before: Probe | None = None  # the search of the human's position
        self._before_key: str | None = None  # ... of that position (its text)
        self._after: Probe | None = None  # the search after the human's move, if needed
        self._judged: set = set()  # (ply, move) already judged: never twice
        self.errors = 0
        self.judged = 0  # moves judged (for the panel and the tests)

    # --- the match asks -----------------------------------------------------------------------
    def _pending(self) -> tuple | None:
        """(ply, move) of the human's move the computer's reply waits on, if any."""
        m = self.match
        ply = m.ply - 1
        if not m.computer_turn or ply < 0 or m.states[ply].player != self.human:
            return None
        key = (ply, m.moves[ply])
        return None if key in self._judged or self.errors >= 3 else key

    def waits(self) -> bool:
        """True while the computer's reply must wait for the coach."""
        return self.advice is not None or self._pending() is not None

    # --- once a frame --------------------------------------------------------------------------
    def _probe_before(self, worker, state, ply: int) -> Probe:
        key = str(state)
        if self._before is None or self._before_key != key:
            if self._before is not None:
                self._before.cancel()
            self._before = Probe(worker, state, self.iterations, seed=ply)
            self._before_key = key
        return self._before

    def update(self) -> None:
        m = self.match
        worker = self.worker()
        if worker is None or self.advice is not None or m.req_id is not None:
            return  # (the match's own request has the worker)
        if m.human_turn:  # think while the human does: the judgement is then quick
            probe = self._probe_before(worker, m.state, m.ply)
            probe.update()
            return
        key = self._pending()
        if key is None:
            return
        ply, move = key
        probe = self._probe_before(worker, m.states[ply], ply)
        if not probe.done:
            probe.update()
            if not probe.done:
                return
        if probe.error:
            self._give_up(key)
            return
        self._judge(worker, ply, move, probe)

    def _judge(self, worker, ply: int, move: str, probe: Probe) -> None:
        m = self.match
        before_state, after_state = m.states[ply], m.states[ply + 1]
        before = mover_chance(before_state, self.human, probe.value, probe.iterations, probe.guided)
        if after_state.is_over() or move == probe.best:
            after = mover_chance(after_state, self.human) if after_state.is_over() else before
            self._verdict(ply, move, judge(move, before, after, probe.best))
            return
        value = probe.move_value(move)
        if value is not None:
            after = mover_chance(before_state, self.human, value, self.iterations, probe.guided)
            self._verdict(ply, move, judge(move, before, after, probe.best))
            return
        if self._after is None or self._after.state is not after_state:
            if self._after is not None:
                self._after.cancel()
            self._after = Probe(worker, after_state, self.iterations, seed=ply + 1)
            return
        self._after.update()
        if not self._after.done:
            return
        if self._after.error:
            self._give_up((ply, move))
            return
        after = mover_chance(
            after_state, self.human, self._after.value, self.iterations, self._after.guided
        )
        self._verdict(ply, move, judge(move, before, after, probe.best, self._after.pv))

    def _verdict(self, ply: int, move: str, verdict: Verdict) -> None:
        self._judged.add((ply, move))
        self._after = None
        self.judged += 1
        if verdict.kind in COACH_LABELS:
            self.advice = verdict
            self.advice_ply = ply
            state = self.match.states[ply]
            self.reason = state.explain(verdict.best) if verdict.best else None

    def _give_up(self, key) -> None:
        self.errors += 1
        self._judged.add(key)
        self._cancel()

    def _cancel(self) -> None:
        for probe in (self._before, self._after):
            if probe is not None:
                probe.cancel()
        self._before = self._after = None
        self._before_key = None

    # --- the player answers ------------------------------------------------------------------
    def take_back(self) -> bool:
        """Undo the human's move the advice is about (the computer has not replied); the
        next try is judged afresh (the search of the position is kept)."""
        if self.advice is None:
            return False
        m = self.match
        key = (self.advice_ply, m.moves[self.advice_ply]) if self.advice_ply < m.ply else None
        self.advice = None
        self.reason = None
        done = m.undo()
        if done and key is not None:
            self._judged.discard(key)  # the same move again is judged (and advised) again
        return done

    def play_on(self) -> None:
        """Keep the move: the computer replies."""
        self.advice = None
        self.reason = None

    def close(self) -> None:
        """Stop: nothing waits on the coach any more."""
        self._cancel()
        self.advice = None
        self.reason = None


__all__ = [
    "COACH_LABELS",
    "Coach",
    "Lesson",
    "Probe",
    "Verdict",
    "judge",
    "line_states",
    "mover_chance",
]
