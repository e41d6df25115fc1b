"""CAS numbers, systematic and Colour Index names, German compound names and trade names (seventh pass):
worked examples, invented purchase lines."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.cas_numbers import CAS_NUMBERS, cas_material, cas_numbers_in, valid_cas
from openpcf.vocabulary.common_names import known_material
from openpcf.vocabulary.systematic_names import german_chemical_name
from openpcf.vocabulary.trade_names import trade_name_material


def test_every_cas_number_of_the_table_passes_the_registry_check_digit() -> None:
    assert len(CAS_NUMBERS) > 150
    assert all(valid_cas(number) for number in CAS_NUMBERS)


def test_the_check_digit_is_computed_the_registry_way() -> None:
    # 7732-18-5 (water): 8·1 + 1·2 + 2·3 + 3·4 + 7·5 + 7·6 = 105 → 5
    assert valid_cas("7732-18-5")
    assert not valid_cas("7732-18-4")
    assert not valid_cas("7732-1-5")  # the middle group has two digits


def test_a_cas_number_is_read_wherever_it_is_written() -> None:
    assert cas_numbers_in("Ethanol absolute (CAS 64-17-5), 200 l drum") == ["64-17-5"]
    assert cas_material("CAS-No. 64-17-5") == "ethanol"
    assert cas_material("lot 12-34-5, 64-17-5") == "ethanol"  # a number failing the check digit is skipped
    assert cas_material("article 2024-11-30") is None  # a date is no CAS number
    assert known_material("CAS 7647-14-5 de-icing grade") == "sodium chloride"


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("propan-1-ol", "1-propanol"),
        ("Ethanal", "acetaldehyde"),
        ("technical tetrachloromethane", "carbon tetrachloride"),
        ("methyl 2-methylprop-2-enoate", "methyl methacrylate"),
        ("Pigment White 4", "zinc oxide"),
        ("pigment black 6", "carbon black"),
        ("methanal solution", "formaldehyde"),  # "solution" is a form word
    ],
)
def test_systematic_and_colour_index_names(name: str, material: str) -> None:
    assert known_material(name) == material


@pytest.mark.parametrize(
    ("word", "english"),
    [
        ("Kaliumcarbonat", "potassium carbonate"),
        ("Ameisensäure", "formic acid"),
        ("Ameisensaeure", "formic acid"),
        ("Acrylsäurebutylester", "butyl acrylate"),
        ("Phthalsäureanhydrid", "phthalic anhydride"),
        ("Eisensulfat", "iron sulfate"),
        ("Stahlblech", None),  # not a chemical name
        ("Weinsäure", None),  # an acid stem the table does not know
    ],
)
def test_german_compound_chemical_names(word: str, english: str | None) -> None:
    assert german_chemical_name(word) == english


def test_a_german_chemical_name_with_a_strength_is_read_by_the_table() -> None:
    assert known_material("Ameisensäure 85 %") == "formic acid"
    assert known_material("Ameisensäure für Silage") is None  # other words after it: left to search


@pytest.mark.parametrize(
    ("name", "material"),
    [
        ("Technyl A 218 V30", "nylon 6-6"),
        ("Technyl C 216", "nylon 6"),
        ("Lupolen 4261 A", "high density polyethylene granulate"),
        ("Lupolen 2420 F", "low density polyethylene granulate"),
        ("Voranate T-80", "toluene diisocyanate"),
        ("Hardox 450 wear plate", "low-alloyed steel"),
        ("Tween 80", "non-ionic surfactant"),
        ("Freon 134a", "tetrafluoroethane R134a"),
        ("sheet of Hardox", None),  # a brand counts only as the first word
        ("Ultramid", None),  # a series brand without its series says no polymer
    ],
)
def test_trade_names_are_read_as_their_generic_material(name: str, material: str | None) -> None:
    assert trade_name_material(name) == material


def test_codes_in_capitals_beat_an_everyday_word_and_hydrates_are_read_as_their_salt() -> None:
    assert known_material("TEA 85%") == "triethanolamine"  # capitals: the amine
    assert known_material("green tea") == "dried tea"
    assert known_material("PF resin") == "phenolic resin"
    assert known_material("MgSO4·7H2O") == "magnesium sulfate"
    assert known_material("CuSO4.5H2O") == "copper sulfate"


def test_a_grade_before_a_form_word_does_not_hide_the_material() -> None:
    assert known_material("stainless steel 430 strip") == "chromium steel 18/8 stainless steel"
    assert known_material("stainless steel thing") is None
    assert known_material("denim fabric roll sheet") is None  # still at most two form words


def test_every_identity_value_is_said_in_the_database_s_words(shared_dir) -> None:
    """Each value of the new tables says only words some picklist activity uses, so the mapper's search can
    find it (the picklist is shared development data: skipped when ../shared is absent)."""
    import json

    from openpcf.search import tokenize
    from openpcf.vocabulary.systematic_names import COLOUR_INDEX_NAMES, SYSTEMATIC_NAMES
    from openpcf.vocabulary.trade_names import TRADE_NAME_SERIES, TRADE_NAMES

    picklist = shared_dir / "data" / "pcfbench-dev" / "ecoinvent_picklist.jsonl"
    vocabulary = {
        t
        for line in picklist.read_text(encoding="utf-8").splitlines()
        for t in tokenize(json.loads(line)["reference_product_name"])
    }
    values = [
        *CAS_NUMBERS.values(),
        *SYSTEMATIC_NAMES.values(),
        *COLOUR_INDEX_NAMES.values(),
        *TRADE_NAMES.values(),
        *(material for _, _, material in TRADE_NAME_SERIES),
    ]
    unknown = sorted({v for v in values if any(t not in vocabulary for t in tokenize(v))})
    assert unknown == []


def test_one_table_owns_a_trade_names_expansion() -> None:
    """The search expansion (abbreviations) reads every polymer brand it holds from the trade-name module, so a
    brand cannot expand one way for search and another for the mapper."""
    from openpcf.vocabulary.abbreviations import ABBREVIATIONS
    from openpcf.vocabulary.trade_names import SEARCH_ONLY_BRANDS, TRADE_NAMES, trade_name_material

    owned = {**TRADE_NAMES, **SEARCH_ONLY_BRANDS}
    assert not set(TRADE_NAMES) & set(SEARCH_ONLY_BRANDS)
    shared = sorted(set(ABBREVIATIONS) & set(owned))
    assert len(shared) == 28
    assert all(ABBREVIATIONS[brand] == owned[brand] for brand in shared)
    assert ABBREVIATIONS["zytel"] == trade_name_material("Zytel 70G30") == "nylon 6-6"
    assert ABBREVIATIONS["dacron"] == "polyester fibre"
    # a brand whose material no activity names is expanded for search only
    assert ABBREVIATIONS["delrin"] == "polyoxymethylene, acetal"
    assert trade_name_material("Delrin 500P") is None
