"""One reader per file format, below every package that reads files.

- :mod:`~openpcf.formats.problems` — :class:`Problem` (file, line, field, message) and :class:`FormatError`.
- :mod:`~openpcf.formats.text` — the ONE decoder: bytes → text, with file, line, byte offset and a hint on
  non-UTF-8 input; plain or gzip.
- :mod:`~openpcf.formats.jsonl` — the ONE JSON Lines iterator (and a whole-file JSON reader).
- :mod:`~openpcf.formats.tabular` — CSV / TSV rows with line numbers; xlsx sheets (``openpyxl``).
- :mod:`~openpcf.formats.archives` — members of a folder, .zip or .tar(.xz/.gz/.bz2).
- :mod:`~openpcf.formats.ecospold1` — EcoSpold 1 datasets (typed, with exchanges).
- :mod:`~openpcf.formats.olca_jsonld` — openLCA JSON-LD exports (processes, flows, categories, locations).
- :mod:`~openpcf.formats.ilcd` — ILCD process datasets (XML roots, multilingual text).
- :mod:`~openpcf.formats.picklist` — the PCFBench ecoinvent picklist and the unit of its rows.

Readers return parsed records of the file format; the packages above (``catalog``, ``lci``,
``pcfbench``, ``factors``, ``engine``) map them into their own types. This package may import only
``units``, ``paths`` and ``vocabulary`` of openpcf.
"""

from openpcf.formats.problems import FormatError, FormatProblems, Problem

__all__ = ["FormatError", "FormatProblems", "Problem"]
