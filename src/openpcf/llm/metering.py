"""Per-item accounting of model calls: tokens, paid requests, USD cost, cache hits, failed attempts.

The runner opens one :class:`CallMeter` per item (:func:`metering`); every model call made while solving
that item — however deep inside an agent — adds to it through a context variable, so concurrent items
never mix their numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass
class CallMeter:
    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0  # answered (paid) requests; cache hits are not requests
    cost_usd: float | None = 0.0  # None once any paid call had an unknown price
    cache_hits: int = 0
    failed_attempts: int = 0  # attempts that raised (retried or not)
    model_seconds: float = 0.0  # wall time inside model requests (for overhead measurement)
    model_cpu_seconds: float = (
        0.0  # this thread's CPU time inside them (exact only when items run one at a time)
    )

    def add_response(self, input_tokens: int, output_tokens: int, cost: float | None) -> None:
        self.requests += 1
        self.input_tokens += input_tokens
        self.output_tokens += output_tokens
        self.cost_usd = None if cost is None or self.cost_usd is None else self.cost_usd + cost

    def merge(self, other: CallMeter) -> None:
        self.requests += other.requests
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cost_usd = (
            None if other.cost_usd is None or self.cost_usd is None else self.cost_usd + other.cost_usd
        )
        self.cache_hits += other.cache_hits
        self.failed_attempts += other.failed_attempts
        self.model_seconds += other.model_seconds
        self.model_cpu_seconds += other.model_cpu_seconds

    @property
    def touched(self) -> bool:
        """Whether any model call (answered, cached or failed) went through this meter."""
        return bool(self.requests or self.cache_hits or self.failed_attempts)


_CURRENT: ContextVar[CallMeter | None] = ContextVar("openpcf_call_meter", default=None)


def current_meter() -> CallMeter | None:
    return _CURRENT.get()


@contextmanager
def metering() -> Iterator[CallMeter]:
    """Count every model call made inside the block (in this task and the tasks it starts)."""
    meter = CallMeter()
    token = _CURRENT.set(meter)
    try:
        yield meter
    finally:
        _CURRENT.reset(token)
