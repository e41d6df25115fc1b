"""openLCA JSON-LD exports as unit processes (through ``olca-schema``, extra ``[olca]``).

The export — a folder, zip or tar with ``processes/*.json`` (and ``flows/*.json`` when present, for
elementary-flow compartments) — is read by :mod:`openpcf.formats.olca_jsonld`, the same reader the catalog
uses; this module maps its processes and hands the processes to the same solver as USLCI
(:func:`openpcf.lci.system.build_system`). An elementary output without a known compartment is read as
an emission to air (exports without flow files, such as the USLCI subset, give none).
"""

from __future__ import annotations

from pathlib import Path

from openpcf.formats.archives import member_folder
from openpcf.formats.olca_jsonld import read_export, upgrade_legacy
from openpcf.formats.problems import FormatError
from openpcf.lci.inventory import Exchange, UnitProcess


class OlcaError(ValueError):
    pass


def _schema():
    try:
        import olca_schema
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the extra
        raise OlcaError("reading openLCA JSON-LD needs olca-schema: pip install 'openpcf[olca]'") from exc
    return olca_schema


def _category(ref) -> str:
    cat = getattr(ref, "category", None)
    if cat is None:
        return ""
    return cat if isinstance(cat, str) else getattr(cat, "name", "") or ""


def read_olca_jsonld(path: str | Path) -> list[UnitProcess]:
    """Unit processes of an openLCA JSON-LD export (folder or zip)."""
    o = _schema()
    p = Path(path)
    if not p.exists():
        raise OlcaError(f"{p}: no such file or folder")
    try:
        export = read_export(p)
    except FormatError as exc:
        raise OlcaError(str(exc)) from None
    flow_problems = [e for e in export.problems if member_folder(e.file) == "flows"]
    if flow_problems:
        raise OlcaError(str(flow_problems[0]))
    compartments: dict[str, str] = {}
    for doc in export.flows.values():
        where = doc.get("@id", "")
        try:
            flow = o.Flow.from_dict(doc)
        except Exception as exc:  # noqa: BLE001 - olca-schema raises various types on bad input
            raise OlcaError(f"{p}: flows/{where}: not a Flow ({exc})") from None
        compartments[flow.id] = _category(flow).lower().replace("elementary flows/", "")
    out: list[UnitProcess] = []
    for where, doc in export.iter_processes():
        if isinstance(doc, FormatError):
            raise OlcaError(str(doc))
        try:
            proc = o.Process.from_dict(upgrade_legacy(doc))
        except Exception as exc:  # noqa: BLE001
            raise OlcaError(f"{where}: not a Process ({exc})") from None
        ref_ex = next((x for x in proc.exchanges or [] if x.is_quantitative_reference), None)
        if ref_ex is None or ref_ex.flow is None:
            raise OlcaError(f"{where}: process {proc.name!r} has no quantitative reference")
        if not ref_ex.amount:
            raise OlcaError(f"{where}: process {proc.name!r} has a zero reference amount")
        location = getattr(proc.location, "name", "") or "" if proc.location else ""
        exchanges = []
        for x in proc.exchanges or []:
            if x is ref_ex or x.flow is None:
                continue
            unit = x.unit.name if x.unit is not None else ""
            flow_type = getattr(x.flow.flow_type, "value", x.flow.flow_type)
            if flow_type == "ELEMENTARY_FLOW":
                comp = compartments.get(x.flow.id) or _category(x.flow).lower()
                if not comp:
                    comp = "resource/unspecified" if x.is_input else "air/unspecified (assumed)"
                elif x.is_input and not comp.startswith("resource"):
                    comp = "resource/" + comp
                exchanges.append(Exchange(x.flow.name or "", float(x.amount or 0.0), unit, "biosphere",
                                          bool(x.is_input), compartment=comp.replace("emission to ", "")))
            else:
                provider_loc = getattr(x.default_provider, "location", "") or "" if x.default_provider else ""
                exchanges.append(Exchange(x.flow.name or "", float(x.amount or 0.0), unit, "technosphere",
                                          bool(x.is_input), location=provider_loc if isinstance(provider_loc, str)
                                          else ""))
        out.append(UnitProcess(
            id=proc.id, name=proc.name or "", reference_product=ref_ex.flow.name or "",
            reference_amount=float(ref_ex.amount), unit=ref_ex.unit.name if ref_ex.unit else "",
            location=location, exchanges=tuple(exchanges),
            meta={"category": _category(proc), "process_type": str(getattr(proc.process_type, "value", ""))}))
    return out
