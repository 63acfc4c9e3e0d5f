"""Thousands of random clicks, drags, wheel turns and keys across every scene: no exception.

The App is strict (any exception in a scene fails the test); the computer thinks in
this process with a tiny iteration budget.
"""

from __future__ import annotations

import random
import zlib

import pygame
import pytest
from review_support import analysed, scripted
from test_client_support import ev_down, ev_key, ev_move, ev_up, frames, make_app

from game import rules
from game.scenes.analysis import AnalysisScene
from game.scenes.demo import DemoScene
from game.scenes.exercise import ExerciseScene
from game.scenes.export import ExportScene
from game.scenes.learn import LearnScene
from game.scenes.mistakes import MistakesScene
from game.scenes.pause import PauseScene, RulesScene, SettingsScene
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.scenes.review import ReviewScene as ReplayScene
from game.scenes.select import SelectScene
from game.scenes.title import TitleScene
from game.session.seats import Seat

KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_u,
    pygame.K_r,
    pygame.K_h,
    pygame.K_m,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_1,
    pygame.K_F11,
    # the board's keys (issue 29): the cursor, the move box, the log, Glades' tray
    pygame.K_q,
    pygame.K_e,
    pygame.K_z,
    pygame.K_c,
    pygame.K_l,
    pygame.K_SLASH,
    pygame.K_COMMA,
    pygame.K_PERIOD,
    pygame.K_LEFTBRACKET,
    pygame.K_RIGHTBRACKET,
    pygame.K_KP_ENTER,
]
TEXTS = ["/", "?", "a", "1", "-", ":", "+", ">", "x", " ", "pass", "h5-h8", "\u00e9"]


def random_events(rng, size, n):
    w, h = size
    out = []
    for _ in range(n):
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.35:
            b = rng.choice((1, 1, 1, 3, 2))
            out += [ev_move(pos), ev_down(pos, b), ev_up(pos, b)]
        elif r < 0.55:
            out.append(ev_move(pos))
        elif r < 0.62:
            out.append(
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=rng.choice((-1, 1)),
                    flipped=False,
                    precise_x=0.0,
                    precise_y=1.0,
                )
            )
        elif r < 0.64:
            out.append(ev_down(pos, rng.choice((4, 5))))
        elif r < 0.66:
            size2 = (rng.randrange(600, 1300), rng.randrange(450, 900))
            out.append(pygame.event.Event(pygame.VIDEORESIZE, size=size2, w=size2[0], h=size2[1]))
        elif r < 0.8:
            k = rng.choice(KEYS)
            shift = pygame.KMOD_SHIFT if k == pygame.K_SLASH and rng.random() < 0.3 else 0
            out.append(ev_key(k, shift))
        else:  # typed text: the move box's, or ignored
            out.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS)))
    return out


def builders(app):
    splay = rules.get("splay")

    def finished():
        m = app.new_match(splay, {}, [Seat("human"), Seat("human")])
        rng = random.Random(3)
        while not m.over:
            m.play(rng.choice(m.state.legal_moves()), animate=False)
        return m

    def mistakes(gid):
        game, start, moves, states, p = scripted(gid)
        m = app.new_match(
            game, start.options, [Seat("human"), Seat("human")], start_state=start, moves=moves
        )
        return MistakesScene(app, m, analysed(gid), seats=[states[p].player])

    def pause():
        play = PlayScene(app, splay, {}, [Seat("human"), Seat("computer", "easy")])
        app.reset(play)
        return PauseScene(app, play)

    return {
        "title": lambda: TitleScene(app),
        "select": lambda: SelectScene(app),
        "play-hotseat": lambda: PlayScene(app, splay, {}, [Seat("human"), Seat("human")]),
        "play-computer": lambda: PlayScene(
            app, splay, {}, [Seat("human"), Seat("computer", "hard")]
        ),
        **{
            f"play-{gid}": (
                lambda gid=gid: PlayScene(
                    app, rules.get(gid), {}, [Seat("human"), Seat("computer", "easy")]
                )
            )
            for gid in rules.GAMES
        },
        "demo": lambda: DemoScene(app, "splay"),
        "result": lambda: ResultScene(app, finished()),
        "replay": lambda: ReplayScene(app, finished()),
        "review": lambda: ReplayScene(app, finished(), analyse="quick"),
        "export": lambda: (lambda m: ExportScene(app, splay, m.states, m.move_objs, 5))(finished()),
        "pause": pause,
        "rules": lambda: RulesScene(app, splay),
        "settings": lambda: SettingsScene(app),
        "learn": lambda: LearnScene(app),
        **{f"exercise-{gid}": (lambda gid=gid: ExerciseScene(app, gid, 1)) for gid in rules.GAMES},
        **{
            f"analysis-{gid}": (lambda gid=gid: AnalysisScene(app, rules.get(gid)))
            for gid in rules.GAMES
        },
        "mistakes-splay": lambda: mistakes("splay"),
        "mistakes-gliss": lambda: mistakes("gliss"),
    }


@pytest.mark.parametrize(
    "start",
    [
        "title",
        "select",
        "play-hotseat",
        "play-computer",
        "demo",
        "result",
        "replay",
        "review",
        "export",
        "pause",
        "rules",
        "settings",
        "learn",
    ]
    + [f"play-{gid}" for gid in rules.GAMES]
    + [f"exercise-{gid}" for gid in rules.GAMES]
    + ["analysis-splay", "analysis-gess", "mistakes-splay"],
)
def test_random_input_never_crashes(start):
    app = make_app(iterations=6, seed=zlib.crc32(start.encode()))
    rng = random.Random(start)
    build = builders(app)
    scene = build[start]()
    if start == "pause":
        app.push(scene)
    else:
        app.reset(scene)
    visited = set()
    for _ in range(64):
        frames(app, 1, rng.choice((0.016, 0.05, 0.2)), random_events(rng, app.size, 5))
        visited.add(type(app.scene).__name__)
        if not app.running or not app.scenes:  # Quit was clicked: start again
            app.running = True
            app.reset(build[start]() if start != "pause" else TitleScene(app))
    # the app is strict: any exception in a scene has already failed the test
    assert visited and app.scenes
    app.shutdown()


# the board's keys alone (issue 29), where a board takes moves outside the play scene: the
# cursor, Enter and Space on its cells, the move box opened, typed into, played and closed
BOARD_KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_q,
    pygame.K_e,
    pygame.K_z,
    pygame.K_c,
    pygame.K_RETURN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_SLASH,
    pygame.K_SLASH,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_COMMA,
    pygame.K_PERIOD,
]


@pytest.mark.parametrize(
    "start",
    [f"analysis-{gid}" for gid in rules.GAMES]
    + [f"exercise-{gid}" for gid in rules.GAMES]
    + ["mistakes-splay", "mistakes-gliss"],
)
def test_board_keys_never_crash(start):
    app = make_app(iterations=6, seed=zlib.crc32(start.encode()))
    rng = random.Random("keys " + start)
    build = builders(app)
    first = build[start]()
    app.reset(first)
    kind = type(first)
    typed = 0
    for _ in range(110):
        events = []
        for _ in range(3):
            if rng.random() < 0.75:
                k = rng.choice(BOARD_KEYS)
                shift = pygame.KMOD_SHIFT if k == pygame.K_SLASH and rng.random() < 0.2 else 0
                char = "/" if k == pygame.K_SLASH and not shift else ""
                events.append(ev_key(k, shift, char))
            else:
                state = getattr(app.scene, "node", None)
                state = state.state if state is not None else None
                legal = state.legal_moves()[:3] if state is not None and not state.is_over() else []
                texts = TEXTS + [str(m) for m in legal]
                events.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(texts)))
        frames(app, 1, 0.05, events)
        typed += bool(getattr(app.scene, "text_input_active", False))
        if not app.scenes or not any(isinstance(sc, kind) for sc in app.scenes):
            # Esc went back past the board's scene (to the lessons, the title...): the keys
            # are for the board, so start it again
            app.running = True
            app.reset(build[start]())
    assert typed > 0 and app.scenes  # the box was open at times
    app.shutdown()
