"""The LLM path: a language model fills what the user did not give, and cross-checks the result.

- :func:`propose_bom` — decompose → triage → recursive decomposition (depth ≤ ``max_depth``): the model
  lists the product's materials in kg per kg of product and flags composites; each composite is
  decomposed again into kg per kg of the composite. It also proposes process electricity (kWh/kg) and
  natural gas (MJ/kg). Rates it gives carry origin ``model``.
- :func:`reconcile` — a direct single-number estimate from the same model, compared with the engine's
  total; the gap is a ``reconciliation`` check in the trace.

Both are async: in a benchmark run the model is the runner's guarded model (response cache, rate limit, the
one retry layer, usage metered on the item) and shares the run's event loop. ``model`` is a pydantic-ai
model (tests use ``FunctionModel``); ``model_settings`` are pydantic-ai settings (provider retries off, see
:func:`openpcf.llm.guarded_model.guard_model`). The prompts are the ``compositional.*.j2`` templates of
:mod:`openpcf.llm.prompt_book` (replaceable with ``--prompts DIR``). Nothing here runs without a model.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from openpcf.engine.product import BomEntry, ProductSpec
from openpcf.engine.trace import Check, Trace
from openpcf.llm.prompt_book import PromptBook
from openpcf.systems.model.templates import prompt_book

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
    declared_unit_mass_kg: float | None = Field(
        None, gt=0, description="Mass in kg of one declared unit, when the declared unit is not a mass (e.g. 1 m2)")


class DirectEstimate(BaseModel):
    kgco2e_per_declared_unit: float = Field(gt=0, description="Cradle-to-gate kg CO2e per declared unit")


#: The prompt templates of the LLM path (hashed into a run's manifest).
TEMPLATES = ("compositional.decompose.system.j2", "compositional.product.user.j2", "compositional.direct.system.j2")


def model_label(model: Any) -> str:
    """``provider:name`` of a guarded model, else the model's name (for the trace's versions)."""
    return str(getattr(model, "cache_label", None) or getattr(model, "model_name", None) or model)


async def _ask(model: Any, output_type: type[BaseModel], system: str, prompt: str,
               model_settings: dict[str, Any] | None) -> Any:
    from pydantic_ai import Agent

    agent = Agent(model, output_type=output_type, system_prompt=system, model_settings=model_settings or {})
    return (await agent.run(prompt)).output


def _describe(product: ProductSpec, prompts: PromptBook, composite: str | None = None) -> str:
    return prompts.render("compositional.product.user.j2", product_name=product.name, declared_unit=product.declared_unit,
                          description=product.description, region=product.region, composite=composite)


async def propose_bom(product: ProductSpec, model: Any, *, max_depth: int = MAX_DEPTH,
                      model_settings: dict[str, Any] | None = None,
                      prompts: PromptBook | None = None) -> tuple[list[BomEntry], float | None]:
    """A bill of materials proposed by ``model``, depth-bounded, and the mass of one declared unit when the
    model had to give it (a declared unit that is not a mass, with no mass given; else ``None``).

    Materials are ``kg/kg`` shares of the product (the engine scales them by the declared unit's mass);
    process energy is per declared unit (the model's per-kg figure times that mass)."""
    from openpcf.engine.estimation import EstimateError, parse_declared_unit

    book = prompts or prompt_book()
    du = parse_declared_unit(product.declared_unit, product.declared_mass_kg)
    known_mass = du.unit_mass_kg()

    async def ask(parent: str, composite: str | None) -> ProposedBom:
        system = book.render("compositional.decompose.system.j2", parent=parent, max_components=MAX_COMPONENTS,
                             top_level=composite is None, ask_mass=composite is None and known_mass is None)
        return await _ask(model, ProposedBom, system, _describe(product, book, composite), model_settings)

    top = await ask("product", None)
    mass = known_mass if known_mass is not None else top.declared_unit_mass_kg
    if mass is None:
        raise EstimateError(f"{product.name!r}: the declared unit {du.label()!r} is not a mass and the model gave no "
                            "mass for it, so its kg-per-kg bill of materials cannot be scaled")
    entries: list[BomEntry] = []

    async def add(components: list[ProposedComponent], scale: float, parent: str | None, depth: int) -> None:
        for c in components[:MAX_COMPONENTS]:
            share = c.kg_per_kg * scale
            entries.append(BomEntry(name=c.name, amount=share, unit="kg/kg", parent=parent))
            if c.composite and depth < max_depth and share > 0:
                sub = await ask(f"'{c.name}'", c.name)
                await add(sub.components, share, c.name, depth + 1)

    await add(top.components, 1.0, None, 1)
    if top.electricity_kwh_per_kg:
        entries.append(BomEntry(name="process electricity", amount=top.electricity_kwh_per_kg * mass, unit="kWh"))
    if top.natural_gas_mj_per_kg:
        entries.append(BomEntry(name="process heat (natural gas)", amount=top.natural_gas_mj_per_kg * mass, unit="MJ"))
    return entries, (mass if known_mass is None else None)


async def reconcile(trace: Trace, product: ProductSpec, model: Any, *, model_settings: dict[str, Any] | None = None,
                    prompts: PromptBook | None = None) -> Check:
    """Compare the engine's total with the model's direct single-number estimate (within 2× passes)."""
    book = prompts or prompt_book()
    direct: DirectEstimate = await _ask(model, DirectEstimate, book.render("compositional.direct.system.j2"),
                                        _describe(product, book), model_settings)
    engine = trace.result.kgco2e if trace.result else 0.0
    value = direct.kgco2e_per_declared_unit
    ratio = engine / value if value > 0 else float("inf")
    ok = 0.5 <= ratio <= 2.0
    return Check(code="reconciliation", severity="info" if ok else "warning", passed=ok, value=round(ratio, 4),
                 message=f"the model's direct estimate is {value:.4g} kg CO2e; the engine's total is "
                 f"{ratio:.2f}× that" + ("" if ok else " — check the largest contributions"))
