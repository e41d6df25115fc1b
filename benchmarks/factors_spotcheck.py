#!/usr/bin/env python3
"""Spot-check: embedded factors against the values in their cited raw sources, and USLCI-computed
cradle-to-gate factors against DESNZ 2024 where both cover a material.

    python benchmarks/factors_spotcheck.py [SHARED_DATA_DIR]   # prints a Markdown table

Source values are re-read here from the raw files (independently of the build script's parsing).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main(argv: list[str]) -> int:
    from openpcf import factors

    data = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "data"
    ef = data / "ef"
    lib = factors.open_library()
    desnz = {r["material"]: r for r in read_csv(ef / "desnz_ghg_conversion_factors_2024" / "material_use_2024_v1_1.csv")}
    agb = {r["code_agb"]: r for r in read_csv(ef / "agribalyse" / "agribalyse_3.1.1_climate_by_stage.csv")}
    epa = {r["2017 NAICS Code"]: r for r in read_csv(
        ef / "epa_supply_chain_factors_v1.3.0" / "SupplyChainGHGEmissionFactors_v1.3.0_NAICS_CO2e_USD2022.csv")}
    owid = {(r["Code"], r["Year"]): float(r["Carbon intensity of electricity - gCO2/kWh"])
            for r in read_csv(ef / "owid_ember_grid_intensity" / "carbon-intensity-electricity.csv")}

    rows: list[tuple[str, str, float, str, float, str]] = []

    def desnz_row(fid: str, material: str, col: str = "primary_material_production_kgCO2e_per_tonne") -> None:
        f = lib.get(fid)
        rows.append((f.name, fid, f.value, f"DESNZ 2024 Material use '{material}' ({col.split('_kg')[0]}) / 1000",
                     float(desnz[material][col]) / 1000, "kg"))

    desnz_row("desnz2024:material:plastics-pp-incl-forming", "Plastics: PP (incl. forming)")
    desnz_row("desnz2024:material:plastics-pet-incl-forming", "Plastics: PET (incl. forming)")
    desnz_row("desnz2024:material:glass", "Glass")
    desnz_row("desnz2024:material:glass:closed-loop-recycled", "Glass", "closed_loop_source_kgCO2e_per_tonne")
    desnz_row("desnz2024:material:metal-aluminium-cans-and-foil-excl-forming",
              "Metal: aluminium cans and foil (excl. forming)")
    desnz_row("desnz2024:material:paper-and-board-board", "Paper and board: board")
    for code in ("9436", "20047_1", "17440"):
        f = lib.get(f"agribalyse3.1.1:food:{code}")
        r = agb[code]
        rows.append((f.name, f.id, f.value, "AGRIBALYSE 3.1.1 agriculture + processing",
                     float(r["kgco2e_agriculture"]) + float(r["kgco2e_processing"]), "kg"))
    f = lib.get("epa-sc-v1.3:naics:325211")
    rows.append((f.name, f.id, f.value, "EPA v1.3 NAICS 325211, without margins",
                 float(epa["325211"]["Supply Chain Emission Factors without Margins"]), "USD"))
    for iso2, iso3 in (("DE", "DEU"), ("FR", "FRA"), ("IN", "IND")):
        g = factors.grid_intensity(iso2, 2024)
        rows.append((g.name, g.id, g.value, f"OWID/Ember {iso3} 2024 g/kWh / 1000", owid[(iso3, "2024")] / 1000, "kWh"))
    gas = factors.natural_gas("kWh")
    rows.append((gas.name, gas.id, gas.value, "DESNZ Fuels 0.20264 + WTT 0.03347 (natural gas, kWh net CV)",
                 0.20264 + 0.03347, "kWh"))

    print("| factor | id | openpcf value | cited source | source value | unit | ratio |")
    print("|---|---|---|---|---|---|---|")
    worst = 1.0
    for name, fid, value, cite, src, unit in rows:
        ratio = value / src
        worst = max(worst, ratio, 1 / ratio)
        print(f"| {name} | `{fid}` | {value:.5g} | {cite} | {src:.5g} | kg CO2e/{unit} | {ratio:.3f} |")
    print(f"\nworst ratio against cited source: {worst:.3f}\n")

    print("| USLCI-computed (AR6) | kg CO2e/kg | cut-off share | DESNZ 2024 reference (AR5) | kg CO2e/kg | ratio |")
    print("|---|---|---|---|---|---|")
    n, worst_u = 0, 1.0
    for f in lib:
        ref_id = f.details.get("desnz_reference")
        if not f.id.startswith("uslci") or not ref_id:
            continue
        ref = lib.get(str(ref_id))
        ratio = f.value / ref.value
        worst_u = max(worst_u, ratio, 1 / ratio)
        n += 1
        print(f"| {f.name} | {f.value:.3g} | {float(f.details['cutoff_share']):.0%} | {ref.name} | {ref.value:.3g} "
              f"| {ratio:.2f} |")
    print(f"\n{n} published USLCI factors with a DESNZ counterpart; worst ratio {worst_u:.2f} "
          "(USLCI values disagreeing by more than 3x are not published)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
