"""A catalyst named in a description is a process aid, not an ingredient (lead, session 8): "made by the
silver-catalyst process" had put 5 % silver into a chemical's bill of materials. Invented descriptions."""

from __future__ import annotations

from openpcf.systems.offline.decomposition import find_mentions


def _names(name: str, description: str) -> set[str]:
    return {m.material.name for m in find_mentions(name, description)}


def test_the_metal_of_a_catalyst_is_no_ingredient():
    names = _names("Invented aldehyde solution", "made from methanol by the silver-catalyst process, in water")
    assert "silver" not in names and "methanol" in names


def test_a_metal_before_catalysed_is_no_ingredient():
    assert "nickel" not in _names("Hardened fat", "vegetable oil, nickel-catalysed hydrogenation")


def test_a_catalyst_product_keeps_its_metals():
    assert "platinum" in _names("Platinum catalyst on alumina", "platinum on an alumina carrier")


def test_silver_named_as_a_material_still_counts():
    assert "silver" in _names("Silver-plated cutlery", "brass plated with silver")
