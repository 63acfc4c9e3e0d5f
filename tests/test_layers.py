"""The layers of the code, checked on the source: each module sits on one floor, found from
its folder, and imports only from its own floor or the floors below it.

Read from the bottom up::

    game.rules -> ai -> game.session -> game.theme -> game.ui -> game.boards, game.lessons
      -> game.catalog, game.board_host, game.export -> game.scenes -> game.cli, main

``LAYERS`` below is the one list: a module in one of its folders is placed by being there,
so a new session module only has to be put in ``game/session/``.  A new module at the top
of ``game/`` (outside every folder) must be added to the list, or this test says where it
stands unplaced.
"""

from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# floors, lowest first: (name, the packages or modules on it)
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("rules", ("game.rules",)),
    ("ai", ("ai",)),
    ("session", ("game.session",)),
    ("theme", ("game.theme",)),
    ("ui", ("game.ui",)),
    ("boards and lessons", ("game.boards", "game.lessons")),
    ("catalog and export", ("game.catalog", "game.board_host", "game.export")),
    ("scenes", ("game.scenes",)),
    ("entry points", ("main", "game.__main__", "game.bench", "game.soak", "game.cli")),
]
# the package itself (``from game import rules`` reaches the contract through it)
PACKAGE = "game"
NO_PYGAME = ("rules", "ai", "session", "theme")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def floor_of(module: str) -> int | None:
    """The index of the floor ``module`` stands on (its own, or its package's), or None."""
    best = None
    for i, (_, members) in enumerate(LAYERS):
        for m in members:
            if module == m or module.startswith(m + "."):
                if best is None or len(m) > best[1]:
                    best = (i, len(m))
    return None if best is None else best[0]


def sources() -> list[pathlib.Path]:
    found = [ROOT / "main.py"]
    for folder in ("game", "ai"):
        found += sorted((ROOT / folder).rglob("*.py"))
    return found


def imports(path: pathlib.Path) -> set[str]:
    """Every module a file imports, at the top or inside a function, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(p for p in parts + [base] if p)
            # ``from game import session`` names the module game.session, not game
            for a in node.names:
                full = f"{base}.{a.name}"
                out.add(full if floor_of(full) is not None else base)
    return out


def test_every_module_stands_on_a_floor():
    unplaced = [
        module_name(p)
        for p in sources()
        if module_name(p) != PACKAGE and floor_of(module_name(p)) is None
    ]
    assert not unplaced, f"put these in a layer's folder or in LAYERS: {unplaced}"


def test_nothing_imports_upwards():
    wrong = []
    for path in sources():
        mod = module_name(path)
        if mod == PACKAGE:
            continue
        mine = floor_of(mod)
        for dep in imports(path):
            theirs = floor_of(dep)
            if theirs is not None and theirs > mine:
                wrong.append(f"{mod} ({LAYERS[mine][0]}) imports {dep} ({LAYERS[theirs][0]})")
    assert not wrong, "\n".join(wrong)


def test_the_lower_floors_import_no_pygame():
    wrong = []
    for path in sources():
        mod = module_name(path)
        floor = floor_of(mod)
        if floor is not None and LAYERS[floor][0] in NO_PYGAME:
            bad = {d for d in imports(path) if d.split(".")[0] == "pygame"}
            if bad:
                wrong.append(f"{mod} imports {sorted(bad)}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_an_upward_import(tmp_path):
    """The rule is not vacuous: a session module importing the interface is caught."""
    assert floor_of("game.session.match") < floor_of("game.ui.app")
    assert floor_of("game.ui.widgets") < floor_of("game.scenes.play")
    fake = tmp_path / "x.py"
    fake.write_text("from game.ui import flow\nimport pygame\n", encoding="utf-8")
    found = {d for d in ast_imports(fake)}
    assert "game.ui.flow" in found and "pygame" in found
    assert floor_of("game.ui.flow") > floor_of("game.session")


def ast_imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_the_session_runs_without_pygame():
    """Every session module (and the rules and the AI under it) imports in a Python where
    pygame cannot be imported at all."""
    names = [
        module_name(p)
        for p in sources()
        if floor_of(module_name(p)) is not None
        and LAYERS[floor_of(module_name(p))][0] in NO_PYGAME
        and p.name != "__main__.py"
    ]
    code = (
        "import sys, importlib\n"
        "sys.modules['pygame'] = None\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print('imported', len(sys.argv) and 'ok')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]


def test_the_session_tests_need_no_window():
    """``tests/session/`` tests the session as tools use it: none of its files imports
    pygame, the interface, the boards, the scenes or the app's test helpers."""
    above = floor_of("game.theme")
    wrong = []
    for path in sorted((ROOT / "tests" / "session").glob("*.py")):
        for dep in ast_imports(path) | imports(path):
            floor = floor_of(dep)
            top = dep.split(".")[0]
            if top in ("pygame", "main", "test_client_support", "board_support") or (
                floor is not None and floor >= above
            ):
                wrong.append(f"{path.name} imports {dep}")
    assert not wrong, "\n".join(wrong)
