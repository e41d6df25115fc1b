"""The LLM path: a language model fills what the user did not give, and cross-checks the result.

- :func:`propose_bom` — decompose → triage → recursive decomposition (depth ≤ ``max_depth``): the model
  lists the product's materials in kg per kg of product and flags composites; each composite is
  decomposed again into kg per kg of the composite. It also proposes process electricity (kWh/kg) and
  natural gas (MJ/kg). Rates it gives carry origin ``model``.
- :func:`reconcile` — a direct single-number estimate from the same model, compared with the engine's
  total; the gap is a ``reconciliation`` check in the trace.

``model`` is a model string for :func:`openpcf.llm.build_model` (``"openai:gpt-4o-mini"``) or a
pydantic-ai model object (tests use ``FunctionModel``). Nothing here runs without a model.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from openpcf.engine.product import BomEntry, ProductSpec
from openpcf.engine.trace import Check, Trace

MAX_DEPTH = 2
MAX_COMPONENTS = 12


class ProposedComponent(BaseModel):
    name: str = Field(description="A material or part, named as an LCA practitioner would (e.g. 'polypropylene')")
    kg_per_kg: float = Field(ge=0, description="kg of this component per kg of the parent (product or composite)")
    composite: bool = Field(False, description="True when it is an assembly or mixture to decompose further")


class ProposedBom(BaseModel):
    components: list[ProposedComponent]
    electricity_kwh_per_kg: float | None = Field(None, ge=0, description="Process electricity, kWh per kg of product")
    natural_gas_mj_per_kg: float | None = Field(None, ge=0, description="Process natural gas, MJ per kg of product")


class DirectEstimate(BaseModel):
    kgco2e_per_declared_unit: float = Field(gt=0, description="Cradle-to-gate kg CO2e per declared unit")


_DECOMPOSE = (
    "You are an LCA practitioner. List the input materials of the product below, by mass, in kg per kg of "
    "{parent}, so that the amounts sum to about 1 (include minor components, additives and finishes; at most "
    "{n}). Flag as composite only assemblies or mixtures that a background database would not have."
)


def _model(model: Any) -> Any:
    if isinstance(model, str):
        from openpcf.llm import build_model

        return build_model(model)
    return model


def _ask(model: Any, output_type: type[BaseModel], system: str, prompt: str) -> Any:
    from pydantic_ai import Agent

    agent = Agent(_model(model), output_type=output_type, system_prompt=system)
    return agent.run_sync(prompt).output


def _describe(product: ProductSpec) -> str:
    parts = [f"Product: {product.name}", f"Declared unit: {product.declared_unit}"]
    if product.description:
        parts.append(f"Description: {product.description}")
    if product.region:
        parts.append(f"Region: {product.region}")
    return "\n".join(parts)


def propose_bom(product: ProductSpec, model: Any, *, max_depth: int = MAX_DEPTH) -> list[BomEntry]:
    """A bill of materials (kg per kg of product, energy per kg) proposed by ``model``, depth-bounded."""
    top: ProposedBom = _ask(model, ProposedBom, _DECOMPOSE.format(parent="product", n=MAX_COMPONENTS), _describe(product))
    entries: list[BomEntry] = []

    def add(components: list[ProposedComponent], scale: float, parent: str | None, depth: int) -> None:
        for c in components[:MAX_COMPONENTS]:
            amount = c.kg_per_kg * scale
            entries.append(BomEntry(name=c.name, amount=amount, unit="kg", parent=parent))
            if c.composite and depth < max_depth and amount > 0:
                sub: ProposedBom = _ask(model, ProposedBom, _DECOMPOSE.format(parent=f"'{c.name}'", n=MAX_COMPONENTS),
                                        f"Decompose the composite '{c.name}', a part of:\n{_describe(product)}")
                add(sub.components, amount, c.name, depth + 1)

    add(top.components, 1.0, None, 1)
    if top.electricity_kwh_per_kg:
        entries.append(BomEntry(name="process electricity", amount=top.electricity_kwh_per_kg, unit="kWh"))
    if top.natural_gas_mj_per_kg:
        entries.append(BomEntry(name="process heat (natural gas)", amount=top.natural_gas_mj_per_kg, unit="MJ"))
    return entries


def reconcile(trace: Trace, product: ProductSpec, model: Any) -> Check:
    """Compare the engine's total with the model's direct single-number estimate (within 2× passes)."""
    direct: DirectEstimate = _ask(
        model, DirectEstimate,
        "You are an LCA practitioner. Estimate the cradle-to-gate carbon footprint of the product below.",
        _describe(product),
    )
    engine = trace.result.kgco2e if trace.result else 0.0
    value = direct.kgco2e_per_declared_unit
    ratio = engine / value if value > 0 else float("inf")
    ok = 0.5 <= ratio <= 2.0
    return Check(code="reconciliation", severity="info" if ok else "warning", passed=ok, value=round(ratio, 4),
                 message=f"the model's direct estimate is {value:.4g} kg CO2e; the engine's total is "
                 f"{ratio:.2f}× that" + ("" if ok else " — check the largest contributions"))
