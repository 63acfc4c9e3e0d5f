"""The analysis board's move tree (game/session/tree.py) and its place in a record."""

from __future__ import annotations

import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import rules
from game.session import records
from game.session.tree import MoveTree

ROOT = Path(__file__).resolve().parents[2]


def splay_tree():
    """f6 e5 g7, with d4 instead of e5 (then c3), b2 instead of c3, and e4 instead of g7."""
    start = rules.get("splay").start()
    tree = MoveTree(start, ["f6", "e5", "g7"])
    f6, e5, g7 = tree.main_line()
    d4 = tree.add(f6, "d4")
    c3 = tree.add(d4, "c3")
    b2 = tree.add(d4, "b2")
    e4 = tree.add(e5, "e4")
    return tree, dict(f6=f6, e5=e5, g7=g7, d4=d4, c3=c3, b2=b2, e4=e4)


def test_a_tree_holds_the_main_line_and_variations_in_order():
    tree, n = splay_tree()
    assert tree.main_moves() == ["f6", "e5", "g7"]
    assert tree.to_text() == "f6 e5 (d4 c3 (b2)) g7 (e4)"
    assert [(d, node.move) for d, node in tree.rows()] == [
        (0, "f6"),
        (0, "e5"),
        (1, "d4"),
        (1, "c3"),
        (2, "b2"),
        (0, "g7"),
        (1, "e4"),
    ]
    assert n["c3"].moves() == ["f6", "d4", "c3"] and n["c3"].ply == 3
    assert n["g7"].is_main and not n["b2"].is_main
    assert n["c3"].state == rules.get("splay").start().play("f6").play("d4").play("c3")
    assert tree.add(n["f6"], "d4") is n["d4"]  # a move already there is not added twice
    assert tree.size() == 7 and tree.has_variations


def test_an_illegal_move_is_refused_with_the_rules_reason():
    tree, n = splay_tree()
    with pytest.raises(rules.IllegalMove, match="e5 holds a Black tower"):
        tree.add(n["e5"], "e5")  # White cannot stack on Black's tower
    assert tree.size() == 7


def test_promote_raises_a_variation_one_level_at_a_time():
    tree, n = splay_tree()
    assert tree.promote(n["b2"])  # b2 becomes d4's main continuation
    assert tree.to_text() == "f6 e5 (d4 b2 (c3)) g7 (e4)"
    assert tree.promote(n["b2"])  # then d4's line becomes the main line
    assert tree.to_text() == "f6 d4 (e5 g7 (e4)) b2 (c3)"
    assert tree.main_moves() == ["f6", "d4", "b2"]
    assert not tree.promote(n["b2"])  # on the main line already
    tree.make_main(n["e4"])
    assert tree.main_moves() == ["f6", "e5", "e4"]


def test_delete_removes_a_branch_and_what_follows():
    tree, n = splay_tree()
    assert tree.delete(n["d4"]) is n["f6"]
    assert tree.to_text() == "f6 e5 g7 (e4)"
    assert tree.delete(n["g7"]) is n["e5"]  # a main move: its first variation takes over
    assert tree.main_moves() == ["f6", "e5", "e4"]
    with pytest.raises(ValueError):
        tree.delete(tree.root)


def test_the_text_reads_back_for_every_game():
    for gid in rules.GAMES:
        game = rules.get(gid)
        start = game.start(**({"seed": 3} if gid == "glorieta" else {}))
        rng = random.Random(5)
        tree = MoveTree(start)
        for _ in range(60):  # random walks from random nodes
            nodes = [tree.root, *tree.nodes()]
            node = rng.choice(nodes[-8:] if rng.random() < 0.7 else nodes)
            if node.state.is_over():
                continue
            tree.add(node, rng.choice(node.state.legal_moves()))
        text = tree.to_text()
        back = MoveTree.from_text(start, text)
        assert back.to_text() == text, gid
        assert [(d, x.moves()) for d, x in back.rows()] == [(d, x.moves()) for d, x in tree.rows()]


@pytest.mark.parametrize(
    "text, why",
    [
        ("f6 (", "not closed"),
        ("(f6)", "must follow a move"),
        ("f6)", "closes no variation"),
        ("f6 f6", "move 'f6' after f6 is not legal"),
        ("f6 zz9", "not legal"),
    ],
)
def test_a_bad_tree_text_says_why(text, why):
    with pytest.raises(ValueError, match=why):
        MoveTree.from_text(rules.get("splay").start(), text)


def test_a_long_line_needs_no_recursion():
    game = rules.get("gliss")
    state = game.start()
    tree = MoveTree(state)
    node = tree.root
    rng = random.Random(1)
    for _ in range(400):
        if node.state.is_over():
            break
        node = tree.add(node, rng.choice(node.state.legal_moves()))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100)
    try:
        text = tree.to_text()
        rows = tree.rows()
    finally:
        sys.setrecursionlimit(limit)
    assert len(rows) == tree.size() and MoveTree.from_text(state, text).to_text() == text


# --- in a record -----------------------------------------------------------------------------


def record_with_tree():
    tree, n = splay_tree()
    game = rules.get("splay")
    text = records.dumps(
        game, {}, ["human", "human"], tree.start, tree.main_moves(), variations=tree
    )
    return text, tree


def test_the_move_tree_round_trips_through_a_record():
    text, tree = record_with_tree()
    assert "variations: f6 e5 (d4 c3 (b2)) g7 (e4)" in text
    rec = records.loads(text)
    assert rec.moves == ["f6", "e5", "g7"] and rec.problems == []
    assert rec.variations == tree.to_text() and "variations" not in rec.extra
    assert rec.tree().to_text() == tree.to_text()
    again = records.loads(rec.to_text())  # written again, kept
    assert again.variations == tree.to_text()


def test_a_long_tree_is_written_on_several_lines():
    game = rules.get("splay")
    tree = MoveTree(game.start())
    node = tree.root
    for _ in range(30):  # a main line with a variation at every move
        moves = node.state.legal_moves()
        tree.add(node, moves[0])
        tree.add(node, moves[-1])
        node = node.children[0]
    text = records.dumps(
        game, {}, ["human", "human"], tree.start, tree.main_moves(), variations=tree
    )
    assert text.count("\n| ") > 2
    assert records.loads(text).tree().to_text() == tree.to_text()


def test_a_tree_without_variations_is_not_written():
    game = rules.get("splay")
    tree = MoveTree(game.start(), ["f6", "e5"])
    text = records.dumps(game, {}, ["human", "human"], tree.start, ["f6", "e5"], variations=tree)
    assert "variations" not in text


def test_a_bad_or_foreign_tree_is_dropped_and_said_the_game_still_loads():
    text, _ = record_with_tree()
    bad = text.replace("(d4 c3 (b2))", "(d4 c3 (d4))")
    rec = records.loads(bad)
    assert rec.moves == ["f6", "e5", "g7"] and rec.variations is None
    assert "the variations do not read and were dropped" in rec.problems[0]
    other = text.replace("variations: f6 e5", "variations: f6 d4 (e5)")
    rec = records.loads(other)
    assert rec.variations is None and "not of these moves" in rec.problems[0]
    with pytest.raises(ValueError, match="main line"):
        tree, _ = splay_tree()
        records.dumps(
            rules.get("splay"), {}, ["human", "human"], tree.start, ["f6"], variations=tree
        )


def test_an_older_reader_keeps_the_block_as_an_unknown_entry():
    """The block is an entry older versions do not know: they keep it in ``extra`` and read
    the game.  Checked with the reader as it was before variations (from git), where the
    history is there, and always with this reader's rule for unknown keys."""
    text, _ = record_with_tree()
    renamed = text.replace("variations:", "some-future-entry:")
    rec = records.loads(renamed)
    assert rec.moves == ["f6", "e5", "g7"] and "some-future-entry" in rec.extra
    try:
        old = subprocess.run(
            ["git", "show", "a58699f:game/session/records.py"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        pytest.skip("no git history here")
    if old.returncode != 0:
        pytest.skip("the older reader is not in this checkout's history")
    module = types.ModuleType("old_records")
    sys.modules["old_records"] = module  # dataclasses look their module up
    try:
        exec(compile(old.stdout, "old_records.py", "exec"), module.__dict__)
        rec = module.loads(text)
    finally:
        del sys.modules["old_records"]
    assert rec.moves == ["f6", "e5", "g7"]
    assert rec.extra["variations"].split() == "f6 e5 (d4 c3 (b2)) g7 (e4)".split()


def test_with_variations_keeps_every_other_line_and_replaces_the_tree():
    text, tree = record_with_tree()
    hand = text.replace("seats:", "# a comment of the player\nfuture-entry: kept\nseats:")
    tree.delete(tree.main_line()[2].parent.children[1])  # e4 goes
    out = records.with_variations(hand, tree)
    assert "# a comment of the player" in out and "future-entry: kept" in out
    assert out.count("variations:") == 1
    assert records.loads(out).variations == "f6 e5 (d4 c3 (b2)) g7"
    plain = MoveTree(tree.start, tree.main_moves())
    assert "variations" not in records.with_variations(out, plain)  # no variation: no entry
    with pytest.raises(ValueError):
        records.with_variations(out, MoveTree(tree.start, ["f6"]))


def test_save_variations_writes_only_in_the_data_folder(data, tmp_path):
    text, tree = record_with_tree()
    inside = data / "saves" / "a.txt"
    inside.parent.mkdir()
    plain = text.replace(text[text.index("variations:") : text.index("end of record")], "")
    inside.write_text(plain, encoding="utf-8")
    assert records.save_variations(inside, tree) == str(inside)
    assert records.load_file(inside).variations == tree.to_text()
    outside = tmp_path / "b.txt"
    outside.write_text(plain, encoding="utf-8")
    with pytest.raises(ValueError, match="not in the data folder"):
        records.save_variations(outside, tree)
    assert outside.read_text(encoding="utf-8") == plain
