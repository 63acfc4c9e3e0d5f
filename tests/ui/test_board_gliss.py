"""The Gliss board view: layout, clicks through ``points_for``, reasons, animations.

Headless (conftest sets the dummy SDL drivers); budgets are iteration counts.
"""

import random

import pygame
import pytest

from game import rules
from game.boards.base import BoardView
from game.boards.gliss import LABEL_MIN_SPACING, GlissView
from game.catalog import view_class, view_for
from game.rules.gliss import Shape, shapes
from tests.board_support import DT, MAX_STEPS, SIZES, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")
SOUNDS = {"place", "capture", "splay"}


@pytest.fixture(scope="module")
def gliss():
    return rules.get("gliss")


def random_game(game, seed, plies=40, size=13):
    """[(state, move that led to it)] of a seeded random game (flights favoured)."""
    rng = random.Random(seed)
    state = game.start(size=size)
    out = [(state, None)]
    for _ in range(plies):
        if state.is_over():
            break
        moves = state.legal_moves()
        flights = [m for m in moves if m.kind != "build"]
        m = rng.choice(flights if flights and rng.random() < 0.7 else moves)
        state = state.play(m)
        out.append((state, m))
    return out


def test_registered(gliss):
    assert view_class("gliss") is GlissView
    view = view_for(gliss, gliss.start())
    assert isinstance(view, BoardView)
    assert view.panel_lines()[0] == "Red: towers 0 of 12"


@pytest.mark.parametrize("n", [12, 13, 19])
@pytest.mark.parametrize("size", SIZES)
def test_layout_fits(gliss, n, size):
    view = view_for(gliss, gliss.start(size=n))
    rect = pygame.Rect(7, 5, *size)
    view.layout(rect)
    assert rect.contains(view.plate_rect())
    for c in (1, n):
        for r in (1, n):
            x, y = view.xy((c, r))
            assert rect.collidepoint(x, y)
            assert view.point_at((x, y)) == (c, r)
    assert view.s >= 4
    assert view.labels == (view.s >= LABEL_MIN_SPACING)
    if size == (1280, 800):
        assert view.labels
    if size == (160, 120):
        assert not view.labels
    # every point round-trips, and a square's centre names its block
    for c in range(1, n + 1):
        for r in range(1, n + 1):
            assert view.point_at(view.xy((c, r))) == (c, r)
            if c < n and r < n:
                assert view.block_at(view.xy((c + 0.5, r + 0.5))) == (c, r)
    assert view.point_at((rect.x - 50, rect.y - 50)) is None
    surf = surface((rect.right + 10, rect.bottom + 10))
    view.draw(surf)


@pytest.mark.parametrize("n,seed", [(12, 1), (13, 2), (13, 3), (19, 4)])
def test_clicks_through_points_for_play_each_move(gliss, n, seed):
    game = random_game(gliss, seed, plies=30, size=n)
    view = view_for(gliss, game[0][0])
    view.layout(pygame.Rect(0, 0, 800, 600))
    checked = 0
    for state, move in game[4::6]:
        view.set_state(state, move, animate=False)
        for m in state.legal_moves():
            text = str(m)
            view.cancel_selection()
            clicks = view.points_for(text)
            assert clicks, text
            assert view.point_for(text) == clicks[-1]
            for p in clicks[:-1]:
                res = view.click(p)
                assert res.move is None and not res.illegal, (text, res)
            res = view.click(clicks[-1])
            assert res.move == m and str(res.move) == text, (text, res)
            checked += 1
    assert checked > 50
    assert view.points_for("z99+") is None and view.points_for("nonsense") is None


def test_selection_shows_every_destination(gliss):
    # spec figure 4: the red glider c6 may land on d5 (capturing) but c3 is void
    state = gliss.parse("""size: 13
to move: Red
  6 . . R R . . . . . . . . .
  5 . . R . B B . . . . . . .
  4 . R . . B . . . . . . . .
  3 . . . . . . . . . . . . .
  2 . . B R . . . . . . . . .
  1 . . . . . . . . . . . . .
 13 . . . . . . . . . . . . .
 12 . . . . . . . . . . . . .
 11 . . . . . . . . . . . . .
 10 . . . . . . . . . . . . .
  9 . . . . . . . . . . . . .
  8 . . . . . . . . . . . . .
  7 . . . . . . . . . . . . .
""")
    view = view_for(gliss, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    res = view.click(view.xy((4, 6)))  # an arm selects the glider
    assert not res.illegal and view.sel == ("fly", (3, 6))
    flights = {str(m) for m in state.legal_moves() if str(m).startswith("c6>")}
    assert {str(ms[0]) for ms in view._dest.values()} == flights
    assert "c6>d5" in flights and view.outcome(view._dest[(4, 5)][0]) == "capture"
    view.hover(view.xy((4, 5)))
    surf = surface((800, 600))
    view.draw(surf)
    # c3 is no destination: the rules say why, the selection stays
    res = view.click(view.xy((3, 3)))
    assert res.illegal and "void" in res.message and view.sel is not None
    # behind the glider: the selection is dropped (and the click becomes a build try)
    view.click(view.xy((1, 1)))
    assert view.sel is None


def test_illegal_builds_give_reasons(gliss):
    state = gliss.start().play("c3+")  # Red's base on c3 d3 c4 d4
    state = state.play("h8+")  # Blue
    view = view_for(gliss, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    res = view.click(view.xy((5.5, 3.5)))  # e3+: next to Red's d3
    assert res.illegal and "next to your stone" in res.message
    res = view.click(view.xy((7.5, 7.5)))  # g7+: h8 is occupied (Blue's)
    assert res.illegal and "occupied" in res.message
    res = view.click(view.xy((3, 3)))  # a base stone: selects a deployment
    assert not res.illegal and view.sel == ("deploy", (3, 3))
    view.cancel_selection()
    res = view.click(view.xy((10.5, 10.5)))
    assert str(res.move) == "j10+" and res.move in state.legal_moves()
    # the hover ghost and its reason draw at every size
    for size in SIZES:
        view.layout(pygame.Rect(0, 0, *size))
        view.hover(view.xy((5.5, 3.5)))
        view.draw(surface(size))


def test_animations_end_and_skip(gliss):
    view = view_for(gliss, gliss.start())
    view.layout(pygame.Rect(0, 0, 640, 480))
    surf = surface((640, 480))
    events = []
    longest = 0
    kinds = set()
    for seed in (5, 6, 7):
        game = random_game(gliss, seed, plies=40)
        view.set_state(game[0][0], None)
        for k, (state, move) in enumerate(game[1:]):
            before = str(state)
            view.set_state(state, move)
            assert view.animating
            if k % 3 == 0:
                view.skip_animation()
                assert not view.animating and view.pop_events() == []
                view.draw(surf)
                continue
            kinds.add("off" if move.off else "capture" if move.captured else move.kind)
            steps = 0
            while view.animating:
                assert steps < MAX_STEPS
                if steps % 7 == 0:
                    view.draw(surf)
                view.update(DT)
                events.extend(view.pop_events())
                steps += 1
            longest = max(longest, steps)
            view.draw(surf)
            assert str(view.state) == before
    assert 0 < longest < MAX_STEPS
    assert "place" in events and set(events) <= SOUNDS
    assert "build" in kinds and ({"fly", "deploy"} & kinds)


def test_capture_and_conversion_sounds(gliss):
    # spec figure 3: the red glider docks at d2 and converts e1 (a splay ring)
    state = gliss.parse("""size: 13
to move: Red
 13 . . . . . . . . . . . . .
 12 . . . . . . . . . . . . .
 11 . . . . . . . . . . . . .
 10 . . . . . . . . . . . . .
  9 . . . . . . . . . . . . .
  8 . . . . . . . . . . . . .
  7 . . . . . . . . . . . . .
  6 . . R . . . . . . . . . .
  5 R R . . . . . . . . . . .
  4 R . . R . . . . . . . . .
  3 . B . . . . . . . . . . .
  2 R . . . . . . . . . . . .
  1 . R . . B . . . . . . . .
""")
    view = view_for(gliss, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    clicks = view.points_for("a5>d2")
    assert len(clicks) == 2
    view.click(clicks[0])
    assert view.outcome(view._dest[(4, 2)][0]) == "convert"
    res = view.click(clicks[1])
    assert str(res.move) == "a5>d2"
    after = state.play(res.move)
    view.set_state(after, view.state.find_move(res.move))
    events = []
    for _ in range(MAX_STEPS):
        if not view.animating:
            break
        view.update(DT)
        events.extend(view.pop_events())
    assert not view.animating
    assert events == ["place", "splay"]


def test_draw_only_draws(gliss):
    game = random_game(gliss, 8, plies=30)
    prev, (state, move) = game[-2][0], game[-1]
    view = view_for(gliss, prev)
    view.layout(pygame.Rect(0, 0, 800, 600))
    view.set_state(state, move)
    flights = [str(m) for m in state.legal_moves() if m.kind != "build"]
    view.hint = str(state.legal_moves()[0])
    if flights:
        clicks = view.points_for(flights[0])
        view.click(clicks[0])
        view.hover(clicks[1])
    view.update(0.1)
    sel, text, rem = view.sel, str(view.state), view.timeline.remaining
    a, b = surface((800, 600)), surface((800, 600))
    view.draw(a)
    view.draw(b)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert view.sel == sel and str(view.state) == text and view.timeline.remaining == rem


def test_random_clicks_never_raise(gliss):
    rng = random.Random(11)
    game = random_game(gliss, 9, plies=40)
    view = view_for(gliss, game[0][0])
    for k, (state, move) in enumerate(game):
        size = SIZES[k % len(SIZES)]
        view.layout(pygame.Rect(0, 0, *size))
        view.set_state(state, move, animate=k % 2 == 0)
        view.interactive = k % 5 != 4
        view.hint = rng.choice(["a1+", "c6>d5", "junk", None])
        surf = surface(size)
        for _ in range(25):
            pos = (rng.randint(-20, size[0] + 20), rng.randint(-20, size[1] + 20))
            view.hover(pos)
            res = view.click(pos, rng.choice([1, 1, 1, 3, 2, 4]))
            assert res is not None
            if res.move:
                state.play(res.move)  # only legal moves come out
            view.update(0.05)
        view.draw(surf)
    assert view.click(None).move is None


def test_shapes_come_from_the_rules(gliss):
    # the view draws the groups as the rules classify them, on any board it shows
    n = 12
    board = [-1] * (n * n)
    for c, r in ((1, 1), (2, 1), (1, 2)):
        board[(r - 1) * n + c - 1] = 0
    board[n * n - 1] = 1
    groups = shapes(n, tuple(board))
    assert Shape(0, "glider", ((1, 1), (2, 1), (1, 2)), (1, 1)) in groups
    assert Shape(1, "tower", ((n, n),)) in groups
    state = gliss.start(size=n).play("c3+")
    assert state.shapes() == shapes(n, state.board)
    assert state.shape_at((4, 4)).kind == "base" and state.shape_at((6, 6)) is None
    view = view_for(gliss, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    assert view.points_for("x") is None and view.points_for("c3+") is None


def test_chooser_when_moves_share_a_destination(gliss):
    # the rules never give two moves one destination; the view still copes (a chooser)
    state = gliss.start().play("f5+").play("k10+")
    deploy = next(m for m in state.legal_moves() if m.kind == "deploy" and not m.off)
    state = state.play(deploy).play("b10+")  # Red now has a glider
    view = view_for(gliss, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    key, moves = next((k, ms) for k, ms in view._fly_src.items() if k[0] == "fly")
    real = moves[0]

    class Twin:  # another outcome on the same end point
        path, points, forced = real.path, real.points, real.forced
        captured, converted, docked, off, kind = ((0, 0),), None, False, False, "fly"

        def __str__(self):
            return "twin"

    moves.append(Twin())
    clicks = view.points_for(str(real))
    assert len(clicks) == 3
    assert view.click(clicks[0]).move is None
    res = view.click(clicks[1])
    assert res.move is None and view._chooser is not None
    view.draw(surface((800, 600)))
    assert view.click(clicks[2]).move is real
