"""The ladder of levels (ai.levels, ai.ladder): the interval and Elo arithmetic, a tiny
ladder run on iteration budgets, the level names as seats, and the select screen's line."""

from __future__ import annotations

import math
import random

import pytest

from ai import ladder
from ai.levels import (
    LEVEL_INFO,
    LEVEL_NAMES,
    LEVELS,
    level_budget,
    level_info,
    level_processes,
    level_settings,
    make_bot,
    make_player,
)
from ai.mcts import MCTS
from game import rules
from game.session.seats import CHOICES, Seat
from game.session.seats import LEVELS as SEAT_LEVELS

TINY = "mcts:iterations=8,randomness=0.5,mcts:iterations=40"


# --- arithmetic on known inputs --------------------------------------------------------------
def test_wilson_interval_on_known_values():
    lo, hi = ladder.wilson(0.5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = ladder.wilson(1.0, 10)
    assert lo == pytest.approx(0.72247, abs=1e-5) and hi == 1.0
    lo, hi = ladder.wilson(0.0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    assert ladder.wilson(0.3, 0) == (0.0, 1.0)


def test_elo_of_a_score_and_the_clamp_of_clean_sweeps():
    assert ladder.elo(0.5) == 0.0
    assert ladder.elo(0.75) == pytest.approx(400 * math.log10(3))
    assert ladder.elo(0.25) == pytest.approx(-400 * math.log10(3))
    assert ladder.elo(1.0) == math.inf and ladder.elo(0.0) == -math.inf
    assert ladder.clamped_score(1.0, 10) == (0.95, True)
    assert ladder.clamped_score(0.0, 10) == (0.05, True)
    assert ladder.clamped_score(0.6, 10) == (0.6, False)
    sweep = ladder.pair_elo(1.0, 10)
    assert sweep.clamped and sweep.diff == pytest.approx(400 * math.log10(19))
    assert sweep.high == math.inf and sweep.low == pytest.approx(ladder.elo(0.72251), abs=0.5)
    even = ladder.pair_elo(0.5, 10)
    assert not even.clamped and even.diff == 0 and even.low == pytest.approx(-even.high)


def test_ratings_chain_the_pairwise_differences_from_zero():
    assert ladder.chain([100.0, 50.0, -20.0]) == [0.0, 100.0, 150.0, 130.0]
    assert ladder.chain([]) == [0.0]


def test_level_lists_and_scaled_specs():
    assert ladder.parse_levels("mcts:iterations=20,randomness=0.3, easy,,hard") == [
        "mcts:iterations=20,randomness=0.3",
        "easy",
        "hard",
    ]
    assert ladder.scaled_spec("hard", 1.0) == "hard:time=3.0"
    assert ladder.scaled_spec("hard", 0.1) == "hard:time=0.3"
    assert ladder.scaled_spec("beginner", 0.5) == "beginner:time=0.05,iterations=150"
    assert ladder.scaled_spec("random", 0.1) == "random"
    assert ladder.scaled_spec("mcts:iterations=100,time=2", 0.5) == "mcts:iterations=50,time=1"
    assert ladder.scaled_spec("mcts:iterations=3", 0.01) == "mcts:iterations=1"
    assert "r=0.5" in ladder.describe(ladder.scaled_spec("beginner", 1.0))


# --- a tiny ladder ---------------------------------------------------------------------------
def test_a_tiny_ladder_plays_every_pair_and_prints_a_table(capsys):
    assert ladder.main(["splay", "--games", "2", "--levels", TINY, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "2 games a pair" in out and "full-time budgets" in out
    rows = [line for line in out.splitlines() if " vs " in line and "%" in line]
    assert len(rows) == 2  # random vs the weakest, then the weakest vs the next
    assert rows[0].startswith("mcts:iterations=8,randomness=0.5 vs random")
    assert "Elo vs random" in out
    levels = out.split("Elo vs random")[1].split("\n\n")[0].splitlines()[1:]
    assert [row.split()[0] for row in levels] == ["random"] + ladder.parse_levels(TINY)


def test_run_ladder_counts_games_iterations_and_says_when_scaled():
    game = rules.get("gliss")
    pairs = ladder.run_ladder(game, ladder.parse_levels(TINY), games=2, seed=1)
    assert [(p.upper, p.lower) for p in pairs] == [
        ("mcts:iterations=8,randomness=0.5", "random"),
        ("mcts:iterations=40", "mcts:iterations=8,randomness=0.5"),
    ]
    for p in pairs:
        assert p.result.games == 2
        searched = p.iterations[0]
        assert searched[1] > 0 and 0 < searched[0] / searched[1] <= 40
    assert pairs[0].iterations[1] == [0, 0]  # the random player never searches
    text = ladder.table(game.name, pairs, 2, 0.25, 1)
    assert "x0.25" in text and "NOT the full-time levels" in text


def _body(text: str) -> str:
    """A table without its wall-time line (the only line two runs may differ in)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("wall time"))


def test_a_ladder_played_in_parts_and_combined_is_the_whole_ladder(tmp_path, capsys):
    args = ["splay", "--games", "2", "--levels", TINY, "--seed", "5"]
    assert ladder.main(args) == 0
    whole = capsys.readouterr().out
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert ladder.main(args + ["--pairs", "2", "--save", str(second)]) == 0
    part = capsys.readouterr().out
    assert "saved to" in part and " vs random " not in part
    assert "Elo vs mcts:iterations=8" in part  # the lowest level shown is the base
    assert ladder.main(args + ["--pairs", "1", "--save", str(first)]) == 0
    capsys.readouterr()
    assert ladder.main(["splay", "--combine", str(second), str(first)]) == 0
    combined = capsys.readouterr().out
    assert _body(combined) == _body(whole)  # the same seeds, so the same games


def test_a_pair_played_again_with_another_seed_adds_its_games(tmp_path, capsys):
    game = rules.get("splay")
    levels = ["mcts:iterations=4", "mcts:iterations=8"]
    runs = {seed: ladder.run_ladder(game, levels, 2, seed=seed, only=[2]) for seed in (3, 4)}
    paths = []
    for seed, pairs in runs.items():
        path = tmp_path / f"seed{seed}.json"
        ladder.save_pairs(str(path), "splay", pairs, 1.0, seed)
        paths.append(str(path))
    loaded = [ladder.load_pairs(p) for p in paths]
    (pair,), _scale, seeds = ladder.combine(loaded)
    a, b = runs[3][0], runs[4][0]
    assert seeds == "3, 4"
    assert pair.result.games == 4
    assert pair.result.wins == a.result.wins + b.result.wins
    assert pair.result.losses == a.result.losses + b.result.losses
    assert pair.result.plies == a.result.plies + b.result.plies
    assert pair.iterations[0][1] == a.iterations[0][1] + b.iterations[0][1]
    # the parts combine was given are untouched
    assert [part["pairs"][0].result for part in loaded] == [a.result, b.result]
    assert [part["pairs"][0].iterations for part in loaded] == [a.iterations, b.iterations]
    assert ladder.main(["splay", "--combine", *paths]) == 0
    out = capsys.readouterr().out
    assert "4 games a pair" in out and "seed 3, 4" in out
    # the same seed again is the same games again: refused, and so are other levels
    assert ladder.main(["splay", "--combine", paths[0], paths[1], paths[0]]) == 2
    assert "twice with seed 3" in capsys.readouterr().err
    other = ladder.run_ladder(game, ["mcts:iterations=4", "mcts:iterations=9"], 1, seed=5)
    odd = tmp_path / "odd.json"
    ladder.save_pairs(str(odd), "splay", other[1:], 1.0, 5)
    with pytest.raises(ValueError, match="in one part and"):
        ladder.combine([ladder.load_pairs(paths[0]), ladder.load_pairs(str(odd))])


def test_a_missing_pair_breaks_the_elo_chain(tmp_path):
    game = rules.get("splay")
    pairs = ladder.run_ladder(
        game, ["mcts:iterations=4", "mcts:iterations=8", "mcts:iterations=16"], 1, only=[1, 3]
    )
    assert [p.number for p in pairs] == [1, 3]
    text = ladder.table(game.name, pairs, 1, 1.0, 0)
    assert "?: a pair below this level" in text
    rows = text.split("budget per move")[1].splitlines()[1:4]
    assert rows[2].split()[:2] == ["mcts:iterations=16", "?"]


def test_combine_refuses_what_is_not_one_ladder(tmp_path, capsys):
    game = rules.get("splay")
    pairs = ladder.run_ladder(game, ["mcts:iterations=4"], 1)
    a = tmp_path / "a.json"
    ladder.save_pairs(str(a), "splay", pairs, 1.0, 0)
    assert ladder.main(["splay", "--combine", str(a), str(a)]) == 2  # pair 1 twice
    assert "is twice" in capsys.readouterr().err
    assert ladder.main(["gess", "--combine", str(a)]) == 2
    assert "not gess" in capsys.readouterr().err
    b = tmp_path / "b.json"
    ladder.save_pairs(str(b), "splay", pairs, 0.5, 0)
    with pytest.raises(ValueError, match="different scales"):
        ladder.combine([ladder.load_pairs(str(a)), ladder.load_pairs(str(b))])
    for text in (
        "{",
        "[]",
        '{"ladder": 1, "game": "splay"}',
        '{"ladder": 1, "game": "splay", "scale": 1, "seed": 0, "pairs": [{"upper": 3}]}',
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        assert ladder.main(["splay", "--combine", str(bad)]) == 2
        assert "bad.json" in capsys.readouterr().err
    assert ladder.main(["splay", "--combine", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert ladder.main(["splay", "--pairs", "9"]) == 2
    assert ladder.main(["splay", "--pairs", "x"]) == 2


def test_bad_ladder_arguments_exit_2(capsys):
    assert ladder.main(["splay", "--games", "0"]) == 2
    assert ladder.main(["splay", "--scale", "0"]) == 2
    assert ladder.main(["splay", "--levels", "wizard"]) == 2
    assert ladder.main(["nosuchgame"]) == 2
    assert "error" in capsys.readouterr().err


def test_a_timed_search_past_its_deadline_still_moves():
    state = rules.get("splay").start()
    res = MCTS(iterations=None, time_limit=1e-9, rng=random.Random(1)).search(state)
    assert res.move is not None and res.iterations > 0


# --- the levels as seats and bots --------------------------------------------------------------
def test_five_levels_weakest_first_every_one_a_seat_with_a_description():
    assert len(LEVEL_NAMES) == 5 and LEVEL_NAMES[0] == "beginner" and LEVEL_NAMES[-1] == "master"
    assert SEAT_LEVELS == LEVEL_NAMES
    for name in LEVEL_NAMES:
        seat = Seat.parse("computer:" + name)
        assert seat.computer and seat.level == name and Seat.parse(seat.spec()) == seat
        assert LEVEL_INFO[name] and seat.description() == LEVEL_INFO[name]
        assert Seat("computer", name) in CHOICES
    for old in ("easy", "medium", "hard"):  # saved games and seats still read
        assert Seat.parse(f"computer:{old}").level == old
    assert Seat.parse("computer").level == "medium"
    assert Seat("human").description() == ""


def test_make_bot_for_every_level_and_budgets_that_grow():
    bots = [make_bot(name, seed=1) for name in LEVEL_NAMES]
    assert all(isinstance(b, MCTS) for b in bots)
    beginner = bots[0]
    assert beginner.iterations is not None and beginner.iterations <= 500
    assert beginner.randomness > 0
    assert all(b.randomness == 0 for b in bots[2:])  # randomness only at the bottom
    limits = [b.time_limit for b in bots[1:]]
    assert limits == sorted(limits) and len(set(limits)) == len(limits)
    assert level_processes("master") >= 1 and level_processes("hard") == 1
    # overrides still work, and a level's processes key can be set back to one
    assert make_bot("hard", iterations=50, time_limit=None).iterations == 50
    one = make_player("master:processes=1,iterations=30")
    assert isinstance(one, MCTS) and one.iterations == 30
    for name in LEVELS:
        assert name in LEVEL_INFO


def test_the_select_screen_says_what_the_computer_level_means(app):
    from test_client_support import frames

    from game.scenes.select import SelectScene

    select = SelectScene(app, "splay")
    app.push(select)
    frames(app, 2)
    white, black = select.seat_widgets
    black.set_value(Seat("computer", "hard"))
    white.set_value(Seat("human"))
    splay = rules.get("splay")  # Splay's hard thinks for its own 1.5 s, and says so
    assert select.level_line() == "Hard: " + level_info("hard", splay)
    assert "1.5 s" in select.level_line() and "three seconds" not in select.level_line()
    white.set_value(Seat("computer", "beginner"))
    assert select.level_line(white) == "Beginner: " + LEVEL_INFO["beginner"]
    assert select.level_line(black) == "Hard: " + level_info("hard", splay)
    black.set_value(Seat("human"))
    white.set_value(Seat("human"))
    assert select.level_line() == ""
    frames(app, 1)  # draws with and without the line


# --- a game's own times for some levels ------------------------------------------------------
class _Timed:
    """A game that names times for some levels (and junk the levels must ignore)."""

    level_times = {"hard": 1.5, "medium": 0.4, "nonsense": 9.0, "easy": 0}


def test_a_game_names_its_own_time_for_a_level_and_every_path_uses_it():
    game = _Timed()
    assert level_settings("hard", game)["time_limit"] == 1.5
    assert level_settings("easy", game)["time_limit"] == LEVELS["easy"]["time_limit"]  # 0: none
    assert level_settings("hard")["time_limit"] == LEVELS["hard"]["time_limit"]
    assert level_budget("medium", game) == {"time_limit": 0.4}
    assert level_budget("master", game) == {}
    assert level_budget("hard") == {}
    with pytest.raises(ValueError, match="unknown level"):
        level_settings("nonsense", game)
    assert make_bot("hard", game=game).time_limit == 1.5
    assert make_bot("hard", game=game, time_limit=2.0).time_limit == 2.0  # an override wins
    assert make_player("hard", game=game).time_limit == 1.5
    assert make_player("hard:time=4", game=game).time_limit == 4.0
    assert make_player("hard").time_limit == LEVELS["hard"]["time_limit"]
    assert make_player("mcts:time=0.7", game=game).time_limit == 0.7
    # the ladder writes the game's budget out, scaled like any other
    assert ladder.scaled_spec("hard", 1.0, game) == "hard:time=1.5"
    assert ladder.scaled_spec("medium", 0.5, game) == "medium:time=0.2"
    assert ladder.scaled_spec("hard:time=3", 1.0, game) == "hard:time=3"
    # and the select screen's line says the game's time
    assert "1.5 s" in level_info("hard", game) and level_info("hard") == LEVEL_INFO["hard"]
    assert Seat("computer", "medium").description(game) == level_info("medium", game)
    assert "0.4 s" in level_info("medium", game) and "a second" in LEVEL_INFO["medium"]
    assert level_info("nonsense") == ""


def test_splays_levels_below_master_think_for_less_and_still_grow():
    splay = rules.get("splay")
    bots = [make_player(f"{name}:processes=1", game=splay) for name in LEVEL_NAMES]
    limits = [b.time_limit for b in bots[1:]]
    assert limits == sorted(limits) and len(set(limits)) == len(limits)
    assert limits[-1] == LEVELS["master"]["time_limit"]  # master is the machine's best
    for name, t in zip(LEVEL_NAMES[1:-1], limits[:-1], strict=True):
        assert t < LEVELS[name]["time_limit"]
    for gid in rules.GAMES:  # a game that names none keeps the shared budgets
        game = rules.get(gid)
        for name in LEVEL_NAMES:
            want = (getattr(game, "level_times", None) or {}).get(name)
            got = make_player(f"{name}:processes=1", game=game).time_limit
            assert got == (want if want else LEVELS[name]["time_limit"])


def test_the_apps_requests_carry_the_games_time_for_the_level():
    from ai.worker import default_bot
    from game.session.match import Match

    for gid, want in (("splay", 1.5), ("gliss", None)):
        game = rules.get(gid)
        m = Match(game, seats=(Seat("human"), Seat("computer", "hard")))
        spec = m.spec_for(1)
        assert spec["level"] == "hard" and spec.get("time_limit") == want
        bot = default_bot(spec)
        assert bot.time_limit == (want or LEVELS["hard"]["time_limit"])
