"""Every move in one plain sentence, and the game's events after it (pure Python).

``sentences(before, move, after)`` gives what a player hears about one move: the rules'
own sentence (``State.describe``, "Orange places 6-5 on e2-f2") and, when the move ends
the game, who won and why ("Blue wins: ...").  The play panel's log shows them, and
``records.dumps(..., comments=...)`` writes them into a record as ``#`` comments, so a
game can be followed without looking at the board.  Nothing here names a game.
"""

from __future__ import annotations


def _clean(text) -> str:
    return " ".join(str(text or "").split())


def sentence(before, move) -> str:
    """The rules' sentence for ``move`` played from ``before`` (never raises)."""
    try:
        text = _clean(before.describe(move))
    except Exception:  # noqa: BLE001 - a sentence is a courtesy; the move was legal
        text = ""
    if not text:
        try:
            who = before.seat_name(before.player)
        except Exception:  # noqa: BLE001
            who = "A player"
        text = f"{who} plays {move}."
    return text


def ending(after) -> str:
    """ "Red wins." / "The game is drawn." and the rules' reason, for a finished position;
    "" while the game goes on."""
    try:
        if not after.is_over():
            return ""
        w = after.winner()
        head = "The game is drawn." if w is None else f"{after.seat_name(w)} wins."
        why = _clean(after.end_reason())
    except Exception:  # noqa: BLE001
        return ""
    if not why:
        return head
    return why if why.endswith((".", "!")) else why + "."


def sentences(before, move, after) -> list[str]:
    """What to announce for ``move``, played from ``before`` to ``after``."""
    out = [sentence(before, move)]
    end = ending(after)
    if end:
        out.append(end)
    return out


def game_log(states, moves) -> list[str]:
    """The whole game's sentences, in order (``states`` has one more than ``moves``)."""
    out: list[str] = []
    for i, move in enumerate(moves):
        out += sentences(states[i], move, states[i + 1])
    return out
