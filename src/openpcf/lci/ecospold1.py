"""Reader for EcoSpold 1 XML (as exported by openLCA, e.g. USLCI), from a .xml file or a .zip of them.

Exchange groups (EcoSpold 1): outputGroup 0 reference product, 2 by-product, 3 waste to treatment,
4 emission to nature; inputGroup 5 from technosphere, 4 from nature. Technosphere inputs filed as
"Transformation, …" land-use flows by some exports are read as biosphere flows.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

from openpcf.lci.inventory import Exchange, UnitProcess

NS = "{http://www.EcoInvent.org/EcoSpold01}"


class EcoSpoldError(ValueError):
    pass


def _group(x: ET.Element) -> tuple[str, int]:
    for child in x:
        tag = child.tag.replace(NS, "")
        if tag in ("inputGroup", "outputGroup") and child.text is not None:
            return tag, int(child.text.strip())
    return "", -1


def _processes(root: ET.Element, origin: str) -> Iterator[UnitProcess]:
    for d in root.iter(f"{NS}dataset"):
        rf = d.find(f".//{NS}referenceFunction")
        if rf is None:
            raise EcoSpoldError(f"{origin}: dataset {d.get('number')} has no referenceFunction")
        geo = d.find(f".//{NS}geography")
        location = geo.get("location", "") if geo is not None else ""
        ref_name = rf.get("name", "")
        exchanges = []
        ref_amount = None
        for x in d.iter(f"{NS}exchange"):
            tag, grp = _group(x)
            try:
                amount = float(x.get("meanValue", "nan"))
            except ValueError:
                raise EcoSpoldError(f"{origin}: dataset {d.get('number')}: bad meanValue {x.get('meanValue')!r}") from None
            name, unit = x.get("name", ""), x.get("unit", "")
            compartment = "/".join(s for s in (x.get("category", ""), x.get("subCategory", "")) if s)
            if tag == "outputGroup" and grp == 0:
                if name == ref_name and ref_amount is None:
                    ref_amount = amount
                continue
            if tag == "inputGroup" and grp == 5 and not name.startswith("Transformation,"):
                exchanges.append(Exchange(name, amount, unit, "technosphere", True, location=x.get("location", "")))
            elif tag == "outputGroup" and grp in (1, 2, 3):
                exchanges.append(Exchange(name, amount, unit, "technosphere", False))
            elif tag == "outputGroup" and grp == 4:
                exchanges.append(Exchange(name, amount, unit, "biosphere", False, compartment=_compartment(compartment)))
            else:  # inputGroup 4 (resources) and land transformation
                exchanges.append(Exchange(name, amount, unit, "biosphere", True, compartment="resource/" + compartment))
        amount = ref_amount if ref_amount is not None else float(rf.get("amount", "1") or 1)
        if amount == 0:
            raise EcoSpoldError(f"{origin}: dataset {d.get('number')} ({ref_name}) has a zero reference amount")
        yield UnitProcess(
            id=f"{d.get('number')}:{ref_name}:{location}", name=ref_name, reference_product=ref_name,
            reference_amount=amount, unit=rf.get("unit", ""), location=location, exchanges=tuple(exchanges),
            meta={"category": rf.get("category", ""), "sub_category": rf.get("subCategory", ""),
                  "number": d.get("number", ""),
                  "time_end": _text(d.find(f".//{NS}endDate")),
                  "geography_text": geo.get("text", "") if geo is not None else "",
                  "type": (d.find(f".//{NS}dataSetInformation").get("type", "")
                           if d.find(f".//{NS}dataSetInformation") is not None else "")})


def _text(el: ET.Element | None) -> str:
    return (el.text or "").strip() if el is not None else ""


def _compartment(text: str) -> str:
    # "emission/air" → "air"; "troposphere/urban" (air sub-compartments without the parent) → "air/…"
    low = text.lower()
    if low.startswith("emission/"):
        return low.split("/", 1)[1]
    if low.split("/")[0] in ("troposphere", "stratosphere", "urban", "rural", "low", "high"):
        return "air/" + low
    return low


def read_ecospold1(path: str | Path) -> list[UnitProcess]:
    """All datasets in an EcoSpold 1 .xml file, or in every .xml inside a .zip."""
    p = Path(path)
    if not p.is_file():
        raise EcoSpoldError(f"{p}: no such file")
    out: list[UnitProcess] = []
    if p.suffix.lower() == ".zip":
        with zipfile.ZipFile(p) as zf:
            for name in sorted(zf.namelist()):
                if name.lower().endswith(".xml") and not name.lower().endswith("categories.xml"):
                    root = ET.parse(io.BytesIO(zf.read(name))).getroot()
                    out.extend(_processes(root, f"{p}!{name}"))
    else:
        out.extend(_processes(ET.parse(p).getroot(), str(p)))
    return out
