"""The ``openpcf search`` CLI contract: single query (table / --json) and batch mode with resume."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from openpcf.cli import app
from tests.support.picklists import PICKLIST_ROWS, write_jsonl

runner = CliRunner()


def test_single_query_json_uses_picklist_ids_and_reference_products(tmp_path: Path) -> None:
    catalog = write_jsonl(tmp_path / "picklist.jsonl", PICKLIST_ROWS)
    result = runner.invoke(app, ["search", "HDPE granulate", "--catalog", str(catalog), "--method", "bm25",
                                 "-k", "2", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["results"][0]["id"] == "a_1"
    assert payload["results"][0]["name"] == "polyethylene, high density, granulate"
    assert [r["id"] for r in payload["results"]] == ["a_1", "a_3"]  # a_3 shares only "high" (HDPE expanded)
    table = runner.invoke(app, ["search", "electricity", "--catalog", str(catalog), "--method", "bm25"])
    assert table.exit_code == 0 and "electricity, low voltage" in table.output


def test_batch_mode_filters_and_resume(tmp_path: Path) -> None:
    catalog = write_jsonl(tmp_path / "picklist.jsonl", PICKLIST_ROWS)
    queries = write_jsonl(tmp_path / "q.jsonl", [
        {"id": "1", "query": "natural gas heat"},
        {"id": "2", "query": "natural gas heat", "filters": {"unit": "MJ"}},
    ])
    out = tmp_path / "r.jsonl"
    args = ["search", "--catalog", str(catalog), "--queries", str(queries), "--out", str(out), "--method", "bm25"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["id"] for line in lines] == ["1", "2"]
    assert {r["id"] for r in lines[0]["results"]} == {"a_3", "a_4"}
    assert [r["id"] for r in lines[1]["results"]] == ["a_4"]
    assert set(lines[1]["results"][0]) == {"id", "name", "score"}
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "2 already there" in " ".join(again.output.split())
    assert len(out.read_text().splitlines()) == 2


def test_bad_input_gets_one_line_errors(tmp_path: Path) -> None:
    catalog = write_jsonl(tmp_path / "picklist.jsonl", PICKLIST_ROWS)
    bad = write_jsonl(tmp_path / "q.jsonl", [{"id": "1", "query": "x"}, {"id": "2", "text": "y"}])
    result = runner.invoke(app, ["search", "--catalog", str(catalog), "--queries", str(bad), "--out",
                                 str(tmp_path / "r.jsonl")])
    assert result.exit_code == 2 and "q.jsonl:2: missing field 'query'" in result.output
    bad = write_jsonl(tmp_path / "q.jsonl", [{"id": "1", "query": "x", "filters": {"colour": "red"}}])
    result = runner.invoke(app, ["search", "--catalog", str(catalog), "--queries", str(bad), "--out",
                                 str(tmp_path / "r.jsonl")])
    assert result.exit_code == 2 and "filters.colour" in result.output
    broken = write_jsonl(tmp_path / "broken.jsonl", [PICKLIST_ROWS[0], "{oops"])
    result = runner.invoke(app, ["search", "x", "--catalog", str(broken), "--method", "bm25"])
    assert result.exit_code == 2 and "broken.jsonl:2" in result.output and "--skip-malformed" in result.output
    result = runner.invoke(app, ["search", "x", "--catalog", str(broken), "--method", "bm25", "--skip-malformed"])
    assert result.exit_code == 0 and "skipped" in result.output
    result = runner.invoke(app, ["search", "x", "--catalog", str(tmp_path / "none.jsonl"), "--method", "bm25"])
    assert result.exit_code == 2 and "none.jsonl: no such file" in result.output
    assert "--skip-malformed" not in result.output  # the hint is for bad records, not a missing file
    result = runner.invoke(app, ["search", "x", "--catalog", str(catalog), "--method", "magic"])
    assert result.exit_code == 2 and "--method must be one of" in result.output
