"""The package as a library installs it: what the sdist carries and what a test run leaves."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tarfile

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_sdist_ships_a_test_suite_that_can_run(tmp_path):
    """Every file of tests/ (its conftest and *_support helpers too) and every page the tests
    read is in the sdist, so ``python -m pytest`` runs in the unpacked folder."""
    code = "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))"
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    name = out.stdout.strip().splitlines()[-1]
    with tarfile.open(tmp_path / name) as sdist:
        shipped = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
    wanted = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "tests").rglob("*.py"))
        + sorted((ROOT / "docs" / "games").glob("*.md"))
    ]
    assert wanted and not [w for w in wanted if w not in shipped]
    assert {"pyproject.toml", "main.py", "tests/conftest.py"} <= shipped


def test_a_test_run_leaves_no_data_folder_behind(tmp_path):
    """conftest.py gives the run a private data folder in the temp folder and removes it."""
    temp = tmp_path / "temp"
    temp.mkdir()
    env = dict(os.environ, TMPDIR=str(temp), TEMP=str(temp), TMP=str(temp))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-o",
            "addopts=",
            "-q",
            "-p",
            "no:cacheprovider",
            "--co",
            str(ROOT / "tests" / "test_packaging.py"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert not list(temp.glob("arcade-test-data-*"))


def test_ci_runs_the_readme_test_command_with_lint_format_and_types():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(
        ln for ln in readme.splitlines() if ln.startswith('python -m pip install -e ".[test]"')
    )
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci
    for step in ("ruff check .", "ruff format --check .", "python -m mypy", "python -m pytest"):
        assert step in command
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pinned = [r for r in project["project"]["optional-dependencies"]["test"] if "==" in r]
    assert {r.split("==")[0] for r in pinned} >= {"ruff", "mypy"}
