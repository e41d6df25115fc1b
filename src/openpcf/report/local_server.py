"""``openpcf view``: serve a report on 127.0.0.1 for local browsing.

The page is rendered again on every request to ``/`` so that reloading the browser shows the latest
results of a run still in progress. Only the loopback interface is used; the port is a free one chosen
by the operating system unless given. A request whose ``Host`` header is not this server's loopback
address (a DNS-rebinding page in the user's browser: ``evil.example`` resolving to 127.0.0.1) is refused
with 421, so no other site can read a report through the user's browser. HEAD is answered like GET,
without the body.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

#: path -> (content type, function producing the body)
Routes = dict[str, tuple[str, Callable[[], str]]]
#: path prefix -> (content type, function of the rest of the path producing the body, or None for 404)
Prefixes = dict[str, tuple[str, Callable[[str], str | None]]]


def make_server(routes: Routes, host: str = "127.0.0.1", port: int = 0,
                prefixes: Prefixes | None = None) -> ThreadingHTTPServer:
    """An HTTP server answering GET for ``routes`` and ``prefixes`` (404 otherwise); port 0 picks a free port."""

    class Handler(BaseHTTPRequestHandler):
        def do_HEAD(self) -> None:
            self._answer(with_body=False)

        def do_GET(self) -> None:
            self._answer(with_body=True)

        def _answer(self, *, with_body: bool) -> None:
            if not host_allowed(self.headers.get("Host"), self.server.server_address[1]):
                self.send_error(421, "misdirected request: not a loopback host name")
                return
            path = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
            render: Callable[[], str | None] | None = None
            if path in routes:
                content_type, render = routes[path]
            else:
                for prefix, (content_type, by_rest) in (prefixes or {}).items():
                    if path.startswith(prefix):
                        render = partial(by_rest, path[len(prefix):])
                        break
            if render is None:
                self.send_error(404, "not found")
                return
            try:
                text = render()
            except Exception as exc:  # noqa: BLE001 (a broken RUNDIR mid-run must not kill the server)
                self.send_error(500, f"{type(exc).__name__}: {exc}")
                return
            if text is None:
                self.send_error(404, "not found")
                return
            body = text.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if with_body:
                self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # quiet: the CLI prints the URL once
            pass

    return ThreadingHTTPServer((host, port), Handler)


#: Host names a browser sends for a server on the loopback interface.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})


def host_allowed(host: str | None, port: int) -> bool:
    """Whether a ``Host`` header names this loopback server (``127.0.0.1:PORT``, ``localhost:PORT``)."""
    if not host:
        return False
    h = host.strip().lower()
    if h.startswith("["):  # an IPv6 literal: [::1]:PORT
        inner, _, rest = h.partition("]")
        name, given = inner + "]", rest.removeprefix(":")
    else:
        name, _, given = h.partition(":")
    return name in LOOPBACK_HOSTS and given in ("", str(port))


def serve_in_background(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def server_url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"
