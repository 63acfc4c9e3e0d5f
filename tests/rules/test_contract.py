"""The public rules contract, checked on every registered game."""

import pickle
import random

import pytest

from game import rules

PLIES = 60


def test_games_registry():
    assert "splay" in rules.GAMES
    assert len(set(rules.GAMES)) == len(rules.GAMES)
    with pytest.raises(ValueError, match="unknown game"):
        rules.get("tic-tac-toe")
    assert rules.IllegalMove.__mro__[1] is ValueError


@pytest.fixture(params=rules.GAMES)
def game(request):
    return rules.get(request.param)


def test_game_description(game):
    assert game.id in rules.GAMES and rules.get(game.id) is game
    assert game.name and game.designer and game.summary and game.rules_text
    assert len(game.players) == 2
    assert game.notation_help
    assert all(c == c.lower() and c.isalpha() for c in game.colours)
    for opt in game.options:
        assert opt.description and opt.help, opt.name


def test_states_name_their_seats_and_carry_their_options(game):
    s = game.start()
    for seat in (0, 1):
        colour = s.seat_colour(seat)
        assert colour is None or colour in game.colours
        assert s.seat_name(seat)
    assert set(s.options) == {o.name for o in game.options}
    # the resolved options start the same game again
    again = game.start(**s.options)
    assert str(again) == str(s)
    assert rules.game_of(str(s)) is game and rules.parse_any(str(s)) == s


def test_states_and_moves_survive_pickling(game):
    """The search runs in another process: states and moves cross it by pickle."""
    rng = random.Random(5)
    s = game.start()
    for _ in range(12):
        if s.is_over():
            break
        back = pickle.loads(pickle.dumps(s))
        assert back == s and str(back) == str(s) and back.player == s.player
        assert [str(m) for m in back.legal_moves()] == [str(m) for m in s.legal_moves()]
        m = rng.choice(s.legal_moves())
        m2 = pickle.loads(pickle.dumps(m))
        assert str(m2) == str(m)
        assert back.play(m2) == s.play(m)
        s = s.play(m)


def test_bad_notation_and_refused_moves_are_told_apart(game):
    s = game.start()
    with pytest.raises(rules.BadNotation):
        s.play("zz99-not-a-move")
    with pytest.raises(rules.BadNotation):
        s.play("")


def test_unknown_option_is_refused_by_name(game):
    with pytest.raises(ValueError, match="bogus"):
        game.start(bogus=1)


def test_every_option_refuses_bad_values_by_name(game):
    for opt in game.options:
        for bad in ("nonsense", 10**6, -(10**6), None, 2.5):
            if bad in opt.values():
                continue
            with pytest.raises(ValueError, match=opt.name):
                game.start(**{opt.name: bad})
        for good in opt.values():
            game.start(**{opt.name: good})


def test_random_play_through_the_contract(game):
    rng = random.Random(1)
    for _g in range(8):
        s = game.start()
        assert s.player == 0
        for _ in range(PLIES):
            assert game.parse(str(s)) == s
            assert str(game.parse(str(s))) == str(s)
            if s.is_over():
                assert s.legal_moves() == []
                assert s.winner() in (0, 1, None)
                with pytest.raises(rules.IllegalMove):
                    s.play("anything")
                break
            assert s.winner() is None
            sc = s.scores()
            assert sc is None or (len(sc) == 2)
            moves = s.legal_moves()
            assert moves and len({str(m) for m in moves}) == len(moves)
            before = str(s)
            m = rng.choice(moves)
            t1 = s.play(m)
            t2 = s.play(str(m))
            assert str(s) == before
            assert t1 == t2 and t1.player in (0, 1)
            with pytest.raises(rules.IllegalMove) as e:
                s.play("zz99-not-a-move")
            assert str(e.value)
            s = t1


def test_the_end_and_the_pass_agree_with_the_legal_moves_to_the_last_move(game):
    """On every position of seeded random games played to their end, each asked of its own
    fresh copy (parsed from the text, so no answer is cached from another question):
    the game is over exactly when there is no legal move, and a pass is accepted exactly
    when ``pass`` is one of the legal moves.  A fast check (a game's quick "can this seat
    still move?") that disagrees with the full move list fails here."""
    rng = random.Random(5)
    ended = 0
    for _g in range(4):
        s = game.start()
        for _ in range(2000):
            text = str(s)
            moves = [str(m) for m in game.parse(text).legal_moves()]
            assert game.parse(text).is_over() == (moves == []), text
            try:
                game.parse(text).play("pass")
                passed = True
            except rules.IllegalMove:
                passed = False
            assert passed == ("pass" in moves), text
            if not moves:
                ended += 1
                break
            s = s.play(rng.choice(moves))
    assert ended == 4  # every game came to its end


def test_parse_refuses_garbage_with_value_error(game):
    for text in ("", "hello", "\n\n\n", str(game.start())[:20], "x" * 5000):
        with pytest.raises(ValueError):
            game.parse(text)
