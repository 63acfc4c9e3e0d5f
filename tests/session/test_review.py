"""The review of a game (game.session.review): values per position, moves classed, the Analyser
driven through a worker, the analysis text, and the analysis kept in game records.

The session half: pure Python, no window and no pygame."""

from __future__ import annotations

import pytest
from review_support import (
    ITERATIONS,
    SCENARIOS,
    Pile,
    analysed,
    blunder_at,
    find_scenario,
    pile_game,
    record_of,
    scenario,
    scripted,
)

from ai import winchance
from game import rules
from game.session import records, review
from game.session.review import Analyser, Analysis, PositionEval, analyse, classify

# For every game, a game played at random (seeded; kept here as notation) up to a
# position P where the mover can win at once; the scripted game starts two moves before
# P and plays, in P, a deliberate blunder: a move that throws the win away and either
# ends the game lost (or drawn) or lets the opponent win at once (``reply``).


def wins_at_once(state, move) -> bool:
    after = state.play(move)
    return after.is_over() and after.winner() == state.player


_wins = wins_at_once


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
    quick = review.BUDGETS["quick"]["iterations"]
    assert 300 <= quick <= 1500 and 2 * quick <= review.BUDGETS["quick"]["check"]
    assert 3000 <= review.BUDGETS["deep"]["iterations"] <= 5000


# --- a blunder in every game ------------------------------------------------------------------
@pytest.mark.parametrize("gid", rules.GAMES)
def test_every_game_has_a_scripted_blunder(gid):
    """Written in review_support (found by hand) or found there by seeded random games:
    a new game needs no scenario written for it."""
    sc = scenario(gid)
    assert sc is not None, f"no blunder found in {gid}'s random games: write one"
    game, start, moves, states, p = scripted(gid)
    assert _wins(states[p], sc["win"]) and not _wins(states[p], sc["blunder"])


def test_a_scenario_is_found_by_random_games_where_one_was_written_by_hand():
    """The finder on a game whose scenario was written (Glades): it finds one that holds,
    and the one written holds by the same test."""
    found = find_scenario("glades", seeds=range(20))
    assert found is not None
    state = rules.get("glades").start(**found["options"])
    for m in found["prefix"].split():
        state = state.play(m)
    assert blunder_at(state) == (found["win"], found["blunder"], found["reply"])
    after = state.play(found["blunder"])
    if found["reply"] is None:
        assert after.is_over() and after.winner() != state.player
    else:
        assert _wins(after, found["reply"])
    assert set(SCENARIOS) <= set(rules.GAMES)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_the_blunder_is_found_in_every_game(gid):
    game, start, moves, states, p = scripted(gid)
    sc = scenario(gid)
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


# --- the text -----------------------------------------------------------------------------------
def test_text_round_trip():
    a = analysed("gliss")
    text = a.to_text()
    check = review.BUDGETS["quick"]["check"] * ITERATIONS // review.BUDGETS["quick"]["iterations"]
    head = f"quick positions={len(a.evals)} iterations={ITERATIONS} game=gliss check={check}"
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
    bot = MCTS(iterations=300, seed=4, **review.SEARCH)  # the search the review makes
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


def test_a_position_between_two_proofs_of_one_side_is_read_as_won():
    """A proof found, missed by the next search, found again: neither the winner's move
    into the gap nor the loser's move out of it is a blunder (Deep marked such runs)."""
    evals = [
        PositionEval(-0.26, "x", chance0=0.63),  # seat 1 to move: 37 % for it
        PositionEval(1.0, "w", 1, chance0=1.0),  # seat 0 wins by force
        PositionEval(0.3, "z", chance0=0.66),  # the next search misses the proof
        PositionEval(1.0, "v", 1, chance0=1.0),  # found again
    ]
    a = Analysis("deep", evals, [1, 0, 1, 0], ["a", "b", "c"], 3000)
    assert a.held_wins() == {2: 1}
    revs = a.reviews()
    assert revs[0].label == "blunder"  # into the proven loss: a real one
    assert (revs[1].before, revs[1].after, revs[1].label) == (100.0, 100.0, None)
    assert (revs[2].before, revs[2].after, revs[2].label) == (0.0, 0.0, None)
    # one proof only, or proofs for either side: read as they are
    single = Analysis("deep", evals[:3] + [PositionEval(0.3, "v", chance0=0.66)], [1, 0, 1, 0])
    assert single.held_wins() == {}
    assert single.reviews(moves=["a", "b", "c"])[1].drop == pytest.approx(34)


# --- Quick checks its marks and follows the proofs at Deep's budget ------------------------------
# tiny budgets (Deep: the Quick budget's check, scaled as its tries)
QUICK = 20
DEEP = QUICK * review.BUDGETS["quick"]["check"] // review.BUDGETS["quick"]["iterations"]


class Walk(rules.core.State):
    """A line of ``end`` plies with a choice of two moves ("a" is played, "b" is the
    engine's) in each position; at the end ``winner`` has won (None: the game goes on)."""

    def __init__(self, k=0, end=6, winner=1, forced=()):
        self.k, self.end, self.winner_seat, self.player = k, end, winner, k % 2
        self.forced = forced  # the positions with one move ("a")

    def legal_moves(self):
        return [] if self.is_over() else ["a"] if self.k in self.forced else ["a", "b"]

    def play(self, move):
        return Walk(self.k + 1, self.end, self.winner_seat, self.forced)

    def is_over(self):
        return self.k == self.end and self.winner_seat is not None

    def winner(self):
        return self.winner_seat if self.is_over() else None

    def __str__(self):
        return f"walk {self.k}"


class Scripted:
    """A worker whose searches give scripted values: ``values[(index, tries)]`` is
    (seat 0's value, proven for seat 0 or None[, best move]), the index read from the seed
    (seed 0 + index); a position not scripted is even, its best move "b" (the move played
    is "a").  ``asked`` lists the (index, tries) asked."""

    def __init__(self, values, processes=1):
        self.values, self.asked, self._pending, self._id = values, [], None, None
        self.processes = processes  # the tries it reports are summed over them

    current_id = property(lambda self: self._id if self._pending else None)

    def request(self, state, spec, request_id=None):
        self._pending, self._id = (state, spec), request_id

    def cancel(self):
        self._pending = None

    def poll(self):
        if self._pending is None:
            return []
        state, spec = self._pending
        self._pending = None
        index, tries = spec["seed"], spec["iterations"]
        self.asked.append((index, tries))
        value0, proven0, *best = self.values.get((index, tries), (0.0, None))
        sign = 1 if state.player == 0 else -1  # the worker speaks for the player to move
        proven = None if proven0 is None else proven0 * sign
        return [
            {"type": "progress", "id": self._id, "fraction": 0.5},
            {
                "type": "result",
                "id": self._id,
                "move": best[0] if best else "b",
                "value": value0 * sign,
                "proven": proven,
                "iterations": tries * self.processes,
                "stats": [],
            },
        ]


def run(analyser):
    shown = []
    while not analyser.done:
        analyser.update()
        shown.append(analyser.progress)
    return shown


def walk_game(end=6, winner=1, forced=()):
    states = [Walk(0, end, winner, forced)]
    while len(states) <= end:
        states.append(states[-1].play("a"))
    return states, ["a"] * end


# Deep proves seat 1's win from position 3 on (5 misses it, between two proofs), and
# not in position 2, where seat 0 played into it; Quick proves nothing
PROOFS = {(3, DEEP): (-1.0, -1), (4, DEEP): (-1.0, -1), (5, DEEP): (-0.6, None)}


def test_quick_follows_a_proof_backward_at_deeps_budget_and_marks_the_move_into_it():
    states, moves = walk_game()
    plain = Analyser(states, "quick", Scripted(PROOFS), moves=moves, iterations=QUICK, check=0)
    run(plain)
    assert [r.label for r in plain.analysis.reviews()] == [None] * 6  # Quick alone: silent
    worker = Scripted(PROOFS)
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    run(an)
    a = an.analysis
    assert a.check == DEEP and an.checks == 4
    assert an.revision == 7 + 4  # each value set, the checked ones too (the screen redraws)
    # from the end: 4 (two back) proves, 5 between two proofs is held, not searched; 2
    # does not prove, 3 does; 1 (two back from 3) does not, and 2 is searched: the stop
    assert worker.asked[6:] == [(4, DEEP), (2, DEEP), (3, DEEP), (1, DEEP)]
    assert [a.tries_of(k) for k in range(7)] == [QUICK, DEEP, DEEP, DEEP, DEEP, QUICK, QUICK]
    revs = a.reviews()
    assert revs[2].label == "blunder" and revs[2].before == pytest.approx(50, abs=15)
    assert revs[2].after == 0 and [r.label for r in revs if r.ply != 2] == [None] * 5
    assert a.note() == f"Rough: {QUICK} tries; marks checked at {DEEP}"
    # the checked values are each Deep's there: the same seeds at the same tries
    deep = Analyser(states, "deep", Scripted(PROOFS), moves=moves, iterations=DEEP)
    run(deep)
    for k in (1, 2, 3, 4):
        assert a.evals[k] == deep.analysis.evals[k]
    assert deep.analysis.reviews()[2].label == "blunder"


def test_a_forced_position_follows_the_check_of_the_one_after_it():
    states, moves = walk_game(forced=(3,))  # 3 has one move: it takes 4's value
    worker = Scripted(PROOFS)
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    run(an)
    a = an.analysis
    assert (3, QUICK) not in worker.asked and (3, DEEP) not in worker.asked
    assert worker.asked[5:] == [(4, DEEP), (2, DEEP), (1, DEEP)]  # 3 is sure with 4
    assert a.evals[3].proven == -1 and a.evals[3].best == "a" and a.tries_of(3) == DEEP
    assert a.reviews()[2].label == "blunder"


def test_quick_checks_its_marks_at_deeps_budget_and_drops_a_false_alarm():
    states, moves = walk_game(end=6, winner=None)  # unfinished: no proof anywhere
    values = {
        (2, QUICK): (0.6, None),  # seat 0 to move: good for it...
        (3, QUICK): (-0.6, None),  # ...and after its move, bad: a blunder at 20 tries
        (4, QUICK): (-0.6, None),
        (2, DEEP): (0.1, None),  # Deep sees neither
        (3, DEEP): (0.1, None),
        (5, QUICK): (-0.7, None),  # seat 1 to move at 5, good for it; after its move...
        (6, QUICK): (0.7, None),
        (5, DEEP): (-0.7, None),  # ...bad, and Deep agrees
        (6, DEEP): (0.7, None),
    }
    plain = Analyser(states, "quick", Scripted(values), moves=moves, iterations=QUICK, check=0)
    run(plain)
    assert [r.label for r in plain.analysis.reviews()] == [
        None,
        None,
        "blunder",
        None,
        None,
        "blunder",
    ]
    worker = Scripted(values)
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    shown = run(an)
    assert sorted(worker.asked[7:]) == [(2, DEEP), (3, DEEP), (5, DEEP), (6, DEEP)]
    assert [r.label for r in an.analysis.reviews()] == [None] * 5 + ["blunder"]
    # the bar: never back, never full before the end, full at the end
    assert shown == sorted(shown) and shown[-1] == 1.0 and max(shown[:-1]) < 1.0
    assert len({round(x, 6) for x in shown}) > 8  # it moves during the checks too


def test_a_review_cancelled_in_its_checks_resumes_them():
    states, moves = walk_game()
    worker = Scripted(PROOFS)
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    while an.checks < 2:
        an.update()
    an.cancel()
    a = an.analysis
    assert an.done and an.cancelled and a.complete and a.check is None
    assert a.note() == f"Rough: {QUICK} tries a position (Deep is surer)"  # not checked yet
    again = Analyser(states, "quick", worker, analysis=Analysis.from_text(a.to_text()))
    assert again.iterations == QUICK and again.check == DEEP  # the budget's, scaled
    run(again)
    assert again.analysis.check == DEEP and again.analysis.reviews()[2].label == "blunder"
    asked = [k for k, t in worker.asked if t == DEEP]
    assert asked == [4, 2, 3, 1]  # 4 before the cancel; 2 (cancelled under way) and on
    assert Analyser(states, analysis=again.analysis).done  # checked: nothing left to do


def test_each_position_keeps_its_tries_in_the_text():
    states, moves = walk_game()
    an = Analyser(states, "quick", Scripted(PROOFS), moves=moves, iterations=QUICK, check=DEEP)
    run(an)
    a = an.analysis
    text = a.to_text()
    assert text.splitlines()[0] == f"quick positions=7 iterations={QUICK} check={DEEP}"
    assert text.count(f" asked={DEEP}") == 4 and " tries=" not in text  # (one process)
    b = Analysis.from_text(text)
    assert b == a and b.to_text() == text and b.check == DEEP
    assert [b.tries_of(k) for k in range(7)] == [a.tries_of(k) for k in range(7)]
    assert [b.asked_of(k) for k in range(7)] == [QUICK, DEEP, DEEP, DEEP, DEEP, QUICK, QUICK]
    # an unproven value's chance, when not saved, is worked out at that position's tries
    head = "quick positions=2 iterations=400 game=glorieta"
    mixed = Analysis.from_text(f"{head}\n0 0 +0.2000 best=a asked=3000 move=a\n1 1 -0.1000\n")
    assert mixed.tries_of(0) == mixed.asked_of(0) == 3000 and mixed.tries_of(1) == 400
    assert mixed.evals[0].chance0 == round(winchance.chance("glorieta", 0, 0.2, 3000), 4)
    assert mixed.evals[0].chance0 != round(winchance.chance("glorieta", 0, 0.2, 400), 4)
    # a review saved before the tries reads as before: every position at the budget
    old = Analysis.from_text(f"{head}\n0 0 +0.2000 best=a move=a\n1 1 -0.1000\n")
    assert old.check is None and [old.tries_of(k) for k in (0, 1)] == [400, 400]
    assert old.evals[0].chance0 == round(winchance.chance("glorieta", 0, 0.2, 400), 4)
    assert old.note() == "Rough: 400 tries a position (Deep is surer)"
    for bad in ("tries=x", "asked=-3", "tries=1e9"):
        with pytest.raises(ValueError, match=bad.split("=")[0]):
            Analysis.from_text(f"{head}\n0 0 +0.2000 {bad} move=a\n1 1 -0.1000\n")


def test_the_checks_count_each_process_tries_not_their_sum():
    """With several search processes a search's tries are summed (the calibration reads
    the sum); a position of the pass is checked all the same, even when 8 processes make
    more tries in all than one check asks of each."""
    states, moves = walk_game()
    worker = Scripted(PROOFS, processes=8)  # 8 x 20 = 160 tries: more than 150
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    run(an)
    a = an.analysis
    assert worker.asked[6:] == [(4, DEEP), (2, DEEP), (3, DEEP), (1, DEEP)]
    assert a.tries_of(0) == 8 * QUICK and a.asked_of(0) == QUICK
    assert a.tries_of(1) == 8 * DEEP and a.asked_of(1) == DEEP
    text = a.to_text()
    assert f"asked={DEEP} tries={8 * DEEP}" in text and f" tries={8 * QUICK}" in text
    b = Analysis.from_text(text)
    assert [b.tries_of(k) for k in range(7)] == [a.tries_of(k) for k in range(7)]
    assert b.reviews() == a.reviews() and b.reviews()[2].label == "blunder"


def test_quick_checks_a_suspect_drop_and_a_move_read_across_two_budgets():
    """A move Quick does not mark, as its engine's own, whose chances drop 30 points is
    checked; so is a move read across the budgets (one position checked) that drops 10."""
    states, moves = walk_game(end=6, winner=None)
    values = {
        (3, QUICK): (0.0, None, "a"),  # seat 1 to move: "a" is Quick's move too...
        (4, QUICK): (0.8, None),  # ...and after it seat 1 has 15 %: unmarked, a suspect
        (5, QUICK): (0.3, None),
        (6, QUICK): (0.3, None),
        (3, DEEP): (-0.6, None),  # Deep: seat 1 was winning, and "b" was the move
        (4, DEEP): (0.8, None),
        (2, DEEP): (-0.6, None),  # 2 -> 3 read across the budgets drops: 2 is checked
        (5, DEEP): (0.8, None),  # 4 -> 5 too: 5 is checked
    }
    plain = Analyser(states, "quick", Scripted(values), moves=moves, iterations=QUICK, check=0)
    run(plain)
    assert [r.label for r in plain.analysis.reviews()] == [None] * 4 + ["inaccuracy", None]
    worker = Scripted(values)
    an = Analyser(states, "quick", worker, moves=moves, iterations=QUICK, check=DEEP)
    run(an)
    # 3 (the suspect), then 2 (2 -> 3, now a mistake across the budgets, is confirmed),
    # 4 (3 -> 4, now a blunder, confirmed), 5 (4 -> 5 across the budgets drops 19)
    assert worker.asked[7:] == [(3, DEEP), (2, DEEP), (4, DEEP), (5, DEEP)]
    assert [r.label for r in an.analysis.reviews()] == [None] * 3 + ["blunder", None, None]


@pytest.mark.parametrize("gid", ["gliss", "splay"])
def test_a_review_searches_as_the_games_levels_do_and_reads_the_chance_of_that_search(
    gid, monkeypatch
):
    """The review asks for the game's own search (``review.SEARCH``: the learned priors of
    a game whose levels use them, ``Game.prior``), so Gliss (its levels guided here, as
    they are shipped) is reviewed by a guided search and Splay by a plain one, and each
    position's chance is read by the table of the search that made it (Gliss's guided
    table is not its plain one)."""
    from ai.worker import InlineAI

    game = rules.get(gid)
    if gid == "gliss":
        monkeypatch.setattr(type(game), "prior", 1.0)
    states, played = [game.start()], []
    for k in range(3):
        moves = states[-1].legal_moves()
        played.append(moves[(7 * k) % len(moves)])
        states.append(states[-1].play(played[-1]))
    worker = InlineAI()
    seen = []
    real = worker.poll

    def poll():
        out = real()
        seen.extend(m for m in out if m.get("type") == "result")
        return out

    worker.poll = poll
    an = Analyser(states, "deep", worker, moves=[str(m) for m in played], iterations=120)
    run(an)
    assert an.analysis.done_count == 4 and len(seen) == 4
    guided = game.prior is not None and game.prior > 0
    assert guided == (gid == "gliss")
    for k, msg in enumerate(seen):
        assert bool(msg.get("guided")) == guided
        e = an.analysis.evals[k]
        if e.proven is None:
            mover = e.value0 if states[k].player == 0 else -e.value0
            tries = an.analysis.tries_of(k)
            want = winchance.chance(gid, states[k].player, mover, tries, None, guided)
            assert e.chance0 == round(want, 4)
    if guided:
        assert winchance.weights(gid, guided=True) != winchance.weights(gid)
