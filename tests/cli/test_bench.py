"""``openpcf bench``: run selection, the leaderboard beside the published results, and a tiny end-to-end run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openpcf.cli.bench import BENCH_RUNS, bench_leaderboard, run_bench, select_runs
from openpcf.pcfbench.run_log.summary import RunSummary
from tests.support.picklists import write_picklist


def test_run_selection() -> None:
    assert len(select_runs(None)) == len(BENCH_RUNS) == 10
    assert [r[0] for r in select_runs(["epd"])] == [
        "epd_name_only",
        "epd_with_description",
        "epd_with_composition",
        "epd_with_region",
    ]
    assert select_runs(["mapping", "epd_with_region"]) == [
        ("mapping", "mapping", None),
        ("epd_with_region", "epd", "epd_with_region"),
    ]
    with pytest.raises(ValueError, match="unknown task"):
        select_runs(["poetry"])


def test_bench_leaderboard_row_and_markdown() -> None:
    summaries = {"triage": RunSummary.model_validate(
        {"task": "triage", "n_items": 80, "metrics": {"accuracy": {"value": 0.75, "ci": [0.65, 0.84], "n": 80}}})}
    board, text = bench_leaderboard("offline", summaries, data_label="dev")
    assert board["this_run"]["triage_accuracy"] == {"value": 0.75, "ci": [0.65, 0.84], "n": 80}
    assert board["this_run"]["mapping_exact_match"] is None
    assert len(board["columns"]) == 8 and len(board["published"]) == 8
    assert "| **offline** (dev) | – | 0.750 [0.65, 0.84] | – |" in text
    assert "| GPT-5.5 (published) | 0.734 | 0.675 | 0.798 |" in text


def _jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_offline_bench_end_to_end_on_a_tiny_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    write_picklist(data / "ecoinvent_picklist.jsonl", [
        ("electricity, low voltage", "Electricity at low voltage."),
        ("polyethylene terephthalate, granulate, amorphous", "PET granulate."),
        ("waste polyethylene terephthalate", "'waste polyethylene terephthalate' is a solid waste under the category of municipal wastes."),
    ])  # fmt: skip
    _jsonl(data / "task3_mapping.jsonl", [
        {"id": "m1", "input": {"material_name": "PET granulate"}, "expected_output": {"options": ["polyethylene terephthalate, granulate, amorphous"]},
         "metadata": {"product_category": "Paper and plastic products", "vagueness_severity": 1}},
        {"id": "m2", "input": {"material_name": "grid electricity"}, "expected_output": {"options": ["electricity, low voltage"]},
         "metadata": {"product_category": "Energy", "vagueness_severity": 1}},
    ])  # fmt: skip
    _jsonl(data / "task2_triage.jsonl", [
        {"id": "t1", "input": {"market": {"name": "Market for Electricity", "description": "grid power"}, "material_context_data": {}},
         "expected_output": {"should_map": True}, "metadata": {"product_category": "Energy"}},
    ])  # fmt: skip
    out = tmp_path / "out"
    board = run_bench(
        "offline", data, out, tasks=["mapping", "triage"], progress=False, solver_options={"dense": False}
    )
    assert board["this_run"]["mapping_exact_match"]["value"] == 1.0
    assert board["this_run"]["triage_accuracy"]["value"] == 1.0
    for name in ("leaderboard.md", "leaderboard.json", "details.md", "details.json"):
        assert (out / name).is_file()
    assert (out / "mapping" / "results.jsonl").is_file() and (out / "triage" / "summary.json").is_file()
    assert "## mapping" in (out / "details.md").read_text()
    assert any("cross-validated accuracy" in n for n in board["notes"])
    assert "in-sample" in (out / "leaderboard.md").read_text()
    # every run folder carries the scorer's per-item scores (the report reads them, never scores again)
    scores = [json.loads(line) for line in (out / "mapping" / "scores.jsonl").read_text().splitlines()]
    assert [(s["id"], s["scores"]["exact_match"]) for s in scores] == [("m1", 1.0), ("m2", 1.0)]
    with pytest.raises(ValueError, match="no file for epd"):
        run_bench("offline", data, out, tasks=["epd"], progress=False)


def test_openpcf_run_offline_gets_the_folders_picklist(tmp_path: Path) -> None:
    """``openpcf run mapping --model offline`` builds the offline solver with the data folder's picklist."""
    import asyncio

    from openpcf.runner.session import RunOptions, run_benchmark
    from openpcf.systems.registry import solver_for

    data = tmp_path / "data"
    data.mkdir()
    write_picklist(
        data / "ecoinvent_picklist.jsonl",
        [("glucose", "Dextrose sugar."), ("waste glucose", "'waste glucose' is a waste.")],
    )
    _jsonl(data / "task3_mapping.jsonl", [
        {"id": "m1", "input": {"material_name": "glucose syrup"}, "expected_output": {"options": ["glucose"]},
         "metadata": {"product_category": "Food & beverages", "vagueness_severity": 1}},
    ])  # fmt: skip
    opts = RunOptions(task="mapping", model="offline", data_dir=data, out_dir=tmp_path / "run")
    solver, hashes = solver_for("mapping", "offline", opts, picklist=data / "ecoinvent_picklist.jsonl")
    asyncio.run(run_benchmark(opts, solver, prompt_hashes=hashes))
    line = json.loads((tmp_path / "run" / "results.jsonl").read_text().splitlines()[0])
    assert line["output"]["reference_product"] == "glucose"


def test_run_bench_and_demo_with_an_existing_file_as_out_are_one_line_errors(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from openpcf.cli import app

    afile = tmp_path / "afile"
    afile.write_text("x\n")
    for args in (["run", "epd", "--model", "offline", "--data", str(tmp_path), "--out", str(afile)],
                 ["bench", "--model", "offline", "--data", str(tmp_path), "--out", str(afile)],
                 ["demo", "--out", str(afile)]):
        res = CliRunner().invoke(app, args)  # was a FileExistsError traceback from mkdir
        assert res.exit_code == 2 and "exists and is not a folder" in res.output, args
        assert res.exception is None or isinstance(res.exception, SystemExit)
