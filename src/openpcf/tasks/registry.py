"""Choose the solver for a task: openpcf's own offline system (model ``offline``) or a model solver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openpcf.benchmark.data import EPD_SETTINGS, TaskName
from openpcf.tasks.base import Solver
from openpcf.tasks.documents import DEFAULT_MAX_CHARS
from openpcf.tasks.model_solver import ModelSolver, TaskPrompt
from openpcf.tasks.prompting import PromptBook

DEFAULT_BUDGET = 20
DEFAULT_SETTING = "epd_with_description"
AGENTIC_TASKS = ("triage", "mapping")
MODEL_TASKS = ("decomposition", "triage", "mapping", "extraction_material", "extraction_energy", "epd")


class SolverUnavailable(RuntimeError):
    """The requested combination of task, model and options has no solver (the message says why)."""


def offline_solver(task: TaskName, *, setting: str | None = None, **options: Any) -> Solver:
    """openpcf's own no-API system, from :func:`openpcf.offline.solver_for` when it is installed."""
    try:
        from openpcf.offline import solver_for  # type: ignore[attr-defined]
    except ImportError:
        raise SolverUnavailable(
            "the 'offline' system is not available in this version of openpcf (openpcf.offline.solver_for is missing)"
        ) from None
    return solver_for(task, setting=setting, **options)


def check_options(task: str, *, agentic: bool, query_only: bool, setting: str | None) -> None:
    if agentic and task not in AGENTIC_TASKS:
        raise SolverUnavailable(f"--agentic applies to {' and '.join(AGENTIC_TASKS)}, not {task}")
    if query_only and not task.startswith("extraction"):
        raise SolverUnavailable(f"--query-only applies to the extraction tasks, not {task}")
    if setting is not None and task != "epd":
        raise SolverUnavailable(f"--setting applies to the epd task, not {task}")
    if setting is not None and setting not in EPD_SETTINGS:
        raise SolverUnavailable(f"unknown epd setting {setting!r}; use one of {', '.join(EPD_SETTINGS)}")


def task_prompt(
    task: TaskName,
    *,
    agentic: bool = False,
    query_only: bool = False,
    setting: str | None = None,
    picklist: Callable[[], list[str]] | None = None,
    max_document_chars: int = DEFAULT_MAX_CHARS,
) -> TaskPrompt:
    """The prompt spec of a model task. ``picklist()`` gives the reference product names (read only when
    the task needs them)."""
    if task == "decomposition":
        from openpcf.tasks.decomposition import decomposition_prompt

        return decomposition_prompt()
    if task == "triage":
        from openpcf.tasks.triage import triage_prompt

        return triage_prompt(None if agentic else _names(picklist), agentic=agentic)
    if task == "mapping":
        from openpcf.tasks.mapping import PicklistNames, mapping_prompt

        return mapping_prompt(PicklistNames(_names(picklist)), agentic=agentic)
    if task in ("extraction_material", "extraction_energy"):
        from openpcf.tasks.extraction import extraction_prompt

        return extraction_prompt(query_only=query_only, max_document_chars=max_document_chars)
    if task == "epd":
        from openpcf.tasks.epd import epd_prompt

        return epd_prompt(setting or DEFAULT_SETTING)  # type: ignore[arg-type]
    raise SolverUnavailable(
        f"no model solver for {task!r}: the compositional task is run by openpcf's engine "
        "(openpcf.engine.benchmark_solver.EngineSolver, with the model filling the bill of materials)"
    )


def _names(picklist: Callable[[], list[str]] | None) -> list[str]:
    if picklist is None:
        raise SolverUnavailable(
            "this task needs the activity picklist (ecoinvent_picklist.jsonl in the data folder)"
        )
    return picklist()


def build_solver(
    task: TaskName,
    model: Any,
    *,
    model_label: str,
    prompts: PromptBook | None = None,
    agentic: bool = False,
    query_only: bool = False,
    setting: str | None = None,
    budget: int = DEFAULT_BUDGET,
    picklist: Callable[[], list[str]] | None = None,
    searcher: Callable[[], Any] | None = None,
    max_document_chars: int = DEFAULT_MAX_CHARS,
    model_settings: dict[str, Any] | None = None,
) -> Solver:
    """A model solver for ``task``. ``model`` is a pydantic-ai model; ``searcher()`` gives the catalog
    search for agentic runs (built only then)."""
    check_options(task, agentic=agentic, query_only=query_only, setting=setting)
    spec = task_prompt(
        task,
        agentic=agentic,
        query_only=query_only,
        setting=setting,
        picklist=picklist,
        max_document_chars=max_document_chars,
    )
    tools = None
    if agentic:
        from openpcf.tasks.catalog_tools import catalog_tools

        if searcher is None:
            raise SolverUnavailable(
                "agentic mode needs a catalog to search (the picklist of the data folder)"
            )
        tools = catalog_tools(searcher())
    mode = "agentic" if agentic else "query-only" if query_only else (setting or "single-shot")
    return ModelSolver(
        f"{model_label} {task} {mode}",
        model,
        prompts or PromptBook(),
        spec,
        tools=tools,
        budget=budget if agentic else 1,
        model_settings=model_settings,
    )
