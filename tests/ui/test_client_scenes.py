"""The scenes driven with synthetic events: whole games, undo/redo, demo, shortcuts, resize."""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import (
    click,
    click_button,
    frames,
    make_app,
    press,
    settle,
)

from game import rules
from game.scenes.demo import DemoScene
from game.scenes.pause import ConfirmScene, PauseScene, RulesScene, SettingsScene
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.scenes.review import ReviewScene as ReplayScene
from game.scenes.select import SelectScene
from game.scenes.title import TitleScene
from game.session.seats import Seat

SPLAY = rules.get("splay")


def click_move(app, scene, notation: str) -> None:
    """Click where the view says ``notation`` is played (skipping any animation first)."""
    view = scene.view
    if view.animating:
        click(app, view.rect.center)  # a click skips the animation
        assert not view.animating
    pos = view.point_for(notation)
    assert pos is not None, f"the view gives no point for {notation}"
    click(app, pos)


def test_hotseat_splay_clicked_to_the_result():
    app = make_app()
    scene = PlayScene(app, SPLAY, {}, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 2)
    rng = random.Random(5)
    plies = 0
    while app.scene is scene and not scene.match.over:
        moves = [str(m) for m in scene.match.state.legal_moves()]
        before = scene.match.ply
        click_move(app, scene, rng.choice(moves))
        assert scene.match.ply == before + 1, scene.note.text
        plies += 1
        assert plies < 400
    for _ in range(200):
        if isinstance(app.scene, ResultScene):
            break
        frames(app, 1, 0.1)
    result = app.scene
    assert isinstance(result, ResultScene)
    assert result.winner == scene.match.state.winner()
    assert result.scores == scene.match.state.scores()
    assert result.reason
    frames(app, 5)
    # replay steps through every move, then back to the result
    click_button(app, result.b_replay)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    press(app, pygame.K_SPACE)  # pause the autoplay
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    assert replay.index == 5
    press(app, pygame.K_LEFT)
    assert replay.index == 4
    press(app, pygame.K_END)
    assert replay.index == len(replay.states) - 1
    press(app, pygame.K_ESCAPE)
    assert app.scene is result
    click_button(app, result.b_rematch)
    assert isinstance(app.scene, PlayScene) and app.scene.match.ply == 0
    app.shutdown()


def test_illegal_click_gets_a_message_and_no_move():
    app = make_app()
    scene = PlayScene(app, SPLAY, {}, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 2)
    click(app, scene.view.point_for("a1"))  # a border cell: never a placement
    assert scene.match.ply == 0
    assert scene.note.active and scene.note.kind == "bad"
    assert scene.flash.get("illegal") is not None
    frames(app, 60)
    app.shutdown()


def test_against_the_computer_with_undo_and_redo():
    app = make_app(iterations=20)
    scene = PlayScene(app, SPLAY, {}, [Seat("human"), Seat("computer", "easy")])
    app.push(scene)
    m = scene.match
    rng = random.Random(2)
    for _ in range(4):
        settle(app, scene)
        assert m.human_turn
        click_move(app, scene, str(rng.choice(m.state.legal_moves())))
        settle(app, scene)
    assert m.ply == 8 and m.human_turn
    assert m.last_result is not None and m.last_result["move"] in m.moves
    # undo goes back to the human's own last turn (two plies)
    press(app, pygame.K_u)
    assert m.ply == 6 and m.human_turn and len(m.redo_stack) == 2
    click_button(app, scene.b_undo)
    assert m.ply == 4 and m.human_turn
    press(app, pygame.K_y)
    assert m.ply == 6 and m.human_turn
    click_button(app, scene.b_redo)
    assert m.ply == 8 and not m.redo_stack
    press(app, pygame.K_y)  # nothing to redo: a message, no change
    assert m.ply == 8 and scene.note.kind == "warn"
    # a hint: the AI runs for the human and the view shows the move
    press(app, pygame.K_h)
    frames(app, 3)
    assert m.hint is not None and scene.view.hint == m.hint
    assert m.hint in [str(x) for x in m.state.legal_moves()]
    # undo while the computer would think: the request is cancelled
    click_move(app, scene, m.hint)
    assert m.computer_turn
    frames(app, 1)
    press(app, pygame.K_u)
    assert m.human_turn and m.req_id is None and m.pending is None
    # resign asks first, and a double click cannot answer the question
    click_button(app, scene.b_resign)
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and not m.over
    click(app, scene.b_resign.rect.center)  # the second click of a double click
    click(app, ask.b_yes.rect.center)
    assert app.scene is ask and not m.over
    frames(app, 40, 0.02)  # the question wakes up
    click_button(app, ask.b_no)  # "Play on"
    assert app.scene is scene and not m.over
    click_button(app, scene.b_resign)
    frames(app, 40, 0.02)
    click_button(app, app.scene.b_yes)
    assert m.over and m.resigned == 0 and m.winner() == 1
    for _ in range(40):
        frames(app, 1, 0.1)
    assert isinstance(app.scene, ResultScene)
    assert "resigned" in app.scene.reason
    app.shutdown()


def test_computer_opens_and_undo_returns_to_start():
    app = make_app(iterations=10)
    scene = PlayScene(app, SPLAY, {}, [Seat("computer", "easy"), Seat("human")])
    app.push(scene)
    settle(app, scene)
    m = scene.match
    assert m.ply == 1 and m.human_turn
    click_move(app, scene, str(m.state.legal_moves()[0]))
    settle(app, scene)
    assert m.ply == 3
    press(app, pygame.K_u)
    assert m.ply == 1 and m.human_turn
    press(app, pygame.K_u)  # back before the computer's first move: it plays again
    assert m.ply == 0
    settle(app, scene)
    assert m.ply == 1
    app.shutdown()


def test_demo_runs_to_its_end():
    app = make_app(iterations=8)
    scene = DemoScene(app, "splay")
    app.push(scene)
    for _ in range(3000):
        if isinstance(app.scene, ResultScene):
            break
        frames(app, 1, 0.125)
    assert isinstance(app.scene, ResultScene)
    m = app.scene.match
    assert m.over and (m.state.is_over() or m.unfinished)
    # Rematch on a demo's result is another demo
    click_button(app, app.scene.b_rematch)
    assert isinstance(app.scene, DemoScene)
    app.shutdown()


def test_demo_controls_and_move_cap():
    app = make_app(iterations=5, move_cap=3)  # 3 moves: 3 rows of the move list, 6 turns
    scene = DemoScene(app, "splay")
    app.push(scene)
    m = scene.match
    press(app, pygame.K_SPACE)
    assert m.paused
    for _ in range(20):
        frames(app, 1, 0.125)
    assert m.ply == 0  # paused: nothing is played
    press(app, pygame.K_RIGHT)
    for _ in range(20):
        frames(app, 1, 0.125)
    assert m.ply == 1  # one step
    speed = scene.speed
    press(app, pygame.K_PLUS)
    assert scene.speed > speed
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    assert scene.speed < speed
    press(app, pygame.K_SPACE)
    assert not m.paused
    for _ in range(400):
        if isinstance(app.scene, ResultScene):
            break
        frames(app, 1, 0.125)
    assert isinstance(app.scene, ResultScene)
    assert m.ply == 6 and m.unfinished and m.winner() is None
    assert "unfinished after 3 moves" in app.scene.reason.lower()
    app.shutdown()


def test_computer_vs_computer_game_stops_at_the_cap():
    app = make_app(iterations=5, move_cap=4)
    scene = PlayScene(app, SPLAY, {}, [Seat("computer", "easy")] * 2)
    app.push(scene)
    for _ in range(300):
        if isinstance(app.scene, ResultScene):
            break
        frames(app, 1, 0.125)
    assert isinstance(app.scene, ResultScene) and app.scene.match.unfinished
    app.shutdown()


def test_title_select_play_pause_flow(app):
    title = TitleScene(app, "splay")
    app.push(title)
    frames(app, 30, 0.1)
    assert title.attract.match is not None and title.attract.match.ply > 0
    # keyboard: Down to Settings (Play, Learn, Puzzles, Load a game, Watch a demo, Settings)
    for _ in range(5):
        press(app, pygame.K_DOWN)
    assert title.ui.focused.label == "Settings"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    press(app, pygame.K_RIGHT)
    assert abs(app.volume - 0.8) < 1e-9
    press(app, pygame.K_ESCAPE)
    assert app.scene is title
    click_button(app, title.buttons[0])  # Play
    select = app.scene
    assert isinstance(select, SelectScene)
    assert select.current == rules.GAMES[0]

    def choose(card):  # every card can be chosen and shows its options
        if not card.in_view:  # the arrows reach it and scroll it into view
            select.ui.set_focus(card)
            frames(app, 1)
            assert card.in_view
        click(app, card.rect.center)
        assert select.current == card.game_id

    for card in select.cards:
        choose(card)
        assert len(select.option_widgets) == len(rules.get(card.game_id).options)
    choose(select.cards[0])  # back to the first game, scrolled into view if need be
    white, black = select.seat_widgets
    click(app, (black.rect.right - 20, black.rect.centery))  # cycle Black's seat
    assert select.seats[select.current][1] != Seat("computer", "easy")  # the first default
    while select.seats[select.current][1] != Seat("human"):
        click(app, (black.rect.right - 20, black.rect.centery))
    click_button(app, select.start_b)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert [s.kind for s in play.match.seats] == ["human", "human"]
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    click_button(app, pause.buttons[2])  # Rules
    assert isinstance(app.scene, RulesScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_ESCAPE)
    assert app.scene is pause
    click_button(app, pause.buttons[0])  # Resume
    assert app.scene is play
    press(app, pygame.K_ESCAPE)
    click_button(app, app.scene.buttons[1])  # Restart: no moves yet, nothing to ask
    assert isinstance(app.scene, PlayScene) and app.scene is not play
    play = app.scene
    click_move(app, play, str(play.match.state.legal_moves()[0]))
    press(app, pygame.K_ESCAPE)
    click_button(app, app.scene.buttons[1])  # Restart a game with a move: it asks
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    frames(app, 40, 0.02)
    click_button(app, ask.b_yes)
    assert isinstance(app.scene, PlayScene) and app.scene is not play
    assert app.scene.match.ply == 0
    click_move(app, app.scene, str(app.scene.match.state.legal_moves()[0]))
    press(app, pygame.K_ESCAPE)
    assert app.scene.buttons[-1].label == "Main menu"
    click_button(app, app.scene.buttons[-1])  # Main menu: it asks too
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    frames(app, 40, 0.02)
    click_button(app, ask.b_yes)
    assert isinstance(app.scene, TitleScene) and len(app.scenes) == 1


def test_select_refuses_a_bad_option_combination(app):
    select = SelectScene(app, "splay")
    app.push(select)
    frames(app, 2)

    class Picky:
        """A game whose options reject one combination (stands in for a real one)."""

        id = "splay"
        name = "Picky"
        designer = ""
        year = None
        summary = ""
        rules_text = "x"
        players = ("A", "B")
        options = ()

        def validate(self, opts):
            return {}

        def start(self, **opts):
            raise ValueError("option 'size': 7 does not work with variant 'tiny'")

    real = rules._games["splay"]
    rules._games["splay"] = Picky()
    try:
        select._check()
        click_button(app, select.start_b)
        assert isinstance(app.scene, SelectScene)
        assert "size" in select.error
        frames(app, 3)
    finally:
        rules._games["splay"] = real


def test_every_keyboard_shortcut(tmp_path, monkeypatch):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    app = make_app()
    app.push(PlayScene(app, SPLAY, {}, [Seat("human"), Seat("computer", "easy")]))
    frames(app, 2)
    press(app, pygame.K_m)
    assert app.muted
    press(app, pygame.K_m)
    assert not app.muted
    press(app, pygame.K_F12)
    shots = list((tmp_path / "data" / "screenshots").glob("*.png"))
    assert shots and str(shots[0]) in app.toast.text  # the message names the file
    press(app, pygame.K_s)  # save the game
    assert list((tmp_path / "data" / "saves").glob("splay-*.txt"))
    press(app, pygame.K_F11)
    assert app.fullscreen
    press(app, pygame.K_F11)
    assert not app.fullscreen and app.size[0] >= 800
    scene = app.scene
    for key in (pygame.K_h, pygame.K_u, pygame.K_y, pygame.K_SPACE):
        press(app, key, 3)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene
    frames(app, 1, events=[pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app.shutdown()
    assert list(cwd.iterdir()) == []  # nothing is written where it started


def test_resize_relayouts_and_respects_the_minimum(app):
    scene = PlayScene(app, SPLAY, {}, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 2)
    frames(app, 2, events=[pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 760), w=1100, h=760)])
    assert app.size == (1100, 760)
    assert scene.panel_rect.right <= 1100 and scene.view.rect.right <= scene.panel_rect.x
    frames(app, 2, events=[pygame.event.Event(pygame.VIDEORESIZE, size=(500, 300), w=500, h=300)])
    assert app.size[0] >= 800 and app.size[1] >= 600
    # the board still takes clicks after the resize
    pos = scene.view.point_for("f6")
    click(app, pos)
    assert scene.match.moves == ["f6"]


def test_result_scene_for_every_ending(app):
    for seats, resign in (([Seat("human"), Seat("human")], 1), ([Seat("human")] * 2, None)):
        m = app.new_match(SPLAY, {}, seats)
        if resign is not None:
            m.resign(resign)
        else:
            m.unfinished = True
        res = ResultScene(app, m)
        app.reset(res)
        frames(app, 20)
        assert res.headline
        click_button(app, res.b_menu)
        assert isinstance(app.scene, TitleScene)


class FlakyAI:
    """In-process AI whose first answers are failures (a crash, then a broken search)."""

    def __init__(self, failures):
        from ai.worker import InlineAI

        self.inner = InlineAI()
        self.failures = list(failures)
        self.pending = None

    alive = True
    restarts = 0

    @property
    def current_id(self):
        return self.pending if self.pending is not None else self.inner.current_id

    def start(self):
        pass

    def request(self, state, spec, request_id):
        if self.failures:
            self.pending = request_id
            self.kind = self.failures.pop(0)
            return request_id
        self.pending = None
        return self.inner.request(state, spec, request_id)

    def poll(self):
        if self.pending is not None:
            rid, self.pending = self.pending, None
            if self.kind == "crash":
                return [
                    {
                        "type": "error",
                        "id": rid,
                        "restarted": True,
                        "message": "The computer's process stopped unexpectedly; it was restarted.",
                    }
                ]
            return [
                {"type": "error", "id": rid, "restarted": False, "message": "RuntimeError: broken"}
            ]
        return self.inner.poll()

    def cancel(self):
        self.pending = None
        self.inner.cancel()

    def close(self):
        self.inner.close()


@pytest.mark.parametrize(
    "failures, fallback", [(["crash"], False), (["crash", "crash"], True), (["error"], True)]
)
def test_a_failing_computer_is_reported_and_the_game_goes_on(failures, fallback):
    from game.ui.app import App

    app = App(
        size=(800, 600),
        seed=3,
        ai=FlakyAI(failures),
        strict=True,
        ai_overrides={"iterations": 10, "time_limit": None},
    )
    scene = PlayScene(app, SPLAY, {}, [Seat("computer", "easy"), Seat("human")])
    app.push(scene)
    messages = []
    say = scene.say
    scene.say = lambda text, *a, **k: (messages.append(text), say(text, *a, **k))
    for _ in range(60):
        frames(app, 1, 0.1)
        if scene.match.ply:
            break
    assert scene.match.ply == 1 and scene.match.human_turn
    assert any("restarted" in t or "broken" in t for t in messages)
    assert any("quick move" in t for t in messages) == fallback
    app.shutdown()


def test_select_by_keyboard_and_full_rules(app):
    select = SelectScene(app)
    app.push(select)
    frames(app, 2)
    # Tab/Down walk the focus through cards, options, seats, Back and Start
    seen = []
    for _ in range(len(select.ui.focusables()) + 1):
        press(app, pygame.K_DOWN)
        seen.append(select.ui.focused)
    assert set(select.ui.focusables()) <= set(seen)
    # the last card: Enter chooses it
    last = select.cards[-1]
    select.ui.set_focus(last)
    press(app, pygame.K_RETURN)
    assert select.current == last.game_id
    # a seat: Right cycles it
    seat = select.seat_widgets[0]
    select.ui.set_focus(seat)
    before = select.seats[select.current][0]
    press(app, pygame.K_RIGHT)
    assert select.seats[select.current][0] != before
    press(app, pygame.K_LEFT)
    assert select.seats[select.current][0] == before
    # clicking the rules text opens the whole text
    click(app, select.rules_rect.center)
    assert isinstance(app.scene, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is select
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)


def play_by_clicks(app, scene, move) -> None:
    """Play ``move`` as a player would: its clicks on the board, or the button that offers it."""
    view = scene.view
    if view.animating:
        click(app, view.rect.center)  # a click skips the animation
        assert not view.animating
    for b, action in zip(scene.action_buttons, view.actions(), strict=False):
        if str(action.move) == str(move):
            click_button(app, b)
            return
    points = view.points_for(str(move))
    assert points, f"the view gives no clicks for {move}"
    for pos in points:
        click(app, pos)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_hotseat_game_of_every_game_clicked_to_the_result(gid):
    """Every registered game can be played to its end by clicks alone, on its own board."""
    app = make_app()
    game = rules.get(gid)
    scene = PlayScene(app, game, {}, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 2)
    rng = random.Random(11)
    plies = 0
    while app.scene is scene and not scene.match.over:
        state = scene.match.state
        moves = state.legal_moves()
        # head for an ending: a move that ends the game when there is one
        ending = [m for m in moves[:200] if state.play(m).is_over()]
        move = rng.choice(ending or moves)
        before = scene.match.ply
        play_by_clicks(app, scene, move)
        frames(app, 1)
        assert scene.match.ply == before + 1, (str(move), scene.note.text)
        assert str(scene.match.move_objs[-1]) == str(move)
        plies += 1
        assert plies < 600
    for _ in range(200):
        if isinstance(app.scene, ResultScene):
            break
        frames(app, 1, 0.1)
    result = app.scene
    assert isinstance(result, ResultScene)
    assert result.winner == scene.match.state.winner()
    assert result.reason
    frames(app, 3)
    app.shutdown()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_select_buttons_fit_their_labels_at_every_window_size(size):
    """The buttons of the select screen grow with their (scaled) labels: at full HD
    "Learn the rules" used to read "Learn the rul..."."""
    from game import theme
    from game.ui.widgets import fit_text, set_text_scale

    app = make_app(size=size)
    try:
        select = SelectScene(app, "splay")
        app.push(select)
        frames(app, 2)
        assert select.tour_b.visible
        buttons = (select.back, select.start_b, select.tour_b, select.editor_b)
        for b in buttons:
            room = b.rect.width - 2 * theme.GAP  # what Button.draw gives its label
            assert fit_text(b.label, b.size, room) == b.label, (size, b.label)
            assert select.detail_rect.contains(b.rect), (size, b.label)
        row = (select.back, select.editor_b, select.start_b)
        for a, b in zip(row, row[1:], strict=False):
            assert a.rect.right < b.rect.x, (size, a.label, b.label)
        if size == (800, 600):  # the designed width where the type is not scaled
            assert select.tour_b.rect.width == 180
        else:  # room for all three at their designed widths
            assert all(b.rect.width >= w for b, w in zip(row, (150, 120, 200), strict=True))
    finally:
        app.shutdown()
        set_text_scale((800, 600))
