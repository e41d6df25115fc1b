"""Description-only path (issue 14): a basic chemical or polymer the product name consists of is priced by its
own cradle-to-gate factor, not rebuilt from the precursors of its family's route. Invented examples only (none
is a reference-set or PCFBench product)."""

from __future__ import annotations

import pytest

from openpcf.systems.offline.decomposition import bill_of_materials
from openpcf.systems.offline.epd import derived_composition, named_commodity


def test_a_polymer_sold_as_pellets_is_priced_as_the_polymer() -> None:
    # the polycarbonate-resin family lists bisphenol A, phosgene and caustic soda; "pellets" and "grade" are
    # only the form and grade it is sold in
    comp, trace = derived_composition("Polycarbonate pellets, optical grade", "transparent resin for lenses")
    assert comp == "polycarbonate: 100%"
    assert trace["estimated_as"] == "polycarbonate"
    assert trace["estimated_as_rule"] == "commodity named by the product name"
    # the bill of materials of the decomposition task keeps the route
    assert "bisphenol A" in [c.name for c in bill_of_materials("Polycarbonate pellets", None)[0]]


def test_the_name_as_written_is_priced_when_the_library_knows_it() -> None:
    # "diammonium phosphate" is a synonym of the class "ammonium phosphate" in the vocabulary; the library has
    # a factor for the written name, and "fertiliser" is a form word, not a second material
    comp, _ = derived_composition("Diammonium phosphate fertiliser", "granules for arable crops")
    assert comp == "diammonium phosphate: 100%"
    # an acronym keeps its case ("ABS", not "abs")
    comp, _ = derived_composition("ABS pellets, natural", "for injection moulding of housings")
    assert comp == "ABS: 100%"


def test_a_purity_is_the_products_grade() -> None:
    comp, _ = derived_composition("Isopropyl alcohol, electronic grade", "purity 99.9 %, for wafer cleaning")
    assert comp == "isopropyl alcohol: 100%"


@pytest.mark.parametrize(("name", "description"), [
    ("Hydrochloric acid, technical", "33 % aqueous solution"),            # a solution: water is part of it
    ("Recycled polycarbonate granulate", "from post-consumer water bottles"),  # another route
    ("Polycarbonate sheet, 4 mm", "extruded twin-wall sheet"),            # an article, not the commodity
    ("ABS compound, flame retardant", "ABS with brominated additive"),    # a compound
    ("Epoxy floor coating", "two-component epoxy"),                       # a product made of a chemical
    ("Glyphosate, 480 g/l", "soluble concentrate for weed control"),      # a formulation of stated strength
    ("Glyphosate herbicide", "for weed control in orchards"),             # substance + product type, one class
    ("Acetone nail polish remover", "with glycerol and fragrance"),       # a product named by its use
])
def test_products_that_are_not_the_commodity_keep_the_family_route(name: str, description: str) -> None:
    _, trace = derived_composition(name, description)
    assert named_commodity(name, description, trace) is None
    assert trace.get("estimated_as_rule") is None


def test_a_share_written_for_an_input_keeps_the_bill_of_materials() -> None:
    _, trace = bill_of_materials("Polycarbonate pellets", "with 20 % glass fibre")
    assert named_commodity("Polycarbonate pellets", "with 20 % glass fibre", trace) is None


def test_the_engine_total_is_the_commodity_factor_times_one_kilogram() -> None:
    from openpcf.engine import ProductSpec, estimate
    from openpcf.factors import resolve

    comp, _ = derived_composition("Polycarbonate pellets, optical grade", None)
    factor = resolve("polycarbonate", "kg").factor.value  # kg CO2e per kg (a literature value in the library)
    result = estimate(ProductSpec(name="Polycarbonate pellets", composition=comp, declared_unit="1 kg"),
                      runs=5).result
    # 1 kg x factor: the route priced one by one (bisphenol A 68 %, phosgene 30 %, NaOH 2 %) gave less,
    # without the polymerisation energy
    assert result is not None and result.kgco2e == pytest.approx(1.0 * factor, rel=0.02)


def test_a_species_written_in_the_name_prices_the_fish_class() -> None:
    # the vocabulary reads "trout" and "prawns" as the classes "fish" and "seafood"; the library has a factor of
    # each species whose name says it, and the generic class factor is a processed fish product
    from openpcf.factors import resolve

    comp, trace = derived_composition("Rainbow trout, whole, chilled", "farmed in freshwater raceways, gutted")
    assert trace.get("priced_as_species") == {"fish": "trout"}
    assert comp.startswith("trout: ")
    assert "trout" in resolve("trout", "kg").factor.name.lower()
    # a name that writes only the class keeps it
    comp, trace = derived_composition("Fish, frozen fillets", "white fish fillets, frozen at sea")
    assert "priced_as_species" not in trace and comp.startswith("fish: ")


def test_a_written_species_the_library_does_not_know_keeps_the_class() -> None:
    # "clams" resolves to no factor: the seafood stays priced as the family's class material
    _, trace = bill_of_materials("Frozen clams", "steamed and frozen")
    from openpcf.systems.offline.epd import named_species
    assert named_species("fish", trace) is None


@pytest.mark.parametrize(("name", "description", "body"), [
    ("Aluminium aerosol can 300 ml", "monobloc can with a valve cup", "aluminium"),   # impact-extruded aluminium
    ("Steel pail 20 l", "open-head pail with a lid", "steel"),                        # sheet steel, not tinplate
    ("Tin can for tomatoes, 400 g", "three-piece welded can", "tinplate"),            # "tin can" is tinplate, not tin
    ("Paint can 1 l", "round metal can with a lever lid", "tinplate"),                # no metal named: the default
])
def test_a_metal_can_takes_the_metal_its_name_names(name: str, description: str, body: str) -> None:
    comp, trace = derived_composition(name, description)
    assert trace["family"] == "metal can and steel packaging"
    # the body is 97 % of the family's 0.97 + 0.015 + 0.004 + 0.003 = 0.992 kg: 97.78 %
    assert comp.startswith(f"{body}: 97.78%")


def test_a_class_synonym_is_not_priced_as_its_class() -> None:
    # the vocabulary reads "butyl acrylate" as the class material "acrylic acid"; an ester is not its acid, and
    # the library has no factor under the written name: the rule leaves the product alone
    _, trace = bill_of_materials("Butyl acrylate", "monomer for emulsion binders")
    assert {m["material"] for m in trace["mentions"] if m["in_name"]} == {"acrylic acid"}
    assert named_commodity("Butyl acrylate", "monomer for emulsion binders", trace) is None
