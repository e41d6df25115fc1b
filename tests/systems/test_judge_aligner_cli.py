"""``openpcf score --aligner judge:MODEL``: the T1 LLM judge as a registered aligner, without any key.

The judge answers through the real OpenAI client from the stub server on 127.0.0.1, or from a scripted
``FunctionModel``. Items of the tiny PCFBench folder: d1 predicts [polypropylene, steel] for
[polypropylene, steel]; d2 predicts [glass] for [flat glass, aluminium]; d3 failed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from typer.testing import CliRunner

from openpcf.cli import app
from tests.support.model_messages import prompt_text
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text
from tests.support.tiny_pcfbench import write_tiny_pcfbench

JUDGE = "judge:openai:gpt-4o-mini"
# d1: both predicted components judged to be the first reference → P 1, R 1/2, F1 2/3.
# d2: glass ↔ flat glass, plus an out-of-range group that is dropped → P 1, R 1/2, F1 2/3.
D1 = {"groups": [{"predicted": [0, 1], "expected": [0]}]}
D2 = {"groups": [{"predicted": [0], "expected": [0]}, {"predicted": [5], "expected": [1]}]}
F1 = (2 / 3 + 2 / 3 + 0.0) / 3  # d3 failed: a miss


def judge_answer(text: str) -> dict[str, Any]:
    return D1 if "polypropylene" in text else D2


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    loopback_only(monkeypatch)  # loopback traffic must never go through a proxy
    return write_tiny_pcfbench(tmp_path / "pcfbench")


@pytest.fixture
def predictions(tmp_path: Path) -> Path:
    path = tmp_path / "preds.jsonl"
    lines = [
        {"id": "d1", "output": {"components": ["polypropylene", "steel"]}},
        {"id": "d2", "output": {"components": ["glass"]}},
        {"id": "d3", "output": None, "error": "model failed"},
    ]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return path


def score(data: Path, predictions: Path, *args: str) -> Any:
    return CliRunner().invoke(
        app,
        ["score", "--task", "decomposition", "--data", str(data), "--predictions", str(predictions), *args],
    )


def stub(request: dict[str, Any], n: int) -> Reply:
    return Reply(tool=output_tool(request), arguments=json.dumps(judge_answer(user_text(request))))


def test_judge_through_the_openai_client_and_its_cache(
    data: Path, predictions: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    out = tmp_path / "scores.json"
    with StubServer(stub) as server:
        r = score(data, predictions, "--aligner", JUDGE, "--base-url", server.base_url, "--json", str(out))
        assert r.exit_code == 0, r.output
        assert server.count == 2  # d1 and d2; the failed d3 is not judged
        sent = [user_text(q) for q in server.requests]
        assert any("0: glass" in s and "0: flat glass" in s and "1: aluminium" in s for s in sent)
        result = json.loads(out.read_text())
        assert result["metrics"]["f1"]["value"] == pytest.approx(F1)
        assert result["metrics"]["precision"]["value"] == pytest.approx(2 / 3)
        assert result["metrics"]["recall"]["value"] == pytest.approx(1 / 3)
        # The same judgements again come from the response cache: no new request
        assert score(data, predictions, "--aligner", JUDGE, "--base-url", server.base_url).exit_code == 0
        assert server.count == 2
    offline = tmp_path / "offline.json"
    assert score(data, predictions, "--json", str(offline)).exit_code == 0
    assert json.loads(offline.read_text())["metrics"]["f1"]["value"] != pytest.approx(F1)


def test_judge_with_a_scripted_function_model(
    data: Path, predictions: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def respond(messages: list[Any], info: AgentInfo) -> ModelResponse:
        text = prompt_text(messages)
        seen.append(text)
        return ModelResponse(
            parts=[ToolCallPart(tool_name=info.output_tools[0].name, args=judge_answer(text))]
        )

    monkeypatch.setattr("openpcf.llm.models.build_model", lambda spec, **kw: FunctionModel(respond))
    out = tmp_path / "scores.json"
    r = score(data, predictions, "--aligner", "judge:anthropic:claude-sonnet-4-5", "--json", str(out))
    assert r.exit_code == 0, r.output
    assert len(seen) == 2
    assert json.loads(out.read_text())["metrics"]["f1"]["value"] == pytest.approx(F1)


def test_judge_without_a_key_is_a_one_line_error(
    data: Path, predictions: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    r = score(data, predictions, "--aligner", JUDGE)
    assert r.exit_code == 2
    assert "openai needs the environment variable OPENAI_API_KEY" in r.output and "Traceback" not in r.output


def test_judge_names_are_checked(data: Path, predictions: Path) -> None:
    from openpcf.systems.registry import aligner_for as get_aligner
    from openpcf.systems.registry import aligner_names

    assert "judge:ARG" in aligner_names()
    with pytest.raises(ValueError, match=r"needs an argument: judge:ARG"):
        get_aligner("judge:")
    r = score(data, predictions, "--aligner", "judge:nonsense-provider:x")
    assert r.exit_code == 2 and "unknown model 'nonsense-provider:x'" in r.output
    r = score(data, predictions, "--aligner", "oracle")
    assert r.exit_code == 2 and "unknown aligner 'oracle'" in r.output


def test_other_tasks_build_no_judge(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    preds = tmp_path / "epd.jsonl"
    preds.write_text(
        "".join(json.dumps({"id": i, "output": {"kgco2e": 12.0}}) + "\n" for i in ("p1", "p2", "p3"))
    )
    r = CliRunner().invoke(
        app, ["score", "--task", "epd", "--data", str(data), "--predictions", str(preds), "--aligner", JUDGE]
    )
    assert r.exit_code == 0, r.output


def test_the_judge_is_imported_only_when_asked_for() -> None:
    code = (
        "import sys\n"
        "from openpcf.pcfbench.alignment import get_aligner, aligner_names\n"
        "aligner_names(); get_aligner('offline')\n"
        "print('openpcf.systems.model.judge' in sys.modules, 'openpcf.llm.guarded_model' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_library_scoring_with_the_judge_keeps_one_event_loop(
    data: Path, predictions: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``score(..., aligner=get_aligner("judge:…"))`` without a prefetch: one synchronous call per item, all
    on the judge's own event loop (its HTTP client would break on a second loop)."""
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.pcfbench.predictions import read_predictions
    from openpcf.pcfbench.scoring import score as score_rows
    from openpcf.systems.registry import aligner_for as get_aligner

    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    with StubServer(stub) as server:
        aligner = get_aligner(JUDGE, base_url=server.base_url)
        rows = BenchmarkFolder(data).rows("decomposition")
        result = score_rows("decomposition", rows, read_predictions(predictions), aligner=aligner)
        assert server.count == 2
    assert result.metrics["f1"].value == pytest.approx(F1)
    assert result.aligner == "llm-judge:openai:gpt-4o-mini"
