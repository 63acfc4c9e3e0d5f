"""The C allocator's settings for a long session, in the window's process and in the
search processes alike.

A process that now and then makes a big, short-lived block (the window's process draws
each board's static picture supersampled, 8-16 MiB of pixels for a moment; a search makes
big tables and lists) and otherwise many small ones meets a habit of glibc's malloc:
freeing a block that was mapped on its own raises the size from which blocks are mapped
(up to 32 MiB) and the heap's trim threshold to twice that, so from then on blocks of that
size come from the heap and their pages stay resident after they are freed.  Over a demo
loop the window's resident memory climbed in steps by 20-35 MiB and a search process's by
about 25 MiB above what they hold (docs/memory.md has the figures); nothing leaked, the
allocator kept the pages.

``keep_heap_small`` pins that size at 1 MiB (``mallopt(M_MMAP_THRESHOLD)``), which also
turns the raising off: big blocks are always mapped and go back to the system when freed,
smaller ones come from the heap as before.  No block that large is made on every frame or
every iteration, so this costs nothing measurable.  It does nothing where the C library is
not glibc, or when ``MALLOC_MMAP_THRESHOLD_`` is set in the environment (the user's choice
stands).  ``heap_info`` and ``python_arenas`` are what ``python -m game.bench --soak``
samples.

This module imports neither pygame nor any game.
"""

from __future__ import annotations

import ctypes
import os
import sys

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 1024 * 1024  # blocks from 1 MiB up are mapped on their own

_done: bool | None = None


def keep_heap_small(threshold: int = MMAP_THRESHOLD) -> bool:
    """Map blocks of ``threshold`` bytes and more on their own (glibc only); True when
    the setting took.  Safe to call more than once."""
    global _done
    if _done is not None and threshold == MMAP_THRESHOLD:
        return _done
    ok = False
    if sys.platform.startswith("linux") and "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        try:
            libc = ctypes.CDLL(None)
            gnu = getattr(libc, "gnu_get_libc_version", None)
            mallopt = getattr(libc, "mallopt", None)
            if gnu is not None and mallopt is not None:  # musl has a mallopt that does nothing
                mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
                mallopt.restype = ctypes.c_int
                ok = bool(mallopt(M_MMAP_THRESHOLD, int(threshold)))
        except (OSError, AttributeError, TypeError, ValueError):
            ok = False
    if threshold == MMAP_THRESHOLD:
        _done = ok
    return ok


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def heap_info() -> dict | None:
    """glibc's view of this process's heap in bytes (``mallinfo2``): ``used`` (blocks in
    use from the heaps), ``free`` (freed bytes the heaps keep, resident or not), ``mapped``
    (blocks mapped on their own); None without glibc 2.33 or later."""
    try:
        fn = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    fn.argtypes = ()
    fn.restype = _MallInfo2
    mi = fn()
    return {"used": mi.uordblks, "free": mi.fordblks, "mapped": mi.hblkhd}


def trim() -> bool:
    """Give the heaps' free pages back to the system (glibc's ``malloc_trim``); True
    when some were."""
    try:
        fn = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    fn.argtypes = (ctypes.c_size_t,)
    fn.restype = ctypes.c_int
    return bool(fn(0))


def settle() -> bool:
    """After a search: free what only reference cycles still hold, then give the freed
    pages back (``trim``).  A search tree's nodes point at their parents, so a finished
    tree is a cycle that only the cycle collector frees, at a time of its own choosing;
    trimming before that gives little back.  In one process, ten 4,000-iteration searches
    along one random game left it at 31-58 MiB after each search with ``trim`` alone and at
    20.2-20.7 MiB with ``settle`` (docs/memory.md has the game and the figures)."""
    import gc

    gc.collect()
    return trim()


def resident_bytes() -> int | None:
    """This process's resident memory in bytes now (``/proc/self/statm``, so Linux only);
    None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def python_arenas() -> int | None:
    """How many of CPython's small-object arenas (1 MiB each in 3.10 and later, 256 KiB
    before) are held, read from ``sys._debugmallocstats``; None where it is not there."""
    import re
    import tempfile

    stats = getattr(sys, "_debugmallocstats", None)
    if stats is None:
        return None
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
    except OSError:
        return None
    try:
        with tempfile.TemporaryFile("w+", encoding="ascii", errors="replace") as f:
            os.dup2(f.fileno(), 2)  # it writes to the C stderr
            try:
                stats()
            finally:
                os.dup2(saved, 2)
            f.seek(0)
            text = f.read()
    except OSError:
        return None
    finally:
        os.close(saved)
    m = re.search(r"# arenas allocated current\s*=\s*([\d,]+)", text)
    return int(m.group(1).replace(",", "")) if m else None


ARENA_BYTES = (1 << 20) if sys.version_info >= (3, 10) else (256 << 10)
