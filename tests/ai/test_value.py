"""The learned leaf value (ai/value.py), its training (ai/train_value.py, ``ai.train
--value``) and the search's ``playout=value`` setting (ai/mcts.py)."""

import json
import math
import random

import pytest

from ai import train, train_value
from ai import value as val
from ai.levels import make_player
from ai.mcts import MCTS
from game import rules
from tests.rules.test_splay_value_features import recording_leaf

GESS = rules.get("gess")
SPLAY = rules.get("splay")
GLORIETA = rules.get("glorieta")  # no value features
NAMES = GESS.value_feature_names


def midgame(plies=10, seed=3):
    rng = random.Random(seed)
    s = GESS.start()
    for _ in range(plies):
        s = s.play(s.random_move(rng))
    return s


def model(bias=0.0, scale=4.0, **named):
    w = [0.0] * len(NAMES)
    for name, v in named.items():
        w[NAMES.index(name)] = v
    return val.ValueModel("gess", NAMES, w, bias, scale)


@pytest.fixture
def shipped(monkeypatch):
    """``value.load`` answers the model given (None: none) for Gess."""

    def use(m):
        monkeypatch.setattr(val, "_cache", {"gess": m})

    monkeypatch.setattr(val, "_cache", {})
    return use


def test_the_leaf_is_the_movers_log_odds_in_the_evaluations_units_from_seat_0s_view():
    m = model(bias=0.8, scale=4.0)
    black = GESS.start()
    white = black.play(black.legal_moves()[0])
    assert m.chance(black) == pytest.approx(1 / (1 + math.exp(-0.8)))
    assert m.leaf(black) == pytest.approx(math.tanh(0.2))
    assert m.leaf(white) == pytest.approx(-math.tanh(0.2))  # White to move: seat 0's view
    # never a finished game's 1 however sure, and a finished game is its result
    sure = model(bias=500.0, scale=1.0)
    assert sure.leaf(black) == val.CAP and sure.leaf(white) == -val.CAP
    rng, s = random.Random(2), GESS.start()
    while not s.is_over():
        s = s.play(s.random_move(rng))
    assert sure.leaf(s) == s.result()


def test_a_model_round_trips_through_its_file_and_a_stale_or_broken_one_is_ignored(
    tmp_path, monkeypatch
):
    m = model(bias=0.1, **{"mover can win now": 2.0})
    m.meta["command"] = "python -m ai.train gess --value"
    monkeypatch.setattr(val, "FOLDER", tmp_path)
    (tmp_path / "gess.json").write_text(json.dumps(m.to_json()), encoding="utf-8")
    monkeypatch.setattr(val, "_cache", {})
    back = val.load(GESS)
    assert back is not None and back.weights == m.weights and back.bias == 0.1
    assert back.scale == 4.0 and back.meta["command"] == m.meta["command"]
    stale = m.to_json()
    stale["features"] = stale["features"][:-1] + ["an old feature"]
    (tmp_path / "gess.json").write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(val, "_cache", {})
    assert val.load(GESS) is None
    (tmp_path / "gess.json").write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(val, "_cache", {})
    assert val.load(GESS) is None
    with pytest.raises(ValueError, match="cannot read"):
        val.read(tmp_path / "gess.json")
    for bad in ({"game": "gess", "features": ["a"], "weights": [1.0, 2.0]},
                {"game": "gess", "features": ["a"], "weights": [1.0], "scale": 0},
                {"game": "gess", "features": ["a"], "weights": [float("nan")]}, []):  # fmt: skip
        with pytest.raises(ValueError):
            val.ValueModel.from_json(bad)
    monkeypatch.setattr(val, "_cache", {})
    assert val.load(GLORIETA) is None  # a game without value features has none


def test_the_search_scores_its_leaves_by_the_model_with_playout_value(shipped, monkeypatch):
    """``playout=value`` is the search whose playout is the model's leaf value, visit for
    visit; the plain search does not read the model."""
    s = midgame()
    m = model(bias=0.2, scale=3.0, **{"stones, mover less opponent (tens)": 2.0,
                                      "mover can win now": 3.0})  # fmt: skip
    shipped(m)
    res = MCTS(iterations=300, seed=1, playout="value").search(s)
    plain = MCTS(iterations=300, seed=1).search(s)
    monkeypatch.setattr(type(s), "rollout", lambda self, rng, cutoff=None: m.leaf(self))
    patched = MCTS(iterations=300, seed=1).search(s)
    assert res.move in s.legal_moves()
    assert [(x.move, x.visits) for x in res.stats] == [(x.move, x.visits) for x in patched.stats]
    assert res.value == pytest.approx(patched.value)
    assert [(x.move, x.visits) for x in plain.stats] != [(x.move, x.visits) for x in res.stats]


def test_a_game_without_a_model_plays_its_own_playout(shipped):
    shipped(None)
    s = midgame()
    a = MCTS(iterations=200, seed=4, playout="value").search(s)
    b = MCTS(iterations=200, seed=4).search(s)
    assert [(m.move, m.visits) for m in a.stats] == [(m.move, m.visits) for m in b.stats]
    gl = GLORIETA.start()  # no value features at all
    assert MCTS(iterations=100, seed=1, playout="value").search(gl).move in gl.legal_moves()


def test_the_spec_key_sets_it_and_it_does_not_combine_with_grave():
    assert make_player("mcts:iterations=50,playout=value").playout == "value"
    assert make_player("hard:playout=value", game=GESS).playout == "value"
    assert "playout='value'" in repr(make_player("mcts:iterations=50,playout=value"))
    with pytest.raises(ValueError, match="rave"):
        MCTS(iterations=50, playout="value", rave=0.1)


def test_a_match_can_search_with_a_value_file_instead_of_the_shipped_one(tmp_path, shipped):
    """``value=PATH``: a newly trained leaf value against the shipped one (or none)."""
    shipped(None)  # nothing shipped: the plain playout
    s = midgame()
    m = model(bias=0.2, scale=3.0, **{"stones, mover less opponent (tens)": 2.0})
    path = tmp_path / "gess.json"
    path.write_text(json.dumps(m.to_json()), encoding="utf-8")
    bot = make_player(f"mcts:iterations=300,playout=value,value={path}", seed=1)
    assert bot.value_model == str(path) and f"value_model={str(path)!r}" in repr(bot)
    assert bot.value_for(GESS).weights == m.weights
    shipped(m)  # the same model shipped: the same search, visit for visit
    same = make_player("mcts:iterations=300,playout=value", seed=1).search(s)
    got = bot.search(s)
    assert [(x.move, x.visits) for x in got.stats] == [(x.move, x.visits) for x in same.stats]
    # a search whose playout asks for no value reads none
    assert make_player(f"mcts:iterations=10,value={path}").value_for(GESS) is None
    with pytest.raises(ValueError, match="value: no file"):
        make_player(f"mcts:playout=value,value={tmp_path / 'none.json'}")
    other = tmp_path / "other.json"  # a model of another game (or of older features)
    other.write_text(json.dumps(dict(m.to_json(), game="splay")), encoding="utf-8")
    with pytest.raises(ValueError, match="not a value model of gess"):
        make_player(f"mcts:iterations=10,playout=value,value={other}").value_for(GESS)


def test_the_fit_recovers_a_known_logistic_model():
    rng = random.Random(0)
    X, y = [], []
    for _ in range(4000):
        a, b = rng.uniform(-2, 2), rng.uniform(-2, 2)
        p = 1 / (1 + math.exp(-(0.5 + 1.5 * a - 1.0 * b)))
        X.append([a, b])
        y.append(1.0 if rng.random() < p else 0.0)
    bias, (wa, wb) = train_value.fit_logistic(X, y, steps=2000, l2=0.0)
    assert bias == pytest.approx(0.5, abs=0.2)
    assert wa == pytest.approx(1.5, abs=0.25) and wb == pytest.approx(-1.0, abs=0.25)
    f = train_value.figures(X, y, bias, [wa, wb])
    assert f["positions"] == 4000 and f["log_loss"] < math.log(2) and f["brier"] < 0.25


def test_the_train_command_writes_a_model_that_reads_back(tmp_path, capsys, monkeypatch):
    out = tmp_path / "v.json"
    assert train.main(["gess", "--value", "--games", "4", "--iterations", "10",
                       "--steps", "50", "--seed", "3", "--out", str(out)]) == 0  # fmt: skip
    m = val.read(out)
    assert m.game_id == "gess" and m.names == NAMES and m.scale > 0
    assert m.meta["seed"] == 3 and "--value" in m.meta["command"]
    assert m.meta["figures"]["held_out"]["model"]["positions"] > 0
    assert "held out" in capsys.readouterr().out
    assert train.main(["glorieta", "--value", "--out", str(out)]) == 2
    assert "no value features" in capsys.readouterr().err


def test_a_level_takes_the_games_own_playout_and_a_plain_search_does_not(shipped, monkeypatch):
    """A game that names ``playout`` "value" is searched by every level that way, visit for
    visit as the setting asked for by name; ``playout=game`` turns it off; ``mcts:`` and a
    plain ``MCTS`` keep the game's own playout.  A game naming no playout, or a bad one,
    plays its own."""
    from ai.levels import make_bot

    m = model(bias=0.1, scale=3.0, **{"stones, mover less opponent (tens)": 2.0})
    shipped(m)
    s = midgame()
    budget = {"iterations": 200, "time_limit": None}

    def visits(bot):
        return [(x.move, x.visits) for x in bot.search(s).stats]

    named = visits(MCTS(iterations=200, seed=1, playout="value"))
    plain = visits(MCTS(iterations=200, seed=1))
    monkeypatch.setattr(type(GESS), "playout", None, raising=False)
    assert make_bot("medium", seed=1, **budget).playout_for(GESS) == "game"  # names none
    monkeypatch.setattr(type(GESS), "playout", "value", raising=False)
    level = make_bot("medium", seed=1, **budget)
    assert level.playout is None and level.playout_for(GESS) == "value"
    assert visits(level) == named
    assert visits(make_bot("medium", seed=1, playout="game", **budget)) == plain
    assert visits(make_player("mcts:iterations=200", seed=1)) == plain
    assert visits(MCTS(iterations=200, seed=1)) == plain
    assert "playout=the game's" in repr(level)
    monkeypatch.setattr(type(GESS), "playout", "no such playout", raising=False)
    assert make_bot("medium", seed=1, **budget).playout_for(GESS) == "game"


def test_the_review_asks_for_the_games_own_playout():
    from game.session import review

    assert review.SEARCH["playout"] is None
    assert MCTS(iterations=10, **review.SEARCH).playout_for(GESS) == (GESS.playout or "game")


def test_gess_levels_score_their_leaves_by_its_shipped_leaf_value():
    """Gess names ``playout`` "value" and ships a model that fits its features; its levels
    and its review search that way, a plain ``MCTS`` does not; the other games keep their
    own playout."""
    from ai.levels import make_bot
    from game.session import review

    assert GESS.playout == "value"
    shipped_model = val.load(GESS)
    assert shipped_model is not None and shipped_model.names == NAMES
    assert "ai.train gess --value" in shipped_model.meta["command"]
    assert make_bot("hard", game=GESS).playout_for(GESS) == "value"
    assert MCTS(iterations=10, **review.SEARCH).playout_for(GESS) == "value"
    assert MCTS(iterations=10).playout_for(GESS) == "game"
    for gid in rules.GAMES:
        if gid not in ("gess", "splay", "gliss"):
            assert make_bot("hard").playout_for(rules.get(gid)) == "game", gid
    # its leaves: a finished game is exact, the rest within CAP, for either mover
    rng, s = random.Random(1), GESS.start()
    while not s.is_over():
        v = shipped_model.leaf(s)
        assert -val.CAP <= v <= val.CAP
        s = s.play(s.random_move(rng))
    assert shipped_model.leaf(s) == s.result()


def test_a_lone_legal_move_is_read_as_a_leaf_of_the_search_would_be(shipped, monkeypatch):
    m = model(bias=1.0, scale=2.0)
    shipped(m)
    s = midgame()
    only = s.legal_moves()[0]
    monkeypatch.setattr(type(s), "legal_moves", lambda self: [only])
    after = s.play(only)
    res = MCTS(iterations=50, playout="value").search(s)
    sign = 1.0 if s.player == 0 else -1.0
    assert res.move == only and res.value == pytest.approx(m.leaf(after) * sign)
    plain = MCTS(iterations=50).search(s)
    assert plain.value == pytest.approx(after.evaluate() * sign)


def splay_model(bias=0.1, scale=2.0):
    names = SPLAY.value_feature_names
    w = [0.0] * len(names)
    w[names.index("territory, mover less opponent (tens)")] = 1.5
    w[names.index("mover's biggest splay now (tens)")] = 2.0
    return val.ValueModel("splay", names, w, bias, scale)


def splay_midgame(plies=20, seed=5):
    rng = random.Random(seed)
    s = SPLAY.start()
    for _ in range(plies):
        s = s.play(rng.choice(s.legal_moves()))
    return s


def test_at_cutoff_is_the_leaf_of_the_position_its_features_come_from():
    m = splay_model()
    s = splay_midgame()
    for state in (s, s.play(s.legal_moves()[0])):
        assert m.at_cutoff(state.value_features(), state.player) == pytest.approx(m.leaf(state))
    sure = val.ValueModel("splay", m.names, m.weights, 500.0, 1.0)
    assert sure.at_cutoff(s.value_features(), 0) == val.CAP
    assert sure.at_cutoff(s.value_features(), 1) == -val.CAP


def test_splays_playout_scores_its_cut_off_position_by_the_leaf_it_is_given():
    """``leaf=`` is called once, where the cut-off stops the playout, with that position's
    features and seat to move; the playout's moves are the same as without it."""
    s = splay_midgame()
    seen, leaf = recording_leaf()
    assert s.rollout(random.Random(1), 0, leaf=leaf) == 0.25
    assert seen == [(s.value_features(), s.player)]
    seen.clear()
    trace: list = []
    assert s.rollout(random.Random(2), 6, trace, leaf=leaf) == 0.25
    after = s
    for cell in trace:
        after = after.play("pass" if cell is None else after.geometry.names[cell])
    assert len(trace) == 6 and seen == [(after.value_features(), after.player)]
    plain: list = []
    s.rollout(random.Random(2), 6, plain)
    assert plain == trace  # the same moves: only the last position's score differs
    near_end = splay_midgame(plies=60, seed=5)
    if not near_end.is_over():  # played to the end, it never calls the leaf
        seen.clear()
        value = near_end.rollout(random.Random(3), 10**6, leaf=leaf)
        assert seen == [] and value in (1.0, 0.0, -1.0)


def test_playout_cutvalue_plays_the_games_playout_scored_by_the_model_at_its_cut_off(
    monkeypatch,
):
    """Visit for visit, ``playout=cutvalue`` in Splay is the plain search whose playout is
    given the model's ``at_cutoff``; in Gess, whose playout takes no leaf, it is
    ``playout=value``; without a shipped model it is the game's own."""
    m = splay_model()
    monkeypatch.setattr(val, "_cache", {"splay": m})
    s = splay_midgame()
    res = MCTS(iterations=300, seed=1, playout="cutvalue").search(s)
    plain = MCTS(iterations=300, seed=1).search(s)
    own = type(s).rollout
    monkeypatch.setattr(
        type(s), "rollout", lambda self, rng, cutoff=None: own(self, rng, cutoff, leaf=m.at_cutoff)
    )
    patched = MCTS(iterations=300, seed=1).search(s)
    monkeypatch.setattr(type(s), "rollout", own)
    visits = [(x.move, x.visits) for x in res.stats]
    assert visits == [(x.move, x.visits) for x in patched.stats]
    assert visits != [(x.move, x.visits) for x in plain.stats]
    monkeypatch.setattr(val, "_cache", {"splay": None})
    none = MCTS(iterations=300, seed=1, playout="cutvalue").search(s)
    assert [(x.move, x.visits) for x in none.stats] == [(x.move, x.visits) for x in plain.stats]
    g = midgame()
    gm = model(bias=0.2, scale=3.0, **{"stones, mover less opponent (tens)": 2.0})
    monkeypatch.setattr(val, "_cache", {"gess": gm})
    a = MCTS(iterations=200, seed=2, playout="cutvalue").search(g)
    b = MCTS(iterations=200, seed=2, playout="value").search(g)
    assert [(x.move, x.visits) for x in a.stats] == [(x.move, x.visits) for x in b.stats]
    assert make_player("mcts:iterations=50,playout=cutvalue").playout == "cutvalue"


def test_at_cutoff_reads_the_position_where_the_games_playout_stops():
    """``train_value.at_cutoff``: the seat, features and evaluation of the position the
    game's own playout reaches at its cut-off (12 plies in Splay), replayed here by its
    trace on the same draws; None where the playout ends the game first."""
    s = splay_midgame()
    rng = random.Random(7)
    probe = random.Random(7)
    seed = probe.random()
    seat, feats, ev = train_value.at_cutoff(s, rng)
    trace: list = []
    s.rollout(random.Random(seed), None, trace)
    after = s
    for cell in trace:
        after = after.play("pass" if cell is None else after.geometry.names[cell])
    assert len(trace) == SPLAY.playout_cutoff and not after.is_over()
    assert (seat, feats) == (after.player, after.value_features())
    assert ev == pytest.approx(after.evaluate() * (1 if seat == 0 else -1))
    rng = random.Random(1)
    late = SPLAY.start()
    while not late.is_over():
        if train_value.at_cutoff(late, random.Random(3)) is None:
            break
        late = late.play(rng.choice(late.legal_moves()))
    assert not late.is_over()  # some position near the end: its playouts finish the game


def test_the_train_command_at_the_cut_off(tmp_path, capsys):
    out = tmp_path / "c.json"
    argv = ["splay", "--value", "--games", "6", "--iterations", "10", "--steps", "200",
            "--seed", "2", "--at-cutoff", "2", "--out", str(out)]  # fmt: skip
    assert train.main(argv) == 0
    m = val.read(out)
    assert m.game_id == "splay" and m.meta["self_play"]["at_cutoff"] == 2
    assert m.meta["command"].endswith("--at-cutoff 2")
    capsys.readouterr()
    assert train.main(["gess", "--value", "--at-cutoff", "2", "--out", str(out)]) == 2
    assert "no leaf at its cut-off" in capsys.readouterr().err
    assert train.main(["splay", "--value", "--at-cutoff", "0", "--out", str(out)]) == 2


@pytest.mark.parametrize("gid", ["splay", "gliss"])
def test_levels_score_their_playouts_cut_off_by_the_shipped_value(gid):
    """Splay and Gliss name ``playout`` "cutvalue" and ship a model fitted where their
    playouts stop (``--at-cutoff``) that fits their features; their levels and review search
    that way, with every playout's value within CAP or a finished game's."""
    from ai.levels import make_bot
    from game.session import review

    game = rules.get(gid)
    assert game.playout == "cutvalue" and game.cutoff_leaf
    shipped_model = val.load(game)
    assert shipped_model is not None and shipped_model.names == game.value_feature_names
    assert "--at-cutoff" in shipped_model.meta["command"]
    assert shipped_model.meta["self_play"]["at_cutoff"] > 0
    assert make_bot("hard", game=game).playout_for(game) == "cutvalue"
    assert MCTS(iterations=10, **review.SEARCH).playout_for(game) == "cutvalue"
    assert MCTS(iterations=10).playout_for(game) == "game"
    rng = random.Random(4)
    s = game.start()
    for _ in range(12):
        s = s.play(rng.choice(s.legal_moves()))
    assert not s.is_over()
    for _ in range(50):
        v = s.rollout(rng, leaf=shipped_model.at_cutoff)
        assert -val.CAP <= v <= val.CAP or v in (1.0, 0.0, -1.0)
    bot = make_bot("hard", seed=1, game=game, iterations=300, time_limit=None)
    res = bot.search(s)
    assert res.move in s.legal_moves() and res.iterations <= 300
