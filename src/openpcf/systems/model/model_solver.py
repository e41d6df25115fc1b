"""One solver for every task that asks a model: render the task's templates, run a pydantic-ai agent whose
only way to answer is a ``submit`` tool with the task's answer schema, turn the answer into the task output.

Agentic mode adds the ``search`` / ``inspect`` tools (:mod:`openpcf.systems.model.catalog_tools`) and a budget of
model turns. The budget never cuts a run short: on the last turn the tools are withdrawn and the
instructions say the budget is spent, while the whole conversation — the task first — stays in context,
so the forced answer still sees the task.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from openpcf.llm.prompt_book import PromptBook
from openpcf.systems.protocol import SolverResult

SUBMIT_TOOL = "submit"


@dataclass
class TaskPrompt:
    """How one task talks to a model.

    ``context(row)`` gives the user template's variables; ``finish(row, answer)`` gives the task output
    (predictions format) and trace fields.
    """

    system: str
    user: str
    answer: type[BaseModel]
    context: Callable[[Any], dict[str, Any]]
    finish: Callable[[Any, Any], tuple[dict[str, Any], dict[str, Any]]]
    system_context: dict[str, Any] = field(default_factory=dict)


class ModelSolver:
    """Solves rows of one task with a pydantic-ai model (single-shot, or agentic when ``tools`` are given)."""

    def __init__(
        self,
        name: str,
        model: Any,
        prompts: PromptBook,
        spec: TaskPrompt,
        *,
        tools: list[Any] | None = None,
        budget: int = 20,
        output_retries: int = 1,
        model_settings: dict[str, Any] | None = None,
    ):
        from pydantic_ai import Agent, RunContext, ToolOutput
        from pydantic_ai.tools import Tool

        if budget < 1:
            raise ValueError("the model-call budget must be at least 1")
        self.name = name
        self.model = model
        self.prompts = prompts
        self.spec = spec
        self.budget = budget
        self.agentic = bool(tools)
        self.templates = [spec.system, spec.user] + (["budget_exhausted.j2"] if tools else [])
        system = prompts.render(spec.system, budget=budget, **spec.system_context)
        exhausted = prompts.render("budget_exhausted.j2", budget=budget) if tools else ""

        async def instructions(ctx: RunContext[Any]) -> str:  # async: a sync one would run on a thread
            if ctx.run_step >= budget:
                return f"{system}\n\n{exhausted}"
            return system

        async def within_budget(ctx: RunContext[Any], tool_def: Any) -> Any:
            return None if ctx.run_step >= budget else tool_def

        wrapped = [Tool(fn, prepare=within_budget) for fn in (tools or [])]
        self._agent = Agent(
            model,
            name=name,  # also spares pydantic-ai a frame inspection per run
            output_type=ToolOutput(spec.answer, name=SUBMIT_TOOL, description="Submit the final answer."),
            instructions=instructions if tools else system,
            tools=wrapped,
            retries=output_retries,
            model_settings=model_settings or {},
        )

    def user_prompt(self, row: Any) -> str:
        return self.prompts.render(self.spec.user, **self.spec.context(row))

    async def solve(self, row: Any) -> SolverResult:
        from pydantic_ai import capture_run_messages
        from pydantic_ai.exceptions import UnexpectedModelBehavior
        from pydantic_ai.usage import UsageLimits

        with capture_run_messages() as messages:
            try:
                result = await self._agent.run(
                    self.user_prompt(row),
                    # A backstop only: the budget above already ends every run; output retries may add a turn.
                    usage_limits=UsageLimits(request_limit=self.budget + 3),
                )
            except UnexpectedModelBehavior as exc:  # no valid answer: a recorded failure, raw text kept
                error = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
                trace = {"solver": self.name, "raw_answers": raw_answers(messages)}
                return SolverResult(error=error, trace=trace)
        output, trace = self.spec.finish(row, result.output)
        trace = {"solver": self.name, "turns": result.usage.requests, **trace}
        if self.agentic:
            trace["tool_calls"] = _tool_calls(result.all_messages())
        return SolverResult(output=output, trace=trace)


RAW_ANSWER_CHARS = 2_000


def raw_answers(messages: list[Any]) -> list[str]:
    """What the model said in each response of a failed run (text, or a tool's raw argument text), each cut
    to ``RAW_ANSWER_CHARS``, so an unparsable answer stays in the results for the audit."""
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart

    out: list[str] = []
    for m in messages:
        if not isinstance(m, ModelResponse):
            continue
        for part in m.parts:
            if isinstance(part, TextPart):
                out.append(part.content[:RAW_ANSWER_CHARS])
            elif isinstance(part, ToolCallPart):
                args = part.args if isinstance(part.args, str) else json.dumps(part.args, ensure_ascii=False)
                out.append(f"{part.tool_name}({(args or '')[:RAW_ANSWER_CHARS]})")
    return out


def _tool_calls(messages: list[Any]) -> list[dict[str, Any]]:
    """The search / inspect calls of a run, for the audit trail (the submit call is the output)."""
    from pydantic_ai.messages import ModelResponse, ToolCallPart

    calls = []
    for m in messages:
        if isinstance(m, ModelResponse):
            for part in m.parts:
                if isinstance(part, ToolCallPart) and part.tool_name != SUBMIT_TOOL:
                    try:
                        args: Any = part.args_as_dict()
                    except ValueError:
                        args = part.args
                    calls.append({"tool": part.tool_name, "args": args})
    return calls
