"""The Glades board view: layout with two trays, picking and turning a tile, the ghost
and its reasons (the rules' own), Fits marks, clicks that play exactly their move, the
forced pass, the flying placement and the scoring show.  Headless; budgets are
iteration counts, never wall-clock time."""

import random

import pygame
import pytest

from game import rules
from game.boards.base import Action, BoardView
from game.boards.glades import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Drop,
    GladesView,
    Passed,
    Scoring,
    orientation_of,
    spot_values,
)
from game.catalog import view_class, view_for
from game.rules.glades import INDEX, PASS, TILES
from tests.board_support import DT, MAX_STEPS, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.fixture(scope="module")
def glades():
    return rules.get("glades")


def make_view(game, state, size=(800, 600), at=(0, 0)):
    view = view_for(game, state)
    view.interactive = True
    view.layout(pygame.Rect(at[0], at[1], *size))
    return view


def one_tile(game, to_move=1, **options):
    """The spec's example: a single green 3-6 on d5-e5."""
    return game.position([("green", "d5:3-e5:6")], to_move=to_move, **options)


def random_game(game, seed, **options):
    rng = random.Random(seed)
    state = game.start(**options)
    out = [(state, None)]
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        out.append((state, move))
    return out


def run_out(view, limit=MAX_STEPS):
    steps = 0
    while view.animating:
        assert steps < limit, "an animation did not end"
        view.update(DT)
        steps += 1
    return steps


def sq(name):
    return INDEX[name]


def pick(view, tile):
    tray = view.trays[view.state.player]
    res = view.click(tray.slots[tile].center)
    assert view.picked == tile, res
    return res


def hover_spot(view, a, b):
    view.hover(view.spot_point((sq(a), sq(b))))
    return view.ghost


# --- registration and layout -------------------------------------------------------------------
def test_registered(glades):
    assert view_class("glades") is GladesView
    assert issubclass(GladesView, BoardView)


@pytest.mark.parametrize(
    "size", [(430, 570), (486, 568), (800, 600), (876, 768), (1196, 968), (1600, 1000), (160, 120)]
)
def test_layout_fits_board_and_trays(glades, size):
    rect = pygame.Rect(7, 5, *size)
    view = view_for(glades, glades.start())
    view.layout(rect)
    g = view.grid
    boxes = [t.box for t in view.trays]
    for c in range(9):
        for r in range(9):
            assert rect.contains(g.square_rect(c, r))
            assert g.at(g.point(c, r)) == (c, r)
    if size[0] < 300:
        return
    plate = g.plate_rect()
    for tray in view.trays:
        assert rect.contains(tray.box)
        assert not tray.box.colliderect(plate)
        assert len(tray.slots) == 21
        for r in tray.slots.values():
            assert tray.box.contains(r)
        assert tray.box.contains(tray.turn) and tray.box.contains(tray.fits)
        assert not tray.turn.colliderect(tray.fits)
        assert tray.unit >= 10
    assert not boxes[0].colliderect(boxes[1])
    # the board gets most of the room: squares at least 30 px at the play scene's 800 x 600
    if size == (430, 570) or size == (486, 568):
        assert g.pitch >= 30
        assert view.arr.stacked  # a tall rect: trays above and below
    if size == (1600, 1000):
        assert g.pitch >= 70 and not view.arr.stacked
    surf = surface((size[0] + 20, size[1] + 20))
    view.draw(surf)


def test_draw_stays_inside_the_rect(glades):
    rect = pygame.Rect(10, 10, 430, 570)
    state = one_tile(glades)
    view = make_view(glades, state, rect.size, rect.topleft)
    pick(view, (2, 6))
    view.key(pygame.K_f)
    hover_spot(view, "e6", "e7")
    s = surface((460, 600))
    view.draw(s)
    from game import theme

    for p in [
        (rect.left - 1, rect.centery),
        (rect.right, rect.centery),
        (rect.centerx, rect.top - 1),
        (rect.centerx, rect.bottom),
    ]:
        assert tuple(s.get_at(p))[:3] == theme.BG


@pytest.mark.parametrize("size", [(112, 112), (160, 120), (430, 570), (800, 600), (1600, 1000)])
def test_tray_words_stay_inside_the_tray(glades, size):
    """A tray's name, count and score fit its box, or are left out (a menu thumbnail shows
    the chips and the dominoes only)."""
    from game.boards.glades.paint import font

    state = glades.start()
    state = state.play(state.legal_moves()[0])
    view = make_view(glades, state, size)
    drawn = []
    real = view._text

    def record(surface, text, size_, col, **where):
        rect = pygame.Rect((0, 0), font(size_).size(text))
        setattr(rect, *next(iter(where.items())))
        drawn.append((text, rect))
        return real(surface, text, size_, col, **where)

    view._text = record
    for seat in (0, 1):
        drawn.clear()
        view._draw_tray(surface((size[0] + 20, size[1] + 20)), seat)
        box = view.trays[seat].box
        for text, rect in drawn:
            assert box.contains(rect), (size, seat, text, rect, box)
        if size[0] >= 400:
            assert any(text == view.state.seat_name(seat) for text, _ in drawn)


# --- picking and turning -----------------------------------------------------------------------
def test_pick_and_put_back(glades):
    view = make_view(glades, one_tile(glades))
    res = pick(view, (2, 6))
    assert res.move is None and "2-6" in res.message
    # the opponent's tray is not yours
    other = view.trays[0]
    res = view.click(other.slots[(1, 1)].center)
    assert res.move is None and "Green's tray" in res.message and view.picked == (2, 6)
    # clicking the picked tile again puts it back
    view.click(view.trays[1].slots[(2, 6)].center)
    assert view.picked is None
    # a tile already placed cannot be picked
    gview = make_view(glades, one_tile(glades, to_move=0))
    res = gview.click(gview.trays[0].slots[(3, 6)].center)
    assert gview.picked is None and "already" in res.message


def test_turning_by_key_wheel_button_and_right_click(glades):
    view = make_view(glades, one_tile(glades))
    # with nothing picked R only says what it is for (it never redoes); a right click is
    # the scene's (cancel)
    o = view.orientation
    res = view.key(pygame.K_r)
    assert res is not None and res.move is None and "R then turns it" in res.message
    assert view.orientation == o and view.picked is None
    assert view.alt_click(view.grid.point(0, 0)) is None
    pick(view, (1, 2))
    o = view.orientation
    assert view.key(pygame.K_r) is not None
    assert view.orientation == (o + 1) % 4
    view.click(view.grid.point(4, 4), 5)  # wheel down: clockwise
    assert view.orientation == (o + 2) % 4
    view.click(view.grid.point(4, 4), 4)  # wheel up: back
    assert view.orientation == (o + 1) % 4
    assert view.alt_click(view.grid.point(4, 4)) is not None
    assert view.orientation == (o + 2) % 4
    view.click(view.grid.point(4, 4), 3)  # a right click through click()
    assert view.orientation == (o + 3) % 4
    res = view.click(view.trays[1].turn.center)  # the Turn button
    assert res.move is None and view.orientation == o
    assert "click" in view.pop_events()
    assert not view.animating  # turning never holds the game up
    # the other keys are left to the scene
    for k in (pygame.K_u, pygame.K_h, pygame.K_s, pygame.K_m):
        assert view.key(k) is None


def test_orientations_name_the_spots(glades):
    assert spot_values((2, 5), RIGHT) == (2, 5) and spot_values((2, 5), LEFT) == (5, 2)
    assert spot_values((2, 5), UP) == (2, 5) and spot_values((2, 5), DOWN) == (5, 2)
    for o in range(4):
        view = make_view(glades, glades.start())
        view.orientation = o
        a, b = view.spot_under(view.grid.point(4, 4), o)
        assert (b - a == 1) == (o in (RIGHT, LEFT))
        assert orientation_of((a, b), spot_values((2, 5), o)) == o
    # at the board's right and top edges the domino stays on the board
    view = make_view(glades, glades.start())
    assert view.spot_under(view.grid.point(8, 3), RIGHT) == (sq("h4"), sq("i4"))
    assert view.spot_under(view.grid.point(3, 8), UP) == (sq("d8"), sq("d9"))
    assert view.spot_under((-50, -50), RIGHT) is None


# --- the ghost and its reasons -----------------------------------------------------------------
SPEC = [
    ("f5", 6, "g5", 2),
    ("e6", 6, "e7", 1),
    ("f5", 6, "f6", 1),
    ("f5", 5, "g5", 2),
    ("e6", 4, "e7", 1),
    ("d6", 3, "e6", 6),
    ("e6", 6, "f6", 6),
]


@pytest.mark.parametrize("a,va,b,vb", SPEC)
def test_ghost_reason_is_the_rules_reason(glades, a, va, b, vb):
    state = one_tile(glades)
    view = make_view(glades, state)
    tile = (min(va, vb), max(va, vb))
    pick(view, tile)
    view.orientation = orientation_of((sq(a), sq(b)), (va, vb))
    ghost = hover_spot(view, a, b)
    assert ghost is not None and ghost.squares == (sq(a), sq(b)) and ghost.values == (va, vb)
    want = state.check_placement(a, va, b, vb)
    assert ghost.reason == want
    s = surface()
    view.draw(s)
    res = view.click(view.spot_point((sq(a), sq(b))))
    if want is None:
        assert res.move is not None and str(res.move) == f"{a}:{va}-{b}:{vb}"
        assert res.move in state.legal_moves()
        assert view.picked is None  # the move is made: nothing stays picked
    else:
        assert res.move is None and res.illegal and res.message == want
        assert view.refused == (sq(a), sq(b))  # the spot shakes
        view.draw(s)


def test_ghost_for_green_touching_its_own_tile(glades):
    state = one_tile(glades, to_move=0)
    view = make_view(glades, state)
    pick(view, (1, 2))
    view.orientation = RIGHT
    ghost = hover_spot(view, "f5", "g5")
    assert ghost.reason == "touches your own tile at e5"
    ghost = hover_spot(view, "f6", "g6")
    assert ghost.legal and ghost.reason is None


def test_ghost_for_the_touch_limit(glades):
    state = glades.position(
        [
            ("green", "d5:3-e5:6"),
            ("orange", "f5:6-g5:2"),
            ("orange", "b5:1-c5:3"),
            ("orange", "e6:6-e7:1"),
        ],
        to_move=1,
    )
    view = make_view(glades, state, (1600, 1000))
    pick(view, (2, 3))
    view.orientation = orientation_of((sq("d3"), sq("d4")), (2, 3))
    ghost = hover_spot(view, "d3", "d4")
    assert ghost.reason == state.check_placement("d3", 2, "d4", 3)
    assert "touched by 4" in ghost.reason


def test_ghost_agrees_with_the_rules_everywhere(glades):
    """Every spot, every orientation, on a few positions of a random game."""
    rng = random.Random(3)
    game = random_game(glades, 5)
    checked = 0
    for state, _ in game[4:-1:4]:
        view = make_view(glades, state, (1600, 1000))
        tile = rng.choice(state.tiles_left(state.player))
        view.pick(tile)
        legal = set(state.legal_placements(tile))
        for o in range(4):
            view.orientation = o
            for c in range(9):
                for r in range(9):
                    view.hover(view.grid.point(c, r))
                    g = view.ghost
                    a, b = g.squares
                    va, vb = g.values
                    assert g.reason == state.check_placement(a, va, b, vb)
                    assert (g.move in legal) == g.legal
                    checked += 1
    assert checked > 1000


# --- Fits --------------------------------------------------------------------------------------
def test_fits_marks_exactly_the_legal_placements(glades):
    for state, _ in random_game(glades, 8)[1:-1:3]:
        view = make_view(glades, state)
        if view.pass_only:
            continue
        assert view.marked_moves() == set()
        tile = state.tiles_left(state.player)[-1]
        pick(view, tile)
        assert view.marked_moves() == set()
        res = view.key(pygame.K_f)
        assert res is not None and view.show_fits
        assert view.marked_moves() == set(state.legal_placements(tile))
        view.draw(surface((800, 600)))
        view.click(view.trays[state.player].fits.center)  # the button toggles it off
        assert not view.show_fits and view.marked_moves() == set()
    # F with nothing picked says what to do
    view = make_view(glades, glades.start())
    res = view.key(pygame.K_f)
    assert res is not None and "pick" in res.message and not view.show_fits


# --- points_for --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
def test_points_for_plays_exactly_that_move(glades, size):
    rng = random.Random(2)
    checked = 0
    for state, _ in random_game(glades, 6)[:-1:2]:
        view = make_view(glades, state, size)
        moves = state.legal_moves()
        for m in rng.sample(moves, min(10, len(moves))):
            view.cancel_selection()
            pts = view.points_for(str(m))
            assert pts
            results = [view.click(p) for p in pts]
            assert all(r.move is None for r in results[:-1])
            assert results[-1].move == m, (str(m), results[-1])
            checked += 1
    assert checked > 30
    view = make_view(glades, glades.start())
    assert view.points_for("hello") is None
    assert view.points_for("pass") is None  # not forced here


# --- passing -----------------------------------------------------------------------------------
def forced_pass_state(glades):
    for seed in range(40):
        for state, _ in random_game(glades, seed):
            if not state.is_over() and state.legal_moves() == [PASS]:
                return state
    pytest.skip("no forced pass found")


def test_forced_pass_banner_action_and_click(glades):
    state = forced_pass_state(glades)
    view = make_view(glades, state)
    assert view.pass_only
    acts = view.actions()
    assert len(acts) == 1 and isinstance(acts[0], Action) and acts[0].label == "Pass"
    assert acts[0].move == PASS and "must pass" in acts[0].explain
    s = surface()
    view.draw(s)
    # the banner is drawn over the board's centre
    before = surface()
    view.pass_only = False
    view.draw(before)
    view.pass_only = True
    cx, cy = view.grid.plate_rect().center
    assert s.get_at((cx, cy)) != before.get_at((cx, cy))
    # a click on the board passes; the tray only says why
    res = view.click(view.grid.point(4, 4))
    assert res.move == PASS
    res = view.click(view.trays[state.player].slots[TILES[0]].center)
    assert res.move is None and "pass" in res.message
    assert view.points_for("pass") and view.click(view.points_for("pass")[0]).move == PASS
    # the pass itself shows a banner for a moment
    after = state.play(PASS)
    view.set_state(after, PASS)
    assert isinstance(view.plan, Passed) and view.plan.seat == state.player
    assert view.animating
    view.draw(s)
    run_out(view)


def test_no_pass_action_when_a_placement_exists(glades):
    view = make_view(glades, glades.start())
    assert view.actions() == [] and not view.pass_only


# --- animation ---------------------------------------------------------------------------------
def test_placement_flies_in_and_lands(glades):
    state = one_tile(glades)
    move = state.find_move("e6:6-e7:1")
    after = state.play(move)
    view = make_view(glades, state)
    view.set_state(after, move)
    assert isinstance(view.plan, Drop) and view.plan.squares == (sq("e6"), sq("e7"))
    assert view.plan.contacts == ((sq("e6"), sq("e5")),)
    s = surface()
    events = []
    steps = 0
    while view.animating:
        view.update(DT)
        events += view.pop_events()
        if steps % 5 == 0:
            view.draw(s)
        steps += 1
        assert steps < MAX_STEPS
    assert events == ["place"] and view.plan is None
    # a notation works as well as a move object; animate=False shows it at once
    view.set_state(state, None, animate=False)
    view.set_state(after, "e7:1-e6:6")
    assert isinstance(view.plan, Drop)
    view.skip_animation()
    assert not view.animating and view.pop_events() == []
    view.set_state(state, None, animate=False)
    view.set_state(after, move, animate=False)
    assert not view.animating


def test_scoring_show_runs_to_its_end_and_skip_leaves_the_final_picture(glades):
    game = random_game(glades, 4)
    (prev, _), (final, last) = game[-2], game[-1]
    assert final.is_over()
    view = make_view(glades, prev)
    view.set_state(final, last)
    assert isinstance(view.scoring, Scoring)
    glade_list = final.glades()
    assert [st.glade for st in view.scoring.steps] == glade_list
    s = surface()
    events, seen_counts, labels = [], [], []
    steps = 0
    while view.animating:
        view.update(DT)
        events += view.pop_events()
        if view.scoring is not None:
            seen_counts.append(tuple(view._tray_score(p) for p in (0, 1)))
            labels.append(view.panel_lines()[0])
        if steps % 10 == 0:
            view.draw(s)
        steps += 1
        assert steps < MAX_STEPS, "the scoring show must end within 4 s"
    assert steps > 60  # a show, not a flash
    assert events[0] == "place" and events[-1] == "win"
    claimed = sum(1 for g in glade_list if g.owner is not None)
    assert events.count("splay") == claimed
    assert events.count("click") == len(glade_list) - claimed
    # the totals count up, never down, to the rules' scores
    for p in (0, 1):
        col = [c[p] for c in seen_counts]
        assert col == sorted(col) and col[0] == 0
        assert col[-1] == final.scores()[p]
    assert len(set(labels)) > 1
    final_picture = surface()
    view.draw(final_picture)
    # skipping halfway leaves exactly the same final picture
    view2 = make_view(glades, prev)
    view2.set_state(final, last)
    for _ in range(40):
        view2.update(DT)
    view2.skip_animation()
    assert not view2.animating and view2.scoring is None
    skipped = surface()
    view2.time = view.time
    view2.draw(skipped)
    # and so does showing the final state without animation (the result screen)
    view3 = make_view(glades, final)
    view3.set_state(final, last, animate=False)
    assert not view3.animating
    direct = surface()
    view3.time = view.time
    view3.draw(direct)
    b1 = pygame.image.tobytes(final_picture, "RGB")
    assert pygame.image.tobytes(skipped, "RGB") == b1
    assert pygame.image.tobytes(direct, "RGB") == b1
    # the trays show the totals; the panel says how many glades were claimed
    assert view3._tray_score(0) == final.scores()[0]
    assert any("claimed" in line for line in view3.panel_lines())


def test_clicks_when_not_interactive_or_over(glades):
    game = random_game(glades, 2)
    final = game[-1][0]
    view = make_view(glades, final)
    res = view.click(view.grid.point(4, 4))
    assert res.move is None and "over" in res.message
    assert view.key(pygame.K_r) is None
    view = make_view(glades, glades.start())
    view.interactive = False
    res = view.click(view.trays[0].slots[(1, 1)].center)
    assert res.move is None and view.picked is None
    for odd in (None, "x", (1,), (-5000, 5000)):
        view.hover(odd)
        assert view.click(odd).move is None


def test_hint_and_tour_tries_draw(glades):
    state = one_tile(glades)
    view = make_view(glades, state)
    s = surface()
    for hint in ("e6:6-e7:1", "d6:3-e6:6", state.find_move("f5:6-g5:2"), "nonsense"):
        view.hint = hint
        view.draw(s)
    assert view.hint_move() is None


def test_draw_only_draws(glades):
    game = random_game(glades, 9)
    view = make_view(glades, game[-2][0])
    view.set_state(game[-1][0], game[-1][1])
    for _ in range(30):
        view.update(DT)
    snapshot = (view.timeline.remaining, view.picked, view.orientation, view.time)
    s = surface()
    for _ in range(3):
        view.draw(s)
    assert (view.timeline.remaining, view.picked, view.orientation, view.time) == snapshot
    assert view.pop_events() is not None


# --- during play: the glades as they stand ------------------------------------------------------
def a_game_with_a_big_claimed_glade(glades):
    """A position of a random game, not over, where a claimed glade has over 9 squares and
    another glade exists."""
    for seed in range(40):
        for state, _ in random_game(glades, seed)[4:]:
            if state.is_over():
                break
            gl = state.glades()
            if len(gl) > 1 and any(g.owner is not None and g.size > 9 for g in gl):
                return state
    raise AssertionError("no such position in 40 random games")


def test_every_glade_is_shaded_by_its_owner_during_play_with_the_rules_reasons(glades):
    state = a_game_with_a_big_claimed_glade(glades)
    view = make_view(glades, state)
    gl = state.glades()
    want = {s: g.owner for g in gl if g.owner is not None for s in g.squares}
    assert view.glade_shading() == want
    assert len(want) == sum(state.scores())  # the shading is what the scores count
    # each glade's note on hover: who would claim it now, and the rules' own reason
    for g in gl:
        for s in (g.squares[0], g.squares[-1]):
            view.hover(view.square_point(s))
            note = view.hover_note()
            assert note is not None and note.endswith(": " + g.reason), (note, g.reason)
            if g.owner is None:
                assert note.startswith("nobody claims it now")
            else:
                assert note.startswith(f"{('Green', 'Orange')[g.owner]} would claim {g.size} now")
    # a tile's square is in no glade: no note; a picked tile's ghost hides the notes
    t = state.tiles()[0]
    view.hover(view.square_point(t.squares[0]))
    assert view.hover_note() is None
    big = max((g for g in gl if g.owner is not None), key=lambda g: g.size)
    tile = state.tiles_left(state.player)[0]
    view.cancel_selection()
    view.pick(tile)
    view.hover(view.square_point(big.squares[0]))
    assert view.hover_note() is None
    view.cancel_selection()
    # the panel's scores are labelled: the board scored as if the game ended now
    assert view.score_caption() == "scores if the game ended now"
    # the big glade's squares are drawn in the owner's tint: its non-centre squares differ
    # from the same squares on an empty board
    s1 = surface()
    view.draw(s1)
    empty = make_view(glades, glades.start())
    s0 = surface()
    empty.draw(s0)
    centre = view._centre_square(gl.index(big))
    tinted = [s for s in big.squares if s != centre]
    assert tinted
    for s in tinted[:6]:
        x, y = view.square_point(s)
        x, y = x - int(view.grid.pitch * 0.3), y - int(view.grid.pitch * 0.3)
        assert s1.get_at((x, y)) != s0.get_at((x, y)), s


def test_the_final_position_keeps_its_notes_and_drops_the_caption(glades):
    game = random_game(glades, 4)
    final = game[-1][0]
    view = make_view(glades, final)
    assert view.score_caption() is None
    g = next(g for g in final.glades() if g.owner is not None)
    view.hover(view.square_point(g.squares[0]))
    assert view.hover_note() == f"{('Green', 'Orange')[g.owner]} {g.size}: {g.reason}"
