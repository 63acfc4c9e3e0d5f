"""Widgets for the scenes: text, panels, buttons, toggles, cyclers, a slider, toasts.

Everything uses pygame-ce's default font (``pygame.font.Font(None, size)``) and the
colours, sizes and curves of :mod:`game.theme`.  Widgets change state only in
``handle_event`` and ``update``; ``draw`` only draws.

Keyboard focus is handled by :class:`FocusGroup`: up/down (and Tab) move the focus,
left/right change a cycler or slider, Enter/Space activates.  The focus and the mouse
share one highlight: moving the pointer onto a widget moves the focus there, the keys
move it away (the widget under a resting pointer then shows nothing), and Enter always
activates the highlighted, focused widget.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, NamedTuple, Sequence

import pygame

from game import theme

# --- fonts and text --------------------------------------------------------------------
_fonts: dict[int, pygame.font.Font] = {}
_text_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_TEXT_CACHE_MAX = 600  # lines of text kept, the least recently drawn dropped first ...
_TEXT_CACHE_BYTES = 8 * 1024 * 1024  # ... and at most this many bytes of their pixels
_text_bytes = 0

# The five type sizes of the theme are roles (captions, body, buttons, headings, the
# title) and grow with the window, so text is not tiny on a large screen; any other size
# is plain pixels (board labels computed from the board's own geometry).
_ROLES = frozenset(
    (theme.FONT_TINY, theme.FONT_SMALL, theme.FONT_MEDIUM, theme.FONT_LARGE, theme.FONT_HUGE)
)
_scale = 1.0


def text_scale_for(size) -> float:
    """How much the theme's type sizes grow in a window of ``size``: 1 up to the default
    window (so 800x600 keeps the designed sizes), then with the window, up to 1.5."""
    w, h = size
    s = min(w / theme.DEFAULT_SIZE[0], h / theme.DEFAULT_SIZE[1])
    return round(max(1.0, min(theme.TEXT_SCALE_MAX, s)) * 20) / 20


def set_text_scale(window_size) -> float:
    """Scale the theme's type sizes for a window of ``window_size`` (the app calls this
    before laying its scenes out); returns the scale."""
    global _scale
    _scale = text_scale_for(window_size)
    return _scale


def text_scale() -> float:
    return _scale


def pixels(size: int) -> int:
    """The pixel size that ``size`` draws at: a theme role scaled, any other as given."""
    return int(round(size * _scale)) if size in _ROLES else int(size)


def font(size: int) -> pygame.font.Font:
    """The default font at ``size`` (a theme role, scaled with the window, or pixels)."""
    px = pixels(size)
    f = _fonts.get(px)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, px)
        _fonts[px] = f
    return f


def text_surface(text: str, size: int, color=None) -> pygame.Surface:
    """A rendered line of text (antialiased, cached by text, size and colour)."""
    color = theme.TEXT if color is None else color
    key = (text, pixels(size), tuple(color))
    surf = _text_cache.get(key)
    if surf is not None:
        _text_cache.move_to_end(key)
        return surf
    global _text_bytes
    surf = font(size).render(text, True, color)
    _text_cache[key] = surf
    _text_bytes += _surface_bytes(surf)
    while len(_text_cache) > 1 and (
        len(_text_cache) > _TEXT_CACHE_MAX or _text_bytes > _TEXT_CACHE_BYTES
    ):
        _, old = _text_cache.popitem(last=False)
        _text_bytes -= _surface_bytes(old)
    return surf


def _surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def text_cache_bytes() -> int:
    """The pixel bytes held by the rendered-text cache."""
    return _text_bytes


def text_size(text: str, size: int) -> tuple[int, int]:
    return font(size).size(text)


# --- a record of the text drawn (for the tests; off, and free, in the app) -------------
class DrawnText(NamedTuple):
    """One line of text as drawn on the window: its rect, the box it was given (it must
    lie inside), the layer it was drawn in (the scene's place in the stack, or "toast")
    and, when ``fit_text`` cut it short with '...', the ``full`` text; ``lines`` are all
    the lines of the paragraph ``wrap_text`` made it part of (each must be drawn)."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    layer: Any
    full: str = ""
    lines: tuple = ()


_record: list | None = None  # the DrawnText of the frames drawn since start_recording
_record_target: pygame.Surface | None = None  # the window's surface
_pending: dict = {}  # text drawn on a surface that is not the window yet, by surface
_cuts: dict[str, str] = {}  # fit_text's shortened lines -> the full text
_wraps: dict[str, tuple] = {}  # wrap_text's lines -> all the lines of their paragraph
_layer: Any = 0


def start_recording(target: pygame.Surface) -> list:
    """Record every line of text drawn on ``target`` (the window) from now on; returns the
    list the records go to."""
    global _record, _record_target
    _record, _record_target = [], target
    _pending.clear()
    _cuts.clear()
    _wraps.clear()
    return _record


def stop_recording() -> None:
    global _record, _record_target
    _record, _record_target = None, None
    _pending.clear()
    _cuts.clear()
    _wraps.clear()


def recording() -> bool:
    return _record is not None


def layer() -> Any:
    return _layer


def set_layer(layer) -> None:
    """The layer the text drawn from now on belongs to (the app sets it per scene)."""
    global _layer
    _layer = layer


def scrolls(lines) -> None:
    """``lines`` (of ``wrap_text``) are shown in a scrolled view: those out of sight are
    reachable, not left out."""
    if _record is not None:
        for line in lines:
            _wraps.pop(line, None)


def note_text(surface, text: str, rect, box=None) -> None:
    """Record that ``text`` was drawn at ``rect`` on ``surface`` and had to fit ``box``
    (the surface's clip rect when not given).  Text drawn on another surface than the
    window waits until :func:`note_blit` puts that surface on the window."""
    if _record is None or not text or not str(text).strip():
        return
    rect = pygame.Rect(rect)
    box = pygame.Rect(box) if box is not None else surface.get_clip()
    text = str(text)
    entry = DrawnText(text, rect, box, _layer, _cuts.get(text, ""), _wraps.get(text, ()))
    if surface is _record_target:
        _record.append(entry)
    else:
        _pending.setdefault(surface, []).append(entry)


def note_blit(dest, src, pos) -> None:
    """``src`` (holding recorded text) was blitted on ``dest`` at ``pos``: its text moves
    along, its boxes clipped to where ``src`` landed (a picture kept and blitted each
    frame keeps its text)."""
    if _record is None:
        return
    entries = _pending.get(src)
    if not entries:
        return
    x, y = (pos.x, pos.y) if isinstance(pos, pygame.Rect) else (int(pos[0]), int(pos[1]))
    landed = pygame.Rect(x, y, *src.get_size())
    for e in entries:
        box = e.box.move(x, y).clip(landed)
        if not box.width:
            box = pygame.Rect(landed.topleft, (0, 0))
        note_text(dest, e.text, e.rect.move(x, y), box)


def blit_text(surface, img, where, text: str, box=None) -> pygame.Rect:
    """Blit the rendered line ``img`` of ``text`` at ``where`` (a Rect or a topleft) and
    record it (see :func:`note_text`)."""
    rect = img.get_rect(topleft=(where.x, where.y) if isinstance(where, pygame.Rect) else where)
    surface.blit(img, rect)
    if _record is not None:
        note_text(surface, text, rect, box)
    return rect


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color,
    pos,
    anchor: str = "topleft",
    alpha: int | None = None,
    box=None,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name (``center``, ``midleft``...).
    ``box`` is where the line must fit (only recorded, see :func:`note_text`)."""
    surf = text_surface(text, size, color)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if alpha is not None and alpha < 255:
        surf = surf.copy()
        surf.set_alpha(max(0, int(alpha)))
    surface.blit(surf, rect)
    if _record is not None:
        note_text(surface, text, rect, box)
    return rect


def fit_text(text: str, size: int, width: int, reachable: bool = False) -> str:
    """``text`` shortened with '...' so that it fits in ``width`` pixels.  ``reachable``:
    the player can see the whole text another way (on hover or focus), so the record
    of the tests does not count this cut as words lost."""
    f = font(size)
    if f.size(text)[0] <= width:
        return text
    full = text
    while text and f.size(text + "...")[0] > width:
        text = text[:-1]
    if _record is not None and not reachable:
        _cuts[text + "..."] = full
    return text + "..."


def fit_size(text: str, size: int, width: int, floor: int = 12) -> int:
    """``size`` when ``text`` fits in ``width`` pixels at it, else the largest plain pixel
    size (down to ``floor``) at which it does: a little smaller rather than cut short."""
    if font(size).size(text)[0] <= width:
        return size
    px = pixels(size) - 1
    while px > floor and (px in _ROLES or font(px).size(text)[0] > width):
        px -= 1
    return px if px not in _ROLES else px - 1


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines of at most ``width`` pixels (paragraphs kept)."""
    f = font(size)
    lines: list[str] = []
    for para in str(text).split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            trial = line + " " + word if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            # a word wider than the line (a file's path) is broken, not cut short
            while f.size(word)[0] > width and len(word) > 1:
                k = len(word) - 1
                while k > 1 and f.size(word[:k])[0] > width:
                    k -= 1
                lines.append(word[:k])
                word = word[k:]
            line = word
        lines.append(line)
    if _record is not None and len(lines) > 1:
        whole = tuple(line for line in lines if line.strip())
        for line in whole:
            _wraps[line] = whole
    return lines


class Paragraphs:
    """Wrapped text drawn down a column, its wrapping kept between frames (a scene's
    panel text changes seldom): ``wrap`` gives the lines, ``draw`` draws them."""

    def __init__(self, limit: int = 64):
        self.cache: dict = {}
        self.limit = limit

    def clear(self) -> None:
        self.cache.clear()

    def wrap(self, text: str, size: int, width: int) -> list:
        key = (text, size, width)
        lines = self.cache.get(key)
        if lines is None:
            if len(self.cache) > self.limit:
                self.cache.clear()
            lines = self.cache[key] = wrap_text(text, size, max(20, width))
        return lines

    def draw(self, surface, text, size, color, x, y, width, bottom) -> int:
        """``text`` wrapped from ``y``, stopping above ``bottom``; the next y."""
        lh = line_height(size)
        for line in self.wrap(text, size, width):
            if y + lh > bottom:
                break
            draw_text(surface, line, size, color, (x, y))
            y += lh
        return y


def line_height(size: int) -> int:
    return font(size).get_linesize()


# --- shapes ---------------------------------------------------------------------------
def panel(
    surface: pygame.Surface,
    rect,
    color=None,
    edge=None,
    radius: int = theme.RADIUS,
    width: int = 2,
    alpha: int | None = None,
) -> None:
    """A rounded panel with an edge line (optionally translucent)."""
    color = theme.live(theme.PANEL if color is None else color)
    edge = theme.live(theme.PANEL_EDGE if edge is None else edge)
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    if alpha is not None and alpha < 255:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*color, alpha), tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect)
    else:
        pygame.draw.rect(surface, color, rect, border_radius=radius)
    if width and edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def titled_panel(surface: pygame.Surface, rect, title: str) -> pygame.Rect:
    """A side panel with ``title`` at its top (medium type, cut to the width); returns
    the rect inside its padding, where the panel's content goes."""
    panel(surface, rect)
    inner = pygame.Rect(rect).inflate(-2 * theme.PAD, -2 * theme.PAD)
    draw_text(
        surface,
        fit_text(title, theme.FONT_MEDIUM, inner.width),
        theme.FONT_MEDIUM,
        theme.TEXT,
        (inner.x, inner.y),
    )
    return inner


_dim_cache: dict[tuple, pygame.Surface] = {}


def dim(surface: pygame.Surface, alpha: int = 150, color=None) -> None:
    """Darken the whole surface (for overlays)."""
    color = theme.BG if color is None else color
    key = (surface.get_size(), alpha, tuple(color))
    veil = _dim_cache.get(key)
    if veil is None:
        if len(_dim_cache) > 8:
            _dim_cache.clear()
        veil = pygame.Surface(surface.get_size())
        veil.fill(color)
        veil.set_alpha(alpha)
        _dim_cache[key] = veil
    surface.blit(veil, (0, 0))


def bar(surface: pygame.Surface, rect, fraction: float, color, back=None, radius: int = 6) -> None:
    """A horizontal progress bar."""
    back = theme.BOARD if back is None else back
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, back, rect, border_radius=radius)
    w = int(rect.width * theme.clamp01(fraction))
    if w > 0:
        pygame.draw.rect(surface, color, (rect.x, rect.y, w, rect.height), border_radius=radius)


# --- widgets ----------------------------------------------------------------------------
class Widget:
    """A rectangle that may take focus and react to the mouse and keys."""

    focusable = False

    def __init__(self, rect=None):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.focused = False
        self.hovered = False  # the pointer is over it
        self.grouped = False  # in a FocusGroup: the focus alone is its highlight
        self.hover_t = 0.0  # eased 0..1 hover glow
        self.press_t = 0.0  # 1 right after activation, decays
        self.time = 0.0

    def handle_event(self, event) -> bool:
        """React to an event; True when it was consumed."""
        return False

    def activate(self) -> None:
        """Enter/Space while focused."""

    def adjust(self, step: int) -> bool:
        """Left/right while focused; True if it used the key."""
        return False

    def update(self, dt: float) -> None:
        self.time += dt
        lit = self.focused if (self.grouped and self.focusable) else self.hovered or self.focused
        target = 1.0 if lit and self.enabled else 0.0
        speed = dt / max(0.01, theme.FADE_TIME * 0.6)
        if self.hover_t < target:
            self.hover_t = min(target, self.hover_t + speed)
        elif self.hover_t > target:
            self.hover_t = max(target, self.hover_t - speed)
        if self.press_t > 0:
            self.press_t = max(0.0, self.press_t - dt / theme.FADE_TIME)

    def draw(self, surface) -> None:
        pass

    def _mouse(self, event) -> bool:
        """Track hover; True for a left click released inside."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.rect.collidepoint(event.pos):
                return True
        return False


class Button(Widget):
    """A rounded button that calls ``on_click`` when clicked or activated."""

    focusable = True

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any] | None = None,
        rect=None,
        size: int = theme.FONT_MEDIUM,
        accent=theme.ACCENT,
        hotkey: str = "",
        destructive: bool = False,
    ):
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        # a button that throws something away (Delete): it takes the focus only from
        # Tab or the arrows, never by itself (Enter on a disabled button, the mouse)
        self.destructive = destructive
        self.size = size
        self.accent = accent
        self.hotkey = hotkey  # shown small in a corner, e.g. "U"
        self.app = None  # set by FocusGroup for the click sound

    def handle_event(self, event) -> bool:
        if self._mouse(event) and self.enabled:
            self.activate()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.visible
            and self.rect.collidepoint(event.pos)
        ):
            return True
        return False

    def activate(self) -> None:
        if not self.enabled:
            return
        self.press_t = 1.0
        if self.app is not None:
            self.app.play_sound("click")
        if self.on_click is not None:
            self.on_click()

    def draw(self, surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        t = self.hover_t
        grow = int(round(3 * t + 2 * self.press_t))
        rect = self.rect.inflate(grow * 2, grow * 2)
        if not self.enabled:
            fill, edge, ink = (
                theme.PANEL,
                theme.mix(theme.PANEL_EDGE, theme.PANEL, 0.4),
                theme.mix(theme.TEXT_DIM, theme.PANEL, 0.4),
            )
        else:
            accent = theme.live(self.accent)
            fill = theme.mix(theme.PANEL, accent, 0.18 + 0.5 * t)
            edge = theme.mix(theme.PANEL_EDGE, accent, t)
            ink = theme.mix(theme.TEXT, (255, 255, 255), t)
        if t > 0.01 and self.enabled:
            glow = theme.mix(theme.BG, accent, 0.35 * t * (0.7 + 0.3 * theme.pulse(self.time)))
            pygame.draw.rect(surface, glow, rect.inflate(8, 8), border_radius=theme.RADIUS + 4)
        pygame.draw.rect(surface, fill, rect, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=theme.RADIUS)
        size, label = self._label_fit(rect)
        centre, shown = self._label_place(rect, label, size)
        draw_text(surface, label, size, ink, centre, "center", box=rect)
        if shown:
            draw_text(
                surface,
                self.hotkey,
                theme.FONT_TINY,
                theme.TEXT_DIM,
                (rect.right - 6, rect.bottom - 4),
                "bottomright",
            )

    def _label_fit(self, rect) -> tuple[int, str]:
        """The type size and the label as drawn: a tight button takes thinner margins
        first, then the smallest type, before any '...'."""
        size = self.size
        room = rect.width - 2 * theme.GAP
        if text_size(self.label, size)[0] > room:
            room = rect.width - 8
            if text_size(self.label, size)[0] > room and size != theme.FONT_TINY:
                size = theme.FONT_TINY
        return size, fit_text(self.label, size, max(10, room))

    def _label_place(self, rect, label: str, size: int):
        """Where the label's centre goes and whether the hotkey shows in the corner: the
        label centred when that leaves the key room, else moved left to make room."""
        lw = text_size(label, size)[0]
        if not self.hotkey:
            return rect.center, False
        need = text_size(self.hotkey, theme.FONT_TINY)[0] + 10
        if (rect.width - lw) // 2 >= need:
            return rect.center, True
        left = rect.width - need - lw  # room for the label left of the key
        if left >= 8:
            return (rect.x + left // 2 + lw // 2, rect.centery), True
        return rect.center, False

    def hotkey_shown(self) -> bool:
        """Does the button show its hotkey at its present size (unhovered)?"""
        size, label = self._label_fit(self.rect)
        return self._label_place(self.rect, label, size)[1]


class Cycler(Widget):
    """``label: value`` with < > arrows; clicking or left/right cycles through ``values``."""

    focusable = True

    def __init__(
        self,
        label: str,
        values: Sequence[Any],
        index: int = 0,
        on_change: Callable[[Any], Any] | None = None,
        rect=None,
        fmt: Callable[[Any], str] = str,
        size: int = theme.FONT_SMALL,
        label_width: int | None = None,
    ):
        super().__init__(rect)
        self.label = label
        self.values = list(values) or [None]
        self.index = max(0, min(index, len(self.values) - 1))
        self.on_change = on_change
        self.fmt = fmt
        self.size = size
        self.label_width = label_width
        self.app = None
        self.flash_t = 0.0

    @property
    def value(self):
        return self.values[self.index]

    def set_value(self, value) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.values) < 2:
            return False
        self.index = (self.index + step) % len(self.values)
        self.flash_t = 1.0
        if self.app is not None:
            self.app.play_sound("click")
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1)

    def handle_event(self, event) -> bool:
        if self._mouse(event) and self.enabled:
            left_half = event.pos[0] < self._value_rect().centerx - self._value_rect().width // 4
            self.adjust(-1 if left_half and event.pos[0] >= self._value_rect().x else 1)
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.visible
            and self.rect.collidepoint(event.pos)
        ):
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered and self.enabled:
            self.adjust(-1 if event.y > 0 else 1)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash_t > 0:
            self.flash_t = max(0.0, self.flash_t - dt / theme.FADE_TIME)

    def _label_w(self) -> int:
        if self.label_width is not None:
            return self.label_width
        return self.rect.width * 2 // 5

    def _value_rect(self) -> pygame.Rect:
        lw = self._label_w()
        return pygame.Rect(self.rect.x + lw, self.rect.y, self.rect.width - lw, self.rect.height)

    def draw(self, surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        t = self.hover_t
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        if t > 0.01:
            pygame.draw.rect(
                surface,
                theme.mix(theme.PANEL, theme.ACCENT, 0.15 * t),
                self.rect,
                border_radius=theme.RADIUS,
            )
        lw = self._label_w()
        if lw > 0:
            draw_text(
                surface,
                fit_text(self.label, self.size, lw - theme.GAP),
                self.size,
                theme.TEXT_DIM,
                (self.rect.x + theme.GAP, self.rect.centery),
                "midleft",
            )
        vr = self._value_rect().inflate(-4, -6)
        edge = theme.mix(theme.PANEL_EDGE, theme.ACCENT, t)
        fill = theme.mix(theme.BOARD, theme.ACCENT_2, 0.35 * self.flash_t)
        pygame.draw.rect(surface, fill, vr, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, edge, vr, 2, border_radius=theme.RADIUS)
        arrow = theme.mix(theme.TEXT_DIM, theme.ACCENT, t)
        if len(self.values) > 1 and self.enabled:
            draw_text(surface, "<", self.size, arrow, (vr.x + 10, vr.centery), "midleft")
            draw_text(surface, ">", self.size, arrow, (vr.right - 10, vr.centery), "midright")
        text = fit_text(self.fmt(self.value), self.size, max(10, vr.width - 44))
        draw_text(surface, text, self.size, ink, vr.center, "center")


class Toggle(Cycler):
    """An on/off switch (a cycler over False/True)."""

    def __init__(
        self,
        label: str,
        value: bool,
        on_change=None,
        rect=None,
        size: int = theme.FONT_SMALL,
        label_width: int | None = None,
    ):
        super().__init__(
            label,
            [False, True],
            1 if value else 0,
            on_change,
            rect,
            lambda v: "On" if v else "Off",
            size,
            label_width,
        )


class Slider(Widget):
    """A 0..1 value changed by dragging, clicking, the wheel or left/right."""

    focusable = True

    def __init__(
        self,
        label: str,
        value: float,
        on_change=None,
        rect=None,
        step: float = 0.1,
        size: int = theme.FONT_SMALL,
        label_width: int | None = None,
    ):
        super().__init__(rect)
        self.label = label
        self.value = theme.clamp01(value)
        self.on_change = on_change
        self.step = step
        self.size = size
        self.label_width = label_width
        self.dragging = False
        self.app = None

    def _track(self) -> pygame.Rect:
        lw = self.label_width if self.label_width is not None else self.rect.width * 2 // 5
        return pygame.Rect(
            self.rect.x + lw + 12, self.rect.centery - 4, max(10, self.rect.width - lw - 24 - 56), 8
        )

    def _set(self, value: float) -> None:
        value = theme.clamp01(round(value / 0.01) * 0.01)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        self._set(self.value + step * self.step)
        if self.app is not None:
            self.app.play_sound("click")
        return True

    def handle_event(self, event) -> bool:
        if not self.visible or not self.enabled:
            return False
        track = self._track()
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.dragging = True
            self._set((event.pos[0] - track.x) / max(1, track.width))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._set((event.pos[0] - track.x) / max(1, track.width))
                return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.adjust(1 if event.y > 0 else -1)
            return True
        return False

    def draw(self, surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        t = self.hover_t
        if t > 0.01:
            pygame.draw.rect(
                surface,
                theme.mix(theme.PANEL, theme.ACCENT, 0.15 * t),
                self.rect,
                border_radius=theme.RADIUS,
            )
        lw = self.label_width if self.label_width is not None else self.rect.width * 2 // 5
        draw_text(
            surface,
            fit_text(self.label, self.size, lw - theme.GAP),
            self.size,
            theme.TEXT_DIM,
            (self.rect.x + theme.GAP, self.rect.centery),
            "midleft",
        )
        track = self._track()
        bar(surface, track, self.value, theme.mix(theme.ACCENT_2, theme.ACCENT, t), radius=4)
        knob = (track.x + int(track.width * self.value), track.centery)
        pygame.draw.circle(surface, theme.TEXT, knob, 9 + int(2 * t))
        pygame.draw.circle(
            surface, theme.mix(theme.PANEL_EDGE, theme.ACCENT, t), knob, 9 + int(2 * t), 2
        )
        draw_text(
            surface,
            f"{int(round(self.value * 100))}%",
            self.size,
            theme.TEXT,
            (self.rect.right - theme.GAP, self.rect.centery),
            "midright",
        )


class Label(Widget):
    """Static text (optionally wrapped to the rect's width)."""

    def __init__(
        self,
        text: str,
        rect=None,
        size: int = theme.FONT_SMALL,
        color=theme.TEXT,
        anchor: str = "topleft",
        wrap: bool = False,
    ):
        super().__init__(rect)
        self.text = text
        self.size = size
        self.color = color
        self.anchor = anchor
        self.wrap = wrap

    def draw(self, surface) -> None:
        if not self.visible:
            return
        if self.wrap:
            y = self.rect.y
            lh = line_height(self.size)
            for line in wrap_text(self.text, self.size, self.rect.width):
                if y + lh > self.rect.bottom:
                    break
                draw_text(surface, line, self.size, self.color, (self.rect.x, y))
                y += lh
        else:
            draw_text(
                surface,
                self.text,
                self.size,
                self.color,
                getattr(self.rect, self.anchor),
                self.anchor,
            )


class Toast:
    """A short message that fades out; ``kind`` picks the colour (info, good, bad)."""

    COLORS = {"info": theme.TEXT, "good": theme.GOOD, "bad": theme.BAD, "warn": theme.WARN}

    def __init__(self):
        self.text = ""
        self.kind = "info"
        self.left = 0.0
        self.total = 1.0

    def show(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        self.text = str(text)
        self.kind = kind if kind in self.COLORS else "info"
        self.left = self.total = max(0.1, seconds)

    def clear(self) -> None:
        self.left = 0.0

    @property
    def active(self) -> bool:
        return self.left > 0 and bool(self.text)

    @property
    def alpha(self) -> int:
        if self.left <= 0:
            return 0
        fade = min(1.0, self.left / theme.FADE_TIME)
        rise = min(1.0, (self.total - self.left) / (theme.FADE_TIME * 0.5))
        return int(255 * min(fade, rise))

    @property
    def color(self):
        return self.COLORS[self.kind]

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)


class FocusGroup:
    """The widgets of a scene, with keyboard focus and event routing."""

    def __init__(self, app=None):
        self.app = app
        self.widgets: list[Widget] = []
        self.focus_index = -1

    def add(self, widget: Widget) -> Widget:
        widget.app = self.app
        widget.grouped = True
        self.widgets.append(widget)
        return widget

    def remove(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.widgets.remove(widget)

    def clear(self) -> None:
        self.widgets = []
        self.focus_index = -1

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        for w in self.widgets:
            if w.focused:
                return w
        return None

    def set_focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget

    def move_focus(self, step: int, safe: bool = False) -> None:
        """Focus the next (``step`` 1) or previous widget; ``safe``: never a destructive
        one (when the focus moves by itself rather than by Tab or the arrows)."""
        items = self.focusables()
        if safe:
            items = [w for w in items if not getattr(w, "destructive", False)]
        if not items:
            return
        cur = self.focused
        if cur in items:
            i = (items.index(cur) + step) % len(items)
        else:
            i = 0 if step > 0 else len(items) - 1
        self.set_focus(items[i])

    def handle_event(self, event) -> bool:
        """Route an event: keys drive the focus, mouse events go to the widgets."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_DOWN, pygame.K_TAB):
                shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.move_focus(-1 if shift else 1)
                return True
            if key == pygame.K_UP:
                self.move_focus(-1)
                return True
            cur = self.focused
            if cur is not None and cur.visible and cur.enabled:
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    cur.activate()
                    return True
                if key == pygame.K_LEFT:
                    return cur.adjust(-1)
                if key == pygame.K_RIGHT:
                    return cur.adjust(1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.move_focus(1, safe=True)
                return True
            return False
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        ):
            if event.type == pygame.MOUSEWHEEL:
                for w in self.widgets:
                    if w.visible and w.handle_event(event):
                        return True
                return False
            before = {id(w) for w in self.widgets if w.hovered}
            used = False
            for w in list(self.widgets):
                if not w.visible:
                    continue
                if w.handle_event(event):
                    used = True
                    if event.type != pygame.MOUSEMOTION:
                        break
            if event.type == pygame.MOUSEMOTION:
                # the pointer moving onto a widget takes the focus (and so the highlight)
                # there; resting or moving inside it leaves a focus the keys moved alone;
                # a destructive button never takes the focus by itself
                entered = [
                    w
                    for w in self.widgets
                    if w.focusable
                    and w.visible
                    and w.enabled
                    and w.hovered
                    and id(w) not in before
                    and not getattr(w, "destructive", False)
                ]
                if entered:
                    self.set_focus(entered[0])
            return used
        return False

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)
