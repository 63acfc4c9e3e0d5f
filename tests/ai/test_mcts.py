"""The generic MCTS: budgets, injected RNG, solver, statistics, strength on Splay."""

import random

import pytest

from ai.levels import LEVELS, make_bot, make_player
from ai.match import run_match
from ai.mcts import MCTS, RandomPlayer
from game import rules
from game.rules.core import Move, State


# --- a tiny game to test the engine on its own: Nim, take 1-3, who takes the last wins -----
class Take(Move):
    __slots__ = ("n",)

    def __init__(self, n):
        self.n = n

    def notation(self):
        return str(self.n)


class NimState(State):
    def __init__(self, sticks, player, extra_turn=False):
        self.sticks = sticks
        self.player = player
        self.extra_turn = extra_turn

    game = None

    def legal_moves(self):
        return [Take(k) for k in (1, 2, 3) if k <= self.sticks]

    def play(self, move):
        move = self.find_move(move)
        # variant: taking exactly 2 from an even pile gives the same player another turn
        again = self.extra_turn and move.n == 2 and self.sticks % 2 == 0
        nxt = self.player if again else 1 - self.player
        return NimState(self.sticks - move.n, nxt, self.extra_turn)

    def is_over(self):
        return self.sticks == 0

    def winner(self):
        # the player who took the last stick is the one NOT to move now... unless an extra turn
        return None if self.sticks else self.last

    def __str__(self):
        return f"{self.sticks} {self.player}"


class PlainNim(NimState):
    keep_kind = False  # True: the positions after a move are of the subclass too

    def play(self, move):
        move = self.find_move(move)
        kind = type(self) if self.keep_kind else PlainNim
        s = kind(self.sticks - move.n, 1 - self.player)
        s.last = self.player
        return s


def test_solver_proves_nim_and_plays_the_winning_move():
    # with 10 sticks the mover wins by taking 2 (leaving a multiple of 4)
    s = PlainNim(10, 0)
    res = MCTS(iterations=5000, rng=random.Random(1)).search(s)
    assert str(res.move) == "2"
    assert res.proven == 1
    assert res.stats[0].proven == 1


def test_solver_knows_a_lost_position():
    s = PlainNim(8, 1)
    res = MCTS(iterations=20000, rng=random.Random(2)).search(s)
    assert res.proven == -1
    assert all(st.proven == -1 for st in res.stats)


def test_iteration_budget_is_exact_and_rng_is_injected():
    s = rules.get("splay").start()
    a = MCTS(iterations=300, rng=random.Random(5)).search(s)
    b = MCTS(iterations=300, rng=random.Random(5)).search(s)
    assert a.iterations == 300 == b.iterations
    assert str(a.move) == str(b.move)
    assert [(str(x.move), x.visits) for x in a.stats] == [(str(x.move), x.visits) for x in b.stats]
    assert sum(x.visits for x in a.stats) == 300


def test_root_statistics_for_the_client():
    s = rules.get("splay").start()
    res = MCTS(iterations=400, rng=random.Random(1)).search(s)
    assert res.stats[0].move == res.move
    visits = [x.visits for x in res.stats]
    assert visits == sorted(visits, reverse=True)
    assert all(-1.0 <= x.value <= 1.0 for x in res.stats)
    assert -1.0 <= res.value <= 1.0
    assert res.pv and res.pv[0] == res.move
    # the expected line is a sequence of legal moves
    t = s
    for m in res.pv:
        t = t.play(m)


def test_progress_callback_reports_and_can_stop_the_search():
    seen = []

    def progress(partial, fraction):
        seen.append(fraction)
        return len(seen) >= 3

    s = rules.get("splay").start()
    res = MCTS(iterations=10000, rng=random.Random(1), progress_every=50).search(s, progress)
    assert len(seen) == 3 and res.iterations == 150
    assert seen == sorted(seen) and 0 < seen[0] <= 1


@pytest.mark.parametrize("player", [0, 1])
def test_single_legal_move_returns_at_once_and_says_what_it_leads_to(player):
    """A forced move that wins is a proven win for the mover, whichever seat moves."""
    s = PlainNim(1, player)
    res = MCTS(iterations=1000, rng=random.Random(1)).search(s)
    assert str(res.move) == "1" and res.iterations == 0
    assert res.proven == 1 and res.value == 1
    assert res.stats[0].proven == 1 and res.stats[0].value == 1


class LosingNim(PlainNim):
    """Whoever takes the last stick loses (misère)."""

    keep_kind = True

    def winner(self):
        return None if self.sticks else 1 - self.last


@pytest.mark.parametrize("player", [0, 1])
def test_a_forced_move_that_loses_is_a_proven_loss_for_either_seat(player):
    res = MCTS(iterations=1000, rng=random.Random(1)).search(LosingNim(1, player))
    assert str(res.move) == "1"
    assert res.proven == -1 and res.value == -1 and res.stats[0].proven == -1


def test_needs_a_budget():
    with pytest.raises(ValueError):
        MCTS(iterations=None, time_limit=None)


def test_finds_the_winning_move_in_splay():
    g = rules.get("splay")
    # White has 43 cells; stacking on f6 (T3, 4 empties after the last one) splays for +4 -> 47
    pieces = {}
    names = [n for n in rules.get("splay").start().geometry.names]
    open_cells = ("f6", "g6", "f7", "f5", "g7", "e6", "e5", "h4", "h5", "i5", "i6", "g4", "j7")
    filler = [n for n in names if n not in open_cells]
    for k, n in enumerate(filler):
        pieces[n] = "w" if k < 42 else "b"
    pieces.update({"f6": "W3", "e6": "b", "e5": "b"})
    s = g.position(pieces, 0)
    assert s.scores()[0] == 43 and len(s.legal_moves()) > 3
    res = MCTS(iterations=500, rng=random.Random(3)).search(s)
    assert str(res.move) == "f6"
    assert res.proven == 1
    assert s.play(res.move).winner() == 0


def test_mcts_beats_random_at_splay_within_an_iteration_budget():
    game = rules.get("splay")
    res = run_match(game, "mcts:iterations=300", "random", games=6, seed=11)
    assert res.wins >= 5, res


def test_player_specs_and_levels():
    assert isinstance(make_player("random"), RandomPlayer)
    bot = make_player("mcts:iterations=50,c=0.7,randomness=0.1")
    assert bot.iterations == 50 and bot.exploration == 0.7 and bot.randomness == 0.1
    assert set(LEVELS) >= {"easy", "medium", "hard"}
    easy, hard = make_bot("easy"), make_bot("hard")
    assert easy.time_limit < hard.time_limit and easy.randomness > 0
    for bad in ("mcts:foo=1", "mcts:iterations=x", "wizard", "random:1"):
        with pytest.raises(ValueError):
            make_player(bad)


def test_a_time_limit_counts_the_clock_the_bot_names(monkeypatch):
    """``clock=cpu`` charges the search its own CPU seconds (process_time), ``wall`` the
    wall clock; the deadline is read every 16 iterations.  A fake clock that ticks one
    second a reading makes the stop exact: started at 1, limit 3.5, so the reading at
    iteration 64 (5 >= 4.5) is the first past it."""
    from ai import mcts

    ticks = iter(range(1, 10_000))
    monkeypatch.setitem(mcts.CLOCKS, "cpu", lambda: float(next(ticks)))
    state = rules.get("splay").start()
    bot = make_player("mcts:time=3.5,clock=cpu", seed=1)
    assert bot.clock == "cpu" and bot.iterations is None
    assert bot.search(state).iterations == 64
    assert make_player("mcts:time=0.01", seed=1).clock == "wall"
    with pytest.raises(ValueError, match="clock"):
        make_player("mcts:time=1,clock=sundial")
    with pytest.raises(ValueError, match="clock is one of wall, cpu"):
        MCTS(time_limit=1, clock="sundial")


def test_engine_handles_a_player_moving_twice():
    class TwiceNim(NimState):
        def play(self, move):
            move = self.find_move(move)
            again = move.n == 2 and self.sticks % 2 == 0
            s = TwiceNim(self.sticks - move.n, self.player if again else 1 - self.player)
            s.last = self.player
            return s

    s = TwiceNim(6, 0)
    res = MCTS(iterations=3000, rng=random.Random(1)).search(s)

    # brute force the value of each move
    def value(st):  # +1 if player 0 wins with best play
        if st.is_over():
            return 1 if st.winner() == 0 else -1
        vals = [value(st.play(m)) for m in st.legal_moves()]
        return max(vals) if st.player == 0 else min(vals)

    best = {str(m) for m in s.legal_moves() if value(s.play(m)) == value(s)}
    assert str(res.move) in best
    assert res.proven == value(s)


# --- expansion: the order untried moves are popped in ---------------------------------
def test_untried_moves_without_widening_come_in_uniform_random_order():
    from ai.mcts import _untried

    s = PlainNim(10, 0)
    firsts = {"1": 0, "2": 0, "3": 0}
    for seed in range(3000):
        pool = _untried(s, random.Random(seed), False)
        assert len(pool) == 3
        popped = []
        while pool:
            popped.append(str(pool.pop()))
        assert sorted(popped) == ["1", "2", "3"] and not pool
        firsts[popped[0]] += 1
    assert all(900 <= n <= 1100 for n in firsts.values()), firsts


class UrgentNim(PlainNim):
    """Nim whose state names moves to try first: 2, then 3."""

    def urgent_moves(self):
        return [m for m in (Take(2), Take(3)) if m.n <= self.sticks]


def test_urgent_moves_are_expanded_first_in_their_order_then_the_rest_at_random():
    from ai.mcts import _untried

    rests = set()
    for seed in range(40):
        pool = _untried(UrgentNim(10, 0), random.Random(seed), False)
        popped = []
        while pool:
            popped.append(str(pool.pop()))
        assert popped == ["2", "3", "1"]
        pool = _untried(UrgentNim(2, 0), random.Random(seed), False)
        assert str(pool.pop()) == "2"
        rests.add(str(pool.pop()))
    assert rests == {"1"}
    # a state without urgent moves keeps the plain shuffle for the same seed
    plain = [str(m) for m in _untried(PlainNim(10, 0), random.Random(5), False)]
    none = type("NoUrgent", (PlainNim,), {"urgent_moves": lambda self: []})(10, 0)
    assert [str(m) for m in _untried(none, random.Random(5), False)] == plain


class ForcedNim(PlainNim):
    """Nim whose state names its forced moves: the take that leaves a multiple of four (every
    other take loses), or none at all when the pile is one already (every take loses)."""

    keep_kind = True

    def forced_moves(self):
        if self.sticks == 0:
            return None
        k = self.sticks % 4
        return [Take(k)] if k else []


def test_forced_moves_prune_the_search_and_an_empty_list_is_a_proven_loss():
    # ForcedNim(10): only "2" is searched, and the pile of 8 it leaves is lost at once
    res = MCTS(iterations=3, rng=random.Random(1)).search(ForcedNim(10, 0))
    assert str(res.move) == "2" and res.proven == 1
    assert [str(st.move) for st in res.stats] == ["2"] and res.win_chance == 1.0
    # a lost root still searches every legal move, gives one, and proves the loss
    for player in (0, 1):
        res = MCTS(iterations=50, rng=random.Random(2)).search(ForcedNim(8, player))
        assert str(res.move) in ("1", "2", "3") and res.proven == -1
        assert sorted(str(st.move) for st in res.stats) == ["1", "2", "3"]
        assert all(st.proven == -1 for st in res.stats)
        assert res.win_chance == (1.0 if player == 1 else 0.0)
    # prune=False is the search without the hook, visit for visit
    for seed in range(3):
        a = MCTS(iterations=400, rng=random.Random(seed), prune=False).search(ForcedNim(10, 0))
        b = MCTS(iterations=400, rng=random.Random(seed)).search(PlainNim(10, 0))
        assert [(str(x.move), x.visits, x.proven) for x in a.stats] == [
            (str(x.move), x.visits, x.proven) for x in b.stats
        ]
    assert make_player("mcts:iterations=10,prune=0").prune is False
    assert make_player("mcts:iterations=10").prune is True


class _WideGame:
    wide = True


class OrderedNim(PlainNim):
    """Nim with progressive widening: ordered_moves gives the moves best first (3, 2, 1)."""

    game = _WideGame()

    def ordered_moves(self, rng):
        return sorted(self.legal_moves(), key=lambda m: -m.n)

    def play(self, move):
        move = self.find_move(move)
        s = type(self)(self.sticks - move.n, 1 - self.player)
        s.last = self.player
        return s


class _Queue:
    def __init__(self, moves):
        self.moves = moves
        self.popped = 0

    def __bool__(self):
        return bool(self.moves)

    def pop(self):
        self.popped += 1
        return self.moves.pop(0)


class QueuedNim(OrderedNim):
    """The same, through the lazy move_queue hook (moves 1, 2, 3: the hook's order wins)."""

    queues: list = []

    def move_queue(self, rng):
        q = _Queue(sorted(self.legal_moves(), key=lambda m: m.n))
        QueuedNim.queues.append(q)
        return q


def test_widening_pops_ordered_moves_best_first_or_the_games_lazy_queue():
    from ai.mcts import _untried

    ordered = _untried(OrderedNim(10, 0), random.Random(0), True)
    assert [str(ordered.pop()) for _ in range(3)] == ["3", "2", "1"]
    queue = _untried(QueuedNim(10, 0), random.Random(0), True)
    assert isinstance(queue, _Queue) and str(queue.pop()) == "1"
    # a search through the queue hook: only what widening asks for is popped, the
    # solver still proves the position (every move expanded and proven at the end)
    QueuedNim.queues.clear()
    res = MCTS(iterations=4000, rng=random.Random(1)).search(QueuedNim(9, 0))
    assert res.proven == 1 and str(res.move) == "1"  # leave a multiple of 4
    assert any(q.moves for q in QueuedNim.queues)  # some nodes never needed every move
    res = MCTS(iterations=4000, rng=random.Random(1)).search(OrderedNim(9, 0))
    assert res.proven == 1 and str(res.move) == "1"


def test_the_cached_statistics_follow_the_backup():
    from ai.mcts import Node

    bot = MCTS(iterations=1, rng=random.Random(3), solver=False)
    root = Node(None, None, PlainNim(12, 0))
    for _ in range(300):
        bot._iterate(root, bot.rng, False)
    stack = [root]
    while stack:
        n = stack.pop()
        stack.extend(n.children)
        if n.visits:
            assert n.mean == pytest.approx(n.total / n.visits)
            assert n.width == pytest.approx((n.visits + 1) ** -0.5)


def test_progressive_widening_follows_the_given_or_the_games_schedule():
    """A wide game's nodes get at most base + factor * sqrt(visits) children: the bot's
    ``widening`` when given, else the game's own ``widening``, else the default."""
    from ai.levels import make_player
    from ai.mcts import MCTS, WIDENING, _widen_limit
    from game import rules

    state = rules.get("gess").start()
    assert state.game.wide
    narrow = MCTS(iterations=400, seed=1, widening=(1.0, 0.5))
    res = narrow.search(state)
    assert len(res.stats) <= _widen_limit(400, 1.0, 0.5)
    default = MCTS(iterations=400, seed=1)
    wide = default.search(state)
    expect = state.game.widening if getattr(state.game, "widening", None) else WIDENING
    assert len(wide.stats) <= _widen_limit(400, *expect)
    assert make_player("mcts:iterations=10,widen=1/0.5").widening == (1.0, 0.5)
    with pytest.raises(ValueError, match="widen"):
        make_player("mcts:iterations=10,widen=3")


class Watched:
    """A state whose playouts tell ``note(cutoff, keywords)`` how they were asked for."""

    def __init__(self, state, note):
        self.state = state
        self.note = note

    def __getattr__(self, name):
        return getattr(self.state, name)

    def play(self, move):
        return Watched(self.state.play(move), self.note)

    def rollout(self, rng, cutoff=None, **kw):
        self.note(cutoff, kw)
        return self.state.rollout(rng, cutoff, **kw)


def test_a_bot_may_cut_its_playouts_at_its_own_ply():
    """``cutoff`` (spec ``cutoff=N``) is passed to every playout; None keeps the game's own."""
    from ai.levels import make_player
    from ai.mcts import MCTS
    from game import rules

    seen = []
    start = Watched(rules.get("gess").start(), lambda cutoff, kw: seen.append(cutoff))
    MCTS(iterations=30, seed=2, cutoff=3).search(start)
    assert seen and set(seen) == {3}
    seen.clear()
    MCTS(iterations=30, seed=2).search(start)
    assert seen and set(seen) == {None}
    assert make_player("mcts:iterations=10,cutoff=0").cutoff == 0
    assert make_player("hard:cutoff=4").cutoff == 4
    with pytest.raises(ValueError, match="cutoff"):
        make_player("mcts:iterations=10,cutoff=-1")


def test_the_uct_constant_is_the_bots_else_the_games_else_one():
    """``exploration`` given to the bot wins; else the game's own (Gess: 0.15, Splay: 0.3);
    else 1."""
    from ai.levels import make_player
    from ai.mcts import EXPLORATION, MCTS
    from game import rules

    gess = rules.get("gess").start()
    splay = rules.get("splay").start()
    gliss = rules.get("gliss").start()
    assert gess.game.exploration == 0.15 and EXPLORATION == 1.0
    assert splay.game.exploration == 0.3 and gliss.game.exploration is None
    for bot, state, expect in (
        (MCTS(iterations=20, seed=1), gess, 0.15),
        (MCTS(iterations=20, seed=1), splay, 0.3),
        (MCTS(iterations=20, seed=1), gliss, 1.0),
        (MCTS(iterations=20, seed=1, exploration=0.7), gess, 0.7),
        (make_player("mcts:iterations=20,c=0"), splay, 0.0),
    ):
        bot.search(state)
        assert bot._c == expect
    # a smaller constant follows the best root move: its visits stand out from the rest
    narrow = MCTS(iterations=600, seed=4).search(gess)
    broad = MCTS(iterations=600, seed=4, exploration=1.0).search(gess)
    share = [r.stats[0].visits / sum(s.visits for s in r.stats) for r in (narrow, broad)]
    assert share[0] > share[1]


def test_the_constant_moves_towards_the_games_endgame_one_where_leaves_are_finished():
    """A game may name an ``endgame_exploration``: after its first PROBE iterations the
    search moves its constant from the game's ``exploration`` towards it by the share of
    those leaves whose value was a finished game's, and keeps it. ``adaptive=False`` (spec
    ``adapt=0``) keeps the game's; a game without one, or a bot's own constant above it,
    never moves."""
    from ai.mcts import PROBE

    class Rules:
        exploration = 0.2
        endgame_exploration = 1.0

    class EndNim(PlainNim):
        game = Rules()

        def play(self, move):
            move = self.find_move(move)
            s = EndNim(self.sticks - move.n, 1 - self.player)
            s.last = self.player
            return s

    nim = EndNim(61, 0)  # no evaluation: every playout ends the game
    bot = MCTS(iterations=320, seed=3)
    bot.search(nim)
    assert bot._c == 0.2 and bot._c_now == 1.0
    early = MCTS(iterations=PROBE - 1, seed=3)  # not decided yet
    early.search(nim)
    assert early._c_now == 0.2
    fixed = MCTS(iterations=320, seed=3, adaptive=False)
    fixed.search(nim)
    assert fixed._c_now == 0.2
    above = MCTS(iterations=320, seed=3, exploration=1.5)
    above.search(nim)
    assert above._c_now == 1.5
    plain = MCTS(iterations=320, seed=3, exploration=0.2)
    plain.search(PlainNim(61, 0))  # no game, no endgame constant
    assert plain._c_now == 0.2
    assert make_player("mcts:iterations=10,adapt=0").adaptive is False
    assert make_player("hard").adaptive is True
    # Splay's opening: playouts stop at 12 plies and are scored, so 0.3 stays 0.3;
    # Gess names no endgame constant and keeps its 0.15
    splay = MCTS(iterations=640, seed=3)
    splay.search(rules.get("splay").start())
    assert splay._c == 0.3 and splay._c_now < 0.31
    assert getattr(rules.get("gess"), "endgame_exploration", None) is None


@pytest.mark.parametrize("level", [name for name, spec in LEVELS.items() if spec.get("randomness")])
def test_a_bots_randomness_is_the_rate_it_plays_off_the_top_move(level):
    """Easy leaves the top move with probability ``randomness`` times the others' share
    of the visits (a weaker move is drawn by visits): 10% x 40% = 4% for Easy."""
    from ai.mcts import MoveStat

    rate = LEVELS[level]["randomness"]
    stats = [
        MoveStat("a", 60, 0.5, None),
        MoveStat("b", 30, 0.2, None),
        MoveStat("c", 10, 0.1, None),
    ]
    bot = MCTS(iterations=10, rng=random.Random(3), randomness=rate)
    trials = 20000
    off = sum(bot._random_pick(stats).move != "a" for _ in range(trials)) / trials
    want = rate * 0.4
    assert abs(off - want) < 0.15 * want + 0.005, (off, want)
    # a proven loss is never the weaker move drawn
    lost = [MoveStat("a", 60, 0.5, None), MoveStat("x", 40, -1.0, -1)]
    assert all(bot._random_pick(lost).move == "a" for _ in range(2000))


def test_the_threat_playout_is_a_setting_for_the_games_that_offer_it():
    """``playout=threats`` asks the playout for ``threats=True`` where the game says it
    takes it (``Game.threat_playout``), and plays the game's own playout elsewhere."""
    from ai.levels import make_player
    from ai.mcts import MCTS
    from game import rules

    seen = []

    def note(cutoff, kw):
        seen.append(kw.get("threats", False))

    glorieta = Watched(rules.get("glorieta").start(seed=3), note)
    glorieta = glorieta.play(glorieta.legal_moves()[0]).play("take:black")
    MCTS(iterations=40, seed=2, playout="threats").search(glorieta)
    assert seen and set(seen) == {True}
    seen.clear()
    MCTS(iterations=40, seed=2).search(glorieta)
    assert seen and set(seen) == {False}
    seen.clear()
    assert not getattr(rules.get("gess"), "threat_playout", False)
    MCTS(iterations=40, seed=2, playout="threats").search(Watched(rules.get("gess").start(), note))
    assert seen and set(seen) == {False}
    bot = make_player("mcts:iterations=10,playout=threats")
    assert bot.playout == "threats" and bot.policy_for(rules.get("glorieta")) is None


class OneForcedNim(PlainNim):
    """Nim of a big pile whose first position names one forced move (take 1) and whose
    later positions name none: the root has one move to search and no quick proof."""

    def forced_moves(self):
        return [Take(1)] if self.sticks == 101 else None


def test_a_clocked_search_with_one_forced_move_answers_after_a_set_number_of_tries():
    from ai.mcts import ONE_MOVE_TRIES

    state = OneForcedNim(101, 0)
    more = ONE_MOVE_TRIES + 500

    def clocked(**kw):  # a minute on the clock, stopped by the caller after `more` tries
        bot = MCTS(time_limit=60.0, iterations=None, rng=random.Random(3), **kw)
        return lambda s: bot.search(s, on_progress=lambda res, frac: res.iterations >= more)

    # on a clock: stops after ONE_MOVE_TRIES tries, long before its minute is up
    res = clocked()(state)
    assert res.iterations == ONE_MOVE_TRIES and str(res.move) == "1"
    assert res.proven is None and 0.0 < res.win_chance < 1.0
    # without the pruning, with one_move_tries=None (the analysis board's), or with two
    # moves to search, the clock (here the caller) rules
    assert clocked(prune=False)(state).iterations == more
    assert clocked(one_move_tries=None)(state).iterations == more
    assert clocked(one_move_tries=200)(state).iterations == 200
    with pytest.raises(ValueError, match="one_move_tries"):
        MCTS(time_limit=1.0, one_move_tries=0)
    two = type(
        "TwoForced",
        (PlainNim,),
        {"forced_moves": lambda self: [Take(1), Take(2)] if self.sticks == 101 else None},
    )
    assert clocked()(two(101, 0)).iterations == more
    # a fixed budget is searched whole (the review's and the calibration's searches)
    res = MCTS(iterations=more, rng=random.Random(3)).search(state)
    assert res.iterations == more and str(res.move) == "1"
