"""Export a game as an animated GIF and a position as a PNG.

Frames are drawn offscreen by the game's own board view (``catalog.view_for``), through
the :class:`~game.boards.base.BoardView` interface only, so this module names no game:

* :class:`GifExport` renders a range of moves frame by frame, a few frames per
  ``step()``, so the UI can show its progress and keep its frame rate; ``save(path)``
  writes the GIF with Pillow.  With ``animate`` every move is shown by the view's own
  animation (run at ``FPS`` frames per second of GIF time, faster with ``speed``), then
  held; without, one still per position.  The optional caption under the board names
  the game, the move ("Move 7: e5") and who played it.
* :func:`write_png` draws one position (its last move marked) as a PNG.
* Without a path, ``save()`` and ``write_png`` write a new file in the data folder's
  ``exports`` folder (``splay-20261121-201500.gif``, ``-2``... when taken): the name is
  claimed by creating it exclusively, so two copies of the app never write one file.

Files are written whole to a temporary name beside the target, their size checked, and
renamed (``storage.atomic_write``); a new file's mode follows the umask.  A folder that
cannot be written or a full disk raises
``storage.WriteError`` (an OSError) whose message says where and why.

Frame counts: a still GIF of positions ``first..last`` has ``last - first + 1`` frames;
an animated one has at least one frame per move (the animation's frames, then the held
final position).  Consecutive identical frames are merged into one longer frame; the
last position is held three still times, so a looping GIF pauses on the end.
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pygame

from game import catalog, theme
from game.session import storage, turns
from game.ui.widgets import draw_text, fit_text, line_height

FPS = 16  # frames per second of GIF time while a move animates
FRAME_MS = 1000 // FPS // 10 * 10  # a GIF counts time in hundredths of a second: 60 ms
END_HOLDS = 2  # the last position is held this many still times longer
MAX_ANIMATION_S = 12.0  # a move animation longer than this (view time) is cut short
MIN_SIZE = (160, 120)
MAX_SIZE = (4096, 4096)
KINDS = ("gif", "png")


def _pillow():
    """Pillow's Image module, or RuntimeError saying how to install it."""
    try:
        from PIL import Image
    except ImportError:
        raise RuntimeError("GIF export needs Pillow; run: pip install pillow") from None
    return Image


def _ensure_pygame() -> None:
    """What drawing offscreen needs: pygame's font module (no window, no display mode)."""
    if not pygame.font.get_init():
        pygame.font.init()


def _check_size(size) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in size)
    except (TypeError, ValueError):
        raise ValueError(f"size {size!r}: give (width, height) in pixels") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise ValueError(f"size {w}x{h}: an export is at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise ValueError(f"size {w}x{h}: an export is at most {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def _move_objects(states, moves) -> list:
    """``moves`` as the move objects the views expect (notation is looked up)."""
    out = []
    for state, move in zip(states, moves, strict=False):
        if isinstance(move, str):
            try:
                move = state.find_move(move)
            except (ValueError, AttributeError):
                pass  # a view is handed the notation; it marks what it can
        out.append(move)
    return out


class _Canvas:
    """A board view and an optional caption strip, drawn on one offscreen surface."""

    def __init__(self, game, state, size, caption: bool):
        _ensure_pygame()
        self.game = game
        self.size = _check_size(size)
        self.caption = bool(caption)
        w, h = self.size
        self.text_size = max(12, min(theme.FONT_SMALL, h // 20))
        self.caption_h = line_height(self.text_size) + 2 * max(4, h // 60) if caption else 0
        pad = max(4, min(theme.PAD, h // 40))
        self.board_rect = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad - self.caption_h)
        self.caption_rect = pygame.Rect(0, h - self.caption_h, w, self.caption_h)
        self.surface = pygame.Surface(self.size)
        self.view = catalog.view_for(game, state)
        self.view.interactive = False
        self.view.layout(self.board_rect.copy())

    def show(self, state, move, animate: bool) -> None:
        self.view.skip_animation()
        self.view.set_state(state, move, animate=animate)

    def draw(self, text: tuple[str, str, int | None, object]) -> pygame.Surface:
        """The frame: the board, then the caption ``(middle, right, seat, state)``."""
        surf = self.surface
        surf.fill(theme.BG)
        self.view.draw(surf)
        if self.caption:
            self._draw_caption(surf, *text)
        return surf

    def _draw_caption(self, surf, middle: str, right: str, seat, state) -> None:
        r = self.caption_rect
        pygame.draw.rect(surf, theme.PANEL, r)
        pygame.draw.line(surf, theme.PANEL_EDGE, r.topleft, (r.right - 1, r.top), 2)
        size = self.text_size
        pad = max(6, r.height // 3)
        cy = r.centery
        third = (r.width - 2 * pad) // 3
        name = fit_text(self.game.name or self.game.id, size, third - pad)
        draw_text(surf, name, size, theme.TEXT_DIM, (r.x + pad, cy), "midleft")
        x = r.x + pad + third  # the move stays put from frame to frame
        end = r.right - pad  # where the player's name leaves room for the move
        if right:
            pal = theme.seat_colour(state, seat) if seat is not None else theme.UNDECIDED
            rad = max(4, size // 4)
            label = fit_text(right, size, int(r.width * 0.3))
            rect = draw_text(surf, label, size, pal["text"], (r.right - pad, cy), "midright")
            centre = (rect.x - 2 * rad, cy)
            pygame.draw.circle(surf, pal["fill"], centre, rad)
            pygame.draw.circle(surf, pal["edge"], centre, rad, 1)
            end = centre[0] - rad - pad
        text = fit_text(middle, size, max(10, end - x))
        draw_text(surf, text, size, theme.TEXT, (x, cy), "midleft")


def caption_for(states, moves, index: int) -> tuple[str, str, int | None, object]:
    """The caption of position ``index``: ``(middle text, right text, seat, state)``;
    the right text names the seat that played the move (or is to move at the start)."""
    state = states[index]
    if index == 0:
        seat = state.player
        return "Start", f"{state.seat_name(seat)} to move", seat, state
    before = states[index - 1]
    seat = before.player
    number = turns.move_number(turns.turns_of(states[: index + 1], moves[:index]), index - 1)
    middle = f"Move {number}: {moves[index - 1]}"  # numbered as the move list numbers it
    if index == len(states) - 1 and state.is_over():
        winner = state.winner()
        middle += "  -  draw" if winner is None else f"  -  {state.seat_name(winner)} wins"
    return middle, state.seat_name(seat), seat, state


class GifExport:
    """An animated GIF of positions ``states[first]..states[last]`` (the moves
    ``moves[first:last]``), made incrementally.

    ``states`` is the start and the position after each move (``len(moves) + 1``);
    ``moves`` are move objects or notation.  Call ``step()`` until ``done`` (it returns
    the fraction done), then ``save(path)``.  ``cancel()`` stops it; a cancelled export
    cannot be saved.  A bad range or size is a ValueError."""

    def __init__(
        self,
        game,
        states,
        moves,
        *,
        first: int = 0,
        last: int | None = None,
        animate: bool = True,
        speed: float = 1.0,
        caption: bool = True,
        size=(640, 480),
        still_time: float = 0.9,
    ):
        self._image = _pillow()
        states = list(states)
        moves = list(moves)
        if len(states) != len(moves) + 1:
            raise ValueError(
                f"{len(states)} positions for {len(moves)} moves: there must be one more "
                "position than moves"
            )
        n = len(moves)
        last = n if last is None else last
        if not (0 <= first <= last <= n):
            raise ValueError(f"moves {first}..{last}: the range must lie within 0..{n}")
        if not (0.05 <= float(speed) <= 20):
            raise ValueError(f"speed {speed}: use a value from 0.05 to 20")
        if still_time <= 0:
            raise ValueError(f"still time {still_time}: it must be positive")
        self.game = game
        self.states = states
        self.moves = _move_objects(states, moves)
        self.notation = [str(m) for m in moves]
        self.first = first
        self.last = last
        self.animate = bool(animate)
        self.speed = float(speed)
        self.caption = bool(caption)
        self.size = _check_size(size)
        self.hold_ms = max(20, int(round(still_time * 1000 / self.speed / 10)) * 10)
        self.frames: list = []  # Pillow images in palette mode
        self.durations: list[int] = []  # milliseconds, one per frame
        self.rendered = 0  # frames drawn (identical neighbours are merged into one)
        self.cancelled = False
        self._canvas: _Canvas | None = None
        self._palette = None
        self._last_bytes: bytes | None = None
        self._index = first  # the position shown last
        self._in_move = False  # a move's animation is running
        self._move_frames = 0
        self._started = False
        self._done = False

    # --- progress ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self._done

    @property
    def total_moves(self) -> int:
        return self.last - self.first

    def progress(self) -> float:
        """The fraction done, 0..1."""
        if self._done:
            return 1.0
        if not self._started:
            return 0.0
        moves_done = self._index - self.first - (0.5 if self._in_move else 0.0)
        return min(0.99, (1 + moves_done) / (2 + self.total_moves))

    def cancel(self) -> None:
        """Stop making frames (the frames so far are dropped)."""
        self.cancelled = True
        self._done = True
        self.frames.clear()
        self.durations.clear()
        self._canvas = None

    # --- making frames ----------------------------------------------------------------------
    def step(self, max_frames: int = 4) -> float:
        """Draw up to ``max_frames`` frames; the fraction done."""
        budget = max(1, int(max_frames))
        while budget > 0 and not self._done:
            if not self._started:
                self._start()
                budget -= 1
                continue
            if self._in_move:
                self._animate_frame()
                budget -= 1
                continue
            if self._index >= self.last:
                self._finish()
                break
            self._next_move()
            budget -= 1
        return self.progress()

    def run(self) -> int:
        """Make every frame at once (for the command line); the number of GIF frames."""
        while not self.done:
            self.step(64)
        return len(self.frames)

    def _caption(self, index: int):
        return caption_for(self.states, self.notation, index)

    def _start(self) -> None:
        self._started = True
        first, last = self.first, self.last
        last_move = self.moves[first - 1] if first > 0 else None
        canvas = _Canvas(self.game, self.states[first], self.size, self.caption)
        self._canvas = canvas
        # one palette for every frame, from the first and last positions and the theme
        canvas.show(self.states[last], self.moves[last - 1] if last > 0 else None, False)
        end = self._to_image(canvas.draw(self._caption(last)))
        canvas.show(self.states[first], last_move, False)
        start = self._to_image(canvas.draw(self._caption(first)))
        self._palette = _palette_from(self._image, [start, end])
        self._add(canvas.surface, self.hold_ms, image=start)

    def _next_move(self) -> None:
        canvas = self._canvas
        i = self._index
        state, move = self.states[i + 1], self.moves[i]
        self._index = i + 1
        if not self.animate:
            canvas.show(state, move, False)
            self._add(canvas.draw(self._caption(i + 1)), self.hold_ms)
            return
        canvas.show(state, move, True)
        self._in_move = True
        self._move_frames = 0
        self._animate_frame()

    def _animate_frame(self) -> None:
        canvas = self._canvas
        view = canvas.view
        dt = FRAME_MS / 1000 * self.speed
        view.update(dt)
        view.pop_events()  # sound cues: a GIF is silent
        self._move_frames += 1
        if view.animating and self._move_frames * dt > MAX_ANIMATION_S:
            view.skip_animation()
        caption = self._caption(self._index)
        if view.animating:
            self._add(canvas.draw(caption), FRAME_MS)
        else:
            self._in_move = False
            self._add(canvas.draw(caption), self.hold_ms)

    def _finish(self) -> None:
        if self.durations and self.total_moves:
            self.durations[-1] += END_HOLDS * self.hold_ms  # a pause before the loop restarts
        self._done = True
        self._canvas = None

    def _to_image(self, surface):
        return self._image.frombytes(
            "RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB")
        )

    def _add(self, surface, duration: int, image=None) -> None:
        """One frame; a frame that looks like the one before only lengthens it."""
        self.rendered += 1
        if image is None:
            image = self._to_image(surface)
        frame = image.quantize(palette=self._palette, dither=self._image.Dither.NONE)
        raw = frame.tobytes()
        if raw == self._last_bytes and self.durations:
            self.durations[-1] += int(duration)
            return
        self._last_bytes = raw
        self.frames.append(frame)
        self.durations.append(int(duration))

    # --- writing ----------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The GIF file's bytes (makes the frames still missing first)."""
        if self.cancelled:
            raise RuntimeError("the export was cancelled")
        self.run()
        if not self.frames:
            raise RuntimeError("the export has no frames")
        buf = io.BytesIO()
        head, rest = self.frames[0], self.frames[1:]
        colours = self._palette.getpalette()
        # one global colour table (no table per frame); ``optimize`` lets Pillow write
        # each frame as the changed rectangle with unchanged pixels transparent (the one
        # palette index left free), which keeps the file small
        head.save(
            buf,
            format="GIF",
            save_all=True,
            append_images=rest,
            duration=list(self.durations),
            loop=0,
            disposal=1,
            optimize=True,
            palette=bytes(colours + [0] * (768 - len(colours))),
        )
        return buf.getvalue()

    def save(self, path=None) -> Path:
        """Write the GIF at ``path`` (whole or not at all; by default a new file in the
        data folder's exports); its absolute path.

        storage.WriteError (an OSError) says why when it cannot be written."""
        data = self.to_bytes()
        if path is None:
            return write_new(self.game.id, "gif", data)
        return _write(path, data)


def _palette_from(image_mod, images):
    """A palette image of 255 colours (one index left free) for ``images`` and the
    theme's colours, so moving pieces and markers keep their colours."""
    w = max(im.width for im in images)
    h = sum(im.height for im in images)
    swatches = [theme.BG, theme.PANEL, theme.PANEL_EDGE, theme.TEXT, theme.TEXT_DIM]
    swatches += [theme.ACCENT, theme.ACCENT_2, theme.GOOD, theme.BAD, theme.WARN]
    swatches += [theme.BOARD, theme.BOARD_EDGE, theme.GRID_LINE, theme.SHINE, theme.SHADE]
    for pal in theme.COLOURS.values():
        swatches += [pal["fill"], pal["edge"], pal["text"]]
    band = max(8, h // 40)
    sheet = image_mod.new("RGB", (w, h + band))
    y = 0
    for im in images:
        sheet.paste(im, (0, y))
        y += im.height
    cell = max(1, w // len(swatches))
    for i, rgb in enumerate(swatches):
        sheet.paste(tuple(rgb), (i * cell, h, (i + 1) * cell, h + band))
    return sheet.quantize(colors=255, method=image_mod.Quantize.MEDIANCUT)


def _write(path, data: bytes) -> Path:
    path = Path(path).expanduser().absolute()
    if path.is_dir():
        raise storage.WriteError(path, "that is a folder; give a file name")
    return storage.atomic_write(path, data)


def _stem(game_id: str) -> str:
    safe = "".join(c for c in str(game_id).lower() if c.isalnum() or c in "-_") or "game"
    return f"{safe}-{time.strftime('%Y%m%d-%H%M%S')}"


def write_new(game_id: str, kind: str, data: bytes) -> Path:
    """Write ``data`` as a new ``kind`` (gif or png) file in the data folder's exports,
    under a name claimed for it alone; its absolute path (storage.WriteError when not)."""
    kind = str(kind).lower().lstrip(".")
    if kind not in KINDS:
        raise ValueError(f"export kind {kind!r}: use one of {', '.join(KINDS)}")
    return storage.write_new(exports_dir(), _stem(game_id), f".{kind}", data)


def render_position(game, state, last_move=None, size=(640, 480), caption_text=None):
    """A pygame Surface of ``state`` (``last_move`` marked), with a caption strip when
    ``caption_text`` (``(middle, right, seat, state)``, see ``caption_for``) is given."""
    canvas = _Canvas(game, state, size, caption_text is not None)
    canvas.show(state, last_move, False)
    return canvas.draw(caption_text or ("", "", None, state)).copy()


def write_png(game, state, last_move, path=None, size=(800, 600), caption_text=None) -> Path:
    """Write the position ``state`` (``last_move`` marked) as a PNG at ``path`` (by
    default a new file in the data folder's exports); its absolute path.
    storage.WriteError (an OSError) says why when it cannot be written."""
    surf = render_position(game, state, last_move, size, caption_text)
    buf = io.BytesIO()
    try:
        pygame.image.save(surf, buf, "png")
    except pygame.error as exc:
        where = Path(path or exports_dir()).absolute()
        raise storage.WriteError(where, f"cannot encode the PNG: {exc}") from None
    if path is None:
        return write_new(game.id, "png", buf.getvalue())
    return _write(path, buf.getvalue())


def exports_dir() -> Path:
    return storage.data_dir() / "exports"


def export_name(game_id: str, kind: str) -> Path:
    """A free file name in the data folder's ``exports`` folder, e.g.
    ``exports/splay-20261121-201500.gif`` (``-2``... when taken); ``kind`` is ``gif``
    or ``png``.  Only a guess: another program may take it at once; to write a new
    export, ``save()`` / ``write_png`` without a path (``write_new``) claim the name."""
    kind = str(kind).lower().lstrip(".")
    if kind not in KINDS:
        raise ValueError(f"export kind {kind!r}: use one of {', '.join(KINDS)}")
    return storage.unique_path(exports_dir(), _stem(game_id), f".{kind}")
