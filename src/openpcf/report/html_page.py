"""One jinja2 environment for every report page: inline CSS and JS, number filters, safe JSON.

Pages are single self-contained files: the stylesheet and script are read from the package and inlined,
charts are inline SVG, data for interactive parts is embedded as JSON. Nothing is fetched at view time.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from openpcf.report.charts import fmt_number

TEMPLATES = Path(__file__).parent / "templates"


def fmt_share(x: float | None) -> str:
    """A 0–1 share as a percentage with one decimal."""
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x * 100:.1f}%"


def fmt_signed(x: float | None) -> str:
    return "–" if x is None else ("+" if x > 0 else "") + fmt_number(x)


def fmt_signed_share(x: float | None) -> str:
    return "–" if x is None else ("+" if x > 0 else "") + f"{x * 100:.1f}%"


def http_link(url: object) -> str | None:
    """``url`` when it is an absolute http(s) URL, else None: a trace is untrusted input, and a
    ``javascript:`` or ``data:`` URL must never become a clickable link in a report."""
    if not isinstance(url, str):
        return None
    text = url.strip()
    scheme, sep, rest = text.partition(":")
    if sep and scheme.lower() in ("http", "https") and rest.startswith("//") and len(rest) > 2:
        return text
    return None


def json_for_script(data: Any) -> Markup:
    """JSON safe to place inside ``<script type="application/json">`` (no ``</script>`` break-out)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = fmt_number
    env.filters["pct"] = fmt_share
    env.filters["signed"] = fmt_signed
    env.filters["signedpct"] = fmt_signed_share
    env.filters["http_link"] = http_link
    return env


@lru_cache(maxsize=8)
def asset(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def render_page(template: str, *, script: str, **context: Any) -> str:
    """Render ``template`` with the shared stylesheet and the page's script (``script`` file name) inlined."""
    js = asset(script)
    if "</script" in js.lower():  # would end the inline script early
        raise ValueError(f"{script}: an inline script must not contain '</script'")
    return environment().get_template(template).render(css=Markup(asset("report.css")), js=Markup(js), **context)
