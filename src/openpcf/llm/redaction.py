"""Secrets a run knows, and how they are kept off disk and out of messages.

A run knows three kinds of secret: API keys in the environment (``OPENAI_API_KEY`` and the other provider
variables, plus any variable named like a key, token, secret or password), credentials inside a
``--base-url`` (``https://user:pass@host/v1``) and secret query parameters (``?api-key=…``). A
:class:`Redactor` replaces each of them — as given, JSON-escaped and as the HTTP Basic form a client sends
for ``user:pass@`` — with ``***`` in any text: error messages, manifest fields, cached responses, traces.
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

MASK = "***"
#: Environment variables that hold credentials whatever their name says (from :mod:`openpcf.llm.models`).
CREDENTIAL_VARIABLES = (
    "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY", "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK", "GROQ_API_KEY",
    "MISTRAL_API_KEY", "OPENROUTER_API_KEY",
)
_SECRET_NAME = re.compile(r"(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)", re.IGNORECASE)
#: Query parameters whose value is a secret (``?api-key=``, ``?key=``, ``?access_token=``, ``?sig=`` …).
_SECRET_QUERY = re.compile(r"^(api[-_]?key|key|token|access[-_]?token|secret|password|passwd|sig|signature|auth|code)$",
                           re.IGNORECASE)
#: Shorter values are not treated as secrets (``1``, ``true``: replacing them would garble every text).
MIN_SECRET_CHARS = 6


def environment_secrets(environ: Mapping[str, str] | None = None) -> set[str]:
    """Values of the credential variables and of every variable named like a key, token or password."""
    env = os.environ if environ is None else environ
    out = set()
    for name, value in env.items():
        if (name in CREDENTIAL_VARIABLES or _SECRET_NAME.search(name)) and len(value) >= MIN_SECRET_CHARS:
            out.add(value)
    return out


def url_secrets(url: str | None) -> set[str]:
    """The password (and user), the Basic-auth form of ``user:pass`` and secret query values of a URL."""
    if not url or "://" not in url:
        return set()
    try:
        parts = urlsplit(url)
        user, password = parts.username, parts.password
    except ValueError:
        return set()
    out: set[str] = set()
    if user or password:
        for value in (user, password):
            if value and len(value) >= MIN_SECRET_CHARS:
                out.add(value)
        pair = f"{user or ''}:{password or ''}"
        out.add(pair)
        out.add(base64.b64encode(pair.encode()).decode())
        userinfo = parts.netloc.rpartition("@")[0]
        if userinfo:
            out.add(userinfo)
    for key, value in parse_qsl(parts.query, keep_blank_values=False):
        if _SECRET_QUERY.match(key) and len(value) >= MIN_SECRET_CHARS:
            out.add(value)
    return out


def redact_url(url: str | None) -> str | None:
    """The URL with its user-info and secret query values replaced by ``***`` (None stays None)."""
    if not url or "://" not in url:
        return url
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
    except ValueError:
        return MASK
    if "@" in netloc:
        netloc = f"{MASK}@{netloc.rpartition('@')[2]}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode([(k, MASK if _SECRET_QUERY.match(k) else v) for k, v in pairs], safe="*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


@dataclass(frozen=True)
class Redactor:
    """Replaces every known secret in a text by ``***`` (longest first, so no secret is half masked)."""

    secrets: tuple[str, ...] = ()

    @classmethod
    def for_run(cls, urls: Iterable[str | None] = (), environ: Mapping[str, str] | None = None) -> Redactor:
        """The secrets of the environment plus those inside ``urls`` (a run's ``--base-url``)."""
        found = environment_secrets(environ)
        for url in urls:
            found |= url_secrets(url)
        forms = set()
        for s in found:
            forms.add(s)
            forms.add(json.dumps(s)[1:-1])  # as it appears inside a JSON string
        return cls(tuple(sorted((f for f in forms if f), key=len, reverse=True)))

    @classmethod
    def for_process(cls, argv: Iterable[str] = (), environ: Mapping[str, str] | None = None) -> Redactor:
        """The environment's secrets and those of every URL among command-line arguments."""
        urls = [a.partition("=")[2] if a.startswith("--") and "=" in a else a for a in argv]
        return cls.for_run([u for u in urls if "://" in u], environ)

    def __call__(self, text: str) -> str:
        for s in self.secrets:
            if s in text:
                text = text.replace(s, MASK)
        return text

    def bytes(self, data: bytes) -> bytes:
        """The same on UTF-8 bytes (a cached response as written)."""
        if not self.secrets:
            return data
        text = data.decode("utf-8", errors="surrogateescape")
        return self(text).encode("utf-8", errors="surrogateescape")
