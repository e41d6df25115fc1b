"""Fuzz ``openpcf estimate --bom`` and ``openpcf report`` with randomly corrupted CSV BOMs and traces
(issue 12's acceptance), for a bounded time: never a traceback; exit 0 only when the input was valid and
the output validates; otherwise a non-zero exit with a message naming the file and a line or field.

Seeded (reproducible sequence of cases); the time budget bounds how many of them run. A longer hunt:
``OPENPCF_FUZZ_SECONDS=120 OPENPCF_FUZZ_SEED=7 pytest tests/cli/test_fuzz_estimate_report.py``.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.engine import Trace

runner = CliRunner()
BUDGET_S = float(os.environ.get("OPENPCF_FUZZ_SECONDS", "3"))  # per verb
SEED = int(os.environ.get("OPENPCF_FUZZ_SEED", "0"))
VALID_BOM = ("name,amount,unit,parent\nframe,1,kg,\nsteel,0.7,kg,frame\npolypropylene,300,g,frame\n"
             "electricity,2,kWh,\n")
NASTY = [b"\x00", b"\xff", b"\xe9", b'"', b";", b",", b"\n", b"\r", b"\t", b"-", b"1e999", b"nan", b"inf", b"-1",
         b"kg", b"%", b"frame", b"\\", b"{", b"]", b"\xef\xbb\xbf", b"0", b"9" * 400]


def _corrupt(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        pos = rng.randrange(len(out) + 1)
        if op == 0 and out:  # flip a byte
            out[min(pos, len(out) - 1)] = rng.randrange(256)
        elif op == 1 and out:  # delete a run
            del out[pos:pos + rng.randint(1, 8)]
        elif op == 2:  # insert a nasty token
            out[pos:pos] = rng.choice(NASTY)
        elif op == 3:  # truncate
            del out[pos:]
        elif op == 4:  # duplicate a line
            lines = bytes(out).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            out = bytearray(b"\n".join(lines))
        else:  # replace a field (CSV) or a value (JSON) with a nasty token
            m = list(re.finditer(rb"[^,\n:{}\[\]\"]+", bytes(out)))
            if m:
                f = rng.choice(m)
                out[f.start():f.end()] = rng.choice(NASTY)
    return bytes(out)


def _assert_clean_failure(res, path: Path) -> None:
    text = " ".join(res.output.split())
    assert res.exit_code != 0
    assert path.name in text.replace(" ", "") or path.name in text, text  # names the file
    assert re.search(rf"{re.escape(path.name)}:\d+|field '|line \d+", text.replace(f"{path.name} :", f"{path.name}:")), text


def _no_traceback(res) -> None:
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output


def _strict_json(path: Path) -> object:
    def refuse(token: str) -> float:
        raise AssertionError(f"non-standard JSON token {token} in {path}")

    return json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse)


def test_fuzz_estimate_with_corrupted_bom_files(tmp_path):
    rng = random.Random(12 + SEED)
    deadline = time.monotonic() + BUDGET_S
    seen = {"ok": 0, "error": 0}
    i = 0
    while time.monotonic() < deadline or i < 5:
        i += 1
        bom, out = tmp_path / f"bom{i}.csv", tmp_path / f"out{i}.json"
        # every fifth case is the valid file itself: it must pass (and the fuzz sees both outcomes)
        bom.write_bytes(VALID_BOM.encode() if i % 5 == 1 else _corrupt(VALID_BOM.encode(), rng))
        res = runner.invoke(app, ["estimate", "thing", "--bom", str(bom), "--declared-unit", "1 item",
                                  "--runs", "20", "--json", str(out)], terminal_width=400)
        _no_traceback(res)
        assert res.exit_code == 0 or i % 5 != 1, res.output
        if res.exit_code == 3:  # a valid BOM whose corrupted names have no factor: INCOMPLETE, not an input error
            assert "INCOMPLETE" in res.output
            result = _strict_json(out)
            assert result["complete"] is False and math.isfinite(result["kgco2e"])
            seen["ok"] += 1
        elif res.exit_code == 0:
            seen["ok"] += 1
            result = _strict_json(out)
            assert isinstance(result, dict) and math.isfinite(result["kgco2e"]) and result["kgco2e"] >= 0
            names = {r["name"] for r in result["breakdown"] if r["kind"] == "material"}
            text = bom.read_bytes().decode("utf-8-sig")
            assert all(n in text for n in names)  # every material line comes from the file
        else:
            seen["error"] += 1
            _assert_clean_failure(res, bom)
    assert seen["ok"] and seen["error"], seen  # the corruption produced both outcomes


@pytest.fixture(scope="module")
def valid_trace(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("trace") / "t.json"
    res = runner.invoke(app, ["estimate", "jar", "--composition", "sand: 60%; glass cullet: 40%", "--runs", "20",
                              "--what-if-region", "FR", "--trace", str(path)])
    assert res.exit_code == 0, res.output
    return path.read_bytes()


def test_fuzz_report_with_corrupted_traces(tmp_path, valid_trace):
    rng = random.Random(13 + SEED)
    deadline = time.monotonic() + BUDGET_S
    seen = {"ok": 0, "error": 0}
    i = 0
    while time.monotonic() < deadline or i < 5:
        i += 1
        trace, html, md, csv_out = (tmp_path / f"t{i}.json", tmp_path / f"r{i}.html", tmp_path / f"r{i}.md",
                                    tmp_path / f"r{i}.csv")
        trace.write_bytes(valid_trace if i % 5 == 1 else _corrupt(valid_trace, rng))
        res = runner.invoke(app, ["report", str(trace), "--html", str(html), "--md", str(md), "--csv", str(csv_out)],
                            terminal_width=400)
        _no_traceback(res)
        assert res.exit_code == 0 or i % 5 != 1, res.output
        if res.exit_code == 0:
            seen["ok"] += 1
            _strict_json(trace)  # valid input: standard JSON …
            Trace.model_validate_json(trace.read_bytes())  # … that validates as a trace
            assert html.read_text(encoding="utf-8").lower().startswith("<!doctype html>") and csv_out.stat().st_size > 0
        else:
            seen["error"] += 1
            _assert_clean_failure(res, trace)
    assert seen["ok"] and seen["error"], seen
