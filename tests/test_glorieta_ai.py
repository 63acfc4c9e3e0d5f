"""Glorieta with the generic search: it finds the winning stone, avoids handing the
opponent a loop, and makes the colour choice and the decline decision as moves.
Iteration budgets only, never the clock."""

from __future__ import annotations

import random

from test_glorieta import RING, position

from ai.mcts import MCTS
from game import rules

G = rules.get("glorieta")


def bot(iterations=400, seed=1):
    return MCTS(iterations=iterations, rng=random.Random(seed))


def test_search_closes_the_flower():
    stones = {c: "b" for c in RING[:5]}
    stones.update({"a1": "o", "a2": "o", "a3": "o", "a5": "o", "m13": "o"})
    s = position("landscape", stones)
    assert s.mover_colour() == "black"
    res = bot().search(s)
    assert str(res.move) == "f6" and res.proven == 1


def test_search_blocks_the_opponents_flower():
    stones = {c: "o" for c in RING[:5]}
    stones.update({"a1": "b", "a3": "b", "a5": "b", "m13": "b", "j13": "b"})
    s = position("landscape", stones)
    assert s.mover_colour() == "black"
    res = bot(3000).search(s)  # every other move loses to f6, proven move by move
    assert str(res.move) == "f6"


def test_search_does_not_drop_a_neutral_that_completes_the_opponents_loop():
    stones = {c: "o" for c in RING[:5]}
    stones.update({c: "b" for c in ["a1", "a4", "d1", "m13", "j13", "m10"]})
    s = position("chicken", stones, phase="neutral or decline", stone="a1")
    res = bot(600).search(s)
    assert str(res.move) != "n:f6"
    assert s.play(res.move).winner() != 1


def test_the_colour_choice_and_decline_are_search_moves():
    s = G.start(seed=5).play("g7" if G.start(seed=5).stone_at("g7") == "empty" else "a1")
    res = bot(200).search(s)
    assert str(res.move) in ("take:black", "take:orange")
    c = G.start(variant="chicken").play("g7").play("a1")
    res = bot(200).search(c)
    assert str(res.move) in {str(m) for m in c.legal_moves()}


def test_self_play_games_finish():
    rng = random.Random(4)
    for variant in ("landscape", "chicken"):
        s = G.start(variant=variant, size=5, seed=3)
        b = MCTS(iterations=60, rng=rng)
        plies = 0
        while not s.is_over():
            s = s.play(b.choose(s))
            plies += 1
        assert s.end_reason() and plies <= 2 * 61
