"""No game is ever lost: autosave and Continue (after a close and after a killed process),
the Load screen, copy and paste, the settings remembered, confirmations.

The session half: pure Python, no window and no pygame."""

from __future__ import annotations

import os

from game.session import settings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_archive_setting_reads_and_writes():
    st, problems = settings.loads("archive = 500\n")
    assert st.archive_limit == 500 and not problems
    assert "archive = 500" in st.dumps()
    assert settings.loads(st.dumps())[0].archive_limit == 500
    assert (
        settings.Settings().archive_limit is None and "archive = all" in settings.Settings().dumps()
    )
    st, problems = settings.loads("archive = lots\n")
    assert st.archive_limit is None and "line 1" in problems[0]
