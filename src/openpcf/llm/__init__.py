"""Model access: one factory from a model string to a pydantic-ai model, settings, prices and the response cache.

>>> model = build_model("openai:gpt-4o-mini")                       # doctest: +SKIP
>>> model = build_model("openai:qwen2.5", base_url="http://127.0.0.1:8000/v1")   # doctest: +SKIP
"""

from openpcf.llm.models import (
    OFFLINE,
    PROVIDERS,
    CredentialError,
    GenerationSettings,
    ModelSpec,
    ProviderMissingError,
    build_model,
    parse_model,
)

__all__ = [
    "OFFLINE",
    "PROVIDERS",
    "CredentialError",
    "GenerationSettings",
    "ModelSpec",
    "ProviderMissingError",
    "build_model",
    "parse_model",
]
