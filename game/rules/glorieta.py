"""Glorieta (Nick Bentley, 2011): the spec is ../shared/rules/glorieta.md.

Drop stones on a hexhex board to close a loop; neutral stones count for both
colours.  Two variants: Landscape (random neutral stones, a pie rule, then
single drops) and Chicken (each turn a stone of your colour and a neutral
stone that must not join it, until someone declines).  The notation, the
position text and every point settled here are in ``docs/games/glorieta.md``.

Representation
--------------
``cells`` is a bytearray of N + 1 codes: 0 empty, 1 black, 2 orange, 3 neutral
(so ``cells[i] & bit`` says whether cell i is in the set S of colour
bit 1 = black or bit 2 = orange, neutral stones in both).  The extra last cell
is a sentinel that stands for "off the board": always 0.

Per colour the state keeps a union-find forest over S (``par``) and, for every
cell, a 6-bit mask of which of its ring neighbours are in S (``msk``; bit j for
direction ``RING_DIRS[j]``, never set for an off-board neighbour).  A stone added
to S closes a loop (rule 3) exactly when

* two separate arcs of its neighbour ring (maximal runs of S cells, going round
  the six neighbours in order; off-board neighbours are never in S) already
  belong to one group: the new cycle encloses the non-S cells between the arcs
  on one side, and since the board is convex that side holds no off-board cell;
* or some cell's mask becomes full (all six neighbours on the board and in S):
  the solid flower, or a cell surrounded on all six sides whatever it holds.

The arc starts of every mask are a precomputed table (``ARCS``), so the test
reads one mask, finds the roots of at most three arcs and sets six bits.

A flood fill from the new stone's gaps to the edge (``_add_flood``) is kept for
the loop benchmark (``python -m game.rules.glorieta``) and the differential
tests; the union-find test was faster (figures in the docs).
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache
from typing import Any

from .core import (
    BadNotation,
    EditField,
    EditPiece,
    Game,
    Move,
    Option,
    RuleViolation,
    State,
    cell_at,
    header_drop,
    header_get,
    header_set,
)
from .hexhex import board, cell_name, parse_cell

EMPTY, BLACK, ORANGE, NEUTRAL = 0, 1, 2, 3
STONE_WORDS = ("empty", "black", "orange", "neutral")
COLOURS = ("black", "orange")  # colour index k: stones with bit k + 1
TOKENS = ".bon"  # the position text's cell tokens
LANDSCAPE, CHICKEN = "landscape", "chicken"
OPENING, CHOOSE, STONE, SECOND, OVER = range(5)
PHASES = ("opening", "choose colour", "stone", "neutral or decline", "over")
SEED_LIMIT = 1_000_000  # seeds are 0..999999
PLACEMENT_ATTEMPTS = 100  # restarts of the neutral sampling before giving up
MAX_NEUTRALS = 25  # the option's range (the size-7 limit, 127 // 5)
# the six directions in ring order: consecutive entries are neighbours of each other
RING_DIRS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))

_STONE, _NEUTRAL, _DECLINE, _TAKE = range(4)


# ----------------------------------------------------------------------------------------
# moves
# ----------------------------------------------------------------------------------------
class GlorietaMove(Move):
    """A stone of the mover's colour (``g7``), a neutral stone (``n:g7``), ``decline``,
    or the Landscape colour choice (``take:black``, ``take:orange``).

    ``kind`` is one of "stone", "neutral", "decline", "take"; ``cell`` is the cell
    index for a stone or a neutral stone, the colour index (0 black, 1 orange) for a
    take, and -1 for decline."""

    __slots__ = ("k", "cell", "_text")
    KINDS = ("stone", "neutral", "decline", "take")

    def __init__(self, k: int, cell: int, text: str):
        self.k = k
        self.cell = cell
        self._text = text

    @property
    def kind(self) -> str:
        return self.KINDS[self.k]

    def notation(self) -> str:
        return self._text

    def __eq__(self, other):
        return (
            isinstance(other, GlorietaMove)
            and other.k == self.k
            and other.cell == self.cell
            and other._text == self._text
        )

    def __hash__(self):
        return hash(self._text)

    def __reduce__(self):
        return (GlorietaMove, (self.k, self.cell, self._text))


def _words(m: GlorietaMove) -> str:
    """A move as a player would say it: "g7", "a neutral stone on g7", "decline",
    "take Black" (the notation ``n:g7`` and ``take:black`` is for the move list)."""
    if m.k == _NEUTRAL:
        return f"a neutral stone on {m._text[2:]}"
    if m.k == _TAKE:
        return f"take {COLOURS[m.cell].capitalize()}"
    return m._text


DECLINE = GlorietaMove(_DECLINE, -1, "decline")
TAKES = (GlorietaMove(_TAKE, 0, "take:black"), GlorietaMove(_TAKE, 1, "take:orange"))


# ----------------------------------------------------------------------------------------
# geometry
# ----------------------------------------------------------------------------------------
class Geo:
    """The tables of one board side: names, neighbours, rings, border, moves."""

    def __init__(self, side: int):
        hh = board(side)
        self.hexhex = hh
        self.side = side
        self.span = hh.span
        self.n = n = hh.size
        self.names = hh.names
        self.by_name = hh.by_name
        self.coords = hh.coords
        self.index = hh.index
        self.nb = hh.neighbours
        self.nbset = tuple(frozenset(x) for x in hh.neighbours)
        self.ring = tuple(
            tuple(hh.index.get((c + dc, r + dr), n) for dc, dr in RING_DIRS) for c, r in hh.coords
        )
        self.nbd = tuple(
            tuple((ring[j], 1 << ((j + 3) % 6)) for j in range(6) if ring[j] != n)
            for ring in self.ring
        )
        self.border = bytes(hh.border)
        self.interior = tuple(hh.interior)
        self.border_cells = tuple(i for i in range(n) if hh.border[i])
        self.limit = n // 5  # the most neutral stones scattered: their sampling never jams
        # the most stones that fit with no two touching: the largest class of the board's
        # three-colouring ((column + row) mod 3 differs between neighbours); checked
        # against an exact count for every size in the tests
        self.fit = max(sum(1 for c, r in hh.coords if (c + r) % 3 == k) for k in range(3))
        self.stones = tuple(GlorietaMove(_STONE, i, hh.names[i]) for i in range(n))
        self.neutrals = tuple(GlorietaMove(_NEUTRAL, i, "n:" + hh.names[i]) for i in range(n))


@lru_cache(maxsize=None)
def geo(side: int) -> Geo:
    return Geo(side)


# ----------------------------------------------------------------------------------------
# loops
# ----------------------------------------------------------------------------------------
def _find(par, x):
    while True:
        p = par[x]
        if p == x:
            return x
        g = par[p]
        if g == p:
            return p
        par[x] = g
        x = g


def _arc_starts(mask: int) -> tuple[int, ...]:
    """Ring positions where a run of S neighbours starts, for a 6-bit membership mask."""
    return tuple(j for j in range(6) if mask >> j & 1 and not mask >> ((j - 1) % 6) & 1)


ARCS = tuple(_arc_starts(m) for m in range(64))
POP = bytes(bin(m).count("1") for m in range(64))
FULL = 63
# the ring position of the one neighbour missing from a mask of five
GAP = bytes(next((j for j in range(6) if not m >> j & 1), 0) for m in range(64))
FIVE = bytes(POP[m] == 5 for m in range(64)) + bytes(192)  # for bytes.translate
# masks whose ring has two arcs or more: a stone there may join one group to itself
MULTI = bytes(len(ARCS[m]) >= 2 for m in range(64)) + bytes(192)


def _add(par, msk, ring, nbd, x):
    """Stone x has just joined S of one colour: update that colour's union-find ``par`` and
    ring masks ``msk`` (bit j of ``msk[y]``: y's ring neighbour j is in S); True when S
    now holds a loop."""
    loop = False
    m = msk[x]
    st = ARCS[m]
    r = ring[x]
    if st:
        roots = None
        r0 = -1
        for j in st:
            ry = r[j]
            while True:  # _find, inlined
                p = par[ry]
                if p == ry:
                    break
                g = par[p]
                if g == p:
                    ry = p
                    break
                par[ry] = g
                ry = g
            if r0 < 0:
                r0 = ry
            elif roots is None:
                if ry == r0:
                    loop = True
                roots = [ry]
            else:
                if ry == r0 or ry in roots:
                    loop = True
                roots.append(ry)
        par[x] = r0
        if roots is not None:
            for ry in roots:
                par[ry] = r0
    elif m:  # all six in S: x was enclosed
        loop = True
        par[x] = _find(par, r[0])
    for y, b in nbd[x]:
        v = msk[y] | b
        msk[y] = v
        if v == FULL:
            loop = True
    return loop


def _add_flood(cells, msk, ring, nbd, nb, border, x, bit):
    """The same answer as ``_add`` without a union-find: when the new stone's ring has
    two arcs or more, flood from each gap of non-S cells towards the board's edge."""
    loop = False
    for y, b in nbd[x]:
        v = msk[y] | b
        msk[y] = v
        if v == FULL:
            loop = True
    m = msk[x]
    if loop or m == FULL:
        return True
    if len(ARCS[m]) < 2:
        return False
    r = ring[x]
    # gaps: maximal runs of non-S ring cells; one holding the sentinel is outside
    k0 = ARCS[m][0]
    gaps = []
    cur_gap = None
    for j in range(1, 7):
        y = r[(k0 + j) % 6]
        if m >> ((k0 + j) % 6) & 1:
            cur_gap = None
        else:
            if cur_gap is None:
                cur_gap = []
                gaps.append(cur_gap)
            cur_gap.append(y)
    sentinel = len(cells) - 1
    for gap in gaps:
        if sentinel in gap:
            continue
        start = gap[0]
        seen = {start}
        stack = [start]
        escaped = False
        while stack:
            y = stack.pop()
            if border[y]:
                escaped = True
                break
            for z in nb[y]:
                if not cells[z] & bit and z not in seen:
                    seen.add(z)
                    stack.append(z)
        if not escaped:
            return True
    return False


def _outside(g: Geo, cells, bit) -> bytearray:
    """The non-S cells that reach the outside of the board through non-S cells."""
    out = bytearray(g.n)
    stack = [i for i in g.border_cells if not cells[i] & bit]
    for i in stack:
        out[i] = 1
    nb = g.nb
    while stack:
        y = stack.pop()
        for z in nb[y]:
            if not out[z] and not cells[z] & bit:
                out[z] = 1
                stack.append(z)
    return out


def _pockets(g: Geo, cells, bit) -> list[list[int]]:
    """The enclosed pockets of colour ``bit`` (rule 3a), each a connected list of cells."""
    out = _outside(g, cells, bit)
    seen = bytearray(g.n)
    pockets = []
    for i in range(g.n):
        if cells[i] & bit or out[i] or seen[i]:
            continue
        comp = [i]
        seen[i] = 1
        k = 0
        while k < len(comp):
            for z in g.nb[comp[k]]:
                if not seen[z] and not cells[z] & bit:
                    seen[z] = 1
                    comp.append(z)
            k += 1
        pockets.append(sorted(comp))
    return pockets


def _flowers(g: Geo, cells, bit) -> list[int]:
    """Cells whose six neighbours are all in S (rule 3b)."""
    return [d for d in g.interior if all(cells[y] & bit for y in g.nb[d])]


def _closing_cells(par, msk, ring, cells) -> list[int]:
    """The empty cells where a stone of one colour (its union-find ``par`` and ring masks
    ``msk``) would close a loop, in board order: the answer of ``_add`` on a copy for every
    empty cell, without the copies.  A stone closes a pocket when two arcs of its ring
    belong to one group, and a flower when it fills the one gap of a ring of five."""
    out = set(_flower_gaps(msk, ring, cells))
    multi = msk.translate(MULTI)
    y = multi.find(1)
    while y >= 0:
        if not cells[y] and y not in out:
            r = ring[y]
            roots = []
            for j in ARCS[msk[y]]:
                x = r[j]
                p = par[x]
                while p != x:  # (the root, read only)
                    x = p
                    p = par[x]
                if x in roots:
                    out.add(y)
                    break
                roots.append(x)
        y = multi.find(1, y + 1)
    return sorted(out)


def has_loop(g: Geo, cells, bit) -> bool:
    """Rule 3 read directly (used by parse; the tests have their own literal reading)."""
    return bool(_flowers(g, cells, bit)) or bool(_pockets(g, cells, bit))


def _build(g: Geo, cells):
    """Union-find forests and neighbour counts of both colours, from scratch."""
    n = g.n
    pars, msks = [], []
    for bit in (1, 2):
        par = list(range(n + 1))
        msk = bytearray(n + 1)
        for x in range(n):
            if not cells[x] & bit:
                continue
            for y, b in g.nbd[x]:
                msk[y] |= b
                if y < x and cells[y] & bit:
                    a, b = _find(par, x), _find(par, y)
                    if a != b:
                        par[a] = b
        pars.append(par)
        msks.append(msk)
    return pars, msks


def _pair_exists(cells, par, msk, nb, nbset, empties, bit) -> bool:
    """Chicken: is there a stone-and-neutral pair for colour ``bit`` whose neutral does not
    join the stone's group?  Two empty cells a, b qualify iff they are not neighbours and
    no group of S touches both."""
    ne = len(empties)
    if ne < 2:
        return False
    if ne > 7:
        for a in empties:
            if not msk[a]:  # a touches no group; some empty cell is not next to it
                return True
    groups = [{_find(par, m) for m in nb[a] if cells[m] & bit} for a in empties]
    for i in range(ne):
        na = nbset[empties[i]]
        ga = groups[i]
        for j in range(i + 1, ne):
            if empties[j] not in na and ga.isdisjoint(groups[j]):
                return True
    return False


def _joins(cells, par, nb, y, root, bit) -> int:
    """The neighbour of y through which a neutral on y joins the group ``root``, or -1."""
    for m in nb[y]:
        if cells[m] & bit and _find(par, m) == root:
            return m
    return -1


# ----------------------------------------------------------------------------------------
# the Landscape neutral stones
# ----------------------------------------------------------------------------------------
def place_neutrals(g: Geo, count: int, seed: int) -> list[int]:
    """``count`` cells, no two adjacent, drawn with ``random.Random(seed)``: cells are
    drawn uniformly from the whole board and a draw that is occupied or next to a
    neutral stone is rejected; if no cell is left free the sampling restarts (at most
    PLACEMENT_ATTEMPTS times, then ValueError).  Sorted cell indices."""
    if count > g.limit:
        raise ValueError(
            f"option 'neutrals': at most {g.limit} neutral stones on a size-{g.side} board, "
            f"not {count}: up to {g.fit} would fit apart, but the cap (a fifth of its {g.n} "
            f"cells) keeps their random placement quick and sure"
        )
    rng = random.Random(seed)
    n = g.n
    for _ in range(PLACEMENT_ATTEMPTS):
        blocked = bytearray(n)
        free = n
        placed: list[int] = []
        while len(placed) < count and free:
            x = rng.randrange(n)
            if blocked[x]:
                continue
            placed.append(x)
            blocked[x] = 1
            free -= 1
            for y in g.nb[x]:
                if not blocked[y]:
                    blocked[y] = 1
                    free -= 1
        if len(placed) == count:
            return sorted(placed)
    raise ValueError(
        f"option 'neutrals': {count} neutral stones could not be placed "
        f"apart with seed {seed} in {PLACEMENT_ATTEMPTS} tries"
    )  # pragma: no cover


# ----------------------------------------------------------------------------------------
# the state
# ----------------------------------------------------------------------------------------
class GlorietaState(State):
    """An immutable Glorieta position.  Seats are 0 and 1 (``player``); colours are
    "black" and "orange" (``seat_colour``)."""

    __slots__ = (
        "geo",
        "options",
        "ch",
        "cells",
        "player",
        "ph",
        "black",
        "dec",
        "nplay",
        "pend",
        "par",
        "msk",
        "empties",
        "loops",
        "_moves",
        "_pair",
        "_closers",
    )

    options: dict

    def __init__(
        self,
        g: Geo,
        options: dict,
        cells: bytearray,
        player: int,
        ph: int,
        black: int,
        dec: int = -1,
        nplay: bool = True,
        pend: int = -1,
        loops: int = 0,
        par=None,
        msk=None,
        empties: int | None = None,
    ):
        self.geo = g
        self.options = options
        self.ch = options["variant"] == CHICKEN
        self.cells = cells
        self.player = player
        self.ph = ph
        self.black = black
        self.dec = dec
        self.nplay = nplay
        self.pend = pend
        self.loops = loops
        if par is None:
            par, msk = _build(g, cells)
        self.par = par
        self.msk = msk
        self.empties = empties if empties is not None else cells.count(0) - 1
        self._moves: list[GlorietaMove] | None = None
        self._pair: bool | None = None
        self._closers: tuple[list[int], list[int]] | None = None

    def __getstate__(self):
        return (
            self.options,
            bytes(self.cells),
            self.player,
            self.ph,
            self.black,
            self.dec,
            self.nplay,
            self.pend,
            self.loops,
        )

    def __setstate__(self, data):
        options, cells, player, ph, black, dec, nplay, pend, loops = data
        self.__init__(
            geo(options["size"]),
            options,
            bytearray(cells),
            player,
            ph,
            black,
            dec,
            nplay,
            pend,
            loops,
        )

    @property
    def game(self):
        from . import GAMES, get

        return get("glorieta") if "glorieta" in GAMES else _default_game()

    def _copy(self) -> "GlorietaState":
        s = GlorietaState.__new__(GlorietaState)
        s.geo = self.geo
        s.options = self.options
        s.ch = self.ch
        s.cells = bytearray(self.cells)
        s.player = self.player
        s.ph = self.ph
        s.black = self.black
        s.dec = self.dec
        s.nplay = self.nplay
        s.pend = -1
        s.loops = 0
        s.par = [self.par[0][:], self.par[1][:]]
        s.msk = [bytearray(self.msk[0]), bytearray(self.msk[1])]
        s.empties = self.empties
        s._moves = None
        s._pair = None
        s._closers = None
        return s

    # --- reading the position (for the board view) ---------------------------------------
    @property
    def geometry(self):
        """The ``hexhex.HexHex`` board: names, coords, neighbours, ``center_xy``."""
        return self.geo.hexhex

    @property
    def size(self) -> int:
        return self.geo.side

    @property
    def variant(self) -> str:
        return CHICKEN if self.ch else LANDSCAPE

    def cell_index(self, name: str) -> int:
        """The index of a cell name (``g7``); ValueError if it is not on this board."""
        return self.geo.hexhex.cell(name)

    def cell_name(self, i: int) -> str:
        return self.geo.names[i]

    def _index(self, cell) -> int:
        return cell if isinstance(cell, int) else self.cell_index(cell)

    def stone_at(self, cell) -> str:
        """ "black", "orange", "neutral" or "empty" at a cell (an index or a name)."""
        return STONE_WORDS[self.cells[self._index(cell)]]

    @property
    def phase(self) -> str:
        """ "opening", "choose colour", "stone", "neutral or decline" or "over"."""
        return PHASES[self.ph]

    @property
    def decliner(self) -> int | None:
        """The seat that declined a neutral stone while it had a legal pair, if any."""
        return None if self.dec < 0 else self.dec

    @property
    def neutral_play(self) -> bool:
        """Chicken: whether neutral stones are still played (always False in Landscape)."""
        return self.ch and self.nplay

    @property
    def pending_stone(self) -> int | None:
        """In the "neutral or decline" phase: the cell of the stone just dropped."""
        return None if self.pend < 0 else self.pend

    def seat_colour(self, seat: int) -> str | None:
        if self.black < 0:
            return None
        return "black" if seat == self.black else "orange"

    def mover_colour(self) -> str | None:
        """The colour of the seat to move (None before the Landscape colour choice)."""
        return self.seat_colour(self.player)

    def pair_available(self) -> bool:
        """Chicken, "stone" phase: does a legal stone-and-neutral pair exist for the mover?
        (If not, this turn is a single drop that ends neutral play.)"""
        if not (self.ch and self.nplay and self.ph == STONE):
            return False
        if self._pair is None:
            bit = 1 if self.player == self.black else 2
            cells = self.cells
            empties = [i for i in range(self.geo.n) if not cells[i]]
            self._pair = _pair_exists(
                cells,
                self.par[bit - 1],
                self.msk[bit - 1],
                self.geo.nb,
                self.geo.nbset,
                empties,
                bit,
            )
        return self._pair

    def neutral_forbidden(self) -> list[int]:
        """Empty cells where the neutral stone may not go now (it would join the new
        stone's group); empty outside the "neutral or decline" phase."""
        if self.ph != SECOND:
            return []
        g = self.geo
        bit = 1 if self.player == self.black else 2
        par = self.par[bit - 1]
        root = _find(par, self.pend)
        cells = self.cells
        return [
            y for y in range(g.n) if not cells[y] and _joins(cells, par, g.nb, y, root, bit) >= 0
        ]

    def neutral_allowed(self) -> list[int]:
        """Empty cells where the neutral stone may go now."""
        if self.ph != SECOND:
            return []
        bad = set(self.neutral_forbidden())
        return [y for y in range(self.geo.n) if not self.cells[y] and y not in bad]

    def counts(self) -> dict[str, int]:
        """How many black, orange, neutral stones and empty cells."""
        c = self.cells
        return {w: c.count(i) - (1 if i == 0 else 0) for i, w in enumerate(STONE_WORDS)}

    def winning_colour(self) -> str | None:
        """The colour whose loop ended the game (the winner's), None otherwise."""
        if self.ph != OVER or not self.loops:
            return None
        w = self.winner()
        assert w is not None  # a loop decides the game
        return self.seat_colour(w)

    def loop(self) -> tuple[list[int], list[int]] | None:
        """The winning loop: (its stones, the cells it encloses), cell indices; None if
        the game did not end with a loop.

        The loop reported is the smallest enclosed pocket's: the stones of the winner's
        colour or neutral that border the pocket and touch the outside of it, and every
        cell inside them (the pocket and anything standing in it).  Without a pocket it
        is a solid flower: its six petals, and the centre."""
        colour = self.winning_colour()
        if colour is None:
            return None
        bit = 1 if colour == "black" else 2
        g = self.geo
        cells = self.cells
        pockets = _pockets(g, cells, bit)
        if not pockets:
            d = _flowers(g, cells, bit)[0]
            return sorted(g.nb[d]), [d]
        pocket = min(pockets, key=lambda p: (len(p), p))
        inside = set(pocket)
        boundary = {m for y in pocket for m in g.nb[y] if cells[m] & bit}
        reached = bytearray(g.n)
        stack = [i for i in g.border_cells if i not in inside and i not in boundary]
        for i in stack:
            reached[i] = 1
        while stack:
            y = stack.pop()
            for z in g.nb[y]:
                if not reached[z] and z not in inside and z not in boundary:
                    reached[z] = 1
                    stack.append(z)
        ring = sorted(b for b in boundary if g.border[b] or any(reached[z] for z in g.nb[b]))
        ring_set = set(ring)
        enclosed = [i for i in range(g.n) if not reached[i] and i not in ring_set]
        return ring, enclosed

    def loop_names(self) -> tuple[list[str], list[str]] | None:
        lp = self.loop()
        if lp is None:
            return None
        return [self.geo.names[i] for i in lp[0]], [self.geo.names[i] for i in lp[1]]

    # --- the contract -----------------------------------------------------------------
    def is_over(self) -> bool:
        return self.ph == OVER

    def winner(self) -> int | None:
        if self.ph != OVER:
            return None
        last = 1 - self.player
        if self.loops:
            last_bit = 1 if last == self.black else 2
            return last if self.loops & last_bit else 1 - last
        if self.ch and self.dec >= 0:
            return 1 - self.dec
        return None

    def end_reason(self) -> str:
        if self.ph != OVER:
            return ""
        last = 1 - self.player
        mover = self.seat_name(last)
        w = self.winner()
        if self.loops:
            assert w is not None  # a loop decides the game
            wname = self.seat_name(w)
            lp = self.loop()
            assert lp is not None  # the game ended with a loop
            stones, enclosed = lp
            what = (
                f"a loop of {len(stones)} stones around {len(enclosed)} "
                f"cell{'s' if len(enclosed) != 1 else ''}"
            )
            if self.loops == 3:
                return (
                    f"{mover}'s neutral stone completes a loop for both colours; the "
                    f"player who moved wins: {mover} wins with {what}."
                )
            if w != last:
                return (
                    f"{mover}'s neutral stone completes {wname}'s loop: {wname} wins with {what}."
                )
            return f"{wname} closes {what} and wins."
        if not self.ch:
            return "The board is full and nobody has a loop: the game is a tie."
        if self.dec >= 0:
            return (
                f"The board is full and nobody has a loop: {self.seat_name(self.dec)} "
                f"declined a neutral stone first and loses."
            )
        return "The board is full, nobody has a loop and nobody declined: the game is a draw."

    def legal_moves(self) -> list[GlorietaMove]:
        if self._moves is None:
            ph = self.ph
            g = self.geo
            cells = self.cells
            if ph == OVER:
                ms = []
            elif ph == CHOOSE:
                ms = list(TAKES)
            elif ph == SECOND:
                bad = set(self.neutral_forbidden())
                ms = [g.neutrals[y] for y in range(g.n) if not cells[y] and y not in bad]
                ms.append(DECLINE)
            else:
                st = g.stones
                ms = [st[y] for y in range(g.n) if not cells[y]]
            self._moves = ms
        return list(self._moves)

    def _read(self, text: str) -> GlorietaMove:
        """The move the notation ``text`` names (checked only for its form)."""
        t = text.strip().lower()
        if t == "decline":
            return DECLINE
        if t.startswith("take:"):
            what = t[5:].strip()
            if what not in COLOURS:
                raise BadNotation(f"{text.strip()!r}: write take:black or take:orange")
            return TAKES[COLOURS.index(what)]
        neutral = t.startswith("n:")
        name = t[2:].strip() if neutral else t
        cr = parse_cell(name)
        if cr is None:
            raise BadNotation(
                f"{text.strip()!r} is not a Glorieta move: write a cell (g7), "
                f"a neutral stone (n:g7), decline, or take:black / take:orange"
            )
        if cr not in self.geo.index:
            raise BadNotation(
                f"{text.strip()!r}: there is no cell {name} on a size-{self.geo.side} board"
            )
        i = self.geo.index[cr]
        return self.geo.neutrals[i] if neutral else self.geo.stones[i]

    def _check(self, m: GlorietaMove) -> None:
        """RuleViolation saying why ``m`` is not legal here (returns if it is)."""
        t = _words(m)  # the move in words, for the messages a player reads
        ph = self.ph
        if ph == OVER:
            raise RuleViolation(f"{t}: the game is over")
        k = m.k
        if k == _TAKE:
            if self.ch:
                raise RuleViolation(
                    f"{t}: colours are fixed in Chicken (the first player is Black)"
                )
            if ph == OPENING:
                raise RuleViolation(f"{t}: the colour is chosen after the opening black stone")
            if ph != CHOOSE:
                raise RuleViolation(f"{t}: the colour is chosen only once")
            return
        if ph == CHOOSE:
            raise RuleViolation(f"{t}: first choose your colour, Black or Orange")
        if k == _DECLINE:
            if not self.ch:
                raise RuleViolation("decline: there is no declining in Landscape")
            if not self.nplay:
                raise RuleViolation("decline: neutral play has ended; there is nothing to decline")
            if ph != SECOND:
                raise RuleViolation("decline: declining is only possible after your stone")
            return
        x = m.cell
        v = self.cells[x]
        if k == _NEUTRAL:
            if not self.ch:
                raise RuleViolation(f"{t}: players drop no neutral stones in Landscape")
            if not self.nplay:
                raise RuleViolation(f"{t}: neutral play has ended; drop one stone of your colour")
            if ph != SECOND:
                raise RuleViolation(f"{t}: the neutral stone comes after your own stone")
            if v:
                raise RuleViolation(
                    f"{t}: {self.geo.names[x]} is occupied (by a {STONE_WORDS[v]} stone)"
                )
            bit = 1 if self.player == self.black else 2
            par = self.par[bit - 1]
            via = _joins(self.cells, par, self.geo.nb, x, _find(par, self.pend), bit)
            if via >= 0:
                names = self.geo.names
                if via == self.pend:
                    raise RuleViolation(
                        f"{t} would touch your new stone {names[via]}, whose group it may not join"
                    )
                raise RuleViolation(f"{t} would join your new stone's group through {names[via]}")
            return
        # a stone of the mover's colour
        if ph == SECOND:
            raise RuleViolation(
                f"{t}: you have dropped your stone; now drop a neutral stone or decline"
            )
        if v:
            raise RuleViolation(f"{t} is occupied (a {STONE_WORDS[v]} stone)")

    def move_words(self, move) -> str:
        try:
            m = move if isinstance(move, GlorietaMove) else self._read(str(move))
        except BadNotation:
            return str(move)
        return _words(m)

    # --- what a move achieves ---------------------------------------------------------------
    def _closing(self, bit) -> list[int]:
        """The empty cells where a stone of colour ``bit`` would close a loop for it, in
        board order (``_closing_cells``: what the incremental check of ``play`` would say)."""
        return list(self._closing_both()[bit - 1])

    def _closing_both(self) -> tuple[list[int], list[int]]:
        """``_closing`` of Black and of Orange, worked out once for the position."""
        if self._closers is None:
            g, cells = self.geo, self.cells
            par, msk = self.par, self.msk
            self._closers = (
                _closing_cells(par[0], msk[0], g.ring, cells),
                _closing_cells(par[1], msk[1], g.ring, cells),
            )
        return self._closers

    def _puzzle_theme(self, plies) -> str | None:
        """Glorieta's puzzle theme: "double threat" when a solver move before the last
        leaves two cells that would each close a loop (one can be blocked, not both),
        "flower" when the winning loop is the solid seven (the centre holds the winner's
        own or a neutral stone: rule 3b), else "loop"."""
        end = plies[-1][2]
        if end.winner() != self.player or not end.loops:
            return None
        for before, _move, after in plies[:-1]:
            if before.player == self.player and after.black >= 0 and not after.is_over():
                mine = 1 if after.black < 0 or self.player == after.black else 2
                if len(after._closing(mine)) >= 2:
                    return "double threat"
        lp = end.loop()
        colour = end.winning_colour()
        if lp is not None and colour is not None:
            bit = 1 if colour == "black" else 2
            enclosed = lp[1]
            if len(enclosed) == 1 and end.cells[enclosed[0]] & bit:
                return "flower"
        return "loop"

    def _explain(self, move, after) -> str | None:
        """Glorieta's reason for a move: the loop it closes, the loop of the opponent's it
        blocks, the loop it threatens next (see ``State.explain``)."""
        g = self.geo
        names = g.names
        p = self.player
        if move.k == _TAKE:
            colour = COLOURS[move.cell]
            if colour == "black":
                return "takes Black, and the opening stone with it: Orange moves next"
            return "takes Orange and moves next"
        if move.k == _DECLINE:
            return (
                "declines the neutral stone: neutral stones end for both players, and on a "
                "full board with no loop the decliner loses"
            )
        if after.is_over() and after.loops:
            lp = after.loop()
            w = after.winner()
            if lp is None or w is None:
                return None
            stones, enclosed = lp
            what = (
                f"a loop of {len(stones)} stones around {len(enclosed)} "
                f"cell{'s' if len(enclosed) != 1 else ''}"
            )
            if w == p:
                return f"closes {what}"
            return f"completes {after.seat_name(w)}'s loop for them: {what}"
        mine = 1 if (self.black < 0 or p == self.black) else 2
        theirs = 3 - mine
        me = "Black" if mine == 1 else "Orange"
        them = "Orange" if mine == 1 else "Black"
        parts = []
        if self.black >= 0:  # nobody threatens anything before the colours are known
            blocked = set(self._closing(theirs)) - set(after._closing(theirs))
            if blocked:
                where = ", ".join(names[y] for y in sorted(blocked)[:3])
                parts.append(f"blocks {them}'s loop at {where}")
        threats = sorted(set(after._closing(mine)) - set(self._closing(mine)))
        if len(threats) == 1:
            parts.append(f"threatens to close a {me} loop at {names[threats[0]]}")
        elif threats:
            where = " and ".join(names[y] for y in threats[:2])
            parts.append(f"threatens to close a {me} loop at {where}: two ways to win")
        if not parts and self.ph == OPENING:
            return "drops the opening black stone"
        if not parts:  # a quiet stone: where it goes, and what it joins
            parts.append(self._quiet(move, mine, me))
        return self.join_reasons(parts)

    def _quiet(self, move, mine: int, me: str) -> str:
        """A stone with nothing to close, block or threaten: a neutral stone, a stone
        that joins a group of the mover's colour (its stones and the neutral ones: how many
        stones), or a stone on its own."""
        g = self.geo
        cell = move.cell
        where = g.names[cell]
        if move.k == _NEUTRAL:
            return f"drops a neutral stone on {where}"
        ours = (mine, NEUTRAL)  # a group of a colour holds the neutral stones it touches
        seen, todo = {cell}, [y for y in g.nb[cell] if self.cells[y] in ours]
        seen.update(todo)
        while todo:
            x = todo.pop()
            for y in g.nb[x]:
                if y not in seen and self.cells[y] in ours:
                    seen.add(y)
                    todo.append(y)
        joined = len(seen) - 1
        a = "an" if me[0] in "AEIOU" else "a"
        if joined:
            return f"places {a} {me} stone on {where}, making {a} {me} group of {joined + 1} stones"
        return f"places {a} {me} stone on {where}, on its own"

    def why_illegal(self, text: str) -> str:
        m = self._read(text)
        try:
            self._check(m)
        except RuleViolation as e:
            return str(e)
        return f"{text.strip()} is not a legal move here"  # pragma: no cover

    def find_move(self, move) -> GlorietaMove:
        if self.ph == OVER:
            raise RuleViolation(f"{move}: the game is over")
        m = move if isinstance(move, GlorietaMove) else self._read(str(move))
        self._check(m)
        return m

    def describe(self, move) -> str:
        """ "Black places on g7." / "Orange places a neutral stone on d4." / "Black
        declines." / "Player 2 chooses to take Black." (the panel's log)."""
        who = self.seat_name(self.player)
        try:
            m = self.find_move(move)
        except ValueError:  # IllegalMove
            return super().describe(move)
        if m.k == _DECLINE:
            return f"{who} declines the neutral stone."
        if m.k == _TAKE:
            return f"{who} chooses to {_words(m)}."
        text = f"{who} places {_words(m)}" if m.k == _NEUTRAL else f"{who} places on {m._text}"
        return text + "."

    def play(self, move) -> "GlorietaState":
        if self.ph == OVER:
            raise RuleViolation(f"{move}: the game is over")
        m = move if isinstance(move, GlorietaMove) else self._read(str(move))
        self._check(m)
        return self._after(m.k, m.cell)

    def _after(self, k: int, x: int) -> "GlorietaState":
        s = self._copy()
        g = self.geo
        p = self.player
        if k == _TAKE:
            s.black = p if x == 0 else 1 - p
            s.ph = STONE
            s.player = 1 - s.black  # Orange moves next
            return s
        if self.ph == OPENING:
            s.cells[x] = BLACK
            _add(s.par[0], s.msk[0], g.ring, g.nbd, x)
            s.empties -= 1
            s.player = 1
            if self.ch:
                s.black = 0
                s.ph = STONE
            else:
                s.ph = CHOOSE
            return s
        bit = 1 if p == self.black else 2
        if k == _STONE:
            s.cells[x] = bit
            s.empties -= 1
            if _add(s.par[bit - 1], s.msk[bit - 1], g.ring, g.nbd, x):
                return s._finish(bit)
            if self.ch and self.nplay:
                if self.pair_available():
                    s.ph = SECOND
                    s.pend = x
                    return s
                s.nplay = False  # a forced single drop ends neutral play
            return s._end_turn()
        if k == _DECLINE:
            s.dec = p
            s.nplay = False
            return s._end_turn()
        # a neutral stone
        s.cells[x] = NEUTRAL
        s.empties -= 1
        loops = 0
        if _add(s.par[0], s.msk[0], g.ring, g.nbd, x):
            loops |= 1
        if _add(s.par[1], s.msk[1], g.ring, g.nbd, x):
            loops |= 2
        if loops:
            return s._finish(loops)
        return s._end_turn()

    def _finish(self, loops: int) -> "GlorietaState":
        self.ph = OVER
        self.loops = loops
        self.player = 1 - self.player
        self.pend = -1
        return self

    def _end_turn(self) -> "GlorietaState":
        self.pend = -1
        self.player = 1 - self.player
        self.ph = OVER if self.empties == 0 else STONE
        return self

    def __str__(self) -> str:
        return _format(self)

    def _key(self):
        o = self.options
        return (
            o["variant"],
            o["size"],
            o.get("neutrals") if not self.ch else None,
            o.get("seed") if not self.ch else None,
            bytes(self.cells),
            self.player,
            self.ph,
            self.black,
            self.dec,
            self.nplay,
            self.pend,
            self.loops,
        )

    def __eq__(self, other):
        return isinstance(other, GlorietaState) and other._key() == self._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (
            f"<GlorietaState {self.variant} size {self.geo.side} {self.phase} seat {self.player}>"
        )

    # --- AI hooks ----------------------------------------------------------------------
    def random_move(self, rng):
        if self.ph in (STONE, OPENING):
            cells = self.cells
            n = self.geo.n
            while True:
                x = int(rng.random() * n)
                if not cells[x]:
                    return self.geo.stones[x]
        moves = self.legal_moves()
        return moves[int(rng.random() * len(moves))]

    def urgent_moves(self) -> list[GlorietaMove]:
        """The stones the search tries first: the cells where the mover's stone closes a
        loop (a win at once), then the opponent's (each one must be filled, or the
        opponent wins next turn); pockets and flowers alike."""
        if self.ph != STONE:
            return []
        g = self.geo
        k = 0 if self.player == self.black else 1
        both = self._closing_both()
        seen: dict[int, None] = {}
        for kk in (k, 1 - k):
            for c in both[kk]:
                seen.setdefault(c, None)
        return [g.stones[c] for c in seen]

    def forced_moves(self) -> list[GlorietaMove] | None:
        """The search's pruning hook: on a turn of one stone, where a loop can be closed
        next, the only moves worth searching (every other legal move loses at once).  The
        mover's closing stones when there are any (each wins); else the one cell that
        blocks the opponent's only closing cell; [] when the opponent has two or more and
        the mover none (one stone blocks one: the mover has lost); None when neither side
        can close a loop, or in a turn of a stone and a neutral one (Chicken's pairs, where
        the neutral stone counts for both colours)."""
        if self.ph != STONE or (self.ch and self.nplay):
            return None
        g = self.geo
        k = 0 if self.player == self.black else 1
        both = self._closing_both()
        mine = both[k]
        if mine:
            return [g.stones[c] for c in mine]
        theirs = both[1 - k]
        if not theirs:
            return None
        if len(theirs) == 1:
            return [g.stones[theirs[0]]]
        return []

    def evaluate(self) -> float:
        return _evaluate(self.cells, self.msk, self.geo, self.black)

    def amaf_key(self, move) -> int:
        """The move's key for the search's shared move statistics (RAVE/GRAVE,
        ``ai/mcts.py``): ``2 * (512 * kind + cell + 1) + seat`` (a board has at most 271
        cells; decline's cell is -1, a take's the colour)."""
        return ((move.k << 9) + move.cell + 1) * 2 + self.player

    def amaf_rollout(self, rng, cutoff=None) -> tuple[float, list[int]]:
        """``rollout``, with the ``amaf_key`` of every move it played, in order."""
        if cutoff is None:
            cutoff = Glorieta.playout_cutoff
        cutoff = 10**9 if cutoff is None else cutoff
        keys: list[int] = []
        s = self
        while s.ph in (OPENING, CHOOSE):  # as ``rollout`` does
            m = s.random_move(rng)
            keys.append(s.amaf_key(m))
            s = s.play(m)
        if s.ph == OVER:
            return s.result(), keys
        trace: list[str] = []
        value = _rollout(s, rng, cutoff - len(keys), trace)
        # the fast playout's trace: a stone's cell name (a new turn, but for the first
        # entry from a "stone" position), "n:" and a cell name, or "decline" (the same
        # turn's second ply)
        at = s.geo.by_name
        p = s.player
        turn = 1 if s.ph == SECOND else 0
        for t in trace:
            if t == "decline":
                keys.append(((_DECLINE << 9) << 1) + p)
            elif t[1] == ":":
                keys.append((((_NEUTRAL << 9) + at[t[2:]] + 1) << 1) + p)
            else:
                if turn:
                    p ^= 1
                turn = 1
                keys.append(((at[t] + 1) << 1) + p)
        return value, keys

    def move_features(self, moves) -> list[tuple[int, ...]]:
        """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves here
        (the learned priors' inputs, ``ai/policy.py``)."""
        edge = _edge_features(self.geo.side)
        ph = self.ph
        if ph == CHOOSE:  # the colour choice: by the opening stone's place
            x = max(self.cells.find(BLACK), 0)  # (a sketch may lack it)
            return [(_F_TAKE_ORANGE,) if m.cell else edge[x][3] for m in moves]
        if ph == OPENING:
            cells, nb = self.cells, self.geo.nb
            return [
                edge[m.cell][2]
                + (_F_OPEN_ADJ_N[_CAP3[sum(cells[y] == NEUTRAL for y in nb[m.cell])]],)
                for m in moves
            ]
        k = 0 if self.player == self.black else 1
        out = []
        for m in moves:
            if m.k == _STONE:
                out.append(_stone_features(self, k, m.cell, edge))
            elif m.k == _NEUTRAL:
                out.append(_neutral_features(self, k, m.cell, edge))
            else:  # decline
                e = self.empties
                out.append((_F_DECLINE[0 if e < 16 else 1 if e < 40 else 2 if e < 80 else 3],))
        return out

    def rollout(self, rng, cutoff=None, trace=None, threats: bool = False) -> float:
        """A random game to the end (or ``cutoff`` plies), in place on copies; the value
        for seat 0.  ``trace``, a list, receives every move's notation.  With ``threats``
        (the search's ``playout=threats``) a stone is not drawn at random when a flower
        gap is open: the mover closes its own flower (a win), else fills the opponent's
        (a block), one of them at random."""
        if cutoff is None:
            cutoff = Glorieta.playout_cutoff
        cutoff = 10**9 if cutoff is None else cutoff
        s = self
        plies = 0
        while s.ph in (OPENING, CHOOSE):  # the opening and the pie rule: the slow way
            m = s.random_move(rng)
            if trace is not None:
                trace.append(str(m))
            s = s.play(m)
            plies += 1
        if s.ph == OVER:
            return s.result()
        return _rollout(s, rng, cutoff - plies, trace, threats)


def _evaluate(cells, msk, g: Geo, black: int) -> float:
    """Loop threats: for each colour, the cells with five of six neighbours in S (one
    more stone there or next to it often closes a flower), for seat 0."""
    if black < 0:
        return 0.0
    # (only an interior cell has five neighbours on the board: see _flower_gaps)
    score = float(msk[0].translate(FIVE).count(1) - msk[1].translate(FIVE).count(1))
    if black == 1:
        score = -score
    x = score / 4.0
    return x / (1.0 + abs(x))


def _flower_gaps(msk, ring, cells):
    """The empty cells that would close a flower for the colour of ``msk``: the one cell
    missing from an interior cell's ring of six when the other five are in S.  (Only an
    interior cell has five neighbours on the board, so every cell with five in S counts.)"""
    out = []
    five = msk.translate(FIVE)
    d = five.find(1)
    while d >= 0:
        c = ring[d][GAP[msk[d]]]
        if not cells[c]:
            out.append(c)
        d = five.find(1, d + 1)
    return out


def _note_gaps(gaps, mk, ring, around, cells) -> None:
    """A stone has just joined S of the colour of ring masks ``mk``: add to ``gaps`` the
    flower gaps it opened, in the rings of its neighbours ``around`` (``Geo.nbd[x]``)."""
    for y, _b in around:
        m = mk[y]
        if FIVE[m] and not cells[c := ring[y][GAP[m]]]:
            gaps.append(c)


def _rollout(s: GlorietaState, rng, cutoff: int, trace, threats: bool = False) -> float:
    """The fast playout from a "stone" or "neutral or decline" position."""
    g = s.geo
    nb = g.nb
    nbset = g.nbset
    ring = g.ring
    nbd = g.nbd
    names = g.names
    cells = bytearray(s.cells)
    par = (s.par[0][:], s.par[1][:])
    msk = (bytearray(s.msk[0]), bytearray(s.msk[1]))
    n = g.n
    empties = [i for i in range(n) if not cells[i]]
    rnd = rng.random
    p = s.player
    black = s.black
    ch = s.ch
    nplay = ch and s.nplay
    dec = s.dec
    add = _add
    plies = 0
    x = s.pend
    pair = s.ph == SECOND  # the first ply is already played
    # each colour's flower gaps (a stone there closes a flower), kept as stones land
    open_gaps = (
        [_flower_gaps(msk[0], ring, cells), _flower_gaps(msk[1], ring, cells)] if threats else None
    )
    while True:
        k = 0 if p == black else 1
        bit = k + 1
        if x < 0:
            if plies >= cutoff:
                return _evaluate(cells, msk, g, black)
            gaps = None
            if open_gaps is not None:
                for kk in (k, 1 - k):
                    gk = open_gaps[kk]
                    if gk:  # a gap filled since stays listed until looked at here
                        gk = open_gaps[kk] = [c for c in gk if not cells[c]]
                        if gk and gaps is None:
                            gaps = gk
            if gaps:
                x = gaps[int(rnd() * len(gaps))]
                j = empties.index(x)
            else:
                j = int(rnd() * len(empties))
                x = empties[j]
            last = empties.pop()
            if last != x:
                empties[j] = last
            cells[x] = bit
            plies += 1
            if trace is not None:
                trace.append(names[x])
            if add(par[k], msk[k], ring, nbd, x):
                return 1.0 if p == 0 else -1.0
            if open_gaps is not None:
                _note_gaps(open_gaps[k], msk[k], ring, nbd[x], cells)
        if nplay:
            # the second ply, if this turn has one: a neutral stone that does not join x's
            # group, or decline.  An allowed cell for the neutral proves that a legal pair
            # existed at the start of the turn; without one, the position before x says
            # (rare, so checked only then).
            pk = par[k]
            root = _find(pk, x)
            y = -1
            ne = len(empties)
            mk = msk[k]
            for _ in range(8 if ne else 0):
                j = int(rnd() * ne)
                c = empties[j]
                mc = mk[c]
                if mc:  # one root per arc of c's S neighbours
                    rc = ring[c]
                    for jj in ARCS[mc] or (0,):
                        if _find(pk, rc[jj]) == root:
                            break
                    else:
                        y = c
                        break
                else:
                    y = c
                    break
            if y < 0:
                ok = [c for c in empties if _joins(cells, pk, nb, c, root, bit) < 0]
                if ok:
                    y = ok[int(rnd() * len(ok))]
            if y >= 0:
                pair = True
            elif not pair:
                before = bytearray(cells)
                before[x] = EMPTY
                pb, mb = _build(g, before)
                pair = _pair_exists(before, pb[k], mb[k], nb, nbset, empties + [x], bit)
            if not pair:
                nplay = False  # a forced single drop
            else:
                plies += 1
                if y < 0 or rnd() * (ne + 1) < 1.0:
                    dec = p
                    nplay = False
                    if trace is not None:
                        trace.append("decline")
                else:
                    j = empties.index(y)
                    last = empties.pop()
                    if last != y:
                        empties[j] = last
                    cells[y] = NEUTRAL
                    if trace is not None:
                        trace.append("n:" + names[y])
                    lb = add(par[0], msk[0], ring, nbd, y)
                    lo = add(par[1], msk[1], ring, nbd, y)
                    if lb or lo:
                        mine = lb if k == 0 else lo
                        w = p if mine else 1 - p
                        return 1.0 if w == 0 else -1.0
                    if open_gaps is not None:  # a neutral stone is in both colours' S
                        for kk in (0, 1):
                            _note_gaps(open_gaps[kk], msk[kk], ring, nbd[y], cells)
            pair = False
        x = -1
        if not empties:
            if ch and dec >= 0:
                return 1.0 if dec == 1 else -1.0
            return 0.0
        p = 1 - p


# ----------------------------------------------------------------------------------------
# move features (the learned move priors of ai/policy.py)
# ----------------------------------------------------------------------------------------
# Cheap local facts of a move, for the search's learned priors (``State.move_features``,
# game/rules/core.py): each move is a handful of these names (one-hot buckets), the model
# a weight per name, fitted by ``python -m ai.train glorieta``.  Renaming or reordering
# them makes the shipped weights (ai/policies/glorieta.json) stale: the search then ignores
# them.  Add new names at the end.  "own" is the mover's colour, "opp" the other; a colour's
# S is its stones and the neutral ones (rule 2); "groups k" counts the separate groups of S
# next to the cell (2 or more: the stone joins them); a "five" is an interior cell with five
# of its six neighbours in S and the sixth empty (one stone there makes a flower), a "four"
# one with four and the other two empty; an "eye" a cell all of whose neighbours on the
# board are in that colour's S ("near eye": all but one); "edge k" the steps to the
# board's edge (0: on it; 4 and more share a bucket), "corner" a cell with 3 neighbours.
_CAP3 = (0, 1, 2, 2, 2, 2, 2)  # counts 0, 1, 2+
_CAP4 = (0, 1, 2, 3, 3, 3, 3)  # counts 0, 1, 2, 3+


def _feature_names() -> tuple[str, ...]:
    names = ["stone wins", "stone blocks"]  # closes a loop; fills a cell that closes theirs
    names += [f"stone groups {k}" for k in range(4)]
    names += [f"stone opp groups {k}" for k in range(4)]  # 2+: it sits between them
    names += [f"stone adj own {a} opp {b}" for a in range(4) for b in range(4)]
    names += [f"stone adj neutral {k}" for k in range(3)]
    names += [f"stone fives {k}" for k in range(3)]  # fives it makes: 2+ is a double threat
    names += [f"stone fours {k}" for k in range(3)]
    names += [f"stone spoils opp fours {k}" for k in range(3)]  # their fours it touches
    names += ["stone own eye", "stone own near eye", "stone opp eye", "stone opp near eye"]
    names += [f"stone edge {k}" for k in range(5)] + ["stone corner"]
    # Chicken: the neutral stone after the mover's own (in both colours' S)
    names += ["neutral wins", "neutral gives loop"]  # closes the mover's; only the opponent's
    names += [f"neutral groups {k}" for k in range(4)]
    names += [f"neutral opp groups {k}" for k in range(4)]
    names += [f"neutral adj own {k}" for k in range(4)]
    names += [f"neutral adj opp {k}" for k in range(4)]
    names += [f"neutral fives {k}" for k in range(3)]
    names += [f"neutral opp fives {k}" for k in range(3)]
    names += [f"neutral edge {k}" for k in range(5)]
    # Chicken: declining, by the empty cells left (under 16, 40, 80, more)
    names += [f"decline empties {k}" for k in range(4)]
    # the opening black stone (both variants), and the Landscape colour choice (Black takes
    # the opening stone: by how far it is from the edge)
    names += [f"opening edge {k}" for k in range(5)] + ["opening corner"]
    names += [f"opening adj neutral {k}" for k in range(3)]
    names += ["take orange"] + [f"take black opening edge {k}" for k in range(5)]
    return tuple(names)


FEATURE_NAMES = _feature_names()
_FI = {name: i for i, name in enumerate(FEATURE_NAMES)}
_F_WIN, _F_BLOCK = _FI["stone wins"], _FI["stone blocks"]
_F_GROUPS = tuple(_FI[f"stone groups {k}"] for k in range(4))
_F_OPP_GROUPS = tuple(_FI[f"stone opp groups {k}"] for k in range(4))
_F_ADJ = tuple(tuple(_FI[f"stone adj own {a} opp {b}"] for b in range(4)) for a in range(4))
_F_ADJ_N = tuple(_FI[f"stone adj neutral {k}"] for k in range(3))
_F_FIVES = tuple(_FI[f"stone fives {k}"] for k in range(3))
_F_FOURS = tuple(_FI[f"stone fours {k}"] for k in range(3))
_F_SPOILS = tuple(_FI[f"stone spoils opp fours {k}"] for k in range(3))
_F_EYE = (_FI["stone own eye"], _FI["stone own near eye"])
_F_OPP_EYE = (_FI["stone opp eye"], _FI["stone opp near eye"])
_F_N_WIN, _F_N_GIVES = _FI["neutral wins"], _FI["neutral gives loop"]
_F_N_GROUPS = tuple(_FI[f"neutral groups {k}"] for k in range(4))
_F_N_OPP_GROUPS = tuple(_FI[f"neutral opp groups {k}"] for k in range(4))
_F_N_ADJ = tuple(_FI[f"neutral adj own {k}"] for k in range(4))
_F_N_ADJ_OPP = tuple(_FI[f"neutral adj opp {k}"] for k in range(4))
_F_N_FIVES = tuple(_FI[f"neutral fives {k}"] for k in range(3))
_F_N_OPP_FIVES = tuple(_FI[f"neutral opp fives {k}"] for k in range(3))
_F_DECLINE = tuple(_FI[f"decline empties {k}"] for k in range(4))
_F_OPEN_ADJ_N = tuple(_FI[f"opening adj neutral {k}"] for k in range(3))
_F_TAKE_ORANGE = _FI["take orange"]
# the ring positions missing from each 6-bit mask
MISSING = tuple(tuple(j for j in range(6) if not m >> j & 1) for m in range(64))


@lru_cache(maxsize=None)
def _edge_features(side: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per cell of a size-``side`` board, its edge features: (stone, neutral, opening,
    take black) indices, the corner named beside the stone's and the opening's edge."""
    g = geo(side)
    out = []
    for i, (c, r) in enumerate(g.coords):
        dc, dr = c - side, r - side
        k = min(side - 1 - max(abs(dc), abs(dr), abs(dc - dr)), 4)
        corner = len(g.nb[i]) == 3
        out.append(
            (
                (_FI[f"stone edge {k}"],) + ((_FI["stone corner"],) if corner else ()),
                (_FI[f"neutral edge {k}"],),
                (_FI[f"opening edge {k}"],) + ((_FI["opening corner"],) if corner else ()),
                (_FI[f"take black opening edge {k}"],),
            )
        )
    return tuple(out)


def _colour_facts(cells, par, msk, ring, nbd, border, x):
    """What a stone on empty cell x does for one colour's S (its union-find ``par`` and
    ring masks ``msk``), read without changing anything but ``par``'s path compression:
    (closes a loop, separate groups next to x, fives made, fours made, fours of this colour
    next to x before)."""
    m = msk[x]
    st = ARCS[m]
    closes = m == FULL
    groups = len(st)
    if groups > 1:
        r = ring[x]
        roots = {_find(par, r[j]) for j in st}
        if len(roots) < groups:
            closes = True
        groups = len(roots)
    fives = fours = had = 0
    for y, b in nbd[x]:
        w = msk[y]
        pw = POP[w]
        if pw < 3 or border[y]:  # (only an interior cell has six neighbours on the board)
            continue
        if pw == 4:
            had += 1
        v = w | b
        if v == FULL:
            closes = True
            continue
        ry = ring[y]
        if all(not cells[ry[j]] for j in MISSING[v]):
            if pw == 4:
                fives += 1
            else:
                fours += 1
    return closes, groups, fives, fours, had


def _stone_features(s: "GlorietaState", k: int, x: int, edge) -> tuple[int, ...]:
    """The feature indices of a stone of colour index k (0 black) on empty cell x."""
    g = s.geo
    cells = s.cells
    bit = k + 1
    ring, nbd, border = g.ring, g.nbd, g.border
    win, groups, fives, fours, _ = _colour_facts(cells, s.par[k], s.msk[k], ring, nbd, border, x)
    block, ogroups, _, _, spoils = _colour_facts(
        cells, s.par[1 - k], s.msk[1 - k], ring, nbd, border, x
    )
    own = opp = neu = 0
    for y in g.nb[x]:
        c = cells[y]
        if c == bit:
            own += 1
        elif c == NEUTRAL:
            neu += 1
        elif c:
            opp += 1
    feats = [
        _F_GROUPS[min(groups, 3)],
        _F_OPP_GROUPS[min(ogroups, 3)],
        _F_ADJ[_CAP4[own]][_CAP4[opp]],
        _F_ADJ_N[_CAP3[neu]],
        _F_FIVES[_CAP3[fives]],
        _F_FOURS[_CAP3[fours]],
        _F_SPOILS[_CAP3[spoils]],
    ]
    feats += edge[x][0]
    if win:
        feats.append(_F_WIN)
    if block:
        feats.append(_F_BLOCK)
    deg = len(g.nb[x])
    for ins, names in ((own + neu, _F_EYE), (opp + neu, _F_OPP_EYE)):
        if ins >= deg - 1:
            feats.append(names[deg - ins])
    return tuple(feats)


def _neutral_features(s: "GlorietaState", k: int, x: int, edge) -> tuple[int, ...]:
    """The feature indices of a neutral stone on empty cell x, the mover of colour index k."""
    g = s.geo
    cells = s.cells
    ring, nbd, border = g.ring, g.nbd, g.border
    win, groups, fives, _, _ = _colour_facts(cells, s.par[k], s.msk[k], ring, nbd, border, x)
    gives, ogroups, ofives, _, _ = _colour_facts(
        cells, s.par[1 - k], s.msk[1 - k], ring, nbd, border, x
    )
    bit = k + 1
    own = opp = 0
    for y in g.nb[x]:
        c = cells[y]
        if c == bit:
            own += 1
        elif c and c != NEUTRAL:
            opp += 1
    feats = [
        _F_N_GROUPS[min(groups, 3)],
        _F_N_OPP_GROUPS[min(ogroups, 3)],
        _F_N_ADJ[_CAP4[own]],
        _F_N_ADJ_OPP[_CAP4[opp]],
        _F_N_FIVES[_CAP3[fives]],
        _F_N_OPP_FIVES[_CAP3[ofives]],
    ]
    feats += edge[x][1]
    if win:
        feats.append(_F_N_WIN)
    elif gives:
        feats.append(_F_N_GIVES)
    return tuple(feats)


# ----------------------------------------------------------------------------------------
# the position text
# ----------------------------------------------------------------------------------------
def _seat(v: int) -> str:
    return f"seat {v}"


def _format(s: GlorietaState) -> str:
    g = s.geo
    o = s.options
    lines = ["game: glorieta", f"variant: {s.variant}", f"size: {g.side}"]
    if not s.ch:
        lines.append(f"neutrals: {o['neutrals']}")
        lines.append(f"seed: {'none' if o.get('seed') is None else o['seed']}")
    lines.append(f"black: {'undecided' if s.black < 0 else _seat(s.black)}")
    if s.ch:
        lines.append(f"neutral play: {'on' if s.nplay else 'off'}")
        lines.append(f"decliner: {'none' if s.dec < 0 else _seat(s.dec)}")
    lines.append(f"phase: {PHASES[s.ph]}")
    if s.ph == OVER:
        lines.append(f"moved last: {_seat(1 - s.player)}")
    else:
        lines.append(f"to move: {_seat(s.player)}")
    if s.ph == SECOND:
        lines.append(f"stone: {g.names[s.pend]}")
    n = g.side
    for r in range(g.span, 0, -1):
        cols = [c for c in range(1, g.span + 1) if (c, r) in g.index]
        toks = " ".join(TOKENS[s.cells[g.index[(c, r)]]] for c in cols)
        span = f"({cell_name(cols[0], r)[0]}-{cell_name(cols[-1], r)[0]})"
        lines.append(f"{r:>2} " + " " * abs(r - n) + toks + "  " + span)
    return "\n".join(lines) + "\n"


_KEYS = (
    "variant",
    "size",
    "neutrals",
    "seed",
    "black",
    "neutral play",
    "decliner",
    "phase",
    "to move",
    "moved last",
    "stone",
)


def _read_seat(text: str, key: str) -> int:
    t = text.strip().lower()
    if t.startswith("seat"):
        t = t[4:].strip()
    if t not in ("0", "1"):
        raise ValueError(f"'{key}' must be seat 0 or seat 1, not {text.strip()!r}")
    return int(t)


def _parse(game: "Glorieta", text: str, sketch: bool = False) -> GlorietaState:
    if not isinstance(text, str):
        raise ValueError("a Glorieta position must be text")
    lines = [ln.rstrip() for ln in text.strip().splitlines() if ln.strip()]
    first = "".join(lines[0].split()).lower() if lines else ""
    if first != "game:glorieta":
        raise ValueError("not a Glorieta position: the first line must be 'game: glorieta'")
    head: dict[str, str] = {}
    rows: dict[int, list[str]] = {}
    for ln in lines[1:]:
        s = ln.strip()
        if s[0].isdigit():
            parts = s.split()
            if parts[-1].startswith("(") and parts[-1].endswith(")"):
                parts.pop()
            if not parts[0].isdigit():
                raise ValueError(f"cannot read the line {s!r}")
            r = int(parts[0])
            if r in rows:
                raise ValueError(f"row {r} is given twice")
            rows[r] = parts[1:]
            continue
        key, colon, value = s.partition(":")
        key = " ".join(key.lower().split())
        if not colon or key not in _KEYS:
            raise ValueError(
                f"cannot read the line {s!r} (known lines: {', '.join(_KEYS)}, then the rows)"
            )
        if key in head:
            raise ValueError(f"the line '{key}' is given twice")
        head[key] = value.strip()
    for key in ("variant", "size", "black", "phase"):
        if key not in head:
            raise ValueError(f"the position has no '{key}:' line")
    opts: dict[str, Any] = {"variant": head["variant"].lower(), "size": head["size"]}
    game.validate({"variant": opts["variant"]})
    chicken = opts["variant"] == CHICKEN
    if not chicken:
        for key in ("neutrals", "seed"):
            if key not in head:
                raise ValueError(f"a Landscape position needs a '{key}:' line")
            opts[key] = head[key]
        for key in ("neutral play", "decliner"):
            if key in head:
                raise ValueError(f"'{key}' is for Chicken positions only")
    else:
        for key in ("neutrals", "seed"):
            if key in head:
                raise ValueError(f"'{key}' is for Landscape positions only")
        for key in ("neutral play", "decliner"):
            if key not in head:
                raise ValueError(f"a Chicken position needs a '{key}:' line")
    opts = game.validate(opts)
    if opts["seed"] is not None and not 0 <= opts["seed"] < SEED_LIMIT:
        raise ValueError(
            f"option 'seed': {opts['seed']} is not allowed; use an integer from "
            f"0 to {SEED_LIMIT - 1} (or none)"
        )
    g = geo(opts["size"])
    # the board
    cells = bytearray(g.n + 1)
    for r in range(1, g.span + 1):
        if r not in rows:
            raise ValueError(f"row {r} is missing from the position")
        cols = [c for c in range(1, g.span + 1) if (c, r) in g.index]
        toks = rows.pop(r)
        if len(toks) != len(cols):
            raise ValueError(f"row {r} needs {len(cols)} cells, found {len(toks)}")
        for c, tok in zip(cols, toks, strict=False):
            if tok not in TOKENS:
                raise ValueError(f"{cell_name(c, r)}: cannot read {tok!r} (use . b o n)")
            cells[g.index[(c, r)]] = TOKENS.index(tok)
    if rows:
        raise ValueError(f"row {min(rows)} is not on a size-{g.side} board (rows 1..{g.span})")
    if sketch:  # only to draw it: whatever the header says that reads
        ph_text = head["phase"].lower()
        ph = PHASES.index(ph_text) if ph_text in PHASES else STONE
        seats = []
        for key in ("black", "to move", "moved last"):
            try:
                seats.append(_read_seat(head.get(key, ""), key))
            except ValueError:
                seats.append(-1)
        black = 0 if chicken else seats[0]
        player = seats[1] if seats[1] >= 0 else (1 - seats[2] if seats[2] >= 0 else 0)
        loops = (1 if has_loop(g, cells, 1) else 0) | (2 if has_loop(g, cells, 2) else 0)
        return GlorietaState(g, opts, cells, player, ph, black, -1, chicken, -1, loops)
    # who is who, and the phase
    ph_text = head["phase"].lower()
    if ph_text not in PHASES:
        raise ValueError(f"'phase' must be one of: {', '.join(PHASES)}")
    ph = PHASES.index(ph_text)
    if head["black"].lower() == "undecided":
        black = -1
    else:
        black = _read_seat(head["black"], "black")
    if ph == OVER:
        if "to move" in head or "moved last" not in head:
            raise ValueError("a finished position says 'moved last:' instead of 'to move:'")
        player = 1 - _read_seat(head["moved last"], "moved last")
    else:
        if "moved last" in head or "to move" not in head:
            raise ValueError("the position does not say who is to move ('to move: seat 0')")
        player = _read_seat(head["to move"], "to move")
    nplay, dec = True, -1
    if chicken:
        np_text = head["neutral play"].lower()
        if np_text not in ("on", "off"):
            raise ValueError("'neutral play' must be on or off")
        nplay = np_text == "on"
        if head["decliner"].lower() != "none":
            dec = _read_seat(head["decliner"], "decliner")
            if nplay:
                raise ValueError(
                    "neutral play ends when a player declines: with a decliner, "
                    "'neutral play' must be off"
                )
        if ph == CHOOSE:
            raise ValueError("Chicken has no colour choice: Black is seat 0")
        if black != 0:
            raise ValueError("in Chicken, Black is seat 0 ('black: seat 0')")
    nb_black, nb_orange = cells.count(BLACK), cells.count(ORANGE)
    nb_neutral = cells.count(NEUTRAL)
    if ph == OPENING:
        if nb_black or nb_orange or player != 0 or (not chicken and black >= 0):
            raise ValueError(
                "in the opening seat 0 is to move, the board holds no black or "
                "orange stone and the colours are undecided"
            )
    elif ph == CHOOSE:
        if nb_black != 1 or nb_orange or player != 1 or black >= 0:
            raise ValueError(
                "at the colour choice seat 1 is to move, the board holds the "
                "opening black stone only and 'black' is undecided"
            )
    else:
        if black < 0:
            raise ValueError("after the colour choice 'black' names a seat")
        if nb_black - nb_orange not in (0, 1) or nb_black == 0:
            raise ValueError(
                f"{nb_black} black and {nb_orange} orange stones: Black has "
                f"either as many stones as Orange or one more"
            )
        # whose stone count says whose turn it is
        if ph == STONE:
            want = black if nb_black == nb_orange else 1 - black
            if player != want:
                raise ValueError(
                    f"with {nb_black} black and {nb_orange} orange stones it is "
                    f"{COLOURS[0 if want == black else 1]}'s turn"
                )
        elif ph in (SECOND, OVER):
            last = player if ph == SECOND else 1 - player
            want = black if nb_black == nb_orange + 1 else 1 - black
            if last != want:
                raise ValueError(
                    f"with {nb_black} black and {nb_orange} orange stones the "
                    f"last stone was {COLOURS[0 if want == black else 1]}"
                )
    if not chicken:
        if nb_neutral != opts["neutrals"]:
            raise ValueError(
                f"'neutrals: {opts['neutrals']}' but the board holds {nb_neutral} neutral stones"
            )
        if opts["seed"] is not None:
            want_n = place_neutrals(g, opts["neutrals"], opts["seed"])
            have = [i for i in range(g.n) if cells[i] == NEUTRAL]
            if have != want_n:
                raise ValueError(
                    f"the neutral stones are not where seed {opts['seed']} puts "
                    f"them (write 'seed: none' for a hand-made landscape)"
                )
    pend = -1
    if ph == SECOND:
        if not chicken or not nplay:
            raise ValueError("the 'neutral or decline' phase needs Chicken with neutral play on")
        if "stone" not in head:
            raise ValueError(
                "the 'neutral or decline' phase needs a 'stone:' line naming the stone just dropped"
            )
        try:
            pend = g.hexhex.cell(head["stone"])
        except ValueError:
            raise ValueError(f"'stone': {head['stone']!r} is not a cell of this board") from None
        mover = BLACK if player == black else ORANGE
        if cells[pend] != mover:
            raise ValueError(
                f"'stone': {g.names[pend]} must hold the mover's {STONE_WORDS[mover]} stone"
            )
        if cells.count(EMPTY) - 1 == 0:
            raise ValueError("the 'neutral or decline' phase needs an empty cell")
        before = bytearray(cells)
        before[pend] = EMPTY
        par, msk = _build(g, before)
        bit = mover
        empt = [i for i in range(g.n) if not before[i]]
        if not _pair_exists(before, par[bit - 1], msk[bit - 1], g.nb, g.nbset, empt, bit):
            raise ValueError(
                "no stone-and-neutral pair existed before the stone on "
                f"{g.names[pend]}: that turn was a single drop"
            )
    elif "stone" in head:
        raise ValueError("'stone:' is only given in the 'neutral or decline' phase")
    loops = (1 if has_loop(g, cells, 1) else 0) | (2 if has_loop(g, cells, 2) else 0)
    full = cells.count(EMPTY) - 1 == 0
    if ph != OVER:
        if loops:
            raise ValueError(
                f"{' and '.join(COLOURS[k] for k in (0, 1) if loops >> k & 1)} already "
                f"{'have loops' if loops == 3 else 'has a loop'}: the phase must be 'over'"
            )
        if full:
            raise ValueError("the board is full: the phase must be 'over'")
    elif not loops and not full:
        raise ValueError("the game is not over: nobody has a loop and the board is not full")
    return GlorietaState(g, opts, cells, player, ph, black, dec, nplay, pend, loops)


# ----------------------------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------------------------
class Glorieta(Game):
    id = "glorieta"
    name = "Glorieta"
    designer = "Nick Bentley"
    year = 2011
    summary = "Drop stones to close a loop of your colour; neutral stones count for both."
    rules_text = (
        "A loop is a group of your stones and neutral stones that surrounds one or more "
        "cells, whatever they hold; the board's edge never closes a loop. The first loop "
        "wins.\n"
        "Landscape: neutral stones lie scattered, none touching. The first player drops a "
        "black stone; the second chooses a colour (takes Black or takes Orange), the first "
        "takes the other. Orange moves next; then one stone each. A full board is a tie.\n"
        "Chicken: Black drops one stone. Then, Orange first, each turn is a stone of your "
        "colour plus a neutral stone that must not join your new stone's group. You may "
        "decline the neutral stone: then nobody plays neutral stones any more, and if the "
        "board fills up with no loop, the first to decline loses (a draw if nobody did).\n"
        "A turn that makes loops for both colours wins for the player who moved."
    )
    colours = ("black", "orange", "neutral")
    edit_end_help = (
        "Game over: make a loop or fill the board, then set the phase to 'over' and who moved last."
    )
    notation_help = (
        "g7 drops a stone of your colour; n:g7 a neutral stone (Chicken); "
        "decline skips the neutral stone; take:black / take:orange chooses "
        "your colour (Landscape)"
    )
    options = (
        Option(
            "variant",
            LANDSCAPE,
            "Variant",
            choices=(LANDSCAPE, CHICKEN),
            help="Landscape: scattered neutral stones and a colour choice; Chicken: "
            "each turn adds a neutral stone until someone declines",
        ),
        Option(
            "size",
            7,
            "Board size",
            minimum=5,
            maximum=10,
            help="cells along each side of the hexagon (7: 127 cells)",
        ),
        Option(
            "neutrals",
            12,
            "Neutral stones",
            minimum=0,
            maximum=MAX_NEUTRALS,
            help="neutral stones scattered at the start, none touching (at most a fifth "
            "of the cells, which keeps their random placement quick)",
            applies=("variant", LANDSCAPE),
        ),
        Option(
            "seed",
            None,
            "Seed",
            nullable=True,
            value_type=int,
            help="the number that places the neutral stones (0..999999; none: a fresh one)",
            applies=("variant", LANDSCAPE),
        ),
    )
    playout_cutoff = None
    # the playout can answer immediate threats (``rollout(..., threats=True)``: the search's
    # ``playout=threats`` setting, ai/mcts.py): a flower gap open is closed or filled
    threat_playout = True
    # the names of ``GlorietaState.move_features``' indices (the learned priors, ai/policy.py)
    move_feature_names = FEATURE_NAMES
    # puzzle themes (``State.puzzle_theme``): two loops threatened at once, a flower, a loop
    puzzle_themes = (
        ("double threat", ("two ways to win",)),
        ("flower", ("flower", "6 stones around 1 cell")),
        ("loop", ("loop",)),
    )
    puzzle_theme_default = "loop"
    wide = False
    # the levels' shared move statistics (GRAVE, ai/mcts.py): off.  With bias 0.001 (the
    # ``rave=0.001`` setting of a match) a stone that closes loops later in the playouts is
    # a good stone now: at 0.3 s a move against the same search without them 15-1 in 16
    # games, then 32-8 in 40 more (80%, 95% interval 65-90%); at Hard's 3 s 3-5-2 in 10
    # games, half of them full boards: no gain shown there.  It is not the levels' default
    # because the win chance's table (ai/calibration/glorieta.json) is fitted on plain
    # searches: read from GRAVE's, the bar swings twice as much and the last quarter drops
    # to 70-74% (16 games, `python -m ai.calibrate glorieta --test 16 --rave 0.001
    # --bench`): a table for GRAVE's searches comes first (docs/ai.md, "GRAVE")
    rave = 0.0

    def start(self, **options) -> GlorietaState:
        opts = self.validate(options)
        seed = opts["seed"]
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise ValueError(
                f"option 'seed': {seed} is not allowed; use an integer from 0 to "
                f"{SEED_LIMIT - 1} (or none)"
            )
        g = geo(opts["size"])
        cells = bytearray(g.n + 1)
        if opts["variant"] == LANDSCAPE:
            if seed is None:
                opts["seed"] = seed = random.SystemRandom().randrange(SEED_LIMIT)
            for x in place_neutrals(g, opts["neutrals"], seed):
                cells[x] = NEUTRAL
        return GlorietaState(g, opts, cells, 0, OPENING, 0 if opts["variant"] == CHICKEN else -1)

    def parse(self, text: str) -> GlorietaState:
        return _parse(self, text)

    # --- the editor (game/rules/core.py) -------------------------------------------------
    def edit_palette(self, text: str) -> list[EditPiece]:
        return [
            EditPiece("b", "Black stone", "black"),
            EditPiece("o", "Orange stone", "orange"),
            EditPiece("n", "Neutral stone", "neutral"),
        ]

    def edit_fields(self, text: str) -> list[EditField]:
        phase = (header_get(text, "phase") or "").lower()
        seats = ("seat 0", "seat 1")
        said = ("Player 1 (seat 0)", "Player 2 (seat 1)")  # as the status names them
        fields = [
            EditField("moved last", "Moved last", seats, said)
            if phase == PHASES[OVER]
            else EditField("to move", "To move", seats, said),
            EditField("phase", "Phase", PHASES),
            EditField("black", "Black is", ("undecided", *seats), ("undecided", *said)),
        ]
        if (header_get(text, "variant") or "").lower() == CHICKEN:
            fields += [
                EditField("neutral play", "Neutral play", ("on", "off")),
                EditField("decliner", "Declined by", ("none", *seats), ("none", *said)),
            ]
            if phase == PHASES[SECOND]:  # the stone whose neutral stone is pending
                stones = self._stones(text)
                fields.append(EditField("stone", "Stone dropped", ("none", *stones)))
        return fields

    def _stones(self, text: str) -> list[str]:
        """The cells holding a black or an orange stone in ``text``, in board order."""
        try:
            g = geo(int(header_get(text, "size") or 0))
        except (TypeError, ValueError):
            return []
        out = []
        for i in range(g.n):
            name = g.names[i]
            try:
                if self.edit_token(text, name) in ("b", "o"):
                    out.append(name)
            except ValueError:
                continue
        return out

    def edit_field(self, text: str, key: str, value: str) -> str:
        """The phase carries the lines it needs: a finished position says who moved last
        instead of who is to move, and only the 'neutral or decline' phase names the stone
        just dropped (``stone:``); the stone field's "none" drops that line."""
        if key == "stone":
            return header_drop(text, "stone") if value == "none" else header_set(text, key, value)
        if key != "phase":
            return header_set(text, key, value)
        old = (header_get(text, "phase") or "").lower()
        over = PHASES[OVER]
        if value == over and old != over:
            who = header_get(text, "to move")
            text = header_drop(text, "to move")
            text = header_set(text, "moved last", _other_seat(who))
        elif value != over and old == over:
            who = header_get(text, "moved last")
            text = header_drop(text, "moved last")
            text = header_set(text, "to move", _other_seat(who))
        if value != PHASES[SECOND]:
            text = header_drop(text, "stone")
        return header_set(text, "phase", value)

    def edit_value(self, text: str, key: str) -> str | None:
        if key == "stone":
            return header_get(text, "stone") or "none"
        return header_get(text, key)

    def edit_where(self, text: str, cell: str) -> tuple[int, int]:
        try:
            g = geo(int(header_get(text, "size") or 0))
        except (TypeError, ValueError):
            raise ValueError("the position has no readable 'size:' line") from None
        c, r = cell_at(cell)
        if (c, r) not in g.index:
            raise ValueError(f"{cell} is not a cell of this board")
        return r, c - min(k for k in range(1, g.span + 1) if (k, r) in g.index)

    def edit_cell(self, text: str, cell: str, token: str | None) -> str:
        before = self.edit_token(text, cell)
        text = super().edit_cell(text, cell, token)
        if (header_get(text, "phase") or "").lower() == PHASES[SECOND]:
            # a neutral stone pending: the stone dropped now is the one it follows
            if token in ("b", "o"):
                text = header_set(text, "stone", cell)
            elif (header_get(text, "stone") or "").lower() == cell.lower():
                text = header_drop(text, "stone")
        if "n" in (before, token) and (header_get(text, "variant") or "").lower() == LANDSCAPE:
            # a landscape laid by hand: no seed places it, and the count follows the board
            count = sum(
                1
                for line in text.split("\n")
                if line.split() and line.split()[0].isdigit() and ":" not in line
                for tok in line.split()[1:]
                if tok == "n"
            )
            text = header_set(text, "seed", "none")
            if count <= MAX_NEUTRALS:
                text = header_set(text, "neutrals", str(count))
        return text

    def empty(self, **options) -> str:
        text = super().empty(**options)
        if (header_get(text, "variant") or "").lower() == LANDSCAPE:
            text = header_set(header_set(text, "seed", "none"), "neutrals", "0")
        return text

    def sketch(self, text: str) -> GlorietaState:
        return _parse(self, text, sketch=True)


def _other_seat(text: str | None) -> str:
    """The seat that is not ``text`` ("seat 0" -> "seat 1"); seat 1 when it does not read."""
    try:
        return f"seat {1 - _read_seat(text or '', 'seat')}"
    except ValueError:
        return "seat 1"


@lru_cache(maxsize=None)
def _default_game() -> Glorieta:
    return Glorieta()


# ----------------------------------------------------------------------------------------
# the loop-detection benchmark: python -m game.rules.glorieta
# ----------------------------------------------------------------------------------------
def _bench(seconds: float = 2.0) -> None:
    """Stones per second through each incremental loop test, on random fillings: stones
    dropped in random order, each checked for the colours it belongs to, until a loop.
    CPU time of this process (the machine may be shared); the two tests alternate in
    rounds so that both see the same conditions."""
    import time

    print("loop detection: stones per CPU second, random fillings until the first loop")
    for label, p_neutral in (
        ("Chicken-like: a third of the stones neutral", 1 / 3),
        ("Landscape-like: two colours, neutral stones apart", 0.0),
    ):
        print(f" {label}")
        for side in (5, 7, 10):
            g = geo(side)
            spent = {"union-find": 0.0, "flood fill": 0.0}
            stones = {"union-find": 0, "flood fill": 0}
            for rnd in range(10):
                for method in ("union-find", "flood fill"):
                    rng = random.Random(1000 * side + rnd)
                    t0 = time.process_time()
                    while time.process_time() - t0 < seconds / 20:
                        cells = bytearray(g.n + 1)
                        if not p_neutral:
                            for x in place_neutrals(g, min(12, g.limit), rng.randrange(10**6)):
                                cells[x] = NEUTRAL
                        par, msk = _build(g, cells)
                        order = [x for x in range(g.n) if not cells[x]]
                        rng.shuffle(order)
                        for i, x in enumerate(order):
                            v = NEUTRAL if rng.random() < p_neutral else 1 + (i & 1)
                            cells[x] = v
                            stones[method] += 1
                            done = False
                            for k in (0, 1):
                                if v & (k + 1):
                                    if method == "union-find":
                                        done |= _add(par[k], msk[k], g.ring, g.nbd, x)
                                    else:
                                        done |= _add_flood(
                                            cells, msk[k], g.ring, g.nbd, g.nb, g.border, x, k + 1
                                        )
                            if done:
                                break
                    spent[method] += time.process_time() - t0
            uf = stones["union-find"] / spent["union-find"]
            ff = stones["flood fill"] / spent["flood fill"]
            print(
                f"  size {side:>2}: union-find {uf:>9.0f} stones/s, flood fill {ff:>9.0f} "
                f"stones/s ({uf / ff:.1f}x)",
                flush=True,
            )


if __name__ == "__main__":
    _bench(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
