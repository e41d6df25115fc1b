"""Offline compositional estimation (PCFBench compositional task): the engine end to end.

The product text (name and description — the published compositional setting) goes through the same
path as :mod:`openpcf.offline.epd`: a bill of materials (declared, or derived by the offline
decomposition solver), a factor per material from the open library, process energy defaults, and the
sum. The output is the PCFBench compositional shape ``{"kgco2e", "breakdown"}`` built from the engine's
trace (:func:`openpcf.engine.compositional_output`), and the full trace is kept with the result, so
the structural checks of the scorer (mass balance, ghost components) read the real rates.
"""

from __future__ import annotations

from typing import Any

from openpcf.benchmark.data import EPD_SETTINGS, EpdRow, epd_input_for_setting
from openpcf.offline.epd import estimate_from_context
from openpcf.tasks.base import SolverResult


class OfflineCompositionalSolver:
    """Compositional solver (``openpcf run compositional --model offline``)."""

    name = "offline"

    def __init__(self, *, setting: str = "epd_with_description", runs: int = 200):
        if setting not in EPD_SETTINGS:
            raise ValueError(f"unknown context setting {setting!r}; use one of {', '.join(EPD_SETTINGS)}")
        self.setting = setting
        self.runs = runs

    async def solve(self, row: EpdRow | dict[str, Any]) -> SolverResult:
        from openpcf.engine import Trace, compositional_output

        typed = row if isinstance(row, EpdRow) else EpdRow.model_validate(row)
        context = epd_input_for_setting(typed.input, self.setting)  # type: ignore[arg-type]
        kg, trace = estimate_from_context(context, category=typed.category, runs=self.runs)
        engine_trace = trace.get("engine_trace")
        if engine_trace is None:
            if kg is None:
                return SolverResult(error=trace.get("rationale", "no estimate"), trace=trace)
            # Category prior: a total without a bill of materials (the scorer counts it as a mass violation).
            return SolverResult(
                output={"kgco2e": kg, "breakdown": []}, trace={"setting": self.setting, **trace}
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
        return SolverResult(output=output, trace={"setting": self.setting, **trace})


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
