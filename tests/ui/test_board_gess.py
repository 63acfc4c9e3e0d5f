"""The Gess board view: layout, two-click moves, refusals, the ring-loss confirmation,
animations, drawing.  Headless; budgets are iteration counts, never wall-clock time."""

import random

import pygame
import pytest

from game import rules, theme
from game.boards.base import BoardView
from game.boards.gess import CONFIRM_MESSAGE, Fade, GessView, N, Slide
from game.catalog import view_class, view_for
from game.rules.core import BadNotation
from game.rules.gess import read_ends
from tests.board_support import DT, MAX_STEPS, SIZES, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.fixture(scope="module")
def gess():
    return rules.get("gess")


def random_game(game, seed, plies, **options):
    """The (state, move that led to it) sequence of a seeded random game."""
    rng = random.Random(seed)
    state = game.start(**options)
    out = [(state, None)]
    pick = getattr(state, "random_move", None)  # keeps the mover's ring when it can
    while not state.is_over() and len(out) <= plies:
        move = state.random_move(rng) if pick else rng.choice(state.legal_moves())
        state = state.play(move)
        out.append((state, move))
    return out


def make_view(game, state, size=(1280, 800)):
    view = view_for(game, state)
    view.layout(pygame.Rect(0, 0, *size))
    return view


def test_registered(gess):
    assert view_class("gess") is GessView
    assert issubclass(GessView, BoardView)
    assert isinstance(view_for(gess, gess.start()), GessView)


@pytest.mark.parametrize("size", SIZES)
def test_layout_fits_and_hits(gess, size):
    rect = pygame.Rect(9, 7, *size)
    view = view_for(gess, gess.start())
    view.layout(rect)
    assert view.cell >= 4
    for y in range(N):
        for x in range(N):
            assert rect.contains(view.square_rect(x, y))
            assert view.square_at(view.point(x, y)) == (x, y)
    assert view.show_labels == (size[0] >= 640)
    view.hover(view.point(11, 2))
    view.hint = "i6-i9"
    s = surface((size[0] + 20, size[1] + 20))
    view.draw(s)
    # nothing is drawn outside the rect
    outside = [
        (rect.left - 1, rect.centery),
        (rect.right, rect.centery),
        (rect.centerx, rect.top - 1),
        (rect.centerx, rect.bottom),
    ]
    for p in outside:
        assert tuple(s.get_at(p))[:3] == theme.BG
    assert view.square_at((rect.left - 50, rect.top - 50)) is None
    assert view.square_at(("x", None)) is None


def test_points_for_plays_every_legal_move(gess):
    positions = [gess.start()]
    for seed in (1, 2, 3):
        positions += [s for s, _ in random_game(gess, seed, 24)[6::9] if not s.is_over()]
    positions.append(random_game(gess, 4, 12, offboard_centres=False)[-1][0])
    checked = confirmations = 0
    for state in positions:
        view = make_view(gess, state)
        for move in state.legal_moves():
            text = str(move)
            pts = view.points_for(text)
            assert pts[0] == view.point(*move.src) and pts[-1] == view.point_for(text)
            results = [view.click(p) for p in pts]
            assert [r.move for r in results] == [None] * (len(pts) - 1) + [move], text
            assert not any(r.illegal for r in results)
            if len(pts) == 3:
                assert results[1].message == CONFIRM_MESSAGE
                confirmations += 1
            assert view.selected is None
            checked += 1
    assert checked > 1000
    assert confirmations > 0  # the start position has ring-breaking moves
    view = make_view(gess, gess.start())
    assert view.points_for("nonsense") is None and view.point_for("c3") is None
    assert view.points_for("c3-c6") == [view.point(2, 2), view.point(2, 5)]


def test_non_piece_clicks_say_why(gess):
    view = make_view(gess, gess.start())  # Black to move
    cases = {
        (2, 6): "no piece centred on c7: a piece needs a stone around its centre",
        (9, 17): "no piece centred on j18: the footprint holds an enemy stone",
        (9, 9): "no piece centred on j10: the footprint holds none of your stones",
        (0, 9): "no piece centred on a10: the footprint holds none of your stones",
    }
    for sq, message in cases.items():
        res = view.click(view.point(*sq))
        assert res.illegal and res.move is None
        assert res.message == message
        assert view.selected is None
    # the flash is feedback, not an animation
    assert not view.animating
    view.draw(surface())
    # with the centre range limited, an outer-ring centre is refused for that reason
    view = make_view(gess, gess.start(offboard_centres=False))
    res = view.click(view.point(0, 2))  # a3
    assert res.illegal and "offboard_centres" in res.message
    # a piece that is selected, then a square it cannot reach: the rules say why
    view = make_view(gess, gess.start())
    assert not view.click(view.point(8, 5)).illegal  # i6 (i7 pawn piece)
    assert view.selected == (8, 5)
    res = view.click(view.point(8, 16))  # i17: in line, but blocked
    assert res.illegal and res.message and res.move is None
    assert view.selected == (8, 5)
    # right click and cancel clear; another own piece reselects
    view.click(view.point(8, 5))
    view.click(view.point(8, 5), 3)
    assert view.selected is None
    view.click(view.point(8, 5))
    view.click(view.point(11, 5))  # l6
    assert view.selected == (11, 5)
    view.cancel_selection()
    assert view.selected is None and view.armed is None
    # off the grid: nothing, and the selection is gone
    view.click(view.point(11, 5))
    assert view.click((2, 2)).move is None and view.selected is None


def test_ring_loss_needs_confirmation(gess):
    state = gess.start()
    view = make_view(gess, state)
    assert view.click(view.point(9, 2)).move is None  # j3
    assert (9, 3) in view._losing
    first = view.click(view.point(9, 3))  # j4
    assert first.move is None and not first.illegal and first.message == CONFIRM_MESSAGE
    assert str(view.armed) == "j3-j4"
    view.draw(surface())  # the highlight
    assert view.click(view.point(9, 3)).move == state.find_move("j3-j4")
    after = state.play("j3-j4")
    assert after.winner() == 1
    # arming, then another losing destination: that one needs its own confirmation
    view = make_view(gess, state)
    view.click(view.point(9, 2))
    view.click(view.point(9, 3))
    assert view.click(view.point(9, 4)).message == CONFIRM_MESSAGE  # j5
    assert str(view.armed) == "j3-j5"
    # arming, then another piece: the arming is forgotten, a safe move plays at once
    view.click(view.point(11, 5))  # l6
    assert view.armed is None and view.selected == (11, 5)
    assert str(view.click(view.point(11, 6)).move) == "l6-l7"
    # with the option, the move is not offered and the click is refused
    view = make_view(gess, gess.start(ringless_move_illegal=True))
    view.click(view.point(9, 2))
    res = view.click(view.point(9, 3))
    assert res.illegal and res.move is None and "ring" in res.message
    assert view.points_for("j3-j4") == [view.point(9, 2), view.point(9, 3)]


def test_drag_release(gess):
    view = make_view(gess, gess.start())
    view.click(view.point(8, 5))  # i6
    assert view.release(view.point(8, 5)).move is None  # released where pressed
    assert view.selected == (8, 5)
    view.click(view.point(8, 5))
    assert str(view.release(view.point(8, 8)).move) == "i6-i9"
    assert view.release(view.point(8, 8)).move is None  # no press


def test_animations_end_and_skip(gess):
    view = make_view(gess, gess.start())
    surf = surface()
    seen = set()
    kinds = set()
    for seed in (11, 12):
        game = random_game(gess, seed, 40)
        view.set_state(game[0][0], None, animate=False)
        for state, move in game[1:]:
            view.set_state(state, move)
            kinds.add(type(view.plan))
            steps = 0
            while view.animating:
                view.update(DT)
                seen.update(view.pop_events())
                if steps % 5 == 0:
                    view.draw(surf)
                steps += 1
                assert steps < MAX_STEPS
            assert view.plan is None
    assert kinds == {Slide}  # every rules move is explained by the slide
    assert "place" in seen and "capture" in seen
    # skip: a long slide ends at once and drops its pending sounds
    state = gess.start()
    move = max(state.legal_moves(), key=lambda m: m.distance)
    view.set_state(state, None, animate=False)
    view.set_state(state.play(move), move)
    assert view.animating
    view.update(DT)
    view.skip_animation()
    assert not view.animating and view.pop_events() == []
    view.draw(surf)
    # edge cases: off-board stones fall, a capture pops, a mismatched move fades
    start = gess.start()
    view.set_state(start, None, animate=False)
    view.set_state(start.play("r3-s3"), "r3-s3")
    assert isinstance(view.plan, Slide) and view.plan.fallers and not view.plan.captured
    view.skip_animation()
    view.set_state(start, None, animate=False)
    view.set_state(start.play("e3-d3"), "e3-d3")
    assert len(view.plan.captured) == 3
    for _ in range(MAX_STEPS):
        view.update(DT)
        view.draw(surf)
    assert not view.animating
    view.set_state(start, None, animate=False)
    view.set_state(start.play("e3-d3"), "c3-c6")
    assert isinstance(view.plan, Fade)
    view.skip_animation()
    view.set_state(start, None, animate=False)
    view.set_state(gess.start(), "zz", animate=True)  # nothing changed: no animation
    assert not view.animating


def test_draw_does_not_change_state(gess):
    state, move = random_game(gess, 21, 15)[-1]
    view = make_view(gess, state)
    view.set_state(state, move)
    view.update(0.1)
    src = next(iter(view.movable))
    view.click(view.point(*src))
    view.hover(view.point(*next(iter(view.movable[src]))))
    view.hint = str(state.legal_moves()[0])
    before = (
        str(view.state),
        view.selected,
        dict(view._dests),
        view.armed,
        view.time,
        view.animating,
        view.hover_sq,
    )
    surf = surface()
    for _ in range(3):
        view.draw(surf)
    assert (
        str(view.state),
        view.selected,
        dict(view._dests),
        view.armed,
        view.time,
        view.animating,
        view.hover_sq,
    ) == before
    view.interactive = False
    view.draw(surf)
    res = view.click(view.point(*src))
    assert res.move is None and "turn" in res.message


def test_random_input_never_raises(gess):
    rng = random.Random(7)
    played = 0  # clicks that made a move (each checked legal)
    game = random_game(gess, 31, 60)
    view = view_for(gess, game[0][0])
    for i, (state, move) in enumerate(game):
        size = SIZES[i % len(SIZES)]
        view.layout(pygame.Rect(rng.randrange(20), rng.randrange(20), *size))
        view.set_state(state, move, animate=rng.random() < 0.7)
        view.hint = rng.choice([None, "a1-t20", "c3-c6", "junk", str(move) if move else None])
        surf = surface((size[0] + 20, size[1] + 20))
        for _ in range(25):
            pos = (rng.randrange(-10, size[0] + 30), rng.randrange(-10, size[1] + 30))
            view.hover(pos)
            r = rng.random()
            if r < 0.1 and view.interactive and not state.is_over():
                # now and then the clicks of a legal move, amid the random ones
                view.cancel_selection()
                res = None
                for p in view.points_for(str(rng.choice(state.legal_moves()))):
                    res = view.click(p)
            elif r < 0.7:
                res = view.click(pos, rng.choice((1, 1, 1, 2, 3, 4, 5)))
            elif r < 0.85:
                res = view.release(pos)
            else:
                view.update(rng.choice((0.0, DT, 0.3)))
                res = None
            if res is not None and res.move is not None:
                assert res.move in state.legal_moves()
                played += 1
            view.interactive = rng.random() < 0.9
        view.draw(surf)
    assert played > 5
    view.hover(None)
    view.click(None)
    view.click((1, 2, 3))
    for junk in (None, "a0-a1", "c3"):
        with pytest.raises(BadNotation):
            read_ends(junk)
