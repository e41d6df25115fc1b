"""Scripted pydantic-ai model helpers for tests."""

from __future__ import annotations

from typing import Any


def prompt_text(messages: list[Any]) -> str:
    """Everything a FunctionModel was sent (system prompt and user prompt parts)."""
    return "\n".join(str(getattr(p, "content", "")) for m in messages for p in m.parts)

