"""Tinplate read one way (issue 14): bare "tinplate" in a composition reaches the open tinplate row, as the pack
label does, and a tinplate sheet sold "not formed" does not cover can-making. Invented products."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.material_names import interpret
from openpcf.engine.process_energy import formed_product_in_factor

TINPLATE_ROW = "Tinplate (tin-coated steel for cans and closures, about 0.2 mm), integrated-mill route, not formed"


@pytest.mark.parametrize("name", ["tinplate", "tin plate", "tinplate steel"])
def test_tinplate_is_looked_up_as_tinplate_first(name: str) -> None:
    assert interpret(name).queries[0] == "tinplate"


@pytest.mark.parametrize(("product", "factor", "expected"), [
    # the sheet's name says what it is for ("for cans") and that it is not formed: can-making still to add
    ("Invented tinplate paint can", TINPLATE_ROW, None),
    ("Invented food can, two-piece", "Tinplate coil, unformed, for cans", None),
    ("Invented food can, two-piece", "Steel cans, not fabricated", None),
    # a factor for the formed can covers it
    ("Invented food can, two-piece", "steel cans, primary production", "can"),
])
def test_a_factor_said_not_formed_does_not_cover_can_making(product: str, factor: str, expected) -> None:
    assert formed_product_in_factor(product, factor, "metal_products") == expected


def test_bare_tinplate_in_a_composition_takes_the_open_tinplate_row() -> None:
    t = estimate(ProductSpec(name="Invented tinplate paint can", declared_unit="1 kg", composition="tinplate: 100%"),
                 runs=10, seed=1)
    line = next(x for x in t.inputs if x.name == "tinplate")
    assert line.factor.id == "openpcf-estimate:metals:tinplate"
    # the row is a sheet "not formed": the metal-products forming step is added, not taken as covered
    assert t.settings["product_class"] == "metal_products" and line.boundary.conversion_energy == "added"
