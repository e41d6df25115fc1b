"""How openpcf forces its answer tool on an OpenAI-compatible server (``--tool-choice``), and the raw text
of an answer that never parses (kept in the results). Against the scripted server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.llm.models import GenerationSettings, effective_tool_choice, forced_tool_choice, parse_model
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool
from tests.support.tiny_pcfbench import write_tiny_pcfbench


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    loopback_only(monkeypatch)
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    return write_tiny_pcfbench(tmp_path / "pcfbench")


@pytest.mark.parametrize(
    ("policy", "choice", "n_tools", "sent"),
    [
        ("named", "required", 1, "named"),
        ("named", "required", 3, "auto"),
        ("required", "required", 3, "required"),
        ("auto", "required", 1, "auto"),
        ("named", "auto", 1, "auto"),  # pydantic-ai's unforced choices pass through
        ("named", "none", 1, "none"),
    ],
)
def test_forced_tool_choice(policy: Any, choice: str, n_tools: int, sent: str) -> None:
    assert forced_tool_choice(policy, choice, n_tools) == sent


def test_named_is_the_default_only_for_a_server_at_a_base_url() -> None:
    local = parse_model("openai:smollm2", base_url="http://127.0.0.1:8000/v1")
    assert effective_tool_choice(local) == "named"
    assert effective_tool_choice(local, GenerationSettings(tool_choice="required")) == "required"
    assert effective_tool_choice(parse_model("openai:gpt-4o-mini")) is None
    assert (
        effective_tool_choice(parse_model("anthropic:claude-x"), GenerationSettings(tool_choice="auto"))
        is None
    )
    assert GenerationSettings(tool_choice="auto").semantic() == {"tool_choice": "auto"}


def _epd(request: dict[str, Any], n: int) -> Reply:
    return Reply(tool=output_tool(request), arguments='{"kgco2e": 3.5}')


@pytest.mark.parametrize(
    ("extra", "sent", "recorded"),
    [
        ([], {"type": "function", "function": {"name": "submit"}}, "named"),
        (["--tool-choice", "required"], "required", "required"),
    ],
)
def test_run_sends_and_records_the_tool_choice(
    data: Path, tmp_path: Path, extra: list[str], sent: Any, recorded: str
) -> None:
    out = tmp_path / "run"
    with StubServer(_epd) as server:
        args = ["run", "epd", "--model", "openai:stub", "--base-url", server.base_url]
        result = CliRunner().invoke(
            app, [*args, "--data", str(data), "--out", str(out), "--limit", "1", "--max-tokens", "64", *extra]
        )
        assert result.exit_code == 0, result.output
        assert [r["tool_choice"] for r in server.requests] == [sent]
        # A compatible server gets the classic max_tokens (llama-cpp-python ignores max_completion_tokens).
        assert server.requests[0]["max_tokens"] == 64 and "max_completion_tokens" not in server.requests[0]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["structured_output"] == {"mode": "tool", "tool_choice": recorded}
    [line] = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert line["output"] == {"kgco2e": 3.5}
    assert line["usage"]["model_seconds"] > 0


def test_an_unparsable_answer_keeps_its_raw_text(data: Path, tmp_path: Path) -> None:
    def garbled(request: dict[str, Any], n: int) -> Reply:
        return Reply(tool=output_tool(request), arguments=f'{{"kgco2e": "about {n} kilos"')

    out = tmp_path / "run"
    with StubServer(garbled) as server:
        args = ["run", "epd", "--model", "openai:stub", "--base-url", server.base_url, "--limit", "1"]
        result = CliRunner().invoke(app, [*args, "--data", str(data), "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert server.count == 2  # the answer and pydantic-ai's one output retry
    [line] = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert "output" not in line and line["error"].startswith("UnexpectedModelBehavior")
    assert line["trace"]["raw_answers"] == [
        'submit({"kgco2e": "about 1 kilos")',
        'submit({"kgco2e": "about 2 kilos")',
    ]
    assert line["usage"]["requests"] == 2 and line["usage"]["output_tokens"] == 40


def test_an_agentic_turn_sends_auto_then_names_the_answer_and_never_null_content(
    data: Path, tmp_path: Path
) -> None:
    def agent(request: dict[str, Any], n: int) -> Reply:
        if not any(m["role"] == "tool" for m in request["messages"]):
            return Reply(tool="search", arguments='{"query": "polypropylene", "mode": "keyword"}')
        return Reply(tool=output_tool(request), arguments='{"should_map": true}')

    out = tmp_path / "run"
    with StubServer(agent) as server:
        args = ["run", "triage", "--agentic", "--budget", "2", "--model", "openai:stub"]
        result = CliRunner().invoke(
            app,
            [*args, "--base-url", server.base_url, "--data", str(data), "--out", str(out), "--limit", "1"],
        )
        assert result.exit_code == 0, result.output
        first, second = server.requests
    assert first["tool_choice"] == "auto"  # three tools: "named" cannot name one, so it does not force
    assert second["tool_choice"] == {"type": "function", "function": {"name": "submit"}}  # budget spent
    [assistant] = [m for m in second["messages"] if m["role"] == "assistant"]
    assert assistant["content"] == "" and assistant["tool_calls"][0]["function"]["name"] == "search"
