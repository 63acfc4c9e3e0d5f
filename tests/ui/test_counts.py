"""One move count everywhere (issue 27, item 4) and a result screen that agrees with the
result (item 6).

A "move" is a numbered row of the move list holding both players' turns (game/session/turns.py).
The result screen, the Load list, the GIF dialog, the command line's export message,
``--gif-moves`` and the move cap all count in those rows; a Glades game (one ply a turn)
and a Chicken game of Glorieta (a stone and a neutral stone make one turn) check it.
"""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import frames, make_app

from game import cli as entry
from game import rules
from game.scenes import result as result_scene
from game.scenes.export import ExportScene
from game.scenes.load import LoadScene
from game.scenes.result import ResultScene
from game.session import records, turns
from game.session.seats import Seat
from game.ui import widgets

HUMANS = ["human", "human"]


def played(gid: str, n: int, options=None, seed: int = 5):
    """``n`` seeded legal moves (plies) from the start, avoiding moves that end the game."""
    game = rules.get(gid)
    state = game.start(**dict(options or {}))
    rng = random.Random(seed)
    states, moves = [state], []
    for _ in range(n):
        legal = state.legal_moves()
        rng.shuffle(legal)
        move = next((m for m in legal if not state.play(m).is_over()), legal[0])
        state = state.play(move)
        states.append(state)
        moves.append(move)
    assert not state.is_over()
    return game, states, moves


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text drawn, as (text, size)."""
    seen: list[tuple[str, int]] = []
    real = widgets.text_surface

    def spy(text, size, color=None):
        seen.append((str(text), size))
        return real(text, size) if color is None else real(text, size, color)

    monkeypatch.setattr(widgets, "text_surface", spy)
    monkeypatch.setattr(result_scene, "text_surface", spy)
    return seen


def texts(seen) -> str:
    return "\n".join(t for t, _ in seen)


GAMES = [
    # (game, options, plies played, the moves (rows) the move list numbers)
    ("glades", {}, 16, 8),
    ("glorieta", {"variant": "chicken"}, 12, 4),
]


@pytest.mark.parametrize("gid, options, plies, rows", GAMES)
def test_every_place_gives_one_move_count(
    gid, options, plies, rows, tmp_path, monkeypatch, drawn, capsys
):
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    game, states, moves = played(gid, plies, options)
    game_turns = turns.turns_of(states, moves)
    assert turns.rows(game_turns) == rows and len(moves) == plies
    text = records.dumps(game, states[0].options, HUMANS, states[0], moves)
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    path = saves / f"{gid}.txt"
    path.write_text(text, encoding="utf-8")
    said = f"{rows} moves"
    wrong = f"{plies} moves"

    # the records' summary and the Load list
    assert records.summary(path).moves == rows
    app = make_app()
    load = LoadScene(app)
    app.reset(load)
    load.wait_read()  # the screen reads its files in a thread: a loaded machine is slow
    drawn.clear()
    frames(app, 2)
    assert said in texts(drawn) and wrong not in texts(drawn)

    # the result screen of the same game (stopped unfinished)
    m = app.new_match(
        game, states[0].options, [Seat("human")] * 2, start_state=states[0], moves=moves
    )
    m.stop()
    res = ResultScene(app, m)
    app.reset(res)
    drawn.clear()
    frames(app, 2)
    shown = texts(drawn)
    assert said in shown and wrong not in shown
    assert f"Stopped unfinished after {said}." in shown

    # the GIF dialog, whole game and the last moves
    dialog = ExportScene(app, game, states, moves, index=len(moves))
    app.push(dialog)
    drawn.clear()
    frames(app, 2)
    shown = texts(drawn)
    assert f"{said}: Start position to Move {rows}" in shown and wrong not in shown
    dialog.c_range.index = dialog.c_range.values.index("last10")
    assert dialog.span() == (0, len(moves))  # fewer than 10 moves: all of them
    dialog.c_range.index = dialog.c_range.values.index("from")
    dialog.index = turns.row_span(game_turns, 2, 2)[0]  # at the start of move 2
    drawn.clear()
    frames(app, 2)
    assert f"{rows - 1} moves: " in texts(drawn)
    app.shutdown()

    # the command line: the whole game, then --gif-moves in the captions' numbers
    out = tmp_path / "game.gif"
    argv = ["--load", str(path), "--gif", str(out), "--gif-stills", "--export-size", "200x150"]
    assert entry.main(argv) == 0
    printed = capsys.readouterr().out
    assert f", {said}, " in printed and wrong not in printed
    assert entry.main(argv + ["--gif-moves", f"2:{rows - 1}"]) == 0
    assert f", {rows - 2} moves, " in capsys.readouterr().out
    first, last = turns.row_span(game_turns, 2, rows - 1)
    from PIL import Image

    with Image.open(out) as im:
        assert im.n_frames == last - first + 1  # a still per position in the range
    from game import export

    # its first move's caption is Move 2, its last one's Move rows - 1
    assert export.caption_for(states, moves, first + 1)[0].startswith("Move 2:")
    assert export.caption_for(states, moves, last)[0].startswith(f"Move {rows - 1}:")
    assert export.caption_for(states, moves, last + 1)[0].startswith(f"Move {rows}:")
    assert entry.main(argv + ["--gif-moves", f"1:{rows + 1}"]) == 2
    assert f"the game has moves 1 to {rows};" in capsys.readouterr().err


def test_a_range_of_rows_in_a_game_of_two_ply_turns():
    _, states, moves = played("glorieta", 12, {"variant": "chicken"})
    t = turns.turns_of(states, moves)
    assert [x.text.count(" ") for x in t][:3] == [0, 1, 1]  # a3 | d1 n:k6, ...
    assert turns.row_span(t, 1, 1) == (0, t[1].position)
    assert turns.row_span(t, 2, 2) == (t[2].first, t[3].position)
    assert turns.row_span(t, 1, 99) == (0, len(moves))
    assert turns.rows_between(t, 0, len(moves)) == turns.rows(t)
    assert turns.rows_between(t, t[2].first, t[2].position) == 1  # one turn of two plies
    assert turns.rows_between(t, t[2].first + 1, t[2].first + 1) == 0


def test_the_move_cap_counts_moves_and_stops_between_turns():
    app = make_app()
    game = rules.get("glorieta")
    m = app.new_match(game, {"variant": "chicken"}, [Seat("computer", "easy")] * 2, move_cap=2)
    rng = random.Random(2)
    for _ in range(40):
        if m.over:
            break
        legal = m.state.legal_moves()
        rng.shuffle(legal)
        m.play(next((x for x in legal if not m.state.play(x).is_over()), legal[0]))
    t = turns.turns_of(m.states, m.move_objs)
    assert m.capped and len(t) == 4 and m.ply > 4  # 2 moves = 4 turns, some of two plies
    assert m.states[-2].player != m.state.player  # never inside a turn
    assert m.end_reason() == "Stopped unfinished after 2 moves (the move cap)."
    app.shutdown()


# --- the result screen's headline -------------------------------------------------------------


def finished(gid: str = "glades", seed: int = 1):
    """A game played out at random to its end: the game, its start and its moves."""
    game = rules.get(gid)
    state = start = game.start()
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return game, start, moves


def result_of(app, seats, *, resign=None, gid="glades", moves=True):
    game, start, played_moves = finished(gid)
    if resign is not None:
        played_moves = played_moves[:16]
    m = app.new_match(game, {}, seats, start_state=start, moves=played_moves if moves else ())
    if resign is not None:
        m.resign(resign)
    res = ResultScene(app, m)
    app.reset(res)
    frames(app, 2)
    return res


def test_a_resignation_says_who_resigned_and_shows_no_scoreboard(drawn):
    app = make_app()
    res = result_of(app, [Seat("human")] * 2, resign=0)
    names = res.names
    assert res.headline == f"{names[1]} wins! ({names[0]} resigned)"
    assert res.scores is not None and not res.show_scores
    drawn.clear()
    frames(app, 2)
    large = [t for t, size in drawn if size == result_scene.theme.FONT_LARGE]
    assert all(t not in large for t in map(str, res.scores))  # no "77 - 0" under it
    assert f"{names[0]} resigned after 8 moves" in texts(drawn)
    # two computers: the same words
    res = result_of(app, [Seat("computer", "easy")] * 2, resign=1)
    assert res.headline == f"{names[0]} wins! ({names[1]} resigned)"
    app.shutdown()


def test_one_human_hears_you_win_or_you_lose(drawn):
    app = make_app()
    _, start, moves = finished()
    final = start
    for mv in moves:
        final = final.play(mv)
    w = final.winner()
    assert w is not None
    human, computer = Seat("human"), Seat("computer", "easy")
    seats = [human, computer] if w == 0 else [computer, human]
    res = result_of(app, seats)
    assert res.headline == "You win!" and res.show_scores
    assert "You win!" in texts(drawn)
    res = result_of(app, seats[::-1])
    assert res.headline == "You lose"
    # resigning: the human's own, and the computer's
    res = result_of(app, [human, computer], resign=0)
    assert res.headline == "You lose (you resigned)"
    assert res.reason.startswith("You resigned after 8 moves")
    res = result_of(app, [human, computer], resign=1)
    assert res.headline == f"You win! ({res.names[1]} resigned)"
    # a draw with one human is a plain "Draw"; a game stopped early is "Unfinished"
    game, start, _ = finished()
    m = app.new_match(game, {}, [human, computer], start_state=start)
    m.winner = lambda: None
    assert ResultScene(app, m).headline == "Draw"
    m = app.new_match(game, {}, [human, computer], start_state=start)
    m.stop()
    assert ResultScene(app, m).headline == "Unfinished"
    app.shutdown()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_long_headline_fits_the_panel(size, drawn):
    app = make_app(size=size)
    res = result_of(app, [Seat("human")] * 2, resign=0)
    inner = res.panel_rect.inflate(-2 * result_scene.theme.PAD, -2 * result_scene.theme.PAD)
    for line in res.headline_lines:
        assert widgets.text_size(line, result_scene.theme.FONT_LARGE)[0] <= inner.width
    assert " ".join(res.headline_lines) == res.headline  # nothing cut
    assert res.text_bottom < res.b_rematch.rect.y
    pygame.display.get_surface()
    app.shutdown()
