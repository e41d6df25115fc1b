"""Typical masses of common devices, for a composition in shares declared per item with no mass given.

A composition in shares ("aluminium: 30%; PCBA: 8%; …") needs the mass of one declared unit; for "1 item"
of a device the user often has none. A practitioner then takes the typical mass of that kind of device and
says so: the engine does the same, flags it with a ``declared_mass`` warning, and never does it when a mass,
a BOM in masses, or a mass unit is given. Every mass is a **recalled** order of magnitude from
manufacturers' specification sheets and common product-LCA practice, not a measured value; the user's own
mass (``--mass``) always wins. Pure data and one lookup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class DeviceMass:
    """The typical mass of one item of a device kind, kg."""

    kind: str
    pattern: str
    mass_kg: float
    basis: str


#: Device kinds by name words, most specific first. Masses per item (kg); ``basis`` says where from.
DEVICE_MASSES: tuple[DeviceMass, ...] = (
    DeviceMass("lithium-ion battery pack, per kWh of capacity",
               r"\b(batter(y|ies)|battery packs?|li-?ion packs?)\b.*\bper kwh\b|\bper kwh\b.*\bbatter(y|ies)\b", 6.7,
               "pack-level specific energy of NMC and LFP traction and storage packs of about 130-180 Wh per kg "
               "(order of magnitude of pack data sheets and the ANL BatPaC model; recalled): 1 kWh / 0.15 kWh per kg"),
    DeviceMass("smartwatch", r"\b(smart ?watch(es)?|fitness trackers?)\b", 0.04,
               "about 30-50 g with strap (manufacturers' specification sheets; recalled)"),
    DeviceMass("smartphone", r"\b(smart ?phones?|mobile phones?|cell ?phones?|cellular phones?)\b", 0.19,
               "6-6.7-inch smartphones weigh about 0.17-0.23 kg (manufacturers' specification sheets; recalled); "
               "without box and charger"),
    DeviceMass("tablet computer", r"\b(tablet (computers?|pcs?)|ipads?|android tablets?)\b", 0.5,
               "10-11-inch tablets weigh about 0.45-0.5 kg (specification sheets; recalled)"),
    DeviceMass("laptop computer", r"\b(laptops?|notebook (computers?|pcs?)|ultrabooks?|chromebooks?)\b", 1.6,
               "13-15-inch laptops weigh about 1.2-2.2 kg (specification sheets; recalled), without power adapter"),
    DeviceMass("desktop computer", r"\b(desktop (computers?|pcs?)|tower pcs?|workstations?)\b", 8.0,
               "a tower desktop without monitor weighs about 5-10 kg (specification sheets; recalled)"),
)


def typical_device_mass(name: str, description: str | None = None) -> DeviceMass | None:
    """The typical mass of the device the product's name (else its description) names, or None."""
    for text in (name, description or ""):
        for d in DEVICE_MASSES:
            if re.search(d.pattern, text, re.I):
                return d
    return None
