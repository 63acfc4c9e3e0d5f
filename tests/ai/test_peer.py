"""ai.peer: our games wrapped for OpenSpiel, and a tiny match against its MCTSBot.

Fast checks only (the match itself is a benchmark: ``python -m ai.peer GAME``).
Everything that needs OpenSpiel skips without the ``peer`` extra."""

from __future__ import annotations

import random
import sys

import pytest

from ai import peer
from game import rules


@pytest.fixture
def spiel():
    pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel.python.algorithms.mcts")
    return peer.spiel()


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_actions_round_trip_to_our_moves(spiel, game_id):
    wrapped = peer.peer_game(game_id)
    assert wrapped.get_type().short_name == peer.short_name(game_id)
    rng = random.Random(7)
    for _ in range(3):
        ours = wrapped.ours.start(**peer.start_options(wrapped.ours, rng.randrange(100)))
        st = wrapped.new_initial_state(ours)
        for _ply in range(12):
            assert str(st) == str(ours)
            assert st.is_terminal() == ours.is_over()
            if ours.is_over():
                w = ours.winner()
                want = [0.0, 0.0] if w is None else ([1.0, -1.0] if w == 0 else [-1.0, 1.0])
                assert list(st.returns()) == want
                assert st.legal_actions() == []
                break
            assert st.current_player() == ours.player
            assert list(st.returns()) == [0.0, 0.0]
            actions = st.legal_actions()
            moves = ours.legal_moves()
            assert actions == sorted(set(actions)) and len(actions) == len(moves)
            names = [st.action_to_string(ours.player, a) for a in actions]
            assert sorted(names) == sorted(str(m) for m in moves)
            for a, name in zip(actions, names, strict=True):
                assert wrapped.table.action(name) == a  # the table maps back both ways
            # a clone is independent of the state it came from
            action = rng.choice(actions)
            before = str(st)
            clone = st.clone()
            clone.apply_action(action)
            assert str(st) == before
            st.apply_action(action)
            ours = ours.play(st.action_to_string(ours.player, action))
            assert str(clone) == str(st) == str(ours)
    with pytest.raises(ValueError):
        wrapped.table.notation(len(wrapped.table))


def test_a_short_match_finishes(spiel):
    game_id = rules.GAMES[0]
    seen = []
    res = peer.run_peer(
        game_id,
        "medium",
        seconds=0.05,
        games=1,
        seed=3,
        max_moves=16,
        progress=lambda *a: seen.append(a[0]),
    )
    assert seen == [1]
    assert res.games == 1 and res.wins + res.draws + res.losses == 1
    assert res.capped <= res.draws
    assert res.plies and 0 < res.plies[0] <= 16
    # both sides searched, and the peer ran more than its two minimum simulations
    assert res.ours.moves > 0 and res.ours.iterations > 0 and res.ours.cpu > 0
    assert res.peer.moves > 0 and res.peer.iterations > 2 * res.peer.moves
    assert res.ours.moves + res.peer.moves + res.forced == res.plies[0]


def test_the_cli_prints_a_result(spiel, capsys):
    game_id = rules.GAMES[0]
    assert peer.main([game_id, "--time", "0.02", "--games", "1", "--max-moves", "4"]) == 0
    out = capsys.readouterr().out
    assert "game 1/1" in out and "score of medium" in out
    assert "iterations per CPU-second" in out and "simulations per CPU-second" in out


def test_without_open_spiel_the_cli_says_how_to_install_it(monkeypatch, capsys):
    # runs with or without the extra: hide pyspiel and forget what was loaded
    monkeypatch.setattr(peer, "_SPIEL", None)
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    assert peer.main([rules.GAMES[0], "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "install the peer extra: pip install -e .[peer]"


def test_bad_arguments_exit_2(capsys):
    assert peer.main(["no-such-game"]) == 2
    assert peer.main([rules.GAMES[0], "--level", "no-such-level"]) == 2
    assert peer.main([rules.GAMES[0], "--time", "0"]) == 2
    assert "error:" in capsys.readouterr().err


def test_start_options_fix_what_the_game_would_pick():
    for game_id in rules.GAMES:
        game = rules.get(game_id)
        a = game.start(**peer.start_options(game, 5))
        b = game.start(**peer.start_options(game, 5))
        assert str(a) == str(b)


def test_wilson_interval():
    lo, hi = peer.wilson(0.5, 10)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9
    assert peer.wilson(1.0, 6)[1] == pytest.approx(1.0) and peer.wilson(1.0, 6)[0] > 0.5
    assert peer.wilson(0.0, 0) == (0.0, 1.0)
