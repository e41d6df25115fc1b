"""The one table of typical unit masses (openpcf.vocabulary.unit_masses): found by the head noun of a name,
read by the engine (per item, per kWh) and by the description-only path. Invented product names."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.unit_masses import kind_of_product, product_kinds, typical_item_mass


@pytest.mark.parametrize(("name", "dim", "kind"), [
    ("Walnut dining table, extendable", "item", "dining table"),
    ("Set of 4 kitchen chairs", "item", "dining chair"),  # a set holds chairs
    ("Notebook computer 15 inch", "item", "laptop computer"),  # neutral words after the kind word
    ("Birch plywood panel", "m3", "plywood"),  # the form a material is sold in
    ("Glass wool insulation roll", "m3", "glass wool"),
    ("Heavy truck tyre 315/80", "item", "truck tyre"),  # the longer word at the head
])
def test_the_kind_is_the_head_noun_of_the_name(name: str, dim: str, kind: str) -> None:
    found = kind_of_product(name, dim)
    assert found is not None and found.kind == kind


@pytest.mark.parametrize("name", ["Steel door hinge", "Laptop sleeve", "Window cleaner spray", "Bed frame slats"])
def test_a_kind_word_before_another_noun_is_not_the_product(name: str) -> None:
    # a door is 30 kg and a laptop 1.9 kg: neither is what these products are
    assert kind_of_product(name, "item") is None


def test_the_longer_kind_word_at_the_head_wins() -> None:
    assert kind_of_product("Dishwasher tablets", "item").typical_mass_kg == {"item": 0.018}  # not a 45 kg dishwasher
    assert kind_of_product("Chest of drawers, oak", "item").kind == "chest of drawers"  # spans the head "Chest"


def test_the_engine_reads_item_and_kwh_masses_from_the_same_table() -> None:
    kind, dim = typical_item_mass("Home storage battery pack, LFP", None, "kWh")
    assert (kind.kind, dim, kind.typical_mass_kg["kWh"]) == ("lithium-ion battery pack, per kWh of capacity", "kWh", 6.7)
    # declared per item but "per kWh" of capacity: per kWh
    assert typical_item_mass("Li-ion pack for scooters, per kWh", None, "item")[1] == "kWh"
    # nothing in the name: the head of the description's first clause
    kind, dim = typical_item_mass("Model QX-14", "Slim 14-inch laptop, aluminium case", "item")
    assert (kind.kind, dim, kind.typical_mass_kg["item"]) == ("laptop computer", "item", 1.9)
    assert typical_item_mass("Walnut dining table", None, "m2") is None  # the engine asks per item or kWh only


def test_a_composition_in_shares_per_kwh_takes_the_pack_mass() -> None:
    from openpcf.engine import ProductSpec, estimate

    t = estimate(ProductSpec(name="Home storage battery pack", composition="aluminium: 40%; polypropylene: 60%",
                             declared_unit="2 kWh"), runs=20)
    assert t.product.declared_unit.mass_kg == pytest.approx(13.4)  # 2 kWh x 6.7 kg/kWh
    aluminium = next(x for x in t.all_lines() if x.name == "aluminium")
    assert aluminium.rate.value == pytest.approx(0.4 * 13.4)


def test_every_kind_has_one_entry_and_its_words_are_unique() -> None:
    kinds = product_kinds()
    assert len({k.kind for k in kinds}) == len(kinds)
    words = [w.lower() for k in kinds for w in k.words]
    assert len(set(words)) == len(words)
    laptop = next(k for k in kinds if k.kind == "laptop computer")
    assert "adapter" in laptop.basis and "recalled" in laptop.basis  # the convention, said where the value is


@pytest.mark.parametrize(("name", "kind", "kg"), [
    ("Induction hob, 4 zones", "hob", 10.0),  # not the 30 kg of a built-in oven
    ("Toaster oven", "mini oven", 6.0),  # the longer word at the head, not a 1.8 kg toaster
    ("Built-in steam oven", "oven or cooker", 30.0),
    ("Kids bicycle helmet", "helmet", 0.5),
])
def test_appliance_and_household_kinds_per_item(name: str, kind: str, kg: float) -> None:
    found = kind_of_product(name, "item")
    assert found is not None and (found.kind, found.typical_mass_kg["item"]) == (kind, kg)
