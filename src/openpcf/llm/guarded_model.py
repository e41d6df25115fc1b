"""A model wrapper that puts every request through the response cache, the rate limiter and the one retry
layer, and books its tokens and cost on the current item's meter."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any

from pydantic_ai.models.wrapper import WrapperModel

from openpcf.llm.cache import ResponseCache, request_key
from openpcf.llm.metering import current_meter
from openpcf.llm.models import GenerationSettings
from openpcf.llm.prices import TokenPrice, cost_usd
from openpcf.llm.rate import RateLimiter
from openpcf.llm.redaction import Redactor
from openpcf.llm.retry import RetryPolicy, retry_delay

logger = logging.getLogger("openpcf")


class GuardedModel(WrapperModel):
    """Wraps a pydantic-ai model. ``label``/``base_url``/``settings_key`` identify the model and the
    answer-changing settings in cache keys; ``cache=None`` turns caching off."""

    def __init__(
        self,
        wrapped: Any,
        *,
        label: str,
        base_url: str | None = None,
        settings_key: dict[str, Any] | None = None,
        cache: ResponseCache | None = None,
        retry: RetryPolicy | None = None,
        limiter: RateLimiter | None = None,
        price: TokenPrice | None = None,
        seed: int = 0,
    ):
        super().__init__(wrapped)
        self.cache_label = label
        self.key_base_url = base_url
        self.key_settings = settings_key or {}
        self.response_cache = cache
        self.retry_policy = retry or RetryPolicy()
        self.rate_limiter = limiter
        self.token_price = price
        self._rng = random.Random(seed)
        self.cache_write_failures = 0

    async def request(self, messages: list[Any], model_settings: Any, model_request_parameters: Any) -> Any:
        meter = current_meter()
        key = None
        if self.response_cache is not None:
            key = request_key(
                model=self.cache_label,
                base_url=self.key_base_url,
                messages=messages,
                parameters=model_request_parameters,
                settings=self.key_settings,
            )
            hit = self.response_cache.get(key)
            if hit is not None:
                if meter is not None:
                    meter.cache_hits += 1
                return hit
        attempt = 0
        while True:
            attempt += 1
            if self.rate_limiter is not None:
                await self.rate_limiter.acquire()
            started, started_cpu = time.perf_counter(), time.thread_time()
            try:
                response = await super().request(messages, model_settings, model_request_parameters)
            except Exception as exc:
                if meter is not None:
                    meter.failed_attempts += 1
                    meter.model_seconds += time.perf_counter() - started
                    meter.model_cpu_seconds += time.thread_time() - started_cpu
                delay = retry_delay(self.retry_policy, attempt, exc, self._rng)
                if delay is None:
                    raise
                await asyncio.sleep(delay)
                continue
            if meter is not None:
                meter.model_seconds += time.perf_counter() - started
                meter.model_cpu_seconds += time.thread_time() - started_cpu
                usage = response.usage
                meter.add_response(
                    usage.input_tokens,
                    usage.output_tokens,
                    cost_usd(self.token_price, usage.input_tokens, usage.output_tokens),
                )
            if self.response_cache is not None and key is not None:
                failure = self.response_cache.put(key, response)
                if failure is not None:
                    self._cache_write_failed(failure)
            return response

    def _cache_write_failed(self, exc: OSError) -> None:
        """A warning, once per model (the answer is kept: it was paid for)."""
        self.cache_write_failures += 1
        if self.cache_write_failures == 1:
            where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
            logger.warning(
                "warning: the response cache could not be written (%s%s); answers are kept but not cached",
                where, exc.strerror or exc,
            )

    async def aclose(self) -> None:
        """Close the HTTP client of the wrapped model, if it has one we built (before the event loop ends)."""
        client = getattr(self.wrapped, "client", None)
        close = getattr(client, "close", None)
        if close is not None and asyncio.iscoroutinefunction(close):
            await close()


async def close_model(model: object) -> None:
    """``aclose()`` a :class:`GuardedModel`; anything else is left alone."""
    if isinstance(model, GuardedModel):
        await model.aclose()


def guard_model(
    model_string: str,
    *,
    base_url: str | None = None,
    settings: GenerationSettings | None = None,
    cache: bool = True,
    retry: RetryPolicy | None = None,
    requests_per_minute: float | None = None,
) -> tuple[GuardedModel, str, dict[str, Any]]:
    """A model string → (the model behind cache, rate limit and the one retry layer; its label; the
    pydantic-ai model settings to run it with, provider retries off). Every model openpcf asks — a run's
    solver, its judge, ``openpcf estimate --model`` — is built here."""
    from openpcf.llm.models import build_model, effective_tool_choice, parse_model
    from openpcf.llm.prices import price_table

    settings = settings or GenerationSettings()
    spec = parse_model(model_string, base_url=base_url)
    tool_choice = effective_tool_choice(spec, settings)
    model = GuardedModel(
        build_model(spec, tool_choice=tool_choice),
        label=spec.label,
        base_url=spec.base_url,
        settings_key={**settings.semantic(), **({"tool_choice": tool_choice} if tool_choice else {})},
        cache=ResponseCache(redact=Redactor.for_run([base_url]).bytes) if cache else None,
        retry=retry,
        limiter=RateLimiter(requests_per_minute) if requests_per_minute else None,
        price=price_table().price(spec.name),
    )
    return model, spec.label, settings.model_settings(spec.provider)
