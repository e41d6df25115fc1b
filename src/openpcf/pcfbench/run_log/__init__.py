"""The run log of a benchmark run: one typed reader and writer per file of a RUNDIR.

``manifest.json`` (:mod:`.manifest`: what was run, with which code, data and prompts, and what it cost),
``results.jsonl`` (:mod:`.results`: one prediction per item, appended as items finish), ``summary.json``
(:mod:`.summary`: the scorer's task score), ``scores.jsonl`` (:mod:`.scores`: the scorer's per-item
scores, written with every summary) and ``run.lock`` (:mod:`.lock`: one run at a time). Reports read
these files and never score again.
"""
