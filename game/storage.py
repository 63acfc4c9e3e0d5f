"""Where the player's files live, and how they are written.

Everything the app keeps -- saved games, the autosaves of the games in progress, the
archive of finished games, screenshots, settings -- goes to one per-user data folder,
never to the folder the program was started from:

* ``ABSTRACT_ARCADE_DATA``, when set (tests, portable installs);
* else the platform's convention: ``%APPDATA%\\Abstract Arcade`` on Windows,
  ``~/Library/Application Support/Abstract Arcade`` on macOS, and
  ``$XDG_DATA_HOME/abstract-arcade`` (``~/.local/share/abstract-arcade``) elsewhere.

Files are written whole to a temporary name in the same folder, then renamed over the
old one (``atomic_write``), so a crash or a full disk never leaves a broken or empty file.
Every path handed out is absolute.  Pure Python: no pygame.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from pathlib import Path

ENV = "ABSTRACT_ARCADE_DATA"
APP_NAME = "Abstract Arcade"
APP_SLUG = "abstract-arcade"


def data_dir() -> Path:
    """The data folder (not created here; ``ensure`` makes a folder when it is needed)."""
    override = os.environ.get(ENV, "").strip()
    if override:
        return Path(override).expanduser().resolve()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / APP_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    return (Path(base) if base else home / ".local" / "share") / APP_SLUG


def saves_dir() -> Path:
    return data_dir() / "saves"


def screenshots_dir() -> Path:
    return data_dir() / "screenshots"


def autosave_path() -> Path:
    """The single autosave of versions before 0.9 (one game in progress for every window
    at once); still read, and taken into ``autosave_dir`` when it is continued."""
    return data_dir() / "autosave.txt"


def autosave_dir() -> Path:
    """The games in progress: one file per game, rewritten after every move, so two
    windows (or two games one after the other) never share a file."""
    return data_dir() / "autosave"


def archive_dir() -> Path:
    """Every finished game, kept without asking (Settings may limit how many)."""
    return data_dir() / "archive"


def settings_path() -> Path:
    return data_dir() / "settings.txt"


def ensure(folder: Path) -> Path:
    """Make ``folder`` (and its parents); OSError with the absolute path when it cannot be."""
    folder = Path(folder).absolute()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OSError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    if not folder.is_dir():
        raise OSError(f"{folder} is not a folder")
    return folder


class WriteError(OSError):
    """A file could not be written: ``path`` (absolute) and ``reason`` (for a person)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc)


def atomic_write(path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all; the absolute path.

    The text goes to a temporary file beside it, is flushed to the disk, then renamed over
    ``path``; on any failure the temporary file is removed and the old file is left as it
    was, and OSError says what went wrong and where."""
    path = Path(path).absolute()
    ensure(path.parent)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd = None
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            fd = None
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    finally:
        if fd is not None:
            os.close(fd)
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return path


def claim_path(folder, stem: str, suffix: str) -> Path:
    """A new empty file ``folder/stem.suffix`` (``stem-2.suffix``... when taken), made
    with O_EXCL so that two processes never get the same name; OSError naming the folder
    when it cannot be made."""
    folder = ensure(Path(folder))
    n = 1
    while True:
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            n += 1
            continue
        except OSError as exc:
            raise WriteError(path, _reason(exc)) from None
        os.close(fd)
        return path


def unique_path(folder, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, or ``stem-2.suffix``... when that is taken."""
    folder = Path(folder).absolute()
    path = folder / f"{stem}{suffix}"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}{suffix}"
    return path
