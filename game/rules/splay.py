"""Splay (Greg Schmidt, 2011): the spec is ../shared/rules/splay.md.

Board: hexhex of side 6 (91 cells), see ``hexhex``.  A cell holds a code:

* 0            empty
* 1 + 16p      a marker of player p
* 1 + 16p + h  a tower of player p, height h >= 1

``emp[i]`` caches the number of empty neighbours of every cell.

Notation: a move is the name of its cell (``f6``): an empty interior cell
takes a new checker, one of your towers takes one more.  A forced pass is
``pass``.  The position format is described in docs/games/splay.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import BadNotation, EditPiece, Game, Move, Option, RuleViolation, State, cell_at
from .hexhex import board, cell_name, parse_cell

SIDE = 6
GEO = board(SIDE)
N = GEO.size
NEIGHBOURS = GEO.neighbours
BORDER = GEO.border
INTERIOR = tuple(GEO.interior)
NAMES = GEO.names
WIN_TERRITORY = 46
PLAYER_NAMES = ("White", "Black")
PLAYER_WORDS = ("white", "black")


def _owner(v: int) -> int:
    return v >> 4


def _height(v: int) -> int:
    return (v & 15) - 1


class SplayMove(Move):
    """A placement on ``cell`` (an index), or a pass (``cell`` is None)."""

    __slots__ = ("cell", "_name")

    def __init__(self, cell: int | None):
        self.cell = cell
        self._name = "pass" if cell is None else NAMES[cell]

    def notation(self) -> str:
        return self._name

    def __eq__(self, other):
        return isinstance(other, SplayMove) and other.cell == self.cell

    def __hash__(self):
        return hash(self.cell)

    def __reduce__(self):
        return (_move_for, (self.cell,))


MOVES = tuple(SplayMove(i) for i in range(N))
PASS = SplayMove(None)


def _move_for(cell):
    return PASS if cell is None else MOVES[cell]


def _notation_error(text: str) -> str:
    """Why ``text`` (stripped, lower case) names no move of Splay at all; "" when it does."""
    if text == "pass":
        return ""
    cr = parse_cell(text)
    if cr is None:
        return f"{text!r} is not a move: write a cell name like f6, or pass"
    if not GEO.contains(*cr):
        return f"{text}: there is no such cell on the board"
    return ""


def _empty_counts(cells) -> bytearray:
    return bytearray(sum(1 for j in NEIGHBOURS[i] if not cells[j]) for i in range(N))


def _place_ok(cells, emp, x: int) -> bool:
    """May a new checker go on the empty interior cell x? (rule 3b; same for both players)"""
    if emp[x] < 1:
        return False
    for t in NEIGHBOURS[x]:
        v = cells[t]
        if v and (v & 15) > 1 and emp[t] < (v & 15) + 1:  # tower: empties >= height + 2
            return False
    return True


def _apply(cells, emp, terr, p: int, x: int) -> tuple[int, list[int]]:
    """Play a placement of player p at x in place (legality already checked).

    Returns (splayed cell or -1, list of cells filled with new markers)."""
    v = cells[x]
    base = 1 + 16 * p
    if v == 0:
        cells[x] = base + 1
        terr[p] += 1
        for n in NEIGHBOURS[x]:
            emp[n] -= 1
        height = 1
    else:
        height = v & 15  # new height = old height + 1
        cells[x] = v + 1
    if emp[x] != height:
        return -1, []
    # splay: markers on every empty neighbour, the tower becomes a marker
    filled = []
    for n in NEIGHBOURS[x]:
        if cells[n] == 0:
            cells[n] = base
            terr[p] += 1
            filled.append(n)
            for m in NEIGHBOURS[n]:
                emp[m] -= 1
    cells[x] = base
    # collapse: towers next to a newly filled cell with empties <= height
    for n in filled:
        for t in NEIGHBOURS[n]:
            w = cells[t]
            if w and (w & 15) > 1 and emp[t] <= (w & 15) - 1:
                cells[t] = w & 16 | 1
    return x, filled


@dataclass(frozen=True)
class SplayOutcome:
    """What a placement that splays does (rules 4 and 5): ``cell``, the tower that splays,
    ``player``, who places there, ``markers``, the cells that become that player's markers
    (the tower's own cell first, then its empty neighbours), and ``collapsed``, the towers
    of either colour that collapse into markers of their own colour."""

    cell: int
    player: int
    markers: tuple[int, ...]
    collapsed: tuple[int, ...]

    @property
    def name(self) -> str:
        return NAMES[self.cell]

    def caption(self) -> str:
        """One line, e.g. ``f6 splays: 5 markers, 1 tower collapses``."""
        n = len(self.markers)
        text = f"{self.name} splays: {n} marker{'s' if n != 1 else ''}"
        k = len(self.collapsed)
        if k:
            text += f", {k} tower{'s collapse' if k != 1 else ' collapses'}"
        return text


class SplayState(State):
    __slots__ = ("cells", "emp", "player", "terr", "_moves", "_placeable", "_over")

    geometry = GEO

    def __init__(
        self,
        cells: bytearray,
        player: int,
        emp: bytearray | None = None,
        terr: list[int] | None = None,
    ):
        self.cells = cells
        self.player = player
        self.emp = emp if emp is not None else _empty_counts(cells)
        if terr is None:
            terr = [0, 0]
            for v in cells:
                if v:
                    terr[v >> 4] += 1
        self.terr = terr
        self._moves: list[SplayMove] | None = None
        self._placeable: list[int] | None = None
        self._over: bool | None = None

    def __getstate__(self):
        return (bytes(self.cells), self.player)

    def __setstate__(self, data):
        cells, player = data
        self.__init__(bytearray(cells), player)

    @property
    def game(self) -> Game:
        from . import get

        return get("splay")

    # --- reading the board ------------------------------------------------------------
    def piece(self, i: int):
        """None for empty; (owner, height) with height 0 for a marker."""
        v = self.cells[i]
        if not v:
            return None
        return v >> 4, (v & 15) - 1

    def empty_neighbours(self, i: int) -> int:
        return self.emp[i]

    def placements(self) -> dict[int, SplayMove]:
        """The legal placements of the player to move: cell index -> move."""
        return {m.cell: m for m in self.legal_moves() if m.cell is not None}

    def forced_pass(self) -> SplayMove | None:
        """The pass when it is the only legal move (no placement is open), else None."""
        moves = self.legal_moves()
        return moves[0] if len(moves) == 1 and moves[0].cell is None else None

    def why_not_place(self, i: int) -> str:
        """Why the player to move may not place on cell ``i`` ("" when they may)."""
        if i in self.placements():
            return ""
        return self.why_illegal(NAMES[i])

    def splay_of(self, cell: int, player: int | None = None) -> SplayOutcome | None:
        """What a checker of ``player`` (default: the player to move) on ``cell`` would do
        if it splays the tower there, else None: None as well when that placement is not
        open to that player (the border, a marker, the other colour's tower, a cell rule
        3b forbids) or the game is over."""
        p = self.player if player is None else player
        if self.is_over() or not isinstance(cell, int) or not 0 <= cell < N:
            return None
        v = self.cells[cell]
        if v:
            if v >> 4 != p or v & 15 < 2:
                return None
        elif BORDER[cell] or not _place_ok(self.cells, self.emp, cell):
            return None
        cells, emp, terr = bytearray(self.cells), bytearray(self.emp), list(self.terr)
        x, filled = _apply(cells, emp, terr, p, cell)
        if x < 0:
            return None
        collapsed = tuple(
            i for i in range(N) if i != cell and self.cells[i] & 15 > 1 and cells[i] & 15 == 1
        )
        return SplayOutcome(cell, p, (cell, *filled), collapsed)

    def towers(self, p: int) -> list[int]:
        lo = 16 * p + 2
        return [i for i, v in enumerate(self.cells) if lo <= v < lo + 15]

    def _placeable_cells(self) -> list[int]:
        if self._placeable is None:
            cells, emp = self.cells, self.emp
            self._placeable = [x for x in INTERIOR if not cells[x] and _place_ok(cells, emp, x)]
        return self._placeable

    # --- the contract -------------------------------------------------------------------
    def scores(self) -> tuple[int, int]:
        return self.terr[0], self.terr[1]

    def is_over(self) -> bool:
        over = self._over
        if over is None:
            over = self._over = self._ends()
        return over

    def _ends(self) -> bool:
        """Is the game over?  Stops at the first open placement instead of listing them all
        (most positions the search sees are only asked this, never for their moves)."""
        terr = self.terr
        if terr[0] >= WIN_TERRITORY or terr[1] >= WIN_TERRITORY:
            return True
        placeable = self._placeable
        if placeable is not None:
            if placeable:
                return False
        else:
            cells, emp = self.cells, self.emp
            for x in INTERIOR:
                if not cells[x] and emp[x] and _place_ok(cells, emp, x):
                    return False
        return not any(v & 15 > 1 for v in self.cells)

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        a, b = self.terr
        return 0 if a > b else 1 if b > a else None

    def end_reason(self) -> str:
        if not self.is_over():
            return ""
        a, b = self.terr
        for p in (0, 1):
            if self.terr[p] >= WIN_TERRITORY:
                return (
                    f"{PLAYER_NAMES[p]} holds {self.terr[p]} of 91 cells, more than half: "
                    f"territory {a} to {b}."
                )
        result = "a draw" if a == b else f"{PLAYER_NAMES[0 if a > b else 1]} wins"
        return f"Neither player can place a checker: territory {a} to {b}, {result}."

    def legal_moves(self) -> list[SplayMove]:
        if self._moves is None:
            if self.is_over():
                self._moves = []
            else:
                p = self.player
                lo = 16 * p + 2
                own = [i for i, v in enumerate(self.cells) if lo <= v < lo + 15]
                ms = sorted(own + self._placeable_cells())
                self._moves = [MOVES[i] for i in ms] if ms else [PASS]
        return list(self._moves)

    def _allows(self, cell: int | None) -> bool:
        """Is the move on ``cell`` (None: the pass) legal here?  (The game is not over.)
        A cell is read directly (rule 3: an own tower, or an empty interior cell open to a
        new checker) instead of searching the move list."""
        if cell is None:
            return self.legal_moves() == [PASS]
        if not 0 <= cell < N:
            return False
        v = self.cells[cell]
        if v:
            return v >> 4 == self.player and v & 15 > 1
        return not BORDER[cell] and _place_ok(self.cells, self.emp, cell)

    def describe(self, move) -> str:
        """ "White places on f6." / "Black places on d4 and splays the tower: 5 markers,
        2 towers collapse." (the panel's log)."""
        who = self.seat_name(self.player)
        try:
            m = self.find_move(move)
        except ValueError:  # IllegalMove
            return super().describe(move)
        cell = getattr(m, "cell", None)
        if not isinstance(cell, int):
            return super().describe(move)
        out = self.splay_of(cell)
        if out is None:
            return f"{who} places on {NAMES[cell]}."
        n = len(out.markers)
        text = (
            f"{who} places on {NAMES[cell]} and splays the tower: {n} marker{'s' if n != 1 else ''}"
        )
        k = len(out.collapsed)
        if k:
            text += f", {k} tower{'s' if k != 1 else ''} collapse{'s' if k == 1 else ''}"
        return text + "."

    def play(self, move) -> "SplayState":
        if isinstance(move, SplayMove):
            if self.is_over():
                raise RuleViolation(f"{move}: the game is over")
            if not self._allows(move.cell):
                raise RuleViolation(self.why_illegal(str(move)))
        else:
            move = self.find_move(move)
        if move.cell is None:
            return SplayState(
                bytearray(self.cells), 1 - self.player, bytearray(self.emp), list(self.terr)
            )
        cells, emp, terr = bytearray(self.cells), bytearray(self.emp), list(self.terr)
        _apply(cells, emp, terr, self.player, move.cell)
        return SplayState(cells, 1 - self.player, emp, terr)

    # --- what a move achieves ---------------------------------------------------------------
    def _puzzle_theme(self, plies) -> str | None:
        """Splay's puzzle theme: "last placement" when the game ends with no placement left
        (neither side reached 46: the territory decides), else "splay" when a solver move
        splays on the way to 46, else "last placement" (a plain placement reaching 46)."""
        end = plies[-1][2]
        if not end.is_over() or end.winner() != self.player:
            return None
        if max(end.terr) < WIN_TERRITORY:
            return "last placement"
        for before, move, _after in plies:
            if before.player == self.player and move.cell is not None:
                if before.splay_of(move.cell) is not None:
                    return "splay"
        return "last placement"

    def _explain(self, move, after) -> str | None:
        """Splay's reason for a move: the splay and its collapses (the only way to take a
        splay from the opponent: a tower about to splay allows no placement next to it), a
        tower made ready to splay (see ``State.explain``)."""
        p = self.player
        name = PLAYER_NAMES[p]
        if move.cell is None:
            return "passes: no placement is open"
        cell = move.cell
        where = NAMES[cell]
        parts = []
        out = self.splay_of(cell, p)
        if out is not None:
            n = len(out.markers)
            parts.append(f"splays {where} into {n} marker{'s' if n != 1 else ''}")
            theirs = sum(1 for i in out.collapsed if self.cells[i] >> 4 != p)
            mine = len(out.collapsed) - theirs
            fell = []
            if theirs:
                fell.append(f"{theirs} {PLAYER_NAMES[1 - p]} tower{'s' if theirs != 1 else ''}")
            if mine:
                fell.append(
                    f"{mine} of its own" if theirs else f"{mine} own tower{'s' * (mine > 1)}"
                )
            if fell:
                parts.append("collapses " + " and ".join(fell))
            parts[-1] += f" ({name}'s territory {self.terr[p]} -> {after.terr[p]})"
        else:
            height = after.cells[cell] & 15
            height -= 1
            if self.cells[cell]:
                text = f"raises the {where} tower to {height}"
            else:
                text = f"starts a tower on {where}"
            if after.emp[cell] == height + 1:
                text += ", one checker from splaying"
            parts.append(text)
        end = self._explain_end(after)
        if end:
            parts.append(end)
        return self.join_reasons(parts)

    def find_move(self, move):
        if self.is_over():
            raise RuleViolation(f"{move}: the game is over")
        text = str(move).strip().lower()
        for m in self.legal_moves():
            if m._name == text:
                return m
        bad = _notation_error(text)
        if bad:
            raise BadNotation(bad)
        raise RuleViolation(self.why_illegal(text))

    def why_illegal(self, text: str) -> str:
        text = text.strip().lower()
        if self.is_over():
            return f"{text}: the game is over"
        if text == "pass":
            return "pass: you may pass only when you have no legal placement"
        bad = _notation_error(text)
        if bad:
            return bad
        cr = parse_cell(text)
        assert cr is not None  # _notation_error has read it
        x = GEO.index[cr]
        if self.legal_moves() == [PASS]:
            return f"{text}: you have no legal placement and must pass"
        v = self.cells[x]
        who = PLAYER_NAMES[self.player]
        if v:
            o, h = v >> 4, (v & 15) - 1
            if h == 0:
                return f"{text} holds a marker: markers are permanent"
            return f"{text} holds a {PLAYER_NAMES[o]} tower: you may stack only on your own towers"
        if BORDER[x]:
            return f"{text} is a border cell: checkers are never placed on the border"
        if self.emp[x] < 1:
            return f"{text} has no empty neighbour: a new checker there could never splay"
        for t in NEIGHBOURS[x]:
            w = self.cells[t]
            if w and (w & 15) > 1 and self.emp[t] < (w & 15) + 1:
                h = (w & 15) - 1
                return (
                    f"{text} would leave the {PLAYER_NAMES[w >> 4]} tower on {NAMES[t]} "
                    f"(height {h}) with {self.emp[t] - 1} empty neighbours; "
                    f"it needs at least {h + 1}"
                )
        return f"{text} is not a legal move for {who}"  # pragma: no cover - not reached

    def __str__(self) -> str:
        return _format(self.cells, self.player)

    def __eq__(self, other):
        return (
            isinstance(other, SplayState)
            and other.player == self.player
            and other.cells == self.cells
        )

    def __hash__(self):
        return hash((bytes(self.cells), self.player))

    def __repr__(self):
        return f"<SplayState {self.player} {self.terr}>"

    # --- AI hooks ------------------------------------------------------------------------
    def random_move(self, rng):
        moves = self.legal_moves()
        return moves[int(rng.random() * len(moves))]

    def evaluate(self) -> float:
        return _evaluate(self.cells, self.emp, self.terr)

    def move_features(self, moves) -> list[tuple[int, ...]]:
        """The feature indices (``FEATURE_NAMES``) of each of ``moves``, legal moves here."""
        cells, emp, terr, p = self.cells, self.emp, self.terr, self.player
        return [
            (_F_PASS,) if m.cell is None else _move_features(cells, emp, terr, p, m.cell)
            for m in moves
        ]

    def value_features(self) -> list[float]:
        """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``, the mover's view;
        ai/value.py); the position is not over."""
        return value_features_cells(self.cells, self.emp, self.terr, self.player)

    def amaf_key(self, move) -> int:
        """The move's key for the search's shared move statistics (RAVE/GRAVE,
        ``ai/mcts.py``): ``2 * (cell + 1) + seat``, and the seat alone for a pass."""
        cell = move.cell
        return self.player if cell is None else 2 * cell + 2 + self.player

    def amaf_rollout(self, rng, cutoff=None) -> tuple[float, list[int]]:
        """``rollout``, with the ``amaf_key`` of every move it played, in order."""
        trace: list = []
        value = self.rollout(rng, cutoff, trace)
        p = self.player
        keys = []
        for x in trace:  # the seats alternate, a pass included
            keys.append(p if x is None else 2 * x + 2 + p)
            p ^= 1
        return value, keys

    def rollout(self, rng, cutoff=None, trace=None, leaf=None) -> float:
        """A fast random playout; ``trace``, a list, receives every cell played (None: pass);
        ``leaf`` (``Game.cutoff_leaf``) scores a position where the cut-off stops it, called
        with its ``value_features`` and the seat to move, in place of the evaluation."""
        if cutoff is None:
            cutoff = Splay.playout_cutoff
        return _rollout(
            self.cells,
            self.emp,
            self.terr,
            self.player,
            rng,
            10**9 if cutoff is None else cutoff,
            trace,
            leaf,
        )


# What a tower is worth beyond the cell it stands on.  A tower of height h with e empty
# neighbours splays for e new cells after e - h more checkers, so it counts e, less 30% for
# each stacking move it still needs after the next: e * 0.7 ** (e - h - 1), and a tower one
# checker from its splay counts all e.  The table is read by a cell's code (v & 15, which
# is height + 1), so a marker (code 1) and an empty cell (code 0) gain nothing.  The old
# reading, 0.25 * e / (h + 1) for every tower, valued a tall tower one move from its splay
# least of all.  This one scored 77.5% against it at equal time, and a variant that also
# discounts the ripe tower (e * 0.6 ** (e - h)) lost to it 5-4-28 (docs/ai.md).
TOWER_DISCOUNT = 0.7
TOWER_GAIN = tuple(
    tuple(e * TOWER_DISCOUNT ** (e - code) if code > 1 and e >= code else 0.0 for e in range(8))
    for code in range(16)
)
EVAL_SCALE = 10.0


def _evaluate(cells, emp, terr) -> float:
    """Territory, plus what each tower can still gain by splaying, for player 0, in (-1, 1)."""
    score = float(terr[0] - terr[1])
    gain = TOWER_GAIN
    for i in range(N):
        v = cells[i]
        if v & 15 > 1:
            g = gain[v & 15][emp[i]]
            score += g if v < 16 else -g
    x = score / EVAL_SCALE
    return x / (1.0 + abs(x))


def _rollout(cells0, emp0, terr0, player, rng, cutoff, trace=None, leaf=None) -> float:
    """A random game from the position, in place on copies; the value for player 0.

    A random legal move is drawn by rejection over (empty interior cells + own
    towers), which is uniform over the legal moves; after a few misses the
    legal list is built once to decide between a move and a pass."""
    cells = list(cells0)
    emp = list(emp0)
    terr = list(terr0)
    rnd = rng.random
    empties = [x for x in INTERIOR if not cells[x]]
    epos = [-1] * N
    for k, x in enumerate(empties):
        epos[x] = k
    towers: tuple[list[int], list[int]] = ([], [])
    tpos = [-1] * N
    for i in range(N):
        v = cells[i]
        if v & 15 > 1:
            lst = towers[v >> 4]
            tpos[i] = len(lst)
            lst.append(i)
    plies = 0
    nb = NEIGHBOURS
    while True:
        if terr[0] >= WIN_TERRITORY or terr[1] >= WIN_TERRITORY:
            break
        if plies >= cutoff:
            if leaf is not None:
                return leaf(value_features_cells(cells, emp, terr, player), player)
            return _evaluate(cells, emp, terr)
        own = towers[player]
        ne = len(empties)
        total = ne + len(own)
        x = -1
        for _ in range(6):
            if not total:
                break
            k = int(rnd() * total)
            if k >= ne:
                x = own[k - ne]
                break
            c = empties[k]
            if emp[c] < 1:
                continue
            for t in nb[c]:
                v = cells[t]
                if v & 15 > 1 and emp[t] < (v & 15) + 1:
                    break
            else:
                x = c
                break
        if x < 0:
            legal = own + [c for c in empties if _place_ok(cells, emp, c)]
            if legal:
                x = legal[int(rnd() * len(legal))]
        if x < 0:
            # no placement: empties are equally unplaceable for the opponent, so the
            # game goes on only if the opponent has a tower to stack on
            if not towers[1 - player]:
                break
            if trace is not None:
                trace.append(None)
            player = 1 - player
            plies += 1
            continue
        if trace is not None:
            trace.append(x)
        # play x
        base = 1 + 16 * player
        v = cells[x]
        if v == 0:
            cells[x] = base + 1
            terr[player] += 1
            for n in nb[x]:
                emp[n] -= 1
            height = 1
            # leaves the empty list, joins the towers
            k = epos[x]
            last = empties.pop()
            if last != x:
                empties[k] = last
                epos[last] = k
            epos[x] = -1
            tpos[x] = len(own)
            own.append(x)
        else:
            height = v & 15
            cells[x] = v + 1
        if emp[x] == height:
            filled = []
            for n in nb[x]:
                if cells[n] == 0:
                    cells[n] = base
                    terr[player] += 1
                    filled.append(n)
                    for m in nb[n]:
                        emp[m] -= 1
                    k = epos[n]
                    if k >= 0:
                        last = empties.pop()
                        if last != n:
                            empties[k] = last
                            epos[last] = k
                        epos[n] = -1
            cells[x] = base
            dead = [x]
            for n in filled:
                for t in nb[n]:
                    w = cells[t]
                    if w & 15 > 1 and emp[t] <= (w & 15) - 1:
                        cells[t] = w & 16 | 1
                        dead.append(t)
            for t in dead:
                lst = towers[cells[t] >> 4]
                k = tpos[t]
                if k < 0:
                    continue
                last = lst.pop()
                if last != t:
                    lst[k] = last
                    tpos[last] = k
                tpos[t] = -1
        player = 1 - player
        plies += 1
    a, b = terr
    return 1.0 if a > b else -1.0 if b > a else 0.0


# --- move features (the learned move priors of ai/policy.py) -----------------------------------
# Cheap local features of a move, for the search's learned priors (``State.move_features``,
# game/rules/core.py).  Each move is a handful of these names (one-hot buckets); the model is a
# weight per name, fitted by ``python -m ai.train splay``.  Renaming or reordering them makes
# the shipped weights stale (the search then ignores them), so add new ones at the end.
def _feature_names() -> tuple[str, ...]:
    names = ["pass"]
    names += [f"new e={e}" for e in range(1, 7)]  # a new checker with e empty neighbours
    # a stack: the tower's height after it (capped at 6) and its empty neighbours
    names += [f"stack h={h} e={e}" for h in range(2, 7) for e in range(7)]
    names += [f"ring {r}" for r in range(6)]  # steps from the centre cell
    for what in ("own tower", "opp tower", "own marker", "opp marker"):
        names += [f"adj {what} {k}" for k in range(4)]  # neighbours holding one (3: 3+)
    # towers next to a new checker left one checker from their splay (emp = height + 1)
    names += [f"ripens own {k}" for k in range(3)]
    names += [f"ripens opp {k}" for k in range(3)]
    names += [f"splay gain {k}" for k in range(7)]  # new markers of a splay (6: 6+)
    names += [f"collapses own {k}" for k in range(3)]
    names += [f"collapses opp {k}" for k in range(3)]
    names += [f"collapsed opp height {k}" for k in range(5)]  # their heights summed (4: 4+)
    return tuple(names)


FEATURE_NAMES = _feature_names()
_FI = {name: i for i, name in enumerate(FEATURE_NAMES)}
_F_PASS = _FI["pass"]
_F_NEW = [0] + [_FI[f"new e={e}"] for e in range(1, 7)]
_F_STACK = [[_FI[f"stack h={max(2, min(h, 6))} e={e}"] for e in range(7)] for h in range(16)]
_F_ADJ = [
    [_FI[f"adj {w} {k}"] for k in range(4)]
    for w in ("own tower", "opp tower", "own marker", "opp marker")
]
_F_RIPE = ([_FI[f"ripens own {k}"] for k in range(3)], [_FI[f"ripens opp {k}"] for k in range(3)])
_F_GAIN = [_FI[f"splay gain {k}"] for k in range(7)]
_F_COLL = (
    [_FI[f"collapses own {k}"] for k in range(3)],
    [_FI[f"collapses opp {k}"] for k in range(3)],
)
_F_COLL_H = [_FI[f"collapsed opp height {k}"] for k in range(5)]


def _ring(i: int) -> int:
    c, r = GEO.coords[i]
    dc, dr = c - SIDE, r - SIDE
    return max(abs(dc), abs(dr), abs(dc - dr))


_F_RING = tuple(_FI[f"ring {min(_ring(i), 5)}"] for i in range(N))


def _move_features(cells, emp, terr, p: int, x: int) -> tuple[int, ...]:
    """The feature indices of player p's placement on cell x (legal; see FEATURE_NAMES)."""
    v = cells[x]
    e = emp[x]
    feats = [_F_RING[x]]
    counts = [0, 0, 0, 0]  # own tower, opp tower, own marker, opp marker
    ripe = [0, 0]
    for n in NEIGHBOURS[x]:
        w = cells[n]
        if not w:
            continue
        mine = 0 if w >> 4 == p else 1
        code = w & 15
        if code > 1:
            counts[mine] += 1
            if not v and emp[n] == code + 1:  # height + 2 now, height + 1 after
                ripe[mine] += 1
        else:
            counts[2 + mine] += 1
    for k in range(4):
        feats.append(_F_ADJ[k][min(counts[k], 3)])
    if v:
        code = (v & 15) + 1  # the tower after the stack: height code - 1
        feats.append(_F_STACK[code - 1][min(e, 6)])
        splays = e == code - 1
    else:
        feats.append(_F_NEW[min(e, 6)])
        feats.append(_F_RIPE[0][min(ripe[0], 2)])
        feats.append(_F_RIPE[1][min(ripe[1], 2)])
        splays = e == 1
    if splays:
        after = bytearray(cells)
        _, filled = _apply(after, bytearray(emp), list(terr), p, x)
        feats.append(_F_GAIN[min(len(filled), 6)])
        coll = [0, 0]
        height = 0
        for t in {t for n in filled for t in NEIGHBOURS[n]}:
            w = cells[t]
            if t != x and w & 15 > 1 and after[t] & 15 == 1:
                mine = 0 if w >> 4 == p else 1
                coll[mine] += 1
                if mine:
                    height += (w & 15) - 1
        feats.append(_F_COLL[0][min(coll[0], 2)])
        feats.append(_F_COLL[1][min(coll[1], 2)])
        feats.append(_F_COLL_H[min(height, 4)])
    return tuple(feats)


# --- position features (the learned leaf value of ai/value.py) ----------------------------
# the names of ``value_features_cells``' entries (``Splay.value_feature_names``); renaming or
# reordering them makes a shipped model stale
VALUE_FEATURE_NAMES = (
    "mover is Black",
    "territory, mover less opponent (tens)",
    "territory on the board (nineties)",
    "tower gain, mover (tens)",
    "tower gain, opponent (tens)",
    "mover's biggest splay now (tens)",
    "opponent's biggest splay next (tens)",
    "mover's ripe towers (fives)",
    "opponent's ripe towers (fives)",
    "mover's towers (tens)",
    "opponent's towers (tens)",
    "mover's ripe splay wins",
    "opponent's ripe splay would win",
    "empty interior cells (fifties)",
)


_IS_INTERIOR = bytearray(N)
for _i in INTERIOR:
    _IS_INTERIOR[_i] = 1
del _i


def value_features_cells(cells, emp, terr, player: int) -> list[float]:
    """The learned leaf value's inputs (``VALUE_FEATURE_NAMES``), from the view of
    ``player``, to move, in a position that is not over: the territory either way, what
    each side's towers can still gain (the evaluation's ``TOWER_GAIN``), the biggest splay
    each side has ripe (a tower one checker from its splay: empty neighbours = height + 1),
    whether that splay reaches 46 cells (for the mover, a win at once: stacking on one's own
    tower is always allowed), and how much room is left.  One pass over the
    board, as ``_evaluate`` makes."""
    gain = TOWER_GAIN
    tgain = [0.0, 0.0]
    best = [0, 0]
    ripe = [0, 0]
    towers = [0, 0]
    empty = 0
    for i in range(N):
        v = cells[i]
        code = v & 15
        if code > 1:
            o = v >> 4
            e = emp[i]
            towers[o] += 1
            tgain[o] += gain[code][e]
            if e == code:  # one more checker makes height = empty neighbours
                ripe[o] += 1
                if e > best[o]:
                    best[o] = e
        elif not v and _IS_INTERIOR[i]:
            empty += 1
    q = 1 - player
    tp, tq = terr[player], terr[q]
    return [
        1.0 if player == 1 else 0.0,
        (tp - tq) / 10,
        (tp + tq) / 91,
        tgain[player] / 10,
        tgain[q] / 10,
        best[player] / 10,
        best[q] / 10,
        ripe[player] / 5,
        ripe[q] / 5,
        towers[player] / 10,
        towers[q] / 10,
        1.0 if best[player] and tp + best[player] >= WIN_TERRITORY else 0.0,
        1.0 if best[q] and tq + best[q] >= WIN_TERRITORY else 0.0,
        empty / 50,
    ]


class Splay(Game):
    id = "splay"
    name = "Splay"
    designer = "Greg Schmidt"
    year = 2011
    summary = "Stack checkers into towers, then splay them to flood the board with territory."
    rules_text = (
        "White moves first; each turn place one checker.\n"
        "Stack on one of your towers (always allowed), or put a new checker on an empty "
        "interior cell that has an empty neighbour.\n"
        "A tower must always have more empty neighbours than its height: a placement that "
        "would break that for any neighbouring tower is illegal.\n"
        "When a tower's height equals its empty neighbours, it splays: you put markers on "
        "all of them and the tower becomes a marker too.\n"
        "A splay crowds nearby towers: any with empties <= height collapse into markers.\n"
        "Towers and markers are your territory; 46 of the 91 cells wins at once.\n"
        "With no legal placement you pass; when neither player can move, the larger "
        "territory wins."
    )
    colours = ("white", "black")
    options: tuple[Option, ...] = ()
    edit_end_help = "Game over: 46 cells for one side, or no placement left for either."
    notation_help = (
        "a move is the cell where the checker goes (f6: columns a..k are lettered "
        "along the bottom and lower right edges, rows 1..11 from the bottom); pass "
        "when you have no placement. In the move list, +5 marks a move that splayed "
        "a tower into 5 markers"
    )
    playout_cutoff = 12
    # the names of ``SplayState.move_features``' indices (the learned priors, ai/policy.py)
    move_feature_names = FEATURE_NAMES
    # the names of ``SplayState.value_features``' entries (the learned leaf value, ai/value.py)
    value_feature_names = VALUE_FEATURE_NAMES
    # ``SplayState.rollout`` takes ``leaf=``: the learned value at the playout's cut-off
    cutoff_leaf = True
    # puzzle themes (``State.puzzle_theme``): a splay that wins, else the last placement
    puzzle_themes = (("splay", ("splays",)),)
    puzzle_theme_default = "last placement"
    # playouts end at the cut-off and the evaluation's values crowd near 0 (a few cells
    # of territory either way), so with the usual UCT constant of 1 the search spread its
    # visits almost evenly over the root's moves (4% to the most visited of 52 after 4,000
    # iterations); 0.3 follows the best line.  0.3 s a move, 40 games: 0.3 against 1
    # scored 68.8% (docs/ai.md)
    exploration = 0.3
    # ... but near the end, where the playouts finish the game (1, 0 or -1), 0.3 starved a
    # winning move after one lost playout for 30,000 iterations; the search moves its
    # constant towards this one by the share of its first leaves that were finished games
    # (ai/mcts.py, PROBE; docs/ai.md, "Splay's endgame")
    endgame_exploration = 1.0
    # the levels below master think for half their usual time or less: master's two trees
    # of 5 s were hardly stronger than one tree of hard's 3 s (46% in 50 games), and hard
    # at 1.8 s against medium at 0.6 s (3x) scored only 57.5% in 20, so the steps below
    # master are about 3.7x apart (docs/ai.md, "Splay's ladder, recalibrated")
    level_times = {"easy": 0.15, "medium": 0.4, "hard": 1.5}
    # the levels score the position where a playout's cut-off stops it by the learned value
    # fitted there (ai/value.py, ai/values/splay.json; the search's ``playout=cutvalue``)
    # instead of ``evaluate``: against the plain search at equal CPU time it scored 13-0-7 at
    # 0.3 s and 14-9-9 (57.8%) in 32 at Hard's 1.5 s (docs/ai.md, "At the playout's cut-off").  The
    # review searches the same way, and the win-chance table is fitted on such searches
    playout = "cutvalue"

    def start(self, **options) -> SplayState:
        self.validate(options)
        return SplayState(bytearray(N), 0)

    def position(self, pieces: dict[str, str], to_move: int = 0) -> SplayState:
        """A position from ``{"f6": "W3", "e5": "b", ...}`` (tokens as in the text format)."""
        cells = bytearray(N)
        for name, tok in pieces.items():
            cells[GEO.cell(name)] = _read_token(tok, name)
        return self.parse(_format(cells, to_move))

    # --- the editor (game/rules/core.py) -------------------------------------------------
    def edit_palette(self, text: str) -> list[EditPiece]:
        out = []
        for o, word in enumerate(PLAYER_WORDS):
            for h in range(1, 7):
                what = "checker" if h == 1 else f"stack of {h}"
                out.append(EditPiece(f"{'WB'[o]}{h}", f"{PLAYER_NAMES[o]} {what}", word, str(h)))
            out.append(EditPiece("wb"[o], f"{PLAYER_NAMES[o]} marker", word, "m"))
        return out

    def edit_where(self, text: str, cell: str) -> tuple[int, int]:
        c, r = cell_at(cell)
        if not GEO.contains(c, r):
            raise ValueError(f"{cell} is not a cell of the board")
        return r, c - min(k for k in range(1, GEO.span + 1) if GEO.contains(k, r))

    def sketch(self, text: str) -> SplayState:
        return self._read(text, check=False)

    def parse(self, text: str) -> SplayState:
        return self._read(text, check=True)

    def _read(self, text: str, check: bool) -> SplayState:
        if not isinstance(text, str):
            raise ValueError("a Splay position must be text")
        lines = [ln.rstrip() for ln in text.strip().splitlines() if ln.strip()]
        first = "".join(lines[0].split()).lower() if lines else ""
        if first not in ("game:splay", "splay"):  # plain 'splay' is the older header
            raise ValueError("not a Splay position: the first line must be 'game: splay'")
        player = None
        cells = bytearray(N)
        seen = set()
        for ln in lines[1:]:
            s = ln.strip()
            low = s.lower()
            if low.startswith("to move:"):
                who = low.partition(":")[2].strip()
                if who not in PLAYER_WORDS:
                    raise ValueError(f"'to move' must be white or black, not {who!r}")
                player = PLAYER_WORDS.index(who)
                continue
            parts = s.split()
            if parts and parts[-1].startswith("(") and parts[-1].endswith(")"):
                parts.pop()
            if not parts[0].isdigit():
                raise ValueError(f"cannot read the line {s!r}")
            r = int(parts[0])
            if not 1 <= r <= GEO.span:
                raise ValueError(f"row {r} is not on the board (rows 1..{GEO.span})")
            if r in seen:
                raise ValueError(f"row {r} is given twice")
            seen.add(r)
            cols = [c for c in range(1, GEO.span + 1) if GEO.contains(c, r)]
            tokens = parts[1:]
            if len(tokens) != len(cols):
                raise ValueError(f"row {r} needs {len(cols)} cells, found {len(tokens)}")
            for c, tok in zip(cols, tokens, strict=False):
                i = GEO.index[(c, r)]
                cells[i] = _read_token(tok, cell_name(c, r))
        if player is None:
            raise ValueError("the position does not say who is to move ('to move: white')")
        missing = [r for r in range(1, GEO.span + 1) if r not in seen]
        if missing:
            raise ValueError(f"rows missing from the position: {missing}")
        state = SplayState(cells, player)
        for i in range(N if check else 0):
            v = cells[i]
            if v & 15 > 1:
                h = (v & 15) - 1
                if BORDER[i]:
                    raise ValueError(f"{NAMES[i]} is a border cell and cannot hold a tower")
                if state.emp[i] <= h:
                    raise ValueError(
                        f"the tower on {NAMES[i]} (height {h}) has {state.emp[i]} empty "
                        f"neighbours; a tower must have more empty neighbours than its height"
                    )
        return state


def _format(cells, player: int) -> str:
    """The position text: a header, then the hexagon row by row from row 11 down.

    Each line is the row number, then its cells from the left (the lowest
    column on that row), then the column range in brackets, e.g. ``(f-k)``."""
    lines = ["game: splay", f"to move: {PLAYER_WORDS[player]}"]
    for r in range(GEO.span, 0, -1):
        cols = [c for c in range(1, GEO.span + 1) if GEO.contains(c, r)]
        indent = (2 * cols[0] - r + SIDE - 2) * 2
        tokens = []
        for c in cols:
            v = cells[GEO.index[(c, r)]]
            if not v:
                tok = "."
            else:
                o, h = v >> 4, (v & 15) - 1
                tok = ("w", "b")[o] if h == 0 else ("W", "B")[o] + str(h)
            tokens.append(f"{tok:<4}")
        span = f"({cell_name(cols[0], r)[0]}-{cell_name(cols[-1], r)[0]})"
        lines.append(f"{r:>2} " + " " * indent + "".join(tokens) + span)
    return "\n".join(lines) + "\n"


def _read_token(tok: str, where: str) -> int:
    if tok == ".":
        return 0
    if tok in ("w", "b"):
        return 1 + 16 * "wb".index(tok)
    if len(tok) >= 2 and tok[0] in "WB" and tok[1:].isdigit():
        h = int(tok[1:])
        if 1 <= h <= 6:
            return 1 + 16 * "WB".index(tok[0]) + h
    raise ValueError(f"{where}: cannot read {tok!r} (use . w b or W1..W6 B1..B6)")
