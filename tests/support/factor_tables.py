"""A hand-made, exact-name factor table for engine tests (no dependence on the open library's values)."""

from __future__ import annotations

from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.units import is_convertible

SRC = Source(publisher="test", document="hand-made table")


def _factor(name: str, value: float, unit: str = "kg", geography: str = "GLO") -> Factor:
    return Factor(id=f"test:{name.replace(' ', '-')}:{geography}", name=name, value=value, unit=unit,
                  boundary="cradle-to-gate", geography=geography, year=2024, gwp="IPCC AR6 GWP100",
                  source=SRC, license="CC0", quality="high")


class TableSource:
    """Exact-name factor table; energy factors can depend on geography."""

    name = "test-table"

    def __init__(self, factors: list[Factor]):
        self.factors = factors

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        hits = [f for f in self.factors if f.name.lower() == query.name.lower()
                and (query.unit is None or is_convertible(f.unit, query.unit))]
        geo = [f for f in hits if query.geography and f.geography == query.geography]
        pick = (geo or [f for f in hits if f.geography == "GLO"] or [None])[0]
        if pick is None:
            return None
        return FactorMatch(factor=pick, method="exact", score=1.0, confidence="high", resolver=self.name,
                           query=query.name, matched_text=pick.name)


TABLE = TableSource([
    _factor("steel", 2.0),
    _factor("polypropylene", 1500.0, unit="t"),  # per tonne: the engine must convert to per kg
    _factor("tap water", 0.001),
    _factor("rhodium", 20000.0),
    _factor("electricity, low voltage", 0.4, unit="kWh"),
    _factor("electricity, low voltage", 0.05, unit="kWh", geography="FR"),
    _factor("natural gas, burnt", 0.06, unit="MJ"),
])
