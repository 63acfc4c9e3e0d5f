"""Glades (Rey Alicea): the spec is ../shared/rules/glades.md; docs/games/glades.md.

Board: 9 x 9 squares, index ``i = 9 * row + column`` (a1 = 0, b1 = 1, ..., i9 = 80).
A *spot* is a pair of orthogonally adjacent squares ``(a, b)`` with ``a < b`` (the
left or lower square first): 72 horizontal and 72 vertical spots, numbered 0..143.

A covered square holds one code::

    value (1..6) | owner << 3 | vertical << 4        (0 for an empty square)

``mate[i]`` is the other square of the tile on ``i``; ``tc[i]`` is the number of tiles
touching the tile on ``i`` (every one of them belongs to the opponent: tiles of one
colour never touch).  ``have[p]`` is a 7 x 7 table, ``have[p][7 * x + y]`` 1 while
player p still holds the tile x-y (both orders set).

A placement is coded ``36 * spot + 6 * (va - 1) + (vb - 1)``: value ``va`` on the
spot's first square, ``vb`` on its second.  -1 is a pass.

Every way a placement can be illegal only gets more likely as tiles are added (squares
fill, contacts and touch counts only grow, tiles only run out), so a placement that is
illegal for a player stays illegal: the playout drops such spots for good.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from operator import itemgetter

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
    grid_get,
    grid_set,
)

SIZE = 9
N = SIZE * SIZE
FILES = "abcdefghi"
NAMES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(N))
INDEX = {name: i for i, name in enumerate(NAMES)}
COLOURS = ("green", "orange")
PLAYER_NAMES = ("Green", "Orange")
EXPLAIN_GLADE = 12  # the largest glade State.explain names (larger ones are still open)
LETTERS = "GO"
TOUCH_LIMIT = 3
VALUE_WORDS = {1: "1s", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s"}

# every blank-free domino, lower value first, in a fixed order (tile index 0..20)
TILES: tuple[tuple[int, int], ...] = tuple((p, q) for p in range(1, 7) for q in range(p, 7))
TILE_INDEX = {t: k for k, t in enumerate(TILES)}


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, SIZE)
    out = []
    if c > 0:
        out.append(i - 1)
    if c < SIZE - 1:
        out.append(i + 1)
    if r > 0:
        out.append(i - SIZE)
    if r < SIZE - 1:
        out.append(i + SIZE)
    return tuple(out)


NB: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(N))

# spots: (first square, second square, vertical?)
SPOTS: list[tuple[int, int, int]] = []
for _i in range(N):
    if _i % SIZE < SIZE - 1:
        SPOTS.append((_i, _i + 1, 0))
    if _i // SIZE < SIZE - 1:
        SPOTS.append((_i, _i + SIZE, 1))
SPOTS.sort(key=lambda s: (s[2], s[0]))  # horizontal ones first, then vertical
NSPOTS = len(SPOTS)
SPOT_A = tuple(s[0] for s in SPOTS)
SPOT_B = tuple(s[1] for s in SPOTS)
SPOT_V = tuple(s[2] for s in SPOTS)
SPOT_OF = {(a, b): k for k, (a, b, _v) in enumerate(SPOTS)}


def _ext(k: int) -> tuple[tuple[int, int, int], ...]:
    """The squares around spot k: (0 for its first square / 1 for its second, the
    neighbour, lv), where lv is the orientation bit a tile on that neighbour must have
    for the contact to be along a long edge (-1: never, the contact is at an end)."""
    a, b, v = SPOTS[k]
    out = []
    for side, s in ((0, a), (1, b)):
        for n in NB[s]:
            if n in (a, b):
                continue
            across = abs(n - s) == (SIZE if v == 0 else 1)  # off the tile's long side
            out.append((side, n, v if across else -1))
    return tuple(out)


EXT: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_ext(k) for k in range(NSPOTS))


def _code_of(k: int, va: int, vb: int) -> int:
    return 36 * k + 6 * (va - 1) + (vb - 1)


OFFSET = tuple(tuple(6 * (x - 1) + (y - 1) if x and y else -1 for y in range(7)) for x in range(7))


# --- moves --------------------------------------------------------------------------------
class GladesMove(Move):
    """A placement (``code`` >= 0, see the module docstring) or a pass (``code`` -1).

    ``squares`` (first, second: the left or lower square first) and ``values`` (the
    value shown on each) describe a placement; ``tile`` is the domino (low, high)."""

    __slots__ = ("code", "squares", "values", "_text")

    def __init__(self, code: int):
        self.code = code
        if code < 0:
            self.squares: tuple[int, ...] = ()
            self.values: tuple[int, ...] = ()
            self._text = "pass"
        else:
            k, r = divmod(code, 36)
            va, vb = r // 6 + 1, r % 6 + 1
            self.squares = (SPOT_A[k], SPOT_B[k])
            self.values = (va, vb)
            self._text = f"{NAMES[SPOT_A[k]]}:{va}-{NAMES[SPOT_B[k]]}:{vb}"

    @property
    def is_pass(self) -> bool:
        return self.code < 0

    @property
    def tile(self) -> tuple[int, int] | None:
        if self.code < 0:
            return None
        return (min(self.values), max(self.values))

    @property
    def spot(self) -> int:
        return self.code // 36

    def notation(self) -> str:
        return self._text

    def __eq__(self, other):
        return isinstance(other, GladesMove) and other.code == self.code

    def __hash__(self):
        return hash(self.code)

    def __reduce__(self):
        return (move_for, (self.code,))


MOVES: tuple[GladesMove, ...] = tuple(GladesMove(c) for c in range(36 * NSPOTS))
PASS = GladesMove(-1)
# MOVE_ROWS[k][6 * (va - 1) + (vb - 1)]: the move putting va, vb on spot k
MOVE_ROWS = tuple(MOVES[36 * k : 36 * k + 36] for k in range(NSPOTS))


def move_for(code: int) -> GladesMove:
    return PASS if code < 0 else MOVES[code]


def square_index(square) -> int:
    """A square as an index 0..80, from an index or a name like ``e5``."""
    if isinstance(square, int) and not isinstance(square, bool):
        if 0 <= square < N:
            return square
        raise ValueError(f"square {square} is not on the board (0..80)")
    if isinstance(square, str):
        i = INDEX.get(square.strip().lower())
        if i is not None:
            return i
    raise ValueError(f"{square!r} is not a square (a1..i9)")


_NOTATION = re.compile(r"^([a-z]+)(\d+)\s*:\s*(\d+)\s*-\s*([a-z]+)(\d+)\s*:\s*(\d+)$")


def read_move(text: str) -> tuple[int, int, int, int]:
    """Read ``d5:3-e5:6`` into (square, value, square, value), in the order written.

    Raises BadNotation for text that is not a placement of this game."""
    t = text.strip().lower()
    m = _NOTATION.match(t)
    if not m:
        raise BadNotation(
            f"{text.strip()!r} is not a Glades move: write the tile's two squares "
            f"with their values, like d5:3-e5:6, or pass"
        )
    squares = []
    values = []
    for f, r, v in ((m.group(1), m.group(2), m.group(3)), (m.group(4), m.group(5), m.group(6))):
        name = f + r
        if name not in INDEX:
            raise BadNotation(f"{name} is not a square: columns run a..i, rows 1..9")
        val = int(v)
        if not 1 <= val <= 6:
            raise BadNotation(
                f"{name}:{v}: a value runs from 1 to 6 (the blanks are out of the game)"
            )
        squares.append(INDEX[name])
        values.append(val)
    a, b = squares
    if a == b:
        raise BadNotation(f"{text.strip()}: a tile covers two different squares")
    if (min(a, b), max(a, b)) not in SPOT_OF:
        raise BadNotation(
            f"{text.strip()}: {NAMES[a]} and {NAMES[b]} are not side by side; "
            f"a tile covers two orthogonally adjacent squares"
        )
    return a, values[0], b, values[1]


# --- the board read-outs ------------------------------------------------------------------
@dataclass(frozen=True)
class Tile:
    """A placed tile: ``seat`` (0 Green, 1 Orange), ``squares`` (first, second: left or
    lower first), ``values`` (shown on those squares), ``touches`` (how many opponent
    tiles touch it).  ``tile`` is the domino (low, high); ``id`` its index in ``TILES``
    (0..20; with ``seat`` it names the piece uniquely)."""

    seat: int
    squares: tuple[int, int]
    values: tuple[int, int]
    touches: int

    @property
    def tile(self) -> tuple[int, int]:
        return (min(self.values), max(self.values))

    @property
    def id(self) -> int:
        return TILE_INDEX[self.tile]

    @property
    def names(self) -> tuple[str, str]:
        return (NAMES[self.squares[0]], NAMES[self.squares[1]])

    @property
    def vertical(self) -> bool:
        return self.squares[1] - self.squares[0] == SIZE

    def __str__(self) -> str:
        a, b = self.names
        return f"{COLOURS[self.seat]} {a}:{self.values[0]}-{b}:{self.values[1]}"


@dataclass(frozen=True)
class GladeResult:
    """One glade, scored: ``squares`` (sorted indices), ``tiles`` (the first squares of the
    tiles that touch it), ``counts[seat][v - 1]`` (how many of that seat's tiles contribute
    the value v), ``owner`` (the claiming seat, or None) and ``reason`` (one line)."""

    squares: tuple[int, ...]
    tiles: tuple[int, ...]
    counts: tuple[tuple[int, ...], tuple[int, ...]]
    owner: int | None
    reason: str

    @property
    def size(self) -> int:
        return len(self.squares)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(NAMES[i] for i in self.squares)

    def contributions(self, seat: int) -> list[int]:
        """The values ``seat`` contributes, one entry per contributing tile, high first."""
        return [v for v in range(6, 0, -1) for _ in range(self.counts[seat][v - 1])]


def _find_glades(cells) -> list[list[int]]:
    """The maximal orthogonally connected sets of empty squares, by lowest square."""
    seen = bytearray(N)
    out = []
    for i in range(N):
        if cells[i] or seen[i]:
            continue
        seen[i] = 1
        comp = [i]
        k = 0
        while k < len(comp):
            for n in NB[comp[k]]:
                if not cells[n] and not seen[n]:
                    seen[n] = 1
                    comp.append(n)
            k += 1
        comp.sort()
        out.append(comp)
    return out


def _decide(g, o, set_mode: bool) -> int | None:
    """The seat claiming a glade from the counts per value (index v - 1), or None."""
    for v in range(5, -1, -1):
        a, b = g[v], o[v]
        if set_mode:
            if a and not b:
                return 0
            if b and not a:
                return 1
        elif a != b:
            return 0 if a > b else 1
    return None


def _reason(g, o, owner, set_mode: bool) -> str:
    if not any(g) and not any(o):
        return "no tile touches it"
    parts = []
    for v in range(6, 0, -1):
        a, b = g[v - 1], o[v - 1]
        if not a and not b:
            continue
        word = VALUE_WORDS[v]
        if set_mode:
            if a and b:
                parts.append(f"{word} cancel")
                continue
            who = 0 if a else 1
            n = a or b
            parts.append(
                f"{PLAYER_NAMES[who]}'s {word if n > 1 else v} {'decide' if n > 1 else 'decides'}"
            )
            break
        if a == b:
            parts.append(f"{word} cancel ({a} each)")
            continue
        who = 0 if a > b else 1
        if a and b:
            parts.append(f"{PLAYER_NAMES[who]} has more {word} ({max(a, b)} to {min(a, b)})")
        else:
            n = a or b
            parts.append(
                f"{PLAYER_NAMES[who]}'s {word if n > 1 else v} {'decide' if n > 1 else 'decides'}"
            )
        break
    if owner is None:
        return "every value cancels" + (f" ({'; '.join(parts)})" if parts else "")
    return "; ".join(parts)


def _contributions(cells, mate, glade) -> tuple[list[int], list[int], list[int]]:
    """Counts per value (index v - 1) for Green and Orange, and the touching tiles."""
    contrib = set()
    for i in glade:
        for n in NB[i]:
            c = cells[n]
            if c:
                m = mate[n]
                contrib.add(((n if n < m else m) << 4) | (c & 15))
    g = [0] * 6
    o = [0] * 6
    tiles = set()
    for x in contrib:
        tiles.add(x >> 4)
        if x & 8:
            o[(x & 7) - 1] += 1
        else:
            g[(x & 7) - 1] += 1
    return g, o, sorted(tiles)


def _glade_at(cells, mate, i: int, mark: list, tag: int) -> tuple[list[int], set[int]]:
    """The glade of empty square ``i`` (none of it in ``mark`` yet, where -1 is unmarked),
    each of its squares marked ``tag``: its squares, and the tiles' halves that touch it,
    each as ``(the tile's first square << 4) | its square's code``."""
    nb = NB
    mark[i] = tag
    comp = [i]
    contrib = set()
    k = 0
    while k < len(comp):
        for n in nb[comp[k]]:
            c = cells[n]
            if c:
                m = mate[n]
                contrib.add(((n if n < m else m) << 4) | (c & 15))
            elif mark[n] < 0:
                mark[n] = tag
                comp.append(n)
        k += 1
    return comp, contrib


def _claimant(contrib, set_mode: bool) -> int:
    """The seat claiming a glade from the tiles' halves touching it (``_glade_at``'s
    ``contrib``, not empty), or -1 when every value cancels."""
    g = [0] * 16
    for x in contrib:
        g[x & 15] += 1
    # g[v] green count of v, g[8 + v] orange count
    owner = _decide(g[1:7], g[9:15], set_mode)
    return -1 if owner is None else owner


def score_board(cells, mate, set_mode: bool) -> tuple[int, int]:
    """Squares claimed by each player, the board scored as it stands."""
    score = [0, 0, 0]  # Green, Orange, unclaimed (index -1)
    seen = [-1] * N
    for i in range(N):
        if cells[i] or seen[i] >= 0:
            continue
        comp, contrib = _glade_at(cells, mate, i, seen, 0)
        if contrib:
            score[_claimant(contrib, set_mode)] += len(comp)
    return score[0], score[1]


# --- placement rules ----------------------------------------------------------------------
def spot_needs(cells, tc, k: int, p: int, glob: bool) -> int:
    """The values player p must show on spot k, or -1 if no tile may go there.

    Returns ``na * 8 + nb``: na (nb) the value the first (second) square must show
    because of a contact, 0 where it is free.  The spot's squares must be empty
    (not checked here).  Checks rules 3(a)-(e) except the tiles the player has left."""
    na = nb = cnt = 0
    for side, n, lv in EXT[k]:
        c = cells[n]
        if c:
            if (c >> 3) & 1 == p or (c >> 4) == lv:
                return -1
            v = c & 7
            if side:
                if nb and nb != v:
                    return -1
                nb = v
            else:
                if na and na != v:
                    return -1
                na = v
            cnt += 1
            if glob and tc[n] >= TOUCH_LIMIT:
                return -1
    if cnt > TOUCH_LIMIT:
        return -1
    return na * 8 + nb


def _place(cells, mate, tc, have, p: int, k: int, va: int, vb: int) -> None:
    """Put player p's tile va-vb on spot k, in place (legality already checked)."""
    a, b, vert = SPOTS[k]
    hi = (p << 3) | (vert << 4)
    cells[a] = hi | va
    cells[b] = hi | vb
    mate[a] = b
    mate[b] = a
    cnt = 0
    for _side, n, _lv in EXT[k]:
        if cells[n]:
            tc[n] += 1
            tc[mate[n]] += 1
            cnt += 1
    tc[a] = tc[b] = cnt
    h = have[p]
    h[7 * va + vb] = 0
    h[7 * vb + va] = 0


class _Offsets:
    """The value pairs a player's remaining tiles can show, as move offsets."""

    __slots__ = ("all", "first", "second", "get_all", "get_first", "get_second")

    def __init__(self, h):
        self.all = [OFFSET[x][y] for x in range(1, 7) for y in range(1, 7) if h[7 * x + y]]
        self.first = [[OFFSET[x][y] for y in range(1, 7) if h[7 * x + y]] for x in range(7)]
        self.second = [[OFFSET[x][y] for x in range(1, 7) if h[7 * x + y]] for y in range(7)]
        self.get_all = _getter(self.all)
        self.get_first = [_getter(lst) for lst in self.first]
        self.get_second = [_getter(lst) for lst in self.second]


def _getter(idx: list[int]):
    if not idx:
        return lambda row: ()
    if len(idx) == 1:
        j = idx[0]
        return lambda row: (row[j],)
    return itemgetter(*idx)


def _legal_codes_exist(cells, tc, have, p: int, glob: bool, spots=range(NSPOTS)) -> bool:
    """Whether player p has a legal placement on one of ``spots`` (by default all)."""
    h = have[p]
    if not any(h):
        return False
    for k in spots:
        if cells[SPOT_A[k]] or cells[SPOT_B[k]]:
            continue
        need = spot_needs(cells, tc, k, p, glob)
        if need < 0:
            continue
        na, nb = need >> 3, need & 7
        if na and nb:
            if h[7 * na + nb]:
                return True
        elif na or nb:
            base = 7 * (na or nb)
            if any(h[base + 1 : base + 7]):
                return True
        else:
            return True
    return False


def _legal_list(cells, tc, have, p: int, glob: bool) -> list[GladesMove]:
    h = have[p]
    if not any(h):
        return []
    offs = _Offsets(h)
    out: list[GladesMove] = []
    ext = out.extend
    for k in range(NSPOTS):
        if cells[SPOT_A[k]] or cells[SPOT_B[k]]:
            continue
        need = spot_needs(cells, tc, k, p, glob)
        if need < 0:
            continue
        row = MOVE_ROWS[k]
        na, nb = need >> 3, need & 7
        if na and nb:
            if h[7 * na + nb]:
                out.append(row[OFFSET[na][nb]])
        elif na:
            ext(offs.get_first[na](row))
        elif nb:
            ext(offs.get_second[nb](row))
        else:
            ext(offs.get_all(row))
    return out


def _touch_counts(cells, mate) -> bytearray:
    tc = bytearray(N)
    for i in range(N):
        if cells[i]:
            tc[i] = len(
                {
                    n if n < mate[n] else mate[n]
                    for s in (i, mate[i])
                    for n in NB[s]
                    if cells[n] and n != i and n != mate[i]
                }
            )
    return tc


def _have_from(cells, mate) -> tuple[bytearray, bytearray]:
    have = (bytearray(49), bytearray(49))
    for h in have:
        for x, y in TILES:
            h[7 * x + y] = h[7 * y + x] = 1
    for i in range(N):
        c = cells[i]
        if c and i < mate[i]:
            p, va, vb = (c >> 3) & 1, c & 7, cells[mate[i]] & 7
            have[p][7 * va + vb] = have[p][7 * vb + va] = 0
    return have


# --- the state ----------------------------------------------------------------------------
class GladesState(State):
    """A Glades position (immutable; ``play`` returns a new one)."""

    __slots__ = (
        "cells",
        "mate",
        "tc",
        "have",
        "player",
        "_passed",
        "options",
        "_glob",
        "_set",
        "_moves",
        "_can",
        "_scores",
    )

    options: dict

    def __init__(
        self,
        cells: bytearray,
        mate: bytearray,
        player: int,
        passed: tuple,
        options: dict,
        tc: bytearray | None = None,
        have=None,
    ):
        self.cells = cells
        self.mate = mate
        self.tc = tc if tc is not None else _touch_counts(cells, mate)
        self.have = have if have is not None else _have_from(cells, mate)
        self.player = player
        self._passed = (bool(passed[0]), bool(passed[1]))
        self.options = options
        self._glob = options["touch_limit"] == "global"
        self._set = options["cancel"] == "set"
        self._moves: list[GladesMove] | None = None
        self._can: list[bool | None] = [None, None]
        self._scores: tuple[int, int] | None = None

    def __getstate__(self):
        return (bytes(self.cells), bytes(self.mate), self.player, self._passed, dict(self.options))

    def __setstate__(self, data):
        cells, mate, player, passed, options = data
        self.__init__(bytearray(cells), bytearray(mate), player, passed, options)

    @property
    def game(self):
        from . import get

        return get("glades")

    def _child(self, cells, mate, tc, have, player, passed) -> "GladesState":
        new = GladesState.__new__(GladesState)
        new.cells = cells
        new.mate = mate
        new.tc = tc
        new.have = have
        new.player = player
        new._passed = passed
        new.options = self.options
        new._glob = self._glob
        new._set = self._set
        new._moves = None
        new._can = [None, None]
        new._scores = None
        return new

    # --- reading the board --------------------------------------------------------------
    def tile_at(self, square) -> Tile | None:
        """The tile covering ``square`` (an index or a name), or None."""
        i = square_index(square)
        c = self.cells[i]
        if not c:
            return None
        j = self.mate[i]
        a, b = (i, j) if i < j else (j, i)
        return Tile((c >> 3) & 1, (a, b), (self.cells[a] & 7, self.cells[b] & 7), self.tc[i])

    def tiles(self, seat: int | None = None) -> list[Tile]:
        """Every placed tile (of ``seat``, or of both), by first square."""
        out = []
        for i in range(N):
            c = self.cells[i]
            if c and i < self.mate[i] and (seat is None or (c >> 3) & 1 == seat):
                t = self.tile_at(i)
                assert t is not None  # the square is covered
                out.append(t)
        return out

    def tiles_left(self, seat: int) -> list[tuple[int, int]]:
        """The dominoes (low, high) ``seat`` has not placed yet, in ``TILES`` order."""
        h = self.have[seat]
        return [t for t in TILES if h[7 * t[0] + t[1]]]

    def has_tile(self, seat: int, tile: tuple[int, int]) -> bool:
        x, y = tile
        return 1 <= x <= 6 and 1 <= y <= 6 and bool(self.have[seat][7 * x + y])

    def value_at(self, square) -> int | None:
        c = self.cells[square_index(square)]
        return c & 7 if c else None

    def owner_at(self, square) -> int | None:
        c = self.cells[square_index(square)]
        return (c >> 3) & 1 if c else None

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has at least one legal placement here (whoever is to move)."""
        v = self._can[seat]
        if v is None:
            v = _legal_codes_exist(self.cells, self.tc, self.have, seat, self._glob)
            self._can[seat] = v
        return v

    def passed(self, seat: int) -> bool:
        """Whether ``seat`` has passed (passing is forced and final: it passes every turn
        from then on)."""
        return self._passed[seat]

    def last_move_was_pass(self) -> bool:
        """Whether the move that led here was a pass (the previous mover has passed)."""
        return self._passed[1 - self.player]

    def legal_placements(
        self, tile: tuple[int, int] | None = None, seat: int | None = None
    ) -> list[GladesMove]:
        """The legal placements for ``seat`` (default: the player to move), of one domino
        ``tile`` (low, high) in either orientation, or of every tile; ignores whose turn
        it is and whether the game is over.  Empty when the seat does not hold ``tile``."""
        p = self.player if seat is None else seat
        if p == self.player and not self.is_over():
            moves = [m for m in self.legal_moves() if m.code >= 0]
        else:
            moves = _legal_list(self.cells, self.tc, self.have, p, self._glob)
        if tile is None:
            return moves
        t = (min(tile), max(tile))
        return [m for m in moves if m.tile == t]

    def check_placement(self, sq1, v1: int, sq2, v2: int, seat: int | None = None) -> str | None:
        """None if ``seat`` (default: the player to move) may put v1 on sq1 and v2 on sq2
        now, else the reason (for the player to move, the one ``play`` gives; whose turn
        it is is not checked).  Squares are indices or names."""
        p = self.player if seat is None else seat
        a, b = square_index(sq1), square_index(sq2)
        if (min(a, b), max(a, b)) not in SPOT_OF:
            return (
                f"{NAMES[a]} and {NAMES[b]} are not side by side; a tile covers two "
                f"orthogonally adjacent squares"
            )
        if not (1 <= v1 <= 6 and 1 <= v2 <= 6):
            return "a value runs from 1 to 6"
        if self.is_over():
            return "the game is over"
        return self._refusal(p, a, v1, b, v2)

    def _refusal(self, p: int, a: int, va: int, b: int, vb: int) -> str | None:
        """``_why``, plus a hint when the player has no legal placement at all."""
        why = self._why(p, a, va, b, vb)
        if why is not None and not self.can_place(p):
            why += " (you have no legal placement: pass)"
        return why

    def _why(self, p: int, a: int, va: int, b: int, vb: int) -> str | None:
        cells, tc = self.cells, self.tc
        for s in (a, b):
            if cells[s]:
                return f"{NAMES[s]} is occupied"
        lo, hi = min(va, vb), max(va, vb)
        if not self.have[p][7 * lo + hi]:
            return f"you have no {lo}-{hi} tile left"
        if a > b:
            a, b, va, vb = b, a, vb, va
        k = SPOT_OF[(a, b)]
        contacts = []
        for _side, n, _lv in EXT[k]:
            c = cells[n]
            if c and (c >> 3) & 1 == p:
                return f"touches your own tile at {NAMES[n]}"
        for _side, n, lv in EXT[k]:
            c = cells[n]
            if c and (c >> 4) == lv:
                return f"touches the {self._tile_words(n)} along its long edge"
        for side, n, _lv in EXT[k]:
            c = cells[n]
            if c:
                s, v = (b, vb) if side else (a, va)
                if c & 7 != v:
                    return (
                        f"values must match where tiles touch: {v} on {NAMES[s]} "
                        f"against {c & 7} on {NAMES[n]}"
                    )
                contacts.append(n)
        if len(contacts) > TOUCH_LIMIT:
            return f"would touch {len(contacts)} opponent tiles; the limit is {TOUCH_LIMIT}"
        if self._glob:
            for n in contacts:
                if tc[n] >= TOUCH_LIMIT:
                    return (
                        f"the {COLOURS[1 - p]} tile on {self._squares_words(n)} would be "
                        f"touched by {tc[n] + 1} of your tiles; the limit is {TOUCH_LIMIT}"
                    )
        return None

    def _squares_words(self, n: int) -> str:
        m = self.mate[n]
        a, b = (n, m) if n < m else (m, n)
        return f"{NAMES[a]}-{NAMES[b]}"

    def _tile_words(self, n: int) -> str:
        return f"{COLOURS[(self.cells[n] >> 3) & 1]} tile {self._squares_words(n)}"

    def glades(self) -> list[GladeResult]:
        """Every glade, scored as the board stands, ordered by lowest square."""
        out = []
        set_mode = self._set
        for comp in _find_glades(self.cells):
            g, o, tiles = _contributions(self.cells, self.mate, comp)
            owner = _decide(g, o, set_mode)
            out.append(
                GladeResult(
                    tuple(comp),
                    tuple(tiles),
                    (tuple(g), tuple(o)),
                    owner,
                    _reason(g, o, owner, set_mode),
                )
            )
        return out

    # --- what a move achieves -------------------------------------------------------------
    def _explain(self, move, after) -> str | None:
        """Glades's reason for a placement: the small glades (EXPLAIN_GLADE squares at
        most: a wide open area changes hands every move) it claims for the mover or takes
        from the opponent, as the board would score now (see ``State.explain``)."""
        p = self.player
        me, them = PLAYER_NAMES[p], PLAYER_NAMES[1 - p]
        if move.is_pass:
            return "passes: no tile can be placed"
        before = {}
        owner_of = {}
        for gl in self.glades():
            before[gl.squares] = gl.owner
            for sq in gl.squares:
                owner_of[sq] = gl.owner
        claims = []
        for gl in after.glades():
            if gl.owner != p or gl.size > EXPLAIN_GLADE or before.get(gl.squares) == p:
                continue
            if gl.size == 1:
                what = f"the {gl.names[0]} glade"
            elif gl.size <= 6:
                what = f"the {gl.names[0]}-{gl.names[-1]} glade ({gl.size} squares)"
            else:
                what = f"the {gl.size}-square glade at {gl.names[0]}"
            if (1 - p) in {owner_of.get(sq) for sq in gl.squares}:
                claims.append((gl.size, f"takes {what} from {them}"))
            else:
                claims.append((gl.size, f"claims {what} for {me}"))
        claims.sort(key=lambda c: -c[0])
        parts = [text for _, text in claims[:2]]
        end = self._explain_end(after)
        if end:
            parts.append(end)
        if not parts:  # a quiet placement: the tile, and the glades it closes
            (a, b), (va, vb) = move.squares, move.values
            text = f"places the {va}-{vb} tile on {NAMES[a]}-{NAMES[b]}"
            k = len(after.glades()) - len(before)
            if k > 0:
                text += f", closing {k} glade{'s' if k != 1 else ''}"
            parts.append(text)
        return self.join_reasons(parts)

    # --- the contract -------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.can_place(self.player) and not self.can_place(1 - self.player)

    def scores(self) -> tuple[int, int]:
        """Squares each player claims: the final score at the end, during play the board
        scored as if the game ended now."""
        if self._scores is None:
            self._scores = score_board(self.cells, self.mate, self._set)
        return self._scores

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        a, b = self.scores()
        return 0 if a > b else 1 if b > a else None

    def end_reason(self) -> str:
        if not self.is_over():
            return ""
        a, b = self.scores()
        why = []
        for p in (0, 1):
            if not any(self.have[p]):
                why.append(f"{PLAYER_NAMES[p]} has placed all 21 tiles")
        cause = "; ".join(why) if why else "no legal placement is left"
        result = "a draw" if a == b else f"{PLAYER_NAMES[0 if a > b else 1]} wins"
        return (
            f"Neither player can place a tile ({cause}): Green claims {a} squares, "
            f"Orange {b}, {result}."
        )

    def legal_moves(self) -> list[GladesMove]:
        if self._moves is None:
            p = self.player
            moves = _legal_list(self.cells, self.tc, self.have, p, self._glob)
            self._can[p] = bool(moves)
            if not moves and self.can_place(1 - p):
                moves = [PASS]
            self._moves = moves
        return list(self._moves)

    def _code(self, move) -> int:
        """The code of the legal move ``move`` names; IllegalMove saying why otherwise."""
        if isinstance(move, GladesMove):
            if move.code < 0:
                return self._pass_code()
            a, b = move.squares
            va, vb = move.values
            text = move._text
        elif isinstance(move, str):
            text = move.strip()
            if text.lower() == "pass":
                return self._pass_code()
            a, va, b, vb = read_move(text)
        else:
            raise BadNotation(f"{move!r} is not a Glades move")
        if self.is_over():
            raise RuleViolation(f"{text}: the game is over")
        why = self._refusal(self.player, a, va, b, vb)
        if why is not None:
            raise RuleViolation(why)
        if a > b:
            a, b, va, vb = b, a, vb, va
        return _code_of(SPOT_OF[(a, b)], va, vb)

    def _pass_code(self) -> int:
        if self.is_over():
            raise RuleViolation("pass: the game is over")
        if self.can_place(self.player):
            raise RuleViolation("pass: you may pass only when you have no legal placement")
        return -1

    def describe(self, move) -> str:
        """ "Orange places 6-5 on e2-f2." (and the glades it closes), "Green passes."."""
        who = self.seat_name(self.player)
        try:
            m = self.find_move(move)
        except ValueError:  # IllegalMove
            return super().describe(move)
        if m.is_pass:
            return f"{who} passes: no tile fits."
        (a, b), (va, vb) = m.squares, m.values
        text = f"{who} places {va}-{vb} on {NAMES[a]}-{NAMES[b]}"
        try:
            before = len(self.glades())
            after = len(self.play(m).glades())
        except Exception:  # noqa: BLE001 - the sentence never stops a move
            before = after = 0
        if after > before:
            k = after - before
            text += f", closing {k} glade{'s' if k != 1 else ''}"
        return text + "."

    def play(self, move) -> "GladesState":
        code = self._code(move)
        p = self.player
        if code < 0:
            passed = (True, self._passed[1]) if p == 0 else (self._passed[0], True)
            new = self._child(self.cells, self.mate, self.tc, self.have, 1 - p, passed)
            new._can = [self._can[0], self._can[1]]
            return new
        cells, mate, tc = bytearray(self.cells), bytearray(self.mate), bytearray(self.tc)
        have = (bytearray(self.have[0]), bytearray(self.have[1]))
        k, r = divmod(code, 36)
        _place(cells, mate, tc, have, p, k, r // 6 + 1, r % 6 + 1)
        new = self._child(cells, mate, tc, have, 1 - p, self._passed)
        if self._passed[1 - p]:  # a player who has passed stays passed
            new._can[1 - p] = False
        return new

    def find_move(self, move) -> GladesMove:
        return move_for(self._code(move))

    def why_illegal(self, text: str) -> str:
        try:
            self._code(text)
        except RuleViolation as e:
            return str(e)
        return f"{text.strip()} is legal"

    # --- text ---------------------------------------------------------------------------
    def __str__(self) -> str:
        return _format(self.cells, self.mate, self.player, self._passed, self.options)

    def __repr__(self) -> str:
        return f"<GladesState {PLAYER_NAMES[self.player]} to move, {self.scores()}>"

    def __eq__(self, other):
        return (
            isinstance(other, GladesState)
            and other.player == self.player
            and other.cells == self.cells
            and other.mate == self.mate
            and other._passed == self._passed
            and other.options == self.options
        )

    def __hash__(self):
        return hash((bytes(self.cells), self.player, self._passed))

    # --- AI hooks -----------------------------------------------------------------------
    def random_move(self, rng) -> GladesMove:
        """A random legal move without listing them: a random free spot that takes some
        tile, then a random tile for it (a few tries, then every spot in turn)."""
        if self.is_over():
            raise RuleViolation("the game is over")
        p = self.player
        if not self.can_place(p):
            return PASS
        cells, tc, h, glob = self.cells, self.tc, self.have[p], self._glob
        rnd = rng.random
        order = None
        tries = 0
        while True:
            if tries < 24:
                k = int(rnd() * NSPOTS)
                tries += 1
            else:
                if order is None:
                    order = list(range(NSPOTS))
                    rng.shuffle(order)
                k = order.pop()
            if cells[SPOT_A[k]] or cells[SPOT_B[k]]:
                continue
            need = spot_needs(cells, tc, k, p, glob)
            if need < 0:
                continue
            pair = _pick_pair(h, need >> 3, need & 7, rnd)
            if pair:
                va, vb = divmod(pair, 7)
                return MOVES[_code_of(k, va, vb)]

    def ordered_moves(self, rng) -> list[GladesMove]:
        """The legal moves, a random sample of them first ranked by ``_promise``, the
        rest after them in board order (progressive widening only reaches the head)."""
        moves = self.legal_moves()
        n = len(moves)
        if n <= 1:
            return moves
        head = min(n, 96)
        rnd = rng.random
        for i in range(head):  # a partial Fisher-Yates shuffle of the head
            j = i + int(rnd() * (n - i))
            moves[i], moves[j] = moves[j], moves[i]
        cells = self.cells
        top = moves[:head]
        top.sort(key=lambda m: _promise(cells, m.code) + rnd(), reverse=True)
        moves[:head] = top
        return moves

    def evaluate(self) -> float:
        a, b = self.scores()
        return _squash(a - b)

    def move_features(self, moves) -> list[tuple[int, ...]]:
        """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves here."""
        return _move_features(self, moves)

    def amaf_key(self, move) -> int:
        """The move's key for the search's shared move statistics (RAVE/GRAVE,
        ``ai/mcts.py``): ``2 * (code + 1) + seat`` (a pass's code is -1)."""
        return 2 * move.code + 2 + self.player

    def amaf_rollout(self, rng, cutoff: int | None = None) -> tuple[float, list[int]]:
        """``rollout``, with the ``amaf_key`` of every move it played, in order."""
        trace: list = []
        value = self.rollout(rng, cutoff, trace)
        return value, [2 * code + 2 + p for p, code in trace]

    def value_features(self) -> list[float]:
        """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``, the mover's view;
        ai/value.py); the position is not over."""
        return value_features_board(
            self.cells, self.mate, self.tc, self.have, self.player, self._glob, self._set
        )

    def rollout(
        self, rng, cutoff: int | None = None, trace: list | None = None, leaf=None
    ) -> float:
        """A fast random playout (see ``rollout``); the value for player 0.  ``trace``,
        a list, receives the moves played as (player, code), code -1 for a pass; ``leaf``
        (``Game.cutoff_leaf``) scores a position where the cut-off stops it, called with its
        ``value_features`` and the seat to move, in place of the glades as they stand."""
        if cutoff is None:
            cutoff = Glades.playout_cutoff
        return rollout(
            self.cells,
            self.mate,
            self.tc,
            self.have,
            self.player,
            (not self.can_place(0), not self.can_place(1)),
            self._glob,
            self._set,
            rng,
            10**9 if cutoff is None else cutoff,
            trace,
            leaf,
        )


def _squash(diff: float) -> float:
    x = diff / 12.0
    return x / (1.0 + abs(x))


def _promise(cells, code: int) -> float:
    """A rough worth of a placement for move ordering: high values facing empty squares."""
    k, r = divmod(code, 36)
    va, vb = r // 6 + 1, r % 6 + 1
    score = 0.0
    for side, n, _lv in EXT[k]:
        if not cells[n]:
            score += vb if side else va
    return score / 12.0


def _pick_pair(h, na: int, nb: int, rnd) -> int:
    """A random (va, vb) the tiles in ``h`` can show with the needs na, nb (0 free), as
    ``7 * va + vb``; 0 when there is none."""
    if na and nb:
        return 7 * na + nb if h[7 * na + nb] else 0
    if na or nb:
        base = 7 * (na or nb)
        opts = [x for x in range(1, 7) if h[base + x]]
        if not opts:
            return 0
        x = opts[int(rnd() * len(opts))]
        return 7 * na + x if na else 7 * x + nb
    opts = [j for j in range(8, 49) if h[j]]
    if not opts:
        return 0
    return opts[int(rnd() * len(opts))]


#: legal placements drawn per playout ply; the one turning the most value towards empty
#: squares is played (1: a uniform spot, then a uniform tile for it)
PLAYOUT_CHOICES = 2


def rollout(
    cells0,
    mate0,
    tc0,
    have0,
    player: int,
    done0,
    glob: bool,
    set_mode: bool,
    rng,
    cutoff: int,
    trace: list | None = None,
    leaf=None,
) -> float:
    """A random game from a position, in place on copies; the value for player 0.

    ``done0[p]``: p can no longer place.  Each player keeps a list of spots not yet
    found illegal for them; a spot drawn and found illegal is dropped for good (an
    illegal placement never becomes legal), so a player whose list runs empty passes
    for the rest of the game.  Each ply draws ``PLAYOUT_CHOICES`` legal placements (a
    random spot still on the list, a random tile of the hand that fits it) and plays the
    one that shows the most value to empty squares (a light policy: values facing open
    ground are what claims glades).  ``trace``, a list, receives the moves as the game
    would record them: (player, code), code -1 for a pass.  Stopped by ``cutoff`` (plies),
    the position is scored by the glades as they stand (``_squash``), or by ``leaf`` when
    given: ``leaf(value_features_board(...), player to move)`` (``Game.cutoff_leaf``; it
    draws nothing, so the moves are the same with it or without), unless the features say
    that neither side can place: the game is over there, and scored as a finished game.
    (The playout finds a side out of placements only on its turn, so a cut-off can stop it
    in a game already over, after a pass that the game would not record.)"""
    cells = bytearray(cells0)
    mate = bytearray(mate0)
    tc = bytearray(tc0)
    have = (bytearray(have0[0]), bytearray(have0[1]))
    done = [done0[0], done0[1]]
    free = [k for k in range(NSPOTS) if not cells[SPOT_A[k]] and not cells[SPOT_B[k]]]
    cand = (list(free), free)
    rnd = rng.random
    sa, sb, sv, ext = SPOT_A, SPOT_B, SPOT_V, EXT
    plies = 0
    p = player
    want = PLAYOUT_CHOICES
    while True:
        if done[p]:
            if done[1 - p]:
                if trace and trace[-1][1] < 0:
                    trace.pop()  # the game ended on that turn: no pass
                break
            if trace is not None:
                trace.append((p, -1))
            p = 1 - p
            plies += 1
            continue
        if plies >= cutoff:
            if leaf is not None:
                feats = value_features_board(cells, mate, tc, have, p, glob, set_mode)
                if not (feats[_STUCK] and feats[_STUCK + 1]):
                    return leaf(feats, p)
                break  # neither side can place (not found out yet): the game is over
            a, b = score_board(cells, mate, set_mode)
            return _squash(a - b)
        lst = cand[p]
        h = have[p]
        best_k = -1
        best_pair = 0
        best_s = -1.0
        found = 0
        while lst and found < want:
            j = int(rnd() * len(lst))
            k = lst[j]
            a = sa[k]
            b = sb[k]
            ok = not cells[a] and not cells[b]
            if ok:
                na = nb = cnt = 0
                for side, n, lv in ext[k]:
                    c = cells[n]
                    if c:
                        if (c >> 3) & 1 == p or (c >> 4) == lv:
                            ok = False
                            break
                        v = c & 7
                        if side:
                            if nb and nb != v:
                                ok = False
                                break
                            nb = v
                        else:
                            if na and na != v:
                                ok = False
                                break
                            na = v
                        cnt += 1
                        if glob and tc[n] >= 3:
                            ok = False
                            break
                if ok and cnt > 3:
                    ok = False
                if ok:
                    pair = _pick_pair(h, na, nb, rnd)
                    if pair:
                        found += 1
                        if want > 1:
                            va, vb = divmod(pair, 7)
                            sc = rnd()
                            for side, n, _lv in ext[k]:
                                if not cells[n]:
                                    sc += vb if side else va
                        else:
                            sc = 0.0
                        if sc > best_s:
                            best_s = sc
                            best_k = k
                            best_pair = pair
                        continue
            last = lst.pop()  # illegal for p now, so for good
            if j < len(lst):
                lst[j] = last
        if not found:
            done[p] = True
            continue
        k = best_k
        a = sa[k]
        b = sb[k]
        va, vb = divmod(best_pair, 7)
        hi = (p << 3) | (sv[k] << 4)
        cells[a] = hi | va
        cells[b] = hi | vb
        mate[a] = b
        mate[b] = a
        cnt = 0
        for _side, n, _lv in ext[k]:
            if cells[n]:
                tc[n] += 1
                tc[mate[n]] += 1
                cnt += 1
        tc[a] = tc[b] = cnt
        h[best_pair] = 0
        h[7 * vb + va] = 0
        if trace is not None:
            trace.append((p, _code_of(k, va, vb)))
        plies += 1
        p = 1 - p
    a, b = score_board(cells, mate, set_mode)
    return 1.0 if a > b else -1.0 if b > a else 0.0


# --- position features (the learned leaf value of ai/value.py) ----------------------------
# the names of ``value_features_board``' entries (``Glades.value_feature_names``); renaming or
# reordering them makes a shipped model stale.  A spot is *open* to a player when its two
# squares are empty and none of that player's tiles touches them (rule 3(a), the one rule that
# needs no values); open to both, no tile touches it at all.  A glade is *settled* when none
# of its squares lies in a spot open to either player: no tile can ever go there (a spot
# only closes as tiles are added), and a glade changes only by a tile put on its squares, so
# its owner is final.  The other glades are *open*.
VALUE_FEATURE_NAMES = (
    "glade score, mover less opponent (twelves)",
    "glade squares claimed (eighty-ones)",
    "settled glade score, mover less opponent (twelves)",
    "settled glade squares (eighty-ones)",
    "empty squares (eighty-ones)",
    "spots open to both (tens)",
    "spots open to the mover only (tens)",
    "spots open to the opponent only (tens)",
    "mover cannot place",
    "opponent cannot place",
    "values the mover shows to open glades (tens)",
    "values the opponent shows to open glades (tens)",
    "tiles placed, mover less opponent",
)
_STUCK = VALUE_FEATURE_NAMES.index("mover cannot place")  # the opponent's next

# bitboards: bit i is square i
_FULL = (1 << N) - 1
_COL_A = sum(1 << (SIZE * r) for r in range(SIZE))
_NOT_A = _FULL ^ _COL_A
_NOT_I = _FULL ^ (_COL_A << (SIZE - 1))
# a square's code -> "1" / "0" (ASCII), read as a bitboard by int(..., 2) (see ``_board``)
_AS_EMPTY = bytes(49 if c == 0 else 48 for c in range(256))
_AS_GREEN = bytes(49 if c and not c & 8 else 48 for c in range(256))
_AS_ORANGE = bytes(49 if c & 8 else 48 for c in range(256))
# the spot whose first square is i: along the row (-1 in column i), up the column (-1 in row 9)
_H_SPOT = tuple(SPOT_OF.get((i, i + 1), -1) if i % SIZE < SIZE - 1 else -1 for i in range(N))
_V_SPOT = tuple(SPOT_OF.get((i, i + SIZE), -1) for i in range(N))


def _board(cells, table: bytes) -> int:
    """The bitboard of the squares whose code ``table`` maps to "1"."""
    return int(cells.translate(table)[::-1], 2)


def _around(x: int) -> int:
    """The squares orthogonally next to those of bitboard ``x``."""
    return ((x << 1) & _NOT_A) | ((x >> 1) & _NOT_I) | ((x << SIZE) & _FULL) | (x >> SIZE)


def _open_spots(free: int) -> tuple[int, int]:
    """The spots with both squares in bitboard ``free``, as bitboards of their first squares:
    (along a row, up a column)."""
    return free & (free >> 1) & _NOT_I, free & (free >> SIZE)


def _spots_of(h: int, v: int) -> list[int]:
    """The spot indices of ``_open_spots``' two bitboards."""
    out = []
    while h:
        low = h & -h
        out.append(_H_SPOT[low.bit_length() - 1])
        h ^= low
    while v:
        low = v & -v
        out.append(_V_SPOT[low.bit_length() - 1])
        v ^= low
    return out


def value_features_board(
    cells, mate, tc, have, player: int, glob: bool, set_mode: bool
) -> list[float]:
    """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``), from the view of ``player``,
    to move, in a position that is not over: the glades as they stand (``_squash``'s units),
    the settled ones, the spots open to each side and to both (the room left to place in:
    close to Domineering, whoever keeps room while the other runs out tends to win), whether
    each side can place at all (``can_place``, looked for among its open spots only), the
    values each side shows to the open glades, and the tiles placed either way (who moved
    first, and the passes).  From the board alone, so the same from a state and from inside
    the playout."""
    empty = _board(cells, _AS_EMPTY)
    own = (_board(cells, _AS_GREEN), _board(cells, _AS_ORANGE))
    free = (empty & ~_around(own[0]), empty & ~_around(own[1]))
    open_g, open_o = _open_spots(free[0]), _open_spots(free[1])
    both_h, both_v = _open_spots(free[0] & free[1])
    both = both_h.bit_count() + both_v.bit_count()
    opened = (
        open_g[0].bit_count() + open_g[1].bit_count(),
        open_o[0].bit_count() + open_o[1].bit_count(),
    )
    h, v = open_g[0] | open_o[0], open_g[1] | open_o[1]
    in_open = h | (h << 1) | v | (v << SIZE)  # the squares of the spots open to anyone
    can = [False, False]
    for p, (sh, sv) in ((0, open_g), (1, open_o)):
        if both:  # a spot no tile touches takes any tile
            can[p] = any(have[p])
        elif sh or sv:
            can[p] = _legal_codes_exist(cells, tc, have, p, glob, _spots_of(sh, sv))
    score = [0, 0, 0]  # Green, Orange, unclaimed (index -1)
    settled = [0, 0, 0]
    shown = [0, 0]
    seen = [-1] * N
    for i in range(N):
        if cells[i] or seen[i] >= 0:
            continue
        comp, contrib = _glade_at(cells, mate, i, seen, 0)
        n = len(comp)
        owner = _claimant(contrib, set_mode) if contrib else -1
        score[owner] += n
        for s in comp:
            if in_open >> s & 1:
                for x in contrib:
                    shown[(x >> 3) & 1] += x & 7
                break
        else:
            settled[owner] += n
    q = 1 - player
    return [
        (score[player] - score[q]) / 12,
        (score[0] + score[1]) / 81,
        (settled[player] - settled[q]) / 12,
        (settled[0] + settled[1] + settled[2]) / 81,
        empty.bit_count() / 81,
        both / 10,
        (opened[player] - both) / 10,
        (opened[q] - both) / 10,
        0.0 if can[player] else 1.0,
        0.0 if can[q] else 1.0,
        shown[player] / 10,
        shown[q] / 10,
        float((own[player].bit_count() - own[q].bit_count()) // 2),
    ]


# --- the position format ------------------------------------------------------------------
ARROWS = {1: ">", -1: "<", SIZE: "^", -SIZE: "v"}
ARROW_STEP = {">": 1, "<": -1, "^": SIZE, "v": -SIZE}


def _token(cells, mate, i: int) -> str:
    c = cells[i]
    if not c:
        return "."
    return f"{LETTERS[(c >> 3) & 1]}{c & 7}{ARROWS[mate[i] - i]}"


def _format(cells, mate, player: int, passed, options) -> str:
    lines = ["game: glades"]
    for opt in Glades.options:
        lines.append(f"{opt.name}: {options[opt.name]}")
    lines.append(f"to move: {COLOURS[player]}")
    who = [COLOURS[p] for p in (0, 1) if passed[p]]
    lines.append(f"passed: {', '.join(who) if who else 'none'}")
    letters = "    " + "   ".join(FILES)
    lines.append(letters)
    for r in range(SIZE - 1, -1, -1):
        toks = [f"{_token(cells, mate, SIZE * r + c):<3}" for c in range(SIZE)]
        lines.append(f"{r + 1:>2}  " + " ".join(toks).rstrip() + f"   {r + 1}")
    lines.append(letters)
    return "\n".join(lines) + "\n"


_TOKEN = re.compile(r"^([GO])([1-6])([<>^V])$", re.IGNORECASE)
_PIECE = re.compile(r"^([GO])([1-6])([<>^V])([1-6])$", re.IGNORECASE)


def _build(tokens: dict[int, tuple[int, int, str]]):
    """Cells and mates from {square: (owner, value, arrow)}; ValueError if tiles do not pair."""
    cells = bytearray(N)
    mate = bytearray(N)
    for i, (owner, value, arrow) in tokens.items():
        step = ARROW_STEP[arrow]
        j = i + step
        r, c = divmod(i, SIZE)
        if (step == 1 and c == SIZE - 1) or (step == -1 and c == 0) or not 0 <= j < N:
            raise ValueError(f"{NAMES[i]}: the arrow {arrow!r} points off the board")
        other = tokens.get(j)
        if other is None or ARROW_STEP[other[2]] != -step:
            raise ValueError(
                f"{NAMES[i]}: the arrow {arrow!r} points to {NAMES[j]}, which is "
                f"not the other half of the tile (it must point back)"
            )
        if other[0] != owner:
            raise ValueError(
                f"{NAMES[i]}-{NAMES[j]}: the two halves of one tile have different colours"
            )
        vert = 1 if abs(step) == SIZE else 0
        cells[i] = value | (owner << 3) | (vert << 4)
        mate[i] = j
    return cells, mate


def _check_position(cells, mate, glob: bool) -> None:
    """ValueError naming the first broken rule of a board (tiles used twice, contacts,
    touch limits)."""
    seen: dict[tuple[int, tuple[int, int]], int] = {}
    for i in range(N):
        c = cells[i]
        if not c or i > mate[i]:
            continue
        j = mate[i]
        p = (c >> 3) & 1
        t = (min(c & 7, cells[j] & 7), max(c & 7, cells[j] & 7))
        key = (p, t)
        if key in seen:
            a = seen[key]
            raise ValueError(
                f"the {COLOURS[p]} {t[0]}-{t[1]} tile is used twice "
                f"({NAMES[a]}-{NAMES[mate[a]]} and {NAMES[i]}-{NAMES[j]}); "
                f"each player has one of each"
            )
        seen[key] = i
    for i in range(N):
        c = cells[i]
        if not c:
            continue
        for n in NB[i]:
            d = cells[n]
            if not d or n == mate[i] or n < i:
                continue
            where = f"{NAMES[i]} and {NAMES[n]}"
            if (c >> 3) & 1 == (d >> 3) & 1:
                raise ValueError(
                    f"{where}: two {COLOURS[(c >> 3) & 1]} tiles touch "
                    f"(a tile may not touch its own colour)"
                )
            if (c >> 4) == (d >> 4) and (abs(n - i) == 1) != (c >> 4 == 0):
                raise ValueError(f"{where}: tiles touch along a long edge")
            if c & 7 != d & 7:
                raise ValueError(f"{where}: touching values differ ({c & 7} against {d & 7})")
    tc = _touch_counts(cells, mate)
    if glob:
        for i in range(N):
            if cells[i] and i < mate[i] and tc[i] > TOUCH_LIMIT:
                raise ValueError(
                    f"the tile on {NAMES[i]}-{NAMES[mate[i]]} is touched by "
                    f"{tc[i]} tiles; the limit is {TOUCH_LIMIT}"
                )
    else:
        # rule 3(d) alone: some order of placement gives each new tile at most 3
        # neighbours already there.  Peel off tiles that touch <= 3 of the rest.
        rest = {i for i in range(N) if cells[i] and i < mate[i]}
        count = {i: tc[i] for i in rest}
        changed = True
        while rest and changed:
            changed = False
            for i in sorted(rest):
                if count[i] <= TOUCH_LIMIT:
                    rest.discard(i)
                    changed = True
                    for s in (i, mate[i]):
                        for n in NB[s]:
                            if cells[n] and n != i and n != mate[i]:
                                key = min(n, mate[n])
                                if key in rest:
                                    count[key] -= 1
        if rest:
            i = min(rest)
            raise ValueError(
                f"no order of placement gives the tile on {NAMES[i]}-"
                f"{NAMES[mate[i]]} at most {TOUCH_LIMIT} neighbours when placed"
            )


# --- move features (the learned move priors of ai/policy.py) -----------------------------------
# Cheap local features of a move, for the search's learned priors (``State.move_features``,
# game/rules/core.py).  Each placement is a handful of these names (one-hot buckets); the model
# is a weight per name, fitted by ``python -m ai.train glades``.  Renaming or reordering them
# makes the shipped weights (ai/policies/glades.json) stale (the search then ignores them), so
# add new ones at the end.
#
# What they say, for the mover's placement on a spot (its *glade* is the glade its two squares
# lie in; the tile's *faces* are its halves with empty squares beside them, the values it
# contributes to that glade):
# - ``tile p-q``: the domino placed (its values, the larger half, a double);
# - ``touch k``: opponent tiles it touches; ``closes k``: of those, the ones it leaves touched
#   by 3 tiles (their last contact used);
# - ``edge k``: its squares on the board's edge;
# - ``glade S``: the glade's size before (bucketed); ``empty nb k``: its empty neighbours;
#   ``split k``: separate runs of empty squares around it (2 or more: it may split the glade);
#   ``pockets k``: empty neighbours it closes in as one-square glades;
# - ``blocks opp k``: the opponent's placeable spots it takes away (spots on its squares);
#   ``opp reach k``: its empty neighbours the opponent can still cover (and so face);
# - ``top face v=V e=E``: the higher value it shows to empty squares and how many it faces
#   (``top face none``: it faces none); ``other face V``: the other half's value when it
#   faces empty squares too (0: it does not, or shows the same value);
#   ``top face cancellable yes/no``: whether the opponent holds a tile with that value and may
#   cover one of the squares it faces (to cancel it);
# - ``claim X>Y``: the glade's owner before and after it (mine / opp / none: the glade scored
#   with its contribution added, as if it did not split); ``after X S``: the owner after, by
#   the glade's size then; ``decided mine/opp V``: the value that decides the glade after it
#   (``decided none``: unclaimed).
# ``glade 1-2``, ``empty nb 0``, ``split 0`` and ``top face none`` never fire in a legal game
# (a tile always keeps an empty neighbour: the two squares along a long side could only be
# covered by two tiles lying across it side by side, a long edge), and weigh 0; they stay for
# the buckets' sake.  The opponent's spots (``blocks opp``, ``opp reach``, ``cancellable``)
# are those of the position before the move.
_SIZE_BUCKETS = ("1-2", "3-4", "5-8", "9-16", "17-32", "33+")
_WHO = ("mine", "opp", "none")


def _feature_names() -> tuple[str, ...]:
    names = ["pass"]
    names += [f"tile {p}-{q}" for p, q in TILES]
    names += [f"touch {k}" for k in range(4)]
    names += [f"closes {k}" for k in range(3)]  # 2: 2 or more
    names += [f"edge {k}" for k in range(3)]
    names += [f"glade {s}" for s in _SIZE_BUCKETS]
    names += [f"empty nb {k}" for k in range(7)]
    names += [f"split {k}" for k in range(4)]  # 3: 3 or more
    names += [f"pockets {k}" for k in range(3)]  # 2: 2 or more
    names += [f"blocks opp {k}" for k in range(8)]
    names += [f"opp reach {k}" for k in range(5)]  # 4: 4 or more
    names += ["top face none"]
    names += [f"top face v={v} e={e}" for v in range(1, 7) for e in range(1, 4)]
    names += [f"other face {v}" for v in range(7)]
    names += ["top face cancellable no", "top face cancellable yes"]
    names += [f"claim {a}>{b}" for a in _WHO for b in _WHO]
    names += [f"after {w} {s}" for w in _WHO for s in _SIZE_BUCKETS]
    names += [f"decided mine {v}" for v in range(1, 7)]
    names += [f"decided opp {v}" for v in range(1, 7)]
    names += ["decided none"]
    return tuple(names)


FEATURE_NAMES = _feature_names()
_FI = {name: i for i, name in enumerate(FEATURE_NAMES)}
_F_PASS = (_FI["pass"],)
# by the code's remainder r = 6 * (va - 1) + (vb - 1)
_F_TILE = tuple(_FI[f"tile {min(r // 6, r % 6) + 1}-{max(r // 6, r % 6) + 1}"] for r in range(36))
_F_TOUCH = tuple(_FI[f"touch {k}"] for k in range(4))
_F_CLOSES = tuple(_FI[f"closes {min(k, 2)}"] for k in range(5))
_F_EDGE = tuple(_FI[f"edge {k}"] for k in range(3))
_F_EMPTY = tuple(_FI[f"empty nb {k}"] for k in range(7))
_F_SPLIT = tuple(_FI[f"split {min(k, 3)}"] for k in range(6))
_F_POCKETS = tuple(_FI[f"pockets {min(k, 2)}"] for k in range(7))
_F_BLOCKS = tuple(_FI[f"blocks opp {min(k, 7)}"] for k in range(9))
_F_REACH = tuple(_FI[f"opp reach {min(k, 4)}"] for k in range(7))
_F_TOP_NONE = _FI["top face none"]
_F_TOP = tuple(
    tuple(_FI[f"top face v={max(v, 1)} e={min(max(e, 1), 3)}"] for e in range(7)) for v in range(7)
)
_F_OTHER = tuple(_FI[f"other face {v}"] for v in range(7))
_F_CANCEL = (_FI["top face cancellable no"], _FI["top face cancellable yes"])
_F_CLAIM = tuple(tuple(_FI[f"claim {a}>{b}"] for b in _WHO) for a in _WHO)
# by (0 mine / 1 opp / 2 none, the deciding value or 0)
_F_DECIDED = (
    (0,) + tuple(_FI[f"decided mine {v}"] for v in range(1, 7)),
    (0,) + tuple(_FI[f"decided opp {v}"] for v in range(1, 7)),
    (_FI["decided none"],),
)


def _size_bucket(n: int) -> int:
    return 0 if n <= 2 else 1 if n <= 4 else 2 if n <= 8 else 3 if n <= 16 else 4 if n <= 32 else 5


_SIZE_B = tuple(_size_bucket(n) for n in range(N + 1))
_F_GLADE = tuple(_FI[f"glade {_SIZE_BUCKETS[_SIZE_B[n]]}"] for n in range(N + 1))
_F_AFTER = tuple(
    tuple(_FI[f"after {w} {_SIZE_BUCKETS[_SIZE_B[n]]}"] for n in range(N + 1)) for w in _WHO
)
_ON_EDGE = tuple(int(i % SIZE in (0, SIZE - 1) or i // SIZE in (0, SIZE - 1)) for i in range(N))


def _ring(k: int) -> tuple[tuple[int, int], ...]:
    """The 10 squares around spot k in cyclic order (each step orthogonal), as (square or
    -1 off the board, 1 when orthogonally next to the spot / 0 at a corner)."""
    a, _b, v = SPOTS[k]
    r, c = divmod(a, SIZE)
    h, w = (2, 1) if v else (1, 2)  # the spot's rows and columns
    cells = []
    for dc in range(-1, w + 1):  # the row below, left to right
        cells.append((r - 1, c + dc))
    for dr in range(0, h + 1):  # up the right side
        cells.append((r + dr, c + w))
    for dc in range(w - 1, -2, -1):  # the row above, right to left
        cells.append((r + h, c + dc))
    for dr in range(h - 1, -1, -1):  # down the left side
        cells.append((r + dr, c - 1))
    out = []
    for rr, cc in cells:
        corner = rr in (r - 1, r + h) and cc in (c - 1, c + w)
        sq = SIZE * rr + cc if 0 <= rr < SIZE and 0 <= cc < SIZE else -1
        out.append((sq, 0 if corner else 1))
    return tuple(out)


RING: tuple[tuple[tuple[int, int], ...], ...] = tuple(_ring(k) for k in range(NSPOTS))
# the spots on each square
SPOTS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(NSPOTS) if i in (SPOT_A[k], SPOT_B[k])) for i in range(N)
)


def _runs(cells, ring) -> int:
    """Separate runs of empty squares around a spot that reach a square next to it."""
    start = -1
    for j in range(10):
        sq = ring[j][0]
        if sq < 0 or cells[sq]:
            start = j
            break
    if start < 0:
        return 1
    runs = 0
    open_run = reach = False
    for j in range(start + 1, start + 11):
        sq, orth = ring[j % 10]
        if sq >= 0 and not cells[sq]:
            if not open_run:
                open_run, reach = True, False
            if orth:
                reach = True
        elif open_run:
            runs += reach
            open_run = False
    return runs


def _decide_by(g, o, set_mode: bool) -> tuple[int, int]:
    """``_decide`` with the deciding value: (seat 0 / 1 or 2 for unclaimed, value or 0)."""
    for v in range(5, -1, -1):
        a, b = g[v], o[v]
        if set_mode:
            if a and not b:
                return 0, v + 1
            if b and not a:
                return 1, v + 1
        elif a != b:
            return (0 if a > b else 1), v + 1
    return 2, 0


def _glade_table(cells, mate):
    """Each empty square's glade (an index, -1 for a covered square) and each glade's size
    and counts per value [seat 0's six, seat 1's six]."""
    gid = [-1] * N
    sizes: list[int] = []
    counts: list[list[int]] = []
    for i in range(N):
        if cells[i] or gid[i] >= 0:
            continue
        comp, contrib = _glade_at(cells, mate, i, gid, len(sizes))
        cnt = [0] * 12
        for x in contrib:
            cnt[(x & 7) - 1 + (6 if x & 8 else 0)] += 1
        sizes.append(len(comp))
        counts.append(cnt)
    return gid, sizes, counts


def _move_features(state, moves) -> list[tuple[int, ...]]:
    """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves of ``state``
    (see the section's comment).  The facts of each spot are found once, and those of each
    tile on a spot once per kind of spot, so a position's thousands of placements cost
    little more than its hundred spots."""
    cells, mate, tc, p = state.cells, state.mate, state.tc, state.player
    q = 1 - p
    glob, set_mode = state._glob, state._set
    hq = state.have[q]
    gid, sizes, counts = _glade_table(cells, mate)
    # the squares the opponent can cover: their placeable spots on each square
    q_has = [0] * 7
    for x in range(1, 7):
        q_has[x] = int(any(hq[7 * x + 1 : 7 * x + 7]))
    q_spot = bytearray(NSPOTS)
    q_on = bytearray(N)
    if any(q_has):
        for k in range(NSPOTS):
            a, b = SPOT_A[k], SPOT_B[k]
            if cells[a] or cells[b]:
                continue
            need = spot_needs(cells, tc, k, q, glob)
            if need < 0:
                continue
            na, nb = need >> 3, need & 7
            if (hq[7 * na + nb] if na and nb else q_has[na or nb]) if na or nb else True:
                q_spot[k] = 1
                q_on[a] += 1
                q_on[b] += 1
    spot_info: dict[int, tuple] = {}
    value_parts: dict[tuple, list] = {}
    before_of: dict[int, int] = {}
    out: list[tuple[int, ...]] = []
    for m in moves:
        code = m.code
        if code < 0:
            out.append(_F_PASS)
            continue
        k, r = divmod(code, 36)
        info = spot_info.get(k)
        if info is None:
            a, b = SPOT_A[k], SPOT_B[k]
            touch = closes = ea = eb = pockets = reach = 0
            ca = cb = 0
            for side, n, _lv in EXT[k]:
                if cells[n]:
                    touch += 1
                    if tc[n] == TOUCH_LIMIT - 1:
                        closes += 1
                    continue
                if side:
                    eb += 1
                    cb |= q_on[n]
                else:
                    ea += 1
                    ca |= q_on[n]
                if q_on[n]:
                    reach += 1
                for t in NB[n]:
                    if t != a and t != b and not cells[t]:
                        break
                else:
                    pockets += 1
            g = gid[a]
            size = sizes[g]
            base = (
                _F_TOUCH[touch],
                _F_CLOSES[closes],
                _F_EDGE[_ON_EDGE[a] + _ON_EDGE[b]],
                _F_GLADE[size],
                _F_EMPTY[ea + eb],
                _F_SPLIT[_runs(cells, RING[k])],
                _F_POCKETS[pockets],
                _F_BLOCKS[q_on[a] + q_on[b] - q_spot[k]],
                _F_REACH[reach],
            )
            info = spot_info[k] = (base, (g, ea, eb, 1 if ca else 0, 1 if cb else 0))
        base, vkey = info
        row = value_parts.get(vkey)
        if row is None:
            row = value_parts[vkey] = [None] * 36
        part = row[r]
        if part is None:
            g, ea, eb, ca, cb = vkey
            before = before_of.get(g)
            cnt = counts[g]
            if before is None:
                w, _v = _decide_by(cnt[:6], cnt[6:], set_mode)
                before = before_of[g] = 2 if w == 2 else (0 if w == p else 1)
            va, vb = r // 6 + 1, r % 6 + 1
            # the faces: (value, empty squares faced, may the opponent cover one)
            fa = (va, ea, ca) if ea else None
            fb = (vb, eb, cb) if eb else None
            if fa and fb and vb > va:
                fa, fb = fb, fa
            top = fa or fb
            other = fb if fa else None
            mine = list(cnt[6 * p : 6 * p + 6])
            theirs = cnt[6 * q : 6 * q + 6]
            if top is None:
                face = (_F_TOP_NONE, _F_OTHER[0], _F_CANCEL[0])
            else:
                tv, te, tcan = top
                ov = 0
                if other is not None:
                    if other[0] == tv:
                        te += other[1]
                        tcan = tcan or other[2]
                    else:
                        ov = other[0]
                        mine[ov - 1] += 1
                mine[tv - 1] += 1
                face = (_F_TOP[tv][te], _F_OTHER[ov], _F_CANCEL[1 if tcan and q_has[tv] else 0])
            # (a tile never fills a glade of two: its long sides' squares would need tiles
            # lying across them, side by side, so some glade square is always left)
            size = max(sizes[g] - 2, 1)
            after, dv = _decide_by(mine, theirs, set_mode)  # 0 mine, 1 opp, 2 none
            part = row[r] = (
                _F_TILE[r],
                *face,
                _F_CLAIM[before][after],
                _F_AFTER[after][size],
                _F_DECIDED[after][dv],
            )
        out.append(base + part)
    return out


class Glades(Game):
    id = "glades"
    name = "Glades"
    designer = "Rey Alicea"
    year = None
    summary = "Lay dominoes on a 9x9 board and claim the empty glades with your highest values."
    rules_text = (
        "Each player has the 21 dominoes 1-1..6-6; Green starts (option).\n"
        "On your turn put one of your tiles on two empty adjacent squares, either way round.\n"
        "It may not touch your own tiles, and may touch an opponent's tile only end to end "
        "or at a right angle, never along a long edge (staggered included).\n"
        "Where tiles touch, the two touching squares must show the same value.\n"
        "A tile may touch at most 3 opponent tiles, and no tile may end up touched by more "
        "than 3.\n"
        "With no legal placement you pass; when neither player can place, the game ends.\n"
        "Each glade (a connected area of empty squares) goes to the highest value facing it "
        "that the opponent does not cancel: tiles showing a value on both sides cancel.\n"
        "Your score is the number of squares in your glades; the higher score wins."
    )
    colours = COLOURS
    edit_end_help = "Game over: a board where neither side can place a tile; the scores decide."
    notation_help = (
        "a tile is its two squares with their values: d5:3-e5:6 puts the 3 on "
        "d5 and the 6 on e5 (either order); pass is 'pass'"
    )
    options = (
        Option(
            "first",
            "green",
            "First player",
            choices=("green", "orange"),
            help="which colour places the first tile (Player 1 always plays Green)",
        ),
        Option(
            "touch_limit",
            "global",
            "Touch limit",
            choices=("global", "new-tile"),
            help="Global: no tile may ever be touched by more than 3 enemy tiles; "
            "New-tile: only the tile being placed is checked",
        ),
        Option(
            "cancel",
            "pairwise",
            "Cancelling",
            choices=("pairwise", "set"),
            help="Pairwise: equal values cancel one for one; Set: a value both players "
            "show cancels completely",
        ),
    )
    playout_cutoff = None
    # the names of ``GladesState.move_features``' indices (the learned priors, ai/policy.py)
    move_feature_names = FEATURE_NAMES
    # the names of ``GladesState.value_features``' entries (the learned leaf value, ai/value.py)
    value_feature_names = VALUE_FEATURE_NAMES
    # ``GladesState.rollout`` takes ``leaf=``: the learned value where a search's ``cutoff``
    # stops the playout (the game's own playouts play to the end: ``playout_cutoff`` None)
    cutoff_leaf = True
    # puzzle themes (``State.puzzle_theme``): a pass forced, a glade claimed, the last tile
    puzzle_themes = (("forcing a pass", ("passes",), "defender"), ("glade claim", ("glade",)))
    puzzle_theme_default = "last tile"
    wide = True
    # the levels search with the learned move priors (ai/policy.py, ai/policies/glades.json):
    # a node's placements are expanded in the model's order, with its bias at weight 1.
    # Against the plain search at equal CPU time it won 55 of 80 games at 0.3 s and 53 of 80
    # at 1 s; Hard with it against the plain Master: docs/games/glades.md, "Learned move
    # priors".  (Glades widens anyway, so ``prior_widening`` would change nothing.)  The
    # plain win-chance table reads its searches as well as a table fitted on them does.
    prior = 1.0

    def start(self, **options) -> GladesState:
        opts = self.validate(options)
        player = COLOURS.index(opts["first"])
        return GladesState(bytearray(N), bytearray(N), player, (False, False), opts)

    def position(self, tiles, to_move: int = 0, passed=(False, False), **options) -> GladesState:
        """A position from placements: ``[("green", "d5:3-e5:6"), ...]`` or
        ``{"d5:3-e5:6": "green"}``; checked as ``parse`` checks it."""
        opts = self.validate(options)
        pairs = [(v, k) for k, v in tiles.items()] if isinstance(tiles, dict) else tiles
        tokens = {}
        for who, text in pairs:
            owner = who if who in (0, 1) else COLOURS.index(who)
            a, va, b, vb = read_move(text)
            for s, v, t in ((a, va, b), (b, vb, a)):
                if s in tokens:
                    raise ValueError(f"{NAMES[s]} is covered twice")
                tokens[s] = (owner, v, ARROWS[t - s])
        cells, mate = _build(tokens)
        return self.parse(_format(cells, mate, to_move, passed, opts))

    # --- the editor (game/rules/core.py) -------------------------------------------------
    # A palette piece is a whole tile: its colour letter, the value on the cell clicked, the
    # arrow to the other half and that half's value ("G3>5"); turning it swings the other
    # half round the cell clicked.  A click on a half removes the whole tile.
    def edit_palette(self, text: str) -> list[EditPiece]:
        out = []
        for o, colour in enumerate(COLOURS):
            for a in range(1, 7):
                for b in range(a, 7):
                    out.append(
                        EditPiece(f"{LETTERS[o]}{a}>{b}", f"{colour} {a}-{b}", colour, f"{a}-{b}")
                    )
        return out

    def edit_turn(self, token: str) -> str:
        m = _PIECE.match(token or "")
        if not m:
            return token
        turn = {">": "^", "^": "<", "<": "v", "v": ">"}
        return f"{m.group(1)}{m.group(2)}{turn[m.group(3)]}{m.group(4)}"

    def edit_words(self, token: str) -> str:
        m = _PIECE.match(token or "")
        if not m:
            return ""
        where = {">": "to its right", "<": "to its left", "^": "above", "v": "below"}
        return f"the {m.group(2)} here, the {m.group(4)} {where[m.group(3).lower()]}"

    def edit_fields(self, text: str) -> list[EditField]:
        return [
            EditField("to move", "To move", COLOURS),
            EditField("passed", "Passed", ("none",) + COLOURS),
        ]

    def edit_where(self, text: str, cell: str) -> tuple[int, int]:
        c, r = cell_at(cell)
        if not (1 <= c <= SIZE and 1 <= r <= SIZE):
            raise ValueError(f"{cell} is not a square of the board (a1..i9)")
        return r, c - 1

    def edit_cell(self, text: str, cell: str, token: str | None) -> str:
        row, c = self.edit_where(text, cell)
        r = row - 1
        i = SIZE * r + c
        put = {}
        if token is not None:
            m = _PIECE.match(token)
            if not m:
                raise ValueError(f"{token!r} is not a tile (like G3>5)")
            step = ARROW_STEP[m.group(3).lower()]
            j = i + step
            if (step == 1 and c == SIZE - 1) or (step == -1 and c == 0) or not 0 <= j < N:
                raise ValueError(
                    f"a tile on {NAMES[i]} pointing {m.group(3)} would leave the board"
                )
            back = ARROWS[-step]
            put = {
                i: f"{m.group(1).upper()}{m.group(2)}{m.group(3).lower()}",
                j: f"{m.group(1).upper()}{m.group(4)}{back}",
            }
        for k in [i, *put]:  # lift the tiles under the new one (and the one clicked)
            tok = grid_get(text, k // SIZE + 1, k % SIZE) or "."
            mt = _TOKEN.match(tok)
            if mt:
                other = k + ARROW_STEP[mt.group(3).lower()]
                text = grid_set(text, k // SIZE + 1, k % SIZE, ".")
                if 0 <= other < N:
                    half = grid_get(text, other // SIZE + 1, other % SIZE) or "."
                    if _TOKEN.match(half):
                        text = grid_set(text, other // SIZE + 1, other % SIZE, ".")
        for k, tok in put.items():
            text = grid_set(text, k // SIZE + 1, k % SIZE, tok)
        return text

    def sketch(self, text: str) -> GladesState:
        return self._read(text, check=False)

    def parse(self, text: str) -> GladesState:
        return self._read(text, check=True)

    def _read(self, text: str, check: bool) -> GladesState:
        if not isinstance(text, str):
            raise ValueError("a Glades position must be text")
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
                raw[key] = value.strip().lower()
                continue
            parts = s.split()
            if parts[0].isdigit():
                r = int(parts[0])
                if not 1 <= r <= SIZE:
                    raise ValueError(f"line {n}: row {r} is not on the board (rows 1..9)")
                if r in rows:
                    raise ValueError(f"line {n}: row {r} is given twice")
                toks = parts[1:]
                if len(toks) == SIZE + 1 and toks[-1].isdigit():
                    if int(toks[-1]) != r:
                        raise ValueError(f"line {n}: row {r} ends with the number {toks[-1]}")
                    toks = toks[:-1]
                if len(toks) != SIZE:
                    raise ValueError(f"line {n}: row {r} needs 9 squares (a..i), found {len(toks)}")
                rows[r] = toks
                continue
            if "".join(parts).lower() == FILES:
                continue
            raise ValueError(f"line {n}: cannot read {s!r}")
        game_id = raw.pop("game", None)
        if game_id is None:
            raise ValueError("not a Glades position: the first line must be 'game: glades'")
        if game_id != "glades":
            raise ValueError(f"not a Glades position: 'game: {game_id}'")
        who = raw.pop("to move", None)
        if who is None:
            raise ValueError("the position does not say who is to move ('to move: green')")
        if who not in COLOURS:
            raise ValueError(f"'to move' must be green or orange, not {who!r}")
        player = COLOURS.index(who)
        pas = raw.pop("passed", "none")
        names = [w.strip() for w in pas.split(",") if w.strip()]
        if names == ["none"]:
            names = []
        for w in names:
            if w not in COLOURS:
                raise ValueError(f"'passed' lists green, orange or none, not {w!r}")
        passed = tuple(c in names for c in COLOURS)
        if all(passed):
            raise ValueError(
                "both players cannot have passed: the game ends as soon as "
                "neither can place, before the second pass"
            )
        opts = self.validate(raw)
        missing = [r for r in range(1, SIZE + 1) if r not in rows]
        if missing:
            raise ValueError(
                f"rows missing from the position: {', '.join(str(r) for r in missing)}"
            )
        tokens = {}
        for r, toks in rows.items():
            for c, tok in enumerate(toks):
                i = SIZE * (r - 1) + c
                if tok == ".":
                    continue
                m = _TOKEN.match(tok)
                if not m:
                    raise ValueError(
                        f"{NAMES[i]}: cannot read {tok!r} (use . for empty, or "
                        f"G/O, a value 1..6 and an arrow > < ^ v to the other half, "
                        f"like G3>)"
                    )
                tokens[i] = (LETTERS.index(m.group(1).upper()), int(m.group(2)), m.group(3).lower())
        cells, mate = _build(tokens)
        if not check:
            return GladesState(cells, mate, player, passed, opts)
        _check_position(cells, mate, opts["touch_limit"] == "global")
        state = GladesState(cells, mate, player, passed, opts)
        for p in (0, 1):
            if passed[p] and state.can_place(p):
                raise ValueError(
                    f"{COLOURS[p]} is said to have passed but has a legal "
                    f"placement (passing is only allowed without one)"
                )
        return state
