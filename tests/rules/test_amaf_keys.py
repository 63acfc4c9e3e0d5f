"""The shared move statistics' hooks (``State.amaf_key``, ``State.amaf_rollout``;
game/rules/core.py): a playout's keys are the keys of the moves it played, read back
through the contract, and a key names one move of one seat."""

from __future__ import annotations

import random

from game import rules
from game.rules.glades import move_for
from game.rules.splay import NAMES
from tests.rules.test_glorieta import chicken_endings

# a Splay position where White has no placement (B2: a black tower of height 2)
BLOCKED = """\
game: splay
to move: white
11           .   b   b   w   w   .   (f-k)
10         b   b   b   b   w   b   .   (e-k)
 9       b   b   b   b   w   w   w   w   (d-k)
 8     .   b   w   w   w   b   b   w   w   (c-k)
 7   b   w   b   w   b   b   b   w   b   b   (b-k)
 6 b   b   w   .   w   w   b   w   w   b   b   (a-k)
 5   b   b   b   w   w   b   w   b   w   b   (a-j)
 4     .   b   b   w   w   b   w   w   w   (a-i)
 3       .   w   w   w   b   w   w   w   (a-h)
 2         .   B2  w   b   b   w   w   (a-g)
 1           .   .   .   .   w   w   (a-f)
"""


def _walk(start, seed, moves_of):
    """Replay the playout of ``seed`` (its trace, read by ``moves_of``) and check that
    ``amaf_rollout`` with the same seed gives each of its moves' ``amaf_key``."""
    trace: list = []
    value = start.rollout(random.Random(seed), None, trace)
    got_value, keys = start.amaf_rollout(random.Random(seed))
    assert got_value == value
    s = start
    want = []
    for m in moves_of(s, trace):
        key = s.amaf_key(s.find_move(m))
        assert key & 1 == s.player  # the lowest bit is the seat that plays it
        want.append(key)
        s = s.play(m)
    assert keys == want
    return trace


def _distinct(s):
    moves = s.legal_moves()
    keys = {s.amaf_key(m) for m in moves}
    assert len(keys) == len(moves) and all(k & 1 == s.player for k in keys)


def _positions(gid, opts, plies, seed):
    s = rules.get(gid).start(**opts)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_over():
            break
        s = s.play(s.random_move(rng))
    return s


def test_splay_keys_follow_the_playout_passes_included():
    passes = 0
    for seed in range(12):
        s = _positions("splay", {}, seed * 6, seed)
        if s.is_over():
            continue
        _distinct(s)
        trace = _walk(s, seed, lambda s, tr: ["pass" if x is None else NAMES[x] for x in tr])
        passes += trace.count(None)
    # a hand-built end: White (to move) has no placement left and must pass
    end = rules.get("splay").parse(BLOCKED)
    assert [str(m) for m in end.legal_moves()] == ["pass"]
    assert end.amaf_key(end.legal_moves()[0]) == end.player
    for seed in range(4):
        trace = _walk(end, seed, lambda s, tr: ["pass" if x is None else NAMES[x] for x in tr])
        passes += trace.count(None)
    assert passes


def test_glades_keys_follow_the_playout():
    for seed in range(10):
        opts = {"touch_limit": ("global", "new-tile")[seed % 2]}
        s = _positions("glades", opts, seed * 3, seed)
        if s.is_over():
            continue
        _distinct(s)
        _walk(s, seed, lambda s, tr: [str(move_for(code)) for _p, code in tr])


def test_glorieta_keys_follow_the_playout_in_every_phase():
    phases = set()
    for variant in ("landscape", "chicken"):
        for seed in range(8):
            opts = {"variant": variant, "size": 5}
            if variant == "landscape":
                opts["seed"] = seed
            s = _positions("glorieta", opts, seed % 4, seed)  # the opening, the choice...
            if s.is_over():
                continue
            phases.add(s.phase)
            _distinct(s)
            _walk(s, seed, lambda s, tr: tr)
    assert {"opening", "choose colour", "stone", "neutral or decline"} <= phases
    # the rare ends of chicken: a forced single drop, a stone that leaves only decline
    seen = set()
    for s in chicken_endings():
        for seed in range(20):
            seen.update(_walk(s, seed, lambda s, tr: tr))
    assert "decline" in seen
