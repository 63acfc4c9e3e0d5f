"""Glorieta's move features (``GlorietaState.move_features``, the learned priors' inputs):
hand-built positions whose features the rules decide, and seeded random positions where
every legal move gets valid features that agree with what playing it does."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import rules
from game.rules import glorieta as gl
from game.rules.glorieta import FEATURE_NAMES
from tests.rules.test_glorieta import position

G = rules.get("glorieta") if "glorieta" in rules.GAMES else gl.Glorieta()
EDGE_COLUMN = {f"a{r}": "o" for r in range(1, 8)}  # seven orange stones along the edge


def features(state, move: str) -> set[str]:
    return {FEATURE_NAMES[i] for i in state.move_features([state.find_move(move)])[0]}


def family(name: str) -> str:
    """A feature's bucket family: its name without the bucket's number."""
    head, _, tail = name.rpartition(" ")
    return head if tail.isdigit() else name


def test_the_game_names_its_features_and_they_are_unique():
    assert G.move_feature_names == FEATURE_NAMES
    assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)
    assert 30 <= len(FEATURE_NAMES) <= 150


def test_the_sixth_stone_of_a_flower_wins_for_its_owner_and_blocks_for_the_other():
    stones = {c: "b" for c in ("h7", "f7", "g8", "g6", "h8")}  # five around g7, f6 empty
    stones.update({f"a{r}": "o" for r in range(1, 5)})
    s = position("landscape", stones)
    assert s.mover_colour() == "orange"
    assert "stone blocks" in features(s, "f6") and "stone wins" not in features(s, "f6")
    # the flower's centre does not block: it is Black's near eye (five of six)
    g7 = features(s, "g7")
    assert "stone blocks" not in g7 and "stone opp near eye" in g7
    s = position("landscape", {**stones, "a5": "o"})
    assert s.mover_colour() == "black"
    f6 = features(s, "f6")
    assert "stone wins" in f6 and "stone blocks" not in f6
    assert "stone own near eye" in features(s, "g7")


def test_the_last_stone_of_a_ring_around_two_cells_wins_and_the_other_side_blocks_it():
    ring = ["f7", "g8", "g6", "h8", "f6", "i7", "h6"]  # i8 missing: no flower closes here
    s = position("landscape", {**{c: "b" for c in ring}, **EDGE_COLUMN})
    assert s.mover_colour() == "black"
    assert "stone wins" in features(s, "i8")
    assert "stone wins" not in features(s, "j9")
    s = position(
        "landscape", {**{c: "b" for c in ring[:-1]}, **{f"a{r}": "o" for r in range(1, 6)}}
    )
    assert s.mover_colour() == "orange"  # h6 missing too: no loop to block yet
    assert "stone blocks" not in features(s, "i8")
    s = position("landscape", {**{c: "b" for c in ring}, **{f"a{r}": "o" for r in range(1, 7)}})
    assert s.mover_colour() == "orange"
    assert {"stone blocks", "stone opp groups 1"} <= features(s, "i8")  # both ends: one group


def test_groups_a_stone_joins_and_separates():
    stones = {"c3": "b", "e3": "b", "l12": "o"}  # d3 touches both black stones
    s = position("landscape", stones)
    assert s.mover_colour() == "orange"
    f = features(s, "d3")
    assert {"stone opp groups 2", "stone groups 0", "stone adj own 0 opp 2"} <= f
    assert "stone groups 1" in features(s, "k11")  # next to its own l12
    s = position("landscape", {**stones, "m13": "o"})
    assert {"stone groups 2", "stone opp groups 0", "stone adj own 2 opp 0"} <= features(s, "d3")
    # a neutral stone counts in both colours' groups
    s = position("landscape", {**stones, "d4": "n"})
    assert {"stone groups 1", "stone opp groups 2", "stone adj neutral 1"} <= features(s, "d3")


def test_fives_and_fours_a_stone_makes_and_the_fours_it_spoils():
    # g7's ring without h8 and f6; i8's ring without h7 and j8 (they share h7 and h8)
    black = {c: "b" for c in ("f7", "g8", "g6", "i9", "i7", "j9")}
    s = position("landscape", {**black, **{f"a{r}": "o" for r in range(1, 7)}})
    assert s.mover_colour() == "black"
    assert {"stone fours 2", "stone fives 0"} <= features(s, "h8")  # fours at g7 and i8
    black["h8"] = "b"
    s = position("landscape", {**black, **EDGE_COLUMN})
    assert s.mover_colour() == "black"
    assert "stone fives 2" in features(s, "h7")  # two flowers threatened at once
    assert "stone wins" not in features(s, "h7")
    # a five whose sixth cell holds an orange stone threatens nothing
    s = position("landscape", {**black, **{f"a{r}": "o" for r in range(1, 7)}, "f6": "o"})
    assert "stone fives 1" in features(s, "h7")
    # Orange to move: h7 is a gap of both Black fours (g7's and i8's)
    s = position("landscape", {**black, **{f"a{r}": "o" for r in range(1, 7)}})
    assert s.mover_colour() == "orange"
    assert {"stone spoils opp fours 2", "stone fives 0"} <= features(s, "h7")
    # three around g7, and a stone on a fourth with the other two empty: a four
    s = position("landscape", {"h7": "b", "f7": "b", "g6": "b", "a1": "o", "a2": "o", "a3": "o"})
    assert {"stone fours 1", "stone fives 0"} <= features(s, "g8")


def test_the_edge_the_corner_and_the_eyes():
    s = position("landscape", {"b1": "b", "a2": "b", "b2": "n", "m13": "o"})
    assert s.mover_colour() == "orange"
    assert {"stone edge 0", "stone corner", "stone opp eye"} <= features(s, "a1")
    assert {"stone edge 0"} <= features(s, "d1") and "stone corner" not in features(s, "d1")
    assert "stone edge 3" in features(s, "d4")
    assert "stone edge 4" in features(s, "g7") and "stone edge 4" in features(s, "f6")
    s = position("landscape", {"b1": "b", "a2": "b", "b2": "n", "m13": "o", "m12": "o"})
    assert s.mover_colour() == "black"
    assert "stone own eye" in features(s, "a1")


def chicken_second(stones, stone):
    return position("chicken", stones, phase="neutral or decline", stone=stone)


def test_a_neutral_stone_that_closes_only_the_opponents_loop_gives_it_away():
    stones = {c: "o" for c in ("h7", "f7", "g8", "g6", "h8")}
    stones.update({c: "b" for c in ("a1", "a4", "d1", "m13", "j13", "m10")})
    s = chicken_second(stones, "a1")
    assert s.mover_colour() == "black"
    f = features(s, "n:f6")
    assert "neutral gives loop" in f and "neutral wins" not in f
    assert {"neutral opp groups 1", "neutral adj opp 2", "neutral edge 4"} <= f


def test_a_neutral_stone_that_closes_both_loops_wins_and_decline_is_its_own_feature():
    stones = {c: "o" for c in ("h7", "f7", "g8", "g6", "h8")}
    stones.update({c: "b" for c in ("f5", "d5", "e6", "e4", "d4", "a1")})
    s = chicken_second(stones, "a1")
    f = features(s, "n:f6")
    assert "neutral wins" in f and "neutral gives loop" not in f
    assert s.empties >= 80
    assert s.move_features([gl.DECLINE]) == [(FEATURE_NAMES.index("decline empties 3"),)]


def test_the_opening_stone_and_the_colour_choice():
    s = G.start(seed=1, neutrals=0)
    assert features(s, "g7") == {"opening edge 4", "opening adj neutral 0"}
    assert features(s, "a1") == {"opening edge 0", "opening corner", "opening adj neutral 0"}
    s = G.start(seed=1)
    g = s.geo
    x = next(i for i in range(g.n) if not s.cells[i] and s.cells.count(3) and any(
        s.cells[y] == gl.NEUTRAL for y in g.nb[i]))  # fmt: skip
    assert f"opening adj neutral {min(sum(s.cells[y] == 3 for y in g.nb[x]), 2)}" in features(
        s, g.names[x]
    )
    c = s.play("b2")
    assert features(c, "take:black") == {"take black opening edge 1"}
    assert features(c, "take:orange") == {"take orange"}
    assert features(G.start(variant="chicken"), "d4") == {"opening edge 3", "opening adj neutral 0"}


def random_positions(count: int, seed: int):
    """Seeded random positions of both variants and two sizes, none finished."""
    rng = random.Random(seed)
    out = [G.start(seed=seed), G.start(variant="chicken", size=5)]
    while len(out) < count:
        variant = rng.choice(("landscape", "chicken"))
        opts = {"variant": variant, "size": rng.choice((5, 7))}
        if variant == "landscape":
            opts["seed"] = rng.randrange(1000)
        s = G.start(**opts)
        for _ in range(rng.randrange(60)):
            if s.is_over():
                break
            s = s.play(s.random_move(rng))
        if not s.is_over():
            out.append(s)
    return out


def test_every_legal_move_gets_valid_features_that_agree_with_the_rules():
    seen: Counter = Counter()
    for s in random_positions(40, seed=7):
        text = str(s)
        moves = s.legal_moves()
        feats = s.move_features(moves)
        assert len(feats) == len(moves)
        mover = s.player
        opp_bit = 2 if s.mover_colour() == "black" else 1
        blocks = set(s._closing(opp_bit)) if s.black >= 0 else set()
        for m, f in zip(moves, feats, strict=True):
            assert f and all(0 <= i < len(FEATURE_NAMES) for i in f) and len(set(f)) == len(f)
            names = {FEATURE_NAMES[i] for i in f}
            fams = Counter(family(n) for n in names)
            assert all(v == 1 for v in fams.values()), names  # one bucket of each family
            seen.update(fams)
            after = s.play(m)
            if m.kind == "stone" and s.phase == "stone":
                wins = after.is_over() and after.winner() == mover
                assert ("stone wins" in names) == wins, (str(s), m)
                assert ("stone blocks" in names) == (m.cell in blocks), (str(s), m)
            if m.kind == "neutral":
                over = after.is_over() and after.loops
                assert ("neutral wins" in names) == bool(over and after.winner() == mover)
                assert ("neutral gives loop" in names) == bool(over and after.winner() != mover)
        assert str(s) == text  # reading the features changes nothing
        assert s.move_features(moves) == feats
    # every kind of move came up: stones, neutral stones, decline, the opening, the choice
    for fam in ("stone edge", "neutral edge", "decline empties", "opening edge"):
        assert seen[fam], fam


@pytest.mark.parametrize("move", ["take:black", "take:orange"])
def test_the_colour_choice_features_are_single(move):
    c = G.start(seed=4).play("g7")
    assert len(c.move_features([c.find_move(move)])[0]) == 1
