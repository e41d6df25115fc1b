"""Open energy factors with geography: grid electricity, natural gas, heat from natural gas.

- **Grid electricity** — Ember / Our World in Data carbon intensity of electricity generation by country
  and year (g CO2e per kWh generated; CC BY 4.0). Ember computes it with **life-cycle** emission factors
  per fuel (IPCC AR5 WG3 Annex III medians: fuel supply, plant construction and combustion), so it is a
  life-cycle value, not a scope 2 combustion-only one. :func:`grid_intensity` returns it as published.
  :func:`electricity_low_voltage` adds transmission and distribution losses: for Great Britain from the
  source (DESNZ 2024 T&D factor ÷ generation factor, 0.0183 / 0.20705 = +8.84 %); no open per-country loss
  table is available offline, so every other country gets the same uplift as a labelled **assumption**
  (national loss rates differ, typically 5–15 % of output).
- **Natural gas** — DESNZ 2024: burnt = combustion (scope 1) + well-to-tank supply, per m3, kWh (net
  CV) or MJ; supply only = well-to-tank (what an ecoinvent "market for natural gas" delivers).
- **Heat from natural gas** — gas burnt per MJ of fuel (net CV) ÷ boiler efficiency (default 0.90, a
  typical modern industrial gas boiler on a net-CV basis; an assumption, stated on the factor).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from openpcf.factors.library import FactorLibrary, open_library
from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.paths import package_data
from openpcf.vocabulary.geography import parse_region
from openpcf.vocabulary.names import content_tokens, normalise_name

GRID_FILE = "grid_intensity.json"
TD_LOSS_UPLIFT = round(0.0183 / 0.20705, 6)  # DESNZ 2024: T&D-UK electricity ÷ UK electricity generated
#: Countries whose T&D uplift comes from an open source (ISO alpha-3 → source); others: assumption.
TD_SOURCES = {"GBR": "DESNZ 2024 'Transmission and distribution' row 22 (0.0183) ÷ 'UK electricity' row 25 "
                     "(0.20705), OGL v3.0"}
GRID_BOUNDARY = "life-cycle generation (Ember life-cycle factors per fuel), grid average, no T&D losses"
DEFAULT_BOILER_EFFICIENCY = 0.90

# Ecoinvent region codes and continent names → the grid table's own aggregates (Ember/OWID names).
# Countries, the world (GLO, RoW) and Europe/EU are read by the one geography parser,
# :func:`openpcf.vocabulary.geography.parse_region`.
_GRID_AGGREGATES = {
    "rna": "North America", "north america": "North America", "ras": "Asia", "asia": "Asia",
    "raf": "Africa", "africa": "Africa", "rla": "South America",
}


class UnknownGeographyError(LookupError):
    pass


@lru_cache(maxsize=1)
def grid_table() -> dict:
    """The embedded grid-intensity table: {"source": {...}, "countries": {code: {name, iso2?, g_per_kwh}}}."""
    return json.loads(package_data("factors", GRID_FILE).read_text(encoding="utf-8"))


def country_code(text: str) -> str:
    """ISO 3166 alpha-3 (or region name) for an alpha-2/alpha-3 code, a country name or GLO/RER/RoW…

    An exact key, ISO code or name of the grid table wins; otherwise the place is read by
    :func:`~openpcf.vocabulary.geography.parse_region` (RoW and GLO → the world, ``WLD``; "Europe"/RER →
    the grid's Europe, EU/EU-27 → the European Union (27); a country → its alpha-3 code); then the
    ecoinvent continent codes (RNA, RAS, RAF, RLA).
    """
    countries = grid_table()["countries"]
    t = text.strip()
    key = t.lower()
    if t.upper() in countries:
        return t.upper()
    for code, entry in countries.items():
        if entry.get("iso2", "").upper() == t.upper() or entry["name"].lower() == key or code.lower() == key:
            return code
    region = parse_region(t)
    if region is not None:
        grid_key = region.alpha3 or _REGION_GRID_KEYS.get((region.code, region.name))
        if grid_key in countries:
            return grid_key
    if _GRID_AGGREGATES.get(key) in countries:
        return _GRID_AGGREGATES[key]
    raise UnknownGeographyError(f"unknown country or region {text!r} (use ISO 3166 alpha-2/3, e.g. DE or DEU)")


#: Regions of the geography parser → grid-table keys (Europe and the EU are two rows of the table).
_REGION_GRID_KEYS = {("GLO", "World"): "WLD", ("EU", "Europe"): "Europe", ("EU", "European Union"): "European Union (27)"}


def grid_intensity(country: str = "WLD", year: int | None = None) -> Factor:
    """Grid-average generation intensity, kg CO2e per kWh (Ember/OWID), for ``country`` and ``year``.

    ``year`` None → the latest year published for that country; otherwise the latest year ≤ ``year``.
    Raises :class:`UnknownGeographyError` for an unknown country and LookupError when no year fits.
    """
    table = grid_table()
    code = country_code(country)
    entry = table["countries"][code]
    years = sorted(int(y) for y in entry["g_per_kwh"])
    usable = [y for y in years if year is None or y <= year]
    if not usable:
        raise LookupError(f"no grid intensity for {code} in or before {year} (first year {years[0]})")
    y = usable[-1]
    g = float(entry["g_per_kwh"][str(y)])
    src = table["source"]
    return Factor(
        id=f"ember-owid:grid:{code}:{y}", name=f"Electricity, grid average generation, {entry['name']}",
        aliases=(f"electricity {entry['name']}",), value=round(g / 1000.0, 6), unit="kWh",
        boundary=GRID_BOUNDARY, geography=code, year=y,
        gwp="CO2e as published by Ember / OWID (Ember methodology, life-cycle factors)",
        source=Source(publisher=src["publisher"], document=src["document"], table="carbon-intensity-electricity",
                      row=f"{entry['name']} {y}"),
        license=f"{src['license']}; attribution: {src['attribution']}", quality="high", category="electricity",
        notes=f"{g:g} g CO2e per kWh generated ÷ 1000; life-cycle value (Ember applies life-cycle emission "
              "factors per fuel)" + ("" if year is None or y == year else f"; latest year ≤ {year} is {y}"))


def electricity_low_voltage(country: str = "WLD", year: int | None = None) -> Factor:
    """Electricity as consumed from the grid, kg CO2e per kWh: life-cycle generation × (1 + T&D loss uplift).

    The uplift is sourced for Great Britain (:data:`TD_SOURCES`) and an assumption elsewhere (the same
    ratio; ``details["t_and_d_basis"]`` says which, and the quality is "estimate" when assumed).
    """
    gen = grid_intensity(country, year)
    value = round(gen.value * (1.0 + TD_LOSS_UPLIFT), 6)
    code = gen.geography
    sourced = TD_SOURCES.get(code)
    basis = (f"source: {sourced}" if sourced else
             "assumption: no open per-country T&D loss table offline; the GB ratio (DESNZ 2024, 0.0183 / "
             "0.20705) is applied; national losses are typically 5-15 % of output")
    return gen.model_copy(update={
        "id": gen.id.replace(":grid:", ":grid-consumed:"),
        "name": gen.name.replace("grid average generation", "grid consumption mix (incl. T&D losses)"),
        "value": value, "boundary": "life-cycle generation (Ember) + transmission and distribution losses"
                                    + ("" if sourced else " (assumed)"),
        "quality": "high" if sourced else "estimate",
        "notes": f"{gen.value:g} kg/kWh generated (life-cycle) × (1 + {TD_LOSS_UPLIFT:g}); T&D {basis}",
        "details": {"generation": gen.value, "t_and_d_uplift": TD_LOSS_UPLIFT,
                    "t_and_d_basis": "source" if sourced else "assumption"},
    })


def _gas(library: FactorLibrary, kind: str, unit: str) -> Factor:
    ids = {"m3": "m3", "kWh": "kwh", "MJ": "kwh", "t": "t"}
    if unit not in ids:
        raise ValueError(f"natural gas factors are per m3, kWh, MJ or t, not {unit!r}")
    f = library.get(f"desnz2024:fuel:natural-gas:{kind}:{ids[unit]}")
    if f is None:
        raise LookupError(f"natural gas factor ({kind}, {unit}) missing from the library")
    return f.per(unit)


def natural_gas(unit: str = "MJ", burnt: bool = True, library: FactorLibrary | None = None) -> Factor:
    """Natural gas, kg CO2e per ``unit`` (m3, kWh or MJ on a net-CV basis; t).

    ``burnt=True``: combustion + supply (for gas used as fuel); ``False``: supply only (well-to-tank).
    """
    return _gas(library or open_library(), "burnt" if burnt else "supply", unit)


def natural_gas_per_mj(burnt: bool = True) -> Factor:
    """Natural gas burnt (or supplied), kg CO2e per MJ (net CV). DESNZ 2024: 0.23611/3.6 = 0.0655861."""
    return natural_gas("MJ", burnt=burnt)


def heat_from_natural_gas(boiler_efficiency: float = DEFAULT_BOILER_EFFICIENCY,
                          library: FactorLibrary | None = None) -> Factor:
    """Heat from a natural-gas boiler, kg CO2e per MJ of heat = gas burnt per MJ ÷ efficiency."""
    if not 0.0 < boiler_efficiency <= 1.2:
        raise ValueError(f"boiler efficiency must be in (0, 1.2], got {boiler_efficiency}")
    gas = natural_gas("MJ", burnt=True, library=library)
    return gas.model_copy(update={
        "id": f"openpcf:heat:natural-gas-boiler-{boiler_efficiency:g}",
        "name": "Heat, from natural gas, industrial boiler", "aliases": ("heat, natural gas", "process heat"),
        "value": gas.value / boiler_efficiency, "unit": "MJ", "category": "heat",
        "boundary": "combustion + well-to-tank of the gas, per MJ of heat delivered", "quality": "estimate",
        "notes": (f"{gas.value:.6g} kg CO2e per MJ gas (net CV, DESNZ 2024 Fuels + WTT) ÷ boiler efficiency "
                  f"{boiler_efficiency:g} (assumed, net-CV basis)"),
        "details": {"gas_per_mj": gas.value, "boiler_efficiency": boiler_efficiency},
    })


# ---- recognising energy queries --------------------------------------------------------------------
_ELECTRICITY_OK = {"electricity", "market", "group", "grid", "low", "medium", "high", "voltage", "mix",
                   "consumption", "supply", "purchased", "national", "average", "power", "electric", "energy",
                   "kwh"}
_GAS_OK = {"natural", "gas", "market", "group", "high", "low", "pressure", "supply", "burnt", "burned",
           "combusted", "combustion", "fuel", "consumption", "network", "pipeline", "grid"}
_HEAT_OK = {"heat", "district", "industrial", "natural", "gas", "market", "group", "steam", "thermal",
            "energy", "boiler", "process", "from"}


def energy_kind(name: str) -> str | None:
    """'electricity', 'natural gas', 'natural gas supply' or 'heat' when ``name`` names an energy carrier."""
    tokens = set(content_tokens(name))
    low = normalise_name(name)
    if not tokens:
        return None
    if "heat" in tokens and tokens <= _HEAT_OK and ("gas" in tokens or tokens <= {"heat", "process", "thermal",
                                                                                 "energy", "industrial"}):
        return "heat"
    if "electricity" in tokens and tokens <= _ELECTRICITY_OK:
        return "electricity"
    if {"natural", "gas"} <= tokens <= _GAS_OK:
        if re.search(r"\b(pressure|supply|market)\b", low) and not tokens & {"burnt", "burned", "combusted",
                                                                             "combustion"}:
            return "natural gas supply"
        return "natural gas"
    return None


class EnergyResolver:
    """Resolves electricity (by geography), natural gas and heat queries to open values."""

    name = "open-energy"

    def __init__(self, default_geography: str = "WLD", boiler_efficiency: float = DEFAULT_BOILER_EFFICIENCY):
        self.default_geography = default_geography
        self.boiler_efficiency = boiler_efficiency

    def factor_for(self, kind: str, unit: str | None, geography: str | None) -> Factor | None:
        if kind == "electricity":
            try:
                f = electricity_low_voltage(geography or self.default_geography)
            except UnknownGeographyError:
                f = electricity_low_voltage(self.default_geography)
        elif kind == "heat":
            f = heat_from_natural_gas(self.boiler_efficiency)
        else:
            burnt = kind == "natural gas"
            f = natural_gas("MJ" if burnt else "m3", burnt=burnt)
        if unit is None:
            return f
        from openpcf import units

        if not units.is_convertible(f.unit, unit):
            if kind.startswith("natural gas") and units.is_convertible(unit, "m3"):
                return natural_gas("m3", burnt=kind == "natural gas").per(unit)
            return None
        return f.per(unit)

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        kind = energy_kind(query.name)
        if kind is None:
            return None
        f = self.factor_for(kind, query.unit, query.geography)
        if f is None:
            return None
        return FactorMatch(factor=f, method="energy", score=1.0, confidence="high", resolver=self.name,
                           query=query.name, matched_text=kind)
