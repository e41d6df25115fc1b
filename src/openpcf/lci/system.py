"""Link unit processes into a technosphere, solve it, and characterise with AR6 GWP100.

Linking: a technosphere input is supplied by the process whose reference product has the same
(normalised) name; among several, the one in the same location as the consumer, else the first by id.
An input with no provider (or an incompatible unit) is **cut off** and recorded. By-products are not
credited: every burden goes to the reference product (no allocation data in the sources used).
Carbon origin (:mod:`openpcf.lci.carbon_origin`): the headline score counts fossil GHGs, biogenic methane
and land-use change CO2 (ISO 14067 / GHG Protocol Product Standard); biogenic CO2 emissions and CO2 uptake
by biomass are reported beside it (:data:`SPLIT_KEYS`), not in it. CO2 and CH4 whose origin no rule
decides are fossil.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from openpcf import units
from openpcf.gwp import gwp100
from openpcf.lci.carbon_origin import carbon_gas, stated_origin
from openpcf.lci.inventory import UnitProcess
from openpcf.lci.matrices import supply_shares, unit_scores
from openpcf.vocabulary.names import normalise_name


@dataclass
class TechnosphereSystem:
    processes: list[UnitProcess]
    A: sp.csc_matrix
    B: sp.csc_matrix
    flows: list[tuple[str, str]]  # (flow name, compartment) per row of B
    c: np.ndarray  # kg CO2e per unit of each flow (0 when not a GHG or not emitted to air)
    cut_inputs: list[list[str]] = field(default_factory=list)  # per process: input names with no provider
    cut_mass: np.ndarray | None = None  # kg of unlinked inputs per process
    all_mass: np.ndarray | None = None  # kg of all technosphere inputs per process


@dataclass(frozen=True)
class ProcessResult:
    """Cradle-to-gate GWP100 of one unit of a process's reference product."""

    process: UnitProcess
    kg_co2e_per_unit: float
    unit: str
    cutoff_share: float  # share (by mass) of the supply chain's technosphere inputs that had no provider
    cutoff_inputs: tuple[str, ...]  # the process's own unlinked inputs
    direct_share: float  # share of the score emitted by the process itself
    co2_uptake: float = 0.0  # kg CO2 taken up from air in the supply chain per unit (not credited)
    split: dict[str, float] = field(default_factory=dict)  # SPLIT_KEYS → amount per unit (see split_vectors)


#: The parts of a cradle-to-gate result, per unit of product. ``fossil`` (fossil CO2 and CH4 and every
#: other GHG: N2O, F-gases), ``biogenic_non_co2`` (biogenic CH4) and ``luluc`` (land-use change CO2) add up
#: to the headline kg CO2e; ``biogenic_co2`` (kg CO2 emitted from biomass carbon) and ``biogenic_uptake``
#: (kg CO2 taken up from air, ≤ 0) are reported separately and are not in the headline.
SPLIT_KEYS = ("fossil", "biogenic_non_co2", "luluc", "biogenic_co2", "biogenic_uptake")

def _to_kg(amount: float, unit: str) -> float | None:
    try:
        return units.convert(amount, unit, "kg")
    except units.UnitError:
        return None


def is_air_emission(compartment: str) -> bool:
    top = compartment.split("/")[0].strip().lower()
    return top in ("air", "emission to air", "emissions to air") or compartment.lower().startswith("emission/air")


# Inputs that are burden-free under the cut-off (recycled-content) approach, or services rather than
# materials: they are still recorded as unlinked, but not weighed in the cut-off mass share.
_NOT_WEIGHED = ("scrap", "recovered", "waste", "disposal", "dummy_disposal", "recycled")


def _weighed(flow: str) -> bool:
    low = flow.lower()
    return not any(w in low for w in _NOT_WEIGHED)


def build_system(processes: Sequence[UnitProcess], preferred_locations: Sequence[str] = ()) -> TechnosphereSystem:
    """Technosphere A, biosphere B and the GWP vector c from unit processes.

    Among several providers of the same product: the location named on the exchange, then
    ``preferred_locations`` in order (e.g. a national average), then the consumer's location, then
    the first by id.
    """
    procs = sorted(processes, key=lambda p: p.id)
    n = len(procs)
    providers: dict[str, list[int]] = {}
    for j, p in enumerate(procs):
        providers.setdefault(normalise_name(p.reference_product), []).append(j)

    a_rows, a_cols, a_vals = list(range(n)), list(range(n)), [p.reference_amount for p in procs]
    flow_index: dict[tuple[str, str], int] = {}
    b_rows, b_cols, b_vals = [], [], []
    cut_inputs: list[list[str]] = [[] for _ in range(n)]
    cut_mass, all_mass = np.zeros(n), np.zeros(n)
    for j, p in enumerate(procs):
        for x in p.exchanges:
            if x.kind == "technosphere":
                if not x.is_input:
                    continue  # by-products and waste outputs: not credited, not treated
                mass = _to_kg(x.amount, x.unit)
                cands = providers.get(normalise_name(x.flow), [])
                cands = [k for k in cands if k != j] or cands
                k = None
                if cands:
                    order = [x.location, *preferred_locations, p.location]
                    ranked = [[i for i in cands if loc and procs[i].location == loc] for loc in order]
                    k = next((r[0] for r in ranked if r), cands[0])
                factor = None
                if k is not None:
                    try:
                        factor = units.conversion_factor(x.unit, procs[k].unit)
                    except units.UnitError:
                        factor = None
                if k is None or factor is None:
                    cut_inputs[j].append(x.flow)
                    if mass is not None and _weighed(x.flow):
                        cut_mass[j] += abs(mass) / p.reference_amount
                else:
                    a_rows.append(k)
                    a_cols.append(j)
                    a_vals.append(-x.amount * factor)
                if mass is not None and _weighed(x.flow):
                    all_mass[j] += abs(mass) / p.reference_amount
            else:
                key = (x.flow, x.compartment)
                i = flow_index.setdefault(key, len(flow_index))
                sign = -1.0 if x.is_input else 1.0
                b_rows.append(i)
                b_cols.append(j)
                b_vals.append(sign * x.amount)
    A = sp.csc_matrix((a_vals, (a_rows, a_cols)), shape=(n, n))
    flows = [k for k, _ in sorted(flow_index.items(), key=lambda kv: kv[1])]
    B = sp.csc_matrix((b_vals, (b_rows, b_cols)), shape=(len(flows), n))
    c = np.zeros(len(flows))
    for i, (name, compartment) in enumerate(flows):
        if is_air_emission(compartment):
            c[i] = gwp100(name) or 0.0
    return TechnosphereSystem(procs, A, B, flows, c, cut_inputs, cut_mass, all_mass)


def split_vectors(flows: Sequence[tuple[str, str]]) -> dict[str, np.ndarray]:
    """One characterisation vector per :data:`SPLIT_KEYS` entry over the biosphere rows ``flows``.

    Emissions to air: fossil and other GHGs → ``fossil`` (GWP100), biogenic CH4 → ``biogenic_non_co2``
    (GWP100 non-fossil), land-use change CO2 → ``luluc``, biogenic CO2 → ``biogenic_co2`` (1 per kg CO2).
    CO2 taken from air (resource rows, stored negative in B) → ``biogenic_uptake`` (1 per kg, so ≤ 0).
    """
    out = {k: np.zeros(len(flows)) for k in SPLIT_KEYS}
    for i, (name, compartment) in enumerate(flows):
        gas = carbon_gas(name)
        if compartment.startswith("resource"):
            if gas == "co2":
                out["biogenic_uptake"][i] = 1.0
            continue
        if not is_air_emission(compartment):
            continue
        origin = stated_origin(name) or "fossil"
        value = gwp100(name) or 0.0
        if gas == "co2" and origin == "biogenic":
            out["biogenic_co2"][i] = 1.0
        elif gas == "co2" and origin == "luluc":
            out["luluc"][i] = value
        elif gas == "ch4" and origin == "biogenic":
            out["biogenic_non_co2"][i] = value
        else:
            out["fossil"][i] = value
    return out


def solve_system(system: TechnosphereSystem) -> list[ProcessResult]:
    """Cradle-to-gate kg CO2e per unit of every process's reference product, with cut-off shares and the
    fossil / biogenic / land-use change split (:data:`SPLIT_KEYS`)."""
    scores = unit_scores(system.A, system.B, system.c)
    parts = {k: unit_scores(system.A, system.B, v) if len(v) else np.zeros(len(scores))
             for k, v in split_vectors(system.flows).items()}
    # B holds resource inputs as negative amounts: uptake per unit = -(u B A⁻¹), reported as a positive mass.
    uptake = -parts["biogenic_uptake"]
    shares = supply_shares(system.A, system.cut_mass, system.all_mass)
    direct = np.asarray(system.B.T @ system.c).ravel()
    out = []
    for j, p in enumerate(system.processes):
        own = direct[j] / p.reference_amount
        total = float(scores[j])
        out.append(ProcessResult(
            process=p, kg_co2e_per_unit=total, unit=p.unit, cutoff_share=float(shares[j]),
            cutoff_inputs=tuple(system.cut_inputs[j]),
            direct_share=float(own / total) if total else 0.0, co2_uptake=float(uptake[j]),
            split={k: float(v[j]) for k, v in parts.items()}))
    return out
