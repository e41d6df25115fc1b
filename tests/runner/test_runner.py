"""Runner parts: the retry arithmetic, the rate limiter, the results log and the totals."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from pydantic_ai.exceptions import ModelHTTPError, ModelTimeoutError, UnexpectedModelBehavior

from openpcf.llm.rate import RateLimiter
from openpcf.llm.retry import RetryPolicy, backoff_seconds, is_retryable, retry_after_seconds, retry_delay
from openpcf.pcfbench.predictions import Prediction, Usage
from openpcf.pcfbench.run_log.manifest import RunIdentity, identity_mismatch
from openpcf.pcfbench.run_log.results import ResultsLog, read_results
from openpcf.runner.session import RunError, resolve_task, select_rows, totals_of

NO_JITTER = RetryPolicy(max_attempts=5, base_delay=1.0, multiplier=2.0, max_delay=5.0, jitter=0.0)


def http_error(status: int, headers: dict[str, str] | None = None) -> ModelHTTPError:
    return ModelHTTPError(status_code=status, model_name="m", body=None, headers=headers)


def test_backoff_doubles_and_is_capped() -> None:
    assert [backoff_seconds(NO_JITTER, a, 0.0) for a in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 5.0]
    jittered = RetryPolicy(base_delay=1.0, jitter=0.2)
    assert backoff_seconds(jittered, 2, 0.5) == pytest.approx(2.0 * 1.1)


@pytest.mark.parametrize("status", [429, 500, 502, 503, 504, 529, 408])
def test_transient_statuses_are_retried(status: int) -> None:
    assert is_retryable(http_error(status))
    assert retry_delay(NO_JITTER, 1, http_error(status)) == 1.0


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_client_errors_are_final(status: int) -> None:
    assert retry_delay(NO_JITTER, 1, http_error(status)) is None


def test_timeouts_retried_malformed_answers_not() -> None:
    assert retry_delay(NO_JITTER, 2, ModelTimeoutError("m", "timed out")) == 2.0
    assert retry_delay(NO_JITTER, 1, UnexpectedModelBehavior("bad tool args")) is None


def test_retry_after_wins_over_shorter_backoff() -> None:
    assert retry_after_seconds(http_error(429, {"Retry-After": "7"})) == 7.0
    assert retry_after_seconds(http_error(429, {"retry-after-ms": "250"})) == 0.25
    assert (
        retry_after_seconds(http_error(429, {"Retry-After": "0.3"})) == 0.3
    )  # decimal, some servers send it
    assert (
        retry_delay(NO_JITTER, 1, http_error(429, {"Retry-After": "7"})) == 7.0
    )  # over max_delay: still honoured
    assert retry_delay(NO_JITTER, 3, http_error(429, {"Retry-After": "1"})) == 4.0  # backoff longer: backoff


def test_attempts_are_bounded() -> None:
    # max_attempts=5: retries 1..4 allowed, the 5th failure is final.
    assert retry_delay(NO_JITTER, 4, http_error(503)) == 5.0
    assert retry_delay(NO_JITTER, 5, http_error(503)) is None


def test_jitter_is_reproducible_with_a_seeded_rng() -> None:
    p = RetryPolicy(base_delay=1.0, jitter=0.5)
    a = [retry_delay(p, 1, http_error(500), random.Random(3)) for _ in range(2)]
    assert a[0] == a[1] and 1.0 <= a[0] <= 1.5


def test_rate_limiter_spaces_request_starts() -> None:
    async def go() -> list[float]:
        limiter = RateLimiter(per_minute=1200)  # one start every 50 ms
        starts: list[float] = []

        async def one() -> None:
            await limiter.acquire()
            starts.append(time.monotonic())

        await asyncio.gather(*(one() for _ in range(4)))
        return starts

    starts = sorted(asyncio.run(go()))
    # The guarantee: the i-th start is never earlier than i intervals after the first (a busy machine may
    # start a request late, which makes one gap look short afterwards — that is not a violation).
    assert all(s - starts[0] >= i * 0.05 - 0.002 for i, s in enumerate(starts)), starts
    with pytest.raises(ValueError):
        RateLimiter(0)


# ------------------------------------------------------------------ results log


def test_results_log_appends_and_cuts_a_partial_last_line(tmp_path) -> None:
    log = ResultsLog(tmp_path)
    log.append(Prediction(id="a", output={"kgco2e": 1.0}))
    log.append(Prediction(id="b", error="boom"))
    log.close()
    # A kill in the middle of writing the third line leaves half a line behind.
    with (tmp_path / "results.jsonl").open("a") as fh:
        fh.write('{"id": "c", "outp')
    log2 = ResultsLog(tmp_path)
    assert sorted(log2.finished) == ["a", "b"]
    assert (tmp_path / "results.jsonl").read_text().endswith('"error": "boom"}\n')
    log2.append(Prediction(id="c", output={"kgco2e": 3.0}))
    log2.close()
    assert [p.id for p in read_results(tmp_path / "results.jsonl").predictions] == ["a", "b", "c"]
    assert ResultsLog(tmp_path).drop_failed() == 1
    assert [p.id for p in read_results(tmp_path / "results.jsonl").predictions] == ["a", "c"]


def test_totals_add_up_and_unknown_cost_is_unknown() -> None:
    preds = [
        Prediction(
            id="a",
            output={"x": 1},
            usage=Usage(input_tokens=1000, output_tokens=200, requests=2, cost_usd=0.00027, cache_hits=1),
        ),
        Prediction(
            id="b", error="e", usage=Usage(input_tokens=10, output_tokens=0, requests=0, failed_attempts=3)
        ),
        Prediction(id="c", output={"x": 1}, usage=Usage(requests=0, cache_hits=2)),
    ]
    t = totals_of(preds, items=4)
    assert (t.items, t.finished, t.failed) == (4, 3, 1)
    assert (t.input_tokens, t.output_tokens, t.requests, t.cache_hits, t.failed_attempts) == (
        1010,
        200,
        2,
        3,
        3,
    )
    assert t.cost_usd == pytest.approx(0.00027)
    preds.append(Prediction(id="d", output={"x": 1}, usage=Usage(requests=1, input_tokens=5, cost_usd=None)))
    assert totals_of(preds, 4).cost_usd is None


def test_task_names_settings_and_selection() -> None:
    assert resolve_task("epd", None) == ("epd", "epd_with_description")
    assert resolve_task("epd_with_region", None) == ("epd", "epd_with_region")
    with pytest.raises(RunError, match="unknown task 'mappings'"):
        resolve_task("mappings", None)

    class Row:
        def __init__(self, i: str):
            self.id = i

    rows = [Row(x) for x in "abcde"]
    assert [r.id for r in select_rows(rows, None, 2)] == ["a", "b"]
    assert [r.id for r in select_rows(rows, ["d", "b", "d"], None)] == ["d", "b"]
    with pytest.raises(RunError, match="not in the task file: zz"):
        select_rows(rows, ["zz"], None)


def test_identity_mismatch_names_the_field() -> None:
    a = RunIdentity(task="mapping", model="openai:gpt-4o")
    assert identity_mismatch(a, a) is None
    assert (
        identity_mismatch(a, RunIdentity(task="mapping", model="openai:gpt-4o", agentic=True))
        == "agentic was False, now True"
    )


def test_results_lines_are_the_predictions_format(tmp_path) -> None:
    log = ResultsLog(tmp_path)
    log.append(Prediction(id="a", output={"should_map": True}, usage=Usage(requests=1, cost_usd=0.5)))
    log.close()
    line = json.loads((tmp_path / "results.jsonl").read_text())
    assert line == {
        "id": "a",
        "output": {"should_map": True},
        "usage": {"input_tokens": 0, "output_tokens": 0, "requests": 1, "cost_usd": 0.5},
    }


# ------------------------------------------------------------------ the loop with a plain solver


class PlainSolver:
    """A solver without a model (like openpcf's offline system): it reports its own usage."""

    name = "plain"

    async def solve(self, row):
        from openpcf.systems.protocol import SolverResult

        if row.id == "p2":
            raise ValueError("no factor for steel beam")
        if row.id == "p3":
            return SolverResult(output={"kgco2e": "about two"})
        return SolverResult(
            output={"kgco2e": 10.0}, usage=Usage(requests=0, cost_usd=0.0), trace={"by": "plain"}
        )


def test_loop_records_exceptions_and_schema_failures(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from openpcf.runner.session import RunOptions, run_benchmark
    from tests.support.tiny_pcfbench import write_tiny_pcfbench

    data = write_tiny_pcfbench(tmp_path / "data")
    out = tmp_path / "run"
    opts = RunOptions(task="epd_name_only", model="offline", data_dir=data, out_dir=out, concurrency=2)
    m = asyncio.run(run_benchmark(opts, solver=PlainSolver()))
    by_id = {p.id: p for p in read_results(out / "results.jsonl").predictions}
    assert by_id["p1"].output == {"kgco2e": 10.0} and by_id["p1"].trace == {"by": "plain"}
    assert by_id["p2"].error == "ValueError: no factor for steel beam" and by_id["p2"].output is None
    assert by_id["p3"].output is None and by_id["p3"].error.startswith(
        "output does not fit the epd schema: kgco2e"
    )
    assert by_id["p3"].trace == {"invalid_output": {"kgco2e": "about two"}}
    assert (m.totals.finished, m.totals.failed, m.totals.cost_usd) == (3, 2, 0.0)
    summary = json.loads((out / "summary.json").read_text())
    # p1: 10 vs 12 -> within 2x; p2, p3 failed -> outside every band: 1/3.
    assert summary["n_failed"] == 2 and summary["metrics"]["within_2x"]["value"] == pytest.approx(1 / 3)
    assert summary["setting"] == "epd_name_only"


# ------------------------------------------------------------------ the guarded model


def test_guarded_model_retries_caches_and_books_usage(tmp_path) -> None:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart
    from pydantic_ai.models.function import FunctionModel
    from pydantic_ai.usage import RequestUsage

    from openpcf.llm.cache import ResponseCache
    from openpcf.llm.guarded_model import GuardedModel
    from openpcf.llm.metering import metering
    from openpcf.llm.prices import TokenPrice

    calls: list[int] = []

    def flaky(messages, info):
        calls.append(1)
        if len(calls) == 1:
            raise http_error(503)
        if len(calls) == 2:
            raise http_error(429, {"retry-after-ms": "20"})
        return ModelResponse(parts=[TextPart("ok")], usage=RequestUsage(input_tokens=2000, output_tokens=100))

    model = GuardedModel(
        FunctionModel(flaky),
        label="fn:flaky",
        cache=ResponseCache(tmp_path),
        retry=RetryPolicy(max_attempts=3, base_delay=0.001, jitter=0.0),
        price=TokenPrice(input=1.0, output=10.0),
    )
    agent = Agent(model)

    async def twice():
        with metering() as first:
            assert (await agent.run("hi")).output == "ok"
        with metering() as second:
            assert (await agent.run("hi")).output == "ok"
        return first, second

    first, second = asyncio.run(twice())
    assert len(calls) == 3  # 503, 429, answer; the second run is a cache hit
    # 2,000 tokens at $1/M + 100 at $10/M = 0.002 + 0.001
    assert (first.requests, first.failed_attempts, first.input_tokens, first.cost_usd) == (
        1,
        2,
        2000,
        pytest.approx(0.003),
    )
    assert (second.requests, second.cache_hits, second.cost_usd) == (0, 1, 0.0)

    refused: list[int] = []

    def broken(messages, info):
        refused.append(1)
        raise http_error(401)

    final = GuardedModel(
        FunctionModel(broken), label="fn:broken", retry=RetryPolicy(max_attempts=5, base_delay=0.001)
    )
    with pytest.raises(ModelHTTPError):
        asyncio.run(Agent(final).run("hi"))
    assert len(refused) == 1  # a client error is not retried
