"""ILCD process datasets as activity records (the XML is found and parsed by :mod:`openpcf.formats.ilcd`).

Multilingual fields are kept: ``name``/``description``/``technology`` take English when present (else
the first language), and ``names`` holds every language of the name (TianGong datasets are en + zh).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.formats.archives import database_name
from openpcf.formats.ilcd import C, P, iter_process_datasets, languages, prefer_en, process_names

# A functional unit such as "1 t" or "1000 kg" names the reference unit; free text ("The output of ...")
# does not. Only a number followed by a known unit symbol is read.
_UNIT = re.compile(r"^\s*\d[\d.,]*\s*(kg|g|t|kWh|MWh|MJ|GJ|m3|m³|m2|m²|m|km|l|L|t\*km|tkm|p|pcs|piece|unit|item)\b")


def record_from_ilcd(root: ET.Element, source: str, source_database: str | None = None) -> ActivityRecord:
    """One ILCD processDataSet element as a record; CatalogError (naming the field) when unusable."""
    if root.tag != f"{P}processDataSet":
        raise CatalogError(source, f"not an ILCD processDataSet (root element {root.tag!r})")
    process_info = root.find(f"{P}processInformation")
    info = process_info.find(f"{P}dataSetInformation") if process_info is not None else None
    uuid = info.findtext(f"{C}UUID", "").strip() if info is not None else ""
    if not uuid:
        raise CatalogError(source, "missing common:UUID", field="dataSetInformation/UUID")
    names = process_names(info)
    name = prefer_en(names)
    if not name:
        raise CatalogError(source, "missing baseName", field="dataSetInformation/name/baseName")
    assert info is not None and process_info is not None

    classes = sorted(info.iter(f"{C}class"), key=lambda c: int(c.get("level", "0") or 0))
    comment = languages(info.findall(f"{C}generalComment"))
    technology_el = process_info.find(f"{P}technology")
    technology = languages(technology_el.findall(f"{P}technologyDescriptionAndIncludedProcesses")) if (
        technology_el is not None
    ) else {}
    applicability = languages(technology_el.findall(f"{P}technologicalApplicability")) if (
        technology_el is not None
    ) else {}
    location_el = process_info.find(f"{P}geography/{P}locationOfOperationSupplyOrProduction")
    year = process_info.findtext(f"{P}time/{C}referenceYear", "").strip()
    valid_until = process_info.findtext(f"{P}time/{C}dataSetValidUntil", "").strip()
    quantitative = process_info.find(f"{P}quantitativeReference")
    reference_id = quantitative.findtext(f"{P}referenceToReferenceFlow", "").strip() if quantitative is not None else ""
    functional_unit = prefer_en(languages(quantitative.findall(f"{P}functionalUnitOrOther"))) if (
        quantitative is not None
    ) else None

    reference_product: str | None = None
    reference_names: dict[str, str] = {}
    reference_flow: dict[str, object] = {}
    for exchange in root.iter(f"{P}exchange"):
        if exchange.get("dataSetInternalID") == reference_id:
            flow = exchange.find(f"{P}referenceToFlowDataSet")
            if flow is not None:
                reference_names = languages(flow.findall(f"{C}shortDescription"))
                reference_product = prefer_en(reference_names)
                reference_flow = {
                    "flow_uuid": flow.get("refObjectId"),
                    "direction": exchange.findtext(f"{P}exchangeDirection"),
                    "mean_amount": exchange.findtext(f"{P}meanAmount"),
                }
            break

    unit_match = _UNIT.match(functional_unit or "")
    modelling = root.find(f"{P}modellingAndValidation/{P}LCIMethodAndAllocation")
    extra: dict[str, object] = {
        "version": root.findtext(f"{P}administrativeInformation/{P}publicationAndOwnership/{C}dataSetVersion"),
        "functional_unit": functional_unit,
        "reference_flow": reference_flow or None,
        "reference_flow_names": reference_names or None,
        "description_languages": comment or None,
        "technology_languages": technology or None,
        "technological_applicability": prefer_en(applicability),
        "reference_year": year or None,
        "valid_until": valid_until or None,
        "lci_method_principle": modelling.findtext(f"{P}LCIMethodPrinciple") if modelling is not None else None,
        "file": source,
    }
    return ActivityRecord(
        id=uuid,
        name=name,
        reference_product=reference_product,
        description=prefer_en(comment),
        unit=unit_match.group(1).strip() if unit_match else None,
        geography=location_el.get("location") if location_el is not None else None,
        classification=[(c.text or "").strip() for c in classes if (c.text or "").strip()],
        technology=" ".join(filter(None, [prefer_en(technology), prefer_en(applicability)])) or None,
        time_period="-".join(filter(None, [year, valid_until])) or None,
        dataset_type=modelling.findtext(f"{P}typeOfDataSet") if modelling is not None else None,
        source_database=source_database,
        names=names,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def read_ilcd(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Records of every ILCD process XML in a folder, archive or single file (other XML is skipped)."""
    database = database_name(path)
    for member, root in iter_process_datasets(path, lambda exc: on_error(CatalogError.from_format_error(exc))):
        try:
            yield record_from_ilcd(root, member, database)
        except CatalogError as exc:
            on_error(exc)
