"""Crosswalk from the PCFBench / ecoinvent picklist to open factors, computed from the user's file.

For each picklist row (``activity_uuid_product_uuid``, ``activity_name``, ``reference_product_name``)
the crosswalk records the open factor that represents its reference product — or none, with the
reason — plus the match method, score, confidence and answering resolver. The picklist is never
shipped: :func:`build_crosswalk` reads the file the user points at, and results are cached under
``openpcf.paths.cache_dir()`` keyed by the file's and the library's content hashes.

Units (:func:`openpcf.formats.picklist.picklist_unit`): every picklist row is per kg except the three
energy markets (electricity low voltage kWh, natural gas high pressure m3, heat from natural gas MJ), which resolve through the energy factors
with their geography.

Not mapped on purpose (reason recorded): waste / scrap markets (near zero burden under the cut-off
system model, no open equivalent) and services that process a material someone else supplies
("metal working", "injection moulding", "treatment of …"): mapping them to the material would count
the material twice.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from openpcf.factors.record import Factor, FactorMatch, FactorQuery
from openpcf.factors.resolver import FactorResolver, ResolverChain, fitted_match
from openpcf.formats.picklist import PicklistRow
from openpcf.formats.picklist import read_picklist as read_formats_picklist
from openpcf.formats.problems import FormatError
from openpcf.paths import cache_dir, package_data

CROSSWALK_VERSION = "2"  # 2: the one picklist unit rule (vehicle-grade natural gas is per kg)


class CrosswalkEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    reference_product: str
    activity_name: str
    unit: str
    geography: str
    factor: Factor | None
    method: str | None
    score: float
    confidence: str | None
    resolver: str | None
    reason: str = ""


class PicklistError(ValueError):
    pass


def read_picklist(path: str | Path) -> list[PicklistRow]:
    """Rows of a picklist JSONL (the one picklist reader, :mod:`openpcf.formats.picklist`); errors name
    the file, line and field."""
    try:
        return read_formats_picklist(path)
    except FormatError as exc:
        raise PicklistError(str(exc)) from None


def picklist_unit(row: PicklistRow) -> str:
    """kWh for electricity, m3 for pipeline natural gas, MJ for heat markets; kg for everything else
    (vehicle-grade natural gas and natural gas liquids included): :func:`openpcf.formats.picklist.picklist_unit`."""
    return row.unit


_GEO = re.compile(r"\b(GLO|RoW|RER|[A-Z]{2}(?:-[A-Z]+)?)\s*$")
_WASTE = re.compile(r"\b(waste|scrap|sludge|residues?|used|spent|manure|slag|ash|dross|offal|effluent|dust|"
                    r"tailings?|emissions|wear|mill scale|shavings|sawdust|slab and siding|vinasse|pollutant|"
                    r"contaminated|overburden|spoil|red mud|bottom ash|fly ash|filter cake)\b")
_SERVICE = re.compile(
    r"\b(working|moulding|molding|extrusion|drawing|treatment|removed by|processing|coating|rolling|welding|"
    r"thermoforming|machining|cutting|impregnation|sawing|spinning|weaving|knitting|printing|bleaching|"
    r"dyeing|finishing|transport|construction|service|maintenance|disposal|recycling|sorting|dismantling|"
    r"repair|installation|assembly|casting|forging|stamping|deep drawing|turning|milling|galvanizing|"
    r"anodising|electroplating|zinc coating|sheet rolling|wire drawing|section bar)\b")


def unmapped_reason(row: PicklistRow) -> str | None:
    """Why a row deliberately gets no open factor (waste/scrap market, processing service), else None."""
    ref = row.reference_product_name.lower()
    if _SERVICE.search(ref):
        return "service applied to a material supplied separately; no material factor applies"
    if _WASTE.search(ref):
        return "waste or scrap market: near zero burden under the cut-off system model; no open factor"
    return None


def _geography(row: PicklistRow) -> str:
    # Picklist rows do not carry a geography column; energy markets default to the world average.
    return "WLD"


def _supply_instead(match: FactorMatch, unit: str) -> FactorMatch:
    from openpcf.factors.library import open_library

    supply = open_library().get(match.factor.id.replace(":burnt:", ":supply:"))
    if supply is None:
        return match
    return fitted_match(supply, FactorQuery(name=match.query, unit=unit), match.method, match.score,
                        match.confidence, match.resolver, match.matched_text) or match


def crosswalk_rows(rows: Iterable[PicklistRow], resolver: FactorResolver | ResolverChain,
                   progress: Callable[[int], None] | None = None) -> list[CrosswalkEntry]:
    """One entry per picklist row (pure given the resolver)."""
    out = []
    for row in rows:
        unit, geo = picklist_unit(row), _geography(row)
        reason = unmapped_reason(row) if unit == "kg" else None
        match: FactorMatch | None = None
        if reason is None:
            match = resolver.resolve(FactorQuery(name=row.reference_product_name, unit=unit, geography=geo,
                                                 key=row.activity_uuid_product_uuid))
            if match is None:
                reason = "no open factor found"
            elif ":burnt:" in match.factor.id:
                # a picklist "market for <fuel>" delivers the fuel: supply only, not its combustion
                match = _supply_instead(match, unit)
        out.append(CrosswalkEntry(
            key=row.activity_uuid_product_uuid, reference_product=row.reference_product_name,
            activity_name=row.activity_name, unit=unit, geography=geo,
            factor=match.factor if match else None, method=match.method if match else None,
            score=round(match.score, 4) if match else 0.0, confidence=match.confidence if match else None,
            resolver=match.resolver if match else None, reason=reason or ""))
        if progress:
            progress(1)
    return out


def coverage(entries: Sequence[CrosswalkEntry]) -> dict[str, object]:
    """Counts: total, mapped, by confidence, by method, by reason for none."""
    mapped = [e for e in entries if e.factor is not None]
    return {
        "total": len(entries),
        "mapped": len(mapped),
        "share": round(len(mapped) / len(entries), 4) if entries else 0.0,
        "by_confidence": dict(Counter(e.confidence for e in mapped)),
        "by_method": dict(Counter(e.method for e in mapped)),
        "by_source": dict(Counter(e.factor.id.split(":")[0] for e in mapped if e.factor)),
        "unmapped_reasons": dict(Counter(e.reason for e in entries if e.factor is None)),
    }


def _hash_file(path: Path) -> str:
    h = hashlib.sha256()
    h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _data_and_code_hash() -> str:
    """Content hash of the embedded factor data and of this package's code (the cache key's other half)."""
    h = hashlib.sha256()
    for f in sorted(package_data("factors").glob("*")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    for f in sorted(Path(__file__).parent.glob("*.py")):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def build_crosswalk(picklist: str | Path, resolver: FactorResolver | ResolverChain | None = None,
                    use_cache: bool = True, progress: Callable[[int], None] | None = None) -> list[CrosswalkEntry]:
    """Crosswalk of the user's picklist file with the open resolver chain (cached by content hash)."""
    p = Path(picklist)
    rows = read_picklist(p)
    cache = None
    if resolver is None and use_cache:
        cache = cache_dir() / "factors" / f"crosswalk-{CROSSWALK_VERSION}-{_hash_file(p)}-{_data_and_code_hash()}.jsonl"
        if cache.is_file():
            return [CrosswalkEntry.model_validate_json(line) for line in cache.read_text().splitlines() if line]
    if resolver is None:
        from openpcf.factors import open_resolver

        resolver = open_resolver()
    entries = crosswalk_rows(rows, resolver, progress)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text("".join(e.model_dump_json() + "\n" for e in entries))
        tmp.replace(cache)
    return entries


class CrosswalkResolver:
    """Answers picklist keys and reference-product names from a computed crosswalk."""

    name = "crosswalk"

    def __init__(self, entries: Sequence[CrosswalkEntry]) -> None:
        self._by_key = {e.key: e for e in entries if e.factor is not None}
        self._by_product = {e.reference_product.lower(): e for e in entries if e.factor is not None}

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        e = self._by_key.get(query.key or "") or self._by_product.get(query.name.strip().lower())
        if e is None or e.factor is None:
            return None
        return fitted_match(e.factor, query, e.method or "exact", e.score, e.confidence or "low",  # type: ignore[arg-type]
                            f"{self.name}/{e.resolver}", e.reference_product)


def write_crosswalk(entries: Sequence[CrosswalkEntry], path: str | Path) -> None:
    """JSONL, one line per picklist row: key, reference product, unit, factor summary or null, match."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps({
                "key": e.key, "reference_product": e.reference_product, "unit": e.unit,
                "factor": e.factor.summary() if e.factor else None,
                "match": {"method": e.method, "score": e.score, "confidence": e.confidence, "resolver": e.resolver},
                "reason": e.reason or None,
            }, ensure_ascii=False) + "\n" for e in entries)
