"""Gliss (Corey L. Clark, 2024): bases, gliders and control towers on a Go grid.

The rule set is ``../shared/rules/gliss.md``; the notation, the position text and
every point settled here are in ``docs/games/gliss.md``.

Representation
--------------
The board is two Python ints used as bitboards, one per player.  A board of
size n is stored with row stride ``W = n + 1``: the point at column c, row r
(both from 0, row 0 at Red's edge) is bit ``r * W + c``; bit ``r * W + n`` is
a padding column that is never set, so a shift by one never wraps a row.  All
geometry (the three points of a glider at every core and orientation, the ring
of points around them, the fourth corner of its square, the blocks and rings
of builds) is precomputed once per size into flat lists of masks.

Groups are never stored: since every group is a legal shape, towers are the
stones with no friendly neighbour, bases are the 2x2 blocks, and glider cores
are the remaining stones with both a horizontal and a vertical friendly
neighbour -- a handful of big-int operations per side.

A glider orientation ``o`` (0..3) gives its two step directions: the
horizontal unit u (east for o = 0, 2; west for o = 1, 3) and the vertical unit
v (north for o = 0, 1; south for o = 2, 3).  The arms sit at core+u and
core+v, and the glider only ever moves by +u or +v.

A flight is a breadth-first search over core positions (whether a position is
forced, landable, void or off the board depends only on the position, never on
the path).  Horizontal steps are tried before vertical ones, so the first path
found to an outcome is the shortest, and among the shortest the one that takes
the horizontal step at the first point where two paths differ.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from .core import (
    BadNotation,
    EditPiece,
    Game,
    Move,
    Option,
    RuleViolation,
    State,
    first_line_value,
    header_drop,
    header_get,
    header_set,
)

COLOUR_NAMES = ("Red", "Blue")
OFF = -1  # the end of a flight that leaves the board
TOWER_GOAL = 12

# reasons the game ended (stored with the state)
_END_TOWERS, _END_WIPE, _END_STUCK = "towers", "wipe", "stuck"


# ----------------------------------------------------------------------------------------
# geometry
# ----------------------------------------------------------------------------------------
class _Geo:
    """Every precomputed table of one board size."""

    def __init__(self, n: int):
        self.n = n
        W = self.w = n + 1
        size = n * W
        self.nbytes = (size + 7) // 8
        self.letters = "abcdefghijklmnopqrstuvwxyz"[:n]

        def on(c, r):
            return 0 <= c < n and 0 <= r < n

        def idx(c, r):
            return r * W + c

        self.cells = [idx(c, r) for r in range(n) for c in range(n)]
        full = 0
        for x in self.cells:
            full |= 1 << x
        self.full = full
        self.coord: list = [None] * size
        self.names: list = [None] * size
        for r in range(n):
            for c in range(n):
                self.coord[idx(c, r)] = (c, r)
                self.names[idx(c, r)] = f"{self.letters[c]}{r + 1}"
        self.by_name = {nm: i for i, nm in enumerate(self.names) if nm is not None}
        # the client's 1-based (column, row) of each bit (None off the board)
        self.crs: list = [None if xy is None else (xy[0] + 1, xy[1] + 1) for xy in self.coord]
        self.nbm = [0] * size  # mask of the orthogonal neighbours
        for r in range(n):
            for c in range(n):
                m = 0
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if on(c + dc, r + dr):
                        m |= 1 << idx(c + dc, r + dr)
                self.nbm[idx(c, r)] = m

        # glider tables, per orientation
        self.DX = (1, -1, 1, -1)
        self.DY = (1, 1, -1, -1)
        self.DU = tuple(dx for dx in self.DX)
        self.DV = tuple(dy * W for dy in self.DY)
        self.PM = [[0] * size for _ in range(4)]  # mask of the 3 points (0: partly off)
        # (core, arm u, arm v); None (never read) where the glider is partly off the board
        self.PC = [cast("list[tuple[int, ...]]", [None] * size) for _ in range(4)]
        self.RM = [[0] * size for _ in range(4)]  # ring around them, without k
        self.KC = [[-1] * size for _ in range(4)]  # k, the 4th corner of the square
        self.KM = [[0] * size for _ in range(4)]
        self.KO = [[0] * size for _ in range(4)]  # k's two neighbours outside the square
        for o in range(4):
            dx, dy = self.DX[o], self.DY[o]
            for r in range(n):
                for c in range(n):
                    a, b = (c + dx, r), (c, r + dy)
                    if not (on(*a) and on(*b)):
                        continue
                    pts = [(c, r), a, b]
                    k = (c + dx, r + dy)
                    x = idx(c, r)
                    self.PC[o][x] = tuple(idx(*p) for p in pts)
                    self.PM[o][x] = sum(1 << idx(*p) for p in pts)
                    ring = set()
                    for pc, pr in pts:
                        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                            q = (pc + dc, pr + dr)
                            if on(*q) and q not in pts and q != k:
                                ring.add(q)
                    self.RM[o][x] = sum(1 << idx(*q) for q in ring)
                    self.KC[o][x] = idx(*k)
                    self.KM[o][x] = 1 << idx(*k)
                    self.KO[o][x] = sum(
                        1 << idx(*q) for q in ((k[0] + dx, k[1]), (k[0], k[1] + dy)) if on(*q)
                    )

        # the cone ahead of a core: every point a glider there can ever cover
        col = [sum(1 << idx(c, r) for r in range(n)) for c in range(n)]
        row = [sum(1 << idx(c, r) for c in range(n)) for r in range(n)]
        self.CONE = [[0] * size for _ in range(4)]
        for o in range(4):
            dx, dy = self.DX[o], self.DY[o]
            for r in range(n):
                rows = sum(row[r2] for r2 in range(n) if (r2 - r) * dy >= 0)
                for c in range(n):
                    cols = sum(col[c2] for c2 in range(n) if (c2 - c) * dx >= 0)
                    self.CONE[o][idx(c, r)] = rows & cols

        # builds: a block is named by its lower-left point
        self.LL = [idx(c, r) for r in range(n - 1) for c in range(n - 1)]
        self.BM = [0] * size
        self.BR = [0] * size
        for x in self.LL:
            c, r = self.coord[x]
            pts = [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]
            self.BM[x] = sum(1 << idx(*p) for p in pts)
            ring = set()
            for pc, pr in pts:
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    q = (pc + dc, pr + dr)
                    if on(*q) and q not in pts:
                        ring.add(q)
            self.BR[x] = sum(1 << idx(*q) for q in ring)
        # deploys: for a base at ll and each kept corner: (kept, core, orientation)
        self.DEP = cast("list[tuple[tuple[int, int, int], ...]]", [None] * size)  # None off LL
        for x in self.LL:
            c, r = self.coord[x]
            opts = []
            for kc, kr in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
                cc, cr = 2 * c + 1 - kc, 2 * r + 1 - kr  # the opposite corner
                dx, dy = kc - cc, kr - cr
                o = (0 if dx > 0 else 1) + (0 if dy > 0 else 2)
                opts.append((idx(kc, kr), idx(cc, cr), o))
            self.DEP[x] = tuple(opts)

        # for the win gate (_win_sources), per orientation: the cores where a glider is
        # wholly on the board; the offsets from a core of the points whose stones force a
        # flight on (its 3 points and its ring); k's offset and its two outer neighbours'
        self.VALID = [sum(1 << x for x in range(size) if self.PM[o][x]) for o in range(4)]
        self.FORCE_OFFS = []  # beyond the core and its 4 neighbours
        self.DOCK_OFFS = []
        for o in range(4):
            du, dv = self.DU[o], self.DV[o]
            self.FORCE_OFFS.append((2 * du, du - dv, dv - du, 2 * dv))
            self.DOCK_OFFS.append((du + dv, 2 * du + dv, du + 2 * dv))
        self.DEPLOY_OFF = (0, 1, W, W + 1)  # a base's lower-left corner to its deploy core
        # BASE_T[ll]: per orientation, the cores where a glider covers a point of the base
        # whose lower-left corner is ll
        self.BASE_T = cast("list[tuple[int, int, int, int]]", [None] * size)
        # NEAR4[ll]: the points within 4 (king moves) of that base: a flight that lands on
        # it starts from, or is forced on by, a stone of the mover there (_winning_flights)
        self.NEAR4 = [0] * size
        for x in self.LL:
            self.BASE_T[x] = cast(
                "tuple[int, int, int, int]",
                tuple(_landing_cores(self, o, self.BM[x]) for o in range(4)),
            )
            c, r = self.coord[x]
            self.NEAR4[x] = sum(
                1 << idx(c2, r2)
                for c2 in range(c - 4, c + 6)
                for r2 in range(r - 4, r + 6)
                if on(c2, r2)
            )

        # bit listing: byte -> offsets
        self._byte_bits = [tuple(j for j in range(8) if b >> j & 1) for b in range(256)]

    # -- helpers ---------------------------------------------------------------------
    def bits(self, x: int) -> list[int]:
        """The set bits of ``x`` in increasing order."""
        out: list[int] = []
        if not x:
            return out
        if x.bit_count() <= 8:  # sparse (glider cores, bases): lowest bit by lowest bit
            while x:
                low = x & -x
                out.append(low.bit_length() - 1)
                x ^= low
            return out
        bb = self._byte_bits
        for i, byte in enumerate(x.to_bytes(self.nbytes, "little")):
            if byte:
                base = 8 * i
                for j in bb[byte]:
                    out.append(base + j)
        return out

    def nb(self, s: int) -> int:
        W = self.w
        return ((s << 1) | (s >> 1) | (s << W) | (s >> W)) & self.full

    def cr(self, x: int) -> tuple[int, int]:
        """A bit index as a 1-based (column, row) pair, the client's coordinates."""
        return self.crs[x]


@lru_cache(maxsize=None)
def _geo(n: int) -> _Geo:
    return _Geo(n)


# ----------------------------------------------------------------------------------------
# pure functions on bitboards (shared by moves, play, playouts and evaluation)
# ----------------------------------------------------------------------------------------
def _classify(g: _Geo, s: int):
    """(towers, base ll corners, base stones, glider stones, glider cores) of stones s."""
    W = g.w
    full = g.full
    nb = ((s << 1) | (s >> 1) | (s << W) | (s >> W)) & full
    towers = s & ~nb
    sq = s & (s >> 1) & (s >> W) & (s >> (W + 1))
    bst = sq | (sq << 1) | (sq << W) | (sq << (W + 1))
    gl = s & nb & ~bst
    cores = gl & ((gl << 1) | (gl >> 1)) & ((gl << W) | (gl >> W))
    return towers, sq, bst, gl, cores


def _towers(g: _Geo, s: int) -> int:
    W = g.w
    return s & ~(((s << 1) | (s >> 1) | (s << W) | (s >> W)) & g.full)


def _sq(g: _Geo, s: int) -> int:
    W = g.w
    return s & (s >> 1) & (s >> W) & (s >> (W + 1))


def _orient(g: _Geo, s: int, core: int) -> int:
    """The orientation of the glider of stones s whose core is ``core``."""
    return (0 if s >> (core + 1) & 1 else 1) + (0 if s >> (core + g.w) & 1 else 2)


def _builds(g: _Geo, mine: int, enemy: int) -> int:
    """Mask of the lower-left points of every legal build."""
    W = g.w
    ok = g.full & ~(mine | enemy) & ~((mine << 1) | (mine >> 1) | (mine << W) | (mine >> W))
    return ok & (ok >> 1) & (ok >> W) & (ok >> (W + 1))


def _flights(g: _Geo, o: int, start: int, mine: int, etow: int):
    """All outcomes of a flight: (landing cores in BFS order, can fly off).

    ``mine`` is the mover's stones without the lifted ones (a tower kept by a
    deployment included); ``etow`` the enemy towers."""
    PM = g.PM[o]
    RM = g.RM[o]
    KM = g.KM[o]
    KO = g.KO[o]
    du = g.DU[o]
    dv = g.DV[o]
    ends = []
    off = False
    seen = {start}
    frontier = [start]
    first = True
    while frontier:
        nxt = []
        for x in frontier:
            for s in (x + du, x + dv):
                if s in seen:
                    continue
                seen.add(s)
                pm = PM[s]
                if not pm:
                    if not first:
                        off = True
                    continue
                if pm & mine or RM[s] & mine or (KM[s] & mine and KO[s] & mine):
                    nxt.append(s)  # must continue
                    continue
                if pm & etow:
                    continue  # void: an enemy tower under the landing spot
                ends.append(s)
        first = False
        frontier = nxt
    return ends, off


def _status(g: _Geo, o: int, s: int, mine: int, etow: int) -> str:
    """What happens when the glider's core reaches s: off/forced/void/dock/land."""
    pm = g.PM[o][s]
    if not pm:
        return "off"
    if pm & mine or g.RM[o][s] & mine:
        return "forced"
    dock = bool(g.KM[o][s] & mine)
    if dock and g.KO[o][s] & mine:
        return "forced"
    if pm & etow:
        return "void"
    return "dock" if dock else "land"


def _flight_tree(g: _Geo, o: int, start: int, mine: int, etow: int):
    """The BFS of ``_flights`` with parents and statuses (for paths and reasons)."""
    du, dv = g.DU[o], g.DV[o]
    parent: dict[int, int | None] = {start: None}
    status = {}
    order = []
    frontier = [start]
    first = True
    while frontier:
        nxt = []
        for x in frontier:
            for s in (x + du, x + dv):
                if s in parent:
                    continue
                st = _status(g, o, s, mine, etow)
                if st == "off" and first:
                    continue
                parent[s] = x
                status[s] = st
                order.append(s)
                if st == "forced":
                    nxt.append(s)
        first = False
        frontier = nxt
    return parent, status, order


def _resolve(g: _Geo, mine: int, enemy: int, o: int, src: int, end: int):
    """Apply a flight (glider or deployment) whose lifted L is (o, src) and ends at end.

    Returns (new mine, new enemy, captured mask, converted point or -1,
    captured from a base, docked)."""
    lifted = g.PM[o][src]
    mine = mine & ~lifted
    if end == OFF:
        return mine, enemy, 0, -1, False, False
    pm = g.PM[o][end]
    hit = pm & enemy
    captured = 0
    base_cap = False
    if hit:
        etw, esq, ebst, egl, _ = _classify(g, enemy)
        gh = hit & egl
        if gh:
            nb = g.nb
            gh = (gh | nb(gh)) & egl
            gh = (gh | nb(gh)) & egl
            captured |= gh
        bh = hit & ebst
        if bh:
            W = g.w
            done = 0
            for p in g.PC[o][end]:  # core first, then the arms
                if not (bh >> p & 1):
                    continue
                for ll in (p, p - 1, p - W, p - W - 1):
                    if ll >= 0 and esq >> ll & 1:
                        break
                if done >> ll & 1:
                    continue
                done |= 1 << ll
                # the corner diagonal to p stays as an enemy tower
                diag = 2 * ll + W + 1 - p
                captured |= g.BM[ll] & ~(1 << diag)
                base_cap = True
        enemy &= ~captured
    new_mine = mine | pm
    conv = -1
    docked = False
    km = g.KM[o][end]
    if mine & km:
        docked = True  # a friendly dock: a new base
    elif enemy & km:
        k = g.KC[o][end]
        if not (g.nbm[k] & enemy) and not (g.KO[o][end] & new_mine):
            enemy ^= km
            new_mine |= km
            conv = k
            docked = True
    return new_mine, enemy, captured, conv, base_cap, docked


def _sources(g: _Geo, mine: int):
    """Flying sources: list of (kind, src core, orientation, kept point or -1)."""
    _, sq, _, _, cores = _classify(g, mine)
    out = []
    for c in g.bits(cores):
        out.append(("fly", c, _orient(g, mine, c), -1))
    for ll in g.bits(sq):
        for kept, core, o in g.DEP[ll]:
            out.append(("deploy", core, o, kept))
    return out


def _landing_cores(g: _Geo, o: int, target: int) -> int:
    """Mask of the cores at which a glider of orientation o covers a point of target."""
    du, dv = g.DU[o], g.DV[o]
    a = target >> du if du > 0 else target << -du
    b = target >> dv if dv > 0 else target << -dv
    return (target | a | b) & g.full


def _hits(g: _Geo, o: int, start: int, mine: int, etow: int, tmask: int) -> list:
    """The landing cores of a flight that lie in tmask (``_flights`` pruned: a
    forced position whose cone holds no point of tmask is not followed)."""
    PM = g.PM[o]
    RM = g.RM[o]
    KM = g.KM[o]
    KO = g.KO[o]
    CONE = g.CONE[o]
    du = g.DU[o]
    dv = g.DV[o]
    out = []
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for x in frontier:
            for s in (x + du, x + dv):
                if s in seen:
                    continue
                seen.add(s)
                pm = PM[s]
                if not pm:
                    continue
                if pm & mine or RM[s] & mine or (KM[s] & mine and KO[s] & mine):
                    if CONE[s] & tmask:
                        nxt.append(s)
                    continue
                if pm & etow:
                    continue
                if tmask >> s & 1:
                    out.append(s)
        frontier = nxt
    return out


def _base_targets(g: _Geo, esq: int) -> tuple[int, int, int, int]:
    """Per orientation, the cores where a glider covers a point of every enemy base (the
    lower-left corners ``esq``): the only landings that can take them all."""
    low = esq & -esq
    out = g.BASE_T[low.bit_length() - 1]
    esq ^= low
    while esq:
        low = esq & -esq
        t = g.BASE_T[low.bit_length() - 1]
        out = (out[0] & t[0], out[1] & t[1], out[2] & t[2], out[3] & t[3])
        esq ^= low
    return out


def _win_sources(g: _Geo, mine: int, etow: int, cores: int, sq: int, targets) -> list:
    """Per orientation, a mask holding every flying source (glider core or deploy core)
    whose flight might take every enemy base: 0 where none can.

    Worked backwards on bitboards from the landings that would (``targets`` without the
    points where an enemy tower voids a landing): the points one step before them, then
    one step before the points among those where a flight must go on, and so on; a
    source is kept when it is reached.  The points where a flight must go on are taken
    as if no stone were lifted: a flight must go on wherever it must with fewer stones of
    the mover, so every real winning flight's source is kept."""
    out = [0, 0, 0, 0]
    W = g.w
    east, west, north, south = mine >> 1, mine << 1, mine >> W, mine << W  # x: x+1 in mine...
    cross = mine | east | west | north | south
    for o in range(4):
        t = targets[o]
        if not t:
            continue
        du, dv = g.DU[o], g.DV[o]
        arms = (east if du > 0 else west) & (north if dv > 0 else south)
        src = (cores & arms) | (sq << g.DEPLOY_OFF[o])
        if not src:
            continue
        if etow:
            t &= ~_landing_cores(g, o, etow)  # void: an enemy tower under the glider
        valid = g.VALID[o]
        # the points one step before t
        reach = ((t >> du if du > 0 else t << -du) | (t >> dv if dv > 0 else t << -dv)) & valid
        if not reach:
            continue
        forced = cross
        for q in g.FORCE_OFFS[o]:
            forced |= mine >> q if q > 0 else mine << -q
        k, k1, k2 = g.DOCK_OFFS[o]  # a dock at k whose outer neighbours hold a stone
        a = mine >> k if k > 0 else mine << -k
        b = mine >> k1 if k1 > 0 else mine << -k1
        c = mine >> k2 if k2 > 0 else mine << -k2
        forced = (forced | (a & (b | c))) & valid
        frontier = reach & forced
        while frontier:
            nxt = (frontier >> du if du > 0 else frontier << -du) | (
                frontier >> dv if dv > 0 else frontier << -dv
            )
            nxt &= valid & ~reach
            reach |= nxt
            frontier = nxt & forced
        out[o] = reach & src
    return out


def _winning_flights(
    g: _Geo, mine: int, enemy: int, cores: int = -1, sq: int = -1, first: bool = False
):
    """Flights that capture the enemy's last base(s) and leave the mover a base (with
    ``first``, only the first one found: enough to know there is one).

    (``cores``, ``sq``: the mover's glider cores and bases when known.)  A flight can
    only win by landing on every enemy base at once, which needs a stone of the mover
    within 4 of each (its source, or a stone that forces it on one step before landing);
    ``_win_sources`` then rules out most of the remaining positions on bitboards before
    any flight is followed point by point."""
    esq = _sq(g, enemy)
    if not esq:
        return []
    targets = _base_targets(g, esq)
    if not (targets[0] or targets[1] or targets[2] or targets[3]):
        return []
    near = g.NEAR4
    e = esq
    while e:  # the mover needs a stone within 4 of every enemy base
        low = e & -e
        if not mine & near[low.bit_length() - 1]:
            return []
        e ^= low
    if cores < 0:
        _, sq, _, _, cores = _classify(g, mine)
    etow = _towers(g, enemy)
    ok = _win_sources(g, mine, etow, cores, sq, targets)
    if not (ok[0] or ok[1] or ok[2] or ok[3]):
        return []
    W = g.w
    ebst = esq | (esq << 1) | (esq << W) | (esq << (W + 1))
    tm = [_landing_cores(g, o, ebst) for o in range(4)]
    PM = g.PM
    out = []
    for kind, src, o, kept in _sources(g, mine):
        if not ok[o] >> src & 1:
            continue
        for e in _hits(g, o, src, mine & ~PM[o][src], etow, tm[o]):
            nm, ne, _, _, bc, _ = _resolve(g, mine, enemy, o, src, e)
            if bc and not _sq(g, ne) and _sq(g, nm):
                out.append((kind, src, o, kept, e))
                if first:
                    return out
    return out


def _winning_flights_slow(g: _Geo, mine: int, enemy: int):
    """``_winning_flights`` without the gates (every flying source followed): the reference
    the tests hold the gated one to."""
    esq = _sq(g, enemy)
    if not esq:
        return []
    etow = _towers(g, enemy)
    W = g.w
    ebst = esq | (esq << 1) | (esq << W) | (esq << (W + 1))
    tm = [_landing_cores(g, o, ebst) for o in range(4)]
    out = []
    for kind, src, o, kept in _sources(g, mine):
        t = tm[o]
        if not g.CONE[o][src] & t:
            continue
        for e in _hits(g, o, src, mine & ~g.PM[o][src], etow, t):
            nm, ne, _, _, bc, _ = _resolve(g, mine, enemy, o, src, e)
            if bc and not _sq(g, ne) and _sq(g, nm):
                out.append((kind, src, o, kept, e))
    return out


# ----------------------------------------------------------------------------------------
# shapes, for the client
# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """One group of stones as the rules see it.  Points are 1-based (column, row).

    * ``kind``: "tower" (a lone stone), "glider" (three stones in an L; ``points`` are
      core, arm, arm and ``core`` is the corner), "base" (a 2 x 2 block, ``points``
      row by row from the lower left) or "odd" (a stone in no legal shape, only seen in
      positions that are not Gliss positions);
    * ``owner``: 0 Red, 1 Blue."""

    owner: int
    kind: str
    points: tuple[tuple[int, int], ...]
    core: tuple[int, int] | None = None


def shapes(size: int, board) -> list[Shape]:
    """The groups of a board of ``size`` given as a ``GlissState.board`` tuple (row 1
    first, -1 empty, 0 Red, 1 Blue), classified as the rules classify them."""
    g = _geo(size)
    bits = [0, 0]
    for k, o in enumerate(board):
        if o >= 0:
            r, c = divmod(k, size)
            bits[o] |= 1 << (r * g.w + c)
    return _shapes(g, bits[0], 0) + _shapes(g, bits[1], 1)


def _shapes(g: _Geo, s: int, owner: int) -> list[Shape]:
    towers, sq, bst, gl, cores = _classify(g, s)
    cr = g.cr
    out = [Shape(owner, "tower", (cr(x),)) for x in g.bits(towers)]
    seen = towers
    for ll in g.bits(sq):
        out.append(Shape(owner, "base", tuple(cr(y) for y in g.bits(g.BM[ll]))))
        seen |= g.BM[ll]
    for c in g.bits(cores):
        pc = g.PC[_orient(g, s, c)][c]
        if pc is None:
            continue
        m = sum(1 << y for y in pc)
        if m & s == m and not m & seen:
            out.append(Shape(owner, "glider", tuple(cr(y) for y in pc), cr(c)))
            seen |= m
    out += [Shape(owner, "odd", (cr(x),)) for x in g.bits(s & ~seen)]
    return out


# ----------------------------------------------------------------------------------------
# moves
# ----------------------------------------------------------------------------------------
_CELL = r"([a-s])(\d{1,2})"
_RE_BUILD = re.compile(rf"^{_CELL}\+$")
_RE_FLY = re.compile(rf"^{_CELL}>(?:{_CELL}|(off))$")
_RE_DEPLOY = re.compile(rf"^{_CELL}:{_CELL}>(?:{_CELL}|(off))$")


def _detail(name: str) -> property:
    """A move attribute worked out on first use (see ``_details``)."""
    return property(lambda self: self._details()[name])


class GlissMove(Move):
    """One Gliss action.  ``str(move)`` is its notation (see docs/games/gliss.md).

    Attributes for the client (points are 1-based (column, row) pairs, a1 = (1, 1)):

    * ``kind`` -- "build", "fly" or "deploy"
    * ``sources`` -- the 4 built points, or the 3 stones that take off
    * ``kept`` -- the base corner left behind as a tower (deploy), else None
    * ``path`` -- the core's positions, from where it starts to where it ends
    * ``points`` -- the 3 glider points (core, arm, arm) at each position of
      ``path``; points off the board have column or row 0 or size + 1
    * ``forced`` -- for each step, True if the glider had to continue after it
    * ``captured`` -- the enemy stones removed; ``converted`` -- the enemy tower
      turned to the mover's colour, or None; ``docked`` -- a base was formed
    * ``off`` -- the glider flew off the board and is destroyed
    """

    __slots__ = ("kind", "src", "orient", "kept_bit", "end", "_origin", "_text", "_info")

    def __init__(self, kind, src, orient, kept_bit, end, origin):
        self.kind = kind
        self.src = src
        self.orient = orient
        self.kept_bit = kept_bit
        self.end = end
        self._origin = origin
        self._text = None
        self._info = None

    def notation(self) -> str:
        t = self._text
        if t is None:
            names = self._origin.geo.names
            if self.kind == "build":
                t = names[self.src] + "+"
            else:
                tail = "off" if self.end == OFF else names[self.end]
                t = f"{names[self.src]}>{tail}"
                if self.kind == "deploy":
                    t = f"{names[self.kept_bit]}:{t}"
            self._text = t
        return t

    def __eq__(self, other):
        return isinstance(other, GlissMove) and other.notation() == self.notation()

    def __hash__(self):
        return hash(self.notation())

    def __reduce__(self):
        return (_restore_move, (self._origin, self.notation()))

    # -- details for the client (computed on first use) ----------------------------------
    def _details(self) -> dict:
        info = self._info
        if info is None:
            info = self._info = self._origin._move_details(self)
        return info

    sources = _detail("sources")
    kept = _detail("kept")
    path = _detail("path")
    points = _detail("points")
    forced = _detail("forced")
    captured = _detail("captured")
    converted = _detail("converted")
    docked = _detail("docked")

    @property
    def off(self) -> bool:
        return self.end == OFF and self.kind != "build"

    @property
    def square(self) -> tuple[int, int] | None:
        """A build's lower-left point (its name), None for a flight."""
        return self._origin.geo.cr(self.src) if self.kind == "build" else None

    @property
    def source(self) -> tuple[int, int] | None:
        """The stone a player picks to make this flight: the glider's core, or the
        base corner kept as a tower for a deployment; None for a build."""
        if self.kind == "build":
            return None
        return self._origin.geo.cr(self.kept_bit if self.kind == "deploy" else self.src)

    @property
    def landing(self) -> tuple[int, int] | None:
        """Where the core ends (the last point of ``path``: for a flight off the board,
        the last point before it goes over the edge); None for a build."""
        return None if self.kind == "build" else tuple(self.path[-1])

    @property
    def is_capture(self) -> bool:
        return bool(self._details()["captured"])


# ----------------------------------------------------------------------------------------
# the state
# ----------------------------------------------------------------------------------------
class GlissState(State):
    """A Gliss position: two bitboards, the player to move, and how the game ended.

    Client helpers: ``size``, ``board`` (a tuple of size*size entries, row 1
    first, -1 empty, 0 Red, 1 Blue: ``board[(row-1)*size + (col-1)]``),
    ``owner(col, row)``, ``groups(p)``, ``towers(p)``, ``bases(p)``,
    ``gliders(p)``.
    """

    def __init__(self, game, size, stones, player, wipe=None):
        self.game = game
        self.geo = _geo(size)
        self.size = size
        self.stones = stones  # (red bits, blue bits)
        self.player = player
        self._wipe = wipe  # winner by the base-wipe rule (8b), or None
        self._end = None  # (winner, reason) once known; False if not over
        self._moves = None

    @property
    def options(self) -> dict:
        return {"size": self.size}

    def __reduce__(self):
        # compact pickling (the AI worker process): the geometry tables are rebuilt there
        return (_restore_state, (self.size, self.stones, self.player, self._wipe))

    # -- the contract ---------------------------------------------------------------------
    def _ending(self):
        end = self._end
        if end is None:
            if self._wipe is not None:
                end = (self._wipe, _END_WIPE)
            else:
                g = self.geo
                me = self.player
                mine = self.stones[me]
                if _towers(g, mine).bit_count() >= TOWER_GOAL:
                    end = (me, _END_TOWERS)
                elif not self._has_move():
                    end = (1 - me, _END_STUCK)
                else:
                    end = False
            self._end = end
        return end

    def is_over(self) -> bool:
        return bool(self._ending())

    def winner(self):
        end = self._ending()
        return end[0] if end else None

    def end_reason(self) -> str:
        end = self._ending()
        if not end:
            return ""
        w, why = end
        win, lose = COLOUR_NAMES[w], COLOUR_NAMES[1 - w]
        if why == _END_TOWERS:
            return f"{win} began the turn with {self.towers(w)} control towers (12 or more wins)."
        if why == _END_STUCK:
            return f"{lose} had no legal action and loses."
        mover = 1 - self.player
        if w == mover:
            return f"{win} captured {lose}'s last base and wins."
        return f"{lose} captured {win}'s last base but had no base of its own left, so {win} wins."

    def scores(self):
        """The control tower counts (Red, Blue): 12 at the start of your turn wins."""
        return self.towers(0), self.towers(1)

    def legal_moves(self) -> list:
        if self._moves is None:
            self._moves = [] if self.is_over() else self._generate()
        return list(self._moves)

    def _generate(self) -> list:
        g = self.geo
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        out = []
        etow = _towers(g, enemy)
        for kind, src, o, kept in _sources(g, mine):
            ends, off = _flights(g, o, src, mine & ~g.PM[o][src], etow)
            for e in ends:
                out.append(GlissMove(kind, src, o, kept, e, self))
            if off:
                out.append(GlissMove(kind, src, o, kept, OFF, self))
        for ll in g.bits(_builds(g, mine, enemy)):
            out.append(GlissMove("build", ll, -1, -1, -1, self))
        return out

    def _has_move(self) -> bool:
        g = self.geo
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        if _builds(g, mine, enemy):
            return True
        etow = _towers(g, enemy)
        for _kind, src, o, _kept in _sources(g, mine):
            ends, off = _flights(g, o, src, mine & ~g.PM[o][src], etow)
            if ends or off:
                return True
        return False

    def describe(self, move) -> str:
        """ "Red builds on e5." / "Blue flies the glider from c3 to c7, capturing 3
        stones." (the panel's log)."""
        who = self.seat_name(self.player)
        try:
            m = self.find_move(move)
        except ValueError:  # IllegalMove
            return super().describe(move)
        name = self.point_name
        if m.kind == "build":
            return f"{who} builds on {name(m.square)}."
        what = "the glider" if m.kind == "fly" else "out of the base"
        start = name(m.source)
        if m.kind == "deploy":
            text = f"{who} flies {what} (keeping {start} as a tower)"
        else:
            text = f"{who} flies {what} from {start}"
        text += " off the board" if m.off else f" to {name(m.landing)}"
        parts = []
        if m.captured:
            k = len(m.captured)
            parts.append(f"capturing {k} stone{'s' if k != 1 else ''}")
        if m.converted:
            parts.append(f"taking the tower on {name(m.converted)}")
        if m.docked:
            parts.append("forming a base")
        return text + (", " + ", ".join(parts) if parts else "") + "."

    def play(self, move) -> "GlissState":
        if self.is_over():
            raise RuleViolation(f"{move}: the game is over ({self.end_reason()})")
        if isinstance(move, GlissMove) and (
            move._origin is self
            or (
                move._origin.stones == self.stones
                and move._origin.player == self.player
                and move._origin.size == self.size
            )
        ):
            m = move
        elif isinstance(move, (str, Move)):
            m = self._parse_move(str(move))
        else:
            raise BadNotation(f"{move!r} is not a move or a move notation")
        return self._after(m.kind, m.src, m.orient, m.end)

    def _after(self, kind, src, o, end) -> "GlissState":
        g = self.geo
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        wipe = None
        if kind == "build":
            mine |= g.BM[src]
        else:
            mine, enemy, _, _, base_cap, _ = _resolve(g, mine, enemy, o, src, end)
            if base_cap and not _sq(g, enemy):
                wipe = me if _sq(g, mine) else 1 - me
        stones = (mine, enemy) if me == 0 else (enemy, mine)
        return GlissState(self.game, self.size, stones, 1 - me, wipe)

    # -- reading a notation, with reasons -------------------------------------------------
    def find_move(self, move):
        if self.is_over():
            raise RuleViolation(f"{move}: the game is over")
        return self._parse_move(move if isinstance(move, str) else str(move))

    def why_illegal(self, text: str) -> str:
        try:
            self._parse_move(text)
        except (BadNotation, RuleViolation) as e:
            return str(e)
        return f"{text!r} is legal"

    def _cell(self, text: str, whole: str) -> int:
        x = self.geo.by_name.get(text)
        if x is None:
            raise BadNotation(
                f"{whole}: {text} is not a point of this {self.size}x{self.size} board"
            )
        return x

    def _parse_move(self, text: str) -> GlissMove:
        g = self.geo
        t = "".join(text.split()).lower()
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        names = g.names
        if not t:
            raise BadNotation("empty move")
        m = _RE_BUILD.match(t)
        if m:
            x = self._cell(m.group(1) + m.group(2), t)
            c, r = g.coord[x]
            if c >= self.size - 1 or r >= self.size - 1:
                raise RuleViolation(
                    f"{t}: the 2x2 block from {names[x]} runs off the board "
                    f"(a build is named by its lower-left point)"
                )
            blk = g.BM[x]
            occ = blk & (mine | enemy)
            if occ:
                p = g.bits(occ)[0]
                raise RuleViolation(f"{t}: {names[p]} is occupied")
            for p in g.bits(blk):
                near = g.nbm[p] & mine
                if near:
                    q = g.bits(near)[0]
                    raise RuleViolation(f"{t}: {names[p]} is next to your stone at {names[q]}")
            return GlissMove("build", x, -1, -1, -1, self)
        m = _RE_DEPLOY.match(t)
        if m:
            kept = self._cell(m.group(1) + m.group(2), t)
            core = self._cell(m.group(3) + m.group(4), t)
            _, sq, bst, _, _ = _classify(g, mine)
            if not (bst >> kept & 1):
                raise RuleViolation(f"{t}: no base of yours at {names[kept]}")
            for ll in g.bits(sq):
                if g.BM[ll] >> kept & 1:
                    break
            o = None
            for k2, c2, o2 in g.DEP[ll]:
                if k2 == kept:
                    if c2 != core:
                        raise RuleViolation(
                            f"{t}: keeping {names[kept]} deploys the glider with its core at "
                            f"{names[c2]}, not {names[core]}"
                        )
                    o = o2
            end_txt = m.group(7) or (m.group(5) + m.group(6))
            return self._flight_move(t, "deploy", core, o, kept, end_txt)
        m = _RE_FLY.match(t)
        if m:
            core = self._cell(m.group(1) + m.group(2), t)
            towers, sq, bst, gl, cores = _classify(g, mine)
            if not (cores >> core & 1):
                if gl >> core & 1:
                    grp = g.nb(1 << core) & cores
                    if not grp:
                        grp = g.nb(g.nb(1 << core) & gl) & cores
                    cname = names[g.bits(grp)[0]] if grp else "?"
                    raise RuleViolation(
                        f"{t}: {names[core]} is an arm of your glider; "
                        f"a glider is named by its core ({cname})"
                    )
                if bst >> core & 1:
                    raise RuleViolation(
                        f"{t}: {names[core]} is in one of your bases; to deploy, "
                        f"write kept-corner:core>end (e.g. a1:b2>c3)"
                    )
                raise RuleViolation(f"{t}: no glider of yours at {names[core]}")
            o = _orient(g, mine, core)
            end_txt = m.group(5) or (m.group(3) + m.group(4))
            return self._flight_move(t, "fly", core, o, -1, end_txt)
        raise BadNotation(
            f"{text!r} is not Gliss notation: write a build as 'b2+', a flight "
            f"as 'c6>d5' (or 'c6>off'), a deployment as 'e4:f5>g7'"
        )

    def _flight_move(self, t, kind, core, o, kept, end_txt) -> GlissMove:
        g = self.geo
        names = g.names
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        etow = _towers(g, enemy)
        rest = mine & ~g.PM[o][core]
        ends, off = _flights(g, o, core, rest, etow)
        dirs = _dir_words(g, o)
        if end_txt == "off":
            if off:
                return GlissMove(kind, core, o, kept, OFF, self)
            raise RuleViolation(
                f"{t}: this glider is never forced off the board "
                f"(it may only leave the board while it must keep flying, "
                f"and never on its first step)"
            )
        end = self._cell(end_txt, t)
        if end in ends:
            return GlissMove(kind, core, o, kept, end, self)
        # why not?
        if end == core:
            raise RuleViolation(f"{t}: a glider must take at least one step")
        c0, r0 = g.coord[core]
        c1, r1 = g.coord[end]
        if (c1 - c0) * g.DX[o] < 0 or (r1 - r0) * g.DY[o] < 0 or (c1 == c0 and r1 == r0):
            raise RuleViolation(
                f"{t}: this glider only flies {dirs}; {names[end]} is not ahead of it"
            )
        parent, status, _ = _flight_tree(g, o, core, rest, etow)
        st = status.get(end)
        if st == "forced":
            raise RuleViolation(
                f"{t}: the glider cannot stop at {names[end]}: it would touch "
                f"or cover your own stones there, so it must keep flying"
            )
        if st == "void":
            tw = g.bits(g.PM[o][end] & etow)[0]
            raise RuleViolation(
                f"{t}: the glider must stop at {names[end]}, but the enemy tower "
                f"at {names[tw]} is under it, so that flight is void"
            )
        if st == "off" or not g.PM[o][end]:
            raise RuleViolation(
                f"{t}: with its core at {names[end]} the glider hangs off the "
                f"board; write '>off' for a flight that leaves the board"
            )
        stops = [names[e] for e in ends]
        hint = (
            f" (it can end at: {', '.join(stops)}{', off' if off else ''})"
            if (stops or off)
            else " (it has no legal flight)"
        )
        raise RuleViolation(
            f"{t}: the glider cannot reach {names[end]}: every path to it must stop earlier{hint}"
        )

    # -- details of a move (for animation) -----------------------------------------------
    def _move_details(self, m: GlissMove) -> dict:
        g = self.geo
        cr = g.cr
        if m.kind == "build":
            pts = tuple(cr(x) for x in g.bits(g.BM[m.src]))
            return {
                "sources": pts,
                "kept": None,
                "path": (),
                "points": (),
                "forced": (),
                "captured": (),
                "converted": None,
                "docked": False,
            }
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        o = m.orient
        rest = mine & ~g.PM[o][m.src]
        parent, status, order = _flight_tree(g, o, m.src, rest, _towers(g, enemy))
        end = m.end
        if end == OFF:
            end = next(s for s in order if status[s] == "off")
        path = []
        x = end
        while x is not None:
            path.append(x)
            x = parent[x]
        path.reverse()
        dx, dy = g.DX[o], g.DY[o]
        points = []
        for x in path:
            c, r = cr(x)
            points.append(((c, r), (c + dx, r), (c, r + dy)))
        forced = tuple(status[x] == "forced" for x in path[1:])
        _, _, captured, conv, _, docked = _resolve(g, mine, enemy, o, m.src, m.end)
        return {
            "sources": tuple(cr(x) for x in g.PC[o][m.src]),
            "kept": cr(m.kept_bit) if m.kind == "deploy" else None,
            "path": tuple(cr(x) for x in path),
            "points": tuple(points),
            "forced": forced,
            "captured": tuple(cr(x) for x in g.bits(captured)),
            "converted": cr(conv) if conv >= 0 else None,
            "docked": docked,
        }

    # -- what a move achieves ----------------------------------------------------------------
    def _puzzle_theme(self, plies) -> str | None:
        """Gliss's puzzle theme, from how the line ends and what the solver's moves do:
        "12 towers" (the solver begins a turn with 12), "dock and convert" (a solver move
        converts an enemy tower, or docks into its only base, on the way to the win), "base wipe"
        (the win takes the opponent's last base, or leaves them no action)."""
        end = plies[-1][2]._ending()
        if not end or end[0] != self.player:
            return None
        if end[1] == _END_TOWERS:
            return "12 towers"
        me = self.player
        for before, move, after in plies:
            if before.player == me and move.kind != "build":
                # a conversion, or a dock that gives the solver its only base (without it
                # taking the last enemy base would lose: rule 8b)
                if move.converted is not None or (move.docked and after.bases(me) == 1):
                    return "dock and convert"
        return "base wipe"

    def _explain(self, move, after) -> str | None:
        """Gliss's reason for a move: what it builds, captures, docks, converts or leaves
        behind, and the tower count that wins (see ``State.explain``)."""
        me = self.player
        them = COLOUR_NAMES[1 - me]
        name = self.point_name
        parts = []
        if move.kind == "build":
            a, _b, _c, d = move.sources
            parts.append(f"builds a base on {name(a)}-{name(d)}")
        else:
            if move.kind == "deploy":
                parts.append(
                    f"launches a glider from its base, leaving a tower on {name(move.kept)}"
                )
            if move.off:
                parts.append("flies the glider off the board, where it is lost")
            captured = list(move.captured)
            if captured:
                kinds: dict[str, list] = {}
                for pt in captured:
                    sh = self.shape_at(pt)
                    kind = sh.kind if sh is not None else "stone"
                    kinds.setdefault(kind, []).append(pt)
                for kind in ("glider", "base"):
                    pts = kinds.get(kind)
                    if not pts:
                        continue
                    where = ", ".join(name(pt) for pt in sorted(pts))
                    if kind == "glider":
                        n = 1 if len(pts) <= 3 else len(pts) // 3
                        what = "glider" if n == 1 else f"{n} gliders"
                        parts.append(f"captures {them}'s {what} ({where})")
                    else:
                        parts.append(f"breaks {them}'s base, taking {where}")
            if move.converted is not None:
                parts.append(f"docks and converts {name(move.converted)}")
            elif move.docked:
                parts.append("docks with its tower into a new base")
        before, now = self.towers(me), after.towers(me)
        if now > before and not after.is_over():
            towers = f"{now} tower{'s' if now != 1 else ''}"
            parts.append(f"gives {COLOUR_NAMES[me]} {towers} (12 win)")
        end = self._explain_end(after)
        if end:
            parts.append(end)
        if not parts:  # a quiet flight: where the glider goes
            parts.append(f"flies its glider from {name(move.source)} to {name(move.landing)}")
        return self.join_reasons(parts)

    # -- client helpers ---------------------------------------------------------------------
    @property
    def board(self) -> tuple:
        g = self.geo
        red, blue = self.stones
        return tuple(0 if red >> x & 1 else 1 if blue >> x & 1 else -1 for x in g.cells)

    def owner(self, col: int, row: int) -> int:
        """-1 empty, 0 Red, 1 Blue at the 1-based (col, row)."""
        n = self.size
        if not (1 <= col <= n and 1 <= row <= n):
            raise ValueError(f"({col}, {row}) is not a point of a {n}x{n} board")
        x = (row - 1) * self.geo.w + (col - 1)
        red, blue = self.stones
        return 0 if red >> x & 1 else 1 if blue >> x & 1 else -1

    def points(self, p: int) -> list:
        """Player p's stones as 1-based (col, row) points, row by row from row 1."""
        g = self.geo
        crs = g.crs
        return [crs[x] for x in g.bits(self.stones[p])]

    def groups(self, p: int) -> dict:
        """Player p's pieces as 1-based (col, row) points:
        ``{"towers": [pt], "gliders": [(core, arm_u, arm_v)], "bases": [(4 pts)]}``."""
        g = self.geo
        s = self.stones[p]
        towers, sq, _, _, cores = _classify(g, s)
        cr = g.cr
        return {
            "towers": [cr(x) for x in g.bits(towers)],
            "gliders": [tuple(cr(y) for y in g.PC[_orient(g, s, c)][c]) for c in g.bits(cores)],
            "bases": [tuple(cr(y) for y in g.bits(g.BM[ll])) for ll in g.bits(sq)],
        }

    def shapes(self) -> list[Shape]:
        """Both players' groups (see :class:`Shape`), Red's first."""
        g = self.geo
        return _shapes(g, self.stones[0], 0) + _shapes(g, self.stones[1], 1)

    def shape_at(self, pt) -> Shape | None:
        """The group with a stone on the 1-based point ``pt``, or None."""
        c, r = pt
        if not (1 <= c <= self.size and 1 <= r <= self.size):
            return None
        o = self.owner(c, r)
        if o < 0:
            return None
        return next(sh for sh in _shapes(self.geo, self.stones[o], o) if tuple(pt) in sh.points)

    def point_name(self, pt) -> str:
        """The name of the 1-based point ``pt`` ("c6")."""
        return f"{self.geo.letters[pt[0] - 1]}{pt[1]}"

    def builds(self) -> dict:
        """The legal builds: lower-left point -> move."""
        return {m.square: m for m in self.legal_moves() if m.kind == "build"}

    def flights_from(self, pt) -> list:
        """The legal flights picked by the mover's stone on ``pt``: a stone of a glider
        gives that glider's flights; a stone of a base gives the deployments that keep
        it as the tower.  Empty for anything else."""
        sh = self.shape_at(pt)
        if sh is None or sh.owner != self.player or sh.kind not in ("glider", "base"):
            return []
        if sh.kind == "glider":
            cr = self.geo.cr
            return [m for m in self.legal_moves() if m.kind == "fly" and cr(m.src) == sh.core]
        return [m for m in self.legal_moves() if m.kind == "deploy" and m.source == tuple(pt)]

    def _reason(self, text: str) -> str | None:
        """The rules' reason why ``text`` is refused, without the notation in front;
        None when it is legal."""
        try:
            self._parse_move(text)
        except (BadNotation, RuleViolation) as exc:
            msg = str(exc)
            return msg[len(text) + 2 :] if msg.startswith(text + ": ") else msg
        return None

    def build_refusal(self, ll) -> str | None:
        """Why the mover may not build the 2 x 2 block whose lower-left point is ``ll``
        (None when the build is legal)."""
        if self.is_over():
            return "the game is over"
        return self._reason(self.point_name(ll) + "+")

    def flight_refusal(self, source, end) -> str | None:
        """Why the piece picked by ``source`` (as in :meth:`flights_from`) may not end
        its flight with its core on ``end``.  None when it may, and None when ``end``
        is not ahead of it at all (so a click there means something else)."""
        sh = self.shape_at(source)
        if sh is None or sh.owner != self.player or sh.kind not in ("glider", "base"):
            return None
        g = self.geo
        mine = self.stones[self.player]
        if sh.kind == "glider":
            core = sh.core
            assert core is not None  # a glider has a core
            o = _orient(g, mine, g.by_name[self.point_name(core)])
            head = self.point_name(core)
        else:
            cs, rs = {p[0] for p in sh.points}, {p[1] for p in sh.points}
            core = ((cs - {source[0]}).pop(), (rs - {source[1]}).pop())
            o = (0 if source[0] > core[0] else 1) + (0 if source[1] > core[1] else 2)
            head = f"{self.point_name(source)}:{self.point_name(core)}"
        dc, dr = end[0] - core[0], end[1] - core[1]
        if dc * g.DX[o] < 0 or dr * g.DY[o] < 0 or (dc == 0 and dr == 0):
            return None
        return self._reason(f"{head}>{self.point_name(end)}")

    def towers(self, p: int) -> int:
        return _towers(self.geo, self.stones[p]).bit_count()

    def bases(self, p: int) -> int:
        return _sq(self.geo, self.stones[p]).bit_count()

    def gliders(self, p: int) -> int:
        return _classify(self.geo, self.stones[p])[4].bit_count()

    # -- text ---------------------------------------------------------------------------------
    def __str__(self) -> str:
        g = self.geo
        n = self.size
        red, blue = self.stones
        lines = ["game: gliss", f"size: {n}", f"to move: {COLOUR_NAMES[self.player]}"]
        if self._wipe is not None:
            lines.append(f"winner: {COLOUR_NAMES[self._wipe]} (the last base was captured)")
        head = "    " + " ".join(g.letters)
        lines.append(head)
        for r in range(n - 1, -1, -1):
            row = []
            for c in range(n):
                x = r * g.w + c
                row.append("R" if red >> x & 1 else "B" if blue >> x & 1 else ".")
            lines.append(f"{r + 1:>3} " + " ".join(row) + f" {r + 1}")
        lines.append(head)
        return "\n".join(lines) + "\n"

    def __eq__(self, other):
        return (
            isinstance(other, GlissState)
            and other.size == self.size
            and other.stones == self.stones
            and other.player == self.player
            and other._wipe == self._wipe
        )

    def __hash__(self):
        return hash((self.size, self.stones, self.player, self._wipe))

    # -- AI hooks -------------------------------------------------------------------------------
    def random_move(self, rng):
        if self.is_over():
            raise RuleViolation("the game is over")
        g = self.geo
        me = self.player
        act = _random_action(g, self.stones[me], self.stones[1 - me], rng)
        if act is None:  # cannot happen: is_over() found a move
            return rng.choice(self.legal_moves())
        kind, src, o, kept, end = act
        return GlissMove(kind, src, o, kept, end, self)

    def rollout(self, rng, cutoff=None, leaf=None) -> float:
        """A fast random playout (``_random_action``'s policy), the value for player 0.

        ``leaf`` (``Game.cutoff_leaf``) scores the position where the cut-off stops it,
        called with its ``value_features`` and the seat to move, in place of the
        evaluation (its value is for player 0); a mover that begins its turn there with
        the towers' goal has won, and is not asked.  The moves played and the random
        draws are the same with it or without."""
        if cutoff is None:
            cutoff = self.game.playout_cutoff
        if self.is_over():
            return self.result()
        if cutoff is None:
            cutoff = 1000
        g = self.geo
        me = self.player
        mine, enemy = self.stones[me], self.stones[1 - me]
        BM = g.BM
        for _ in range(cutoff):
            if _towers(g, mine).bit_count() >= TOWER_GOAL:
                return 1.0 if me == 0 else -1.0
            act = _random_action(g, mine, enemy, rng, True)
            if act is None:
                return -1.0 if me == 0 else 1.0
            if act is WIN_NOW:  # a flight takes the enemy's last base and keeps ours
                return 1.0 if me == 0 else -1.0
            kind, src, o, kept, end = act
            if kind == "build":
                mine |= BM[src]
            else:
                mine, enemy, _, _, base_cap, _ = _resolve(g, mine, enemy, o, src, end)
                if base_cap and not _sq(g, enemy):
                    w = me if _sq(g, mine) else 1 - me
                    return 1.0 if w == 0 else -1.0
            mine, enemy = enemy, mine
            me = 1 - me
        if leaf is not None:
            if _towers(g, mine).bit_count() >= TOWER_GOAL:  # over: the mover has won
                return 1.0 if me == 0 else -1.0
            return leaf(value_features_bits(g, mine, enemy, me), me)
        red, blue = (mine, enemy) if me == 0 else (enemy, mine)
        return _evaluate(g, red, blue, me)

    def evaluate(self) -> float:
        if self.is_over():
            return self.result()
        return _evaluate(self.geo, self.stones[0], self.stones[1], self.player)

    def value_features(self) -> list[float]:
        """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``, the mover's view;
        ai/value.py); the position is not over."""
        me = self.player
        return value_features_bits(self.geo, self.stones[me], self.stones[1 - me], me)

    def move_queue(self, rng) -> "GlissMoveQueue | list":
        """The legal moves in the order of ``ordered_moves``, made one at a time (the
        search's expansion hook: it pops only a few of them)."""
        if self.is_over():
            return []
        return GlissMoveQueue(self, rng.random)

    def ordered_moves(self, rng) -> list:
        """Winning moves, then captures, then docks, then the rest (shuffled); moves that
        fly off the board or lose at once come last (see :class:`GlissMoveQueue`, which
        this drains)."""
        queue = self.move_queue(rng)
        out = []
        while queue:
            out.append(queue.pop())
        return out

    def move_features(self, moves) -> list[tuple[int, ...]]:
        """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves here
        (the learned priors, ai/policy.py)."""
        return _features(self, moves)


class GlissMoveQueue:
    """The legal moves of a live position, most promising first, made as they are popped.

    The groups, in order: flights that take the enemy's last base(s) and keep one of
    ours (wins, in the order they are generated); other captures; docks (a landing next
    to a stone at the fourth corner of its square); the rest (the other landings and every
    build); last, flights off the board and captures that take the enemy's last base but
    leave us none (they lose).  Each group but the wins is drawn at random.

    Every flight is followed when the queue is made (the groups need its landings), but a
    capture is played out only when it could take every enemy base, the builds are
    listed only when the rest is reached, and a move object is made only when popped.
    The queue is true while moves remain; ``len()`` counts them."""

    __slots__ = ("_state", "_rnd", "_groups", "_stage", "_builds")

    def __init__(self, state: "GlissState", rnd):
        self._state = state
        self._rnd = rnd
        g = state.geo
        me = state.player
        mine, enemy = state.stones[me], state.stones[1 - me]
        etow = _towers(g, enemy)
        ebases = _sq(g, enemy)
        targets = _base_targets(g, ebases) if ebases else None
        wins: list = []
        caps: list = []
        docks: list = []
        rest: list = []
        last: list = []
        PM, KM = g.PM, g.KM
        both = mine | enemy
        for kind, src, o, kept in _sources(g, mine):
            pmo, kmo = PM[o], KM[o]
            ends, off = _flights(g, o, src, mine & ~pmo[src], etow)
            for e in ends:
                act = (kind, src, o, kept, e)
                if pmo[e] & enemy:
                    # only a landing on every enemy base can take the last one(s)
                    if targets is not None and targets[o] >> e & 1:
                        nm, ne, _, _, bc, _ = _resolve(g, mine, enemy, o, src, e)
                        if bc and not _sq(g, ne):
                            (wins if _sq(g, nm) else last).append(act)
                            continue
                    caps.append(act)
                elif kmo[e] & both:
                    docks.append(act)
                else:
                    rest.append(act)
            if off:
                last.append((kind, src, o, kept, OFF))
        wins.reverse()  # popped from the end: in the order found
        self._groups = [wins, caps, docks, rest, last]
        self._stage = 0
        self._builds = _builds(g, mine, enemy)

    def _current(self) -> list | None:
        """The group being popped (the first that holds a move), or None when none is left."""
        groups = self._groups
        while self._stage < 5:
            if self._stage == 3 and self._builds:
                self._groups[3] += [
                    ("build", ll, -1, -1, -1) for ll in self._state.geo.bits(self._builds)
                ]
                self._builds = 0
            group = groups[self._stage]
            if group:
                return group
            self._stage += 1
        return None

    def __bool__(self) -> bool:
        return self._current() is not None

    def __len__(self) -> int:
        return sum(len(grp) for grp in self._groups) + self._builds.bit_count()

    def pop(self) -> GlissMove:
        group = self._current()
        if group is None:
            raise IndexError("pop from an empty move queue")
        if self._stage == 0:
            act = group.pop()
        else:
            i = int(self._rnd() * len(group))
            act = group[i]
            group[i] = group[-1]
            group.pop()
        kind, src, o, kept, end = act
        return GlissMove(kind, src, o, kept, end, self._state)


def _restore_state(size, stones, player, wipe):
    from . import get

    return GlissState(get("gliss"), size, tuple(stones), player, wipe)


def _restore_move(state, text):
    return state._parse_move(text)


def _dir_words(g: _Geo, o: int) -> str:
    return ("east" if g.DX[o] > 0 else "west") + " and " + ("north" if g.DY[o] > 0 else "south")


# ----------------------------------------------------------------------------------------
# playout policy and evaluation
# ----------------------------------------------------------------------------------------
def _random_build(g: _Geo, mine: int, enemy: int, rng):
    occ = mine | enemy
    LL = g.LL
    BM, BR = g.BM, g.BR
    rnd = rng.random
    n = len(LL)
    for _ in range(12):
        x = LL[int(rnd() * n)]
        if not (BM[x] & occ) and not (BR[x] & mine):
            return x
    b = _builds(g, mine, enemy)
    if not b:
        return -1
    lst = g.bits(b)
    return lst[int(rnd() * len(lst))]


def _random_walk(g: _Geo, o: int, start: int, mine: int, etow: int, rng):
    """One random flight path; the end core, OFF, or None if the walk was void/stuck."""
    PM, RM, KM, KO = g.PM[o], g.RM[o], g.KM[o], g.KO[o]
    du, dv = g.DU[o], g.DV[o]
    rnd = rng.random
    x = start
    first = True
    while True:
        a, b = (x + du, x + dv) if rnd() < 0.5 else (x + dv, x + du)
        s = a
        if not PM[s]:
            if not first:
                return OFF
            s = b
            if not PM[s]:
                return None
        pm = PM[s]
        if pm & mine or RM[s] & mine or (KM[s] & mine and KO[s] & mine):
            x = s
            first = False
            continue
        if pm & etow:
            return None
        return s


WIN_NOW = ("win", -1, -1, -1, -1)  # _random_action in a playout: some flight wins now


def _random_action(g: _Geo, mine: int, enemy: int, rng, playout: bool = False):
    """A legal action for the player with stones ``mine``: (kind, src, o, kept, end) or None
    (``playout``: ``WIN_NOW`` instead of a winning flight).

    Takes a winning capture when there is one; otherwise a build about a third of
    the time (or always when nothing can fly), else a random walk of a random
    flying source (rejection on void walks, then a full search of that source).
    A capture that takes the enemy's last base and leaves us none (a loss) is
    only played when nothing else is legal."""
    _, sq, _, _, cores = _classify(g, mine)
    esq = _sq(g, enemy)
    rnd = rng.random
    if esq and (cores or sq) and esq.bit_count() <= 2:
        if playout:  # which win is drawn does not matter: the playout ends with it
            if _winning_flights(g, mine, enemy, cores, sq, first=True):
                rnd()  # (the draw, as below: the same random stream either way)
                return WIN_NOW
        else:
            wins = _winning_flights(g, mine, enemy, cores, sq)
            if wins:
                return wins[int(rnd() * len(wins))]
    srcs = None
    losing = None
    if (cores or sq) and rnd() >= 0.35:
        srcs = []
        for c in g.bits(cores):
            srcs.append(("fly", c, _orient(g, mine, c), -1))
        for ll in g.bits(sq):
            for kept, core, o in g.DEP[ll]:
                srcs.append(("deploy", core, o, kept))
        etow = _towers(g, enemy)
        W = g.w
        ebst = esq | (esq << 1) | (esq << W) | (esq << (W + 1))
        PM = g.PM
        while srcs:
            i = int(rnd() * len(srcs))
            kind, src, o, kept = srcs[i]
            rest = mine & ~PM[o][src]
            end = None
            for _ in range(3):
                e = _random_walk(g, o, src, rest, etow, rng)
                if e is not None and (e != OFF or rnd() < 0.25):
                    end = e
                    break
            if end is None:
                ends, off = _flights(g, o, src, rest, etow)
                if ends or off:
                    j = int(rnd() * (len(ends) + (1 if off else 0)))
                    end = ends[j] if j < len(ends) else OFF
            if end is not None:
                if end == OFF or not (PM[o][end] & ebst):
                    return kind, src, o, kept, end
                nm, ne, _, _, bc, _ = _resolve(g, mine, enemy, o, src, end)
                if not (bc and not _sq(g, ne) and not _sq(g, nm)):
                    return kind, src, o, kept, end
                losing = (kind, src, o, kept, end)  # takes their last base, and ours
            srcs[i] = srcs[-1]
            srcs.pop()
    b = _random_build(g, mine, enemy, rng)
    if b >= 0:
        return "build", b, -1, -1, -1
    if losing is not None:
        return losing
    if srcs is None and (cores or sq):
        etow = _towers(g, enemy)
        opts = []
        for kind, src, o, kept in _sources(g, mine):
            ends, off = _flights(g, o, src, mine & ~g.PM[o][src], etow)
            opts.extend((kind, src, o, kept, e) for e in ends)
            if off:
                opts.append((kind, src, o, kept, OFF))
        if opts:
            return opts[int(rnd() * len(opts))]
    return None


def _threats(g: _Geo, mine: int, enemy: int, etow: int, ebst: int, egl: int):
    """(enemy base stones, enemy glider stones) that the mover's gliders could land on now."""
    cores = _classify(g, mine)[4]
    hit_b = 0
    hit_g = 0
    target = ebst | egl
    if not target:
        return 0, 0
    for c in g.bits(cores):
        o = _orient(g, mine, c)
        tm = _landing_cores(g, o, target)
        if not g.CONE[o][c] & tm:
            continue
        PM = g.PM[o]
        for e in _hits(g, o, c, mine & ~PM[c], etow, tm):
            pm = PM[e]
            hit_b |= pm & ebst
            hit_g |= pm & egl
    return hit_b, hit_g


def _sides(g: _Geo, a: int, b: int) -> tuple[tuple, tuple]:
    """What ``_evaluate`` and ``value_features_bits`` read of the two sides with stones
    ``a`` and ``b``: for each, (towers, base squares, glider stones, glider cores, the
    other side's bases its gliders could land on now, the other side's glider stones they
    could land on)."""
    ta, sqa, ba, gla, ca = _classify(g, a)
    tb, sqb, bb, glb, cb = _classify(g, b)
    hba, hga = _threats(g, a, b, tb, bb, glb) if ca else (0, 0)
    hbb, hgb = _threats(g, b, a, ta, ba, gla) if cb else (0, 0)
    BM = g.BM
    hit_a = sum(1 for ll in g.bits(sqb) if BM[ll] & hba) if hba else 0  # b's bases a hits
    hit_b = sum(1 for ll in g.bits(sqa) if BM[ll] & hbb) if hbb else 0
    return (ta, sqa, gla, ca, hit_a, hga), (tb, sqb, glb, cb, hit_b, hgb)


def _evaluate(g: _Geo, red: int, blue: int, to_move: int) -> float:
    """Heuristic value for Red in [-1, 1]."""
    (t0, sq0, _, c0, tb0, hg0), (t1, sq1, _, c1, tb1, hg1) = _sides(g, red, blue)
    nt0, nt1 = t0.bit_count(), t1.bit_count()
    nb0, nb1 = sq0.bit_count(), sq1.bit_count()
    ng0, ng1 = c0.bit_count(), c1.bit_count()
    # the side to move that can capture the enemy's last base(s) is close to winning
    if to_move == 0 and nb1 and tb0 == nb1 and nb0:
        return 0.9
    if to_move == 1 and nb0 and tb1 == nb0 and nb1:
        return -0.9
    s0 = nt0 + 1.5 * nb0 + 0.6 * ng0
    s1 = nt1 + 1.5 * nb1 + 0.6 * ng1
    # threats against bases count more for the side to move
    w0 = 1.0 if to_move == 0 else 0.5
    w1 = 1.0 if to_move == 1 else 0.5
    s0 += w0 * (0.8 * tb0 + 0.25 * (hg0.bit_count() / 3))
    s1 += w1 * (0.8 * tb1 + 0.25 * (hg1.bit_count() / 3))
    # towers near the goal
    if nt0 >= TOWER_GOAL - 2:
        s0 += 2.0 * (nt0 - TOWER_GOAL + 3)
    if nt1 >= TOWER_GOAL - 2:
        s1 += 2.0 * (nt1 - TOWER_GOAL + 3)
    return math.tanh((s0 - s1) / 6.0)


# --- position features (the learned leaf value of ai/value.py) ----------------------------
# the names of ``value_features_bits``' entries (``Gliss.value_feature_names``); renaming or
# reordering them makes a shipped model stale
VALUE_FEATURE_NAMES = (
    "mover is Blue",
    "mover's towers (fours)",
    "opponent's towers (fours)",
    "mover's towers over 9",
    "opponent's towers over 9",
    "mover's bases (twos)",
    "opponent's bases (twos)",
    "mover's gliders (twos)",
    "opponent's gliders (twos)",
    "opponent's bases the mover's gliders hit (twos)",
    "mover's bases the opponent's gliders hit (twos)",
    "mover's gliders hit every opponent base, a mover base stands",
    "opponent's gliders hit every mover base, an opponent base stands",
    "opponent's gliders the mover's gliders hit (twos)",
    "mover's gliders the opponent's gliders hit (twos)",
    "empty points (share of the board)",
)


def value_features_bits(g: _Geo, mine: int, enemy: int, player: int) -> list[float]:
    """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``), from the view of
    ``player``, to move with stones ``mine`` against ``enemy``, in a position that is not
    over: the towers, bases and gliders either way, the towers past 9 (the goal is 12, the
    evaluation's bonus), what each side's gliders could land on now (``_sides``: the
    bases hit and the gliders taken, and whether every enemy base is hit while a base of
    one's own stands, the evaluation's near-win for the mover) and the room left.  What
    ``_evaluate`` computes, at its cost."""
    (tm, sqm, glm, cm, tbm, hgm), (te, sqe, gle, ce, tbe, hge) = _sides(g, mine, enemy)
    ntm, nte = tm.bit_count(), te.bit_count()
    nbm, nbe = sqm.bit_count(), sqe.bit_count()
    nb = g.nb
    if hgm:  # a landing on one stone of a glider takes all 3: spread over each glider hit
        hgm = (hgm | nb(hgm)) & gle
        hgm = (hgm | nb(hgm)) & gle
    if hge:
        hge = (hge | nb(hge)) & glm
        hge = (hge | nb(hge)) & glm
    near = TOWER_GOAL - 3
    area = g.n * g.n
    return [
        1.0 if player == 1 else 0.0,
        ntm / 4,
        nte / 4,
        float(max(0, ntm - near)),
        float(max(0, nte - near)),
        nbm / 2,
        nbe / 2,
        cm.bit_count() / 2,
        ce.bit_count() / 2,
        tbm / 2,
        tbe / 2,
        1.0 if nbe and tbm == nbe and nbm else 0.0,
        1.0 if nbm and tbe == nbm and nbe else 0.0,
        hgm.bit_count() / 6,  # 3 stones a glider, in twos
        hge.bit_count() / 6,
        (area - (mine | enemy).bit_count()) / area,
    ]


# ----------------------------------------------------------------------------------------
# move features (the learned move priors of ai/policy.py)
# ----------------------------------------------------------------------------------------
# Cheap facts of a move, for the search's learned priors (``State.move_features``,
# game/rules/core.py).  Each move is a handful of these names (one-hot buckets); the model
# is a weight per name, fitted by ``python -m ai.train gliss``.  Renaming or reordering
# them makes the shipped weights (ai/policies/gliss.json) stale (the search then ignores
# them), so add new ones at the end.
#
# "Attackable" is judged by the enemy's flights from the position before the move (their
# reach: every point one of their landings next turn would cover).  A move changes those
# flights only by the towers it adds or removes (a tower under a landing voids it) and by
# the enemy stones it captures; only the captures are taken into account.
def _feature_names() -> tuple[str, ...]:
    names = ["build", "fly", "deploy", "off the board"]
    # a flight: the core's steps (a flight is monotone: from its start to its end)
    names += [f"steps {k}" for k in ("1", "2", "3", "4", "5", "6-7", "8+")]
    names += ["captures a glider", "captures gliders 2+", "hits a base", "hits bases 2+"]
    names += ["takes the last base and wins", "takes the last base and loses"]
    names += ["captures an attacking glider"]  # one that could land on our stones now
    names += ["docks", "converts"]
    names += ["own towers -1", "own towers +1"]
    names += ["enemy towers -1", "enemy towers +1", "enemy towers +2+"]
    names += ["own towers to 10", "own towers to 11", "own towers to 12+"]
    names += ["enemy towers to 10+"]  # a base hit that gives them their 10th tower or more
    names += ["leaves no own base"]
    names += ["lands touching enemy 1-2", "lands touching enemy 3+"]  # enemy stones beside it
    names += ["lands attackable", "source attackable", "escapes"]
    names += [f"landing room {k}" for k in ("0", "1", "2", "3+")]  # steps left to the edge
    names += ["aims at a base near", "aims at a base far", "aims at a glider near"]
    names += ["lands in an enemy glider's cone"]
    names += [f"deploy with bases {k}" for k in ("1", "2", "3+")]
    # a build: its distance from the edge, the bases the builder has, its neighbourhood
    names += [f"build edge {k}" for k in ("0", "1", "2", "3+")]
    names += [f"build with bases {k}" for k in ("0", "1", "2", "3+")]
    names += ["build attackable", "build touching enemy 1-2", "build touching enemy 3+"]
    names += ["build in an enemy glider's cone", "build in enemy gliders' cones 2+"]
    names += [f"build enemy distance {k}" for k in ("1", "2", "3", "4+")]  # king steps
    names += [f"build own distance {k}" for k in ("1", "2", "3", "4+")]
    # when the enemy could take our last base(s) next turn: does the move stop it?
    names += ["parries a base wipe", "leaves a base wipe"]
    return tuple(names)


FEATURE_NAMES = _feature_names()
_FI = {name: i for i, name in enumerate(FEATURE_NAMES)}
_F_BUILD, _F_FLY, _F_DEPLOY, _F_OFF = (_FI[k] for k in ("build", "fly", "deploy", "off the board"))
_F_STEPS = [_FI[f"steps {k}"] for k in ("1", "1", "2", "3", "4", "5", "6-7", "6-7")]
_F_STEPS8 = _FI["steps 8+"]
_F_GLIDER = (_FI["captures a glider"], _FI["captures gliders 2+"])
_F_BASE = (_FI["hits a base"], _FI["hits bases 2+"])
_F_WINS, _F_LOSES = _FI["takes the last base and wins"], _FI["takes the last base and loses"]
_F_ATTACKER = _FI["captures an attacking glider"]
_F_DOCKS, _F_CONVERTS = _FI["docks"], _FI["converts"]
_F_OWN_T = {-1: _FI["own towers -1"], 1: _FI["own towers +1"]}
_F_ENEMY_T = {-1: _FI["enemy towers -1"], 1: _FI["enemy towers +1"], 2: _FI["enemy towers +2+"]}
_F_TO = {10: _FI["own towers to 10"], 11: _FI["own towers to 11"]}
_F_TO12 = _FI["own towers to 12+"]
_F_ENEMY_TO10 = _FI["enemy towers to 10+"]
_F_NO_BASE = _FI["leaves no own base"]
_F_TOUCH = (_FI["lands touching enemy 1-2"], _FI["lands touching enemy 3+"])
_F_LAND_ATT, _F_SRC_ATT, _F_ESCAPES = (
    _FI[k] for k in ("lands attackable", "source attackable", "escapes")
)
_F_ROOM = [_FI[f"landing room {k}"] for k in ("0", "1", "2", "3+")]
_F_AIM_NEAR, _F_AIM_FAR, _F_AIM_GLIDER = (
    _FI[k] for k in ("aims at a base near", "aims at a base far", "aims at a glider near")
)
_F_IN_CONE = _FI["lands in an enemy glider's cone"]
_F_DEPLOY_BASES = [_FI[f"deploy with bases {k}"] for k in ("1", "1", "2", "3+")]
_F_BUILD_EDGE = [_FI[f"build edge {k}"] for k in ("0", "1", "2", "3+")]
_F_BUILD_BASES = [_FI[f"build with bases {k}"] for k in ("0", "1", "2", "3+")]
_F_BUILD_ATT = _FI["build attackable"]
_F_BUILD_TOUCH = (_FI["build touching enemy 1-2"], _FI["build touching enemy 3+"])
_F_BUILD_CONE = (_FI["build in an enemy glider's cone"], _FI["build in enemy gliders' cones 2+"])
_F_BUILD_ENEMY = [_FI[f"build enemy distance {k}"] for k in ("1", "2", "3", "4+")]
_F_BUILD_OWN = [_FI[f"build own distance {k}"] for k in ("1", "2", "3", "4+")]
_F_PARRIES, _F_LEAVES = _FI["parries a base wipe"], _FI["leaves a base wipe"]


class _FeatureGeo:
    """The move features' tables for one board size."""

    def __init__(self, g: _Geo):
        n, W = g.n, g.w
        size = n * W
        # a build's distance from the edge (by its lower-left point), a bucket 0..3
        self.edge = [0] * size
        for x in g.LL:
            c, r = g.coord[x]
            self.edge[x] = min(c, r, n - 2 - c, n - 2 - r, 3)
        # per orientation and core: the glider's room, the steps it can still take in its
        # direction nearer the edge (0..3); the points within 3 and within 6 king steps
        self.room = [[0] * size for _ in range(4)]
        self.box3 = [0] * size
        self.box6 = [0] * size
        for x in g.cells:
            c, r = g.coord[x]
            for o in range(4):
                if g.PM[o][x]:
                    ru = n - 2 - c if g.DX[o] > 0 else c - 1
                    rv = n - 2 - r if g.DY[o] > 0 else r - 1
                    self.room[o][x] = min(ru, rv, 3)
            for d, box in ((3, self.box3), (6, self.box6)):
                m = 0
                for r2 in range(max(0, r - d), min(n, r + d + 1)):
                    for c2 in range(max(0, c - d), min(n, c + d + 1)):
                        m |= 1 << (r2 * W + c2)
                box[x] = m


@lru_cache(maxsize=None)
def _feature_geo(n: int) -> _FeatureGeo:
    return _FeatureGeo(_geo(n))


def _king(g: _Geo, s: int) -> int:
    """s grown by one king step (each point's 8 neighbours)."""
    W = g.w
    t = s | (s << 1) | (s >> 1)
    return (t | (t << W) | (t >> W)) & g.full


def _enemy_reach(g: _Geo, enemy: int, mine: int, mt: int):
    """The enemy's flights next turn: for each enemy source, (its stones, the points its
    landings cover), and the stones of the enemy gliders that could land on one of our
    stones.  ``mt``: our towers (one under a landing voids it)."""
    out = []
    attackers = 0
    PM = g.PM
    for _kind, src, o, kept in _sources(g, enemy):
        pmo = PM[o]
        lifted = pmo[src]
        ends, _ = _flights(g, o, src, enemy & ~lifted, mt)
        land = 0
        for e in ends:
            land |= pmo[e]
        if kept < 0:
            out.append((lifted, land))
            if land & mine:
                attackers |= lifted
        else:
            out.append((lifted | (1 << kept), land))
    return out, attackers


def _features(state: "GlissState", moves) -> list[tuple[int, ...]]:
    """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves of
    ``state`` (see the section's comment)."""
    g = state.geo
    fg = _feature_geo(g.n)
    me = state.player
    mine, enemy = state.stones[me], state.stones[1 - me]
    mt, msq, _, _, _ = _classify(g, mine)
    et, esq, ebst, egl, ecores = _classify(g, enemy)
    n_mt, n_et, n_mb = mt.bit_count(), et.bit_count(), msq.bit_count()
    reach_by, attackers = _enemy_reach(g, enemy, mine, mt)
    reach = 0
    for _, land in reach_by:
        reach |= land
    cones = [g.CONE[_orient(g, enemy, c)][c] for c in g.bits(ecores)]
    # a wipe threat: the enemy could take our last base(s) next turn; then each move is
    # played out to see whether they still could
    threat = bool(msq) and bool(_winning_flights(g, enemy, mine, first=True))
    coord, PM, RM, KM, CONE, BM, BR = g.coord, g.PM, g.RM, g.KM, g.CONE, g.BM, g.BR
    box3, box6, room, edge = fg.box3, fg.box6, fg.room, fg.edge
    both = mine | enemy
    # what every deploy (a tower more, a base less) and every plain flight adds
    deploy_tail = []
    if n_mb == 1:
        deploy_tail.append(_F_NO_BASE)
    deploy_tail.append(_F_OWN_T[1])
    if n_mt + 1 >= 10:
        deploy_tail.append(_F_TO12 if n_mt + 1 >= 12 else _F_TO[n_mt + 1])
    fly_tail = [] if n_mb else [_F_NO_BASE]
    build_head = None
    last_src = None
    head: list = []
    src_att = False
    lifted = stones = 0
    out = []
    for m in moves:
        kind = m.kind
        if kind == "build":
            if build_head is None:
                e1 = _king(g, enemy)
                e2 = _king(g, e1)
                e3 = _king(g, e2)
                o1 = _king(g, mine)
                o2 = _king(g, o1)
                o3 = _king(g, o2)
                build_head = [_F_BUILD, _F_BUILD_BASES[min(n_mb, 3)]]
            ll = m.src
            bm = BM[ll]
            f = build_head + [_F_BUILD_EDGE[edge[ll]]]
            if bm & reach:
                f.append(_F_BUILD_ATT)
            if BR[ll] & enemy:
                f.append(_F_BUILD_TOUCH[(BR[ll] & enemy).bit_count() > 2])
            if cones:
                k = 0
                for cone in cones:
                    if cone & bm:
                        k += 1
                if k:
                    f.append(_F_BUILD_CONE[k > 1])
            f.append(_F_BUILD_ENEMY[0 if bm & e1 else 1 if bm & e2 else 2 if bm & e3 else 3])
            f.append(_F_BUILD_OWN[0 if bm & o1 else 1 if bm & o2 else 2 if bm & o3 else 3])
            if threat:
                f.append(
                    _F_LEAVES if _winning_flights(g, enemy, mine | bm, first=True) else _F_PARRIES
                )
            out.append(tuple(f))
            continue
        o, src, end = m.orient, m.src, m.end
        deploy = kind == "deploy"
        key = (src, o, m.kept_bit)
        if key != last_src:  # the moves of one source come together: its facts once
            last_src = key
            lifted = PM[o][src]
            if deploy:
                stones = lifted | (1 << m.kept_bit)
                head = [_F_DEPLOY, _F_DEPLOY_BASES[min(n_mb, 3)]]
            else:
                stones = lifted
                head = [_F_FLY]
            src_att = bool(stones & reach)
            if src_att:
                head.append(_F_SRC_ATT)
        f = head.copy()
        if end == OFF:
            f.append(_F_OFF)
            f += deploy_tail if deploy else fly_tail
            out.append(tuple(f))
            continue
        c0, r0 = coord[src]
        c1, r1 = coord[end]
        steps = (c1 - c0 if c1 > c0 else c0 - c1) + (r1 - r0 if r1 > r0 else r0 - r1)
        f.append(_F_STEPS[steps] if steps < 8 else _F_STEPS8)
        pm = PM[o][end]
        ahead = CONE[o][end]
        if not (pm & enemy or KM[o][end] & both):  # a plain landing: no capture, no dock
            f.append(_F_ROOM[room[o][end]])
            if pm & reach:
                f.append(_F_LAND_ATT)
            elif src_att:
                f.append(_F_ESCAPES)
            near = RM[o][end] & enemy
            if near:
                f.append(_F_TOUCH[near.bit_count() > 2])
            if ahead & ebst:
                if ahead & ebst & box3[end]:
                    f.append(_F_AIM_NEAR)
                elif ahead & ebst & box6[end]:
                    f.append(_F_AIM_FAR)
            if ahead & egl & box3[end]:
                f.append(_F_AIM_GLIDER)
            for cone in cones:
                if cone & pm:
                    f.append(_F_IN_CONE)
                    break
            f += deploy_tail if deploy else fly_tail
            if threat:
                nm = (mine & ~lifted) | pm
                f.append(_F_LEAVES if _winning_flights(g, enemy, nm, first=True) else _F_PARRIES)
            out.append(tuple(f))
            continue
        # a capture, a dock or a conversion: played out on the bitboards
        nm, ne, cap, conv, base_cap, docked = _resolve(g, mine, enemy, o, src, end)
        f.append(_F_ROOM[room[o][end]])
        land_reach = reach
        if cap:
            k = (cap & egl).bit_count()
            if k:
                f.append(_F_GLIDER[k > 3])
            k = (cap & ebst).bit_count()
            if k:
                f.append(_F_BASE[k > 3])
            if cap & attackers:
                f.append(_F_ATTACKER)
            land_reach = 0
            for st, land in reach_by:
                if not st & cap:
                    land_reach |= land
        if conv >= 0:
            f.append(_F_CONVERTS)
        elif docked:
            f.append(_F_DOCKS)
        if pm & land_reach:
            f.append(_F_LAND_ATT)
        elif src_att:
            f.append(_F_ESCAPES)
        near = (RM[o][end] | KM[o][end]) & ne
        if near:
            f.append(_F_TOUCH[near.bit_count() > 2])
        eb = ebst & ne
        if ahead & eb:
            if ahead & eb & box3[end]:
                f.append(_F_AIM_NEAR)
            elif ahead & eb & box6[end]:
                f.append(_F_AIM_FAR)
        if ahead & egl & ne & box3[end]:
            f.append(_F_AIM_GLIDER)
        for cone in cones:
            if cone & pm & ~cap:
                f.append(_F_IN_CONE)
                break
        own_t = _towers(g, nm).bit_count()
        d = own_t - n_mt
        if d:
            f.append(_F_OWN_T[-1 if d < 0 else 1])
            if d > 0 and own_t >= 10:
                f.append(_F_TO12 if own_t >= 12 else _F_TO[own_t])
        en_t = _towers(g, ne).bit_count()
        d = en_t - n_et
        if d:
            f.append(_F_ENEMY_T[-1 if d < 0 else 1 if d == 1 else 2])
            if d > 0 and en_t >= 10:
                f.append(_F_ENEMY_TO10)
        bases = _sq(g, nm)
        if not bases:
            f.append(_F_NO_BASE)
        if base_cap and not _sq(g, ne):
            f.append(_F_WINS if bases else _F_LOSES)
        elif threat:
            f.append(_F_LEAVES if _winning_flights(g, ne, nm, first=True) else _F_PARRIES)
        out.append(tuple(f))
    return out


# ----------------------------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------------------------
class Gliss(Game):
    id = "gliss"
    name = "Gliss"
    designer = "Corey L. Clark"
    year = 2024
    summary = "Build bases, launch gliders that glide until they can land, capture and dock."
    rules_text = (
        "Stones that touch form one shape: a lone tower, a 3-stone L glider, or a 2x2 base.\n"
        "On your turn, build a base on empty points that touch none of your stones, or fly.\n"
        "A glider steps along its two arms' directions, one point at a time, never turning.\n"
        "Or launch one from a base: 3 stones fly, the 4th corner stays behind as a tower.\n"
        "It lands as soon as it touches none of your stones (or closes a 2x2 with a tower).\n"
        "If an enemy tower is under that landing spot, the flight is not allowed;\n"
        "if it must keep flying past the edge, it is lost.\n"
        "Landing on an enemy glider destroys it; landing on a base takes 3 of its stones.\n"
        "Win by starting your turn with 12 towers, or by taking the enemy's last base."
    )
    colours = ("red", "blue")
    options = (
        Option(
            "size",
            13,
            "Board size",
            minimum=12,
            maximum=19,
            help="points on each side of the square board (13 is standard)",
        ),
    )
    edit_end_help = (
        "Game over: 12 control towers for the side to move, no action left for it, or a "
        "base-wipe win (its field)."
    )
    notation_help = (
        "build: its lower-left point and + (b2+); fly: the glider's core, > and "
        "where the core lands (c6>d5, c6>off); launch from a base: the corner "
        "left behind, the core, > and the landing (e4:f5>g7)"
    )
    playout_cutoff = 12
    # the names of ``GlissState.move_features``' indices (the learned priors, ai/policy.py)
    move_feature_names = FEATURE_NAMES
    # the names of ``GlissState.value_features``' entries (the learned leaf value, ai/value.py)
    value_feature_names = VALUE_FEATURE_NAMES
    # ``GlissState.rollout`` takes ``leaf=``: the learned value at the playout's cut-off
    cutoff_leaf = True
    # puzzle themes (``State.puzzle_theme``): a base broken, a dock and convert, towers
    puzzle_themes = (
        ("base wipe", ("'s base",)),
        ("dock and convert", ("docks",)),
        ("12 towers", ("tower",)),
    )
    puzzle_theme_default = "12 towers"
    wide = True
    # the levels search with the learned move priors (ai/policy.py, ai/policies/gliss.json),
    # at weight 1: against the plain search at equal CPU time they won 49 of 80 games at
    # 0.3 s, 31 of 40 at 1 s and 16 of 20 at Hard's 3 s; Hard with them against the plain
    # Master, and the ladder: docs/games/gliss.md, "Learned move priors".  The review
    # searches as the levels do (game/session/review.py, SEARCH).  Their searches are read
    # by the win-chance table fitted on guided games (ai/calibration/gliss.json, "guided"):
    # the plain table leans to seat 1 and reads a guided value at a quarter of its weight.
    prior = 1.0
    # the levels also score the position where a playout's cut-off stops it by the learned
    # value fitted there (ai/value.py, ai/values/gliss.json; the search's
    # ``playout=cutvalue``) instead of ``evaluate``: with the priors on both sides, at equal
    # CPU time, it scored 14-0-6 at 0.3 s and 16-0-8 in 24 at Hard's 3 s against the search
    # without it (docs/ai.md, "At the playout's cut-off").  The review searches the same way,
    # and the table for guided searches is fitted on such searches
    playout = "cutvalue"

    def start(self, **options) -> GlissState:
        opts = self.validate(options)
        return GlissState(self, opts["size"], (0, 0), 0)

    # --- the editor (game/rules/core.py) -------------------------------------------------
    def edit_palette(self, text: str) -> list[EditPiece]:
        return [EditPiece("R", "Red stone", "red"), EditPiece("B", "Blue stone", "blue")]

    def edit_fields(self, text: str):
        (field,) = super().edit_fields(text)
        make = type(field)
        return [
            make(field.key, field.label, COLOUR_NAMES),
            make("winner", "Base-wipe win", ("none", *COLOUR_NAMES)),  # rule 8b
        ]

    def edit_field(self, text: str, key: str, value: str) -> str:
        if key != "winner":
            return super().edit_field(text, key, value)
        if value.lower() == "none":
            return header_drop(text, "winner")
        return header_set(text, "winner", f"{value} (the last base was captured)")

    def edit_value(self, text: str, key: str) -> str | None:
        value = header_get(text, key)
        if key == "winner":  # "Red (the last base was captured)": its first word
            return value.split()[0] if value and value.split() else "none"
        return value

    def sketch(self, text: str) -> GlissState:
        return self._read(text, check=False)

    def parse(self, text: str) -> GlissState:
        return self._read(text, check=True)

    def _read(self, text: str, check: bool) -> GlissState:
        if not isinstance(text, str):
            raise ValueError("a Gliss position must be text")
        lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
        header = [ln for ln in lines if ":" in ln]
        gname = first_line_value(header, "game")
        if gname is not None and gname.lower() != "gliss":
            raise ValueError(f"this is a position of {gname!r}, not of gliss")
        size_txt = first_line_value(header, "size")
        if size_txt is None:
            raise ValueError("the position has no 'size:' line")
        try:
            size = self.options[0].coerce(size_txt)
        except ValueError as e:
            raise ValueError(f"bad 'size:' line: {e}") from None
        turn = first_line_value(header, "to move")
        if turn is None:
            raise ValueError("the position has no 'to move:' line (Red or Blue)")
        player = _colour(turn, "to move")
        wtxt = first_line_value(header, "winner")
        wipe = None
        if wtxt is not None:
            wipe = _colour(wtxt.split()[0] if wtxt.split() else "", "winner")
        g = _geo(size)
        rows = {}
        for ln in lines:
            if ":" in ln:
                continue
            toks = ln.split()
            if all(t.isalpha() for t in toks):
                if "".join(toks).lower() != g.letters:
                    raise ValueError(
                        f"bad column header {ln.strip()!r}: expected {' '.join(g.letters)}"
                    )
                continue
            if not toks[0].isdigit():
                raise ValueError(f"cannot read the line {ln.strip()!r}")
            r = int(toks[0])
            cells = toks[1:]
            if cells and cells[-1].isdigit():
                if int(cells[-1]) != r:
                    raise ValueError(f"row {r} ends with the label {cells[-1]}")
                cells = cells[:-1]
            if not 1 <= r <= size:
                raise ValueError(f"row {r} is outside a {size}x{size} board")
            if r in rows:
                raise ValueError(f"row {r} appears twice")
            if len(cells) != size:
                raise ValueError(f"row {r} has {len(cells)} points, expected {size}")
            for ch in cells:
                if ch not in ("R", "B", ".", "r", "b"):
                    raise ValueError(f"row {r}: {ch!r} is not a point (use R, B or .)")
            rows[r] = cells
        missing = [r for r in range(1, size + 1) if r not in rows]
        if missing:
            raise ValueError(f"the grid lacks row(s) {', '.join(map(str, missing))}")
        red = blue = 0
        for r, cells in rows.items():
            for c, ch in enumerate(cells):
                x = (r - 1) * g.w + c
                if ch in "Rr":
                    red |= 1 << x
                elif ch in "Bb":
                    blue |= 1 << x
        if not check:
            return GlissState(self, size, (red, blue), player, wipe)
        for p, s in ((0, red), (1, blue)):
            bad = _bad_group(g, s)
            if bad:
                pts = ", ".join(g.names[x] for x in bad)
                raise ValueError(
                    f"illegal shape: the {COLOUR_NAMES[p]} group {pts} is not a "
                    f"tower, a glider (L of 3) or a base (2x2)"
                )
        if wipe is not None:
            mover = 1 - player
            their = red if player == 0 else blue
            own = blue if player == 0 else red
            if _sq(g, their):
                raise ValueError(
                    f"'winner:' says the last base was captured, but "
                    f"{COLOUR_NAMES[player]} still has a base"
                )
            if (wipe == mover) != bool(_sq(g, own)):
                raise ValueError("the 'winner:' line does not match the bases on the board")
        return GlissState(self, size, (red, blue), player, wipe)


def _colour(text: str, key: str) -> int:
    t = text.strip().lower()
    if t in ("red", "r", "0"):
        return 0
    if t in ("blue", "b", "1"):
        return 1
    raise ValueError(f"'{key}:' must be Red or Blue, not {text!r}")


def _bad_group(g: _Geo, s: int) -> list[int]:
    """The points of a group of s that is no legal shape (empty if all are fine)."""
    seen = 0
    for x in g.bits(s):
        if seen >> x & 1:
            continue
        grp = 1 << x
        while True:
            more = (grp | g.nb(grp)) & s
            if more == grp:
                break
            grp = more
        seen |= grp
        pts = g.bits(grp)
        k = len(pts)
        if k == 1:
            continue
        if k == 3:
            cores = [p for p in pts if (g.nbm[p] & grp).bit_count() == 2]
            if len(cores) == 1:
                c = cores[0]
                others = [p for p in pts if p != c]
                if abs(others[0] - others[1]) not in (2, 2 * g.w):  # not in a line
                    continue
        if k == 4 and _sq(g, grp):
            continue
        return pts
    return []
