"""review_check's verification by play-out: Deep's marks against games played out after
the move played and after Deep's better move."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.session import review_check


def _finished(game_id: str, seed: int):
    state = rules.get(game_id).start()
    rng = random.Random(seed)
    while not state.is_over():
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_play_out_scores_a_finished_position_exactly():
    end = _finished("glades", 1)
    w = end.winner()
    scores = review_check.play_out(end, 0, 3, 20, seed=0)
    assert scores == [0.5] * 3 if w is None else scores == [1.0 if w == 0 else 0.0] * 3


def test_play_out_is_seeded_and_scores_the_seat():
    start = rules.get("glades").start()
    a = review_check.play_out(start, 0, 2, 20, seed=4)
    assert a == review_check.play_out(start, 0, 2, 20, seed=4)
    b = review_check.play_out(start, 1, 2, 20, seed=4)  # the same games, the other seat
    assert [1 - x for x in a] == b


def test_gap_figures_by_hand():
    rows = [
        {"key": (0, 3), "drop": 30.0, "played": [0.0, 0.0, 1.0], "best": [1.0, 1.0, 1.0]},
        {"key": (1, 5), "drop": 20.0, "played": [0.5], "best": [0.5]},
    ]
    f = review_check.gap_figures(rows)
    assert f["moves"] == 2 and f["pairs"] == 4
    assert f["played"] == pytest.approx(1.5 / 4) and f["best"] == pytest.approx(3.5 / 4)
    assert f["gap"] == pytest.approx(0.5) and f["claimed"] == pytest.approx(0.25)
    d = [1.0, 1.0, 0.0, 0.0]  # the differences, best minus played
    var = sum((x - 0.5) ** 2 for x in d) / 3
    assert f["half"] == pytest.approx(1.96 * (var / 4) ** 0.5)
    assert review_check.gap_figures([])["moves"] == 0


def test_verify_plays_out_every_deep_mark_and_a_control(capsys):
    game = rules.get("glades")
    f = review_check.check(
        game,
        games=1,
        move_iterations=30,
        seed=3,
        budgets={"quick": 30, "deep": 120},
        verify_games=2,
    )
    marked = {k for k, label in f["deep_marks"].items() if label in review_check.SERIOUS}
    assert marked and {r["key"] for r in f["verify"]} == marked
    control = {r["key"] for r in f["control"]}
    assert 0 < len(control) <= len(marked) and not marked & control
    for r in f["verify"] + f["control"]:
        assert len(r["played"]) == len(r["best"]) == 2
        assert all(x in (0.0, 0.5, 1.0) for x in r["played"] + r["best"])
        assert r["drop"] >= (20 if r["key"] in marked else 0)
    review_check._print_verify("glades", f, detail=True)
    out = capsys.readouterr().out
    assert "verify, Deep's marks" in out and "verify, control, unmarked" in out


def test_also_quick_reviews_the_same_games_at_another_budget_against_one_deep(capsys):
    """``also_quick``: Quick again at other pass budgets, on the same games and against the
    same Deep review.  At Quick's own budget it is Quick again: the same figures."""
    game = rules.get("splay")
    budgets = {"quick": 40, "deep": 150}
    f = review_check.check(game, 1, 40, seed=2, budgets=budgets, also_quick=(40, 150))
    same = f["also"][40]
    keys = review_check.compare({}, {}, 0).keys()
    assert {k: same["after"][k] for k in keys} == {k: f[k] for k in keys}
    assert same["before"] == f["before"] and same["time"]["plain"][0] == f["time"]["plain"][0]
    # at Deep's budget, the pass is Deep's review (the same seeds): its marks are Deep's
    deep_pass = f["also"][150]["before"]
    assert deep_pass["quick_rate"] == deep_pass["deep_rate"] == f["deep_rate"]
    assert deep_pass["agreement"] == 1.0
    assert review_check.main(["splay", "--also-quick", "0"]) == 2
    assert "--also-quick" in capsys.readouterr().err
