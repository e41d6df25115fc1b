"""Reports: self-contained HTML for PCF traces and benchmark runs, plus Markdown/CSV exports of a trace."""

from __future__ import annotations

from openpcf.report.pcf_report import render_trace_html, trace_csv, trace_markdown, write_trace_report

__all__ = ["render_trace_html", "trace_csv", "trace_markdown", "write_trace_report"]
