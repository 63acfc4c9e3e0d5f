"""Keeping the app's resident memory flat over a long session.

Each board draws its static picture once per layout, supersampled (``game/boards``): for a
moment that takes surfaces of 8-16 MiB (2136x1842 pixels at 1280x800 for Splay), freed
straight after.  With glibc's default malloc, freeing such a block (it was mapped on its
own) raises the size from which blocks are mapped (up to 32 MiB) and the heap's trim
threshold to twice that; from then on blocks of that size come from the heap, and their
pages stay resident after they are freed.  Over a demo loop the app's resident memory
then climbed in steps by 20-35 MiB above what it holds (docs/memory.md has the figures);
nothing leaked, the allocator kept the pages.

``keep_heap_small`` pins that size at 1 MiB (``mallopt(M_MMAP_THRESHOLD)``), which also
turns the raising off: big blocks are always mapped and go back to the system when freed,
smaller ones come from the heap as before.  No block that large is made on every frame, so
this costs nothing per frame.  It does nothing where the C library is not glibc, or when
the player set ``MALLOC_MMAP_THRESHOLD_`` in the environment.

This module never imports pygame.
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
