"""Gliss's move features (``GlissState.move_features``, the learned priors' inputs): the
spec's figures and hand-built positions, then every legal move of seeded random positions
held to what the rules say the move does."""

from __future__ import annotations

import random

from game import rules
from game.rules.gliss import FEATURE_NAMES

GLISS = rules.get("gliss")
LETTERS = "abcdefghijklmnopqrs"


def pos(red=(), blue=(), to_move="Red", size=13):
    grid = dict.fromkeys(red, "R")
    for x in blue:
        assert x not in grid
        grid[x] = "B"
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}"]
    for r in range(size, 0, -1):
        lines.append(f"{r:>2} " + " ".join(grid.get(f"{LETTERS[c]}{r}", ".") for c in range(size)))
    return GLISS.parse("\n".join(lines))


def names(state, move) -> set[str]:
    m = state.find_move(move) if isinstance(move, str) else move
    return {FEATURE_NAMES[i] for i in state.move_features([m])[0]}


def base(ll: str) -> list[str]:
    c, r = LETTERS.index(ll[0]), int(ll[1:])
    return [f"{LETTERS[c + dc]}{r + dr}" for dc in (0, 1) for dr in (0, 1)]


def test_the_game_names_its_features_and_they_are_unique():
    assert GLISS.move_feature_names == FEATURE_NAMES
    assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)
    assert 30 <= len(FEATURE_NAMES) <= 150


def test_figure3_the_forced_flight_that_converts_e1():
    s = pos(red=["a5", "b5", "a4", "c6", "d4", "a2", "b1"], blue=["b3", "e1"])
    f = names(s, "a5>d2")
    assert {"fly", "converts", "enemy towers -1", "steps 6-7", "landing room 0"} <= f
    assert not f & {"docks", "own towers -1", "own towers +1", "leaves no own base"}
    assert not any(n.startswith(("captures", "hits")) for n in f)
    off = names(s, "a5>off")
    assert {"fly", "off the board", "leaves no own base"} <= off  # Red has no base at all
    assert not any(n.startswith("steps") for n in off)


def test_figure4_the_capture_at_d5():
    s = pos(red=["c6", "d6", "c5", "b4", "d2"], blue=["e5", "f5", "e4", "c2"])
    f = names(s, "c6>d5")
    assert {"fly", "captures a glider", "steps 2", "landing room 3+"} <= f
    # the blue glider only flies east and south, away from every red stone
    assert not f & {"captures an attacking glider", "hits a base", "enemy towers +1"}


def test_a_lone_glider_near_the_edge_and_the_cone_of_an_enemy_glider():
    s = pos(red=["l6", "m6", "l5"], blue=["c2", "d2", "c3"])  # blue flies east and north
    f = names(s, "l6>l5")
    assert {"fly", "steps 1", "landing room 0", "lands in an enemy glider's cone"} <= f
    assert "lands attackable" not in f  # the blue glider's first landings are far away


def test_a_deploy_that_makes_the_twelfth_tower():
    towers = ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "a3", "c3", "e3", "g3"]
    s = pos(red=towers + base("f8"), blue=["m13"])
    deploys = [m for m in s.legal_moves() if m.kind == "deploy"]
    assert deploys
    for m in deploys:
        f = names(s, m)
        assert {"deploy", "deploy with bases 1", "own towers +1", "own towers to 12+"} <= f
        assert "leaves no own base" in f
    quiet = names(s, "i10+")
    assert {"build", "build with bases 1", "build edge 2", "build own distance 2"} <= quiet


def test_builds_see_the_edge_the_enemy_and_their_own_stones():
    s = pos(red=["g7"], blue=["b2", "c2", "b3"])  # blue glider: core b2, east and north
    assert {"build edge 0", "build with bases 0", "build own distance 4+"} <= names(s, "a12+")
    near = names(s, "d2+")  # d2-e3: d2 touches the blue arm c2
    assert {"build touching enemy 1-2", "build enemy distance 1", "build edge 1"} <= near
    assert "build in an enemy glider's cone" in near
    assert "build attackable" in near  # the glider's step east lands on d2 (core c2)
    assert {"build own distance 1", "build enemy distance 4+"} <= names(s, "h8+")


def test_a_base_hit_that_takes_the_last_base_wins_or_loses():
    # a blue base on f5-g6; a red glider, core e4 (east and north), lands on it at e5
    red = ["e4", "f4", "e5"]
    blue = base("f5") + ["l12"]
    s = pos(red=red + base("a10"), blue=blue)
    m = s.find_move("e4>e5")
    f = names(s, m)
    assert {"hits a base", "takes the last base and wins", "enemy towers +1"} <= f
    assert s.play(m).winner() == 0
    s = pos(red=red, blue=blue)  # no red base: taking theirs loses (rule 8b)
    f = names(s, "e4>e5")
    assert {"takes the last base and loses", "leaves no own base"} <= f
    assert s.play("e4>e5").winner() == 1


def test_a_wipe_threat_is_parried_by_a_second_base_or_left_standing():
    # blue's glider (core e4, east and north) takes red's only base f5-g6 by stepping north
    red = base("f5") + ["a12", "b12", "a13"]  # and a red glider in the corner (core a12)
    blue = ["e4", "f4", "e5"] + base("k10")
    s = pos(red=red, blue=blue)
    parried = left = 0
    for m in s.legal_moves():
        after = s.play(m)
        if after.is_over():
            continue
        wiped = any(after.play(b).winner() == 1 for b in after.legal_moves() if b.kind != "build")
        f = names(s, m)
        assert ("leaves a base wipe" in f) == wiped, str(m)
        assert ("parries a base wipe" in f) != wiped, str(m)
        parried += not wiped
        left += wiped
    assert parried and left
    assert "parries a base wipe" in names(s, "c2+")  # a second base, out of its reach
    assert "leaves a base wipe" in names(s, "a12>b12")  # the corner glider does nothing


def _flip(state):
    """The same stones with the other player to move."""
    other = "Blue" if state.player == 0 else "Red"
    text = str(state).replace(f"to move: {('Red', 'Blue')[state.player]}", f"to move: {other}")
    return GLISS.parse(text)


def _random_position(rng, plies: int):
    """A position after ``plies`` moves drawn evenly from the legal ones, none that ends
    the game (so that bases are built, deployed and hit, and towers rise)."""
    s = GLISS.start()
    for _ in range(plies):
        moves = s.legal_moves()
        rng.shuffle(moves)
        s = next((s.play(m) for m in moves if not s.play(m).is_over()), s)
    return s


def test_every_legal_move_gets_features_that_agree_with_the_rules():
    """Seeded random positions: each legal move's features are valid indices, one of each
    kind, and the named facts are what playing the move does."""
    seen: set[str] = set()
    for seed in range(6):
        s = _random_position(random.Random(seed), 16 + 4 * seed)
        text = str(s)
        me = s.player
        moves = s.legal_moves()
        feats = s.move_features(moves)
        assert str(s) == text  # the state is not changed
        assert len(feats) == len(moves)
        # the enemy's landings next turn, from the same stones with them to move
        enemy = _flip(s)
        reach = set()
        for b in enemy.legal_moves():
            if b.kind != "build" and not b.off:
                reach |= set(b.points[-1])
        for m, f in zip(moves, feats, strict=True):
            assert f and all(0 <= i < len(FEATURE_NAMES) for i in f)
            assert len(set(f)) == len(f)
            got = {FEATURE_NAMES[i] for i in f}
            seen |= got
            assert m.kind in got and len(got & {"build", "fly", "deploy"}) == 1
            after = s.play(m)
            if m.kind == "build":
                assert ("build attackable" in got) == bool(set(m.sources) & reach)
                continue
            assert ("off the board" in got) == m.off
            assert ("converts" in got) == (m.converted is not None)
            assert ("docks" in got) == (m.docked and m.converted is None)
            if not m.off:
                steps = len(m.path) - 1
                bucket = {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6-7", 7: "6-7"}
                assert f"steps {bucket.get(steps, '8+')}" in got
                if not m.captured:
                    landing = set(m.points[-1])
                    assert ("lands attackable" in got) == bool(landing & reach)
            d = after.towers(me) - s.towers(me)
            assert ("own towers +1" in got) == (d > 0) and ("own towers -1" in got) == (d < 0)
            d = after.towers(1 - me) - s.towers(1 - me)
            assert ("enemy towers -1" in got) == (d < 0)
            assert ("enemy towers +1" in got or "enemy towers +2+" in got) == (d > 0)
            assert ("leaves no own base" in got) == (after.bases(me) == 0)
            hit = {x for x in m.captured if s.shape_at(x).kind == "base"}
            assert ("hits a base" in got or "hits bases 2+" in got) == bool(hit)
            gl = {x for x in m.captured if s.shape_at(x).kind == "glider"}
            assert ("captures a glider" in got or "captures gliders 2+" in got) == bool(gl)
            won = after.is_over() and bool(hit)
            assert ("takes the last base and wins" in got) == (won and after.winner() == me)
            assert ("takes the last base and loses" in got) == (won and after.winner() != me)
    # the random positions reach the main facts of a flight
    assert {"build", "deploy", "own towers +1", "lands attackable", "source attackable"} <= seen
