"""The one vocabulary: spellings, abbreviations, recycling and packaging words, geography — each in one
place, with worked examples of what each reader makes of a name; and the PCFBench scorer kept apart."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import openpcf.pcfbench
from openpcf.factors.energy import country_code
from openpcf.search.query import expand_abbreviations
from openpcf.systems.offline.extraction_query import content_terms
from openpcf.vocabulary.geography import Region, parse_region
from openpcf.vocabulary.material_words import (
    PACKAGING,
    RECYCLED_EMPHASIS,
    RECYCLED_FACTOR,
    RECYCLED_IN_NAME,
    RECYCLED_MARKERS,
    RECYCLED_NOISE,
    RECYCLED_TOKENS,
)
from openpcf.vocabulary.names import normalise_name, token_overlap
from openpcf.vocabulary.spellings import DATABASE_SPELLING, NORMAL_SPELLING, SPELLING_PAIRS, fold_spelling

# ----------------------------------------------------------------- spellings


def test_one_spelling_table_three_uses() -> None:
    # Normal form: American, except aluminium (IUPAC and database usage); polymer synonyms folded too.
    assert normalise_name("Sulphuric ACID, aluminum-free") == "sulfuric acid aluminium free"
    assert normalise_name("Moulded fibre tray, colour white") == "molded fiber tray color white"
    assert normalise_name("Polythene film") == "polyethylene film"
    # Every British/American pair has exactly one normal form, and both spellings reach it.
    for uk, us in SPELLING_PAIRS:
        assert NORMAL_SPELLING.get(uk, uk) == NORMAL_SPELLING.get(us, us)
    # Query expansion: an American spelling gets the database's (British) one; sulfur gets both.
    assert expand_abbreviations("aluminum can") == ["aluminium"]
    assert expand_abbreviations("glass fiber mat") == ["fibre"]
    assert DATABASE_SPELLING["sulfur"] == "sulfur, sulphur"
    # Extraction folds stems inside words, so both sides of a comparison meet.
    assert fold_spelling("Mouldings of Aluminium, 5 tonnes, amortised") == "moldings of aluminum, 5 tons, amortized"
    assert content_terms("moulding of fibre") == content_terms("molding of fiber")


def test_token_overlap_is_spelling_blind() -> None:
    assert token_overlap("aluminum sheet", "aluminium sheet") == pytest.approx(token_overlap("aluminium sheet", "aluminium sheet"))


# ----------------------------------------------------------------- abbreviations


def test_abbreviations_expand_capital_codes_and_trade_names() -> None:
    assert expand_abbreviations("HDPE crate with PP lid") == ["polyethylene, high density", "polypropylene"]
    assert expand_abbreviations("3 pc set") == []  # two-letter codes count only in capitals
    assert expand_abbreviations("styrofoam box") == ["polystyrene foam, expanded polystyrene"]


# ----------------------------------------------------------------- recycling and packaging words


@pytest.mark.parametrize(
    ("text", "in_name", "factor", "marker", "emphasis"),
    [
        ("Aluminium scrap (post-consumer)", True, True, True, True),
        ("PCR PET bottle", True, False, False, False),  # the PCR code is read in component names only
        ("glass cullet", True, True, False, False),
        ("Glass, recycled (closed-loop source)", True, True, True, True),
        ("treatment of waste glass, recycling", True, False, True, True),  # "recycling" is a service for factors
        ("aluminium, secondary, remelted ingot", True, True, True, True),
        ("reclaimed timber", True, False, True, False),
        ("made in a circular process", False, False, False, True),
        ("recyclable HDPE", False, False, True, True),  # the engine reads "recyclable" as virgin separately
        ("virgin polypropylene", False, False, False, False),
    ],
)
def test_each_reader_takes_its_words_from_the_one_table(text: str, in_name: bool, factor: bool, marker: bool,
                                                       emphasis: bool) -> None:
    assert bool(RECYCLED_IN_NAME.search(text)) is in_name
    assert bool(RECYCLED_FACTOR.search(text)) is factor
    assert bool(RECYCLED_MARKERS.search(text)) is marker
    assert bool(RECYCLED_EMPHASIS.search(text)) is emphasis


def test_recycled_noise_strips_to_the_base_material() -> None:
    assert " ".join(RECYCLED_NOISE.sub(" ", "recycled aluminium from recycling").split()) == "aluminium"
    assert " ".join(RECYCLED_NOISE.sub(" ", "PCR material, post-consumer PET").split()) == ", PET"
    assert " ".join(RECYCLED_NOISE.sub(" ", "glass cullet").split()) == "glass cullet"  # cullet names the material
    assert {"scrap", "cullet", "postconsumer"} <= RECYCLED_TOKENS and "virgin" not in RECYCLED_TOKENS
    # Name matching: recycled vs virgin costs 40 %. "steel" vs "steel, recycled": the head "steel" matches
    # exactly (0.85 × 1.0), × 0.6 for the disagreement = 0.51; vs "steel, primary" ("primary" is a modifier):
    # 0.7 × 1 + 0.3 × Dice({steel}, {steel, primary}) = 0.7 + 0.3 × 2/3 = 0.9.
    assert token_overlap("recycled steel", "steel, recycled") == pytest.approx(1.0)
    assert token_overlap("steel", "steel, recycled") == pytest.approx(0.51)
    assert token_overlap("steel", "steel, primary") == pytest.approx(0.9)


def test_packaging_words() -> None:
    assert PACKAGING.search("Wooden pallets") and PACKAGING.search("stretch film") and PACKAGING.search("bottle caps")
    assert not PACKAGING.search("capsule") and not PACKAGING.search("labelling machine")


# ----------------------------------------------------------------- geography


def test_one_geography_parser() -> None:
    assert parse_region("Italy (Lombardy, Veneto)") == Region("IT", "Italy", "ITA")
    assert parse_region("Türkiye") == Region("TR", "Turkey", "TUR")
    assert parse_region("RER") == Region("EU", "Europe") and parse_region("EU-27") == Region("EU", "European Union")
    assert parse_region("Atlantis") is None and parse_region("  ") is None


@pytest.mark.parametrize("text", ["RoW", "row", "GLO", "global", "World"])
def test_row_is_read_as_the_world_everywhere(text: str) -> None:
    # ecoinvent's RoW is "rest of world" (the global dataset minus the regional ones): no statistic
    # exists for it, so places read it as the world: GLO for the engine, WLD in the grid table.
    assert parse_region(text) == Region("GLO", "World")
    assert country_code(text) == "WLD"


def test_grid_table_reads_places_through_the_parser() -> None:
    assert country_code("Italy (Lombardy)") == "ITA"  # the parser's reading; the grid table alone knew no such name
    assert country_code("UK") == country_code("Great Britain") == "GBR"
    assert country_code("Europe") == "Europe" and country_code("EU") == "European Union (27)"
    assert country_code("RNA") == "North America"  # ecoinvent continent codes → the grid's aggregates


# ----------------------------------------------------------------- the scorer keeps its own rules


def test_the_pcfbench_scorer_does_not_use_the_system_vocabulary() -> None:
    package = Path(openpcf.pcfbench.__file__).parent
    offenders = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            offenders += [f"{path.name}: {n}" for n in names if n.startswith("openpcf.vocabulary")]
    assert offenders == []


def test_a_mention_called_recycled_unless_its_material_is_the_recycled_route():
    from openpcf.vocabulary.material_words import ALREADY_RECYCLED, RECYCLED_BEFORE, RECYCLED_START

    assert RECYCLED_BEFORE.search("made of 100% recycled ")  # "… recycled nylon"
    assert RECYCLED_BEFORE.search("a post-consumer clear ")  # one word between
    assert not RECYCLED_BEFORE.search("recycled after a long ")  # two words between
    assert RECYCLED_START.match("Reclaimed oak") and not RECYCLED_START.match("oak, reclaimed")
    assert ALREADY_RECYCLED.search("Aluminium scrap") and ALREADY_RECYCLED.search("glass cullet")
    assert not ALREADY_RECYCLED.search("polyamide 6")
