"""The embedded library is exactly what the committed build script makes from the raw sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = ("library.jsonl.gz", "grid_intensity.json", "uslci_results.jsonl.gz", "manifest.json")


@pytest.mark.shared
def test_build_is_reproducible(shared_dir: Path, tmp_path: Path) -> None:
    data = shared_dir / "data"
    if not (data / "ef").is_dir() or not (data / "lci" / "uslci").is_dir():
        pytest.skip("raw factor sources absent")
    if not Path("/usr/share/iso-codes/json/iso_3166-1.json").is_file():
        pytest.importorskip("pycountry", reason="the build needs ISO 3166 codes (Debian iso-codes or pycountry)")
    out = tmp_path / "factors"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_factor_library.py"), str(data), "--out", str(out)],
                   check=True, capture_output=True, timeout=300)
    for name in FILES:
        committed = ROOT / "src" / "openpcf" / "data" / "factors" / name
        assert (out / name).read_bytes() == committed.read_bytes(), f"{name} differs from a fresh build"
