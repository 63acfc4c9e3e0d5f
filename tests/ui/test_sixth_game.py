"""A sixth game by adding files only: Trio (``tests/sixth_support.py``), a square placement
game that exists only in the tests, registered the way docs/architecture.md's checklist
registers a game, and played on ``game/boards/gridplace.py`` with nothing added.

* the generic tests (the contract, the board-view contract, the hotseat game clicked to
  its result, the review's scripted blunder, the architecture) run over it unedited: the
  same files, with Trio registered before they are collected (``ARCADE_EXTRA_GAME``);
* the square placement layer's own behaviour, on Trio."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pygame
import pytest
import sixth_support
from test_client_support import make_app

from game import catalog, rules
from game.boards.gridplace import GridPlaceView
from tests.board_support import DT, MAX_STEPS, pygame_ready, surface  # noqa: F401

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENERIC = [
    "tests/rules/test_contract.py",
    "tests/ui/test_board_contract.py",
    "tests/ui/test_client_scenes.py",
    "tests/session/test_review.py",
    "tests/test_architecture.py",
    "tests/ui/test_words.py",
    "tests/ui/test_client_fuzz.py",
]


@pytest.fixture
def trio(monkeypatch):
    sixth_support.register(monkeypatch.setattr, monkeypatch.setitem)
    yield rules.get("trio")
    catalog.entry.cache_clear()


def test_the_generic_tests_take_a_sixth_game_with_no_edit():
    env = dict(os.environ, ARCADE_EXTRA_GAME="sixth_support")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-o",
            "addopts=",
            "-q",
            "-p",
            "no:cacheprovider",
            "-k",
            "trio",
            *GENERIC,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    passed = re.search(r"(\d+) passed", out.stdout)
    # the contract (9), the board contract (11), the hotseat game, the review (3)
    assert passed and int(passed.group(1)) >= 24, out.stdout[-2000:]


def test_trio_is_found_by_its_id_alone(trio):
    assert "trio" in rules.GAMES and catalog.entry("trio").has_view
    view_cls = catalog.view_class("trio")
    assert issubclass(view_cls, GridPlaceView) and view_cls.__dict__.keys() <= {
        "__module__",
        "__doc__",
    }


@pytest.mark.usefixtures("pygame_ready")
def test_the_square_placement_layer_plays_refuses_animates_and_hints(trio):
    state = trio.start(size=4)
    for m in ("b2", "c3"):
        state = state.play(m)
    view = catalog.view_for(trio, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    surf = surface((800, 600))
    view.draw(surf)
    # a click on an empty square plays it; on a stone, the rules' reason and a shake
    res = view.click(view.point_for("a1"))
    assert str(res.move) == "a1" and not res.illegal
    res = view.click(view.point_for("b2"))
    assert res.move is None and res.illegal and "taken" in res.message
    view.update(DT)
    assert view.refused == (1, 1) and view.shake_alpha() > 0
    view.draw(surf)
    assert view.cell_name(view.point_for("d4")) == "d4"
    assert view.actions() == []  # every move is on the board
    # the drop: a bounce with its sound, and it ends
    after = state.play("a1")
    view.set_state(after, res.move if res.move else "a1", animate=True)
    assert view.animating and view.last_square == (0, 0)
    sounds, steps = [], 0
    while view.animating:
        view.update(DT)
        sounds += view.pop_events()
        view.draw(surf)
        steps += 1
        assert steps < MAX_STEPS
    assert sounds == ["place"] and view.colour_at(after, 0, 0) == "white"
    # the hint: its ghost is where a click plays it
    view.hint = "d4"
    assert view.hint_at(view.point_for("d4")) and not view.hint_at(view.point_for("a4"))
    view.hint = "b2"  # taken: no ghost
    assert view.hint_square() is None
    # a board of another size rebuilds the grid
    view.set_state(trio.start(size=5), None, animate=False)
    assert (view.grid.cols, view.grid.rows) == (5, 5) and view.point_for("e5") is not None
    assert view.point_for("f1") is None and view.square_of("zz") is None
    view.draw(surf)


@pytest.mark.usefixtures("pygame_ready")
def test_a_trio_game_is_won_on_its_board_in_the_app(trio):
    """The play scene and result screen take the sixth game with no edit either."""
    from test_client_support import click, frames

    from game.scenes.play import PlayScene
    from game.scenes.result import ResultScene
    from game.session.seats import Seat

    app = make_app()
    try:
        scene = PlayScene(app, trio, {"size": 3}, [Seat("human"), Seat("human")])
        app.push(scene)
        frames(app, 2)
        for m in ("a1", "a2", "b1", "b2", "c1"):  # White: a1 b1 c1
            view = scene.view
            while view.animating:
                frames(app, 1, 0.05)
            click(app, view.point_for(m))
            frames(app, 1)
        for _ in range(200):
            if isinstance(app.scene, ResultScene):
                break
            frames(app, 1, 0.1)
        assert isinstance(app.scene, ResultScene)
        assert app.scene.winner == 0 and "three in a row" in app.scene.reason
    finally:
        app.shutdown()
