"""A rate limiter for model requests: at most ``per_minute`` request starts per minute, evenly spaced."""

from __future__ import annotations

import asyncio
import time


class RateLimiter:
    """Spaces request starts ``60 / per_minute`` seconds apart (no bursts). Shared by all workers of a run."""

    def __init__(self, per_minute: float):
        if per_minute <= 0:
            raise ValueError("the rate limit must be a positive number of requests per minute")
        self.interval = 60.0 / per_minute
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        async with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            self._next = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)
