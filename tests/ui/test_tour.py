"""The rules tours: every lesson is legal under the rules, and the tour scene never raises."""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import (
    click_button,
    ev_down,
    ev_key,
    ev_move,
    ev_up,
    frames,
    make_app,
    press,
)

from game import catalog, rules
from game import lessons as tours
from game.scenes.select import SelectScene
from game.scenes.tour import READ_MAX, TourScene

TOURED = [g for g in rules.GAMES if catalog.has_tour(g)]


def test_the_specs_games_have_tours():
    for gid in ("splay", "gliss", "gess"):
        assert gid in rules.GAMES
        assert catalog.has_tour(gid)
    assert not catalog.has_tour("no-such-game")


@pytest.mark.parametrize("gid", TOURED)
def test_every_lesson_is_legal(gid):
    for lesson in catalog.lessons(gid):
        assert lesson.title and lesson.caption and lesson.steps
        start = lesson.start_state()
        # the position reads back through the game's own text format
        assert str(rules.get(gid).parse(str(start))) == str(start)
        state = start
        for step in lesson.steps:
            assert step.caption, (lesson.title, step.move)
            before = start if step.fresh else state
            if step.illegal:
                with pytest.raises(rules.IllegalMove) as info:
                    before.play(step.move)
                assert str(info.value)
                state = before
            else:
                after = before.play(step.move)
                assert str(after) != str(before)
                state = after
        # work_out agrees and finds no broken step
        s0, played = tours.work_out(lesson)
        assert str(s0) == str(start)
        assert len(played) == len(lesson.steps)
        assert not [p.error for p in played if p.error]
        for p in played:
            assert bool(p.refusal) == p.step.illegal


def test_spec_facts_in_the_lessons():
    """A few outcomes the captions promise, checked on the boards."""
    if "splay" in rules.GAMES:
        lesson = catalog.lessons("splay")[1]  # splay of four
        _, played = tours.work_out(lesson)
        assert played[-1].after.scores()[0] == 5
        lesson = catalog.lessons("splay")[2]  # two collapses
        _, played = tours.work_out(lesson)
        assert played[-1].after.scores() == (4, 6)
    if "gess" in rules.GAMES:
        by_title = {lesson.title: lesson for lesson in catalog.lessons("gess")}
        _, played = tours.work_out(by_title["Keep your ring"])
        assert played[-1].after.is_over() and played[-1].after.winner() == 1


def _run_through(app, scene, limit=400):
    """Next until the tour says Finish; returns the number of presses."""
    n = 0
    while not scene.finished and n < limit:
        press(app, pygame.K_RIGHT)
        frames(app, 3, 0.05)
        n += 1
    return n


@pytest.mark.parametrize("gid", TOURED)
def test_scene_next_through_every_lesson(gid):
    app = make_app()
    scene = TourScene(app, gid)
    app.push(scene)
    frames(app, 3)
    total = sum(len(lesson.steps) + 1 for lesson in catalog.lessons(gid))
    n = _run_through(app, scene)
    assert scene.finished and n <= total + 2
    assert scene.li == len(scene.lessons) - 1
    assert scene.b_next.label == "Finish"
    # Previous walks back, across a lesson boundary
    scene.auto = False
    for _ in range(len(scene.played) + 1):  # steps back to the intro, then one lesson
        press(app, pygame.K_LEFT)
        frames(app, 2, 0.05)
    assert scene.li == len(scene.lessons) - 2 and scene.si == -1
    # Replay lesson, Space toggles auto-advance
    click_button(app, scene.b_replay)
    assert scene.si == -1
    auto = scene.auto
    press(app, pygame.K_SPACE)
    assert scene.auto != auto
    app.shutdown()


def test_auto_advance_plays_and_refuses_by_itself():
    app = make_app()
    scene = TourScene(app, TOURED[0])
    app.push(scene)
    refused = played = waited = 0
    seen = set()
    for i in range(3000):
        if i % 25 == 0:
            frames(app, 1, 0.1)  # a drawn frame now and then
        else:
            scene.update(0.1)
        if scene.lesson_done and scene.b_try.visible and scene.dwell > 2 * READ_MAX:
            # auto-advance waits at the end of a lesson with exercises: Next lesson goes on
            waited += 1
            scene.next()
        p = scene.step
        if p is not None and (scene.li, scene.si) not in seen and scene.step_done:
            seen.add((scene.li, scene.si))
            refused += bool(p.step.illegal and scene.refused)
            played += not p.step.illegal
        if scene.finished:
            break
    assert scene.finished
    assert refused >= 1 and played >= 1
    assert waited >= 1  # (every lesson has exercises of its own)
    app.shutdown()


def test_esc_returns_to_the_select_screen_and_its_button():
    app = make_app()
    select = SelectScene(app, TOURED[0])
    app.push(select)
    frames(app, 2)
    assert select.tour_b.visible
    click_button(app, select.tour_b)
    tour = app.scene
    assert isinstance(tour, TourScene) and tour.game_id == TOURED[0]
    frames(app, 5)
    press(app, pygame.K_ESCAPE)
    assert app.scene is select
    # alone on the stack (as with --tour), Back opens the select screen
    app.reset(TourScene(app, TOURED[-1]))
    frames(app, 2)
    click_button(app, app.scene.b_back)
    assert isinstance(app.scene, SelectScene) and app.scene.current == TOURED[-1]
    app.shutdown()


def test_unknown_game_shows_a_message():
    app = make_app()
    scene = TourScene(app, "no-such-game")
    app.push(scene)
    frames(app, 3)
    assert scene.problem
    for key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_SPACE, pygame.K_r):
        press(app, key)
    app.shutdown()


@pytest.mark.parametrize("gid", TOURED)
def test_random_input_never_raises(gid):
    app = make_app(size=(800, 600))
    scene = TourScene(app, gid)
    app.push(scene)
    rng = random.Random(7)
    keys = [
        pygame.K_RIGHT,
        pygame.K_LEFT,
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_TAB,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_HOME,
        pygame.K_r,
        pygame.K_a,
        pygame.K_h,
    ]
    for _i in range(170):
        if app.scene is not scene:
            app.reset(scene := TourScene(app, gid, rng.randrange(6)))
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.45:
            events = [ev_key(rng.choice(keys))]
        elif r < 0.9:
            events = [ev_move(pos), ev_down(pos, rng.choice((1, 1, 3))), ev_up(pos)]
        elif r < 0.95:
            events = [ev_key(pygame.K_ESCAPE)]
        else:
            size = rng.choice([(800, 600), (1280, 800), (1000, 700)])
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        frames(app, 1, rng.choice((0.0, 0.016, 0.1, 0.5)), events=events)
    app.shutdown()


def test_command_line_tour(tmp_path, capsys):
    from game import cli as entry

    assert entry.main(["--tour", "nope"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert entry.main(["--tour", TOURED[0], "--game", TOURED[0]]) == 2
    assert "on its own" in capsys.readouterr().err
    path = tmp_path / "tour.png"
    assert (
        entry.main(
            [
                "--tour",
                TOURED[0],
                "--screenshot",
                str(path),
                "--frames",
                "3",
                "--size",
                "900x640",
                "--mute",
            ]
        )
        == 0
    )
    assert pygame.image.load(str(path)).get_size() == (900, 640)


def test_rules_page_opens_the_tour():
    from game.scenes.pause import RulesScene

    app = make_app()
    app.push(SelectScene(app, TOURED[0]))
    page = RulesScene(app, rules.get(TOURED[0]))
    app.push(page)
    frames(app, 2)
    click_button(app, page.tour_b)
    assert isinstance(app.scene, TourScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is page
    app.shutdown()
