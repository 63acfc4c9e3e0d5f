"""The player's puzzle record: a Glicko-2 rating for the player and for each puzzle tried,
the streak of puzzles solved in a row, and the history of tries.

Kept in the data folder as ``puzzles.json``::

    {"version": 1, "player": {"rating": 1500, "rd": 350, "sigma": 0.06},
     "puzzles": {"<id>": {"rating": ..., "rd": ..., "sigma": ...}},
     "streak": 3, "best_streak": 5,
     "history": [{"id": ..., "game": ..., "theme": ..., "solved": true,
                  "before": 1500.0, "after": 1562.3}]}

A puzzle not tried yet starts from its difficulty estimate (``Puzzle.rating``) with a wide
deviation.  A missing file is a fresh start; a file that does not read (hand-edited, cut
short, not JSON, too large) gives a fresh record and a message, never an exception, and is
left as it was until the next try overwrites it.  Writing is atomic
(``storage.atomic_write``).  The player's own puzzles (their blunders that turn out to be
puzzles: unique forced wins missed in their saved games) are kept beside it in
``your_puzzles.jsonl``; they come from the review's marked moves (``from_review``) and
from the saved games (``add_from_saved_games``).  Pure Python: no pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ai import puzzles as mining
from game import rules
from game.session import glicko, keeping, records, storage

FILE_NAME = "puzzles.json"
YOURS_NAME = "your_puzzles.jsonl"
MAX_BYTES = 4 << 20
MAX_HISTORY = 500
PUZZLE_RD = 250.0  # a puzzle's first deviation: its difficulty is only an estimate
YOURS = "your puzzles"  # the theme that lists the player's own puzzles


def store_path() -> Path:
    return storage.data_dir() / FILE_NAME


def yours_path() -> Path:
    return storage.data_dir() / YOURS_NAME


@dataclass
class PuzzleRecord:
    player: glicko.Rating = field(default_factory=glicko.Rating)
    puzzles: dict[str, glicko.Rating] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    history: list[dict] = field(default_factory=list)

    def rating_of(self, puzzle: mining.Puzzle) -> glicko.Rating:
        """The puzzle's rating: as tried before, else from its difficulty estimate."""
        return self.puzzles.get(puzzle.id) or glicko.Rating(float(puzzle.rating), PUZZLE_RD)

    def solved_ids(self) -> set[str]:
        return {h["id"] for h in self.history if h.get("solved")}

    def tried_ids(self) -> set[str]:
        return {h["id"] for h in self.history}

    def record(self, puzzle: mining.Puzzle, solved: bool) -> float:
        """One try: both ratings updated (Glicko-2), the streak and the history; the
        player's rating change."""
        before = self.player
        self.player, self.puzzles[puzzle.id] = glicko.play(before, self.rating_of(puzzle), solved)
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.history.append(
            {
                "id": puzzle.id,
                "game": puzzle.game,
                "theme": puzzle.theme,
                "solved": bool(solved),
                "before": round(before.rating, 2),
                "after": round(self.player.rating, 2),
            }
        )
        del self.history[:-MAX_HISTORY]
        return self.player.rating - before.rating

    def next_puzzle(self, puzzles, theme: str | None = None, skip=()) -> mining.Puzzle | None:
        """The puzzle to try next: among those of ``theme`` (any when None) not solved yet
        (all when every one is), the one rated nearest the player; None when there is none."""
        pool = [p for p in puzzles if theme is None or p.theme == theme]
        pool = [p for p in pool if p.id not in skip] or pool
        solved = self.solved_ids()
        fresh = [p for p in pool if p.id not in solved] or pool
        if not fresh:
            return None
        me = self.player.rating
        return min(fresh, key=lambda p: (abs(self.rating_of(p).rating - me), p.id))

    def dumps(self) -> str:
        data = {
            "version": 1,
            "player": self.player.to_dict(),
            "puzzles": {k: r.to_dict() for k, r in sorted(self.puzzles.items())},
            "streak": self.streak,
            "best_streak": self.best_streak,
            "history": self.history,
        }
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def loads(text: str) -> tuple[PuzzleRecord, list[str]]:
    """A record from its text, and what in it did not read (those parts start afresh)."""
    problems: list[str] = []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return PuzzleRecord(), [f"not JSON ({exc.msg}, line {exc.lineno})"]
    except ValueError as exc:  # not text that JSON reads at all
        return PuzzleRecord(), [f"not JSON ({exc})"]
    if not isinstance(data, dict):
        return PuzzleRecord(), ["not a table"]
    rec = PuzzleRecord()
    try:
        rec.player = glicko.Rating.from_dict(data.get("player"))
    except ValueError as exc:
        problems.append(f"the player's rating: {exc}")
    table = data.get("puzzles", {})
    if isinstance(table, dict):
        for pid, r in table.items():
            try:
                rec.puzzles[str(pid)] = glicko.Rating.from_dict(r)
            except ValueError as exc:
                problems.append(f"puzzle {pid}: {exc}")
    else:
        problems.append("the puzzles' ratings are not a table")
    for key in ("streak", "best_streak"):
        v = data.get(key, 0)
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            setattr(rec, key, v)
        else:
            problems.append(f"{key}: {v!r} is not a count")
    hist = data.get("history", [])
    if isinstance(hist, list):
        for h in hist:
            if isinstance(h, dict) and isinstance(h.get("id"), str):
                rec.history.append(h)
            else:
                problems.append("a history entry does not read")
    else:
        problems.append("the history is not a list")
    return rec, problems


def load(path=None) -> tuple[PuzzleRecord, str | None]:
    """The saved record (fresh when there is none) and a message when the file could not
    be read as written."""
    path = Path(path or store_path()).absolute()
    try:
        data = storage.read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return PuzzleRecord(), None
    except storage.ReadError as exc:
        return PuzzleRecord(), f"Could not read the puzzle record {path}: {exc.reason}"
    except OSError as exc:
        return PuzzleRecord(), f"Could not read the puzzle record {path}: {exc.strerror or exc}"
    if len(data) > MAX_BYTES:
        return PuzzleRecord(), f"The puzzle record {path} is too large; starting afresh."
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return PuzzleRecord(), f"The puzzle record {path} is not text; starting afresh."
    rec, problems = loads(text)
    if problems:
        more = " ..." if len(problems) > 1 else ""
        return rec, (
            f"Part of the puzzle record in {path} did not read ({problems[0]}{more}); "
            "what did not read starts afresh."
        )
    return rec, None


def save(rec: PuzzleRecord, path=None) -> Path:
    """Write the record atomically; OSError naming the file when that fails."""
    return storage.atomic_write(path or store_path(), rec.dumps())


# --- the player's own puzzles -------------------------------------------------------------
def load_yours(game_id: str | None = None, path=None) -> list[mining.Puzzle]:
    """The player's own puzzles (of ``game_id`` when given); lines that do not read are
    skipped."""
    path = Path(path or yours_path())
    found = mining.load(game_id or "", str(path)) if path.exists() else []
    return [p for p in found if game_id is None or p.game == game_id]


def missed_wins(game_id: str, states, moves, seats, max_moves: int = 1, tail: int = 40) -> list:
    """The player's missed wins in one game, as puzzles: positions (among the last ``tail``)
    where a human seat (``seats``: the record's specs) had a unique forced win within
    ``max_moves`` moves and played something else (the review's worst kind of blunder: a
    proven win given away).  ``states``: the start and the state after each move."""
    found = []
    first = max(0, len(moves) - tail)
    for i in range(first, min(len(moves), len(states))):
        state = states[i]
        seat = state.player
        if not (0 <= seat < len(seats)) or not str(seats[seat]).startswith("human"):
            continue
        if state.is_over():
            continue
        try:
            line, _k = mining.solve(state, max_moves)
        except (mining.Refused, ValueError):
            continue
        if str(line[0]) == str(moves[i]):
            continue
        try:
            p = mining.make(game_id, state, max_moves, budget=300, source="yours")
        except (mining.Refused, ValueError):
            continue
        p.theme = YOURS
        found.append(p)
    return found


def add_from_saved_games(folders=None, path=None, max_moves: int = 1) -> tuple[list, int]:
    """Look through the saved games (the data folder's saves and archive) for the player's
    missed wins and keep them as "your puzzles" (none twice).  Returns the puzzles added and
    the games read; games that do not read are skipped."""
    if folders is None:
        folders = [storage.saves_dir(), storage.archive_dir()]
    path = Path(path or yours_path())
    have = load_yours(None, path)
    known = {p.id for p in have}
    added: list = []
    read = 0
    for folder in folders:
        for file in keeping._records_in(folder):
            try:
                rec = records.load_file(file)
            except (OSError, ValueError):
                continue
            read += 1
            for p in missed_wins(rec.game_id, rec.states, rec.moves, rec.seats, max_moves):
                if p.id not in known:
                    known.add(p.id)
                    have.append(p)
                    added.append(p)
    if added:
        storage.atomic_write(path, "".join(p.to_json() + "\n" for p in have))
    return added, read


REVIEW_LABELS = ("mistake", "blunder")  # the review's marks that can become your puzzles


def from_review(states, reviews, seats, path=None, max_moves: int = 1) -> tuple[list, int]:
    """The review's marked moves (``REVIEW_LABELS``) of ``seats`` that turn out to be
    puzzles: the position before the move passes the uniqueness rule (one move wins by
    force within ``max_moves``) and the move played was not it.  They are kept as "your
    puzzles" (none twice).  ``states``: the game's positions; ``reviews``: the review's
    ``MoveReview`` list.  Returns this game's puzzles (those kept before included) and
    the marked moves looked at."""
    path = Path(path or yours_path())
    have = load_yours(None, path)
    known = {p.id: p for p in have}
    found: list = []
    looked = 0
    added = False
    for rv in reviews:
        if rv.label not in REVIEW_LABELS or rv.mover not in seats:
            continue
        if not 0 <= rv.ply < len(states) - 1:
            continue
        looked += 1
        state = states[rv.ply]
        game_id = state.game.id
        try:
            p = mining.make(game_id, state, max_moves, budget=300, source="yours")
        except (mining.Refused, ValueError):
            continue
        if p.solution[0] == str(rv.move):
            continue
        p.theme = YOURS
        if p.id in known:
            found.append(known[p.id])
            continue
        known[p.id] = p
        have.append(p)
        found.append(p)
        added = True
    if added:
        storage.atomic_write(path, "".join(p.to_json() + "\n" for p in have))
    return found, looked


# --- one try at a puzzle --------------------------------------------------------------------
@dataclass
class Verdict:
    """What came of one move of the player's: ``kind`` is "refused" (not legal: nothing
    played), "good" (the solution's move: the defender's replies follow), "solved" or
    "wrong" (``reason`` says why it fails: the refuting line).  ``played``: (before, move,
    after) for the player's move and the replies, in order."""

    kind: str
    reason: str = ""
    played: list = field(default_factory=list)
    refutation: list = field(default_factory=list)


class Attempt:
    """The player's try at ``puzzle``: the position, the solution played so far, whether it
    is solved or failed.  The first wrong move fails the try (``first_result``: what the
    ratings count), and the try can be retried for practice."""

    def __init__(self, puzzle: mining.Puzzle):
        self.puzzle = puzzle
        self.start = puzzle.state()
        self.solver = self.start.player
        self.first_result: bool | None = None  # the rated outcome, once known
        self.hints = 0
        self.retry()

    def retry(self) -> None:
        self.state = self.start
        self.done = 0  # plies of the solution played
        self.solved = False
        self.failed = ""

    @property
    def over(self) -> bool:
        return self.solved or bool(self.failed)

    @property
    def prompt(self) -> str:
        """ "Orange to play and win" (in k moves when longer than one)."""
        who = self.start.seat_name(self.solver)
        k = self.puzzle.moves
        return f"{who} to play and win" + (f" in {k} moves" if k > 1 else "")

    def hint(self) -> str:
        """A hint for the move to find now (what it achieves, in the game's words)."""
        if self.over or self.done >= len(self.puzzle.solution):
            return ""
        self.hints += 1
        return mining.hint(self.puzzle, self.done)

    def play(self, move) -> Verdict:
        if self.over:
            return Verdict("refused", "This try is over.")
        state = self.state
        try:
            m = state.find_move(move)
        except rules.IllegalMove as exc:
            return Verdict("refused", str(exc))
        after = state.play(m)
        played = [(state, m, after)]
        expected = self.puzzle.solution[self.done]
        won_now = after.is_over() and after.winner() == self.solver
        if str(m) != expected and not won_now:
            line = mining.refutation(state, m)
            self.failed = self._why(state, m, after, line)
            if self.first_result is None:
                self.first_result = False
            self.state = after
            return Verdict("wrong", self.failed, played, line)
        self.done += 1
        self.state = after
        while (
            not after.is_over()
            and after.player != self.solver
            and self.done < len(self.puzzle.solution)
        ):
            before = after
            reply = before.find_move(self.puzzle.solution[self.done])
            after = before.play(reply)
            played.append((before, reply, after))
            self.done += 1
            self.state = after
        if after.is_over() and after.winner() == self.solver:
            self.solved = True
            if self.first_result is None:
                self.first_result = True
            return Verdict("solved", "", played)
        return Verdict("good", "", played)

    def _why(self, state, move, after, line) -> str:
        words = state.move_words(move)
        if after.is_over():
            w = after.winner()
            end = "draws" if w is None else "loses at once"
            return f"{words} {end}."
        if not line:
            return f"{words} does not force the win."
        s = after
        said = []
        for mv in line:
            said.append(s.describe(mv).rstrip("."))
            s = s.play(mv)
        text = f"{words} lets the defence off: " + "; ".join(said) + "."
        why = after.explain(line[0])
        if why and why.split()[0] not in said[0]:  # unless the sentence said it already
            text += f" (The answer {why}.)"
        return text
