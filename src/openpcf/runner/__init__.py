"""The benchmark runner: async bounded concurrency, rate limit, one retry layer, response cache, resumable
results, manifest and summary. ``openpcf run`` / ``openpcf rescore`` are thin wrappers around
:func:`run_benchmark` and :func:`rescore`."""

from openpcf.llm.retry import RetryPolicy, retry_delay
from openpcf.pcfbench.run_log.manifest import Manifest, RunTotals
from openpcf.runner.session import RunError, RunOptions, rescore, run_benchmark

__all__ = [
    "Manifest",
    "RetryPolicy",
    "RunError",
    "RunOptions",
    "RunTotals",
    "rescore",
    "retry_delay",
    "run_benchmark",
]
