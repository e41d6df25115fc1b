"""openpcf's own offline system for the PCFBench tasks (model name ``offline``): deterministic, no
network, no key, and explained — every output carries its rationale or evidence in the trace.

>>> solver = solver_for("mapping", picklist="ecoinvent_picklist.jsonl")   # doctest: +SKIP
>>> result = asyncio.run(solver.solve(row))                                # doctest: +SKIP

Solvers by task: ``decomposition`` (:mod:`.decomposition`), ``triage`` (:mod:`.triage`), ``mapping``
(:mod:`.mapping`), ``extraction_material`` / ``extraction_energy`` (:mod:`.extraction`), ``epd`` in
its four settings (:mod:`.epd`) and ``compositional`` (:mod:`.compositional`).
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Callable
from pathlib import Path
from typing import Any

from openpcf.benchmark.data import TASKS
from openpcf.tasks.base import Solver

OFFLINE_TASKS = TASKS  # every PCFBench task has an offline solver
PICKLIST_TASKS = ("triage", "mapping")


class OfflineUnavailable(ValueError):
    """The offline system cannot be built for this task as asked (the message says what is missing)."""


@lru_cache(maxsize=2)
def shared_picklist_search(path: str, dense: bool = True) -> Any:
    """One search index per picklist file per process, shared by the triage and mapping solvers."""
    from openpcf.offline.picklist_search import PicklistSearch

    return PicklistSearch.from_file(path, dense=dense)


def prepare_picklist_search(
    path: str | Path, *, dense: bool = True, progress: Callable[[int, int], None] | None = None
) -> Any:
    """Build (and, for dense search, embed once — cached on disk) the shared picklist index ahead of a run,
    so that a first run can show embedding progress instead of stalling on its first item."""
    search = shared_picklist_search(str(Path(path).resolve()), dense)
    if dense:
        search.search.dense_index(progress=progress)
    return search


def solver_for(
    task: str,
    *,
    setting: str | None = None,
    picklist: str | Path | None = None,
    **options: Any,
) -> Solver:
    """The offline solver of ``task``.

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
        if task == "mapping":
            from openpcf.offline.mapping import OfflineMapper

            return OfflineMapper(search)
        from openpcf.offline.triage import OfflineTriage

        return OfflineTriage(search)
    if task == "decomposition":
        from openpcf.offline.decomposition import OfflineDecompositionSolver

        return OfflineDecompositionSolver(use_families=bool(options.get("use_families", True)))
    if task in ("extraction_material", "extraction_energy"):
        from openpcf.offline.extraction import OfflineExtractionSolver

        kind = "material" if task == "extraction_material" else "energy"
        return OfflineExtractionSolver(kind, query_only=bool(options.get("query_only", False)))
    if task == "epd":
        from openpcf.offline.epd import OfflineEpdSolver

        return OfflineEpdSolver(setting or "epd_with_description", runs=int(options.get("runs", 0)))
    if task == "compositional":
        from openpcf.offline.compositional import OfflineCompositionalSolver

        return OfflineCompositionalSolver(runs=int(options.get("runs", 200)))
    raise OfflineUnavailable(f"unknown task {task!r}; the offline system solves {', '.join(OFFLINE_TASKS)}")


__all__ = ["OFFLINE_TASKS", "OfflineUnavailable", "solver_for"]
