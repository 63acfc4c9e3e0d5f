"""The UGI engine (ai/engine.py), the one-line positions (State.fen) and matches over the
protocol (ai/ugi.py, ai/match.py).

Sessions run the engine as a real subprocess and talk over its pipes; budgets are
iterations (``go nodes``), never wall-clock asserts."""

from __future__ import annotations

import queue
import random
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from ai import engine as eng
from ai.match import main as match_main
from ai.match import run_match
from ai.ugi import UGIError, UGIPlayer, command_of, is_ugi
from game import rules

ENGINE = [sys.executable, "-m", "ai.engine"]

# small options so that perft 2 of every game stays quick
SMALL = {
    "splay": {},
    "gliss": {"size": 12},
    "gess": {},
    "glades": {},
    "glorieta": {"size": 5, "neutrals": 3, "seed": 7},
}


# --- helpers -------------------------------------------------------------------------------
class Session:
    """The engine as a subprocess; ``ask`` sends lines and reads up to an expected one."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            ENGINE + list(args),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str, timeout: float = 60.0) -> list[str]:
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} within {timeout} s; read {seen}") from None
            if line is None:
                err = self.proc.stderr.read()
                raise AssertionError(f"the engine ended before {prefix!r}; read {seen}; {err}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def close(self) -> int:
        try:
            self.send("quit")
        except (OSError, ValueError):
            pass
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            for s in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                s.close()


@pytest.fixture
def session():
    made = []

    def make(*args):
        s = Session(*args)
        made.append(s)
        return s

    yield make
    for s in made:
        if s.proc.poll() is None:
            s.close()


def in_process(**kw):
    """An engine in this process whose lines go to a list."""
    lines: list[str] = []
    engine = eng.Engine(write=lines.append, **kw)
    return engine, lines


def ask(engine, lines, *commands, wait=True):
    """Handle commands in order; returns the lines they wrote (waiting for a search)."""
    start = len(lines)
    for c in commands:
        assert engine.handle(c) is True
        if wait:
            engine.wait(120)
    return lines[start:]


def played(game_id, plies, rng_seed=0, **options):
    """A position ``plies`` random moves into a game (fewer if it ends)."""
    rng = random.Random(rng_seed)
    state = rules.get(game_id).start(**options)
    moves = []
    for _ in range(plies):
        if state.is_over():
            break
        m = rng.choice(state.legal_moves())
        moves.append(str(m))
        state = state.play(m)
    return state, moves


def perft_by_hand(state, depth):
    """An independent count straight from the rules' move lists."""
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    return sum(perft_by_hand(state.play(m), depth - 1) for m in state.legal_moves())


# --- positions on one line -----------------------------------------------------------------
@pytest.mark.parametrize("game_id", rules.GAMES)
def test_fen_reads_back_to_the_same_position_all_through_games(game_id):
    game = rules.get(game_id)
    rng = random.Random(5)
    checked = 0
    for _ in range(3):
        state = game.start()
        for _ in range(60):
            fen = state.fen()
            assert "\n" not in fen and "\r" not in fen
            assert fen.startswith(f"game: {game_id}|")
            assert "  " not in fen
            assert game.parse_fen(fen) == state
            checked += 1
            if state.is_over():
                break
            state = state.play(rng.choice(state.legal_moves()))
    assert checked >= 3


def test_parse_fen_refuses_what_is_not_a_position():
    game = rules.get(rules.GAMES[0])
    for bad in ("", "nonsense", "game: nothing|x", "|||"):
        with pytest.raises(ValueError):
            game.parse_fen(bad)
    with pytest.raises(ValueError):
        game.parse_fen(None)


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_moves_are_single_words(game_id):
    # validmoves and position ... moves separate moves by spaces
    state, _ = played(game_id, 6, **SMALL[game_id])
    for m in state.legal_moves():
        assert str(m).split() == [str(m)]


# --- perft and validmoves --------------------------------------------------------------------
def test_perft_splay_from_the_start_matches_the_known_counts():
    engine, lines = in_process()
    assert ask(engine, lines, "perft 1", "perft 2", "perft 3") == [
        "perft 1 61",
        "perft 2 3660",
        "perft 3 219600",
    ]


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_perft_and_validmoves_follow_the_rules_move_lists(game_id):
    opts = SMALL[game_id]
    engine, lines = in_process()
    ask(engine, lines, f"setoption name Game value {game_id}")
    for name, value in opts.items():
        assert ask(engine, lines, f"setoption name {name} value {value}") == []
    start = rules.get(game_id).start(**opts)
    # (glades has thousands of moves a turn and gess hundreds: one ply there)
    depth = 1 if game_id in ("glades", "gess") else 2
    assert ask(engine, lines, "position startpos", f"perft {depth}") == [
        f"perft {depth} {perft_by_hand(start, depth)}"
    ]
    mid, moves = played(game_id, 7, rng_seed=3, **opts)
    out = ask(engine, lines, "position startpos moves " + " ".join(moves), "validmoves", "perft 1")
    assert out[0].split()[1:] == [str(m) for m in mid.legal_moves()]
    assert out[1] == f"perft 1 {len(mid.legal_moves())}"
    # the same position given as a fen
    out = ask(engine, lines, "position fen " + mid.fen(), "validmoves")
    assert out[0].split()[1:] == [str(m) for m in mid.legal_moves()]


def test_perft_of_a_finished_game_counts_nothing_past_it():
    state, _ = played(rules.GAMES[0], 400)
    assert state.is_over()
    assert eng.perft(state, 0) == 1
    assert eng.perft(state, 1) == eng.perft(state, 3) == 0
    engine, lines = in_process()
    assert ask(engine, lines, "position fen " + state.fen(), "validmoves", "perft 2") == [
        "validmoves",
        "perft 2 0",
    ]


def test_stop_ends_a_long_perft():
    engine, lines = in_process()
    ask(engine, lines, "setoption name Game value glades", "position startpos")
    engine.handle("perft 3")  # hundreds of millions of positions: only stop ends it
    assert engine.searching()
    engine.handle("stop")
    assert not engine.searching()
    assert lines[-1].startswith("info string error perft 3 was stopped")


# --- commands in process ------------------------------------------------------------------
def test_ugi_lists_the_engine_and_the_game_options():
    engine, lines = in_process()
    out = ask(engine, lines, "ugi")
    assert out[0].startswith("id name ") and out[1].startswith("id author ")
    assert out[-1] == "ugiok"
    game_line = next(x for x in out if x.startswith("option name Game "))
    for gid in rules.GAMES:
        assert f"var {gid}" in game_line
    assert any(x.startswith("option name Level type combo") for x in out)
    assert any(x.startswith("option name Processes type spin") for x in out)
    assert any(x.startswith("option name MoveTime type spin") for x in out)
    # each game's own options, typed from its metadata
    for gid in rules.GAMES:
        out = ask(engine, lines, f"setoption name Game value {gid}", "ugi")
        for opt in rules.get(gid).options:
            line = next(x for x in out if x.startswith(f"option name {opt.name} type "))
            if opt.kind is bool:
                assert " type check " in line
            elif opt.choices:
                assert " type combo " in line
                assert all(f"var {c}" in line for c in opt.choices)
            elif opt.minimum is not None and not opt.nullable:
                assert f"min {opt.minimum} max {opt.maximum}" in line


def test_queries_follow_the_rules():
    engine, lines = in_process()
    out = ask(engine, lines, "query gameover")
    assert out[0].startswith("info string error query gameover before position")
    assert ask(engine, lines, "position startpos", "query p1turn", "query gameover") == [
        "response true",
        "response false",
    ]
    assert ask(engine, lines, "query result") == ["response none"]
    state = rules.get(rules.GAMES[0]).start()
    after = state.play(state.legal_moves()[0])
    ask(engine, lines, f"position startpos moves {state.legal_moves()[0]}")
    assert ask(engine, lines, "query p1turn") == [
        "response " + ("true" if after.player == 0 else "false")
    ]
    assert ask(engine, lines, "query fen") == ["response " + after.fen()]
    for seed in range(40):
        over, _ = played(rules.GAMES[0], 400, rng_seed=seed)
        if over.winner() in (0, 1):
            break
    out = ask(engine, lines, "position fen " + over.fen(), "query gameover", "query result")
    assert out == ["response true", "response " + ("p1win" if over.winner() == 0 else "p2win")]
    assert ask(engine, lines, "query p1turn") == ["response false"]


def test_bad_lines_get_an_error_and_the_engine_reads_on():
    engine, lines = in_process()
    bad = [
        "frobnicate",
        "go",  # before position
        "position",
        "position sideways",
        "position startpos moves zz9",
        "position startpos nonsense",
        "position fen",
        "position fen game: nothing|at all",
        "position fen this is not a position",
        "setoption",
        "setoption name",
        "setoption name Game value chess",
        "setoption name Level value godlike",
        "setoption name Processes value many",
        "setoption name Processes value 0",
        "setoption name NoSuchOption value 1",
        "query",
        "query colour",
        "perft",
        "perft -1",
        "perft x",
        "go nodes",
        "go nodes x",
        "go nodes 0",
        "go sideways 10",
        "\x00\x01\x02",
        "position startpos moves " + "\ufffd" * 3,
    ]
    for line in bad:
        out = ask(engine, lines, line)
        assert any(x.startswith("info string error ") for x in out), (line, out)
    # go before a position still answers, so a program waiting for bestmove is not stuck
    out = ask(engine, lines, "go")
    assert out[-1] == "bestmove (none)"
    # a bad position leaves none set: go says so instead of playing in a stale position
    ask(engine, lines, "position startpos")
    out = ask(engine, lines, "position startpos moves f6 f6 f6")
    assert out[0].startswith("info string error position: move 2")
    assert ask(engine, lines, "go nodes 10")[-1] == "bestmove (none)"
    # and then it works as ever
    out = ask(engine, lines, "isready", "position startpos", "go nodes 50")
    assert out[0] == "readyok"
    legal = {str(m) for m in rules.get(rules.GAMES[0]).start().legal_moves()}
    assert out[-1].split()[1] in legal


def test_a_position_of_another_game_is_refused_with_the_way_out():
    engine, lines = in_process()
    other = rules.get(rules.GAMES[1]).start()
    out = ask(engine, lines, "position fen " + other.fen())
    assert f"setoption name Game value {rules.GAMES[1]}" in out[0]
    assert ask(engine, lines, f"setoption name Game value {rules.GAMES[1]}")
    assert ask(engine, lines, "position fen " + other.fen(), "query fen") == [
        "response " + other.fen()
    ]


def test_random_garbage_never_ends_the_engine():
    engine, lines = in_process()
    rng = random.Random(11)
    words = [
        "go",
        "position",
        "fen",
        "startpos",
        "moves",
        "setoption",
        "name",
        "value",
        "query",
        "perft",
        "stop",
        "Game",
        "nodes",
        "depth",
        "|",
        "f6",
        "-1",
        "99999",
    ]
    for _ in range(300):
        parts = [rng.choice(words) for _ in range(rng.randrange(0, 6))]
        if rng.random() < 0.3:
            parts.append("".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(9))))
        line = " ".join(parts)
        if line.split()[:1] in (["perft"], ["go"]):
            line = line.split()[0] + " nodes 5" if line.startswith("go") else "perft 1"
        assert engine.handle(line) is True
        engine.wait(60)
    assert ask(engine, lines, "isready") == ["readyok"]


def test_go_budgets():
    engine, lines = in_process(seed=1)
    state = rules.get(rules.GAMES[0]).start()
    s = engine.budget(state, {"nodes": 123})
    assert s["iterations"] == 123 and s["time_limit"] is None
    s = engine.budget(state, {"movetime": 250})
    assert s["time_limit"] == pytest.approx(0.25) and s["iterations"] is None
    s = engine.budget(state, {"p1time": 30000, "p2time": 100, "p1inc": 0, "p2inc": 0})
    assert 0.5 < s["time_limit"] < 2.0  # seat 0 to move: its own clock
    s = engine.budget(state.play(state.legal_moves()[0]), {"p1time": 30000, "p2time": 1000})
    assert s["time_limit"] < 0.1  # the second player's short clock
    s = engine.budget(state, {"wtime": 30000, "btime": 30000, "winc": 1000})
    assert s["time_limit"] > 1.0
    assert engine.budget(state, {"infinite": True})["iterations"] == eng.INFINITE
    level = engine.budget(state, {})
    assert level["time_limit"] == eng.level_settings(engine.level, state.game)["time_limit"]
    ask(engine, lines, "setoption name Nodes value 77")
    assert engine.budget(state, {})["iterations"] == 77
    ask(engine, lines, "setoption name MoveTime value 40")
    assert engine.budget(state, {})["time_limit"] == pytest.approx(0.04)
    assert eng.clock_budget(10, 0) == 0.01  # never nothing, never below zero


def test_go_nodes_searches_that_many_iterations_and_reports_info():
    engine, lines = in_process(seed=3)
    out = ask(engine, lines, "position startpos", "go nodes 200")
    info = [x for x in out if x.startswith("info depth ")]
    assert info and out[-1].startswith("bestmove ")
    words = info[-1].split()
    assert words[words.index("nodes") + 1] == "200"
    chance = float(words[words.index("chance") + 1])
    assert 0.0 <= chance <= 1.0
    pv = words[words.index("pv") + 1 :]
    assert pv[0] == out[-1].split()[1]
    # the same seed, the same answer
    again = ask(engine, lines, "position startpos", "go nodes 200")
    assert again[-1] == out[-1]


def test_go_depth_stops_once_the_line_is_that_long():
    engine, lines = in_process(seed=3)
    out = ask(engine, lines, "position startpos", "go depth 2 nodes 100000")
    words = [x for x in out if x.startswith("info depth ")][-1].split()
    assert int(words[2]) >= 2
    assert int(words[words.index("nodes") + 1]) < 100000


def test_stop_mid_search_answers_with_the_best_move_so_far():
    engine, lines = in_process()
    ask(engine, lines, "position startpos")
    engine.handle("go infinite")
    assert engine.searching()
    while not any(x.startswith("info depth ") for x in lines):
        time.sleep(0.05)
    engine.handle("stop")
    assert not engine.searching()
    assert lines[-1].startswith("bestmove ")
    legal = {str(m) for m in rules.get(rules.GAMES[0]).start().legal_moves()}
    assert lines[-1].split()[1] in legal
    # a second stop has nothing to stop
    assert ask(engine, lines, "stop") == []


def test_startpos_with_a_random_setup_stays_put_until_a_new_game():
    engine, lines = in_process()
    gid = next(g for g in rules.GAMES if any(o.nullable for o in rules.get(g).options))
    ask(engine, lines, f"setoption name Game value {gid}")
    first = ask(engine, lines, "position startpos", "query fen")
    assert ask(engine, lines, "position startpos", "query fen") == first
    fens = {ask(engine, lines, "uginewgame", "position startpos", "query fen")[0] for _ in range(6)}
    assert len(fens | set(first)) > 1


def test_win_chance_is_the_marked_local_helper():
    assert eng.win_chance(-1) == 0.0 and eng.win_chance(1) == 1.0
    assert eng.win_chance(0) == 0.5 and eng.win_chance(float("nan")) == 0.5
    assert eng.win_chance(5) == 1.0


# --- sessions over pipes ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", rules.GAMES)
def test_a_session_per_game_over_pipes(session, game_id):
    s = session("--seed", "2")
    s.send("ugi")
    out = s.until("ugiok")
    assert out[0].startswith("id name ")
    s.send(f"setoption name Game value {game_id}", "isready")
    s.until("readyok")
    for name, value in SMALL[game_id].items():
        s.send(f"setoption name {name} value {value}")
    s.send("uginewgame", "position startpos", "query p1turn")
    assert s.until("response") == ["response true"]
    s.send("go nodes 40")
    out = s.until("bestmove")
    assert any(x.startswith("info depth ") for x in out)
    best = out[-1].split()[1]
    s.send("query fen")
    state = rules.get(game_id).parse_fen(s.until("response ")[-1][len("response ") :])
    assert best in {str(m) for m in state.legal_moves()}
    # the move is played on the engine's own start position
    s.send(f"position startpos moves {best}", "query fen")
    after = s.until("response ")[-1][len("response ") :]
    assert rules.get(game_id).parse_fen(after) == state.play(best)
    # bad lines: an error each, and the engine still answers
    s.send("hello", "position startpos moves nonsense!", "go", "isready")
    out = s.until("readyok")
    errors = [x for x in out if x.startswith("info string error ")]
    assert len(errors) == 3 and "bestmove (none)" in out
    # stop mid-search
    s.send("position startpos", "go infinite")
    s.until("info depth ")
    s.send("stop")
    best = s.until("bestmove")[-1].split()[1]
    assert best in {str(m) for m in state.legal_moves()}
    assert s.close() == 0


def test_the_engine_survives_bytes_that_are_not_text(session):
    s = session()
    s.proc.stdin.buffer.write(b"\xff\xfe\x00garbage\n")  # not UTF-8
    s.proc.stdin.flush()
    s.send("isready")
    out = s.until("readyok")
    assert out[0].startswith("info string error ")
    assert s.close() == 0


def test_end_of_input_ends_the_engine_cleanly(session):
    s = session()
    s.send("position startpos", "go infinite")
    s.until("info depth ")
    s.proc.stdin.close()  # the program on the other side went away
    assert s.proc.wait(timeout=30) == 0
    assert s.until("bestmove")[-1].startswith("bestmove ")


# --- matches over the protocol --------------------------------------------------------------
def test_ugi_specs():
    assert is_ugi("ugi:python -m ai.engine") and is_ugi(" UGI:x")
    assert not is_ugi("medium")
    assert command_of("ugi:python -m ai.engine --level 'easy'") == [
        "python",
        "-m",
        "ai.engine",
        "--level",
        "easy",
    ]
    with pytest.raises(ValueError):
        command_of("ugi:  ")
    with pytest.raises(ValueError):
        command_of("ugi:python 'unclosed")


def _engine_spec(*args):
    return "ugi:" + " ".join([sys.executable, "-m", "ai.engine", *args])


def test_a_protocol_match_between_two_levels():
    game = rules.get(rules.GAMES[0])
    weak = _engine_spec("--level", "beginner", "--nodes", "30", "--seed", "1")
    strong = _engine_spec("--level", "medium", "--nodes", "300", "--seed", "2")
    res = run_match(game, strong, weak, 2, seed=0)
    assert res.games == 2 and res.unfinished == 0
    assert res.wins + res.draws + res.losses == 2
    assert res.moves[0] > 0 and res.moves[1] > 0
    assert all(p > 0 for p in res.plies)


def test_the_match_runner_prints_its_summary_for_engines(capsys):
    game_id = rules.GAMES[0]
    spec = _engine_spec("--nodes", "20", "--seed", "4")
    code = match_main([game_id, "--games", "2", "--p0", spec, "--p1", "random"])
    assert code == 0
    out = capsys.readouterr().out
    assert "2 games, seats alternating" in out
    assert f"  {spec}: " in out and "mean time per move, random" in out


FAKE = textwrap.dedent(
    """
    import sys
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "ugi":
            print("id name fake"); print("ugiok", flush=True)
        elif w[0] == "isready":
            print("readyok", flush=True)
        elif w[0] == "go":
            print("info string error I only know chess"); print("bestmove e2e4", flush=True)
        elif w[0] == "quit":
            break
    """
)


def test_a_program_that_plays_an_illegal_move_is_named(capsys):
    game = rules.get(rules.GAMES[0])
    player = UGIPlayer([sys.executable, "-c", FAKE], game, name="fake")
    try:
        with pytest.raises(UGIError, match="fake: bestmove 'e2e4' is not legal"):
            player.choose(game.start())
    finally:
        player.close()
    assert player.proc.poll() is not None
    # in a match: the runner says which program failed, and how, and exits 1
    dying = f"ugi:{sys.executable} -c 'import sys; sys.exit(3)'"
    code = match_main([game.id, "--games", "1", "--p0", "random", "--p1", dying])
    assert code == 1
    assert "(exit code 3)" in capsys.readouterr().err


def test_a_program_that_is_not_there():
    with pytest.raises(UGIError, match="cannot start it"):
        UGIPlayer(["/nonexistent/engine-program"], rules.get(rules.GAMES[0]))


def test_processes_search_in_parallel_and_stop_at_once():
    from ai.parallel import close_shared_pools

    engine, lines = in_process(seed=5)
    legal = {str(m) for m in rules.get(rules.GAMES[0]).start().legal_moves()}
    try:
        out = ask(engine, lines, "setoption name Processes value 2", "position startpos")
        assert out == []
        out = ask(engine, lines, "go nodes 64")
        assert out[-1].split()[1] in legal
        words = [x for x in out if x.startswith("info depth ")][-1].split()
        assert int(words[words.index("nodes") + 1]) == 128  # each process its own budget
        before = len(lines)
        engine.handle("go infinite")
        deadline = time.monotonic() + 60
        while not any(x.startswith("info depth ") for x in lines[before:]):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        engine.handle("stop")
        assert not engine.searching()
        assert lines[-1].startswith("bestmove ") and lines[-1].split()[1] in legal
    finally:
        engine.stop_search()
        close_shared_pools()


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_each_game_page_shows_a_one_line_position_that_reads(game_id):
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "games" / f"{game_id}.md").read_text()
    section = text.split("## One-line position", 1)[1]
    fen = section.split("```", 2)[1].strip()
    state = rules.get(game_id).parse_fen(fen)
    assert state.fen() == fen
