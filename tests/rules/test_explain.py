"""State.explain: what a move achieves, in each game's own words, worked out from the
rules on the specs' worked examples (../shared/rules/<id>.md)."""

from __future__ import annotations

import pytest
from test_gess import position as gess_pos
from test_gess import ring as gess_ring
from test_gliss import FIG3, FIG4
from test_gliss import pos as gliss_pos
from test_glorieta import RING
from test_glorieta import position as glorieta_pos

from game import rules
from game.rules.core import State


# --- the contract ----------------------------------------------------------------------------
def test_the_base_says_nothing_of_a_quiet_move_and_names_an_ending():
    class Tiny(State):
        player = 0

        def __init__(self, n=0):
            self.n = n
            self.player = n % 2

        def legal_moves(self):
            return [] if self.n >= 2 else ["go"]

        def play(self, move):
            return Tiny(self.n + 1)

        def is_over(self):
            return self.n >= 2

        def winner(self):
            return 1 if self.n >= 2 else None

        def __str__(self):
            return str(self.n)

    assert Tiny(0).explain("go") is None  # quiet
    assert Tiny(1).explain("go") == "wins the game"  # seat 1 moves and wins
    assert Tiny(0).explain("nonsense") is None  # not a move: never raises
    assert Tiny(2).explain("go") is None  # over


@pytest.mark.parametrize("gid", sorted(rules.GAMES))
def test_every_game_explains_without_raising_and_refuses_nonsense(gid):
    import random

    rng = random.Random(5)
    state = rules.get(gid).start()
    said = 0
    for _ in range(40):
        if state.is_over():
            break
        for m in state.legal_moves()[:6]:
            text = state.explain(m)
            assert text is None or (isinstance(text, str) and text and not text.endswith("."))
            said += text is not None
        assert state.explain("zz-not-a-move") is None
        state = state.play(rng.choice(state.legal_moves()))
    assert said > 0  # every game names something in a short random game


@pytest.mark.parametrize("gid", sorted(rules.GAMES))
def test_every_legal_move_gets_a_sentence(gid):
    """Quiet moves too: each game says what any legal move does, in its own words (the
    review's better move and the coach always have a reason to show)."""
    import random

    rng = random.Random(11)
    state = rules.get(gid).start()
    asked = 0
    for _ in range(30):
        if state.is_over():
            break
        moves = state.legal_moves()
        for m in rng.sample(moves, min(5, len(moves))):
            text = state.explain(m)
            assert isinstance(text, str) and text and not text.endswith("."), (gid, str(m))
            asked += 1
        rng.shuffle(moves)  # go on with a move that does not end the game, where there is one
        state = next((a for a in map(state.play, moves) if not a.is_over()), state.play(moves[0]))
    assert asked >= 20


# --- Splay (the spec's examples 1, 2 and 4) ------------------------------------------------------
def test_splay_example_1_splay_of_four():
    s = rules.get("splay").position({"f6": "W3", "e6": "b", "e5": "b"}, 0)
    assert s.explain("f6") == "splays f6 into 5 markers (White's territory 1 -> 5)"


def test_splay_example_2_splay_with_two_collapses():
    s = rules.get("splay").position(
        {"b3": "B1", "c3": "B1", "b4": "W2", "a2": "w", "b2": "w", "d3": "w", "c2": "b", "c5": "b"},
        1,
    )
    assert s.explain("b3") == (
        "splays b3 into 3 markers and collapses 1 White tower and 1 of its own "
        "(Black's territory 4 -> 6)"
    )
    assert s.explain("b5") == "starts a tower on b5"


def test_splay_example_4_immediate_splay_and_a_tower_ready_to_splay():
    g = rules.get("splay")
    s = g.position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b"}, 0)
    assert s.explain("f6") == "splays f6 into 2 markers (White's territory 0 -> 2)"
    # a new tower (height 1) with 2 empty neighbours: one more checker on it splays
    s = g.position({"e5": "b", "e6": "b", "f7": "b", "g7": "b"}, 0)
    assert s.explain("f6") == "starts a tower on f6, one checker from splaying"


# --- Glorieta (the spec's flower examples) -------------------------------------------------------
def test_glorieta_closing_blocking_and_threatening_a_loop():
    five = {c: "b" for c in RING[:5]}
    five.update({"a7": "o", "b7": "o", "c7": "o", "a1": "o", "b1": "o"})
    black_to_move = glorieta_pos("landscape", five, black=0)
    assert black_to_move.explain("f6") == "closes a loop of 6 stones around 1 cell"
    # a quiet stone: where it goes and the group it makes (neutral stones count for both)
    assert black_to_move.explain("m13") == "places a Black stone on m13, on its own"
    two = glorieta_pos("landscape", {"g7": "b", "h7": "n", "a1": "o"}, black=0)
    assert two.explain("i7") == "places a Black stone on i7, making a Black group of 3 stones"
    stones = {"g7": "b", "a2": "b", "m13": "b", "a1": "o", "b1": "o"}
    orange = glorieta_pos("landscape", stones, black=0)
    assert orange.explain("c1") == (
        "places an Orange stone on c1, making an Orange group of 3 stones"
    )
    four = {c: "b" for c in RING[:4]}
    four.update({"a7": "o", "b7": "o", "c7": "o", "a1": "o"})
    orange_to_move = glorieta_pos("landscape", dict(four, f6="b"), black=0)
    assert orange_to_move.explain("h8") == "blocks Black's loop at h8"
    black_again = glorieta_pos("landscape", four, black=0)
    assert black_again.explain("h8") == "threatens to close a Black loop at f6"


def test_glorieta_neutral_completing_the_opponents_loop_and_the_choices():
    g = rules.get("glorieta")
    stones = {c: "b" for c in RING[:5]}
    stones.update({"a7": "o", "b7": "o", "c7": "o", "a1": "o", "b1": "o"})
    s = glorieta_pos("chicken", stones, black=0, phase="neutral or decline", to_move=1, stone="b1")
    assert s.explain("n:f6").startswith("completes Black's loop for them: a loop of 6 stones")
    assert "neutral stones end for both players" in s.explain("decline")
    opening = g.start(variant="landscape", seed=3)
    land = opening.play(opening.legal_moves()[0])  # the opening black stone
    assert land.explain("take:orange") == "takes Orange and moves next"
    assert land.explain("take:black").startswith("takes Black, and the opening stone")


# --- Gliss (the spec's figures 3 and 4) ---------------------------------------------------------
def test_gliss_figure_3_docks_and_converts_e1():
    s = gliss_pos(**FIG3)
    assert s.explain("a5>d2") == "docks and converts e1"
    assert s.explain("a5>off") == "flies the glider off the board, where it is lost"


def test_gliss_figure_4_captures_the_glider_and_builds():
    s = gliss_pos(**FIG4)
    assert s.explain("c6>d5") == "captures Blue's glider (e4, e5, f5)"
    assert s.explain("c6>d6") == "flies its glider from c6 to d6"  # a quiet step
    lone = gliss_pos(red=["f6", "g6", "f5"])
    assert lone.explain("b2+") == "builds a base on b2-c3"


def test_gliss_deploying_leaves_a_tower_and_counts_towards_twelve():
    s = gliss_pos(red=["f6", "g6", "f5", "g5"])
    deploy = next(m for m in s.legal_moves() if m.kind == "deploy" and str(m).startswith("f5:"))
    assert s.explain(deploy) == (
        "launches a glider from its base, leaving a tower on f5 and gives Red 1 tower (12 win)"
    )


# --- Gess (the spec's examples from the start, and a ring capture) ----------------------------
def test_gess_examples_from_the_start():
    s = rules.get("gess").start()
    assert s.explain("e3-d3") == "removes 3 of its own stones"
    assert s.explain("r3-s3") == "carries 1 stone off the board"
    assert s.explain("j3-j4") == "breaks its own ring at l3 and loses the game at once"
    assert s.explain("m6-l7") == "moves its 1-stone piece 1 square north-west, from m6 to l7"


def test_gess_capturing_the_last_ring_wins():
    black = gess_ring("e5") + ["g10", "h10", "i10"]
    white = gess_ring("l10") + ["k17"]
    s = gess_pos(black, white)
    text = s.explain("h10-j10")
    assert text.startswith("captures 3 White stones")
    assert "breaks White's last ring at l10" in text and text.endswith("wins the game")


# --- Glades (the spec's single-tile examples) --------------------------------------------------
def test_glades_claims_and_takes_small_glades():
    g = rules.get("glades")
    s = g.position([("green", "d5:3-e5:6")], to_move=1)
    # end to end, 6 = 6: Green's 3 still beats Orange's 2 in the one glade, so it changes
    # nothing the board would score
    assert s.explain("f5:6-g5:2") == "places the 6-2 tile on f5-g5"
    corner = g.position([("orange", "a2:1-b2:1")], to_move=0)
    # the corner a1-b1 closes: Green's 6 on c1 beats Orange's 1s; the rest of the board is
    # too wide open to name
    assert corner.explain("c1:6-c2:1") == "takes the a1-b1 glade (2 squares) from Orange"
    # 1 against 1: every value cancels, so the closed corner is no one's
    assert corner.explain("c1:1-c2:1") == "places the 1-1 tile on c1-c2, closing 1 glade"
    # the whole board: nothing settled
    assert g.start().explain("e5:6-e6:6") == "places the 6-6 tile on e5-e6"


def test_glorieta_closing_cells_match_the_literal_loop_check():
    import random

    from game.rules.glorieta import has_loop

    g = rules.get("glorieta")
    checked = 0
    for seed in range(4):
        for variant in ("landscape", "chicken"):
            s = g.start(size=6, seed=seed, variant=variant)
            rng = random.Random(seed)
            while not s.is_over():
                if s.black >= 0 and rng.random() < 0.3:
                    for bit in (1, 2):
                        literal = []
                        for y in range(s.geo.n):
                            if not s.cells[y]:
                                cells = bytearray(s.cells)
                                cells[y] = bit
                                if has_loop(s.geo, cells, bit):
                                    literal.append(y)
                        assert s._closing(bit) == literal
                        checked += 1
                s = s.play(rng.choice(s.legal_moves()))
    assert checked > 50
