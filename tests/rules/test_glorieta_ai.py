"""Glorieta with the generic search: it finds the winning stone, avoids handing the
opponent a loop, and makes the colour choice and the decline decision as moves.
Iteration budgets only, never the clock."""

from __future__ import annotations

import random

from test_glorieta import RING, position, random_games

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
    # the opponent's flower gap is expanded first at every node (urgent_moves), so every
    # other move is proven lost after a few hundred iterations, whatever the seed
    for seed in range(1, 9):
        res = bot(300, seed).search(s)
        assert str(res.move) == "f6", seed


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


# --- flower gaps: the moves the search tries first ---------------------------------
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


def literal_gaps(state, colour):
    """Empty cells that would complete a flower for ``colour`` ("b" or "o"), read from the
    cells' names and coordinates: some cell whose six neighbours are all on the board has
    this one as its only neighbour outside S (S: the colour's stones and neutrals)."""
    g = state.geo
    word = {"b": "black", "o": "orange"}[colour]
    in_s = {g.names[i] for i in range(g.n) if state.stone_at(g.names[i]) in (word, "neutral")}
    gaps = set()
    for c, r in g.coords:
        around = [(c + dc, r + dr) for dc, dr in DIRS]
        if not all(x in g.index for x in around):
            continue
        names = [g.names[g.index[x]] for x in around]
        outside = [nm for nm in names if nm not in in_s]
        if len(outside) == 1 and state.stone_at(outside[0]) == "empty":
            gaps.add(outside[0])
    return gaps


def stone_positions(seed):
    """Positions with a stone to drop, from random games of both variants and two sizes."""
    return [
        s
        for variant in ("landscape", "chicken")
        for size in (5, 7)
        for states, _ in random_games(variant, 2, seed, size=size)
        for s in states
        if s.phase == "stone"
    ]


def test_urgent_moves_are_the_flower_gaps_own_first():
    n = 0
    for s in stone_positions(11):
        mine = s.mover_colour()[0]
        theirs = "o" if mine == "b" else "b"
        own, opp = literal_gaps(s, mine), literal_gaps(s, theirs)
        urgent = [str(m) for m in s.urgent_moves()]
        assert len(urgent) == len(set(urgent)) and set(urgent) == own | opp, str(s)
        assert set(urgent[: len(own)]) == own  # a win at once comes before a defence
        n += bool(urgent)
    assert n >= 20  # the random games do make gaps


def test_no_urgent_moves_outside_the_stone_phase():
    s = G.start(seed=5).play("a1")
    assert s.phase == "choose colour" and s.urgent_moves() == []
    c = G.start(variant="chicken").play("g7").play("a1")
    assert c.phase == "neutral or decline" and c.urgent_moves() == []
