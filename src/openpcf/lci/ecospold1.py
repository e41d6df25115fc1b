"""EcoSpold 1 datasets as unit processes (parsed by :mod:`openpcf.formats.ecospold1`, the same parser the
catalog uses), e.g. the openLCA export of USLCI, from a .xml file, a folder, or a .zip/.tar of them.

Exchange groups (EcoSpold 1): outputGroup 0 reference product, 2 by-product, 3 waste to treatment,
4 emission to nature; inputGroup 5 from technosphere, 4 from nature. Technosphere inputs filed as
"Transformation, …" land-use flows by some exports are read as biosphere flows.
"""

from __future__ import annotations

from pathlib import Path

from openpcf.formats.ecospold1 import EcoSpoldDataset, iter_ecospold1
from openpcf.formats.problems import FormatError
from openpcf.lci.inventory import Exchange, UnitProcess


class EcoSpoldError(ValueError):
    pass


def unit_process(dataset: EcoSpoldDataset) -> UnitProcess:
    """One EcoSpold 1 dataset as a unit process; EcoSpoldError naming file and dataset when unusable."""
    origin, number = dataset.file, dataset.number
    rf = dataset.reference_function
    if rf is None:
        raise EcoSpoldError(f"{origin}: dataset {number} has no referenceFunction")
    location = (dataset.geography or {}).get("location", "")
    ref_name = rf.get("name", "")
    exchanges = []
    ref_amount = None
    for x in dataset.exchanges:
        tag, grp = x.group, x.group_code
        try:
            amount = float(x.mean_value if x.mean_value is not None else "nan")
        except ValueError:
            raise EcoSpoldError(f"{origin}: dataset {number}: bad meanValue {x.mean_value!r}") from None
        name, unit = x.name, x.unit
        compartment = "/".join(s for s in (x.category, x.sub_category) if s)
        if tag == "outputGroup" and grp == 0:
            if name == ref_name and ref_amount is None:
                ref_amount = amount
            continue
        if tag == "inputGroup" and grp == 5 and not name.startswith("Transformation,"):
            exchanges.append(Exchange(name, amount, unit, "technosphere", True, location=x.location))
        elif tag == "outputGroup" and grp in (1, 2, 3):
            exchanges.append(Exchange(name, amount, unit, "technosphere", False))
        elif tag == "outputGroup" and grp == 4:
            exchanges.append(Exchange(name, amount, unit, "biosphere", False, compartment=_compartment(compartment)))
        else:  # inputGroup 4 (resources) and land transformation
            exchanges.append(Exchange(name, amount, unit, "biosphere", True, compartment="resource/" + compartment))
    try:
        amount = ref_amount if ref_amount is not None else float(rf.get("amount", "1") or 1)
    except ValueError:
        raise EcoSpoldError(f"{origin}: dataset {number}: bad referenceFunction/@amount {rf.get('amount')!r}") from None
    if amount == 0:
        raise EcoSpoldError(f"{origin}: dataset {number} ({ref_name}) has a zero reference amount")
    return UnitProcess(
        id=f"{number}:{ref_name}:{location}", name=ref_name, reference_product=ref_name,
        reference_amount=amount, unit=rf.get("unit", ""), location=location, exchanges=tuple(exchanges),
        meta={"category": rf.get("category", ""), "sub_category": rf.get("subCategory", ""),
              "number": number or "",
              "time_end": dataset.end_date or "",
              "geography_text": (dataset.geography or {}).get("text", ""),
              "type": (dataset.dataset_information or {}).get("type", "")})


def _compartment(text: str) -> str:
    # "emission/air" → "air"; "troposphere/urban" (air sub-compartments without the parent) → "air/…"
    low = text.lower()
    if low.startswith("emission/"):
        return low.split("/", 1)[1]
    if low.split("/")[0] in ("troposphere", "stratosphere", "urban", "rural", "low", "high"):
        return "air/" + low
    return low


def read_ecospold1(path: str | Path) -> list[UnitProcess]:
    """All datasets in an EcoSpold 1 .xml file, or in every EcoSpold 1 .xml of a folder or archive."""
    p = Path(path)
    if not p.exists():
        raise EcoSpoldError(f"{p}: no such file")
    try:
        processes = [unit_process(d) for d in iter_ecospold1(p)]
    except FormatError as exc:
        raise EcoSpoldError(str(exc)) from None
    if not processes:
        raise EcoSpoldError(f"{p}: no EcoSpold 1 datasets found")
    return processes
