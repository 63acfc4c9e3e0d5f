"""The board-view contract, run over every registered game (``rules.GAMES``): whatever
view ``game.boards.view_class`` gives it (its own, or the generic one), a view lays out,
draws, animates and ends its animations, takes any mouse input without raising, and
plays exactly the move that ``points_for`` names.  Headless; iteration budgets only."""

import pickle
import random
import re

import pygame
import pytest

from game import rules
from game.boards.base import Action, BoardView, ClickResult
from game.catalog import view_class
from tests.board_support import DT, MAX_STEPS, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")
CONTRACT_SIZES = [(800, 600), (1600, 1000)]
SAMPLE = 12  # legal moves clicked through per position


def positions(gid, plies=14, seed=3):
    """[(state, move that led to it)] of a seeded random game of ``gid``."""
    rng = random.Random(seed)
    state = rules.get(gid).start()
    out = [(state, None)]
    while not state.is_over() and len(out) <= plies:
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        out.append((state, move))
    return out


def make_view(gid, state, size=(800, 600)):
    view = view_class(gid)(rules.get(gid), state)
    view.layout(pygame.Rect(0, 0, *size))
    return view


def run_out(view, surf):
    """Update (and draw) until the view stops animating; the number of frames."""
    steps = 0
    while view.animating:
        assert steps < MAX_STEPS, "an animation did not end"
        view.update(DT)
        events = view.pop_events()
        assert isinstance(events, list) and all(isinstance(e, str) for e in events)
        if steps % 6 == 0:
            view.draw(surf)
        steps += 1
    return steps


@pytest.fixture(params=rules.GAMES)
def gid(request):
    return request.param


def test_the_view_is_a_board_view(gid):
    assert issubclass(view_class(gid), BoardView)


@pytest.mark.parametrize("size", CONTRACT_SIZES)
def test_layout_and_draw_at_every_size(gid, size):
    game = positions(gid)
    view = make_view(gid, game[0][0], size)
    surf = surface(size)
    view.draw(surf)
    for state, move in game[1::3]:
        view.set_state(state, move)
        view.draw(surf)
        view.skip_animation()
        assert not view.animating and view.pop_events() == []
        view.draw(surf)
    assert isinstance(view.panel_lines(), list)


def test_set_state_animates_and_ends(gid):
    game = positions(gid)
    view = make_view(gid, game[0][0])
    surf = surface((800, 600))
    for k, (state, move) in enumerate(game[1:]):
        view.set_state(state, move, animate=k % 3 != 2)
        run_out(view, surf)
        assert view.state is state
        view.draw(surf)
    # without animation: nothing runs
    state, move = game[-1]
    view.set_state(game[0][0], None, animate=False)
    view.set_state(state, move, animate=False)
    assert not view.animating


def test_any_mouse_input_gives_a_click_result(gid):
    rng = random.Random(5)
    game = positions(gid)
    surf = surface((800, 600))
    for state, _move in game[::4]:
        view = make_view(gid, state)
        for k in range(60):
            pos = (rng.randrange(-20, 820), rng.randrange(-20, 620))
            view.hover(pos)
            res = view.click(pos, rng.choice((1, 1, 1, 2, 3, 4, 5)))
            assert isinstance(res, ClickResult)
            if res.move is not None:
                assert str(res.move) in {str(m) for m in state.legal_moves()}
            res = view.release(pos)
            assert isinstance(res, ClickResult)
            if k % 20 == 0:
                view.update(DT)
                view.draw(surf)
        for odd in (None, "x", (1,), (-5000, 5000)):
            view.hover(odd)
            assert isinstance(view.click(odd), ClickResult)
            assert isinstance(view.release(odd), ClickResult)
        view.cancel_selection()
        view.draw(surf)


def test_points_for_plays_exactly_that_move(gid):
    rng = random.Random(9)
    checked = 0
    for state, _ in positions(gid)[::3]:
        if state.is_over():
            continue
        view = make_view(gid, state, (1600, 1000))
        moves = state.legal_moves()
        for m in rng.sample(moves, min(SAMPLE, len(moves))):
            view.cancel_selection()
            points = view.points_for(str(m))
            assert points, f"no clicks play {m}"
            results = [view.click(p) for p in points]
            assert all(r.move is None for r in results[:-1]), (str(m), results)
            last = results[-1].move
            assert last is not None and str(last) == str(m), (str(m), results[-1])
            assert state.play(last) == state.play(m)
            assert pickle.loads(pickle.dumps(last)) == last  # it can go to the AI worker
            checked += 1
    assert checked > 0


def test_actions_are_legal_moves(gid):
    for seed in range(3):
        for state, _ in positions(gid, plies=40, seed=seed):
            view = make_view(gid, state)
            acts = view.actions()
            assert isinstance(acts, list)
            legal = {str(m) for m in state.legal_moves()}
            for a in acts:
                assert isinstance(a, Action) and a.label and str(a.move) in legal


# --- cell names on hover ------------------------------------------------------------------
CELL = re.compile(r"[a-z]+\d+")


def named_cells(notation):
    """The cells a move's notation names (none for ``pass``, ``decline``, ``take:black``);
    the last click of the move lands on one of them (a placement ``f6`` or ``n:g7`` on its
    cell, Gess ``k3-k7`` on ``k7``, a Glades tile ``d5:3-e5:6`` on ``d5``), unless the move
    ends off the board (Gliss's ``>off``).  No game is named: any notation that names its
    cells the way the board view names them passes."""
    text = notation.strip().lower()
    cells = CELL.findall(text)
    if not cells or text.endswith("off"):
        return set()
    return set(cells)


@pytest.mark.parametrize("size", CONTRACT_SIZES)
def test_cell_name_is_the_cell_the_notation_names(gid, size):
    rng = random.Random(11)
    checked = 0
    for state, _ in positions(gid)[::2]:
        if state.is_over():
            continue
        view = make_view(gid, state, size)
        moves = state.legal_moves()
        for m in rng.sample(moves, min(SAMPLE, len(moves))):
            view.cancel_selection()
            points = view.points_for(str(m))
            assert points, f"no clicks play {m}"
            want = named_cells(str(m))
            got = view.cell_name(points[-1])
            assert got is None or isinstance(got, str)
            if want:
                assert got in want, (str(m), points[-1], got)
                checked += 1
    assert checked > 0


def test_cell_name_of_every_cell_and_of_odd_input(gid):
    """Every point a cell name comes from names a cell that a click-free lookup agrees
    on; off the board and odd input give None."""
    state = rules.get(gid).start()
    view = view_class(gid)(rules.get(gid), state)
    assert view.cell_name((10, 10)) is None or view.rect is not None  # before layout: no crash
    view.layout(pygame.Rect(0, 0, 800, 600))
    for odd in (None, "x", "ab", (1,), (), ("a", "b"), (-5000, 5000), (10**9, 10**9)):
        assert view.cell_name(odd) is None, odd
    # the board is at least as big as the cells its first moves name, whatever its size
    wanted = set().union(*(named_cells(str(m)) for m in state.legal_moves()))
    names = set()
    for x in range(0, 800, 7):
        for y in range(0, 600, 7):
            name = view.cell_name((x, y))
            if name is not None:
                assert CELL.fullmatch(name), name
                names.add(name)
    assert len(names) >= max(1, len(wanted)), (len(names), sorted(wanted))


def test_hover_then_draw_never_raises(gid):
    rng = random.Random(2)
    surf = surface((800, 600))
    for state, move in positions(gid)[::5]:
        view = make_view(gid, state)
        view.set_state(state, move, animate=True)
        for k in range(40):
            pos = (rng.randrange(-30, 830), rng.randrange(-30, 630))
            view.hover(pos)
            if k % 8 == 0:
                view.update(DT)
                view.draw(surf)
        for odd in (None, "x", (1,), (), (-5000, 5000), (float("nan"), 3)):
            view.hover(odd)
            view.draw(surf)
            assert view.cell_name(odd) is None
