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


def test_focus_prints_a_row_per_game_and_constant(capsys):
    """``python -m ai.bench --focus N``: children, top share and value spread per constant."""
    assert bench.main(["--focus", "30", "--positions", "1", "--c", "1,own"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["game", "c"]
    rows = [line.split() for line in out[1:-1]]
    # a game whose own constant is 1 gets one row: the same search is not shown twice
    own = {g: rules.get(g).exploration for g in rules.GAMES}
    assert [r[0] for r in rows] == [
        g for g in rules.GAMES for _ in range(1 if own[g] is None else 2)
    ]
    gess = [r[1] for r in rows if r[0] == "gess"]
    assert gess == ["1", "0.15*"] and out[-1].startswith("*")
    for bad in (["--focus", "0"], ["--focus", "10", "--c", "x"], ["--focus", "10", "--c", "-1"]):
        with pytest.raises(SystemExit):
            bench.main(bad)


def test_a_smaller_constant_focuses_the_splay_root():
    """The finding behind Splay's constant of 0.3: with 1 the visits spread almost evenly."""
    game = rules.get("splay")
    broad = bench.root_focus(game, 1500, 1.0, positions=2)
    narrow = bench.root_focus(game, 1500, 0.3, positions=2)
    assert broad["children"] > 20
    assert narrow["top_share"] > 1.5 * broad["top_share"]


def test_rave_prints_each_setting_for_the_games_with_keys(capsys):
    """``python -m ai.bench --rave``: GRAVE's cost per CPU-second, off and on."""
    assert bench.main(["--rave", "--seconds", "0.02", "--game", "splay", "--game", "gess"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out[1:3]] == [["splay", "off"], ["splay", "rave=0.001"]]
    assert out[3].split()[0] == "gess" and "no shared move statistics" in out[3]


@pytest.mark.parametrize(
    "flag,labels,missing",
    [
        ("--threats", ["playout=game", "playout=threats"], "no playout answering threats"),
        ("--prune", ["prune=1", "prune=0"], "no forced moves"),
    ],
)
def test_glorietas_own_settings_print_both_ways_and_other_games_say_they_have_none(
    capsys, flag, labels, missing
):
    """``python -m ai.bench --threats`` (the playout answering threats against the game's
    own) and ``--prune`` (the forced moves searched alone, and every move), per CPU-second,
    where the game offers them."""
    argv = [flag, "--seconds", "0.02", "--game", "glorieta", "--game", "gess"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out[1:3]] == [["glorieta", lab] for lab in labels]
    assert all(float(x) > 0 for line in out[1:3] for x in line.split()[2:])
    assert out[3].startswith("gess") and missing in out[3]


def test_value_prints_the_learned_leaf_value_beside_the_games_playout(capsys, monkeypatch):
    """``python -m ai.bench --value``: iterations per CPU-second with the game's playout and
    with the learned leaf value, in a game that ships one (and with it at the playout's
    cut-off, where the game's playout takes it); the others say they have none."""
    from ai import value as val

    cache = {}
    for gid in ("gess", "splay"):
        names = rules.get(gid).value_feature_names
        cache[gid] = val.ValueModel(gid, names, [0.1] * len(names))
    cache["glades"] = None
    monkeypatch.setattr(val, "_cache", cache)
    argv = ["--value", "--seconds", "0.02", "--game", "gess", "--game", "splay", "--game", "glades"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out[1:6]] == [
        ["gess", "playout=game"],
        ["gess", "playout=value"],
        ["splay", "playout=game"],
        ["splay", "playout=value"],
        ["splay", "playout=cutvalue"],
    ]
    assert all(float(x) > 0 for line in out[1:6] for x in line.split()[2:])
    assert out[6].startswith("glades") and "no learned leaf value" in out[6]
