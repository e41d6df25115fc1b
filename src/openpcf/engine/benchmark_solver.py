"""The engine as a PCFBench system: the compositional solver, and the epd solver for settings that carry
a composition. Each result carries the ``compositional`` output and the full trace.

>>> solver = EngineSolver(task="compositional")                  # doctest: +SKIP
>>> result = await solver.solve(row)                              # SolverResult(output=..., trace=...)
"""

from __future__ import annotations

from typing import Any

from openpcf.benchmark.data import EpdSetting, epd_input_for_setting
from openpcf.engine.activity_mapping import FactorSource
from openpcf.engine.composition import CompositionError
from openpcf.engine.estimation import EstimateError, default_factor_source, estimate
from openpcf.engine.output import compositional_output
from openpcf.engine.product import product_from_epd_input
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
    out = compositional_output(trace)
    output = out if task == "compositional" else {"kgco2e": out["kgco2e"]}
    return SolverResult(output=output, trace=trace.model_dump(mode="json"))


class EngineSolver:
    """:class:`openpcf.tasks.base.Solver` over :func:`solve_row` (deterministic, offline)."""

    def __init__(self, *, task: str = "compositional", setting: EpdSetting | None = None,
                 source: FactorSource | None = None, seed: int = 0, runs: int = 1000) -> None:
        self.name = "openpcf-engine"
        self.task, self.setting, self.source, self.seed, self.runs = task, setting, source, seed, runs

    async def solve(self, row: Any) -> SolverResult:
        return solve_row(row, task=self.task, setting=self.setting, source=self.source, seed=self.seed, runs=self.runs)
