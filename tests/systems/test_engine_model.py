"""The LLM path with a scripted pydantic-ai FunctionModel (no key, no network)."""

from __future__ import annotations

import pytest
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from openpcf.engine import ProductSpec
from openpcf.systems.model.estimate import estimate_with_model as estimate
from tests.support.factor_tables import TABLE


def _scripted(*answers: dict) -> FunctionModel:
    queue = list(answers)

    def respond(messages, info: AgentInfo) -> ModelResponse:
        return ModelResponse(parts=[ToolCallPart(tool_name=info.output_tools[0].name, args=queue.pop(0))])

    return FunctionModel(respond)


def test_model_fills_bom_recursively_and_reconciles():
    model = _scripted(
        {"components": [{"name": "steel", "kg_per_kg": 0.6}, {"name": "seat", "kg_per_kg": 0.4, "composite": True}],
         "electricity_kwh_per_kg": 1.0},
        {"components": [{"name": "polypropylene", "kg_per_kg": 1.0}]},  # the seat, decomposed
        {"kgco2e_per_declared_unit": 1.0},  # direct estimate for reconciliation
    )
    t = estimate(ProductSpec(name="stool", description="steel frame, plastic seat"), model=model, source=TABLE, runs=200)
    assert [(x.name, x.parent_id, round(x.rate.value, 9)) for x in t.inputs] == [
        ("steel", None, 0.6), ("seat", None, 0.4), ("polypropylene", "m2", 0.4)]
    assert {x.rate.origin for x in t.inputs} == {"model"} and t.energy[0].rate.origin == "model"
    # 0.6×2.0 + 0.4×1.5 + 1 kWh×0.4 (+ default heat of the inferred class, if any)
    heat = sum(x.kgco2e or 0 for x in t.energy if "gas" in x.name)
    assert t.result.kgco2e == pytest.approx(1.2 + 0.6 + 0.4 + heat)
    rec = next(c for c in t.checks if c.code == "reconciliation")
    assert rec.value == pytest.approx(t.result.kgco2e / 1.0, rel=1e-3)
    assert rec.passed is (0.5 <= rec.value <= 2.0)
    assert t.versions.model is not None
