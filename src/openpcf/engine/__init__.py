"""The compositional PCF engine: product → bill of materials → activities → factors → kg CO2e + trace.

>>> from openpcf.engine import ProductSpec, estimate          # doctest: +SKIP
>>> trace = estimate(ProductSpec(name="glass jar", composition="sand: 41%; glass cullet: 35%"))  # doctest: +SKIP
>>> trace.result.kgco2e                                       # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from openpcf.engine.product import BomEntry, ProductSpec, product_from_epd_input
from openpcf.engine.trace import TRACE_SCHEMA_VERSION, Trace, trace_json_schema

__all__ = [
    "TRACE_SCHEMA_VERSION",
    "BomEntry",
    "ProductSpec",
    "Trace",
    "compositional_output",
    "estimate",
    "product_from_epd_input",
    "total_kgco2e",
    "trace_json_schema",
]


def __getattr__(name: str) -> Any:  # heavy parts (factor library, search) load on first use
    if name == "estimate":
        from openpcf.engine.estimation import estimate

        return estimate
    if name == "compositional_output":
        from openpcf.engine.output import compositional_output

        return compositional_output
    if name == "total_kgco2e":
        from openpcf.engine.aggregation import total_kgco2e

        return total_kgco2e
    raise AttributeError(name)
