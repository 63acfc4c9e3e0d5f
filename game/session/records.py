"""Game records: a saved game as a small text file a person can read and edit.

A record written by this version::

    abstract-arcade game record
    version: 0.1.0
    game: gliss
    option: size=15
    seats: human, computer:hard
    date: 2026-11-21T20:15:00+01:00
    result: 1-0
    ending: Red joined the two edges.
    start:
    | <the start position in the game's own format, one line per "| " line>
    moves: a6+ l7+ a2+ e10+
    analysis: quick positions=5 iterations=400
    | 0 0 +0.0400 best=a6+ move=a6+
    | ...
    end of record

The first line is always ``abstract-arcade game record``; then ``key: value`` lines in
any order (the keys are not case-sensitive):

* ``version:`` the version of the program that wrote the file.  A file with a
  ``version:`` line must end with the ``end of record`` line: without it the file was
  cut short (a crash or a full disk while it was written) and is refused as such.
* ``game:`` the game's id (``splay``, ``gliss``, ...).  Required.
* ``option:`` lines (any number) name the game's options as in its spec, ``name=value``.
  They are the options the start position was played with, as the game resolved them
  (a seed the game picked is written as its number, so the same position comes back).
* ``seats:`` who played each side: ``human``, ``computer:LEVEL`` (default
  ``human, computer:medium``).
* ``date:`` when the record was written, ISO 8601 in local time with its offset (a
  time without one is read as local time; one that is then out of range is refused).
* ``result:`` PGN's four codes, counted by seat (seat 0 is the side that moves first in
  the game's own start position, seat 1 the other): ``1-0`` seat 0 won, ``0-1`` seat 1
  won, ``1/2-1/2`` a draw, ``*`` no result (a game in progress, or one stopped before its
  end).  The result is checked against the moves (and ``resigned:``): a file whose
  result the moves do not give is refused, so the line can be trusted or deleted.
* ``ending:`` one sentence on how the game ended, for people (kept as written).
* ``resigned:`` the seat (``0`` or ``1``) that resigned: the game is over, the other
  seat won.
* ``start:`` optional: without it the game starts from ``start(**options)``; with it,
  the following ``| `` lines are a position text the game's ``parse`` reads (so a
  hand-edited position can be played from).
* ``moves:`` lines (any number) hold moves in the game's notation, in order.
* ``analysis:`` optional, written after the moves: the engine's review of the game
  (``game.session.review.Analysis.to_text``): the line holds the budget (``quick``/``deep``),
  the number of positions and the iterations per position; each following ``| `` line
  is one position (``index seat value [proven=..] [best=..] [move=..]``, see
  docs/review.md).  It is checked against the moves and positions when read: an
  analysis that does not read, is of other moves, names a best move that is not legal
  where it names it or the wrong seat to move, is dropped and said in
  ``Record.problems``; the game still loads.  Versions before it keep the block as an
  unknown entry (below).
* ``variations:`` optional, after the moves: the move tree of an analysis board
  (``game.session.tree.MoveTree.to_text``: the main line with each variation in brackets
  after the move it stands in for, ``f6 e5 (d4 c3) g7``), on the line and the ``| `` lines
  after it.  Its main line must be the record's moves, and every move legal: a tree that
  is not is dropped and said in ``Record.problems``; the game still loads.  It is written
  as the unknown entries below are, so versions before it keep it in ``Record.extra``
  and read the game as ever.
* ``end of record`` closes the record; nothing but blank lines and comments may follow.
* Blank lines and lines starting with ``#`` are ignored.
* Any other key (a word: letters, digits, ``-`` and ``_``) is kept in ``Record.extra``
  and otherwise ignored, with any ``| `` lines that follow it, so a file written by a
  newer version opens in this one.

Records written by earlier versions (no ``version:``, no ``end of record``, no date or
result) read as before.  A file may start with a UTF-8 byte-order mark.  A record is at
most ``MAX_BYTES`` (1,000,000 bytes): a longer file is refused, never silently cut.

Only regular files are read (a FIFO or a device is refused at once, never waited on), and
reading is linear in the size of the record.  Reading checks everything and raises
ValueError -- whatever goes wrong, never another exception -- naming the line and the
reason:
an unknown game, a bad option, an unreadable position, an illegal move (with the move
number and the rules' own explanation), a result the moves do not give.  A message
quotes at most ``EXCERPT`` characters of the bad input; ``load_file`` messages start
with the file's absolute path.  Pure Python: no pygame.

The API: ``dumps(game, options, seats, start_state, moves, *, resigned=None,
result=None, ending=None, date=None, extra=None, final=None, analysis=None)``,
``dumps_match(match)``, ``with_variations(text, tree)`` and ``save_variations(path, tree)``,
``loads(text)`` (alias ``load_text``), ``load_file(path)``, ``save_file(text, game_id,
folder=None)``, ``with_analysis(text, analysis)`` and ``save_analysis(path, match)`` (a
review kept with the player's file as written), ``summary(path)`` and ``summaries(folder)``
for a list of saved games.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from game import rules
from game.session import storage, turns
from game.session.seats import DEFAULT_SEATS, Seat

MAGIC = "abstract-arcade game record"
END = "end of record"
MAX_BYTES = 1_000_000  # the largest record read (a 300-move game is a few KB)
EXCERPT = 40  # the most characters of bad input an error message quotes
MAX_MESSAGE = 300  # and the longest message built from the rules' own words

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
KNOWN = (
    "version",
    "game",
    "option",
    "seats",
    "date",
    "result",
    "ending",
    "resigned",
    "start",
    "moves",
    "analysis",
)
_KEY = re.compile(r"[a-z][a-z0-9_-]{0,39}")


@lru_cache(maxsize=1)
def program_version() -> str:
    """The installed package's version, or ``dev`` when it is run from a plain checkout."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("abstract-arcade")
        except PackageNotFoundError:
            return "dev"
    except Exception:  # a broken metadata install must not stop a save
        return "dev"


def excerpt(text, limit: int = EXCERPT) -> str:
    """``text`` quoted, cut to ``limit`` characters with an ellipsis when longer."""
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    quoted = repr(text[:limit])
    return quoted[:-1] + "…" + quoted[-1]


def _bounded(message: object) -> str:
    """A message from the rules (which may quote the input whole), cut down: no word
    longer than ``EXCERPT`` characters, and at most ``MAX_MESSAGE`` in all."""
    words = []
    for word in str(message).split(" "):
        if len(word) > EXCERPT + 2:
            word = word[:EXCERPT] + "…" + (word[0] if word[0] in "'\"" else "")
        words.append(word)
    out = " ".join(words)
    if len(out) > MAX_MESSAGE:
        out = out[: MAX_MESSAGE - 1] + "…"
    return out


# --- the record --------------------------------------------------------------------------------


@dataclass
class Record:
    game_id: str
    options: dict = field(default_factory=dict)
    seats: list[str] = field(default_factory=lambda: [s.spec() for s in DEFAULT_SEATS])
    start: object = None  # the start state
    moves: list[str] = field(default_factory=list)
    states: list = field(default_factory=list)  # the start and the state after each move
    version: str | None = None  # the program that wrote it (None: before 0.2)
    date: datetime | None = None  # when it was written (aware), None if not said
    result: str = "*"  # one of RESULTS, as the moves give it
    ending: str = ""  # one sentence: how it ended ("" when it did not)
    resigned: int | None = None  # the seat that resigned
    extra: dict = field(default_factory=dict)  # unknown keys, kept and ignored
    analysis: str | None = None  # the review (game.session.review.Analysis text), checked
    problems: list[str] = field(default_factory=list)  # what was dropped on reading
    variations: str | None = None  # the move tree (game.session.tree text), checked

    def tree(self):
        """The record's moves as a :class:`game.session.tree.MoveTree`, its variations
        included."""
        from game.session.tree import MoveTree

        if self.variations:
            return MoveTree.from_text(self.start, self.variations)
        return MoveTree(self.start, self.moves)

    @property
    def final(self):
        return self.states[-1]

    @property
    def finished(self) -> bool:
        """Whether the game is over: a seat resigned or the rules ended it."""
        return self.resigned is not None or self.final.is_over()

    @property
    def winner(self) -> int | None:
        if self.resigned is not None:
            return 1 - self.resigned
        return self.final.winner() if self.final.is_over() else None

    @property
    def result_text(self) -> str:
        """``Green wins``, ``Draw`` or ``Unfinished``, in the rules' names for the seats."""
        return _result_text(self.final, self.resigned)

    def to_text(self) -> str:
        """The record written again (by this version: version line, date, end marker)."""
        return dumps(
            rules.get(self.game_id),
            self.options,
            self.seats,
            self.start,
            self.moves,
            resigned=self.resigned,
            ending=self.ending or None,
            date=self.date,
            extra=self.extra,
            final=self.final,
            analysis=self.analysis,
            variations=self.variations,
        )


def _result_of(final, resigned) -> str:
    if resigned is not None:
        return "0-1" if resigned == 0 else "1-0"
    if final.is_over():
        w = final.winner()
        return "1/2-1/2" if w is None else ("1-0" if w == 0 else "0-1")
    return "*"


def _result_text(final, resigned) -> str:
    if resigned is not None:
        return f"{final.seat_name(1 - resigned)} wins"
    if final.is_over():
        w = final.winner()
        return "Draw" if w is None else f"{final.seat_name(w)} wins"
    return "Unfinished"


def _ending_of(final, resigned) -> str:
    if resigned is not None:
        return f"{final.seat_name(resigned)} resigned."
    if final.is_over():
        return final.end_reason() or "The game is over."
    return ""


def _one_line(text) -> str:
    return " ".join(str(text).split())


def _date_text(date) -> str:
    if date is None:
        date = datetime.now().astimezone()
    elif isinstance(date, str):
        date = datetime.fromisoformat(date.strip())
    if date.tzinfo is None:
        date = date.astimezone()  # a naive time is the local time
    return date.isoformat(timespec="seconds")


# --- writing -----------------------------------------------------------------------------------


def _option_text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def dumps(
    game,
    options: dict,
    seats,
    start_state,
    moves,
    *,
    resigned: int | None = None,
    result: str | None = None,
    ending: str | None = None,
    date=None,
    extra: dict | None = None,
    final=None,
    analysis=None,
    comments: bool = False,
    variations=None,
) -> str:
    """The text of a record.  ``seats`` are :class:`Seat` s or specs like ``computer:hard``;
    ``moves`` are move objects or notation.

    The options written are those the start position was played with, as the game
    resolved them (a seed it picked is written as the number).  ``resigned`` is the seat
    that resigned.  ``result`` (one of ``RESULTS``) and ``ending`` are worked out from the
    final position when not given (``final``, when the caller has it, saves replaying the
    moves); a ``result`` the moves do not give is a ValueError.  ``date`` is a datetime
    or ISO 8601 text (default: now, local time).  ``extra`` holds further ``key: value``
    entries (unknown to this version, kept from a newer file).  ``analysis`` is the
    game's review (a ``game.session.review.Analysis`` or its text), written after the moves; one
    that does not read or is of other moves is a ValueError.  ``comments``: every move
    in words (``game.session.announce``) as ``#`` lines after the moves, which ``loads`` skips.
    ``variations`` is a move tree
    (a ``game.session.tree.MoveTree`` or its text) whose main line is ``moves``, written
    after them; one without a variation is not written."""
    if resigned is not None and resigned not in (0, 1):
        raise ValueError(f"resigned is a seat, 0 or 1, not {resigned!r}")
    options = {**options, **(getattr(start_state, "options", None) or {})}
    moves = [str(m) for m in moves]
    if final is None:
        final = start_state
        for m in moves:
            final = final.play(m)
    if resigned is not None and final.is_over():
        raise ValueError("a seat cannot resign a game that is already over")
    given = _result_of(final, resigned)
    if result is not None and result.strip() != given:
        raise ValueError(f"the result {excerpt(result)} is not what the moves give ({given})")
    if ending is None:
        ending = _ending_of(final, resigned)
    seat_specs = [Seat.parse(str(s)).spec() for s in seats]

    lines = [MAGIC, f"version: {program_version()}", f"game: {game.id}"]
    for name, value in options.items():
        lines.append(f"option: {name}={_option_text(value)}")
    lines.append("seats: " + ", ".join(seat_specs))
    lines.append(f"date: {_date_text(date)}")
    lines.append(f"result: {given}")
    if _one_line(ending):
        lines.append(f"ending: {_one_line(ending)}")
    if resigned is not None:
        lines.append(f"resigned: {resigned}")
    for key, value in (extra or {}).items():
        key = str(key).strip().lower()
        if not _KEY.fullmatch(key) or key in KNOWN or key == "variations":
            raise ValueError(f"{excerpt(key)} cannot be an extra entry of a record")
        first, *rest = str(value).split("\n")
        lines.append(f"{key}: {first.strip()}")
        lines.extend("| " + ln for ln in rest)
    if str(start_state) != str(game.start(**options)):
        lines.append("start:")
        lines.extend("| " + ln for ln in str(start_state).rstrip("\n").split("\n"))
    for k in range(0, len(moves), 10):
        lines.append("moves: " + " ".join(moves[k : k + 10]))
    if not moves:
        lines.append("moves:")
    if comments:
        lines.extend(_comment_lines(start_state, moves))
    if analysis is not None:
        lines.extend(_analysis_lines(analysis, moves))
    if variations is not None:
        lines.extend(_variation_lines(variations, start_state, moves))
    lines.append(END)
    return "\n".join(lines) + "\n"


def _comment_lines(start_state, moves) -> list[str]:
    """``# 1. Orange places 6-5 on e2-f2.``: the game in words, one line per sentence."""
    from game.session import announce

    out = ["# The game in words:"]
    state = start_state
    for n, move in enumerate(moves, 1):
        after = state.play(move)
        for i, text in enumerate(announce.sentences(state, move, after)):
            out.append(f"# {n}. {text}" if i == 0 else f"#    {text}")
        state = after
    return out


def _analysis_lines(analysis, moves) -> list[str]:
    from game.session.review import Analysis

    if not isinstance(analysis, Analysis):
        analysis = Analysis.from_text(str(analysis))
    if not analysis.fits(moves):
        raise ValueError(
            f"the analysis ({len(analysis)} positions) is not of these {len(moves)} moves"
        )
    first, *rest = analysis.to_text().rstrip("\n").split("\n")
    return [f"analysis: {first}"] + ["| " + ln for ln in rest]


VARIATION_WORDS = 12  # moves and brackets on each line of a variations block


def _variation_lines(variations, start_state, moves) -> list[str]:
    from game.session.tree import MoveTree

    tree = variations
    if not isinstance(tree, MoveTree):
        tree = MoveTree.from_text(start_state, str(variations))
    if tree.main_moves() != list(moves):
        raise ValueError("the variations' main line is not the record's moves")
    if not tree.has_variations:
        return []
    words = tree.to_text().split(" ")
    chunks = [
        " ".join(words[k : k + VARIATION_WORDS]) for k in range(0, len(words), VARIATION_WORDS)
    ]
    return [f"variations: {chunks[0]}"] + ["| " + c for c in chunks[1:]]


def _read_variations(text: str | None, start, moves) -> tuple[str | None, list[str]]:
    """The variations block read and checked against the record's moves (dropped and said,
    never fatal)."""
    if text is None:
        return None, []
    from game.session.tree import MoveTree

    try:
        tree = MoveTree.from_text(start, text)
    except ValueError as e:
        return None, [f"the variations do not read and were dropped: {_bounded(e)}"]
    if tree.main_moves() != list(moves):
        return None, ["the variations are not of these moves and were dropped"]
    return tree.to_text(), []


def dumps_match(match, date=None, comments: bool = False) -> str:
    """The record of a :class:`game.session.match.Match` as it stands (its resignation and, when
    it is over, how it ended included; its ``analysis``, when it has one of these
    positions and moves; its ``variations``, a move tree's text, when its main line is
    still these moves)."""
    ending = match.end_reason() if match.over else None
    analysis = getattr(match, "analysis", None)
    if analysis is not None:
        try:
            if not analysis.fits(match.moves, len(match.states)):
                analysis = None
        except Exception:  # not an Analysis: never let it stop a save
            analysis = None
    variations = getattr(match, "variations", None)  # the tree an analysis board kept
    if variations is not None:
        try:
            _variation_lines(variations, match.states[0], match.moves)
        except (ValueError, TypeError):  # of other moves now (played on): not kept
            variations = None
    return dumps(
        match.game,
        match.options,
        match.seats,
        match.states[0],
        match.moves,
        resigned=match.resigned,
        ending=ending,
        date=date,
        final=match.state,
        analysis=analysis,
        comments=comments,
        variations=variations,
    )


# --- reading -----------------------------------------------------------------------------------


def loads(text: str) -> Record:
    """Read a record; ValueError with the line and the reason when anything is wrong
    (whatever goes wrong: a file that breaks the reader is reported, never raised as
    another error).  Linear in the length of the text."""
    try:
        return _loads(text)
    except ValueError:
        raise
    except RecursionError:
        raise ValueError("the record cannot be read: it is nested too deeply") from None
    except MemoryError:
        raise ValueError("the record cannot be read: not enough memory") from None
    except Exception as e:  # a bug met by a strange file: a message, never a crash
        raise ValueError(
            f"the record cannot be read ({_bounded(f'{type(e).__name__}: {e}')})"
        ) from None


def _loads(text: str) -> Record:
    if not isinstance(text, str):
        raise ValueError("a game record must be text")
    if len(text) > MAX_BYTES:
        raise ValueError(
            f"the record is {len(text):,} characters long; a game record is at "
            f"most {MAX_BYTES:,} (refused, not cut)"
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body = [
        (n + 1, ln) for n, ln in enumerate(raw) if ln.strip() and not ln.lstrip().startswith("#")
    ]
    if not body or body[0][1].strip().lower() != MAGIC:
        raise ValueError(f"not a game record: the first line must be '{MAGIC}'")
    ends = [n for n, (_, ln) in enumerate(body) if ln.strip().lower() == END]
    if ends and ends[0] + 1 < len(body):
        lineno, ln = body[ends[0] + 1]
        raise ValueError(f"line {lineno}: {excerpt(ln.strip())} comes after '{END}'")
    if ends:
        body = body[: ends[0]]
    elif any(ln.partition(":")[0].strip().lower() == "version" for _, ln in body[1:]):
        raise ValueError(
            f"the record is cut short: it has no '{END}' line (the file may "
            "have been cut while it was written)"
        )

    game = None
    opts: dict[str, str] = {}
    seats = None
    version = None
    date = None
    written_result = None
    ending = None
    resigned = None
    extra: dict[str, list[str]] = {}  # each unknown key's lines, joined at the end
    start_lines: list[str] | None = None
    start_at = 0
    block = None  # where '|' lines go: "start", "analysis", or an unknown key of extra
    analyses: list[tuple[int, list[str]]] = []  # (line, its lines) of each analysis block
    moves: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for lineno, ln in body[1:]:
        if ln.startswith("|"):
            line = ln[2:] if ln.startswith("| ") else ln[1:]
            if block == "start":
                assert start_lines is not None  # set where the start block opens
                start_lines.append(line)
            elif block == "analysis":
                analyses[-1][1].append(line)
            elif block is not None:
                extra[block].append(line)
            else:
                raise ValueError(f"line {lineno}: a '|' position line outside a 'start:' block")
            continue
        block = None
        key, colon, value = ln.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if not colon or not _KEY.fullmatch(key):
            raise ValueError(
                f"line {lineno}: cannot read {excerpt(ln.strip())} (expected 'key: value')"
            )
        if key in ("version", "game", "seats", "date", "result", "ending", "resigned", "start"):
            if key in seen:
                raise ValueError(
                    f"line {lineno}: the {key} is given twice (first on line {seen[key]})"
                )
            seen[key] = lineno
        if key == "game":
            gid = value.lower()
            if gid not in rules.GAMES:
                raise ValueError(
                    f"line {lineno}: unknown game {excerpt(value)}; the games "
                    f"are: {', '.join(rules.GAMES)}"
                )
            try:
                game = rules.get(gid)
            except ValueError as e:
                raise ValueError(f"line {lineno}: {_bounded(e)}") from None
        elif key == "option":
            name, eq, v = value.partition("=")
            if not eq or not name.strip():
                raise ValueError(f"line {lineno}: an option is written name=value")
            opts[name.strip()] = v.strip()
        elif key == "seats":
            parts = [p for p in value.split(",") if p.strip()]
            if len(parts) != 2:
                raise ValueError(
                    f"line {lineno}: seats needs two entries, e.g. human, computer:medium"
                )
            try:
                seats = [Seat.parse(p).spec() for p in parts]
            except ValueError as e:
                raise ValueError(f"line {lineno}: {_bounded(e)}") from None
        elif key == "version":
            version = value[:EXCERPT]
        elif key == "date":
            try:
                date = datetime.fromisoformat(value)
            except ValueError:
                raise ValueError(
                    f"line {lineno}: the date {excerpt(value)} is not an ISO 8601 "
                    "time such as 2026-11-21T20:15:00+01:00"
                ) from None
            if date.tzinfo is None:
                try:
                    date = date.astimezone()  # a time without an offset is local
                except (OverflowError, OSError, ValueError):
                    raise ValueError(
                        f"line {lineno}: the date {excerpt(value)} is out of range"
                    ) from None
        elif key == "result":
            if value not in RESULTS:
                raise ValueError(
                    f"line {lineno}: the result {excerpt(value)} is none of {', '.join(RESULTS)}"
                )
            written_result = (lineno, value)
        elif key == "ending":
            ending = value
        elif key == "resigned":
            if value not in ("0", "1"):
                raise ValueError(
                    f"line {lineno}: resigned names the seat that resigned, "
                    f"0 or 1, not {excerpt(value)}"
                )
            resigned = (lineno, int(value))
        elif key == "start":
            start_lines = []
            start_at = lineno
            block = "start"
        elif key == "moves":
            moves.extend((lineno, m) for m in value.split())
        elif key == "analysis":
            analyses.append((lineno, [value]))
            block = "analysis"
        else:  # written by a newer version: kept, and otherwise ignored
            extra.setdefault(key, []).append(value)
            block = key
    if game is None:
        raise ValueError("the record does not say which game it is ('game: splay')")
    try:
        options = game.validate(opts)
    except ValueError as e:
        raise ValueError(f"{game.name}: {_bounded(e)}") from None
    if start_lines is not None:
        try:
            start = game.parse("\n".join(start_lines) + "\n")
        except ValueError as e:
            raise ValueError(
                f"the start position (line {start_at}) cannot be read: {_bounded(e)}"
            ) from None
    else:
        try:
            start = game.start(**options)
        except ValueError as e:
            raise ValueError(f"{game.name}: {_bounded(e)}") from None
    states = [start]
    played = []
    state = start
    for k, (lineno, m) in enumerate(moves, 1):
        try:
            state = state.play(m)
        except ValueError as e:
            raise ValueError(
                f"line {lineno}: move {k} ({excerpt(m)[1:-1]}) is not legal: {_bounded(e)}"
            ) from None
        states.append(state)
        played.append(m)
    seat_resigned = None
    if resigned is not None:
        lineno, seat_resigned = resigned
        if state.is_over():
            raise ValueError(
                f"line {lineno}: seat {seat_resigned} resigned, but the moves already end the game"
            )
    result = _result_of(state, seat_resigned)
    if written_result is not None and written_result[1] != result:
        lineno, said = written_result
        raise ValueError(
            f"line {lineno}: the result is {said}, but the moves give {result} "
            f"({_result_text(state, seat_resigned)}); correct or delete the "
            "result line"
        )
    if ending is None:
        ending = _ending_of(state, seat_resigned)
    analysis, problems = _read_analysis(analyses, played, states)
    # the move tree: an entry an older version keeps as unknown, read here from it
    tree_lines = extra.pop("variations", None)
    variations, dropped = _read_variations(
        None if tree_lines is None else " ".join(tree_lines), start, played
    )
    problems.extend(dropped)
    return Record(
        game.id,
        options,
        seats or [s.spec() for s in DEFAULT_SEATS],
        start,
        played,
        states,
        version=version,
        date=date,
        result=result,
        ending=ending,
        resigned=seat_resigned,
        extra={key: "\n".join(lines) for key, lines in extra.items()},
        analysis=analysis,
        problems=problems,
        variations=variations,
    )


def _read_analysis(blocks, moves, states=None) -> tuple[str | None, list[str]]:
    """The analysis text of a record, checked against its moves and (given ``states``)
    its positions -- every best move it names must be legal where it is named -- and
    what was dropped.

    A bad analysis never stops a record from loading: it is dropped and said."""
    if not blocks:
        return None, []
    if len(blocks) > 1:
        lines = ", ".join(str(lineno) for lineno, _ in blocks)
        return None, [f"the record has {len(blocks)} analysis blocks (lines {lines}): all dropped"]
    lineno, lines = blocks[0]
    from game.session.review import Analysis

    try:
        analysis = Analysis.from_text("\n".join(lines))
    except ValueError as e:
        return None, [f"line {lineno}: the analysis does not read and was dropped: {_bounded(e)}"]
    if not analysis.fits(moves):
        return None, [
            f"line {lineno}: the analysis ({len(analysis)} positions) is not of these "
            f"{len(moves)} moves and was dropped"
        ]
    if states is not None:
        why = analysis.misfit(states)
        if why:
            return None, [
                f"line {lineno}: the analysis is not of these positions ({_bounded(why)}) "
                "and was dropped"
            ]
    return analysis.to_text(), []


load_text = loads


class _Unreadable(ValueError):
    """The file itself cannot be read (missing, not a regular file, an I/O error)."""

    def __init__(self, reason: str):
        super().__init__(f"cannot read it: {reason}")
        self.reason = reason


def _read(where: str) -> str:
    """The text of the record file ``where``; ValueError with the reason (not the path)."""
    try:
        data = storage.read_regular(where, MAX_BYTES)
    except FileNotFoundError:
        raise _Unreadable("there is no such file") from None
    except storage.ReadError as e:
        raise _Unreadable(e.reason) from None
    except OSError as e:
        raise _Unreadable(e.strerror or str(e)) from None
    if len(data) > MAX_BYTES:
        try:
            size = f"{os.stat(where).st_size:,} bytes"
        except OSError:
            size = f"over {MAX_BYTES:,} bytes"
        raise ValueError(
            f"the file is {size}; a game record is at most {MAX_BYTES:,} bytes (refused, not cut)"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 text (byte {e.start}): not a game record") from None


def _load(where: str) -> Record:
    """A record file read; ValueError with the reason (not the path)."""
    return loads(_read(where))


def read_text(path) -> str:
    """The text of a record file (BOM dropped); ValueError starting with the absolute path
    when it cannot be read, is not a regular file (a FIFO or a device is refused, never
    waited on), is not UTF-8, or is over ``MAX_BYTES``."""
    where = os.path.abspath(os.fspath(path))
    try:
        return _read(where)
    except _Unreadable as e:
        raise ValueError(f"cannot read {where}: {e.reason}") from None
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None


def load_file(path) -> Record:
    """Read a record file; ValueError starting with the file's absolute path (whatever
    went wrong)."""
    return loads_at(read_text(path), path)


def loads_at(text: str, path) -> Record:
    """``loads(text)`` of the file ``path``: a ValueError starts with its absolute path."""
    try:
        return loads(text)
    except ValueError as e:
        raise ValueError(f"{os.path.abspath(os.fspath(path))}: {e}") from None


# --- saving ------------------------------------------------------------------------------------


def _default_folder():
    return storage.saves_dir()


def save_file(text: str, game_id: str, folder=None) -> str:
    """Write a record under ``folder`` (default: the data folder's saves) with a
    time-stamped name; returns its absolute path.

    The name is claimed first (created exclusively: two programs saving in the same
    second get two files), then the text goes to a temporary file in the same folder, is
    flushed to the disk and renamed over it, so there is never a broken or empty record;
    OSError with the folder's absolute path and the reason when the folder cannot be made
    or written."""
    folder = os.path.abspath(os.fspath(_default_folder() if folder is None else folder))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise OSError(f"cannot save in {folder}: it is a file, not a folder")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise OSError(f"cannot make the folder {folder}: {e.strerror or e}") from None
    safe_id = re.sub(r"[^a-z0-9_-]", "", str(game_id).lower()) or "game"
    stem = f"{safe_id}-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        path = storage.write_new(folder, stem, ".txt", text)
    except storage.WriteError as e:
        raise OSError(f"cannot save the game in {folder}: {e.reason}") from None
    return str(path)


def with_analysis(text: str, analysis) -> str:
    """The record ``text`` with its analysis block replaced by ``analysis`` (a
    ``game.session.review.Analysis`` or its text) and every other line kept as written: comments,
    unknown entries, the date, the line endings.  The new block goes just before ``end of
    record`` (at the end in an older record without it).  ValueError when the result does
    not read back with this analysis (``analysis`` is not of the record's moves)."""
    rec = loads(text)
    new = _analysis_lines(analysis, rec.moves)
    eol = "\r\n" if "\r\n" in text else "\n"
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    in_block = False
    end_at = None
    for ln in lines:
        bare = ln.strip()
        if in_block and (ln.startswith("|") or not bare or bare.startswith("#")):
            if ln.startswith("|"):
                continue  # a line of the old analysis
            kept.append(ln)
            continue
        in_block = False
        if not bare.startswith("#") and not ln.startswith("|"):
            if ln.partition(":")[0].strip().lower() == "analysis" and ":" in ln:
                in_block = True
                continue
            if bare.lower() == END and end_at is None:
                end_at = len(kept)
        kept.append(ln)
    if end_at is None:
        while kept and not kept[-1].strip():
            kept.pop()
        kept.extend(new + [""])
    else:
        kept[end_at:end_at] = new
    out = eol.join(kept)
    back = loads(out)
    if back.analysis is None or back.moves != rec.moves:
        raise ValueError("the analysis could not be added to the record")
    return out


def with_variations(text: str, tree) -> str:
    """The record ``text`` with its variations entry replaced by the move tree ``tree`` (a
    ``game.session.tree.MoveTree`` or its text; none when it has no variation), every other
    line kept as written; the entry goes just before ``end of record``.  ValueError when the
    tree's main line is not the record's moves."""
    rec = loads(text)
    new = _variation_lines(tree, rec.start, rec.moves)
    eol = "\r\n" if "\r\n" in text else "\n"
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    in_block = False
    end_at = None
    for ln in lines:
        bare = ln.strip()
        if in_block and ln.startswith("|"):
            continue  # a line of the old tree
        in_block = False
        if not bare.startswith("#") and not ln.startswith("|") and ":" in ln:
            if ln.partition(":")[0].strip().lower() == "variations":
                in_block = True
                continue
        if bare.lower() == END and end_at is None:
            end_at = len(kept)
        kept.append(ln)
    if end_at is None:
        while kept and not kept[-1].strip():
            kept.pop()
        kept.extend(new + [""])
    else:
        kept[end_at:end_at] = new
    out = eol.join(kept)
    back = loads(out)
    if back.moves != rec.moves or (bool(new) and back.variations is None):
        raise ValueError("the variations could not be added to the record")
    return out


def save_variations(path, tree) -> str:
    """Keep the move ``tree`` with the record at ``path`` (a file in the data folder,
    rewritten in place, atomically, its other lines as written); the absolute path.
    ValueError when the file no longer holds the tree's game (then it is not touched) or is
    outside the data folder; OSError when it cannot be written."""
    where = os.path.abspath(os.fspath(path))
    if not _inside(where, storage.data_dir()):
        raise ValueError(f"{where} is not in the data folder")
    text = read_text(where)
    rec = loads_at(text, where)
    if str(rec.start) != str(tree.start):
        raise ValueError(f"{where} holds another game now")
    new = with_variations(text, tree)
    try:
        return str(storage.atomic_write(where, new))
    except storage.WriteError as e:
        raise OSError(f"cannot write {where}: {e.reason}") from None


def save_analysis(path, match, in_place: bool = False) -> str:
    """Keep ``match``'s analysis with the record it was read from (``path``), the player's
    lines as written; the absolute path written.

    A file in the data folder is rewritten in place (atomically); a file elsewhere is
    left as it is and the review written beside it as a new file
    (``NAME-review.txt``); ``in_place`` rewrites it all the same (a file this function
    wrote before).  ValueError when the file no longer holds this game (then it
    is not touched); OSError when it cannot be written."""
    where = os.path.abspath(os.fspath(path))
    text = read_text(where)
    rec = loads_at(text, where)
    if (
        rec.game_id != match.game.id
        or rec.moves != [str(m) for m in match.moves]
        or str(rec.start) != str(match.states[0])
    ):
        raise ValueError(f"{where} holds another game now (it was changed or played on)")
    new = with_analysis(text, match.analysis)
    if in_place or _inside(where, storage.data_dir()):
        try:
            return str(storage.atomic_write(where, new))
        except storage.WriteError as e:
            raise OSError(f"cannot write {where}: {e.reason}") from None
    stem, suffix = os.path.splitext(os.path.basename(where))
    try:
        done = storage.write_new(os.path.dirname(where), f"{stem}-review", suffix or ".txt", new)
    except storage.WriteError as e:
        raise OSError(f"cannot write the review beside {where}: {e.reason}") from None
    return str(done)


def _inside(path: str, folder) -> bool:
    try:
        real = os.path.realpath(path)
        base = os.path.realpath(os.fspath(folder))
        return os.path.commonpath([real, base]) == base
    except (OSError, ValueError):
        return False


# --- a list of saved games ---------------------------------------------------------------------


@dataclass
class Summary:
    """One line of a Load screen; ``error`` says why the file does not open (then only
    ``path`` and ``modified`` are known); it does not repeat the path."""

    path: str  # absolute
    game_id: str = ""
    game_name: str = ""
    date: datetime | None = None  # as written in the record (None in older records)
    modified: float = 0.0  # the file's time (seconds since the epoch)
    seats: str = ""  # "Human vs Computer (Hard)"
    moves: int = 0  # numbered rows, as every screen counts moves (game/session/turns.py)
    result: str = ""  # "Green wins", "Draw", "Unfinished"
    ending: str = ""
    finished: bool = False
    final: object = None  # the last position, for a preview
    error: str | None = None
    seat_specs: tuple = ()  # ("human", "computer:hard"), for the Load screen's filters
    winner: int | None = None  # the seat that won (None: a draw or not over)
    kind: str = ""  # where it is kept (``game.session.keeping``: saved, archive, in progress)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def when(self) -> float:
        """The time to sort by: the record's date, else the file's time (dates are to the
        second: sort by ``(when, modified)`` to order saves made within one second)."""
        return self.date.timestamp() if self.date is not None else self.modified


def summary(path) -> Summary:
    """What a Load screen shows of the record at ``path``; never raises."""
    where = os.path.abspath(os.fspath(path))
    entry = Summary(where)
    try:
        entry.modified = os.path.getmtime(where)
    except OSError:
        pass
    try:
        rec = _load(where)
        game = rules.get(rec.game_id)
        entry.game_id, entry.game_name = rec.game_id, game.name
        entry.date = rec.date
        entry.seats = " vs ".join(Seat.parse(s).label() for s in rec.seats)
        entry.moves = turns.rows(turns.turns_of(rec.states, rec.moves))
        entry.result = rec.result_text
        entry.ending = rec.ending
        entry.finished = rec.finished
        entry.final = rec.final
        entry.seat_specs = tuple(rec.seats)
        entry.winner = rec.winner
    except Exception as e:  # any file at all: a message, never a crash
        entry.error = (
            str(e)
            if isinstance(e, ValueError)
            else f"cannot be read ({_bounded(f'{type(e).__name__}: {e}')})"
        )
    return entry


def summaries(folder) -> list[Summary]:
    """Every record (``*.txt``) in ``folder``, newest first; [] when there is no folder."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = [
        summary(os.path.join(folder, n))
        for n in names
        if n.endswith(".txt") and not n.startswith(".")
    ]
    out.sort(key=lambda s: (s.when, s.modified), reverse=True)
    return out
