"""The puzzle rule (a unique forced win), the miner's commands and the shipped sets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ai import puzzles
from game import rules
from game.rules.core import Game, Move, State


# --- a hand-made game, small enough to know every answer ------------------------------------
class Take(Move):
    __slots__ = ("n",)

    def __init__(self, n):
        self.n = n

    def notation(self):
        return "all" if self.n == "all" else str(self.n)


class PileGame(Game):
    id = "pile"
    puzzle_themes = (("the last stone", ("wins the game",)),)


class Pile(State):
    """Take 1, 2 or 3 stones (or, with ``all``, the whole pile); taking the last wins."""

    def __init__(self, n, player=0, allow_all=False):
        self.n, self.player, self.allow_all = n, player, allow_all

    game = PileGame()

    def legal_moves(self):
        moves = [Take(k) for k in (1, 2, 3) if k <= self.n]
        if self.allow_all and self.n:
            moves.append(Take("all"))
        return moves

    def play(self, move):
        move = self.find_move(move) if isinstance(move, str) else move
        taken = self.n if move.n == "all" else move.n
        return Pile(self.n - taken, 1 - self.player, self.allow_all)

    def is_over(self):
        return self.n == 0

    def winner(self):
        return (1 - self.player) if self.n == 0 else None

    def __str__(self):
        return f"pile {self.n} to {self.player}"


def test_one_winning_move_is_a_puzzle():
    line, k = puzzles.solve(Pile(3), max_moves=1)
    assert [str(m) for m in line] == ["3"] and k == 1


def test_two_winning_moves_are_refused():
    with pytest.raises(puzzles.Refused, match="2 winning moves"):
        puzzles.solve(Pile(3, allow_all=True), max_moves=1)


def test_a_longer_line_is_unique_at_every_solver_move_and_the_defence_is_longest():
    # from 5 only taking 1 wins (leaving 4); every reply then loses at once
    line, k = puzzles.solve(Pile(5), max_moves=2)
    assert k == 2 and str(line[0]) == "1" and len(line) == 3
    assert puzzles.check(Pile(5), [str(m) for m in line]) is None
    # a wrong first move or a wrong later move is refused by the re-check
    assert puzzles.check(Pile(5), ["2", "1", "2"]) is not None
    assert puzzles.check(Pile(5), ["1", "1", "2"]) is not None  # 2 leaves 1: no win


def test_a_forced_move_is_no_puzzle():
    with pytest.raises(puzzles.Refused, match="only one legal move"):
        puzzles.solve(Pile(1), max_moves=1)


def test_no_forced_win_is_refused():
    with pytest.raises(puzzles.Refused, match="no forced win"):
        puzzles.solve(Pile(4), max_moves=3)  # a multiple of 4 loses


def test_forces_counts_the_solver_moves():
    assert puzzles.forces(Pile(9), 0, 3) and not puzzles.forces(Pile(9), 0, 2)
    assert puzzles.fewest(Pile(9), 0, 5) == 3


def test_theme_comes_from_the_rules_words():
    line, _ = puzzles.solve(Pile(2), max_moves=1)
    assert Pile(2).puzzle_theme(line) == "the last stone"


# --- the margin branch: a hand-made game tree -----------------------------------------------
class TreeGame(Game):
    id = "tree"
    playout_cutoff = 0  # every playout is the evaluation at once: the engine's value is known


class Tree(State):
    """A hand-made game: a node is a dict of moves, a winner (an int: the game is over), a
    ("wide", n, child) node with n moves to ``child``, or a ("drift", v) game that goes on
    for ever with two moves a turn and the evaluation ``v`` for seat 0."""

    game = TreeGame()

    def __init__(self, node, player=0):
        self.node, self.player = node, player

    def _children(self):
        n = self.node
        if isinstance(n, dict):
            return list(n.items())
        if n[0] == "wide":
            return [(f"r{i}", n[2]) for i in range(n[1])]
        return [("x", n), ("y", n)]

    def legal_moves(self):
        return [Take(name) for name, _child in self._children()]

    def play(self, move):
        name = str(move)
        child = dict(self._children())[name]
        return Tree(child, 1 - self.player)

    def is_over(self):
        return isinstance(self.node, int)

    def winner(self):
        return self.node if isinstance(self.node, int) else None

    def evaluate(self):
        n = self.node
        return float(n[1]) if isinstance(n, tuple) and n[0] == "drift" else 0.0

    def __str__(self):
        return f"tree {self.node!r} to {self.player}"


def _fork(drift_value):
    """Seat 0 wins in 2 with a (each reply allows the win w); b opens a wide game whose
    exact search outgrows a budget of 10 moves and which the engine values at
    ``drift_value`` for seat 0; c loses at once."""
    won = {"w": 0, "z": ("drift", 0.0)}
    return Tree(
        {
            "a": {"p": won, "q": won},
            "b": ("wide", 20, ("drift", drift_value)),
            "c": 1,
        }
    )


def test_the_margin_branch_accepts_a_move_that_loses_by_a_large_margin():
    state = _fork(-0.8)
    # with no bound the exact branch proves b does not win within 2 moves
    line, k, how = puzzles.solve_how(state, max_moves=2, nodes=None)
    assert [str(m) for m in line] == ["a", "p", "w"] and k == 2 and how == "exact"
    # with a budget of 10 moves b's search runs out: the engine's chance decides it
    assert puzzles.margin_chance(state, state.find_move("b"), 0) < 1 - puzzles.MARGIN
    line, k, how = puzzles.solve_how(state, max_moves=2, nodes=10)
    assert [str(m) for m in line] == ["a", "p", "w"] and how == "margin"
    assert puzzles.check(state, ["a", "p", "w"], nodes=10) is None


def test_the_margin_branch_refuses_a_move_that_keeps_a_good_chance():
    state = _fork(0.5)  # b keeps the solver well ahead: too close to call the puzzle unique
    assert puzzles.margin_chance(state, state.find_move("b"), 0) > 1 - puzzles.MARGIN
    with pytest.raises(puzzles.Refused, match="no margin at the first move: b keeps"):
        puzzles.solve(state, max_moves=2, nodes=10)
    assert "no margin" in puzzles.check(state, ["a", "p", "w"], nodes=10)
    # the exact branch alone accepts it: b is proven not to win within the horizon
    assert puzzles.solve(state, max_moves=2, nodes=None)[1] == 2


def test_the_margin_branch_refuses_a_second_win_the_engine_proves():
    state = Tree({"a": {"p": {"w": 0}, "q": {"w": 0}}, "b": ("wide", 20, {"w": 0}), "c": 1})
    with pytest.raises(puzzles.Refused, match="2 winning moves at the first move: a, b"):
        puzzles.solve(state, max_moves=2, nodes=10)
    with pytest.raises(puzzles.Refused, match="2 winning moves"):
        puzzles.solve(state, max_moves=2, nodes=None)


def test_one_winning_move_and_two_in_the_tree_game():
    assert puzzles.solve(Tree({"w": 0, "c": 1}), max_moves=1)[0][0].n == "w"
    with pytest.raises(puzzles.Refused, match="2 winning moves"):
        puzzles.solve(Tree({"w": 0, "v": 0, "c": 1}), max_moves=1)


# --- the shipped sets ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", rules.GAMES)
def test_the_shipped_set_replays_and_is_unique(game_id):
    shipped = puzzles.load(game_id)
    assert len(shipped) >= 60, f"{game_id}: only {len(shipped)} puzzles shipped"
    themes = {entry[0] for entry in rules.get(game_id).puzzle_themes}
    themes.add(rules.get(game_id).puzzle_theme_default)
    ids = set()
    for p in shipped:
        assert p.game == game_id and p.theme in themes and p.id not in ids
        ids.add(p.id)
        state = p.state()
        assert puzzles.check(state, p.solution) is None, p.id
        # the solution, replayed with the rules, ends in the solver's win
        s = state
        for text in p.solution:
            s = s.play(s.find_move(text))
        assert s.is_over() and s.winner() == state.player


# the themes the issue names, in each game's own words
NAMED = {
    "glorieta": {"loop", "flower", "double threat"},
    "gess": {"ring capture", "edge"},
    "gliss": {"base wipe", "dock and convert", "12 towers"},
    "splay": {"splay", "last placement"},
    "glades": {"last tile", "glade claim", "forcing a pass"},
}


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_each_game_names_its_themes_and_the_shipped_set_is_tagged_by_its_lines(game_id):
    game = rules.get(game_id)
    assert {e[0] for e in game.puzzle_themes} | {game.puzzle_theme_default} == NAMED[game_id]
    for p in puzzles.load(game_id):
        assert p.state().puzzle_theme(p.solution) == p.theme, p.id


def _end(p):
    s = p.state()
    plies = []
    for text in p.solution:
        m = s.find_move(text)
        plies.append((s, m))
        s = s.play(m)
    return plies, s


def test_a_theme_says_how_the_line_wins():
    """Each theme against what the rules say of the line's end, for every shipped puzzle."""
    seen: dict = {}
    for game_id in rules.GAMES:
        for p in puzzles.load(game_id):
            plies, end = _end(p)
            solver = plies[0][0].player
            mine = [(s, m) for s, m in plies if s.player == solver]
            seen.setdefault(game_id, set()).add(p.theme)
            if game_id == "gliss":
                towers = "control towers" in end.end_reason()
                assert towers == (p.theme == "12 towers"), p.id
                if p.theme == "dock and convert":
                    assert any(m.converted is not None or m.docked for _s, m in mine)
            elif game_id == "glorieta":
                stones, enclosed = end.loop()
                flower = len(enclosed) == 1 and len(stones) == 6 and end.cells[enclosed[0]]
                if p.theme == "flower":
                    assert flower, p.id
                if p.theme == "double threat":
                    assert len(mine) >= 2 and "two ways to win" in plies[0][0].explain(mine[0][1])
            elif game_id == "splay":
                ended_full = max(end.scores()) < 46
                if p.theme == "splay":
                    assert not ended_full and any("splays" in s.explain(m) for s, m in mine)
                else:
                    assert ended_full or not any("splays" in s.explain(m) for s, m in mine)
            elif game_id == "gess":
                s, m = mine[-1]
                said = s.explain(m)  # "... breaks White's last ring at l18 ..."
                assert "last ring at" in said
                ring = said.split("last ring at ")[1].split()[0].rstrip(",")
                rx, ry = "abcdefghijklmnopqrst".index(ring[0]), int(ring[1:])
                dst = str(m).split("-")[1]
                x, y = "abcdefghijklmnopqrst".index(dst[0]), int(dst[1:])
                at_edge = (
                    rx in (2, 17)  # files c and r: the ring's 3x3 touches b or s
                    or ry in (3, 18)
                    or x <= 1
                    or x >= 18
                    or y <= 2
                    or y >= 19
                    or "off the board" in said
                )
                assert at_edge == (p.theme == "edge"), (p.id, said)
    for game_id, themes in seen.items():
        assert themes <= NAMED[game_id]


def test_a_tampered_solution_fails_the_check():
    p = puzzles.load(rules.GAMES[0])[0]
    state = p.state()
    other = next(m for m in state.legal_moves() if str(m) != p.solution[0])
    assert puzzles.check(state, [str(other)] + p.solution[1:]) is not None


def test_export_prints_json_lines():
    game_id = rules.GAMES[0]
    out = subprocess.run(
        [sys.executable, "-m", "ai.puzzles", "export", game_id],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(out) == len(puzzles.load(game_id))
    first = json.loads(out[0])
    assert {"position", "solution", "theme", "rating"} <= set(first)
    rules.get(game_id).parse_fen(first["position"])


def test_mine_keeps_only_verified_puzzles(tmp_path):
    game_id = rules.GAMES[0]
    out = tmp_path / "mined.jsonl"
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "ai.puzzles",
            "mine",
            game_id,
            "--games",
            "3",
            "--max-moves",
            "1",
            "--difficulty-budget",
            "50",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(res.stdout.splitlines()[-1])
    mined = puzzles.load(game_id, str(out))
    assert summary["puzzles"] == len(mined) and summary["positions"] > 0
    for p in mined:
        assert puzzles.check(p.state(), p.solution) is None
        assert p.iterations >= 1 and p.moves == 1


def test_refutation_shows_the_defenders_answer():
    # from 5, taking 2 leaves 3: the defender takes all 3 and wins
    assert [str(m) for m in puzzles.refutation(Pile(5), "2")][:1] == ["3"]
