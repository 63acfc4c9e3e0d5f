"""Opening a game into the app: a record or a position, from a file or the clipboard,
into the play scene (through ``flow``), and copying one out.  Reading and keeping the
files is the session's (``game.session.keeping``); this is the interface half, which
knows scenes by name.
"""

from __future__ import annotations

import os
from pathlib import Path

from game import rules
from game.session import keeping, records
from game.ui import flow


def open_record(app, rec, path=None) -> None:
    """Open ``rec`` in the play scene (a finished game goes on to its result); ``path``,
    the file it was read from, is where a review of it is saved."""
    leaving = _leaving_a_game(app, path)
    match = keeping.match_of(app, rec)
    if keeping.is_autosave(path):  # a game in progress: its autosave is taken over
        match.autosave_from = str(path)
        match.saved_path = None
    else:
        match.saved_path = str(path) if path else None
    flow.reset(app, "play", match.game, match=match)
    if leaving:
        _say_kept(app)


def _leaving_a_game(app, opening=None) -> bool:
    """Whether a game in progress with an autosave (other than the file ``opening``) is
    open under the current scenes: opening another leaves it in its autosave."""
    for scene in app.scenes:
        kept = getattr(getattr(scene, "autosave", None), "path", None)
        if getattr(scene, "unfinished", False) and kept is not None:
            if opening is None or Path(os.path.abspath(os.fspath(opening))) != Path(kept):
                return True
    return False


def _say_kept(app) -> None:
    app.message("The game you left is kept: Load a game lists it as in progress.", "info", 4.0)


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
    leaving = _leaving_a_game(app)
    match = app.new_match(state.game, state.options, seats, start_state=state)
    flow.reset(app, "play", state.game, match=match)
    if leaving:
        _say_kept(app)
    return True


def paste(app) -> bool:
    return open_text(app, app.clipboard_get())


def copy_record(app, match, position: bool = False, comments: bool = False) -> None:
    """Copy the game record (or, with ``position``, the current position) as text;
    ``comments``: the record with every move in words as ``#`` lines."""
    if position:
        text = str(match.state)
    elif comments:
        text = records.dumps_match(match, comments=True)
    else:
        text = keeping.record_text(match)
    if app.clipboard_put(text):
        what = "Position" if position else "Game record" + (" with comments" if comments else "")
        app.message(f"{what} copied", "good", 2.0)
