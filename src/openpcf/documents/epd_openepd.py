"""An openEPD JSON document (Building Transparency's open format) → :class:`EpdRecord`.

Read with the standard library from the format's published field names (the ``openepd`` package's models
would add four dependencies for reading a dozen fields): ``product_name``, ``declared_unit {qty, unit}``,
``product_service_life_years``, ``impacts {method: {gwp | gwp-fossil | gwp-biogenic | gwp-luluc:
{A1A2A3 | A1 | … | D: {mean, unit}}}}``, ``program_operator {name}``, ``program_operator_doc_id``,
``pcr {name}``, ``date_of_issue``, ``valid_until``, and the geography from the first plant's
``location.country``, the manufacturer's ``hq_location.country`` or ``applicable_in``. When ``impacts``
holds several LCIA methods, EN 15804's EF 3.x is preferred, then IPCC AR6/AR5, then TRACI, then the
first. openEPD has no composition table. Evidence ``location`` is a JSON pointer.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from openpcf.documents.epd_pdf import canonical_module
from openpcf.documents.epd_record import EpdRecord, Evidence, GwpIndicator, ModuleResult, Stated
from openpcf.documents.limits import DocumentError, DocumentLimits
from openpcf.documents.pdf import check_file
from openpcf.documents.plain import decode_text

_IMPACT_KEYS: dict[str, GwpIndicator] = {"gwp": "GWP-total", "gwp-fossil": "GWP-fossil",
                                          "gwp-biogenic": "GWP-biogenic", "gwp-luluc": "GWP-luluc"}
_METHOD_PREFERENCE = ("EF 3.1", "EF 3.0", "EF 2.0", "IPCC AR6", "IPCC AR5", "TRACI 2.2", "TRACI 2.1")
_UNITS_OK = ("kgco2e", "kgco2eq", "kgco2")


def _pointer(*parts: str | int) -> str:
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _stated_text(value: Any, *pointer: str | int) -> Stated[str] | None:
    if value is None or value == "" or isinstance(value, (dict, list)):
        return None
    text = str(value)
    return Stated[str](value=text, evidence=Evidence(quote=text, location=_pointer(*pointer)))


def _choose_method(impacts: dict[str, Any]) -> str | None:
    for preferred in _METHOD_PREFERENCE:
        if isinstance(impacts.get(preferred), dict):
            return preferred
    return next((k for k, v in impacts.items() if isinstance(v, dict)), None)


def record_from_openepd(data: dict[str, Any], source: str) -> EpdRecord:
    """An :class:`EpdRecord` from a parsed openEPD document."""
    record = EpdRecord(source=source, format="openepd")
    record.product_name = _stated_text(data.get("product_name") or data.get("name"), "product_name")
    du = data.get("declared_unit")
    if isinstance(du, dict) and isinstance(du.get("qty"), (int, float)) and du.get("unit"):
        text = f"{float(du['qty']):g} {du['unit']}"
        record.declared_unit = Stated[str](value=text, evidence=Evidence(quote=json.dumps(du), location="/declared_unit"))
    rsl = data.get("product_service_life_years")
    if isinstance(rsl, (int, float)):
        record.reference_service_life = Stated[str](value=f"{float(rsl):g} years", evidence=Evidence(
            quote=str(rsl), location="/product_service_life_years"))
    po = data.get("program_operator")
    if isinstance(po, dict):
        record.programme_operator = _stated_text(po.get("name"), "program_operator", "name")
    record.registration_number = _stated_text(data.get("program_operator_doc_id"), "program_operator_doc_id")
    pcr = data.get("pcr")
    if isinstance(pcr, dict):
        record.pcr = _stated_text(pcr.get("name"), "pcr", "name")
    record.date_of_issue = _stated_text(data.get("date_of_issue"), "date_of_issue")
    record.valid_until = _stated_text(data.get("valid_until"), "valid_until")
    plants = data.get("plants")
    if isinstance(plants, list) and plants and isinstance(plants[0], dict):
        location = plants[0].get("location") or {}
        if isinstance(location, dict):
            record.geography = _stated_text(location.get("country"), "plants", 0, "location", "country")
    manufacturer = data.get("manufacturer")
    if record.geography is None and isinstance(manufacturer, dict):
        hq = manufacturer.get("hq_location") or {}
        if isinstance(hq, dict):
            record.geography = _stated_text(hq.get("country"), "manufacturer", "hq_location", "country")
    applicable = data.get("applicable_in")
    if record.geography is None and isinstance(applicable, list) and applicable:
        record.geography = Stated[str](value=", ".join(map(str, applicable)),
                                       evidence=Evidence(quote=json.dumps(applicable), location="/applicable_in"))
    impacts = data.get("impacts")
    if isinstance(impacts, dict):
        method = _choose_method(impacts)
        if method is not None:
            if len([v for v in impacts.values() if isinstance(v, dict)]) > 1:
                record.warnings.append(f"impacts of several LCIA methods; read {method!r}")
            for key, indicator in _IMPACT_KEYS.items():
                scopes = impacts[method].get(key)
                if not isinstance(scopes, dict):
                    continue
                for scope, measurement in scopes.items():
                    if not isinstance(measurement, dict) or not isinstance(measurement.get("mean"), (int, float)):
                        continue
                    value = float(measurement["mean"])
                    if not math.isfinite(value):
                        continue
                    unit = str(measurement.get("unit") or "kgCO2e")
                    if unit.replace(" ", "").replace(".", "").lower() not in _UNITS_OK:
                        record.warnings.append(f"{method}/{key}/{scope}: unit {unit!r} is not kg CO2e; skipped")
                        continue
                    record.gwp.append(ModuleResult(
                        indicator=indicator, module=canonical_module(scope), value=value,
                        evidence=Evidence(quote=json.dumps(measurement), location=_pointer("impacts", method, key, scope))))
    if record.gwp_value("GWP-total", "A1-A3") is None:
        record.warnings.append("no A1-A3 GWP-total found")
    if record.declared_unit is None:
        record.warnings.append("no declared unit found")
    return record


def read_openepd(path: Path, limits: DocumentLimits) -> EpdRecord:
    """Read an openEPD JSON file (see the module docstring)."""
    check_file(path, limits)
    text = decode_text(path.read_bytes(), path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(f"{path}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})",
                            "corrupt") from None
    except RecursionError:
        raise DocumentError(f"{path}: JSON nested too deeply", "corrupt") from None
    if not isinstance(data, dict):
        raise DocumentError(f"{path}: an openEPD document is a JSON object, not {type(data).__name__}", "unsupported")
    return record_from_openepd(data, str(path))
