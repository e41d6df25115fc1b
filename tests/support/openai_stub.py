"""A tiny OpenAI-compatible chat-completions server on 127.0.0.1, scriptable per request.

Used by the end-to-end runner tests and ``benchmarks/runner_*.py``; it never listens anywhere but loopback.
A *script* is a callable ``(request_json, n) -> Reply`` where ``n`` counts the requests seen so far (from 1).
:class:`Reply` says what to answer: a tool call (name + raw JSON argument text, which may be malformed on
purpose), plain text, an HTTP error status with headers (e.g. 429 + Retry-After), and an optional delay
before answering (to simulate latency or a timeout).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


@dataclass
class Reply:
    tool: str | None = None
    arguments: str = "{}"
    text: str | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    prompt_tokens: int = 100
    completion_tokens: int = 20
    echo_authorization: bool = False  # a hostile server: the error body repeats the Authorization header


Script = Callable[[dict[str, Any], int], Reply]


def output_tool(request: dict[str, Any], avoid: tuple[str, ...] = ("search", "inspect")) -> str:
    """Name of the structured-output tool offered in a request (the one that is not a function tool)."""
    names = [t["function"]["name"] for t in request.get("tools", [])]
    for name in names:
        if name not in avoid:
            return name
    return names[0] if names else "final_result"


def user_text(request: dict[str, Any]) -> str:
    """All user/system/tool message text of a request, joined (for scripts that branch on content)."""
    parts: list[str] = []
    for m in request.get("messages", []):
        content = m.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts.extend(c.get("text", "") for c in content if isinstance(c, dict))
    return "\n".join(parts)


def _completion(request: dict[str, Any], reply: Reply, n: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text}
    finish = "stop"
    if reply.tool is not None:
        message["tool_calls"] = [
            {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": reply.tool, "arguments": reply.arguments},
            }
        ]
        finish = "tool_calls"
    return {
        "id": f"chatcmpl-{n}",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": request.get("model", "stub"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    }


class StubServer:
    """Start with ``with StubServer(script) as server:``; ``server.base_url`` ends in ``/v1``.

    ``requests`` keeps every request body received (in arrival order); ``count`` is its length.
    """

    def __init__(self, script: Script):
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.authorizations: list[str] = []  # the Authorization header of each request (secret-handling tests)
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in separate writes: without NODELAY, Nagle + delayed ACK add ~40 ms.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with stub._lock:
                    stub.requests.append(body)
                    stub.authorizations.append(self.headers.get("authorization") or "")
                    n = len(stub.requests)
                reply = stub.script(body, n)
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.status != 200:
                    message = f"stub status {reply.status}"
                    if reply.echo_authorization:
                        message += f"; you sent Authorization: {self.headers.get('authorization')}; path {self.path}"
                    payload = json.dumps({"error": {"message": message, "type": "stub"}}).encode()
                else:
                    payload = json.dumps(_completion(body, reply, n)).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._server.block_on_close = False  # never wait for a deliberately slow handler on exit
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.requests)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def _serve_forever_from_cli() -> None:
    """``python tests/openai_stub.py --delay 0.2``: serve schema-blind answers (``{"kgco2e": 2.0}``) on
    127.0.0.1 in a separate process (benchmarks: keeps the server off the runner's GIL); prints the base URL."""
    import argparse
    import sys

    ap = argparse.ArgumentParser()
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--arguments", default='{"kgco2e": 2.0}')
    args = ap.parse_args()

    def script(request: dict[str, Any], n: int) -> Reply:
        return Reply(tool=output_tool(request), arguments=args.arguments, delay=args.delay)

    server = StubServer(script)
    print(server.base_url, flush=True)
    sys.stdout.close()
    server._server.serve_forever()


if __name__ == "__main__":
    _serve_forever_from_cli()


PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


def loopback_only(monkeypatch: Any) -> None:
    """Make the process's HTTP clients talk to 127.0.0.1 directly: no proxy may relay test traffic."""
    for var in PROXY_VARIABLES:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
