"""Hand-made traces and RUNDIRs for the report tests (tiny, with numbers worked by hand).

Trace "glass jar", per 1 kg of product:
  sand            0.50 kg × 0.01 kg CO2e/kg   = 0.005
  soda ash        0.20 kg × 1.00              = 0.200
  coating (composite)
    tin oxide     0.01 kg × 10.0              = 0.100
    mystery additive 0 kg, no factor          = ghost + missing factor
  electricity     2.00 kWh × 0.25 kg CO2e/kWh = 0.500
  total                                       = 0.805 kg CO2e per 1 kg
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from openpcf.engine.aggregation import summarise
from openpcf.engine.trace import (
    Activity, Alternative, Check, DeclaredUnit, Edit, FactorProvenance, InputLine, ProductInfo, Rate, Trace,
    Uncertainty, VarianceContributor, Versions,
)

TOTAL = 0.805


def _factor(fid: str, name: str, value: float, unit: str = "kg") -> FactorProvenance:
    return FactorProvenance(id=fid, name=name, value=value, unit=unit, source=f"Test source table {fid}",
                            license="CC0-1.0", year=2024, geography="GLO", gwp="IPCC AR6 GWP100",
                            url=f"https://example.org/factors/{fid}")


def glass_jar_trace(with_edit: bool = True) -> Trace:
    inputs = [
        InputLine(id="1", name="sand", rate=Rate(value=0.5, unit="kg", origin="composition", as_given="50%"),
                  activity=Activity(query="sand", name="sand, at quarry", score=0.92, method="search",
                                    alternatives=[Alternative(name="gravel, crushed", score=0.61)]),
                  factor=_factor("F-SAND", "sand, at quarry", 0.01)),
        InputLine(id="2", name="soda ash", rate=Rate(value=0.2, unit="kg", origin="composition", as_given="20%"),
                  activity=Activity(query="soda ash", name="soda ash, dense", score=0.88, method="alias"),
                  factor=_factor("F-SODA", "soda ash, dense", 1.0)),
        InputLine(id="3", name="coating", children=["3.1", "3.2"], rate=Rate(value=0.01, unit="kg", origin="user")),
        InputLine(id="3.1", name="tin oxide", parent_id="3", depth=1, rate=Rate(value=0.01, unit="kg", origin="model"),
                  activity=Activity(query="tin oxide", name="tin oxide", score=0.7, method="search"),
                  factor=_factor("F-TIN", "tin oxide", 10.0)),
        InputLine(id="3.2", name="mystery <additive>", parent_id="3", depth=1,
                  rate=Rate(value=0.0, unit="kg", origin="model"),
                  activity=Activity(query="mystery additive", name=None)),
    ]
    energy = [InputLine(id="E1", name="electricity", kind="energy", role="process energy",
                        rate=Rate(value=2.0, unit="kWh", origin="default"),
                        factor=_factor("F-GRID-FR", "electricity, grid, FR", 0.25, "kWh"))]
    checks = [
        Check(code="mass_balance", severity="warning", passed=False, message="S = 0.71 kg/kg < 1: mass is missing", value=0.71),
        Check(code="ghost_input", severity="warning", passed=False, message="1 input listed with zero rate",
              input_ids=["3.2"]),
        Check(code="missing_factor", severity="error", passed=False, message="1 input has no emission factor",
              input_ids=["3.2"]),
    ]
    edits = [Edit(lever="region=FR", target="region", field="region", old="DE", new="FR",
                  kgco2e_before=1.105, kgco2e_after=TOTAL)] if with_edit else []
    trace = Trace(
        product=ProductInfo(name="Glass jar", description="A 500 ml jar of soda-lime glass.",
                            declared_unit=DeclaredUnit(amount=1, unit="kg"), region="FR",
                            category="Glass products", composition_as_given="sand: 50%; soda ash: 20%"),
        inputs=inputs, energy=energy, checks=checks, edits=edits,
        uncertainty=Uncertainty(runs=2000, seed=7, median=0.79, p2_5=0.52, p97_5=1.31, mean=0.82,
                                contributors=[VarianceContributor(input_id="E1", name="electricity", share=0.6),
                                              VarianceContributor(input_id="2", name="soda ash", share=0.3)]),
        versions=Versions(software="openpcf 0.1.0-test", factor_library="test-factors 1"),
        settings={"seed": 7},
    )
    return summarise(trace)


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path
