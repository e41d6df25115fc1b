"""Files of a catalog, wherever they sit: a folder, a .zip, a .tar(.xz/.gz/.bz2) or a single file."""

from __future__ import annotations

import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

from openpcf.catalog.records import CatalogError

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
        except zipfile.BadZipFile as exc:
            raise CatalogError(str(path), f"not a readable zip archive ({exc})") from exc
        with archive:
            for member in sorted(archive.namelist()):
                if member.lower().endswith(suffixes):
                    yield f"{path}!{member}", archive.read(member)
                    count += 1
                    if limit is not None and count >= limit:
                        return
    elif name.endswith(_TAR_SUFFIXES):
        try:
            archive = tarfile.open(path, "r:*")  # noqa: SIM115 (closed by the with-block below)
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise CatalogError(str(path), f"not a readable tar archive ({exc})") from exc
        with archive:
            for info in archive:
                if info.isfile() and info.name.lower().endswith(suffixes):
                    handle = archive.extractfile(info)
                    if handle is None:
                        continue
                    yield f"{path}!{info.name}", handle.read()
                    count += 1
                    if limit is not None and count >= limit:
                        return
    elif path.is_file():
        yield str(path), path.read_bytes()
    else:
        raise CatalogError(str(path), "no such file or directory")
