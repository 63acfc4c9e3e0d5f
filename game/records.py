"""Game records: a saved game as a small text file a person can read and edit.

    abstract-arcade game record
    game: gliss
    option: size=15
    seats: human, computer:hard
    start:
    | <the start position in the game's own format, one line per "| " line>
    moves: a6+ l7+ a2+ e10+

* ``option:`` lines (any number) name the game's options as in its spec.
* ``seats:`` is optional (default ``human, computer:medium``).
* ``start:`` is optional: without it the game starts from ``start(**options)``;
  with it, the following ``| `` lines are a position text the game's ``parse``
  reads (so a hand-edited position can be played from).
* ``moves:`` lines (any number) hold moves in the game's notation, in order.
* Blank lines and lines starting with ``#`` are ignored.

Reading checks everything and raises ValueError naming the line and the reason:
an unknown game, a bad option, an unreadable position, or an illegal move
(with the move number and the rules' own explanation).  Pure Python: no pygame.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from game import rules
from game.seats import DEFAULT_SEATS, Seat

MAGIC = "abstract-arcade game record"


@dataclass
class Record:
    game_id: str
    options: dict = field(default_factory=dict)
    seats: list[str] = field(default_factory=lambda: [s.spec() for s in DEFAULT_SEATS])
    start: object = None                  # the start state
    moves: list[str] = field(default_factory=list)
    states: list = field(default_factory=list)   # the start and the state after each move

    @property
    def final(self):
        return self.states[-1]


def _option_text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def dumps(game, options: dict, seats, start_state, moves) -> str:
    """The text of a record.  ``seats`` are :class:`Seat` s or specs like ``computer:hard``.

    The options written are those the start position was played with, as the game
    resolved them (a seed it picked is written as the number)."""
    options = {**options, **(getattr(start_state, "options", None) or {})}
    lines = [MAGIC, f"game: {game.id}"]
    for name, value in options.items():
        lines.append(f"option: {name}={_option_text(value)}")
    lines.append("seats: " + ", ".join(str(s) for s in seats))
    if str(start_state) != str(game.start(**options)):
        lines.append("start:")
        lines.extend("| " + ln for ln in str(start_state).rstrip("\n").split("\n"))
    moves = [str(m) for m in moves]
    for k in range(0, len(moves), 10):
        lines.append("moves: " + " ".join(moves[k:k + 10]))
    if not moves:
        lines.append("moves:")
    return "\n".join(lines) + "\n"


def loads(text: str) -> Record:
    """Read a record; ValueError with the line and the reason when anything is wrong."""
    if not isinstance(text, str):
        raise ValueError("a game record must be text")
    raw = text.replace("\r\n", "\n").split("\n")
    body = [(n + 1, ln) for n, ln in enumerate(raw)
            if ln.strip() and not ln.lstrip().startswith("#")]
    if not body or body[0][1].strip().lower() != MAGIC:
        raise ValueError(f"not a game record: the first line must be '{MAGIC}'")
    game = None
    opts: dict[str, str] = {}
    seats = None
    start_lines: list[str] | None = None
    start_at = 0
    moves: list[tuple[int, str]] = []
    for lineno, ln in body[1:]:
        if ln.startswith("|"):
            if start_lines is None:
                raise ValueError(f"line {lineno}: a '|' position line outside a 'start:' block")
            start_lines.append(ln[2:] if ln.startswith("| ") else ln[1:])
            continue
        key, colon, value = ln.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if not colon:
            raise ValueError(f"line {lineno}: cannot read {ln.strip()!r} (expected 'key: value')")
        if key == "game":
            if game is not None:
                raise ValueError(f"line {lineno}: the game is given twice")
            try:
                game = rules.get(value.lower())
            except ValueError as e:
                raise ValueError(f"line {lineno}: {e}") from None
        elif key == "option":
            name, eq, v = value.partition("=")
            if not eq or not name.strip():
                raise ValueError(f"line {lineno}: an option is written name=value")
            opts[name.strip()] = v.strip()
        elif key == "seats":
            parts = [p for p in value.split(",") if p.strip()]
            if len(parts) != 2:
                raise ValueError(f"line {lineno}: seats needs two entries, e.g. human, "
                                 "computer:medium")
            try:
                seats = [Seat.parse(p).spec() for p in parts]
            except ValueError as e:
                raise ValueError(f"line {lineno}: {e}") from None
        elif key == "start":
            if start_lines is not None:
                raise ValueError(f"line {lineno}: the start position is given twice")
            start_lines = []
            start_at = lineno
        elif key == "moves":
            moves.extend((lineno, m) for m in value.split())
        else:
            raise ValueError(f"line {lineno}: unknown entry {key!r} (game, option, seats, "
                             "start, moves)")
    if game is None:
        raise ValueError("the record does not say which game it is ('game: splay')")
    try:
        options = game.validate(opts)
    except ValueError as e:
        raise ValueError(f"{game.name}: {e}") from None
    if start_lines is not None:
        try:
            start = game.parse("\n".join(start_lines) + "\n")
        except ValueError as e:
            raise ValueError(f"the start position (line {start_at}) cannot be read: {e}") from None
    else:
        start = game.start(**options)
    states = [start]
    played = []
    state = start
    for k, (lineno, m) in enumerate(moves, 1):
        try:
            state = state.play(m)
        except ValueError as e:
            raise ValueError(f"line {lineno}: move {k} ({m}) is not legal: {e}") from None
        states.append(state)
        played.append(m)
    return Record(game.id, options, seats or [s.spec() for s in DEFAULT_SEATS], start, played,
                  states)


def load_file(path: str) -> Record:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(2_000_000)
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"cannot read {path}: {e}") from None
    try:
        return loads(text)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


def save_file(text: str, game_id: str, folder: str = "saves") -> str:
    """Write a record under ``folder`` with a time-stamped name; returns the path."""
    os.makedirs(folder, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = os.path.join(folder, f"{game_id}-{stamp}.txt")
    n = 1
    while os.path.exists(path):
        n += 1
        path = os.path.join(folder, f"{game_id}-{stamp}-{n}.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path
