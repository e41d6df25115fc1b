"""Extraction rows may name a document file instead of carrying its text (issue: documents as users have them)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.pcfbench.data import DataError, read_task


def _folder(root: Path, document_path: str) -> Path:
    root.mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "docs" / "frame.md").write_text(
        "# Invented frame datasheet\n\nThe frame contains 35 % recycled aluminium by mass.\n", encoding="utf-8")
    row = {"id": "d1", "input": {"query": "What share of recycled aluminium does the frame contain?",
                                 "document_path": document_path},
           "expected_output": {"claims": [{"value": 35, "unit": "%"}]}, "metadata": {}}
    (root / "task4_extraction_material.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    return root


def test_a_document_path_is_read_relative_to_the_data_folder(tmp_path: Path) -> None:
    data = _folder(tmp_path / "data", "docs/frame.md")
    [row] = read_task(data / "task4_extraction_material.jsonl", "extraction_material")
    assert "35 % recycled aluminium" in row.input.document_text
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["run", "extraction_material", "--model", "offline", "--data", str(data),
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    line = json.loads((out / "results.jsonl").read_text().splitlines()[0])
    assert [(c["value"], c["unit"]) for c in line["output"]["claims"]] == [(35.0, "%")]


def test_a_missing_document_is_one_error_naming_file_line_and_field(tmp_path: Path) -> None:
    data = _folder(tmp_path / "data", "docs/absent.pdf")
    try:
        read_task(data / "task4_extraction_material.jsonl", "extraction_material")
    except DataError as exc:
        message = str(exc)
    else:
        raise AssertionError("a missing document must be an error")
    assert "task4_extraction_material.jsonl" in message and ":1" in message and "document_path" in message
    r = CliRunner().invoke(app, ["run", "extraction_material", "--model", "offline", "--data", str(data),
                                 "--out", str(tmp_path / "run")])
    assert r.exit_code != 0 and "Traceback" not in r.output and "absent.pdf" in r.output
