"""The leaves of an estimate's trace by input name, and the check that one input alone reaches its own factor
on the embedded open library (shared by the engine tests of the development sweeps)."""

from __future__ import annotations

from openpcf.engine import ProductSpec, estimate


def leaves_by_name(trace) -> dict:
    """The material leaves of ``trace``, keyed by input name."""
    return {x.name: x for x in trace.leaves()}


def assert_input_reaches(name: str, factor_id: str) -> None:
    """A test article made 100 % of ``name`` prices it with ``factor_id`` and the result is complete."""
    t = estimate(ProductSpec(name="Test article", composition=f"{name}: 100%"), runs=100, seed=1)
    assert leaves_by_name(t)[name].factor.id == factor_id
    assert t.result.complete
