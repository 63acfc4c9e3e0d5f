"""Glorieta loops: the engine against a slow, literal reading of rule 3.

The reference below is written from ../shared/rules/glorieta.md alone and shares no
code with game/rules/glorieta.py: its own hexhex cells (|c - r| <= n - 1), and for a
colour the set S of its stones and the neutral stones has a loop iff

  (a) some cell not in S cannot reach outside the board through cells not in S
      (a flood fill of non-S cells from every off-board neighbour), or
  (b) some cell has all six neighbours on the board and in S.

The engine's incremental test (union-find, the kept one) and its flood fill variant
must agree with it after every stone of thousands of positions: seeded random games
through the public contract on sizes 5, 7 and 10 in both variants, and random
fillings of the board with all three kinds of stones.
"""

from __future__ import annotations

import random

import pytest

from game import rules
from game.rules import glorieta as gl

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


class RefBoard:
    def __init__(self, side):
        self.side = side
        span = 2 * side - 1
        self.cells = [
            (c, r) for r in range(1, span + 1) for c in range(1, span + 1) if abs(c - r) <= side - 1
        ]
        self.at = {cr: i for i, cr in enumerate(self.cells)}
        self.nbrs = [
            [self.at[(c + dc, r + dr)] for dc, dr in DIRS if (c + dc, r + dr) in self.at]
            for c, r in self.cells
        ]
        # a cell with fewer than six neighbours on the board touches the outside
        self.edge = [len(nb) < 6 for nb in self.nbrs]

    def name(self, c, r):
        return f"{chr(96 + c)}{r}"

    def loop(self, owner: dict, colour: str) -> bool:
        """``owner`` maps (c, r) to 'black' / 'orange' / 'neutral' (empty cells absent)."""
        in_s = [False] * len(self.cells)
        for cr, v in owner.items():
            if v in (colour, "neutral"):
                in_s[self.at[cr]] = True
        # (a): flood the non-S cells from outside the board
        reached = [False] * len(self.cells)
        stack = []
        for i in range(len(self.cells)):
            if self.edge[i] and not in_s[i]:
                reached[i] = True
                stack.append(i)
        while stack:
            i = stack.pop()
            for j in self.nbrs[i]:
                if not in_s[j] and not reached[j]:
                    reached[j] = True
                    stack.append(j)
        if any(not in_s[i] and not reached[i] for i in range(len(self.cells))):
            return True
        # (b): the solid flower: six neighbours, all on the board and in S
        return any(len(nb) == 6 and all(in_s[j] for j in nb) for nb in self.nbrs)


REF = {n: RefBoard(n) for n in range(5, 11)}
WORDS = {"b": "black", "o": "orange", "n": "neutral"}


def owner_of(state) -> dict:
    ref = REF[state.size]
    out = {}
    for c, r in ref.cells:
        v = state.stone_at(ref.name(c, r))
        if v != "empty":
            out[(c, r)] = v
    return out


def ref_loops(state) -> tuple[bool, bool]:
    ref = REF[state.size]
    owner = owner_of(state)
    return ref.loop(owner, "black"), ref.loop(owner, "orange")


# --- the reference itself, on the spec's examples ------------------------------------------
def test_reference_reads_the_spec_examples():
    ref = REF[7]
    ring = [(8, 7), (6, 7), (7, 8), (7, 6), (8, 8), (6, 6)]  # h7 f7 g8 g6 h8 f6
    for centre in (None, "orange", "black"):
        owner = {cr: "black" for cr in ring}
        if centre:
            owner[(7, 7)] = centre
        assert ref.loop(owner, "black")
    owner = {cr: "black" for cr in ring[:5]}
    assert not ref.loop(owner, "black")
    owner[ring[5]] = "neutral"
    assert ref.loop(owner, "black") and not ref.loop(owner, "orange")
    owner = {cr: "neutral" for cr in ring}
    assert ref.loop(owner, "black") and ref.loop(owner, "orange")
    # a corner and an edge cell surrounded on the board: never a loop
    assert not ref.loop({(2, 1): "black", (1, 2): "black", (2, 2): "black"}, "black")
    assert not ref.loop(
        {(3, 1): "black", (5, 1): "black", (4, 2): "black", (5, 2): "black"}, "black"
    )


# --- random games through the contract ------------------------------------------------------
def _games(variant, size, count, seed):
    game = rules.get("glorieta") if "glorieta" in rules.GAMES else gl.Glorieta()
    rng = random.Random(seed)
    for k in range(count):
        opts = {"variant": variant, "size": size}
        if variant == "landscape":
            opts["seed"] = seed * 1000 + k
            opts["neutrals"] = rng.choice((0, 6, 12, min(gl.geo(size).limit, gl.MAX_NEUTRALS)))
        s = game.start(**opts)
        states = [s]
        while not s.is_over():
            s = s.play(s.random_move(rng))
            states.append(s)
        yield states


@pytest.mark.parametrize("variant", ["landscape", "chicken"])
@pytest.mark.parametrize("size,count", [(5, 40), (7, 20), (10, 6)])
def test_engine_agrees_with_the_reference_in_random_games(variant, size, count):
    positions = 0
    for states in _games(variant, size, count, size):
        for s in states:
            positions += 1
            b, o = ref_loops(s)
            if not s.is_over():
                assert not b and not o, str(s)
                continue
            assert (s.loops & 1 == 1) == b and (s.loops & 2 == 2) == o, str(s)
            if not (b or o):
                assert s.counts()["empty"] == 0
            else:
                lp = s.loop()
                assert lp is not None and lp[0] and lp[1]
    assert positions > 20 * count


@pytest.mark.parametrize("size", [5, 7, 10])
def test_incremental_and_flood_agree_with_the_reference_on_random_fillings(size):
    """Every kind of stone dropped in random order; after each stone, for both colours,
    'a loop now' by the engine's two incremental tests and by the reference."""
    g = gl.geo(size)
    ref = REF[size]
    rng = random.Random(100 + size)
    checked = 0
    for trial in range(30 if size < 10 else 10):
        cells = bytearray(g.n + 1)
        par = [list(range(g.n + 1)), list(range(g.n + 1))]
        cnt = [bytearray(g.n + 1), bytearray(g.n + 1)]
        cnt_f = [bytearray(g.n + 1), bytearray(g.n + 1)]
        owner = {}
        looped = [False, False]
        order = list(range(g.n))
        rng.shuffle(order)
        p_neutral = rng.choice((0.0, 0.1, 0.3))
        for x in order:
            v = 3 if rng.random() < p_neutral else rng.choice((1, 2))
            cells[x] = v
            owner[g.coords[x]] = ("", "black", "orange", "neutral")[v]
            for k in (0, 1):
                bit = k + 1
                if not v & bit:
                    continue
                uf = gl._add(par[k], cnt[k], g.ring, g.nbd, x)
                fl = gl._add_flood(cells, cnt_f[k], g.ring, g.nbd, g.nb, g.border, x, bit)
                looped[k] = looped[k] or uf
                assert uf == fl or looped[k]
                want = ref.loop(owner, ("black", "orange")[k])
                assert looped[k] == want, (size, trial, g.names[x], k)
                checked += 1
            if looped[0] and looped[1]:
                break
    assert checked > 300


def test_pair_rule_agrees_with_a_literal_search():
    """Chicken: 'a legal pair exists' against trying every (stone, neutral) pair with the
    group computed by a flood fill after both stones are placed."""
    rng = random.Random(7)
    g = gl.geo(5)
    checked = 0
    for trial in range(300):
        cells = bytearray(g.n + 1)
        filled = rng.randrange(g.n - 8, g.n + 1)
        for x in rng.sample(range(g.n), filled):
            cells[x] = rng.choice((1, 2, 3))
        bit = rng.choice((1, 2))
        empties = [i for i in range(g.n) if not cells[i]]
        par, cnt = gl._build(g, cells)
        fast = gl._pair_exists(cells, par[bit - 1], cnt[bit - 1], g.nb, g.nbset, empties, bit)
        slow = False
        for f in empties:
            for n in empties:
                if f == n:
                    continue
                c2 = bytearray(cells)
                c2[f] = bit
                c2[n] = 3
                seen = {f}
                stack = [f]
                while stack:
                    y = stack.pop()
                    for z in g.nb[y]:
                        if c2[z] & bit and z not in seen:
                            seen.add(z)
                            stack.append(z)
                if n not in seen:
                    slow = True
                    break
            if slow:
                break
        assert fast == slow, (trial, bytes(cells), bit)
        checked += 1
    assert checked == 300


@pytest.mark.parametrize("bit", [1, 2])
def test_pair_rule_two_neighbouring_empty_cells_make_no_pair(bit):
    """The board full but for two cells, every stone the other colour's: two cells that
    are neighbours are no pair (a neutral next to the new stone joins its group), two that
    are not are one.  Random fillings almost never leave only such a pair."""
    g = gl.geo(5)
    a = 0
    near = g.nb[a][0]
    far = next(x for x in range(g.n) if x != a and x not in g.nbset[a])
    for b, want in ((near, False), (far, True)):
        cells = bytearray(g.n + 1)
        for x in range(g.n):
            cells[x] = 0 if x in (a, b) else 3 - bit
        empties = [a, b]
        par, cnt = gl._build(g, cells)
        got = gl._pair_exists(cells, par[bit - 1], cnt[bit - 1], g.nb, g.nbset, empties, bit)
        assert got is want, (g.names[a], g.names[b])


# --- the cells that close a loop, and the moves the search is forced to ---------------------
def ref_closing(state, colour) -> set:
    """The empty cells where a stone of ``colour`` gives it a loop, by the reference: the
    board with that stone added, read by rule 3."""
    ref = REF[state.size]
    owner = owner_of(state)
    return {
        ref.name(c, r)
        for c, r in ref.cells
        if (c, r) not in owner and ref.loop({**owner, (c, r): colour}, colour)
    }


def _declined_games(size, count, seed):
    """Random Chicken games in which the first player offered a pair declines it: the
    turns are single stones from then on."""
    game = rules.get("glorieta")
    rng = random.Random(seed)
    for _ in range(count):
        s = game.start(variant="chicken", size=size)
        states = [s]
        while not s.is_over():
            if s.phase == "neutral or decline" and s.neutral_play:
                s = s.play("decline")
            else:
                s = s.play(s.random_move(rng))
            states.append(s)
        yield states


def _sampled_positions(variant, size, games, seed, every):
    """Every ``every``-th position of random games, and each game's last six (where the
    threats are); in Chicken half the games declined early."""
    played = list(_games(variant, size, games, seed))
    if variant == "chicken":
        played += list(_declined_games(size, games, seed))
    for states in played:
        last = len(states) - 7
        for k, s in enumerate(states):
            if not s.is_over() and (k % every == 0 or k >= last):
                yield s


@pytest.mark.parametrize("variant", ["landscape", "chicken"])
@pytest.mark.parametrize("size,games,every", [(5, 10, 2), (7, 4, 4)])
def test_closing_cells_and_forced_moves_agree_with_the_reference(variant, size, games, every):
    """``_closing`` (the read-only union-find test of every empty cell) against the
    reference for both colours; and ``forced_moves``, on a turn of one stone: the mover's
    closing stones, else the one block of the opponent's only closing cell, else [] when
    the opponent has two; None when neither side can close, and in Chicken's pairs."""
    checked = forced = 0
    for s in _sampled_positions(variant, size, games, 40 + size, every):
        names = s.geo.names
        want = {}
        for bit, colour in ((1, "black"), (2, "orange")):
            want[colour] = ref_closing(s, colour)
            assert {names[c] for c in s._closing(bit)} == want[colour], (str(s), colour)
        checked += 1
        f = s.forced_moves()
        if s.phase != "stone" or (variant == "chicken" and s.neutral_play):
            assert f is None
            continue
        me = s.mover_colour()
        them = "orange" if me == "black" else "black"
        if want[me]:
            assert {str(m) for m in f} == want[me]
            assert all(s.play(m).winner() == s.player for m in f)
        elif not want[them]:
            assert f is None
        elif len(want[them]) == 1:
            assert [str(m) for m in f] == sorted(want[them])
        else:
            assert f == []
        forced += f is not None
    assert checked > 60 and forced > 5, (checked, forced)
