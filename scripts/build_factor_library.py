#!/usr/bin/env python3
"""Build openpcf's embedded open emission-factor library from the raw public sources.

    python scripts/build_factor_library.py [SHARED_DATA_DIR] [--out DIR]   # default: ../shared/data

Reads (never copies) the raw files under SHARED_DATA_DIR/ef and SHARED_DATA_DIR/lci/uslci and writes
compact files into src/openpcf/data/factors/:

- ``library.jsonl.gz``   every factor (DESNZ 2024, AR6 GWP100, EPA v1.3 spend-based, AGRIBALYSE 3.1.1
                          gate values, USLCI-computed cradle-to-gate, documented estimates)
- ``grid_intensity.json`` Ember/OWID grid carbon intensity by ISO-3 code and year (g CO2/kWh)
- ``uslci_results.jsonl.gz`` every solved USLCI process with its cut-off share and checks (also the
                          rejected ones, so that the selection is auditable)
- ``manifest.json``       input checksums, counts and the build's parameters

The output is deterministic: the same inputs give byte-identical files.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from openpcf.gwp import CITATION as GWP_CITATION
from openpcf.gwp import GWP100_AR6
from openpcf.factors.library import write_factors
from openpcf.vocabulary.names import slug
from openpcf.factors.record import Citation, Factor, GhgSplit, Source

OUT = ROOT / "src" / "openpcf" / "data" / "factors"

OGL = "OGL-3.0 (Contains public sector information licensed under the Open Government Licence v3.0)"
DESNZ_PUBLISHER = "UK DESNZ / Defra"
DESNZ_DOC = "Greenhouse gas reporting: conversion factors 2024, full set v1.1"
AR5 = "IPCC AR5 GWP100"
AR6 = "IPCC AR6 GWP100"

# ---------------------------------------------------------------------------------------------
# DESNZ "Material use" (cradle-to-gate, kg CO2e per tonne). Aliases are common names of the same
# material class (general vocabulary, not tied to any benchmark item).
DESNZ_MATERIAL_ALIASES: dict[str, tuple[str, ...]] = {
    "Aggregates": ("aggregate", "gravel", "crushed stone", "crushed rock", "sand", "silica sand", "quartz sand"),
    "Average construction": ("construction material", "construction materials, average"),
    "Asphalt": ("asphalt concrete", "asphalt mixture", "road asphalt"),
    "Bricks": ("brick", "clay brick", "clay bricks"),
    "Concrete": ("concrete, ready-mixed", "ready-mix concrete", "ready mixed concrete"),
    "Insulation": ("insulation material", "building insulation", "insulation wool"),
    "Metals": ("metal", "metals", "metal, unspecified", "construction metals", "alloying elements", "alloying element", "master alloy"),
    "Soils": ("soil", "topsoil"),
    "Mineral oil": ("base oil", "lubricating oil", "lubricant", "lubricants", "oil, mineral", "paraffin oil",
                    "vaseline oil", "white oil", "process oil"),
    "Plasterboard": ("gypsum board", "gypsum plasterboard", "drywall"),
    "Tyres": ("tyre", "tire", "tires", "rubber tyres"),
    "Wood": ("timber", "lumber", "sawn wood", "sawn timber", "wood, sawn"),
    "Glass": ("glass", "container glass", "glass, container", "soda-lime glass", "float glass", "flat glass"),
    "Clothing": ("garment", "garments", "apparel", "clothes"),
    "Food and drink": ("food", "food products", "food and beverages"),
    "Compost derived from garden waste": ("compost",),
    "Electrical items - fridges and freezers": ("refrigerator", "fridge", "freezer"),
    "Electrical items - large": ("large electrical appliance", "large appliance"),
    "Electrical items - IT": ("IT equipment", "electronics", "electronic equipment", "computer equipment"),
    "Electrical items - small": ("small electrical appliance", "small appliance"),
    "Batteries - Alkaline": ("alkaline battery", "alkaline batteries"),
    "Batteries - Li ion": ("lithium-ion battery", "li-ion battery", "lithium ion battery", "battery, li-ion",
                           "lithium-ion batteries"),
    "Batteries - NiMh": ("NiMH battery", "nickel-metal hydride battery"),
    "Metal: aluminium cans and foil (excl. forming)": ("aluminium", "aluminium foil", "aluminium can",
                                                       "aluminium sheet", "primary aluminium",
                                                       "aluminium, primary", "aluminium ingot"),
    "Metal: mixed cans": ("metal cans", "mixed metal cans"),
    "Metal: scrap metal": ("scrap metal, primary",),
    "Metal: steel cans": ("steel", "steel can", "steel sheet", "steel, primary", "low-alloy steel",
                          "carbon steel"),
    "Plastics: average plastics": ("plastic", "plastics", "plastic material", "polymer", "polymers",
                                   "plastic, unspecified", "plastic granulate"),
    "Plastics: average plastic film": ("plastic film", "packaging film", "plastic foil"),
    "Plastics: average plastic rigid": ("rigid plastic", "rigid plastics", "plastic parts"),
    "Plastics: HDPE (incl. forming)": ("HDPE", "high density polyethylene", "polyethylene, high density",
                                       "polyethylene", "PE", "polyethylene granulate", "PE-HD"),
    "Plastics: LDPE and LLDPE (incl. forming)": ("LDPE", "LLDPE", "low density polyethylene",
                                                 "linear low density polyethylene", "polyethylene, low density",
                                                 "polyethylene film", "PE-LD"),
    "Plastics: PET (incl. forming)": ("PET", "polyethylene terephthalate", "PET resin", "PET granulate",
                                      "polyester resin, PET", "polyester"),
    "Plastics: PP (incl. forming)": ("PP", "polypropylene", "polypropylene granulate", "atactic polypropylene"),
    "Plastics: PS (incl. forming)": ("PS", "polystyrene", "general purpose polystyrene"),
    "Plastics: PVC (incl. forming)": ("PVC", "polyvinyl chloride", "vinyl", "PVC resin"),
    "Paper and board: board": ("cardboard", "paperboard", "board", "carton board", "corrugated board",
                               "cardboard box", "corrugated cardboard", "carton"),
    "Paper and board: mixed": ("paper and board", "paper and cardboard", "paper packaging", "packaging",
                               "packaging material", "consumer packaging", "distribution packaging",
                               "secondary packaging", "transport packaging", "packaging materials",
                               "tertiary packaging", "primary packaging", "packing material"),
    "Paper and board: paper": ("paper", "graphic paper", "kraft paper", "printing paper"),
}

# Recycled-content names for DESNZ's closed-loop (or open-loop) "source" columns.
DESNZ_RECYCLED_ALIASES: dict[str, tuple[str, ...]] = {
    "Aggregates": ("recycled aggregate", "recycled aggregates", "secondary aggregate"),
    "Asphalt": ("recycled asphalt", "reclaimed asphalt"),
    "Concrete": ("recycled concrete", "crushed concrete"),
    "Insulation": ("recycled insulation",),
    "Metals": ("recycled metal", "secondary metal", "metal scrap"),
    "Mineral oil": ("recycled oil", "recycled oils", "re-refined oil", "re-refined base oil", "regenerated oil",
                    "oils (100% recycled)"),
    "Plasterboard": ("recycled plasterboard", "recycled gypsum"),
    "Glass": ("recycled glass", "glass cullet", "cullet", "glass, recycled", "broken glass"),
    "Metal: aluminium cans and foil (excl. forming)": (
        "recycled aluminium", "secondary aluminium", "aluminium scrap", "aluminium, secondary",
        "aluminium scrap, post-consumer", "aluminium scrap, pre-consumer", "post-consumer aluminium scrap",
        "pre-consumer aluminium scrap", "remelted aluminium", "aluminium (recycling)", "recycled aluminium ingot"),
    "Metal: mixed cans": ("recycled cans",),
    "Metal: scrap metal": ("scrap metal", "metal scrap, recycled"),
    "Metal: steel cans": ("steel scrap", "scrap steel", "iron scrap", "recycled tinplate", "recycled steel cans"),
    "Plastics: average plastics": ("recycled plastic", "recycled plastics", "plastic, recycled", "secondary plastic",
                                   "post-consumer plastic", "recycled polymer", "regranulate"),
    "Plastics: average plastic film": ("recycled plastic film",),
    "Plastics: average plastic rigid": ("recycled rigid plastic",),
    "Plastics: HDPE (incl. forming)": ("recycled HDPE", "rHDPE", "recycled polyethylene", "recycled PE"),
    "Plastics: LDPE and LLDPE (incl. forming)": ("recycled LDPE", "rLDPE"),
    "Plastics: PET (incl. forming)": ("recycled PET", "rPET", "recycled polyethylene terephthalate"),
    "Plastics: PP (incl. forming)": ("recycled PP", "rPP", "recycled polypropylene"),
    "Plastics: PS (incl. forming)": ("recycled PS", "recycled polystyrene"),
    "Plastics: PVC (incl. forming)": ("recycled PVC", "rPVC"),
    "Paper and board: board": ("recycled cardboard", "recycled board", "recycled paperboard"),
    "Paper and board: mixed": ("recycled paper and board",),
    "Paper and board: paper": ("recycled paper", "recovered paper", "waste paper"),
}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def clean_material_name(material: str) -> str:
    for prefix in ("Metal: ", "Plastics: ", "Paper and board: "):
        if material.startswith(prefix):
            return material[len(prefix):]
    return material


# DESNZ paper and board "primary material production" is 100 % virgin fibre; the market sells a mix. The
# market-average factor = (1 - r) x primary + r x closed-loop source, r the recycled-fibre share stated here
# (recalled from CEPI Key Statistics, European pulp and paper industry, early 2020s: recovered paper is about
# 55 % of all fibre used, about three quarters in packaging grades (case materials above 90 %, cartonboard
# about half) and about 30 % in graphic papers). Generic names resolve to the market average; "virgin" names
# to the DESNZ primary row.
PAPER_RECYCLED_SHARE: dict[str, tuple[float, str]] = {
    "Paper and board: board": (0.75, "about three quarters of the fibre of European packaging board is recovered "
                                     "paper (case materials above 90 %, cartonboard about half)"),
    "Paper and board: paper": (0.30, "about 30 % of the fibre of European graphic papers is recovered paper "
                                     "(newsprint mostly recycled, printing and writing papers mostly virgin)"),
    "Paper and board: mixed": (0.55, "recovered paper is about 55 % of all fibre used by the European paper "
                                     "industry"),
}
PAPER_SHARE_CITATION = Citation(
    authors="Confederation of European Paper Industries (CEPI)", title="Key Statistics (European pulp and paper "
    "industry)", year=2022, locator="recovered paper utilisation rate, total and by grade", recalled=True,
    value_as_published="utilisation rate about 55 % overall; grade shares as stated on the factor")


def desnz_materials(path: Path) -> list[Factor]:
    """DESNZ 'Material use' rows → primary and recycled-source factors per kg, and a market-average factor
    for paper and board (recycled share stated)."""
    out: list[Factor] = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            material = row["material"].strip()
            base = clean_material_name(material)
            def src(col: str, source_row: str = row["source_row"]) -> Source:
                return Source(publisher=DESNZ_PUBLISHER, document=DESNZ_DOC, table=f"Material use: {col}",
                              row=source_row)

            common = {"unit": "kg", "boundary": "cradle-to-gate", "geography": "GB", "year": 2024, "gwp": AR5,
                      "license": OGL, "category": "material"}
            primary = row["primary_material_production_kgCO2e_per_tonne"]
            market = PAPER_RECYCLED_SHARE.get(material)
            word = "paper and board" if base == "mixed" else base
            generic = ((base,) if base != "mixed" else ()) + DESNZ_MATERIAL_ALIASES.get(material, ())
            if market:
                closed = float(row["closed_loop_source_kgCO2e_per_tonne"])
                share, basis = market
                value = (1 - share) * float(primary) + share * closed
                out.append(Factor(
                    id=f"desnz2024:material:{slug(material)}:market-average",
                    name=f"{word.capitalize()}, market average ({share:.0%} recycled fibre)", aliases=generic,
                    value=round(value / 1000.0, 6), source=src("Primary material production and Closed-loop "
                                                               "source, weighted"), quality="medium",
                    notes=(f"(1 - {share:g}) x {primary} + {share:g} x {closed:g} kg CO2e per tonne ÷ 1000; "
                           f"recycled-fibre share {share:.0%} (assumption: {basis}; CEPI Key Statistics, recalled)"),
                    details={"recycled_share": share, "primary": float(primary) / 1000.0,
                             "closed_loop": closed / 1000.0},
                    citation=PAPER_SHARE_CITATION, **common))
                generic = tuple(f"{w} {word}" for w in ("virgin", "primary", "virgin fibre")) + (
                    f"{word}, virgin fibre", f"{word}, primary")
            if primary:
                out.append(Factor(
                    id=f"desnz2024:material:{slug(material)}", name=f"{base}, primary production"
                    + (" (100 % virgin fibre)" if market else ""),
                    aliases=(material,) + generic,
                    value=float(primary) / 1000.0, source=src("Primary material production"), quality="high",
                    notes=f"{primary} kg CO2e per tonne ÷ 1000; UK average of primary production, {row['activity']}",
                    **common))
            for col, label in (("closed_loop_source_kgCO2e_per_tonne", "Closed-loop source"),
                               ("open_loop_source_kgCO2e_per_tonne", "Open-loop source")):
                v = row[col]
                if not v:
                    continue
                kind = "closed-loop" if col.startswith("closed") else "open-loop"
                out.append(Factor(
                    id=f"desnz2024:material:{slug(material)}:{kind}-recycled",
                    name=f"{base}, recycled ({kind} source)",
                    aliases=DESNZ_RECYCLED_ALIASES.get(material, ()),
                    value=float(v) / 1000.0, source=src(label), quality="high",
                    notes=f"{v} kg CO2e per tonne ÷ 1000; material from a {kind} recycling source",
                    **common))
                break  # closed-loop preferred when both exist
    # Tap water is needed for compositions; DESNZ gives it per m3 (Water supply sheet, row 18).
    return out


def _sheet_rows(ws) -> list[tuple[int, list]]:
    return [(i, list(r)) for i, r in enumerate(ws.iter_rows(values_only=True), 1)]


def desnz_fuels(xlsx: Path) -> list[Factor]:
    """Fuels (scope 1 combustion) + WTT-fuels (upstream supply) → per-unit factors.

    For each fuel and unit we publish the supply-only (well-to-tank) factor and the fuel burnt
    including its supply (combustion + WTT). kWh factors use the net calorific value (LHV).
    """
    import openpyxl

    wb = openpyxl.load_workbook(xlsx, read_only=True, data_only=True)

    def table(sheet: str) -> dict[tuple[str, str], tuple[float, int]]:
        out: dict[tuple[str, str], tuple[float, int]] = {}
        fuel = None
        header = None
        for i, row in _sheet_rows(wb[sheet]):
            cells = [c.strip() if isinstance(c, str) else c for c in row]
            if "Activity" in cells and "Unit" in cells:
                header = {name: j for j, name in enumerate(cells) if isinstance(name, str)}
                fuel = None
                continue
            if header is None:
                continue
            fj, uj, vj = header.get("Fuel"), header["Unit"], header["kg CO2e"]
            unit, value = cells[uj], cells[vj]
            if fj is not None and isinstance(cells[fj], str) and cells[fj]:
                fuel = cells[fj]
            if fuel and isinstance(unit, str) and isinstance(value, (int, float)):
                out[(fuel, unit)] = (float(value), i)
            if isinstance(cells[0], str) and cells[0].startswith("FAQ"):
                header = None
        return out

    burn, wtt = table("Fuels"), table("WTT- fuels")
    unit_map = {"tonnes": "t", "litres": "l", "cubic metres": "m3", "kWh (Net CV)": "kWh"}
    aliases = {
        "Natural gas": ("natural gas", "gas, natural", "methane gas", "NG"),
        "Diesel (average biofuel blend)": ("diesel", "diesel fuel", "gas oil, road"),
        "Petrol (average biofuel blend)": ("petrol", "gasoline"),
        "Fuel oil": ("heavy fuel oil", "residual fuel oil", "HFO"),
        "Gas oil": ("light fuel oil", "heating oil", "gasoil"),
        "LPG": ("liquefied petroleum gas",),
        "Coal (industrial)": ("coal", "hard coal", "industrial coal"),
        "Burning oil": ("kerosene", "paraffin"),
        "Aviation turbine fuel": ("jet fuel", "kerosene, aviation"),
        "Petroleum coke": ("petcoke",),
    }
    out: list[Factor] = []
    for (fuel, unit), (value, row) in sorted(burn.items()):
        if unit not in unit_map or (fuel, unit) not in wtt:
            continue
        up, up_row = wtt[(fuel, unit)]
        u = unit_map[unit]
        base_alias = aliases.get(fuel, (fuel.lower(),))
        common = {"unit": u, "geography": "GB", "year": 2024, "gwp": AR5, "license": OGL, "category": "fuel",
                  "quality": "high"}
        out.append(Factor(
            id=f"desnz2024:fuel:{slug(fuel)}:burnt:{slug(u)}", name=f"{fuel}, burnt (combustion + supply)",
            # a bare fuel name means fuel used (burnt); "X, supply" / "market for X" means supply only
            aliases=(fuel, *base_alias) + tuple(f"{a}, burnt" for a in base_alias)
            + tuple(f"{a} combustion" for a in base_alias),
            value=round(value + up, 6), boundary="combustion + well-to-tank",
            source=Source(publisher=DESNZ_PUBLISHER, document=DESNZ_DOC, table="Fuels + WTT- fuels",
                          row=f"{row} + {up_row}"),
            notes=f"Fuels {value:g} + WTT {up:g} kg CO2e per {unit}"
                  + ("; net calorific value basis" if "kWh" in unit else ""),
            details={"combustion": value, "well_to_tank": up}, **common))
        out.append(Factor(
            id=f"desnz2024:fuel:{slug(fuel)}:supply:{slug(u)}", name=f"{fuel}, supply (well-to-tank)",
            aliases=tuple(f"{a}, supply" for a in base_alias) + tuple(f"{a} production" for a in base_alias),
            value=up, boundary="cradle-to-gate (extraction, processing, transport to user)",
            source=Source(publisher=DESNZ_PUBLISHER, document=DESNZ_DOC, table="WTT- fuels", row=str(up_row)),
            notes=f"upstream emissions of {unit} of {fuel} before combustion"
                  + ("; net calorific value basis" if "kWh" in unit else ""),
            **common))
    return out


def desnz_single_rows(xlsx: Path) -> list[Factor]:
    """UK electricity, T&D, heat and steam, water supply and a few freight modes (fixed rows, checked)."""
    import openpyxl

    wb = openpyxl.load_workbook(xlsx, read_only=True, data_only=True)

    def cell(sheet: str, row: int, label: str, col_label: str = "kg CO2e", header_row: int | None = None) -> float:
        rows = dict(_sheet_rows(wb[sheet]))
        cells = rows[row]
        if not any(isinstance(c, str) and label in c for c in cells):
            raise SystemExit(f"DESNZ layout changed: {sheet!r} row {row} has no {label!r}: {cells}")
        # Column of the first numeric value after the unit: the 'kg CO2e' total.
        hdr = rows[header_row] if header_row else next(rows[r] for r in range(row, 0, -1)
                                                       if "Activity" in [str(c).strip() for c in rows[r]])
        j = [str(c).strip() if c is not None else "" for c in hdr].index(col_label)
        return float(cells[j])

    src = lambda table, row: Source(publisher=DESNZ_PUBLISHER, document=DESNZ_DOC, table=table, row=str(row))
    common = {"geography": "GB", "year": 2024, "gwp": AR5, "license": OGL, "quality": "high"}
    gen = cell("UK electricity", 25, "Electricity generated")
    td = cell("Transmission and distribution", 22, "T&D- UK electricity")
    heat = cell("Heat and steam", 21, "Onsite heat and steam")
    water = cell("Water supply", 18, "Water supply")
    out = [
        Factor(id="desnz2024:electricity:uk-generated", name="Electricity, UK grid, generated", unit="kWh",
               aliases=("UK electricity", "electricity, GB", "grid electricity, United Kingdom"),
               value=gen, boundary="generation (scope 2, location-based)", category="electricity",
               source=src("UK electricity", 25), **common),
        Factor(id="desnz2024:electricity:uk-consumed", name="Electricity, UK grid, consumed (incl. T&D losses)",
               unit="kWh", aliases=("electricity, low voltage, GB",), value=round(gen + td, 6),
               boundary="generation + transmission and distribution losses", category="electricity",
               source=src("UK electricity + Transmission and distribution", "25 + 22"),
               details={"generation": gen, "t_and_d": td}, **common),
        Factor(id="desnz2024:heat:uk-heat-and-steam", name="Heat and steam, purchased (UK average CHP mix)",
               unit="kWh", aliases=("heat and steam", "steam", "district heat", "purchased heat"),
               value=heat, boundary="generation (scope 2)", category="heat", source=src("Heat and steam", 21),
               **common),
        Factor(id="desnz2024:water:supply-m3", name="Water supply, mains (tap water)", unit="m3",
               aliases=("tap water", "mains water", "water, tap"), value=water, boundary="cradle-to-gate",
               category="water", source=src("Water supply", 18), **common),
        Factor(id="desnz2024:water:supply-kg", name="Water, tap (per kg)", unit="kg",
               aliases=("water", "process water", "water, deionised", "deionised water", "demineralised water",
                        "water, process", "purified water", "water, decarbonised"),
               value=round(water / 1000.0, 9), boundary="cradle-to-gate", category="water",
               source=src("Water supply", 18),
               notes=f"{water:g} kg CO2e per m3 ÷ 1000 kg per m3 (density 1 kg/l); mains water supply",
               **common),
    ]
    freight = [
        ("Freighting goods", 63, "All HGVs", "HGV, average laden (all diesel)", "tkm",
         ("truck transport", "road freight", "lorry", "transport, freight, lorry", "road transport"), "Average laden"),
        ("Freighting goods", 106, "Rail", "Rail freight train", "tkm",
         ("rail transport", "transport, freight train", "freight train"), None),
        ("Freighting goods", 159, "Average", "Container ship, average", "tkm",
         ("sea freight", "container ship", "transport, freight, sea, container ship", "ocean freight"), None),
        ("Freighting goods", 145, "Average", "Bulk carrier, average", "tkm",
         ("bulk carrier", "transport, freight, sea, bulk carrier"), None),
        ("Freighting goods", 100, "Long-haul, to/from UK", "Air freight, long-haul (with radiative forcing)", "tkm",
         ("air freight", "transport, freight, aircraft", "air cargo"), None),
    ]
    rows_fg = dict(_sheet_rows(wb["Freighting goods"]))
    for sheet, row, label, name, unit, aliases, laden in freight:
        cells = rows_fg[row]
        if not any(isinstance(c, str) and label in c for c in cells):
            raise SystemExit(f"DESNZ layout changed: {sheet!r} row {row} has no {label!r}")
        nums = [c for c in cells if isinstance(c, (int, float))]
        # Laden rows hold 4 blocks (0%, 50%, 100%, average laden) of 4 columns from column D (index 3):
        # the 'Average laden' total is column P (index 15), as labelled in the sheet's row 40.
        if laden and rows_fg[40][15] != laden:
            raise SystemExit("DESNZ layout changed: 'Average laden' is not column P of Freighting goods")
        value = float(cells[15]) if laden else float(nums[0])
        out.append(Factor(id=f"desnz2024:freight:{slug(name)}", name=name, unit=unit, aliases=aliases, value=value,
                          boundary="tank-to-wheel (scope 3 freight, direct emissions)", category="freight",
                          source=src(sheet, row), notes="per tonne.km" + (f"; {laden}" if laden else ""),
                          **common))
    return out


ISO_CODES_JSON = Path("/usr/share/iso-codes/json/iso_3166-1.json")  # Debian package iso-codes


def iso_countries() -> dict[str, dict[str, str]]:
    """ISO 3166-1 alpha-3 → {alpha_2, name}, from Debian's iso-codes or the pycountry package."""
    if ISO_CODES_JSON.is_file():
        rows = json.loads(ISO_CODES_JSON.read_text(encoding="utf-8"))["3166-1"]
    else:
        import pycountry  # pip install pycountry (build time only)

        rows = [{"alpha_2": c.alpha_2, "alpha_3": c.alpha_3, "name": c.name} for c in pycountry.countries]
    return {r["alpha_3"]: {"alpha_2": r["alpha_2"], "name": r.get("common_name", r["name"])} for r in rows}


def owid_grid(path: Path) -> dict:
    iso = iso_countries()
    data: dict[str, dict] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            code = row["Code"].strip()
            if code == "OWID_WRL":
                code = "WLD"
            if code.startswith("OWID"):
                continue
            code = code or row["Entity"].strip()  # regions ("Europe", "European Union (27)") by name
            v = row["Carbon intensity of electricity - gCO2/kWh"].strip()
            if not v:
                continue
            entry = data.setdefault(code, {"name": row["Entity"].strip(), "g_per_kwh": {}})
            if code in iso:
                entry["iso2"] = iso[code]["alpha_2"]
            entry["g_per_kwh"][row["Year"].strip()] = round(float(v), 3)
    return {
        "source": {"publisher": "Our World in Data (Ember; Energy Institute)",
                   "document": "Carbon intensity of electricity generation (grapher export), 2000-2024",
                   "attribution": "Ember (2025); Energy Institute - Statistical Review of World Energy (2025) "
                                  "- with major processing by Our World in Data",
                   "license": "CC BY 4.0",
                   "meaning": "grid-average life-cycle intensity of generation, g CO2e per kWh generated: Ember "
                              "applies life-cycle emission factors per fuel (IPCC AR5 WG3 Annex III medians: fuel "
                              "supply, plant construction and combustion; recalled from Ember's methodology), so "
                              "the value is not a scope 2 combustion-only figure; no T&D losses"},
        "countries": dict(sorted(data.items())),
    }


def epa_spend(path: Path) -> list[Factor]:
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh), 2):
            code, title = row["2017 NAICS Code"].strip(), row["2017 NAICS Title"].strip()
            out.append(Factor(
                id=f"epa-sc-v1.3:naics:{code}", name=f"{title} (spend-based, US)", aliases=(title, f"NAICS {code}"),
                value=float(row["Supply Chain Emission Factors without Margins"]), unit="USD",
                boundary="cradle-to-gate supply chain, per 2022 USD purchaser price, without margins",
                geography="US", year=2022, gwp=AR5, category="spend", quality="low",
                license="Public domain (US Government work; EPA ScienceHub licence)",
                source=Source(publisher="U.S. EPA Office of Research and Development",
                              document="Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6 "
                                       "(doi:10.23719/1531143)",
                              table="SupplyChainGHGEmissionFactors_v1.3.0_NAICS_CO2e_USD2022", row=str(i)),
                notes="spend-based fallback: kg CO2e per 2022 USD; needs a price per unit to use per kg. "
                      f"With margins: {row['Supply Chain Emission Factors with Margins']}",
                details={"with_margins": float(row["Supply Chain Emission Factors with Margins"]),
                         "useeio_code": row["Reference USEEIO Code"].strip()}))
    return out


def agribalyse(path: Path) -> list[Factor]:
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh), 2):
            gate = float(row["kgco2e_gate_excl_packaging"])
            note = "cradle-to-processing-gate: agriculture + processing stages, without packaging and transport"
            if gate <= 0:
                gate = float(row["kgco2e_gate_incl_packaging"])
                note = "raw-material burden booked under packaging in the source; gate incl. packaging used"
            dqr = float(row["dqr"]) if row["dqr"] else 5.0
            out.append(Factor(
                id=f"agribalyse3.1.1:food:{row['code_agb']}", name=row["name_en"],
                aliases=(row["name_fr"],), value=round(gate, 6), unit="kg",
                boundary="cradle-to-processing-gate, per kg as consumed (losses downstream included)",
                geography="FR", year=2023, gwp="EF 3.1 climate change (GWP100)", category="food",
                quality="high" if dqr <= 2 else "medium" if dqr <= 3.5 else "low",
                license="Licence Ouverte / Etalab 2.0 - Source ADEME, données AGRIBALYSE v3.1.1 - 2023",
                source=Source(publisher="ADEME / INRAE", document="AGRIBALYSE 3.1.1 (2023), climate change by stage",
                              table="Détail par étape: Agriculture + Transformation", row=f"Code AGB {row['code_agb']}"),
                notes=(f"{note}; per kg of product as consumed in France (retail and household losses included: "
                       "the source files give no loss rates, so the value is not converted to a kg leaving the "
                       "plant and slightly overstates it); fossil, biogenic and land-use change emissions summed "
                       f"by the source (3.1.1 gives no split); DQR {dqr:g}"),
                details={"agriculture": float(row["kgco2e_agriculture"]),
                         "processing": float(row["kgco2e_processing"]),
                         "cradle_to_consumer": float(row["kgco2e_per_kg_consumer"]),
                         "group": row["group_fr"], "subgroup": row["subgroup_fr"]}))
    return out


def gwp_factors() -> list[Factor]:
    out = []
    for name, (value, aliases) in GWP100_AR6.items():
        out.append(Factor(
            id=f"ipcc-ar6:gwp100:{slug(name)}", name=f"{name}, emitted to air", aliases=(name,) + aliases,
            value=value, unit="kg", boundary="characterisation (direct emission)", geography="GLO", year=2021,
            gwp=AR6, category="emission", quality="high", license="Public scientific data (IPCC AR6)",
            source=Source(publisher="IPCC", document="AR6 WG1 (2021) Chapter 7", table=GWP_CITATION)))
    return out


# ---------------------------------------------------------------------------------------------
# USLCI: link, solve, characterise (openpcf.lci), then publish only what passes the checks.
USLCI_MAX_CUTOFF = 0.5  # at most half of the weighed supply-chain input mass may lack a provider
USLCI_MAX_RATIO = 3.0
USLCI_MAX_PER_KG = 100.0  # above this a per-kg cradle-to-gate value is taken as a unit/data error  # disagreement with DESNZ beyond 3x (either way) rejects the USLCI value
# Common names of USLCI products (general vocabulary; keyed by the dataset name's start).
USLCI_ALIASES: dict[str, tuple[str, ...]] = {
    "Sodium chloride, at plant": ("salt", "sodium chloride", "table salt", "rock salt", "NaCl"),
    "Calcium carbonate, ground, 20 micron": ("calcium carbonate", "ground calcium carbonate", "GCC",
                                             "calcium carbonate filler", "limestone powder", "chalk powder"),
    "E-glass, at plant": ("glass fibre", "glass fiber", "glass fibres", "fibreglass", "fiberglass", "E-glass"),
    "Quicklime, at plant": ("quicklime", "lime", "burnt lime", "calcium oxide"),
    "Portland cement, at plant": ("cement", "portland cement", "OPC", "clinker cement"),
    "Natural soda ash": ("soda ash", "sodium carbonate", "soda"),
    "Chlorine, production mix": ("chlorine",),
    "Sulfuric acid, at plant": ("sulfuric acid", "sulphuric acid", "H2SO4"),
    "Hydrochloric acid, without water": ("hydrochloric acid", "HCl", "muriatic acid"),
    "Ammonia, steam reforming": ("ammonia", "NH3"),
    "Acrylonitrile-butadiene-styrene": ("ABS", "acrylonitrile butadiene styrene"),
    "Acrylonitrile, at plant": ("acrylonitrile",),
    "Polylactide, PLA": ("PLA", "polylactic acid", "polylactide"),
    "Polybutadiene, butadiene rubber": ("butadiene rubber", "synthetic rubber", "rubber", "BR"),
    "Unsaturated polyester, UPR": ("unsaturated polyester resin", "UPR", "polyester resin"),
    "Ethylene glycol, at plant": ("ethylene glycol", "MEG", "monoethylene glycol", "glycol"),
    "Methanol, at plant": ("methanol",),
    "Acetic acid, at plant": ("acetic acid",),
    "Oxygen, liquid, at plant": ("oxygen", "liquid oxygen"),
    "Glycerine, at plant": ("glycerol", "glycerin", "glycerine"),
    "Toluene diisocyanate": ("TDI", "toluene diisocyanate"),
    "Phenol formaldehyde, at plant": ("phenol formaldehyde resin", "phenolic resin", "PF resin"),
    "Alumina, at plant": ("alumina", "aluminium oxide"),
    "Nitrogen fertilizer, production mix": ("nitrogen fertiliser", "nitrogen fertilizer", "N fertiliser"),
    "Phosphorous fertilizer, production mix": ("phosphate fertiliser", "phosphorus fertiliser"),
    "Sulfur, at plant": ("sulfur", "sulphur"),
    "Pulp, kraft market, bleached": ("wood pulp", "bleached kraft pulp", "pulp", "cellulose pulp",
                                      "sulfate pulp", "kraft pulp", "sulphate pulp"),
    "Ethylbenzene styrene": ("styrene", "ethylbenzene"),
    "Ethylene, at plant": ("ethylene",),
    "Propylene, at plant": ("propylene",),
    "Benzene, at plant": ("benzene",),
    "Butadiene, at plant": ("butadiene",),
    "Ethylene oxide, at plant": ("ethylene oxide",),
    "Propylene oxide, at plant": ("propylene oxide",),
    "Purified terephthalic acid": ("terephthalic acid", "PTA"),
    "Metallurgical coke, at plant": ("coke", "metallurgical coke"),
    "Hot rolled sheet, steel": ("hot rolled steel", "hot-rolled steel sheet"),
    "Cold rolled sheet, steel": ("cold rolled steel", "cold-rolled steel sheet"),
    "Galvanized steel sheet": ("galvanised steel", "galvanized steel", "galvanised steel sheet"),
    "Polystyrene, exapnded, EPS": ("EPS", "expanded polystyrene"),
    "Polystyrene, high impact, HIPS": ("HIPS", "high impact polystyrene"),
    "Melamine urea formaldehyde, MF, resin, at plant": ("melamine resin", "melamine formaldehyde"),
    "Hydrogen, liquid, synthesis gas": ("hydrogen",),
    "Carbon monoxide, at plant": ("carbon monoxide",),
    "Aniline, at plant": ("aniline",),
    "Slack wax": ("slack wax", "paraffin wax", "wax"),
    "Asphalt binder, no additives": ("bitumen", "asphalt binder", "bitumen binder", "bituminous binder"),
}
USLCI_LICENSE = "Public domain (US federal LCA data, NREL / Federal LCA Commons); repository MIT"


def _desnz_reference(name: str, desnz: list[Factor]) -> Factor | None:
    """The DESNZ material whose longest name/alias is wholly contained in ``name`` (token sets)."""
    from openpcf.vocabulary.names import content_tokens, core_tokens

    # Only the product part of the name: "Bituminous coal, combusted…, at pulp and paper mill" is not paper.
    segments = [seg for seg in name.replace(";", ",").split(",") if not seg.strip().lower().startswith("at ")]
    tokens = set(content_tokens(" ".join(segments)))
    head = core_tokens(segments[0]) if segments else set()
    recycled = bool(tokens & {"recycled", "secondary", "scrap", "postconsumer"})
    best, best_len = None, 0
    for f in desnz:
        if f.id.endswith("-recycled") != recycled:
            continue
        for text in f.aliases:
            t = set(content_tokens(text))
            # the alias must name the whole product head: "asphalt" is not "asphalt binder"
            if t and t <= tokens and head <= t | {"recycled", "secondary", "postconsumer"} and len(t) > best_len:
                best, best_len = f, len(t)
    return best


def _short_name(name: str) -> str:
    parts = [p.strip() for p in name.replace(";", ",").split(",")]
    keep = [p for p in parts if p and not p.lower().startswith(("at plant", "at mill", "at mine", "at refinery",
                                                               "production", "kg", "at regional storage"))]
    return ", ".join(keep)


def uslci_processes(zip_path: Path, jsonld_path: Path | None) -> tuple[list, dict[str, dict[str, str]]]:
    """USLCI FY21 Q3 unit processes with the origin (fossil / biogenic / land-use change) of every CO2 and
    CH4 emission labelled: from the openLCA JSON-LD export of USLCI where it labels the same process's
    flows, else by the biomass-process rule, else fossil (openpcf.lci.carbon_origin)."""
    from openpcf.lci.carbon_origin import label_all, origin_reference
    from openpcf.lci.ecospold1 import read_ecospold1

    processes = read_ecospold1(zip_path)
    reference = {}
    if jsonld_path is not None:
        from openpcf.lci.olca import read_olca_jsonld

        reference = origin_reference(read_olca_jsonld(jsonld_path))
    return label_all(processes, reference)


def ghg_split(r, rules: dict[str, str]) -> GhgSplit:
    from openpcf.lci.carbon_origin import rule_summary

    s = r.split
    return GhgSplit(fossil=round(s["fossil"], 6), biogenic_non_co2=round(s["biogenic_non_co2"], 6),
                    luluc=round(s["luluc"], 6), biogenic_co2=round(s["biogenic_co2"], 6),
                    biogenic_uptake=round(min(s["biogenic_uptake"], 0.0), 6),
                    rule=f"own flows: {rule_summary(rules)}")


def uslci_factors(zip_path: Path, existing: list[Factor], jsonld_path: Path | None = None
                  ) -> tuple[list[Factor], list[dict]]:
    from openpcf.lci.system import build_system, solve_system

    processes, origin_rules = uslci_processes(zip_path, jsonld_path)
    results = solve_system(build_system(processes, preferred_locations=("US",)))
    seen: dict[tuple[str, str], int] = {}
    for r in results:
        key = (r.process.name, r.process.location)
        seen[key] = seen.get(key, 0) + 1
    desnz = [f for f in existing if f.id.startswith("desnz2024:material:")]
    published: list[Factor] = []
    report: list[dict] = []
    for r in results:
        p = r.process
        reasons = []
        if not (r.kg_co2e_per_unit > 0):
            reasons.append("non-positive result")
        if r.cutoff_share > USLCI_MAX_CUTOFF:
            reasons.append(f"cut-off share {r.cutoff_share:.2f} > {USLCI_MAX_CUTOFF}")
        if r.co2_uptake > 0.1 * max(r.kg_co2e_per_unit, 0.0):
            reasons.append(f"biomass feedstock: CO2 uptake {r.co2_uptake:.2f} kg per unit is > 10 % of the result "
                           "and the fate of that carbon downstream cannot be checked in this export")
        if p.unit == "kg" and r.kg_co2e_per_unit > USLCI_MAX_PER_KG:
            reasons.append(f"implausible: {r.kg_co2e_per_unit:.0f} kg CO2e per kg > {USLCI_MAX_PER_KG:g}")
        if seen[(p.name, p.location)] > 1:
            reasons.append("ambiguous: several datasets share this name and location")
        ref = _desnz_reference(p.name, desnz) if p.unit == "kg" else None
        ratio = r.kg_co2e_per_unit / ref.value if ref is not None and ref.value > 0 else None
        if ratio is not None and not (1 / USLCI_MAX_RATIO <= ratio <= USLCI_MAX_RATIO):
            reasons.append(f"disagrees with DESNZ {ref.id} by {ratio:.2f}x")
        try:
            from openpcf import units as _units

            unit = _units.canonical_unit(p.unit)
        except ValueError:
            reasons.append(f"unit {p.unit!r} not understood")
            unit = p.unit
        row = {"number": p.meta.get("number"), "name": p.name, "location": p.location, "unit": p.unit,
               "kg_co2e_per_unit": round(r.kg_co2e_per_unit, 6), "cutoff_share": round(r.cutoff_share, 4),
               "direct_share": round(r.direct_share, 4), "co2_uptake": round(r.co2_uptake, 4),
               "split": {k: round(v, 6) for k, v in sorted(r.split.items())},
               "origin_rules": origin_rules.get(p.id, {}),
               "cutoff_inputs": list(r.cutoff_inputs),
               "desnz_reference": ref.id if ref else None, "ratio_to_desnz": round(ratio, 3) if ratio else None,
               "sub_category": p.meta.get("sub_category", ""), "published": not reasons, "reasons": reasons}
        report.append(row)
        if reasons:
            continue
        year = p.meta.get("time_end", "")[:4]
        short = _short_name(p.name)
        extra = next((a for k, a in USLCI_ALIASES.items() if p.name.startswith(k)), ())
        published.append(Factor(
            id=f"uslci-fy21q3:process:{p.meta.get('number')}", name=p.name,
            aliases=((short,) if short and short != p.name else ()) + extra,
            value=round(r.kg_co2e_per_unit, 6), unit=unit,
            boundary="cradle-to-gate (USLCI unit processes linked and solved by openpcf)",
            geography=p.location or "US", year=int(year) if year.isdigit() and year != "9999" else 2021,
            gwp=AR6, category="lci", quality="medium" if r.cutoff_share <= 0.2 else "low", license=USLCI_LICENSE,
            source=Source(publisher="NREL / Federal LCA Commons", document="U.S. Life Cycle Inventory Database "
                          "(USLCI) FY21 Q3, EcoSpold 1 export (openLCA 1.10.3)",
                          table=f"dataset {p.meta.get('number')}", row=p.name),
            notes=(f"computed by openpcf: A s = f over {len(results)} USLCI processes, AR6 GWP100; cut-off share "
                   f"{r.cutoff_share:.0%} of supply-chain input mass; by-products not credited; "
                   f"{len(r.cutoff_inputs)} own inputs without provider; headline = fossil + biogenic CH4 + "
                   f"land-use change; biogenic CO2 ({r.split['biogenic_co2']:.3g} kg emitted, "
                   f"{r.co2_uptake:.3g} kg taken up) reported in ghg, not in the value"),
            ghg=ghg_split(r, origin_rules.get(p.id, {})),
            details={"cutoff_share": round(r.cutoff_share, 4), "direct_share": round(r.direct_share, 4),
                     **({"ratio_to_desnz": round(ratio, 3), "desnz_reference": ref.id} if ratio else {})}))
    return published, report


_INORGANIC = ("sodium", "calcium", "potassium", "magnesium", "ammonia", "ammonium", "chlorine", "sulfuric",
              "nitric", "phosphoric", "hydrochloric", "hydroxide", "oxide", "carbonate", "sulfate", "phosphate",
              "nitrate", "chloride", "lime", "salt", "nitrogen", "oxygen", "hydrogen", "silica", "soda",
              "peroxide", "fluoride", "bromine", "iodine", "sulfur", "titanium", "alum")
_CHEMICAL_SUBCATEGORIES = ("3251", "3252", "3253", "3255", "3259")


def estimates_from_uslci(uslci: list[Factor], report: list[dict]) -> list[Factor]:
    """Generic chemical classes as the median of the published USLCI chemical factors (marked estimates)."""
    by_number = {r["number"]: r for r in report}
    groups: dict[str, list[float]] = {"inorganic": [], "organic": []}
    members: dict[str, list[str]] = {"inorganic": [], "organic": []}
    for f in uslci:
        number = f.id.rsplit(":", 1)[1]
        sub = by_number.get(number, {}).get("sub_category", "")
        if f.unit != "kg" or not sub.startswith(_CHEMICAL_SUBCATEGORIES):
            continue
        kind = "inorganic" if any(w in f.name.lower() for w in _INORGANIC) else "organic"
        groups[kind].append(f.value)
        members[kind].append(f.id)
    aliases = {
        "inorganic": ("inorganic chemical", "inorganic chemicals", "inorganic substances", "inorganic compound",
                      "mineral additive", "inorganic salt", "chemical, inorganic"),
        "organic": ("organic chemical", "organic chemicals", "organic substances", "organic compound", "chemical",
                    "chemicals", "additive", "additives", "auxiliary agent", "auxiliaries", "pigment", "pigments",
                    "dye", "dyes", "printing ink", "printing inks", "ink", "inks", "solvent", "solvents",
                    "chemical, organic", "processing aid", "processing aids", "stabilizer", "plasticizer"),
    }
    out = []
    for kind, values in groups.items():
        if len(values) < 5:
            continue
        q = statistics.quantiles(values, n=4)
        med = statistics.median(values)
        out.append(Factor(
            id=f"openpcf-estimate:chemical:{kind}", name=f"Chemical, {kind}, unspecified (estimate)",
            aliases=aliases[kind], value=round(med, 4), unit="kg", boundary="cradle-to-gate", geography="US",
            year=2021, gwp=AR6, category="chemical", quality="estimate", license=USLCI_LICENSE,
            source=Source(publisher="openpcf (derived from NREL USLCI FY21 Q3)",
                          document="median of the published USLCI-computed factors for "
                                   f"{kind} basic chemicals (NAICS 325x)", table="uslci_results.jsonl.gz"),
            notes=(f"ESTIMATE: median of {len(values)} USLCI chemicals classified {kind} by name "
                   f"(interquartile range {q[0]:.2f}-{q[2]:.2f} kg CO2e/kg); use only when the chemical is "
                   "unknown"),
            details={"n": len(values), "q1": round(q[0], 4), "q3": round(q[2], 4),
                     "members": " ".join(sorted(members[kind]))}))
    return out


# Food classes: the median gate value of an AGRIBALYSE sub-group (general vocabulary fallback).
AGRIBALYSE_CLASSES = {
    "fruit": ("fruits", "Fruit, unspecified (estimate)", ("fruit", "fruits", "fresh fruit")),
    "vegetable": ("légumes", "Vegetable, unspecified (estimate)", ("vegetable", "vegetables", "fresh vegetables")),
    "legume": ("légumineuses", "Legumes (pulses), unspecified, dry (estimate)", ("legumes", "pulses", "beans", "bean")),
    "tuber": ("pommes de terre et autres tubercules", "Potatoes and other tubers, unspecified (estimate)",
              ("tubers", "root vegetables")),
    "nut-oilseed": ("fruits à coque et graines oléagineuses", "Nuts and oilseeds, unspecified (estimate)",
                    ("nuts", "oilseeds", "seeds")),
    "cereal": ("pâtes, riz et céréales", "Cereal products (pasta, rice, grains), unspecified (estimate)",
               ("cereals", "grains", "cereal grains")),
    "spice": ("épices", "Spices, unspecified (estimate)", ("spices", "spice")),
    "herb": ("herbes", "Herbs, unspecified (estimate)", ("herbs", "aromatic herbs")),
}

#: Classes whose raw commodity is one state of the sub-group: pulses are traded and bought dry (AGRIBALYSE's
#: 'légumineuses' also holds cooked, canned, frozen and sprouted forms, whose water lowers the value per kg).
AGRIBALYSE_CLASS_STATE = {"legume": re.compile(r"\b(dried|dry)\b", re.I)}


def estimates_from_agribalyse(foods: list[Factor]) -> list[Factor]:
    """Food classes as the median of an AGRIBALYSE sub-group's gate values (marked estimates)."""
    out = []
    for key, (subgroup, name, aliases) in AGRIBALYSE_CLASSES.items():
        members = [f for f in foods if f.details.get("subgroup") == subgroup]
        if key in AGRIBALYSE_CLASS_STATE:  # pulses: the dry commodity, not cooked, canned or frozen forms
            members = [f for f in members if AGRIBALYSE_CLASS_STATE[key].search(f.name)]
        values = sorted(f.value for f in members)
        if len(values) < 5:
            continue
        q = statistics.quantiles(values, n=4)
        out.append(Factor(
            id=f"openpcf-estimate:food:{key}", name=name, aliases=aliases, value=round(statistics.median(values), 6),
            unit="kg", boundary="cradle-to-gate", geography="FR", year=2023, gwp="EF 3.1 climate change (GWP100)",
            category="food", quality="estimate",
            license="Licence Ouverte / Etalab 2.0 - Source ADEME, données AGRIBALYSE v3.1.1 - 2023 (median derived by "
                    "openpcf)",
            source=Source(publisher="openpcf (derived from ADEME AGRIBALYSE 3.1.1)",
                          document=f"median of the AGRIBALYSE sub-group '{subgroup}' "
                                   "(agriculture + processing stages)"
                                   + (" — dry products only" if key in AGRIBALYSE_CLASS_STATE else ""),
                          table="agribalyse_3.1.1_climate_by_stage"),
            notes=(f"ESTIMATE: median of {len(values)} AGRIBALYSE products in '{subgroup}' (interquartile range "
                   f"{q[0]:.2f}-{q[2]:.2f} kg CO2e/kg); use only when the food is not named more precisely"),
            details={"n": len(values), "q1": round(q[0], 4), "q3": round(q[2], 4)}))
    return out


# ---------------------------------------------------------------------------------------------
# Literature estimates and recipes (src/openpcf/data/factors/literature.csv, committed with full citations).
LITERATURE_CSV = ROOT / "src" / "openpcf" / "data" / "factors" / "literature.csv"
LITERATURE_LICENSE = ("figure quoted with attribution from a public document (a published fact; no licensed "
                      "dataset copied); re-check against the document before publishing results")
RECIPE_BOILER_EFFICIENCY = 0.90


def recipe_energy(grid: dict, factors: dict[str, Factor]) -> dict[str, tuple[float, str]]:
    """The energy terms of a recipe: world-average grid electricity as consumed (Ember/OWID latest year
    x T&D assumption) per kWh, heat from a natural-gas boiler (DESNZ gas burnt per MJ ÷ 0.90) per MJ, and natural
    gas itself (burnt incl. supply, per MJ net CV: feed and fuel of a chemical plant)."""
    from openpcf.factors.energy import TD_LOSS_UPLIFT

    years = grid["countries"]["WLD"]["g_per_kwh"]
    year = max(years, key=int)
    electricity = years[year] / 1000.0 * (1.0 + TD_LOSS_UPLIFT)
    gas = factors["desnz2024:fuel:natural-gas:burnt:kwh"].value / 3.6
    return {"electricity": (electricity, f"world grid {year} (Ember/OWID, life-cycle) x (1 + {TD_LOSS_UPLIFT:g} T&D, "
                                         "assumption) per kWh"),
            "heat": (gas / RECIPE_BOILER_EFFICIENCY, f"natural gas burnt (DESNZ 2024) ÷ boiler efficiency "
                                                     f"{RECIPE_BOILER_EFFICIENCY:g} per MJ heat"),
            "gas": (gas, "natural gas burnt incl. supply (DESNZ 2024, net CV) per MJ of gas used as feed or fuel")}


def _recipe_value(recipe: str, known: dict[str, Factor], energy: dict[str, tuple[float, str]]
                  ) -> tuple[float, dict[str, float | str]]:
    total, parts = 0.0, {}
    for term in recipe.split("+"):
        ref, _, amount_text = term.strip().partition("*")
        amount = float(amount_text) if amount_text else 1.0
        if ref in energy:
            v = energy[ref][0]
        elif ref.endswith(".agriculture") and ref[: -len(".agriculture")] in known:
            v = float(known[ref[: -len(".agriculture")]].details["agriculture"])
        elif ref in known:
            f = known[ref]
            if f.unit != "kg":
                raise SystemExit(f"literature.csv: recipe input {ref} is per {f.unit}, not per kg")
            v = f.value
        else:
            raise SystemExit(f"literature.csv: recipe input {ref!r} is not a known factor")
        total += v * amount
        parts[f"{ref} x {amount:g}"] = round(v * amount, 6)
    return total, parts


def literature_factors(path: Path, known: dict[str, Factor], grid: dict) -> list[Factor]:
    """Literature estimates (cited, ``recalled`` when from memory) and openpcf recipes built from them and from
    other library factors; every one quality "estimate" with its citation."""
    energy = recipe_energy(grid, known)
    known = dict(known)
    out: list[Factor] = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh), 2):
            recipe = row["recipe"].strip()
            citation = Citation(authors=row["authors"], title=row["document"], year=int(row["year"]),
                                locator=row["locator"], recalled=row["recalled"].strip().lower() == "true",
                                value_as_published=row["value_as_published"])
            details: dict[str, float | str] = {}
            if recipe:
                value, details = _recipe_value(recipe, known, energy)
                used = [k for k in energy if re.search(rf"\b{k}\b", recipe)]
                if used:
                    details["energy_basis"] = "; ".join(f"{k}: {energy[k][1]}" for k in used)
                boundary = "cradle-to-gate (openpcf recipe of cited inputs)"
            else:
                value = float(row["value"])
                boundary = "cradle-to-gate (literature estimate)"
            derived_from_agribalyse = "agribalyse" in recipe or any(
                "AGRIBALYSE" in known[t.split("*")[0].strip()].license for t in recipe.split("+")
                if t.split("*")[0].strip() in known)
            out.append(Factor(
                id=row["id"], name=row["name"], aliases=tuple(a for a in row["aliases"].split("|") if a),
                value=round(value, 6), unit=row["unit"], boundary=boundary, geography=row["geography"],
                year=int(row["year"]), gwp=row["gwp"], quality="estimate",
                category="food" if row["id"].split(":")[1] == "food" else "material",
                license=("Licence Ouverte / Etalab 2.0 - Source ADEME, données AGRIBALYSE v3.1.1 - 2023 (derived by "
                         "openpcf)") if derived_from_agribalyse else LITERATURE_LICENSE,
                source=Source(publisher=row["publisher"], document=row["document"], table=row["locator"],
                              row=f"literature.csv line {i}"),
                notes=("ESTIMATE; " if not row["notes"].startswith("ESTIMATE") else "") + row["notes"]
                + ("; value recalled from the document, not read while building" if citation.recalled else ""),
                details=details, citation=citation,
                stages=tuple(s for s in row["stages"].split("|") if s), route=row["route"] or None,
                basis=row["basis"] or None,
                boundary_rule=f"as stated by the cited document: stages {row['stages'].replace('|', ' + ')}, "
                              f"route {row['route']}, basis {row['basis']}"))
            known[row["id"]] = out[-1]
    return out


# ---------------------------------------------------------------------------------------------
# Boundary metadata: which stages each factor covers, its route and its basis, by a documented rule per
# source and category (docs/factors.md, "Boundaries"). The engine adds process energy only for the stages
# a factor leaves out.
PRODUCTION = ("material_production",)
FORMED = ("material_production", "conversion")
# DESNZ 'Material use' rows that are finished or formed goods (the value includes making the good itself).
DESNZ_FORMED = re.compile(
    r"incl\. forming|^Concrete$|^Bricks$|^Asphalt$|^Plasterboard$|^Insulation$|^Glass$|^Tyres$|^Clothing$|"
    r"^Food and drink$|^Electrical items|^Batteries|^Paper and board|^Wood$|^Average construction$|"
    r"^Plastics: average plastic", re.I)
# USLCI: the good named by an at-plant process is what the plant makes. NAICS industries that make formed or
# processed goods (sawn and engineered wood, paper and converted paper, plastics products, clay and glass
# products, concrete products and wallboard, steel products from purchased steel, castings, fabricated metal,
# processed food, textiles, furniture, equipment) cover conversion; basic chemicals, resins, primary metals,
# agriculture, logging, mining and energy cover the production of the material only. An intermediate named
# by the process (logs, pulp, cement, clinker, lime, ground carbonate, resin, liquid steel, billets, ingots)
# covers production only whatever its industry.
USLCI_FORMED_NAICS = ("3211", "3212", "3219", "3221", "3222", "3112", "311", "312", "313", "314", "315", "316",
                      "3261", "3262", "3271", "3272", "3273", "3274", "3279", "3312", "3315", "332", "333", "334",
                      "335", "336", "337")
USLCI_INTERMEDIATE = re.compile(r"\b(logs?|pulp|cement|clinker|quicklime|lime|calcium carbonate|chips|residues?|"
                                r"resin|liquid|billets?|ingots?|slabs?|grains?|kernels?|crude|steep liquor)\b", re.I)
_SECONDARY = re.compile(r"\b(recycled|secondary|closed-loop|open-loop|scrap|cullet|reclaimed)\b", re.I)


def boundary_metadata(f: Factor, uslci_subcategory: dict[str, str]) -> dict:
    """``{stages, route, basis, boundary_rule}`` for one factor (see the rule strings)."""
    src = f.id.split(":", 1)[0]
    secondary = bool(_SECONDARY.search(f.name)) or f.id.endswith("-recycled")
    if f.id.endswith(":market-average"):
        return {"stages": FORMED, "route": "market_mix", "basis": "as_produced",
                "boundary_rule": ("DESNZ Material use paper and board, weighted: (1 - r) x primary (virgin fibre) + "
                                  "r x closed-loop source (recycled fibre), r the stated recycled-fibre share; "
                                  "the good itself (paper or board) is made, so conversion is included")}
    if f.id.startswith(("literature:", "openpcf-estimate:")) and f.stages:
        return {"stages": f.stages, "route": f.route, "basis": f.basis,
                "boundary_rule": f.boundary_rule or "as stated by the cited document (literature.csv)"}
    if src == "desnz2024" and f.category == "material":
        material = f.aliases[0] if f.aliases else f.name
        formed = bool(DESNZ_FORMED.search(material)) or bool(DESNZ_FORMED.search(f.name))
        if f.id.endswith("-recycled"):  # recycled rows: same good, made from recycled feed
            base = f.id.rsplit(":", 1)[0]
            formed = any(bool(DESNZ_FORMED.search(k)) for k, _ in DESNZ_MATERIAL_ALIASES.items() if slug(k) == base.split(":")[-1])
        return {"stages": FORMED if formed else PRODUCTION,
                "route": "secondary" if secondary else "primary", "basis": "as_produced",
                "boundary_rule": ("DESNZ Material use: 'primary material production' = virgin feed, "
                                  "'closed-/open-loop source' = made from recycled feed; finished or formed goods "
                                  "(plastics 'incl. forming', concrete, bricks, glass, board, paper, sawn wood, "
                                  "plasterboard, insulation, tyres, clothing, food, electrical items) include "
                                  "making the good; metals ('excl. forming') and raw materials (aggregates, "
                                  "soils, mineral oil) cover production only; packaging and transport not stated")}
    if src == "desnz2024":
        return {"stages": PRODUCTION if f.category in ("fuel", "water") else (), "route": "market_mix",
                "basis": "as_produced",
                "boundary_rule": "DESNZ energy, water and freight rows: UK supply (fuels: extraction to user, "
                                 "plus combustion when burnt); not a material"}
    if src in ("agribalyse3.1.1",) or f.id.startswith("openpcf-estimate:food:"):
        packed = "incl. packaging used" in f.notes
        processed = float(f.details.get("processing", 0.0) or 0.0) > 0 or f.id.startswith("openpcf-estimate:")
        return {"stages": (FORMED if processed else PRODUCTION) + (("packaging",) if packed else ()),
                "route": "market_mix", "basis": "as_consumed",
                "boundary_rule": ("AGRIBALYSE 3.1.1 gate value = agriculture + processing (transformation) stages "
                                  "of the French consumption mix, per kg of product as consumed (losses "
                                  "included; not convertible to 'as produced': the files give no loss rates); "
                                  "packaging and transport to the retailer excluded; conversion is "
                                  "covered when the source reports a processing stage for the food (raw "
                                  "commodities have none)"
                                  + ("; here the source books the raw material under packaging, so the "
                                     "packaging stage is included" if packed else ""))}
    if src == "uslci-fy21q3":
        number = f.id.rsplit(":", 1)[1]
        sub = uslci_subcategory.get(number, "")
        formed = sub.startswith(USLCI_FORMED_NAICS) and not USLCI_INTERMEDIATE.search(f.name)
        energy = f.category in ("electricity", "heat", "fuel") or f.unit in ("kWh", "MJ")
        return {"stages": FORMED if formed else PRODUCTION,
                "route": "secondary" if secondary else ("market_mix" if energy else "primary"),
                "basis": "as_produced",
                "boundary_rule": (f"USLCI at-plant process (NAICS {sub or 'unstated'}): production of the named "
                                  "good at its plant, upstream chain linked; industries making formed or processed "
                                  "goods (wood, paper, plastics, clay/glass/concrete products, steel products, "
                                  "castings, fabricated metal, food, textiles, furniture, equipment) include "
                                  "conversion unless the good is an intermediate (logs, pulp, cement, lime, resin, "
                                  "billets, ingots…); chemicals, resins, primary metals, agriculture and mining "
                                  "cover the material's production only")}
    if f.id.startswith("openpcf-estimate:chemical:"):
        return {"stages": PRODUCTION, "route": "primary", "basis": "as_produced",
                "boundary_rule": "median of USLCI at-plant chemicals: production of the chemical only"}
    if src == "epa-sc-v1.3":
        return {"stages": PRODUCTION, "route": "market_mix", "basis": "as_produced",
                "boundary_rule": "EPA USEEIO supply-chain factor: cradle to the producing sector's gate, US "
                                 "market, per USD of purchaser price"}
    return {"stages": (), "route": None, "basis": None,
            "boundary_rule": "characterisation factor of a direct emission: stages do not apply"}


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Build the embedded open emission-factor library.")
    parser.add_argument("data", nargs="?", type=Path, default=ROOT.parent / "shared" / "data",
                        help="shared data directory with ef/ and lci/uslci/ (default ../shared/data)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output directory (default {OUT})")
    args = parser.parse_args(argv[1:])
    data, out_dir = args.data, args.out
    ef = data / "ef"
    if not ef.is_dir():
        print(f"error: {ef} not found (pass the shared data directory)", file=sys.stderr)
        return 2
    desnz_dir = ef / "desnz_ghg_conversion_factors_2024"
    xlsx = desnz_dir / "ghg-conversion-factors-2024-full_set__for_advanced_users__v1_1.xlsx"
    inputs = {
        "desnz_material_csv": desnz_dir / "material_use_2024_v1_1.csv",
        "desnz_xlsx": xlsx,
        "epa_csv": ef / "epa_supply_chain_factors_v1.3.0" / "SupplyChainGHGEmissionFactors_v1.3.0_NAICS_CO2e_USD2022.csv",
        "owid_csv": ef / "owid_ember_grid_intensity" / "carbon-intensity-electricity.csv",
        "agribalyse_csv": ef / "agribalyse" / "agribalyse_3.1.1_climate_by_stage.csv",
        "uslci_zip": data / "lci" / "uslci" / "uslci_fy21_q3_01_olca_10_3_ecospold2.zip",
        "uslci_jsonld": data / "lci" / "uslci" / "uslci_olca1_5_0_json_ld_subset.tar.xz",
    }
    for k, p in inputs.items():
        if not p.is_file():
            print(f"error: {k}: {p} not found", file=sys.stderr)
            return 2

    factors: list[Factor] = []
    factors += desnz_materials(inputs["desnz_material_csv"])
    factors += desnz_fuels(xlsx)
    factors += desnz_single_rows(xlsx)
    factors += gwp_factors()
    foods = agribalyse(inputs["agribalyse_csv"])
    factors += foods
    factors += estimates_from_agribalyse(foods)
    factors += epa_spend(inputs["epa_csv"])

    uslci, uslci_report = uslci_factors(inputs["uslci_zip"], factors, inputs["uslci_jsonld"])
    factors += uslci
    factors += estimates_from_uslci(uslci, uslci_report)

    subcategory = {str(r["number"]): r.get("sub_category", "") for r in uslci_report}
    factors = [f.model_copy(update=boundary_metadata(f, subcategory)) for f in factors]

    grid = owid_grid(inputs["owid_csv"])
    factors += literature_factors(LITERATURE_CSV, {f.id: f for f in factors}, grid)
    out_dir.mkdir(parents=True, exist_ok=True)
    n = write_factors(factors, out_dir / "library.jsonl.gz")
    (out_dir / "grid_intensity.json").write_text(json.dumps(grid, sort_keys=True, separators=(",", ":")) + "\n")
    with open(out_dir / "uslci_results.jsonl.gz", "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                                                         filename="") as gz:
        gz.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in uslci_report).encode())
    counts: dict[str, int] = {}
    for f in factors:
        src = f.id.split(":")[0]
        counts[src] = counts.get(src, 0) + 1
    manifest = {
        "builder": "scripts/build_factor_library.py",
        "inputs": {k: {"file": p.name, "sha256": sha256(p)} for k, p in sorted(inputs.items())},
        "literature_csv_sha256": sha256(LITERATURE_CSV),
        "factors": n,
        "by_source": dict(sorted(counts.items())),
        "grid_countries": len(grid["countries"]),
        "uslci_solved": len(uslci_report),
        "uslci_published": len(uslci),
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    print(json.dumps(manifest["by_source"]), f"total {n}", f"grid countries {len(grid['countries'])}",
          f"USLCI solved {len(uslci_report)} published {len(uslci)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
