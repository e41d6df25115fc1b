"""Reading PCFBench folders and predictions: typed rows, located errors, validation, id alignment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.pcfbench.data import TASK_FILES, BenchmarkFolder, DataError, read_task
from openpcf.pcfbench.predictions import Prediction, align, parse_output, read_predictions
from openpcf.pcfbench.validation import task_of_predictions, validate_folder, validate_predictions

MINI = Path(__file__).resolve().parents[2] / "examples" / "pcfbench-mini"


def _write(path: Path, rows: list[object]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


EPD_ROW = {
    "id": "e1",
    "input": {"product_name": "Tile", "quantity_unit": "kilogram", "source_url": "x"},
    "expected_output": {"kgco2e": 0.6},
    "metadata": {"product_category": "Construction products", "curator": "kept"},
}


def test_rows_are_typed_and_keep_extra_fields(tmp_path):
    row = dict(EPD_ROW, extra_top="kept too")
    rows = read_task(_write(tmp_path / "task7_epd.jsonl", [row]), "epd")
    assert rows[0].expected_output.kgco2e == 0.6
    assert rows[0].category == "Construction products"
    dumped = rows[0].model_dump()
    assert dumped["extra_top"] == "kept too" and dumped["metadata"]["curator"] == "kept"


def test_missing_field_error_names_file_line_and_field(tmp_path):
    bad = json.loads(json.dumps(EPD_ROW))
    del bad["expected_output"]["kgco2e"]
    path = _write(tmp_path / "task7_epd.jsonl", [EPD_ROW | {"id": "ok"}, bad])
    with pytest.raises(DataError) as exc:
        read_task(path, "epd")
    problem = exc.value.problems[0]
    assert (Path(problem.file).name, problem.line, problem.field) == ("task7_epd.jsonl", 2, "expected_output.kgco2e")


def test_collect_reports_every_problem_of_a_file(tmp_path):
    nan_row = json.loads(json.dumps(EPD_ROW)) | {"id": "e2"}
    nan_row["expected_output"]["kgco2e"] = float("nan")
    path = _write(tmp_path / "task7_epd.jsonl", [EPD_ROW, "{not json", EPD_ROW, json.dumps(nan_row)])
    with pytest.raises(DataError) as exc:
        read_task(path, "epd", collect=True)
    found = [(p.line, p.field) for p in exc.value.problems]
    assert found == [(2, ""), (3, "id"), (4, "expected_output.kgco2e")]
    assert "duplicate id 'e1' (first on line 1)" in str(exc.value.problems[1])


def test_validate_folder_reports_missing_files_and_bad_lines(tmp_path):
    _write(tmp_path / "task7_epd.jsonl", [EPD_ROW, "[1, 2]"])
    problems = validate_folder(tmp_path)
    messages = [str(p) for p in problems]
    assert any("task7_epd.jsonl:2" in s and "expected a JSON object" in s for s in messages)
    missing = {Path(p.file).name for p in problems if p.message == "missing"}
    assert missing == set(TASK_FILES.values()) - {"task7_epd.jsonl"} | {"ecoinvent_picklist.jsonl"}


def test_example_folder_is_valid():
    assert validate_folder(MINI) == []
    assert len(BenchmarkFolder(MINI).rows("compositional")) == 4


def test_cli_validate_exit_codes(tmp_path):
    runner = CliRunner()
    ok = runner.invoke(app, ["validate", str(MINI)])
    assert ok.exit_code == 0, ok.output
    _write(tmp_path / "task7_epd.jsonl", [EPD_ROW, "{oops"])
    bad = runner.invoke(app, ["validate", str(tmp_path)])
    assert bad.exit_code == 1
    assert "task7_epd.jsonl:2" in bad.output and "problem(s)" in bad.output


def test_cli_validate_checks_a_predictions_file(tmp_path):
    preds = _write(
        tmp_path / "epd__x.jsonl",
        [{"id": "mini-p1", "output": {"kgco2e": "lots"}}, {"id": "nope", "output": {"kgco2e": 1}}],
    )
    result = CliRunner().invoke(app, ["validate", str(MINI), "--predictions", str(preds)])
    assert result.exit_code == 1
    assert "epd__x.jsonl:1" in result.output and "unknown id 'nope'" in result.output
    assert "no prediction for item 'mini-p4'" in result.output


def test_task_of_predictions_spec():
    assert task_of_predictions("epd=out/run.jsonl") == ("epd", Path("out/run.jsonl"))
    assert task_of_predictions("x/extraction_energy__gpt.jsonl")[0] == "extraction_energy"
    with pytest.raises(ValueError, match="TASK=FILE"):
        task_of_predictions("results.jsonl")


def test_validate_predictions_duplicate_and_schema(tmp_path):
    path = _write(
        tmp_path / "p.jsonl",
        [{"id": "a", "output": {"should_map": True}}, {"id": "a", "output": {}}, {"id": "b", "output": {}}],
    )
    problems = validate_predictions("triage", path, ["a", "b"])
    assert [(p.line, p.field) for p in problems] == [(2, "id"), (3, "output")]


def test_read_predictions_malformed_line_is_located(tmp_path):
    path = _write(tmp_path / "p.jsonl", [{"id": "a", "output": {}}, "{bad"])
    with pytest.raises(DataError, match=r"p\.jsonl:2"):
        read_predictions(path)


def test_align_reports_unknown_duplicate_and_missing():
    preds = [Prediction(id="a"), Prediction(id="zz"), Prediction(id="a", output={"x": 1})]
    al = align(preds, ["a", "b"])
    assert al.unknown_ids == ["zz"] and al.duplicate_ids == ["a"] and al.missing_ids == ["b"]
    assert al.by_id["a"].output is None  # first line kept
    assert len(al.warnings()) == 3


def test_parse_output_failure_reason_and_nan_claim_kept():
    parsed, reason = parse_output("triage", {"should_map": "perhaps"})
    assert parsed is None and "should_map" in reason
    parsed, reason = parse_output("extraction_material", {"claims": [{"value": float("nan"), "unit": "%"}]})
    assert reason is None and len(parsed.claims) == 1
