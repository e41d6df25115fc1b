"""A minimal headless-Chromium driver over the DevTools protocol pipe (no extra dependency).

Chromium started with ``--remote-debugging-pipe`` reads DevTools commands from file descriptor 3 and
writes replies and events to descriptor 4, each message a JSON object ended by a NUL byte. This module
opens a page, records console errors and uncaught exceptions, evaluates JavaScript, clicks, and takes
screenshots. It is used by the browser tests and by the report speed benchmark; nothing in the report
itself needs a browser.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Flags that keep Chromium quiet, offline and reproducible inside tests and CI.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
)


class BrowserError(RuntimeError):
    """Chromium could not be started or did not answer in time."""


def find_chromium() -> str | None:
    """Path of a Chromium binary (env ``OPENPCF_CHROMIUM`` first), or None."""
    explicit = os.environ.get("OPENPCF_CHROMIUM")
    if explicit and Path(explicit).is_file():
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    for path in ("/usr/bin/chromium", "/usr/lib/chromium/chromium"):
        if Path(path).is_file():
            return path
    return None


@dataclass
class ConsoleEntry:
    level: str
    text: str


@dataclass
class Page:
    """One attached page (a DevTools session) of a :class:`HeadlessChromium`."""

    browser: HeadlessChromium
    session_id: str
    console: list[ConsoleEntry] = field(default_factory=list)

    def send(self, method: str, params: dict[str, Any] | None = None, timeout: float = 15.0) -> dict[str, Any]:
        return self.browser.send(method, params, session_id=self.session_id, timeout=timeout)

    def errors(self) -> list[ConsoleEntry]:
        return [c for c in self.console if c.level in ("error", "exception")]

    def set_viewport(self, width: int, height: int, mobile: bool = False) -> None:
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def navigate(self, url: str, timeout: float = 15.0) -> float:
        """Open ``url`` and wait for the load event; returns seconds from request to load event."""
        self.browser.drop_events("Page.loadEventFired", self.session_id)
        start = time.perf_counter()
        reply = self.send("Page.navigate", {"url": url})
        if "errorText" in reply:
            raise BrowserError(f"cannot open {url}: {reply['errorText']}")
        if reply.get("loaderId"):  # a same-document (fragment) navigation has no loader and no load event
            self.browser.wait_event("Page.loadEventFired", self.session_id, timeout=timeout)
        return time.perf_counter() - start

    def evaluate(self, expression: str, timeout: float = 15.0) -> Any:
        """Evaluate a JavaScript expression (promises awaited) and return its JSON value."""
        reply = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout=timeout,
        )
        if "exceptionDetails" in reply:
            raise BrowserError(f"JavaScript error: {reply['exceptionDetails'].get('text')}: {expression[:80]}")
        return reply.get("result", {}).get("value")

    def click(self, selector: str) -> None:
        """Click the centre of the first element matching ``selector`` with a real mouse event."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        if box is None:
            raise BrowserError(f"no element matches {selector!r}")
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def screenshot(self, path: str | Path, full_page: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
        data = self.send("Page.captureScreenshot", params, timeout=30.0)["data"]
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path


class HeadlessChromium:
    """Context manager around one headless Chromium process driven through ``--remote-debugging-pipe``."""

    def __init__(self, binary: str | None = None, extra_flags: tuple[str, ...] = ()):
        found = binary or find_chromium()
        if not found:
            raise BrowserError("chromium not found (install Debian's 'chromium' package or set OPENPCF_CHROMIUM)")
        self.binary = found
        self.extra_flags = extra_flags
        self._next_id = 0
        self._buffer = b""
        self._pending_events: list[dict[str, Any]] = []
        self._pages: dict[str, Page] = {}

    def __enter__(self) -> HeadlessChromium:  # noqa: PYI034
        self._profile = tempfile.mkdtemp(prefix="openpcf-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def _wire_fds() -> None:  # runs in the child: DevTools expects fds 3 (in) and 4 (out)
            import fcntl

            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)  # out of the way of 3 and 4 first
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3, inheritable=True)
            os.dup2(high_w, 4, inheritable=True)

        args = [self.binary, *CHROMIUM_FLAGS, *self.extra_flags, "--remote-debugging-pipe",
                f"--user-data-dir={self._profile}", "about:blank"]
        self._proc = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=_wire_fds,  # noqa: PLW1509 (fds are non-inheritable by default, PEP 446)
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        try:
            self.send("Browser.getVersion", timeout=30.0)
        except BrowserError:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if self._proc.poll() is None:
                try:
                    self._write({"id": self._new_id(), "method": "Browser.close"})
                    self._proc.wait(timeout=5)
                except (OSError, subprocess.TimeoutExpired):
                    self._proc.kill()
                    self._proc.wait(timeout=5)
        finally:
            for fd in (self._to_browser, self._from_browser):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self._profile, ignore_errors=True)

    # ------------------------------------------------------------ protocol plumbing

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _write(self, message: dict[str, Any]) -> None:
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _read_message(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError("timed out waiting for chromium")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        self._record(message)
        return message

    def _record(self, message: dict[str, Any]) -> None:
        """Keep console output of attached pages as it streams in."""
        page = self._pages.get(message.get("sessionId", ""))
        if page is None:
            return
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            level = "error" if params.get("type") in ("error", "assert") else params.get("type", "log")
            page.console.append(ConsoleEntry(level, text))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            page.console.append(ConsoleEntry("exception", text))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            page.console.append(ConsoleEntry(entry.get("level", "info"), entry.get("text", "")))

    def send(self, method: str, params: dict[str, Any] | None = None, *, session_id: str | None = None,
             timeout: float = 15.0) -> dict[str, Any]:
        """Send one command and return its result (events arriving meanwhile are queued)."""
        msg_id = self._new_id()
        message: dict[str, Any] = {"id": msg_id, "method": method, "params": params or {}}
        if session_id:
            message["sessionId"] = session_id
        self._write(message)
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self._pending_events.append(reply)

    def drop_events(self, method: str, session_id: str | None = None) -> None:
        self._pending_events = [e for e in self._pending_events
                                if not (e.get("method") == method and (session_id is None or e.get("sessionId") == session_id))]

    def wait_event(self, method: str, session_id: str | None = None, timeout: float = 15.0) -> dict[str, Any]:
        for i, event in enumerate(self._pending_events):
            if event.get("method") == method and (session_id is None or event.get("sessionId") == session_id):
                return self._pending_events.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            event = self._read_message(deadline)
            if event.get("method") == method and (session_id is None or event.get("sessionId") == session_id):
                return event
            if "method" in event:
                self._pending_events.append(event)

    def new_page(self, width: int = 1280, height: int = 800, mobile: bool = False) -> Page:
        """A fresh tab with console capture on and the given viewport."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        self._pages[session] = page
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            page.send(domain)
        page.set_viewport(width, height, mobile)
        return page


def chromium_or_skip() -> str:
    """The chromium binary for a test; a clear skip on a user's machine without it, a failure in CI (where
    .ci/setup-system installs it), never a silent skip there."""
    import os

    import pytest

    binary = find_chromium()
    if binary is None:
        reason = "chromium not found (apt-get install chromium, or set OPENPCF_CHROMIUM)"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"CI=true but {reason}; .ci/setup-system should have installed it")
        pytest.skip(reason)
    return binary
