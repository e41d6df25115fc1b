"""``openpcf run`` end to end through the real OpenAI client against a scripted server on 127.0.0.1.

Every task and setting, tool-call answers, 429 + Retry-After, 500, timeouts, malformed tool arguments, a
killed run resumed (server requests counted), cache hits on a rerun, and usage/cost adding up.
No traffic leaves loopback; no API key is needed (a dummy one is set).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text
from tests.support.tiny_pcfbench import MAPPING, write_tiny_pcfbench

MODEL = "openai:gpt-4o-mini"  # in the price table: $0.15 / $0.60 per 1M tokens
FAST = ["--backoff", "0.01", "--timeout", "5"]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    loopback_only(monkeypatch)  # loopback traffic must never go through a proxy
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    return write_tiny_pcfbench(tmp_path / "pcfbench")


def answer_for(request: dict[str, Any]) -> dict[str, Any]:
    """A schema-valid answer for whatever task the request is (read from the submit tool's schema)."""
    tool = output_tool(request)
    schema = next(t for t in request["tools"] if t["function"]["name"] == tool)["function"]["parameters"]
    props = schema["properties"]
    if "components" in props:
        return {"components": ["polypropylene", "steel"]}
    if "should_map" in props:
        return {"should_map": True, "confidence": 0.8}
    if "reference_product" in props:
        return {"reference_product": "Polypropylene, Granulate", "confidence": 0.7}
    if "claims" in props:
        return {"claims": [{"value": 35, "unit": "%", "evidence": ["35 % recycled"]}]}
    if "kgco2e" in props:
        return {"kgco2e": 12.0}
    if "groups" in props:
        return {"groups": [{"predicted": [0], "expected": [0]}]}
    raise AssertionError(f"unexpected schema {props}")


def answering(request: dict[str, Any], n: int) -> Reply:
    return Reply(tool=output_tool(request), arguments=json.dumps(answer_for(request)))


def run_cli(*args: str) -> Any:
    result = CliRunner().invoke(app, ["run", *args])
    return result


def results(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def manifest(out: Path) -> dict[str, Any]:
    return json.loads((out / "manifest.json").read_text())


# ------------------------------------------------------------------ every task and setting


@pytest.mark.parametrize(
    ("task", "extra", "n_items", "metric"),
    [
        ("decomposition", [], 3, "f1"),
        ("triage", [], 3, "accuracy"),
        ("mapping", [], 4, "exact_match"),
        ("extraction_material", [], 2, "claim_f1"),
        ("extraction_energy", ["--query-only"], 2, "claim_f1"),
        ("epd", ["--setting", "epd_name_only"], 3, "within_2x"),
        ("epd", ["--setting", "epd_with_description"], 3, "within_2x"),
        ("epd", ["--setting", "epd_with_composition"], 3, "within_2x"),
        ("epd_with_region", [], 3, "within_2x"),
    ],
)
def test_every_task_through_the_http_client(
    data: Path, tmp_path: Path, task: str, extra: list[str], n_items: int, metric: str
) -> None:
    out = tmp_path / "run"
    with StubServer(answering) as server:
        r = run_cli(
            task,
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            *FAST,
            *extra,
        )
        assert r.exit_code == 0, r.output
        assert server.count == n_items
        sent = [user_text(q) for q in server.requests]
    lines = results(out)
    assert len(lines) == n_items and all("error" not in line for line in lines)
    m = manifest(out)
    assert m["totals"]["requests"] == n_items and m["totals"]["failed"] == 0 and m["ended_at"]
    assert m["prompts"] and all(len(h) == 64 for h in m["prompts"].values())
    assert set(m["data"]) >= {json.loads((out / "manifest.json").read_text())["data"].__iter__().__next__()}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n_items"] == n_items and metric in summary["metrics"]
    if task == "mapping":
        # "Polypropylene, Granulate" snapped to the picklist spelling; m1 is the only item it is right for.
        assert lines[0]["output"]["reference_product"] == "polypropylene, granulate"
        assert lines[0]["output"]["raw_reference_product"] == "Polypropylene, Granulate"
        assert summary["metrics"]["exact_match"]["value"] == pytest.approx(0.25)
        assert "cement, Portland" in sent[0]  # the whole picklist is in the prompt
    if "--query-only" in extra:
        assert all("Document:" not in s for s in sent)
    if task.startswith("epd"):
        tile = next(s for s in sent if "Ceramic tile" in s)
        setting = m["setting"]
        assert ("Description: Glazed floor tile" in tile) == (setting != "epd_name_only")
        assert ("Composition: clay: 70%; sand: 30%" in tile) == (
            setting in ("epd_with_composition", "epd_with_region")
        )
        assert ("Geography: ES" in tile) == (setting == "epd_with_region")


@pytest.mark.parametrize("task", ["mapping", "triage"])
def test_agentic_runs_search_the_picklist(data: Path, tmp_path: Path, task: str) -> None:
    def agent(request: dict[str, Any], n: int) -> Reply:
        tool_turns = sum(1 for m in request["messages"] if m["role"] == "tool")
        if tool_turns == 0:
            return Reply(
                tool="search", arguments=json.dumps({"query": "polypropylene granulate", "mode": "keyword"})
            )
        return answering(request, n)

    out = tmp_path / "run"
    with StubServer(agent) as server:
        r = run_cli(
            task,
            "--agentic",
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            *FAST,
        )
        assert r.exit_code == 0, r.output
        n = len(results(out))
        assert server.count == 2 * n  # one search turn + one answer per item
        tool_msg = next(m for q in server.requests for m in q["messages"] if m["role"] == "tool")
        assert "polypropylene, granulate" in tool_msg["content"]  # the real search over the picklist answered
        assert "cement, Portland" not in user_text(server.requests[0])  # no picklist in agentic prompts
    line = results(out)[0]
    assert line["usage"]["requests"] == 2
    assert line["trace"]["tool_calls"] == [
        {"tool": "search", "args": {"query": "polypropylene granulate", "mode": "keyword"}}
    ]


# ------------------------------------------------------------------ faults


FAULT_ITEMS = [
    ("f-429", "RATE-LIMITED material"),
    ("f-500", "SERVER-ERROR material"),
    ("f-slow", "SLOW material"),
    ("f-bad", "MALFORMED material"),
    ("f-down", "ALWAYS-500 material"),
    ("f-ok", "Copper"),
]


def write_fault_items(folder: Path) -> None:
    rows = [
        {
            "id": rid,
            "input": {"material_name": name},
            "expected_output": {"options": ["copper cathode"]},
            "metadata": {},
        }
        for rid, name in FAULT_ITEMS
    ]
    (folder / "task3_mapping.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_faults_are_retried_or_recorded_and_the_run_goes_on(data: Path, tmp_path: Path) -> None:
    write_fault_items(data)
    seen: dict[str, int] = {}
    times: dict[str, list[float]] = {}

    def faulty(request: dict[str, Any], n: int) -> Reply:
        text = user_text(request)
        key = next((name for _, name in FAULT_ITEMS if name in text), "?")
        seen[key] = seen.get(key, 0) + 1
        times.setdefault(key, []).append(time.monotonic())
        first = seen[key] == 1
        if key.startswith("RATE-LIMITED") and first:
            return Reply(status=429, headers={"Retry-After": "0.3"})
        if key.startswith("SERVER-ERROR") and first:
            return Reply(status=500)
        if key.startswith("SLOW") and first:
            return Reply(delay=2.5, tool=output_tool(request), arguments='{"reference_product": "late"}')
        if key.startswith("MALFORMED"):
            return Reply(tool=output_tool(request), arguments='{"reference_product": "copper cath')
        if key.startswith("ALWAYS-500"):
            return Reply(status=500)
        return answering(request, n)

    out = tmp_path / "run"
    with StubServer(faulty) as server:
        r = run_cli(
            "mapping",
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            "--backoff",
            "0.01",
            "--timeout",
            "0.8",
            "--max-attempts",
            "3",
            "--concurrency",
            "3",
        )
        assert r.exit_code == 0, r.output
    by_id = {line["id"]: line for line in results(out)}
    assert set(by_id) == {rid for rid, _ in FAULT_ITEMS}
    for rid in ("f-429", "f-500", "f-slow", "f-ok"):
        assert by_id[rid]["output"]["reference_product"] == "polypropylene, granulate", rid
    assert (
        seen["RATE-LIMITED material"] == 2
        and seen["SERVER-ERROR material"] == 2
        and seen["SLOW material"] == 2
    )
    gap = times["RATE-LIMITED material"][1] - times["RATE-LIMITED material"][0]
    assert gap >= 0.3  # Retry-After honoured (the backoff alone would be ~0.01 s)
    assert by_id["f-429"]["usage"]["failed_attempts"] == 1 and by_id["f-429"]["usage"]["requests"] == 1
    # Malformed tool arguments: pydantic-ai asks the model once to fix them (output retry), then the item fails.
    assert "output" not in by_id["f-bad"] and "UnexpectedModelBehavior" in by_id["f-bad"]["error"]
    assert seen["MALFORMED material"] == 2
    # A server that keeps failing: 3 attempts (SDK retries off, so never 3 x 3), then a recorded failure.
    assert seen["ALWAYS-500 material"] == 3
    assert "HTTP 500" in by_id["f-down"]["error"] and by_id["f-down"]["usage"]["failed_attempts"] == 3
    m = manifest(out)
    assert m["totals"]["failed"] == 2 and m["totals"]["finished"] == 6
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n_failed"] == 2


# ------------------------------------------------------------------ resume, cache, cost


def test_killed_run_resumes_without_repeating_finished_items(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    hang_after = 2

    def first_session(request: dict[str, Any], n: int) -> Reply:
        if n > hang_after:  # the third item never gets its answer: the process is killed meanwhile
            return Reply(delay=20.0, tool=output_tool(request), arguments="{}")
        return answering(request, n)

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with StubServer(first_session) as server:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "openpcf",
                "run",
                "mapping",
                "--model",
                MODEL,
                "--base-url",
                server.base_url,
                "--data",
                str(data),
                "--out",
                str(out),
                "--concurrency",
                "1",
                *FAST,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and server.count <= hang_after:
                time.sleep(0.05)
            assert server.count == hang_after + 1, "the run did not reach the hanging item"
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
    done_before = [line["id"] for line in results(out)]
    assert done_before == ["m1", "m2"]
    assert manifest(out)["ended_at"] is None  # killed: never finished

    with StubServer(answering) as server:
        r = run_cli(
            "mapping",
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            *FAST,
        )
        assert r.exit_code == 0, r.output
        asked = [
            next(mid for mid, inp, _ in MAPPING if inp["material_name"] in user_text(q))
            for q in server.requests
        ]
    assert sorted(asked) == ["m3", "m4"]  # only the unfinished items were sent
    ids = [line["id"] for line in results(out)]
    # the finished lines stay first and untouched; the resumed items finish in any order (concurrency > 1)
    assert ids[:2] == ["m1", "m2"] and sorted(ids[2:]) == ["m3", "m4"]
    m = manifest(out)
    assert m["totals"]["skipped_finished"] == 2 and m["totals"]["finished"] == 4 and len(m["sessions"]) == 2


def test_rerun_hits_the_cache_and_costs_nothing(data: Path, tmp_path: Path) -> None:
    def priced(request: dict[str, Any], n: int) -> Reply:
        reply = answering(request, n)
        reply.prompt_tokens, reply.completion_tokens = 1000, 200
        return reply

    with StubServer(priced) as server:

        def run_epd(out: Path, *extra: str) -> None:
            r = run_cli("epd", "--model", MODEL, "--base-url", server.base_url, "--data", str(data),
                        "--out", str(out), *extra, *FAST)
            assert r.exit_code == 0, r.output

        first, second, third = tmp_path / "first", tmp_path / "second", tmp_path / "third"
        run_epd(first)
        assert server.count == 3
        # Same model, prompts and settings into a new folder: every call is answered from the cache.
        run_epd(second)
        assert server.count == 3
        # Another temperature is another call.
        run_epd(third, "--temperature", "0.5")
        assert server.count == 6

    # Usage and cost: 1,000 input tokens at $0.15/M + 200 output at $0.60/M = $0.00027 per item.
    lines = results(first)
    assert all(line["usage"].pop("model_seconds") > 0 for line in lines)  # wall time inside the calls
    assert all(
        line["usage"]
        == {
            "input_tokens": 1000,
            "output_tokens": 200,
            "requests": 1,
            "cost_usd": pytest.approx(0.00027),
            "cache_hits": 0,
            "failed_attempts": 0,
        }
        for line in lines
    )
    t = manifest(first)["totals"]
    assert (t["input_tokens"], t["output_tokens"], t["requests"]) == (3000, 600, 3)
    assert t["cost_usd"] == pytest.approx(0.00081)
    t2 = manifest(second)["totals"]
    assert (t2["requests"], t2["cache_hits"], t2["cost_usd"], t2["input_tokens"]) == (0, 3, 0.0, 0)
    assert [line["output"] for line in results(second)] == [line["output"] for line in lines]


def test_rescore_needs_no_model_and_judge_is_cached(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with StubServer(answering) as server:
        r = run_cli(
            "decomposition",
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--judge",
            MODEL,
            "--data",
            str(data),
            "--out",
            str(out),
            *FAST,
        )
        assert r.exit_code == 0, r.output
        assert server.count == 6  # 3 items + 3 judge calls
        summary = json.loads((out / "summary.json").read_text())
        assert summary["aligner"] == f"llm-judge:{MODEL}"
        assert summary["judge_usage"]["requests"] == 3 and summary["judge_usage"][
            "cost_usd"
        ] == pytest.approx(3 * 2.7e-05)
        # The judge grouped predicted[0] with expected[0] on every item: P = 1/2, R = 1/2, 1/2, 1/3.
        assert summary["metrics"]["precision"]["value"] == pytest.approx(0.5)
        assert summary["metrics"]["recall"]["value"] == pytest.approx((0.5 + 0.5 + 1 / 3) / 3)
        (out / "summary.json").unlink()
        r = CliRunner().invoke(app, ["rescore", str(out)])
        assert r.exit_code == 0, r.output
        assert server.count == 6  # judge answers came from the cache
    again = json.loads((out / "summary.json").read_text())
    assert again["metrics"] == summary["metrics"]
    assert (again["judge_usage"]["requests"], again["judge_usage"]["cache_hits"]) == (0, 3)


def test_rescore_offline_aligner_without_server(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with StubServer(answering) as server:
        assert (
            run_cli(
                "triage",
                "--model",
                MODEL,
                "--base-url",
                server.base_url,
                "--data",
                str(data),
                "--out",
                str(out),
                *FAST,
            ).exit_code
            == 0
        )
    before = json.loads((out / "summary.json").read_text())
    (out / "summary.json").unlink()
    r = CliRunner().invoke(app, ["rescore", str(out)])  # the server is gone: no model call may be needed
    assert r.exit_code == 0, r.output
    assert json.loads((out / "summary.json").read_text())["metrics"] == before["metrics"]
    # triage answers were all should_map=true; truths are t1 true, t2 false, t3 true.
    assert before["metrics"]["accuracy"]["value"] == pytest.approx(2 / 3)


# ------------------------------------------------------------------ clear errors


def test_a_folder_is_not_reused_for_another_run(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with StubServer(answering) as server:
        assert (
            run_cli(
                "triage",
                "--model",
                MODEL,
                "--base-url",
                server.base_url,
                "--data",
                str(data),
                "--out",
                str(out),
                *FAST,
            ).exit_code
            == 0
        )
        r = run_cli(
            "triage",
            "--model",
            "openai:gpt-4o",
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            *FAST,
        )
    assert r.exit_code == 2
    assert "holds another run (model was 'openai:gpt-4o-mini', now 'openai:gpt-4o')" in " ".join(
        r.output.split()
    )


def test_missing_key_is_one_line_naming_the_variable(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    r = run_cli(
        "triage", "--model", "anthropic:claude-sonnet-4-5", "--data", str(data), "--out", str(tmp_path / "x")
    )
    assert r.exit_code == 2
    assert "ANTHROPIC_API_KEY" in r.output and len(r.output.strip().splitlines()) == 1


def test_ids_limit_and_prompt_override(data: Path, tmp_path: Path) -> None:
    prompts = tmp_path / "paper-prompts"
    prompts.mkdir()
    (prompts / "mapping.user.j2").write_text("PAPER PROMPT: map {{ material_name }}")
    ids = tmp_path / "ids.txt"
    ids.write_text("# two items\nm3\n\nm1\nm4\n")
    out = tmp_path / "run"
    with StubServer(answering) as server:
        r = run_cli(
            "mapping",
            "--model",
            MODEL,
            "--base-url",
            server.base_url,
            "--data",
            str(data),
            "--out",
            str(out),
            "--ids",
            str(ids),
            "--limit",
            "2",
            "--prompts",
            str(prompts),
            *FAST,
        )
        assert r.exit_code == 0, r.output
        sent = sorted(user_text(q).split("\n")[-1] for q in server.requests)
    assert sent == ["PAPER PROMPT: map PP granules", "PAPER PROMPT: map Portland cement"]  # m1 and m3 only
    assert {line["id"] for line in results(out)} == {"m3", "m1"}
    m = manifest(out)
    assert m["options"]["item_ids"] == ["m3", "m1"] and m["prompts_dir"] == str(prompts)
    from openpcf.systems.model.templates import prompt_book

    assert (
        m["prompts"]["mapping.user.j2"]
        == prompt_book(prompts).digest("mapping.user.j2")
        != prompt_book().digest("mapping.user.j2")
    )
    assert json.loads((out / "summary.json").read_text())["n_items"] == 2


def test_offline_system_runs_through_the_runner(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "offline"
    r = run_cli("extraction_material", "--model", "offline", "--data", str(data), "--out", str(out))
    assert r.exit_code == 0, r.output
    lines = results(out)
    assert [line["id"] for line in lines] == ["x1", "x2"] and all(
        "claims" in line["output"] for line in lines
    )
    m = manifest(out)
    assert m["model"] == "offline" and m["totals"]["requests"] == 0 and m["prompts"] == {}
    r = run_cli(
        "mapping", "--model", "offline", "--agentic", "--data", str(data), "--out", str(tmp_path / "x")
    )
    assert r.exit_code == 2 and "--agentic needs a model" in r.output


def test_resume_refuses_changed_data_or_prompts(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "epd.user.j2").write_text("v1 {{ fields['Product'] }}")
    args = ["epd", "--model", MODEL, "--data", str(data), "--out", str(out), "--prompts", str(prompts), *FAST]
    with StubServer(answering) as server:
        assert run_cli(*args, "--base-url", server.base_url, "--limit", "1").exit_code == 0
        (prompts / "epd.user.j2").write_text("v2 {{ fields['Product'] }}")
        r = run_cli(*args, "--base-url", server.base_url)
        assert (
            r.exit_code == 2
            and "the prompt template epd.user.j2 changed since this run started" in " ".join(r.output.split())
        )
        (prompts / "epd.user.j2").write_text("v1 {{ fields['Product'] }}")
        with (data / "task7_epd.jsonl").open("a") as fh:
            fh.write(
                json.dumps(
                    {"id": "p9", "input": {"product_name": "Brick"}, "expected_output": {"kgco2e": 0.2}}
                )
                + "\n"
            )
        r = run_cli(*args, "--base-url", server.base_url)
        assert r.exit_code == 2 and "the data file task7_epd.jsonl changed" in " ".join(r.output.split())
        assert server.count == 1


# ------------------------------------------------------------------ secrets


def test_api_key_never_lands_in_the_run_folder_or_the_cache(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "sk-SECRET-canary-7f3a9c1e"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    out = tmp_path / "run"
    with StubServer(answering) as server:
        r = run_cli("epd", "--model", MODEL, "--base-url", server.base_url, "--data", str(data), "--out", str(out), *FAST)
        assert r.exit_code == 0, r.output
        # the key did reach the server (so the canary is really in play) ...
        assert server.count > 0 and all(a == f"Bearer {secret}" for a in server.authorizations)
    assert secret not in r.output
    # ... but no byte of it is written into the run folder or the response cache
    written = [p for root in (out, tmp_path / "cache") for p in root.rglob("*") if p.is_file()]
    assert any(p.name == "results.jsonl" for p in written) and any(p.is_relative_to(tmp_path / "cache") for p in written)
    for path in written:
        assert secret.encode() not in path.read_bytes(), path
