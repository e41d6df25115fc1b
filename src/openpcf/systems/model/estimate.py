"""The engine with a language model's help: the model proposes a missing bill of materials and its direct
estimate is reconciled with the engine's total. The engine itself stays model-free
(:func:`openpcf.engine.estimation.estimate`)."""

from __future__ import annotations

import asyncio
from typing import Any

from openpcf.engine.estimation import DEFAULT_RUNS, estimate
from openpcf.engine.product import ProductSpec
from openpcf.engine.trace import Trace
from openpcf.factors.resolver import FactorResolver
from openpcf.llm.guarded_model import close_model, guard_model
from openpcf.systems.model.bom_proposal import model_label, propose_bom, reconcile


def estimate_with_model(
    product: ProductSpec,
    *,
    model: Any,
    base_url: str | None = None,
    region: str | None = None,
    seed: int = 0,
    source: FactorResolver | None = None,
    runs: int = DEFAULT_RUNS,
    product_class: str | None = None,
) -> Trace:
    """:func:`estimate_with_model_async` in a new event loop (from async code, await that instead)."""
    return asyncio.run(estimate_with_model_async(product, model=model, base_url=base_url, region=region, seed=seed,
                                                 source=source, runs=runs, product_class=product_class))


async def estimate_with_model_async(
    product: ProductSpec,
    *,
    model: Any,
    model_settings: dict[str, Any] | None = None,
    prompts: Any = None,
    base_url: str | None = None,
    region: str | None = None,
    seed: int = 0,
    source: FactorResolver | None = None,
    runs: int = DEFAULT_RUNS,
    product_class: str | None = None,
) -> Trace:
    """Estimate with a language model: it proposes the bill of materials when the product has neither a
    composition nor a BOM (:func:`openpcf.systems.model.bom_proposal.propose_bom`), and its direct estimate
    is reconciled with the total. A model string is built with the one retry layer and the response cache
    (:func:`openpcf.llm.guarded_model.guard_model`, at ``base_url`` if given) and closed at the end; a model
    object is used as given with ``model_settings`` (pydantic-ai settings) and ``prompts`` (a ``PromptBook``)."""
    built = isinstance(model, str)
    if built:
        model, _, model_settings = guard_model(model, base_url=base_url)
    try:
        model_name, unit_mass = None, None
        if not product.bom and not (product.composition or "").strip():
            bom, unit_mass = await propose_bom(product, model, model_settings=model_settings, prompts=prompts)
            product = product.model_copy(update={"bom": bom, "declared_mass_kg": unit_mass or product.declared_mass_kg})
            model_name = model_label(model)
        trace = estimate(product, region=region, seed=seed, source=source, runs=runs,
                         product_class=product_class, bom_by=model_name)
        if model_name and unit_mass is not None:
            trace.settings["declared_mass_origin"] = "model"
        trace.checks.append(await reconcile(trace, product, model, model_settings=model_settings, prompts=prompts))
    finally:
        if built:
            await close_model(model)
    trace.versions.model = trace.versions.model or model_label(model)
    return trace
