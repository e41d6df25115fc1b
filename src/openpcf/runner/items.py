"""The async loop over items: K workers, one meter per item, each result appended the moment it is ready.

An exception inside a solver becomes that item's ``error`` (the run goes on); an output that does not fit
the task's schema is recorded as a failure too, never written as if it were valid.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from openpcf.llm.metering import CallMeter, metering
from openpcf.pcfbench.data import TaskName
from openpcf.pcfbench.predictions import Prediction, Usage, parse_output
from openpcf.pcfbench.run_log.results import ResultsLog
from openpcf.systems.protocol import Solver, SolverResult


def describe_error(exc: BaseException) -> str:
    """One line naming the error type and message (no traceback, no secrets: messages are the SDK's)."""
    text = " ".join(str(exc).split())
    status = getattr(exc, "status_code", None)
    head = f"{type(exc).__name__}" + (f" (HTTP {status})" if isinstance(status, int) else "")
    return f"{head}: {text[:500]}" if text else head


def prediction_for(task: TaskName, row_id: str, result: SolverResult, meter: CallMeter) -> Prediction:
    """The results line of one item: validated output or error, and its usage (from the meter when model
    calls were made, else what the solver reported)."""
    output, error, trace = result.output, result.error, result.trace
    if error is None:
        _, problem = parse_output(task, output)
        if problem is not None:  # keep what the solver gave, for the audit, but never as an output
            error, trace = problem, {**(trace or {}), "invalid_output": output}
    if meter.touched:
        usage = Usage(
            input_tokens=meter.input_tokens,
            output_tokens=meter.output_tokens,
            requests=meter.requests,
            cost_usd=meter.cost_usd,
            cache_hits=meter.cache_hits,
            failed_attempts=meter.failed_attempts,
            model_seconds=round(meter.model_seconds, 3),  # wall time inside model requests
        )
    else:
        usage = result.usage
    return Prediction(
        id=row_id, output=output if error is None else None, error=error, usage=usage, trace=trace
    )


async def solve_one(task: TaskName, solver: Solver, row: Any) -> tuple[Prediction, CallMeter]:
    with metering() as meter:
        try:
            result = await solver.solve(row)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 -- one item's failure never stops the run
            result = SolverResult(error=describe_error(exc))
    return prediction_for(task, row.id, result, meter), meter


async def solve_items(
    task: TaskName,
    rows: Sequence[Any],
    solver: Solver,
    log: ResultsLog,
    *,
    concurrency: int = 4,
    on_result: Callable[[Prediction, CallMeter], None] | None = None,
) -> None:
    """Solve ``rows`` with at most ``concurrency`` in flight; append each prediction to ``log`` as soon as
    it is ready and call ``on_result`` (progress, totals)."""
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    queue: asyncio.Queue[Any] = asyncio.Queue()
    for row in rows:
        queue.put_nowait(row)

    async def worker() -> None:
        while True:
            try:
                row = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            pred, meter = await solve_one(task, solver, row)
            log.append(pred)
            if on_result is not None:
                on_result(pred, meter)

    await asyncio.gather(*(worker() for _ in range(min(concurrency, max(len(rows), 1)))))
