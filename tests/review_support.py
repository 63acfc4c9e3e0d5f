"""Helpers shared by test_review.py and test_review_screens.py."""

from __future__ import annotations

import random

from game import rules
from game.rules.core import State
from game.session import records
from game.session.review import analyse

ITERATIONS = 300  # per position: enough to see a win in one among a few hundred moves

# For every game, a game played at random (seeded; kept here as notation) up to a
# position P where the mover can win at once; the scripted game starts two moves before
# P and plays, in P, a deliberate blunder: a move that throws the win away and either
# ends the game lost (or drawn) or lets the opponent win at once (``reply``).
SCENARIOS = {
    "splay": {
        "options": {},
        "prefix": "h8 b2 j7 g6 j8 c5 d6 f4 e9 d8 h10 i6 h7 d8 j8 i7 e2 d4 f9 f7 d7 d3 j7 d4 "
        "f2 c7 e4 g4 f2 b4 e2 e3 j10 i7 d6 d4 e9 e6 b3 f6 i10 g3 g9 b5 h4 d8 h5 e6 c2 i6 e2 "
        "b2 g9 c5 e2 c5 h4 f6 j8 f10 c2 f10 j10 b5 c2 f6 h10 g8 g9 b5 j10 f10 b3 pass i10 "
        "pass",
        "win": "j10",
        "blunder": "i10",
        "reply": None,
    },
    "gliss": {
        "options": {},
        "prefix": "f12+ i1+ a11+ i2:j1>i4 c6+ i4>i5 a12:b11>off i11+",
        "win": "g12:f13>i13",
        "blunder": "c6:d7>off",
        "reply": "i12:j11>g12",
    },
    "gess": {
        "options": {},
        "prefix": "d6-c7 d19-c18 e7-h7 n14-o14 f1-e2 h14-j14 r5-r4 h20-g19 d3-c3 f17-g17 "
        "n8-o7 f13-f15 p2-o3 q17-p17 q8-r7 e17-d18 c8-b8 r16-q17 a3-b4 e19-e18 i8-i7 a17-b17 "
        "d6-c5 p20-p19 h4-h3 k14-m14 a5-b4 b20-c19 q4-r3 o13-q15 s1-s2 c16-c17 p4-o3 "
        "n13-m14 j6-g6 e18-e16 s7-s6 p19-p18 f4-f3 d13-b15 k8-m6 l14-l15 e6-g6 f18-g18 "
        "h3-i2 t19-s18 t4-r2 l18-m17 i7-g5",
        "win": "j18-j5",
        "blunder": "l15-l16",
        "reply": None,
    },
    "glades": {
        "options": {},
        "prefix": "c8:6-c9:5 a2:1-b2:4 d6:5-d7:2 g3:2-g4:6 c2:4-c3:1 g8:3-h8:3 i8:3-i9:6 "
        "a9:2-b9:5 f1:1-g1:1 f6:3-g6:4 i1:2-i2:3 d1:2-e1:1 b5:5-b6:4 d4:4-d5:5 h4:6-i4:2 "
        "e9:4-f9:6 a3:1-a4:3 a7:2-b7:4 e3:1-f3:2",
        "win": "i6:5-i7:3",
        "blunder": "i5:2-i6:2",
        "reply": None,
    },
    "glorieta": {
        "options": {"seed": 1},
        "prefix": "i11 take:orange i6 h7 g6 j10 e5 d7 f8 i12 b5 f10 j8 h4 k13 h12 f5 m9 g9 "
        "c7 k6 i8 i13 k11 j4 m7 b1 l9 f6 f11 e9 a1 f7 l11 i5 k12",
        "win": "e6",
        "blunder": "a5",
        "reply": "l12",
    },
}


_found: dict = {}


def scenario(gid):
    """The scripted blunder of ``gid``: the one written above, else one found by
    ``find_scenario`` (a new game needs none written here), or None."""
    if gid in SCENARIOS:
        return SCENARIOS[gid]
    if gid not in _found:
        _found[gid] = find_scenario(gid)
    return _found[gid]


def _wins(state, move) -> bool:
    after = state.play(move)
    return after.is_over() and after.winner() == state.player


def blunder_at(state, limit=400):
    """(win, blunder, reply) in ``state`` when the mover can win at once and has a move
    that throws it away (the game then ends not won, or the opponent wins at once with
    ``reply``); None otherwise, or when the position has more than ``limit`` moves."""
    moves = state.legal_moves()
    if len(moves) > limit:
        return None
    wins = [m for m in moves if _wins(state, m)]
    if not wins:
        return None
    for b in moves:
        if b in wins:
            continue
        after = state.play(b)
        if after.is_over():
            if after.winner() != state.player:
                return str(wins[0]), str(b), None
            continue
        if after.player == state.player:
            continue  # the mover moves again: no reply to take the win
        for r in after.legal_moves()[:limit]:
            if _wins(after, r):
                return str(wins[0]), str(b), str(r)
    return None


def find_scenario(gid, seeds=range(300), max_plies=300):
    """A scripted blunder for ``gid`` found by seeded random games: the first position, at
    least two moves in, where ``blunder_at`` finds one.  None when no seed gives one."""
    game = rules.get(gid)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start()
        played: list[str] = []
        while not state.is_over() and len(played) < max_plies:
            if len(played) >= 2:
                found = blunder_at(state)
                if found is not None:
                    win, blunder, reply = found
                    return {
                        "options": dict(state.options),
                        "prefix": " ".join(played),
                        "win": win,
                        "blunder": blunder,
                        "reply": reply,
                    }
            move = rng.choice(state.legal_moves())
            played.append(str(move))
            state = state.play(move)
    return None


def scripted(gid):
    """(game, start, moves, states, P): the scripted game with its blunder in move P."""
    sc = scenario(gid)
    game = rules.get(gid)
    state = game.start(**sc["options"])
    prefix = sc["prefix"].split()
    for m in prefix[:-2]:
        state = state.play(m)
    moves = prefix[-2:] + [sc["blunder"]] + ([sc["reply"]] if sc["reply"] else [])
    states = [state]
    for m in moves:
        states.append(states[-1].play(m))
    return game, state, moves, states, 2


_cache: dict = {}


def analysed(gid):
    if gid not in _cache:
        game, start, moves, states, p = scripted(gid)
        _cache[gid] = analyse(states, iterations=ITERATIONS, moves=moves)
    return _cache[gid]


class Pile(State):
    """Take 1 or 2 from a pile (only 1 when the pile is a multiple of 3); taking the last
    one wins."""

    def __init__(self, n: int, player: int = 0):
        self.n, self.player = n, player

    def legal_moves(self):
        if self.n == 0:
            return []
        return ["1"] if self.n % 3 == 0 or self.n == 1 else ["1", "2"]

    def play(self, move):
        if str(move) not in self.legal_moves():
            raise rules.IllegalMove(f"{move} is not legal")
        return Pile(self.n - int(str(move)), 1 - self.player)

    def is_over(self):
        return self.n == 0

    def winner(self):
        return 1 - self.player if self.n == 0 else None

    def __str__(self):
        return f"pile {self.n} {self.player}\n"


def pile_game(*moves, n=7):
    states = [Pile(n)]
    for m in moves:
        states.append(states[-1].play(m))
    return states


def record_of(gid, analysis=None):
    game, start, moves, states, p = scripted(gid)
    seats = ["human", "computer:hard"]
    return records.dumps(game, scenario(gid)["options"], seats, start, moves, analysis=analysis)
