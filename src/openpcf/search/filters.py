"""Search filters: reference unit, geography preference (GLO → RoW → region), and the activity role
(a material search must not land on a waste treatment, a service or a "removed by" machining step)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from openpcf.catalog.records import ActivityRecord

Role = Literal["material", "waste", "service", "removal"]

_WASTE_LABEL = re.compile(
    r"^(waste|used|spent|scrap)\b|\b(mswi|wwt|slf|sewage sludge|bottom ash|fly ash|residues?|tailings|slag)\b"
    r"|\b(treatment of|disposal|landfill|incineration|wastewater)\b",
    re.IGNORECASE,
)
# ecoinvent and ILCD descriptions say what a waste or a service is in their first sentence.
_WASTE_DESCRIPTION = re.compile(r"\bis an? (\w+[ ,]+){0,4}(waste|residue|by-product of waste)\b", re.IGNORECASE)
_SERVICE_DESCRIPTION = re.compile(r"\b(delivering|delivers|provides) the service\b|\bis a service\b", re.IGNORECASE)
_SERVICE_LABEL = re.compile(r"^(transport|market for transport|treatment|operation|processing)\b", re.IGNORECASE)


def activity_role(record: ActivityRecord) -> Role:
    """What the record's reference flow is: a material (or energy carrier), a waste, a service, or a
    machining "X removed by ..." step. Judged from the label, the process name and the description's
    first sentences, so it works for ecoinvent, ILCD and JSON-LD naming alike."""
    label = record.label
    if "removed by" in label.lower() or "removed by" in record.name.lower():
        return "removal"
    head = (record.description or "")[:300]
    if _WASTE_LABEL.search(label) or _WASTE_DESCRIPTION.search(head) or _WASTE_LABEL.search(_activity(record)):
        return "waste"
    if _SERVICE_DESCRIPTION.search(head) or _SERVICE_LABEL.search(label):
        return "service"
    return "material"


def _activity(record: ActivityRecord) -> str:
    name = record.name.lower()
    return name if name.startswith(("treatment of", "disposal", "landfill")) else ""


class SearchFilters(BaseModel):
    """Constraints and preferences for one search.

    - ``unit``: keep records whose reference unit equals it (case-insensitive; records without a unit
      are kept: absence is not a mismatch).
    - ``geography``: preferred location code; among records with the same label the order becomes
      this code, then GLO, then RoW, then any other region. ``strict_geography`` drops other regions
      (GLO and RoW stay as fall-backs).
    - ``materials_only``: drop waste treatments, services and "removed by" activities.
    - ``source_database`` / ``dataset_type``: keep records whose field contains the text.
    """

    model_config = ConfigDict(extra="forbid")

    unit: str | None = None
    geography: str | None = None
    strict_geography: bool = False
    materials_only: bool = False
    source_database: str | None = None
    dataset_type: str | None = None
    exclude_ids: list[str] = Field(default_factory=list)


def _norm_unit(unit: str) -> str:
    return unit.strip().lower().replace("³", "3").replace("^", "").replace(" ", "")


def filter_mask(
    records: Sequence[ActivityRecord], filters: SearchFilters | None, *, roles: Sequence[Role] | None = None
) -> np.ndarray:
    """Boolean mask of the records a search may return (``roles``: precomputed ``activity_role``s)."""
    mask = np.ones(len(records), dtype=bool)
    if filters is None:
        return mask
    excluded = set(filters.exclude_ids)
    for i, record in enumerate(records):
        if filters.unit and record.unit and _norm_unit(record.unit) != _norm_unit(filters.unit) or filters.materials_only and (roles[i] if roles is not None else activity_role(record)) != "material" or filters.source_database and filters.source_database.lower() not in (record.source_database or "").lower() or filters.dataset_type and filters.dataset_type.lower() not in (record.dataset_type or "").lower() or record.id in excluded or filters.strict_geography and filters.geography and geography_rank(record.geography, filters.geography) > 2:
            mask[i] = False
    return mask


def geography_rank(geography: str | None, preferred: str | None) -> int:
    """0 = the asked-for region, 1 = GLO, 2 = RoW, 3 = any other region (or none given)."""
    code = (geography or "").strip().upper()
    if preferred and code == preferred.strip().upper():
        return 0
    if code in ("GLO", "GLOBAL", "WORLD"):
        return 1
    if code == "ROW":
        return 2
    return 3


def prefer_geography(ranked: list[int], records: Sequence[ActivityRecord], preferred: str | None) -> list[int]:
    """Reorder records that share a label so the preferred geography comes first (GLO → RoW → region);
    the positions the group holds in the ranking are kept, only its members change places."""
    groups: dict[str, list[int]] = {}
    for position, index in enumerate(ranked):
        groups.setdefault(records[index].label.strip().lower(), []).append(position)
    result = list(ranked)
    for positions in groups.values():
        if len(positions) < 2:
            continue
        members = [ranked[p] for p in positions]
        members.sort(key=lambda i: geography_rank(records[i].geography, preferred))  # stable: keeps score order
        for p, i in zip(positions, members, strict=True):
            result[p] = i
    return result
