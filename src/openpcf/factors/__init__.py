"""Open emission factors and resolvers: kg CO2e per unit with provenance, offline, no licence needed.

Public API (stable; used by the compositional engine)::

    from openpcf import factors

    chain = factors.default_resolver()              # ResolverChain: open energy → open library
    m = factors.resolve("polypropylene", unit="kg") # FactorMatch | None
    m.factor.value, m.factor.unit                   # 2.56859 kg CO2e per kg (DESNZ 2024)
    m.method, m.score, m.confidence, m.resolver     # "alias", 0.95, "high", "open"
    m.factor.source.cite(), m.factor.license, m.factor.year, m.factor.geography, m.factor.gwp

    factors.grid_intensity("DE", year=2023)         # Factor, kg CO2e per kWh generated (Ember/OWID)
    factors.electricity_low_voltage("FR")           # + T&D losses (estimate uplift), per kWh
    factors.natural_gas_per_mj()                    # gas burnt incl. supply, kg CO2e per MJ (DESNZ)
    factors.natural_gas("m3", burnt=False)          # supply only (ecoinvent "market for natural gas")
    factors.heat_from_natural_gas(0.9)              # per MJ heat = gas per MJ / boiler efficiency

- ``resolve(name, unit=None, geography=None, key=None)`` asks ``default_resolver()``; a ``unit`` converts
  the factor (per t → per kg, per kWh → per MJ) and excludes factors of another dimension. Spend-based
  factors (kg CO2e per USD, US EPA) answer only when ``unit`` is a currency.
- Add your own data: ``default_resolver(tables=["my_factors.csv"], ecoinvent_lcia=EcoinventLciaResolver(...))``
  puts your resolvers *before* the open ones; every match records which resolver answered.
- Every :class:`Factor` carries source (publisher, document, table/row), licence, year, geography, GWP
  basis, boundary, quality flag and notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from openpcf.factors.energy import (
    EnergyResolver,
    UnknownGeographyError,
    electricity_low_voltage,
    grid_intensity,
    heat_from_natural_gas,
    natural_gas,
    natural_gas_per_mj,
)
from openpcf.factors.library import FactorLibrary, FactorTableError, open_library, read_factor_table
from openpcf.factors.material_class import MaterialClassResolver, material_class
from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.factors.resolver import FactorResolver, LibraryResolver, ResolverChain


@lru_cache(maxsize=1)
def _open_library_resolver() -> LibraryResolver:
    # built once: its lexical index is the expensive part (~0.2 s)
    return LibraryResolver(open_library(), name="open", exclude_categories=("spend", "emission"),
                           trust_aliases=False)


def open_resolver() -> ResolverChain:
    """The open data only: energy carriers by geography, the embedded library (without spend-based and
    direct-emission GWP factors, which answer only queries in USD or ``gwp100`` calls), then
    class factors (metal, wood, polymer, mineral, chemical; confidence low)."""
    return ResolverChain([EnergyResolver(), _open_library_resolver(), MaterialClassResolver()])


def table_resolver(path: str | Path, name: str | None = None) -> LibraryResolver:
    """A resolver over a user's CSV/JSON/JSONL factor table (same schema as :class:`Factor`)."""
    p = Path(path)
    return LibraryResolver(FactorLibrary(read_factor_table(p), name=name or f"table:{p.name}"))


def default_resolver(tables: Sequence[str | Path] = (), extra: Sequence[FactorResolver] = ()) -> ResolverChain:
    """The resolver chain: ``extra`` resolvers (e.g. ecoinvent LCIA, Brightway), user ``tables``, then open data."""
    user = [*extra, *(table_resolver(t) for t in tables)]
    return ResolverChain([*user, *open_resolver().resolvers])


def resolve(name: str, unit: str | None = None, geography: str | None = None,
            key: str | None = None) -> FactorMatch | None:
    """Resolve one name with the default (open) chain. ``unit`` e.g. "kg", "kWh", "MJ", "m3"."""
    return open_resolver().resolve(FactorQuery(name=name, unit=unit, geography=geography, key=key))


__all__ = [
    "EnergyResolver",
    "Factor",
    "FactorLibrary",
    "FactorMatch",
    "FactorQuery",
    "FactorResolver",
    "FactorTableError",
    "LibraryResolver",
    "MaterialClassResolver",
    "ResolverChain",
    "Source",
    "UnknownGeographyError",
    "default_resolver",
    "electricity_low_voltage",
    "grid_intensity",
    "heat_from_natural_gas",
    "material_class",
    "natural_gas",
    "natural_gas_per_mj",
    "open_library",
    "open_resolver",
    "read_factor_table",
    "resolve",
    "table_resolver",
]
