"""The estimate the play panel's bar reads (``Match.estimate``), driven by a scripted worker:
a search that has only started keeps the bar where it was, and an undo takes the bar back
with the board."""

from __future__ import annotations

from ai import winchance
from game import rules
from game.session.match import Match
from game.session.seats import Seat


class ScriptedWorker:
    """Answers each request with the messages the test queues for it."""

    def __init__(self) -> None:
        self.current_id = None
        self.state = None
        self.queue: list[dict] = []

    def request(self, state, spec, rid) -> None:
        self.current_id, self.state = rid, state
        self.queue = [{"id": rid, "type": "started", "time_limit": 0.3, "iterations": None}]

    def say(self, kind: str, value: float, iterations: int, move=None) -> None:
        msg = {"id": self.current_id, "type": kind, "value": value, "iterations": iterations}
        msg.update(stats=[], pv=[], proven=None, fraction=1.0 if kind == "result" else 0.5)
        if move is not None:
            msg["move"] = move
        self.queue.append(msg)

    def poll(self) -> list[dict]:
        out, self.queue = self.queue, []
        return out

    def cancel(self) -> None:
        self.current_id = None
        self.queue = []


def test_a_started_search_keeps_the_last_estimate_and_an_undo_takes_it_back():
    game = rules.get("splay")
    worker = ScriptedWorker()
    m = Match(game, seats=[Seat("computer", "easy"), Seat("human")], ai=lambda: worker)
    m.think_delay = 0.0
    m.update(0.01)  # the computer asks about the start
    m.update(0.01)
    assert m.req_id is not None and m.estimate() is None  # nothing searched yet: true
    worker.say("progress", 0.2, 500)
    m.update(0.01)
    first = m.estimate()
    assert first is not None and first["iterations"] == 500
    worker.say("result", 0.25, 900, move=str(worker.state.legal_moves()[0]))
    m.update(0.01)
    m.update(0.01)
    assert m.ply == 1 and m.human_turn
    at_start = m.estimate()
    assert at_start["iterations"] == 900
    assert at_start["chance"] == winchance.of_message(m.states[0], m.last_result)

    # the human moves; the computer's new search starts: the bar keeps the last estimate
    m.play(m.state.legal_moves()[0])
    m.update(0.01)
    m.update(0.01)
    assert m.req_id is not None and m.req_ply == 2
    assert m.estimate() == at_start  # not "No estimate yet" until the first progress
    worker.say("progress", -0.4, 300)
    m.update(0.01)
    assert m.estimate()["iterations"] == 300  # then the new search's own
    worker.say("result", -0.5, 1200, move=str(worker.state.legal_moves()[0]))
    m.update(0.01)
    m.update(0.01)
    assert m.ply == 3 and m.estimate()["iterations"] == 1200

    # undo goes back to the human's move at ply 1: the estimate of ply 2 goes with it
    assert m.undo() and m.ply == 1
    assert m.estimate() == at_start and m.last_result["at"] == 0
