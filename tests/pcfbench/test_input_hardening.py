"""Issue 12 items 8, 11 and 13 (last part): non-UTF-8 input, the gaps of ``validate``, and a non-object
prediction output in ``score`` — each through the CLI, as a user meets it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openpcf.cli import app

MINI = Path(__file__).resolve().parents[2] / "examples" / "pcfbench-mini"


def _flat(result) -> str:  # type: ignore[no-untyped-def]
    """The output without whitespace (rich wraps long lines at the terminal width)."""
    return "".join(result.output.split())


def _mini(tmp_path: Path) -> Path:
    folder = tmp_path / "bench"
    shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("predictions", "README.md"))
    return folder


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _cp1252_on_line_2(path: Path) -> int:
    """Replace the first "e" of line 2 with the cp1252 byte of "é"; returns the byte offset in the file."""
    lines = path.read_bytes().split(b"\n")
    at = lines[1].index(b"e")
    lines[1] = lines[1][:at] + b"\xe9" + lines[1][at + 1 :]
    path.write_bytes(b"\n".join(lines))
    return len(lines[0]) + 1 + at


# ------------------------------------------------------------------ item 8: one decoder, located errors


def test_validate_names_file_line_and_byte_offset_of_a_non_utf8_byte(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    offset = _cp1252_on_line_2(folder / "task7_epd.jsonl")
    result = CliRunner().invoke(app, ["validate", str(folder)])
    assert result.exit_code == 1 and not isinstance(result.exception, UnicodeDecodeError)
    flat = _flat(result)
    assert "task7_epd.jsonl:2:notUTF-8text" in flat and f"atbyteoffset{offset};re-savethefileasUTF-8" in flat
    assert "Traceback" not in result.output and "UnicodeDecodeError" not in result.output


def test_score_names_the_line_of_a_non_utf8_prediction(tmp_path: Path) -> None:
    preds = tmp_path / "epd__x.jsonl"
    _write(preds, [{"id": "mini-p1", "output": {"kgco2e": 2.0}}, {"id": "mini-p2", "output": {"kgco2e": 1.0}}])
    offset = _cp1252_on_line_2(preds)
    result = CliRunner().invoke(app, ["score", "--task", "epd", "--data", str(MINI), "--predictions", str(preds)])
    assert result.exit_code == 2 and not isinstance(result.exception, UnicodeDecodeError)
    assert f"epd__x.jsonl:2:notUTF-8text:byte0xe9atbyteoffset{offset}" in _flat(result)


def test_run_names_the_line_of_a_non_utf8_task_file(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    _cp1252_on_line_2(folder / "task7_epd.jsonl")
    result = CliRunner().invoke(app, ["run", "epd", "--model", "offline", "--data", str(folder), "--out",
                                      str(tmp_path / "run")])
    assert result.exit_code == 2
    assert "task7_epd.jsonl:2:notUTF-8text" in _flat(result) and "re-savethefileasUTF-8" in _flat(result)


def test_estimate_bom_names_the_line_of_a_non_utf8_byte(tmp_path: Path) -> None:
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"name,amount,unit\nsteel,0.5,kg\nalumini\xe9um,0.5,kg\n")  # offset 17 + 13 + 7 = 37
    result = CliRunner().invoke(app, ["estimate", "Widget", "--bom", str(bom)])
    assert result.exit_code == 2 and not isinstance(result.exception, UnicodeDecodeError)
    assert "bom.csv:3:notUTF-8text:byte0xe9atbyteoffset37" in _flat(result)


# ------------------------------------------------------------------ item 11: validate gaps


def _validate(folder: Path):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, ["validate", str(folder)])


def test_validate_rejects_an_empty_task_file(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    (folder / "task2_triage.jsonl").write_text("\n", encoding="utf-8")  # was "ok" before
    result = _validate(folder)
    assert result.exit_code == 1
    assert "task2_triage.jsonl:noitems:thetaskfileisempty" in _flat(result)


def test_validate_rejects_blank_ids(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    rows = _rows(folder / "task1_decomposition.jsonl")
    rows[1]["id"] = "  "
    _write(folder / "task1_decomposition.jsonl", rows)
    result = _validate(folder)
    assert result.exit_code == 1
    assert "task1_decomposition.jsonl:2:field'id':Valueerror,mustnotbeempty" in _flat(result)


@pytest.mark.parametrize("value", [0.0, -1.5])
def test_validate_rejects_zero_or_negative_declared_kgco2e(tmp_path: Path, value: float) -> None:
    folder = _mini(tmp_path)
    rows = _rows(folder / "task7_epd.jsonl")
    rows[2]["expected_output"]["kgco2e"] = value
    _write(folder / "task7_epd.jsonl", rows)
    result = _validate(folder)
    assert result.exit_code == 1
    assert (f"task7_epd.jsonl:3:field'expected_output.kgco2e':Valueerror,mustbeapositivekgCO2eperdeclaredunit,"
            f"got{value:g}") in _flat(result)


def test_validate_rejects_a_blank_picklist_name(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    rows = _rows(folder / "ecoinvent_picklist.jsonl")
    rows[3]["reference_product_name"] = ""
    _write(folder / "ecoinvent_picklist.jsonl", rows)
    result = _validate(folder)
    assert result.exit_code == 1
    assert "ecoinvent_picklist.jsonl:4:field'reference_product_name':mustnotbeblank" in _flat(result)


def test_validate_flags_mapping_options_outside_the_picklist(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    rows = _rows(folder / "task3_mapping.jsonl")
    rows[0]["expected_output"]["options"].append("unobtainium, refined")  # invented: no picklist row
    _write(folder / "task3_mapping.jsonl", rows)
    result = _validate(folder)
    # a warning, not an error: the item can still be scored, but no system can pick that option exactly
    assert result.exit_code == 0, result.output
    n = len(rows[0]["expected_output"]["options"]) - 1
    assert (f"task3_mapping.jsonl:1:warning:field'expected_output.options.{n}':item'{rows[0]['id']}':"
            "option'unobtainium,refined'isnotareferenceproductofthepicklist") in _flat(result)
    assert "ok:" in _flat(result) and "(1warning(s))" in _flat(result)


def test_the_example_folder_still_validates_clean() -> None:
    result = _validate(MINI)
    assert result.exit_code == 0 and "warning" not in result.output


# ------------------------------------------------------------------ item 13: a non-object output is one failure


def test_score_counts_a_non_object_output_as_one_failed_item(tmp_path: Path) -> None:
    preds = tmp_path / "epd__x.jsonl"
    rows = _rows(MINI / "task7_epd.jsonl")
    lines = [{"id": r["id"], "output": {"kgco2e": r["expected_output"]["kgco2e"]}} for r in rows]
    lines[1]["output"] = [1.0, 2.0]  # before: the whole file was rejected
    _write(preds, lines)
    out = tmp_path / "scores.json"
    items = tmp_path / "items.jsonl"
    result = CliRunner().invoke(app, ["score", "--task", "epd", "--data", str(MINI), "--predictions", str(preds),
                                      "--json", str(out), "--items", str(items)])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text(encoding="utf-8"))
    assert (scores["n_items"], scores["n_failed"]) == (4, 1)
    assert any(w.startswith(f"{preds}:2: field 'output': not a JSON object (got list)") for w in scores["warnings"])
    assert "epd__x.jsonl:2:field'output':notaJSONobject(gotlist);item'mini-p2'countsasafailure".replace("mini-p2", rows[1]["id"]) in _flat(result)
    failed = [json.loads(x) for x in items.read_text(encoding="utf-8").splitlines()]
    assert [(x["id"], x["failed"]) for x in failed if x["failed"]] == [(rows[1]["id"], True)]
