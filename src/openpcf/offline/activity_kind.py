"""What kind of thing a background activity delivers: a material, an energy carrier, a waste
treatment, a service, or the removal of material by machining.

The PCFBench picklist deliberately keeps waste-treatment ("waste polyethylene terephthalate"),
service ("injection moulding") and "removed by" activities among the material markets: a practitioner
never picks them for a purchased material, because their factor describes treating, shaping or cutting
a kilogram, not making it. ecoinvent's own product information says which kind a product is ("This is
delivering the service of …", "… is a … waste …", "by-product (recyclable or waste)"), so that text is
read first and the name only second.
"""

from __future__ import annotations

import re
from typing import Literal

ActivityKind = Literal["material", "energy", "waste_treatment", "service", "removal"]

_SERVICE_INFO = re.compile(r"\bdelivering the service\b|\bthis (?:is a |)service\b", re.IGNORECASE)
_WASTE_INFO = re.compile(
    r"^'[^']*' is an? (?:[a-z-]+ ){0,3}waste\b|\bby-product \(recyclable or waste\)|\btreatment option/s for this",
    re.IGNORECASE,
)
_WASTE_NAME = re.compile(r"^(?:waste|spent|used|scrap|residues?|bottom ash|fly ash|slag|sludge|sewage sludge|wastewater)\b|\bwaste\b|\bscrap\b")
_SERVICE_NAME = re.compile(
    r"^(?:moulding|molding|extrusion|thermoforming|processing|machining|welding|coating service|"
    r"treatment|finishing|powder coating|electroplating|anodising|anodizing|galvanizing|galvanising|"
    r"metal working|wire drawing|sheet rolling|impact extrusion|drawing of pipe|zinc coating|transport|"
    r"maintenance|disposal|recycling|sorting|shredding|lorry|freight)\b"
)
_ENERGY_NAME = re.compile(r"^(?:electricity|heat|natural gas|steam)\b")
_REMOVAL_NAME = re.compile(r"\bremoved by\b")


def activity_kind(reference_product: str, product_information: str | None = None) -> ActivityKind:
    """Classify a picklist activity by its reference product name and ecoinvent product information."""
    name = reference_product.strip().lower()
    info = (product_information or "")[:600]
    if _REMOVAL_NAME.search(name):
        return "removal"
    if _SERVICE_INFO.search(info):
        return "service"
    if _WASTE_INFO.search(info) or _WASTE_NAME.search(name):
        return "waste_treatment"
    if _ENERGY_NAME.search(name):
        return "energy"
    if _SERVICE_NAME.search(name):
        return "service"
    return "material"


def kind_asked_for(need_text: str) -> ActivityKind | None:
    """The kind a need itself asks for, when it says so (a need for "scrap" may map to scrap)."""
    text = need_text.lower()
    if _REMOVAL_NAME.search(text):
        return "removal"
    if re.search(r"\b(?:waste|scrap|spent|residue)\b", text):
        return "waste_treatment"
    if re.search(r"\bservice\b|\bmoulding\b|\bmolding\b|\bprocessing\b", text):
        return "service"
    return None
