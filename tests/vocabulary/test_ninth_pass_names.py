"""Ninth mapping pass (issue 17): whole families of trade names, codes and grades, on invented names."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.common_names import (
    ethoxylate_grade,
    known_material,
    package_mounting,
    without_measures,
)
from openpcf.vocabulary.translation import english_name


@pytest.mark.parametrize(
    ("name", "material"),
    [
        # JEDEC (EIA-370) part numbers: 1N… a diode, 2N… a bipolar transistor
        ("1N4148 switching diode", "through-hole mounting glass diode"),
        ("2N3904 NPN", "wired small size through-hole mounting transistor"),
        # lead-free solder alloys: tin-silver-copper vs tin-copper
        ("SAC305 solder paste", "sn95.5ag3.9cu0.6 solder"),
        ("SN100C solder bar", "soft solder sn97cu3"),
        # wooden furniture by wood and article; a glass table is not wooden furniture
        ("walnut coffee table", "wooden furniture"),
        ("glass coffee table", None),
        # DIN 19303 board grades
        ("GT2 folding carton", "white lined chipboard carton"),
        ("GC1 board", "folding boxboard carton"),
        # a code first, then a maker's product line with a model number
        ("MCU STM32 F4", "logic type integrated circuit"),
        ("MAP Tray", None),  # no model number: not the fertiliser code
        # a code sold under its additive class
        ("DOTP plasticiser", "dioctyl terephthalate"),
        # INCI amine oxides by their fatty chain, a strength after them
        ("cocamine oxide 35%", "amine oxides"),
        # trade names of papers, packing, cast parts, fuels
        ("sack kraft", "kraft paper"),
        ("brake drum", "cast iron"),
        ("AGO", "low-sulfur diesel"),
        ("PA66", "nylon 6-6"),
        ("CR rubber", "polychloroprene"),
        ("titanium dioxide anatase", "titanium dioxide"),
        ("epoxy powder coating", "coating powder"),
        # the database's own spelling of an isocyanate
        ("HDI", "hexamethylene-1,6-diisoncyanate"),
    ],
)
def test_families_of_trade_names_codes_and_grades(name: str, material: str | None) -> None:
    assert known_material(name) == material


def test_a_ral_colour_number_is_a_measure_not_the_material() -> None:
    assert without_measures("Epoxy powder coating RAL 7035") == "Epoxy powder coating"
    assert known_material("hybrid powder coating RAL 9010") == "coating powder"


def test_an_eo_number_alone_says_an_ethoxylate() -> None:
    assert ethoxylate_grade("coco alcohol 7EO") == "ethoxylated alcohol (AE7)"
    assert ethoxylate_grade("coco alcohol") is None
    assert ethoxylate_grade("polyethylene glycol 9 EO") is None  # a glycol with an EO number is no ethoxylate


def test_a_chip_component_and_a_size_code_after_the_noun_say_surface_mounting() -> None:
    assert package_mounting("chip capacitor", "chip capacitor") == "surface-mounted chip capacitor"
    assert package_mounting("thin film resistor 1206", "thin film resistor 1206").startswith("surface-mounted")
    assert package_mounting("carbon film resistor", "carbon film resistor, axial") == (
        "through-hole mounting carbon film resistor"
    )


def test_a_foreign_fabric_and_a_solid_brick_are_read() -> None:
    assert english_name("tela de lino") == "linen fabric"
    assert english_name("mattone massiccio") == "solid brick"


def test_german_compounds_of_cast_parts_are_split_into_known_parts() -> None:
    # neither compound is a table key: each is read from its parts, head last
    assert english_name("Bremstrommel") == "brake drum"
    assert known_material(english_name("Bremstrommel") or "") == "cast iron"
    assert english_name("Kondensator SMD 47 nF") == "capacitor smd 47 nf"  # a code and a unit are no words
    assert english_name("milk carton") is None


def test_the_ninth_pass_tables_are_the_mappers_only_and_well_formed() -> None:
    from openpcf.vocabulary.common_names import (
        ARTICLE_MATERIALS,
        CODES,
        COMMON_NAMES,
        FAMILY_CODES,
        FAMILY_NAMES,
        MAPPER_CODES,
    )

    assert all(k == k.lower() for k in FAMILY_NAMES)
    assert all(k == k.upper() and k.isalnum() for k in FAMILY_CODES)
    # triage and the substance vocabulary read the older tables, unchanged by this pass
    assert "wadding" not in COMMON_NAMES and "AGO" not in CODES
    assert ARTICLE_MATERIALS["polyester wadding"] == "polyester fibre"
    # the mapper reads both; its own entries win
    assert MAPPER_CODES["HDI"] == "hexamethylene-1,6-diisoncyanate" != CODES["HDI"]
    assert known_material("polyester wadding") == "polyester nonwoven textile"
