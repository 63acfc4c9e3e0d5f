"""Root-parallel search (ai/parallel.py): the merge, the multi-process worker, the blocking
player, the setting.

Budgets are iterations; the deadlines in the polling loops only keep a broken worker from
hanging the suite, they never check a speed.
"""

from __future__ import annotations

import os
import random
import re
import signal
import time

import pytest

from ai import parallel
from ai.levels import make_player
from ai.mcts import MCTS, MoveStat, SearchResult
from ai.parallel import ParallelPlayer, child_spec, merge, merge_results, snapshot
from ai.worker import AIWorker
from game import rules
from game.session import settings as settings_mod

SAFETY = 60.0


def wait_for(worker, kinds, request_id=None, safety=SAFETY):
    seen = []
    end = time.monotonic() + safety
    while time.monotonic() < end:
        for msg in worker.poll():
            seen.append(msg)
            if msg["type"] in kinds and (request_id is None or msg["id"] == request_id):
                return seen
        time.sleep(0.01)
    raise AssertionError(f"no {kinds} message; saw {[m['type'] for m in seen]}")


def result(stats, iterations, proven=None, pv=None):
    stats = [MoveStat(m, n, v, p) for m, n, v, p in stats]
    best = stats[0].move if stats else None
    return SearchResult(best, stats, pv or [best], stats[0].value, iterations, 0.1, proven)


# --- the merge --------------------------------------------------------------------------------
def test_the_merge_sums_visits_and_value_sums_per_root_move():
    a = result([("x", 60, 0.5, None), ("y", 30, 0.2, None), ("z", 10, -0.4, None)], 100)
    b = result([("y", 70, 0.3, None), ("x", 20, 0.1, None), ("w", 10, 0.0, None)], 100)
    m = merge_results([a, b])
    by = {s.move: s for s in m.stats}
    assert by["x"].visits == 80 and by["x"].value == pytest.approx((60 * 0.5 + 20 * 0.1) / 80)
    assert by["y"].visits == 100 and by["y"].value == pytest.approx((30 * 0.2 + 70 * 0.3) / 100)
    assert by["z"].visits == 10 and by["z"].value == pytest.approx(-0.4)
    assert by["w"].visits == 10 and by["w"].value == pytest.approx(0.0)
    # the merged most-visited move, though neither tree had it first... well, b did; and x
    # was a's choice: y wins on the sums
    assert m.move == "y" and [s.move for s in m.stats][:2] == ["y", "x"]
    assert m.iterations == 200 and m.value == pytest.approx(by["y"].value)


def test_the_merged_choice_can_be_neither_trees_first_move():
    a = result([("x", 50, 0.1, None), ("y", 45, 0.1, None)], 95)
    b = result([("z", 50, 0.1, None), ("y", 45, 0.1, None)], 95)
    assert merge_results([a, b]).move == "y"


def test_a_proof_in_any_tree_holds():
    a = result([("x", 90, 0.6, None), ("y", 10, 0.1, None)], 100)
    b = result([("y", 5, 1.0, 1), ("x", 95, 0.5, None)], 100)
    m = merge_results([a, b])
    assert m.move == "y" and m.stats[0].proven == 1 and m.stats[0].value == 1.0
    assert m.stats[0].visits == 15 and m.proven == 1
    # a proven loss sinks a move however often it was visited
    c = result([("x", 90, 0.6, None), ("y", 10, 0.1, None)], 100)
    d = result([("x", 80, -1.0, -1), ("y", 20, 0.2, None)], 100)
    m = merge_results([c, d])
    assert m.move == "y" and m.stats[-1].move == "x" and m.stats[-1].proven == -1
    # the root's proof is kept
    assert merge_results([c, result([("y", 3, 0.0, 0)], 3, proven=0)]).proven == 0


def test_a_forced_move_without_visits_keeps_its_value():
    a = result([("x", 0, 0.5, None)], 0)
    b = result([("x", 0, 0.3, None)], 0)
    m = merge_results([a, b])
    assert m.move == "x" and m.value == pytest.approx(0.4)


def test_the_merge_of_plain_snapshots_and_the_line_of_the_chosen_move():
    a = snapshot(result([("x", 60, 0.5, None), ("y", 40, 0.2, None)], 100, pv=["x", "p", "q"]))
    b = snapshot(result([("y", 90, 0.3, None), ("x", 10, 0.1, None)], 100, pv=["y", "r"]))
    c = snapshot(result([("y", 20, 0.3, None), ("x", 5, 0.1, None)], 25, pv=["y", "s", "t"]))
    m = merge([a, None, b, c])
    assert m["move"] == "y" and m["parts"] == [100, 100, 25] and m["iterations"] == 225
    assert m["pv"] == ["y", "r"]  # from the tree that visited y most
    assert m["stats"][0] == ("y", 150, pytest.approx((40 * 0.2 + 90 * 0.3 + 20 * 0.3) / 150), None)
    assert merge([])["move"] is None


def test_randomness_is_applied_once_at_the_merge():
    a = result([("x", 60, 0.5, None), ("y", 30, 0.2, None), ("z", 10, -1.0, -1)], 100)
    b = result([("x", 50, 0.5, None), ("y", 40, 0.2, None)], 90)
    rng = random.Random(5)
    picks = [merge_results([a, b], randomness=0.5, rng=rng).move for _ in range(400)]
    assert set(picks) == {"x", "y"}  # sometimes the weaker move, never the proven loss
    assert 0.55 < picks.count("x") / len(picks) < 0.9
    assert {merge_results([a, b]).move for _ in range(20)} == {"x"}  # none without it
    won = result([("w", 2, 1.0, 1), ("x", 98, 0.5, None)], 100)
    assert {merge_results([won, b], 1.0, rng).move for _ in range(50)} == {"w"}


def test_each_process_gets_its_own_seed_and_process_zero_the_request_as_it_is():
    spec = {"level": "hard", "seed": 11}
    assert child_spec(spec, 0) is spec
    seeds = [child_spec(spec, k)["seed"] for k in range(4)]
    assert seeds[0] == 11 and len(set(seeds)) == 4
    assert child_spec({"iterations": 5}, 1)["seed"] is None  # no seed: its own
    assert child_spec("easy", 0) == "easy" and child_spec("easy", 2)["level"] == "easy"


def test_the_parallel_module_names_no_game_and_imports_no_pygame():
    src = open(parallel.__file__, encoding="utf-8").read()
    assert "import pygame" not in src
    for gid in rules.GAMES:
        assert not re.search(rf"\b{gid}\b", src, re.IGNORECASE), gid


# --- the worker with two processes -----------------------------------------------------------
def test_two_processes_answer_cancel_and_supersede():
    state = rules.get("splay").start()
    worker = AIWorker(processes=2)
    worker.start()
    try:
        worker.request(state, {"iterations": 600, "time_limit": None, "seed": 3}, "a")
        seen = wait_for(worker, {"result"}, "a")
        kinds = [m["type"] for m in seen]
        assert kinds.count("started") == 1 and kinds[0] == "started", kinds
        res = seen[-1]
        state.play(res["move"])  # a legal move
        assert res["parts"] == [600, 600]
        assert res["iterations"] == 1200 > max(res["parts"])
        notation, visits, value = res["stats"][0]
        assert notation == res["move"] and visits > 0 and -1.0 <= value <= 1.0
        assert res["pv"][0] == res["move"] and res["processes"] == 2
        for prog in (m for m in seen if m["type"] == "progress"):
            assert 0.0 <= prog["fraction"] <= 1.0 and len(prog["parts"]) == 2
        # cancel: two endless searches stop; the next request is answered alone
        worker.request(state, {"iterations": 10**8, "time_limit": 600.0}, "big")
        wait_for(worker, {"progress"}, "big")
        worker.cancel()
        assert not worker.busy
        worker.request(state, {"iterations": 200, "time_limit": None}, "small")
        seen = wait_for(worker, {"result"}, "small")
        assert all(m["id"] == "small" for m in seen)
        # nothing of the cancelled search (its counts would be larger) came through
        assert all(m.get("iterations", 0) <= 400 for m in seen)
        assert seen[-1]["parts"] == [200, 200]
        # supersede
        worker.request(state, {"iterations": 10**8, "time_limit": 600.0}, "old")
        wait_for(worker, {"started"}, "old")
        worker.request(state, {"iterations": 100, "time_limit": None}, "new")
        seen = wait_for(worker, {"result"}, "new")
        assert all(m["id"] == "new" for m in seen) and seen[-1]["parts"] == [100, 100]
        assert all(m.get("iterations", 0) <= 200 for m in seen)
        assert worker.restarts == 0 and worker.alive
    finally:
        worker.close()
    assert not worker.alive


def test_killing_one_process_mid_search_restarts_it_and_the_next_request_works():
    state = rules.get("splay").start()
    worker = AIWorker(processes=2)
    worker.start()
    try:
        worker.request(state, {"iterations": 10**8, "time_limit": 600.0, "seed": 1}, 1)
        wait_for(worker, {"progress"}, 1)
        old = list(worker.pids)
        os.kill(old[1], signal.SIGKILL)
        seen = wait_for(worker, {"error"}, 1)
        assert seen[-1]["restarted"] and "restarted" in seen[-1]["message"]
        assert worker.restarts == 1 and not worker.busy
        new = worker.pids
        assert new[0] == old[0] and new[1] != old[1]  # only the dead one was replaced
        worker.request(state, {"iterations": 150, "time_limit": None}, 2)
        seen = wait_for(worker, {"result"}, 2)
        assert all(m["id"] == 2 for m in seen) and seen[-1]["parts"] == [150, 150]
        state.play(seen[-1]["move"])
        # one that dies while idle is replaced at the next request
        os.kill(worker.pids[0], signal.SIGKILL)
        deadline = time.monotonic() + SAFETY
        while worker.alive and time.monotonic() < deadline:
            time.sleep(0.01)
        worker.request(state, {"iterations": 100, "time_limit": None}, 3)
        assert wait_for(worker, {"result"}, 3)[-1]["parts"] == [100, 100]
        assert worker.restarts == 2
    finally:
        worker.close()


ORPHAN_PARENT = """
import os, pickle, signal, sys, time
sys.path.insert(0, os.getcwd())
from ai.parallel import Pool
from game import rules

pool = Pool(1)
pool.submit(1, pickle.dumps(rules.get("splay").start()), {"iterations": 10**8, "time_limit": 4.0})
while not any(m.get("type") == "progress" for m in pool.drain(0)):
    time.sleep(0.01)
print(pool.pids[0], flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to follow the orphan")
def test_a_search_process_ends_when_its_parent_is_killed_mid_search(tmp_path):
    """A window killed while the computer thinks leaves no search process behind (one
    used to stay for ever, its exit waiting to flush messages that nobody would read)."""
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = tmp_path / "pid.txt"
    with open(out, "w") as f:  # a file, not a pipe: the orphan inherits it
        subprocess.run([sys.executable, "-c", ORPHAN_PARENT], cwd=root, stdout=f, timeout=SAFETY)
    pid = int(out.read_text().split()[0])
    deadline = time.monotonic() + SAFETY
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = _running(pid)
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "the search process outlived its parent"


def test_the_count_changes_between_requests():
    state = rules.get("splay").start()
    worker = AIWorker(processes=1)
    try:
        worker.request(state, {"iterations": 50, "time_limit": None}, 1)
        worker.set_processes(2)  # busy: from the next request on
        assert wait_for(worker, {"result"}, 1)[-1]["parts"] == [50]
        worker.request(state, {"iterations": 50, "time_limit": None}, 2)
        assert wait_for(worker, {"result"}, 2)[-1]["parts"] == [50, 50]
        worker.set_processes(1)
        assert len(worker.pids) == 1 and worker.processes == 1
        worker.request(state, {"iterations": 50, "time_limit": None}, 3)
        assert wait_for(worker, {"result"}, 3)[-1]["parts"] == [50]
    finally:
        worker.close()


# --- the blocking player ----------------------------------------------------------------------
@pytest.mark.parametrize("gid", rules.GAMES)
def test_the_blocking_player_plays_legal_moves(gid):
    player = make_player("mcts:iterations=60,processes=2", seed=4)
    assert isinstance(player, ParallelPlayer)
    state = rules.get(gid).start()
    for _ in range(3):
        if state.is_over():
            break
        res = player.search(state)
        assert res.iterations >= 60 or res.iterations == 0  # 0: a forced move
        assert str(res.move) in {str(m) for m in state.legal_moves()}
        state = state.play(res.move)


def test_player_specs_with_processes():
    assert isinstance(make_player("mcts:time=0.5"), MCTS)
    assert isinstance(make_player("mcts:time=0.5,processes=1"), MCTS)
    p = make_player("easy:processes=2,iterations=80", seed=2)
    assert isinstance(p, ParallelPlayer) and p.spec["level"] == "easy"
    state = rules.get(rules.GAMES[0]).start()
    assert str(p.choose(state)) in {str(m) for m in state.legal_moves()}
    for bad in ("mcts:processes=0", "mcts:processes=x", "mcts:processes"):
        with pytest.raises(ValueError):
            make_player(bad)
    with pytest.raises(ValueError):
        make_player("random:processes=2")


# --- the setting ------------------------------------------------------------------------------
def test_the_setting_reads_writes_and_is_capped_by_the_cores():
    s = settings_mod.Settings()
    assert s.ai_processes is None and s.processes() == max(1, parallel.cores() - 1)
    assert "ai_processes = auto" in s.dumps()
    s, problems = settings_mod.loads("ai_processes = 1\n")
    assert s.ai_processes == 1 and s.processes() == 1 and not problems
    s, problems = settings_mod.loads("ai_processes = 200\n")
    assert s.ai_processes == 200 and s.processes() == parallel.cores() and not problems
    back, _ = settings_mod.loads(settings_mod.Settings(ai_processes=2).dumps())
    assert back.ai_processes == 2
    for bad in ("0", "-1", "many", "2.5"):
        s, problems = settings_mod.loads(f"ai_processes = {bad}\n")
        assert s.ai_processes is None and "ai_processes" in problems[0]


def test_the_settings_overlay_sets_the_count_for_the_running_worker():
    from test_client_support import frames, make_app

    from game.scenes.pause import SettingsScene

    class Counting:
        def __init__(self):
            self.counts = []

        def set_processes(self, n):
            self.counts.append(n)

        def poll(self):
            return []

        def close(self):
            pass

    app = make_app()
    fake = Counting()
    app._ai = fake
    try:
        scene = SettingsScene(app)
        app.push(scene)
        frames(app, 2)
        assert scene.procs.value is None  # automatic
        scene.procs.adjust(1)
        assert app.settings.ai_processes == 1 and fake.counts == [1]
        scene.procs.adjust(-1)
        assert app.settings.ai_processes is None and fake.counts[-1] == app.settings.processes()
        assert scene.procs.rect.bottom <= scene.back.rect.top
    finally:
        app.shutdown()


def test_one_process_through_the_pool_answers_as_the_search_in_this_process():
    """Snapshot, merge and choice change nothing for one process: the same seed and
    iteration budget give the same move, counts and values as ``MCTS`` here."""
    for gid in rules.GAMES:
        state = rules.get(gid).start()
        move_seed = random.Random(7).randrange(1 << 30)  # the player's first move's seed
        here = MCTS(iterations=300, rng=random.Random(move_seed)).search(state)
        there = ParallelPlayer(1, {"iterations": 300, "time_limit": None}, seed=7).search(state)
        assert str(there.move) == str(here.move), gid
        assert there.iterations == here.iterations == 300 or here.iterations == 0
        top = [(str(s.move), s.visits, pytest.approx(s.value)) for s in here.stats[:5]]
        assert [(str(s.move), s.visits, s.value) for s in there.stats] == top, gid


def test_players_sharing_a_pool_never_share_a_serial_and_a_stray_answer_is_asked_again(
    monkeypatch,
):
    """Two players of one match share a pool (master against master): their requests get
    serials never given before, so neither takes a late answer to the other's for its own;
    an answer that is not a legal move of the position is asked again, then refused."""
    from ai import parallel

    state = rules.get("splay").start()
    pool = parallel.shared_pool(1)
    sent = []
    real = pool.submit
    monkeypatch.setattr(pool, "submit", lambda serial, *a: (sent.append(serial), real(serial, *a)))
    spec = {"iterations": 40, "time_limit": None}
    a, b = ParallelPlayer(1, spec, seed=1), ParallelPlayer(1, spec, seed=2)
    for _ in range(2):
        assert str(a.search(state).move) in {str(m) for m in state.legal_moves()}
        b.search(state)
    assert len(sent) == 4 and len(set(sent)) == 4
    # a stray answer: asked again, and refused when it comes twice
    legal = str(state.legal_moves()[0])
    answers = [{"type": "result", "move": "zz99"}]
    good = {"type": "result", "move": legal, "stats": [], "pv": [legal], "value": 0.0}
    good.update(iterations=1, elapsed=0.0, proven=None)
    answers.append(good)
    monkeypatch.setattr(ParallelPlayer, "_ask", lambda self, *a: answers.pop(0))
    assert str(a.search(state).move) == legal and not answers
    answers.extend([{"type": "result", "move": "zz99"}] * 2)
    with pytest.raises(RuntimeError, match="not a legal move"):
        a.search(state)
