"""From a model string to a pydantic-ai model, with credentials read only from the environment.

Model strings are ``PROVIDER:MODEL`` (``openai:gpt-4o-mini``, ``anthropic:claude-sonnet-4-5``,
``google-gla:gemini-2.5-flash``, ``google-vertex:gemini-2.5-pro``, ``bedrock:anthropic.claude-…``,
``groq:…``, ``mistral:…``, ``openrouter:vendor/model``). With ``base_url`` any OpenAI-compatible server
(vLLM, Ollama, llama.cpp server) is reached through the chat-completions client; the provider prefix may
then be omitted. ``offline`` is reserved for openpcf's own no-API system and never builds a model.

The provider SDKs' own retries are switched off (in the client for openai and bedrock, ``max_retries=0`` in
every request's settings for the others): the runner owns the one retry layer, so attempts never multiply.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

OFFLINE = "offline"

ReasoningEffort = Literal["minimal", "low", "medium", "high", "xhigh", "max"]

#: How an OpenAI-compatible request forces the model to call a tool (openpcf's answer always comes as the
#: arguments of a ``submit`` tool, so the server can constrain decoding to the answer's JSON schema):
#: ``named`` names the tool when the answer tool is the only one offered and sends ``auto`` when there are
#: several (llama-cpp-python's server: it builds a JSON-schema grammar only for a named tool, and its
#: ``chatml-function-calling`` format takes ``auto`` but not ``required``); ``required`` sends ``required``
#: (OpenAI, vLLM, llama.cpp's own ``llama-server --jinja``); ``auto`` never forces (servers that ignore it).
ToolChoice = Literal["named", "required", "auto"]

# provider prefix -> (environment variables that can carry the credential; the first is named in errors)
_CREDENTIALS: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "google-gla": ("GOOGLE_API_KEY", "GEMINI_API_KEY"),
    "google-vertex": ("GOOGLE_CLOUD_PROJECT",),
    "bedrock": ("AWS_ACCESS_KEY_ID", "AWS_PROFILE", "AWS_BEARER_TOKEN_BEDROCK"),
    "groq": ("GROQ_API_KEY",),
    "mistral": ("MISTRAL_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
}
PROVIDERS: tuple[str, ...] = tuple(_CREDENTIALS)
_CLIENT_RETRIES_OFF = frozenset({"openai", "bedrock"})


class CredentialError(RuntimeError):
    """A credential the chosen provider needs is not in the environment (the message names the variable)."""


class ProviderMissingError(RuntimeError):
    """The provider's client library is not installed."""


class GenerationSettings(BaseModel):
    """What a run asks of the model. ``None`` = the provider's default.

    ``reasoning_effort`` is the unified thinking level; ``thinking_budget`` a token budget where a provider
    takes one (Anthropic, Google). ``timeout`` is seconds per attempt (not sent to the model, not cached).
    """

    model_config = ConfigDict(extra="forbid")

    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    max_tokens: int | None = Field(default=None, gt=0)
    reasoning_effort: ReasoningEffort | None = None
    thinking_budget: int | None = Field(default=None, gt=0)
    seed: int | None = None
    timeout: float | None = Field(default=120.0, gt=0)
    #: ``None``: ``named`` for a server at ``--base-url``, the provider's own forcing otherwise.
    tool_choice: ToolChoice | None = None

    def semantic(self) -> dict[str, Any]:
        """The settings that change the answer (the part of a cache key); timeouts are left out.
        ``tool_choice`` shapes the request, so it is in the key when set."""
        return self.model_dump(exclude={"timeout"}, exclude_none=True)

    def model_settings(self, provider: str) -> dict[str, Any]:
        """pydantic-ai ``ModelSettings`` for ``provider`` (SDK retries off)."""
        # Retries are off in the clients built here for openai and bedrock; the others take it per request.
        out: dict[str, Any] = {} if provider in _CLIENT_RETRIES_OFF else {"max_retries": 0}
        if self.temperature is not None:
            out["temperature"] = self.temperature
        if self.max_tokens is not None:
            out["max_tokens"] = self.max_tokens
        if self.seed is not None and provider != "bedrock":  # Converse has no seed
            out["seed"] = self.seed
        if self.timeout is not None and provider != "bedrock":  # set on the boto3 client instead
            out["timeout"] = self.timeout
        if self.reasoning_effort is not None:
            out["thinking"] = self.reasoning_effort
        if self.thinking_budget is not None:
            if provider == "anthropic":
                out["anthropic_thinking"] = {"type": "enabled", "budget_tokens": self.thinking_budget}
            elif provider in ("google-gla", "google-vertex"):
                out["google_thinking_config"] = {"thinking_budget": self.thinking_budget}
            elif "thinking" not in out:
                out["thinking"] = True
        return out


def effective_tool_choice(spec: ModelSpec, settings: GenerationSettings | None = None) -> ToolChoice | None:
    """The tool forcing actually sent for ``spec`` (``None``: the provider's own, i.e. pydantic-ai's)."""
    chosen = settings.tool_choice if settings is not None else None
    if spec.provider != "openai":
        return None
    return chosen or ("named" if spec.base_url else None)


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model string: provider prefix, the provider's model name, and an optional base URL."""

    provider: str
    name: str
    base_url: str | None = None

    @property
    def label(self) -> str:
        return f"{self.provider}:{self.name}"


def parse_model(model: str, *, base_url: str | None = None) -> ModelSpec:
    """Split ``PROVIDER:MODEL``. A bare name is allowed only with ``base_url`` (an OpenAI-compatible server)."""
    model = model.strip()
    if not model:
        raise ValueError("empty model string; use PROVIDER:MODEL, e.g. openai:gpt-4o-mini")
    if model == OFFLINE:
        return ModelSpec(OFFLINE, OFFLINE)
    provider, sep, name = model.partition(":")
    if sep and provider in PROVIDERS and name:
        if base_url and provider != "openai":
            raise ValueError(
                f"--base-url needs an OpenAI-compatible model string (openai:NAME or NAME), got {model!r}"
            )
        return ModelSpec(provider, name, base_url or None)
    if base_url:
        return ModelSpec("openai", model, base_url)
    known = ", ".join(f"{p}:" for p in PROVIDERS)
    raise ValueError(
        f"unknown model {model!r}: use one of {known} followed by the model name, or --base-url URL"
    )


def _credential(provider: str) -> str:
    names = _CREDENTIALS[provider]
    for name in names:
        value = os.environ.get(name)
        if value:
            return value
    raise CredentialError(f"{provider} needs the environment variable {names[0]} (not set)")


def build_model(
    model: str | ModelSpec, *, base_url: str | None = None, tool_choice: ToolChoice | None = None
) -> Any:
    """A pydantic-ai ``Model`` for a model string. Raises :class:`CredentialError` (naming the missing
    variable), :class:`ProviderMissingError` (naming the extra to install) or ``ValueError`` (bad string).
    ``offline`` is not a model: ask :func:`openpcf.systems.registry.offline_solver` for openpcf's own system.
    ``tool_choice`` (OpenAI-compatible chat only) rewrites how a tool call is forced, see :data:`ToolChoice`."""
    spec = model if isinstance(model, ModelSpec) else parse_model(model, base_url=base_url)
    if spec.provider == OFFLINE:
        raise ValueError(
            "'offline' is openpcf's own system, not a model: it is dispatched to openpcf.systems.offline"
        )
    # Credentials first: a missing key is the more useful message, even when the client is missing too.
    key = None if spec.base_url else _credential(spec.provider)
    try:
        return _build(spec, key, tool_choice)
    except ImportError:
        raise ProviderMissingError(
            f"the {spec.provider} client library is not installed; pip install 'openpcf[providers]'"
        ) from None


def _build(spec: ModelSpec, key: str | None, tool_choice: ToolChoice | None = None) -> Any:
    p, name = spec.provider, spec.name
    if p == "openai":
        from openai import AsyncOpenAI
        from pydantic_ai.models.openai import OpenAIChatModel
        from pydantic_ai.providers.openai import OpenAIProvider

        if spec.base_url:
            # Local servers rarely check keys; a hosted compatible server reads OPENAI_API_KEY.
            key = os.environ.get("OPENAI_API_KEY") or "not-needed"
        # Retries off in the client itself: a per-request max_retries would copy the client on every call.
        client = AsyncOpenAI(api_key=key, base_url=spec.base_url, max_retries=0)
        provider = OpenAIProvider(openai_client=client)
        # A compatible server reads the classic `max_tokens`; llama-cpp-python's ignores OpenAI's newer
        # `max_completion_tokens`, so --max-tokens would cap nothing there.
        profile = {"openai_chat_supports_max_completion_tokens": False} if spec.base_url else None
        if not spec.base_url:
            return OpenAIChatModel(name, provider=provider)
        return _compatible_server_model(tool_choice or "named")(name, provider=provider, profile=profile)
    if p == "anthropic":
        from pydantic_ai.models.anthropic import AnthropicModel
        from pydantic_ai.providers.anthropic import AnthropicProvider

        return AnthropicModel(name, provider=AnthropicProvider(api_key=key))
    if p == "google-gla":
        from pydantic_ai.models.google import GoogleModel
        from pydantic_ai.providers.google import GoogleProvider

        return GoogleModel(name, provider=GoogleProvider(api_key=key))
    if p == "google-vertex":
        from pydantic_ai.models import infer_model

        return infer_model(f"google-cloud:{name}")
    if p == "bedrock":
        region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
        if not region:
            raise CredentialError("bedrock needs the environment variable AWS_REGION (not set)")
        return _bedrock(name, region)
    if p == "groq":
        from pydantic_ai.models.groq import GroqModel
        from pydantic_ai.providers.groq import GroqProvider

        return GroqModel(name, provider=GroqProvider(api_key=key))
    if p == "mistral":
        from pydantic_ai.models.mistral import MistralModel
        from pydantic_ai.providers.mistral import MistralProvider

        return MistralModel(name, provider=MistralProvider(api_key=key))
    if p == "openrouter":
        from pydantic_ai.models.openrouter import OpenRouterModel
        from pydantic_ai.providers.openrouter import OpenRouterProvider

        return OpenRouterModel(name, provider=OpenRouterProvider(api_key=key))
    raise ValueError(f"unknown provider {p!r}")  # parse_model already refuses these


def forced_tool_choice(policy: ToolChoice, choice: Any, n_tools: int) -> Any:
    """The ``tool_choice`` to send instead of pydantic-ai's ``choice`` when it forces a tool call
    (``"required"``); anything else (``auto``, ``none``, a name) is kept."""
    if choice != "required" or policy == "required":
        return choice
    if policy == "named" and n_tools == 1:
        return "named"  # placeholder: the caller fills in the one tool's name
    return "auto"


def _compatible_server_model(policy: ToolChoice) -> Any:
    """``OpenAIChatModel`` for a server at ``--base-url`` (pydantic-ai 2.68's hooks): a forced tool choice
    follows ``policy``, and an assistant turn made only of tool calls carries ``content: ""`` instead of
    ``null`` (both are valid OpenAI; llama-cpp-python's server answers HTTP 500 to the ``null`` form, so no
    agentic conversation could go past its first tool call)."""
    from pydantic_ai.models.openai import OpenAIChatModel

    class CompatibleServerChatModel(OpenAIChatModel):
        def _get_tool_choice(self, model_settings: Any, model_request_parameters: Any) -> Any:
            tools, choice = super()._get_tool_choice(model_settings, model_request_parameters)
            new = forced_tool_choice(policy, choice, len(tools))
            if new == "named":
                new = {"type": "function", "function": {"name": tools[0]["function"]["name"]}}
            return tools, new

        async def _map_messages(self, *args: Any, **kwargs: Any) -> Any:
            messages = await super()._map_messages(*args, **kwargs)
            for m in messages:
                if m.get("role") == "assistant" and m.get("tool_calls") and m.get("content") is None:
                    m["content"] = ""  # type: ignore[typeddict-item]
            return messages

    return CompatibleServerChatModel


def _bedrock(name: str, region: str) -> Any:
    """Bedrock through a boto3 client whose own retries are off (one attempt; the runner retries)."""
    from pydantic_ai.models.bedrock import BedrockConverseModel
    from pydantic_ai.providers.bedrock import BedrockProvider

    if os.environ.get("AWS_BEARER_TOKEN_BEDROCK"):  # bearer-token sessions are built by pydantic-ai itself
        return BedrockConverseModel(name, provider=BedrockProvider(region_name=region))
    import boto3
    from botocore.config import Config

    session = boto3.Session(region_name=region, profile_name=os.environ.get("AWS_PROFILE") or None)
    config = Config(
        retries={"total_max_attempts": 1, "mode": "standard"}, read_timeout=300, connect_timeout=60
    )
    client = session.client("bedrock-runtime", config=config)
    return BedrockConverseModel(name, provider=BedrockProvider(bedrock_client=client))
