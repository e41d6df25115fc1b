"""The prompt book: renders jinja2 prompt templates, each replaceable from a user's ``--prompts DIR``.

The templates themselves live with the model solvers (``openpcf/systems/model/prompts/``; a book for them is
made by :func:`openpcf.systems.model.templates.prompt_book`); this class only finds, renders and hashes.

A file in the user's folder with the same name as a shipped template wins (so anyone can rerun a paper's
exact prompts); templates not given there fall back to openpcf's. Every template actually used is hashed
into the run manifest.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any


class PromptError(ValueError):
    """A template is missing or fails to render (the message names the template and the problem)."""


class PromptBook:
    def __init__(self, override_dir: str | Path | None = None, *, default_dir: str | Path):
        import jinja2

        self.default_dir = Path(default_dir)
        self.override_dir = Path(override_dir) if override_dir else None
        if self.override_dir is not None and not self.override_dir.is_dir():
            raise PromptError(f"{self.override_dir}: prompts folder not found")
        dirs = ([str(self.override_dir)] if self.override_dir else []) + [str(self.default_dir)]
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
        for folder in ([self.override_dir] if self.override_dir else []) + [self.default_dir]:
            path = folder / name
            if path.is_file():
                return path
        raise PromptError(f"prompt template {name!r} not found in {self.override_dir or self.default_dir}")

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
