"""Offline triage on a tiny hand-made picklist (lexical search only) with a hand-set evidence model."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

import pytest

from openpcf.pcfbench.data import TriageInput, TriageRow
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import Calibrator, load_calibration
from openpcf.systems.offline.material_need import read_need
from openpcf.systems.offline.picklist_search import Candidate, PicklistSearch
from openpcf.systems.offline.reranker import Reranker
from openpcf.systems.offline.triage import (
    FEATURES,
    NO_LEVEL,
    OfflineTriage,
    commodity_head_count,
    formulation_count,
    head_noun,
    is_made_thing_noun,
    known_words,
    level_evidence,
    level_gap,
    materials_apart,
    materials_in_head,
    noun_said_by_none,
    same_thing_names,
    synonym_reading,
    triage_features,
)
from tests.support.picklists import write_picklist

ENTRIES = [
    ("electricity, low voltage", "Electricity delivered to consumers at low voltage."),
    ("sodium hydroxide, without water, in 50% solution state", "Caustic soda."),
    ("flat glass, uncoated", "Float glass."),
    ("waste glass", "'waste glass' is a solid waste under the category of municipal wastes."),
]

# Hand-set re-ranker: head words and precision count, nothing else (the shipped one is refitted over time).
HAND_RERANKER = Reranker(
    features=["head_coverage", "precision"], weights=[2.0, 1.0], mean=[0.0, 0.0], scale=[1.0, 1.0]
)

# Hand-set model: a good head match says map; assembly words say decompose (z = 4·cov − 2·assembly − 1).
HAND_MODEL = Calibrator(
    task="triage", features=["head_coverage", "assembly_cues"], weights=[4.0, -2.0], bias=-1.0
)


@pytest.fixture(scope="module")
def search(tmp_path_factory: pytest.TempPathFactory) -> PicklistSearch:
    path = write_picklist(tmp_path_factory.mktemp("picklist") / "p.jsonl", ENTRIES)
    return PicklistSearch.from_file(path, dense=False)


def market(name: str, description: str = "", root: str | None = None) -> TriageInput:
    return TriageInput(
        market={"name": name, "description": description}, material_context_data={"material_name": root}
    )


def test_features_of_a_simple_commodity(search: PicklistSearch) -> None:
    features, evidence = triage_features(
        market("Market for Electricity", "Grid electricity for the extruders"), search, reranker=HAND_RERANKER
    )
    assert set(FEATURES) <= set(features)
    assert evidence["best_activity"] == "electricity, low voltage"
    assert features["head_coverage"] == 1.0 and features["names_head_noun"] == 1.0
    # the activity's base name "electricity" is said by the market: nothing extra
    assert features["extra_words"] == 0.0
    assert features["commodity_cues"] == 1.0 and features["assembly_cues"] == 0.0
    assert features["family_parts"] == 0.0 and features["materials_named"] == 0.0


def test_features_of_an_assembly_and_its_root_context(search: PicklistSearch) -> None:
    features, evidence = triage_features(
        market(
            "Market for PC-ABS plastic bezel assembly",
            "Injection-moulded bezel parts",
            root="plastic bezel",
        ),
        search,
        reranker=HAND_RERANKER,
    )
    assert features["assembly_cues"] == 1.0  # assembly
    assert features["processing_cues"] >= 1.0  # injection-moulded (reported, not a model feature)
    assert features["head_coverage"] == 0.0 and features["names_head_noun"] == 0.0  # no bezel in the picklist
    # head words: pc, abs, plastic, bezel, assembly + the expansion of PC and ABS (polycarbonate,
    # acrylonitrile, butadiene, styrene, copolymer) = 10; the root shares plastic and bezel → 2/10
    assert features["root_overlap"] == pytest.approx(0.2)
    # openpcf's decomposition knowledge names two materials in the head (polycarbonate, ABS) and knows a
    # family for it
    assert features["materials_named"] >= 2.0
    assert evidence["product_family"] is not None and features["family_parts"] >= 1.0


def test_no_good_match_decomposes_with_calibrated_confidence(search: PicklistSearch) -> None:
    solver = OfflineTriage(search, calibrator=HAND_MODEL, reranker=HAND_RERANKER)
    row = TriageRow(
        id="a",
        input=market("Market for Wheel hub assembly", "Hub, spokes and rim"),
        expected_output={"should_map": False},
    )
    result = asyncio.run(solver.solve(row))
    # z = 4·0 − 2·1 − 1 = −3 → P(map) = σ(−3) = 0.0474 → decompose with confidence 0.9526
    assert result.output == {"should_map": False, "confidence": round(1 - 1 / (1 + math.exp(3)), 4)}
    assert result.trace["rationale"].startswith("decompose: compositeness cues: assembly")


def test_a_direct_match_maps(search: PicklistSearch) -> None:
    solver = OfflineTriage(search, calibrator=HAND_MODEL, reranker=HAND_RERANKER)
    row = TriageRow(
        id="b", input=market("Market for Float glass, uncoated"), expected_output={"should_map": True}
    )
    result = asyncio.run(solver.solve(row))
    # head "Float glass" → best "flat glass, uncoated" covers "glass" only: cov 1/2 → z = 2 − 0 − 1 = 1
    assert result.output == {"should_map": True, "confidence": round(1 / (1 + math.exp(-1)), 4)}
    assert result.trace["best_activity"] == "flat glass, uncoated"  # never the waste activity


def test_shipped_calibration_is_fitted_and_says_how(tmp_path: Path) -> None:
    model = load_calibration("triage")
    assert model.features == list(FEATURES) and len(model.weights) == len(FEATURES)
    assert "logistic regression" in model.fitted and "dev" in model.fitted
    assert model.report["mean"]["accuracy"] > 0.5 and "ece" in model.report["mean"]
    assert load_calibration("triage", tmp_path / "absent.json").fitted.startswith("not fitted")


def test_an_empty_market_is_a_recorded_failure(search: PicklistSearch) -> None:
    row = TriageRow(id="e", input=market(""), expected_output={"should_map": True})
    result = asyncio.run(OfflineTriage(search, calibrator=HAND_MODEL, reranker=HAND_RERANKER).solve(row))
    assert result.output is None and "names nothing to triage" in result.error


def test_fabrication_level_of_a_product_made_from_a_listed_material(search: PicklistSearch) -> None:
    # "Glass bottle": the picklist holds glass (an ingredient) but nothing at the bottle's own level
    features, evidence = triage_features(market("Market for Glass bottle"), search, reranker=HAND_RERANKER)
    assert evidence["best_activity"] == "flat glass, uncoated"
    assert features["ingredient_level"] == 1.0  # names "glass", not the head noun "bottle"
    assert features["uncovered_words"] == 1.0  # "bottle"
    assert features["same_level"] == 0.0  # no material activity's base name names "bottle"


def test_fabrication_level_of_a_listed_material(search: PicklistSearch) -> None:
    features, _ = triage_features(market("Market for Float glass, uncoated"), search, reranker=HAND_RERANKER)
    assert features["ingredient_level"] == 0.0 and features["uncovered_words"] == 1.0  # "float"
    # same level: "flat glass, uncoated" names "glass"; hand re-ranker z = 2·cov + precision
    # = 2·(1/2) + 2/3 (flat, glass, uncoated: glass and uncoated are said by the market) → σ(5/3)
    assert features["same_level"] == pytest.approx(1 / (1 + math.exp(-5 / 3)), abs=1e-9)


def test_an_energy_carrier_maps_and_says_why(search: PicklistSearch) -> None:
    model = Calibrator(task="triage", features=["commodity_cues"], weights=[3.0], bias=-1.0)
    row = TriageRow(id="c", input=market("Market for Electricity"), expected_output={"should_map": True})
    result = asyncio.run(OfflineTriage(search, calibrator=model, reranker=HAND_RERANKER).solve(row))
    # one commodity word: z = 3 − 1 = 2 → P(map) = σ(2) = 0.8808
    assert result.output == {"should_map": True, "confidence": round(1 / (1 + math.exp(-2)), 4)}
    assert result.trace["rationale"].startswith("map: an energy carrier or utility")


def test_two_named_materials_are_a_compositeness_cue(search: PicklistSearch) -> None:
    model = Calibrator(task="triage", features=["materials_named"], weights=[-2.0], bias=1.0)
    row = TriageRow(
        id="d", input=market("Market for Polycarbonate and ABS blend"), expected_output={"should_map": False}
    )
    result = asyncio.run(OfflineTriage(search, calibrator=model, reranker=HAND_RERANKER).solve(row))
    assert result.trace["features"]["materials_named"] == 2.0  # polycarbonate, ABS
    # z = 1 − 2·2 = −3 → decompose, confidence 1 − σ(−3)
    assert result.output == {"should_map": False, "confidence": round(1 - 1 / (1 + math.exp(3)), 4)}
    assert "formulation" in result.trace["rationale"] and "2 materials named" in result.trace["rationale"]


# ---------------------------------------------------------------- the picklist names it at its own level


def candidate(reference_product: str) -> Candidate:
    return Candidate(
        index=0,
        reference_product=reference_product,
        activity_name=f"market for {reference_product}",
        information="",
        role="material",
        lexical=1.0,
        dense=0.0,
        tokens=tuple(tokenize(reference_product)),
    )


@pytest.mark.parametrize(
    ("head", "activity", "gap"),
    [
        ("Copper cathode", "copper, cathode", 0),  # every head word said
        ("HDPE granulate", "polyethylene, high density, granulate", 0),  # acronym expanded, form word
        ("Primary aluminium ingot", "aluminium, primary, ingot", 0),
        ("Polycarbonate resin", "polycarbonate", 0),  # "resin" says how a polymer is supplied
        ("Nickel sulphate", "nickel sulfate", 0),  # British spelling of a chemical name
        ("Organic soft cheese", "cheese, from cow milk, fresh, unripened", 2),  # organic, soft unsaid
        ("Aluminium housing", "aluminium, cast alloy", None),  # an ingredient: "housing" unsaid
        ("Glass bottle", "flat glass, uncoated", None),  # base name says "flat", the head does not
        ("Float glass", "flat glass, uncoated", None),  # a synonym the vocabulary does not know is no name
        # a one-word category before the comma, the head noun said after it (fourth round)
        ("Newsprint", "paper, newsprint", 0),
        ("Nonwoven polypropylene", "textile, nonwoven polypropylene", 0),
        ("Recycled newsprint", "paper, newsprint", 1),  # "recycled" unsaid
        ("Cotton shirt", "textile, woven cotton", None),  # category first, but "shirt" is not said
        ("Paper bag", "paper, newsprint", None),  # the base name is said, the head noun "bag" is not
        # a word said only as a grade label does not name the thing: the granulate is not a bottle
        ("PET bottle", "polyethylene terephthalate, granulate, bottle grade", None),
        ("PET granulate", "polyethylene terephthalate, granulate, bottle grade", 0),
    ],
)
def test_level_gap(head: str, activity: str, gap: int | None) -> None:
    assert level_gap(read_need(head), candidate(activity)) == gap


def test_level_evidence_takes_accepted_non_recycled_activities_only() -> None:
    need = read_need("Polypropylene granulate")
    recycled = candidate("polypropylene, pellets, recycled")
    virgin = candidate("polypropylene, granulate")
    assert level_gap(need, recycled) is not None  # at the level of polypropylene ...
    # ... but a recycled activity does not stand for a market that does not ask for recycled material
    assert level_evidence(need, [(0.99, recycled)]) == (NO_LEVEL, None)
    assert level_evidence(need, [(0.4, virgin)]) == (NO_LEVEL, None)  # the re-ranker does not accept it
    assert level_evidence(need, [(0.99, recycled), (0.6, virgin)]) == (0, virgin)
    assert level_evidence(read_need("Recycled polypropylene pellets"), [(0.99, recycled)]) == (0, recycled)


def test_a_market_named_at_its_level_maps_and_says_by_which_activity(search: PicklistSearch) -> None:
    model = Calibrator(task="triage", features=["named_at_level"], weights=[3.0], bias=-1.0)
    row = TriageRow(
        id="n",
        input=market("Market for Flat glass, uncoated", "Clear glass"),
        expected_output={"should_map": True},
    )
    result = asyncio.run(OfflineTriage(search, calibrator=model, reranker=HAND_RERANKER).solve(row))
    assert result.trace["features"]["named_at_level"] == 1.0 and result.trace["features"]["level_gap"] == 0.0
    assert result.trace["level_activity"] == "flat glass, uncoated"
    # z = 3 − 1 = 2 → P(map) = σ(2)
    assert result.output == {"should_map": True, "confidence": round(1 / (1 + math.exp(-2)), 4)}
    assert result.trace["rationale"].startswith(
        "map: the picklist names it at its own level ('flat glass, uncoated')"
    )
    # "Float glass" is not said by "flat glass": no activity at its level, the same model decomposes
    features, evidence = triage_features(market("Market for Float glass"), search, reranker=HAND_RERANKER)
    assert features["named_at_level"] == 0.0 and features["level_gap"] == float(NO_LEVEL)
    assert evidence["level_activity"] is None


def test_a_service_activity_names_a_service_market_at_its_level() -> None:
    service = Candidate(
        index=1,
        reference_product="injection moulding",
        activity_name="market for injection moulding",
        information="This is delivering the service of 'injection moulding'.",
        role="service",
        lexical=1.0,
        dense=0.0,
        tokens=tuple(tokenize("injection moulding")),
    )
    need = read_need("Injection moulding")
    assert level_gap(need, service) == 0
    assert level_evidence(need, [(0.8, service)]) == (0, service)


# ---------------------------------------------------------------- a finished product by its form

FORM_ENTRIES = [
    ("steel, low-alloyed", "Low-alloyed steel."),
    ("injection moulding", "This is delivering the service of 'injection moulding'."),
    ("textile, woven cotton", "Woven cotton fabric."),
]


@pytest.fixture(scope="module")
def form_search(tmp_path_factory: pytest.TempPathFactory) -> PicklistSearch:
    path = write_picklist(tmp_path_factory.mktemp("forms") / "p.jsonl", FORM_ENTRIES)
    return PicklistSearch.from_file(path, dense=False)


@pytest.mark.parametrize(
    ("name", "assembly", "assembly_words", "form_words"),
    [
        ("Market for Steel door", 1.0, 0.0, 1.0),  # head noun "door": a building element
        ("Market for cotton shirts", 1.0, 0.0, 1.0),  # plural read as the garment
        ("Market for steel door assembly", 1.0, 1.0, 1.0),  # head noun "assembly": no product noun
        ("Market for car door module", 1.0, 1.0, 2.0),  # "car" and "door" are product words, not the head
        ("Market for low-alloyed steel", 0.0, 0.0, 0.0),  # a material
        ("Market for passenger car engine", 0.0, 0.0, 1.0),  # "car" says what it is for; "engine" is the head
    ],
)
def test_a_head_noun_that_names_a_finished_product_is_an_assembly_cue(
    form_search: PicklistSearch, name: str, assembly: float, assembly_words: float, form_words: float
) -> None:
    features, _ = triage_features(market(name), form_search, reranker=HAND_RERANKER)
    assert features["assembly_cues"] == assembly
    assert features["assembly_words"] == assembly_words
    assert features["product_form_cues"] == form_words


def test_a_finished_product_decomposes_and_says_why(form_search: PicklistSearch) -> None:
    model = Calibrator(task="triage", features=["assembly_cues"], weights=[-2.0], bias=1.0)
    row = TriageRow(id="f", input=market("Market for Steel door"), expected_output={"should_map": False})
    result = asyncio.run(OfflineTriage(form_search, calibrator=model, reranker=HAND_RERANKER).solve(row))
    # z = 1 − 2·1 = −1 → P(map) = σ(−1) = 0.2689 → decompose with confidence 0.7311
    assert result.output == {"should_map": False, "confidence": round(1 - 1 / (1 + math.exp(1)), 4)}
    assert result.trace["rationale"].startswith("decompose: compositeness cues: a finished product by its form")


def test_the_service_itself_is_named_at_its_level(form_search: PicklistSearch) -> None:
    features, evidence = triage_features(
        market("Market for injection moulding", "Moulding of a plastic part"), form_search, reranker=HAND_RERANKER
    )
    assert features["named_at_level"] == 1.0 and evidence["level_activity"] == "injection moulding"


@pytest.mark.parametrize(
    ("name", "made"),
    [
        ("Market for office chair armrest", 1.0),  # "armrest": no material, substance or activity says it
        ("Market for laptop keyboards", 1.0),  # plural read as the noun
        ("Market for gas hob burner", 1.0),
        ("Market for woven cotton textile", 0.0),  # "textile" is a picklist word
        ("Market for low-alloyed steel", 0.0),  # a material
        ("Market for caustic soda", 0.0),  # a common name of a chemical
        ("Market for packaging materials", 0.0),  # a class of purchases, not a thing
        ("Market for plating service", 0.0),
    ],
)
def test_a_head_noun_no_material_or_activity_says_is_a_made_thing(
    form_search: PicklistSearch, name: str, made: float
) -> None:
    features, _ = triage_features(market(name), form_search, reranker=HAND_RERANKER)
    assert features["made_thing_noun"] == made
    assert "made_thing_noun" in FEATURES


def test_is_made_thing_noun_reads_the_known_words_it_is_given() -> None:
    known = frozenset({"steel", "armrest"})
    assert not is_made_thing_noun("armrest", known)  # a picklist that held armrests would say so
    assert is_made_thing_noun("saddle", known)
    assert not is_made_thing_noun("ab", known)  # too short to be read as a word
    assert not is_made_thing_noun("pa66", known)  # a code, not a word
    assert not is_made_thing_noun("ingredient", known)  # a class of purchases


def test_known_words_hold_materials_substances_and_the_picklist(form_search: PicklistSearch) -> None:
    words = known_words(form_search)
    assert {"polyethylene", "aluminium"} <= words  # the offline material vocabulary
    assert {"sodium", "hydroxide", "isopropanol"} <= words  # substance names ("caustic soda" → …)
    assert "moulding" in words  # a picklist word ("injection moulding")
    assert not {"armrest", "keyboard", "burner"} & words


def test_a_made_thing_decomposes_and_says_why(form_search: PicklistSearch) -> None:
    model = Calibrator(task="triage", features=["made_thing_noun"], weights=[-3.0], bias=1.0)
    row = TriageRow(id="m", input=market("Market for bicycle saddle"), expected_output={"should_map": False})
    result = asyncio.run(OfflineTriage(form_search, calibrator=model, reranker=HAND_RERANKER).solve(row))
    # z = 1 − 3·1 = −2 → P(map) = σ(−2) = 0.1192 → decompose with confidence 0.8808
    assert result.output == {"should_map": False, "confidence": round(1 - 1 / (1 + math.exp(2)), 4)}
    assert "a head noun no material or activity says (a made thing)" in result.trace["rationale"]


def test_a_chemical_name_or_a_name_in_capitals_is_not_a_made_thing() -> None:
    known = frozenset({"steel"})
    assert not is_made_thing_noun("dodecane", known)  # ends like an alkane: a substance the tables lack
    assert not is_made_thing_noun("trehalose", known)  # a sugar
    assert is_made_thing_noun("telephone", known)  # "-one" is not read as a chemical ending
    assert not is_made_thing_noun("planolux", known, "Market for PLANOLUX glazing units")  # a brand in capitals
    assert is_made_thing_noun("saddle", known, "Market for BMX saddle")  # the capitals are another word
    assert is_made_thing_noun("saddle", known, "MARKET FOR BICYCLE SADDLE")  # a name all in capitals says nothing


# ---------------------------------------------------------------- sixth round: a buyer's name is still at its level


@pytest.mark.parametrize(
    ("head", "activity", "gap"),
    [
        # grade, colour and supply form are not unsaid words; the code in capitals is read as written
        ("PP homopolymer injection grade natural pellets", "polypropylene, granulate", 0),
        ("HDPE black MFI 8", "polyethylene, high density, granulate", 0),
        ("sodium hydroxide 99 % pearls", "sodium hydroxide, without water, in 50% solution state", 0),
        ("PA66 natural", "nylon 6-6", 0),
        ("PA66 GF30 black", "nylon 6-6, glass-filled", 0),  # the filler code says "glass-filled"
        ("PA66 GF30", "nylon 6-6", 1),  # a compound: the plain polymer leaves the filler unsaid
        ("copper cathode grade A 99.99 %", "copper, cathode", 0),
        # a word that is no specification still counts ("organic" is a production system)
        ("organic copper cathode white", "copper, cathode", 1),
        ("organic soft cheese white", "cheese, from cow milk, fresh, unripened", 2),
        # the default variant and the delivered state of a commodity are no words left unsaid (round 8)
        ("refined tin ingot", "tin", 0),
        ("ordinary rye flour", "rye flour", 0),
        ("compressed argon", "argon, liquid", 0),
        ("farmed salmon", "salmon", 0),
        ("smoked salmon", "salmon", 1),  # a processed product: "smoked" is not a variant word
        # a plural the tokenizer stems differently still says the noun; a monomer is the substance (round 8)
        ("fresh mangoes", "mango, fresh grade", 0),
        ("ripe mangoes", "mango", 1),
        ("butadiene monomer", "butadiene", 0),
        ("ethylene", "ethylenediamine", None),  # a longer name is another substance, not a spelling
        # a made thing stays a made thing, whatever its specification
        ("PP housing black", "polypropylene, granulate", None),
        ("steel drum 200 l", "steel, low-alloyed", None),
    ],
)
def test_level_gap_of_a_buyers_name(head: str, activity: str, gap: int | None) -> None:
    assert level_gap(read_need(head), candidate(activity)) == gap


def test_head_noun_skips_specification_words() -> None:
    assert head_noun(read_need("polyamide natural pellets")) == "polyamide"
    assert head_noun(read_need("PA66 black")) == "pa66"  # an abbreviation code is a noun
    assert head_noun(read_need("carbon black")) == "carbon"  # the activity says both words anyway
    assert head_noun(read_need("steel drum")) == "drum"


@pytest.mark.parametrize(
    ("head", "reading"),
    [
        ("caustic soda flakes", "sodium hydroxide"),  # a common name, the supply form left out
        ("IPA 99 %", "isopropanol"),  # an upper-case code with its purity
        ("solvent CAS 67-63-0", "isopropanol"),  # a CAS number
        ("Makrolon 2405 natural", "polycarbonate"),  # a trade name with its series and colour
        ("tomato paste", None),  # the table reads a processed product as its raw material: no synonym
        ("polypropylene", None),  # no other name
    ],
)
def test_synonym_reading(head: str, reading: str | None) -> None:
    read = synonym_reading(read_need(head))
    assert (read.head if read is not None else None) == reading


def test_a_synonym_names_the_market_at_its_level() -> None:
    need = read_need("caustic soda flakes")
    activity = candidate("sodium hydroxide, without water, in 50% solution state")
    assert level_gap(need, activity) is None  # as written, the activity says neither word
    assert level_evidence(need, [(0.9, activity)]) == (0, activity)


def test_one_material_with_its_specification_names_one_material() -> None:
    assert materials_in_head("ferric chloride 40 % aqueous solution") == {"ferric chloride"}  # not water
    assert materials_in_head("titanium dioxide rutile") == {"titanium dioxide"}  # not the ore
    assert materials_in_head("EPDM rubber granules") == {"EPDM"}  # the class after the material
    assert materials_in_head("wood-plastic composite") == {"wood", "plastics"}  # a composite of two
    assert materials_in_head("cotton polyester yarn") == {"cotton", "polyester"}  # a blend


def test_a_solution_with_its_concentration_is_not_a_formulation() -> None:
    assert formulation_count("potassium hydroxide 50 % solution") == 0.0
    assert formulation_count("ammonia, aqueous solution") == 0.0
    assert formulation_count("nutrient solution for hydroponics") == 1.0
    assert formulation_count("pigment blend in solution") == 2.0


def test_the_database_name_of_a_synonym_is_searched_too(tmp_path: Path) -> None:
    """"Caustic soda" shares no word with "sodium hydroxide, …": the activity is found only because the
    synonym reading is searched as well, and it names the market at its level."""
    entries = [
        ("sodium hydroxide, without water, in 50% solution state", "A strong base."),
        ("soda ash, dense", "Sodium carbonate, dense grade."),
        ("polypropylene, granulate", "Polypropylene granulate."),
    ]
    search = PicklistSearch.from_file(write_picklist(tmp_path / "p.jsonl", entries), dense=False)
    need = read_need("Caustic soda flakes 99 %")
    written = [c.reference_product for c in search.candidates("Caustic soda flakes 99 %", 20)]
    assert "sodium hydroxide, without water, in 50% solution state" not in written  # not found as written
    features, evidence = triage_features(market("Caustic soda flakes 99 %"), search, reranker=HAND_RERANKER)
    assert synonym_reading(need) is not None
    assert evidence["level_activity"] == "sodium hydroxide, without water, in 50% solution state"
    assert features["named_at_level"] == 1.0


# Seventh round (issue 17): the thing bought said by no accepted activity, and energy words that name the
# thing bought, not what a made thing is for. Every name below is invented.


@pytest.mark.parametrize(
    ("head", "count"),
    [
        ("tap water", 1.0),
        ("process steam", 1.0),
        ("grid electricity", 1.0),
        ("nitrogen gas", 1.0),  # a phase word: the gas is the thing bought
        ("electricity supply", 1.0),  # a class-of-purchase word as the head noun
        ("plate heat exchanger", 0.0),  # "heat" says what the exchanger is for
        ("water pump housing", 0.0),
        ("steam iron", 0.0),
    ],
)
def test_an_energy_word_counts_only_when_it_names_the_thing_bought(head: str, count: float) -> None:
    assert commodity_head_count(read_need(head)) == count


def test_a_head_noun_no_accepted_activity_says() -> None:
    steel, pine = candidate("steel, low-alloyed"), candidate("sawnwood, pine")
    assert noun_said_by_none(read_need("garden trellis"), [steel, pine])
    assert not noun_said_by_none(read_need("garden trellis"), [candidate("trellis, wooden"), steel])
    assert noun_said_by_none(read_need("garden trellis"), [])  # nothing accepted says it either
    # a semi-finished form, a class of purchases, a specification or a material itself is no made thing
    assert not noun_said_by_none(read_need("copper sheet"), [candidate("copper, cathode")])
    assert not noun_said_by_none(read_need("packaging materials"), [steel])
    assert not noun_said_by_none(read_need("steel 25 kg"), [pine])
    assert not noun_said_by_none(read_need("polypropylene"), [steel])
    # round 8: a metal named as a metal is the element ("metal" is a supply word), and a waste stream is a
    # class of purchase, not a made thing
    assert not noun_said_by_none(read_need("hafnium metal"), [candidate("hafnium")])
    assert noun_said_by_none(read_need("hafnium metal"), [pine])  # the element itself unsaid
    assert not noun_said_by_none(read_need("commercial kitchen waste"), [steel])


def test_a_metal_named_as_a_metal_is_at_the_level_of_the_metal() -> None:
    assert head_noun(read_need("hafnium metal")) == "hafnium"
    assert level_gap(read_need("hafnium metal"), candidate("hafnium")) == 0
    assert level_gap(read_need("hafnium sponge"), candidate("hafnium")) is None  # the form is the noun, unsaid


def test_materials_the_activity_at_the_level_holds_together_are_one() -> None:
    """Invented heads: when the database's own product says both materials, they are one thing to it."""
    assert materials_in_head("epoxy varnish") == {"epoxy resin", "lacquer"}
    assert materials_apart("epoxy varnish", None) == {"epoxy resin", "lacquer"}  # no activity at its level
    assert len(materials_apart("epoxy varnish", candidate("epoxy varnish, without water"))) == 1
    # an activity that says only the varnish leaves the epoxy apart: still two
    assert materials_apart("epoxy varnish", candidate("varnish, for wood")) == {"epoxy resin", "lacquer"}


def test_a_head_noun_is_said_under_a_joined_or_longer_spelling() -> None:
    assert not noun_said_by_none(read_need("wire trelliswork"), [candidate("trellis work, steel")])  # joined
    assert not noun_said_by_none(read_need("garden trelliswork"), [candidate("trelliswork system")])
    assert not noun_said_by_none(read_need("cast manifolds"), [candidate("manifoldes, cast iron")])  # plural
    assert not noun_said_by_none(read_need("ferromanganite"), [candidate("ferromanganese, high-coal")])
    assert noun_said_by_none(read_need("garden gazebo"), [candidate("gaze, cotton")])  # "gaze" is too short


def test_hydration_words_have_one_owner_read_by_the_material_reader() -> None:
    from openpcf.systems.offline.material_need import FORM_WORDS
    from openpcf.vocabulary.specification_words import HYDRATION_WORDS, PURITY_WORDS

    assert HYDRATION_WORDS <= FORM_WORDS and HYDRATION_WORDS <= PURITY_WORDS
    assert "decahydrate" in FORM_WORDS  # missing from the reader's own copy before
    # an invented salt sold with ten waters: the hydrate word is never the head noun, nor a word left unsaid
    need = read_need("Sodium tungstate decahydrate")
    assert need.head_noun == "tungstate"
    assert head_noun(need) == "tungstate"
    assert level_gap(need, candidate("sodium tungstate")) == 0


# ---------------------------------------------------------------- ninth round (invented names)


@pytest.mark.parametrize(
    ("head", "activity", "gap"),
    [
        # a one-word category names the head noun only in its first qualifier
        ("Pumice", "stone, pumice", 0),
        ("Pumice", "storage, bulk goods, pumice-dried", None),  # a process written in a later qualifier
        # a code's expansion must be said whole: "high" alone (of HDPE) does not name polyethylene
        ("HDPE", "containerboard, high quality", None),
        ("HDPE", "textile, high density polyethylene", 0),
        # a length of a thing named by its "-ing" form, the final "e" dropped
        ("Copper tubing", "copper, tube", 0),
        ("Clay tiling", "tile, clay", 0),
        ("Aluminium casting", "aluminium, cast alloy", None),  # "casting" is not the "cast" of a name
    ],
)
def test_level_gap_ninth_round(head: str, activity: str, gap: int | None) -> None:
    assert level_gap(read_need(head), candidate(activity)) == gap


def test_an_ing_name_of_a_length_is_said_by_its_thing() -> None:
    assert not noun_said_by_none(read_need("stainless piping"), [candidate("pipe, stainless steel")])
    assert noun_said_by_none(read_need("bronze bearing"), [candidate("bear, stuffed toy")])


def test_a_family_of_names_is_read_when_it_names_the_same_thing() -> None:
    """Invented entries: the mapper's families are read by triage only where the name is the thing itself."""
    table = {
        "riverside wrapping paper": "wrapping paper",  # its last word is the database name's
        "molybdochrome": "molybdochromium, low-carbon",  # one word, another spelling of the database name
        "mxq2": "methyl quinoline",  # a code
        "garden hose": "polyvinyl chloride",  # an article read as its material
        "gartenschlauch": "polyvinyl chloride",  # one long word the database name does not say
    }
    assert same_thing_names(table) == {
        "riverside wrapping paper": "wrapping paper",
        "molybdochrome": "molybdochromium, low-carbon",
        "mxq2": "methyl quinoline",
    }


@pytest.mark.parametrize(
    ("head", "activity", "gap"),
    [
        # a class word after a polymer's code: the code is the thing bought
        ("ABS plastics", "acrylonitrile-butadiene-styrene copolymer", 0),
        ("Plastic bottle", "bottle, glass", 1),  # the class word before the noun is still a word unsaid
        ("Plastic crate", "crate, wood", 1),
        # a base name's two words written together in the code's expansion ("polyvinylchloride")
        ("PVC granulate", "polyvinyl chloride, granulate", 0),
        # a polymer class word of the base name says what its other words name
        ("Styrene butadiene", "styrene butadiene copolymer", 0),
    ],
)
def test_level_gap_of_a_polymer_by_its_code_or_class(head: str, activity: str, gap: int) -> None:
    assert level_gap(read_need(head), candidate(activity)) == gap


def test_the_head_noun_of_a_code_and_its_class_word_is_the_code() -> None:
    assert head_noun(read_need("SBS rubber")) == "sbs"
    assert head_noun(read_need("ABS plastic housing")) == "housing"  # the class word is not the last word
    assert head_noun(read_need("natural rubber")) == "rubber"  # no code before it
