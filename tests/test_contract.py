"""The public rules contract, checked on every registered game."""
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


def test_unknown_option_is_refused_by_name(game):
    with pytest.raises(ValueError, match="bogus"):
        game.start(bogus=1)


def test_every_option_refuses_bad_values_by_name(game):
    for opt in game.options:
        for bad in ("nonsense", 10 ** 6, -10 ** 6, None, 2.5):
            if bad in opt.values():
                continue
            with pytest.raises(ValueError, match=opt.name):
                game.start(**{opt.name: bad})
        for good in opt.values():
            game.start(**{opt.name: good})


def test_random_play_through_the_contract(game):
    rng = random.Random(1)
    for g in range(8):
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


def test_parse_refuses_garbage_with_value_error(game):
    for text in ("", "hello", "\n\n\n", str(game.start())[:20], "x" * 5000):
        with pytest.raises(ValueError):
            game.parse(text)
