"""Teaching from the review (game.session.teach, the review's better-move line, the learn scene,
the coach): the principal line kept with the analysis, the judgement of a try by the
review's thresholds, the learn-from-your-mistakes flow driven by events, "Play from
here" on a marked move, and coach mode against the computer."""

from __future__ import annotations

import pygame
import pytest
from review_support import SCENARIOS, analysed, record_of, scripted
from test_client_support import click, click_button, frames, make_app, press

from game.scenes.mistakes import MistakesScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.session import records, review, teach
from game.session.review import Analysis, PositionEval
from game.session.seats import Seat


# --- the principal line in the analysis ---------------------------------------------------------
def test_the_principal_line_is_kept_in_the_text_and_old_text_still_reads():
    a = Analysis(
        "quick",
        [PositionEval(0.5, "n:g7", None, None, ["n:g7", "take:black", "a1"]), None],
        [0, 1],
        ["a1"],
        400,
    )
    text = a.to_text()
    assert "pv=n:g7,take:black,a1" in text
    back = Analysis.from_text(text)
    assert back.evals[0].pv == ["n:g7", "take:black", "a1"]
    old = text.replace(" pv=n:g7,take:black,a1", "")
    assert Analysis.from_text(old).evals[0].pv is None  # a file from before the line
    with pytest.raises(ValueError, match="line"):
        Analysis.from_text(text.replace("pv=n:g7,take:black,a1", "pv=a1,,b2"))


def test_a_saved_game_keeps_the_line_and_an_older_record_without_it_reads():
    a = analysed("glorieta")
    text = record_of("glorieta", a)
    assert "pv=" in text
    back = Analysis.from_text(records.loads(text).analysis)
    assert [e.pv for e in back.evals] == [e.pv for e in a.evals]
    older = "\n".join(
        " ".join(w for w in ln.split(" ") if not w.startswith("pv=")) for ln in text.split("\n")
    )
    assert "pv=" not in older
    rec = records.loads(older)
    assert rec.problems == [] and Analysis.from_text(rec.analysis) == a  # (pv is not compared)
    assert all(e.pv is None for e in Analysis.from_text(rec.analysis).evals)


@pytest.mark.parametrize("gid", sorted(SCENARIOS))
def test_the_analyser_keeps_the_line_of_the_best_move(gid):
    a = analysed(gid)
    lines = [e.pv for e in a.evals if e is not None and e.pv]
    assert lines, "searched positions keep their line"
    for e in a.evals:
        if e is not None and e.pv:
            assert e.pv[0] == e.best and len(e.pv) <= review.PV_PLIES
    _, _, _, states, _ = scripted(gid)
    for k, e in enumerate(a.evals):
        if e is not None and e.pv:  # every line is playable from its position
            assert len(teach.line_states(states[k], e.pv)) == len(e.pv)


# --- the judgement ---------------------------------------------------------------------------
def test_a_try_is_judged_by_the_review_thresholds():
    assert teach.judge("a", 70, 10, "a").kind == "best"  # the engine's move is never faulted
    assert teach.judge("b", 70, 65, "a").kind == "good"
    v = teach.judge("b", 70, 58, "a")  # 12 points: an inaccuracy is good enough in a lesson
    assert v.kind == "good" and v.label == "inaccuracy" and v.solved
    assert teach.judge("b", 70, 50, "a").kind == "mistake"
    v = teach.judge("b", 70, 30, "a")
    assert v.kind == "blunder" and not v.solved and v.drop == 40


def scenario_lesson(gid):
    game, start, moves, states, p = scripted(gid)
    a = analysed(gid)
    mover = states[p].player
    from ai.worker import InlineAI

    return teach.Lesson(states, moves, a, seats=[mover], worker=InlineAI()), states, p


@pytest.mark.parametrize("gid", ["gliss", "glorieta"])
def test_the_lesson_judges_the_best_move_the_mistake_and_another_try(gid):
    lesson, states, p = scenario_lesson(gid)
    while lesson.current.ply != p:  # the scripted blunder (random moves may be marked too)
        assert lesson.next()
    sc = SCENARIOS[gid]
    rv = lesson.current
    assert lesson.position is states[p] and rv.move == sc["blunder"]
    v = lesson.attempt(rv.best)  # the engine's move: judged at once
    assert v.kind == "best" and lesson.solved == 1
    v = lesson.attempt(sc["win"])  # a move that wins at once: judged from the rules
    assert v.solved and v.after == 100.0 and lesson.judging is False
    v = lesson.attempt(sc["blunder"])  # the mistake again: the review's own figures
    assert (v.kind, v.before, v.after) == ("blunder", rv.before, rv.after)
    other = next(
        m
        for m in states[p].legal_moves()
        if str(m) not in (sc["win"], sc["blunder"], rv.best) and not states[p].play(m).is_over()
    )
    assert lesson.attempt(other) is None and lesson.judging  # a search
    for _ in range(50):
        lesson.update()
        if lesson.verdict is not None:
            break
    v = lesson.verdict
    assert v is not None and v.move == str(other) and v.before == rv.before
    assert v.kind == (review.classify(v.drop) or "good").replace("inaccuracy", "good")
    with pytest.raises(ValueError):
        lesson.attempt("not a move at all")


# --- the review scene: the better move's line, play on from before a mistake -------------------
def reviewed_match(app, gid, human=None):
    """The scripted game of ``gid`` as a match (the human in the blunderer's seat against
    the computer), with its analysis."""
    game, start, moves, states, p = scripted(gid)
    seats = [Seat("human"), Seat("human")]
    if human is not None:
        seats = [Seat("computer", "easy"), Seat("computer", "easy")]
        seats[human] = Seat("human")
    m = app.new_match(game, start.options, seats, start_state=start, moves=moves)
    m.analysis = analysed(gid)
    return m, states, p


def open_review(app, match, **kw) -> ReviewScene:
    scene = ReviewScene(app, match, **kw)
    app.push(scene)
    frames(app, 2)
    return scene


def test_b_plays_the_better_moves_line_with_what_it_achieves():
    app = make_app()
    m, states, p = reviewed_match(app, "glorieta")
    scene = open_review(app, m, start=p + 1)
    rv = scene.review_of(p + 1)
    assert rv.label and rv.best == SCENARIOS["glorieta"]["win"]
    press(app, pygame.K_b)
    assert scene.better and str(scene.view.state) == str(states[p])
    assert str(scene.view.hint) == rv.best
    lines = [t for t, _ in scene.banner_lines()]
    assert lines[0].startswith("The better move: " + rv.best)
    assert lines[1] == "It closes a loop of 6 stones around 1 cell."  # the rules' own words
    for _ in range(400):  # the line plays out, one move at a time
        frames(app, 1)
        if scene.line_step >= len(scene.line):
            break
    assert scene.line_step == len(scene.line) >= 1
    assert str(scene.view.state) == str(scene.line[-1][1])
    press(app, pygame.K_b)
    assert not scene.better and str(scene.view.state) == str(states[p + 1])
    app.shutdown()


def test_play_from_here_on_a_marked_move_starts_before_it_and_says_so():
    app = make_app()
    m, states, p = reviewed_match(app, "splay", human=0)
    scene = open_review(app, m, start=p + 1)
    frames(app, 1)
    assert scene.retry_from() == p  # (the position shown is the one after the blunder)
    said = []
    app.message = lambda text, *a, **k: said.append(text)
    click_button(app, scene.b_retry)
    frames(app, 1)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.match.ply == p and str(play.match.state) == str(states[p])
    assert any("before the blunder" in t and SCENARIOS["splay"]["blunder"] in t for t in said)
    app.shutdown()


# --- learn from your mistakes, driven by events ---------------------------------------------
def click_move(app, scene, notation) -> None:
    points = scene.view.points_for(notation)
    assert points, f"the board can play {notation}"
    for pt in points:
        click(app, pt)


def run_until(app, cond, limit=600) -> None:
    for _ in range(limit):
        if cond():
            return
        frames(app, 1)
    raise AssertionError("it did not happen")


def test_learn_from_your_mistakes_by_events():
    app = make_app(iterations=60)
    m, states, p = reviewed_match(app, "splay", human=0)
    review_scene = open_review(app, m, start=0)
    frames(app, 1)
    assert review_scene.b_learn.visible
    press(app, pygame.K_l)
    learn = app.scene
    assert isinstance(learn, MistakesScene)
    frames(app, 2)
    lesson = learn.lesson
    assert all(rv.mover == 0 for rv in lesson.marks)  # only the human's marked moves
    while lesson.current.ply != p:
        click_button(app, learn.b_next)
    # the board shows the position before the mistake, and takes a move
    assert str(learn.view.state) == str(states[p]) and learn.view.interactive and learn.trying
    sc = SCENARIOS["splay"]
    click_move(app, learn, sc["blunder"])  # the same mistake again
    run_until(app, lambda: lesson.verdict is not None)
    assert lesson.verdict.kind == "blunder"
    assert any("still a blunder" in t for t, _, _ in learn.texts())
    assert not learn.view.interactive
    press(app, pygame.K_t)  # try again: the position before the mistake once more
    assert learn.trying and str(learn.view.state) == str(states[p])
    click_move(app, learn, sc["win"])
    run_until(app, lambda: lesson.verdict is not None)
    assert lesson.verdict.kind == "best" and lesson.solved == 1
    assert any("you found the computer's move" in t for t, _, _ in learn.texts())
    press(app, pygame.K_a)  # the answer, with its reason
    assert learn.answer_shown and str(learn.view.hint) == sc["win"]
    texts = [t for t, _, _ in learn.texts()]
    assert any(t.startswith("The computer's move: j10") for t in texts)
    assert any(t.startswith("It splays") or t.startswith("It ") for t in texts)
    press(app, pygame.K_ESCAPE)
    assert app.scene is review_scene
    app.shutdown()


def test_a_try_that_needs_a_search_is_judged_through_the_worker_and_refuted():
    app = make_app(iterations=60)
    m, states, p = reviewed_match(app, "glorieta", human=None)
    review_scene = open_review(app, m, start=0)
    frames(app, 1)
    press(app, pygame.K_l)
    learn = app.scene
    lesson = learn.lesson
    while lesson.current.ply != p:
        click_button(app, learn.b_next)
    sc = SCENARIOS["glorieta"]
    click_move(app, learn, sc["blunder"])  # the mistake again: the refutation, in words
    run_until(app, lambda: lesson.verdict is not None)
    texts = [t for t, _, _ in learn.texts()]
    assert "Black answers l12: it closes a loop of 6 stones around 1 cell." in texts
    press(app, pygame.K_t)
    other = next(
        str(mv)
        for mv in states[p].legal_moves()
        if str(mv) not in (sc["win"], sc["blunder"]) and learn.view.points_for(str(mv))
    )
    click_move(app, learn, other)
    assert lesson.tried == other
    run_until(app, lambda: lesson.verdict is not None)
    v = lesson.verdict
    assert v.move == other and v.before == lesson.current.before
    run_until(app, lambda: learn.line_step >= len(learn.line))  # what follows is played out
    if not v.solved:
        assert any(t == "The refutation:" for t, _, _ in learn.texts())
    app.shutdown()
    assert review_scene is not None


def test_a_lesson_searches_as_the_review_does_and_reads_a_guided_search_as_guided():
    """A lesson's probe asks for the review's search (the game's own: Gliss's levels use
    its learned priors) and reads a guided result with the game's table for guided
    searches, as the review reads it."""
    from ai import winchance
    from game import rules

    class Once:
        current_id = None

        def request(self, state, spec, request_id=None):
            self.spec, self.current_id = spec, request_id
            self.msgs = [{"type": "result", "id": request_id, "value": 0.3, "guided": True}]

        def poll(self):
            out, self.msgs = self.msgs, []
            return out

    s = rules.get("gliss").start()
    worker = Once()
    probe = teach.Probe(worker, s, 200, seed=3)
    assert review.SEARCH == {"prior": None, "playout": None}  # the game's own priors
    assert worker.spec == {"iterations": 200, "seed": 3, **review.SEARCH}
    probe.update()
    assert probe.done and probe.guided and probe.value == 0.3
    want = 100 * winchance.of_state(s, 0.3, 200, guided=True)  # seat 0 moves first
    assert teach.mover_chance(s, 0, probe.value, 200, probe.guided) == pytest.approx(want)
    assert teach.mover_chance(s, 0, 0.3, 200) != pytest.approx(want)


# --- coach mode -------------------------------------------------------------------------------
def coached_game(app, gid="glorieta"):
    """A play scene of the scripted game, just before its blunder, the human in the
    blunderer's seat against the computer, coach mode on."""
    game, start, moves, states, p = scripted(gid)
    human = states[p].player
    seats = [Seat("computer", "easy"), Seat("computer", "easy")]
    seats[human] = Seat("human")
    app.settings.coach = True
    m = app.new_match(game, start.options, seats, start_state=start, moves=moves[:p])
    scene = PlayScene(app, game, match=m)
    app.push(scene)
    frames(app, 3)
    return scene, m, states, p


def test_coach_offers_to_take_back_a_blunder_before_the_computer_replies():
    app = make_app(iterations=60)
    scene, m, states, p = coached_game(app)
    assert scene.coach is not None and m.human_turn and m.ply == p
    sc = SCENARIOS["glorieta"]
    click_move(app, scene, sc["blunder"])
    assert m.ply == p + 1
    run_until(app, lambda: scene.coach_advice is not None)
    v = scene.coach_advice
    # the coach speaks from the mistake threshold on; on the calibrated chances (the bar's)
    # this scripted loss reads as a mistake or a blunder, by the budget
    assert v.kind in ("mistake", "blunder") and v.before > v.after
    assert v.drop >= review.THRESHOLDS["mistake"]
    assert scene.b_takeback.visible and scene.b_playon.visible
    texts = [t for t, _, _ in scene.coach_lines()]
    # the reason is what the better move achieves, in the game's words (not the move itself)
    assert texts[2] == "A better move closes a loop of 6 stones around 1 cell."
    frames(app, 30)
    assert m.ply == p + 1 and not m.thinking  # the computer's reply waits
    click_button(app, scene.b_takeback)
    assert m.ply == p and m.human_turn and scene.coach_advice is None
    assert not scene.b_takeback.visible
    # the same mistake again is judged again; Play on lets the computer reply
    click_move(app, scene, sc["blunder"])
    run_until(app, lambda: scene.coach_advice is not None)
    click_button(app, scene.b_playon)
    run_until(app, lambda: m.ply > p + 1 or m.over)
    assert scene.coach_advice is None
    app.shutdown()


def test_coach_stays_quiet_after_a_good_move_and_is_off_by_default():
    app = make_app(iterations=60)
    game, start, moves, states, p = scripted("gliss")
    human = start.player
    seats = [Seat("computer", "easy"), Seat("computer", "easy")]
    seats[human] = Seat("human")
    app.settings.coach = True
    m = app.new_match(game, start.options, seats, start_state=start)
    scene = PlayScene(app, game, match=m)
    app.push(scene)
    coach = scene.coach
    # the coach thinks while the human does; its own move is never a mistake
    run_until(app, lambda: coach._before is not None and coach._before.done)
    best = coach._before.best
    assert not start.play(best).is_over()
    click_move(app, scene, best)
    run_until(app, lambda: m.ply >= 2 or m.over)  # the computer replied
    assert coach.judged == 1 and scene.coach_advice is None
    app.shutdown()
    app = make_app(iterations=60)
    m = app.new_match(game, start.options, seats, start_state=start)
    scene = PlayScene(app, game, match=m)
    app.push(scene)
    frames(app, 2)
    assert not app.settings.coach and scene.coach is None  # off unless chosen in Settings
    app.shutdown()


def test_the_coach_setting_is_remembered():
    from game.session import settings

    s = settings.Settings(coach=True)
    back, problems = settings.loads(s.dumps())
    assert back.coach and not problems
    assert not settings.loads("coach = off\n")[0].coach
    old, problems = settings.loads("sound = on\n")  # a file from before the setting
    assert not old.coach and not problems
    assert settings.loads("coach = maybe\n")[1]  # a bad value is reported, not raised


@pytest.mark.parametrize("gid", sorted(SCENARIOS))
def test_random_clicks_and_keys_on_the_lesson_never_break_it(gid):
    import random

    app = make_app(iterations=30)
    m, states, p = reviewed_match(app, gid, human=None)
    learn = MistakesScene(app, m, m.analysis, [0, 1])
    app.push(learn)
    frames(app, 2)
    rng = random.Random(7)
    w, h = app.size
    keys = [pygame.K_t, pygame.K_a, pygame.K_n, pygame.K_r, pygame.K_LEFT, pygame.K_SPACE]
    for _ in range(80):
        if rng.random() < 0.7:
            pos = (rng.randrange(w), rng.randrange(h))
            if learn.b_back.rect.collidepoint(pos):
                continue  # (Back leaves the lesson)
            click(app, pos, button=rng.choice([1, 1, 1, 3]))
        else:
            press(app, rng.choice(keys))
        assert app.scene is learn
        lesson = learn.lesson
        assert learn.trying == (
            lesson.verdict is None and not lesson.judging and not learn.answer_shown
        )
    app.shutdown()
