"""Gess with the generic search: it takes a win at once and does not hand one over.

Skipped while ai.mcts is not there (it is another module's work)."""

from __future__ import annotations

import random

import pytest
from test_gess import position, ring

mcts = pytest.importorskip("ai.mcts")


def test_takes_the_winning_move():
    black = ring("e5") + ["g10", "h10", "i10"]
    white = ring("l10") + ["k17"]
    s = position(black, white)
    for seed in range(3):
        move = mcts.MCTS(iterations=200, rng=random.Random(seed)).choose(s)
        assert s.play(move).winner() == 0, move


def test_does_not_hand_over_a_win_in_one():
    # White's piece on e12 (centre stone, arm south) slides down the e-file into Black's
    # ring at e5; more than half of Black's moves leave that open.
    black = ring("e5") + ["h8", "h9", "i9", "l4", "l5", "m5", "c10", "c11"]
    white = ring("o15") + ["e12", "e11", "d13", "j14", "j13", "k13"]
    s = position(black, white)
    moves = s.legal_moves()
    quiet = s.play("c10-c11")
    assert any(quiet.play(r).winner() == 1 for r in quiet.legal_moves())
    assert not any(s.play(m).winner() == 0 for m in moves)  # no win at once
    for seed in range(2):
        move = mcts.MCTS(iterations=300, rng=random.Random(seed)).choose(s)
        after = s.play(move)
        assert after.winner() is None
        assert not any(after.play(r).winner() == 1 for r in after.legal_moves()), move
