"""The App: the window, the scene stack, the frame loop, global keys and shared services.

* a resizable window (never smaller than ``theme.MIN_SIZE``), F11 toggles full screen,
  M mutes, F12 saves a screenshot;
* a stack of scenes: the top one gets the events; it is updated with a fixed time step
  (``STEP``) and drawn once a frame (overlays draw the scene beneath first);
* shared services, all created lazily so the first frame comes fast: the AI worker
  (``app.ai``, one process for the whole session; ``app.new_match`` wires a match to
  it) and the sound (``app.sound``).

A scene that raises is never allowed to take the app down: the error is printed and shown
as a message (``strict=True``, used by the tests, re-raises instead).
"""

from __future__ import annotations

import gc
import io
import os
import random
import sys
import threading
import time
import traceback
import warnings

import pygame

from game import theme
from game.ui.widgets import (
    Toast,
    draw_text,
    line_height,
    note_blit,
    panel,
    set_layer,
    set_text_scale,
    text_size,
    wrap_text,
)

STEP = 1.0 / 120.0  # the fixed update step (seconds)
MAX_STEPS = 15  # at most this many steps a frame (after a stall we slow down)
FPS = 60
IDLE_POLL_FRAMES = 30  # an idle AI worker is polled this often (its housekeeping)


class FramePacer:
    """Holds the frame loop to an exact rate on the high-resolution clock.

    ``pygame.time.Clock.tick`` waits in whole milliseconds, which gives 16 or
    17 ms frames (58.8 FPS on average); this keeps a running deadline instead,
    sleeps to just before it and spins the last fraction of a millisecond.  A
    loop that falls far behind (a window drag, a stall) starts afresh rather
    than racing to catch up."""

    SPIN = 0.0006

    def __init__(self, fps: float):
        self.period = 1.0 / fps
        self.last = time.perf_counter()
        self.deadline = self.last + self.period

    def wait(self) -> float:
        """Sleep until the next frame is due; the seconds since the last one."""
        now = time.perf_counter()
        ahead = self.deadline - now
        if ahead > self.SPIN:
            time.sleep(ahead - self.SPIN)
        while time.perf_counter() < self.deadline:
            pass
        now = time.perf_counter()
        self.deadline += self.period
        if now - self.deadline > 3 * self.period:  # far behind: resynchronise
            self.deadline = now + self.period
        dt = min(now - self.last, 0.1)
        self.last = now
        return dt


def make_icon(size: int = 64) -> pygame.Surface:
    """The window icon, drawn here: a hexagon of the arcade's pink and cyan on night blue,
    with a light and a dark stone (the two sides of every game)."""
    import math

    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, theme.BG, icon.get_rect(), border_radius=size // 5)
    c = size / 2
    for r, col in ((size * 0.44, theme.ACCENT), (size * 0.36, theme.BOARD)):
        pts = [
            (
                c + r * math.cos(math.pi / 3 * k + math.pi / 6),
                c + r * math.sin(math.pi / 3 * k + math.pi / 6),
            )
            for k in range(6)
        ]
        pygame.draw.polygon(icon, col, pts)
    light, dark = theme.colour("white"), theme.colour("black")
    rad = max(3, size // 7)
    for (x, y), pal in (((c - size * 0.14, c), light), ((c + size * 0.14, c), dark)):
        pygame.draw.circle(icon, pal["fill"], (round(x), round(y)), rad)
        pygame.draw.circle(icon, theme.ACCENT_2, (round(x), round(y)), rad, max(1, size // 32))
    return icon


class NullSound:
    """Stands in for ``game.ui.sound.Sound`` when there is none or no audio device."""

    def __init__(self, volume: float = 0.7):
        self.volume = volume
        self.muted = False

    def play(self, name: str) -> None:
        pass


def desktop_size() -> tuple[int, int] | None:
    """The size of the (first) screen, or None when the display does not say."""
    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except Exception:
        return None
    if not sizes or sizes[0][0] <= 0 or sizes[0][1] <= 0:
        return None
    return tuple(sizes[0])


class App:
    """The arcade client: build it, push a scene, then ``run()`` (or drive ``frame()``)."""

    def __init__(
        self,
        size=None,
        fullscreen: bool = False,
        seed: int | None = None,
        ai=None,
        ai_factory=None,
        ai_overrides: dict | None = None,
        sound=None,
        strict: bool = False,
        move_cap: int = 150,
        volume: float = 0.7,
        muted: bool = False,
        settings=None,
        persist: bool = False,
    ):
        from ai.heap import keep_heap_small

        keep_heap_small()  # big, short-lived surfaces go back to the system (ai/heap.py)
        pygame.display.init()
        pygame.font.init()
        w, h = size or theme.DEFAULT_SIZE
        self.windowed_size = (max(theme.MIN_SIZE[0], int(w)), max(theme.MIN_SIZE[1], int(h)))
        self.fullscreen = False
        pygame.display.set_caption("Abstract Arcade")
        pygame.display.set_icon(make_icon())  # before the window: some systems
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        set_text_scale(self.screen.get_size())
        self._set_minimum_size()
        if fullscreen:
            self.toggle_fullscreen()
        self.seed = seed
        self.rng = random.Random(seed)
        self.strict = strict
        self.move_cap = move_cap
        self.ai_overrides = dict(ai_overrides or {})
        self._ai = ai
        self._ai_factory = ai_factory
        self._sound = sound
        self._sound_failed = False
        self._sound_loading = False
        self.volume = volume
        self.muted = muted
        # the player's settings (game.session.settings); with ``persist`` they are written back,
        # and the game in progress is autosaved, in the data folder (game.session.storage)
        from game.session.settings import Settings

        self.settings = (
            settings
            if settings is not None
            else Settings(
                muted=muted, volume=volume, window=self.windowed_size, fullscreen=fullscreen
            )
        )
        self.persist = persist
        if settings is not None:
            self.volume, self.muted = settings.volume, settings.muted
        theme.apply_contrast(getattr(self.settings, "contrast", "normal"))
        self.scenes: list = []
        self.toast = Toast()
        self.running = True
        self.time = 0.0
        self.frames = 0
        self._acc = 0.0
        self.errors = 0
        self.fade = 0.0  # 1 right after a scene change, eases to 0
        self._seen_errors: set = set()
        self.first_frame_at: float | None = None
        self.frame_times: list[float] = []  # seconds of work per frame (for the bench)
        self.record_frames = False
        self._on_first_frame = None
        self._veil = None
        self._gc_due = False  # collect_garbage asked for a pass at the end of the frame

    # --- window ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                win = pygame.Window.from_display_module()
            win.minimum_size = theme.MIN_SIZE
        except (AttributeError, pygame.error):  # older SDL or a driver without windows
            pass  # no minimum from the system: resize() still clamps to theme.MIN_SIZE

    def resize(self, size) -> None:
        """The window changed size: clamp to the minimum and lay the scenes out again."""
        w, h = int(size[0]), int(size[1])
        self.screen = pygame.display.get_surface() or self.screen
        if not self.fullscreen:
            cw, ch = max(theme.MIN_SIZE[0], w), max(theme.MIN_SIZE[1], h)
            if (cw, ch) != self.screen.get_size():
                try:
                    self.screen = pygame.display.set_mode((cw, ch), pygame.RESIZABLE)
                except pygame.error:
                    pass
            self.windowed_size = self.screen.get_size()
        else:
            self.screen = pygame.display.get_surface() or self.screen
        set_text_scale(self.size)
        for scene in self.scenes:
            self._safe(scene.layout, self.size)

    def toggle_fullscreen(self) -> None:
        try:
            if not self.fullscreen:
                self.windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self.fullscreen = False
                self._set_minimum_size()
        except pygame.error as exc:
            self.message(f"Full screen is not available: {exc}", "bad")
            return
        set_text_scale(self.size)
        for scene in getattr(self, "scenes", []):
            self._safe(scene.layout, self.size)
        if hasattr(self, "settings"):
            self.remember()

    # --- services --------------------------------------------------------------------------
    @property
    def ai(self):
        """The AI worker (created and started on first use)."""
        if self._ai is None:
            if self._ai_factory is not None:
                self._ai = self._ai_factory()
            else:
                from ai.worker import AIWorker

                # the search runs in as many processes as the settings say (game.session.settings)
                self._ai = AIWorker(processes=self.settings.processes())
            try:
                self._ai.start()
            except Exception as exc:  # no processes here: think in this process instead
                print(
                    f"abstract-arcade: cannot start the AI process ({exc}); "
                    "thinking in the window's process",
                    file=sys.stderr,
                )
                from ai.worker import InlineAI

                self._ai = InlineAI()
        return self._ai

    @property
    def ai_ready(self) -> bool:
        return self._ai is not None

    @property
    def sound(self):
        if self._sound is None:
            self._load_sound()
        return self._sound

    def _load_sound(self) -> None:
        if self._sound is not None or self._sound_failed:
            return
        try:
            from game.ui.sound import Sound

            self._sound = Sound(volume=self.volume)
            self._sound.muted = self.muted
        except Exception as exc:
            self._sound_failed = True
            print(f"abstract-arcade: no sound ({type(exc).__name__}: {exc})", file=sys.stderr)
            self._sound = NullSound(self.volume)
            self._sound.muted = self.muted

    def _load_sound_async(self) -> None:
        """Start the mixer and the synthesiser on a helper thread: starting an audio
        device can take a good part of a second (longer when there is none), and the
        window must keep drawing meanwhile.  Until it is ready, sounds are skipped."""
        if self._sound is not None or self._sound_failed or self._sound_loading:
            return
        self._sound_loading = True

        def load():
            try:
                self._load_sound()
                snd = self._sound
                if snd is not None:  # settings changed while it loaded
                    snd.muted = self.muted
                    snd.volume = self.volume
            except Exception as exc:  # a helper thread: say so, the game plays on silent
                print(f"abstract-arcade: no sound ({type(exc).__name__}: {exc})", file=sys.stderr)

        try:
            threading.Thread(target=load, name="arcade-sound", daemon=True).start()
        except RuntimeError:
            self._load_sound()

    def play_sound(self, name: str) -> None:
        snd = self._sound  # never load sound on the first frame's path
        if snd is None:
            return
        try:
            snd.play(name)
        except pygame.error:
            pass  # the audio device went away: the effect is skipped

    @property
    def animation_speed(self) -> float:
        return self.settings.animation

    def set_contrast(self, name: str) -> None:
        """The normal or the high-contrast palette, now: every scene is laid out again so
        that the boards' cached images are drawn in it."""
        self.settings.contrast = theme.apply_contrast(name)
        for scene in self.scenes:
            self._safe(scene.layout, self.size)
        self.remember()

    def set_animation_speed(self, speed: float) -> None:
        self.settings.animation = max(0.0, float(speed))
        self.remember()

    def set_window_size(self, size) -> None:
        """A window size chosen in the settings: the window takes it now (at least the
        minimum) and every scene is laid out again; in full screen it is the size the
        window comes back to."""
        w, h = (max(theme.MIN_SIZE[0], int(size[0])), max(theme.MIN_SIZE[1], int(size[1])))
        if self.fullscreen:
            self.windowed_size = (w, h)
        else:
            self.resize((w, h))
        self.remember()

    def remember(self) -> None:
        """Write the settings to the data folder (when this app persists); a failure is
        shown, never raised."""
        st = self.settings
        st.volume, st.muted, st.fullscreen = self.volume, self.muted, self.fullscreen
        st.window = tuple(self.windowed_size)
        if not self.persist:
            return
        from game.session import settings as settings_mod

        try:
            settings_mod.save(st)
        except OSError as exc:
            self.message(f"Settings not saved: {exc}", "bad", 4.0)

    def set_volume(self, volume: float) -> None:
        self.volume = theme.clamp01(volume)
        if self._sound is not None:
            try:
                self._sound.volume = self.volume
            except pygame.error:
                pass  # the audio device went away: the setting is kept all the same

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self._sound is not None:
            try:
                self._sound.muted = self.muted
            except pygame.error:
                pass  # the audio device went away: the setting is kept all the same

    def toggle_mute(self) -> None:
        self.set_muted(not self.muted)
        self.remember()
        self.message("Sound off" if self.muted else "Sound on", "info", 1.2)

    def live_ai(self):
        """The AI worker if it is running (it starts after the first frame), else None."""
        return self._ai

    def new_match(self, game, options=None, seats=None, **kwargs):
        """A :class:`game.session.match.Match` wired to this app's AI worker, RNG and settings."""
        from game.session.match import Match

        return Match(
            game,
            options,
            seats,
            ai=self.live_ai,
            rng=self.rng,
            ai_overrides=self.ai_overrides,
            **kwargs,
        )

    # --- the clipboard ---------------------------------------------------------------------
    def clipboard_put(self, text: str) -> bool:
        """Copy ``text`` to the system clipboard (kept in the app too, so a paste in the
        same session works where the system has none); False after a message if neither."""
        self._clip = text
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, NotImplementedError):
            pass  # no system clipboard (a dummy driver): the app's own copy stays
        return True

    def clipboard_get(self) -> str:
        """The clipboard's text ('' when there is none)."""
        try:
            text = pygame.scrap.get_text()
        except (pygame.error, AttributeError, NotImplementedError):
            text = ""
        return text or getattr(self, "_clip", "")

    def message(self, text: str, kind: str = "info", seconds: float = 2.5) -> None:
        """A message at the bottom of the window, over every scene."""
        self.toast.show(text, kind, seconds)

    # --- scenes ---------------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        if self.scenes:
            self._safe(self.scenes[-1].pause)
        self.scenes.append(scene)
        self._safe(scene.enter)

    def pop(self):
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._safe(scene.exit)
        if self.scenes:
            self._safe(self.scenes[-1].resume)
        elif self.running:
            self.quit()
        return scene

    def replace(self, scene) -> None:
        self.fade = 1.0
        if self.scenes:
            old = self.scenes.pop()
            self._safe(old.exit)
            self.collect_garbage()
        self.scenes.append(scene)
        self._safe(scene.enter)

    def reset(self, scene) -> None:
        """Leave every scene and show ``scene`` alone."""
        self.fade = 1.0
        while self.scenes:
            old = self.scenes.pop()
            self._safe(old.exit)
        self.collect_garbage()
        self.scenes.append(scene)
        self._safe(scene.enter)

    def collect_garbage(self) -> None:
        """Free what a left scene (or a finished attract game) held, at the end of this
        frame, when nothing on the stack refers to it any more.  A scene, its match and its
        board view refer to one another (listeners, hosts), so only Python's cycle collector
        frees them, and its full passes are rare: they count objects, not the megabytes of
        board pictures the objects hold, so over a demo loop several finished games' boards
        piled up (docs/memory.md).  A pass takes a few milliseconds, once a game."""
        self._gc_due = True

    def go_title(self) -> None:
        from game.ui import flow

        flow.reset(self, "title")

    def quit(self) -> None:
        self.running = False

    def busy_reason(self) -> str | None:
        """What quitting now would cut short (a scene's ``busy()``: a computer thinking,
        a review running, a GIF being written), or None."""
        for scene in reversed(self.scenes):
            busy = getattr(scene, "busy", None)
            reason = self._safe(busy) if busy is not None else None
            if reason:
                return reason
        return None

    def request_quit(self) -> None:
        """Quit (the Quit button, closing the window).  Games are autosaved, so this asks
        only when something would be cut short; asking again while it asks quits."""
        reason = self.busy_reason()
        asking = getattr(self.scene, "quit_question", False)
        if reason is None or asking:
            self.quit()
            return
        from game.ui import flow

        confirm = flow.push(
            self,
            "confirm",
            "Quit now?",
            f"{reason} Your games are kept either way.",
            self.quit,
            yes="Quit",
            no="Stay",
        )
        confirm.quit_question = True

    # --- the loop ---------------------------------------------------------------------------
    def _safe(self, fn, *args):
        try:
            return fn(*args)
        except Exception as exc:
            if self.strict:
                raise
            self.errors += 1
            sig = (type(exc).__name__, str(exc))
            if sig not in self._seen_errors:  # print each distinct error once
                self._seen_errors.add(sig)
                traceback.print_exc(file=sys.stderr)
            self.message(f"Oops: {type(exc).__name__}: {exc}", "bad", 4.0)
            return None

    def handle_event(self, event) -> None:
        et = event.type
        if et == pygame.QUIT:
            self.request_quit()
            return
        if et == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if et == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F12:
                self.save_screenshot()
                return
            typing = getattr(self.scene, "text_input_active", False)  # M is then a letter
            if (
                event.key == pygame.K_m
                and not typing
                and not (getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            ):
                self.toggle_mute()
                return
        scene = self.scene
        if scene is not None:
            self._safe(scene.handle_event, event)

    def update(self, dt: float) -> None:
        """Advance the top scene (and those it lets run beneath it) in fixed steps."""
        self._acc += max(0.0, min(dt, MAX_STEPS * STEP))
        steps = 0
        while self._acc >= STEP - 1e-9 and steps < MAX_STEPS:
            self._acc -= STEP
            steps += 1
            self.time += STEP
            self.toast.update(STEP)
            if self.fade > 0:
                self.fade = max(0.0, self.fade - STEP / theme.FADE_TIME)
            live = self._live_scenes()
            for scene in live:
                self._safe(scene.update, STEP)
        if self._acc < 0:
            self._acc = 0.0

    def _live_scenes(self) -> list:
        if not self.scenes:
            return []
        live = [self.scenes[-1]]
        i = len(self.scenes) - 1
        while i > 0 and getattr(self.scenes[i], "update_below", False):
            i -= 1
            live.insert(0, self.scenes[i])
        return live

    def draw(self) -> None:
        surface = self.screen
        if not self.scenes:
            surface.fill(theme.BG)
            return
        first = len(self.scenes) - 1
        while first > 0 and getattr(self.scenes[first], "overlay", False):
            first -= 1
        for k, scene in enumerate(self.scenes[first:]):
            set_layer(k)  # text of an overlay may lie over the scene's below (recorded)
            self._safe(scene.draw, surface)
        set_layer("toast")
        if self.fade > 0:  # a quick fade in after a scene change
            veil = self._veil
            if veil is None or veil.get_size() != surface.get_size():
                veil = self._veil = pygame.Surface(surface.get_size())
                veil.fill(theme.BG)
            veil.set_alpha(int(230 * theme.ease_in_cubic(self.fade)))
            surface.blit(veil, (0, 0))
        self.draw_toast(surface)

    def draw_toast(self, surface) -> None:
        toast = self.toast
        if not toast.active:
            return
        w, h = surface.get_size()
        # where the top scene wants it (off its board) or, over an overlay, the scene
        # beneath does; else at the bottom of the window
        area = None
        for scene in reversed(self.scenes):
            area = scene.toast_area((w, h))
            if area is not None or not getattr(scene, "overlay", False):
                break
        if area is None:
            area = pygame.Rect(2 * theme.PAD, 0, w - 4 * theme.PAD, h - theme.PAD)
        # a long message wraps: every word shows
        lines = wrap_text(toast.text, theme.FONT_SMALL, max(40, area.width - 2 * theme.PAD))
        lh = line_height(theme.FONT_SMALL)
        tw = max(text_size(line, theme.FONT_SMALL)[0] for line in lines)
        rect = pygame.Rect(0, 0, tw + 2 * theme.PAD, lh * len(lines) + theme.PAD)
        rect.midbottom = (area.centerx, area.bottom)
        rect.top = max(0, rect.top)
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel(tmp, tmp.get_rect(), theme.PANEL, toast.color)
        y = theme.PAD // 2
        for line in lines:
            draw_text(tmp, line, theme.FONT_SMALL, toast.color, (rect.w // 2, y), "midtop")
            y += lh
        tmp.set_alpha(toast.alpha)
        surface.blit(tmp, rect)
        note_blit(surface, tmp, rect)

    def frame(self, dt: float = 1.0 / FPS, events=None) -> None:
        """One frame: events (from the queue unless given), fixed-step updates, drawing."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self._gc_due:
            self._gc_due = False
            gc.collect()
        ai = self._ai
        if ai is not None and self.frames % IDLE_POLL_FRAMES == 0 and not getattr(ai, "busy", True):
            ai.poll()  # between searches: the worker drops late messages, replaces a grown process
        if self.frames == 1:
            self.first_frame_at = time.perf_counter()
            if self._on_first_frame is not None:
                self._on_first_frame()
            self.after_first_frame()

    def after_first_frame(self) -> None:
        """Start what the first frame must not wait for: the AI process and the sound."""
        try:
            _ = self.ai
        except Exception as exc:
            if self.strict:
                raise
            self.message(f"The computer player is unavailable: {exc}", "bad", 5.0)
        self._load_sound_async()

    def run(
        self, max_frames: int | None = None, screenshot: str | None = None, on_first_frame=None
    ) -> int:
        """The frame loop; returns when the window closes or after ``max_frames``."""
        self._on_first_frame = on_first_frame
        pace = FramePacer(FPS)
        try:
            while self.running:
                dt = pace.wait()
                t0 = time.perf_counter()
                self.frame(dt)
                if self.record_frames:
                    self.frame_times.append(time.perf_counter() - t0)
                if max_frames is not None and self.frames >= max_frames:
                    break
            if screenshot:
                self.draw()
                self.save_screenshot(screenshot)
        finally:
            self.shutdown()
        return 0

    def save_screenshot(self, path: str | None = None) -> str | None:
        """Save the window as a PNG (by default under a new name in the data folder's
        screenshots); the absolute path, or None after a message saying why it could not
        be written.  The PNG is encoded in memory, written to a temporary name, checked
        and renamed (``storage.atomic_write``): never a cut or empty file called saved."""
        from game.session import storage

        try:
            if path is not None:
                path = os.path.abspath(path)
                if not path.lower().endswith(".png"):
                    raise OSError(f"{path}: a screenshot is a PNG; give a name ending in .png")
            buf = io.BytesIO()
            pygame.image.save(self.screen, buf, "screenshot.png")
            data = buf.getvalue()
            if not data.startswith(b"\x89PNG"):
                raise OSError("the picture could not be encoded as PNG")
            if path is None:
                stem = time.strftime("arcade-%Y%m%d-%H%M%S")
                path = str(storage.write_new(storage.screenshots_dir(), stem, ".png", data))
            else:
                path = str(storage.atomic_write(path, data))
        except (pygame.error, OSError) as exc:
            self.message(f"Could not save the screenshot: {exc}", "bad", 5.0)
            return None
        self.message(f"Screenshot saved: {path}", "good", 3.0)
        return path

    def shutdown(self) -> None:
        """Leave every scene, remember the settings and stop the AI process."""
        if self.running or self.scenes:
            self.remember()
        while self.scenes:
            scene = self.scenes.pop()
            try:
                scene.exit()
            except Exception:
                if self.strict:
                    raise
        if self._ai is not None:
            try:
                self._ai.close()
            except Exception as exc:  # closing anyway: a dead worker must not keep us open
                print(f"abstract-arcade: the AI did not close ({exc})", file=sys.stderr)
            self._ai = None
        self.running = False
