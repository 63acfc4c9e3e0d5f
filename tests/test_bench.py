"""The benchmark command runs for every game (figures are printed, never asserted)."""

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
