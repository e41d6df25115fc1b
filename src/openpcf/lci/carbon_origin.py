"""The origin of carbon flows — fossil, biogenic or land-use change — for unit processes.

ISO 14067 and the GHG Protocol Product Standard report biogenic CO2 (emitted by burning or degrading
biomass, and taken up by growing it) separately from the fossil total; biogenic methane and land-use
change emissions stay in the total with their GWP. An inventory can only be split that way when each CO2
and CH4 flow says where its carbon comes from. Many exports do ("Carbon dioxide, fossil", "Carbon dioxide,
biogenic", "Carbon dioxide, land transformation", "Methane, non-fossil"); some do not (the USLCI EcoSpold 1
export writes every one as plain "Carbon dioxide" / "Methane"). For those, in this order:

1. **labelled export** — the same process in another export of the same database that does label origin
   (USLCI's openLCA JSON-LD): an unlabelled flow takes the origin of the labelled flow of the same gas with
   the same amount (±1 %), else the nearest amount within a factor of 2;
2. **process-type rule** — a process that burns or ferments biomass (wood, bark, hog fuel, black liquor,
   sawdust, wood residue, bagasse, straw, biomass, biogas, landfill gas, ethanol from crops) emits biogenic
   CO2 and CH4 (:data:`BIOMASS_PROCESS`);
3. **default fossil** — anything else is read as fossil (the conservative convention).

Every relabelled flow is renamed "<gas>, biogenic" / "<gas>, fossil" so that the solver's GWP vector
(:func:`openpcf.gwp.gwp100`) and the split vectors see its origin; the rule used is returned per process.
All functions are pure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Literal

from openpcf.lci.inventory import Exchange, UnitProcess
from openpcf.vocabulary.names import normalise_name

Origin = Literal["fossil", "biogenic", "luluc"]
Gas = Literal["co2", "ch4"]
Rule = Literal["stated", "labelled export", "process-type rule", "default fossil"]

_GAS = re.compile(r"^\s*(carbon dioxide|co2|methane|ch4)\b\s*(?:,\s*(.*?))?\s*$", re.I)
_BIOGENIC_WORDS = ("biogenic", "non-fossil", "in air", "short cycle", "from biomass")
_LULUC_WORDS = ("land transformation", "land use change", "from soil or biomass stock", "luluc")
# Processes whose own CO2/CH4 comes from biomass carbon: combustion or fermentation of plant matter.
BIOMASS_PROCESS = re.compile(
    r"\b(?:(?:wood|bark|hog fuel|black liquor|sawdust|wood (?:waste|residue|fuel)|forest residue|biomass|bagasse|"
    r"straw|stover|switchgrass|pellets?|biogas|landfill gas|bio-?fuel)\b.*\b(?:combust\w*|burn\w*|fired|boiler)"
    r"|(?:combust\w*|burn\w*|fired|boiler)\b.*\b(?:wood|bark|hog fuel|black liquor|sawdust|biomass|bagasse|straw|"
    r"pellets?|biogas|landfill gas))\b"
    r"|\bethanol\b.*\b(?:corn|stover|switchgrass|straw|sugar ?cane|wheat|biochemical|ferment\w*)\b"
    r"|\belectricity, biomass\b",
    re.I)


def carbon_gas(flow: str) -> Gas | None:
    """'co2' or 'ch4' when ``flow`` names carbon dioxide or methane itself (not "Methane, dichloro-")."""
    m = _GAS.match(flow)
    if not m:
        return None
    suffix = (m.group(2) or "").lower()
    if suffix and not (suffix in ("fossil",) or any(w in suffix for w in _BIOGENIC_WORDS + _LULUC_WORDS)):
        return None  # a substituted methane ("Methane, dichloro-") or a product ("Carbon dioxide, liquid")
    return "co2" if m.group(1).lower() in ("carbon dioxide", "co2") else "ch4"


def stated_origin(flow: str) -> Origin | None:
    """The origin a flow name states (", fossil", ", biogenic", ", land transformation" …), else None."""
    m = _GAS.match(flow)
    if not m or carbon_gas(flow) is None:
        return None
    suffix = (m.group(2) or "").lower()
    if not suffix:
        return None
    if any(w in suffix for w in _LULUC_WORDS):
        return "luluc"
    if any(w in suffix for w in _BIOGENIC_WORDS):
        return "biogenic"
    return "fossil"


def _labelled_name(flow: str, origin: Origin) -> str:
    gas = carbon_gas(flow)
    base = "Carbon dioxide" if gas == "co2" else "Methane"
    return {"fossil": f"{base}, fossil", "biogenic": f"{base}, biogenic",
            "luluc": f"{base}, land transformation"}[origin]


OriginReference = Mapping[str, Sequence[tuple[Gas, float, Origin]]]


def origin_reference(processes: Iterable[UnitProcess]) -> dict[str, list[tuple[Gas, float, Origin]]]:
    """Per normalised process name: the (gas, amount per reference unit, origin) of every labelled CO2/CH4
    emission of a labelled export (first process of a name wins)."""
    out: dict[str, list[tuple[Gas, float, Origin]]] = {}
    for p in processes:
        key = normalise_name(p.name)
        if key in out:
            continue
        rows = []
        for x in p.exchanges:
            if x.kind != "biosphere" or x.is_input:
                continue
            gas, origin = carbon_gas(x.flow), stated_origin(x.flow)
            if gas and origin:
                rows.append((gas, x.amount / p.reference_amount, origin))
        out[key] = rows
    return out


def _from_reference(gas: Gas, amount: float, rows: Sequence[tuple[Gas, float, Origin]]) -> Origin | None:
    same = [(a, o) for g, a, o in rows if g == gas]
    if not same:
        return None
    for a, o in same:
        if math.isclose(a, amount, rel_tol=0.01, abs_tol=1e-12):
            return o
    if amount == 0:
        return None
    scored = [(abs(math.log(abs(a) / abs(amount))), o) for a, o in same if a != 0 and (a > 0) == (amount > 0)]
    if not scored:
        return None
    dist, origin = min(scored)
    return origin if dist <= math.log(2.0) else None


def label_origins(process: UnitProcess, reference: OriginReference | None = None) -> tuple[UnitProcess, dict[str, str]]:
    """``process`` with every unlabelled CO2/CH4 emission renamed by origin, and the rule per labelled flow.

    The returned dict maps "<new flow name> (<amount>)" → rule, for the audit trail; flows that already
    state their origin keep their name (rule "stated"). Resource (uptake) flows are left as they are.
    """
    rows = (reference or {}).get(normalise_name(process.name))
    biomass = bool(BIOMASS_PROCESS.search(process.name))
    rules: dict[str, str] = {}
    new: list[Exchange] = []
    for x in process.exchanges:
        gas = carbon_gas(x.flow) if x.kind == "biosphere" and not x.is_input else None
        if gas is None:
            new.append(x)
            continue
        origin = stated_origin(x.flow)
        rule: Rule
        if origin is not None:
            rule = "stated"
        else:
            amount = x.amount / process.reference_amount
            origin = _from_reference(gas, amount, rows) if rows else None
            if origin is not None:
                rule = "labelled export"
            elif biomass:
                origin, rule = "biogenic", "process-type rule"
            else:
                origin, rule = "fossil", "default fossil"
            x = replace(x, flow=_labelled_name(x.flow, origin))
        rules[f"{x.flow} ({x.amount:g})"] = rule
        new.append(x)
    return replace(process, exchanges=tuple(new)), rules


def label_all(processes: Iterable[UnitProcess], reference: OriginReference | None = None
              ) -> tuple[list[UnitProcess], dict[str, dict[str, str]]]:
    """:func:`label_origins` over many processes; the rules keyed by process id."""
    out, rules = [], {}
    for p in processes:
        q, r = label_origins(p, reference)
        out.append(q)
        rules[p.id] = r
    return out, rules


def rule_summary(rules: Mapping[str, str]) -> str:
    """The rules used for one process, most decisive first: 'labelled export', 'process-type rule'…"""
    order = ("labelled export", "process-type rule", "stated", "default fossil")
    used = {v for v in rules.values()}
    return ", ".join(r for r in order if r in used) or "no CO2/CH4 emitted directly"
