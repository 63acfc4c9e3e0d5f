"""The benchmark commands run (figures are printed, never asserted): ai.bench for every game,
game.bench with N AI processes."""

import random

import pytest

from ai import bench
from game import rules


@pytest.mark.parametrize("gid", rules.GAMES)
def test_midgame_position_is_not_finished(gid):
    state = bench.midgame(rules.get(gid), random.Random(1))
    assert not state.is_over()


def test_bench_prints_a_row_per_game(capsys):
    assert bench.main(["--seconds", "0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[0] == "game"
    assert [line.split()[0] for line in out[1:]] == list(rules.GAMES)


def test_the_client_bench_runs_with_the_processes_asked_for(capsys):
    """``python -m game.bench --processes N``: the demo's computer thinks in N processes."""
    from game import bench as client_bench

    assert client_bench.main(["--frames", "20", "--processes", "2", "--startup-runs", "0"]) == 0
    out = capsys.readouterr().out
    assert "(2 processes)" in out and "worker restarts 0" in out and "FPS" in out
    with pytest.raises(SystemExit):
        client_bench.main(["--processes", "0"])
