"""Pausing Python's cyclic garbage collector while an estimate builds its trace.

A 10,000-line estimate creates some 200,000 records (BOM rows, lines, rates, their copies); they hold no
reference cycles of their own, so reference counting frees them. Their number alone made the collector
run its full passes over every live object (the loaded factor library and search index included) two or
three times per such estimate: about 0.9 s of CPU time of a 2.5 s estimate, measured with
``gc.callbacks`` on the BOM of ``benchmarks/large_bom.py``. Paused, the collector runs when it is switched
back on, as usual (one young-generation pass over the new records, ~0.1–0.3 s), and collects any cycle
made meanwhile (an exception's traceback, say).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_paused(fn: Callable[P, R]) -> Callable[P, R]:
    """Run ``fn`` with the cyclic collector off, switched back on afterwards (also on an error) when it
    was on before; a caller that had switched it off keeps it off."""

    @functools.wraps(fn)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        was_on = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was_on:
                gc.enable()

    return paused
