"""Words for players, not code (issue 27, item 15): the prose a player reads (rules text,
option help, lessons, refusals, the board's advice, ``--list``) names moves and options
in words, and what it says is true (Gess's board, Glorieta's neutral-stone cap)."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from test_client_support import frames, make_app

from game import catalog, lessons, rules
from game import cli as entry
from game.rules.glorieta import geo
from game.scenes.tour import TourScene
from game.ui import widgets

# notation or option names where a player reads prose
CODE = re.compile(r"take:|\bn:[a-z]\d|touch_limit|seat [01]\b|\bdotted\b")


def prose(gid: str) -> list[str]:
    """Every text of a game that a player reads as prose (not its notation legend)."""
    game = rules.get(gid)
    out = [game.summary, game.rules_text]
    for o in game.options:
        out += [o.description, o.help, o.allowed()]
    if catalog.has_tour(gid):
        for lesson in catalog.lessons(gid):
            out += [lesson.title, lesson.caption]
            _, played = lessons.work_out(lesson)
            for p in played:
                out += [p.step.caption, p.refusal]
                if p.step.words or not re.fullmatch(r"[a-z0-9:>+\-]+", p.step.move):
                    out.append(p.step.said)
    return out


@pytest.mark.parametrize("gid", rules.GAMES)
def test_no_notation_or_option_names_in_prose(gid):
    bad = [t for t in prose(gid) if CODE.search(t)]
    assert not bad, bad


def test_the_tour_says_glorieta_moves_in_words(monkeypatch):
    seen: list[str] = []
    real = widgets.text_surface
    monkeypatch.setattr(
        widgets, "text_surface", lambda t, *a, **k: seen.append(str(t)) or real(t, *a, **k)
    )
    app = make_app()
    titles = [lesson.title for lesson in catalog.lessons("glorieta")]
    scene = TourScene(app, "glorieta", lesson=titles.index("Six neutral stones: a loop for both"))
    app.reset(scene)
    scene.si = 1  # n:d9, refused
    scene._begin_step()
    scene._finish_now()
    seen.clear()
    frames(app, 2)
    shown = " ".join(seen)  # wrapped lines joined
    assert "Try a neutral stone on d9" in shown and "n:d9" not in shown
    assert "a neutral stone on d9 would touch your new stone d10" in shown
    scene.load_lesson(titles.index("The colour choice in Landscape"))
    scene.si = 2  # take:orange
    scene._begin_step()
    scene._finish_now()
    seen.clear()
    frames(app, 2)
    shown = " ".join(seen)  # wrapped lines joined
    assert "Take Orange" in shown and "take:" not in shown
    app.shutdown()


def test_glorieta_refusals_name_moves_in_words():
    g = rules.get("glorieta")
    s = g.start(variant="landscape", size=7, seed=7).play("g7")
    with pytest.raises(rules.RuleViolation) as info:
        s.play("e5")
    assert str(info.value) == "e5: first choose your colour, Black or Orange"
    c = g.start(variant="chicken")
    with pytest.raises(rules.RuleViolation) as info:
        c.play("take:black")
    assert str(info.value).startswith("take Black: colours are fixed in Chicken")
    c = c.play("g7").play("d4")
    with pytest.raises(rules.RuleViolation) as info:
        c.play("e5")
    assert "now drop a neutral stone or decline" in str(info.value)
    assert "n:" not in str(info.value)


def test_the_glorieta_board_advice_names_no_dots():
    from game.boards.glorieta import GlorietaView

    text = GlorietaView._neutral_advice("Orange")
    assert "dotted" not in text and "crossed" in text


def test_the_neutral_stone_cap_says_what_it_protects():
    with pytest.raises(ValueError) as info:
        rules.get("glorieta").start(size=5, neutrals=13)
    text = str(info.value)
    assert "at most 12 neutral stones on a size-5 board, not 13" in text
    assert "up to 21 would fit apart" in text and "random placement" in text
    assert "fit on a" not in text  # the old claim that only 12 fit


def _most_apart(g) -> int:
    """The most cells with no two neighbours, by an exact search over bitmasks (a cell
    with at most one free neighbour is always in some largest set; else branch on it)."""
    near = [0] * g.n
    for a in range(g.n):
        for b in g.nb[a]:
            if 0 <= b < g.n:
                near[a] |= 1 << b

    @lru_cache(maxsize=None)
    def most(mask: int) -> int:
        if not mask:
            return 0
        best, low_degree = -1, 99
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            v = bit.bit_length() - 1
            degree = (near[v] & mask).bit_count()
            if degree < low_degree:
                best, low_degree = v, degree
                if degree <= 1:
                    break
        taken = 1 + most(mask & ~(1 << best) & ~near[best])
        if low_degree <= 1:
            return taken
        return max(taken, most(mask & ~(1 << best)))

    return most((1 << g.n) - 1)


def test_how_many_neutral_stones_fit_apart_is_exact():
    for side, want in zip(range(5, 11), (21, 31, 43, 57, 73, 91), strict=True):
        assert geo(side).fit == want
    for side in (5, 6):  # the exact search is quick up to size 6
        assert _most_apart(geo(side)) == geo(side).fit, side


def test_gess_says_which_board_is_played_on():
    text = rules.get("gess").rules_text
    assert "20x20" in text and "18x18" in text and "playing area" in text
    assert "on an 18x18 board" not in text


def test_list_prints_words_not_python(capsys):
    assert entry.main(["--list"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out and "a int" not in out and "True" not in out
    assert "Glades (Rey Alicea) -" in out
    assert "--option seed=...  Seed (default none; an integer (or none: the game picks one))" in out
    assert "(default true; true or false)" in out


def test_moves_are_said_in_words_in_hints_and_reviews():
    g = rules.get("glorieta")
    choose = g.start(variant="landscape", size=7, seed=7).play("g7")
    assert choose.move_words("take:black") == "take Black"
    assert choose.move_words("n:g7") == "a neutral stone on g7"
    assert choose.move_words("e5") == "e5" and choose.move_words("zz") == "zz"
    assert rules.get("splay").start().move_words("g6") == "g6"  # plain notation elsewhere
    # a hint from the computer, as the match says it
    app = make_app()
    from game.session.seats import Seat

    m = app.new_match(g, {"variant": "landscape", "size": 7, "seed": 7}, [Seat("human")] * 2)
    m.play("g7")
    m.req_id, m.req_purpose = 99, "hint"
    m._handle({"id": 99, "type": "result", "move": "take:orange"})
    assert ("good", "Hint: take Orange") in m.pop_events()
    assert m.hint == "take:orange"  # the board still gets the notation
    app.shutdown()
