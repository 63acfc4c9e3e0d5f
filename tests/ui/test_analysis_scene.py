"""The analysis board on screen, driven by events: play a branch on the board, step
through the tree, promote and delete, the computer's live look, save and reopen."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import click, click_button, frames, make_app, press

from game import rules
from game.scenes.analysis import AnalysisScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.session import records
from game.session.seats import Seat
from game.ui import flow


@pytest.fixture
def app(data):
    a = make_app()
    yield a
    a.shutdown()


def board(app, moves=("f6", "e5"), **kw) -> AnalysisScene:
    game = rules.get("splay")
    scene = flow.push(app, "analysis", game, game.start(), list(moves), **kw)
    frames(app, 3)
    return scene


def play_on_board(scene, notation: str) -> None:
    scene.host.skip()
    for point in scene.view.points_for(notation):
        click(scene.app, point)
    frames(scene.app, 2)


def test_moves_on_the_board_make_a_line_then_a_variation(app):
    scene = board(app)
    assert scene.node.moves() == ["f6", "e5"]  # the end of the line
    play_on_board(scene, "g7")
    assert scene.tree.to_text() == "f6 e5 g7" and scene.node.move == "g7"
    press(app, pygame.K_COMMA)
    press(app, pygame.K_COMMA)
    assert scene.node.moves() == ["f6"]
    play_on_board(scene, "d4")
    assert scene.tree.to_text() == "f6 e5 (d4) g7"
    assert scene.node.moves() == ["f6", "d4"] and not scene.node.is_main
    # the list shows the variation indented under the move it stands in for
    assert [(d, n.move) for d, n in scene.rows] == [(0, "f6"), (0, "e5"), (1, "d4"), (0, "g7")]
    play_on_board(scene, "d4")  # occupied by White's own tower: Black cannot stack there
    assert scene.tree.size() == 4


def test_promote_and_delete_with_the_keys_and_the_buttons(app):
    scene = board(app, ("f6", "e5", "g7"))
    press(app, pygame.K_HOME)
    press(app, pygame.K_PERIOD)
    play_on_board(scene, "d4")
    play_on_board(scene, "c3")
    assert scene.tree.to_text() == "f6 e5 (d4 c3) g7"
    press(app, pygame.K_p)
    assert scene.tree.to_text() == "f6 d4 (e5 g7) c3"
    assert scene.node.is_main and not scene.b_promote.enabled
    press(app, pygame.K_PAGEUP)  # up the list: g7, the end of the variation now
    assert scene.node.moves() == ["f6", "e5", "g7"]
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_PAGEUP)
    assert scene.node.moves() == ["f6", "d4"]
    click_button(app, scene.b_delete)
    assert scene.tree.to_text() == "f6 e5 g7" and scene.node.moves() == ["f6"]
    press(app, pygame.K_END)
    assert scene.node.moves() == ["f6", "e5", "g7"]
    press(app, pygame.K_DELETE)
    assert scene.tree.to_text() == "f6 e5"


def test_a_click_in_the_list_shows_that_position(app):
    scene = board(app, ("f6", "e5", "g7"))
    frames(app, 1)
    node, rect = scene.row_rects[1]
    click(app, rect.center)
    assert scene.node is node and scene.view.state == node.state


def look(app, scene) -> None:
    """Frames until the computer's look at the position shown is done (300 at most)."""
    for _ in range(300):
        frames(app, 1)
        if scene.top_moves() and not scene.thinking:
            break


def test_the_computer_values_the_position_shown_and_its_move_can_be_played(app):
    scene = board(app)
    look(app, scene)
    assert scene.top_moves() and scene.chance0() is not None
    assert 0.0 <= scene.chance0() <= 1.0  # a chance, never a value in [-1, 1]
    assert scene.searched is scene.node
    best = scene.top_moves()[0][0]
    frames(app, 1)
    click(app, scene.top_rects[0].center)
    assert scene.node.move == best and scene.node.parent.moves() == ["f6", "e5"]
    assert scene.thinking or scene.searched is scene.node  # a new look for the new position


def test_a_position_analysed_before_shows_its_search_at_once(app):
    """Stepping back to a position whose search finished shows that search (its bar, its
    tries and its top moves) at once, without a new search; a new position is searched."""
    scene = board(app)
    look(app, scene)
    done = scene.progress
    assert done["type"] == "result" and not scene.thinking
    first = scene.node
    press(app, pygame.K_COMMA)
    frames(app, 2)
    assert scene.node is first.parent and scene.progress is not done  # its own search
    press(app, pygame.K_PERIOD)
    frames(app, 1)
    assert scene.node is first and not scene.thinking
    assert scene.progress is done and scene.estimate()["iterations"] == done["iterations"]


def test_the_bar_says_who_is_ahead_and_the_tries_as_the_play_panel_does(app):
    from game.ui.play_panel import verdict_lines

    scene = board(app)
    look(app, scene)
    est = scene.estimate()
    msg = scene.progress
    assert est is not None and est["chance"] == scene.chance0()
    assert est["iterations"] == msg["iterations"] > 0 and est["proven"] is None
    names = scene.names()
    lines = verdict_lines(est, names, scene.panel_rect.width)
    assert lines[-1].endswith(f"after {msg['iterations']:,} tries")
    # a proof reads as the play panel's does, with the winner's moves
    scene.progress = dict(msg, proven=1, pv=[])
    won = scene.estimate()
    assert won["proven"] == (1 if scene.node.state.player == 0 else -1) and won["moves"] is None
    assert verdict_lines(won, names, 400)[0].endswith("wins by force")
    frames(app, 1)  # drawn without a fault
    scene.progress = None
    assert scene.estimate() is None


def test_the_analysis_saves_and_reopens_with_its_variations(app, data):
    scene = board(app, ("f6", "e5", "g7"))
    press(app, pygame.K_HOME)
    press(app, pygame.K_PERIOD)
    play_on_board(scene, "d4")
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    path = scene.saved_path
    assert path and str(data) in path
    rec = records.load_file(path)
    assert rec.moves == ["f6", "e5", "g7"] and rec.variations == "f6 e5 (d4) g7"
    play_on_board(scene, "c3")
    click_button(app, scene.b_save)  # the same file, rewritten
    assert scene.saved_path == path
    assert records.load_file(path).variations == "f6 e5 (d4 c3) g7"
    again = flow.push(
        app,
        "analysis",
        rec.game_id and rules.get(rec.game_id),
        rec.start,
        rec.moves,
        records.load_file(path).variations,
    )
    frames(app, 2)
    assert again.tree.to_text() == "f6 e5 (d4 c3) g7"


def test_play_here_starts_a_game_from_the_position_shown(app):
    scene = board(app, ("f6", "e5", "g7"))
    press(app, pygame.K_COMMA)
    click_button(app, scene.b_play)
    frames(app, 2)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.match.moves == ["f6", "e5"]


def test_opened_from_the_review_and_from_the_pause_menu(app):
    game = rules.get("splay")
    m = app.new_match(game, {}, [Seat("human"), Seat("human")])
    for mv in ("f6", "e5", "g7"):
        m.play(mv, animate=False)
    review = flow.push(app, "review", m)
    frames(app, 2)
    review.go(2)
    click_button(app, review.b_analyse)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, AnalysisScene)
    assert scene.tree.main_moves() == ["f6", "e5", "g7"] and scene.node.moves() == ["f6", "e5"]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ReviewScene)
    app.reset(PlayScene(app, game, match=m))
    frames(app, 2)
    app.scene.open_pause()
    frames(app, 2)
    button = next(b for b in app.scene.buttons if b.label == "Analysis board")
    click_button(app, button)
    frames(app, 2)
    assert isinstance(app.scene, AnalysisScene) and app.scene.tree.main_moves() == m.moves


def test_a_saved_tree_comes_back_with_the_game_it_was_saved_with(app, data):
    """A game opened from a record keeps its variations: the review's Analyse shows them."""
    from game.session import keeping

    scene = board(app, ("f6", "e5"))
    press(app, pygame.K_COMMA)
    play_on_board(scene, "d4")
    scene.save()
    rec = records.load_file(scene.saved_path)
    match = keeping.match_of(app, rec)
    assert match.variations == "f6 e5 (d4)"
    # kept when the game is saved again
    assert records.loads(records.dumps_match(match)).variations == "f6 e5 (d4)"
    flow.push(app, "review", match)
    frames(app, 2)
    press(app, pygame.K_a)
    assert isinstance(app.scene, AnalysisScene) and app.scene.tree.to_text() == "f6 e5 (d4)"


def test_moves_not_made_on_the_board_are_buttons(app):
    """Glorieta's colour choice after the first stone: the view's actions, as in a game."""
    game = rules.get("glorieta")
    start = game.start(seed=3)
    first = str(start.legal_moves()[0])
    scene = flow.push(app, "analysis", game, start, [first])
    frames(app, 3)
    labels = [b.label for b in scene.action_buttons]
    assert len(labels) == 2 and all(b.rect.width > 0 for b in scene.action_buttons)
    click_button(app, scene.action_buttons[0])
    assert scene.node.parent.moves() == [first] and scene.node.move.startswith("take:")
    frames(app, 2)
    assert scene.action_buttons == []  # none in the next position


def test_an_analysis_opened_from_a_saved_game_is_kept_with_its_file(app, data):
    from game.session import keeping

    game = rules.get("splay")
    m = app.new_match(game, {}, [Seat("human"), Seat("human")])
    for mv in ("f6", "e5", "g7"):
        m.play(mv, animate=False)
    path = keeping.save(app, m)
    m.saved_path = path
    flow.push(app, "review", m)
    frames(app, 2)
    press(app, pygame.K_a)
    scene = app.scene
    press(app, pygame.K_HOME)
    press(app, pygame.K_PERIOD)
    play_on_board(scene, "d4")
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.saved_path == path  # the game's own file, not a new one
    assert records.load_file(path).variations == "f6 e5 (d4) g7"
    assert m.variations == "f6 e5 (d4) g7"  # and the game in memory has it too
    press(app, pygame.K_p)  # the main line changes: no longer that game's moves
    click_button(app, scene.b_save)
    assert scene.saved_path != path and records.load_file(path).variations == "f6 e5 (d4) g7"
    assert records.load_file(scene.saved_path).moves == ["f6", "d4"]


def test_the_analysis_thinks_its_whole_time_even_over_one_forced_move(app, monkeypatch):
    """A level in play answers a lone forced move after ONE_MOVE_TRIES tries; the analysis
    board's search, whose point is the value, asks to think its whole time regardless."""
    from ai.mcts import ONE_MOVE_TRIES
    from ai.worker import default_bot

    sent = []
    ai = app.live_ai()
    monkeypatch.setattr(app, "ai_overrides", {})  # the scene's own request, as the app sends it
    monkeypatch.setattr(ai, "request", lambda state, spec, rid: sent.append(dict(spec)))
    board(app)
    assert sent and sent[-1]["time_limit"] > 0
    assert default_bot(sent[-1]).one_move_tries is None
    assert default_bot({"level": "hard"}).one_move_tries == ONE_MOVE_TRIES
