"""Helpers shared by test_file_safety.py and test_file_safety_screens.py."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from game import rules
from game.session import records
from game.session.review import Analysis, PositionEval

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAR = "9999-12-31T23:59:59"  # no offset: local time, which west of UTC is past year 9999


def record_text(date=None, moves=("f6", "c3"), extra_lines=()) -> str:
    lines = [records.MAGIC, "version: 0.1.0", "game: splay", "seats: human, human"]
    if date:
        lines.append(f"date: {date}")
    lines += list(extra_lines)
    lines.append("moves: " + " ".join(moves))
    lines.append(records.END)
    return "\n".join(lines) + "\n"


def run_py(code: str, env_extra=None, timeout: float = 60, **kw):
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        **kw,
    )


def analysis_of_two_moves(best_last="d4") -> Analysis:
    game = rules.get("splay")
    s0 = game.start()
    s1 = s0.play("f6")
    s2 = s1.play("c3")
    evals = [PositionEval(0.1, "f6"), PositionEval(0.0, "c3"), PositionEval(0.0, best_last)]
    return Analysis("quick", evals, [s0.player, s1.player, s2.player], ["f6", "c3"], 10)
