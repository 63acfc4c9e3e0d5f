"""Memory over a long session (issue 35, item 11): the soak benchmark's sampler and
figures (``game/soak.py``), the bounded caches, and the allocator setting that keeps the
app's resident memory from climbing (``ai/heap.py``)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from collections import OrderedDict

import pytest

from ai import heap as memory
from game import soak
from game.ui import widgets
from tests.test_client_support import make_app

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINUX_PROC = os.path.exists(f"/proc/{os.getpid()}/status")


# --- reading RSS -------------------------------------------------------------------------
def test_rss_is_read_from_the_status_file(tmp_path):
    d = tmp_path / "123"
    d.mkdir()
    (d / "status").write_text("Name:\tpython\nVmPeak:\t  9999 kB\nVmRSS:\t   51200 kB\n")
    assert soak.rss_mib(123, proc=str(tmp_path)) == pytest.approx(50.0)
    (tmp_path / "7").mkdir()
    (tmp_path / "7" / "status").write_text("Name:\tzombie\n")  # no VmRSS: a zombie
    assert soak.rss_mib(7, proc=str(tmp_path)) is None
    assert soak.rss_mib(99999, proc=str(tmp_path)) is None  # gone
    (tmp_path / "8").mkdir()
    (tmp_path / "8" / "status").write_text("VmRSS:\tlots kB\n")  # garbled
    assert soak.rss_mib(8, proc=str(tmp_path)) is None


@pytest.mark.skipif(not LINUX_PROC, reason="needs /proc")
def test_rss_of_this_process_is_read():
    mib = soak.rss_mib()
    assert mib is not None and 5 < mib < 100_000


# --- the figures -------------------------------------------------------------------------
def sample(t, app, workers=(), games=0):
    return soak.Sample(t=t, app=app, workers=list(workers), games=games)


def test_slope_is_the_least_squares_line():
    assert soak.slope([(0, 1), (1, 3), (2, 5)]) == pytest.approx(2.0)
    assert soak.slope([(0, 1), (1, 2), (2, 1), (3, 2)]) == pytest.approx(0.2)
    assert soak.slope([(5, 1)]) == 0.0
    assert soak.slope([(5, 1), (5, 9)]) == 0.0  # no spread in x
    assert soak.slope([(0, None), (1, 4), (2, 6)]) == pytest.approx(2.0)


def test_summary_start_warm_up_end_and_the_second_half_slope():
    # 20 MiB of warm-up growth in the first 3 minutes, then 1 MiB per 10 minutes
    samples = [sample(t, 40 + min(t, 180) / 9 + max(0, t - 180) / 600) for t in range(0, 1801, 30)]
    sm = soak.summary(samples, warmup=180)
    assert sm["start"] == pytest.approx(40.0)
    assert sm["warm_t"] == 180 and sm["warm"] == pytest.approx(60.0)
    assert sm["end"] == pytest.approx(60 + 1620 / 600)
    assert sm["max"] == sm["end"]
    assert sm["half_from"] == 900
    assert sm["slope10"] == pytest.approx(1.0)
    flat = [sample(t, 70.0) for t in range(0, 600, 30)]
    assert soak.summary(flat, warmup=60)["slope10"] == pytest.approx(0.0)


def test_summary_of_the_workers_adds_the_processes_and_skips_the_unreadable():
    samples = [sample(0, 50, (10, 12)), sample(30, 50, (11, None)), sample(60, 50, (None, None))]
    assert [s.workers_total for s in samples] == [22, 11, None]
    sm = soak.summary(samples, warmup=0, key=lambda s: s.workers_total)
    assert (sm["start"], sm["end"]) == (22, 11)
    assert soak.summary([sample(0, None)], warmup=0) is None
    lines = soak.summary_lines([sample(0, None), sample(30, None)], warmup=0)
    assert [("not readable" in line) for line in lines] == [True, True, False]
    assert "no search had finished" in lines[2]


def test_the_settled_series_is_each_worker_after_its_last_search():
    a, b = sample(0, 50, (40, 41)), sample(30, 50, (60, 42))
    a.settled, b.settled = [None, None], [None, 31.5]
    lines = soak.summary_lines([a, b], warmup=0)
    assert lines[2].split()[:2] == ["settled", "start"]
    assert "31.5" in lines[2] and "73.5" not in lines[2]  # settled sizes, not the live ones
    assert soak.table([a, b])[2].split()[-1] == "31.5"


def test_the_table_has_a_column_per_worker():
    rows = soak.table([sample(0, 45.25, (7.0,)), sample(30, 60.0, (30.5, None), games=2)])
    assert rows[0].split()[:4] == ["time", "app", "MiB", "worker1"]
    assert "worker2" in rows[0]
    assert rows[1].split()[:4] == ["0:00", "45.2", "7.0", "-"]
    assert rows[2].split()[:5] == ["0:30", "60.0", "30.5", "-", "2"]
    assert soak.clock_text(125) == "2:05"


# --- the run itself ----------------------------------------------------------------------
def test_the_soak_loop_samples_on_its_clock_and_goes_round_the_games():
    """Driven on the app's own frame count (no wall clock): a sample every 10 s of it,
    a new game of the next id whenever one ends, and each finished demo freed."""
    app = make_app(size=(800, 600), iterations=12, move_cap=6)
    seen = []
    scenes = []

    def on_sample(s):
        seen.append(s)
        scenes.append(weakref.ref(app.scene))

    samples, trace = soak.run(
        app,
        seconds=60.0,
        sample=10.0,
        games=["splay", "gliss", "glorieta"],
        speed_index=5,
        clock=lambda: app.frames * 0.1,
        pace=False,
        dt=0.1,
        on_sample=on_sample,
    )
    assert samples == seen and trace == []
    assert len(samples) >= 7  # 0, 10, ..., 60
    ts = [s.t for s in samples]
    assert ts == sorted(ts) and ts[0] <= 0.2 and ts[-1] >= 60.0
    assert all(b - a >= 9.9 for a, b in zip(ts[:-1], ts[1:], strict=True))
    assert samples[-1].games >= 3  # every game of 6 moves ended at least once
    assert samples[-1].moves >= 18
    assert samples[-1].caches["text_entries"] > 0
    if LINUX_PROC:
        assert all(s.app and s.app > 0 for s in samples)
    assert not app.running or app.scenes == []  # shut down
    gc.collect()
    alive = {id(r()) for r in scenes if r() is not None}
    assert len(alive) == 0, "a finished demo is still held"


@pytest.fixture
def no_automatic_gc():
    """Python's cycle collector runs only when asked, so a test sees what a long session
    sees between its rare full passes."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


def test_a_finished_demo_and_its_board_are_freed_when_the_next_game_starts(no_automatic_gc):
    app = make_app(size=(800, 600), iterations=8, move_cap=4)
    rot = soak.Rotation(app, ["splay", "gliss"], speed_index=5)
    rot.start()
    first = app.scene
    scene, board = weakref.ref(first), weakref.ref(first.view)
    first = None
    for _ in range(3000):
        app.frame(0.1)
        if rot.played >= 1:
            break
    assert rot.played == 1 and app.scene is not scene()
    assert scene() is None and board() is None  # without a full pass of the collector
    app.shutdown()


def test_the_attract_game_frees_each_finished_game(no_automatic_gc):
    from game.scenes import title
    from game.ui import flow

    app = make_app(size=(800, 600), iterations=8)
    flow.push(app, "title", "splay")
    for _ in range(20):
        app.frame(0.1)
    attract = app.scene.attract
    old = weakref.ref(attract.match)
    attract.match.stop()  # the game ends; a new one follows after ATTRACT_RESTART
    for _ in range(int(title.ATTRACT_RESTART / 0.1) + 200):
        app.frame(0.1)
        if old() is None or attract.match is not old():
            break
    assert attract.match is not None and old() is None
    app.shutdown()


def test_the_soak_loop_can_watch_the_attract_game():
    app = make_app(size=(800, 600), iterations=8)
    samples, _ = soak.run(
        app,
        seconds=20.0,
        sample=5.0,
        clock=lambda: app.frames * 0.1,
        pace=False,
        dt=0.1,
        attract=True,
    )
    assert len(samples) >= 5
    assert samples[-1].moves > samples[0].moves  # the attract game played on
    assert [s.games for s in samples] == sorted(s.games for s in samples)


def test_the_soak_command_runs_with_the_real_worker(capsys):
    from game import bench

    assert bench.main(["--soak", "0.02", "--sample", "0.3", "--game", "splay", "--speed", "5"]) == 0
    out = capsys.readouterr().out
    assert "memory soak: 0.02 min of looping demos (splay)" in out
    assert "worker1" in out.splitlines()[1]
    assert "summary (" in out
    assert any(line.strip().startswith("app ") for line in out.splitlines())
    if LINUX_PROC:
        assert "not readable" not in out


@pytest.mark.parametrize(
    "bad, says",
    [
        (["--soak", "0"], "positive"),
        (["--soak", "1", "--sample", "-2"], "positive"),
        (["--soak", "1", "--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_the_soak_command_refuses_bad_input(bad, says, capsys):
    from game import bench

    with pytest.raises(SystemExit):
        bench.main(bad)
    assert says in capsys.readouterr().err


# --- bounded caches ----------------------------------------------------------------------
@pytest.fixture
def fresh_text_cache(monkeypatch):
    monkeypatch.setattr(widgets, "_text_cache", OrderedDict())
    monkeypatch.setattr(widgets, "_text_bytes", 0)


def test_the_text_cache_keeps_at_most_its_count(fresh_text_cache, monkeypatch):
    monkeypatch.setattr(widgets, "_TEXT_CACHE_MAX", 50)
    for i in range(2000):
        widgets.text_surface(f"move {i}", 14)
        assert len(widgets._text_cache) <= 50
    assert list(widgets._text_cache)[-1][0] == "move 1999"  # the newest stays
    recount = sum(widgets._surface_bytes(s) for s in widgets._text_cache.values())
    assert widgets.text_cache_bytes() == recount


def test_the_text_cache_keeps_at_most_its_bytes(fresh_text_cache, monkeypatch):
    """Long lines in a big size: the count alone would let hundreds of them pile up."""
    cap = 2 * 1024 * 1024
    monkeypatch.setattr(widgets, "_TEXT_CACHE_BYTES", cap)
    line = "The computer thinks about a long line of text " * 3
    for i in range(300):
        widgets.text_surface(f"{i} {line}", 48)
        assert widgets.text_cache_bytes() <= cap
    assert 1 < len(widgets._text_cache) < 300
    recount = sum(widgets._surface_bytes(s) for s in widgets._text_cache.values())
    assert widgets.text_cache_bytes() == recount
    # a hit moves a line to the newest end, so it outlives older ones
    first = next(iter(widgets._text_cache))
    widgets.text_surface(first[0], 48)
    assert list(widgets._text_cache)[-1] == first


# --- the allocator ------------------------------------------------------------------------
PROBE = """
import sys
from ai import heap as memory
from game import soak
if sys.argv[1] == "pinned":
    assert memory.keep_heap_small()
big = b"\\1" * (24 << 20)  # a big block, mapped and freed (like a supersampled board)
del big
base = soak.rss_mib()
mid = b"\\1" * (12 << 20)  # a smaller one, written to, then freed
del mid
print(soak.rss_mib() - base)
"""


def glibc() -> bool:
    try:
        import ctypes

        return hasattr(ctypes.CDLL(None), "gnu_get_libc_version")
    except OSError:
        return False


def probe(mode: str) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, mode],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip())


@pytest.mark.skipif(not (LINUX_PROC and glibc()), reason="glibc's malloc on Linux")
def test_freed_big_blocks_go_back_to_the_system():
    """With glibc's default, a freed 12 MiB block stays resident once a bigger one raised
    the mapping threshold; pinned at 1 MiB, it is returned."""
    kept_by_default = probe("default")
    kept_pinned = probe("pinned")
    assert kept_by_default > 8.0  # what the demo loop showed, in miniature
    assert kept_pinned < 4.0


def test_the_app_pins_the_threshold(monkeypatch):
    calls = []
    monkeypatch.setattr(memory, "keep_heap_small", lambda *a: calls.append(a) or True)
    app = make_app()
    app.shutdown()
    assert calls == [()]


def test_pinning_is_skipped_when_the_player_chose_a_threshold(monkeypatch):
    monkeypatch.setattr(memory, "_done", None)
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "65536")
    assert memory.keep_heap_small() is False
    monkeypatch.setattr(memory, "_done", None)  # the next call decides again


def test_a_search_process_pins_the_threshold_and_settles_after_each_search(monkeypatch):
    """``child_main`` (the body of every search process) pins the threshold before its
    first search and gives the freed pages back after each one, answered or not."""
    import pickle
    import queue
    from types import SimpleNamespace

    from ai import parallel
    from game import rules

    calls = []
    monkeypatch.setattr(memory, "keep_heap_small", lambda *a: calls.append("pinned") or True)
    monkeypatch.setattr(memory, "trim", lambda: calls.append("trim") or True)
    state = rules.get("splay").start()
    blob = pickle.dumps(state)
    active = SimpleNamespace(value=2)
    requests, results = queue.Queue(), queue.Queue()
    requests.put((1, blob, {"iterations": 30}))  # superseded before it began: no search
    requests.put((2, blob, {"iterations": 30}))
    requests.put(None)  # then stop
    parallel.child_main(requests, results, active, "ai.worker:default_bot")
    sent = []
    while not results.empty():
        sent.append(results.get()["type"])
    assert sent[0] == "started" and sent[-2:] == ["result", "settled"]  # its size, after
    assert calls == ["pinned", "trim"]


def test_the_app_gives_an_idle_worker_a_poll_now_and_then_and_a_busy_one_none():
    from game.ui import app as app_module
    from tests.test_client_support import frames

    class Worker:
        busy = False
        polls = 0

        def poll(self):
            self.polls += 1
            return []

        def close(self):
            pass

    worker = Worker()
    app = app_module.App(size=(800, 600), seed=1, ai=worker, strict=True)
    try:
        frames(app, 3 * app_module.IDLE_POLL_FRAMES)
        assert worker.polls == 3  # its housekeeping: late messages, a grown process replaced
        worker.busy = True  # a search in flight is the match's to poll, not the app's
        frames(app, 3 * app_module.IDLE_POLL_FRAMES)
        assert worker.polls == 3
    finally:
        app.shutdown()
