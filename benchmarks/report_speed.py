"""How fast the reports are built and open in a real browser.

Builds a synthetic PCFBench-shaped data folder (N epd items with descriptions and categories) and RUNDIRs
of several systems (no real data: seeded random predictions around the truth), then measures, as the
median of several repetitions:

- build: reading the RUNDIRs (scored by openpcf.pcfbench.scoring) and rendering the HTML;
- open:  headless Chromium, from Page.navigate to the page's script having run (``data-ready``),
         in a fresh tab each time;
- item:  from clicking an item in the item browser to its detail being shown.

Usage: ``python benchmarks/report_speed.py [--items 175] [--runs 3] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from openpcf.report.benchmark_report import write_benchmark_report
from openpcf.report.benchmark_view import load_benchmark
from openpcf.runner.session import rescore

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test-only browser driver lives in tests/support
from tests.support.browser import HeadlessChromium, find_chromium  # noqa: E402

CATEGORIES = ["Basic metals", "Glass products", "Chemical products", "Textiles", "Paper and plastic products",
              "Construction products", "Food & beverages"]


def build_fixture(root: Path, n_items: int, n_runs: int, seed: int = 1) -> list[Path]:
    rng = random.Random(seed)
    data = root / "data"
    data.mkdir(parents=True)
    truth = {}
    with (data / "task7_epd.jsonl").open("w", encoding="utf-8") as fh:
        for i in range(n_items):
            kg = 10 ** rng.uniform(-1.5, 2.5)
            truth[f"item{i:04d}"] = kg
            fh.write(json.dumps({
                "id": f"item{i:04d}",
                "input": {"product_name": f"Product {i}", "quantity_unit": "kilogram",
                          "description": " ".join(rng.choice(["steel", "resin", "glass", "fibre", "coated", "recycled",
                                                              "industrial", "panel", "board", "granulate"])
                                                  for _ in range(60))},
                "expected_output": {"kgco2e": round(kg, 4)},
                "metadata": {"product_category": rng.choice(CATEGORIES)},
            }) + "\n")
    runs = []
    for r in range(n_runs):
        run = root / "runs" / f"system{r}"
        run.mkdir(parents=True)
        spread = 0.2 + 0.15 * r
        with (run / "results.jsonl").open("w", encoding="utf-8") as fh:
            for item_id, kg in truth.items():
                line = {"id": item_id, "output": {"kgco2e": kg * 10 ** rng.gauss(0, spread)},
                        "usage": {"input_tokens": 900, "output_tokens": 40, "requests": 1, "cost_usd": 0.001 * (r + 1)}}
                if rng.random() < 0.02:
                    line = {"id": item_id, "output": None, "error": "timeout"}
                fh.write(json.dumps(line) + "\n")
        (run / "manifest.json").write_text(json.dumps({
            "task": "epd", "setting": "epd_with_description", "model": f"test:system-{r}",
            "options": {"data_dir": str(data)}}), encoding="utf-8")
        asyncio.run(rescore(run))  # summary.json + scores.jsonl, as a run writes them (the report only reads)
        runs.append(run)
    return runs


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=175)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build_fixture(root, args.items, args.runs)
        out = root / "report.html"
        build = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            view = load_benchmark([root / "runs"])
            write_benchmark_report(view, out)
            build.append(time.perf_counter() - t0)
        size_kb = out.stat().st_size / 1024
        print(f"{args.items} items × {args.runs} runs (epd); HTML {size_kb:.0f} KB")
        print(f"build (read + score + render): {median_ms(build)}")
        if find_chromium() is None:
            print("open: skipped (chromium not found)")
            return 0
        opens, items, paints = [], [], []
        with HeadlessChromium() as browser:
            for k in range(args.repeat + 1):
                page = browser.new_page(1280, 800)
                t0 = time.perf_counter()
                page.navigate(out.as_uri())
                while page.evaluate("document.documentElement.dataset.ready") != "1":
                    time.sleep(0.005)
                elapsed = time.perf_counter() - t0
                if page.errors():
                    print(f"console errors: {page.errors()}")
                    return 1
                item_id = f"item{(k * 37) % args.items:04d}"
                t1 = time.perf_counter()
                page.click(f"#ib-rows tr[data-id='{item_id}']")
                while page.evaluate(f"(document.getElementById('ib-item') || {{dataset: {{}}}}).dataset.id === '{item_id}'") is not True:
                    time.sleep(0.005)
                fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
                if k > 0:  # the first open warms Chromium up (process start, fonts)
                    opens.append(elapsed)
                    if fcp is not None:
                        paints.append(fcp / 1000)
                    items.append(time.perf_counter() - t1)
                page.send("Page.close")
        print(f"open in Chromium (navigate → script ready), 1280×800: {median_ms(opens)}")
        if paints:
            print(f"first contentful paint (browser's own timing): {median_ms(paints)}")
        print(f"open an item in the item browser (click → detail): {median_ms(items)}")
        print("target: a 175-item report opens in under 1 s —", "met" if statistics.median(opens) < 1.0 else "MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
