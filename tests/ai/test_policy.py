"""The learned move priors (ai/policy.py) and their settings in the search (ai/mcts.py)."""

import json
import random

import pytest

from ai import policy as pol
from ai import train, winchance
from ai.levels import make_player
from ai.mcts import MCTS, GuidedNode, Node
from game import rules

SPLAY = rules.get("splay")


def midgame(plies=14, seed=3):
    rng = random.Random(seed)
    s = SPLAY.start()
    for _ in range(plies):
        s = s.play(s.random_move(rng))
    return s


def model(weights=None, **named):
    """A Splay policy with the given weights (by index, or by feature name)."""
    names = SPLAY.move_feature_names
    w = list(weights) if weights is not None else [0.0] * len(names)
    for name, value in named.items():
        w[names.index(name.replace("_", " "))] = value
    return pol.Policy("splay", names, w)


@pytest.fixture
def shipped(monkeypatch):
    """``policy.load`` answers ``the`` policy given (None: none) for Splay."""

    def use(p):
        monkeypatch.setattr(pol, "_cache", {"splay": p})

    monkeypatch.setattr(pol, "_cache", {})
    return use


# --- priors never make an illegal move likelier than zero or a legal one impossible ----
def test_priors_cover_exactly_the_legal_moves_and_none_is_zero():
    s = midgame()
    moves = s.legal_moves()
    for p in (model(), model(**{"new_e=6": 500.0, "ring_0": -500.0})):
        pri = p.priors(s, moves)
        assert len(pri) == len(moves)
        assert abs(sum(pri) - 1.0) < 1e-9
        assert min(pri) >= pol.FLOOR / len(moves) * 0.999  # extreme weights: still possible


def test_a_guided_search_only_ever_expands_legal_moves(shipped):
    shipped(model(**{"new_e=1": 3.0, "ring_4": 1.0}))
    s = midgame()
    bot = MCTS(iterations=400, seed=1, prior=2.0, prior_visits=2, prior_widening=True)
    root = GuidedNode(None, None, s)
    bot._widen, bot._c_now = (2.0, 1.5), 0.3
    p = pol.load(SPLAY)
    for _ in range(400):
        bot._iterate_guided(root, random.Random(1), False, p)
    stack, ranked = [root], 0
    while stack:
        node = stack.pop()
        legal = set(node.state.legal_moves())
        if node.priors is not None:
            ranked += 1
            assert set(node.priors) == legal
            assert all(v > 0 for v in node.priors.values())
        for ch in node.children:
            assert ch.move in legal
            if node.priors is not None:
                assert ch.prior == node.priors[ch.move] > 0
            stack.append(ch)
    assert ranked >= 5


def test_priors_steer_the_search(shipped):
    # every move of the start is a new checker with six empty neighbours: equal values,
    # so a model that likes the centre cell makes the search spend its visits there
    shipped(model(ring_0=6.0))
    res = MCTS(iterations=300, seed=2, prior=4.0, prior_visits=1, prior_widening=True).search(
        SPLAY.start()
    )
    assert str(res.move) == "f6"
    plain = MCTS(iterations=300, seed=2).search(SPLAY.start())
    assert str(plain.move) != "f6" or plain.stats[0].visits < res.stats[0].visits


# --- the settings switch cleanly ---------------------------------------------------------
def test_off_is_todays_search_and_a_game_without_a_model_ignores_the_settings(shipped):
    shipped(model(ring_0=6.0))
    s = midgame()
    a = MCTS(iterations=200, seed=4).search(s)
    b = MCTS(iterations=200, seed=4, prior=0.0, playout="game").search(s)
    assert [(m.move, m.visits) for m in a.stats] == [(m.move, m.visits) for m in b.stats]
    assert MCTS(prior=0.0).policy_for(SPLAY) is None
    assert MCTS(prior=1.0).policy_for(SPLAY) is not None
    shipped(None)  # no model: the same search as off
    c = MCTS(iterations=200, seed=4, prior=1.0, prior_widening=True).search(s)
    assert [(m.move, m.visits) for m in a.stats] == [(m.move, m.visits) for m in c.stats]


def test_the_spec_keys_set_the_settings_and_bad_values_say_so():
    bot = make_player("mcts:iterations=50,prior=0.5,pvisits=4,pwiden=1,playout=model")
    assert (bot.prior, bot.prior_visits, bot.prior_widening, bot.playout) == (
        0.5,
        4,
        True,
        "model",
    )
    # a level takes the game's own (None); Splay names no priors, so it searches without
    # them (and its playout scored at the cut-off by its learned value)
    off = make_player("medium")
    assert (off.prior, off.prior_widening, off.playout) == (None, None, None)
    assert off.learned_for(SPLAY) == (0.0, False) and off.policy_for(SPLAY) is None
    assert off.playout_for(SPLAY) == "cutvalue"
    assert make_player("mcts:iterations=50").learned_for(SPLAY) == (0.0, False)
    for bad in ("mcts:prior=-1", "mcts:prior=nan", "mcts:pvisits=0", "mcts:playout=fast"):
        with pytest.raises(ValueError):
            make_player(bad)
    with pytest.raises(ValueError):
        MCTS(playout="fast")


def test_model_playouts_give_values_and_stop_at_the_cutoff(shipped):
    shipped(model(**{"new_e=1": 2.0}))
    s = midgame()
    bot = MCTS(iterations=60, seed=5, playout="model")
    p = pol.load(SPLAY)
    assert bot._model_rollout(s, random.Random(1), p) == pytest.approx(
        MCTS(iterations=1, playout="model", cutoff=12)._model_rollout(s, random.Random(1), p)
    )
    assert MCTS(cutoff=0, playout="model")._model_rollout(s, random.Random(1), p) == s.evaluate()
    assert -1.0 <= bot._model_rollout(SPLAY.start(), random.Random(2), p) <= 1.0
    res = bot.search(s)
    assert res.move in s.legal_moves() and res.iterations == 60
    assert isinstance(Node(None, None, s), Node)


# --- the model round-trips from its file ----------------------------------------------
def test_a_policy_round_trips_through_its_file(tmp_path, monkeypatch):
    p = model(ring_0=1.25, **{"new e=1": -0.5})
    p.meta = {"command": "python -m ai.train splay --seed 7", "seed": 7}
    path = tmp_path / "splay.json"
    path.write_text(json.dumps(p.to_json()), encoding="utf-8")
    q = pol.read(path)
    assert q.names == p.names and q.weights == p.weights and q.meta["seed"] == 7
    s = midgame()
    assert q.priors(s, s.legal_moves()) == p.priors(s, s.legal_moves())
    monkeypatch.setattr(pol, "FOLDER", tmp_path)
    monkeypatch.setattr(pol, "_cache", {})
    assert pol.load(SPLAY).weights == p.weights


def test_a_match_can_search_with_a_model_file_instead_of_the_shipped_one(tmp_path, shipped):
    """``model=PATH``: a retrained model against the shipped one, in one match."""
    shipped(model())  # the shipped one: no preference
    centre = tmp_path / "centre.json"
    centre.write_text(json.dumps(model(ring_0=6.0).to_json()), encoding="utf-8")
    spec = f"mcts:iterations=300,prior=4,pvisits=1,pwiden=1,model={centre}"
    bot = make_player(spec, seed=2)
    assert bot.model == str(centre) and bot.policy_for(SPLAY).weights == model(ring_0=6.0).weights
    assert str(bot.search(SPLAY.start()).move) == "f6"  # the file's model steers it
    flat = make_player("mcts:iterations=300,prior=4,pvisits=1,pwiden=1", seed=2)
    assert flat.policy_for(SPLAY).weights == model().weights  # the shipped one
    with pytest.raises(ValueError, match="model: no file"):
        make_player(f"mcts:prior=1,model={tmp_path / 'none.json'}")
    other = tmp_path / "other.json"  # a model of another game (or of older rules)
    other.write_text(json.dumps(dict(model().to_json(), game="gliss")), encoding="utf-8")
    with pytest.raises(ValueError, match="not a model of splay"):
        make_player(f"mcts:iterations=10,prior=1,model={other}").policy_for(SPLAY)


def test_a_stale_or_broken_file_gives_no_policy(tmp_path, monkeypatch):
    monkeypatch.setattr(pol, "FOLDER", tmp_path)
    stale = model().to_json()
    stale["features"] = stale["features"][:-1] + ["an old feature"]
    (tmp_path / "splay.json").write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(pol, "_cache", {})
    assert pol.load(SPLAY) is None
    (tmp_path / "splay.json").write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(pol, "_cache", {})
    assert pol.load(SPLAY) is None
    with pytest.raises(ValueError, match="cannot read"):
        pol.read(tmp_path / "splay.json")
    with pytest.raises(ValueError):
        pol.Policy.from_json({"game": "splay", "features": ["a"], "weights": [1.0, 2.0]})
    monkeypatch.setattr(pol, "_cache", {})
    gess = rules.get("gess")  # as a game without features (whichever games have them)
    monkeypatch.setattr(type(gess), "move_feature_names", None)
    assert pol.load(gess) is None


def test_the_shipped_splay_model_fits_the_rules_and_says_how_it_was_made():
    p = pol.read(pol.path_of("splay"))
    assert pol.fits(p, SPLAY)
    assert p.meta["command"].startswith("python -m ai.train splay")
    assert "seed" in p.meta


def test_the_shipped_gliss_model_fits_the_rules_and_puts_a_winning_hit_first():
    gliss = rules.get("gliss")
    p = pol.read(pol.path_of("gliss"))
    assert pol.fits(p, gliss) and p.meta["command"].startswith("python -m ai.train gliss")
    # a red glider (core e4, east and north) can land on Blue's only base f5-g6
    grid = {"e4": "R", "f4": "R", "e5": "R", "a10": "R", "b10": "R", "a11": "R", "b11": "R"}
    grid.update(dict.fromkeys(("f5", "g5", "f6", "g6", "l12"), "B"))
    lines = ["size: 13", "to move: Red"]
    for r in range(13, 0, -1):
        lines.append(f"{r} " + " ".join(grid.get(f"{c}{r}", ".") for c in "abcdefghijklm"))
    s = gliss.parse("\n".join(lines))
    moves = s.legal_moves()
    pri = p.priors(s, moves)
    top = [m for m, x in zip(moves, pri, strict=True) if x == max(pri)]
    assert top and all(s.play(m).winner() == 0 for m in top)
    assert max(pri) > 10 * sorted(pri)[len(pri) // 2]


# --- training ----------------------------------------------------------------------------
def test_the_fit_learns_which_feature_the_search_prefers():
    # two features; the search always gave its visits to the move with feature 1
    examples = [([(0,), (1,), (0,)], [0.1, 0.8, 0.1]) for _ in range(20)]
    w = train.fit(examples, 2, steps=200)
    assert w[1] > w[0] + 1.0
    figures = train.score(examples, w, 2)
    assert figures["top1"] == 1.0 and figures["cross_entropy"] < figures["uniform_cross_entropy"]


def test_the_train_command_writes_a_model_that_reads_back(tmp_path, capsys, monkeypatch):
    out = tmp_path / "m.json"
    assert train.main(["splay", "--games", "2", "--iterations", "8", "--steps", "5",
                       "--out", str(out)]) == 0  # fmt: skip
    p = pol.read(out)
    assert pol.fits(p, SPLAY) and p.meta["seed"] == 0
    assert "--games 2" in p.meta["command"]
    gess = rules.get("gess")  # as a game without features (whichever games have them)
    monkeypatch.setattr(type(gess), "move_feature_names", None)
    assert train.main(["gess", "--out", str(out)]) == 2
    assert "no move features" in capsys.readouterr().err


def test_the_match_runner_plays_the_settings_and_prints_the_interval(capsys):
    from ai import match

    argv = ["splay", "--games", "2", "--p0", "mcts:iterations=20,prior=1,pwiden=1,pvisits=2"]
    assert match.main([*argv, "--p1", "random", "--max-plies", "12"]) == 0
    out = capsys.readouterr().out
    assert "95% interval of the score (Wilson): " in out
    assert match.main(["splay", "--p0", "mcts:playout=fast"]) == 2


def test_the_shipped_glorieta_model_fits_and_guides_searches_in_both_variants(monkeypatch):
    glorieta = rules.get("glorieta")
    p = pol.read(pol.path_of("glorieta"))
    assert pol.fits(p, glorieta)
    assert p.meta["command"].startswith("python -m ai.train glorieta")
    assert p.weights[p.names.index("stone blocks")] > 0  # it learned to block a loop
    monkeypatch.setattr(pol, "_cache", {})
    rng = random.Random(2)
    for s in (glorieta.start(seed=5), glorieta.start(variant="chicken")):
        while s.phase != ("neutral or decline" if s.variant == "chicken" else "stone"):
            s = s.play(s.random_move(rng))
        bot = MCTS(iterations=150, seed=1, prior=1.0, prior_visits=2, prior_widening=True)
        assert bot.policy_for(glorieta) is not None
        res = bot.search(s)
        assert res.move in s.legal_moves() and res.iterations == 150


def test_a_proven_win_is_the_whole_target():
    # Black to move with five stones of a flower around g7: f6 wins, and the search proves
    # it after a few visits; the target gives f6 everything, not its handful of visits
    from tests.rules.test_glorieta import RING, position

    stones = {c: "b" for c in RING[:5]}
    stones.update({c: "o" for c in ("a1", "b1", "c1", "d1", "e1")})
    state = position("landscape", stones)
    moves = state.legal_moves()
    res = MCTS(iterations=500, seed=2).search(state)
    assert res.proven == 1
    target = train.target_of(res, moves)
    assert sum(target) == pytest.approx(1.0)
    assert {str(m) for m, t in zip(moves, target, strict=True) if t > 0} == {"f6"}
    # an unproven search: the visit shares, as before
    start = rules.get("splay").start()
    res = MCTS(iterations=60, seed=1).search(start)
    moves = start.legal_moves()
    visits = {s.move: s.visits for s in res.stats}
    want = [visits.get(m, 0) / sum(visits.values()) for m in moves]
    assert train.target_of(res, moves) == pytest.approx(want)


def test_self_play_draws_a_random_setup_from_its_seed():
    # Glorieta's landscape is random unless seeded: the same command and seed give the same
    # games (and so the same model), another seed other ones
    game = rules.get("glorieta")
    one = train.self_play(game, 1, 8, seed=3, sample_plies=4)
    again = train.self_play(game, 1, 8, seed=3, sample_plies=4)
    other = train.self_play(game, 1, 8, seed=4, sample_plies=4)
    assert one == again and one != other


# --- a game's own priors in its levels -----------------------------------------------------
def test_a_level_takes_the_games_own_priors_and_says_its_search_was_guided(shipped, monkeypatch):
    """A game that names ``prior`` (and ``prior_widening``) is searched by every level with
    them, visit for visit as the same settings asked for by name; ``prior=0`` turns them
    off; ``mcts:`` and a plain ``MCTS`` stay plain.  The result says whether the model
    guided it, and its chance is read by the game's table for guided searches."""
    from ai.levels import make_bot

    shipped(model(**{"new_e=1": 2.0}))
    monkeypatch.setattr(SPLAY, "prior", 1.0, raising=False)
    s, rng = SPLAY.start(), random.Random(5)
    for _ in range(4):
        s = s.play(rng.choice(s.legal_moves()))
    budget = {"iterations": 200, "time_limit": None}
    level = make_bot("medium", seed=1, **budget)
    assert level.learned_for(SPLAY) == (1.0, False)
    res = level.search(s)
    # (and the game's own playout: Splay's scored at its cut-off by its learned value)
    named = MCTS(iterations=200, seed=1, prior=1.0, playout=SPLAY.playout).search(s)
    assert res.guided and named.guided
    assert [(m.move, m.visits) for m in res.stats] == [(m.move, m.visits) for m in named.stats]
    assert res.win_chance == winchance.of_state(s, res.value, res.iterations, res.proven, True)
    # turned off by name, or never asked for: plain
    off = make_bot("medium", seed=1, prior=0, **budget)
    assert off.learned_for(SPLAY) == (0.0, False) and not off.search(s).guided
    assert not MCTS(iterations=200, seed=1).search(s).guided
    assert not make_player("mcts:iterations=200").search(s).guided
    # the game's widening comes with it, unless the spec says otherwise
    monkeypatch.setattr(SPLAY, "prior_widening", True, raising=False)
    assert make_bot("hard").learned_for(SPLAY) == (1.0, True)
    assert make_player("hard:pwiden=0").learned_for(SPLAY) == (1.0, False)
    # a game without a model: the setting changes nothing
    shipped(None)
    assert make_bot("medium", seed=1, **budget).search(s).guided is False


def test_a_guided_search_reaches_the_worker_and_the_merge_as_guided(shipped, monkeypatch):
    """``guided`` travels in the worker's message, a snapshot and the merge of several
    processes, so the app reads the chance with the right table."""
    from ai import parallel, winchance
    from ai.worker import summarize

    shipped(model())
    s = SPLAY.start()
    res = MCTS(iterations=60, seed=3, prior=1.0).search(s)
    plain = MCTS(iterations=60, seed=3).search(s)
    assert summarize(res)["guided"] is True and summarize(plain)["guided"] is False
    merged = parallel.merge([parallel.snapshot(res), parallel.snapshot(res)])
    assert merged["guided"] is True and parallel.client_view(merged)["guided"] is True
    assert parallel.merge([parallel.snapshot(plain)])["guided"] is False
    assert parallel.merge_results([res, res]).guided is True
    msg = {**summarize(res), "player": s.player}
    assert winchance.of_message(s, msg) == winchance.chance(
        "splay", s.player, res.value, 60, None, True
    )


def test_glades_and_gliss_levels_search_with_their_model_and_a_plain_search_does_not():
    """Glades and Gliss name their priors (``Game.prior``): their levels are guided by the
    shipped model, a plain ``MCTS`` (the puzzles' and the lessons' scripted fixed budgets)
    stays plain; the other games' levels stay plain until they name theirs.  Gliss's guided
    searches are read by a table of their own (its plain table leans to seat 1); Glades's
    file keeps one table."""
    from ai.levels import make_bot

    guided = {"glades", "gliss"}
    for gid in sorted(guided):
        game = rules.get(gid)
        assert game.prior == 1.0 and pol.load(game) is not None, gid
        s = game.start()
        for _ in range(6):
            s = s.play(random.Random(len(s.legal_moves())).choice(s.legal_moves()))
        res = make_bot("easy", seed=2, iterations=150, time_limit=None).search(s)
        assert res.guided and res.move in s.legal_moves(), gid
        assert not MCTS(iterations=150, seed=2).search(s).guided, gid
    for gid in rules.GAMES:
        if gid not in guided:
            assert make_bot("hard").learned_for(rules.get(gid))[0] == 0.0, gid
    assert winchance.weights("gliss", guided=True) != winchance.weights("gliss")
    assert winchance.weights("glades", guided=True) == winchance.weights("glades")
