"""Where openpcf keeps caches and finds its embedded data."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The one user cache directory (indexes, embeddings, model responses). Safe to delete.

    ``OPENPCF_CACHE_DIR`` overrides it; otherwise ``$XDG_CACHE_HOME/openpcf`` or ``~/.cache/openpcf``.
    """
    explicit = os.environ.get("OPENPCF_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "openpcf"


def package_data(*parts: str) -> Path:
    """Path of a file shipped inside the package (``src/openpcf/data/...``)."""
    return Path(__file__).parent.joinpath("data", *parts)


def shared_dir() -> Path | None:
    """``../shared`` next to the project checkout, when present (development and CI only)."""
    explicit = os.environ.get("OPENPCF_SHARED_DIR")
    if explicit:
        p = Path(explicit)
        return p if p.is_dir() else None
    p = Path(__file__).resolve().parents[3] / "shared"
    return p if p.is_dir() else None
