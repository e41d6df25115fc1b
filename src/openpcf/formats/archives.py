"""Files of a dataset, wherever they sit: a folder, a .zip, a .tar(.xz/.gz/.bz2) or a single file."""

from __future__ import annotations

import lzma
import re
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

from openpcf.formats.problems import FormatError

_TAR_SUFFIXES = (".tar", ".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2")


def iter_members(path: Path, suffixes: tuple[str, ...], *, limit: int | None = None) -> Iterator[tuple[str, bytes]]:
    """(member name, bytes) of every file ending with one of ``suffixes``, in name order for folders
    and zips and in archive order for tars. Member names are reported as ``archive!member``."""
    name = path.name.lower()
    count = 0
    if path.is_dir():
        for file in sorted(p for p in path.rglob("*") if p.is_file() and p.name.lower().endswith(suffixes)):
            yield str(file), file.read_bytes()
            count += 1
            if limit is not None and count >= limit:
                return
    elif name.endswith(".zip"):
        try:
            archive = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError) as exc:
            raise FormatError(str(path), f"not a readable zip archive ({exc})") from exc
        with archive:
            for member in sorted(archive.namelist()):
                if member.lower().endswith(suffixes):
                    try:
                        data = archive.read(member)
                    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as exc:
                        raise FormatError(f"{path}!{member}", f"damaged archive member ({exc})") from None
                    yield f"{path}!{member}", data
                    count += 1
                    if limit is not None and count >= limit:
                        return
    elif name.endswith(_TAR_SUFFIXES):
        try:
            archive = tarfile.open(path, "r:*")  # noqa: SIM115 (closed by the with-block below)
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise FormatError(str(path), f"not a readable tar archive ({exc})") from exc
        with archive:
            members = _tar_members(path, archive, suffixes)
            for member, data in members:
                yield member, data
                count += 1
                if limit is not None and count >= limit:
                    return
    elif path.is_file():
        yield str(path), path.read_bytes()
    else:
        raise FormatError(str(path), "no such file or directory")


def _tar_members(path: Path, archive: tarfile.TarFile, suffixes: tuple[str, ...]) -> Iterator[tuple[str, bytes]]:
    try:
        for info in archive:
            if info.isfile() and info.name.lower().endswith(suffixes):
                handle = archive.extractfile(info)
                if handle is None:
                    continue
                yield f"{path}!{info.name}", handle.read()
    except (tarfile.TarError, OSError, EOFError, lzma.LZMAError, zlib.error) as exc:
        raise FormatError(str(path), f"damaged tar archive ({exc})") from None


def database_name(path: Path) -> str:
    """The name of a database file or folder without archive suffixes (``uslci.tar.xz`` → ``uslci``)."""
    return re.sub(r"(\.tar)?\.(xz|gz|bz2|zip|tgz|txz|xml)$", "", path.name)


def member_folder(member: str) -> str:
    """The folder a member sits in (``x.zip!processes/a.json`` → ``processes``), "" at the top."""
    parts = re.split(r"[/\\!]", member)
    return parts[-2] if len(parts) >= 2 else ""
