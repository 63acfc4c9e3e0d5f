"""Glorieta's board view: layout at two window sizes and two board sizes, clicks that play
exactly the move, Chicken's second click and its forbidden cells, the decline and colour
actions, the loop's reveal.  Headless; iteration budgets only."""

import random

import pygame
import pytest

from game import rules
from game.boards.base import Action, ClickResult
from game.boards.glorieta import GlorietaView, trace_loop
from game.catalog import view_class
from game.lessons import work_out
from game.lessons.glorieta import LESSONS
from tests.board_support import DT, MAX_STEPS, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")
GAME = rules.get("glorieta")


def make_view(state, size=(800, 600)):
    view = GlorietaView(GAME, state)
    view.layout(pygame.Rect(0, 0, *size))
    view.interactive = True
    return view


def random_game(seed, plies=None, decline=True, **options):
    """[(state, move)] of a seeded random game (the move that led to each state)."""
    rng = random.Random(seed)
    state = GAME.start(**options)
    out = [(state, None)]
    while not state.is_over() and (plies is None or len(out) <= plies):
        moves = state.legal_moves()
        if not decline:
            moves = [m for m in moves if str(m) != "decline"] or moves
        move = rng.choice(moves)
        state = state.play(move)
        out.append((state, move))
    return out


def second_ply(seed=2, size=7):
    """A Chicken state in its second ply with some forbidden neutral cells."""
    for k in range(40):
        for state, _ in random_game(seed + k, decline=False, variant="chicken", size=size):
            if state.phase == "neutral or decline" and state.neutral_forbidden():
                return state
    raise AssertionError("no second ply with forbidden cells")


def run_out(view, surf=None):
    steps = 0
    while view.animating:
        assert steps < MAX_STEPS, "an animation did not end"
        view.update(DT)
        view.pop_events()
        if surf is not None and steps % 5 == 0:
            view.draw(surf)
        steps += 1
    return steps


def test_found_by_the_catalog():
    assert view_class("glorieta") is GlorietaView


@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
@pytest.mark.parametrize("side", [5, 10])
@pytest.mark.parametrize("variant", ["landscape", "chicken"])
def test_layout_fits_and_every_cell_is_hit(size, side, variant):
    game = random_game(1, plies=12, variant=variant, size=side)
    view = make_view(game[0][0], size)
    surf = surface(size)
    rect = view.rect
    b = view.board
    assert b.radius >= 8
    for i in range(view.geo.size):
        x, y = b.point(i)
        assert rect.left <= x - b.radius and x + b.radius <= rect.right
        assert rect.top <= y - b.radius and y + b.radius <= rect.bottom
        assert b.cell_at((x, y)) == i
    if variant == "chicken":  # the advice strip stays under the board
        assert view.board_rect().bottom < rect.bottom
    for state, move in game:
        view.set_state(state, move)
        view.draw(surf)
        run_out(view, surf)
        view.draw(surf)
        assert view.panel_lines()


def test_a_click_plays_exactly_the_move():
    for variant in ("landscape", "chicken"):
        for state, _ in random_game(3, plies=30, variant=variant)[::2]:
            if state.is_over():
                continue
            view = make_view(state)
            legal = {str(m): m for m in state.legal_moves()}
            for i in range(view.geo.size):
                res = view.click(view.board.point(i))
                assert isinstance(res, ClickResult)
                name = view.geo.names[i]
                want = ("n:" + name) if state.phase == "neutral or decline" else name
                if want in legal and state.phase != "choose colour":
                    assert res.move is not None and str(res.move) == want
                    assert state.play(res.move) == state.play(want)
                else:
                    assert res.move is None and res.illegal and res.message
            view.update(DT)


def test_chicken_second_click_and_forbidden_cells():
    state = second_ply()
    view = make_view(state)
    forbidden = set(state.neutral_forbidden())
    assert view.forbidden == forbidden
    assert set(view.targets) == set(state.neutral_allowed())
    assert view.group and state.pending_stone in view.group
    for i in forbidden:
        res = view.click(view.board.point(i))
        assert res.illegal and res.move is None
        assert res.message == state.why_illegal("n:" + view.geo.names[i])
        assert "group" in res.message
        assert view.shake_cell == i
    ok = state.neutral_allowed()[0]
    res = view.click(view.board.point(ok))
    assert str(res.move) == "n:" + view.geo.names[ok]
    # the first click of the turn drops the stone and asks for the neutral next
    before = [
        s
        for s, _ in random_game(5, decline=False, variant="chicken")
        if s.phase == "stone" and s.pair_available() and not s.is_over()
    ][2]
    view = make_view(before)
    cell = next(iter(view.targets))
    res = view.click(view.board.point(cell))
    assert res.move.kind == "stone" and "neutral" in res.message
    after = before.play(res.move)
    view.set_state(after, res.move)
    run_out(view)
    assert after.phase == "neutral or decline"
    assert view.forbidden == set(after.neutral_forbidden())
    surf = surface()
    view.draw(surf)
    assert "Decline" in view.strip_text()[0]


def test_decline_and_colour_actions_exactly_when_legal():
    seen = set()
    for seed in range(4):
        for variant in ("landscape", "chicken"):
            for state, _ in random_game(seed, plies=40, variant=variant):
                view = make_view(state)
                acts = view.actions()
                legal = {str(m) for m in state.legal_moves()}
                offered = {str(a.move) for a in acts}
                assert all(isinstance(a, Action) and a.label for a in acts)
                assert offered <= legal
                want = {m for m in legal if m == "decline" or m.startswith("take:")}
                assert offered == want
                for a in acts:
                    seen.add(a.label)
                    if str(a.move) == "decline":
                        assert a.label == "Decline the neutral"
                        assert "no more neutral stones" in a.explain and "lose" in a.explain
                    state.play(a.move)
    assert {"Decline the neutral", "Play Black", "Play Orange"} <= seen


def test_colour_question_chips_play_the_choice():
    state = GAME.start(seed=11).play("g7")
    view = make_view(state, (1600, 1000))
    surf = surface((1600, 1000))
    view.draw(surf)
    chips = view.chips()
    assert [str(c.move) for c in chips] == ["take:black", "take:orange"]
    for text in ("take:black", "take:orange"):
        pt = view.point_for(text)
        res = view.click(pt)
        assert str(res.move) == text
    res = view.click(view.board.point(view.geo.by_name["a1"]))
    assert res.illegal and "colour" in res.message
    view.interactive = False
    assert view.click(view.point_for("take:black")).move is None
    # the question is gone after the choice
    view.set_state(state.play("take:orange"), "take:orange")
    assert view.chips() == [] and view.point_for("take:black") is None
    run_out(view, surf)


def test_points_for_plays_the_move():
    rng = random.Random(4)
    checked = 0
    for variant in ("landscape", "chicken"):
        for side in (5, 10):
            for state, _ in random_game(7, plies=25, variant=variant, size=side)[::2]:
                if state.is_over():
                    continue
                view = make_view(state, (1600, 1000))
                moves = state.legal_moves()
                for m in rng.sample(moves, min(8, len(moves))):
                    pts = view.points_for(str(m))
                    if str(m) == "decline":
                        assert pts is None  # a button, never a stray click
                        continue
                    assert pts, str(m)
                    res = [view.click(p) for p in pts]
                    assert str(res[-1].move) == str(m)
                    checked += 1
    assert checked > 40
    # moves of the wrong ply have no point
    state = second_ply()
    view = make_view(state)
    empty = next(i for i in range(view.geo.size) if state.stone_at(i) == "empty")
    assert view.point_for(view.geo.names[empty]) is None
    assert view.point_for("zz99") is None and view.point_for("decline") is None


def ending_with_loop(variant, side, seed=1):
    for k in range(60):
        game = random_game(seed + k, variant=variant, size=side)
        if game[-1][0].loop() is not None:
            return game
    raise AssertionError("no loop ending")


@pytest.mark.parametrize("variant,side", [("chicken", 7), ("landscape", 5), ("landscape", 10)])
def test_loop_reveal_animates_ends_and_skips(variant, side):
    game = ending_with_loop(variant, side)
    (prev, _), (final, move) = game[-2], game[-1]
    stones, enclosed = final.loop()
    # the traced path walks through the loop's stones, neighbour to neighbour
    paths = trace_loop(final.geometry, stones, enclosed)
    assert paths and set().union(*map(set, paths)) == set(stones)
    nb = final.geometry.neighbours
    for path in paths:
        for a, b in zip(path, path[1:] + path[:1], strict=False):
            assert b in nb[a] or a == b
    surf = surface()
    view = make_view(prev)
    view.set_state(final, move, animate=True)
    assert view.animating and view._reveal()[0] < 1
    cues = []
    steps = 0
    while view.animating:
        assert steps < MAX_STEPS
        view.update(DT)
        cues += view.pop_events()
        if steps % 4 == 0:
            view.draw(surf)
        steps += 1
    assert "place" in cues and "splay" in cues
    assert view._reveal() == (1.0, 1.0)
    lit = surf.copy()
    view.draw(lit)
    # skip: the final picture at once
    view2 = make_view(prev)
    view2.set_state(final, move, animate=True)
    view2.update(DT)
    view2.skip_animation()
    assert not view2.animating and view2._reveal() == (1.0, 1.0)
    # no animation (the result screen): lit at once
    view3 = make_view(final)
    view3.set_state(final, move, animate=False)
    assert not view3.animating and view3._reveal() == (1.0, 1.0)
    a, b = surface(), surface()
    view2.time = view3.time = 0.0
    view2.draw(a)
    view3.draw(b)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_trace_of_the_flower_and_a_two_cell_ring():
    by_title = {lesson.title: lesson for lesson in LESSONS}
    _, played = work_out(by_title["The flower"])
    final = played[0].after
    stones, enclosed = final.loop()
    path = trace_loop(final.geometry, stones, enclosed)
    assert len(path) == 1 and sorted(path[0]) == sorted(stones) and len(path[0]) == 6
    _, played = work_out(by_title["A loop"])
    final = played[-1].after
    stones, enclosed = final.loop()
    path = trace_loop(final.geometry, stones, enclosed)
    assert len(path) == 1 and len(path[0]) == 8


def test_notices_and_draw_only_draws():
    game = random_game(2, variant="chicken")
    view = make_view(game[0][0])
    surf = surface()
    for state, move in game[1:]:
        view.set_state(state, move)
        before = (view.state, view.timeline.remaining, view.notice, view.time)
        view.draw(surf)
        view.draw(surf)
        assert (view.state, view.timeline.remaining, view.notice, view.time) == before
        run_out(view)
    # a decline shows a notice and plays a click
    state = second_ply()
    view = make_view(state)
    view.set_state(state.play("decline"), "decline")
    assert "declines" in view.notice
    view.update(DT)
    assert "click" in view.pop_events()
    run_out(view)


def test_odd_input_and_not_interactive():
    state = second_ply()
    view = make_view(state)
    for odd in (None, "x", (1,), (-5000, 5000)):
        view.hover(odd)
        assert isinstance(view.click(odd), ClickResult)
    view.interactive = False
    res = view.click(view.board.point(state.neutral_allowed()[0]))
    assert res.move is None
    view.draw(surface())


def test_moves_without_a_cell_mark_no_stray_cell():
    state = second_ply()
    view = make_view(state)
    view.set_state(state.play("decline"), "decline")
    assert view.last_cell == state.pending_stone
    view.hint = "decline"
    assert view.hint_cell() is None
    opening = GAME.start(seed=3).play("g7")
    view = make_view(opening)
    view.hint = "take:orange"
    assert view.hint_cell() is None
    view.draw(surface())
    after = opening.play("take:orange")
    view.set_state(after, after and opening.find_move("take:orange"))
    assert view.last_cell == view.geo.by_name["g7"]
    assert "Orange" in view.notice
    view.hint = "e5"
    assert view.hint_cell() == view.geo.by_name["e5"]
