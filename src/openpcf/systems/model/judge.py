"""The T1 LLM judge: an :class:`openpcf.pcfbench.alignment.Aligner` backed by any model.

The model proposes groups of predicted ↔ reference component indices; groups are then made valid (indices
in range, each index in at most one group, both sides non-empty; a later group reusing an index is
dropped). Answers are cached on disk by the model wrapper (same lists, same model → no new call) and in
memory; :meth:`LLMJudgeAligner.prefetch` judges many items concurrently before scoring, so the scorer's
synchronous ``align`` calls only read the memo.

:func:`judge_aligner` builds one from a model string (the aligner ``judge:MODEL`` of
:func:`openpcf.pcfbench.alignment.get_aligner`, ``openpcf score --aligner judge:MODEL``, ``openpcf run
--judge MODEL``) on the runner's guarded model: response cache, rate limit, the one retry layer.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from openpcf.llm.prompt_book import PromptBook
from openpcf.systems.model.answers import AlignmentAnswer
from openpcf.systems.model.templates import prompt_book


def valid_groups(
    answer: AlignmentAnswer, n_predicted: int, n_expected: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    used_p: set[int] = set()
    used_e: set[int] = set()
    out = []
    for g in answer.groups:
        p = tuple(sorted({i for i in g.predicted if 0 <= i < n_predicted}))
        e = tuple(sorted({i for i in g.expected if 0 <= i < n_expected}))
        if not p or not e or used_p.intersection(p) or used_e.intersection(e):
            continue
        used_p.update(p)
        used_e.update(e)
        out.append((p, e))
    return out


class LLMJudgeAligner:
    """``align(predicted, expected) -> list[MatchGroup]`` with a model as the judge."""

    def __init__(
        self,
        model: Any,
        *,
        label: str,
        prompts: PromptBook | None = None,
        model_settings: dict[str, Any] | None = None,
    ):
        from pydantic_ai import Agent, ToolOutput

        self.name = f"llm-judge:{label}"
        self.model = model
        self.prompts = prompts or prompt_book()
        self._agent = Agent(
            model,
            name=self.name,
            output_type=ToolOutput(AlignmentAnswer, name="submit", description="Submit the match groups."),
            instructions=self.prompts.render("judge.system.j2"),
            retries=1,
            model_settings=model_settings or {},
        )
        self._memo: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Any]] = {}
        self._sync_loop: asyncio.AbstractEventLoop | None = None

    async def align_async(self, predicted: Sequence[str], expected: Sequence[str]) -> list[Any]:
        from openpcf.pcfbench.alignment import MatchGroup

        key = (tuple(predicted), tuple(expected))
        if key in self._memo:
            return self._memo[key]
        if not predicted or not expected:
            groups: list[Any] = []
        else:
            prompt = self.prompts.render("judge.user.j2", predicted=list(predicted), expected=list(expected))
            result = await self._agent.run(prompt)
            groups = [MatchGroup(p, e) for p, e in valid_groups(result.output, len(predicted), len(expected))]
        self._memo[key] = groups
        return groups

    async def prefetch(
        self, pairs: Iterable[tuple[Sequence[str], Sequence[str]]], concurrency: int = 4
    ) -> list[str]:
        """Judge every pair (bounded concurrency); returns one error line per pair that failed."""
        gate = asyncio.Semaphore(max(1, concurrency))
        errors: list[str] = []

        async def one(p: Sequence[str], e: Sequence[str]) -> None:
            async with gate:
                try:
                    await self.align_async(p, e)
                except Exception as exc:  # noqa: BLE001 -- scored later with a direct call, which may fail loudly
                    errors.append(f"{type(exc).__name__}: {exc}")

        await asyncio.gather(*(one(p, e) for p, e in pairs))
        return errors

    def align(self, predicted: Sequence[str], expected: Sequence[str]) -> list[Any]:
        key = (tuple(predicted), tuple(expected))
        if key in self._memo:
            return self._memo[key]
        # Synchronous calls share one private event loop: the model's HTTP client must never cross loops.
        if self._sync_loop is None:
            self._sync_loop = asyncio.new_event_loop()
        loop = self._sync_loop
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return loop.run_until_complete(self.align_async(predicted, expected))
        # Called from inside an event loop (a scorer in async code): judge on a helper thread.
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["groups"] = loop.run_until_complete(self.align_async(predicted, expected))
            except BaseException as exc:  # noqa: BLE001 -- re-raised in the caller's thread
                box["error"] = exc

        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
        if "error" in box:
            raise box["error"]
        return box["groups"]


def judge_aligner(model: str, *, base_url: str | None = None, prompts: PromptBook | None = None,
                  **guard_options: Any) -> LLMJudgeAligner:
    """The LLM judge on ``model`` (a model string; ``guard_options``: settings, cache, retry,
    requests_per_minute of :func:`openpcf.llm.guarded_model.guard_model`). A missing key raises
    :class:`openpcf.llm.CredentialError` naming the variable."""
    from openpcf.llm.guarded_model import guard_model

    guarded, label, settings = guard_model(model, base_url=base_url, **guard_options)
    return LLMJudgeAligner(guarded, label=label, prompts=prompts, model_settings=settings)


def judge_all(aligner: Any, pairs: Sequence[tuple[Sequence[str], Sequence[str]]], concurrency: int = 4) -> list[str]:
    """Judge every pair in ONE event loop and close the model client there (a client never crosses event
    loops); the scorer's ``align`` calls then read the memo. Returns the error lines of failed pairs."""

    async def run() -> list[str]:
        from openpcf.llm.guarded_model import close_model

        try:
            return await aligner.prefetch(pairs, concurrency=concurrency)
        finally:
            await close_model(aligner.model)

    return asyncio.run(run())
