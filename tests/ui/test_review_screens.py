"""The review of a game (game.session.review): values per position, moves classed, the Analyser
driven through a worker, the analysis text, and the analysis kept in game records.

The interface half: the same through the app's screens."""

from __future__ import annotations

import time

import pytest
from review_support import ITERATIONS, Pile, analysed, pile_game, record_of, scripted

from ai.worker import AIWorker, InlineAI
from game.session import keeping, records
from game.session.match import Match
from game.session.review import Analyser, Analysis, PositionEval, analyse
from game.ui import opening

# For every game, a game played at random (seeded; kept here as notation) up to a
# position P where the mover can win at once; the scripted game starts two moves before
# P and plays, in P, a deliberate blunder: a move that throws the win away and either
# ends the game lost (or drawn) or lets the opponent win at once (``reply``).


# --- a small game of our own, for the forced and finished positions -----------------------------


def test_a_finished_game_of_one_position_needs_no_search():
    worker = InlineAI()
    an = Analyser([Pile(0, 1)], worker=worker)
    assert not an.done and an.progress == 0.0  # the constructor does no work
    an.update()
    assert an.done and an.analysis.complete and worker.requests == 0
    assert an.analysis.evals == [PositionEval(1.0, None, 1)] and an.progress == 1.0


def test_the_same_game_gives_the_same_review_and_a_seed_per_position():
    states = pile_game("2", "2", "1", "2")
    a1 = analyse(states, iterations=30, seed=5)
    a2 = analyse(states, iterations=30, seed=5)
    assert a1.to_text() == a2.to_text()
    seen = []

    class Spy(InlineAI):
        def request(self, state, spec="medium", request_id=None):
            seen.append(dict(spec))
            return super().request(state, spec, request_id)

    an = Analyser(states, worker=Spy(), seed=5, iterations=30)
    while not an.done:
        an.update()
    assert an.analysis.to_text() == a1.to_text()
    assert [s["seed"] for s in seen] == [5, 6, 8]  # positions 0, 1 and 3 (2 is forced)
    assert all(s["iterations"] == 30 for s in seen)


# --- the Analyser: driving, cancelling, resuming, errors ---------------------------------------
def test_the_analyser_with_inline_ai_runs_to_the_end():
    game, start, moves, states, p = scripted("gliss")
    an = Analyser(states, "quick", worker=InlineAI(), moves=moves, iterations=ITERATIONS)
    assert not an.done and an.progress == 0.0 and an.analysis.budget == "quick"
    seen = [an.progress]
    for _ in range(100):
        an.update()
        seen.append(an.progress)
        if an.done:
            break
    assert an.done and not an.cancelled and an.error is None and an.analysis.complete
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert an.analysis.to_text() == analysed("gliss").to_text()
    an.update()  # safe after the end
    assert an.done and an.analysis.complete


def test_cancel_keeps_the_partial_analysis_and_it_resumes():
    game, start, moves, states, p = scripted("gess")
    worker = InlineAI()
    an = Analyser(states, worker=worker, moves=moves, iterations=ITERATIONS)
    an.update()  # asks for position 0
    an.update()  # its answer; asks for position 1
    assert an.analysis.evals[0] is not None and an.current == 1 and worker.busy
    an.cancel()
    assert an.done and an.cancelled and an.error is None and not worker.busy
    part = an.analysis
    assert not part.complete and part.evals[1] is None and 0 < an.progress < 1
    an.update()  # nothing more happens
    assert part.evals[1] is None
    text = part.to_text()
    assert Analysis.from_text(text).evals == part.evals  # a partial one is saved as it is
    again = Analyser(states, "deep", worker=worker, analysis=Analysis.from_text(text))
    assert again.budget == "quick" and again.iterations == ITERATIONS  # the analysis' own
    while not again.done:
        again.update()
    assert again.analysis.complete
    assert again.analysis.to_text() == analysed("gess").to_text()


class FlakyWorker(InlineAI):
    """Answers the first ``fail`` requests with an error (as a restarted process does)."""

    def __init__(self, fail):
        super().__init__()
        self.fail = fail

    def poll(self):
        if self._pending is not None and self.fail > 0:
            self.fail -= 1
            rid = self._current_id
            self._pending = None
            return [{"type": "error", "id": rid, "restarted": True, "message": "it crashed"}]
        return super().poll()


def test_a_worker_error_is_retried_once():
    states = pile_game("1", "1", "2", "1", "2")
    worker = FlakyWorker(1)
    an = Analyser(states, worker=worker, iterations=30)
    while not an.done:
        an.update()
    assert an.error is None and an.analysis.complete and worker.requests == 4


def test_a_second_error_stops_cleanly():
    states = pile_game("1", "1", "2", "1", "2")
    worker = FlakyWorker(2)
    an = Analyser(states, worker=worker, iterations=30)
    for _ in range(20):
        an.update()
    assert an.done and not an.cancelled and "it crashed" in an.error and "position 0" in an.error
    assert worker.requests == 2 and not an.analysis.complete
    with pytest.raises(RuntimeError, match="it crashed"):
        analyse_with(FlakyWorker(5), states)


def analyse_with(worker, states):
    an = Analyser(states, worker=worker, iterations=30)
    while not an.done:
        an.update()
    if an.error:
        raise RuntimeError(an.error)
    return an.analysis


def test_a_request_replaced_by_someone_else_is_asked_again():
    states = pile_game("1", "1", "2", "1", "2")
    worker = InlineAI()
    an = Analyser(states, worker=worker, iterations=30)
    an.update()
    worker.request(Pile(4), {"iterations": 5}, request_id="someone else")
    an.update()  # the other answer is not ours: ours is asked again
    while not an.done:
        an.update()
    assert an.analysis.complete and an.analysis.evals == analyse(states, iterations=30).evals


def test_the_analyser_through_the_worker_process():
    game, start, moves, states, p = scripted("glorieta")
    worker = AIWorker(start=True)
    try:
        an = Analyser(states, worker=worker, moves=moves, iterations=ITERATIONS)
        for _ in range(6000):  # a bound on the loop, not a timing assert
            an.update()
            if an.done:
                break
            time.sleep(0.01)
        assert an.done and an.error is None and an.analysis.complete
        assert an.analysis.to_text() == analysed("glorieta").to_text()
    finally:
        worker.close()


# --- saved with the record ------------------------------------------------------------------------


class StubApp:
    move_cap = None

    def new_match(self, game, options=None, seats=None, **kwargs):
        return Match(game, options, seats, **kwargs)


def test_a_match_saves_its_analysis_and_reopens_reviewed():
    game, start, moves, states, p = scripted("glorieta")
    app = StubApp()
    rec = records.loads(record_of("glorieta"))
    match = keeping.match_of(app, rec)
    assert match.analysis is None
    match.analysis = analysed("glorieta")
    text = records.dumps_match(match)
    assert "analysis: quick" in text
    again = keeping.match_of(app, records.loads(text))
    assert again.analysis == analysed("glorieta") and again.moves == moves
    assert again.analysis.reviews(again.states, again.moves)[p].label == "blunder"
    # an analysis of other moves or of another length is not written with the match
    a = analysed("glorieta")
    match.analysis = Analysis(a.budget, a.evals, a.players, ["x"] + a.moves[1:], a.iterations)
    assert "analysis:" not in records.dumps_match(match)
    match.analysis = Analysis(a.budget, a.evals[:-1], a.players[:-1], None, a.iterations)
    assert "analysis:" not in records.dumps_match(match)
    match.analysis = "not an analysis"
    assert "analysis:" not in records.dumps_match(match)


def test_open_file_reopens_a_reviewed_game(tmp_path):
    from tests.test_client_support import make_app

    path = tmp_path / "reviewed.txt"
    path.write_text(record_of("splay", analysed("splay")), encoding="utf-8")
    app = make_app()
    try:
        assert opening.open_file(app, str(path))
        assert app.scene.match.analysis == analysed("splay")
    finally:
        app.shutdown()
