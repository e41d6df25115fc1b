"""Eleventh pass (issue 17): a stage said in the trade's word picks the sibling that says it (invented picklist)."""

from __future__ import annotations

from pathlib import Path

from openpcf.pcfbench.data import MappingInput
from openpcf.systems.offline.mapping import FORM_SYNONYMS, prefer_said_variant
from tests.support.picklists import write_picklist
from tests.systems.test_offline_mapping import hand_mapper


def test_stage_words_are_said_the_database_way() -> None:
    assert FORM_SYNONYMS["bead"] == ("expandable",)
    assert FORM_SYNONYMS["virgin"] == ("primary",)
    assert FORM_SYNONYMS["chipping"] == ("crushed",)


def test_a_stage_said_in_the_trade_word_picks_its_sibling(tmp_path: Path) -> None:
    path = write_picklist(
        tmp_path / "picklist.jsonl",
        [
            ("tin, primary, ingot", "Tin ingot from ore."),
            ("tin, wrought alloy", "Tin alloy from scrap and ingot."),
            ("basalt, crushed", "Crushed basalt."),
            ("basalt, unprocessed", "Quarried basalt blocks."),
        ],
    )
    mapper = hand_mapper(path)
    need, scored = mapper.rank(MappingInput(material_name="virgin tin"))
    ranked = prefer_said_variant(need, scored)
    loser = next(s for s in ranked if s.candidate.reference_product == "tin, wrought alloy")
    assert "a sibling says more of what the need says after the base name" in loser.notes
    assert mapper.choose(MappingInput(material_name="virgin tin"))["choice"] == "tin, primary, ingot"
    assert mapper.choose(MappingInput(material_name="basalt chippings 2/5"))["choice"] == "basalt, crushed"
    # a need that says no stage keeps today's order: no sibling is marked
    need, scored = mapper.rank(MappingInput(material_name="tin"))
    assert not any("sibling says more" in n for s in prefer_said_variant(need, scored) for n in s.notes)


def test_a_foreign_description_is_not_read_in_place_of_the_name() -> None:
    from openpcf.systems.offline.material_need import material_from_description, read_need
    from openpcf.vocabulary.translation import foreign_prose

    vocabulary = frozenset({"steel", "galvanised", "iron", "powder", "for"})
    # an English description naming a material still replaces an unknown article name
    need = material_from_description(read_need("Zorblat bracket"), "galvanised steel, laser cut", vocabulary)
    assert need.head != "Zorblat bracket" and "steel" in need.head_tokens
    # a foreign name described in its own language keeps its name
    assert foreign_prose("hierro en polvo para la sinterización, de grano fino")
    need = read_need("Zorblato", "hierro en polvo para la sinterización, de grano fino")
    assert material_from_description(need, "hierro en polvo para la sinterización, de grano fino", vocabulary) is need
    assert not foreign_prose("iron powder for sintering, fine grade")
