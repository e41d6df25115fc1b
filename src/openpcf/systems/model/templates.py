"""The prompt templates of openpcf's model solvers (jinja2 files in ``prompts/`` beside this module)."""

from __future__ import annotations

from pathlib import Path

from openpcf.llm.prompt_book import PromptBook

TEMPLATES_DIR = Path(__file__).with_name("prompts")


def prompt_book(override_dir: str | Path | None = None) -> PromptBook:
    """A prompt book over the shipped templates; files in ``override_dir`` with the same name win."""
    return PromptBook(override_dir, default_dir=TEMPLATES_DIR)
