"""Glorieta with the generic search: it finds the winning stone, avoids handing the
opponent a loop, and makes the colour choice and the decline decision as moves.
Iteration budgets only, never the clock."""

from __future__ import annotations

import random

from test_glorieta import RING, position, random_games
from test_glorieta_loops import ref_closing

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


# --- closing cells: the moves the search tries first, or the only ones it searches ---------


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


def test_urgent_moves_are_the_closing_cells_own_first():
    """Pockets and flowers alike, by the loops' reference (rule 3 read literally)."""
    n = 0
    for s in stone_positions(11):
        mine = s.mover_colour()
        theirs = "orange" if mine == "black" else "black"
        own, opp = ref_closing(s, mine), ref_closing(s, theirs)
        urgent = [str(m) for m in s.urgent_moves()]
        assert len(urgent) == len(set(urgent)) and set(urgent) == own | opp, str(s)
        assert set(urgent[: len(own)]) == own  # a win at once comes before a defence
        n += bool(urgent)
    assert n >= 20  # the random games do make gaps


POCKET = ["f6", "f7", "g6", "g8", "h6", "h8", "i6", "i8", "j7"]  # around g7-i7, j8 open
INSIDE = ["g7", "h7", "i7"]


def test_the_only_block_of_a_pocket_is_the_only_move_searched():
    """Black's ring of ten around three orange stones lacks j8: no flower anywhere, one
    pocket to close.  Orange's one move that does not lose is j8 (``forced_moves``), and the
    search finds it from its first visits; without the pruning the closing cell is still
    tried first (``urgent_moves``)."""
    pad = ["m13", "m11", "k13", "m9", "i13"]
    s = position("landscape", {**{c: "b" for c in POCKET}, **{c: "o" for c in INSIDE + pad}})
    assert s.mover_colour() == "orange" and s._closing(1) == [s.geo.by_name["j8"]]
    assert [str(m) for m in s.forced_moves()] == ["j8"]
    for seed in range(1, 6):
        assert str(bot(4, seed).search(s).move) == "j8"
        plain = MCTS(iterations=300, rng=random.Random(seed), prune=False)
        assert str(plain.search(s).move) == "j8"


def test_two_closing_cells_are_a_proven_loss_and_a_move_is_still_given():
    """Black can close at h7 and i8 (the ring of eight lacks i8) and at b2 (a flower):
    Orange, to move, blocks one at most.  The search proves the loss within about two
    visits a move (each reply of Black's closes at once) and still gives a legal move; the
    bar's chance is exact."""
    ring = ["f7", "g8", "g6", "h8", "f6", "i7", "h6"]
    petals = ["d3", "b3", "c4", "c2", "d4"]
    pad = ["m13", "m11", "k13", "m9", "i13", "g13", "k9", "i11", "k11", "g11", "e11"]
    s = position("landscape", {**{c: "b" for c in ring + petals}, **{c: "o" for c in pad}})
    assert s.mover_colour() == "orange" and s.forced_moves() == []
    for seed in range(1, 4):
        res = bot(400, seed).search(s)
        assert res.proven == -1 and res.move in s.legal_moves()
        assert res.win_chance == 1.0  # Black is seat 0


def test_a_double_threat_is_proven_in_a_few_hundred_tries_with_its_line():
    """Black's ring of eight lacks f6 and i8: either stone leaves two closing cells, a win in
    two moves.  With the forced moves the search proves it within 400 tries (the search that
    expands every reply needed 3,300-6,400 on these seeds), and its line is played out to
    Black's loop, so the panel can say "in 2 moves"."""
    from game.session.match import by_force

    ring = ["f7", "g8", "g6", "h8", "i7", "h6"]
    pad = ["m13", "m11", "k13", "m9", "i13", "g13"]
    s = position("landscape", {**{c: "b" for c in ring}, **{c: "o" for c in pad}})
    assert s.mover_colour() == "black" and s.forced_moves() is None
    for seed in range(1, 6):
        res = bot(400, seed).search(s)
        assert str(res.move) in ("f6", "i8") and res.proven == 1, seed
        assert by_force(s, {"proven": res.proven, "pv": [str(m) for m in res.pv]}) == (1, 2)
        # past the position the search left unexpanded, the line blocks one of the two
        after = s.play(res.pv[0])
        closing = {after.geo.names[c] for c in after._closing(1)}
        assert len(closing) >= 2 and str(res.pv[1]) in closing and str(res.pv[2]) in closing


def test_no_urgent_moves_outside_the_stone_phase():
    s = G.start(seed=5).play("a1")
    assert s.phase == "choose colour" and s.urgent_moves() == []
    c = G.start(variant="chicken").play("g7").play("a1")
    assert c.phase == "neutral or decline" and c.urgent_moves() == []
