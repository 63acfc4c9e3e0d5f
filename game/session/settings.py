"""The player's settings, remembered between launches in a small text file.

    # Abstract Arcade settings
    sound = on
    volume = 0.70
    fullscreen = off
    window = 1280x800
    animation = normal
    contrast = normal
    ai_processes = auto
    archive = all
    coach = off
    last_game = gliss
    seats.gliss = human, computer:hard

A missing file gives the defaults; a file that does not read (hand-edited, half-written
by an older version, garbage) gives the defaults for what does not read, and ``load``
says so in its message, never raising.  Writing is atomic (``storage.atomic_write``).
The animation speed is named (none, fast, normal, slow); a number written by an older
version (``animation = 2``) reads as the nearest named speed.
Pure Python: no pygame.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.session import storage
from game.session.seats import Seat, parse_pair

# the animation speeds the player chooses from, by name: how fast the board's animations
# run (1 = as designed); "none" (0) shows every move at once, without animation
ANIMATION_SPEEDS = {"none": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
# the window sizes offered in the settings (those that fit the screen)
WINDOW_SIZES = ((800, 600), (1024, 768), (1280, 800), (1440, 900), (1600, 900), (1920, 1080))


def speed_name(speed: float) -> str:
    """The named animation speed nearest to ``speed`` (0 or less: none; a number an older
    version wrote, such as 0.75 or 3, reads as the nearest of slow, normal and fast)."""
    try:
        speed = float(speed)
    except (TypeError, ValueError):
        return "normal"
    if not math.isfinite(speed) or speed <= 0:
        return "none" if speed <= 0 else "fast"
    moving = {k: v for k, v in ANIMATION_SPEEDS.items() if v > 0}
    return min(moving, key=lambda k: (abs(math.log(speed / moving[k])), -moving[k]))


def read_speed(text: str) -> float:
    """An animation speed from the settings file: a name or (an older file) a number."""
    t = text.strip().lower()
    if t in ANIMATION_SPEEDS:
        return ANIMATION_SPEEDS[t]
    try:
        v = float(t.removeprefix("x").removesuffix("x").strip())  # "2", "x2", "2x"
    except ValueError:
        raise ValueError(f"the animation speed is one of {', '.join(ANIMATION_SPEEDS)}") from None
    if not math.isfinite(v) or v < 0:
        raise ValueError(f"the animation speed is one of {', '.join(ANIMATION_SPEEDS)}")
    return ANIMATION_SPEEDS[speed_name(v)]


MAX_PROCESSES = 256  # read from the file; the cores of the machine cap what is used
CONTRAST_NAMES = ("normal", "high")  # the palettes (CONTRAST_NAMES)
MIN_WINDOW = (800, 600)  # the smallest window the app lays out (theme.MIN_SIZE)
DEFAULT_WINDOW = (1280, 800)  # a first start's window (DEFAULT_WINDOW)
MAX_WINDOW = (7680, 4320)  # the largest window read from the file (the screen caps it too)
MAX_BYTES = 64_000  # the largest settings file read
HEADER = "# Abstract Arcade settings (written by the app; unknown lines are ignored)"


@dataclass
class Settings:
    muted: bool = False
    volume: float = 0.7
    fullscreen: bool = False
    window: tuple[int, int] = DEFAULT_WINDOW
    animation: float = 1.0  # animation speed, 1 = as designed, 0 = none (ANIMATION_SPEEDS)
    seats: dict[str, list[Seat]] = field(default_factory=dict)  # last seats per game
    ai_processes: int | None = None  # processes the computer thinks in; None: automatic
    archive_limit: int | None = None  # finished games kept in the archive; None: all
    last_game: str | None = None  # the game last played (the select screen opens on it)
    contrast: str = "normal"  # the palette: normal or high (CONTRAST_NAMES)
    coach: bool = False  # against the computer: offer to take back a mistake (game.session.teach)

    def processes(self) -> int:
        """The processes the computer thinks in: the setting, at most the cores here;
        automatic is the cores less one (the window's), at least one."""
        if self.ai_processes is None:
            return auto_processes()
        return max(1, min(int(self.ai_processes), cores()))

    def dumps(self) -> str:
        lines = [
            HEADER,
            f"sound = {'off' if self.muted else 'on'}",
            f"volume = {self.volume:.2f}",
            f"fullscreen = {'on' if self.fullscreen else 'off'}",
            f"window = {self.window[0]}x{self.window[1]}",
            f"animation = {speed_name(self.animation)}",
            f"contrast = {self.contrast}",
            f"ai_processes = {'auto' if self.ai_processes is None else self.ai_processes}",
            f"archive = {'all' if self.archive_limit is None else self.archive_limit}",
            f"coach = {'on' if self.coach else 'off'}",
        ]
        if self.last_game:
            lines.append(f"last_game = {self.last_game}")
        for gid in sorted(self.seats):
            lines.append(f"seats.{gid} = " + ", ".join(s.spec() for s in self.seats[gid]))
        return "\n".join(lines) + "\n"


def cores() -> int:
    """The cores this process may run on (at least 1)."""
    from ai.parallel import cores as count

    return count()


def auto_processes() -> int:
    """The automatic number of AI processes: the cores less one, at least one."""
    from ai.parallel import default_processes

    return default_processes()


def _onoff(text: str) -> bool:
    t = text.strip().lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise ValueError(f"{text!r} is not on or off")


def fit_window(size, limit=MAX_WINDOW) -> tuple[int, int]:
    """``size`` (width, height) within the smallest window and ``limit``."""
    w, h = int(size[0]), int(size[1])
    w = max(MIN_WINDOW[0], min(int(limit[0]), w))
    h = max(MIN_WINDOW[1], min(int(limit[1]), h))
    return w, h


def loads(text: str) -> tuple[Settings, list[str]]:
    """The settings in ``text`` and the problems found (each bad line is skipped)."""
    s = Settings()
    problems: list[str] = []
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        try:
            if not eq:
                raise ValueError("expected 'name = value'")
            if key == "sound":
                s.muted = not _onoff(value)
            elif key == "volume":
                v = float(value)
                if not 0.0 <= v <= 1.0:
                    raise ValueError("the volume is from 0 to 1")
                s.volume = v
            elif key == "fullscreen":
                s.fullscreen = _onoff(value)
            elif key == "coach":
                s.coach = _onoff(value)
            elif key == "window":
                wide, x, high = value.lower().partition("x")
                if not x:
                    raise ValueError("write the window size as WIDTHxHEIGHT")
                w, h = int(wide), int(high)
                s.window = fit_window((w, h))
                if s.window != (w, h) and (w > MAX_WINDOW[0] or h > MAX_WINDOW[1]):
                    problems.append(
                        f"line {n}: the window {value[:30]} is larger than "
                        f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}; it is made "
                        f"{s.window[0]}x{s.window[1]}"
                    )
            elif key == "animation":
                s.animation = read_speed(value)
            elif key == "contrast":
                if value.lower() not in CONTRAST_NAMES:
                    raise ValueError(f"contrast is one of {', '.join(CONTRAST_NAMES)}")
                s.contrast = value.lower()
            elif key == "last_game":
                name = value.lower()
                if not re.fullmatch(r"[a-z0-9_]{1,40}", name):
                    raise ValueError(f"{value!r} is not a game's name")
                s.last_game = name
            elif key == "ai_processes":
                if value.lower() == "auto":
                    s.ai_processes = None
                else:
                    bad = f"ai_processes is auto or a number from 1 to {MAX_PROCESSES}"
                    try:
                        count = int(value)
                    except ValueError:
                        raise ValueError(bad) from None
                    if not 1 <= count <= MAX_PROCESSES:
                        raise ValueError(bad)
                    s.ai_processes = count
            elif key == "archive":
                if value.lower() == "all":
                    s.archive_limit = None
                else:
                    bad = "archive is all or how many finished games to keep (at least 1)"
                    try:
                        count = int(value)
                    except ValueError:
                        raise ValueError(bad) from None
                    if count < 1:
                        raise ValueError(bad)
                    s.archive_limit = count
            elif key.startswith("seats."):
                s.seats[key[len("seats.") :]] = parse_pair(value)
            # an unknown key is a newer version's setting: ignored
        except ValueError as exc:
            problems.append(f"line {n}: {exc}")
    return s, problems


def load(path=None) -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none) and a message when something in
    the file could not be read (it is then replaced by defaults, the file left alone)."""
    path = Path(path or storage.settings_path()).absolute()
    try:
        data = storage.read_regular(path, MAX_BYTES)  # a FIFO or a device: refused at once
    except FileNotFoundError:
        return Settings(), None
    except storage.ReadError as exc:
        return Settings(), f"Could not read the settings {path}: {exc.reason}"
    except OSError as exc:
        return Settings(), f"Could not read the settings {path}: {exc.strerror or exc}"
    if len(data) > MAX_BYTES:
        return Settings(), f"The settings file {path} is too large; using the defaults."
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Settings(), f"The settings file {path} is not text; using the defaults."
    settings, problems = loads(text)
    if problems:
        return settings, (
            f"Some settings in {path} did not read as written ({problems[0]}"
            f"{' ...' if len(problems) > 1 else ''}); the defaults or the nearest allowed "
            "values are used."
        )
    return settings, None


def save(settings: Settings, path=None) -> Path:
    """Write the settings (atomically); OSError naming the file when that fails."""
    return storage.atomic_write(path or storage.settings_path(), settings.dumps())
