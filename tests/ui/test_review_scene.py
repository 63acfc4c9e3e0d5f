"""Reviewing a game on screen: the move list as a navigator, the review, playing on from a
move, the GIF overlay, one move count, text that scales, the notation legend."""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import click, click_button, frames, make_app, press, settle

from game import rules
from game.scenes.export import ExportScene
from game.scenes.pause import RulesScene
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.scenes.review import ReviewScene
from game.session import keeping, records, review, turns
from game.session.seats import Seat
from game.ui import widgets
from game.ui.widgets import line_height, set_text_scale, text_scale_for

HUMANS = [Seat("human"), Seat("human")]


def played(app, game_id: str, plies: int, seed: int = 3, seats=HUMANS):
    """A match of ``plies`` random moves (fewer when the game ends first)."""
    m = app.new_match(rules.get(game_id), {}, list(seats))
    rng = random.Random(seed)
    while not m.over and m.ply < plies:
        m.play(rng.choice(m.state.legal_moves()), animate=False)
    return m


def play_scene(app, match) -> PlayScene:
    scene = PlayScene(app, match.game, match=match)
    app.push(scene)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_clicking_a_move_in_the_list_shows_that_position_and_end_resumes(game_id):
    app = make_app()
    m = played(app, game_id, 12)
    scene = play_scene(app, m)
    ml = scene.panel.moves
    assert ml.turns and ml.point_of(0) is not None
    t = ml.turns[1] if len(ml.turns) > 1 else ml.turns[0]
    click(app, ml.point_of(t.index))
    frames(app, 2)
    assert scene.browsing == t.position
    assert str(scene.view.state) == str(m.states[t.position])
    assert not scene.view.interactive  # browsing is a view: no move can be made on it
    assert m.ply == len(m.move_objs)  # nothing was played or taken back
    press(app, pygame.K_COMMA)  # the arrows move the board cursor: , and . browse
    assert scene.browsing == t.position - 1
    assert str(scene.view.state) == str(m.states[t.position - 1])
    press(app, pygame.K_HOME)
    assert scene.browsing == 0 and str(scene.view.state) == str(m.states[0])
    press(app, pygame.K_END)
    assert scene.browsing is None
    assert str(scene.view.state) == str(m.state)
    assert scene.view.interactive == m.interactive
    app.shutdown()


def test_a_click_on_the_board_while_browsing_goes_back_to_the_game():
    app = make_app()
    m = played(app, "splay", 8)
    scene = play_scene(app, m)
    press(app, pygame.K_COMMA)
    press(app, pygame.K_PAGEUP)
    assert scene.browsing == m.ply - 2
    before = m.ply
    click(app, scene.board_rect.center)
    assert scene.browsing is None and m.ply == before  # the click played nothing
    app.shutdown()


def test_the_computer_moves_while_the_player_browses_and_the_view_stays():
    app = make_app()
    m = played(app, "splay", 6, seats=[Seat("human"), Seat("computer", "easy")])
    scene = play_scene(app, m)
    settle(app, scene)
    press(app, pygame.K_HOME)
    human_move = m.state.legal_moves()[0]
    scene.browse_to(m.ply)  # back to the game to move, then browse again
    assert scene.try_move(human_move)
    press(app, pygame.K_HOME)
    settle(app, scene)  # the computer replies
    assert m.state.player == 0 or m.over
    assert scene.browsing == 0
    assert str(scene.view.state) == str(m.states[0])
    press(app, pygame.K_END)
    assert str(scene.view.state) == str(m.state)
    app.shutdown()


def test_one_move_count_everywhere():
    app = make_app()
    m = played(app, "gliss", 9)
    ts = turns.turns_of(m.states, m.move_objs)
    assert turns.rows(ts) == 5  # 9 turns of one move: rows 1..5
    scene = play_scene(app, m)
    assert scene.panel.corner_text() == "move 5"  # the tenth turn is row 5's second
    assert turns.position_label(ts, 9, ["Red", "Blue"]).startswith("Move 5, Red: ")
    assert turns.moves_text(turns.rows(ts)) == "5 moves"
    # Glorieta's stone and neutral stone are one turn: two moves in one cell
    g = app.new_match(rules.get("glorieta"), {"variant": "chicken"}, HUMANS)
    rng = random.Random(1)
    while g.ply < 8 and not g.over:
        g.play(rng.choice(g.state.legal_moves()), animate=False)
    gt = turns.turns_of(g.states, g.move_objs)
    assert sum(t.last - t.first + 1 for t in gt) == g.ply
    for a, b in zip(gt, gt[1:], strict=False):
        assert a.mover != b.mover
    app.shutdown()


def test_result_screen_move_list_shows_a_clicked_position():
    app = make_app()
    m = played(app, "splay", 300)
    assert m.over
    scene = ResultScene(app, m)
    app.push(scene)
    frames(app, 3)
    ml = scene.moves
    assert ml.rect.height > line_height(18)
    ml.first_row = 0
    click(app, ml.point_of(0))
    assert scene.index == ml.turns[0].position
    assert str(scene.view.state) == str(m.states[scene.index])
    press(app, pygame.K_END)
    assert scene.index == m.ply
    app.shutdown()


def review_of(app, match, **kw) -> ReviewScene:
    scene = ReviewScene(app, match, **kw)
    app.push(scene)
    frames(app, 2)
    return scene


def run_review(app, scene, limit: int = 3000) -> None:
    for _ in range(limit):
        if scene.analyser is None and not scene.reviewing:
            return
        frames(app, 1)
    raise AssertionError("the review did not finish")


def test_review_values_every_position_saves_and_reopens_reviewed(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    app = make_app(iterations=30)
    m = played(app, "splay", 16)
    scene = review_of(app, m)
    assert scene.analysis is None
    click_button(app, scene.b_quick)
    assert scene.reviewing
    run_review(app, scene)
    assert scene.analysis is not None and scene.analysis.complete
    assert len(scene.graph.chances) == m.ply + 1
    assert all(c is not None for c in scene.graph.chances)
    assert len(scene.reviews) == m.ply
    # it was saved with the game, and the saved game reopens reviewed
    assert m.saved_path and "analysis" in open(m.saved_path, encoding="utf-8").read()
    # Quick checked its marks and proofs at its check budget (Deep's, scaled as the tries)
    spec = review.BUDGETS["quick"]
    check = round(30 * spec["check"] / spec["iterations"])  # 90 at 1,000 and 3,000
    saved = open(m.saved_path, encoding="utf-8").read()
    assert scene.analysis.check == check and f"check={check}" in saved
    assert scene.counts_text()[-1][0] == f"Rough: 30 tries; marks checked at {check}"
    rec = records.load_file(m.saved_path)
    again = keeping.match_of(app, rec)
    assert again.analysis is not None and again.analysis.complete
    second = review_of(app, again)
    assert second.analysis is not None and second.analyser is None
    assert second.graph.chances == scene.graph.chances
    # a click on the graph jumps to that position
    x = second.graph.x_of(5)
    click(app, (x, second.graph.rect.centery))
    assert second.index == 5
    app.shutdown()


def test_a_review_can_be_cancelled_and_keeps_what_it_valued():
    app = make_app(iterations=30)
    m = played(app, "gliss", 10)
    scene = review_of(app, m, analyse="quick")
    frames(app, 3)
    assert scene.reviewing
    click_button(app, scene.b_cancel)
    frames(app, 1)
    assert scene.analyser is None
    assert m.analysis is None  # not complete: not kept with the game
    app.shutdown()


def test_a_marked_move_shows_the_better_move_on_the_board():
    app = make_app(iterations=30)
    m = played(app, "splay", 20, seed=8)
    scene = review_of(app, m, analyse="quick")
    run_review(app, scene)
    marked = [r for r in scene.reviews if r.label and r.best]
    assert marked, "a random game has marked moves"
    rv = marked[0]
    scene.go(rv.ply + 1)
    frames(app, 1)
    assert scene.b_better.visible
    press(app, pygame.K_b)
    assert scene.better
    assert str(scene.view.state) == str(m.states[rv.ply])  # the position before the move
    assert str(scene.view.hint) == rv.best
    press(app, pygame.K_b)
    assert not scene.better and str(scene.view.state) == str(m.states[rv.ply + 1])
    app.shutdown()


@pytest.mark.parametrize("hotseat", [False, True])
def test_play_on_from_move_k_keeps_the_first_k_moves(hotseat):
    app = make_app()
    m = played(app, "glades", 14, seats=[Seat("human"), Seat("computer", "hard")])
    scene = review_of(app, m, start=0)
    k = 7
    scene.go(k)
    click_button(app, scene.b_hotseat if hotseat else scene.b_retry)
    frames(app, 1)
    play = app.scene
    assert isinstance(play, PlayScene)
    new = play.match
    assert new.moves[:k] == m.moves[:k] and new.ply == k
    assert str(new.states[0]) == str(m.states[0])
    if hotseat:
        assert not any(s.computer for s in new.seats)
    else:
        assert not new.seats[0].computer and new.seats[1] == Seat("computer", "hard")
    app.shutdown()


def test_play_on_is_refused_at_the_end_of_a_finished_game():
    app = make_app()
    m = played(app, "splay", 400)
    assert m.over
    scene = review_of(app, m)
    frames(app, 1)
    assert not scene.b_retry.enabled
    scene.retry(False)
    assert app.scene is scene
    app.shutdown()


def test_the_gif_overlay_writes_a_gif_that_decodes(tmp_path, monkeypatch):
    Image = pytest.importorskip("PIL.Image")
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    app = make_app()
    m = played(app, "splay", 5)
    scene = review_of(app, m)
    click_button(app, scene.b_gif)
    frames(app, 1)
    over = app.scene
    assert isinstance(over, ExportScene)
    over.c_frames.set_value(False)  # a still per move
    click_button(app, over.b_write)
    for _ in range(400):
        if app.scene is not over:
            break
        frames(app, 1)
    assert app.scene is scene
    files = list((tmp_path / "data" / "exports").glob("*.gif"))
    assert len(files) == 1
    with Image.open(files[0]) as im:
        assert im.n_frames >= m.ply
    app.shutdown()


def test_the_png_button_writes_the_position(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    app = make_app()
    m = played(app, "gess", 4)
    scene = review_of(app, m, start=2)
    click_button(app, scene.b_png)
    files = list((tmp_path / "data" / "exports").glob("*.png"))
    assert len(files) == 1 and pygame.image.load(str(files[0])).get_width() > 100
    app.shutdown()


def test_theme_text_grows_with_the_window_but_not_below_the_design():
    assert text_scale_for((800, 600)) == 1.0
    assert text_scale_for((1280, 800)) == 1.0
    assert text_scale_for((1600, 1000)) == 1.25
    assert text_scale_for((4000, 3000)) == 1.5
    small = line_height(18)
    plain_size = next(n for n in range(9, 60) if n not in widgets._ROLES)  # not a theme role
    plain = line_height(plain_size)
    try:
        set_text_scale((1600, 1000))
        assert line_height(18) > small
        assert line_height(plain_size) == plain  # plain pixel sizes do not scale
        assert widgets.pixels(plain_size) == plain_size
    finally:
        set_text_scale((800, 600))
    assert line_height(18) == small


def test_the_play_panel_widens_with_its_text():
    """The side panel keeps its designed width up to the default window and grows with the
    type after that, so a line that fits at 1280x800 still fits at full HD."""
    from game import theme
    from game.ui.play_panel import PlayPanel
    from game.ui.widgets import text_size

    line = "7 black, 7 orange, 12 neutral, 101 empty"  # a Glorieta status line
    try:
        widths = {}
        for size in ((800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
            set_text_scale(size)
            board, side = PlayPanel.split(size)
            widths[size] = side.width
            assert board.right < side.left and side.right <= size[0]
            assert board.width > side.width  # the board keeps most of the window
            if size != (800, 600):
                fits = side.width - 2 * theme.PAD
                assert text_size(line, theme.FONT_TINY)[0] <= fits, size
        assert widths[(800, 600)] == 266 and widths[(1280, 800)] == theme.PANEL_WIDTH
        assert widths[(3840, 2160)] == int(theme.PANEL_WIDTH * theme.TEXT_SCALE_MAX)
    finally:
        set_text_scale((800, 600))


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_the_rules_page_shows_the_notation_legend(game_id):
    app = make_app()
    scene = RulesScene(app, rules.get(game_id))
    app.push(scene)
    frames(app, 2)
    assert scene.legend_lines and scene.legend_lines[0].startswith("Notation: ")
    app.shutdown()


def test_n_and_p_jump_between_marked_moves_and_a_review_waits_for_the_worker():
    app = make_app(iterations=30)
    m = played(app, "splay", 20, seed=8)
    app.live_ai = lambda: None  # the computer's process is not up yet: the review waits
    scene = review_of(app, m, start=0, analyse="quick")
    assert scene.reviewing and scene.analyser is None
    del app.live_ai  # the process is there
    run_review(app, scene)
    marked = [r.ply + 1 for r in scene.reviews if r.label]
    assert marked, "random moves are marked"
    press(app, pygame.K_n)
    assert scene.index == marked[0]
    press(app, pygame.K_END)
    press(app, pygame.K_p)
    assert scene.index == max(p for p in marked if p < m.ply)
    app.shutdown()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_short_panel_puts_analyse_beside_the_exports_to_leave_the_move_list_rows(size):
    """At 800x600 the panel is narrow and short: Analyse shares the exports' row, so the
    move list keeps room for its rows; a tall panel has the room either way."""
    app = make_app(size=size)
    scene = review_of(app, played(app, "gliss", 12))
    gif, analyse, back = scene.b_gif.rect, scene.b_analyse.rect, scene.b_back.rect
    assert analyse.y == gif.y == back.y and gif.right < analyse.x < back.x
    assert not analyse.colliderect(gif) and not analyse.colliderect(back)
    app.shutdown()
