"""``openpcf view``: serve a report on 127.0.0.1 for local browsing.

The page is rendered again on every request to ``/`` so that reloading the browser shows the latest
results of a run still in progress. Only the loopback interface is used; the port is a free one chosen
by the operating system unless given.
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
        def do_GET(self) -> None:
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
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # quiet: the CLI prints the URL once
            pass

    return ThreadingHTTPServer((host, port), Handler)


def serve_in_background(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def server_url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"
