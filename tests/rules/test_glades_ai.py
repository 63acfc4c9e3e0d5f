"""Glades with the generic search: it finds the last placement that wins, and it searches
the wide opening (thousands of placements) through progressive widening."""

from __future__ import annotations

import random

import pytest

from game import rules

mcts = pytest.importorskip("ai.mcts")

G = rules.get("glades")

# From a random game: Orange has passed; Green has five placements, each ends the game,
# and only the two 6-on-d7 ones win it.
LAST_MOVE = """game: glades
first: green
touch_limit: global
cancel: pairwise
to move: green
passed: orange
 9  .   .   G6> G1< O1> O6< .   O2> O2<
 8  O6> O5< .   .   .   .   .   .   .
 7  .   .   O6v .   .   .   .   O1> O1<
 6  G2v .   O3^ .   .   G5> G5< .   .
 5  G5^ .   .   .   G1v .   .   .   .
 4  .   O6v .   .   G2^ .   G4v O4> O1<
 3  .   O2^ G2> G2< .   .   G6^ .   .
 2  G1v .   .   .   G6> G2< .   G6v .
 1  G1^ .   O2> O4< .   .   .   G6^ .
"""


def test_takes_the_winning_last_placement():
    s = G.parse(LAST_MOVE)
    moves = s.legal_moves()
    assert len(moves) == 5
    winners = {str(m) for m in moves if s.play(m).winner() == 0}
    assert winners == {"d7:6-e7:3", "d7:6-e7:5"}
    for seed in range(3):
        move = mcts.MCTS(iterations=200, rng=random.Random(seed)).choose(s)
        assert str(move) in winners


def test_search_from_the_start_widens():
    s = G.start()
    res = mcts.MCTS(iterations=150, rng=random.Random(1)).search(s)
    assert res.move in s.legal_moves()
    assert 2 < len(res.stats) < 60  # only the head of 5,184 moves was expanded
