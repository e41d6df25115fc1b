"""The offline extraction solver on small hand-written documents (no ../shared data)."""

from __future__ import annotations

import asyncio

import pytest

from openpcf.pcfbench.data import ExtractionRow
from openpcf.systems.offline.extraction import OfflineExtractionSolver, extract, typical_claims
from openpcf.systems.offline.extraction_quantities import find_quantities, unit_phrases_in
from openpcf.systems.offline.extraction_query import parse_query


def pairs(claims: list[dict]) -> list[tuple[float, str]]:
    return sorted((c["value"], c["unit"]) for c in claims)


# ---------------------------------------------------------------- quantities in text


def test_range_gives_both_ends_with_the_shared_unit() -> None:
    qs = find_quantities("Plasticizer ~27-28 % and water from about 1.5 to 6 wt% water.")
    assert [(q.value, q.unit) for q in qs] == [(27.0, "%"), (28.0, "%"), (1.5, "wt%"), (6.0, "wt%")]
    assert qs[0].group == qs[1].group != qs[2].group == qs[3].group


def test_enumeration_takes_the_unit_written_after_its_last_member() -> None:
    qs = find_quantities(
        "SEC of hydraulic, hybrid and all-electric machines is 3.39, 1.67 and 1.46 MJ/kg respectively."
    )
    assert [(q.value, q.unit) for q in qs] == [(3.39, "MJ/kg"), (1.67, "MJ/kg"), (1.46, "MJ/kg")]


def test_per_tonne_value_is_left_as_stated_and_unit_spelled_for_the_scorer() -> None:
    qs = find_quantities("electricity use of 87 kWh/t, steam 0.26 GJ per tonne, 14 MJ kg-1, 5 kgce/t")
    assert [(q.value, q.unit) for q in qs] == [
        (87.0, "kWh/tonne"),
        (0.26, "GJ/tonne"),
        (14.0, "MJ/kg"),
        (5.0, "kgce/tonne"),
    ]


def test_restatement_in_brackets_and_chart_axis_ticks_are_not_figures() -> None:
    qs = find_quantities(
        "steam 0.12 GJ/t (4.1 kgce/t), 6 h at 120 °C (248 °F); Scrap (%) 40% 30% 20% 10% 6.40% 6.10%"
    )
    assert [(q.value, q.unit) for q in qs] == [
        (0.12, "GJ/tonne"),
        (6.0, "h"),
        (120.0, "°C"),
        (6.4, "%"),
        (6.1, "%"),
    ]


def test_ratio_keeps_the_product_it_refers_to_and_references_are_not_values() -> None:
    qs = find_quantities("In 2003 [12] the uptake was ~0.35 g/g fibre, see [14] 3 h at 95 °C")
    assert [(q.value, q.unit) for q in qs] == [(0.35, "g/g fibre"), (3.0, "h"), (95.0, "°C")]


def test_query_units_and_scope_are_read() -> None:
    intent = parse_query(
        "What is the annual SEC in MJ/kg or kWh per kg, excluding upstream polymer production?"
    )
    assert intent.wanted_units == ("MJ/kg", "kWh/kg")
    assert intent.wanted_classes == frozenset({("energy", "mass")})
    assert [s.name for s in intent.scopes] == ["annual", "excluding upstream"]
    assert [p.unit for p in unit_phrases_in("Answer in %.")] == ["%"]


# ---------------------------------------------------------------- claims for a query


def test_range_in_a_document_yields_both_ends_as_claims() -> None:
    doc = (
        "Our interlayer film is mainly PVB resin. Its main constituents by mass are: "
        "PVB resin ~66 %, plasticizer ~31-33 %. The film is 0.38 mm thick."
    )
    claims, trace = extract("What is the mass percentage of plasticizer in the PVB film?", doc)
    assert pairs(claims) == [(31.0, "%"), (33.0, "%")]
    assert all("plasticizer ~31-33 %" in c["evidence"][0] for c in claims)
    assert trace["mode"] == "document"


def test_scope_annual_rate_wins_over_the_ten_year_amortised_rate() -> None:
    doc = (
        "Paddocks acidify over time. The annual maintenance lime rate is 250 kg/ha for these soils. "
        "When the initial liming is amortised over 10 years it adds 400 kg/ha per year of lime."
    )
    claims, trace = extract("What is the annual maintenance lime application rate in kg per hectare?", doc)
    assert pairs(claims) == [(250.0, "kg/ha")]
    assert trace["scopes"] == ["annual"]
    amortised, _ = extract("What is the lime rate amortised over 10 years in kg per hectare?", doc)
    assert pairs(amortised) == [(400.0, "kg/ha")]


def test_per_tonne_claim_keeps_value_and_unit_as_stated() -> None:
    doc = (
        "In the invented wire mill, drawing steel rod into wire takes natural gas of 0.3 GJ/t and "
        "electricity of 120 kWh per tonne of drawn wire. Annealing the coils uses 1.1 GJ/t of fuel."
    )
    claims, _ = extract(
        "What is the electricity use of wire drawing in kWh per tonne?", doc, "energy"
    )
    assert pairs(claims) == [(120.0, "kWh/tonne")]


def test_percentage_table_row_answers_for_its_own_row_only() -> None:
    doc = (
        "Table 2. Oxide composition of the float glass (mass %)\n"
        "Oxide   Share\n"
        "SiO2    72.6 %\n"
        "Na2O    13.9 %\n"
        "CaO     8.4 %\n"
        "K2O     0.1 %\n"
        "The balance is MgO and Al2O3."
    )
    claims, _ = extract("What is the mass percentage of Na2O in this float glass? Answer in %.", doc)
    assert pairs(claims) == [(13.9, "%")]


def test_no_matching_claim_gives_no_claims() -> None:
    doc = "Mill scale accounts for 2 % of steel output. Rolling speeds reach 20 m/s in modern mills."
    claims, trace = extract(
        "What is the steam consumption of the paper machine dryer section in GJ/t?", doc, "energy"
    )
    assert claims == []
    assert trace["rationale"] == "no figure in the document fits the query"


def test_query_only_mode_uses_documented_values_or_nothing() -> None:
    claims, citations = typical_claims("What is the typical SiO2 content of float glass? Answer in %.")
    assert pairs(claims) == [(69, "%"), (74, "%")]
    assert citations and citations[0].startswith("EN 572-1")
    assert typical_claims("What is the plasticizer content of PVB film?") == ([], [])


def test_solver_returns_claims_and_trace_and_honours_query_only() -> None:
    row = ExtractionRow.model_validate(
        {
            "id": "x1",
            "input": {
                "query": "What is the mass percentage of plasticizer? Answer in %.",
                "document_text": "The film holds plasticizer at 27-28 % by mass.",
            },
            "expected_output": {"claims": []},
        }
    )
    result = asyncio.run(OfflineExtractionSolver("material").solve(row))
    assert pairs(result.output["claims"]) == [(27.0, "mass%"), (28.0, "mass%")]
    assert result.trace["claims"][0]["why"]
    query_only = asyncio.run(OfflineExtractionSolver("material", query_only=True).solve(row))
    assert query_only.output == {"claims": []}
    with pytest.raises(ValueError, match="unknown extraction kind"):
        OfflineExtractionSolver("water")  # type: ignore[arg-type]


def test_evidence_is_a_verbatim_quote_and_an_empty_query_gives_nothing() -> None:
    doc = "Intro.\nThe fuel use of the kiln is\n3.2 GJ/t of clinker; electricity is 90 kWh/t."
    claims, _ = extract("What is the fuel use of the kiln in GJ per tonne?", doc, "energy")
    assert pairs(claims) == [(3.2, "GJ/tonne")]
    assert claims[0]["evidence"][0] in doc
    assert extract("", doc, "energy")[0] == []


def test_energy_carrier_asked_for_excludes_the_other_carrier() -> None:
    doc = "Best practice annealing uses steam of 0.26 GJ/t, fuel of 0.73 GJ/t and electricity of 0.13 GJ/t."
    claims, trace = extract("What is the electricity use of annealing in GJ/t?", doc, "energy")
    assert trace["carrier"] == "electricity"
    assert pairs(claims) == [(0.13, "GJ/tonne")]
