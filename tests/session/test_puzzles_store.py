"""Glicko-2, the puzzle record in the data folder, and one try at a puzzle (no pygame)."""

from __future__ import annotations

import pytest

from ai import puzzles as mining
from game import rules
from game.session import glicko
from game.session import puzzles_store as store


def test_glicko2_matches_glickmans_worked_example():
    # "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100, 1700/300
    # with 1, 0, 0 and tau 0.5 gives 1464.06, 151.52, 0.05999 (the paper rounds its steps)
    player = glicko.Rating(1500, 200, 0.06)
    after = glicko.update(
        player,
        [
            (glicko.Rating(1400, 30), 1),
            (glicko.Rating(1550, 100), 0),
            (glicko.Rating(1700, 300), 0),
        ],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_without_games_only_widens_the_deviation():
    r = glicko.update(glicko.Rating(1500, 200, 0.06), [])
    assert r.rating == 1500 and r.rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_a_try_moves_player_and_puzzle_in_opposite_directions():
    me, puzzle = glicko.Rating(), glicko.Rating(1500, 250)
    won_me, won_p = glicko.play(me, puzzle, True)
    assert won_me.rating > 1500 > won_p.rating
    lost_me, lost_p = glicko.play(me, puzzle, False)
    assert lost_me.rating < 1500 < lost_p.rating
    # a harder puzzle is worth more
    hard_me, _ = glicko.play(me, glicko.Rating(1900, 250), True)
    assert hard_me.rating > won_me.rating


def _shipped():
    return mining.load(rules.GAMES[0])


def test_record_keeps_ratings_streak_and_history(data):
    rec, note = store.load()
    assert note is None and rec.player.rating == 1500 and rec.streak == 0
    a, b = _shipped()[:2]
    rec.record(a, True)
    rec.record(b, True)
    assert rec.streak == 2 and rec.best_streak == 2
    rec.record(a, False)
    assert rec.streak == 0 and rec.best_streak == 2 and len(rec.history) == 3
    store.save(rec)
    again, note = store.load()
    assert note is None
    assert again.player == rec.player and again.puzzles == rec.puzzles
    assert again.history == rec.history and again.best_streak == 2


def test_a_corrupt_record_gives_a_message_and_a_fresh_start(data):
    store.store_path().parent.mkdir(parents=True, exist_ok=True)
    store.store_path().write_text("{not json", encoding="utf-8")
    rec, note = store.load()
    assert note and "puzzle record" in note and rec.player.rating == 1500
    store.store_path().write_text('{"player": {"rating": "x"}, "streak": -2}', encoding="utf-8")
    rec, note = store.load()
    assert note and rec.streak == 0 and rec.player == glicko.Rating()


def test_next_puzzle_is_unsolved_and_near_the_players_rating():
    rec = store.PuzzleRecord()
    shipped = _shipped()
    first = rec.next_puzzle(shipped)
    assert first is not None
    best = min(abs(rec.rating_of(p).rating - 1500) for p in shipped)
    assert abs(first.rating - 1500) == best
    rec.record(first, True)
    assert rec.next_puzzle(shipped).id != first.id
    theme = shipped[0].theme
    assert rec.next_puzzle(shipped, theme).theme == theme


def test_a_puzzle_solved_by_its_moves():
    p = max(_shipped(), key=lambda p: len(p.solution))
    a = store.Attempt(p)
    assert "to play and win" in a.prompt
    verdict = None
    while not a.over:
        verdict = a.play(p.solution[a.done])
        assert verdict.kind in ("good", "solved")
    assert verdict.kind == "solved" and a.solved and a.first_result is True
    assert a.state.winner() == a.solver


def test_a_wrong_move_fails_and_says_why():
    p = _shipped()[0]
    a = store.Attempt(p)
    assert a.play("not a move").kind == "refused" and not a.over
    wrong = next(m for m in a.start.legal_moves() if str(m) != p.solution[0])
    verdict = a.play(str(wrong))
    assert verdict.kind == "wrong" and a.failed and a.first_result is False
    assert a.start.move_words(wrong) in verdict.reason
    a.retry()  # practice: the rated result stays a failure
    for text in p.solution:
        if not a.over:
            a.play(text)
    assert a.solved and a.first_result is False


def test_hint_names_what_the_move_achieves():
    p = _shipped()[0]
    assert store.Attempt(p).hint()


def test_a_missed_win_in_a_saved_game_becomes_your_puzzle(data):
    import random

    from game.session import records, storage

    gid = rules.GAMES[0]
    game = rules.get(gid)
    rng = random.Random(3)
    for _ in range(50):  # a random game in which a unique win was passed over
        state = game.start()
        moves, missed = [], None
        while not state.is_over():
            try:
                line, _ = mining.solve(state, 1)
            except mining.Refused:
                line = None
            move = state.random_move(rng)
            if line and str(move) != str(line[0]) and not state.play(move).is_over():
                missed = state
                moves.append(move)
                state = state.play(move)
                break
            moves.append(move)
            state = state.play(move)
        if missed is not None:
            break
    assert missed is not None
    text = records.dumps(game, {}, ["human", "computer:easy"], game.start(), moves)
    if missed.player != 0:
        text = records.dumps(game, {}, ["computer:easy", "human"], game.start(), moves)
    storage.ensure(storage.saves_dir())
    (storage.saves_dir() / "mine.txt").write_text(text, encoding="utf-8")
    (storage.saves_dir() / "broken.txt").write_text("not a record", encoding="utf-8")
    added, read = store.add_from_saved_games()
    assert read == 1 and [p.position for p in added] == [missed.fen()]
    assert added[0].theme == store.YOURS and added[0].source == "yours"
    assert [p.id for p in store.load_yours(gid)] == [added[0].id]
    again, _ = store.add_from_saved_games()
    assert again == []  # none twice
