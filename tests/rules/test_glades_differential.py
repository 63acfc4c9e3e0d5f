"""Glades: a slow, literal reading of the rules checked against game.rules.glades.

The reference below is written from ../shared/rules/glades.md alone and shares no code
with the engine: squares are (column, row) pairs, a position is a list of placed tiles
(owner, first square, first value, second square, second value), and every rule is
checked as the spec words it: which tiles touch (some square of one orthogonally next to
some square of the other), the kind of contact (end to end / right angle / long edge,
aligned or staggered), the values on the touching squares, the counts of touching tiles.

The engine must give exactly the reference's placements for both players, the same
passes and end of game, and the same scores and glade owners under both ``cancel``
readings, at a few thousand positions from seeded random games under every combination
of the options.
"""

from __future__ import annotations

import random

import pytest

from game import rules

COLS = "abcdefghi"
ALL_TILES = [(p, q) for p in range(1, 7) for q in range(p, 7)]


def sq_name(sq):
    return f"{COLS[sq[0]]}{sq[1] + 1}"


def adjacent(s, t):
    return abs(s[0] - t[0]) + abs(s[1] - t[1]) == 1


def on_board(s):
    return 0 <= s[0] < 9 and 0 <= s[1] < 9


def _neighbours(s):
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        t = (s[0] + dx, s[1] + dy)
        if on_board(t):
            out.append(t)
    return tuple(out)


NEIGHBOURS = {(x, y): _neighbours((x, y)) for x in range(9) for y in range(9)}


def neighbours(s):
    return NEIGHBOURS[s]


class Ref:
    """A position: ``tiles`` is a list of (owner, square1, value1, square2, value2)."""

    def __init__(self, tiles, touch_limit, cancel):
        self.tiles = list(tiles)
        self.touch_limit = touch_limit
        self.cancel = cancel
        self.at = {}
        for k, (_o, s1, _v1, s2, _v2) in enumerate(self.tiles):
            self.at[s1] = k
            self.at[s2] = k

    @staticmethod
    def horizontal(s1, s2):
        return s1[1] == s2[1]

    def contact_pairs(self, a1, a2, k):
        """The pairs (square of the new tile a1-a2, square of tile k) that are adjacent."""
        _o, t1, _v1, t2, _v2 = self.tiles[k]
        return [(a, b) for a in (a1, a2) for b in (t1, t2) if adjacent(a, b)]

    def touching(self, a1, a2):
        """Indices of the placed tiles a new tile on a1-a2 would touch."""
        found = set()
        for a in (a1, a2):
            for n in neighbours(a):
                if n in self.at and n not in (a1, a2):
                    found.add(self.at[n])
        return sorted(found)

    def tiles_touching_tile(self, k, owner):
        """How many tiles of ``owner`` touch placed tile k."""
        _o, t1, _v1, t2, _v2 = self.tiles[k]
        n = 0
        for j, (o, s1, _w1, s2, _w2) in enumerate(self.tiles):
            if j != k and o == owner and any(adjacent(a, b) for a in (s1, s2) for b in (t1, t2)):
                n += 1
        return n

    def left(self, owner):
        used = {(min(v1, v2), max(v1, v2)) for o, _s1, v1, _s2, v2 in self.tiles if o == owner}
        return [t for t in ALL_TILES if t not in used]

    def legal(self, owner):
        """Every legal placement of ``owner`` as a set of (square, value, square, value),
        the left or lower square first."""
        out = set()
        left = self.left(owner)
        if not left:
            return out
        value_pairs = set()
        for p, q in left:
            value_pairs.add((p, q))
            value_pairs.add((q, p))
        for x in range(9):
            for y in range(9):
                for a2 in ((x + 1, y), (x, y + 1)):
                    a1 = (x, y)
                    if not on_board(a2) or a1 in self.at or a2 in self.at:
                        continue
                    touched = self.touching(a1, a2)
                    # (a) no friendly tile touched
                    if any(self.tiles[k][0] == owner for k in touched):
                        continue
                    # (b) no long edge: parallel tiles that touch must lie on one line
                    ok = True
                    for k in touched:
                        _o, t1, _v1, t2, _v2 = self.tiles[k]
                        if self.horizontal(a1, a2) == self.horizontal(t1, t2):
                            line = (a1[1] == t1[1]) if self.horizontal(a1, a2) else (a1[0] == t1[0])
                            if not line:
                                ok = False
                    if not ok:
                        continue
                    # (d) at most 3 opponent tiles touched
                    if len(touched) > 3:
                        continue
                    # (e) global: no touched tile ends up with more than 3 of ours
                    if self.touch_limit == "global" and any(
                        self.tiles_touching_tile(k, owner) + 1 > 3 for k in touched
                    ):
                        continue
                    # (c) the touching squares show equal values: every contact pair
                    pairs = []
                    for k in touched:
                        _o, t1, v1, t2, v2 = self.tiles[k]
                        theirs = {t1: v1, t2: v2}
                        pairs += [(a, theirs[b]) for a, b in self.contact_pairs(a1, a2, k)]
                    for va, vb in value_pairs:
                        shown = {a1: va, a2: vb}
                        for a, v in pairs:
                            if shown[a] != v:
                                break
                        else:
                            out.add((a1, va, a2, vb))
        return out

    def glades(self):
        """[(squares, owner or None)] for every maximal connected set of empty squares."""
        seen = set()
        result = []
        for x in range(9):
            for y in range(9):
                if (x, y) in self.at or (x, y) in seen:
                    continue
                comp = {(x, y)}
                todo = [(x, y)]
                seen.add((x, y))
                while todo:
                    s = todo.pop()
                    for n in neighbours(s):
                        if n not in self.at and n not in seen:
                            seen.add(n)
                            comp.add(n)
                            todo.append(n)
                result.append((comp, self.claim(comp)))
        return result

    def claim(self, glade):
        counts = {0: [0] * 7, 1: [0] * 7}
        for owner, s1, v1, s2, v2 in self.tiles:
            shown = set()
            for s, v in ((s1, v1), (s2, v2)):
                if any(adjacent(s, g) for g in glade):
                    shown.add(v)
            for v in shown:
                counts[owner][v] += 1
        for v in range(6, 0, -1):
            g, o = counts[0][v], counts[1][v]
            if self.cancel == "pairwise":
                if g != o:
                    return 0 if g > o else 1
            else:
                if g and not o:
                    return 0
                if o and not g:
                    return 1
        return None

    def scores(self):
        sc = [0, 0]
        for comp, owner in self.glades():
            if owner is not None:
                sc[owner] += len(comp)
        return tuple(sc)


def ref_of(state):
    tiles = []
    for t in state.tiles():
        (a, b), (va, vb) = t.squares, t.values
        tiles.append((t.seat, (a % 9, a // 9), va, (b % 9, b // 9), vb))
    return Ref(tiles, state.options["touch_limit"], state.options["cancel"])


_TUPLES = {}


def as_tuple(m):
    """A move as the reference writes placements (read from the move's public fields)."""
    t = _TUPLES.get(m)
    if t is None:
        (a, b), (va, vb) = m.squares, m.values
        t = _TUPLES[m] = ((a % 9, a // 9), va, (b % 9, b // 9), vb)
    return t


def compare(state):
    ref = ref_of(state)
    p = state.player
    mine = ref.legal(p)
    theirs_any = bool(ref.legal(1 - p))
    moves = state.legal_moves()
    if not mine and not theirs_any:
        assert state.is_over() and moves == []
    elif not mine:
        assert [str(m) for m in moves] == ["pass"]
        assert not state.is_over()
    else:
        got = {as_tuple(m) for m in moves}
        assert got == mine, (sorted(got - mine)[:5], sorted(mine - got)[:5], str(state))
        assert len(got) == len(moves)
    assert state.can_place(1 - p) == theirs_any
    assert state.scores() == ref.scores()
    owners = {frozenset(comp): owner for comp, owner in ref.glades()}
    for g in state.glades():
        key = frozenset((i % 9, i // 9) for i in g.squares)
        assert owners[key] == g.owner
    assert len(owners) == len(state.glades())


OPTIONS = [
    dict(touch_limit=t, cancel=c) for t in ("global", "new-tile") for c in ("pairwise", "set")
]


@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: f"{o['touch_limit']}-{o['cancel']}")
def test_engine_agrees_with_the_literal_reading(opts):
    game = rules.get("glades")
    positions = 0
    for seed in range(16):
        rng = random.Random(seed)
        s = game.start(**opts)
        while True:
            compare(s)
            positions += 1
            if s.is_over():
                break
            s = s.play(rng.choice(s.legal_moves()))
    assert positions > 300


def test_engine_agrees_one_tile_from_crowded_positions():
    """Positions from play that favours contacts (so the touch limits are reached)."""
    game = rules.get("glades")
    checked = 0
    for seed in range(12):
        rng = random.Random(1000 + seed)
        opts = OPTIONS[seed % 4]
        s = game.start(**opts)
        while not s.is_over():
            moves = s.legal_moves()
            # prefer placements that touch an opponent tile
            near = {n for t in s.tiles(1 - s.player) for sq in t.squares for n in _nbrs(sq)}
            touching = [
                m for m in moves if m.code >= 0 and (m.squares[0] in near or m.squares[1] in near)
            ]
            pool = touching if touching and rng.random() < 0.9 else moves
            s = s.play(rng.choice(pool))
            compare(s)
            checked += 1
    assert checked > 200


def _nbrs(i):
    x, y = i % 9, i // 9
    return [tx + 9 * ty for tx, ty in neighbours((x, y))]


def test_reference_reads_the_spec_examples():
    """The reference itself agrees with the spec's worked examples."""
    d5, e5 = (3, 4), (4, 4)
    ref = Ref([(0, d5, 3, e5, 6)], "global", "pairwise")
    legal = {f"{sq_name(a)}:{va}-{sq_name(b)}:{vb}" for a, va, b, vb in ref.legal(1)}
    for m in ("f5:6-g5:2", "e6:6-e7:1", "f5:6-f6:1"):
        assert m in legal
    for m in ("f5:5-g5:2", "e6:4-e7:1", "d6:3-e6:6", "e6:6-f6:6"):
        assert m not in legal
    green = {f"{sq_name(a)}:{va}-{sq_name(b)}:{vb}" for a, va, b, vb in ref.legal(0)}
    assert not any(m.startswith("f5:") and "g5" in m for m in green)
    assert any(m.startswith("f6:") and "g6" in m for m in green)
