"""Offline decomposition families added for issue 14 (f8-products): moulded footwear, office printing
equipment, audio devices and small heating appliances, and water glass as its solid in water. Invented names."""

from __future__ import annotations

from openpcf.systems.offline.decomposition import bill_of_materials


def test_a_pvc_boot_from_its_description_is_the_moulded_footwear_template():
    comps, trace = bill_of_materials("PVC wellington boots, pair", "injection-moulded rain boots")
    assert trace["family"] == "moulded footwear"
    assert "leather" not in [c.name for c in comps] and {"PVC", "plasticizer"} <= {c.name for c in comps}
    assert bill_of_materials("Leather hiking boots", "with a rubber sole")[1]["family"] == "footwear"


def test_devices_take_their_own_family_with_their_parts():
    comps, trace = bill_of_materials("Inkjet printer, home office", "prints 12 pages per minute")
    assert trace["family"] == "office printing and imaging equipment"
    names = {c.name for c in comps}
    assert {"electric motor", "printed circuit board"} <= names
    comps, trace = bill_of_materials("Noise-cancelling earbuds", "true wireless, with charging case")
    assert trace["family"] == "audio device" and {"speaker drivers", "lithium-ion battery"} <= {c.name for c in comps}
    comps, trace = bill_of_materials("Electric kettle, 1.7 l", "2200 W, stainless steel")
    assert trace["family"] == "small heating appliance" and "heating element" in {c.name for c in comps}


def test_water_glass_is_its_solid_sodium_silicate_in_water():
    comps, trace = bill_of_materials("Liquid sodium silicate for foundry cores", "waterglass, 38 % solids")
    assert trace["family"] == "sodium silicate"
    assert {c.name for c in comps} >= {"sodium silicate", "water"}
    assert "silica sand" not in {c.name for c in comps}
