"""Content-addressed on-disk cache of model responses, so the same call is never paid twice.

Key = SHA-256 of the canonical JSON of (model, base URL, messages, tools and output schema, the settings
that change an answer). Volatile fields (timestamps, run ids, tool-call ids, usage) are left out so a
rerun of the same conversation finds its entries. Values are the pydantic-ai ``ModelResponse`` as JSON,
one file per key under ``cache_dir()/responses/ab/abcdef….json``, written atomically. No credential or
header ever enters a key, and a value is redacted before it is written (a response names the server URL it
came from, which may carry ``user:pass@`` or ``?api-key=``). A write that fails (full disk, no permission)
is reported to the caller, never raised: the answer was paid for and is the result.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from openpcf.paths import cache_dir

# Fields of pydantic-ai messages/parameters that differ between two runs of the same conversation.
_VOLATILE = frozenset(
    {
        "timestamp",
        "run_id",
        "conversation_id",
        "tool_call_id",
        "provider_response_id",
        "provider_details",
        "provider_url",
        "usage",
        "metadata",
        "history_digest",
        "failed_attempts",
        "workspace_ref",
        "state",
        "id",
        "toolset_id",
        "capability_id",
        "model_name",
        "model_id",
        "finish_reason",
    }
)


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in _VOLATILE}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


@lru_cache(maxsize=1)
def _adapters() -> tuple[Any, Any]:
    """pydantic-ai's message adapter and one for request parameters (built once: building costs ~50 ms)."""
    from pydantic import TypeAdapter
    from pydantic_ai.messages import ModelMessagesTypeAdapter
    from pydantic_ai.models import ModelRequestParameters

    return ModelMessagesTypeAdapter, TypeAdapter(ModelRequestParameters)


def request_key(
    *,
    model: str,
    base_url: str | None,
    messages: list[Any],
    parameters: Any,
    settings: dict[str, Any],
) -> str:
    """The cache key of one model request (pydantic-ai messages and ``ModelRequestParameters``)."""
    messages_adapter, parameters_adapter = _adapters()
    payload = {
        "model": model,
        "base_url": base_url or "",
        "messages": _strip(messages_adapter.dump_python(messages, mode="json")),
        "tools": _strip(parameters_adapter.dump_python(parameters, mode="json")),
        "settings": settings,
    }
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResponseCache:
    """Model responses by key. ``root`` defaults to ``cache_dir()/responses``; safe to delete."""

    def __init__(self, root: str | Path | None = None, *, redact: Callable[[bytes], bytes] | None = None):
        self.root = Path(root) if root is not None else cache_dir() / "responses"
        self._made: set[Path] = set()
        self._redact = redact

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any | None:
        """The cached ``ModelResponse`` or ``None`` (an unreadable entry counts as a miss)."""
        from pydantic_ai.messages import ModelMessagesTypeAdapter

        path = self._path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        try:
            (response,) = ModelMessagesTypeAdapter.validate_json(data)
        except ValueError:
            return None
        return response

    def put(self, key: str, response: Any) -> OSError | None:
        """Store a response; returns the ``OSError`` when it could not be written (the entry is then absent)."""
        from pydantic_ai.messages import ModelMessagesTypeAdapter

        path = self._path(key)
        data = ModelMessagesTypeAdapter.dump_json([response])
        if self._redact is not None:
            data = self._redact(data)
        # Write then rename: a reader never sees half an entry (the name is unique per process and key).
        tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            if path.parent not in self._made:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._made.add(path.parent)
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except OSError as exc:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            return exc
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return None
