"""The development lockbox: a hash-chosen share of the dev items that nobody looks at while tuning.

Rule (frozen 2026-12-01, before any tuning of the offline triage/mapping or the estimator):

    an item of task T with id I is in the lockbox  iff
    int(sha256(f"openpcf-lockbox-v1:{T}:{I}").hexdigest()[:8], 16) / 2**32 < 0.30

The rule only needs the item's id, so it splits any PCFBench-style file the same way on every machine.
Tasks under the lockbox: ``triage`` and ``mapping`` (the offline-generalisation work) and ``epd`` (the
estimator work; the compositional task reuses the EPD items, so it uses the ``epd`` key).
Development scripts take ``--split dev70`` (default while tuning) or ``--split lockbox`` (reported once,
at the end of the work it guards); ``all`` is for refitting shipped parameters after the lockbox
result is recorded. See docs/lockbox.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Literal, TypeVar

LOCKBOX_SALT = "openpcf-lockbox-v1"
LOCKBOX_SHARE = 0.30
LOCKED_TASKS: frozenset[str] = frozenset({"triage", "mapping", "epd"})
Split = Literal["dev70", "lockbox", "all"]
SPLITS: tuple[Split, ...] = ("dev70", "lockbox", "all")

T = TypeVar("T")


def lockbox_key(task: str) -> str:
    """The task name the rule hashes: the compositional task shares the EPD items' lockbox."""
    return "epd" if task == "compositional" or task.startswith("epd") else task


def in_lockbox(task: str, item_id: str) -> bool:
    """True when the item belongs to the frozen 30% lockbox of its task (False for unlocked tasks)."""
    key = lockbox_key(task)
    if key not in LOCKED_TASKS:
        return False
    digest = hashlib.sha256(f"{LOCKBOX_SALT}:{key}:{item_id}".encode()).hexdigest()
    return int(digest[:8], 16) / 2**32 < LOCKBOX_SHARE


def select_split(task: str, items: Iterable[T], split: Split, *, id_of=lambda r: r.id) -> list[T]:
    """The items of one split: ``dev70`` (not locked), ``lockbox`` (locked) or ``all``."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; use one of {', '.join(SPLITS)}")
    if split == "all":
        return list(items)
    want = split == "lockbox"
    return [it for it in items if in_lockbox(task, id_of(it)) == want]
