"""Runner speed against the loopback stub server (tests/openai_stub.py); no traffic leaves 127.0.0.1.

1. Overhead per item with a zero-latency server, concurrency 1: openpcf time = wall time of the item loop
   minus the time spent inside model requests (pydantic-ai's model class + the OpenAI SDK + HTTP + server),
   as booked by the runner's own meter. Target: < 5 ms per item.
2. 200 items, concurrency 16, a server that answers each request after 200 ms. Target: < 5 s
   (ideal 200 / 16 x 0.2 s = 2.5 s).

Usage: python benchmarks/runner_overhead.py [--items 200] [--repeats 5]
Prints the median (and min/max) over the repeats. Cache off in (1)'s timed loop would hide the cache's
cost, so the cache is ON and empty (every item is a miss + a write), which is the realistic first run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_epd_items(folder: Path, n: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = [
        {
            "id": f"p{i:04d}",
            "input": {
                "product_name": f"Invented product {i}",
                "description": "A test item",
                "quantity_unit": "1 kg",
            },
            "expected_output": {"kgco2e": 1.0 + i % 7},
            "metadata": {"product_category": "test"},
        }
        for i in range(n)
    ]
    (folder / "task7_epd.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


@contextmanager
def stub_process(delay: float) -> Iterator[str]:
    """The stub server in its own process (so it does not compete with the runner for the GIL)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "openai_stub.py"), "--delay", str(delay)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        yield proc.stdout.readline().strip()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class Clock:
    """Progress sink that timestamps the item loop and sums model time per item."""

    def __init__(self) -> None:
        self.t0 = self.t1 = self.c0 = self.c1 = 0.0
        self.model_seconds = self.model_cpu = 0.0

    def start(self, total: int, done: int) -> None:
        self.t0, self.c0 = time.perf_counter(), time.thread_time()

    def advance(self, pred, meter, totals) -> None:
        self.model_seconds += meter.model_seconds
        self.model_cpu += meter.model_cpu_seconds

    def stop(self) -> None:
        self.t1, self.c1 = time.perf_counter(), time.thread_time()


async def one_run(data: Path, out: Path, base_url: str, concurrency: int) -> tuple[Clock, float, float]:
    from openpcf.llm.retry import RetryPolicy
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.runner.session import RunOptions, run_benchmark
    from openpcf.systems.registry import solver_for

    clock = Clock()
    opts = RunOptions(
        task="epd",
        model="openai:gpt-4o-mini",
        base_url=base_url,
        data_dir=data,
        out_dir=out,
        concurrency=concurrency,
        retry=RetryPolicy(base_delay=0.01),
    )
    t, cpu = time.perf_counter(), time.process_time()
    solver, hashes = solver_for("epd", opts.model, opts, setting="epd_with_description",
                                picklist=BenchmarkFolder(data).picklist_path())
    await run_benchmark(opts, solver, prompt_hashes=hashes, progress=clock)  # type: ignore[arg-type]
    return clock, time.perf_counter() - t, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "sk-dummy-for-loopback")

    with tempfile.TemporaryDirectory() as tmp:
        data = write_epd_items(Path(tmp) / "data", args.items)
        # 1. overhead, zero latency, concurrency 1
        per_item, model_per_item, loop_per_item, cpu_per_item, model_cpu_per_item = [], [], [], [], []
        with stub_process(0.0) as base_url:
            for r in range(args.repeats + 1):
                os.environ["OPENPCF_CACHE_DIR"] = str(Path(tmp) / f"cache-a{r}")
                clock, _, _ = asyncio.run(one_run(data, Path(tmp) / f"a{r}", base_url, 1))
                if r == 0:
                    continue  # warm-up (imports, first connection)
                loop = clock.t1 - clock.t0
                loop_per_item.append(loop / args.items * 1000)
                model_per_item.append(clock.model_seconds / args.items * 1000)
                per_item.append((loop - clock.model_seconds) / args.items * 1000)
                cpu_per_item.append((clock.c1 - clock.c0 - clock.model_cpu) / args.items * 1000)
                model_cpu_per_item.append(clock.model_cpu / args.items * 1000)
        print(f"overhead, zero-latency server, {args.items} items, concurrency 1, {args.repeats} runs:")
        print(f"  item loop      {statistics.median(loop_per_item):6.2f} ms/item (median)")
        print(
            f"  model request  {statistics.median(model_per_item):6.2f} ms/item (pydantic-ai model + OpenAI SDK + HTTP + stub)"
        )
        print(
            f"  openpcf time   {statistics.median(per_item):6.2f} ms/item wall (median; min {min(per_item):.2f}, max {max(per_item):.2f}); target < 5"
        )
        print(
            f"  openpcf CPU    {statistics.median(cpu_per_item):6.2f} ms/item (median; min {min(cpu_per_item):.2f}, max {max(cpu_per_item):.2f}; "
            f"model request CPU {statistics.median(model_cpu_per_item):.2f} ms/item; CPU time is not inflated by other processes)"
        )
        print(f"  machine load   {os.getloadavg()[0]:.1f} (1-min load average on {os.cpu_count()} cores)")

        # 2. concurrency 16, 200 ms server
        walls, loops, cpus = [], [], []
        with stub_process(0.2) as base_url:
            for r in range(args.repeats):
                os.environ["OPENPCF_CACHE_DIR"] = str(Path(tmp) / f"cache-b{r}")
                clock, wall, cpu = asyncio.run(one_run(data, Path(tmp) / f"b{r}", base_url, 16))
                walls.append(wall)
                cpus.append(cpu)
                loops.append(clock.t1 - clock.t0)
        ideal = args.items / 16 * 0.2
        print(f"{args.items} items, concurrency 16, 200 ms server, {args.repeats} runs:")
        print(
            f"  item loop      {statistics.median(loops):6.2f} s (median; min {min(loops):.2f}, max {max(loops):.2f}); ideal {ideal:.2f} s"
        )
        print(
            f"  whole run      {statistics.median(walls):6.2f} s (with manifest, scoring, summary); target < 5"
        )
        print(
            f"  runner CPU     {statistics.median(cpus):6.2f} s (process time of the whole run; the rest is waiting)"
        )
        print(f"  machine load   {os.getloadavg()[0]:.1f} (1-min load average on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
