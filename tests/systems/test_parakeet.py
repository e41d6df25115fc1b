"""The Parakeet mapping baseline: a scripted model paraphrases, the picklist's ActivitySearch retrieves the
dense top 10 (a fake embedder, no model), the scripted model chooses or abstains — then the same through the
CLI and the real OpenAI client against the loopback stub on the tiny PCFBench."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from typer.testing import CliRunner

from openpcf.catalog import load_catalog
from openpcf.cli import app
from openpcf.pcfbench.data import MappingRow
from openpcf.search import ActivitySearch
from openpcf.systems.model.parakeet import TEMPLATES, ParakeetSolver
from openpcf.systems.model.templates import prompt_book
from tests.support.embedders import FakeEmbedder
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text
from tests.support.picklists import PICKLIST, write_picklist
from tests.support.tiny_pcfbench import write_tiny_pcfbench

PET = "polyethylene terephthalate, granulate, amorphous"


def _row(rid: str, inp: dict[str, Any]) -> MappingRow:
    return MappingRow.model_validate({"id": rid, "input": inp, "expected_output": {"options": [PET]}})


class Scripted:
    """Answers the paraphrase call with ``query`` and the choice call with ``choice`` (a name, or None);
    records the prompt and the answer schema of each call."""

    def __init__(self, query: str, choice: str | None, confidence: float | None = 0.7):
        self.query, self.choice, self.confidence = query, choice, confidence
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, messages: list[Any], info: AgentInfo) -> ModelResponse:
        tool = info.output_tools[0]
        prompt = "\n".join(
            str(p.content) for m in messages if isinstance(m, ModelRequest) for p in m.parts
            if isinstance(p, UserPromptPart)
        )  # fmt: skip
        schema = tool.parameters_json_schema
        self.calls.append((prompt, schema))
        if "query" in schema["properties"]:
            return ModelResponse(parts=[ToolCallPart(tool.name, {"query": self.query})])
        return ModelResponse(
            parts=[ToolCallPart(tool.name, {"reference_product": self.choice, "confidence": self.confidence})]
        )


@pytest.fixture
def search(tmp_path: Path) -> ActivitySearch:
    records = load_catalog(write_picklist(tmp_path / "picklist.jsonl"), "picklist")
    return ActivitySearch(records, embedder=FakeEmbedder(), use_cache=False)


def _solve(model: Scripted, search: ActivitySearch, row: MappingRow) -> Any:
    solver = ParakeetSolver("fn mapping parakeet", FunctionModel(model), prompt_book(), search)
    return asyncio.run(solver.solve(row))


def _choice_enum(schema: dict[str, Any]) -> list[str]:
    prop = schema["properties"]["reference_product"]
    options = [o for o in prop.get("anyOf", [prop]) if "enum" in o]
    return options[0]["enum"]


def test_paraphrase_retrieves_the_dense_top_ten_and_the_choice_is_recorded(search: ActivitySearch) -> None:
    model = Scripted("polyethylene terephthalate, granulate", PET)
    result = _solve(model, search, _row("p1", {"material_name": "PET flakes for bottles", "supplier": "Invented"}))

    assert result.error is None
    assert result.output == {"reference_product": PET, "confidence": 0.7}
    trace = result.trace
    assert trace["system"] == "parakeet" and trace["turns"] == 2
    assert trace["paraphrase"] == "polyethylene terephthalate, granulate"
    assert trace["search"] == {"method": "dense", "k": 10}
    candidates = trace["candidates"]
    assert len(candidates) == 10 == len({c["reference_product"] for c in candidates})  # 15 rows, top 10
    assert [c["rank"] for c in candidates] == list(range(1, 11))
    # The query's three words are in both PET granulates; the amorphous one has fewer other words: rank 1.
    assert candidates[0]["reference_product"] == PET
    assert candidates[1]["reference_product"] == PET + ", recycled"
    scores = [c["dense_score"] for c in candidates]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0.5
    assert trace["choice"] == {"reference_product": PET, "abstained": False, "candidate_rank": 1, "confidence": 0.7}

    # The paraphrase call saw the need; the choice call saw the query and the numbered candidates, and its
    # answer schema is an enum of exactly those names (plus null).
    (first, _), (second, schema) = model.calls
    assert "PET flakes for bottles" in first and "Invented" in first
    assert "Search query: polyethylene terephthalate, granulate" in second
    assert f"1. {PET} (activity: market for {PET})" in second
    assert _choice_enum(schema) == [c["reference_product"] for c in candidates]
    assert {"type": "null"} in schema["properties"]["reference_product"]["anyOf"]


def test_a_null_choice_is_a_recorded_abstention_with_the_candidates_kept(search: ActivitySearch) -> None:
    model = Scripted("unobtainium alloy", None, confidence=0.1)
    result = _solve(model, search, _row("p2", {"material_name": "Unobtainium bracket"}))
    assert result.output is None
    assert result.error == "abstained: the model chose none of the 10 candidates"
    assert result.trace["choice"] == {"reference_product": None, "abstained": True, "confidence": 0.1}
    assert len(result.trace["candidates"]) == 10 and result.trace["paraphrase"] == "unobtainium alloy"


def test_a_name_outside_the_candidates_is_refused_and_recorded(search: ActivitySearch) -> None:
    # The enum of the answer schema holds the 10 candidates: an invented name fails validation, twice.
    model = Scripted("silicon, electronics grade", "silicon, solar grade (invented)")
    result = _solve(model, search, _row("p3", {"material_name": "Wafer silicon"}))
    assert result.output is None and "UnexpectedModelBehavior (choose)" in result.error
    assert result.trace["failed_stage"] == "choose"
    assert result.trace["candidates"][0]["reference_product"] == "silicon, electronics grade"
    # the answer and its one retry, both kept raw
    assert len(result.trace["raw_answers"]) == 2
    assert all("silicon, solar grade (invented)" in raw for raw in result.trace["raw_answers"])


def test_without_an_embedder_the_search_is_lexical_and_says_so(tmp_path: Path) -> None:
    records = load_catalog(write_picklist(tmp_path / "picklist.jsonl"), "picklist")
    lexical = ActivitySearch(records, lexical_only=True, use_cache=False)
    model = Scripted("aluminium wrought alloy", "aluminium, wrought alloy")
    result = _solve(model, lexical, _row("p4", {"material_name": "Extruded aluminium profile"}))
    assert result.trace["search"] == {"method": "bm25", "k": 10}
    names = [c["reference_product"] for c in result.trace["candidates"]]
    # BM25 keeps only records sharing a word: the two aluminium rows, the alloy first (two words match).
    assert names == ["aluminium, wrought alloy", "aluminium removed by milling, average"]
    assert result.output == {"reference_product": "aluminium, wrought alloy", "confidence": 0.7}


def test_no_candidate_means_abstention_without_a_second_call(tmp_path: Path) -> None:
    records = load_catalog(write_picklist(tmp_path / "picklist.jsonl", PICKLIST[:3]), "picklist")
    lexical = ActivitySearch(records, lexical_only=True, use_cache=False)
    model = Scripted("granite countertop", "rhodium")
    result = _solve(model, lexical, _row("p5", {"material_name": "Granite"}))
    assert result.error == "abstained: the bm25 search found no candidate"
    assert result.trace["candidates"] == [] and len(model.calls) == 1


# -- through the CLI and the real OpenAI client, against the loopback stub ----------------------------------

PARAPHRASES = {  # material name of the tiny PCFBench → (query, chosen name or None)
    "PP granules": ("polypropylene, granulate", "polypropylene, granulate"),
    "Stainless steel 304": ("steel, chromium steel 18/8", "steel, chromium steel 18/8"),
    "Portland cement": ("cement, Portland", None),  # abstains
    "Copper": ("copper cathode", "copper cathode"),
}


def _material(text: str) -> str:
    return text.split("Material: ", 1)[1].split("\n", 1)[0].strip()


def test_cli_runs_parakeet_on_the_tiny_pcfbench_through_the_stub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    loopback_only(monkeypatch)
    seen: list[dict[str, Any]] = []

    def script(request: dict[str, Any], n: int) -> Reply:
        seen.append(request)
        tool = output_tool(request)
        [spec] = [t["function"] for t in request["tools"]]
        query, choice = PARAPHRASES[_material(user_text(request))]
        if "query" in spec["parameters"]["properties"]:
            return Reply(tool=tool, arguments=json.dumps({"query": query}))
        enum = _choice_enum(spec["parameters"])
        assert choice is None or choice in enum, (choice, enum)
        return Reply(tool=tool, arguments=json.dumps({"reference_product": choice, "confidence": 0.8}))

    data = write_tiny_pcfbench(tmp_path / "data")
    out = tmp_path / "run"
    with StubServer(script) as server:
        r = CliRunner().invoke(app, ["run", "mapping", "--model", "openai:gpt-4o-mini", "--base-url", server.base_url,
                                     "--data", str(data), "--out", str(out), "--system", "parakeet",
                                     "--concurrency", "1"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert len(seen) == 8  # paraphrase + choice for each of the 4 items
    lines = {d["id"]: d for d in map(json.loads, (out / "results.jsonl").read_text().splitlines())}
    assert lines["m1"]["output"] == {"reference_product": "polypropylene, granulate", "confidence": 0.8}
    assert lines["m2"]["output"]["reference_product"] == "steel, chromium steel 18/8"
    assert lines["m4"]["output"]["reference_product"] == "copper cathode"
    assert lines["m3"].get("output") is None and lines["m3"]["error"].startswith("abstained")
    assert lines["m3"]["trace"]["choice"]["abstained"] is True
    for line in lines.values():
        trace = line["trace"]
        assert trace["system"] == "parakeet" and trace["paraphrase"] and trace["search"]["k"] == 10
        assert len(trace["candidates"]) == 10  # 20 picklist rows: the dense top 10
        assert line["usage"]["requests"] == 2
    assert lines["m1"]["trace"]["candidates"][0]["reference_product"] == "polypropylene, granulate"

    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["system"] == "parakeet" and manifest["totals"]["failed"] == 1
    assert sorted(manifest["prompts"]) == sorted(TEMPLATES)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["metrics"]["exact_match"]["value"] == pytest.approx(0.75)  # the abstention is a miss

    # The same folder cannot be resumed as another system.
    r2 = CliRunner().invoke(app, ["run", "mapping", "--model", "openai:gpt-4o-mini", "--base-url", "http://127.0.0.1:9/v1",
                                  "--data", str(data), "--out", str(out)])  # fmt: skip
    assert r2.exit_code != 0 and "system was 'parakeet', now 'model'" in r2.output


def test_cli_parakeet_refuses_other_tasks_and_offline(tmp_path: Path) -> None:
    data = write_tiny_pcfbench(tmp_path / "data")
    r = CliRunner().invoke(app, ["run", "triage", "--model", "openai:gpt-4o-mini", "--base-url", "http://127.0.0.1:9/v1",
                                 "--data", str(data), "--out", str(tmp_path / "t"), "--system", "parakeet"])  # fmt: skip
    assert r.exit_code != 0 and "the parakeet system solves mapping, not triage" in r.output
    r = CliRunner().invoke(app, ["run", "mapping", "--model", "offline", "--data", str(data),
                                 "--out", str(tmp_path / "o"), "--system", "parakeet"])  # fmt: skip
    assert r.exit_code != 0 and "needs a model" in r.output
    r = CliRunner().invoke(app, ["run", "mapping", "--model", "offline", "--data", str(data),
                                 "--out", str(tmp_path / "o2"), "--system", "bogus"])  # fmt: skip
    assert r.exit_code != 0 and "unknown system 'bogus'" in r.output
