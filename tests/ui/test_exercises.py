"""The exercises ("now you try"): every one solved by its solution and refused with the
right reason on a wrong answer; the JSON lines command; the exercise and Learn screens."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest
from test_client_support import click, click_button, frames, make_app, press

from game import catalog, lessons, rules
from game.session import progress

ALL = [(gid, i) for gid in rules.GAMES for i in range(len(catalog.exercises(gid)))]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_every_game_has_ten_exercises_or_more():
    for gid in rules.GAMES:
        exercises = catalog.exercises(gid)
        assert len(exercises) >= 10, gid
        titles = [ex.title for ex in exercises]
        assert len(set(titles)) == len(titles), gid  # the progress file keys on them
    assert catalog.exercises("no-such-game") == ()


@pytest.mark.parametrize(("gid", "index"), ALL)
def test_solution_solves_and_wrong_answer_is_refused(gid, index):
    ex = catalog.exercises(gid)[index]
    assert ex.goal.text and ex.hint and ex.wrong[0] and ex.wrong[1]
    start = ex.start_state()
    assert str(rules.get(gid).parse(str(start))) == str(start)  # the text reads back
    assert not ex.goal.met(start, start)  # nothing is solved before a move
    ok, why = lessons.check_solution(ex)
    assert ok, why
    # the solution reaches the goal at par: three stars
    attempt = lessons.Attempt(ex)
    for move in ex.solution:
        if attempt.state.player == attempt.mover and not attempt.over:
            attempt.play(move)
    assert attempt.solved and attempt.stars == 3 and attempt.used == ex.par_moves
    # the wrong answer: refused by the rules, or played and judged wrong, with its reason
    attempt = lessons.Attempt(ex)
    verdict = None
    for move in ex.wrong[0].split():
        verdict = attempt.play(move)
        if not verdict.ok:
            break
    assert verdict is not None and verdict.kind in ("refused", "wrong"), verdict
    assert ex.wrong[1].lower() in verdict.reason.lower(), verdict.reason
    assert not attempt.solved
    if verdict.kind == "wrong":  # a retry starts again from the exercise's position
        assert attempt.failed
        attempt.retry()
        assert not attempt.over and attempt.used == 0 and str(attempt.state) == str(start)
    else:  # refused: nothing was played, and the try goes on
        assert (
            not attempt.over
            and str(attempt.state) != ""
            and attempt.used == len(ex.wrong[0].split()) - 1
        )


@pytest.mark.parametrize(
    ("gid", "title", "other"),
    [
        ("glorieta", "A loop round two cells", "j9"),  # not the solution's i8
        ("gliss", "Capture the glider", "c6>e4"),  # not the solution's c6>d5
        ("gess", "Capture the ring", "j6-l8"),  # not the solution's k6-k8
    ],
)
def test_the_goal_is_checked_by_the_rules_not_the_solution(gid, title, other):
    ex = next(e for e in catalog.exercises(gid) if e.title == title)
    assert other not in ex.solution
    verdict = lessons.Attempt(ex).play(other)
    assert verdict.kind == "solved" and verdict.stars == 3


def test_stars_fall_over_par():
    assert lessons.stars_for(1, 1) == 3
    assert lessons.stars_for(2, 1) == 2
    assert lessons.stars_for(9, 1) == 1
    assert lessons.stars_for(1, 1, mistakes=1) == 2
    assert lessons.stars_for(1, 1, mistakes=5) == 1
    # an exercise that allows a move over par: solved at 2 moves of par 1, two stars
    base = catalog.exercises("splay")[0]  # d4 splays at once
    loose = lessons.Exercise(
        base.title, base.goal, base.setup, base.solution, par=1, extra=1, hint=base.hint
    )
    attempt = lessons.Attempt(loose)
    first = attempt.play("h8")
    assert first.kind == "continue" and len(first.played) == 2  # the engine replied
    assert attempt.play("d4").kind == "solved" and attempt.stars == 2


def test_a_blunder_is_refused_with_the_refutation():
    ex = next(e for e in catalog.exercises("gess") if e.title == "Mind the open line")
    verdict = lessons.Attempt(ex).play(ex.wrong[0])
    assert verdict.kind == "wrong"
    assert "White answers" in verdict.reason and "and wins" in verdict.reason
    assert str(verdict.refutation) == "j11-e6"


# --- the engine's safety check: a goal-reaching move that still hands the opponent a win ---
def _gliss_case():
    from game.lessons import gliss

    # Red's glider takes Blue's, but Red's only base is then wiped out by a deploy from
    # Blue's base next to it (Blue keeps its other base): Blue wins
    setup = gliss.position("f6 g6 f5 h10 i10 h11 i11", "f4 g4 f3 f8 g8 f9 g9 b2 c2 b3 c3")
    return setup, gliss.fewer("Capture Blue's glider.", "gliders"), "f6>f5", {"g9:f8>i9"}


def _glorieta_case():
    from game.lessons import glorieta

    # the fork of "Two threats at once", but Orange already has five stones round d4
    stones = {**glorieta.FORK, **glorieta._o("c4 e4 d3 d5 e5")}
    for cell in "b2 c2 d2 e2 f2".split():
        stones.pop(cell)
    fork = lessons.goal("Make two threats.", glorieta._fork_met, glorieta._fork_miss)
    return glorieta.position(stones), fork, "h7", {"c3"}


def _exercise_case(gid, title, move, answers):
    ex = next(e for e in catalog.exercises(gid) if e.title == title)
    return ex.setup, ex.goal, move, answers, ex


@pytest.mark.parametrize("gid", ["gliss", "gess", "glorieta", "glades"])
def test_the_engine_calls_a_goal_reaching_move_a_blunder(gid):
    """The quick one-move look-ahead is off here (``safe=False``): the engine alone
    (ai.mcts at a small fixed budget, ai.winchance, the review's blunder threshold) turns
    down a move that reaches the goal but throws the game away, and names its answer."""
    ex = None
    if gid == "gliss":
        setup, goal, move, answers = _gliss_case()
    elif gid == "glorieta":
        setup, goal, move, answers = _glorieta_case()
    elif gid == "gess":  # the capture that opens the line to Black's ring
        setup, goal, move, answers, ex = _exercise_case(
            "gess", "Mind the open line", "f9-f13", {"j11-e6"}
        )
    else:  # Glades: no move wins at once, so only the engine can see it (the reference is
        # the exercise's solution; the answer is the engine's)
        setup, goal, move, answers, ex = _exercise_case(
            "glades", "At a right angle", "b5:1-c5:3", None
        )
    if ex is None:
        ex = lessons.Exercise("engine", goal, setup, par=1, hint="-", safe=False)
    else:
        ex = lessons.Exercise(ex.title, ex.goal, ex.setup, ex.solution, hint=ex.hint, safe=False)
    start = ex.start_state()
    found = start.find_move(move) if hasattr(start, "find_move") else move
    after = start.play(found)
    assert goal.met(start, after) and not after.is_over()  # the move reaches the goal
    judged = lessons.engine_judgement(start, found, after)
    if gid == "glorieta":  # Orange's five stones round d4: the best move gives only 27%
        assert judged.loses_by_force and judged.played == 0 and judged.label != "blunder"
        words = "loses by force"
    else:
        assert judged.label == "blunder" and judged.drop >= 30, judged
        words = "is a blunder"
    assert judged.refused
    verdict = lessons.Attempt(ex).play(move)
    assert verdict.kind == "wrong" and words in verdict.reason, verdict.reason
    assert "the engine gives you" in verdict.reason
    if answers is not None:
        assert str(verdict.refutation) in answers
    else:
        assert verdict.refutation is not None
    # the same every time (a fixed budget and seed)
    lessons._judged.clear()
    again = lessons.engine_judgement(start, found, after)
    assert (again.best, again.played, str(again.answer)) == (
        judged.best,
        judged.played,
        str(judged.answer),
    )
    assert lessons.BLUNDER_ITERATIONS <= 200


def test_splays_safety_exercise_refuses_the_big_splay_that_loses_the_race():
    """Splay's safety test, "Mind the race": the big splay on e9 reaches the goal (four
    cells), but Black, at 44 cells, then splays a checker on h8 at once and crosses 46.  The
    engine does not call it a blunder (the position is so far gone after it that the engine
    rates the saving move lost as well: no drop of 30 points); the one-move look-ahead
    catches it and names the winning splay, as in the other games' safety exercises."""
    ex = next(e for e in catalog.exercises("splay") if e.title == "Mind the race")
    start = ex.start_state()
    assert start.scores()[1] == 44 and not start.is_over()
    ok, why = lessons.check_solution(ex)
    assert ok, why
    attempt = lessons.Attempt(ex)
    assert attempt.play("h8").kind == "solved" and attempt.stars == 3
    after = start.play("e9")
    assert ex.goal.met(start, after)  # the wrong answer reaches the goal: only safety refuses
    assert lessons.engine_judgement(start, start.find_move("e9"), after).label != "blunder"
    attempt = lessons.Attempt(ex)
    verdict = attempt.play("e9")
    assert verdict.kind == "wrong"
    assert verdict.reason == "e9 is a blunder: Black answers h8 and wins."
    assert str(verdict.refutation) == "h8" and not attempt.solved
    won = after.play(verdict.refutation)
    assert won.is_over() and won.winner() == 1  # the refutation does win


def _run(*args):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run(
        [sys.executable, "-m", "game.lessons", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_json_lines_command():
    out = _run("gliss", "--exercises")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    exercises = catalog.exercises("gliss")
    assert len(lines) == len(exercises)
    for line, ex in zip(lines, exercises, strict=True):
        rec = json.loads(line)
        assert rec["goal"] == ex.goal.text and rec["solution"] == list(ex.solution)
        assert rec["lesson"] == ex.lesson and rec["lesson"]  # the tour's lesson it practises
        # checked outside the app: the position reads, and the solution plays from it
        state = rules.parse_any(rec["position"])
        assert str(state) == str(ex.start_state())
        assert rules.get("gliss").parse_fen(rec["fen"]) == state
        for move in rec["solution"]:
            state = state.play(move)
    bad = _run("nosuchgame", "--exercises")
    assert bad.returncode == 2 and "unknown game" in bad.stderr
    listing = _run("splay")
    n = len(catalog.exercises("splay"))
    assert listing.returncode == 0 and f"{n} exercises" in listing.stdout
    # each exercise listed under its lesson
    first = catalog.lessons("splay")[0].title
    mine = lessons.of_lesson(catalog.exercises("splay"), first)
    block = listing.stdout.split(f"lesson: {first}")[1].split("lesson:")[0]
    assert mine and all(ex.title in block for ex in mine)


# --- the screens ---------------------------------------------------------------------------
def _exercise_scene(app, gid, index=0):
    from game.ui import flow

    return flow.push(app, "exercise", gid, index)


def test_solving_an_exercise_by_clicks(data):
    app = make_app()
    try:
        scene = _exercise_scene(app, "splay", 0)  # "One empty neighbour": d4
        frames(app, 2)
        view = scene.view
        click(app, view.point_for("h8"), n_frames=2)  # a legal move that misses the goal
        assert scene.attempt.failed and "gains 1 cell" in scene.attempt.failed
        assert not view.interactive
        frames(app, 40)
        click_button(app, scene.b_retry)
        assert scene.attempt.used == 0 and not scene.attempt.over and view.interactive
        click(app, view.point_for("d4"), n_frames=2)
        assert scene.attempt.solved and scene.attempt.stars == 2  # one try went wrong
        stars, note = progress.load()
        assert note is None and stars.get("splay", "One empty neighbour") == 2
        frames(app, 60)
        click_button(app, scene.b_retry)  # again: after a solved try, a fresh start
        assert scene.attempt.mistakes == 0 and not scene.attempt.over
        click(app, view.point_for("d4"), n_frames=2)
        assert scene.attempt.stars == 3
        stars, note = progress.load()
        assert stars.get("splay", "One empty neighbour") == 3
        frames(app, 60)
        click_button(app, scene.b_next)
        assert scene.index == 1 and not scene.attempt.over
        press(app, pygame.K_COMMA)
        assert scene.index == 0 and scene.stars_of(0) == 3
    finally:
        app.shutdown()


def test_a_refused_click_says_the_rules_reason(data):
    app = make_app()
    try:
        scene = _exercise_scene(app, "splay", 7)  # "Find the legal splay": b2 has no room
        frames(app, 2)
        scene.try_move("b2")
        assert "no empty neighbour" in scene.refusal and not scene.attempt.over
        frames(app, 3)
        assert scene.try_move("d4") and scene.attempt.solved
    finally:
        app.shutdown()


def test_replies_are_shown_on_the_board(data):
    app = make_app()
    try:
        scene = _exercise_scene(app, "gess", 5)  # two moves: White's scripted reply between
        frames(app, 2)
        assert scene.try_move("k6-k9")
        assert scene.queue and not scene.view.interactive
        assert scene.answer == "White answers r16-r17"
        for _ in range(400):
            if not scene.queue and not scene.view.animating:
                break
            frames(app, 1, 0.05)
        assert str(scene.view.state) == str(scene.attempt.state)
        assert scene.view.interactive
        assert scene.try_move("k9-k12") and scene.attempt.solved
    finally:
        app.shutdown()


@pytest.mark.parametrize("gid", rules.GAMES)
def test_every_games_exercises_draw(gid, data):
    app = make_app(size=(800, 600))
    try:
        scene = _exercise_scene(app, gid)
        for i in range(len(scene.exercises)):
            scene.load(i)
            frames(app, 1)
            assert scene.problem == "" and scene.view is not None
        scene.hint()
        frames(app, 1)
    finally:
        app.shutdown()


def test_a_corrupt_progress_file_is_said_and_replaced(data):
    (data / "progress.json").write_text("{ not json", encoding="utf-8")
    app = make_app()
    try:
        scene = _exercise_scene(app, "splay", 0)
        assert "did not read" in (getattr(app.toast, "text", "") or "")
        frames(app, 2)
        assert scene.try_move("d4") and scene.attempt.solved
        stars, note = progress.load()
        assert note is None and stars.get("splay", "One empty neighbour") == 3
    finally:
        app.shutdown()


def test_title_learn_and_back(data):
    from game.ui import flow

    progress.save(progress.Progress({"glades": {"Match the value": 3, "Pairwise": 1}}))
    app = make_app()
    try:
        title = flow.push(app, "title")
        frames(app, 2)
        learn_button = next(b for b in title.buttons if b.label.startswith("Learn"))
        total = sum(len(catalog.exercises(g)) for g in rules.GAMES)
        assert f"2/{total}" in learn_button.label
        click_button(app, learn_button)
        learn = app.scene
        assert type(learn).__name__ == "LearnScene"
        row = next(r for r in learn.rows if r["id"] == "glades")
        assert learn.summary(row) == "2/16 solved, 4 of 48 stars"
        frames(app, 2)
        click_button(app, row["try"])
        scene = app.scene
        assert type(scene).__name__ == "ExerciseScene" and scene.index == 1  # first unsolved
        assert scene.try_move("e6:6-e7:1") and scene.attempt.solved
        press(app, pygame.K_ESCAPE)
        assert app.scene is learn
        assert learn.summary(row) == "3/16 solved, 7 of 48 stars"
        click_button(app, row["tour"])
        assert type(app.scene).__name__ == "TourScene"
        press(app, pygame.K_ESCAPE)
        assert app.scene is learn
        press(app, pygame.K_ESCAPE)
        assert type(app.scene).__name__ == "TitleScene"
    finally:
        app.shutdown()


def test_the_tour_leads_to_each_lessons_exercises_and_on(data):
    from game.ui import flow

    app = make_app()
    try:
        learn = flow.push(app, "learn")
        frames(app, 1)
        tour = flow.push(app, "tour", "gess")
        frames(app, 2)
        first = catalog.lessons("gess")[0]
        mine = lessons.of_lesson(catalog.exercises("gess"), first)
        assert len(mine) >= 2 and tour.b_try.visible
        # auto-advance plays the lesson through, then waits at its end for Now you try
        for _ in range(400):
            frames(app, 1, dt=0.5)
            if tour.lesson_done and tour.dwell > 30:
                break
        assert tour.li == 0 and tour.lesson_done and tour.auto
        click_button(app, tour.b_try)
        scene = app.scene
        assert type(scene).__name__ == "ExerciseScene" and scene.game_id == "gess"
        assert scene.exercises == mine and scene.lesson == 0  # this lesson's, not all ten
        for _ in range(len(mine) - 1):
            assert scene.b_next.label == "Next"
            click_button(app, scene.b_next)
        assert scene.index == len(mine) - 1 and scene.b_next.label == "Next lesson"
        click_button(app, scene.b_next)
        tour = app.scene  # the tour goes on with the next lesson
        assert type(tour).__name__ == "TourScene" and tour.li == 1 and tour.si == -1
        press(app, pygame.K_ESCAPE)
        assert app.scene is learn
        # the Learn screen still opens all of a game's exercises
        row = next(r for r in learn.rows if r["id"] == "gess")
        frames(app, 2)
        click_button(app, row["try"])
        assert app.scene.exercises == catalog.exercises("gess") and app.scene.lesson is None
    finally:
        app.shutdown()


def test_every_exercise_belongs_to_a_lesson_and_the_json_says_which():
    for gid in rules.GAMES:
        titles = [lesson.title for lesson in catalog.lessons(gid)]
        for ex in catalog.exercises(gid):
            assert ex.lesson in titles, (gid, ex.title, ex.lesson)
            assert ex.record()["lesson"] == ex.lesson
        for title in titles:  # two to four after each lesson of the tour
            assert 2 <= len(lessons.of_lesson(catalog.exercises(gid), title)) <= 4, (gid, title)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_each_games_page_lists_its_exercises(gid):
    from game.lessons.__main__ import table

    with open(os.path.join(ROOT, "docs", "games", f"{gid}.md"), encoding="utf-8") as f:
        page = f.read()
    assert table(catalog.exercises(gid)) in page  # python -m game.lessons GAME --table
