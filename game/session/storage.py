"""Where the player's files live, and how they are written.

Everything the app keeps -- saved games, the autosaves of the games in progress, the
archive of finished games, screenshots, settings -- goes to one per-user data folder,
never to the folder the program was started from:

* ``ABSTRACT_ARCADE_DATA``, when set (tests, portable installs);
* else the platform's convention: ``%APPDATA%\\Abstract Arcade`` on Windows,
  ``~/Library/Application Support/Abstract Arcade`` on macOS, and
  ``$XDG_DATA_HOME/abstract-arcade`` (``~/.local/share/abstract-arcade``) elsewhere.

Files are written whole to a temporary name in the same folder, then renamed over the
old one (``atomic_write``), so a crash or a full disk never leaves a broken or empty file;
a new saved game, screenshot or export first claims its name by creating it exclusively
(``claim_path``, ``write_new``), so two copies of the app never write to one name.  New files
follow the umask.  What a killed program leaves behind (hidden ``.tmp`` files, an empty
claimed name) is removed at the next start (``clean_leftovers``).  Files are read only
when they are regular files (``read_regular``): a FIFO or a device is refused, never
waited on.  Every path handed out is absolute.  Pure Python: no pygame.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
import time
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
    if not _xdg_path(base):  # the XDG spec: a relative path there is invalid and ignored
        return home / ".local" / "share" / APP_SLUG
    return Path(base) / APP_SLUG


def _xdg_path(value: str) -> bool:
    """Whether ``value`` may be used as an XDG base folder: an absolute path, and no shell
    ``~`` in it left unexpanded (``~/data`` is relative: the spec does not expand it)."""
    if not value or not os.path.isabs(value):
        return False
    return not any(part.startswith("~") for part in Path(value).parts)


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
    if exc.errno == errno.EFBIG:
        return "the file would be larger than this system allows"
    return exc.strerror or str(exc)


TMP_SUFFIX = ".tmp"
NEW_FILE_MODE = 0o666  # less the umask, as any program's new file
STALE_SECONDS = 600  # a temporary file or an empty claimed name older than this is a leftover


def _create(path: Path) -> int:
    """A new file at ``path`` opened for writing (FileExistsError when there is one):
    created with 0666 less the umask, as any new file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    return os.open(path, flags, NEW_FILE_MODE)


def _temp_beside(path: Path) -> tuple[int, Path]:
    """A new hidden temporary file in ``path``'s folder (``.NAME.PID.XXXXXXXX.tmp``: the
    process id tells ``clean_leftovers`` whether its writer is still running)."""
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TMP_SUFFIX}"
        try:
            return _create(tmp), tmp
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "no free temporary name")


def atomic_write(path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all; the absolute path.

    The data goes to a temporary file beside it, is flushed to the disk and its size
    checked, then renamed over ``path``; on any failure the temporary file is removed and
    the old file is left as it was, and OSError (WriteError) says what went wrong and
    where.  A new file's mode follows the umask; a file written over keeps its mode."""
    path = Path(path).absolute()
    ensure(path.parent)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    fd = None
    tmp = None
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "that is a folder")
        fd, tmp = _temp_beside(path)
        try:
            old = os.stat(path)
        except OSError:
            old = None
        if old is not None and stat.S_ISREG(old.st_mode) and hasattr(os, "fchmod"):
            try:
                os.fchmod(fd, stat.S_IMODE(old.st_mode))
            except OSError:
                pass  # a folder that keeps its own permissions
        with os.fdopen(fd, "wb") as f:
            fd = None
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
            written = os.fstat(f.fileno()).st_size
        if written != len(raw):  # never report a cut file as saved
            raise OSError(errno.EIO, f"only {written:,} of {len(raw):,} bytes were written")
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
    """A new, empty file ``folder/stem.suffix`` (``stem-2.suffix``... when that is taken),
    created exclusively, so two programs never get the same name; its absolute path.
    Write it with ``atomic_write`` (which renames over it) or remove it."""
    folder = ensure(folder)
    n = 1
    while n < 100_000:
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            os.close(_create(path))
            return path
        except FileExistsError:
            n += 1
        except OSError as exc:
            raise WriteError(path, _reason(exc)) from None
    raise WriteError(folder / f"{stem}{suffix}", "every name is taken")


def write_new(folder, stem: str, suffix: str, data: str | bytes) -> Path:
    """Write ``data`` as a new file in ``folder`` named ``stem`` (``-2``... when taken)
    and ``suffix``; its absolute path.  The name is claimed before it is written, so
    programs writing at the same time never overwrite each other's files; on a failure
    nothing is left behind and WriteError says why."""
    path = claim_path(folder, stem, suffix)
    try:
        return atomic_write(path, data)
    except BaseException:
        try:
            os.unlink(path)
        except OSError:
            pass
        raise


def unique_path(folder, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, or ``stem-2.suffix``... when that is taken.  Only a guess:
    another program may take it at once; ``claim_path`` or ``write_new`` to own a name."""
    folder = Path(folder).absolute()
    path = folder / f"{stem}{suffix}"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}{suffix}"
    return path


class ReadError(OSError):
    """A file could not be read: ``path`` (absolute) and ``reason`` (for a person)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"cannot read {path}: {reason}")
        self.path = path
        self.reason = reason


def read_regular(path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` + 1 of them (so a caller
    can tell a longer file).  Anything else -- a FIFO, a device, a socket, a folder -- is
    refused without waiting on it: ReadError (an OSError) says why; FileNotFoundError
    when there is no file."""
    path = Path(path).absolute()
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a FIFO never waits for a writer
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise ReadError(path, _reason(exc)) from None
    handed = False  # the file object owns fd (and closes it)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise ReadError(path, f"it is {_kind(mode)}, not a file")
        if hasattr(os, "O_NONBLOCK"):  # POSIX: reads of the file itself may block again
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as f:
            handed = True
            return f.read(limit + 1)
    except ReadError:
        raise
    except OSError as exc:
        raise ReadError(path, _reason(exc)) from None
    finally:
        if not handed:
            os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def is_regular(path) -> bool:
    """Whether ``path`` is a regular file (a symbolic link to one counts), never waiting."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def set_aside(path, label: str = "unreadable", into=None) -> Path:
    """Rename the file ``path`` to a new name beside it, or in the folder ``into`` (on the
    same disk) when files beside it are all read (``autosave.txt`` becomes
    ``autosave-unreadable-20261121-201500.txt``), so it no longer gets in the way and is
    not lost; the new absolute path.  WriteError when it cannot be renamed."""
    path = Path(path).absolute()
    stem = f"{path.stem}-{label}-{time.strftime('%Y%m%d-%H%M%S')}"
    target = claim_path(path.parent if into is None else into, stem, path.suffix)
    try:
        os.replace(path, target)
    except OSError as exc:
        try:
            os.unlink(target)
        except OSError:
            pass
        raise WriteError(path, _reason(exc)) from None
    return target


_CLAIMED = re.compile(r"[a-z0-9_-]+-\d{8}-\d{6}(-\d+)?\.(txt|png|gif)")


def _writer_gone(name: str) -> bool:
    """Whether the process that made the temporary file ``name`` (``.NAME.PID.HEX.tmp``)
    has ended on this machine (POSIX only; elsewhere, and for older names: not known)."""
    if os.name != "posix":
        return False  # os.kill there would end the process, not test it
    parts = name.rsplit(".", 3)
    if len(parts) != 4 or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    if pid <= 1 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False
    return False


def clean_leftovers(folders=None, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove what writes cut short (a killed program, a power cut) left behind: hidden
    temporary files (``.NAME.PID.XXXXXXXX.tmp``) in the data folder and its subfolders,
    and empty files of a claimed name (``splay-20261121-201500.txt``) in the saves,
    screenshots and exports (or in ``folders``), older than ``older_than`` seconds -- a
    temporary file at once when the process that wrote it has ended (a write of another
    copy of the app in progress is left alone).  The paths removed; never raises."""
    if folders is None:
        base = data_dir()
        named = [saves_dir(), screenshots_dir(), base / "exports"]
        folders = [(base, False), (base / "autosave", False), (base / "archive", False)]
        folders += [(f, True) for f in named]
    else:
        folders = [(f, True) for f in folders]
    now = time.time()
    removed = []
    for folder, empties in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            temp = name.startswith(".") and name.endswith(TMP_SUFFIX)
            if not temp and not (empties and _CLAIMED.fullmatch(name)):
                continue
            path = Path(folder, name).absolute()
            try:
                st = os.lstat(path)
                if not stat.S_ISREG(st.st_mode):
                    continue
                if now - st.st_mtime < older_than and not (temp and _writer_gone(name)):
                    continue
                if not temp and st.st_size:
                    continue  # a real saved file
                os.unlink(path)
                removed.append(path)
            except OSError:
                continue
    return removed
