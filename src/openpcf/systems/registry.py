"""The ONE registry of systems under test: :func:`solver_for` chooses the solver of a task (openpcf's own
offline system for model ``offline``, else a model solver, the engine for the compositional task) and
:func:`aligner_for` the decomposition aligner (the offline ones of :mod:`openpcf.pcfbench.alignment`, or the
LLM judge ``judge:MODEL``). The runner receives what these return and knows no implementation.

>>> solver, prompt_hashes = solver_for("mapping", "offline", SystemOptions(), picklist=path)   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from openpcf.catalog import load_catalog
from openpcf.llm.guarded_model import guard_model
from openpcf.llm.models import OFFLINE, PROVIDERS
from openpcf.llm.prompt_book import PromptBook
from openpcf.pcfbench.alignment import Aligner, get_aligner
from openpcf.pcfbench.alignment import aligner_names as pcfbench_aligner_names
from openpcf.pcfbench.data import EPD_SETTINGS, TASKS, TaskName, read_picklist
from openpcf.search import ActivitySearch
from openpcf.systems.compositional import CompositionalSolver
from openpcf.systems.model.bom_proposal import TEMPLATES as BOM_TEMPLATES
from openpcf.systems.model.catalog_tools import catalog_tools
from openpcf.systems.model.decomposition import decomposition_prompt
from openpcf.systems.model.documents import DEFAULT_MAX_CHARS
from openpcf.systems.model.epd import epd_prompt
from openpcf.systems.model.extraction import extraction_prompt
from openpcf.systems.model.judge import judge_aligner
from openpcf.systems.model.mapping import PicklistNames, mapping_prompt
from openpcf.systems.model.model_solver import ModelSolver, TaskPrompt
from openpcf.systems.model.parakeet import ParakeetSolver
from openpcf.systems.model.templates import prompt_book
from openpcf.systems.model.triage import triage_prompt
from openpcf.systems.offline import shared_picklist_search
from openpcf.systems.offline.decomposition import OfflineDecompositionSolver
from openpcf.systems.offline.epd import OfflineEpdSolver
from openpcf.systems.offline.extraction import OfflineExtractionSolver
from openpcf.systems.offline.mapping import OfflineMapper
from openpcf.systems.offline.triage import OfflineTriage
from openpcf.systems.protocol import DEFAULT_BUDGET, Solver, SystemOptions

DEFAULT_SETTING = "epd_with_description"
AGENTIC_TASKS = ("triage", "mapping")
#: The model systems ``--system`` selects: openpcf's task solvers, or the Parakeet baseline (mapping only:
#: paraphrase → dense top-10 over the picklist → the model chooses or abstains).
MODEL_SYSTEMS = ("model", "parakeet")
PARAKEET_TASKS = ("mapping",)
MODEL_TASKS = ("decomposition", "triage", "mapping", "extraction_material", "extraction_energy", "epd")


class SolverUnavailable(RuntimeError):
    """The requested combination of task, model and options has no solver (the message says why)."""


OFFLINE_TASKS = TASKS  # every PCFBench task has an offline solver
PICKLIST_TASKS = ("triage", "mapping")
#: What the compositional task shows a model: name, declared unit and description (as the offline system and
#: the published compositional pipelines); the model proposes the bill of materials.
COMPOSITIONAL_MODEL_SETTING = "epd_with_description"


class OfflineUnavailable(SolverUnavailable, ValueError):
    """The offline system cannot be built for this task as asked (the message says what is missing)."""


def offline_solver(
    task: str,
    *,
    setting: str | None = None,
    picklist: str | Path | None = None,
    **options: Any,
) -> Solver:
    """openpcf's own no-API solver of ``task``.

    ``picklist`` (the data folder's ``ecoinvent_picklist.jsonl``) is required by triage and mapping;
    ``setting`` selects the epd context (default ``epd_with_description``); options: ``dense=False``
    (lexical search only), ``query_only=True`` (extraction ablation), ``use_families=False``
    (decomposition ablation), ``runs`` (Monte Carlo runs of the engine, epd/compositional).
    """
    if task in PICKLIST_TASKS:
        if picklist is None:
            raise OfflineUnavailable(
                f"the offline {task} solver needs the picklist (the data folder's ecoinvent_picklist.jsonl)"
            )
        path = Path(picklist)
        if not path.is_file():
            raise OfflineUnavailable(f"{path}: picklist not found")
        search = shared_picklist_search(str(path.resolve()), bool(options.get("dense", True)))
        return OfflineMapper(search) if task == "mapping" else OfflineTriage(search)
    if task == "decomposition":
        return OfflineDecompositionSolver(use_families=bool(options.get("use_families", True)))
    if task in ("extraction_material", "extraction_energy"):
        kind = "material" if task == "extraction_material" else "energy"
        return OfflineExtractionSolver(kind, query_only=bool(options.get("query_only", False)))
    if task == "epd":
        return OfflineEpdSolver(setting or "epd_with_description", runs=int(options.get("runs", 0)))
    if task == "compositional":
        return CompositionalSolver(task="compositional", offline_bom=True, runs=int(options.get("runs", 200)))
    raise OfflineUnavailable(f"unknown task {task!r}; the offline system solves {', '.join(OFFLINE_TASKS)}")


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
        return decomposition_prompt()
    if task == "triage":
        return triage_prompt(None if agentic else _names(picklist), agentic=agentic)
    if task == "mapping":
        return mapping_prompt(PicklistNames(_names(picklist)), agentic=agentic)
    if task in ("extraction_material", "extraction_energy"):
        return extraction_prompt(query_only=query_only, max_document_chars=max_document_chars)
    if task == "epd":
        return epd_prompt(setting or DEFAULT_SETTING)  # type: ignore[arg-type]
    raise SolverUnavailable(
        f"no model solver for {task!r}: the compositional task is run by openpcf's engine "
        "(openpcf.systems.compositional.CompositionalSolver, with the model filling the bill of materials)"
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
        if searcher is None:
            raise SolverUnavailable(
                "agentic mode needs a catalog to search (the picklist of the data folder)"
            )
        tools = catalog_tools(searcher())
    mode = "agentic" if agentic else "query-only" if query_only else (setting or "single-shot")
    return ModelSolver(
        f"{model_label} {task} {mode}",
        model,
        prompts or prompt_book(),
        spec,
        tools=tools,
        budget=budget if agentic else 1,
        model_settings=model_settings,
    )


def model_label_provider(label: str) -> str:
    return label.split(":", 1)[0]


def guarded(model_string: str, options: SystemOptions) -> tuple[Any, str]:
    """The model wrapped with cache, rate limit and retries; and its label."""
    model, label, _ = guard_model(
        model_string,
        base_url=options.base_url,
        settings=options.settings,
        cache=options.cache,
        retry=options.retry,
        requests_per_minute=options.requests_per_minute,
    )
    return model, label


def solver_for(
    task: TaskName,
    model: str,
    options: SystemOptions,
    *,
    setting: str | None = None,
    picklist: Path | None = None,
    judge: str | None = None,
) -> tuple[Solver, dict[str, str]]:
    """The solver of ``task`` for ``model`` (``offline`` or a model string) and the SHA-256 of each prompt
    template it uses (for the run manifest). ``picklist`` is the data folder's picklist file (triage and
    mapping, and the catalog an agent searches); ``judge`` adds the judge's templates
    to the hashes of a decomposition run."""
    check_options(task, agentic=options.agentic, query_only=options.query_only,
                  setting=setting if task == "epd" else None)
    if options.system not in MODEL_SYSTEMS:
        raise SolverUnavailable(f"unknown system {options.system!r}; use one of {', '.join(MODEL_SYSTEMS)}")
    if options.system == "parakeet":
        return parakeet_solver(task, model, options, picklist=picklist)
    if model == OFFLINE:
        if options.agentic:
            raise SolverUnavailable("--agentic needs a model: the offline system has its own search")
        extra = {"query_only": True} if options.query_only else {}
        return offline_solver(task, setting=setting, picklist=picklist, **extra), {}
    built, label = guarded(model, options)
    prompts = prompt_book(options.prompts_dir)
    model_settings = options.settings.model_settings(model_label_provider(label))
    if task == "compositional":
        solver: Solver = CompositionalSolver(task="compositional", setting=COMPOSITIONAL_MODEL_SETTING, model=built,
                                             model_label=label, model_settings=model_settings, prompts=prompts)
        return solver, prompts.hashes(list(BOM_TEMPLATES))
    solver = build_solver(
        task,
        built,
        model_label=label,
        prompts=prompts,
        agentic=options.agentic,
        query_only=options.query_only,
        setting=setting,
        budget=options.budget,
        picklist=_picklist_names(picklist),
        searcher=_picklist_searcher(picklist),
        max_document_chars=options.max_document_chars,
        model_settings=model_settings,
    )
    names = list(solver.templates) + (["judge.system.j2", "judge.user.j2"] if judge and task == "decomposition" else [])
    return solver, prompts.hashes(names)


def parakeet_solver(
    task: TaskName, model: str, options: SystemOptions, *, picklist: Path | None
) -> tuple[Solver, dict[str, str]]:
    """The Parakeet baseline for ``task`` (mapping) with ``model``, searching the picklist's dense index (the
    one the offline system shares, embedded once and cached on disk); and its prompt hashes."""
    if task not in PARAKEET_TASKS:
        raise SolverUnavailable(f"the parakeet system solves {', '.join(PARAKEET_TASKS)}, not {task}")
    if model == OFFLINE:
        raise SolverUnavailable("the parakeet system needs a model (--model PROVIDER:MODEL), not offline")
    if options.agentic:
        raise SolverUnavailable("--agentic does not apply to the parakeet system (it searches once, by design)")
    if picklist is None or not Path(picklist).is_file():
        raise SolverUnavailable("the parakeet system needs the picklist (ecoinvent_picklist.jsonl in the data folder)")
    built, label = guarded(model, options)
    prompts = prompt_book(options.prompts_dir)
    search = shared_picklist_search(str(Path(picklist).resolve()), True).search
    solver = ParakeetSolver(
        f"{label} {task} parakeet", built, prompts, search,
        model_settings=options.settings.model_settings(model_label_provider(label)),
    )  # fmt: skip
    return solver, prompts.hashes(solver.templates)


def _picklist_names(picklist: Path | None) -> Callable[[], list[str]] | None:
    if picklist is None:
        return None
    return lambda: [p.reference_product_name for p in read_picklist(picklist)]


def _picklist_searcher(picklist: Path | None) -> Callable[[], Any] | None:
    """The catalog search an agent's ``search``/``inspect`` tools use (built only for agentic runs)."""
    if picklist is None:
        return None
    return lambda: ActivitySearch(load_catalog(picklist, "picklist"))


def aligner_for(name: str, **options: Any) -> Aligner:
    """The aligner called ``name``: ``judge:MODEL`` is the LLM judge (options: ``base_url``, ``prompts``,
    ``settings``, ``cache``, ``retry``, ``requests_per_minute``); any other name is an offline aligner
    registered in :mod:`openpcf.pcfbench.alignment`."""
    prefix, sep, model = name.partition(":")
    if prefix == "judge" and sep:
        if not model:
            raise ValueError(f"aligner {name!r} needs an argument: judge:ARG")
        return judge_aligner(model, **options)
    return get_aligner(name, **options)


def aligner_names() -> list[str]:
    """Every selectable aligner: the offline ones and the LLM judge family."""
    return pcfbench_aligner_names() + ["judge:ARG"]


def judge_for(judge: str, options: SystemOptions, *, run_model: str | None = None) -> Aligner:
    """The LLM judge of a decomposition run; the run's ``--base-url`` serves it too when the judge is the
    run's model or a bare model name."""
    run_model = run_model if run_model is not None else getattr(options, "model", None)
    bare = judge.split(":", 1)[0] not in PROVIDERS
    return judge_aligner(
        judge,
        base_url=options.base_url if (judge == run_model or bare) else None,
        prompts=prompt_book(options.prompts_dir),
        settings=options.settings,
        cache=options.cache,
        retry=options.retry,
        requests_per_minute=options.requests_per_minute,
    )
