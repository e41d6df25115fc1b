"""The mass of one declared unit on the description-only path: read from the text, or a flagged typical
mass by product kind or family, carried into the interval. Invented products throughout."""

from __future__ import annotations

import math

import pytest

from openpcf.systems.offline.declared_unit_mass import (
    SPREAD_LIQUID,
    SPREAD_TEXT,
    AssumedUnitMass,
    assumed_unit_mass,
    kind_of_product,
    mass_in_text,
    thickness_mm,
    widen_for_assumed_mass,
)


def test_a_mass_written_in_the_text_is_read_for_an_item() -> None:
    assert mass_in_text("Garden bench, about 12.5 kg, FSC pine", "item") == (12.5, "12.5 kg")
    assert mass_in_text("Ceramic mug 350 ml, 250 g, dishwasher safe", "item") == (0.25, "250 g")
    assert mass_in_text("Loaf baked with 0,6 kg of flour per loaf", "item") is None  # a recipe rate
    assert mass_in_text("Emits 5 kg CO2e per year", "item") is None
    assert mass_in_text("Insulation slab, density 20 kg/m3", "item") is None  # a density, not a mass


def test_density_grammage_and_thickness_are_read_for_volumes_and_areas() -> None:
    assert mass_in_text("Fibre board, density about 640 kg/m3", "m3") == (640.0, "640 kg/m3")
    assert mass_in_text("Wrapping paper, 120 g/m2, kraft", "m2") == (0.12, "120 g/m2")
    assert mass_in_text("Felt underlay 180 gsm", "m2") == (0.18, "180 gsm")
    assert mass_in_text("Rubber mat 9.5 kg/m2", "m2") == (9.5, "9.5 kg/m2")
    assert thickness_mm("Board, 18 mm thick") == 18.0
    assert thickness_mm("Slab 2 cm") == 20.0
    assert thickness_mm("Tile 600 x 600 mm") is None  # a size, not a thickness


def test_the_kind_is_the_head_of_the_name_and_must_have_the_unit() -> None:
    assert kind_of_product("Table lamp with linen shade").kind == "table or desk lamp"  # a luminaire, not a bulb
    assert kind_of_product("Filament LED bulb").kind == "LED lamp"
    assert kind_of_product("Walnut sofa table").kind == "dining table"
    assert kind_of_product("Truck tyre 315/80 R22.5").kind == "truck tyre"
    assert kind_of_product("HDPE milk bottle", "item").kind == "plastic bottle"
    assert kind_of_product("Window cleaner", "m3") is None  # a window is known per m2 only
    assert kind_of_product("Zorbium widget") is None


def test_an_item_mass_in_the_text_wins_over_the_kind() -> None:
    read = assumed_unit_mass("Folding garden table", "teak, 14 kg", "1 item")
    assert (read.kg, read.source, read.spread) == (14.0, "text", SPREAD_TEXT)
    typical = assumed_unit_mass("Folding garden table", "teak, oiled", "2 items")
    assert (typical.kg, typical.source) == (80.0, "kind")  # 2 x 40 kg of a dining table (recalled)
    assert "recalled" in typical.basis and typical.spread > SPREAD_TEXT


def test_an_area_unit_takes_thickness_times_density() -> None:
    ply = assumed_unit_mass("Birch plywood panel", "exterior grade, 18 mm", "1 m2")
    assert ply.kg == pytest.approx(0.018 * 550)  # plywood kind, 550 kg/m3 (recalled)
    given = assumed_unit_mass("Wood fibre board", "density 240 kg/m3, 60 mm thick", "1 m2")
    assert given.kg == pytest.approx(0.06 * 240) and given.source == "text"


def test_liquids_by_volume_and_units_without_an_answer() -> None:
    oil = assumed_unit_mass("Cold-pressed sunflower oil", None, "1 l")
    assert oil.kg == pytest.approx(0.915) and oil.source == "kind"
    cleaner = assumed_unit_mass("Window cleaner concentrate", None, "500 ml")
    assert cleaner.kg == pytest.approx(0.5) and cleaner.source == "liquid default"
    assert cleaner.spread == SPREAD_LIQUID
    assert assumed_unit_mass("Zorbium widget", None, "1 item") is None  # no kind, no family, no text
    assert assumed_unit_mass("Cold-pressed sunflower oil", None, "1 kg") is None  # a mass already
    assert assumed_unit_mass("Heat pump", None, "1 kWh") is None


def test_a_family_typical_mass_is_the_fallback() -> None:
    family = {"family": "ready-mixed concrete", "typical_mass_kg": {"m3": 2400.0}}
    got = assumed_unit_mass("Ready-mixed concrete C25/30", "CEM II", "0.5 m3", family)
    assert (got.kg, got.source) == (1200.0, "family")


def test_an_assumed_mass_widens_the_interval_and_is_flagged() -> None:
    from openpcf.engine import ProductSpec, estimate

    trace = estimate(ProductSpec(name="test part", composition="steel: 100%", declared_unit="1 item",
                                 declared_mass_kg=2.0), runs=200)
    unc = trace.uncertainty.model_copy(update={"median": 10.0, "p2_5": 5.0, "p97_5": 20.0})
    trace = trace.model_copy(update={"uncertainty": unc})
    out = widen_for_assumed_mass(trace, AssumedUnitMass(2.0, "kind", "a typical part (recalled)", 1.5))
    # each half: sigma = ln 2 / 1.96; widened sqrt(sigma^2 + ln(1.5)^2); worked: exp(1.96 * 0.538) = 2.8706
    assert out.uncertainty.p97_5 == pytest.approx(28.706, rel=1e-3)
    assert out.uncertainty.p2_5 == pytest.approx(3.4836, rel=1e-3)
    assert out.result.kgco2e == trace.result.kgco2e  # the headline does not move
    check = [c for c in out.checks if c.code == "declared_mass"][-1]
    assert check.severity == "warning" and "2 kg" in check.message and "recalled" in check.message
    mass_share = math.log(1.5) ** 2 / (math.log(1.5) ** 2 + (math.log(2) / 1.96) ** 2)
    assert any(c.input_id == "declared_mass" and c.share == pytest.approx(mass_share, abs=1e-4)
               for c in out.uncertainty.contributors)
    assert out.settings["assumed_declared_mass"]["source"] == "kind"
    assert trace.uncertainty.p97_5 == 20.0  # the input trace is unchanged


def test_the_epd_path_estimates_an_item_with_its_mass_read_from_the_text() -> None:
    from openpcf.systems.offline.epd import estimate_from_context

    ctx = {"product_name": "Steel garden bench", "description": "welded steel frame, powder coated, 12 kg",
           "quantity_unit": "1 item"}
    kg, trace = estimate_from_context(ctx, category="Metal, mineral, plastic & glass products")
    per_kg, _ = estimate_from_context({**ctx, "quantity_unit": "1 kg"}, category="Metal, mineral, plastic & glass products")
    assert trace["derived_bom"]["assumed_declared_mass"]["source"] == "text"
    assert kg is not None and per_kg is not None and kg == pytest.approx(12 * per_kg, rel=0.05)
    assert any(c["code"] == "declared_mass" for c in trace["engine_trace"]["checks"])


def test_every_kind_is_cited_or_recalled_and_has_positive_masses() -> None:
    from openpcf.systems.offline.declared_unit_mass import product_kinds

    kinds = product_kinds()
    assert len({k.kind for k in kinds}) == len(kinds)
    for k in kinds:
        assert k.words and k.typical_mass_kg and set(k.typical_mass_kg) <= {"item", "kWh", "m2", "m3"}, k.kind
        assert all(v > 0 for v in k.typical_mass_kg.values()) and k.spread >= 1.0, k.kind
        assert "recalled" in k.basis, k.kind  # written without sources at hand: every value says so


def test_a_length_unit_takes_a_mass_per_metre_from_the_text_only() -> None:
    assert mass_in_text("Copper tube 15 mm, 290 g/m", "m") == (0.29, "290 g/m")
    assert mass_in_text("Board, 9 kg/m2", "m") is None  # an area mass is not a linear one
    cable = assumed_unit_mass("Installation cable 3G1.5", "PVC sheathed, 0.12 kg/m", "100 m")
    assert cable.kg == pytest.approx(12.0) and cable.source == "text"
    assert assumed_unit_mass("Installation cable 3G1.5", "PVC sheathed", "1 m") is None  # no guess per metre


def test_a_pack_holds_pieces_of_a_kind() -> None:
    # 50 tea lights of 0.013 kg each (typical_unit_masses.json, recalled): 0.65 kg
    lights = assumed_unit_mass("Tea light candles", "Unscented, pack of 50", "1 pack")
    assert lights is not None and lights.source == "kind" and lights.kg == pytest.approx(50 * 0.013)
    chairs = assumed_unit_mass("Set of 2 kitchen chairs", "beech, lacquered", "1 item")
    assert chairs is not None and chairs.kg == pytest.approx(2 * 6.0)  # the set's chairs, 6 kg each


def test_an_item_of_a_liquid_is_its_volume_times_a_density() -> None:
    # the wine kind's density 990 kg/m3: 0.75 l x 0.99 kg/l
    wine = assumed_unit_mass("Dry white wine", "12% alcohol, 0.75 l glass bottle", "1 item")
    assert wine is not None and wine.kg == pytest.approx(0.7425) and wine.source == "text"
    # no kind: a liquid family and water-like density, 500 ml -> 0.5 kg
    soap = assumed_unit_mass("Hand wash", "in a 500 ml pump bottle", "1 item",
                             {"family": "liquid personal care product", "typical_mass_kg": {}})
    assert soap is not None and soap.kg == pytest.approx(0.5)
    # an appliance's capacity is not its mass
    assert assumed_unit_mass("Steam cleaner", "water tank 1.5 l", "1 item",
                             {"family": "small household appliance", "typical_mass_kg": {}}) is None


def test_a_kind_word_before_another_noun_gives_no_mass() -> None:
    assert assumed_unit_mass("Cotton bed sheet", "double, percale", "1 item").kg == pytest.approx(0.6)  # bed linen
    assert kind_of_product("Cotton bed sheet", "item").kind == "bed linen"  # not a 45 kg bed
