"""The puzzle screen, by events: reached from the title, a puzzle solved by typed moves and
one failed (the refutation said), the ratings kept in the data folder."""

from __future__ import annotations

import pygame
from test_client_support import click_button, frames, make_app, press

from ai import puzzles as mining
from game import rules
from game.scenes.puzzles import PuzzlesScene
from game.session import puzzles_store as store
from game.ui import flow


def type_move(app, text: str) -> None:
    scene = app.scene
    for _ in range(400):  # the defender's replies are shown one by one
        if scene._can_move() or scene.attempt.over:
            break
        frames(app, 1, 0.05)
    slash = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="/", scancode=0)
    frames(app, 1, events=[slash])
    assert scene.board_keys.typing
    frames(app, 1, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)])
    press(app, pygame.K_RETURN)
    assert not scene.board_keys.typing


def open_screen(app) -> PuzzlesScene:
    flow.push(app, "puzzles", rules.GAMES[0])
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, PuzzlesScene) and scene.attempt is not None
    return scene


def test_title_leads_to_the_puzzles(data):
    app = make_app()
    flow.push(app, "title")
    frames(app, 2)
    button = next(b for b in app.scene.buttons if b.label == "Puzzles")
    click_button(app, button)
    frames(app, 2)
    assert isinstance(app.scene, PuzzlesScene)


def test_a_puzzle_solved_by_typed_moves_raises_the_rating(data):
    app = make_app()
    scene = open_screen(app)
    a = scene.attempt
    assert a.prompt.endswith("to play and win") or "to play and win in" in a.prompt
    while not a.over:
        type_move(app, a.puzzle.solution[a.done])
    assert a.solved and scene.status == "Solved!"
    for _ in range(400):  # a last reply of the defender's (a line may end on it) is shown
        if not scene.queue and not scene.view.animating:
            break
        frames(app, 1, 0.05)
    assert scene.view.state.is_over()  # the board shows the winning position
    rec, note = store.load()
    assert note is None and rec.streak == 1 and rec.player.rating > 1500
    assert rec.history[-1]["id"] == a.puzzle.id and rec.history[-1]["solved"]
    first = a.puzzle.id
    press(app, pygame.K_n)
    assert scene.attempt.puzzle.id != first


def test_a_wrong_move_fails_shows_the_refutation_and_lowers_the_rating(data):
    app = make_app()
    scene = open_screen(app)
    a = scene.attempt
    wrong = next(m for m in a.start.legal_moves() if str(m) != a.puzzle.solution[0])
    type_move(app, str(wrong))
    assert a.failed and scene.status_kind == "bad" and scene.status == a.failed
    rec, _ = store.load()
    assert rec.player.rating < 1500 and rec.streak == 0 and not rec.history[-1]["solved"]
    # a retry is practice: solving it now changes no rating
    press(app, pygame.K_r)
    assert not a.over
    while not a.over:
        type_move(app, a.puzzle.solution[a.done])
    again, _ = store.load()
    assert a.solved and again.player == rec.player and len(again.history) == 1


def test_hint_theme_and_game_choice(data):
    app = make_app()
    scene = open_screen(app)
    press(app, pygame.K_h)
    assert scene.status.startswith("Look for") or scene.status.startswith("The move")
    themes = scene.themes()
    press(app, pygame.K_t)
    assert scene.theme == themes[1] and scene.attempt.puzzle.theme == themes[1]
    press(app, pygame.K_g)
    assert scene.game_id == rules.GAMES[1] and scene.theme is None
    assert scene.attempt.puzzle.game == rules.GAMES[1]
    assert len(scene.puzzles) == len(mining.load(rules.GAMES[1]))


def test_a_corrupt_record_is_said_and_the_screen_opens(data):
    (data / store.FILE_NAME).write_text("][", encoding="utf-8")
    app = make_app()
    scene = open_screen(app)
    assert scene.record.player.rating == 1500


def test_a_puzzle_takes_the_board_cursor_and_enter():
    """The board's keys as in a game: the arrows show and move the cursor, Enter clicks
    there (no mouse needed)."""
    from test_client_support import make_app

    app = make_app()
    try:
        scene = flow.push(app, "puzzles", rules.GAMES[0])
        frames(app, 2)
        press(app, pygame.K_RIGHT)  # the first arrow shows the cursor
        assert scene.host is not None and scene.host.cursor_shown
        before = scene.host.cursor_point()
        press(app, pygame.K_RIGHT)
        assert scene.host.cursor_point() != before
        press(app, pygame.K_SLASH)
        assert scene.board_keys.typing
        press(app, pygame.K_ESCAPE)
        assert not scene.board_keys.typing
    finally:
        app.shutdown()


# --- the review's marked moves become your puzzles ------------------------------------------
def _reviewed(app, gid):
    """The scripted game of ``gid`` (a human, seat 0, throws away a win in one at move 3)
    as a match against the computer, with its review, shown in the review scene."""
    from review_support import analysed, scripted

    from game.scenes.review import ReviewScene
    from game.session.seats import Seat

    game, start, moves, states, p = scripted(gid)
    seats = [Seat("human"), Seat("computer", "easy")]
    m = app.new_match(game, start.options, seats, start_state=start, moves=moves)
    m.analysis = analysed(gid)
    scene = ReviewScene(app, m, start=0)
    app.push(scene)
    frames(app, 3)
    return scene, states, p


def test_the_reviews_blunder_becomes_your_puzzle_by_events(data):
    app = make_app(iterations=60)
    review, states, p = _reviewed(app, "splay")
    assert review.b_practise.visible  # beside "Learn from your mistakes"
    click_button(app, review.b_practise)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, PuzzlesScene) and scene.theme == store.YOURS
    puzzle = scene.attempt.puzzle
    assert puzzle.position == states[p].fen() and puzzle.source == "yours"
    assert puzzle.solution == ["j10"]  # the one winning move, not the blunder i10
    assert [q.id for q in store.load_yours("splay")] == [puzzle.id]
    type_move(app, "j10")
    assert scene.attempt.solved
    # back in the review, a second press finds the same puzzle and keeps it once
    press(app, pygame.K_ESCAPE)
    assert app.scene is review
    press(app, pygame.K_u)
    assert isinstance(app.scene, PuzzlesScene)
    assert len(store.load_yours()) == 1
    app.shutdown()


def test_a_blunder_with_several_winning_moves_is_no_puzzle(data):
    app = make_app(iterations=60)
    review, _states, _p = _reviewed(app, "gliss")  # four moves win there: not unique
    click_button(app, review.b_practise)
    frames(app, 2)
    assert app.scene is review and store.load_yours() == []
    assert "The marked move is no puzzle" in app.toast.text
    app.shutdown()
