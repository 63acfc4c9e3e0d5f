"""Keeping games: the autosaves of the games in progress, the archive of finished games,
saving, opening a record or a position, the Load screen's list and filters, the clipboard.

No game is lost: each game in progress is written after every change to its own file in
``autosave/`` (so two windows, or two games one after the other, never share one); when
it ends it moves to ``archive/`` (pruned to the Settings' limit, never ``saves/``); a game
opened from a finished record is already kept and clears nothing.

The play, result, title and load scenes share this; it knows games only through the
public contract, records (``game.session.records``) and the data folder (``game.session.storage``).
Every failure becomes a message that names the file's absolute path; nothing raises
into a scene for a bad file, a full disk or a folder that cannot be written.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from game import rules
from game.session import records, storage, turns


# --- the record of a match ----------------------------------------------------------------
def record_text(match) -> str:
    """The match so far as a record (a resignation and how it ended included)."""
    return records.dumps_match(match)


def save(app, match) -> str | None:
    """Save ``match`` under the data folder's saves; its absolute path, or None after a
    message saying why not."""
    try:
        folder = storage.ensure(storage.saves_dir())
        path = records.save_file(record_text(match), match.game.id, str(folder))
    except (OSError, ValueError) as exc:
        app.message(f"Could not save the game: {exc}", "bad", 5.0)
        return None
    app.message(f"Saved to {path}", "good", 4.0)
    return str(path)


# --- the autosave and the archive -----------------------------------------------------------
IN_PROGRESS, SAVED, ARCHIVE = "in progress", "saved", "archive"
ARCHIVE_LIMITS = (None, 100, 500, 1000)  # Settings: keep all, or the newest N finished games


def _stem(match) -> str:
    return f"{match.game.id}-{time.strftime('%Y%m%d-%H%M%S')}"


def is_autosave(path) -> bool:
    """Whether ``path`` is a game in progress's file (this version's or the old single one)."""
    if not path:
        return False
    where = Path(os.path.abspath(os.fspath(path)))
    return where == storage.autosave_path() or where.parent == storage.autosave_dir()


class Autosaver:
    """Keeps one match on disk while it goes on, in a file of its own under the data
    folder's ``autosave`` (claimed at its first change, so two windows, or two games one
    after the other, never share one); when the game ends the file goes to ``archive``.

    A match opened from a finished record is already kept: opening it writes, archives and
    clears nothing.  A match continued from an autosave takes that file over (under a new
    name of its own, so a second window continuing it too starts a copy, not a tug of war).
    Only for an app that persists."""

    def __init__(self, app, match):
        self.app = app
        self.match = match
        self.path: Path | None = None  # this game's autosave, once it has one
        self.archived: Path | None = None  # where it went when it ended
        self.failed = False
        # the game as it was opened when it was already over (kept where it came from)
        self.opened_over = (list(match.moves), match.resigned) if match.over else None
        if app.persist:
            match.listen(lambda *_: self.write())
            source = getattr(match, "autosave_from", None)
            if source and not match.over:
                self.write()  # under this window's own name ...
                if self.path is not None and Path(source) != self.path:
                    _remove(app, Path(source))  # ... then the old name goes

    def write(self) -> None:
        if not self.app.persist:
            return
        if self.match.over:
            self.finish()
            return
        try:
            if self.path is None:
                self.path = storage.claim_path(storage.autosave_dir(), _stem(self.match), ".txt")
            storage.atomic_write(self.path, record_text(self.match))
            self.failed = False
        except (OSError, ValueError) as exc:
            if not self.failed:  # say it once, not after every move
                self.app.message(f"Autosave failed: {exc}", "bad", 5.0)
            self.failed = True

    def finish(self) -> None:
        """The game is over: keep it in the archive and let its autosave go."""
        m = self.match
        if not self.app.persist:
            return
        if self.opened_over == (list(m.moves), m.resigned):
            self.discard()  # ended as it was opened: it is kept already
            return
        try:
            if self.archived is None:
                self.archived = storage.claim_path(storage.archive_dir(), _stem(m), ".txt")
            storage.atomic_write(self.archived, record_text(m))
        except (OSError, ValueError) as exc:
            self.app.message(f"Could not keep the finished game: {exc}", "bad", 5.0)
            return  # the autosave stays: nothing is lost
        self.discard()
        prune_archive(self.app)

    def discard(self) -> None:
        """Remove this game's autosave (Restart threw the game away, or it is archived)."""
        if self.path is not None and self.app.persist:
            _remove(self.app, self.path)
        self.path = None

    def clear(self) -> None:  # the older name
        self.discard()


def _remove(app, path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        app.message(f"Could not remove {path}: {exc.strerror or exc}", "bad", 4.0)
        return False
    return True


def _records_in(folder) -> list[Path]:
    """The record files (``*.txt``, not hidden, not empty) in ``folder``, newest first."""
    try:
        found = [
            e
            for e in os.scandir(folder)
            if e.name.endswith(".txt") and not e.name.startswith(".") and e.is_file()
        ]
    except OSError:
        return []
    out = []
    for e in found:
        try:
            st = e.stat()
        except OSError:
            continue
        if st.st_size:
            out.append((st.st_mtime, e.name, Path(e.path).absolute()))
    out.sort(reverse=True)
    return [p for _, _, p in out]


def in_progress_paths() -> list[Path]:
    """The autosaves of the games in progress (every window's), newest first; the old
    single ``autosave.txt`` among them."""
    found = _records_in(storage.autosave_dir())
    old = storage.autosave_path()
    try:
        # a pipe or a device there is listed too: reading refuses it and sets it aside
        if os.path.lexists(old) and (not old.is_file() or old.stat().st_size):
            found.append(old)
            found.sort(key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
    except OSError:
        pass
    return found


def newest_in_progress(app):
    """``(path, Record)`` of the newest unfinished game that reads, or None (a file that
    does not read is set aside in the data folder and said once; one that holds a finished
    game is left alone for the Load screen)."""
    if not app.persist:
        return None
    for path in in_progress_paths():
        try:
            rec = records.load_file(str(path))
        except ValueError as exc:  # set aside (out of autosave/, not read again), said once
            set_aside_autosave(app, path, exc)
            continue
        if rec.final.is_over() or getattr(rec, "resigned", None) is not None:
            continue
        return path, rec
    return None


def autosaved(app):
    """The newest unfinished game in progress as a Record, or None."""
    found = newest_in_progress(app)
    return found[1] if found else None


def prune_archive(app) -> int:
    """Keep the newest ``settings.archive_limit`` games of the archive (all when None);
    the files removed.  Saved games (``saves``) are never touched."""
    limit = getattr(app.settings, "archive_limit", None)
    if not limit:
        return 0
    gone = 0
    for path in _records_in(storage.archive_dir())[limit:]:
        if _remove(app, path):
            gone += 1
    return gone


def set_aside_autosave(app, path, why) -> None:
    """Rename the autosave that does not read out of the way (kept for the player, not
    read again), and say so once."""
    why = str(why)
    prefix = f"{path}: "
    if why.startswith(prefix):
        why = why[len(prefix) :]
    try:
        kept = storage.set_aside(path, into=storage.data_dir())
    except OSError as exc:
        app.message(
            f"The autosave {path} does not read ({why}) and could not be set aside: {exc}",
            "bad",
            8.0,
        )
        return
    app.message(f"The autosave did not read ({why}); it was kept as {kept}", "warn", 8.0)


# --- opening games ------------------------------------------------------------------------
def match_of(app, rec):
    """A match that continues the record ``rec`` (its seats, options and moves)."""
    from game.session.seats import Seat

    seats = [Seat.parse(s) if isinstance(s, str) else s for s in rec.seats]
    cap = app.move_cap if all(s.computer for s in seats) else None
    match = app.new_match(
        rules.get(rec.game_id),
        rec.options,
        seats,
        start_state=rec.start,
        moves=rec.moves,
        move_cap=cap,
    )
    match.resigned = getattr(rec, "resigned", None)
    match.analysis = analysis_of(rec, match)
    match.variations = getattr(rec, "variations", None)  # the analysis board's tree
    return match


def analysis_of(rec, match=None):
    """The review saved with the record ``rec`` (a ``game.session.review.Analysis``), or None when
    it has none, or one that does not read or is not of this game's moves."""
    text = getattr(rec, "analysis", None)
    if not text:
        return None
    from game.session.review import Analysis

    try:
        analysis = Analysis.from_text(text)
    except ValueError:
        return None
    moves = match.moves if match is not None else rec.moves
    positions = len(match.states) if match is not None else len(rec.states)
    if not analysis.fits(moves, positions):
        return None
    if analysis.game is None and match is not None:  # saved before calibration
        analysis.calibrate(getattr(getattr(match, "game", None), "id", None))
    return analysis


# --- the games kept: saved, archived and in progress ------------------------------------------
def kept_files() -> list[tuple[Path, str]]:
    """Every kept game's file with where it is kept (IN_PROGRESS, SAVED, ARCHIVE), newest
    file first; listing only, nothing is read."""
    found = [(p, IN_PROGRESS) for p in in_progress_paths()]
    found += [(p, SAVED) for p in _records_in(storage.saves_dir())]
    found += [(p, ARCHIVE) for p in _records_in(storage.archive_dir())]

    def mtime(item):
        try:
            return item[0].stat().st_mtime
        except OSError:
            return 0.0

    found.sort(key=mtime, reverse=True)
    return found


def summary_of(path, kind: str):
    """A ``records.Summary`` of the file at ``path``, with where it is kept; never raises."""
    entry = records.summary(str(path))
    entry.kind = kind
    return entry


def sort_newest(entries: list) -> list:
    entries.sort(key=lambda e: (e.when, e.modified), reverse=True)
    return entries


def saved_games() -> list:
    """Summaries (``records.Summary``) of every kept game, newest first (read at once;
    a screen uses ``SummaryReader``)."""
    return sort_newest([summary_of(p, kind) for p, kind in kept_files()])


class SummaryReader:
    """Reads summaries of ``files`` (``(path, kind)`` pairs) in a thread, in order, so a
    screen can show them as they come instead of stopping for a large record.  ``take()``
    hands over what was read since the last call; ``done`` once all were read or
    ``stop()`` was called.  Reading is pure Python and touches nothing but the files."""

    def __init__(self, files):
        self.files = list(files)
        self.total = len(self.files)
        self.read = 0
        self._ready: list = []
        self._lock = threading.Lock()
        self._stopped = False
        self._finished = False
        self.thread = threading.Thread(target=self._run, name="arcade-summaries", daemon=True)

    def start(self) -> SummaryReader:
        self.thread.start()
        return self

    def _run(self) -> None:
        try:
            for path, kind in self.files:
                if self._stopped:
                    break
                entry = summary_of(path, kind)
                with self._lock:
                    self._ready.append(entry)
                    self.read += 1
        finally:
            self._finished = True

    @property
    def done(self) -> bool:
        return self._finished and not self._ready

    def take(self) -> list:
        with self._lock:
            out, self._ready = self._ready, []
        return out

    def stop(self) -> None:
        self._stopped = True

    def join(self, timeout: float | None = None) -> None:
        if self.thread.is_alive():
            self.thread.join(timeout)


# --- the Load screen's filters ----------------------------------------------------------------
RESULTS = ("won", "lost", "drawn", "unfinished")


def _seats_of(entry) -> list:
    from game.session.seats import Seat

    out = []
    for spec in entry.seat_specs:
        try:
            out.append(Seat.parse(spec))
        except ValueError:
            return []
    return out


def results_of(entry) -> set:
    """The results a game counts under, from its players' side: ``won`` when a human won,
    ``lost`` when a human lost (a game between two humans is both), ``drawn``,
    ``unfinished``; a game between computers that ended is none of won and lost."""
    if entry.error:
        return set()
    if not entry.finished:
        return {"unfinished"}
    if entry.winner is None:
        return {"drawn"}
    seats = _seats_of(entry)
    out = set()
    for i, seat in enumerate(seats):
        if not seat.computer:
            out.add("won" if i == entry.winner else "lost")
    return out


def opponents_of(entry) -> set:
    """Whom the game was against: ``human`` (no computer in it), ``computer`` and
    ``computer:LEVEL`` for each computer seat."""
    seats = _seats_of(entry)
    computers = [s for s in seats if s.computer]
    if seats and not computers:
        return {"human"}
    return {"computer"} | {s.spec() for s in computers}


def passes(entry, game=None, result=None, against=None, kind=None) -> bool:
    """Whether ``entry`` is shown under the filters (None: any).  A file that does not
    read is shown only when no filter but ``kind`` is set, so it can still be deleted."""
    if kind is not None and entry.kind != kind:
        return False
    if entry.error:
        return game is None and result is None and against is None
    if game is not None and entry.game_id != game:
        return False
    if result is not None and result not in results_of(entry):
        return False
    return against is None or against in opponents_of(entry)


def continue_label(rec) -> str:
    """What Continue says of the game it brings back: "Continue: Gliss, move 12" (the
    move the game stands at, counted as the move list numbers its rows)."""
    try:
        name = rules.get(rec.game_id).name or rec.game_id
        number = turns.move_number(turns.turns_of(rec.states, rec.moves), len(rec.moves))
    except (ValueError, KeyError, IndexError, AttributeError):
        return "Continue"
    return f"Continue: {name}, move {number}"
