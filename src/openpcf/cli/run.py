"""``openpcf run`` (any model on any PCFBench task, resumable) and ``openpcf rescore`` (no model calls)."""

from __future__ import annotations

from pathlib import Path

import typer

from openpcf.cli.common import console, err_console, fail, require_folder


def _print_summary(out: Path) -> None:
    from openpcf.pcfbench.run_log.summary import read_summary

    try:
        summary = read_summary(out)
    except ValueError as exc:
        fail(str(exc))
    if summary is None:
        return
    parts = [f"{name}={m.value:.3f}" if m.value is not None else f"{name}=None"
             for name, m in list(summary.metrics.items())[:6]]
    failed = summary.n_failed
    console.print(
        f"{summary.task}: {', '.join(parts)}" + (f" ({failed} failed)" if failed is not None else "")
    )


def register(app: typer.Typer) -> None:
    @app.command("run")
    def run(
        task: str = typer.Argument(
            ...,
            help="decomposition, triage, mapping, extraction_material, extraction_energy, epd (or an epd setting), compositional",
        ),
        model: str = typer.Option(
            ...,
            "--model",
            "-m",
            help="PROVIDER:MODEL (openai:, anthropic:, google-gla:, google-vertex:, bedrock:, groq:, mistral:, openrouter:) or 'offline'",
        ),
        data: Path = typer.Option(..., "--data", help="PCFBench data folder"),
        out: Path = typer.Option(
            ..., "--out", help="run folder (results.jsonl, manifest.json, summary.json); rerun to resume"
        ),
        limit: int | None = typer.Option(None, "--limit", min=1, help="only the first N items"),
        ids: Path | None = typer.Option(None, "--ids", help="file with the item ids to run, one per line"),
        concurrency: int = typer.Option(4, "--concurrency", "-k", min=1, help="items in flight at once"),
        agentic: bool = typer.Option(
            False, "--agentic", help="triage/mapping: search and inspect tools instead of the whole picklist"
        ),
        system: str = typer.Option(
            "model", "--system",
            help="model: openpcf's task solvers (default); parakeet: the Parakeet mapping baseline "
            "(paraphrase, dense top-10 over the picklist, the model chooses or abstains)",
        ),
        query_only: bool = typer.Option(
            False, "--query-only", help="extraction: the query without the document (priors ablation)"
        ),
        setting: str | None = typer.Option(
            None,
            "--setting",
            help="epd context: epd_name_only, epd_with_description (default), epd_with_composition, epd_with_region",
        ),
        prompts: Path | None = typer.Option(
            None, "--prompts", help="folder of jinja2 templates overriding openpcf's by file name"
        ),
        base_url: str | None = typer.Option(
            None,
            "--base-url",
            help="OpenAI-compatible server (vLLM, Ollama, llama.cpp), e.g. http://127.0.0.1:8000/v1",
        ),
        judge: str | None = typer.Option(
            None,
            "--judge",
            help="decomposition: score with this model as the LLM judge (default: offline aligner)",
        ),
        temperature: float | None = typer.Option(None, "--temperature"),
        max_tokens: int | None = typer.Option(None, "--max-tokens"),
        reasoning_effort: str | None = typer.Option(
            None, "--reasoning-effort", help="minimal, low, medium, high, xhigh, max"
        ),
        thinking_budget: int | None = typer.Option(
            None, "--thinking-budget", help="thinking tokens (Anthropic, Google)"
        ),
        seed: int | None = typer.Option(None, "--seed"),
        tool_choice: str | None = typer.Option(
            None,
            "--tool-choice",
            help="how an OpenAI-compatible server is made to answer with the tool: named (default with "
            "--base-url; llama-cpp-python), required (vLLM, llama.cpp llama-server), auto",
        ),
        timeout: float = typer.Option(120.0, "--timeout", help="seconds per model request attempt"),
        rpm: float | None = typer.Option(None, "--rpm", help="at most this many model requests per minute"),
        max_attempts: int = typer.Option(
            6, "--max-attempts", min=1, help="attempts per model request (429/5xx/timeouts)"
        ),
        backoff: float = typer.Option(
            1.0, "--backoff", min=0.0, help="seconds before the first retry (doubles each time)"
        ),
        budget: int = typer.Option(
            20, "--budget", min=1, help="agentic: model turns per item, the last one answers"
        ),
        max_document_chars: int = typer.Option(
            120_000,
            "--max-document-chars",
            help="extraction: longer documents are cut to the most related passages",
        ),
        no_cache: bool = typer.Option(False, "--no-cache", help="do not read or write the response cache"),
        retry_failed: bool = typer.Option(
            False, "--retry-failed", help="solve again the items that failed in earlier sessions"
        ),
    ) -> None:
        """Run a model (or openpcf's offline system) on a PCFBench task; rerun the same --out to resume."""
        import asyncio

        from pydantic import ValidationError

        from openpcf.cli.progress import RunProgress
        from openpcf.llm.models import CredentialError, GenerationSettings, ProviderMissingError
        from openpcf.llm.prompt_book import PromptError
        from openpcf.llm.retry import RetryPolicy
        from openpcf.pcfbench.data import BenchmarkFolder, DataError
        from openpcf.runner.session import RunError, RunOptions, read_ids, resolve_task, run_benchmark
        from openpcf.systems.registry import SolverUnavailable, judge_for, solver_for

        require_folder(out)
        try:
            opts = RunOptions(
                task=task,
                model=model,
                data_dir=data,
                out_dir=out,
                limit=limit,
                ids=read_ids(ids) if ids else None,
                concurrency=concurrency,
                system=system,
                agentic=agentic,
                query_only=query_only,
                setting=setting,
                prompts_dir=prompts,
                base_url=base_url,
                judge=judge,
                settings=GenerationSettings(
                    temperature=temperature,
                    max_tokens=max_tokens,
                    reasoning_effort=reasoning_effort,  # type: ignore[arg-type]
                    thinking_budget=thinking_budget,
                    seed=seed,
                    timeout=timeout,
                    tool_choice=tool_choice,  # type: ignore[arg-type]
                ),
                requests_per_minute=rpm,
                retry=RetryPolicy(max_attempts=max_attempts, base_delay=backoff),
                budget=budget,
                max_document_chars=max_document_chars,
                cache=not no_cache,
                retry_failed=retry_failed,
            )
            resolved, resolved_setting = resolve_task(task, setting)
            label = resolved + (f" ({resolved_setting})" if resolved_setting else "")
            if model == "offline":
                from openpcf.cli.progress import embedding_progress
                from openpcf.systems.offline import warm_picklist_search

                with embedding_progress() as bar:
                    warm_picklist_search(BenchmarkFolder(data).picklist_path(), {resolved}, progress=bar)
            solver, prompt_hashes = solver_for(
                resolved, model, opts, setting=resolved_setting, picklist=BenchmarkFolder(data).picklist_path(),
                judge=judge,
            )
            aligner = judge_for(judge, opts, run_model=model) if judge and resolved == "decomposition" else None
            manifest = asyncio.run(
                run_benchmark(opts, solver, prompt_hashes=prompt_hashes, judge=aligner, progress=RunProgress(label))
            )
        except KeyboardInterrupt:
            fail(f"interrupted: finished items are kept in {out}; rerun the same command to resume", code=130)
        except ValidationError as exc:
            err = exc.errors()[0]
            fail(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}")
        except (
            RunError,
            DataError,
            CredentialError,
            ProviderMissingError,
            SolverUnavailable,
            PromptError,
            ValueError,
        ) as exc:
            fail(str(exc))
        t = manifest.totals
        cost = "unknown (model not in the price table)" if t.cost_usd is None else f"${t.cost_usd:.4f}"
        console.print(
            f"{t.finished}/{t.items} items ({t.failed} failed, {t.skipped_finished} already done) · "
            f"{t.requests} requests, {t.cache_hits} cache hits · {t.input_tokens}+{t.output_tokens} tokens · {cost}"
        )
        if t.quarantined:
            err_console.print(
                f"[yellow]warning:[/] {t.quarantined} unreadable line(s) of {out / 'results.jsonl'} moved to "
                f"{out / 'results.quarantine.jsonl'}; their items were solved again",
                highlight=False, soft_wrap=True,
            )
        _print_summary(out)

    @app.command("rescore")
    def rescore_cmd(
        run_dir: Path = typer.Argument(..., help="a folder written by openpcf run"),
        judge: str | None = typer.Option(
            None, "--judge", help="decomposition: LLM judge model (default: the run's)"
        ),
        data: Path | None = typer.Option(
            None, "--data", help="the PCFBench folder, if it moved since the run"
        ),
    ) -> None:
        """Score a run again from its results.jsonl (no model calls except an uncached judge)."""
        import asyncio

        from openpcf.llm.models import CredentialError, ProviderMissingError
        from openpcf.pcfbench.data import DataError
        from openpcf.runner.session import RunError, rescore
        from openpcf.systems.registry import judge_for

        try:
            asyncio.run(rescore(run_dir, judge=judge, data_dir=data, make_judge=judge_for))
        except (RunError, DataError, CredentialError, ProviderMissingError, ValueError) as exc:
            fail(str(exc))
        _print_summary(run_dir)
