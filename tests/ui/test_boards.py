"""The board/input layer: layout, hit testing, clicks, animations, the generic view.

Headless (conftest sets the dummy SDL drivers); everything draws on plain
Surfaces.  Budgets are iteration counts, never wall-clock time.
"""

import math
import random

import pygame
import pytest

from game import catalog, rules, theme
from game.boards.base import BoardView, ClickResult
from game.boards.generic import NEXT, PREV, GenericView
from game.boards.hexboard import HexBoard, inside_hex
from game.boards.splay import PASS_MESSAGE, SplayView
from game.catalog import view_class, view_for
from game.ui import anim
from tests.board_support import DT, MAX_STEPS, SIZES, pygame_ready, surface  # noqa: F401

pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.fixture(scope="module")
def splay():
    return rules.get("splay")


def random_game(game, seed, plies=None):
    """The (state, move that led to it) sequence of a seeded random game."""
    rng = random.Random(seed)
    state = game.start()
    out = [(state, None)]
    while not state.is_over() and (plies is None or len(out) <= plies):
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        out.append((state, move))
    return out


def legal_names(state):
    return {str(m) for m in state.legal_moves()}


# --- registry ---------------------------------------------------------------------------
def test_registry_picks_views(splay):
    view = view_for(splay, splay.start())
    assert isinstance(view, SplayView) and isinstance(view, BoardView)
    assert view_class("splay") is SplayView
    with pytest.raises(ValueError):
        view_class("no-such-game")  # the registry refuses an unknown id
    for game_id in rules.GAMES:  # a game without a view of its own: generic
        cls = view_class(game_id)
        assert issubclass(cls, BoardView)
        assert (cls is GenericView) != catalog.entry(game_id).has_view


# --- hex geometry -----------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_layout_fits_rect(splay, size):
    rect = pygame.Rect(7, 5, *size)
    board = HexBoard(splay.start().geometry)
    board.layout(rect)
    assert board.radius > 3
    for x, y in board.centers:
        assert rect.left <= x - board.radius * 0.87 and x + board.radius * 0.87 <= rect.right
        assert rect.top <= y - board.radius and y + board.radius <= rect.bottom
    for _, x, y in board.label_spots:
        assert rect.collidepoint(x, y)
    surf = surface((size[0] + 14, size[1] + 10))
    board.draw_base(surf)
    assert board.show_labels == (board.radius >= 17)


@pytest.mark.parametrize("size", SIZES)
def test_hit_testing_round_trips(splay, size):
    state = splay.start()
    view = view_for(splay, state)
    view.layout(pygame.Rect(0, 0, *size))
    geo = state.geometry
    r = view.board.radius
    for i, name in enumerate(geo.names):
        x, y = view.point_for(name)
        assert view.board.cell_at((x, y)) == i
        assert view.cell_center(name) == (x, y)
        # points well inside the hexagon, towards each corner and edge, hit it too
        cx, cy = view.board.center(i)
        for k in range(12):
            a = math.radians(30 * k)
            px, py = cx + 0.8 * r * 0.87 * math.cos(a), cy + 0.8 * r * 0.87 * math.sin(a)
            assert view.board.cell_at((px, py)) == i
        # a click there plays the move exactly when it is legal
        res = view.click((x, y))
        if name in legal_names(state):
            assert res.move == state.find_move(name) and str(res.move) == name
        else:
            assert res.move is None
    # off the board: nothing
    for pos in ((0, 0), (size[0] - 1, 0), (0, size[1] - 1), (-50, -50), None, "x"):
        assert view.board.cell_at(pos) is None
        assert view.click(pos) == ClickResult() or view.click(pos).move is None
    assert view.point_for("z99") is None
    assert view.point_for("pass") is None  # pass is not the only move here
    with pytest.raises(ValueError):
        view.cell_center("z99")


@pytest.mark.parametrize("side", [2, 5, 7, 10])
def test_hexboard_serves_other_sides(side):
    # Glorieta will reuse the renderer with sides 5..10
    from game.rules.hexhex import board as hexhex

    geo = hexhex(side)
    hb = HexBoard(geo)
    for size in ((800, 600), (160, 120)):
        rect = pygame.Rect(0, 0, *size)
        hb.layout(rect)
        hb.draw_base(surface(size))
        for i in range(geo.size):
            assert hb.cell_at(hb.point(i)) == i
            assert rect.collidepoint(hb.point(i))
        assert hb.cell_at((0, 0)) is None


def test_inside_hex_matches_the_tiling():
    # the corners are inside, a little beyond them is not
    assert inside_hex(0, -0.999, 1) and not inside_hex(0, -1.01, 1)
    assert inside_hex(0.865, 0.49, 1) and not inside_hex(0.87, 0, 1)


# --- clicks on random positions ---------------------------------------------------------
def test_clicks_agree_with_the_rules(splay):
    view = view_for(splay, splay.start())
    view.layout(pygame.Rect(0, 0, 800, 600))
    positions = passes = illegal = 0
    reasons = set()
    for seed in range(6):
        for ply, (state, move) in enumerate(random_game(splay, seed)):
            if ply % 3 and not state.is_over():
                continue
            view.set_state(state, move, animate=False)
            legal = legal_names(state)
            positions += 1
            for _i, name in enumerate(state.geometry.names):
                res = view.click(view.point_for(name))
                assert isinstance(res, ClickResult)
                if state.is_over():
                    assert res.move is None and res.message
                elif legal == {"pass"}:
                    assert str(res.move) == "pass" and res.message == PASS_MESSAGE
                    assert res.move in state.legal_moves()
                elif name in legal:
                    assert res.move == state.find_move(name) and not res.illegal
                    state.play(res.move)  # the rules accept it
                else:
                    assert res.move is None and res.illegal and res.message
                    illegal += 1
                    reasons.add(res.message.split(":")[-1].strip()[:25])
            if legal == {"pass"} and not state.is_over():
                passes += 1
                assert view.point_for("pass") is not None
                assert str(view.click(view.point_for("pass")).move) == "pass"
    assert positions > 50 and illegal > 1000
    assert len(reasons) >= 4  # specific reasons, not one generic text


def test_illegal_reasons_are_specific(splay):
    state = splay.start()
    view = view_for(splay, state)
    view.layout(pygame.Rect(0, 0, 800, 600))
    res = view.click(view.point_for("a1"))
    assert res.illegal and "border" in res.message
    assert view.shake_cell == state.geometry.cell("a1")
    for _ in range(MAX_STEPS):
        if view.shake_cell is None:
            break
        view.update(DT)
    assert view.shake_cell is None
    # a checker next to a crowded tower: play until the view refuses such a cell
    for seed in range(10):
        for state, move in random_game(splay, seed):
            if state.is_over():
                continue
            view.set_state(state, move, animate=False)
            for name in state.geometry.names:
                if name not in legal_names(state):
                    msg = view.click(view.point_for(name)).message
                    if "tower on" in msg:
                        return
    pytest.fail("never saw a 'too few empty neighbours' refusal")


def test_clicks_never_raise_when_not_interactive_or_odd(splay):
    state = random_game(splay, 3, plies=20)[-1][0]
    view = view_for(splay, state)
    view.click((10, 10))  # before any layout
    view.hover((10, 10))
    view.layout(pygame.Rect(0, 0, 800, 600))
    view.interactive = False
    for name in state.geometry.names:
        res = view.click(view.point_for(name))
        assert res.move is None and not res.illegal
    view.interactive = True
    for button in (2, 3, 4, 5):
        assert view.click(view.point_for("f6"), button).move is None


# --- animations -------------------------------------------------------------------------
def test_animations_finish_and_skip(splay):
    view = view_for(splay, splay.start())
    view.layout(pygame.Rect(0, 0, 640, 480))
    surf = surface((640, 480))
    events = []
    splays = 0
    longest = 0
    for seed in (1, 2):
        game = random_game(splay, seed)
        view.set_state(game[0][0], None)
        for k, (state, move) in enumerate(game[1:]):
            before = str(state)
            view.set_state(state, move)
            if k % 2 == 0:
                view.skip_animation()
                assert not view.animating and view.pop_events() == []
                view.draw(surf)
                continue
            steps = 0
            while view.animating:
                assert steps < MAX_STEPS
                view.draw(surf)
                view.update(DT)
                events.extend(view.pop_events())
                steps += 1
            longest = max(longest, steps)
            view.draw(surf)
            assert str(view.state) == before
            if move.cell is not None and state.piece(move.cell) == (1 - state.player, 0):
                splays += 1
    assert 0 < longest < MAX_STEPS
    assert "place" in events
    if splays:
        assert "splay" in events


def splay_view(state, size=(800, 600)):
    view = view_for(rules.get("splay"), state)
    view.interactive = True
    view.layout(pygame.Rect(0, 0, *size))
    return view


def test_a_splay_is_an_event_with_a_caption_and_a_beat(splay):
    """The spec's example 1: White stacks f6 and it splays into 5 markers; the view holds
    the caption for a beat (so the computer's reply, held while the view animates, waits)
    and the move list marks the move."""
    from game.boards.splay import CAPTION_TIME

    before = splay.position({"f6": "W3", "e6": "b", "e5": "b"}, 0)
    move = before.find_move("f6")
    after = before.play(move)
    view = splay_view(before)
    view.set_state(after, move)
    surf = surface((800, 600))
    captions, steps = set(), 0
    while view.animating:
        view.update(DT)
        captions.add(view.splay_caption())
        if steps % 8 == 0:
            view.draw(surf)
        steps += 1
        assert steps < MAX_STEPS
    assert "f6 splays: 5 markers" in captions
    assert steps * DT >= CAPTION_TIME  # a beat, not a flash
    assert view.splay_caption() is None  # gone once it is over
    # a skipped animation drops the caption at once
    view2 = splay_view(before)
    view2.set_state(after, move)
    view2.update(DT * 30)
    assert view2.splay_caption() == "f6 splays: 5 markers"
    view2.skip_animation()
    assert not view2.animating and view2.splay_caption() is None
    # a plain placement: no caption, no longer beat, no mark
    plain = before.find_move("d4")
    view3 = splay_view(before)
    view3.set_state(before.play(plain), plain)
    plain_steps = 0
    while view3.animating:
        view3.update(DT)
        assert view3.splay_caption() is None
        plain_steps += 1
    assert plain_steps * DT < CAPTION_TIME
    # the move list's marks
    assert view.move_mark(before, move) == "+5"
    assert view.move_mark(before, plain) is None
    ex2 = splay.position(
        {"b3": "B1", "c3": "B1", "b4": "W2", "a2": "w", "b2": "w", "d3": "w", "c2": "b", "c5": "b"},
        1,
    )
    assert view.move_mark(ex2, ex2.find_move("b3")) == "+3"
    assert view.move_mark(ex2, "b3") is None  # text is no move object: no mark, no error


def test_hovering_a_cell_whose_next_stone_splays_warns(splay):
    """White to move: f6 (White's tower) splays when stacked; d4 does not; a Black tower
    that splays when Black stacks it next is flagged on White's turn too."""
    state = splay.position({"f6": "W3", "e6": "b", "e5": "b"}, 0)
    view = splay_view(state)
    view.hover(view.point_for("f6"))
    assert view.hover_note() == "a stone here splays: 5 markers"
    view.hover(view.point_for("d4"))
    assert view.hover_note() is None
    view.hover(view.point_for("e6"))  # a marker
    assert view.hover_note() is None
    view.hover((-5, -5))
    assert view.hover_note() is None
    # a Black tower that Black's next stone splays, seen on White's turn
    black = splay.position({"d4": "B2", "c3": "w", "d3": "w", "c4": "w"}, 0)
    out = black.splay_of(black.geometry.cell("d4"), 1)
    assert out is not None and len(out.markers) == 4  # d4 and its empty e4, d5, e5
    view = splay_view(black)
    view.hover(view.point_for("d4"))
    assert view.hover_note() == f"Black's next stone here splays: {len(out.markers)} markers"
    view.draw(surface((800, 600)))


def test_draw_only_draws(splay):
    game = random_game(splay, 4, plies=40)
    prev, (state, move) = game[-2][0], game[-1]
    view = view_for(splay, prev)
    view.layout(pygame.Rect(0, 0, 800, 600))
    view.set_state(state, move)
    view.hint = str(state.legal_moves()[0])
    view.hover(view.point_for(str(state.legal_moves()[-1])))
    view.update(0.1)
    a, b = surface((800, 600)), surface((800, 600))
    remaining = view.timeline.remaining
    view.draw(a)
    view.draw(b)
    # drawing twice without update gives the same picture and moves no time
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert view.timeline.remaining == remaining and view.state is state
    assert str(view.state) == str(state)


@pytest.mark.parametrize("size", SIZES)
def test_every_size_draws_every_feature(splay, size):
    game = random_game(splay, 9)
    view = view_for(splay, game[0][0])
    view.layout(pygame.Rect(0, 0, *size))
    surf = surface(size)
    for state, move in game[1::4] + [game[-1]]:
        view.set_state(state, move)
        legal = [str(m) for m in state.legal_moves()]
        view.hint = legal[0] if legal else None
        if legal:
            view.hover(view.point_for(legal[-1]) or (0, 0))
        for _ in range(5):
            view.update(0.07)
            view.draw(surf)
        view.click(view.point_for("a1"))  # shake
        view.draw(surf)
    # the thumbnail still shows pieces (something other than the board colours)
    assert view.board.radius > 3


def test_pass_affordance(splay):
    for seed in range(20):
        for state, _move in random_game(splay, seed):
            if not state.is_over() and legal_names(state) == {"pass"}:
                view = view_for(splay, state)
                view.layout(pygame.Rect(0, 0, 800, 600))
                assert view.pass_only
                res = view.click(view.point_for("f6"))
                assert str(res.move) == "pass" and res.message == PASS_MESSAGE
                assert [(a.label, a.move) for a in view.actions()] == [("Pass", res.move)]
                assert res.move in state.legal_moves()
                surf = surface((800, 600))
                view.draw(surf)
                view.interactive = False
                assert view.click(view.point_for("f6")).move is None
                # playing the pass shows a short banner, then ends
                after = state.play("pass")
                view.set_state(after, "pass")
                steps = 0
                while view.animating:
                    view.draw(surf)
                    view.update(DT)
                    steps += 1
                    assert steps < MAX_STEPS
                assert steps > 10
                return
    pytest.fail("no forced pass in 20 random games")


# --- anim -------------------------------------------------------------------------------
def test_tween_and_timeline():
    tw = anim.Tween(1.0, theme.linear, delay=0.5)
    tw.update(0.25)
    assert tw.value == 0 and not tw.started
    tw.update(0.75)
    assert abs(tw.value - 0.5) < 1e-9
    tw.update(5)
    assert tw.done and tw.value == 1
    tl = anim.Timeline()
    tl.add("a", 0.3)
    tl.cue("boom", 0.2)
    tl.cue("now", 0.0)
    assert tl.running and tl.value("a") == 0 and tl.value("missing") == 1.0
    assert tl.pop_cues() == ["now"]
    tl.update(0.25)
    assert tl.pop_cues() == ["boom"]
    tl.update(0.1)
    assert not tl.running and tl.value("a") == 1.0
    tl.add("b", 1.0)
    tl.cue("late", 0.5)
    tl.finish()
    assert not tl.running and tl.pop_cues() == []
    assert anim.shake(0) == 0 and abs(anim.shake(1)) < 1e-9
    assert anim.flash(0) == 0 and anim.flash(1) == 0 and anim.flash(0.12) == 1


# --- the generic view on a fake game ----------------------------------------------------
class FakeMove:
    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


class FakeState:
    """A tiny counting game: add 1..n to a total; whoever reaches 40 wins."""

    def __init__(self, total=0, player=0, n=30):
        self.total, self.player, self.n = total, player, n

    def legal_moves(self):
        return [] if self.is_over() else [FakeMove(f"+{k}") for k in range(1, self.n + 1)]

    def play(self, move):
        k = int(str(move)[1:])
        return FakeState(self.total + k, 1 - self.player, self.n)

    def is_over(self):
        return self.total >= 40

    def winner(self):
        return 1 - self.player if self.is_over() else None

    def scores(self):
        return None

    def __str__(self):
        return f"total: {self.total}\nto move: {self.player}\n" + "#" * (self.total % 40)


class FakeGame:
    id = "fake"
    name = "Fake"

    def start(self):
        return FakeState()


def test_generic_view_plays_a_fake_game():
    game = FakeGame()
    state = FakeState(n=150)  # more moves than one page of chips holds
    view = GenericView(game, state)  # an unregistered game: the generic view serves
    view.layout(pygame.Rect(0, 0, 800, 600))
    surf = surface((800, 600))
    view.draw(surf)
    # every move is reachable by clicks: page through with the next chip
    seen = set()
    pages = 0
    for _ in range(30):
        for m in state.legal_moves():
            p = view.point_for(str(m))
            if p is not None:
                assert str(view.click(p).move) == str(m)
                seen.add(str(m))
        nxt = [r for r, t in view._chips if t == NEXT]
        if not nxt:
            break
        assert view.click(nxt[0].center).move is None
        pages += 1
        view.draw(surf)
    assert pages > 0 and seen == {str(m) for m in state.legal_moves()}
    prev = [r for r, t in view._chips if t == PREV]
    if prev:
        view.click(prev[0].center)
    # play a game through clicks, with animations and a hint
    state = game.start()
    view.set_state(state, None, animate=False)
    steps = 0
    while not state.is_over():
        view.hint = "+1"
        p = view.point_for("+7") or view.point_for(str(state.legal_moves()[0]))
        res = view.click(p)
        assert res.move is not None
        move = res.move
        assert str(move) in {str(m) for m in state.legal_moves()}
        state = state.play(move)
        view.set_state(state, move)
        while view.animating:
            view.update(DT)
            view.draw(surf)
            steps += 1
            assert steps < 10 * MAX_STEPS
        view.pop_events()
    assert view.point_for("+1") is None
    assert view.click((400, 300)).move is None
    view.interactive = False
    view.draw(surf)
    for size in SIZES:
        view.layout(pygame.Rect(0, 0, *size))
        view.hover((5, 5))
        view.click((5, 5))
        view.click((5, 5), 4)
        view.draw(surface(size))


def test_generic_view_on_a_real_game(splay):
    # any registered game can be driven through the generic view too
    state = random_game(splay, 5, plies=10)[-1][0]
    view = GenericView(splay, state)
    view.layout(pygame.Rect(0, 0, 1280, 800))
    view.draw(surface((1280, 800)))
    names = [str(m) for m in state.legal_moves()]
    shown = [n for n in names if view.point_for(n) is not None]
    assert shown
    assert str(view.click(view.point_for(shown[0])).move) == shown[0]


def test_generic_view_names_the_cell_of_a_chip(splay):
    state = random_game(splay, 5, plies=10)[-1][0]
    view = GenericView(splay, state)
    view.layout(pygame.Rect(0, 0, 1280, 800))
    shown = [str(m) for m in state.legal_moves() if view.point_for(str(m)) is not None]
    for name in shown[:10]:
        view.hover(view.point_for(name))
        assert view.cell_name(view.point_for(name)) == name
        view.draw(surface((1280, 800)))
    for odd in (None, "x", (1,), (-5, -5), (float("nan"), 1)):
        view.hover(odd)
        assert view.cell_name(odd) is None
    view.draw(surface((1280, 800)))


@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
def test_hex_labels_are_readable_and_clear_of_the_cells(splay, size):
    """Labels at 800x600 and up: at least the floor size, and each one outside every
    cell (so it never covers the board)."""
    view = view_for(splay, splay.start())
    view.layout(pygame.Rect(0, 0, size[0] - theme.PANEL_WIDTH, size[1]))
    b = view.board
    assert b.show_labels and b.label_size() >= 24
    from game.boards.hexboard import font

    f = font(b.label_size())
    for text, x, y in b.label_spots:
        w, h = f.size(text)
        for cx, cy in b.centers:  # the label's box stays clear of each cell's inner circle
            dx = max(abs(x - cx) - w / 2, 0)
            dy = max(abs(y - cy) - h / 2, 0)
            assert math.hypot(dx, dy) >= b.radius * 0.8, (text, size)
    # the hovered cell's row and column labels light up without error
    view.hover(view.point_for("f6"))
    assert view.cell_name(view.point_for("f6")) == "f6"
    view.draw(surface(size))


@pytest.mark.parametrize("gid", ["splay", "glorieta"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_hex_labels_sit_on_their_cells_lines(gid, size):
    """Each column letter straight below its column's lowest cell (same x, within a
    pixel), each row number level with its row's cells, outside the plate."""
    game = rules.get(gid)
    state = game.start()
    view = view_for(game, state)
    view.layout(pygame.Rect(0, 0, size[0] - theme.PANEL_WIDTH, size[1]))
    b = view.board
    geo = state.geometry
    assert b.show_labels
    from game.boards.hexboard import font

    f = font(b.label_size())
    plate = b.board_polygon(grow=1.45)
    for c in range(1, geo.span + 1):
        letter = chr(ord("a") + c - 1)
        cells = [i for i, (cc, _) in enumerate(geo.coords) if cc == c]
        lowest = max(cells, key=lambda i: b.center(i)[1])
        cx, cy = b.center(lowest)
        lx, ly = b.label_xy[letter]
        assert abs(lx - cx) <= 1.0, (gid, size, letter, lx, cx)
        assert ly > cy + b.radius, (gid, size, letter)  # below it, off the cells
        w, h = f.size(letter)  # the whole glyph box lies outside the plate
        for px, py in ((lx - w / 2, ly - h / 2), (lx + w / 2, ly - h / 2)):
            assert not _inside(plate, px, py), (gid, size, letter)
    for r in range(1, geo.span + 1):
        row = [b.center(i) for i, (_, rr) in enumerate(geo.coords) if rr == r]
        lx, ly = b.label_xy[str(r)]
        assert all(abs(ly - y) <= 1.0 for _, y in row), (gid, size, r)
        assert lx < min(x for x, _ in row) - b.radius


def _inside(poly, x, y) -> bool:
    """Is (x, y) inside the convex polygon ``poly``?"""
    sign = 0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
        if cross:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


@pytest.mark.parametrize("gid", ["gess", "gliss", "glades"])
@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
def test_grid_labels_are_readable_and_clear_of_the_plate(gid, size):
    from game.boards.hexboard import font

    game = rules.get(gid)
    view = view_for(game, game.start())
    view.layout(pygame.Rect(0, 0, size[0] - theme.PANEL_WIDTH, size[1]))
    g = view.grid
    assert g.show_labels and g.label_size() >= 24, (gid, size, g.label_size())
    f = font(g.label_size())
    plate = g.plate_rect()
    for text, x, y in g.label_spots():
        box = pygame.Rect(0, 0, *f.size(text))
        box.center = (round(x), round(y))
        assert not box.colliderect(plate), (gid, size, text)
        assert view.rect.contains(box), (gid, size, text)
