"""What a buyer's everyday name is made of (openpcf.vocabulary.common_names): worked examples, invented."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.common_names import (
    ARTICLE_MATERIALS,
    CODES,
    COMMON_NAMES,
    domain_reading,
    known_material,
    mounting_spelled_out,
    with_said_colour,
)


@pytest.mark.parametrize(
    ("name", "material"),
    [
        # an article is read as its usual material, modifiers before it allowed, plurals folded
        ("takeaway coffee cup", "food packaging single use paper cup"),
        ("Brown paper bags", "kraft paper"),
        ("jerry cans", "high density polyethylene granulate"),
        ("cling film 300 mm", "low density polyethylene packaging film"),  # a trailing measure is ignored
        # common, historical and foreign names
        ("caustic soda", "sodium hydroxide"),
        ("Muriatic acid", "hydrochloric acid"),
        ("courgettes", "zucchini"),
        ("Salzsäure", "hydrochloric acid"),  # accents stripped
        ("pommes de terre", "potato"),
        # upper-case codes, alone or as the first of two words
        ("MEK", "methyl ethyl ketone"),
        ("DAP fertiliser", "diammonium phosphate"),
    ],
)
def test_known_material_reads_articles_common_names_and_codes(name: str, material: str) -> None:
    assert known_material(name) == material


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("AISI 316 sheet", "chromium steel 18/8 stainless steel"),
        ("tube 1.4404", "chromium steel 18/8 stainless steel"),
        ("S275JR beams", "unalloyed steel"),
        ("34CrNiMo6 shaft", "low-alloyed steel"),
        ("7075-T6 bar", "wrought aluminium alloy"),
        ("aluminium 5754 coil", "wrought aluminium alloy"),
        ("AlSi12 die castings", "cast aluminium alloy"),
        ("CuZn39Pb3 fittings", "brass"),
        ("CuSn6 strip", "bronze"),
        ("GJL-200 housing", "cast iron"),
    ],
)
def test_grade_designations_name_the_alloy_family(name: str, family: str) -> None:
    assert known_material(name) == family


@pytest.mark.parametrize(
    "name",
    [
        "titanium sponge",  # ends with a word no table key ends a name with
        "nickel salt",  # "salt" alone is not table salt
        "paper cup machine",  # the key must end the name, not sit in its middle
        "mek",  # codes count in capitals only
        "PA 6",  # a two-letter code that is also a polymer code is not in the table
        "polyethylene, high density",  # a database name is left to search
    ],
)
def test_names_the_tables_do_not_know_are_left_alone(name: str) -> None:
    assert known_material(name) is None


def test_tables_are_lower_case_keys_and_codes_upper_case() -> None:
    assert all(k == k.lower() for k in [*ARTICLE_MATERIALS, *COMMON_NAMES])
    assert all(k == k.upper() and k.isalnum() for k in CODES)
    # every value names its material last, never after "for" or "from" (the head noun is the last word)
    assert not [
        v for v in [*ARTICLE_MATERIALS.values(), *COMMON_NAMES.values()] if " for " in v or " from " in v
    ]


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("chambray fabric", "woven cotton textile"),  # one trailing form word after an article
        ("glass wool rolls", "glass wool mat"),
        ("refrigerant R-22", "chlorodifluoromethane"),  # a code with a number is read as written first
        ("printer paper A3", "woodfree uncoated paper"),  # then without a trailing size code
    ],
)
def test_a_trailing_form_word_or_size_code_does_not_hide_the_article(name: str, material: str) -> None:
    assert known_material(name) == material


def test_at_most_two_trailing_form_words_are_skipped() -> None:
    assert known_material("denim fabric roll") == "woven cotton textile"
    assert known_material("copper wire rod") == "cathode copper"  # a mill form of a metal
    assert known_material("denim fabric roll sheet") is None


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("CuSO4", "copper sulfate"),
        ("NaOH pellets", "sodium hydroxide"),  # a formula begins a two-word name
        ("TiO2", "titanium dioxide"),
        ("oleum", "sulfuric acid"),
        ("brown coal briquettes", None),  # a formula or name must end the name (one form word aside)
        ("naoh", None),  # formulas are matched as written
        ("TIO2", None),
    ],
)
def test_formulas_are_read_as_written(name: str, material: str | None) -> None:
    assert known_material(name) == material


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("UAN solution", "urea ammonium nitrate mix"),
        ("MEK", "methyl ethyl ketone"),
        ("MAP tray", None),  # a code followed by a word that is not a form or class word
        ("CAN opener", None),
        ("MDI prepolymer blend", None),  # three words: not a code name
    ],
)
def test_a_code_is_read_alone_or_before_a_form_or_class_word(name: str, material: str | None) -> None:
    assert known_material(name) == material


@pytest.mark.parametrize(
    ("name", "material"),
    [
        # a bare everyday key counts alone or after plain descriptive words only
        ("raw milk", "cow milk"),
        ("grid power", "low voltage electricity"),
        ("coconut milk", None),
        ("EDTA disodium salt", None),
        ("beryllium copper strip", None),
        # an application key only after place words
        ("thermal insulation", "stone wool"),
        ("double glazing units", "coated flat glass"),
        ("polystyrene insulation", None),
        ("polycarbonate glazing", None),
        # a longer key wins over the shorter one it ends with
        ("light fuel oil", "light fuel oil"),
        ("hot rolled steel coil", "hot rolled low-alloyed steel"),
        ("galvanised steel coils", "unalloyed steel"),
        # hydration words after a table name
        ("sodium carbonate anhydrous", "soda ash"),
        # an unspecified metal and rigid PVC designations
        ("steel", "unalloyed steel"),
        ("zinc plated steel", None),
        ("aluminum", "wrought aluminium alloy"),
        ("PVC-U pipes", "suspension polymerised polyvinyl chloride"),
        ("toy building bricks", None),
    ],
)
def test_bare_and_application_keys_are_guarded(name: str, material: str | None) -> None:
    assert known_material(name) == material


@pytest.mark.parametrize(
    ("name", "material"),
    [
        # a code followed by a use word and a class or form word (issue 17, sixth pass)
        ("IPA cleaning solvent", "isopropanol"),
        ("PLA printing filament", "polylactic acid granulate"),
        ("PLA filament", "polylactic acid granulate"),
    ],
)
def test_a_code_before_use_and_class_words_is_the_code(name: str, material: str) -> None:
    assert known_material(name) == material


def test_a_code_before_an_unknown_word_is_left_alone() -> None:
    # "dispenser" is neither a form nor a class word: the code does not name what is bought
    assert known_material("IPA cleaning dispenser") is None


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("amber glass jars", "brown packaging glass"),
        ("flint glass bottle", "white packaging glass"),
        ("green glass bottles", "green packaging glass"),
        ("glass jars", "white packaging glass"),  # no colour said: the usual one
    ],
)
def test_a_said_colour_beats_the_usual_colour_of_the_table(name: str, material: str) -> None:
    assert known_material(name) == material


def test_with_said_colour_changes_only_values_that_name_a_colour() -> None:
    assert with_said_colour("amber jerry can", "high density polyethylene granulate") == (
        "high density polyethylene granulate"
    )
    assert with_said_colour("clear jar", "brown packaging glass") == "white packaging glass"


@pytest.mark.parametrize(
    ("head", "context", "reading"),
    [
        ("DDR4 DRAM chips", "", "memory type integrated circuit"),
        ("microcontroller chips", "", "logic type integrated circuit"),
        ("chips", "for the motor controller board", "logic type integrated circuit"),
        ("chips", "beech offcuts for the boiler", "wood chips"),
        ("pine chips", "", "wood chips"),
        ("chips", "", None),  # no domain said: left to search
        ("chips", "wood pellets and silicon dust", None),  # two domains: left to search
        ("flash drives", "", None),  # not an ambiguous head noun
    ],
)
def test_an_ambiguous_head_is_read_in_the_domain_said(head: str, context: str, reading: str | None) -> None:
    assert domain_reading(head, context) == reading


@pytest.mark.parametrize(
    ("head", "spelled"),
    [
        ("THT capacitors", "through-hole mounting capacitors"),
        ("SMD inductors 0402", "surface-mounted inductors 0402"),
        ("SMT diodes", "surface-mounted diodes"),
        ("SMD", "SMD"),  # a code alone is left to the abbreviation table
        ("smd resistors", "smd resistors"),  # capitals only
    ],
)
def test_an_assembly_code_before_a_component_is_said_in_words(head: str, spelled: str) -> None:
    assert mounting_spelled_out(head) == spelled
