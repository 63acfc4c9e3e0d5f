"""GRAVE, the search's shared move statistics (``ai/mcts.py``): off, the search is the one
it was; on, its statistics are sound, it keeps the solver and widening, and the settings
parse."""

from __future__ import annotations

import math
import random

import pytest

from ai.levels import make_player
from ai.mcts import MCTS, GraveNode, _untried
from game import rules
from tests.rules.test_glorieta import RING, position


def _position(gid, opts, plies, seed):
    s = rules.get(gid).start(**opts)
    rng = random.Random(seed)
    for _ in range(plies):
        s = s.play(s.random_move(rng))
    return s


# the searches of the code before GRAVE (same seed, same iterations): the three most
# visited moves (visits, value), the six least visits, the root's children and the line
BEFORE = [
    ("splay", {}, 300, [("g6", 12, 0.15936), ("h9", 9, 0.145054), ("g3", 9, 0.141137)],
     [1, 2, 2, 3, 3, 3], 57, ["g6", "j8"]),
    ("glorieta", {"seed": 4}, 200, [("i10", 4, 1.0), ("k9", 4, 0.5), ("j11", 4, 0.5)],
     [1, 1, 1, 1, 1, 1], 108, ["i10", "f2"]),
    ("glorieta", {"variant": "chicken"}, 200,
     [("n:g9", 3, 1.0), ("n:d7", 3, 1.0), ("n:l12", 3, 1.0)], [1, 1, 1, 1, 1, 1], 114,
     ["n:g9", "l8"]),
    ("glades", {}, 150,
     [("c7:4-c8:4", 35, -0.028571), ("d2:6-e2:4", 25, -0.12), ("a8:6-b8:6", 17, -0.176471)],
     [2, 2, 2, 2, 2, 2], 20, ["c7:4-c8:4", "d2:5-e2:6", "h4:4-i4:6", "a6:6-b6:6"]),
]  # fmt: skip


@pytest.mark.parametrize("gid,opts,iterations,top,least,children,pv", BEFORE)
def test_rave_0_is_the_search_it_was(gid, opts, iterations, top, least, children, pv):
    state = _position(gid, opts, 8, 3)
    res = MCTS(iterations=iterations, seed=7, rave=0).search(state)
    assert [(str(s.move), s.visits, round(s.value, 6)) for s in res.stats][:3] == top
    assert sorted(s.visits for s in res.stats)[:6] == least
    assert len(res.stats) == children and [str(m) for m in res.pv] == pv


def test_rave_has_no_effect_in_a_game_without_the_hook():
    state = _position("gliss", {}, 4, 1)
    assert not hasattr(state, "amaf_key")
    a = MCTS(iterations=60, seed=3).search(state)
    b = MCTS(iterations=60, seed=3, rave=0.01, rave_ref=5).search(state)
    assert [(s.move, s.visits, s.value) for s in a.stats] == [
        (s.move, s.visits, s.value) for s in b.stats
    ]


def _tree(gid, opts, plies, iterations, bias=1e-3, ref=20):
    """A GRAVE tree grown by ``iterations`` iterations, white-box (the root)."""
    state = _position(gid, opts, plies, 5)
    bot = MCTS(iterations=iterations, seed=11, rave=bias, rave_ref=ref)
    game = state.game
    bot._widen = getattr(game, "widening", None) or (2.0, 1.5)
    bot._c_now = game.exploration or 1.0
    grave = bot.grave_for(state)
    assert grave == (bias, ref)
    root = GraveNode(None, None, state)
    rng = random.Random(11)
    for _ in range(iterations):
        bot._iterate_grave(root, rng, bool(game.wide), grave)
    return root


@pytest.mark.parametrize(
    "gid,opts,plies", [("splay", {}, 10), ("glorieta", {"seed": 2}, 6), ("glades", {}, 4)]
)
def test_grave_statistics_are_sound(gid, opts, plies):
    root = _tree(gid, opts, plies, 300)
    assert root.visits == 300
    stack = [root]
    seen = 0
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        seen += 1
        assert node.seat == node.state.player
        for key, (count, total) in _stats(node).items():
            # a key of a move of the node's player, at most once per iteration through it
            assert key & 1 == node.seat
            assert 1 <= count <= node.visits and abs(total) <= count + 1e-9
        for ch in node.children:
            assert ch.key == node.state.amaf_key(ch.move)
            # each iteration through a child played its move after the node
            if node.proven is None:
                assert _stats(node)[ch.key][0] >= ch.visits
        if node.children and node.proven is None:
            assert sum(ch.visits for ch in node.children) in (node.visits - 1, node.visits)
    assert seen > 100
    if rules.get(gid).wide:  # widening held: at most B + F * sqrt(visits) children
        assert len(root.children) <= int(2.0 + 1.5 * math.sqrt(root.visits))
        assert len(root.children) < len(root.state.legal_moves())


@pytest.mark.parametrize("gid,opts", [("splay", {}), ("glorieta", {"seed": 1}), ("glades", {})])
def test_grave_search_returns_a_legal_move(gid, opts):
    state = _position(gid, opts, 6, 2)
    res = MCTS(iterations=400, seed=1, rave=1e-3, rave_ref=10).search(state)
    assert res.move in state.legal_moves() and res.iterations == 400
    assert sum(s.visits for s in res.stats) == 400  # each iteration passes a child
    assert all(-1.0 <= s.value <= 1.0 for s in res.stats)
    assert res.stats[0].move == res.move and str(res.pv[0]) == str(res.move)
    # not the plain search's tree: the shared statistics moved the visits
    plain = MCTS(iterations=400, seed=1, rave=0).search(state)
    assert [s.visits for s in plain.stats] != [s.visits for s in res.stats]


def test_backup_gives_each_node_the_later_moves_of_its_player_once():
    state = _position("splay", {}, 0, 0)
    a = GraveNode(None, None, state)  # seat 0
    b = GraveNode(None, a, state.play(state.legal_moves()[0]), 10)  # seat 1, by seat 0's 10
    c = GraveNode(None, b, b.state.play(b.state.legal_moves()[0]), 21)  # seat 0
    # after a: 10 (a's move), 21 (b's), then the playout 5, 20, 21, 4, 10
    MCTS._backup_amaf([a, b, c], [10, 21, 5, 20, 21, 4, 10], 0.5)
    assert _stats(a) == {10: (1, 0.5), 20: (1, 0.5), 4: (1, 0.5)}
    assert _stats(b) == {21: (1, 0.5), 5: (1, 0.5)}
    assert _stats(c) == {20: (1, 0.5), 4: (1, 0.5), 10: (1, 0.5)}  # the playout's 10 too
    MCTS._backup_amaf([a, b], [10, 7], -1.0)
    assert _stats(a)[10] == (2, -0.5) and _stats(a)[20] == (1, 0.5) and _stats(b)[7] == (1, -1.0)


def test_grave_selection_mixes_as_the_formula_says():
    # each child's score: sign * (mean + beta * (amaf mean - mean)) + c' * width, with
    # beta = a / (a + n + bias * a * n), written out here the long way
    state = _position("splay", {}, 0, 0)
    rng = random.Random(7)
    moves = state.legal_moves()[:12]
    for trial in range(200):
        root = GraveNode(None, None, state)
        root.visits = rng.randint(20, 5000)
        ref = GraveNode(None, None, state)
        for m in moves:
            ch = GraveNode(m, root, state.play(m), state.amaf_key(m))
            ch.visits = rng.randint(1, 300)
            ch.total = rng.uniform(-1, 1) * ch.visits
            ch.mean = ch.total / ch.visits
            ch.width = 1.0 / math.sqrt(ch.visits + 1)
            root.children.append(ch)
            if rng.random() < 0.8:
                a = rng.randint(1, 400)
                ref.amaf[ch.key] = complex(rng.uniform(-1, 1) * a, a)
        bias = rng.choice([0.0, 1e-3, 0.05, 1.0])
        explore = 1.0 * math.sqrt(math.log(root.visits + 1))

        def score(ch, ref=ref, bias=bias, root=root, explore=explore):
            st = _stats(ref).get(ch.key)
            mean = ch.mean
            if st is not None:
                a, w = st
                n = ch.visits
                mean += a / (a + n + bias * a * n) * (w / a - mean)
            return root.sign * mean + explore * ch.width

        want = max(root.children, key=score)
        got = MCTS._select_grave(root, 1.0, True, bias, ref)
        assert got is want or abs(score(got) - score(want)) < 1e-12, trial


def test_grave_keeps_the_solver():
    # Black (seat 0) to move, five stones of a flower around g7 on the board: f6 wins
    stones = {c: "b" for c in RING[:5]}
    stones.update({c: "o" for c in ("a1", "b1", "c1", "d1", "e1")})
    state = position("landscape", stones)
    assert state.player == 0 and state.amaf_key(state.find_move("f6")) & 1 == 0
    res = MCTS(iterations=500, seed=2, rave=1e-3, rave_ref=5).search(state)
    assert str(res.move) == "f6" and res.proven == 1 and res.iterations < 500


def test_untried_is_unchanged():  # the plain expansion the GRAVE loop shares
    state = _position("splay", {}, 3, 1)
    assert sorted(map(str, _untried(state, random.Random(1), False))) == sorted(
        map(str, state.legal_moves())
    )


def test_settings_parse_and_bad_values_are_refused():
    bot = make_player("mcts:time=0.2,rave=0.001,rref=20")
    assert bot.rave == 0.001 and bot.rave_ref == 20 and bot.time_limit == 0.2
    assert make_player("hard:rave=0").rave == 0.0
    assert MCTS().rave == 0.0 and MCTS().rave_ref is None  # off; the game's reference
    for bad, words in (
        ("mcts:rave=-1", "rave is a bias of 0 (off) or more"),
        ("mcts:rave=x", "bad value in 'rave=x'"),
        ("mcts:rave=inf", "rave is a bias"),
        ("mcts:rref=0", "rref"),
        ("mcts:rref=2.5", "bad value in 'rref=2.5'"),
        ("mcts:rave=0.1,prior=1", "rave does not combine with the learned priors"),
    ):
        with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
            make_player(bad)
    with pytest.raises(ValueError, match="rave_ref is at least 1"):
        MCTS(rave=0.1, rave_ref=0)
    with pytest.raises(ValueError, match="rave is a bias"):
        MCTS(rave=float("nan"))


def test_the_levels_take_a_games_own_grave_and_a_plain_search_does_not(monkeypatch):
    from ai.levels import level_settings, make_bot

    state = _position("glorieta", {"seed": 3}, 4, 1)
    game = state.game
    # Glorieta's levels search without it (the win chance is fitted on plain searches)
    assert not game.rave and make_bot("hard", game=game).grave_for(state) is None
    monkeypatch.setattr(type(game), "rave", 0.001)  # a game that names one
    # a level takes the game's own setting; a plain MCTS (the review's, the lessons', the
    # puzzles' fixed budgets, whose figures were made with the plain search) does not
    assert level_settings("hard", game)["rave"] is None
    assert make_bot("easy", game=game).grave_for(state) == (0.001, 50)
    assert make_bot("hard", game=game, rave=0).grave_for(state) is None
    assert make_player("master:processes=1").grave_for(state) == (0.001, 50)
    assert MCTS().grave_for(state) is None and MCTS(iterations=150).rave == 0.0
    assert MCTS(rave=None).grave_for(state) == (0.001, 50)
    assert MCTS(rave=0.2).grave_for(state) == (0.2, 50)
    assert MCTS(rave=None, rave_ref=7).grave_for(state) == (0.001, 7)
    # the learned priors' loop runs instead where they are asked for
    assert MCTS(rave=None, prior=1.0).grave_for(state) is None
    for gid in ("splay", "glades"):  # no game setting: off at every level
        assert make_bot("hard", game=rules.get(gid)).grave_for(_position(gid, {}, 2, 1)) is None


def _stats(node) -> dict:
    """A node's AMAF statistics as {key: (count, sum of the values for player 0)}."""
    return {k: (int(v.imag), v.real) for k, v in node.amaf.items()}
