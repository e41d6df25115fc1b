"""Prompt size per mapping item: single-shot (whole picklist in the prompt) vs agentic (search/inspect tools).

Runs ``openpcf``'s mapping solvers through the real HTTP client against the loopback stub server and counts
the characters each item sends: every message of every request (system, user, assistant tool calls, tool
results) plus the tool definitions. The agentic stub plays an agent that makes S searches (keyword mode,
over the real picklist through openpcf's search) and then answers; S = 1, 3, 5, 8 bracket typical behaviour
(the budget allows up to 19). Needs ../shared (the real 2,574-row picklist and the dev mapping items).

Usage: python benchmarks/runner_prompt_size.py [--items 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from openai_stub import Reply, StubServer, output_tool


def request_chars(request: dict[str, Any]) -> int:
    total = len(json.dumps(request.get("tools", []), ensure_ascii=False))
    for m in request.get("messages", []):
        content = m.get("content")
        if isinstance(content, str):
            total += len(content)
        elif isinstance(content, list):
            total += sum(len(c.get("text", "")) for c in content if isinstance(c, dict))
        for call in m.get("tool_calls") or []:
            total += len(call["function"]["arguments"])
    return total


def per_item(requests: list[dict[str, Any]]) -> list[int]:
    """Characters per item (sequential run: a request without tool messages starts a new item)."""
    items: list[int] = []
    for q in requests:
        if not any(m.get("role") == "tool" for m in q.get("messages", [])):
            items.append(0)
        items[-1] += request_chars(q)
    return items


def agent_script(searches: int):
    def script(request: dict[str, Any], n: int) -> Reply:
        done = sum(1 for m in request["messages"] if m.get("role") == "tool")
        user = next(m["content"] for m in request["messages"] if m["role"] == "user")
        material = user.splitlines()[0].removeprefix("Material: ")
        if done < searches and any(t["function"]["name"] == "search" for t in request.get("tools", [])):
            words = material.split()
            query = " ".join(words[: max(1, len(words) - done)])  # an agent narrowing its query
            return Reply(tool="search", arguments=json.dumps({"query": query, "mode": "keyword"}))
        return Reply(
            tool=output_tool(request),
            arguments=json.dumps({"reference_product": material, "confidence": 0.5}),
        )

    return script


async def run(data: Path, out: Path, base_url: str, agentic: bool) -> None:
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.runner.session import RunOptions, run_benchmark
    from openpcf.systems.registry import solver_for

    opts = RunOptions(
        task="mapping",
        model="openai:gpt-4o-mini",
        base_url=base_url,
        data_dir=data,
        out_dir=out,
        concurrency=1,
        agentic=agentic,
        cache=False,
    )
    solver, hashes = solver_for("mapping", opts.model, opts, picklist=BenchmarkFolder(data).picklist_path())
    await run_benchmark(opts, solver, prompt_hashes=hashes)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=20)
    args = ap.parse_args()
    shared = ROOT.parent / "shared" / "data"
    picklist = shared / "picklist" / "ecoinvent_picklist.jsonl"
    mapping = shared / "pcfbench-dev" / "task3_mapping.jsonl"
    if not picklist.is_file() or not mapping.is_file():
        sys.exit("needs ../shared/data (picklist and pcfbench-dev)")
    os.environ.setdefault("OPENAI_API_KEY", "sk-dummy-for-loopback")

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        (data / "ecoinvent_picklist.jsonl").symlink_to(picklist)
        lines = mapping.read_text(encoding="utf-8").splitlines()[: args.items]
        (data / "task3_mapping.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        n = len(lines)

        def single(request: dict[str, Any], k: int) -> Reply:
            return Reply(
                tool=output_tool(request), arguments=json.dumps({"reference_product": "x", "confidence": 0.5})
            )

        rows = []
        with StubServer(single) as server:
            asyncio.run(run(data, Path(tmp) / "single", server.base_url, agentic=False))
            sizes = per_item(server.requests)
            rows.append(("single-shot (whole picklist)", 1.0, sizes))
        for s in (1, 3, 5, 8):
            with StubServer(agent_script(s)) as server:
                asyncio.run(run(data, Path(tmp) / f"agentic{s}", server.base_url, agentic=True))
                sizes = per_item(server.requests)
                rows.append((f"agentic, {s} search(es)", len(server.requests) / n, sizes))

    print(
        f"mapping, {n} dev items, real picklist ({picklist.name}); characters sent per item (median, min-max):"
    )
    base = statistics.median(rows[0][2])
    for label, calls, sizes in rows:
        med = statistics.median(sizes)
        print(
            f"  {label:32s} {med:9,.0f} chars (~{med / 4:7,.0f} tokens)  [{min(sizes):,}-{max(sizes):,}]  "
            f"{calls:.1f} calls/item  {med / base:6.1%} of single-shot"
        )


if __name__ == "__main__":
    main()
