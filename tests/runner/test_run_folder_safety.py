"""A run folder loses nothing and leaks nothing (issue 12 items 1, 3, 4, 12).

Through ``openpcf run`` and the real OpenAI client against the loopback stub: one run per folder (a lock
with pid and host; a stale lock is taken over), unreadable results lines quarantined and their items solved
again, no secret the run knows written anywhere, and a response cache that cannot be written costing no
paid answer.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.pcfbench.run_log.lock import LOCK_FILE, RunFolderLock
from openpcf.pcfbench.run_log.results import QUARANTINE_FILE, read_results
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text
from tests.support.tiny_pcfbench import EPD, write_tiny_pcfbench

MODEL = "openai:gpt-4o-mini"
FAST = ["--backoff", "0.01", "--timeout", "5"]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    loopback_only(monkeypatch)
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    return write_tiny_pcfbench(tmp_path / "pcfbench")


def kgco2e_answer(request: dict[str, Any], n: int) -> Reply:
    return Reply(tool=output_tool(request), arguments=json.dumps({"kgco2e": 12.0}))


def run_epd(server: StubServer, data: Path, out: Path, *extra: str) -> Any:
    return CliRunner().invoke(app, ["run", "epd", "--model", MODEL, "--base-url", server.base_url,
                                    "--data", str(data), "--out", str(out), "--concurrency", "1", *FAST, *extra])


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


# ------------------------------------------------------------------ item 1: one run per folder


def test_a_second_run_in_a_folder_held_by_a_live_run_refuses_and_writes_nothing(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with RunFolderLock(out), StubServer(kgco2e_answer) as server:  # another live run holds the folder
        r = run_epd(server, data, out)
        assert r.exit_code == 2
        said = " ".join(r.output.split())
        assert f"another openpcf run is writing here (pid {os.getpid()} on host {socket.gethostname()}" in said
        assert "use another --out folder" in said
        assert server.count == 0  # nothing paid
    assert not (out / "results.jsonl").exists() and not (out / "manifest.json").exists()
    # the holder finished: the folder is free again, and the lock is released at the end of the run
    with StubServer(kgco2e_answer) as server:
        r = run_epd(server, data, out)
        assert r.exit_code == 0, r.output
    assert [x["id"] for x in lines(out / "results.jsonl")] == ["p1", "p2", "p3"]
    with RunFolderLock(out):
        pass


def test_a_stale_lock_of_a_dead_run_is_taken_over(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    (out / LOCK_FILE).write_text(json.dumps({"pid": int(dead.stdout), "host": socket.gethostname(),
                                             "started_at": "2026-01-01T00:00:00+00:00"}))
    with StubServer(kgco2e_answer) as server:
        r = run_epd(server, data, out)
        assert r.exit_code == 0, r.output
    assert len(lines(out / "results.jsonl")) == 3


def test_two_runs_started_together_one_refuses(data: Path, tmp_path: Path) -> None:
    """The race of the report: two processes on one --out. The first holds the lock while it works; the
    second exits 2 naming it, and the folder gets one line per item (not two)."""
    out = tmp_path / "run"

    second_done = threading.Event()

    def held(request: dict[str, Any], n: int) -> Reply:
        if n == 1:  # the first run's first item waits until the second run has tried (and given up)
            second_done.wait(timeout=60)
        return Reply(tool=output_tool(request), arguments=json.dumps({"kgco2e": 12.0}))

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with StubServer(held) as server:
        cmd = [sys.executable, "-m", "openpcf", "run", "epd", "--model", MODEL, "--base-url", server.base_url,
               "--data", str(data), "--out", str(out), "--concurrency", "1", "--timeout", "120"]
        first = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while server.count == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.count >= 1, "the first run never asked the server"
        try:
            second = subprocess.run(cmd, check=False, env=env, capture_output=True, text=True, timeout=120)
        finally:
            second_done.set()
        _, first_err = first.communicate(timeout=120)
    assert first.returncode == 0, first_err
    assert second.returncode == 2
    said = " ".join(second.stderr.split())
    assert f"another openpcf run is writing here (pid {first.pid} on host" in said
    assert "Traceback" not in second.stderr
    assert [x["id"] for x in lines(out / "results.jsonl")] == ["p1", "p2", "p3"] and server.count == 3


# ------------------------------------------------------------------ item 12: a corrupt line mid-file


def test_resume_quarantines_a_corrupt_middle_line_and_solves_that_item_again(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with StubServer(kgco2e_answer) as server:
        assert run_epd(server, data, out).exit_code == 0
    good = (out / "results.jsonl").read_text().splitlines()
    broken = good[1][: len(good[1]) // 2]  # p2's line cut in half, in the middle of the file
    (out / "results.jsonl").write_text("\n".join([good[0], broken, good[2]]) + "\n")

    with StubServer(kgco2e_answer) as server:
        r = run_epd(server, data, out)
        assert r.exit_code == 0, r.output
        asked = [next(i for i, inp, _ in EPD if inp["product_name"] in user_text(q)) for q in server.requests]
    assert asked == ["p2"]  # only the item whose line was unreadable is solved again
    said = " ".join(r.output.split())
    assert "1 unreadable line(s)" in said and QUARANTINE_FILE in said
    assert (out / QUARANTINE_FILE).read_text() == broken + "\n"  # kept as it was, for the audit
    found = read_results(out / "results.jsonl")
    assert found.bad_lines == [] and sorted(p.id for p in found.predictions) == ["p1", "p2", "p3"]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["totals"]["quarantined"] == 1 and manifest["sessions"][-1]["quarantined_lines"] == [2]
    assert manifest["totals"]["finished"] == 3 and manifest["totals"]["failed"] == 0
    # and it scores: rescore reads every line
    res = CliRunner().invoke(app, ["rescore", str(out)])
    assert res.exit_code == 0, res.output


def test_rescore_refuses_a_results_file_with_a_bad_line_naming_it(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with StubServer(kgco2e_answer) as server:
        assert run_epd(server, data, out).exit_code == 0
    text = (out / "results.jsonl").read_text().splitlines()
    (out / "results.jsonl").write_text("\n".join([text[0], "{oops", text[2]]) + "\n")
    res = CliRunner().invoke(app, ["rescore", str(out)])
    assert res.exit_code == 2
    said = " ".join(res.output.split())
    assert "results.jsonl:2: malformed JSON" in said and "quarantine" in said


# ------------------------------------------------------------------ item 3: secrets


def test_no_secret_the_run_knows_reaches_a_file_or_the_terminal(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hostile server echoes the Authorization header in a 401 body; --base-url carries user:pass@ and
    ?api-key=. None of them may land in results.jsonl, manifest.json, the cache or the output."""
    key, password, query_key = "sk-env-SECRET-4d9a2b7c", "hunter2-PASS-91f3", "QUERY-KEY-77ab3e0d"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    out = tmp_path / "run"

    def hostile(request: dict[str, Any], n: int) -> Reply:
        if "Ceramic tile" in user_text(request):  # p1: refused, echoing the credentials it was sent
            return Reply(status=401, echo_authorization=True)
        return kgco2e_answer(request, n)

    with StubServer(hostile) as server:
        host = server.base_url.removeprefix("http://")
        url = f"http://runner:{password}@{host}?api-key={query_key}"
        r = CliRunner().invoke(app, ["run", "epd", "--model", MODEL, "--base-url", url, "--data", str(data),
                                     "--out", str(out), "--concurrency", "1", *FAST])
        assert r.exit_code == 0, r.output
        sent = list(server.authorizations)
    basic = base64.b64encode(f"runner:{password}".encode()).decode()
    # the credentials did reach the server (so the canaries are in play) ...
    assert any(password in base64.b64decode(a.split()[-1]).decode(errors="replace") or key in a for a in sent), sent
    by_id = {x["id"]: x for x in lines(out / "results.jsonl")}
    error = by_id["p1"]["error"]
    assert "(HTTP 401)" in error and "you sent Authorization: Basic ***" in error and "api-key=***" in error
    assert by_id["p2"]["output"] == {"kgco2e": 12.0}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["base_url"] == f"http://***@{host}?api-key=***"
    # ... but no byte of any of them is written to the run folder or the response cache, or printed
    written = [p for root in (out, tmp_path / "cache") for p in root.rglob("*") if p.is_file()]
    assert any(p.is_relative_to(tmp_path / "cache") for p in written)
    for path in written:
        blob = path.read_bytes()
        for secret in (key, password, query_key, basic):
            assert secret.encode() not in blob, (path, secret)
    for secret in (key, password, query_key, basic):
        assert secret not in r.output


# ------------------------------------------------------------------ item 4: a cache that cannot be written


def test_a_failed_cache_write_is_a_warning_and_the_paid_answer_is_the_result(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The cache directory cannot be made (its path is a file): every answer is still the item's result
    (it used to be recorded as an OSError, exit 0), and one warning says the cache is not written."""
    blocked = tmp_path / "cache-is-a-file"
    blocked.write_text("not a folder\n")
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(blocked))
    out = tmp_path / "run"
    with caplog.at_level("WARNING", logger="openpcf"), StubServer(kgco2e_answer) as server:
        r = run_epd(server, data, out)
        assert r.exit_code == 0, r.output
        assert server.count == 3
    assert [(x["id"], x.get("output"), x.get("error")) for x in lines(out / "results.jsonl")] == [
        ("p1", {"kgco2e": 12.0}, None), ("p2", {"kgco2e": 12.0}, None), ("p3", {"kgco2e": 12.0}, None)]
    warnings = [rec.getMessage() for rec in caplog.records if "response cache could not be written" in rec.getMessage()]
    assert len(warnings) == 1 and "cache-is-a-file" in warnings[0]  # once per model, naming the path


def test_a_full_disk_during_a_cache_write_leaves_no_half_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic_ai.messages import ModelResponse, TextPart

    import openpcf.llm.cache as cache_module

    cache = cache_module.ResponseCache(tmp_path / "responses")
    response = ModelResponse(parts=[TextPart("42 kg")])

    def disk_full(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache_module.os, "replace", disk_full)
    failure = cache.put("ab" * 32, response)
    monkeypatch.undo()
    assert isinstance(failure, OSError) and failure.errno == 28
    assert cache.get("ab" * 32) is None and not list((tmp_path / "responses").rglob("*.tmp"))
    assert cache.put("ab" * 32, response) is None and cache.get("ab" * 32).parts[0].content == "42 kg"
