"""The review of a game (game.review): values per position, moves classed, the Analyser
driven through a worker, the analysis text, and the analysis kept in game records."""

from __future__ import annotations

import time

import pytest

from ai.worker import AIWorker, InlineAI
from game import keeping, records, review, rules
from game.match import Match
from game.review import Analyser, Analysis, PositionEval, analyse, classify
from game.rules.core import State

ITERATIONS = 300  # per position: enough to see a win in one among a few hundred moves

# For every game, a game played at random (seeded; kept here as notation) up to a
# position P where the mover can win at once; the scripted game starts two moves before
# P and plays, in P, a deliberate blunder: a move that throws the win away and either
# ends the game lost (or drawn) or lets the opponent win at once (``reply``).
SCENARIOS = {
    "splay": {
        "options": {},
        "prefix": "h8 b2 j7 g6 j8 c5 d6 f4 e9 d8 h10 i6 h7 d8 j8 i7 e2 d4 f9 f7 d7 d3 j7 d4 "
        "f2 c7 e4 g4 f2 b4 e2 e3 j10 i7 d6 d4 e9 e6 b3 f6 i10 g3 g9 b5 h4 d8 h5 e6 c2 i6 e2 "
        "b2 g9 c5 e2 c5 h4 f6 j8 f10 c2 f10 j10 b5 c2 f6 h10 g8 g9 b5 j10 f10 b3 pass i10 "
        "pass",
        "win": "j10",
        "blunder": "i10",
        "reply": None,
    },
    "gliss": {
        "options": {},
        "prefix": "f12+ i1+ a11+ i2:j1>i4 c6+ i4>i5 a12:b11>off i11+",
        "win": "g12:f13>i13",
        "blunder": "c6:d7>off",
        "reply": "i12:j11>g12",
    },
    "gess": {
        "options": {},
        "prefix": "d6-c7 d19-c18 e7-h7 n14-o14 f1-e2 h14-j14 r5-r4 h20-g19 d3-c3 f17-g17 "
        "n8-o7 f13-f15 p2-o3 q17-p17 q8-r7 e17-d18 c8-b8 r16-q17 a3-b4 e19-e18 i8-i7 a17-b17 "
        "d6-c5 p20-p19 h4-h3 k14-m14 a5-b4 b20-c19 q4-r3 o13-q15 s1-s2 c16-c17 p4-o3 "
        "n13-m14 j6-g6 e18-e16 s7-s6 p19-p18 f4-f3 d13-b15 k8-m6 l14-l15 e6-g6 f18-g18 "
        "h3-i2 t19-s18 t4-r2 l18-m17 i7-g5",
        "win": "j18-j5",
        "blunder": "l15-l16",
        "reply": None,
    },
    "glades": {
        "options": {},
        "prefix": "c8:6-c9:5 a2:1-b2:4 d6:5-d7:2 g3:2-g4:6 c2:4-c3:1 g8:3-h8:3 i8:3-i9:6 "
        "a9:2-b9:5 f1:1-g1:1 f6:3-g6:4 i1:2-i2:3 d1:2-e1:1 b5:5-b6:4 d4:4-d5:5 h4:6-i4:2 "
        "e9:4-f9:6 a3:1-a4:3 a7:2-b7:4 e3:1-f3:2",
        "win": "i6:5-i7:3",
        "blunder": "i5:2-i6:2",
        "reply": None,
    },
    "glorieta": {
        "options": {"seed": 1},
        "prefix": "i11 take:orange i6 h7 g6 j10 e5 d7 f8 i12 b5 f10 j8 h4 k13 h12 f5 m9 g9 "
        "c7 k6 i8 i13 k11 j4 m7 b1 l9 f6 f11 e9 a1 f7 l11 i5 k12",
        "win": "e6",
        "blunder": "a5",
        "reply": "l12",
    },
}


def scripted(gid):
    """(game, start, moves, states, P): the scripted game with its blunder in move P."""
    sc = SCENARIOS[gid]
    game = rules.get(gid)
    state = game.start(**sc["options"])
    prefix = sc["prefix"].split()
    for m in prefix[:-2]:
        state = state.play(m)
    moves = prefix[-2:] + [sc["blunder"]] + ([sc["reply"]] if sc["reply"] else [])
    states = [state]
    for m in moves:
        states.append(states[-1].play(m))
    return game, state, moves, states, 2


_cache: dict = {}


def analysed(gid):
    if gid not in _cache:
        game, start, moves, states, p = scripted(gid)
        _cache[gid] = analyse(states, iterations=ITERATIONS, moves=moves)
    return _cache[gid]


def wins_at_once(state, move) -> bool:
    after = state.play(move)
    return after.is_over() and after.winner() == state.player


# --- the thresholds -------------------------------------------------------------------------
def test_classify_by_the_drop_in_winning_chance():
    assert review.LABELS == ("inaccuracy", "mistake", "blunder")
    assert review.THRESHOLDS == {"inaccuracy": 10, "mistake": 20, "blunder": 30}
    assert [classify(d) for d in (None, 0, 9.99, 10, 19.9, 20, 29.9, 30, 100)] == [
        None,
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert review.win_chance(-1) == 0 and review.win_chance(0) == 50 and review.win_chance(1) == 100
    assert 300 <= review.BUDGETS["quick"]["iterations"] <= 600
    assert 3000 <= review.BUDGETS["deep"]["iterations"] <= 5000


# --- a blunder in every game ------------------------------------------------------------------
def test_every_game_has_a_scripted_blunder():
    assert set(SCENARIOS) == set(rules.GAMES)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_the_blunder_is_found_in_every_game(gid):
    game, start, moves, states, p = scripted(gid)
    sc = SCENARIOS[gid]
    assert wins_at_once(states[p], sc["win"]) and not wins_at_once(states[p], sc["blunder"])
    a = analysed(gid)
    assert len(a.evals) == len(states) and a.complete
    assert all(-1.0 <= e.value0 <= 1.0 for e in a.evals)
    chances = a.win_chances()
    assert len(chances) == len(states) and all(0.0 <= c <= 100.0 for c in chances)
    final = states[-1]
    if final.is_over():  # valued from the rules, not searched
        assert a.evals[-1].value0 == final.result() and a.evals[-1].best is None
    for k, s in enumerate(states[:-1]):  # a forced position takes the value after it
        if len(s.legal_moves()) == 1:
            assert a.evals[k].value0 == a.evals[k + 1].value0
            assert a.evals[k].best == str(s.legal_moves()[0])

    revs = a.reviews(states, moves)
    assert [r.move for r in revs] == moves and [r.ply for r in revs] == list(range(len(moves)))
    assert [r.mover for r in revs] == [s.player for s in states[:-1]]
    bad = revs[p]
    assert bad.label == "blunder", bad
    assert bad.best is not None and bad.best != sc["blunder"]
    assert wins_at_once(states[p], bad.best)  # the engine's better move wins at once
    assert bad.before == pytest.approx(100.0) and bad.drop >= 30
    assert bad.drop == pytest.approx(bad.before - bad.after)
    for r in revs:  # the engine's own move is never faulted
        if r.move == a.evals[r.ply].best:
            assert r.label is None and r.best is None
        opening = r.ply < review.OPENING  # a first move: only a forced loss is marked
        expect = classify(r.drop) if r.best is not None else None
        after = a.evals[r.ply + 1]
        lost = after.proven is not None and after.proven == (-1 if r.mover == 0 else 1)
        assert r.label == (None if opening and not lost else expect)
    if sc["reply"] is not None:  # the opponent took the win: no fault
        assert revs[-1].label is None
    counts = a.counts()
    assert counts[bad.mover]["blunder"] >= 1
    assert sum(n for seat in counts.values() for n in seat.values()) == sum(
        r.label is not None for r in revs
    )


@pytest.mark.parametrize("gid", rules.GAMES)
def test_the_engines_own_best_move_is_not_labelled(gid):
    game, start, moves, states, p = scripted(gid)
    best = analysed(gid).evals[p].best
    good_moves = moves[:p] + [best]
    good_states = states[: p + 1] + [states[p].play(best)]
    a = analyse(good_states, iterations=ITERATIONS, moves=good_moves)
    last = a.reviews(good_states, good_moves)[-1]
    assert last.move == best and last.label is None and last.best is None
    assert last.after == pytest.approx(100.0)  # it won


# --- a small game of our own, for the forced and finished positions -----------------------------
class Pile(State):
    """Take 1 or 2 from a pile (only 1 when the pile is a multiple of 3); taking the last
    one wins."""

    def __init__(self, n: int, player: int = 0):
        self.n, self.player = n, player

    def legal_moves(self):
        if self.n == 0:
            return []
        return ["1"] if self.n % 3 == 0 or self.n == 1 else ["1", "2"]

    def play(self, move):
        if str(move) not in self.legal_moves():
            raise rules.IllegalMove(f"{move} is not legal")
        return Pile(self.n - int(str(move)), 1 - self.player)

    def is_over(self):
        return self.n == 0

    def winner(self):
        return 1 - self.player if self.n == 0 else None

    def __str__(self):
        return f"pile {self.n} {self.player}\n"


def pile_game(*moves, n=7):
    states = [Pile(n)]
    for m in moves:
        states.append(states[-1].play(m))
    return states


# A pile of 3k is lost for the side to move (one move, to 3k - 1), any other is won.
def test_forced_and_finished_positions():
    moves = ["2", "2", "1", "2"]
    states = pile_game(*moves)  # 7 5 3 2 0: seat 0 throws the win away at once
    a = analyse(states, iterations=200, moves=moves)
    assert a.complete and len(a.evals) == 5
    assert a.evals[-1] == PositionEval(-1.0, None, -1)  # seat 1 took the last one
    # the pile of 3 has one move: the value of the next position
    assert a.evals[2] == PositionEval(a.evals[3].value0, "1", a.evals[3].proven)
    assert a.evals[3] == PositionEval(-1.0, "2", -1)  # seat 1 to move takes 2
    assert a.evals[1] == PositionEval(-1.0, "2", -1)  # 5: seat 1 takes 2, leaving 3
    assert a.evals[0] == PositionEval(1.0, "1", 1)  # 7: take 1, leaving 6
    revs = a.reviews(states)
    assert (revs[0].label, revs[0].best, revs[0].before, revs[0].after) == (
        "blunder",
        "1",
        100.0,
        0.0,
    )
    assert [r.label for r in revs[1:]] == [None, None, None]
    assert a.counts() == {
        0: {"inaccuracy": 0, "mistake": 0, "blunder": 1},
        1: dict.fromkeys(review.LABELS, 0),
    }
    # derived moves (none given) are the same
    b = analyse(states, iterations=200)
    assert b.moves == a.moves == moves and b.evals == a.evals


def test_a_forced_position_at_the_end_of_an_unfinished_game():
    states = pile_game("1")  # 7 then 6: 6 has one move, to 5, which is searched
    a = analyse(states, iterations=200)
    assert a.evals[1] == PositionEval(1.0, "1", 1)  # seat 0 to move wins from 5
    states = pile_game("2", "1", n=4)  # 4 2 1: 1 has one move, which ends the game
    a = analyse(states, iterations=50)
    assert states[2].player == 0 and a.evals[2] == PositionEval(1.0, "1", 1)
    assert a.evals[1] == PositionEval(-1.0, "2", -1)


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


def test_bad_arguments():
    states = pile_game("1")
    with pytest.raises(ValueError, match="budget"):
        Analyser(states, "slow")
    with pytest.raises(ValueError, match="positions"):
        Analyser(states, analysis=Analysis("quick", [None] * 5))
    with pytest.raises(ValueError, match="moves"):
        Analyser(states, moves=["1", "2"])
    with pytest.raises(RuntimeError, match="follow"):
        analyse([Pile(7), Pile(3, 1)], iterations=10)
    with pytest.raises(ValueError, match="moves"):
        Analysis("quick", [None, None]).reviews()
    assert Analysis("quick", [None, None]).counts() == {
        s: dict.fromkeys(review.LABELS, 0) for s in (0, 1)
    }


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


# --- the text -----------------------------------------------------------------------------------
def test_text_round_trip():
    a = analysed("gliss")
    text = a.to_text()
    head = f"quick positions={len(a.evals)} iterations={ITERATIONS} game=gliss"
    assert text.splitlines()[0] == head
    b = Analysis.from_text(text)
    assert b == a and b.to_text() == text
    game, start, moves, states, p = scripted("gliss")
    assert b.reviews() == a.reviews(states, moves) and b.counts() == a.counts()
    assert Analysis.from_text(text.replace("\n", "\r\n") + "\n\n") == a
    partial = Analysis("deep", [PositionEval(0.25, "a", None), None], [0, 1], ["a"], 4000)
    assert Analysis.from_text(partial.to_text()) == partial
    # keys a later version may add are ignored
    extended = text.replace(" best=", " depth=3 best=", 1)
    assert Analysis.from_text(extended) == a


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        (42, "text"),
        ("quick\n0 0 +0.5\n", "how many positions"),
        ("quick positions=x\n", "number"),
        ("quick positions=2\n0 0 +0.5 move=a\n", "says 2 positions but has 1"),
        ("9quick positions=1\n0 0 +0.5\n", "budget"),
        ("quick positions=1\n1 0 +0.5\n", "numbered"),
        ("quick positions=1\n0 2 +0.5\n", "seat"),
        ("quick positions=1\n0 0 big\n", "not a number"),
        ("quick positions=1\n0 0 1.5\n", "not in [-1, 1]"),
        ("quick positions=1\n0 0 nan\n", "not in [-1, 1]"),
        ("quick positions=1\n0 0 0.5 proven=2\n", "proven"),
        ("quick positions=1\n0 0 0.5 best\n", "key=value"),
        ("quick positions=1\n0 0\n", "index seat value"),
        ("quick positions=2\n0 0 0.5\n1 1 0.5 move=a\n", "last position"),
        ("quick positions=3\n0 0 0.5 move=a\n1 1 0.5\n2 0 0\n", "position 1: the move"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text, reason):
    with pytest.raises(ValueError, match=reason.replace("[", r"\[").replace("]", r"\]")):
        Analysis.from_text(text)


# --- saved with the record ------------------------------------------------------------------------
def record_of(gid, analysis=None):
    game, start, moves, states, p = scripted(gid)
    seats = ["human", "computer:hard"]
    return records.dumps(game, SCENARIOS[gid]["options"], seats, start, moves, analysis=analysis)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_a_record_keeps_its_analysis(gid):
    a = analysed(gid)
    text = record_of(gid, a)
    lines = text.splitlines()
    at = lines.index(f"analysis: {a.to_text().splitlines()[0]}")
    assert lines[at - 1].startswith("moves:") and lines[-1] == records.END
    assert all(ln.startswith("| ") for ln in lines[at + 1 : -1])
    rec = records.loads(text)
    assert rec.problems == [] and Analysis.from_text(rec.analysis) == a
    assert rec.to_text().count("analysis: ") == 1
    assert records.loads(rec.to_text()).analysis == rec.analysis
    assert records.loads(record_of(gid)).analysis is None  # none written, none read


def test_a_corrupt_analysis_still_loads_the_game():
    good = record_of("gliss", analysed("gliss"))
    for bad in (
        good.replace("| 2 0 ", "| 2 7 "),  # a bad seat
        good.replace("| 3 ", "| 9 "),  # out of order
        good.replace("positions=5 ", "positions=50 "),
        good.replace("move=c6:d7>off", "move=c6+"),  # of other moves
        good.replace("analysis: quick", "analysis: !quick"),
        good.replace(records.END, "analysis: quick positions=0\n" + records.END),  # twice
    ):
        assert bad != good
        rec = records.loads(bad)
        assert rec.analysis is None and len(rec.problems) == 1
        assert "analysis" in rec.problems[0] and "dropped" in rec.problems[0]
        assert rec.moves == records.loads(good).moves
        assert "analysis:" not in rec.to_text()  # saved again without it


def test_dumps_refuses_an_analysis_of_other_moves():
    game, start, moves, states, p = scripted("gliss")
    with pytest.raises(ValueError, match="not of these"):
        records.dumps(game, {}, ["human", "human"], start, moves[:-1], analysis=analysed("gliss"))


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
        assert keeping.open_file(app, str(path))
        assert app.scene.match.analysis == analysed("splay")
    finally:
        app.shutdown()


def test_reviews_from_values_by_hand():
    # seat 0 moves at 0, 2, 4; seat 1 at 1, 3
    evals = [
        PositionEval(0.2, "a"),  # seat 0: 60 %
        PositionEval(-0.2, "b"),  # seat 0 played "x": 40 %, a 20-point drop
        PositionEval(-0.2, "c"),  # seat 1 played "y": 60 % -> 60 % for seat 1: no drop
        PositionEval(0.5, "d"),  # seat 0 played its engine's move "c": +50 %, never faulted
        PositionEval(0.7, "e"),  # seat 1 played "z": 25 % -> 15 %: an inaccuracy
        PositionEval(1.0, None, 1),
    ]
    moves = ["x", "y", "c", "z", "w"]
    a = Analysis("quick", evals, [0, 1, 0, 1, 0, 1], moves, 400)
    revs = a.reviews()
    # the first move's 20-point drop is not marked: a player's first move only when it
    # loses by force (review.OPENING)
    assert [r.label for r in revs] == [None, None, None, "inaccuracy", None]
    assert [r.best for r in revs] == ["a", "b", None, "d", "e"]
    assert [round(r.drop, 6) for r in revs] == [20, 0, 0, 10, 0]
    assert revs[2].before == 40 and revs[2].after == 75  # a gain is no drop
    # even a big drop is not held against the engine's own move (the searches are noisy)
    noisy = Analysis("quick", [PositionEval(0.9, "a"), PositionEval(-0.9, "b")], [0, 1], ["a"])
    (r,) = noisy.reviews()
    assert r.drop == pytest.approx(90) and r.label is None and r.best is None
    # a position not analysed yet: no numbers, no label
    partial = Analysis("quick", [PositionEval(0.9, "a"), None], [0, 1], ["x"])
    (r,) = partial.reviews()
    assert (r.before, r.after, r.drop, r.label, r.best) == (None, None, None, None, "a")
    assert partial.win_chances() == [95.0, None] and not partial.complete


def test_an_analysis_block_moved_by_an_older_version_still_reads():
    # versions before the review keep the block as an unknown entry and write it back
    # among the header lines, before the start position and the moves
    a = analysed("splay")
    lines = record_of("splay", a).splitlines()
    at = next(k for k, ln in enumerate(lines) if ln.startswith("analysis:"))
    block = lines[at : at + len(a.evals) + 1]
    rest = lines[:at] + lines[at + len(block) :]
    moved = rest[:4] + block + rest[4:]
    rec = records.loads("\n".join(moved) + "\n")
    assert rec.problems == [] and Analysis.from_text(rec.analysis) == a


def test_the_move_played_is_valued_in_the_same_search_as_the_best_move():
    """Before and after come from one tree when the search looked at the move played:
    searches from either side's turn differ by a bias that would mark every move."""
    from ai.mcts import MCTS

    game = rules.get("splay")
    states = [game.start()]
    moves = []
    bot = MCTS(iterations=300, seed=4)
    while len(moves) < 10 and not states[-1].is_over():
        m = bot.choose(states[-1])
        moves.append(str(m))
        states.append(states[-1].play(m))
    an = analyse(states, "quick", iterations=600, moves=moves)
    played = [e for e in an.evals[:-1] if e is not None and e.played is not None]
    assert played, "some moves played were among the searched top moves"
    again = Analysis.from_text(an.to_text())
    assert [e.played for e in again.evals] == [e.played for e in an.evals]
    for rv, here in zip(an.reviews(states, moves), an.evals, strict=False):
        if here.played is not None:
            mover = states[rv.ply].player
            assert here.played_chance is not None  # calibrated in the same tree's terms
            expect = 100 * here.played_chance if mover == 0 else 100 - 100 * here.played_chance
            # the better of the same search's view and the next position's own search
            there = an.evals[rv.ply + 1].chance(mover)
            assert rv.after == pytest.approx(max(expect, there))
    with pytest.raises(ValueError, match="played"):
        Analysis.from_text(an.to_text().replace("played=", "played=x", 1))
