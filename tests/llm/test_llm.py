"""Model strings, credentials, settings, prices and the response cache (no network, no API key)."""

from __future__ import annotations

import json

import pytest

from openpcf.llm.cache import ResponseCache, request_key
from openpcf.llm.metering import CallMeter, current_meter, metering
from openpcf.llm.models import CredentialError, GenerationSettings, ModelSpec, build_model, parse_model
from openpcf.llm.prices import PriceTable, TokenPrice, cost_usd, price_table

ALL_KEYS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_CLOUD_PROJECT",
    "AWS_ACCESS_KEY_ID",
    "AWS_PROFILE",
    "AWS_BEARER_TOKEN_BEDROCK",
    "GROQ_API_KEY",
    "MISTRAL_API_KEY",
    "OPENROUTER_API_KEY",
)


@pytest.fixture
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for k in ALL_KEYS:
        monkeypatch.delenv(k, raising=False)


# ------------------------------------------------------------------ model strings


@pytest.mark.parametrize(
    ("text", "base_url", "expected"),
    [
        ("openai:gpt-4o-mini", None, ModelSpec("openai", "gpt-4o-mini")),
        ("anthropic:claude-sonnet-4-5", None, ModelSpec("anthropic", "claude-sonnet-4-5")),
        ("google-gla:gemini-2.5-flash", None, ModelSpec("google-gla", "gemini-2.5-flash")),
        ("google-vertex:gemini-2.5-pro", None, ModelSpec("google-vertex", "gemini-2.5-pro")),
        (
            "bedrock:us.anthropic.claude-3-5-haiku-20241022-v1:0",
            None,
            ModelSpec("bedrock", "us.anthropic.claude-3-5-haiku-20241022-v1:0"),
        ),
        ("groq:llama-3.3-70b-versatile", None, ModelSpec("groq", "llama-3.3-70b-versatile")),
        ("mistral:mistral-small-latest", None, ModelSpec("mistral", "mistral-small-latest")),
        ("openrouter:deepseek/deepseek-chat", None, ModelSpec("openrouter", "deepseek/deepseek-chat")),
        (
            "qwen2.5:7b",
            "http://127.0.0.1:11434/v1",
            ModelSpec("openai", "qwen2.5:7b", "http://127.0.0.1:11434/v1"),
        ),
        (
            "openai:local",
            "http://127.0.0.1:8000/v1",
            ModelSpec("openai", "local", "http://127.0.0.1:8000/v1"),
        ),
        ("offline", None, ModelSpec("offline", "offline")),
    ],
)
def test_parse_model(text: str, base_url: str | None, expected: ModelSpec) -> None:
    assert parse_model(text, base_url=base_url) == expected


def test_parse_model_rejects_unknown_prefix_and_base_url_with_other_provider() -> None:
    with pytest.raises(ValueError, match="unknown model 'gpt-4o'"):
        parse_model("gpt-4o")
    with pytest.raises(ValueError, match="--base-url needs an OpenAI-compatible model"):
        parse_model("anthropic:claude", base_url="http://127.0.0.1:1/v1")


@pytest.mark.parametrize(
    ("model", "variable"),
    [
        ("openai:gpt-4o", "OPENAI_API_KEY"),
        ("anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY"),
        ("google-gla:gemini-2.5-flash", "GOOGLE_API_KEY"),
        ("google-vertex:gemini-2.5-pro", "GOOGLE_CLOUD_PROJECT"),
        ("bedrock:anthropic.claude-3-5-haiku", "AWS_ACCESS_KEY_ID"),
        ("groq:llama-3.3-70b-versatile", "GROQ_API_KEY"),
        ("mistral:mistral-small-latest", "MISTRAL_API_KEY"),
        ("openrouter:deepseek/deepseek-chat", "OPENROUTER_API_KEY"),
    ],
)
def test_missing_credential_names_the_variable(no_keys: None, model: str, variable: str) -> None:
    with pytest.raises(CredentialError) as info:
        build_model(model)
    message = str(info.value)
    assert variable in message and "\n" not in message


def test_openai_model_with_key_and_base_url(no_keys: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic_ai.models.openai import OpenAIChatModel

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-dummy")
    model = build_model("openai:gpt-4o-mini")
    assert isinstance(model, OpenAIChatModel) and model.model_name == "gpt-4o-mini"
    assert model.client.max_retries == 0
    local = build_model("llama3", base_url="http://127.0.0.1:9/v1")
    assert isinstance(local, OpenAIChatModel) and local.base_url.startswith("http://127.0.0.1:9/v1")


def test_base_url_needs_no_key(no_keys: None) -> None:
    model = build_model("openai:local-model", base_url="http://127.0.0.1:9/v1")
    assert model.model_name == "local-model"


def test_offline_is_reserved() -> None:
    with pytest.raises(ValueError, match="openpcf's own system"):
        build_model("offline")


# ------------------------------------------------------------------ settings


def test_settings_map_to_model_settings_with_sdk_retries_off() -> None:
    s = GenerationSettings(temperature=0.0, max_tokens=512, seed=7, reasoning_effort="low", timeout=30)
    assert s.model_settings("openai") == {  # retries are off in the openai client itself
        "temperature": 0.0,
        "max_tokens": 512,
        "seed": 7,
        "timeout": 30.0,
        "thinking": "low",
    }
    # The timeout is not part of what changes an answer.
    assert s.semantic() == {"temperature": 0.0, "max_tokens": 512, "reasoning_effort": "low", "seed": 7}


def test_thinking_budget_per_provider() -> None:
    s = GenerationSettings(thinking_budget=2048, timeout=None)
    assert s.model_settings("anthropic") == {
        "max_retries": 0,
        "anthropic_thinking": {"type": "enabled", "budget_tokens": 2048},
    }
    assert s.model_settings("google-gla") == {
        "max_retries": 0,
        "google_thinking_config": {"thinking_budget": 2048},
    }
    assert s.model_settings("groq") == {"max_retries": 0, "thinking": True}


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        GenerationSettings(temperature=3.0)
    with pytest.raises(ValueError):
        GenerationSettings(reasoning_effort="extreme")  # type: ignore[arg-type]


# ------------------------------------------------------------------ prices


def test_price_table_is_dated_and_sourced() -> None:
    table = price_table()
    assert table.as_of[:4].isdigit() and table.currency == "USD"
    assert "pricing" in table.source
    assert table.price("gpt-4o-mini") == TokenPrice(input=0.15, output=0.6)


@pytest.mark.parametrize(
    ("name", "listed"),
    [
        ("gpt-4o-mini-2024-07-18", "gpt-4o-mini"),  # dated snapshot -> longest prefix
        ("gpt-4o-2024-08-06", "gpt-4o"),
        ("us.anthropic.claude-3-5-haiku-20241022-v1:0", "claude-3-5-haiku"),  # bedrock id
        ("anthropic/claude-sonnet-4-5", "claude-sonnet-4-5"),  # openrouter id
        ("gpt-4.1-mini", "gpt-4.1-mini"),
    ],
)
def test_price_lookup(name: str, listed: str) -> None:
    table = price_table()
    assert table.price(name) == table.models[listed]


def test_unknown_model_has_unknown_cost() -> None:
    assert price_table().price("my-local-qwen") is None
    assert cost_usd(None, 1000, 10) is None


def test_cost_arithmetic() -> None:
    # 12,000 input tokens at $2.50/M + 800 output at $10/M = 0.03 + 0.008 = 0.038
    assert cost_usd(TokenPrice(input=2.5, output=10.0), 12_000, 800) == pytest.approx(0.038)


def test_prices_override_file(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from openpcf.llm import prices

    p = tmp_path / "p.json"
    p.write_text(
        json.dumps({"as_of": "2030-01-01", "source": "mine", "models": {"m": {"input": 1, "output": 2}}})
    )
    monkeypatch.setenv("OPENPCF_PRICES", str(p))
    prices._load.cache_clear()
    assert price_table().price("m-large") == TokenPrice(input=1, output=2)
    assert isinstance(price_table(), PriceTable)


# ------------------------------------------------------------------ meter


def test_meter_is_per_context_and_cost_turns_unknown() -> None:
    assert current_meter() is None
    with metering() as m:
        assert current_meter() is m
        m.add_response(100, 20, 0.001)
        m.add_response(50, 10, 0.002)
        assert (m.requests, m.input_tokens, m.output_tokens) == (2, 150, 30)
        assert m.cost_usd == pytest.approx(0.003)
        m.add_response(1, 1, None)
        assert m.cost_usd is None
    assert current_meter() is None
    total = CallMeter()
    total.merge(CallMeter(requests=2, input_tokens=5, output_tokens=1, cost_usd=0.5, cache_hits=3))
    assert (total.requests, total.cache_hits, total.cost_usd) == (2, 3, 0.5)


# ------------------------------------------------------------------ cache


def _conversation(prompt: str, call_id: str):
    from pydantic_ai.messages import ModelRequest, ModelResponse, ToolCallPart, ToolReturnPart, UserPromptPart

    return [
        ModelRequest(parts=[UserPromptPart(prompt)], instructions="sys"),
        ModelResponse(parts=[ToolCallPart("search", {"query": "steel"}, tool_call_id=call_id)]),
        ModelRequest(
            parts=[ToolReturnPart("search", [{"reference_product": "steel"}], tool_call_id=call_id)]
        ),
    ]


def _params():
    from pydantic_ai.models import ModelRequestParameters

    return ModelRequestParameters()


def test_cache_key_ignores_volatile_fields_and_tracks_content() -> None:
    base = {
        "model": "openai:gpt-4o-mini",
        "base_url": None,
        "parameters": _params(),
        "settings": {"temperature": 0.0},
    }
    a = request_key(messages=_conversation("map steel", "call_1"), **base)
    b = request_key(messages=_conversation("map steel", "pyd_ai_other"), **base)  # other ids and timestamps
    assert a == b and len(a) == 64
    assert request_key(messages=_conversation("map copper", "call_1"), **base) != a
    assert (
        request_key(
            messages=_conversation("map steel", "call_1"), **{**base, "settings": {"temperature": 1.0}}
        )
        != a
    )
    assert (
        request_key(messages=_conversation("map steel", "call_1"), **{**base, "model": "openai:gpt-4o"}) != a
    )
    assert (
        request_key(
            messages=_conversation("map steel", "call_1"), **{**base, "base_url": "http://127.0.0.1:1/v1"}
        )
        != a
    )


def test_response_cache_round_trip_and_corrupt_entry(tmp_path) -> None:
    from pydantic_ai.messages import ModelResponse, TextPart
    from pydantic_ai.usage import RequestUsage

    cache = ResponseCache(tmp_path / "responses")
    key = "ab" + "0" * 62
    assert cache.get(key) is None
    cache.put(
        key, ModelResponse(parts=[TextPart("42 kg")], usage=RequestUsage(input_tokens=7, output_tokens=3))
    )
    got = cache.get(key)
    assert got.parts[0].content == "42 kg" and got.usage.input_tokens == 7
    assert (tmp_path / "responses" / "ab" / f"{key}.json").is_file()
    (tmp_path / "responses" / "ab" / f"{key}.json").write_text("{not json")
    assert cache.get(key) is None


def test_bedrock_settings_leave_out_what_converse_does_not_take() -> None:
    s = GenerationSettings(temperature=0.2, seed=1, timeout=30)
    assert s.model_settings("bedrock") == {"temperature": 0.2}
