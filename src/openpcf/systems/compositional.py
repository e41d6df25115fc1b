"""The ONE compositional solver: the engine as a PCFBench system (the compositional task, and the epd task
for settings that carry a composition). Each result carries the ``compositional`` output and the full trace.

Who supplies a bill of materials the row does not show: a language model (``model=``), openpcf's offline
decomposition of the name and description (``offline_bom=True``, the ``offline`` system), or nobody
(``offline_bom=False``: a row without a composition is a recorded failure).

With a ``model`` (``openpcf run compositional --model M``) the engine's LLM path fills what the row's
setting does not show: the model proposes the bill of materials (decompose → triage → recursive
decomposition, depth ≤ 2, with rates and process energy), the engine maps the leaves to open factors and
sums, and the model's direct estimate is reconciled with the total. The model is the runner's guarded
model, so its calls go through the run's cache, rate limit and retry layer and are metered on the item.

>>> solver = CompositionalSolver(task="compositional")                  # doctest: +SKIP
>>> result = await solver.solve(row)                              # SolverResult(output=..., trace=...)
"""

from __future__ import annotations

from typing import Any

from openpcf.engine.composition import CompositionError
from openpcf.engine.estimation import EstimateError, default_factor_source, estimate
from openpcf.engine.output import compositional_output
from openpcf.engine.product import product_from_epd_input
from openpcf.engine.trace import Trace
from openpcf.factors.resolver import FactorResolver
from openpcf.pcfbench.data import EPD_SETTINGS, EpdRow, EpdSetting, epd_input_for_setting
from openpcf.systems.model.estimate import estimate_with_model_async
from openpcf.systems.offline.epd import estimate_from_context
from openpcf.systems.protocol import SolverResult

#: The compositional task sees every field of the row (composition, recycled content, geography).
COMPOSITIONAL_SETTING: EpdSetting = "epd_with_region"
#: What the offline system shows its decomposition: the published compositional setting (name, unit, description).
OFFLINE_SETTING: EpdSetting = "epd_with_description"


def solve_row(row: Any, *, task: str = "compositional", setting: EpdSetting | None = None,
              source: FactorResolver | None = None, seed: int = 0, runs: int = 1000) -> SolverResult:
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
                               source: FactorResolver | None = None, seed: int = 0, runs: int = 1000,
                               model_settings: dict[str, Any] | None = None, prompts: Any = None) -> SolverResult:
    """:func:`solve_row` with the engine's LLM path (a row without a composition gets a model BOM)."""
    visible = epd_input_for_setting(row.input, setting or COMPOSITIONAL_SETTING)
    try:
        trace = await estimate_with_model_async(product_from_epd_input(visible), model=model, model_settings=model_settings,
                                                prompts=prompts, source=source or default_factor_source(), seed=seed, runs=runs)
    except (EstimateError, CompositionError) as exc:
        return SolverResult(error=str(exc))
    return _result(trace, task)


def _result(trace: Trace, task: str) -> SolverResult:
    out = compositional_output(trace)
    output = out if task == "compositional" else {"kgco2e": out["kgco2e"]}
    return SolverResult(output=output, trace=trace.model_dump(mode="json"))


class CompositionalSolver:
    """:class:`openpcf.systems.protocol.Solver` over :func:`solve_row` (deterministic, offline), or over
    :func:`solve_row_with_model` when a ``model`` (pydantic-ai, e.g. the runner's guarded model) is given;
    ``model_settings`` and ``prompts`` (a ``PromptBook``) go with it."""

    def __init__(self, *, task: str = "compositional", setting: EpdSetting | None = None,
                 source: FactorResolver | None = None, seed: int = 0, runs: int = 1000, model: Any = None,
                 model_label: str | None = None, model_settings: dict[str, Any] | None = None,
                 prompts: Any = None, offline_bom: bool = False) -> None:
        if offline_bom and model is not None:
            raise ValueError("a bill of materials comes from the model or from the offline decomposition, not both")
        if setting is not None and setting not in EPD_SETTINGS:
            raise ValueError(f"unknown context setting {setting!r}; use one of {', '.join(EPD_SETTINGS)}")
        self.offline_bom = offline_bom
        self.name = "offline" if offline_bom else "openpcf-engine" + (f" + {model_label or 'model'}" if model is not None else "")
        self.task, self.setting, self.source, self.seed, self.runs = task, setting, source, seed, runs
        self.model, self.model_settings, self.prompts = model, model_settings, prompts

    async def solve(self, row: Any) -> SolverResult:
        if self.offline_bom:
            return solve_row_offline(row, setting=self.setting or OFFLINE_SETTING, runs=self.runs)
        if self.model is None:
            return solve_row(row, task=self.task, setting=self.setting, source=self.source, seed=self.seed,
                             runs=self.runs)
        return await solve_row_with_model(row, self.model, task=self.task, setting=self.setting, source=self.source,
                                          seed=self.seed, runs=self.runs, model_settings=self.model_settings,
                                          prompts=self.prompts)


def solve_row_offline(row: Any, *, setting: str = OFFLINE_SETTING, runs: int = 200) -> SolverResult:
    """One row by the offline system: the declared composition, or a BOM derived from the name and description
    by openpcf's offline decomposition; the engine sums."""
    typed = row if isinstance(row, EpdRow) else EpdRow.model_validate(row)
    context = epd_input_for_setting(typed.input, setting)  # type: ignore[arg-type]
    kg, trace = estimate_from_context(context, category=typed.category, runs=runs)
    engine_trace = trace.get("engine_trace")
    if engine_trace is None:
        if kg is None:
            return SolverResult(error=trace.get("rationale", "no estimate"), trace=trace)
        # Category prior: a total without a bill of materials (the scorer counts it as a mass violation).
        return SolverResult(
            output={"kgco2e": kg, "breakdown": []}, trace={"setting": setting, **trace}
        )
    output = compositional_output(Trace.model_validate(engine_trace))
    trace["stages"] = stages(engine_trace, trace)
    prior = trace.get("unresolved_prior")
    if prior:  # the unresolved materials' category prior, as its own breakdown row (no double count)
        output["breakdown"].append(
            {
                "name": "category prior for materials without a factor",
                "kind": "prior",
                "rate": prior["kg"],
                "unit": "kg",
                "factor_id": None,
                "kgco2e": prior["kgco2e"],
            }
        )
        output["kgco2e"] = kg
    return SolverResult(output=output, trace={"setting": setting, **trace})


def stages(engine_trace: dict[str, Any], trace: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per-stage success of one product (the scorer's ``stage_success``): a bill of materials was found,
    every material got an emission factor (a category prior does not count), energy was added."""
    materials = [
        x
        for x in engine_trace.get("inputs", [])
        if x.get("kind", "material") == "material" and not x.get("children")
    ]
    resolved = sum(1 for x in materials if x.get("factor"))
    prior = trace.get("unresolved_prior") or {}
    return {
        "bill_of_materials": {"ok": bool(materials), "n": len(materials), "basis": trace.get("basis")},
        "emission_factors": {
            "ok": bool(materials) and not prior,
            "resolved": resolved,
            "prior": len(prior.get("lines", [])),
        },
        "process_energy": {"ok": bool(engine_trace.get("energy")), "n": len(engine_trace.get("energy", []))},
    }
