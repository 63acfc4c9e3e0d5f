"""Keeping games: the autosave, saving, opening a record or a position, the clipboard.

The play, result, title and load scenes share this; it knows games only through the
public contract, records (``game.records``) and the data folder (``game.storage``).
Every failure becomes a message that names the file's absolute path; nothing raises
into a scene for a bad file, a full disk or a folder that cannot be written.
"""

from __future__ import annotations

import os

from game import flow, records, rules, storage


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


# --- the autosave -------------------------------------------------------------------------
class Autosaver:
    """Writes the match to the autosave after every change of position, and clears it
    when the game is over or thrown away.  Only for an app that persists."""

    def __init__(self, app, match):
        self.app = app
        self.match = match
        self.failed = False
        if app.persist:
            match.listen(lambda *_: self.write())
            if match.ply:  # a continued game: keep it saved as it is
                self.write()

    def write(self) -> None:
        if not self.app.persist:
            return
        if self.match.over:
            self.clear()
            return
        try:
            storage.atomic_write(storage.autosave_path(), record_text(self.match))
            self.failed = False
        except (OSError, ValueError) as exc:
            if not self.failed:  # say it once, not after every move
                self.app.message(f"Autosave failed: {exc}", "bad", 5.0)
            self.failed = True

    def clear(self) -> None:
        clear_autosave(self.app)


def clear_autosave(app) -> None:
    if not app.persist:
        return
    try:
        storage.autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        app.message(f"Could not remove {storage.autosave_path()}: {exc}", "bad", 4.0)


def autosaved(app):
    """The unfinished game in the autosave as a Record, or None (no file, a finished
    game, or a file that does not read -- that one is set aside, renamed beside it, and
    said once, so it never stops the app from starting)."""
    if not app.persist:
        return None
    path = storage.autosave_path()
    if not os.path.lexists(path):
        return None
    try:
        rec = records.load_file(str(path))
    except ValueError as exc:
        set_aside_autosave(app, path, exc)
        return None
    if rec.final.is_over() or getattr(rec, "resigned", None) is not None:
        return None
    return rec


def set_aside_autosave(app, path, why) -> None:
    """Rename the autosave that does not read out of the way (kept for the player, not
    read again), and say so once."""
    why = str(why)
    prefix = f"{path}: "
    if why.startswith(prefix):
        why = why[len(prefix) :]
    try:
        kept = storage.set_aside(path)
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
    from game.seats import Seat

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
    return match


def analysis_of(rec, match=None):
    """The review saved with the record ``rec`` (a ``game.review.Analysis``), or None when
    it has none, or one that does not read or is not of this game's moves."""
    text = getattr(rec, "analysis", None)
    if not text:
        return None
    from game.review import Analysis

    try:
        analysis = Analysis.from_text(text)
    except ValueError:
        return None
    moves = match.moves if match is not None else rec.moves
    positions = len(match.states) if match is not None else len(rec.states)
    return analysis if analysis.fits(moves, positions) else None


def open_record(app, rec, path=None) -> None:
    """Open ``rec`` in the play scene (a finished game goes on to its result); ``path``,
    the file it was read from, is where a review of it is saved."""
    match = match_of(app, rec)
    match.saved_path = str(path) if path else None
    flow.reset(app, "play", match.game, match=match)


def open_file(app, path) -> bool:
    try:
        rec = records.load_file(str(path))
    except ValueError as exc:
        app.message(str(exc), "bad", 6.0)
        return False
    open_record(app, rec, path)
    return True


def open_text(app, text: str) -> bool:
    """Open a game record, or else a position (``game: <id>`` header), from text."""
    text = text or ""
    if not text.strip():
        app.message("The clipboard holds no text.", "warn", 3.0)
        return False
    if text.lstrip("\ufeff").lstrip().lower().startswith(records.MAGIC):
        try:
            rec = records.loads(text)
        except ValueError as exc:
            app.message(f"That record does not read: {exc}", "bad", 6.0)
            return False
        open_record(app, rec)
        return True
    try:
        state = rules.parse_any(text)
    except ValueError as exc:
        app.message(f"The clipboard holds no game record or position: {exc}", "bad", 6.0)
        return False
    seats = app.settings.seats.get(state.game.id)
    match = app.new_match(state.game, state.options, seats, start_state=state)
    flow.reset(app, "play", state.game, match=match)
    return True


def paste(app) -> bool:
    return open_text(app, app.clipboard_get())


def copy_record(app, match, position: bool = False) -> None:
    """Copy the game record (or, with ``position``, the current position) as text."""
    text = str(match.state) if position else record_text(match)
    if app.clipboard_put(text):
        app.message("Position copied" if position else "Game record copied", "good", 2.0)


def saved_games() -> list:
    """Summaries (``records.Summary``) of the saved games and the autosave, newest first."""
    found = records.summaries(str(storage.saves_dir()))
    auto = storage.autosave_path()
    if auto.exists():
        found.append(records.summary(str(auto)))
    found.sort(key=lambda e: (e.when, e.modified), reverse=True)
    return found
