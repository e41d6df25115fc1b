"""Prompt templates: jinja2 files under ``tasks/prompts/``, each replaceable from a user's ``--prompts DIR``.

A file in the user's folder with the same name as a shipped template wins (so anyone can rerun a paper's
exact prompts); templates not given there fall back to openpcf's. Every template actually used is hashed
into the run manifest.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).with_name("prompts")


class PromptError(ValueError):
    """A template is missing or fails to render (the message names the template and the problem)."""


class PromptBook:
    def __init__(self, override_dir: str | Path | None = None):
        import jinja2

        self.override_dir = Path(override_dir) if override_dir else None
        if self.override_dir is not None and not self.override_dir.is_dir():
            raise PromptError(f"{self.override_dir}: prompts folder not found")
        dirs = ([str(self.override_dir)] if self.override_dir else []) + [str(DEFAULT_DIR)]
        self._env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(dirs),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=False,
            trim_blocks=True,
            lstrip_blocks=True,
            autoescape=False,
            auto_reload=False,  # templates do not change during a run; spares a stat() per render
        )
        self.used: dict[str, str] = {}

    def source_path(self, name: str) -> Path:
        for folder in ([self.override_dir] if self.override_dir else []) + [DEFAULT_DIR]:
            path = folder / name
            if path.is_file():
                return path
        raise PromptError(f"prompt template {name!r} not found in {self.override_dir or DEFAULT_DIR}")

    def digest(self, name: str) -> str:
        return hashlib.sha256(self.source_path(name).read_bytes()).hexdigest()

    def render(self, name: str, **context: Any) -> str:
        import jinja2

        try:
            template = self._env.get_template(name)
            text = template.render(**context).strip()
        except jinja2.TemplateNotFound:
            raise PromptError(f"prompt template {name!r} not found") from None
        except jinja2.TemplateError as exc:
            raise PromptError(f"prompt template {name!r}: {exc.message or exc}") from None
        if name not in self.used:
            self.used[name] = self.digest(name)
        return text

    def hashes(self, names: list[str]) -> dict[str, str]:
        """SHA-256 of each named template as it will be used (override or shipped)."""
        return {n: self.digest(n) for n in names}
