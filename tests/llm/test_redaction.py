"""Secrets a run knows are masked in any text (issue 12 item 3): worked examples."""

from __future__ import annotations

import base64

from openpcf.llm.redaction import Redactor, environment_secrets, redact_url, url_secrets
from openpcf.runner.session import redacted_argv


def test_url_credentials_and_query_secrets_are_masked_and_the_rest_kept() -> None:
    url = "https://alice:s3cret-pass@llm.example:8443/v1?api-key=KEY-123456&api-version=2024-06-01"
    assert redact_url(url) == "https://***@llm.example:8443/v1?api-key=***&api-version=2024-06-01"
    assert redact_url("http://127.0.0.1:8000/v1") == "http://127.0.0.1:8000/v1"
    assert redact_url(None) is None
    found = url_secrets(url)
    assert {"s3cret-pass", "KEY-123456", base64.b64encode(b"alice:s3cret-pass").decode()} <= found
    assert "2024-06-01" not in found  # an api-version is not a secret


def test_environment_keys_are_secrets_by_name_short_values_are_not() -> None:
    env = {"OPENAI_API_KEY": "sk-abcdef123", "MY_SERVICE_TOKEN": "tok-998877", "DEBUG": "true-ish-value",
           "GROQ_API_KEY": "x"}
    assert environment_secrets(env) == {"sk-abcdef123", "tok-998877"}


def test_a_redactor_masks_every_form_of_a_secret() -> None:
    redact = Redactor.for_run(["http://bob:pa\"ss-word@host/v1"], environ={"OPENAI_API_KEY": "sk-live-42424242"})
    basic = base64.b64encode(b'bob:pa"ss-word').decode()
    text = f'401: got "Bearer sk-live-42424242" and "Basic {basic}"; json {{"p": "pa\\"ss-word"}}'
    assert redact(text) == '401: got "Bearer ***" and "Basic ***"; json {"p": "***"}'
    assert redact.bytes(b"key sk-live-42424242") == b"key ***"


def test_a_manifest_keeps_the_command_line_without_its_secrets() -> None:
    argv = ["run", "epd", "--base-url", "http://u:pw-123456@127.0.0.1:9/v1?key=abcdef99", "--out", "x"]
    assert redacted_argv(argv) == ["run", "epd", "--base-url", "http://***@127.0.0.1:9/v1?key=***", "--out", "x"]
