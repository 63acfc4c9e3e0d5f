"""What the boards tell a player in the play scene: a Splay splay as an event (the caption's
beat holds the computer's reply, the move list marks it, the hover warns of the next one)
and Glades' scores explained (the panel's caption, each glade's reason on hover)."""

from __future__ import annotations

import random

from test_client_support import click, ev_move, frames, make_app, settle

from game import rules
from game.scenes.play import PlayScene
from game.session.seats import Seat


def test_a_splay_holds_the_computers_reply_and_is_marked_in_the_list():
    from game.boards.splay import CAPTION_TIME

    app = make_app(iterations=20)
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("computer", "easy")])
    app.push(scene)
    m = scene.match
    view = scene.view
    rng = random.Random(3)
    for _ in range(60):
        settle(app, scene)
        assert not m.over and m.human_turn
        st = m.state
        cells = [x.cell for x in st.legal_moves() if x.cell is not None]
        splays = [c for c in cells if st.splay_of(c) is not None]
        if splays and m.ply >= 6:
            break
        click(app, view.point_for(st.geometry.names[rng.choice(cells)]))
    else:
        raise AssertionError("no splay came up")
    # hovering the cell warns that the stone splays
    cell = splays[0]
    name = st.geometry.names[cell]
    out = st.splay_of(cell)
    frames(app, 2, events=[ev_move(view.point_for(name))])
    assert scene.host.note == f"a stone here splays: {len(out.markers)} markers"
    scene.draw(app.screen)
    # play it: the caption shows and the computer's reply waits for the beat
    ply = m.ply
    click(app, view.point_for(name))
    assert m.ply == ply + 1
    held, shown = 0, set()
    while view.animating:
        frames(app, 1)
        shown.add(view.splay_caption())
        if view.animating:
            assert m.ply == ply + 1, "the reply came during the splay's beat"
            held += 1
        assert held < 400
    assert out.caption() in shown
    assert held * (1 / 60) >= CAPTION_TIME - 0.1
    settle(app, scene)
    assert m.ply == ply + 2  # then the reply came
    # the move list marks the splay (the ply of the human's move)
    frames(app, 1)
    assert scene.panel.moves.events.get(ply) == f"+{len(out.markers)}"
    assert all(
        (st_.splay_of(mv.cell) is not None) == (p in scene.panel.moves.events)
        for p, (st_, mv) in enumerate(zip(m.states, m.move_objs, strict=False))
        if mv.cell is not None
    )
    scene.draw(app.screen)
    app.shutdown()


def test_glades_scores_are_labelled_and_each_glade_explains_itself():
    app = make_app()
    scene = PlayScene(app, rules.get("glades"), {}, [Seat("human"), Seat("human")])
    app.push(scene)
    m = scene.match
    rng = random.Random(7)
    frames(app, 2)
    assert scene.panel.score_caption() == "scores if the game ended now"
    while True:
        m.play(rng.choice(m.state.legal_moves()))
        frames(app, 1)
        claimed = [g for g in m.state.glades() if g.owner is not None]
        if claimed or m.over:
            break
    assert claimed
    settle(app, scene)
    g = max(claimed, key=lambda g: g.size)
    view = scene.view
    frames(app, 2, events=[ev_move(view.square_point(g.squares[0]))])
    assert scene.host.note is not None and scene.host.note.endswith(g.reason)
    assert scene.host.note.startswith(f"{m.state.seat_name(g.owner)} would claim {g.size} now")
    scene.draw(app.screen)
    # the caption takes room: the move list starts lower than without it
    top = scene.panel._list_top()
    view.score_caption = lambda: None
    assert scene.panel._list_top() < top
    app.shutdown()
