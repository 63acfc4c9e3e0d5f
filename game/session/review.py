"""The review of a game: the engine's value of every position, and each move classed.

    analyser = Analyser(match.states, "quick", worker=app.ai, moves=match.moves)
    ...                                  # once a frame:
    analyser.update()                    # never blocks (with the process worker)
    bar(analyser.progress)               # 0..1
    if analyser.done: ...                # complete, cancelled or stopped by an error
    analysis = analyser.analysis         # partial while it runs
    analysis.win_chances()               # seat 0's winning chance in %, per position
    analysis.reviews(states, moves)      # one MoveReview per move (drop, label, better move)

How a position is valued (see docs/review.md for the reasons):

* a finished position from the rules: ``state.result()`` (1 seat 0 won, -1 seat 1
  won, 0 a draw), never searched;
* a position with one legal move takes the value of the position after it (the next
  position of the game; at the end of an unfinished game, the forced line is followed
  and the first position with a choice is searched);
* any other position by an MCTS search of a fixed iteration budget (``BUDGETS``) with a
  fixed seed (``seed + index``), so the same game gives the same review.  The value kept
  is the search's estimate for its best move (the root value of ``ai.mcts``), turned to
  seat 0's view: ``value if state.player == 0 else -value``.

A move is judged by the mover's winning chance in %, the calibrated chance of
``ai.winchance`` (from the value, the seat to move and the budget; 0 or 100 only when
proven): *before* is the chance with the engine's best move at the position before it,
*after* the better of the chance at the position after it (from that position's own
search) and the move's value in the same search.  The drop is ``max(0, before - after)``
in percentage points; ``THRESHOLDS`` class it as lichess does (10 / 20 / 30).  A move
that is the engine's best is never labelled (the two searches are noisy, and the engine
cannot fault its own choice), nor a player's first move unless it loses by force.

A Quick review then searches again at Deep's budget and seeds the positions its marks and
the proofs rest on, and reads its marks from those values (``Analyser``; docs/review.md,
"Quick checks at Deep's depth").

``Analysis.to_text`` / ``from_text`` give the text saved in a game record (the
``analysis:`` block of ``game.session.records``).  Pure Python: no pygame; the engine is
reached only through ``ai.worker`` (``AIWorker`` or ``InlineAI``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from ai import winchance

# MCTS iterations per position (figures: docs/review.md, "Budgets").  Quick: 0.1-0.55 s a
# position, enough to see wins and losses a move or two deep and the gross errors (1,000
# tries: at 400 it missed half of Gess's blunders); a game is reviewed in seconds (Splay,
# Glorieta, Gess) to half a minute (Glades, Gliss).  Deep: 3 times as many, for a closer
# look at quieter mistakes (about 0.3-1.5 s a position).
# Quick checks its marks and follows the proofs back at ``check`` tries (Deep's budget, with
# Deep's seeds: what Deep finds there), docs/review.md "Quick checks at Deep's depth".
BUDGETS: dict[str, dict] = {
    "quick": {"iterations": 1000, "check": 3000},
    "deep": {"iterations": 3000},
}
# the search a review (and a lesson drawn from it, game/session/teach.py) asks for on top of
# its budget: the game's own, so a game whose levels search with its learned priors
# (``Game.prior``) is reviewed by the same kind of search as the bar and the analysis board
# show, and its chances are read by that kind's table (``winchance``, "guided"); the same for
# the playout (``Game.playout``: a game whose levels score leaves by its learned leaf value)
SEARCH: dict = {"prior": None, "playout": None}
# the most searches Quick's checks make: CHECK_FLOOR, or one position in CHECK_SHARE when
# the game is longer
CHECK_FLOOR = 24
CHECK_SHARE = 3
# the checks a game is expected to need before they are known (for the progress bar)
CHECK_GUESS = 6
LABELS = ("inaccuracy", "mistake", "blunder")
# The drop in the mover's winning chance (percentage points) at which each label starts,
# as lichess uses for chess.
THRESHOLDS = {"inaccuracy": 10, "mistake": 20, "blunder": 30}
# a player's first move (the first OPENING plies of the game) is never labelled unless the
# position after it is proven lost: the engine's chances there rest on little
OPENING = 2
SERIOUS = ("mistake", "blunder")  # the labels Quick checks at Deep's budget
# Quick also checks a move unmarked whose drop between its two positions' own chances
# (ignoring the engine's move and the move's value in the same tree) reaches SUSPECT
# points, and a move read across the two budgets (one position checked, the other not)
# that drops MIXED points or more
SUSPECT = THRESHOLDS["blunder"]
MIXED = THRESHOLDS["inaccuracy"]
# reviews with fewer tries a position than this are called rough on screen (Quick): Deep's
ROUGH_BELOW = BUDGETS["deep"]["iterations"]
FORCED_CHAIN = 200  # the most forced moves followed past the end of an unfinished game
DIGITS = 4  # the decimals a value is kept with (so a saved analysis reads back the same)
QUIET_STEPS = 25  # positions needing no search handled per update() at most

_WORD = re.compile(r"[a-z][a-z0-9_-]{0,19}")
_PV_MOVE = re.compile(r"[^\s,=]{1,40}")  # a move of a principal line as the text keeps it
PV_PLIES = 5  # the longest principal line kept per position
_tokens = itertools.count(1)


def win_chance(value: float) -> float:
    """A value in [-1, 1] for a player as that player's winning chance in %."""
    return round(50.0 * (1.0 + max(-1.0, min(1.0, float(value)))), 6)  # 0.1 + 0.2 style dust


def classify(drop) -> str | None:
    """The label for a drop in winning chance (percentage points): None below the
    inaccuracy threshold (or for no drop at all)."""
    if drop is None:
        return None
    label = None
    for name in LABELS:
        if drop >= THRESHOLDS[name]:
            label = name
    return label


@dataclass
class PositionEval:
    """The engine's view of one position."""

    value0: float  # the expected result for seat 0, in [-1, 1]
    best: str | None = None  # the engine's best move here (notation); None when over
    proven: int | None = None  # solved for seat 0: 1 seat 0 wins, -1 seat 1 wins, 0 draw
    # the move played here as this position's own search values it (for seat 0), when the
    # search looked at it enough: "before" and "after" then come from one tree, free of
    # the bias between searches from either side's turn
    played: float | None = None
    # the engine's principal line from here (notations, the best move first): what it
    # expects both sides to play, PV_PLIES at most; None when not known
    pv: list | None = field(default=None, compare=False)
    # seat 0's calibrated chance of winning in [0, 1] (ai/winchance.py: 0 or 1 only when
    # proven), and the same for the move played (from ``played``); None: an analysis saved
    # before calibration, read as (1 + value) / 2 until ``Analysis.calibrate`` fills it
    # (derived from the values: left out of ==, so two reviews compare by what was found)
    chance0: float | None = field(default=None, compare=False)
    played_chance: float | None = field(default=None, compare=False)
    # the tries each search process was asked for here (Quick's checks: Deep's budget);
    # None: the analysis' ``iterations`` (every position of a review saved before the checks)
    asked: int | None = field(default=None, compare=False)
    # the search's tries behind this value, summed over the processes (the calibration's
    # budget term); None: ``asked`` (one process, no proof found early)
    tries: int | None = field(default=None, compare=False)

    def chance(self, seat: int = 0) -> float:
        """The winning chance of ``seat`` in %."""
        if self.chance0 is not None:
            c = 100.0 * self.chance0
            return round(c if seat == 0 else 100.0 - c, 6)
        return win_chance(self.value0 if seat == 0 else -self.value0)

    def played_for(self, seat: int) -> float | None:
        """The winning chance of ``seat`` in % after the move played, from this
        position's own search (None when it did not look at the move enough)."""
        if self.played is None:
            return None
        if self.played_chance is not None:
            c = 100.0 * self.played_chance
            return round(c if seat == 0 else 100.0 - c, 6)
        return win_chance(self.played if seat == 0 else -self.played)


@dataclass
class MoveReview:
    """One move of the game as the review sees it.  ``before``, ``after`` and ``drop``
    are None while either position is not analysed yet."""

    ply: int  # the index of the move (0-based): it is played in position ``ply``
    mover: int  # the seat that played it
    move: str  # its notation
    before: float | None  # the mover's winning chance (%) with the engine's best move
    after: float | None  # the mover's winning chance (%) after the move played
    drop: float | None  # max(0, before - after), in percentage points
    label: str | None  # None or one of LABELS
    best: str | None  # the engine's move when the move played is not it, else None


@dataclass
class Analysis:
    """The values of a game's positions (one entry per position, None where not
    analysed yet), with who moves in each and the moves played."""

    budget: str
    evals: list = field(default_factory=list)  # PositionEval | None, one per position
    players: list = field(default_factory=list)  # the seat to move in each position
    moves: list | None = None  # the moves played (notation), when known
    iterations: int | None = None  # the MCTS budget per position
    game: str | None = None  # the game's id: whose calibration turns values into chances
    # the tries Quick's marks and proofs were checked at (set once the checks are done);
    # None: not checked (a Deep review, or a Quick one saved before the checks)
    check: int | None = None

    def __len__(self) -> int:
        return len(self.evals)

    @property
    def complete(self) -> bool:
        return all(e is not None for e in self.evals)

    @property
    def done_count(self) -> int:
        return sum(e is not None for e in self.evals)

    def calibrate(self, game_id: str | None = None) -> None:
        """Fill the calibrated chances an older saved analysis lacks, from its values
        (the seat to move, the budget and the game's calibration: ai/winchance.py)."""
        if game_id:
            self.game = game_id
        for k, e in enumerate(self.evals):
            if e is None:
                continue
            player = self.players[k] if k < len(self.players) else 0
            tries = self.tries_of(k)
            if e.chance0 is None:
                mover = e.value0 if player == 0 else -e.value0
                e.chance0 = _chance(self.game, player, mover, tries, e.proven, True)
            if e.played is not None and e.played_chance is None:
                mover = e.played if player == 0 else -e.played
                e.played_chance = _chance(self.game, player, mover, tries, None)

    def tries_of(self, index: int) -> int | None:
        """The search tries behind position ``index``'s value: its own, else the budget."""
        e = self.evals[index]
        if e is not None and e.tries is not None:
            return e.tries
        return self.asked_of(index)

    def asked_of(self, index: int) -> int | None:
        """The tries each search process was asked for in position ``index``."""
        e = self.evals[index]
        if e is not None and e.asked is not None:
            return e.asked
        return self.iterations

    @property
    def rough(self) -> bool:
        """True for a quick review (fewer tries than ``ROUGH_BELOW`` a position)."""
        return (self.iterations or 0) < ROUGH_BELOW

    def note(self) -> str:
        """One line on what the chances rest on, for the review screen."""
        n = int(self.iterations or 0)
        if self.rough and self.check:
            return f"Rough: {n:,} tries; marks checked at {int(self.check):,}"
        if self.rough:
            return f"Rough: {n:,} tries a position (Deep is surer)"
        return f"Chances after {n:,} tries a position"

    def win_chances(self) -> list:
        """Seat 0's winning chance in % for each position (None: not analysed)."""
        return [None if e is None else e.chance(0) for e in self.evals]

    def graph_chances(self) -> list:
        """``win_chances`` as the graph draws them: each unproven position's chance
        averaged (in log-odds) with the position before it (``winchance.smoothed``: half
        the swing between searches from either side's turn; a proof is drawn as it is).
        The move texts and the marks use each position's own chance."""
        series = []
        for e in self.evals:
            if e is None:
                series.append((None, False))
            else:
                series.append((e.chance(0) / 100.0, e.proven is not None))
        return [None if c is None else round(100.0 * c, 6) for c in winchance.smoothed(series)]

    def fits(self, moves, positions: int | None = None) -> bool:
        """Whether this is the analysis of a game with these ``moves`` (and, when given,
        that many positions)."""
        moves = [str(m) for m in moves]
        if len(self.evals) != len(moves) + 1:
            return False
        if positions is not None and positions != len(self.evals):
            return False
        return self.moves is None or list(self.moves) == moves

    def misfit(self, states) -> str | None:
        """Why this analysis is not one of the positions ``states`` (the start and the
        position after each move), or None when it fits: the seat to move it names and
        every best move it stores are checked against each position (a best move must be
        legal there; a finished position has none)."""
        if len(states) != len(self.evals):
            return f"it has {len(self.evals)} positions, the game {len(states)}"
        for k, (state, ev) in enumerate(zip(states, self.evals, strict=True)):
            if k < len(self.players) and self.players[k] != state.player:
                return f"position {k}: seat {self.players[k]} is not the seat to move"
            if ev is None or not ev.best:
                continue
            if state.is_over():
                return f"position {k}: the game is over there, yet it names a best move"
            try:
                state.find_move(ev.best)
            except Exception:  # IllegalMove, or a notation the rules choke on
                return f"position {k}: the best move {ev.best[:20]!r} is not legal there"
        return None

    def reviews(self, states=None, moves=None) -> list[MoveReview]:
        """One review per move.  ``states`` and ``moves`` are those of the analysed game
        (by default the seats to move and the moves kept in the analysis)."""
        if moves is None:
            moves = self.moves
        if moves is None:
            raise ValueError("the moves of the game are needed to review them")
        moves = [str(m) for m in moves]
        if len(moves) + 1 != len(self.evals):
            raise ValueError(
                f"the analysis has {len(self.evals)} positions; a game of {len(moves)} "
                f"moves has {len(moves) + 1}"
            )
        if states is not None:
            if len(states) != len(self.evals):
                raise ValueError(
                    f"the analysis has {len(self.evals)} positions, the game {len(states)}"
                )
            players = [s.player for s in states]
        else:
            players = self.players
        held = self.held_wins()
        out = []
        for ply, move in enumerate(moves):
            mover = players[ply]
            here, there = self.evals[ply], self.evals[ply + 1]
            best = here.best if here is not None and here.best and here.best != move else None
            before = after = drop = None
            label = None
            if here is not None and there is not None:
                before = _held(held, ply, mover, here.chance(mover))
                # the move played as this search values it and as the next position's own
                # search does: the better of the two, so a move is marked only when both
                # views agree it lost chances (a move the search looked at a few times
                # has a noisy, low value; the next search may be from a different angle)
                after = _held(held, ply + 1, mover, there.chance(mover))
                played = here.played_for(mover)
                if played is not None:
                    after = max(after, played)
                drop = max(0.0, round(before - after, 6))
                if best is not None and (ply >= OPENING or _loses_by_force(there, mover)):
                    label = classify(drop)
            out.append(MoveReview(ply, mover, move, before, after, drop, label, best))
        return out

    def held_wins(self) -> dict:
        """``{index: +1 or -1}``: the unproven positions between two positions proven won
        for the same seat (+1 seat 0, -1 seat 1), which the marks read as won for it.  The
        searches on either side proved the win and the one between only missed the proof:
        read as it is, the winner's move into it would drop from 100 % and the loser's
        move out of it from its unproven chance to 0 %, two blunders for one proof found
        late (a Deep review of a Glorieta game marked 9 moves in a row so).  When the
        loser's reply there was itself the error that let the win back, the review cannot
        tell: it marks neither."""
        held = {}
        ev = self.evals
        for k in range(1, len(ev) - 1):
            a, here, b = ev[k - 1], ev[k], ev[k + 1]
            if here is None or here.proven is not None or a is None or b is None:
                continue
            if a.proven in (1, -1) and b.proven == a.proven:
                held[k] = a.proven
        return held

    def counts(self, states=None, moves=None) -> dict:
        """``{seat: {label: n}}`` over the moves (every label present, 0 when none; all
        0 when the moves are neither given nor kept in the analysis)."""
        out = {seat: dict.fromkeys(LABELS, 0) for seat in (0, 1)}
        if moves is None and self.moves is None:
            return out
        for r in self.reviews(states, moves):
            if r.label is not None:
                out.setdefault(r.mover, dict.fromkeys(LABELS, 0))[r.label] += 1
        return out

    # --- text ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The analysis as text (``from_text`` reads it back); see docs/review.md."""
        head = [self.budget, f"positions={len(self.evals)}"]
        if self.iterations is not None:
            head.append(f"iterations={int(self.iterations)}")
        if self.game and _WORD.fullmatch(self.game):
            head.append(f"game={self.game}")
        if self.check is not None:
            head.append(f"check={int(self.check)}")
        lines = [" ".join(head)]
        for k, e in enumerate(self.evals):
            player = self.players[k] if k < len(self.players) else 0
            parts = [str(k), str(player)]
            if e is None:
                parts.append("?")
            else:
                parts.append(f"{e.value0:+.{DIGITS}f}")
                if e.proven is not None:
                    parts.append(f"proven={e.proven:+d}")
                if e.best:
                    parts.append(f"best={e.best}")
                if e.played is not None:
                    parts.append(f"played={e.played:+.{DIGITS}f}")
                if e.pv and all(_PV_MOVE.fullmatch(str(m)) for m in e.pv):
                    parts.append("pv=" + ",".join(str(m) for m in e.pv))
                if e.chance0 is not None:
                    parts.append(f"chance={e.chance0:.{DIGITS}f}")
                if e.played_chance is not None:
                    parts.append(f"pchance={e.played_chance:.{DIGITS}f}")
                asked = e.asked if e.asked is not None else self.iterations
                if e.asked is not None and e.asked != self.iterations:
                    parts.append(f"asked={int(e.asked)}")
                if e.tries is not None and e.tries != asked:
                    parts.append(f"tries={int(e.tries)}")
            if self.moves is not None and k < len(self.moves):
                parts.append(f"move={self.moves[k]}")
            lines.append(" ".join(parts))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text) -> Analysis:
        """Read ``to_text``'s form; ValueError naming the line and the reason."""
        if not isinstance(text, str):
            raise ValueError("an analysis must be text")
        lines = [ln.strip() for ln in text.replace("\r", "\n").split("\n")]
        lines = [ln for ln in lines if ln]
        if not lines:
            raise ValueError("the analysis is empty")
        head = lines[0].split()
        budget = head[0].lower()
        if not _WORD.fullmatch(budget):
            raise ValueError(f"the analysis starts with a budget name, not {head[0][:20]!r}")
        size = iterations = game = check = None
        for part in head[1:]:
            key, eq, value = part.partition("=")
            if key == "game" and _WORD.fullmatch(value):
                game = value
            if key in ("positions", "iterations", "check"):
                if not eq or not value.isdigit() or len(value) > 9:
                    raise ValueError(f"{key} is a number, not {value[:20]!r}")
                if key == "positions":
                    size = int(value)
                elif key == "iterations":
                    iterations = int(value)
                else:
                    check = int(value)
        if size is None:
            raise ValueError("the analysis does not say how many positions it has")
        if len(lines) - 1 != size:
            raise ValueError(
                f"the analysis says {size} positions but has {len(lines) - 1} lines of them"
            )
        evals: list = []
        players: list = []
        moves: list = []
        for k, ln in enumerate(lines[1:]):
            where = f"position {k}"
            parts = ln.split()
            if len(parts) < 3:
                raise ValueError(f"{where}: expected 'index seat value', not {ln[:40]!r}")
            if parts[0] != str(k):
                raise ValueError(f"{where}: the line is numbered {parts[0][:20]!r}")
            if parts[1] not in ("0", "1"):
                raise ValueError(f"{where}: the seat to move is 0 or 1, not {parts[1][:20]!r}")
            players.append(int(parts[1]))
            keys = {}
            for part in parts[3:]:
                key, eq, value = part.partition("=")
                if not eq or not value:
                    raise ValueError(f"{where}: cannot read {part[:40]!r} (expected key=value)")
                keys[key] = value
            moves.append(keys.get("move"))
            if parts[2] == "?":
                evals.append(None)
                continue
            try:
                value0 = float(parts[2])
            except ValueError:
                raise ValueError(f"{where}: {parts[2][:20]!r} is not a number") from None
            if not -1.0 <= value0 <= 1.0:  # also refuses nan
                raise ValueError(f"{where}: the value {parts[2][:20]} is not in [-1, 1]")
            proven = None
            if "proven" in keys:
                if keys["proven"] not in ("+1", "1", "0", "+0", "-0", "-1"):
                    raise ValueError(f"{where}: proven is +1, 0 or -1, not {keys['proven'][:20]!r}")
                proven = int(keys["proven"])
            played = None
            if "played" in keys:
                try:
                    played = float(keys["played"])
                except ValueError:
                    raise ValueError(
                        f"{where}: played={keys['played'][:20]!r} is no number"
                    ) from None
                if not -1.0 <= played <= 1.0:
                    raise ValueError(f"{where}: the played value is not in [-1, 1]")
            pv = None
            if "pv" in keys:  # (older files have none)
                pv = keys["pv"].split(",")[:PV_PLIES]
                if not all(_PV_MOVE.fullmatch(m) for m in pv):
                    raise ValueError(f"{where}: cannot read the line pv={keys['pv'][:40]!r}")
            chances = []
            for key in ("chance", "pchance"):
                c = None
                if key in keys:
                    try:
                        c = float(keys[key])
                    except ValueError:
                        bad = keys[key][:20]
                        raise ValueError(f"{where}: {key}={bad!r} is no number") from None
                    if not 0.0 <= c <= 1.0:
                        raise ValueError(f"{where}: the {key} is not in [0, 1]")
                chances.append(c)
            if chances[0] is not None and chances[0] in (0.0, 1.0) and proven is None:
                chances[0] = None  # 0 or 1 is a proof's; an unproven one is recalibrated
            counts = {}
            for key in ("asked", "tries"):  # (older files have none: the iterations)
                if key in keys:
                    if not keys[key].isdigit() or len(keys[key]) > 9:
                        raise ValueError(f"{where}: {key}={keys[key][:20]!r} is no count")
                    counts[key] = int(keys[key])
            evals.append(
                PositionEval(
                    value0,
                    keys.get("best"),
                    proven,
                    played,
                    pv,
                    chance0=chances[0],
                    played_chance=chances[1],
                    asked=counts.get("asked"),
                    tries=counts.get("tries"),
                )
            )
        known = moves[:-1]
        if moves and moves[-1] is not None:
            raise ValueError(f"position {len(moves) - 1}: the last position has no move played")
        if all(m is not None for m in known):
            kept = known
        elif all(m is None for m in known):
            kept = None
        else:
            k = next(i for i, m in enumerate(known) if m is None)
            raise ValueError(f"position {k}: the move played is missing")
        analysis = cls(budget, evals, players, kept, iterations, game, check)
        if game is not None:
            analysis.calibrate()
        return analysis


def principal_line(msg, best=None) -> list | None:
    """The principal line of a worker's result message (notations, PV_PLIES at most), when
    it starts with ``best`` (or ``best`` is not given); else None."""
    try:
        pv = [str(m) for m in (msg.get("pv") or ())][:PV_PLIES]
    except TypeError:
        return None
    if not pv or (best is not None and pv[0] != str(best)):
        return None
    if not all(_PV_MOVE.fullmatch(m) for m in pv):
        return None
    return pv


def _seat0(value: float, player: int) -> float:
    """A search value for ``player`` as seat 0's, rounded as the saved text keeps it."""
    value = round(max(-1.0, min(1.0, float(value))), DIGITS)
    return (value if player == 0 else -value) + 0.0  # never -0.0


def _terminal_eval(state) -> PositionEval:
    """A finished position, valued from the rules."""
    try:
        value = float(state.result())
    except Exception:
        w = state.winner()
        value = 0.0 if w is None else (1.0 if w == 0 else -1.0)
    value = round(max(-1.0, min(1.0, value)), DIGITS) + 0.0
    proven = int(round(value)) if value in (-1.0, 0.0, 1.0) else None
    return PositionEval(value, None, proven, chance0=round((value + 1.0) / 2.0, DIGITS))


def _chance(game, player, value, iterations, proven, exact_proof=False, guided=False) -> float:
    """Seat 0's calibrated chance (ai/winchance.py) of a search of a position where
    ``player`` moves, ``value`` and ``proven`` for that player (``guided``: a search the
    learned priors guided, read by the game's table for those); rounded as saved."""
    if proven is not None and exact_proof:
        p = int(proven)  # (here already for seat 0)
        return 1.0 if p > 0 else 0.0 if p < 0 else 0.5
    return round(winchance.chance(game, player, value, iterations, proven, guided), DIGITS)


def _held(held: dict, index: int, seat: int, chance: float) -> float:
    """``seat``'s chance (%) in position ``index``: 100 or 0 where ``Analysis.held_wins``
    reads it as won, else ``chance``."""
    won = held.get(index)
    if won is None:
        return chance
    return 100.0 if (won > 0) == (seat == 0) else 0.0


def _loses_by_force(there, mover: int) -> bool:
    """Whether the position after a move is proven lost for the player who made it."""
    if there is None or there.proven is None:
        return False
    return (there.proven > 0) != (mover == 0) and there.proven != 0


def _move_between(state, after) -> str:
    """The notation of the legal move of ``state`` that leads to ``after``."""
    target = str(after)
    for m in state.legal_moves():
        if str(state.play(m)) == target:
            return str(m)
    raise ValueError("a position of the game does not follow from the one before it")


class Analyser:
    """Analyses a game one position at a time through the AI worker, never blocking.

    ``states`` are the game's positions (the start and the position after each move);
    ``moves`` their moves in notation (worked out from the states when not given, which
    costs a pass over each position's legal moves).  ``worker`` is an ``AIWorker``
    (searches in its process) or an ``InlineAI`` (searches inside ``update``, blocking:
    for tests and headless use); None makes an ``InlineAI``.  ``analysis`` resumes a
    partial analysis of the same game (its budget and iteration count are kept).
    ``iterations`` overrides the budget's iteration count.

    After the pass over every position, a budget with a ``check`` (Quick) searches some
    positions again at that many tries, with the same seeds (so what Deep finds there):
    the positions before each proven one, backward while the proofs go on, both positions
    of every move it would mark a mistake or a blunder, whose mark is then read from those
    values, and those of a move whose own chances drop sharply unmarked (docs/review.md,
    "Quick checks at Deep's depth").  ``check``
    overrides it (0: no checks); with ``iterations`` overridden and no ``check`` given,
    the budget's check is scaled by the same factor.  ``checks`` counts those searches
    (at most ``CHECK_FLOOR`` or one position in ``CHECK_SHARE``).

    ``done`` is True once nothing more will happen: the analysis is complete, or it
    was cancelled, or it stopped on an error (``error`` says why; the positions
    analysed so far are kept in ``analysis``).
    """

    def __init__(
        self,
        states,
        budget: str = "quick",
        worker=None,
        seed: int = 0,
        analysis: Analysis | None = None,
        *,
        moves=None,
        iterations: int | None = None,
        check: int | None = None,
    ):
        self.states = list(states)
        n = len(self.states)
        if moves is not None:
            moves = [str(m) for m in moves]
            if n and len(moves) != n - 1:
                raise ValueError(f"{n} positions need {n - 1} moves, not {len(moves)}")
        if analysis is not None:
            if len(analysis.evals) != n:
                raise ValueError(
                    f"the analysis has {len(analysis.evals)} positions, the game {n}: "
                    "it is not an analysis of this game"
                )
            if moves is not None and analysis.moves is not None and analysis.moves != moves:
                raise ValueError("the analysis is of other moves: not of this game")
            budget = analysis.budget
            iterations = analysis.iterations or iterations
            if analysis.check:
                check = analysis.check
        elif budget not in BUDGETS and iterations is None:
            raise ValueError(f"unknown budget {budget!r}; the budgets are: {', '.join(BUDGETS)}")
        if iterations is None:
            if budget not in BUDGETS:
                raise ValueError(f"the budget {budget!r} is unknown and no iteration count given")
            iterations = int(BUDGETS[budget]["iterations"])
        if int(iterations) < 1:
            raise ValueError("a review needs at least one iteration per position")
        self.budget = budget
        self.iterations = int(iterations)
        if check is None:
            check = _check_of(budget, self.iterations)
        self.check = int(check) if check and int(check) > self.iterations else None
        self.seed = int(seed)
        if worker is None:
            from ai.worker import InlineAI

            worker = InlineAI()
        self.worker = worker
        if analysis is None:
            analysis = Analysis(budget, [None] * n, iterations=self.iterations)
        analysis.players = [s.player for s in self.states]
        if self.states:
            analysis.calibrate(winchance.game_id_of(self.states[0]))
        if moves is not None:
            analysis.moves = moves
        self.analysis = analysis
        self._derive = analysis.moves is None and n > 1
        self._moves: list = list(analysis.moves) if analysis.moves is not None else [None] * (n - 1)
        self._forced: dict[int, str] = {}  # index -> the only move, waiting for the next value
        self._only: dict[int, str | None] = {}  # index -> its only move (None: a choice)
        self._next = 0  # the next position to look at
        # (index, request id, state searched, best move, tries asked for)
        self._current: tuple | None = None
        self._attempts: dict[tuple, int] = {}
        self._fraction = 0.0
        self._token = next(_tokens)
        self.cancelled = False
        self.error: str | None = None
        self.done = False
        self.requests = 0  # searches asked for (retries included)
        self.checks = 0  # of them, the checks at ``check`` tries
        self.revision = 0  # counts the values set (a new value or a checked one)
        self.most_checks = max(CHECK_FLOOR, n // CHECK_SHARE)
        self._shown = 0.0  # the progress shown so far: it never goes back
        self._finish_if_complete()

    # --- the public side ------------------------------------------------------------------
    @property
    def progress(self) -> float:
        """0..1 of the work, never going back, 1 only when done.  The pass over the
        positions counts one a position, each check ``check / iterations``; the checks
        are not known in advance: CHECK_GUESS of them are expected until more are."""
        n = len(self.states)
        if n == 0 or (self.done and self.analysis.complete):
            return 1.0
        if not self._pass_done():
            settled = self.analysis.done_count + len(self._forced)
            current = self._fraction if self._current is not None else 0.0
            share = self._pass_share()
            value = share * (settled + current) / n
        else:
            share = self._pass_share()
            done = self.checks - (1 if self._current is not None else 0) + self._fraction
            done = max(0.0, done)
            left = max(1.0, min(CHECK_GUESS - done, self.most_checks - done))
            value = share + (1.0 - share) * done / (done + left)
        self._shown = max(self._shown, min(value, 0.99))
        return self._shown

    def _pass_share(self) -> float:
        """The share of the bar the pass over the positions takes."""
        if not self.check:
            return 1.0
        n = len(self.states)
        weight = self.check / self.iterations
        return n / (n + weight * min(CHECK_GUESS, self.most_checks))

    @property
    def current(self) -> int | None:
        """The index of the position being searched now, if any."""
        return None if self._current is None else self._current[0]

    def cancel(self) -> None:
        """Stop now: the search under way is cancelled; the partial analysis is kept."""
        if self.done:
            return
        self._drop_request()
        self.cancelled = True
        self.done = True

    def update(self) -> None:
        """Poll the worker and ask for the next position; call once a frame."""
        if self.done:
            return
        if self._current is not None:
            self._poll()
        if self.done or self._current is not None:
            return
        self._advance()

    # --- internals ------------------------------------------------------------------------
    def _drop_request(self) -> None:
        if self._current is not None:
            rid = self._current[1]
            if getattr(self.worker, "current_id", None) == rid:
                self.worker.cancel()
            self._current = None
            self._fraction = 0.0

    def _pass_done(self) -> bool:
        return self.analysis.complete and all(m is not None for m in self._moves)

    def _finish_if_complete(self) -> bool:
        if self._pass_done():
            self.analysis.moves = list(self._moves) if self._moves else []
            if self.check and self.analysis.check != self.check:
                return False  # the checks come next (``_advance``)
            self.done = True
        return self.done

    def _set(self, index: int, ev: PositionEval) -> None:
        self.analysis.evals[index] = ev
        self.revision += 1
        k = index - 1  # forced positions before it take its value
        while k in self._forced:
            self.analysis.evals[k] = _forced_eval(self.analysis.evals[k + 1], self._forced.pop(k))
            k -= 1

    def _advance(self) -> None:
        """Handle positions that need no search; send the request for the next one."""
        n = len(self.states)
        steps = 0
        while self._next < n and steps < QUIET_STEPS:
            k = self._next
            state = self.states[k]
            if self._derive and k + 1 < n and self._moves[k] is None:
                try:
                    self._moves[k] = _move_between(state, self.states[k + 1])
                except ValueError as exc:
                    self._stop(f"position {k}: {exc}")
                    return
                steps += 5  # a pass over the legal moves: count it as several steps
            if self.analysis.evals[k] is not None:
                if self.check and k not in self._only:  # known before the checks need it,
                    self._only_move(k)  # a few positions a frame (a resumed review)
                    steps += 4
                self._next += 1
                steps += 1
                continue
            if state.is_over():
                self._set(k, _terminal_eval(state))
                self._next += 1
                steps += 1
                continue
            only = self._only_move(k)
            if only is not None:
                if k + 1 < n:  # it takes the value of the next position, when that comes
                    self._forced[k] = only
                    if self.analysis.evals[k + 1] is not None:
                        self._set(k + 1, self.analysis.evals[k + 1])
                    self._next += 1
                    steps += 1
                    continue
                target = self._chain_end(state)
                if target.is_over():
                    ev = _terminal_eval(target)
                    self._set(k, PositionEval(ev.value0, only, ev.proven, chance0=ev.chance0))
                    self._next += 1
                    steps += 1
                    continue
                self._send(k, target, only, self.iterations)
                return
            self._send(k, state, None, self.iterations)
            return
        if self._next >= n and not self._finish_if_complete() and self._pass_done():
            self._check_next()

    # --- Quick's checks at Deep's budget --------------------------------------------------
    def _check_next(self) -> None:
        """Send the next check, or finish when none is left (or the most are made)."""
        k = self._next_check() if self.checks < self.most_checks else None
        if k is None:
            self.analysis.check = self.check
            self.done = True
            return
        k = self._unforced(k)  # a forced position takes the value of the next: search that
        state, best = self.states[k], None
        only = self._only_move(k)
        if only is not None:  # the end of an unfinished game: its forced line's end
            state, best = self._chain_end(state), only
        self.checks += 1
        self._send(k, state, best, int(self.check or self.iterations))

    def _only_move(self, k: int) -> str | None:
        """The only legal move of position ``k`` (None: a choice, or the game is over)."""
        if k not in self._only:
            state = self.states[k]
            legal = [] if state.is_over() else state.legal_moves()
            self._only[k] = str(legal[0]) if len(legal) == 1 else None
        return self._only[k]

    def _unforced(self, k: int) -> int:
        """The position whose value position ``k`` takes: ``k``, or past its forced moves
        the first with a choice (or the last of the game)."""
        n = len(self.states)
        while k + 1 < n and self._only_move(k) is not None:
            k += 1
        return k

    def _chain_end(self, state):
        """The end of the forced line from ``state`` (its only move first, at most
        FORCED_CHAIN moves): a finished position or the first with a choice."""
        target = state.play(state.legal_moves()[0])
        for _ in range(FORCED_CHAIN):
            if target.is_over() or len(target.legal_moves()) != 1:
                break
            target = target.play(target.legal_moves()[0])
        return target

    def _sure(self, k: int) -> bool:
        """Whether position ``k``'s value is as Deep's: finished, proven (a search that
        proves its root stops, and the same seed proves it at any larger budget), or
        searched at the check's tries; a forced position as the next one."""
        k = self._unforced(k)
        if self.states[k].is_over():
            return True
        e = self.analysis.evals[k]
        if e is None:
            return False
        return e.proven is not None or (self.analysis.asked_of(k) or 0) >= (self.check or 0)

    def _next_check(self) -> int | None:
        """The next position to search at the check's tries, or None when none is left:
        first the proofs followed backward (``_walk``), then the marks confirmed (both
        positions of a move marked a mistake or a blunder, and, next to a proof, the
        position on its other side, which says whether ``held_wins`` holds it), then the
        suspects: a move whose positions' own chances drop SUSPECT points (unmarked as
        the engine's own move, or valued well in its tree: at Deep's budget either may
        change), or MIXED points when one of its positions is checked and the other not."""
        ev = self.analysis.evals
        n = len(ev)
        low = n  # the walks so far reached down to here
        for p in range(n - 1, -1, -1):
            if p >= low or ev[p] is None or ev[p].proven is None:
                continue
            low, want = self._walk(p)
            if want is not None:
                return want
        for r in self.analysis.reviews(moves=self._moves):
            if r.label not in SERIOUS:
                continue
            k = r.ply
            need = [k, k + 1]
            if ev[k + 1].proven in (1, -1):
                need.append(k - 1)
            if ev[k].proven in (1, -1):
                need.append(k + 2)
            for j in need:
                if 0 <= j < n and not self._sure(j):
                    return j
        held = self.analysis.held_wins()
        for k in range(OPENING, n - 1):  # (a first move is marked only when lost by force)
            sure = self._sure(k), self._sure(k + 1)
            if all(sure):
                continue
            mover = self.analysis.players[k]
            before = _held(held, k, mover, ev[k].chance(mover))
            after = _held(held, k + 1, mover, ev[k + 1].chance(mover))
            if before - after >= (MIXED if any(sure) else SUSPECT):
                return k + 1 if sure[0] else k
        return None

    def _walk(self, p: int) -> tuple[int, int | None]:
        """Follow the proof of position ``p`` backward: ``(lowest position reached, the
        position to search next or None)``.  Two back first: proven for the same seat, the
        one between is held (``held_wins``) and needs no search; else the one before,
        and on while it proves.  It stops at a position its search does not prove (and the
        one before it not proven for the same seat): where Deep sees the move into the
        proof."""
        ev = self.analysis.evals
        while p > 0:
            won = ev[p].proven
            if won in (1, -1) and p >= 2:
                if not self._sure(p - 2):
                    return p, p - 2
                if ev[p - 2].proven == won:
                    p -= 2
                    continue
            if not self._sure(p - 1):
                return p, p - 1
            if ev[p - 1].proven is None:
                return p - 1, None
            p -= 1
        return p, None

    def _played_value(self, index: int, state, msg, tries: int) -> float | None:
        """Seat 0's value of the move played in position ``index``, from the search's top
        moves, when it was visited enough to trust (else None: the next position's own
        value stands in)."""
        move = self._moves[index] if index < len(self._moves) else None
        if move is None:
            return None
        enough = max(5, tries // 100)
        for entry in msg.get("stats") or ():
            try:
                notation, visits, value = entry[0], int(entry[1]), float(entry[2])
            except (TypeError, ValueError, IndexError):
                continue
            if str(notation) == str(move) and visits >= enough:
                return _seat0(value, state.player)
        return None

    def _send(self, index: int, state, best: str | None, tries: int) -> None:
        key = (index, tries)
        rid = ("review", self._token, index, self._attempts.get(key, 0), self.requests)
        spec = {"iterations": tries, "seed": self.seed + index, **SEARCH}
        self._current = (index, rid, state, best, tries)
        self._fraction = 0.0
        self.requests += 1
        self.worker.request(state, spec, request_id=rid)

    def _stop(self, message: str) -> None:
        self._drop_request()
        self.error = message
        self.done = True

    def _poll(self) -> None:
        assert self._current is not None  # polled only while a position is searched
        index, rid, state, forced_best, asked = self._current
        for msg in self.worker.poll():
            if msg.get("id") != rid:
                continue  # another request's late message
            kind = msg.get("type")
            if kind == "progress":
                try:
                    self._fraction = max(0.0, min(1.0, float(msg.get("fraction") or 0.0)))
                except (TypeError, ValueError):
                    pass
            elif kind == "result":
                self._current = None
                self._fraction = 0.0
                self._result(index, state, forced_best, asked, msg)
                self._next = max(self._next, index + 1)
                return
            elif kind == "error":
                self._current = None
                self._fraction = 0.0
                key = (index, asked)
                tries = self._attempts.get(key, 0) + 1
                self._attempts[key] = tries
                if tries > 1:
                    text = str(msg.get("message") or "the search failed")
                    self._stop(f"position {index}: {text}")
                    return
                self._send(index, state, forced_best, asked)  # once more
                return
        if self._current is not None and getattr(self.worker, "current_id", rid) != rid:
            # someone else's request (or a cancel) replaced ours: ask again
            self._send(index, state, forced_best, asked)

    def _result(self, index: int, state, forced_best, asked: int, msg) -> None:
        """Keep a search's result as position ``index``'s value (and the forced positions'
        before it)."""
        try:
            value0 = _seat0(msg.get("value") or 0.0, state.player)
        except (TypeError, ValueError):
            value0 = 0.0
        try:
            tries = int(msg.get("iterations") or asked)
        except (TypeError, ValueError):
            tries = asked
        proven = msg.get("proven")
        if proven is not None:
            proven = int(proven) if state.player == 0 else -int(proven)
        best = forced_best or (str(msg["move"]) if msg.get("move") else None)
        played = None if forced_best else self._played_value(index, state, msg, asked)
        pv = None if forced_best else principal_line(msg, best)
        game = self.analysis.game
        mover = value0 if state.player == 0 else -value0
        guided = bool(msg.get("guided"))
        chance0 = _chance(game, state.player, mover, tries, proven, True, guided)
        played_chance = None
        if played is not None:
            pm = played if state.player == 0 else -played
            played_chance = _chance(game, state.player, pm, tries, None, guided=guided)
        ev = PositionEval(
            value0,
            best,
            proven,
            played,
            pv,
            chance0=chance0,
            played_chance=played_chance,
            asked=None if asked == self.analysis.iterations else asked,
            tries=None if tries == asked else tries,
        )
        self._set(index, ev)
        if self._pass_done():  # a check: the forced positions before it follow it
            k = index - 1
            while k >= 0 and (only := self._only_move(k)) is not None:
                self.analysis.evals[k] = _forced_eval(ev, only)
                k -= 1


def _check_of(budget: str, iterations: int) -> int | None:
    """The budget's check tries, scaled as its iterations are overridden (None: none)."""
    spec = BUDGETS.get(budget) or {}
    check = spec.get("check")
    if not check:
        return None
    base = int(spec["iterations"])
    return int(check) if iterations == base else max(1, round(check * iterations / base))


def _forced_eval(after: PositionEval, only: str) -> PositionEval:
    """A position with one legal move: the value of the position after it."""
    return PositionEval(
        after.value0,
        only,
        after.proven,
        chance0=after.chance0,
        asked=after.asked,
        tries=after.tries,
    )


def analyse(
    states,
    budget: str = "quick",
    seed: int = 0,
    iterations: int | None = None,
    *,
    moves=None,
    analysis: Analysis | None = None,
) -> Analysis:
    """Analyse a game in this process (blocking) and return the complete Analysis;
    RuntimeError when a search fails twice."""
    from ai.worker import InlineAI

    analyser = Analyser(
        states,
        budget,
        InlineAI(),
        seed,
        analysis,
        moves=moves,
        iterations=iterations,
    )
    while not analyser.done:
        analyser.update()
    if analyser.error:
        raise RuntimeError(f"the analysis stopped: {analyser.error}")
    return analyser.analysis


__all__ = [
    "BUDGETS",
    "LABELS",
    "THRESHOLDS",
    "Analyser",
    "Analysis",
    "MoveReview",
    "PositionEval",
    "PV_PLIES",
    "analyse",
    "classify",
    "principal_line",
    "win_chance",
]
