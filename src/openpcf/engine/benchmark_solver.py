"""The engine as a PCFBench system: the compositional solver, and the epd solver for settings that carry
a composition. Each result carries the ``compositional`` output and the full trace.

With a ``model`` (``openpcf run compositional --model M``) the engine's LLM path fills what the row's
setting does not show: the model proposes the bill of materials (decompose → triage → recursive
decomposition, depth ≤ 2, with rates and process energy), the engine maps the leaves to open factors and
sums, and the model's direct estimate is reconciled with the total. The model is the runner's guarded
model, so its calls go through the run's cache, rate limit and retry layer and are metered on the item.

>>> solver = EngineSolver(task="compositional")                  # doctest: +SKIP
>>> result = await solver.solve(row)                              # SolverResult(output=..., trace=...)
"""

from __future__ import annotations

from typing import Any

from openpcf.benchmark.data import EpdSetting, epd_input_for_setting
from openpcf.engine.activity_mapping import FactorSource
from openpcf.engine.composition import CompositionError
from openpcf.engine.estimation import EstimateError, default_factor_source, estimate, estimate_async
from openpcf.engine.output import compositional_output
from openpcf.engine.product import product_from_epd_input
from openpcf.engine.trace import Trace
from openpcf.tasks.base import SolverResult

#: The compositional task sees every field of the row (composition, recycled content, geography).
COMPOSITIONAL_SETTING: EpdSetting = "epd_with_region"


def solve_row(row: Any, *, task: str = "compositional", setting: EpdSetting | None = None,
              source: FactorSource | None = None, seed: int = 0, runs: int = 1000) -> SolverResult:
    """Estimate one T7 row from the fields its setting shows; a row without a composition in that
    setting is a recorded failure (``error``), never a crash."""
    visible = epd_input_for_setting(row.input, setting or COMPOSITIONAL_SETTING)
    if not visible.get("composition"):
        return SolverResult(error=f"no composition in setting {setting or COMPOSITIONAL_SETTING}: the engine needs one "
                                  "(or a model to propose a bill of materials)")
    try:
        trace = estimate(product_from_epd_input(visible), source=source or default_factor_source(), seed=seed, runs=runs)
    except (EstimateError, CompositionError) as exc:
        return SolverResult(error=str(exc))
    return _result(trace, task)


async def solve_row_with_model(row: Any, model: Any, *, task: str = "compositional", setting: EpdSetting | None = None,
                               source: FactorSource | None = None, seed: int = 0, runs: int = 1000,
                               model_settings: dict[str, Any] | None = None, prompts: Any = None) -> SolverResult:
    """:func:`solve_row` with the engine's LLM path (a row without a composition gets a model BOM)."""
    visible = epd_input_for_setting(row.input, setting or COMPOSITIONAL_SETTING)
    try:
        trace = await estimate_async(product_from_epd_input(visible), model=model, model_settings=model_settings,
                                     prompts=prompts, source=source or default_factor_source(), seed=seed, runs=runs)
    except (EstimateError, CompositionError) as exc:
        return SolverResult(error=str(exc))
    return _result(trace, task)


def _result(trace: Trace, task: str) -> SolverResult:
    out = compositional_output(trace)
    output = out if task == "compositional" else {"kgco2e": out["kgco2e"]}
    return SolverResult(output=output, trace=trace.model_dump(mode="json"))


class EngineSolver:
    """:class:`openpcf.tasks.base.Solver` over :func:`solve_row` (deterministic, offline), or over
    :func:`solve_row_with_model` when a ``model`` (pydantic-ai, e.g. the runner's guarded model) is given;
    ``model_settings`` and ``prompts`` (a ``PromptBook``) go with it."""

    def __init__(self, *, task: str = "compositional", setting: EpdSetting | None = None,
                 source: FactorSource | None = None, seed: int = 0, runs: int = 1000, model: Any = None,
                 model_label: str | None = None, model_settings: dict[str, Any] | None = None,
                 prompts: Any = None) -> None:
        self.name = "openpcf-engine" + (f" + {model_label or 'model'}" if model is not None else "")
        self.task, self.setting, self.source, self.seed, self.runs = task, setting, source, seed, runs
        self.model, self.model_settings, self.prompts = model, model_settings, prompts

    async def solve(self, row: Any) -> SolverResult:
        if self.model is None:
            return solve_row(row, task=self.task, setting=self.setting, source=self.source, seed=self.seed,
                             runs=self.runs)
        return await solve_row_with_model(row, self.model, task=self.task, setting=self.setting, source=self.source,
                                          seed=self.seed, runs=self.runs, model_settings=self.model_settings,
                                          prompts=self.prompts)
