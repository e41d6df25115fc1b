"""openpcf's own offline system for the PCFBench tasks (model name ``offline``): deterministic, no
network, no key, and explained — every output carries its rationale or evidence in the trace.

>>> solver = offline_solver("mapping", picklist="ecoinvent_picklist.jsonl")   # openpcf.systems.registry  # doctest: +SKIP
>>> result = asyncio.run(solver.solve(row))                                    # doctest: +SKIP

Solvers by task: ``decomposition`` (:mod:`.decomposition`), ``triage`` (:mod:`.triage`), ``mapping``
(:mod:`.mapping`), ``extraction_material`` / ``extraction_energy`` (:mod:`.extraction`), ``epd`` in
its four settings (:mod:`.epd`); ``compositional`` is :class:`openpcf.systems.compositional.CompositionalSolver`
with its offline bill of materials. The solvers are chosen in :mod:`openpcf.systems.registry`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

PICKLIST_TASKS = ("triage", "mapping")


@lru_cache(maxsize=2)
def shared_picklist_search(path: str, dense: bool = True) -> Any:
    """One search index per picklist file per process, shared by the triage and mapping solvers."""
    from openpcf.systems.offline.picklist_search import PicklistSearch

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


def warm_picklist_search(
    picklist: str | Path, tasks: set[str], *, progress: Callable[[int, int], None] | None = None
) -> bool:
    """Embed the picklist once before runs of ``tasks`` that search it (cached on disk afterwards);
    ``progress(done, total)`` is told how the embedding goes. Returns whether anything was prepared."""
    if not (tasks & set(PICKLIST_TASKS)) or not Path(picklist).is_file():
        return False
    prepare_picklist_search(picklist, progress=progress)
    return True


__all__ = ["PICKLIST_TASKS", "prepare_picklist_search", "shared_picklist_search", "warm_picklist_search"]
