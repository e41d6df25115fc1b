"""An ILCD+EPD process data set (the ÖKOBAUDAT / soda4LCA export format) → :class:`EpdRecord`.

The format extends an ILCD ``processDataSet`` (namespace ``http://lca.jrc.it/ILCD/Process``, common
elements in ``http://lca.jrc.it/ILCD/Common``) with EN 15804 modules: under each
``LCIAResults/LCIAResult`` the ``common:other`` element holds one ``epd:amount`` per module
(``<epd:amount epd:module="A1-A3">412</epd:amount>``, namespace ``http://www.iai.kit.edu/EPD/2013``;
the 2019 extension ``http://www.indata.network/EPD/2019`` adds the indicator's unit group). The indicator
is identified by the ``shortDescription`` of its ``referenceToLCIAMethodDataSet`` ("Global Warming
Potential - total (GWP-total)", "… (GWP-fossil)", …; EN 15804+A1's plain "Global warming potential (GWP)"
is read as GWP-total).

Other fields: product name ``dataSetInformation/name/baseName``; declared unit from the reference flow's
exchange (``meanAmount`` and the unit group named in it) or ``functionalUnitFlowProperties``; geography
``locationOfOperationSupplyOrProduction/@location``; validity ``time/dataSetValidUntil``; registration
number ``publicationAndOwnership/registrationNumber``; programme operator
``referenceToRegistrationAuthority``; PCR ``LCIMethodAndAllocation/referenceToLCAMethodDetails``. ILCD has
no composition table, so ``composition`` stays empty. Evidence ``location`` is the element path.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from openpcf.documents.epd_pdf import canonical_module, parse_number
from openpcf.documents.epd_record import EpdRecord, Evidence, GwpIndicator, ModuleResult, Stated
from openpcf.documents.limits import DocumentError, DocumentLimits
from openpcf.documents.pdf import check_file

NS = {
    "process": "http://lca.jrc.it/ILCD/Process",
    "common": "http://lca.jrc.it/ILCD/Common",
    "epd": "http://www.iai.kit.edu/EPD/2013",
    "epd2": "http://www.indata.network/EPD/2019",
}
_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_UNIT_GROUPS = {
    "units of volume": "m3", "units of mass": "kg", "units of area": "m2", "units of items": "piece",
    "units of length": "m", "units of energy": "MJ", "units of volume*time": "m3*a",
}
_INDICATOR_TEXT: tuple[tuple[GwpIndicator, re.Pattern[str]], ...] = (
    ("GWP-fossil", re.compile(r"GWP[\s-]*fossil|global warming potential[^()]*fossil", re.IGNORECASE)),
    ("GWP-biogenic", re.compile(r"GWP[\s-]*biogenic|global warming potential[^()]*biogenic", re.IGNORECASE)),
    ("GWP-luluc", re.compile(r"GWP[\s-]*luluc|global warming potential[^()]*land use", re.IGNORECASE)),
    ("GWP-total", re.compile(r"GWP[\s-]*total|global warming potential[^()]*total|\(GWP\)|^global warming potential$",
                             re.IGNORECASE)),
)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(elements: list[ET.Element]) -> ET.Element | None:
    """The English element of multilingual siblings, else the first with text."""
    with_text = [e for e in elements if (e.text or "").strip()]
    for e in with_text:
        if e.get(_LANG, "en") == "en":
            return e
    return with_text[0] if with_text else None


def _stated(element: ET.Element | None, path: str, value: str | None = None) -> Stated[str] | None:
    if element is None:
        return None
    raw = value if value is not None else " ".join((element.text or "").split())
    if not raw:
        return None
    return Stated[str](value=raw, evidence=Evidence(quote=raw, location=path))


def _indicator(description: str) -> GwpIndicator | None:
    for name, pattern in _INDICATOR_TEXT:
        if pattern.search(description.strip()):
            return name
    return None


def _declared_unit(root: ET.Element) -> Stated[str] | None:
    ref = root.find("process:processInformation/process:quantitativeReference/process:referenceToReferenceFlow", NS)
    ref_id = (ref.text or "").strip() if ref is not None else None
    for k, exchange in enumerate(root.findall("process:exchanges/process:exchange", NS)):
        if ref_id is not None and exchange.get("dataSetInternalID") != ref_id:
            continue
        amount_el = exchange.find("process:meanAmount", NS)
        amount = parse_number(amount_el.text or "") if amount_el is not None else None
        unit = None
        for el in exchange.iter():
            if "UnitGroup" in _local(el.tag) or "FlowProperty" in _local(el.tag):
                desc = _text(el.findall("common:shortDescription", NS))
                if desc is not None:
                    name = " ".join((desc.text or "").split())
                    unit = _UNIT_GROUPS.get(name.lower(), name if len(name) <= 8 else None)
                    if unit:
                        break
        if amount is not None and unit:
            path = f"exchanges/exchange[@dataSetInternalID='{exchange.get('dataSetInternalID')}']"
            return Stated[str](value=f"{amount:g} {unit}",
                               evidence=Evidence(quote=f"meanAmount {amount_el.text}; {unit}", location=path))
        break
    fu = _text(root.findall("process:processInformation/process:dataSetInformation/process:name/"
                            "process:functionalUnitFlowProperties", NS))
    if fu is not None:
        m = re.search(r"(\d+(?:[.,]\d+)?)\s*(m3|m³|m2|m²|kg|t|piece|pcs|m)\b", fu.text or "")
        if m:
            unit = {"m³": "m3", "m²": "m2"}.get(m.group(2), m.group(2))
            return Stated[str](value=f"{parse_number(m.group(1)):g} {unit}",
                               evidence=Evidence(quote=(fu.text or "").strip(),
                                                 location="dataSetInformation/name/functionalUnitFlowProperties"))
    return None


def read_ilcd_epd(path: Path, limits: DocumentLimits) -> EpdRecord:
    """Read an ILCD+EPD XML data set (see the module docstring)."""
    check_file(path, limits)
    try:
        root = ET.parse(path).getroot()  # expat ≥ 2.4 refuses entity-expansion bombs; no external entities
    except ET.ParseError as exc:
        line, col = exc.position
        why = str(exc).rsplit(": line", 1)[0]
        raise DocumentError(f"{path}: line {line}, column {col}: not well-formed XML ({why})", "corrupt") from None
    if _local(root.tag) != "processDataSet":
        raise DocumentError(f"{path}: not an ILCD process data set (root element <{_local(root.tag)}>)", "unsupported")
    record = EpdRecord(source=str(path), format="ilcd")
    info = "process:processInformation/process:dataSetInformation"
    record.product_name = _stated(_text(root.findall(f"{info}/process:name/process:baseName", NS)),
                                  "dataSetInformation/name/baseName")
    record.declared_unit = _declared_unit(root)
    loc = root.find("process:processInformation/process:geography/process:locationOfOperationSupplyOrProduction", NS)
    if loc is not None and loc.get("location"):
        record.geography = Stated[str](value=loc.get("location", ""), evidence=Evidence(
            quote=loc.get("location", ""), location="geography/locationOfOperationSupplyOrProduction/@location"))
    record.valid_until = _stated(root.find("process:processInformation/process:time/common:dataSetValidUntil", NS),
                                 "time/dataSetValidUntil")
    for el in root.iter():
        if _local(el.tag) == "publicationDateOfEPD" and record.date_of_issue is None:
            record.date_of_issue = _stated(el, "time/publicationDateOfEPD")
        if _local(el.tag) == "referenceServiceLife" and record.reference_service_life is None:
            years = parse_number(el.text or "")
            if years is not None:
                record.reference_service_life = _stated(el, "referenceServiceLife", f"{years:g} years")
    own = "process:administrativeInformation/process:publicationAndOwnership"
    record.registration_number = _stated(root.find(f"{own}/common:registrationNumber", NS),
                                         "publicationAndOwnership/registrationNumber")
    authority = root.find(f"{own}/common:referenceToRegistrationAuthority", NS)
    if authority is not None:
        record.programme_operator = _stated(_text(authority.findall("common:shortDescription", NS)),
                                            "publicationAndOwnership/referenceToRegistrationAuthority")
    method = root.findall("process:modellingAndValidation/process:LCIMethodAndAllocation/"
                          "process:referenceToLCAMethodDetails", NS)
    for m in method:
        record.pcr = _stated(_text(m.findall("common:shortDescription", NS)),
                             "LCIMethodAndAllocation/referenceToLCAMethodDetails")
        if record.pcr:
            break
    for k, result in enumerate(root.findall("process:LCIAResults/process:LCIAResult", NS), start=1):
        ref = result.find("process:referenceToLCIAMethodDataSet", NS)
        desc = _text(ref.findall("common:shortDescription", NS)) if ref is not None else None
        indicator = _indicator(desc.text or "") if desc is not None else None
        if indicator is None:
            continue
        for amount in result.iter(f"{{{NS['epd']}}}amount"):
            module = amount.get(f"{{{NS['epd']}}}module") or amount.get("module")
            if not module or amount.get(f"{{{NS['epd']}}}scenario"):
                continue  # scenario variants of a module are alternatives, not the declared figure
            value = parse_number(amount.text or "")
            if value is None:
                continue
            module = canonical_module(module)
            record.gwp.append(ModuleResult(
                indicator=indicator, module=module, value=value,
                evidence=Evidence(quote=f"{(desc.text or '').strip()}: {module} {(amount.text or '').strip()}",
                                  location=f"LCIAResults/LCIAResult[{k}]/other/amount[@module='{module}']")))
    if record.gwp_value("GWP-total", "A1-A3") is None:
        record.warnings.append("no A1-A3 GWP-total found")
    if record.declared_unit is None:
        record.warnings.append("no declared unit found")
    return record
