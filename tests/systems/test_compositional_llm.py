"""``openpcf run compositional --model M`` and ``openpcf estimate --model M``: the engine's LLM path on the
runner's guarded model, without any key.

A scripted pydantic-ai ``FunctionModel`` stands behind the real guarded-model construction (cache, retry
layer, metering, prices), and the real OpenAI client talks to the stub server on 127.0.0.1. The factor table
is the hand-made one of ``test_engine`` (steel 2.0 kg CO2e/kg, polypropylene 1.5 kg CO2e/kg given per t,
grid 0.4 kg CO2e/kWh, natural gas 0.06 kg CO2e/MJ), so every number below is worked by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from typer.testing import CliRunner

from openpcf.cli import app
from tests.support.factor_tables import TABLE
from tests.support.model_messages import prompt_text
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text
from tests.support.tiny_pcfbench import write_tiny_pcfbench

MODEL = "openai:gpt-4o-mini"  # price table: $0.15 / $0.60 per 1M input / output tokens
IN_PRICE, OUT_PRICE = 0.15e-6, 0.60e-6
TOP = {
    "components": [
        {"name": "steel", "kg_per_kg": 0.6},
        {"name": "seat", "kg_per_kg": 0.4, "composite": True},
    ],
    "electricity_kwh_per_kg": 1.0,
    "declared_unit_mass_kg": 20.0,  # used only when the declared unit is not a mass (the tile, 1 m2)
}
SEAT = {"components": [{"name": "polypropylene", "kg_per_kg": 1.0}]}
DIRECT = {"kgco2e_per_declared_unit": 3.0}


def answer(props: dict[str, Any], text: str) -> dict[str, Any]:
    """The scripted model: a direct estimate, the seat decomposed, or the product's top-level BOM."""
    if "kgco2e_per_declared_unit" in props:
        return DIRECT
    return SEAT if "Decompose the composite 'seat'" in text else TOP


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    loopback_only(monkeypatch)  # loopback traffic must never go through a proxy
    monkeypatch.setattr("openpcf.systems.compositional.default_factor_source", lambda: TABLE)
    monkeypatch.setattr("openpcf.engine.estimation.default_factor_source", lambda: TABLE)
    return write_tiny_pcfbench(tmp_path / "pcfbench")


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every model built from a string is the scripted FunctionModel (wrapped by the real GuardedModel);
    returns the list of prompts (system + user text) it was sent."""
    seen: list[str] = []

    def respond(messages: list[Any], info: AgentInfo) -> ModelResponse:
        tool = info.output_tools[0]
        text = prompt_text(messages)
        seen.append(text)
        return ModelResponse(
            parts=[
                ToolCallPart(
                    tool_name=tool.name, args=answer(tool.parameters_json_schema["properties"], text)
                )
            ]
        )

    monkeypatch.setattr("openpcf.llm.models.build_model", lambda spec, **kw: FunctionModel(respond))
    return seen


def run(*args: str) -> Any:
    return CliRunner().invoke(app, ["run", "compositional", "--model", MODEL, *args])


def results(out: Path) -> dict[str, dict[str, Any]]:
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    return {x["id"]: x for x in lines}


def heat(line: dict[str, Any]) -> float:
    """The engine's default process heat of the inferred product class (rate × 0.06 kg CO2e/MJ)."""
    rows = [b for b in line["output"]["breakdown"] if b["name"].startswith("process heat")]
    assert all(b["kgco2e"] == pytest.approx(b["rate"] * 0.06) for b in rows)
    return sum(b["kgco2e"] for b in rows)


# ------------------------------------------------------------------ FunctionModel through `openpcf run`


def test_run_compositional_with_a_model(data: Path, tmp_path: Path, scripted: list[str]) -> None:
    out = tmp_path / "run"
    r = run("--data", str(data), "--out", str(out), "--concurrency", "1")
    assert r.exit_code == 0, r.output
    lines = results(out)
    assert set(lines) == {"p1", "p2", "p3"} and all(x.get("error") is None for x in lines.values())

    # p3 Glass wool, 1 kg: steel 0.6 × 2.0 + PP 0.4 × 1.5 + 1 kWh × 0.4 (+ default heat)
    p3 = lines["p3"]
    assert p3["output"]["kgco2e"] == pytest.approx(1.2 + 0.6 + 0.4 + heat(p3))
    assert [(b["name"], b["rate"], b["kgco2e"]) for b in p3["output"]["breakdown"][:3]] == [
        ("steel", pytest.approx(0.6), pytest.approx(1.2)),
        ("polypropylene", pytest.approx(0.4), pytest.approx(0.6)),
        ("process electricity", pytest.approx(1.0), pytest.approx(0.4)),
    ]
    # p2 Steel beam, 1 t: the kg/kg BOM and the kWh/kg scale by 1000 kg; metal products heat 3 MJ/kg
    p2 = lines["p2"]
    assert heat(p2) == pytest.approx(3 * 1000 * 0.06)
    assert p2["output"]["kgco2e"] == pytest.approx(1200 + 600 + 400 + 180)
    # p1 Ceramic tile, 1 m2: not a mass, so the model was asked for the mass of one m2 (20 kg)
    p1 = lines["p1"]
    assert p1["output"]["kgco2e"] == pytest.approx(20 * (1.2 + 0.6 + 0.4) + heat(p1))
    assert p1["trace"]["product"]["declared_unit"]["mass_kg"] == 20.0
    assert p1["trace"]["settings"]["declared_mass_origin"] == "model"
    asked_mass = [t for t in scripted if "not a mass" in t]
    assert len(asked_mass) == 1 and "Ceramic tile" in asked_mass[0]

    # The trace: the BOM tree with model rates, the chosen factors, the reconciliation against 3.0 kg
    trace = p3["trace"]
    assert [(x["name"], x["parent_id"], x["rate"]["origin"]) for x in trace["inputs"]] == [
        ("steel", None, "model"),
        ("seat", None, "model"),
        ("polypropylene", "m2", "model"),
    ]
    assert trace["inputs"][2]["factor"]["id"] == "test:polypropylene:GLO"
    rec = next(c for c in trace["checks"] if c["code"] == "reconciliation")
    assert rec["value"] == pytest.approx(p3["output"]["kgco2e"] / 3.0, rel=1e-3)
    assert trace["versions"]["model"] == MODEL

    # The compositional setting shows name, unit and description, never the composition
    tile = next(t for t in scripted if "Product: Ceramic tile" in t)
    assert "Description: Glazed floor tile" in tile and "clay" not in tile

    # Usage: 3 calls per item (BOM, the seat, the direct estimate), priced from the table
    for line in lines.values():
        u = line["usage"]
        assert u["requests"] == 3 and u["cache_hits"] == 0 and u["input_tokens"] > 0
        assert u["cost_usd"] == pytest.approx(u["input_tokens"] * IN_PRICE + u["output_tokens"] * OUT_PRICE)
    m = json.loads((out / "manifest.json").read_text())
    assert m["totals"]["requests"] == 9 and m["totals"]["failed"] == 0
    assert m["totals"]["input_tokens"] == sum(x["usage"]["input_tokens"] for x in lines.values())
    assert set(m["prompts"]) == {
        "compositional.decompose.system.j2",
        "compositional.product.user.j2",
        "compositional.direct.system.j2",
    }
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n_items"] == 3 and "within_2x" in summary["metrics"]
    assert len(scripted) == 9

    # A rerun of the same folder repeats nothing; a new folder is served from the response cache
    assert run("--data", str(data), "--out", str(out)).exit_code == 0
    assert len(scripted) == 9
    again = tmp_path / "again"
    assert run("--data", str(data), "--out", str(again)).exit_code == 0
    assert len(scripted) == 9
    cached = results(again)
    assert all(x["usage"]["cache_hits"] == 3 and x["usage"]["requests"] == 0 for x in cached.values())
    assert cached["p2"]["output"] == p2["output"]


def test_recursion_stops_at_depth_two(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from openpcf.engine import ProductSpec
    from openpcf.systems.model.bom_proposal import propose_bom

    answers = {
        "product": {
            "components": [
                {"name": "frame", "kg_per_kg": 0.5, "composite": True},
                {"name": "steel", "kg_per_kg": 0.5},
            ]
        },
        "frame": {
            "components": [
                {"name": "hinge", "kg_per_kg": 0.5, "composite": True},
                {"name": "polypropylene", "kg_per_kg": 0.5},
            ]
        },
    }
    calls: list[str] = []

    def respond(messages: list[Any], info: AgentInfo) -> ModelResponse:
        text = prompt_text(messages)
        key = "frame" if "Decompose the composite 'frame'" in text else "product"
        calls.append(key)
        return ModelResponse(parts=[ToolCallPart(tool_name=info.output_tools[0].name, args=answers[key])])

    bom, mass = asyncio.run(propose_bom(ProductSpec(name="Door"), FunctionModel(respond)))
    assert calls == ["product", "frame"]  # the hinge (depth 2) is a leaf: not decomposed again
    assert [(e.name, e.amount, e.unit, e.parent) for e in bom] == [
        ("frame", 0.5, "kg/kg", None),
        ("hinge", 0.25, "kg/kg", "frame"),
        ("polypropylene", 0.25, "kg/kg", "frame"),
        ("steel", 0.5, "kg/kg", None),
    ]
    assert mass is None  # 1 kg is a mass: the model was not asked


def test_a_model_without_a_mass_for_a_non_mass_unit_is_a_failed_item(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def respond(messages: list[Any], info: AgentInfo) -> ModelResponse:
        args = {"components": [{"name": "steel", "kg_per_kg": 1.0}]}  # no declared_unit_mass_kg
        return ModelResponse(parts=[ToolCallPart(tool_name=info.output_tools[0].name, args=args)])

    monkeypatch.setattr("openpcf.llm.models.build_model", lambda spec, **kw: FunctionModel(respond))
    out = tmp_path / "run"
    r = run("--data", str(data), "--out", str(out), "--ids", str(_ids(tmp_path, "p1")))
    assert r.exit_code == 0, r.output
    line = results(out)["p1"]
    assert line.get("output") is None and "'1 m2' is not a mass" in line["error"]
    assert line["usage"]["requests"] == 1  # the call made before the failure is still counted


def _ids(tmp_path: Path, *ids: str) -> Path:
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(ids) + "\n")
    return path


# ------------------------------------------------------------------ the real OpenAI client against the stub


def stub_script(fail_first: bool) -> Any:
    def script(request: dict[str, Any], n: int) -> Reply:
        if fail_first and n == 1:
            return Reply(status=429, headers={"retry-after": "0"})
        tool = output_tool(request)
        schema = next(t for t in request["tools"] if t["function"]["name"] == tool)["function"]["parameters"]
        return Reply(tool=tool, arguments=json.dumps(answer(schema["properties"], user_text(request))))

    return script


def test_run_compositional_through_the_openai_client(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    out = tmp_path / "run"
    with StubServer(stub_script(fail_first=True)) as server:
        r = run(
            "--base-url", server.base_url, "--data", str(data), "--out", str(out), "--concurrency", "1",
            "--ids", str(_ids(tmp_path, "p3", "p2")), "--backoff", "0.01", "--timeout", "5",
        )  # fmt: skip
        assert r.exit_code == 0, r.output
        # 2 items × 3 calls, plus the one 429 retried once by the runner (the client's own retries are off)
        assert server.count == 7
        assert all(q["model"] == "gpt-4o-mini" for q in server.requests)
    lines = results(out)
    assert lines["p2"]["output"]["kgco2e"] == pytest.approx(1200 + 600 + 400 + 180)
    assert lines["p3"]["trace"]["inputs"][2]["name"] == "polypropylene"
    # the stub bills 100 prompt + 20 completion tokens per answer
    for line in lines.values():
        u = line["usage"]
        assert (u["requests"], u["input_tokens"], u["output_tokens"]) == (3, 300, 60)
        assert u["cost_usd"] == pytest.approx(300 * IN_PRICE + 60 * OUT_PRICE)
    assert lines["p3"]["usage"]["failed_attempts"] == 1 and lines["p2"]["usage"]["failed_attempts"] == 0
    totals = json.loads((out / "manifest.json").read_text())["totals"]
    assert (totals["requests"], totals["failed_attempts"]) == (6, 1)
    assert totals["cost_usd"] == pytest.approx(2 * (300 * IN_PRICE + 60 * OUT_PRICE))


def test_estimate_with_a_model_through_the_openai_client(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    result = tmp_path / "stool.json"
    with StubServer(stub_script(fail_first=True)) as server:
        r = CliRunner().invoke(
            app,
            ["estimate", "Stool", "--description", "steel frame, plastic seat", "--model", MODEL,
             "--base-url", server.base_url, "--runs", "200", "--json", str(result)],
        )  # fmt: skip
        assert r.exit_code == 0, r.output
        assert server.count == 4  # BOM, the seat, the direct estimate, and one retry of the 429
    out = json.loads(result.read_text())
    names = [(b["name"], b["kgco2e"]) for b in out["breakdown"][:3]]
    assert names == [("steel", pytest.approx(1.2)), ("polypropylene", pytest.approx(0.6)),
                     ("process electricity", pytest.approx(0.4))]  # fmt: skip
    assert "reconciliation" in r.output


def test_estimate_with_a_model_needs_its_key(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    r = CliRunner().invoke(app, ["estimate", "Stool", "--model", MODEL])
    assert r.exit_code == 2 and "OPENAI_API_KEY" in r.output and "Traceback" not in r.output
