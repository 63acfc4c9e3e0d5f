"""Splay's move features (``SplayState.move_features``, the learned priors' inputs), on
hand-built positions: the examples of ../shared/rules/splay.md and a few more."""

from game import rules
from game.rules.splay import FEATURE_NAMES

G = rules.get("splay")
W, B = 0, 1


def features(state, cell: str) -> set[str]:
    move = state.find_move(cell)
    return {FEATURE_NAMES[i] for i in state.move_features([move])[0]}


def test_the_game_names_its_features_and_they_are_unique():
    assert G.move_feature_names == FEATURE_NAMES
    assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)


def test_a_stack_that_splays_four_markers():  # example 1
    s = G.position({"f6": "W3", "e6": "b", "e5": "b"}, W)
    f = features(s, "f6")
    assert {"stack h=4 e=4", "splay gain 4", "ring 0", "adj opp marker 2"} <= f
    assert {"collapses own 0", "collapses opp 0", "adj own tower 0"} <= f


def test_a_splay_with_a_collapse_on_each_side():  # example 2: Black stacks on b3
    s = G.position(
        {"b3": "B1", "c3": "B1", "b4": "W2", "a2": "w", "b2": "w", "d3": "w", "c2": "b", "c5": "b"},
        B,
    )
    f = features(s, "b3")
    assert {"stack h=2 e=2", "splay gain 2", "collapses own 1", "collapses opp 1"} <= f
    assert {"collapsed opp height 2", "adj own tower 1", "adj opp tower 1", "ring 4"} <= f


def test_an_immediate_splay_of_a_new_checker():  # example 4
    s = G.position({"e5": "b", "e6": "b", "f7": "b", "g7": "b", "g6": "b"}, W)
    f = features(s, "f6")
    assert {"new e=1", "splay gain 1", "adj opp marker 3"} <= f  # 5 markers: the 3+ bucket


def test_a_quiet_new_checker_has_no_splay_features():
    s = G.position({"f6": "W1"}, W)
    f = features(s, "h8")
    assert {"new e=6", "ring 2", "adj own tower 0", "ripens own 0", "ripens opp 0"} <= f
    assert not any(name.startswith(("splay gain", "collapse", "stack")) for name in f)
    assert "adj own tower 1" in features(s, "f7")


def test_a_checker_that_leaves_a_tower_one_from_its_splay():
    # f6: a white tower of 2 with 4 empty neighbours; a checker on f7 leaves it 3 (ripe)
    s = G.position({"f6": "W2", "e5": "b", "e6": "b"}, B)
    assert {"ripens opp 1", "ripens own 0", "adj opp tower 1"} <= features(s, "f7")
    s = G.position({"f6": "W2", "e5": "b", "e6": "b"}, W)
    assert {"ripens own 1", "ripens opp 0"} <= features(s, "f7")


def test_every_legal_move_has_features_and_the_state_is_unchanged():
    import random

    rng = random.Random(5)
    s = G.start()
    for _ in range(30):
        s = s.play(s.random_move(rng))
    text = str(s)
    moves = s.legal_moves()
    feats = s.move_features(moves)
    assert len(feats) == len(moves)
    assert all(f and all(0 <= i < len(FEATURE_NAMES) for i in f) for f in feats)
    assert str(s) == text


def test_a_pass_is_its_own_feature():
    from game.rules.splay import PASS

    s = G.position({"f6": "B2"}, W)
    assert [FEATURE_NAMES[i] for i in s.move_features([PASS])[0]] == ["pass"]
