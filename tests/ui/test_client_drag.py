"""Board input beyond single clicks, through the play scene: Gess drag-to-move, Gess's
two-click moves with the ring-loss confirmation, and Gliss's two-click flights."""

from __future__ import annotations

from game import rules
from game.scenes.play import PlayScene
from game.session.seats import Seat
from tests.test_client_support import ev_down, ev_move, ev_up, frames, make_app, settle


def hotseat(app, gid, **options):
    scene = PlayScene(app, rules.get(gid), options, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 2)
    return scene


def test_gess_drag_from_a_centre_to_a_destination_plays_the_move():
    app = make_app(size=(1280, 800))
    try:
        scene = hotseat(app, "gess")
        src, dst = scene.view.points_for("i6-i9")[:2]
        frames(app, 1, events=[ev_move(src), ev_down(src), ev_move(dst), ev_up(dst)])
        settle(app, scene)
        assert scene.match.moves == ["i6-i9"]
    finally:
        app.shutdown()


def test_gess_ring_losing_move_needs_a_second_click():
    app = make_app(size=(1280, 800))
    try:
        scene = hotseat(app, "gess")
        pts = scene.view.points_for("j3-j4")
        assert len(pts) == 3  # centre, destination, confirmation
        for p in pts[:2]:
            frames(app, 1, events=[ev_move(p), ev_down(p), ev_up(p)])
        assert scene.match.moves == []  # asked, not played
        frames(app, 1, events=[ev_move(pts[2]), ev_down(pts[2]), ev_up(pts[2])])
        settle(app, scene)
        assert scene.match.moves == ["j3-j4"] and scene.match.over
        assert scene.match.winner() == 1
    finally:
        app.shutdown()


def test_gliss_build_then_fly_by_clicks():
    app = make_app(size=(1280, 800))
    try:
        scene = hotseat(app, "gliss")
        for notation in ("c3+", "k10+"):
            for p in scene.view.points_for(notation):
                frames(app, 1, events=[ev_move(p), ev_down(p), ev_up(p)])
            settle(app, scene)
        assert scene.match.moves == ["c3+", "k10+"]
        deploy = next(str(m) for m in scene.match.state.legal_moves() if ":" in str(m))
        for p in scene.view.points_for(deploy):
            frames(app, 1, events=[ev_move(p), ev_down(p), ev_up(p)])
        settle(app, scene)
        assert scene.match.moves[-1] == deploy
    finally:
        app.shutdown()
