"""A user's own LCI database as a resolver: read (openLCA JSON-LD or EcoSpold 1), solve, characterise.

The processes are linked and solved by :mod:`openpcf.lci` (the same solver that computes the embedded
USLCI factors), and every product becomes a :class:`Factor` with its cut-off share recorded; the
resolver then matches names like the open library (exact, alias, search).
"""

from __future__ import annotations

from pathlib import Path

from openpcf import units
from openpcf.factors.library import FactorLibrary
from openpcf.factors.record import Factor, GhgSplit, Source
from openpcf.factors.resolver import LibraryResolver


def read_lci_processes(path: str | Path):
    """Unit processes from an openLCA JSON-LD folder/zip, or an EcoSpold 1 .xml / .zip of .xml files."""
    from openpcf.lci.ecospold1 import read_ecospold1
    from openpcf.lci.olca import read_olca_jsonld

    p = Path(path)
    if p.suffix.lower() == ".xml":
        return read_ecospold1(p)
    if p.suffix.lower() == ".zip":
        import zipfile

        with zipfile.ZipFile(p) as zf:
            names = zf.namelist()
        if any(n.split("/")[-2:-1] == ["processes"] for n in names if n.endswith(".json")):
            return read_olca_jsonld(p)
        return read_ecospold1(p)
    return read_olca_jsonld(p)


def lci_factors(path: str | Path, publisher: str, license: str, year: int,
                max_cutoff_share: float = 1.0) -> list[Factor]:
    """kg CO2e per unit (AR6 GWP100) of every product of the database at ``path``, biogenic CO2 reported in
    ``Factor.ghg`` and not in the value (ISO 14067).

    Products whose supply chain has a cut-off share above ``max_cutoff_share`` are left out.
    """
    from openpcf.lci.carbon_origin import label_all
    from openpcf.lci.system import build_system, solve_system

    p = Path(path)
    out = []
    processes, _ = label_all(read_lci_processes(p))  # stated origins, then the biomass-process rule, else fossil
    for r in solve_system(build_system(processes)):
        if r.cutoff_share > max_cutoff_share:
            continue
        try:
            unit = units.canonical_unit(r.unit)
        except units.UnitError:
            continue
        proc = r.process
        out.append(Factor(
            id=f"lci:{p.name}:{proc.id}", name=proc.name, aliases=(proc.reference_product,), value=r.kg_co2e_per_unit,
            unit=unit, boundary="cradle-to-gate (linked and solved by openpcf)", geography=proc.location or "GLO",
            year=year, gwp="IPCC AR6 GWP100", category="lci", quality="medium" if r.cutoff_share <= 0.2 else "low",
            source=Source(publisher=publisher, document=p.name, table="process", row=proc.id), license=license,
            notes=f"cut-off share {r.cutoff_share:.0%}; {len(r.cutoff_inputs)} own inputs without provider",
            details={"cutoff_share": round(r.cutoff_share, 4), "direct_share": round(r.direct_share, 4)},
            ghg=GhgSplit(fossil=r.split["fossil"], biogenic_non_co2=r.split["biogenic_non_co2"],
                         luluc=r.split["luluc"], biogenic_co2=r.split["biogenic_co2"],
                         biogenic_uptake=min(r.split["biogenic_uptake"], 0.0),
                         rule="flow names as stated; unlabelled CO2/CH4 of biomass combustion biogenic, else fossil")))
    return out


def lci_database_resolver(path: str | Path, publisher: str = "user's LCI database", license: str = "as licensed "
                          "to the user", year: int = 2024, name: str | None = None) -> LibraryResolver:
    """A resolver over the solved products of a user's openLCA JSON-LD or EcoSpold 1 database."""
    p = Path(path)
    return LibraryResolver(FactorLibrary(lci_factors(p, publisher, license, year), name=name or f"lci:{p.name}"))
