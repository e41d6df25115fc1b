"""The one retry layer: exponential backoff with jitter that honours Retry-After, on 429/5xx/timeouts.

Provider SDK retries are off (see :mod:`openpcf.llm.models`), so a call is attempted at most
``max_attempts`` times in total. Pure functions: the delay for attempt *n* depends only on the policy,
the error and the random draw passed in.
"""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict, Field

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})
RETRY_AFTER_CAP = 600.0  # seconds: a server asking for longer is not waited on


class RetryPolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_attempts: int = Field(default=6, ge=1, description="attempts per model call, first one included")
    base_delay: float = Field(default=1.0, ge=0, description="seconds before the first retry")
    multiplier: float = Field(default=2.0, ge=1)
    max_delay: float = Field(default=60.0, ge=0, description="cap of the backoff (not of Retry-After)")
    jitter: float = Field(default=0.2, ge=0, le=1, description="up to this fraction is added at random")


def status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    return status if isinstance(status, int) else None


def is_retryable(exc: BaseException) -> bool:
    """429, 5xx and other transient statuses, connection errors and timeouts; never 4xx client errors or a
    model's malformed answer."""
    from pydantic_ai.exceptions import ModelConnectionError, ModelRequestTimeout

    if isinstance(exc, (ModelConnectionError, ModelRequestTimeout, TimeoutError, ConnectionError)):
        return True
    status = status_of(exc)
    return status is not None and (status in RETRYABLE_STATUS or status >= 500)


def retry_after_seconds(exc: BaseException) -> float | None:
    """Seconds the server asked to wait: pydantic-ai's parsed value (``retry-after-ms``, integer or
    HTTP-date ``Retry-After``), else a decimal ``Retry-After`` some servers send."""
    value = getattr(exc, "retry_after", None)
    if isinstance(value, (int, float)) and value >= 0:
        return float(value)
    headers = getattr(exc, "headers", None) or {}
    raw = headers.get("retry-after") if isinstance(headers, dict) else None
    try:
        seconds = float(raw) if raw is not None else None
    except ValueError:
        return None
    return seconds if seconds is not None and 0 <= seconds < float("inf") else None


def backoff_seconds(policy: RetryPolicy, attempt: int, draw: float) -> float:
    """Backoff before retry number ``attempt`` (1 = first retry); ``draw`` in [0, 1) scales the jitter."""
    base = min(policy.base_delay * policy.multiplier ** (attempt - 1), policy.max_delay)
    return base * (1.0 + policy.jitter * draw)


def retry_delay(
    policy: RetryPolicy, attempt: int, exc: BaseException, rng: random.Random | None = None
) -> float | None:
    """Seconds to wait before retry ``attempt`` (1-based), or ``None`` when the error is final or the
    attempts are used up. Retry-After wins over a shorter backoff (capped at ten minutes)."""
    if attempt >= policy.max_attempts or not is_retryable(exc):
        return None
    delay = backoff_seconds(policy, attempt, (rng or random).random())
    asked = retry_after_seconds(exc)
    if asked is not None:
        delay = max(delay, min(asked, RETRY_AFTER_CAP))
    return delay
