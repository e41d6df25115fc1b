"""IPCC AR6 GWP100 characterisation factors (kg CO2e per kg of gas emitted to air).

Values: IPCC (2021) Climate Change 2021: The Physical Science Basis. Contribution of Working Group I to
the Sixth Assessment Report, Chapter 7 (Forster et al.), Table 7.15 and Supplementary Material
Table 7.SM.7 (GWP-100, including carbon-cycle responses for CH4). Public scientific facts.

Used by the LCI solver (:mod:`openpcf.lci`) to characterise elementary flows, and shipped in the factor
library so that "1 kg of methane emitted" resolves like any other factor.
"""

from __future__ import annotations

import re

GWP_BASIS = "IPCC AR6 GWP100"
CITATION = "IPCC AR6 WG1 Chapter 7, Table 7.15 and Table 7.SM.7 (GWP-100)"

# name → (kg CO2e per kg, aliases). CO2 and CH4 without origin are read as fossil (conservative).
GWP100_AR6: dict[str, tuple[float, tuple[str, ...]]] = {
    "Carbon dioxide": (1.0, ("CO2", "carbon dioxide, fossil", "carbon dioxide, land transformation")),
    "Methane, fossil": (29.8, ("CH4 fossil", "methane")),
    "Methane, non-fossil": (27.0, ("CH4 non-fossil", "methane, biogenic", "biogenic methane")),
    "Dinitrogen monoxide": (273.0, ("N2O", "nitrous oxide")),
    "Sulfur hexafluoride": (25200.0, ("SF6", "sulphur hexafluoride")),
    "Nitrogen trifluoride": (17400.0, ("NF3",)),
    "HFC-23": (14600.0, ("trifluoromethane", "methane, trifluoro-")),
    "HFC-32": (771.0, ("difluoromethane", "methane, difluoro-")),
    "HFC-125": (3740.0, ("pentafluoroethane", "ethane, pentafluoro-")),
    "HFC-134a": (1530.0, ("1,1,1,2-tetrafluoroethane", "ethane, 1,1,1,2-tetrafluoro-", "R-134a")),
    "HFC-143": (364.0, ("1,1,2-trifluoroethane",)),
    "HFC-143a": (5810.0, ("1,1,1-trifluoroethane", "ethane, 1,1,1-trifluoro-")),
    "HFC-152a": (164.0, ("1,1-difluoroethane", "ethane, 1,1-difluoro-")),
    "HFC-227ea": (3600.0, ("heptafluoropropane",)),
    "HFC-236fa": (8690.0, ("hexafluoropropane",)),
    "HFC-245fa": (962.0, ("pentafluoropropane",)),
    "HFC-365mfc": (914.0, ("pentafluorobutane",)),
    "HFC-43-10mee": (1600.0, ("decafluoropentane",)),
    "Tetrafluoromethane": (7380.0, ("PFC-14", "CF4", "methane, tetrafluoro-", "carbon tetrafluoride")),
    "Hexafluoroethane": (12400.0, ("PFC-116", "C2F6", "ethane, hexafluoro-")),
    "Octafluoropropane": (9290.0, ("PFC-218", "C3F8", "perfluoropropane")),
    "Octafluorocyclobutane": (10200.0, ("PFC-318", "c-C4F8", "perfluorocyclobutane")),
    "Perfluoropentane": (9220.0, ("PFC-41-12", "n-C5F12", "dodecafluoropentane")),
    "Perfluorohexane": (8620.0, ("PFC-51-14", "n-C6F14", "tetradecafluorohexane")),
    "CFC-11": (6230.0, ("trichlorofluoromethane", "methane, trichlorofluoro-")),
    "CFC-12": (12500.0, ("dichlorodifluoromethane", "methane, dichlorodifluoro-")),
    "CFC-113": (6520.0, ("1,1,2-trichloro-1,2,2-trifluoroethane",)),
    "CFC-114": (9430.0, ("dichlorotetrafluoroethane",)),
    "CFC-115": (9600.0, ("chloropentafluoroethane",)),
    "HCFC-22": (1960.0, ("chlorodifluoromethane", "methane, chlorodifluoro-", "R-22")),
    "HCFC-141b": (860.0, ("1,1-dichloro-1-fluoroethane", "ethane, 1,1-dichloro-1-fluoro-")),
    "HCFC-142b": (2300.0, ("1-chloro-1,1-difluoroethane", "ethane, 1-chloro-1,1-difluoro-")),
    "Carbon tetrachloride": (2200.0, ("tetrachloromethane", "methane, tetrachloro-")),
    "Methyl chloroform": (161.0, ("1,1,1-trichloroethane", "ethane, 1,1,1-trichloro-")),
    "Halon-1211": (1930.0, ("bromochlorodifluoromethane", "methane, bromochlorodifluoro-")),
    "Halon-1301": (7200.0, ("bromotrifluoromethane", "methane, bromotrifluoro-")),
    "Methyl bromide": (2.43, ("bromomethane", "methane, bromo-")),
    "Methyl chloride": (5.54, ("chloromethane", "methane, chloro-")),
    "Dichloromethane": (11.2, ("methylene chloride", "methane, dichloro-")),
    "Chloroform": (20.6, ("trichloromethane", "methane, trichloro-")),
}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _index() -> dict[str, float]:
    out: dict[str, float] = {}
    for name, (value, aliases) in GWP100_AR6.items():
        out[_norm(name)] = value
        for alias in aliases:
            out[_norm(alias)] = value
    return out


_INDEX = _index()  # immutable after import: a pure lookup table


def gwp100(flow_name: str, *, biogenic: bool | None = None) -> float | None:
    """kg CO2e per kg of ``flow_name`` emitted to air (AR6 GWP100), or None when not a listed GHG.

    ``biogenic=True`` selects the non-fossil methane value (27.0) and gives biogenic CO2 a factor of 0
    (its uptake is not credited either). Names are matched case-insensitively, also with a
    ", fossil" / ", biogenic" / ", non-fossil" suffix as written by ecoinvent, USLCI and openLCA.
    """
    key = _norm(flow_name)
    m = re.match(r"^(.*?),\s*(fossil|biogenic|non-fossil|from soil or biomass stock|land transformation)$", key)
    origin = None
    if m:
        key, origin = m.group(1), m.group(2)
    is_biogenic = biogenic if biogenic is not None else origin in ("biogenic", "non-fossil")
    if key in ("carbon dioxide", "co2"):
        return 0.0 if is_biogenic else 1.0
    if key in ("methane", "ch4"):
        return GWP100_AR6["Methane, non-fossil"][0] if is_biogenic else GWP100_AR6["Methane, fossil"][0]
    return _INDEX.get(key)
