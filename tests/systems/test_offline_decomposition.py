"""The offline decomposition solver on hand-written product descriptions (no ../shared data)."""

from __future__ import annotations

import asyncio

from openpcf.pcfbench.data import DecompositionRow
from openpcf.systems.offline.decomposition import (
    MAX_COMPONENTS,
    OfflineDecompositionSolver,
    bill_of_materials,
    choose_family,
    find_mentions,
)


def names(name: str, description: str | None = None, **kw) -> list[str]:
    components, _ = bill_of_materials(name, description, **kw)
    return [c.name for c in components]


def test_hand_written_cable_compound_gets_named_polymer_and_family_fillers() -> None:
    components, trace = bill_of_materials(
        "FlexiCab HF compound",
        "A halogen-free flame retardant compound for the sheathing of building cables, based on EVA "
        "and LLDPE, filled with aluminium trihydroxide.",
    )
    got = [c.name for c in components]
    # Family 'halogen-free flame-retardant compound' (name cue 'compound' x2, description cues halogen free,
    # flame retardant, cables, sheathing, EVA, filled, aluminium trihydroxide: 9) beats 'aluminium
    # hydroxide' (3) and 'power cable' (2); aluminium hydroxide (0.6) leads, $main = the first polymer named (EVA, 0.3), then the family's
    # polyethylene (0.06, which stands for the LLDPE mention), magnesium hydroxide and additives (0.02 each,
    # template order).
    assert trace["family"] == "halogen-free flame-retardant compound"
    assert got == ["aluminium hydroxide", "EVA", "polyethylene", "magnesium hydroxide", "additives"]
    assert trace["components"][1]["source"] == "main material named in the text: 'EVA'"
    assert len(got) <= MAX_COMPONENTS


def test_explicit_share_orders_mentions_and_purpose_clauses_are_ignored() -> None:
    mentions = find_mentions(
        "Silica sol 40",
        "An aqueous dispersion with 40% SiO2, stabilised by sodium hydroxide, used in glass furnaces.",
    )
    found = {(m.material.name, m.share) for m in mentions}
    assert ("silica", 0.4) in found
    assert ("water", None) in found
    assert all(
        m.material.name != "glass" for m in mentions
    )  # "used in glass furnaces" is a use, not an input


def test_negated_ingredients_are_not_components() -> None:
    got = names("Canned green beans 400 g", "Green beans in water, no preservatives and zero added sugar.")
    assert got[:3] == ["beans", "water", "tinplate"]
    assert "biocide" not in got
    assert "sugar" in got  # the family's typical recipe, not the negated mention, decides here
    mentions = {m.material.name for m in find_mentions("x", "no preservatives and zero added sugar")}
    assert mentions == set()


def test_recycled_content_puts_scrap_before_primary_metal() -> None:
    virgin = names("Aluminium extrusion billet 6063")
    recycled = names("Aluminium extrusion billet 6063", "Billets cast from 75% recycled aluminium scrap.")
    assert virgin[0] == "primary aluminium"
    assert recycled[0].startswith("aluminium scrap") and recycled.index("primary aluminium") > 0
    assert {"magnesium", "silicon"} <= set(virgin)  # the alloying elements of 6063


def test_family_needs_its_required_word_and_name_cues_count_double() -> None:
    family, cues = choose_family("Wooden garden bench", "Made of larch timber with galvanised steel bolts.")
    assert family is not None and family.name == "wooden furniture"
    assert cues[:1] == ["wooden"]
    none_family, _ = choose_family("Widget X", "A device.")
    assert none_family is None


def test_nothing_recognised_falls_back_to_the_product_itself() -> None:
    assert names("Gizmo Prime™", "An item.") == ["Gizmo Prime"]


def test_mentions_only_ablation_uses_no_family() -> None:
    got = names("PP film, printed", "Polypropylene film printed with solvent inks.", use_families=False)
    # PP named in the name (0.5) first, then the description's mentions (0.05 each) in text order
    assert got == ["polypropylene", "solvent", "printing inks"]


def test_solver_output_and_trace() -> None:
    row = DecompositionRow.model_validate(
        {
            "id": "d1",
            "input": {
                "product_name": "Tomato passata 700 g",
                "description": "Sieved Italian tomatoes with a pinch of salt.",
            },
            "expected_output": {"components": ["tomato"]},
        }
    )
    result = asyncio.run(OfflineDecompositionSolver().solve(row))
    comps = result.output["components"]
    assert comps[0] == "tomatoes" and "salt" in comps
    assert result.trace["family"] == "tomato product"
    assert result.trace["components"][0]["source"].startswith("typical bill of materials")


def test_name_only_product_uses_the_name_for_family_and_mentions() -> None:
    assert names("Stainless steel sink") == ["stainless steel", "corrugated board", "polyethylene"]


def test_picklist_vocabulary_adds_material_heads_only() -> None:
    from openpcf.systems.offline.decomposition_knowledge import vocabulary_from_names

    vocab = vocabulary_from_names(
        [
            "sepiolite",
            "polyethylene, high density, granulate",
            "aluminium removed by milling, average",
            "waste rubber, unspecified",
            "heat, district or industrial, natural gas",
            "talc",
            "sepiolite",
        ]
    )
    assert vocab == ("sepiolite", "polyethylene")  # 'talc' is shorter than five letters
    with_vocab = names("Drilling mud", "A slurry of sepiolite.", use_families=False, vocabulary=vocab)
    assert with_vocab == ["sepiolite"]
    assert names("Drilling mud", "A slurry of sepiolite.", use_families=False) == ["Drilling mud"]


def test_shipped_knowledge_is_consistent() -> None:
    from openpcf.systems.offline.decomposition_knowledge import materials, product_families

    families = {m.family for m in materials()}
    names = [m.name for m in materials()]
    assert len(names) == len(set(names)), "a material is listed twice"
    for fam in product_families():
        slots = [c for c in fam.components if c.name == "$main"]
        if slots:
            assert fam.main_family in families and fam.main_default, fam.name
        assert 1 <= len(fam.components) <= MAX_COMPONENTS, fam.name
        assert fam.requires, fam.name
