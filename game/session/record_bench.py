"""Record parsing benchmark: ``python -m game.session.record_bench`` (or ``python -m game.bench
--records``).

Reads game records of growing size -- a short game followed by a long block a newer
version might write (an unknown key with many ``| `` lines, or the same unknown key on
many lines) -- and prints for each size:

* the time ``records.loads`` takes (a figure only: nothing here passes or fails);
* two counts that do not depend on the machine: the Python lines run while reading
  (``sys.settrace``) and the bytes allocated step by step (``tracemalloc``: for each
  line run, the most memory it took above what was in use before it).  Reading is
  linear when both grow as the record does: doubling the record doubles them.  A
  reader that rebuilds a growing string for each line allocates the whole string
  again every line, and its byte count grows with the square of the size.

Tests assert on the ratios of the counts, never on the times.  Pure Python: no pygame.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from dataclasses import dataclass

from game.session import records

HEAD = """abstract-arcade game record
version: bench
game: splay
seats: human, human
date: 2026-11-21T20:15:00+01:00
result: *
moves: f6 c3
"""
KINDS = ("block", "keys")


def sample(size: int, kind: str = "block") -> str:
    """A valid record of about ``size`` characters: a two-move game and, for ``block``, one
    unknown key followed by ``| `` lines; for ``keys``, one unknown key on many lines."""
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}")
    line = (
        "| a note a newer version keeps with the game, 48 ch"
        if kind == "block"
        else ("future-note: a note a newer version keeps, one a line")
    )
    body = ["future-note: first"] if kind == "block" else []
    fixed = len(HEAD) + sum(len(b) + 1 for b in body) + len("end of record\n")
    body += [line] * max(1, (size - fixed) // (len(line) + 1))
    return HEAD + "\n".join(body) + "\nend of record\n"


@dataclass
class Cost:
    chars: int  # the size of the record read
    lines: int  # Python lines run while reading it
    allocated: int  # bytes allocated, counted step by step (see the module's text)
    seconds: float  # the time taken without counting (a figure only)


def count(text: str) -> tuple[int, int]:
    """(Python lines run, bytes allocated step by step) while ``records.loads(text)``
    reads the record."""
    lines = 0
    allocated = 0
    last = [0]

    def step() -> None:
        nonlocal allocated
        current, peak = tracemalloc.get_traced_memory()
        allocated += max(0, peak - last[0])
        tracemalloc.reset_peak()
        last[0] = tracemalloc.get_traced_memory()[0]

    def local(frame, event, arg):
        nonlocal lines
        if event == "line":
            lines += 1
            step()
        return local

    def tracer(frame, event, arg):
        return local

    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        last[0] = tracemalloc.get_traced_memory()[0]
        sys.settrace(tracer)
        try:
            records.loads(text)
        finally:
            sys.settrace(None)
        step()
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return lines, allocated


def measure(size: int, kind: str = "block") -> Cost:
    text = sample(size, kind)
    t0 = time.perf_counter()
    records.loads(text)
    seconds = time.perf_counter() - t0
    lines, allocated = count(text)
    return Cost(len(text), lines, allocated, seconds)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.session.record_bench", description=__doc__.split("\n")[0]
    )
    p.add_argument(
        "--sizes",
        default="62500,125000,250000,500000,1000000",
        help="record sizes in characters, comma-separated (default up to 1,000,000)",
    )
    p.add_argument("--kind", choices=KINDS + ("both",), default="both")
    args = p.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        p.error("--sizes takes numbers such as 62500,125000")
    if not sizes or any(s < 1 or s > records.MAX_BYTES for s in sizes):
        p.error(f"--sizes are from 1 to {records.MAX_BYTES}")
    kinds = KINDS if args.kind == "both" else (args.kind,)
    print(f"{'kind':6} {'chars':>9} {'ms':>8} {'lines run':>10} {'bytes allocated':>16} growth")
    for kind in kinds:
        before = None
        for size in sizes:
            c = measure(size, kind)
            growth = ""
            if before is not None:
                growth = (
                    f"x{c.chars / before.chars:.2f} size: x{c.lines / before.lines:.2f} lines, "
                    f"x{c.allocated / max(1, before.allocated):.2f} bytes"
                )
            print(
                f"{kind:6} {c.chars:9,} {1000 * c.seconds:8.1f} {c.lines:10,} "
                f"{c.allocated:16,} {growth}"
            )
            before = c
    return 0


if __name__ == "__main__":
    sys.exit(main())
