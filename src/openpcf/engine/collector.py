"""Pausing Python's cyclic garbage collector while an estimate builds its trace, for that block only.

A 10,000-line estimate creates some 200,000 records (BOM rows, lines, rates, their copies); they hold no
reference cycles of their own, so reference counting frees them. Their number alone made the collector
run its full passes over every live object (the loaded factor library and search index included) two or
three times per such estimate: about 0.9 s of CPU time of a 2.5 s estimate, measured with
``gc.callbacks`` on the BOM of ``benchmarks/large_bom.py``. Paused, the collector runs when it is switched
back on, as usual (one young-generation pass over the new records, ~0.1–0.3 s), and collects any cycle
made meanwhile (an exception's traceback, say).

The pause is a context manager around the block that makes the records (``with collector_paused(): ...``),
not a decorator on a public function: the collector's state is process-wide, so the block restores the
state it found — on when it was on, off when a caller had switched it off — on normal exit and on an error.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Switch the cyclic collector off for the ``with`` block and restore the state it had before (also when
    the block raises). Nested blocks are safe: an inner block finds it off and leaves it off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
