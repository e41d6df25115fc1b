"""Fuzz ``validate`` and ``score`` with randomly corrupted JSONL (issue 12, acceptance), for a bounded time.

A seeded mutator corrupts one line of a valid file — truncation, bytes that are not UTF-8, a field of the
wrong type, a missing field, NaN/Infinity — and the CLI runs on the result. Asserted for every case:

- no traceback, ever (the CLI exits through its own one-line errors);
- a mutation that certainly breaks the data gives a non-zero exit with a message naming the file and the
  line (``validate``, and ``score`` on a damaged line), or — ``score`` only — a per-item failure recorded
  for the mutated item;
- exit 0 only when the data is usable: after ``validate`` says ok, the folder reads; after ``score`` exits 0,
  its ``--json`` output is standard JSON (no NaN/Infinity) and every item is scored.

The cases come from ``random.Random(SEED)``, so a failure is replayed by its case number; the loop stops
after ``BUDGET_S`` seconds (at least ``MIN_CASES`` cases run).
"""

from __future__ import annotations

import json
import math
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.pcfbench.data import TASK_FILES, BenchmarkFolder, read_picklist

MINI = Path(__file__).resolve().parents[2] / "examples" / "pcfbench-mini"
SEED = 20240612
BUDGET_S = 3.0
MIN_CASES = 6


@dataclass
class Mutation:
    """What was done to which line; ``breaks`` when the result cannot be valid data."""

    kind: str
    line: int
    breaks: bool
    item_id: str | None = None


def _leaf_paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out: list[tuple] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(prefix + (k,))
            out.extend(_leaf_paths(v, prefix + (k,)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append(prefix + (i,))
            out.extend(_leaf_paths(v, prefix + (i,)))
    return out


def _get_parent(obj: Any, path: tuple) -> tuple[Any, Any]:
    for key in path[:-1]:
        obj = obj[key]
    return obj, path[-1]


def mutate(data: bytes, rng: random.Random, required: set[tuple]) -> tuple[bytes, Mutation]:
    """One corrupted copy of a JSONL file. ``required`` holds key paths (ints as ``0``) whose loss or
    type change certainly breaks a row; anything else may or may not stay valid."""
    lines = data.split(b"\n")
    content = [i for i, line in enumerate(lines) if line.strip()]
    index = rng.choice(content)
    raw = lines[index]
    obj = json.loads(raw)
    kind = rng.choice(["truncate", "bad_bytes", "wrong_type", "missing_field", "nan", "not_an_object"])
    line_no = index + 1
    item_id = obj.get("id") if isinstance(obj.get("id"), str) else None
    if kind == "truncate":  # cut inside the line's JSON (never right after its closing brace)
        cut = rng.randrange(1, len(raw) - 1)
        return b"\n".join(lines[:index] + [raw[:cut]]), Mutation(kind, line_no, True, item_id)
    if kind == "bad_bytes":
        at = rng.randrange(0, len(raw))
        bad = rng.choice([b"\xff", b"\xe9", b"\xc3\x28", b"\x80\x80"])
        lines[index] = raw[:at] + bad + raw[at:]
        return b"\n".join(lines), Mutation(kind, line_no, True, item_id)
    if kind == "not_an_object":
        lines[index] = json.dumps(rng.choice([[1, 2], "text", 3.5, None])).encode()
        return b"\n".join(lines), Mutation(kind, line_no, True, item_id)
    paths = _leaf_paths(obj)
    path = rng.choice(paths)
    generic = tuple(0 if isinstance(p, int) else p for p in path)
    parent, key = _get_parent(obj, path)
    if kind == "missing_field":
        del parent[key]
        breaks = generic in required
    elif kind == "wrong_type":
        before = parent[key]
        parent[key] = rng.choice([[1, "x"], {"x": 1}, 12345, True, None, "zzz"])
        breaks = generic in required and type(parent[key]) is not type(before) and not (
            isinstance(before, float) and isinstance(parent[key], int) and not isinstance(parent[key], bool))
    else:  # nan
        parent[key] = rng.choice([math.nan, math.inf, -math.inf])
        breaks = generic in required and isinstance(_value_at(json.loads(raw), path), (int, float))
    lines[index] = json.dumps(obj).encode()  # json.dumps writes NaN / Infinity, as a sloppy tool would
    return b"\n".join(lines), Mutation(kind, line_no, breaks, item_id)


def _value_at(obj: Any, path: tuple) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def _no_traceback(result) -> None:  # type: ignore[no-untyped-def]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


def _flat(text: str) -> str:
    return "".join(text.split())


# Key paths that every row of a task file needs, with their JSON type (losing one or changing its type
# breaks the row; NaN breaks the numeric ones).
REQUIRED = {
    "task7_epd.jsonl": {("id",), ("input",), ("input", "product_name"), ("expected_output",),
                        ("expected_output", "kgco2e")},
    "task2_triage.jsonl": {("id",), ("input",), ("input", "market"), ("input", "market", "name"),
                           ("expected_output",), ("expected_output", "should_map")},
    "task3_mapping.jsonl": {("id",), ("input",), ("input", "material_name"), ("expected_output",),
                            ("expected_output", "options")},
    "ecoinvent_picklist.jsonl": {("activity_uuid_product_uuid",), ("activity_name",), ("reference_product_name",)},
}


def _deadline_cases(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    start = time.monotonic()
    case = 0
    while case < MIN_CASES or time.monotonic() - start < BUDGET_S:
        yield case, rng
        case += 1


def test_fuzz_validate(tmp_path: Path) -> None:
    runner = CliRunner()
    names = sorted(REQUIRED)
    exits: list[int] = []
    for case, rng in _deadline_cases(SEED):
        folder = tmp_path / f"case{case}"
        shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("predictions", "README.md"))
        name = rng.choice(names)
        target = folder / name
        data, mutation = mutate(target.read_bytes(), rng, REQUIRED[name])
        target.write_bytes(data)
        result = runner.invoke(app, ["validate", str(folder)])
        _no_traceback(result)
        exits.append(result.exit_code)
        where = f"case {case}: {mutation} in {name}\n{result.output}"
        if mutation.breaks:
            assert result.exit_code == 1, where
            assert _flat(f"{target}:{mutation.line}:") in _flat(result.output), where
        if result.exit_code == 0:  # "ok" means every file reads
            bench = BenchmarkFolder(folder)
            for task in TASK_FILES:
                assert bench.rows(task), where
            assert read_picklist(folder / "ecoinvent_picklist.jsonl"), where
        else:
            assert result.exit_code == 1, where
            # every reported problem names its file (and a line when it belongs to one)
            assert "problem(s)" in result.output and str(folder) in _flat(result.output), where
    assert exits.count(1) >= 3, exits  # the mutator does break data (the test is not vacuous)


SCORE_TASKS = {
    # task: key paths of a prediction line whose loss/type change makes that item fail
    "triage": {("id",), ("output",), ("output", "should_map")},
    "mapping": {("id",), ("output",), ("output", "reference_product")},
    "epd": {("id",), ("output",), ("output", "kgco2e")},
}


def _strict_json(text: str) -> Any:
    def refuse(constant: str) -> Any:
        raise AssertionError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def test_fuzz_score(tmp_path: Path) -> None:
    runner = CliRunner()
    bench = BenchmarkFolder(MINI)
    tasks = sorted(SCORE_TASKS)
    outcomes: list[str] = []
    for case, rng in _deadline_cases(SEED + 1):
        task = tasks[case % len(tasks)]
        known = {r.id for r in bench.rows(task)}  # type: ignore[arg-type]
        source = MINI / "predictions" / f"{task}__example.jsonl"
        preds = tmp_path / f"{task}__case{case}.jsonl"
        data, mutation = mutate(source.read_bytes(), rng, SCORE_TASKS[task])
        preds.write_bytes(data)
        out = tmp_path / f"scores{case}.json"
        items = tmp_path / f"items{case}.jsonl"
        result = runner.invoke(app, ["score", "--task", task, "--data", str(MINI), "--predictions", str(preds),
                                     "--json", str(out), "--items", str(items)])
        _no_traceback(result)
        where = f"case {case} ({task}): {mutation}\n{result.output}"
        named = _flat(f"{preds}:{mutation.line}") in _flat(result.output)
        if result.exit_code != 0:
            assert result.exit_code == 2 and named, where
            outcomes.append("refused")
            continue
        scores = _strict_json(out.read_text(encoding="utf-8"))
        assert scores["n_items"] == len(known), where
        per_item = [_strict_json(x) for x in items.read_text(encoding="utf-8").splitlines()]
        assert {x["id"] for x in per_item} == known, where
        if mutation.breaks and mutation.item_id in known:
            # exit 0 on a broken line of an item only when that item is recorded as a failure (or the line
            # is named in a warning); a broken line of an id that is no item is ignored with a warning
            failed = {x["id"] for x in per_item if x["failed"]}
            assert mutation.item_id in failed or named, where
            outcomes.append("item failed")
        else:
            outcomes.append("scored")
    assert outcomes.count("refused") + outcomes.count("item failed") >= 2, outcomes  # not vacuous
