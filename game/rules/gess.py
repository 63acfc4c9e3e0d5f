"""Gess (the Archimedeans, 1994): the spec is ../shared/rules/gess.md.

Board: a 20 x 20 label grid, files a..t (x = 0..19) and rows 1..20 (y = 0..19).
The playing area is b..s x 2..19; the outer ring never holds a stone.

Representation: one Python int per colour used as a bitboard.  Square (x, y)
is bit ``(y + 2) * 20 + x`` (two spare rows below so that every footprint of a
centre on the grid has a non-negative index).  Because files a and t are always
empty, a footprint that runs past the left or right edge wraps onto an a/t
square of the neighbouring row and reads "empty": no guard column is needed.

Move generation works on whole bitboards: for each direction the set of piece
centres that may slide is shifted one step at a time; translation keeps every
source distinct, so the destination masks at step k name the moves of length k.
Moves are coded as ``src << 8 | direction << 5 | distance`` (src a bit index).

Notation: centre to centre, ``c3-c6``.  The position format is described in
docs/games/gess.md.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import reduce
from operator import or_

from .core import BadNotation, EditPiece, Game, Move, Option, RuleViolation, State, cell_at

WIDTH = 20
PAD = 2
NBITS = (20 + 2 * PAD) * WIDTH
FILES = "abcdefghijklmnopqrst"
PLAYER_NAMES = ("Black", "White")

# N NE E SE S SW W NW
DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIR_NAMES = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)
DELTA = tuple(dy * WIDTH + dx for dx, dy in DIRS)
# bit of the 9-bit footprint pattern (row below = bits 0..2, own row 3..5, row above 6..8)
DIR_PATBIT = (7, 8, 5, 2, 1, 0, 3, 6)
CENTRE_PATBIT = 4
UNLIMITED = 19  # longer than any slide on the grid


def idx(x: int, y: int) -> int:
    """The bit index of square (x, y) (file index, row index, both from 0)."""
    return (y + PAD) * WIDTH + x


def xy(i: int) -> tuple[int, int]:
    y, x = divmod(i, WIDTH)
    return x, y - PAD


def square_name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def _on_grid(x: int, y: int) -> bool:
    return 0 <= x < 20 and 0 <= y < 20


def _on_board(x: int, y: int) -> bool:
    return 1 <= x <= 18 and 1 <= y <= 18


def on_grid(x: int, y: int) -> bool:
    """Is (file index, row index) on the 20 x 20 label grid (a..t x 1..20)?"""
    return _on_grid(x, y)


def on_board(x: int, y: int) -> bool:
    """Is (file index, row index) on the 18 x 18 playing area (b..s x 2..19), where
    stones may stay?  The outer ring of the grid is a gutter."""
    return _on_board(x, y)


def footprint(x: int, y: int) -> list[tuple[int, int]]:
    """The 3 x 3 squares of the piece centred on (x, y), row by row from the bottom
    (some may lie off the grid when the centre is on the outer ring)."""
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


# --- geometry tables (built once) -------------------------------------------------------
BOARD = 0
for _y in range(1, 19):
    for _x in range(1, 19):
        BOARD |= 1 << idx(_x, _y)

GRID = [idx(x, y) for y in range(20) for x in range(20)]  # every centre a..t x 1..20
# every square of the bitboard but file a, and but file t (a shift by one file wraps
# from one onto the other of the next row)
NOT_FILE_A = sum(1 << i for i in range(NBITS) if i % WIDTH)
NOT_FILE_T = sum(1 << i for i in range(NBITS) if i % WIDTH != WIDTH - 1)
FOOT = [0] * NBITS  # footprint mask of a centre
ZONE5 = [0] * NBITS  # centres whose footprint overlaps the 3x3 around this square
ZONE7 = [0] * NBITS  # squares of the 3x3s that overlap the footprint of this centre
PERIM = [0] * NBITS  # the 8 squares around a square
for _i in GRID:
    _x, _y = xy(_i)
    _m = 0
    for _dy in (-1, 0, 1):
        for _dx in (-1, 0, 1):
            _m |= 1 << idx(_x + _dx, _y + _dy)
    FOOT[_i] = _m
    _z = 0
    for _dy in range(-2, 3):
        for _dx in range(-2, 3):
            if _on_grid(_x + _dx, _y + _dy):
                _z |= 1 << idx(_x + _dx, _y + _dy)
    ZONE5[_i] = _z
    _z = 0
    for _dy in range(-3, 4):
        for _dx in range(-3, 4):
            if _on_grid(_x + _dx, _y + _dy):
                _z |= 1 << idx(_x + _dx, _y + _dy)
    ZONE7[_i] = _z
    PERIM[_i] = _m & ~(1 << _i)

# the leading edge of a footprint moving in direction d, as offsets from its new centre
STRIP_OFFS = []
for _dx, _dy in DIRS:
    STRIP_OFFS.append(
        tuple(
            oy * WIDTH + ox
            for oy in (-1, 0, 1)
            for ox in (-1, 0, 1)
            if (_dx and ox == _dx) or (_dy and oy == _dy)
        )
    )
STRIP_MASK = [[0] * NBITS for _ in range(8)]
# INC[d][c]: arriving at centre c by a step in direction d, some square of the footprint
# moves off the playing area (it was on the board one step back): the move ends at c.
# (The original text; the spec's count "more off-board squares than a step back" differs
# only on diagonal steps that leave one edge while entering another: see docs/games/gess.md.)
INC = [bytearray(NBITS) for _ in range(8)]
INC_MASK = [0] * 8
for _d, (_dx, _dy) in enumerate(DIRS):
    for _i in GRID:
        _x, _y = xy(_i)
        _m = 0
        for _o in STRIP_OFFS[_d]:
            _m |= 1 << (_i + _o)
        STRIP_MASK[_d][_i] = _m
        if any(
            not _on_board(_x + _ox, _y + _oy) and _on_board(_x + _ox - _dx, _y + _oy - _dy)
            for _oy in (-1, 0, 1)
            for _ox in (-1, 0, 1)
        ):
            INC[_d][_i] = 1
            INC_MASK[_d] |= 1 << _i

# FWD_OK[d]: grid squares whose neighbour in direction d is on the grid too
FWD_OK = [0] * 8
for _d, (_dx, _dy) in enumerate(DIRS):
    for _i in GRID:
        _x, _y = xy(_i)
        if _on_grid(_x + _dx, _y + _dy):
            FWD_OK[_d] |= 1 << _i

# directions a 9-bit footprint pattern allows
PAT_DIRS = tuple(tuple(d for d in range(8) if p >> DIR_PATBIT[d] & 1) for p in range(512))


class _Tables:
    """The tables that depend on the centre range (option ``offboard_centres``)."""

    def __init__(self, offboard: bool):
        lo, hi = (0, 19) if offboard else (1, 18)
        self.offboard = offboard
        self.lo, self.hi = lo, hi
        self.centres = [idx(x, y) for y in range(lo, hi + 1) for x in range(lo, hi + 1)]
        self.range = 0
        for c in self.centres:
            self.range |= 1 << c
        self.nextok = []  # masks: the next centre in direction d is in range
        self.nextok_b = []
        self.cont = []  # nextok minus INC: a slide may go on from here
        for d, (dx, dy) in enumerate(DIRS):
            m = 0
            b = bytearray(NBITS)
            for c in self.centres:
                x, y = xy(c)
                if lo <= x + dx <= hi and lo <= y + dy <= hi:
                    m |= 1 << c
                    b[c] = 1
            self.nextok.append(m)
            self.nextok_b.append(b)
            self.cont.append(m & ~INC_MASK[d])


TABLES = {True: _Tables(True), False: _Tables(False)}


# --- bitboard kernels -----------------------------------------------------------------
def ring_mask(x: int, occ: int) -> int:
    """Centres of the rings of the stones ``x`` (``occ``: every stone on the board)."""
    t = x & (x >> 1) & (x >> 2)
    return (t << 21) & (t >> 19) & (x << 1) & (x >> 1) & ~occ & BOARD


def piece_centres(own: int, opp: int, rng_mask: int) -> int:
    """Centres whose footprint is a piece of ``own``: no enemy stone, a stone around the centre."""
    h = opp | (opp >> 1) | (opp << 1)
    dil = h | (h >> WIDTH) | (h << WIDTH)
    h = own | (own >> 1) | (own << 1)
    perim = (h >> WIDTH) | (h << WIDTH) | (own >> 1) | (own << 1)
    return perim & rng_mask & ~dil


def dest_masks(own: int, opp: int, T: _Tables):
    """The legal slides of ``own`` as ``[(d, k, destinations, blocked_d)]``.

    ``destinations`` is the mask of centres reached after k steps in direction d
    (the source is the destination minus k steps); ``blocked_d`` masks the
    centres whose leading strip in direction d holds stones (a capture there)."""
    occ = own | opp
    valid = piece_centres(own, opp, T.range)
    out = []
    for d in range(8):
        delta = DELTA[d]
        src = valid & (own >> delta if delta > 0 else own << -delta) & T.nextok[d]
        if not src:
            continue
        blocked = 0
        for o in STRIP_OFFS[d]:
            blocked |= occ >> o if o > 0 else occ << -o
        cont = T.cont[d] & ~blocked
        unl = src & own
        lim = src ^ unl
        if delta > 0:
            cu = unl << delta
            cl = lim << delta
        else:
            cu = unl >> -delta
            cl = lim >> -delta
        k = 1
        while True:
            m = cu | cl
            if not m:
                break
            out.append((d, k, m, blocked))
            if k < 3:
                cl &= cont
                cl = cl << delta if delta > 0 else cl >> -delta
            else:
                cl = 0
            cu &= cont
            cu = cu << delta if delta > 0 else cu >> -delta
            k += 1
    return out


def gen_codes(own: int, opp: int, T: _Tables) -> list[int]:
    """Every legal move of ``own`` (ring rules aside) as move codes."""
    codes: list[int] = []
    app = codes.append
    for d, k, m, _ in dest_masks(own, opp, T):
        s = k * DELTA[d]
        base = (d << 5) | k
        while m:
            low = m & -m
            app(((low.bit_length() - 1 - s) << 8) | base)
            m ^= low
    return codes


def gen_safe_codes(own: int, opp: int, T: _Tables, zones: list[int]) -> list[int]:
    """Every move of ``own`` after which it still has a ring (``zones``: ZONE5 of its
    rings).  Moves that miss one of the rings are kept as masks; the rest are played out."""
    codes: list[int] = []
    app = codes.append
    touching = []
    for d, k, m, _ in dest_masks(own, opp, T):
        s = k * DELTA[d]
        base = (d << 5) | k
        t = m
        for z in zones:
            t &= z | (z << s if s > 0 else z >> -s)
        if t:
            m ^= t
            while t:
                low = t & -t
                touching.append(((low.bit_length() - 1 - s) << 8) | base)
                t ^= low
        while m:
            low = m & -m
            app(((low.bit_length() - 1 - s) << 8) | base)
            m ^= low
    if touching:
        codes += safe_codes(own, opp, touching, zones)[0]
    return codes


def apply_code(own: int, opp: int, code: int) -> tuple[int, int]:
    """(own, opp) after the move ``code`` of ``own``."""
    src = code >> 8
    k = code & 31
    s = k * DELTA[(code >> 5) & 7]
    f0 = FOOT[src]
    fk = FOOT[src + s]
    piece = own & f0
    moved = (piece << s if s > 0 else piece >> -s) & BOARD
    return (own & ~(f0 | fk)) | moved, opp & ~fk


def reach(src: int, d: int, occ: int, unlimited: int, T: _Tables) -> int:
    """How far the piece at ``src`` may slide in direction d (0: not at all; ``unlimited``
    is read as a truth value)."""
    delta = DELTA[d]
    strips = STRIP_MASK[d]
    inc = INC[d]
    nextok = T.nextok_b[d]
    lim = UNLIMITED if unlimited else 3
    pos = src
    k = 0
    while k < lim and nextok[pos]:
        pos += delta
        k += 1
        if occ & strips[pos] or inc[pos]:
            break
    return k


def pattern(own: int, c: int) -> int:
    """The 9-bit pattern of ``own`` stones in the footprint of centre c."""
    return ((own >> (c - 21)) & 7) | (((own >> (c - 1)) & 7) << 3) | (((own >> (c + 19)) & 7) << 6)


BITS10 = tuple(tuple(i for i in range(10) if v >> i & 1) for v in range(1024))
ROW_BASES = tuple(idx(0, y) for y in range(20))


def valid_rows(valid: int) -> list[tuple[int, tuple, tuple]]:
    """The grid rows holding piece centres: (first bit, set bits 0..9, set bits 10..19)."""
    out = []
    for base in ROW_BASES:
        v = (valid >> base) & 0xFFFFF
        if v:
            out.append((base, BITS10[v & 1023], BITS10[v >> 10]))
    return out


def sample_move(own: int, opp: int, cand: int, T: _Tables, rnd, tries: int = 8):
    """A random move code of ``own`` (ring rules aside) by a piece centred in ``cand``
    (a mask of piece centres), or None after ``tries`` pieces without room to move.

    The centre is drawn uniformly from ``cand`` (by rejection over the grid, or from the
    rows holding centres when they are sparse), then a random direction of that piece
    with room to move, then a random distance."""
    if not cand:
        return None
    occ = own | opp
    centres = T.centres
    n = len(centres)
    rows = None
    for _ in range(tries):
        for _ in range(12):
            c = centres[int(rnd() * n)]
            if (cand >> c) & 1:
                break
        else:
            if rows is None:
                rows = valid_rows(cand)
            base, lo, hi = rows[int(rnd() * len(rows))]
            nlo = len(lo)
            j = int(rnd() * (nlo + len(hi)))
            c = base + (lo[j] if j < nlo else 10 + hi[j - nlo])
        p = pattern(own, c)
        dirs = PAT_DIRS[p]
        nd = len(dirs)
        j = int(rnd() * nd)
        unl = p & 16
        for t in range(nd):
            d = dirs[(j + t) % nd]
            r = reach(c, d, occ, unl, T)
            if r:
                return (c << 8) | (d << 5) | (1 + int(rnd() * r))
    return None


def pick_safe(
    own: int, opp: int, valid: int, myrings: int, zones: list[int], T: _Tables, rnd
) -> int | None:
    """The playout policy: a random move code of ``own`` after which it still has a ring,
    or None if 24 draws find none.  Pieces clear of its rings (and the rings themselves)
    are drawn first, any piece after 12 draws."""
    near = 0
    for z in zones:
        near |= z
    cand = (valid & ~near) | (valid & myrings) or valid
    for attempt in range(24):
        if attempt == 12:
            cand = valid
        code = sample_move(own, opp, cand, T, rnd)
        if code is None:
            if cand == valid:
                return None
            cand = valid
            continue
        if keeps_ring(own, opp, code, zones):
            return code
    return None


def _zones(rings: int) -> list[int]:
    """The ZONE5 masks of the rings (centres) in ``rings``."""
    out = []
    while rings:
        low = rings & -rings
        out.append(ZONE5[low.bit_length() - 1])
        rings ^= low
    return out


ZONE_CENTRE = {ZONE5[_i]: _i for _i in GRID if 2 <= xy(_i)[0] <= 17 and 2 <= xy(_i)[1] <= 17}
_ZONE_BYTES: dict[int, bytearray] = {}


def _zone_bytes(zone: int) -> bytearray:
    """A ZONE5 mask as a bytearray indexed by square (cached)."""
    b = _ZONE_BYTES.get(zone)
    if b is None:
        b = bytearray(NBITS)
        m = zone
        while m:
            low = m & -m
            b[low.bit_length() - 1] = 1
            m ^= low
        _ZONE_BYTES[zone] = b
    return b


def keeps_ring(own: int, opp: int, code: int, zones: list[int]) -> bool:
    """Does ``own`` still have a ring after ``code``?  ``zones``: ZONE5 of its rings now."""
    src = code >> 8
    dst = src + (code & 31) * DELTA[(code >> 5) & 7]
    for z in zones:
        if not ((z >> src) & 1 or (z >> dst) & 1):
            return True  # a ring the move does not touch
    o, e = apply_code(own, opp, code)
    return bool(ring_mask(o, o | e))


def safe_codes(own: int, opp: int, codes: list[int], zones: list[int]) -> tuple[list, list]:
    """Split move codes into those after which ``own`` still has a ring and the rest.

    ``zones`` are the ZONE5 masks of ``own``'s rings: a move that touches none of some
    ring's 3x3 keeps that ring; the others are played out on the bitboards."""
    keep: list[int]
    keep, lose = [], []
    if not zones:
        return keep, codes[:]
    z0 = _zone_bytes(zones[0])
    more = [_zone_bytes(z) for z in zones[1:]]
    # with one ring R: the squares of R and its centre, to see at once whether R survives
    ring = ZONE_CENTRE[zones[0]] if not more else -1
    perim = PERIM[ring] if ring >= 0 else 0
    foot = FOOT
    zone7 = ZONE7
    delta = DELTA
    board = BOARD
    for code in codes:
        src = code >> 8
        k = code & 31
        s = k * delta[(code >> 5) & 7]
        dst = src + s
        if not (z0[src] or z0[dst]):
            keep.append(code)
            continue
        if more and any(not (z[src] or z[dst]) for z in more):
            keep.append(code)
            continue
        f0 = foot[src]
        fk = foot[dst]
        piece = own & f0
        x = (own & ~(f0 | fk)) | ((piece << s if s > 0 else piece >> -s) & board)
        if ring >= 0:
            if x & perim == perim and not (x >> ring) & 1:
                keep.append(code)  # the ring is still there (its centre was
                continue  # empty and the enemy's stones only shrink)
            if k >= 3 and (x & zone7[dst]).bit_count() < 8:
                # the only ring is gone, and a new one would need 8 stones in a 3x3
                # overlapping the landing footprint (the vacated one is empty now)
                lose.append(code)
                continue
        t = x & (x >> 1) & (x >> 2)
        if (t << 21) & (t >> 19) & (x << 1) & (x >> 1) & ~(x | (opp & ~fk)):
            keep.append(code)
        else:
            lose.append(code)
    return keep, lose


_LANES: dict[tuple[int, int], tuple[int, ...]] = {}


def lanes(ring: int, steps: int = 4 * WIDTH) -> tuple[int, ...]:
    """For each direction d, the centres from which a slide in direction d of at most
    ``steps`` steps could reach ZONE5 of the square ``ring``, plus ZONE5 itself (cached)."""
    out = _LANES.get((ring, steps))
    if out is None:
        masks = []
        for d in range(8):
            delta = DELTA[d]
            ok = FWD_OK[d]
            m = ZONE5[ring]
            for _ in range(steps):
                grown = m | ((m >> delta if delta > 0 else m << -delta) & ok)
                if grown == m:
                    break
                m = grown
            masks.append(m)
        out = _LANES[(ring, steps)] = tuple(masks)
    return out


def winning_code(
    own: int, opp: int, orings: int, zones: list[int], T: _Tables, valid: int | None = None
) -> int | None:
    """A move of ``own`` that breaks every ring in ``orings`` (its footprint lands within
    2 of each) and keeps one of its own rings, or None.  Stops at the first found.
    ``valid``: the piece centres of ``own`` when already known."""
    target = BOARD | T.range
    first = -1
    while orings:
        low = orings & -orings
        c = low.bit_length() - 1
        if first < 0:
            first = c
        target &= ZONE5[c]
        orings ^= low
    if not target or first < 0:
        return None
    lane = lanes(first)
    near = lanes(first, 3)
    occ = own | opp
    if valid is None:
        valid = piece_centres(own, opp, T.range)
    for d in range(8):
        delta = DELTA[d]
        src = valid & (own >> delta if delta > 0 else own << -delta) & T.nextok[d]
        region = lane[d]
        unl = src & own & region  # a centre stone: any distance
        lim = src & near[d] & ~own  # at most 3 steps
        if not (unl or lim):
            continue
        blocked = 0
        for o in STRIP_OFFS[d]:
            blocked |= occ >> o if o > 0 else occ << -o
        cont = T.cont[d] & ~blocked & region
        if delta > 0:
            cu = unl << delta
            cl = lim << delta
        else:
            cu = unl >> -delta
            cl = lim >> -delta
        k = 1
        while cu or cl:
            hit = (cu | cl) & target
            if hit:
                s = k * delta
                base = (d << 5) | k
                while hit:
                    low = hit & -hit
                    hit ^= low
                    code = ((low.bit_length() - 1 - s) << 8) | base
                    if keeps_ring(own, opp, code, zones):
                        return code
            if k < 3:
                cl &= cont
                cl = cl << delta if delta > 0 else cl >> -delta
            else:
                cl = 0
            cu &= cont
            cu = cu << delta if delta > 0 else cu >> -delta
            k += 1
    return None


def threat_attackers(own: int, opp: int, zones: list[int], T: _Tables) -> int:
    """The stones of ``opp`` in its pieces that could land on every ring of ``own`` next
    move (``zones``: ZONE5 of ``own``'s rings); 0 when none could, or ``own`` has no ring."""
    attackers = 0
    if zones:
        target = BOARD | T.range
        for z in zones:
            target &= z
        if target:
            for d, k, m, _ in dest_masks(opp, own, T):
                m &= target
                if m:
                    sh = k * DELTA[d]
                    while m:
                        low = m & -m
                        attackers |= opp & FOOT[low.bit_length() - 1 - sh]
                        m ^= low
    return attackers


def can_win_now(own: int, opp: int, T: _Tables) -> bool:
    """Can ``own`` (to move) win at once: break every ring of ``opp`` and keep one?"""
    occ = own | opp
    return winning_code(own, opp, ring_mask(opp, occ), _zones(ring_mask(own, occ)), T) is not None


def evaluate_bits(b0: int, b1: int, player: int, T: _Tables) -> float:
    """Heuristic value for Black (player 0) of a position that is not over."""
    bits = (b0, b1)
    own, opp = bits[player], bits[1 - player]
    occ = b0 | b1
    if can_win_now(own, opp, T):
        return 0.9 if player == 0 else -0.9
    r0 = ring_mask(b0, occ).bit_count()
    r1 = ring_mask(b1, occ).bit_count()
    s0 = b0.bit_count()
    s1 = b1.bit_count()
    m0 = piece_centres(b0, b1, T.range).bit_count()
    m1 = piece_centres(b1, b0, T.range).bit_count()
    score = 0.35 * (min(r0, 3) - min(r1, 3)) + 0.04 * (s0 - s1) + 0.004 * (m0 - m1)
    score += 0.05 if player == 0 else -0.05  # the move is worth something
    return 0.85 * math.tanh(score)


# the names of ``value_features_bits``' entries (``Gess.value_feature_names``: the learned
# leaf value of ai/value.py); renaming or reordering them makes a shipped model stale
VALUE_FEATURE_NAMES = (
    "mover is Black",
    "mover can win now",
    "mover has one ring",
    "opponent has one ring",
    "stones, mover less opponent (tens)",
    "stones on the board (fifties)",
    "pieces, mover less opponent (tens)",
    "opponent's stones by the mover's rings (fives)",
    "mover's stones by its own rings (fives)",
    "mover's stones by the opponent's rings (fives)",
    "opponent's stones by its own rings (fives)",
)


def value_features_bits(b0: int, b1: int, player: int, T: _Tables) -> list[float]:
    """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``), from the view of
    ``player``, to move, in a position that is not over: whether it can win at once, who
    is down to one ring, the stones and pieces either way and the stones near each side's
    rings.  As cheap as ``evaluate_bits`` (a few bit counts and the win check it makes)."""
    own, opp = (b0, b1) if player == 0 else (b1, b0)
    occ = b0 | b1
    mine = ring_mask(own, occ)
    theirs = ring_mask(opp, occ)
    zones = _zones(mine)  # the 5x5 blocks round each ring: the squares within two of it
    near_mine = reduce(or_, zones, 0)
    near_theirs = reduce(or_, _zones(theirs), 0)
    wins = winning_code(own, opp, theirs, zones, T) is not None
    so = own.bit_count()
    sp = opp.bit_count()
    po = piece_centres(own, opp, T.range).bit_count()
    pp = piece_centres(opp, own, T.range).bit_count()
    return [
        1.0 if player == 0 else 0.0,
        1.0 if wins else 0.0,
        1.0 if mine.bit_count() == 1 else 0.0,
        1.0 if theirs.bit_count() == 1 else 0.0,
        (so - sp) / 10,
        (so + sp) / 50,
        (po - pp) / 10,
        (opp & near_mine).bit_count() / 5,
        (own & near_mine).bit_count() / 5,
        (own & near_theirs).bit_count() / 5,
        (opp & near_theirs).bit_count() / 5,
    ]


def outcome(b0: int, b1: int, player: int) -> int | None:
    """The winner of the position (``player`` to move), or None while it goes on.

    The end is checked after each move: the player who just moved (the other one)
    loses without a ring, and otherwise wins if ``player`` has none."""
    occ = b0 | b1
    bits = (b0, b1)
    mover = 1 - player
    if not ring_mask(bits[mover], occ):
        return player
    if not ring_mask(bits[player], occ):
        return mover
    return None


# --- moves ----------------------------------------------------------------------------
class GessMove(Move):
    """A slide of the piece centred on ``src`` to ``dst``.

    ``src`` and ``dst`` are (file index, row index) pairs from 0 (a1 is (0, 0)),
    ``direction`` the unit step (dx, dy), ``distance`` the number of steps;
    ``path()`` lists every centre from ``src`` to ``dst`` for animation."""

    __slots__ = ("code", "src", "dst", "direction", "distance", "_text")

    def __init__(self, code: int):
        self.code = code
        s = code >> 8
        d = (code >> 5) & 7
        k = code & 31
        self.src = xy(s)
        self.dst = xy(s + k * DELTA[d])
        self.direction = DIRS[d]
        self.distance = k
        self._text = f"{square_name(*self.src)}-{square_name(*self.dst)}"

    def notation(self) -> str:
        return self._text

    __str__ = notation

    def __eq__(self, other):
        return isinstance(other, GessMove) and other.code == self.code

    def __hash__(self):
        return hash(self._text)

    def __reduce__(self):
        return (move_for, (self.code,))

    @property
    def direction_name(self) -> str:
        return DIR_NAMES[DIRS.index(self.direction)]

    def path(self) -> list[tuple[int, int]]:
        (x, y), (dx, dy) = self.src, self.direction
        return [(x + i * dx, y + i * dy) for i in range(self.distance + 1)]


_MOVE_CACHE: list[GessMove | None] = [None] * (NBITS << 8)  # by move code


def move_for(code: int) -> GessMove:
    m = _MOVE_CACHE[code]
    if m is None:
        m = _MOVE_CACHE[code] = GessMove(code)
    return m


_NOTATION = re.compile(r"^\s*([a-zA-Z])\s*(\d{1,2})\s*-\s*([a-zA-Z])\s*(\d{1,2})\s*$")


def _read_square(f: str, r: str, text: str) -> tuple[int, int]:
    x = ord(f.lower()) - ord("a")
    y = int(r) - 1
    if not (0 <= x < 20 and 0 <= y < 20):
        raise BadNotation(f"{text}: {f}{r} is not a square (files a..t, rows 1..20)")
    return x, y


def read_ends(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The source and destination centres that a notation names, legal or not
    (``"c3-c6"`` -> ((2, 2), (2, 5))); :class:`BadNotation` when it does not read."""
    t = str(text).strip()
    mt = _NOTATION.match(t)
    if not mt:
        raise BadNotation(f"{t!r} is not a Gess move: write it centre to centre, like c3-c6")
    return (_read_square(mt.group(1), mt.group(2), t), _read_square(mt.group(3), mt.group(4), t))


@dataclass(frozen=True)
class Slide:
    """What a legal move does to the board, square by square (for the client's
    animation and previews).  Squares are (file index, row index); owners 0 or 1.

    * ``piece``: the moving stones as (dx, dy, owner) offsets from the source centre;
    * ``captured``: the stones under the destination footprint (not the mover's own
      footprint), removed as (x, y, owner);
    * ``landed``: the moved stones that stay, at their new squares;
    * ``fallen``: the moved stones carried off the playing area (into the gutter or
      beyond the grid), which are removed."""

    src: tuple[int, int]
    dst: tuple[int, int]
    direction: tuple[int, int]
    distance: int
    piece: tuple[tuple[int, int, int], ...]
    captured: tuple[tuple[int, int, int], ...]
    landed: tuple[tuple[int, int, int], ...]
    fallen: tuple[tuple[int, int, int], ...]


# --- the state ------------------------------------------------------------------------
class GessState(State):
    """A Gess position.  ``bits[p]`` is player p's bitboard (see the module docstring)."""

    options: dict

    def __init__(self, b0: int, b1: int, player: int, options: dict):
        self.bits = (b0, b1)
        self.player = player
        self.options = dict(options)
        self._offboard = bool(self.options["offboard_centres"])
        self._ringless = bool(self.options["ringless_move_illegal"])
        self._T = TABLES[self._offboard]
        self._winner = outcome(b0, b1, player)
        self._moves: list[GessMove] | None = None

    def __getstate__(self):
        return (self.bits[0], self.bits[1], self.player, dict(self.options))

    def __setstate__(self, data):
        b0, b1, player, options = data
        self.__init__(b0, b1, player, options)

    @property
    def game(self):
        from . import get

        return get("gess")

    def _child(self, b0: int, b1: int) -> "GessState":
        new = GessState.__new__(GessState)
        new.bits = (b0, b1)
        new.player = 1 - self.player
        new.options = self.options
        new._offboard = self._offboard
        new._ringless = self._ringless
        new._T = self._T
        new._winner = outcome(b0, b1, new.player)
        new._moves = None
        return new

    # --- reading the board ------------------------------------------------------------
    def stone(self, x: int, y: int) -> int | None:
        """The owner (0 Black, 1 White) of the stone on (file index, row index), or None."""
        if not _on_grid(x, y):
            raise ValueError(f"({x}, {y}) is not on the 20x20 grid")
        i = idx(x, y)
        if (self.bits[0] >> i) & 1:
            return 0
        if (self.bits[1] >> i) & 1:
            return 1
        return None

    def board(self) -> list[list[int | None]]:
        """``board()[y][x]`` is ``stone(x, y)``: 20 rows from row 1 up, 20 files from a."""
        return [[self.stone(x, y) for x in range(20)] for y in range(20)]

    def stone_counts(self) -> tuple[int, int]:
        return self.bits[0].bit_count(), self.bits[1].bit_count()

    def rings(self, player: int) -> list[tuple[int, int]]:
        """The centres (file index, row index) of ``player``'s rings."""
        m = ring_mask(self.bits[player], self.bits[0] | self.bits[1])
        out = []
        while m:
            low = m & -m
            out.append(xy(low.bit_length() - 1))
            m ^= low
        return out

    def is_piece(self, x: int, y: int, player: int | None = None) -> bool:
        """Is the footprint centred on (x, y) a piece of ``player`` (default: the mover)?"""
        p = self.player if player is None else player
        if not (self._T.lo <= x <= self._T.hi and self._T.lo <= y <= self._T.hi):
            return False
        v = piece_centres(self.bits[p], self.bits[1 - p], self._T.range)
        return bool((v >> idx(x, y)) & 1)

    # --- queries for the client -----------------------------------------------------
    def moves_from(self, x: int, y: int) -> dict[tuple[int, int], GessMove]:
        """The legal moves of the piece centred on (x, y): destination centre -> move."""
        return {m.dst: m for m in self.legal_moves() if m.src == (x, y)}

    def moves_by_source(self) -> dict[tuple[int, int], dict[tuple[int, int], GessMove]]:
        """Every legal move, grouped: source centre -> {destination centre: move}."""
        out: dict = {}
        for m in self.legal_moves():
            out.setdefault(m.src, {})[m.dst] = m
        return out

    def loses_at_once(self, move) -> bool:
        """Does this legal move lose on the spot (it leaves the mover without a ring)?"""
        after = self.play(move)
        return after.is_over() and after.winner() == 1 - self.player

    def slide(self, move) -> Slide:
        """What the legal ``move`` does to the board (see :class:`Slide`)."""
        m = self.find_move(move)
        (sx, sy), (tx, ty) = m.src, m.dst
        me = self.player
        own = self.bits[me]
        occ = self.bits[0] | self.bits[1]
        piece = tuple(
            (fx - sx, fy - sy, me)
            for fx, fy in footprint(sx, sy)
            if _on_grid(fx, fy) and (own >> idx(fx, fy)) & 1
        )
        f0 = set(footprint(sx, sy))
        # an occupied square: White's bit set means White's stone, else Black's
        captured = tuple(
            (fx, fy, (self.bits[1] >> idx(fx, fy)) & 1)
            for fx, fy in footprint(tx, ty)
            if (fx, fy) not in f0 and _on_grid(fx, fy) and (occ >> idx(fx, fy)) & 1
        )
        landed: list[tuple[int, int, int]] = []
        fallen: list[tuple[int, int, int]] = []
        for dx, dy, o in piece:
            x, y = tx + dx, ty + dy
            (landed if _on_board(x, y) else fallen).append((x, y, o))
        return Slide(
            m.src, m.dst, m.direction, m.distance, piece, captured, tuple(landed), tuple(fallen)
        )

    def _puzzle_theme(self, plies) -> str | None:
        """Gess's puzzle theme: "edge" when the winning move breaks a ring that stands
        against the edge (its 3x3 touches the playing area's outer line: no room to step
        away on that side) or its piece lands partly off the playing area (stones carried
        off are removed); "ring capture" when it breaks the opponent's last ring otherwise."""
        before, move, after = [p for p in plies if p[0].player == self.player][-1]
        if after.winner() != self.player:
            return None
        opp = 1 - self.player
        for x, y in set(before.rings(opp)) - set(after.rings(opp)):
            if not all(_on_board(x + 2 * dx, y + 2 * dy) for dx, dy in DIRS):
                return "edge"
        sl = before.slide(move)
        x, y = sl.dst
        if sl.fallen or not all(
            _on_board(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        ):
            return "edge"
        return "ring capture"

    def _explain(self, move, after) -> str | None:
        """Gess's reason for a move: the stones it captures, the rings it makes or breaks
        (see ``State.explain``)."""
        me, opp = self.player, 1 - self.player
        sl = self.slide(move)
        parts = []
        theirs = sum(1 for *_xy, o in sl.captured if o == opp)
        mine = len(sl.captured) - theirs
        took = []
        if theirs:
            took.append(f"{theirs} {PLAYER_NAMES[opp]} stone{'s' if theirs != 1 else ''}")
        if mine:
            took.append(f"{mine} of its own")
        if theirs:
            parts.append("captures " + " and ".join(took))
        elif mine:
            parts.append(
                f"removes {mine} of its own stones" if mine > 1 else "removes 1 of its own stones"
            )
        if sl.fallen:
            n = len(sl.fallen)
            parts.append(f"carries {n} stone{'s' if n != 1 else ''} off the board")
        rings = {p: set(self.rings(p)) for p in (0, 1)}
        now = {p: set(after.rings(p)) for p in (0, 1)}
        gone = sorted(rings[opp] - now[opp])
        if gone:
            where = ", ".join(square_name(x, y) for x, y in gone)
            last = "last " if not now[opp] else ""
            parts.append(f"breaks {PLAYER_NAMES[opp]}'s {last}ring at {where}")
        made = sorted(now[me] - rings[me])
        if made:
            where = ", ".join(square_name(x, y) for x, y in made)
            parts.append(f"makes a new ring at {where}")
        lost = sorted(rings[me] - now[me])
        if lost:
            where = ", ".join(square_name(x, y) for x, y in lost)
            parts.append(f"breaks its own ring at {where}")
        end = self._explain_end(after)
        if end:
            parts.append(end)
        if not parts:  # a quiet move: where the piece goes
            k = len(sl.piece)
            steps = f"{move.distance} square{'s' if move.distance != 1 else ''}"
            parts.append(
                f"moves its {k}-stone piece {steps} {move.direction_name}, "
                f"from {square_name(*move.src)} to {square_name(*move.dst)}"
            )
        return self.join_reasons(parts)

    def why_not_piece(self, x: int, y: int) -> str:
        """Why (x, y) is not the centre of a piece of the player to move ("" when it is)."""
        name = square_name(x, y)
        if self.is_piece(x, y):
            return ""
        T = self._T
        if not (T.lo <= x <= T.hi and T.lo <= y <= T.hi):
            return (
                f"no piece centred on {name}: a piece's centre must be on b..s, rows "
                f"2..19 (option offboard_centres is off)"
            )
        me = self.player
        foot = [(fx, fy) for fx, fy in footprint(x, y) if _on_grid(fx, fy)]
        if any(self.stone(fx, fy) == 1 - me for fx, fy in foot):
            return f"no piece centred on {name}: the footprint holds an enemy stone"
        own = [(fx, fy) for fx, fy in foot if self.stone(fx, fy) == me]
        if not own:
            return f"no piece centred on {name}: the footprint holds none of your stones"
        if own == [(x, y)]:
            return f"no piece centred on {name}: a piece needs a stone around its centre"
        return f"no piece centred on {name}"

    def why_stuck(self, x: int, y: int) -> str:
        """Why the piece centred on (x, y) has no legal move (its first step's refusal)."""
        name = square_name(x, y)
        me = self.player
        reasons = []
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            if _on_grid(nx, ny) and self.stone(nx, ny) == me:
                reason = self.refusal((x, y), (nx, ny))
                if reason:
                    reasons.append(reason)
        if self._ringless and any("ring" in r for r in reasons):
            return f"the piece on {name} cannot move: every move would leave you without a ring"
        detail = f" ({reasons[0]})" if reasons else ""
        return f"the piece on {name} has nowhere to go{detail}"

    def refusal(self, src: tuple[int, int], dst: tuple[int, int]) -> str:
        """The rules' reason why the piece centred on ``src`` may not move to ``dst``
        ("" when that move is legal)."""
        try:
            self._code_of(f"{square_name(*src)}-{square_name(*dst)}")
        except (BadNotation, RuleViolation) as exc:
            return str(exc)
        return ""

    # --- the contract ---------------------------------------------------------------
    def is_over(self) -> bool:
        return self._winner is not None

    def winner(self) -> int | None:
        return self._winner

    def scores(self):
        """Gess has no score: None (``stone_counts()`` gives the stones on the board)."""
        return None

    def end_reason(self) -> str:
        w = self._winner
        if w is None:
            return ""
        loser = 1 - w
        occ = self.bits[0] | self.bits[1]
        if loser == 1 - self.player:  # the player who moved last lost
            if not ring_mask(self.bits[w], occ):
                return f"Neither player has a ring; {PLAYER_NAMES[loser]} moved last and loses."
            return f"{PLAYER_NAMES[loser]} broke their own last ring and loses."
        return f"{PLAYER_NAMES[loser]} has no ring left."

    def _codes(self) -> list[int]:
        own, opp = self.bits[self.player], self.bits[1 - self.player]
        if self._ringless:
            return gen_safe_codes(own, opp, self._T, _zones(ring_mask(own, own | opp)))
        return gen_codes(own, opp, self._T)

    def legal_moves(self) -> list[GessMove]:
        if self._moves is None:
            if self._winner is not None:
                self._moves = []
            else:
                cache = _MOVE_CACHE
                self._moves = [cache[c] or move_for(c) for c in self._codes()]
        return list(self._moves)

    def _code_of(self, move) -> int:
        """The code of a legal move named by ``move``; IllegalMove saying why otherwise."""
        if isinstance(move, GessMove):
            text = move._text
            sx, sy = move.src
            d = move.code >> 5 & 7
            k = move.distance
        elif isinstance(move, str):
            text = move.strip()
            mt = _NOTATION.match(text)
            if not mt:
                raise BadNotation(
                    f"{text!r} is not a Gess move: write it centre to centre, like c3-c6"
                )
            sx, sy = _read_square(mt.group(1), mt.group(2), text)
            tx, ty = _read_square(mt.group(3), mt.group(4), text)
            text = f"{square_name(sx, sy)}-{square_name(tx, ty)}"
            dx, dy = tx - sx, ty - sy
            if dx == 0 and dy == 0:
                raise RuleViolation(f"{text}: a move must go somewhere")
            if dx and dy and abs(dx) != abs(dy):
                raise RuleViolation(
                    f"{text}: a piece slides in a straight line, along a row, a file or a diagonal"
                )
            k = max(abs(dx), abs(dy))
            d = DIRS.index(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
        else:
            raise BadNotation(f"{move!r} is not a Gess move")
        if self._winner is not None:
            raise RuleViolation(f"{text}: the game is over")
        T = self._T
        name = square_name(sx, sy)
        if not (T.lo <= sx <= T.hi and T.lo <= sy <= T.hi):
            raise RuleViolation(
                f"{text}: a piece's centre must be on b..s, rows 2..19 "
                f"(option offboard_centres is off)"
            )
        own, opp = self.bits[self.player], self.bits[1 - self.player]
        c = idx(sx, sy)
        if opp & FOOT[c]:
            raise RuleViolation(f"no piece at {name}: footprint contains an enemy stone")
        p = pattern(own, c)
        if not p:
            raise RuleViolation(
                f"no piece at {name}: the footprint holds no {PLAYER_NAMES[self.player]} stone"
            )
        if p == 1 << CENTRE_PATBIT:
            raise RuleViolation(
                f"no piece at {name}: only the centre holds a stone "
                f"(a piece needs a stone around its centre)"
            )
        if not (p >> DIR_PATBIT[d]) & 1:
            raise RuleViolation(
                f"{text}: the piece has no stone in that direction ({DIR_NAMES[d]})"
            )
        r = reach(c, d, own | opp, bool(p & 16), T)
        if k > r:
            raise RuleViolation(self._why_short(text, c, d, k, r, bool(p & 16)))
        code = (c << 8) | (d << 5) | k
        if self._ringless:
            zones = _zones(ring_mask(own, own | opp))
            if not keeps_ring(own, opp, code, zones):
                raise RuleViolation(
                    f"{text}: the move would leave {PLAYER_NAMES[self.player]} "
                    f"without a ring (option ringless_move_illegal)"
                )
        return code

    def _why_short(self, text, c, d, k, r, unlimited) -> str:
        T = self._T
        if not unlimited and k > 3:
            return f"{text}: the centre of the piece is empty, so it moves at most 3 squares"
        stop = c + r * DELTA[d]
        where = square_name(*xy(stop))
        occ = self.bits[0] | self.bits[1]
        if r > 0 and occ & STRIP_MASK[d][stop]:
            return (
                f"{text}: the path is blocked: the footprint overlaps stones at {where}, "
                f"where the move must end"
            )
        if r > 0 and INC[d][stop]:
            return f"{text}: the footprint moves off the board at {where}, where the move must end"
        if not T.nextok_b[d][stop]:
            if T.offboard:
                return f"{text}: the piece's centre would leave the grid"
            return (
                f"{text}: a piece's centre must stay on b..s, rows 2..19 "
                f"(option offboard_centres is off)"
            )
        return f"{text}: the piece cannot slide that far"

    def describe(self, move) -> str:
        """ "Black moves the piece on c3 to c6, capturing 2 stones." (the panel's log)."""
        who = self.seat_name(self.player)
        try:
            m = self.find_move(move)
            sl = self.slide(m)
        except ValueError:  # IllegalMove
            return super().describe(move)
        text = f"{who} moves the piece on {square_name(*m.src)} to {square_name(*m.dst)}"
        parts = []
        theirs = sum(1 for *_, owner in sl.captured if owner != self.player)
        mine = len(sl.captured) - theirs
        if theirs:
            parts.append(f"capturing {theirs} stone{'s' if theirs != 1 else ''}")
        if mine:
            parts.append(f"removing {mine} of its own stone{'s' if mine != 1 else ''}")
        if sl.fallen:
            k = len(sl.fallen)
            parts.append(f"{k} stone{'s' if k != 1 else ''} off the board")
        return text + (", " + " and ".join(parts) if parts else "") + "."

    def play(self, move) -> "GessState":
        code = self._code_of(move)
        p = self.player
        own, opp = apply_code(self.bits[p], self.bits[1 - p], code)
        return self._child(own, opp) if p == 0 else self._child(opp, own)

    def find_move(self, move) -> GessMove:
        return move_for(self._code_of(move))

    def why_illegal(self, text: str) -> str:
        try:
            self._code_of(text)
        except (BadNotation, RuleViolation) as e:
            return str(e)
        return f"{text.strip()} is legal"

    # --- text -------------------------------------------------------------------------
    def __str__(self) -> str:
        b0, b1 = self.bits
        lines = ["game: gess"]
        for key in ("offboard_centres", "ringless_move_illegal"):
            lines.append(f"{key}: {'true' if self.options[key] else 'false'}")
        lines.append(f"to move: {PLAYER_NAMES[self.player]}")
        letters = "    " + " ".join(FILES)
        lines.append(letters)
        for y in range(19, -1, -1):
            cells = []
            for x in range(20):
                i = idx(x, y)
                if (b0 >> i) & 1:
                    cells.append("x")
                elif (b1 >> i) & 1:
                    cells.append("o")
                elif _on_board(x, y):
                    cells.append(".")
                else:
                    cells.append("-")
            lines.append(f"{y + 1:>3} {' '.join(cells)} {y + 1}")
        lines.append(letters)
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return f"<GessState {PLAYER_NAMES[self.player]} to move>"

    def __eq__(self, other):
        return (
            isinstance(other, GessState)
            and other.bits == self.bits
            and other.player == self.player
            and other.options == self.options
        )

    def __hash__(self):
        return hash((self.bits, self.player))

    # --- AI hooks ---------------------------------------------------------------------
    def random_move(self, rng) -> GessMove:
        """A random legal move, drawn without listing the moves (``pick_safe``); it keeps
        the mover's ring when it can (the full list is the fallback)."""
        if self._winner is not None:
            raise RuleViolation("the game is over")
        own, opp = self.bits[self.player], self.bits[1 - self.player]
        T = self._T
        myrings = ring_mask(own, own | opp)
        zones = _zones(myrings)
        rnd = rng.random
        code = pick_safe(own, opp, piece_centres(own, opp, T.range), myrings, zones, T, rnd)
        if code is None:
            safe, losing = safe_codes(own, opp, gen_codes(own, opp, T), zones)
            if safe:
                code = safe[int(rnd() * len(safe))]
            elif losing and not self._ringless:
                code = losing[int(rnd() * len(losing))]
            else:
                raise RuleViolation("no legal move")  # cannot happen (docs)
        return move_for(code)

    def evaluate(self) -> float:
        if self._winner is not None:
            return self.result()
        return evaluate_bits(self.bits[0], self.bits[1], self.player, self._T)

    def rollout(self, rng, cutoff: int | None = None) -> float:
        if cutoff is None:
            cutoff = self.game.playout_cutoff
        if self._winner is not None:
            return self.result()
        return rollout_bits(
            self.bits[0], self.bits[1], self.player, self._T, self._ringless, rng, cutoff
        )

    def move_queue(self, rng) -> "GessMoveQueue | list":
        """The legal moves in the order of ``ordered_moves``, worked out lazily (the search's
        expansion hook: it pops a handful of the ~450 moves of a position at most)."""
        if self._winner is not None:
            return []
        p = self.player
        return GessMoveQueue(self.bits[p], self.bits[1 - p], self._T, self._ringless, rng.random)

    def ordered_moves(self, rng) -> list[GessMove]:
        """The legal moves, most promising first: moves that break the enemy's last ring
        (winning); when the enemy threatens to break the mover's last ring next move, moves
        of that ring and captures of the attacking stones; captures that gain stones (best
        first); moves that land near an enemy ring; the rest; captures that lose stones;
        and last the moves that break the mover's last ring (losing at once).  Each group
        is shuffled (see :class:`GessMoveQueue`, which this drains)."""
        queue = self.move_queue(rng)
        out = []
        while queue:
            out.append(queue.pop())
        return out

    def move_features(self, moves) -> list[tuple[int, ...]]:
        """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves here
        (the learned priors' inputs: ai/policy.py)."""
        p = self.player
        codes = [self.find_move(m).code if not isinstance(m, GessMove) else m.code for m in moves]
        return move_features_bits(self.bits[p], self.bits[1 - p], p, codes, self._T)

    def value_features(self) -> list[float]:
        """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``, the mover's view;
        ai/value.py); the position is not over."""
        return value_features_bits(self.bits[0], self.bits[1], self.player, self._T)


# the groups of GessMoveQueue, in order
(
    Q_WINS,
    Q_RUNS,
    Q_DEFEND,
    Q_GOOD,
    Q_NEAR,
    Q_QUIET,
    Q_BAD,
    Q_LOSING,
    Q_DONE,
) = range(9)


class GessMoveQueue:
    """The legal moves of a live position, most promising first, one group at a time.

    The groups, in order (``Q_WINS`` .. ``Q_LOSING``): moves that break every enemy ring
    and keep one of the mover's (wins); when the enemy could land on the mover's ring
    next move, moves of the mover's ring pieces (runs) and captures of the attacking
    pieces' stones (defend, best first); captures that gain stones (good, best first);
    moves that land within 5 of an enemy ring (near); the rest (quiet); captures that do
    not gain (bad); and last the moves that leave the mover without a ring (losing; left
    out under ``ringless_move_illegal``, where they are illegal).

    Nothing is listed at first but the slides as masks (``dest_masks``); a group's move
    codes are made (and checked for ring safety) only when the groups before it are used
    up, and a move object only when a code is popped.  ``pop()`` takes a random move of
    the current group (the best one of a sorted group); the queue is true while moves
    remain; ``len()`` counts them (working out every group)."""

    __slots__ = (
        "_own",
        "_opp",
        "_T",
        "_ringless",
        "_rnd",
        "_zones",
        "_entries",
        "_win_target",
        "_near",
        "_stage",
        "_cur",
        "_sorted",
        "_pending",
        "_caps",
        "_attackers",
        "_escapes",
        "_losing",
        "_enemy",
    )

    def __init__(self, own: int, opp: int, T: _Tables, ringless: bool, rnd):
        self._own = own
        self._opp = opp
        self._T = T
        self._ringless = ringless
        self._rnd = rnd
        occ = own | opp
        zones = self._zones = _zones(ring_mask(own, occ))
        orings = ring_mask(opp, occ)
        win_target = BOARD | T.range
        for z in _zones(orings):
            win_target &= z
        near = orings
        for _ in range(5):  # centres within 5 of an enemy ring (not wrapping round a row)
            h = near | ((near >> 1) & NOT_FILE_T) | ((near << 1) & NOT_FILE_A)
            near = h | (h >> WIDTH) | (h << WIDTH)
        self._win_target = win_target
        self._near = near & ~win_target
        h = opp | (opp >> 1) | (opp << 1)
        self._enemy = h | (h >> WIDTH) | (h << WIDTH)  # centres whose footprint holds enemies
        # per slide mask: (shift, code base, destinations, blocked, touching), where the
        # touching destinations are those whose footprints (before or after) meet every
        # ring of the mover: only those can break its last ring (safe_codes plays them out)
        entries = []
        for d, k, m, blocked in dest_masks(own, opp, T):
            sh = k * DELTA[d]
            t = m
            for z in zones:
                t &= z | (z << sh if sh > 0 else z >> -sh)
            entries.append((sh, (d << 5) | k, m, blocked, t))
        self._entries = entries
        self._stage = Q_WINS
        self._cur: list = []  # the codes of the group being popped
        self._sorted = False  # is it sorted (best last)?  Else pop() draws at random
        self._pending: list[tuple[list, bool]] = []  # groups made by len(), not yet popped
        self._caps: tuple[list, list, list] | None = None  # (defend, good, bad)
        self._attackers = -1  # not worked out yet
        self._escapes = 0
        self._losing: list[int] = []

    # --- popping ---------------------------------------------------------------------
    def __bool__(self) -> bool:
        return bool(self._cur) or self._fill()

    def __len__(self) -> int:
        while self._stage < Q_DONE:
            group = self._make(self._stage)
            self._stage += 1
            if group[0]:
                self._pending.append(group)
        return len(self._cur) + sum(len(g) for g, _ in self._pending)

    def pop_code(self) -> int:
        cur = self._cur
        if not cur:
            if not self._fill():
                raise IndexError("pop from an empty move queue")
            cur = self._cur
        if self._sorted:
            return cur.pop()
        i = int(self._rnd() * len(cur))
        code = cur[i]
        cur[i] = cur[-1]
        cur.pop()
        return code

    def pop(self) -> GessMove:
        code = self.pop_code()
        return _MOVE_CACHE[code] or move_for(code)

    def _fill(self) -> bool:
        """Make the next group that holds a move the current one; False when none is left."""
        while True:
            if self._pending:
                self._cur, self._sorted = self._pending.pop(0)
                return True
            if self._stage >= Q_DONE:
                return False
            cur, srt = self._make(self._stage)
            self._stage += 1
            if cur:
                self._cur, self._sorted = cur, srt
                return True

    # --- the groups ------------------------------------------------------------------
    def _make(self, stage: int) -> tuple[list, bool]:
        """The codes of one group, and whether they are sorted."""
        if stage == Q_WINS:
            if not self._win_target:
                return [], False
            return self._codes(Q_WINS, 0), False
        if stage == Q_RUNS:
            if self._threat() == 0:
                return [], False
            runs = self._codes(Q_NEAR, 1) + self._codes(Q_QUIET, 1) + self._codes(Q_BAD, 1)
            defend, good, bad = self._captures()
            escapes = self._escapes
            stay: list[int] = []
            for code in bad:
                (runs if (escapes >> (code >> 8)) & 1 else stay).append(code)
            bad[:] = stay
            return runs, False
        if stage == Q_DEFEND:
            return self._captures()[0], True
        if stage == Q_GOOD:
            return self._captures()[1], True
        if stage in (Q_NEAR, Q_QUIET):
            self._threat()
            return self._codes(stage, 2 if self._escapes else 0), False
        if stage == Q_BAD:
            return self._captures()[2] + self._codes(Q_BAD, 2 if self._escapes else 0), False
        if stage == Q_LOSING:
            return ([] if self._ringless else self._losing), False
        return [], False

    def _codes(self, group: int, esc: int) -> list[int]:
        """The codes of one group of slides (wins, captures of enemy stones, near, quiet, or
        captures of own stones only) that keep the mover's ring; the others go to the losing
        group.  ``esc``: 0 every move, 1 only
        moves of a ring piece under threat (runs), 2 all but those."""
        win_target = self._win_target
        near = self._near
        escapes = self._escapes
        enemy = self._enemy
        codes: list[int] = []
        app = codes.append
        touching: list[int] = []
        for sh, base, m, blocked, t in self._entries:
            if group == Q_WINS:
                mm = m & win_target
            elif group == Q_DEFEND:  # captures that take enemy stones (and do not win)
                mm = m & blocked & enemy & ~win_target
            elif group == Q_BAD:  # captures of the mover's own stones only
                mm = m & blocked & ~(enemy | win_target)
            elif group == Q_NEAR:
                mm = m & near & ~blocked
            else:
                mm = m & ~(near | blocked | win_target)
            if esc and mm:
                e = escapes << sh if sh > 0 else escapes >> -sh  # the sources, moved
                mm = mm & e if esc == 1 else mm & ~e
            if not mm:
                continue
            tm = mm & t
            if tm:
                mm ^= tm
                while tm:
                    low = tm & -tm
                    touching.append(((low.bit_length() - 1 - sh) << 8) | base)
                    tm ^= low
            while mm:
                low = mm & -mm
                app(((low.bit_length() - 1 - sh) << 8) | base)
                mm ^= low
        if touching:
            keep, lose = safe_codes(self._own, self._opp, touching, self._zones)
            codes += keep
            self._losing += lose
        return codes

    def _threat(self) -> int:
        """The enemy's stones in pieces that could land on every ring of the mover next
        move (0: none, or the mover has no ring); sets the escapes (the mover's rings)."""
        attackers = self._attackers
        if attackers >= 0:
            return attackers
        own, opp = self._own, self._opp
        attackers = threat_attackers(own, opp, self._zones, self._T)
        if attackers:
            self._escapes = ring_mask(own, own | opp)
        self._attackers = attackers
        return attackers

    def _captures(self) -> tuple[list, list, list]:
        """The captures of enemy stones that do not win, split: (defend, good, bad); defend
        and good are sorted by score, best last (a random fraction breaks ties).  (Captures
        of own stones alone are bad, and made only when the bad group is reached.)"""
        caps = self._caps
        if caps is None:
            attackers = self._threat()
            own, opp = self._own, self._opp
            rnd = self._rnd
            defend: list = []
            good: list = []
            bad: list = []
            for code in self._codes(Q_DEFEND, 0):
                src = code >> 8
                fk = FOOT[src + (code & 31) * DELTA[(code >> 5) & 7]]
                score = 2 * (opp & fk).bit_count() - (own & fk & ~FOOT[src]).bit_count()
                if attackers and fk & attackers:
                    defend.append((score + 20 * (fk & attackers).bit_count() + rnd(), code))
                elif score > 0:
                    good.append((score + rnd(), code))
                else:
                    bad.append(code)
            defend.sort()
            good.sort()
            caps = self._caps = ([c for _, c in defend], [c for _, c in good], bad)
        return caps


def rollout_bits(
    b0: int, b1: int, player: int, T: _Tables, ringless: bool, rng, cutoff: int | None
) -> float:
    """A playout from a live position; the value for Black in [-1, 1].

    Each ply: if the mover can break every enemy ring at once (keeping a ring of its
    own), the mover wins; otherwise a random move that keeps the mover's ring (drawn at
    most 24 times, pieces clear of its rings first, before falling back to the full
    list).  After ``cutoff`` plies the position is scored by ``evaluate_bits``.

    (Both options play the same here: a ring-breaking move is never chosen while a safe
    one exists, and with none the mover loses either way.)"""
    own, opp = (b0, b1) if player == 0 else (b1, b0)
    p = player
    rnd = rng.random
    plies = 0
    limit = cutoff if cutoff is not None else 1 << 30
    myrings = ring_mask(own, own | opp)
    rng_mask = T.range
    while True:
        if plies >= limit:
            return evaluate_bits(own, opp, 0, T) if p == 0 else evaluate_bits(opp, own, 1, T)
        zones = _zones(myrings)
        valid = piece_centres(own, opp, rng_mask)
        # a move that breaks every enemy ring (and keeps one of ours) wins: take it
        if winning_code(own, opp, ring_mask(opp, own | opp), zones, T, valid) is not None:
            return 1.0 if p == 0 else -1.0
        code = pick_safe(own, opp, valid, myrings, zones, T, rnd)
        if code is None:
            safe = gen_safe_codes(own, opp, T, zones)
            if not safe:
                # every move breaks the mover's last ring: the mover loses
                return -1.0 if p == 0 else 1.0
            code = safe[int(rnd() * len(safe))]
        nown, nopp = apply_code(own, opp, code)
        r = ring_mask(nopp, nown | nopp)
        if not r:
            return 1.0 if p == 0 else -1.0
        own, opp = nopp, nown
        myrings = r
        p = 1 - p
        plies += 1


# --- move features (the learned move priors of ai/policy.py) ---------------------------
# Cheap local facts of a move, for the search's learned priors (``State.move_features``,
# game/rules/core.py), in the mover's terms: where the piece goes (relative to the mover's
# forward side), what it is, what it takes, what it does to the rings, and where it lands.
# Each move gets one name of each group (one-hot buckets); the model is a weight per name,
# fitted by ``python -m ai.train gess``.  Renaming or reordering them makes the shipped
# weights (ai/policies/gess.json) stale (the search then ignores them): add new ones at
# the end.
REL_DIRS = ("forward", "fwd-diag", "side", "back-diag", "back")
DIST_BUCKETS = ("1", "2", "3", "4-6", "7+")


def _feature_names() -> tuple[str, ...]:
    names = [f"{r} {k}" for r in REL_DIRS for k in DIST_BUCKETS]  # direction x distance
    # the piece: stones around its centre (1..8) and whether the centre holds one
    names += [f"piece {n} {c}" for c in ("open", "centre") for n in range(1, 9)]
    names += [f"takes enemy {k}" for k in ("0", "1", "2", "3", "4", "5+")]
    names += [f"takes own {k}" for k in ("0", "1", "2", "3+")]
    names += [f"off board {k}" for k in ("0", "1", "2", "3+")]  # piece stones carried off
    names += [f"net {k}" for k in ("-3", "-2", "-1", "0", "+1", "+2", "+3", "+4")]
    # the enemy's rings after it: none broken, one broken (not the last), all (a win)
    names += ["enemy ring kept", "enemy ring broken", "wins"]
    # the mover's rings after it
    names += ["own rings kept", "loses last ring", "own ring broken", "ring moved", "new ring"]
    # Chebyshev distance from the landing centre to the nearest enemy ring's centre
    names += [f"to enemy ring {k}" for k in ("0-2", "3", "4", "5", "6-7", "8+")]
    # the landing piece in line with an enemy ring's 5x5 (blockers ignored): within 3
    # steps, or only further (a piece with a centre stone)
    names += ["aims at ring 3", "aims at ring far"]
    names += [f"from own ring {k}" for k in ("0", "1-2", "3-4", "5+")]  # the source's
    names += [f"to own ring {k}" for k in ("0-2", "3-4", "5+")]  # the landing centre's
    # the landing centre's distance to the playing area's edge: "off" (on the outer
    # ring), 0 (the footprint hangs over the edge), 1 (it touches the edge line) ...
    names += [f"edge {k}" for k in ("off", "0", "1", "2", "3+")]
    # enemy stones within the 5x5 around the source (the piece is in touch: it may be
    # attacked) and around the landing centre after the capture (it may be taken back)
    names += [f"src enemies {k}" for k in ("0", "1-2", "3-5", "6+")]
    names += [f"dst enemies {k}" for k in ("0", "1-2", "3-5", "6+")]
    # when the enemy threatens to break the mover's last ring(s) next move
    names += ["threat: ring moves", "threat: takes attacker", "threat: other"]
    return tuple(names)


FEATURE_NAMES = _feature_names()
_FI = {name: i for i, name in enumerate(FEATURE_NAMES)}


def _bucket(n: int, edges: tuple[int, ...]) -> int:
    """The bucket of n: the index of the last of ``edges`` (the buckets' first values,
    ascending) at or below n (0 below the first)."""
    b = 0
    for i, e in enumerate(edges):
        if n >= e:
            b = i
    return b


# per seat, direction and distance: the index of "<relative direction> <distance bucket>"
_F_DIRDIST = tuple(
    tuple(
        tuple(
            _FI[
                f"{REL_DIRS[min((d - fwd) % 8, 8 - (d - fwd) % 8)]} "
                f"{DIST_BUCKETS[_bucket(k, (1, 2, 3, 4, 7))]}"
            ]
            for k in range(UNLIMITED + 1)
        )
        for d in range(8)
    )
    for fwd in (0, 4)  # Black moves up the board (north), White down (south)
)
_F_PIECE = tuple(  # by stones in the footprint and the centre bit
    tuple(_FI[f"piece {max(1, min(n - c, 8))} {('open', 'centre')[c]}"] for c in (0, 1))
    for n in range(10)
)
_F_TAKE_E = tuple(_FI[f"takes enemy {k}"] for k in ("0", "1", "2", "3", "4", "5+"))
_F_TAKE_O = tuple(_FI[f"takes own {k}"] for k in ("0", "1", "2", "3+"))
_F_OFF = tuple(_FI[f"off board {k}"] for k in ("0", "1", "2", "3+"))
_F_NET = tuple(_FI[f"net {k}"] for k in ("-3", "-2", "-1", "0", "+1", "+2", "+3", "+4"))
_F_ERING = (_FI["enemy ring kept"], _FI["enemy ring broken"], _FI["wins"])
_F_KEPT, _F_LOSES, _F_BROKEN, _F_MOVED, _F_NEW = (
    _FI[n]
    for n in ("own rings kept", "loses last ring", "own ring broken", "ring moved", "new ring")
)
_F_EDIST = tuple(
    _FI[f"to enemy ring {('0-2', '3', '4', '5', '6-7', '8+')[_bucket(k, (0, 3, 4, 5, 6, 8))]}"]
    for k in range(20)
)
_F_AIM3, _F_AIMFAR = _FI["aims at ring 3"], _FI["aims at ring far"]
_F_OSRC = tuple(
    _FI[f"from own ring {('0', '1-2', '3-4', '5+')[_bucket(k, (0, 1, 3, 5))]}"] for k in range(20)
)
_F_ODST = tuple(
    _FI[f"to own ring {('0-2', '3-4', '5+')[_bucket(k, (0, 3, 5))]}"] for k in range(20)
)
_F_SRC_NEAR = tuple(
    _FI[f"src enemies {('0', '1-2', '3-5', '6+')[_bucket(k, (0, 1, 3, 6))]}"] for k in range(26)
)
_F_DST_NEAR = tuple(
    _FI[f"dst enemies {('0', '1-2', '3-5', '6+')[_bucket(k, (0, 1, 3, 6))]}"] for k in range(26)
)
_F_T_RUN, _F_T_TAKE, _F_T_OTHER = (
    _FI[n] for n in ("threat: ring moves", "threat: takes attacker", "threat: other")
)
_XS = tuple(xy(_i)[0] for _i in range(NBITS))
_YS = tuple(xy(_i)[1] for _i in range(NBITS))


def _edge_feature(i: int) -> int:
    x, y = xy(i)
    e = min(x - 1, 18 - x, y - 1, 18 - y)
    return _FI[f"edge {'off' if e < 0 else ('0', '1', '2', '3+')[min(e, 3)]}"]


_F_EDGE = tuple(_edge_feature(_i) for _i in range(NBITS))


_CHEB: dict[int, bytes] = {}


def _cheb(centres: list[int]) -> bytes:
    """Per square, the Chebyshev distance to the nearest of the squares ``centres`` (at
    most 19; 19 for none).  One table a square is cached."""
    tables = []
    for c in centres:
        t = _CHEB.get(c)
        if t is None:
            cx, cy = xy(c)
            t = _CHEB[c] = bytes(
                min(19, max(abs(_XS[i] - cx), abs(_YS[i] - cy))) for i in range(NBITS)
            )
        tables.append(t)
    if not tables:
        return bytes([19]) * NBITS
    if len(tables) == 1:
        return tables[0]
    return bytes(map(min, *tables))


def _centres(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def move_features_bits(own: int, opp: int, player: int, codes, T: _Tables) -> list[tuple[int, ...]]:
    """The feature indices (``FEATURE_NAMES``) of each of the move ``codes`` of ``own``
    (player ``player``, to move; live position).  A few bit operations a move."""
    occ = own | opp
    myrings = ring_mask(own, occ)
    orings = ring_mask(opp, occ)
    zones = _zones(myrings)
    ocentres = _centres(orings)
    n_orings = len(ocentres)
    ozones = [_zone_bytes(ZONE5[c]) for c in ocentres]
    oz0 = ozones[0] if n_orings == 1 else None
    edist = _cheb(ocentres)
    mdist = _cheb(_centres(myrings))
    # squares whose 5x5 meets one of the mover's rings' 3x3: a move whose footprint does
    # not, before and after, keeps them all
    touch = bytearray(NBITS)
    for z in zones:
        zb = _zone_bytes(z)
        touch = bytearray(map(max, touch, zb)) if touch.count(1) else bytearray(zb)
    # per enemy ring, the centres in line with its 5x5 within 3 steps / any distance
    aim3 = [0] * 8
    aimu = [0] * 8
    for c in ocentres:
        l3, lu = lanes(c, 3), lanes(c)
        for d in range(8):
            aim3[d] |= l3[d]
            aimu[d] |= lu[d]
    attackers = threat_attackers(own, opp, zones, T)
    dirdist = _F_DIRDIST[player]
    foot, zone5, zone7, delta = FOOT, ZONE5, ZONE7, DELTA
    board = BOARD
    f_piece, f_te, f_to, f_off, f_net = _F_PIECE, _F_TAKE_E, _F_TAKE_O, _F_OFF, _F_NET
    f_edge, f_sn, f_dn = _F_EDGE, _F_SRC_NEAR, _F_DST_NEAR
    f_ed, f_os, f_od = _F_EDIST, _F_OSRC, _F_ODST
    f_kept = _F_KEPT
    pat_dirs = PAT_DIRS
    out: list[tuple[int, ...]] = []
    app = out.append
    for code in codes:
        src = code >> 8
        d = (code >> 5) & 7
        k = code & 31
        s = k * delta[d]
        dst = src + s
        f0 = foot[src]
        fk = foot[dst]
        piece = own & f0
        n = piece.bit_count()
        cen = (own >> src) & 1
        te = (opp & fk).bit_count()
        to = (own & fk & ~f0).bit_count()
        moved = (piece << s if s > 0 else piece >> -s) & board
        fallen = n - moved.bit_count()
        net = te - to - fallen
        ed = edist[dst]
        # the mover's rings after the move: only a move that touches one of them (its
        # footprint before or after) or lands with 8 own stones near may change them
        x = (own & ~(f0 | fk)) | moved
        own_f = f_kept
        if touch[src] or touch[dst] or (x & zone7[dst]).bit_count() >= 8:
            after = ring_mask(x, x | (opp & ~fk))
            if not after:
                own_f = _F_LOSES
            elif after != myrings:
                if after & ~myrings:
                    own_f = _F_MOVED if myrings & ~after else _F_NEW
                else:
                    own_f = _F_BROKEN
        if ed <= 2:  # the landing footprint overlaps an enemy ring's 3x3: it breaks it
            broken = 1 if oz0 is not None else sum(z[dst] for z in ozones)
            if broken == n_orings and own_f != _F_LOSES:
                ring_f = _F_ERING[2]
            else:
                ring_f = _F_ERING[1]
        else:
            ring_f = _F_ERING[0]
        feats: tuple[int, ...] = (
            dirdist[d][k],
            f_piece[n][cen],
            f_te[te if te < 5 else 5],
            f_to[to if to < 3 else 3],
            f_off[fallen if fallen < 3 else 3],
            f_net[3 + (net if -3 <= net <= 4 else (-3 if net < 0 else 4))],
            f_edge[dst],
            f_sn[(opp & zone5[src]).bit_count()],
            f_dn[(opp & zone5[dst] & ~fk).bit_count()],
            f_ed[ed],
            f_os[mdist[src]],
            f_od[mdist[dst]],
            own_f,
            ring_f,
        )
        if ed > 2 and (ed <= 5 or cen):
            aims = 0
            for e in pat_dirs[pattern(moved, dst)]:
                if (aim3[e] >> dst) & 1:
                    aims = _F_AIM3
                    break
                if cen and (aimu[e] >> dst) & 1:
                    aims = _F_AIMFAR
            if aims:
                feats += (aims,)
        if attackers:
            if (myrings >> src) & 1:
                feats += (_F_T_RUN,)
            elif fk & attackers:
                feats += (_F_T_TAKE,)
            else:
                feats += (_F_T_OTHER,)
        app(feats)
    return out


# --- the game -------------------------------------------------------------------------
def _start_bits() -> tuple[int, int]:
    black_rows = {
        2: "c e g h i j k l m n p r",
        3: "b c d f h i j k m o q r s",
        4: "c e g h i j k l m n p r",
        7: "c f i l o r",
    }
    b0 = b1 = 0
    for row, files in black_rows.items():
        for f in files.split():
            x = FILES.index(f)
            b0 |= 1 << idx(x, row - 1)
            b1 |= 1 << idx(x, 20 - row)  # mirror: row r -> row 21 - r
    return b0, b1


START_BITS = _start_bits()


class Gess(Game):
    id = "gess"
    name = "Gess"
    designer = "Archimedeans (Cambridge University)"
    year = 1994
    summary = "Chess meets Go: shape 3x3 pieces of stones and slide them to break the enemy ring."
    rules_text = (
        "The board is drawn 20x20: the playing area is its 18x18 middle (files b to s, rows "
        "2 to 19), and the outer ring never holds a stone. Black moves first; each side "
        "starts with 43 stones.\n"
        "A piece is any 3x3 block with none of the enemy's stones and one of yours around "
        "its centre.\n"
        "The stones around the centre give the directions the piece may slide; a stone in "
        "the centre lets it go any distance, else 1 to 3 squares.\n"
        "It slides as one block, as far as you like within range, but no further than the "
        "first place where it overlaps stones.\n"
        "Every stone under its landing block is removed, your own included.\n"
        "A piece that slides further off the edge stops; stones that leave the board are "
        "lost.\n"
        "A ring is 8 of your stones around an empty square.\n"
        "After a move, a player without a ring loses (the mover first): break the enemy's "
        "last ring and keep one of yours."
    )
    colours = ("black", "white")
    options = (
        Option(
            "offboard_centres",
            True,
            "Offboard centres",
            help="a piece's centre may stand on the outer ring (files a and t, rows 1 and 20)",
        ),
        Option(
            "ringless_move_illegal",
            False,
            "Ringless move illegal",
            help="a move that leaves the mover without a ring is refused, instead of "
            "losing at once",
        ),
    )
    edit_end_help = "Game over: take away a side's last ring; the rules then name the winner."
    notation_help = (
        "a move is the piece's centre, a dash and where the centre ends: "
        "k3-k7 slides the 3x3 piece centred on k3 four squares up"
    )
    # no random plies: the search scores a new leaf with the evaluation at once.  Random
    # Gess slides mostly smash stones at random, so a playout scored 12 plies on was a
    # noisier reading of the same evaluation, at five times the cost (docs/ai.md)
    playout_cutoff = 0
    # puzzle themes (``State.puzzle_theme``): a ring broken, stones carried off the edge
    puzzle_themes = (("ring capture", ("ring",)), ("edge", ("off the board",)))
    puzzle_theme_default = "ring capture"
    wide = True
    # the evaluation's values crowd near 0 (a few stones either way), so with the usual
    # UCT constant of 1 the search spread its visits almost evenly over the root's moves
    # and more time bought breadth, not depth; 0.15 lets it follow the best line
    exploration = 0.15
    # the names of ``GessState.move_features``' indices (the learned priors, ai/policy.py)
    move_feature_names = FEATURE_NAMES
    # the names of ``GessState.value_features``' entries (the learned leaf value, ai/value.py)
    value_feature_names = VALUE_FEATURE_NAMES
    # the levels score each new leaf by the learned leaf value (ai/value.py,
    # ai/values/gess.json) instead of ``evaluate``: against the plain search at equal CPU time
    # it won 14 of 20 games at 0.3 s, 9 of 12 at 1 s and 8 of 10 at Hard's 3 s
    # (docs/games/gess.md, "A learned leaf value").  The review searches the same way
    # (game/session/review.py, SEARCH); the win-chance table reads its searches as it reads
    # the plain ones (measured there)
    playout = "value"

    def start(self, **options) -> GessState:
        opts = self.validate(options)
        return GessState(START_BITS[0], START_BITS[1], 0, opts)

    # --- the editor (game/rules/core.py) -------------------------------------------------
    def edit_palette(self, text: str) -> list[EditPiece]:
        return [EditPiece("x", "Black stone", "black"), EditPiece("o", "White stone", "white")]

    def edit_fields(self, text: str):
        (field,) = super().edit_fields(text)
        return [type(field)(field.key, field.label, ("Black", "White"))]

    def edit_cell(self, text: str, cell: str, token: str | None) -> str:
        if token is None:
            c, r = cell_at(cell)
            token = "." if _on_board(c - 1, r - 1) else "-"
        return super().edit_cell(text, cell, token)

    def sketch(self, text: str) -> GessState:
        """The text drawn without the stones on the edge rows and files (no board holds
        them)."""
        for r in (1, 20):
            for x in range(20):
                text = _blank(text, r, x)
        for r in range(2, 20):
            for x in (0, 19):
                text = _blank(text, r, x)
        return self.parse(text)

    def parse(self, text: str) -> GessState:
        if not isinstance(text, str):
            raise ValueError("a Gess position must be text")
        raw: dict[str, str] = {}
        rows: dict[int, list[str]] = {}
        for n, line in enumerate(text.splitlines(), 1):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if ":" in s:
                key, _, value = s.partition(":")
                key = key.strip().lower()
                if key in raw:
                    raise ValueError(f"line {n}: {key!r} is given twice")
                raw[key] = value.strip()
                continue
            parts = s.split()
            if parts[0].isdigit():
                r = int(parts[0])
                if not 1 <= r <= 20:
                    raise ValueError(f"line {n}: row {r} is not on the grid (rows 1..20)")
                if r in rows:
                    raise ValueError(f"line {n}: row {r} is given twice")
                cells = parts[1:]
                if cells and cells[-1].isdigit():  # the row number again
                    if int(cells[-1]) != r:
                        raise ValueError(f"line {n}: row {r} ends with the number {cells[-1]}")
                    cells = cells[:-1]
                if len(cells) != 20:
                    raise ValueError(
                        f"line {n}: row {r} needs 20 squares (files a..t), found {len(cells)}"
                    )
                rows[r] = cells
                continue
            if all(len(t) == 1 and t.isalpha() for t in parts):
                if "".join(parts).lower() != FILES:
                    raise ValueError(f"line {n}: the file letters must be a..t")
                continue
            raise ValueError(f"line {n}: cannot read {s!r}")
        game_id = raw.pop("game", None)
        if game_id is None:
            raise ValueError("not a Gess position: the header needs 'game: gess'")
        if game_id.lower() != "gess":
            raise ValueError(f"not a Gess position: 'game: {game_id}'")
        who = raw.pop("to move", None)
        if who is None:
            raise ValueError("the position does not say who is to move ('to move: Black')")
        names = [n.lower() for n in PLAYER_NAMES]
        if who.lower() not in names:
            raise ValueError(f"'to move' must be Black or White, not {who!r}")
        player = names.index(who.lower())
        opts = self.validate(raw)
        missing = [r for r in range(1, 21) if r not in rows]
        if missing:
            raise ValueError(
                f"rows missing from the position: {', '.join(str(r) for r in missing)}"
            )
        b0 = b1 = 0
        for r, cells in rows.items():
            y = r - 1
            for x, tok in enumerate(cells):
                t = tok.lower()
                if t in (".", "-"):
                    continue
                if t in ("x", "b"):
                    owner = 0
                elif t in ("o", "w"):
                    owner = 1
                else:
                    raise ValueError(
                        f"{square_name(x, y)}: cannot read {tok!r} "
                        f"(use . for empty, x for Black, o for White)"
                    )
                if not _on_board(x, y):
                    raise ValueError(
                        f"{square_name(x, y)} is off the board (files a and t, "
                        f"rows 1 and 20 never hold a stone)"
                    )
                if owner == 0:
                    b0 |= 1 << idx(x, y)
                else:
                    b1 |= 1 << idx(x, y)
        return GessState(b0, b1, player, opts)


def _blank(text: str, row: int, k: int) -> str:
    from .core import grid_get, grid_set

    tok = grid_get(text, row, k)
    return text if tok in (None, "-") else grid_set(text, row, k, "-")
