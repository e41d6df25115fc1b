"""``RUNDIR/run.lock``: one run at a time in a run folder.

Two ``openpcf run … --out X`` started together would both append to X (paid twice, results of two models
interleaved under one manifest). A run holds an exclusive lock on ``X/run.lock`` for as long as it writes;
the file names the holder (pid, host, start time) so the second run can say who has the folder.

The lock is an advisory ``flock`` on the file, so the operating system releases it when the holder dies
(SIGKILL, power loss): a lock file left behind by a dead run is stale and simply taken over. Where
``flock`` is missing (Windows) the file itself is the lock and a holder whose pid is gone on this host is
recognised as stale.
"""

from __future__ import annotations

import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

try:  # not a first-party import: fcntl is POSIX-only standard library
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = "run.lock"


class RunFolderBusy(RuntimeError):
    """Another live run holds the folder; the message names it and what to do."""


def _holder_text(info: dict[str, Any]) -> str:
    return (
        f"pid {info.get('pid', '?')} on host {info.get('host', '?')}"
        + (f", started {info['started_at']}" if info.get("started_at") else "")
    )


def _read_holder(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


class RunFolderLock:
    """``with RunFolderLock(run_dir):`` — raises :class:`RunFolderBusy` when a live run holds it."""

    def __init__(self, run_dir: str | Path):
        self.path = Path(run_dir) / LOCK_FILE
        self._fh: IO[str] | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if fcntl is None:  # pragma: no cover - Windows
            self._acquire_by_file()
            return
        for _ in range(5):
            fh = self.path.open("a+", encoding="utf-8")
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                fh.close()
                raise self._busy(_read_holder(self.path)) from None
            # The file may have been removed and made again between open and flock: lock the one in place.
            try:
                same = os.fstat(fh.fileno()).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                fh.close()
                continue
            fh.seek(0)
            fh.truncate()
            fh.write(json.dumps(self._me()) + "\n")
            fh.flush()
            self._fh = fh
            return
        raise RunFolderBusy(f"{self.path}: could not take the run lock (the file keeps changing)")

    def _acquire_by_file(self) -> None:  # pragma: no cover - Windows
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                info = _read_holder(self.path)
                pid = info.get("pid")
                if info.get("host") == socket.gethostname() and isinstance(pid, int) and not _pid_alive(pid):
                    self.path.unlink(missing_ok=True)  # stale: its run is gone
                    continue
                raise self._busy(info) from None
            self._fh = os.fdopen(fd, "w", encoding="utf-8")
            self._fh.write(json.dumps(self._me()) + "\n")
            self._fh.flush()
            return
        raise self._busy(_read_holder(self.path))

    def _me(self) -> dict[str, Any]:
        return {"pid": os.getpid(), "host": socket.gethostname(),
                "started_at": datetime.now(UTC).isoformat(timespec="seconds")}

    def _busy(self, info: dict[str, Any]) -> RunFolderBusy:
        return RunFolderBusy(
            f"{self.path.parent}: another openpcf run is writing here ({_holder_text(info)}); "
            "wait for it to finish or use another --out folder"
        )

    def release(self) -> None:
        if self._fh is None:
            return
        try:
            self._fh.seek(0)
            self._fh.truncate()  # an empty lock file: nobody holds the folder
        finally:
            self._fh.close()  # closing releases the flock
            self._fh = None
            if fcntl is None:  # pragma: no cover - Windows
                self.path.unlink(missing_ok=True)

    def __enter__(self) -> Self:
        self.acquire()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()
