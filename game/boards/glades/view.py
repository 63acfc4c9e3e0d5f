"""The Glades view: state, geometry and input (see the package docstring)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import theme
from game.boards.base import Action, ClickResult, screen_point
from game.boards.glades import layout as lay
from game.boards.glades import show
from game.boards.glades.paint import GladesPainter
from game.boards.grid import SQUARES, GridBoard, GridView
from game.rules.core import BadNotation
from game.rules.glades import (
    MOVE_ROWS,
    NAMES,
    NB,
    PASS,
    PLAYER_NAMES,
    SIZE,
    SPOT_OF,
    GladesMove,
    read_move,
)
from game.ui.anim import Timeline

# orientation of a picked tile: where its high half lies from its low half, turning
# clockwise on screen: 0 right, 1 down, 2 left, 3 up
RIGHT, DOWN, LEFT, UP = range(4)
TURN_TIME = 0.14


@dataclass(frozen=True)
class Ghost:
    """The picked tile under the cursor: ``squares`` (first, second: left or lower
    first), the ``values`` shown there, ``reason`` (None where it fits: the rules'
    ``check_placement``) and the legal ``move`` (None where it does not fit)."""

    squares: tuple
    values: tuple
    reason: str | None
    move: object = None

    @property
    def legal(self) -> bool:
        return self.reason is None


def spot_values(tile, orientation: int) -> tuple[int, int]:
    """The values on the (first, second) squares of a spot for ``tile`` (low, high)
    turned to ``orientation``."""
    lo, hi = tile
    return (lo, hi) if orientation in (RIGHT, UP) else (hi, lo)


def orientation_of(squares, values) -> int:
    """The orientation a picked tile needs to make a placement (first square is the
    left or lower one)."""
    a, b = squares
    va, vb = values
    if b - a == 1:
        return RIGHT if va <= vb else LEFT
    return UP if va <= vb else DOWN


def move_of(squares, values) -> GladesMove:
    """The move object putting ``values`` on ``squares`` (left or lower first)."""
    a, b = squares
    va, vb = values
    if a > b:
        a, b, va, vb = b, a, vb, va
    return MOVE_ROWS[SPOT_OF[(a, b)]][6 * (va - 1) + (vb - 1)]


class GladesView(GladesPainter, GridView):
    """The Glades board view (see the package docstring)."""

    def __init__(self, game, state):
        self.picked = None  # the tile (low, high) the player to move has picked
        self.orientation = RIGHT
        self.show_fits = False  # every spot where the picked tile fits is marked
        self.ghost: Ghost | None = None
        self.plan = None  # show.Drop / show.Passed
        self.scoring = None  # show.Scoring while the final show runs
        self.arr = None  # layout.Arrangement
        self.ui = Timeline()  # feedback that never holds the game up (a turn)
        self._turn_from = 0
        self._hover_button = None
        super().__init__(game, state)
        self._refresh()

    def make_grid(self, state) -> GridBoard:
        return GridBoard(
            SIZE,
            SIZE,
            SQUARES,
            room=lay.ROOM,
            label_room=lay.LABEL_ROOM,
            label_min=lay.LABEL_MIN,
            label_at=0.55,
            plate=0.2,
            whole=True,
            paint=self.paint_plate,
        )

    # --- geometry -------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.arr = lay.arrange(self.rect)
        self.grid.layout(self.arr.board)

    @property
    def trays(self):
        if self.arr is None:
            self._ensure_layout()
        return self.arr.trays

    @staticmethod
    def square_of(c: int, r: int) -> int:
        return SIZE * r + c

    @staticmethod
    def cr(square: int) -> tuple[int, int]:
        r, c = divmod(square, SIZE)
        return c, r

    def name_of(self, c: int, r: int) -> str:
        return NAMES[self.square_of(c, r)]

    def square_point(self, square: int) -> tuple[int, int]:
        return self.grid.point(*self.cr(square))

    def spot_point(self, squares) -> tuple[int, int]:
        """A screen point from which the picked tile, turned to lie on ``squares``,
        covers exactly those squares (inside the first square, near the second)."""
        a, b = squares
        c, r = self.cr(min(a, b))
        if abs(b - a) == 1:
            x, y = self.grid.center(c + 0.45, r)
        else:
            x, y = self.grid.center(c, r + 0.45)
        return int(x), int(y)

    def spot_under(self, pos, orientation: int):
        """The two squares (left or lower first) the picked tile would cover with the
        cursor at ``pos`` (the domino centred on the cursor, kept on the board), or None
        when ``pos`` is off the board."""
        if self.rect is None or self.grid.at(pos) is None:
            return None
        gx, gy = self.grid.to_grid(pos)
        if orientation in (RIGHT, LEFT):
            c = min(SIZE - 2, max(0, int(math.floor(gx))))
            r = min(SIZE - 1, max(0, int(math.floor(gy + 0.5))))
            a = self.square_of(c, r)
            return a, a + 1
        c = min(SIZE - 1, max(0, int(math.floor(gx + 0.5))))
        r = min(SIZE - 2, max(0, int(math.floor(gy))))
        a = self.square_of(c, r)
        return a, a + SIZE

    # --- state ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        self.over = state.is_over()
        moves = [] if self.over else state.legal_moves()
        self.pass_only = moves == [PASS]
        self.fits: dict = {}
        for m in moves:
            if not m.is_pass:
                self.fits.setdefault(m.tile, []).append(m)
        self.glades = state.glades()
        self._glade_of = {s: k for k, g in enumerate(self.glades) for s in g.squares}
        self._hint = (None, None)

    def set_state(self, state, move=None, animate: bool = True) -> None:
        if self.timeline.running:
            self.skip_animation()
        prev = self.state
        self.state = state
        self.last_move = move
        self.timeline.clear()
        self.fx.clear()
        self.refused = None
        self.plan = None
        self.scoring = None
        self._refresh()
        if self.picked is not None and (self.over or not state.has_tile(state.player, self.picked)):
            self.cancel_selection()
        self._update_ghost()
        if not animate or prev is None or prev is state:
            return
        m = self._as_move(move)
        t = 0.0
        if m is not None and m.is_pass:
            self.plan = show.Passed(prev.player)
            t = show.schedule_pass(self.plan, self.timeline)
        elif m is not None and not m.is_pass and self._placed(prev, state, m):
            a, b = m.squares
            contacts = tuple(
                (s, n)
                for s in (a, b)
                for n in NB[s]
                if n not in (a, b) and prev.owner_at(n) is not None
            )
            self.plan = show.Drop(prev.player, m.tile, m.squares, m.values, contacts)
            t = show.schedule_drop(self.plan, self.timeline)
        if self.over:
            self.scoring = show.plan_scoring(state, t)
            show.schedule_scoring(self.scoring, self.timeline)

    @staticmethod
    def _placed(prev, state, m) -> bool:
        """Does ``state`` hold ``m``'s tile where ``prev`` had none (a played move)?"""
        a, b = m.squares
        if prev.owner_at(a) is not None or prev.owner_at(b) is not None:
            return False
        t = state.tile_at(a)
        return t is not None and t.squares == (a, b) and t.values == m.values

    @staticmethod
    def _as_move(move):
        """A move object from a move or its notation (None for anything else)."""
        if move is None or isinstance(move, GladesMove):
            return move
        text = str(move).strip()
        if text.lower() == "pass":
            return PASS
        try:
            a, va, b, vb = read_move(text)
        except BadNotation:
            return None
        return move_of((a, b), (va, vb))

    def hint_move(self):
        """The hint as a move object (the AI's suggestion, a tour's next try), or None."""
        if self.hint is None:
            return None
        key = (str(self.hint), id(self.state))
        if self._hint[0] != key:
            self._hint = (key, self._as_move(self.hint))
        return self._hint[1]

    def update(self, dt: float) -> None:
        super().update(dt)
        if dt > 0:
            self.ui.update(dt)

    def _animation_ended(self) -> None:
        self.plan = None
        self.scoring = None

    # --- what the rules say, for the player to move -----------------------------------------
    @property
    def mover(self) -> int:
        return self.state.player

    def can_pick(self) -> bool:
        return self.interactive and not self.over and not self.pass_only

    def fits_for(self, tile) -> list:
        """Every legal placement of ``tile`` for the player to move (the rules' own list)."""
        return list(self.fits.get(tile, ()))

    def marked_moves(self) -> set:
        """The placements the Fits marks show now (empty when they are off)."""
        if not self.show_fits or self.picked is None:
            return set()
        return set(self.fits_for(self.picked))

    def actions(self) -> list:
        if not self.pass_only:
            return []
        return [Action("Pass", PASS, self.pass_reason())]

    def pass_reason(self) -> str:
        p = self.mover
        name = PLAYER_NAMES[p]
        left = len(self.state.tiles_left(p))
        if not left:
            return f"{name} has no tiles left and must pass"
        return f"none of {name}'s {left} tiles fits anywhere: {name} must pass"

    def panel_lines(self) -> list:
        st = self.state
        if self.scoring is not None:
            g, o = show.counted(self.scoring, self.timeline)
            k = show.current(self.scoring, self.timeline)
            n = len(self.scoring.steps)
            return [
                f"Counting the glades: {0 if k is None else k + 1} of {n}",
                f"Green {g} - Orange {o}",
            ]
        left = [len(st.tiles_left(p)) for p in (0, 1)]
        lines = [f"Tiles left: Green {left[0]}, Orange {left[1]}"]
        if self.over:
            a, b = st.scores()
            claimed = sum(1 for g in self.glades if g.owner is not None)
            lines.append(f"{claimed} of {len(self.glades)} glades claimed: {a} - {b}")
        else:
            for p in (0, 1):
                if st.passed(p):
                    lines.append(f"{PLAYER_NAMES[p]} has passed for good")
        return lines

    def score_caption(self) -> str | None:
        """During play the scores are the board scored as it stands (``state.scores``)."""
        return None if self.over else "scores if the game ended now"

    # --- the glades as they stand: shading and reasons ------------------------------------
    def glade_shading(self) -> dict:
        """Square -> the seat that claims its glade as the board stands (the rules'
        ``glades``), for every square of a claimed glade; unclaimed glades are left out."""
        return {s: g.owner for g in self.glades if g.owner is not None for s in g.squares}

    def glade_note(self, square) -> str | None:
        """Who claims the glade holding ``square`` and the rules' reason, e.g. "Orange 41:
        Orange has more 6s (6 to 5)" (during play "... would claim ..."), or None."""
        k = self._glade_of.get(square)
        if k is None:
            return None
        g = self.glades[k]
        if g.owner is None:
            who = "unclaimed" if self.over else "nobody claims it now"
        elif self.over:
            who = f"{PLAYER_NAMES[g.owner]} {g.size}"
        else:
            who = f"{PLAYER_NAMES[g.owner]} would claim {g.size} now"
        return f"{who}: {g.reason}"

    def hover_note(self) -> str | None:
        """The hovered glade's owner and reason, unless a picked tile is being placed or
        the scoring show is running (it gives the reasons itself)."""
        if self.hover_at is None or self.scoring is not None or self.ghost is not None:
            return None
        if self.picked is not None and self.interactive and not self.over:
            return None
        return self.glade_note(self.square_of(*self.hover_at))

    # --- input ----------------------------------------------------------------------------
    def has_selection(self) -> bool:
        return self.picked is not None

    def cancel_selection(self) -> None:
        self.picked = None
        self.show_fits = False
        self.ghost = None

    def pick(self, tile) -> None:
        """Pick ``tile`` from the mover's tray (its turn is kept from the last tile)."""
        self.picked = tile
        self._update_ghost()

    def turn(self, step: int = 1) -> None:
        """Turn the picked tile a quarter clockwise (``step`` -1: anticlockwise)."""
        if self.picked is None:
            return
        self._turn_from = self.orientation
        self.orientation = (self.orientation + step) % 4
        self.ui.add("turn", TURN_TIME, theme.ease_out_cubic)
        self._turn_dir = 1 if step > 0 else -1
        self._events.append("click")
        self._update_ghost()

    def hover(self, pos) -> None:
        super().hover(pos)
        self._update_ghost()
        pt = screen_point(pos)
        self._hover_button = None
        if pt is not None and self.arr is not None:
            tray = self.trays[self.mover]
            for name in ("turn", "fits"):
                if getattr(tray, name).collidepoint(pt):
                    self._hover_button = name

    def _update_ghost(self) -> None:
        """The ghost for the picked tile at the hovered spot (asks the rules why not)."""
        self.ghost = None
        if self.picked is None or self.hover_pos is None or self.over:
            return
        spot = self.spot_under(self.hover_pos, self.orientation)
        if spot is None or self.hint_at(self.hover_pos):
            return  # over the hint's ghost a click plays the hint: its ghost shows alone
        self.ghost = self.ghost_at(spot, spot_values(self.picked, self.orientation))

    def ghost_at(self, squares, values) -> Ghost:
        a, b = squares
        va, vb = values
        reason = self.state.check_placement(a, va, b, vb)
        return Ghost(squares, values, reason, None if reason else move_of(squares, values))

    def key(self, key: int):
        if not self.interactive or self.over:
            return None
        if key == pygame.K_r:  # R only ever turns a tile (redo is Y in every game)
            if self.picked is None:
                return ClickResult(message="pick a tile from your tray first: R then turns it")
            self.turn(1)
            return ClickResult()
        if key == pygame.K_f:
            return self._toggle_fits()
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) or pygame.K_1 <= key <= pygame.K_9:
            return self._key_pick(key)
        return None

    KEYS_HELP = (
        "Glades: [ and ] or 1 to 9 pick a tile from your tray, R turns it, F shows "
        "where it fits, then Enter on the board places it",
    )

    def tray_tiles(self) -> list:
        """The mover's tiles still in the tray, in the tray's order (the keys count them)."""
        seat = self.mover
        return [t for t in self.trays[seat].slots if self.state.has_tile(seat, t)]

    def _key_pick(self, key: int) -> ClickResult:
        """[ and ] pick the previous or next tile of the mover's tray, 1 to 9 the n-th."""
        if self.pass_only:
            return ClickResult(message=self.pass_reason())
        tiles = self.tray_tiles()
        if not tiles:
            return ClickResult()
        if pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i >= len(tiles):
                n = len(tiles)
                return ClickResult(message=f"{n} tile{'s' if n != 1 else ''} left: 1 to {n}")
        else:
            at = tiles.index(self.picked) if self.picked in tiles else -1
            step = 1 if key == pygame.K_RIGHTBRACKET else -1
            i = (at + step) % len(tiles) if at >= 0 else (0 if step > 0 else len(tiles) - 1)
        return self._click_tray(self.mover, tiles[i])

    def _toggle_fits(self) -> ClickResult:
        if self.pass_only:
            return ClickResult(message=self.pass_reason())
        if self.picked is None:
            return ClickResult(
                message="pick a tile from your tray first: F then marks every spot where it fits"
            )
        self.show_fits = not self.show_fits
        if not self.show_fits:
            return ClickResult()
        n = len(self.fits_for(self.picked))
        lo, hi = self.picked
        if not n:
            return ClickResult(message=f"your {lo}-{hi} fits nowhere now")
        return ClickResult(
            message=f"your {lo}-{hi} fits {n} way{'s' if n != 1 else ''}: "
            f"bright marks take it as turned now"
        )

    def alt_click(self, pos):
        if self.picked is None or not self.interactive or self.over:
            return None
        self.turn(1)
        return ClickResult()

    def click(self, pos, button: int = 1) -> ClickResult:
        pt = screen_point(pos)
        if pt is None or self.rect is None:
            return ClickResult()
        if button in (4, 5):
            if self.picked is not None and self.interactive and not self.over:
                self.turn(1 if button == 5 else -1)
            return ClickResult()
        if button == 3:
            return self.alt_click(pt) or ClickResult()
        if button != 1 or not self.rect.collidepoint(pt):
            return ClickResult()
        if self.over:
            return ClickResult(message="the game is over")
        if not self.interactive:
            return ClickResult(message="wait: it is not your turn")
        on_board = self.grid.at(pt) is not None
        if self.pass_only:
            if on_board:
                return ClickResult(move=PASS, message=self.pass_reason())
            return ClickResult(message=self.pass_reason() + ": click the board or Pass")
        tray = self.trays[self.mover]
        if tray.turn.collidepoint(pt):
            if self.picked is None:
                return ClickResult(message="pick a tile from your tray first, then turn it")
            self.turn(1)
            return ClickResult()
        if tray.fits.collidepoint(pt):
            return self._toggle_fits()
        for seat in (0, 1):
            t = self.trays[seat].slot_at(pt)
            if t is not None:
                return self._click_tray(seat, t)
        if on_board:
            return self._click_board(pt)
        return ClickResult()

    def hint_at(self, pos) -> bool:
        """A point in one of the hint domino's two squares (drawn as its ghost)."""
        pt = screen_point(pos)
        m = self.hint_move()
        if pt is None or m is None or m.is_pass or self.rect is None or self.over:
            return False
        a, b = m.squares
        if self.state.check_placement(a, m.values[0], b, m.values[1]) is not None:
            return False
        sq = self.grid.at(pt)
        return sq is not None and self.square_of(*sq) in (a, b)

    def _click_tray(self, seat: int, tile) -> ClickResult:
        lo, hi = tile
        name = PLAYER_NAMES[self.mover]
        if seat != self.mover:
            return ClickResult(
                message=f"that is {PLAYER_NAMES[seat]}'s tray: {name} picks from their own"
            )
        if not self.state.has_tile(seat, tile):
            return ClickResult(message=f"{name} has placed the {lo}-{hi} already")
        if self.picked == tile:
            self.cancel_selection()
            return ClickResult()
        hinted = self.hint_move()
        if hinted is not None and not hinted.is_pass and hinted.tile == tile:
            self.orientation = orientation_of(hinted.squares, hinted.values)  # as hinted
        self.pick(tile)
        n = len(self.fits_for(tile))
        if not n:
            return ClickResult(message=f"the {lo}-{hi} fits nowhere now: pick another tile")
        return ClickResult(
            message=f"{lo}-{hi} picked: it fits {n} way{'s' if n != 1 else ''} "
            f"(F marks them, R turns it)"
        )

    def _click_board(self, pt) -> ClickResult:
        if self.picked is None:
            sq = self.grid.at(pt)
            s = self.square_of(*sq)
            t = self.state.tile_at(s)
            if t is not None:
                a, b = t.names
                return ClickResult(
                    message=f"{PLAYER_NAMES[t.seat]}'s {t.tile[0]}-{t.tile[1]} "
                    f"on {a}-{b}, touched by {t.touches} of 3: pick a "
                    f"tile from your tray to place"
                )
            return ClickResult(
                message="pick a tile from your tray (click it), then click where it goes"
            )
        spot = self.spot_under(pt, self.orientation)
        ghost = self.ghost_at(spot, spot_values(self.picked, self.orientation))
        if ghost.legal:
            move = ghost.move
            self.cancel_selection()
            return ClickResult(move=move)
        self.refuse(ghost.squares)
        return ClickResult(illegal=True, message=ghost.reason)

    # --- clicks for a move --------------------------------------------------------------------
    def point_for(self, notation):
        pts = self.points_for(notation)
        return pts[-1] if pts else None

    def points_for(self, notation):
        """The clicks that play ``notation`` from a view with nothing picked: the tile in
        the mover's tray, the Turn button as often as the tile must turn, then the board
        (the domino's first square, near its second).  ``pass`` (when forced): the
        board's centre.  None for text that is no Glades move."""
        self._ensure_layout()
        text = str(notation).strip()
        if text.lower() == "pass":
            return [self.square_point(40)] if self.pass_only else None
        try:
            a, va, b, vb = read_move(text)
        except BadNotation:
            return None
        if a > b:
            a, b, va, vb = b, a, vb, va
        tile = (min(va, vb), max(va, vb))
        tray = self.trays[self.mover]
        pts = []
        if tile in tray.slots:
            pts.append(tray.slots[tile].center)
            want = orientation_of((a, b), (va, vb))
            turns = (want - self.orientation) % 4
            if va == vb:  # a double looks the same turned half round
                turns %= 2
            pts += [tray.turn.center] * turns
        pts.append(self.spot_point((a, b)))
        return pts
