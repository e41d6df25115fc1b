"""``RUNDIR/manifest.json``: what was run, on what, with which code, prompts and data, and what it cost."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from openpcf.pcfbench.run_log.summary import SUMMARY_FILE

MANIFEST_FILE = "manifest.json"
__all__ = ["MANIFEST_FILE", "SUMMARY_FILE", "Manifest", "RunIdentity", "RunTotals", "read_manifest", "write_json"]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def file_sha256(path: str | Path) -> str:
    h = hashlib.sha256()
    with Path(path).open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class RunTotals(BaseModel):
    items: int = 0  # items selected for this run
    finished: int = 0  # items with a line in results.jsonl (this and earlier sessions)
    failed: int = 0  # of those, items whose line carries an error
    skipped_finished: int = 0  # items a resumed session found already done
    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0
    cache_hits: int = 0
    failed_attempts: int = 0
    cost_usd: float | None = 0.0
    quarantined: int = 0  # unreadable results lines moved to results.quarantine.jsonl (items solved again)


class RunIdentity(BaseModel):
    """The fields a resumed run must share with the run it continues."""

    task: str
    setting: str | None = None
    model: str
    system: str = "model"  # "parakeet" for the Parakeet mapping baseline; older manifests lack it
    agentic: bool = False
    query_only: bool = False
    settings: dict[str, Any] = Field(default_factory=dict)


class Manifest(RunIdentity):
    openpcf_version: str = "unknown"  # a hand-made RUNDIR (predictions copied in) may name only task and model
    base_url: str | None = None  # may change between sessions (a local server on another port)
    judge: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    prompts: dict[str, str] = Field(default_factory=dict, description="template name -> SHA-256 of its text")
    prompts_dir: str | None = None
    data: dict[str, str] = Field(default_factory=dict, description="data file -> SHA-256")
    started_at: str = ""
    ended_at: str | None = None
    sessions: list[dict[str, Any]] = Field(default_factory=list)
    totals: RunTotals = Field(default_factory=RunTotals)


def read_manifest(run_dir: str | Path) -> Manifest | None:
    path = Path(run_dir) / MANIFEST_FILE
    if not path.is_file():
        return None
    try:
        return Manifest.model_validate_json(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ValueError(f"{path}: not a readable openpcf manifest ({exc.__class__.__name__})") from None


def write_json(path: str | Path, data: BaseModel | dict[str, Any]) -> None:
    """Write JSON atomically (a crash never leaves half a manifest)."""
    path = Path(path)
    text = (
        data.model_dump_json(indent=2)
        if isinstance(data, BaseModel)
        else json.dumps(data, indent=2, ensure_ascii=False)
    )
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)


def identity_mismatch(old: RunIdentity, new: RunIdentity) -> str | None:
    """A one-line description of the first difference between two runs' identities, or ``None``."""
    a, b = old.model_dump(), new.model_dump()
    for key in RunIdentity.model_fields:
        if a.get(key) != b.get(key):
            return f"{key} was {a.get(key)!r}, now {b.get(key)!r}"
    return None
