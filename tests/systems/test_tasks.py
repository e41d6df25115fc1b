"""Model solvers of every task with pydantic-ai FunctionModel/TestModel (no network, no key)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic_ai.messages import ModelRequest, ModelResponse, ToolCallPart, ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from openpcf.llm.prompt_book import PromptError
from openpcf.pcfbench.data import (
    DecompositionRow,
    EpdRow,
    ExtractionRow,
    MappingRow,
    TriageRow,
)
from openpcf.systems.model.answers import AlignmentAnswer, GroupAnswer
from openpcf.systems.model.catalog_tools import catalog_tools
from openpcf.systems.model.documents import fit_document, passages
from openpcf.systems.model.judge import LLMJudgeAligner, valid_groups
from openpcf.systems.model.mapping import PicklistNames
from openpcf.systems.model.templates import prompt_book
from openpcf.systems.registry import SolverUnavailable, build_solver, offline_solver

PICKLIST = ["polypropylene, granulate", "steel, low-alloyed", "copper cathode", "cement, Portland", "rhodium"]


def row(cls: Any, rid: str, inp: dict[str, Any], expected: dict[str, Any]) -> Any:
    return cls.model_validate({"id": rid, "input": inp, "expected_output": expected})


def user_prompts(messages: list[Any]) -> list[str]:
    return [
        p.content
        for m in messages
        if isinstance(m, ModelRequest)
        for p in m.parts
        if isinstance(p, UserPromptPart)
    ]


class Scripted:
    """A FunctionModel body: records what each call saw, answers with ``answer`` through the submit tool."""

    def __init__(self, answer: dict[str, Any]):
        self.answer = answer
        self.seen: list[tuple[list[Any], AgentInfo]] = []

    def __call__(self, messages: list[Any], info: AgentInfo) -> ModelResponse:
        self.seen.append((list(messages), info))
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, self.answer)])


def solve(solver: Any, r: Any) -> Any:
    return asyncio.run(solver.solve(r))


# ------------------------------------------------------------------ single-shot, every task


def test_decomposition_prompt_and_output() -> None:
    fn = Scripted({"components": [f"m{i}" for i in range(10)]})
    solver = build_solver("decomposition", FunctionModel(fn), model_label="fn")
    r = row(
        DecompositionRow,
        "d1",
        {"product_name": "Garden chair", "description": "PP chair", "quantity_unit": "1 piece"},
        {"components": ["pp"]},
    )
    res = solve(solver, r)
    assert res.output == {"components": [f"m{i}" for i in range(8)]}  # at most 8, heaviest first kept
    assert res.trace["components_dropped"] == ["m8", "m9"]
    ((messages, info),) = fn.seen
    assert user_prompts(messages) == [
        "Product: Garden chair\nDeclared unit: 1 piece\nDescription: PP chair\nWhat are its input materials, heaviest first?"
    ]
    assert [t.name for t in info.output_tools] == ["submit"] and info.function_tools == []


def test_triage_single_shot_has_the_whole_picklist() -> None:
    fn = Scripted({"should_map": False, "confidence": 0.25})
    solver = build_solver("triage", FunctionModel(fn), model_label="fn", picklist=lambda: PICKLIST)
    r = row(
        TriageRow,
        "t1",
        {
            "market": {"name": "market for laptop"},
            "material_context_data": {"material_name": "printed circuit board"},
        },
        {"should_map": False},
    )
    assert solve(solver, r).output == {"should_map": False, "confidence": 0.25}
    messages, info = fn.seen[0]
    assert all(name in info.instructions for name in PICKLIST)
    assert "Material: printed circuit board" in user_prompts(messages)[0]


@pytest.mark.parametrize(
    ("answer", "snapped", "how"),
    [
        ("copper cathode", "copper cathode", "exact"),
        ("  Copper Cathode ", "copper cathode", "case-insensitive"),
        ("copper wire", "copper wire", "none"),
    ],
)
def test_mapping_answers_are_snapped_and_the_raw_answer_kept(answer: str, snapped: str, how: str) -> None:
    fn = Scripted({"reference_product": answer, "confidence": 0.9})
    solver = build_solver("mapping", FunctionModel(fn), model_label="fn", picklist=lambda: PICKLIST)
    r = row(
        MappingRow,
        "m1",
        {
            "material_name": "Cu",
            "supplier": "Acme",
            "purchaser_context": {"customer_name": "B", "customer_country": "FR"},
        },
        {"options": ["copper cathode"]},
    )
    res = solve(solver, r)
    assert res.output == {"reference_product": snapped, "confidence": 0.9, "raw_reference_product": answer}
    assert res.trace["snapped"] == how and res.trace["raw_answer"] == answer
    assert "Bought by: name B; country FR" in user_prompts(fn.seen[0][0])[0]


def test_picklist_names_prefer_exact_over_case_insensitive() -> None:
    names = PicklistNames(["Steel", "steel", "glass"])
    assert names.snap("steel") == ("steel", "exact")
    assert names.snap("STEEL") == ("Steel", "case-insensitive")  # first spelling in file order
    assert names.names == ["Steel", "steel", "glass"]


def test_extraction_sends_the_document_and_query_only_does_not() -> None:
    r = row(
        ExtractionRow,
        "x1",
        {"query": "Recycled share?", "document_text": "The frame has 35 % recycled aluminium."},
        {"claims": []},
    )
    fn = Scripted({"claims": [{"value": 35, "unit": "%", "evidence": ["35 % recycled"]}]})
    res = solve(build_solver("extraction_material", FunctionModel(fn), model_label="fn"), r)
    assert res.output == {"claims": [{"value": 35.0, "unit": "%", "evidence": ["35 % recycled"]}]}
    assert "The frame has 35 % recycled aluminium." in user_prompts(fn.seen[0][0])[0]

    fn2 = Scripted({"claims": []})
    res2 = solve(build_solver("extraction_energy", FunctionModel(fn2), model_label="fn", query_only=True), r)
    assert res2.output == {"claims": []}
    assert user_prompts(fn2.seen[0][0]) == ["Question: Recycled share?"]


EPD_INPUT = {
    "product_name": "Ceramic tile",
    "description": "Glazed",
    "quantity_unit": "1 m2",
    "composition": "clay: 70%; sand: 30%",
    "recycled_content": "5%",
    "geography": "ES",
    "source_url": "https://example.org",
}


@pytest.mark.parametrize(
    ("setting", "lines"),
    [
        ("epd_name_only", ["Product: Ceramic tile", "Declared unit: 1 m2"]),
        ("epd_with_description", ["Product: Ceramic tile", "Declared unit: 1 m2", "Description: Glazed"]),
        (
            "epd_with_composition",
            [
                "Product: Ceramic tile",
                "Declared unit: 1 m2",
                "Description: Glazed",
                "Composition: clay: 70%; sand: 30%",
                "Recycled content: 5%",
            ],
        ),
        (
            "epd_with_region",
            [
                "Product: Ceramic tile",
                "Declared unit: 1 m2",
                "Description: Glazed",
                "Composition: clay: 70%; sand: 30%",
                "Recycled content: 5%",
                "Geography: ES",
            ],
        ),
    ],
)
def test_epd_settings_are_cumulative(setting: str, lines: list[str]) -> None:
    fn = Scripted({"kgco2e": 12.5})
    res = solve(
        build_solver("epd", FunctionModel(fn), model_label="fn", setting=setting),
        row(EpdRow, "p1", EPD_INPUT, {"kgco2e": 10}),
    )
    assert res.output == {"kgco2e": 12.5} and res.trace["setting"] == setting
    assert user_prompts(fn.seen[0][0])[0].splitlines() == lines + [
        "What is its cradle-to-gate footprint in kg CO2e per declared unit?"
    ]


def test_test_model_gives_schema_valid_outputs_for_every_task() -> None:
    cases = [
        (
            "decomposition",
            row(DecompositionRow, "d", {"product_name": "x"}, {"components": ["y"]}),
            "components",
        ),
        ("triage", row(TriageRow, "t", {"market": {"name": "x"}}, {"should_map": True}), "should_map"),
        ("mapping", row(MappingRow, "m", {"material_name": "x"}, {"options": ["y"]}), "reference_product"),
        (
            "extraction_material",
            row(ExtractionRow, "x", {"query": "q", "document_text": "d"}, {"claims": []}),
            "claims",
        ),
        ("epd", row(EpdRow, "p", {"product_name": "x"}, {"kgco2e": 1}), "kgco2e"),
    ]
    for task, r, key in cases:
        res = solve(build_solver(task, TestModel(), model_label="test", picklist=lambda: PICKLIST), r)
        assert key in res.output, task


# ------------------------------------------------------------------ agentic


class FakeRecord:
    def __init__(self, name: str):
        self.name = f"market for {name}"
        self.reference_product = name
        self.description = f"About {name}."
        self.unit = "kg"


class FakeHit:
    def __init__(self, record: FakeRecord):
        self.record = record


class FakeSearch:
    def __init__(self, names: list[str]):
        self.records = [FakeRecord(n) for n in names]
        self.calls: list[tuple[str, int, str]] = []

    def search(self, query: str, k: int = 10, method: str = "hybrid") -> list[FakeHit]:
        self.calls.append((query, k, method))
        words = query.lower().split()
        return [FakeHit(r) for r in self.records if any(w in r.reference_product for w in words)][:k]


def test_search_and_inspect_tools() -> None:
    fake = FakeSearch(PICKLIST)
    search, inspect = catalog_tools(fake)
    assert search("copper", mode="keyword") == [
        {"reference_product": "copper cathode", "activity": "market for copper cathode", "unit": "kg"}
    ]
    assert fake.calls == [("copper", 15, "bm25")]
    search("steel", mode="semantic")
    assert fake.calls[-1][2] == "dense"
    assert inspect(["Rhodium", "unobtainium"]) == [
        {
            "reference_product": "rhodium",
            "activity": "market for rhodium",
            "unit": "kg",
            "description": "About rhodium.",
        },
        {"reference_product": "unobtainium", "error": "no such activity"},
    ]


def test_agentic_budget_forces_a_final_answer_that_still_sees_the_task() -> None:
    seen: list[tuple[list[Any], AgentInfo]] = []

    def greedy(messages: list[Any], info: AgentInfo) -> ModelResponse:
        seen.append((list(messages), info))
        if info.function_tools:  # keeps searching as long as it may
            return ModelResponse(parts=[ToolCallPart("search", {"query": "copper", "mode": "keyword"})])
        return ModelResponse(
            parts=[ToolCallPart("submit", {"reference_product": "copper cathode", "confidence": 0.6})]
        )

    fake = FakeSearch(PICKLIST)
    solver = build_solver(
        "mapping",
        FunctionModel(greedy),
        model_label="fn",
        agentic=True,
        budget=4,
        picklist=lambda: PICKLIST,
        searcher=lambda: fake,
    )
    r = row(MappingRow, "m1", {"material_name": "Copper, refined"}, {"options": ["copper cathode"]})
    res = solve(solver, r)
    assert res.output["reference_product"] == "copper cathode"
    assert len(seen) == 4 and len(fake.calls) == 3  # 3 search turns + the forced answer = budget
    assert [bool(info.function_tools) for _, info in seen] == [True, True, True, False]
    final_messages, final_info = seen[-1]
    assert "used your 4 turns" in final_info.instructions
    assert user_prompts(final_messages)[0].startswith("Material: Copper, refined")  # the task is still there
    assert sum(isinstance(p, ToolReturnPart) for m in final_messages for p in getattr(m, "parts", [])) == 3
    assert res.trace["turns"] == 4 and res.trace["tool_calls"][0] == {
        "tool": "search",
        "args": {"query": "copper", "mode": "keyword"},
    }


def test_agentic_triage_prompt_has_no_picklist() -> None:
    fn = Scripted({"should_map": True})
    solver = build_solver(
        "triage", FunctionModel(fn), model_label="fn", agentic=True, searcher=lambda: FakeSearch(PICKLIST)
    )
    solve(solver, row(TriageRow, "t", {"market": {"name": "x"}}, {"should_map": True}))
    info = fn.seen[0][1]
    assert "rhodium" not in info.instructions and {t.name for t in info.function_tools} == {
        "search",
        "inspect",
    }


def test_option_combinations_are_checked() -> None:
    with pytest.raises(SolverUnavailable, match="--agentic applies to triage and mapping"):
        build_solver("epd", TestModel(), model_label="t", agentic=True)
    with pytest.raises(SolverUnavailable, match="--query-only applies to the extraction tasks"):
        build_solver("mapping", TestModel(), model_label="t", query_only=True, picklist=lambda: PICKLIST)
    with pytest.raises(SolverUnavailable, match="compositional"):
        build_solver("compositional", TestModel(), model_label="t")


# ------------------------------------------------------------------ long documents


def test_short_documents_go_whole() -> None:
    assert fit_document("short text", "q", max_chars=1000) == ("short text", None)


def test_long_documents_keep_the_head_and_the_passages_about_the_query() -> None:
    filler = "Company history and unrelated remarks about the weather. " * 35  # 1,995 chars: one passage each
    title = "TITLE: Panel EPD. " * 12
    doc = f"{title}\n\n{filler}\n\nElectricity use is 2.5 kWh/kg of panel.\n\n{filler}\n\n{filler}"
    assert len(passages(doc)) == 5
    text, note = fit_document(doc, "What is the electricity use per kg?", max_chars=1000)
    assert text.startswith("TITLE: Panel EPD") and "Electricity use is 2.5 kWh/kg" in text
    assert "characters left out" in text and "Company history" not in text
    assert note is not None and f"{len(doc):,} characters" in note
    assert len(text) < len(doc)


def test_passages_split_long_paragraphs() -> None:
    parts = passages("a" * 4500, size=2000)
    assert [len(p) for p in parts] == [2000, 2000, 500]


# ------------------------------------------------------------------ judge


def test_valid_groups_drop_reused_out_of_range_and_empty() -> None:
    answer = AlignmentAnswer(
        groups=[
            GroupAnswer(predicted=[0, 1], expected=[0]),
            GroupAnswer(predicted=[1], expected=[1]),  # predicted 1 reused
            GroupAnswer(predicted=[2], expected=[9]),  # expected out of range -> empty side
            GroupAnswer(predicted=[2], expected=[2, 1]),
        ]
    )
    assert valid_groups(answer, 3, 3) == [((0, 1), (0,)), ((2,), (1, 2))]


def test_llm_judge_is_an_aligner_and_is_memoised() -> None:
    from openpcf.pcfbench.alignment import Aligner, MatchGroup

    fn = Scripted({"groups": [{"predicted": [0], "expected": [1]}, {"predicted": [1, 2], "expected": [0]}]})
    judge = LLMJudgeAligner(FunctionModel(fn), label="fn")
    assert isinstance(judge, Aligner) and judge.name == "llm-judge:fn"
    groups = judge.align(["iron", "carbon", "chromium"], ["stainless steel", "iron"])
    assert groups == [MatchGroup((0,), (1,)), MatchGroup((1, 2), (0,))]
    judge.align(["iron", "carbon", "chromium"], ["stainless steel", "iron"])
    assert len(fn.seen) == 1
    assert "0: iron\n1: carbon\n2: chromium" in user_prompts(fn.seen[0][0])[0]
    assert judge.align([], ["x"]) == [] and len(fn.seen) == 1


def test_judge_prefetch_reports_failures() -> None:
    def broken(messages: list[Any], info: AgentInfo) -> ModelResponse:
        raise RuntimeError("judge down")

    judge = LLMJudgeAligner(FunctionModel(broken), label="x")
    errors = asyncio.run(judge.prefetch([(["a"], ["b"]), (["c"], ["d"])]))
    assert errors == ["RuntimeError: judge down"] * 2


# ------------------------------------------------------------------ prompts


def test_prompt_override_folder_wins_and_is_hashed(tmp_path) -> None:
    (tmp_path / "epd.user.j2").write_text("EPD for {{ fields['Product'] }}")
    book = prompt_book(tmp_path)
    default = prompt_book()
    assert book.digest("epd.user.j2") != default.digest("epd.user.j2")
    assert book.digest("epd.system.j2") == default.digest("epd.system.j2")  # not overridden
    fn = Scripted({"kgco2e": 1.0})
    solver = build_solver("epd", FunctionModel(fn), model_label="fn", prompts=book, setting="epd_name_only")
    solve(solver, row(EpdRow, "p", {"product_name": "Brick"}, {"kgco2e": 1}))
    assert user_prompts(fn.seen[0][0]) == ["EPD for Brick"]


def test_prompt_errors_name_the_template(tmp_path) -> None:
    (tmp_path / "epd.user.j2").write_text("{{ no_such_variable }}")
    with pytest.raises(PromptError, match="'epd.user.j2'.*no_such_variable"):
        prompt_book(tmp_path).render("epd.user.j2", fields={})
    with pytest.raises(PromptError, match="prompts folder not found"):
        prompt_book(tmp_path / "missing")


# ------------------------------------------------------------------ offline dispatch


def test_offline_dispatch_needs_a_picklist_for_mapping_and_builds_every_task() -> None:
    with pytest.raises(SolverUnavailable, match="needs the picklist"):
        offline_solver("mapping")
    assert offline_solver("epd", setting="epd_name_only").setting == "epd_name_only"
    assert offline_solver("compositional").name == "offline"