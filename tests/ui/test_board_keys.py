"""Issue 29 in the scenes that came after it: the analysis board, the exercises and the
learn-from-mistakes scene take a move with the board cursor (arrows, Q/E/Z/C, Enter) and
a typed one with "/" (the rules' reason for a bad text), on a hex board and a square one;
letters typed in the move box never reach the scenes' one-letter shortcuts."""

from __future__ import annotations

import pygame
import pytest
from keys_support import cursor_clicks, key, open_box, type_text
from review_support import SCENARIOS, analysed, scripted
from test_client_support import frames, make_app

from game import rules
from game.scenes.mistakes import MistakesScene
from game.session.seats import Seat
from game.ui import flow, keys
from game.ui.move_entry import squash


@pytest.fixture
def app(data):
    a = make_app()
    a.set_animation_speed(0.0)
    yield a
    a.shutdown()


def refused_text(state) -> tuple[str, str]:
    """A text that is no legal move here (nor the start of one), and the rules' reason."""
    legal = [squash(str(m)) for m in state.legal_moves()]
    for text in ("a1", "b2-b3", "a1-a2", "a1:1-a2:1", "zz9", "c6>off"):
        if any(m.startswith(squash(text)) for m in legal):
            continue
        try:
            state.find_move(text)
        except ValueError as exc:
            if str(exc):
                return text, str(exc)
    raise AssertionError("every text was a legal move")


def type_move(app, text: str) -> None:
    open_box(app)
    assert app.scene.text_input_active
    type_text(app, text)
    key(app, pygame.K_RETURN)


def check_refusal(app, scene, state) -> None:
    """A bad text: the box stays open with the rules' reason; Esc closes it."""
    text, reason = refused_text(state)
    open_box(app)
    type_text(app, text)
    key(app, pygame.K_RETURN)
    box = scene.board_keys.box
    assert box.active and box.reason == reason, (box.reason, reason)
    frames(app, 1)  # drawn with its reason
    key(app, pygame.K_ESCAPE)
    assert not box.active and app.scene is scene


# --- the analysis board ---------------------------------------------------------------------
def analysis(app, gid):
    game = rules.get(gid)
    scene = flow.push(app, "analysis", game, game.start(), [])
    frames(app, 2)
    return scene


@pytest.mark.parametrize("gid", ["splay", "gess"])
def test_analysis_takes_a_move_by_the_cursor_and_a_typed_one(app, gid):
    scene = analysis(app, gid)
    start = scene.node.state
    first = start.legal_moves()[0]
    cursor_clicks(app, scene, scene.view.points_for(str(first)))
    assert scene.tree.to_text() == str(first) and scene.host.cursor_shown
    after = scene.node.state
    check_refusal(app, scene, after)
    second = after.legal_moves()[-1]
    type_move(app, str(second).upper())  # case forgiven
    assert scene.node.moves() == [str(first), str(second)]
    assert not scene.board_keys.typing
    # , and . step along the line now that the arrows move the cursor
    key(app, pygame.K_COMMA)
    assert scene.node.moves() == [str(first)]
    key(app, pygame.K_PERIOD)
    assert scene.node.moves() == [str(first), str(second)]


def test_analysis_box_letters_are_text_and_the_legend_names_the_keys(app):
    scene = analysis(app, "splay")
    type_move(app, "f6")
    key(app, pygame.K_COMMA)
    type_move(app, "d4")  # a variation: P would promote it
    assert not scene.node.is_main
    muted = app.muted
    open_box(app)
    type_text(app, "pmhru")
    assert scene.board_keys.box.text == "pmhru"
    assert not scene.node.is_main and app.muted == muted  # P and M were letters
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene  # Esc closed the box, not the scene
    key(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert scene.board_keys.legend_open
    lines = scene.board_keys.legend()
    assert any("up-left" in line for line in lines)  # the hex map
    assert any("PageUp" in line for line in lines)
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert not scene.board_keys.legend_open and app.scene is scene


def test_analysis_refuses_a_move_in_a_finished_position(app):
    scene = analysis(app, "splay")
    scene.node.state.is_over = lambda: True  # (this node only: a finished game's last)
    open_box(app)
    assert not scene.board_keys.typing


# --- the exercises --------------------------------------------------------------------------
def exercise(app, gid, index):
    scene = flow.push(app, "exercise", gid, index)
    frames(app, 2)
    return scene


@pytest.mark.parametrize("gid", ["splay", "gess"])
def test_an_exercise_solved_by_the_cursor_then_by_typing(app, gid):
    scene = exercise(app, gid, 0)
    solution = scene.exercise.solution[0]
    cursor_clicks(app, scene, scene.view.points_for(solution))
    assert scene.attempt.solved, scene.refusal
    frames(app, 30)
    key(app, pygame.K_r)  # retry: the same again, typed
    assert not scene.attempt.over
    check_refusal(app, scene, scene.attempt.state)
    type_move(app, " ".join(solution.upper()))  # case and spaces forgiven
    assert scene.attempt.solved and not scene.board_keys.typing


def test_exercise_box_letters_are_not_shortcuts(app):
    scene = exercise(app, "splay", 0)
    open_box(app)
    type_text(app, "rhu")
    assert not scene.show_hint and scene.attempt.used == 0
    assert scene.board_keys.box.text == "rhu"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.board_keys.typing
    key(app, pygame.K_PERIOD)  # the next exercise: . now the arrows move the cursor
    assert scene.index == 1
    key(app, pygame.K_PAGEUP)
    assert scene.index == 0


def test_exercise_buttons_by_tab_and_back_to_the_board_by_an_arrow(app):
    scene = exercise(app, "splay", 0)
    for _ in range(12):
        if scene.ui.focused is scene.b_hint:
            break
        key(app, pygame.K_TAB)
    assert scene.ui.focused is scene.b_hint
    key(app, pygame.K_RETURN)  # the focused button, not the board
    assert scene.show_hint and not scene.host.cursor_shown
    key(app, pygame.K_LEFT)
    assert scene.ui.focused is None and scene.host.cursor_shown
    cursor_clicks(app, scene, scene.view.points_for(scene.exercise.solution[0]))
    assert scene.attempt.solved


def test_exercise_esc_cancels_a_half_made_move_first(app):
    scene = exercise(app, "gess", 0)
    view = scene.view
    src = view.points_for(scene.exercise.solution[0])[0]
    cursor_clicks(app, scene, [src])
    assert view.has_selection()
    key(app, pygame.K_ESCAPE)
    assert not view.has_selection() and app.scene is scene


# --- learn from your mistakes ---------------------------------------------------------------
def mistakes(app, gid):
    game, start, moves, states, p = scripted(gid)
    seats = [Seat("human"), Seat("human")]
    m = app.new_match(game, start.options, seats, start_state=start, moves=moves)
    scene = MistakesScene(app, m, analysed(gid), seats=[states[p].player])
    app.push(scene)
    frames(app, 2)
    while scene.lesson.current.ply != p:
        assert scene.lesson.next()
        scene.show_position()
    return scene, states[p]


def judged(app, scene) -> None:
    for _ in range(300):
        if scene.lesson.verdict is not None:
            return
        frames(app, 1)
    raise AssertionError("no verdict")


@pytest.mark.parametrize("gid", ["splay", "gliss"])
def test_a_mistake_tried_again_by_the_cursor_and_by_typing(gid):
    app = make_app(iterations=60)
    app.set_animation_speed(0.0)
    try:
        scene, before = mistakes(app, gid)
        sc = SCENARIOS[gid]
        cursor_clicks(app, scene, scene.view.points_for(sc["win"]))
        judged(app, scene)
        assert scene.lesson.verdict.move == sc["win"] and scene.lesson.verdict.solved
        key(app, pygame.K_t)  # try again
        assert scene.trying
        check_refusal(app, scene, before)
        open_box(app)
        type_text(app, "tan")  # T, A and N are letters in the box
        assert scene.trying and not scene.answer_shown and scene.board_keys.box.text == "tan"
        key(app, pygame.K_ESCAPE)
        type_move(app, sc["blunder"].upper())
        judged(app, scene)
        assert scene.lesson.verdict.move == sc["blunder"]
        open_box(app)  # judged: no try until T
        assert not scene.board_keys.typing
    finally:
        app.shutdown()


def test_the_board_legend_lists_the_common_keys():
    lines = keys.legend(None, keys.BOARD_COMMON + ["mine"])
    assert lines[-1] == "mine" and any(line.startswith("/ ") for line in lines)
